//! Recording every frame of the 1 s animation as a [`Trace`] (spec "Pictures", `traces.tsv`).

use crate::trace::Trace;

use super::rules::{fall_once, move_stot, turned, Illegal};
use super::state::{unsupported, BoxState, Manipulation};

/// What produced a recorded step from the previous step's state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoxEvent {
    /// The initial state (step 0 only).
    Start,
    /// The box turned a quarter: `quarter_turns` is `+1` (clockwise) or `-1`. A `|` is recorded
    /// as two clockwise steps: `half_turn_part` `Some(0)` ends at the 90° midpoint, `Some(1)` at
    /// 180°; `None` for `+` and `-`. Nothing moves inside the box.
    Turn {
        /// `+1` clockwise, `-1` counter-clockwise.
        quarter_turns: i8,
        /// For a `|`: which half of it (0 then 1).
        half_turn_part: Option<u8>,
    },
    /// One frame of falling. Bitmasks over the cells of the PREVIOUS step's state (bit `i` = cell
    /// `i`), disjoint: `movers` moved one cell down in screen terms (see
    /// [`down`](super::geometry::down)); `exits` (only ever cell 27, box in the standard
    /// orientation) dropped through the opening and left the box.
    Fall {
        /// Creatures that moved one cell down.
        movers: u32,
        /// Creatures that left through the opening.
        exits: u32,
    },
    /// The stot moved one cell (standard frame) from cell `from` to cell `to`.
    StotMove {
        /// The stot's previous cell.
        from: u8,
        /// The stot's new cell.
        to: u8,
    },
}

/// Where and why a recorded sequence stopped.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Failure {
    /// 0-based index of the illegal manipulation in the moves.
    pub manipulation: usize,
    /// Why it is illegal.
    pub reason: Illegal,
}

