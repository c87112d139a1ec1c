//! The layered beam search over macro moves (see the parent module doc).

use super::{stop_value, Shared, SolveOptions};
use crate::mine::map::{is_rock, Mine, BEARD, CLOSED, EARTH, EMPTY, HOROCK, LAMBDA, OPEN, RAZOR, ROCK};
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
            self.loss = loss_of(&self.mine);
            self.prio += p.reach_weight * self.loss;
        }
        if p.tour {
            self.prio += super::tour::bound(&self.mine);
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Lambda,
    Lift,
    Razor,
    Push,
    Dig,
    /// A cell next to a beard, where the robot shaves (when it carries a razor).
    Shave,
}

const DIRS: [u8; 4] = [b'L', b'R', b'U', b'D'];

/// The engine's command for a route byte ([`Command::from_char`]); the search's routes hold
/// only command letters.
pub(crate) fn command(c: u8) -> Command {
    Command::from_char(c as char).unwrap_or(Command::Wait)
}

/// Breadth-first search from the robot over the current grid; returns the goals found (nearest
/// first) and the parent links to rebuild paths.
struct Bfs {
    /// Per cell: the cell the robot came from (`u32::MAX`: not reached).
    parent: Vec<u32>,
    /// Per cell: the command that reached it.
    cmd: Vec<u8>,
    goals: Vec<(usize, Kind)>,
    /// The search kept off the deferred lambdas (another lambda was in reach without them).
    deferring: bool,
}

/// The reach penalty unit count: lambdas lost, plus (when the lift is blocked or a lambda the
/// lift waits for is lost) the win bonus on every lambda.
fn reach_loss(m: &Mine, lost: usize, lift: bool) -> usize {
    if !lift || lost > 0 {
        lost + 2 + m.lambdas_total
    } else {
        lost
    }
}

/// [`reach_loss`] of the state.
fn loss_of(m: &Mine) -> usize {
    let (lost, lift) = blocked(m);
    let loss = reach_loss(m, lost, lift);
    if lift && super::beards::lift_sealed(m) {
        loss + (m.lambdas_total + 2) / 2
    } else {
        loss
    }
}

/// How much of the map's value the robot can still reach: (lambda cells not reachable now,
/// whether the lift is reachable), walking as the path search does (pushes, jumps except onto
/// a trap target, at most as many beards crossed as razors carried). A rock pushed sideways
/// lies on the next cell that way: walking on in that direction means pushing it again,
/// unless the cell below it is empty (it falls). Used to rank states whose moves left lambdas
/// or the lift blocked.
fn blocked(m: &Mine) -> (usize, bool) {
    let n = m.cells.len();
    let s = m.stride as isize;
    // 0-1 breadth-first search: the cost of a cell is the number of beards crossed to reach
    // it; a cell counts as reachable when that is no more than the razors carried.
    let limit = m.razors.min(250) as u8;
    let mut dist = vec![u8::MAX; n];
    // Per cell first reached by pushing its rock: 1 + the push direction (the rock now lies
    // one cell further that way, and stays there unless the cell below it is empty).
    let mut pushed = vec![0u8; n];
    let mut deque = std::collections::VecDeque::with_capacity(256);
    dist[m.robot] = 0;
    deque.push_back(m.robot);
    let mut lambdas = 0;
    let mut lift = false;
    while let Some(c) = deque.pop_front() {
        let dc = dist[c];
        for (k, d) in [-1, 1, s, -s].into_iter().enumerate() {
            let nb = (c as isize + d) as usize;
            let t = if pushed[c] == k as u8 + 1 && m.cells[nb - m.stride] != EMPTY { ROCK } else { m.cells[nb] };
            let (dest, cost) = match t {
                EMPTY | EARTH | RAZOR | LAMBDA => (nb, 0),
                OPEN | CLOSED => {
                    lift = true;
                    continue;
                }
                BEARD => (nb, 1),
                _ if is_rock(t) && k < 2 && m.cells[(nb as isize + d) as usize] == EMPTY => {
                    if dist[nb] == u8::MAX {
                        pushed[nb] = k as u8 + 1;
                    }
                    (nb, 0)
                }
                _ => match m.jump_target(t) {
                    Some(j) if !trap(m, j) => (j, 0),
                    _ => continue,
                },
            };
            let nd = dc.saturating_add(cost);
            if nd > limit || nd >= dist[dest] {
                continue;
            }
            if dist[dest] == u8::MAX && t == LAMBDA {
                lambdas += 1;
            }
            dist[dest] = nd;
            if cost == 0 {
                deque.push_front(dest);
            } else {
                deque.push_back(dest);
            }
        }
    }
    let on_map = m.cells.iter().filter(|&&c| c == LAMBDA).count();
    (on_map - lambdas, lift)
}

/// A trampoline target the robot cannot leave alive: a rock right above it (leaving down lets
/// it fall on the robot) and no way out sideways (a walkable cell, or a rock to push).
pub(crate) fn trap(m: &Mine, t: usize) -> bool {
    if !is_rock(m.cells[t + m.stride]) {
        return false;
    }
    ![-1isize, 1].into_iter().any(|d| {
        let side = m.cells[(t as isize + d) as usize];
        matches!(side, EMPTY | EARTH | LAMBDA | RAZOR)
            || (is_rock(side) && m.cells[(t as isize + 2 * d) as usize] == EMPTY)
    })
}

