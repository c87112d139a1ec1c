//! Generating puzzles with exactly one solution, the way the game does: a random valid
//! solution, all its reds and numbers revealed, then givens removed one by one (in random
//! order) while the puzzle stays unique, or, for an easy puzzle, while the five hint rules
//! still finish it.
//!
//! Uniqueness is proven against the known solution (`prove.rs`): the fully revealed puzzle
//! cell by cell, each removal by a search for a second solution that breaks the removed given.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, Cell};
use super::propagate::encode;
use super::prove::{hints_finish, other_solution, unique_without, Proof};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

/// The generator's random source: ChaCha8 (`rand_chacha`), whose output for a seed is stable
/// across versions, so a seed always gives the same puzzle.
pub type PuzzleRng = ChaCha8Rng;

/// Blue probability of a cell in the random solution, as `BLUE_NUM / BLUE_DEN`.
const BLUE_NUM: u32 = 3;
const BLUE_DEN: u32 = 5;

/// The largest side n the command line lets the generator make (the generator itself takes
/// any n; the speed was measured up to this).
pub const MAX_SIZE: usize = 30;

/// Branching nodes a single uniqueness search may visit before the given it tests is kept.
const BUDGET: u64 = 150;

/// How hard a generated puzzle is, after the spec's hint rules (`../shared/specs/ohno.md`,
/// "Deductions a person makes").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// No demand: a unique puzzle from which no given can be removed without losing
    /// uniqueness (easy or hard, as it comes; big boards are nearly always hard).
    #[default]
    Any,
    /// The five hint rules of the game alone finish the puzzle, and no given can be removed
    /// without losing that.
    Easy,
    /// Unique, and the five hint rules stall before the end: solving it needs more (split
    /// agreement, contradiction); no given can be removed without losing uniqueness.
    Hard,
}

impl Difficulty {
    /// `"any"`, `"easy"` or `"hard"`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Any => "any",
            Difficulty::Easy => "easy",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Difficulty, String> {
        match s {
            "any" => Ok(Difficulty::Any),
            "easy" => Ok(Difficulty::Easy),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(format!("unknown difficulty '{s}' (expected easy, hard or any)")),
        }
    }
}

/// A random complete valid board: cells blue with probability 3/5, then every blue without
/// a blue neighbour turned red (that never isolates another blue). Numbered cells are not
/// marked: every blue is a plain [`Cell::Blue`].
pub fn random_solution(size: usize, rng: &mut PuzzleRng) -> Board {
    let mut b = Board::empty(size);
    for r in 0..size {
        for c in 0..size {
            let color = if rng.random_ratio(BLUE_NUM, BLUE_DEN) { Cell::Blue } else { Cell::Red };
            b.set_cell(r, c, color);
        }
    }
    for r in 0..size {
        for c in 0..size {
            if b.cell(r, c).is_blue() && b.view(r, c) == 0 {
                b.set_cell(r, c, Cell::Red);
            }
        }
    }
    b
}

/// The puzzle showing all of `sol`: every red, and every blue as its number when that number
/// is at most 9 (the format's limit; larger ones start empty).
fn reveal(sol: &Board) -> Board {
    let n = sol.size();
    let mut p = Board::empty(n);
    for r in 0..n {
        for c in 0..n {
            match sol.cell(r, c) {
                Cell::Red => p.set_cell(r, c, Cell::Red),
                _ => {
                    let v = sol.view(r, c);
                    if v <= 9 {
                        p.set_cell(r, c, Cell::Number(v as u8));
                    }
                }
            }
        }
    }
    p
}

/// Generates a `size` x `size` puzzle with exactly one solution, deterministically from
/// `seed` (same size and seed, same puzzle, on every platform): [`generate_with`] at
/// [`Difficulty::Any`], which exists for every size.
///
/// # Panics
/// If `size == 0`.
pub fn generate(size: usize, seed: u64) -> Board {
    generate_with(size, seed, Difficulty::Any).expect("every size has a puzzle")
}

/// Generates a `size` x `size` puzzle of the given difficulty with exactly one solution,
/// deterministically from `size`, `seed` and `difficulty`.
///
/// A random solution ([`random_solution`]) is fully revealed (every red, every number up to
/// 9). If that is not unique (or, for [`Difficulty::Easy`], not finished by the hint rules),
/// another solution is drawn. Then the givens are visited in random order and removed
/// whenever the puzzle stays unique (easy: the hint rules still finish it). A
/// [`Difficulty::Hard`] result that the hint rules finish is thrown away and the next
/// solution tried. The result has only `.`, `#` and digits (no plain blue), so
/// [`Board::to_puzzle_string`] writes it in the challenge format.
///
/// # Errors
/// [`NoPuzzle`] for a hard puzzle on a board too small to hold one (see
/// [`NoPuzzle::HARD_FROM`]).
///
/// # Panics
/// If `size == 0`.
pub fn generate_with(size: usize, seed: u64, difficulty: Difficulty) -> Result<Board, NoPuzzle> {
    assert!(size > 0, "a board has at least one cell");
    if difficulty == Difficulty::Hard && size < NoPuzzle::HARD_FROM {
        return Err(NoPuzzle { size, difficulty });
    }
    let mut rng = PuzzleRng::seed_from_u64(seed);
    loop {
        let sol = random_solution(size, &mut rng);
        let full = reveal(&sol);
        let sol = encode(&sol);
        let start_ok = match difficulty {
            Difficulty::Easy => hints_finish(&full),
            _ => other_solution(&full, &sol, BUDGET) == Proof::Unique,
        };
        if !start_ok {
            continue;
        }
        let puzzle = remove_givens(full, &sol, difficulty, &mut rng);
        if difficulty != Difficulty::Hard || !hints_finish(&puzzle) {
            return Ok(puzzle);
        }
    }
}

/// Removes the givens of `puzzle` (unique, with solution state `sol`) in random order while it
/// stays unique, or for [`Difficulty::Easy`] while the hint rules finish it.
fn remove_givens(mut puzzle: Board, sol: &[u8], difficulty: Difficulty, rng: &mut PuzzleRng) -> Board {
    let n = puzzle.size();
    let mut order: Vec<usize> = (0..n * n).filter(|&i| !puzzle.cells()[i].is_empty()).collect();
    order.shuffle(rng);
    for g in order {
        let (r, c) = (g / n, g % n);
        let keep = puzzle.cell(r, c);
        puzzle.set_cell(r, c, Cell::Empty);
        let still = match difficulty {
            Difficulty::Easy => hints_finish(&puzzle),
            _ => unique_without(&puzzle, g, keep, sol, BUDGET) == Proof::Unique,
        };
        if !still {
            puzzle.set_cell(r, c, keep);
        }
    }
    puzzle
}

/// No puzzle of this difficulty exists on a board this small: on boards under
/// [`NoPuzzle::HARD_FROM`] x [`NoPuzzle::HARD_FROM`] the five hint rules finish every puzzle
/// with a single solution, so there is no hard one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "no {difficulty} {size}x{size} puzzle exists: the five hint rules finish every unique puzzle \
     smaller than {from}x{from}",
    from = NoPuzzle::HARD_FROM
)]
pub struct NoPuzzle {
    /// The board's side n.
    pub size: usize,
    /// The difficulty asked for.
    pub difficulty: Difficulty,
}

impl NoPuzzle {
    /// The smallest side n of a board with a hard puzzle (a unique one the hint rules do not
    /// finish); checked exhaustively below it by the tests.
    pub const HARD_FROM: usize = 3;
}
