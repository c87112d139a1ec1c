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
//! shorter, less two cells for a shave from elsewhere round the beard), ranked by lambdas and
//! razors, then moves. From each state it walks to the cell round the beard where a shave
//! removes the most and shaves, until as few beard cells are left as after the best route's
//! shaving. The cut is the best of those (the most lambdas, then the fewest moves) if it
//! beats the best route at the end of its own shaving.

use crate::mine::map::{Mine, BEARD};
use crate::mine::solve::base::arrivals::relaxed_distances;
use crate::mine::solve::base::beam::state_hash;
use crate::mine::solve::base::moves::{bfs, bfs_in, has_beards, rebuild, Kind, Quota};
use crate::mine::solve::base::paths::{goto, walk};
use crate::mine::solve::base::shared::{command, debug, Shared};
use crate::mine::solve::base::work;
use rustc_hash::FxHashSet;
use std::time::Instant;

/// Shaves at most this many commands apart belong to one shaving.
const SHAVE_GAP: usize = 3;

/// States kept per layer of the waypoint beam (a layer: one macro move more).
const WIDTH: usize = 256;

/// The cut of the best route's first shaving, kept until the shaving changes.
#[derive(Default)]
pub(crate) struct Waypoints {
    /// The shaving the cut was found for.
    shaving: Option<Shaving>,
    cut: Option<Vec<u8>>,
}

impl Waypoints {
    /// The cut for `route`'s first shaving on `mine` (module doc), searched for (until
    /// `until`) when the shaving is not the one of the last call; None if the route shaves no
    /// beard or no cut beats it.
    ///
    /// A beard that never grows (`Growth 0`) has no deadline to beat: no cut.
    pub(crate) fn cut(&mut self, mine: &Mine, route: &[u8], sh: &Shared, until: Instant) -> Option<Vec<u8>> {
        if mine.growth == 0 || !has_beards(mine) {
            return None;
        }
        let shaving = first_shaving(mine, route)?;
        if self.shaving != Some(shaving) {
            self.shaving = Some(shaving);
            self.cut = cut(mine, &shaving, sh, until);
        }
        self.cut.clone()
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

/// The best cut for `shaving` on `mine` (module doc), searched for until `until`.
fn cut(mine: &Mine, shaving: &Shaving, sh: &Shared, until: Instant) -> Option<Vec<u8>> {
    // What the best route has after its shaving: a cut must beat it.
    let bar = (shaving.collected, usize::MAX - shaving.moves);
    let dist = relaxed_distances(mine, shaving.cell);
    // The beard grows on the turns that are multiples of the growth rate.
    let g = mine.growth;
    let deadline = (shaving.turn / g + 1) * g - 1;
    let quota = Quota { lambdas: 6, pushes: 2, digs: 2 };
    let mut best: Option<((usize, usize), Vec<u8>)> = None;
    let mut seen = FxHashSet::default();
    let mut layer = vec![(mine.clone(), Vec::new())];
    while !layer.is_empty() && sh.now() < until && !sh.should_stop() {
        let mut next = Vec::new();
        for (m, r) in &layer {
            if let Some((c, route)) = shave_all(m, r, deadline, shaving.beards_left, sh) {
                let key = (c.collected, usize::MAX - c.moves);
                if key > best.as_ref().map_or(bar, |b| b.0) {
                    best = Some((key, route));
                }
            }
            let b = bfs(m, quota, None);
            for &(goal, kind) in &b.goals {
                if matches!(kind, Kind::Lift | Kind::Shave) {
                    continue;
                }
                let path = rebuild(&b.parent, &b.cmd, m.robot, goal);
                let Some(w) = walk(m, r, path, goal, 1, sh) else { continue };
                let c = &w.mine;
                // The relaxed distance to the best route's shaving cell, less the two cells a
                // shave from elsewhere round the beard may save.
                let late = c.moves + (dist[c.robot] as usize).saturating_sub(2) > deadline;
                if c.ending.is_some() || late || !seen.insert(state_hash(c)) {
                    continue;
                }
                next.push((w.mine, w.route));
            }
        }
        // More lambdas and razors first (razors are needed for the shaving), then fewer moves.
        next.sort_by_key(|(m, _)| (usize::MAX - (m.collected + m.razors), m.moves));
        next.truncate(WIDTH);
        layer = next;
    }
    if debug() {
        let found = best.as_ref().map(|b| (b.0 .0, usize::MAX - b.0 .1));
        eprintln!("waypoint: best route's shaving {shaving:?}, cut (lambdas, moves) {found:?}");
    }
    best.map(|b| b.1)
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
        let cut = Waypoints::default().cut(&mine, HOROCK3_WON, &sh, Instant::now() + Duration::from_secs(60)).unwrap();
        let mut m = mine.clone();
        play(&mut m, &cut);
        assert!(m.ending.is_none());
        assert_eq!(super::beard_cells(&m), 0);
        assert_eq!(first_shaving(&mine, &cut).map(|c: Shaving| c.moves), Some(m.moves));
        assert_eq!((m.collected, m.moves), (11, 46));
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
        let cut = Waypoints::default().cut(&mine, route, &sh, until).unwrap();
        assert_eq!(String::from_utf8_lossy(&cut), "LRRRS");
        let mut m = mine.clone();
        play(&mut m, &cut);
        assert_eq!((m.collected, super::beard_cells(&m)), (1, 0));
        let early = crate::mine::map::Mine::parse(&format!("{map}3\n")).unwrap();
        assert!(Waypoints::default().cut(&early, route, &sh, until).is_none());
        let never = crate::mine::map::Mine::parse(&format!("{map}0\n")).unwrap();
        assert!(Waypoints::default().cut(&never, route, &sh, until).is_none());
    }
}
