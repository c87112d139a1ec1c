//! Openings: the walks from the start onto each trampoline the robot can reach, ending with
//! the jump. The restarts (`restart.rs`) run the lane's beam from after each of them in turn.
//!
//! A jump is a one-way step into another part of the mine; what it opens (earth under
//! higher-order rocks, a way round a rock fall) pays only many moves later. The lanes' beams
//! rank states of as many lambdas by their moves, so a route that spends its first moves on a
//! jump, its first lambda coming late, loses its place long before it pays. On horock1 the
//! best published routes jump first, from `A` into the room under the higher-order rocks; a
//! beam that starts after the jump wins in 63 moves, while every run from the start goes left
//! and takes 70.

use crate::mine::map::{Mine, NONE, TRAMP};
use crate::mine::solve::base::moves::{bfs_in, Quota, DIRS};
use crate::mine::solve::base::shared::play;

/// At most this many openings (the nearest trampolines first).
const MAX_OPENINGS: usize = 3;

/// The openings of `mine`: for each trampoline the robot can walk onto at the start, the
/// shortest walk onto it (the jump its last command), if the robot survives the walk and
/// lands on the target; at most [`MAX_OPENINGS`], the shortest first. Moves and jumps as the
/// macro moves' path search takes them (`base/moves.rs`), so a walk may itself jump.
pub(crate) fn openings(mine: &Mine) -> Vec<Vec<u8>> {
    let b = bfs_in(mine, Quota { lambdas: 0, pushes: 0, digs: 0 }, None);
    let s = mine.stride;
    let mut walks: Vec<Vec<u8>> = Vec::new();
    for i in 0..9 {
        let tp = mine.tramp_pos[i];
        if tp == NONE || mine.jump_target(TRAMP + i as u8).is_none() {
            continue;
        }
        // The shortest walk to a cell beside the trampoline, then the step onto it.
        let best = [tp + 1, tp - 1, tp - s, tp + s]
            .into_iter()
            .zip(DIRS)
            .filter_map(|(c, dir)| {
                let mut walk = b.commands_to(mine.robot, c)?;
                walk.push(dir);
                Some(walk)
            })
            .min_by_key(Vec::len);
        let Some(walk) = best else { continue };
        let mut m = mine.clone();
        play(&mut m, &walk);
        if m.ending.is_none() && m.tramp_pos[i] == NONE && !walks.contains(&walk) {
            walks.push(walk);
        }
    }
    walks.sort_by_key(Vec::len);
    walks.truncate(MAX_OPENINGS);
    walks
}

#[cfg(test)]
mod tests {
    use super::openings;
    use crate::mine::solve::base::beam::{run, Params};
    use crate::mine::solve::base::shared::{sample_map, Shared};
    use std::sync::atomic::Ordering;

    /// horock1: the robot walks right onto `A` (five moves) and lands on `1`.
    #[test]
    fn horock1_opens_with_the_walk_onto_its_trampoline() {
        assert_eq!(openings(&sample_map("horock1")), vec![b"RRRRR".to_vec()]);
    }

    /// The six configurations at width 256 (where the lanes are about 1.5 s into a search of
    /// horock1): from the start no route wins (414 at best); after the opening a win of 759,
    /// above the table's 758, comes in 66 moves.
    #[test]
    fn on_horock1_a_run_after_the_opening_beats_one_from_the_start() {
        let mine = sample_map("horock1");
        let best = |prefix: &[u8]| {
            let sh = Shared::for_test(0, b"");
            for ci in 0..6 {
                assert!(run(&mine, prefix, &sh, &Params::of_config(ci, 256, 1), sh.deadline));
            }
            (sh.best_score.load(Ordering::Relaxed), String::from_utf8(sh.best_route()).unwrap())
        };
        let (start, after) = (best(b""), best(b"RRRRR"));
        assert_eq!(start.0, 414, "from the start: {}", start.1);
        assert_eq!(after.0, 759, "after the opening: {}", after.1);
        assert!(after.1.starts_with("RRRRR") && after.1.len() == 66, "{}", after.1);
    }
}
