//! `tumble mine`: run a route on a Lambda Lifting mine and score it; animate it
//! (`../shared/specs/mine.md`).
//!
//! It dispatches `tumble mine solve` to `mine_solve.rs`; both read maps through `mine_map.rs`.
//! Neither of those imports this file.

use super::mine_map::load_map;
use super::output::{print_line, read_stdin, write_pictures, PictureArgs};
use super::CliError;
use crate::mine::draw::MineAnimation;
use crate::mine::{record_compact, render_map, summary, to_json, Mine};
use crate::words::count;
use clap::{Args, Subcommand};
use std::path::PathBuf;

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
    #[arg(allow_hyphen_values = true)]
    map: PathBuf,
    /// The route (e.g. LDRDDULULLDDL), taken as typed. Without it, it is read from standard input (when the map is a file).
    #[arg(allow_hyphen_values = true)]
    route: Option<String>,
    /// Print one JSON object {"score","ending","moves","lambdas","map","route","cut"} instead:
    /// "route" is the commands executed (none after the game ended), "cut" how many commands
    /// past the judges' limit were not played.
    #[arg(long, conflicts_with = "trace")]
    json: bool,
    /// Print the map after every step.
    #[arg(long)]
    trace: bool,
    /// Play the whole route. By default, as the judges did, at most the first width x height
    /// commands are played (task text §3.1), and tumble says when it cut.
    #[arg(long)]
    no_limit: bool,
    #[command(flatten)]
    picture: PictureArgs,
}

impl MineArgs {
    /// The route of `mine run`, for [`super::parse`]'s last-`--` rule.
    pub(super) fn trailing_value(&mut self) -> Option<&mut Option<String>> {
        match &mut self.command {
            MineCommand::Run(r) => Some(&mut r.route),
            MineCommand::Solve(_) => None,
        }
    }
}

/// The part of `route` the judges played (at most the first width × height commands, task
/// text §3.1; see [`Mine::judged_route`]), or all of it with `no_limit`. Says on standard error
/// when the route was cut. Returns the route played and the number of commands cut.
pub(super) fn judged_route<'a>(mine: &Mine, route: &'a str, no_limit: bool) -> (&'a str, usize) {
    let (played, cut) = mine.judged_route(route);
    if no_limit || cut == 0 {
        return (route, 0);
    }
    let cut_words = if cut == 1 { "the last one was cut".to_string() } else { format!("the last {cut} were cut") };
    eprintln!(
        "tumble: note: the judges played at most the first {} of a route on this {} x {} map; {cut_words} \
         (--no-limit plays the whole route)",
        count(mine.route_limit(), "command", "commands"),
        mine.width(),
        mine.height()
    );
    (played, cut)
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
        None => read_stdin("the route")?.trim_end().to_string(),
    };
    args.picture.refuse_inputs()?;
    if no_route && args.map.as_os_str() == "-" {
        eprintln!("tumble: note: the map came from standard input and no route was given: running the empty route");
    }
    let skipped: Vec<(usize, char)> = route
        .chars()
        .enumerate()
        .filter(|(_, c)| crate::mine::Command::from_char(*c).is_none() && !c.is_whitespace())
        .collect();
    match skipped[..] {
        [] => {}
        [(i, c)] => eprintln!(
            "tumble: note: 1 character of the route is not a command (L R U D W S A) and was skipped: {c:?} at {}",
            i + 1
        ),
        [(i, c), ..] => eprintln!(
            "tumble: note: {} characters of the route are not commands (L R U D W S A) and were skipped, the first \
             {c:?} at {}",
            skipped.len(),
            i + 1
        ),
    }
    let (played, cut) = judged_route(&mine, &route, args.no_limit);
    // The states one by one are kept only for what shows them (--trace, pictures): a long
    // route on a big map would otherwise hold a frame per command.
    let recording = (args.trace || args.picture.any()).then(|| record_compact(&mine, played));
    // As the judges play it (spec "Ending checks"): nothing after the game ends.
    let mut last = mine.clone();
    let used = last.play(played);
    let executed: String = played[..used].chars().filter(|c| crate::mine::Command::from_char(*c).is_some()).collect();
    let outcome = last.outcome();
    if args.json {
        print_line(&to_json(&last, &outcome, &executed, cut))?;
    } else {
        match &recording {
            Some(r) if args.trace => {
                for i in 0..r.len() {
                    print_line(&format!("step {i}"))?;
                    print_line(&render_map(&r.state_at(i)))?;
                }
            }
            _ => print_line(&render_map(&last))?,
        }
        print_line(&summary(&outcome))?;
    }
    if let Some(r) = recording.filter(|_| args.picture.any()) {
        write_pictures(&MineAnimation::from_recording(&mine, r), &args.picture)?;
    }
    Ok(0)
}
