//! A beam search over single commands, taken between the lanes' turns (`schedule.rs`).
//!
//! The macro moves of the main beam walk shortest paths over a frozen grid, so a route that
//! waits for a rock to fall past, or steps aside and back while one slides, is found there only
//! by luck. This beam plays every command (`L R U D W`, and `S` next to a beard with a razor)
//! with the engine from every state, layer by layer (one layer per move), and keeps the `width`
//! states of each layer that have the least left to do by a relaxed estimate: the weight of a
//! spanning tree over the lambdas and higher-order rocks left and the lift (distances in moves
//! over every cell but walls) plus the robot's distance to the nearest of them
//! (`base/estimate.rs`). A state that could not beat the best route even if it collected
//! everything in as many moves as the estimate without the higher-order rocks (a lower bound,
//! wherever they fall) is dropped. States that differ only in earth no rock rests on
//! are one (`coarse_hash`), within a layer and against the two layers before. A child is
//! played, ranked and hashed once, as its layer is expanded; only the children kept are played
//! again, to make the next layer (a layer holds states, its candidates their rank, hash and
//! goals). A kept state that stands where the best route stood later, with the same goals
//! left, plays the rest of the best route from there (`base/tail.rs`): the beam need not find
//! the whole route again to gain from a shorter stretch of it (trampoline3: the first room's
//! lambdas from its left end, two moves fewer).
//! States with the same lambdas and higher-order rocks left take at most a sixteenth of a
//! layer ([`SAME_GOALS_PART`]), so that the layer holds many collection orders, not the
//! variants of one.
//!
//! It finds wins the macro moves never reach (horock1: a win in 67 moves where theirs takes 75).
//! Runs from the start take turns, by time, with runs from cuts of the best route: after its last
//! shave, or 1, 2, 3 ... 8, 10, 12, 15 ... lambdas before its end (the rest of the route at a width
//! the whole route could not have); and from after another way to its first shave, one that
//! collects more on the way (`waypoints.rs`; not a prefix of the route); and from where a late
//! shave, one growth of the beard later, walks to the beard (`waypoints.rs`: its runs keep only
//! the states that can still shave in time); and from after the shortest walk to its first
//! lambda where the route takes longer to it ([`first_walk`]: time to deal with a rock set
//! falling at the start). Each starting point has its own series of runs, the width growing
//! run after run (four times from the start, from a quarter of [`series::FIRST_WIDTH`]; four
//! times from the late shave and the first walk, from twice it; twice from a cut, from
//! [`series::FIRST_WIDTH`] or, far from the route's end, from less:
//! [`series::first_cut_width`]) up to what a quarter of the memory limit holds.
//! Before the first run from the start, each cut up to [`NEAR_CUTS`] lambdas back (and the late
//! shave's, the one after the last shave, the waypoint's and the first walk's, which come first, in
//! this order) has a run: they take milliseconds to a few seconds, and a run, once begun, holds the
//! beam until it ends, so at short budgets a first run from the start would leave them none. After
//! that the cut whose next run should take least time goes first, so that the end games near the
//! end are searched wide early and those further back as wide as time allows (flood4: a win in 129
//! moves from 8 lambdas back at width 32768, where the route it started from took 132; beard2,
//! whose last ten lambdas lie within 20 moves: a win in 128 moves from move 65 of one in 136). A
//! run that would not end before the deadline, at the pace of the last one of its series, is not
//! begun. A run is resumed layer by layer between the lanes' turns. The wins of a run from the
//! start that come near the best route without beating it, one for each collection order, go to the
//! pair-edit pass (`pairs.rs`), which may tighten them past it.

