//! Animated WebP, lossless, through libwebp's animation encoder (`WebPAnimEncoder`, by way of
//! the `webp-animation` crate). Lossless keeps cell edges sharp, where lossy WebP's 4:2:0
//! colour would blur them.
//!
//! Each picture is first mapped to the GIF's palette ([`Palette::from_theme`] of the
//! animation's colours), so the WebP shows exactly the GIF's pixels and compresses as well as a
//! WebP made from the GIF; equal consecutive pictures are merged into one frame, as in the GIF.
//! Frame times are the GIF's, in milliseconds (`delay_cs * 10`). The encoder runs with
//! `minimize_size` (as `gif2webp -min_size`), once at quality 75 and once at quality 100 (for
//! lossless, the effort spent on compression), on two threads fed picture by picture; the
//! smaller file is kept. The loop count goes in the `ANIM` chunk (0: forever).
//!
//! libwebp is the system's when `pkg-config` finds it (Debian: `libwebp-dev`), otherwise
//! built from source with the crate; see `docs/webp.md` for sizes against `gif2webp`.

use crate::export::atomic::AtomicFile;
use crate::export::palette::Palette;
use crate::export::sink::{FrameSink, Plays, Rendered};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use webp_animation::{AnimParams, Encoder, EncoderOptions, EncodingConfig, EncodingType};

/// The qualities tried (lossless: compression effort, 0 to 100); the smaller file is kept.
pub const QUALITIES: [f32; 2] = [75.0, 100.0];

/// A picture for the encoders: RGBA, and its start time in milliseconds.
type Picture = (Arc<Vec<u8>>, i32);

/// One encoder on its own thread (libwebp's encoder is used from the thread that made it).
struct Lane {
    pictures: SyncSender<Picture>,
    done: JoinHandle<Result<Vec<u8>, String>>,
}

impl Lane {
    /// Starts an encoder for `width` x `height` pictures at `quality`, looping `loop_count`
    /// times (0: forever); it ends at the time in the last message.
    fn start(width: u32, height: u32, quality: f32, loop_count: i32) -> Lane {
        let (pictures, inbox) = sync_channel::<Picture>(4);
        let done = std::thread::spawn(move || encode(inbox, width, height, quality, loop_count));
        Lane { pictures, done }
    }
}

/// Encodes the pictures received until the channel closes; the last message (an empty
/// picture) gives the end time.
fn encode(inbox: Receiver<Picture>, width: u32, height: u32, quality: f32, loop_count: i32) -> Result<Vec<u8>, String> {
    let options = EncoderOptions {
        anim_params: AnimParams { loop_count },
        minimize_size: true,
        encoding_config: Some(EncodingConfig { encoding_type: EncodingType::Lossless, quality, method: 4 }),
        ..EncoderOptions::default()
    };
    let mut encoder = Encoder::new_with_options((width, height), options).map_err(|e| format!("{e:?}"))?;
    let mut end = None;
    for (rgba, t) in inbox {
        if rgba.is_empty() {
            end = Some(t);
            break;
        }
        encoder.add_frame(&rgba, t).map_err(|e| format!("{e:?}"))?;
    }
    // The channel closed without an end: the export was abandoned.
    let end = end.ok_or_else(|| "abandoned".to_string())?;
    Ok(encoder.finalize(end).map_err(|e| format!("{e:?}"))?.to_vec())
}

/// [`FrameSink`] for `.webp`: the pictures in the palette, merged and timed, to both encoders.
pub struct WebpSink {
    file: AtomicFile,
    target: PathBuf,
    palette: Palette,
    lanes: Vec<Lane>,
    /// The last picture (in the palette) and its start, not yet sent: it may go on.
    pending: Option<(Arc<Vec<u8>>, u64)>,
    /// Milliseconds from the start to the end of the pictures so far.
    clock_ms: u64,
    frames: usize,
}

impl WebpSink {
    /// Starts a `width` x `height` WebP at `path`, its pictures mapped to `palette`, played
    /// `plays` times (the `ANIM` chunk's loop count: 0 for forever, else n, at most 65535).
    ///
    /// # Errors
    /// I/O errors creating the file, with the path.
    pub fn create(path: &Path, width: u32, height: u32, palette: Palette, plays: Plays) -> io::Result<WebpSink> {
        let file = AtomicFile::create(path)?;
        let loop_count = match plays {
            Plays::Forever => 0,
            Plays::Times(n) => n.clamp(1, 65535) as i32,
        };
        let lanes = QUALITIES.iter().map(|&q| Lane::start(width, height, q, loop_count)).collect();
        Ok(WebpSink { file, target: path.to_path_buf(), palette, lanes, pending: None, clock_ms: 0, frames: 0 })
    }

    /// Sends a picture starting at `start_ms` to every encoder (waiting while they are busy,
    /// so first checking for Ctrl-C: a signal is answered within one picture's encoding).
    fn send(&mut self, rgba: Arc<Vec<u8>>, start_ms: u64) -> io::Result<()> {
        crate::export::cancel::check()?;
        let t = self.millis(start_ms)?;
        for lane in &self.lanes {
            // A closed channel means the encoder stopped with an error; finish reports it.
            let _ = lane.pictures.send((Arc::clone(&rgba), t));
        }
        Ok(())
    }

    fn millis(&self, ms: u64) -> io::Result<i32> {
        i32::try_from(ms).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{}: a WebP holds at most 24 days of animation", self.target.display()),
            )
        })
    }
}

impl FrameSink for WebpSink {
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()> {
        use rayon::prelude::*;
        let pictures: Vec<Vec<u8>> = batch.par_iter().map(|r| self.palette.as_stored(&r.image.rgba)).collect();
        for (rgba, r) in pictures.into_iter().zip(batch) {
            let start = self.clock_ms;
            self.clock_ms += u64::from(r.shot.delay_cs) * 10;
            if self.pending.as_ref().is_some_and(|(p, _)| **p == rgba) {
                continue;
            }
            if let Some((p, t)) = self.pending.take() {
                self.send(p, t)?;
            }
            self.pending = Some((Arc::new(rgba), start));
            self.frames += 1;
        }
        Ok(())
    }

    fn frames(&self) -> usize {
        self.frames
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        if let Some((p, t)) = self.pending.take() {
            self.send(p, t)?;
        }
        let end = self.millis(self.clock_ms)?;
        let mut best: Option<Vec<u8>> = None;
        for lane in std::mem::take(&mut self.lanes) {
            let _ = lane.pictures.send((Arc::new(Vec::new()), end));
            drop(lane.pictures);
            let bytes = lane
                .done
                .join()
                .map_err(|_| io::Error::other(format!("{}: the WebP encoder failed", self.target.display())))?
                .map_err(|e| io::Error::other(format!("{}: WebP encoding failed: {e}", self.target.display())))?;
            if best.as_ref().is_none_or(|b| bytes.len() < b.len()) {
                best = Some(bytes);
            }
        }
        let bytes = best.expect("two encoders");
        let mut file = self.file;
        file.write_all(&bytes).map_err(|e| crate::export::atomic::with_path(&self.target, e))?;
        file.commit()
    }
}

/// The version of the libwebp tumble runs with, as "1.2.4".
pub fn libwebp_version() -> String {
    // SAFETY: WebPGetEncoderVersion takes nothing and returns a number.
    let v = unsafe { libwebp_sys::WebPGetEncoderVersion() };
    format!("{}.{}.{}", (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)
}
