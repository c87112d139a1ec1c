//! The deferral lanes: beam lanes (`lane.rs`) that keep some lambdas for last. While another
//! lambda can be reached without stepping on a deferred one, the path search treats the
//! deferred lambdas as walls (`base/defer.rs` makes the sets, `base/moves.rs` walks round them).
//!
//! The beam collects the nearest lambdas first. Some maps are won, or won in fewer moves, only
//! by leaving the lambdas on the lift's side for last: on beard4 the beards grow over the
//! corridors to the lift once the robot has taken the lambdas beside them, so every route that
//! takes them early aborts; other maps have clusters near the lift best kept for the way back.
//! The deferrals are the 1 to 6 beard groups nearest the lift, then the 1 to 6 groups nearest
//! the lift, a lane each.

use super::lane::Lane;
use crate::mine::map::Mine;
use crate::mine::solve::base::defer::deferrals;

/// The deferral lanes of `mine`, the beard groups' first, and how many of those there are.
pub(crate) fn lanes(mine: &Mine) -> (Vec<Lane>, usize) {
    let (sets, beard) = deferrals(mine);
    ((1..=sets.len()).map(|k| Lane::new(k, false)).collect(), beard)
}
