//! The rules: turning, settling, moving the stot (spec "Manipulations", "Output").
//!
//! [`apply`] is the fast path: a turn settles the whole box in one pass per gravity line
//! (precomputed per orientation), a stot move is a few table look-ups; nothing allocates.
//!
//! The rules import the state ([`BoxState`]; `record.rs` also its test of what falls), never
//! the other way round.

use std::fmt;

use super::geometry::{BOTTOMS, LINE_MASKS, NONE, OPENING, STEP};
use super::state::{BoxState, Manipulation};

/// Why a manipulation is not allowed (spec "Manipulations"; the output for all of them is `!`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Illegal {
    /// The stot's target is a wall or outside the bounding box.
    StotIntoWall,
    /// The stot's target holds a shubble or a smole.
    StotIntoCreature,
    /// The stot would go down through the opening under cell 27.
    StotThroughOpening,
    /// A creature rests on the stot (the cell above it, in the current gravity, holds one).
    CreatureOnStot,
    /// A smole dropped through the opening and left the box.
    SmoleLost,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::StotIntoWall => "the stot cannot move into a wall",
            Illegal::StotIntoCreature => "the stot cannot move into a cell that holds a creature",
            Illegal::StotThroughOpening => "the stot cannot leave through the opening",
            Illegal::CreatureOnStot => "the stot cannot move while a creature rests on it",
            Illegal::SmoleLost => "a smole dropped through the opening and left the box",
        })
    }
}

impl std::error::Error for Illegal {}

/// Applies one manipulation: a turn followed by the complete settle, or one stot move.
///
/// Fast path (no trace, no allocation). Shubbles that drop through the opening (only when
/// `turns == 0` after the turn) are removed.
///
/// # Errors
/// [`Illegal::SmoleLost`] if a smole drops through the opening; for a stot move
/// [`Illegal::StotIntoWall`], [`Illegal::StotThroughOpening`], [`Illegal::StotIntoCreature`] or
/// [`Illegal::CreatureOnStot`] (checked in that order).
#[inline]
pub fn apply(state: &BoxState, m: Manipulation) -> Result<BoxState, Illegal> {
    match m {
        Manipulation::Clockwise => settle(turned(state, 1)),
        Manipulation::CounterClockwise => settle(turned(state, 3)),
        Manipulation::HalfTurn => settle(turned(state, 2)),
        Manipulation::Left | Manipulation::Right | Manipulation::Up | Manipulation::Down => move_stot(state, m),
    }
}

/// Applies `moves` in order (spec "Output").
///
/// # Errors
/// `(index, reason)`: the 0-based index in `moves` of the first illegal manipulation.
pub fn run(state: &BoxState, moves: &[Manipulation]) -> Result<BoxState, (usize, Illegal)> {
    let mut s = *state;
    for (i, &m) in moves.iter().enumerate() {
        s = apply(&s, m).map_err(|e| (i, e))?;
    }
    Ok(s)
}

/// The same cells, box turned `quarter_turns` more clockwise; nothing moves.
#[inline]
pub(crate) fn turned(state: &BoxState, quarter_turns: u8) -> BoxState {
    BoxState { turns: (state.turns + quarter_turns) & 3, ..*state }
}

/// Moves the stot one cell in the standard frame (`m` must be a stot move).
#[inline]
pub(crate) fn move_stot(state: &BoxState, m: Manipulation) -> Result<BoxState, Illegal> {
    let dir = m.stot_dir().expect("a stot move");
    let from = state.stot;
    let to = STEP[dir][from as usize];
    let creatures = state.shubbles | state.smoles;
    if to == NONE {
        return Err(if from == OPENING && m == Manipulation::Down {
            Illegal::StotThroughOpening
        } else {
            Illegal::StotIntoWall
        });
    }
    if creatures >> to & 1 == 1 {
        return Err(Illegal::StotIntoCreature);
    }
    let above = STEP[(state.turns as usize + 2) & 3][from as usize];
    if above != NONE && creatures >> above & 1 == 1 {
        return Err(Illegal::CreatureOnStot);
    }
    Ok(BoxState { stot: to, ..*state })
}

/// Lets everything fall until stable, in the current orientation: one pass per gravity line,
/// bottom to top, packing the creatures onto the floor, the stot, or out through the opening.
#[inline]
pub(crate) fn settle(mut s: BoxState) -> Result<BoxState, Illegal> {
    let k = s.turns as usize;
    let up = &STEP[(k + 2) & 3];
    let (bottoms, n) = &BOTTOMS[k];
    for (i, &bottom) in bottoms[..*n].iter().enumerate() {
        let creatures = s.shubbles | s.smoles;
        if creatures & LINE_MASKS[k][i] == 0 {
            continue;
        }
        // `floor`: the cell the next creature up the line lands in; NONE while creatures still
        // drop out through the opening.
        let mut floor = if k == 0 && bottom == OPENING { NONE } else { bottom };
        let mut c = bottom;
        while c != NONE {
            let bit = 1u32 << c;
            if c == s.stot {
                floor = up[c as usize];
            } else if creatures & bit != 0 {
                if floor == NONE {
                    if s.smoles & bit != 0 {
                        return Err(Illegal::SmoleLost);
                    }
                    s.shubbles &= !bit;
                } else {
                    if floor != c {
                        let to = 1u32 << floor;
                        if s.shubbles & bit != 0 {
                            s.shubbles ^= bit | to;
                        } else {
                            s.smoles ^= bit | to;
                        }
                    }
                    floor = up[floor as usize];
                }
            }
            c = up[c as usize];
        }
    }
    Ok(s)
}

