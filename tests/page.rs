//! The web page (`--out FILE.html`, `tumble talk FILE --out talk.html`) in a real browser:
//! headless Chromium driven through the DevTools protocol (`common/browser.rs`). Real keys, the
//! timeline clicked and dragged, touch, a phone and a 4K screen, the address, the presenter
//! view; screenshots compared with `--frames` raster frames of the same moments; every request
//! and console message recorded (nothing beyond the file, no error). Without Chromium the tests
//! say so and pass, unless `TUMBLE_REQUIRE_BROWSER=1`.

#[path = "common/browser.rs"]
mod browser;

use assert_cmd::Command;
use browser::{browser, file_url, mean_difference, Page};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::Duration;

const FIGURE1: &str = ".........@...o....ooo..xox...";
const MOVES: &str = "+>|<-v+^+";

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

/// Runs tumble with `args` in `dir`; it must succeed.
fn run(dir: &Path, args: &[&str]) {
    tumble().current_dir(dir).args(args).assert().success();
}

/// The page's data (its `tumble-meta` JSON).
fn meta(path: &Path) -> Value {
    let html = std::fs::read_to_string(path).unwrap();
    let start = html.find(r#"id="tumble-meta">"#).unwrap() + r#"id="tumble-meta">"#.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// figure1 at 20 fps as a page, in a fresh folder.
fn figure1_page() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), &["box", FIGURE1, MOVES, "--fps", "20", "--out", "figure1.html"]);
    let page = dir.path().join("figure1.html");
    (dir, page)
}

#[test]
fn figure1_page_is_a_quarter_of_its_gif_and_the_tour_under_a_megabyte() {
    let (dir, page) = figure1_page();
    run(dir.path(), &["box", FIGURE1, MOVES, "--fps", "20", "--gif", "figure1.gif"]);
    let html = std::fs::metadata(&page).unwrap().len();
    let gif = std::fs::metadata(dir.path().join("figure1.gif")).unwrap().len();
    eprintln!("figure1 at 20 fps: page {html} bytes, GIF {gif} bytes");
    assert!(html * 4 <= gif, "page {html} bytes is more than a quarter of the GIF's {gif}");
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("demos/tour.toml");
    run(dir.path(), &["talk", tour.to_str().unwrap(), "--out", "tour.html"]);
    let size = std::fs::metadata(dir.path().join("tour.html")).unwrap().len();
    eprintln!("demos/tour.toml: page {size} bytes");
    assert!(size < 1_000_000, "{size}");
}

#[test]
fn every_animating_command_writes_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("demos");
    let board = data.join("ohno-demo.ohno");
    let map = data.join("tour-mine.txt");
    run(d, &["box", FIGURE1, MOVES, "--out", "box.html"]);
    run(d, &["mine", "run", map.to_str().unwrap(), "LLLLDDDDD", "--out", "mine.html"]);
    run(d, &["ohno", "solve", board.to_str().unwrap(), "--steps", "--out", "steps.html"]);
    run(d, &["ohno", "solve", board.to_str().unwrap(), "--out", "ohno.html"]);
    run(d, &["demo", "figure1", "--out", "demo.HTML", "--fps", "10"]);
    for (name, manipulations) in
        [("box.html", 9), ("mine.html", 9), ("demo.HTML", 9), ("steps.html", usize::MAX), ("ohno.html", usize::MAX)]
    {
        let m = meta(&d.join(name));
        let slides = m["slides"].as_array().unwrap();
        assert_eq!(slides.len(), 1, "{name}: one animation");
        let ticks = slides[0]["s"].as_array().unwrap().len();
        if manipulations != usize::MAX {
            assert_eq!(ticks, manipulations, "{name}");
        } else {
            assert!(ticks >= 1, "{name}");
        }
        assert_eq!(m["talk"], false, "{name}: plays at once");
    }
    // One picture per state without --fps (as the GIF), 20 a second with it.
    let frames = |name: &str| meta(&d.join(name))["slides"][0]["f"].as_array().unwrap().len();
    run(d, &["box", FIGURE1, MOVES, "--frames", "states"]);
    let states = std::fs::read_dir(d.join("states")).unwrap().count();
    assert_eq!(frames("box.html"), states, "one picture per state, as the frames");
    run(d, &["demo", "figure1", "--fps", "10", "--frames", "smooth"]);
    let smooth = std::fs::read_dir(d.join("smooth")).unwrap().count();
    assert!(frames("demo.HTML") > 50 && frames("demo.HTML") <= smooth + 1, "{} of {smooth}", frames("demo.HTML"));
}