use super::waypoints::{Keep, Waypoints};
use super::{Cx, Strategy};
use series::{all_series, first_walk, Origin, Series};
// The commands tried from each state; a command's code in the parent links is its index there.
use crate::mine::map::Mine;
use crate::mine::score::Ending;
use crate::mine::solve::base::arrivals::{coarse_hash, COMMANDS};
use crate::mine::solve::base::estimate::{bound, ceiling, estimate, goals_and_tree, same_goals, Tables};
use crate::mine::solve::base::moves::beard_nearby;
use crate::mine::solve::base::replay::{Plan, Replay};
use crate::mine::solve::base::shared::{best_prefix, command, debug, play, stop_value, Shared};
use crate::mine::solve::base::tail::Tail;
use crate::mine::solve::base::work;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The part of the memory limit the runs may take (a quarter).
const MEMORY_PART: usize = 4;

/// At most a `1 / SAME_GOALS_PART` part of a layer's width goes to states with the same goals
/// left (the same lambdas and higher-order rocks on the map). Without the cap the best-ranked
/// collection order fills the layer with its variants, and the beam loses the orders whose
/// value shows later.
const SAME_GOALS_PART: usize = 16;

/// A win that scores less than the best route by less than this is kept as a near miss.
const NEAR_MISS: i64 = 4;

/// Near misses kept per run, each of another collection order.
const NEAR_KEPT: usize = 3;

/// The cuts at most this many lambdas before the end each have a run before the first run
/// from the start.
const NEAR_CUTS: usize = 8;

/// A child of the current layer, before the layer is trimmed.
struct Candidate {
    h: u32,
    collected: u32,
    /// Parent index in the layer shifted left by 3, command code in the low bits.
    link: u32,
    /// Its [`coarse_hash`], for the duplicate checks.
    hash: u64,
    /// The key of its goals left (as [`goals_and_tree`] gives it), for the cap on states with
    /// the same goals.
    goals: u64,
}

/// One run of the beam at one width, resumable between layers.
struct Run {
    /// The commands before the run's first state (a cut of the best route, or none).
    prefix: Vec<u8>,
    width: usize,
    /// The best score when the run started.
    best: i64,
    layer: Vec<Mine>,
    /// Per layer after the start, each state's link ([`Candidate::link`]).
    links: Vec<Vec<u32>>,
    /// Hashes of the last layers' states.
    seen: VecDeque<FxHashSet<u64>>,
    /// Its series: an index in [`StepBeam::series`].
    series: usize,
    /// For a run from the start, the best wins it found that did not beat the best route by the
    /// time they were found, but came within [`NEAR_MISS`] of it, with their scores, the best
    /// first (when the run ends, at most [`NEAR_KEPT`], one for each collection order).
    near: Vec<(i64, Vec<u8>)>,
    /// The best route's places, for states that reach one sooner to play its rest.
    tail: Tail,
    /// When it started.
    started: Instant,
    /// For a run from the late shave's start, the states it keeps (the others are dropped).
    keep: Option<Keep>,
}

/// The single-command beam's state between the search's turns.
pub(crate) struct StepBeam {
    tables: Option<Option<Tables>>,
    run: Option<Run>,
    /// The runs from each starting point ([`series::starting_points`] of the map's lambdas).
    series: Vec<(Origin, Series)>,
    /// Time taken by the runs from the start and by those from the cuts.
    spent_by: [Duration; 2],
    /// The near misses of the runs finished since [`StepBeam::take_near`] was last called.
    near: Vec<Vec<u8>>,
    /// Time spent so far.
    pub(crate) spent: Duration,
    /// The cut for [`Origin::Waypoint`] and the start for [`Origin::LateShave`], found again
    /// when the best route's first shaving changes.
    waypoints: Waypoints,
}

impl StepBeam {
    pub(crate) fn new() -> StepBeam {
        StepBeam {
            tables: None,
            run: None,
            series: Vec::new(),
            spent_by: [Duration::ZERO; 2],
            near: Vec::new(),
            spent: Duration::ZERO,
            waypoints: Waypoints::default(),
        }
    }

