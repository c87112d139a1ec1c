//! The relaxed estimate of the moves a state still needs, which ranks and prunes the
//! single-command beam (`strategy/stepbeam.rs`): distances in moves over every cell but walls
//! ([`relaxed_distances`]), the weight of a spanning tree over the goals left (lambdas,
//! higher-order rocks, the lift) plus the robot's distance to the nearest one. A win walks a
//! path from the robot through every goal, which weighs at least that much, so the estimate
//! never exceeds the moves a win still takes while the higher-order rocks stay where they are
//! (one that falls may break nearer the robot).

use super::arrivals::relaxed_distances;
use crate::mine::map::{Mine, HOROCK, LAMBDA, NONE, WALL};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// Points a lambda is worth in a won game (25 for collecting it, 50 more at the lift): what a
/// state can still gain per lambda left (task.pdf §2.5).
const LAMBDA_WIN_POINTS: i64 = 75;

/// Relaxed distances to every open cell: `dist[slot[g]][c]` is the fewest moves from cell `c`
/// to cell `g` over every cell but walls.
pub(crate) struct Tables {
    slot: Vec<u32>,
    dist: Vec<Vec<u32>>,
    /// The lambda cells of the mine the tables were made for, in cell order, when it has no
    /// higher-order rocks: the only cells where a later state can have a lambda, so its goals
    /// are found without a scan of the grid.
    lambdas: Option<Vec<usize>>,
}

impl Tables {
    /// None when the tables would take more than `bytes`.
    pub(crate) fn new(mine: &Mine, bytes: usize) -> Option<Tables> {
        let open: Vec<usize> = (0..mine.cells.len()).filter(|&c| mine.cells[c] != WALL).collect();
        if open.len() * mine.cells.len() * 4 > bytes {
            return None;
        }
        let mut slot = vec![u32::MAX; mine.cells.len()];
        for (i, &c) in open.iter().enumerate() {
            slot[c] = i as u32;
        }
        let dist = open.par_iter().map(|&g| relaxed_distances(mine, g)).collect();
        let lambdas = (!mine.cells.contains(&HOROCK))
            .then(|| (0..mine.cells.len()).filter(|&c| mine.cells[c] == LAMBDA).collect());
        Some(Tables { slot, dist, lambdas })
    }

    /// Moves from `from` to `to` (both open cells), whichever way is shorter (a trampoline
    /// makes the two differ).
    #[inline]
    pub(crate) fn between(&self, from: usize, to: usize) -> u32 {
        let a = self.dist[self.slot[to] as usize][from];
        let b = self.dist[self.slot[from] as usize][to];
        a.min(b)
    }
}

/// The lambda and higher-order rock cells of `m`, in cell order (a scan of the grid).
fn grid_goals(m: &Mine) -> impl Iterator<Item = usize> + '_ {
    (0..m.cells.len()).filter(|&c| m.cells[c] == LAMBDA || m.cells[c] == HOROCK)
}

/// Calls `f` with each goal cell of `m` but the lift (its lambdas and higher-order rocks), in
/// cell order; `m` is a state of the mine `t` was made for. Without higher-order rocks only
/// the start's lambda cells (the tables' `lambdas`) are looked at, else every cell.
fn each_goal(t: &Tables, m: &Mine, f: impl FnMut(usize)) {
    match &t.lambdas {
        Some(lambdas) => lambdas.iter().copied().filter(|&c| m.cells[c] == LAMBDA).for_each(f),
        None => grid_goals(m).for_each(f),
    }
}

/// Weight of a minimum spanning tree over `goals` (Prim's algorithm).
pub(crate) fn tree_weight(t: &Tables, goals: &[usize]) -> u32 {
    let k = goals.len();
    if k < 2 {
        return 0;
    }
    let mut key = vec![u32::MAX; k];
    let mut done = vec![false; k];
    key[0] = 0;
    let mut total = 0u32;
    for _ in 0..k {
        let u = (0..k).filter(|&v| !done[v]).min_by_key(|&v| key[v]).unwrap();
        done[u] = true;
        total = total.saturating_add(key[u]);
        for v in 0..k {
            if !done[v] {
                key[v] = key[v].min(t.between(goals[u], goals[v]));
            }
        }
    }
    total
}

/// A hash of where the lambdas and higher-order rocks of `m` are: states with the same key have
/// the same goals left (the lift is the map's), so it keys the spanning-tree cache and the
/// single-command beam's cap on states with the same goals left.
pub(crate) fn goals_key(m: &Mine) -> u64 {
    let mut h = FxHasher::default();
    grid_goals(m).for_each(|c| h.write_usize(c));
    h.finish()
}

