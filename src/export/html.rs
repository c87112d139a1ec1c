//! One self-contained web page that plays an animation or a whole talk like the viewer:
//! `--out FILE.html` on every animating command, `tumble talk FILE --out talk.html`.
//!
//! The page is one file and asks for nothing else (no other file, host, font or script; its
//! Content-Security-Policy forbids any). It holds:
//! - the pictures, drawn from the Scenes by the SVG backend and stored small
//!   ([`super::html_pictures`]): each slide's frames at the timeline's frame times (title cards
//!   are Scenes too, drawn with the bundled font's outlines);
//! - the slides' timing and words as JSON data (`<script type="application/json">`, every
//!   `<`, `>` and `&` escaped, so that no title, note or file name can end the element; the
//!   script shows them with `textContent` only, never as markup);
//! - the player (`assets/page/player.js`): a core that keeps the clock, the seek and the
//!   clicker steps exactly as the window's [`crate::viewer`] does, and a view for the keys,
//!   timeline, touch, address (`#t=`, `#slide=K&t=`, `&clean`), presenter view (N, synced
//!   through a `BroadcastChannel`), help and full screen. It only chooses which prepared
//!   picture to show and when: a picture is built off screen and swapped in whole.

use super::atomic::write_atomically;
use super::html_pictures::PictureStore;
use super::job::{pixels_at, title_of, Job, SceneWriter, Written};
use crate::anim::{Animated, Mode, Timeline};
use crate::scene::Color;
use crate::talk::slides::{Card, Shown, Slide};
use crate::theme::Theme;
use serde_json::{json, Value};
use std::io::{self, Write as _};
use std::path::Path;

/// The page's template; `{{…}}` marks what [`page`] fills in.
const TEMPLATE: &str = include_str!("../../assets/page/page.html");
/// The page's style sheet (colours come as CSS variables).
const STYLE: &str = include_str!("../../assets/page/player.css");
/// The player script.
const SCRIPT: &str = include_str!("../../assets/page/player.js");

/// How a page plays.
#[derive(Clone, Debug, PartialEq)]
pub struct PageOptions {
    /// The page's title (the browser tab; the presenter view).
    pub title: String,
    /// Smooth pictures at this many frames per second; `None`: one picture per state, as the
    /// GIF without `--fps` (each animation's own pacing, see [`crate::anim::Pacing`]).
    pub fps: Option<f64>,
    /// Initial speed factor (1.0 = real time); `[` and `]` change it.
    pub speed: f64,
    /// The page's colours around the pictures (the pictures come themed already).
    pub theme: Theme,
    /// Start without the status line and the timeline (`H` or `&clean` in the address).
    pub clean: bool,
    /// Width of the pictures' coordinates, pixels (the page scales them to the window).
    pub width: u32,
    /// A talk (shows wait for PageDown or space) or one animation (it starts playing).
    pub talk: bool,
}

impl PageOptions {
    /// The pictures' coordinate width: written with two decimals, a hundredth of a unit is a
    /// ten-thousandth of the width (0.4 pixels on a 4K projector); the page scales the
    /// pictures to its window.
    pub const WIDTH: u32 = 100;
}

/// What a page holds, for messages and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageStats {
    /// The page's size, bytes.
    pub bytes: usize,
    /// Distinct pictures.
    pub pictures: usize,
    /// Distinct SVG elements in the pictures' dictionary.
    pub elements: usize,
}

/// The keys and what they do, as the help lists them (the viewer's keys, N added; no G or Q:
/// a page saves no GIF and closes as any page does).
const HELP: &[(&str, &str)] = &[
    ("PageDown  Right", "one manipulation forward (at the end: the next item)"),
    ("PageUp  Left", "one manipulation back (at the start: the previous item)"),
    ("Space", "play / pause"),
    ("Home", "to the start"),
    ("End", "to the end"),
    ("[", "slower"),
    ("]", "faster"),
    ("R", "play from the start"),
    ("H", "hide / show the status line and the timeline"),
    ("B", "black screen until any key"),
    ("F", "full screen on / off"),
    ("N", "presenter view: notes, next item, clock (a second window)"),
    ("?", "this help (? again or Esc hides it)"),
    ("click the timeline", "jump to that moment"),
    ("drag on the timeline", "scrub: the picture follows while held"),
    ("swipe", "one manipulation forward (left) or back (right)"),
    ("tap", "play / pause"),
];

/// What one slide of a page shows, borrowed: a talk's [`Slide`] or a command's one animation.
pub struct PageSlide<'a> {
    /// Its name in the status line and the presenter view.
    pub title: &'a str,
    /// The speaker's notes while it is shown.
    pub notes: Option<&'a str>,
    /// A title card or an animation (already in its theme).
    pub shown: PageShown<'a>,
}