/// The robot's move from cell `c` in direction `k` (L R U D) on the current grid, as the path
/// search sees it: where it lands (a jump's target; a pushed rock's cell) and what goal the
/// cell is, or `None` if the move is not taken.
#[inline]
fn edge(m: &Mine, c: usize, k: usize, want_razors: bool) -> Option<(usize, Option<Kind>)> {
    let s = m.stride as isize;
    let d: isize = [-1, 1, s, -s][k];
    let nb = (c as isize + d) as usize;
    let t = m.cells[nb];
    Some(match t {
        EMPTY | EARTH => {
            let dig = t == EARTH && is_rock(m.cells[nb + m.stride]);
            (nb, if dig { Some(Kind::Dig) } else { None })
        }
        LAMBDA => (nb, Some(Kind::Lambda)),
        OPEN => (nb, Some(Kind::Lift)),
        RAZOR => (nb, if want_razors { Some(Kind::Razor) } else { None }),
        BEARD if m.razors > 0 => (nb, None),
        _ if is_rock(t) && k < 2 && m.cells[(nb as isize + d) as usize] == EMPTY => (nb, Some(Kind::Push)),
        _ => (m.jump_target(t)?, None),
    })
}

/// Shortest path from the robot to `goal` avoiding the `banned` cells (a retry after the
/// shortest path killed the robot, was deflected, or met more beards than razors carried):
/// a breadth-first search over (cell, beards crossed) that crosses at most as many beards as
/// the robot has razors.
pub(crate) fn path_avoiding(m: &Mine, goal: usize, banned: &[usize]) -> Option<Vec<(u8, usize)>> {
    let n = m.cells.len();
    let layers = m.razors.min(8) + 1;
    let mut parent = vec![u32::MAX; n * layers];
    let mut cmd = vec![0u8; n * layers];
    let mut queue: Vec<(usize, usize)> = Vec::with_capacity(256);
    parent[m.robot] = m.robot as u32;
    queue.push((m.robot, 0));
    let mut head = 0;
    while head < queue.len() {
        let (c, used) = queue[head];
        head += 1;
        for (k, &dc) in DIRS.iter().enumerate() {
            let Some((dest, kind)) = edge(m, c, k, false) else {
                continue;
            };
            let u = used + usize::from(m.cells[dest] == BEARD);
            if u >= layers || banned.contains(&dest) {
                continue;
            }
            let i = u * n + dest;
            if parent[i] != u32::MAX {
                continue;
            }
            parent[i] = (used * n + c) as u32;
            cmd[i] = dc;
            if dest == goal {
                let mut path = Vec::new();
                let mut j = i;
                while j != m.robot {
                    path.push((cmd[j], j % n));
                    j = parent[j] as usize;
                }
                path.reverse();
                return Some(path);
            }
            if kind != Some(Kind::Lift) {
                queue.push((dest, u));
            }
        }
    }
    None
}

fn rebuild(parent: &[u32], cmd: &[u8], r: usize, goal: usize) -> Vec<(u8, usize)> {
    let mut path = Vec::new();
    let mut c = goal;
    while c != r {
        path.push((cmd[c], c));
        c = parent[c] as usize;
    }
    path.reverse();
    path
}

/// The goals from the robot's cell ([`bfs_in`]). With `deferred` lambdas (`defer.rs`), those
/// cells are walls as long as another lambda is in reach without them.
fn bfs(m: &Mine, p: &Params, deferred: Option<&[bool]>) -> Bfs {
    if let Some(d) = deferred {
        let b = bfs_in(m, p, Some(d));
        if b.goals.iter().any(|g| g.1 == Kind::Lambda) {
            return b;
        }
    }
    bfs_in(m, p, None)
}

/// Breadth-first search from the robot: the nearest goals of each kind (as many as `p`
/// allows), with the `deferred` cells as walls.
fn bfs_in(m: &Mine, p: &Params, deferred: Option<&[bool]>) -> Bfs {
    let n = m.cells.len();
    let mut parent = vec![u32::MAX; n];
    let mut cmd = vec![0u8; n];
    let mut goals = Vec::new();
    let (mut nl, mut np, mut nd, mut nr) = (0, 0, 0, 0);
    // Cells next to a beard, where shaving clears it (at most two per expansion).
    let mut ns = if m.razors > 0 && !m.beards.is_empty() { 0 } else { 2 };
    // Higher-order rocks become lambdas only when they fall: their pushes and digs are counted
    // apart so that ordinary rocks nearer by do not crowd them out.
    let (mut nhp, mut nhd) = (0, 0);
    let want_razors = !m.beards.is_empty();
    let mut queue = Vec::with_capacity(256);
    let r = m.robot;
    parent[r] = r as u32;
    queue.push(r);
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        for (k, &dc) in DIRS.iter().enumerate() {
            let Some((dest, kind)) = edge(m, c, k, want_razors) else {
                continue;
            };
            if parent[dest] != u32::MAX || deferred.is_some_and(|d| d[dest]) {
                continue;
            }
            parent[dest] = c as u32;
            cmd[dest] = dc;
            match kind {
                Some(Kind::Lambda) if nl < p.k_lambda => {
                    nl += 1;
                    goals.push((dest, Kind::Lambda));
                }
                Some(Kind::Lift) => goals.push((dest, Kind::Lift)),
                Some(Kind::Razor) if nr < 2 => {
                    nr += 1;
                    goals.push((dest, Kind::Razor));
                }
                Some(Kind::Push) if m.cells[dest] == HOROCK && nhp < p.k_push => {
                    nhp += 1;
                    goals.push((dest, Kind::Push));
                }
                Some(Kind::Dig) if m.cells[dest + m.stride] == HOROCK && nhd < p.k_dig => {
                    nhd += 1;
                    goals.push((dest, Kind::Dig));
                }
                Some(Kind::Push) if m.cells[dest] != HOROCK && np < p.k_push => {
                    np += 1;
                    goals.push((dest, Kind::Push));
                }
                Some(Kind::Dig) if m.cells[dest + m.stride] != HOROCK && nd < p.k_dig => {
                    nd += 1;
                    goals.push((dest, Kind::Dig));
                }
                _ => {}
            }
            if ns < 2 && kind.is_none() && m.cells[dest] != BEARD && next_to_beard(m, dest) {
                ns += 1;
                goals.push((dest, Kind::Shave));
            }
            // Do not walk on through a lift (the game ends there).
            if kind != Some(Kind::Lift) {
                queue.push(dest);
            }
        }
    }
    Bfs { parent, cmd, goals, deferring: deferred.is_some() }
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

