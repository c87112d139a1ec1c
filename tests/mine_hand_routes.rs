//! Routes found by hand for the sample maps the route finder is furthest from (issues 5 and 40):
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

/// horock3: all 34 lambdas and the lift in 144 moves (the table's 2406). The beard by the lift
/// grows on moves 25, 50, 75 ...; this route shaves it late, on moves 64, 66 and 68, with all
/// three razors, so that it can first take the bottom row (its razor at (14, 2); the
/// higher-order rocks above it fall and break as the robot digs under them) and climb the
/// diagonal of higher-order rocks (20 lambdas by move 36). On its way to the beard (moves
/// 48-52) it digs (15, 11), (15, 12) and (16, 11), so that the rock on the higher-order rock at
/// (14, 12) slides off; pushed right on move 126, that higher-order rock then falls down the
/// dug column and breaks. The left column and the top row come last.
#[test]
fn horock3_reaches_the_table() {
    let route = "RRRRRLRRRRRLRRRRRLWRULULULULULULLULURUURRDDRRRRRUURDDRRDDRRRRRRSDSDSULLLLLLLLLDLLLLLLLUULULULLDLLDDDDUUUUURUUURRRDRRRRURRRDWRRDRRRDDDRRRRRRRDDDD";
    assert_eq!(run("horock3", route), "2406 Win 144 34");
}
