//! Generating puzzles with exactly one solution, the way the game does: a random valid
//! solution, all its reds and numbers revealed, then givens removed one by one (in random
//! order) while the counting solver still finds a single solution.

use super::board::{Board, Cell};
use super::count::count_solutions;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator's random source: ChaCha8 (`rand_chacha`), whose output for a seed is stable
/// across versions, so a seed always gives the same puzzle.
pub type PuzzleRng = ChaCha8Rng;

/// Blue probability of a cell in the random solution, as `BLUE_NUM / BLUE_DEN`.
const BLUE_NUM: u32 = 3;
const BLUE_DEN: u32 = 5;

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

/// Generates a `size` x `size` puzzle with exactly one solution, deterministically from
/// `seed` (same size and seed, same puzzle, on every platform).
///
/// A random solution ([`random_solution`]) is turned into a puzzle with every red given and
/// every blue given as its number when that number is at most 9 (the format's limit; larger
/// ones start empty). If that is not unique, another solution is drawn. Then the givens are
/// visited in random order and removed whenever [`count_solutions`] still finds exactly one
/// solution. The result has only `.`, `#` and digits (no plain blue), so
/// [`Board::to_puzzle_string`] writes it in the challenge format.
///
/// # Panics
/// If `size == 0`.
pub fn generate(size: usize, seed: u64) -> Board {
    assert!(size > 0, "a board has at least one cell");
    let mut rng = PuzzleRng::seed_from_u64(seed);
    let mut puzzle = loop {
        let sol = random_solution(size, &mut rng);
        let mut p = Board::empty(size);
        for r in 0..size {
            for c in 0..size {
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
        if count_solutions(&p, 2) == 1 {
            break p;
        }
    };
    let mut order: Vec<(usize, usize)> =
        (0..size * size).map(|i| (i / size, i % size)).filter(|&(r, c)| !puzzle.cell(r, c).is_empty()).collect();
    order.shuffle(&mut rng);
    for (r, c) in order {
        let keep = puzzle.cell(r, c);
        puzzle.set_cell(r, c, Cell::Empty);
        if count_solutions(&puzzle, 2) != 1 {
            puzzle.set_cell(r, c, keep);
        }
    }
    puzzle
}
