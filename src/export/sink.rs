//! The one small interface every animated format is written through (as agg's `Renderer`
//! trait is for its back ends): the export renders each [`Shot`] once and hands the pictures,
//! in order and in batches, to one [`FrameSink`] per output file; each sink encodes them its
//! own way and puts its file in place when finished. Which format a path gets comes from its
//! extension ([`Format::from_path`]); the formats that draw Scenes rather than pictures (a
//! page, a handout) are [`crate::export::job::SceneWriter`]s instead.

use crate::export::schedule::Shot;
use crate::render::raster::Image;
use std::io;
use std::path::{Path, PathBuf};

/// A rendered picture and the shot it shows.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The picture, RGBA.
    pub image: Image,
    /// When and how long it shows.
    pub shot: Shot,
}

/// Receives an export's pictures.
pub trait FrameSink: Send {
    /// Adds the next pictures, in order (a batch, so that a format can encode them in
    /// parallel).
    ///
    /// # Errors
    /// I/O or encoding errors, with the path.
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()>;

    /// Frames written so far (after merging, for formats that merge equal frames).
    fn frames(&self) -> usize;

    /// Completes the output and puts it in place. A sink dropped without it leaves nothing.
    ///
    /// # Errors
    /// I/O or encoding errors, with the path; nothing is then left.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// How many times an animation plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plays {
    /// Loops forever (GIF: NETSCAPE loop count 0; APNG: `num_plays` 0).
    Forever,
    /// Plays this many times in all, at least 1 (GIF: no loop extension for 1, else a loop
    /// count of n - 1 repeats, capped at 65535; APNG: `num_plays` n).
    Times(u32),
}

/// An animated format, chosen by a file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.gif`: [`crate::export::gif`].
    Gif,
    /// `.apng`: animated PNG, [`crate::export::apng`].
    Apng,
    /// `.mp4`: H.264 through ffmpeg, [`crate::export::video`].
    Mp4,
    /// `.webm`: VP9 through ffmpeg, [`crate::export::video`].
    Webm,
    /// `.webp`: lossless animated WebP, [`crate::export::webp`].
    Webp,
    /// `.svg`: an animated SVG (CSS keyframes, no script), [`crate::export::svg_anim`].
    Svg,
    /// `.html` or `.htm`: a web page that plays the animation, [`crate::export::html`].
    Html,
    /// `.pdf`: a printable handout, [`crate::export::pdf`].
    Pdf,
}

/// The extensions `--out` takes, for messages.
pub const EXTENSIONS: &str =
    ".gif, .apng, .webp, .mp4, .webm, .svg (animated SVG), .html (a web page) or .pdf (a handout)";

impl Format {
    /// The format a path's extension names (case-insensitive).
    ///
    /// # Errors
    /// A message naming the path and the extensions taken; a `.png` is pointed to `--png`
    /// (a still) and `.apng` (animated).
    pub fn from_path(path: &Path) -> Result<Format, String> {
        let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("gif") => Ok(Format::Gif),
            Some("apng") => Ok(Format::Apng),
            Some("mp4") => Ok(Format::Mp4),
            Some("webm") => Ok(Format::Webm),
            Some("webp") => Ok(Format::Webp),
            Some("svg") => Ok(Format::Svg),
            Some("html" | "htm") => Ok(Format::Html),
            Some("pdf") => Ok(Format::Pdf),
            Some("png") => Err(format!(
                "{}: --out makes animations ({EXTENSIONS}); for a still picture use --png, for an animated PNG name the file .apng",
                path.display()
            )),
            Some(e) => Err(format!("{}: unknown format .{e}: --out takes {EXTENSIONS}", path.display())),
            None => Err(format!("{}: no extension to tell the format: --out takes {EXTENSIONS}", path.display())),
        }
    }

    /// True for the formats made by ffmpeg.
    pub fn is_video(self) -> bool {
        matches!(self, Format::Mp4 | Format::Webm)
    }

    /// True for the formats that draw Scenes themselves (a [`crate::export::job::SceneWriter`]),
    /// false for those written from raster pictures (a [`FrameSink`]).
    pub fn is_scene(self) -> bool {
        matches!(self, Format::Html | Format::Pdf | Format::Svg)
    }

    /// True for the formats with a loop count ([`Plays`]).
    pub fn loops(self) -> bool {
        matches!(self, Format::Gif | Format::Apng | Format::Webp | Format::Svg)
    }
}

/// One output of an export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// An animated file in a format.
    File(Format, PathBuf),
    /// `--frames DIR`: one PNG per grid frame ([`crate::export::frames`]).
    Frames(PathBuf),
}

impl Output {
    /// The file or folder written.
    pub fn path(&self) -> &Path {
        match self {
            Output::File(_, p) | Output::Frames(p) => p,
        }
    }

    /// The format of a file; `None` for a folder of frames.
    pub fn format(&self) -> Option<Format> {
        match self {
            Output::File(f, _) => Some(*f),
            Output::Frames(_) => None,
        }
    }
}
