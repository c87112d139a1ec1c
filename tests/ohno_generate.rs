//! The generator: exactly one solution, deterministic per seed, challenge-format givens only.

use tumble::ohno::{count_solutions, generate, solve, Cell};

#[test]
fn generated_puzzles_are_unique_for_sizes_4_to_12() {
    for size in 4..=12 {
        for seed in [1u64, 2, 3, 0xdead_beef] {
            let p = generate(size, seed);
            assert_eq!(p.size(), size);
            assert_eq!(count_solutions(&p, 2), 1, "size {size} seed {seed}\n{}", p.to_puzzle_string());
            assert!(p.cells().iter().all(|c| matches!(c, Cell::Empty | Cell::Red | Cell::Number(1..=9))));
            assert!(solve(&p).unwrap().is_solution_of(&p));
        }
    }
}

#[test]
fn generation_is_deterministic_per_seed() {
    for size in [4, 7, 9] {
        assert_eq!(generate(size, 42), generate(size, 42));
        assert_ne!(generate(size, 42), generate(size, 43));
    }
}

#[test]
fn generated_puzzles_are_minimal() {
    // Removing any remaining given makes the puzzle ambiguous.
    let p = generate(6, 7);
    for r in 0..6 {
        for c in 0..6 {
            if !p.cell(r, c).is_empty() {
                let mut q = p.cells().to_vec();
                q[r * 6 + c] = Cell::Empty;
                let q = tumble::ohno::Board::from_cells(6, q);
                assert_eq!(count_solutions(&q, 2), 2, "({r}, {c})");
            }
        }
    }
}

#[test]
fn tiny_sizes() {
    assert_eq!(generate(1, 0).to_puzzle_string(), ".\n");
    for size in 2..4 {
        assert_eq!(count_solutions(&generate(size, 5), 2), 1);
    }
}
