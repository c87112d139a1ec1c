//! Generating puzzles with exactly one solution, the way the game does: a random valid
//! solution, all its reds and numbers revealed, then givens removed one by one (in random
//! order) while the counting solver still finds a single solution.

use super::board::{Board, Cell};
use super::count::count_solutions;

/// SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of `java.util.SplittableRandom`
/// and of xoshiro): state += 0x9e3779b97f4a7c15, then two xor-shift-multiply rounds. Tiny,
/// fast, full period 2^64, good enough for puzzle generation; not cryptographic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed` (every seed, including 0, is fine).
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (`bound > 0`; multiply-shift, bias below 2^-32 for the
    /// small bounds used here).
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Blue probability of a cell in the random solution, as `BLUE_NUM / BLUE_DEN`.
const BLUE_NUM: usize = 3;
const BLUE_DEN: usize = 5;

/// A random complete valid board: cells blue with probability 3/5, then every blue without
/// a blue neighbour turned red (that never isolates another blue). Numbered cells are not
/// marked: every blue is a plain [`Cell::Blue`].
pub fn random_solution(size: usize, rng: &mut SplitMix64) -> Board {
    let mut b = Board::empty(size);
    for r in 0..size {
        for c in 0..size {
            let color = if rng.chance(BLUE_NUM, BLUE_DEN) { Cell::Blue } else { Cell::Red };
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
    let mut rng = SplitMix64::new(seed);
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
    rng.shuffle(&mut order);
    for (r, c) in order {
        let keep = puzzle.cell(r, c);
        puzzle.set_cell(r, c, Cell::Empty);
        if count_solutions(&puzzle, 2) != 1 {
            puzzle.set_cell(r, c, keep);
        }
    }
    puzzle
}
