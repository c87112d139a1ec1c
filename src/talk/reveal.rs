//! A 0h n0 item without `steps`: the puzzle, then its whole solution filling in as one
//! manipulation (one PageDown).

use crate::anim::{Animated, Pacing};
use crate::ohno::draw::{board_scene, theme, Marks, PACING};
use crate::ohno::{Board, Cell, Deduction, Rule};
use crate::scene::{Color, Scene};

/// The puzzle (step 0) and the solution (step 1).
pub(super) struct Reveal {
    puzzle: Board,
    solution: Board,
    /// Every cell the solution fills, as one deduction (drawn growing in).
    filled: Deduction,
}

impl Reveal {
    /// `solution` must be `puzzle` completed.
    pub(super) fn new(puzzle: Board, solution: Board) -> Reveal {
        let n = puzzle.size();
        let cells = (0..n * n)
            .map(|i| (i / n, i % n))
            .filter(|&(r, c)| puzzle.cell(r, c) == Cell::Empty)
            .filter_map(|(r, c)| solution.cell(r, c).color().map(|colour| (r, c, colour)))
            .collect();
        let filled = Deduction { rule: Rule::Search, cells, cause: None, number: None, seen: 0 };
        Reveal { puzzle, solution, filled }
    }
}

impl Animated for Reveal {
    fn steps(&self) -> usize {
        2
    }

    fn manipulation(&self, step: usize) -> Option<usize> {
        (step == 1).then_some(0)
    }

    fn tween_seconds(&self, _step: usize) -> f64 {
        0.8
    }

    fn draw(&self, step: usize, fraction: f32) -> Scene {
        let n = self.filled.cells.len();
        if step == 0 {
            let caption = Some(("0h n0".to_string(), format!("{n} cells to fill")));
            return board_scene(&self.puzzle, &Marks { caption, ..Marks::default() });
        }
        let caption = Some(("solved".to_string(), format!("{n} cells filled")));
        if fraction >= 1.0 {
            return board_scene(&self.solution, &Marks { caption, ..Marks::default() });
        }
        board_scene(&self.puzzle, &Marks { deduction: Some((&self.filled, fraction)), caption, ..Marks::default() })
    }

    fn palette_colors(&self) -> Vec<Color> {
        theme::ALL.to_vec()
    }

    fn pacing(&self) -> Pacing {
        PACING
    }
}
