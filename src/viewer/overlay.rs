//! What the viewer draws over or instead of a picture: the `?` help overlay (a translucent
//! panel listing keys and what they do) and title cards (a talk's opening card, an item's).
//! Also [`Rect`], a rectangle of the window, which the frame's layout is made of. The frame
//! imports this file; this file imports no other part of the frame.

use super::presenter::TitleCard;
use crate::render::window::{draw_scene, mq_color, Fonts};
use crate::theme::Chrome;
use macroquad::prelude as mq;

/// A rectangle of the window, pixels: top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge, pixels.
    pub x: f32,
    /// Top edge, pixels.
    pub y: f32,
    /// Width, pixels.
    pub w: f32,
    /// Height, pixels.
    pub h: f32,
}

impl Rect {
    /// True when the point (`x`, `y`) pixels is inside.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }
}

/// Draws the help panel, centred in a `width` x `height` pixel window, listing `lines`
/// (`(keys, what they do)`), with a heading and how to close it.
pub fn help(lines: &[(String, String)], width: f32, height: f32, chrome: &Chrome, fonts: &Fonts) {
    let rows = lines.len() as f32 + 2.5;
    let widths = |size: f32| {
        let key_w = lines.iter().map(|(k, _)| fonts.width(k, size)).fold(0.0, f32::max);
        let what_w = lines.iter().map(|(_, w)| fonts.width(w, size)).fold(0.0, f32::max);
        (key_w, what_w, key_w + what_w + 3.6 * size)
    };
    let mut size = (height * 0.8 / rows / 1.55).clamp(7.0, 15.0);
    let total = widths(size).2;
    if total > width - 16.0 {
        // Smaller type, so that the longest line fits the window.
        size = (size * (width - 16.0) / total).max(5.0);
    }
    let (key_w, _, w) = widths(size);
    let w = w.min(width - 16.0);
    let line = size * 1.55;
    let pad = size * 1.2;
    let h = rows * line + pad;
    let (x, y) = (((width - w) / 2.0).round(), ((height - h) / 2.0).round());
    mq::draw_rectangle(x, y, w, h, mq_color(chrome.panel));
    let mut by = y + pad + size;
    fonts.text("Keys and mouse", x + pad, by, size * 1.1, mq_color(chrome.panel_keys));
    let close = "? or Esc: close";
    fonts.text(close, x + w - pad - fonts.width(close, size), by, size, mq_color(chrome.panel_text));
    by += line * 1.5;
    for (keys, what) in lines {
        fonts.text(keys, x + pad, by, size, mq_color(chrome.panel_keys));
        fonts.text(what, x + 2.0 * pad + key_w, by, size, mq_color(chrome.panel_text));
        by += line;
    }
}

/// Draws a title card filling `r`: its Scene ([`TitleCard::scene`], the page's card too),
/// centred, on the page's colour.
pub fn title_card(card: &TitleCard, r: Rect, chrome: &Chrome, fonts: &Fonts) {
    draw_scene(&card.scene(chrome), r.x, r.y, r.w as u32, r.h as u32, fonts);
}
