//! `tumble mine solve`: the contest's task: read a mine, print the best route found within the
//! time limit or by the first SIGINT (`../shared/specs/mine.md`, "The contest task").

use super::mine_map::load_map;
use super::output::{print_line, write_pictures, PictureArgs};
use super::CliError;
use crate::mine::draw::MineAnimation;
use crate::mine::solve::{solve, Progress, SolveOptions};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `tumble mine solve`.
#[derive(Args, Debug)]
#[command(after_help = "Prints the route on standard output, as the contest required. Ctrl-C (SIGINT) stops the \
search and prints the best route found so far within a second; a second Ctrl-C quits at once. A progress line \
(time, best score, states explored) is shown on a terminal.")]
pub struct SolveArgs {
    /// The map file, or - (the default) for standard input.
    #[arg(default_value = "-", allow_hyphen_values = true)]
    map: PathBuf,
    /// Search for at most this many seconds.
    #[arg(long, default_value_t = 150.0, value_name = "SECONDS", allow_negative_numbers = true, value_parser = positive_seconds)]
    time_limit: f64,
    /// Worker threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// A work budget instead of the time budget: stop after this many engine steps (a million
    /// stand for about a second of one core). One thread; the same route on every run and
    /// machine, unless --time-limit (still a safety net) or Ctrl-C ends the search first.
    #[arg(long, value_name = "STEPS", value_parser = clap::value_parser!(u64).range(1..))]
    budget_steps: Option<u64>,
    /// Print the score summary of the route found on standard error.
    #[arg(long)]
    summary: bool,
    #[command(flatten)]
    picture: PictureArgs,
}

fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v <= 1e6 => Ok(v),
        _ => Err(format!("{s:?} is not a number of seconds above 0 and at most 1000000")),
    }
}

/// Runs `tumble mine solve`.
pub fn run(args: SolveArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    let mine = load_map(&args.map)?;
    args.picture.refuse_inputs()?;
    // The first Ctrl-C (SIGINT, SIGTERM, SIGHUP; see export::cancel) stops the search; a second
    // one quits at once.
    let stop = crate::export::cancel::shared_flag();
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new_spinner();
        b.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("valid template"));
        b.enable_steady_tick(Duration::from_millis(120));
        b
    } else {
        ProgressBar::hidden()
    };
    let opts = SolveOptions {
        time_limit: Duration::from_secs_f64(args.time_limit),
        threads: args.threads as usize,
        budget_steps: args.budget_steps,
        ..SolveOptions::default()
    };
    let report = |p: &Progress| {
        bar.set_message(format!(
            "{:6.1} s   best score {}   {} explored   (Ctrl-C: stop and print)",
            p.elapsed.as_secs_f64(),
            p.best_score,
            crate::words::count(p.states_explored, "state", "states")
        ));
    };
    let answering = crate::export::cancel::Answering::new();
    let solution = solve(&mine, &opts, &stop, &report);
    drop(answering);
    bar.finish_and_clear();
    // The signal has done its job; a new one may interrupt the GIF export below.
    crate::export::cancel::clear();
    // Re-score with the engine before printing: the route printed is the route scored, and no
    // longer than the judges play (task text §3.1; the search keeps to that limit, this is a
    // guard).
    let (route, cut) = mine.judged_route(&solution.route);
    let outcome = mine.clone().run(route);
    if cut == 0 && outcome.score != solution.score {
        return Err(CliError::Input(format!(
            "internal error: the search scored its route {} but the engine scores it {}",
            solution.score, outcome.score
        )));
    }
    print_line(route)?;
    if args.summary || std::io::stderr().is_terminal() {
        eprintln!("tumble: {}", crate::mine::summary(&outcome));
    }
    if args.picture.any() {
        write_pictures(&MineAnimation::new(&mine, route), &args.picture)?;
    }
    Ok(0)
}
