//! Bad input: each error with its exact message (the text's lines and columns, 1-based).

use tumble::ohno::{Board, BoardError};

#[test]
fn error_table() {
    let table: &[(&str, BoardError, &str)] = &[
        ("", BoardError::Empty, "empty input: the board has no rows"),
        ("\n  \n\r\n", BoardError::Empty, "empty input: the board has no rows"),
        (
            "...\n.x.\n...",
            BoardError::InvalidChar { line: 2, column: 2, ch: 'x' },
            "invalid character 'x' at line 2, column 2 (expected '.', '#', 'O' or a digit 1-9)",
        ),
        (
            "..0\n...\n...",
            BoardError::InvalidChar { line: 1, column: 3, ch: '0' },
            "invalid character '0' at line 1, column 3 (expected '.', '#', 'O' or a digit 1-9)",
        ),
        (
            " ..\n...\n...",
            BoardError::InvalidChar { line: 1, column: 1, ch: ' ' },
            "invalid character ' ' at line 1, column 1 (expected '.', '#', 'O' or a digit 1-9)",
        ),
        (
            "...\n..\n...",
            BoardError::Ragged { line: 2, first_line: 1, len: 2, expected: 3 },
            "line 2 has 2 cells but the board's first line (line 1) has 3",
        ),
        (
            "...\n...\n\n...",
            BoardError::Ragged { line: 3, first_line: 1, len: 0, expected: 3 },
            "line 3 has 0 cells but the board's first line (line 1) has 3",
        ),
        // Blank lines before the board count: positions are the file's lines.
        (
            "\n\n...\n.x.\n...",
            BoardError::InvalidChar { line: 4, column: 2, ch: 'x' },
            "invalid character 'x' at line 4, column 2 (expected '.', '#', 'O' or a digit 1-9)",
        ),
        (
            "\r\n\r\n...\r\n..\r\n...\r\n",
            BoardError::Ragged { line: 4, first_line: 3, len: 2, expected: 3 },
            "line 4 has 2 cells but the board's first line (line 3) has 3",
        ),
        (
            "\u{feff}\n..\n.3",
            BoardError::NumberTooLarge { line: 3, column: 2, number: 3, size: 2, max: 2 },
            "the number 3 at line 3, column 2 is larger than a 2x2 board allows (at most 2)",
        ),
        (
            "....\n....\n....",
            BoardError::NotSquare { rows: 3, cols: 4 },
            "the board is not square: 3 rows of 4 columns",
        ),
        (
            "..\n.3",
            BoardError::NumberTooLarge { line: 2, column: 2, number: 3, size: 2, max: 2 },
            "the number 3 at line 2, column 2 is larger than a 2x2 board allows (at most 2)",
        ),
        (
            "1",
            BoardError::NumberTooLarge { line: 1, column: 1, number: 1, size: 1, max: 0 },
            "the number 1 at line 1, column 1 is larger than a 1x1 board allows (at most 0)",
        ),
        (
            "....\n.7..\n....\n....",
            BoardError::NumberTooLarge { line: 2, column: 2, number: 7, size: 4, max: 6 },
            "the number 7 at line 2, column 2 is larger than a 4x4 board allows (at most 6)",
        ),
        // Comment lines (as in the demo files) count as lines but are not rows.
        (
            "; a comment\n...\n  ; another\n.x.\n...",
            BoardError::InvalidChar { line: 4, column: 2, ch: 'x' },
            "invalid character 'x' at line 4, column 2 (expected '.', '#', 'O' or a digit 1-9)",
        ),
    ];
    let wide = format!("{}\n", ".".repeat(101));
    let tall = format!("; 101 rows\n{}", "..\n".repeat(101));
    let too_large = [
        (wide.as_str(), BoardError::TooLarge { line: 1, max: 100 }),
        (tall.as_str(), BoardError::TooLarge { line: 102, max: 100 }),
    ];
    for (text, err) in &too_large {
        let got = Board::parse(text).unwrap_err();
        assert_eq!(&got, err);
        assert_eq!(
            got.to_string(),
            format!("the board is too large at line {}: boards have at most 100 rows and 100 columns", err_line(err))
        );
    }
    let side = format!("{}\n", ".".repeat(100)).repeat(100);
    assert_eq!(Board::parse(&side).unwrap().size(), 100, "100x100 is read");
    for (text, err, msg) in table {
        let got = Board::parse(text).unwrap_err();
        assert_eq!(&got, err, "{text:?}");
        assert_eq!(got.to_string(), *msg, "{text:?}");
    }
}

fn err_line(e: &BoardError) -> usize {
    match e {
        BoardError::TooLarge { line, .. } => *line,
        _ => 0,
    }
}

#[test]
fn accepted_inputs() {
    // CRLF, trailing whitespace, blank lines around the board.
    let b = Board::parse("\n.1..\r\n..1.  \r\n....\t\n22#2\n\n").unwrap();
    assert_eq!(b.size(), 4);
    assert_eq!(b.to_puzzle_string(), ".1..\n..1.\n....\n22#2\n");
    assert_eq!(b.to_string(), ".O..\n..O.\n....\nOO#O\n");
    // Largest number of a 4x4 board (6), and output-format boards read back.
    assert!(Board::parse("....\n.6..\n....\n....").is_ok());
    let out = Board::parse("OO##\n##OO\nOO#O\nOO#O").unwrap();
    assert!(out.is_complete());
    // Digits up to 9 on a 30x30 board.
    let big = format!("9{}\n", ".".repeat(29)) + &format!("{}\n", ".".repeat(30)).repeat(29);
    assert_eq!(Board::parse(&big).unwrap().size(), 30);
}
