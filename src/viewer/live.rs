//! Live play in the window: keys and clicks go to a [`Live`] game; each accepted move is
//! animated with the smooth timeline; the heads-up lines show the game's status, the moves so
//! far, a refused move's reason, and the outcome (celebrated when won). `?` lists the keys, `B`
//! blanks the screen, F goes full screen; `H` belongs to the game (0h n0's hint), so the
//! heads-up lines are left out only with `--clean`.

use super::keys::{Input as InputEvent, Inputs};
use super::{display_available, frame, overlay, window_size, ViewerOptions};
use crate::anim::{Animated, Mode, Timeline};
use crate::export::png::write_png;
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::render::window::{draw_scene, mq_color, Fonts};
use crate::theme::{Chrome, Theme, Themed};
use macroquad::prelude as mq;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Height of the heads-up area under the picture, pixels.
const HUD: f32 = 82.0;

/// The keys the viewer keeps for itself in live play (the game gets every other key).
const VIEWER_KEYS: [(&str, &str); 6] = [
    ("G", "save the game so far as tumble-play-N.gif"),
    ("C", "copy the moves to the clipboard"),
    ("B", "black screen until any key"),
    ("F", "full screen on / off"),
    ("?", "this help (? again or Esc hides it)"),
    ("Esc", "quit (the moves are printed)"),
];

/// The help overlay's lines for a game whose help line is `game_help` (chunks three spaces
/// apart, each "KEYS what they do").
pub fn live_help(game_help: &str) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = game_help
        .split("   ")
        .filter(|c| !c.trim().is_empty())
        .map(|c| {
            let (k, w) = c.trim().split_once(' ').unwrap_or((c.trim(), ""));
            (k.to_string(), w.to_string())
        })
        .collect();
    lines.extend(VIEWER_KEYS.iter().map(|(k, w)| (k.to_string(), w.to_string())));
    lines
}

fn live_timeline(anim: &dyn Animated, speed: f64) -> Timeline {
    let mode = Mode::Smooth { fps: 60.0, min_manipulation_seconds: 0.0, lead_in_seconds: 0.0, hold_seconds: 0.0 };
    Timeline::new(anim, mode, speed)
}

/// Opens a window and lets a person play `game` until Esc. Returns the moves played, or `None`
/// when `opts.screenshot` asked only for a picture of the starting position (heads-up lines
/// included, as the window shows it).
///
/// # Errors
/// No display; a screenshot that cannot be written.
pub fn run_live(game: Box<dyn Live + Send>, title: &str, opts: ViewerOptions) -> Result<Option<String>, String> {
    display_available()?;
    let (w, h) = window_size(Some(game.animation().as_ref()), opts.width, HUD, opts.screenshot.is_some());
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
    let result = Arc::new(Mutex::new(Ok(None)));
    let out = result.clone();
    macroquad::Window::from_config(conf, async move {
        let r = play(game, opts).await;
        *out.lock().unwrap_or_else(|p| p.into_inner()) = r;
    });
    let r = std::mem::replace(&mut *result.lock().unwrap_or_else(|p| p.into_inner()), Ok(None));
    r
}

/// The game's key for a window key, if the game has one (letters come as characters).
fn game_key(code: mq::KeyCode) -> Option<Key> {
    match code {
        mq::KeyCode::Left => Some(Key::Left),
        mq::KeyCode::Right => Some(Key::Right),
        mq::KeyCode::Up => Some(Key::Up),
        mq::KeyCode::Down => Some(Key::Down),
        mq::KeyCode::Backspace => Some(Key::Backspace),
        mq::KeyCode::Enter | mq::KeyCode::KpEnter => Some(Key::Enter),
        _ => None,
    }
}

/// A game being played, and what the window shows of it.
struct View {
    game: Box<dyn Live + Send>,
    theme: Theme,
    speed: f64,
    anim: Themed<Box<dyn Animated + Send + Sync>>,
    timeline: Timeline,
    t: f64,
    message: Option<(String, f64)>,
    help: bool,
    blank: bool,
    hud: bool,
    saved: usize,
}

