//! Routes played again: [`Replay`] (the end state of a route and where it collected), the cut
//! points that restarts start from, [`Plan`] (a route cut at its goals, for the passes
//! that change a stretch of the best route and play the rest) and [`Snapshots`] (the state
//! before any command of a route, for the edit passes).

use super::reach::blocked;
use super::shared::{command, play};
use super::work;
use crate::mine::map::Mine;
use crate::mine::score::Ending;

/// A route played on a fresh copy of the mine: the final state, and the route's length after
/// each collection (in order).
pub(crate) struct Replay {
    pub(crate) end: Mine,
    collected_at: Vec<usize>,
}

impl Replay {
    /// Plays `route` on a copy of `mine`.
    pub(crate) fn new(mine: &Mine, route: &[u8]) -> Replay {
        let mut end = mine.clone();
        let mut collected_at = Vec::new();
        for (i, &c) in route.iter().enumerate() {
            let before = end.collected;
            work::step(&mut end, command(c));
            if end.collected > before {
                collected_at.push(i + 1);
            }
        }
        Replay { end, collected_at }
    }

    /// Whether the route collects every lambda on the map, does not end in the lift, and
    /// leaves the lift out of reach (as [`blocked`] walks).
    pub(crate) fn collects_all_and_loses(&self) -> bool {
        self.end.collected == self.end.lambdas_total && self.loses_lift()
    }

    /// Whether the route collects at least half the lambdas on the map, does not end in the
    /// lift, and leaves it out of reach (as [`blocked`] walks): a plan that reaches the lambdas
    /// but not the exit. (A route that lost the lift after a few lambdas says little: a rock
    /// may have fallen on the way.)
    pub(crate) fn loses_lift(&self) -> bool {
        let m = &self.end;
        2 * m.collected >= m.lambdas_total && m.ending != Some(Ending::Win) && !blocked(m).1
    }

    /// How many lambdas the route collects.
    pub(crate) fn collections(&self) -> usize {
        self.collected_at.len()
    }

    /// The length of the route's prefix just after its lambda number `L - back` was collected
    /// (`L`: lambdas the route collects; `back` 0: after its last lambda), or `None` if that
    /// is the start.
    pub(crate) fn cut(&self, back: usize) -> Option<usize> {
        self.collected_at.get(self.collected_at.len().checked_sub(back + 1)?).copied()
    }
}

/// The prefix of `route` just after its lambda number `L - back` was collected (see
/// [`Replay::cut`]).
pub(crate) fn restart_point(mine: &Mine, route: &[u8], back: usize) -> Option<Vec<u8>> {
    Some(route[..Replay::new(mine, route).cut(back)?].to_vec())
}

/// A route cut at its goals (every collection, and the lift when it wins).
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
            work::step(&mut m, command(c));
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

/// The states along a route, to play edits from any point of it: a copy of the state before
/// every `every`-th command, within a memory budget (a route on a huge map would otherwise hold
/// a grid per command).
pub(crate) struct Snapshots<'r> {
    route: &'r [u8],
    every: usize,
    states: Vec<Mine>,
}

impl<'r> Snapshots<'r> {
    /// Plays `route` from `mine`, keeping at most about `bytes` of states.
    pub(crate) fn new(mine: &Mine, route: &'r [u8], bytes: usize) -> Snapshots<'r> {
        let n = route.len();
        let every = ((n + 1) * mine.cells.len()).div_ceil(bytes.max(1)).max(1);
        let mut states = Vec::with_capacity(n / every + 1);
        let mut m = mine.clone();
        for (i, &c) in route.iter().enumerate() {
            if i % every == 0 {
                states.push(m.clone());
            }
            work::step(&mut m, command(c));
        }
        if n.is_multiple_of(every) {
            states.push(m);
        }
        Snapshots { route, every, states }
    }

    /// The state before command `i` of the route (`i` at most its length).
    pub(crate) fn before(&self, i: usize) -> Mine {
        let mut m = self.states[i / self.every].clone();
        play(&mut m, &self.route[i - i % self.every..i]);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::{Replay, Snapshots};
    use crate::mine::map::Mine;

    #[test]
    fn only_routes_that_collect_everything_and_lose_the_lift_get_an_end_game() {
        // Lambdas two cells left and right of the robot, the lift below it.
        let m = Mine::parse("#######\n#\\.R.\\#\n###L###\n").unwrap();
        let collects_all_and_loses = |route: &[u8]| Replay::new(&m, route).collects_all_and_loses();
        assert!(!collects_all_and_loses(b"LLRRRRA"), "the lift is in reach");
        assert!(!collects_all_and_loses(b"LLRRRRLLD"), "a win");
        assert!(!collects_all_and_loses(b"LLA"), "a lambda left");
        // Collections after 2 and 6 commands: the cut points counted from the end.
        let r = Replay::new(&m, b"LLRRRRA");
        assert_eq!((r.cut(0), r.cut(1), r.cut(2)), (Some(6), Some(2), None));
    }

    /// horock3's beard walls the lift in unless it is shaved early: its lost route loses the
    /// lift with all 34 lambdas and already with 33 (cut before its last collection), but a
    /// cut of it with fewer than half the lambdas does not count; neither do the start and a
    /// winning route.
    #[test]
    fn a_route_that_took_half_the_lambdas_or_more_loses_the_lift() {
        use crate::mine::solve::base::shared::{sample_map, HOROCK3_LOST, HOROCK3_WON};
        let m = sample_map("horock3");
        let lost = Replay::new(&m, HOROCK3_LOST);
        assert!(lost.loses_lift() && lost.collects_all_and_loses());
        let before_last = &HOROCK3_LOST[..lost.cut(1).unwrap()];
        let r = Replay::new(&m, before_last);
        assert_eq!(r.collections(), 33);
        assert!(r.loses_lift() && !r.collects_all_and_loses());
        let r = Replay::new(&m, &HOROCK3_LOST[..lost.cut(18).unwrap()]);
        assert_eq!(r.collections(), 16);
        assert!(!r.loses_lift(), "16 of 34 lambdas");
        assert!(!Replay::new(&m, b"").loses_lift(), "the start");
        assert!(!Replay::new(&m, HOROCK3_WON).loses_lift());
    }

    #[test]
    fn snapshots_give_the_state_before_any_command() {
        let m = Mine::parse("#######\n#\\.R.\\#\n###L###\n").unwrap();
        let route = b"LLRRRRLLD";
        // A budget of three grids for ten states: one kept every 4 commands.
        let snaps = Snapshots::new(&m, route, m.cells.len() * 3);
        assert_eq!(snaps.every, 4);
        for i in 0..=route.len() {
            let mut want = m.clone();
            want.run(std::str::from_utf8(&route[..i]).unwrap());
            assert!(snaps.before(i) == want, "before command {i}");
        }
    }
}
