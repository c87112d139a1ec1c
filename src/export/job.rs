//! What one export of an animation is asked for, whatever its formats ([`Job`]: pacing, cut,
//! size, loops, colours, paper), what it wrote ([`Written`]), and the interface of the formats
//! that draw Scenes themselves rather than raster pictures ([`SceneWriter`]: the web page, the
//! PDF handout, the animated SVG). Frame formats (GIF, APNG, WebP, video, a folder of PNGs)
//! are [`crate::export::sink::FrameSink`]s; [`crate::export::write`] hands a job to both kinds.

use crate::anim::{Animated, Mode, Timeline};
use crate::export::schedule::Timing;
use crate::export::sink::Plays;
use crate::scene::Scene;
use crate::theme::Theme;
use std::io;
use std::path::{Path, PathBuf};

/// A paper size, as `--paper a4|letter` names it (for PDF handouts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm (595.28 x 841.89 points).
    #[default]
    A4,
    /// US Letter, 8.5 x 11 inches (612 x 792 points).
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch), portrait.
    pub fn points(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// One export's settings, as the command line's picture flags give them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Job {
    /// One frame per state or smooth at an fps ([`crate::anim::Pacing::mode`]).
    pub mode: Mode,
    /// Speed factor (2.0: twice as fast).
    pub speed: f64,
    /// The cut (`--start`, `--end`, seconds as played) and the last picture's hold.
    pub timing: Timing,
    /// Picture width, pixels; the height follows the picture's shape ([`Job::pixels`]).
    pub width: u32,
    /// How many times a looping format (GIF, APNG, WebP, animated SVG) plays.
    pub plays: Plays,
    /// The colours: the animation is drawn in this theme.
    pub theme: Theme,
    /// The paper of a PDF handout.
    pub paper: Paper,
    /// A handout page at the end of every this many manipulations; `None`: the animation's own
    /// ([`crate::anim::Pacing::handout_every`]).
    pub every: Option<usize>,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
}

impl Job {
    /// A job with the command line's defaults: `mode`, real time, no cut, 400 pixels wide,
    /// looping, the light theme, A4, no progress bar.
    pub fn new(mode: Mode) -> Job {
        Job {
            mode,
            speed: 1.0,
            timing: Timing::default(),
            width: 400,
            plays: Plays::Forever,
            theme: Theme::Light,
            paper: Paper::A4,
            every: None,
            progress: false,
        }
    }

    /// Pixel size (width, height) of `scene`: [`Job::width`] wide (see [`pixels_at`]).
    pub fn pixels(&self, scene: &Scene) -> (u32, u32) {
        pixels_at(self.width, scene)
    }

    /// The timeline of `anim` at this job's mode and speed.
    pub fn timeline(&self, anim: &dyn Animated) -> Timeline {
        Timeline::new(anim, self.mode, self.speed)
    }
}

/// Pixel size (width, height) of `scene` drawn `width` pixels wide: the height from the view's
/// shape, rounded, at least 1.
pub fn pixels_at(width: u32, scene: &Scene) -> (u32, u32) {
    let h = (width as f32 * scene.view.h / scene.view.w).round().max(1.0) as u32;
    (width, h)
}

/// The title a file's name gives what it holds (a page's, a handout's): its name without the
/// extension, "tumble" when it has none.
pub fn title_of(path: &Path) -> String {
    path.file_stem().map_or_else(|| "tumble".into(), |s| s.to_string_lossy().into_owned())
}

/// A file an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The path as given (`-` for standard output).
    pub path: PathBuf,
    /// The pages of a PDF handout; `None` for other formats.
    pub pages: Option<usize>,
}

impl Written {
    /// What to tell the user: "wrote x.pdf (3 pages)"; `None` for standard output (the
    /// picture itself is there).
    pub fn said(&self) -> Option<String> {
        if crate::export::atomic::is_stdout(&self.path) {
            return None;
        }
        Some(match self.pages {
            Some(n) => format!("wrote {} ({})", self.path.display(), crate::words::count(n, "page", "pages")),
            None => format!("wrote {}", self.path.display()),
        })
    }
}

/// A format that draws an animation's Scenes itself (vector pictures, a page with its own
/// player), not the raster frames the [`crate::export::sink::FrameSink`]s get.
pub trait SceneWriter {
    /// Writes `anim` (already in `job.theme`) to `path`, whole or not at all.
    ///
    /// # Errors
    /// I/O errors, with the path; [`io::ErrorKind::InvalidInput`] for a job the format cannot
    /// hold (too long, nothing to write), with the path and what to change.
    fn write(&self, path: &Path, anim: &(dyn Animated + Sync), job: &Job) -> io::Result<Written>;
}
