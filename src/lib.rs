//! tumble: simulate, solve and animate grid puzzles with gravity.
//!
//! One pipeline (see README's architecture section):
//! text input → engine state → [`trace::Trace`] → [`anim::Timeline`] → [`scene::Scene`] →
//! raster backend ([`render::raster`]) → PNG/GIF ([`export`]) or the window viewer.
#![warn(missing_docs)]

pub mod anim;
pub mod r#box;
pub mod cli;
pub mod export;
pub mod input;
pub mod live;
pub mod mine;
pub mod ohno;
pub mod render;
pub mod scene;
pub mod talk;
pub mod theme;
pub mod trace;
#[cfg(feature = "gui")]
pub mod viewer;
pub(crate) mod words;

/// The allocator of every program built on tumble: mimalloc. The route finder clones game
/// states by the million on both cores, and glibc's allocator took a third of its time there
/// (a single-command beam run on contest8: 12.4 s with it, 8.1 s with mimalloc).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
