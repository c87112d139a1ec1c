//! The 0h n0 engine (rules only: no drawing, files or printing), after the spec
//! `../shared/specs/ohno.md`: an n x n board where every cell ends up red or blue, numbered blue
//! cells see exactly their number of blues along their row and column up to the first red,
//! and every blue sees at least one blue.
//!
//! * [`Board`] ([`board`]): parse the challenge format, show the output format.
//! * [`rules`]: the five hint rules of Q42's game and the further reasoning, as [`Deduction`]s.
//! * [`solve()`], [`count_solutions()`]: propagation plus search, any n (tested to 30).
//! * [`explain()`]: the step-by-step solution as a [`crate::trace::Trace`].
//! * [`generate()`]: seeded puzzles with exactly one solution.
//! * [`check()`]: the errors a player can make on a partly filled board.
//!
//! Positions in the API are 0-based `(row, col)`; human texts (errors, `Display`) are 1-based.
//!
//! ```
//! use tumble::ohno::{count_solutions, explain, solve, Board};
//!
//! let puzzle = Board::parse(".1..\n..1.\n....\n22#2").unwrap();
//! let solution = solve(&puzzle).unwrap();
//! assert_eq!(solution.to_string(), "OO##\n##OO\nOO#O\nOO#O\n");
//! assert_eq!(count_solutions(&puzzle, 2), 1);
//! let (trace, last) = explain(&puzzle).unwrap();
//! assert_eq!(last, solution);
//! assert_eq!(
//!     trace.steps[1].event.as_ref().unwrap().to_string(),
//!     "One direction left: the 2 at row 4, column 1 sees 1 of 2 and only one direction is \
//!      still open; row 3 column 1 is blue"
//! );
//! ```

pub mod board;
pub mod check;
pub mod count;
pub mod draw;
pub mod error;
pub mod generate;
mod hints;
pub mod play;
mod propagate;
mod prove;
pub mod rules;
pub mod solve;
pub mod steps;

pub use board::{Board, Cell, Color, Dir, MAX_SIDE};
pub use check::{check, PlayerError};
pub use count::count_solutions;
pub use error::{BoardError, NoSolution};
pub use generate::{generate, generate_with, Difficulty, NoPuzzle, PuzzleRng};
pub use rules::{Deduction, Rule};
pub use solve::solve;
pub use steps::{explain, explain_with, Explanation};
