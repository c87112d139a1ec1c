//! The PDF handout: a solution on paper, one moment per page, drawn as vector pictures with
//! real text by the PDF backend ([`crate::render::pdf`]).
//!
//! An animation gets a page for its start and one at the end of every manipulation (every
//! [`HandoutOptions::every`]th, by default its pacing's [`crate::anim::Pacing::handout_every`]),
//! and one at each landmark its engine names ([`Animated::landmark`]: a lambda, a jump, the
//! ending) and at its last step. A title card gets a page of its own. Each page holds the
//! slide's title and the page number at the top, the picture of the moment at rest (the
//! Scene the other exports draw), and a caption under it ("Start", "After move 3 of 12", the
//! landmark). Pages are A4 (595.28 x 841.89 points) or US Letter (612 x 792 points), portrait.
//!
//! Like every export it knows no puzzle: what a moment shows and says comes from the
//! [`Animated`] and its Scenes.

use crate::anim::Animated;
use crate::export::atomic::write_atomically;
use crate::export::html::{PageShown, PageSlide};
pub use crate::export::job::Paper;
use crate::export::job::{title_of, Job, SceneWriter, Written};
use crate::render::pdf::{draw, font, text, Align};
use crate::scene::{Color, Scene};
use crate::theme::{Chrome, Theme};
use krilla::geom::{PathBuilder, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::Document;
use std::io::{self, Write};
use std::path::Path;

/// How a handout is made.
#[derive(Clone, Debug, PartialEq)]
pub struct HandoutOptions {
    /// The document's title (its metadata; the header of a page whose slide has no title).
    pub title: String,
    /// The paper.
    pub paper: Paper,
    /// A page at the end of every this many manipulations (1: each); `None`: the animation's
    /// own [`crate::anim::Pacing::handout_every`].
    pub every: Option<usize>,
    /// The page colours (the animations are already in this theme).
    pub theme: Theme,
}

/// One page: the header, the picture of one moment, the caption lines under it.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The header's title (the slide's).
    pub title: String,
    /// The picture.
    pub scene: Scene,
    /// For an animation, the step it shows at rest; `None` for a title card.
    pub step: Option<usize>,
    /// Lines under the picture.
    pub caption: Vec<String>,
}

/// A moment of an animation that gets a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageAt {
    /// The trace step shown at rest.
    pub step: usize,
    /// Manipulations done at that step (0 at the start).
    pub done: usize,
    /// What the engine says happened there ([`Animated::landmark`]).
    pub landmark: Option<String>,
}

/// The moments of `anim` that get a page: the start; the end of every `every`th manipulation
/// (with its falls, updates or growth done: the last step of the manipulation); every step the
/// engine names a landmark; the last step. In step order, each step once.
pub fn page_steps(anim: &dyn Animated, every: usize) -> Vec<PageAt> {
    let every = every.max(1);
    let n = anim.steps();
    let mut pages = vec![PageAt { step: 0, done: 0, landmark: anim.landmark(0) }];
    let mut done = 0;
    for step in 1..n {
        let m = anim.manipulation(step);
        let ends = m.is_some() && (step + 1 == n || anim.manipulation(step + 1) != m);
        if ends {
            done += 1;
        }
        let landmark = anim.landmark(step);
        if (ends && done % every == 0) || landmark.is_some() || step + 1 == n {
            pages.push(PageAt { step, done, landmark });
        }
    }
    pages
}

/// The number of manipulations of `anim` (the ends [`page_steps`] counts).
fn manipulations(anim: &dyn Animated) -> usize {
    let n = anim.steps();
    (1..n)
        .filter(|&s| anim.manipulation(s).is_some() && (s + 1 == n || anim.manipulation(s + 1) != anim.manipulation(s)))
        .count()
}