/// Records every frame of the 1 s animation of `moves` from `state` (spec "Pictures"; exactly the
/// frames of `traces.tsv`): the initial state; per `+`/`-` the turned box; per `|` the 90°
/// midpoint then the turned box; then one step per one-cell fall (every unsupported creature
/// moves one cell per step, a creature in cell 27 facing down leaves); per stot move one step.
///
/// Each step's `manipulation` is the 0-based index into `moves`.
///
/// Returns the trace and `None` when every manipulation is legal (the last state then equals
/// [`run`](super::rules::run)'s answer). Otherwise the trace stops at the failure and the
/// [`Failure`] names it: for a lost smole the trace includes the fall step in which it leaves;
/// for an illegal stot move nothing is recorded for that move.
pub fn record(state: &BoxState, moves: &[Manipulation]) -> (Trace<BoxState, BoxEvent>, Option<Failure>) {
    let mut trace = Trace::new(*state, BoxEvent::Start);
    let mut cur = *state;
    for (i, &m) in moves.iter().enumerate() {
        match m {
            Manipulation::Clockwise | Manipulation::CounterClockwise => {
                let (q, dir) = if m == Manipulation::Clockwise { (1, 1) } else { (3, -1) };
                cur = turned(&cur, q);
                trace.push(cur, BoxEvent::Turn { quarter_turns: dir, half_turn_part: None }, i);
            }
            Manipulation::HalfTurn => {
                for part in 0..2 {
                    cur = turned(&cur, 1);
                    let event = BoxEvent::Turn { quarter_turns: 1, half_turn_part: Some(part) };
                    trace.push(cur, event, i);
                }
            }
            _ => match move_stot(&cur, m) {
                Ok(next) => {
                    let event = BoxEvent::StotMove { from: cur.stot, to: next.stot };
                    cur = next;
                    trace.push(cur, event, i);
                    continue;
                }
                Err(reason) => return (trace, Some(Failure { manipulation: i, reason })),
            },
        }
        loop {
            let (movers, exits) = unsupported(&cur);
            if movers | exits == 0 {
                break;
            }
            let lost = exits & cur.smoles != 0;
            cur = fall_once(&cur, movers, exits);
            trace.push(cur, BoxEvent::Fall { movers, exits }, i);
            if lost {
                let failure = Failure { manipulation: i, reason: Illegal::SmoleLost };
                return (trace, Some(failure));
            }
        }
    }
    (trace, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#box::state::parse_moves;

    #[test]
    fn hand_worked_fall_with_a_shubble_leaving() {
        // Stot 0, smoles 23 24, shubbles 26 28.
        // `+`: turned frame, then row 4 falls right one cell per frame:
        //   23 x 24 x . 26 o . 28 o -> movers {23, 24, 26}: 24 x 25 x 27 o 28 o
        //   -> movers {24, 25}: 25 x 26 x 27 o 28 o; stable.
        // `-`: turned frame, then 27 drops through the opening (exits {27}); stable.
        let s = BoxState::parse("@......................xx.o.o").unwrap();
        let (trace, failure) = record(&s, &parse_moves("+-").unwrap());
        assert_eq!(failure, None);
        let frames: Vec<String> = trace.steps.iter().map(|st| format!("{}:{}", st.state.turns(), st.state)).collect();
        assert_eq!(
            frames,
            [
                "0:@......................xx.o.o",
                "1:@......................xx.o.o",
                "1:@.......................xx.oo",
                "1:@........................xxoo",
                "0:@........................xxoo",
                "0:@........................xx.o",
            ]
        );
        let events: Vec<BoxEvent> = trace.steps.iter().map(|st| st.event).collect();
        assert_eq!(
            events,
            [
                BoxEvent::Start,
                BoxEvent::Turn { quarter_turns: 1, half_turn_part: None },
                BoxEvent::Fall { movers: 1 << 23 | 1 << 24 | 1 << 26, exits: 0 },
                BoxEvent::Fall { movers: 1 << 24 | 1 << 25, exits: 0 },
                BoxEvent::Turn { quarter_turns: -1, half_turn_part: None },
                BoxEvent::Fall { movers: 0, exits: 1 << 27 },
            ]
        );
        let manips: Vec<Option<usize>> = trace.steps.iter().map(|st| st.manipulation).collect();
        assert_eq!(manips, [None, Some(0), Some(0), Some(0), Some(1), Some(1)]);
    }

    #[test]
    fn half_turn_records_its_midpoint() {
        let s = BoxState::parse("........@..............oxx...").unwrap();
        let (trace, failure) = record(&s, &[Manipulation::HalfTurn]);
        assert_eq!(failure, None);
        assert_eq!(trace.steps[1].state.turns(), 1);
        assert_eq!(trace.steps[1].event, BoxEvent::Turn { quarter_turns: 1, half_turn_part: Some(0) });
        assert_eq!(trace.steps[2].state.turns(), 2);
        assert_eq!(trace.steps[2].event, BoxEvent::Turn { quarter_turns: 1, half_turn_part: Some(1) });
        // Midpoint and turned frames show the same cells; the falls follow.
        assert_eq!(trace.steps[1].state.to_string(), s.to_string());
        assert_eq!(trace.last().to_string(), ".ox.....@.....x..............");
    }

    #[test]
    fn failures_stop_the_trace() {
        // Smole lost: the fall step in which it leaves is recorded, then the failure.
        let s = BoxState::parse("@......................xx...o").unwrap();
        let (trace, failure) = record(&s, &parse_moves("+-<").unwrap());
        assert_eq!(failure, Some(Failure { manipulation: 1, reason: Illegal::SmoleLost }));
        assert_eq!(trace.steps.last().unwrap().event, BoxEvent::Fall { movers: 0, exits: 1 << 27 });
        assert_eq!(trace.last().smole_count(), 1);
        // Illegal stot move: nothing recorded for it.
        let (trace, failure) = record(&s, &parse_moves(">^").unwrap());
        assert_eq!(failure, Some(Failure { manipulation: 1, reason: Illegal::StotIntoWall }));
        assert_eq!(trace.len(), 2);
        assert_eq!(trace.steps[1].event, BoxEvent::StotMove { from: 0, to: 1 });
    }
}
