//! Continuations of the arrivals search (`base/arrivals.rs`) by narrow beam runs, taken between
//! the lanes' turns (`schedule.rs`), one cut of the best route after another.

use super::{Cx, Strategy};
use crate::mine::map::Mine;
use crate::mine::solve::base::arrivals::{arrivals, offer_with_tail, state_cap, tables, Arrival, Ask};
use crate::mine::solve::base::beam::run_from;
use crate::mine::solve::base::replay::Plan;
use crate::mine::solve::base::shared::{best_prefix, debug, Shared};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Arrivals continued by beam runs, taken between the lanes' turns (`schedule.rs`): for one
/// cut of the best route at a time, the different ways to make its next collection in fewer
/// moves, each played on (when the route's own tail does not beat the best from there) by a
/// narrow beam of two configurations. The beam's own paths cannot wait for a rock to fall or
/// go round a rock that is about to; the arrivals can, and the beam finds the rest (contest8:
/// a first lambda in 23 moves instead of the route's 31 leads to a better win).
pub(crate) struct Continuations {
    /// The best route the cuts are taken from, its plan and tables.
    route: Vec<u8>,
    plan: Option<(Plan, Vec<Vec<u32>>)>,
    /// The next cut to try.
    next: usize,
    /// Sweeps of this kind over the same route done so far (each one twice as wide as the one
    /// before, up to [`MAX_SWEEP`]).
    sweeps: u32,
    /// Arrivals found in this sweep; a sweep that found none ends the sweeps of its kind.
    found: usize,
    /// The arrivals of the cut `next`, found when the cut is started (at most [`CONTINUED`],
    /// fewer on huge maps: they are held between calls).
    arrivals: Option<Vec<Arrival>>,
    /// How many of `arrivals` have been played on.
    skip: usize,
    /// How long the first batch of a call may run: [`FIRST_BATCH`], doubled each time a first
    /// batch did not finish in it (so that every batch finishes in the end).
    first_batch: Duration,
    /// The sweeps take arrivals in as many moves as the route (after a sweep that found none
    /// in fewer).
    equal: bool,
    /// The sweeps of both kinds are over for this route: nothing to do until the best route
    /// changes.
    idle: bool,
    /// Time spent so far.
    pub(crate) spent: Duration,
}

/// Arrivals played on from each cut.
const CONTINUED: usize = 96;

/// How long the first batch of arrivals of a call may run at first (a batch is as many arrivals
/// as there are threads, each played on by two beam runs).
const FIRST_BATCH: Duration = Duration::from_secs(8);

/// Beam configurations (`base/beam.rs`, `CONFIGS`) and the first sweep's width of the
/// continuation runs.
const CONTINUE_CONFIGS: [usize; 2] = [0, 5];
const CONTINUE_WIDTH: usize = 16;

/// The last sweep of each kind (arrivals in fewer moves, in as many) over the same route: its
/// width is `CONTINUE_WIDTH << MAX_SWEEP`.
const MAX_SWEEP: u32 = 4;

impl Continuations {
    pub(crate) fn new() -> Continuations {
        Continuations {
            route: Vec::new(),
            plan: None,
            next: 0,
            sweeps: 0,
            found: 0,
            arrivals: None,
            skip: 0,
            first_batch: FIRST_BATCH,
            equal: false,
            idle: false,
            spent: Duration::ZERO,
        }
    }

    /// The part of the search's time the continuations may have in its first seconds (half
    /// that later, `schedule.rs`): a quarter, an eighth while they take arrivals in as many
    /// moves as the route.
    pub(crate) fn share(&self) -> u32 {
        if self.equal {
            8
        } else {
            4
        }
    }

