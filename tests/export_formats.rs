//! Every format read back: GIF decoded and composed (ours and the `image` crate's decoder,
//! and ImageMagick's when installed) against the rendered frames, with delays and loop count;
//! APNG's acTL/fcTL chunks, delays and composed frames; MP4 and WebM through ffprobe (codec,
//! pixel format, frame rate, frame count, duration); a --frames folder, file by file.
//! Video tests skip with a note when ffmpeg is absent, unless TUMBLE_REQUIRE_FFMPEG=1.

use assert_cmd::Command;
use predicates::str::contains;
use std::path::Path;
use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::animation::{export, ExportOptions};
use tumble::export::gif_read::decode;
use tumble::export::palette::Palette;
use tumble::export::schedule::{Schedule, Timing};
use tumble::export::sink::{Format, Output, Plays};
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};
use tumble::render::raster;

const FIGURE1: &str = ".........@...o....ooo..xox...";

fn animation(moves: &str) -> BoxAnimation {
    let s = BoxState::parse(FIGURE1).unwrap();
    let m = parse_moves(moves).unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

fn tumble() -> Command {
    Command::cargo_bin("tumble").unwrap()
}

/// The grid frames of a schedule: (time drawn, start in cs), every 1/fps or every state.
fn grid(s: &Schedule) -> Vec<(f64, u64)> {
    let mut v = Vec::new();
    for shot in &s.shots {
        for k in 0..shot.frames as u64 {
            v.push((shot.t, shot.start_cs + k * shot.delay_cs as u64 / shot.frames as u64));
        }
    }
    v
}

fn ffmpeg_present() -> bool {
    let found = which::which("ffmpeg").is_ok() && which::which("ffprobe").is_ok();
    if !found {
        assert!(
            std::env::var("TUMBLE_REQUIRE_FFMPEG").is_err(),
            "TUMBLE_REQUIRE_FFMPEG is set but ffmpeg or ffprobe is not on PATH"
        );
        eprintln!("note: ffmpeg/ffprobe not on PATH: video checks skipped");
    }
    found
}

#[test]
fn gif_apng_and_frames_show_the_rendered_pictures_at_their_times() {
    let anim = animation("+>|");
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let (w, h) = (120, 134);
    let dir = tempfile::tempdir().unwrap();
    let (gif, apng, frames) = (dir.path().join("a.gif"), dir.path().join("a.apng"), dir.path().join("frames"));
    let outputs = [
        Output::File(Format::Gif, gif.clone()),
        Output::File(Format::Apng, apng.clone()),
        Output::Frames(frames.clone()),
    ];
    let opts = ExportOptions { width: w, height: h, plays: Plays::Times(3), progress: false };
    export(&anim, &timeline, Timing::default(), &outputs, opts).unwrap();
    let schedule = Schedule::new(&timeline, Timing::default()).unwrap();
    let grid = grid(&schedule);
    assert_eq!(grid.len(), timeline.frames().len(), "20 a second");
    let palette = Palette::from_theme(&anim.palette_colors());

    // GIF: every grid frame is on screen at its time, equal frames merged into longer delays.
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    assert_eq!(d.repeat, Some(2), "played 3 times: 2 repeats");
    assert!(d.frames.len() < grid.len(), "the lead-in and the hold are merged");
    assert_eq!(d.duration_cs(), schedule.duration_cs());
    let rendered: Vec<Vec<u8>> =
        grid.iter().map(|&(t, _)| raster::render(&timeline.scene_at(&anim, t), w, h).rgba).collect();
    for (k, (&(_, cs), img)) in grid.iter().zip(&rendered).enumerate() {
        assert!(d.at_cs(cs).rgba == palette.as_stored(img), "GIF frame {k} at {cs} cs");
    }
    // The image crate's decoder composes the same frames.
    use image::AnimationDecoder;
    let theirs = image::codecs::gif::GifDecoder::new(std::fs::File::open(&gif).unwrap())
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(theirs.len(), d.frames.len());
    for (k, (a, b)) in theirs.iter().zip(&d.frames).enumerate() {
        assert!(a.buffer().as_raw() == &b.rgba, "image crate frame {k}");
        assert_eq!(a.delay().numer_denom_ms(), (b.delay_cs as u32 * 10, 1), "delay of frame {k}");
    }

    // APNG: acTL and one fcTL per shot with the GIF's delays; composed frames exact.
    let bytes = std::fs::read(&apng).unwrap();
    let chunks = png_chunks(&bytes);
    let actl = &chunks.iter().find(|(t, _)| t == b"acTL").unwrap().1;
    assert_eq!(be32(&actl[0..4]) as usize, schedule.shots.len());
    assert_eq!(be32(&actl[4..8]), 3, "num_plays");
    let delays: Vec<u32> = chunks
        .iter()
        .filter(|(t, _)| t == b"fcTL")
        .map(|(_, d)| {
            assert_eq!(u16::from_be_bytes([d[22], d[23]]), 100, "delays in centiseconds");
            u16::from_be_bytes([d[20], d[21]]) as u32
        })
        .collect();
    assert_eq!(delays, schedule.shots.iter().map(|s| s.delay_cs).collect::<Vec<_>>());
    let composed = compose_apng(&apng, w as usize, h as usize);
    for (k, (shot, img)) in schedule.shots.iter().zip(&composed).enumerate() {
        let want = raster::render(&timeline.scene_at(&anim, shot.t), w, h).rgba;
        assert!(img == &want, "APNG frame {k}: exact colours");
    }

    // Frames: 00001.png... one per grid frame, in full colour.
    let mut names: Vec<String> =
        std::fs::read_dir(&frames).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), grid.len());
    assert_eq!(names[0], "00001.png");
    for (k, img) in rendered.iter().enumerate() {
        let png = image::open(frames.join(format!("{:05}.png", k + 1))).unwrap().to_rgba8();
        assert!(png.as_raw() == img, "frame file {}", k + 1);
    }
    // Nothing else was left beside them.
    let mut left: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left, ["a.apng", "a.gif", "frames"]);
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes(b.try_into().unwrap())
}

