//! A static tour that guides the beam: the mine's lambdas as a travelling-salesman path from
//! the robot to the lift, with the distances of the start grid ([`from_cell`]: walls and rocks
//! are obstacles, beards walkable, a trampoline leads to its target). An iterated local search
//! (2-opt, or-opt of blocks of 1-3 either way round, double-bridge kicks) finds a short tour in
//! milliseconds, since the distances are fixed. The guided lane's beams (`strategy/guided.rs`) add
//! to each state's priority the moves the tour still needs from it ([`Guide::rest`]), so that
//! among states with as many lambdas the beam keeps those that follow a short whole-map order;
//! falling rocks, beards and water are the beam's business, as in every lane.
//!
//! The tour does not know the lambdas that higher-order rocks become, so on maps that have them
//! it misleads; hence a lane of its own rather than a ranking for every lane.

use super::tour::from_cell;
use super::work;
use crate::mine::map::{Mine, EMPTY, LAMBDA, NONE};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The cost of a leg that cannot be walked on the start grid (in moves; more than any route).
const FAR_LEG: i64 = 1_000_000;

/// Distances between the tour's nodes: node 0 the robot, 1..=n the lambdas, n + 1 the lift.
struct Legs {
    /// The lambdas' cells (node i is `cells[i - 1]`).
    cells: Vec<usize>,
    /// `d[a * nodes + b]`: moves from node a to node b on the start grid (`FAR_LEG`: none).
    d: Vec<i64>,
    nodes: usize,
    /// `maps[i - 1][c]`: moves from lambda node i to cell c (`u32::MAX`: not reachable).
    maps: Vec<Vec<u32>>,
}

impl Legs {
    /// Breadth-first searches from the robot and from every lambda on the start grid (the
    /// robot's own cell walkable). `None` if the mine has no lambda or no lift.
    fn new(m: &Mine) -> Option<Legs> {
        let cells: Vec<usize> = (0..m.cells.len()).filter(|&c| m.cells[c] == LAMBDA).collect();
        if cells.is_empty() || m.lift == NONE {
            return None;
        }
        let mut grid = m.clone();
        grid.cells[grid.robot] = EMPTY;
        let all: Vec<usize> = std::iter::once(m.robot).chain(cells.iter().copied()).chain([m.lift]).collect();
        let nodes = all.len();
        let mut d = vec![FAR_LEG; nodes * nodes];
        let mut maps = Vec::with_capacity(cells.len());
        let mut queue = Vec::new();
        for (a, &src) in all[..nodes - 1].iter().enumerate() {
            let mut dist = Vec::new();
            from_cell(&grid, src, &mut dist, &mut queue);
            for (b, &dst) in all.iter().enumerate() {
                if dist[dst] != u32::MAX {
                    d[a * nodes + b] = i64::from(dist[dst]);
                }
            }
            if a > 0 {
                maps.push(dist);
            }
        }
        Some(Legs { cells, d, nodes, maps })
    }

    #[inline]
    fn leg(&self, a: usize, b: usize) -> i64 {
        self.d[a * self.nodes + b]
    }

    /// The length of tour `t` (node 0 first, the lift last).
    fn length(&self, t: &[usize]) -> i64 {
        t.windows(2).map(|w| self.leg(w[0], w[1])).sum()
    }