    /// Works on the cuts of the best route, one after another, until `until` (or `deadline`,
    /// or the stop conditions); a cut not finished is resumed at its first batch of arrivals
    /// not played on at the next call. The first batch of a call may run past `until`, for as
    /// long as `first_batch`. When the best route has changed, the work goes back to its first
    /// cut that changed.
    fn step(&mut self, mine: &Mine, sh: &Shared, until: Instant, deadline: Instant) {
        let t0 = sh.now();
        // The runs stop at `until` (a cut is resumed where it stopped), but the first batch of
        // arrivals of a call may run for `first_batch`, so that calls make progress; the time
        // it takes counts in `spent`.
        let mut first = true;
        loop {
            if sh.should_stop() || sh.now() >= deadline || (!first && sh.now() >= until) {
                break;
            }
            let best = sh.best_route();
            if best != self.route {
                let (route, _) = best_prefix(mine, &best);
                let same = self.route.iter().zip(&best).take_while(|(a, b)| a == b).count();
                self.route = best;
                self.sweeps = 0;
                self.found = 0;
                self.arrivals = None;
                self.skip = 0;
                self.equal = false;
                self.plan = None;
                self.idle = false;
                let Some(p) = Plan::new(mine, route, sh.memory_limit / 16) else { break };
                let Some(t) = tables(mine, &p, sh) else { break };
                // The first cut whose stretch to the next goal changed.
                let changed = p.cuts.windows(2).take_while(|w| w[1].1 <= same).count();
                self.next = self.next.min(changed);
                self.plan = Some((p, t));
            }
            let Some((p, t)) = &self.plan else { break };
            if self.idle {
                break;
            }
            if self.next >= p.goals.len() {
                self.next = 0;
                // A sweep that found no arrival, or the widest (wider runs would repeat
                // themselves and take the lanes' time), ends the sweeps of its kind.
                let last = self.found == 0 || self.sweeps >= MAX_SWEEP;
                self.found = 0;
                if last && !self.equal {
                    // Arrivals in as many moves, with the rocks or beards left otherwise.
                    self.equal = true;
                    self.sweeps = 0;
                    continue;
                }
                if last {
                    // Wait for a new best route.
                    self.idle = true;
                    break;
                }
                self.sweeps += 1;
            }
            let k = self.next;
            let width = CONTINUE_WIDTH << self.sweeps;
            let before = sh.best_score.load(Ordering::Relaxed);
            if self.arrivals.is_none() {
                // Not kept if the deadline cut the search short.
                self.arrivals = cut_arrivals(mine, p, t, k, self.equal, sh, deadline);
            }
            let Some(found) = &self.arrivals else { break };
            let first_until = if first { (t0 + self.first_batch).max(until) } else { until }.min(deadline);
            let done = continue_cut(mine, p, k, found, width, self.skip, sh, until.min(deadline), first_until);
            let n = found.len();
            if first && done == self.skip && n > done && sh.now() < deadline {
                // The first batch did not finish in its time.
                self.first_batch *= 2;
            } else if done > self.skip {
                self.first_batch = FIRST_BATCH;
            }
            first = false;
            if done < n {
                // Resumed at the next slice.
                self.skip = done;
            } else {
                self.arrivals = None;
                self.skip = 0;
                self.next += 1;
                self.found += n;
            }
            if debug() {
                eprintln!(
                    "  continuations from cut {k}: {done} of {n} arrivals, width {width}: best {before} -> {} t {:.2}",
                    sh.best_score.load(Ordering::Relaxed),
                    sh.elapsed().as_secs_f64()
                );
            }
        }
        self.spent += sh.since(t0);
    }
}

impl Strategy for Continuations {
    /// Works on the cuts of the best route until `until` (the first batch of arrivals of a call
    /// may run longer, up to `cx.deadline`).
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        self.step(cx.mine, cx.sh, until, cx.deadline);
        true
    }
}

/// The arrivals from cut `k` of `p` at its next goal: in fewer moves than the route, or as many
/// when `equal` (at most [`CONTINUED`], and no more than the states a shortcut search may hold
/// at once). None if `deadline` or the stop conditions cut the search short.
fn cut_arrivals(
    mine: &Mine,
    p: &Plan,
    t: &[Vec<u32>],
    k: usize,
    equal: bool,
    sh: &Shared,
    deadline: Instant,
) -> Option<Vec<Arrival>> {
    let over = || sh.should_stop() || sh.now() >= deadline;
    let alive = state_cap(mine, sh);
    let ask = Ask { most: CONTINUED.min(alive), slack: usize::from(equal), alive };
    let found = arrivals(p, t, k, 1, ask, &over);
    (!over()).then_some(found)
}

