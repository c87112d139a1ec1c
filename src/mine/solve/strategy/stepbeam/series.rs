//! Where the single-command beam's runs start (the start, cuts of the best route, the
//! waypoint's cut, the late shave's start, the shortest walk to the route's first lambda) and
//! the series of runs from each, growing wider run after run.

use crate::mine::map::Mine;
use crate::mine::solve::base::moves::{bfs_in, Quota};
use crate::mine::solve::base::replay::Replay;
use crate::mine::solve::base::shared::play;
use std::time::Duration;

/// Where a run starts: the start, or a cut of the best route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    Start,
    /// Just after the best route's last shave. The estimate knows nothing of beards, so runs
    /// from the start lose the routes that fetch razors and shave on the way to the lift; from
    /// after the shave the rest is collecting.
    Shave,
    /// Just after the best route collected its lambda number `L - n` (`L`: the lambdas it
    /// collects; [`Replay::cut`]).
    Back(usize),
    /// Just after another way to the best route's first shaving, one that collects more on
    /// the way (`waypoints.rs`); not a prefix of the best route.
    Waypoint,
    /// Where the walk to the beard starts on a way that shaves it one growth later than the
    /// best route, having collected more (`waypoints.rs`, a late shave); not a prefix of the
    /// best route. Its runs keep only the states that can still shave in time.
    LateShave,
    /// Just after the shortest walk from the start to the best route's first lambda, where
    /// the route takes longer to it ([`first_walk`]); not a prefix of the best route.
    FirstWalk,
}

impl Origin {
    /// How many times wider each run of its series is than the last: [`START_GROWTH`] from
    /// the start, the first walk and the late shave (their runs cover most of the route), twice
    /// from a cut.
    pub(super) fn growth(self) -> usize {
        if matches!(self, Origin::Start | Origin::FirstWalk | Origin::LateShave) {
            START_GROWTH
        } else {
            2
        }
    }

    /// The width of its series' first run: a quarter of [`FIRST_WIDTH`] from the start, twice
    /// it from the first walk (from there 4096 misses contest8's 1973, 6144 finds it) and from
    /// the late shave (horock3: 8192 finds 2403 in about a second, a run alone 32768 wide the
    /// table's 2406 in 3.3 s); from a cut, given `left`, the moves of the best route after it,
    /// [`first_cut_width`].
    pub(super) fn first_width(self, left: usize) -> usize {
        match self {
            Origin::Start => FIRST_WIDTH / START_GROWTH,
            Origin::FirstWalk | Origin::LateShave => 2 * FIRST_WIDTH,
            Origin::Shave | Origin::Back(_) | Origin::Waypoint => first_cut_width(left),
        }
    }

    /// The length of the prefix of `route` (played in `replay`) where a run starts, or None if
    /// the route has no such cut (no shave; fewer lambdas).
    pub(super) fn at(self, route: &[u8], replay: &Replay) -> Option<usize> {
        match self {
            Origin::Start => Some(0),
            Origin::Shave => route.iter().rposition(|&c| c == b'S').map(|i| i + 1),
            Origin::Back(n) => replay.cut(n),
            Origin::Waypoint | Origin::LateShave | Origin::FirstWalk => None,
        }
    }
}

/// The starting points of the runs on a map with `lambdas` lambdas: the start, the late shave's
/// start, after the last shave, after the waypoint's cut, after the shortest walk to the first
/// lambda, and `n` lambdas before the end for `n` in 1, 2 ... 8, 10, 12, 15 ... (each about a
/// quarter further back than the one before, while the route has that many). Among first runs,
/// those of the points before come first: the late shave's before the cuts (horock3 at 10 s
/// with two threads, where the beam's turn comes at 6.8 s: 2406 with it first, 2403-2405 with
/// it after the runs from the shave and the waypoint).
pub(super) fn starting_points(lambdas: usize) -> Vec<Origin> {
    let mut points = vec![Origin::Start, Origin::LateShave, Origin::Shave, Origin::Waypoint, Origin::FirstWalk];
    let mut back = 1;
    while back < lambdas {
        points.push(Origin::Back(back));
        back += (back / 4).max(1);
    }
    points
}

