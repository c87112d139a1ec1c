//! 0h n0 generation at full size and the step-by-step explanation of a 30x30 puzzle.
//!
//! Run: `cargo bench --bench ohno_generate`.
//! Targets (issue 27): a 9x9 under 10 ms, a 30x30 under 1 s (median over seeds), `--steps` on
//! a 30x30 under 1 s.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tumble::ohno::{explain, generate, generate_with, Difficulty};

fn bench_generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("ohno_generate");
    g.sample_size(10);
    for size in [9usize, 20, 30] {
        // Seeds 1, 2, 3, ... in turn: the mean over puzzles of this size.
        g.bench_with_input(BenchmarkId::new("any", size), &size, |b, &size| {
            let mut seed = 0u64;
            b.iter(|| {
                seed = seed % 5 + 1;
                generate(black_box(size), seed)
            })
        });
    }
    for difficulty in [Difficulty::Easy, Difficulty::Hard] {
        g.bench_with_input(BenchmarkId::new(difficulty.name(), 30), &difficulty, |b, &d| {
            let mut seed = 0u64;
            b.iter(|| {
                seed = seed % 5 + 1;
                generate_with(30, seed, d).unwrap()
            })
        });
    }
    g.finish();
}

fn bench_steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("ohno_steps");
    g.sample_size(10);
    for seed in [1u64, 4] {
        let puzzle = generate(30, seed);
        g.bench_with_input(BenchmarkId::new("30x30", seed), &puzzle, |b, p| b.iter(|| explain(black_box(p)).unwrap()));
    }
    g.finish();
}

criterion_group!(benches, bench_generate, bench_steps);
criterion_main!(benches);
