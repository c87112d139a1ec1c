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
    let d = match std::fs::File::open(&args[1])
        .map_err(|e| e.to_string())
        .and_then(|f| gif_read::decode(std::io::BufReader::new(f)))
    {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gif_frames: {}: {e}", args[1]);
            std::process::exit(2);
        }
    };
    let first: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let last: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(d.frames.len() - 1);
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{} frames, {}x{}, repeat {:?}", d.frames.len(), d.width, d.height, d.repeat);
    for (i, f) in d.frames.iter().enumerate().skip(first).take(last + 1 - first) {
        let img = Image { width: d.width, height: d.height, rgba: f.rgba.clone() };
        let path = PathBuf::from(format!("{}{:04}.png", args[2], i));
        if let Err(e) = write_png(&path, &img) {
            eprintln!("gif_frames: {e}");
            std::process::exit(2);
        }
        let _ = writeln!(out, "{} delay {} cs", path.display(), f.delay_cs);
    }
}
