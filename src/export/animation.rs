//! Exports a [`Timeline`] of an [`Animated`] run to one or more outputs at once: the
//! [`Schedule`]'s shots are rendered by the raster backend in parallel batches, each picture
//! once, and handed to every output's [`FrameSink`] (GIF, APNG, MP4, WebM, a folder of PNGs).
//! A progress bar shows on standard error when it is a terminal.

use crate::anim::{Animated, Mode, Timeline};
use crate::export::apng::ApngSink;
use crate::export::cancel;
use crate::export::frames::FramesSink;
use crate::export::gif::GifSink;
use crate::export::palette::Palette;
use crate::export::schedule::{Schedule, Timing};
use crate::export::sink::{Format, FrameSink, Output, Plays, Rendered};
use crate::export::video::{self, VideoSink};
use crate::export::webp::WebpSink;
use crate::render::raster;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::path::Path;

/// Options of an export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportOptions {
    /// Output width, pixels.
    pub width: u32,
    /// Output height, pixels.
    pub height: u32,
    /// How many times GIF, APNG and WebP play (video plays once).
    pub plays: Plays,
    /// Show a progress bar on stderr when stderr is a terminal.
    pub progress: bool,
}

/// Options of a GIF export ([`export_gif`]).
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
    /// Frames written (equal consecutive frames merged count once).
    pub frames: usize,
    /// File size, bytes.
    pub bytes: u64,
}

/// Most frames an export renders: 50 000 frames are over 40 minutes at 20 fps (and gigabytes
/// of GIF at the larger sizes). A `--frames` folder or a video counts each frame it writes.
pub const MAX_GIF_FRAMES: usize = 50_000;

/// Refuses timelines a GIF cannot hold or that would take too long to write: more than
/// [`MAX_GIF_FRAMES`] frames (a very slow speed with a smooth mode), or one-frame-per-state
/// frames longer than a GIF frame's delay field allows (65 535 cs, speed below about 0.0016
/// at 1 s per state).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`], naming the flags to change.
fn check_length(timeline: &Timeline) -> io::Result<()> {
    match timeline.mode {
        Mode::Discrete { seconds_per_frame } if seconds_per_frame * 100.0 / timeline.speed > 65535.0 => Err(invalid(format!(
            "--speed {} makes each frame {:.0} s long; a GIF frame shows at most 655 s: raise --speed",
            timeline.speed,
            seconds_per_frame / timeline.speed
        ))),
        Mode::Smooth { fps, .. } if timeline.duration * fps > MAX_GIF_FRAMES as f64 => Err(invalid(format!(
            "the animation would last {:.0} s, {:.0} frames at {fps} fps (at most {MAX_GIF_FRAMES}): raise --speed or lower --fps",
            timeline.duration,
            timeline.duration * fps
        ))),
        _ => Ok(()),
    }
}

fn invalid(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, msg)
}

/// Refuses outputs that would write more than [`MAX_GIF_FRAMES`] frames, in every mode (one
/// frame per state too: a million moves are a million pictures).
fn check_frames(schedule: &Schedule, outputs: &[Output]) -> io::Result<()> {
    for out in outputs {
        let (n, what) = match out {
            Output::Frames(_) => (schedule.grid_frames(), "PNG files"),
            Output::File(f, _) if f.is_video() => {
                (schedule.video_frames(video::rate(schedule)).iter().sum(), "video frames")
            }
            Output::File(..) => (schedule.shots.len() as u64, "pictures"),
        };
        if n > MAX_GIF_FRAMES as u64 {
            return Err(invalid(format!(
                "{}: {n} {what} (at most {MAX_GIF_FRAMES}): cut the animation with --start and --end{}",
                out.path().display(),
                if schedule.fps.is_some() { ", or raise --speed or lower --fps" } else { "" }
            )));
        }
    }
    Ok(())
}

/// Renders `timeline`, cut and held as `timing` says, once, and writes every output. Each
/// output is written whole or not at all (see [`crate::export::atomic`]); nothing is left
/// when interrupted ([`crate::export::cancel`]).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] before any file is made when the timeline is too long
/// ([`MAX_GIF_FRAMES`], or frames over 655 s) or the cut leaves nothing; I/O, encoding and
/// ffmpeg errors, with the path in the message.
pub fn export(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    timing: Timing,
    outputs: &[Output],
    opts: ExportOptions,
) -> io::Result<Vec<GifStats>> {
    let schedule = preflight(timeline, timing, outputs)?;
    export_schedule(anim, timeline, &schedule, outputs, opts)
}

