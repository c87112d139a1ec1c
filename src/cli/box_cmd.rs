//! `tumble box`: run a manipulation string on a box state; print the answer, the ASCII picture
//! or the trace; write a PNG or GIF (`../shared/specs/box.md`).

use super::excerpt;
use super::output::{
    preflight, print_line, read_stdin, write_animations, write_animations_with, write_stills, PictureArgs,
};
use super::CliError;
use crate::anim::Animated;
use crate::r#box::draw::{still, BoxAnimation};
use crate::r#box::solve::solve_with_stats;
use crate::r#box::{ascii, parse_moves, record, BoxError, BoxState, Manipulation};
use crate::words::count;
use clap::Args;

/// Arguments of `tumble box`.
#[derive(Args, Debug)]
#[command(
    after_help = "MOVES is taken as typed, even when it begins with '-': tumble box STATE '-<' (quote < > | for the shell).\n\
Any other word that begins with '-' is an option, before or after STATE and MOVES: tumble box STATE -- --ascii.\n\
After STATE, `--` is the moves, unless the moves follow it: tumble box STATE -- '-<'. \
Before STATE, `--` ends the options: tumble box -- STATE '-<'.\n\
With no STATE, the state and the moves are read as two lines from standard input.\n\
Prints the final state (29 characters) or '!' when a stot move is illegal or a smole leaves the box (both exit 0).\n\
Bad input exits with code 2."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BoxArgs {
    #[command(subcommand)]
    pub solve: Option<BoxCommand>,
    /// The box: 29 characters, `.` empty, `o` shubble, `x` smole, `@` stot.
    pub state: Option<String>,
    /// Manipulations: `+` `-` turn 90° clockwise/counter-clockwise, `|` 180°, `<` `>` `^` `v` move the stot.
    /// Taken as typed, even when it begins with `-` (`-<`, `--`, `---`).
    #[arg(allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Words after the state and the moves: refused by [`run`] with a message that names the
    /// first (clap alone would call it a subcommand).
    #[arg(hide = true, allow_hyphen_values = true)]
    pub extra: Vec<String>,
    /// Print the box in its final orientation as ASCII art (`*` outside the opening) instead of the state.
    #[arg(long, conflicts_with = "trace")]
    pub ascii: bool,
    /// Print every frame of the 1 s animation, one per line, as `k:STATE` (k = clockwise quarter turns).
    #[arg(long)]
    pub trace: bool,
    /// For an illegal sequence, still write the pictures: the animation up to the failing move, marked.
    /// Without it, a run that ends in `!` writes no picture and exits 1.
    #[arg(long)]
    pub partial: bool,
    /// Leave the move string out of the animation.
    #[arg(long)]
    pub no_caption: bool,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// `tumble box solve`.
#[derive(clap::Subcommand, Debug)]
pub enum BoxCommand {
    /// Print a shortest manipulation string that takes every shubble out without losing a smole
    /// (exit 1 when there is none).
    #[command(after_help = "With --gif the solution is animated smoothly, at 20 frames per second unless --fps says \
                            otherwise (not one frame per state as in `tumble box STATE MOVES --gif`).")]
    Solve(SolveArgs),
}

/// Arguments of `tumble box solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The box: 29 characters. Without it, read from standard input.
    pub state: Option<String>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// Formats a parse error of `input` (the state or the moves, named by `what`) with a window of
/// the input and a caret under the column it names; `line` is `Some((NAME, L))` when the input
/// is line L of a file or standard input (the message then starts with NAME and gives positions
/// as line and column, as a map's or a board's errors do).
pub(super) fn input_error(what: &str, input: &str, line: Option<(&str, usize)>, e: &BoxError) -> CliError {
    let mut msg = match line {
        Some((name, l)) => format!("{name}: {}", e.at_line(l)),
        None => e.to_string(),
    };
    if let Some(pos) = e.position() {
        msg.push('\n');
        msg.push_str(&excerpt::caret(what, input, pos));
    } else if input.chars().count() > 80 {
        // The state's length is wrong: say so without echoing it.
    } else if !input.is_empty() {
        msg.push_str(&format!("\n  {what}: {input}"));
    }
    CliError::Input(msg)
}

/// Parses the state and the moves given as two arguments (no moves: none).
///
/// # Errors
/// [`CliError::Input`] naming the bad character with a window of the input.
pub(super) fn state_and_moves(
    state: Option<String>,
    moves: Option<String>,
) -> Result<(BoxState, Vec<Manipulation>), CliError> {
    let Some(state) = state else {
        return box_text("standard input", &read_stdin("the box (the state line, then the moves line)")?);
    };
    let moves = moves.unwrap_or_default();
    let parsed = BoxState::parse(&state).map_err(|e| input_error("state", &state, None, &e))?;
    let ms = parse_moves(&moves).map_err(|e| input_error("moves", &moves, None, &e))?;
    Ok((parsed, ms))
}

/// Parses a box as text (standard input, a demo file): the state on the first line that is
/// neither blank nor a `;` comment, the moves on the next line that is not a comment (blank or
/// missing: no moves), then nothing but blank lines and comments. A UTF-8 byte-order mark and
/// CRLF line ends are accepted. `name` (a file or "standard input") starts every error, which
/// gives the line and column of the text.
///
/// # Errors
/// [`CliError::Input`] for a bad state or moves line, a missing state or extra lines.
pub(super) fn box_text(name: &str, text: &str) -> Result<(BoxState, Vec<Manipulation>), CliError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)));
    let comment = |l: &str| l.trim_start().starts_with(';');
    let Some((sl, state)) = lines.by_ref().find(|(_, l)| !l.trim().is_empty() && !comment(l)) else {
        return Err(CliError::Input(format!("{name}: no box state (expected the state line, then the moves line)")));
    };
    let (ml, moves) = lines.by_ref().find(|(_, l)| !comment(l)).unwrap_or((sl + 1, ""));
    if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty() && !comment(l)) {
        return Err(CliError::Input(format!(
            "{name}: line {n}: expected two lines only (the state on line {sl}, then the moves on line {ml})"
        )));
    }
    let (state, moves) = (state.trim_end(), moves.trim_end());
    let parsed = BoxState::parse(state).map_err(|e| input_error("state", state, Some((name, sl)), &e))?;
    let ms = parse_moves(moves).map_err(|e| input_error("moves", moves, Some((name, ml)), &e))?;
    Ok((parsed, ms))
}

