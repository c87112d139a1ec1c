//! The pipe between the audience's window and its presenter view. Key N starts the presenter
//! view as a second tumble process (`tumble presenter-view`, a hidden command: macroquad opens
//! one window per process). The audience's window writes a [`Where`] line to the view's
//! standard input whenever it changes; the view writes `key NAME` lines (names as the help
//! shows them: `PageDown`, `Space`, ...) for the keys pressed in it, and the audience's window
//! acts on them as on its own, so that a clicker works in either window. A view closed by hand
//! writes `closed` as its window goes (its process may take a moment longer to end), so that the
//! next N opens a new view at once. When the audience's window closes, the view's input ends
//! and the view closes too.

use super::notes::Where;
use crate::theme::Theme;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

/// A running presenter view.
pub struct Link {
    /// The view's process; taken when the link is dropped.
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    keys: Receiver<String>,
    /// Set when the view said `closed` or its output ended.
    closed: Arc<AtomicBool>,
    told: String,
}

impl Link {
    /// Starts the presenter view (this same program, `presenter-view --theme THEME --title TITLE`).
    ///
    /// # Errors
    /// The program could not be found or started (the reason).
    pub fn open(theme: Theme, title: &str) -> Result<Link, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find tumble itself: {e}"))?;
        let theme = match theme {
            Theme::Light => "light",
            Theme::Dark => "dark",
        };
        let mut child = Command::new(exe)
            .args(["presenter-view", "--theme", theme, "--title", title])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the presenter view: {e}"))?;
        let stdin = child.stdin.take();
        let out = child.stdout.take();
        let (send, keys) = channel();
        let closed = Arc::new(AtomicBool::new(false));
        if let Some(out) = out {
            let closed = closed.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    if line == "closed" {
                        break;
                    }
                    if let Some(name) = line.strip_prefix("key ") {
                        if send.send(name.to_string()).is_err() {
                            break;
                        }
                    }
                }
                closed.store(true, Ordering::Relaxed);
            });
        }
        Ok(Link { child: Some(child), stdin, keys, closed, told: String::new() })
    }

    /// True while the presenter view's window is open.
    pub fn alive(&mut self) -> bool {
        self.stdin.is_some()
            && !self.closed.load(Ordering::Relaxed)
            && self.child.as_mut().is_some_and(|c| matches!(c.try_wait(), Ok(None)))
    }

    /// Tells the view where the show is, if that changed since the last time.
    pub fn tell(&mut self, at: &Where) {
        let line = at.to_line();
        if line == self.told {
            return;
        }
        let sent = self.stdin.as_mut().is_some_and(|s| writeln!(s, "{line}").and_then(|()| s.flush()).is_ok());
        if sent {
            self.told = line;
        } else {
            // The view was closed: its pipe is broken.
            self.stdin = None;
        }
    }

    /// The names of the keys pressed in the view since the last call, in order.
    pub fn keys(&self) -> Vec<String> {
        self.keys.try_iter().collect()
    }
}

impl Drop for Link {
    /// Closes the view: its input ends (it closes by itself), and it is ended if it has not
    /// within a second. The waiting happens on a thread of its own, so that the audience's
    /// window never stops for it.
    fn drop(&mut self) {
        self.stdin = None;
        let Some(mut child) = self.child.take() else { return };
        std::thread::spawn(move || {
            for _ in 0..20 {
                if !matches!(child.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        });
    }
}
