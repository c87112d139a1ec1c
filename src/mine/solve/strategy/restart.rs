//! Continuation restarts: after each beam run of a lane, the same beam (the same configuration,
//! width and ranking) restarted from a point on the lane's best route: just after its last
//! lambda, or 1, 2, 3, 5 or 8 lambdas before, in turn. A run from the start spreads its width
//! over every collection order; a restart spends it on the end game of the most promising one.

use super::{Cx, Strategy};
use crate::mine::solve::base::beam::run;
use crate::mine::solve::base::replay::restart_point;
use std::time::Instant;

/// How many lambdas before the end of the lane's best route the restarts start, in turn.
const RESTART_BACK: [usize; 6] = [0, 1, 2, 3, 5, 8];

/// The restarts, in turn over [`RESTART_BACK`].
pub(crate) struct Restarts {
    /// Restarts done so far.
    done: usize,
}

impl Restarts {
    pub(crate) fn new() -> Restarts {
        Restarts { done: 0 }
    }
}

impl Strategy for Restarts {
    /// A restart of the beam of `cx.last` (nothing before the first run).
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        let Some(p) = cx.last else { return true };
        let back = RESTART_BACK[self.done % RESTART_BACK.len()];
        self.done += 1;
        match restart_point(cx.mine, &cx.sh.lane_route(), back) {
            Some(cut) => run(cx.mine, &cut, cx.sh, &p, until.min(cx.deadline)),
            None => true,
        }
    }
}
