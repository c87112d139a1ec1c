//! Tests of the single-command beam: its cuts, its turns, its runs on sample maps.

use super::series::{first_cut_width, first_walk, starting_points};
use super::{advance, all_series, route_to, Ended, Origin, Run, Series, StepBeam, Tables, COMMANDS};
use crate::mine::map::Mine;
use crate::mine::solve::base::replay::Replay;
use crate::mine::solve::base::shared::{sample_map, Shared};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// flood4's best route after 10 s on one core: 1589, a win in 136 moves.
const FLOOD4_1589: &str = "LLUUULLLLLLLLLLLDDLLRRRRRUUUURRUURRRRRRRRRRRRRRULLLDDDDDDDDDDDDDDLLLUULRRRRRRRRRRRRRRRRRRRLLLDDRRLULUUURRULLUUULLLRRRDDDRRRDDRLUURLDDDRR";

#[test]
fn the_cuts_step_back_a_quarter_further_each() {
    let back: Vec<usize> = starting_points(30)
        .into_iter()
        .filter_map(|p| match p {
            Origin::Back(n) => Some(n),
            _ => None,
        })
        .collect();
    assert_eq!(back, [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 18, 22, 27]);
    let fixed = [Origin::Start, Origin::LateShave, Origin::Shave, Origin::Waypoint, Origin::FirstWalk];
    assert_eq!(starting_points(11)[..5], fixed);
    assert_eq!(starting_points(4)[5..], [Origin::Back(1), Origin::Back(2), Origin::Back(3)]);
    assert_eq!(starting_points(1), fixed);
}

/// A new beam: the start's series from width 1024, the late shave's and the first walk's from
/// 8192, the cuts' from 4096; before the first run from the start, one run from each cut up to
/// 8 lambdas back (flood4's route has no shave, no beard and no shorter walk to its first
/// lambda), nearest first; then the start's turn.
#[test]
fn the_cuts_near_the_end_run_before_the_first_run_from_the_start() {
    let mine = sample_map("flood4");
    let sh = Shared::for_test(1589, FLOOD4_1589.as_bytes());
    let mut beam = StepBeam::new();
    beam.series = all_series(mine.lambdas_total);
    assert_eq!(beam.series[0].0, Origin::Start);
    assert_eq!(beam.series[0].1.width, 1024);
    assert_eq!((beam.series[1].0, beam.series[1].1.width), (Origin::LateShave, 8192));
    assert_eq!((beam.series[4].0, beam.series[4].1.width), (Origin::FirstWalk, 8192));
    assert!(beam.series[5..].iter().all(|(_, s)| s.width == 4096));
    assert!(matches!(
        beam.series[2..4],
        [(Origin::Shave, Series { width: 4096, .. }), (Origin::Waypoint, Series { width: 4096, .. })]
    ));
    let ms = Duration::from_millis;
    for back in 1..=8 {
        let run = beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap();
        assert_eq!(beam.series[run.series].0, Origin::Back(back));
        let s = &mut beam.series[run.series].1;
        (s.last, s.last_wall) = (ms(10), ms(10));
        beam.spent_by[1] += ms(10);
    }
    assert_eq!(beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap().series, 0, "the start's turn");
}

#[test]
fn the_start_and_the_cuts_take_turns_and_the_quickest_cut_goes_first() {
    let mine = sample_map("flood4");
    let sh = Shared::for_test(1589, FLOOD4_1589.as_bytes());
    let mut beam = StepBeam::new();
    let ms = Duration::from_millis;
    let series = |last, idle| Series { width: 4096, last: ms(last), running: ms(0), idle, last_wall: ms(0) };
    // The start took 900 ms; there is no shave on the route; 1 back waits for a better
    // score than this one; 2 back took 300 ms, 3 back 200 ms; 30 back is further back
    // than the route's first lambda.
    beam.series = vec![
        (Origin::Start, series(900, None)),
        (Origin::Shave, series(0, None)),
        (Origin::Back(1), series(0, Some(1589))),
        (Origin::Back(2), series(300, None)),
        (Origin::Back(3), series(200, Some(1500))),
        (Origin::Back(30), series(0, None)),
    ];
    // The start's next run (four times as wide, 3600 ms) leaves it with 4500 ms, the quickest
    // cut's (3 back: twice its 200 ms) the cuts with 4600 ms: the start's turn.
    beam.spent_by = [ms(900), ms(4200)];
    let run = beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap();
    assert_eq!((run.series, run.prefix.len()), (0, 0));
    // With the cuts at 1000 ms, 4500 ms against 1400 ms: the cuts' turn, though the start has
    // taken less so far; the one expected to take least, 3 back (400 ms).
    beam.spent_by = [ms(900), ms(1000)];
    let run = beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap();
    assert_eq!(run.series, 4);
    let mut m = mine.clone();
    m.run(std::str::from_utf8(&run.prefix).unwrap());
    assert_eq!((m.lambdas_collected(), m.lambdas_remaining()), (20, 3), "just after the 3rd lambda from the end");
    assert_eq!(run.width, 4096, "a first run; {} moves left", FLOOD4_1589.len() - run.prefix.len());
    beam.series[4].1.last = ms(500);
    assert_eq!(beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap().series, 3, "2 back: 600 ms against 1000 ms");
    // With every cut waiting, the start goes whatever the time; then nothing.
    beam.series[3].1.idle = Some(1589);
    beam.series[4].1.idle = Some(1589);
    assert_eq!(beam.next_run(&mine, &sh, 1589, sh.deadline).unwrap().series, 0);
    beam.series[0].1.idle = Some(1589);
    assert!(beam.next_run(&mine, &sh, 1589, sh.deadline).is_none(), "every series waits");
}

