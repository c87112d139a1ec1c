//! The box solver (`tumble::r#box::solve`) against an independent, deliberately plain
//! breadth-first search written here, on the first 100 states of `tests/data/box/cases.tsv`,
//! plus hand-checked cases.

use std::collections::{HashSet, VecDeque};

use tumble::r#box::{
    apply, parse_moves, run, solve, solve_with_limit, solve_with_stats, BoxState, Manipulation,
};

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

/// Plain breadth-first search, independent of `solve`: visited set of text keys (the 29-character
/// state followed by the orientation digit, since the state string does not show it), a FIFO
/// queue of (state, depth), every manipulation tried at every state. Returns the length of a
/// shortest string reaching a state with no shubble, or `None` when none is reachable.
fn plain_bfs_length(start: &BoxState) -> Option<usize> {
    let key = |s: &BoxState| format!("{}{}", s, s.turns());
    let mut seen: HashSet<String> = HashSet::new();
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
    let end = run(start, moves)
        .unwrap_or_else(|(i, e)| panic!("{what}: {} illegal at {i}: {e}", text(moves)));
    assert_eq!(
        end.shubble_count(),
        0,
        "{what}: {} leaves {end}",
        text(moves)
    );
    assert_eq!(
        end.smole_count(),
        2,
        "{what}: {} loses a smole",
        text(moves)
    );
}

#[test]
fn first_100_cases_match_plain_bfs() {
    let states = case_states(100);
    assert_eq!(states.len(), 100);
    let mut lengths = Vec::new();
    let mut unsolvable = 0;
    for (i, text_state) in states.iter().enumerate() {
        let row = i + 1;
        let start = st(text_state);
        let (got, stats) = solve_with_stats(&start);
        assert!(!stats.capped, "row {row}: cap reached");
        let want = plain_bfs_length(&start);
        match got {
            Some(moves) => {
                assert_eq!(
                    Some(moves.len()),
                    want,
                    "row {row} {text_state}: solver {}",
                    text(&moves)
                );
                assert_solves(&start, &moves, &format!("row {row} {text_state}"));
                lengths.push(moves.len());
            }
            None => {
                assert_eq!(want, None, "row {row} {text_state}: solver found none");
                unsolvable += 1;
            }
        }
    }
    eprintln!(
        "first 100 rows: {} solvable (length {}..={}), {} unsolvable",
        lengths.len(),
        lengths.iter().min().unwrap(),
        lengths.iter().max().unwrap(),
        unsolvable
    );
}
