//! `--frames DIR`: every grid frame of the export as a PNG, `00001.png`, `00002.png`...: the
//! pictures the GIF shows at the times it shows them (with `--fps 20`, 20 a second; a
//! shot that stands for n grid frames is written n times), in full colour (8-bit RGBA, as
//! rendered; the GIF maps them to its palette).
//!
//! The folder is written whole or not at all: the files go into a temporary folder beside
//! it, renamed into place when all are written. An existing folder is replaced only when it
//! is empty or holds nothing but such numbered frames (a previous export).

use crate::export::sink::{FrameSink, Rendered};
use image::ImageEncoder;
use rayon::prelude::*;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Checks that `dir` can be written: it does not exist (its parent does) or it is a folder
/// holding only numbered frames.
///
/// # Errors
/// A message naming the folder and what is in the way.
pub fn check_folder(dir: &Path) -> Result<(), String> {
    match fs::metadata(dir) {
        Err(_) => Ok(()),
        Ok(m) if !m.is_dir() => Err(format!("{}: not a folder (--frames writes a folder of PNG files)", dir.display())),
        Ok(_) => {
            let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for e in entries {
                let name = e.map_err(|e| format!("{}: {e}", dir.display()))?.file_name();
                if !is_frame_name(&name.to_string_lossy()) {
                    return Err(format!(
                        "{}: the folder holds other files ({}); --frames replaces only a folder of numbered frames: name a new or empty folder",
                        dir.display(),
                        name.to_string_lossy()
                    ));
                }
            }
            Ok(())
        }
    }
}

/// `00001.png`-style names: digits, then `.png`.
fn is_frame_name(name: &str) -> bool {
    name.strip_suffix(".png").is_some_and(|d| d.len() >= 5 && d.bytes().all(|b| b.is_ascii_digit()))
}

/// [`FrameSink`] for `--frames DIR`.
pub struct FramesSink {
    tmp: Option<PathBuf>,
    target: PathBuf,
    width: u32,
    height: u32,
    written: usize,
}

impl FramesSink {
    /// Makes the temporary folder beside `dir` for `width` x `height` frames.
    ///
    /// # Errors
    /// `dir` holds other files ([`check_folder`]), or the folder cannot be made.
    pub fn create(dir: &Path, width: u32, height: u32) -> io::Result<FramesSink> {
        check_folder(dir).map_err(|m| io::Error::new(io::ErrorKind::AlreadyExists, m))?;
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "frames".into());
        let tmp = dir.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let _ = fs::remove_dir_all(&tmp);
        fs::create_dir(&tmp).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        Ok(FramesSink { tmp: Some(tmp), target: dir.to_path_buf(), width, height, written: 0 })
    }
}

impl FrameSink for FramesSink {
    fn add(&mut self, batch: &[Rendered]) -> io::Result<()> {
        let (w, h) = (self.width, self.height);
        let encoded: Vec<io::Result<Vec<u8>>> = batch
            .par_iter()
            .map(|r| {
                let mut png = Vec::new();
                image::codecs::png::PngEncoder::new(&mut png)
                    .write_image(&r.image.rgba, w, h, image::ColorType::Rgba8)
                    .map_err(io::Error::other)?;
                Ok(png)
            })
            .collect();
        let tmp = self.tmp.as_ref().expect("open until finished");
        for (png, r) in encoded.into_iter().zip(batch) {
            let png = png?;
            for _ in 0..r.shot.frames {
                self.written += 1;
                let path = tmp.join(format!("{:05}.png", self.written));
                fs::write(&path, &png)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.target.display())))?;
            }
        }
        Ok(())
    }

    fn frames(&self) -> usize {
        self.written
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        let tmp = self.tmp.take().expect("open until finished");
        let in_place = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", self.target.display()));
        if self.target.is_dir() {
            // A previous export's frames (checked when the sink was made): replaced.
            if let Err(e) = check_folder(&self.target) {
                let _ = fs::remove_dir_all(&tmp);
                return Err(io::Error::new(io::ErrorKind::AlreadyExists, e));
            }
            fs::remove_dir_all(&self.target).map_err(in_place)?;
        }
        fs::rename(&tmp, &self.target).map_err(|e| {
            let _ = fs::remove_dir_all(&tmp);
            in_place(e)
        })
    }
}

impl Drop for FramesSink {
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            let _ = fs::remove_dir_all(tmp);
        }
    }
}
