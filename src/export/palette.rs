//! One fixed GIF palette built from a theme's colours and their anti-aliasing blends, and a
//! fast nearest-colour lookup (no per-frame quantising; `../shared/DESIGN.md`, "Export").

use crate::scene::Color;

/// Up to 256 opaque colours and a lookup table from 15-bit RGB (5 bits a channel) to the
/// nearest palette index.
#[derive(Clone, Debug)]
pub struct Palette {
    colors: Vec<[u8; 3]>,
    lut: Vec<u8>,
}

impl Palette {
    /// The base colours (duplicates removed; at most 256) plus, for each pair, as many evenly
    /// spaced blends as fit in 256 entries (at most 15 per pair).
    pub fn from_theme(base: &[Color]) -> Palette {
        let mut colors: Vec<[u8; 3]> = Vec::new();
        for c in base {
            let rgb = [c.r, c.g, c.b];
            if !colors.contains(&rgb) && colors.len() < 256 {
                colors.push(rgb);
            }
        }
        let n = colors.len();
        let pairs = n * n.saturating_sub(1) / 2;
        let levels = (256 - n).checked_div(pairs).map_or(0, |l| l.min(15));
        let base_rgb = colors.clone();
        for i in 0..n {
            for j in i + 1..n {
                for k in 1..=levels {
                    let t = k as f32 / (levels + 1) as f32;
                    let a = Color { r: base_rgb[i][0], g: base_rgb[i][1], b: base_rgb[i][2], a: 255 };
                    let b = Color { r: base_rgb[j][0], g: base_rgb[j][1], b: base_rgb[j][2], a: 255 };
                    let m = a.mix(b, t);
                    colors.push([m.r, m.g, m.b]);
                }
            }
        }
        let lut = (0..1u32 << 15)
            .map(|key| {
                let q = |s: u32| (((key >> s) & 31) * 255 / 31) as i32;
                nearest(&colors, [q(10), q(5), q(0)])
            })
            .collect::<Vec<u8>>();
        let mut lut = lut;
        // Exact palette colours map to themselves (base colours win a shared table slot).
        for (i, c) in colors.iter().enumerate().rev() {
            lut[key(c[0], c[1], c[2])] = i as u8;
        }
        Palette { colors, lut }
    }

    /// Number of colours (1..=256).
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// True when the palette has no colour (never, for a theme with a background).
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// The palette as `len() * 3` bytes of RGB, the GIF global colour table.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// The index of the colour nearest to an RGB pixel (5-bit-per-channel table look-up).
    #[inline]
    pub fn index(&self, r: u8, g: u8, b: u8) -> u8 {
        self.lut[key(r, g, b)]
    }

    /// Maps every pixel of an RGBA buffer (alpha ignored) to palette indices.
    pub fn quantise(&self, rgba: &[u8]) -> Vec<u8> {
        rgba.chunks_exact(4).map(|p| self.index(p[0], p[1], p[2])).collect()
    }

    /// An RGBA buffer as a palette format stores it: each pixel the nearest palette colour,
    /// opaque (what a GIF of it shows, and what the WebP encodes).
    pub fn as_stored(&self, rgba: &[u8]) -> Vec<u8> {
        rgba.chunks_exact(4)
            .flat_map(|p| {
                let [r, g, b] = self.color(self.index(p[0], p[1], p[2]));
                [r, g, b, 255]
            })
            .collect()
    }

    /// The RGB of palette entry `i`.
    pub fn color(&self, i: u8) -> [u8; 3] {
        self.colors[i as usize]
    }
}

#[inline]
fn key(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)
}

fn nearest(colors: &[[u8; 3]], p: [i32; 3]) -> u8 {
    let mut best = (i32::MAX, 0usize);
    for (i, c) in colors.iter().enumerate() {
        let d: i32 = (0..3).map(|k| (c[k] as i32 - p[k]).pow(2)).sum();
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1 as u8
}
