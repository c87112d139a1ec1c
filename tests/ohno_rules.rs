//! Each deduction rule on small hand-made boards, the player-error check, and a brute-force
//! cross-check of the counter, the solver and the explanation on random small boards.

use proptest::prelude::*;
use tumble::ohno::rules::{
    must_be_wall, needs_neighbour, next_hint, number_satisfied, one_direction_left, required_direction,
    split_agreement, would_exceed,
};
use tumble::ohno::{check, count_solutions, explain, solve, Board, Cell, Color, PlayerError, Rule};

fn b(text: &str) -> Board {
    Board::parse(text).unwrap()
}

#[test]
fn rule1_number_satisfied() {
    // The 2 sees two blues (left and below); its open ends (up, right) are red.
    let d = number_satisfied(&b("....\nO2..\n.O..\n...."), 1, 1).unwrap();
    assert_eq!(d.rule, Rule::NumberSatisfied);
    assert_eq!(d.cells, vec![(0, 1, Color::Red), (3, 1, Color::Red), (1, 2, Color::Red)]);
    assert_eq!(d.cause, Some((1, 1)));
    assert_eq!(d.to_string(), "Number satisfied: the 2 at row 2, column 2 sees 2 blues; row 1 column 2 is red, row 4 column 2 is red, row 2 column 3 is red");
    assert!(number_satisfied(&b("....\nO3..\n.O..\n...."), 1, 1).is_none());
    assert!(number_satisfied(&b("....\nO...\n.O..\n...."), 1, 1).is_none());
}

#[test]
fn rule2_one_direction_left() {
    let d = one_direction_left(&b("#...\n3...\n#...\n...."), 1, 0).unwrap();
    assert_eq!(d.cells, vec![(1, 1, Color::Blue)]);
    assert!(one_direction_left(&b("....\n3...\n#...\n...."), 1, 0).is_none());
}

#[test]
fn rule3_would_exceed() {
    // The 2 sees 1 (left); a blue at its right would add itself and the OO behind: 4 > 2.
    let d = would_exceed(&b("O2.OO\n#####\n.....\n.....\n....."), 0, 1).unwrap();
    assert_eq!(d.cells, vec![(0, 2, Color::Red)]);
    assert_eq!(d.seen, 1);
    assert!(would_exceed(&b("O3.O.\n#####\n.....\n.....\n....."), 0, 1).is_none());
}

#[test]
fn rule4_required_direction() {
    // A 4 in a corner, the row blocked after one cell: at most 1 that way, so down is needed.
    let d = required_direction(&b("4.#..\n.....\n.....\n.....\n....."), 0, 0).unwrap();
    assert_eq!(d.cells, vec![(1, 0, Color::Blue)]);
    assert!(required_direction(&b("3....\n.....\n.....\n.....\n....."), 0, 0).is_none());
}

#[test]
fn rule5_must_be_wall() {
    let d = must_be_wall(&b(".#.\n#..\n..."), 0, 0).unwrap();
    assert_eq!(d.cells, vec![(0, 0, Color::Red)]);
    assert_eq!(d.cause, None);
    assert!(must_be_wall(&b(".#.\n...\n..."), 0, 0).is_none());
    assert!(must_be_wall(&b("##.\n#..\n..."), 0, 0).is_none());
}

#[test]
fn further_needs_neighbour_and_split_agreement() {
    let d = needs_neighbour(&b("O.\n#."), 0, 0).unwrap();
    assert_eq!((d.rule, d.cells.clone(), d.cause), (Rule::NeedsNeighbour, vec![(0, 1, Color::Blue)], Some((0, 0))));
    // A 7 in the middle of an empty 5x5: every split gives each arm at least 1 (rule 4 finds
    // the same cells one direction at a time).
    let d = split_agreement(&b(".....\n.....\n..7..\n.....\n....."), 2, 2).unwrap();
    assert_eq!(d.rule, Rule::SplitAgreement);
    let mut cells = d.cells.clone();
    cells.sort();
    assert_eq!(cells, vec![(1, 2, Color::Blue), (2, 1, Color::Blue), (2, 3, Color::Blue), (3, 2, Color::Blue)]);
    // A 3 in a corner whose row reads ". O #": the row gives 0 or 2, so the split is 2 + 1 and
    // the column's second cell is red.
    let d = split_agreement(&b("3.O#\n....\n....\n#..."), 0, 0).unwrap();
    let mut cells = d.cells.clone();
    cells.sort();
    assert_eq!(cells, vec![(0, 1, Color::Blue), (1, 0, Color::Blue), (2, 0, Color::Red)]);
}

