//! Write-then-rename, so a failed or interrupted export leaves no half-written file.
//!
//! A regular file (or a new path) is written to `<name>.<pid>.tmp` beside it and renamed into
//! place when complete; a symbolic link is followed first, so the file it points at is
//! replaced and the link stays. Anything else that exists (`/dev/null`, a pipe, a terminal) is
//! written to directly: renaming over it would replace the device with a file.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written; [`AtomicFile::commit`] puts it in place. Dropped uncommitted, it
/// removes its temporary file and leaves the target untouched.
pub struct AtomicFile {
    writer: Option<BufWriter<File>>,
    /// `Some(temporary path)` when writing beside the target, `None` when writing to it directly.
    tmp: Option<PathBuf>,
    target: PathBuf,
}

/// An I/O error with the path in its message.
pub fn with_path(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

impl AtomicFile {
    /// Opens `target` for writing as described in the module documentation.
    ///
    /// # Errors
    /// The directory does not exist or is not writable, or `target` is a directory (the error
    /// names the path).
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let resolved = match fs::symlink_metadata(target) {
            Ok(m) if m.file_type().is_symlink() => fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf()),
            _ => target.to_path_buf(),
        };
        match fs::metadata(&resolved) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    format!("{}: is a directory", target.display()),
                ))
            }
            Ok(m) if !m.is_file() => {
                let file = fs::OpenOptions::new().write(true).open(&resolved).map_err(|e| with_path(target, e))?;
                return Ok(AtomicFile { writer: Some(BufWriter::new(file)), tmp: None, target: resolved });
            }
            _ => {}
        }
        let mut name = resolved.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "out".into());
        name.push(format!(".{}.tmp", std::process::id()));
        let tmp = resolved.with_file_name(name);
        let file = File::create(&tmp).map_err(|e| with_path(target, e))?;
        Ok(AtomicFile { writer: Some(BufWriter::new(file)), tmp: Some(tmp), target: resolved })
    }

    /// Flushes, syncs and renames the file into place.
    ///
    /// # Errors
    /// I/O errors (the temporary file is then removed), with the path.
    pub fn commit(mut self) -> io::Result<()> {
        let writer = self.writer.take().expect("present until commit");
        let result = (|| {
            let file = writer.into_inner().map_err(|e| e.into_error())?;
            if let Some(tmp) = &self.tmp {
                file.sync_all()?;
                fs::rename(tmp, &self.target)?;
            }
            Ok(())
        })();
        if result.is_err() {
            self.remove_tmp();
        }
        self.tmp = None;
        result.map_err(|e| with_path(&self.target, e))
    }

    fn remove_tmp(&self) {
        if let Some(tmp) = &self.tmp {
            let _ = fs::remove_file(tmp);
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.as_mut().expect("present until commit").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.as_mut().expect("present until commit").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            self.remove_tmp();
        }
    }
}

/// Creates `target` through an [`AtomicFile`], lets `write` fill it, and commits it.
///
/// # Errors
/// Any I/O error from creating, writing, flushing or renaming, with the path in its message;
/// the target is then untouched and no temporary file is left.
pub fn write_atomically<T>(target: &Path, write: impl FnOnce(&mut AtomicFile) -> io::Result<T>) -> io::Result<T> {
    let mut file = AtomicFile::create(target)?;
    let value = write(&mut file).map_err(|e| with_path(target, e))?;
    file.commit()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_in_place_leaving_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_atomically(&p, |w| w.write_all(b"one")).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"one");
        // A failed write leaves the old content and no temporary file.
        let err = write_atomically(&p, |w| {
            w.write_all(b"two")?;
            Err::<(), _>(io::Error::other("boom"))
        });
        assert!(err.unwrap_err().to_string().contains("a.txt"));
        assert_eq!(fs::read(&p).unwrap(), b"one");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn follows_links_and_writes_devices_directly() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.gif");
        fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.gif");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, |w| w.write_all(b"new")).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
        assert_eq!(fs::read(&real).unwrap(), b"new");
        // /dev/null stays a device.
        write_atomically(Path::new("/dev/null"), |w| w.write_all(b"x")).unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
        // A directory is refused with its name.
        let e = write_atomically(dir.path(), |w| w.write_all(b"x")).unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
    }
}
