//! Exports a [`Timeline`] of an [`Animated`] run as an animated GIF: frames rendered by the
//! raster backend (in parallel batches), mapped to one fixed palette, encoded in order.

use crate::anim::{Animated, Mode, Timeline};
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

/// Most frames a GIF export writes: 50 000 frames are over 40 minutes at 20 fps (and gigabytes
/// of GIF at the larger sizes).
pub const MAX_GIF_FRAMES: usize = 50_000;

/// Refuses timelines a GIF cannot hold or that would take too long to write: more than
/// [`MAX_GIF_FRAMES`] frames (a very slow speed with a smooth mode), or one-frame-per-state
/// frames longer than a GIF frame's delay field allows (65 535 cs, speed below about 0.0016
/// at 1 s per state).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`], naming the flags to change.
fn check_length(timeline: &Timeline) -> io::Result<()> {
    let refuse = |msg: String| Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
    match timeline.mode {
        Mode::Discrete { seconds_per_frame } if seconds_per_frame * 100.0 / timeline.speed > 65535.0 => refuse(format!(
            "--speed {} makes each frame {:.0} s long; a GIF frame shows at most 655 s: raise --speed",
            timeline.speed,
            seconds_per_frame / timeline.speed
        )),
        Mode::Smooth { fps, .. } if timeline.duration * fps > MAX_GIF_FRAMES as f64 => refuse(format!(
            "the animation would last {:.0} s, {:.0} frames at {fps} fps (at most {MAX_GIF_FRAMES}): raise --speed or lower --fps",
            timeline.duration,
            timeline.duration * fps
        )),
        _ => Ok(()),
    }
}

/// Renders every frame of `timeline` and writes the GIF to `path` (temporary name, then
/// rename; nothing is left behind on error or when interrupted, see [`crate::export::cancel`]).
///
/// # Errors
/// I/O and encoding errors, with the path in the message; [`io::ErrorKind::InvalidInput`]
/// before any file is made when the timeline is too long for a GIF ([`MAX_GIF_FRAMES`], or
/// frames over 655 s).
pub fn export_gif(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    path: &Path,
    opts: GifOptions,
) -> io::Result<GifStats> {
    check_length(timeline)?;
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
