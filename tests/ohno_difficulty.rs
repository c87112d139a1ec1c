//! Difficulty of generated puzzles (spec `specs/ohno.md`, "Deductions a person makes"): easy
//! ones are finished by the five hint rules alone, hard ones are not; below 3x3 no hard puzzle
//! exists (checked here over every 2x2 puzzle); big sizes are generated.

use tumble::ohno::rules::apply_hints;
use tumble::ohno::{count_solutions, generate_with, Board, Cell, Difficulty, NoPuzzle};

#[test]
fn easy_puzzles_are_finished_by_the_hint_rules_and_minimal_for_them() {
    for size in [1, 2, 3, 5, 8, 12] {
        for seed in 1..=3u64 {
            let p = generate_with(size, seed, Difficulty::Easy).unwrap();
            assert!(apply_hints(&p).is_complete(), "size {size} seed {seed}\n{}", p.to_puzzle_string());
            assert_eq!(count_solutions(&p, 2), 1);
            if size == 5 {
                for i in (0..25).filter(|&i| !p.cells()[i].is_empty()) {
                    let mut q = p.cells().to_vec();
                    q[i] = Cell::Empty;
                    assert!(!apply_hints(&Board::from_cells(5, q)).is_complete(), "given {i} was not needed");
                }
            }
        }
    }
}

#[test]
fn hard_puzzles_stall_the_hint_rules() {
    for size in [3, 4, 6, 9, 15] {
        for seed in 1..=3u64 {
            let p = generate_with(size, seed, Difficulty::Hard).unwrap();
            assert!(!apply_hints(&p).is_complete(), "size {size} seed {seed}\n{}", p.to_puzzle_string());
            assert_eq!(count_solutions(&p, 2), 1);
        }
    }
    assert_eq!(generate_with(2, 1, Difficulty::Hard), Err(NoPuzzle { size: 2, difficulty: Difficulty::Hard }));
}

/// Every puzzle of a 2x2 board with exactly one solution is finished by the hint
/// rules: there is no hard puzzle below 3x3 ([`NoPuzzle::HARD_FROM`]). A unique puzzle's givens agree with its solution,
/// so every one is some valid colouring with some of its cells shown (a red as red, a blue as
/// the number it sees).
#[test]
fn no_hard_puzzle_below_3x3() {
    for n in 2..NoPuzzle::HARD_FROM {
        let (mut unique, mut solutions) = (0, 0);
        for colouring in 0u32..1 << (n * n) {
            let cells = (0..n * n).map(|i| if colouring >> i & 1 == 1 { Cell::Blue } else { Cell::Red }).collect();
            let sol = Board::from_cells(n, cells);
            if !tumble::ohno::check(&sol).is_empty() {
                continue;
            }
            solutions += 1;
            for shown in 0u32..1 << (n * n) {
                let cells = (0..n * n)
                    .map(|i| match (shown >> i & 1 == 1, sol.cells()[i]) {
                        (false, _) => Cell::Empty,
                        (true, Cell::Red) => Cell::Red,
                        (true, _) => Cell::Number(sol.view(i / n, i % n) as u8),
                    })
                    .collect();
                let p = Board::from_cells(n, cells);
                if count_solutions(&p, 2) == 1 {
                    unique += 1;
                    assert!(apply_hints(&p).is_complete(), "a hard {n}x{n} puzzle:\n{}", p.to_puzzle_string());
                }
            }
        }
        assert!(solutions > 1 && unique > 1, "{n}: {solutions} colourings, {unique} unique puzzles");
    }
}

#[test]
fn big_puzzles_of_each_difficulty() {
    for difficulty in [Difficulty::Any, Difficulty::Easy, Difficulty::Hard] {
        let p = generate_with(30, 1, difficulty).unwrap();
        assert_eq!(p.size(), 30);
        assert_eq!(count_solutions(&p, 2), 1, "{difficulty}");
        assert_eq!(apply_hints(&p).is_complete(), difficulty == Difficulty::Easy, "{difficulty}");
    }
}
