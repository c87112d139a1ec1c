//! Trampoline targets made safe ahead of time: a pass over the best route (and over the static
//! tour's order) that digs out, early, the cell that lets the robot leave a trap target.
//!
//! A target with a rock right above it and rocks on both sides is a trap (`base/reach.rs`,
//! `trap`): leaving it downwards lets the rock fall on the robot (task.pdf §2.3 and §2.4: a
//! rock the map update places right above the robot crushes it), and a side rock can be pushed
//! only into an empty cell (§2.2). One earth cell two cells to the side of the target, dug
//! before the jump, is the way out: the robot lands, pushes the side rock into it, and walks on.
//! The beam reaches such a target only with routes that happened to empty that cell, often by
//! a long detour (trampoline3: target 2 lies between two rocks under a third).
//!
//! For each such cell and each point of the order (a cut of the best route after a
//! collection, or a point of the static tour), the pass walks to the cell, then collects the
//! rest of the order along shortest paths ([`collect`]; a lambda it cannot reach when its turn
//! comes is tried again after each later one); every prefix is offered.

use super::edits::edit;
use super::reorder::{reorder, NEAR};
use super::shortcuts::shortcut;
use super::{Cx, Strategy};
use crate::mine::map::{is_rock, Mine, EARTH, LAMBDA, RAZOR, TARGET};
use crate::mine::solve::base::beam::guide;
use crate::mine::solve::base::paths::{goto, to_lift};
use crate::mine::solve::base::reach::trap;
use crate::mine::solve::base::replay::Plan;
use crate::mine::solve::base::shared::{best_prefix, debug, Shared};
use crate::mine::solve::base::tsp::Guide;
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The cells that free a trap target when emptied: for each trampoline target that is a trap
/// on `m`, the cell two cells to the left or right of it beyond a side rock, when that cell
/// is earth or a razor (the robot empties it by walking there).
pub(crate) fn exits(m: &Mine) -> Vec<usize> {
    let mut out = Vec::new();
    for t in 0..m.cells.len() {
        if !(TARGET..TARGET + 9).contains(&m.cells[t]) || !trap(m, t) {
            continue;
        }
        for d in [-1isize, 1] {
            let side = (t as isize + d) as usize;
            let beyond = (t as isize + 2 * d) as usize;
            if is_rock(m.cells[side]) && to_dig(m.cells[beyond]) {
                out.push(beyond);
            }
        }
    }
    out
}

/// True for a cell the robot empties by walking onto it, that is not empty yet: earth or a
/// razor.
fn to_dig(t: u8) -> bool {
    matches!(t, EARTH | RAZOR)
}

/// From `m` (reached by `route`), walks to `exit` unless it is empty already, then collects
/// `rest` ([`collect`]) and goes to the lift when it is open (every prefix offered).
fn fork(mut m: Mine, mut route: Vec<u8>, exit: usize, rest: &[usize], sh: &Shared, over: &dyn Fn() -> bool) {
    if to_dig(m.cells[exit]) && !goto(&mut m, &mut route, exit, sh) {
        return;
    }
    let (m, route) = collect(m, route, rest, sh, over, |_, _, _| {});
    to_lift(m, route, sh);
}

/// From `m` (reached by `route`), collects the lambdas at the cells of `order` in that order
/// along shortest paths (every prefix offered); a lambda that cannot be reached when its turn
/// comes is tried again after each later collection. After each cell of `order`, `each` sees
/// the state, its route and the cells still to collect in order. Returns the last state.
fn collect(
    mut m: Mine,
    mut route: Vec<u8>,
    order: &[usize],
    sh: &Shared,
    over: &dyn Fn() -> bool,
    mut each: impl FnMut(&Mine, &[u8], Vec<usize>),
) -> (Mine, Vec<u8>) {
    let mut pending: Vec<usize> = Vec::new();
    for (k, &t) in order.iter().enumerate() {
        if over() {
            break;
        }
        for c in std::iter::once(t).chain(std::mem::take(&mut pending)) {
            if m.cells[c] != LAMBDA {
                continue;
            }
            let (mut m2, mut r2) = (m.clone(), route.clone());
            if goto(&mut m2, &mut r2, c, sh) && m2.ending.is_none() {
                (m, route) = (m2, r2);
            } else {
                pending.push(c);
            }
        }
        each(&m, &route, pending.iter().chain(&order[k + 1..]).copied().collect());
    }
    (m, route)
}

/// The states met collecting `order` from the start ([`collect`]): (state, route, the cells
/// still to collect in order), the start first.
fn along(mine: &Mine, order: &[usize], sh: &Shared) -> Vec<(Mine, Vec<u8>, Vec<usize>)> {
    let mut out = vec![(mine.clone(), Vec::new(), order.to_vec())];
    collect(mine.clone(), Vec::new(), order, sh, &|| sh.should_stop(), |m, r, rest| {
        out.push((m.clone(), r.to_vec(), rest))
    });
    out
}