/// Runs `tumble box solve`.
fn solve_cmd(args: SolveArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    let (state, _) = state_and_moves(args.state, Some(String::new()))?;
    args.picture.refuse_inputs()?;
    let (found, stats) = solve_with_stats(&state);
    let Some(moves) = found else {
        if stats.capped {
            eprintln!("tumble: gave up after {} without a solution", count(stats.stored, "state", "states"));
        } else {
            eprintln!(
                "tumble: no sequence empties this box without losing a smole ({} searched)",
                count(stats.stored, "state", "states")
            );
        }
        return Ok(1);
    };
    print_line(&moves.iter().map(|m| m.as_char()).collect::<String>())?;
    let (trace, failure) = record(&state, &moves);
    let anim = BoxAnimation::new(trace, moves, failure);
    if args.picture.stills() {
        write_stills(&still(anim.trace.last()), &args.picture)?;
    }
    // The solution is shown with the smooth renderer, at 20 fps unless --fps says otherwise.
    let mode = anim.pacing().mode(Some(args.picture.fps.map_or(20.0, f64::from)));
    write_animations_with(&anim, &args.picture, mode)?;
    Ok(0)
}

/// Runs `tumble box`.
pub fn run(args: BoxArgs) -> Result<i32, CliError> {
    if let Some(word) = args.extra.first() {
        return Err(CliError::Input(format!(
            "unexpected word '{word}' after the state and the moves: tumble box takes STATE MOVES (see tumble box --help)"
        )));
    }
    args.picture.check()?;
    if let Some(BoxCommand::Solve(a)) = args.solve {
        return solve_cmd(a);
    }
    let (state, moves) = state_and_moves(args.state, args.moves)?;
    args.picture.refuse_inputs()?;
    let (trace, failure) = record(&state, &moves);
    let mut anim = BoxAnimation::new(trace, moves, failure);
    anim.caption = !args.no_caption;
    let pictures = args.picture.any() && (anim.failure.is_none() || args.partial);
    if pictures {
        preflight(&anim, &args.picture, args.picture.mode(&anim))?;
    }
    let trace = &anim.trace;
    if args.trace {
        for step in &trace.steps {
            print_line(&format!("{}:{}", step.state.turns(), step.state))?;
        }
    } else if anim.failure.is_some() {
        print_line("!")?;
    } else if args.ascii {
        print_line(ascii(trace.last()).trim_end_matches('\n'))?;
    } else {
        print_line(&trace.last().to_string())?;
    }
    if let Some(f) = &anim.failure {
        let why = format!("move {} '{}': {}", f.manipulation + 1, anim.moves[f.manipulation].as_char(), f.reason);
        if args.picture.any() && !args.partial {
            // A picture was asked for and none can be made: say how to get one, exit 1.
            eprintln!("tumble: {why}; no picture written (add --partial for the animation up to that move)");
            return Ok(1);
        }
        eprintln!("tumble: {why}");
    }
    if args.picture.stills() {
        let scene = if anim.failure.is_some() { anim.draw(anim.steps() - 1, 1.0) } else { still(anim.trace.last()) };
        write_stills(&scene, &args.picture)?;
    }
    write_animations(&anim, &args.picture)?;
    Ok(0)
}