/// The chunks of a PNG file: (type, data).
fn png_chunks(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let mut out = Vec::new();
    let mut i = 8;
    while i < bytes.len() {
        let len = be32(&bytes[i..i + 4]) as usize;
        let kind: [u8; 4] = bytes[i + 4..i + 8].try_into().unwrap();
        out.push((kind, bytes[i + 8..i + 8 + len].to_vec()));
        i += 12 + len;
    }
    out
}

/// Composes an APNG's frames as a viewer does (dispose none; blend source or over).
fn compose_apng(path: &Path, w: usize, h: usize) -> Vec<Vec<u8>> {
    let mut dec = png::Decoder::new(std::fs::File::open(path).unwrap()).read_info().unwrap();
    let mut canvas = vec![0u8; w * h * 4];
    let mut out = Vec::new();
    let mut buf = vec![0; dec.output_buffer_size()];
    while let Ok(info) = dec.next_frame(&mut buf) {
        let fc = *dec.info().frame_control().unwrap();
        assert_eq!(fc.dispose_op, png::DisposeOp::None);
        let (fw, fh) = (info.width as usize, info.height as usize);
        for y in 0..fh {
            for x in 0..fw {
                let src = &buf[(y * fw + x) * 4..][..4];
                let dst = &mut canvas[((fc.y_offset as usize + y) * w + fc.x_offset as usize + x) * 4..][..4];
                match fc.blend_op {
                    png::BlendOp::Source => dst.copy_from_slice(src),
                    png::BlendOp::Over => {
                        assert!(src[3] == 0 || src[3] == 255, "only fully transparent or opaque pixels are blended");
                        if src[3] == 255 {
                            dst.copy_from_slice(src);
                        }
                    }
                }
            }
        }
        out.push(canvas.clone());
    }
    out
}

