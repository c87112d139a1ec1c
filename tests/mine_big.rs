//! A generated 1000 x 1000 mine with many rocks: the incremental update matches the full scan,
//! and a long walk runs (this test is also the one measured for peak memory:
//! `/usr/bin/time -v target/release/deps/mine_big-* big_map_long_walk --exact`).

use std::time::Instant;
use tumble::mine::{Command, Mine};

/// About 14% rocks, 4% lambdas, 45% earth, 30% empty, 7% walls inside a wall border; three rows
/// of earth under the top wall with the robot in the middle; the lift in the bottom wall.
fn generated_map(w: usize, h: usize, mut seed: u64) -> String {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % 100
    };
    let mut rows: Vec<String> = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                        '#'
                    } else if y <= 3 {
                        '.'
                    } else {
                        match next() {
                            0..=13 => '*',
                            14..=17 => '\\',
                            18..=62 => '.',
                            63..=92 => ' ',
                            _ => '#',
                        }
                    }
                })
                .collect()
        })
        .collect();
    rows[1].replace_range(w / 2..w / 2 + 1, "R");
    rows[h - 1].replace_range(1..2, "L");
    rows.join("\n")
}

#[test]
fn big_map_incremental_matches_full_scan() {
    let start = Mine::parse(&generated_map(1000, 1000, 0x9e37_79b9)).unwrap();
    let (mut inc, mut full) = (start.clone(), start);
    let mut moved = 0;
    for ch in "WDDWWLLDDRRRDDDWWDLLLDDWWRRDDW".chars() {
        let c = Command::from_char(ch).unwrap();
        let a = inc.step(c);
        moved += a.rocks.len();
        assert_eq!(a, full.step_reference(c));
        assert_eq!(inc, full);
    }
    assert!(moved > 10_000, "the first updates move many rocks ({moved})");
}

#[test]
fn big_map_long_walk() {
    let text = generated_map(1000, 1000, 0x9e37_79b9);
    let t0 = Instant::now();
    let mut m = Mine::parse(&text).unwrap();
    let parsed = t0.elapsed();
    let pattern: Vec<Command> =
        "DDLLLLLLLLRRRRRRRRRRRRRRRRUUWWDDDLLLLLLLRRRRRRRRUUW".chars().filter_map(Command::from_char).collect();
    let t1 = Instant::now();
    let mut steps = 0;
    let mut rocks = 0;
    while steps < 200_000 && m.ending().is_none() {
        for &c in &pattern {
            rocks += m.step(c).rocks.len();
            steps += 1;
        }
    }
    eprintln!(
        "1000x1000: parse {parsed:?}, {steps} steps in {:?} ({rocks} rock moves), ending {:?}",
        t1.elapsed(),
        m.ending()
    );
    assert!(steps >= 50);
}
