//! Local improvement of the best route: single edits (delete one to four commands in a row, e.g.
//! `LR` detours or needless waits; replace one command; insert one command) while the engine
//! says the score goes up.

use super::{Cx, Strategy};
use crate::mine::map::Mine;
use crate::mine::solve::base::replay::Snapshots;
use crate::mine::solve::base::shared::{best_prefix, command, tail_value, Shared};
use rayon::prelude::*;
use std::time::Instant;

/// One edit of a route: delete `del` commands at `at`, then insert `ins` there.
#[derive(Clone, Copy)]
struct Edit {
    at: usize,
    del: usize,
    ins: Option<u8>,
}

/// Commands tried as replacements and insertions.
const EDIT_COMMANDS: [u8; 6] = *b"LRUDWS";

/// Greedy edit passes over the shared best route until no edit helps, `until` has passed, or
/// the search must stop.
pub(crate) fn edit(mine: &Mine, sh: &Shared, until: Instant) {
    let over = || sh.should_stop() || Instant::now() >= until;
    let (mut route, mut score) = best_prefix(mine, &sh.best_route());
    loop {
        if over() {
            return;
        }
        let n = route.len();
        let snaps = Snapshots::new(mine, &route, sh.memory_limit / 16);
        let cands: Vec<Edit> = (0..n)
            .flat_map(|i| {
                let dels = [1, 2, 3, 4].map(|del| Edit { at: i, del, ins: None });
                let subs = EDIT_COMMANDS
                    .iter()
                    .flat_map(move |&c| [Edit { at: i, del: 1, ins: Some(c) }, Edit { at: i, del: 0, ins: Some(c) }]);
                dels.into_iter().chain(subs)
            })
            .filter(|e| e.at + e.del <= n && !(e.del == 1 && e.ins == Some(route[e.at])))
            .collect();
        let found = cands
            .par_iter()
            .map(|&e| {
                if over() {
                    return None;
                }
                let mut m = snaps.before(e.at);
                if let Some(c) = e.ins {
                    m.step(command(c));
                }
                let v = tail_value(m, &route[e.at + e.del..]);
                (v > score).then_some((v, e))
            })
            .filter_map(|x| x)
            .max_by_key(|&(v, e)| (v, std::cmp::Reverse(e.at)));
        let Some((_, e)) = found else { return };
        let mut r = route.clone();
        r.splice(e.at..e.at + e.del, e.ins);
        let (r, v) = best_prefix(mine, &r);
        if v <= score {
            return;
        }
        route = r;
        score = v;
        sh.offer(score, &route);
    }
}

/// The edit pass as a strategy.
pub(crate) struct Edits;

impl Strategy for Edits {
    /// Edit passes until no edit helps or `until`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        edit(cx.mine, cx.sh, until);
        true
    }
}
