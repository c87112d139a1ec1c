//! Routes found by hand for the two sample maps the route finder is furthest from (issue 5):
//! they show the high-score table's scores are reachable under our engine, and pin the engine's
//! rules on long, rock- and beard-heavy games. Each was also checked with an independent
//! re-implementation of the rules (a Python script written from the spec) that gave the same
//! score.

use tumble::mine::Mine;

fn run(map: &str, route: &str) -> String {
    let path = format!("{}/tests/data/mine/maps/{map}.map", env!("CARGO_MANIFEST_DIR"));
    let mut mine = Mine::parse(&std::fs::read_to_string(path).expect("map file")).expect("map parses");
    let o = mine.run(route);
    format!("{} {:?} {} {}", o.score, o.ending, o.moves, o.lambdas)
}

/// beard4: all 44 lambdas and the lift in 197 moves (the table's 3103). The columns next to
/// the beard by the lift are dug only on the way to the lift; no razor is used.
#[test]
fn beard4_reaches_the_table() {
    let route = "RDDDRLUUULLLLLLDDDDLRUULLLDLDDUUURRRRUULLLLRUURLDDRRRRRRRDDDDDDLLLLLRRRRRRRLLDDRRRDDLLLLLLLLLLLRRRRRRRRRRRUULLLLLLLLLLLRRRRRRRRUUUUUUUUURWLURRRLLLLLLRRRDDRRDRRRRRUUULRRDRDLLDDDDDDDDDDRRLLUURRUUUUUR";
    assert_eq!(run("beard4", route), "3103 Win 197 44");
}

/// flood4: all 23 lambdas and the lift in 130 moves (3 better than the table's 1592). The
/// lift's doorstep stays earth until the last two moves, so the rock above the last lambda
/// stops on it instead of falling into it; the robot spends 7 steps under water.
#[test]
fn flood4_beats_the_table() {
    let route = "LLUUULLLLLLLLLLLDDLLRRRRRUUUURRUURRRRRRRRRRRRRRULLLDDDDDDDDDDDDDDLLLUULRRRRRRRRRRRRRRRRDDRRLURURLUULLLLURRUULLLURRRDDDRRRRLDDRLDRR";
    assert_eq!(run("flood4", route), "1595 Win 130 23");
}
