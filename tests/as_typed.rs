//! tumble as a person types it: a table of command lines exactly as typed (values that begin
//! with `-`, options before and after positional values, standard input, paths written two
//! ways) with the output each must give, and every box case and trace of `tests/data/box/` run
//! through the command line without `--`.
//!
//! The box answers of the table were worked by hand from `shared/specs/box.md`: Figure 1(a)
//! `.........@...o....ooo..xox...` after `-` (gravity towards the standard frame's left) has
//! the shubble of cell 13 in 12 and the row 18-20 in 17-19; `<` then moves the stot from 9 to 8.

use assert_cmd::Command;
use predicates::str::contains;

const FIGURE1: &str = ".........@...o....ooo..xox...";
/// Figure 1(a) after `-`.
const AFTER_CCW: &str = ".........@..o....ooo...xox...";
/// Figure 1(a) after `-<`.
const AFTER_CCW_LEFT: &str = "........@...o....ooo...xox...";
/// Figure 1(a) after `--`.
const AFTER_TWO_CCW: &str = ".oox..oo.@..x....o...........";
/// Figure 1(a) after `---`.
const AFTER_THREE_CCW: &str = "...oox.oo@......x.....o......";
/// The ASCII picture after `-<` (the box turned a quarter counter-clockwise: the opening on the right).
const ASCII_CCW_LEFT: &str = " .  .\n.....*\n.....\n.@..x\n...oo\n..oox\n.  o\n";
/// The ASCII picture after `--` (half a turn: the opening at the top).
const ASCII_TWO_CCW: &str = " *\n......\n .....o\n ....x\n..@.oo\n ..xoo.\n";

fn data(rel: &str) -> String {
    format!("{}/tests/data/{rel}", env!("CARGO_MANIFEST_DIR"))
}

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

/// One line of the table: the arguments as typed, standard input, the expected standard
/// output and exit code.
struct Typed {
    args: Vec<String>,
    stdin: Option<String>,
    stdout: String,
    code: i32,
}

fn typed(args: &[&str], stdout: &str) -> Typed {
    Typed { args: args.iter().map(|s| s.to_string()).collect(), stdin: None, stdout: stdout.into(), code: 0 }
}

fn line(s: &str) -> String {
    format!("{s}\n")
}

