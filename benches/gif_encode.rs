//! GIF encoding speed, ours beside gifski's, on the same frames: the 20 fps frames of the
//! challenge's Figure 1(a) at 400 pixels wide, rendered once before timing. Ours is timed from
//! RGBA to the written file (palette mapping, frame comparison, LZW, the file); gifski is its
//! command-line program (gifski's crate is AGPL, so it is run, not linked) on the same frames
//! as PNG files, at its default quality, when `gifski` is on PATH or `GIFSKI` names it
//! (install: `cargo install gifski --root DIR`). The sizes of both are printed, with
//! `gifsicle -O3` of ours when gifsicle is installed.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use std::process::Command;
use tumble::anim::{Animated, Mode, Timeline};
use tumble::export::gif::GifWriter;
use tumble::export::palette::Palette;
use tumble::export::sink::Plays;
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};
use tumble::render::raster::{self, Image};

fn figure1() -> BoxAnimation {
    let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
    let m = parse_moves("+>|<-v+^+").unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

/// Our GIF of `frames` (each shown `delay_cs`) at `path`.
fn ours(frames: &[Image], palette: &Palette, delay_cs: u32, path: &Path) {
    let (w, h) = (frames[0].width, frames[0].height);
    let mut gif = GifWriter::create(path, w, h, palette, Plays::Forever).unwrap();
    for chunk in frames.chunks(32) {
        use rayon::prelude::*;
        gif.add_frames(chunk.par_iter().map(|f| (palette.quantise(&f.rgba), delay_cs)).collect());
    }
    gif.finish().unwrap();
}

fn gifski() -> Option<PathBuf> {
    std::env::var_os("GIFSKI").map(PathBuf::from).or_else(|| which::which("gifski").ok())
}

fn gif_encode(c: &mut Criterion) {
    let anim = figure1();
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let (w, h) = (400, (400.0 * anim.draw(0, 1.0).view.h / anim.draw(0, 1.0).view.w).round() as u32);
    let frames: Vec<Image> =
        timeline.frames().iter().map(|f| raster::render(&timeline.scene_at(&anim, f.t), w, h)).collect();
    let palette = Palette::from_theme(&anim.palette_colors());
    let dir = tempfile::tempdir().unwrap();
    let ours_path = dir.path().join("ours.gif");
    ours(&frames, &palette, 5, &ours_path);
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    eprintln!("{} frames of {w}x{h}; ours: {} bytes", frames.len(), size(&ours_path));
    if which::which("gifsicle").is_ok() {
        let o3 = dir.path().join("o3.gif");
        Command::new("gifsicle").arg("-O3").arg(&ours_path).arg("-o").arg(&o3).status().unwrap();
        eprintln!("gifsicle -O3 of ours: {} bytes", size(&o3));
    }
    let ski = gifski();
    let pngs: Vec<PathBuf> = if ski.is_some() {
        frames
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let p = dir.path().join(format!("{i:05}.png"));
                image::save_buffer(&p, &f.rgba, w, h, image::ColorType::Rgba8).unwrap();
                p
            })
            .collect()
    } else {
        eprintln!("gifski not found (on PATH or in GIFSKI): timing ours alone");
        Vec::new()
    };
    let ski_path = dir.path().join("gifski.gif");
    let run_gifski = |ski: &Path| {
        let ok = Command::new(ski).args(["--fps", "20", "--quiet", "-o"]).arg(&ski_path).args(&pngs).status().unwrap();
        assert!(ok.success());
    };
    if let Some(s) = &ski {
        run_gifski(s);
        eprintln!("gifski: {} bytes", size(&ski_path));
    }
    let mut g = c.benchmark_group("gif_encode_figure1_20fps");
    g.throughput(Throughput::Elements(frames.len() as u64));
    g.sample_size(10);
    g.bench_function("tumble", |b| b.iter(|| ours(&frames, &palette, 5, &ours_path)));
    if let Some(s) = &ski {
        g.bench_function("gifski", |b| b.iter(|| run_gifski(s)));
    }
    g.finish();
}

criterion_group!(benches, gif_encode);
criterion_main!(benches);
