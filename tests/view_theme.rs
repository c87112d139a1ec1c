//! `--theme dark` reaches every export: the PNG and GIF of `tumble box`, `tumble mine run`,
//! `tumble mine solve`, `tumble ohno solve` and `tumble demo` have the dark page in their corner
//! and keep the puzzle colours; `--theme light` (the default) is today's look.

use assert_cmd::Command;
use std::path::Path;
use tumble::export::gif_read::decode;

const BOX: &str = ".........@...o....ooo..xox...";

fn demos() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("demos")
}

/// Runs tumble with `args` and then `--png`/`--gif` into `dir`; returns the PNG's bottom-left
/// pixel and the GIF's first frame's, and whether the PNG holds `colour` somewhere.
fn export(dir: &Path, args: &[&str], theme: &str, colour: [u8; 3]) -> ([u8; 3], [u8; 3], bool) {
    let (png, gif) = (dir.join(format!("{theme}.png")), dir.join(format!("{theme}.gif")));
    Command::cargo_bin("tumble")
        .unwrap()
        .args(args)
        .args(["--size", "120", "--theme", theme, "--png"])
        .arg(&png)
        .arg("--gif")
        .arg(&gif)
        .assert()
        .success();
    let img = image::open(&png).unwrap().to_rgb8();
    let has = img.pixels().any(|p| p.0 == colour);
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    let (w, h) = (d.width as usize, d.height as usize);
    let f = &d.frames[0].rgba[(h - 1) * w * 4..];
    (img.get_pixel(0, img.height() - 1).0, [f[0], f[1], f[2]], has)
}

fn check(args: &[&str], light_page: [u8; 3], dark_page: [u8; 3], puzzle_colour: [u8; 3]) {
    let dir = tempfile::tempdir().unwrap();
    let (png, gif, has) = export(dir.path(), args, "light", puzzle_colour);
    assert_eq!((png, gif), (light_page, light_page), "{args:?} light");
    assert!(has, "{args:?} light: the puzzle colour {puzzle_colour:?} is drawn");
    let (png, gif, has) = export(dir.path(), args, "dark", puzzle_colour);
    assert_eq!((png, gif), (dark_page, dark_page), "{args:?} dark");
    assert!(has, "{args:?} dark: the puzzle colour {puzzle_colour:?} is kept");
}

const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
const DARK: [u8; 3] = [0x14, 0x16, 0x1b];
const SHUBBLE: [u8; 3] = [0x2f, 0x7f, 0xe0];
const SMOLE: [u8; 3] = [0xe0, 0x39, 0x3e];
const OHNO_BLUE: [u8; 3] = [0x1c, 0xc0, 0xe0];
const ROBOT: [u8; 3] = [0x4f, 0xa3, 0xff];

#[test]
fn box_exports_follow_the_theme() {
    check(&["box", BOX, "+>|<-v+^+"], WHITE, DARK, SHUBBLE);
}

#[test]
fn box_solve_exports_follow_the_theme() {
    // Solved: the shubbles have left; the smoles stay.
    check(&["box", "solve", "o........@..o....oox...xo...."], WHITE, DARK, SMOLE);
}

#[test]
fn mine_run_and_solve_exports_follow_the_theme() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.txt");
    std::fs::write(&map, "#####\n#R\\ L\n#####\n").unwrap();
    let map = map.to_str().unwrap();
    // The mine is drawn dark in both themes; the dark one deepens its page.
    check(&["mine", "run", map, "RRR"], [0x1d, 0x1f, 0x27], [0x0c, 0x0d, 0x11], ROBOT);
    check(&["mine", "solve", map, "--time-limit", "1"], [0x1d, 0x1f, 0x27], [0x0c, 0x0d, 0x11], ROBOT);
}

#[test]
fn ohno_solve_exports_follow_the_theme() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("b.txt");
    std::fs::write(&board, ".1..\n..1.\n....\n22#2\n").unwrap();
    check(&["ohno", "solve", board.to_str().unwrap()], WHITE, DARK, OHNO_BLUE);
}

#[test]
fn demo_exports_follow_the_theme() {
    let dir = demos();
    check(&["demo", "figure1", "--dir", dir.to_str().unwrap()], WHITE, DARK, SHUBBLE);
}

#[test]
fn an_unknown_theme_is_refused_with_exit_2() {
    let out = Command::cargo_bin("tumble").unwrap().args(["box", BOX, "+", "--theme", "sepia"]).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("sepia") && err.contains("light") && err.contains("dark"), "{err}");
}
