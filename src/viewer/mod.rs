//! The desktop viewer (macroquad, cargo feature `gui`): plays [`Slide`]s (animations and title
//! cards) in a window, drawn from the same Scenes as the GIF, as a presenter's tool: clicker
//! keys step one manipulation at a time, a timeline bar along the bottom edge can be clicked and
//! dragged, `?` lists every key, `B` blanks the screen, `H` hides the status line and the bar,
//! F goes full screen, N opens the presenter view (a second window with the speaker's notes,
//! the next item and a clock: [`notes`], [`notes_window`], [`link`]); a talk's slides follow one
//! another with PageDown and PageUp. It knows no puzzle: engines hand it their animations.
//!
//! The logic lives apart from the window ([`presenter`], [`player`], the bar's geometry in
//! [`frame`]); [`frame::draw`] draws a frame of it, for the screen and for `--screenshot`
//! alike, so that a screenshot is what the window shows.

pub mod frame;
pub mod keys;
pub mod link;
pub mod live;
pub mod notes;
pub mod notes_window;
pub mod overlay;
pub mod player;
pub mod presenter;
pub mod screen;

pub use presenter::{Playing, Shown, Slide, TitleCard};

use crate::anim::{Animated, Timeline};
use crate::export::animation::{export_gif, GifOptions};
use crate::export::png::write_png;
use crate::render::window::Fonts;
use crate::theme::Theme;
use frame::Layout;
use keys::Input;
use macroquad::prelude as mq;
use presenter::{Effect, Presenter};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A screenshot instead of playing: slide `slide` (from 0) at `at` seconds, saved as a PNG.
#[derive(Clone, Debug, PartialEq)]
pub struct Screenshot {
    /// The PNG to write.
    pub path: PathBuf,
    /// Seconds from the start of the slide's smooth animation.
    pub at: f64,
    /// Which slide, from 0.
    pub slide: usize,
}

/// How the viewer runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewerOptions {
    /// Window width, pixels (the height follows the first picture's shape, plus the status
    /// line and the timeline bar).
    pub width: u32,
    /// Initial speed factor (1.0 = real time).
    pub speed: f64,
    /// Start in full screen.
    pub fullscreen: bool,
    /// How the slides are played (autoplay, cycle).
    pub autoplay: bool,
    /// Play the shows one after another, forever (presentation mode).
    pub cycle: bool,
    /// Start without the status line and the timeline bar (`H` brings them back).
    pub clean: bool,
    /// The colours of the window around the pictures (the pictures come themed already).
    pub theme: Theme,
    /// Instead of playing: save one moment as a PNG and quit.
    pub screenshot: Option<Screenshot>,
}

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

/// The window's size for pictures shaped like `anim`'s first frame, `width` pixels wide, plus
/// `extra` pixels under the picture; shrunk to fit the screen (keeping the picture's shape)
/// unless `exact` (a screenshot is `width` pixels wide, as asked).
pub fn window_size(anim: Option<&dyn Animated>, width: u32, extra: f32, exact: bool) -> (i32, i32) {
    let aspect = anim.map_or(9.0 / 16.0, |a| {
        let v = a.draw(0, 1.0).view;
        v.h / v.w
    });
    screen::fit(width, aspect, extra, if exact { None } else { screen::screen_size() })
}

/// Opens the window and plays `slides` until the user quits (or takes the screenshot).
///
/// # Errors
/// No display, no slide, a screenshot slide that does not exist, or a file that could not be
/// written (screenshot or GIF).
pub fn run(slides: Vec<Slide>, title: &str, opts: ViewerOptions) -> Result<(), String> {
    display_available()?;
    if slides.is_empty() {
        return Err("nothing to show".into());
    }
    if let Some(s) = &opts.screenshot {
        if s.slide >= slides.len() {
            return Err(format!("there is no slide {} (the talk has {})", s.slide + 1, slides.len()));
        }
    }
    let first = slides.iter().find_map(|s| match &s.shown {
        Shown::Show(anim) => Some(anim.as_ref() as &dyn Animated),
        Shown::Card(_) => None,
    });
    let (w, h) = window_size(first, opts.width, Layout::CHROME, opts.screenshot.is_some());
    let conf = mq::Conf {
        window_title: format!("tumble — {title}"),
        window_width: w,
        window_height: h,
        fullscreen: opts.fullscreen,
        high_dpi: true,
        sample_count: 4,
        window_resizable: opts.screenshot.is_none(),
        ..Default::default()
    };
    let error = Arc::new(Mutex::new(None::<String>));
    let err = error.clone();
    let title = title.to_string();
    macroquad::Window::from_config(conf, async move {
        if let Err(e) = play(slides, &title, opts).await {
            *err.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
        }
    });
    let e = error.lock().unwrap_or_else(|p| p.into_inner()).take();
    e.map_or(Ok(()), Err)
}

