//! Exports a [`Timeline`] of an [`Animated`] run as an animated GIF: frames rendered by the
//! raster backend (in parallel batches), mapped to one fixed palette, encoded in order.

use crate::anim::{Animated, Timeline};
use crate::export::gif::GifWriter;
use crate::export::palette::Palette;
use crate::render::raster;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::path::Path;

/// Options of a GIF export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GifOptions {
    /// Output width, pixels.
    pub width: u32,
    /// Output height, pixels.
    pub height: u32,
    /// Repeat forever (true) or play once.
    pub looping: bool,
    /// Show a progress bar on stderr when stderr is a terminal.
    pub progress: bool,
}

/// What an export wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GifStats {
    /// Frames written.
    pub frames: usize,
    /// File size, bytes.
    pub bytes: u64,
}

/// Renders every frame of `timeline` and writes the GIF to `path` (temporary name, then
/// rename; nothing is left behind on error or when interrupted, see [`crate::export::cancel`]).
///
/// # Errors
/// I/O and encoding errors, with the path in the message.
pub fn export_gif(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    path: &Path,
    opts: GifOptions,
) -> io::Result<GifStats> {
    let palette = Palette::from_theme(&anim.palette_colors());
    let frames = timeline.frames();
    let bar = if opts.progress && std::io::stderr().is_terminal() && frames.len() > 1 {
        let b = ProgressBar::new(frames.len() as u64);
        b.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} frames, {eta} left")
                .expect("valid template")
                .progress_chars("=> "),
        );
        b.set_message(format!("writing {}", path.display()));
        b
    } else {
        ProgressBar::hidden()
    };
    let mut gif = GifWriter::create(path, opts.width, opts.height, &palette, opts.looping)?;
    const BATCH: usize = 32;
    for chunk in frames.chunks(BATCH) {
        crate::export::cancel::check()?;
        let rendered: Vec<Vec<u8>> = chunk
            .par_iter()
            .map(|f| palette.quantise(&raster::render(&timeline.scene_at(anim, f.t), opts.width, opts.height).rgba))
            .collect();
        for (indices, f) in rendered.into_iter().zip(chunk) {
            gif.add_frame(indices, f.delay_cs)?;
            bar.inc(1);
        }
    }
    let count = gif.frames();
    gif.finish()?;
    bar.finish_and_clear();
    Ok(GifStats { frames: count, bytes: std::fs::metadata(path)?.len() })
}
