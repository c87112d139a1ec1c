//! What a user's environment can throw at tumble: Ctrl-C mid-export, a full or closed standard
//! output, output to a device, odd frame rates, the same file named twice.

use assert_cmd::Command;
use predicates::str::contains;
use std::process::Stdio;
use std::time::{Duration, Instant};

const FIGURE1: &str = ".........@...o....ooo..xox...";

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

/// Starts a smooth export of minutes of frames (2000 stot moves back and forth) into an empty
/// folder, lets it run 1.5 s, sends `signal`, and returns the exit status and what the folder
/// then holds.
fn interrupt_an_export(signal: i32) -> (std::process::ExitStatus, Duration, Vec<std::ffi::OsString>) {
    let dir = tempfile::tempdir().unwrap();
    let moves = format!("+{}", "><".repeat(1000));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tumble"))
        .args(["box", FIGURE1, &moves, "--fps", "20", "--gif"])
        .arg(dir.path().join("long.gif"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    send_signal(child.id(), signal);
    let start = Instant::now();
    let status = child.wait().unwrap();
    let left = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    (status, start.elapsed(), left)
}

#[test]
fn ctrl_c_during_an_export_leaves_no_file() {
    let (status, took, left) = interrupt_an_export(2);
    assert!(took < Duration::from_secs(5), "stops promptly");
    assert_eq!(status.code(), Some(130));
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn sigkill_during_an_export_leaves_no_file() {
    let (status, _, left) = interrupt_an_export(9);
    assert_eq!(status.code(), None, "killed mid-export, not finished");
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Sends `signal` to `pid` with the `kill` command (no extra dependency for one call).
fn send_signal(pid: u32, signal: i32) {
    let ok = std::process::Command::new("kill").arg(format!("-{signal}")).arg(pid.to_string()).status().unwrap();
    assert!(ok.success());
}

#[test]
fn full_or_closed_standard_output() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumble"))
        .args(["ohno", "generate", "--size", "5", "--seed", "1"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard output"));
    // A reader that goes away (like `| head -c 1`) is not an error and not a panic.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tumble"))
        .args(["ohno", "solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let board = format!("{}\n", ".".repeat(20)).repeat(20);
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), board.as_bytes()).unwrap();
    drop(child.stdin.take());
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn output_to_dev_null_keeps_the_device() {
    tumble()
        .args(["box", FIGURE1, "+", "--gif", "/dev/null", "--png", "/dev/null"])
        .assert()
        .code(2)
        .stderr(contains("are the same file"));
    tumble().args(["box", FIGURE1, "+", "--gif", "/dev/null", "--size", "50"]).assert().success();
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
}

#[test]
fn extra_lines_on_standard_input_are_an_error() {
    tumble()
        .arg("box")
        .write_stdin(format!("{FIGURE1}\n+\nmore\n"))
        .assert()
        .code(2)
        .stderr(contains("line 3: expected two lines only"));
}

#[test]
fn odd_frame_rates_keep_the_animation_length() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("30.gif");
    tumble().args(["box", FIGURE1, "+", "--fps", "30", "--size", "60", "--gif"]).arg(&gif).assert().success();
    let d = tumble::export::gif_read::decode(std::fs::File::open(&gif).unwrap()).unwrap();
    let total = d.duration_cs();
    // Frame k starts at round(100 k / 30) cs: the total is the frames' length to the centisecond
    // (equal frames merged into longer delays keep their starts).
    let frames = (total as f64 * 30.0 / 100.0).round() as u64;
    assert_eq!(total, (frames as f64 * 100.0 / 30.0).round() as u64, "{total} cs");
    let mut start = 0u64;
    let mut k = 0u64;
    for f in &d.frames {
        while ((k as f64 * 100.0 / 30.0).round() as u64) < start {
            k += 1;
        }
        assert_eq!((k as f64 * 100.0 / 30.0).round() as u64, start, "each frame starts on the 30 fps grid");
        start += f.delay_cs as u64;
    }
    tumble().args(["box", FIGURE1, "+", "--fps", "100"]).assert().code(2);
}

/// A very slow --speed: with --fps the GIF would have 1.5 million frames (hours to write,
/// gigabytes); one frame per state, each frame would last longer than a GIF delay can say.
/// Both are refused before the export starts (exit 2; the final state is printed, as with
/// any output error), and no file is written.
#[test]
fn a_gif_too_long_to_write_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("slow.gif");
    tumble()
        .args(["box", FIGURE1, "+", "--speed", "0.0001", "--fps", "50", "--gif"])
        .arg(&gif)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("1500000 frames at 50 fps (at most 50000): raise --speed or lower --fps"));
    tumble()
        .args(["box", FIGURE1, "+", "--speed", "0.001", "--gif"])
        .arg(&gif)
        .assert()
        .code(2)
        .stderr(contains("--speed 0.001 makes each frame 1000 s long; a GIF frame shows at most 655 s"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A negative number for an option is read as its value and gets the option's range, not
/// clap's advice to write `-- -3` (which would not work for an option).
#[test]
fn negative_option_values_get_the_range() {
    refused(&["box", FIGURE1, "+", "--fps", "-3", "--gif", "x.gif"], "-3 is not in 1..=50");
    refused(
        &["mine", "solve", "--time-limit", "-4", "x.map"],
        "\"-4\" is not a number of seconds above 0 and at most 1000000",
    );
}

/// Runs tumble with `args` and expects exit code 2, nothing on standard output and `message`
/// on standard error.
fn refused(args: &[&str], message: &str) {
    tumble().args(args).assert().code(2).stdout("").stderr(contains(message));
}

/// An output file in a folder that does not exist is an error before any work: the route
/// finder does not search for its whole budget first, and nothing is printed.
#[test]
fn a_missing_output_folder_is_an_error_before_any_work() {
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine/maps/contest1.map");
    let start = Instant::now();
    tumble()
        .args(["mine", "solve", "--time-limit", "30", "--gif", "no/such/folder/a.gif", map])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("no/such/folder/a.gif: the folder no/such/folder does not exist"));
    assert!(start.elapsed() < Duration::from_secs(10));
    refused(&["box", FIGURE1, "+", "--png", "no/such/folder/a.png"], "the folder no/such/folder does not exist");
}
