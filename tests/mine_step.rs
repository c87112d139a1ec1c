//! Step reports (the trace events), recording, and the text forms.

use std::fs;
use std::time::Instant;
use tumble::mine::{
    record, record_compact, render_map, summary, to_json, Collected, Command, Ending, Jump, Loss, Mine, MineEvent,
    RockMove, Tile,
};

fn data(path: &str) -> String {
    let p = format!("{}/tests/data/mine/{}", env!("CARGO_MANIFEST_DIR"), path);
    fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

#[test]
fn command_chars() {
    for c in "LRUDWAS".chars() {
        assert_eq!(Command::from_char(c).unwrap().to_char(), c);
    }
    for c in "lrx \n5".chars() {
        assert_eq!(Command::from_char(c), None);
    }
    // Other characters are skipped at no cost.
    let mut m = Mine::parse(&data("maps/contest1.map")).unwrap();
    assert_eq!(m.run("L D R D D U L U L L D D L\n").score, 212);
}

#[test]
fn report_push_fall_and_horock_breaking() {
    let mut m = Mine::parse_lenient(&data("micro/horock_push.map")).unwrap();
    let r1 = m.step(Command::Right);
    assert_eq!((r1.robot_from, r1.robot_to, r1.valid), ((2, 3), (3, 3), true));
    let r2 = m.step(Command::Right);
    assert_eq!(r2.pushed, Some(RockMove { from: (4, 3), to: (5, 3), higher_order: true, became_lambda: false }));
    assert_eq!(r2.rocks, vec![RockMove { from: (5, 3), to: (5, 2), higher_order: true, became_lambda: true }]);
    assert_eq!(m.cell(5, 2), Tile::Lambda);
    assert_eq!(m.lambdas_remaining(), 1);
    assert_eq!(m.lambdas_total(), 1);
}

#[test]
fn report_crash_and_crush() {
    let mut m = Mine::parse_lenient(&data("micro/crash.map")).unwrap();
    let r = m.step(Command::Wait);
    assert_eq!(r.rocks.len(), 2);
    assert_eq!(r.rocks.iter().filter(|mv| mv.to == (3, 2)).count(), 2, "two rocks land in one cell");
    let mut m = Mine::parse(&data("micro/crush.map")).unwrap();
    let r = m.step(Command::Wait);
    assert_eq!(r.ending, Some(Ending::Lost(Loss::Crushed)));
    // Moves after the end are ignored.
    let after = m.step(Command::Left);
    assert!(after.ignored && !after.valid);
    assert_eq!((m.moves(), m.robot()), (1, (3, 3)));
}

#[test]
fn report_trampoline_jump() {
    let mut m = Mine::parse(&data("micro/tramp.map")).unwrap();
    m.step(Command::Right);
    let r = m.step(Command::Right);
    assert_eq!(r.jump, Some(Jump { trampoline: 'A', target: '1', removed: vec![(4, 4), (6, 4)] }));
    assert_eq!((r.robot_from, r.robot_to), ((3, 4), (2, 2)));
    assert_eq!(m.cell(8, 4), Tile::Trampoline('C'));
    // Targets act as walls.
    m.step(Command::Right);
    m.step(Command::Right);
    let r = m.step(Command::Right);
    assert!(!r.valid);
    assert_eq!(m.robot(), (4, 2));
    assert_eq!(m.cell(5, 2), Tile::Target('2'));
}

#[test]
fn report_beards_razors_lift_water() {
    let mut m = Mine::parse(&data("micro/beard.map")).unwrap();
    let r = m.step(Command::Wait);
    assert!(r.lift_opened, "no lambdas: the lift opens on the first update");
    m.step(Command::Wait);
    let r = m.step(Command::Wait);
    assert_eq!(r.beards_grown, vec![(5, 2), (7, 2), (5, 3), (6, 3), (7, 3)]);
    let r = m.step(Command::Shave);
    assert!(!r.valid && !r.razor_used, "no razor: S acts as W");
    m.step(Command::Right);
    let r = m.step(Command::Right);
    assert_eq!(r.collected, Some(Collected::Razor));
    assert_eq!(m.razors(), 1);
    let r = m.step(Command::Shave);
    assert!(r.razor_used);
    assert_eq!(r.beards_shaved, vec![(4, 3), (5, 3), (5, 4)]);
    assert_eq!(m.cell(5, 4), Tile::Empty);
    assert_eq!(m.razors(), 0);

    let mut w = Mine::parse(&data("micro/water.map")).unwrap();
    let reports: Vec<_> = "RDDD".chars().map(|c| w.step(Command::from_char(c).unwrap())).collect();
    assert_eq!(reports[0].collected, Some(Collected::Lambda));
    assert!(reports[0].lift_opened);
    assert_eq!((reports[1].water_before, reports[1].water_after), (1, 2));
    assert_eq!(reports[3].ending, Some(Ending::Lost(Loss::Drowned)));
    assert_eq!((w.water_level(), w.steps_under_water()), (3, 2));
}

#[test]
fn abort_and_win() {
    let mut m = Mine::parse(&data("maps/contest1.map")).unwrap();
    let r = m.step(Command::Abort);
    assert_eq!(r.ending, Some(Ending::Abort));
    assert_eq!((m.moves(), m.score()), (0, 0));
    let mut m = Mine::parse(&data("maps/contest1.map")).unwrap();
    let o = m.run("LDRDDUULLLDDLRRR");
    assert_eq!((o.score, o.ending, o.implicit_abort, o.moves, o.lambdas), (212, Ending::Win, false, 13, 3));
    assert_eq!(m.robot(), m.lift().unwrap());
    assert!(m.lift_open());
    assert_eq!(summary(&o), "score 212, win, 13 moves, 3 lambdas, water level 0, razors 0");
    let mut m = Mine::parse(&data("maps/contest1.map")).unwrap();
    let o = m.run("LDRDDUULLLDD");
    assert!(o.implicit_abort);
    assert_eq!(summary(&o), "score 138, abort, 12 moves, 3 lambdas, water level 0, razors 0");
    let mut f = Mine::parse(&data("maps/flood1.map")).unwrap();
    let o = f.run("LLLLDDDDDWWWWWWWWWWWW");
    assert_eq!(summary(&o), "score -14, lose (drowned), 14 moves, 0 lambdas, water level 2, razors 0");
}

/// `Mine::play` gives how much of the route was played: up to the command that ends the game
/// (the win at command 13, the abort `A`), all of it otherwise, characters that are not
/// commands included.
#[test]
fn the_part_of_a_route_that_is_played() {
    let play = |route: &str| Mine::parse(&data("maps/contest1.map")).unwrap().play(route);
    assert_eq!(play("LDRDDUULLLDDLRRR"), 13);
    assert_eq!(play("LDRDD x UULLLDDL RR"), 16);
    assert_eq!(play("LDAR"), 3);
    assert_eq!(play("LxD"), 3);
    assert_eq!(play(""), 0);
}

#[test]
fn json_output() {
    let mut m = Mine::parse(&data("maps/contest1.map")).unwrap();
    let o = m.run("LDRDDUULLLDDL");
    let json = to_json(&m, &o, "LDRDDUULLLDDL", 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["score"], 212);
    assert_eq!(v["ending"], "win");
    assert_eq!(v["moves"], 13);
    assert_eq!(v["lambdas"], 3);
    assert_eq!(v["map"].as_str().unwrap(), render_map(&m));
    assert_eq!((v["route"].as_str(), v["cut"].as_u64()), (Some("LDRDDUULLLDDL"), Some(0)));
    assert!(
        json.starts_with("{\"score\":212,\"ending\":\"win\",\"moves\":13,\"lambdas\":3,\"map\":\"######\\n#.   #\\n")
    );
    let mut c8 = Mine::parse(&data("maps/contest8.map")).unwrap();
    let o = c8.run("RRRRRUD");
    let v: serde_json::Value = serde_json::from_str(&to_json(&c8, &o, "RRRRRUD", 0)).unwrap();
    assert_eq!((v["ending"].as_str(), v["score"].as_i64()), (Some("lose"), Some(68)));
    assert!(v["map"].as_str().unwrap().contains('\\'));
}

#[test]
fn record_frames() {
    let m = Mine::parse(&data("maps/trampoline1.map")).unwrap();
    let route = "RRLDDRRRUULDLLLURRRRRRDD xx RRR";
    let t = record(&m, route);
    assert_eq!(t.len(), 25);
    assert_eq!(t.steps[0].event, MineEvent::Start);
    assert_eq!(t.steps[0].manipulation, None);
    assert_eq!(t.steps[24].manipulation, Some(23));
    assert_eq!(t.last().ending(), Some(Ending::Win));
    assert_eq!(t.last().score(), 426);
    let c = record_compact(&m, route);
    assert_eq!(c.len(), 25);
    assert_eq!(c.outcome().score, 426);
    for i in 0..c.len() {
        assert_eq!(c.state_at(i), t.steps[i].state);
        assert_eq!(c.trace.steps[i].event, t.steps[i].event);
        assert_eq!(c.trace.steps[i].state.robot, t.steps[i].state.robot());
    }
}

/// A 1000 x 1000 map with many rocks: a 200-step route records in well under a second either
/// way, and the compact recording rebuilds every frame exactly.
#[test]
fn record_big_map() {
    let w = 1000;
    let mut rows = vec!["#".repeat(w)];
    for y in 1..w - 1 {
        let row: String = (0..w)
            .map(|x| match (x, (x * 7 + y * 13) % 11) {
                (0, _) => '#',
                (x, _) if x == w - 1 => '#',
                (_, 0 | 5) => '*',
                (_, 3) => '\\',
                (_, 1 | 2 | 4) => ' ',
                _ => '.',
            })
            .collect();
        rows.push(row);
    }
    rows.push("#".repeat(w));
    for r in &mut rows[1..4] {
        r.replace_range(1..w - 1, &".".repeat(w - 2));
    }
    rows[1].replace_range(500..501, "R");
    rows[w - 1].replace_range(1..2, "L");
    let m = Mine::parse(&rows.join("\n")).unwrap();
    let route: String = "DD".to_string() + &"LLLLLLLLLLRRRRRRRRRRUDWW".repeat(10);
    let route = &route[..200];
    let t0 = Instant::now();
    let full = record(&m, route);
    let full_time = t0.elapsed();
    let t0 = Instant::now();
    let compact = record_compact(&m, route);
    let compact_time = t0.elapsed();
    eprintln!(
        "record 1000x1000, {} frames: full clones {full_time:?}, compact {compact_time:?} (interval {})",
        full.len(),
        compact.interval()
    );
    assert_eq!(full.len(), 201);
    assert!(full_time.as_secs_f64() < 5.0 && compact_time.as_secs_f64() < 1.0);
    for i in (0..full.len()).step_by(17).chain([full.len() - 1]) {
        assert_eq!(compact.state_at(i), full.steps[i].state, "frame {i}");
    }
}