#[test]
fn box_moves_are_taken_as_typed() {
    let mut table = vec![
        typed(&["box", FIGURE1, "-<"], &line(AFTER_CCW_LEFT)),
        typed(&["box", FIGURE1, "-"], &line(AFTER_CCW)),
        typed(&["box", FIGURE1, "--"], &line(AFTER_TWO_CCW)),
        typed(&["box", FIGURE1, "---"], &line(AFTER_THREE_CCW)),
        typed(&["box", FIGURE1, "--", "-<"], &line(AFTER_CCW_LEFT)),
        typed(&["box", FIGURE1, "--", "--"], &line(AFTER_TWO_CCW)),
        typed(&["box", "--", FIGURE1, "-<"], &line(AFTER_CCW_LEFT)),
        typed(&["box", "--ascii", FIGURE1, "-<"], ASCII_CCW_LEFT),
        typed(&["box", "--ascii", FIGURE1, "--"], ASCII_TWO_CCW),
        typed(&["box", FIGURE1, "-<", "--ascii"], ASCII_CCW_LEFT),
        // An option after the moves `--` is the option (issue 41).
        typed(&["box", FIGURE1, "--", "--ascii"], ASCII_TWO_CCW),
        typed(&["box", "--trace", FIGURE1, "-"], &format!("0:{FIGURE1}\n3:{FIGURE1}\n3:{AFTER_CCW}\n")),
        typed(&["box", FIGURE1, "-", "--trace"], &format!("0:{FIGURE1}\n3:{FIGURE1}\n3:{AFTER_CCW}\n")),
        // The moves of the challenge's worked example (shared/specs/box.md).
        typed(&["box", FIGURE1, "+>|<-v+^+"], "o........@..o....oox...xo....\n"),
    ];
    let stdin = |text: &str, out: &str| Typed {
        args: vec!["box".into()],
        stdin: Some(text.into()),
        stdout: out.into(),
        code: 0,
    };
    table.push(stdin(&format!("{FIGURE1}\n--\n"), &line(AFTER_TWO_CCW)));
    table.push(stdin(&format!("{FIGURE1}\n-<"), &line(AFTER_CCW_LEFT)));
    table.push(stdin(&format!("\u{feff}{FIGURE1}\r\n-<\r\n"), &line(AFTER_CCW_LEFT)));
    table.push(stdin(&format!("; a comment\n\n{FIGURE1}\n-\n\n"), &line(AFTER_CCW)));
    for t in &table {
        let mut cmd = tumble();
        cmd.args(&t.args);
        if let Some(input) = &t.stdin {
            cmd.write_stdin(input.as_str());
        }
        let out = cmd.output().unwrap();
        let what = format!("tumble {:?} < {:?}", t.args, t.stdin);
        assert_eq!(out.status.code(), Some(t.code), "{what}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), t.stdout, "{what}");
    }
    let help = tumble().args(["box", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("MOVES is taken as typed, even when it begins with '-'"));
}

#[test]
fn box_solve_and_pictures_take_moves_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    tumble()
        .current_dir(dir.path())
        .args(["box", "--gif", "g.gif", "--size", "60", FIGURE1, "--"])
        .assert()
        .success()
        .stdout(line(AFTER_TWO_CCW));
    // `--gif g.gif` came before the last `--`, so `--` are the moves and the GIF was written.
    let d = tumble::export::gif_read::decode(std::fs::File::open(dir.path().join("g.gif")).unwrap()).unwrap();
    assert!(d.frames.len() > 3);
    tumble()
        .current_dir(dir.path())
        .args(["box", "--png", "-moves.png", FIGURE1, "-<"])
        .assert()
        .success()
        .stdout(line(AFTER_CCW_LEFT));
    assert!(dir.path().join("-moves.png").is_file(), "a file name that begins with '-'");
}

#[cfg(feature = "gui")]
#[test]
fn the_viewer_takes_moves_as_typed() {
    // Without a display the moves are still read (no usage error): the answer is about the display.
    for moves in ["-<", "--", "---"] {
        tumble()
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .args(["view", "box", FIGURE1, moves])
            .assert()
            .code(2)
            .stderr(contains("display"));
    }
}

#[test]
fn every_box_case_and_trace_without_a_separator() {
    let cases = std::fs::read_to_string(data("box/cases.tsv")).unwrap();
    let mut hyphen = 0;
    for (row, l) in cases.lines().enumerate() {
        let f: Vec<&str> = l.split('\t').collect();
        let out = tumble().args(["box", f[0], f[1]]).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), line(f[2]), "row {}: {} {}", row + 1, f[0], f[1]);
        hyphen += usize::from(f[1].starts_with('-'));
    }
    assert_eq!(hyphen, 60, "the rows whose moves begin with '-'");
    let traces = std::fs::read_to_string(data("box/traces.tsv")).unwrap();
    for (row, l) in traces.lines().enumerate() {
        let f: Vec<&str> = l.split('\t').collect();
        let out = tumble().args(["box", "--trace", f[0], f[1]]).output().unwrap();
        let expected: String = f[2].split('|').map(|s| format!("{s}\n")).collect();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "trace row {}: {} {}", row + 1, f[0], f[1]);
    }
}

/// contest1 is 6 x 6: the judges played at most 36 commands. `LDRDD`, 36 waits and an abort:
/// the first 36 commands collect 2 lambdas in 36 moves and run out (an abort: 2 x 50 - 36 = 64);
/// the whole route makes 41 moves and aborts (100 - 41 = 59).
#[test]
fn mine_routes_are_cut_where_the_judges_cut_them() {
    let map = data("mine/maps/contest1.map");
    let route = format!("LDRDD{}A", "W".repeat(36));
    assert_eq!(route.len(), 42);
    tumble()
        .args(["mine", "run", &map, &route])
        .assert()
        .success()
        .stdout(contains("score 64, abort, 36 moves, 2 lambdas"))
        .stderr(contains("at most the first 36 commands").and(contains("the last 6 were cut")));
    tumble()
        .args(["mine", "run", "--no-limit", &map, &route])
        .assert()
        .success()
        .stdout(contains("score 59, abort, 41 moves, 2 lambdas"))
        .stderr("");
    let out = tumble().args(["mine", "run", &map, "--json"]).write_stdin(format!("{route}\n")).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"], 64);
    assert_eq!(v["route"].as_str().unwrap(), &route[..36]);
    assert_eq!(v["cut"], 6);
    // A route within the limit is played whole, silently.
    tumble().args(["mine", "run", &map, "LDRDDULULLDDL"]).assert().success().stderr("");
}

use predicates::prelude::PredicateBooleanExt;

