//! The box solver: a shortest manipulation string that empties the box of shubbles while keeping
//! both smoles (spec `box.md`, "Manipulations" and "Output"; the challenge's story: the shubbles
//! must all be shaken out through the opening, and no smole may ever fall out).
//!
//! The search is A* (a breadth-first search ordered by depth plus a lower bound on the moves
//! still needed, see `lower_bound`), over [`BoxState`]s; plain breadth-first search found the
//! same lengths but stored up to 10 times more states (4.2 million on the hardest case measured).
//! A state includes the box's orientation (clockwise quarter turns, `0..=3`), since the same cells
//! turned differently behave differently; the goal is any state with no shubble, in any
//! orientation. Successors come from [`apply`], expanded in [`Manipulation::ALL`] order
//! (`+ - | < > ^ v`), and ties are taken first in, first out, so the answer is deterministic.
//! Illegal steps (a stot move into a wall, the opening or a creature, a stot move under a resting
//! creature, and every turn that loses a smole) are not edges of the graph, so they never appear
//! in a solution.
//!
//! Memory: about 80 bytes per stored state (search arena, best-depth map, queue). The search
//! stops at [`DEFAULT_MAX_STATES`] stored states (see its documentation for the largest search
//! measured); [`solve_with_limit`] takes another cap.

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::collections::VecDeque;

use super::rules::apply;
use super::state::{BoxState, Manipulation};

/// The default cap on stored states (distinct states discovered, start included): 2 000 000,
/// about 160 MB.
///
/// The largest searches measured (`benches/box_solve.rs`: the 400 states of
/// `tests/data/box/cases.tsv` and 1 600 states reached from them by random legal manipulations;
/// plus about 40 hand-made boxes with 23 to 26 shubbles) stored 445 000 and 467 000 states
/// (about 180 ms, 37 MB), so the cap is not expected to be reached; when it is,
/// [`SolveStats::capped`] says so.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// What a search did: for progress display and for telling "no solution" from "gave up".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// States taken off the queue and expanded (each tries all 7 manipulations).
    pub explored: usize,
    /// Distinct states discovered (the start included): the memory in use, in states.
    pub stored: usize,
    /// True if the search stopped because `stored` reached the cap before a solution was found
    /// or the reachable states were exhausted; the `None` it returned then means "unknown".
    pub capped: bool,
}

/// A shortest manipulation string (fewest characters of `+ - | < > ^ v`) after which no shubble
/// is in the box, with both smoles still in it and every step legal per [`apply`].
///
/// `Some(vec![])` when `state` holds no shubble; `None` when no such string exists (or, beyond
/// any measured case, when the search hits [`DEFAULT_MAX_STATES`]; use [`solve_with_stats`] to
/// tell the two apart). Deterministic: see the [module documentation](self).
pub fn solve(state: &BoxState) -> Option<Vec<Manipulation>> {
    solve_with_stats(state).0
}

/// [`solve`], plus how much searching it took.
pub fn solve_with_stats(state: &BoxState) -> (Option<Vec<Manipulation>>, SolveStats) {
    solve_with_limit(state, DEFAULT_MAX_STATES)
}

/// [`solve_with_stats`] with a cap of `max_states` stored states (at least 1 is used) instead of
/// [`DEFAULT_MAX_STATES`]. When the cap is hit first, returns `None` with
/// [`SolveStats::capped`] set.
pub fn solve_with_limit(state: &BoxState, max_states: usize) -> (Option<Vec<Manipulation>>, SolveStats) {
    let mut stats = SolveStats { explored: 0, stored: 1, capped: false };
    if state.shubble_count() == 0 {
        return (Some(Vec::new()), stats);
    }
    let max_states = max_states.max(1);
    // The arena: every discovered (state, depth) pair, with the way back to the start.
    let mut nodes: Vec<Node> = vec![Node { state: *state, parent: u32::MAX, depth: 0, by: 0, stale: false }];
    // State -> index in `nodes` of its shallowest discovery so far.
    let mut best: FxHashMap<BoxState, u32> = FxHashMap::default();
    best.insert(*state, 0);
    // Bucket queue: `open[f]` holds the nodes with depth + lower_bound == f, taken first in,
    // first out.
    let mut open: Vec<VecDeque<u32>> = Vec::new();
    push(&mut open, lower_bound(state) as usize, 0);
    let mut f = 0;
    loop {
        let Some(i) = pop(&mut open, &mut f) else {
            return (None, stats);
        };
        let node = &nodes[i as usize];
        if node.stale {
            continue;
        }
        let (current, depth) = (node.state, node.depth + 1);
        stats.explored += 1;
        for (k, &m) in Manipulation::ALL.iter().enumerate() {
            let Ok(next) = apply(&current, m) else {
                continue;
            };
            let index = nodes.len() as u32;
            match best.entry(next) {
                Entry::Occupied(mut e) => {
                    let old = *e.get() as usize;
                    if nodes[old].depth <= depth {
                        continue;
                    }
                    // Reached by a shorter path than before (possible: the graph is directed).
                    nodes[old].stale = true;
                    e.insert(index);
                }
                Entry::Vacant(e) => {
                    e.insert(index);
                    stats.stored += 1;
                }
            }
            nodes.push(Node { state: next, parent: i, depth, by: k as u8, stale: false });
            // Goal test on discovery is exact: every non-goal state has lower_bound >= 1, so
            // `depth` <= the f of the node being expanded, the least f still open.
            if next.shubble_count() == 0 {
                return (Some(path(&nodes, index as usize)), stats);
            }
            if stats.stored >= max_states {
                stats.capped = true;
                return (None, stats);
            }
            push(&mut open, depth as usize + lower_bound(&next) as usize, index);
        }
    }
}

