//! The 1 s GIF read back as a viewer shows it: frame count = trace length, every delay
//! 100 cs, looping, and every composed frame equal to the frame we rendered.

use assert_cmd::Command;
use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::animation::{export_gif, GifOptions};
use tumble::export::gif_read::decode;
use tumble::export::palette::Palette;
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};
use tumble::render::raster;

const FIGURE1: &str = ".........@...o....ooo..xox...";
const FIGURE1_MOVES: &str = "+>|<-v+^+";

fn animation(state: &str, moves: &str) -> BoxAnimation {
    let s = BoxState::parse(state).unwrap();
    let m = parse_moves(moves).unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

/// Palette indices of a rendered frame, expanded back to RGBA as the GIF stores it.
fn as_stored(anim: &BoxAnimation, rgba: &[u8]) -> Vec<u8> {
    let palette = Palette::from_theme(&anim.palette_colors());
    let mut out = Vec::with_capacity(rgba.len());
    for i in palette.quantise(rgba) {
        let c = palette.color(i);
        out.extend_from_slice(&[c[0], c[1], c[2], 255]);
    }
    out
}

#[test]
fn one_second_gif_has_every_trace_state_in_order() {
    let anim = animation(FIGURE1, FIGURE1_MOVES);
    let timeline = Timeline::new(&anim, Mode::ONE_SECOND, 1.0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("figure1.gif");
    let (w, h) = (120, 134);
    let stats = export_gif(&anim, &timeline, &path, GifOptions { width: w, height: h, looping: true, progress: false })
        .unwrap();
    assert_eq!(stats.frames, anim.trace.len());
    let d = decode(std::fs::File::open(&path).unwrap()).unwrap();
    assert_eq!((d.width, d.height), (w, h));
    assert_eq!(d.repeat, Some(0), "loops forever");
    assert_eq!(d.frames.len(), anim.trace.len());
    // 9 manipulations of Figure 1(a): more frames than moves (turns, falls, the `|` midpoint).
    assert!(d.frames.len() > 10);
    for (k, f) in d.frames.iter().enumerate() {
        assert_eq!(f.delay_cs, 100, "frame {k}");
        let rendered = raster::render(&anim.draw(k, 1.0), w, h);
        assert!(f.rgba == as_stored(&anim, &rendered.rgba), "frame {k} differs from the rendered state {k}");
    }
    // Consecutive frames differ (each is a new state).
    for k in 1..d.frames.len() {
        assert_ne!(d.frames[k - 1].rgba, d.frames[k].rgba, "frames {} and {k} are equal", k - 1);
    }
    // No temporary file is left beside the GIF.
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, vec![std::ffi::OsString::from("figure1.gif")]);
}

#[test]
fn cli_gif_and_png_are_written_and_decode() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("a.gif");
    let png = dir.path().join("a.png");
    Command::cargo_bin("tumble")
        .unwrap()
        .args(["box", FIGURE1, FIGURE1_MOVES, "--size", "200"])
        .arg("--gif")
        .arg(&gif)
        .arg("--png")
        .arg(&png)
        .assert()
        .success()
        .stdout("o........@..o....oox...xo....\n");
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    assert_eq!(d.frames.len(), animation(FIGURE1, FIGURE1_MOVES).trace.len());
    assert_eq!(d.width, 200);
    assert!(d.frames.iter().all(|f| f.delay_cs == 100));
    let img = image::open(&png).unwrap();
    assert_eq!(img.width(), 200);
}

#[test]
fn illegal_sequence_writes_no_picture_unless_partial() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("fail.gif");
    // The stot in cell 9 cannot go up twice: cell 4 then above the box.
    Command::cargo_bin("tumble")
        .unwrap()
        .args(["box", FIGURE1, "+^^"])
        .arg("--gif")
        .arg(&gif)
        .assert()
        .code(1)
        .stdout("!\n")
        .stderr(predicates::str::contains("--partial"));
    assert!(!gif.exists());
    Command::cargo_bin("tumble")
        .unwrap()
        .args(["box", FIGURE1, "+^^", "--partial", "--size", "100"])
        .arg("--gif")
        .arg(&gif)
        .assert()
        .success()
        .stdout("!\n");
    let anim = animation(FIGURE1, "+^^");
    let failure = anim.failure.expect("the sequence fails");
    assert_eq!(failure.manipulation, 2);
    let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
    // Every recorded state, then one frame that marks the failure.
    assert_eq!(d.frames.len(), anim.trace.len() + 1);
}
