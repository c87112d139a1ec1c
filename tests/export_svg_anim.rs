//! The animated SVG (`--out FILE.svg`) in a real browser: headless Chromium (`common/browser.rs`)
//! loads it, every CSS animation is paused and sought to a moment, and the screenshot is
//! compared with tumble's own `--frames` PNG of that moment; inside an `<img>` it plays by
//! itself; `--no-loop` ends on the last picture. Without Chromium those tests say so and pass,
//! unless `TUMBLE_REQUIRE_BROWSER=1`. The size and bad-output tests need no browser.

#[path = "common/browser.rs"]
mod browser;
#[path = "common/tools.rs"]
mod tools;

use browser::{browser, file_url, mean_difference, Page};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::thread::sleep;
use std::time::Duration;

fn tumble(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tumble")).current_dir(dir).args(args).output().unwrap()
}

fn run(dir: &Path, args: &[&str]) {
    let out = tumble(dir, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn png(path: &Path) -> image::RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// A tab showing `url` in a `width` x `height` viewport.
fn open(b: &headless_chrome::Browser, url: &str, width: u32, height: u32) -> Page {
    let page = Page { tab: b.new_tab().unwrap(), record: Arc::new(Mutex::new(browser::Record::default())) };
    page.resize(width, height, 1.0, false);
    page.tab.navigate_to(url).unwrap().wait_until_navigated().unwrap();
    page.wait_for("document.readyState === 'complete'");
    page
}

/// Pauses every animation of the page at `ms` milliseconds and returns the screenshot.
fn at(page: &Page, ms: f64) -> image::RgbaImage {
    page.eval(&format!("document.getAnimations().forEach(a => {{ a.pause(); a.currentTime = {ms}; }})"));
    sleep(Duration::from_millis(100));
    page.screenshot()
}

/// The picture's size from the SVG's opening tag.
fn size(svg: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(svg).unwrap();
    let attr = |name: &str| -> u32 {
        let i = text.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        text[i..i + text[i..].find('"').unwrap()].parse().unwrap()
    };
    (attr("width"), attr("height"))
}

/// Antialiasing differs between Chromium and tiny-skia along every edge, and a glyph's mask
/// sits on a whole pixel in the raster; a wrong picture (another frame) differs by far more.
const MOST_MEAN: f64 = 3.0;

/// Seeks `svg` to the middle of each of `frames` (file, start and length in ms) and compares.
fn check_moments(b: &headless_chrome::Browser, svg: &Path, frames: &[(std::path::PathBuf, f64, f64)]) {
    let (w, h) = size(svg);
    let page = open(b, &file_url(svg), w, h);
    let count = page.eval("document.getAnimations().length").as_u64().unwrap();
    assert!(count > 0, "no animation in {}", svg.display());
    for (i, (file, start, len)) in frames.iter().enumerate() {
        let shot = at(&page, start + len / 2.0);
        let want = png(file);
        let d = mean_difference(&shot, &want);
        eprintln!("{} at {:.0} ms: mean difference {d:.3}", file.display(), start + len / 2.0);
        assert!(d < MOST_MEAN, "{} at {start} ms differs: {d:.3}", file.display());
        // And it is that moment, not a neighbour: nearer to its frame than to the next one
        // checked, when the two differ.
        let other = png(&frames[(i + 1) % frames.len()].0);
        if mean_difference(&want, &other) > 0.2 {
            assert!(d < mean_difference(&shot, &other), "{} at {start} ms looks like another moment", file.display());
        }
    }
}

#[test]
fn figure1_and_a_smooth_mine_match_their_frames_when_sought() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run(d, &["demo", "figure1", "--out", "f.svg", "--frames", "f"]);
    // One picture a second: frame k from k s.
    let frames: Vec<_> = [0usize, 1, 3, 7, 12, 25]
        .iter()
        .map(|&k| (d.join(format!("f/{:05}.png", k + 1)), k as f64 * 1000.0, 1000.0))
        .collect();
    check_moments(&b, &d.join("f.svg"), &frames);
    run(d, &["demo", "mine-trampoline", "--fps", "20", "--theme", "dark", "--out", "m.svg", "--frames", "m"]);
    let n = std::fs::read_dir(d.join("m")).unwrap().count();
    let frames: Vec<_> = [0, 7, 30, 61, n / 2, n - 40, n - 1]
        .iter()
        .map(|&k| (d.join(format!("m/{:05}.png", k + 1)), (100.0 * k as f64 / 20.0).round() * 10.0, 50.0))
        .collect();
    check_moments(&b, &d.join("m.svg"), &frames);
    // The box turns at 20 fps: moments inside turns.
    run(d, &["demo", "figure1", "--fps", "20", "--out", "t.svg", "--frames", "t"]);
    let frames: Vec<_> = [12, 15, 18, 45, 80, 130]
        .iter()
        .map(|&k| (d.join(format!("t/{:05}.png", k + 1)), (100.0 * k as f64 / 20.0).round() * 10.0, 50.0))
        .collect();
    check_moments(&b, &d.join("t.svg"), &frames);
}

#[test]
fn it_plays_by_itself_in_an_img_and_no_loop_ends_on_the_last_picture() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run(d, &["demo", "figure1", "--speed", "4", "--out", "f.svg", "--frames", "f"]);
    std::fs::write(d.join("page.html"), "<!doctype html><body style=\"margin:0\"><img src=\"f.svg\"></body>").unwrap();
    let (w, h) = size(&d.join("f.svg"));
    let page = open(&b, &file_url(&d.join("page.html")), w, h);
    let frames: Vec<image::RgbaImage> = (1..=26).map(|k| png(&d.join(format!("f/{k:05}.png")))).collect();
    let nearest =
        |shot: &image::RgbaImage| frames.iter().map(|f| mean_difference(shot, f)).fold(f64::INFINITY, f64::min);
    let first = page.screenshot();
    sleep(Duration::from_millis(1300));
    let second = page.screenshot();
    let (d1, d2) = (nearest(&first), nearest(&second));
    eprintln!("in an <img>: nearest frames {d1:.3}, {d2:.3}; apart {:.3}", mean_difference(&first, &second));
    assert!(mean_difference(&first, &second) > 1.0, "the <img> did not change in 1.3 s");
    assert!(d1 < MOST_MEAN && d2 < MOST_MEAN, "{d1} {d2}");

    // Looping: past the end it starts again; with --no-loop it stays on the last picture.
    run(d, &["demo", "figure1", "--out", "once.svg", "--no-loop"]);
    run(d, &["demo", "figure1", "--out", "loop.svg"]);
    let last = png(&d.join("f/00026.png"));
    let first_frame = png(&d.join("f/00001.png"));
    let once = open(&b, &file_url(&d.join("once.svg")), w, h);
    let after = at(&once, 26_000.0 + 500.0);
    assert!(mean_difference(&after, &last) < MOST_MEAN, "--no-loop does not end on the last picture");
    let looping = open(&b, &file_url(&d.join("loop.svg")), w, h);
    let again = at(&looping, 26_000.0 + 500.0);
    assert!(mean_difference(&again, &first_frame) < MOST_MEAN, "the looping SVG does not start again");
    let text = std::fs::read_to_string(d.join("once.svg")).unwrap();
    assert!(text.contains("step-end 1}") && !text.contains("<script"), "{:.300}", text);
}

