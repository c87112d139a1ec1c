//! 0h n0 engine timings: solving the 60 data puzzles (each 9x9 one on its own), the 30x30
//! boards of big_solvable.txt, explaining empty boards step by step (40x40 and the 100x100
//! limit: every step a guess), and generating unique puzzles of sizes 4..12.
//!
//! Run: `cargo bench --bench ohno_solve -- --warm-up-time 1 --measurement-time 3`.
//! Targets: a 9x9 solve under 50 µs, a 30x30 under 100 ms, a unique 9x9 generated under 10 ms,
//! the steps of an empty 100x100 board within a minute.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tumble::ohno::{explain, generate, solve, Board};

#[path = "../tests/common/ohno_data.rs"]
mod ohno_data;

/// `(header, puzzle)` of every record of a data file in `tests/data/ohno/`.
fn load(name: &str) -> Vec<(String, Board)> {
    ohno_data::load(name).into_iter().map(|r| (r.header, Board::parse(&r.puzzle).unwrap())).collect()
}

fn bench_data(c: &mut Criterion) {
    let puzzles = load("all_puzzles_challenge_format.txt");
    assert_eq!(puzzles.len(), 60);
    let mut g = c.benchmark_group("ohno_solve");
    g.throughput(Throughput::Elements(60));
    g.bench_function("all_60_puzzles", |b| {
        b.iter(|| {
            for (_, p) in &puzzles {
                black_box(solve(black_box(p)).unwrap());
            }
        })
    });
    g.throughput(Throughput::Elements(1));
    for (header, p) in puzzles.iter().filter(|(_, p)| p.size() == 9) {
        let name = header.split_whitespace().next().unwrap();
        g.bench_with_input(BenchmarkId::new("9x9", name), p, |b, p| b.iter(|| solve(black_box(p)).unwrap()));
    }
    for (header, p) in load("stall_unique.txt").into_iter().take(3) {
        let name = header.split(';').next().unwrap().trim().replace(' ', "_");
        let size = p.size();
        g.bench_with_input(BenchmarkId::new(format!("stall_{size}x{size}"), name), &p, |b, p| {
            b.iter(|| solve(black_box(p)).unwrap())
        });
    }
    g.finish();

    let mut g = c.benchmark_group("ohno_solve_big");
    g.sample_size(10);
    for (header, p) in load("big_solvable.txt").into_iter().filter(|(_, p)| p.size() == 30) {
        let name = header.split_whitespace().nth(2).unwrap().to_string();
        g.bench_with_input(BenchmarkId::new("30x30", name), &p, |b, p| b.iter(|| solve(black_box(p)).unwrap()));
    }
    g.finish();
}

fn bench_empty_steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("ohno_steps_empty");
    g.sample_size(10);
    for n in [40, 100] {
        let empty = Board::parse(&vec![".".repeat(n); n].join("\n")).unwrap();
        g.bench_with_input(BenchmarkId::from_parameter(format!("{n}x{n}")), &empty, |b, p| {
            b.iter(|| explain(black_box(p)).unwrap())
        });
    }
    g.finish();
}

fn bench_generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("ohno_generate");
    for size in 4..=12 {
        // A different seed each iteration: the mean over many puzzles of this size.
        g.bench_with_input(BenchmarkId::from_parameter(size), &size, |b, &size| {
            let mut seed = 0u64;
            b.iter(|| {
                seed += 1;
                generate(black_box(size), seed)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_data, bench_empty_steps, bench_generate);
criterion_main!(benches);
