//! Drawing 0h n0 boards into a [`Scene`], in the game's colours (red #ff384b, blue #1cc0e0,
//! empty #eee on white, white bold numbers): round tiles, deduced cells lighter than given
//! ones, the deduction of each step highlighted (its number ringed dark, the cells it read
//! ringed orange, the cells it sets ringed and filling in), its explanation under the board. Rules live elsewhere: this file only reads boards and deductions.
//!
//! World units: one cell = 1.0; row `r`, column `c` has its top-left corner at (`c`, `r`).

use crate::anim::{ease, Animated, Pacing};
use crate::ohno::{Board, Cell, Color as Colour, Deduction, Explanation, PlayerError};
use crate::render::text::em_for_width;
use crate::scene::{wrap, Color, Item, Layer, Scene, Shape, View};
use crate::words::count;

/// 0h n0's pacing: 1 s per deduction; smooth, at most one deduction per second.
pub const PACING: Pacing = Pacing { seconds_per_frame: 1.0, min_manipulation_seconds: 1.0, handout_every: 1 };

/// The game's colours (`../shared/specs/ohno.md`, "Look of the game").
pub mod theme {
    use crate::scene::Color;
    /// Red cells.
    pub const RED: Color = Color::hex(0xff384b);
    /// Blue cells.
    pub const BLUE: Color = Color::hex(0x1cc0e0);
    /// Empty tiles.
    pub const EMPTY: Color = Color::hex(0xeeeeee);
    /// The page.
    pub const BACKGROUND: Color = Color::hex(0xffffff);
    /// Text and highlight rings.
    pub const TEXT: Color = Color::hex(0x333333);
    /// Numbers on blue.
    pub const NUMBER: Color = Color::hex(0xffffff);
    /// Deduced (not given) red cells: the red, lighter.
    pub const DEDUCED_RED: Color = Color::hex(0xff9ba5);
    /// Deduced (not given) blue cells: the blue, lighter.
    pub const DEDUCED_BLUE: Color = Color::hex(0x8ddfef);
    /// Rings round the cells a deduction read.
    pub const USED: Color = Color::hex(0xf5a623);
    /// Every colour above, for the GIF palette.
    pub const ALL: [Color; 9] = [RED, BLUE, EMPTY, BACKGROUND, TEXT, NUMBER, DEDUCED_RED, DEDUCED_BLUE, USED];
    /// The dark theme ([`crate::theme`]): dark page and empty tiles, light rings and text; the
    /// deduced cells dimmer than the givens (on a dark page, lighter would read as brighter).
    pub const DARK: crate::theme::DarkColors = crate::theme::DarkColors {
        background: Color::hex(0x14161b),
        shapes: &[
            (EMPTY, Color::hex(0x363b46)),
            (TEXT, Color::hex(0xf0f0f0)),
            (DEDUCED_RED, Color::hex(0x9c2f3b)),
            (DEDUCED_BLUE, Color::hex(0x177a90)),
        ],
        labels: &[(TEXT, Color::hex(0xe8e8e8))],
    };
}

/// Radius of a tile, cells.
const TILE: f32 = 0.44;
/// Height of the caption band under the board, cells (scaled with the board).
const CAPTION: f32 = 1.6;
/// The widest a caption line may be, as a fraction of the picture's width.
pub const CAPTION_WIDTH: f32 = 0.92;

/// The fill of a cell of colour `c`: the game's colour for a given, lighter for a deduced one.
fn colour_of(c: Colour, deduced: bool) -> Color {
    match (c, deduced) {
        (Colour::Red, false) => theme::RED,
        (Colour::Blue, false) => theme::BLUE,
        (Colour::Red, true) => theme::DEDUCED_RED,
        (Colour::Blue, true) => theme::DEDUCED_BLUE,
    }
}

fn ring(layer: &mut Layer, r: usize, c: usize, color: Color, width: f32) {
    let shape = Shape::Circle { cx: c as f32 + 0.5, cy: r as f32 + 0.5, r: TILE + 0.02 };
    layer.item(Item { shape, fill: color.with_alpha(0), stroke: Some((color, width)) });
}

/// What to highlight on a board.
#[derive(Default)]
pub struct Marks<'a> {
    /// The step being shown, and how far its cells have filled in (0..=1).
    pub deduction: Option<(&'a Deduction, f32)>,
    /// Player errors to mark.
    pub errors: &'a [PlayerError],
    /// A caption: first line bold, second line smaller.
    pub caption: Option<(String, String)>,
    /// The puzzle as given: cells empty there are drawn as deduced (lighter). `None`: every
    /// cell drawn as given.
    pub puzzle: Option<&'a Board>,
}

