//! Arrivals: a breadth-first search over whole game states (every command played with the
//! engine, so falling rocks, waits, rock pushes, trampolines, water and beards are all as the
//! rules have them) from the state after the best route's collection k, for the ways to make
//! its next `w` collections in the same order in fewer moves (or as many), one per layout of
//! rocks, lambdas and beards left behind. States that differ only in earth no rock rests on
//! are merged ([`coarse_hash`]), so it is pruned rather than exhaustive, and only states that
//! can still arrive in time by a lower bound ([`relaxed_distances`]) are kept.
//!
//! The macro moves walk shortest paths over a frozen grid; a stretch where rocks are falling,
//! or where a rock is better pushed or waited for, is where they lose moves. The shortcut pass
//! and the continuations (`strategy/shortcuts.rs`, `strategy/continuations.rs`) play the
//! arrivals on. The relaxed distances and the coarse hash also serve the single-command beam.

use super::moves::beard_nearby;
use super::replay::Plan;
use super::shared::{best_prefix, command, tail_value, Shared};
use super::work;
use crate::mine::map::{Mine, EARTH, EMPTY, HOROCK, ROBOT, ROCK, TARGET, WALL};
use crate::mine::score::Ending;
use rayon::prelude::*;
use rustc_hash::{FxHashSet, FxHasher};
use std::collections::VecDeque;
use std::hash::Hasher;
use std::sync::atomic::Ordering;

/// States one search may visit.
pub(crate) const MAX_STATES: usize = 150_000;

/// The states one search may hold at once on `mine` (its current and next layer), so that the
/// searches under way at once (one per thread) take at most a sixteenth of the memory limit
/// (a 300 x 300 map's state is 90 KB; on the contest's maps the cap does not bind).
pub(crate) fn state_cap(mine: &Mine, sh: &Shared) -> usize {
    let threads = rayon::current_num_threads().max(1);
    (sh.memory_limit / 16 / threads / (mine.cells.len() + 64)).max(1)
}

/// Commands the search tries (`S` only next to a beard with a razor).
pub(crate) const COMMANDS: [u8; 6] = *b"LRUDWS";

/// Distances (in moves) to `goal` over every cell but walls, a trampoline counting as its
/// target or as a plain cell (once used, it is empty): no route gets there in fewer moves,
/// whatever the rocks, earth and beards do.
pub(crate) fn relaxed_distances(m: &Mine, goal: usize) -> Vec<u32> {
    let n = m.cells.len();
    let s = m.stride;
    let mut dist = vec![u32::MAX; n];
    // Trampolines by target: a robot that steps on one lands on the target.
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); 9];
    for i in 0..9 {
        let j = m.tramp_target[i];
        if m.tramp_pos[i] != crate::mine::map::NONE && (j as usize) < 9 {
            into[j as usize].push(m.tramp_pos[i]);
        }
    }
    let mut queue = VecDeque::new();
    dist[goal] = 0;
    queue.push_back(goal);
    while let Some(c) = queue.pop_front() {
        let d = dist[c];
        let t = m.cells[c];
        if (TARGET..TARGET + 9).contains(&t) {
            for &tp in &into[(t - TARGET) as usize] {
                if dist[tp] > d {
                    dist[tp] = d;
                    queue.push_front(tp);
                }
            }
        }
        // Trampolines are walked through as well as jumped: once one is used, its cell is
        // empty, and the distances must stay lower bounds in every state after the cut.
        for nb in [c - 1, c + 1, c - s, c + s] {
            if nb >= n || m.cells[nb] == WALL || dist[nb] <= d + 1 {
                continue;
            }
            dist[nb] = d + 1;
            queue.push_back(nb);
        }
    }
    dist
}

/// Fewest moves from `m` to make goals `next..` of `goals` in order, by the relaxed
/// distances `dist` (one table per goal).
fn lower_bound(m: &Mine, goals: &[usize], dist: &[&[u32]], next: usize) -> u32 {
    let mut b = dist[next][m.robot];
    for i in next + 1..goals.len() {
        b = b.saturating_add(dist[i][goals[i - 1]]);
    }
    b
}

/// A way found from a cut: the commands and the state they lead to.
pub(crate) struct Arrival {
    pub(crate) path: Vec<u8>,
    pub(crate) mine: Mine,
}

impl Arrival {
    /// The route from the start to this arrival: `p`'s route up to cut `k`, then the path.
    pub(crate) fn route(&self, p: &Plan, k: usize) -> Vec<u8> {
        let mut route = p.route[..p.cuts[k].1].to_vec();
        route.extend_from_slice(&self.path);
        route
    }
}

