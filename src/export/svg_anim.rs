//! The whole animation as one animated SVG (`--out FILE.svg`): it plays by itself, with no
//! script, in a browser and as an `<img>` in a web page or README, through CSS animations with
//! `step-end` timing, and shows at every moment the picture the GIF of the same flags shows.
//!
//! The pictures are the [`Schedule`]'s shots (the GIF's), drawn by the vector backend and taken
//! apart by [`super::svg_elements`] into parts (background; each layer's shapes, turned as one;
//! its labels) of placed elements. Equal consecutive pictures are one frame. Each part keeps a
//! list of *slots* in drawing order, and each element of a frame takes a slot of its content:
//! the one it had in the frame before when it can (matched as a longest common subsequence of
//! the two frames' elements, unmoved elements first), else a free one of the same content
//! between its neighbours, else a new one. A slot is written once, at its place in the last
//! frame (so that the SVG shows the last picture when it has stopped, and where animations do
//! not run), and its CSS keyframes say when it is hidden (`opacity`) and, for a moving thing,
//! where it is (`translate`); a turning part's group has `rotate` keyframes. Slots whose
//! keyframes are the same share one class, consecutive ones one `<g>`; contents used by several
//! slots are defined once and placed with `<use>`; glyphs are defined once. Numbers are
//! hundredths of a pixel at most, keyframe times as few digits as keep each switch within half
//! a centisecond of the GIF's. `docs/svg_anim.md` gives the reasons and the sizes.

use super::animation::{pictures_bar, preflight, MAX_GIF_FRAMES};
use super::atomic::AtomicFile;
use super::cancel;
use super::job::{Job, SceneWriter, Written};
use super::schedule::{Schedule, Timing};
use super::sink::Plays;
use super::svg_elements::{hundredths, parts, Content, Part};
use super::svg_slots::{PartTrack, Slot, State};
use crate::anim::{Animated, Timeline};
use crate::render::svg::{open_svg, SvgWriter};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::Path;

/// Options of an animated SVG.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgAnimOptions {
    /// Width of the picture, pixels (the SVG's `width` and its coordinates).
    pub width: u32,
    /// Height of the picture, pixels.
    pub height: u32,
    /// How many times it plays (CSS `animation-iteration-count`); then it shows the last picture.
    pub plays: Plays,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
}

/// What an animated SVG holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgAnimStats {
    /// Distinct frames (equal consecutive pictures count once).
    pub frames: usize,
    /// Elements written (slots: one per thing drawn, however often it shows or moves).
    pub elements: usize,
    /// File size, bytes.
    pub bytes: u64,
}

/// Writes the animation of `timeline`, cut and held as `timing` says, to `path` as one animated
/// SVG (whole or not at all: see [`crate::export::atomic`]; nothing is left when interrupted,
/// see [`crate::export::cancel`]).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] before any file is made when the cut leaves nothing or the
/// animation has more than [`MAX_GIF_FRAMES`] pictures; [`io::ErrorKind::Interrupted`] on a
/// signal; I/O errors (a folder that does not exist, a full disk), with the path.
pub fn export_animated_svg(
    path: &Path,
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    timing: Timing,
    opts: SvgAnimOptions,
) -> io::Result<SvgAnimStats> {
    let schedule = preflight(timeline, timing, &[])?;
    if schedule.shots.len() > MAX_GIF_FRAMES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: {} pictures (at most {MAX_GIF_FRAMES}): cut the animation with --start and --end",
                path.display(),
                schedule.shots.len()
            ),
        ));
    }
    let mut file = AtomicFile::create(path)?;
    let bar = pictures_bar(opts.progress, schedule.shots.len(), &path.display().to_string());
    let (svg, mut stats) = build(anim, timeline, &schedule, opts, &bar)?;
    cancel::check()?;
    file.write_all(svg.as_bytes()).map_err(|e| super::atomic::with_path(path, e))?;
    file.commit()?;
    bar.finish_and_clear();
    stats.bytes = svg.len() as u64;
    Ok(stats)
}

