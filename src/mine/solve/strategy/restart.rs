//! Continuation restarts: after each beam run of a lane, the same beam (the same configuration,
//! width and ranking) restarted from a point on the lane's best route: just after its last
//! lambda, or 1, 2, 3, 5 or 8 lambdas before, or after one of the map's openings (a walk onto a
//! trampoline and the jump, `openings.rs`), in turn. A run from the start spreads its width
//! over every collection order; a restart from a cut spends it on the end game of the most
//! promising one, and one from an opening on the routes that jump first, which a run from the
//! start ranks low until long after the jump pays.

use super::{Cx, Strategy};
use crate::mine::solve::base::beam::run;
use crate::mine::solve::base::replay::restart_point;
use std::time::Instant;

/// How many lambdas before the end of the lane's best route the restarts start, in turn.
const RESTART_BACK: [usize; 6] = [0, 1, 2, 3, 5, 8];

/// The restarts, in turn over [`RESTART_BACK`] and then the openings.
pub(crate) struct Restarts {
    /// Restarts done so far.
    done: usize,
    /// The map's openings (`openings.rs`), found at the first restart.
    openings: Option<Vec<Vec<u8>>>,
}

impl Restarts {
    pub(crate) fn new() -> Restarts {
        Restarts { done: 0, openings: None }
    }
}

impl Strategy for Restarts {
    /// A restart of the beam of `cx.last` (nothing before the first run).
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        let Some(p) = cx.last else { return true };
        let openings = self.openings.get_or_insert_with(|| super::openings::openings(cx.mine));
        let i = self.done % (RESTART_BACK.len() + openings.len());
        self.done += 1;
        if let Some(walk) = i.checked_sub(RESTART_BACK.len()).map(|k| &openings[k]) {
            return run(cx.mine, walk, cx.sh, &p, until.min(cx.deadline));
        }
        match restart_point(cx.mine, &cx.sh.lane_route(), RESTART_BACK[i]) {
            Some(cut) => run(cx.mine, &cut, cx.sh, &p, until.min(cx.deadline)),
            None => true,
        }
    }
}