/// A lower bound on the number of manipulations that empty `state` of shubbles (consistent: one
/// manipulation lowers it by at most 1, so A* with it finds shortest strings).
///
/// Shubbles leave only in the settle after a turn that ends in the standard orientation, and only
/// those in the line above the opening (cells 5, 10, 16, 22, 27): at most 5 per such turn. So
/// `n` shubbles need at least `ceil(n / 5)` turns into the standard orientation, and between two
/// of them (and before the first, if the box is in the standard orientation now) a turn out of it.
fn lower_bound(state: &BoxState) -> u32 {
    let n = state.shubble_count();
    if n == 0 {
        0
    } else {
        2 * n.div_ceil(5) - u32::from(state.turns() != 0)
    }
}

fn push(open: &mut Vec<VecDeque<u32>>, f: usize, node: u32) {
    if open.len() <= f {
        open.resize_with(f + 1, VecDeque::new);
    }
    open[f].push_back(node);
}

/// The first node of the lowest non-empty bucket at or above `*f` (f never decreases, since
/// [`lower_bound`] is consistent).
fn pop(open: &mut [VecDeque<u32>], f: &mut usize) -> Option<u32> {
    while *f < open.len() {
        if let Some(i) = open[*f].pop_front() {
            return Some(i);
        }
        *f += 1;
    }
    None
}

/// One discovered state in the search arena.
struct Node {
    state: BoxState,
    /// Index of the node it was reached from (`u32::MAX` for the start).
    parent: u32,
    /// Manipulations from the start.
    depth: u16,
    /// Index into [`Manipulation::ALL`] of the manipulation from the parent.
    by: u8,
    /// A shorter path to the same state was found later; skip this node.
    stale: bool,
}

/// The manipulations from the start (node 0) to node `i`.
fn path(nodes: &[Node], mut i: usize) -> Vec<Manipulation> {
    let mut out = Vec::new();
    while nodes[i].parent != u32::MAX {
        out.push(Manipulation::ALL[nodes[i].by as usize]);
        i = nodes[i].parent as usize;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::rules::run;

    fn st(s: &str) -> BoxState {
        BoxState::parse(s).unwrap()
    }

    fn text(moves: &[Manipulation]) -> String {
        moves.iter().map(|m| m.as_char()).collect()
    }

    #[test]
    fn no_shubble_is_solved_by_nothing() {
        let (sol, stats) = solve_with_stats(&st("@......................xx...."));
        assert_eq!(sol, Some(vec![]));
        assert_eq!(stats.explored, 0);
    }

    #[test]
    fn cap_is_reported() {
        // Shubble in 28 at the right end of row 4; it needs at least a turn to reach 27.
        let s = st("@......................xx...o");
        let (sol, stats) = solve_with_limit(&s, 2);
        assert_eq!(sol, None);
        assert!(stats.capped);
        let (sol, stats) = solve_with_stats(&s);
        let sol = sol.expect("solvable");
        assert!(!stats.capped);
        let end = run(&s, &sol).unwrap();
        assert_eq!(end.shubble_count(), 0);
        assert_eq!(end.smole_count(), 2);
        assert!(!text(&sol).is_empty());
    }
}
