//! The scheduler: hands out the search's time between the strategies (`strategy/`).
//!
//! The rule:
//! 1. The lanes take turns; a turn is one beam run of each of the six configurations, each
//!    followed by a restart from a cut of the lane's best route or after an opening (a jump
//!    the robot can make at the start, `strategy/openings.rs`). The plain lane has every turn
//!    at first. From the second turn on, the time the plain lane spends in turns that do not
//!    improve the best score goes to the other lanes: in the first half of the budget (after
//!    its first 10 s) half of it, to the guided lane only; in the second half all of it, half
//!    to the guided lane and half to the deferral lanes, the one that had least first. While
//!    the best route loses the lift (it took half the lambdas or more and left the lift out
//!    of reach), only the guided and beard-deferral lanes take turns (the plain lane when
//!    there are no beard groups), and only with the configurations that have a reach weight,
//!    which rank a lost lift low.
//! 2. After each turn: an end-game run if the best route collects everything and loses the lift;
//!    the local passes (reorder, single edits, pairs of edits; the trap pass once) for at most a
//!    second if the best route changed and does not lose the lift; then slices of at most 3 s, from
//!    3 s on, of the single-command beam while it has had less than its share (a third of the time
//!    until 10 s, three quarters of it after), of the continuations while they have had less than
//!    theirs (a quarter of the time until 10 s, an eighth after; half that once they take arrivals
//!    as long as the route) and of the replans (an eighth of the time after 10 s), unless the best
//!    route loses the lift (in budgets under 15 s, "10 s" is two thirds of the budget for all
//!    three); in the beam's time, the pair pass on its near misses (a second each at most). The
//!    beam goes first: when a win comes late, after a lost lift, both are owed seconds, and the
//!    beam's run from after the last shave is what polishes such a win (horock3). A run of that
//!    beam cut at the end of its slice also resumes after each configuration of a turn while it
//!    is owed time (a turn of wide beams takes seconds). Those slices do not count as the lane's
//!    time. Last, the shortcut pass over the routes that tie with the best (a second at most).
//! 3. The last eighth of the budget (16 s at most): the reorder pass with blocks moved any
//!    distance (three quarters of it), the shortcut pass (an eighth), the edit pass, the pair
//!    pass (a quarter at most); then back to the lanes until the deadline, and a last edit and
//!    pair pass if that found a better route.

use super::base::beam::CONFIGS;
use super::base::replay::Replay;
use super::base::shared::Shared;
use super::strategy::continuations::Continuations;
use super::strategy::edits::Edits;
use super::strategy::endgame::EndGame;
use super::strategy::lane::Lane;
use super::strategy::pairs::PairEdits;
use super::strategy::reorder::{Reorder, NEAR};
use super::strategy::replans::Replans;
use super::strategy::restart::Restarts;
use super::strategy::shortcuts::{polish_ties, Shortcuts};
use super::strategy::stepbeam::StepBeam;
use super::strategy::traps::Traps;
use super::strategy::{deferral, guided, Cx, Strategy};
use crate::mine::map::Mine;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long the plain lane keeps every turn before the guided lane gets its share.
const GUIDED_FROM: Duration = Duration::from_secs(10);

/// Longest time the reorder and edit passes get after a turn.
const MID_SEARCH_PASSES: Duration = Duration::from_secs(1);

/// The continuations get their share of the time counted from this time on: the first seconds
/// belong to the lanes.
const CONTINUATIONS_FROM: Duration = Duration::from_secs(3);
/// The longest slice of time the continuations take at once (but the first batch of arrivals
/// of a slice may run longer, `strategy/continuations.rs`).
const CONTINUATION_SLICE: Duration = Duration::from_secs(3);

/// The single-command beam gets a third of the time from `STEPS_FROM` to `STEPS_LATER` (or two
/// thirds into a shorter budget, [`later`]) and three quarters of the time after
/// ([`steps_share`]), in slices of `STEP_SLICE` at most.
const STEPS_FROM: Duration = Duration::from_secs(3);
const STEPS_LATER: Duration = Duration::from_secs(10);
const STEP_SLICE: Duration = Duration::from_secs(3);

