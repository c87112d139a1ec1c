//! A talk's words as a presenter types them: titles in scripts the bundled font cannot draw are
//! named in a warning with their line; a 300-character title wraps on its card at a readable
//! size; a long title in the window's status line is shortened with "…" and never runs under
//! "? help". Each case runs the binary as typed; the window's case under Xvfb.

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt as _;
use std::path::Path;

const BOX: &str = "box = \".........@...o....ooo..xox...\"\nmoves = \"+>|<\"\n";

fn talk_in(dir: &Path, title: &str, item_title: &str) {
    let text = format!("title = \"{title}\"\n\n[[item]]\ntitle = \"{item_title}\"\n{BOX}");
    std::fs::write(dir.join("talk.toml"), text).unwrap();
}

/// Runs `tumble talk talk.toml --out t.html` in `dir`, which must succeed, and returns the
/// warning lines it printed.
fn page_warnings(dir: &Path) -> Vec<String> {
    let out = Command::cargo_bin("tumble")
        .unwrap()
        .current_dir(dir)
        .args(["talk", "talk.toml", "--out", "t.html"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    err.lines().filter(|l| l.contains("warning")).map(String::from).collect()
}

/// 300 characters of words.
fn long_title() -> String {
    let words = ["gravity", "lambda", "smole", "shubble", "rock", "lift", "trampoline", "beard"];
    let mut t = String::new();
    for w in words.iter().cycle() {
        if t.len() + w.len() + 1 > 300 {
            break;
        }
        if !t.is_empty() {
            t.push(' ');
        }
        t.push_str(w);
    }
    t
}

#[test]
fn titles_the_font_cannot_draw_are_named_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    talk_in(dir.path(), "Puzzles 漢字 with gravity 🎉", "0h n0 日本語 漢");
    assert_eq!(
        page_warnings(dir.path()),
        [
            "tumble: warning: talk.toml line 1: the title has characters the bundled font cannot draw: 漢 字 🎉; \
             they show as boxes",
            "tumble: warning: talk.toml line 4: the title has characters the bundled font cannot draw: 日 本 語 漢; \
             they show as boxes",
        ]
    );
    assert!(dir.path().join("t.html").exists(), "a warning, not a refusal");

    // Accents, Greek and Cyrillic are in the font: no warning.
    talk_in(dir.path(), "Ça tombe: λάμδα", "Привет, smole");
    Command::cargo_bin("tumble")
        .unwrap()
        .current_dir(dir.path())
        .args(["talk", "talk.toml", "--out", "t.html"])
        .assert()
        .success()
        .stderr(predicates::str::contains("warning").not());
}

#[test]
fn notes_the_font_cannot_draw_are_named_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        format!("title = \"Gravity\"\n\n[[item]]\ntitle = \"Box\"\nnotes = \"\"\"\nSay: 重力 🎉\nthen λ\"\"\"\n{BOX}");
    std::fs::write(dir.path().join("talk.toml"), text).unwrap();
    assert_eq!(
        page_warnings(dir.path()),
        ["tumble: warning: talk.toml line 5: the notes have characters the bundled font cannot draw: 重 力 🎉; \
             they show as boxes in the window's presenter view (the page's shows them)",]
    );
    let page = std::fs::read_to_string(dir.path().join("t.html")).unwrap();
    assert!(page.contains("重力 🎉"), "the page keeps the notes as typed");
}

fn have(cmd: &str) -> bool {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {cmd}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The rows (top first) of `img` between `y0` and `y1` that hold pixels of the talk's text
/// colour (#505050 in the light theme; the dim #8c8c8c of "? help" and the agenda does not
/// count), in columns `x0..x1`, as bands of consecutive rows: (first row, height).
fn text_bands(img: &image::RgbaImage, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> Vec<(u32, u32)> {
    let mut bands: Vec<(u32, u32)> = Vec::new();
    for y in y0..y1 {
        if (x0..x1).any(|x| img.get_pixel(x, y)[0] < 110) {
            match bands.last_mut() {
                Some((start, h)) if *start + *h == y => *h += 1,
                _ => bands.push((y, 1)),
            }
        }
    }
    bands
}

#[test]
fn a_300_character_title_wraps_and_the_status_line_ends_in_an_ellipsis_before_help() {
    if !have("xvfb-run") {
        assert!(std::env::var("TUMBLE_REQUIRE_DISPLAY").is_err(), "no xvfb-run, and TUMBLE_REQUIRE_DISPLAY=1");
        println!("skipped: no xvfb-run (apt-get install xvfb xauth)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let title = long_title();
    assert!(title.chars().count() >= 290, "{}", title.len());
    talk_in(dir.path(), "A talk", &title);
    Command::new("xvfb-run")
        .current_dir(dir.path())
        .args(["-a", "-s", "-screen 0 1366x768x24", env!("CARGO_BIN_EXE_tumble")])
        .args(["view", "--talk", "talk.toml", "--slide", "2", "--at", "0", "--screenshot", "card.png"])
        .assert()
        .success();
    let img = image::open(dir.path().join("card.png")).unwrap().to_rgba8();
    let (w, h) = img.dimensions();
    assert_eq!(w, 720);
    // The card: the title on several lines, each at least 14 pixels of ink high (the font's
    // x-height at 18 pixels or more), all inside the picture.
    let picture = (0, h - 40);
    let lines = text_bands(&img, (0, w), picture);
    assert!(lines.len() >= 4, "the title wraps: {lines:?}");
    assert!(lines.iter().all(|&(_, lh)| lh >= 14), "readable: {lines:?}");
    let inked = |x: u32| (picture.0..picture.1).any(|y| img.get_pixel(x, y)[0] < 110);
    assert!(!inked(0) && !inked(w - 1), "the lines keep off the edges");
    // The status line: its text (the title, shortened) ends before "? help", which keeps its
    // own colour: no text-coloured pixel in the last 50 columns.
    let status = (h - 40, h - 16);
    assert_eq!(text_bands(&img, (0, 200), status).len(), 1, "the status text is there");
    assert!(text_bands(&img, (w - 50, w), status).is_empty(), "nothing runs under '? help'");
    let dim = (w - 50..w).any(|x| (status.0..status.1).any(|y| img.get_pixel(x, y)[0] < 200));
    assert!(dim, "'? help' is drawn");
}
