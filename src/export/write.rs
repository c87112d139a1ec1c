//! One export of an animation to every output asked for: the [`Job`] says how, the outputs
//! where and in which format. Formats that draw Scenes (a page, a handout, an animated SVG) each get the themed
//! animation from their [`SceneWriter`]; the frame formats (GIF, APNG, WebP, video, a folder of
//! PNGs) share one rendering pass ([`crate::export::animation::export_schedule`]). The command line
//! only maps its flags onto a job and a list of outputs.

use crate::anim::{Animated, Timeline};
use crate::export::animation::{self, ExportOptions};
use crate::export::html::PageWriter;
use crate::export::job::{Job, SceneWriter, Written};
use crate::export::pdf::HandoutWriter;
use crate::export::schedule::Schedule;
use crate::export::sink::{Format, Output};
use crate::export::svg_anim::SvgAnimWriter;
use std::io;

/// The writer of a format that draws Scenes; `None` for the frame formats.
pub fn scene_writer(format: Format) -> Option<Box<dyn SceneWriter>> {
    match format {
        Format::Html => Some(Box::new(PageWriter)),
        Format::Pdf => Some(Box::new(HandoutWriter)),
        Format::Svg => Some(Box::new(SvgAnimWriter)),
        Format::Gif | Format::Apng | Format::Webp | Format::Mp4 | Format::Webm => None,
    }
}

/// The outputs written from raster pictures (every one but the Scene formats).
fn frame_outputs(outputs: &[Output]) -> Vec<Output> {
    outputs.iter().filter(|o| !o.format().is_some_and(Format::is_scene)).cloned().collect()
}

/// Checks, before anything is drawn, that `anim` as `job` paces and cuts it can be written to
/// the frame formats and the animated SVGs among `outputs` (one picture per shot; see
/// [`crate::export::animation::preflight`]).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] naming the output and the flags that shorten it.
pub fn preflight(anim: &dyn Animated, job: &Job, outputs: &[Output]) -> io::Result<()> {
    schedule(&job.timeline(anim), job, outputs).map(|_| ())
}

/// The shots of `timeline` as `job` cuts and holds them, checked against the frame formats
/// and the animated SVGs among `outputs`; `None` when there are none of those.
fn schedule(timeline: &Timeline, job: &Job, outputs: &[Output]) -> io::Result<Option<Schedule>> {
    let shots: Vec<Output> =
        outputs.iter().filter(|o| o.format().is_none_or(|f| !f.is_scene() || f == Format::Svg)).cloned().collect();
    if shots.is_empty() {
        return Ok(None);
    }
    animation::preflight(timeline, job.timing, &shots).map(Some)
}

/// Writes `anim`, drawn in `job.theme`, to every output: the Scene formats first, then the
/// frame formats from one rendering pass. Each file is written whole or not at all.
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] before anything is written when the frame formats cannot
/// hold the animation ([`preflight`]); I/O and encoding errors, with the path.
pub fn write(anim: &(dyn Animated + Sync), job: &Job, outputs: &[Output]) -> io::Result<Vec<Written>> {
    let anim = &job.theme.animation(anim);
    let frames = frame_outputs(outputs);
    let timeline = job.timeline(anim);
    let schedule = schedule(&timeline, job, outputs)?;
    let mut written = Vec::with_capacity(outputs.len());
    for out in outputs {
        if let Some(writer) = out.format().and_then(scene_writer) {
            written.push(writer.write(out.path(), anim, job)?);
        }
    }
    if let Some(schedule) = schedule.as_ref().filter(|_| !frames.is_empty()) {
        let (width, height) = job.pixels(&anim.draw(0, 1.0));
        let opts = ExportOptions { width, height, plays: job.plays, progress: job.progress };
        animation::export_schedule(anim, &timeline, schedule, &frames, opts)?;
        written.extend(frames.iter().map(|o| Written { path: o.path().to_path_buf(), pages: None }));
    }
    Ok(written)
}
