//! `tumble mine run` as a user runs it: the summary and JSON of validator answers, routes from
//! standard input, GIFs with one frame per step, and bad maps (line and column, exit 2).

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use tumble::export::gif_read::decode;

fn map(name: &str) -> String {
    format!("{}/tests/data/mine/maps/{name}.map", env!("CARGO_MANIFEST_DIR"))
}

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

#[test]
fn validator_answers_through_the_command_line() {
    // VECTORS.md A20: contest1 LDRDDULULLDDL scores 212, a win in 13 moves with 3 lambdas.
    tumble()
        .args(["mine", "run", &map("contest1"), "LDRDDULULLDDL"])
        .assert()
        .success()
        .stdout(contains("score 212, win, 13 moves, 3 lambdas, water level 0, razors 0"));
    tumble()
        .args(["mine", "run", &map("contest1"), "LDRDDULULLDDL", "--json"])
        .assert()
        .success()
        .stdout("{\"score\":212,\"ending\":\"win\",\"moves\":13,\"lambdas\":3,\"map\":\"######\\n#.   #\\n#    #\\n# *  #\\nR *. #\\n######\",\"route\":\"LDRDDULULLDDL\",\"cut\":0}\n");
    // A43: flood1 drowns after 14 moves with -14; the route comes from standard input.
    tumble()
        .args(["mine", "run", &map("flood1"), "--json"])
        .write_stdin("LLLLDDDDDWWWWWWWWWWWW\n")
        .assert()
        .success()
        .stdout(contains("{\"score\":-14,\"ending\":\"lose\",\"moves\":14,\"lambdas\":0,"))
        // The route reported is what was played: nothing after the robot drowned.
        .stdout(contains("\"route\":\"LLLLDDDDDWWWWW\",\"cut\":0}"));
    // The map from standard input with `-`, route as an argument; an empty route is an abort.
    let text = std::fs::read_to_string(map("contest1")).unwrap();
    tumble()
        .args(["mine", "run", "-", ""])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(contains("score 0, abort, 0 moves"));
}

#[test]
fn trace_prints_every_step() {
    let out = tumble()
        .args(["mine", "run", &map("contest1"), "LDR", "--trace"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches("step ").count(), 4, "{text}");
    // L pushes the rock left and it falls; D collects the lambda; R moves on.
    assert!(text.contains("step 1\n######\n#. R #\n# *\\.#\n"), "{text}");
    assert!(text.contains("step 3\n######\n#.   #\n#   R#\n#\\ * #\nL *.\\#\n######\n"), "{text}");
    assert!(text.ends_with("score 47, abort, 3 moves, 1 lambda, water level 0, razors 0\n"));
}

/// A count of one is in the singular in the summary and the notes (JSON keeps its keys).
#[test]
fn counts_of_one_are_in_the_singular() {
    let run = |route: &str| tumble().args(["mine", "run", &map("contest1"), route]).assert().success();
    run("L").stdout(contains("score -1, abort, 1 move, 0 lambdas, water level 0, razors 0\n"));
    run("LDx")
        .stdout(contains("score 48, abort, 2 moves, 1 lambda, water level 0"))
        .stderr(contains("1 character of the route is not a command (L R U D W S A) and was skipped: 'x' at 3"));
    run("LDxy").stderr(contains("2 characters of the route are not commands (L R U D W S A) and were skipped"));
    run(&format!("LDRDD{}", "W".repeat(32))).stderr(contains("the last one was cut (--no-limit"));
    tumble()
        .args(["mine", "run", &map("contest1"), "LD", "--json"])
        .assert()
        .success()
        .stdout(contains("\"moves\":2,\"lambdas\":1,"));
}

#[test]
fn gif_has_one_frame_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("m.gif");
    tumble()
        .args(["mine", "run", &map("contest1"), "LDRDDULULLDDL", "--size", "160", "--gif"])
        .arg(&gif)
        .assert()
        .success();
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    assert_eq!(d.frames.len(), 14, "the start and 13 steps");
    assert!(d.frames.iter().all(|f| f.delay_cs == 20));
    assert_eq!(d.repeat, Some(0));
}

#[test]
fn bad_maps_give_line_and_column_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&[u8], &str)] = &[
        (b"", "empty input"),
        (b"#####\n#R x#\n#L  #\n#####\n", "unknown character 'x' at line 2, column 4"),
        (b"#####\n#  .#\n#L  #\n#####\n", "no robot"),
        (b"#####\n#R .#\n#   #\n#####\n", "no lift"),
        (b"#####\n#R\xff.#\n#L  #\n#####\n", "line 2, column 3"),
        (b"#####\n#R .#\n#L  #\n#####\n\nFlooding x\n", "malformed metadata at line 6"),
    ];
    for (i, (bytes, msg)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.map"));
        std::fs::write(&path, bytes).unwrap();
        let gif = dir.path().join("never.gif");
        tumble()
            .args(["mine", "run"])
            .arg(&path)
            .args(["L", "--gif"])
            .arg(&gif)
            .assert()
            .code(2)
            .stderr(contains(*msg).and(contains(path.display().to_string())));
        assert!(!gif.exists());
    }
    tumble().args(["mine", "run", "/nonexistent.map", "L"]).assert().code(2).stderr(contains("/nonexistent.map"));
}
