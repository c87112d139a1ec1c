//! The vector backend: a [`Scene`] written as SVG text. Like the raster backend it knows no
//! puzzle: it writes the pixel-space primitives of [`Scene::to_pixels`] (so all backends agree
//! on every position), polygons as paths, circles as circles, text as the bundled font's glyph
//! outlines (`assets/DejaVuSans-Bold.ttf`, read with `ttf-parser`) so that the picture looks
//! the same on a machine with no fonts installed, and is sharp at any size.
//!
//! Each glyph is defined once, in font units (y downwards), as `<path id="tg{glyph id}">`, and
//! every label places its glyphs with `<use>`. Several pictures can share those definitions:
//!
//! - [`document`] writes one scene as a complete `<svg>` document with its own `<defs>`;
//! - [`SvgWriter::group`] writes a scene as a `<g>` fragment (no outer element) that refers to
//!   the glyphs by id, and [`SvgWriter::defs`] then writes the `<defs>` of every glyph the
//!   groups used, once: a page or an animation with many pictures holds each glyph one time;
//! - [`SvgWriter::elements`] gives the same fragment as a list of self-contained elements, for a
//!   writer that shares repeated elements itself (the web page's pictures);
//! - [`SvgWriter::glyph_run`] gives a label's glyphs without their place, for a writer that
//!   places and moves elements itself (the animated SVG, [`crate::export::svg_anim`]).
//!
//! Coordinates are pixels of the `width` x `height` output (`viewBox="0 0 width height"`),
//! written with at most two decimals.

use crate::render::text::face;
use crate::scene::{Color, PixelShape, Prim, Scene};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Writes SVG for scenes, remembering the glyphs they use so that one `<defs>` serves them all.
#[derive(Clone, Debug, Default)]
pub struct SvgWriter {
    /// Path data of each glyph used so far (font units, y downwards), by glyph id.
    glyphs: BTreeMap<u16, String>,
}

impl SvgWriter {
    /// A writer that has used no glyphs yet.
    pub fn new() -> SvgWriter {
        SvgWriter::default()
    }

    /// `scene` drawn at `width` x `height` pixels as a `<g>` element: the background over the
    /// whole output, then the scene's shapes and labels in order. Labels refer to glyphs
    /// `#tg{id}`, which [`SvgWriter::defs`] defines.
    pub fn group(&mut self, scene: &Scene, width: u32, height: u32) -> String {
        let mut s = String::from("<g>");
        for e in self.elements(scene, width, height) {
            s.push_str(&e);
        }
        s.push_str("</g>");
        s
    }

    /// The elements of [`SvgWriter::group`], one string each, without the enclosing `<g>`:
    /// a `<rect>` for the background, then one `<path>`, `<circle>` or (for a label) `<g>` of
    /// glyph `<use>`s per primitive.
    pub fn elements(&mut self, scene: &Scene, width: u32, height: u32) -> Vec<String> {
        let mut out = vec![format!(r#"<rect width="{width}" height="{height}"{}/>"#, paint("fill", scene.background))];
        for prim in scene.to_pixels(width, height) {
            match prim {
                Prim::Fill { shape, color, stroke } => out.push(shape_element(&shape, color, stroke)),
                Prim::Text { x, y, px, text, color } => {
                    if let Some(e) = self.label(&text, px, x, y, color) {
                        out.push(e);
                    }
                }
            }
        }
        out
    }

    /// A `<defs>` element defining every glyph with an outline used so far (`<defs/>` when
    /// none). Put it once in the document that holds the groups, before or after them.
    pub fn defs(&self) -> String {
        if self.glyphs.values().all(String::is_empty) {
            return "<defs/>".into();
        }
        let mut s = String::from("<defs>");
        for (id, d) in self.glyphs.iter().filter(|(_, d)| !d.is_empty()) {
            let _ = write!(s, r#"<path id="tg{id}" d="{d}"/>"#);
        }
        s.push_str("</defs>");
        s
    }

    /// A label as glyph `<use>`s, laid out as [`crate::render::text::layout`] lays it out for
    /// the raster: em size `px` pixels, no kerning, centred on (`x`, `y`) pixels horizontally
    /// by advance width and vertically on the cap height (0.73 em). `None` for blank text.
    fn label(&mut self, text: &str, px: f32, x: f32, y: f32, color: Color) -> Option<String> {
        let run = self.glyph_run(text, px, x, y)?;
        Some(format!(
            r#"<g{} transform="translate({} {})scale({})">{}</g>"#,
            paint("fill", color),
            num(run.left),
            num(run.baseline),
            num6(run.scale),
            run.uses(0, run.glyphs.len())
        ))
    }

    /// The glyphs of a label laid out as [`SvgWriter::elements`] draws them, without their
    /// colour, for a writer that places labels itself (the animated SVG); the glyphs become
    /// part of [`SvgWriter::defs`]. `None` for blank text.
    pub fn glyph_run(&mut self, text: &str, px: f32, x: f32, y: f32) -> Option<GlyphRun> {
        let f = face();
        let upem = f32::from(f.units_per_em());
        let px = px.max(1.0);
        let ids: Vec<(char, ttf_parser::GlyphId)> =
            text.chars().map(|c| (c, f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0)))).collect();
        let advance: u32 = ids.iter().map(|&(_, g)| u32::from(f.glyph_hor_advance(g).unwrap_or(0))).sum();
        let scale = px / upem;
        let left = x - advance as f32 * scale / 2.0;
        let baseline = y + 0.73 * px / 2.0;
        let mut glyphs = Vec::new();
        let mut pen = 0u32;
        for (c, g) in ids {
            glyphs.push(Glyph { c, id: g.0, pen, outlined: self.glyph(g) });
            pen += u32::from(f.glyph_hor_advance(g).unwrap_or(0));
        }
        if !glyphs.iter().any(|g| g.outlined) {
            return None;
        }
        Some(GlyphRun { left, baseline, scale, glyphs })
    }

    /// Makes sure glyph `g` is defined; false when it has no outline (a space).
    fn glyph(&mut self, g: ttf_parser::GlyphId) -> bool {
        if let Some(d) = self.glyphs.get(&g.0) {
            return !d.is_empty();
        }
        let mut b = Outline::default();
        face().outline_glyph(g, &mut b);
        let empty = b.d.is_empty();
        self.glyphs.insert(g.0, b.d);
        !empty
    }
}

/// A label's glyphs (see [`SvgWriter::glyph_run`]), to be drawn scaled by `scale` with the
/// pen's origin at (`left`, `baseline`) pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphRun {
    /// Left end of the text's advance, pixels.
    pub left: f32,
    /// Baseline, pixels.
    pub baseline: f32,
    /// Pixels per font unit.
    pub scale: f32,
    /// Every character's glyph, in order.
    pub glyphs: Vec<Glyph>,
}