#[test]
fn bad_pages_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("t.toml"),
        "title = \"x\"\n[[item]]\nbox = \".........@...o....ooo..xox...\"\nmoves = \"+q\"\n",
    )
    .unwrap();
    let out = tumble().current_dir(d).args(["talk", "t.toml", "--out", "t.html"]).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("t.toml:4:9:"), "{err}");
    std::fs::write(d.join("good.toml"), "title = \"x\"\n[[item]]\ndemo = \"figure1\"\n").unwrap();
    let out = tumble().current_dir(d).args(["talk", "good.toml", "--out", "t.pptx"]).assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("t.pptx: unknown format .pptx"));
    let out = tumble().current_dir(d).args(["talk", "good.toml", "--out", "t.gif"]).assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("t.gif: a talk is not an animation"));
    tumble().current_dir(d).args(["talk", "good.toml", "--out", "no/such/t.html"]).assert().code(2);
    let left: Vec<_> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only the talks: {left:?}");
}

#[test]
fn keys_play_step_and_change_speed_as_in_the_viewer() {
    let Some(b) = browser() else { return };
    let (_dir, path) = figure1_page();
    let url = file_url(&path);
    let m = meta(&path);
    let show = &m["slides"][0];
    let rests: Vec<f64> = show["r"].as_array().unwrap().iter().map(f).collect();
    let starts: Vec<f64> = show["s"].as_array().unwrap().iter().map(f).collect();
    let d = f(&show["d"]);
    let p = Page::open(&b, &format!("{url}#t=0"), 500, 620);
    let s = p.state();
    assert_eq!((f(&s["t"]), s["playing"].as_bool()), (0.0, Some(false)), "#t=0: the start, paused");
    p.key("PageDown");
    p.wait_for("!tumble.state().playing");
    assert!((f(&p.state()["t"]) - rests[0]).abs() < 1e-9, "one manipulation, to its rest");
    assert_eq!(p.state()["done"], 1);
    p.key("ArrowRight");
    p.wait_for("!tumble.state().playing");
    assert_eq!(p.state()["done"], 2);
    p.key("PageUp");
    p.wait_for("!tumble.state().playing");
    assert!((f(&p.state()["t"]) - rests[0]).abs() < 1e-9, "back to the rest before it");
    p.key("ArrowLeft");
    p.wait_for("!tumble.state().playing");
    assert_eq!(f(&p.state()["t"]), 0.0);
    p.key("End");
    assert_eq!(f(&p.state()["t"]), d);
    p.key("Home");
    assert_eq!(f(&p.state()["t"]), 0.0);
    p.key(" ");
    assert_eq!(p.state()["playing"], true, "space plays");
    sleep(Duration::from_millis(600));
    p.key(" ");
    let t = f(&p.state()["t"]);
    assert!(t > 0.3 && t < 3.0, "played a while: {t}");
    assert_eq!(p.state()["playing"], false, "space pauses");
    p.key("]");
    assert!((f(&p.state()["speed"]) - 1.5).abs() < 1e-9);
    p.key("[");
    p.key("[");
    assert!((f(&p.state()["speed"]) - 1.0 / 1.5).abs() < 1e-9);
    p.key("r");
    let s = p.state();
    assert_eq!(s["playing"], true, "R plays from the start");
    assert!(f(&s["t"]) < 0.5);
    p.key("End");
    p.key("h");
    assert_eq!(p.state()["hud"], false, "H hides the status line and the timeline");
    assert_eq!(p.rect("#bar")[3], 0.0);
    p.key("h");
    assert_eq!(p.state()["hud"], true);
    p.key("b");
    assert_eq!(p.state()["blank"], true, "B blacks the page");
    let t = f(&p.state()["t"]);
    p.key("PageUp");
    assert_eq!((p.state()["blank"].as_bool(), f(&p.state()["t"])), (Some(false), t), "any key ends it, and only that");
    p.key("?");
    assert_eq!(p.state()["help"], true);
    let help = p.eval("document.getElementById('help-keys').textContent");
    assert!(help.as_str().unwrap().contains("presenter view"), "{help}");
    p.key("PageDown");
    assert_eq!(f(&p.state()["t"]), t, "nothing moves under the help");
    p.key("Escape");
    assert_eq!(p.state()["help"], false);
    p.key("f");
    p.wait_for("document.fullscreenElement !== null");
    p.key("f");
    p.wait_for("document.fullscreenElement === null");
    assert_eq!(starts.len(), 9);
    p.assert_quiet(&url);
}

