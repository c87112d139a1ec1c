//! The drawing elements of an animated SVG ([`super::svg_anim`]): a [`Scene`] taken apart into
//! *parts* (the background, then for each of its layers the shapes and the labels), each part a
//! list of elements, and each element a [`Content`] (what it draws, relative to an anchor point)
//! placed at an anchor in hundredths of a pixel.
//!
//! Taking the place out of the element is what lets the animation store a moving thing once: a
//! falling rock, a walking robot or a box creature's eye is the same [`Content`] at another
//! anchor from one frame to the next. A turning layer's shapes are drawn unturned, and the turn
//! (angle and pivot) belongs to the part: the whole box turns as one group. Labels stay upright,
//! so a turning layer's labels are their own part, placed where the turn puts them.
//!
//! Shapes are paths of relative commands (`M` anchor, then `l`, `h`, `v` and `m` steps) so that
//! the anchor is written once; circles are anchored at their centres, labels at their pen's
//! origin (the glyphs come from [`SvgWriter::glyph_run`] and are defined once by the writer).

use crate::render::svg::{num, num6, paint, SvgWriter};
use crate::scene::{Color, Layer, PixelShape, Prim, Scene};
use std::fmt::Write as _;

/// What one element draws, without its place: written at an anchor as `head` + x + `sep` + y
/// + `tail` (x and y in pixels), or as `head` + `tail` when it has no anchor (the background).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Content {
    head: String,
    sep: &'static str,
    tail: String,
    anchored: bool,
}

impl Content {
    /// The element placed with its anchor at (`x`, `y`) hundredths of a pixel.
    pub fn at(&self, x: i32, y: i32) -> String {
        if !self.anchored {
            return format!("{}{}", self.head, self.tail);
        }
        format!("{}{}{}{}{}", self.head, hundredths(x), self.sep, hundredths(y), self.tail)
    }

    /// The element at anchor (0, 0) with the id `id`, for `<defs>` (then placed by `<use>`).
    pub fn def(&self, id: &str) -> String {
        let e = self.at(0, 0);
        let tag = e.find([' ', '/', '>']).unwrap_or(e.len());
        format!("{} id=\"{id}\"{}", &e[..tag], &e[tag..])
    }

    /// True when the element has a place (all but the background).
    pub fn anchored(&self) -> bool {
        self.anchored
    }
}

/// One part of a frame: which part it is, its turn, and its elements in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// 0 for the background; 1 + 2 k for layer k's shapes, 2 + 2 k for its labels.
    pub index: usize,
    /// The part's turn, hundredths of a degree clockwise (0 for all but shapes of a turned layer).
    pub angle: i32,
    /// The pivot of the turn, hundredths of a pixel ((0, 0) when not turned).
    pub pivot: [i32; 2],
    /// The elements, in drawing order.
    pub items: Vec<Element>,
}

/// A content at an anchor.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// What it draws.
    pub content: Content,
    /// The anchor, hundredths of a pixel.
    pub at: [i32; 2],
    /// The anchor unrounded, pixels: a moving element's shift is rounded from these, so that
    /// the pieces of one thing move by the same amount.
    pub exact: [f32; 2],
}

