//! The guided lane: a beam lane (`lane.rs`) whose states are also ranked by the moves a short
//! static tour of the whole map still needs from them (`base/tsp.rs`, `Guide::rest`), so that
//! among states with as many lambdas the beam keeps those that follow a good whole-map order.
//!
//! The plain beam builds its order lambda by lambda and sees the cost of a far cluster only
//! when it gets there; the tour sees the whole map, but not falling rocks, beards or water, nor
//! the lambdas that higher-order rocks become. So the guide ranks one lane, not all: on some
//! maps (contest9, trampoline3, beard4) it finds the better order, on others (the horock maps)
//! it misleads.

use super::lane::Lane;

/// The guided lane.
pub(crate) fn lane() -> Lane {
    Lane::new(0, true)
}
