//! The Scene: an engine-neutral display list in world units (cells).
//!
//! An engine draws one moment of its animation into a [`Scene`]; a backend (the tiny-skia
//! raster in [`crate::render::raster`] or the macroquad window) turns it into pixels. The Scene
//! does not know which puzzle drew it (`../shared/DESIGN.md`, "Scene").
//!
//! Coordinates: x grows to the right, y grows downwards, one unit = one grid cell.
//! Every [`Layer`] may be turned about a pivot (the box turning); text stays upright.
//!
//! The Scene is the bottom of the drawing layers and imports none of them: the animation
//! ([`crate::anim`]), the theme ([`crate::theme`]) and the backends import the Scene. A Scene
//! carries its engine's [`DarkColors`] table as data; [`crate::theme`] decides when to swap.

/// An opaque or translucent colour, 8 bits per channel, not premultiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0..=255.
    pub r: u8,
    /// Green, 0..=255.
    pub g: u8,
    /// Blue, 0..=255.
    pub b: u8,
    /// Opacity, 0 (transparent) ..= 255 (opaque).
    pub a: u8,
}

impl Color {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Color {
        Color { r: (rgb >> 16) as u8, g: (rgb >> 8) as u8, b: rgb as u8, a: 255 }
    }

    /// The same colour with opacity `a` (0..=255).
    pub const fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }

    /// The opaque colour `t` of the way from `self` to `other` (t in 0..=1).
    pub fn mix(self, other: Color, t: f32) -> Color {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round().clamp(0.0, 255.0) as u8;
        Color { r: m(self.r, other.r), g: m(self.g, other.g), b: m(self.b, other.b), a: 255 }
    }
}

/// A point in world units (cells): `[x, y]`, y downwards.
pub type Point = [f32; 2];

/// A filled shape in its layer's world units.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// Axis-aligned (in the layer's frame) rectangle: top-left corner and size, in cells.
    Rect {
        /// Left edge, cells.
        x: f32,
        /// Top edge, cells.
        y: f32,
        /// Width, cells.
        w: f32,
        /// Height, cells.
        h: f32,
    },
    /// Circle: centre and radius, in cells.
    Circle {
        /// Centre x, cells.
        cx: f32,
        /// Centre y, cells.
        cy: f32,
        /// Radius, cells.
        r: f32,
    },
    /// Union of closed polygons, filled with the non-zero rule, so that touching pieces (the
    /// walls of a box) are drawn as one shape without seams. Vertices in cells.
    Polygons(Vec<Vec<Point>>),
}

/// A filled shape with its colour, optionally outlined.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The geometry.
    pub shape: Shape,
    /// The fill colour.
    pub fill: Color,
    /// Optional outline: colour and line width in cells.
    pub stroke: Option<(Color, f32)>,
}

/// A line of text, kept upright even in a turned layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Centre of the text, in the layer's world units.
    pub at: Point,
    /// Height of the font's em square, in cells.
    pub size: f32,
    /// The text (one line).
    pub text: String,
    /// Text colour.
    pub color: Color,
}

/// A group of items drawn with one rotation.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layer {
    /// Clockwise rotation on screen, in degrees, about `pivot`.
    pub rotation: f32,
    /// Centre of rotation in world units.
    pub pivot: Point,
    /// Filled shapes, drawn in order.
    pub items: Vec<Item>,
    /// Labels, drawn after the items.
    pub labels: Vec<Label>,
}

impl Layer {
    /// An unrotated layer.
    pub fn new() -> Layer {
        Layer::default()
    }

    /// A layer turned `degrees` clockwise about `pivot`.
    pub fn rotated(degrees: f32, pivot: Point) -> Layer {
        Layer { rotation: degrees, pivot, ..Layer::default() }
    }

