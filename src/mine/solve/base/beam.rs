//! The layered beam search over macro moves, the engine every lane, restart and end-game run
//! uses (`strategy/`).
//!
//! A state is a mine in play plus the route that led to it. Its children are the macro moves
//! of `moves.rs` (the path to each goal, played by `paths.rs` with detours), single moves and
//! waits, and shaves next to a beard. States are grouped in layers by the number of lambdas
//! collected; a layer is expanded in order of priority (moves made, plus a penalty per
//! non-collecting macro move in a row, and, by configuration, the reach penalty of
//! `reach.rs`, the tour bound of `tour.rs` and the static tour of `tsp.rs`), up to the beam
//! width, with duplicate states pruned. On maps with beards and razors each layer keeps a
//! beam per razor count, so that states that kept a razor for the end are not crowded out by
//! cheaper ones that spent theirs. Every prefix of every route played is offered, so the
//! best route ends where the best score was reached.

use super::moves::{beard_nearby, bfs, bfs_in, has_beards, rebuild, Kind, Quota};
use super::paths::{path_avoiding, play_path, walk, Walk};
use super::reach::{loss_of, loss_of_cached};
use super::shared::{command, play, stop_value, Shared};
use super::work;
use crate::mine::map::{is_rock, Mine, RAZOR};
use crate::mine::score::Ending;
use crate::mine::step::Command;
use rayon::prelude::*;
use std::collections::{BinaryHeap, HashSet};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A state in the search: the mine in play and the route that led to it.
#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) mine: Mine,
    pub(crate) route: Vec<u8>,
    pub(crate) hash: u64,
    /// Macro moves in a row that collected no lambda.
    pub(crate) streak: u8,
    /// Tie-break key (varies between runs for diversity).
    pub(crate) key: u64,
    /// Priority within a layer (lower first): moves, plus a penalty per macro move in a row
    /// that collected nothing, plus (in the configurations that use them) the reach penalty
    /// and the tour bound.
    pub(crate) prio: usize,
    /// What [`blocked`] said of the state (only with a reach weight): lambda cells out
    /// of reach plus a large count when the lift is lost.
    pub(crate) loss: usize,
}

impl Node {
    fn order(&self) -> (usize, u64) {
        (self.prio, self.key)
    }

    fn finish(
        mut self,
        parent_streak: u8,
        parent_collected: usize,
        p: &Params,
        guide: Option<&super::tsp::Guide>,
    ) -> Node {
        self.streak = if self.mine.collected > parent_collected { 0 } else { parent_streak + 1 };
        self.key = mix(self.hash, p.seed);
        self.prio = self.mine.moves + p.penalty * self.streak as usize;
        if p.reach_weight > 0 {
            self.loss = loss_of_cached(&self.mine, self.hash);
            self.prio += p.reach_weight * self.loss;
        }
        if p.tour {
            self.prio += super::tour::bound_cached(&self.mine, self.hash);
        }
        if let Some(g) = guide {
            self.prio += g.rest(&self.mine);
        }
        self
    }
}

impl PartialEq for Node {
    fn eq(&self, o: &Self) -> bool {
        self.order() == o.order()
    }
}
impl Eq for Node {}
impl PartialOrd for Node {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Node {
    /// Reversed: the max-heap pops the node of lowest priority first.
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.order().cmp(&self.order())
    }
}

/// Search parameters for one run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    pub(crate) width: usize,
    pub(crate) k_lambda: usize,
    pub(crate) k_push: usize,
    pub(crate) k_dig: usize,
    pub(crate) max_streak: u8,
    pub(crate) seed: u64,
    /// Priority penalty per non-collecting macro move in a row.
    pub(crate) penalty: usize,
    /// Also try single moves `L R U D`.
    pub(crate) primitives: bool,
    /// Priority penalty per lambda cell the robot cannot reach now (twice that for the lift).
    pub(crate) reach_weight: usize,
    /// Add the tour bound ([`super::tour::bound`]) to the priority.
    pub(crate) tour: bool,
    /// Detours tried when the shortest path to a goal kills the robot or is deflected.
    pub(crate) retries: usize,
    /// Most states a layer keeps per razor bucket (from the memory budget).
    pub(crate) max_cap: usize,
    /// Deferral number `defer` (`defer.rs`): lambdas kept for last (0: none).
    pub(crate) defer: usize,
    /// Add the moves the static tour still needs ([`super::tsp::Guide::rest`]) to the priority.
    pub(crate) guide: bool,
}

