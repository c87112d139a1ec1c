//! The box: shubbles, smoles and the stot (`../shared/specs/box.md`).
//!
//! Rules only: no drawing, no files, no printing.
//!
//! - [`geometry`]: the 29 cells on their 5 x 7 bounding box, neighbours per orientation.
//! - [`state`]: [`BoxState`] (a few machine words), the state/moves parsers, [`Manipulation`].
//! - [`rules`]: the fast step function [`apply`] and [`run`] (spec "Manipulations", "Output").
//! - [`record`](mod@record): [`record()`](fn@record) turns a move list into a
//!   [`Trace`](crate::trace::Trace) holding every
//!   frame of the 1 s animation (spec "Pictures", `traces.tsv`).
//! - [`ascii`](mod@ascii): the x0.65 ASCII picture (spec "Pictures").
//! - [`error`]: [`BoxError`], bad input with its position.
//!
//! Numbering: cells are the spec's 0-based indices `0..29`; positions in error messages are
//! 1-based columns (characters) of the input text, so cell N is column N + 1.

pub mod ascii;
pub mod draw;
pub mod error;
pub mod geometry;
pub mod play;
pub mod record;
pub mod rules;
pub mod solve;
pub mod state;

pub use ascii::ascii;
pub use error::BoxError;
pub use geometry::{cell_at, down, row_col, CELLS, OPENING};
pub use record::{record, BoxEvent, Failure};
pub use rules::{apply, run, Illegal};
pub use solve::{solve, solve_with_limit, solve_with_stats, SolveStats, DEFAULT_MAX_STATES};
pub use state::{parse_moves, BoxState, Cell, Manipulation};