#[test]
fn the_timeline_jumps_on_a_click_and_scrubs_on_a_drag() {
    let Some(b) = browser() else { return };
    let (_dir, path) = figure1_page();
    let url = file_url(&path);
    let d = f(&meta(&path)["slides"][0]["d"]);
    let p = Page::open(&b, &format!("{url}#t=0"), 500, 620);
    let [x, y, w, h] = p.rect("#bar");
    assert!(w == 500.0 && h >= 16.0, "along the bottom: {:?}", [x, y, w, h]);
    let ticks = p.eval("document.querySelectorAll('#ticks > i').length");
    assert_eq!(ticks, 9, "a tick per manipulation");
    let at = |frac: f64| x + frac * w;
    p.mouse_down(at(0.25), y + h / 2.0);
    p.mouse_up(at(0.25), y + h / 2.0);
    assert!((f(&p.state()["t"]) - 0.25 * d).abs() < 0.02 * d, "a click jumps");
    p.mouse_down(at(0.1), y + h / 2.0);
    for frac in [0.2, 0.3, 0.4] {
        p.mouse_drag(at(frac), y + h / 2.0);
        sleep(Duration::from_millis(50));
        assert!((f(&p.state()["t"]) - frac * d).abs() < 0.02 * d, "the picture follows the drag at {frac}");
    }
    let before = p.state()["picture"].clone();
    p.mouse_drag(at(0.6), y + h / 2.0);
    sleep(Duration::from_millis(100));
    assert_ne!(p.state()["picture"], before, "another picture is shown");
    p.mouse_up(at(0.6), y + h / 2.0);
    assert!((f(&p.state()["t"]) - 0.6 * d).abs() < 0.02 * d);
    assert_eq!(p.state()["playing"], false, "it was paused");
    p.assert_quiet(&url);
}

#[test]
fn screenshots_match_the_raster_frames_of_the_same_moments() {
    let Some(b) = browser() else { return };
    let (dir, path) = figure1_page();
    run(dir.path(), &["box", FIGURE1, MOVES, "--fps", "20", "--frames", "frames"]);
    let url = file_url(&path);
    let first = image::open(dir.path().join("frames/00001.png")).unwrap().to_rgba8();
    let (w, h) = first.dimensions();
    let p = Page::open(&b, &format!("{url}#t=0&clean"), w, h);
    // Mid-turn, mid-fall, at rest and the end.
    for k in [8usize, 15, 33, 61, 120, 200] {
        let t = k as f64 / 20.0;
        p.eval(&format!("location.hash = 't={t}&clean'"));
        p.wait_for(&format!("Math.abs(tumble.state().t - {t}) < 1e-9"));
        sleep(Duration::from_millis(150));
        let shot = p.screenshot();
        let frame = image::open(dir.path().join(format!("frames/{:05}.png", k + 1))).unwrap().to_rgba8();
        let diff = mean_difference(&shot, &frame);
        eprintln!("frame {k} ({t} s): mean difference {diff:.2}");
        assert!(diff < 3.0, "frame {k}: mean difference {diff:.2}");
        if k == 8 {
            // Another moment differs far more: the comparison sees the picture.
            let other = image::open(dir.path().join("frames/00062.png")).unwrap().to_rgba8();
            assert!(mean_difference(&shot, &other) > 4.0 * diff.max(0.5));
        }
    }
    p.assert_quiet(&url);
}

