//! Files that appear whole or not at all, so a failed, interrupted or killed export never
//! leaves a half-written file behind.
//!
//! On Linux a regular file is written through an unnamed temporary file (`O_TMPFILE`) in the
//! target's folder and linked into place when complete: until then it has no name, so even
//! SIGKILL leaves nothing. When the target already exists, the finished file is linked under a
//! temporary name and renamed over it in the same instant. Where `O_TMPFILE` is not available
//! (other systems, file systems without it), the file is written to `<name>.<pid>.tmp` beside
//! the target and renamed; an error or a caught signal removes it.
//!
//! A symbolic link is followed first, so the file it points at is replaced and the link stays.
//! Anything else that exists (`/dev/null`, a pipe, a terminal) is written to directly: renaming
//! over it would replace the device with a file.
//!
//! The path `-` is standard output ([`STDOUT`]): the bytes are kept in memory and written there
//! at the commit, so a failed export writes nothing there either. A terminal is refused (the
//! bytes of a picture would be noise on the screen).

use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The path that means standard output.
pub const STDOUT: &str = "-";

/// True when `path` is `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == STDOUT
}

/// How a path is named in messages: `standard output` for `-`, else the path.
pub fn shown(path: &Path) -> String {
    if is_stdout(path) {
        "standard output".to_string()
    } else {
        path.display().to_string()
    }
}

/// A file being written; [`AtomicFile::commit`] puts it in place. Dropped uncommitted, it
/// leaves the target untouched and no temporary file.
pub struct AtomicFile {
    writer: Option<Writer>,
    how: Staging,
    target: PathBuf,
}

/// Where the writes go until the commit.
enum Writer {
    /// A file (unnamed, temporary or the target itself).
    File(BufWriter<File>),
    /// Memory, for standard output.
    Memory(Vec<u8>),
}

impl Write for Writer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Writer::File(w) => w.write(buf),
            Writer::Memory(v) => v.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Writer::File(w) => w.flush(),
            Writer::Memory(_) => Ok(()),
        }
    }
}

/// Where the bytes go until the commit.
enum Staging {
    /// An unnamed file (`O_TMPFILE`) in the target's folder.
    Unnamed,
    /// A named temporary file beside the target.
    Named(PathBuf),
    /// The target itself (a device, a pipe, or standard output from memory).
    Direct,
}

/// An I/O error with the path in its message (`standard output` for `-`).
pub fn with_path(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", shown(path)))
}

/// The file a write to `path` replaces: `path` with a symbolic link at its end followed (a
/// dangling one to where it points) and its folder made absolute and canonical. Two outputs
/// with the same resolved path are the same file however they were written (`./x.png` and
/// `x.png`, a link and its target).
///
/// # Errors
/// The folder does not exist or cannot be read (the message names the path).
pub fn resolve_target(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    // Follow links at the end of the path (a bounded number: a loop is an error further on).
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&path).map_err(|e| with_path(&path, e))?;
                path = match path.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => break,
        }
    }
    if path.file_name().is_none() {
        // `.`, `..`, `/`, `dir/..`: a folder that is named by where it is.
        return fs::canonicalize(&path).map_err(|e| with_path(&path, e));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("{}: not a file name", path.display())))?;
    let dir = fs::canonicalize(dir).map_err(|e| {
        io::Error::new(e.kind(), format!("{}: the folder {} does not exist", path.display(), dir.display()))
    })?;
    Ok(dir.join(name))
}

impl AtomicFile {
    /// Opens `target` for writing as described in the module documentation (`-`: standard
    /// output).
    ///
    /// # Errors
    /// The directory does not exist or is not writable, or `target` is a directory (the error
    /// names the path); `-` when standard output is a terminal; `target` is a file the command
    /// read ([`crate::input`]: a last guard, as commands refuse such outputs before any work).
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        if let Some(input) = crate::input::input_at(target).filter(|_| !is_stdout(target)) {
            let msg = format!("{}: this is the input {input}; it is not overwritten", target.display());
            return Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
        }
        if is_stdout(target) {
            if io::stdout().is_terminal() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "standard output is a terminal: redirect it to a file (> out.gif) or a pipe",
                ));
            }
            let writer = Some(Writer::Memory(Vec::new()));
            return Ok(AtomicFile { writer, how: Staging::Direct, target: target.to_path_buf() });
        }
        let resolved = resolve_target(target)?;
        match fs::metadata(&resolved) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    format!("{}: is a directory", target.display()),
                ))
            }
            Ok(m) if !m.is_file() => {
                let file = fs::OpenOptions::new().write(true).open(&resolved).map_err(|e| with_path(target, e))?;
                return Ok(AtomicFile::new(file, Staging::Direct, resolved));
            }
            _ => {}
        }
        let dir = resolved.parent().expect("resolve_target gives a file in a folder");
        if let Some(file) = unnamed_in(dir) {
            return Ok(AtomicFile::new(file, Staging::Unnamed, resolved));
        }
        let tmp = temporary_name(&resolved);
        let file = File::create(&tmp).map_err(|e| with_path(target, e))?;
        Ok(AtomicFile::new(file, Staging::Named(tmp), resolved))
    }

    fn new(file: File, how: Staging, target: PathBuf) -> AtomicFile {
        AtomicFile { writer: Some(Writer::File(BufWriter::new(file))), how, target }
    }

    /// Flushes, syncs and puts the file in place.
    ///
    /// # Errors
    /// I/O errors (the temporary file is then removed), with the path.
    pub fn commit(mut self) -> io::Result<()> {
        let writer = self.writer.take().expect("present until commit");
        let result = (|| {
            let file = match writer {
                Writer::File(w) => w.into_inner().map_err(|e| e.into_error())?,
                Writer::Memory(bytes) => {
                    // A reader that stopped reading (`| head -c 6`) is not an error, as for
                    // the text the commands print.
                    let mut out = io::stdout().lock();
                    return match out.write_all(&bytes).and_then(|()| out.flush()) {
                        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                        other => other,
                    };
                }
            };
            match &self.how {
                Staging::Direct => Ok(()),
                Staging::Named(tmp) => {
                    file.sync_all()?;
                    fs::rename(tmp, &self.target)
                }
                Staging::Unnamed => {
                    file.sync_all()?;
                    link_into_place(&file, &self.target)
                }
            }
        })();
        if result.is_err() {
            self.remove_tmp();
        }
        self.how = Staging::Direct;
        result.map_err(|e| with_path(&self.target, e))
    }

    fn remove_tmp(&self) {
        if let Staging::Named(tmp) = &self.how {
            let _ = fs::remove_file(tmp);
        }
    }
}

