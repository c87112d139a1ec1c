//! Steps per second of the mine engine: on contest10 with a long legal random walk, and on a
//! generated 1000 x 1000 map with many rocks (incremental update: cost follows what moves, not
//! the area). The full-scan reference update is measured alongside for comparison.
//!
//! Run: `cargo bench --bench mine_engine -- --warm-up-time 1 --measurement-time 3`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use tumble::mine::{Command, Mine};

/// An exploring walk of up to `len` commands from `start` that never ends the game: each step
/// tries the five moves and takes one that does not end the game (no win, abort or loss),
/// preferring the least-visited destination (ties and one step in five: random).
fn legal_walk(start: &Mine, len: usize, seed: u64) -> Vec<Command> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = start.clone();
    let mut walk = Vec::with_capacity(len);
    let mut visits = std::collections::HashMap::new();
    let all = [Command::Left, Command::Right, Command::Up, Command::Down, Command::Wait];
    while walk.len() < len {
        let mut options = Vec::new();
        for &c in &all {
            let mut trial = m.clone();
            let rep = trial.step(c);
            if rep.ending.is_none() {
                let seen = *visits.get(&rep.robot_to).unwrap_or(&0u32);
                options.push((seen, rng.random_range(0..1000), c, trial));
            }
        }
        if options.is_empty() {
            break;
        }
        let pick = if rng.random_range(0..5) == 0 {
            rng.random_range(0..options.len() as u64) as usize
        } else {
            (0..options.len()).min_by_key(|&i| (options[i].0, options[i].1)).unwrap()
        };
        let (_, _, c, next) = options.swap_remove(pick);
        m = next;
        *visits.entry(m.robot()).or_insert(0) += 1;
        walk.push(c);
    }
    walk
}

/// A `w` x `h` mine: walls round the edge, inside about 14% rocks, 4% lambdas, 45% earth,
/// 30% empty, 7% walls; the robot near the top middle under three rows of earth; the lift in
/// the bottom wall.
fn generated_map(w: usize, h: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rows = Vec::with_capacity(h);
    for y in 0..h {
        let row: String = (0..w)
            .map(|x| {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    return '#';
                }
                if y <= 3 {
                    return '.';
                }
                match rng.random_range(0..100) {
                    0..=13 => '*',
                    14..=17 => '\\',
                    18..=62 => '.',
                    63..=92 => ' ',
                    _ => '#',
                }
            })
            .collect();
        rows.push(row);
    }
    rows[1].replace_range(w / 2..w / 2 + 1, "R");
    rows[h - 1].replace_range(1..2, "L");
    rows.join("\n")
}

fn bench(c: &mut Criterion) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let contest10 =
        Mine::parse(&std::fs::read_to_string(format!("{dir}/tests/data/mine/maps/contest10.map")).unwrap()).unwrap();
    let walk = legal_walk(&contest10, 5000, 0x5eed);
    let mut g = c.benchmark_group("mine_contest10");
    g.throughput(Throughput::Elements(walk.len() as u64));
    g.bench_function(format!("incremental_{}_steps", walk.len()), |b| {
        b.iter_batched(
            || contest10.clone(),
            |mut m| {
                for &cmd in &walk {
                    black_box(m.step(cmd));
                }
                m
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function(format!("full_scan_{}_steps", walk.len()), |b| {
        b.iter_batched(
            || contest10.clone(),
            |mut m| {
                for &cmd in &walk {
                    black_box(m.step_reference(cmd));
                }
                m
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();

    // 1000 x 1000. First the initial falls: 200 waits on the fresh map move ~87,000 rocks
    // (every rock is a candidate on the first update). Then, settled, an exploring walk.
    let fresh = Mine::parse(&generated_map(1000, 1000, 42)).unwrap();
    let mut g = c.benchmark_group("mine_1000x1000");
    g.sample_size(10);
    g.throughput(Throughput::Elements(200));
    g.bench_function("settling_200_waits", |b| {
        b.iter_batched(
            || fresh.clone(),
            |mut m| {
                for _ in 0..200 {
                    black_box(m.step(Command::Wait));
                }
                m
            },
            BatchSize::LargeInput,
        )
    });
    let mut big = fresh.clone();
    for _ in 0..200 {
        big.step(Command::Wait);
    }
    let walk = legal_walk(&big, 20_000, 7);
    g.throughput(Throughput::Elements(walk.len() as u64));
    g.bench_function(format!("incremental_{}_steps", walk.len()), |b| {
        b.iter_batched(
            || big.clone(),
            |mut m| {
                for &cmd in &walk {
                    black_box(m.step(cmd));
                }
                m
            },
            BatchSize::LargeInput,
        )
    });
    let short = &walk[..50];
    g.throughput(Throughput::Elements(short.len() as u64));
    g.bench_function("full_scan_50_steps", |b| {
        b.iter_batched(
            || big.clone(),
            |mut m| {
                for &cmd in short {
                    black_box(m.step_reference(cmd));
                }
                m
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
