//! Solving and counting on the data of `tests/data/ohno/` (copied from the shared data; see
//! its SOURCES.md) and the seed's examples.

use tumble::ohno::rules::apply_hints;
use tumble::ohno::{count_solutions, solve, Board};

#[path = "common/ohno_data.rs"]
mod ohno_data;
use ohno_data::load;

fn solved_text(puzzle: &str) -> String {
    let b = Board::parse(puzzle).unwrap();
    let s = solve(&b).unwrap_or_else(|| panic!("no solution for\n{puzzle}"));
    assert!(s.is_solution_of(&b));
    s.to_string()
}

#[test]
fn all_60_puzzles_exact_and_unique() {
    let recs = load("all_puzzles_challenge_format.txt");
    assert_eq!(recs.len(), 60);
    for r in &recs {
        let want = format!("{}\n", r.solution);
        assert_eq!(solved_text(&r.puzzle), want, "{}", r.header);
        assert_eq!(count_solutions(&Board::parse(&r.puzzle).unwrap(), 2), 1, "{}", r.header);
    }
}

#[test]
fn stall_unique_exact_and_unique() {
    let recs = load("stall_unique.txt");
    assert_eq!(recs.len(), 28);
    for r in &recs {
        let want = format!("{}\n", r.solution);
        assert_eq!(solved_text(&r.puzzle), want, "{}", r.header);
        assert_eq!(count_solutions(&Board::parse(&r.puzzle).unwrap(), 2), 1, "{}", r.header);
    }
}

#[test]
fn big_solvable_obey_rules_and_givens() {
    let recs = load("big_solvable.txt");
    assert_eq!(recs.len(), 20);
    for r in &recs {
        let b = Board::parse(&r.puzzle).unwrap();
        let n: usize = r.header.rsplit('x').next().unwrap().parse().unwrap();
        assert_eq!(b.size(), n, "{}", r.header);
        let s = solve(&b).unwrap_or_else(|| panic!("no solution: {}", r.header));
        assert!(s.is_complete());
        assert!(s.agrees_with(&b), "{}", r.header);
        assert!(tumble::ohno::check(&s).is_empty(), "{}", r.header);
        assert!(s.is_solution_of(&b));
    }
}

/// The seed's three examples with their true (unique) solutions; the third from the spec
/// (the seed repeated the second output there by mistake).
const SEED: [(&str, &str); 3] = [
    (
        "........4\n...3.1...\n45...2.3.\n..9......\n1..6#44..\n....4..5.\n....4.36.\n2.......6\n1....4...\n",
        "OOO###OOO\nOOOO#O#OO\nOOO#OO#OO\n#OOOO#O##\nO#OO#OOOO\nO#OOOO#OO\n#OOOO#OOO\nOO#O#OOOO\nO#OOOO#O#\n",
    ),
    (
        "..7..#...\n#...8..11\n2....5...\n..5...48.\n...#...4.\n.5...6...\n...1.2...\n2.....6.8\n.7..#....\n",
        "OOOOO####\n##OOOO#OO\nO#OOOO###\nOOO#OOOOO\nOO##O##O#\n#O##OOOOO\n#O#O#O#OO\nOO#OOOOOO\nOOO###O#O\n",
    ),
    (
        "5.3..33..\n...4...23\n.6.6.34..\n...3#....\n....5..4.\n.5....3..\n7.98.6#.3\n.5.6..2..\n..6...2..\n",
        "OOOO#OOOO\nOO#OO##OO\nOOOO#OO#O\n#O#O#OOO#\n##O#OOOO#\n#OOOO#O#O\nOOOOOO#OO\nOOOO#OO#O\nO#OOO#OO#\n",
    ),
];

#[test]
fn seed_examples_exact_and_unique() {
    for (puzzle, want) in SEED {
        assert_eq!(solved_text(puzzle), want);
        assert_eq!(count_solutions(&Board::parse(puzzle).unwrap(), 2), 1);
    }
}

#[test]
fn seed_demo_board() {
    assert_eq!(solved_text(".1..\n..1.\n....\n22#2\n"), "OO##\n##OO\nOO#O\nOO#O\n");
}

#[test]
fn solution_keeps_numbers_and_colours_every_cell() {
    let b = Board::parse(".1..\n..1.\n....\n22#2").unwrap();
    let s = solve(&b).unwrap();
    assert_eq!(s.to_puzzle_string(), "O1##\n##1O\nOO#O\n22#2\n");
}

#[test]
fn five_hint_rules_stall_where_the_data_says() {
    // Headers read "the five hint rules stall with N empty cells".
    for r in load("stall_unique.txt") {
        let n: usize = r.header.split("stall with ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        let b = apply_hints(&Board::parse(&r.puzzle).unwrap());
        assert_eq!(b.empty_count(), n, "{}", r.header);
    }
}

#[test]
fn five_hint_rules_solve_the_60_puzzles() {
    for r in load("all_puzzles_challenge_format.txt") {
        let b = apply_hints(&Board::parse(&r.puzzle).unwrap());
        assert_eq!(b.to_string(), format!("{}\n", r.solution), "{}", r.header);
    }
}

#[test]
fn count_unique_ambiguous_impossible() {
    // Unique boards.
    assert_eq!(count_solutions(&Board::parse(".1..\n..1.\n....\n22#2").unwrap(), 2), 1);
    assert_eq!(count_solutions(&Board::parse(SEED[2].0).unwrap(), 5), 1);
    // An empty 2x2: all red, or any blue domino/L/square... many solutions.
    let empty2 = Board::parse("..\n..").unwrap();
    assert_eq!(count_solutions(&empty2, 2), 2);
    // Exact count of the empty 2x2 (colourings where every blue has a blue neighbour):
    // all red 1, dominoes 4, L shapes 4, full 1 = 10.
    assert_eq!(count_solutions(&empty2, 100), 10);
    // A 1x1 board: only red (a lone blue sees nothing).
    assert_eq!(count_solutions(&Board::parse(".").unwrap(), 2), 1);
    // Impossible: a 2 in a corner closed by reds; a 1 that sees two blues.
    assert_eq!(count_solutions(&Board::parse("2#\n#.").unwrap(), 2), 0);
    assert_eq!(count_solutions(&Board::parse("1O\nO.").unwrap(), 2), 0);
    assert!(solve(&Board::parse("2#\n#.").unwrap()).is_none());
    // Limit 0 counts nothing.
    assert_eq!(count_solutions(&empty2, 0), 0);
}

#[test]
fn every_size_from_1_to_30_empty_board_solves() {
    for n in 1..=30 {
        let b = Board::empty(n);
        let s = solve(&b).unwrap();
        assert!(s.is_solution_of(&b), "n = {n}");
    }
}
