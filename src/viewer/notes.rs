//! The presenter view's content, apart from any window: where the show is ([`Where`], which the
//! audience's window sends as one JSON line each time it changes) and the lines the view shows
//! (a clock, the slide shown, its notes, the next item's title), in the same words as the web
//! page's presenter view (`assets/page/player.js`). The window that shows them is
//! [`super::notes_window`]; the pipe between the two windows is [`super::link`].

use serde_json::{json, Value};

/// Where the audience's window is: sent to the presenter view on every change.
#[derive(Clone, Debug, PartialEq)]
pub struct Where {
    /// The slide shown, counted from 1 as the status line counts (title cards included).
    pub slide: usize,
    /// The number of slides.
    pub slides: usize,
    /// The slide's title.
    pub title: String,
    /// Its item's speaker notes (`notes = "..."` in the talk), if any.
    pub notes: Option<String>,
    /// The title of the next item (the next slide whose title differs), if there is one.
    pub next: Option<String>,
    /// Seconds into the slide's animation (0 on a title card).
    pub t: f64,
    /// The slide's length, seconds (0 on a title card).
    pub duration: f64,
    /// The animation is playing.
    pub playing: bool,
}

impl Where {
    /// One line of JSON (no newline in it: newlines in notes are escaped).
    pub fn to_line(&self) -> String {
        json!({
            "slide": self.slide, "slides": self.slides, "title": self.title, "notes": self.notes,
            "next": self.next, "t": self.t, "duration": self.duration, "playing": self.playing,
        })
        .to_string()
    }

    /// Reads a line written by [`Where::to_line`].
    ///
    /// # Errors
    /// The line is not JSON, or a field is missing or of the wrong type (the field's name).
    pub fn from_line(line: &str) -> Result<Where, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not a presenter message: {e}"))?;
        let num = |k: &str| v[k].as_f64().ok_or_else(|| format!("presenter message without '{k}'"));
        let text = |k: &str| v[k].as_str().map(String::from);
        Ok(Where {
            slide: num("slide")? as usize,
            slides: num("slides")? as usize,
            title: text("title").ok_or("presenter message without 'title'")?,
            notes: text("notes"),
            next: text("next"),
            t: num("t")?,
            duration: num("duration")?,
            playing: v["playing"].as_bool().unwrap_or(false),
        })
    }
}

/// The presenter view's four texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    /// Time since the view opened (`mm:ss`) and the time of day (`HH:MM`).
    pub clock: String,
    /// `Now K/N: title   t s / d s` (and `playing`).
    pub now: String,
    /// The notes, or `(no notes)`.
    pub notes: String,
    /// `Next: title`, or `Last item`.
    pub next: String,
}

/// The lines for `at` (`None`: nothing heard yet from the audience's window), `elapsed`
/// seconds after the view opened, at `time_of_day` (`HH:MM`).
pub fn lines(at: Option<&Where>, elapsed: u64, time_of_day: &str) -> Lines {
    let clock = format!("{:02}:{:02}   {time_of_day}", elapsed / 60, elapsed % 60);
    let Some(w) = at else {
        return Lines { clock, now: "Waiting for the show…".into(), notes: String::new(), next: String::new() };
    };
    let mut now = format!("Now {}/{}: {}", w.slide, w.slides, w.title);
    if w.duration > 0.0 {
        now.push_str(&format!("   {:.1} s / {:.1} s", w.t, w.duration));
    }
    if w.playing {
        now.push_str("   playing");
    }
    Lines {
        clock,
        now,
        notes: w.notes.clone().unwrap_or_else(|| "(no notes)".into()),
        next: w.next.as_ref().map_or_else(|| "Last item".into(), |t| format!("Next: {t}")),
    }
}

/// The local time of day as `HH:MM` (the C library's local time zone).
pub fn time_of_day() -> String {
    // SAFETY: `time` with a null pointer only returns the time; `localtime_r` writes into the
    // `tm` we own and reads `now`, both valid for the call.
    unsafe {
        let now = libc::time(std::ptr::null_mut());
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut tm).is_null() {
            return "--:--".into();
        }
        format!("{:02}:{:02}", tm.tm_hour, tm.tm_min)
    }
}

/// `text` broken into lines no wider than `max_width` as `measure` measures them: at the
/// text's own newlines (a blank line stays), and within each line as
/// [`crate::scene::wrap_to_width`] breaks it.
pub fn wrap(text: &str, max_width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let mut out = Vec::new();
    for paragraph in text.split('\n') {
        let lines = crate::scene::wrap_to_width(paragraph, max_width, &measure);
        if lines.is_empty() {
            out.push(String::new());
        }
        out.extend(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(slide: usize, notes: Option<&str>, next: Option<&str>) -> Where {
        Where {
            slide,
            slides: 7,
            title: "The box".into(),
            notes: notes.map(String::from),
            next: next.map(String::from),
            t: 1.25,
            duration: 4.5,
            playing: true,
        }
    }

    #[test]
    fn a_message_goes_through_one_line_and_back() {
        let w = at(3, Some("line one\nline \"two\" </script>"), Some("0h n0"));
        let line = w.to_line();
        assert!(!line.contains('\n'), "{line}");
        assert_eq!(Where::from_line(&line).unwrap(), w);
        let none = at(1, None, None);
        assert_eq!(Where::from_line(&none.to_line()).unwrap(), none);
        assert!(Where::from_line("{\"slide\": 1}").unwrap_err().contains("'slides'"));
        assert!(Where::from_line("key R").is_err());
    }

    #[test]
    fn the_lines_say_what_the_page_says() {
        let l = lines(Some(&at(3, Some("Watch the smole"), Some("The mine"))), 75, "21:05");
        assert_eq!(l.clock, "01:15   21:05");
        assert_eq!(l.now, "Now 3/7: The box   1.2 s / 4.5 s   playing");
        assert_eq!(l.notes, "Watch the smole");
        assert_eq!(l.next, "Next: The mine");
        let card = Where { t: 0.0, duration: 0.0, playing: false, ..at(1, None, None) };
        let l = lines(Some(&card), 0, "09:00");
        assert_eq!(
            (l.now.as_str(), l.notes.as_str(), l.next.as_str()),
            ("Now 1/7: The box", "(no notes)", "Last item")
        );
        assert_eq!(lines(None, 3, "09:00").now, "Waiting for the show…");
    }

    #[test]
    fn wrapping_breaks_at_spaces_newlines_and_inside_long_words_only() {
        let chars = |s: &str| s.chars().count() as f32;
        assert_eq!(wrap("the quick brown fox", 9.0, chars), ["the quick", "brown fox"]);
        assert_eq!(wrap("one\n\ntwo", 9.0, chars), ["one", "", "two"]);
        assert_eq!(wrap("abcdefghijk xy", 4.0, chars), ["abcd", "efgh", "ijk", "xy"]);
        assert_eq!(wrap("", 4.0, chars), [""]);
        let t = time_of_day();
        assert_eq!((t.len(), &t[2..3]), (5, ":"), "{t}");
    }
}