/// Draws `board` (the state before `marks.deduction`'s cells are set) with its marks.
pub fn board_scene(board: &Board, marks: &Marks<'_>) -> Scene {
    let n = board.size() as f32;
    let band = if marks.caption.is_some() { CAPTION * (n / 6.0).max(1.0) } else { 0.0 };
    let view = View { x: -0.3, y: -0.3, w: n + 0.6, h: n + 0.6 + band };
    let mut scene = Scene::new(view, theme::BACKGROUND).with_dark(&theme::DARK);
    let mut layer = Layer::new();
    for r in 0..board.size() {
        for c in 0..board.size() {
            let (cx, cy) = (c as f32 + 0.5, r as f32 + 0.5);
            let cell = board.cell(r, c);
            let deduced = marks.puzzle.is_some_and(|p| p.cell(r, c).is_empty());
            let fill = match cell.color() {
                None => theme::EMPTY,
                Some(colour) => colour_of(colour, deduced),
            };
            layer.circle(cx, cy, TILE, fill);
            if let Cell::Number(k) = cell {
                layer.label([cx, cy], 0.5, k.to_string(), theme::NUMBER);
            }
        }
    }
    if let Some((d, t)) = marks.deduction {
        let grow = ease::in_out(t);
        for (r, c) in d.used_cells(board) {
            ring(&mut layer, r, c, theme::USED, 0.07);
        }
        for &(r, c, colour) in &d.cells {
            layer.circle(c as f32 + 0.5, r as f32 + 0.5, TILE * grow, colour_of(colour, marks.puzzle.is_some()));
            ring(&mut layer, r, c, theme::TEXT, 0.05);
        }
        if let Some((r, c)) = d.cause {
            ring(&mut layer, r, c, theme::TEXT, 0.1);
        }
    }
    for e in marks.errors {
        let (r, c) = match *e {
            PlayerError::TooFew { row, col, .. } | PlayerError::TooMany { row, col, .. } => (row, col),
            PlayerError::Isolated { row, col } => (row, col),
        };
        ring(&mut layer, r, c, theme::RED, 0.12);
    }
    if let Some((head, detail)) = &marks.caption {
        // Each line at most CAPTION_WIDTH of the picture's width, measured with the font.
        let w = (n + 0.6) * CAPTION_WIDTH;
        let unit = band / CAPTION;
        let size1 = em_for_width(head, w).min(0.42 * unit);
        layer.label([n / 2.0, n + 0.3 + band * 0.22], size1, head.clone(), theme::TEXT);
        let lines = wrap(detail, 48);
        let size2 = lines.iter().map(|l| em_for_width(l, w)).fold(0.26 * unit, f32::min);
        for (i, line) in lines.iter().enumerate() {
            let y = n + 0.3 + band * 0.5 + i as f32 * size2 * 1.15;
            layer.label([n / 2.0, y], size2, line.clone(), theme::TEXT);
        }
    }
    scene.layers.push(layer);
    scene
}

/// The explanation of a solve as an animation: the puzzle, then one step per deduction (each
/// step's cells ringed and filling in, its number ringed, the reasoning written underneath).
pub struct OhnoAnimation {
    /// The recorded deductions (`steps[0]` is the puzzle).
    pub trace: Explanation,
}

impl OhnoAnimation {
    fn caption(&self, step: usize) -> (String, String) {
        let total = self.trace.len() - 1;
        match &self.trace.steps[step].event {
            None => ("0h n0".into(), format!("{} to the solution", count(total, "deduction", "deductions"))),
            Some(d) => {
                let text = d.to_string();
                let detail = text.split_once(": ").map_or(text.clone(), |(_, rest)| rest.to_string());
                (format!("{step}/{total}  {}", d.rule.name()), detail)
            }
        }
    }
}

impl Animated for OhnoAnimation {
    fn steps(&self) -> usize {
        self.trace.len()
    }

    fn manipulation(&self, step: usize) -> Option<usize> {
        self.trace.steps[step].manipulation
    }

    fn tween_seconds(&self, _step: usize) -> f64 {
        0.6
    }

    fn draw(&self, step: usize, fraction: f32) -> Scene {
        let caption = Some(self.caption(step));
        let puzzle = Some(&self.trace.steps[0].state);
        let Some(d) = &self.trace.steps[step].event else {
            return board_scene(&self.trace.steps[step].state, &Marks { caption, puzzle, ..Marks::default() });
        };
        // The board before the step, with the step's cells growing in (fully grown at rest).
        let before = &self.trace.steps[step - 1].state;
        board_scene(before, &Marks { deduction: Some((d, fraction)), caption, puzzle, ..Marks::default() })
    }

    fn palette_colors(&self) -> Vec<Color> {
        theme::ALL.to_vec()
    }

    fn pacing(&self) -> Pacing {
        PACING
    }
}
