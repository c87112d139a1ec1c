//! One number, one wording, everywhere: the mine's heads-up line says the same lambdas
//! ("λ 2/5") and the same size of type in the PNG and in every frame of the GIF; its move count
//! is the viewer status line's "move K/N" at every moment; 0h n0 captions keep inside the
//! picture at the default 400 pixels. Typed as a user types them, read back from the files.

use assert_cmd::Command;
use image::RgbaImage;
use std::path::Path;
use tumble::anim::{Animated, Timeline};
use tumble::mine::draw::MineAnimation;
use tumble::mine::Mine;
use tumble::viewer::player::Manipulations;

/// A corridor of five lambdas before the lift.
const FIVE: &str = "########\n#R\\\\\\\\\\L\n########\n";

fn tumble_in(dir: &Path, args: &[&str]) {
    Command::cargo_bin("tumble").unwrap().current_dir(dir).args(args).assert().success();
}

fn png(path: &Path) -> RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// The GIF's frames, composed as a viewer shows them.
fn gif_frames(path: &Path) -> Vec<RgbaImage> {
    use image::AnimationDecoder as _;
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let frames = image::codecs::gif::GifDecoder::new(file).unwrap().into_frames().collect_frames().unwrap();
    frames.into_iter().map(|f| f.into_buffer()).collect()
}

/// Mean absolute difference per channel, 0..=255.
fn difference(a: &RgbaImage, b: &RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    sum as f64 / a.as_raw().len() as f64
}

/// The rows and columns of light text (the heads-up line is light on the mine's dark page) in
/// the bottom `band` pixels: (first row, last row, first column, last column).
fn ink(img: &RgbaImage, band: u32, light: bool) -> Option<(u32, u32, u32, u32)> {
    let (w, h) = img.dimensions();
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for y in h - band..h {
        for x in 0..w {
            let p = img.get_pixel(x, y);
            let lum = (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3;
            if (light && lum > 200) || (!light && lum < 100) {
                found = Some(match found {
                    None => (y, y, x, x),
                    Some((y0, _, x0, x1)) => (y0, y, x0.min(x), x1.max(x)),
                });
            }
        }
    }
    found
}

#[test]
fn the_mine_png_and_the_gifs_last_frame_say_the_same_in_the_same_type() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("five.txt"), FIVE).unwrap();
    for fps in [None, Some("10")] {
        let mut args = vec!["mine", "run", "five.txt", "RR", "--png", "m.png", "--gif", "m.gif"];
        args.extend(fps.iter().flat_map(|f| ["--fps", f]));
        tumble_in(dir.path(), &args);
        let still = png(&dir.path().join("m.png"));
        let frames = gif_frames(&dir.path().join("m.gif"));
        let last = frames.last().unwrap();
        let d = difference(&still, last);
        assert!(d < 1.5, "fps {fps:?}: the PNG and the GIF's last frame differ by {d:.2}");
        // The type of the heads-up line is as large in the first frame as in the last: the
        // line's first letter (the "s" of "score") is as tall and as wide.
        let letter = |img: &RgbaImage| {
            let (_, _, x0, _) = ink(img, 70, true).unwrap();
            let h = img.height();
            let sub = image::imageops::crop_imm(img, x0, h - 70, 8, 70).to_image();
            let (y0, y1, a, b) = ink(&sub, 70, true).unwrap();
            (y1 - y0, b - a)
        };
        let height = letter;
        assert_eq!(height(&frames[0]), height(last), "fps {fps:?}: the font does not shrink");
    }
}

#[test]
fn the_heads_up_line_counts_lambdas_of_all_and_moves_as_the_status_line_does() {
    let mine = Mine::parse(FIVE).unwrap();
    let anim = MineAnimation::new(&mine, "RRW");
    let hud = |t: f64, tl: &Timeline| -> (String, f32) {
        let scene = tl.scene_at(&anim, t);
        let l = scene.layers.iter().flat_map(|l| &l.labels).find(|l| l.text.starts_with("score")).unwrap();
        (l.text.clone(), l.size)
    };
    let tl = Timeline::new(&anim, anim.pacing().mode(Some(60.0)), 1.0);
    let m = Manipulations::of(&tl);
    let (first, size) = hud(0.0, &tl);
    assert_eq!(first, "score 0   moves 0   λ 0/5");
    let (last, last_size) = hud(tl.duration, &tl);
    assert_eq!(last, "score 97   moves 3   λ 2/5   abort (route ended)");
    assert_eq!(size, last_size, "one size in every frame");
    let mut t = 0.0;
    while t <= tl.duration {
        let (text, s) = hud(t, &tl);
        assert_eq!(s, size, "at {t:.2} s");
        let moves: usize = text.split("moves ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert_eq!(moves, m.done_at(t), "at {t:.2} s the picture says {text:?}; the status line counts the moves done");
        t += 0.05;
    }
}

#[test]
fn ohno_captions_fit_the_picture_at_the_default_size() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("board.txt"), ".1..\n..1.\n....\n22#2\n").unwrap();
    tumble_in(dir.path(), &["ohno", "solve", "board.txt", "--steps", "--frames", "fr"]);
    let mut names: Vec<_> = std::fs::read_dir(dir.path().join("fr")).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for name in &names[1..] {
        let img = png(name);
        let (w, h) = img.dimensions();
        assert_eq!(w, 400);
        let (_, _, x0, x1) = ink(&img, h / 4, false).unwrap_or_else(|| panic!("{}: a caption", name.display()));
        assert!(x0 >= 12 && x1 <= w - 12, "{}: the caption spans columns {x0}..={x1} of {w}", name.display());
    }
}
