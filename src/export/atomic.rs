//! Write-then-rename, so a failed or interrupted export leaves no half-written file.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Creates `<target>.<pid>.tmp` beside `target`, lets `write` fill it, then renames it to
/// `target`. On any error the temporary file is removed and `target` is left untouched.
///
/// # Errors
/// Any I/O error from creating, writing, flushing or renaming, with the path in its message.
pub fn write_atomically<T>(target: &Path, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<T>) -> io::Result<T> {
    let tmp = temp_name(target);
    let result = (|| {
        let file = File::create(&tmp)?;
        let mut w = BufWriter::new(file);
        let value = write(&mut w)?;
        w.flush()?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&tmp, target)?;
        Ok(value)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(|e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", target.display())))
}

fn temp_name(target: &Path) -> PathBuf {
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "out".into());
    name.push(format!(".{}.tmp", std::process::id()));
    target.with_file_name(name)
}
