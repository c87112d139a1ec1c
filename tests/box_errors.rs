//! Bad input: each with its exact message (spec "Output": bad input is an error, not `!`).

use tumble::r#box::{parse_moves, BoxError, BoxState};

const OK: &str = ".........@...o....ooo..xox...";

#[test]
fn state_errors() {
    let table: &[(&str, &str)] = &[
        ("", "state: empty; expected 29 characters"),
        (".........@...o....ooo..xox..", "state: 28 characters; expected 29"),
        (".........@...o....ooo..xox....", "state: 30 characters; expected 29"),
        ("....z....@...o....ooo..xox...", "state: character 5 is 'z'; expected one of . o x @"),
        ("....O....@...o....ooo..xox...", "state: character 5 is 'O'; expected one of . o x @"),
        (".........@...o....ooo..xox.. ", "state: character 29 is ' '; expected one of . o x @"),
        (".........@...o....ooo..xox..\r", "state: character 29 is '\\r'; expected one of . o x @"),
        (".............o....ooo..xox...", "state: no stot; expected exactly 1"),
        ("...@.....@...o....ooo..xox...", "state: 2 stots (cells 3, 9); expected exactly 1"),
        (".........@...o....ooo..xo....", "state: 1 smole (cell 23); expected exactly 2"),
        (".........@...o....ooo..ooo...", "state: no smoles; expected exactly 2"),
        ("....x....@...o....ooo..xox...", "state: 3 smoles (cells 4, 23, 25); expected exactly 2"),
        ("ooooooooooooooooooooooooooo@x", "state: 27 shubbles; at most 26"),
        (
            "oooooooooooooooooooooooooo@xx",
            "state: not stable: the creature in cell 27 would fall out through the opening",
        ),
        (".....x...@...o....ooo..xoo...", "state: not stable: the creature in cell 5 would fall"),
        // A stack over a gap: the lowest creature (directly over the gap) is named.
        ("x........@...o...oooo..xo....", "state: not stable: the creature in cell 20 would fall"),
        (
            ".........@.......o...ooo..xox",
            "state: not stable: the creature in cell 27 would fall out through the opening",
        ),
        (".o.......@...o....ooo..xox...", "state: not stable: the creature in cell 1 would fall"),
    ];
    assert!(BoxState::parse(OK).is_ok());
    for (input, message) in table {
        let err = BoxState::parse(input).expect_err(input);
        assert_eq!(&err.to_string(), message, "input {input:?}");
    }
}

#[test]
fn error_positions() {
    let e = BoxState::parse("....z....@...o....ooo..xox...").unwrap_err();
    assert_eq!(e.position(), Some(5));
    assert_eq!(e, BoxError::StateChar { position: 5, found: 'z' });
    let e = BoxState::parse("...@.....@...o....ooo..xox...").unwrap_err();
    assert_eq!((e.position(), e.cells()), (None, vec![3, 9]));
    let e = parse_moves("+-x").unwrap_err();
    assert_eq!((e.position(), e.is_moves()), (Some(3), true));
}

#[test]
fn moves_errors() {
    let table: &[(&str, &str)] = &[
        ("+-x", "moves: character 3 is 'x'; expected one of + - | < > ^ v"),
        ("V", "moves: character 1 is 'V'; expected one of + - | < > ^ v"),
        ("<< >", "moves: character 3 is ' '; expected one of + - | < > ^ v"),
        ("++\n", "moves: character 3 is '\\n'; expected one of + - | < > ^ v"),
    ];
    for (input, message) in table {
        let err = parse_moves(input).expect_err(input);
        assert_eq!(&err.to_string(), message, "input {input:?}");
    }
    assert_eq!(parse_moves("").unwrap(), vec![]);
    assert_eq!(parse_moves("+-|<>^v").unwrap().len(), 7);
}
