//! Signals: SIGINT, SIGTERM and SIGHUP end every command within a second, with exit code
//! 128 + the signal's number (130, 143, 129) and one message, whatever the command or format.
//!
//! A signal sets a flag. Work that can stop cleanly checks it: an export between batches of
//! frames (it removes its temporary file and reports [`io::ErrorKind::Interrupted`]), the
//! viewer's loop, the route finder. For everything else (a long 0h n0 explanation, a box
//! search) a watchdog thread ends the process [`GRACE`] after the signal. Work that answers the
//! signal itself holds an [`Answering`] guard meanwhile: the route finder, which then prints
//! its best route (the contest's protocol). A second signal ends the process at once. Files
//! are never left half-written by an exit: see [`crate::export::atomic`].

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long the watchdog lets work notice a signal before it ends the process.
pub const GRACE: Duration = Duration::from_millis(500);

fn flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// The number of the last signal caught (0: none).
fn signal() -> &'static Arc<AtomicUsize> {
    static SIGNAL: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    SIGNAL.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// How many [`Answering`] guards are alive.
static ANSWERING: AtomicUsize = AtomicUsize::new(0);

/// Registers the signal handlers and starts the watchdog (once per process; later calls do
/// nothing).
///
/// # Errors
/// The handlers cannot be registered.
pub fn install() -> io::Result<()> {
    static DONE: OnceLock<()> = OnceLock::new();
    if DONE.get().is_some() {
        return Ok(());
    }
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        // A second signal while the first is being handled: exit at once.
        signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, flag().clone())?;
        signal_hook::flag::register_usize(sig, signal().clone(), sig as usize)?;
        signal_hook::flag::register(sig, flag().clone())?;
    }
    std::thread::Builder::new().name("signal watchdog".into()).spawn(watchdog)?;
    let _ = DONE.set(());
    Ok(())
}

/// Ends the process [`GRACE`] after a signal that nothing answered.
fn watchdog() {
    let mut since: Option<Instant> = None;
    loop {
        std::thread::sleep(Duration::from_millis(20));
        if !requested() || ANSWERING.load(Ordering::SeqCst) > 0 {
            since = None;
            continue;
        }
        if since.get_or_insert_with(Instant::now).elapsed() >= GRACE {
            eprintln!("tumble: {}", message());
            std::process::exit(exit_code());
        }
    }
}

/// While alive, the watchdog leaves a signal to the work that holds it (the route finder stops
/// on the flag and prints its best route).
#[must_use = "the guard answers signals only while it is alive"]
pub struct Answering(());

impl Answering {
    /// Starts answering signals.
    pub fn new() -> Answering {
        ANSWERING.fetch_add(1, Ordering::SeqCst);
        Answering(())
    }
}

impl Default for Answering {
    fn default() -> Self {
        Answering::new()
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        ANSWERING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// True once a signal asked to stop.
pub fn requested() -> bool {
    flag().load(Ordering::Relaxed)
}

/// Clears the request (after a search that was meant to be stopped by it).
pub fn clear() {
    flag().store(false, Ordering::Relaxed);
    signal().store(0, Ordering::Relaxed);
}

/// The flag itself, for searches that stop on it.
pub fn shared_flag() -> Arc<AtomicBool> {
    flag().clone()
}

/// The exit code for the signal caught: 128 + its number (SIGINT 130, SIGTERM 143, SIGHUP
/// 129); 130 when none was.
pub fn exit_code() -> i32 {
    match signal().load(Ordering::Relaxed) {
        0 => 130,
        sig => 128 + sig as i32,
    }
}

/// What tumble says when a signal ends it: "interrupted (SIGTERM)".
pub fn message() -> String {
    let name = match signal().load(Ordering::Relaxed) as i32 {
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGHUP => "SIGHUP",
        _ => "SIGINT",
    };
    format!("interrupted ({name})")
}

/// `Err(Interrupted)` once a signal asked to stop.
///
/// # Errors
/// [`io::ErrorKind::Interrupted`] when a stop was requested.
pub fn check() -> io::Result<()> {
    if requested() {
        Err(interrupted())
    } else {
        Ok(())
    }
}

/// The error of work stopped by a signal.
pub fn interrupted() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, message())
}

/// `e`, or [`interrupted`] when a signal asked to stop: an error that a signal caused (ffmpeg
/// killed by the same Ctrl-C, a pipe closed under it) reads as the interruption it is.
pub fn or_interrupted(e: io::Error) -> io::Error {
    if requested() {
        interrupted()
    } else {
        e
    }
}
