//! `tumble ohno`: solve 0h n0 boards, explain each deduction, animate the solution, generate
//! puzzles (`../shared/specs/ohno.md`).

use super::output::{print_line, print_text, read_stdin, read_text_file, write_animations, write_stills, PictureArgs};
use super::CliError;
use crate::ohno::draw::{board_scene, Marks, OhnoAnimation};
use crate::ohno::generate::MAX_SIZE;
use crate::ohno::{count_solutions, explain_with, generate_with, solve, Board, Difficulty};
use clap::{Args, Subcommand, ValueEnum};
use std::io::IsTerminal;
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
    #[arg(allow_hyphen_values = true)]
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
#[command(after_help = "Every puzzle has exactly one solution. The five hint rules are the game's: a number \
that sees its count is closed with red; a number with one open direction left extends it; a blue that \
would make a number see too many is red; a direction a number cannot do without is extended; a cell \
walled in by red is red.")]
pub struct GenerateArgs {
    /// Board size n (an n x n board).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=MAX_SIZE as i64))]
    size: u16,
    /// Seed of the random generator (the same seed, size and difficulty give the same puzzle);
    /// random by default.
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// How hard the puzzle is. Without it: a unique puzzle with as few givens as possible,
    /// easy or hard as it comes (large ones are nearly always hard).
    #[arg(long, value_enum)]
    difficulty: Option<DifficultyArg>,
}

/// The values of `--difficulty`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum DifficultyArg {
    /// The five hint rules of the game alone solve it, and no given can go without losing that.
    Easy,
    /// The five hint rules get stuck before the end: it needs more reasoning (every way a
    /// number can split over its four directions, or trying a colour and reaching a
    /// contradiction); no given can go. Boards from 3x3.
    Hard,
}

/// Reads and parses a board from a path or standard input (`None` or `-`).
///
/// # Errors
/// Unreadable input, or a board error with its row and column.
pub(super) fn load_board(file: Option<&Path>) -> Result<Board, CliError> {
    let (name, text) = match file {
        None => ("standard input".to_string(), read_stdin("the board")?),
        Some(p) if p.as_os_str() == "-" => ("standard input".to_string(), read_stdin("the board")?),
        Some(p) => (p.display().to_string(), read_text_file(p)?),
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
            let difficulty = match a.difficulty {
                None => Difficulty::Any,
                Some(DifficultyArg::Easy) => Difficulty::Easy,
                Some(DifficultyArg::Hard) => Difficulty::Hard,
            };
            let board = generate_with(a.size as usize, seed, difficulty).map_err(|e| CliError::Input(e.to_string()))?;
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

/// A progress bar of the cells decided, on standard error when it is a terminal and the board
/// is big enough to take a while (more than 30x30); hidden otherwise.
fn cells_bar(puzzle: &Board) -> indicatif::ProgressBar {
    if puzzle.size() <= 30 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("explaining [{bar:30}] {pos}/{len} cells, {eta} left")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

fn solve_cmd(args: SolveArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    if args.count && args.picture.any() {
        return Err(CliError::Input(
            "--count prints the number of solutions only; drop --count to write pictures of the solution".into(),
        ));
    }
    let puzzle = load_board(args.file.as_deref())?;
    args.picture.refuse_inputs()?;
    if args.count {
        print_line(match count_solutions(&puzzle, 2) {
            0 => "0",
            1 => "1",
            _ => "2+",
        })?;
        return Ok(0);
    }
    let wants_steps = args.steps || args.picture.animates();
    if !wants_steps {
        return Ok(match solve(&puzzle) {
            Some(b) => {
                print_text(&b.to_string())?;
                note_if_not_unique(&puzzle);
                if args.picture.stills() {
                    write_stills(
                        &board_scene(&b, &Marks { puzzle: Some(&puzzle), ..Marks::default() }),
                        &args.picture,
                    )?;
                }
                0
            }
            None => {
                eprintln!("tumble: this board has no solution");
                1
            }
        });
    }
    let bar = cells_bar(&puzzle);
    let explained = explain_with(&puzzle, &mut |done, all| {
        bar.set_length(all as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let Ok((trace, solution)) = explained else {
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
    if args.picture.stills() {
        write_stills(&board_scene(&solution, &Marks { puzzle: Some(&puzzle), ..Marks::default() }), &args.picture)?;
    }
    let anim = OhnoAnimation { trace };
    write_animations(&anim, &args.picture)?;
    Ok(0)
}
