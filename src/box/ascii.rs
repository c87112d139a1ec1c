//! The ASCII picture (spec "Pictures", the x0.65 tier).

use super::geometry::{cell_at, COLS, OPENING, ROWS};
use super::state::BoxState;

/// Draws `state` in its orientation ([`BoxState::turns`]): one character per cell (`. o x @`),
/// spaces where there is no cell, and `*` in the cell just outside the opening (below cell 27 in
/// the standard frame). The standard frame is 6 lines of 7 columns (the 5 x 7 bounding box plus
/// the `*` line); one or three quarter turns give 7 lines of 6 columns.
///
/// Lines are joined with `\n`, trailing spaces removed, no final newline. No line is blank, and the
/// left column is kept (it may be indented by spaces where the box has walls).
pub fn ascii(state: &BoxState) -> String {
    // The standard picture, one extra row for the `*`.
    const H: usize = ROWS + 1;
    const W: usize = COLS;
    let (orow, ocol) = super::geometry::row_col(OPENING);
    let at = |r: usize, c: usize| -> char {
        if r == orow as usize + 1 && c == ocol as usize {
            return '*';
        }
        match cell_at(r as i32, c as i32) {
            Some(cell) => state.cell(cell).as_char(),
            None => ' ',
        }
    };
    let k = state.turns() & 3;
    let (h, w) = if k.is_multiple_of(2) { (H, W) } else { (W, H) };
    let mut out = String::with_capacity(h * (w + 1));
    for r in 0..h {
        let mut line = String::with_capacity(w);
        for c in 0..w {
            // Output (r, c) of a picture turned k times clockwise, read from the standard picture.
            line.push(match k {
                0 => at(r, c),
                1 => at(H - 1 - c, r),
                2 => at(H - 1 - r, W - 1 - c),
                _ => at(c, W - 1 - r),
            });
        }
        if r > 0 {
            out.push('\n');
        }
        out.push_str(line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::rules::apply;
    use crate::r#box::state::Manipulation;

    #[test]
    fn spec_example() {
        let s = BoxState::parse(".........@...o....ooo..xox...").unwrap();
        assert_eq!(ascii(&s), "......\n ...@..\n .o...\n.ooo..\n xox...\n     *");
        let turned = apply(&s, Manipulation::Clockwise).unwrap();
        assert_eq!(ascii(&turned), "  .  .\n .....\n .....\n .o...\n xo.@.\n*ooo..\n x  .");
        let half = apply(&turned, Manipulation::Clockwise).unwrap();
        assert_eq!(ascii(&half).lines().next(), Some(" *"));
        let three = apply(&half, Manipulation::Clockwise).unwrap();
        assert_eq!(ascii(&three).lines().count(), 7);
        assert!(ascii(&three).lines().nth(1).unwrap().ends_with('*'));
    }
}
