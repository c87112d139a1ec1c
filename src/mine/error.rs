//! Errors from reading a mine map ([`crate::mine::Mine::parse`], [`crate::mine::Mine::parse_bytes`]).
//!
//! Every position is 1-based and refers to the input text: `line` counts lines from the top of the
//! file (the first line is 1, metadata lines included), `column` counts characters within the line.
//! Where a map cell is involved the message also gives the cell's mine coordinates `(x, y)` with
//! (1, 1) at the bottom left (task.pdf §2.1).

use thiserror::Error;

/// Why a map could not be read.
///
/// Source of the rules checked: task.pdf §2.5 (exactly one robot and one lift, the character set),
/// weather.pdf / trampoline.pdf / beards.pdf (metadata after a blank line).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MapError {
    /// The input holds no map row at all (empty, or only empty lines).
    #[error("empty input: no map rows")]
    Empty,
    /// The bytes are not valid UTF-8; `line`/`column` locate the first bad byte (column counts the
    /// characters before it on its line, plus one).
    #[error("invalid UTF-8 at line {line}, column {column}")]
    InvalidUtf8 {
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based character column of the first invalid byte.
        column: usize,
    },
    /// A control character (NUL, ESC, a lone carriage return, ...) — binary data, not a map.
    #[error("binary data (control character {code:#04x}) at line {line}, column {column}")]
    Binary {
        /// The character's code point.
        code: u32,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A map character that is none of `R # * \ L O . (space) A-I 1-9 W ! @`.
    #[error("unknown character {ch:?} at line {line}, column {column}")]
    UnknownCharacter {
        /// The offending character.
        ch: char,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The map has no `R`.
    #[error("no robot (R) in the map")]
    NoRobot,
    /// The map has more than one `R`; the first two are given.
    #[error(
        "two robots: at line {}, column {} (x {}, y {}) and at line {}, column {} (x {}, y {})",
        first.line, first.column, first.x, first.y, second.line, second.column, second.x, second.y
    )]
    TwoRobots {
        /// The first robot in reading order.
        first: Place,
        /// The second robot in reading order.
        second: Place,
    },
    /// The map has no lift (`L`, or `O` for an already open one).
    #[error("no lift (L) in the map")]
    NoLift,
    /// The map has more than one lift; the first two are given.
    #[error(
        "two lifts: at line {}, column {} (x {}, y {}) and at line {}, column {} (x {}, y {})",
        first.line, first.column, first.x, first.y, second.line, second.column, second.x, second.y
    )]
    TwoLifts {
        /// The first lift in reading order.
        first: Place,
        /// The second lift in reading order.
        second: Place,
    },
    /// The same trampoline letter appears twice in the map.
    #[error(
        "trampoline {letter} appears twice: at line {}, column {} and at line {}, column {}",
        first.line, first.column, second.line, second.column
    )]
    DuplicateTrampoline {
        /// `A`..`I`.
        letter: char,
        /// First occurrence.
        first: Place,
        /// Second occurrence.
        second: Place,
    },
    /// The same target digit appears twice in the map.
    #[error(
        "target {digit} appears twice: at line {}, column {} and at line {}, column {}",
        first.line, first.column, second.line, second.column
    )]
    DuplicateTarget {
        /// `1`..`9`.
        digit: char,
        /// First occurrence.
        first: Place,
        /// Second occurrence.
        second: Place,
    },
    /// A metadata line that is not one of `Water N`, `Flooding N`, `Waterproof N`, `Growth N`,
    /// `Razors N`, `Trampoline X targets N` (N a non-negative integer, X in `A`..`I`, N in `1`..`9`),
    /// or a second `Trampoline X targets ...` line for the same X. `column` points at the offending
    /// word.
    #[error("malformed metadata at line {line}, column {column}: {reason}")]
    MalformedMetadata {
        /// 1-based line.
        line: usize,
        /// 1-based column of the offending word.
        column: usize,
        /// What is wrong, in words.
        reason: String,
    },
    /// A trampoline in the map that no `Trampoline X targets N` line sends anywhere.
    #[error(
        "trampoline {letter} at line {}, column {} has no target (no `Trampoline {letter} targets N` line)",
        place.line, place.column
    )]
    TrampolineWithoutTarget {
        /// `A`..`I`.
        letter: char,
        /// Where it is.
        place: Place,
    },
    /// A target in the map that no trampoline leads to.
    #[error("target {digit} at line {}, column {} has no trampoline leading to it", place.line, place.column)]
    TargetWithoutTrampoline {
        /// `1`..`9`.
        digit: char,
        /// Where it is.
        place: Place,
    },
    /// A metadata line names a trampoline letter that is not in the map.
    #[error("metadata at line {line}, column {column} names trampoline {letter}, which is not in the map")]
    UnknownTrampoline {
        /// The letter named.
        letter: char,
        /// 1-based line of the metadata line.
        line: usize,
        /// 1-based column of the letter.
        column: usize,
    },
    /// A metadata line names a target digit that is not in the map.
    #[error("metadata at line {line}, column {column} names target {digit}, which is not in the map")]
    UnknownTarget {
        /// The digit named.
        digit: char,
        /// 1-based line of the metadata line.
        line: usize,
        /// 1-based column of the digit.
        column: usize,
    },
}

/// Where a map cell was read: text position (1-based line and column) and mine coordinates
/// (x, y), with (1, 1) at the bottom left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based line in the input text.
    pub line: usize,
    /// 1-based column in the input text.
    pub column: usize,
    /// Mine column, 1 = leftmost.
    pub x: usize,
    /// Mine row, 1 = bottom.
    pub y: usize,
}

/// A metadata line that was ignored because its first word is no key tumble knows (maps people
/// share carry lines such as `Easiness 23`, or a bare number). The map is played without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapWarning {
    /// 1-based line in the input text.
    pub line: usize,
    /// 1-based column of its first word.
    pub column: usize,
    /// The line, trimmed.
    pub text: String,
}

impl std::fmt::Display for MapWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 60;
        let mut shown: String = self.text.chars().take(SHOWN).collect();
        if self.text.chars().count() > SHOWN {
            shown.push('…');
        }
        write!(
            f,
            "line {}, column {}: ignored {shown:?}: not a metadata line tumble knows (Water, Flooding, Waterproof, \
             Growth, Razors, Trampoline)",
            self.line, self.column
        )
    }
}
