//! The PDF backend: a [`Scene`] drawn on a page of a PDF document with `krilla`. Like the
//! raster and SVG backends it knows no puzzle: it draws the pixel-space primitives of
//! [`Scene::to_pixels`] (so every backend agrees on every position), polygons and circles as
//! vector paths, and labels as real text in the bundled font (`assets/DejaVuSans-Bold.ttf`,
//! embedded as a subset), so that the text can be searched and copied, and the page is sharp
//! at any zoom.
//!
//! Labels are laid out as the raster and SVG backends lay them out: no kerning, centred by
//! advance width, vertically on the cap height (0.73 em). [`text`] writes a line of text
//! (a page caption) with the same layout, placed by its left end or its centre.
//!
//! Units are PDF points (1/72 inch), y downwards from the top of the page, as krilla takes them.

use crate::render::text::{face, FONT_BYTES};
use crate::scene::{Color, PixelShape, Prim, Scene};
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};

/// Pixels of [`Scene::to_pixels`] per point: the scene is laid out this much finer than the page
/// and scaled down, so that positions keep a quarter point of precision.
const PIXELS_PER_POINT: f32 = 4.0;

/// The bundled font for a document (embedded, as a subset of the glyphs used, when the
/// document is finished).
pub fn font() -> Font {
    Font::new(FONT_BYTES.into(), 0).expect("the bundled font is a valid TrueType file")
}

/// Draws `scene` into the rectangle at (`x`, `y`) points, `width` x `height` points, on
/// `surface`: the background over the whole rectangle, then the shapes and labels, clipped to
/// the rectangle. The scene is stretched to the rectangle as [`Scene::to_pixels`] stretches it
/// to a picture, so give the rectangle the scene's shape.
pub fn draw(surface: &mut Surface<'_>, font: &Font, scene: &Scene, x: f32, y: f32, width: f32, height: f32) {
    let Some(area) = Rect::from_xywh(x, y, width, height) else { return };
    let mut pb = PathBuilder::new();
    pb.push_rect(area);
    let Some(clip) = pb.finish() else { return };
    surface.push_clip_path(&clip, &FillRule::NonZero);
    fill(surface, &clip, scene.background);
    let (w, h) = ((width * PIXELS_PER_POINT).round().max(1.0), (height * PIXELS_PER_POINT).round().max(1.0));
    surface.push_transform(&Transform::from_row(width / w, 0.0, 0.0, height / h, x, y));
    for prim in scene.to_pixels(w as u32, h as u32) {
        match prim {
            Prim::Fill { shape, color, stroke } => {
                let Some(path) = shape_path(&shape) else { continue };
                fill(surface, &path, color);
                if let Some((c, width)) = stroke {
                    if c.a > 0 {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: paint(c),
                            width,
                            opacity: opacity(c),
                            ..Stroke::default()
                        }));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                    }
                }
            }
            Prim::Text { x, y, px, text: t, color } => text(surface, font, &t, px, x, y, Align::Centre, color),
        }
    }
    surface.pop();
    surface.pop();
}

/// Where a line of [`text`] is placed horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left end of the text.
    Left,
    /// `x` is the centre of the text.
    Centre,
    /// `x` is the right end of the text.
    Right,
}

/// Writes `line` as real text in the bundled font at em size `size` (in the surface's units),
/// placed by `align` at `x` and centred vertically on `y` (the cap height's middle), in `color`.
/// Characters the font lacks are drawn as its missing-glyph box.
#[allow(clippy::too_many_arguments)]
pub fn text(surface: &mut Surface<'_>, font: &Font, line: &str, size: f32, x: f32, y: f32, align: Align, color: Color) {
    if line.trim().is_empty() || color.a == 0 {
        return;
    }
    let f = face();
    let upem = f32::from(f.units_per_em());
    let glyphs: Vec<KrillaGlyph> = line
        .char_indices()
        .map(|(i, c)| {
            let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            let advance = f32::from(f.glyph_hor_advance(g).unwrap_or(0)) / upem;
            KrillaGlyph::new(GlyphId::new(u32::from(g.0)), advance, 0.0, 0.0, 0.0, i..i + c.len_utf8(), None)
        })
        .collect();
    let width: f32 = glyphs.iter().map(|g| g.x_advance).sum::<f32>() * size;
    let left = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    surface.set_stroke(None);
    surface.set_fill(Some(Fill { paint: paint(color), opacity: opacity(color), rule: FillRule::NonZero }));
    surface.draw_glyphs(Point::from_xy(left, y + 0.73 * size / 2.0), &glyphs, font.clone(), line, size, false);
}

/// Fills `path` with `color` (nothing when it is transparent).
fn fill(surface: &mut Surface<'_>, path: &Path, color: Color) {
    if color.a == 0 {
        return;
    }
    surface.set_stroke(None);
    surface.set_fill(Some(Fill { paint: paint(color), opacity: opacity(color), rule: FillRule::NonZero }));
    surface.draw_path(path);
}

fn paint(c: Color) -> krilla::paint::Paint {
    rgb::Color::new(c.r, c.g, c.b).into()
}

fn opacity(c: Color) -> NormalizedF32 {
    NormalizedF32::new(f32::from(c.a) / 255.0).unwrap_or(NormalizedF32::ONE)
}

/// A pixel shape as a path: polygons as closed lines, a circle as four cubic arcs.
fn shape_path(shape: &PixelShape) -> Option<Path> {
    let mut pb = PathBuilder::new();
    match shape {
        PixelShape::Polygons(polys) => {
            for poly in polys {
                let Some((first, rest)) = poly.split_first() else { continue };
                pb.move_to(first[0], first[1]);
                for p in rest {
                    pb.line_to(p[0], p[1]);
                }
                pb.close();
            }
        }
        PixelShape::Circle { cx, cy, r } => {
            // Four quarter arcs; 0.5523 is the cubic Bézier's handle length for a quarter circle.
            let (cx, cy, r) = (*cx, *cy, r.max(0.01));
            let k = 0.552_284_8 * r;
            pb.move_to(cx + r, cy);
            pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
            pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
            pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
            pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
            pb.close();
        }
    }
    pb.finish()
}