/// The replans get an eighth of the time after `STEPS_LATER` ([`replans_share`]), half of the
/// continuations' share, in slices of `REPLAN_SLICE` at most (a run once begun ends,
/// `strategy/replans.rs`).
const REPLAN_SLICE: Duration = Duration::from_secs(3);

/// The whole search on `mine` until `sh.deadline` (or the stop conditions), by the rule of the
/// module doc.
pub(crate) fn solve(mine: &Mine, sh: &Shared) {
    let end = sh.deadline;
    let reserve = ((end - sh.start) / 8).min(Duration::from_secs(16));
    let mut sched = Schedule::new(sh);
    sched.search(mine, sh, end - reserve);
    let mut cx = Cx { mine, sh, deadline: end, round: sched.round, last: None };
    // Three quarters of the reserve at most, so that the edit pass gets its share.
    Reorder { reach: usize::MAX }.run(&mut cx, (sh.now() + reserve * 3 / 4).min(end));
    // A few hundred milliseconds: most of the shortcut search's work is done between turns.
    Shortcuts.run(&mut cx, (sh.now() + reserve / 8).min(end));
    Edits.run(&mut cx, end);
    sched.pairs.run(&mut cx, (sh.now() + reserve / 4).min(end));
    // Time the passes did not need goes back to the lanes.
    if end.saturating_duration_since(sh.now()) > Duration::from_millis(100) {
        let before = sh.best_score.load(Ordering::Relaxed);
        sched.search(mine, sh, end);
        if sh.best_score.load(Ordering::Relaxed) > before {
            Edits.run(&mut cx, end);
            sched.pairs.run(&mut cx, end);
        }
    }
}

/// Where the search stands, so that it can be resumed after the passes of the reserve.
pub(crate) struct Schedule {
    /// Lane 0: plain; lane 1: guided (`strategy/guided.rs`); lane `k + 1`: deferral `k`
    /// (`strategy/deferral.rs`). All but lane 0 are added after the first turn.
    lanes: Vec<Lane>,
    /// The lane of this turn.
    lane: usize,
    /// Lanes 2 ..= `beard_lanes + 1` defer beard groups.
    beard_lanes: usize,
    /// The best score when this turn began.
    turn_best: i64,
    /// When this turn began.
    turn_start: Instant,
    /// Time the plain lane spent in the second half of the budget in turns that did not
    /// improve the best score.
    stalled: Duration,
    /// Time the plain lane spent in the first half of the budget in turns that did not improve
    /// the best score, and the time the guided lane had then.
    stalled_early: Duration,
    guided_early: Duration,
    /// The best score after the last local passes between turns.
    polished: i64,
    /// Beam runs of the lanes finished so far ([`Cx::round`]).
    round: usize,
    restarts: Restarts,
    end_game: EndGame,
    traps: Traps,
    continuations: Continuations,
    steps: StepBeam,
    replans: Replans,
    pairs: PairEdits,
}

impl Schedule {
    pub(crate) fn new(sh: &Shared) -> Schedule {
        Schedule {
            lanes: vec![Lane::plain()],
            lane: 0,
            beard_lanes: 0,
            turn_best: i64::MIN,
            turn_start: sh.now(),
            stalled: Duration::ZERO,
            stalled_early: Duration::ZERO,
            guided_early: Duration::ZERO,
            polished: i64::MIN,
            round: 0,
            restarts: Restarts::new(),
            end_game: EndGame::new(),
            traps: Traps::new(),
            continuations: Continuations::new(),
            steps: StepBeam::new(),
            replans: Replans::new(),
            pairs: PairEdits::new(),
        }
    }