#[inline]
fn mix(mut h: u64, v: u64) -> u64 {
    h ^= v;
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

/// A hash of the state that matters for the future: grid, robot, razors, water, time under water.
pub(crate) fn state_hash(m: &Mine) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for chunk in m.cells.chunks(8) {
        let mut v = 0u64;
        for (i, &b) in chunk.iter().enumerate() {
            v |= (b as u64) << (8 * i);
        }
        h = mix(h, v);
    }
    h = mix(h, m.robot as u64);
    h = mix(h, m.razors as u64);
    h = mix(h, m.water as u64);
    h = mix(h, m.under_water as u64);
    h
}

/// What expanding a node produced.
struct Expansion {
    children: Vec<Node>,
}

/// Plays the path to `goal` from `node` with the engine. Returns the resulting state, or
/// `Err` as [`play_path`] does.
fn follow(node: &Node, path: &[(u8, usize)], sh: &Shared) -> Result<Node, Option<usize>> {
    let mut m = node.mine.clone();
    let mut route = node.route.clone();
    play_path(&mut m, &mut route, path, sh)?;
    Ok(Node { hash: state_hash(&m), mine: m, route, streak: 0, key: 0, prio: 0, loss: 0 })
}

fn expand(node: &Node, p: &Params, sh: &Shared, deferred: Option<&[bool]>) -> Expansion {
    sh.explored.fetch_add(1, Ordering::Relaxed);
    if node.mine.moves >= node.mine.route_limit() {
        // The judges play no further command.
        return Expansion { children: Vec::new() };
    }
    let guide = if p.guide { sh.guide.get().and_then(|g| g.as_ref()) } else { None };
    let b = bfs(&node.mine, p.quota(), deferred);
    // While deferring, no path or single move may step on a deferred lambda (a detour from
    // `walk` may try).
    let is_deferred = |c: usize| b.deferring && deferred.is_some_and(|d| d[c]);
    let mut children = Vec::with_capacity(b.goals.len() + 1);
    let collected = node.mine.collected;
    let parent_loss = node.loss;
    for &(g, kind) in &b.goals {
        let non_collect = kind != Kind::Lambda;
        if non_collect && kind != Kind::Lift && node.streak >= p.max_streak {
            continue;
        }
        let path = rebuild(&b.parent, &b.cmd, node.mine.robot, g);
        let Some(Walk { mut mine, mut route, path, banned }) = walk(&node.mine, &node.route, path, g, p.retries, sh)
        else {
            continue;
        };
        if path.iter().any(|&(_, c)| is_deferred(c)) {
            continue;
        }
        if kind == Kind::Shave {
            // The walk may have used the razor or shaved this beard already.
            if !beard_nearby(&mine) {
                continue;
            }
            work::step(&mut mine, Command::Shave);
            route.push(b'S');
        }
        let hash = state_hash(&mine);
        let ch =
            Node { mine, route, hash, streak: 0, key: 0, prio: 0, loss: 0 }.finish(node.streak, collected, p, guide);
        if kind == Kind::Razor {
            if let Some(c2) = then_shave(&ch, p, sh) {
                children.push(c2.finish(node.streak, collected, p, guide));
            }
        }
        if p.reach_weight > 0 && ch.loss > parent_loss {
            // The path lost a lambda or the lift: also try a path that leaves the rocks alone
            // (no pushes, no digging under a rock).
            let s = node.mine.stride;
            let cells = &node.mine.cells;
            let mut ban: Vec<usize> = path
                .iter()
                .map(|&(_, c)| c)
                .filter(|&c| c != g && (is_rock(cells[c]) || is_rock(cells[c + s])))
                .collect();
            ban.extend_from_slice(&banned);
            if !ban.is_empty() {
                if let Some(alt) = path_avoiding(&node.mine, g, &ban) {
                    if let Ok(c2) = follow(node, &alt, sh) {
                        let c2 = c2.finish(node.streak, collected, p, guide);
                        if c2.loss < ch.loss {
                            children.push(c2);
                        }
                    }
                }
            }
        }
        children.push(ch);
    }
    if node.streak < p.max_streak {
        // Single moves (when asked), and waiting to let falling rocks settle.
        let prims: &[u8] = if p.primitives { b"LRUDWS" } else { b"WS" };
        for &c in prims {
            if c == b'W' && node.mine.active.is_empty() {
                continue;
            }
            if c == b'S' && !beard_nearby(&node.mine) {
                continue;
            }
            let mut m = node.mine.clone();
            let before = m.robot;
            work::step(&mut m, command(c));
            let mut route = node.route.clone();
            route.push(c);
            match m.ending {
                Some(Ending::Win) => {
                    sh.offer(stop_value(&m), &route);
                    continue;
                }
                Some(_) => continue,
                None => {}
            }
            if (c != b'W' && c != b'S' && m.robot == before) || is_deferred(m.robot) {
                continue;
            }
            sh.offer(stop_value(&m), &route);
            let hash = state_hash(&m);
            let ch = Node { mine: m, route, hash, streak: 0, key: 0, prio: 0, loss: 0 };
            children.push(ch.finish(node.streak, collected, p, guide));
        }
    }
    Expansion { children }
}

