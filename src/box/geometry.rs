//! Cell numbering and neighbours (spec "Geometry and cell numbering").
//!
//! The 29 cells lie on a 5 rows x 7 columns bounding box in the standard (unrotated) frame:
//!
//! ```text
//!       col: 0  1  2  3  4  5  6
//!   row 0:   0  1  2  3  4  5  #
//!   row 1:   # 6  7  8  9 10 11
//!   row 2:   # 12 13 14 15 16  #
//!   row 3:  17 18 19 20 21 22  #
//!   row 4:   # 23 24 25 26 27 28
//!                           H      (the opening, under cell 27)
//! ```
//!
//! Turning the box `k` clockwise quarter turns makes screen-down point, in the standard frame,
//! down (k = 0), right (1), up (2), left (3).

/// Number of cells in the box.
pub const CELLS: usize = 29;

/// The cell whose floor has the opening (the spec's figure calls it "cell 28", counting from 1).
pub const OPENING: u8 = 27;

/// Rows of the bounding box.
pub const ROWS: usize = 5;
/// Columns of the bounding box.
pub const COLS: usize = 7;

/// Marker for "no cell" in the internal tables.
pub(crate) const NONE: u8 = u8::MAX;

/// The standard frame: cell index per (row, col), [`NONE`] for walls.
const GRID: [[u8; COLS]; ROWS] = {
    const W: u8 = NONE;
    [
        [0, 1, 2, 3, 4, 5, W],
        [W, 6, 7, 8, 9, 10, 11],
        [W, 12, 13, 14, 15, 16, W],
        [17, 18, 19, 20, 21, 22, W],
        [W, 23, 24, 25, 26, 27, 28],
    ]
};

/// (row, col) of every cell in the standard frame.
const ROW_COL: [(u8, u8); CELLS] = {
    let mut t = [(0u8, 0u8); CELLS];
    let mut r = 0;
    while r < ROWS {
        let mut c = 0;
        while c < COLS {
            let cell = GRID[r][c];
            if cell != NONE {
                t[cell as usize] = (r as u8, c as u8);
            }
            c += 1;
        }
        r += 1;
    }
    t
};

/// Standard-frame step (d_row, d_col) of screen-down after `k` clockwise quarter turns.
/// Index 0..3 also gives the stot moves `v`, `>`, `^`, `<` (see [`DIR_DOWN`] etc.).
const DELTA: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Index into [`STEP`] of the standard-frame direction down (`v`).
pub(crate) const DIR_DOWN: usize = 0;
/// Index into [`STEP`] of the standard-frame direction right (`>`).
pub(crate) const DIR_RIGHT: usize = 1;
/// Index into [`STEP`] of the standard-frame direction up (`^`).
pub(crate) const DIR_UP: usize = 2;
/// Index into [`STEP`] of the standard-frame direction left (`<`).
pub(crate) const DIR_LEFT: usize = 3;

const fn cell_at_const(row: i32, col: i32) -> u8 {
    if row < 0 || col < 0 || row >= ROWS as i32 || col >= COLS as i32 {
        NONE
    } else {
        GRID[row as usize][col as usize]
    }
}

