//! Options shared by every command that draws: picture files (a still PNG, animations by
//! extension, a folder of frames), frame rate, speed, cut and hold, loops, size.

use crate::anim::{Animated, Mode};
use crate::export::atomic::{is_stdout, resolve_target};
use crate::export::job::{Job, Paper, Written};
use crate::export::png::write_png;
use crate::export::schedule::Timing;
use crate::export::sink::{Format, Output, Plays};
use crate::export::svg::write_svg;
use crate::render::raster;
use crate::scene::Scene;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::CliError;

/// Picture output flags.
#[derive(Args, Debug, Clone)]
pub struct PictureArgs {
    /// Write a still PNG image of the final state (- for standard output, which must not be a
    /// terminal; what the command prints goes to standard error then).
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub png: Option<PathBuf>,
    /// Write a still SVG picture of the final state (vector: sharp at any size; text drawn
    /// from the bundled font, so it needs no fonts installed). - for standard output, as for
    /// --png. --size sets its width in pixels.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub svg: Option<PathBuf>,
    /// Write an animated GIF (whatever the file's extension): one frame per state (1 s each
    /// for the box and 0h n0, 0.2 s for the mine) unless --fps is given or the command's help
    /// says it is smooth by default. - for standard output, as for --png.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub gif: Option<PathBuf>,
    /// Write the animation to FILE, the format by its extension: .gif, .apng (animated PNG,
    /// exact colours), .webp (animated WebP, lossless: smaller than the GIF), .mp4 (H.264) or
    /// .webm (VP9), .svg (animated SVG: vector, plays by itself in a browser or an <img>),
    /// .html (a web page that plays it) or .pdf (a printable handout: a page for the start and
    /// one per manipulation, see --every and --paper). Video needs ffmpeg on PATH and is encoded at the --fps rate, or at 30 fps when
    /// each state is one frame (each state's picture repeated for its time). May be given more
    /// than once: the frames are drawn once for all.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub out: Vec<PathBuf>,
    /// Write every frame as a PNG in the folder DIR: 00001.png, 00002.png... (the GIF's
    /// pictures at its times: with --fps 20, 20 a second).
    #[arg(long, value_name = "DIR", allow_hyphen_values = true)]
    pub frames: Option<PathBuf>,
    /// Smooth animation at this many frames per second (e.g. 20; at most 50, the finest a GIF
    /// player honours) instead of one frame per state.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=50))]
    pub fps: Option<u16>,
    /// Play faster (2) or slower (0.5).
    #[arg(long, default_value_t = 1.0, value_name = "FACTOR", allow_negative_numbers = true, value_parser = positive_f64)]
    pub speed: f64,
    /// Show the last picture this many seconds (at most 600), whatever the mode holds it for.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = hold_seconds)]
    pub last_frame_duration: Option<f64>,
    /// Leave out the animation before this time, seconds (as played, after --speed).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub start: Option<f64>,
    /// Leave out the animation from this time on, seconds (as played, after --speed).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub end: Option<f64>,
    /// Play the GIF, APNG, WebP or animated SVG N times in all (0: forever, the default; 1: once).
    #[arg(long = "loop", value_name = "N", conflicts_with = "no_loop", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=65536))]
    pub loops: Option<u32>,
    /// Picture width in pixels (the height follows the picture's shape).
    #[arg(long, default_value_t = 400, value_name = "PIXELS", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: u32,
    /// Play the GIF, APNG, WebP or animated SVG once instead of looping (as --loop 1).
    #[arg(long)]
    pub no_loop: bool,
    /// Colours: light (the puzzles' own) or dark (a dark page for projectors).
    #[arg(long, value_enum, default_value_t = crate::theme::Theme::Light, value_name = "THEME")]
    pub theme: crate::theme::Theme,
    /// The paper of a PDF handout (--out FILE.pdf): a4 or letter (US Letter).
    #[arg(long, value_enum, default_value_t = Paper::A4, value_name = "PAPER")]
    pub paper: Paper,
    /// A PDF handout (--out FILE.pdf) gets a page at the end of every N manipulations (robot
    /// commands for the mine), besides the start, the end and, for the mine, each lambda, jump
    /// and ending. Default: 1 for the box and 0h n0 (every move, every deduction), 10 for the mine.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub every: Option<u32>,
}

