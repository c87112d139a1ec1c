//! One frame of the playback window, drawn the same way for the screen and for `--screenshot`:
//! the picture (or a title card) above, the status line, the timeline bar along the bottom
//! edge, then the help overlay or the blank screen on top.
//!
//! The frame imports the overlay (and its [`Rect`]), never the other way round.

use super::overlay::{self, Rect};
use super::presenter::{Presenter, Shown};
use crate::render::raster::Image;
use crate::render::window::{draw_scene, mq_color, Fonts};
use crate::theme::Chrome;
use macroquad::prelude as mq;

/// Height of the status line, pixels.
pub const STATUS_HEIGHT: f32 = 24.0;
/// Height of the timeline bar along the bottom edge, pixels.
pub const BAR_HEIGHT: f32 = 16.0;
/// Width of the position marker on the bar, pixels.
const HEAD_WIDTH: f32 = 3.0;

/// Where things go in a `width` x `height` pixel window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The picture or title card (its aspect kept inside, centred).
    pub picture: Rect,
    /// The status line, when shown.
    pub status: Option<Rect>,
    /// The timeline bar, full width along the bottom edge, when shown.
    pub bar: Option<Rect>,
}

impl Layout {
    /// The layout of a `width` x `height` pixel window, with or without the status line and
    /// the timeline bar (`hud`).
    pub fn new(width: f32, height: f32, hud: bool) -> Layout {
        if !hud {
            return Layout { picture: Rect { x: 0.0, y: 0.0, w: width, h: height }, status: None, bar: None };
        }
        let bar = Rect { x: 0.0, y: height - BAR_HEIGHT, w: width, h: BAR_HEIGHT };
        let status = Rect { x: 0.0, y: bar.y - STATUS_HEIGHT, w: width, h: STATUS_HEIGHT };
        let picture = Rect { x: 0.0, y: 0.0, w: width, h: status.y.max(1.0) };
        Layout { picture, status: Some(status), bar: Some(bar) }
    }

    /// The height the status line and the bar add under the picture, pixels.
    pub const CHROME: f32 = STATUS_HEIGHT + BAR_HEIGHT;
}

/// The fraction (0..=1) of the bar's width at `x` pixels: a click there means that fraction of
/// the show's duration.
pub fn bar_fraction(bar: &Rect, x: f32) -> f64 {
    (((x - bar.x) / bar.w) as f64).clamp(0.0, 1.0)
}

/// The pixel column of time `t` on the bar for a show of `duration` seconds.
pub fn bar_x(bar: &Rect, t: f64, duration: f64) -> f32 {
    if duration <= 0.0 {
        return bar.x;
    }
    bar.x + (bar.w as f64 * (t / duration).clamp(0.0, 1.0)) as f32
}

/// Draws the whole frame for `p` in a `width` x `height` pixel window.
pub fn draw(p: &Presenter, fonts: &Fonts, chrome: &Chrome, width: f32, height: f32) {
    if p.blank {
        mq::clear_background(mq::BLACK);
        return;
    }
    mq::clear_background(mq_color(chrome.page));
    let layout = Layout::new(width, height, p.hud);
    let r = layout.picture;
    match (&p.slide().shown, p.scene()) {
        (Shown::Show(_), Some(scene)) => draw_scene(&scene, r.x, r.y, r.w as u32, r.h as u32, fonts),
        (Shown::Card(card), _) => overlay::title_card(card, r, chrome, fonts),
        _ => {}
    }
    if let Some(s) = layout.status {
        mq::draw_rectangle(s.x, s.y, s.w, s.h, mq_color(chrome.page));
        let help = "? help";
        let help_w = fonts.width(help, 12.0);
        let room = s.w - 8.0 - 16.0 - help_w - 8.0;
        let status = fit_status(&p.status(), &p.slide().title, room, |t| fonts.width(t, 13.0));
        fonts.text(&status, s.x + 8.0, s.y + 16.0, 13.0, mq_color(chrome.text));
        fonts.text(help, s.x + s.w - 8.0 - help_w, s.y + 16.0, 12.0, mq_color(chrome.dim));
    }
    if let Some(bar) = layout.bar {
        draw_bar(p, &bar, chrome);
    }
    if p.help {
        overlay::help(&super::keys::playback_help(), width, height, chrome, fonts);
    }
}

