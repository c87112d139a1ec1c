//! The step-by-step explanation: every step is sound on every unique board of the data (each
//! set cell agrees with the unique solution), each step follows from the one before, and the
//! last step completes the board.

use tumble::ohno::{explain, Board, Cell, Color, Deduction, NoSolution, Rule};

#[path = "common/ohno_data.rs"]
mod ohno_data;
use ohno_data::load;

fn load_unique() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for name in ["all_puzzles_challenge_format.txt", "stall_unique.txt"] {
        for r in load(name).into_iter().filter(|r| !r.solution.is_empty()) {
            out.push((r.header, r.puzzle, r.solution));
        }
    }
    out.push((
        "seed 3".into(),
        "5.3..33..\n...4...23\n.6.6.34..\n...3#....\n....5..4.\n.5....3..\n7.98.6#.3\n.5.6..2..\n..6...2..".into(),
        "OOOO#OOOO\nOO#OO##OO\nOOOO#OO#O\n#O#O#OOO#\n##O#OOOO#\n#OOOO#O#O\nOOOOOO#OO\nOOOO#OO#O\nO#OOO#OO#".into(),
    ));
    out.push(("demo".into(), ".1..\n..1.\n....\n22#2".into(), "OO##\n##OO\nOO#O\nOO#O".into()));
    out
}

fn assert_sound(header: &str, puzzle: &Board, solution: &Board) -> Vec<Rule> {
    let (trace, last) = explain(puzzle).unwrap();
    assert_eq!(trace.steps[0].state, *puzzle, "{header}");
    assert_eq!(trace.steps[0].event, None);
    assert_eq!(trace.steps[0].manipulation, None);
    let mut rules = Vec::new();
    for (i, w) in trace.steps.windows(2).enumerate() {
        let d: &Deduction = w[1].event.as_ref().unwrap();
        assert_eq!(w[1].manipulation, Some(i));
        assert!(!d.cells.is_empty());
        assert_ne!(d.rule, Rule::Guess, "{header}: a unique board needs no guess");
        let mut expect = w[0].state.clone();
        for &(r, c, color) in &d.cells {
            assert_eq!(w[0].state.cell(r, c), Cell::Empty, "{header} step {}: {d}", i + 1);
            assert_eq!(solution.cell(r, c).color(), Some(color), "{header} step {}: unsound {d}", i + 1);
            expect.set(r, c, Some(color));
        }
        assert_eq!(w[1].state, expect, "{header} step {}", i + 1);
        rules.push(d.rule);
    }
    assert!(last.is_complete());
    assert_eq!(*trace.last(), last);
    assert_eq!(last.to_string(), solution.to_string(), "{header}");
    rules
}

#[test]
fn explanations_are_sound_on_all_unique_boards() {
    let mut further = 0;
    for (header, p, s) in load_unique() {
        let puzzle = Board::parse(&p).unwrap();
        let solution = Board::parse(&s).unwrap();
        let rules = assert_sound(&header, &puzzle, &solution);
        let is_stall = header.contains("stall");
        if is_stall {
            assert!(rules.iter().any(|r| !r.is_hint()), "{header}");
            further += 1;
        } else if !header.starts_with("seed") {
            assert!(rules.iter().all(|r| r.is_hint()), "{header}: {rules:?}");
        }
    }
    assert_eq!(further, 28);
}

const EXPECTED_DEMO: [&str; 9] = [
    "One direction left: the 2 at row 4, column 1 sees 1 of 2 and only one direction is still open; row 3 column 1 is blue",
    "Number satisfied: the 2 at row 4, column 1 sees 2 blues; row 2 column 1 is red",
    "One direction left: the 2 at row 4, column 2 sees 1 of 2 and only one direction is still open; row 3 column 2 is blue",
    "Number satisfied: the 2 at row 4, column 2 sees 2 blues; row 2 column 2 is red",
    "One direction left: the 2 at row 4, column 4 sees 0 of 2 and only one direction is still open; row 3 column 4 is blue",
    "One direction left: the 2 at row 4, column 4 sees 1 of 2 and only one direction is still open; row 2 column 4 is blue",
    "Number satisfied: the 1 at row 2, column 3 sees 1 blue; row 1 column 3 is red, row 3 column 3 is red",
    "Number satisfied: the 2 at row 4, column 4 sees 2 blues; row 1 column 4 is red",
    "One direction left: the 1 at row 1, column 2 sees 0 of 1 and only one direction is still open; row 1 column 1 is blue",
];

#[test]
fn demo_explanation_matches_the_seed_walkthrough() {
    let b = Board::parse(".1..\n..1.\n....\n22#2").unwrap();
    let (trace, _) = explain(&b).unwrap();
    let lines: Vec<String> = trace.steps[1..].iter().map(|s| s.event.as_ref().unwrap().to_string()).collect();
    assert_eq!(lines, EXPECTED_DEMO);
    // Hint rules only, in the game's words.
    assert!(trace.steps[1..].iter().all(|s| s.event.as_ref().unwrap().rule.is_hint()));
    assert_eq!(*trace.last(), tumble::ohno::solve(&b).unwrap());
}

#[test]
fn deduction_display_is_one_line_1_based() {
    let d = Deduction {
        rule: Rule::NumberSatisfied,
        cells: vec![(1, 5, Color::Red)],
        cause: Some((1, 3)),
        number: Some(3),
        seen: 3,
    };
    assert_eq!(d.to_string(), "Number satisfied: the 3 at row 2, column 4 sees 3 blues; row 2 column 6 is red");
    let d =
        Deduction { rule: Rule::Contradiction, cells: vec![(0, 0, Color::Blue)], cause: None, number: None, seen: 0 };
    assert_eq!(
        d.to_string(),
        "Contradiction: the other colour breaks a rule after propagating; row 1 column 1 is blue"
    );
}

#[test]
fn explain_reports_no_solution() {
    assert_eq!(explain(&Board::parse("2#\n#.").unwrap()), Err(NoSolution));
}

#[test]
fn ambiguous_board_uses_guess_and_still_completes() {
    let b = Board::parse("...\n...\n...").unwrap();
    let (trace, last) = explain(&b).unwrap();
    assert!(last.is_solution_of(&b));
    assert!(trace.steps.iter().skip(1).any(|s| s.event.as_ref().unwrap().rule == Rule::Guess));
}

#[test]
fn explain_big_boards_with_several_solutions() {
    // The 12x12 and 15x15 boards of big_solvable.txt: not unique, so some steps are guesses,
    // but the explanation ends in solve()'s solution and every step follows the one before.
    let path = format!("{}/tests/data/ohno/big_solvable.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut done = 0;
    for block in text.split("\n;") {
        let body: Vec<&str> = block.lines().skip(1).collect();
        let chunk = body.split(|l| l.trim().is_empty()).find(|c| !c.is_empty()).unwrap().join("\n");
        let puzzle = Board::parse(&chunk).unwrap();
        if puzzle.size() > 15 {
            continue;
        }
        let (trace, last) = explain(&puzzle).unwrap();
        assert!(last.is_solution_of(&puzzle));
        assert_eq!(Some(last.clone()), tumble::ohno::solve(&puzzle));
        for w in trace.steps.windows(2) {
            let mut expect = w[0].state.clone();
            w[1].event.as_ref().unwrap().apply(&mut expect);
            assert_eq!(expect, w[1].state);
        }
        done += 1;
    }
    assert_eq!(done, 7);
}
