//! The box state, its text form, and the manipulations (spec "Geometry", "Manipulations").
//!
//! A state knows when it is stable: [`unsupported`] finds the creatures that would fall, which
//! [`BoxState::parse`] refuses. The rules (`rules.rs`, `record.rs`) import the state and this
//! test to turn, settle and move; the state imports no rule.

use std::fmt;
use std::str::FromStr;

use super::error::BoxError;
use super::geometry::{BOTTOMS, CELLS, DIR_DOWN, DIR_LEFT, DIR_RIGHT, DIR_UP, NONE, OPENING, STEP};

/// Most shubbles a box can hold (spec "Geometry": 0..26).
pub const MAX_SHUBBLES: u32 = 26;

/// What occupies one cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// `.`: nothing.
    Empty,
    /// `o`: a shubble (falls; may leave through the opening).
    Shubble,
    /// `x`: a smole (falls; must never leave).
    Smole,
    /// `@`: the stot (never falls; moved by `<` `>` `^` `v`).
    Stot,
}

impl Cell {
    /// The state-string character: `.`, `o`, `x` or `@`.
    pub fn as_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Shubble => 'o',
            Cell::Smole => 'x',
            Cell::Stot => '@',
        }
    }

    /// Inverse of [`Cell::as_char`]; `None` for any other character.
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'o' => Some(Cell::Shubble),
            'x' => Some(Cell::Smole),
            '@' => Some(Cell::Stot),
            _ => None,
        }
    }
}

/// The whole box: who is in which cell, and how far the box is turned.
///
/// Two `u32` bitmasks (bit `i` = cell `i`), the stot's cell and the orientation: `Copy`, 12 bytes.
/// Only [`BoxState::parse`] and the rules build one, so every value is a legal, stable state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoxState {
    pub(crate) shubbles: u32,
    pub(crate) smoles: u32,
    pub(crate) stot: u8,
    pub(crate) turns: u8,
}

impl BoxState {
    /// Parses a 29-character state string (spec "Geometry"), box in the standard orientation.
    ///
    /// Checks, in this order: not empty; every character one of `. o x @` (so internal or
    /// surrounding whitespace is rejected with its position: trim line ends before calling);
    /// exactly 29 characters; exactly one stot; at most 26 shubbles; exactly two smoles; stable
    /// (no creature would fall, and none sits over the opening, cell 27).
    ///
    /// # Errors
    /// The first failed check as a [`BoxError`]; character positions are 1-based.
    pub fn parse(s: &str) -> Result<BoxState, BoxError> {
        if s.is_empty() {
            return Err(BoxError::EmptyState);
        }
        let mut cells = Vec::with_capacity(CELLS);
        for (i, ch) in s.chars().enumerate() {
            match Cell::from_char(ch) {
                Some(cell) => cells.push(cell),
                None => return Err(BoxError::StateChar { position: i + 1, found: ch }),
            }
        }
        if cells.len() != CELLS {
            return Err(BoxError::StateLength { found: cells.len() });
        }
        let mut state = BoxState { shubbles: 0, smoles: 0, stot: 0, turns: 0 };
        let mut stots = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            match cell {
                Cell::Empty => {}
                Cell::Shubble => state.shubbles |= 1 << i,
                Cell::Smole => state.smoles |= 1 << i,
                Cell::Stot => stots.push(i as u8),
            }
        }
        if stots.len() != 1 {
            return Err(BoxError::StotCount { cells: stots });
        }
        state.stot = stots[0];
        if state.shubble_count() > MAX_SHUBBLES {
            return Err(BoxError::TooManyShubbles { count: state.shubble_count() });
        }
        if state.smole_count() != 2 {
            return Err(BoxError::SmoleCount { cells: cells_of(state.smoles) });
        }
        let (movers, exits) = unsupported(&state);
        let falling = movers | exits;
        if falling != 0 {
            // The lowest falling creature in the standard frame (highest index): the one directly
            // over the gap or the opening.
            return Err(BoxError::Unstable { cell: (31 - falling.leading_zeros()) as u8 });
        }
        Ok(state)
    }

    /// What is in cell `i` (0-based, spec numbering).
    ///
    /// # Panics
    /// If `i >= 29`.
    pub fn cell(&self, i: u8) -> Cell {
        assert!((i as usize) < CELLS, "cell {i} out of range 0..29");
        if self.stot == i {
            Cell::Stot
        } else if self.shubbles >> i & 1 == 1 {
            Cell::Shubble
        } else if self.smoles >> i & 1 == 1 {
            Cell::Smole
        } else {
            Cell::Empty
        }
    }

    /// Orientation of the box: clockwise quarter turns from the standard frame, `0..=3`.
    pub fn turns(&self) -> u8 {
        self.turns
    }

    /// Number of shubbles still in the box (0..=26).
    pub fn shubble_count(&self) -> u32 {
        self.shubbles.count_ones()
    }

    /// Number of smoles in the box (2 in any state the rules produce).
    pub fn smole_count(&self) -> u32 {
        self.smoles.count_ones()
    }

    /// The stot's cell (0-based).
    pub fn stot(&self) -> u8 {
        self.stot
    }

    /// Bitmask of the shubbles' cells (bit `i` = cell `i`).
    pub fn shubble_mask(&self) -> u32 {
        self.shubbles
    }

    /// Bitmask of the smoles' cells (bit `i` = cell `i`).
    pub fn smole_mask(&self) -> u32 {
        self.smoles
    }

    /// True when a creature sits in [`OPENING`] (it would leave if the box faced standard-down).
    pub fn over_opening(&self) -> bool {
        (self.shubbles | self.smoles) >> OPENING & 1 == 1
    }
}

