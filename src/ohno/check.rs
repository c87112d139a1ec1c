//! Checking a partly filled board for the errors a player can make (spec "Deductions", last
//! paragraph): marks for the play mode.

use std::fmt;

use super::board::{Board, Cell, Dir};

/// An error visible on a (partly filled) board. Positions are 0-based `(row, col)`;
/// [`fmt::Display`] writes them 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerError {
    /// A number closed in (every direction ends at a red cell or the edge) that sees fewer
    /// blues than its number.
    TooFew {
        /// 0-based row of the number.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Its number.
        number: u8,
        /// How many blues it sees.
        sees: usize,
    },
    /// A number that already sees more blues than its number.
    TooMany {
        /// 0-based row of the number.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Its number.
        number: u8,
        /// How many blues it sees.
        sees: usize,
    },
    /// A plain blue cell whose four neighbours are red or the edge: it sees nothing.
    Isolated {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayerError::TooFew { row, col, number, sees } => {
                write!(f, "the {number} at row {}, column {} is closed in and sees only {sees}", row + 1, col + 1)
            }
            PlayerError::TooMany { row, col, number, sees } => {
                write!(f, "the {number} at row {}, column {} sees {sees}, too many", row + 1, col + 1)
            }
            PlayerError::Isolated { row, col } => {
                write!(f, "the blue at row {}, column {} is closed in and sees nothing", row + 1, col + 1)
            }
        }
    }
}

/// The player errors on `board`, in row-major order of the cell concerned. A complete board
/// with no error is a valid solution (of the givens it holds).
pub fn check(board: &Board) -> Vec<PlayerError> {
    let n = board.size();
    let mut out = Vec::new();
    for row in 0..n {
        for col in 0..n {
            match board.cell(row, col) {
                Cell::Number(k) => {
                    let sees = board.view(row, col);
                    let closed = Dir::ALL.iter().all(|&d| {
                        board
                            .ray(row, col, d)
                            .find(|&(r, c)| !board.cell(r, c).is_blue())
                            .is_none_or(|(r, c)| board.cell(r, c).is_red())
                    });
                    if sees > k as usize {
                        out.push(PlayerError::TooMany { row, col, number: k, sees });
                    } else if closed && sees < k as usize {
                        out.push(PlayerError::TooFew { row, col, number: k, sees });
                    }
                }
                Cell::Blue => {
                    let closed = Dir::ALL
                        .iter()
                        .all(|&d| board.neighbour(row, col, d).is_none_or(|(r, c)| board.cell(r, c).is_red()));
                    if closed {
                        out.push(PlayerError::Isolated { row, col });
                    }
                }
                _ => {}
            }
        }
    }
    out
}

impl Board {
    /// True if `self` is a complete board obeying both rules and keeping `puzzle`'s givens
    /// ([`Board::agrees_with`] and an empty [`check`]). Written here, not in `board.rs`: the
    /// board knows nothing of how it is checked.
    pub fn is_solution_of(&self, puzzle: &Board) -> bool {
        self.is_complete() && self.agrees_with(puzzle) && check(self).is_empty()
    }
}