/// Where [`walk`] got to: the state, its route, the path that worked and the cells it avoided.
pub(crate) struct Walk {
    pub(crate) mine: Mine,
    pub(crate) route: Vec<u8>,
    pub(crate) path: Vec<(u8, usize)>,
    pub(crate) banned: Vec<usize>,
}

/// Walks from `m` (reached by `route`) to `goal` with the engine, first along `path`; when the
/// robot dies or is deflected on the way, along a path avoiding that cell, at most `retries`
/// times. `None` if it cannot get there alive, or won on the way (the win is offered).
pub(crate) fn walk(
    m: &Mine,
    route: &[u8],
    mut path: Vec<(u8, usize)>,
    goal: usize,
    retries: usize,
    sh: &Shared,
) -> Option<Walk> {
    let mut banned = Vec::new();
    loop {
        let mut mine = m.clone();
        let mut r = route.to_vec();
        match play_path(&mut mine, &mut r, &path, sh) {
            Ok(()) => return Some(Walk { mine, route: r, path, banned }),
            Err(Some(bad)) if bad != goal && banned.len() < retries => {
                banned.push(bad);
                path = path_avoiding(m, goal, &banned)?;
            }
            Err(_) => return None,
        }
    }
}

/// Plays `path` (command, cell expected after it) on `m` with the engine, appending the
/// commands to `route`, shaving a beard in the way when a razor is carried, and offering every
/// prefix. `Err(Some(cell))`: the robot died or was deflected on its way to `cell`, or a beard
/// blocks it without a razor; `Err(None)`: the robot won (the win is offered).
fn play_path(m: &mut Mine, route: &mut Vec<u8>, path: &[(u8, usize)], sh: &Shared) -> Result<(), Option<usize>> {
    let s = m.stride as isize;
    for &(dc, expect) in path {
        let d: isize = match dc {
            b'L' => -1,
            b'R' => 1,
            b'U' => s,
            _ => -s,
        };
        let nb = (m.robot as isize + d) as usize;
        if m.cells[nb] == BEARD {
            if m.razors == 0 {
                // Out of razors: a detour around this beard may exist.
                return Err(Some(expect));
            }
            m.step(Command::Shave);
            route.push(b'S');
            if m.ending.is_some() {
                return Err(Some(expect));
            }
        }
        m.step(command(dc));
        route.push(dc);
        match m.ending {
            Some(Ending::Win) => {
                sh.offer(m.score(), route);
                return Err(None);
            }
            Some(_) => return Err(Some(expect)),
            None => {}
        }
        if m.robot != expect {
            return Err(Some(expect));
        }
        sh.offer(stop_value(m), route);
    }
    Ok(())
}