#[test]
fn cut_hold_and_loops_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("cut.gif");
    tumble()
        .args([
            "box",
            FIGURE1,
            "+>|<",
            "--size",
            "60",
            "--start",
            "1.5",
            "--end",
            "3.25",
            "--last-frame-duration",
            "2",
            "--loop",
            "4",
            "--gif",
        ])
        .arg(&gif)
        .assert()
        .success();
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    assert_eq!(d.repeat, Some(3));
    // States 1 (from 1.5 s, half of it), 2, and 3 held 2 s: 50 + 100 + 200 cs.
    let delays: Vec<u16> = d.frames.iter().map(|f| f.delay_cs).collect();
    assert_eq!(delays, [50, 100, 200]);
    tumble().args(["box", FIGURE1, "+", "--no-loop", "--size", "40", "--gif"]).arg(&gif).assert().success();
    assert_eq!(decode(std::fs::File::open(&gif).unwrap()).unwrap().repeat, None);
    for (args, msg) in [
        (&["--start", "-1"][..], "-1 is negative"),
        (&["--end", "-0.5"][..], "-0.5 is negative"),
        (&["--start", "2", "--end", "1"][..], "--end 1 is not after --start 2"),
        (&["--start", "9"][..], "--start 9 is not before the end of the animation (5.00 s"),
        (&["--last-frame-duration", "0"][..], "not a number of seconds above 0"),
        (&["--last-frame-duration", "-2"][..], "not a number of seconds above 0"),
        (&["--loop", "-1"][..], "--loop"),
        (&["--loop", "2", "--no-loop"][..], "cannot be used with"),
    ] {
        let out = dir.path().join("never.gif");
        tumble().args(["box", FIGURE1, "+"]).args(args).arg("--gif").arg(&out).assert().code(2).stderr(contains(msg));
        assert!(!out.exists(), "{args:?} wrote a file");
    }
}

/// --loop and --no-loop with no GIF, APNG or WebP to apply to (a video, a still) are accepted with a
/// warning; with a GIF, an APNG or a WebP among the outputs, silently.
#[test]
fn a_loop_count_with_no_gif_or_apng_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        tumble().current_dir(dir.path()).args(["box", FIGURE1, "+", "--size", "40"]).args(args).assert().success()
    };
    run(&["--png", "p.png", "--loop", "2"]).stderr(contains(
        "warning: --loop 2 is ignored: only GIF, APNG, WebP and animated SVG files have a loop count",
    ));
    run(&["--png", "p.png", "--gif", "g.gif", "--no-loop"]).stderr(contains("warning").not());
    run(&["--out", "a.apng", "--loop", "2"]).stderr(contains("warning").not());
    if !ffmpeg_present() {
        return;
    }
    run(&["--out", "v.mp4", "--loop", "3"])
        .stderr(contains("warning: --loop 3 is ignored: video files have no loop count"));
    run(&["--out", "v.webm", "--no-loop"])
        .stderr(contains("warning: --no-loop is ignored: video files have no loop count"));
    run(&["--out", "v.mp4", "--gif", "g.gif", "--loop", "3"]).stderr(contains("warning").not());
    assert!(dir.path().join("v.mp4").exists() && dir.path().join("v.webm").exists(), "written all the same");
}

