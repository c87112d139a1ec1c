//! Live play in the window: keys and clicks go to a [`Live`] game; each accepted move is
//! animated with the smooth timeline; the heads-up lines show the game's status, the moves so
//! far, a refused move's reason, and the outcome (celebrated when won).

use super::{display_available, ViewerOptions};
use crate::anim::{Animated, Mode, Timeline};
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::render::window::{draw_scene, Fonts};
use macroquad::prelude as mq;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Height of the heads-up area under the picture, pixels.
const HUD: f32 = 82.0;

fn live_timeline(anim: &dyn Animated, speed: f64) -> Timeline {
    let mode = Mode::Smooth { fps: 60.0, min_manipulation_seconds: 0.0, lead_in_seconds: 0.0, hold_seconds: 0.0 };
    Timeline::new(anim, mode, speed)
}

/// Opens a window and lets a person play `game` until Esc. Returns the moves played, or `None`
/// when `opts.screenshot` asked only for a picture of the starting position.
///
/// # Errors
/// No display; a screenshot that cannot be written.
pub fn run_live(game: Box<dyn Live + Send>, title: &str, opts: ViewerOptions) -> Result<Option<String>, String> {
    display_available()?;
    if opts.screenshot.is_some() {
        super::run(vec![super::Show { title: title.to_string(), anim: game.animation() }], opts)?;
        return Ok(None);
    }
    let view = game.animation().draw(0, 1.0).view;
    let pic_h = (opts.width as f32 * view.h / view.w).round() as i32;
    let conf = mq::Conf {
        window_title: format!("tumble — {title}"),
        window_width: opts.width as i32,
        window_height: pic_h + HUD as i32,
        fullscreen: opts.fullscreen,
        sample_count: 4,
        window_resizable: true,
        ..Default::default()
    };
    let result = Arc::new(Mutex::new(String::new()));
    let out = result.clone();
    let speed = opts.speed;
    macroquad::Window::from_config(conf, async move {
        let moves = play(game, speed).await;
        *out.lock().unwrap_or_else(|p| p.into_inner()) = moves;
    });
    let moves = result.lock().unwrap_or_else(|p| p.into_inner()).clone();
    Ok(Some(moves))
}

fn keys() -> Vec<Key> {
    let mut out = Vec::new();
    for (code, key) in [
        (mq::KeyCode::Left, Key::Left),
        (mq::KeyCode::Right, Key::Right),
        (mq::KeyCode::Up, Key::Up),
        (mq::KeyCode::Down, Key::Down),
        (mq::KeyCode::Backspace, Key::Backspace),
    ] {
        if mq::is_key_pressed(code) {
            out.push(key);
        }
    }
    while let Some(c) = mq::get_char_pressed() {
        if !c.is_control() {
            out.push(Key::Char(c.to_ascii_lowercase()));
        }
    }
    out
}

async fn play(mut game: Box<dyn Live + Send>, speed: f64) -> String {
    let fonts = Fonts::load();
    let mut anim = game.animation();
    let mut timeline = live_timeline(anim.as_ref(), speed);
    let mut t = timeline.duration;
    let mut message: Option<(String, f64)> = None;
    let mut saved = 0;
    loop {
        if mq::is_key_pressed(mq::KeyCode::Escape) {
            return game.moves();
        }
        let (w, h) = (mq::screen_width(), mq::screen_height());
        let pic_h = (h - HUD).max(1.0);
        let scene = timeline.scene_at(anim.as_ref(), t);
        let mut inputs: Vec<Input> = Vec::new();
        for k in keys() {
            match k {
                Key::Char('g') => {
                    saved += 1;
                    let text = super::save_gif(
                        game.whole_game().as_ref(),
                        1.0,
                        &PathBuf::from(format!("tumble-play-{saved}.gif")),
                    );
                    message = Some((text, 3.0));
                }
                Key::Char('c') => {
                    macroquad::miniquad::window::clipboard_set(&game.moves());
                    message = Some(("moves copied to the clipboard".into(), 2.0));
                }
                k => inputs.push(Input::Key(k)),
            }
        }
        if mq::is_mouse_button_pressed(mq::MouseButton::Left) {
            let (mx, my) = mq::mouse_position();
            if my < pic_h {
                let cam = scene.camera(w as u32, pic_h as u32);
                inputs.push(Input::Click { x: (mx - cam.dx) / cam.scale, y: (my - cam.dy) / cam.scale });
            }
        }
        for input in inputs {
            match game.input(input) {
                Response::Moved => {
                    anim = game.animation();
                    timeline = live_timeline(anim.as_ref(), speed);
                    t = 0.0;
                    message = None;
                }
                Response::Undone => {
                    anim = game.animation();
                    timeline = live_timeline(anim.as_ref(), speed);
                    t = timeline.duration;
                    message = Some(("undone".into(), 1.0));
                }
                Response::Refused(why) => message = Some((why, 2.5)),
                Response::Export(text) => {
                    saved += 1;
                    let path = PathBuf::from(format!("tumble-route-{saved}.txt"));
                    let result = crate::export::atomic::write_atomically(&path, |w| {
                        std::io::Write::write_all(w, format!("{text}\n").as_bytes())
                    });
                    message = Some((
                        match result {
                            Ok(()) => format!("route saved to {}", path.display()),
                            Err(e) => format!("could not save: {e}"),
                        },
                        3.0,
                    ));
                }
                Response::Ignored => {}
            }
        }
        t = (t + mq::get_frame_time() as f64).min(timeline.duration);
        mq::clear_background(mq::WHITE);
        draw_scene(&timeline.scene_at(anim.as_ref(), t), 0.0, 0.0, w as u32, pic_h as u32, &fonts);
        let animating = t < timeline.duration;
        if let (Some(outcome), false) = (game.outcome(), animating) {
            let (text, color) = match outcome {
                Outcome::Won(m) => (m, mq::Color::from_rgba(30, 160, 80, 235)),
                Outcome::Lost(m) => (m, mq::Color::from_rgba(200, 40, 50, 235)),
            };
            let size = 26u16;
            let dims = mq::measure_text(&text, None, size, 1.0);
            let bw = (dims.width * 1.25 + 40.0).min(w);
            mq::draw_rectangle((w - bw) / 2.0, pic_h / 2.0 - 30.0, bw, 60.0, color);
            let tw = mq::measure_text(&text, None, size, 1.0).width;
            fonts.text(&text, (w - tw * 1.2) / 2.0, pic_h / 2.0 + 9.0, size, mq::WHITE);
        }
        fonts.text(&game.status(), 8.0, pic_h + 17.0, 13, mq::DARKGRAY);
        let mut moves = game.moves();
        let max = ((w - 80.0) / 8.0).max(10.0) as usize;
        if moves.chars().count() > max {
            moves = format!("...{}", moves.chars().skip(moves.chars().count() - max).collect::<String>());
        }
        fonts.text(&format!("moves: {moves}"), 8.0, pic_h + 36.0, 13, mq::DARKGRAY);
        if let Some((text, left)) = &mut message {
            fonts.text(text, 8.0, pic_h + 55.0, 13, mq::Color::from_rgba(200, 40, 50, 255));
            *left -= mq::get_frame_time() as f64;
            if *left <= 0.0 {
                message = None;
            }
        } else {
            fonts.text(game.help(), 8.0, pic_h + 55.0, 12, mq::GRAY);
        }
        fonts.text("G save GIF   C copy moves   Esc quit", 8.0, pic_h + 73.0, 12, mq::GRAY);
        mq::next_frame().await;
    }
}
