//! The window backend (macroquad, cargo feature `gui`): draws the same pixel primitives as the
//! raster backend ([`Scene::to_pixels`]), so the window and the GIF show the same picture.
//!
//! Polygons are drawn as triangle fans, so each polygon of a [`crate::scene::Shape::Polygons`]
//! must be convex (all the engines' shapes are: rectangles, bars, quads); unions of several
//! convex polygons are fine.

use crate::render::text::FONT_BYTES;
use crate::scene::{Color, PixelShape, Prim, Scene};
use macroquad::prelude as mq;

fn mq_color(c: Color) -> mq::Color {
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

impl Fonts {
    /// Draws one line of text with its baseline's left end at (`x`, `y`) pixels.
    pub fn text(&self, text: &str, x: f32, y: f32, size: u16, color: mq::Color) {
        mq::draw_text_ex(
            text,
            x,
            y,
            mq::TextParams { font: self.font.as_ref(), font_size: size, color, ..Default::default() },
        );
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
                let size = px.round().max(1.0) as u16;
                let dims = mq::measure_text(&text, fonts.font.as_ref(), size, 1.0);
                // Centre the digits' height (cap height ~ 0.73 em) on ty, as the raster backend does.
                let baseline = ty + y + 0.73 * px / 2.0;
                mq::draw_text_ex(
                    &text,
                    tx + x - dims.width / 2.0,
                    baseline,
                    mq::TextParams {
                        font: fonts.font.as_ref(),
                        font_size: size,
                        color: mq_color(color),
                        ..Default::default()
                    },
                );
            }
        }
    }
}
