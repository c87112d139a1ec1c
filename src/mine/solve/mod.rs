//! The route finder: reads a mine and searches for a route scoring as high as possible within a
//! time budget (issue 5; the redesign of issue 26, with its tuning log, is in `docs/solver.md`).
//!
//! The search never re-implements the rules: every candidate route is played with the engine's
//! [`Mine::step`], and the returned route is re-scored with [`Mine::run`] on a fresh copy.
//! Routes are scored as the judges score them: a route that runs out scores as an abort, so
//! every prefix of every route played is a candidate ending, and the judges play only the first
//! [`Mine::route_limit`] (width × height) commands, so nothing longer is ever kept.
//!
//! The design, in three layers, each importing only the ones below it:
//!
//! - `base/`, the machinery: the shared search state (best route, counters, stop conditions)
//!   and the scoring of prefixes; macro-move generation (a breadth-first search from the robot
//!   finds the goals: lambdas, the lift, razors, rocks to push, earth to dig under rocks, cells
//!   to shave from); paths played with the engine and retried around the cell where they
//!   failed; reachability and the beard forecast; the rankings (tour bound, static tour,
//!   deferred lambdas); the layered beam over macro moves; routes replayed and cut at their
//!   collections; a breadth-first search over game states between two cuts of a route.
//! - `strategy/`, the strategies, each a `Strategy` (`strategy/mod.rs`) in a file of its own:
//!   - the beam lanes (`lane.rs`): six beam configurations in turn, widths doubling; the plain
//!     lane, the guided lane (`guided.rs`: ranked by a static tour of the whole map) and the
//!     deferral lanes (`deferral.rs`: lambdas by the lift kept for last). Different rankings
//!     win on different maps, so each gets a lane of its own rather than a blend;
//!   - restarts (`restart.rs`): the same beam from a cut of the lane's best route, so that the
//!     width goes to the end game of the most promising collection order, or after an opening
//!     (`openings.rs`: a walk onto a trampoline and the jump), so that routes that jump first
//!     are not ranked out before the jump pays;
//!   - the end-game run (`endgame.rs`): a very wide beam over the last collections while the
//!     best route collects everything but loses the lift;
//!   - local passes on the best route: the order of collections changed (`reorder.rs`), single
//!     command edits (`edits.rs`), pairs of edits a few moves apart (`pairs.rs`, which also
//!     tightens the single-command beam's near misses of other collection orders), shorter
//!     ways between collections over whole game states (`shortcuts.rs`), trap targets made
//!     safe before the jump (`traps.rs`);
//!   - the continuations (`continuations.rs`): those shorter ways played on by narrow beams;
//!   - the replans (`replans.rs`): the beam from the best route's states a quarter, half and
//!     three quarters of the way, in sweeps of doubling width, for other plans of the rest;
//!     what ties with the best gets the shortcut pass (the shared state keeps such ties);
//!   - the single-command beam (`stepbeam.rs`): every command from every state, ranked by a
//!     relaxed estimate, for the waits and steps aside that macro moves miss.
//! - `schedule.rs`, the scheduler: hands out the time between the strategies by the rule its
//!   doc states.
//!
//! Both cores expand the states of a beam layer in parallel (rayon); the strategies take turns.
//!
//! Every decision of the schedule and the strategies reads the search's clock
//! (`Shared::now`): the wall clock under a time budget, or under a work budget the engine
//! steps played so far (`base/work.rs`), on one thread, so that a run is reproducible.
//!
//! Memory: the stored states are capped from `memory_limit_bytes`: a quarter of it for the
//! macro-move beam, an eighth for the reorder pass's states (skipped above), a sixteenth for the
//! snapshots of the edit and pair passes (spaced out above), a sixteenth for the static tour's
//! distance tables (above, the guided lane runs unguided), a sixteenth for the states the shortcut
//! searches hold at once, a quarter for the single-command beam's runs and a sixteenth for its
//! distance tables (skipped above). Besides, each thread that runs a beam keeps two memos of its
//! rankings (`base/memo.rs`), 8 MiB each. The peaks measured with the default 1 GB are in
//! docs/solver.md.

mod base;
mod schedule;
mod strategy;

pub use base::shared::{Progress, Solution, SolveOptions};

use base::shared::{best_prefix, stop_value, Shared};
use base::work;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::map::Mine;

/// Searches for a high-scoring route until the time limit (or the work budget,
/// [`SolveOptions::budget_steps`]) or until `stop` becomes true, then returns the best route
/// found, re-scored by the engine on a fresh copy of `mine`. Returns within about a second of
/// `stop` being set. The empty route (score 0) is the floor. Under a work budget the search
/// runs on one thread and the route found is the same on every run and machine (as long as
/// neither `stop` nor the time limit cuts it short).
pub fn solve(
    mine: &Mine,
    opts: &SolveOptions,
    stop: &AtomicBool,
    on_progress: &(dyn Fn(&Progress) + Sync),
) -> Solution {
    let start = Instant::now();
    let floor = (stop_value(mine), &[][..]);
    // Under a work budget the deadline is on the work clock (`base/work.rs`), and the search
    // runs on one thread, so that the steps counted on it are all of its work.
    let (deadline, threads) = match opts.budget_steps {
        Some(steps) => (start + Duration::from_nanos(steps.saturating_mul(work::NANOS_PER_STEP)), 1),
        None => (start + opts.time_limit, opts.threads.max(1)),
    };
    let shared = Shared::new(start, deadline, stop, on_progress, floor, opts.memory_limit_bytes);
    let shared = Shared {
        route_limit: mine.route_limit(),
        work: opts.budget_steps.is_some(),
        wall_deadline: start + opts.time_limit,
        ..shared
    };
    if mine.ending.is_none() && !stop.load(Ordering::Relaxed) && !opts.time_limit.is_zero() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        let run = || {
            // The work clock starts at this thread's count now.
            shared.work_base.store(work::steps(), Ordering::Relaxed);
            schedule::solve(mine, &shared)
        };
        match pool {
            Ok(p) => p.install(run),
            Err(_) => run(),
        }
    }
    // Re-score on a fresh copy; keep the best prefix (never worse than what was verified).
    let route = shared.best_route();
    let (route, score) = best_prefix(mine, &route);
    debug_assert!(route.len() <= mine.route_limit());
    let mut fresh = mine.clone();
    let outcome = fresh.run(std::str::from_utf8(&route).unwrap_or(""));
    debug_assert_eq!(outcome.score, score);
    Solution {
        route: String::from_utf8(route).unwrap_or_default(),
        score: outcome.score,
        states_explored: shared.explored.load(Ordering::Relaxed),
    }
}
