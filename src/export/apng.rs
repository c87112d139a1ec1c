//! Animated PNG (APNG) through the `png` crate: exact colours (8-bit RGBA, no palette), one
//! frame per [`crate::export::schedule::Shot`] with the GIF's delays (`delay_num / 100` s),
//! and, as in the GIF, only the rectangle that changed: its unchanged pixels are left fully
//! transparent and blended over the picture before ("over"), which compresses better.
//!
//! The frame count goes in the `acTL` chunk before any image data, so it is the shot count;
//! a shot whose picture equals the one before becomes a 1x1 transparent frame.

use crate::export::atomic::AtomicFile;
use crate::export::sink::{FrameSink, Plays, Rendered};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The output file, shared by the `png` writer (which cannot hand its writer back) and the
/// sink (which commits it).
#[derive(Clone)]
struct Shared(Arc<Mutex<Option<AtomicFile>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("not poisoned").as_mut().ok_or_else(|| io::Error::other("closed"))?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.lock().expect("not poisoned").as_mut().ok_or_else(|| io::Error::other("closed"))?.flush()
    }
}

/// [`FrameSink`] for `.apng`.
pub struct ApngSink {
    writer: Option<png::Writer<Shared>>,
    file: Shared,
    width: usize,
    height: usize,
    previous: Option<Vec<u8>>,
    target: PathBuf,
    frames: usize,
}

fn png_err(path: &Path, e: png::EncodingError) -> io::Error {
    match e {
        png::EncodingError::IoError(e) => io::Error::new(e.kind(), format!("{}: {e}", path.display())),
        e => io::Error::other(format!("{}: {e}", path.display())),
    }
}

impl ApngSink {
    /// Starts a `width` x `height` APNG of `frames` frames at `path`, played `plays` times.
    ///
    /// # Errors
    /// I/O errors creating the file; `frames == 0`.
    pub fn create(path: &Path, width: u32, height: u32, frames: usize, plays: Plays) -> io::Result<ApngSink> {
        let file = Shared(Arc::new(Mutex::new(Some(AtomicFile::create(path)?))));
        let mut enc = png::Encoder::new(file.clone(), width, height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Default);
        enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
        let num_plays = match plays {
            Plays::Forever => 0,
            Plays::Times(n) => n.max(1),
        };
        let frames = u32::try_from(frames).map_err(|_| io::Error::other("too many APNG frames"))?;
        enc.set_animated(frames, num_plays).map_err(|e| png_err(path, e))?;
        let writer = enc.write_header().map_err(|e| png_err(path, e))?;
        Ok(ApngSink {
            writer: Some(writer),
            file,
            width: width as usize,
            height: height as usize,
            previous: None,
            target: path.to_path_buf(),
            frames: 0,
        })
    }

    fn add_one(&mut self, rgba: &[u8], delay_cs: u32) -> io::Result<()> {
        let (w, h) = (self.width, self.height);
        let target = self.target.clone();
        let writer = self.writer.as_mut().expect("open until finished");
        let err = |e| png_err(&target, e);
        writer.set_frame_delay(delay_cs.min(u16::MAX as u32) as u16, 100).map_err(err)?;
        writer.set_dispose_op(png::DisposeOp::None).map_err(err)?;
        let (rect, data, blend) = match &self.previous {
            None => ((0, 0, w, h), rgba.to_vec(), png::BlendOp::Source),
            Some(prev) => match changed_rect(prev, rgba, w, h) {
                // Nothing changed: one transparent pixel, blended over.
                None => ((0, 0, 1, 1), vec![0; 4], png::BlendOp::Over),
                Some((x, y, rw, rh)) => crop(prev, rgba, w, (x, y, rw, rh)),
            },
        };
        let (x, y, rw, rh) = rect;
        writer.reset_frame_position().map_err(err)?;
        writer.set_frame_dimension(rw as u32, rh as u32).map_err(err)?;
        writer.set_frame_position(x as u32, y as u32).map_err(err)?;
        writer.set_blend_op(blend).map_err(err)?;
        writer.write_image_data(&data).map_err(err)?;
        self.previous = Some(rgba.to_vec());
        self.frames += 1;
        Ok(())
    }
}

type Crop = ((usize, usize, usize, usize), Vec<u8>, png::BlendOp);

/// The rectangle `(x, y, w, h)` of `now`: unchanged pixels transparent and blended over when
/// every pixel of it is opaque, else the pixels as they are, replacing the rectangle.
fn crop(prev: &[u8], now: &[u8], w: usize, (x, y, rw, rh): (usize, usize, usize, usize)) -> Crop {
    let mut out = Vec::with_capacity(rw * rh * 4);
    let mut opaque = true;
    for row in y..y + rh {
        let (a, b) =
            (&prev[(row * w + x) * 4..(row * w + x + rw) * 4], &now[(row * w + x) * 4..(row * w + x + rw) * 4]);
        for (p, q) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
            opaque &= q[3] == 255;
            out.extend_from_slice(if p == q { &[0, 0, 0, 0] } else { q });
        }
    }
    if opaque {
        return ((x, y, rw, rh), out, png::BlendOp::Over);
    }
    out.clear();
    for row in y..y + rh {
        out.extend_from_slice(&now[(row * w + x) * 4..(row * w + x + rw) * 4]);
    }
    ((x, y, rw, rh), out, png::BlendOp::Source)
}

/// The smallest rectangle `(x, y, w, h)` of pixels that differ between two RGBA pictures.
fn changed_rect(a: &[u8], b: &[u8], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let px = |buf: &[u8], i: usize| u32::from_ne_bytes(buf[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
    let row_differs = |y: usize| a[y * w * 4..(y + 1) * w * 4] != b[y * w * 4..(y + 1) * w * 4];
    let y0 = (0..h).find(|&y| row_differs(y))?;
    let y1 = (y0..h).rev().find(|&y| row_differs(y)).expect("row y0 differs") + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        if let Some(first) = (0..x0).find(|&x| px(a, y * w + x) != px(b, y * w + x)) {
            x0 = first;
        }
        if let Some(last) = (x1..w).rev().find(|&x| px(a, y * w + x) != px(b, y * w + x)) {
            x1 = last + 1;
        }
    }
    Some((x0, y0, x1 - x0, y1 - y0))
}

impl FrameSink for ApngSink {
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()> {
        for r in batch {
            self.add_one(&r.image.rgba, r.shot.delay_cs)?;
        }
        Ok(())
    }

    fn frames(&self) -> usize {
        self.frames
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        let writer = self.writer.take().expect("open until finished");
        writer.finish().map_err(|e| png_err(&self.target, e))?;
        let file = self.file.0.lock().expect("not poisoned").take().expect("open until finished");
        file.commit()
    }
}
