//! A title card laid out as a [`Scene`]: the one layout that the window, its screenshots and
//! the web page all draw (the window through its Scene backend, the page through the SVG one).
//!
//! The card is 16 x 9 cells. The title is as large as 0.9 cells; a title too wide for the card
//! wraps at spaces (a word wider than the card, or a script without spaces, breaks between
//! characters), shrinking while its lines do not fit, down to [`TITLE_MIN`] cells (18 pixels on
//! a 720-pixel card). Only a title that does not fit even then loses its end to "…". The lines
//! under it (a talk's agenda, "2 of 5") are one line each, shortened with "…" when too wide.
//! Widths are measured with the bundled font ([`crate::render::text::width`]).

use super::slides::Card;
use crate::render::text;
use crate::scene::{wrap_to_width, Layer, Scene, View};
use crate::theme::Chrome;

/// The card's size, cells.
const W: f32 = 16.0;
const H: f32 = 9.0;
/// The widest a line may be, cells (86% of the card).
const MAX_W: f32 = W * 0.86;
/// The title's largest em size, cells.
const TITLE_MAX: f32 = 0.9;
/// The title's smallest em size, cells: it wraps rather than shrinking below this.
pub const TITLE_MIN: f32 = 0.4;
/// The em size of the lines under the title, cells.
const SMALL: f32 = 0.4;
/// Distance between title lines, in ems.
const TITLE_LINE: f32 = 1.2;
/// Distance between the lines under the title, in ems.
const SMALL_LINE: f32 = 1.5;

/// The width of `text` at an em size of `size` cells, cells.
fn width(text: &str, size: f32) -> f32 {
    text::width(text, 100.0) / 100.0 * size
}

/// `text` cut so that it and a following "…" are at most `max_w` cells wide at `size` cells
/// (unchanged when it fits).
pub fn shorten(text: &str, size: f32, max_w: f32) -> String {
    if width(text, size) <= max_w {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && width(&format!("{}…", cut.trim_end()), size) > max_w {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// `text` in lines at most `max_w` cells wide at `size` cells (see [`wrap_to_width`]).
pub fn wrap(text: &str, size: f32, max_w: f32) -> Vec<String> {
    wrap_to_width(text, max_w, |s| width(s, size))
}

/// The title's em size (cells) and lines, for at most `max_h` cells of height.
fn title_lines(title: &str, max_h: f32) -> (f32, Vec<String>) {
    let mut size = TITLE_MAX;
    loop {
        let lines = wrap(title, size, MAX_W);
        if lines.len() as f32 * size * TITLE_LINE <= max_h {
            return (size, lines);
        }
        if size <= TITLE_MIN {
            // Even the smallest size does not fit: keep the lines that do, the last one cut.
            let keep = ((max_h / (size * TITLE_LINE)).floor() as usize).max(1);
            if lines.len() <= keep {
                return (size, lines);
            }
            let mut kept: Vec<String> = lines[..keep].to_vec();
            let last = kept.pop().unwrap_or_default();
            kept.push(shorten(&format!("{last} {}", lines[keep]), size, MAX_W));
            return (size, kept);
        }
        size = (size * 0.9).max(TITLE_MIN);
    }
}

impl Card {
    /// The card as a 16 x 9 cell Scene in `chrome`'s colours: the title (wrapped, as large as it
    /// fits) centred, and its lines under it (see the module docs).
    pub fn scene(&self, chrome: &Chrome) -> Scene {
        let mut scene = Scene::new(View { x: 0.0, y: 0.0, w: W, h: H }, chrome.page);
        let below = self.lines.len() as f32 * SMALL * SMALL_LINE;
        let gap = if self.lines.is_empty() { 0.0 } else { SMALL };
        let (size, title) = title_lines(&self.title, H * 0.9 - below - gap);
        let block = title.len() as f32 * size * TITLE_LINE + gap + below;
        let mut y = (H - block) / 2.0 + size * TITLE_LINE / 2.0;
        let mut layer = Layer::new();
        for line in title {
            layer.label([W / 2.0, y], size, line, chrome.text);
            y += size * TITLE_LINE;
        }
        y += gap + SMALL * SMALL_LINE / 2.0 - size * TITLE_LINE / 2.0;
        for line in &self.lines {
            layer.label([W / 2.0, y], SMALL, shorten(line, SMALL, MAX_W), chrome.dim);
            y += SMALL * SMALL_LINE;
        }
        scene.layers.push(layer);
        scene
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;

    fn labels(card: &Card) -> Vec<(f32, f32, String)> {
        let scene = card.scene(&Theme::Light.chrome());
        scene.layers[0].labels.iter().map(|l| (l.at[1], l.size, l.text.clone())).collect()
    }

    #[test]
    fn a_short_title_is_one_large_line() {
        let card = Card { title: "The box".into(), lines: vec!["1 of 3".into()] };
        let l = labels(&card);
        assert_eq!(l.len(), 2);
        assert_eq!((l[0].1, l[0].2.as_str()), (TITLE_MAX, "The box"));
        assert_eq!((l[1].1, l[1].2.as_str()), (SMALL, "1 of 3"));
        assert!(l[0].0 < l[1].0 && l[0].0 > 0.0 && l[1].0 < H);
    }

    #[test]
    fn a_300_character_title_wraps_at_a_readable_size_and_keeps_every_word() {
        let words = ["gravity", "lambda", "smole", "shubble", "rock", "lift"];
        let mut title = String::new();
        let mut i = 0;
        while title.chars().count() < 300 {
            title.push_str(words[i % words.len()]);
            title.push(' ');
            i += 1;
        }
        let title = title.trim_end().to_string();
        let card = Card { title: title.clone(), lines: (1..=8).map(|i| format!("{i}. item")).collect() };
        let l = labels(&card);
        let title_lines: Vec<&(f32, f32, String)> = l[..l.len() - 8].iter().collect();
        assert!(title_lines.len() >= 4, "{l:?}");
        for (_, size, line) in &title_lines {
            assert!(*size >= TITLE_MIN, "{size}");
            assert!(width(line, *size) <= MAX_W, "{line}");
        }
        let joined: Vec<&str> = title_lines.iter().map(|(_, _, t)| t.as_str()).collect();
        assert_eq!(joined.join(" "), title, "every word, in order");
        let last = l.last().unwrap();
        assert!(last.0 + SMALL / 2.0 < H, "the agenda stays on the card: {last:?}");
    }

    #[test]
    fn a_word_wider_than_the_card_breaks_between_characters() {
        let lines = wrap(&"漢".repeat(100), 0.9, MAX_W);
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), "漢".repeat(100));
        assert!(lines.iter().all(|l| width(l, 0.9) <= MAX_W));
    }

    #[test]
    fn a_title_too_long_for_the_card_ends_with_an_ellipsis() {
        let (size, lines) = title_lines(&"lambda ".repeat(400), 3.0);
        assert_eq!(size, TITLE_MIN);
        assert_eq!(lines.len(), 6, "3 cells of 0.48-cell lines");
        assert!(lines[5].ends_with('…') && width(&lines[5], size) <= MAX_W);
    }

    #[test]
    fn shorten_keeps_what_fits() {
        assert_eq!(shorten("short", 0.4, MAX_W), "short");
        let s = shorten(&"x".repeat(200), 0.4, 5.0);
        assert!(s.ends_with('…') && width(&s, 0.4) <= 5.0 && s.chars().count() > 5, "{s}");
    }
}
