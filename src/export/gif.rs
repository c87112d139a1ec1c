//! Animated GIF through the `gif` crate: one global palette ([`Palette`]) in the order that
//! makes the frames smallest ([`crate::export::gif_order`]), delays in centiseconds, and each
//! frame made small by [`crate::export::gif_frame`] (changed rectangle, transparent unchanged
//! pixels where they shorten the LZW stream, local tables where they pay), parsed in
//! parallel; a frame equal to the one before lengthens its delay instead.
//!
//! Every frame has disposal "keep", so the viewer's canvas after frame k is frame k, and
//! frame k+1 can be encoded from frames k and k+1 alone. Tuning notes: `docs/gif.md`.

use crate::export::atomic::AtomicFile;
use crate::export::gif_frame::{EncodedFrame, Parsed, Patch, Rect};
use crate::export::gif_lzw::{self, Pixels};
use crate::export::gif_order::Slots;
use crate::export::palette::Palette;
use crate::export::sink::{FrameSink, Plays, Rendered};
use rayon::prelude::*;
use std::borrow::Cow;
use std::io;
use std::path::{Path, PathBuf};

/// Longest delay one GIF frame holds, centiseconds (the field is 16 bits).
pub const MAX_DELAY_CS: u32 = 65_535;

/// A GIF being made. Nothing is written before [`GifWriter::finish`]: the global colour table
/// comes first in a GIF, and its best order ([`Slots::arrange`]) is known once the frames
/// are. So frames are kept parsed ([`Parsed`]) until the end, or until they hold
/// [`MEMORY_BUDGET`] bytes: then the order is fixed from the frames so far, and later frames
/// are encoded as they come (colours not seen yet appended to the table).
pub struct GifWriter {
    width: usize,
    height: usize,
    palette: Vec<[u8; 3]>,
    slots: Slots,
    plays: Plays,
    previous: Option<Vec<u8>>,
    /// Frames not encoded yet, with their delays.
    parsed: Vec<(Parsed, u32)>,
    parsed_bytes: usize,
    /// Encoded frames with their delays.
    done: Vec<(EncodedFrame, u32)>,
    target: PathBuf,
}

/// Bytes of frames kept before the table order is fixed (see [`GifWriter`]): 64 MiB, some
/// 400 frames at the default 400 pixels; an export's peak memory does not grow with its length.
pub const MEMORY_BUDGET: usize = 64 << 20;

fn gif_err(path: &Path, e: gif::EncodingError) -> io::Error {
    io::Error::other(format!("{}: {e}", path.display()))
}

impl GifWriter {
    /// Starts a `width` x `height` pixel GIF for `path` with the colours of `palette`, played
    /// `plays` times.
    ///
    /// # Errors
    /// Sizes above 65535 pixels.
    pub fn create(path: &Path, width: u32, height: u32, palette: &Palette, plays: Plays) -> io::Result<GifWriter> {
        if width > u16::MAX as u32 || height > u16::MAX as u32 {
            return Err(io::Error::other(format!("{}: a GIF is at most 65535 pixels wide and high", path.display())));
        }
        let palette = (0..palette.len()).map(|i| palette.color(i as u8)).collect();
        Ok(GifWriter {
            width: width as usize,
            height: height as usize,
            palette,
            slots: Slots::default(),
            plays,
            previous: None,
            parsed: Vec::new(),
            parsed_bytes: 0,
            done: Vec::new(),
            target: path.to_path_buf(),
        })
    }

