//! The incremental map update equals the plain full-scan update (task.pdf §2.3 order) on random
//! maps and routes: whole state and step report compared after every step.

use proptest::prelude::*;
use tumble::mine::{render_map, Command, Mine};

/// A random map text: grid of rocks, higher-order rocks, lambdas, beards, razors, earth, walls
/// and empty cells, plus a robot, maybe a lift, trampolines/targets and metadata.
fn map_text() -> impl Strategy<Value = String> {
    map_text_sized(3..14, 3..12, false)
}

/// `top_robot`: the robot is in the top row (nothing can land on it there) and there is no
/// water, so games last long and the rock and beard dynamics run for many updates.
fn map_text_sized(
    ws: std::ops::Range<usize>,
    hs: std::ops::Range<usize>,
    top_robot: bool,
) -> impl Strategy<Value = String> {
    (ws, hs).prop_flat_map(move |(w, h)| {
        let n = w * h;
        let cell = prop::sample::select(vec![
            ' ', ' ', ' ', ' ', ' ', '.', '.', '.', '.', '#', '*', '*', '*', '@', '\\', 'W', '!',
        ]);
        (
            prop::collection::vec(cell, n),
            Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            0usize..3,     // targets
            0usize..4,     // extra trampolines
            any::<bool>(), // lift present
            (prop::sample::select(vec![0usize, 0, 0, 1, 2]), 0usize..5, 0usize..12, 0usize..5, 0usize..4), // water, flooding, waterproof, growth, razors
        )
            .prop_map(move |(mut cells, order, targets, extra, lift, (wa, fl, wp, gr, rz))| {
                let mut it = order.into_iter();
                let wa = if top_robot { 0 } else { wa };
                if top_robot {
                    // The robot goes in the top row at a column taken from the shuffled order;
                    // only its own cell leaves the order (n - 1 cells stay free for the rest).
                    let x = it.as_slice()[0] % w;
                    cells[x] = 'R';
                    it = it.filter(|&i| i != x).collect::<Vec<_>>().into_iter();
                } else {
                    cells[it.next().unwrap()] = 'R';
                }
                if lift {
                    cells[it.next().unwrap()] = 'L';
                }
                let tramps = if targets == 0 { 0 } else { targets + extra };
                for t in 0..targets {
                    cells[it.next().unwrap()] = (b'1' + t as u8) as char;
                }
                let mut meta = format!("Water {wa}\nFlooding {fl}\nWaterproof {wp}\nGrowth {gr}\nRazors {rz}\n");
                for k in 0..tramps {
                    let letter = (b'A' + k as u8) as char;
                    cells[it.next().unwrap()] = letter;
                    meta.push_str(&format!("Trampoline {letter} targets {}\n", (b'1' + (k % targets) as u8) as char));
                }
                let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
                format!("{}\n\n{}", rows.join("\n"), meta)
            })
    })
}

fn route() -> impl Strategy<Value = Vec<Command>> {
    let c = prop::sample::select(vec![
        Command::Left,
        Command::Left,
        Command::Right,
        Command::Right,
        Command::Up,
        Command::Down,
        Command::Down,
        Command::Wait,
        Command::Wait,
        Command::Wait,
        Command::Shave,
    ]);
    (prop::collection::vec(c, 0..80), prop::option::weighted(0.05, 0usize..80)).prop_map(|(mut v, abort)| {
        if let Some(i) = abort {
            v.insert(i.min(v.len()), Command::Abort);
        }
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn incremental_equals_full_scan(text in map_text(), commands in route()) {
        let start = Mine::parse_lenient(&text).unwrap();
        let mut inc = start.clone();
        let mut full = start.clone();
        for (i, &c) in commands.iter().enumerate() {
            let a = inc.step(c);
            let b = full.step_reference(c);
            prop_assert_eq!(&a, &b, "report differs at step {} ({:?})\n{}", i, c, text);
            prop_assert_eq!(&inc, &full, "state differs at step {} ({:?})\nstart:\n{}\nincremental:\n{}\nfull:\n{}",
                i, c, text, render_map(&inc), render_map(&full));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn incremental_equals_full_scan_long_games(
        text in map_text_sized(3..24, 3..16, true),
        commands in prop::collection::vec(
            prop::sample::select(vec![Command::Left, Command::Right, Command::Wait, Command::Wait, Command::Shave]),
            0..160,
        ),
    ) {
        let start = Mine::parse_lenient(&text).unwrap();
        let mut inc = start.clone();
        let mut full = start;
        for (i, &c) in commands.iter().enumerate() {
            let a = inc.step(c);
            let b = full.step_reference(c);
            prop_assert_eq!(&a, &b, "report differs at step {} ({:?})\n{}", i, c, text);
            prop_assert_eq!(&inc, &full, "state differs at step {} ({:?})\n{}", i, c, text);
        }
    }
}

/// Waiting on contest maps and the larger judging maps: rocks and beards settle identically.
#[test]
fn incremental_equals_full_scan_on_real_maps() {
    let dir = format!("{}/tests/data/mine/maps", env!("CARGO_MANIFEST_DIR"));
    let walk = "LLDDRRUUWWLDRDDLURRRDDDLLLUUWWWWRRRDDLLLSSUUURRRDDDLLLWWWWWWWWWWWWWWWWWWWWWWWWWW";
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let start = Mine::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let (mut inc, mut full) = (start.clone(), start);
        for ch in walk.chars() {
            let c = Command::from_char(ch).unwrap();
            assert_eq!(inc.step(c), full.step_reference(c), "{}", path.display());
            assert_eq!(inc, full, "{}", path.display());
        }
    }
}
