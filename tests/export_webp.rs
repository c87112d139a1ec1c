//! Animated WebP read back: libwebp's own decoder (`WebPAnimDecoder`) composes the frames,
//! which must be the rendered pictures in the GIF's palette at every grid time; the RIFF
//! chunks give the loop count (`ANIM`) and the frame durations (`ANMF`); lossless (`VP8L`
//! only). On every demo, at its default pacing and at `--fps 20`, the file is no larger than
//! what `gif2webp -min_size` makes from tumble's GIF of the same animation (skipped without
//! gif2webp unless TUMBLE_REQUIRE_TOOLS is set).

#[path = "common/tools.rs"]
mod tools;

use assert_cmd::Command;
use tools::demo_names;
use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::animation::{export, ExportOptions};
use tumble::export::palette::Palette;
use tumble::export::schedule::{Schedule, Timing};
use tumble::export::sink::{Format, Output, Plays};
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};
use tumble::render::raster;

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

fn figure1(moves: &str) -> BoxAnimation {
    let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
    let m = parse_moves(moves).unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

/// The RIFF chunks of a WebP file, (fourcc, data), top level and inside `ANMF` frames.
fn chunks(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(&bytes[8..12], b"WEBP");
    let riff_len = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(riff_len + 8, bytes.len(), "RIFF size");
    let mut out = Vec::new();
    walk(&bytes[12..], &mut out);
    out
}

fn walk(mut b: &[u8], out: &mut Vec<([u8; 4], Vec<u8>)>) {
    while b.len() >= 8 {
        let kind: [u8; 4] = b[..4].try_into().unwrap();
        let len = u32::from_le_bytes(b[4..8].try_into().unwrap()) as usize;
        let data = &b[8..8 + len];
        out.push((kind, data.to_vec()));
        if &kind == b"ANMF" {
            walk(&data[16..], out);
        }
        b = &b[(8 + len + (len & 1)).min(b.len())..];
    }
}

fn le24(b: &[u8]) -> u32 {
    u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16
}

/// The loop count of the `ANIM` chunk and the durations (ms) of the `ANMF` frames.
fn loop_and_durations(bytes: &[u8]) -> (u16, Vec<u32>) {
    let c = chunks(bytes);
    let anim = &c.iter().find(|(k, _)| k == b"ANIM").expect("ANIM chunk").1;
    let loops = u16::from_le_bytes([anim[4], anim[5]]);
    let durations = c.iter().filter(|(k, _)| k == b"ANMF").map(|(_, d)| le24(&d[12..15])).collect();
    assert!(!c.iter().any(|(k, _)| k == b"VP8 "), "lossless only: no lossy VP8 frame");
    assert!(c.iter().any(|(k, _)| k == b"VP8L"));
    (loops, durations)
}

#[test]
fn every_grid_frame_is_the_rendered_picture_in_the_gifs_palette_with_its_time_and_loops() {
    let anim = figure1("+>|<");
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let (w, h) = (120, 134);
    let dir = tempfile::tempdir().unwrap();
    let palette = Palette::from_theme(&anim.palette_colors());
    let schedule = Schedule::new(&timeline, Timing::default()).unwrap();
    for (plays, want_loops) in [(Plays::Times(3), 3), (Plays::Times(1), 1), (Plays::Forever, 0)] {
        let path = dir.path().join("a.webp");
        let opts = ExportOptions { width: w, height: h, plays, progress: false };
        export(&anim, &timeline, Timing::default(), &[Output::File(Format::Webp, path.clone())], opts).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (loops, durations) = loop_and_durations(&bytes);
        assert_eq!(loops, want_loops, "{plays:?}");
        assert_eq!(durations.iter().map(|&d| u64::from(d)).sum::<u64>(), schedule.duration_cs() * 10);
        if plays != Plays::Forever {
            continue;
        }
        // libwebp composes the frames; each one's timestamp is its end, in ms.
        let frames: Vec<(i32, Vec<u8>)> = webp_animation::Decoder::new(&bytes)
            .unwrap()
            .into_iter()
            .map(|f| {
                assert_eq!(f.dimensions(), (w, h));
                (f.timestamp(), f.data().to_vec())
            })
            .collect();
        assert!(frames.len() < timeline.frames().len(), "equal pictures merged");
        assert_eq!(frames.last().unwrap().0 as u64, schedule.duration_cs() * 10);
        let mut checked = 0;
        for shot in &schedule.shots {
            let want = palette.as_stored(&raster::render(&timeline.scene_at(&anim, shot.t), w, h).rgba);
            let ms = shot.start_cs * 10;
            let (_, shown) = frames.iter().find(|(end, _)| *end as u64 > ms).expect("a frame at every time");
            assert!(shown == &want, "picture at {ms} ms");
            checked += 1;
        }
        assert_eq!(checked, schedule.shots.len());
    }
}

/// `gif2webp -version`'s libwebp ("1.2.4").
fn gif2webp_version() -> Option<String> {
    let out = std::process::Command::new("gif2webp").arg("-version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let v = text.lines().next()?.rsplit(' ').next()?.trim().to_string();
    Some(v)
}

#[test]
fn every_demo_is_no_larger_than_gif2webp_min_size_of_our_gif() {
    if !tools::have_tool("gif2webp", "webp") {
        return;
    }
    let theirs = gif2webp_version().expect("gif2webp -version names its libwebp");
    let ours = tumble::export::webp::libwebp_version();
    // Another libwebp (a source build) compresses a little differently: allow 1%.
    let slack = if ours == theirs { 1.0 } else { 1.01 };
    let dir = tempfile::tempdir().unwrap();
    let mut rows = Vec::new();
    for name in demo_names() {
        for fps in [None, Some("20")] {
            let (gif, webp, made) =
                (dir.path().join("a.gif"), dir.path().join("a.webp"), dir.path().join("gif2webp.webp"));
            let mut cmd = tumble();
            cmd.args(["demo", name.as_str(), "--gif"]).arg(&gif).arg("--out").arg(&webp);
            if let Some(f) = fps {
                cmd.args(["--fps", f]);
            }
            cmd.assert().success();
            let status = std::process::Command::new("gif2webp")
                .args(["-min_size", "-quiet"])
                .arg(&gif)
                .arg("-o")
                .arg(&made)
                .status()
                .unwrap();
            assert!(status.success());
            let (a, b) = (std::fs::metadata(&webp).unwrap().len(), std::fs::metadata(&made).unwrap().len());
            rows.push(format!("{name} {fps:?}: tumble {a}, gif2webp {b}"));
            assert!(a as f64 <= b as f64 * slack, "{name} at {fps:?}: {a} bytes against gif2webp's {b}");
        }
    }
    eprintln!("libwebp {ours}, gif2webp's {theirs}\n{}", rows.join("\n"));
}

#[test]
fn bad_webp_outputs_exit_2_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/folder/a.webp");
    tumble().args(["demo", "figure1", "--out"]).arg(&missing).assert().code(2);
    let a = dir.path().join("a.webp");
    let also = dir.path().join(".").join("a.webp");
    tumble()
        .args(["demo", "figure1", "--out"])
        .arg(&a)
        .arg("--out")
        .arg(&also)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("same file"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written");
}
