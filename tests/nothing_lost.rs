//! Nothing lost, nothing unbounded: no command overwrites one of its inputs, every input is read
//! up to a bound, and a command that would wait on a terminal says so. Each case is typed as a
//! person types it, and the inputs are compared byte for byte after each refused command.

use assert_cmd::Command;
use predicates::str::contains;
use std::path::Path;

fn tumble_in(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("tumble").unwrap();
    c.current_dir(dir);
    c
}

const MAP: &str = "#####\n#R\\L#\n#####\n";
const BOARD: &str = "..\n2.\n";

/// A folder with a map, a board, a route and a talk, and a snapshot of their bytes.
fn inputs() -> (tempfile::TempDir, Vec<(String, Vec<u8>)>) {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("m2.txt", MAP.to_string()),
        ("mymine.txt", MAP.to_string()),
        ("b2.txt", BOARD.to_string()),
        ("r2.txt", "RR\n".to_string()),
        ("talk.toml", "title = \"t\"\n\n[[item]]\ntitle = \"a mine\"\nmine = \"m2.txt\"\nroute = \"R\"\n".to_string()),
        ("box.txt", ".........@...o....ooo..xox...\n+\n".to_string()),
    ];
    for (name, text) in &files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let snapshot = files.iter().map(|(n, t)| (n.to_string(), t.as_bytes().to_vec())).collect();
    (dir, snapshot)
}

fn unchanged(dir: &Path, snapshot: &[(String, Vec<u8>)]) {
    for (name, bytes) in snapshot {
        assert_eq!(&std::fs::read(dir.join(name)).unwrap(), bytes, "{name} changed");
    }
    let names: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), snapshot.len(), "nothing else written: {names:?}");
}

#[test]
fn an_output_that_is_an_input_is_refused_before_any_work() {
    let (dir, snapshot) = inputs();
    let d = dir.path();
    let cases: [(&[&str], Option<&str>, &str); 7] = [
        (&["mine", "run", "m2.txt", "RR", "--gif", "m2.txt"], None, "--gif m2.txt is an input"),
        (&["ohno", "solve", "b2.txt", "--png", "b2.txt"], None, "--png b2.txt is an input"),
        (&["mine", "run", "mymine.txt", "--gif", "r2.txt"], Some("r2.txt"), "the file read as standard input"),
        (&["mine", "run", "./m2.txt", "RR", "--out", "m2.gif", "--png", "m2.txt"], None, "--png m2.txt"),
        (&["box", "--gif", "box.txt"], Some("box.txt"), "--gif box.txt is an input"),
        (&["mine", "solve", "m2.txt", "--time-limit", "1", "--gif", "m2.txt"], None, "--gif m2.txt is an input"),
        (&["ohno", "solve", "--steps", "--out", "b2.txt.gif", "--gif", "b2.txt"], Some("b2.txt"), "--gif b2.txt"),
    ];
    for (args, stdin, message) in cases {
        // `< file`: standard input is the file itself, as the shell opens it.
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tumble"));
        c.current_dir(d).args(args);
        if let Some(f) = stdin {
            c.stdin(std::fs::File::open(d.join(f)).unwrap());
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing printed");
        unchanged(d, &snapshot);
    }
    // The same file by another name: an absolute path, a symbolic link.
    std::os::unix::fs::symlink(d.join("m2.txt"), d.join("link.txt")).unwrap();
    let absolute = d.join("m2.txt").display().to_string();
    tumble_in(d)
        .args(["mine", "run", "link.txt", "RR", "--gif", &absolute])
        .assert()
        .code(2)
        .stderr(contains("the file read as link.txt"));
    std::fs::remove_file(d.join("link.txt")).unwrap();
    unchanged(d, &snapshot);
}

#[cfg(feature = "gui")]
#[test]
fn a_screenshot_over_the_talk_is_refused() {
    let (dir, mut snapshot) = inputs();
    // A talk whose map is named like a picture.
    std::fs::copy(dir.path().join("m2.txt"), dir.path().join("map.png")).unwrap();
    let talk = "title = \"t\"\n\n[[item]]\nmine = \"map.png\"\nroute = \"R\"\n";
    std::fs::write(dir.path().join("t2.toml"), talk).unwrap();
    snapshot.push(("map.png".into(), MAP.as_bytes().to_vec()));
    snapshot.push(("t2.toml".into(), talk.as_bytes().to_vec()));
    let cases = [
        ("talk.toml", "talk.toml", "--screenshot talk.toml: a screenshot is a PNG"),
        ("t2.toml", "map.png", "--screenshot map.png is an input"),
    ];
    for (talk, shot, message) in cases {
        tumble_in(dir.path())
            .args(["view", "--talk", talk, "--screenshot", shot, "--at", "1"])
            .env_remove("DISPLAY")
            .assert()
            .code(2)
            .stderr(contains(message));
        unchanged(dir.path(), &snapshot);
    }
}

#[test]
fn endless_input_is_refused_at_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    tumble_in(dir.path())
        .args(["mine", "run", "/dev/zero", "RR"])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stderr(contains("/dev/zero: more than 16 MiB"));
    for args in [&["box"][..], &["ohno", "solve"], &["mine", "run", "-", "R"], &["box", "solve"]] {
        let zero = std::fs::File::open("/dev/zero").unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumble")).args(args).stdin(zero).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("standard input: more than 16 MiB"), "{args:?}");
    }
    #[cfg(feature = "gui")]
    {
        std::fs::write(dir.path().join("talk.toml"), "title = \"t\"\n[[item]]\nmine = \"/dev/zero\"\nroute = \"R\"\n")
            .unwrap();
        tumble_in(dir.path())
            .args(["view", "--talk", "talk.toml"])
            .env_remove("DISPLAY")
            .timeout(std::time::Duration::from_secs(10))
            .assert()
            .code(2)
            .stderr(contains("talk.toml:3:8: mine /dev/zero: more than 16 MiB"));
    }
}

