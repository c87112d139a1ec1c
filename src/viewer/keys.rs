//! The viewer's keys: one table from window keys to [`Action`]s, and the help lines the `?`
//! overlay shows, written from the same table's names so that the overlay lists every key.

use macroquad::prelude as mq;
use macroquad::prelude::KeyCode;

/// What a key asks of the playback viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// One manipulation forward (at the end of a talk item: the next item).
    Forward,
    /// One manipulation back (at the start: the previous item).
    Back,
    /// To the start of the show.
    Home,
    /// To the end of the show.
    End,
    /// Play or pause.
    PlayPause,
    /// Slower.
    Slower,
    /// Faster.
    Faster,
    /// Play from the start.
    Restart,
    /// Save the show as a GIF.
    SaveGif,
    /// The presenter view (a second window: notes, next item, clock) on or off.
    PresenterView,
    /// Full screen on or off.
    Fullscreen,
    /// Status line and timeline on or off.
    ToggleHud,
    /// Black screen until any key.
    Blank,
    /// The help overlay on or off.
    Help,
    /// Hide the help overlay, or quit.
    Escape,
    /// Quit.
    Quit,
}

/// The playback keys, in the order the help lists them.
pub const PLAYBACK_KEYS: &[(KeyCode, Action)] = &[
    (KeyCode::PageDown, Action::Forward),
    (KeyCode::Right, Action::Forward),
    (KeyCode::PageUp, Action::Back),
    (KeyCode::Left, Action::Back),
    (KeyCode::Space, Action::PlayPause),
    (KeyCode::Home, Action::Home),
    (KeyCode::End, Action::End),
    (KeyCode::LeftBracket, Action::Slower),
    (KeyCode::RightBracket, Action::Faster),
    (KeyCode::R, Action::Restart),
    (KeyCode::H, Action::ToggleHud),
    (KeyCode::B, Action::Blank),
    (KeyCode::F, Action::Fullscreen),
    (KeyCode::N, Action::PresenterView),
    (KeyCode::G, Action::SaveGif),
    (KeyCode::Escape, Action::Escape),
    (KeyCode::Q, Action::Quit),
];

/// The name a key has in the help.
pub fn key_name(code: KeyCode) -> &'static str {
    match code {
        KeyCode::PageDown => "PageDown",
        KeyCode::PageUp => "PageUp",
        KeyCode::Right => "Right",
        KeyCode::Left => "Left",
        KeyCode::Up => "Up",
        KeyCode::Down => "Down",
        KeyCode::Space => "Space",
        KeyCode::Home => "Home",
        KeyCode::End => "End",
        KeyCode::LeftBracket => "[",
        KeyCode::RightBracket => "]",
        KeyCode::Escape => "Esc",
        KeyCode::Backspace => "Backspace",
        KeyCode::R => "R",
        KeyCode::H => "H",
        KeyCode::B => "B",
        KeyCode::F => "F",
        KeyCode::G => "G",
        KeyCode::N => "N",
        KeyCode::Q => "Q",
        _ => "?",
    }
}

/// What each action does, for the help.
fn describe(a: Action) -> &'static str {
    match a {
        Action::Forward => "one manipulation forward (at the end: the next item)",
        Action::Back => "one manipulation back (at the start: the previous item)",
        Action::PlayPause => "play / pause",
        Action::Home => "to the start",
        Action::End => "to the end",
        Action::Slower => "slower",
        Action::Faster => "faster",
        Action::Restart => "play from the start",
        Action::ToggleHud => "hide / show the status line and the timeline",
        Action::Blank => "black screen until any key",
        Action::Fullscreen => "full screen on / off",
        Action::SaveGif => "save this animation as tumble-view-N.gif",
        Action::PresenterView => "presenter view on / off: notes, next item, clock (a second window)",
        Action::Help => "this help (? again or Esc hides it)",
        Action::Escape => "hide this help, else quit",
        Action::Quit => "quit",
    }
}

