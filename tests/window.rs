//! The window backend draws what the raster backend draws: a `tumble view ... --screenshot`
//! PNG taken under X (or `xvfb-run -a` when no display is set) matches the raster picture of
//! the same moment, up to anti-aliasing. Skipped (with a message) when neither is available,
//! unless `TUMBLE_REQUIRE_DISPLAY=1` (CI sets it), which turns the skip into a failure.
#![cfg(feature = "gui")]

use std::path::Path;
use std::process::Command;
use tumble::anim::{Mode, Timeline};
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};
use tumble::render::raster;

const STATE: &str = ".........@...o....ooo..xox...";
const MOVES: &str = "+>|<-v+^+";

fn have(cmd: &str) -> bool {
    Command::new("sh").arg("-c").arg(format!("command -v {cmd}")).output().is_ok_and(|o| o.status.success())
}

/// Runs the viewer to take a screenshot; `None` when no display can be had.
fn screenshot(path: &Path, at: f64, size: u32) -> Option<image::RgbaImage> {
    let exe = env!("CARGO_BIN_EXE_tumble");
    let args = ["view", "box", STATE, MOVES, "--size", &size.to_string(), "--at", &at.to_string(), "--screenshot"];
    let display = std::env::var("DISPLAY").is_ok_and(|d| !d.is_empty());
    let mut cmd = if display {
        Command::new(exe)
    } else if have("xvfb-run") {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24", exe]);
        c
    } else {
        let msg = "window test skipped: no DISPLAY and no xvfb-run (apt-get install xvfb)";
        assert!(std::env::var("TUMBLE_REQUIRE_DISPLAY").is_err(), "{msg}");
        eprintln!("{msg}");
        return None;
    };
    let out = cmd.args(args).arg(path).output().expect("the viewer starts");
    assert!(out.status.success(), "viewer failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(image::open(path).expect("a PNG screenshot").to_rgba8())
}

#[test]
fn window_screenshot_matches_the_raster_picture() {
    let dir = tempfile::tempdir().unwrap();
    let s = BoxState::parse(STATE).unwrap();
    let m = parse_moves(MOVES).unwrap();
    let (trace, failure) = record(&s, &m);
    let anim = BoxAnimation::new(trace, m, failure);
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    // Mid-turn of the first `+` (lead-in 0.5 s, turn 0.45 s), and a later resting moment.
    for at in [0.7, 6.0] {
        let path = dir.path().join(format!("shot-{at}.png"));
        let Some(shot) = screenshot(&path, at, 400) else {
            return;
        };
        let want = raster::render(&timeline.scene_at(&anim, at), shot.width(), shot.height());
        assert_eq!(shot.width(), 400);
        let total: u64 =
            shot.as_raw().iter().zip(&want.rgba).map(|(a, b)| (*a as i64 - *b as i64).unsigned_abs()).sum();
        let mean = total as f64 / want.rgba.len() as f64;
        eprintln!("t={at}: mean difference {mean:.3} per channel");
        assert!(mean < 4.0, "t={at}: window and raster differ by {mean:.2} per channel on average");
        // And it is not trivially blank: the picture has the wall colour in it.
        assert!(shot.pixels().filter(|p| p.0[..3] == [0x3a, 0x3f, 0x4b]).count() > 1000);
    }
}
