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