    /// Turns of the lanes until `deadline` (or the stop conditions); a step cut short is taken
    /// again at the next call.
    pub(crate) fn search(&mut self, mine: &Mine, sh: &Shared, deadline: Instant) {
        loop {
            let ci = self.round % CONFIGS.len();
            let turn_ends = ci + 1 == CONFIGS.len();
            let mut cx = Cx { mine, sh, deadline, round: self.round, last: None };
            let skip = self.skips(mine, sh, ci);
            if !skip && (!self.lanes[self.lane].run(&mut cx, deadline) || !self.restarts.run(&mut cx, deadline)) {
                return;
            }
            if turn_ends {
                if !self.end_game.run(&mut cx, deadline) {
                    return;
                }
                self.between_turns(&mut cx);
            } else if !skip && self.steps.running() {
                // While a run of the single-command beam is under way (cut at the end of its
                // slice), its owed slice comes after each configuration, not only after the
                // turn (a turn at wide beams takes seconds).
                self.step_slice(&mut cx);
            }
            if !skip {
                self.lanes[self.lane].widen(&cx, ci);
            }
            if turn_ends {
                self.next_lane(mine, sh);
            }
            self.round += 1;
        }
    }

    /// Whether the lane of this turn skips configuration `ci`: from the second turn on, while
    /// the best route loses the lift, only the configurations that weigh what is out of reach
    /// run, since they are the ones that rank a lost lift low. On horock3 the beard by the lift
    /// walls it in unless it is shaved early; a reach-weighted run at width 64 finds that plan.
    fn skips(&self, mine: &Mine, sh: &Shared, ci: usize) -> bool {
        let reach_weight = CONFIGS[ci].3;
        reach_weight == 0 && self.round >= CONFIGS.len() && Replay::new(mine, &sh.best_route()).loses_lift()
    }

    /// The local passes (if the best route changed since the last ones and does not lose the
    /// lift: polishing a lost route only delays the runs that may find a win), then the slices
    /// of the single-command beam, the continuations and the replans (rule 2 of the module
    /// doc).
    fn between_turns(&mut self, cx: &mut Cx) {
        let (mine, sh, deadline) = (cx.mine, cx.sh, cx.deadline);
        let lost = Replay::new(mine, &sh.best_route()).loses_lift();
        if sh.best_score.load(Ordering::Relaxed) != self.polished && !lost {
            // Short passes: long ones here drive the best route to a local optimum early that
            // later runs no longer leave; the long passes come at the end.
            let total = sh.deadline - sh.start;
            let until = (sh.now() + (total / 10).min(MID_SEARCH_PASSES)).min(deadline);
            self.traps.run(cx, (sh.now() + total / 10).min(deadline));
            Reorder { reach: NEAR }.run(cx, until);
            Edits.run(cx, until);
            self.pairs.run(cx, until);
            self.polished = sh.best_score.load(Ordering::Relaxed);
        }
        self.step_slice(cx);
        let c = &self.continuations;
        let t0 = sh.now();
        let share = continuations_share(sh, c.share());
        if let Some(until) = side_slice(mine, sh, c.spent, share, CONTINUATION_SLICE, deadline) {
            self.continuations.run(cx, until);
            self.turn_start += sh.since(t0);
        }
        let t0 = sh.now();
        if let Some(until) = side_slice(mine, sh, self.replans.spent, replans_share(sh), REPLAN_SLICE, deadline) {
            self.replans.run(cx, until);
            self.turn_start += sh.since(t0);
        }
        // The ties of the best route, polished in the lane's time.
        polish_ties(mine, sh, (sh.now() + MID_SEARCH_PASSES).min(deadline));
    }

    /// The single-command beam's slice if it is owed one (rule 2 of the module doc).
    fn step_slice(&mut self, cx: &mut Cx) {
        let (mine, sh, deadline) = (cx.mine, cx.sh, cx.deadline);
        let t0 = sh.now();
        if let Some(until) = side_slice(mine, sh, self.steps.spent, steps_share(sh), STEP_SLICE, deadline) {
            self.steps.run(cx, until);
            // The beam's near misses are polished in its time.
            for route in self.steps.take_near() {
                let t1 = sh.now();
                self.pairs.polish(mine, sh, route, (t1 + MID_SEARCH_PASSES).min(deadline));
                self.steps.spent += sh.since(t1);
            }
            self.turn_start += sh.since(t0);
        }
    }

