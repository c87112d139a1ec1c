//! `tumble ohno` as a user runs it: the seed's demo board, counting, steps, no solution (exit
//! 1), bad boards (row and column, exit 2), generation, and the GIF of the steps.

use assert_cmd::Command;
use predicates::str::contains;
use tumble::export::gif_read::decode;

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

const DEMO: &str = ".1..\n..1.\n....\n22#2\n";

#[test]
fn solves_counts_and_explains() {
    tumble().args(["ohno", "solve"]).write_stdin(DEMO).assert().success().stdout("OO##\n##OO\nOO#O\nOO#O\n");
    tumble().args(["ohno", "solve", "--count"]).write_stdin(DEMO).assert().success().stdout("1\n");
    tumble().args(["ohno", "solve", "--count"]).write_stdin("..\n..\n").assert().success().stdout("2+\n");
    let out =
        tumble().args(["ohno", "solve", "--steps"]).write_stdin(DEMO).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("1. One direction left: the 2 at row 4, column 1"), "{text}");
    assert!(text.ends_with("OO##\n##OO\nOO#O\nOO#O\n"));
}

/// The bundled demo file, with its comment line, is a board `ohno solve` reads; a board past
/// the largest side is refused (exit 2) before the solver starts.
#[test]
fn the_demo_file_is_read_and_huge_boards_are_refused() {
    let demo = include_str!("../demos/ohno-demo.ohno");
    assert!(demo.starts_with(';'));
    tumble().args(["ohno", "solve"]).write_stdin(demo).assert().success().stdout("OO##\n##OO\nOO#O\nOO#O\n");
    let huge = format!("{}\n", ".".repeat(150)).repeat(150);
    tumble()
        .args(["ohno", "solve", "--count"])
        .write_stdin(huge)
        .assert()
        .code(2)
        .stderr(contains("the board is too large at line 101: boards have at most 100 rows and 100 columns"));
    // --count prints a number: pictures asked with it are refused, not silently left out.
    tumble()
        .args(["ohno", "solve", "--count", "--gif", "never.gif"])
        .write_stdin(demo)
        .assert()
        .code(2)
        .stderr(contains("--count prints the number of solutions only"));
    assert!(!std::path::Path::new("never.gif").exists());
}

/// A board with several solutions is still solved (exit 0), with a note on standard error;
/// a proper puzzle gets no note.
#[test]
fn a_board_with_several_solutions_gets_a_note() {
    let note = "more than one solution; the one printed is one of them";
    for args in [&["ohno", "solve"][..], &["ohno", "solve", "--steps"]] {
        tumble().args(args).write_stdin("..\n..\n").assert().success().stderr(contains(note));
        tumble().args(args).write_stdin(DEMO).assert().success().stderr("");
    }
}

#[test]
fn no_solution_exits_1_and_bad_boards_exit_2() {
    // A 1 whose only neighbours are red: it can see nothing.
    tumble().args(["ohno", "solve"]).write_stdin("1#\n#.\n").assert().code(1).stderr(contains("no solution"));
    tumble().args(["ohno", "solve", "--count"]).write_stdin("1#\n#.\n").assert().success().stdout("0\n");
    tumble()
        .args(["ohno", "solve"])
        .write_stdin("...\n..\n...\n")
        .assert()
        .code(2)
        .stderr(contains("line 2 has 2 cells"));
    tumble()
        .args(["ohno", "solve"])
        .write_stdin("..x\n...\n...\n")
        .assert()
        .code(2)
        .stderr(contains("line 1, column 3"));
    tumble().args(["ohno", "solve"]).write_stdin("").assert().code(2);
    tumble()
        .args(["ohno", "solve"])
        .write_stdin("9..\n...\n...\n")
        .assert()
        .code(2)
        .stderr(contains("line 1, column 1"));
}

#[test]
fn generated_puzzles_are_unique_and_repeatable() {
    let a = tumble()
        .args(["ohno", "generate", "--size", "6", "--seed", "42"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let b = tumble()
        .args(["ohno", "generate", "--size", "6", "--seed", "42"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(a, b);
    tumble().args(["ohno", "solve", "--count"]).write_stdin(a).assert().success().stdout("1\n");
}

#[test]
fn gif_has_one_frame_per_deduction() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("o.gif");
    let out = tumble()
        .args(["ohno", "solve", "--steps", "--size", "120", "--gif"])
        .arg(&gif)
        .write_stdin(DEMO)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let steps = String::from_utf8(out).unwrap().lines().filter(|l| l.contains(". ")).count();
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    assert_eq!(d.frames.len(), steps + 1, "the puzzle, then one frame per deduction");
    assert!(d.frames.iter().all(|f| f.delay_cs == 100));
}