#[test]
fn a_run_from_eight_lambdas_before_the_end_of_flood4_beats_the_high_score_table() {
    // The end game of the 1589 route at width 65536, from just after its 15th lambda: the
    // published best is 1594 (issue 26), the validator table's 1592.
    let mine = sample_map("flood4");
    let sh = Shared::for_test(1589, FLOOD4_1589.as_bytes());
    let t = Tables::new(&mine, 1 << 26).unwrap();
    let prefix = crate::mine::solve::base::replay::restart_point(&mine, FLOOD4_1589.as_bytes(), 8).unwrap();
    play_out(&mine, &t, &sh, Run::new(&mine, &sh, prefix, 1 << 16, 1589, 0));
    let score = sh.best_score.load(Ordering::Relaxed);
    assert!(score >= 1595, "{score}");
    let outcome = mine.clone().run(std::str::from_utf8(&sh.best_route()).unwrap());
    assert_eq!((outcome.score, outcome.ending), (score, crate::mine::Ending::Win));
}

#[test]
fn a_run_keeps_the_wins_that_come_near_the_best_route() {
    // On horock1 a run of width 4096 from the start offers its wins (the best so far 700)
    // up to 746, and keeps the later ones that do not beat the best by then but come within
    // 4 points: at most three, the best first, one for each collection order, each
    // re-scoring as it was kept.
    let mine = sample_map("horock1");
    let sh = Shared::for_test(700, b"");
    let t = Tables::new(&mine, 1 << 26).unwrap();
    let ended = play_out(&mine, &t, &sh, Run::new(&mine, &sh, Vec::new(), 4096, 700, 0));
    let best = sh.best_score.load(Ordering::Relaxed);
    assert_eq!(best, 746);
    assert!(!ended.near.is_empty() && ended.near.len() <= super::NEAR_KEPT, "{}", ended.near.len());
    assert!(ended.near.windows(2).all(|w| w[0].0 >= w[1].0), "the best first");
    let order_of =
        |route: &[u8]| crate::mine::solve::base::replay::Plan::new(&mine, route.to_vec(), usize::MAX).unwrap().goals;
    let mut orders = Vec::new();
    for (v, route) in &ended.near {
        let o = mine.clone().run(std::str::from_utf8(route).unwrap());
        assert_eq!((o.score, o.ending), (*v, crate::mine::Ending::Win));
        assert!(*v > 700 && *v <= best, "{v} against {best}");
        let order = order_of(route);
        assert!(!orders.contains(&order), "one for each collection order");
        orders.push(order);
    }
}

/// trampoline3's route from the trap pass with the tour: 5477, a win in 223 moves. It collects
/// the first five lambdas (the bottom row of the first room) from the middle.
const TRAMPOLINE3_5477: &str = "RRRRRDDDDDDDDDLLLRRRRRRRRDDLLLDDDRRUURUUURUUUUURRRRRRUURRRDDRRRRRRRRRRRRRRDDLLLDDDDDLLLLLRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRLLLLLLLLLLUULLLLLLLLULLUUURRDLDRDDRRRRURUUURRUUUUUURRRRRRRRRRRLLUUUULLLLLLLLLDDDDDDRRRRRRRRRRRDDDR";

