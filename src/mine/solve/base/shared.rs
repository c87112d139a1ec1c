//! What every part of the route finder shares: the options and results of [`super::solve`], the
//! search state the threads share ([`Shared`]: the best route, the counters, the stop
//! conditions), and the scoring of routes and their prefixes as the judges score them.

use super::work;
use crate::mine::map::Mine;
use crate::mine::score::Ending;
use crate::mine::step::Command;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Limits for [`super::super::solve`].
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Wall-clock budget for the whole search.
    pub time_limit: Duration,
    /// Worker threads (default 2).
    pub threads: usize,
    /// Memory the search may use in bytes (default 1 GB); the search stays well under it.
    pub memory_limit_bytes: usize,
    /// A work budget instead of the time budget: the search ends after this many engine steps
    /// (`base/work.rs`: a million stand for about a second of one core) and reads its schedule
    /// from the steps played, not the clock, so it finds the same route on every run and
    /// machine. It runs on one thread (`threads` is ignored); `time_limit` still ends it, as a
    /// safety net, so give a generous one. `None` (the default): the time budget.
    pub budget_steps: Option<u64>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time_limit: Duration::from_secs(150),
            threads: 2,
            memory_limit_bytes: 1 << 30,
            budget_steps: None,
        }
    }
}

/// A progress report, sent whenever the best route improves and now and then otherwise.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Time since `solve` started.
    pub elapsed: Duration,
    /// Best score verified so far.
    pub best_score: i64,
    /// The route reaching it.
    pub best_route: String,
    /// States expanded so far.
    pub states_explored: u64,
}

/// The result of [`super::super::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The route (commands `L R U D W S A`); it ends where the best score was reached, and it
    /// has at most [`Mine::route_limit`] commands (the judges play no more).
    pub route: String,
    /// `Mine::run(route).score` on a fresh copy of the mine.
    pub score: i64,
    /// States expanded by the search.
    pub states_explored: u64,
}

/// Replaces `(kept, route_kept)` by `(score, route)` if `score` is higher (checked again under
/// the lock, so that concurrent offers keep the highest). True if it did.
#[inline]
fn keep_if_better(kept: &AtomicI64, route_kept: &Mutex<Vec<u8>>, score: i64, route: &[u8]) -> bool {
    if score <= kept.load(Ordering::Relaxed) {
        return false;
    }
    let mut r = route_kept.lock().unwrap();
    if score <= kept.load(Ordering::Relaxed) {
        return false;
    }
    kept.store(score, Ordering::Relaxed);
    r.clear();
    r.extend_from_slice(route);
    true
}

/// The most ties of the best route [`Shared`] keeps between two rises of the best score.
pub(crate) const TIES_KEPT: usize = 8;

/// Other routes offered since the best score last rose that score exactly as much as the best
/// route: another way to the same score may be shortened where the best route cannot
/// (`strategy/shortcuts.rs`).
#[derive(Default)]
pub(crate) struct Ties {
    /// At most [`TIES_KEPT`], the first ones offered.
    pub(crate) routes: Vec<Vec<u8>>,
    /// How many of them were handed out ([`Shared::take_ties`]).
    handed: usize,
}

/// State shared by the search threads: the best route, the counters, the stop conditions.
pub(crate) struct Shared<'a> {
    pub(crate) start: Instant,
    pub(crate) deadline: Instant,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) best_score: AtomicI64,
    pub(crate) best: Mutex<Vec<u8>>,
    /// The ties of the best route (see [`Ties`]); `tie_count` is their number, read without
    /// the lock.
    pub(crate) ties: Mutex<Ties>,
    pub(crate) tie_count: AtomicUsize,
    /// The best score and route offered in the current lane (`strategy/lane.rs`): where its
    /// restarts and end-game runs start from.
    pub(crate) lane_score: AtomicI64,
    pub(crate) lane_best: Mutex<Vec<u8>>,
    pub(crate) explored: AtomicU64,
    pub(crate) on_progress: &'a (dyn Fn(&Progress) + Sync),
    pub(crate) last_report: Mutex<Instant>,
    /// [`SolveOptions::memory_limit_bytes`].
    pub(crate) memory_limit: usize,
    /// The static tour guiding the guided lane (`base/tsp.rs`), made on first use.
    pub(crate) guide: std::sync::OnceLock<Option<super::tsp::Guide>>,
    /// The most commands a route offered may have ([`Mine::route_limit`]: the judges play no
    /// more); a longer route is refused.
    pub(crate) route_limit: usize,
    /// Whether the search reads the work clock (`work.rs`) instead of the wall clock, and the
    /// search thread's step count when it began.
    pub(crate) work: bool,
    pub(crate) work_base: AtomicU64,
    /// The wall-clock end under a work budget ([`SolveOptions::time_limit`]), else `deadline`.
    pub(crate) wall_deadline: Instant,
}

