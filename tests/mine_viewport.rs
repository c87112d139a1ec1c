//! A 1000 x 1000 mine loads, steps and animates: the GIF shows a viewport of at most
//! 40 x 28 cells that follows the robot.

use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::animation::{export_gif, GifOptions};
use tumble::export::gif_read::decode;
use tumble::mine::draw::{theme, MineAnimation, VIEWPORT};
use tumble::mine::Mine;

/// A 1000 x 1000 map: walls around, earth inside with a rock every 7th cell, the robot in the
/// middle, the lift in the bottom wall.
fn big_map() -> String {
    let n = 1000;
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let row: String = (0..n)
            .map(|c| {
                if r == 0 || c == 0 || c == n - 1 {
                    '#'
                } else if r == n - 1 {
                    if c == 3 {
                        'L'
                    } else {
                        '#'
                    }
                } else if r == 500 && c == 500 {
                    'R'
                } else if (r * n + c) % 7 == 0 && r < 400 {
                    '*'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(row);
    }
    rows.join("\n")
}

#[test]
fn big_map_gif_follows_the_robot() {
    let mine = Mine::parse(&big_map()).unwrap();
    assert_eq!((mine.width(), mine.height()), (1000, 1000));
    let route = "RRRRRRRRRRDDDDDDDDDD";
    let anim = MineAnimation::new(&mine, route);
    assert_eq!(anim.viewport, VIEWPORT);
    assert_eq!(anim.steps(), route.len() + 1);
    let scene = anim.draw(0, 1.0);
    assert_eq!(scene.view.w, VIEWPORT.0 as f32);
    let timeline = Timeline::new(&anim, Mode::Discrete { seconds_per_frame: 0.2 }, 1.0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.gif");
    let (w, h) = (400, (400.0 * scene.view.h / scene.view.w).round() as u32);
    let stats = export_gif(&anim, &timeline, &path, GifOptions { width: w, height: h, looping: true, progress: false })
        .unwrap();
    assert_eq!(stats.frames, route.len() + 1);
    let d = decode(std::fs::File::open(&path).unwrap()).unwrap();
    // In every frame the robot is drawn near the middle of the picture (the viewport follows).
    for (k, f) in d.frames.iter().enumerate() {
        let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
        for (i, p) in f.rgba.chunks_exact(4).enumerate() {
            if p[..3] == [theme::ROBOT.r, theme::ROBOT.g, theme::ROBOT.b] {
                sx += (i as u32 % w) as f64;
                sy += (i as u32 / w) as f64;
                n += 1.0;
            }
        }
        assert!(n > 10.0, "frame {k}: robot not drawn");
        let (cx, cy) = (sx / n / w as f64, sy / n / h as f64);
        assert!((0.4..0.6).contains(&cx) && (0.3..0.6).contains(&cy), "frame {k}: robot at {cx:.2}, {cy:.2}");
    }
}

#[test]
fn smooth_mine_steps_last_their_tween_not_a_second() {
    // contest1 won in 13 steps (VECTORS.md A20): 0.5 s lead-in + 13 x 0.2 s + 1.5 s hold.
    let mine = Mine::parse("######\n#. *R#\n#  \\.#\n#\\ * #\nL  .\\#\n######").unwrap();
    let anim = MineAnimation::new(&mine, "LDRDDULULLDDL");
    let timeline = Timeline::new(&anim, anim.pacing().mode(Some(20.0)), 1.0);
    assert!((timeline.duration - 4.6).abs() < 1e-9, "{}", timeline.duration);
    assert_eq!(timeline.frames().len(), 92);
}
