//! `tumble mine`: run a route on a Lambda Lifting mine and score it; animate it
//! (`../shared/specs/mine.md`).

use super::output::{print_line, read_stdin, write_pictures, PictureArgs};
use super::CliError;
use crate::mine::draw::MineAnimation;
use crate::mine::{record_compact, render_map, summary, to_json, Mine};
use clap::{Args, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Arguments of `tumble mine`.
#[derive(Args, Debug)]
pub struct MineArgs {
    #[command(subcommand)]
    command: MineCommand,
}

#[derive(Subcommand, Debug)]
enum MineCommand {
    /// Run a route on a map: print the final map and a summary (score, ending, moves, lambdas,
    /// water level, razors).
    Run(RunArgs),
    /// Find a route that scores as high as possible (the contest's task): searches until
    /// --time-limit or Ctrl-C, then prints the best route found.
    Solve(super::mine_solve::SolveArgs),
}

/// Arguments of `tumble mine run`.
#[derive(Args, Debug)]
#[command(
    after_help = "Commands: L R U D move, W wait, S shave (with a razor), A abort; other characters are skipped.\n\
A route that runs out scores as an abort. Bad maps exit with code 2 and name the line and column."
)]
pub struct RunArgs {
    /// The map file, or - for standard input.
    map: PathBuf,
    /// The route (e.g. LDRDDULULLDDL). Without it, it is read from standard input (when the map is a file).
    route: Option<String>,
    /// Print one JSON object {"score","ending","moves","lambdas","map"} instead.
    #[arg(long, conflicts_with = "trace")]
    json: bool,
    /// Print the map after every step.
    #[arg(long)]
    trace: bool,
    #[command(flatten)]
    picture: PictureArgs,
}

/// Reads and parses a map from a path or `-` (standard input).
///
/// # Errors
/// Unreadable file, or a map error with its line and column (prefixed with the path).
pub(super) fn load_map(path: &Path) -> Result<Mine, CliError> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)?;
        ("standard input".to_string(), b)
    } else {
        let b = std::fs::read(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        (path.display().to_string(), b)
    };
    Mine::parse_bytes(&bytes).map_err(|e| CliError::Input(format!("{name}: {e}")))
}

/// Runs `tumble mine ...`.
pub fn run(args: MineArgs) -> Result<i32, CliError> {
    match args.command {
        MineCommand::Run(a) => run_route(a),
        MineCommand::Solve(a) => super::mine_solve::run(a),
    }
}

fn run_route(args: RunArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    let mine = load_map(&args.map)?;
    let no_route = args.route.is_none();
    let route = match args.route {
        Some(r) => r,
        None if args.map.as_os_str() == "-" => String::new(),
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("tumble: reading the route from standard input (end with Ctrl-D)");
            }
            read_stdin()?.trim_end().to_string()
        }
    };
    if no_route && args.map.as_os_str() == "-" {
        eprintln!("tumble: note: the map came from standard input and no route was given: running the empty route");
    }
    let skipped: Vec<(usize, char)> = route
        .chars()
        .enumerate()
        .filter(|(_, c)| crate::mine::Command::from_char(*c).is_none() && !c.is_whitespace())
        .collect();
    if let Some(&(i, c)) = skipped.first() {
        eprintln!(
            "tumble: note: {} character(s) of the route are not commands (L R U D W S A) and were skipped, the first {c:?} at {}",
            skipped.len(),
            i + 1
        );
    }
    let recording = record_compact(&mine, &route);
    let last = recording.state_at(recording.len() - 1);
    let outcome = recording.outcome();
    if args.json {
        print_line(&to_json(&last, &outcome))?;
    } else {
        if args.trace {
            for i in 0..recording.len() {
                print_line(&format!("step {i}"))?;
                print_line(&render_map(&recording.state_at(i)))?;
            }
        } else {
            print_line(&render_map(&last))?;
        }
        print_line(&summary(&outcome))?;
    }
    if args.picture.png.is_some() || args.picture.gif.is_some() {
        write_pictures(&args.picture.theme.animation(MineAnimation::from_recording(&mine, recording)), &args.picture)?;
    }
    Ok(0)
}
