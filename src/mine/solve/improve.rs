//! Local improvement of the best route: delete wasted commands (one or two in a row, e.g. `LR`
//! detours or needless waits) while the engine says the score goes up.

use super::{best_prefix, stop_value, Shared};
use crate::mine::map::Mine;
use crate::mine::step::Command;
use rayon::prelude::*;

/// Best stop value reachable by playing `tail` from `m` (the state is consumed).
fn tail_value(mut m: Mine, tail: &[u8]) -> i64 {
    let mut best = stop_value(&m);
    for &c in tail {
        if m.ending.is_some() {
            break;
        }
        if let Some(cmd) = Command::from_char(c as char) {
            m.step(cmd);
        }
        let v = stop_value(&m);
        if v > best {
            best = v;
        }
    }
    best
}

/// Greedy deletion passes over the shared best route until no deletion helps or time is up.
pub(crate) fn improve(mine: &Mine, sh: &Shared) {
    let (mut route, mut score) = best_prefix(mine, &sh.best_route());
    loop {
        if sh.should_stop() {
            return;
        }
        // Snapshots: the state before each command.
        let mut snaps = Vec::with_capacity(route.len() + 1);
        let mut m = mine.clone();
        snaps.push(m.clone());
        for &c in &route {
            if let Some(cmd) = Command::from_char(c as char) {
                m.step(cmd);
            }
            snaps.push(m.clone());
        }
        let n = route.len();
        let cands: Vec<(usize, usize)> = (0..n).flat_map(|i| [(i, 1), (i, 2)]).filter(|&(i, k)| i + k <= n).collect();
        let found = cands
            .par_iter()
            .map(|&(i, k)| {
                if sh.should_stop() {
                    return None;
                }
                let v = tail_value(snaps[i].clone(), &route[i + k..]);
                (v > score).then_some((v, i, k))
            })
            .filter_map(|x| x)
            .max_by_key(|&(v, i, _)| (v, std::cmp::Reverse(i)));
        let Some((_, i, k)) = found else { return };
        let mut r = route.clone();
        r.drain(i..i + k);
        let (r, v) = best_prefix(mine, &r);
        if v <= score {
            return;
        }
        route = r;
        score = v;
        sh.offer(score, &route);
    }
}