#[test]
fn mine_paths_written_two_ways_and_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    std::fs::copy(data("mine/maps/contest1.map"), dir.path().join("maps/c1.map")).unwrap();
    let win = "score 212, win, 13 moves, 3 lambdas";
    for path in ["maps/c1.map", "./maps/../maps/c1.map"] {
        tumble()
            .current_dir(dir.path())
            .args(["mine", "run", path, "LDRDDULULLDDL"])
            .assert()
            .success()
            .stdout(contains(win));
        tumble().current_dir(dir.path()).args(["mine", "run", "--json", path, "LDRDDULULLDDL"]).assert().success();
    }
    let abs = dir.path().join("maps/c1.map");
    tumble().arg("mine").arg("run").arg(&abs).write_stdin("LDRDDULULLDDL\n").assert().success().stdout(contains(win));
    let text = std::fs::read_to_string(&abs).unwrap();
    tumble()
        .args(["mine", "run", "-", "LDRDDULULLDDL"])
        .write_stdin(text.clone())
        .assert()
        .success()
        .stdout(contains(win));
    // A byte-order mark and CRLF line ends.
    let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    tumble().args(["mine", "run", "-", "LDRDDULULLDDL"]).write_stdin(crlf).assert().success().stdout(contains(win));
}

#[test]
fn map_metadata_as_people_share_it() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let base = "#####\n#R \\L\n#####\n\n";
    let shared = write("shared.map", &format!("{base}Easiness 23\n7\nWater 1\n"));
    tumble()
        .arg("mine")
        .arg("run")
        .arg(&shared)
        .arg("RR")
        .assert()
        .success()
        .stdout(contains("score 48, abort, 2 moves, 1 lambda, water level 1"))
        .stderr(
            contains("shared.map: line 5, column 1: ignored \"Easiness 23\"")
                .and(contains("line 6, column 1: ignored \"7\"")),
        );
    for (text, says) in [
        ("Razors 18446744073709551615", "line 5, column 8: Razors 18446744073709551615 is too large"),
        ("Water 99999999999999999999", "line 5, column 7: Water 99999999999999999999 is too large"),
        ("Flooding 4294967296", "line 5, column 10: Flooding 4294967296 is too large"),
        ("Growth -1", "line 5, column 8: expected a number after Growth, found \"-1\""),
        ("Razors x", "line 5, column 8: expected a number after Razors, found \"x\""),
        ("Trampoline A targets 1", "line 5, column 12 names trampoline A, which is not in the map"),
    ] {
        let p = write("bad.map", &format!("{base}{text}\n"));
        tumble()
            .arg("mine")
            .arg("run")
            .arg(&p)
            .arg("RR")
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains("bad.map").and(contains(says)));
    }
    tumble()
        .args(["mine", "run", "/proc/version", "L"])
        .assert()
        .code(2)
        .stderr(contains("/proc/version: unknown character").and(contains("not a mine map")));
}

#[test]
fn errors_about_long_input_stay_short() {
    // A moves line of a million good moves and one bad one, on standard input (an argument that
    // long is more than a system passes to a program).
    let input = format!("{FIGURE1}\n{}x\n", "+".repeat(1_000_000));
    let out = tumble().arg("box").write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 2000, "{} bytes", err.len());
    assert!(err.contains("standard input: moves: unknown character 'x' at line 2, column 1000001"), "{err}");
    assert!(err.contains(&format!("…{}x", "+".repeat(40))), "a window of the line: {err}");
    // The same for a state line.
    let input = format!("{}z\n+\n", ".".repeat(1_000_000));
    let out = tumble().arg("box").write_stdin(input).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.len() < 2000 && err.contains("state: unknown character 'z' at line 1, column 1000001"), "{err}");
    // And a map with a million-character row.
    let map = format!("{}\n#RL#\n", "#".repeat(1_000_000) + "x");
    let out = tumble().args(["mine", "run", "-", ""]).write_stdin(map).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 2000 && err.contains("line 1, column 1000001"), "{err}");
}

#[test]
fn board_errors_name_the_lines_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("b.txt");
    std::fs::write(&p, "\n\n.1..\n..1.\n..x.\n22#2\n").unwrap();
    tumble()
        .arg("ohno")
        .arg("solve")
        .arg(&p)
        .assert()
        .code(2)
        .stderr(contains("b.txt: invalid character 'x' at line 5, column 3"));
    std::fs::write(&p, "\u{feff}.1..\r\n..1.\r\n....\r\n22#2\r\n").unwrap();
    tumble().arg("ohno").arg("solve").arg(&p).assert().success().stdout("OO##\n##OO\nOO#O\nOO#O\n");
}

#[test]
fn two_outputs_that_are_one_file_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| tumble().current_dir(dir.path()).args(["box", FIGURE1, "+>"]).args(args).assert();
    run(&["--png", "./x.png", "--gif", "x.png"]).code(2).stderr(contains("are the same file"));
    run(&["--png", "sub/../x.png", "--gif", "x.png"])
        .code(2)
        .stderr(contains("sub/../x.png: the folder sub/.. does not exist"));
    std::os::unix::fs::symlink("y.gif", dir.path().join("link.gif")).unwrap();
    run(&["--png", "link.gif", "--gif", "y.gif"]).code(2).stderr(contains("are the same file"));
    std::fs::create_dir(dir.path().join("fr")).unwrap();
    run(&["--frames", "fr", "--gif", "fr/00001.png"])
        .code(2)
        .stderr(contains("--gif fr/00001.png is inside the --frames folder fr"));
    let mut left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    left.sort();
    assert_eq!(left, ["fr", "link.gif"], "nothing written");
    assert_eq!(std::fs::read_dir(dir.path().join("fr")).unwrap().count(), 0);
}