/// The help overlay's lines for playback: `(keys, what they do)`, every key of
/// [`PLAYBACK_KEYS`], `?`, and the mouse.
pub fn playback_help() -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = Vec::new();
    for &(code, action) in PLAYBACK_KEYS {
        match lines.iter_mut().find(|(_, what)| what == describe(action)) {
            Some((keys, _)) => {
                keys.push_str("  ");
                keys.push_str(key_name(code));
            }
            None => lines.push((key_name(code).to_string(), describe(action).to_string())),
        }
    }
    lines.push(("?".into(), describe(Action::Help).into()));
    lines.push(("click the timeline".into(), "jump to that moment".into()));
    lines.push(("drag on the timeline".into(), "scrub: the picture follows while held".into()));
    lines
}

/// One input from the window, in the order it came (pixels in logical units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// A key went down (repeats from holding it are left out).
    Key(KeyCode),
    /// A character was typed (`?` is Shift+/ on one keyboard, something else on another).
    Char(char),
    /// The left mouse button went down at (x, y).
    Press(f32, f32),
    /// The mouse moved to (x, y).
    Move(f32, f32),
    /// The left mouse button went up at (x, y).
    Release(f32, f32),
}

/// Every input since the last frame, each press counted: two clicker presses within one slow
/// frame are two steps (macroquad's `is_key_pressed` would see one).
pub struct Inputs {
    subscriber: usize,
}

struct Collector {
    inputs: Vec<Input>,
    dpi: f32,
}

impl macroquad::miniquad::EventHandler for Collector {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, code: KeyCode, _mods: macroquad::miniquad::KeyMods, repeat: bool) {
        if !repeat {
            self.inputs.push(Input::Key(code));
        }
    }
    fn char_event(&mut self, c: char, _mods: macroquad::miniquad::KeyMods, repeat: bool) {
        if !repeat && !c.is_control() {
            self.inputs.push(Input::Char(c));
        }
    }
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.inputs.push(Input::Move(x / self.dpi, y / self.dpi));
    }
    fn mouse_button_down_event(&mut self, b: mq::MouseButton, x: f32, y: f32) {
        if b == mq::MouseButton::Left {
            self.inputs.push(Input::Press(x / self.dpi, y / self.dpi));
        }
    }
    fn mouse_button_up_event(&mut self, b: mq::MouseButton, x: f32, y: f32) {
        if b == mq::MouseButton::Left {
            self.inputs.push(Input::Release(x / self.dpi, y / self.dpi));
        }
    }
}

impl Inputs {
    /// Starts collecting the window's inputs (call once the window is open).
    pub fn new() -> Inputs {
        Inputs { subscriber: macroquad::input::utils::register_input_subscriber() }
    }

    /// The inputs since the last call, in order.
    pub fn take(&self) -> Vec<Input> {
        let mut c = Collector { inputs: Vec::new(), dpi: mq::screen_dpi_scale().max(0.25) };
        macroquad::input::utils::repeat_all_miniquad_input(&mut c, self.subscriber);
        c.inputs
    }
}

/// The key the help calls `name` (as [`key_name`] names it), if it is a playback key: how the
/// presenter view's keys reach the audience's window.
pub fn named(name: &str) -> Option<KeyCode> {
    PLAYBACK_KEYS.iter().map(|&(k, _)| k).find(|&k| key_name(k) == name)
}

/// The playback action of a key, if it has one.
pub fn action(code: KeyCode) -> Option<Action> {
    PLAYBACK_KEYS.iter().find(|(k, _)| *k == code).map(|&(_, a)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_names_every_key_and_action() {
        let help = playback_help();
        let text: String = help.iter().map(|(k, w)| format!("{k} | {w}\n")).collect();
        for &(code, action) in PLAYBACK_KEYS {
            let line = help.iter().find(|(_, w)| w == describe(action)).expect("every action has a line");
            assert!(line.0.split("  ").any(|k| k == key_name(code)), "{:?} missing:\n{text}", code);
        }
        assert!(text.contains("PageDown  Right | one manipulation forward"), "{text}");
        assert!(text.contains("? | this help"), "{text}");
        assert!(text.contains("drag on the timeline"), "{text}");
        assert!(PLAYBACK_KEYS.iter().all(|&(code, _)| key_name(code) != "?"), "every key has its own name");
        for &(code, _) in PLAYBACK_KEYS {
            assert_eq!(named(key_name(code)), Some(code), "a key's name leads back to it");
        }
        assert!(text.contains("N | presenter view"), "{text}");
    }
}