/// Runs `line` in a pseudo-terminal (util-linux `script`) with nothing typed, and returns what
/// it printed; None where `script` is missing.
fn on_a_terminal(line: &str) -> Option<String> {
    let out = std::process::Command::new("script")
        .args(["-qec", line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_bare_command_on_a_terminal_prints_its_usage() {
    let bin = env!("CARGO_BIN_EXE_tumble");
    for cmd in ["box", "box solve", "ohno solve", "mine solve"] {
        let Some(out) = on_a_terminal(&format!("{bin} {cmd}; echo rc=$?")) else {
            eprintln!("skipped: no `script` command (util-linux) for a terminal");
            return;
        };
        assert!(out.contains(&format!("tumble {cmd} reads from standard input")), "{cmd}: {out}");
        assert!(out.contains(&format!("Usage: tumble {cmd}")), "{cmd}: {out}");
        assert!(out.trim_end().ends_with("rc=2"), "{cmd}: {out}");
    }
    let out = on_a_terminal(&format!("{bin} ohno solve --steps")).unwrap();
    assert!(out.contains("reading the board from standard input (end with Ctrl-D)"), "{out}");
}

/// A near-empty 100x100 board: its explanation takes seconds (every step but a few a guess).
fn near_empty_100() -> String {
    let mut rows = vec![vec!['.'; 100]; 100];
    rows[5][7] = '3';
    rows[50][50] = '#';
    rows[99][0] = '2';
    rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("\n")
}

/// Starts `args` in `dir` in a process group of its own (as a terminal's job), sends `signal`
/// to the whole group after `after`, and returns the exit code, what it said and how long it
/// took to end after the signal.
fn signalled(dir: &Path, args: &[&str], signal: &str, after: std::time::Duration) -> (Option<i32>, String, f64) {
    use std::os::unix::process::CommandExt;
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_tumble"))
        .current_dir(dir)
        .args(args)
        .process_group(0)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = std::time::Instant::now();
    let ok = std::process::Command::new("kill").args([signal, "--", &format!("-{}", child.id())]).status().unwrap();
    assert!(ok.success());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), sent.elapsed().as_secs_f64())
}

#[test]
fn a_signal_ends_every_export_alike_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let moves = format!("+{}", "><".repeat(1000));
    let video = std::process::Command::new("ffmpeg").arg("-version").output().is_ok();
    if !video && std::env::var_os("TUMBLE_REQUIRE_FFMPEG").is_some() {
        panic!("ffmpeg is missing and TUMBLE_REQUIRE_FFMPEG is set");
    }
    for ext in ["gif", "apng", "webp", "svg", "mp4", "webm"] {
        if !video && (ext == "mp4" || ext == "webm") {
            eprintln!("skipped .{ext}: no ffmpeg on PATH");
            continue;
        }
        for (signal, code, name) in [("-INT", 130, "SIGINT"), ("-TERM", 143, "SIGTERM")] {
            let out = format!("long.{ext}");
            let args = ["box", ".........@...o....ooo..xox...", &moves, "--fps", "20", "--out", &out];
            // The SVG is written whole in about 1.5 s on a fast machine, so its signal comes
            // half a second in (while the frames are drawn); the others take longer.
            let after = std::time::Duration::from_millis(if ext == "svg" { 500 } else { 1500 });
            let (got, said, took) = signalled(dir.path(), &args, signal, after);
            assert_eq!(got, Some(code), ".{ext} {name}: {said}");
            assert!(said.ends_with(&format!("tumble: interrupted ({name})\n")), ".{ext} {name}: {said}");
            assert!(took < 1.0, ".{ext} {name}: ended {took:.2} s after the signal");
            let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
            assert!(left.is_empty(), ".{ext} {name}: left {left:?}");
        }
    }
}

