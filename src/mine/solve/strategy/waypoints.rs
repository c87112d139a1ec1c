//! Shave waypoints: another way to the best route's first shave, one that collects more on
//! the way. The single-command beam (`stepbeam.rs`) runs from after it, as from a cut.
//!
//! A beard grows into every empty cell around it on moves `g`, `2g` ... (`Growth g`; spec
//! `mine.md`, "Commands and one step", the map update), so a route that must pass it later
//! shaves it while it is small: it walks to it early, at a cost that pays only at the end, when
//! the lift is reached. The beams rank states of as many lambdas by their moves, and a state
//! that collects lambdas on its way to the beard, to shave it a few turns later, ranks low
//! until the shave and is gone by then. On horock3 the route of the beams walks to the beard
//! first (its first shave at move 39, two lambdas collected); one that takes the left column
//! first shaves at move 43 with eleven, and wins with 8 points more.
//!
//! The waypoint is the robot's cell before the best route's first shave, and the deadline the
//! last turn before the beard's next growth. A small beam over the macro moves (`base/moves.rs`:
//! lambdas, razors, pushes and digs) collects what it can, keeping only the states from which
//! the waypoint can still be reached by the deadline (a relaxed distance: no route is
//! shorter, less two cells for a shave from elsewhere round the beard). States compete with
//! those of as many moves (a macro move takes several): the most lambdas and razors, then
//! the fewest moves. From each state it walks to the cell round the beard where a shave
//! removes the most and shaves, until as few beard cells are left as after the best route's
//! shaving. The cut is the best of those (the most lambdas, then the fewest moves) if it
//! beats the best route at the end of its own shaving.
//!
//! A late shave waits one growth more, with a razor more for the larger beard: the robot
//! collects on, farther away, before it goes (horock3: the bottom row and the diagonal of
//! higher-order rocks, 20 lambdas by move 41, then three shaves before move 75; the table's
//! 2406 takes that way). The same beam, with the later deadline, gives the state from which the
//! walk to the beard starts. The single-command beam runs from there (not from after the
//! shave) and keeps only states that can still shave in time ([`Keep`]): the way to the beard
//! is then searched too, and one a few moves longer than the shortest may pay at the end
//! (horock3: digging the column under the higher-order rock at (14, 12) on the way lets it
//! fall and break later). A state is a late shave's start if it has to shave (it has more beard
//! cells than the best route left), its shaving ends at least [`SLACK`] turns before the
//! deadline (room for another way there), and it then has more lambdas than the best route had
//! at its own shaving; the one with the most lambdas is taken.

use crate::mine::map::{Mine, BEARD};
use crate::mine::solve::base::arrivals::relaxed_distances;
use crate::mine::solve::base::beam::state_hash;
use crate::mine::solve::base::moves::{bfs, bfs_in, has_beards, rebuild, Kind, Quota};
use crate::mine::solve::base::paths::{goto, walk};
use crate::mine::solve::base::shared::{command, debug, Shared};
use crate::mine::solve::base::work;
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;
use std::time::Instant;

/// Shaves at most this many commands apart belong to one shaving.
const SHAVE_GAP: usize = 3;

/// States kept per move count in the waypoint beam.
const WIDTH: usize = 64;

/// A late shave's shaving ends at least this many turns before its deadline (module doc): the
/// room the single-command beam has for another way to the beard. On horock3, one run 16384
/// wide from the start of the walk of each: the late shaves that end 5, 7 and 9 turns before it
/// give 2402, 2404 and 2403, the last 2406 at 32768; those that end closer to it, nothing.
const SLACK: usize = 8;

/// The cut of the best route's first shaving and the late shave's start, kept until the
/// shaving changes.
#[derive(Default)]
pub(crate) struct Waypoints {
    /// The shaving they were found for.
    shaving: Option<Shaving>,
    cut: Option<Vec<u8>>,
    late: Option<Late>,
}

/// Where a late shave starts (module doc): the route to the state the walk to the beard
/// starts from, and the condition on the states of the runs from there.
#[derive(Clone, Debug)]
pub(crate) struct Late {
    pub(crate) prefix: Vec<u8>,
    pub(crate) keep: Keep,
}

/// The states a late shave's run keeps: those with at most `beards_left` beard cells, or that
/// can still reach the best route's shaving cell by move `by` (`dist`: relaxed distances to it
/// in moves, per cell; less two cells, as in the waypoint beam).
#[derive(Clone, Debug)]
pub(crate) struct Keep {
    dist: Vec<u32>,
    by: usize,
    beards_left: usize,
}