    /// First-improvement descent with 2-opt (reverse a stretch) and or-opt (move a block of 1-3
    /// nodes elsewhere, either way round) until no move shortens `t` or `until` has passed; the
    /// ends stay in place.
    fn descend(&self, t: &mut Vec<usize>, until: Instant, now: &dyn Fn() -> Instant) {
        let n = t.len();
        // fwd[k], rev[k]: the length of t[..=k] walked forwards, and with every leg reversed.
        let (mut fwd, mut rev) = (vec![0i64; n], vec![0i64; n]);
        'again: loop {
            if now() >= until {
                return;
            }
            // A pass compares about n² legs: counted as n² / 128 steps of work (`work.rs`).
            work::charge((n * n / 128) as u64 + 1);
            for k in 1..n {
                fwd[k] = fwd[k - 1] + self.leg(t[k - 1], t[k]);
                rev[k] = rev[k - 1] + self.leg(t[k], t[k - 1]);
            }
            for i in 1..n - 1 {
                for j in i + 1..n - 1 {
                    let old = self.leg(t[i - 1], t[i]) + fwd[j] - fwd[i] + self.leg(t[j], t[j + 1]);
                    let new = self.leg(t[i - 1], t[j]) + rev[j] - rev[i] + self.leg(t[i], t[j + 1]);
                    if new < old {
                        t[i..=j].reverse();
                        continue 'again;
                    }
                }
            }
            for k in 1..=3 {
                for i in 1..n.saturating_sub(k) {
                    let (a, b) = (t[i], t[i + k - 1]);
                    let inner_f = fwd[i + k - 1] - fwd[i];
                    let inner_r = rev[i + k - 1] - rev[i];
                    let cut = self.leg(t[i - 1], a) + self.leg(b, t[i + k]) - self.leg(t[i - 1], t[i + k]);
                    for p in (1..i).chain(i + k + 1..n) {
                        let (x, y) = (t[p - 1], t[p]);
                        let gap = self.leg(x, y);
                        let forward = self.leg(x, a) + self.leg(b, y) - gap;
                        let backward = self.leg(x, b) + self.leg(a, y) - gap + inner_r - inner_f;
                        let reversed = backward < forward;
                        if forward.min(backward) < cut {
                            let mut block: Vec<usize> = t.drain(i..i + k).collect();
                            if reversed {
                                block.reverse();
                            }
                            let at = if p > i { p - k } else { p };
                            t.splice(at..at, block);
                            continue 'again;
                        }
                    }
                }
            }
            return;
        }
    }
}