    /// After a turn: picks the lane of the next turn by rule 1 of the module doc. After the
    /// first turn the guided lane and the deferral lanes are added. In the first half of the
    /// budget, from [`GUIDED_FROM`] on, the guided lane takes the turn while it has had less
    /// than half the time the plain lane lost so far. In the second half the plain lane takes
    /// the turn while the other lanes together have had as much time (after the guided lane's
    /// first-half share) as it lost in the second half; otherwise the guided lane does while it
    /// has had no more time than the deferral lanes together, else the deferral lane that has
    /// had the least. So a search that still improves stays in the plain lane, and one that is
    /// stuck gives about half its time to the others. While the best route loses the lift,
    /// only the guided and beard lanes take turns, or only the plain lane (whose end-game runs
    /// need the time) when the map has no beard groups. Each lane has its own best route; it
    /// goes into `sh` for the lane's turn.
    fn next_lane(&mut self, mine: &Mine, sh: &Shared) {
        let now = sh.now();
        let spent = now - self.turn_start;
        self.turn_start = now;
        self.lanes[self.lane].spent += spent;
        let best = sh.best_score.load(Ordering::Relaxed);
        // The deferral lanes wait for the second half of the budget.
        let early = sh.elapsed() < (sh.deadline - sh.start) / 2;
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
            let (lanes, beard) = deferral::lanes(mine);
            self.lanes.push(guided::lane());
            self.lanes.extend(lanes);
            self.beard_lanes = beard;
        }
        let n = self.lanes.len();
        let others: Duration = self.lanes[1..].iter().map(|l| l.spent).sum();
        // Among the lanes in `range`, the one with the least time so far; on a tie the next one
        // after this lane.
        let least = |range: std::ops::RangeInclusive<usize>| {
            (1..=n).map(|i| (self.lane + i) % n).filter(|l| range.contains(l)).min_by_key(|&l| self.lanes[l].spent)
        };
        let lost = Replay::new(mine, &sh.best_route()).loses_lift();
        let next = if lost {
            // The best route so far loses the lift: the guided and beard lanes only, or the
            // plain lane (its end-game runs) when there are no beard groups.
            if self.beard_lanes == 0 {
                0
            } else {
                least(1..=self.beard_lanes + 1).unwrap_or(0)
            }
        } else if n == 1 {
            0
        } else if early {
            // The first half: the guided lane gets half the time the plain lane loses, from
            // `GUIDED_FROM` on (the first seconds of a short budget are the plain lane's).
            if sh.elapsed() >= GUIDED_FROM && self.lanes[1].spent * 2 < self.stalled_early {
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

/// The single-command beam's share of the time so far: a third of the time from
/// [`STEPS_FROM`] to [`later`], and three quarters of the time after. The lanes need the
/// first seconds to find a collection order; the beam's end games from cuts of the best route
/// pay later (beard4 and beard2 at 15 s: their last points come from the beam's runs from cuts
/// further and further back, a second or two each).
fn steps_share(sh: &Shared) -> Duration {
    let (elapsed, later) = (sh.elapsed(), later(sh));
    elapsed.min(later).saturating_sub(STEPS_FROM) / 3 + elapsed.saturating_sub(later) * 3 / 4
}

/// When the later shares begin: [`STEPS_LATER`], or two thirds into a shorter budget (10 s:
/// at 6.7 s), so that a short search too gives the beam most of its last third.
fn later(sh: &Shared) -> Duration {
    STEPS_LATER.min((sh.deadline - sh.start) * 2 / 3)
}

/// The continuations' share of the time so far: the part `1 / part` of it from
/// [`CONTINUATIONS_FROM`] to [`later`], half that after (the other half goes to the
/// replans).
fn continuations_share(sh: &Shared, part: u32) -> Duration {
    let (elapsed, later) = (sh.elapsed(), later(sh));
    elapsed.min(later).saturating_sub(CONTINUATIONS_FROM) / part + elapsed.saturating_sub(later) / (2 * part)
}

/// The replans' share of the time so far: an eighth of the time after [`later`]. Other
/// plans for the rest of the best route are sought once the lanes have found one.
fn replans_share(sh: &Shared) -> Duration {
    sh.elapsed().saturating_sub(later(sh)) / 8
}

/// The end of the next slice of a search taken between turns that has spent `spent` so far
/// and may have `share` of the time so far, in slices of `slice` at most. None when it has had
/// its share, or while the best route loses the lift (the lanes that may find a win need the
/// time).
fn side_slice(
    mine: &Mine,
    sh: &Shared,
    spent: Duration,
    share: Duration,
    slice: Duration,
    deadline: Instant,
) -> Option<Instant> {
    if spent >= share || Replay::new(mine, &sh.best_route()).loses_lift() {
        return None;
    }
    Some((sh.now() + (share - spent).min(slice)).min(deadline))
}

#[cfg(test)]
mod tests {
    use super::Schedule;
    use crate::mine::score::Ending;
    use crate::mine::solve::base::beam::CONFIGS;
    use crate::mine::solve::base::replay::Replay;
    use crate::mine::solve::base::shared::{sample_map, Shared, HOROCK3_LOST, HOROCK3_WON};

    /// A route of the lanes on beard4 that collects all 44 lambdas and aborts with 2033 points,
    /// the beards having grown over the corridors to the lift.
    const BEARD4_LOST: &[u8] = b"RDDDRLUURRRRRUUULRRDRDLLDDDDDDDDDDRRLLLLLLLLLLLLLLLLLRRRRRRRRRRRUULLLLLLLLLLLRRRRRRRRUULLLLLRRRRRRRLLUUUUUULLLLLLLLRUURLDDRRRDDDDLRUULLLDLDDUURURRRUURRRRRULWRURRLLLLLL";

    /// The schedule's lanes on beard4: after the first turn of the configurations the 11
    /// deferral lanes are added; the plain lane has lost time and the others had none, so one
    /// of them takes the next turn, with its own (still empty) best route to restart from,
    /// while the plain lane keeps its own. The plain lane takes the turn again once the
    /// deferral lanes have had as much time as it lost.
    #[test]
    fn deferral_lanes_share_the_time_with_the_plain_lane() {
        let mine = sample_map("beard4");
        let lost = BEARD4_LOST;
        let won = b"RDDDRLUUULLDDDDDDRRLLLLLLLRRRRRUUUUUULLLLDDDDLRUULLLLDDDUURURRRUULLLLRUURLDDRRRRRRRDDDDDDDDRRRDDDUUULLLLLLLLLLLRRRRRRRRRRRDDLLLLLLLLLLLRRRRRRRRRRRRRRRRRLLLLLLUULLLUUUUUUUUURWLULLLRRRRRRLLDLDRRDRRRRRUUULRRDRDLLDDDDDDDDDURRUUUUUR";
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.score, o.lambdas, o.ending), (2033, 44, Ending::Abort));
        let o = mine.clone().run(std::str::from_utf8(won).unwrap());
        assert_eq!((o.score, o.ending), (3073, Ending::Win));
        let mut sh = Shared::for_test(2033, lost);
        // Past the first half of the budget (the plain lane's alone).
        sh.deadline = sh.start;
        let mut sched = Schedule::new(&sh);
        sched.round = CONFIGS.len() - 1;
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

    /// horock3 has no beard groups; while the best route aborts with the lift walled in by the
    /// beard (with 33 of the 34 lambdas here), the plain lane runs only the configurations with
    /// a reach weight (2, 3 and 5), from its second turn on; once a route wins, all six again.
    #[test]
    fn a_lost_lift_leaves_the_plain_lane_the_reach_weighted_configurations() {
        let mine = sample_map("horock3");
        let lost = &HOROCK3_LOST[..Replay::new(&mine, HOROCK3_LOST).cut(1).unwrap()];
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.lambdas, o.ending), (33, Ending::Abort));
        let sh = Shared::for_test(o.score, lost);
        let mut sched = Schedule::new(&sh);
        let runs = |sched: &Schedule| (0..CONFIGS.len()).filter(|&ci| !sched.skips(&mine, &sh, ci)).collect::<Vec<_>>();
        assert_eq!(runs(&sched), [0, 1, 2, 3, 4, 5], "the first turn runs them all");
        sched.round = CONFIGS.len() - 1;
        sched.next_lane(&mine, &sh);
        assert_eq!((sched.lane, sched.beard_lanes), (0, 0));
        sched.round += 1;
        assert_eq!(runs(&sched), [2, 3, 5]);
        let o = mine.clone().run(std::str::from_utf8(HOROCK3_WON).unwrap());
        assert_eq!(o.ending, Ending::Win);
        sh.offer(o.score, HOROCK3_WON);
        assert_eq!(runs(&sched), [0, 1, 2, 3, 4, 5]);
    }

