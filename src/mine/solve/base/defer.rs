//! Lambdas kept for last: the deferral sets of the deferral lanes (`strategy/deferral.rs`,
//! which says why).
//!
//! Beards grow every `Growth` moves into the empty cells among their 8 neighbours (beards.pdf,
//! the map update). A lambda next to a beard is a wall for it until the robot takes it; then
//! the beard spreads into the cell and on through every cell the robot has emptied nearby.
//!
//! A *group* is a set of lambdas 8-connected to each other; a *beard group* is a group with a
//! lambda among the 8 neighbours of a beard (the lambdas a beard eats its way through once
//! the first is taken). Groups are ranked by how far their farthest lambda is from the lift
//! (moves over every cell but walls). The deferrals are the `k` beard groups nearest the lift
//! (k = 1..=6), then the `k` groups nearest the lift (k = 1..=6), each set once. While another
//! lambda can be reached without stepping on a deferred one, the path search treats the
//! deferred lambdas as walls (`moves.rs`, `bfs`).

use crate::mine::map::{Mine, BEARD, LAMBDA, WALL};
use std::collections::VecDeque;

/// Most deferrals of each kind (the 1 to 6 groups nearest the lift).
const MAX_GROUPS: usize = 6;

/// Moves from the lift to every cell over every cell but walls (`usize::MAX`: not connected).
fn lift_distance(m: &Mine) -> Vec<usize> {
    let s = m.stride as isize;
    let mut dist = vec![usize::MAX; m.cells.len()];
    let mut queue = VecDeque::from([m.lift]);
    dist[m.lift] = 0;
    while let Some(c) = queue.pop_front() {
        for d in [-1, 1, s, -s] {
            let nb = (c as isize + d) as usize;
            if m.cells[nb] != WALL && dist[nb] == usize::MAX {
                dist[nb] = dist[c] + 1;
                queue.push_back(nb);
            }
        }
    }
    dist
}

/// The groups of the map (cell indices, in the order found), nearest the lift first.
fn groups(m: &Mine) -> Vec<Vec<usize>> {
    let dist = lift_distance(m);
    let mut seen = vec![false; m.cells.len()];
    let mut ranked = Vec::new();
    for seed in 0..m.cells.len() {
        if m.cells[seed] != LAMBDA || seen[seed] {
            continue;
        }
        seen[seed] = true;
        let mut group = vec![seed];
        let mut i = 0;
        while i < group.len() {
            for c in m.around(group[i]) {
                if m.cells[c] == LAMBDA && !seen[c] {
                    seen[c] = true;
                    group.push(c);
                }
            }
            i += 1;
        }
        let far = group.iter().map(|&c| dist[c]).max().unwrap_or(0);
        ranked.push((far, group));
    }
    ranked.sort();
    ranked.into_iter().map(|(_, g)| g).collect()
}

/// Whether a lambda of `group` is among the 8 neighbours of a beard.
fn beard_group(m: &Mine, group: &[usize]) -> bool {
    group.iter().any(|&c| m.around(c).iter().any(|&b| m.cells[b] == BEARD))
}

/// The deferrals tried on this map (each a sorted list of lambda cells, none empty, no two the
/// same): the 1 to 6 beard groups nearest the lift, then the 1 to 6 groups nearest the lift.
/// The second value counts the first kind.
pub(crate) fn deferrals(m: &Mine) -> (Vec<Vec<usize>>, usize) {
    let all = groups(m);
    let beard: Vec<&Vec<usize>> = all.iter().filter(|g| beard_group(m, g)).collect();
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut beard_count = 0;
    for (i, kind) in [beard, all.iter().collect()].into_iter().enumerate() {
        for k in 1..=kind.len().min(MAX_GROUPS) {
            let mut cells: Vec<usize> = kind[..k].iter().flat_map(|g| g.iter().copied()).collect();
            cells.sort_unstable();
            if !out.contains(&cells) {
                out.push(cells);
            }
        }
        if i == 0 {
            beard_count = out.len();
        }
    }
    (out, beard_count)
}

/// Deferral `k` (1 ..= `deferrals(m).0.len()`) as a mask: per cell, whether it is a deferred
/// lambda. `None` for `k` 0 (nothing deferred) or out of range.
pub(crate) fn mask(m: &Mine, k: usize) -> Option<Vec<bool>> {
    let cells = deferrals(m).0.into_iter().nth(k.checked_sub(1)?)?;
    let mut mask = vec![false; m.cells.len()];
    for c in cells {
        mask[c] = true;
    }
    Some(mask)
}

#[cfg(test)]
mod tests {
    use super::{deferrals, mask};
    use crate::mine::map::Mine;

    /// beard4 (lines counted from the top of the file, columns from its left): the beard
    /// groups nearest the lift are the bottom-right beard's three lambdas, then the top-right
    /// room's seven (deferrals 1 and 2); then four more beard groups, then the plain groups.
    #[test]
    fn beard4_deferrals_start_with_the_lift_side_beard_groups() {
        let m = crate::mine::solve::base::shared::sample_map("beard4");
        let at = |c: &usize| (m.height - c / m.stride, c % m.stride - 1);
        let (d, beard) = deferrals(&m);
        assert_eq!(beard, 6);
        let cells = |k: usize| {
            let mut v: Vec<_> = d[k].iter().map(at).collect();
            v.sort();
            v
        };
        assert_eq!(cells(0), [(12, 16), (13, 17), (13, 18)]);
        let room = [(1, 15), (1, 16), (1, 17), (2, 16), (2, 17), (2, 18), (3, 18)];
        assert_eq!(cells(1), [&room[..], &[(12, 16), (13, 17), (13, 18)]].concat());
        // Plain groups: the bottom-right three again (left out: the same set), then with (12,12).
        assert!((2..d.len()).any(|k| cells(k) == [(12, 12), (12, 16), (13, 17), (13, 18)]));
        assert_eq!(d.len(), 6 + 5);
        assert!(mask(&m, 0).is_none());
        assert_eq!(mask(&m, 2).unwrap().iter().filter(|&&x| x).count(), 10);
        assert!(mask(&m, d.len() + 1).is_none());
    }

    /// Two groups: the lambda beside the lift, then the pair beside the beard farther away.
    /// The beard group alone, then the group nearest the lift, then both.
    #[test]
    fn deferrals_are_the_nearest_beard_groups_then_the_nearest_groups() {
        let m = Mine::parse("#########\n#W\\\\..R.#\n#.....\\L#\n#########\n").unwrap();
        let (d, beard) = deferrals(&m);
        assert_eq!(beard, 1);
        let lambdas = |k: usize| d[k].len();
        assert_eq!(d.len(), 3);
        assert_eq!((lambdas(0), lambdas(1), lambdas(2)), (2, 1, 3));
    }
}