    /// The wins of the runs from the start finished since the last call that came within
    /// [`NEAR_MISS`] of the best route when they were found (at most [`NEAR_KEPT`] a run, the
    /// best first): routes of other collection orders, for the pair-edit pass to tighten
    /// (`pairs.rs`).
    pub(crate) fn take_near(&mut self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.near)
    }

    /// Whether a run is under way (begun, cut at the end of a slice, not ended).
    pub(crate) fn running(&self) -> bool {
        self.run.is_some()
    }

    /// Widest run that a quarter of the memory limit holds on `mine` for routes of about
    /// `depth` moves (the states of two layers, the candidates, the parent links).
    fn max_width(mine: &Mine, sh: &Shared, depth: usize) -> usize {
        let per_state = 2 * (mine.cells.len() + 320) + 6 * std::mem::size_of::<Candidate>() + 3 * 16 + 4 * depth;
        (sh.memory_limit / MEMORY_PART / per_state).clamp(1, 1 << 28)
    }

    /// Advances the runs layer by layer until `until` (a layer under way finishes unless the
    /// deadline or the stop conditions come first); a finished run's series starts again wider
    /// ([`series::START_GROWTH`] times from the start, twice from a cut). Once its width no longer
    /// grows, a series runs again only when the best score has changed (it prunes more).
    fn step(&mut self, mine: &Mine, sh: &Shared, until: Instant, deadline: Instant) {
        let t0 = sh.now();
        let over = || sh.should_stop() || sh.now() >= deadline;
        if self.tables.is_none() {
            self.tables = Some(Tables::new(mine, sh.memory_limit / 16));
            self.series = all_series(mine.lambdas_total);
        }
        let Some(Some(tables)) = self.tables.take() else {
            self.tables = Some(None);
            return;
        };
        let t = &tables;
        while sh.now() < until && !over() {
            if self.run.is_none() {
                let best = sh.best_score.load(Ordering::Relaxed);
                let Some(run) = self.next_run(mine, sh, best, deadline) else { break };
                if debug() {
                    let t = sh.elapsed().as_secs_f64();
                    eprintln!("  step beam width {} from move {} starts: t {t:.2}", run.width, run.prefix.len());
                }
                self.run = Some(run);
            }
            let (t1, i) = (sh.now(), self.run.as_ref().map_or(0, |r| r.series));
            let ended = advance(&mut self.run, mine, t, sh, &over);
            let took = sh.since(t1);
            self.spent_by[usize::from(self.series[i].0 != Origin::Start)] += took;
            self.series[i].1.running += took;
            let Some(ended) = ended else { break };
            if let Some(done) = ended {
                self.near.extend(done.near.into_iter().map(|(_, r)| r));
                let (from, series) = &mut self.series[i];
                let best_len = sh.best_route().len();
                let wider = (series.width * from.growth()).min(Self::max_width(mine, sh, best_len.max(done.depth)));
                series.idle = (wider <= series.width).then_some(done.best);
                series.width = wider.max(series.width);
                series.last = std::mem::take(&mut series.running);
                series.last_wall = done.wall;
            }
        }
        self.tables = Some(Some(tables));
        self.spent += sh.since(t0);
    }

    /// The next run. The runs from the start and those from the cuts of the best route take
    /// turns by time: whichever will have taken less once its next run ends goes next (a run
    /// is expected to take as many times as long as the last of its series as it is wider, a
    /// first run none), so that a long run from the start waits while the cuts behind the
    /// ones already searched are quick (beard4: a 6 s run from the start at width 4096 held
    /// the beam while the runs from four cuts, a second each, would have gained 28 points).
    /// Among the cuts, the run expected to take least goes first. So the runs that are quick,
    /// near the end of the best route, grow wide early, and those further back get about as
    /// much time as each other; a first run from a cut is as wide as [`series::first_cut_width`]
    /// says. A run is not begun if it would not end before `deadline`, taking as many times
    /// as long as the last of its series (from its start to its end) as it is wider: the time
    /// goes to the runs that can end, and once they wait too, back to the lanes. None if every
    /// series waits for a new best score, has no starting point on the best route, or would
    /// not end in time.
    fn next_run(&mut self, mine: &Mine, sh: &Shared, best: i64, deadline: Instant) -> Option<Run> {
        let route = sh.best_route();
        let replay = Replay::new(mine, &route);
        let ready = |s: &Series| s.idle != Some(best);
        // Whether the next run of a series ends before the deadline, taking as many times as
        // long as the last one as it is wider.
        let fits = |from: Origin, s: &Series| {
            s.last_wall.is_zero() || sh.now() + s.last_wall * from.growth() as u32 <= deadline
        };
        // Where each cut's run starts: a prefix of the best route, the waypoint's cut, the late
        // shave's start or the shortest walk to its first lambda.
        let (waypoint, late) = self.waypoints.starts(mine, &route, sh, deadline);
        let walk = first_walk(mine, &route, &replay);
        let prefix = |from: Origin| match from {
            Origin::Waypoint => waypoint.clone(),
            Origin::LateShave => late.as_ref().map(|l| l.prefix.clone()),
            Origin::FirstWalk => walk.clone(),
            _ => from.at(&route, &replay).map(|at| route[..at].to_vec()),
        };
        let cut = self
            .series
            .iter()
            .enumerate()
            .filter(|(_, (from, s))| *from != Origin::Start && ready(s) && fits(*from, s))
            .filter_map(|(i, (from, s))| Some((s.next_takes(*from), i, prefix(*from)?)))
            .min();
        let start = self.series.iter().position(|(from, s)| *from == Origin::Start && ready(s) && fits(*from, s));
        // What each side will have taken once its next run ends.
        let start_after =
            start.map_or(Duration::MAX, |i| self.spent_by[0] + self.series[i].1.next_takes(Origin::Start));
        let cut_after = cut.as_ref().map_or(Duration::MAX, |(next, _, _)| self.spent_by[1] + *next);
        // Before the first run from the start, one run from each cut near the end.
        let near_first = self.spent_by[0].is_zero()
            && self.series.iter().any(|(from, s)| {
                matches!(from, Origin::Shave | Origin::Back(1..=NEAR_CUTS))
                    && s.last_wall.is_zero()
                    && from.at(&route, &replay).is_some()
            });
        let start_turn = start.is_some() && (cut.is_none() || (!near_first && start_after <= cut_after));
        let (i, prefix) = if start_turn { (start?, Vec::new()) } else { cut.map(|(_, j, p)| (j, p))? };
        let (from, series) = &mut self.series[i];
        if series.last_wall.is_zero() {
            series.width = from.first_width(route.len().saturating_sub(prefix.len()));
        }
        let mut run = Run::new(mine, sh, prefix, series.width, best, i);
        if *from == Origin::LateShave {
            run.keep = late.map(|l| l.keep);
        }
        Some(run)
    }
}

