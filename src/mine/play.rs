//! Playing a mine by hand: arrow keys move the robot, W waits, S shaves, A aborts, Backspace
//! undoes, E exports the route. The rules are the engine's [`Mine::step`]; this file keeps the
//! route and the heads-up line.

use crate::anim::Animated;
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::mine::draw::MineAnimation;
use crate::mine::{ending_words, Command, Ending, Mine};
use crate::words::count;

/// A mine game in progress.
#[derive(Clone, Debug)]
pub struct MinePlay {
    start: Mine,
    route: String,
    current: Mine,
    /// The state before the last command (for its animation).
    previous: Option<Mine>,
}

impl MinePlay {
    /// A new game on `mine`.
    pub fn new(mine: Mine) -> MinePlay {
        MinePlay { current: mine.clone(), start: mine, route: String::new(), previous: None }
    }

    /// The current state.
    pub fn mine(&self) -> &Mine {
        &self.current
    }

    /// Executes one command; refused once the game has ended.
    pub fn play(&mut self, c: Command) -> Response {
        if let Some(e) = self.current.ending() {
            return Response::Refused(format!("the game is over ({}): Backspace undoes", ending_words(e)));
        }
        self.previous = Some(self.current.clone());
        self.current.step(c);
        self.route.push(c.to_char());
        Response::Moved
    }

    /// Takes the last command back (replays the route without it).
    pub fn undo(&mut self) -> Response {
        if self.route.pop().is_none() {
            return Response::Ignored;
        }
        let mut m = self.start.clone();
        let mut prev = None;
        for (i, ch) in self.route.chars().enumerate() {
            if i + 1 == self.route.len() {
                prev = Some(m.clone());
            }
            m.step(Command::from_char(ch).expect("the route holds commands only"));
        }
        self.current = m;
        self.previous = prev;
        Response::Undone
    }
}

impl Live for MinePlay {
    fn input(&mut self, input: Input) -> Response {
        let c = match input {
            Input::Key(Key::Backspace) => return self.undo(),
            Input::Key(Key::Char('e')) => return Response::Export(self.route.clone()),
            Input::Key(Key::Left) => Command::Left,
            Input::Key(Key::Right) => Command::Right,
            Input::Key(Key::Up) => Command::Up,
            Input::Key(Key::Down) => Command::Down,
            Input::Key(Key::Char('w')) => Command::Wait,
            Input::Key(Key::Char('s')) => Command::Shave,
            Input::Key(Key::Char('a')) => Command::Abort,
            _ => return Response::Ignored,
        };
        self.play(c)
    }

    fn animation(&self) -> Box<dyn Animated + Send + Sync> {
        match (&self.previous, self.route.chars().last()) {
            (Some(prev), Some(last)) => Box::new(MineAnimation::new(prev, &last.to_string())),
            _ => Box::new(MineAnimation::new(&self.current, "")),
        }
    }

    fn whole_game(&self) -> Box<dyn Animated + Send + Sync> {
        Box::new(MineAnimation::new(&self.start, &self.route))
    }

    fn moves(&self) -> String {
        self.route.clone()
    }

    fn status(&self) -> String {
        let m = &self.current;
        let mut s = format!("score {}   moves {}   lambdas left {}", m.score(), m.moves(), m.lambdas_remaining());
        if m.flooding() > 0 || m.water_level() > 0 {
            let left = (m.waterproof() + 1).saturating_sub(m.steps_under_water());
            s.push_str(&format!(
                "   water level {} ({} left under water)",
                m.water_level(),
                count(left, "step", "steps")
            ));
        }
        s.push_str(&format!("   razors {}", m.razors()));
        if m.growth() > 0 {
            s.push_str(&format!("   beards grow in {}", m.growth() - m.moves() % m.growth()));
        }
        s
    }

    fn outcome(&self) -> Option<Outcome> {
        let m = &self.current;
        match m.ending()? {
            Ending::Win => {
                Some(Outcome::Won(format!("Lifted out! Score {} in {}", m.score(), count(m.moves(), "move", "moves"))))
            }
            Ending::Abort => Some(Outcome::Won(format!("Aborted with score {}", m.score()))),
            e => Some(Outcome::Lost(format!(
                "Robot {}: score {}",
                ending_words(e).trim_start_matches("lose "),
                m.score()
            ))),
        }
    }

    fn help(&self) -> &'static str {
        "arrows move   W wait   S shave   A abort   Backspace undo   E export route"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEST1: &str = "######\n#. *R#\n#  \\.#\n#\\ * #\nL  .\\#\n######";

    #[test]
    fn playing_contest1_by_keys_wins_with_212_and_undo_replays() {
        let mut g = MinePlay::new(Mine::parse(CONTEST1).unwrap());
        let keys = |s: &str| -> Vec<Key> {
            s.chars()
                .map(|c| match c {
                    'L' => Key::Left,
                    'R' => Key::Right,
                    'U' => Key::Up,
                    'D' => Key::Down,
                    c => Key::Char(c.to_ascii_lowercase()),
                })
                .collect()
        };
        for k in keys("LDRDDULULLDD") {
            assert_eq!(g.input(Input::Key(k)), Response::Moved);
        }
        assert_eq!(g.outcome(), None);
        assert_eq!(g.input(Input::Key(Key::Left)), Response::Moved);
        assert_eq!(g.mine().score(), 212);
        assert!(matches!(g.outcome(), Some(Outcome::Won(_))));
        assert!(matches!(g.input(Input::Key(Key::Left)), Response::Refused(_)));
        assert_eq!(g.input(Input::Key(Key::Backspace)), Response::Undone);
        // In play the score has no abort bonus yet: 3 lambdas x 25 - 12 moves.
        assert_eq!(g.mine().score(), 63);
        assert_eq!(g.moves(), "LDRDDULULLDD");
        assert_eq!(g.input(Input::Key(Key::Char('e'))), Response::Export("LDRDDULULLDD".into()));
        assert!(g.status().starts_with("score 63   moves 12   lambdas left 0"));
    }
}
