//! Lambdas kept for last on maps with beards (beard4).
//!
//! Beards grow every `Growth` moves into the empty cells among their 8 neighbours (beards.pdf,
//! the map update). A lambda next to a beard is a wall for it until the robot takes it; after
//! that the beard spreads into the cell and on through every cell the robot has emptied
//! nearby. On beard4 the beam takes the lambdas of the top-right room (two beards) and beside
//! the bottom-right beard early, because they are near; by the end the beards have grown over
//! the corridors to the lift and the lift is out of reach. A route that wins leaves those
//! lambdas for last: it collects everything else, then the top-right room, then the lambdas
//! beside the lift, then leaves.
//!
//! A *beard group* is a set of lambdas 8-connected to each other, one of them among the 8
//! neighbours of a beard (the lambdas a beard eats its way through once the first is taken).
//! The groups are ranked by how far their farthest lambda is from the lift (moves over every
//! cell but walls), and deferral `k` keeps the lambdas of the `k` groups nearest the lift
//! for last: while another lambda can be reached without stepping on them, the path search
//! treats them as walls (`search.rs`).

use crate::mine::map::{Mine, BEARD, LAMBDA, WALL};
use std::collections::VecDeque;

/// Most deferrals tried (the groups nearest the lift).
pub(crate) const MAX_DEFERRALS: usize = 6;

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

/// The beard groups of the map (cell indices), nearest the lift first: each ranked by the lift
/// distance of its farthest lambda. Empty on maps without beards.
pub(crate) fn groups(m: &Mine) -> Vec<Vec<usize>> {
    let dist = lift_distance(m);
    let mut seen = vec![false; m.cells.len()];
    let mut ranked = Vec::new();
    for &b in &m.beards {
        if m.cells[b as usize] != BEARD {
            continue;
        }
        for seed in m.around(b as usize) {
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
    }
    ranked.sort();
    ranked.into_iter().map(|(_, g)| g).collect()
}

/// Deferrals tried on this map: [`groups`] capped at [`MAX_DEFERRALS`].
pub(crate) fn count(m: &Mine) -> usize {
    groups(m).len().min(MAX_DEFERRALS)
}

/// Deferral `k` (1 ..= [`count`]): per cell, whether it is a lambda of the `k` beard groups
/// nearest the lift. `None` for `k` 0 (nothing deferred).
pub(crate) fn mask(m: &Mine, k: usize) -> Option<Vec<bool>> {
    if k == 0 {
        return None;
    }
    let mut mask = vec![false; m.cells.len()];
    for c in groups(m).into_iter().take(k).flatten() {
        mask[c] = true;
    }
    Some(mask)
}

#[cfg(test)]
mod tests {
    use super::{groups, mask};
    use crate::mine::map::Mine;

    /// beard4: the groups nearest the lift are the bottom-right beard's three lambdas, then
    /// the top-right room's seven.
    #[test]
    fn beard4_groups_nearest_the_lift_first() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine/maps/beard4.map");
        let m = Mine::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        // (line from the top, column) of each lambda, as in the map file.
        let at = |c: usize| (m.height - c / m.stride, c % m.stride - 1);
        let g: Vec<Vec<(usize, usize)>> = groups(&m)
            .iter()
            .map(|g| {
                let mut v: Vec<_> = g.iter().map(|&c| at(c)).collect();
                v.sort();
                v
            })
            .collect();
        assert_eq!(g[0], [(12, 16), (13, 17), (13, 18)]);
        assert_eq!(g[1], [(1, 15), (1, 16), (1, 17), (2, 16), (2, 17), (2, 18), (3, 18)]);
        assert_eq!(g.len(), 6);
        assert!(mask(&m, 0).is_none());
        assert_eq!(mask(&m, 2).unwrap().iter().filter(|&&d| d).count(), 10);
    }

    /// A lambda next to a beard and the lambdas 8-connected to it form one group; a lambda
    /// elsewhere is in none.
    #[test]
    fn a_group_is_the_lambdas_a_beard_reaches_through_lambdas() {
        let m = Mine::parse("#######\n#W\\\\.\\#\n#R...L#\n#######\n").unwrap();
        let g = groups(&m);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].len(), 2);
    }
}
