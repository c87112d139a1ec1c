//! The Trace: every state a viewer must show, each paired with the event that produced it.
//!
//! It is the contract between an engine (rules only) and the pictures: the 1 s-per-frame GIF
//! is exactly the Trace's states, one per frame, and the smooth timeline tweens between them
//! (`../shared/DESIGN.md`, "One pipeline").

/// One shown state and the event that led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<S, E> {
    /// The state after the event.
    pub state: S,
    /// What produced this state from the previous step's state (for step 0: the engine's "start").
    pub event: E,
    /// Index (0-based, in characters/moves of the input) of the manipulation that produced this
    /// step, or `None` for the initial state. Several steps can share one manipulation (a turn and
    /// the falls after it).
    pub manipulation: Option<usize>,
}

/// A recorded run: `steps[0]` is the initial state; every later step follows from the one before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace<S, E> {
    /// The shown states in order; never empty once recorded.
    pub steps: Vec<Step<S, E>>,
}

impl<S, E> Trace<S, E> {
    /// A trace holding only the initial state.
    pub fn new(initial: S, start: E) -> Self {
        Trace { steps: vec![Step { state: initial, event: start, manipulation: None }] }
    }

    /// Appends the state produced by `event`, part of manipulation number `manipulation`.
    pub fn push(&mut self, state: S, event: E, manipulation: usize) {
        self.steps.push(Step { state, event, manipulation: Some(manipulation) });
    }

    /// Number of recorded steps (frames of the 1 s animation).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when no step has been recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The last recorded state.
    ///
    /// # Panics
    /// If the trace is empty (a trace built with [`Trace::new`] never is).
    pub fn last(&self) -> &S {
        &self.steps.last().expect("trace is never empty").state
    }
}
