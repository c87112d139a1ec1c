//! Animated GIF export through the `gif` crate: one global palette ([`Palette`]), delays in
//! centiseconds, infinite loop by default, and only the changed rectangle of each frame encoded
//! (disposal "keep"), so unchanged areas cost nothing.

use crate::export::atomic::AtomicFile;
use crate::export::palette::Palette;
use std::io;
use std::path::{Path, PathBuf};

/// A GIF being written through an [`AtomicFile`]; [`GifWriter::finish`] puts it in place.
/// Dropping it unfinished removes the temporary file.
pub struct GifWriter {
    encoder: gif::Encoder<AtomicFile>,
    width: u16,
    height: u16,
    previous: Option<Vec<u8>>,
    target: PathBuf,
    frames: usize,
}

fn gif_err(path: &Path, e: gif::EncodingError) -> io::Error {
    io::Error::other(format!("{}: {e}", path.display()))
}

impl GifWriter {
    /// Starts a `width` x `height` pixel GIF at `path` with `palette` as its global colour table.
    /// `looping`: repeat forever (true) or play once.
    ///
    /// # Errors
    /// I/O errors creating the temporary file; sizes above 65535 pixels.
    pub fn create(path: &Path, width: u32, height: u32, palette: &Palette, looping: bool) -> io::Result<GifWriter> {
        let (w, h) = (
            u16::try_from(width).map_err(|_| io::Error::other("GIF width above 65535 pixels"))?,
            u16::try_from(height).map_err(|_| io::Error::other("GIF height above 65535 pixels"))?,
        );
        let file = AtomicFile::create(path)?;
        let mut encoder = gif::Encoder::new(file, w, h, &palette.rgb_bytes()).map_err(|e| gif_err(path, e))?;
        if looping {
            encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| gif_err(path, e))?;
        }
        Ok(GifWriter { encoder, width: w, height: h, previous: None, target: path.to_path_buf(), frames: 0 })
    }

    /// Appends a frame: `indices` is `width * height` palette indices (see
    /// [`Palette::quantise`]), shown for `delay_cs` centiseconds. Only the rectangle that differs
    /// from the previous frame is encoded (a 1x1 patch when nothing changed).
    ///
    /// # Errors
    /// I/O or encoding errors.
    ///
    /// # Panics
    /// If `indices.len() != width * height`.
    pub fn add_frame(&mut self, indices: Vec<u8>, delay_cs: u16) -> io::Result<()> {
        let (w, h) = (self.width as usize, self.height as usize);
        assert_eq!(indices.len(), w * h, "frame size must match the GIF's size");
        let (x0, y0, x1, y1) = match &self.previous {
            None => (0, 0, w, h),
            Some(prev) => changed_rect(prev, &indices, w, h).unwrap_or((0, 0, 1, 1)),
        };
        let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            buffer.extend_from_slice(&indices[y * w + x0..y * w + x1]);
        }
        let frame = gif::Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            delay: delay_cs,
            dispose: gif::DisposalMethod::Keep,
            buffer: buffer.into(),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).map_err(|e| gif_err(&self.target, e))?;
        self.previous = Some(indices);
        self.frames += 1;
        Ok(())
    }

    /// Number of frames added so far.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Completes the file and puts it in place.
    ///
    /// # Errors
    /// I/O errors flushing or renaming (the temporary file is then removed).
    pub fn finish(self) -> io::Result<()> {
        let target = self.target;
        self.encoder.into_inner().map_err(|e| gif_err(&target, e))?.commit()
    }
}

/// The smallest rectangle `(x0, y0, x1, y1)` (exclusive ends) holding every differing index,
/// or `None` when the frames are equal.
fn changed_rect(a: &[u8], b: &[u8], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let row_differs = |y: usize| a[y * w..(y + 1) * w] != b[y * w..(y + 1) * w];
    let y0 = (0..h).find(|&y| row_differs(y))?;
    let y1 = (y0..h).rev().find(|&y| row_differs(y)).unwrap() + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        let (ra, rb) = (&a[y * w..(y + 1) * w], &b[y * w..(y + 1) * w]);
        if let Some(first) = (0..x0).find(|&x| ra[x] != rb[x]) {
            x0 = first;
        }
        if let Some(last) = (x1..w).rev().find(|&x| ra[x] != rb[x]) {
            x1 = last + 1;
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
}