/// The shortest tour (nodes, the robot first and the lift last; the first found of that
/// length) from an iterated local search of at most `kicks` double-bridge kicks that stops at
/// `until`.
fn tour(legs: &Legs, kicks: usize, seed: u64, until: Instant, now: &dyn Fn() -> Instant) -> Vec<usize> {
    let n = legs.cells.len();
    // Nearest neighbour from the robot.
    let mut t = vec![0];
    let mut left: Vec<usize> = (1..=n).collect();
    while !left.is_empty() {
        let last = *t.last().unwrap_or(&0);
        let (k, _) = left.iter().enumerate().min_by_key(|&(_, &b)| legs.leg(last, b)).unwrap_or((0, &0));
        t.push(left.swap_remove(k));
    }
    t.push(n + 1);
    legs.descend(&mut t, until, now);
    let mut shortest = (legs.length(&t), t.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut best = t;
    for _ in 0..kicks {
        if n < 8 || now() >= until {
            break;
        }
        // Double bridge: A B C D -> A C B D on the inner nodes.
        let mut cuts = [0; 3].map(|_| rng.random_range(1..=n));
        cuts.sort_unstable();
        let [p, q, r] = cuts;
        let mut t: Vec<usize> =
            best[..p].iter().chain(&best[q..r]).chain(&best[p..q]).chain(&best[r..]).copied().collect();
        legs.descend(&mut t, until, now);
        let len = legs.length(&t);
        if len < shortest.0 {
            shortest = (len, t.clone());
        }
        if len <= legs.length(&best) {
            best = t;
        }
    }
    shortest.1
}

/// A static tour used as a guide for the beam: [`Guide::rest`] estimates the moves still needed
/// from a state by following the tour through the lambdas still on the map.
pub(crate) struct Guide {
    /// The lambda nodes of `legs` in tour order.
    order: Vec<usize>,
    /// The distances (`Legs::maps` from lambda i to cell c serves as the estimate of c to i).
    legs: Legs,
}

impl Guide {
    /// The shortest static tour of `mine` found within `kicks` kicks (or by `until`). `None`
    /// without lambdas or lift, or when the distance tables would exceed `max_bytes`.
    pub(crate) fn new(
        mine: &Mine,
        kicks: usize,
        until: Instant,
        now: &dyn Fn() -> Instant,
        max_bytes: usize,
    ) -> Option<Guide> {
        let n0 = mine.cells.iter().filter(|&&c| c == LAMBDA).count();
        if n0 * mine.cells.len() * 4 > max_bytes {
            return None;
        }
        let legs = Legs::new(mine)?;
        let t = tour(&legs, kicks, 1, until, now);
        if std::env::var_os("TUMBLE_SOLVE_DEBUG").is_some() {
            eprintln!("guide: {} lambdas, static tour {} moves", legs.cells.len(), legs.length(&t));
        }
        Some(Guide { order: t[1..t.len() - 1].to_vec(), legs })
    }

    /// The lambdas' cells in the tour's order.
    pub(crate) fn cells(&self) -> Vec<usize> {
        self.order.iter().map(|&i| self.legs.cells[i - 1]).collect()
    }

    /// Moves still needed from `m` by the tour: to the first lambda of the tour still on the
    /// map, along the tour through those still on the map, then to the lift (0 when none is
    /// left).
    pub(crate) fn rest(&self, m: &Mine) -> usize {
        let legs = &self.legs;
        let mut total = 0i64;
        let mut prev: Option<usize> = None;
        for &i in &self.order {
            let c = legs.cells[i - 1];
            if m.cells[c] != LAMBDA {
                continue;
            }
            total += match prev {
                None => {
                    let d = legs.maps[i - 1][m.robot];
                    if d == u32::MAX {
                        let (w, a) = (m.stride, m.robot);
                        ((a % w).abs_diff(c % w) + (a / w).abs_diff(c / w)) as i64
                    } else {
                        i64::from(d)
                    }
                }
                Some(p) => legs.leg(p, i),
            };
            prev = Some(i);
        }
        if let Some(p) = prev {
            total += legs.leg(p, legs.nodes - 1);
        }
        total as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{tour, Guide, Legs, FAR_LEG};
    use crate::mine::map::Mine;
    use std::time::{Duration, Instant};

    /// Nodes on a line: the robot at 5, lambdas at 6, 0 and 10, the lift at 11. The nearest
    /// neighbour goes 6, 10, 0 and back (1 + 4 + 10 + 11 = 26 moves); the shortest tour takes
    /// the far end first: 0, 6, 10 (5 + 6 + 4 + 1 = 16).
    #[test]
    fn the_descent_leaves_the_nearest_neighbour_tour() {
        let at = [5i64, 6, 0, 10, 11];
        let mut d = vec![FAR_LEG; 25];
        for a in 0..4 {
            for b in 0..5 {
                d[a * 5 + b] = (at[a] - at[b]).abs();
            }
        }
        let legs = Legs { cells: vec![106, 100, 110], d, nodes: 5, maps: Vec::new() };
        assert_eq!(legs.length(&[0, 1, 3, 2, 4]), 26);
        let found = tour(&legs, 0, 1, Instant::now() + Duration::from_secs(5), &Instant::now);
        assert_eq!(found[1..4].iter().map(|&i| legs.cells[i - 1]).collect::<Vec<_>>(), vec![100, 106, 110]);
        assert_eq!(legs.length(&[0, 2, 1, 3, 4]), 16);
    }

    /// The lift at column 1, lambdas at columns 2 and 6, the robot at 4 (the reorder pass's
    /// example): the tour takes the far lambda first, 2 + 4 + 1 = 7 moves; after a step right
    /// 6; after that lambda, 4 + 1.
    #[test]
    fn the_guide_counts_the_moves_left_along_the_tour() {
        let mut m = Mine::parse("#########\n#L\\.R.\\.#\n#########\n").unwrap();
        let g = Guide::new(&m, 10, Instant::now() + Duration::from_secs(5), &Instant::now, 1 << 20).unwrap();
        assert_eq!(g.order.len(), 2);
        assert_eq!(g.rest(&m), 7);
        m.step(crate::mine::Command::Right);
        assert_eq!(g.rest(&m), 6);
        m.step(crate::mine::Command::Right);
        assert_eq!((m.collected, g.rest(&m)), (1, 5));
        assert!(Guide::new(&m, 10, Instant::now(), &Instant::now, 8).is_none(), "tables over the memory allowed");
    }
}
