//! Reading a mine map for the command line: from a path or standard input, with the path in
//! every message. Used by `tumble mine run`, `tumble mine solve`, `tumble view` and the demos;
//! it imports none of them.

use super::CliError;
use crate::mine::{MapError, Mine};
use std::path::Path;

/// Reads and parses a map from a path or `-` (standard input); see [`parse_map`].
///
/// # Errors
/// Unreadable file, or a map error with its line and column (prefixed with the path).
pub(super) fn load_map(path: &Path) -> Result<Mine, CliError> {
    if path.as_os_str() == "-" {
        return parse_map("standard input", &crate::input::read_stdin("the map")?);
    }
    let b = crate::input::read_file(path)?;
    parse_map(&path.display().to_string(), &b)
}

/// Parses a map's bytes; `name` (a path, "standard input", a demo) starts every message. Each
/// metadata line tumble does not know is reported on standard error as a warning with its
/// line, and the map is played without it.
///
/// # Errors
/// A map error with its line and column, and what a map holds when the text is none at all.
pub(super) fn parse_map(name: &str, bytes: &[u8]) -> Result<Mine, CliError> {
    match Mine::parse_bytes_with_warnings(bytes) {
        Ok((mine, warnings)) => {
            for w in warnings {
                eprintln!("tumble: warning: {name}: {w}");
            }
            Ok(mine)
        }
        Err(e @ (MapError::UnknownCharacter { .. } | MapError::Binary { .. } | MapError::InvalidUtf8 { .. })) => {
            Err(CliError::Input(format!(
                "{name}: {e}: not a mine map (a map's rows hold only # * \\ L O . R A-I 1-9 W ! @ and spaces)"
            )))
        }
        Err(e) => Err(CliError::Input(format!("{name}: {e}"))),
    }
}
