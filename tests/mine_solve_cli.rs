//! `tumble mine solve` as the contest ran it: the map on standard input, SIGINT after a while,
//! and a valid route printed within 1 s.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tumble::mine::Mine;

fn map(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/mine/maps/{name}.map", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn sigint_after_two_seconds_gives_a_valid_route_within_one_second() {
    let text = map("contest10");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tumble"))
        .args(["mine", "solve", "--time-limit", "120"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let sent = Instant::now();
    let ok = Command::new("kill").arg("-INT").arg(child.id().to_string()).status().unwrap();
    assert!(ok.success());
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    assert!(took < Duration::from_secs(1), "answered {took:?} after SIGINT");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let route = String::from_utf8(out.stdout).unwrap();
    let route = route.trim_end();
    assert!(route.chars().all(|c| "LRUDWSA".contains(c)), "{route:?}");
    // The route is real: re-scored by the engine it beats doing nothing by far on contest10.
    let outcome = Mine::parse(&text).unwrap().run(route);
    assert!(outcome.score > 1000, "score {} after 2 s", outcome.score);
}

#[test]
fn time_limit_and_summary() {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_tumble"))
        .args(["mine", "solve", "--time-limit", "2", "--summary"])
        .arg(format!("{}/tests/data/mine/maps/contest1.map", env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(4));
    assert!(out.status.success());
    let route = String::from_utf8(out.stdout).unwrap();
    let outcome = Mine::parse(&map("contest1")).unwrap().run(route.trim_end());
    // 212 is contest1's best possible score (VECTORS.md A20 and the high-score table).
    assert_eq!(outcome.score, 212);
    assert!(String::from_utf8_lossy(&out.stderr).contains("score 212, win"));
}

/// `--budget-steps` as a person types it, before and after the map: the same route twice, and
/// the route scores what the summary says.
#[test]
fn a_work_budget_prints_the_same_route_twice() {
    let path = format!("{}/tests/data/mine/maps/contest6.map", env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tumble")).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run(&["mine", "solve", "--budget-steps", "1500000", &path]);
    let again = run(&["mine", "solve", &path, "--threads", "2", "--budget-steps=1500000"]);
    assert_eq!(first, again);
    let score = Mine::parse(&map("contest6")).unwrap().run(first.trim()).score;
    assert_eq!(score, 1177, "the table's score within 1.5 million steps: {first}");
    let bad = Command::new(env!("CARGO_BIN_EXE_tumble")).args(["mine", "solve", &path, "--budget-steps", "0"]).output();
    assert_eq!(bad.unwrap().status.code(), Some(2), "a budget of 0 steps is refused");
}
