//! Replans: the layered beam over macro moves (`base/beam.rs`, its first configuration) run
//! again from the best route's own states a quarter, a half and three quarters of the way
//! through its collections, in sweeps of doubling width. The lanes' restarts (`restart.rs`)
//! start at most 8 lambdas before the end, and the single-command beam's runs from cuts keep
//! close to the route's order of collections; a run from far back may find another plan for
//! the rest of the route. Such a plan often scores only as much as the best route at first;
//! the shared state keeps it as a tie (`Shared::take_ties`) and the shortcut pass
//! (`shortcuts.rs`) may then shorten it where the best route cannot be shortened (beard2: from
//! a quarter of the way, width 128 finds a 4522 that takes the lambda at row 6, column 16 late
//! instead of in a dip from the top row; shortened, it scores 4524).

use super::{Cx, Strategy};
use crate::mine::solve::base::beam::{run, width_caps, Params};
use crate::mine::solve::base::replay::Replay;
use crate::mine::solve::base::shared::debug;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Where the runs start: after this part (numerator, denominator) of the best route's
/// collections, in turn.
const PARTS: [(usize, usize); 3] = [(1, 4), (2, 4), (3, 4)];

/// The width of the first sweep.
const FIRST_WIDTH: usize = 16;

/// The beam configuration of the runs (`CONFIGS` in `base/beam.rs`).
const CONFIG: usize = 0;

/// The sweeps: the width of the current one, the next part to start from, and the time spent.
pub(crate) struct Replans {
    width: usize,
    next: usize,
    /// Wall-clock time of the last run, and whether the width doubled since: a run is not
    /// begun if it would not end before the deadline.
    last_wall: Duration,
    widened: bool,
    pub(crate) spent: Duration,
}

impl Replans {
    pub(crate) fn new() -> Replans {
        Replans { width: FIRST_WIDTH, next: 0, last_wall: Duration::ZERO, widened: false, spent: Duration::ZERO }
    }

    /// The next run's expected wall-clock time: the last one's, twice that after a widening.
    fn expected(&self) -> Duration {
        if self.widened {
            self.last_wall * 2
        } else {
            self.last_wall
        }
    }
}

impl Strategy for Replans {
    /// Runs from the parts of the best route in turn until `until`. A run once begun goes on
    /// past `until` to its end (up to `cx.deadline`), so that wide runs are not lost; its time
    /// counts in `spent`. A route with fewer than 4 collections has no parts to start from.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        let (mine, sh) = (cx.mine, cx.sh);
        let t0 = sh.now();
        let (max_width, max_cap) = width_caps(mine, sh.memory_limit);
        let mut first = true;
        while !sh.should_stop() && (first || sh.now() < until) && sh.now() + self.expected() < cx.deadline {
            first = false;
            let route = sh.best_route();
            let replay = Replay::new(mine, &route);
            let total = replay.collections();
            let (num, den) = PARTS[self.next];
            let Some(cut) = (total >= den).then(|| replay.cut(total - total * num / den)).flatten() else { break };
            let width = self.width.min(max_width);
            let p = Params { max_cap, ..Params::of_config(CONFIG, width, 0) };
            let t1 = sh.now();
            let before = sh.best_score.load(Ordering::Relaxed);
            if !run(mine, &route[..cut], sh, &p, cx.deadline) {
                self.spent += sh.since(t0);
                return false;
            }
            self.last_wall = sh.since(t1);
            self.widened = false;
            if debug() {
                eprintln!(
                    "  replan width {width} from {num}/{den} (move {cut}): best {before} -> {} t {:.2}",
                    sh.best_score.load(Ordering::Relaxed),
                    sh.elapsed().as_secs_f64()
                );
            }
            self.next += 1;
            if self.next == PARTS.len() {
                self.next = 0;
                if self.width < max_width {
                    self.width *= 2;
                    self.widened = true;
                }
            }
        }
        self.spent += sh.since(t0);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Replans;
    use crate::mine::solve::base::shared::{sample_map, Shared};
    use crate::mine::solve::strategy::shortcuts::{polish_ties, shortcut};
    use crate::mine::solve::strategy::{Cx, Strategy};
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    /// beard2 in 128 moves (4522): it dips from the top row for the lambda at row 6, column 16
    /// (counting the wall as row 0) and takes the bottom row in two parts.
    const BEARD2_4522: &[u8] = b"RRDDRRRRRRRDDDRUUURRRRRDDDURUURRRRRRRRRDRDDLRDLLDUUWLLLLDDDDLDLLLLLLLLLLLLLLLLLRUUUUURRLDRRDDRDRRUURRRDDRRRURLURRRDRRDDRRRRRRRDD";

    /// The shortcut pass cannot shorten [`BEARD2_4522`]. A replan at width 128 from a quarter
    /// of the way (its 15th lambda, move 22) finds other routes to 4522 that leave that lambda
    /// for later; they are kept as ties, and the shortcut pass makes one of them 4524.
    #[test]
    fn a_replan_finds_another_plan_that_the_shortcut_pass_shortens() {
        let mine = sample_map("beard2");
        let text = |r: &[u8]| String::from_utf8(r.to_vec()).unwrap();
        assert_eq!(mine.clone().run(&text(BEARD2_4522)).score, 4522);
        let sh = Shared::for_test(4522, BEARD2_4522);
        shortcut(&mine, &sh, sh.deadline);
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 4522);

        let mut replans = Replans { width: 128, ..Replans::new() };
        let mut cx = Cx { mine: &mine, sh: &sh, deadline: sh.deadline, round: 0, last: None };
        // A slice that is over at once: the first run only.
        assert!(replans.run(&mut cx, Instant::now()));
        assert_eq!(replans.next, 1);
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 4522);
        let ties = sh.ties.lock().unwrap().routes.clone();
        assert!(!ties.is_empty());
        for t in &ties {
            assert_eq!(mine.clone().run(&text(t)).score, 4522);
            assert_eq!(t[..22], BEARD2_4522[..22], "the replan starts at move 22");
            assert_ne!(t[..], BEARD2_4522[..]);
        }
        polish_ties(&mine, &sh, sh.deadline);
        let best = sh.best_route();
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 4524);
        assert_eq!(mine.clone().run(&text(&best)).score, 4524);
    }
}
