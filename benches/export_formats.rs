//! Time to write the challenge's Figure 1(a) at 20 fps, 400 pixels wide, in every `--out`
//! format, side by side with GIF: each is one call of the export layer
//! (`tumble::export::write::write`, as `tumble demo figure1 --fps 20 --out FILE` runs it),
//! from the animation to the file in place, rendering included. The sizes are printed.
//! MP4 and WebM need ffmpeg on PATH and are left out without it.
use criterion::{criterion_group, criterion_main, Criterion};
use tumble::anim::Mode;
use tumble::export::job::Job;
use tumble::export::sink::{Format, Output};
use tumble::export::write::write;
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};

fn figure1() -> BoxAnimation {
    let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
    let m = parse_moves("+>|<-v+^+").unwrap();
    let (trace, failure) = record(&s, &m);
    BoxAnimation::new(trace, m, failure)
}

fn export_formats(c: &mut Criterion) {
    let anim = figure1();
    let job = Job::new(Mode::smooth(20.0));
    let dir = tempfile::tempdir().unwrap();
    let video = which::which("ffmpeg").is_ok();
    let mut group = c.benchmark_group("figure1 20 fps 400 px");
    group.sample_size(10);
    for (name, format) in [
        ("gif", Format::Gif),
        ("apng", Format::Apng),
        ("webp", Format::Webp),
        ("mp4", Format::Mp4),
        ("webm", Format::Webm),
        ("svg", Format::Svg),
        ("html", Format::Html),
        ("pdf", Format::Pdf),
    ] {
        if format.is_video() && !video {
            eprintln!("{name}: skipped, no ffmpeg on PATH");
            continue;
        }
        let path = dir.path().join(format!("figure1.{name}"));
        let outputs = [Output::File(format, path.clone())];
        group.bench_function(name, |b| b.iter(|| write(&anim, &job, &outputs).unwrap()));
        // A format left out by a name filter (`cargo bench -- svg`) wrote nothing.
        if let Ok(m) = std::fs::metadata(&path) {
            eprintln!("{name}: {} bytes", m.len());
        }
    }
    group.finish();
}

criterion_group!(benches, export_formats);
criterion_main!(benches);