impl Keep {
    /// Whether the state `m` is kept.
    pub(crate) fn keeps(&self, m: &Mine) -> bool {
        in_time(&self.dist, m, self.by) || beard_cells(m) <= self.beards_left
    }
}

/// Whether the robot of `m` can still stand by the beard by move `by`: `dist` holds the
/// relaxed distances to the best route's shaving cell (no route is shorter), less the two
/// cells a shave from elsewhere round the beard may save.
fn in_time(dist: &[u32], m: &Mine, by: usize) -> bool {
    m.moves + (dist[m.robot] as usize).saturating_sub(2) <= by
}

impl Waypoints {
    /// The cut for `route`'s first shaving on `mine` and the late shave's start (module doc),
    /// searched for (until `until`) when the shaving is not the one of the last call; None for
    /// either if the route shaves no beard, if no cut beats it, if no late shave fits.
    ///
    /// A beard that never grows (`Growth 0`) has no deadline to beat: neither.
    pub(crate) fn starts(
        &mut self,
        mine: &Mine,
        route: &[u8],
        sh: &Shared,
        until: Instant,
    ) -> (Option<Vec<u8>>, Option<Late>) {
        if mine.growth == 0 || !has_beards(mine) {
            return (None, None);
        }
        let shaving = first_shaving(mine, route);
        if self.shaving != shaving {
            self.shaving = shaving;
            (self.cut, self.late) = match shaving {
                Some(s) => {
                    let dist = relaxed_distances(mine, s.cell);
                    (cut(mine, &s, &dist, sh, until), late(mine, &s, dist, sh, until))
                }
                None => (None, None),
            };
        }
        (self.cut.clone(), self.late.clone())
    }
}

/// A route's first shaving: its shaves that remove beard cells, each at most [`SHAVE_GAP`]
/// commands after the one before.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shaving {
    /// The move count before the first shave (the index of its command in the route).
    turn: usize,
    /// The robot's cell then.
    cell: usize,
    /// The beard cells left after the last shave.
    beards_left: usize,
    /// The lambdas collected and the moves made by then.
    collected: usize,
    moves: usize,
}

/// The first shaving of `route` on `mine`, or `None` if no shave removes a beard cell.
fn first_shaving(mine: &Mine, route: &[u8]) -> Option<Shaving> {
    let mut m = mine.clone();
    let mut found: Option<Shaving> = None;
    let mut last = 0;
    for (i, &c) in route.iter().enumerate() {
        if found.is_some() && i > last + SHAVE_GAP {
            break;
        }
        let (cell, beards) = (m.robot, beard_cells(&m));
        work::step(&mut m, command(c));
        if m.ending.is_some() {
            return None;
        }
        let left = beard_cells(&m);
        if c == b'S' && left < beards {
            let turn = found.map_or(i, |f| f.turn);
            let cell = found.map_or(cell, |f| f.cell);
            found = Some(Shaving { turn, cell, beards_left: left, collected: m.collected, moves: m.moves });
            last = i;
        }
    }
    found
}

/// Beard cells on the grid.
fn beard_cells(m: &Mine) -> usize {
    m.cells.iter().filter(|&&c| c == BEARD).count()
}

/// The best cut for `shaving` on `mine` (module doc), searched for until `until`; `dist` holds
/// the relaxed distances to the shaving's cell.
fn cut(mine: &Mine, shaving: &Shaving, dist: &[u32], sh: &Shared, until: Instant) -> Option<Vec<u8>> {
    let deadline = next_growth(mine, shaving.turn) - 1;
    // What the best route has after its shaving: a cut must beat it.
    let bar = (shaving.collected, usize::MAX - shaving.moves);
    let best = shavings(mine, shaving, dist, deadline, sh, until)
        .into_iter()
        .map(|w| ((w.shaved.collected, usize::MAX - w.shaved.moves), w.route))
        .filter(|(key, _)| *key > bar)
        .max_by_key(|(key, _)| *key);
    if debug() {
        let found = best.as_ref().map(|b| (b.0 .0, usize::MAX - b.0 .1));
        eprintln!("waypoint: best route's shaving {shaving:?}, cut (lambdas, moves) {found:?}");
    }
    best.map(|b| b.1)
}