/// Checks, before any work, that a file can be written at `path`, whose [`resolve_target`] is
/// `resolved`: it is not a folder, and its folder takes a new file (tried with an unnamed file,
/// or a named one removed at once: a read-only folder or file system fails). Messages name
/// `path` as the user wrote it.
///
/// # Errors
/// A message naming the path and what is in the way.
pub fn check_writable(path: &Path, resolved: &Path) -> Result<(), String> {
    if resolved.is_dir() {
        let example = path.join("out.gif");
        return Err(format!("{}: a folder, not a file: name a file in it ({})", path.display(), example.display()));
    }
    let dir = resolved.parent().unwrap_or(Path::new("."));
    if unnamed_in(dir).is_some() {
        return Ok(());
    }
    tempfile::Builder::new().prefix(".tumble-check").tempfile_in(dir).map(drop).map_err(|e| {
        let why = io::Error::from(e.kind());
        format!("{}: cannot write a file in its folder {}: {why}", path.display(), dir.display())
    })
}

/// `<name>.<pid>.tmp` beside `target`.
fn temporary_name(target: &Path) -> PathBuf {
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "out".into());
    name.push(format!(".{}.tmp", std::process::id()));
    target.with_file_name(name)
}

/// An unnamed file in `dir` (Linux `O_TMPFILE`), or `None` where the system or the file system
/// has none.
#[cfg(target_os = "linux")]
fn unnamed_in(dir: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new().write(true).mode(0o666).custom_flags(libc::O_TMPFILE).open(dir).ok()
}

#[cfg(not(target_os = "linux"))]
fn unnamed_in(_dir: &Path) -> Option<File> {
    None
}

/// Gives the unnamed `file` the name `target`: `linkat` through `/proc/self/fd` when the name is
/// free; else under a temporary name that is renamed over the target at once.
#[cfg(target_os = "linux")]
fn link_into_place(file: &File, target: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).expect("no NUL in a number");
    let link = |to: &Path| -> io::Result<()> {
        let to = CString::new(to.as_os_str().as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte in the file name"))?;
        // SAFETY: both are NUL-terminated strings that outlive the call.
        let rc = unsafe {
            libc::linkat(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::AT_SYMLINK_FOLLOW)
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    };
    match link(target) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let tmp = temporary_name(target);
            let _ = fs::remove_file(&tmp);
            link(&tmp)?;
            fs::rename(&tmp, target).inspect_err(|_| {
                let _ = fs::remove_file(&tmp);
            })
        }
        other => other,
    }
}

#[cfg(not(target_os = "linux"))]
fn link_into_place(_file: &File, _target: &Path) -> io::Result<()> {
    unreachable!("unnamed files exist on Linux only")
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

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn writes_in_place_leaving_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_atomically(&p, |w| w.write_all(b"one")).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"one");
        // Replacing an existing file.
        write_atomically(&p, |w| w.write_all(b"two")).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        // A failed write leaves the old content and no temporary file.
        let err = write_atomically(&p, |w| {
            w.write_all(b"three")?;
            Err::<(), _>(io::Error::other("boom"))
        });
        assert!(err.unwrap_err().to_string().contains("a.txt"));
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_file_has_no_name_until_it_is_committed() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("b.gif");
        let mut f = AtomicFile::create(&p).unwrap();
        assert!(matches!(f.how, Staging::Unnamed), "O_TMPFILE works on this file system");
        f.write_all(&[7; 100_000]).unwrap();
        f.flush().unwrap();
        assert!(names(dir.path()).is_empty(), "nothing named while writing: {:?}", names(dir.path()));
        f.commit().unwrap();
        assert_eq!(names(dir.path()), ["b.gif"]);
        assert_eq!(fs::read(&p).unwrap().len(), 100_000);
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

    #[test]
    fn resolved_targets_are_equal_however_the_path_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir(d.join("sub")).unwrap();
        let a = resolve_target(&d.join("x.png")).unwrap();
        assert_eq!(resolve_target(&d.join("./x.png")).unwrap(), a);
        assert_eq!(resolve_target(&d.join("sub/../x.png")).unwrap(), a);
        // A link to the file, even before the file exists (a dangling link), resolves to it.
        std::os::unix::fs::symlink("x.png", d.join("l.png")).unwrap();
        assert_eq!(resolve_target(&d.join("l.png")).unwrap(), a);
        std::os::unix::fs::symlink(d.join("sub"), d.join("s")).unwrap();
        assert_eq!(resolve_target(&d.join("s/../sub/y.gif")).unwrap(), resolve_target(&d.join("sub/y.gif")).unwrap());
        assert_ne!(resolve_target(&d.join("y.png")).unwrap(), a);
        let e = resolve_target(&d.join("missing/x.png")).unwrap_err();
        assert!(e.to_string().contains("does not exist"), "{e}");
    }
}
