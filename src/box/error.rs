//! Bad input (spec "Output": unknown characters, wrong length, wrong counts or an unstable
//! initial state are errors, not `!`).

use super::geometry::{CELLS, OPENING};
use std::fmt;

/// Why a state or moves string was rejected. Every message names the position as a 1-based
/// `column N` of the input text, as the mine's and 0h n0's errors do (the cell N of the spec's
/// 0-based numbering is column N + 1 of the state; the fields keep the 0-based cells), and as
/// `line L, column N` through [`BoxError::at_line`] when the text is a line of a file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoxError {
    /// The state string is empty.
    EmptyState,
    /// A state character other than `. o x @`.
    StateChar {
        /// 1-based character position.
        position: usize,
        /// The offending character.
        found: char,
    },
    /// The state has the wrong number of characters.
    StateLength {
        /// Number of characters found.
        found: usize,
    },
    /// Not exactly one stot.
    StotCount {
        /// The cells holding a stot (0-based, ascending).
        cells: Vec<u8>,
    },
    /// More than 26 shubbles.
    TooManyShubbles {
        /// Number of shubbles found.
        count: u32,
    },
    /// Not exactly two smoles.
    SmoleCount {
        /// The cells holding a smole (0-based, ascending).
        cells: Vec<u8>,
    },
    /// A creature of the initial state would fall (or leave through the opening).
    Unstable {
        /// The lowest falling creature's cell (0-based): the one directly over the gap.
        cell: u8,
    },
    /// A moves character other than `+ - | < > ^ v`.
    MoveChar {
        /// 1-based character position.
        position: usize,
        /// The offending character.
        found: char,
    },
}

impl fmt::Display for BoxError {
    /// The message with columns alone: `state: unknown character 'z' at column 5; ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(None))
    }
}

impl std::error::Error for BoxError {}

impl BoxError {
    /// The message for a state or moves that is line `line` of a file: every position as
    /// `line L, column N` (`state: unknown character 'z' at line 3, column 5; ...`).
    pub fn at_line(&self, line: usize) -> String {
        self.message(Some(line))
    }

    fn message(&self, line: Option<usize>) -> String {
        let at = |columns: &str, list: &str| match line {
            Some(l) => format!("line {l}, {columns} {list}"),
            None => format!("{columns} {list}"),
        };
        let column = |c: usize| at("column", &c.to_string());
        // "1 smole (column 5)", "3 smoles (columns 5, 10, 21)": the 0-based cells as columns.
        let counted = |none: &str, one: &str, many: &str, cells: &[u8]| {
            let list = cells.iter().map(|&c| (c as usize + 1).to_string()).collect::<Vec<_>>().join(", ");
            match cells.len() {
                0 => none.to_string(),
                1 => format!("1 {one} ({})", at("column", &list)),
                n => format!("{n} {many} ({})", at("columns", &list)),
            }
        };
        match self {
            BoxError::EmptyState => format!("state: empty; expected {CELLS} characters"),
            BoxError::StateChar { position, found } => {
                format!("state: unknown character {found:?} at {}; expected one of . o x @", column(*position))
            }
            BoxError::StateLength { found } => {
                format!("state: {}; expected {CELLS}", crate::words::count(*found, "character", "characters"))
            }
            BoxError::StotCount { cells } => {
                format!("state: {}; expected exactly 1", counted("no stot", "stot", "stots", cells))
            }
            BoxError::TooManyShubbles { count } => {
                format!("state: {}; at most 26", crate::words::count(*count, "shubble", "shubbles"))
            }
            BoxError::SmoleCount { cells } => {
                format!("state: {}; expected exactly 2", counted("no smoles", "smole", "smoles", cells))
            }
            BoxError::Unstable { cell } => format!(
                "state: not stable: the creature at {} would {}",
                column(*cell as usize + 1),
                if *cell == OPENING { "fall out through the opening" } else { "fall" }
            ),
            BoxError::MoveChar { position, found } => {
                format!("moves: unknown character {found:?} at {}; expected one of + - | < > ^ v", column(*position))
            }
        }
    }

    /// The 1-based character position the error points at, when it points at one character.
    pub fn position(&self) -> Option<usize> {
        match self {
            BoxError::StateChar { position, .. } | BoxError::MoveChar { position, .. } => Some(*position),
            _ => None,
        }
    }

    /// The 0-based cells the error is about (stots, smoles, the unstable creature); empty otherwise.
    pub fn cells(&self) -> Vec<u8> {
        match self {
            BoxError::StotCount { cells } | BoxError::SmoleCount { cells } => cells.clone(),
            BoxError::Unstable { cell } => vec![*cell],
            _ => Vec::new(),
        }
    }

    /// True for errors in the moves string, false for errors in the state string.
    pub fn is_moves(&self) -> bool {
        matches!(self, BoxError::MoveChar { .. })
    }
}