/// The late shave's start for `shaving` on `mine` (module doc), searched for until `until`;
/// `dist` holds the relaxed distances to the shaving's cell.
fn late(mine: &Mine, shaving: &Shaving, dist: Vec<u32>, sh: &Shared, until: Instant) -> Option<Late> {
    let deadline = next_growth(mine, shaving.turn) + mine.growth - 1;
    let best = shavings(mine, shaving, &dist, deadline, sh, until)
        .into_iter()
        .filter(|w| w.route.len() > w.start.len() && w.shaved.moves + SLACK <= deadline)
        .filter(|w| w.shaved.collected > shaving.collected)
        .max_by_key(|w| (w.shaved.collected, usize::MAX - w.shaved.moves))?;
    if debug() {
        let (c, m) = (best.shaved.collected, best.shaved.moves);
        eprintln!("waypoint: late shave from move {} (shaved by move {m} with {c} lambdas)", best.start.len());
    }
    Some(Late { prefix: best.start, keep: Keep { dist, by: deadline, beards_left: shaving.beards_left } })
}

/// The turn of the beard's first growth after `turn` (it grows on the turns that are multiples
/// of the growth rate).
fn next_growth(mine: &Mine, turn: usize) -> usize {
    (turn / mine.growth + 1) * mine.growth
}

/// A way to shave found by the waypoint beam.
struct Way {
    /// The route to the state the walk to the beard starts from.
    start: Vec<u8>,
    /// The route on to the end of the shaving, and the state there.
    route: Vec<u8>,
    shaved: Mine,
}

/// The waypoint beam (module doc): from each state it keeps, the way to shave until
/// `shaving.beards_left` beard cells are left, the first shave by `deadline`, if there is one;
/// `dist` holds the relaxed distances to the shaving's cell.
fn shavings(mine: &Mine, shaving: &Shaving, dist: &[u32], deadline: usize, sh: &Shared, until: Instant) -> Vec<Way> {
    let quota = Quota { lambdas: 6, pushes: 2, digs: 2 };
    let mut ways = Vec::new();
    let mut seen = FxHashSet::default();
    let mut by_moves: BTreeMap<usize, Vec<(Mine, Vec<u8>)>> = BTreeMap::new();
    by_moves.insert(mine.moves, vec![(mine.clone(), Vec::new())]);
    while let Some((_, mut layer)) = by_moves.pop_first() {
        if sh.now() >= until || sh.should_stop() {
            break;
        }
        // More lambdas and razors first (razors are needed for the shaving), then fewer moves.
        layer.sort_by_key(|(m, _)| (usize::MAX - (m.collected + m.razors), m.moves));
        layer.truncate(WIDTH);
        for (m, r) in layer {
            if let Some((shaved, route)) = shave_all(&m, &r, deadline, shaving.beards_left, sh) {
                ways.push(Way { start: r.clone(), route, shaved });
            }
            let b = bfs(&m, quota, None);
            for &(goal, kind) in &b.goals {
                if matches!(kind, Kind::Lift | Kind::Shave) {
                    continue;
                }
                let path = rebuild(&b.parent, &b.cmd, m.robot, goal);
                let Some(w) = walk(&m, &r, path, goal, 1, sh) else { continue };
                let c = &w.mine;
                if c.ending.is_some() || !in_time(dist, c, deadline) || !seen.insert(state_hash(c)) {
                    continue;
                }
                by_moves.entry(c.moves).or_default().push((w.mine, w.route));
            }
        }
    }
    ways
}

/// From `m` (reached by `route`): shaves until at most `beards_left` beard cells are left, each
/// time at the reachable cell whose shave removes the most (the nearest of those), the first
/// shave by `deadline`. The state and the route if it gets there alive.
fn shave_all(m: &Mine, route: &[u8], deadline: usize, beards_left: usize, sh: &Shared) -> Option<(Mine, Vec<u8>)> {
    let mut m = m.clone();
    let mut r = route.to_vec();
    let mut first = true;
    while beard_cells(&m) > beards_left {
        if m.razors == 0 || m.ending.is_some() || (first && m.moves > deadline) {
            return None;
        }
        let b = bfs_in(&m, Quota { lambdas: 0, pushes: 0, digs: 0 }, None);
        let removes = |c: usize| m.around(c).iter().filter(|&&n| m.cells[n] == BEARD).count();
        let best = (0..m.cells.len())
            .filter(|&c| b.parent[c] != u32::MAX && m.cells[c] != BEARD)
            .map(|c| (removes(c), c))
            .filter(|&(k, _)| k > 0)
            .map(|(k, c)| (usize::MAX - k, rebuild(&b.parent, &b.cmd, m.robot, c).len(), c))
            .min()?;
        let cell = best.2;
        drop(b);
        if m.robot != cell && !goto(&mut m, &mut r, cell, sh) {
            return None;
        }
        if first && m.moves > deadline {
            return None;
        }
        first = false;
        work::step(&mut m, command(b'S'));
        r.push(b'S');
    }
    m.ending.is_none().then_some((m, r))
}

