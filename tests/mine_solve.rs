//! The route finder (`tumble::mine::solve`): routes re-score exactly, reach stated fractions of
//! the organisers' high-score table, and `solve` answers the stop signal quickly.
//! Run in release: `cargo test --release --test mine_solve`.
//!
//! The searches run on a work budget (`SolveOptions::budget_steps`, engine steps; a million
//! stand for about a second of one core): one thread and the same route on every run and
//! machine, so these tests pass or fail the same way on a loaded machine. The wall-clock limit
//! given with them is only a safety net. The stop-signal test is about the wall clock and uses
//! the time budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tumble::mine::{solve, Mine, SolveOptions};

/// The tests run one at a time, so that the stop-signal test's search gets both cores.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn load(name: &str) -> Mine {
    let path = format!("{}/tests/data/mine/maps/{name}.map", env!("CARGO_MANIFEST_DIR"));
    Mine::parse(&std::fs::read_to_string(path).expect("map file")).expect("map parses")
}

fn opts(secs: f64) -> SolveOptions {
    SolveOptions { time_limit: Duration::from_secs_f64(secs), ..SolveOptions::default() }
}

/// A work budget of `millions` million engine steps (a 10-minute wall-clock safety net).
fn work(millions: f64) -> SolveOptions {
    SolveOptions {
        time_limit: Duration::from_secs(600),
        budget_steps: Some((millions * 1e6) as u64),
        ..SolveOptions::default()
    }
}

/// Solves `name` with a work budget of `millions` million steps; checks the route re-scores
/// exactly on a fresh copy and reaches at least `min_score` (the high-score table's value is
/// `table`).
fn check(name: &str, millions: f64, table: i64, min_score: i64) {
    let _serial = serial();
    let mine = load(name);
    let stop = AtomicBool::new(false);
    let sol = solve(&mine, &work(millions), &stop, &|_| {});
    let fresh = load(name).run(&sol.route);
    assert_eq!(fresh.score, sol.score, "{name}: route {} re-scores differently", sol.route);
    assert!(
        sol.score >= min_score,
        "{name}: score {} below {min_score} (table {table}); route {}",
        sol.score,
        sol.route
    );
    assert!(sol.states_explored > 0);
}

#[test]
fn contest1_reaches_the_known_optimum() {
    check("contest1", 2.0, 212, 212);
}

#[test]
fn contest2_close_to_table() {
    check("contest2", 3.0, 281, 270);
}

#[test]
fn trampoline1_reaches_table() {
    // 426 needs 11 setup moves (clear a cell, push the rock above trampoline B out of the
    // lift's column) before any lambda; found in under a second on two idle cores.
    check("trampoline1", 4.0, 426, 426);
}

#[test]
fn flood1_reaches_table() {
    check("flood1", 3.0, 945, 930);
}

#[test]
fn beard1_reaches_table() {
    check("beard1", 3.0, 860, 850);
}

#[test]
fn horock1_wins_with_the_rocks_behind_the_trampoline() {
    // The last two lambdas are higher-order rocks over a room reached only through trampoline
    // A: the beam alone stops at 9 of 11 (414); a continuation run from the end of that route
    // jumps, digs under them and wins with all 11 (752 within 10 million steps; the table's 758).
    check("horock1", 10.0, 758, 700);
}

#[test]
fn beard3_leaves_the_lambdas_by_the_lift_for_last() {
    // Ranked by moves alone, the beam collects the lambdas next to the lift first and all 25
    // end far from it behind beards (1175); the tour bound leaves them for last and wins.
    // The winning order comes from a tour-bound beam of width 32: 1791 within 10 million steps.
    check("beard3", 10.0, 1789, 1700);
}

#[test]
fn beard4_keeps_the_lift_side_beards_lambdas_for_last() {
    // Taken early, the lambdas of the top-right room (two beards) and beside the bottom-right
    // beard let the beards grow over the corridors to the lift: every route collecting all 44
    // aborts (2033). The beard deferral lanes keep those groups for last and win (3086-3101 at
    // 30-150 s). While the best route loses the lift they run only their reach-weighted
    // configurations and no time goes to polishing it: 3059 within 10 million steps.
    check("beard4", 10.0, 3103, 2900);
}

#[test]
fn beard4_reaches_the_table_from_cuts_far_back_on_its_route() {
    // After the win (3059), the single-command beam's runs from cuts 12 to 41 lambdas back
    // tighten beard4's 223-move route one stretch at a time (3074, 3075, 3081, 3093, 3103).
    // They come in time when a long run from the start waits while those from the cuts are
    // quick, and when the first run from a cut more than 100 moves from the end is 2048 wide
    // instead of 4096: 3103 within 25 million steps, 3081 with neither.
    check("beard4", 25.0, 3103, 3103);
}

#[test]
fn horock3_shaves_the_beard_by_the_lift_early() {
    // The beard beside the lift grows over the way to it every 25 moves, and three razors
    // cannot cut through it late: every route that collects first aborts (1603 with all 34
    // lambdas). The win fetches a razor and shaves the beard twice near move 40; a
    // reach-weighted run at width 64 finds it, once the lanes stop spending the time on
    // end games, unweighted runs and local passes while the best route loses the lift (with
    // 33 of the lambdas already): 2363 within 10 million steps.
    check("horock3", 10.0, 2406, 2300);
}