/// Breadth-first search over game states from `start` for ways to make `goals` in order (a goal
/// cell is made when a lambda is collected there, or the game is won there) in at most `limit`
/// moves, visiting at most [`MAX_STATES`] states and holding at most `alive` at once. Returns up
/// to `most` of them, the shortest first, no two with the same layout ([`layout_hash`]).
fn search(
    start: &Mine,
    goals: &[usize],
    dist: &[&[u32]],
    limit: usize,
    most: usize,
    alive: usize,
    over: &dyn Fn() -> bool,
) -> Vec<Arrival> {
    let mut seen: FxHashSet<u64> = FxHashSet::default();
    // Arrivals by where the rocks are (not where the robot is).
    let mut layouts: FxHashSet<u64> = FxHashSet::default();
    // Every state visited: its parent and the command from there.
    let mut parent: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    seen.insert(coarse_hash(start));
    let mut layer: Vec<(Mine, u32)> = vec![(start.clone(), 0)];
    let base = start.collected;
    let mut found = Vec::new();
    for depth in 1..=limit {
        if layer.is_empty() || over() {
            break;
        }
        let mut next_layer = Vec::new();
        for (m, id) in &layer {
            let next = m.collected - base;
            for &c in &COMMANDS {
                if c == b'S' && !beard_nearby(m) {
                    continue;
                }
                if let Some(nb) = neighbour(m, c) {
                    if m.cells[nb] == WALL {
                        continue;
                    }
                }
                let mut child = m.clone();
                work::step(&mut child, command(c));
                let made = match child.ending {
                    Some(Ending::Win) => child.robot == goals[next] && next + 1 == goals.len(),
                    Some(_) => continue,
                    None if child.collected > m.collected => {
                        if child.robot != goals[next] {
                            continue;
                        }
                        next + 1 == goals.len()
                    }
                    None => false,
                };
                if child.ending == Some(Ending::Win) && !made {
                    continue;
                }
                if !made {
                    let after = child.collected - base;
                    if depth + lower_bound(&child, goals, dist, after) as usize > limit {
                        continue;
                    }
                }
                if !seen.insert(coarse_hash(&child)) {
                    continue;
                }
                parent.push((*id, c));
                let cid = (parent.len() - 1) as u32;
                if made {
                    if layouts.insert(layout_hash(&child)) {
                        found.push(Arrival { path: rebuild(&parent, cid), mine: child });
                    }
                    if found.len() >= most {
                        return found;
                    }
                } else {
                    next_layer.push((child, cid));
                }
                if parent.len() >= MAX_STATES || layer.len() + next_layer.len() >= alive {
                    return found;
                }
            }
        }
        layer = next_layer;
    }
    found
}

/// A hash of the state with earth counted as empty: states that differ only in the earth the
/// robot dug on its way are one (else every path through earth would be a state of its own).
pub(crate) fn coarse_hash(m: &Mine) -> u64 {
    let mut h = FxHasher::default();
    h.write_u64(layout_hash(m));
    h.write_usize(m.robot);
    h.finish()
}

