//! Every row of `tests/data/box/cases.tsv`: `run`'s answer, the ASCII picture, and `record`'s
//! agreement with `run`.

use tumble::r#box::{ascii, parse_moves, record, run, BoxState};

fn cases() -> Vec<(String, String, String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/box/cases.tsv");
    let text = std::fs::read_to_string(path).expect("read cases.tsv");
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "row {l:?}");
            (f[0].into(), f[1].into(), f[2].into(), f[3].replace("\\n", "\n"))
        })
        .collect()
}

/// Removes trailing spaces, blank first/last lines and the common indentation.
fn normalise(picture: &str) -> String {
    let mut lines: Vec<&str> = picture.lines().map(str::trim_end).collect();
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let indent = lines.iter().filter(|l| !l.is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    lines.iter().map(|l| l.get(indent..).unwrap_or("")).collect::<Vec<_>>().join("\n")
}

#[test]
fn all_cases() {
    let cases = cases();
    assert_eq!(cases.len(), 400);
    let (mut ok, mut bang) = (0, 0);
    for (i, (state, moves, expected, picture)) in cases.iter().enumerate() {
        let row = i + 1;
        let s = BoxState::parse(state).unwrap_or_else(|e| panic!("row {row}: {e}"));
        let m = parse_moves(moves).unwrap_or_else(|e| panic!("row {row}: {e}"));
        let got = run(&s, &m);
        let (trace, failure) = record(&s, &m);
        match &got {
            Ok(fin) => {
                ok += 1;
                assert_eq!(&fin.to_string(), expected, "row {row}: {state} {moves}");
                assert_eq!(normalise(&ascii(fin)), normalise(picture), "row {row}: picture of {state} {moves}");
                assert_eq!(failure, None, "row {row}");
                assert_eq!(trace.last(), fin, "row {row}: record's final state");
            }
            Err((index, reason)) => {
                bang += 1;
                assert_eq!(expected, "!", "row {row}: {state} {moves}: {reason} at {index}");
                assert_eq!(picture, "!", "row {row}");
                let f = failure.unwrap_or_else(|| panic!("row {row}: record did not fail"));
                assert_eq!((f.manipulation, f.reason), (*index, *reason), "row {row}");
            }
        }
    }
    assert_eq!((ok, bang), (239, 161));
}

#[test]
fn normalise_is_not_the_identity() {
    assert_eq!(normalise("\n   a  \n  b\n\n"), " a\nb");
    assert_ne!(normalise(" a\nb"), normalise("a\nb"));
}
