//! A lower bound on the moves still needed to finish: every lambda left on the map must be
//! visited and the route must end in the lift, so for each lambda `λ` the rest of the route is
//! at least `d(robot, λ) + d(λ, lift)`. Ranking states by moves plus this bound (A*-like)
//! leaves the lambdas near the lift for last instead of collecting the nearest ones first;
//! it matters on maps where beards grow round the lift while the robot is away.
//!
//! Distances are in moves on the current grid with rocks and walls as obstacles; beards count
//! as walkable (a shave clears them); a trampoline is an edge from its neighbours to its
//! target. Lambdas out of reach of the robot are left out (the reach penalty deals with them).
//!
//! Not an exact bound, by measurement: the distances to the lift treat the robot's own cell as
//! an obstacle, so a lambda the robot stands between and the lift counts with its first leg
//! only (`d(robot, λ)`). That ranks "collect the far side first, come back past the lift
//! later" states lower and lets the robot clear the lift's side of the map as it passes (beard3:
//! lambdas around the lift, beards growing over them; the exact bound does not win there).

use super::memo;
use crate::mine::map::{Mine, BEARD, CLOSED, EARTH, EMPTY, LAMBDA, NONE, OPEN, RAZOR, TARGET};

const FAR: u32 = u32::MAX;

/// Cells a robot can stand on (as far as this bound is concerned).
#[inline]
fn standable(t: u8) -> bool {
    matches!(t, EMPTY | EARTH | LAMBDA | RAZOR | BEARD | OPEN | CLOSED) || (TARGET..TARGET + 9).contains(&t)
}

/// Moves from the robot to every cell (`FAR`: not reachable). The lift is a dead end.
fn from_robot(m: &Mine, dist: &mut Vec<u32>, queue: &mut Vec<usize>) {
    from_cell(m, m.robot, dist, queue);
}

/// Moves from cell `src` to every cell on the current grid (`FAR`, `u32::MAX`: not reachable),
/// as [`bound`] counts them: rocks and walls are obstacles, beards walkable, a trampoline
/// leads to its target, the lift is a dead end.
pub(crate) fn from_cell(m: &Mine, src: usize, dist: &mut Vec<u32>, queue: &mut Vec<usize>) {
    let s = m.stride as isize;
    dist.clear();
    dist.resize(m.cells.len(), FAR);
    queue.clear();
    dist[src] = 0;
    queue.push(src);
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        if matches!(m.cells[c], OPEN | CLOSED) {
            continue;
        }
        for d in [-1, 1, s, -s] {
            let nb = (c as isize + d) as usize;
            let t = m.cells[nb];
            let dest = match m.jump_target(t) {
                Some(j) => j,
                None if standable(t) => nb,
                None => continue,
            };
            if dist[dest] == FAR {
                dist[dest] = dist[c] + 1;
                queue.push(dest);
            }
        }
    }
}

/// Moves from every cell to the lift (`FAR`: cannot get there).
fn to_lift(m: &Mine, dist: &mut Vec<u32>, queue: &mut Vec<usize>) {
    let s = m.stride as isize;
    dist.clear();
    dist.resize(m.cells.len(), FAR);
    queue.clear();
    dist[m.lift] = 0;
    queue.push(m.lift);
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        // Cells one move before `c`: its standable neighbours, and the neighbours of every
        // trampoline that lands on `c`.
        let visit = |from: usize, dist: &mut Vec<u32>, queue: &mut Vec<usize>| {
            for d in [-1, 1, s, -s] {
                let nb = (from as isize + d) as usize;
                if standable(m.cells[nb]) && !matches!(m.cells[nb], OPEN | CLOSED) && dist[nb] == FAR {
                    dist[nb] = dist[c] + 1;
                    queue.push(nb);
                }
            }
        };
        visit(c, dist, queue);
        if (TARGET..TARGET + 9).contains(&m.cells[c]) {
            for &tp in &m.tramp_pos {
                if tp != NONE && m.jump_target(m.cells[tp]) == Some(c) {
                    visit(tp, dist, queue);
                }
            }
        }
    }
}

/// [`bound`] through a per-thread memo (`memo.rs`); `hash` is the state's `beam::state_hash`.
pub(crate) fn bound_cached(m: &Mine, hash: u64) -> usize {
    thread_local! {
        static MEMO: memo::Table = const { std::cell::RefCell::new(Vec::new()) };
    }
    memo::get(&MEMO, memo::state_key(m, hash, &[]), || bound(m))
}

/// The bound in moves (0 when nothing is left to do or nothing is reachable).
pub(crate) fn bound(m: &Mine) -> usize {
    thread_local! {
        static BUF: std::cell::RefCell<(Vec<u32>, Vec<u32>, Vec<usize>)> = Default::default();
    }
    BUF.with(|b| {
        let (dr, dl, queue) = &mut *b.borrow_mut();
        from_robot(m, dr, queue);
        to_lift(m, dl, queue);
        let mut best = 0u32;
        let mut any = false;
        for (c, &t) in m.cells.iter().enumerate() {
            if t == LAMBDA && dr[c] != FAR {
                any = true;
                let rest = if dl[c] == FAR { dr[c] } else { dr[c] + dl[c] };
                best = best.max(rest);
            }
        }
        if !any && dr[m.lift] != FAR {
            best = dr[m.lift];
        }
        best as usize
    })
}

#[cfg(test)]
mod tests {
    use super::bound;
    use crate::mine::map::Mine;

    fn mine(text: &str) -> Mine {
        Mine::parse(text).unwrap()
    }

    #[test]
    fn farthest_lambda_then_the_lift() {
        // λ at column 6: 3 moves there + 1 to the lift. λ at column 1: the robot stands
        // between it and the lift, so only its first leg (2) counts (see the module doc).
        assert_eq!(bound(&mine("#########\n#\\.R..\\L#\n#########\n")), 4);
        // Both on the lift's side: 4 moves to the farther one, 2 on to the lift.
        assert_eq!(bound(&mine("#########\n#R.\\.\\.L#\n#########\n")), 6);
        // Nothing left: the moves to the lift.
        assert_eq!(bound(&mine("#######\n#.R..O#\n#######\n")), 3);
    }

    #[test]
    fn rocks_block_and_trampolines_jump() {
        // The rock walls the lambda off from the lift side: only the robot's 1 move counts.
        assert_eq!(bound(&mine("#######\n#R\\*.L#\n#######\n")), 1);
        // Through trampoline A (1 move onto it lands on target 1), then 1 to the lift.
        let m = mine("########\n#RA#1L.#\n########\n\nTrampoline A targets 1\n");
        assert_eq!(bound(&m), 2);
    }
}