    /// On beard4 (beard groups), while every route collects all 44 lambdas and aborts, the
    /// guided and beard-deferral lanes take the turns, and they too run only the reach-weighted
    /// configurations.
    #[test]
    fn a_lost_lift_leaves_the_other_lanes_the_reach_weighted_configurations() {
        let mine = sample_map("beard4");
        let lost = BEARD4_LOST;
        let sh = Shared::for_test(2033, lost);
        let mut sched = Schedule::new(&sh);
        sched.round = CONFIGS.len() - 1;
        sched.next_lane(&mine, &sh);
        sched.round += 1;
        assert!(sched.lane >= 1 && sched.lane <= sched.beard_lanes + 1, "lane {}", sched.lane);
        let runs = (0..CONFIGS.len()).filter(|&ci| !sched.skips(&mine, &sh, ci)).collect::<Vec<_>>();
        assert_eq!(runs, [2, 3, 5]);
    }

    /// In the first half of the budget only the guided lane takes turns besides the plain
    /// lane, after the first 10 s, while it has had less than half the time the plain lane lost.
    #[test]
    fn the_guided_lane_gets_half_the_time_lost_in_the_first_half() {
        let mine = sample_map("contest9");
        let mut sh = Shared::for_test(0, b"");
        let mut sched = Schedule::new(&sh);
        sched.round = CONFIGS.len() - 1;
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

    /// The continuations' share: a quarter (or an eighth) of the time from 3 s to 10 s, half
    /// that after; the replans': an eighth of the time after 10 s.
    #[test]
    fn the_continuations_share_their_time_with_the_replans_after_10_s() {
        let mut sh = Shared::for_test(0, b"");
        let ms = std::time::Duration::from_millis;
        for (at, quarter, eighth, replans) in
            [(3_000, 0, 0, 0), (10_000, 1_750, 875, 0), (150_000, 1_750 + 17_500, 875 + 8_750, 17_500)]
        {
            sh.start = std::time::Instant::now() - ms(at);
            let near = |got: std::time::Duration, want: u64| got >= ms(want) && got < ms(want + 200);
            assert!(near(super::continuations_share(&sh, 4), quarter), "{at} ms");
            assert!(near(super::continuations_share(&sh, 8), eighth), "{at} ms");
            assert!(near(super::replans_share(&sh), replans), "{at} ms");
        }
    }

    /// The single-command beam's share of the time: none in the first 3 s, a third of the
    /// time to 10 s (7 / 3 s), three quarters of it after (at 150 s, 7 / 3 + 105 s).
    #[test]
    fn the_single_command_beam_gets_a_third_of_the_first_seconds_and_three_quarters_of_the_rest() {
        let mut sh = Shared::for_test(0, b"");
        let ms = std::time::Duration::from_millis;
        assert!(super::steps_share(&sh) == ms(0));
        for (at, share) in [(3_000, 0), (10_000, 2_333), (20_000, 9_833), (150_000, 107_333)] {
            sh.start = std::time::Instant::now() - ms(at);
            let got = super::steps_share(&sh);
            assert!(got >= ms(share) && got < ms(share + 200), "{at} ms: {got:?}");
        }
    }

    #[test]
    fn in_a_short_budget_the_beams_later_share_begins_two_thirds_in() {
        // A 9 s budget, at its end: a third of 3 s to 6 s and three quarters of 6 s to 9 s,
        // 1 s + 2.25 s (a third from 3 s on would be 2 s).
        let mut sh = Shared::for_test(0, b"");
        let ms = std::time::Duration::from_millis;
        sh.start = std::time::Instant::now() - ms(9_000);
        sh.deadline = sh.start + ms(9_000);
        let got = super::steps_share(&sh);
        assert!(got >= ms(3_250) && got < ms(3_450), "{got:?}");
    }
}