fn expand(node: &Node, p: &Params, sh: &Shared, deferred: Option<&[bool]>) -> Expansion {
    sh.explored.fetch_add(1, Ordering::Relaxed);
    let guide = if p.guide { sh.guide.get().and_then(|g| g.as_ref()) } else { None };
    let b = bfs(&node.mine, p, deferred);
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
            mine.step(Command::Shave);
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
            m.step(command(c));
            let mut route = node.route.clone();
            route.push(c);
            match m.ending {
                Some(Ending::Win) => {
                    sh.offer(m.score(), &route);
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
    let b = bfs_in(&n.mine, p, None);
    let &(g, _) = b.goals.iter().find(|g| g.1 == Kind::Shave)?;
    let path = rebuild(&b.parent, &b.cmd, n.mine.robot, g);
    let Walk { mut mine, mut route, .. } = walk(&n.mine, &n.route, path, g, p.retries, sh)?;
    if !beard_nearby(&mine) {
        return None;
    }
    mine.step(Command::Shave);
    route.push(b'S');
    if mine.ending.is_some() {
        return None;
    }
    Some(Node { hash: state_hash(&mine), mine, route, streak: 0, key: 0, prio: 0, loss: 0 })
}

/// The robot carries a razor and a beard is among its 8 neighbours.
pub(crate) fn beard_nearby(m: &Mine) -> bool {
    m.razors > 0 && next_to_beard(m, m.robot)
}

/// A beard is among the 8 neighbours of cell `r`.
fn next_to_beard(m: &Mine, r: usize) -> bool {
    m.around(r).iter().any(|&c| m.cells[c] == BEARD)
}

/// Approximate bytes held by one node.
fn node_bytes(m: &Mine, route_len: usize) -> usize {
    m.cells.len() + (m.active.capacity() + m.beards.capacity()) * 4 + route_len + 200
}

/// Razor buckets: on maps with beards and razors, states carrying 0, 1, 2 or 3+ razors are
/// ranked apart, each bucket with its own beam width, so that states keeping a razor for a
/// beard near the end are not crowded out by states with fewer moves that spent theirs.
const BUCKETS: usize = 4;

/// Razor buckets used on this map: [`BUCKETS`] when it has beards and razors (on the map or
/// carried), else 1.
fn razor_buckets(m: &Mine) -> usize {
    if m.beards.is_empty() || (m.razors == 0 && !m.cells.contains(&RAZOR)) {
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
fn run(start: &Mine, prefix: &[u8], sh: &Shared, p: &Params, deadline: Instant) -> bool {
    let mut played = start.clone();
    for &c in prefix {
        played.step(command(c));
    }
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
            if sh.should_stop() || Instant::now() >= deadline {
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
fn width_caps(mine: &Mine, memory_limit: usize) -> (usize, usize) {
    let nb = node_bytes(mine, 4 * mine.cells.len().min(4000));
    let budget = memory_limit / 4;
    let buckets = razor_buckets(mine);
    ((budget / nb / 48 / buckets).max(8), (budget / nb / 12 / buckets).max(1))
}

impl Params {
    /// Configuration `ci` of [`CONFIGS`] at `width`, with its own streak limit, nothing
    /// deferred, no guide and no cap on the states kept.
    fn of_config(ci: usize, width: usize, seed: u64) -> Params {
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

/// The widths and streak allowances of the configurations, one set per lane.
#[derive(Clone)]
struct Lane {
    /// The deferral this lane's runs use (`defer.rs`; 0: none).
    defer: usize,
    /// Whether its runs rank states by the static tour (`tsp.rs`).
    guide: bool,
    widths: [usize; CONFIGS.len()],
    extra: [u8; CONFIGS.len()],
    /// Time spent in this lane's turns.
    spent: std::time::Duration,
    /// The best score and route found in this lane (kept in [`Shared`] while it has the turn).
    best: (i64, Vec<u8>),
}

impl Lane {
    fn new(defer: usize, guide: bool) -> Lane {
        Lane {
            defer,
            guide,
            widths: [1; CONFIGS.len()],
            extra: [0; CONFIGS.len()],
            spent: std::time::Duration::ZERO,
            best: (i64::MIN, Vec::new()),
        }
    }
}

/// Where the sequence of beam runs stands, so that a search can be resumed after the local
/// improvement.
pub(crate) struct Schedule {
    /// Lane 0: nothing deferred; lane 1: guided by the static tour (`tsp.rs`); lane `k + 1`:
    /// deferral `k` (`defer.rs`). All but lane 0 are added after the first turn of the
    /// configurations.
    lanes: Vec<Lane>,
    /// The lane of this turn of the configurations.
    lane: usize,
    /// The best score when this turn of the configurations began.
    turn_best: i64,
    /// Time the plain lane spent in turns that did not improve the best score.
    stalled: std::time::Duration,
    /// Time the plain lane spent in the first half of the budget in turns that did not
    /// improve the best score, and the time the guided lane had then.
    stalled_early: std::time::Duration,
    guided_early: std::time::Duration,
    /// Lanes 2 ..= `beard_lanes + 1` defer beard groups.
    beard_lanes: usize,
    /// When this turn of the configurations began.
    turn_start: Instant,
    /// Continuation runs done so far (they pick where to restart from in turn).
    resumed: usize,
    /// End-game runs done so far (they pick where to restart from in turn).
    ended: usize,
    /// The best score when the best route was last reordered.
    reordered: i64,
    /// Whether the pass over trap targets (`traps.rs`) has run.
    traps_done: bool,
    /// The continuations of the shortcut arrivals (`continuations.rs`), taken between turns.
    continuations: super::continuations::Continuations,
    /// The beam over single commands (`stepbeam.rs`), taken between turns.
    steps: super::stepbeam::StepBeam,
    seed: u64,
    round: usize,
}

impl Schedule {
    pub(crate) fn new() -> Schedule {
        Schedule {
            lanes: vec![Lane::new(0, false)],
            lane: 0,
            turn_best: i64::MIN,
            stalled: std::time::Duration::ZERO,
            stalled_early: std::time::Duration::ZERO,
            guided_early: std::time::Duration::ZERO,
            beard_lanes: 0,
            turn_start: Instant::now(),
            resumed: 0,
            ended: 0,
            reordered: i64::MIN,
            traps_done: false,
            continuations: super::continuations::Continuations::new(),
            steps: super::stepbeam::StepBeam::new(),
            seed: 1,
            round: 0,
        }
    }

    /// After a turn of all configurations: picks the lane of the next turn. After the first
    /// turn the guided lane and the deferral lanes are added. They get the time the plain lane
    /// loses, that is spends in turns that do not improve the best score. In the first half of
    /// the budget, after its first 10 s ([`GUIDED_FROM`]), only the guided lane, while it has
    /// had less than half of what the plain lane lost so far (trampoline3 at 60 s: 5415 -> 5459
    /// against the guided lane in the second half only). In the second half the plain lane takes the turn while the other lanes
    /// together have had as much time (after the guided lane's first-half share) as it lost in
    /// the second half; otherwise the guided lane does while it has had no more time than the
    /// deferral lanes together, else the deferral lane that has had the least time. So a search
    /// that still improves stays in the plain lane (flood4 and horock3 at 10 s need the first
    /// half there), and one that is stuck (contest9) gives about half its time to the others.
    /// While the best route collects every lambda and loses the lift, only the guided lane and
    /// the beard lanes take turns (beard4: every route of the plain lane aborts), from the
    /// start, or only the plain lane when the map has no beard groups (flood4: its end-game
    /// runs). Each lane has its own growing widths and its own best route for the continuation
    /// and end-game runs; the lane's best route goes into `sh` for its turn.
    fn next_lane(&mut self, mine: &Mine, sh: &Shared) {
        let now = Instant::now();
        let spent = now - self.turn_start;
        self.turn_start = now;
        self.lanes[self.lane].spent += spent;
        let best = sh.best_score.load(Ordering::Relaxed);
        // The deferral lanes wait for the second half of the budget.
        let early = sh.start.elapsed() < (sh.deadline - sh.start) / 2;
        if self.lane == 0 && best <= self.turn_best {
            if early {
                self.stalled_early += spent;
            } else {
                self.stalled += spent;
            }
        }
        if self.lane == 1 && early {
            self.guided_early += spent;
        }
        self.turn_best = best;
        if self.round + 1 == CONFIGS.len() {
            let (sets, beard) = super::defer::deferrals(mine);
            self.lanes.push(Lane::new(0, true));
            self.lanes.extend((1..=sets.len()).map(|k| Lane::new(k, false)));
            self.beard_lanes = beard;
        }
        let n = self.lanes.len();
        let others: std::time::Duration = self.lanes[1..].iter().map(|l| l.spent).sum();
        // Among the lanes in `range`, the one with the least time so far; on a tie the next one
        // after this lane.
        let least = |range: std::ops::RangeInclusive<usize>| {
            (1..=n).map(|i| (self.lane + i) % n).filter(|l| range.contains(l)).min_by_key(|&l| self.lanes[l].spent)
        };
        let lost = Replay::new(mine, &sh.best_route()).collects_all_and_loses();
        let next = if lost {
            // Every route so far aborts with all lambdas: the guided and beard lanes only, or
            // the plain lane's end-game runs when there are no beard groups (flood4).
            if self.beard_lanes == 0 {
                0
            } else {
                least(1..=self.beard_lanes + 1).unwrap_or(0)
            }
        } else if n == 1 {
            0
        } else if early {
            // The first half: the guided lane gets half the time the plain lane loses, from
            // `GUIDED_FROM` on (horock3 and beard4 at 10 s need the plain lane's whole first
            // half: 2347 -> 1583, a win -> 2033 without this delay).
            if sh.start.elapsed() >= GUIDED_FROM && self.lanes[1].spent * 2 < self.stalled_early {
                1
            } else {
                0
            }
        } else if others.saturating_sub(self.guided_early) >= self.stalled {
            0
        } else if n == 2 || self.lanes[1].spent <= others - self.lanes[1].spent {
            1
        } else {
            least(2..=n - 1).unwrap_or(0)
        };
        if next != self.lane {
            let incoming = std::mem::take(&mut self.lanes[next].best);
            self.lanes[self.lane].best = sh.swap_lane(incoming.0, incoming.1);
            self.lane = next;
        }
    }
}

/// Configurations tried in turn, each with its own growing width: (single moves, priority
/// penalty per non-collecting macro move, longest non-collecting streak, reach weight, tour
/// bound in the priority).
const CONFIGS: [(bool, usize, u8, usize, bool); 6] = [
    (false, 2, 2, 0, false),
    (true, 2, 2, 0, false),
    (false, 2, 2, 75, false),
    (true, 3, 4, 75, false),
    (false, 2, 2, 0, true),
    (true, 3, 4, 75, true),
];

/// How long the plain lane keeps every turn before the guided lane gets its share.
const GUIDED_FROM: std::time::Duration = std::time::Duration::from_secs(10);

/// Kicks of the iterated local search for the guided lane's static tour, and its longest time.
const GUIDE_KICKS: usize = 300;
const GUIDE_TIME: std::time::Duration = std::time::Duration::from_millis(300);

/// The static tour (`tsp.rs`), made on first use: at most [`GUIDE_TIME`] for the tour, a
/// sixteenth of the memory for its distance tables. None when the map has no lambda or lift or
/// the tables would not fit.
pub(crate) fn guide<'s>(mine: &Mine, sh: &'s Shared) -> Option<&'s super::tsp::Guide> {
    sh.guide
        .get_or_init(|| super::tsp::Guide::new(mine, GUIDE_KICKS, Instant::now() + GUIDE_TIME, sh.memory_limit / 16))
        .as_ref()
}

/// Longest time the reorder and edit passes get after a turn of the configurations.
const MID_SEARCH_PASSES: std::time::Duration = std::time::Duration::from_secs(1);

/// The continuations of the shortcut arrivals get their share of the time
/// ([`super::continuations::Continuations::share`]) counted from this time on: the first
/// seconds belong to the beam and its continuation runs (horock1's win in a 3 s budget comes
/// from those).
const CONTINUATIONS_FROM: std::time::Duration = std::time::Duration::from_secs(3);
/// The longest slice of time the continuations take at once (but the first batch of arrivals
/// of a slice may run longer, `continuations.rs`).
const CONTINUATION_SLICE: std::time::Duration = std::time::Duration::from_secs(3);

/// The beam over single commands (`stepbeam.rs`) gets a `1 / STEPS_SHARE` part of the time
/// counted from `STEPS_FROM`, in slices of `STEP_SLICE` at most.
const STEPS_FROM: std::time::Duration = std::time::Duration::from_secs(3);
const STEPS_SHARE: u32 = 3;
const STEP_SLICE: std::time::Duration = std::time::Duration::from_secs(3);

/// Longest run of non-collecting macro moves ever allowed.
const MAX_STREAK: u8 = 16;

/// Runs beams of growing width until the deadline (or the stop conditions).
pub(crate) fn search(mine: &Mine, sh: &Shared, opts: &SolveOptions, deadline: Instant, sched: &mut Schedule) {
    let budget = opts.memory_limit_bytes / 4;
    // Each razor bucket has its own width.
    let buckets = razor_buckets(mine);
    let (max_width, max_cap) = width_caps(mine, opts.memory_limit_bytes);
    let debug = std::env::var_os("TUMBLE_SOLVE_DEBUG").is_some();
    loop {
        let ci = sched.round % CONFIGS.len();
        let lane = &sched.lanes[sched.lane];
        let max_streak = (CONFIGS[ci].2 + lane.extra[ci]).min(MAX_STREAK);
        let width = lane.widths[ci].min(max_width);
        let p = Params {
            max_streak,
            max_cap,
            defer: lane.defer,
            guide: lane.guide,
            ..Params::of_config(ci, width, sched.seed)
        };
        if p.guide {
            guide(mine, sh);
        }
        let done = run(mine, &[], sh, &p, deadline);
        if debug {
            eprintln!(
                "config {ci} lane {} width {width} streak {max_streak} done {done} best {} t {:.2}",
                sched.lane,
                sh.best_score.load(Ordering::Relaxed),
                sh.start.elapsed().as_secs_f64()
            );
        }
        if !done {
            // Resume with the same run next time.
            return;
        }
        // Once a configuration runs at the widest beam memory allows (small maps get there in
        // a fraction of a second), or a configuration with single moves at width 64 or more,
        // each further run allows one more non-collecting macro move in a row.
        if width == max_width || (p.primitives && width >= 64) {
            let extra = &mut sched.lanes[sched.lane].extra[ci];
            *extra = extra.saturating_add(1);
        }
        // A continuation run: the same beam, restarted from a point on the best route found
        // so far (after its last lambda, or a few lambdas before), so that the search spends
        // its width on the end game of the most promising collection order.
        let back = RESTART_BACK[sched.resumed % RESTART_BACK.len()];
        sched.resumed += 1;
        if let Some(cut) = restart_point(mine, &sh.lane_route(), back) {
            if !run(mine, &cut, sh, &p, deadline) {
                return;
            }
        }
        // After each turn of the configurations, while the best route collects every lambda
        // but the lift is out of reach at its end (flood4: rocks fell into the corridor to the
        // lift), an end-game run.
        if ci + 1 == CONFIGS.len() && !end_game(mine, sh, &p, sched, budget / buckets, deadline, debug) {
            return;
        }
        // After each turn of all configurations, if the best route changed since the last
        // time: reorder its collections, then edit it.
        let best = sh.best_score.load(Ordering::Relaxed);
        if ci + 1 == CONFIGS.len() && best != sched.reordered {
            // At most a tenth of the budget and a second each time: long passes here drive the
            // best route to a local optimum early that later runs no longer leave (contest10 at
            // 150 s: 3606 with 15 s passes, 3634 with 1 s); the long passes come at the end.
            let until = (Instant::now() + ((sh.deadline - sh.start) / 10).min(MID_SEARCH_PASSES)).min(deadline);
            if !sched.traps_done {
                // Once, a tenth of the budget at most: the pass polishes its own best route.
                sched.traps_done = true;
                let until = (Instant::now() + (sh.deadline - sh.start) / 10).min(deadline);
                super::traps::prepare(mine, sh, || guide(mine, sh), until);
            }
            super::reorder::reorder(mine, sh, until, super::reorder::NEAR);
            super::improve::improve(mine, sh, until);
            sched.reordered = sh.best_score.load(Ordering::Relaxed);
        }
        // After each turn of all configurations, the shortcut pass's continuations while they
        // have had less than their share of the time (a slice of `CONTINUATION_SLICE` at most,
        // but for its first batch), then the beam over single commands while it has had less
        // than its share (a slice of `STEP_SLICE` at most). Neither counts as the lane's time.
        if ci + 1 == CONFIGS.len() {
            let c = &sched.continuations;
            let t0 = Instant::now();
            if let Some(until) =
                side_slice(mine, sh, c.spent, CONTINUATIONS_FROM, c.share(), CONTINUATION_SLICE, deadline)
            {
                sched.continuations.step(mine, sh, until, deadline);
                sched.turn_start += t0.elapsed();
            }
            let t0 = Instant::now();
            if let Some(until) = side_slice(mine, sh, sched.steps.spent, STEPS_FROM, STEPS_SHARE, STEP_SLICE, deadline)
            {
                sched.steps.step(mine, sh, until, deadline);
                sched.turn_start += t0.elapsed();
            }
        }
        sched.lanes[sched.lane].widths[ci] = (width * 2).min(max_width);
        if ci + 1 == CONFIGS.len() {
            sched.next_lane(mine, sh);
        }
        sched.round += 1;
        sched.seed += 1;
    }
}

/// The end of the next slice of a search taken between turns that has spent `spent` so far:
/// it may have a `1 / part` part of the time counted from `from`, in slices of `slice` at most.
/// None when it has had its share, or while the best route collects everything and loses the
/// lift (the lanes that find a win need the time: beard4).
fn side_slice(
    mine: &Mine,
    sh: &Shared,
    spent: std::time::Duration,
    from: std::time::Duration,
    part: u32,
    slice: std::time::Duration,
    deadline: Instant,
) -> Option<Instant> {
    let share = sh.start.elapsed().saturating_sub(from) / part;
    if spent >= share || Replay::new(mine, &sh.best_route()).collects_all_and_loses() {
        return None;
    }
    Some((Instant::now() + (share - spent).min(slice)).min(deadline))
}

/// How many lambdas before the end of the best route the continuation runs restart, in turn.
const RESTART_BACK: [usize; 6] = [0, 1, 2, 3, 5, 8];

/// A route played on a fresh copy of the mine: the final state, and the route's length after
/// each collection (in order).
struct Replay {
    end: Mine,
    collected_at: Vec<usize>,
}

impl Replay {
    fn new(mine: &Mine, route: &[u8]) -> Replay {
        let mut end = mine.clone();
        let mut collected_at = Vec::new();
        for (i, &c) in route.iter().enumerate() {
            let before = end.collected;
            end.step(command(c));
            if end.collected > before {
                collected_at.push(i + 1);
            }
        }
        Replay { end, collected_at }
    }

    /// Whether the route collects every lambda on the map, does not end in the lift, and
    /// leaves the lift out of reach (as [`blocked`] walks).
    fn collects_all_and_loses(&self) -> bool {
        let m = &self.end;
        m.collected == m.lambdas_total && m.ending != Some(Ending::Win) && !blocked(m).1
    }

    /// The length of the route's prefix just after its lambda number `L - back` was collected
    /// (`L`: lambdas the route collects; `back` 0: after its last lambda), or `None` if that
    /// is the start.
    fn cut(&self, back: usize) -> Option<usize> {
        self.collected_at.get(self.collected_at.len().checked_sub(back + 1)?).copied()
    }
}

/// The prefix of `route` just after its lambda number `L - back` was collected (see
/// [`Replay::cut`]).
pub(super) fn restart_point(mine: &Mine, route: &[u8], back: usize) -> Option<Vec<u8>> {
    Some(route[..Replay::new(mine, route).cut(back)?].to_vec())
}

/// How many lambdas before the end of the best route the end-game runs restart, in turn.
const END_BACK: [usize; 4] = [8, 5, 3, 12];

/// Longest run of non-collecting macro moves in an end-game run.
const END_STREAK: u8 = 10;

/// An end-game run, if the best route collects every lambda and leaves the lift out of reach:
/// a beam of plain macro moves (the first configuration: no reach weight or tour bound)
/// restarted [`END_BACK`] lambdas before the end of the best route, with a long streak limit
/// (setup moves such as keeping a rock's landing cell dug) and the width the memory budget
/// allows for so few layers and routes that long: `budget` bytes over `4 x width` nodes in
/// each of the `back + 2` layers, each node holding a route twice the best one's length. On
/// flood4 the end game from 8 lambdas before the end needs a width of about 4000 (the runs from
/// the start are capped near 1300 there: 12 layers, routes of 4 bytes per cell). Returns false
/// if the run was cut short by the stop conditions.
fn end_game(
    mine: &Mine,
    sh: &Shared,
    p: &Params,
    sched: &mut Schedule,
    budget: usize,
    deadline: Instant,
    debug: bool,
) -> bool {
    let best = sh.lane_route();
    let replay = Replay::new(mine, &best);
    if !replay.collects_all_and_loses() {
        return true;
    }
    let back = END_BACK[sched.ended % END_BACK.len()];
    sched.ended += 1;
    let Some(cut) = replay.cut(back) else { return true };
    let width = (budget / node_bytes(mine, 2 * best.len()) / (4 * (back + 2))).max(p.width);
    let (primitives, penalty, _, reach_weight, tour) = CONFIGS[0];
    let end =
        Params { width, max_streak: END_STREAK, primitives, penalty, reach_weight, tour, max_cap: usize::MAX, ..*p };
    let done = run(mine, &best[..cut], sh, &end, deadline);
    if debug {
        eprintln!(
            "  end game {back} lambdas before the end, width {width}: best {} t {:.2}",
            sh.best_score.load(Ordering::Relaxed),
            sh.start.elapsed().as_secs_f64()
        );
    }
    done
}

#[cfg(test)]
mod tests {
    use super::{blocked, end_game, Node, Params, Replay, Schedule};
    use crate::mine::map::{Mine, BEARD};
    use crate::mine::score::Ending;
    use crate::mine::solve::{Progress, Shared};
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn only_routes_that_collect_everything_and_lose_the_lift_get_an_end_game() {
        // Lambdas two cells left and right of the robot, the lift below it.
        let m = Mine::parse("#######\n#\\.R.\\#\n###L###\n").unwrap();
        let collects_all_and_loses = |route: &[u8]| Replay::new(&m, route).collects_all_and_loses();
        assert!(!collects_all_and_loses(b"LLRRRRA"), "the lift is in reach");
        assert!(!collects_all_and_loses(b"LLRRRRLLD"), "a win");
        assert!(!collects_all_and_loses(b"LLA"), "a lambda left");
        // Collections after 2 and 6 commands: the cut points counted from the end.
        let r = Replay::new(&m, b"LLRRRRA");
        assert_eq!((r.cut(0), r.cut(1), r.cut(2)), (Some(6), Some(2), None));
    }

    /// horock3: the beard beside the lift grows every 25 moves and there are three razors. From
    /// the state after 11 lambdas (move 19, next to the top razors), picking up the razors
    /// leaves the beard growing (the lift sealed by the forecast: a poor priority in razor
    /// bucket 2); the same macro move carried on to the beard and shaving it gives a state
    /// with no beard left, ranked at once among the states without razors (bucket 0).
    #[test]
    fn a_razor_goal_also_goes_on_to_shave() {
        let start = crate::mine::solve::sample_map("horock3");
        let prefix = b"RRUUULLUUUUURUUURRR";
        let mut mine = start.clone();
        for &c in prefix {
            mine.step(super::command(c));
        }
        assert_eq!((mine.collected, mine.razors), (11, 0));
        let stop = AtomicBool::new(false);
        let report = |_: &Progress| {};
        let sh = Shared::for_test(&stop, &report, 0, b"");
        let p = Params {
            width: 64,
            k_lambda: 8,
            k_push: 3,
            k_dig: 3,
            max_streak: 2,
            seed: 1,
            penalty: 2,
            primitives: false,
            reach_weight: 75,
            tour: false,
            retries: 3,
            max_cap: 1 << 20,
            defer: 0,
            guide: false,
        };
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

    /// beard4's trap in small: pushing the rock right leaves it on the only way down (it stays
    /// on the earth below), so the lambda is lost, unless there is room to push it on.
    #[test]
    fn a_pushed_rock_blocks_the_cell_it_lands_on() {
        let sealed = Mine::parse("######\n#R* ##\n###.##\n###\\##\n##L###\n").unwrap();
        assert_eq!(blocked(&sealed), (1, false));
        let room = Mine::parse("######\n#R*  #\n###.##\n###\\##\n##L###\n").unwrap();
        assert_eq!(blocked(&room), (0, false));
    }

    /// flood4: the route finder's best route after 150 s before end-game runs (1036) collects
    /// all 23 lambdas, but rocks fall into the lift's corridor and it aborts. The first
    /// end-game run (8 lambdas before the end) finds a win.
    #[test]
    fn an_end_game_run_wins_flood4() {
        let mine = crate::mine::solve::sample_map("flood4");
        let lost = b"LLUUULLLLLLLLLLLDDLLRRRRRUUUURRUURRRRRRRRRRRRRRULLLDDDDDDDDDDDDDDLLLUULRRRRRRRRRRRRRRRRRRUDRRULURULLDLLLLURRUUULLL";
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.score, o.lambdas, o.ending), (1036, 23, Ending::Abort));
        assert!(Replay::new(&mine, lost).collects_all_and_loses());
        let stop = AtomicBool::new(false);
        let report = |_: &Progress| {};
        let sh = Shared::for_test(&stop, &report, 1036, lost);
        let p = Params {
            width: 1,
            k_lambda: 8,
            k_push: 3,
            k_dig: 3,
            max_streak: 2,
            seed: 1,
            penalty: 2,
            primitives: false,
            reach_weight: 0,
            tour: false,
            retries: 3,
            max_cap: 1,
            defer: 0,
            guide: false,
        };
        let mut sched = Schedule::new();
        assert!(end_game(&mine, &sh, &p, &mut sched, (1 << 30) / 4, sh.deadline, false));
        let best = sh.best_score.load(Ordering::Relaxed);
        let o = mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap());
        assert_eq!((o.score, o.ending), (best, Ending::Win));
        assert!(best >= 1580, "{best}");
    }

    /// The schedule's lanes on beard4: after the first turn of the configurations the 11
    /// deferral lanes are added; the plain lane has lost time and the others had none, so one
    /// of them takes the next turn, with its own (still empty) best route to restart from,
    /// while the plain lane keeps its own. The plain lane takes the turn again once the
    /// deferral lanes have had as much time as it lost.
    #[test]
    fn deferral_lanes_share_the_time_with_the_plain_lane() {
        let mine = crate::mine::solve::sample_map("beard4");
        let lost = b"RDDDRLUURRRRRUUULRRDRDLLDDDDDDDDDDRRLLLLLLLLLLLLLLLLLRRRRRRRRRRRUULLLLLLLLLLLRRRRRRRRUULLLLLRRRRRRRLLUUUUUULLLLLLLLRUURLDDRRRDDDDLRUULLLDLDDUURURRRUURRRRRULWRURRLLLLLL";
        let won = b"RDDDRLUUULLDDDDDDRRLLLLLLLRRRRRUUUUUULLLLDDDDLRUULLLLDDDUURURRRUULLLLRUURLDDRRRRRRRDDDDDDDDRRRDDDUUULLLLLLLLLLLRRRRRRRRRRRDDLLLLLLLLLLLRRRRRRRRRRRRRRRRRLLLLLLUULLLUUUUUUUUURWLULLLRRRRRRLLDLDRRDRRRRRUUULRRDRDLLDDDDDDDDDURRUUUUUR";
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.score, o.lambdas, o.ending), (2033, 44, Ending::Abort));
        let o = mine.clone().run(std::str::from_utf8(won).unwrap());
        assert_eq!((o.score, o.ending), (3073, Ending::Win));
        let stop = AtomicBool::new(false);
        let report = |_: &Progress| {};
        let mut sh = Shared::for_test(&stop, &report, 2033, lost);
        // Past the first half of the budget (the plain lane's alone).
        sh.deadline = sh.start;
        let mut sched = Schedule::new();
        sched.round = super::CONFIGS.len() - 1;
        sched.stalled = std::time::Duration::from_secs(1);
        sched.next_lane(&mine, &sh);
        assert_eq!(sched.lanes.len(), 2 + 11);
        assert_eq!(sched.lane, 1, "the guided lane (no time spent yet) is next");
        assert!(sched.lanes[1].guide && sched.lanes[1].defer == 0);
        assert!(sched.lanes[2..].iter().enumerate().all(|(k, l)| !l.guide && l.defer == k + 1));
        assert_eq!(sh.lane_route(), b"");
        assert_eq!(sched.lanes[0].best, (2033, lost.to_vec()));
        // Lane 1 wins; the plain lane has lost far more time, the guided lane has had more than
        // the deferral lanes: the first deferral lane goes.
        sh.offer(3073, won);
        assert_eq!(sh.lane_route(), won);
        sched.stalled = std::time::Duration::from_secs(10);
        sched.next_lane(&mine, &sh);
        assert_eq!(sched.lane, 2);
        assert_eq!(sched.lanes[1].best, (3073, won.to_vec()));
        assert_eq!(sh.best_route(), won);
        // The deferral lanes have had as much as the plain lane lost: its turn, with its own
        // best route.
        sched.stalled = std::time::Duration::ZERO;
        sched.next_lane(&mine, &sh);
        assert_eq!((sched.lane, sh.lane_route()), (0, lost.to_vec()));
    }

    /// In the first half of the budget only the guided lane takes turns besides the plain
    /// lane, after the first 10 s, while it has had less than half the time the plain lane lost.
    #[test]
    fn the_guided_lane_gets_half_the_time_lost_in_the_first_half() {
        let mine = crate::mine::solve::sample_map("contest9");
        let stop = AtomicBool::new(false);
        let report = |_: &Progress| {};
        let mut sh = Shared::for_test(&stop, &report, 0, b"");
        let mut sched = Schedule::new();
        sched.round = super::CONFIGS.len() - 1;
        sched.next_lane(&mine, &sh);
        assert!(sched.lanes.len() > 2);
        assert_eq!(sched.lane, 0, "nothing lost yet");
        let s = std::time::Duration::from_secs;
        sched.stalled_early = s(4);
        sched.lanes[1].spent = s(1);
        sched.next_lane(&mine, &sh);
        assert_eq!(sched.lane, 0, "the first 10 s are the plain lane's");
        sh.start -= super::GUIDED_FROM;
        sh.deadline = sh.start + 4 * super::GUIDED_FROM;
        sched.next_lane(&mine, &sh);
        assert_eq!(sched.lane, 1, "1 s < 4 s / 2");
        sched.lanes[1].spent = s(3);
        sched.next_lane(&mine, &sh);
        assert_eq!(sched.lane, 0, "3 s > 4 s / 2");
    }
}
