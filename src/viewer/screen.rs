//! The size of the X screen the viewer opens on, asked of libX11 (loaded at run time, as
//! macroquad loads it), so that a window never opens larger than the screen.

use std::ffi::{c_char, c_int, c_void, CStr};

/// Pixels kept free for a desktop's panels and the window's title bar, below the screen's
/// height.
pub const PANELS: u32 = 96;

/// The default screen's size in pixels (width, height), or `None` where libX11 or the display
/// cannot be opened.
pub fn screen_size() -> Option<(u32, u32)> {
    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type DefaultScreen = unsafe extern "C" fn(*mut c_void) -> c_int;
    type DisplaySize = unsafe extern "C" fn(*mut c_void, c_int) -> c_int;
    type CloseDisplay = unsafe extern "C" fn(*mut c_void) -> c_int;
    let name = |s: &'static CStr| s.as_ptr();
    // SAFETY: dlopen/dlsym with NUL-terminated names; each symbol is cast to its documented
    // Xlib signature; the display is closed before returning and never used after.
    unsafe {
        let lib = libc::dlopen(name(c"libX11.so.6"), libc::RTLD_NOW | libc::RTLD_LOCAL);
        if lib.is_null() {
            return None;
        }
        let sym = |s: &'static CStr| libc::dlsym(lib, s.as_ptr());
        let (open, screen, width, height, close) = (
            sym(c"XOpenDisplay"),
            sym(c"XDefaultScreen"),
            sym(c"XDisplayWidth"),
            sym(c"XDisplayHeight"),
            sym(c"XCloseDisplay"),
        );
        if [open, screen, width, height, close].iter().any(|p| p.is_null()) {
            libc::dlclose(lib);
            return None;
        }
        let open: OpenDisplay = std::mem::transmute(open);
        let screen: DefaultScreen = std::mem::transmute(screen);
        let width: DisplaySize = std::mem::transmute(width);
        let height: DisplaySize = std::mem::transmute(height);
        let close: CloseDisplay = std::mem::transmute(close);
        let display = open(std::ptr::null());
        if display.is_null() {
            libc::dlclose(lib);
            return None;
        }
        let n = screen(display);
        let size = (width(display, n), height(display, n));
        close(display);
        // libX11 stays loaded: unloading it breaks the window's own XOpenDisplay after.
        (size.0 > 0 && size.1 > 0).then(|| (size.0 as u32, size.1 as u32))
    }
}

/// The window size (width, height) for a picture of shape `aspect` (height / width) that is
/// `width` pixels wide with `extra` pixels under it, shrunk to fit `screen` (keeping the
/// picture's shape) with [`PANELS`] pixels to spare in height and none in width.
pub fn fit(width: u32, aspect: f32, extra: f32, screen: Option<(u32, u32)>) -> (i32, i32) {
    let mut w = width as f32;
    if let Some((sw, sh)) = screen {
        let room = (sh.saturating_sub(PANELS) as f32 - extra).max(64.0);
        w = w.min(sw as f32).min(room / aspect).max(64.0);
    }
    (w.round() as i32, (w * aspect + extra).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn a_tall_window_shrinks_to_the_screen_keeping_its_shape() {
        // The 0h n0 steps window of the issue: 720 wide, 1010 high with 1366x768.
        let aspect = 1.0;
        let extra = 290.0;
        assert_eq!(fit(720, aspect, extra, None), (720, 1010));
        let (w, h) = fit(720, aspect, extra, Some((1366, 768)));
        assert_eq!((w, h), (382, 672));
        assert!(h as u32 <= 768 - super::PANELS);
        // A wide window on a narrow screen.
        assert_eq!(fit(2000, 0.5, 0.0, Some((1024, 4000))), (1024, 512));
        // Room enough: unchanged.
        assert_eq!(fit(720, 0.5, 50.0, Some((1920, 1080))), (720, 410));
    }
}
