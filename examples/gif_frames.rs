//! Dumps the composed frames of a GIF as PNG files, to look at them:
//! `cargo run --example gif_frames -- IN.gif OUT_PREFIX [FIRST LAST]`.
use std::io::Write;
use std::path::PathBuf;
use tumble::export::{gif_read, png::write_png};
use tumble::render::raster::Image;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: gif_frames IN.gif OUT_PREFIX [FIRST LAST]");
        std::process::exit(2);
    }
    let file = std::fs::File::open(&args[1]).expect("readable GIF");
    let d = gif_read::decode(std::io::BufReader::new(file)).expect("valid GIF");
    let first: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let last: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(d.frames.len() - 1);
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{} frames, {}x{}, repeat {:?}", d.frames.len(), d.width, d.height, d.repeat);
    for (i, f) in d.frames.iter().enumerate().skip(first).take(last + 1 - first) {
        let img = Image { width: d.width, height: d.height, rgba: f.rgba.clone() };
        let path = PathBuf::from(format!("{}{:04}.png", args[2], i));
        write_png(&path, &img).expect("writable");
        let _ = writeln!(out, "{} delay {} cs", path.display(), f.delay_cs);
    }
}
