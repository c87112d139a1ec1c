//! Driving a real browser for the page tests: Debian's Chromium, headless, through the
//! DevTools protocol (`headless_chrome`). Every tab records each network request, console
//! message and uncaught exception, so that a test can say "nothing beyond the file, no error".
//! Keys are pressed as a keyboard sends them, the mouse and touch go through
//! `Input.dispatch*Event`, sizes through `Emulation.setDeviceMetricsOverride`.
#![allow(dead_code)]

use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::{Emulation, Input, Network};
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Where Debian puts Chromium (`apt-get install chromium`); `TUMBLE_CHROMIUM` overrides it.
pub fn chromium() -> PathBuf {
    std::env::var_os("TUMBLE_CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// A headless browser, or `None` (with a message) when Chromium is missing: then the test is
/// skipped, unless `TUMBLE_REQUIRE_BROWSER=1` (CI; `TUMBLE_REQUIRE_TOOLS`, which the other
/// export tests read, counts too), which makes it fail.
pub fn browser() -> Option<Browser> {
    let path = chromium();
    if !path.exists() {
        let why = format!("{} not found (apt-get install chromium)", path.display());
        let required = std::env::var("TUMBLE_REQUIRE_BROWSER").is_ok_and(|v| v == "1")
            || std::env::var("TUMBLE_REQUIRE_TOOLS").is_ok_and(|v| v != "0");
        if required {
            panic!("TUMBLE_REQUIRE_BROWSER=1 and {why}");
        }
        eprintln!("skipped: {why}");
        return None;
    }
    let args: Vec<&OsStr> =
        ["--disable-gpu", "--no-first-run", "--hide-scrollbars", "--mute-audio"].iter().map(OsStr::new).collect();
    let opts = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1000, 800)))
        .idle_browser_timeout(Duration::from_secs(300))
        .args(args)
        .build()
        .expect("launch options");
    Some(Browser::new(opts).expect("Chromium starts"))
}

/// What a tab saw: requests (URLs), console messages (`type: text`), uncaught exceptions.
#[derive(Default, Debug)]
pub struct Record {
    /// Every request's URL, in order.
    pub requests: Vec<String>,
    /// Every console message.
    pub console: Vec<String>,
    /// Every uncaught exception and every log entry of level error.
    pub errors: Vec<String>,
}

/// A tab showing a page, with what it saw.
pub struct Page {
    /// The tab.
    pub tab: Arc<Tab>,
    /// What it saw so far.
    pub record: Arc<Mutex<Record>>,
}

/// `file://` URL of `path` (absolute).
pub fn file_url(path: &Path) -> String {
    format!("file://{}", path.canonicalize().expect("the page exists").display())
}

impl Page {
    /// Opens `url` in a new tab of `browser`, `width` x `height` CSS pixels, recording from the
    /// start, and waits until the page has unpacked its pictures (or, for a presenter view,
    /// has loaded).
    pub fn open(browser: &Browser, url: &str, width: u32, height: u32) -> Page {
        let tab = browser.new_tab().expect("a tab");
        let record = Arc::new(Mutex::new(Record::default()));
        let r = record.clone();
        tab.add_event_listener(Arc::new(move |event: &Event| {
            let mut r = r.lock().unwrap();
            match event {
                Event::NetworkRequestWillBeSent(e) => r.requests.push(e.params.request.url.clone()),
                Event::RuntimeConsoleAPICalled(e) => {
                    let text: Vec<String> = e
                        .params
                        .args
                        .iter()
                        .map(|a| a.value.as_ref().map_or_else(|| format!("{:?}", a.description), |v| v.to_string()))
                        .collect();
                    r.console.push(format!("{:?}: {}", e.params.Type, text.join(" ")));
                }
                Event::RuntimeExceptionThrown(e) => {
                    let d = &e.params.exception_details;
                    r.errors.push(format!("{} {:?}", d.text, d.exception.as_ref().and_then(|x| x.description.clone())));
                }
                Event::LogEntryAdded(e) => {
                    r.errors.push(format!("{:?}: {}", e.params.entry.level, e.params.entry.text))
                }
                _ => {}
            }
        }))
        .expect("listener");
        tab.call_method(Network::Enable {
            max_total_buffer_size: None,
            max_resource_buffer_size: None,
            max_post_data_size: None,
            report_direct_socket_traffic: None,
            enable_durable_messages: None,
        })
        .expect("Network.enable");
        tab.enable_runtime().expect("Runtime.enable");
        tab.enable_log().expect("Log.enable");
        let page = Page { tab, record };
        page.resize(width, height, 1.0, false);
        page.tab.navigate_to(url).expect("navigate").wait_until_navigated().expect("loaded");
        page.wait_for("document.readyState === 'complete' && (tumble.state().ready || tumble.state().presenter)");
        page
    }

    /// Sets the viewport to `width` x `height` CSS pixels at `scale` device pixels each
    /// (`mobile`: a phone's viewport and touch).
    pub fn resize(&self, width: u32, height: u32, scale: f64, mobile: bool) {
        self.tab
            .call_method(Emulation::SetDeviceMetricsOverride {
                width,
                height,
                device_scale_factor: scale,
                mobile,
                scale: None,
                screen_width: None,
                screen_height: None,
                position_x: None,
                position_y: None,
                dont_set_visible_size: None,
                screen_orientation: None,
                viewport: None,
                display_feature: None,
                device_posture: None,
            })
            .expect("Emulation.setDeviceMetricsOverride");
    }

