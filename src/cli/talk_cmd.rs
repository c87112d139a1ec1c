//! `tumble talk FILE.toml`: a talk played in the window (as `tumble view --talk` plays it), or
//! written with `--out talk.html` as one web page that plays like the window, or with
//! `--out talk.pdf` as a printable handout (the title card, then each item's pages).
//!
//! The talk is read and checked first, its demos looked up, every animation built; only then
//! does a window open or a file appear (a bad talk exits 2 naming its file, line and column).

use super::demo;
use super::output::{export_error, said};
use super::CliError;
use crate::anim::Animated;
use crate::export::html::{write_page, PageOptions, PageSlide};
use crate::export::job::Written;
use crate::export::pdf::{write_handout, HandoutOptions};
use crate::export::sink::Format;
use crate::talk::slides::Slide;
use crate::talk::{self, Content};
use crate::theme::Theme;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `tumble talk`.
#[derive(Args, Debug)]
#[command(after_help = "Keys (window and page): PageDown/Right and PageUp/Left step one manipulation and on to the \
next or back to the previous item, space play/pause, Home/End, [ ] slower/faster, R restart, H hide the status line \
and timeline, B black screen, F full screen, N presenter view (notes, next item, clock), ? all keys.")]
pub struct TalkArgs {
    /// The talk: a TOML file of titled items (box, mine, 0h n0, demos), with optional notes.
    pub file: PathBuf,
    /// Write the talk to FILE instead of playing it in the window: .html (one self-contained
    /// page that plays like the window, for any browser, offline) or .pdf (a handout: a page
    /// per title card, and each item's start and manipulations, as `--out FILE.pdf` of its
    /// command makes them).
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub out: Vec<PathBuf>,
    /// The demos of a talk's `demo` items come from this folder instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Colours: light (the puzzles' own) or dark (a dark page for projectors).
    #[arg(long, value_enum, default_value_t = Theme::Light, value_name = "THEME")]
    pub theme: Theme,
    /// Start without the status line and the timeline (H brings them back).
    #[arg(long)]
    pub clean: bool,
    /// Start in full screen (the window).
    #[arg(long)]
    pub fullscreen: bool,
    /// The paper of a PDF handout (--out FILE.pdf): a4 or letter (US Letter).
    #[arg(long, value_enum, default_value_t = crate::export::job::Paper::A4, value_name = "PAPER")]
    pub paper: crate::export::job::Paper,
    /// Window width in pixels.
    #[arg(long, default_value_t = 720, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(64..=8192))]
    pub size: u32,
    /// Playing speed factor.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true, value_parser = super::output::positive_f64)]
    pub speed: f64,
    /// The page's pictures per second of animation (the window draws every frame).
    #[arg(long, default_value_t = 20, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=60))]
    pub fps: u16,
}

/// The slides of the talk at `path` (demos looked up in `dir`) in `theme`, and its title.
///
/// # Errors
/// The talk's own errors, and a demo name that is not a demo, at its line and column.
pub(super) fn talk_slides(path: &Path, dir: Option<&Path>, theme: Theme) -> Result<(Vec<Slide>, String), CliError> {
    let talk = talk::load(path).map_err(|e| CliError::Input(e.to_string()))?;
    for w in &talk.warnings {
        eprintln!("tumble: warning: {w}");
    }
    let mut demos = None;
    let slides = talk::slides::slides(&talk, |content| {
        let anim = match (content.animation(), content) {
            (Some(a), _) => a,
            (None, Content::Demo { name }) => {
                if demos.is_none() {
                    demos = Some(demo::list(dir).map_err(|e| e.to_string())?);
                }
                let list = demos.as_deref().unwrap_or_default();
                let d = list.iter().find(|d| &d.name == name).ok_or_else(|| {
                    let names: Vec<&str> = list.iter().map(|d| d.name.as_str()).collect();
                    format!("no demo named {name:?}; the demos are: {}", names.join(", "))
                })?;
                demo::animation(d).map_err(|e| e.to_string())?
            }
            (None, _) => unreachable!("only demos are built by the command line"),
        };
        Ok(Box::new(theme.animation(anim)) as Box<dyn Animated + Send + Sync>)
    })
    .map_err(|e| CliError::Input(e.to_string()))?;
    Ok((slides, talk.title))
}

/// Runs `tumble talk`.
///
/// # Errors
/// A bad talk, an --out that is not a page, no display for the window, I/O errors.
pub fn run(args: TalkArgs) -> Result<i32, CliError> {
    let mut seen = super::output::Targets::default();
    for out in &args.out {
        seen.add("--out", out, page_path(out)?)?;
    }
    let (slides, title) = talk_slides(&args.file, args.dir.as_deref(), args.theme)?;
    crate::input::refuse_outputs(args.out.iter().map(|p| ("--out", p.as_path()))).map_err(CliError::Input)?;
    if args.out.is_empty() {
        return play(slides, &title, &args);
    }
    let opts = PageOptions {
        title,
        fps: Some(f64::from(args.fps)),
        speed: args.speed,
        theme: args.theme,
        clean: args.clean,
        width: PageOptions::WIDTH,
        talk: true,
    };
    let page: Vec<PageSlide<'_>> = slides.iter().map(PageSlide::from).collect();
    for out in &args.out {
        let pages = if Format::from_path(out) == Ok(Format::Pdf) {
            let handout =
                HandoutOptions { title: opts.title.clone(), paper: args.paper, every: None, theme: args.theme };
            Some(write_handout(out, &page, &handout).map_err(export_error)?)
        } else {
            write_page(out, &page, &opts)?;
            None
        };
        said(&Written { path: out.clone(), pages });
    }
    Ok(0)
}

/// Checks that `path` names a page (.html or .htm) or a handout (.pdf) in a folder that
/// exists, and returns the file it resolves to (see [`crate::export::atomic::resolve_target`]).
///
/// # Errors
/// [`CliError::Input`] naming the path and what `tumble talk --out` writes.
fn page_path(path: &Path) -> Result<PathBuf, CliError> {
    const TAKES: &str = "tumble talk --out writes a web page (.html) or a handout (.pdf)";
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    let p = path.display();
    match (Format::from_path(path), ext) {
        (Ok(Format::Html | Format::Pdf), _) => {
            crate::export::atomic::resolve_target(path).map_err(|e| CliError::Input(e.to_string()))
        }
        (Ok(_), _) => Err(CliError::Input(format!("{p}: a talk is not an animation: {TAKES}"))),
        (Err(_), Some(e)) => Err(CliError::Input(format!("{p}: unknown format .{e}: {TAKES}"))),
        (Err(_), None) => Err(CliError::Input(format!("{p}: no extension to tell the format: {TAKES}"))),
    }
}

#[cfg(feature = "gui")]
fn play(slides: Vec<Slide>, title: &str, args: &TalkArgs) -> Result<i32, CliError> {
    use crate::viewer::{self, ViewerOptions};
    super::display::check_display()?;
    let opts = ViewerOptions {
        width: args.size,
        speed: args.speed,
        fullscreen: args.fullscreen,
        autoplay: false,
        cycle: false,
        clean: args.clean,
        theme: args.theme,
        screenshot: None,
    };
    viewer::run(slides, title, opts).map_err(CliError::Input)?;
    Ok(0)
}

#[cfg(not(feature = "gui"))]
fn play(_: Vec<Slide>, _: &str, _: &TalkArgs) -> Result<i32, CliError> {
    Err(CliError::Input(
        "this tumble has no window (built without the gui feature): write a page with --out talk.html".into(),
    ))
}
