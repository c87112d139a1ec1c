//! Pairs of edits of the best route: two edits a few moves apart, each deleting up to two
//! commands and inserting up to one, the rest of the route played on as it was, kept when the
//! engine scores the result higher.
//!
//! A single edit (`edits.rs`) cannot move a step to another place: deleting it first puts the
//! robot where the rest of the route no longer fits, and inserting it later comes too late. A
//! pair does both at once, and also trades a wait or a detour here for a shorter way there
//! when a rock falls a move earlier (horock1: a pair turns the single-command beam's 760, 65
//! moves, into 761, and another pair into 762).
//!
//! The pass walks the first edit's position along the best route from where its last call
//! stopped (a cursor kept between calls), a few positions at a time, so that short calls
//! between the lanes' turns cover a long route in turn. It also polishes the wins of the
//! single-command beam that score a little less than the best route: their collection order
//! may lead further once its moves are tightened (horock1 again: the beam's 758 through the
//! trampoline first, against the best route's 757).

use super::{Cx, Strategy};
use crate::mine::map::Mine;
use crate::mine::solve::base::edit::{apply, Edit, Placed};
use crate::mine::solve::base::replay::Snapshots;
use crate::mine::solve::base::shared::{best_prefix, command, tail_value, Shared};
use crate::mine::solve::base::work;
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use std::time::Instant;

/// The second edit starts at most this many commands after the end of the first.
const REACH: usize = 24;

/// First-edit positions tried between two checks of the clock.
const CHUNK: usize = 4;

/// The edits of a pair: delete none, one or two commands and insert none or one of `L R U D W`
/// (and `S` on a map with beards); not the empty edit.
fn edits(beards: bool) -> Vec<Edit> {
    let ins: &[u8] = if beards { b"LRUDWS" } else { b"LRUDW" };
    (0..=2)
        .flat_map(|del| std::iter::once(None).chain(ins.iter().map(|&c| Some(c))).map(move |ins| Edit { del, ins }))
        .filter(|e| *e != Edit { del: 0, ins: None })
        .collect()
}

/// The best pair whose first edit is at command `i` of `route` (whose states `snaps` holds),
/// if it scores more than `score`: its value and the edited route.
fn best_pair_at(route: &[u8], snaps: &Snapshots, i: usize, set: &[Edit], score: i64) -> Option<(i64, Vec<u8>)> {
    let n = route.len();
    let mut best: Option<(i64, Placed, Placed)> = None;
    for &a in set.iter().filter(|a| a.changes(route, i)) {
        let mut m = snaps.before(i);
        a.play(&mut m);
        for j in i + a.del..(i + a.del + REACH).min(n + 1) {
            for &b in set.iter().filter(|b| b.changes(route, j)) {
                let mut m2 = m.clone();
                b.play(&mut m2);
                let v = tail_value(m2, &route[j + b.del..]);
                if v > best.map_or(score, |b| b.0) {
                    best = Some((v, (i, a), (j, b)));
                }
            }
            if j == n || m.ending.is_some() {
                break;
            }
            work::step(&mut m, command(route[j]));
        }
    }
    best.map(|(v, a, b)| (v, apply(route, &[a, b])))
}

/// The pair-edit pass, with the position where its next call starts on the best route, and the
/// other routes it has been given to polish.
pub(crate) struct PairEdits {
    cursor: usize,
    polished: FxHashSet<Vec<u8>>,
}

impl PairEdits {
    pub(crate) fn new() -> PairEdits {
        PairEdits { cursor: 0, polished: FxHashSet::default() }
    }

    /// The pass on the shared best route, from the cursor on.
    fn pass(&mut self, mine: &Mine, sh: &Shared, until: Instant) {
        improve(mine, sh, sh.best_route(), &mut self.cursor, until);
    }

    /// The pass on `route`, a win that scores a little less than the best route (a collection
    /// order the best route does not have), from its start: what it turns into is offered to
    /// the shared state, which keeps it if it beats the best. A route is polished once.
    pub(crate) fn polish(&mut self, mine: &Mine, sh: &Shared, route: Vec<u8>, until: Instant) {
        if self.polished.insert(route.clone()) {
            improve(mine, sh, route, &mut 0, until);
        }
    }
}

