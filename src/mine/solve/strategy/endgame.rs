//! The end-game run: while the best route collects every lambda but leaves the lift out of
//! reach (rocks fell into the way to it, say), a wide beam over the last few collections. A
//! beam from the start cannot be wide enough there, since its width is spread over every
//! layer and its routes are long; a run from a cut a few lambdas before the end has few layers
//! and can be as wide as memory allows for them. Its streak limit is long, for setup moves
//! such as keeping a rock's landing cell dug. It plays plain macro moves (the first
//! configuration: no reach weight or tour bound), so it does not shy away from states that
//! look lost to the reach penalty. It does not run from a cut where the lift is out of reach
//! already (a beard has grown over the way to it, say): the last collections cannot open it.

use super::{Cx, Strategy};
use crate::mine::solve::base::beam::{node_bytes, razor_buckets, run, Params, CONFIGS};
use crate::mine::solve::base::reach::blocked;
use crate::mine::solve::base::replay::Replay;
use crate::mine::solve::base::shared::debug;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// How many lambdas before the end of the best route the end-game runs restart, in turn.
const END_BACK: [usize; 4] = [8, 5, 3, 12];

/// Longest run of non-collecting macro moves in an end-game run.
const END_STREAK: u8 = 10;

/// The end-game runs, in turn over [`END_BACK`].
pub(crate) struct EndGame {
    /// Runs done so far.
    ended: usize,
}

impl EndGame {
    pub(crate) fn new() -> EndGame {
        EndGame { ended: 0 }
    }
}

impl Strategy for EndGame {
    /// An end-game run, if the lane's best route collects every lambda and leaves the lift out
    /// of reach: the beam of `cx.last` with plain macro moves and a long streak limit, from
    /// [`END_BACK`] lambdas before the end of the route, as wide as a quarter of the memory
    /// limit allows for so few layers and routes that long (`4 x width` nodes in each of the
    /// `back + 2` layers, each holding a route twice the best one's length), and never
    /// narrower than `cx.last`.
    fn run(&mut self, cx: &mut Cx, until: Instant) -> bool {
        let (mine, sh) = (cx.mine, cx.sh);
        let Some(p) = cx.last else { return true };
        let best = sh.lane_route();
        let replay = Replay::new(mine, &best);
        if !replay.collects_all_and_loses() {
            return true;
        }
        let back = END_BACK[self.ended % END_BACK.len()];
        self.ended += 1;
        let Some(cut) = replay.cut(back) else { return true };
        if !blocked(&Replay::new(mine, &best[..cut]).end).1 {
            // The lift is out of reach at the cut already (walled in by beards, say): the few
            // collections left cannot open it again.
            return true;
        }
        let budget = sh.memory_limit / 4 / razor_buckets(mine);
        let width = (budget / node_bytes(mine, 2 * best.len()) / (4 * (back + 2))).max(p.width);
        let (primitives, penalty, _, reach_weight, tour) = CONFIGS[0];
        let end =
            Params { width, max_streak: END_STREAK, primitives, penalty, reach_weight, tour, max_cap: usize::MAX, ..p };
        let done = run(mine, &best[..cut], sh, &end, until.min(cx.deadline));
        if debug() {
            eprintln!(
                "  end game {back} lambdas before the end, width {width}: best {} t {:.2}",
                sh.best_score.load(Ordering::Relaxed),
                sh.elapsed().as_secs_f64()
            );
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::{blocked, EndGame};
    use crate::mine::score::Ending;
    use crate::mine::solve::base::beam::Params;
    use crate::mine::solve::base::replay::Replay;
    use crate::mine::solve::base::shared::{sample_map, Shared, HOROCK3_LOST};
    use crate::mine::solve::strategy::{Cx, Strategy};
    use std::sync::atomic::Ordering;

    /// flood4: the route finder's best route after 150 s before end-game runs (1036) collects
    /// all 23 lambdas, but rocks fall into the lift's corridor and it aborts. The first
    /// end-game run (8 lambdas before the end) finds a win.
    #[test]
    fn an_end_game_run_wins_flood4() {
        let mine = sample_map("flood4");
        let lost = b"LLUUULLLLLLLLLLLDDLLRRRRRUUUURRUURRRRRRRRRRRRRRULLLDDDDDDDDDDDDDDLLLUULRRRRRRRRRRRRRRRRRRUDRRULURULLDLLLLURRUUULLL";
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.score, o.lambdas, o.ending), (1036, 23, Ending::Abort));
        assert!(Replay::new(&mine, lost).collects_all_and_loses());
        let sh = Shared::for_test(1036, lost);
        // Configuration 0 (plain macro moves) at width 1.
        let p = Params { max_cap: 1, ..Params::of_config(0, 1, 1) };
        let mut cx = Cx { mine: &mine, sh: &sh, deadline: sh.deadline, round: 0, last: Some(p) };
        assert!(EndGame::new().run(&mut cx, sh.deadline));
        let best = sh.best_score.load(Ordering::Relaxed);
        let o = mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap());
        assert_eq!((o.score, o.ending), (best, Ending::Win));
        assert!(best >= 1580, "{best}");
    }

    /// horock3: a route of the lanes collects all 34 lambdas and aborts; the beard by the lift
    /// has grown over the way to it long before the cut 8 lambdas back, so the end game does
    /// not run (no state is played, the best route stays) and the lane gets the time.
    #[test]
    fn no_end_game_from_a_cut_where_the_lift_is_walled_in() {
        let mine = sample_map("horock3");
        let lost = HOROCK3_LOST;
        let o = mine.clone().run(std::str::from_utf8(lost).unwrap());
        assert_eq!((o.score, o.lambdas, o.ending), (1603, 34, Ending::Abort));
        let replay = Replay::new(&mine, lost);
        assert!(replay.collects_all_and_loses());
        let cut = replay.cut(8).expect("a cut 8 lambdas back");
        assert!(!blocked(&Replay::new(&mine, &lost[..cut]).end).1);
        let sh = Shared::for_test(1603, lost);
        let p = Params { max_cap: 1, ..Params::of_config(0, 1, 1) };
        let mut cx = Cx { mine: &mine, sh: &sh, deadline: sh.deadline, round: 0, last: Some(p) };
        let before = crate::mine::solve::base::work::steps();
        assert!(EndGame::new().run(&mut cx, sh.deadline));
        assert_eq!(sh.best_score.load(Ordering::Relaxed), 1603);
        assert!(crate::mine::solve::base::work::steps() - before < 200, "only the replays of the route");
    }
}