#[test]
fn a_phone_and_a_4k_screen_show_the_whole_picture_sharp() {
    let Some(b) = browser() else { return };
    let (_dir, path) = figure1_page();
    let url = file_url(&path);
    let m = meta(&path);
    let aspect = f(&m["slides"][0]["w"]) / f(&m["slides"][0]["h"]);
    let p = Page::open(&b, &format!("{url}#t=4"), 800, 600);
    for (w, h, scale, mobile) in [(390u32, 844u32, 3.0, true), (3840, 2160, 1.0, false), (844, 390, 3.0, true)] {
        p.resize(w, h, scale, mobile);
        sleep(Duration::from_millis(200));
        let stage = p.rect("#stage");
        let bar = p.rect("#bar");
        assert_eq!(stage[2], f64::from(w), "{w}x{h}: the picture's area spans the width");
        assert!(bar[1] + bar[3] <= f64::from(h) + 0.5 && bar[3] >= 16.0, "{w}x{h}: the timeline is on screen {bar:?}");
        // The SVG's drawn size: as large as the area allows at the picture's shape.
        let fit = (stage[2] / aspect).min(stage[3]);
        assert!(fit > 0.7 * stage[3].min(stage[2] / aspect), "{w}x{h}");
        let shot = p.screenshot();
        assert_eq!(shot.width(), (f64::from(w) * scale) as u32, "drawn at the device's pixels");
        // Vector: the picture's edges stay sharp at any size (no blur ramp): count pixels of the
        // wall colour in a row through the box at 4K.
        if w == 3840 {
            let row = (stage[1] + stage[3] / 2.0) as u32;
            let mids = (0..shot.width())
                .filter(|&x| {
                    let p = shot.get_pixel(x, row);
                    let (lo, hi) = (p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]));
                    hi - lo < 12 && lo > 80 && lo < 160
                })
                .count();
            assert!(mids < 40, "few half-tone pixels along a row at 4K: {mids}");
        }
    }
    p.assert_quiet(&url);
}

#[test]
fn touch_swipes_step_and_taps_play_and_pause() {
    let Some(b) = browser() else { return };
    let (_dir, path) = figure1_page();
    let url = file_url(&path);
    let p = Page::open(&b, &format!("{url}#t=0"), 390, 700);
    p.resize(390, 700, 2.0, true);
    p.tab
        .call_method(headless_chrome::protocol::cdp::Emulation::SetTouchEmulationEnabled {
            enabled: true,
            max_touch_points: Some(2),
        })
        .unwrap();
    sleep(Duration::from_millis(200));
    p.touch((300.0, 300.0), (100.0, 310.0), 6);
    p.wait_for("!tumble.state().playing && tumble.state().done === 1");
    p.touch((100.0, 300.0), (300.0, 300.0), 6);
    p.wait_for("!tumble.state().playing && tumble.state().t === 0");
    p.touch((200.0, 300.0), (200.0, 300.0), 0);
    assert_eq!(p.state()["playing"], true, "a tap plays");
    p.touch((200.0, 300.0), (201.0, 300.0), 1);
    assert_eq!(p.state()["playing"], false, "a tap pauses");
    p.assert_quiet(&url);
}

/// A talk whose words try to run script: the title, an item title, notes.
const EVIL: &str = r#"title = "</script><script>window.pwned = 1</script>"
[[item]]
title = "<img src=x onerror=\"window.pwned = 2\">"
notes = "</script><svg onload=window.pwned=3>{{SCRIPT}}"
box = ".........@...o....ooo..xox..."
moves = "+>"
[[item]]
demo = "figure1"
notes = "second"
"#;