/// `--gif -` and `--png -` write the picture to standard output (and what the command prints
/// to standard error), never a file called `-`; `--out -`, `--frames -`, two pictures there and
/// a terminal there are refused.
#[test]
fn a_hyphen_writes_the_picture_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| tumble().current_dir(dir.path()).args(["box", FIGURE1, "-"]).args(args).assert();
    let gif = run(&["--gif", "-", "--size", "40"]).success().stderr(line(AFTER_CCW)).get_output().stdout.clone();
    let d = tumble::export::gif_read::decode(&gif[..]).unwrap();
    assert_eq!(d.frames.len(), 3, "one frame per state of the trace: the box, turned, fallen");
    let png = run(&["--png", "-", "--size", "40"]).success().get_output().stdout.clone();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG on standard output");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file called -");
    run(&["--png", "-", "--gif", "-"])
        .code(2)
        .stdout("")
        .stderr(contains("--png - and --gif - both write to standard output"));
    run(&["--out", "-"])
        .code(2)
        .stdout("")
        .stderr(contains("--out -: standard output has no extension to tell the format"));
    run(&["--frames", "-"])
        .code(2)
        .stdout("")
        .stderr(contains("--frames -: a folder of frames cannot go to standard output"));
    // `./-` is a file of that name, another output than standard output.
    let gif = run(&["--png", "./-", "--gif", "-", "--size", "40"]).success().get_output().stdout.clone();
    assert!(gif.starts_with(b"GIF89a"));
    assert!(std::fs::read(dir.path().join("-")).unwrap().starts_with(b"\x89PNG"));
    // On a terminal (util-linux `script` gives the command one), the picture is refused.
    let typed = format!("{} box {FIGURE1} - --gif -", assert_cmd::cargo::cargo_bin("tumble").display());
    if !cfg!(target_os = "linux") {
        return;
    }
    match std::process::Command::new("script").args(["-qec", &typed, "/dev/null"]).output() {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(2), "{text}");
            assert!(text.contains("--gif -: standard output is a terminal"), "{text}");
        }
        Err(e) => eprintln!("terminal case skipped: no script ({e})"),
    }
}

#[test]
fn completions_for_three_shells() {
    for (shell, mark) in [("bash", "complete -F _tumble"), ("zsh", "#compdef tumble"), ("fish", "complete -c tumble")] {
        tumble().args(["completions", shell]).assert().success().stdout(contains(mark).and(contains("demo")));
    }
    tumble().args(["completions", "tcsh"]).assert().code(2);
}

/// The bash script completes what a person types: `tumble mi<TAB>` gives `mine`.
#[test]
fn the_bash_completion_completes() {
    if std::process::Command::new("bash").arg("--version").output().is_err() {
        eprintln!("skipped: no bash");
        return;
    }
    let script = tumble().args(["completions", "bash"]).output().unwrap().stdout;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tumble.bash");
    std::fs::write(&path, script).unwrap();
    let probe = format!(
        "source {}; COMP_WORDS=(tumble mi); COMP_CWORD=1; _tumble tumble mi tumble; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = std::process::Command::new("bash").arg("-c").arg(probe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "mine", "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn file_names_that_begin_with_a_hyphen() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(data("mine/maps/contest1.map"), dir.path().join("-c1.map")).unwrap();
    std::fs::write(dir.path().join("-b.txt"), ".1..\n..1.\n....\n22#2\n").unwrap();
    let run = |args: &[&str]| tumble().current_dir(dir.path()).args(args).assert();
    run(&["mine", "run", "-c1.map", "LDRDDULULLDDL"]).success().stdout(contains("score 212, win"));
    run(&["mine", "run", "--json", "-c1.map", "LDRDDULULLDDL"]).success().stdout(contains("\"score\":212"));
    run(&["ohno", "solve", "-b.txt", "--count"]).success().stdout("1\n");
    run(&["ohno", "solve", "--count", "-b.txt"]).success().stdout("1\n");
}

#[test]
fn a_reader_that_stops_reading_the_picture_is_not_an_error() {
    // As `tumble demo figure1 --gif - --fps 20 | head -c 6` (a GIF larger than a pipe holds): the reader takes six bytes and closes the
    // pipe; tumble exits 0, as it does when a reader stops reading its text.
    use std::io::Read;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("tumble"))
        .args(["demo", "figure1", "--gif", "-", "--fps", "20"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 6];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    assert_eq!(&head, b"GIF89a");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
