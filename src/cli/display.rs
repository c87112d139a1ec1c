//! Whether a window can open, asked before a window is wanted (`tumble view`, `tumble talk`), so
//! that a missing display is one clear error that names the file-writing alternative. Both
//! commands import this file; it imports neither.

use super::CliError;
use crate::viewer;

/// Ok when the viewer can open a window.
///
/// # Errors
/// No display (no `DISPLAY` or `WAYLAND_DISPLAY`, or one that does not answer): the message
/// says why and how to write a GIF instead.
pub(super) fn check_display() -> Result<(), CliError> {
    viewer::display_available().map_err(|why| {
        CliError::Input(format!(
            "{why}; the viewer needs a display. Write a GIF instead with --gif FILE (tumble box STATE MOVES --gif out.gif, tumble mine run MAP ROUTE --gif out.gif, tumble ohno solve BOARD --gif out.gif)"
        ))
    })
}
