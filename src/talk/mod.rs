//! Talks: several animations prepared in one TOML file, played by `tumble talk FILE` (or
//! `tumble view --talk FILE`) in the window, or written as one web page by
//! `tumble talk FILE --out talk.html` (like presenterm's one-file talks). The file:
//!
//! ```toml
//! title = "Three puzzles with gravity"   # shown on the opening title card
//!
//! [[item]]
//! title = "The box"                      # optional: the item starts with a title card
//! notes = "Watch the smole on the left"  # optional: speaker notes, shown in the presenter view
//! box = ".........@...o....ooo..xox..."  # a box state (29 characters) ...
//! moves = "+>|<-v+^+"                    # ... and its manipulations
//!
//! [[item]]
//! mine = "flood.txt"                     # a map file, relative to the talk file ...
//! route = "LLLLDDDDD"                    # ... and a route
//!
//! [[item]]
//! ohno = "board.txt"                     # a 0h n0 board file, relative to the talk file;
//! steps = true                           # true: one deduction at a time; else at once
//!
//! [[item]]
//! demo = "figure1"                       # a built-in demo, by name
//! ```
//!
//! [`load`] reads and checks everything but the demo names (the command line knows the demos)
//! before any window opens: an unknown key, a missing field, a value of the wrong type, an
//! invalid box state or moves, a route character that is not a command, a map or board that
//! does not parse (with the map's own line and column), a board without solution. Each error
//! names the talk file, the line and the column ([`TalkError`]).
//!
//! This file holds what a talk is; reading one is `parse.rs`, which imports these types and
//! which this file only re-exports ([`load`], [`parse`]).

pub mod builtin;
pub mod card;
mod parse;
mod reveal;
pub mod slides;

pub use parse::{load, parse};

use crate::anim::Animated;
use crate::mine::draw::MineAnimation;
use crate::mine::Mine;
use crate::ohno::draw::OhnoAnimation;
use crate::ohno::{Board, Explanation};
use crate::r#box::draw::BoxAnimation;
use crate::r#box::{record, BoxState, Manipulation};

/// A talk: its title and its items, in order.
#[derive(Clone, Debug)]
pub struct Talk {
    /// The talk file as given (for messages).
    pub file: String,
    /// Shown on the opening title card.
    pub title: String,
    /// The items, in the order of the file; at least one.
    pub items: Vec<Item>,
    /// What the talk plays but not as written, one line each for the user (`FILE line N: ...`):
    /// a title or notes with characters the bundled font cannot draw (they show as boxes).
    pub warnings: Vec<String>,
}

/// One item of a talk: an animation, optionally preceded by a title card.
#[derive(Clone, Debug)]
pub struct Item {
    /// The item's title card, if it has one.
    pub title: Option<String>,
    /// The speaker's notes (`notes = "..."`), shown in the presenter view (key N) while the
    /// item's title card or animation is on screen; never on the audience's screen.
    pub notes: Option<String>,
    /// What it shows.
    pub content: Content,
    /// Where its `box`, `mine`, `ohno` or `demo` value is in the talk file.
    pub at: Location,
}

/// What a talk item shows, checked.
#[derive(Clone, Debug)]
pub enum Content {
    /// A box state and its manipulations.
    Box {
        /// The state.
        state: BoxState,
        /// The manipulations.
        moves: Vec<Manipulation>,
    },
    /// A mine and a route on it.
    Mine {
        /// The map.
        mine: Box<Mine>,
        /// The route's commands (whitespace removed).
        route: String,
    },
    /// A 0h n0 board and its explained solution.
    Ohno {
        /// The puzzle's explained solution (`steps[0]` is the puzzle).
        explanation: Explanation,
        /// The solution.
        solution: Board,
        /// One deduction per manipulation (`true`), or the whole solution at once.
        steps: bool,
    },
    /// A built-in demo, by name (the command line looks it up).
    Demo {
        /// The demo's name.
        name: String,
    },
}

/// A place in a text file: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The line and column of byte `offset` of `text` (clamped to the text).
    pub fn of(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        Location { line, column: before[start..].chars().count() + 1 }
    }
}

/// Why a talk file cannot be played: `FILE:LINE:COLUMN: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{}:{}: {message}", at.line, at.column)]
pub struct TalkError {
    /// The talk file, as given.
    pub file: String,
    /// Where in the talk file.
    pub at: Location,
    /// What is wrong.
    pub message: String,
}

impl Content {
    /// The animation this item plays; `None` for a demo (the command line builds those).
    pub fn animation(&self) -> Option<Box<dyn Animated + Send + Sync>> {
        Some(match self {
            Content::Box { state, moves } => {
                let (trace, failure) = record(state, moves);
                Box::new(BoxAnimation::new(trace, moves.clone(), failure))
            }
            Content::Mine { mine, route } => Box::new(MineAnimation::new(mine, route)),
            Content::Ohno { explanation, steps: true, .. } => Box::new(OhnoAnimation { trace: explanation.clone() }),
            Content::Ohno { explanation, solution, steps: false } => {
                Box::new(reveal::Reveal::new(explanation.steps[0].state.clone(), solution.clone()))
            }
            Content::Demo { .. } => return None,
        })
    }

    /// A short name of what is shown, for the status line: `box`, `mine`, `0h n0` or the demo.
    pub fn kind(&self) -> String {
        match self {
            Content::Box { .. } => "box".into(),
            Content::Mine { .. } => "mine".into(),
            Content::Ohno { .. } => "0h n0".into(),
            Content::Demo { name } => format!("demo {name}"),
        }
    }
}