#[test]
fn a_talk_page_moves_between_items_and_runs_nothing_from_the_file() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("evil.toml"), EVIL).unwrap();
    run(dir.path(), &["talk", "evil.toml", "--out", "evil.html", "--theme", "dark"]);
    let path = dir.path().join("evil.html");
    let url = file_url(&path);
    let m = meta(&path);
    let p = Page::open(&b, &url, 800, 600);
    let s = p.state();
    assert_eq!((s["slide"].as_u64(), s["slides"].as_u64()), (Some(1), Some(4)), "opening card, card, box, demo");
    let status = p.eval("document.getElementById('status-text').textContent");
    assert!(status.as_str().unwrap().starts_with("1/4 </script><script>window.pwned = 1</script>"), "{status}");
    assert_eq!(p.eval("document.title"), "</script><script>window.pwned = 1</script>");
    p.key("PageDown");
    assert_eq!(p.state()["slide"], 2);
    let status = p.eval("document.getElementById('status-text').textContent");
    assert!(status.as_str().unwrap().contains(r#"<img src=x onerror="window.pwned = 2">"#), "{status}");
    p.key("PageDown");
    assert_eq!(p.state()["slide"], 3);
    assert_eq!(p.state()["playing"], false, "a talk's show waits for the presenter");
    for _ in 0..2 {
        p.key("PageDown");
        p.wait_for("!tumble.state().playing");
    }
    assert_eq!(p.state()["done"], 2);
    p.key("PageDown");
    let s = p.state();
    assert_eq!((s["slide"].as_u64(), f(&s["t"])), (Some(4), 0.0), "on to the next item, at its start");
    p.key("PageUp");
    let s = p.state();
    assert_eq!(s["slide"], 3, "back from the start of an item...");
    assert_eq!(f(&s["t"]), f(&m["slides"][2]["d"]), "...lands at the end of the one before");
    p.eval("location.hash = 'slide=4&t=2.5'");
    p.wait_for("tumble.state().slide === 4 && tumble.state().t === 2.5 && !tumble.state().playing");
    assert_eq!(p.eval("window.pwned === undefined"), true, "nothing from the file ran");
    p.assert_quiet(&url);
}

#[test]
fn the_presenter_view_shows_notes_and_stays_in_step() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("evil.toml"), EVIL).unwrap();
    run(dir.path(), &["talk", "evil.toml", "--out", "evil.html"]);
    let path = dir.path().join("evil.html");
    let url = file_url(&path);
    let audience = Page::open(&b, &format!("{url}#slide=2"), 800, 600);
    let tabs = b.get_tabs().lock().unwrap().len();
    audience.key("n");
    let start = std::time::Instant::now();
    while b.get_tabs().lock().unwrap().len() == tabs {
        assert!(start.elapsed() < Duration::from_secs(10), "N opens a second window");
        sleep(Duration::from_millis(100));
    }
    let presenter = Page::open(&b, &format!("{url}#presenter"), 700, 500);
    // The audience's window stays in front (as on the projector); the presenter's gets messages.
    audience.tab.bring_to_front().unwrap();
    presenter.wait_for("document.getElementById('p-now').textContent.startsWith('Now 2/4')");
    let notes = presenter.eval("document.getElementById('p-notes').textContent");
    assert_eq!(notes, "</script><svg onload=window.pwned=3>{{SCRIPT}}", "the notes, as text");
    let next = presenter.eval("document.getElementById('p-next').textContent");
    assert_eq!(next, "Next: demo figure1");
    assert!(presenter.eval("document.getElementById('p-clock').textContent").as_str().unwrap().starts_with("00:0"));
    audience.key("PageDown");
    presenter.wait_for("document.getElementById('p-now').textContent.startsWith('Now 3/4')");
    presenter.key("PageDown");
    audience.wait_for("tumble.state().done === 1");
    presenter.key("End");
    presenter.key("PageDown");
    audience.wait_for("tumble.state().slide === 4");
    presenter.wait_for("document.getElementById('p-notes').textContent === 'second'");
    assert_eq!(presenter.eval("document.getElementById('p-next').textContent"), "Last item");
    assert_eq!(audience.eval("window.pwned === undefined && tumble.state().presenter === false"), true);
    assert_eq!(presenter.eval("window.pwned === undefined"), true);
    audience.assert_quiet(&url);
    presenter.assert_quiet(&url);
}