/// From `n`, just after it picked up a razor: on to the nearest cell next to a beard and shave
/// there (the state before [`Node::finish`]), or `None` if no beard is in reach.
fn then_shave(n: &Node, p: &Params, sh: &Shared) -> Option<Node> {
    let b = bfs_in(&n.mine, p.quota(), None);
    let &(g, _) = b.goals.iter().find(|g| g.1 == Kind::Shave)?;
    let path = rebuild(&b.parent, &b.cmd, n.mine.robot, g);
    let Walk { mut mine, mut route, .. } = walk(&n.mine, &n.route, path, g, p.retries, sh)?;
    if !beard_nearby(&mine) {
        return None;
    }
    work::step(&mut mine, Command::Shave);
    route.push(b'S');
    if mine.ending.is_some() {
        return None;
    }
    Some(Node { hash: state_hash(&mine), mine, route, streak: 0, key: 0, prio: 0, loss: 0 })
}

/// Approximate bytes held by one node.
pub(crate) fn node_bytes(m: &Mine, route_len: usize) -> usize {
    m.cells.len() + (m.active.capacity() + m.beards.capacity()) * 4 + route_len + 200
}

/// Razor buckets: on maps with beards and razors, states carrying 0, 1, 2 or 3+ razors are
/// ranked apart, each bucket with its own beam width, so that states keeping a razor for a
/// beard near the end are not crowded out by states with fewer moves that spent theirs.
const BUCKETS: usize = 4;

/// Razor buckets used on this map: [`BUCKETS`] when it has beards and razors (on the map or
/// carried), else 1.
pub(crate) fn razor_buckets(m: &Mine) -> usize {
    if !has_beards(m) || (m.razors == 0 && !m.cells.contains(&RAZOR)) {
        1
    } else {
        BUCKETS
    }
}

/// The razor bucket of a state (always 0 when `buckets` is 1).
#[inline]
fn bucket(n: &Node, buckets: usize) -> usize {
    n.mine.razors.min(buckets - 1)
}

/// Keeps the `cap` nodes of lowest priority in each razor bucket, without duplicates.
fn trim(layer: &mut Vec<Node>, cap: usize, buckets: usize) {
    layer.sort_unstable_by_key(|n| n.order());
    let mut seen = HashSet::with_capacity(layer.len());
    let mut kept = [0usize; BUCKETS];
    layer.retain(|n| {
        let b = bucket(n, buckets);
        if kept[b] >= cap || !seen.insert(n.hash) {
            return false;
        }
        kept[b] += 1;
        true
    });
}

