//! Playing a mine by hand: arrow keys move the robot, W waits, S shaves, A aborts, Backspace
//! undoes, E exports the route. H asks the route finder for the rest of the route from here
//! (`hint.rs`, in a background thread): its best route so far is drawn over the map with its
//! score and improves while the search goes on; Enter plays it, and any move of the player's
//! own (or an undo) drops it. (H, not S as first asked for: S is the shave command, and H is
//! the 0h n0 hint key too.) The rules are the engine's [`Mine::step`]; this file keeps the
//! route and the heads-up line.

use crate::anim::Animated;
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::mine::draw::{HintPath, MineAnimation};
use crate::mine::hint::{robot_path, Hint};
use crate::mine::{ending_words, Command, Ending, Mine};
use crate::words::count;

/// A mine game in progress.
#[derive(Debug)]
pub struct MinePlay {
    start: Mine,
    route: String,
    current: Mine,
    /// The state before the last input's commands (for their animation), and those commands
    /// (one, or a hint's route played with Enter).
    previous: Option<Mine>,
    last: String,
    /// The route finder searching from the current state (H), if asked.
    hint: Option<Hint>,
}

impl MinePlay {
    /// A new game on `mine`.
    pub fn new(mine: Mine) -> MinePlay {
        MinePlay {
            current: mine.clone(),
            start: mine,
            route: String::new(),
            previous: None,
            last: String::new(),
            hint: None,
        }
    }

    /// The hint's best route so far and the whole game's score with it (see [`Hint::best`]).
    pub fn hint(&self) -> Option<(i64, String)> {
        self.hint.as_ref().and_then(Hint::best)
    }

    /// The refusal of any command once the game has ended.
    fn over(&self) -> Option<Response> {
        let e = self.current.ending()?;
        Some(Response::Refused(format!("the game is over ({}): Backspace undoes", ending_words(e))))
    }

    /// Starts the route finder from the current state (H); refused once the game has ended.
    fn ask_hint(&mut self) -> Response {
        if let Some(refused) = self.over() {
            return refused;
        }
        self.hint = Some(Hint::start(&self.current));
        Response::Ignored
    }

    /// Plays the hint's best route so far (Enter) and stops the search.
    fn play_hint(&mut self) -> Response {
        let Some((_, route)) = self.hint() else {
            return match self.hint {
                Some(_) => Response::Refused("no route yet: the search goes on".into()),
                None => Response::Ignored,
            };
        };
        self.hint = None;
        self.previous = Some(self.current.clone());
        let played = self.current.play(&route);
        self.route.push_str(&route[..played]);
        self.last = route[..played].to_string();
        Response::Moved
    }

    /// The current state.
    pub fn mine(&self) -> &Mine {
        &self.current
    }

    /// Executes one command; refused once the game has ended.
    pub fn play(&mut self, c: Command) -> Response {
        if let Some(refused) = self.over() {
            return refused;
        }
        self.hint = None;
        self.previous = Some(self.current.clone());
        self.current.step(c);
        self.route.push(c.to_char());
        self.last = c.to_char().to_string();
        Response::Moved
    }

    /// Takes the last command back (replays the route without it).
    pub fn undo(&mut self) -> Response {
        if self.route.pop().is_none() {
            return Response::Ignored;
        }
        self.hint = None;
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
        self.last = self.route.chars().last().map(String::from).unwrap_or_default();
        Response::Undone
    }
}

impl Live for MinePlay {
    fn input(&mut self, input: Input) -> Response {
        let c = match input {
            Input::Key(Key::Backspace) => return self.undo(),
            Input::Key(Key::Char('e')) => return Response::Export(self.route.clone()),
            Input::Key(Key::Char('h')) => return self.ask_hint(),
            Input::Key(Key::Enter) => return self.play_hint(),
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
        let anim = match (&self.previous, self.last.is_empty()) {
            (Some(prev), false) => MineAnimation::new(prev, &self.last),
            _ => MineAnimation::new(&self.current, ""),
        };
        let hint = self.hint().map(|(score, route)| HintPath {
            cells: robot_path(&self.current, &route),
            label: format!("hint: score {score}"),
        });
        Box::new(anim.with_hint(hint))
    }

    fn poll(&mut self) -> bool {
        self.hint.as_mut().is_some_and(Hint::news)
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
        if let Some(h) = &self.hint {
            let state = if h.done() { "search done" } else { "searching" };
            match h.best() {
                Some((score, route)) => s.push_str(&format!(
                    "   hint {score} in {} more: Enter ({state})",
                    count(route.len(), "move", "moves")
                )),
                None if h.done() => s.push_str("   hint: no route beats aborting here"),
                None => s.push_str("   hint: searching"),
            }
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
        "arrows move   W wait   S shave   A abort   H hint   Enter play the hint   Backspace undo   E export route"
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

    /// H starts the route finder; its route shows in the status line and the animation, Enter
    /// plays it (animated as one input, undone one command at a time), and a move of the
    /// player's own drops the hint.
    #[test]
    fn h_asks_for_a_hint_that_enter_plays_and_a_move_of_ones_own_drops() {
        let mut g = MinePlay::new(Mine::parse(CONTEST1).unwrap());
        assert_eq!(g.input(Input::Key(Key::Enter)), Response::Ignored, "no hint asked for");
        assert_eq!(g.input(Input::Key(Key::Left)), Response::Moved);
        assert_eq!(g.input(Input::Key(Key::Char('h'))), Response::Ignored);
        assert!(g.status().contains("hint: searching") || g.status().contains("hint 2"));
        let t = std::time::Instant::now();
        while g.hint().is_none_or(|(s, _)| s < 212) && t.elapsed() < std::time::Duration::from_secs(30) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(g.poll(), "news of the search");
        let (score, route) = g.hint().expect("a hint");
        assert_eq!(score, 212, "contest1's best route begins with L: {route}");
        assert!(g.status().contains("hint 212 in"), "{}", g.status());
        assert_eq!(g.animation().steps(), 2, "the last move only; the hint is drawn over its end");
        // A move of one's own drops it.
        assert_eq!(g.input(Input::Key(Key::Char('w'))), Response::Moved);
        assert_eq!(g.hint(), None);
        assert!(!g.status().contains("hint"));
        assert_eq!(g.input(Input::Key(Key::Backspace)), Response::Undone);
        g.input(Input::Key(Key::Char('h')));
        while g.hint().is_none_or(|(s, _)| s < 212) && t.elapsed() < std::time::Duration::from_secs(60) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let (_, route) = g.hint().expect("a hint");
        assert_eq!(g.input(Input::Key(Key::Enter)), Response::Moved);
        assert_eq!(g.moves(), format!("L{route}"));
        assert_eq!(g.mine().score(), 212);
        assert!(matches!(g.outcome(), Some(Outcome::Won(_))));
        assert_eq!(g.animation().steps(), route.len() + 1, "the hint's route animated as one input");
        assert_eq!(g.input(Input::Key(Key::Backspace)), Response::Undone);
        assert_eq!(g.moves(), format!("L{}", &route[..route.len() - 1]));
    }
}
