//! `tumble box` as a user runs it: answers, stdin, --ascii, --trace, and bad input (exit 2, a
//! message naming the position, no file written).

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

const FIGURE1: &str = ".........@...o....ooo..xox...";

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

#[test]
fn answers_from_arguments_and_from_standard_input() {
    tumble().args(["box", FIGURE1, "+>|<-v+^+"]).assert().success().stdout("o........@..o....oox...xo....\n");
    tumble()
        .arg("box")
        .write_stdin(format!("{FIGURE1}\r\n+>|<-v+^+\n"))
        .assert()
        .success()
        .stdout("o........@..o....oox...xo....\n");
    // `!` is an answer too: exit 0, the reason on stderr.
    tumble().args(["box", FIGURE1, "+^^"]).assert().success().stdout("!\n").stderr(contains("move 3 '^'"));
}

#[test]
fn ascii_and_trace_outputs() {
    let want = "  .  .\n .....\n .....\n .o...\n xo.@.\n*ooo..\n x  .\n";
    tumble().args(["box", FIGURE1, "+", "--ascii"]).assert().success().stdout(want);
    tumble().args(["box", FIGURE1, "+^^", "--ascii"]).assert().success().stdout("!\n");
    // The first row of traces.tsv.
    let row = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/box/traces.tsv")).unwrap();
    let fields: Vec<&str> = row.lines().next().unwrap().split('\t').collect();
    let want: String = fields[2].split('|').map(|f| format!("{f}\n")).collect();
    tumble().args(["box", fields[0], fields[1], "--trace"]).assert().success().stdout(want);
}

#[test]
fn bad_input_exits_2_with_the_position_and_writes_nothing() {
    let cases: &[(&[&str], &str)] = &[
        (&["box", ".........@...o....ooo..xox.."], "state: 28 characters; expected 29"),
        (
            &["box", ".........@...o....ooo..xoz..."],
            "state: unknown character 'z' at column 26; expected one of . o x @",
        ),
        (
            &["box", ".........@...o....ooo..xox...", "+>?"],
            "moves: unknown character '?' at column 3; expected one of + - | < > ^ v",
        ),
        (&["box", ".o.......@...o....ooo..xox..."], "state: not stable: the creature at column 2 would fall"),
        (&["box", ".........@...o....ooo..xoxx.."], "state: 3 smoles"),
        (&["box", "..@......@...o....ooo..xox..."], "state: 2 stots"),
        (&["box", ""], "state: empty"),
        (&["box", FIGURE1, "+", "--speed", "0"], "--speed"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (args, msg) in cases {
        let gif = dir.path().join("out.gif");
        tumble().args(*args).arg("--gif").arg(&gif).assert().code(2).stderr(contains(*msg)).stdout("");
        assert!(!gif.exists(), "{args:?} wrote a file");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file either");
    // The caret points at the bad character.
    tumble()
        .args(["box", ".........@...o....ooo..xoz..."])
        .assert()
        .code(2)
        .stderr(contains(format!("\n  state: .........@...o....ooo..xoz...\n{}^\n", " ".repeat(9 + 25))));
    // Binary garbage on standard input.
    tumble().arg("box").write_stdin(vec![0xff, 0xfe, 0x00, 0x41]).assert().code(2).stderr(contains("not UTF-8"));
    tumble().arg("box").write_stdin("").assert().code(2).stderr(contains("standard input: no box state"));
}

#[test]
fn unwritable_output_is_a_clear_error() {
    tumble()
        .args(["box", FIGURE1, "+", "--png", "/nonexistent-dir/x.png"])
        .assert()
        .code(2)
        .stderr(contains("/nonexistent-dir/x.png"));
}

#[cfg(feature = "gui")]
#[test]
fn view_without_a_display_says_so_and_suggests_gif() {
    tumble()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(["view", "box", FIGURE1, "+"])
        .assert()
        .code(2)
        .stderr(contains("no display").and(contains("--gif")));
}

#[test]
fn unknown_demo_is_named() {
    tumble().args(["demo", "nope"]).assert().code(2).stderr(contains("no demo named \"nope\""));
}

#[test]
fn solve_prints_a_shortest_emptying_sequence_or_exits_1() {
    let out = tumble().args(["box", "solve", FIGURE1]).assert().success().get_output().stdout.clone();
    let moves = String::from_utf8(out).unwrap().trim_end().to_string();
    // Five manipulations are the fewest for Figure 1(a) (tests/box_solve.rs checks the solver
    // against an independent breadth-first search); applying them empties the box.
    assert_eq!(moves.len(), 5, "{moves}");
    tumble().args(["box", FIGURE1, &moves]).assert().success().stdout(".........@................x.x\n");
    // A state reached by legal moves from a cases.tsv row, from which no sequence works.
    tumble()
        .args(["box", "solve", "o@ooo.ooxo..ooox.ooooo.oooo.."])
        .assert()
        .code(1)
        .stderr(contains("no sequence empties this box"));
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("s.gif");
    tumble().args(["box", "solve", FIGURE1, "--size", "100", "--gif"]).arg(&gif).assert().success();
    let d = tumble::export::gif_read::decode(std::fs::File::open(&gif).unwrap()).unwrap();
    // Smooth at 20 fps: every delay is a whole number of 5 cs frames (equal frames merged), and
    // most frames show motion, one 20th of a second each.
    assert!(d.frames.iter().all(|f| f.delay_cs % 5 == 0), "the solution is animated smoothly");
    assert!(d.frames.iter().filter(|f| f.delay_cs == 5).count() * 2 > d.frames.len());
}