impl<'a> Shared<'a> {
    /// A search state from `start` to `deadline` whose best (and lane best) is `(score, route)`,
    /// with no route limit.
    pub(crate) fn new(
        start: Instant,
        deadline: Instant,
        stop: &'a AtomicBool,
        on_progress: &'a (dyn Fn(&Progress) + Sync),
        (score, route): (i64, &[u8]),
        memory_limit: usize,
    ) -> Shared<'a> {
        Shared {
            start,
            deadline,
            stop,
            best_score: AtomicI64::new(score),
            best: Mutex::new(route.to_vec()),
            ties: Mutex::new(Ties::default()),
            tie_count: AtomicUsize::new(0),
            lane_score: AtomicI64::new(score),
            lane_best: Mutex::new(route.to_vec()),
            explored: AtomicU64::new(0),
            on_progress,
            last_report: Mutex::new(start),
            memory_limit,
            guide: std::sync::OnceLock::new(),
            route_limit: usize::MAX,
            work: false,
            work_base: AtomicU64::new(0),
            wall_deadline: deadline,
        }
    }
}

impl Shared<'_> {
    /// True when the search must stop (time over or stop requested).
    pub(crate) fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.now() >= self.deadline
            || (self.work && Instant::now() >= self.wall_deadline)
    }

    /// The search's clock: the wall clock, or under a work budget `start` plus the steps
    /// played since (`work.rs`). Every decision of the search reads this one.
    #[inline]
    pub(crate) fn now(&self) -> Instant {
        if self.work {
            let steps = work::steps().wrapping_sub(self.work_base.load(Ordering::Relaxed));
            self.start + Duration::from_nanos(steps.saturating_mul(work::NANOS_PER_STEP))
        } else {
            Instant::now()
        }
    }

    /// The search's time since `t` (an instant of [`Shared::now`]); zero if `t` is later.
    #[inline]
    pub(crate) fn since(&self, t: Instant) -> Duration {
        self.now().saturating_duration_since(t)
    }

    /// The search's time since it began ([`Shared::now`]).
    #[inline]
    pub(crate) fn elapsed(&self) -> Duration {
        self.since(self.start)
    }

    /// Offers a route scoring `score` (already played by the engine): kept if it scores higher
    /// than the best (and the lane's best), or as a tie if it scores as much and differs.
    #[inline]
    pub(crate) fn offer(&self, score: i64, route: &[u8]) {
        if route.len() > self.route_limit {
            return;
        }
        keep_if_better(&self.lane_score, &self.lane_best, score, route);
        if !keep_if_better(&self.best_score, &self.best, score, route) {
            if score == self.best_score.load(Ordering::Relaxed) && self.tie_count.load(Ordering::Relaxed) < TIES_KEPT {
                self.keep_tie(score, route);
            }
            return;
        }
        *self.ties.lock().unwrap() = Ties::default();
        self.tie_count.store(0, Ordering::Relaxed);
        (self.on_progress)(&Progress {
            elapsed: self.start.elapsed(),
            best_score: score,
            best_route: String::from_utf8_lossy(route).into_owned(),
            states_explored: self.explored.load(Ordering::Relaxed),
        });
        *self.last_report.lock().unwrap() = Instant::now();
    }

    /// Keeps `route`, which scores `score`, as a tie of the best route if it still is one and
    /// differs from the best route and the ties kept.
    #[cold]
    fn keep_tie(&self, score: i64, route: &[u8]) {
        let mut ties = self.ties.lock().unwrap();
        let best = self.best.lock().unwrap();
        // Checked under both locks: a better route is stored before the ties are cleared.
        if score != self.best_score.load(Ordering::Relaxed) || ties.routes.len() >= TIES_KEPT || *best == route {
            return;
        }
        drop(best);
        if !ties.routes.iter().any(|t| t == route) {
            ties.routes.push(route.to_vec());
            self.tie_count.store(ties.routes.len(), Ordering::Relaxed);
        }
    }

    /// The ties of the best route kept and not yet handed out (see [`Shared::offer`]): each
    /// is handed out once.
    pub(crate) fn take_ties(&self) -> Vec<Vec<u8>> {
        let mut ties = self.ties.lock().unwrap();
        let new = ties.routes[ties.handed..].to_vec();
        ties.handed = ties.routes.len();
        new
    }

    /// Sends a progress report if none went out for a while.
    pub(crate) fn tick(&self) {
        let mut last = self.last_report.lock().unwrap();
        if last.elapsed() < Duration::from_millis(250) {
            return;
        }
        *last = Instant::now();
        drop(last);
        let route = self.best.lock().unwrap().clone();
        (self.on_progress)(&Progress {
            elapsed: self.start.elapsed(),
            best_score: self.best_score.load(Ordering::Relaxed),
            best_route: String::from_utf8_lossy(&route).into_owned(),
            states_explored: self.explored.load(Ordering::Relaxed),
        });
    }

    pub(crate) fn best_route(&self) -> Vec<u8> {
        self.best.lock().unwrap().clone()
    }

    /// A scratch search state for a pass that works on routes of its own (`traps.rs`): its best
    /// is `(score, route)`, it stops with this one or at `until`, reports nothing and has this
    /// one's memory limit and route limit and no guide.
    pub(crate) fn scratch(&self, score: i64, route: &[u8], until: Instant) -> Shared<'_> {
        fn quiet(_: &Progress) {}
        let side =
            Shared::new(self.start, until.min(self.deadline), self.stop, &quiet, (score, route), self.memory_limit);
        Shared {
            route_limit: self.route_limit,
            work: self.work,
            work_base: AtomicU64::new(self.work_base.load(Ordering::Relaxed)),
            wall_deadline: self.wall_deadline,
            ..side
        }
    }

    /// The best route of the current lane ([`Shared::lane_best`]).
    pub(crate) fn lane_route(&self) -> Vec<u8> {
        self.lane_best.lock().unwrap().clone()
    }

    /// Makes `(score, route)` the current lane's best and returns the one it replaces.
    pub(crate) fn swap_lane(&self, score: i64, route: Vec<u8>) -> (i64, Vec<u8>) {
        let mut lane = self.lane_best.lock().unwrap();
        let old = self.lane_score.swap(score, Ordering::Relaxed);
        (old, std::mem::replace(&mut *lane, route))
    }
}