impl View {
    fn new(game: Box<dyn Live + Send>, opts: &ViewerOptions) -> View {
        let anim = opts.theme.animation(game.animation());
        let timeline = live_timeline(&anim, opts.speed);
        let t = timeline.duration;
        View {
            game,
            theme: opts.theme,
            speed: opts.speed,
            anim,
            timeline,
            t,
            message: None,
            help: false,
            blank: false,
            hud: !opts.clean,
            saved: 0,
        }
    }

    fn picture_height(&self, h: f32) -> f32 {
        if self.hud {
            (h - HUD).max(1.0)
        } else {
            h
        }
    }

    fn reanimate(&mut self, at_end: bool) {
        self.anim = self.theme.animation(self.game.animation());
        self.timeline = live_timeline(&self.anim, self.speed);
        self.t = if at_end { self.timeline.duration } else { 0.0 };
    }

    fn respond(&mut self, r: Response) {
        match r {
            Response::Moved => {
                self.reanimate(false);
                self.message = None;
            }
            Response::Undone => {
                self.reanimate(true);
                self.message = Some(("undone".into(), 1.0));
            }
            Response::Refused(why) => self.message = Some((why, 2.5)),
            Response::Export(text) => {
                self.saved += 1;
                let path = PathBuf::from(format!("tumble-route-{}.txt", self.saved));
                let result = crate::export::atomic::write_atomically(&path, |w| {
                    std::io::Write::write_all(w, format!("{text}\n").as_bytes())
                });
                let text = match result {
                    Ok(()) => format!("route saved to {}", path.display()),
                    Err(e) => format!("could not save: {e}"),
                };
                self.message = Some((text, 3.0));
            }
            Response::Ignored => {}
        }
    }

    fn draw(&self, fonts: &Fonts, chrome: &Chrome, w: f32, h: f32) {
        if self.blank {
            mq::clear_background(mq::BLACK);
            return;
        }
        mq::clear_background(mq_color(chrome.page));
        let pic_h = self.picture_height(h);
        draw_scene(&self.timeline.scene_at(&self.anim, self.t), 0.0, 0.0, w as u32, pic_h as u32, fonts);
        if let (Some(outcome), false) = (self.game.outcome(), self.t < self.timeline.duration) {
            let (text, color) = match outcome {
                Outcome::Won(m) => (m, mq::Color::from_rgba(30, 160, 80, 235)),
                Outcome::Lost(m) => (m, mq::Color::from_rgba(200, 40, 50, 235)),
            };
            let size = 26.0;
            let tw = fonts.width(&text, size);
            let bw = (tw + 40.0).min(w);
            mq::draw_rectangle((w - bw) / 2.0, pic_h / 2.0 - 30.0, bw, 60.0, color);
            fonts.text(&text, (w - tw) / 2.0, pic_h / 2.0 + 9.0, size, mq::WHITE);
        }
        if self.hud {
            let (text, dim) = (mq_color(chrome.text), mq_color(chrome.dim));
            fonts.text(&self.game.status(), 8.0, pic_h + 17.0, 13.0, text);
            let mut moves = self.game.moves();
            let max = ((w - 80.0) / 8.0).max(10.0) as usize;
            if moves.chars().count() > max {
                moves = format!("...{}", moves.chars().skip(moves.chars().count() - max).collect::<String>());
            }
            fonts.text(&format!("moves: {moves}"), 8.0, pic_h + 36.0, 13.0, text);
            match &self.message {
                Some((m, _)) => fonts.text(m, 8.0, pic_h + 55.0, 13.0, mq::Color::from_rgba(220, 50, 60, 255)),
                None => fonts.text(self.game.help(), 8.0, pic_h + 55.0, 12.0, dim),
            }
            fonts.text("G save GIF   C copy moves   ? help   Esc quit", 8.0, pic_h + 73.0, 12.0, dim);
        }
        if self.help {
            overlay::help(&live_help(self.game.help()), w, h, chrome, fonts);
        }
    }
}

