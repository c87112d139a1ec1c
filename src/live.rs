//! Live play: an engine's game a person plays in the viewer, one input at a time. Engine-neutral
//! and free of any window code, so that each engine's play logic is tested without a display.

use crate::anim::Animated;

/// A key the viewer passes on (already mapped from the window system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Backspace: undo.
    Backspace,
    /// Enter (Return): accept what the game proposes (the mine's hint).
    Enter,
    /// A printable key, lower case (`'q'`, `'+'`, ...).
    Char(char),
}

/// One input from the person playing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// A key press.
    Key(Key),
    /// A click at a point of the current picture, in world units (cells).
    Click {
        /// x, cells.
        x: f32,
        /// y, cells (downwards).
        y: f32,
    },
}

/// What an input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A move was made; [`Live::animation`] now shows it.
    Moved,
    /// The move is not allowed; the reason is shown to the player.
    Refused(String),
    /// The last move was taken back.
    Undone,
    /// The key means nothing in this game.
    Ignored,
    /// The player asked to export the moves so far: the viewer saves this text to a file.
    Export(String),
}

/// A game in progress.
pub trait Live {
    /// Applies one input.
    fn input(&mut self, input: Input) -> Response;
    /// The latest move as an animation (its first step is the state before it, its last the
    /// state now); before any move, the starting position alone.
    fn animation(&self) -> Box<dyn Animated + Send + Sync>;
    /// The whole game so far, from the start, as one animation (for the GIF export).
    fn whole_game(&self) -> Box<dyn Animated + Send + Sync>;
    /// The moves played so far, in the puzzle's own notation.
    fn moves(&self) -> String;
    /// The heads-up line: score, moves, what is left.
    fn status(&self) -> String;
    /// `Some(message)` when the game is over: won (celebrated) or lost.
    fn outcome(&self) -> Option<Outcome>;
    /// The keys this game understands, for the help line.
    fn help(&self) -> &'static str;
    /// Called every frame: true when the picture or the status changed without an input (a
    /// background search found something), so that the viewer draws [`Live::animation`] again,
    /// at its end. Games without background work keep the default, false.
    fn poll(&mut self) -> bool {
        false
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solved or won: the message is celebrated.
    Won(String),
    /// Lost: the message says why.
    Lost(String),
}