#[cfg(test)]
impl Shared<'static> {
    /// For unit tests: a search state whose best route is `route` scoring `score`, with a
    /// 600 s deadline and a 1 GB memory limit; it is never asked to stop and reports nothing.
    pub(crate) fn for_test(score: i64, route: &[u8]) -> Shared<'static> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        static QUIET: fn(&Progress) = |_| {};
        let start = Instant::now();
        Shared::new(start, start + Duration::from_secs(600), &NEVER, &QUIET, (score, route), 1 << 30)
    }
}

/// For unit tests: the bundled sample map `name` (`tests/data/mine/maps/NAME.map`).
#[cfg(test)]
pub(crate) fn sample_map(name: &str) -> Mine {
    let path = format!("{}/tests/data/mine/maps/{name}.map", env!("CARGO_MANIFEST_DIR"));
    Mine::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// For unit tests: a route of the lanes on horock3 (sample map) that collects all 34 lambdas
/// and aborts with 1603 points, the beard by the lift having walled it in.
#[cfg(test)]
pub(crate) const HOROCK3_LOST: &[u8] =
    b"RRRRRLLLUUULLUUUUURUUURRRDDDRLRDRLRRDDRRUDDDRRUDDLLLLLLDDRRRRLRRRRRLRUUUUUUUUUUULLDRRDDDDDDLDDDRD";

/// For unit tests: a route on horock3 that wins (the razors fetched and the beard by the lift
/// shaved twice near move 40; from a 60 M step run).
#[cfg(test)]
pub(crate) const HOROCK3_WON: &[u8] = b"RRRRRLUUUUURRUURUUURDDRRRRRRRRDDRRRRRRDSDSULLLLLLLLLDLLULULULLDRDDRRDDRLLRRRDURRDLDLLLLLRLLLLLLLUUULLUUUUURUUURRRDDDRLRRDDDRRRRRUUURRUUULLDRRDDDDDDLDDDDRURUUUURRRRRRRRRDDD";

/// The engine's command for a route byte ([`Command::from_char`]); the search's routes hold
/// only command letters.
pub(crate) fn command(c: u8) -> Command {
    Command::from_char(c as char).unwrap_or(Command::Wait)
}

/// Plays `route` on `m`, every command counted by the work clock ([`work::step`]).
pub(crate) fn play(m: &mut Mine, route: &[u8]) {
    for &c in route {
        work::step(m, command(c));
    }
}

/// The value of stopping here, as the judges score a route that ends here: the score with the
/// ending's bonus if the game ended, else as an abort (a route that runs out scores so, spec
/// "Ending checks"); `i64::MIN` past the route limit ([`Mine::route_limit`]: the judges play
/// the first width × height commands only, so no route stops there). Every command of the
/// search's routes is a move (they hold no `A`), so the route's length is `m.moves`.
#[inline]
pub(crate) fn stop_value(m: &Mine) -> i64 {
    if m.moves > m.route_limit() {
        return i64::MIN;
    }
    crate::mine::score::score(m.collected, m.moves, Some(m.ending.unwrap_or(Ending::Abort)))
}

/// Plays `route` on a fresh copy of `mine` and returns the best prefix (the shortest one reaching
/// the best score) with its score, as the engine scores it; never longer than the route limit.
pub(crate) fn best_prefix(mine: &Mine, route: &[u8]) -> (Vec<u8>, i64) {
    let mut m = mine.clone();
    let mut best = (0usize, stop_value(&m));
    for (i, &c) in route.iter().enumerate() {
        if m.ending.is_some() {
            break;
        }
        if let Some(cmd) = Command::from_char(c as char) {
            work::step(&mut m, cmd);
        }
        let v = stop_value(&m);
        if v > best.1 {
            best = (i + 1, v);
        }
    }
    (route[..best.0].to_vec(), best.1)
}

/// Best stop value reachable by playing `tail` from `m` (the state is consumed), within the
/// route limit.
pub(crate) fn tail_value(mut m: Mine, tail: &[u8]) -> i64 {
    let mut best = stop_value(&m);
    for &c in tail {
        if m.ending.is_some() {
            break;
        }
        work::step(&mut m, command(c));
        let v = stop_value(&m);
        if v > best {
            best = v;
        }
    }
    best
}

/// Whether the search writes its debug log to standard error (`TUMBLE_SOLVE_DEBUG` set).
pub(crate) fn debug() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TUMBLE_SOLVE_DEBUG").is_some())
}