/// The animated SVG as a [`SceneWriter`] (`--out FILE.svg`): the job's pacing, cut, width and
/// loops.
pub struct SvgAnimWriter;

impl SceneWriter for SvgAnimWriter {
    fn write(&self, path: &Path, anim: &(dyn Animated + Sync), job: &Job) -> io::Result<Written> {
        let (width, height) = job.pixels(&anim.draw(0, 1.0));
        let opts = SvgAnimOptions { width, height, plays: job.plays, progress: job.progress };
        export_animated_svg(path, anim, &job.timeline(anim), job.timing, opts)?;
        Ok(Written { path: path.to_path_buf(), pages: None })
    }
}

/// The SVG text of `schedule`'s shots of `timeline`, and what it holds.
fn build(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    schedule: &Schedule,
    opts: SvgAnimOptions,
    bar: &indicatif::ProgressBar,
) -> io::Result<(String, SvgAnimStats)> {
    let mut writer = SvgWriter::new();
    let mut frames = Frames::default();
    for (k, shot) in schedule.shots.iter().enumerate() {
        if k % 16 == 0 {
            cancel::check()?;
        }
        let scene = timeline.scene_at(anim, shot.t);
        frames.add(parts(&scene, opts.width, opts.height, &mut writer), shot.start_cs);
        bar.inc(1);
    }
    let text = frames.write(&writer, opts, schedule.duration_cs());
    let stats = SvgAnimStats {
        frames: frames.starts.len(),
        elements: frames.parts.values().map(|p| p.slots.len()).sum(),
        bytes: text.len() as u64,
    };
    Ok((text, stats))
}

/// Every frame as parts of slots.
#[derive(Default)]
struct Frames {
    contents: Vec<Content>,
    content_ids: FxHashMap<Content, u32>,
    parts: BTreeMap<usize, PartTrack>,
    /// Each frame's start, centiseconds.
    starts: Vec<u64>,
    last: Vec<PartFrame>,
}

/// One part in one frame: index, turn (angle, pivot), elements (content, anchor).
type PartFrame = (usize, i32, [i32; 2], Vec<(u32, i32, i32)>);

/// A part ready to write: its turning group's style and keyframes, if it turns, and its slots.
type Group = (Option<(String, String)>, Vec<Placed>);

/// One frame's parts: index, turn, elements (content, anchor) and their unrounded anchors.
type Frame = Vec<(usize, i32, [i32; 2], Vec<(u32, i32, i32)>, Vec<[f32; 2]>)>;

impl Frames {
    /// Adds the next shot's picture, shown from `start_cs`.
    fn add(&mut self, parts: Vec<Part>, start_cs: u64) {
        let frame: Frame = parts
            .into_iter()
            .map(|p| {
                let exact = p.items.iter().map(|e| e.exact).collect();
                let items = p.items.into_iter().map(|e| (self.intern(e.content), e.at[0], e.at[1])).collect();
                (p.index, p.angle, p.pivot, items, exact)
            })
            .collect();
        let same = frame.len() == self.last.len()
            && frame.iter().zip(&self.last).all(|(a, b)| (a.0, a.1, a.2, &a.3) == (b.0, b.1, b.2, &b.3));
        if !self.starts.is_empty() && same {
            return;
        }
        let f = self.starts.len() as u32;
        self.starts.push(start_cs);
        for (index, angle, pivot, items, exact) in &frame {
            self.parts.entry(*index).or_default().frame(f, items, exact, Some((*angle, *pivot)));
        }
        for (index, track) in &mut self.parts {
            if !frame.iter().any(|p| p.0 == *index) && !track.prev.is_empty() {
                track.frame(f, &[], &[], None);
            }
        }
        self.last = frame.into_iter().map(|(i, a, p, items, _)| (i, a, p, items)).collect();
    }

