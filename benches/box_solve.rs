//! Solve times of the box solver, `tumble::r#box::solve`.
//!
//! The sample: the 400 states of `tests/data/box/cases.tsv`, plus 4 states reached from each of
//! them by 1 to 40 random legal manipulations (2 000 states in all; deterministic generator).
//! First a plain loop times every solve once with `std::time::Instant` and prints median, p90,
//! p99 and max time and states explored/stored (for the whole sample and for the 400 cases.tsv
//! states alone); then criterion times the state whose solve time is the sample's median, and the
//! hardest box found so far (23 shubbles, 25 moves, 467 000 stored states).
//! Run: `cargo bench --bench box_solve -- --warm-up-time 1 --measurement-time 3`.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tumble::r#box::{apply, solve, solve_with_stats, BoxState, Manipulation};

/// The cases.tsv states, then `extra_per_case` random legal descendants of each (in whatever
/// orientation the random walk ends: the solver accepts any).
fn sample(extra_per_case: usize) -> Vec<BoxState> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/box/cases.tsv");
    let text = std::fs::read_to_string(path).expect("read cases.tsv");
    let cases: Vec<BoxState> = text
        .lines()
        .filter_map(|l| l.split('\t').next())
        .filter(|s| !s.is_empty())
        .map(|s| BoxState::parse(s).expect("valid state"))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x2545_F491_4F6C_DD1D);
    let mut out = cases.clone();
    for start in &cases {
        for _ in 0..extra_per_case {
            let steps = 1 + rng.next_u64() % 40;
            let mut s = *start;
            let mut done = 0;
            let mut tries = 0;
            while done < steps && tries < 1000 {
                tries += 1;
                let m = Manipulation::ALL[(rng.next_u64() % 7) as usize];
                if let Ok(n) = apply(&s, m) {
                    s = n;
                    done += 1;
                }
            }
            out.push(s);
        }
    }
    out
}

/// The value at quantile `q` (0..=1) of sorted `v`.
fn quantile<T: Copy>(v: &[T], q: f64) -> T {
    v[((v.len() - 1) as f64 * q).round() as usize]
}

/// The hardest box found (hand-made, 23 shubbles): 25 moves, 467 000 stored states.
const HARDEST: &str = "oooo..xoooo.ooooooooooxoooo@o";

type Run = (Duration, BoxState, usize, usize, Option<usize>);

/// Solves every state once, timing each; prints a summary under `label`; returns the runs sorted
/// by time.
fn measure(label: &str, states: &[BoxState]) -> Vec<Run> {
    let mut runs: Vec<Run> = states
        .iter()
        .map(|s| {
            let t = Instant::now();
            let (sol, stats) = solve_with_stats(black_box(s));
            let dt = t.elapsed();
            assert!(!stats.capped, "cap reached for {s}");
            (dt, *s, stats.explored, stats.stored, sol.map(|m| m.len()))
        })
        .collect();
    runs.sort_by_key(|r| r.0);
    let times: Vec<Duration> = runs.iter().map(|r| r.0).collect();
    let mut explored: Vec<usize> = runs.iter().map(|r| r.2).collect();
    explored.sort_unstable();
    let mut stored: Vec<usize> = runs.iter().map(|r| r.3).collect();
    stored.sort_unstable();
    let solvable = runs.iter().filter(|r| r.4.is_some()).count();
    let lengths: Vec<usize> = runs.iter().filter_map(|r| r.4).collect();
    let total: Duration = times.iter().sum();
    eprintln!("box_solve [{label}]");
    eprintln!(
        "box_solve: {} states, {} solvable (solution length {}..={}), total {:.2?}",
        runs.len(),
        solvable,
        lengths.iter().min().copied().unwrap_or(0),
        lengths.iter().max().copied().unwrap_or(0),
        total
    );
    eprintln!(
        "box_solve: time     median {:.3?}  p90 {:.3?}  p99 {:.3?}  max {:.3?}",
        quantile(&times, 0.5),
        quantile(&times, 0.9),
        quantile(&times, 0.99),
        quantile(&times, 1.0)
    );
    eprintln!(
        "box_solve: explored median {}  p90 {}  p99 {}  max {}",
        quantile(&explored, 0.5),
        quantile(&explored, 0.9),
        quantile(&explored, 0.99),
        quantile(&explored, 1.0)
    );
    eprintln!(
        "box_solve: stored   median {}  p90 {}  p99 {}  max {}",
        quantile(&stored, 0.5),
        quantile(&stored, 0.9),
        quantile(&stored, 0.99),
        quantile(&stored, 1.0)
    );
    let slowest = runs.last().expect("non-empty sample");
    eprintln!(
        "box_solve: slowest {} (turns {}): {:.3?}, explored {}, stored {}, solution {:?}",
        slowest.1,
        slowest.1.turns(),
        slowest.0,
        slowest.2,
        slowest.3,
        slowest.4
    );
    runs
}

fn bench(c: &mut Criterion) {
    let states = sample(4);
    measure("cases.tsv states", &states[..400]);
    let runs = measure("cases.tsv + random walks", &states);
    let median = runs[runs.len() / 2].1;
    eprintln!("box_solve: criterion state (median time): {median}");
    let hardest = BoxState::parse(HARDEST).expect("valid state");
    let mut group = c.benchmark_group("box");
    group.bench_function("solve_median_state", |b| b.iter(|| solve(black_box(&median))));
    group.sample_size(10);
    group.bench_function("solve_hardest_state", |b| b.iter(|| solve(black_box(&hardest))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
