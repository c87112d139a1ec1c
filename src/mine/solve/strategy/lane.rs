//! A lane of the layered beam over macro moves (`base/beam.rs`): the six configurations of
//! [`CONFIGS`] take turns, each with its own beam width, doubling run after run up to what the
//! memory allows. Wide beams find more, but a narrow one finishes in milliseconds, so the
//! first routes come at once and the width grows with the time the map gives. Once a
//! configuration runs at the widest beam (small maps get there in a fraction of a second), or
//! a configuration with single moves at width 64 or more, each further run allows one more
//! non-collecting macro move in a row (setup moves, such as clearing a cell to push a rock
//! into).
//!
//! A lane ranks its states as its configurations say, plus what the lane adds: the plain lane
//! nothing, the guided lane (`guided.rs`) the moves a static tour still needs, a deferral lane
//! (`deferral.rs`) keeps some lambdas for last. Each lane keeps its own widths and its own
//! best route (`Shared::lane_best` while it has the turn), which its restarts start from.

use super::{Cx, Strategy};
use crate::mine::solve::base::beam::{guide, run, width_caps, Params, CONFIGS};
use crate::mine::solve::base::shared::debug;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Longest run of non-collecting macro moves ever allowed.
const MAX_STREAK: u8 = 16;

/// A lane: the widths and streak allowances of its configurations, its ranking, its time and
/// its best route.
#[derive(Clone)]
pub(crate) struct Lane {
    /// The deferral this lane's runs use (`base/defer.rs`; 0: none).
    pub(crate) defer: usize,
    /// Whether its runs rank states by the static tour (`base/tsp.rs`).
    pub(crate) guide: bool,
    widths: [usize; CONFIGS.len()],
    extra: [u8; CONFIGS.len()],
    /// Time spent in this lane's turns.
    pub(crate) spent: Duration,
    /// The best score and route found in this lane (kept in `Shared` while it has the turn).
    pub(crate) best: (i64, Vec<u8>),
}

impl Lane {
    /// A lane deferring deferral `defer` (0: none), guided by the static tour if `guide`.
    pub(crate) fn new(defer: usize, guide: bool) -> Lane {
        Lane {
            defer,
            guide,
            widths: [1; CONFIGS.len()],
            extra: [0; CONFIGS.len()],
            spent: Duration::ZERO,
            best: (i64::MIN, Vec::new()),
        }
    }

    /// The plain lane: nothing deferred, no guide.
    pub(crate) fn plain() -> Lane {
        Lane::new(0, false)
    }

    /// After the run of configuration `ci` and what follows it: its next run is twice as wide
    /// (at most what the memory allows on `cx.mine`).
    pub(crate) fn widen(&mut self, cx: &Cx, ci: usize) {
        let (max_width, _) = width_caps(cx.mine, cx.sh.memory_limit);
        self.widths[ci] = (self.widths[ci].min(max_width) * 2).min(max_width);
    }
}

impl Strategy for Lane {
    /// One beam run from the start, of configuration `cx.round % CONFIGS.len()` at this lane's
    /// width for it; its parameters go to `cx.last`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        let (mine, sh) = (cx.mine, cx.sh);
        let ci = cx.round % CONFIGS.len();
        let (max_width, max_cap) = width_caps(mine, sh.memory_limit);
        let max_streak = (CONFIGS[ci].2 + self.extra[ci]).min(MAX_STREAK);
        let width = self.widths[ci].min(max_width);
        let p = Params {
            max_streak,
            max_cap,
            defer: self.defer,
            guide: self.guide,
            ..Params::of_config(ci, width, cx.round as u64 + 1)
        };
        if p.guide {
            guide(mine, sh);
        }
        let done = run(mine, &[], sh, &p, until.min(cx.deadline));
        if debug() {
            eprintln!(
                "config {ci} lane (defer {}, guide {}) width {width} streak {max_streak} done {done} best {} t {:.2}",
                self.defer,
                self.guide,
                sh.best_score.load(Ordering::Relaxed),
                sh.elapsed().as_secs_f64()
            );
        }
        if !done {
            return false;
        }
        if width == max_width || (p.primitives && width >= 64) {
            self.extra[ci] = self.extra[ci].saturating_add(1);
        }
        cx.last = Some(p);
        true
    }
}