/// The pages of `slides`, in order: a title card's page, an animation's pages (see
/// [`page_steps`]).
pub fn sheets(slides: &[PageSlide<'_>], opts: &HandoutOptions) -> Vec<Sheet> {
    let chrome = opts.theme.chrome();
    let mut out = Vec::new();
    for slide in slides {
        let title = if slide.title.is_empty() { opts.title.clone() } else { slide.title.to_string() };
        match &slide.shown {
            PageShown::Card(card) => {
                out.push(Sheet { title, scene: card.scene(&chrome), step: None, caption: Vec::new() })
            }
            PageShown::Show(anim) => {
                let every = opts.every.unwrap_or(anim.pacing().handout_every);
                let total = manipulations(*anim);
                for at in page_steps(*anim, every) {
                    let mut caption = vec![if at.step == 0 {
                        "Start".to_string()
                    } else {
                        format!("After move {} of {total}", at.done)
                    }];
                    caption.extend(at.landmark);
                    out.push(Sheet {
                        title: title.clone(),
                        scene: anim.draw(at.step, 1.0),
                        step: Some(at.step),
                        caption,
                    });
                }
            }
        }
    }
    out
}

/// Where a sheet's picture goes on a page of `paper`: (x, y, width, height) in points, the
/// scene's shape (its view's width / height) fitted into the space between the header and the
/// caption, centred across.
pub fn picture_box(paper: Paper, scene: &Scene) -> (f32, f32, f32, f32) {
    let (w, h) = paper.points();
    let (aw, ah) = (w - 2.0 * MARGIN, h - TOP - MARGIN - CAPTION);
    let aspect = scene.view.w / scene.view.h.max(f32::MIN_POSITIVE);
    let (pw, ph) = if aw / ah < aspect { (aw, aw / aspect) } else { (ah * aspect, ah) };
    ((w - pw) / 2.0, TOP, pw, ph)
}

/// Page margin, points (15 mm).
const MARGIN: f32 = 42.5;
/// Top of the picture, points: the margin and the header.
const TOP: f32 = MARGIN + 34.0;
/// Room kept under the picture for the caption, points.
const CAPTION: f32 = 56.0;

/// The handout of `slides` as PDF bytes, with the number of pages.
///
/// # Errors
/// A message when `slides` give no page or krilla cannot write the document.
pub fn handout(slides: &[PageSlide<'_>], opts: &HandoutOptions) -> Result<(Vec<u8>, usize), String> {
    let sheets = sheets(slides, opts);
    if sheets.is_empty() {
        return Err("nothing to put in the handout".into());
    }
    let chrome = opts.theme.chrome();
    let (pw, ph) = opts.paper.points();
    let font = font();
    let mut doc = Document::new();
    doc.set_metadata(Metadata::new().title(opts.title.clone()).creator("tumble".into()));
    let n = sheets.len();
    for (i, sheet) in sheets.iter().enumerate() {
        let settings = PageSettings::from_wh(pw, ph).ok_or("bad paper size")?;
        let mut page = doc.start_page_with(settings);
        let mut s = page.surface();
        page_background(&mut s, pw, ph, &chrome);
        text(&mut s, &font, &sheet.title, 14.0, MARGIN, MARGIN + 10.0, Align::Left, chrome.text);
        text(&mut s, &font, &format!("{} / {n}", i + 1), 10.0, pw - MARGIN, MARGIN + 10.0, Align::Right, chrome.dim);
        let (x, y, w, h) = picture_box(opts.paper, &sheet.scene);
        draw(&mut s, &font, &sheet.scene, x, y, w, h);
        let mut cy = y + h + 20.0;
        for (k, line) in sheet.caption.iter().enumerate() {
            let (size, color) = if k == 0 { (13.0, chrome.text) } else { (11.0, chrome.dim) };
            text(&mut s, &font, line, size, pw / 2.0, cy, Align::Centre, color);
            cy += 18.0;
        }
        s.finish();
        page.finish();
    }
    let bytes = doc.finish().map_err(|e| format!("the PDF could not be written: {e:?}"))?;
    Ok((bytes, n))
}

/// Paints the page in the theme's page colour when it is not white (paper is white already).
fn page_background(s: &mut krilla::surface::Surface<'_>, w: f32, h: f32, chrome: &Chrome) {
    if chrome.page == Color::hex(0xffffff) {
        return;
    }
    let mut pb = PathBuilder::new();
    if let Some(r) = Rect::from_xywh(0.0, 0.0, w, h) {
        pb.push_rect(r);
    }
    if let Some(path) = pb.finish() {
        let c = chrome.page;
        s.set_fill(Some(Fill {
            paint: krilla::color::rgb::Color::new(c.r, c.g, c.b).into(),
            opacity: krilla::num::NormalizedF32::ONE,
            rule: FillRule::NonZero,
        }));
        s.draw_path(&path);
    }
}

/// Writes the handout of `slides` to `path` (temporary name, then rename) and returns the
/// number of pages.
///
/// # Errors
/// I/O errors, with the path; [`io::ErrorKind::InvalidInput`] when there is nothing to write.
pub fn write_handout(path: &Path, slides: &[PageSlide<'_>], opts: &HandoutOptions) -> io::Result<usize> {
    let (bytes, pages) = handout(slides, opts)
        .map_err(|m| io::Error::new(io::ErrorKind::InvalidInput, format!("{}: {m}", path.display())))?;
    write_atomically(path, |w| w.write_all(&bytes))?;
    Ok(pages)
}

/// The handout as a [`SceneWriter`] (`--out FILE.pdf`): the animation is the one slide, the
/// file's name its title; paper and page spacing from the job.
pub struct HandoutWriter;

impl SceneWriter for HandoutWriter {
    fn write(&self, path: &Path, anim: &(dyn Animated + Sync), job: &Job) -> io::Result<Written> {
        let title = title_of(path);
        let slide = PageSlide { title: &title, notes: None, shown: PageShown::Show(anim) };
        let opts = HandoutOptions { title: title.clone(), paper: job.paper, every: job.every, theme: job.theme };
        let pages = write_handout(path, &[slide], &opts)?;
        Ok(Written { path: path.to_path_buf(), pages: Some(pages) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Pacing;
    use crate::scene::View;

    /// Five steps: the start, a manipulation of two steps, one of one step (a landmark), one of one.
    struct Toy;
    impl Animated for Toy {
        fn steps(&self) -> usize {
            5
        }
        fn manipulation(&self, step: usize) -> Option<usize> {
            [None, Some(0), Some(0), Some(1), Some(2)][step]
        }
        fn tween_seconds(&self, _: usize) -> f64 {
            1.0
        }
        fn draw(&self, step: usize, _: f32) -> Scene {
            let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 2.0, h: 1.0 }, Color::hex(0xffffff));
            let mut l = crate::scene::Layer::new();
            l.label([1.0, 0.5], 0.4, format!("S{step}"), Color::hex(0));
            s.layers.push(l);
            s
        }
        fn palette_colors(&self) -> Vec<Color> {
            vec![Color::hex(0), Color::hex(0xffffff)]
        }
        fn pacing(&self) -> Pacing {
            Pacing { seconds_per_frame: 1.0, min_manipulation_seconds: 1.0, handout_every: 2 }
        }
        fn landmark(&self, step: usize) -> Option<String> {
            (step == 3).then(|| "a landmark".into())
        }
    }

    #[test]
    fn pages_at_the_start_every_nth_manipulation_the_landmarks_and_the_end() {
        let steps = |every| page_steps(&Toy, every).iter().map(|p| (p.step, p.done)).collect::<Vec<_>>();
        // Manipulations end at steps 2, 3 and 4.
        assert_eq!(steps(1), [(0, 0), (2, 1), (3, 2), (4, 3)]);
        // Every 2nd: the 2nd manipulation (step 3, also a landmark) and the end.
        assert_eq!(steps(2), [(0, 0), (3, 2), (4, 3)]);
        assert_eq!(steps(10), [(0, 0), (3, 2), (4, 3)]);
        assert_eq!(page_steps(&Toy, 1)[2].landmark.as_deref(), Some("a landmark"));
    }

    #[test]
    fn sheets_caption_each_moment_and_use_the_pacing_default() {
        let slide = PageSlide { title: "Toy", notes: None, shown: PageShown::Show(&Toy) };
        let opts = HandoutOptions { title: "t".into(), paper: Paper::A4, every: None, theme: Theme::Light };
        let sheets = sheets(&[slide], &opts);
        let captions: Vec<Vec<String>> = sheets.iter().map(|s| s.caption.clone()).collect();
        assert_eq!(
            captions,
            [
                vec!["Start".to_string()],
                vec!["After move 2 of 3".into(), "a landmark".into()],
                vec!["After move 3 of 3".into()]
            ]
        );
        assert_eq!(sheets[1].step, Some(3));
    }

    #[test]
    fn a_wide_picture_fills_the_width_between_the_margins() {
        let scene = Toy.draw(0, 1.0);
        let (x, y, w, h) = picture_box(Paper::A4, &scene);
        assert!((x - MARGIN).abs() < 1e-3 && (y - TOP).abs() < 1e-3, "{x} {y}");
        assert!((w - (595.276 - 2.0 * MARGIN)).abs() < 1e-3 && (h - w / 2.0).abs() < 1e-3, "{w} {h}");
        let (lw, _) = Paper::Letter.points();
        assert_eq!(picture_box(Paper::Letter, &scene).2, lw - 2.0 * MARGIN);
    }
}