#[test]
fn unknown_extensions_and_missing_ffmpeg_are_refused_before_rendering() {
    let dir = tempfile::tempdir().unwrap();
    for (name, msg) in [
        (
            "x.avi",
            "unknown format .avi: --out takes .gif, .apng, .webp, .mp4, .webm, .svg (animated SVG), .html (a web page) or .pdf (a handout)",
        ),
        ("x.png", "for a still picture use --png"),
        ("x", "no extension"),
    ] {
        tumble().args(["box", FIGURE1, "+", "--out"]).arg(dir.path().join(name)).assert().code(2).stderr(contains(msg));
    }
    for ext in ["mp4", "webm"] {
        let out = dir.path().join(format!("x.{ext}"));
        tumble().env("PATH", "").args(["box", FIGURE1, "+", "--out"]).arg(&out).assert().code(2).stdout("").stderr(
            contains("needs ffmpeg, which is not on PATH")
                .and(contains("apt-get install ffmpeg"))
                .and(contains("brew install ffmpeg")),
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file left");
}

use predicates::prelude::PredicateBooleanExt;

#[test]
fn a_frames_folder_is_replaced_only_when_it_holds_frames() {
    let dir = tempfile::tempdir().unwrap();
    let frames = dir.path().join("f");
    let run = || tumble().args(["box", FIGURE1, "+>", "--size", "40", "--frames"]).arg(&frames).assert();
    run().success();
    let n = std::fs::read_dir(&frames).unwrap().count();
    assert_eq!(n, animation("+>").steps(), "one file per state");
    run().success();
    assert_eq!(std::fs::read_dir(&frames).unwrap().count(), n, "replaced, not added to");
    std::fs::write(frames.join("notes.txt"), "mine").unwrap();
    run().code(2).stderr(contains("holds other files (notes.txt)"));
    assert!(frames.join("notes.txt").exists());
}

/// ffprobe's answer for a video: codec, pixel format, frame rate, frames read, duration.
fn probe(path: &Path) -> (String, String, String, u64, f64) {
    let out = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=codec_name,pix_fmt,r_frame_rate,nb_read_frames:format=duration",
            "-of",
            "default=nw=1",
        ])
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let get = |k: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .unwrap_or_else(|| panic!("{k} in {text}"))
            .to_string()
    };
    (
        get("codec_name"),
        get("pix_fmt"),
        get("r_frame_rate"),
        get("nb_read_frames").parse().unwrap(),
        get("duration").parse().unwrap(),
    )
}

#[test]
fn mp4_and_webm_have_the_codec_rate_frames_and_length() {
    if !ffmpeg_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (mp4, webm) = (dir.path().join("a.mp4"), dir.path().join("a.webm"));
    // Smooth at 20 fps, 61 pixels wide (odd: padded to even for 4:2:0).
    tumble()
        .args(["box", FIGURE1, "+>", "--fps", "20", "--size", "61", "--out"])
        .arg(&mp4)
        .arg("--out")
        .arg(&webm)
        .assert()
        .success();
    let anim = animation("+>");
    let timeline = Timeline::new(&anim, anim.pacing().mode(Some(20.0)), 1.0);
    let frames = timeline.frames().len() as u64;
    let seconds = frames as f64 / 20.0;
    for (path, codec) in [(&mp4, "h264"), (&webm, "vp9")] {
        let (c, pix, rate, n, dur) = probe(path);
        assert_eq!((c.as_str(), pix.as_str(), rate.as_str()), (codec, "yuv420p", "20/1"), "{}", path.display());
        assert_eq!(n, frames, "{}", path.display());
        assert!((dur - seconds).abs() <= 0.05 + 1e-9, "{}: {dur} s for {seconds} s", path.display());
    }
    // The index is at the front of the MP4 (moov before mdat).
    let bytes = std::fs::read(&mp4).unwrap();
    let at = |tag: &[u8]| bytes.windows(4).position(|w| w == tag).unwrap();
    assert!(at(b"moov") < at(b"mdat"), "+faststart");
    // One frame per state: 30 fps, each state 1 s.
    let slow = dir.path().join("s.mp4");
    tumble().args(["box", FIGURE1, "+>", "--size", "40", "--out"]).arg(&slow).assert().success();
    let (_, _, rate, n, dur) = probe(&slow);
    assert_eq!((rate.as_str(), n), ("30/1", 30 * anim.steps() as u64));
    assert!((dur - anim.steps() as f64).abs() <= 1.0 / 30.0 + 1e-9, "{dur}");
}
