//! The window backend (macroquad, cargo feature `gui`): draws the same pixel primitives as the
//! raster backend ([`Scene::to_pixels`]), so the window and the GIF show the same picture.
//!
//! Everything is drawn in logical pixels at the window's size every frame, so the picture is
//! sharp at any size; text is rasterised at the screen's DPI scale (hi-DPI screens) and drawn
//! back at its logical size.
//!
//! Polygons are drawn as triangle fans, so each polygon of a [`crate::scene::Shape::Polygons`]
//! must be convex (all the engines' shapes are: rectangles, bars, quads); unions of several
//! convex polygons are fine.

use crate::render::text::FONT_BYTES;
use crate::scene::{Color, PixelShape, Prim, Scene};
use macroquad::prelude as mq;

/// A Scene colour as a macroquad colour.
pub fn mq_color(c: Color) -> mq::Color {
    mq::Color::from_rgba(c.r, c.g, c.b, c.a)
}

/// The bundled font, loaded once per window.
pub struct Fonts {
    font: Option<mq::Font>,
}

impl Fonts {
    /// Loads the bundled font (falls back to macroquad's own if that fails).
    pub fn load() -> Fonts {
        Fonts { font: mq::load_ttf_font_from_bytes(FONT_BYTES).ok() }
    }
}

/// The font size to rasterise at and the scale to draw it back with, for `size` logical
/// pixels on this screen.
fn sharp(size: f32) -> (u16, f32) {
    let dpi = mq::screen_dpi_scale().max(0.25);
    let px = (size * dpi).round().clamp(1.0, 4096.0);
    (px as u16, size / px)
}

impl Fonts {
    /// Draws one line of text with its baseline's left end at (`x`, `y`) pixels, `size` pixels
    /// to the em.
    pub fn text(&self, text: &str, x: f32, y: f32, size: f32, color: mq::Color) {
        let (font_size, font_scale) = sharp(size);
        mq::draw_text_ex(
            text,
            x,
            y,
            mq::TextParams { font: self.font.as_ref(), font_size, font_scale, color, ..Default::default() },
        );
    }

    /// The width in pixels of `text` drawn by [`Fonts::text`] at `size` pixels to the em.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let (font_size, font_scale) = sharp(size);
        mq::measure_text(text, self.font.as_ref(), font_size, font_scale).width
    }
}

fn circle_points(cx: f32, cy: f32, r: f32) -> Vec<mq::Vec2> {
    let n = ((r * 0.8) as usize).clamp(24, 128);
    (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            mq::vec2(cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

fn fan(points: &[mq::Vec2], color: mq::Color) {
    for i in 1..points.len().saturating_sub(1) {
        mq::draw_triangle(points[0], points[i], points[i + 1], color);
    }
}

fn outline(points: &[mq::Vec2], width: f32, color: mq::Color) {
    for i in 0..points.len() {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        mq::draw_line(a.x, a.y, b.x, b.y, width, color);
    }
}

/// Draws `scene` filling the area (`x`, `y`, `width`, `height`) pixels of the current frame.
pub fn draw_scene(scene: &Scene, x: f32, y: f32, width: u32, height: u32, fonts: &Fonts) {
    let bg = scene.background;
    mq::draw_rectangle(x, y, width as f32, height as f32, mq_color(bg));
    for prim in scene.to_pixels(width, height) {
        match prim {
            Prim::Fill { shape, color, stroke } => {
                let polys: Vec<Vec<mq::Vec2>> = match &shape {
                    PixelShape::Polygons(ps) => {
                        ps.iter().map(|p| p.iter().map(|q| mq::vec2(q[0] + x, q[1] + y)).collect()).collect()
                    }
                    PixelShape::Circle { cx, cy, r } => vec![circle_points(cx + x, cy + y, *r)],
                };
                if color.a > 0 {
                    for p in &polys {
                        fan(p, mq_color(color));
                    }
                }
                if let Some((sc, sw)) = stroke {
                    match shape {
                        PixelShape::Circle { cx, cy, r } => mq::draw_circle_lines(cx + x, cy + y, r, sw, mq_color(sc)),
                        PixelShape::Polygons(_) => polys.iter().for_each(|p| outline(p, sw, mq_color(sc))),
                    }
                }
            }
            Prim::Text { x: tx, y: ty, px, text, color } => {
                let size = px.round().max(1.0);
                // Centre the digits' height (cap height ~ 0.73 em) on ty, as the raster backend does.
                let baseline = ty + y + 0.73 * px / 2.0;
                fonts.text(&text, tx + x - fonts.width(&text, size) / 2.0, baseline, size, mq_color(color));
            }
        }
    }
}