/// The outputs of a command checked so far, each as its flag, its path as typed and the file
/// it resolves to (see [`resolve_target`]).
#[derive(Default)]
pub(super) struct Targets<'a>(Vec<(&'a str, &'a Path, PathBuf)>);

impl<'a> Targets<'a> {
    /// Adds `flag path`, which resolves to `resolved`.
    ///
    /// # Errors
    /// [`CliError::Input`] naming both outputs when an earlier one is the same file.
    pub(super) fn add(&mut self, flag: &'a str, path: &'a Path, resolved: PathBuf) -> Result<(), CliError> {
        if let Some((first, first_path, _)) = self.0.iter().find(|(_, _, r)| *r == resolved) {
            return Err(CliError::Input(format!(
                "{first} {} and {flag} {} are the same file ({}): give each output a file of its own",
                first_path.display(),
                path.display(),
                resolved.display()
            )));
        }
        self.0.push((flag, path, resolved));
        Ok(())
    }
}

pub(super) fn positive_f64(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v <= 100.0 => Ok(v),
        _ => Err(format!("{s:?} is not a number between 0 and 100 (exclusive of 0)")),
    }
}

/// A time in seconds: a number from 0 to 1000000.
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=1e6).contains(&v) => Ok(v),
        Ok(v) if v < 0.0 => Err(format!("{s} is negative: times are seconds from the start, 0 or more")),
        _ => Err(format!("{s:?} is not a number of seconds (0 to 1000000)")),
    }
}

/// A hold in seconds: above 0, at most 600.
fn hold_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 600.0 => Ok(v),
        _ => Err(format!("{s:?} is not a number of seconds above 0 and at most 600")),
    }
}

impl PictureArgs {
    /// The timeline mode these flags ask for, paced as `anim`'s puzzle is (see
    /// [`crate::anim::Pacing`]): one frame per state, or smooth with --fps.
    pub fn mode(&self, anim: &dyn Animated) -> Mode {
        anim.pacing().mode(self.fps.map(f64::from))
    }

    /// The animated outputs asked for: --gif, each --out, --frames.
    ///
    /// # Errors
    /// [`CliError::Input`] for an --out whose extension names no format, and for `--out -` and
    /// `--frames -` (standard output has no extension to tell the format, and holds no folder).
    pub fn outputs(&self) -> Result<Vec<Output>, CliError> {
        let mut outs: Vec<Output> = self.gif.iter().map(|p| Output::File(Format::Gif, p.clone())).collect();
        for p in &self.out {
            if is_stdout(p) {
                return Err(CliError::Input(
                    "--out -: standard output has no extension to tell the format; use --gif - for a GIF there, \
                     or name a file (x.gif, x.apng, x.webp, x.mp4, x.webm, x.svg, x.html, x.pdf)"
                        .into(),
                ));
            }
            outs.push(Output::File(Format::from_path(p).map_err(CliError::Input)?, p.clone()));
        }
        if self.frames.as_deref().is_some_and(is_stdout) {
            return Err(CliError::Input(
                "--frames -: a folder of frames cannot go to standard output; name a folder".into(),
            ));
        }
        outs.extend(self.frames.iter().map(|d| Output::Frames(d.clone())));
        Ok(outs)
    }

    /// True when an animation is to be written (--gif, --out or --frames).
    pub fn animates(&self) -> bool {
        self.gif.is_some() || !self.out.is_empty() || self.frames.is_some()
    }

    /// True when a still picture of the final state is to be written (--png or --svg).
    pub fn stills(&self) -> bool {
        self.png.is_some() || self.svg.is_some()
    }

    /// True when any picture is to be written.
    pub fn any(&self) -> bool {
        self.stills() || self.animates()
    }

    /// These flags with `--gif path` added when they ask for no animation.
    pub fn or_gif(&self, path: PathBuf) -> PictureArgs {
        let mut a = self.clone();
        if !a.animates() {
            a.gif = Some(path);
        }
        a
    }