#[test]
fn a_state_that_gets_to_the_best_routes_place_sooner_plays_its_rest() {
    // From the start, a run of width 4096 collects the first room's lambdas from the left end
    // and stands where the 5477 route stood after them, two moves sooner: within twenty layers
    // it plays the rest of the route from there, 5479 (the published best, issue 26).
    let mine = sample_map("trampoline3");
    let sh = Shared::for_test(5477, TRAMPOLINE3_5477.as_bytes());
    let t = Tables::new(&mine, 1 << 26).unwrap();
    let mut run = Some(Run::new(&mine, &sh, Vec::new(), 4096, 5477, 0));
    for _ in 0..20 {
        assert!(advance(&mut run, &mine, &t, &sh, &|| false).unwrap().is_none(), "the run goes on");
    }
    let route = sh.best_route();
    assert_eq!(sh.best_score.load(Ordering::Relaxed), 5479);
    assert_eq!(route[route.len() - 150..], TRAMPOLINE3_5477.as_bytes()[223 - 150..], "the same rest");
    let outcome = mine.clone().run(std::str::from_utf8(&route).unwrap());
    assert_eq!((outcome.score, outcome.ending, outcome.moves), (5479, crate::mine::Ending::Win, 221));
}

#[test]
fn routes_are_rebuilt_from_the_links() {
    // Layer 1: states 0 (L from 0), 1 (U from 0); layer 2: state 0 is D from state 1.
    let code = |c: u8| COMMANDS.iter().position(|&x| x == c).unwrap() as u32;
    let links = vec![vec![code(b'L'), code(b'U')], vec![(1 << 3) | code(b'D')]];
    assert_eq!(route_to(&links, 0), b"UD");
    assert_eq!(route_to(&links[..1], 0), b"L");
}

/// Plays `run` layer by layer to its end; how it ended.
fn play_out(mine: &Mine, t: &Tables, sh: &Shared, run: Run) -> Ended {
    let mut run = Some(run);
    loop {
        if let Some(ended) = advance(&mut run, mine, t, sh, &|| false).unwrap() {
            return ended;
        }
    }
}

/// Plays one whole run of `width` on sample map `name`, the best score so far being
/// `best`; returns the best score and route it leaves.
fn one_run(name: &str, width: usize, best: i64) -> (Mine, i64, Vec<u8>) {
    let mine = sample_map(name);
    let sh = Shared::for_test(best, b"");
    let t = Tables::new(&mine, 1 << 26).unwrap();
    play_out(&mine, &t, &sh, Run::new(&mine, &sh, Vec::new(), width, best, 0));
    let score = sh.best_score.load(Ordering::Relaxed);
    (mine, score, sh.best_route())
}

#[test]
fn a_narrow_run_wins_contest1() {
    // The high-score table's 212: 3 lambdas in a 13-move win.
    let (mine, score, route) = one_run("contest1", 1024, 0);
    assert_eq!(score, 212);
    assert_eq!(mine.clone().run(std::str::from_utf8(&route).unwrap()).score, 212);
}

#[test]
fn a_run_that_keeps_many_collection_orders_nears_the_table_on_contest9() {
    // The high-score table's 3093; the macro moves' best at 10 s is 3059. Without the cap
    // on states with the same goals left, a run of this width finds nothing above 3050.
    wins_with_at_least("contest9", 1 << 15, 3050, 3090);
}

#[test]
fn a_wide_run_finds_a_shorter_win_on_horock1_than_the_macro_moves() {
    // The macro moves' best is 750 (75 moves); the high-score table's is 758 (67 moves).
    wins_with_at_least("horock1", 1 << 17, 750, 758);
}

/// One run of `width` on sample map `name` (the best so far `best`) finds a route that
/// scores at least `least` and re-scores to what it was offered at, a win.
fn wins_with_at_least(name: &str, width: usize, best: i64, least: i64) {
    let (mine, score, route) = one_run(name, width, best);
    assert!(score >= least, "{name}: {score}");
    let outcome = mine.clone().run(std::str::from_utf8(&route).unwrap());
    assert_eq!((outcome.score, outcome.ending), (score, crate::mine::Ending::Win));
}

#[test]
fn a_first_run_far_from_the_routes_end_is_narrower() {
    // As wide as 4096 over 100 moves, in powers of two from 1024 to 4096.
    assert_eq!(first_cut_width(0), 4096);
    assert_eq!(first_cut_width(88), 4096, "beard2's cut 48 moves into 136");
    assert_eq!(first_cut_width(100), 4096);
    assert_eq!(first_cut_width(101), 2048);
    assert_eq!(first_cut_width(179), 2048, "beard4's cut 44 moves into 223");
    assert_eq!(first_cut_width(200), 2048);
    assert_eq!(first_cut_width(201), 1024);
    assert_eq!(first_cut_width(1000), 1024);
}

