//! The search strategies: each works on the shared best route in its own way, for as long as
//! the scheduler (`../schedule.rs`) gives it, and offers every better route it finds to the
//! shared search state. They stand on the machinery of `../base/` and share one interface,
//! [`Strategy`].
//!
//! - `lane.rs`: a lane of the layered beam over macro moves, its configurations in turn with
//!   growing widths; `guided.rs` and `deferral.rs` make the lanes that rank states otherwise.
//! - `restart.rs`: the same beam restarted from a cut of the lane's best route, or after an
//!   opening (a first jump, `openings.rs`).
//! - `endgame.rs`: a wide beam over the last collections when the best route loses the lift.
//! - `reorder.rs`, `edits.rs`, `pairs.rs`, `shortcuts.rs`, `traps.rs`: local passes over the
//!   best route.
//! - `continuations.rs`: the shortcut arrivals played on by narrow beams.
//! - `replans.rs`: the beam from the best route's states a quarter, half and three quarters
//!   of the way, for other plans of the rest.
//! - `stepbeam.rs`: a beam over single commands; `waypoints.rs` finds one of its starting
//!   points, another way to the best route's first shave.

pub(crate) mod continuations;
pub(crate) mod deferral;
pub(crate) mod edits;
pub(crate) mod endgame;
pub(crate) mod guided;
pub(crate) mod lane;
pub(crate) mod openings;
pub(crate) mod pairs;
pub(crate) mod reorder;
pub(crate) mod replans;
pub(crate) mod restart;
pub(crate) mod shortcuts;
pub(crate) mod stepbeam;
pub(crate) mod traps;
pub(crate) mod waypoints;

use super::base::beam::Params;
use super::base::shared::Shared;
use crate::mine::map::Mine;
use std::time::Instant;

/// What a strategy works with.
pub(crate) struct Cx<'a, 's> {
    /// The mine at the start.
    pub(crate) mine: &'a Mine,
    /// The shared search state: every better route is offered there.
    pub(crate) sh: &'a Shared<'s>,
    /// The end of the current phase of the search: no strategy works past it.
    pub(crate) deadline: Instant,
    /// Beam runs of the lanes finished so far in the whole search: the next one is of
    /// configuration `round % CONFIGS.len()` (`base/beam.rs`), with tie-break seed `round + 1`.
    pub(crate) round: usize,
    /// The parameters of the lane's last beam run (the restart and end-game runs after it
    /// play the same beam), or `None` before the first.
    pub(crate) last: Option<Params>,
}

/// A search strategy.
pub(crate) trait Strategy {
    /// Works on a better route until `until` at the latest (never past `cx.deadline`, and not
    /// once the search must stop). False when the deadline or the stop conditions cut its step
    /// short: the scheduler ends the phase, and the next call resumes or takes the step again.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool;
}
