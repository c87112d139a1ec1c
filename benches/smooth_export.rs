//! Smooth export speed: frames rendered + encoded per second at 400 x 400 pixels (20 fps
//! timeline of the challenge's Figure 1(a)), and bytes per frame of the written GIF.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tumble::anim::{Mode, Timeline};
use tumble::export::animation::{export_gif, GifOptions};
use tumble::r#box::draw::BoxAnimation;
use tumble::r#box::{parse_moves, record, BoxState};

fn smooth_export(c: &mut Criterion) {
    let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
    let m = parse_moves("+>|<-v+^+").unwrap();
    let (trace, failure) = record(&s, &m);
    let anim = BoxAnimation::new(trace, m, failure);
    let timeline = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
    let frames = timeline.frames().len() as u64;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.gif");
    let opts = GifOptions { width: 400, height: 400, looping: true, progress: false };
    let stats = export_gif(&anim, &timeline, &path, opts).unwrap();
    eprintln!(
        "smooth export: {} frames, {} bytes, {:.0} bytes per frame (first frame full, then changed rectangles)",
        stats.frames,
        stats.bytes,
        stats.bytes as f64 / stats.frames as f64
    );
    let mut g = c.benchmark_group("smooth_export_400x400");
    g.throughput(Throughput::Elements(frames));
    g.sample_size(10);
    g.bench_function("figure1_20fps", |b| b.iter(|| export_gif(&anim, &timeline, &path, opts).unwrap()));
    g.finish();
}

criterion_group!(benches, smooth_export);
criterion_main!(benches);