/// The ascending list of cells set in `mask`.
pub(crate) fn cells_of(mask: u32) -> Vec<u8> {
    (0..CELLS as u8).filter(|i| mask >> i & 1 == 1).collect()
}

impl fmt::Display for BoxState {
    /// The 29-character state string in standard cell order (the orientation is not shown).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; CELLS];
        for (i, b) in buf.iter_mut().enumerate() {
            *b = self.cell(i as u8).as_char() as u8;
        }
        f.write_str(std::str::from_utf8(&buf).expect("ASCII"))
    }
}

impl FromStr for BoxState {
    type Err = BoxError;
    /// Same as [`BoxState::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BoxState::parse(s)
    }
}

/// One manipulation of the box (spec "Manipulations"). Stot moves are in the standard frame,
/// whatever the box's orientation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Manipulation {
    /// `+`: turn the box 90° clockwise, then settle.
    Clockwise,
    /// `-`: turn the box 90° counter-clockwise, then settle.
    CounterClockwise,
    /// `|`: turn the box 180° in one go, then settle once (not `++`).
    HalfTurn,
    /// `<`: stot one cell left (standard frame).
    Left,
    /// `>`: stot one cell right (standard frame).
    Right,
    /// `^`: stot one cell up (standard frame).
    Up,
    /// `v`: stot one cell down (standard frame).
    Down,
}

impl Manipulation {
    /// All seven manipulations, in the order `+ - | < > ^ v`.
    pub const ALL: [Manipulation; 7] = [
        Manipulation::Clockwise,
        Manipulation::CounterClockwise,
        Manipulation::HalfTurn,
        Manipulation::Left,
        Manipulation::Right,
        Manipulation::Up,
        Manipulation::Down,
    ];

    /// The manipulation written `c` (`+ - | < > ^ v`), or `None`.
    pub fn from_char(c: char) -> Option<Self> {
        Some(match c {
            '+' => Manipulation::Clockwise,
            '-' => Manipulation::CounterClockwise,
            '|' => Manipulation::HalfTurn,
            '<' => Manipulation::Left,
            '>' => Manipulation::Right,
            '^' => Manipulation::Up,
            'v' => Manipulation::Down,
            _ => return None,
        })
    }

    /// The character that writes this manipulation.
    pub fn as_char(self) -> char {
        match self {
            Manipulation::Clockwise => '+',
            Manipulation::CounterClockwise => '-',
            Manipulation::HalfTurn => '|',
            Manipulation::Left => '<',
            Manipulation::Right => '>',
            Manipulation::Up => '^',
            Manipulation::Down => 'v',
        }
    }

    /// Clockwise quarter turns of a box turn (1, 3 or 2), or `None` for a stot move.
    pub fn quarter_turns(self) -> Option<u8> {
        match self {
            Manipulation::Clockwise => Some(1),
            Manipulation::CounterClockwise => Some(3),
            Manipulation::HalfTurn => Some(2),
            _ => None,
        }
    }

    /// For a stot move, the internal standard-frame direction index (see `geometry::STEP`).
    pub(crate) fn stot_dir(self) -> Option<usize> {
        match self {
            Manipulation::Down => Some(DIR_DOWN),
            Manipulation::Right => Some(DIR_RIGHT),
            Manipulation::Up => Some(DIR_UP),
            Manipulation::Left => Some(DIR_LEFT),
            _ => None,
        }
    }
}

impl fmt::Display for Manipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// Parses a manipulation string such as `+<<^-` (spec "Manipulations"). The empty string is a
/// legal, empty sequence.
///
/// # Errors
/// [`BoxError::MoveChar`] naming the first character (1-based) that is not one of
/// `+ - | < > ^ v` (whitespace included: trim line ends before calling).
pub fn parse_moves(s: &str) -> Result<Vec<Manipulation>, BoxError> {
    s.chars()
        .enumerate()
        .map(|(i, c)| Manipulation::from_char(c).ok_or(BoxError::MoveChar { position: i + 1, found: c }))
        .collect()
}

/// One frame of falling (spec "Pictures", `traces.tsv`): the creatures that are not supported
/// (nothing solid under them, or only other unsupported creatures) in the current gravity.
///
/// Returns `(movers, exits)`: bitmasks over the cells of `state`; `movers` move one cell down in
/// screen terms, `exits` (only cell 27 with `turns == 0`) drop through the opening. Disjoint.
pub(crate) fn unsupported(state: &BoxState) -> (u32, u32) {
    let k = state.turns as usize;
    let up = &STEP[(k + 2) & 3];
    let creatures = state.shubbles | state.smoles;
    let (bottoms, n) = &BOTTOMS[k];
    let mut movers = 0u32;
    let mut exits = 0u32;
    for &bottom in &bottoms[..*n] {
        let opening = k == 0 && bottom == OPENING;
        let mut supported = !opening;
        let mut c = bottom;
        while c != NONE {
            let bit = 1u32 << c;
            if c == state.stot {
                supported = true;
            } else if creatures & bit != 0 {
                if !supported {
                    if opening && c == OPENING {
                        exits |= bit;
                    } else {
                        movers |= bit;
                    }
                }
            } else {
                supported = false;
            }
            c = up[c as usize];
        }
    }
    (movers, exits)
}
