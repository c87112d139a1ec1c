//! The box solver (`tumble::r#box::solve`) against an independent, deliberately plain
//! breadth-first search written here, on the first 100 states of `tests/data/box/cases.tsv`,
//! plus hand-checked cases.

use std::collections::{HashSet, VecDeque};

use rayon::prelude::*;

use tumble::r#box::{apply, parse_moves, run, solve, solve_with_limit, solve_with_stats, BoxState, Manipulation};

/// Column 1 of the first `n` rows of cases.tsv.
fn case_states(n: usize) -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/box/cases.tsv");
    let text = std::fs::read_to_string(path).expect("read cases.tsv");
    text.lines()
        .filter(|l| !l.is_empty())
        .take(n)
        .map(|l| l.split('\t').next().expect("column 1").to_string())
        .collect()
}

fn st(s: &str) -> BoxState {
    BoxState::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn text(moves: &[Manipulation]) -> String {
    moves.iter().map(|m| m.as_char()).collect()
}

/// Plain breadth-first search, independent of `solve` (which is an A* with its own hasher): a
/// std `HashSet` of keys built from the public accessors (shubble mask, smole mask, stot cell,
/// orientation: the orientation is part of the state), a FIFO queue of (state, depth), every
/// manipulation tried at every state, goal tested when a state is taken off the queue. Returns
/// the length of a shortest string reaching a state with no shubble, or `None` when none is
/// reachable.
fn plain_bfs_length(start: &BoxState) -> Option<usize> {
    let key = |s: &BoxState| (s.shubble_mask(), s.smole_mask(), s.stot(), s.turns());
    let mut seen: HashSet<(u32, u32, u8, u8)> = HashSet::new();
    let mut queue: VecDeque<(BoxState, usize)> = VecDeque::new();
    seen.insert(key(start));
    queue.push_back((*start, 0));
    while let Some((s, depth)) = queue.pop_front() {
        if s.shubble_count() == 0 {
            return Some(depth);
        }
        for m in Manipulation::ALL {
            if let Ok(next) = apply(&s, m) {
                if seen.insert(key(&next)) {
                    queue.push_back((next, depth + 1));
                }
            }
        }
    }
    None
}

/// The solution is legal, keeps both smoles and leaves no shubble.
fn assert_solves(start: &BoxState, moves: &[Manipulation], what: &str) {
    let end = run(start, moves).unwrap_or_else(|(i, e)| panic!("{what}: {} illegal at {i}: {e}", text(moves)));
    assert_eq!(end.shubble_count(), 0, "{what}: {} leaves {end}", text(moves));
    assert_eq!(end.smole_count(), 2, "{what}: {} loses a smole", text(moves));
}

#[test]
fn first_100_cases_match_plain_bfs() {
    let states = case_states(100);
    assert_eq!(states.len(), 100);
    // Rows are independent: check them in parallel (the plain BFS takes seconds on the largest).
    let results: Vec<Option<usize>> = states
        .par_iter()
        .enumerate()
        .map(|(i, text_state)| {
            let row = i + 1;
            let start = st(text_state);
            let (got, stats) = solve_with_stats(&start);
            assert!(!stats.capped, "row {row}: cap reached");
            let want = plain_bfs_length(&start);
            match got {
                Some(moves) => {
                    assert_eq!(Some(moves.len()), want, "row {row} {text_state}: solver {}", text(&moves));
                    assert_solves(&start, &moves, &format!("row {row} {text_state}"));
                    Some(moves.len())
                }
                None => {
                    assert_eq!(want, None, "row {row} {text_state}: solver found none");
                    None
                }
            }
        })
        .collect();
    let lengths: Vec<usize> = results.iter().flatten().copied().collect();
    eprintln!(
        "first 100 rows: {} solvable (length {}..={}), {} unsolvable",
        lengths.len(),
        lengths.iter().min().unwrap(),
        lengths.iter().max().unwrap(),
        results.len() - lengths.len()
    );
    // The data's first 100 rows are all solvable, with solutions up to 22 moves long; a solver
    // that stopped early or gave up would change these.
    assert_eq!(lengths.len(), 100);
    assert_eq!(lengths.iter().max(), Some(&22));
    assert_eq!(lengths.iter().filter(|&&n| n == 0).count(), 9);
}

/// Every string of exactly `n` manipulations (in `Manipulation::ALL` order) that empties `start`
/// of shubbles with both smoles kept, found by trying all 7^n strings with `run`.
fn all_solutions_of_length(start: &BoxState, n: u32) -> Vec<String> {
    let mut out = Vec::new();
    for code in 0..7usize.pow(n) {
        let mut c = code;
        let mut moves = vec![Manipulation::Clockwise; n as usize];
        for slot in moves.iter_mut().rev() {
            *slot = Manipulation::ALL[c % 7];
            c /= 7;
        }
        if let Ok(end) = run(start, &moves) {
            if end.shubble_count() == 0 && end.smole_count() == 2 {
                out.push(text(&moves));
            }
        }
    }
    out
}

#[test]
fn no_shubble_needs_no_manipulation() {
    // Row 10 of cases.tsv holds only the two smoles and the stot.
    let start = st("@......................xx....");
    let (sol, stats) = solve_with_stats(&start);
    assert_eq!(sol, Some(vec![]));
    assert_eq!(stats.explored, 0);
    // Also when the box is turned: the orientation does not matter for the goal.
    let turned = apply(&start, Manipulation::Clockwise).unwrap();
    assert_eq!(turned.turns(), 1);
    assert_eq!(solve(&turned), Some(vec![]));
}

#[test]
fn row_38_plus_minus_is_the_only_two_move_solution() {
    // Row 38: stot 0, smoles 11 and 26, shubbles 21 and 24.
    // `+` (gravity standard-right): row 4 packs to o 27, x 28; the shubble in 21 slides to 22
    // (wall to its right); the smole in 11 already rests on the right wall.
    // `-` (back to standard): the line above the opening holds o 22 and o 27: both drop out;
    // the smole in 28 stays on the floor, the one in 11 on the wall under it.
    // No single manipulation can do it: the box starts in the standard orientation, so it must
    // turn away and back before anything leaves.
    let start = st("@..........x.........o..o.x..");
    assert!(all_solutions_of_length(&start, 1).is_empty());
    assert_eq!(all_solutions_of_length(&start, 2), vec!["+-"]);
    let sol = solve(&start).expect("solvable");
    assert_eq!(text(&sol), "+-");
    assert_eq!(run(&start, &sol).unwrap().to_string(), "@..........x................x");
    // After the `+` the box is turned (gravity standard-right), and the single `-` finishes:
    // the orientation is part of the state.
    let turned = apply(&start, Manipulation::Clockwise).unwrap();
    assert_eq!(turned.turns(), 1);
    assert_eq!(turned.to_string(), "@..........x..........o....ox");
    assert_eq!(text(&solve(&turned).unwrap()), "-");
}

#[test]
fn row_1_needs_a_stot_move_first() {
    // Row 1: shubble 23, smoles 11 and 24, stot 26. Every 2-move string fails; the solver's
    // answer has 3 moves and is one of the 3-move strings found by exhaustive search.
    let start = st("...........x...........ox.@..");
    assert!(all_solutions_of_length(&start, 1).is_empty());
    assert!(all_solutions_of_length(&start, 2).is_empty());
    let three = all_solutions_of_length(&start, 3);
    let sol = text(&solve(&start).expect("solvable"));
    assert_eq!(sol, "^+-");
    assert!(three.contains(&sol), "{sol} not in {three:?}");
    assert_eq!(plain_bfs_length(&start), Some(3));
}

/// Turned states with no solution, reached from cases.tsv states by legal manipulations: the stot
/// is walled in by creatures and every reachable turn keeps the shubbles away from the opening
/// or would drop a smole through it.
#[test]
fn unsolvable_states_agree_with_plain_bfs() {
    let cases = [
        // (cases.tsv state, manipulations, the state they reach)
        ("@.o.o.oooo.oooxo.xoooo.oooo.o", "|+--||++|++--++||--|--|-+", "@oooooxoooxooooo.oooo..oo...."),
        ("o.@.....o...o.ox..o.oo.oxoo.o", "-|+", ".o@oox.ooooo..xoo...........o"),
        ("ooooo.ooox.@oooo.xoooo.oooo.o", "++-", ".oooooxooox@.oooo..oooo.ooooo"),
    ];
    for (from, moves, reached) in cases {
        let start = run(&st(from), &parse_moves(moves).unwrap()).unwrap();
        assert_eq!(start.to_string(), reached);
        let (sol, stats) = solve_with_stats(&start);
        assert_eq!(sol, None, "{reached}");
        assert!(!stats.capped);
        assert!(stats.stored > 1);
        assert_eq!(plain_bfs_length(&start), None, "{reached}");
        // A solvable neighbour for contrast: the cases.tsv state itself.
        let back = st(from);
        let sol = solve(&back).expect("the cases.tsv state is solvable");
        assert_solves(&back, &sol, from);
    }
}

#[test]
fn cap_gives_up_and_says_so() {
    // Row 1 needs 3 moves; 5 stored states are not enough to find them.
    let start = st("...........x...........ox.@..");
    let (sol, stats) = solve_with_limit(&start, 5);
    assert_eq!(sol, None);
    assert!(stats.capped);
    assert_eq!(stats.stored, 5);
    let (sol, stats) = solve_with_limit(&start, 1_000);
    assert_eq!(sol.map(|m| m.len()), Some(3));
    assert!(!stats.capped);
}

#[test]
fn deterministic() {
    for s in case_states(20) {
        let start = st(&s);
        assert_eq!(solve(&start), solve(&start), "{s}");
    }
}

mod walks {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// From states reached by random legal manipulations from cases.tsv rows: the solution
        /// is legal and complete, and it is optimal in the sense of optimal substructure: after
        /// its first move, the rest is again a shortest solution (length exactly one less).
        #[test]
        fn solutions_are_legal_and_optimal_after_one_step(
            row in 0usize..400,
            picks in proptest::collection::vec(0usize..7, 0..25),
        ) {
            let text_state = &case_states(400)[row];
            let mut s = st(text_state);
            for p in picks {
                if let Ok(n) = apply(&s, Manipulation::ALL[p]) {
                    s = n;
                }
            }
            let (sol, stats) = solve_with_stats(&s);
            prop_assert!(!stats.capped);
            if let Some(sol) = sol {
                assert_solves(&s, &sol, &s.to_string());
                if let Some((&first, rest)) = sol.split_first() {
                    let next = apply(&s, first).unwrap();
                    let again = solve(&next).expect("the rest still solves it");
                    prop_assert_eq!(again.len(), rest.len());
                }
            }
        }
    }
}
