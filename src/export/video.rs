//! MP4 (H.264) and WebM (VP9) through an `ffmpeg` found on PATH at run time: raw RGBA frames
//! are piped to it at a constant frame rate, the `--fps` rate in smooth mode, [`STATE_FPS`]
//! when each state is one frame (each state's picture then repeated for its time), so the
//! video lasts as long as the GIF to within one frame. Both are 4:2:0 (`yuv420p`, BT.709),
//! what browsers and slide programs play; a picture of odd width or height gets its last
//! column or row repeated (4:2:0 needs even sizes). MP4 has its index at the front
//! (`+faststart`), so it plays while it loads.
//!
//! ffmpeg writes into a private temporary folder; the finished video is then copied into
//! place through an [`AtomicFile`], so the target appears whole or not at all.

use crate::export::atomic::AtomicFile;
use crate::export::schedule::Schedule;
use crate::export::sink::{Format, FrameSink, Rendered};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

/// Frames per second of a video of the one-frame-per-state mode.
pub const STATE_FPS: f64 = 30.0;

/// How to get ffmpeg, for messages.
pub const INSTALL_HINT: &str = "install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg)";

/// The frame rate a video of `schedule` is encoded at, frames per second.
pub fn rate(schedule: &Schedule) -> f64 {
    schedule.fps.unwrap_or(STATE_FPS)
}

/// The ffmpeg encoder for a video format.
fn encoder(format: Format) -> &'static str {
    match format {
        Format::Webm => "libvpx-vp9",
        _ => "libx264",
    }
}

/// The `ffmpeg` on PATH, checked to have the encoder `format` needs (`format_name` in
/// messages, e.g. `MP4`).
///
/// # Errors
/// A message naming ffmpeg and how to install it when there is none on PATH, or naming the
/// missing encoder.
pub fn find_ffmpeg(format: Format) -> Result<PathBuf, String> {
    let name = if format == Format::Webm { "WebM (VP9)" } else { "MP4 (H.264)" };
    let ffmpeg = which::which("ffmpeg")
        .map_err(|_| format!("writing {name} needs ffmpeg, which is not on PATH: {INSTALL_HINT}"))?;
    let out = Command::new(&ffmpeg)
        .args(["-hide_banner", "-encoders"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("{}: cannot run it: {e}", ffmpeg.display()))?;
    let listing = String::from_utf8_lossy(&out.stdout);
    let enc = encoder(format);
    if !listing.split_whitespace().any(|w| w == enc) {
        return Err(format!("{}: this ffmpeg has no {enc} encoder, which {name} needs", ffmpeg.display()));
    }
    Ok(ffmpeg)
}

/// [`FrameSink`] for `.mp4` and `.webm`.
pub struct VideoSink {
    child: Child,
    stdin: Option<ChildStdin>,
    stderr: Option<std::thread::JoinHandle<String>>,
    dir: Option<tempfile::TempDir>,
    tmp: PathBuf,
    target: PathBuf,
    /// Video frames each shot fills, in order.
    counts: Vec<u64>,
    next: usize,
    width: usize,
    height: usize,
    frame: Vec<u8>,
    written: usize,
}

impl VideoSink {
    /// Starts ffmpeg for a `width` x `height` video of `schedule` at `path`.
    ///
    /// # Errors
    /// No usable ffmpeg (see [`find_ffmpeg`]); the temporary folder or the process cannot be
    /// made.
    pub fn create(path: &Path, format: Format, width: u32, height: u32, schedule: &Schedule) -> io::Result<VideoSink> {
        let ffmpeg = find_ffmpeg(format).map_err(|m| io::Error::new(io::ErrorKind::NotFound, m))?;
        let dir = tempfile::Builder::new().prefix("tumble-video").tempdir()?;
        let ext = if format == Format::Webm { "webm" } else { "mp4" };
        let tmp = dir.path().join(format!("out.{ext}"));
        let (pw, ph) = (width + width % 2, height + height % 2);
        let rate = rate(schedule);
        let mut cmd = Command::new(ffmpeg);
        cmd.args(["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba"])
            .args(["-s", &format!("{pw}x{ph}"), "-framerate", &format!("{rate}"), "-i", "pipe:0"])
            .args(["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"])
            .args(["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]);
        match format {
            Format::Webm => cmd.args(["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1"]).args([
                "-deadline",
                "good",
                "-cpu-used",
                "4",
                "-f",
                "webm",
            ]),
            _ => {
                cmd.args(["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart", "-f", "mp4"])
            }
        };
        let mut child = cmd
            .arg(&tmp)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("{}: cannot start ffmpeg: {e}", path.display())))?;
        let stdin = child.stdin.take();
        let mut err = child.stderr.take().expect("piped");
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        });
        let mut counts = schedule.video_frames(rate);
        if counts.iter().all(|&c| c == 0) {
            counts[0] = 1;
        }
        Ok(VideoSink {
            child,
            stdin,
            stderr: Some(stderr),
            dir: Some(dir),
            tmp,
            target: path.to_path_buf(),
            counts,
            next: 0,
            width: width as usize,
            height: height as usize,
            frame: Vec::with_capacity(pw as usize * ph as usize * 4),
            written: 0,
        })
    }

    /// `rgba` with its last column and row repeated up to even sizes.
    fn padded(&mut self, rgba: &[u8]) {
        let (w, h) = (self.width, self.height);
        self.frame.clear();
        for y in 0..h + h % 2 {
            let row = &rgba[y.min(h - 1) * w * 4..][..w * 4];
            self.frame.extend_from_slice(row);
            if w % 2 == 1 {
                self.frame.extend_from_slice(&row[(w - 1) * 4..]);
            }
        }
    }

    /// ffmpeg's own words after a failure.
    fn ffmpeg_error(&mut self, what: &str) -> io::Error {
        drop(self.stdin.take());
        let _ = self.child.wait();
        let said = self.stderr.take().and_then(|t| t.join().ok()).unwrap_or_default();
        let said = said.trim();
        io::Error::other(format!(
            "{}: ffmpeg {what}{}{}",
            self.target.display(),
            if said.is_empty() { "" } else { ": " },
            said.lines().last().unwrap_or("")
        ))
    }
}

impl FrameSink for VideoSink {
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()> {
        for r in batch {
            let n = self.counts.get(self.next).copied().unwrap_or(0);
            self.next += 1;
            if n == 0 {
                continue;
            }
            self.padded(&r.image.rgba);
            for _ in 0..n {
                let stdin = self.stdin.as_mut().expect("open until finished");
                if stdin.write_all(&self.frame).is_err() {
                    return Err(self.ffmpeg_error("stopped"));
                }
            }
            self.written += n as usize;
        }
        Ok(())
    }

    fn frames(&self) -> usize {
        self.written
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        drop(self.stdin.take());
        let status = self.child.wait()?;
        if !status.success() {
            return Err(self.ffmpeg_error(&format!("failed ({status})")));
        }
        let mut file = AtomicFile::create(&self.target)?;
        let mut made = std::fs::File::open(&self.tmp)?;
        io::copy(&mut made, &mut file).map_err(|e| crate::export::atomic::with_path(&self.target, e))?;
        file.commit()?;
        drop(self.dir.take());
        Ok(())
    }
}

impl Drop for VideoSink {
    fn drop(&mut self) {
        // Unfinished (an error or Ctrl-C): stop ffmpeg; the temporary folder goes with `dir`.
        drop(self.stdin.take());
        if self.dir.is_some() && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
