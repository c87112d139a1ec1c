//! Playing the box by hand (the challenge's story: take every shubble out without losing a
//! smole): arrow keys move the stot, Q/E or -/+ turn the box a quarter, W half a turn,
//! Backspace undoes. Rules come from [`record()`]; this file only keeps the game's history.

use crate::anim::Animated;
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::r#box::draw::BoxAnimation;
use crate::r#box::{record, BoxState, Failure, Illegal, Manipulation};
use crate::words::count;

/// A box game in progress.
#[derive(Clone, Debug)]
pub struct BoxPlay {
    start: BoxState,
    moves: Vec<Manipulation>,
    /// `states[i]` is the state after `i` moves.
    states: Vec<BoxState>,
    /// Set when a smole was lost: the game is over.
    lost: Option<Failure>,
}

impl BoxPlay {
    /// A new game from `start`.
    pub fn new(start: BoxState) -> BoxPlay {
        BoxPlay { start, moves: Vec::new(), states: vec![start], lost: None }
    }

    /// The current state.
    pub fn state(&self) -> BoxState {
        *self.states.last().expect("the start is always there")
    }

    fn manipulation(key: Key) -> Option<Manipulation> {
        Some(match key {
            Key::Left => Manipulation::Left,
            Key::Right => Manipulation::Right,
            Key::Up => Manipulation::Up,
            Key::Down => Manipulation::Down,
            Key::Char('q') | Key::Char('-') => Manipulation::CounterClockwise,
            Key::Char('e') | Key::Char('+') | Key::Char('=') => Manipulation::Clockwise,
            Key::Char('w') | Key::Char('|') => Manipulation::HalfTurn,
            _ => return None,
        })
    }

    /// Applies one manipulation: refused (state unchanged) when the stot cannot move; a lost
    /// smole ends the game.
    pub fn play(&mut self, m: Manipulation) -> Response {
        if self.outcome().is_some() {
            return Response::Refused("the game is over: Backspace undoes the last move".into());
        }
        let (trace, failure) = record(&self.state(), &[m]);
        match failure {
            Some(Failure { reason: Illegal::SmoleLost, .. }) => {
                self.moves.push(m);
                self.states.push(*trace.last());
                self.lost = failure.map(|f| Failure { manipulation: self.moves.len() - 1, ..f });
                Response::Moved
            }
            Some(f) => Response::Refused(format!("'{}': {}", m.as_char(), f.reason)),
            None => {
                self.moves.push(m);
                self.states.push(*trace.last());
                Response::Moved
            }
        }
    }

    /// Takes the last move back (also after a lost smole).
    pub fn undo(&mut self) -> Response {
        if self.moves.pop().is_none() {
            return Response::Ignored;
        }
        self.states.pop();
        self.lost = None;
        Response::Undone
    }

    fn animate(&self, from: BoxState, moves: &[Manipulation], first_index: usize) -> BoxAnimation {
        let (mut trace, failure) = record(&from, moves);
        for step in trace.steps.iter_mut().skip(1) {
            step.manipulation = step.manipulation.map(|i| i + first_index);
        }
        let failure = failure.map(|f| Failure { manipulation: f.manipulation + first_index, ..f });
        BoxAnimation::new(trace, self.moves.clone(), failure)
    }
}

impl Live for BoxPlay {
    fn input(&mut self, input: Input) -> Response {
        match input {
            Input::Key(Key::Backspace) => self.undo(),
            Input::Key(k) => match BoxPlay::manipulation(k) {
                Some(m) => self.play(m),
                None => Response::Ignored,
            },
            Input::Click { .. } => Response::Ignored,
        }
    }

    fn animation(&self) -> Box<dyn Animated + Send + Sync> {
        let n = self.moves.len();
        if n == 0 {
            return Box::new(self.animate(self.start, &[], 0));
        }
        Box::new(self.animate(self.states[n - 1], &self.moves[n - 1..], n - 1))
    }

    fn whole_game(&self) -> Box<dyn Animated + Send + Sync> {
        Box::new(self.animate(self.start, &self.moves, 0))
    }

    fn moves(&self) -> String {
        self.moves.iter().map(|m| m.as_char()).collect()
    }

    fn status(&self) -> String {
        let s = self.state();
        format!(
            "{}   {} left   {}",
            count(self.moves.len(), "move", "moves"),
            count(s.shubble_count(), "shubble", "shubbles"),
            count(s.smole_count(), "smole", "smoles")
        )
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.lost.is_some() {
            return Some(Outcome::Lost("A smole fell out of the box! Backspace to undo.".into()));
        }
        (self.state().shubble_count() == 0 && self.start.shubble_count() > 0)
            .then(|| Outcome::Won(format!("Box emptied in {}!", count(self.moves.len(), "move", "moves"))))
    }

    fn help(&self) -> &'static str {
        "arrows move the stot   Q/E turn   W half turn   Backspace undo"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIGURE1: &str = ".........@...o....ooo..xox...";

    #[test]
    fn keys_play_moves_and_refuse_illegal_ones() {
        let mut g = BoxPlay::new(BoxState::parse(FIGURE1).unwrap());
        assert_eq!(g.input(Input::Key(Key::Char('e'))), Response::Moved);
        assert_eq!(g.input(Input::Key(Key::Up)), Response::Moved);
        // The stot is now in cell 4; up again is the wall: refused, nothing changes.
        let before = g.state();
        assert_eq!(g.input(Input::Key(Key::Up)), Response::Refused("'^': the stot cannot move into a wall".into()));
        assert_eq!(g.state(), before);
        assert_eq!(g.moves(), "+^");
        assert_eq!(g.input(Input::Key(Key::Backspace)), Response::Undone);
        assert_eq!(g.moves(), "+");
        assert_eq!(g.state().to_string(), ".........@......o...ooo...xox");
        // The latest move's animation runs from the state before it to the state now.
        let a = g.animation();
        assert!(a.steps() >= 2);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn emptying_the_box_is_won_and_losing_a_smole_is_lost() {
        // demos/dropout.box: `+<-` drops three shubbles; one is left.
        let mut g = BoxPlay::new(BoxState::parse("...........@.o.....o...xo.o.x").unwrap());
        for k in [Key::Char('e'), Key::Left, Key::Char('q')] {
            assert_eq!(g.input(Input::Key(k)), Response::Moved);
        }
        assert_eq!(g.state().to_string(), "..........@..............xo.x");
        assert_eq!(g.outcome(), None);
        // Figure 1(a) emptied by the moves the solver finds: the game is won.
        let mut g = BoxPlay::new(BoxState::parse(FIGURE1).unwrap());
        for m in parse("|+++>++>|-") {
            assert_eq!(g.play(m), Response::Moved);
        }
        assert_eq!(g.state().shubble_count(), 0);
        assert_eq!(g.outcome(), Some(Outcome::Won("Box emptied in 10 moves!".into())));
        // A smole lost (demos/smole-lost.box: its third move loses one).
        let mut g = BoxPlay::new(BoxState::parse("......@o.....x....oo...xo.o..").unwrap());
        for m in parse("+>-") {
            g.play(m);
        }
        assert!(matches!(g.outcome(), Some(Outcome::Lost(_))));
        assert!(matches!(g.play(Manipulation::Left), Response::Refused(_)));
        assert_eq!(g.undo(), Response::Undone);
        assert_eq!(g.outcome(), None);
    }

    fn parse(s: &str) -> Vec<Manipulation> {
        crate::r#box::parse_moves(s).unwrap()
    }
}