/// `STEP[d][cell]`: the neighbour of `cell` one step in standard direction `d`
/// ([`DIR_DOWN`], [`DIR_RIGHT`], [`DIR_UP`], [`DIR_LEFT`]), or [`NONE`].
/// Screen-down after `k` quarter turns is `STEP[k]`, screen-up is `STEP[(k + 2) % 4]`.
pub(crate) const STEP: [[u8; CELLS]; 4] = {
    let mut t = [[NONE; CELLS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut cell = 0;
        while cell < CELLS {
            let (r, c) = ROW_COL[cell];
            t[d][cell] = cell_at_const(r as i32 + DELTA[d].0, c as i32 + DELTA[d].1);
            cell += 1;
        }
        d += 1;
    }
    t
};

/// Per orientation `k`: the bottom cells (in screen terms) of every gravity line of two or more
/// cells, i.e. the cells with no cell below them but one above. Lines of one cell never move,
/// except over the opening, which is a line of five.
pub(crate) const BOTTOMS: [([u8; 8], usize); 4] = {
    let mut t = [([NONE; 8], 0usize); 4];
    let mut k = 0;
    while k < 4 {
        let mut cell = 0;
        while cell < CELLS {
            if STEP[k][cell] == NONE && STEP[(k + 2) % 4][cell] != NONE {
                let n = t[k].1;
                t[k].0[n] = cell as u8;
                t[k].1 = n + 1;
            }
            cell += 1;
        }
        k += 1;
    }
    t
};

/// Per orientation `k` and per entry of [`BOTTOMS`]: bitmask of the cells of that gravity line.
pub(crate) const LINE_MASKS: [[u32; 8]; 4] = {
    let mut t = [[0u32; 8]; 4];
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < BOTTOMS[k].1 {
            let mut c = BOTTOMS[k].0[i];
            while c != NONE {
                t[k][i] |= 1 << c;
                c = STEP[(k + 2) % 4][c as usize];
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// Position `(row, col)` of `cell` on the 5 rows x 7 columns bounding box, standard frame
/// (row 0 at the top, col 0 at the left).
///
/// # Panics
/// If `cell >= 29`.
pub fn row_col(cell: u8) -> (u8, u8) {
    ROW_COL[cell as usize]
}

/// The cell at `(row, col)` of the bounding box in the standard frame; the inverse of
/// [`row_col`]. `None` for a wall or outside the bounding box (the opening is outside).
pub fn cell_at(row: i32, col: i32) -> Option<u8> {
    match cell_at_const(row, col) {
        NONE => None,
        cell => Some(cell),
    }
}

/// The neighbour "below" `cell` in screen terms when the box is turned `turns` clockwise quarter
/// turns (taken modulo 4): standard-frame down, right, up, left for 0, 1, 2, 3.
/// `None` for a wall or the edge; also `None` under [`OPENING`] at `turns == 0` (the opening
/// leads out of the box, not to a cell).
///
/// # Panics
/// If `cell >= 29`.
pub fn down(cell: u8, turns: u8) -> Option<u8> {
    match STEP[(turns & 3) as usize][cell as usize] {
        NONE => None,
        c => Some(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_col_and_cell_at_are_inverse() {
        for cell in 0..CELLS as u8 {
            let (r, c) = row_col(cell);
            assert_eq!(cell_at(r as i32, c as i32), Some(cell));
        }
        assert_eq!(row_col(17), (3, 0));
        assert_eq!(row_col(28), (4, 6));
        assert_eq!(cell_at(0, 6), None);
        assert_eq!(cell_at(5, 5), None);
        assert_eq!(cell_at(-1, 0), None);
    }

    #[test]
    fn down_in_every_orientation() {
        // The cells above the opening, top to bottom: 5, 10, 16, 22, 27.
        assert_eq!(down(5, 0), Some(10));
        assert_eq!(down(22, 0), Some(27));
        assert_eq!(down(OPENING, 0), None);
        assert_eq!(down(9, 1), Some(10));
        assert_eq!(down(9, 2), Some(4));
        assert_eq!(down(9, 3), Some(8));
        assert_eq!(down(6, 3), None);
        assert_eq!(down(0, 0), None);
    }

    #[test]
    fn gravity_lines() {
        // Standard frame: columns 1..5 are lines of five; columns 0 and 6 are single cells.
        assert_eq!(BOTTOMS[0].1, 5);
        assert_eq!(&BOTTOMS[0].0[..5], &[23, 24, 25, 26, 27]);
        // Turned once: gravity points right; every row is one line.
        assert_eq!(&BOTTOMS[1].0[..BOTTOMS[1].1], &[5, 11, 16, 22, 28]);
        let all: u32 = LINE_MASKS[1].iter().fold(0, |a, m| a | m);
        assert_eq!(all, (1 << CELLS) - 1);
    }
}
