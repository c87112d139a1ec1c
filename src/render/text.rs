//! Text from the bundled font (`assets/DejaVuSans-Bold.ttf`, DejaVu licence in
//! `assets/DejaVu-LICENSE.txt`), laid out on one line and rasterised to coverage masks.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The bundled bold sans-serif font, compiled into the binary.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

fn font() -> &'static fontdue::Font {
    static FONT: OnceLock<fontdue::Font> = OnceLock::new();
    FONT.get_or_init(|| {
        fontdue::Font::from_bytes(FONT_BYTES, fontdue::FontSettings::default())
            .expect("the bundled font is a valid TrueType file")
    })
}

/// The bundled font parsed by `ttf_parser`, once: glyph ids, advances and outlines for the
/// vector backends (SVG, PDF), which write the glyphs themselves.
pub fn face() -> &'static ttf_parser::Face<'static> {
    static FACE: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| ttf_parser::Face::parse(FONT_BYTES, 0).expect("the bundled font is a valid TrueType file"))
}

/// A glyph's coverage mask: `width` x `height` bytes (0 = empty, 255 = covered), row-major,
/// placed with its top-left corner at (`left`, `top`) pixels relative to the pen on the baseline.
#[derive(Clone, Debug)]
pub struct Glyph {
    /// Mask width, pixels.
    pub width: usize,
    /// Mask height, pixels.
    pub height: usize,
    /// Horizontal offset from the pen, pixels.
    pub left: i32,
    /// Vertical offset of the mask's top from the baseline, pixels (negative = above).
    pub top: i32,
    /// Coverage, `width * height` bytes.
    pub coverage: Vec<u8>,
}

/// Rasterised glyphs by (character, em size in quarter pixels): advance width and mask.
type GlyphCache = HashMap<(char, u32), (f32, Glyph)>;

/// Lays out `text` at em size `px` pixels, centred on (`x`, `y`) pixels, and calls `put` with
/// each glyph and its top-left corner in whole pixels.
pub fn layout(text: &str, px: f32, x: f32, y: f32, mut put: impl FnMut(&Glyph, i32, i32)) {
    static CACHE: OnceLock<Mutex<GlyphCache>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let px = px.max(1.0);
    let key_px = (px * 4.0).round() as u32;
    let mut glyphs = Vec::new();
    {
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        for ch in text.chars() {
            let entry = cache.entry((ch, key_px)).or_insert_with(|| {
                let (m, coverage) = font().rasterize(ch, key_px as f32 / 4.0);
                let g = Glyph {
                    width: m.width,
                    height: m.height,
                    left: m.xmin,
                    top: -(m.ymin + m.height as i32),
                    coverage,
                };
                (m.advance_width, g)
            });
            glyphs.push(entry.clone());
        }
    }
    let width: f32 = glyphs.iter().map(|(adv, _)| adv).sum();
    // Centre vertically on the digits' height (cap height ~ 0.73 em for DejaVu Sans).
    let baseline = y + 0.73 * px / 2.0;
    let mut pen = x - width / 2.0;
    for (adv, g) in &glyphs {
        put(g, (pen + g.left as f32).round() as i32, (baseline + g.top as f32).round() as i32);
        pen += adv;
    }
}

/// The width in pixels of `text` laid out on one line at em size `px` pixels (the sum of the
/// glyphs' advances, as [`layout`] places them).
pub fn width(text: &str, px: f32) -> f32 {
    text.chars().map(|ch| font().metrics(ch, px).advance_width).sum()
}

/// The em size at which `text` on one line is `max_w` wide (in any unit: the size comes out in
/// the unit of `max_w`).
pub fn em_for_width(text: &str, max_w: f32) -> f32 {
    max_w / (width(text, 100.0) / 100.0).max(1e-3)
}

/// The characters of `text` the bundled font has no glyph for (each once, in order of first
/// appearance; spaces and control characters are not drawn and never listed): every backend
/// (raster, window, SVG) draws them as the font's empty box.
pub fn undrawable(text: &str) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for ch in text.chars() {
        if !ch.is_whitespace() && !ch.is_control() && font().lookup_glyph_index(ch) == 0 && !out.contains(&ch) {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_and_emoji_are_undrawable_latin_greek_cyrillic_are_not() {
        assert_eq!(undrawable("Título Λάμδα Привет, ça va ?\n"), Vec::<char>::new());
        assert_eq!(undrawable("漢字 and 🎉, 漢 again"), vec!['漢', '字', '🎉']);
    }

    #[test]
    fn width_grows_with_the_text_and_the_size() {
        let w = width("Lambda", 20.0);
        assert!(w > 40.0 && w < 120.0, "{w}");
        assert!((width("Lambda", 40.0) - 2.0 * w).abs() < 1.0);
        assert!((width("LambdaLambda", 20.0) - 2.0 * w).abs() < 0.01);
    }
}
