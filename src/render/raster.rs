//! The headless raster backend: a [`Scene`] drawn into RGBA pixels with tiny-skia
//! (anti-aliased, deterministic). Used for PNG, GIF and tests.

use crate::render::text;
use crate::scene::{Color, PixelShape, Prim, Scene};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// An RGBA image: `width` x `height` pixels, 4 bytes per pixel (not premultiplied), row-major,
/// top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.r, c.g, c.b, c.a);
    p.anti_alias = true;
    p
}

/// Draws `scene` into a new `width` x `height` image.
///
/// # Panics
/// If `width` or `height` is 0.
pub fn render(scene: &Scene, width: u32, height: u32) -> Image {
    let mut pm = Pixmap::new(width, height).expect("image size must be at least 1x1 pixel");
    let bg = scene.background;
    pm.fill(tiny_skia::Color::from_rgba8(bg.r, bg.g, bg.b, bg.a));
    for prim in scene.to_pixels(width, height) {
        match prim {
            Prim::Fill { shape, color, stroke } => {
                let mut pb = PathBuilder::new();
                match &shape {
                    PixelShape::Polygons(polys) => {
                        for poly in polys {
                            if let Some((first, rest)) = poly.split_first() {
                                pb.move_to(first[0], first[1]);
                                for p in rest {
                                    pb.line_to(p[0], p[1]);
                                }
                                pb.close();
                            }
                        }
                    }
                    PixelShape::Circle { cx, cy, r } => pb.push_circle(*cx, *cy, r.max(0.01)),
                }
                let Some(path) = pb.finish() else { continue };
                pm.fill_path(&path, &paint(color), FillRule::Winding, Transform::identity(), None);
                if let Some((sc, sw)) = stroke {
                    let st = Stroke { width: sw, ..Stroke::default() };
                    pm.stroke_path(&path, &paint(sc), &st, Transform::identity(), None);
                }
            }
            Prim::Text { x, y, px, text, color } => draw_text(&mut pm, &text, px, x, y, color),
        }
    }
    // tiny-skia stores premultiplied colour; our backgrounds are opaque, so this is exact.
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    for p in pm.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Image { width, height, rgba }
}

fn draw_text(pm: &mut Pixmap, s: &str, px: f32, x: f32, y: f32, color: Color) {
    let (w, h) = (pm.width() as i32, pm.height() as i32);
    let data = pm.data_mut();
    text::layout(s, px, x, y, |g, gx, gy| {
        for row in 0..g.height as i32 {
            for col in 0..g.width as i32 {
                let (px_x, px_y) = (gx + col, gy + row);
                if px_x < 0 || px_y < 0 || px_x >= w || px_y >= h {
                    continue;
                }
                let cov = g.coverage[(row as usize) * g.width + col as usize] as u32 * color.a as u32 / 255;
                if cov == 0 {
                    continue;
                }
                let i = ((px_y * w + px_x) * 4) as usize;
                // Premultiplied source-over.
                let src = [color.r as u32 * cov / 255, color.g as u32 * cov / 255, color.b as u32 * cov / 255, cov];
                for k in 0..4 {
                    data[i + k] = (src[k] + data[i + k] as u32 * (255 - cov) / 255) as u8;
                }
            }
        }
    });
}