/// One character of a [`GlyphRun`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub c: char,
    /// Its glyph id, defined as `#tg{id}` when `outlined`.
    pub id: u16,
    /// Where its pen starts, font units from the run's left end.
    pub pen: u32,
    /// False for glyphs with no outline (a space): nothing is drawn.
    pub outlined: bool,
}

impl GlyphRun {
    /// Glyphs `from..to` as `<use href="#tg{id}" x="{pen}"/>` elements, the pen counted from
    /// glyph `from`'s.
    pub fn uses(&self, from: usize, to: usize) -> String {
        let origin = self.glyphs.get(from).map_or(0, |g| g.pen);
        let mut s = String::new();
        for g in self.glyphs[from..to].iter().filter(|g| g.outlined) {
            match g.pen - origin {
                0 => {
                    let _ = write!(s, r##"<use href="#tg{}"/>"##, g.id);
                }
                x => {
                    let _ = write!(s, r##"<use href="#tg{}" x="{x}"/>"##, g.id);
                }
            }
        }
        s
    }
}

/// `scene` at `width` x `height` pixels as a complete SVG document (UTF-8 text), with the
/// glyphs it uses defined inside it.
pub fn document(scene: &Scene, width: u32, height: u32) -> String {
    let mut w = SvgWriter::new();
    let body = w.group(scene, width, height);
    format!("{}{}{body}</svg>\n", open_svg(width, height), w.defs())
}

/// The opening `<svg>` tag of a `width` x `height` pixel document (namespace, size, viewBox).
pub fn open_svg(width: u32, height: u32) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )
}

