//! Paths played with the engine: the shortest path to a goal walked step by step, retried
//! around the cell where it failed (the robot died, was deflected by a falling rock, or met a
//! beard without a razor) by a search over (cell, beards crossed), up to a few detours; and
//! collections in a given order along such paths. Every prefix of every path played is offered
//! to the shared best route.

use super::moves::{edge, Kind, DIRS, NEVER};
use super::shared::{command, stop_value, Shared};
use super::work;
use crate::mine::map::{Mine, BEARD, EARTH, EMPTY, LAMBDA, OPEN, RAZOR};
use crate::mine::score::Ending;
use crate::mine::step::Command;

/// Shortest path from the robot to `goal` avoiding the `banned` cells (a retry after the
/// shortest path killed the robot, was deflected, or met more beards than razors carried):
/// a breadth-first search over (cell, beards crossed) that crosses at most as many beards as
/// the robot has razors (8 at most). An arrival at a cell that crosses no fewer beards than an
/// earlier one is no better (breadth-first, it is no shorter either) and is not searched on.
pub(crate) fn path_avoiding(m: &Mine, goal: usize, banned: &[usize]) -> Option<Vec<(u8, usize)>> {
    thread_local! {
        static BUF: std::cell::RefCell<(Vec<u8>, Vec<Entry>)> = Default::default();
    }
    BUF.with(|b| {
        let (least, queue) = &mut *b.borrow_mut();
        search_avoiding(m, goal, banned, least, queue)
    })
}

/// How [`path_avoiding`] steps onto a cell: walks on (beards too: the layer count stops the
/// search when no razor is left), ends there (the open lift), never, or as [`edge`] says.
#[derive(Clone, Copy)]
enum Step {
    Walk,
    Lift,
    Stop,
    Other,
}

/// [`Step`] by cell code: the cells [`edge`] never steps onto ([`NEVER`]) stop, the common
/// walkable ones are walked, the open lift ends the walk, the rest go to `edge`.
const STEP: [Step; 256] = {
    let mut step = [Step::Other; 256];
    let mut code = 0;
    while code < 256 {
        step[code] = if NEVER[code] {
            Step::Stop
        } else {
            match code as u8 {
                EMPTY | EARTH | LAMBDA | RAZOR | BEARD => Step::Walk,
                OPEN => Step::Lift,
                _ => Step::Other,
            }
        };
        code += 1;
    }
    step
};

/// An entry of [`path_avoiding`]'s queue: (cell, beards crossed, command that got there, index
/// of the entry it came from).
type Entry = (u32, u8, u8, u32);

/// [`path_avoiding`]'s search in the thread's work space (`least`: fewest beards crossed per
/// cell; `queue`: the breadth-first queue with its parent links).
fn search_avoiding(
    m: &Mine,
    goal: usize,
    banned: &[usize],
    least: &mut Vec<u8>,
    queue: &mut Vec<Entry>,
) -> Option<Vec<(u8, usize)>> {
    let layers = m.razors.min(8) + 1;
    // The fewest beards crossed on the way to each cell so far.
    least.clear();
    least.resize(m.cells.len(), u8::MAX);
    queue.clear();
    least[m.robot] = 0;
    queue.push((m.robot as u32, 0, 0, u32::MAX));
    let s = m.stride as isize;
    let offsets = [-1, 1, s, -s];
    let mut head = 0;
    while head < queue.len() {
        let (c, used, _, _) = queue[head];
        for (k, &dc) in DIRS.iter().enumerate() {
            // The common cells by table, the rarer ones (rocks, trampolines) by `edge`.
            let nb = (c as isize + offsets[k]) as usize;
            let (dest, lift) = match STEP[m.cells[nb] as usize] {
                Step::Stop => continue,
                Step::Walk => (nb, false),
                Step::Lift => (nb, true),
                Step::Other => match edge(m, c as usize, k, false) {
                    Some((dest, kind)) => (dest, kind == Some(Kind::Lift)),
                    None => continue,
                },
            };
            let u = used as usize + usize::from(m.cells[dest] == BEARD);
            if u >= layers || least[dest] as usize <= u || (!banned.is_empty() && banned.contains(&dest)) {
                continue;
            }
            least[dest] = u as u8;
            if dest == goal {
                let mut path = vec![(dc, dest)];
                let mut j = head;
                while queue[j].3 != u32::MAX {
                    path.push((queue[j].2, queue[j].0 as usize));
                    j = queue[j].3 as usize;
                }
                path.reverse();
                return Some(path);
            }
            if !lift {
                queue.push((dest as u32, u as u8, dc, head as u32));
            }
        }
        head += 1;
    }
    None
}

/// Where [`walk`] got to: the state, its route, the path that worked and the cells it avoided.
pub(crate) struct Walk {
    pub(crate) mine: Mine,
    pub(crate) route: Vec<u8>,
    pub(crate) path: Vec<(u8, usize)>,
    pub(crate) banned: Vec<usize>,
}

/// Walks from `m` (reached by `route`) to `goal` with the engine, first along `path`; when the
/// robot dies or is deflected on the way, along a path avoiding that cell, at most `retries`
/// times. `None` if it cannot get there alive, or won on the way (the win is offered).
pub(crate) fn walk(
    m: &Mine,
    route: &[u8],
    mut path: Vec<(u8, usize)>,
    goal: usize,
    retries: usize,
    sh: &Shared,
) -> Option<Walk> {
    let mut banned = Vec::new();
    loop {
        let mut mine = m.clone();
        let mut r = route.to_vec();
        match play_path(&mut mine, &mut r, &path, sh) {
            Ok(()) => return Some(Walk { mine, route: r, path, banned }),
            Err(Some(bad)) if bad != goal && banned.len() < retries => {
                banned.push(bad);
                path = path_avoiding(m, goal, &banned)?;
            }
            Err(_) => return None,
        }
    }
}

