//! Errors the command line reports, with their exit codes.

/// A failure that ends the command: printed as `tumble: error: ...` on stderr.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input (a state, map, board or moves string) or bad usage: exit 2.
    #[error("{0}")]
    Input(String),
    /// A file could not be read or written: exit 2.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl CliError {
    /// The process exit code for this error: 130 when interrupted by a signal, else 2 (bad
    /// input, usage or I/O).
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Io(e) if e.kind() == std::io::ErrorKind::Interrupted => 130,
            _ => 2,
        }
    }
}
