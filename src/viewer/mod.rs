//! The desktop viewer (macroquad, cargo feature `gui`): plays [`Animated`] runs in a window,
//! drawn from the same Scenes as the GIF. Controls: space play/pause, left/right step one
//! manipulation, `[` `]` slower/faster, Home/End, R restart, G save the GIF, F full screen,
//! Esc quit. It knows no puzzle: engines hand it their animations.

use crate::anim::{Animated, Timeline};
use crate::export::animation::{export_gif, GifOptions};
use crate::export::png::write_png;
use crate::render::raster::Image;
use crate::render::window::{draw_scene, Fonts};
use macroquad::prelude as mq;

pub mod live;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// One animation to show, with a title for the window's status line.
pub struct Show {
    /// Shown in the status line.
    pub title: String,
    /// The run to play.
    pub anim: Box<dyn Animated + Send + Sync>,
}

/// How the viewer runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewerOptions {
    /// Window width, pixels (the height follows the first picture's shape).
    pub width: u32,
    /// Initial speed factor (1.0 = real time).
    pub speed: f64,
    /// Start in full screen.
    pub fullscreen: bool,
    /// Play the shows one after another, forever (presentation mode).
    pub cycle: bool,
    /// Instead of playing: draw the moment `.1` seconds in, save it as a PNG at `.0`, and quit.
    pub screenshot: Option<(PathBuf, f64)>,
}

/// Height of the help and status lines under the picture, pixels.
const HELP_HEIGHT: f32 = 64.0;

/// Checks that a window can be opened: on Linux, an X server or Wayland display must be named
/// and, for a local X display, its socket must exist.
///
/// # Errors
/// A one-line reason when there is no display.
pub fn display_available() -> Result<(), String> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(if std::env::var("WAYLAND_DISPLAY").is_ok_and(|w| !w.is_empty()) {
            "no X display (DISPLAY is not set; the viewer needs X or XWayland)".into()
        } else {
            "no display (DISPLAY is not set)".into()
        });
    }
    if let Some(num) = display.strip_prefix(':') {
        let n = num.split('.').next().unwrap_or("");
        if !n.is_empty() && !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
            return Err(format!("no X server at DISPLAY={display}"));
        }
    }
    Ok(())
}

/// Opens the window and plays `shows` until the user quits (or takes the screenshot).
///
/// # Errors
/// No display, no show, or a file that could not be written (screenshot or GIF).
pub fn run(shows: Vec<Show>, opts: ViewerOptions) -> Result<(), String> {
    display_available()?;
    let first = shows.first().ok_or("nothing to show")?;
    let view = first.anim.draw(0, 1.0).view;
    let pic_h = (opts.width as f32 * view.h / view.w).round() as i32;
    let extra = if opts.screenshot.is_some() { 0 } else { HELP_HEIGHT as i32 };
    let conf = mq::Conf {
        window_title: format!("tumble — {}", first.title),
        window_width: opts.width as i32,
        window_height: pic_h + extra,
        fullscreen: opts.fullscreen,
        sample_count: 4,
        window_resizable: opts.screenshot.is_none(),
        ..Default::default()
    };
    let error = Arc::new(Mutex::new(None::<String>));
    let err = error.clone();
    macroquad::Window::from_config(conf, async move {
        if let Err(e) = play(shows, opts).await {
            *err.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
        }
    });
    let e = error.lock().unwrap_or_else(|p| p.into_inner()).take();
    e.map_or(Ok(()), Err)
}

