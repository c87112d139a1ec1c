//! Local search over the order in which the best route collects its lambdas (or-opt): a block
//! of 1 to 12 consecutive collections is moved elsewhere in the order, the route is kept up to
//! the first changed collection, and the rest is re-played with the engine along shortest paths
//! (the same paths and detours as the beam's macro moves), ending in the lift when it is open.
//! Every prefix of every re-played route is offered, so the best route only gets better.
//!
//! This finds orders the beam misses because their value shows only at the end: e.g. leaving
//! a cluster near the lift for last, or taking a lambda before the rock above it blocks the way.

use super::search::{command, path_avoiding, play_path};
use super::{best_prefix, Shared};
use crate::mine::map::{Mine, LAMBDA, OPEN};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// Lengths of the blocks moved.
const BLOCKS: [usize; 7] = [1, 2, 3, 4, 6, 8, 12];

/// How far (in collections) a block is moved, besides to the end of the order.
const REACH: usize = 12;

/// Stored states are skipped above this many bytes (huge maps with many lambdas).
const MAX_BYTES: usize = 256 << 20;

/// The best route cut at its collections.
struct Plan {
    /// The route.
    route: Vec<u8>,
    /// The state before collection k's segment (k = 0: the start), and the route length there.
    starts: Vec<(Mine, usize)>,
    /// The cell of collection k.
    targets: Vec<usize>,
}

fn plan(mine: &Mine, route: Vec<u8>) -> Option<Plan> {
    let mut m = mine.clone();
    let mut starts = vec![(m.clone(), 0)];
    let mut targets = Vec::new();
    for (i, &c) in route.iter().enumerate() {
        if m.ending.is_some() {
            break;
        }
        let before = m.collected;
        m.step(command(c));
        if m.collected > before {
            targets.push(m.robot);
            starts.push((m.clone(), i + 1));
            if starts.len() * m.cells.len() > MAX_BYTES {
                return None;
            }
        }
    }
    Some(Plan { route, starts, targets })
}

/// Walks to `goal` along the shortest path, retrying around up to three cells where the robot
/// died or was deflected. False if it cannot get there.
fn goto(m: &mut Mine, route: &mut Vec<u8>, goal: usize, sh: &Shared) -> bool {
    let mut banned = Vec::new();
    loop {
        let Some(path) = path_avoiding(m, goal, &banned) else { return false };
        let mut m2 = m.clone();
        let mut r2 = route.clone();
        match play_path(&mut m2, &mut r2, &path, sh) {
            Ok(()) | Err(None) => {
                *m = m2;
                *route = r2;
                return true;
            }
            Err(Some(bad)) if bad != goal && banned.len() < 3 => banned.push(bad),
            Err(_) => return false,
        }
    }
}

/// Keeps the route up to collection `from`, then collects `order[from..]` and goes to the lift.
fn replay(p: &Plan, order: &[usize], from: usize, sh: &Shared) {
    let (m0, cut) = &p.starts[from];
    let mut m = m0.clone();
    let mut route = p.route[..*cut].to_vec();
    for &t in &order[from..] {
        if sh.should_stop() {
            return;
        }
        if m.cells[t] != LAMBDA {
            continue;
        }
        if !goto(&mut m, &mut route, t, sh) {
            return;
        }
    }
    if m.ending.is_none() && m.cells[m.lift] == OPEN {
        let lift = m.lift;
        goto(&mut m, &mut route, lift, sh);
    }
}

/// The candidate orders: (block start, block length, insertion point in the order without the
/// block).
fn moves(n: usize) -> Vec<(usize, usize, usize)> {
    let mut v = Vec::new();
    for &k in &BLOCKS {
        if k > n {
            break;
        }
        for i in 0..=n - k {
            let rest = n - k;
            let lo = i.saturating_sub(REACH);
            let hi = (i + REACH).min(rest);
            for j in (lo..=hi).chain(std::iter::once(rest)) {
                if j != i {
                    v.push((i, k, j));
                }
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Passes of block moves over the shared best route until one brings nothing or time is up.
pub(crate) fn reorder(mine: &Mine, sh: &Shared) {
    loop {
        let before = sh.best_score.load(Ordering::Relaxed);
        let (route, _) = best_prefix(mine, &sh.best_route());
        let Some(p) = plan(mine, route) else { return };
        let n = p.targets.len();
        moves(n).par_iter().for_each(|&(i, k, j)| {
            if sh.should_stop() {
                return;
            }
            let mut order: Vec<usize> = p.targets[..i].iter().chain(&p.targets[i + k..]).copied().collect();
            let block = &p.targets[i..i + k];
            order.splice(j..j, block.iter().copied());
            replay(&p, &order, i.min(j), sh);
        });
        if std::env::var_os("TUMBLE_SOLVE_DEBUG").is_some() {
            eprintln!(
                "reorder: {n} collections, {} orders, best {before} -> {} t {:.2}",
                moves(n).len(),
                sh.best_score.load(Ordering::Relaxed),
                sh.start.elapsed().as_secs_f64()
            );
        }
        if sh.should_stop() || sh.best_score.load(Ordering::Relaxed) <= before {
            return;
        }
    }
}
