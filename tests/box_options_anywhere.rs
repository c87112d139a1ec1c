//! `tumble box` as typed, options anywhere (issue 41): an option after moves that begin with
//! `-` is the option (`tumble box STATE -- --ascii`), `--` before the state ends the options,
//! and the examples of the README's box section, run through the binary.
//!
//! The expected answers are the hand-worked ones of `tests/as_typed.rs` (Figure 1(a) of
//! `shared/specs/box.md` after `--`, `-<` and `+>|<-v+^+`).

use assert_cmd::Command;

const FIGURE1: &str = ".........@...o....ooo..xox...";
/// Figure 1(a) after `-<`.
const AFTER_CCW_LEFT: &str = "........@...o....ooo...xox...";
/// Figure 1(a) after `--`.
const AFTER_TWO_CCW: &str = ".oox..oo.@..x....o...........";
/// Figure 1(a) after `+>|<-v+^+` (the README's example).
const AFTER_README: &str = "o........@..o....oox...xo....";
/// The ASCII picture after `-<`.
const ASCII_CCW_LEFT: &str = " .  .\n.....*\n.....\n.@..x\n...oo\n..oox\n.  o\n";
/// The ASCII picture after `--`.
const ASCII_TWO_CCW: &str = " *\n......\n .....o\n ....x\n..@.oo\n ..xoo.\n";

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

/// Standard output of `tumble ARGS` (exit 0 asserted).
fn out(args: &[&str]) -> String {
    let a = tumble().args(args).assert().success();
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

#[test]
fn an_option_after_the_moves_dash_dash_is_the_option() {
    assert_eq!(out(&["box", FIGURE1, "--", "--ascii"]), ASCII_TWO_CCW);
    let trace = out(&["box", FIGURE1, "--", "--trace"]);
    let lines: Vec<&str> = trace.lines().collect();
    assert_eq!(lines.first(), Some(&format!("0:{FIGURE1}").as_str()));
    assert_eq!(lines.last(), Some(&format!("2:{AFTER_TWO_CCW}").as_str()), "two quarter turns counter-clockwise");
    assert_eq!(trace, out(&["box", "--trace", FIGURE1, "--"]), "the same as with the option first");
}

#[test]
fn an_option_after_other_moves_that_begin_with_a_dash_is_the_option() {
    assert_eq!(out(&["box", FIGURE1, "-<", "--ascii"]), ASCII_CCW_LEFT);
    assert_eq!(out(&["box", FIGURE1, "--", "--", "--ascii"]), ASCII_TWO_CCW);
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("two.png");
    tumble().args(["box", FIGURE1, "--", "--png"]).arg(&png).assert().success().stdout(format!("{AFTER_TWO_CCW}\n"));
    let picture = image::open(&png).unwrap();
    assert!(picture.width() > 0 && picture.height() > 0);
    assert_eq!(
        std::fs::read(&png).unwrap(),
        {
            let first = dir.path().join("first.png");
            tumble().args(["box", "--png"]).arg(&first).args([FIGURE1, "--"]).assert().success();
            std::fs::read(first).unwrap()
        },
        "the picture of the moves `--`, as with the option first"
    );
}

#[test]
fn a_dash_dash_that_ends_the_options_still_does() {
    assert_eq!(out(&["box", "--", FIGURE1, "-<"]), format!("{AFTER_CCW_LEFT}\n"));
    assert_eq!(out(&["box", "--ascii", "--", FIGURE1, "-<"]), ASCII_CCW_LEFT);
    assert_eq!(out(&["box", FIGURE1, "--", "-<"]), format!("{AFTER_CCW_LEFT}\n"));
    assert_eq!(out(&["box", FIGURE1, "--"]), format!("{AFTER_TWO_CCW}\n"));
}

#[test]
fn a_word_too_many_or_an_unknown_option_is_a_usage_error() {
    tumble().args(["box", FIGURE1, "--", "-<", "-<"]).assert().code(2);
    tumble().args(["box", FIGURE1, "--", "--bogus"]).assert().code(2).stderr(predicates::str::contains("--bogus"));
    // A third word is named as an unexpected argument, not as a subcommand (issue 38, 15).
    let a = tumble().args(["box", FIGURE1, "+", "extra"]).assert().code(2);
    let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
    assert!(err.contains("unexpected word 'extra' after the state and the moves"), "{err}");
    assert!(!err.contains("subcommand"), "{err}");
}

#[test]
fn the_readme_box_examples_run_as_typed() {
    let moves = "+>|<-v+^+";
    assert_eq!(out(&["box", FIGURE1, moves]), format!("{AFTER_README}\n"));
    assert!(out(&["box", FIGURE1, moves, "--ascii"]).contains('*'));
    let trace = out(&["box", FIGURE1, moves, "--trace"]);
    assert!(trace.lines().last().unwrap().ends_with(AFTER_README), "{trace}");
    let dir = tempfile::tempdir().unwrap();
    let (png, gif) = (dir.path().join("box.png"), dir.path().join("box.gif"));
    tumble()
        .args(["box", FIGURE1, moves, "--png"])
        .arg(&png)
        .arg("--gif")
        .arg(&gif)
        .args(["--fps", "20", "--speed", "2", "--size", "600"])
        .assert()
        .success();
    assert_eq!(image::open(&png).unwrap().width(), 600);
    assert!(std::fs::read(&gif).unwrap().starts_with(b"GIF89a"));
    // An illegal sequence: '!' and, with --partial, the animation up to the failing move.
    let fail = dir.path().join("fail.gif");
    let a = tumble().args(["box", FIGURE1, "<<<<", "--gif"]).arg(&fail).arg("--partial").assert().success();
    assert_eq!(String::from_utf8_lossy(&a.get_output().stdout), "!\n");
    assert!(std::fs::read(&fail).unwrap().starts_with(b"GIF89a"));
    tumble()
        .args(["box"])
        .write_stdin(format!("{FIGURE1}\n{moves}\n"))
        .assert()
        .success()
        .stdout(format!("{AFTER_README}\n"));
    let solution = dir.path().join("solution.gif");
    let a = tumble().args(["box", "solve", FIGURE1, "--gif"]).arg(&solution).assert().success();
    let route = String::from_utf8_lossy(&a.get_output().stdout).trim().to_string();
    assert!(!route.is_empty() && route.chars().all(|c| "+-|<>^v".contains(c)), "{route}");
    assert!(std::fs::read(&solution).unwrap().starts_with(b"GIF89a"));
}
