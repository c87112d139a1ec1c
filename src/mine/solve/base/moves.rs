//! Macro-move generation: a breadth-first search from the robot over the current grid
//! (walkable cells, horizontal rock pushes, trampoline jumps, beards when razors are carried)
//! finds the goals a macro move walks to: the nearest lambdas, the open lift, razors, pushable
//! rocks, earth cells under rocks (higher-order rocks counted apart) and cells next to a beard.
//! The paths are played by `paths.rs`; the beam (`beam.rs`) makes its children from them.

use crate::mine::map::{is_rock, Mine, BEARD, EARTH, EMPTY, HOROCK, LAMBDA, OPEN, RAZOR, ROCK, TRAMP};

/// What a goal of a macro move is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Lambda,
    Lift,
    Razor,
    Push,
    Dig,
    /// A cell next to a beard, where the robot shaves (when it carries a razor).
    Shave,
}

/// The move commands, in the order of the directions of [`edge`].
pub(crate) const DIRS: [u8; 4] = [b'L', b'R', b'U', b'D'];

/// How many goals of each kind one search returns (the nearest first).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quota {
    pub(crate) lambdas: usize,
    pub(crate) pushes: usize,
    pub(crate) digs: usize,
}

/// Breadth-first search from the robot over the current grid; returns the goals found (nearest
/// first) and the parent links to rebuild paths.
pub(crate) struct Bfs {
    /// Per cell: the cell the robot came from (`u32::MAX`: not reached).
    pub(crate) parent: Vec<u32>,
    /// Per cell: the command that reached it.
    pub(crate) cmd: Vec<u8>,
    pub(crate) goals: Vec<(usize, Kind)>,
    /// The search kept off the deferred lambdas (another lambda was in reach without them).
    pub(crate) deferring: bool,
}

impl Bfs {
    /// The commands of the shortest path from the searched robot cell `r` to `goal`, or None if
    /// the search did not reach `goal`.
    pub(crate) fn commands_to(&self, r: usize, goal: usize) -> Option<Vec<u8>> {
        (self.parent[goal] != u32::MAX)
            .then(|| rebuild(&self.parent, &self.cmd, r, goal).into_iter().map(|(c, _)| c).collect())
    }
}