async fn play(shows: Vec<Show>, opts: ViewerOptions) -> Result<(), String> {
    let fonts = Fonts::load();
    let timelines: Vec<Timeline> =
        shows.iter().map(|s| Timeline::new(s.anim.as_ref(), s.anim.pacing().mode(Some(60.0)), 1.0)).collect();
    if let Some((path, at)) = &opts.screenshot {
        // A few frames first, so that the window has its final size.
        for _ in 0..3 {
            let (w, h) = (mq::screen_width() as u32, mq::screen_height() as u32);
            draw_scene(&timelines[0].scene_at(shows[0].anim.as_ref(), *at), 0.0, 0.0, w, h, &fonts);
            mq::next_frame().await;
        }
        let (w, h) = (mq::screen_width() as u32, mq::screen_height() as u32);
        draw_scene(&timelines[0].scene_at(shows[0].anim.as_ref(), *at), 0.0, 0.0, w, h, &fonts);
        let shot = mq::get_screen_data();
        let (sw, sh) = (shot.width as usize, shot.height as usize);
        // The screen comes bottom row first.
        let mut rgba = Vec::with_capacity(sw * sh * 4);
        for row in (0..sh).rev() {
            rgba.extend_from_slice(&shot.bytes[row * sw * 4..(row + 1) * sw * 4]);
        }
        let img = Image { width: sw as u32, height: sh as u32, rgba };
        return write_png(path, &img).map_err(|e| e.to_string());
    }
    let mut current = 0usize;
    let mut t = 0.0f64;
    let mut speed = opts.speed;
    let mut playing = true;
    let mut fullscreen = opts.fullscreen;
    let mut status = String::new();
    let mut saved = 0;
    loop {
        let tl = &timelines[current];
        let anim = shows[current].anim.as_ref();
        if mq::is_key_pressed(mq::KeyCode::Escape) || mq::is_key_pressed(mq::KeyCode::Q) {
            return Ok(());
        }
        if mq::is_key_pressed(mq::KeyCode::Space) {
            if t >= tl.duration {
                t = 0.0;
            }
            playing = !playing;
        }
        if mq::is_key_pressed(mq::KeyCode::Right) {
            playing = false;
            t = tl
                .manipulation_starts
                .iter()
                .copied()
                .find(|&s| s > t + 1e-6)
                .map_or(tl.duration, |s| next_rest(tl, s));
        }
        if mq::is_key_pressed(mq::KeyCode::Left) {
            playing = false;
            let ends: Vec<f64> =
                std::iter::once(0.0).chain(tl.manipulation_starts.iter().map(|&s| next_rest(tl, s))).collect();
            t = ends.iter().copied().rev().find(|&e| e < t - 1e-6).unwrap_or(0.0);
        }
        if mq::is_key_pressed(mq::KeyCode::RightBracket) {
            speed = (speed * 1.5).min(16.0);
        }
        if mq::is_key_pressed(mq::KeyCode::LeftBracket) {
            speed = (speed / 1.5).max(1.0 / 16.0);
        }
        if mq::is_key_pressed(mq::KeyCode::Home) || mq::is_key_pressed(mq::KeyCode::R) {
            t = 0.0;
            playing = mq::is_key_pressed(mq::KeyCode::R) || playing;
        }
        if mq::is_key_pressed(mq::KeyCode::End) {
            t = tl.duration;
            playing = false;
        }
        if mq::is_key_pressed(mq::KeyCode::F) {
            fullscreen = !fullscreen;
            mq::set_fullscreen(fullscreen);
        }
        if mq::is_key_pressed(mq::KeyCode::G) {
            saved += 1;
            status = save_gif(anim, speed, &PathBuf::from(format!("tumble-view-{saved}.gif")));
        }
        if playing {
            t += mq::get_frame_time() as f64 * speed;
            if t >= tl.duration {
                if opts.cycle {
                    current = (current + 1) % shows.len();
                    t = 0.0;
                    continue;
                }
                t = tl.duration;
                playing = false;
            }
        }
        let (w, h) = (mq::screen_width(), mq::screen_height());
        let pic_h = (h - HELP_HEIGHT).max(1.0);
        mq::clear_background(mq::WHITE);
        draw_scene(&tl.scene_at(anim, t), 0.0, 0.0, w as u32, pic_h as u32, &fonts);
        let done = tl.manipulation_starts.iter().filter(|&&s| s <= t).count();
        let line1 = format!(
            "move {done}/{}   {:.1} s / {:.1} s   speed {speed:.2}x   {}   {status}",
            tl.manipulation_starts.len(),
            t,
            tl.duration,
            if playing { "playing" } else { "paused" },
        );
        fonts.text(&line1, 8.0, pic_h + 17.0, 13, mq::DARKGRAY);
        fonts.text(
            "space play/pause   Left/Right step   [ ] slower/faster   Home/End",
            8.0,
            pic_h + 36.0,
            12,
            mq::GRAY,
        );
        fonts.text("R restart   G save GIF   F full screen   Esc quit", 8.0, pic_h + 54.0, 12, mq::GRAY);
        mq::next_frame().await;
    }
}

/// Saves `anim` as a smooth 20 fps GIF, 600 pixels wide, at `path`; returns the message to show.
pub(crate) fn save_gif(anim: &(dyn Animated + Sync), speed: f64, path: &std::path::Path) -> String {
    let timeline = Timeline::new(anim, anim.pacing().mode(Some(20.0)), speed);
    let view = anim.draw(0, 1.0).view;
    let opts =
        GifOptions { width: 600, height: (600.0 * view.h / view.w).round() as u32, looping: true, progress: false };
    match export_gif(anim, &timeline, path, opts) {
        Ok(s) => format!("saved {} ({} frames)", path.display(), s.frames),
        Err(e) => format!("could not save: {e}"),
    }
}

/// The time at which the manipulation starting at `start` has finished (the start of the next
/// manipulation, or the end of the timeline's last segment).
fn next_rest(tl: &Timeline, start: f64) -> f64 {
    let next = tl.manipulation_starts.iter().copied().find(|&s| s > start + 1e-6);
    match next {
        Some(n) => n,
        None => tl.segments.last().map_or(tl.duration, |s| s.start + s.duration),
    }
}