    fn intern(&mut self, c: Content) -> u32 {
        if let Some(&id) = self.content_ids.get(&c) {
            return id;
        }
        let id = self.contents.len() as u32;
        self.contents.push(c.clone());
        self.content_ids.insert(c, id);
        id
    }
}

/// A slot ready to write: its content, where it is drawn, whether it is hidden when the
/// animation is not running, and its keyframes (empty: it never changes).
struct Placed {
    content: u32,
    at: (i32, i32),
    hidden: bool,
    keyframes: String,
}

impl Frames {
    /// The SVG document.
    fn write(&self, writer: &SvgWriter, opts: SvgAnimOptions, duration_cs: u64) -> String {
        let pct: Vec<String> = self.starts.iter().map(|&s| percent(s, duration_cs)).collect();
        // Every slot's and every turning group's keyframes, to name them by use.
        let mut groups: Vec<Group> = Vec::new();
        for track in self.parts.values() {
            let turn = turn_keyframes(&track.turns, &pct);
            let placed = track.order.iter().map(|&s| placed(&track.slots[s as usize], &pct)).collect();
            groups.push((turn, placed));
        }
        let mut uses: FxHashMap<&str, usize> = FxHashMap::default();
        let mut per_content = vec![0usize; self.contents.len()];
        for (turn, placed) in &groups {
            if let Some((_, k)) = turn {
                *uses.entry(k.as_str()).or_default() += 1;
            }
            for run in runs(placed) {
                if !run[0].keyframes.is_empty() {
                    *uses.entry(run[0].keyframes.as_str()).or_default() += 1;
                }
            }
            for p in placed {
                per_content[p.content as usize] += 1;
            }
        }
        let mut by_use: Vec<(&str, usize)> = uses.into_iter().collect();
        by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let names: FxHashMap<&str, String> = by_use.iter().enumerate().map(|(i, (k, _))| (*k, name(i))).collect();
        // Contents placed several times are defined once when that is shorter.
        let mut ids: Vec<Option<String>> = vec![None; self.contents.len()];
        let mut defs = String::new();
        let mut next_id = 0;
        let mut shared: Vec<(usize, usize)> = per_content.iter().copied().enumerate().filter(|&(_, n)| n > 1).collect();
        shared.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (c, n) in shared {
            let content = &self.contents[c];
            if !content.anchored() {
                continue;
            }
            let inline = content.at(0, 0).len() + 8;
            let id = name(next_id);
            let def = content.def(&id).len();
            if n * inline > def + n * (id.len() + 30) {
                defs.push_str(&content.def(&id));
                ids[c] = Some(id);
                next_id += 1;
            }
        }
        let mut body = String::new();
        for (turn, placed) in &groups {
            if let Some((style, k)) = turn {
                let _ = write!(body, r#"<g style="{style}" class="{}">"#, names[k.as_str()]);
            }
            for run in runs(placed) {
                let mut attrs = String::new();
                if !run[0].keyframes.is_empty() {
                    let _ = write!(attrs, r#" class="{}""#, names[run[0].keyframes.as_str()]);
                }
                if run[0].hidden {
                    attrs.push_str(r#" opacity="0""#);
                }
                let element = |p: &Placed| match &ids[p.content as usize] {
                    Some(id) => {
                        let mut e = format!("<use href=\"#{id}\"");
                        if p.at.0 != 0 {
                            let _ = write!(e, " x=\"{}\"", hundredths(p.at.0));
                        }
                        if p.at.1 != 0 {
                            let _ = write!(e, " y=\"{}\"", hundredths(p.at.1));
                        }
                        e.push_str("/>");
                        e
                    }
                    None => self.contents[p.content as usize].at(p.at.0, p.at.1),
                };
                if run.len() == 1 {
                    body.push_str(&with_attrs(&element(&run[0]), &attrs));
                } else {
                    let _ = write!(body, "<g{attrs}>");
                    for p in run {
                        body.push_str(&element(p));
                    }
                    body.push_str("</g>");
                }
            }
            if turn.is_some() {
                body.push_str("</g>");
            }
        }
        let mut svg = open_svg(opts.width, opts.height);
        if !by_use.is_empty() {
            let count = match opts.plays {
                Plays::Forever => "infinite".to_string(),
                Plays::Times(n) => n.max(1).to_string(),
            };
            let _ = write!(svg, "<style>*{{animation:{}s step-end {count}}}", hundredths(duration_cs as i32));
            for (k, _) in &by_use {
                let n = &names[k];
                let _ = write!(svg, ".{n}{{animation-name:{n}}}@keyframes {n}{{{k}}}");
            }
            svg.push_str("</style>");
        }
        let glyphs = writer.defs();
        let glyphs = glyphs.strip_prefix("<defs>").and_then(|g| g.strip_suffix("</defs>")).unwrap_or("");
        if !glyphs.is_empty() || !defs.is_empty() {
            let _ = write!(svg, "<defs>{glyphs}{defs}</defs>");
        }
        svg.push_str(&body);
        svg.push_str("</svg>\n");
        svg
    }
}

/// Consecutive slots with the same keyframes and the same rest state.
fn runs(placed: &[Placed]) -> Vec<&[Placed]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < placed.len() {
        let mut j = i + 1;
        while j < placed.len() && placed[j].keyframes == placed[i].keyframes && placed[j].hidden == placed[i].hidden {
            j += 1;
        }
        out.push(&placed[i..j]);
        i = j;
    }
    out
}

/// `element` with `attrs` added after its tag name.
fn with_attrs(element: &str, attrs: &str) -> String {
    let tag = element.find([' ', '/', '>']).unwrap_or(element.len());
    format!("{}{attrs}{}", &element[..tag], &element[tag..])
}

/// A slot at rest (its last state) and its keyframes.
fn placed(slot: &Slot, pct: &[String]) -> Placed {
    let (last_at, last_exact) = slot
        .events
        .iter()
        .rev()
        .find_map(|e| match e.1 {
            State::At(x, y) => Some(((x, y), e.2)),
            State::Hidden => None,
        })
        .expect("a slot is shown at least once");
    let hidden = slot.events.last().map(|e| e.1) == Some(State::Hidden);
    let mut keys = Keyframes::default();
    // What the slot shows when its animation is not running: the last frame.
    let mut visible = !hidden;
    let mut shift = (0, 0);
    let first_shown = slot.events.first().is_some_and(|e| e.0 == 0);
    if !first_shown && visible {
        keys.add("opacity:0", &pct[0]);
        visible = false;
    }
    for &(f, state, exact) in &slot.events {
        match state {
            State::Hidden => {
                if visible {
                    keys.add("opacity:0", &pct[f as usize]);
                    visible = false;
                }
            }
            State::At(..) => {
                if !visible {
                    keys.add("opacity:1", &pct[f as usize]);
                    visible = true;
                }
                let q = |v: f32| (v * 100.0).round() as i32;
                let d = (q(exact[0] - last_exact[0]), q(exact[1] - last_exact[1]));
                if d != shift {
                    keys.add(&format!("translate:{} {}", px(d.0), px(d.1)), &pct[f as usize]);
                    shift = d;
                }
            }
        }
    }
    Placed { content: slot.content, at: last_at, hidden, keyframes: keys.text() }
}

/// A turning part's group: its style at rest (the last frame's turn) and its keyframes; `None`
/// when it never turns. The turn is about the last pivot; another pivot adds a translation.
fn turn_keyframes(turns: &[(u32, i32, [i32; 2])], pct: &[String]) -> Option<(String, String)> {
    if turns.iter().all(|t| t.1 == 0) {
        return None;
    }
    let &(_, rest, o) = turns.last()?;
    let mut keys = Keyframes::default();
    let mut now = (rest, (0, 0));
    let first = turns[0].0;
    for (k, &(f, angle, p)) in turns.iter().enumerate() {
        let at = if k == 0 && first > 0 { &pct[0] } else { &pct[f as usize] };
        let a = f64::from(angle) / 100.0;
        let (s, c) = a.to_radians().sin_cos();
        let (dx, dy) = (f64::from(p[0] - o[0]), f64::from(p[1] - o[1]));
        let shift = ((dx - (dx * c - dy * s)).round() as i32, (dy - (dx * s + dy * c)).round() as i32);
        if angle != now.0 {
            keys.add(&format!("rotate:{}deg", hundredths(angle)), at);
        }
        if shift != now.1 {
            keys.add(&format!("translate:{} {}", px(shift.0), px(shift.1)), at);
        }
        now = (angle, shift);
    }
    let style = format!("transform-origin:{} {};rotate:{}deg", px(o[0]), px(o[1]), hundredths(rest));
    Some((style, keys.text()))
}

/// A length in CSS: hundredths of a pixel as `1.5px`, `0` without a unit.
fn px(v: i32) -> String {
    if v == 0 {
        "0".into()
    } else {
        format!("{}px", hundredths(v))
    }
}

/// Keyframes as declarations and the times that set them.
#[derive(Default)]
struct Keyframes(Vec<(String, Vec<String>)>);

impl Keyframes {
    fn add(&mut self, declaration: &str, at: &str) {
        match self.0.iter_mut().find(|(d, _)| d == declaration) {
            Some((_, times)) => times.push(at.to_string()),
            None => self.0.push((declaration.to_string(), vec![at.to_string()])),
        }
    }

    /// `0%,50%{opacity:0}25%{opacity:1}`.
    fn text(&self) -> String {
        let mut s = String::new();
        for (d, times) in &self.0 {
            let _ = write!(s, "{}{{{d}}}", times.join(","));
        }
        s
    }
}

/// `at_cs` as a percentage of `duration_cs`, in as few digits as keep it within 0.45 cs.
fn percent(at_cs: u64, duration_cs: u64) -> String {
    let exact = 100.0 * at_cs as f64 / duration_cs as f64;
    for digits in 0..=6 {
        let s = format!("{exact:.digits$}");
        let v: f64 = s.parse().expect("a number");
        if ((v - exact) * duration_cs as f64 / 100.0).abs() <= 0.45 || digits == 6 {
            let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s };
            let s = s.strip_prefix("0.").map_or(s.clone(), |r| format!(".{r}"));
            return format!("{s}%");
        }
    }
    unreachable!("six digits always fit")
}

/// The `i`th short name: `a`...`z`, `A`...`Z`, `aa`..., never `tg` (the glyphs' id prefix).
fn name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut k = i;
    let mut s = Vec::new();
    loop {
        s.push(LETTERS[k % 52]);
        if k < 52 {
            break;
        }
        k = k / 52 - 1;
    }
    s.reverse();
    let s = String::from_utf8(s).expect("letters");
    // "tg" is the glyph id prefix; skip the names that could clash (tg, tga...).
    if s.starts_with("tg") {
        return format!("{s}_");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_and_distinct() {
        let v: Vec<String> = (0..3000).map(name).collect();
        assert_eq!((v[0].as_str(), v[51].as_str(), v[52].as_str()), ("a", "Z", "aa"));
        let set: std::collections::HashSet<&String> = v.iter().collect();
        assert_eq!(set.len(), v.len());
        assert!(v.iter().all(|n| !n.starts_with("tg") || n.ends_with('_')));
    }

    #[test]
    fn percentages_keep_each_switch_within_half_a_centisecond() {
        assert_eq!(percent(0, 900), "0%");
        assert_eq!(percent(450, 900), "50%");
        assert_eq!(percent(100, 900), "11.1%");
        assert_eq!(percent(1, 6000), ".02%");
        for d in [7u64, 900, 6013, 54321] {
            for at in (0..d).step_by((d as usize / 97).max(1)) {
                let p: f64 = percent(at, d).trim_end_matches('%').parse().unwrap();
                assert!((p * d as f64 / 100.0 - at as f64).abs() <= 0.45, "{at} of {d}");
            }
        }
    }
}