    /// Appends frames given as palette indices (`width * height` each, see
    /// [`Palette::quantise`]), each shown for its delay in centiseconds. They are compared
    /// (and encoded) in parallel, each against the one before it; a frame equal to the one
    /// before lengthens its delay.
    ///
    /// # Panics
    /// If a frame is not `width * height` long.
    pub fn add_frames(&mut self, frames: Vec<(Vec<u8>, u32)>) {
        let (w, h) = (self.width, self.height);
        let prev = self.previous.take();
        let before = |i: usize| if i == 0 { prev.as_deref() } else { Some(&frames[i - 1].0[..]) };
        let parsed: Vec<Option<Parsed>> = (0..frames.len())
            .into_par_iter()
            .map(|i| Patch::new(before(i), &frames[i].0, w, h).map(|p| Parsed::new(&p)))
            .collect();
        if self.slots.is_fixed() {
            let demands: Vec<_> = parsed.iter().flatten().map(Parsed::demand).collect();
            self.slots.arrange(&demands);
        }
        let ordered = self.slots.is_fixed();
        let (slots, palette) = (&self.slots, &self.palette);
        let encoded: Vec<Option<Result<EncodedFrame, Parsed>>> = parsed
            .into_par_iter()
            .map(|p| p.map(|p| if ordered { Ok(p.encode(slots, palette)) } else { Err(p) }))
            .collect();
        for (e, (_, delay)) in encoded.into_iter().zip(&frames) {
            let delay = (*delay).max(1);
            match e {
                None => self.lengthen_last(delay),
                Some(Ok(f)) => self.done.push((f, delay)),
                Some(Err(p)) => {
                    self.parsed_bytes += p.bytes();
                    self.parsed.push((p, delay));
                }
            }
        }
        self.previous = frames.into_iter().last().map(|(f, _)| f).or(prev);
        if self.parsed_bytes > MEMORY_BUDGET {
            self.encode_parsed();
        }
    }

    fn lengthen_last(&mut self, delay: u32) {
        if let Some((_, d)) = self.parsed.last_mut() {
            *d += delay;
        } else if let Some((_, d)) = self.done.last_mut() {
            *d += delay;
        }
    }

    /// Fixes the table order from the kept frames and encodes them.
    fn encode_parsed(&mut self) {
        let parsed = std::mem::take(&mut self.parsed);
        self.parsed_bytes = 0;
        let demands: Vec<_> = parsed.par_iter().map(|(p, _)| p.demand()).collect();
        self.slots.arrange(&demands);
        let (slots, palette) = (&self.slots, &self.palette);
        let encoded: Vec<(EncodedFrame, u32)> =
            parsed.into_par_iter().map(|(p, d)| (p.encode(slots, palette), d)).collect();
        self.done.extend(encoded);
    }

    /// Appends one frame (see [`GifWriter::add_frames`]).
    pub fn add_frame(&mut self, indices: Vec<u8>, delay_cs: u32) {
        self.add_frames(vec![(indices, delay_cs)]);
    }

    /// Number of frames so far (equal consecutive frames merged count once).
    pub fn frames(&self) -> usize {
        self.done.len() + self.parsed.len()
    }

    /// Writes the file and puts it in place: the global table of the slots used (a power of
    /// two entries, enough for every transparent index), the loop extension, the frames (a
    /// delay over [`MAX_DELAY_CS`] continues in frames that change nothing).
    ///
    /// # Errors
    /// I/O errors writing or renaming (nothing is then left), with the path.
    pub fn finish(mut self) -> io::Result<()> {
        self.encode_parsed();
        let path = &self.target;
        let top = self.done.iter().filter_map(|(f, _)| f.transparent).map(|t| t as usize + 1).max().unwrap_or(0);
        let entries = self.slots.order.len().max(top).max(2);
        let mut table: Vec<u8> = self.slots.order.iter().flat_map(|&i| self.palette[i as usize]).collect();
        table.resize(entries.next_power_of_two() * 3, 0);
        let file = AtomicFile::create(path)?;
        let mut enc =
            gif::Encoder::new(file, self.width as u16, self.height as u16, &table).map_err(|e| gif_err(path, e))?;
        let repeat = match self.plays {
            Plays::Forever => Some(gif::Repeat::Infinite),
            Plays::Times(1) => None,
            // The NETSCAPE loop count is the number of repeats after the first play.
            Plays::Times(n) => Some(gif::Repeat::Finite(n.saturating_sub(1).min(u16::MAX as u32) as u16)),
        };
        if let Some(r) = repeat {
            enc.set_repeat(r).map_err(|e| gif_err(path, e))?;
        }
        let nothing = unchanged();
        for (f, delay) in &self.done {
            let mut left = *delay;
            let mut frame = f;
            while left > 0 {
                let this = left.min(MAX_DELAY_CS);
                write(&mut enc, frame, this as u16).map_err(|e| gif_err(path, e))?;
                left -= this;
                frame = &nothing;
            }
        }
        enc.into_inner().map_err(|e| gif_err(path, e))?.commit()
    }
}

