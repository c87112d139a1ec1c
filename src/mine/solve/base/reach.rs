//! Reachability: how much of the map's value the robot can still reach from a state (lambda
//! cells, the lift), as the beam's paths walk, with the beard forecast of `beards.rs`; the
//! beam's reach penalty ranks states that lost a lambda or the lift below those that did not.
//! Also the test for a trampoline target that is a trap.

use super::memo;
use crate::mine::map::{is_rock, Mine, BEARD, CLOSED, EARTH, EMPTY, HOROCK, LAMBDA, OPEN, RAZOR, ROCK, TRAMP};

/// The reach penalty unit count: lambdas lost, plus (when the lift is blocked or a lambda the
/// lift waits for is lost) the win bonus on every lambda.
fn reach_loss(m: &Mine, lost: usize, lift: bool) -> usize {
    if !lift || lost > 0 {
        lost + 2 + m.lambdas_total
    } else {
        lost
    }
}

/// [`loss_of`] through a per-thread memo (`memo.rs`); `hash` is the state's
/// `beam::state_hash`. The key adds what the beard forecast reads beyond the state and the map
/// (moves, the growth rate).
pub(crate) fn loss_of_cached(m: &Mine, hash: u64) -> usize {
    thread_local! {
        static MEMO: memo::Table = const { std::cell::RefCell::new(Vec::new()) };
    }
    let key = memo::state_key(m, hash, &[m.moves, m.growth]);
    memo::get(&MEMO, key, || loss_of(m))
}

/// [`reach_loss`] of the state.
pub(crate) fn loss_of(m: &Mine) -> usize {
    let (lost, lift) = blocked(m);
    let loss = reach_loss(m, lost, lift);
    if lift && super::beards::lift_sealed(m) {
        loss + (m.lambdas_total + 2) / 2
    } else {
        loss
    }
}

/// How much of the map's value the robot can still reach: (lambda cells not reachable now,
/// whether the lift is reachable), walking as the path search does (pushes, jumps except onto
/// a trap target, at most as many beards crossed as razors carried). A rock pushed sideways
/// lies on the next cell that way: walking on in that direction means pushing it again,
/// unless the cell below it is empty (it falls). Used to rank states whose moves left lambdas
/// or the lift blocked. The search stops once every lambda cell and the lift are reached.
pub(crate) fn blocked(m: &Mine) -> (usize, bool) {
    thread_local! {
        static BUF: std::cell::RefCell<Buffers> = Default::default();
    }
    BUF.with(|b| {
        let (dist, pushed, deque) = &mut *b.borrow_mut();
        blocked_in(m, dist, pushed, deque)
    })
}

/// [`blocked`]'s step classes by cell code: walked at no cost, a beard (one razor), not
/// walked, or one of the rarer cells handled apart (the lift, rocks, trampolines).
const WALK: u8 = 0;
const STOP: u8 = 2;
const OTHER: u8 = 3;
const CLASS: [u8; 256] = {
    let mut class = [STOP; 256];
    class[EMPTY as usize] = WALK;
    class[EARTH as usize] = WALK;
    class[RAZOR as usize] = WALK;
    class[LAMBDA as usize] = WALK;
    class[BEARD as usize] = 1;
    class[OPEN as usize] = OTHER;
    class[CLOSED as usize] = OTHER;
    class[ROCK as usize] = OTHER;
    class[HOROCK as usize] = OTHER;
    let mut i = 0;
    while i < 9 {
        class[TRAMP as usize + i] = OTHER;
        i += 1;
    }
    class
};

/// Work space [`blocked`] reuses between calls on a thread: beards crossed per cell, the push
/// direction per cell, the 0-1 breadth-first search's deque.
type Buffers = (Vec<u8>, Vec<u8>, std::collections::VecDeque<u32>);

