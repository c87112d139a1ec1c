//! `tumble view`: the window viewer for a puzzle, the demos, or a talk (`--talk FILE`).
//!
//! Everything is read and checked before a window opens (a bad talk file exits 2 naming its
//! file, line and column); then the slides go to [`crate::viewer::run`], or a game to
//! [`crate::viewer::live::run_live`].

use super::box_cmd::state_and_moves;
use super::demo;
use super::mine_cmd::judged_route;
use super::mine_map::load_map;
use super::ohno_cmd::load_board;
use super::output::print_line;
use super::CliError;
use crate::anim::Animated;
use crate::mine::draw::MineAnimation;
use crate::mine::play::MinePlay;
use crate::ohno::draw::OhnoAnimation;
use crate::ohno::explain;
use crate::ohno::play::OhnoPlay;
use crate::r#box::draw::BoxAnimation;
use crate::r#box::play::BoxPlay;
use crate::r#box::record;
use crate::theme::Theme;
use crate::viewer::{self, Screenshot, Shown, Slide, ViewerOptions};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};

/// Arguments of `tumble view`.
#[derive(Args, Debug)]
#[command(
    after_help = "Keys: PageDown/Right and PageUp/Left step one manipulation (in a talk, on to the next or back to \
the previous item), space play/pause, Home/End, [ ] slower/faster, R restart, H hide the status line and timeline, \
B black screen, F full screen, G save the GIF, ? all keys, Esc quit. Click or drag the timeline to move in time. \
When playing yourself, H stays the 0h n0 hint; in the mine H asks the route finder for a hint (drawn over the \
map, Enter plays it)."
)]
pub struct ViewArgs {
    #[command(subcommand)]
    what: Option<ViewWhat>,
    /// Play every demo in the demos folder, one after another (presentation mode).
    #[arg(long, global = true, conflicts_with = "talk")]
    demos: bool,
    /// Play a talk: a TOML file of titled items (box, mine, 0h n0, demos), stepped with PageDown/PageUp.
    #[arg(long, value_name = "FILE")]
    talk: Option<PathBuf>,
    /// Play the demos of this folder instead of the built-in ones (with --demos, and for a talk's
    /// `demo` items).
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Save what the window shows at --at SECONDS as a PNG and quit, instead of playing (when playing
    /// yourself: the starting position).
    #[arg(long, global = true, value_name = "FILE", requires = "at")]
    screenshot: Option<PathBuf>,
    /// The time for --screenshot, seconds from the start of the smooth animation.
    #[arg(long, global = true, value_name = "SECONDS", requires = "screenshot")]
    at: Option<f64>,
    /// With --talk or --demos: the slide --screenshot shows, from 1 (a talk's opening card is 1).
    #[arg(long, global = true, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    slide: u32,
    /// Leave out the status line and the timeline (H brings them back).
    #[arg(long, global = true)]
    clean: bool,
    /// Colours: light (the puzzles' own) or dark (a dark page for projectors).
    #[arg(long, global = true, value_enum, default_value_t = Theme::Light, value_name = "THEME")]
    theme: Theme,
    /// Start in full screen.
    #[arg(long, global = true)]
    fullscreen: bool,
    /// Window width in pixels.
    #[arg(long, global = true, default_value_t = 720, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(64..=8192))]
    size: u32,
    /// Playing speed factor.
    #[arg(long, global = true, default_value_t = 1.0, allow_negative_numbers = true, value_parser = super::output::positive_f64)]
    speed: f64,
}

#[derive(Subcommand, Debug)]
enum ViewWhat {
    /// Play a 0h n0 board: click cycles a cell empty/blue/red, H shows the next deduction, Backspace undoes.
    /// With --steps: watch its explained solution, one deduction per step.
    Ohno {
        /// The board file, or - for standard input.
        #[arg(allow_hyphen_values = true)]
        file: Option<PathBuf>,
        /// Watch the explained solution instead of playing.
        #[arg(long)]
        steps: bool,
    },
    /// Play a mine's route, or play the mine yourself (no route: arrows, W wait, S shave, A abort, Backspace undo, E export the route).
    Mine {
        /// The map file, or - for standard input.
        #[arg(allow_hyphen_values = true)]
        map: PathBuf,
        /// The route to animate, taken as typed.
        #[arg(allow_hyphen_values = true)]
        route: Option<String>,
    },
    /// Play a box state and its moves.
    Box {
        /// The box state (29 characters).
        state: String,
        /// The manipulations, taken as typed even when they begin with `-`. Without them, you play: arrows move
        /// the stot, Q/E turn, W half turn, Backspace undoes.
        #[arg(allow_hyphen_values = true)]
        moves: Option<String>,
    },
}

impl ViewArgs {
    /// The moves of `view box STATE` or the route of `view mine MAP`, for [`super::parse`]'s
    /// last-`--` rule.
    pub(super) fn trailing_value(&mut self) -> Option<&mut Option<String>> {
        match &mut self.what {
            Some(ViewWhat::Box { moves, .. }) => Some(moves),
            Some(ViewWhat::Mine { route, .. }) => Some(route),
            _ => None,
        }
    }
}

/// Runs `tumble view`.
pub fn run(args: ViewArgs) -> Result<i32, CliError> {
    check_flags(&args)?;
    let theme = args.theme;
    let show = |title: String, anim: Box<dyn Animated + Send + Sync>| Slide {
        title,
        notes: None,
        shown: Shown::Show(Box::new(theme.animation(anim))),
    };
    let (slides, title) = if let Some(path) = &args.talk {
        if args.what.is_some() {
            return Err(CliError::Input("--talk plays the talk file: give no box, mine or ohno with it".into()));
        }
        super::talk_cmd::talk_slides(path, args.dir.as_deref(), theme)?
    } else if args.demos {
        let slides = demo::list(args.dir.as_deref())?
            .iter()
            .map(|d| Ok(show(d.title.clone(), demo::animation(d)?)))
            .collect::<Result<Vec<_>, CliError>>()?;
        if slides.is_empty() {
            let dir = args.dir.as_deref().unwrap_or(Path::new("."));
            return Err(CliError::Input(format!("no demos in {}", dir.display())));
        }
        (slides, "demos".to_string())
    } else {
        let one = match args.what {
            Some(ViewWhat::Box { ref state, moves: None }) => {
                let (s, _) = state_and_moves(Some(state.clone()), None)?;
                return live(&args, Box::new(BoxPlay::new(s)), "play the box", |m| m);
            }
            Some(ViewWhat::Mine { ref map, route: None }) => {
                let mine = load_map(map)?;
                return live(&args, Box::new(MinePlay::new(mine)), "play the mine", |m| m);
            }
            Some(ViewWhat::Ohno { ref file, steps: false }) => {
                let puzzle = load_board(file.as_deref())?;
                return live(&args, Box::new(OhnoPlay::new(puzzle)), "play 0h n0", |b| b.replace('/', "\n"));
            }
            Some(ViewWhat::Ohno { ref file, steps: true }) => {
                let puzzle = load_board(file.as_deref())?;
                let (trace, _) = explain(&puzzle).map_err(|e| CliError::Input(e.to_string()))?;
                let name = file.as_ref().map_or("standard input".into(), |f| f.display().to_string());
                show(name, Box::new(OhnoAnimation { trace }))
            }
            Some(ViewWhat::Mine { ref map, route: Some(ref route) }) => {
                let mine = load_map(map)?;
                let (route, _) = judged_route(&mine, route, false);
                show(map.display().to_string(), Box::new(MineAnimation::new(&mine, route)))
            }
            Some(ViewWhat::Box { ref state, ref moves }) => {
                let (s, m) = state_and_moves(Some(state.clone()), moves.clone())?;
                let (trace, failure) = record(&s, &m);
                show("box".into(), Box::new(BoxAnimation::new(trace, m, failure)))
            }
            None => {
                return Err(CliError::Input(
                    "say what to view: `tumble view box STATE MOVES`, `tumble view --talk talk.toml` or `tumble view --demos`"
                        .into(),
                ))
            }
        };
        let title = one.title.clone();
        (vec![one], title)
    };
    refuse_screenshot(&args)?;
    super::display::check_display()?;
    let opts = options(&args, args.talk.is_none(), args.demos);
    viewer::run(slides, &title, opts).map_err(CliError::Input)?;
    args.screenshot.iter().for_each(|p| super::output::wrote(p));
    Ok(0)
}

/// Plays `game` in the window and prints what it returns (the moves, through `shown`).
fn live(
    args: &ViewArgs,
    game: Box<dyn crate::live::Live + Send>,
    title: &str,
    shown: fn(String) -> String,
) -> Result<i32, CliError> {
    refuse_screenshot(args)?;
    super::display::check_display()?;
    let played = viewer::live::run_live(game, title, options(args, true, false)).map_err(CliError::Input)?;
    args.screenshot.iter().for_each(|p| super::output::wrote(p));
    if let Some(moves) = played {
        print_line(&shown(moves))?;
    }
    Ok(0)
}

/// Refuses flags that would be ignored: --demos with a puzzle, --slide without a talk or the
/// demos, a --screenshot that is not a PNG; warns that --fullscreen does not size a screenshot.
fn check_flags(args: &ViewArgs) -> Result<(), CliError> {
    if args.demos && args.what.is_some() {
        return Err(CliError::Input("--demos plays the demos: give no box, mine or ohno with it".into()));
    }
    if args.slide != 1 && args.talk.is_none() && !args.demos {
        return Err(CliError::Input(format!(
            "--slide {} picks a slide of a talk (--talk FILE) or of --demos; one puzzle is one slide",
            args.slide
        )));
    }
    if let Some(shot) = &args.screenshot {
        let png = shot.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if !png {
            return Err(CliError::Input(format!(
                "--screenshot {}: a screenshot is a PNG; name a .png file",
                shot.display()
            )));
        }
        if args.fullscreen {
            eprintln!("tumble: warning: --fullscreen is ignored with --screenshot: the shot is --size pixels wide");
        }
    }
    Ok(())
}

/// Refuses a --screenshot that is one of the files read (a talk, a map, a board).
fn refuse_screenshot(args: &ViewArgs) -> Result<(), CliError> {
    let shot = args.screenshot.iter().map(|p| ("--screenshot", p.as_path()));
    crate::input::refuse_outputs(shot).map_err(CliError::Input)
}

fn options(args: &ViewArgs, autoplay: bool, cycle: bool) -> ViewerOptions {
    ViewerOptions {
        width: args.size,
        speed: args.speed,
        fullscreen: args.fullscreen,
        autoplay,
        cycle,
        clean: args.clean,
        theme: args.theme,
        screenshot: args.screenshot.clone().zip(args.at).map(|(path, at)| Screenshot {
            path,
            at,
            slide: args.slide as usize - 1,
        }),
    }
}
