//! Playing 0h n0 by hand: a click cycles a cell empty → blue → red → empty (given cells stay),
//! H shows the next deduction, errors are marked, a solved board is celebrated. The rules are
//! the engine's ([`check()`], [`next_hint`], [`explain()`]); this file keeps the board.

use crate::anim::{Animated, Pacing};
use crate::live::{Input, Key, Live, Outcome, Response};
use crate::ohno::draw::{board_scene, theme, Marks};
use crate::ohno::rules::{next_further, next_hint};
use crate::ohno::{check, explain, Board, Cell, Color as Colour, Deduction, PlayerError};
use crate::scene::{Color, Scene};
use crate::words::count;

/// A 0h n0 game in progress.
#[derive(Clone, Debug)]
pub struct OhnoPlay {
    puzzle: Board,
    board: Board,
    /// Cells changed so far, as `(row, col)` (for undo and the move list).
    history: Vec<(usize, usize, Cell)>,
    hint: Option<Deduction>,
}

impl OhnoPlay {
    /// A new game on `puzzle`.
    pub fn new(puzzle: Board) -> OhnoPlay {
        OhnoPlay { board: puzzle.clone(), puzzle, history: Vec::new(), hint: None }
    }

    /// The board as played so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Cycles the cell at (`row`, `col`) (0-based): empty → blue → red → empty.
    pub fn cycle(&mut self, row: usize, col: usize) -> Response {
        let n = self.board.size();
        if row >= n || col >= n {
            return Response::Ignored;
        }
        let old = self.board.cell(row, col);
        if !self.puzzle.cell(row, col).is_empty() {
            return Response::Refused(format!("row {}, column {} is given", row + 1, col + 1));
        }
        let next = match old {
            Cell::Empty => Some(Colour::Blue),
            Cell::Blue => Some(Colour::Red),
            _ => None,
        };
        self.board.set(row, col, next);
        self.history.push((row, col, old));
        self.hint = None;
        Response::Moved
    }

    /// The next deduction from the board as it is (the five rules first, then the further
    /// reasoning), or why there is none.
    pub fn hint(&mut self) -> Response {
        if !check(&self.board).is_empty() {
            return Response::Refused("fix the marked errors first".into());
        }
        let next = next_hint(&self.board)
            .or_else(|| next_further(&self.board))
            .or_else(|| explain(&self.board).ok().and_then(|(t, _)| t.steps.get(1).and_then(|s| s.event.clone())));
        match next {
            Some(d) => {
                self.hint = Some(d);
                Response::Moved
            }
            None if self.board.is_complete() => Response::Ignored,
            None => Response::Refused("no deduction from here: a cell set so far is wrong".into()),
        }
    }
}

/// One picture of the game: the board, its errors, the hint.
struct PlayPicture {
    scene: Scene,
}

impl Animated for PlayPicture {
    fn steps(&self) -> usize {
        1
    }
    fn manipulation(&self, _step: usize) -> Option<usize> {
        None
    }
    fn tween_seconds(&self, _step: usize) -> f64 {
        0.0
    }
    fn draw(&self, _step: usize, _fraction: f32) -> Scene {
        self.scene.clone()
    }
    fn palette_colors(&self) -> Vec<Color> {
        theme::ALL.to_vec()
    }

    fn pacing(&self) -> Pacing {
        crate::ohno::draw::PACING
    }
}

impl Live for OhnoPlay {
    fn input(&mut self, input: Input) -> Response {
        match input {
            Input::Click { x, y } if x >= 0.0 && y >= 0.0 => self.cycle(y as usize, x as usize),
            Input::Key(Key::Char('h')) => self.hint(),
            Input::Key(Key::Backspace) => match self.history.pop() {
                Some((r, c, old)) => {
                    self.board.set(r, c, old.color());
                    self.hint = None;
                    Response::Undone
                }
                None => Response::Ignored,
            },
            _ => Response::Ignored,
        }
    }

