//! Reachability: how much of the map's value the robot can still reach from a state (lambda
//! cells, the lift), as the beam's paths walk, with the beard forecast of `beards.rs`; the
//! beam's reach penalty ranks states that lost a lambda or the lift below those that did not.
//! Also the test for a trampoline target that is a trap.

use crate::mine::map::{is_rock, Mine, BEARD, CLOSED, EARTH, EMPTY, LAMBDA, OPEN, RAZOR, ROCK};

/// The reach penalty unit count: lambdas lost, plus (when the lift is blocked or a lambda the
/// lift waits for is lost) the win bonus on every lambda.
fn reach_loss(m: &Mine, lost: usize, lift: bool) -> usize {
    if !lift || lost > 0 {
        lost + 2 + m.lambdas_total
    } else {
        lost
    }
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
    let n = m.cells.len();
    let on_map = m.cells.iter().filter(|&&c| c == LAMBDA).count();
    let s = m.stride as isize;
    // 0-1 breadth-first search: the cost of a cell is the number of beards crossed to reach
    // it; a cell counts as reachable when that is no more than the razors carried.
    let limit = m.razors.min(250) as u8;
    let mut dist = vec![u8::MAX; n];
    // Per cell first reached by pushing its rock: 1 + the push direction (the rock now lies
    // one cell further that way, and stays there unless the cell below it is empty).
    let mut pushed = vec![0u8; n];
    let mut deque = std::collections::VecDeque::with_capacity(256);
    dist[m.robot] = 0;
    deque.push_back(m.robot);
    let mut lambdas = 0;
    let mut lift = false;
    while let Some(c) = deque.pop_front() {
        if lift && lambdas == on_map {
            return (0, true);
        }
        let dc = dist[c];
        for (k, d) in [-1, 1, s, -s].into_iter().enumerate() {
            let nb = (c as isize + d) as usize;
            let t = if pushed[c] == k as u8 + 1 && m.cells[nb - m.stride] != EMPTY { ROCK } else { m.cells[nb] };
            let (dest, cost) = match t {
                EMPTY | EARTH | RAZOR | LAMBDA => (nb, 0),
                OPEN | CLOSED => {
                    lift = true;
                    continue;
                }
                BEARD => (nb, 1),
                _ if is_rock(t) && k < 2 && m.cells[(nb as isize + d) as usize] == EMPTY => {
                    if dist[nb] == u8::MAX {
                        pushed[nb] = k as u8 + 1;
                    }
                    (nb, 0)
                }
                _ => match m.jump_target(t) {
                    Some(j) if !trap(m, j) => (j, 0),
                    _ => continue,
                },
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
                deque.push_front(dest);
            } else {
                deque.push_back(dest);
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
}
