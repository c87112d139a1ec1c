//! Solving a board: propagate the deductions to a fixpoint, then search.
//!
//! The propagation (see `propagate.rs`) applies the split analysis per number (spec
//! "Deductions": enumerate how a number's count can split across the four directions and keep
//! what all splits agree on; this covers hint rules 1-4), hint rule 5 and "every blue needs a
//! blue neighbour". When it stalls, the search branches on the most constrained empty cell
//! (blue first, then red) and propagates again: a branch that breaks a rule is refuted by
//! contradiction and the other colour is kept. Works for any n >= 1 (tested up to 30).

use super::board::Board;
use super::propagate::{Ctx, Search};

/// Solves `board`: returns a complete board (numbers kept as [`super::Cell::Number`], every
/// empty cell now [`super::Cell::Red`] or [`super::Cell::Blue`]) obeying both rules and the
/// givens, or `None` if the board has no solution. When a board has several solutions, one of
/// them is returned (always the same one for the same board).
pub fn solve(board: &Board) -> Option<Board> {
    let (ctx, st) = Ctx::new(board);
    let mut search = Search::new(1);
    ctx.search(&mut search, st, None);
    search.first.map(|st| ctx.to_board(board, &st))
}
