//! Manipulations per second of the box engine's fast path, `tumble::r#box::apply`.
//!
//! Legal sequences are generated before timing: random manipulations from the states of
//! `tests/data/box/cases.tsv`, keeping only the legal ones (about half turns, half stot moves).
//! Run: `cargo bench --bench box_engine -- --warm-up-time 1 --measurement-time 3`.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tumble::r#box::{apply, BoxState, Manipulation};

/// `(start, legal moves)` pairs; `per_sequence` manipulations each.
fn sequences(count: usize, per_sequence: usize) -> Vec<(BoxState, Vec<Manipulation>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/box/cases.tsv");
    let text = std::fs::read_to_string(path).expect("read cases.tsv");
    let states: Vec<BoxState> =
        text.lines().filter_map(|l| l.split('\t').next()).map(|s| BoxState::parse(s).expect("valid state")).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let start = states[rng.next_u64() as usize % states.len()];
        let mut s = start;
        let mut moves = Vec::with_capacity(per_sequence);
        let mut tries = 0;
        while moves.len() < per_sequence && tries < per_sequence * 20 {
            tries += 1;
            // Turns and stot moves equally likely, so stot moves are well represented.
            let m = if rng.next_u64().is_multiple_of(2) {
                Manipulation::ALL[(rng.next_u64() % 3) as usize]
            } else {
                Manipulation::ALL[3 + (rng.next_u64() % 4) as usize]
            };
            if let Ok(next) = apply(&s, m) {
                s = next;
                moves.push(m);
            }
        }
        if moves.len() == per_sequence {
            out.push((start, moves));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let seqs = sequences(1000, 100);
    let total: usize = seqs.iter().map(|(_, m)| m.len()).sum();
    let turns = seqs.iter().flat_map(|(_, m)| m).filter(|m| m.quarter_turns().is_some()).count();
    eprintln!("box_engine: {total} manipulations, {turns} of them turns");
    let mut group = c.benchmark_group("box");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for (start, moves) in &seqs {
                let mut s = *start;
                for &m in moves {
                    s = match apply(black_box(&s), black_box(m)) {
                        Ok(n) => n,
                        Err(_) => unreachable!("sequences are legal"),
                    };
                }
                acc = acc.wrapping_add(s.shubble_mask());
            }
            black_box(acc)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