#[test]
fn every_demo_svg_is_no_larger_than_its_gif() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in tools::demo_names() {
        for fps in [None, Some("20")] {
            let mut args = vec!["demo", name.as_str(), "--gif", "x.gif", "--out", "x.svg"];
            if let Some(f) = fps {
                args.extend(["--fps", f]);
            }
            run(d, &args);
            let gif = std::fs::metadata(d.join("x.gif")).unwrap().len();
            let svg = std::fs::metadata(d.join("x.svg")).unwrap().len();
            eprintln!("{name} fps {}: GIF {gif} bytes, SVG {svg} bytes", fps.unwrap_or("default"));
            assert!(svg <= gif, "{name} fps {fps:?}: SVG {svg} bytes, GIF {gif}");
        }
    }
}

#[test]
fn a_bad_output_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = tumble(d, &["demo", "figure1", "--out", "nofolder/x.svg"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nofolder"));
    let out = tumble(d, &["demo", "figure1", "--out", "x.svg", "--start", "99"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 0, "nothing written");
    // --loop counts for the SVG: no warning that it is ignored.
    let out = tumble(d, &["demo", "figure1", "--out", "x.svg", "--loop", "2"]);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("ignored"));
    assert!(std::fs::read_to_string(d.join("x.svg")).unwrap().contains("step-end 2}"));
}
