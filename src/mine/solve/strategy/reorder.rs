//! Local search over the order in which the best route collects its lambdas: a block of 1 to 12
//! consecutive collections is moved elsewhere in the order (or-opt), or a stretch of collections
//! is reversed (2-opt); the route is kept up to the first changed collection, and the rest is
//! re-played with the engine along shortest paths (the same paths and detours as the beam's macro
//! moves), ending in the lift when it is open. Every prefix of every re-played route is offered,
//! so the best route only gets better.
//!
//! How far a block moves is the caller's `reach`: [`NEAR`] (12 collections either way, or to the
//! end; reversals of up to 24) for the short passes during the search, any distance for the pass
//! at the end (a far move can take a whole corridor earlier in the order).
//!
//! This finds orders the beam misses because their value shows only at the end: e.g. leaving
//! a cluster near the lift for last, or taking a lambda before the rock above it blocks the way.

use super::{Cx, Strategy};
use crate::mine::map::Mine;
use crate::mine::solve::base::paths::collect_in_order;
use crate::mine::solve::base::replay::Plan;
use crate::mine::solve::base::shared::{best_prefix, debug, Shared};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Lengths of the blocks moved.
const BLOCKS: [usize; 7] = [1, 2, 3, 4, 6, 8, 12];

/// How far (in collections) the passes during the search move a block, besides to the end of
/// the order (reversals: up to twice as many collections).
pub(crate) const NEAR: usize = 12;

/// Keeps the route up to collection `from`, then collects `order[from..]` and goes to the lift.
/// Gives up when `over` says time is up.
fn replay(p: &Plan, order: &[usize], from: usize, sh: &Shared, over: &dyn Fn() -> bool) {
    let (m0, cut) = &p.cuts[from];
    collect_in_order(m0.clone(), p.route[..*cut].to_vec(), &order[from..], sh, over);
}

/// A change to the order of collections.
#[derive(Clone, Copy)]
enum Move {
    /// Move the block `[i, i + k)` to position `j` of the order without the block.
    Block { i: usize, k: usize, j: usize },
    /// Reverse `[i, i + k)`.
    Reverse { i: usize, k: usize },
}

impl Move {
    /// The new order and the first position that differs.
    fn apply(self, targets: &[usize]) -> (Vec<usize>, usize) {
        match self {
            Move::Block { i, k, j } => {
                let mut order: Vec<usize> = targets[..i].iter().chain(&targets[i + k..]).copied().collect();
                order.splice(j..j, targets[i..i + k].iter().copied());
                (order, i.min(j))
            }
            Move::Reverse { i, k } => {
                let mut order = targets.to_vec();
                order[i..i + k].reverse();
                (order, i)
            }
        }
    }
}

/// The candidate changes for `n` collections: blocks moved at most `reach` places (or to the
/// end), stretches of up to `2 * reach` reversed. Small blocks come first.
fn moves(n: usize, reach: usize) -> Vec<Move> {
    let reach = reach.min(n);
    let mut v = Vec::new();
    for &k in &BLOCKS {
        if k > n {
            break;
        }
        let rest = n - k;
        for i in 0..=rest {
            let lo = i.saturating_sub(reach);
            let hi = (i + reach).min(rest);
            for j in lo..=hi {
                if j != i {
                    v.push(Move::Block { i, k, j });
                }
            }
            if hi < rest {
                v.push(Move::Block { i, k, j: rest });
            }
        }
    }
    for k in 3..=(2 * reach).min(n) {
        for i in 0..=n - k {
            v.push(Move::Reverse { i, k });
        }
    }
    v
}

/// Passes of order changes (blocks moved at most `reach` collections, see [`moves`]) over the
/// shared best route until one brings nothing, `until` has passed, or the search must stop.
pub(crate) fn reorder(mine: &Mine, sh: &Shared, until: Instant, reach: usize) {
    let over = || sh.should_stop() || sh.now() >= until;
    loop {
        let before = sh.best_score.load(Ordering::Relaxed);
        let (route, _) = best_prefix(mine, &sh.best_route());
        let Some(p) = Plan::new(mine, route, sh.memory_limit / 8) else { return };
        let targets = p.collections();
        let n = targets.len();
        let cands = moves(n, reach);
        cands.par_iter().for_each(|&mv| {
            if over() {
                return;
            }
            let (order, from) = mv.apply(targets);
            replay(&p, &order, from, sh, &over);
        });
        if debug() {
            eprintln!(
                "reorder: {n} collections, {} orders, best {before} -> {} t {:.2}",
                cands.len(),
                sh.best_score.load(Ordering::Relaxed),
                sh.elapsed().as_secs_f64()
            );
        }
        if over() || sh.best_score.load(Ordering::Relaxed) <= before {
            return;
        }
    }
}

/// The reorder pass as a strategy: blocks moved at most `reach` collections.
pub(crate) struct Reorder {
    pub(crate) reach: usize,
}

impl Strategy for Reorder {
    /// Passes until one brings nothing or `until`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        reorder(cx.mine, cx.sh, until, self.reach);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::reorder;
    use crate::mine::map::Mine;
    use crate::mine::solve::base::shared::Shared;
    use std::sync::atomic::Ordering;

    #[test]
    fn takes_the_far_lambda_first_when_the_lift_is_behind_the_near_one() {
        // Lift at column 1, lambdas at columns 2 and 6, robot at 4. Near one first (LL RRRR
        // LLLLL, 11 moves): 150 - 11 = 139. Far one first (RR LLLL L, 7 moves): 143.
        let mine = Mine::parse("#########\n#L\\.R.\\.#\n#########\n").unwrap();
        let bad = b"LLRRRRLLLLL";
        assert_eq!(mine.clone().run(std::str::from_utf8(bad).unwrap()).score, 139);
        let sh = Shared::for_test(139, bad);
        reorder(&mine, &sh, sh.deadline, super::NEAR);
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 143);
        assert_eq!(sh.best_route(), b"RRLLLLL");
    }
}
