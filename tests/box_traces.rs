//! Every row of `tests/data/box/traces.tsv` frame by frame, Fall-event bitmasks against the
//! states, and a property: the fast path equals the recorded path.

use proptest::prelude::*;
use tumble::r#box::{apply, down, parse_moves, record, run, BoxEvent, BoxState, Cell, Manipulation, OPENING};

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/box/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("read test data");
    text.lines().filter(|l| !l.is_empty()).map(|l| l.split('\t').map(String::from).collect()).collect()
}

fn frame(s: &BoxState) -> String {
    format!("{}:{}", s.turns(), s)
}

/// Checks that each step's event explains the change from the previous step's state.
fn check_events(trace: &tumble::trace::Trace<BoxState, BoxEvent>) {
    assert_eq!(trace.steps[0].event, BoxEvent::Start);
    for w in trace.steps.windows(2) {
        let (a, b) = (&w[0].state, &w[1].state);
        match w[1].event {
            BoxEvent::Start => panic!("Start after step 0"),
            BoxEvent::Turn { quarter_turns, .. } => {
                assert_eq!(a.to_string(), b.to_string());
                assert_eq!((a.turns() as i8 + quarter_turns).rem_euclid(4) as u8, b.turns());
            }
            BoxEvent::StotMove { from, to } => {
                assert_eq!((a.stot(), b.stot(), a.turns()), (from, to, b.turns()));
                assert_eq!(a.shubble_mask() | a.smole_mask(), b.shubble_mask() | b.smole_mask());
            }
            BoxEvent::Fall { movers, exits } => {
                assert_eq!(a.turns(), b.turns());
                assert_eq!(movers & exits, 0);
                assert!(movers | exits != 0);
                if exits != 0 {
                    assert_eq!((exits, a.turns()), (1 << OPENING, 0));
                }
                for c in 0..29u8 {
                    let bit = 1u32 << c;
                    if movers & bit != 0 {
                        let d = down(c, a.turns()).expect("a mover has a cell below");
                        assert_eq!(b.cell(d), a.cell(c), "mover {c} lands in {d}");
                        assert_ne!(a.cell(c), Cell::Empty);
                    } else if exits & bit != 0 {
                        assert_ne!(a.cell(c), Cell::Empty);
                    } else if a.cell(c) != Cell::Empty && a.cell(c) != Cell::Stot {
                        assert_eq!(b.cell(c), a.cell(c), "non-mover {c} stays");
                    }
                }
                let lost = exits.count_ones();
                assert_eq!(a.shubble_count() + a.smole_count(), b.shubble_count() + b.smole_count() + lost);
            }
        }
    }
}

#[test]
fn all_traces() {
    let rows = rows("traces.tsv");
    assert_eq!(rows.len(), 60);
    let mut frames_total = 0;
    for (i, r) in rows.iter().enumerate() {
        let row = i + 1;
        let s = BoxState::parse(&r[0]).unwrap();
        let m = parse_moves(&r[1]).unwrap();
        let (trace, failure) = record(&s, &m);
        let got: Vec<String> = trace.steps.iter().map(|st| frame(&st.state)).collect();
        let want: Vec<&str> = r[2].split('|').collect();
        assert_eq!(got, want, "row {row}: {} {}", r[0], r[1]);
        assert_eq!(failure, None, "row {row}");
        assert_eq!(run(&s, &m).as_ref(), Ok(trace.last()), "row {row}");
        check_events(&trace);
        frames_total += want.len();
    }
    assert!(frames_total > 60 * 2);
}

#[test]
fn events_consistent_on_every_case_row() {
    for r in rows("cases.tsv") {
        let s = BoxState::parse(&r[0]).unwrap();
        let (trace, _) = record(&s, &parse_moves(&r[1]).unwrap());
        check_events(&trace);
    }
}

fn case_states() -> Vec<BoxState> {
    rows("cases.tsv").iter().map(|r| BoxState::parse(&r[0]).unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random manipulations from a random cases.tsv state, keeping only the legal ones: `apply`
    /// step by step equals `record`'s final state, and `record` reports no failure.
    #[test]
    fn fast_path_equals_traced_path(
        start in 0usize..400,
        picks in proptest::collection::vec(0usize..7, 0..60),
    ) {
        let states = case_states();
        let mut s = states[start];
        let mut legal = Vec::new();
        for p in picks {
            let m = Manipulation::ALL[p];
            if let Ok(next) = apply(&s, m) {
                s = next;
                legal.push(m);
            }
        }
        let (trace, failure) = record(&states[start], &legal);
        prop_assert_eq!(failure, None);
        prop_assert_eq!(*trace.last(), s);
        prop_assert_eq!(run(&states[start], &legal), Ok(s));
    }

    /// Arbitrary (possibly illegal) sequences: `run` and `record` agree on the outcome.
    #[test]
    fn run_and_record_agree(
        start in 0usize..400,
        picks in proptest::collection::vec(0usize..7, 0..30),
    ) {
        let states = case_states();
        let moves: Vec<Manipulation> = picks.iter().map(|&p| Manipulation::ALL[p]).collect();
        let (trace, failure) = record(&states[start], &moves);
        match run(&states[start], &moves) {
            Ok(fin) => {
                prop_assert_eq!(failure, None);
                prop_assert_eq!(*trace.last(), fin);
            }
            Err((i, why)) => {
                let f = failure.expect("record fails too");
                prop_assert_eq!((f.manipulation, f.reason), (i, why));
            }
        }
    }
}