#[test]
fn a_signal_ends_a_long_explanation_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("near.txt"), near_empty_100()).unwrap();
    for (signal, code) in [("-TERM", 143), ("-HUP", 129), ("-INT", 130)] {
        let args = ["ohno", "solve", "--steps", "near.txt", "--gif", "steps.gif"];
        let (got, said, took) = signalled(dir.path(), &args, signal, std::time::Duration::from_millis(700));
        assert_eq!(got, Some(code), "{said}");
        assert!(took < 1.0, "ended {took:.2} s after the signal");
        assert!(!dir.path().join("steps.gif").exists());
    }
}

#[test]
fn an_empty_board_at_the_size_limit_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let empty = vec![".".repeat(100); 100].join("\n");
    std::fs::write(dir.path().join("empty.txt"), &empty).unwrap();
    let out = tumble_in(dir.path()).args(["ohno", "solve", "--steps", "empty.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let steps = text.lines().filter(|l| l.split_once(". ").is_some_and(|(n, _)| n.parse::<u32>().is_ok())).count();
    assert_eq!(steps, 10_000, "one deduction per cell of an empty board");
    // The solution printed is complete and the same as `solve`'s.
    let solved = tumble_in(dir.path()).args(["ohno", "solve", "empty.txt"]).output().unwrap();
    assert!(text.ends_with(std::str::from_utf8(&solved.stdout).unwrap()));
}

#[test]
fn output_problems_are_found_before_the_answer_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let f1 = ".........@...o....ooo..xox...";
    tumble_in(dir.path())
        .args(["box", f1, "+", "--gif", "sub"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("tumble: error: sub: a folder, not a file: name a file in it (sub/out.gif)\n");
    tumble_in(dir.path())
        .args(["box", f1, "+", "--png", "/sys/x.png"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("/sys/x.png: cannot write a file in its folder /sys"));
    // A million moves, one frame per state: refused before anything is printed or drawn.
    let million = format!("{f1}\n{}\n", "<>".repeat(500_000));
    tumble_in(dir.path())
        .args(["box", "--gif", "big.gif"])
        .write_stdin(million)
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("big.gif: 1000001 pictures (at most 50000): cut the animation with --start and --end"));
    // Every export says what it wrote.
    tumble_in(dir.path())
        .args(["box", f1, "+", "--gif", "a.gif", "--png", "a.png", "--out", "a.apng", "--size", "40"])
        .assert()
        .success()
        .stderr("tumble: wrote a.png\ntumble: wrote a.gif\ntumble: wrote a.apng\n");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
}

#[test]
fn options_that_would_do_nothing_are_warned_about_or_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f1 = ".........@...o....ooo..xox...";
    tumble_in(dir.path())
        .args(["box", f1, "+", "--fps", "20", "--speed", "2", "--start", "1"])
        .assert()
        .success()
        .stdout(".........@......o...ooo...xox\n")
        .stderr(
            "tumble: warning: --fps, --speed and --start are ignored: no picture is written (add --gif FILE, --out \
             FILE or --png FILE)\n",
        );
    tumble_in(dir.path()).args(["box", "x"]).assert().code(2).stderr(contains("state: 1 character; expected 29"));
    std::fs::write(dir.path().join("one.txt"), "..\n").unwrap();
    tumble_in(dir.path())
        .args(["box", f1, "+", "--frames", "."])
        .assert()
        .code(2)
        .stderr(contains(".: the folder holds other files (one.txt)"));
    tumble_in(dir.path())
        .args(["ohno", "solve", "one.txt"])
        .assert()
        .code(2)
        .stderr(contains("not square: 1 row of 2 columns"));
}

#[cfg(feature = "gui")]
#[test]
fn viewer_flags_that_would_be_ignored_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f1 = ".........@...o....ooo..xox...";
    let cases: [(&[&str], &str); 4] = [
        (&["view", "box", f1, "+", "--at", "1"], "--screenshot <FILE>"),
        (&["view", "box", f1, "+", "--slide", "2"], "--slide 2 picks a slide of a talk"),
        (&["view", "box", f1, "+", "--screenshot", "s.gif", "--at", "1"], "a screenshot is a PNG"),
        (&["view", "ohno", "b.txt", "--demos"], "--demos plays the demos: give no box, mine or ohno"),
    ];
    for (args, message) in cases {
        tumble_in(dir.path()).args(args).env_remove("DISPLAY").assert().code(2).stderr(contains(message));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