/// A hash of the grid with the robot's cell counted as empty, and earth too unless a rock is
/// above it (straight or diagonally, where a rock falls or slides onto it): where the rocks,
/// lambdas and beards are, and what holds the rocks up.
fn layout_hash(m: &Mine) -> u64 {
    let s = m.stride;
    // The cells from the first row's second to the last row's one but last (the border rows
    // are walls in every state), and above each of them the three cells a rock would fall or
    // slide from: five slices of one length.
    let (from, to) = (s + 1, (m.height + 1) * s - 1);
    let cells = &m.cells[from..to];
    let (up_left, up, up_right) =
        (&m.cells[from + s - 1..to + s - 1], &m.cells[from + s..to + s], &m.cells[from + s + 1..to + s + 1]);
    // Each cell rewritten with byte masks (0 or 0xff), 16 at a time in fixed-size arrays, so
    // that the compiler makes it a vector loop (cell by cell, with branches, this hash took a
    // third of a single-command beam's time); the buffer, the thread's own and kept between
    // calls, is hashed in one go.
    let mask = |b: bool| 0u8.wrapping_sub(b as u8);
    // `ROCK` and `HOROCK` are consecutive codes: one comparison.
    let rock = |t: u8| mask(t.wrapping_sub(ROCK) <= HOROCK - ROCK);
    let cell = |c: u8, a: u8, b: u8, d: u8| {
        let gone = mask(c == ROBOT) | (mask(c == EARTH) & !(rock(a) | rock(b) | rock(d)));
        (c & !gone) | (EMPTY & gone)
    };
    thread_local! {
        static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let mut h = FxHasher::default();
    BUF.with_borrow_mut(|buf| {
        buf.resize(cells.len(), 0);
        let n = cells.len() / 16 * 16;
        for x in (0..n).step_by(16) {
            let o: &mut [u8; 16] = (&mut buf[x..x + 16]).try_into().unwrap();
            let c: &[u8; 16] = cells[x..x + 16].try_into().unwrap();
            let a: &[u8; 16] = up_left[x..x + 16].try_into().unwrap();
            let b: &[u8; 16] = up[x..x + 16].try_into().unwrap();
            let d: &[u8; 16] = up_right[x..x + 16].try_into().unwrap();
            for k in 0..16 {
                o[k] = cell(c[k], a[k], b[k], d[k]);
            }
        }
        for x in n..cells.len() {
            buf[x] = cell(cells[x], up_left[x], up[x], up_right[x]);
        }
        h.write(buf);
    });
    h.write_usize(m.razors);
    h.write_usize(m.water);
    h.write_usize(m.under_water);
    h.finish()
}

/// The commands from the start to state `id`.
fn rebuild(parent: &[(u32, u8)], mut id: u32) -> Vec<u8> {
    let mut path = Vec::new();
    while id != 0 {
        let (p, c) = parent[id as usize];
        path.push(c);
        id = p;
    }
    path.reverse();
    path
}

/// The cell a move command heads for, if it is one.
fn neighbour(m: &Mine, c: u8) -> Option<usize> {
    let s = m.stride;
    match c {
        b'L' => Some(m.robot - 1),
        b'R' => Some(m.robot + 1),
        b'U' => Some(m.robot + s),
        b'D' => Some(m.robot - s),
        _ => None,
    }
}

/// Plays the rest of the route as it was after arrival `a` (from cut `k` over `w` goals) and
/// offers the whole if it scores higher than the best so far. True if it did.
pub(crate) fn offer_with_tail(p: &Plan, k: usize, w: usize, a: &Arrival, sh: &Shared) -> bool {
    let tail = &p.route[p.cuts[k + w].1..];
    if tail_value(a.mine.clone(), tail) <= sh.best_score.load(Ordering::Relaxed) {
        return false;
    }
    let mut route = a.route(p, k);
    route.extend_from_slice(tail);
    let (r, v) = best_prefix(&p.cuts[0].0, &route);
    sh.offer(v, &r);
    true
}

/// The relaxed distances to every goal of `p` ([`relaxed_distances`]); `None` when they would
/// take more than a sixteenth of the memory limit.
pub(crate) fn tables(mine: &Mine, p: &Plan, sh: &Shared) -> Option<Vec<Vec<u32>>> {
    if (p.goals.len() + 1) * mine.cells.len() * 4 > sh.memory_limit / 16 {
        return None;
    }
    Some(p.goals.par_iter().map(|&g| relaxed_distances(mine, g)).collect())
}

/// What one search asks for: at most `most` arrivals, in fewer moves than the route takes or,
/// with a `slack` of 1, in as many, holding at most `alive` states at once.
#[derive(Clone, Copy)]
pub(crate) struct Ask {
    pub(crate) most: usize,
    pub(crate) slack: usize,
    pub(crate) alive: usize,
}

/// The arrivals of the search from cut `k` of `p` over its next `w` goals, as `ask` says, with
/// rocks, lambdas and beards laid out differently.
pub(crate) fn arrivals(
    p: &Plan,
    tables: &[Vec<u32>],
    k: usize,
    w: usize,
    ask: Ask,
    over: &dyn Fn() -> bool,
) -> Vec<Arrival> {
    let (start, at) = &p.cuts[k];
    let limit = p.cuts[k + w].1 - at;
    if limit <= 1 {
        return Vec::new();
    }
    let dist: Vec<&[u32]> = tables[k..k + w].iter().map(|t| t.as_slice()).collect();
    search(start, &p.goals[k..k + w], &dist, limit - 1 + ask.slack, ask.most, ask.alive, over)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{arrivals, coarse_hash, layout_hash, relaxed_distances, tables, Ask, MAX_STATES};
    use crate::mine::map::Mine;
    use crate::mine::solve::base::replay::Plan;
    use crate::mine::solve::base::shared::{sample_map, Shared};

    /// A mine of four rows 23 cells wide (walls at both ends and below; the parser adds the
    /// border): a rock in column 5 of the top row (row 0), the robot in column 1 of row 1,
    /// earth to the lift; edited at each `(row, column, tile)` of `edits`.
    fn edited(edits: &[(usize, usize, char)]) -> Mine {
        let mut rows: Vec<Vec<char>> =
            ["#....*................#", "#R...................L#", "#\\\\...............#", "#######################"]
                .iter()
                .map(|r| r.chars().collect())
                .collect();
        for &(row, column, tile) in edits {
            rows[row][column] = tile;
        }
        let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        Mine::parse(&text.join("\n")).unwrap()
    }

    #[test]
    fn the_coarse_hash_counts_earth_as_empty_unless_a_rock_is_above_it() {
        // The rows with the border columns between them are 98 cells: hashed 16 at a time, the
        // last two (the top row's column 21 and its wall) one by one; edits fall in both parts.
        let base = coarse_hash(&edited(&[]));
        // Earth dug where no rock is above: the same state.
        for (row, column) in [(1, 10), (1, 19), (0, 21), (2, 7)] {
            assert_eq!(coarse_hash(&edited(&[(row, column, ' ')])), base, "row {row} column {column}");
        }
        // Earth straight or diagonally under the rock holds it: another state.
        for column in [4, 5, 6] {
            assert_ne!(coarse_hash(&edited(&[(1, column, ' ')])), base, "column {column}");
        }
        // A lambda or a rock for earth: other states, in either part of the grid.
        for (row, column, tile) in [(1, 12, '\\'), (1, 12, '*'), (0, 21, '\\'), (0, 21, '*')] {
            assert_ne!(coarse_hash(&edited(&[(row, column, tile)])), base, "{tile} at row {row} column {column}");
        }
        // The robot one cell on, the earth it stood on dug: the same layout (the robot's cell
        // counts as empty), but the robot's cell is part of the state.
        let moved = edited(&[(1, 1, ' '), (1, 2, 'R')]);
        assert_eq!(layout_hash(&moved), layout_hash(&edited(&[])));
        assert_ne!(coarse_hash(&moved), base);
    }

    #[test]
    fn relaxed_distances_pass_rocks_and_jump_trampolines() {
        // Robot at column 1, a rock at 2, trampoline A at 4 jumps to target 1 at column 7.
        // Robot → rock cell → 3 → A (lands on 1) → lambda: 4 moves.
        assert_eq!(robot_to_lambda("##########\n#R*.A..1\\#\n####L#####\n\nTrampoline A targets 1\n"), 4);
    }

    /// The relaxed distance from the robot to the one lambda of `map`.
    fn robot_to_lambda(map: &str) -> u32 {
        let mine = Mine::parse(map).unwrap();
        let lambda = mine.cells.iter().position(|&c| c == crate::mine::map::LAMBDA).unwrap();
        relaxed_distances(&mine, lambda)[mine.robot]
    }

    #[test]
    fn relaxed_distances_walk_through_a_trampoline_as_well() {
        // Trampoline A beside the robot jumps back to target 1 under the robot's start: the
        // lambda is reached only by walking over A, as a robot can once A has been used.
        assert_eq!(robot_to_lambda("########\n#RA..\\L#\n#1######\n\nTrampoline A targets 1\n"), 4);
    }

    /// The route the beam finds on contest8 in its first second (1961): 31 moves to the first
    /// lambda, where a route that waits for the rock above the start to come down needs 22.
    pub(crate) const CONTEST8_1961: &[u8] = b"UULLDDRLUURRRRRRURRRRDDLLLRUUUURUUUULLULLLLLLUULLLLUUULLLLRRDDDDDDLDRDDDLLRRUUUULLDDURRUUUUUUURRDDDDDDDRRRDDDDDLLLLDDLRRRRRURRRRRRRDDLLLLLD";

    pub(crate) fn contest8() -> Mine {
        sample_map("contest8")
    }

    #[test]
    fn arrivals_at_contest8s_first_lambda_are_shorter_and_laid_out_differently() {
        let mine = contest8();
        let p = Plan::new(&mine, CONTEST8_1961.to_vec(), usize::MAX).unwrap();
        assert_eq!(p.goals.len(), 29, "28 lambdas and the lift");
        assert_eq!(p.cuts[1].1, 31);
        let sh = Shared::for_test(1961, CONTEST8_1961);
        let t = tables(&mine, &p, &sh).unwrap();
        let ask = Ask { most: 200, slack: 0, alive: MAX_STATES };
        let found = arrivals(&p, &t, 0, 1, ask, &|| false);
        // Every arrival is shorter, collects exactly the route's first lambda, and no two leave
        // the rocks alike.
        assert!(found.len() >= 40, "{}", found.len());
        let mut layouts = std::collections::HashSet::new();
        for a in &found {
            assert!(a.path.len() < 31);
            let mut m = mine.clone();
            m.run(std::str::from_utf8(&a.path).unwrap());
            assert_eq!((m.collected, m.robot), (1, p.goals[0]));
            assert_eq!(m, a.mine);
            assert!(layouts.insert(layout_hash(&m)));
        }
        // The shortest one: up, right along row 14 to the rock's column, up.
        assert_eq!(found[0].path.len(), 13);
    }
}
