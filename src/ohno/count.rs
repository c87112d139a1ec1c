//! Counting solutions, stopping early: the generator and the tests only need to tell 0, 1
//! and "2 or more" apart.

use super::board::Board;
use super::propagate::{Ctx, Search};

/// Number of solutions of `board`, counted up to `limit` (the result is `min(solutions,
/// limit)`): `count_solutions(b, 2)` is 0 (no solution), 1 (unique) or 2 (several).
/// Same propagation and search as [`super::solve()`], exhaustive over both colours.
pub fn count_solutions(board: &Board, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let (ctx, st) = Ctx::new(board);
    let mut search = Search::new(limit);
    ctx.search(&mut search, st, None);
    search.count
}