    /// The value of a JavaScript expression (JSON-serialisable).
    pub fn eval(&self, expression: &str) -> Value {
        let r = self.tab.evaluate(&format!("JSON.stringify({expression})"), false).expect("evaluate");
        let text = r.value.and_then(|v| v.as_str().map(String::from)).unwrap_or_else(|| "null".into());
        serde_json::from_str(&text).expect("JSON")
    }

    /// The player's state (`window.tumble.state()`).
    pub fn state(&self) -> Value {
        self.eval("tumble.state()")
    }

    /// Waits (up to 10 s) until `condition` is true in the page.
    pub fn wait_for(&self, condition: &str) {
        let start = Instant::now();
        while self.eval(&format!("!!({condition})")) != Value::Bool(true) {
            assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting for {condition}");
            sleep(Duration::from_millis(50));
        }
    }

    /// Presses `key` (a KeyboardEvent.key name: "PageDown", "ArrowLeft", " ", "[", "?", "b").
    pub fn key(&self, key: &str) {
        self.tab.press_key(key).unwrap_or_else(|e| panic!("key {key:?}: {e}"));
    }

    fn mouse(&self, kind: Input::DispatchMouseEventTypeOption, x: f64, y: f64, buttons: u32) {
        self.tab
            .call_method(Input::DispatchMouseEvent {
                Type: kind,
                x,
                y,
                modifiers: None,
                timestamp: None,
                button: Some(Input::MouseButton::Left),
                buttons: Some(buttons),
                click_count: Some(1),
                force: None,
                tangential_pressure: None,
                tilt_x: None,
                tilt_y: None,
                twist: None,
                delta_x: None,
                delta_y: None,
                pointer_Type: None,
            })
            .expect("Input.dispatchMouseEvent");
    }

    /// Presses the left mouse button at (`x`, `y`) CSS pixels.
    pub fn mouse_down(&self, x: f64, y: f64) {
        self.mouse(Input::DispatchMouseEventTypeOption::MousePressed, x, y, 1);
    }

    /// Moves the mouse, the left button held, to (`x`, `y`).
    pub fn mouse_drag(&self, x: f64, y: f64) {
        self.mouse(Input::DispatchMouseEventTypeOption::MouseMoved, x, y, 1);
    }

    /// Lets the left button go at (`x`, `y`).
    pub fn mouse_up(&self, x: f64, y: f64) {
        self.mouse(Input::DispatchMouseEventTypeOption::MouseReleased, x, y, 0);
    }

    /// A touch that starts at `from` and ends at `to` (CSS pixels), in `steps` moves.
    pub fn touch(&self, from: (f64, f64), to: (f64, f64), steps: usize) {
        let point = |x: f64, y: f64| Input::TouchPoint {
            x,
            y,
            radius_x: None,
            radius_y: None,
            rotation_angle: None,
            force: None,
            tangential_pressure: None,
            tilt_x: None,
            tilt_y: None,
            twist: None,
            id: Some(1.0),
        };
        let send = |kind, points: Vec<Input::TouchPoint>| {
            self.tab
                .call_method(Input::DispatchTouchEvent {
                    Type: kind,
                    touch_points: points,
                    modifiers: None,
                    timestamp: None,
                })
                .expect("Input.dispatchTouchEvent");
        };
        send(Input::DispatchTouchEventTypeOption::TouchStart, vec![point(from.0, from.1)]);
        for i in 1..=steps {
            let f = i as f64 / steps as f64;
            send(
                Input::DispatchTouchEventTypeOption::TouchMove,
                vec![point(from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f)],
            );
        }
        send(Input::DispatchTouchEventTypeOption::TouchEnd, vec![]);
    }

    /// The bounding box of the first element matching `selector`: [x, y, width, height].
    pub fn rect(&self, selector: &str) -> [f64; 4] {
        let v = self.eval(&format!(
            "(() => {{ const r = document.querySelector({selector:?}).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }})()"
        ));
        let a: Vec<f64> = v.as_array().expect("a box").iter().map(|x| x.as_f64().unwrap()).collect();
        [a[0], a[1], a[2], a[3]]
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&self) -> image::RgbaImage {
        use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
        let png =
            self.tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true).expect("screenshot");
        image::load_from_memory(&png).expect("a PNG").to_rgba8()
    }

    /// Asserts that the page asked for nothing but `file` and logged no error or warning.
    pub fn assert_quiet(&self, file: &str) {
        let r = self.record.lock().unwrap();
        let others: Vec<&String> = r.requests.iter().filter(|u| u.split('#').next() != Some(file)).collect();
        assert!(others.is_empty(), "requests beyond {file}: {others:?}");
        assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
        assert!(r.console.is_empty(), "console messages: {:?}", r.console);
    }
}

/// Mean absolute difference of two same-sized pictures, 0..=255 over all RGB channels.
pub fn mean_difference(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions(), "same size");
    let sum: u64 =
        a.pixels().zip(b.pixels()).map(|(p, q)| (0..3).map(|c| u64::from(p[c].abs_diff(q[c]))).sum::<u64>()).sum();
    sum as f64 / (3 * a.width() * a.height()) as f64
}
