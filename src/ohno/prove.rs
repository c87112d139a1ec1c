//! Proving that a puzzle has exactly one solution when one solution is already known: the
//! generator's test. Instead of counting solutions, the proof looks for a *second* one and
//! fails to find it:
//!
//! * [`other_solution`]: cell by cell, each still open cell gets the colour the known solution
//!   does not have, and a search (full propagation at every node) looks for a solution from
//!   there. None found: the cell's colour is learned (set as in the known solution and
//!   propagated) before the next cell is tried, so each refutation makes the next one cheaper.
//! * [`unique_without`]: the puzzle was proven unique, then one given was removed. A second
//!   solution of the smaller puzzle must break that given (otherwise it would solve the
//!   bigger puzzle too), so the search starts from the given's negation: a removed red is
//!   blue; a removed number k is red, or blue seeing some other count j (each j a number put
//!   in its place). That re-uses the previous proof and keeps the search next to the cell.
//!
//! A search that has met a hundred dead ends probes every further node (every
//! open cell tried in both colours, see [`Ctx::probe`]): what that learns settles most hard
//! cases. Each search has a budget of branching nodes; a proof that runs out answers
//! [`Proof::Unknown`] and the generator keeps the given, so a puzzle it makes is always
//! unique; it may then hold a given that a longer proof could have removed.

use super::board::{Board, Cell};
use super::hints::{BLUE, EMPTY, RED};
use super::propagate::{conv, Ctx, Mode, Search};

/// What a proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// The known solution is the only one.
    Unique,
    /// Another solution (a state, one byte a cell).
    Other(Vec<u8>),
    /// A search ran out of its budget of branching nodes.
    Unknown,
}

/// Looks for a solution of `st` (under `ctx`) with at most `budget` branching nodes, trying the
/// colours of `prefer` first (a second solution is most often near the known one) and
/// branching near `changed` (as in [`Ctx::search`]).
fn find(ctx: &Ctx, st: Vec<u8>, changed: Option<usize>, prefer: &[u8], budget: u64) -> Proof {
    let mut search = Search { budget, prefer: Some(prefer), focus: changed, ..Search::new(1) };
    ctx.search(&mut search, st, changed);
    match (search.first, search.out_of_budget) {
        (Some(s), _) => Proof::Other(s),
        (None, true) => Proof::Unknown,
        (None, false) => Proof::Unique,
    }
}

/// [`find`] on a state not yet propagated, searching near cell `focus` first.
fn find_from(ctx: &Ctx, mut st: Vec<u8>, focus: usize, prefer: &[u8], budget: u64) -> Proof {
    if ctx.propagate(&mut st, Mode::Full).is_err() {
        return Proof::Unique;
    }
    find(ctx, st, Some(focus), prefer, budget)
}

/// Whether `puzzle`, of which `sol` (a state) is a solution, has another one: cell by cell,
/// with learned colours (see the module docs). `budget` bounds each cell's search.
pub(crate) fn other_solution(puzzle: &Board, sol: &[u8], budget: u64) -> Proof {
    let (ctx, mut st) = Ctx::new(puzzle);
    if ctx.propagate(&mut st, Mode::Full).is_err() {
        debug_assert!(false, "the known solution solves the puzzle");
        return Proof::Unique;
    }
    for i in 0..st.len() {
        if st[i] != EMPTY {
            continue;
        }
        let mut t = st.clone();
        t[i] = RED + BLUE - sol[i];
        match find(&ctx, t, Some(i), sol, budget) {
            Proof::Unique => {}
            other => return other,
        }
        st[i] = sol[i];
        if ctx.propagate_after(&mut st, Mode::Full, &[i]).is_err() {
            debug_assert!(false, "the known solution solves the puzzle");
            return Proof::Unique;
        }
    }
    Proof::Unique
}

/// Whether `puzzle` (a unique puzzle with solution `sol`, with the given `removed` at cell
/// index `g` now taken away, so that `puzzle.cells()[g]` is empty) still has `sol` as its only
/// solution. `budget` bounds each search (see the module docs).
pub(crate) fn unique_without(puzzle: &Board, g: usize, removed: Cell, sol: &[u8], budget: u64) -> Proof {
    let (ctx, st) = Ctx::new(puzzle);
    let with = |v: u8| {
        let mut t = st.clone();
        t[g] = v;
        t
    };
    let k = match removed {
        Cell::Number(k) => k as u32,
        // A removed red (or plain blue) given: the second solution has the other colour there.
        other => {
            let v = if other.is_red() { BLUE } else { RED };
            return find_from(&ctx, with(v), g, sol, budget);
        }
    };
    match find_from(&ctx, with(RED), g, sol, budget) {
        Proof::Unique => {}
        other => return other,
    }
    // Blue, seeing j != k blues: a number j there.
    let mut blue = with(BLUE);
    if ctx.propagate(&mut blue, Mode::Full).is_err() {
        return Proof::Unique;
    }
    let reach: usize = ctx.rays(g).iter().map(|&(_, len)| len).sum();
    if reach > 63 {
        // The counts would not fit the split analysis' 64-bit masks.
        return Proof::Unknown;
    }
    let a = ctx.feasible(&blue, g, reach as u32);
    let sums = conv(conv(a[0], a[1], u64::MAX), conv(a[2], a[3], u64::MAX), u64::MAX);
    let mut unknown = false;
    for j in (1..=reach as u32).filter(|&j| j != k && (sums >> j) & 1 == 1) {
        let mut numbers = ctx.numbers.clone();
        numbers.push((g, j));
        match find(&Ctx::with_numbers(ctx.n, numbers), blue.clone(), Some(g), sol, budget) {
            Proof::Unique => {}
            Proof::Unknown => unknown = true,
            other => return other,
        }
    }
    if unknown {
        Proof::Unknown
    } else {
        Proof::Unique
    }
}

/// Whether the five hint rules of the game alone finish `puzzle` (spec "Deductions a person
/// makes"): the test of an easy puzzle. On a puzzle with a solution, a finished board is that
/// solution (the rules are sound), so an easy puzzle is unique.
pub(crate) fn hints_finish(puzzle: &Board) -> bool {
    let (ctx, mut st) = Ctx::new(puzzle);
    ctx.propagate(&mut st, Mode::Hints).is_ok() && !st.contains(&EMPTY)
}
