//! Drawing the box into a [`Scene`]: the picture in the style of the challenge's figure
//! (grid cells, thick walls, the opening as a gap in the floor under cell 27; shubbles blue,
//! smoles red, the stot black) and every in-between moment of a recorded run.
//!
//! World units: one cell = 1.0; the standard-frame bounding box spans x 0..7, y 0..5 and turns
//! about its centre (3.5, 2.5). Rules live elsewhere: this file only reads states and events.

use crate::anim::{ease, Animated, Pacing};
use crate::r#box::geometry::{cell_at, row_col, CELLS, COLS, OPENING, ROWS};
use crate::r#box::{BoxEvent, BoxState, Cell, Failure, Illegal, Manipulation};
use crate::scene::{Color, Item, Layer, Point, Scene, Shape, View};
use crate::trace::Trace;

/// The box's pacing: 1 s per state; smooth, at most one manipulation per second (the
/// challenge's x0.15 and x0.12 tiers).
pub const PACING: Pacing = Pacing { seconds_per_frame: 1.0, min_manipulation_seconds: 1.0, handout_every: 1 };

/// The box's colours.
pub mod theme {
    use crate::scene::Color;
    /// Page background.
    pub const BACKGROUND: Color = Color::hex(0xffffff);
    /// Inside of an empty cell.
    pub const CELL: Color = Color::hex(0xf3efe6);
    /// Thin grid lines between cells.
    pub const GRID: Color = Color::hex(0xbdb6a6);
    /// Thick walls.
    pub const WALL: Color = Color::hex(0x3a3f4b);
    /// Shubbles.
    pub const SHUBBLE: Color = Color::hex(0x2f7fe0);
    /// Smoles.
    pub const SMOLE: Color = Color::hex(0xe0393e);
    /// The stot.
    pub const STOT: Color = Color::hex(0x111111);
    /// Eyes and light text.
    pub const WHITE: Color = Color::hex(0xffffff);
    /// Caption text: moves done.
    pub const TEXT: Color = Color::hex(0x333333);
    /// Caption text: moves still to come.
    pub const TEXT_DIM: Color = Color::hex(0xaaaaaa);
    /// The current move and failure marks.
    pub const ALERT: Color = Color::hex(0xff8c00);
    /// Every colour above, for the GIF palette.
    pub const ALL: [Color; 11] = [BACKGROUND, CELL, GRID, WALL, SHUBBLE, SMOLE, STOT, WHITE, TEXT, TEXT_DIM, ALERT];
    /// The dark theme ([`crate::theme`]): dark page and cells, light walls and stot; the pupils
    /// (TEXT in a shape) stay dark, the caption (TEXT in a label) turns light.
    pub const DARK: crate::theme::DarkColors = crate::theme::DarkColors {
        background: Color::hex(0x14161b),
        shapes: &[
            (CELL, Color::hex(0x2a2e37)),
            (GRID, Color::hex(0x474d59)),
            (WALL, Color::hex(0x9aa3b5)),
            (STOT, Color::hex(0xf2f2f2)),
        ],
        labels: &[(TEXT, Color::hex(0xe8e8e8)), (TEXT_DIM, Color::hex(0x6f7683))],
    };
}

/// Centre of rotation of the box, world units.
pub const PIVOT: Point = [COLS as f32 / 2.0, ROWS as f32 / 2.0];
/// Wall thickness, cells.
const WALL: f32 = 0.2;
/// Gap between a creature and its cell's edge, cells.
const INSET: f32 = 0.1;
/// Side of the square view that holds the box at any angle (its diagonal plus the walls), cells.
const VIEW_SIDE: f32 = 9.4;
/// Height of the caption band under the box, cells.
const CAPTION: f32 = 1.1;