/// A title card or an animation.
pub enum PageShown<'a> {
    /// A title card.
    Card(&'a Card),
    /// An animation.
    Show(&'a dyn Animated),
}

impl<'a> From<&'a Slide> for PageSlide<'a> {
    fn from(s: &'a Slide) -> PageSlide<'a> {
        let shown = match &s.shown {
            Shown::Card(c) => PageShown::Card(c),
            Shown::Show(a) => PageShown::Show(a.as_ref()),
        };
        PageSlide { title: &s.title, notes: s.notes.as_deref(), shown }
    }
}

/// The page of `slides` as HTML text, with the number of distinct pictures and elements.
pub fn page(slides: &[PageSlide<'_>], opts: &PageOptions) -> (String, PageStats) {
    let chrome = opts.theme.chrome();
    let mut store = PictureStore::new();
    let mut meta_slides = Vec::new();
    for slide in slides {
        meta_slides.push(match &slide.shown {
            PageShown::Card(card) => {
                let scene = card.scene(&chrome);
                let (w, h) = pixels_at(opts.width, &scene);
                let pic = store.add(&scene, w, h);
                json!({"title": slide.title, "notes": slide.notes, "card": true, "w": w, "h": h,
                       "d": 0.0, "f": [0.0], "p": [pic], "s": [], "r": []})
            }
            PageShown::Show(anim) => show(*anim, slide.title, slide.notes, opts, &mut store),
        });
    }
    let help: Vec<Value> = HELP.iter().map(|(k, w)| json!([k, w])).collect();
    let meta = json!({
        "title": opts.title,
        "talk": opts.talk,
        "clean": opts.clean,
        "speed": opts.speed,
        "slides": meta_slides,
        "help": help,
    });
    let meta = script_json(&meta.to_string());
    let id = format!("{:016x}", fnv(meta.as_bytes()));
    let vars = format!(
        ":root{{--page:{};--text:{};--dim:{};--track:{};--played:{};--tick:{};--head:{};--panel:{};--panel-text:{};--panel-keys:{}}}",
        css(chrome.page),
        css(chrome.text),
        css(chrome.dim),
        css(chrome.track),
        css(chrome.played),
        css(chrome.tick),
        css(chrome.head),
        css(chrome.panel),
        css(chrome.panel_text),
        css(chrome.panel_keys)
    );
    let style = format!("{vars}\n{STYLE}");
    let html = fill(
        TEMPLATE,
        &[
            ("TITLE", &escape_html(&opts.title)),
            ("THEME", if opts.theme == Theme::Dark { "dark" } else { "light" }),
            ("STYLE", &style),
            ("ID", &id),
            ("PICTURES", &store.packed()),
            ("SCRIPT", SCRIPT),
            ("META", &meta),
        ],
    );
    let stats = PageStats { bytes: html.len(), pictures: store.pictures(), elements: store.elements() };
    (html, stats)
}

/// `template` with each `{{KEY}}` replaced by its value, in one pass (a value is never read
/// for keys: a title that says `{{SCRIPT}}` stays that text).
///
/// # Panics
/// On a key the template uses and `values` lacks (a defect of the template).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = template;
    while let Some(i) = rest.find("{{") {
        let end = i + rest[i..].find("}}").expect("a closed placeholder");
        let key = &rest[i + 2..end];
        let value = values.iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("no value for {key}")).1;
        out.push_str(&rest[..i]);
        out.push_str(value);
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    out
}

/// Writes the page of `slides` to `path` (whole or not at all: temporary name, then rename).
///
/// # Errors
/// I/O errors, with the path.
pub fn write_page(path: &Path, slides: &[PageSlide<'_>], opts: &PageOptions) -> io::Result<PageStats> {
    let (html, stats) = page(slides, opts);
    write_atomically(path, |w| w.write_all(html.as_bytes()))?;
    Ok(stats)
}

/// The page as a [`SceneWriter`] (`--out FILE.html`): the animation is the one slide, the
/// file's name its title; it starts playing at the job's speed, its pictures at the job's
/// frame times (one per state, or smooth at its fps).
pub struct PageWriter;

impl SceneWriter for PageWriter {
    fn write(&self, path: &Path, anim: &(dyn Animated + Sync), job: &Job) -> io::Result<Written> {
        let title = title_of(path);
        let fps = match job.mode {
            Mode::Smooth { fps, .. } => Some(fps),
            Mode::Discrete { .. } => None,
        };
        let slide = PageSlide { title: &title, notes: None, shown: PageShown::Show(anim) };
        let opts = PageOptions {
            title: title.clone(),
            fps,
            speed: job.speed,
            theme: job.theme,
            clean: false,
            width: PageOptions::WIDTH,
            talk: false,
        };
        write_page(path, &[slide], &opts)?;
        Ok(Written { path: path.to_path_buf(), pages: None })
    }
}

/// One animation's slide data: its frames' times and pictures, its manipulations' starts and
/// rests (the ticks, and where clicker steps stop), its length.
fn show(anim: &dyn Animated, title: &str, notes: Option<&str>, opts: &PageOptions, store: &mut PictureStore) -> Value {
    let mode = match opts.fps {
        Some(fps) => anim.pacing().mode(Some(fps)),
        None => anim.pacing().mode(None),
    };
    let timeline = Timeline::new(anim, mode, 1.0);
    let first = anim.draw(0, 1.0);
    let (w, h) = pixels_at(opts.width, &first);
    let mut times: Vec<f64> = Vec::new();
    let mut pics: Vec<u32> = Vec::new();
    for frame in timeline.frames() {
        let pic = store.add(&timeline.scene_at(anim, frame.t), w, h);
        if pics.last() != Some(&pic) {
            times.push(round3(frame.t));
            pics.push(pic);
        }
    }
    if let Mode::Smooth { .. } = mode {
        // The last frame time is before the end: the end shows the final state at rest.
        let last = store.add(&anim.draw(anim.steps() - 1, 1.0), w, h);
        if pics.last() != Some(&last) {
            times.push(round3(timeline.duration));
            pics.push(last);
        }
    }
    let starts: Vec<f64> = timeline.manipulation_starts.iter().map(|&t| round3(t)).collect();
    let rests: Vec<f64> = timeline.manipulation_rests().into_iter().map(round3).collect();
    json!({"title": title, "notes": notes, "card": false, "w": w, "h": h, "d": round3(timeline.duration),
           "f": times, "p": pics, "s": starts, "r": rests})
}

/// Seconds to the millisecond (shorter JSON, and the same moments in the page as here).
fn round3(t: f64) -> f64 {
    (t * 1000.0).round() / 1000.0
}

/// A colour as CSS: `#rrggbb`, or `rgba(r,g,b,a)` when translucent.
fn css(c: Color) -> String {
    if c.a == 255 {
        format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
    } else {
        format!("rgba({},{},{},{:.3})", c.r, c.g, c.b, f32::from(c.a) / 255.0)
    }
}

/// `text` safe inside HTML text or a quoted attribute.
pub fn escape_html(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

/// JSON text safe inside a `<script>` element: `<`, `>` and `&` as `\u` escapes (so that no
/// string can close the element or open a comment), and the line separators JavaScript once
/// refused.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// FNV-1a, 64 bits: the page's identity for its presenter channel.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::draw::BoxAnimation;

    fn page(slides: &[Slide], opts: &PageOptions) -> (String, PageStats) {
        let slides: Vec<PageSlide<'_>> = slides.iter().map(PageSlide::from).collect();
        super::page(&slides, opts)
    }

    fn slides(title: &str) -> Vec<Slide> {
        let card = Card { title: title.into(), lines: vec!["1. a".into()] };
        vec![
            Slide { title: title.into(), notes: Some(format!("n {title}")), shown: Shown::Card(card) },
            Slide { title: "box".into(), notes: None, shown: Shown::Show(Box::new(BoxAnimation::figure1())) },
        ]
    }

    fn opts() -> PageOptions {
        PageOptions {
            title: "T".into(),
            fps: Some(20.0),
            speed: 1.0,
            theme: Theme::Light,
            clean: false,
            width: 400,
            talk: true,
        }
    }

    #[test]
    fn words_from_files_cannot_end_the_script_or_add_markup() {
        let evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)>&";
        let (html, _) = page(&slides(evil), &PageOptions { title: evil.into(), ..opts() });
        assert!(!html.contains("alert(1)</script>") && !html.contains("<img"), "raw markup in the page");
        assert_eq!(html.matches("</script>").count(), 3, "the template's own three scripts only");
        assert!(html.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)"));
        assert!(html.contains(r"\u003c/script\u003e\u003cscript\u003ealert(1)"));
    }

    #[test]
    fn a_show_has_its_frames_ticks_and_rests() {
        let (html, stats) = page(&slides("T"), &opts());
        let start = html.find(r#"id="tumble-meta">"#).unwrap() + r#"id="tumble-meta">"#.len();
        let end = start + html[start..].find("</script>").unwrap();
        let meta: Value = serde_json::from_str(&html[start..end]).unwrap();
        let show = &meta["slides"][1];
        let tl = Timeline::new(&BoxAnimation::figure1(), BoxAnimation::figure1().pacing().mode(Some(20.0)), 1.0);
        assert_eq!(show["s"].as_array().unwrap().len(), 9, "nine manipulations");
        assert_eq!(show["s"][0], 0.5);
        assert_eq!(show["d"], round3(tl.duration));
        let frames = show["f"].as_array().unwrap();
        assert_eq!(frames[0], 0.0);
        assert!(frames.len() > 100 && frames.len() <= tl.frames().len() + 1, "{}", frames.len());
        assert_eq!(meta["slides"][0]["notes"], "n T");
        assert!(stats.pictures >= frames.len() / 2, "{stats:?}");
    }

    #[test]
    fn the_template_is_filled_in_one_pass() {
        assert_eq!(fill("<{{A}}|{{B}}>", &[("A", "{{B}}"), ("B", "b")]), "<{{B}}|b>");
    }

    #[test]
    fn escapes() {
        assert_eq!(escape_html(r#"<a href="x">&'"#), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
        assert_eq!(script_json(r#""</script>&""#), r#""\u003c/script\u003e\u0026""#);
    }
}