    /// Adds a filled rectangle (cells).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Color) -> &mut Self {
        self.items.push(Item { shape: Shape::Rect { x, y, w, h }, fill, stroke: None });
        self
    }

    /// Adds a filled circle (cells).
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Color) -> &mut Self {
        self.items.push(Item { shape: Shape::Circle { cx, cy, r }, fill, stroke: None });
        self
    }

    /// Adds any item.
    pub fn item(&mut self, item: Item) -> &mut Self {
        self.items.push(item);
        self
    }

    /// Adds a centred label.
    pub fn label(&mut self, at: Point, size: f32, text: impl Into<String>, color: Color) -> &mut Self {
        self.labels.push(Label { at, size, text: text.into(), color });
        self
    }

    /// Maps a point of this layer to unrotated world units.
    pub fn to_world(&self, p: Point) -> Point {
        if self.rotation == 0.0 {
            return p;
        }
        let (s, c) = self.rotation.to_radians().sin_cos();
        let (dx, dy) = (p[0] - self.pivot[0], p[1] - self.pivot[1]);
        // y points down, so this matrix turns clockwise on screen for a positive angle.
        [self.pivot[0] + dx * c - dy * s, self.pivot[1] + dx * s + dy * c]
    }
}

/// A rectangle of world units: top-left corner and size (cells).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Left edge, cells.
    pub x: f32,
    /// Top edge, cells.
    pub y: f32,
    /// Width, cells (> 0).
    pub w: f32,
    /// Height, cells (> 0).
    pub h: f32,
}

/// What an engine's colours become in the dark theme: the page, and `(light, dark)` pairs
/// matched on red, green and blue (the opacity of the drawn colour is kept). A colour in no
/// table stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DarkColors {
    /// The scene's background (only: a shape of the page's light colour, such as the box's
    /// white eyes, goes through `shapes`).
    pub background: Color,
    /// For filled shapes and their outlines.
    pub shapes: &'static [(Color, Color)],
    /// For labels (text).
    pub labels: &'static [(Color, Color)],
}

fn swap(table: &[(Color, Color)], c: Color) -> Color {
    match table.iter().find(|(light, _)| (light.r, light.g, light.b) == (c.r, c.g, c.b)) {
        Some((_, dark)) => dark.with_alpha(c.a),
        None => c,
    }
}

impl DarkColors {
    /// The dark colour of a shape drawn in `c` (opacity kept).
    pub fn shape(&self, c: Color) -> Color {
        swap(self.shapes, c)
    }

    /// The dark colour of a label drawn in `c` (opacity kept).
    pub fn label(&self, c: Color) -> Color {
        swap(self.labels, c)
    }
}

/// One picture: what to show (`view`), a background, and layers drawn in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The part of the world that must fit in the output, centred, keeping its aspect ratio.
    pub view: View,
    /// Fills the whole output first.
    pub background: Color,
    /// Drawn first to last.
    pub layers: Vec<Layer>,
    /// What the drawing engine's colours become in the dark theme (see [`crate::theme`]);
    /// `None`: the scene looks the same in every theme.
    pub dark: Option<&'static DarkColors>,
}

impl Scene {
    /// An empty scene showing `view` on `background`.
    pub fn new(view: View, background: Color) -> Scene {
        Scene { view, background, layers: Vec::new(), dark: None }
    }

    /// The same scene, told what its colours become in the dark theme.
    pub fn with_dark(self, dark: &'static DarkColors) -> Scene {
        Scene { dark: Some(dark), ..self }
    }

    /// The mapping from world units to pixels for an output of `width` x `height` pixels.
    pub fn camera(&self, width: u32, height: u32) -> Camera {
        let v = self.view;
        let scale = (width as f32 / v.w).min(height as f32 / v.h);
        Camera {
            scale,
            dx: (width as f32 - v.w * scale) / 2.0 - v.x * scale,
            dy: (height as f32 - v.h * scale) / 2.0 - v.y * scale,
        }
    }

    /// Flattens the scene to pixel-space primitives for an output of `width` x `height`
    /// pixels: both backends draw exactly this list, so they agree.
    pub fn to_pixels(&self, width: u32, height: u32) -> Vec<Prim> {
        let cam = self.camera(width, height);
        let mut out = Vec::new();
        for layer in &self.layers {
            let px = |p: Point| cam.apply(layer.to_world(p));
            for item in &layer.items {
                let poly = |pts: &[Point]| pts.iter().map(|&p| px(p)).collect::<Vec<_>>();
                let shape = match &item.shape {
                    Shape::Rect { x, y, w, h } => {
                        PixelShape::Polygons(vec![poly(&[[*x, *y], [x + w, *y], [x + w, y + h], [*x, y + h]])])
                    }
                    Shape::Circle { cx, cy, r } => {
                        let c = px([*cx, *cy]);
                        PixelShape::Circle { cx: c[0], cy: c[1], r: r * cam.scale }
                    }
                    Shape::Polygons(ps) => PixelShape::Polygons(ps.iter().map(|p| poly(p)).collect()),
                };
                out.push(Prim::Fill { shape, color: item.fill, stroke: item.stroke.map(|(c, w)| (c, w * cam.scale)) });
            }
            for l in &layer.labels {
                let at = px(l.at);
                out.push(Prim::Text {
                    x: at[0],
                    y: at[1],
                    px: l.size * cam.scale,
                    text: l.text.clone(),
                    color: l.color,
                });
            }
        }
        out
    }
}

