//! A forecast of beard growth for the route finder's reach penalty.
//!
//! Beards grow every `Growth` moves into the empty cells among their 8 neighbours (beards.pdf,
//! the map update). A corridor dug beside a beard early is filled by the time the robot comes
//! back along it, and the lift may then be sealed off: a state looks fine now and is lost
//! later. [`lift_sealed`] grows the beards as many times as the rest of the game is likely to
//! take and asks whether the lift is still reachable then.

use crate::mine::map::{Mine, BEARD, CLOSED, EMPTY, HOROCK, LAMBDA, OPEN, WALL};
use std::collections::VecDeque;

/// Work space reused between calls on a thread: forecast cells, beard-crossing counts, the
/// growth fronts.
type Buffers = (Vec<u8>, Vec<u8>, Vec<usize>, Vec<usize>);

/// Moves per lambda assumed before three lambdas have been collected.
const EARLY_MOVES_PER_LAMBDA: usize = 4;

/// Most growths forecast (bounds the cost on huge maps with long games).
const MAX_GROWTHS: usize = 32;

/// True when, after the growths due during the rest of the game, neither the robot nor any
/// lambda or higher-order rock left on the map can reach the lift: walking over any cell but
/// walls, the closed lift and beards, crossing at most as many beards as razors carried.
///
/// The rest of the game is estimated as the lambdas left (cells) times the moves per lambda so
/// far (at least 2; 4 before the third lambda). False on maps where beards do not grow, and
/// when no lambda is left (the reach check on the current map covers the last walk to the
/// lift).
pub(crate) fn lift_sealed(m: &Mine) -> bool {
    if m.growth == 0 || !super::moves::has_beards(m) || m.collected >= m.lambdas_total {
        return false;
    }
    let left = m.lambdas_total - m.collected;
    let per = if m.collected >= 3 { m.moves.div_ceil(m.collected).max(2) } else { EARLY_MOVES_PER_LAMBDA };
    let rest = left * per;
    let first = m.growth - m.moves % m.growth;
    if rest < first {
        return false;
    }
    let growths = (1 + (rest - first) / m.growth).min(MAX_GROWTHS);
    thread_local! {
        static BUF: std::cell::RefCell<Buffers> = Default::default();
    }
    BUF.with(|b| {
        let (cells, dist, front, next) = &mut *b.borrow_mut();
        grow(m, growths, cells, front, next);
        !lift_reachable(m, cells, m.razors.min(250) as u8, dist)
    })
}

/// `cells` := the map's cells after `growths` growths of its beards.
fn grow(m: &Mine, growths: usize, cells: &mut Vec<u8>, front: &mut Vec<usize>, next: &mut Vec<usize>) {
    cells.clear();
    cells.extend_from_slice(&m.cells);
    front.clear();
    front.extend(m.beards.iter().map(|&b| b as usize).filter(|&b| m.cells[b] == BEARD));
    for _ in 0..growths {
        next.clear();
        for &b in front.iter() {
            for c in m.around(b) {
                if cells[c] == EMPTY {
                    cells[c] = BEARD;
                    next.push(c);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(front, next);
    }
}

/// Whether the robot or a lambda left on `cells` is connected to the lift, searching from the
/// lift with beards costing one (at most `limit` crossed). Rocks and trampolines count as
/// walkable: only the beards' part of the forecast is asked for.
fn lift_reachable(m: &Mine, cells: &[u8], limit: u8, dist: &mut Vec<u8>) -> bool {
    let s = m.stride as isize;
    dist.clear();
    dist.resize(cells.len(), u8::MAX);
    let mut deque = VecDeque::with_capacity(256);
    dist[m.lift] = 0;
    deque.push_back(m.lift);
    while let Some(c) = deque.pop_front() {
        let dc = dist[c];
        for d in [-1, 1, s, -s] {
            let nb = (c as isize + d) as usize;
            let t = cells[nb];
            if t == WALL || t == CLOSED || t == OPEN {
                continue;
            }
            if nb == m.robot || t == LAMBDA || t == HOROCK {
                return true;
            }
            let nd = dc.saturating_add(u8::from(t == BEARD));
            if nd > limit || nd >= dist[nb] {
                continue;
            }
            dist[nb] = nd;
            if t == BEARD {
                deque.push_back(nb);
            } else {
                deque.push_front(nb);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::lift_sealed;
    use crate::mine::map::Mine;

    /// A corridor from the robot to the lift runs past a beard. With one lambda left, the rest
    /// of the game is forecast at 4 moves; with `Growth 2` that is two growths (at moves 2
    /// and 4), which fill the corridor's empty cells beside the beard.
    const CORRIDOR: &str = "##########\n#R\\     L#\n#####W####\n##########\n";

    #[test]
    fn an_empty_corridor_beside_a_beard_is_sealed_by_the_forecast() {
        let mine = Mine::parse(&format!("{CORRIDOR}\nGrowth 2\n")).unwrap();
        assert!(lift_sealed(&mine));
    }

    #[test]
    fn earth_keeps_the_beard_out() {
        let mine = Mine::parse(&format!("{}\nGrowth 2\n", CORRIDOR.replace("     ", "....."))).unwrap();
        assert!(!lift_sealed(&mine));
    }

    #[test]
    fn no_growth_due_before_the_end_or_at_all() {
        // Growth 5: the first growth (move 5) comes after the forecast end (move 4).
        assert!(!lift_sealed(&Mine::parse(&format!("{CORRIDOR}\nGrowth 5\n")).unwrap()));
        // Growth 0: beards never grow.
        assert!(!lift_sealed(&Mine::parse(&format!("{CORRIDOR}\nGrowth 0\n")).unwrap()));
    }
}