#[cfg(test)]
mod tests {
    use super::{best_prefix, stop_value, tail_value, Shared, TIES_KEPT};
    use crate::mine::map::Mine;
    use std::sync::atomic::Ordering;

    /// Routes that score as much as the best and differ from it are kept as ties, each handed
    /// out once, at most [`TIES_KEPT`] of them; a better route clears them and becomes the best.
    #[test]
    fn routes_that_tie_with_the_best_are_kept_until_the_best_rises() {
        let sh = Shared::for_test(100, b"RRD");
        sh.offer(100, b"RRD");
        sh.offer(99, b"DDR");
        assert!(sh.take_ties().is_empty(), "the best route itself and a lower score are no ties");
        sh.offer(100, b"DRR");
        sh.offer(100, b"DRR");
        sh.offer(100, b"RDR");
        assert_eq!(sh.take_ties(), vec![b"DRR".to_vec(), b"RDR".to_vec()]);
        sh.offer(100, b"DRR");
        assert!(sh.take_ties().is_empty(), "a tie is handed out once");
        for i in 0..2 * TIES_KEPT {
            sh.offer(100, format!("W{i}").as_bytes());
        }
        assert_eq!(sh.take_ties().len(), TIES_KEPT - 2);
        sh.offer(101, b"RRDW");
        assert_eq!((sh.best_score.load(Ordering::Relaxed), sh.best_route()), (101, b"RRDW".to_vec()));
        sh.offer(100, b"RDR");
        sh.offer(101, b"DRRW");
        assert_eq!(sh.take_ties(), vec![b"DRRW".to_vec()], "kept anew for the new best score");
    }

    /// One row, 22 cells: the lift, a lambda, the robot in the middle, a lambda at the right
    /// end. The route limit is 22 × 1.
    const ROW: &str = "L\\.........R.........\\\n";

    #[test]
    fn a_route_is_scored_only_up_to_the_route_limit() {
        let mine = Mine::parse(ROW).unwrap();
        assert_eq!(mine.route_limit(), 22);
        // Right for the far lambda (10 moves), back for the near one and into the lift: a win
        // in 31 moves (150 - 31) that the judges never see, since they stop at move 22.
        let win = format!("{}{}", "R".repeat(10), "L".repeat(21));
        assert_eq!(mine.clone().run(&win).score, 119);
        let (prefix, v) = best_prefix(&mine, win.as_bytes());
        assert_eq!((prefix.len(), v), (10, 40), "one lambda and an abort after 10 moves");
        assert_eq!(tail_value(mine.clone(), win.as_bytes()), 40);
        let mut m = mine.clone();
        m.run(&win[..22]);
        assert_eq!(stop_value(&m), 25 + 25 - 22);
        m.run("L");
        assert_eq!(stop_value(&m), i64::MIN, "move 23 is past the limit");
    }
}
