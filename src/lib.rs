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
pub mod live;
pub mod mine;
pub mod ohno;
pub mod render;
pub mod scene;
pub mod trace;
#[cfg(feature = "gui")]
pub mod viewer;