/// [`export`] of the shots of `schedule`, which [`preflight`] made of `timeline` for
/// `outputs`.
///
/// # Errors
/// I/O, encoding and ffmpeg errors, with the path in the message.
pub fn export_schedule(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    schedule: &Schedule,
    outputs: &[Output],
    opts: ExportOptions,
) -> io::Result<Vec<GifStats>> {
    let (w, h) = (opts.width, opts.height);
    let palette = Palette::from_theme(&anim.palette_colors());
    let mut sinks: Vec<Box<dyn FrameSink>> = Vec::with_capacity(outputs.len());
    for out in outputs {
        sinks.push(match out {
            Output::File(Format::Gif, p) => Box::new(GifSink::create(p, w, h, palette.clone(), opts.plays)?),
            Output::File(Format::Apng, p) => Box::new(ApngSink::create(p, w, h, schedule.shots.len(), opts.plays)?),
            Output::File(Format::Webp, p) => Box::new(WebpSink::create(p, w, h, palette.clone(), opts.plays)?),
            Output::File(f, p) => Box::new(VideoSink::create(p, *f, w, h, schedule)?),
            Output::Frames(dir) => Box::new(FramesSink::create(dir, w, h)?),
        });
    }
    let bar = progress_bar(opts.progress, schedule.shots.len(), outputs);
    for chunk in schedule.shots.chunks(batch_size(w, h)) {
        cancel::check()?;
        let rendered: Vec<Rendered> = chunk
            .par_iter()
            .map(|s| Rendered { image: raster::render(&timeline.scene_at(anim, s.t), w, h), shot: *s })
            .collect();
        for sink in &mut sinks {
            sink.add(&rendered).map_err(cancel::or_interrupted)?;
        }
        bar.inc(chunk.len() as u64);
    }
    cancel::check()?;
    let mut stats = Vec::with_capacity(sinks.len());
    for (sink, out) in sinks.into_iter().zip(outputs) {
        let frames = sink.frames();
        sink.finish().map_err(cancel::or_interrupted)?;
        stats.push(GifStats { frames, bytes: size_of(out.path()) });
    }
    bar.finish_and_clear();
    Ok(stats)
}

/// Pictures rendered at once: 32, or fewer for large pictures, so that a batch holds at most
/// 64 MiB of pixels (at least 2, one per core of a small machine).
fn batch_size(width: u32, height: u32) -> usize {
    let bytes = width as usize * height as usize * 4;
    ((64 << 20) / bytes.max(1)).clamp(2, 32)
}

/// Checks, before anything is rendered, that `timeline` cut by `timing` can be written to
/// `outputs`, and returns its schedule.
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] as [`export`] says.
pub fn preflight(timeline: &Timeline, timing: Timing, outputs: &[Output]) -> io::Result<Schedule> {
    check_length(timeline)?;
    let schedule = Schedule::new(timeline, timing).map_err(|e| invalid(e.to_string()))?;
    check_frames(&schedule, outputs)?;
    Ok(schedule)
}

/// Bytes of a file, or of the files in a folder.
fn size_of(path: &Path) -> u64 {
    match std::fs::read_dir(path) {
        Ok(entries) => entries.filter_map(|e| e.ok()?.metadata().ok()).map(|m| m.len()).sum(),
        Err(_) => std::fs::metadata(path).map_or(0, |m| m.len()),
    }
}

fn progress_bar(wanted: bool, shots: usize, outputs: &[Output]) -> ProgressBar {
    let names: Vec<String> = outputs.iter().map(|o| o.path().display().to_string()).collect();
    pictures_bar(wanted, shots, &names.join(", "))
}

/// A progress bar over `pictures` pictures written to `names` (for the message), shown on
/// standard error when `wanted`, standard error is a terminal and there is more than one
/// picture; else a hidden one.
pub fn pictures_bar(wanted: bool, pictures: usize, names: &str) -> ProgressBar {
    if !(wanted && io::stderr().is_terminal() && pictures > 1) {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(pictures as u64);
    b.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} pictures, {eta} left")
            .expect("valid template")
            .progress_chars("=> "),
    );
    b.set_message(format!("writing {names}"));
    b
}

/// Renders every frame of `timeline` and writes the GIF to `path` (see [`export`]).
///
/// # Errors
/// As [`export`].
pub fn export_gif(
    anim: &(dyn Animated + Sync),
    timeline: &Timeline,
    path: &Path,
    opts: GifOptions,
) -> io::Result<GifStats> {
    let plays = if opts.looping { Plays::Forever } else { Plays::Times(1) };
    let options = ExportOptions { width: opts.width, height: opts.height, plays, progress: opts.progress };
    let outputs = [Output::File(Format::Gif, path.to_path_buf())];
    Ok(export(anim, timeline, Timing::default(), &outputs, options)?[0])
}