fn centre(cell: u8) -> Point {
    let (r, c) = row_col(cell);
    [c as f32 + 0.5, r as f32 + 0.5]
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// The walls: every cell side without a neighbouring cell, as thick bars joined at the corners,
/// leaving the opening under [`OPENING`] open. One union of polygons (no seams).
fn walls() -> Shape {
    let mut polys = Vec::new();
    let h = WALL / 2.0;
    for cell in 0..CELLS as u8 {
        let (r, c) = row_col(cell);
        let (x, y) = (c as f32, r as f32);
        let (r, c) = (r as i32, c as i32);
        if cell_at(r - 1, c).is_none() {
            polys.push(bar([x - h, y - h], [x + 1.0 + h, y + h]));
        }
        if cell_at(r + 1, c).is_none() && cell != OPENING {
            polys.push(bar([x - h, y + 1.0 - h], [x + 1.0 + h, y + 1.0 + h]));
        }
        if cell_at(r, c - 1).is_none() {
            polys.push(bar([x - h, y - h], [x + h, y + 1.0 + h]));
        }
        if cell_at(r, c + 1).is_none() {
            polys.push(bar([x + 1.0 - h, y - h], [x + 1.0 + h, y + 1.0 + h]));
        }
    }
    Shape::Polygons(polys)
}

fn bar(a: Point, b: Point) -> Vec<Point> {
    vec![[a[0], a[1]], [b[0], a[1]], [b[0], b[1]], [a[0], b[1]]]
}

/// Draws a creature or the stot centred at `at` (cells), in the box's rotating layer turned
/// `angle` degrees; a creature's eyes stay upright on screen.
fn piece(layer: &mut Layer, kind: Cell, at: Point, angle: f32) {
    let s = 1.0 - 2.0 * INSET;
    let (x, y) = (at[0] - s / 2.0, at[1] - s / 2.0);
    let fill = match kind {
        Cell::Shubble => theme::SHUBBLE,
        Cell::Smole => theme::SMOLE,
        Cell::Stot => theme::STOT,
        Cell::Empty => return,
    };
    layer.item(Item { shape: Shape::Rect { x, y, w: s, h: s }, fill, stroke: None });
    if kind != Cell::Stot {
        // Two eyes, so that shubbles and smoles read as creatures; offsets turned back by the
        // box's angle so that they look upright whatever the orientation.
        let (s, c) = (-angle).to_radians().sin_cos();
        let turn = |dx: f32, dy: f32| [at[0] + dx * c - dy * s, at[1] + dx * s + dy * c];
        for dx in [-0.17, 0.17] {
            let white = turn(dx, -0.08);
            let pupil = turn(dx, -0.06);
            layer.circle(white[0], white[1], 0.11, theme::WHITE);
            layer.circle(pupil[0], pupil[1], 0.05, theme::TEXT);
        }
    }
}

/// The empty box: cells with thin grid lines.
fn cells(layer: &mut Layer) {
    for cell in 0..CELLS as u8 {
        let (r, c) = row_col(cell);
        layer.rect(c as f32, r as f32, 1.0, 1.0, theme::GRID);
        layer.rect(c as f32 + 0.03, r as f32 + 0.03, 0.94, 0.94, theme::CELL);
    }
    // The opening: the floor under cell 27 continues as a faint notch.
    let (r, c) = row_col(OPENING);
    layer.rect(c as f32 + 0.03, r as f32 + 0.97, 0.94, 0.1, theme::CELL);
}

/// What moves in one transition, and how far along it is.
enum Motion {
    Still,
    /// The box turns from `from` to `to` degrees (clockwise, unwrapped).
    Turn {
        angle: f32,
    },
    /// Pieces in `movers` move one cell down (screen terms), `exits` leave through the opening.
    Fall {
        movers: u32,
        exits: u32,
        t: f32,
    },
    /// The stot glides.
    Stot {
        from: u8,
        to: u8,
        t: f32,
    },
}

/// Draws `state` (the state BEFORE the transition when `motion` is not `Still`) into a scene.
fn box_scene(state: &BoxState, motion: &Motion, caption: Option<&Caption>, mark: Option<&Mark>) -> Scene {
    let extra = if caption.is_some() { CAPTION } else { 0.0 };
    let view =
        View { x: PIVOT[0] - VIEW_SIDE / 2.0, y: PIVOT[1] - VIEW_SIDE / 2.0, w: VIEW_SIDE, h: VIEW_SIDE + extra };
    let mut scene = Scene::new(view, theme::BACKGROUND).with_dark(&theme::DARK);
    let angle = match motion {
        Motion::Turn { angle } => *angle,
        _ => 90.0 * state.turns() as f32,
    };
    let mut layer = Layer::rotated(angle, PIVOT);
    cells(&mut layer);
    let turns = state.turns();
    for cell in 0..CELLS as u8 {
        let kind = state.cell(cell);
        if kind == Cell::Empty {
            continue;
        }
        let bit = 1u32 << cell;
        let at = match motion {
            Motion::Fall { movers, t, .. } if movers & bit != 0 => {
                let below = crate::r#box::down(cell, turns).expect("a mover has a cell below it");
                lerp(centre(cell), centre(below), ease::accelerate(*t))
            }
            Motion::Fall { exits, t, .. } if exits & bit != 0 => {
                // Through the opening: one cell down, then gone.
                let c = centre(cell);
                [c[0], c[1] + 1.0 * ease::accelerate(*t)]
            }
            Motion::Stot { from, to, t } if kind == Cell::Stot && cell == *from => {
                lerp(centre(*from), centre(*to), ease::in_out(*t))
            }
            _ => centre(cell),
        };
        piece(&mut layer, kind, at, angle);
    }
    layer.item(Item { shape: walls(), fill: theme::WALL, stroke: None });
    if let Some(mark) = mark {
        mark.draw(&mut layer);
    }
    scene.layers.push(layer);
    if let Some(caption) = caption {
        let mut text = Layer::new();
        caption.draw(&mut text, PIVOT[1] + VIEW_SIDE / 2.0 + CAPTION * 0.35);
        scene.layers.push(text);
    }
    scene
}

/// The move string under the box: moves done dark, the current one highlighted, the rest dim;
/// or a short message (a failure's reason).
struct Caption {
    moves: Vec<char>,
    current: Option<usize>,
    message: Option<String>,
}

impl Caption {
    fn draw(&self, layer: &mut Layer, y: f32) {
        if let Some(msg) = &self.message {
            // "move N 'c'" above, the reason below.
            let (head, reason) = msg.split_once(": ").unwrap_or((msg.as_str(), ""));
            let size = (VIEW_SIDE * 1.45 / reason.chars().count().max(1) as f32).clamp(0.3, 0.42);
            layer.label([PIVOT[0], y - 0.22], size, head, theme::SMOLE);
            layer.label([PIVOT[0], y + 0.26], size, reason, theme::SMOLE);
            return;
        }
        let n = self.moves.len();
        if n == 0 {
            return;
        }
        // At most WINDOW moves are shown: long strings scroll, keeping the current move in view.
        const WINDOW: usize = 25;
        let shown = n.min(WINDOW);
        let centre = self.current.unwrap_or(n).min(n.saturating_sub(1));
        let first = centre.saturating_sub(WINDOW / 2).min(n - shown);
        let pitch = (VIEW_SIDE * 0.92 / shown as f32).min(0.5);
        let x0 = PIVOT[0] - pitch * (shown as f32 - 1.0) / 2.0;
        for (k, i) in (first..first + shown).enumerate() {
            let color = match self.current {
                Some(c) if c == i => theme::ALERT,
                Some(c) if i < c => theme::TEXT,
                _ => theme::TEXT_DIM,
            };
            let more = (k == 0 && first > 0) || (k + 1 == shown && first + shown < n);
            let ch = if more { "…".to_string() } else { self.moves[i].to_string() };
            layer.label([x0 + pitch * k as f32, y], pitch * 1.25, ch, color);
        }
    }
}

/// A failure mark: a ring around the cell where it happened.
struct Mark {
    at: Point,
}

impl Mark {
    fn draw(&self, layer: &mut Layer) {
        let ring = Shape::Circle { cx: self.at[0], cy: self.at[1], r: 0.59 };
        layer.item(Item { shape: ring, fill: theme::ALERT.with_alpha(0), stroke: Some((theme::ALERT, 0.14)) });
    }
}

/// The still picture of `state` at rest in its orientation (the x0.22 tier), no caption,
/// framed tightly around the box (half a cell of margin beyond the walls).
pub fn still(state: &BoxState) -> Scene {
    let mut scene = box_scene(state, &Motion::Still, None, None);
    let (w, h) = if state.turns().is_multiple_of(2) { (COLS as f32, ROWS as f32) } else { (ROWS as f32, COLS as f32) };
    let m = 0.6;
    scene.view = View { x: PIVOT[0] - w / 2.0 - m, y: PIVOT[1] - h / 2.0 - m, w: w + 2.0 * m, h: h + 2.0 * m };
    scene
}

/// A recorded run of the box ready to animate: the trace, the moves, and the failure if any.
/// With a failure, one extra step at the end shows the last state with the failure marked.
pub struct BoxAnimation {
    /// Every frame of the 1 s animation.
    pub trace: Trace<BoxState, BoxEvent>,
    /// The manipulations, as typed.
    pub moves: Vec<Manipulation>,
    /// Why and where the run stopped, if it did.
    pub failure: Option<Failure>,
    /// Draw the move string under the box.
    pub caption: bool,
}

impl BoxAnimation {
    /// The challenge's Figure 1(a) with the moves of its worked example (9 manipulations), for
    /// tests of what plays animations.
    #[cfg(test)]
    pub(crate) fn figure1() -> Self {
        let s = super::BoxState::parse(".........@...o....ooo..xox...").unwrap();
        let m = super::parse_moves("+>|<-v+^+").unwrap();
        let (trace, failure) = super::record(&s, &m);
        BoxAnimation::new(trace, m, failure)
    }

    /// Wraps a recorded run (see [`record()`](super::record())).
    pub fn new(trace: Trace<BoxState, BoxEvent>, moves: Vec<Manipulation>, failure: Option<Failure>) -> Self {
        BoxAnimation { trace, moves, failure, caption: true }
    }

    fn caption(&self, step: usize) -> Option<Caption> {
        if !self.caption {
            return None;
        }
        let moves = self.moves.iter().map(|m| m.as_char()).collect();
        if step >= self.trace.len() {
            let f = self.failure.expect("the extra step exists only with a failure");
            let msg = format!("move {} '{}': {}", f.manipulation + 1, self.moves[f.manipulation].as_char(), f.reason);
            return Some(Caption { moves, current: None, message: Some(msg) });
        }
        let current = self.trace.steps[step].manipulation;
        let done =
            if step + 1 == self.trace.len() && self.failure.is_none() { Some(self.moves.len()) } else { current };
        Some(Caption { moves, current: done, message: None })
    }

    fn failure_mark(&self) -> Option<Mark> {
        let f = self.failure?;
        let last = self.trace.last();
        let at = match f.reason {
            Illegal::SmoleLost => {
                let c = centre(OPENING);
                [c[0], c[1] + 1.0]
            }
            _ => {
                let stot = last.stot();
                let (r, c) = row_col(stot);
                let (dr, dc) = match self.moves[f.manipulation] {
                    Manipulation::Left => (0, -1),
                    Manipulation::Right => (0, 1),
                    Manipulation::Up => (-1, 0),
                    Manipulation::Down => (1, 0),
                    _ => (0, 0),
                };
                if f.reason == Illegal::CreatureOnStot {
                    centre(stot)
                } else {
                    [c as f32 + dc as f32 + 0.5, r as f32 + dr as f32 + 0.5]
                }
            }
        };
        Some(Mark { at })
    }
}

/// Smooth-mode durations at speed 1, seconds.
mod timing {
    /// A quarter turn.
    pub const QUARTER_TURN: f64 = 0.5;
    /// A one-cell fall.
    pub const FALL: f64 = 0.15;
    /// A stot move.
    pub const STOT: f64 = 0.35;
    /// Showing a failure.
    pub const FAILURE: f64 = 1.0;
}

impl Animated for BoxAnimation {
    fn steps(&self) -> usize {
        self.trace.len() + usize::from(self.failure.is_some())
    }

    fn manipulation(&self, step: usize) -> Option<usize> {
        match self.trace.steps.get(step) {
            Some(s) => s.manipulation,
            None => self.failure.map(|f| f.manipulation),
        }
    }

    fn tween_seconds(&self, step: usize) -> f64 {
        match self.trace.steps.get(step).map(|s| s.event) {
            Some(BoxEvent::Turn { .. }) => timing::QUARTER_TURN,
            Some(BoxEvent::Fall { .. }) => timing::FALL,
            Some(BoxEvent::StotMove { .. }) => timing::STOT,
            Some(BoxEvent::Start) => 0.0,
            None => timing::FAILURE,
        }
    }

    fn draw(&self, step: usize, fraction: f32) -> Scene {
        let caption = self.caption(step);
        if step >= self.trace.len() {
            let mark = self.failure_mark();
            return box_scene(self.trace.last(), &Motion::Still, caption.as_ref(), mark.as_ref());
        }
        if step == 0 || fraction >= 1.0 {
            return box_scene(&self.trace.steps[step].state, &Motion::Still, caption.as_ref(), None);
        }
        let before = &self.trace.steps[step - 1].state;
        let motion = match self.trace.steps[step].event {
            BoxEvent::Start => Motion::Still,
            BoxEvent::Turn { quarter_turns, half_turn_part } => {
                let base = 90.0 * before.turns() as f32;
                let angle = match half_turn_part {
                    // One continuous half turn, eased over both halves.
                    Some(0) => base + 180.0 * ease::in_out(fraction / 2.0),
                    Some(_) => base - 90.0 + 180.0 * ease::in_out(0.5 + fraction / 2.0),
                    None => base + 90.0 * quarter_turns as f32 * ease::in_out(fraction),
                };
                Motion::Turn { angle }
            }
            BoxEvent::Fall { movers, exits } => Motion::Fall { movers, exits, t: fraction },
            BoxEvent::StotMove { from, to } => Motion::Stot { from, to, t: fraction },
        };
        box_scene(before, &motion, caption.as_ref(), None)
    }

    fn palette_colors(&self) -> Vec<Color> {
        theme::ALL.to_vec()
    }

    fn pacing(&self) -> Pacing {
        PACING
    }
}