/// Plays `path` (command, cell expected after it) on `m` with the engine, appending the
/// commands to `route`, shaving a beard in the way when a razor is carried, and offering every
/// prefix. `Err(Some(cell))`: the robot died or was deflected on its way to `cell`, or a beard
/// blocks it without a razor; `Err(None)`: the robot won (the win is offered).
pub(crate) fn play_path(
    m: &mut Mine,
    route: &mut Vec<u8>,
    path: &[(u8, usize)],
    sh: &Shared,
) -> Result<(), Option<usize>> {
    let s = m.stride as isize;
    for &(dc, expect) in path {
        let d: isize = match dc {
            b'L' => -1,
            b'R' => 1,
            b'U' => s,
            _ => -s,
        };
        let nb = (m.robot as isize + d) as usize;
        if m.cells[nb] == BEARD {
            if m.razors == 0 {
                // Out of razors: a detour around this beard may exist.
                return Err(Some(expect));
            }
            work::step(m, Command::Shave);
            route.push(b'S');
            if m.ending.is_some() {
                return Err(Some(expect));
            }
        }
        work::step(m, command(dc));
        route.push(dc);
        match m.ending {
            Some(Ending::Win) => {
                sh.offer(stop_value(m), route);
                return Err(None);
            }
            Some(_) => return Err(Some(expect)),
            None => {}
        }
        if m.robot != expect {
            return Err(Some(expect));
        }
        sh.offer(stop_value(m), route);
    }
    Ok(())
}

/// Walks to `goal` along the shortest path, with the beam's detours ([`walk`]). False if it
/// cannot get there.
pub(crate) fn goto(m: &mut Mine, route: &mut Vec<u8>, goal: usize, sh: &Shared) -> bool {
    let Some(path) = path_avoiding(m, goal, &[]) else { return false };
    let Some(w) = walk(m, route, path, goal, 3, sh) else { return false };
    *m = w.mine;
    *route = w.route;
    true
}

/// From `m` (reached by `route`), collects the lambdas at the cells of `order` in that order
/// along shortest paths (skipping cells that no longer hold one), then goes to the lift when it
/// is open. Every prefix is offered. Gives up when a goal cannot be reached or `over` says time
/// is up.
pub(crate) fn collect_in_order(mut m: Mine, mut route: Vec<u8>, order: &[usize], sh: &Shared, over: &dyn Fn() -> bool) {
    for &t in order {
        if over() {
            return;
        }
        if m.cells[t] != LAMBDA {
            continue;
        }
        if !goto(&mut m, &mut route, t, sh) {
            return;
        }
    }
    to_lift(m, route, sh);
}

/// Walks from `m` (reached by `route`) into the lift if the game is on and the lift is open.
pub(crate) fn to_lift(mut m: Mine, mut route: Vec<u8>, sh: &Shared) {
    if m.ending.is_none() && m.cells[m.lift] == OPEN {
        let lift = m.lift;
        goto(&mut m, &mut route, lift, sh);
    }
}

#[cfg(test)]
mod tests {
    use super::{edge, path_avoiding, Kind, Step, STEP};
    use crate::mine::map::{Mine, LAMBDA, TRAMP};

    /// The lambda lies behind a beard, and the robot carries one razor. The way along the
    /// top crosses a beard before it gets to the cell by that beard (4 moves), the way along
    /// the bottom crosses none (6 moves): only the second can go on through the beard.
    const TWO_BEARDS: &str = "\
########
#RW..###
#.##.W\\#
#....###
######L#

Razors 1
";

    #[test]
    fn a_later_arrival_that_crossed_fewer_beards_is_searched_on() {
        let m = Mine::parse(TWO_BEARDS).unwrap();
        let lambda = (0..m.cells.len()).find(|&c| m.cells[c] == LAMBDA).unwrap();
        let path = path_avoiding(&m, lambda, &[]).expect("a path along the bottom");
        let commands: String = path.iter().map(|&(c, _)| c as char).collect();
        assert_eq!(commands, "DDRRRURR");
        assert_eq!(path.last().unwrap().1, lambda);
        // Without a razor no way crosses the beard by the lambda.
        let mut no_razor = m.clone();
        no_razor.razors = 0;
        assert_eq!(path_avoiding(&no_razor, lambda, &[]), None);
        // With two, the way along the top (two beards, 6 moves) is as short; the search takes
        // the first it meets, and no way is shorter.
        let mut two = m.clone();
        two.razors = 2;
        assert_eq!(path_avoiding(&two, lambda, &[]).unwrap().len(), 6);
    }

    /// The step table agrees with `edge` on every cell code the engine uses: the cells it
    /// stops at are those `edge` never steps onto, the cells it walks onto are stepped onto
    /// in place (a beard when a razor is carried), the open lift ends the walk.
    #[test]
    fn the_step_table_agrees_with_edge() {
        use crate::mine::map::TARGET;
        let mut m = Mine::parse("######\n#R  L#\n######\n\nRazors 1\n").unwrap();
        let nb = m.robot + 1;
        let codes = (0..=10).chain(TRAMP..TRAMP + 9).chain(TARGET..TARGET + 9);
        for code in codes {
            m.cells[nb] = code;
            let step = edge(&m, m.robot, 1, false);
            match STEP[code as usize] {
                Step::Stop => assert!(step.is_none(), "code {code}"),
                Step::Walk => assert!(matches!(step, Some((c, k)) if c == nb && k != Some(Kind::Lift)), "code {code}"),
                Step::Lift => assert!(matches!(step, Some((c, Some(Kind::Lift))) if c == nb), "code {code}"),
                Step::Other => {}
            }
        }
    }
}
