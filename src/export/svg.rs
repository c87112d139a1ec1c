//! SVG export of one [`Scene`] through the vector backend ([`crate::render::svg`]).

use crate::export::atomic::write_atomically;
use crate::render::svg::document;
use crate::scene::Scene;
use std::io::{self, Write};
use std::path::Path;

/// Writes `scene` drawn at `width` x `height` pixels as a complete SVG document to `path`
/// (temporary name, then rename; `-` is standard output).
///
/// # Errors
/// I/O errors, with the path.
pub fn write_svg(path: &Path, scene: &Scene, width: u32, height: u32) -> io::Result<()> {
    write_atomically(path, |w| w.write_all(document(scene, width, height).as_bytes()))
}