#[cfg(test)]
mod tests {
    use super::{first_shaving, Shaving, Waypoints};
    use crate::mine::solve::base::shared::{play, sample_map, Shared, HOROCK3_WON};
    use std::time::{Duration, Instant};

    /// horock3's winning route of the tests walks to the beard first and shaves it at moves
    /// 39-41 (the beard grew at move 25 and grows again at 50), with two lambdas; a cut that
    /// takes the left column first shaves it by move 49 with more.
    #[test]
    fn a_cut_collects_more_on_its_way_to_horock3s_beard() {
        let mine = sample_map("horock3");
        let s = first_shaving(&mine, HOROCK3_WON).unwrap();
        assert_eq!((s.turn, s.beards_left, s.collected, s.moves), (39, 0, 2, 42));
        let sh = Shared::for_test(0, b"");
        let cut =
            Waypoints::default().starts(&mine, HOROCK3_WON, &sh, Instant::now() + Duration::from_secs(60)).0.unwrap();
        let mut m = mine.clone();
        play(&mut m, &cut);
        assert!(m.ending.is_none());
        assert_eq!(super::beard_cells(&m), 0);
        assert_eq!(first_shaving(&mine, &cut).map(|c: Shaving| c.moves), Some(m.moves));
        assert_eq!((m.collected, m.moves), (11, 46));
    }

    /// From the same route, a late shave: the robot takes the bottom row first (its razor at
    /// (14, 2)), climbs the diagonal of higher-order rocks and takes the razors of the top row,
    /// all three razors and 20 lambdas by move 42, the beard grown once. The beard grows again
    /// at 50 and is shaved after that, before move 75. A state that waits there past the
    /// deadline is not kept; one whose beard is gone is, whenever.
    #[test]
    fn a_late_shave_collects_twenty_lambdas_before_it_walks_to_horock3s_beard() {
        let mine = sample_map("horock3");
        let sh = Shared::for_test(0, b"");
        let until = Instant::now() + Duration::from_secs(60);
        let late = Waypoints::default().starts(&mine, HOROCK3_WON, &sh, until).1.unwrap();
        let mut m = mine.clone();
        play(&mut m, &late.prefix);
        assert!(m.ending.is_none());
        assert_eq!((m.collected, m.razors, m.moves, super::beard_cells(&m)), (20, 3, 42, 4));
        assert_eq!(late.keep.by, 74);
        assert!(late.keep.keeps(&m));
        let mut waits = m.clone();
        play(&mut waits, &[b'W'; 33]);
        assert_eq!((waits.moves, waits.ending), (75, None));
        assert!(!late.keep.keeps(&waits));
        let mut shaved = waits.clone();
        shaved.cells.iter_mut().filter(|c| **c == crate::mine::map::BEARD).for_each(|c| *c = crate::mine::map::EMPTY);
        assert!(late.keep.keeps(&shaved));
    }

    /// A beard that grows every 5 turns, shaved at move 3 from beside it (`RRS`): the cut takes
    /// the lambda on the other side first and still shaves by move 5, before the growth can
    /// come (`L`, `RRR` to stand beside the beard at move 4, `S`). With `Growth 3` it grows at
    /// move 3, before the robot is back beside it, and with `Growth 0` it never grows: no cut.
    #[test]
    fn a_cut_shaves_before_the_next_growth_and_none_without_growth() {
        let map = "#######\n#\\R  W#\n#L    #\n#######\n\nRazors 1\nGrowth ";
        let sh = Shared::for_test(0, b"");
        let until = Instant::now() + Duration::from_secs(60);
        let mine = crate::mine::map::Mine::parse(&format!("{map}5\n")).unwrap();
        let route = b"RRS";
        let s = first_shaving(&mine, route).unwrap();
        assert_eq!((s.turn, s.beards_left, s.collected, s.moves), (2, 0, 0, 3));
        let cut = Waypoints::default().starts(&mine, route, &sh, until).0.unwrap();
        assert_eq!(String::from_utf8_lossy(&cut), "LRRRS");
        let mut m = mine.clone();
        play(&mut m, &cut);
        assert_eq!((m.collected, super::beard_cells(&m)), (1, 0));
        let early = crate::mine::map::Mine::parse(&format!("{map}3\n")).unwrap();
        assert!(Waypoints::default().starts(&early, route, &sh, until).0.is_none());
        let never = crate::mine::map::Mine::parse(&format!("{map}0\n")).unwrap();
        assert!(Waypoints::default().starts(&never, route, &sh, until).0.is_none());
    }
}
