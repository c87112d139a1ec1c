//! The step-by-step explanation of a solution, as a [`Trace`] for the pipeline.
//!
//! Each step is the earliest applicable deduction in this order: the five hint rules
//! ([`super::rules::next_hint`]), then [`Rule::NeedsNeighbour`] and [`Rule::SplitAgreement`]
//! ([`super::rules::next_further`]), then [`Rule::Contradiction`] (the empty cell nearest to
//! the step before whose other colour breaks a rule after propagation), then [`Rule::Search`]
//! (the nearest whose other colour has no solution at all), and only on boards with several
//! solutions [`Rule::Guess`]. All but `Guess` are sound: they agree with every solution.
//! Trials skip cells on which two known solutions of the current board disagree (solutions
//! found by earlier searches are kept), which keeps big boards with many solutions fast.

use super::board::{Board, Color};
use super::error::NoSolution;
use super::hints::{BLUE, EMPTY, RED};
use super::propagate::{encode, Ctx, Mode, Search};
use super::rules::{further_on, hint_on, Deduction, Rule};
use super::solve::solve;
use crate::trace::Trace;

/// The explanation trace: states are boards, the event of step 0 is `None` (the puzzle as
/// given) and of every later step `Some(deduction)` that produced it.
pub type Explanation = Trace<Board, Option<Deduction>>;

/// Explains how to solve `board`, one deduction per step.
///
/// `steps[0]` is the puzzle (event `None`, manipulation `None`); step `i >= 1` is the board
/// after deduction number `i - 1` (event `Some(d)`, manipulation `Some(i - 1)`). The last
/// step's board is complete and is also returned as the solution (numbers kept as
/// [`super::Cell::Number`]); it equals [`solve()`]'s answer.
///
/// # Errors
/// [`NoSolution`] if the board has no solution (no step is recorded then).
pub fn explain(board: &Board) -> Result<(Explanation, Board), NoSolution> {
    explain_with(board, &mut |_, _| {})
}

/// [`explain`], calling `progress(cells_decided, cells_empty_at_start)` after each step (for a
/// progress bar: an empty 100x100 board takes some seconds).
///
/// # Errors
/// As [`explain`].
pub fn explain_with(board: &Board, progress: &mut dyn FnMut(usize, usize)) -> Result<(Explanation, Board), NoSolution> {
    let solution = solve(board).ok_or(NoSolution)?;
    let (ctx, mut st) = Ctx::new(board);
    let sol = encode(&solution);
    // Known solutions of the current board: their disagreements show cells that no trial
    // can settle, so stalls on boards with several solutions stay cheap.
    let mut pool = vec![sol.clone()];
    let mut cur = board.clone();
    let mut trace = Trace::new(board.clone(), None);
    let mut index = 0;
    let mut last = 0;
    let empty = st.iter().filter(|&&v| v == EMPTY).count();
    let mut decided = 0;
    while st.contains(&EMPTY) {
        let d = hint_on(&ctx, &st)
            .or_else(|| further_on(&ctx, &st))
            .unwrap_or_else(|| trial(&ctx, &st, &sol, &mut pool, last));
        last = d.cells[0].0 * ctx.n + d.cells[0].1;
        for &(r, c, color) in &d.cells {
            st[r * ctx.n + c] = code(color);
        }
        d.apply(&mut cur);
        decided += d.cells.len();
        trace.push(cur.clone(), Some(d), index);
        index += 1;
        progress(decided, empty);
    }
    Ok((trace, cur))
}

/// The state code of a colour.
fn code(color: Color) -> u8 {
    match color {
        Color::Red => RED,
        Color::Blue => BLUE,
    }
}

/// A stall of the non-trial rules on state `st` (then a fixpoint of the full propagation):
/// the empty cell nearest to `last` (the first cell of the step before; ties row-major) whose colour opposite to the solution's breaks a rule
/// after propagation ([`Rule::Contradiction`]), else the first whose opposite colour has no
/// solution at all ([`Rule::Search`]), in the same order, else a [`Rule::Guess`] of the
/// solution's colour on the first empty cell (row-major). Cells where a known solution of the current board disagrees with `sol`
/// are skipped: they are not forced.
fn trial(ctx: &Ctx, st: &[u8], sol: &[u8], pool: &mut Vec<Vec<u8>>, last: usize) -> Deduction {
    // Known solutions follow the board: one that disagrees with a cell set since takes that
    // cell's colour and stays if it is still a solution (a complete state that propagates
    // without a broken rule is one).
    pool.retain_mut(|s| {
        let mut patched = false;
        for (&a, b) in st.iter().zip(s.iter_mut()) {
            if a != EMPTY && a != *b {
                *b = a;
                patched = true;
            }
        }
        !patched || ctx.propagate(s, Mode::Full).is_ok()
    });
    pool.dedup();
    // A solution that differs from `sol` wherever it can (each branch tries first the colour
    // `sol` does not have) shows at once many cells that are not forced: on a board with many
    // solutions (an empty one), nearly all.
    let anti: Vec<u8> = sol.iter().map(|&v| RED + BLUE - v).collect();
    if pool.iter().all(|s| s == sol) {
        let mut search = Search::new(1);
        search.prefer = Some(&anti);
        ctx.search(&mut search, st.to_vec(), None);
        if let Some(s) = search.first.filter(|s| s != sol) {
            pool.push(s);
        }
    }
    // Only forced cells can give a Contradiction or a Search, so leaving out the cells that
    // two known solutions colour differently changes no deduction; it only finds it sooner.
    let open = |pool: &[Vec<u8>], i: usize| st[i] == EMPTY && pool.iter().all(|s| s[i] == sol[i]);
    let other = |i: usize| RED + BLUE - sol[i];
    let n = ctx.n;
    let mut candidates: Vec<usize> = (0..st.len()).filter(|&i| open(pool, i)).collect();
    candidates.sort_by_key(|&i| (last / n).abs_diff(i / n) + (last % n).abs_diff(i % n));
    for &i in &candidates {
        let mut t = st.to_vec();
        t[i] = other(i);
        if ctx.propagate_after(&mut t, Mode::Full, &[i]).is_err() {
            return single(Rule::Contradiction, i, ctx.n, sol[i]);
        }
    }
    for &i in &candidates {
        if !open(pool, i) {
            continue;
        }
        let mut t = st.to_vec();
        t[i] = other(i);
        let mut search = Search::new(1);
        search.prefer = Some(&anti);
        ctx.search(&mut search, t, Some(i));
        match search.first {
            Some(s) => pool.push(s),
            None => return single(Rule::Search, i, ctx.n, sol[i]),
        }
    }
    let i = st.iter().position(|&s| s == EMPTY).expect("board not complete");
    single(Rule::Guess, i, ctx.n, sol[i])
}

fn single(rule: Rule, i: usize, n: usize, v: u8) -> Deduction {
    let color = if v == RED { Color::Red } else { Color::Blue };
    Deduction { rule, cells: vec![(i / n, i % n, color)], cause: None, number: None, seen: 0 }
}

/// The first empty cell (row-major) and colour (blue, then red) whose trial propagates into a
/// broken rule: the cell gets the other colour.
pub fn contradiction(board: &Board) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    for i in 0..st.len() {
        if st[i] != EMPTY {
            continue;
        }
        for try_code in [BLUE, RED] {
            let mut t = st.clone();
            t[i] = try_code;
            if ctx.propagate(&mut t, Mode::Full).is_err() {
                return Some(single(Rule::Contradiction, i, ctx.n, RED + BLUE - try_code));
            }
        }
    }
    None
}