/// The robot's move from cell `c` in direction `k` (L R U D) on the current grid, as the path
/// search sees it: where it lands (a jump's target; a pushed rock's cell) and what goal the
/// cell is, or `None` if the move is not taken.
#[inline]
pub(crate) fn edge(m: &Mine, c: usize, k: usize, want_razors: bool) -> Option<(usize, Option<Kind>)> {
    let s = m.stride as isize;
    let d: isize = [-1, 1, s, -s][k];
    let nb = (c as isize + d) as usize;
    let t = m.cells[nb];
    if NEVER[t as usize] {
        return None;
    }
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

/// The cells [`edge`] never steps onto (walls, the closed lift, targets), found by table before
/// its match on the rest.
pub(crate) const NEVER: [bool; 256] = {
    let mut never = [true; 256];
    let walked = [EMPTY, EARTH, LAMBDA, OPEN, RAZOR, BEARD, ROCK, HOROCK];
    let mut i = 0;
    while i < walked.len() {
        never[walked[i] as usize] = false;
        i += 1;
    }
    let mut i = 0;
    while i < 9 {
        never[TRAMP as usize + i] = false;
        i += 1;
    }
    never
};

/// The path (command, cell after it) from the robot's cell `r` to `goal` by the parent links.
pub(crate) fn rebuild(parent: &[u32], cmd: &[u8], r: usize, goal: usize) -> Vec<(u8, usize)> {
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
pub(crate) fn bfs(m: &Mine, q: Quota, deferred: Option<&[bool]>) -> Bfs {
    if let Some(d) = deferred {
        let b = bfs_in(m, q, Some(d));
        if b.goals.iter().any(|g| g.1 == Kind::Lambda) {
            return b;
        }
    }
    bfs_in(m, q, None)
}

/// Breadth-first search from the robot: the nearest goals of each kind (as many as `p`
/// allows), with the `deferred` cells as walls.
pub(crate) fn bfs_in(m: &Mine, p: Quota, deferred: Option<&[bool]>) -> Bfs {
    let n = m.cells.len();
    let (mut parent, mut cmd) = POOL.with(|pool| pool.borrow_mut().pop()).unwrap_or_default();
    parent.clear();
    parent.resize(n, u32::MAX);
    cmd.clear();
    cmd.resize(n, 0);
    let mut goals = Vec::new();
    let (mut nl, mut np, mut nd, mut nr) = (0, 0, 0, 0);
    // Cells next to a beard, where shaving clears it (at most two per expansion).
    let beards = has_beards(m);
    let mut ns = if m.razors > 0 && beards { 0 } else { 2 };
    // Higher-order rocks become lambdas only when they fall: their pushes and digs are counted
    // apart so that ordinary rocks nearer by do not crowd them out.
    let (mut nhp, mut nhd) = (0, 0);
    let want_razors = beards;
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
                Some(Kind::Lambda) if nl < p.lambdas => {
                    nl += 1;
                    goals.push((dest, Kind::Lambda));
                }
                Some(Kind::Lift) => goals.push((dest, Kind::Lift)),
                Some(Kind::Razor) if nr < 2 => {
                    nr += 1;
                    goals.push((dest, Kind::Razor));
                }
                Some(Kind::Push) if m.cells[dest] == HOROCK && nhp < p.pushes => {
                    nhp += 1;
                    goals.push((dest, Kind::Push));
                }
                Some(Kind::Dig) if m.cells[dest + m.stride] == HOROCK && nhd < p.digs => {
                    nhd += 1;
                    goals.push((dest, Kind::Dig));
                }
                Some(Kind::Push) if m.cells[dest] != HOROCK && np < p.pushes => {
                    np += 1;
                    goals.push((dest, Kind::Push));
                }
                Some(Kind::Dig) if m.cells[dest + m.stride] != HOROCK && nd < p.digs => {
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

thread_local! {
    /// The tables of dropped [`Bfs`]es, for the next search on the thread.
    static POOL: std::cell::RefCell<Vec<(Vec<u32>, Vec<u8>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Bfs {
    /// Gives the tables back to the thread's pool (a search runs per beam node expanded).
    fn drop(&mut self) {
        let tables = (std::mem::take(&mut self.parent), std::mem::take(&mut self.cmd));
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < 4 {
                pool.push(tables);
            }
        });
    }
}

/// Whether a beard is left on the map. The engine's beard list (`Mine::beards`) keeps shaved
/// beards until the next growth, so it is not empty just because a beard was there once: a
/// state whose beards are all shaved would go on fetching razors and keep razor buckets.
pub(crate) fn has_beards(m: &Mine) -> bool {
    m.beards.iter().any(|&b| m.cells[b as usize] == BEARD)
}

/// The robot carries a razor and a beard is among its 8 neighbours.
pub(crate) fn beard_nearby(m: &Mine) -> bool {
    m.razors > 0 && next_to_beard(m, m.robot)
}

/// A beard is among the 8 neighbours of cell `r`.
pub(crate) fn next_to_beard(m: &Mine, r: usize) -> bool {
    m.around(r).iter().any(|&c| m.cells[c] == BEARD)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A beard shaved is gone from the cells at once but stays in the engine's list until the
    /// next growth: only the cells say whether one is left.
    #[test]
    fn a_shaved_beard_is_no_beard_left() {
        let mut m = Mine::parse("#####\n#RW #\n#  L#\n#####\n\nGrowth 10\nRazors 1\n").unwrap();
        assert!(has_beards(&m));
        m.run("S");
        assert!(!m.beards.is_empty(), "the list keeps it");
        assert!(!has_beards(&m));
    }
}