fn shape_element(shape: &PixelShape, color: Color, stroke: Option<(Color, f32)>) -> String {
    let mut s = match shape {
        PixelShape::Circle { cx, cy, r } => {
            format!(r#"<circle cx="{}" cy="{}" r="{}""#, num(*cx), num(*cy), num(r.max(0.01)))
        }
        PixelShape::Polygons(polys) => {
            let mut d = String::new();
            for poly in polys {
                let Some((first, rest)) = poly.split_first() else { continue };
                let _ = write!(d, "M{} {}", num(first[0]), num(first[1]));
                for (i, p) in rest.iter().enumerate() {
                    let _ = write!(d, "{}{} {}", if i == 0 { "L" } else { " " }, num(p[0]), num(p[1]));
                }
                d.push('Z');
            }
            format!(r#"<path d="{d}""#)
        }
    };
    s.push_str(&paint("fill", color));
    if let Some((c, w)) = stroke {
        let _ = write!(s, r#"{} stroke-width="{}""#, paint("stroke", c), num(w));
    }
    s.push_str("/>");
    s
}

/// ` fill="#rrggbb"` (or `stroke`), with an opacity when translucent, `none` when invisible.
pub fn paint(attr: &str, c: Color) -> String {
    match c.a {
        0 => format!(r#" {attr}="none""#),
        255 => format!(r##" {attr}="#{:02x}{:02x}{:02x}""##, c.r, c.g, c.b),
        a => {
            format!(r##" {attr}="#{:02x}{:02x}{:02x}" {attr}-opacity="{}""##, c.r, c.g, c.b, num6(f32::from(a) / 255.0))
        }
    }
}

/// A number with at most two decimals, without trailing zeros (`1.5`, `-3`, `0.25`).
pub fn num(v: f32) -> String {
    trim(format!("{:.2}", v))
}

/// A number with at most six significant decimals, for scales and opacities.
pub fn num6(v: f32) -> String {
    trim(format!("{:.6}", v))
}

fn trim(mut s: String) -> String {
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// Collects a glyph outline as short SVG path data in font units, y flipped to point down:
/// relative commands, and `t` where a quadratic's control point is the reflection of the one
/// before (a TrueType contour's implied on-curve points). The pen is kept in hundredths of a
/// unit, so rounding does not add up along a contour.
#[derive(Default)]
struct Outline {
    d: String,
    /// The pen, the contour's start, and the last quadratic control point (hundredths).
    pen: [i64; 2],
    start: [i64; 2],
    control: Option<[i64; 2]>,
    cmd: char,
}

impl Outline {
    fn at(x: f32, y: f32) -> [i64; 2] {
        [(f64::from(x) * 100.0).round() as i64, (-f64::from(y) * 100.0).round() as i64]
    }

    /// Appends command `c` (left out when it repeats) and the points, relative to the pen,
    /// which ends at the last one.
    fn push(&mut self, c: char, points: &[[i64; 2]]) {
        let mut first = c != self.cmd || c == 'm';
        if first {
            self.d.push(c);
            self.cmd = c;
        }
        let mut from = self.pen;
        for p in points {
            for v in [p[0] - from[0], p[1] - from[1]] {
                let n = num(v as f32 / 100.0);
                if !first && !n.starts_with('-') {
                    self.d.push(' ');
                }
                self.d.push_str(&n);
                first = false;
            }
            if c != 'q' && c != 'c' {
                from = *p;
            }
        }
        self.pen = *points.last().expect("a point");
    }
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = Outline::at(x, y);
        self.push('m', &[p]);
        self.start = p;
        self.control = None;
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.push('l', &[Outline::at(x, y)]);
        self.control = None;
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (c, p) = (Outline::at(x1, y1), Outline::at(x, y));
        let reflected = self.control.map(|k| [2 * self.pen[0] - k[0], 2 * self.pen[1] - k[1]]);
        if reflected == Some(c) {
            self.push('t', &[p]);
        } else {
            self.push('q', &[c, p]);
        }
        self.control = Some(c);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.push('c', &[Outline::at(x1, y1), Outline::at(x2, y2), Outline::at(x, y)]);
        self.control = None;
    }
    fn close(&mut self) {
        self.d.push('z');
        self.cmd = 'z';
        self.pen = self.start;
        self.control = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Layer, View};

    fn scene() -> Scene {
        let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 2.0, h: 1.0 }, Color::hex(0xffffff));
        let mut l = Layer::new();
        l.rect(0.0, 0.0, 1.0, 1.0, Color::hex(0x123456));
        l.circle(1.5, 0.5, 0.25, Color::hex(0xff0000).with_alpha(128));
        l.label([1.0, 0.5], 0.5, "A A", Color::hex(0x000000));
        s.layers.push(l);
        s
    }

    #[test]
    fn a_scene_becomes_paths_circles_and_shared_glyphs() {
        let svg = document(&scene(), 200, 100);
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100""#), "{svg}");
        // The unit square at 100 px per cell.
        assert!(svg.contains(r##"<path d="M0 0L100 0 100 100 0 100Z" fill="#123456"/>"##), "{svg}");
        assert!(svg.contains(r##"<circle cx="150" cy="50" r="25" fill="#ff0000" fill-opacity="0.501961"/>"##), "{svg}");
        // "A A": one definition of A, used twice; the space has no outline and no use.
        let a = face().glyph_index('A').unwrap().0;
        assert_eq!(svg.matches(&format!(r#"<path id="tg{a}""#)).count(), 1, "{svg}");
        assert_eq!(svg.matches(&format!(r##"href="#tg{a}""##)).count(), 2, "{svg}");
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn groups_share_one_defs() {
        let mut w = SvgWriter::new();
        let g1 = w.group(&scene(), 200, 100);
        let g2 = w.group(&scene(), 400, 200);
        assert_eq!(g1.matches("<use").count(), 2);
        assert!(g2.contains(r#"<rect width="400" height="200""#));
        assert_eq!(w.defs().matches("<path id=").count(), 1, "A only, the space has no outline: {}", w.defs());
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.504), "2.5");
        assert_eq!(num(12.126), "12.13");
    }
}