/// `status` shortened to `max_w` pixels (as `width` measures text) with "…": the slide's
/// `title` in it (after the slide's number) loses its end first, so that the position and the
/// time stay readable; when that is not enough, the line loses its own end.
fn fit_status(status: &str, title: &str, max_w: f32, width: impl Fn(&str) -> f32) -> String {
    if width(status) <= max_w {
        return status.to_string();
    }
    // The longest prefix of `chars` (at most `n` of them) for which `fits` holds: binary search.
    let longest = |n: usize, fits: &dyn Fn(usize) -> bool| {
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    };
    let cut = |text: &str, n: usize| -> String { text.chars().take(n).collect::<String>().trim_end().to_string() };
    if let Some(i) = (!title.is_empty()).then(|| status.find(&format!(" {title}   "))).flatten() {
        let (before, after) = (&status[..=i], &status[i + 1 + title.len()..]);
        let line = |n: usize| format!("{before}{}…{after}", cut(title, n));
        let n = longest(title.chars().count(), &|n| width(&line(n)) <= max_w);
        if n > 0 || width(&line(0)) <= max_w {
            return line(n);
        }
    }
    let n = longest(status.chars().count(), &|n| width(&format!("{}…", cut(status, n))) <= max_w);
    format!("{}…", cut(status, n))
}

/// The timeline bar: the track, the part played, a tick at each manipulation's start, and the
/// position marker.
fn draw_bar(p: &Presenter, bar: &Rect, chrome: &Chrome) {
    mq::draw_rectangle(bar.x, bar.y, bar.w, bar.h, mq_color(chrome.track));
    let d = p.player.duration;
    if d <= 0.0 {
        return;
    }
    let at = bar_x(bar, p.player.t, d).round();
    mq::draw_rectangle(bar.x, bar.y, at - bar.x, bar.h, mq_color(chrome.played));
    for &s in &p.player.manipulations.starts {
        let x = bar_x(bar, s, d).floor();
        mq::draw_rectangle(x, bar.y + bar.h * 0.3, 1.0, bar.h * 0.7, mq_color(chrome.tick));
    }
    let x = (at - HEAD_WIDTH / 2.0).round().clamp(bar.x, bar.x + bar.w - HEAD_WIDTH);
    mq::draw_rectangle(x, bar.y, HEAD_WIDTH, bar.h, mq_color(chrome.head));
}

/// The frame on screen now, as an image (rows top first).
pub fn capture() -> Image {
    let shot = mq::get_screen_data();
    let (w, h) = (shot.width as usize, shot.height as usize);
    // The screen comes bottom row first.
    let mut rgba = Vec::with_capacity(w * h * 4);
    for row in (0..h).rev() {
        rgba.extend_from_slice(&shot.bytes[row * w * 4..(row + 1) * w * 4]);
    }
    Image { width: w as u32, height: h as u32, rgba }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_is_the_bottom_sixteen_pixels_and_maps_width_to_time() {
        let l = Layout::new(720.0, 760.0, true);
        let bar = l.bar.unwrap();
        assert_eq!(bar, Rect { x: 0.0, y: 744.0, w: 720.0, h: 16.0 });
        assert_eq!(l.status.unwrap().y, 720.0);
        assert_eq!(l.picture.h, 720.0);
        assert_eq!(bar_fraction(&bar, 180.0), 0.25);
        assert_eq!(bar_fraction(&bar, -5.0), 0.0);
        assert_eq!(bar_fraction(&bar, 900.0), 1.0);
        assert_eq!(bar_x(&bar, 2.5, 10.0), 180.0);
        assert!(bar.contains(0.0, 759.0) && !bar.contains(0.0, 743.0));
    }

    #[test]
    fn a_long_status_loses_the_titles_end_first_then_its_own() {
        let w = |t: &str| t.chars().count() as f32 * 7.0;
        let status = "2/5 A very long title indeed   move 3/9   1.0 s / 4.0 s   1.00x   paused";
        let title = "A very long title indeed";
        assert_eq!(fit_status(status, title, 1000.0, w), status, "fits: unchanged");
        let s = fit_status(status, title, 60.0 * 7.0, w);
        assert_eq!(s, "2/5 A very long…   move 3/9   1.0 s / 4.0 s   1.00x   paused");
        assert!(w(&s) <= 60.0 * 7.0);
        let s = fit_status(status, title, 20.0 * 7.0, w);
        assert_eq!(s, "2/5 A very long tit…", "too narrow even without the title: the end goes");
        let single = "move 3/9   1.0 s / 4.0 s   1.00x   paused";
        assert_eq!(fit_status(single, "box", 10.0 * 7.0, w), "move 3/9…");
    }

    #[test]
    fn without_hud_the_picture_fills_the_window() {
        let l = Layout::new(720.0, 760.0, false);
        assert_eq!(l.picture, Rect { x: 0.0, y: 0.0, w: 720.0, h: 760.0 });
        assert!(l.status.is_none() && l.bar.is_none());
    }
}
