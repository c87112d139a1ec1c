//! Options shared by every command that draws: picture files, frame rate, speed, size.

use crate::anim::{Animated, Mode, Timeline};
use crate::export::animation::{export_gif, GifOptions};
use crate::export::png::write_png;
use crate::render::raster;
use crate::scene::Scene;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;

/// Picture output flags.
#[derive(Args, Debug, Clone)]
pub struct PictureArgs {
    /// Write a still PNG image of the final state.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write an animated GIF: one frame per state, 1 s each, unless --fps is given.
    #[arg(long, value_name = "FILE")]
    pub gif: Option<PathBuf>,
    /// Smooth animation at this many frames per second (e.g. 20; at most 50, the finest a GIF
    /// player honours) instead of one frame per state.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=50))]
    pub fps: Option<u16>,
    /// Play faster (2) or slower (0.5).
    #[arg(long, default_value_t = 1.0, value_name = "FACTOR", allow_negative_numbers = true, value_parser = positive_f64)]
    pub speed: f64,
    /// Picture width in pixels (the height follows the picture's shape).
    #[arg(long, default_value_t = 400, value_name = "PIXELS", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: u32,
    /// Play the GIF once instead of looping.
    #[arg(long)]
    pub no_loop: bool,
    /// Colours: light (the puzzles' own) or dark (a dark page for projectors).
    #[arg(long, value_enum, default_value_t = crate::theme::Theme::Light, value_name = "THEME")]
    pub theme: crate::theme::Theme,
}

pub(super) fn positive_f64(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v <= 100.0 => Ok(v),
        _ => Err(format!("{s:?} is not a number between 0 and 100 (exclusive of 0)")),
    }
}

impl PictureArgs {
    /// The timeline mode these flags ask for, paced as `anim`'s puzzle is (see
    /// [`crate::anim::Pacing`]): one frame per state, or smooth with --fps.
    pub fn mode(&self, anim: &dyn Animated) -> Mode {
        anim.pacing().mode(self.fps.map(f64::from))
    }

    /// Checks, before any work, that --png and --gif do not name the same file and that the
    /// folder each is to be written in exists.
    ///
    /// # Errors
    /// [`CliError::Input`] when they name the same file or a folder that is missing.
    pub fn check(&self) -> Result<(), CliError> {
        if let (Some(p), Some(g)) = (&self.png, &self.gif) {
            if p == g {
                return Err(CliError::Input(format!("--png and --gif both name {}", p.display())));
            }
        }
        for path in self.png.iter().chain(&self.gif) {
            let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            if !dir.is_dir() {
                return Err(CliError::Input(format!(
                    "{}: the folder {} does not exist",
                    path.display(),
                    dir.display()
                )));
            }
        }
        Ok(())
    }

    /// Pixel size (width, height) for a scene: `--size` wide, height from the scene's view.
    pub fn pixels(&self, scene: &Scene) -> (u32, u32) {
        let h = (self.size as f32 * scene.view.h / scene.view.w).round().max(1.0) as u32;
        (self.size, h)
    }
}

/// Writes `scene` as a PNG of `args.size` pixels wide.
///
/// # Errors
/// I/O errors, with the path.
pub fn write_still(scene: &Scene, args: &PictureArgs, path: &Path) -> Result<(), CliError> {
    let (w, h) = args.pixels(scene);
    write_png(path, &raster::render(scene, w, h))?;
    Ok(())
}

/// Exports the animation of `anim` as a GIF at `path` with the flags' mode, speed and size.
///
/// # Errors
/// I/O errors, with the path.
pub fn write_animation(anim: &(dyn Animated + Sync), args: &PictureArgs, path: &Path) -> Result<(), CliError> {
    write_animation_with(anim, args, args.mode(anim), path)
}

/// Writes what --png and --gif ask for: the animation's last frame as a PNG, the animation
/// as a GIF.
///
/// # Errors
/// I/O errors, with the path.
pub fn write_pictures(anim: &(dyn Animated + Sync), args: &PictureArgs) -> Result<(), CliError> {
    if let Some(path) = &args.png {
        write_still(&anim.draw(anim.steps() - 1, 1.0), args, path)?;
    }
    if let Some(path) = &args.gif {
        write_animation(anim, args, path)?;
    }
    Ok(())
}

/// Like [`write_animation`] with an explicit timeline mode.
///
/// # Errors
/// I/O errors, with the path; a timeline too long for a GIF (see
/// [`crate::export::animation::export_gif`]).
pub fn write_animation_with(
    anim: &(dyn Animated + Sync),
    args: &PictureArgs,
    mode: Mode,
    path: &Path,
) -> Result<(), CliError> {
    let timeline = Timeline::new(anim, mode, args.speed);
    let (width, height) = args.pixels(&anim.draw(0, 1.0));
    export_gif(anim, &timeline, path, GifOptions { width, height, looping: !args.no_loop, progress: true })?;
    Ok(())
}

/// Prints `text` and a newline on standard output, flushed. When the reader has gone (a closed
/// pipe, as with `| head`), tumble stops quietly with exit code 0.
///
/// # Errors
/// Any other write error (a full disk, a closed standard output), as [`CliError::Io`].
pub fn print_line(text: &str) -> Result<(), CliError> {
    print_text(&format!("{text}\n"))
}

/// Prints `text` as it is on standard output, flushed; see [`print_line`].
///
/// # Errors
/// Write errors other than a closed pipe.
pub fn print_text(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::Io(std::io::Error::new(e.kind(), format!("standard output: {e}")))),
    }
}

/// Reads all of standard input.
///
/// # Errors
/// An I/O error, or input that is not UTF-8 (as [`CliError::Input`]).
pub fn read_stdin() -> Result<String, CliError> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
    utf8_text("standard input", bytes)
}

/// `bytes` as text, or an error naming `name` and the first byte that is not UTF-8 (1-based).
///
/// # Errors
/// [`CliError::Input`] for invalid UTF-8.
pub fn utf8_text(name: &str, bytes: Vec<u8>) -> Result<String, CliError> {
    String::from_utf8(bytes)
        .map_err(|e| CliError::Input(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1)))
}