/// Moves `movers` one cell down (screen terms) and removes `exits`, as found by [`unsupported`].
pub(crate) fn fall_once(state: &BoxState, movers: u32, exits: u32) -> BoxState {
    let down = &STEP[state.turns as usize];
    let mut s = *state;
    s.shubbles &= !(movers | exits);
    s.smoles &= !(movers | exits);
    let mut m = movers;
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let to = 1u32 << down[c as usize];
        if state.shubbles >> c & 1 == 1 {
            s.shubbles |= to;
        } else {
            s.smoles |= to;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::state::{parse_moves, unsupported};

    fn st(s: &str) -> BoxState {
        BoxState::parse(s).unwrap()
    }

    fn go(s: &str, moves: &str) -> Result<String, (usize, Illegal)> {
        run(&st(s), &parse_moves(moves).unwrap()).map(|b| b.to_string())
    }

    #[test]
    fn spec_example_clockwise() {
        // Figure 1(a) turned once (spec "Pictures"): gravity points standard-right.
        let s = apply(&st(".........@...o....ooo..xox..."), Manipulation::Clockwise).unwrap();
        assert_eq!(s.turns(), 1);
        assert_eq!(s.to_string(), ".........@......o...ooo...xox");
    }

    #[test]
    fn half_turn_is_not_two_quarter_turns() {
        // Stot 8, shubble 23, smoles 24 and 25.
        // `|`: gravity up at once: 23 -> 1, 24 -> 2, 25 -> 14 (stopped under the stot at 8).
        // `++`: first gravity right: row 4 packs to 26 o, 27 x, 28 x; then gravity up:
        // 26 -> 4, 27 -> 5, 28 stays (walls above it).
        let start = "........@..............oxx...";
        assert_eq!(go(start, "|"), Ok(".ox.....@.....x..............".into()));
        assert_eq!(go(start, "++"), Ok("....ox..@...................x".into()));
    }

    #[test]
    fn stot_moves_in_the_standard_frame_when_turned() {
        // Stot 9; turned once (gravity right), `^` still goes to 4 and `>` to 10.
        let s = apply(&st(".........@.............xx...."), Manipulation::Clockwise).unwrap();
        assert_eq!(s.turns(), 1);
        assert_eq!(apply(&s, Manipulation::Up).unwrap().stot(), 4);
        assert_eq!(apply(&s, Manipulation::Right).unwrap().stot(), 10);
        assert_eq!(apply(&s, Manipulation::Down).unwrap().stot(), 15);
        assert_eq!(apply(&s, Manipulation::Left).unwrap().stot(), 8);
    }

    #[test]
    fn creature_resting_on_the_stot() {
        // Standard frame: a shubble in 4 rests on the stot in 9.
        let s = st("....o....@.............xx....");
        assert_eq!(apply(&s, Manipulation::Left), Err(Illegal::CreatureOnStot));
        // Shubble 20 on smole 25, stot 21, smole 24. In the standard frame nothing rests on the
        // stot (15 is empty), so it may go up.
        let s = st("....................o@..xx...");
        assert_eq!(apply(&s, Manipulation::Up).unwrap().stot(), 15);
        // Turned once, gravity points right: row 4 packs to 27, 28 and the shubble in 20 now
        // rests on the stot in 21 ("above" is the cell to its left).
        let s = apply(&s, Manipulation::Clockwise).unwrap();
        assert_eq!(s.to_string(), "....................o@.....xx");
        assert_eq!(apply(&s, Manipulation::Up), Err(Illegal::CreatureOnStot));
        assert_eq!(apply(&s, Manipulation::Down), Err(Illegal::CreatureOnStot));
    }

    #[test]
    fn stot_move_errors() {
        let s = st(".......................xx..@.");
        assert_eq!(apply(&s, Manipulation::Down), Err(Illegal::StotThroughOpening));
        let s = st("@......................xx....");
        assert_eq!(apply(&s, Manipulation::Up), Err(Illegal::StotIntoWall));
        assert_eq!(apply(&s, Manipulation::Down), Err(Illegal::StotIntoWall));
        assert_eq!(apply(&s, Manipulation::Left), Err(Illegal::StotIntoWall));
        let s = st(".......................o@xx..");
        assert_eq!(apply(&s, Manipulation::Left), Err(Illegal::StotIntoCreature));
    }

    #[test]
    fn shubble_leaves_and_smole_lost() {
        // Smoles 23, 24, shubbles 26, 28. `+` packs row 4 right: x 25, x 26, o 27, o 28.
        // `-` faces the opening down again: the shubble in 27 drops out.
        let start = "@......................xx.o.o";
        assert_eq!(go(start, "+"), Ok("@........................xxoo".into()));
        assert_eq!(go(start, "+-"), Ok("@........................xx.o".into()));
        // Smoles 23, 24, shubble 28: `+` puts a smole in 27; `-` loses it.
        assert_eq!(go("@......................xx...o", "+-"), Err((1, Illegal::SmoleLost)));
        // The same box turned the other way keeps everything.
        assert!(go("@......................xx...o", "-+").is_ok());
    }

    #[test]
    fn unstable_detection() {
        let s = BoxState { shubbles: 1 << OPENING | 1 << 22, ..st("@......................xx....") };
        assert_eq!(unsupported(&s), (1 << 22, 1 << OPENING));
        let after = fall_once(&s, 1 << 22, 1 << OPENING);
        assert_eq!(after.to_string(), "@......................xx..o.");
    }
}
