//! The presenter view's window (`tumble presenter-view`, started by key N in the viewer; see
//! [`super::link`]): a clock, the slide shown, its speaker notes and the next item's title,
//! read from [`Where`] lines on standard input. The keys pressed here go to the audience's
//! window as `key NAME` lines on standard output, except F (this window's full screen) and
//! N, Q and Esc, which close this view. The view closes when its input ends (the audience's
//! window closed).

use super::keys::{self, Input};
use super::notes::{self, Where};
use crate::render::window::{mq_color, Fonts};
use crate::theme::{Chrome, Theme};
use macroquad::prelude as mq;
use macroquad::prelude::KeyCode;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// What the audience's window said last, and whether its pipe has ended.
#[derive(Default)]
struct Heard {
    at: Option<Where>,
    ended: bool,
}

/// Opens the presenter view's window and shows what arrives on standard input until the input
/// ends or the presenter closes the view.
///
/// # Errors
/// No display.
pub fn run(theme: Theme, title: &str) -> Result<(), String> {
    super::display_available()?;
    let heard = Arc::new(Mutex::new(Heard::default()));
    let h = heard.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if let Ok(at) = Where::from_line(&line) {
                h.lock().unwrap_or_else(|p| p.into_inner()).at = Some(at);
            }
        }
        h.lock().unwrap_or_else(|p| p.into_inner()).ended = true;
    });
    let screen = super::screen::screen_size();
    let (w, h) = super::screen::fit(800, 0.6, 0.0, screen);
    // At the screen's right edge, beside the audience's window (which opens at the left).
    let x = screen.map_or(0, |(sw, _)| sw.saturating_sub(w as u32));
    let conf = mq::Conf {
        window_title: if title.is_empty() {
            "tumble — presenter view".into()
        } else {
            format!("tumble — presenter view — {title}")
        },
        window_width: w,
        window_height: h,
        high_dpi: true,
        window_resizable: true,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, show(heard, theme.chrome(), x));
    Ok(())
}

async fn show(heard: Arc<Mutex<Heard>>, chrome: Chrome, x: u32) {
    let fonts = Fonts::load();
    let inputs = keys::Inputs::new();
    let opened = std::time::Instant::now();
    let mut fullscreen = false;
    let mut frames = 0u32;
    loop {
        if crate::export::cancel::requested() {
            return;
        }
        // The place is asked for in the first frames, not once: a window manager that maps
        // the window late places it itself and ignores a request made before.
        if frames < 10 {
            macroquad::miniquad::window::set_window_position(x, 0);
            frames += 1;
        }
        for input in inputs.take() {
            match input {
                Input::Key(KeyCode::N | KeyCode::Q | KeyCode::Escape) => {
                    // Said before the window goes, so that N in the audience's window opens a
                    // new view at once, even while this process is still ending.
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "closed").and_then(|()| out.flush());
                    return;
                }
                Input::Key(KeyCode::F) => {
                    fullscreen = !fullscreen;
                    mq::set_fullscreen(fullscreen);
                }
                Input::Key(code) if keys::action(code).is_some() => {
                    let mut out = std::io::stdout().lock();
                    if writeln!(out, "key {}", keys::key_name(code)).and_then(|()| out.flush()).is_err() {
                        return;
                    }
                }
                _ => {}
            }
        }
        let (at, ended) = {
            let h = heard.lock().unwrap_or_else(|p| p.into_inner());
            (h.at.clone(), h.ended)
        };
        if ended {
            return;
        }
        let lines = notes::lines(at.as_ref(), opened.elapsed().as_secs(), &notes::time_of_day());
        draw(&lines, &chrome, &fonts, mq::screen_width(), mq::screen_height());
        mq::next_frame().await;
    }
}

/// Draws the view in a `width` x `height` pixel window: the clock large at the top, the slide
/// shown under it, the notes in the middle (wrapped, smaller type when they are long), the
/// next item and how to close the view at the bottom.
fn draw(lines: &notes::Lines, chrome: &Chrome, fonts: &Fonts, width: f32, height: f32) {
    mq::clear_background(mq_color(chrome.page));
    let pad = (width * 0.04).clamp(10.0, 40.0);
    let inner = width - 2.0 * pad;
    let big = (height * 0.09).clamp(14.0, 72.0);
    let mid = (big * 0.42).clamp(10.0, 30.0);
    let mut y = pad + big;
    fonts.text(&lines.clock, pad, y, big, mq_color(chrome.text));
    y += mid * 1.8;
    for line in notes::wrap(&lines.now, inner, |s| fonts.width(s, mid)) {
        fonts.text(&line, pad, y, mid, mq_color(chrome.dim));
        y += mid * 1.3;
    }
    mq::draw_rectangle(pad, y - mid * 0.4, inner, 1.0, mq_color(chrome.track));
    let foot = mid * 3.2;
    let room = height - foot - y - mid;
    // The notes' type: as large as fits the room, down to a smallest size.
    let mut size = (big * 0.6).max(12.0);
    let mut wrapped = notes::wrap(&lines.notes, inner, |s| fonts.width(s, size));
    while size > 9.0 && wrapped.len() as f32 * size * 1.35 > room {
        size *= 0.9;
        wrapped = notes::wrap(&lines.notes, inner, |s| fonts.width(s, size));
    }
    y += mid + size;
    for line in wrapped {
        if y > height - foot {
            break;
        }
        fonts.text(&line, pad, y, size, mq_color(chrome.text));
        y += size * 1.35;
    }
    let next_y = height - pad - mid * 1.6;
    mq::draw_rectangle(pad, next_y - mid * 1.4, inner, 1.0, mq_color(chrome.track));
    fonts.text(&lines.next, pad, next_y, mid, mq_color(chrome.text));
    let close = "keys here drive the show · N or Esc closes this view";
    let small = mid * 0.8;
    fonts.text(close, pad, height - pad * 0.6, small, mq_color(chrome.dim));
}