/// `scene` at `width` x `height` pixels as its parts, in drawing order. `writer` collects the
/// glyphs the labels use.
pub fn parts(scene: &Scene, width: u32, height: u32, writer: &mut SvgWriter) -> Vec<Part> {
    let bg = Content {
        head: format!(r#"<rect width="{width}" height="{height}"{}/>"#, paint("fill", scene.background)),
        sep: "",
        tail: String::new(),
        anchored: false,
    };
    let items = vec![Element { content: bg, at: [0, 0], exact: [0.0, 0.0] }];
    let mut out = vec![Part { index: 0, angle: 0, pivot: [0, 0], items }];
    let cam = scene.camera(width, height);
    for (k, layer) in scene.layers.iter().enumerate() {
        let single =
            |l: Layer| Scene { view: scene.view, background: scene.background, layers: vec![l], dark: scene.dark };
        let angle = (layer.rotation * 100.0).round() as i32;
        let pivot = if angle == 0 {
            [0, 0]
        } else {
            let p = cam.apply(layer.pivot);
            [q(p[0]), q(p[1])]
        };
        let shapes = Layer { rotation: 0.0, labels: Vec::new(), ..layer.clone() };
        let mut items = Vec::new();
        for p in single(shapes).to_pixels(width, height) {
            elements(&p, writer, &mut items);
        }
        out.push(Part { index: 1 + 2 * k, angle, pivot, items });
        if !layer.labels.is_empty() {
            let labels = Layer { items: Vec::new(), ..layer.clone() };
            let mut items = Vec::new();
            for p in single(labels).to_pixels(width, height) {
                elements(&p, writer, &mut items);
            }
            out.push(Part { index: 2 + 2 * k, angle: 0, pivot: [0, 0], items });
        }
    }
    out
}

/// Pixels to hundredths of a pixel.
fn q(v: f32) -> i32 {
    (v * 100.0).round() as i32
}

/// One primitive as elements: a shape is one, a label one per word (so that a number that
/// changes in a line of text changes one element); none for blank text.
fn elements(prim: &Prim, writer: &mut SvgWriter, out: &mut Vec<Element>) {
    let at = |x: f32, y: f32| [q(x), q(y)];
    match prim {
        Prim::Fill { shape: PixelShape::Circle { cx, cy, r }, color, stroke } => {
            let tail = format!("\" r=\"{}\"{}/>", num(r.max(0.01)), paints(*color, *stroke));
            let content = Content { head: "<circle cx=\"".into(), sep: "\" cy=\"", tail, anchored: true };
            out.push(Element { content, at: at(*cx, *cy), exact: [*cx, *cy] });
        }
        Prim::Fill { shape: PixelShape::Polygons(polys), color, stroke } => {
            let Some(&anchor) = polys.iter().find_map(|p| p.first()) else { return };
            // Vertices relative to the anchor, so that the same shape elsewhere is the same
            // content.
            let polys: Vec<Vec<[i32; 2]>> = polys
                .iter()
                .filter(|p| !p.is_empty())
                .map(|p| p.iter().map(|v| [q(v[0] - anchor[0]), q(v[1] - anchor[1])]).collect())
                .collect();
            let mut d = String::new();
            let mut start = [0, 0];
            for (i, poly) in polys.iter().enumerate() {
                if i > 0 {
                    d.push('m');
                    push_pair(&mut d, poly[0][0] - start[0], poly[0][1] - start[1]);
                }
                start = poly[0];
                let mut at = poly[0];
                let mut cmd = ' ';
                for v in &poly[1..] {
                    let (dx, dy) = (v[0] - at[0], v[1] - at[1]);
                    at = *v;
                    let (c, nums) = match (dx, dy) {
                        (0, 0) => continue,
                        (_, 0) => ('h', vec![dx]),
                        (0, _) => ('v', vec![dy]),
                        _ => ('l', vec![dx, dy]),
                    };
                    if c != cmd {
                        d.push(c);
                        cmd = c;
                        push_num(&mut d, nums[0], true);
                    } else {
                        push_num(&mut d, nums[0], false);
                    }
                    if let Some(&y) = nums.get(1) {
                        push_num(&mut d, y, false);
                    }
                }
                d.push('Z');
            }
            let tail = format!("{d}\"{}/>", paints(*color, *stroke));
            let content = Content { head: "<path d=\"M".into(), sep: " ", tail, anchored: true };
            out.push(Element { content, at: at(anchor[0], anchor[1]), exact: anchor });
        }
        Prim::Text { x, y, px, text, color } => {
            let Some(run) = writer.glyph_run(text, *px, *x, *y) else { return };
            let head = format!("<g{} transform=\"translate(", paint("fill", *color));
            let mut i = 0;
            while i < run.glyphs.len() {
                if run.glyphs[i].c == ' ' {
                    i += 1;
                    continue;
                }
                let mut j = i;
                while j < run.glyphs.len() && run.glyphs[j].c != ' ' {
                    j += 1;
                }
                if run.glyphs[i..j].iter().any(|g| g.outlined) {
                    let tail = format!(")scale({})\">{}</g>", num6(run.scale), run.uses(i, j));
                    let content = Content { head: head.clone(), sep: " ", tail, anchored: true };
                    let x = run.left + run.glyphs[i].pen as f32 * run.scale;
                    out.push(Element { content, at: at(x, run.baseline), exact: [x, run.baseline] });
                }
                i = j;
            }
        }
    }
}

/// The fill and the optional outline of a shape as attributes.
fn paints(color: Color, stroke: Option<(Color, f32)>) -> String {
    let mut s = paint("fill", color);
    if let Some((c, w)) = stroke {
        let _ = write!(s, r#"{} stroke-width="{}""#, paint("stroke", c), num(w));
    }
    s
}

/// Appends `a b` to path data.
fn push_pair(d: &mut String, a: i32, b: i32) {
    push_num(d, a, true);
    push_num(d, b, false);
}

/// Appends a number to path data, with a space before it unless it starts a command
/// (`first`) or its minus sign separates it.
fn push_num(d: &mut String, v: i32, first: bool) {
    if !first && v >= 0 {
        d.push(' ');
    }
    d.push_str(&hundredths(v));
}

/// Hundredths as a short decimal: `150` is `1.5`, `-5` is `-.05`, `0` is `0`.
pub fn hundredths(v: i32) -> String {
    let (sign, a) = if v < 0 { ("-", v.unsigned_abs()) } else { ("", v as u32) };
    let (whole, frac) = (a / 100, a % 100);
    let mut s = String::from(sign);
    if whole > 0 || frac == 0 {
        s.push_str(&whole.to_string());
    }
    if frac > 0 {
        s.push('.');
        if frac % 10 == 0 {
            s.push_str(&(frac / 10).to_string());
        } else {
            let _ = write!(s, "{frac:02}");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::View;

    fn scene(rotation: f32) -> Scene {
        let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 2.0, h: 1.0 }, Color::hex(0xffffff));
        let mut l = Layer::rotated(rotation, [1.0, 0.5]);
        l.rect(0.0, 0.0, 1.0, 1.0, Color::hex(0x123456));
        l.circle(1.5, 0.5, 0.25, Color::hex(0xff0000));
        l.label([1.0, 0.5], 0.5, "A", Color::hex(0x000000));
        l.rect(0.5, 0.0, 1.0, 1.0, Color::hex(0x123456));
        s.layers.push(l);
        s
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(hundredths(150), "1.5");
        assert_eq!(hundredths(-5), "-.05");
        assert_eq!(hundredths(0), "0");
        assert_eq!(hundredths(1234), "12.34");
        assert_eq!(hundredths(-300), "-3");
    }

    #[test]
    fn a_label_is_one_element_a_word() {
        let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 2.0, h: 1.0 }, Color::hex(0xffffff));
        let mut l = Layer::new();
        l.label([1.0, 0.5], 0.2, "score 12  moves 3", Color::hex(0x000000));
        s.layers.push(l);
        let p = parts(&s, 200, 100, &mut SvgWriter::new());
        assert_eq!(p[2].items.len(), 4);
        let xs: Vec<i32> = p[2].items.iter().map(|e| e.at[0]).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
    }

    #[test]
    fn a_scene_becomes_anchored_contents_and_a_turned_layer_stays_unturned() {
        let mut w = SvgWriter::new();
        let p = parts(&scene(90.0), 200, 100, &mut w);
        assert_eq!(p.iter().map(|p| p.index).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(p[0].items[0].content.at(0, 0), r##"<rect width="200" height="100" fill="#ffffff"/>"##);
        assert_eq!((p[1].angle, p[1].pivot), (9000, [10000, 5000]));
        let rect = &p[1].items[0];
        assert_eq!(rect.content.at(rect.at[0], rect.at[1]), r##"<path d="M0 0h100v100h-100Z" fill="#123456"/>"##);
        let circle = &p[1].items[1];
        assert_eq!(circle.at, [15000, 5000]);
        assert_eq!(circle.content.at(1, -2), r##"<circle cx=".01" cy="-.02" r="25" fill="#ff0000"/>"##);
        assert_eq!(circle.content.def("a"), r##"<circle id="a" cx="0" cy="0" r="25" fill="#ff0000"/>"##);
        // The label is upright at the turned place of its centre: (100, 50) is the pivot.
        let label = &p[2].items[0];
        assert!(label.content.at(0, 0).starts_with(r##"<g fill="#000000" transform="translate("##));
        // Its pen starts half its advance left of the centre; the baseline is 0.365 em below.
        assert!(label.at[0] > 7000 && label.at[0] < 9000 && label.at[1] == 6825, "{:?}", label.at);
        assert!(w.defs().contains("<path id=\"tg"));
        // A shape elsewhere is the same content: its vertices are relative to its anchor.
        assert_eq!(p[1].items[2].content, rect.content);
        assert_eq!(p[1].items[2].at, [5000, 0]);
        // The same shapes elsewhere: the same contents at other anchors.
        let mut moved = scene(0.0);
        moved.layers[0].items[1] = crate::scene::Item {
            shape: crate::scene::Shape::Circle { cx: 0.5, cy: 0.5, r: 0.25 },
            fill: Color::hex(0xff0000),
            stroke: None,
        };
        let m = parts(&moved, 200, 100, &mut w);
        assert_eq!(m[1].angle, 0);
        assert_eq!(m[1].items[1].content, p[1].items[1].content);
        assert_eq!(m[1].items[1].at, [5000, 5000]);
    }
}
