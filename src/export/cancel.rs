//! Interrupting a long export: SIGINT, SIGTERM or SIGHUP set a flag that the export checks
//! between batches of frames; it then stops, removes its temporary file and reports
//! [`io::ErrorKind::Interrupted`]. A second signal ends the process at once.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

fn flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// Registers the signal handlers (once per process; later calls do nothing).
///
/// # Errors
/// The handlers cannot be registered.
pub fn install() -> io::Result<()> {
    static DONE: OnceLock<()> = OnceLock::new();
    if DONE.get().is_some() {
        return Ok(());
    }
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        // A second signal while the first is being handled: exit 130 (128 + SIGINT) at once.
        signal_hook::flag::register_conditional_shutdown(sig, 130, flag().clone())?;
        signal_hook::flag::register(sig, flag().clone())?;
    }
    let _ = DONE.set(());
    Ok(())
}

/// True once a signal asked to stop.
pub fn requested() -> bool {
    flag().load(Ordering::Relaxed)
}

/// Clears the request (after a search that was meant to be stopped by it).
pub fn clear() {
    flag().store(false, Ordering::Relaxed);
}

/// The flag itself, for searches that stop on it.
pub fn shared_flag() -> Arc<AtomicBool> {
    flag().clone()
}

/// `Err(Interrupted)` once a signal asked to stop.
///
/// # Errors
/// [`io::ErrorKind::Interrupted`] when a stop was requested.
pub fn check() -> io::Result<()> {
    if requested() {
        Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"))
    } else {
        Ok(())
    }
}
