//! Backends that turn a [`crate::scene::Scene`] into pixels.
//!
//! `raster` (tiny-skia) is headless and deterministic: PNG, GIF and tests use it. `window`
//! (macroquad, cargo feature `gui`) draws the same primitives on screen. `svg` writes them as
//! vector SVG text (still pictures, the web page's pictures); `pdf` (krilla) draws them on a PDF
//! page with real, searchable text (the handout).
pub mod pdf;
pub mod raster;
pub mod svg;
pub mod text;
#[cfg(feature = "gui")]
pub mod window;
