//! The best route's tail as a shortcut for other searches: [`Tail`] keeps, for the states
//! along a route, where the robot stands and which lambdas are left, so that a search state
//! that reaches the same cell in fewer moves, with no lambda left that the route had already
//! collected there, can play the rest of the route as it is, and the engine judges the result.
//!
//! The match leaves out the rocks and the earth, so it is a guess: the rest of the route may
//! run into a rock the other way put elsewhere. Playing it costs one step per command left.
//! The caller offers the best prefix of the spliced route, as the engine scores it.
//! Lambdas the search state collected early are walked over by the rest as empty cells.

use super::shared::{command, tail_value};
use super::work;
use crate::mine::map::{Mine, HOROCK, LAMBDA};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// Tries of one place of the route: search states that reach it in other layouts of rocks and
/// earth, or with other lambdas collected early.
const TRIES_PER_PLACE: u8 = 8;

/// Where the route stood after `k` commands, and what it had left there.
struct Place {
    k: usize,
    /// The lambdas of the start still on the map, one bit per lambda.
    left: Vec<u64>,
    /// Where the higher-order rocks and the lambdas they broke into are: the states must
    /// agree on these exactly.
    others: u64,
    tries: u8,
}

/// A route's places by robot cell.
pub(crate) struct Tail {
    /// The score of the route when the table was made.
    pub(crate) score: i64,
    route: Vec<u8>,
    /// The start's lambda cells in cell order; a lambda's bit is its place in the list.
    lambdas: Vec<usize>,
    /// Whether the map has higher-order rocks (else [`Place::others`] is always 0).
    horocks: bool,
    /// For each robot cell on the route, its places there, the latest first (the latest
    /// leaves the shortest rest).
    at: FxHashMap<usize, Vec<Place>>,
}

impl Tail {
    /// The table of `route` (scoring `score`) played on `mine`.
    pub(crate) fn new(mine: &Mine, route: &[u8], score: i64) -> Tail {
        let lambdas = (0..mine.cells.len()).filter(|&c| mine.cells[c] == LAMBDA).collect();
        let horocks = mine.cells.contains(&HOROCK);
        let mut tail = Tail { score, route: route.to_vec(), lambdas, horocks, at: FxHashMap::default() };
        let mut m = mine.clone();
        tail.add(&m, 0);
        for (i, &c) in route.iter().enumerate() {
            work::step(&mut m, command(c));
            if m.ending.is_some() {
                break;
            }
            tail.add(&m, i + 1);
        }
        for places in tail.at.values_mut() {
            places.reverse();
        }
        tail
    }

    fn add(&mut self, m: &Mine, k: usize) {
        let (left, others) = self.goals(m);
        self.at.entry(m.robot).or_default().push(Place { k, left, others, tries: 0 });
    }

    /// The start's lambdas left on `m` (one bit each) and a hash of its other goals.
    fn goals(&self, m: &Mine) -> (Vec<u64>, u64) {
        let mut left = vec![0u64; self.lambdas.len().div_ceil(64)];
        let mut others = FxHasher::default();
        if self.horocks {
            for (c, &t) in m.cells.iter().enumerate() {
                if t == HOROCK || (t == LAMBDA && self.lambdas.binary_search(&c).is_err()) {
                    others.write_usize(c);
                }
            }
        }
        for (b, &c) in self.lambdas.iter().enumerate() {
            if m.cells[c] == LAMBDA {
                left[b / 64] |= 1 << (b % 64);
            }
        }
        (left, others.finish())
    }

    /// If the route stood on `m`'s cell later in its moves than `m` has made, with at least
    /// the lambdas left that `m` has (and the same higher-order rocks), plays the route's rest
    /// from there on a copy of `m` (the latest such place that has not had its tries);
    /// returns the rest and the best value of stopping along it ([`tail_value`]).
    pub(crate) fn splice(&mut self, m: &Mine) -> Option<(i64, &[u8])> {
        let places = self.at.get(&m.robot)?;
        if places.first().is_none_or(|p| p.k <= m.moves) {
            return None;
        }
        let (left, others) = self.goals(m);
        let places = self.at.get_mut(&m.robot)?;
        let subset = |p: &Place| p.others == others && left.iter().zip(&p.left).all(|(s, r)| s & !r == 0);
        let place = places.iter_mut().take_while(|p| p.k > m.moves).find(|p| p.tries < TRIES_PER_PLACE && subset(p))?;
        place.tries += 1;
        let rest = &self.route[place.k..];
        Some((tail_value(m.clone(), rest), rest))
    }
}

#[cfg(test)]
mod tests {
    use super::Tail;
    use crate::mine::map::Mine;
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
        let play = |route: &[u8]| {
            let mut s = mine.clone();
            for &c in route {
                s.step(command(c));
            }
            s
        };
        let (v, rest) = tail.splice(&play(&good[..5])).unwrap();
        assert_eq!((v, rest), (best, &good[5..]));
        // A state that got there no sooner gains nothing.
        assert!(tail.splice(&play(&slow[..7])).is_none());
    }

    #[test]
    fn a_state_with_more_lambdas_collected_takes_the_rest_but_not_one_with_fewer() {
        // A corridor: lambda a, the robot, lambda b, earth, the lift.
        let mine = Mine::parse("########\n#\\R\\..L#\n########").unwrap();
        let play = |route: &str| {
            let mut s = mine.clone();
            s.run(route);
            s
        };
        // The route waits four times, collects a, then b on the way to the lift (140). A state
        // that took b first and then a stands on a's cell after 3 moves with nothing left,
        // where the route stood after 5 with b left: it walks the route's rest over b's empty
        // cell and wins two moves sooner.
        let mut tail = Tail::new(&mine, b"WWWWLRRRRR", 140);
        let (v, rest) = tail.splice(&play("RLL")).unwrap();
        assert_eq!((v, rest), (142, &b"RRRRR"[..]));
        // The route that takes b first stood on a's cell with nothing left; a state there with
        // b still left may not take its rest.
        let mut tail = Tail::new(&mine, b"RLLRRRRR", 142);
        assert!(tail.splice(&play("L")).is_none());
    }
}