#[test]
fn hint_rules_stall_and_further_rules_continue() {
    // The first board of stall_unique.txt after the five rules.
    let p = b("..1..5..\n....7..5\n.9..5...\n6...4...\n5....4.3\n.9......\n.....55.\n..2.5...");
    let stalled = tumble::ohno::rules::apply_hints(&p);
    assert_eq!(stalled.empty_count(), 45);
    assert!(next_hint(&stalled).is_none());
    let sol = solve(&p).unwrap();
    let d =
        tumble::ohno::rules::next_further(&stalled).or_else(|| tumble::ohno::steps::contradiction(&stalled)).unwrap();
    for &(r, c, color) in &d.cells {
        assert_eq!(sol.cell(r, c).color(), Some(color));
    }
}

#[test]
fn player_errors() {
    // A 3 closed in seeing 1; a 1 seeing 2; a lone blue closed in.
    let board = b("#3O#\n.##.\nO1O#\n#.#.");
    let errs = check(&board);
    assert_eq!(
        errs,
        vec![
            PlayerError::TooFew { row: 0, col: 1, number: 3, sees: 1 },
            PlayerError::TooMany { row: 2, col: 1, number: 1, sees: 2 },
        ]
    );
    let board = b("##.\n#O#\n.#.");
    assert_eq!(check(&board), vec![PlayerError::Isolated { row: 1, col: 1 }]);
    assert_eq!(check(&board)[0].to_string(), "the blue at row 2, column 2 is closed in and sees nothing");
    // Not closed in yet: no error.
    assert!(check(&b("#3O.\n....\n....\n....")).is_empty());
    assert_eq!(
        PlayerError::TooFew { row: 0, col: 1, number: 3, sees: 1 }.to_string(),
        "the 3 at row 1, column 2 is closed in and sees only 1"
    );
}

#[test]
fn board_accessors() {
    let board = b(".1..\n..1.\n....\n22#2");
    assert_eq!(board.size(), 4);
    assert_eq!(board.cell(0, 1), Cell::Number(1));
    assert_eq!(board.cell(3, 2), Cell::Red);
    assert_eq!(board.cell(0, 0), Cell::Empty);
    assert_eq!(board.view(3, 0), 1);
    let played = board.with(2, 0, Some(Color::Blue));
    assert_eq!(played.view(3, 0), 2);
    assert!(played.agrees_with(&board));
}

/// Every colouring of the empty cells, checked directly against the rules.
fn brute_count(board: &Board) -> usize {
    let empties: Vec<usize> = (0..board.cells().len()).filter(|&i| board.cells()[i].is_empty()).collect();
    let n = board.size();
    let mut count = 0;
    for mask in 0u32..(1 << empties.len()) {
        let mut cells = board.cells().to_vec();
        for (j, &i) in empties.iter().enumerate() {
            cells[i] = if mask >> j & 1 == 1 { Cell::Blue } else { Cell::Red };
        }
        if check(&Board::from_cells(n, cells)).is_empty() {
            count += 1;
        }
    }
    count
}

fn small_board() -> impl Strategy<Value = Board> {
    (1usize..=4).prop_flat_map(|n| {
        let cell = prop_oneof![6 => Just(Cell::Empty), 2 => Just(Cell::Red), 2 => (1u8..=4).prop_map(Cell::Number)];
        proptest::collection::vec(cell, n * n).prop_map(move |mut cells| {
            let max = 2 * (n as u8 - 1);
            for c in &mut cells {
                if let Cell::Number(k) = *c {
                    if k > max {
                        *c = Cell::Empty;
                    }
                }
            }
            Board::from_cells(n, cells)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn counter_solver_and_steps_match_brute_force(board in small_board()) {
        let brute = brute_count(&board);
        prop_assert_eq!(count_solutions(&board, 1 << 20), brute);
        prop_assert_eq!(count_solutions(&board, 2), brute.min(2));
        match solve(&board) {
            None => prop_assert_eq!(brute, 0),
            Some(s) => prop_assert!(s.is_solution_of(&board)),
        }
        if let Ok((trace, last)) = explain(&board) {
            prop_assert!(last.is_solution_of(&board));
            for w in trace.steps.windows(2) {
                let d = w[1].event.as_ref().unwrap();
                if d.rule != Rule::Guess {
                    // Sound: with any cell flipped the step's board keeps no solution.
                    for &(r, c, color) in &d.cells {
                        let other = w[0].state.with(r, c, Some(color.other()));
                        prop_assert_eq!(count_solutions(&other, 1), 0, "{}", d);
                    }
                }
            }
        }
    }
}