/// Plays on `found` (arrivals from cut `k` of `p`) from number `skip` on: each as the route
/// was, and if that does not beat the best, by beam runs of [`CONTINUE_CONFIGS`] at `width`, as
/// many at once as there are threads. The first batch runs until `first_until`, the rest until
/// `until`. Returns how many have been played on (`skip` and those whose runs all finished).
#[allow(clippy::too_many_arguments)]
fn continue_cut(
    mine: &Mine,
    p: &Plan,
    k: usize,
    found: &[Arrival],
    width: usize,
    skip: usize,
    sh: &Shared,
    until: Instant,
    first_until: Instant,
) -> usize {
    let batch = rayon::current_num_threads().max(1);
    let mut done = skip.min(found.len());
    let first = done;
    while done < found.len() && !sh.should_stop() {
        let end = if done == first { first_until } else { until };
        if sh.now() >= end {
            break;
        }
        let chunk = &found[done..(done + batch).min(found.len())];
        let finished = chunk.par_iter().all(|a| {
            if offer_with_tail(p, k, 1, a, sh) {
                return true;
            }
            let prefix = a.route(p, k);
            CONTINUE_CONFIGS.iter().all(|&ci| run_from(mine, &prefix, sh, ci, width, end))
        });
        if !finished {
            break;
        }
        done += chunk.len();
    }
    done
}

#[cfg(test)]
mod tests {
    use super::{continue_cut, cut_arrivals, Arrival, Continuations, CONTINUE_WIDTH};
    use crate::mine::map::Mine;
    use crate::mine::solve::base::arrivals::tables;
    use crate::mine::solve::base::arrivals::tests::{contest8, CONTEST8_1961};
    use crate::mine::solve::base::replay::Plan;
    use crate::mine::solve::base::shared::Shared;
    use crate::mine::solve::strategy::{Cx, Strategy};
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    #[test]
    fn contest8_continuations_from_a_better_opening() {
        let mine = contest8();
        assert_eq!(mine.clone().run(std::str::from_utf8(CONTEST8_1961).unwrap()).score, 1961);
        on_the_first_cut(&mine, |sh, p, found| {
            // The first cut at the first sweep's width.
            assert!(found.len() >= 40, "{}", found.len());
            let done = continue_cut(&mine, p, 0, found, CONTINUE_WIDTH, 0, sh, sh.deadline, sh.deadline);
            assert_eq!(done, found.len());
            let best = sh.best_score.load(Ordering::Relaxed);
            assert!(best >= 1969, "{best}");
            assert_eq!(mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap()).score, best);
        });
    }

    /// Calls `f` with the shared state of a search whose best route is [`CONTEST8_1961`], its
    /// plan and the arrivals from its first cut.
    fn on_the_first_cut(mine: &Mine, f: impl FnOnce(&Shared, &Plan, &[Arrival])) {
        let sh = Shared::for_test(1961, CONTEST8_1961);
        let p = Plan::new(mine, CONTEST8_1961.to_vec(), usize::MAX).unwrap();
        let t = tables(mine, &p, &sh).unwrap();
        let found = cut_arrivals(mine, &p, &t, 0, false, &sh, sh.deadline).unwrap();
        f(&sh, &p, &found);
    }

    #[test]
    fn a_batch_cut_short_is_not_counted_as_played_on() {
        let mine = contest8();
        on_the_first_cut(&mine, |sh, p, found| {
            let past = Instant::now();
            assert_eq!(continue_cut(&mine, p, 0, found, CONTINUE_WIDTH, 3, sh, past, past), 3);
            // One batch (as many arrivals as threads, some 0.1 s) in 5 s is played on, the
            // rest are not.
            let soon = Instant::now() + Duration::from_secs(5);
            let done = continue_cut(&mine, p, 0, found, CONTINUE_WIDTH, 3, sh, past, soon);
            assert_eq!(done, 3 + rayon::current_num_threads().max(1));
        });
    }

    #[test]
    fn continuations_in_short_slices_resume_the_cut_where_they_stopped() {
        let mine = contest8();
        let sh = Shared::for_test(1961, CONTEST8_1961);
        let mut c = Continuations::new();
        // Slices of 50 ms: the first cut's 49 arrivals take about 2 s in all.
        let mut slices = 0;
        while sh.best_score.load(Ordering::Relaxed) < 1969 && slices < 400 {
            let mut cx = Cx { mine: &mine, sh: &sh, deadline: sh.deadline, round: 0, last: None };
            c.run(&mut cx, Instant::now() + Duration::from_millis(50));
            slices += 1;
        }
        assert!(slices > 1, "resumed over several slices");
        assert!(sh.best_score.load(Ordering::Relaxed) >= 1969, "after {slices} slices");
    }
}