#[test]
fn contest10_reaches_the_table_when_a_cut_beam_run_resumes() {
    // A run of the single-command beam cut at the end of its slice resumes after the next
    // configuration instead of after the whole turn (wide beams take seconds a turn): 3640
    // within 10 million steps, 3618 when it waited for the turn's end.
    check("contest10", 10.0, 3634, 3634);
}

#[test]
fn contest9_keeps_the_last_lambda_reachable() {
    // Pushing the top-right rock along its row drops it onto the last lambda's only way in
    // (an abort with 42 of 43, 1990); going round below it keeps the lambda and wins.
    check("contest9", 4.0, 3093, 3000);
}

#[test]
fn contest9_reaches_the_table_from_the_cuts_near_the_end() {
    // The single-command beam's runs from the best route's cuts 1 to 8 lambdas back, before its
    // first (long) run from the start, finish the route in fewer moves: 3094 within 15 million
    // steps, where the lanes alone stop at 3077.
    check("contest9", 15.0, 3093, 3093);
}

#[test]
fn trampoline3_does_not_end_beyond_the_trap_target() {
    // Target 2 has a rock above it and rocks on both sides: the top corridor's only exit (B)
    // lands there, so entering the corridor last strands the robot with 72 of 76 (3408).
    // Counting trap jumps as no way through makes the search plan the way out and win.
    check("trampoline3", 4.0, 5477, 5300);
}

#[test]
fn a_work_budget_gives_the_same_route_on_every_run_with_any_threads() {
    // contest9 and horock3 use most strategies within 3 million steps (lanes, restarts, the
    // local passes, continuations, the single-command beam); a timed search's route differs
    // from run to run. The threads asked for do not matter: a work budget runs on one.
    let _serial = serial();
    for name in ["contest9", "horock3"] {
        let mine = load(name);
        let stop = AtomicBool::new(false);
        let first = solve(&mine, &work(3.0), &stop, &|_| {});
        let again = solve(&mine, &SolveOptions { threads: 2, ..work(3.0) }, &stop, &|_| {});
        assert_eq!(first, again, "{name}");
        assert_eq!(load(name).run(&first.route).score, first.score);
        let more = solve(&mine, &work(4.0), &stop, &|_| {});
        assert!(more.states_explored > first.states_explored, "{name}: a bigger budget does more");
    }
}

#[test]
fn routes_stop_at_the_route_limit() {
    // One row of 22 cells (the map edge is a wall): the lift, a lambda, the robot in the
    // middle, a lambda at the right end. Both lambdas and the lift take 31 moves (a win of
    // 150 - 31 = 119), but the judges play only the first 22 x 1 commands (task text §3.1):
    // the best they can score is one lambda and an abort after 10 moves (25 + 25 - 10).
    let _serial = serial();
    let mine = Mine::parse("L\\.........R.........\\\n").unwrap();
    assert_eq!(mine.route_limit(), 22);
    assert_eq!(mine.clone().run(&format!("{}{}", "R".repeat(10), "L".repeat(21))).score, 119);
    let stop = AtomicBool::new(false);
    let sol = solve(&mine, &work(1.0), &stop, &|p| assert!(p.best_route.len() <= 22, "{}", p.best_route));
    assert!(sol.route.len() <= mine.route_limit(), "{}", sol.route);
    assert_eq!((sol.score, sol.route.len()), (40, 10), "{}", sol.route);
    assert_eq!(mine.clone().run(&sol.route).score, 40);
}

#[test]
fn empty_budget_gives_a_valid_route() {
    let _serial = serial();
    let mine = load("contest1");
    let stop = AtomicBool::new(true);
    let sol = solve(&mine, &opts(5.0), &stop, &|_| {});
    assert_eq!(load("contest1").run(&sol.route).score, sol.score);
    assert!(sol.score >= 0);
}

#[test]
fn progress_reports_improvements() {
    let _serial = serial();
    let mine = load("contest3");
    let stop = AtomicBool::new(false);
    let best = std::sync::Mutex::new(i64::MIN);
    let sol = solve(&mine, &work(1.0), &stop, &|p| {
        let mut b = best.lock().unwrap();
        *b = (*b).max(p.best_score);
        assert_eq!(load("contest3").run(&p.best_route).score, p.best_score);
    });
    assert_eq!(*best.lock().unwrap(), sol.score);
    assert_eq!(sol.score, 275);
}

#[test]
fn stop_signal_is_answered_within_a_second() {
    // The biggest judging map (131 x 40, Growth 1); the budget is far longer than the wait.
    let _serial = serial();
    let mine = load("round2_full10");
    let stop = AtomicBool::new(false);
    let stopped_at = std::sync::OnceLock::new();
    let start = Instant::now();
    let (sol, returned_at) = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_secs(1));
            stopped_at.set(Instant::now()).unwrap();
            stop.store(true, Ordering::SeqCst);
        });
        let sol = solve(&mine, &opts(60.0), &stop, &|_| {});
        (sol, Instant::now())
    });
    let stopped_at = *stopped_at.get().expect("stop was set before solve returned");
    let lag = returned_at.saturating_duration_since(stopped_at);
    eprintln!("solve returned {lag:?} after the stop signal");
    assert!(lag < Duration::from_millis(1500), "solve returned {lag:?} after stop");
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(load("round2_full10").run(&sol.route).score, sol.score);
    assert!(sol.score > 0, "a second on the big map finds something");
}
