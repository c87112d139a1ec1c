//! Errors of the 0h n0 engine: bad puzzle text ([`BoardError`]) and unsolvable boards
//! ([`NoSolution`]). The generator's own error, a puzzle that cannot exist, is
//! [`super::generate::NoPuzzle`], with the difficulty it names.

use thiserror::Error;

/// Why a text could not be read as a 0h n0 board (`../shared/specs/ohno.md`, "Input and output").
///
/// All `line` and `column` fields are **1-based** positions in the text as a person counts them
/// in an editor: blank lines before the board count, so `line` is the file's line, not the
/// board's row. `column` counts characters (a leading byte-order mark is not one).
///
/// Numbers larger than 9 cannot be written in the challenge format (one character per cell),
/// so boards of any size (n up to 30 and beyond) use the digits `1`..`9` only; a `0` is an
/// invalid character, not a number.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The text holds no row at all (empty, or only blank lines).
    #[error("empty input: the board has no rows")]
    Empty,
    /// More rows or columns than [`super::board::MAX_SIDE`]: `line` is the first line past it.
    #[error("the board is too large at line {line}: boards have at most {max} rows and {max} columns")]
    TooLarge {
        /// 1-based line of the text: the first row past the limit, or the first row if it is too long.
        line: usize,
        /// The largest side read.
        max: usize,
    },
    /// A character other than `.`, `#`, `O` or a digit `1`..`9`.
    #[error("invalid character '{ch}' at line {line}, column {column} (expected '.', '#', 'O' or a digit 1-9)")]
    InvalidChar {
        /// 1-based line of the text.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The offending character.
        ch: char,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line} has {len} cells but the board's first line (line {first_line}) has {expected}")]
    Ragged {
        /// 1-based line of the text that differs.
        line: usize,
        /// 1-based line of the board's first row.
        first_line: usize,
        /// Its number of cells.
        len: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// All rows have the same length, but there are not as many rows as columns.
    #[error("the board is not square: {} of {}", crate::words::count(*rows, "row", "rows"), crate::words::count(*cols, "column", "columns"))]
    NotSquare {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// A number larger than a cell of an n x n board can ever see: at most `2 * (n - 1)`.
    #[error(
        "the number {number} at line {line}, column {column} is larger than a {size}x{size} board allows (at most {max})"
    )]
    NumberTooLarge {
        /// 1-based line of the text.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The number written.
        number: u8,
        /// The board's side n.
        size: usize,
        /// `2 * (n - 1)`.
        max: usize,
    },
}

/// The board has no solution: no colouring of its empty cells obeys the rules and the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the board has no solution")]
pub struct NoSolution;
