//! Bad input: each with its exact message (spec "Output": bad input is an error, not `!`).

use tumble::r#box::{parse_moves, BoxError, BoxState};

const OK: &str = ".........@...o....ooo..xox...";

#[test]
fn state_errors() {
    let table: &[(&str, &str)] = &[
        ("", "state: empty; expected 29 characters"),
        (".........@...o....ooo..xox..", "state: 28 characters; expected 29"),
        (".........@...o....ooo..xox....", "state: 30 characters; expected 29"),
        ("....z....@...o....ooo..xox...", "state: unknown character 'z' at column 5; expected one of . o x @"),
        ("....O....@...o....ooo..xox...", "state: unknown character 'O' at column 5; expected one of . o x @"),
        (".........@...o....ooo..xox.. ", "state: unknown character ' ' at column 29; expected one of . o x @"),
        (".........@...o....ooo..xox..\r", "state: unknown character '\\r' at column 29; expected one of . o x @"),
        (".............o....ooo..xox...", "state: no stot; expected exactly 1"),
        ("...@.....@...o....ooo..xox...", "state: 2 stots (columns 4, 10); expected exactly 1"),
        (".........@...o....ooo..xo....", "state: 1 smole (column 24); expected exactly 2"),
        (".........@...o....ooo..ooo...", "state: no smoles; expected exactly 2"),
        ("....x....@...o....ooo..xox...", "state: 3 smoles (columns 5, 24, 26); expected exactly 2"),
        ("ooooooooooooooooooooooooooo@x", "state: 27 shubbles; at most 26"),
        (
            "oooooooooooooooooooooooooo@xx",
            "state: not stable: the creature at column 28 would fall out through the opening",
        ),
        (".....x...@...o....ooo..xoo...", "state: not stable: the creature at column 6 would fall"),
        // A stack over a gap: the lowest creature (directly over the gap) is named.
        ("x........@...o...oooo..xo....", "state: not stable: the creature at column 21 would fall"),
        (
            ".........@.......o...ooo..xox",
            "state: not stable: the creature at column 28 would fall out through the opening",
        ),
        (".o.......@...o....ooo..xox...", "state: not stable: the creature at column 2 would fall"),
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

/// In a file, every position is a line and a column, as in a map's or a board's errors.
#[test]
fn positions_in_a_file_are_line_and_column() {
    let at = |input: &str| BoxState::parse(input).unwrap_err().at_line(3);
    assert_eq!(
        at("....z....@...o....ooo..xox..."),
        "state: unknown character 'z' at line 3, column 5; expected one of . o x @"
    );
    assert_eq!(at(".........@...o....ooo..xo...."), "state: 1 smole (line 3, column 24); expected exactly 2");
    assert_eq!(at("...@.....@...o....ooo..xox..."), "state: 2 stots (line 3, columns 4, 10); expected exactly 1");
    assert_eq!(at(".o.......@...o....ooo..xox..."), "state: not stable: the creature at line 3, column 2 would fall");
    assert_eq!(at(".........@...o....ooo..xox.."), "state: 28 characters; expected 29");
    assert_eq!(
        parse_moves("+-x").unwrap_err().at_line(4),
        "moves: unknown character 'x' at line 4, column 3; expected one of + - | < > ^ v"
    );
}

#[test]
fn moves_errors() {
    let table: &[(&str, &str)] = &[
        ("+-x", "moves: unknown character 'x' at column 3; expected one of + - | < > ^ v"),
        ("V", "moves: unknown character 'V' at column 1; expected one of + - | < > ^ v"),
        ("<< >", "moves: unknown character ' ' at column 3; expected one of + - | < > ^ v"),
        ("++\n", "moves: unknown character '\\n' at column 3; expected one of + - | < > ^ v"),
    ];
    for (input, message) in table {
        let err = parse_moves(input).expect_err(input);
        assert_eq!(&err.to_string(), message, "input {input:?}");
    }
    assert_eq!(parse_moves("").unwrap(), vec![]);
    assert_eq!(parse_moves("+-|<>^v").unwrap().len(), 7);
}