/// One beam run with parameters `p` from the state after `prefix`. Returns false if it was cut
/// short by the stop conditions.
pub(crate) fn run(start: &Mine, prefix: &[u8], sh: &Shared, p: &Params, deadline: Instant) -> bool {
    let mut played = start.clone();
    play(&mut played, prefix);
    if played.ending.is_some() {
        return true;
    }
    let mine = &played;
    let total = mine.lambdas_total;
    let mut layers: Vec<Vec<Node>> = (0..=total + 1).map(|_| Vec::new()).collect();
    let root = Node {
        mine: mine.clone(),
        route: prefix.to_vec(),
        hash: state_hash(mine),
        streak: 0,
        key: 0,
        prio: 0,
        loss: if p.reach_weight > 0 { loss_of(mine) } else { 0 },
    };
    let start_layer = mine.collected.min(total);
    layers[start_layer].push(root);
    // States kept per layer and bucket; never more than the memory budget allows.
    let cap = (p.width * 4).max(64).min(p.max_cap);
    let threads = rayon::current_num_threads().max(1);
    let buckets = razor_buckets(mine);
    // Lambdas kept for last (`defer.rs`), from the map at the start.
    let deferred_mask = super::defer::mask(start, p.defer);
    let deferred = deferred_mask.as_deref();
    for k in start_layer..=total {
        let mut heap: BinaryHeap<Node> = std::mem::take(&mut layers[k]).into();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut expanded = [0usize; BUCKETS];
        while expanded[..buckets].iter().any(|&e| e < p.width) && !heap.is_empty() {
            if sh.should_stop() || sh.now() >= deadline {
                return false;
            }
            let want = threads * 4;
            let mut batch = Vec::with_capacity(want);
            while batch.len() < want {
                let Some(n) = heap.pop() else { break };
                let b = bucket(&n, buckets);
                if expanded[b] < p.width && seen.insert(n.hash) {
                    expanded[b] += 1;
                    batch.push(n);
                }
            }
            let results: Vec<Expansion> = batch.par_iter().map(|n| expand(n, p, sh, deferred)).collect();
            for e in results {
                for ch in e.children {
                    let c = ch.mine.collected.min(total + 1);
                    if c == k {
                        if !seen.contains(&ch.hash) && ch.streak <= p.max_streak {
                            heap.push(ch);
                        }
                    } else {
                        let l = &mut layers[c];
                        l.push(ch);
                        if l.len() > cap * 2 * buckets {
                            trim(l, cap, buckets);
                        }
                    }
                }
            }
            if heap.len() > cap * 4 * buckets {
                let mut v = heap.into_vec();
                trim(&mut v, cap * 2, buckets);
                heap = v.into();
            }
            sh.tick();
        }
    }
    true
}

/// A run of configuration `ci` of [`CONFIGS`] at `width` (at most what the memory budget
/// allows) from the state `prefix` leads to (the continuations of the shortcut arrivals,
/// `continuations.rs`). False if it was cut short by the stop conditions or `deadline`.
pub(crate) fn run_from(mine: &Mine, prefix: &[u8], sh: &Shared, ci: usize, width: usize, deadline: Instant) -> bool {
    // As many runs as there are threads at once share the budget of one beam.
    let (max_width, max_cap) = width_caps(mine, sh.memory_limit / rayon::current_num_threads().max(1));
    let p = Params { max_cap, ..Params::of_config(ci, width.min(max_width), 0) };
    run(mine, prefix, sh, &p, deadline)
}

/// The widest beam, and the most states a layer keeps per razor bucket, that a quarter of
/// `memory_limit` (bytes) allows on `mine`. On huge maps the floor of 8 for the width would
/// overrun the budget; the cap then bounds the states kept (a layer and the heap hold up to 6
/// caps; nodes stored at once are bounded by about 12 layers' caps, 4 x width, plus the heap).
pub(crate) fn width_caps(mine: &Mine, memory_limit: usize) -> (usize, usize) {
    let nb = node_bytes(mine, 4 * mine.cells.len().min(4000));
    let budget = memory_limit / 4;
    let buckets = razor_buckets(mine);
    ((budget / nb / 48 / buckets).max(8), (budget / nb / 12 / buckets).max(1))
}

impl Params {
    /// The goals one path search returns ([`Quota`]).
    pub(crate) fn quota(&self) -> Quota {
        Quota { lambdas: self.k_lambda, pushes: self.k_push, digs: self.k_dig }
    }

