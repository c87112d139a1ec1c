//! A route cut at its goals (every collection, and the lift when it wins), for the passes that
//! change a stretch of the best route and play the rest (`reorder.rs`, `shortcut.rs`).

use super::search::command;
use crate::mine::map::Mine;
use crate::mine::score::Ending;

/// The best route cut at its goals.
pub(crate) struct Plan {
    /// The route.
    pub(crate) route: Vec<u8>,
    /// The state before goal k (k = 0: the start) and the route's length there; one more entry
    /// than `goals`, the last one where the route stops.
    pub(crate) cuts: Vec<(Mine, usize)>,
    /// The cell of goal k: the lambdas in the order the route collects them, then the lift if
    /// the route wins.
    pub(crate) goals: Vec<usize>,
    /// Whether the last goal is the lift.
    pub(crate) wins: bool,
}

impl Plan {
    /// Cuts `route` (played from `mine`) at its goals; `None` when the states would take more
    /// than `max_bytes` (huge maps with many lambdas: the pass is skipped).
    pub(crate) fn new(mine: &Mine, route: Vec<u8>, max_bytes: usize) -> Option<Plan> {
        let mut m = mine.clone();
        let mut cuts = vec![(m.clone(), 0)];
        let mut goals = Vec::new();
        for (i, &c) in route.iter().enumerate() {
            if m.ending.is_some() {
                break;
            }
            let before = m.collected;
            m.step(command(c));
            if m.collected > before || m.ending == Some(Ending::Win) {
                goals.push(m.robot);
                cuts.push((m.clone(), i + 1));
                if cuts.len() * m.cells.len() > max_bytes {
                    return None;
                }
            }
        }
        Some(Plan { route, cuts, goals, wins: m.ending == Some(Ending::Win) })
    }

    /// The cells of the collections, in order (the goals without the lift).
    pub(crate) fn collections(&self) -> &[usize] {
        &self.goals[..self.goals.len() - usize::from(self.wins)]
    }
}