/// A fresh series of runs for each starting point of a map with `lambdas` lambdas.
pub(super) fn all_series(lambdas: usize) -> Vec<(Origin, Series)> {
    starting_points(lambdas).into_iter().map(|p| (p, Series::new(p))).collect()
}

/// The shortest walk from the start of `mine` to the cell where `route` (played in `replay`)
/// collects its first lambda, as the macro moves' path search takes it (`base/moves.rs`), if
/// it is shorter than the route's own way there and, played, collects that lambda with the
/// robot alive. None otherwise, or if the route collects nothing.
///
/// A route's first moves are where runs from the start are narrowest to each collection
/// order: a walk that spends moves on a rock set falling at the start, and pays only at the
/// end, is ranked out within a few layers. On contest8 a rock falls down the shaft above the
/// lift from the first turn; the best route takes its first lambda in 10 moves, the rock then
/// resting above the lift. The shortest walk there takes 6, early enough to push the falling
/// rock aside; from there a run 8192 wide finds 1973 (1963 before), where a run from the start
/// needs about 90000.
pub(super) fn first_walk(mine: &Mine, route: &[u8], replay: &Replay) -> Option<Vec<u8>> {
    let first = replay.cut(replay.collections().checked_sub(1)?)?;
    let mut at = mine.clone();
    play(&mut at, &route[..first]);
    let walk = bfs_in(mine, Quota { lambdas: 0, pushes: 0, digs: 0 }, None).commands_to(mine.robot, at.robot)?;
    if walk.len() >= first {
        return None;
    }
    let mut m = mine.clone();
    play(&mut m, &walk);
    (m.ending.is_none() && m.robot == at.robot && m.collected > 0).then_some(walk)
}

/// How much wider each run from the start is than the last. The runs before the last one of a
/// search are time lost; growing four times, they take a third of its time, not as much as it
/// (horock1 at 150 s: the run at 65536 that finds the trampoline's collection order ends at
/// about 100 s, not 140 s).
pub(super) const START_GROWTH: usize = 4;

/// Width of the first run.
pub(super) const FIRST_WIDTH: usize = 4096;

/// The route length after a cut up to which its first run is [`FIRST_WIDTH`] wide.
const FIRST_CUT_MOVES: usize = 100;

/// The first run from a cut with `left` moves of the best route after it costs about as much as
/// one [`FIRST_WIDTH`] wide over [`FIRST_CUT_MOVES`] moves: its width is the largest power of two
/// within that, from a quarter of [`FIRST_WIDTH`] to [`FIRST_WIDTH`]. Runs from cuts far back
/// on a long route then take a second, not several, and the cuts behind them come in time
/// (beard4 at 15 s: 2048 wide from 113 to 44 moves into a route of 223 moves).
pub(super) fn first_cut_width(left: usize) -> usize {
    let affordable = FIRST_WIDTH * FIRST_CUT_MOVES / left.max(1);
    (1 << affordable.max(1).ilog2()).clamp(FIRST_WIDTH / 4, FIRST_WIDTH)
}

/// The runs from one starting point: the width of the next one, how long the last one took,
/// and whether they wait for a new best score.
#[derive(Clone)]
pub(super) struct Series {
    pub(super) width: usize,
    /// Time the last finished run took, and the run under way so far.
    pub(super) last: Duration,
    pub(super) running: Duration,
    /// The best score when its last run at the widest width started (no run until it changes).
    pub(super) idle: Option<i64>,
    /// The wall-clock time from the start of its last finished run to its end (the other
    /// strategies' turns included).
    pub(super) last_wall: Duration,
}

impl Series {
    /// A series whose first run is [`Origin::first_width`] wide; from a cut, as if
    /// [`FIRST_CUT_MOVES`] moves of the route were left (that width is set again when the run
    /// starts, from the route then).
    pub(super) fn new(from: Origin) -> Series {
        Series {
            width: from.first_width(FIRST_CUT_MOVES),
            last: Duration::ZERO,
            running: Duration::ZERO,
            idle: None,
            last_wall: Duration::ZERO,
        }
    }

    /// How long its next run from `from` is expected to take: as many times as long as its
    /// last one as it is wider ([`Origin::growth`]); a first run none.
    pub(super) fn next_takes(&self, from: Origin) -> Duration {
        self.last * from.growth() as u32
    }
}