impl Strategy for StepBeam {
    /// Advances the runs until `until` (a layer under way finishes, unless `cx.deadline` or the
    /// stop conditions come first).
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        self.step(cx.mine, cx.sh, until, cx.deadline);
        true
    }
}

impl Run {
    /// A run from the state after `prefix`, of the series `series` ([`Run::series`]).
    fn new(mine: &Mine, sh: &Shared, prefix: Vec<u8>, width: usize, best: i64, series: usize) -> Run {
        let tail = Tail::new(mine, &sh.best_route(), sh.best_score.load(Ordering::Relaxed));
        let mut start = mine.clone();
        play(&mut start, &prefix);
        let (links, seen) = (Vec::new(), VecDeque::new());
        let near = Vec::new();
        Run { prefix, width, best, layer: vec![start], links, seen, series, near, tail, started: sh.now(), keep: None }
    }
}

/// How a run ended: its last layer and the best score when it started.
struct Ended {
    depth: usize,
    best: i64,
    near: Vec<(i64, Vec<u8>)>,
    /// The wall-clock time from its start.
    wall: Duration,
}

/// Plays one layer of `run`; when the run has ended (no state left, or memory would not hold
/// another layer), takes it out and says how it ended. None if `over` cut the layer short.
fn advance(
    run: &mut Option<Run>,
    mine: &Mine,
    t: &Tables,
    sh: &Shared,
    over: &(dyn Fn() -> bool + Sync),
) -> Option<Option<Ended>> {
    let r = run.as_mut()?;
    let next = layer(r, mine, t, sh, over)?;
    let depth = r.links.len();
    if !next.is_empty() && r.width <= StepBeam::max_width(mine, sh, depth) {
        r.layer = next;
        return Some(None);
    }
    if debug() {
        eprintln!(
            "  step beam width {} from move {} ended at move {depth}: best {} t {:.2}",
            r.width,
            r.prefix.len(),
            sh.best_score.load(Ordering::Relaxed),
            sh.elapsed().as_secs_f64()
        );
    }
    // One near miss for each collection order, the best ones.
    let mut orders = FxHashSet::default();
    let near: Vec<(i64, Vec<u8>)> = std::mem::take(&mut r.near)
        .into_iter()
        .filter(|(_, route)| orders.insert(Plan::new(mine, route.clone(), usize::MAX).map(|p| p.goals)))
        .take(NEAR_KEPT)
        .collect();
    if debug() {
        for (v, route) in &near {
            eprintln!("  step beam near miss {v}: {}", String::from_utf8_lossy(route));
        }
    }
    let best = r.best;
    let wall = sh.since(r.started);
    *run = None;
    Some(Some(Ended { depth, best, near, wall }))
}

