//! Recording a route as a [`Trace`]: one frame per executed command (the 1 s-per-frame GIF
//! shows exactly these), each paired with the [`StepReport`] that produced it.
//!
//! Two forms:
//! * [`record`]: `Trace<Mine, MineEvent>`, a full clone of the mine per step. Simple; costs
//!   about `width × height` bytes per step (1 MB per step on a 1000 × 1000 map: a 200-step
//!   route takes ~200 MB and well under a second). Fine for the contest maps.
//! * [`record_compact`]: a [`Recording`] whose trace holds a small [`Frame`] per step (robot,
//!   counters, ending; the event says which cells changed), plus full checkpoints every
//!   `interval` steps, with `interval` chosen so that checkpoints cost about 16 KB per step
//!   whatever the map size; [`Recording::state_at`] rebuilds the whole mine at any step by
//!   replaying at most `interval − 1` steps from the nearest checkpoint. Use this for big maps.
//!
//! Frames: `steps[0]` is the initial state (event [`MineEvent::Start`], no manipulation); then
//! one per command character that was executed (`A` included: it ends the game; characters that
//! are not commands and commands after the end produce no frame). `manipulation` is the
//! 0-based character index in the route. A route that runs out adds no frame: its implicit
//! abort is in [`Mine::outcome`] / [`Recording::outcome`].

use super::ending::Ending;
use super::map::{Mine, Pos};
use super::score::Outcome;
use super::step::{Command, StepReport};
use crate::trace::Trace;

/// A trace event: the start, or one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MineEvent {
    /// The initial state (frame 0).
    Start,
    /// A command was executed; what it did.
    Step(StepReport),
}

/// The small per-step state kept by [`record_compact`]; the grid is in the [`Recording`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Robot position.
    pub robot: Pos,
    /// Moves made so far.
    pub moves: usize,
    /// Score so far (with the ending's bonus once ended).
    pub score: i64,
    /// Lambdas collected.
    pub lambdas: usize,
    /// Water level in rows.
    pub water_level: usize,
    /// Razors carried.
    pub razors: usize,
    /// Consecutive steps under water.
    pub steps_under_water: usize,
    /// Ending, once the game has ended.
    pub ending: Option<Ending>,
}

impl Frame {
    fn of(m: &Mine) -> Frame {
        Frame {
            robot: m.robot(),
            moves: m.moves(),
            score: m.score(),
            lambdas: m.lambdas_collected(),
            water_level: m.water_level(),
            razors: m.razors(),
            steps_under_water: m.steps_under_water(),
            ending: m.ending(),
        }
    }
}

/// Runs `route` on a copy of `mine`, keeping a full clone of the mine after every step
/// (see the module doc for the cost).
pub fn record(mine: &Mine, route: &str) -> Trace<Mine, MineEvent> {
    let mut m = mine.clone();
    let mut trace = Trace::new(m.clone(), MineEvent::Start);
    for (i, ch) in route.chars().enumerate() {
        if m.ending().is_some() {
            break;
        }
        if let Some(c) = Command::from_char(ch) {
            let rep = m.step(c);
            trace.push(m.clone(), MineEvent::Step(rep), i);
        }
    }
    trace
}

/// A compact recording: small frames plus checkpoints (see the module doc).
#[derive(Clone, Debug)]
pub struct Recording {
    /// One [`Frame`] per step with its event; `trace.steps[i]` matches [`Recording::state_at`]`(i)`.
    pub trace: Trace<Frame, MineEvent>,
    /// Full states at steps 0, interval, 2 × interval, ...
    checkpoints: Vec<Mine>,
    interval: usize,
    /// The command of step i (i ≥ 1) is `commands[i - 1]`.
    commands: Vec<Command>,
    final_outcome: Outcome,
}

/// Runs `route` on a copy of `mine`, keeping [`Frame`]s and checkpoints (see the module doc).
pub fn record_compact(mine: &Mine, route: &str) -> Recording {
    let area = (mine.width() + 2) * (mine.height() + 2);
    let interval = (area / 16_384).max(1);
    let mut m = mine.clone();
    let mut trace = Trace::new(Frame::of(&m), MineEvent::Start);
    let mut checkpoints = vec![m.clone()];
    let mut commands = Vec::new();
    for (i, ch) in route.chars().enumerate() {
        if m.ending().is_some() {
            break;
        }
        if let Some(c) = Command::from_char(ch) {
            let rep = m.step(c);
            commands.push(c);
            trace.push(Frame::of(&m), MineEvent::Step(rep), i);
            if commands.len() % interval == 0 {
                checkpoints.push(m.clone());
            }
        }
    }
    Recording { trace, checkpoints, interval, commands, final_outcome: m.outcome() }
}

impl Recording {
    /// Number of frames (steps executed + 1).
    pub fn len(&self) -> usize {
        self.trace.len()
    }

    /// Never true: a recording holds at least the initial frame.
    pub fn is_empty(&self) -> bool {
        self.trace.is_empty()
    }

    /// Steps between checkpoints.
    pub fn interval(&self) -> usize {
        self.interval
    }

    /// The whole mine at frame `i` (0 = initial), rebuilt from the nearest checkpoint.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn state_at(&self, i: usize) -> Mine {
        assert!(i < self.len(), "frame {i} out of range ({} frames)", self.len());
        let cp = i / self.interval;
        let mut m = self.checkpoints[cp].clone();
        for &c in &self.commands[cp * self.interval..i] {
            m.step(c);
        }
        m
    }

    /// The outcome of the whole route (a route that ran out scores as an abort).
    pub fn outcome(&self) -> Outcome {
        self.final_outcome
    }
}