async fn play(game: Box<dyn Live + Send>, opts: ViewerOptions) -> Result<Option<String>, String> {
    let fonts = Fonts::load();
    let chrome = opts.theme.chrome();
    let mut v = View::new(game, &opts);
    if let Some(shot) = &opts.screenshot {
        for _ in 0..3 {
            v.draw(&fonts, &chrome, mq::screen_width(), mq::screen_height());
            mq::next_frame().await;
        }
        v.draw(&fonts, &chrome, mq::screen_width(), mq::screen_height());
        write_png(&shot.path, &frame::capture()).map_err(|e| e.to_string())?;
        return Ok(None);
    }
    let mut fullscreen = opts.fullscreen;
    let events = Inputs::new();
    loop {
        if crate::export::cancel::requested() {
            // SIGINT, SIGTERM or SIGHUP: stop as Esc would (the moves are still printed).
            return Ok(Some(v.game.moves()));
        }
        let (w, h) = (mq::screen_width(), mq::screen_height());
        let mut unblanked = false;
        for event in events.take() {
            let pic_h = v.picture_height(h);
            let input = match event {
                InputEvent::Key(_) if v.blank => {
                    v.blank = false;
                    unblanked = true;
                    None
                }
                InputEvent::Char(_) if v.blank || unblanked => None,
                InputEvent::Key(mq::KeyCode::Escape) if v.help => {
                    v.help = false;
                    None
                }
                InputEvent::Key(mq::KeyCode::Escape) => return Ok(Some(v.game.moves())),
                InputEvent::Char('?') => {
                    v.help = !v.help;
                    None
                }
                _ if v.help => None,
                InputEvent::Key(code) => game_key(code).map(Input::Key),
                InputEvent::Char(c) => match c.to_ascii_lowercase() {
                    'g' => {
                        v.saved += 1;
                        let path = PathBuf::from(format!("tumble-play-{}.gif", v.saved));
                        let whole = v.theme.animation(v.game.whole_game());
                        v.message = Some((super::save_gif(&whole, 1.0, &path), 3.0));
                        None
                    }
                    'c' => {
                        macroquad::miniquad::window::clipboard_set(&v.game.moves());
                        v.message = Some(("moves copied to the clipboard".into(), 2.0));
                        None
                    }
                    'b' => {
                        v.blank = true;
                        None
                    }
                    'f' => {
                        fullscreen = !fullscreen;
                        mq::set_fullscreen(fullscreen);
                        None
                    }
                    c => Some(Input::Key(Key::Char(c))),
                },
                InputEvent::Press(mx, my) if my < pic_h && !v.blank => {
                    let cam = v.timeline.scene_at(&v.anim, v.t).camera(w as u32, pic_h as u32);
                    Some(Input::Click { x: (mx - cam.dx) / cam.scale, y: (my - cam.dy) / cam.scale })
                }
                _ => None,
            };
            if let Some(input) = input {
                let r = v.game.input(input);
                v.respond(r);
            }
        }
        if v.game.poll() {
            // A background search's news (the mine's hint): the same position, drawn again.
            v.reanimate(true);
        }
        let dt = mq::get_frame_time() as f64;
        if !v.help && !v.blank {
            v.t = (v.t + dt).min(v.timeline.duration);
        }
        if let Some((_, left)) = &mut v.message {
            *left -= dt;
            if *left <= 0.0 {
                v.message = None;
            }
        }
        v.draw(&fonts, &chrome, w, h);
        mq::next_frame().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_live_help_splits_the_games_line_and_adds_the_viewers_keys() {
        let lines = live_help("arrows move the stot   Q/E turn   W half turn   Backspace undo");
        assert_eq!(lines[0], ("arrows".to_string(), "move the stot".to_string()));
        assert_eq!(lines[3], ("Backspace".to_string(), "undo".to_string()));
        assert_eq!(lines.len(), 4 + VIEWER_KEYS.len());
        assert!(lines.iter().any(|(k, w)| k == "?" && w.contains("Esc hides")));
    }
}
