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

impl From<crate::input::InputError> for CliError {
    fn from(e: crate::input::InputError) -> CliError {
        if e.interrupted() {
            CliError::Io(std::io::Error::new(std::io::ErrorKind::Interrupted, e.to_string()))
        } else {
            CliError::Input(e.to_string())
        }
    }
}

impl CliError {
    /// True when a signal stopped the work.
    pub fn interrupted(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == std::io::ErrorKind::Interrupted)
    }

    /// The process exit code for this error: 128 + the signal's number when a signal stopped
    /// the work (SIGINT 130, SIGTERM 143; see [`crate::export::cancel::exit_code`]), else 2
    /// (bad input, usage or I/O).
    pub fn exit_code(&self) -> i32 {
        if self.interrupted() {
            crate::export::cancel::exit_code()
        } else {
            2
        }
    }
}