/// World units to pixels: `pixel = world * scale + (dx, dy)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Pixels per cell.
    pub scale: f32,
    /// Horizontal offset, pixels.
    pub dx: f32,
    /// Vertical offset, pixels.
    pub dy: f32,
}

impl Camera {
    /// The pixel position of a world point.
    pub fn apply(&self, p: Point) -> Point {
        [p[0] * self.scale + self.dx, p[1] * self.scale + self.dy]
    }
}

/// A shape in pixel coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum PixelShape {
    /// Union of polygons (non-zero fill), vertices in pixels.
    Polygons(Vec<Vec<Point>>),
    /// Circle, centre and radius in pixels.
    Circle {
        /// Centre x, pixels.
        cx: f32,
        /// Centre y, pixels.
        cy: f32,
        /// Radius, pixels.
        r: f32,
    },
}

/// A drawing command in pixel coordinates (see [`Scene::to_pixels`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    /// A filled shape with an optional outline (colour, width in pixels).
    Fill {
        /// The shape.
        shape: PixelShape,
        /// Fill colour (alpha 0: outline only).
        color: Color,
        /// Outline colour and width in pixels.
        stroke: Option<(Color, f32)>,
    },
    /// Upright text centred on (x, y) pixels, font em size `px` pixels.
    Text {
        /// Centre x, pixels.
        x: f32,
        /// Centre y, pixels.
        y: f32,
        /// Em size, pixels.
        px: f32,
        /// One line of text.
        text: String,
        /// Text colour.
        color: Color,
    },
}

/// Splits `text` at spaces into lines of at most `max_chars` characters (a longer word gets a
/// line of its own), for labels, which are one line each.
pub fn wrap(text: &str, max_chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= max_chars => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Splits `text` at whitespace into lines at most `max_width` wide as `measure` measures them
/// (in any unit); a word wider than a line is broken between its characters. Blank text gives
/// no lines. Title cards and the presenter view wrap with it, measured with the bundled font.
pub fn wrap_to_width(text: &str, max_width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if measure(&joined) <= max_width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone: broken at characters where it does not fit.
        for c in word.chars() {
            let longer = format!("{line}{c}");
            if !line.is_empty() && measure(&longer) > max_width {
                lines.push(std::mem::replace(&mut line, c.to_string()));
            } else {
                line = longer;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        assert_eq!(wrap("the 2 at row 4 sees 2 blues", 10), vec!["the 2 at", "row 4 sees", "2 blues"]);
        assert_eq!(wrap("a verylongword b", 4), vec!["a", "verylongword", "b"]);
        assert!(wrap("   ", 5).is_empty());
    }

    #[test]
    fn wrap_to_width_breaks_at_spaces_and_inside_long_words_only() {
        let chars = |s: &str| s.chars().count() as f32;
        assert_eq!(wrap_to_width("the quick brown fox", 9.0, chars), ["the quick", "brown fox"]);
        assert_eq!(wrap_to_width("abcdefghijk xy", 4.0, chars), ["abcd", "efgh", "ijk", "xy"]);
        assert_eq!(wrap_to_width("one\ntwo", 9.0, chars), ["one two"]);
        assert!(wrap_to_width(" \n ", 4.0, chars).is_empty());
    }

    #[test]
    fn rotation_is_clockwise_on_screen() {
        let l = Layer::rotated(90.0, [0.0, 0.0]);
        let p = l.to_world([1.0, 0.0]);
        // With y pointing down, a clockwise quarter turn takes "right" to "down".
        assert!((p[0] - 0.0).abs() < 1e-6 && (p[1] - 1.0).abs() < 1e-6, "{p:?}");
    }
}