/// Expands the run's current layer: offers every child that beats the best route, and returns
/// the next layer (its links pushed onto `run.links`). None if `over` cut it short.
fn layer(run: &mut Run, mine: &Mine, t: &Tables, sh: &Shared, over: &(dyn Fn() -> bool + Sync)) -> Option<Vec<Mine>> {
    let (links, prefix) = (&run.links, &run.prefix);
    // Only runs from the start (no prefix) keep near misses: the runs from the cuts share the
    // best route's collections up to the cut, and end too often for their near misses to be
    // polished.
    let keeps_near = prefix.is_empty();
    let keep = run.keep.as_ref();
    let near = Mutex::new(std::mem::take(&mut run.near));
    let best = sh.best_score.load(Ordering::Relaxed);
    if run.tail.score != best {
        run.tail = Tail::new(mine, &sh.best_route(), best);
    }
    let mut cands: Vec<Candidate> = run
        .layer
        .par_iter()
        .enumerate()
        // Per thread: the trees and bounds by goals, and a state the children are played on.
        .map_init(
            <(FxHashMap<u64, u32>, FxHashMap<u64, u32>, Option<Mine>)>::default,
            |(cache, bounds, scratch), (i, m)| {
                let mut out = Vec::new();
                if over() {
                    return out;
                }
                let (goals, tree, key) = goals_and_tree(t, m, cache);
                for (code, &c) in COMMANDS.iter().enumerate() {
                    if c == b'S' && !beard_nearby(m) {
                        continue;
                    }
                    let child = scratch.get_or_insert_with(|| m.clone());
                    child.clone_from(m);
                    work::step(child, command(c));
                    if (c != b'W' && c != b'S' && child.robot == m.robot) || (c == b'W' && child.cells == m.cells) {
                        // A move that did not move is a wait; a wait while nothing moves is lost.
                        continue;
                    }
                    let link = ((i as u32) << 3) | code as u32;
                    let (v, now) = (stop_value(child), sh.best_score.load(Ordering::Relaxed));
                    let win = child.ending == Some(Ending::Win);
                    if v > now || (keeps_near && win && v + NEAR_MISS > now) {
                        let route = child_route(prefix, links, link);
                        if v > now {
                            sh.offer(v, &route);
                        } else {
                            near.lock().unwrap().push((v, route));
                        }
                    }
                    if child.ending.is_some() || child.moves >= child.route_limit() {
                        // Over, or no further command is played (the route limit).
                        continue;
                    }
                    if keep.is_some_and(|k| !k.keeps(child)) {
                        continue;
                    }
                    let fresh;
                    let (g, tree, key) = if same_goals(m, child, &goals) {
                        (&goals[..], tree, key)
                    } else {
                        fresh = goals_and_tree(t, child, cache);
                        (&fresh.0[..], fresh.1, fresh.2)
                    };
                    // Ranked by the estimate, dropped by the bound (no higher than the estimate;
                    // they differ where higher-order rocks are left).
                    let h = estimate(t, child, g, tree);
                    if ceiling(child, h) <= best && ceiling(child, bound(t, child, g, h, bounds)) <= best {
                        continue;
                    }
                    let hash = coarse_hash(child);
                    out.push(Candidate { h, collected: child.collected as u32, link, hash, goals: key });
                }
                out
            },
        )
        .flatten()
        .collect();
    run.near = near.into_inner().unwrap();
    run.near.sort_unstable_by_key(|(v, _)| std::cmp::Reverse(*v));
    run.near.truncate(NEAR_KEPT * 8);
    if over() {
        return None;
    }
    // The best candidates first, but for duplicates of states kept in this layer or the two
    // before, and past the cap on states with the same goals left.
    cands.par_sort_unstable_by_key(|c| (c.h, std::cmp::Reverse(c.collected), c.link));
    let mut here = FxHashSet::default();
    let cap = (run.width / SAME_GOALS_PART).max(1);
    let mut per_goals: FxHashMap<u64, usize> = FxHashMap::default();
    let mut kept = Vec::with_capacity(run.width.min(cands.len()));
    for c in &cands {
        if kept.len() >= run.width {
            break;
        }
        if run.seen.iter().any(|s| s.contains(&c.hash)) || !here.insert(c.hash) {
            continue;
        }
        let n = per_goals.entry(c.goals).or_insert(0);
        if *n < cap {
            *n += 1;
            kept.push(c.link);
        }
    }
    drop(cands);
    // Only the states kept are played again.
    let layer = &run.layer;
    let next: Vec<Mine> = kept
        .par_iter()
        .map(|&link| {
            let mut child = layer[(link >> 3) as usize].clone();
            work::step(&mut child, command(COMMANDS[(link & 7) as usize]));
            child
        })
        .collect();
    for (child, &link) in next.iter().zip(&kept) {
        if let Some((v, rest)) = run.tail.splice(child) {
            if v > sh.best_score.load(Ordering::Relaxed) {
                let mut route = child_route(&run.prefix, &run.links, link);
                route.extend_from_slice(rest);
                let (route, v) = best_prefix(mine, &route);
                sh.offer(v, &route);
            }
        }
    }
    run.links.push(kept);
    run.seen.push_back(here);
    if run.seen.len() > 2 {
        run.seen.pop_front();
    }
    Some(next)
}

/// The whole route to the child of the current layer's state whose link is `link` (the
/// parent's index in the layer and the command's code, as [`Candidate::link`]): the run's
/// `prefix`, the commands to the parent, the command.
fn child_route(prefix: &[u8], links: &[Vec<u32>], link: u32) -> Vec<u8> {
    let mut route = prefix.to_vec();
    route.extend(route_to(links, (link >> 3) as usize));
    route.push(COMMANDS[(link & 7) as usize]);
    route
}

/// The commands from the start to state `i` of the last layer whose links are `links`.
fn route_to(links: &[Vec<u32>], mut i: usize) -> Vec<u8> {
    let mut route = Vec::with_capacity(links.len() + 1);
    for layer in links.iter().rev() {
        let link = layer[i];
        route.push(COMMANDS[(link & 7) as usize]);
        i = (link >> 3) as usize;
    }
    route.reverse();
    route
}

mod series;
#[cfg(test)]
mod tests;