async fn play(slides: Vec<Slide>, title: &str, opts: ViewerOptions) -> Result<(), String> {
    let fonts = Fonts::load();
    let chrome = opts.theme.chrome();
    let playing = Playing { autoplay: opts.autoplay, cycle: opts.cycle, hud: !opts.clean, speed: opts.speed };
    let mut p = Presenter::new(slides, playing);
    if let Some(shot) = &opts.screenshot {
        p.show_at(shot.slide, shot.at);
        // A few frames first, so that the window has its final size.
        for _ in 0..3 {
            frame::draw(&p, &fonts, &chrome, mq::screen_width(), mq::screen_height());
            mq::next_frame().await;
        }
        frame::draw(&p, &fonts, &chrome, mq::screen_width(), mq::screen_height());
        return write_png(&shot.path, &frame::capture()).map_err(|e| e.to_string());
    }
    let mut fullscreen = opts.fullscreen;
    let mut saved = 0;
    let inputs = keys::Inputs::new();
    let mut presenter_view: Option<link::Link> = None;
    loop {
        if crate::export::cancel::requested() {
            // SIGINT, SIGTERM or SIGHUP: close the window as Esc would.
            return Ok(());
        }
        let (w, h) = (mq::screen_width(), mq::screen_height());
        // The key that ends a blank is used up, and so is the character it types.
        let mut unblanked = false;
        if presenter_view.as_mut().is_some_and(|v| !v.alive()) {
            presenter_view = None;
        }
        // The presenter view's keys count as this window's, after its own.
        let mut all = inputs.take();
        if let Some(v) = &presenter_view {
            all.extend(v.keys().iter().filter_map(|name| keys::named(name)).map(Input::Key));
        }
        for input in all {
            let layout = Layout::new(w, h, p.hud);
            let effect = match input {
                Input::Key(_) if p.blank => {
                    unblanked = p.unblank();
                    Effect::None
                }
                Input::Key(code) => keys::action(code).map_or(Effect::None, |a| p.act(a)),
                Input::Char('?') if !p.blank && !unblanked => p.act(keys::Action::Help),
                Input::Char(_) => Effect::None,
                Input::Press(x, y) => {
                    if let Some(bar) = layout.bar.filter(|b| b.contains(x, y) && !p.blank) {
                        p.press_bar(frame::bar_fraction(&bar, x));
                    }
                    Effect::None
                }
                Input::Move(x, _) => {
                    if let Some(bar) = layout.bar.filter(|_| p.holding_bar()) {
                        p.drag_bar(frame::bar_fraction(&bar, x));
                    }
                    Effect::None
                }
                Input::Release(..) => {
                    p.release_bar();
                    Effect::None
                }
            };
            match effect {
                Effect::Quit => return Ok(()),
                Effect::Fullscreen => {
                    fullscreen = !fullscreen;
                    mq::set_fullscreen(fullscreen);
                }
                Effect::SaveGif => {
                    if let Shown::Show(anim) = &p.slide().shown {
                        saved += 1;
                        let path = PathBuf::from(format!("tumble-view-{saved}.gif"));
                        p.message = Some((save_gif(anim.as_ref(), p.speed, &path), 4.0));
                    }
                }
                // Closes the open view (dropping its link closes it), or opens one.
                Effect::PresenterView => {
                    if presenter_view.take().is_none() {
                        match link::Link::open(opts.theme, title) {
                            Ok(v) => presenter_view = Some(v),
                            Err(e) => p.message = Some((e, 4.0)),
                        }
                    }
                }
                Effect::None => {}
            }
        }
        if !p.hud {
            p.release_bar();
        }
        p.update(mq::get_frame_time() as f64);
        if let Some(v) = &mut presenter_view {
            v.tell(&p.where_now());
        }
        frame::draw(&p, &fonts, &chrome, w, h);
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
        Ok(s) => format!("saved {} ({})", path.display(), crate::words::count(s.frames, "frame", "frames")),
        Err(e) => format!("could not save: {e}"),
    }
}