fn write(enc: &mut gif::Encoder<AtomicFile>, f: &EncodedFrame, delay: u16) -> Result<(), gif::EncodingError> {
    let frame = gif::Frame {
        left: f.rect.x as u16,
        top: f.rect.y as u16,
        width: f.rect.w as u16,
        height: f.rect.h as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: f.transparent,
        palette: f.palette.clone(),
        buffer: Cow::Borrowed(&f.data),
        ..gif::Frame::default()
    };
    enc.write_lzw_pre_encoded_frame(&frame)
}

/// A frame that changes nothing: one transparent pixel (index 0 declared transparent).
fn unchanged() -> EncodedFrame {
    let data = gif_lzw::encode(Pixels { symbols: &[0], free: None }, 2);
    EncodedFrame { rect: Rect { x: 0, y: 0, w: 1, h: 1 }, palette: None, transparent: Some(0), data }
}

/// [`FrameSink`] for `.gif`: quantises to the palette and encodes in parallel.
pub struct GifSink {
    writer: GifWriter,
    palette: Palette,
}

impl GifSink {
    /// Opens the GIF at `path` (see [`GifWriter::create`]).
    ///
    /// # Errors
    /// As [`GifWriter::create`].
    pub fn create(path: &Path, width: u32, height: u32, palette: Palette, plays: Plays) -> io::Result<GifSink> {
        Ok(GifSink { writer: GifWriter::create(path, width, height, &palette, plays)?, palette })
    }
}

impl FrameSink for GifSink {
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()> {
        let frames = batch.par_iter().map(|r| (self.palette.quantise(&r.image.rgba), r.shot.delay_cs)).collect();
        self.writer.add_frames(frames);
        Ok(())
    }

    fn frames(&self) -> usize {
        self.writer.frames()
    }

    fn finish(self: Box<Self>) -> io::Result<()> {
        self.writer.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::gif_read::decode;
    use crate::scene::Color;

    /// Frames of rectangles in colours `from..to` of the palette, each on the one before.
    fn frames(seed: &mut u64, w: usize, h: usize, first: &[u8], n: usize, from: u8, to: u8) -> Vec<Vec<u8>> {
        let mut next = || {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (*seed >> 33) as usize
        };
        let mut out = Vec::new();
        let mut f = first.to_vec();
        for _ in 0..n {
            let (x, y) = (next() % w, next() % h);
            let (rw, rh) = (1 + next() % (w - x), 1 + next() % (h - y));
            let c = from + (next() % (to - from) as usize) as u8;
            for row in y..y + rh {
                f[row * w + x..row * w + x + rw].fill(c);
            }
            out.push(f.clone());
        }
        out
    }

    #[test]
    fn frames_after_the_order_is_fixed_bring_new_colours_and_compose_exactly() {
        let base: Vec<Color> = (0..12u8).map(|i| Color { r: i * 20, g: 255 - i * 20, b: i * 7, a: 255 }).collect();
        let palette = Palette::from_theme(&base);
        let (w, h) = (64, 48);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.gif");
        let mut gif = GifWriter::create(&path, w as u32, h as u32, &palette, Plays::Forever).unwrap();
        let mut seed = 9;
        let mut all = frames(&mut seed, w, h, &vec![0; w * h], 20, 0, 40);
        gif.add_frames(all.iter().map(|f| (f.clone(), 4)).collect());
        // What the memory budget does: the order is fixed from the frames so far.
        gif.encode_parsed();
        assert!(gif.slots.is_fixed());
        let fixed = gif.slots.order.clone();
        let more = frames(&mut seed, w, h, all.last().unwrap(), 20, 30, 200);
        gif.add_frames(more.iter().map(|f| (f.clone(), 4)).collect());
        assert!(gif.slots.order.len() > fixed.len(), "new colours appended");
        assert_eq!(gif.slots.order[..fixed.len()], fixed[..], "the fixed slots stay");
        all.extend(more);
        gif.finish().unwrap();
        let d = decode(std::fs::File::open(&path).unwrap()).unwrap();
        assert_eq!(d.duration_cs(), 4 * all.len() as u64);
        for (k, f) in all.iter().enumerate() {
            let rgba: Vec<u8> = f.iter().flat_map(|&i| palette.color(i).into_iter().chain([255])).collect();
            assert!(d.at_cs(4 * k as u64).rgba == rgba, "frame {k}");
        }
    }
}
