//! What a command is given to read: files and standard input, read up to a bound and
//! remembered, so that no output of the command can be one of them.
//!
//! Every reader of the command line and of talks goes through [`read_file`] or
//! [`read_stdin`]. Each reads at most [`MAX_INPUT_BYTES`] (far above the largest real input:
//! a 1000 x 1000 mine is 1 MB, a million box moves 1 MB) and refuses more, so `/dev/zero` or
//! `yes |` as input ends at once in bounded memory. Each also notes the file it read (its
//! device and inode, which name it however it is written: `./x`, a link, a hard link, the file
//! behind standard input), and [`refuse_outputs`] refuses an output that is one of them, before
//! any work is done.
//!
//! The registry is per process: tumble runs one command per process.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Mutex;

/// Most bytes one input may hold: 16 MiB.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// A file that was read: how it was named, and its identity (device, inode).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    name: String,
    id: (u64, u64),
}

static READ: Mutex<Vec<Seen>> = Mutex::new(Vec::new());

/// Why an input could not be read: the input's name and what went wrong.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {why}")]
pub struct InputError {
    /// The file's path, or "standard input".
    pub name: String,
    /// What went wrong.
    pub why: Why,
}

/// What went wrong with an input.
#[derive(Debug, thiserror::Error)]
pub enum Why {
    /// The input holds more than [`MAX_INPUT_BYTES`].
    #[error("more than {} MiB, the most tumble reads from one input", MAX_INPUT_BYTES >> 20)]
    TooLarge,
    /// The input is not UTF-8 text; the first byte that is not, from 1.
    #[error("not UTF-8 text (byte {0})")]
    NotText(usize),
    /// The file could not be opened or read: what the system said.
    #[error("{0}")]
    Io(io::Error),
}

impl InputError {
    fn new(name: &str, why: Why) -> InputError {
        InputError { name: name.to_string(), why }
    }

    /// True when a signal interrupted the read.
    pub fn interrupted(&self) -> bool {
        matches!(&self.why, Why::Io(e) if e.kind() == io::ErrorKind::Interrupted)
    }
}

/// Reads at most [`MAX_INPUT_BYTES`] from `reader`, named `name` in errors.
fn read_bounded(name: &str, reader: impl Read) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| InputError::new(name, Why::Io(e)))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::new(name, Why::TooLarge));
    }
    Ok(bytes)
}

fn note(name: &str, file: &File) {
    if let Ok(m) = file.metadata() {
        if m.is_file() {
            let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
            read.push(Seen { name: name.to_string(), id: (m.dev(), m.ino()) });
        }
    }
}

/// Reads the file at `path` (at most [`MAX_INPUT_BYTES`]) and remembers it as an input.
///
/// # Errors
/// [`Why::Io`] when it cannot be opened or read (a missing file, a folder), [`Why::TooLarge`]
/// past the bound; each message starts with the path.
pub fn read_file(path: &Path) -> Result<Vec<u8>, InputError> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| InputError::new(&name, Why::Io(e)))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let e = io::Error::new(io::ErrorKind::InvalidInput, "a folder, not a file");
        return Err(InputError::new(&name, Why::Io(e)));
    }
    note(&name, &file);
    read_bounded(&name, file)
}

/// Reads all of standard input (at most [`MAX_INPUT_BYTES`]) and remembers the file behind it,
/// when it is one (`< file`). On a terminal it first says on standard error that it waits for
/// input, naming `what` (e.g. "the box: the state line, then the moves line").
///
/// # Errors
/// As [`read_file`], named "standard input".
pub fn read_stdin(what: &str) -> Result<Vec<u8>, InputError> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!("tumble: reading {what} from standard input (end with Ctrl-D)");
    }
    if let Ok(fd) = std::os::fd::AsFd::as_fd(&stdin).try_clone_to_owned() {
        note("standard input", &File::from(fd));
    }
    read_bounded("standard input", stdin.lock())
}

/// `bytes` as text, or an error naming `name` and the first byte that is not UTF-8.
///
/// # Errors
/// [`Why::NotText`].
pub fn text(name: &str, bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| InputError::new(name, Why::NotText(e.utf8_error().valid_up_to() + 1)))
}

/// The input that `path` (an output about to be written) is, if any: the name it was read
/// under. A path that does not exist yet is no input.
pub fn input_at(path: &Path) -> Option<String> {
    let m = std::fs::metadata(path).ok()?;
    let read = READ.lock().unwrap_or_else(|e| e.into_inner());
    read.iter().find(|r| r.id == (m.dev(), m.ino())).map(|r| r.name.clone())
}

/// Refuses outputs that are inputs: `outputs` are the flags and paths a command will write
/// (`-`, standard output, is skipped). Call it after the inputs are read and before any work.
///
/// # Errors
/// A message naming the flag, the output and the input it would overwrite.
pub fn refuse_outputs<'a>(outputs: impl IntoIterator<Item = (&'a str, &'a Path)>) -> Result<(), String> {
    for (flag, path) in outputs {
        if path.as_os_str() == "-" {
            continue;
        }
        if let Some(input) = input_at(path) {
            let same = if input == path.display().to_string() {
                String::new()
            } else {
                format!(" (the file read as {input})")
            };
            return Err(format!(
                "{flag} {} is an input of this command{same}: writing it would destroy it; name another file",
                path.display()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_read_is_refused_as_an_output_however_it_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let map = dir.path().join("m.txt");
        std::fs::write(&map, "#R#\n#L#\n").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&map, &link).unwrap();
        let hard = dir.path().join("hard.txt");
        std::fs::hard_link(&map, &hard).unwrap();
        let other = dir.path().join("other.gif");
        std::fs::write(&other, "x").unwrap();
        assert!(input_at(&link).is_none(), "nothing read yet");
        assert_eq!(read_file(&map).unwrap(), b"#R#\n#L#\n");
        for p in [&map, &link, &hard] {
            let e = refuse_outputs([("--gif", p.as_path())]).unwrap_err();
            assert!(e.starts_with(&format!("--gif {} is an input", p.display())), "{e}");
        }
        assert!(refuse_outputs([("--gif", other.as_path()), ("--png", Path::new("-"))]).is_ok());
        assert!(refuse_outputs([("--gif", dir.path().join("new.gif").as_path())]).is_ok());
    }

    #[test]
    fn reads_stop_past_the_bound() {
        let e = read_bounded("standard input", io::repeat(0)).unwrap_err();
        assert!(matches!(e.why, Why::TooLarge));
        assert!(e.to_string().starts_with("standard input: more than 16 MiB"), "{e}");
        assert_eq!(read_bounded("x", &[1u8, 2, 3][..]).unwrap(), vec![1, 2, 3]);
    }

    #[test]
    fn a_folder_is_not_an_input() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_file(dir.path()).unwrap_err();
        assert!(e.to_string().ends_with("a folder, not a file"), "{e}");
    }
}
