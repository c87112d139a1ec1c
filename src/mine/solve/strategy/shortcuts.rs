//! Shortcuts between the best route's collections: from each cut of the best route (the start
//! and each collection), the arrivals search (`base/arrivals.rs`) looks for a shorter way to
//! make the next 1, 2 or 3 collections in the same order, over whole game states. The rest of
//! the route is then played on as it was, or, when the new state differs and that fails,
//! re-played along shortest paths in the same order. The macro moves cannot wait for a rock
//! to fall past or go round one that is about to; these searches can. The routes that tie
//! with the best (`Shared::take_ties`) get a pass too: another way to the same score may be
//! shortened where the best route cannot.

use super::{Cx, Strategy};
use crate::mine::map::{Mine, LAMBDA};
use crate::mine::score::Ending;
use crate::mine::solve::base::arrivals::{arrivals, offer_with_tail, state_cap, tables, Arrival, Ask};
use crate::mine::solve::base::paths::collect_in_order;
use crate::mine::solve::base::replay::{Plan, Replay};
use crate::mine::solve::base::shared::{best_prefix, debug, Shared};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// How many consecutive collections one search replaces.
const WINDOWS: [usize; 3] = [1, 2, 3];

/// Arrivals one search keeps (they differ in where the rocks are).
const MAX_ARRIVALS: usize = 6;

/// Tries the arrivals of one search from cut `k` over `w` goals: the rest of the route as it
/// was, then the rest of the goals along shortest paths. Offers what scores higher.
fn try_arrivals(p: &Plan, k: usize, w: usize, arrivals: Vec<Arrival>, sh: &Shared, over: &dyn Fn() -> bool) {
    for a in arrivals {
        if offer_with_tail(p, k, w, &a, sh) {
            continue;
        }
        if a.mine.ending.is_none() {
            let route = a.route(p, k);
            // Lambdas only: the lift, if it is a goal, is walked to when it opens.
            let order: Vec<usize> = p.goals[k + w..].iter().copied().filter(|&g| a.mine.cells[g] == LAMBDA).collect();
            collect_in_order(a.mine, route, &order, sh, over);
        }
    }
}

/// Passes of shortcut searches over the shared best route until one brings nothing, `until`
/// has passed, or the search must stop. Skipped on maps whose tables would take more than a
/// sixteenth of the memory limit.
pub(crate) fn shortcut(mine: &Mine, sh: &Shared, until: Instant) {
    loop {
        let before = sh.best_score.load(Ordering::Relaxed);
        if !pass(mine, sh, &sh.best_route(), until) || sh.best_score.load(Ordering::Relaxed) <= before {
            return;
        }
    }
}

/// One pass of shortcut searches over each tie of the best route ([`Shared::take_ties`]: a
/// route that scores as much by another way), until `until`; passes over the best route follow
/// if one of them found a better route. Only when the best route wins: before that, the ties
/// are states that happen to score as much as an abort, too many to be worth the passes.
pub(crate) fn polish_ties(mine: &Mine, sh: &Shared, until: Instant) {
    let before = sh.best_score.load(Ordering::Relaxed);
    let ties = sh.take_ties();
    if ties.is_empty() || Replay::new(mine, &sh.best_route()).end.ending != Some(Ending::Win) {
        return;
    }
    for tie in ties {
        if !pass(mine, sh, &tie, until) {
            return;
        }
    }
    if sh.best_score.load(Ordering::Relaxed) > before {
        shortcut(mine, sh, until);
    }
}

/// One pass of shortcut searches over `route`: every window of [`WINDOWS`] collections from
/// every cut, in parallel; better routes go to `sh`. False if `until` or the stop conditions
/// cut it short, or the tables would take more than a sixteenth of the memory limit.
fn pass(mine: &Mine, sh: &Shared, route: &[u8], until: Instant) -> bool {
    let over = || sh.should_stop() || sh.now() >= until;
    let before = sh.best_score.load(Ordering::Relaxed);
    let (route, _) = best_prefix(mine, route);
    let Some(p) = Plan::new(mine, route, sh.memory_limit / 16) else { return false };
    let Some(tables) = tables(mine, &p, sh) else { return false };
    let jobs: Vec<(usize, usize)> =
        WINDOWS.iter().flat_map(|&w| (0..p.goals.len().saturating_sub(w - 1)).map(move |k| (k, w))).collect();
    jobs.par_iter().for_each(|&(k, w)| {
        if over() {
            return;
        }
        let ask = Ask { most: MAX_ARRIVALS, slack: 0, alive: state_cap(mine, sh) };
        let found = arrivals(&p, &tables, k, w, ask, &over);
        try_arrivals(&p, k, w, found, sh, &over);
    });
    if debug() {
        eprintln!(
            "shortcut: {} goals, {} searches, best {before} -> {} t {:.2}",
            p.goals.len(),
            jobs.len(),
            sh.best_score.load(Ordering::Relaxed),
            sh.elapsed().as_secs_f64()
        );
    }
    !over()
}

/// The shortcut pass as a strategy.
pub(crate) struct Shortcuts;

impl Strategy for Shortcuts {
    /// The ties of the best route not yet polished, then passes over the best route until one
    /// brings nothing or `until`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        polish_ties(cx.mine, cx.sh, until);
        shortcut(cx.mine, cx.sh, until);
        true
    }
}
