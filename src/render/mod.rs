//! Backends that turn a [`crate::scene::Scene`] into pixels.
//!
//! `raster` (tiny-skia) is headless and deterministic: PNG, GIF and tests use it. `window`
//! (macroquad, cargo feature `gui`) draws the same primitives on screen.
pub mod raster;
pub mod text;
#[cfg(feature = "gui")]
pub mod window;