/// The pass: for every exit cell of a trap target ([`exits`]), forks from every cut of the
/// best route and from every point of the order of the static tour that `guide` makes or
/// finds (called only on maps with such cells); then polishes the best fork as the search polishes its best
/// route (order changes, shortcuts, single edits: `reorder.rs`, `shortcuts.rs`, `edits.rs`)
/// while that gains, and offers the result. Returns at once on maps without such cells;
/// stops at `until` or when the search must stop.
pub(crate) fn prepare<'g>(mine: &Mine, sh: &Shared, guide: impl FnOnce() -> Option<&'g Guide>, until: Instant) {
    let exits = exits(mine);
    if exits.is_empty() {
        return;
    }
    let before = sh.best_score.load(Ordering::Relaxed);
    let side = sh.scratch(0, b"", until);
    let over = || side.should_stop();
    let (route, _) = best_prefix(mine, &sh.best_route());
    if let Some(p) = Plan::new(mine, route, sh.memory_limit / 8) {
        let order = p.collections();
        (0..=order.len()).into_par_iter().for_each(|k| {
            for &x in &exits {
                if !over() {
                    let (m, cut) = &p.cuts[k];
                    fork(m.clone(), p.route[..*cut].to_vec(), x, &order[k..], &side, &over);
                }
            }
        });
    }
    let from_route = side.best_score.load(Ordering::Relaxed);
    if let Some(g) = guide() {
        let order = g.cells();
        along(mine, &order, &side).into_par_iter().for_each(|(m, route, rest)| {
            for &x in &exits {
                if !over() {
                    fork(m.clone(), route.clone(), x, &rest, &side, &over);
                }
            }
        });
    }
    let forked = side.best_score.load(Ordering::Relaxed);
    loop {
        let round = side.best_score.load(Ordering::Relaxed);
        reorder(mine, &side, until, NEAR);
        shortcut(mine, &side, until);
        edit(mine, &side, until);
        if over() || side.best_score.load(Ordering::Relaxed) <= round {
            break;
        }
    }
    let polished = side.best_score.load(Ordering::Relaxed);
    sh.offer(polished, &side.best_route());
    if debug() {
        eprintln!(
            "traps: {} exits, forks {from_route} then {forked} with the tour, polished {polished}, best {before} -> {} t {:.2}",
            exits.len(),
            sh.best_score.load(Ordering::Relaxed),
            sh.elapsed().as_secs_f64()
        );
    }
}

/// The trap pass as a strategy: it runs once, on the best route of its first call, with the
/// guided lane's static tour.
pub(crate) struct Traps {
    done: bool,
}

impl Traps {
    pub(crate) fn new() -> Traps {
        Traps { done: false }
    }
}

impl Strategy for Traps {
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        if !self.done {
            self.done = true;
            let (mine, sh) = (cx.mine, cx.sh);
            prepare(mine, sh, || guide(mine, sh), until.min(cx.deadline));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{exits, prepare};
    use crate::mine::solve::base::shared::{sample_map, Shared};
    use crate::mine::solve::base::tsp::Guide;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    /// A win on trampoline3 that the search found before this pass (5459, 241 moves): it
    /// empties the cell right of target 2 by going down for the two lambdas beside it
    /// (moves 33 to 78) before it takes trampoline A.
    const DETOUR: &[u8] = b"RRRRDDLDDDDDDDLRRRRRRRRRUUUUURRRLLLLDDDDDDDLLDDDDDLLURRRUUURUUUURRRUUURRRRUUURRRDDRRRRRRRRRRRRDDLDDDDDLLLLLRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRLLLLLLLLLLUULLLLLLLLULLURULURRDDDDRRRRURUUURRUUUUUURRRRRRRRRRRLLUUUULLLLLLLLLDDDDDDRRRRRRRRRRRDDDR";

    /// The cell at `row` and `col` counted from the map text's top-left corner (0-based).
    fn at(m: &crate::mine::map::Mine, row: usize, col: usize) -> usize {
        (m.height() - row) * m.stride + col + 1
    }

    #[test]
    fn trampoline3s_target_2_has_an_exit_on_each_side() {
        // Row 16 is `#....*2*........####...`: rocks in columns 5 and 7, earth in 4 and 8.
        let mine = sample_map("trampoline3");
        assert_eq!(exits(&mine), vec![at(&mine, 16, 4), at(&mine, 16, 8)]);
        // No trampoline on contest1, so no exit.
        assert!(exits(&sample_map("contest1")).is_empty());
    }

    #[test]
    fn digging_the_exit_early_beats_the_detour_on_trampoline3() {
        let mine = sample_map("trampoline3");
        let before = mine.clone().run(std::str::from_utf8(DETOUR).unwrap());
        assert_eq!((before.score, before.moves), (5459, 241));
        let sh = Shared::for_test(before.score, DETOUR);
        let guide = Guide::new(&mine, 2000, Instant::now() + Duration::from_secs(5), &Instant::now, 1 << 28);
        prepare(&mine, &sh, || guide.as_ref(), Instant::now() + Duration::from_secs(60));
        let score = sh.best_score.load(Ordering::Relaxed);
        // The high-score table's 5477 (223 moves), 18 more than the detour.
        assert!(score >= 5477, "{score}");
        let after = mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap());
        assert_eq!((after.score, after.ending), (score, crate::mine::Ending::Win));
    }
}
