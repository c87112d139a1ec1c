//! `tumble view`: the window viewer for a puzzle or the demos.

use super::box_cmd::state_and_moves;
use super::demo;
use super::mine_cmd::{judged_route, load_map};
use super::ohno_cmd::load_board;
use super::output::print_line;
use super::CliError;
use crate::mine::draw::MineAnimation;
use crate::mine::play::MinePlay;
use crate::ohno::play::OhnoPlay;
use crate::r#box::draw::BoxAnimation;
use crate::r#box::play::BoxPlay;
use crate::r#box::record;
use crate::viewer::{self, Show, ViewerOptions};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Arguments of `tumble view`.
#[derive(Args, Debug)]
#[command(after_help = "Controls: space play/pause, Left/Right step one manipulation, [ ] slower/faster, \
Home/End, R restart, G save the GIF, F full screen, Esc quit.")]
pub struct ViewArgs {
    #[command(subcommand)]
    what: Option<ViewWhat>,
    /// Play every demo in the demos folder, one after another (presentation mode).
    #[arg(long, global = true)]
    demos: bool,
    /// With --demos: play the demos of this folder instead of the built-in ones.
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Save the picture at --at SECONDS as a PNG and quit, instead of playing (with --demos: of the first demo;
    /// when playing yourself: the starting position).
    #[arg(long, global = true, value_name = "FILE", requires = "at")]
    screenshot: Option<PathBuf>,
    /// The time for --screenshot, seconds from the start of the smooth animation.
    #[arg(long, global = true, value_name = "SECONDS")]
    at: Option<f64>,
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
    Ohno {
        /// The board file, or - for standard input.
        #[arg(allow_hyphen_values = true)]
        file: Option<PathBuf>,
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
    let shows = if args.demos {
        demo::list(args.dir.as_deref())?
            .iter()
            .map(|d| Ok(Show { title: d.title.clone(), anim: demo::animation(d)? }))
            .collect::<Result<Vec<_>, CliError>>()?
    } else {
        match args.what {
            Some(ViewWhat::Box { state, moves: None }) => {
                let (s, _) = state_and_moves(Some(state), None)?;
                check_display()?;
                let opts = options(&args.screenshot, args.size, args.speed, args.fullscreen, false, args.at);
                let moves =
                    viewer::live::run_live(Box::new(BoxPlay::new(s)), "play the box", opts).map_err(CliError::Input)?;
                if let Some(moves) = moves {
                    print_line(&moves)?;
                }
                return Ok(0);
            }
            Some(ViewWhat::Mine { map, route: None }) => {
                let mine = load_map(&map)?;
                check_display()?;
                let opts = options(&args.screenshot, args.size, args.speed, args.fullscreen, false, args.at);
                let route = viewer::live::run_live(Box::new(MinePlay::new(mine)), "play the mine", opts)
                    .map_err(CliError::Input)?;
                if let Some(route) = route {
                    print_line(&route)?;
                }
                return Ok(0);
            }
            Some(ViewWhat::Mine { map, route: Some(route) }) => {
                let mine = load_map(&map)?;
                let (route, _) = judged_route(&mine, &route, false);
                vec![Show { title: map.display().to_string(), anim: Box::new(MineAnimation::new(&mine, route)) }]
            }
            Some(ViewWhat::Ohno { file }) => {
                let puzzle = load_board(file.as_deref())?;
                check_display()?;
                let opts = options(&args.screenshot, args.size, args.speed, args.fullscreen, false, args.at);
                let board = viewer::live::run_live(Box::new(OhnoPlay::new(puzzle)), "play 0h n0", opts)
                    .map_err(CliError::Input)?;
                if let Some(board) = board {
                    print_line(&board.replace('/', "\n"))?;
                }
                return Ok(0);
            }
            Some(ViewWhat::Box { state, moves }) => {
                let (s, m) = state_and_moves(Some(state), moves)?;
                let (trace, failure) = record(&s, &m);
                vec![Show { title: "box".into(), anim: Box::new(BoxAnimation::new(trace, m, failure)) }]
            }
            None => {
                return Err(CliError::Input(
                    "say what to view: `tumble view box STATE MOVES`, or `tumble view --demos`".into(),
                ))
            }
        }
    };
    if shows.is_empty() {
        let dir = args.dir.as_deref().unwrap_or(std::path::Path::new("."));
        return Err(CliError::Input(format!("no demos in {}", dir.display())));
    }
    check_display()?;
    let opts = options(&args.screenshot, args.size, args.speed, args.fullscreen, args.demos, args.at);
    viewer::run(shows, opts).map_err(CliError::Input)?;
    Ok(0)
}

fn check_display() -> Result<(), CliError> {
    viewer::display_available().map_err(|why| {
        CliError::Input(format!(
            "{why}; the viewer needs a display. Write a GIF instead with --gif FILE (tumble box STATE MOVES --gif out.gif, tumble mine run MAP ROUTE --gif out.gif, tumble ohno solve BOARD --gif out.gif)"
        ))
    })
}

fn options(
    shot: &Option<PathBuf>,
    width: u32,
    speed: f64,
    fullscreen: bool,
    cycle: bool,
    at: Option<f64>,
) -> ViewerOptions {
    ViewerOptions { width, speed, fullscreen, cycle, screenshot: shot.clone().zip(at) }
}
