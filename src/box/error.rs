//! Bad input (spec "Output": unknown characters, wrong length, wrong counts or an unstable
//! initial state are errors, not `!`).

use super::geometry::{CELLS, OPENING};

/// Why a state or moves string was rejected. Every message names the position: `character N`
/// is a 1-based character position in the input text; `cell N` is a 0-based cell index in the
/// spec's numbering (cell N is character N + 1 of the state string).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BoxError {
    /// The state string is empty.
    #[error("state: empty; expected {CELLS} characters")]
    EmptyState,
    /// A state character other than `. o x @`.
    #[error("state: character {position} is {found:?}; expected one of . o x @")]
    StateChar {
        /// 1-based character position.
        position: usize,
        /// The offending character.
        found: char,
    },
    /// The state has the wrong number of characters.
    #[error("state: {found} characters; expected {CELLS}")]
    StateLength {
        /// Number of characters found.
        found: usize,
    },
    /// Not exactly one stot.
    #[error("state: {}; expected exactly 1", counted("no stot", "stot", "stots", cells))]
    StotCount {
        /// The cells holding a stot (0-based, ascending).
        cells: Vec<u8>,
    },
    /// More than 26 shubbles.
    #[error("state: {count} shubbles; at most 26")]
    TooManyShubbles {
        /// Number of shubbles found.
        count: u32,
    },
    /// Not exactly two smoles.
    #[error("state: {}; expected exactly 2", counted("no smoles", "smole", "smoles", cells))]
    SmoleCount {
        /// The cells holding a smole (0-based, ascending).
        cells: Vec<u8>,
    },
    /// A creature of the initial state would fall (or leave through the opening).
    #[error(
        "state: not stable: the creature in cell {cell} would {}",
        if *cell == OPENING { "fall out through the opening" } else { "fall" }
    )]
    Unstable {
        /// The lowest falling creature's cell (0-based): the one directly over the gap.
        cell: u8,
    },
    /// A moves character other than `+ - | < > ^ v`.
    #[error("moves: character {position} is {found:?}; expected one of + - | < > ^ v")]
    MoveChar {
        /// 1-based character position.
        position: usize,
        /// The offending character.
        found: char,
    },
}

impl BoxError {
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

/// "no stot", "1 smole (cell 4)", "3 smoles (cells 4, 9, 20)".
fn counted(none: &str, one: &str, many: &str, cells: &[u8]) -> String {
    let list = cells.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    match cells.len() {
        0 => none.to_string(),
        1 => format!("1 {one} (cell {list})"),
        n => format!("{n} {many} (cells {list})"),
    }
}
