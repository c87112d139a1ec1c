//! The best route's tail as a shortcut for other searches: [`Tail`] keeps, for the states
//! along a route, where the robot stands and which goals are left, so that a search state that
//! reaches the same place with the same goals left in fewer moves can play the rest of the
//! route as it is, and the engine judges the result.
//!
//! The key leaves out the rocks and the earth, so a match is a guess: the rest of the route may
//! run into a rock the other way put elsewhere. Playing it costs one step per command left.

use super::estimate::goals_key;
use super::shared::{command, stop_value};
use crate::mine::map::Mine;
use rustc_hash::FxHashMap;

/// Tries of one place (robot cell and goals left) per [`Tail`]: states that reach it in other
/// layouts of rocks and earth.
const TRIES_PER_PLACE: u8 = 8;

/// A route's states keyed by place: the robot's cell and the goals left ([`goals_key`]).
pub(crate) struct Tail {
    /// The score of the route when the table was made.
    pub(crate) score: i64,
    route: Vec<u8>,
    /// For each place the route passes, the most commands played when it is there (the
    /// latest visit leaves the shortest rest), and the tries made there so far.
    at: FxHashMap<(usize, u64), (usize, u8)>,
}

impl Tail {
    /// The table of `route` (scoring `score`) played on `mine`.
    pub(crate) fn new(mine: &Mine, route: &[u8], score: i64) -> Tail {
        let mut m = mine.clone();
        let mut at = FxHashMap::default();
        at.insert((m.robot, goals_key(&m)), (0, 0));
        for (i, &c) in route.iter().enumerate() {
            m.step(command(c));
            if m.ending.is_some() {
                break;
            }
            at.insert((m.robot, goals_key(&m)), (i + 1, 0));
        }
        Tail { score, route: route.to_vec(), at }
    }

    /// If `m` (whose goals key is `goals`) stands where the route stood later in its moves
    /// with the same goals left, plays the route's rest from there on a copy of `m`; returns
    /// the rest and the value of stopping where it ends ([`stop_value`]). None if the place is
    /// not on the route, is not reached sooner, or has had its tries.
    pub(crate) fn splice(&mut self, m: &Mine, goals: u64) -> Option<(i64, &[u8])> {
        let (k, tries) = self.at.get_mut(&(m.robot, goals))?;
        if m.moves >= *k || *tries >= TRIES_PER_PLACE {
            return None;
        }
        *tries += 1;
        let rest = &self.route[*k..];
        let mut end = m.clone();
        for &c in rest {
            if end.ending.is_some() || end.moves >= end.route_limit() {
                break;
            }
            end.step(command(c));
        }
        Some((stop_value(&end), rest))
    }
}

#[cfg(test)]
mod tests {
    use super::Tail;
    use crate::mine::solve::base::estimate::goals_key;
    use crate::mine::solve::base::shared::{command, sample_map, stop_value};

    #[test]
    fn a_state_that_gets_where_the_route_was_sooner_plays_its_rest() {
        // contest1: the route wastes two moves (UD) after its first five; a state that skips
        // them stands where the route stood after them, with the same lambdas left.
        let mine = sample_map("contest1");
        let good = b"DLLDDRRLULLDL";
        let mut m = mine.clone();
        m.run(std::str::from_utf8(good).unwrap());
        let best = stop_value(&m);
        let slow = [&good[..5], b"UD", &good[5..]].concat();
        let mut tail = Tail::new(&mine, &slow, best - 2);
        let mut s = mine.clone();
        for &c in &good[..5] {
            s.step(command(c));
        }
        let (v, rest) = tail.splice(&s, goals_key(&s)).unwrap();
        assert_eq!((v, rest), (best, &good[5..]));
        // A state that got there no sooner gains nothing.
        let mut late = mine.clone();
        for &c in &slow[..7] {
            late.step(command(c));
        }
        assert!(tail.splice(&late, goals_key(&late)).is_none());
    }
}