    fn animation(&self) -> Box<dyn Animated + Send + Sync> {
        let errors = check(&self.board);
        let caption = match &self.hint {
            Some(d) => {
                let text = d.to_string();
                let detail = text.split_once(": ").map_or(text.clone(), |(_, r)| r.to_string());
                Some((format!("Hint: {}", d.rule.name()), detail))
            }
            None => Some(("0h n0".to_string(), "click: empty → blue → red   H: hint".to_string())),
        };
        let marks = Marks {
            deduction: self.hint.as_ref().map(|d| (d, 0.0)),
            errors: &errors,
            caption,
            puzzle: Some(&self.puzzle),
        };
        Box::new(PlayPicture { scene: board_scene(&self.board, &marks) })
    }

    fn whole_game(&self) -> Box<dyn Animated + Send + Sync> {
        self.animation()
    }

    fn moves(&self) -> String {
        self.board.to_string().trim_end().replace('\n', "/")
    }

    fn status(&self) -> String {
        let errors = check(&self.board);
        let mut s = format!("{} left", count(self.board.empty_count(), "cell", "cells"));
        for e in errors.iter().take(2) {
            s.push_str(&format!("   {}", describe(e)));
        }
        s
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.board.is_complete() && check(&self.board).is_empty() && self.board.is_solution_of(&self.puzzle))
            .then(|| Outcome::Won(format!("Solved in {}!", count(self.history.len(), "click", "clicks"))))
    }

    fn help(&self) -> &'static str {
        "click a cell: empty → blue → red   H hint   Backspace undo"
    }
}

fn describe(e: &PlayerError) -> String {
    match *e {
        PlayerError::TooFew { row, col, number, sees } => {
            format!("the {number} at row {}, column {} is closed in seeing only {sees}", row + 1, col + 1)
        }
        PlayerError::TooMany { row, col, number, sees } => {
            format!("the {number} at row {}, column {} sees {sees}", row + 1, col + 1)
        }
        PlayerError::Isolated { row, col } => format!("the blue at row {}, column {} sees nothing", row + 1, col + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ohno::solve;

    #[test]
    fn clicking_the_solution_in_wins_and_errors_are_reported() {
        let puzzle = Board::parse(".1..\n..1.\n....\n22#2").unwrap();
        let solution = solve(&puzzle).unwrap();
        let mut g = OhnoPlay::new(puzzle.clone());
        // A given cannot be changed.
        assert!(matches!(g.input(Input::Click { x: 1.5, y: 0.5 }), Response::Refused(_)));
        // A hint on the fresh board is a sound deduction.
        assert_eq!(g.input(Input::Key(Key::Char('h'))), Response::Moved);
        let d = g.hint.clone().unwrap();
        for &(r, c, col) in &d.cells {
            assert_eq!(solution.cell(r, c).color(), Some(col));
        }
        for r in 0..4 {
            for c in 0..4 {
                if !puzzle.cell(r, c).is_empty() {
                    continue;
                }
                let clicks = if solution.cell(r, c).is_blue() { 1 } else { 2 };
                for _ in 0..clicks {
                    assert_eq!(g.input(Input::Click { x: c as f32 + 0.5, y: r as f32 + 0.5 }), Response::Moved);
                }
            }
        }
        assert_eq!(g.board().to_string(), solution.to_string());
        assert!(matches!(g.outcome(), Some(Outcome::Won(_))));
        // Undo the last click and make that cell blue instead of red: an error shows.
        assert_eq!(g.input(Input::Key(Key::Backspace)), Response::Undone);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn a_number_seeing_too_many_is_marked() {
        let mut g = OhnoPlay::new(Board::parse("1..\n...\n...").unwrap());
        g.cycle(0, 1);
        g.cycle(0, 2);
        assert!(g.status().contains("the 1 at row 1, column 1 sees 2"), "{}", g.status());
    }
}
