//! `tumble ohno`: solve 0h n0 boards, explain each deduction, animate the solution, generate
//! puzzles (`../shared/specs/ohno.md`).

use super::output::{print_line, print_text, read_stdin, utf8_text, write_animation, write_still, PictureArgs};
use super::CliError;
use crate::ohno::draw::{board_scene, Marks, OhnoAnimation};
use crate::ohno::{count_solutions, explain, generate, solve, Board};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};

/// Arguments of `tumble ohno`.
#[derive(Args, Debug)]
pub struct OhnoArgs {
    #[command(subcommand)]
    command: OhnoCommand,
}

#[derive(Subcommand, Debug)]
enum OhnoCommand {
    /// Solve a board: print it with every cell red (#) or blue (O). No solution: exit 1.
    Solve(SolveArgs),
    /// Print a new puzzle with exactly one solution.
    Generate(GenerateArgs),
}

/// Arguments of `tumble ohno solve`.
#[derive(Args, Debug)]
#[command(after_help = "A board is n lines of n characters: . empty, # red, O blue, 1-9 a blue number.")]
pub struct SolveArgs {
    /// The board file, or - (the default) for standard input.
    file: Option<PathBuf>,
    /// Print the number of solutions instead: 0, 1 or 2+.
    #[arg(long, conflicts_with = "steps")]
    count: bool,
    /// Print the solution as a person finds it: one line per deduction (the rule, the cells, the number that forced them).
    #[arg(long)]
    steps: bool,
    #[command(flatten)]
    picture: PictureArgs,
}

/// Arguments of `tumble ohno generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Board size n (an n x n board; up to 20: proving a larger puzzle unique can take minutes).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=20))]
    size: u16,
    /// Seed of the random generator (the same seed gives the same puzzle); random by default.
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
}

/// Reads and parses a board from a path or standard input (`None` or `-`).
///
/// # Errors
/// Unreadable input, or a board error with its row and column.
pub(super) fn load_board(file: Option<&Path>) -> Result<Board, CliError> {
    let (name, text) = match file {
        None => ("standard input".to_string(), read_stdin()?),
        Some(p) if p.as_os_str() == "-" => ("standard input".to_string(), read_stdin()?),
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| CliError::Input(format!("{}: {e}", p.display())))?;
            let text = utf8_text(&p.display().to_string(), bytes)?;
            (p.display().to_string(), text)
        }
    };
    Board::parse(&text).map_err(|e| CliError::Input(format!("{name}: {e}")))
}

/// Runs `tumble ohno ...`.
pub fn run(args: OhnoArgs) -> Result<i32, CliError> {
    match args.command {
        OhnoCommand::Solve(a) => solve_cmd(a),
        OhnoCommand::Generate(a) => {
            let seed = a.seed.unwrap_or_else(|| {
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
            });
            let board = generate(a.size as usize, seed);
            print_text(&board.to_puzzle_string())?;
            if a.seed.is_none() {
                eprintln!("tumble: seed {seed}");
            }
            Ok(0)
        }
    }
}

/// Says on standard error when the board has more than one solution (a proper 0h n0 puzzle has
/// one, ohno.md): the solution printed is then one of them.
fn note_if_not_unique(puzzle: &Board) {
    if count_solutions(puzzle, 2) > 1 {
        eprintln!("tumble: note: this board has more than one solution; the one printed is one of them");
    }
}

fn solve_cmd(args: SolveArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    let puzzle = load_board(args.file.as_deref())?;
    if args.count {
        print_line(match count_solutions(&puzzle, 2) {
            0 => "0",
            1 => "1",
            _ => "2+",
        })?;
        return Ok(0);
    }
    let wants_steps = args.steps || args.picture.gif.is_some();
    if !wants_steps {
        return Ok(match solve(&puzzle) {
            Some(b) => {
                print_text(&b.to_string())?;
                note_if_not_unique(&puzzle);
                if let Some(path) = &args.picture.png {
                    write_still(&args.picture.theme.scene(board_scene(&b, &Marks::default())), &args.picture, path)?;
                }
                0
            }
            None => {
                eprintln!("tumble: this board has no solution");
                1
            }
        });
    }
    let Ok((trace, solution)) = explain(&puzzle) else {
        eprintln!("tumble: this board has no solution");
        return Ok(1);
    };
    if args.steps {
        for (i, step) in trace.steps.iter().enumerate().skip(1) {
            if let Some(d) = &step.event {
                print_line(&format!("{i}. {d}"))?;
            }
        }
    }
    print_text(&solution.to_string())?;
    note_if_not_unique(&puzzle);
    if let Some(path) = &args.picture.png {
        write_still(&args.picture.theme.scene(board_scene(&solution, &Marks::default())), &args.picture, path)?;
    }
    let anim = OhnoAnimation { trace };
    if let Some(path) = &args.picture.gif {
        write_animation(&args.picture.theme.animation(&anim), &args.picture, path)?;
    }
    Ok(0)
}
