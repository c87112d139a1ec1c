//! PNG export of one raster [`Image`] through the `image` crate.

use crate::export::atomic::write_atomically;
use crate::render::raster::Image;
use image::ImageEncoder;
use std::io;
use std::path::Path;

/// Writes `img` as an 8-bit RGBA PNG to `path` (temporary name, then rename).
///
/// # Errors
/// I/O errors, or an encoder error reported as `io::ErrorKind::Other`.
pub fn write_png(path: &Path, img: &Image) -> io::Result<()> {
    write_atomically(path, |w| {
        image::codecs::png::PngEncoder::new(w)
            .write_image(&img.rgba, img.width, img.height, image::ColorType::Rgba8)
            .map_err(io::Error::other)
    })
}