/// [`blocked`]'s search in the thread's work space.
fn blocked_in(
    m: &Mine,
    dist: &mut Vec<u8>,
    pushed: &mut Vec<u8>,
    deque: &mut std::collections::VecDeque<u32>,
) -> (usize, bool) {
    let n = m.cells.len();
    let cells = &m.cells[..];
    let on_map = cells.iter().filter(|&&c| c == LAMBDA).count();
    let s = m.stride as isize;
    // 0-1 breadth-first search: the cost of a cell is the number of beards crossed to reach
    // it; a cell counts as reachable when that is no more than the razors carried.
    let limit = m.razors.min(250) as u8;
    dist.clear();
    dist.resize(n, u8::MAX);
    // Per cell first reached by pushing its rock: 1 + the push direction (the rock now lies
    // one cell further that way, and stays there unless the cell below it is empty).
    pushed.clear();
    pushed.resize(n, 0);
    deque.clear();
    dist[m.robot] = 0;
    deque.push_back(m.robot as u32);
    let mut lambdas = 0;
    let mut lift = false;
    let offsets = [-1, 1, s, -s];
    while let Some(c) = deque.pop_front() {
        if lift && lambdas == on_map {
            return (0, true);
        }
        let c = c as usize;
        let dc = dist[c];
        let pc = pushed[c];
        for (k, d) in offsets.into_iter().enumerate() {
            let nb = (c as isize + d) as usize;
            let t = if pc == k as u8 + 1 && cells[nb - m.stride] != EMPTY { ROCK } else { cells[nb] };
            let class = CLASS[t as usize];
            if class == STOP {
                continue;
            }
            let (dest, cost) = if class != OTHER {
                (nb, class)
            } else if t == OPEN || t == CLOSED {
                lift = true;
                continue;
            } else if is_rock(t) {
                if k >= 2 || cells[(nb as isize + d) as usize] != EMPTY {
                    continue;
                }
                if dist[nb] == u8::MAX {
                    pushed[nb] = k as u8 + 1;
                }
                (nb, 0)
            } else {
                match m.jump_target(t) {
                    Some(j) if !trap(m, j) => (j, 0),
                    _ => continue,
                }
            };
            let nd = dc.saturating_add(cost);
            if nd > limit || nd >= dist[dest] {
                continue;
            }
            if dist[dest] == u8::MAX && t == LAMBDA {
                lambdas += 1;
            }
            dist[dest] = nd;
            if cost == 0 {
                deque.push_front(dest as u32);
            } else {
                deque.push_back(dest as u32);
            }
        }
    }
    (on_map - lambdas, lift)
}

/// A trampoline target the robot cannot leave alive: a rock right above it (leaving down lets
/// it fall on the robot) and no way out sideways (a walkable cell, or a rock to push).
pub(crate) fn trap(m: &Mine, t: usize) -> bool {
    if !is_rock(m.cells[t + m.stride]) {
        return false;
    }
    ![-1isize, 1].into_iter().any(|d| {
        let side = m.cells[(t as isize + d) as usize];
        matches!(side, EMPTY | EARTH | LAMBDA | RAZOR)
            || (is_rock(side) && m.cells[(t as isize + 2 * d) as usize] == EMPTY)
    })
}

#[cfg(test)]
mod tests {
    use super::blocked;
    use crate::mine::map::Mine;

    /// beard4's trap in small: pushing the rock right leaves it on the only way down (it stays
    /// on the earth below), so the lambda is lost, unless there is room to push it on.
    #[test]
    fn a_pushed_rock_blocks_the_cell_it_lands_on() {
        let sealed = Mine::parse("######\n#R* ##\n###.##\n###\\##\n##L###\n").unwrap();
        assert_eq!(blocked(&sealed), (1, false));
        let room = Mine::parse("######\n#R*  #\n###.##\n###\\##\n##L###\n").unwrap();
        assert_eq!(blocked(&room), (0, false));
    }

    /// The search may end before the last cell once every lambda and the lift are found; it
    /// counts them as the whole search does, whichever it meets last.
    #[test]
    fn lambdas_and_lift_in_any_order() {
        // The lift first, then the lambdas; the lambdas first, then the lift; a lambda behind a
        // beard without a razor.
        let lift_first = Mine::parse("#######\n#L R.\\#\n#######\n").unwrap();
        assert_eq!(blocked(&lift_first), (0, true));
        let lift_last = Mine::parse("########\n#\\.R..L#\n########\n").unwrap();
        assert_eq!(blocked(&lift_last), (0, true));
        let beard = Mine::parse("########\n#\\W.R.L#\n########\n").unwrap();
        assert_eq!(blocked(&beard), (1, true));
        let mut shaver = beard.clone();
        shaver.razors = 1;
        assert_eq!(blocked(&shaver), (0, true));
    }

    /// The step classes by table say what the search did by cell code: walk at no cost onto
    /// the walkable cells, pay a razor for a beard, stop at walls, targets and the robot.
    #[test]
    fn step_classes() {
        use super::{CLASS, OTHER, STOP, WALK};
        use crate::mine::map::*;
        for code in [EMPTY, EARTH, RAZOR, LAMBDA] {
            assert_eq!(CLASS[code as usize], WALK);
        }
        assert_eq!(CLASS[BEARD as usize], 1);
        for code in [OPEN, CLOSED, ROCK, HOROCK, TRAMP, TRAMP + 8] {
            assert_eq!(CLASS[code as usize], OTHER);
        }
        for code in [WALL, ROBOT, TARGET, TARGET + 8] {
            assert_eq!(CLASS[code as usize], STOP);
        }
    }
}
