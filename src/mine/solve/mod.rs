//! The route finder: reads a mine and searches for a route scoring as high as possible within a
//! time budget (issue 5).
//!
//! The search never re-implements the rules: every candidate route is played with the engine's
//! [`Mine::step`], and the returned route is re-scored with [`Mine::run`] on a fresh copy.
//!
//! Method (see `search.rs`): a layered beam search over "macro moves". A state is a mine in play
//! plus the route that led to it. From a state, a breadth-first search over the current map
//! (walkable cells, horizontal rock pushes, trampoline jumps, beards when razors are carried)
//! finds the nearest lambdas, the open lift, razors, pushable rocks and earth cells under rocks
//! (higher-order rocks counted apart); each is a goal whose shortest path is played step by step
//! with the engine. A path that kills the robot or is deflected by a falling rock is retried
//! around the cell where it failed (a search over (cell, beards crossed) that crosses no more
//! beards than razors carried), up to three detours. Single moves (`L R U D`), a wait while
//! rocks are moving and a shave next to a beard are macro moves too. In the configurations
//! that weigh reachability, a path that loses a lambda or the lift is also tried around the
//! rocks it disturbs (no pushes, no digging under a rock).
//!
//! States are grouped in layers by the number of lambdas collected; a layer is expanded in order of
//! priority (moves made, plus a penalty per non-collecting macro move in a row and, in some
//! configurations, per lambda the robot can no longer reach and a large one when the lift can no
//! longer be reached or a lambda is lost, half that when the beards, grown as often as the rest of
//! the game is likely to take, would seal the lift off (`beards.rs`); reachability crosses no more
//! beards than razors carried and no trampoline whose target is a trap: a rock right above it and
//! no way out sideways), up to the beam width, with duplicate states (same grid, robot, razors,
//! water, time under water) pruned. On maps with beards and razors, each layer keeps a beam per
//! razor count (0, 1, 2, 3+), so states that kept a razor for the end are not crowded out by
//! cheaper ones that spent theirs. Walking next to a beard and shaving is a macro move too, so a
//! colony can be cleared while it is small; so is fetching a razor and going straight on to shave
//! (a state that fetched razors drops into another razor bucket, so its shaving child came back to
//! a bucket whose width was spent: horock3's early shave after 11 lambdas was lost so). Two of the six configurations add a tour bound to the
//! priority (`tour.rs`: the farthest `robot → lambda → lift` detour still needed), which leaves the
//! lambdas near the lift for last. The configurations take turns, each with its own beam width
//! doubling run after run up to a memory-derived cap; once a configuration is wide, its runs allow
//! longer non-collecting streaks (setup moves such as clearing a cell to push a rock into). After
//! each run a continuation run restarts the same beam from a point on the best route so far (after
//! its last lambda, or 1, 2, 3, 5 or 8 lambdas before), spending the width on the end game of the
//! best collection order. While the best route collects every lambda but leaves the lift out of
//! reach, each turn of the configurations also makes an end-game run: plain macro moves, a long
//! streak limit, restarted 8, 5, 3 or 12 lambdas before the end, as wide as memory allows for so
//! few layers (flood4). After the first turn, more lanes are added: a guided lane (`tsp.rs`: the
//! moves a short static tour of the whole map still needs count in the priority), and deferral
//! lanes (`defer.rs`: the lambdas of the 1-6 beard groups, or of the 1-6 groups, nearest the
//! lift are kept for last while any other lambda is in reach). They get as much time as the
//! plain lane spends in turns that do not improve the best score: in the first half of the
//! budget, after its first 10 s, half of it, to the guided lane only; in the second half all of it, half to the guided
//! lane, the rest to the deferral lanes by least time spent; each lane has its own widths and
//! its own best route to restart from (contest9, trampoline3, horock1 gain); while
//! every route aborts with all lambdas, the guided and beard lanes take all turns (beard4 wins
//! only so). Both cores expand the states of a batch in parallel (rayon). Every
//! prefix of every simulated route is a candidate ending (scored as an abort, or as a win in the
//! lift), so the best route ends where the best score was reached.
//!
//! Local passes on the best route: after each turn of the configurations in which the best route
//! changed (at most a second), and near the end, `reorder.rs` changes the order of its collections
//! (move a block of 1-12 of them up to 12 places, at the end any distance, or reverse a stretch)
//! and re-plays the rest along shortest paths,
//! then `improve.rs` tries single edits (delete one to four commands, replace or insert one); the
//! continuation runs then start from the edited route. The search resumes after the passes near the
//! end until the deadline.
//!
//! Trap targets (`traps.rs`): a trampoline target under a rock between two rocks can be left
//! alive only by pushing a side rock into an empty cell, so that cell must be dug before the jump.
//! Once, at the first of those passes (a tenth of the budget at most), routes that walk to such a
//! cell from every cut of the best route and every point of the static tour and then collect the
//! rest in order are polished by the same passes on a scratch copy of the search state, and the
//! best is offered (trampoline3: 5459 at 150 s before, 5477 within the first 3 s).
//!
//! Shortcuts (`shortcut.rs`, `continuations.rs`): the macro moves walk paths over a frozen grid, so
//! they cannot wait for a rock to fall past or go round one that is about to. A breadth-first
//! search over game states (every command played by the engine; states that differ only in earth no
//! rock rests on are merged) from each cut of the best route (the start and each collection) finds
//! the ways to make its next collection in fewer moves, one per layout of rocks, lambdas and beards
//! left behind. Between turns, from 3 s on, while they have had less than a quarter of the time
//! (slices of 3 s at most, but the first batch of arrivals of a slice may take 8 s, or twice as
//! long as the last that did not finish; the next slice resumes at the next batch), and not while
//! the best route collects every lambda and loses the lift, each arrival whose rest of the route
//! does not beat the best is played on by two narrow beam runs (width 16, doubling with each sweep
//! over the same route up to 256), cut after cut (contest8: one of 49 arrivals at the first lambda,
//! 23 moves against 31, leads to 1969 against 1961). After the widest sweep, or one that found no
//! cut that can be made sooner, the sweeps take the arrivals in as many moves as the route, with an
//! eighth of the time (beard4: 3055 -> 3098). Near the end, the arrivals over the next 1-3
//! collections are tried with the rest of the route as it was, or re-played along shortest paths.
//!
//! Single commands (`stepbeam.rs`): between turns, from 3 s on, while it has had less than a
//! third of the time (slices of 3 s at most), a beam that plays every command from every state,
//! one layer per move, ranked by a relaxed estimate of the moves still needed (a spanning tree
//! over the lambdas, higher-order rocks and lift left, plus the nearest of them), its width
//! doubling run after run from 4096, at most a sixteenth of a layer for states with the same
//! lambdas left; runs from the start take turns with runs from a cut of the best route: after
//! its last shave (horock3: 2393 against 2383), or 6, 12 or 24 lambdas before its end. It finds
//! the waits and steps aside that the macro moves miss (horock1: 760 in 65 moves against 750;
//! contest8: 1973 against 1969 at width 98 304).
//!
//! Memory: the stored states are capped from `memory_limit_bytes`: a quarter of it for the
//! beam, an eighth for the reorder pass's states (skipped above), a sixteenth for the edit
//! pass's snapshots (spaced out above), a sixteenth for the guide's distance tables (above, the
//! guided lane runs unguided), a sixteenth for the states the shortcut searches hold at once,
//! a quarter for the single-command beam's runs and a sixteenth for its distance tables
//! (skipped above). At 150 s the sample maps peak at about 520 MB with the default 1 GB.

mod base;
mod schedule;
mod strategy;

pub use base::shared::{Progress, Solution, SolveOptions};

use base::shared::{best_prefix, stop_value, Shared};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::map::Mine;

/// Searches for a high-scoring route until the time limit or until `stop` becomes true, then
/// returns the best route found, re-scored by the engine on a fresh copy of `mine`. Returns
/// within about a second of `stop` being set. The empty route (score 0) is the floor.
pub fn solve(
    mine: &Mine,
    opts: &SolveOptions,
    stop: &AtomicBool,
    on_progress: &(dyn Fn(&Progress) + Sync),
) -> Solution {
    let start = Instant::now();
    let floor = (stop_value(mine), &[][..]);
    let shared = Shared::new(start, start + opts.time_limit, stop, on_progress, floor, opts.memory_limit_bytes);
    let shared = Shared { route_limit: mine.route_limit(), ..shared };
    if mine.ending.is_none() && !shared.should_stop() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.threads.max(1)).build();
        let run = || schedule::solve(mine, &shared);
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
