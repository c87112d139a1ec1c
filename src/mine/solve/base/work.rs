//! The work clock: what a search with a work budget ([`super::shared::SolveOptions::budget_steps`])
//! reads instead of the wall clock, so that it takes the same decisions, and finds the same
//! route, on every run and machine.
//!
//! The unit is the engine step: every [`Mine::step`] the search plays goes through [`step`],
//! which counts it on the calling thread; the static tour's local search (`tsp.rs`), the one
//! stretch of work that plays no step, counts its legs compared through [`charge`]. A work
//! budget runs the search on one thread, so this thread's count is the whole search's work.
//! One step stands for [`NANOS_PER_STEP`] nanoseconds of the schedule's time: the schedule's
//! rules, written in seconds, apply unchanged, a second of them being `1e9 / NANOS_PER_STEP`
//! steps (about what one core of the project's machine plays in a second of a 15 s search).

use crate::mine::map::Mine;
use crate::mine::step::Command;
use std::cell::Cell;

/// Nanoseconds of schedule time per engine step under a work budget: 1 µs, so that a budget
/// of `N` million steps stands for about `N` seconds of one core (measured in docs/solver.md).
pub(crate) const NANOS_PER_STEP: u64 = 1_000;

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
}

/// Plays `c` on `m` with the engine and counts it.
#[inline]
pub(crate) fn step(m: &mut Mine, c: Command) {
    charge(1);
    m.step(c);
}

/// Counts `n` steps' worth of work done on this thread without playing them.
#[inline]
pub(crate) fn charge(n: u64) {
    STEPS.with(|s| s.set(s.get().wrapping_add(n)));
}

/// The steps counted on this thread so far.
#[inline]
pub(crate) fn steps() -> u64 {
    STEPS.with(Cell::get)
}