    /// Every file or folder these flags write, with the flag that names each.
    pub fn named_paths(&self) -> Vec<(&'static str, &Path)> {
        let mut v: Vec<(&'static str, &Path)> = self.png.iter().map(|p| ("--png", p.as_path())).collect();
        v.extend(self.svg.iter().map(|p| ("--svg", p.as_path())));
        v.extend(self.gif.iter().map(|p| ("--gif", p.as_path())));
        v.extend(self.out.iter().map(|p| ("--out", p.as_path())));
        v.extend(self.frames.iter().map(|p| ("--frames", p.as_path())));
        v
    }

    /// Checks, before any work, that the outputs can be written: known formats, existing
    /// folders, no two outputs that are the same file however they are written (`./x.png` and
    /// `x.png`, a symbolic link and the file it points at; see [`resolve_target`]), at most one
    /// to standard output (`-`) and that one not a terminal, ffmpeg on PATH for video, a
    /// --frames folder that holds nothing else (no other output inside it), an --end after
    /// --start. When a picture goes to standard output, what the command prints from then on
    /// goes to standard error (see [`print_text`]). Warns on standard error when --loop or
    /// --no-loop has nothing to apply to (video, a still, frames: no GIF, APNG, WebP or animated SVG).
    ///
    /// # Errors
    /// [`CliError::Input`] naming the flag or file and what to do.
    pub fn check(&self) -> Result<(), CliError> {
        let outputs = self.outputs()?;
        let mut seen = Targets::default();
        let mut to_stdout: Option<&str> = None;
        for (flag, path) in self.named_paths() {
            if is_stdout(path) {
                if let Some(first) = to_stdout {
                    return Err(CliError::Input(format!(
                        "{first} - and {flag} - both write to standard output: give one of them a file"
                    )));
                }
                if std::io::stdout().is_terminal() {
                    return Err(CliError::Input(format!(
                        "{flag} -: standard output is a terminal, and a picture there would be noise: redirect it \
                         to a file (> out.{}) or a pipe",
                        match flag {
                            "--png" => "png",
                            "--svg" => "svg",
                            _ => "gif",
                        }
                    )));
                }
                to_stdout = Some(flag);
                continue;
            }
            let resolved = resolve_target(path).map_err(|e| CliError::Input(e.to_string()))?;
            if flag != "--frames" {
                crate::export::atomic::check_writable(path, &resolved).map_err(CliError::Input)?;
            }
            seen.add(flag, path, resolved)?;
        }
        let seen = &seen.0;
        if let Some((_, frames, folder)) = seen.iter().find(|(flag, _, _)| *flag == "--frames") {
            if let Some((flag, path, _)) = seen.iter().find(|(f, _, r)| *f != "--frames" && r.starts_with(folder)) {
                return Err(CliError::Input(format!(
                    "{flag} {} is inside the --frames folder {}: the frames would overwrite it; write it elsewhere",
                    path.display(),
                    frames.display()
                )));
            }
        }
        if let (Some(s), Some(e)) = (self.start, self.end) {
            if e <= s {
                return Err(CliError::Input(format!("--end {e} is not after --start {s}")));
            }
        }
        for out in &outputs {
            match out {
                Output::File(f, p) if f.is_video() => {
                    crate::export::video::find_ffmpeg(*f)
                        .map_err(|m| CliError::Input(format!("{}: {m}", p.display())))?;
                }
                Output::Frames(d) => crate::export::frames::check_folder(d).map_err(CliError::Input)?,
                Output::File(..) => {}
            }
        }
        if to_stdout.is_some() {
            TEXT_TO_STDERR.store(true, Ordering::Relaxed);
        }
        if let Some(w) = self.ignored_loops(&outputs) {
            eprintln!("tumble: warning: {w}");
        }
        if let Some(w) = self.ignored_without_pictures() {
            eprintln!("tumble: warning: {w}");
        } else if !outputs.iter().any(|o| o.format() == Some(Format::Pdf))
            && (self.every.is_some() || self.paper != Paper::A4)
        {
            eprintln!("tumble: warning: --every and --paper are ignored: they shape a PDF handout (--out FILE.pdf), and none is written");
        }
        Ok(())
    }

    /// Why the picture flags given do nothing, when no picture is written.
    fn ignored_without_pictures(&self) -> Option<String> {
        if self.any() {
            return None;
        }
        let mut given = Vec::new();
        let mut note = |on: bool, flag: &str| {
            if on {
                given.push(flag.to_string());
            }
        };
        note(self.fps.is_some(), "--fps");
        note(self.speed != 1.0, "--speed");
        note(self.start.is_some(), "--start");
        note(self.end.is_some(), "--end");
        note(self.last_frame_duration.is_some(), "--last-frame-duration");
        note(self.size != 400, "--size");
        note(self.theme != crate::theme::Theme::Light, "--theme");
        note(self.no_loop, "--no-loop");
        note(self.loops.is_some(), "--loop");
        note(self.paper != Paper::A4, "--paper");
        note(self.every.is_some(), "--every");
        let (list, verb) = match given.split_last() {
            Some((last, [])) => (last.clone(), "is"),
            Some((last, rest)) => (format!("{} and {last}", rest.join(", ")), "are"),
            None => return None,
        };
        Some(format!("{list} {verb} ignored: no picture is written (add --gif FILE, --out FILE or --png FILE)"))
    }

    /// Refuses, before any work, an output that is a file the command has read (a map, a
    /// board, a talk, the file behind standard input; see [`crate::input`]). Call it once the
    /// inputs are read.
    ///
    /// # Errors
    /// [`CliError::Input`] naming the flag, the output and the input.
    pub fn refuse_inputs(&self) -> Result<(), CliError> {
        crate::input::refuse_outputs(self.named_paths()).map_err(CliError::Input)
    }

    /// Why --loop or --no-loop does nothing, when pictures are written and none of them is a
    /// GIF, an APNG, a WebP or an animated SVG (the formats with a loop count, [`Format::loops`]).
    fn ignored_loops(&self, outputs: &[Output]) -> Option<String> {
        let flag = match (self.no_loop, self.loops) {
            (true, _) => "--no-loop".to_string(),
            (false, Some(n)) => format!("--loop {n}"),
            (false, None) => return None,
        };
        let loops = |o: &Output| o.format().is_some_and(Format::loops);
        if !self.any() || outputs.iter().any(loops) {
            return None;
        }
        Some(if outputs.iter().any(|o| matches!(o, Output::File(f, _) if f.is_video())) {
            format!("{flag} is ignored: video files have no loop count (only GIF, APNG, WebP and animated SVG files have one)")
        } else {
            format!(
                "{flag} is ignored: only GIF, APNG, WebP and animated SVG files have a loop count, and none is written"
            )
        })
    }

    /// Pixel size (width, height) for a scene: `--size` wide, height from the scene's view.
    pub fn pixels(&self, scene: &Scene) -> (u32, u32) {
        crate::export::job::pixels_at(self.size, scene)
    }

    /// The export these flags ask for, at `mode` (see [`PictureArgs::mode`]), with a progress
    /// bar on a terminal.
    pub fn job(&self, mode: Mode) -> Job {
        Job {
            mode,
            speed: self.speed,
            timing: self.timing(),
            width: self.size,
            plays: self.plays(),
            theme: self.theme,
            paper: self.paper,
            every: self.every.map(|n| n as usize),
            progress: true,
        }
    }

    /// How many times GIF, APNG, WebP and animated SVG play.
    pub fn plays(&self) -> Plays {
        match (self.no_loop, self.loops) {
            (true, _) | (_, Some(1)) => Plays::Times(1),
            (_, None) | (_, Some(0)) => Plays::Forever,
            (_, Some(n)) => Plays::Times(n),
        }
    }

    /// The cut and hold asked for.
    pub fn timing(&self) -> Timing {
        Timing { start: self.start, end: self.end, last_frame: self.last_frame_duration }
    }
}

/// Writes `scene` in the flags' --theme, `args.size` pixels wide, as the stills they ask for:
/// a PNG (--png) and an SVG (--svg); nothing when neither is given.
///
/// # Errors
/// I/O errors, with the path.
pub fn write_stills(scene: &Scene, args: &PictureArgs) -> Result<(), CliError> {
    let scene = args.theme.scene(scene.clone());
    let (w, h) = args.pixels(&scene);
    if let Some(path) = &args.png {
        write_png(path, &raster::render(&scene, w, h))?;
        wrote(path);
    }
    if let Some(path) = &args.svg {
        write_svg(path, &scene, w, h)?;
        wrote(path);
    }
    Ok(())
}

/// Says on standard error that `path` was written (nothing for `-`: the picture itself is on
/// standard output, and standard error holds what the command prints).
pub fn wrote(path: &Path) {
    if !is_stdout(path) {
        eprintln!("tumble: wrote {}", path.display());
    }
}

/// Writes the animations the flags ask for (--gif, --out, --frames; nothing when none), with
/// their mode, speed, cut, hold, loops and size.
///
/// # Errors
/// I/O and encoding errors, with the path; a cut that leaves nothing or a timeline too long
/// (see [`crate::export::animation::export`]).
pub fn write_animations(anim: &(dyn Animated + Sync), args: &PictureArgs) -> Result<(), CliError> {
    write_animations_with(anim, args, args.mode(anim))
}

/// Writes what the flags ask for: the animation's last frame as a PNG (--png) and an SVG
/// (--svg), the animations (see [`write_animations`]).
///
/// # Errors
/// I/O errors, with the path.
pub fn write_pictures(anim: &(dyn Animated + Sync), args: &PictureArgs) -> Result<(), CliError> {
    if args.stills() {
        write_stills(&anim.draw(anim.steps() - 1, 1.0), args)?;
    }
    write_animations(anim, args)
}

/// Checks, before any picture is drawn or any answer printed, that the animations the flags
/// ask for can be written (their length; see [`crate::export::animation::preflight`]).
///
/// # Errors
/// [`CliError::Input`] naming the output and the flags that shorten it.
pub fn preflight(anim: &(dyn Animated + Sync), args: &PictureArgs, mode: Mode) -> Result<(), CliError> {
    let outputs = args.outputs()?;
    crate::export::write::preflight(anim, &args.job(mode), &outputs).map_err(export_error)
}

/// Like [`write_animations`] with an explicit timeline mode.
///
/// # Errors
/// As [`write_animations`].
pub fn write_animations_with(anim: &(dyn Animated + Sync), args: &PictureArgs, mode: Mode) -> Result<(), CliError> {
    let outputs = args.outputs()?;
    if outputs.is_empty() {
        return Ok(());
    }
    let written = crate::export::write::write(anim, &args.job(mode), &outputs).map_err(export_error)?;
    written.iter().for_each(said);
    Ok(())
}

/// Says on standard error what an export wrote (nothing for standard output).
pub fn said(written: &Written) {
    if let Some(text) = written.said() {
        eprintln!("tumble: {text}");
    }
}

/// An export's error as the command line reports it: bad input (exit 2) for
/// [`std::io::ErrorKind::InvalidInput`], else an I/O error.
pub fn export_error(e: std::io::Error) -> CliError {
    match e.kind() {
        std::io::ErrorKind::InvalidInput => CliError::Input(e.to_string()),
        _ => CliError::Io(e),
    }
}

/// Prints `text` and a newline on standard output, flushed. When the reader has gone (a closed
/// pipe, as with `| head`), tumble stops quietly with exit code 0.
///
/// # Errors
/// Any other write error (a full disk, a closed standard output), as [`CliError::Io`].
pub fn print_line(text: &str) -> Result<(), CliError> {
    print_text(&format!("{text}\n"))
}

/// Set by [`PictureArgs::check`] when a picture goes to standard output (`--png -`,
/// `--gif -`): the text [`print_text`] prints then goes to standard error, so that standard
/// output holds the picture alone.
static TEXT_TO_STDERR: AtomicBool = AtomicBool::new(false);

/// Prints `text` as it is on standard output, flushed; see [`print_line`]. When a picture goes
/// to standard output (see [`PictureArgs::check`]), the text goes to standard error instead.
///
/// # Errors
/// Write errors other than a closed pipe.
pub fn print_text(text: &str) -> Result<(), CliError> {
    let (name, result) = if TEXT_TO_STDERR.load(Ordering::Relaxed) {
        let mut err = std::io::stderr().lock();
        ("standard error", err.write_all(text.as_bytes()).and_then(|()| err.flush()))
    } else {
        let mut out = std::io::stdout().lock();
        ("standard output", out.write_all(text.as_bytes()).and_then(|()| out.flush()))
    };
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::Io(std::io::Error::new(e.kind(), format!("{name}: {e}")))),
    }
}

/// Reads all of standard input as text, at most [`crate::input::MAX_INPUT_BYTES`]; on a
/// terminal it first says that it waits for `what`.
///
/// # Errors
/// An I/O error, input past the bound or not UTF-8 (as [`CliError::Input`]).
pub fn read_stdin(what: &str) -> Result<String, CliError> {
    let bytes = crate::input::read_stdin(what)?;
    Ok(crate::input::text("standard input", bytes)?)
}

/// Reads the file at `path` as text, at most [`crate::input::MAX_INPUT_BYTES`].
///
/// # Errors
/// The file cannot be read, is past the bound or is not UTF-8; the message starts with the path.
pub fn read_text_file(path: &Path) -> Result<String, CliError> {
    let bytes = crate::input::read_file(path)?;
    Ok(crate::input::text(&path.display().to_string(), bytes)?)
}