/// contest8's best route after 15 s on one core before the first walk's runs: 1963, a win in
/// 137 moves, its first lambda (the task's (8, 3)) at move 10.
const CONTEST8_1963: &str = "UULLDDRLLULLLLRRRRRURRRRRRURRRRDDLLLRUUUURUUUULLULLLLLLUULLLLUUULLDDDDDDLDRDDDLLRRUUUULLDDURRUUUUUUULLRRRRRRRRRDDDDDDDRRDDDDDRRRDDDLLLLLD";

#[test]
fn a_run_from_the_first_walk_pushes_contest8s_falling_rock_aside() {
    // The rock at (11, 16) falls down the shaft above the lift (11, 1) from the first turn.
    // The route takes its first lambda in 10 moves; the shortest walk there takes 6 (up twice,
    // left three times, down), and a run 8192 wide from after it finds the table's 1973: the
    // robot waits beside the shaft and pushes the rock aside as it lands (moves 7-15), then
    // takes the lambdas right of the lift along the bottom row.
    let mine = sample_map("contest8");
    let route = CONTEST8_1963.as_bytes();
    let walk = first_walk(&mine, route, &Replay::new(&mine, route)).unwrap();
    assert_eq!(walk, b"UULLLD");
    let (mut by_walk, mut by_route) = (mine.clone(), mine.clone());
    by_walk.run("UULLLD");
    by_route.run(&CONTEST8_1963[..10]);
    assert_eq!((by_walk.robot, by_walk.collected), (by_route.robot, 1));
    assert_eq!(mine.pos(by_walk.robot), (8, 3), "the task's (x, y): column 8, row 3 from the bottom");
    let sh = Shared::for_test(1963, route);
    let t = Tables::new(&mine, 1 << 26).unwrap();
    play_out(&mine, &t, &sh, Run::new(&mine, &sh, walk, 8192, 1963, 0));
    let best = sh.best_route();
    let outcome = mine.clone().run(std::str::from_utf8(&best).unwrap());
    assert_eq!((outcome.score, outcome.ending, outcome.moves), (1973, crate::mine::Ending::Win, 127));
    assert!(best.starts_with(b"UULLLDRURRRWLDD"), "{}", String::from_utf8_lossy(&best));
    // That route's own way to its first lambda is the shortest: no walk.
    assert_eq!(first_walk(&mine, &best, &Replay::new(&mine, &best)), None);
}

/// horock3's late shave (`waypoints.rs`): from the state where the walk to the beard starts
/// (20 lambdas, three razors, move 42), a run 32768 wide that keeps only the states that can
/// still shave by move 74 finds the table's 2406, a win in 144 moves. On its way to the beard
/// it digs (15, 11) and (15, 12), right of the higher-order rock at (14, 12): the rock resting
/// on it slides off and falls, and the higher-order rock, pushed there later, falls and breaks.
#[test]
fn a_run_from_the_late_shave_reaches_horock3s_table() {
    let mine = sample_map("horock3");
    let won = crate::mine::solve::base::shared::HOROCK3_WON;
    let best = mine.clone().run(std::str::from_utf8(won).unwrap()).score;
    let sh = Shared::for_test(best, won);
    let until = std::time::Instant::now() + Duration::from_secs(60);
    let late = super::Waypoints::default().starts(&mine, won, &sh, until).1.unwrap();
    let t = Tables::new(&mine, 1 << 26).unwrap();
    let mut run = Run::new(&mine, &sh, late.prefix.clone(), 32768, best, 0);
    run.keep = Some(late.keep);
    play_out(&mine, &t, &sh, run);
    let route = sh.best_route();
    let outcome = mine.clone().run(std::str::from_utf8(&route).unwrap());
    assert_eq!((outcome.score, outcome.moves), (2406, 144), "{}", String::from_utf8_lossy(&route));
    assert_eq!((outcome.ending, outcome.lambdas), (crate::mine::Ending::Win, 34));
    assert!(route.starts_with(&late.prefix));
    let shaves: Vec<usize> = route.iter().enumerate().filter(|(_, &c)| c == b'S').map(|(i, _)| i + 1).collect();
    assert!(shaves.len() == 3 && shaves[0] > 50 && shaves[2] <= 75, "{shaves:?}");
}