/// Tries the pairs on `route`, [`CHUNK`] first-edit positions at a time from `cursor` on
/// (wrapping round, the cursor moved along), and takes the best pair of a chunk that scores
/// higher than the route, offering it to `sh`; until a whole round of the route brings nothing,
/// `until` has passed, or the search must stop.
fn improve(mine: &Mine, sh: &Shared, route: Vec<u8>, cursor: &mut usize, until: Instant) {
    let over = || sh.should_stop() || sh.now() >= until;
    let set = edits(!mine.beards.is_empty());
    let (mut route, mut score) = best_prefix(mine, &route);
    // A round of the route per better route found, the states along it played once.
    while let Some((r, v)) = improve_round(mine, sh, &route, score, &set, cursor, &over) {
        sh.offer(v, &r);
        (route, score) = (r, v);
    }
}

/// One round of [`improve`] over `route` (scoring `score`) from `cursor` on: the first better
/// route found and its score, or None if the round brought nothing or `over` cut it short.
fn improve_round(
    mine: &Mine,
    sh: &Shared,
    route: &[u8],
    score: i64,
    set: &[Edit],
    cursor: &mut usize,
    over: &(dyn Fn() -> bool + Sync),
) -> Option<(Vec<u8>, i64)> {
    let n = route.len();
    let snaps = Snapshots::new(mine, route, sh.memory_limit / 16);
    let mut left = n + 1;
    while left > 0 && !over() {
        let at: Vec<usize> = (0..CHUNK.min(left)).map(|k| (*cursor + k) % (n + 1)).collect();
        let found = at
            .par_iter()
            .filter_map(|&i| if over() { None } else { best_pair_at(route, &snaps, i, set, score) })
            .max_by_key(|f| f.0);
        if over() {
            return None;
        }
        *cursor = (*cursor + at.len()) % (n + 1);
        left -= at.len();
        if let Some((_, r)) = found {
            let (r, v) = best_prefix(mine, &r);
            if v > score {
                return Some((r, v));
            }
        }
    }
    None
}

impl Strategy for PairEdits {
    /// Pair-edit passes until a round of the route brings nothing or `until`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        self.pass(cx.mine, cx.sh, until);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{best_pair_at, edits, Edit, PairEdits};
    use crate::mine::solve::base::replay::Snapshots;
    use crate::mine::solve::base::shared::{sample_map, Shared};
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    /// A 65-move win on horock1 that the single-command beam finds at width 262144 (760).
    const HOROCK1_760: &str = "RRRRRRUURLWRLDRLURUURURRUULDDRDDDDDRRRULLLUULRLLLDUULLLUUURRRURUU";

    #[test]
    fn the_edits_delete_up_to_two_commands_and_insert_up_to_one() {
        let set = edits(false);
        assert_eq!(set.len(), 3 * 6 - 1);
        assert!(!set.contains(&Edit { del: 0, ins: None }));
        assert_eq!(edits(true).len(), 3 * 7 - 1);
    }

    #[test]
    fn a_pair_moves_a_step_of_horock1s_760_and_wins_in_64_moves() {
        // Deleting `RL` after the wait and inserting `U` four commands later: 761.
        let mine = sample_map("horock1");
        let route = HOROCK1_760.as_bytes();
        assert_eq!(mine.clone().run(HOROCK1_760).score, 760);
        let snaps = Snapshots::new(&mine, route, 1 << 20);
        let (v, r) = best_pair_at(route, &snaps, 11, &edits(false), 760).unwrap();
        assert_eq!((v, r.len()), (761, 64));
        assert_eq!(&r[..16], b"RRRRRRUURLWDRULU");
        assert!(best_pair_at(route, &snaps, 40, &edits(false), 760).is_none(), "nothing from command 40 on");
    }

    #[test]
    fn the_pass_takes_horock1s_760_to_the_published_762() {
        let mine = sample_map("horock1");
        let sh = Shared::for_test(760, HOROCK1_760.as_bytes());
        PairEdits::new().pass(&mine, &sh, Instant::now() + Duration::from_secs(120));
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 762);
        let o = mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap());
        assert_eq!((o.score, o.moves, o.ending), (762, 63, crate::mine::Ending::Win));
    }

    #[test]
    fn a_near_miss_is_polished_once_and_its_gains_offered() {
        // The best route so far is a 761 elsewhere; the polished 760 goes to 762 and is taken.
        let mine = sample_map("horock1");
        let sh = Shared::for_test(761, b"elsewhere");
        let mut pairs = PairEdits::new();
        let until = Instant::now() + Duration::from_secs(120);
        pairs.polish(&mine, &sh, HOROCK1_760.as_bytes().to_vec(), until);
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 762);
        // Given again, the route is not played again.
        let sh = Shared::for_test(761, b"elsewhere");
        pairs.polish(&mine, &sh, HOROCK1_760.as_bytes().to_vec(), until);
        assert_eq!((sh.best_score.load(Ordering::Relaxed), sh.best_route()), (761, b"elsewhere".to_vec()));
    }
}