/// The goals of `m`, a state of the mine `t` was made for (lambdas and higher-order rocks,
/// then the lift if the map has one), and the weight of their spanning tree (`cache` keeps the
/// trees by goal layout), and that layout's key: the same as [`goals_key`] of `m`.
pub(crate) fn goals_and_tree(t: &Tables, m: &Mine, cache: &mut FxHashMap<u64, u32>) -> (Vec<usize>, u32, u64) {
    let (mut g, mut h) = (Vec::new(), FxHasher::default());
    each_goal(t, m, |c| {
        g.push(c);
        h.write_usize(c);
    });
    if m.lift != NONE {
        g.push(m.lift);
    }
    let key = h.finish();
    let tree = *cache.entry(key).or_insert_with(|| tree_weight(t, &g));
    (g, tree, key)
}

/// The moves a state still needs by the relaxed estimate: the spanning tree over its goals
/// (`goals`, weighing `tree`) plus the robot's distance to the nearest one.
pub(crate) fn estimate(t: &Tables, m: &Mine, goals: &[usize], tree: u32) -> u32 {
    let near = goals.iter().map(|&c| t.between(m.robot, c)).min().unwrap_or(0);
    tree.saturating_add(near)
}

/// A lower bound on the moves a win from `m` still takes: the estimate over `goals` (of `m`,
/// whose estimate is `h`) without the higher-order rocks. One that falls may break anywhere
/// below or beside where it stands, so only the lambdas and the lift bound the moves left
/// (`cache` keeps the trees by goal layout, apart from [`goals_and_tree`]'s).
pub(crate) fn bound(t: &Tables, m: &Mine, goals: &[usize], h: u32, cache: &mut FxHashMap<u64, u32>) -> u32 {
    if goals.iter().all(|&g| m.cells[g] != HOROCK) {
        return h;
    }
    let fixed: Vec<usize> = goals.iter().copied().filter(|&g| m.cells[g] != HOROCK).collect();
    let tree = *cache.entry(goals_key(m)).or_insert_with(|| tree_weight(t, &fixed));
    estimate(t, m, &fixed, tree)
}

/// True if `child` has the goals of `parent` (`goals`, the lift last): none was collected and
/// no higher-order rock moved.
pub(crate) fn same_goals(parent: &Mine, child: &Mine, goals: &[usize]) -> bool {
    child.lambdas_on_map == parent.lambdas_on_map
        && goals.iter().all(|&g| g == parent.lift || child.cells[g] == parent.cells[g])
}

/// The best score a state can still reach if it collects everything left and wins, by the
/// estimate `h` of the moves that takes.
pub(crate) fn ceiling(m: &Mine, h: u32) -> i64 {
    LAMBDA_WIN_POINTS * (m.collected + m.lambdas_on_map) as i64 - m.moves as i64 - h as i64
}

#[cfg(test)]
mod tests {
    use super::{bound, estimate, goals_and_tree, Tables};
    use crate::mine::map::Mine;

    #[test]
    fn the_estimate_is_the_tree_over_the_goals_plus_the_nearest_goal() {
        // Robot at x=2, lambdas at x=4 and x=6, the lift at x=7: the tree 4-6-7 weighs 3, the
        // nearest goal is 2 moves away; the route RRRRR takes 5.
        let mine = Mine::parse("########\n#R.\\.\\L\n########").unwrap();
        let t = Tables::new(&mine, 1 << 20).unwrap();
        let (goals, tree, _) = goals_and_tree(&t, &mine, &mut Default::default());
        assert_eq!((goals.len(), tree), (3, 3));
        assert_eq!(estimate(&t, &mine, &goals, tree), 5);
        assert_eq!(mine.clone().run("RRRRR").score, 2 * 75 - 5);
    }

    #[test]
    fn the_bound_leaves_out_the_higher_order_rocks() {
        // The lambda 2 moves right of the robot, the lift 4 beyond it, a higher-order rock up
        // one row between them: with it the tree weighs 3 + 3 (lambda-rock, rock-lift), without
        // it 4.
        let mine = Mine::parse("#########\n#....@..#\n#R.\\...L#\n#########").unwrap();
        let t = Tables::new(&mine, 1 << 20).unwrap();
        let cache = &mut Default::default();
        let (goals, tree, _) = goals_and_tree(&t, &mine, cache);
        let h = estimate(&t, &mine, &goals, tree);
        assert_eq!((goals.len(), tree, h), (3, 6, 8));
        assert_eq!(bound(&t, &mine, &goals, h, &mut Default::default()), 6);
        // No higher-order rock: the bound is the estimate.
        let plain = Mine::parse("#######\n#R.\\.L#\n#######").unwrap();
        let t = Tables::new(&plain, 1 << 20).unwrap();
        let (goals, tree, _) = goals_and_tree(&t, &plain, &mut Default::default());
        let h = estimate(&t, &plain, &goals, tree);
        assert_eq!((goals.len(), h), (2, 4));
        assert_eq!(bound(&t, &plain, &goals, h, &mut Default::default()), h);
    }
}
