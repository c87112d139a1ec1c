//! The machinery below the strategies: everything here is used by one or more strategies
//! (`../strategy/`) and imports none of them.
//!
//! - `shared.rs`: the search state the threads share (best route, counters, stop conditions)
//!   and the scoring of routes and prefixes.
//! - `moves.rs`: macro-move generation (the goals a breadth-first search over the grid finds).
//! - `paths.rs`: paths played with the engine, with detours when they fail.
//! - `reach.rs`, `beards.rs`: what the robot can still reach, now and after the beards grow.
//! - `tour.rs`, `tsp.rs`, `defer.rs`: the rankings of the beam's lanes (a lower bound on the
//!   moves left, a static tour, the lambdas kept for last).
//! - `beam.rs`: the layered beam over macro moves.
//! - `replay.rs`: routes played again, cut at their collections.
//! - `edit.rs`: one edit of a route (commands deleted, one inserted), for the edit passes.
//! - `arrivals.rs`: a breadth-first search over game states between two cuts of a route.
//! - `tail.rs`: the best route's places (robot cell, goals left), for a search state that
//!   gets to one sooner to play the rest of the route.
//! - `estimate.rs`: the relaxed estimate of the moves a state still needs (single-command
//!   searches).
//! - `memo.rs`: per-thread memos of the beam's rankings (the same states come back often).
//! - `work.rs`: the work clock (engine steps counted) that a work budget reads instead of the
//!   wall clock.

pub(crate) mod arrivals;
pub(crate) mod beam;
pub(crate) mod beards;
pub(crate) mod defer;
pub(crate) mod edit;
pub(crate) mod estimate;
pub(crate) mod memo;
pub(crate) mod moves;
pub(crate) mod paths;
pub(crate) mod reach;
pub(crate) mod replay;
pub(crate) mod shared;
pub(crate) mod tail;
pub(crate) mod tour;
pub(crate) mod tsp;
pub(crate) mod work;
