//! The smooth 20 fps GIF read back: the timeline's frames at 5 cs steps (equal ones merged), the box at
//! about 45° in the middle of a `+`, a shubble seen half-way out of the opening, and frames
//! equal to what the raster backend rendered.

use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::animation::{export_gif, GifOptions};
use tumble::export::gif_read::{decode, Decoded};
use tumble::r#box::draw::{theme, BoxAnimation, PIVOT};
use tumble::r#box::{parse_moves, record, row_col, BoxEvent, BoxState};
use tumble::scene::Color;

fn animation(state: &str, moves: &str) -> BoxAnimation {
    let s = BoxState::parse(state).unwrap();
    let m = parse_moves(moves).unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

fn export(anim: &BoxAnimation, timeline: &Timeline, w: u32, h: u32) -> Decoded {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("smooth.gif");
    export_gif(anim, timeline, &path, GifOptions { width: w, height: h, looping: true, progress: false }).unwrap();
    decode(std::fs::File::open(&path).unwrap()).unwrap()
}

/// Centroid (pixels) of the pixels of exactly colour `c`.
fn centroid(rgba: &[u8], w: u32, c: Color) -> Option<(f64, f64)> {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for (i, p) in rgba.chunks_exact(4).enumerate() {
        if p[..3] == [c.r, c.g, c.b] {
            sx += (i as u32 % w) as f64;
            sy += (i as u32 / w) as f64;
            n += 1.0;
        }
    }
    (n > 0.0).then(|| (sx / n, sy / n))
}

#[test]
fn smooth_gif_turns_continuously_and_has_the_timelines_frames() {
    // Figure 1(a): the stot is in cell 9; the first move is `+`.
    let anim = animation(".........@...o....ooo..xox...", "+>|<-v+^+");
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let (w, h) = (300, 300 * 10 / 9);
    let d = export(&anim, &timeline, w, h);
    // Equal consecutive frames are merged into longer delays: frame k is on screen at 5k cs.
    let frames = timeline.frames().len();
    assert_eq!(d.duration_cs(), 5 * frames as u64);
    assert!(d.frames.iter().all(|f| f.delay_cs % 5 == 0));
    assert_eq!(d.repeat, Some(0));
    // At most one manipulation per second: 9 manipulations need at least 9 s = 180 frames.
    assert!(frames >= 180, "{frames} frames");
    let at = |k: usize| &d.at_cs(5 * k as u64).rgba;

    // The middle of the first turn, measured from where the stot is drawn.
    let seg = timeline.segments[0];
    assert!(matches!(anim.trace.steps[seg.step].event, BoxEvent::Turn { .. }));
    let k = ((seg.start + seg.duration / 2.0) * 20.0).round() as usize;
    let scene = anim.draw(0, 1.0);
    let cam = scene.camera(w, h);
    let pivot = cam.apply(PIVOT);
    let (r, c) = row_col(9);
    let rest = cam.apply([c as f32 + 0.5, r as f32 + 0.5]);
    let angle_of = |p: (f64, f64)| (p.1 - pivot[1] as f64).atan2(p.0 - pivot[0] as f64).to_degrees();
    let at_rest = angle_of((rest[0] as f64, rest[1] as f64));
    let stot = centroid(at(k), w, theme::STOT).expect("the stot is drawn");
    let turned = (angle_of(stot) - at_rest).rem_euclid(360.0);
    assert!((35.0..=55.0).contains(&turned), "mid-turn frame {k} shows the box at {turned:.1} degrees");
    // Before the turn 0°, after it 90°.
    let first = angle_of(centroid(at(0), w, theme::STOT).unwrap()) - at_rest;
    assert!(first.abs() < 1.0, "first frame at {first:.1} degrees");
    let after = ((seg.start + seg.duration) * 20.0).ceil() as usize + 1;
    let done = (angle_of(centroid(at(after), w, theme::STOT).unwrap()) - at_rest).rem_euclid(360.0);
    assert!((done - 90.0).abs() < 1.0, "after the turn: {done:.1} degrees");

    // Every frame is the raster picture of its time, mapped to the palette.
    let palette = tumble::export::palette::Palette::from_theme(&anim.palette_colors());
    for (i, f) in timeline.frames().iter().enumerate().step_by(17) {
        let img = tumble::render::raster::render(&timeline.scene_at(&anim, f.t), w, h);
        let want: Vec<u8> = palette
            .quantise(&img.rgba)
            .into_iter()
            .flat_map(|i| {
                let c = palette.color(i);
                [c[0], c[1], c[2], 255]
            })
            .collect();
        assert!(at(i) == &want, "frame {i} differs from the rendered one");
    }
}

#[test]
fn shubble_is_drawn_leaving_through_the_opening() {
    // Three shubbles drop out after `+<-` (demos/dropout.box).
    let anim = animation("...........@.o.....o...xo.o.x", "+<-");
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let exit = timeline
        .segments
        .iter()
        .find(|s| matches!(anim.trace.steps[s.step].event, BoxEvent::Fall { exits, .. } if exits != 0))
        .copied()
        .expect("a shubble leaves");
    let (w, h) = (360, 400);
    let d = export(&anim, &timeline, w, h);
    let cam = anim.draw(0, 1.0).camera(w, h);
    // Below the floor under the opening (cell 27 at row 4, column 5): y in 5..6 cells.
    let below = |rgba: &[u8]| {
        let (x0, x1) = (cam.apply([5.2, 0.0])[0] as u32, cam.apply([5.8, 0.0])[0] as u32);
        let (y0, y1) = (cam.apply([0.0, 5.1])[1] as u32, cam.apply([0.0, 5.9])[1] as u32);
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let p = &rgba[((y * w + x) * 4) as usize..][..3];
                n += usize::from(p == [theme::SHUBBLE.r, theme::SHUBBLE.g, theme::SHUBBLE.b]);
            }
        }
        n
    };
    let before = ((exit.start) * 20.0).floor() as usize;
    // The last frame inside the exit, at least half-way through it.
    let during = ((exit.start + exit.duration) * 20.0).ceil() as usize - 1;
    assert!(during as f64 / 20.0 >= exit.start + exit.duration / 2.0);
    let after = ((exit.start + exit.duration) * 20.0).ceil() as usize + 1;
    let at = |k: usize| &d.at_cs(5 * k as u64).rgba;
    assert_eq!(below(at(before)), 0, "nothing under the floor before");
    assert!(below(at(during)) > 20, "the shubble is drawn passing the opening");
    assert_eq!(below(at(after)), 0, "and is gone once outside");
}
