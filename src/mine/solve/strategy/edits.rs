//! Local improvement of the best route: single edits (delete one to four commands in a row, e.g.
//! `LR` detours or needless waits; replace one command; insert one command) while the engine
//! says the score goes up.

use super::{Cx, Strategy};
use crate::mine::map::Mine;
use crate::mine::solve::base::edit::{apply, Edit, Placed};
use crate::mine::solve::base::replay::Snapshots;
use crate::mine::solve::base::shared::{best_prefix, tail_value, Shared};
use rayon::prelude::*;
use std::time::Instant;

/// Commands tried as replacements and insertions.
const EDIT_COMMANDS: [u8; 6] = *b"LRUDWS";

/// Greedy edit passes over the shared best route until no edit helps, `until` has passed, or
/// the search must stop.
pub(crate) fn edit(mine: &Mine, sh: &Shared, until: Instant) {
    let over = || sh.should_stop() || sh.now() >= until;
    let (mut route, mut score) = best_prefix(mine, &sh.best_route());
    loop {
        if over() {
            return;
        }
        let n = route.len();
        let snaps = Snapshots::new(mine, &route, sh.memory_limit / 16);
        let cands: Vec<Placed> = (0..n)
            .flat_map(|i| {
                let dels = [1, 2, 3, 4].map(|del| Edit { del, ins: None });
                let subs = EDIT_COMMANDS
                    .iter()
                    .flat_map(move |&c| [Edit { del: 1, ins: Some(c) }, Edit { del: 0, ins: Some(c) }]);
                dels.into_iter().chain(subs).map(move |e| (i, e))
            })
            .filter(|(i, e)| e.changes(&route, *i))
            .collect();
        let found = cands
            .par_iter()
            .map(|&(i, e)| {
                if over() {
                    return None;
                }
                let mut m = snaps.before(i);
                e.play(&mut m);
                let v = tail_value(m, &route[i + e.del..]);
                (v > score).then_some((v, (i, e)))
            })
            .filter_map(|x| x)
            .max_by_key(|&(v, (i, _))| (v, std::cmp::Reverse(i)));
        let Some((_, placed)) = found else { return };
        let (r, v) = best_prefix(mine, &apply(&route, &[placed]));
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

#[cfg(test)]
mod tests {
    use super::edit;
    use crate::mine::map::Mine;
    use crate::mine::solve::base::shared::Shared;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    /// A lambda between the robot and the lift: `RLRR` (a step back and forth on the way,
    /// 75 - 4 = 71) loses the detour and becomes `RR` (73); a wait in front goes too.
    #[test]
    fn the_edit_pass_deletes_a_detour_and_a_wait() {
        let mine = Mine::parse("#####\n#R\\L#\n#####\n").unwrap();
        for route in [&b"RLRR"[..], b"WRR"] {
            let score = mine.clone().run(std::str::from_utf8(route).unwrap()).score;
            assert_eq!(score, 75 - route.len() as i64);
            let sh = Shared::for_test(score, route);
            edit(&mine, &sh, Instant::now() + Duration::from_secs(10));
            assert_eq!((sh.best_score.load(Ordering::Relaxed), sh.best_route()), (73, b"RR".to_vec()));
        }
    }
}