    /// Configuration `ci` of [`CONFIGS`] at `width`, with its own streak limit, nothing
    /// deferred, no guide and no cap on the states kept.
    pub(crate) fn of_config(ci: usize, width: usize, seed: u64) -> Params {
        let (primitives, penalty, max_streak, reach_weight, tour) = CONFIGS[ci];
        Params {
            width,
            k_lambda: 8,
            k_push: 3,
            k_dig: 3,
            max_streak,
            seed,
            penalty,
            primitives,
            reach_weight,
            tour,
            retries: 3,
            max_cap: usize::MAX,
            defer: 0,
            guide: false,
        }
    }
}

/// Configurations tried in turn, each with its own growing width: (single moves, priority
/// penalty per non-collecting macro move, longest non-collecting streak, reach weight, tour
/// bound in the priority).
pub(crate) const CONFIGS: [(bool, usize, u8, usize, bool); 6] = [
    (false, 2, 2, 0, false),
    (true, 2, 2, 0, false),
    (false, 2, 2, 75, false),
    (true, 3, 4, 75, false),
    (false, 2, 2, 0, true),
    (true, 3, 4, 75, true),
];

/// Kicks of the iterated local search for the guided lane's static tour, and its longest time.
const GUIDE_KICKS: usize = 300;
const GUIDE_TIME: std::time::Duration = std::time::Duration::from_millis(300);

/// The static tour (`tsp.rs`), made on first use: at most [`GUIDE_TIME`] for the tour, a
/// sixteenth of the memory for its distance tables. None when the map has no lambda or lift or
/// the tables would not fit.
pub(crate) fn guide<'s>(mine: &Mine, sh: &'s Shared) -> Option<&'s super::tsp::Guide> {
    sh.guide
        .get_or_init(|| {
            super::tsp::Guide::new(mine, GUIDE_KICKS, sh.now() + GUIDE_TIME, &|| sh.now(), sh.memory_limit / 16)
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::{Node, Params};
    use crate::mine::map::BEARD;
    use crate::mine::solve::base::shared::{command, sample_map, Shared};

    /// horock3: the beard beside the lift grows every 25 moves and there are three razors. From
    /// the state after 11 lambdas (move 19, next to the top razors), picking up the razors
    /// leaves the beard growing (the lift sealed by the forecast: a poor priority in razor
    /// bucket 2); the same macro move carried on to the beard and shaving it gives a state
    /// with no beard left, ranked at once among the states without razors (bucket 0).
    #[test]
    fn a_razor_goal_also_goes_on_to_shave() {
        let start = sample_map("horock3");
        let prefix = b"RRUUULLUUUUURUUURRR";
        let mut mine = start.clone();
        for &c in prefix {
            mine.step(command(c));
        }
        assert_eq!((mine.collected, mine.razors), (11, 0));
        let sh = Shared::for_test(0, b"");
        // Configuration 2 (macro moves, the reach weight) at width 64.
        let p = Params { max_cap: 1 << 20, ..Params::of_config(2, 64, 1) };
        let node =
            Node { hash: super::state_hash(&mine), mine, route: prefix.to_vec(), streak: 0, key: 0, prio: 0, loss: 0 }
                .finish(0, 10, &p, None);
        let children = super::expand(&node, &p, &sh, None).children;
        let razors = children.iter().find(|c| c.route == b"RRUUULLUUUUURUUURRRDRRRR").expect("the razor child");
        assert_eq!((razors.mine.razors, razors.mine.moves), (2, 24));
        let shaved = children
            .iter()
            .find(|c| c.route == b"RRUUULLUUUUURUUURRRDRRRRDDRRRRRRRRDDRRRRRRDSDS")
            .expect("the child that shaves");
        // The beard had grown once (move 25): one razor cleared the way, the other the rest.
        assert_eq!((shaved.mine.razors, shaved.mine.moves, shaved.mine.collected), (0, 46, 11));
        assert!(!shaved.mine.cells.contains(&BEARD));
        assert_eq!(shaved.loss, 0);
        assert!(razors.loss > 0, "the forecast seals the lift while the beard grows");
        assert!(shaved.prio < razors.prio, "{} {}", shaved.prio, razors.prio);
    }
}
