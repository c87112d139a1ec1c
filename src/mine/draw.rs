//! Drawing the mine into a [`Scene`]: tiles as coloured boxes with simple glyphs (rock, lambda,
//! lift, beard, razor, trampoline and target), the robot, water as a translucent band, and a
//! heads-up band under the map. Big maps are shown through a viewport that follows the robot.
//!
//! World units: one cell = 1.0; column `x - 1`, row `height - y` (the map's top row is row 0).
//! Only cells inside the viewport are drawn, so a frame costs the same on a 1000 x 1000 map.

use crate::anim::{ease, Animated, Pacing};
use crate::mine::{Collected, Ending, Loss, Mine, MineEvent, Pos, Recording, StepReport, Tile};
use crate::scene::{Color, Item, Layer, Point, Scene, Shape, View};

/// The mine's pacing: 0.2 s per step; smooth, each step lasts its own tween.
pub const PACING: Pacing = Pacing { seconds_per_frame: 0.2, min_manipulation_seconds: 0.0, handout_every: 10 };

/// The mine's colours.
pub mod theme {
    use crate::scene::Color;
    /// Empty cells and the page.
    pub const BACKGROUND: Color = Color::hex(0x1d1f27);
    /// Earth.
    pub const EARTH: Color = Color::hex(0x8a6a45);
    /// Walls.
    pub const WALL: Color = Color::hex(0x5b5f6b);
    /// The lit top edge of walls.
    pub const WALL_LIGHT: Color = Color::hex(0x80848f);
    /// Rocks.
    pub const ROCK: Color = Color::hex(0xb4b6ba);
    /// Lambdas and higher-order rocks' mark.
    pub const LAMBDA: Color = Color::hex(0xf2b632);
    /// A closed lift.
    pub const LIFT_CLOSED: Color = Color::hex(0xa0522d);
    /// An open lift.
    pub const LIFT_OPEN: Color = Color::hex(0x3cc46b);
    /// The robot.
    pub const ROBOT: Color = Color::hex(0x4fa3ff);
    /// Trampolines and targets.
    pub const TRAMPOLINE: Color = Color::hex(0xb05cf0);
    /// Beards.
    pub const BEARD: Color = Color::hex(0x3a9a4a);
    /// Razors.
    pub const RAZOR: Color = Color::hex(0xe6e9ef);
    /// Water (drawn at one third opacity).
    pub const WATER: Color = Color::hex(0x2a7fff);
    /// Heads-up text.
    pub const TEXT: Color = Color::hex(0xf0f0f0);
    /// Eyes, dark details.
    pub const DARK: Color = Color::hex(0x000000);
    /// The hint's path and score in play (`crate::mine::hint`).
    pub const HINT: Color = Color::hex(0xff5fd2);
    /// Every colour above, for the GIF palette.
    pub const ALL: [Color; 16] = [
        BACKGROUND,
        EARTH,
        WALL,
        WALL_LIGHT,
        ROCK,
        LAMBDA,
        LIFT_CLOSED,
        LIFT_OPEN,
        ROBOT,
        TRAMPOLINE,
        BEARD,
        RAZOR,
        WATER,
        TEXT,
        DARK,
        HINT,
    ];
    /// The dark theme ([`crate::theme`]): the mine is drawn dark already; its page goes darker.
    pub const DARK_THEME: crate::theme::DarkColors = crate::theme::DarkColors {
        background: Color::hex(0x0c0d11),
        shapes: &[(BACKGROUND, Color::hex(0x0c0d11))],
        labels: &[],
    };
}

/// Opacity of the water band: one third, which the GIF palette holds exactly as a blend.
const WATER_ALPHA: u8 = 85;
/// Height of the heads-up band, cells.
const HUD: f32 = 1.4;
/// Largest viewport, cells (columns, rows).
pub const VIEWPORT: (usize, usize) = (40, 28);

fn world(mine: &Mine, p: Pos) -> Point {
    [p.0 as f32 - 1.0, (mine.height() - p.1) as f32]
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// Draws one tile with its top-left corner at `at` (cells), scaled by `scale` about its centre.
fn tile(layer: &mut Layer, t: Tile, at: Point, scale: f32) {
    let c = [at[0] + 0.5, at[1] + 0.5];
    let s = scale;
    match t {
        Tile::Empty | Tile::Robot => {}
        Tile::Earth => {
            layer.rect(at[0], at[1], 1.0, 1.0, theme::EARTH);
        }
        Tile::Wall => {
            layer.rect(at[0], at[1], 1.0, 1.0, theme::WALL);
            layer.rect(at[0], at[1], 1.0, 0.12, theme::WALL_LIGHT);
        }
        Tile::Rock => {
            layer.item(Item {
                shape: Shape::Circle { cx: c[0], cy: c[1], r: 0.42 * s },
                fill: theme::ROCK,
                stroke: Some((theme::WALL, 0.06)),
            });
        }
        Tile::HigherOrderRock => {
            layer.item(Item {
                shape: Shape::Circle { cx: c[0], cy: c[1], r: 0.42 * s },
                fill: theme::ROCK,
                stroke: Some((theme::LAMBDA, 0.1)),
            });
            layer.label(c, 0.5 * s, "λ", theme::LAMBDA);
        }
        Tile::Lambda => {
            layer.label(c, 0.85 * s, "λ", theme::LAMBDA);
        }
        Tile::ClosedLift | Tile::OpenLift => {
            let color = if t == Tile::OpenLift { theme::LIFT_OPEN } else { theme::LIFT_CLOSED };
            layer.rect(at[0] + 0.12, at[1] + 0.08, 0.76, 0.92, color);
            layer.rect(at[0] + 0.47, at[1] + 0.15, 0.06, 0.85, theme::BACKGROUND);
        }
        Tile::Trampoline(letter) => {
            layer.circle(c[0], c[1], 0.42 * s, theme::TRAMPOLINE);
            layer.label(c, 0.55 * s, letter.to_string(), theme::TEXT);
        }
        Tile::Target(digit) => {
            layer.item(Item {
                shape: Shape::Circle { cx: c[0], cy: c[1], r: 0.38 * s },
                fill: theme::BACKGROUND,
                stroke: Some((theme::TRAMPOLINE, 0.1)),
            });
            layer.label(c, 0.55 * s, digit.to_string(), theme::TRAMPOLINE);
        }
        Tile::Beard => {
            for (dx, dy) in [(-0.18, 0.12), (0.18, 0.12), (0.0, -0.14)] {
                layer.circle(c[0] + dx * s, c[1] + dy * s, 0.26 * s, theme::BEARD);
            }
        }
        Tile::Razor => {
            let r = 0.38 * s;
            let diamond = vec![[c[0], c[1] - r], [c[0] + r * 0.6, c[1]], [c[0], c[1] + r], [c[0] - r * 0.6, c[1]]];
            layer.item(Item { shape: Shape::Polygons(vec![diamond]), fill: theme::RAZOR, stroke: None });
        }
    }
}

/// The robot with its top-left corner at `at`, scaled by `scale` about its centre.
fn robot(layer: &mut Layer, at: Point, scale: f32) {
    let c = [at[0] + 0.5, at[1] + 0.5];
    let s = 0.76 * scale;
    layer.rect(c[0] - s / 2.0, c[1] - s / 2.0 + 0.06 * scale, s, s * 0.9, theme::ROBOT);
    layer.rect(c[0] - 0.03 * scale, c[1] - s / 2.0 - 0.06 * scale, 0.06 * scale, 0.14 * scale, theme::ROBOT);
    for dx in [-0.15, 0.15] {
        layer.circle(c[0] + dx * scale, c[1] - 0.02 * scale, 0.09 * scale, theme::TEXT);
        layer.circle(c[0] + dx * scale, c[1] - 0.02 * scale, 0.045 * scale, theme::DARK);
    }
}

/// Where the viewport's top-left corner goes so that `centre` (cells) is in the middle, kept
/// inside the map.
fn viewport_origin(mine: &Mine, size: (usize, usize), centre: Point) -> Point {
    let clamp = |c: f32, span: usize, total: usize| {
        if span >= total {
            (total as f32 - span as f32) / 2.0
        } else {
            (c - span as f32 / 2.0).clamp(0.0, (total - span) as f32)
        }
    };
    [clamp(centre[0], size.0, mine.width()), clamp(centre[1], size.1, mine.height())]
}

/// What moves between two frames, and how far along.
struct Tween<'a> {
    report: &'a StepReport,
    t: f32,
}

/// Draws `mine` (the state BEFORE `tween`'s step, if any) with a heads-up line `hud` at an em
/// size of `size_text` cells.
fn mine_scene(mine: &Mine, tween: Option<Tween<'_>>, (hud, size_text): (&str, f32), size: (usize, usize)) -> Scene {
    let robot_at = match &tween {
        Some(tw) => {
            let (a, b) = (world(mine, tw.report.robot_from), world(mine, tw.report.robot_to));
            if tw.report.jump.is_some() {
                if tw.t < 0.5 {
                    a
                } else {
                    b
                }
            } else {
                lerp(a, b, ease::in_out(tw.t))
            }
        }
        None => world(mine, mine.robot()),
    };
    let origin = viewport_origin(mine, size, [robot_at[0] + 0.5, robot_at[1] + 0.5]);
    let view = View { x: origin[0], y: origin[1], w: size.0 as f32, h: size.1 as f32 + HUD };
    let mut scene = Scene::new(view, theme::BACKGROUND).with_dark(&theme::DARK_THEME);
    let mut layer = Layer::new();
    let (x0, x1) = (origin[0].floor().max(0.0) as usize, (origin[0] + size.0 as f32).ceil() as usize);
    let (r0, r1) = (origin[1].floor().max(0.0) as usize, (origin[1] + size.1 as f32).ceil() as usize);
    // Cells whose content is drawn by the tween instead.
    let mut moving: Vec<Pos> = Vec::new();
    if let Some(tw) = &tween {
        moving.extend(tw.report.rocks.iter().map(|m| m.from));
        moving.extend(tw.report.pushed.iter().map(|m| m.from));
        moving.extend(tw.report.beards_shaved.iter().copied());
        if tw.report.collected.is_some() || tw.report.jump.is_some() {
            moving.push(tw.report.robot_to);
        }
    }
    for row in r0..r1.min(mine.height()) {
        for col in x0..x1.min(mine.width()) {
            let p = (col + 1, mine.height() - row);
            let mut t = mine.cell(p.0, p.1);
            if moving.contains(&p) {
                continue;
            }
            if let (Some(tw), Tile::ClosedLift) = (&tween, t) {
                if tw.report.lift_opened && tw.t >= 0.5 {
                    t = Tile::OpenLift;
                }
            }
            tile(&mut layer, t, [col as f32, row as f32], 1.0);
        }
    }
    let mut water = mine.water_level() as f32;
    if let Some(tw) = &tween {
        let r = tw.report;
        let t = ease::in_out(tw.t);
        for m in r.pushed.iter().chain(&r.rocks) {
            let kind = if m.became_lambda && tw.t >= 0.8 {
                Tile::Lambda
            } else if m.higher_order {
                Tile::HigherOrderRock
            } else {
                Tile::Rock
            };
            tile(&mut layer, kind, lerp(world(mine, m.from), world(mine, m.to), t), 1.0);
        }
        for &b in &r.beards_grown {
            tile(&mut layer, Tile::Beard, world(mine, b), t);
        }
        for &b in &r.beards_shaved {
            tile(&mut layer, Tile::Beard, world(mine, b), 1.0 - t);
        }
        if let Some(c) = r.collected {
            let kind = if c == Collected::Lambda { Tile::Lambda } else { Tile::Razor };
            tile(&mut layer, kind, world(mine, r.robot_to), 1.0 - t);
        }
        if let Some(j) = &r.jump {
            // The trampoline and its target fade as the robot jumps.
            tile(&mut layer, Tile::Target(mine_target_digit(mine, r.robot_to)), world(mine, r.robot_to), 1.0 - t);
            let _ = j;
        }
        water = r.water_before as f32 + (r.water_after as f32 - r.water_before as f32) * t;
    }
    let robot_scale = match &tween {
        Some(tw) if tw.report.jump.is_some() => (2.0 * tw.t - 1.0).abs().max(0.05),
        _ => 1.0,
    };
    if let (Some(Ending::Win), Some(lift)) = (mine.ending(), mine.lift()) {
        // The robot stands in the open lift.
        tile(&mut layer, Tile::OpenLift, world(mine, lift), 1.0);
    }
    robot(&mut layer, robot_at, robot_scale);
    if water > 0.0 {
        let top = mine.height() as f32 - water;
        layer.rect(origin[0] - 1.0, top, size.0 as f32 + 2.0, water, theme::WATER.with_alpha(WATER_ALPHA));
    }
    // The heads-up band under the viewport.
    layer.rect(origin[0] - 1.0, origin[1] + size.1 as f32, size.0 as f32 + 2.0, HUD + 1.0, theme::BACKGROUND);
    layer.label([origin[0] + size.0 as f32 / 2.0, origin[1] + size.1 as f32 + HUD / 2.0], size_text, hud, theme::TEXT);
    scene.layers.push(layer);
    scene
}

fn mine_target_digit(mine: &Mine, p: Pos) -> char {
    match mine.cell(p.0, p.1) {
        Tile::Target(d) => d,
        _ => '?',
    }
}

/// The heads-up line for a state: score, moves, lambdas (collected / all), water, razors, ending.
pub fn heads_up(mine: &Mine) -> String {
    heads_up_as(mine, mine.score(), mine.ending().map(crate::mine::ending_words))
}

/// The heads-up line of `mine` with `score` and `ending` (a route that ran out is scored and
/// named as an abort although the mine has not ended: spec "Score").
fn heads_up_as(mine: &Mine, score: i64, ending: Option<&str>) -> String {
    let mut s = format!(
        "score {score}   moves {}   λ {}/{}",
        mine.moves(),
        mine.lambdas_collected(),
        mine.lambdas_collected() + mine.lambdas_remaining()
    );
    if mine.flooding() > 0 || mine.water_level() > 0 {
        s.push_str(&format!("   water {}", mine.water_level()));
    }
    if mine.razors() > 0 {
        s.push_str(&format!("   razors {}", mine.razors()));
    }
    if let Some(e) = ending {
        s.push_str(&format!("   {e}"));
    }
    s
}

/// The em size (cells) of the heads-up line for a viewport `columns` cells wide: the longest of
/// `huds` fills at most 90% of it, and every frame of an animation uses this one size.
fn hud_size(huds: &[String], columns: usize) -> f32 {
    let widest = huds.iter().map(|h| crate::render::text::em_for_width(h, columns as f32 * 0.9)).fold(0.75, f32::min);
    widest.max(0.05)
}

/// A route the route finder proposes from the last state of an animation (the play mode's
/// hint, `crate::mine::hint`): drawn over that state as a line through the robot's cells with
/// a dot at each and a ring at the end, and its label beside the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintPath {
    /// The robot's cells in order (map coordinates), the robot's own cell first.
    pub cells: Vec<Pos>,
    /// The label, e.g. "hint: score 212".
    pub label: String,
}

/// Width of the hint's line, cells.
const HINT_LINE: f32 = 0.14;

/// The hint's layer over `mine` (whose height places the cells).
fn hint_layer(mine: &Mine, hint: &HintPath) -> Layer {
    let mut layer = Layer::new();
    let centre = |p: Pos| {
        let w = world(mine, p);
        [w[0] + 0.5, w[1] + 0.5]
    };
    let color = theme::HINT.with_alpha(220);
    for pair in hint.cells.windows(2) {
        let (a, b) = (centre(pair[0]), centre(pair[1]));
        if (a[0] - b[0]).abs() + (a[1] - b[1]).abs() > 1.01 {
            // A trampoline jump: no line across the map.
            continue;
        }
        let (x, y) = (a[0].min(b[0]) - HINT_LINE / 2.0, a[1].min(b[1]) - HINT_LINE / 2.0);
        layer.rect(x, y, (a[0] - b[0]).abs() + HINT_LINE, (a[1] - b[1]).abs() + HINT_LINE, color);
    }
    for &p in hint.cells.iter().skip(1) {
        let c = centre(p);
        layer.circle(c[0], c[1], 0.13, color);
    }
    if let Some(&end) = hint.cells.last() {
        let c = centre(end);
        layer.item(Item {
            shape: Shape::Circle { cx: c[0], cy: c[1], r: 0.36 },
            fill: Color::hex(0).with_alpha(0),
            stroke: Some((theme::HINT, 0.1)),
        });
        let size = 0.55;
        let above = if c[1] > 1.5 { c[1] - 0.85 } else { c[1] + 0.85 };
        layer.label([c[0], above], size, hint.label.clone(), theme::HINT);
    }
    layer
}

/// A recorded route ready to animate: one frame per step, or smooth tweens.
pub struct MineAnimation {
    /// The compact recording (checkpoints + per-step events).
    pub recording: Recording,
    /// Viewport size in cells (columns, rows): the whole map when it fits in [`VIEWPORT`].
    pub viewport: (usize, usize),
    /// The heads-up line of every step, worked out once (drawing a frame then rebuilds only
    /// the one state it shows).
    huds: Vec<String>,
    /// The heads-up line's em size in every frame, cells.
    hud_size: f32,
    /// A hint drawn over the last state ([`MineAnimation::with_hint`]).
    hint: Option<HintPath>,
}

impl MineAnimation {
    /// Records `route` on `mine`.
    pub fn new(mine: &Mine, route: &str) -> MineAnimation {
        MineAnimation::from_recording(mine, crate::mine::record_compact(mine, route))
    }

    /// The animation of `recording`, a [`crate::mine::record_compact`] of a route on `mine`.
    pub fn from_recording(mine: &Mine, recording: Recording) -> MineAnimation {
        let viewport = (mine.width().clamp(1, VIEWPORT.0), mine.height().clamp(1, VIEWPORT.1));
        let mut m = mine.clone();
        let mut huds = vec![heads_up(&m)];
        for step in &recording.trace.steps[1..] {
            if let MineEvent::Step(report) = &step.event {
                m.step(report.command);
            }
            huds.push(heads_up(&m));
        }
        if huds.len() > 1 && m.ending().is_none() {
            // The route ran out: it scores as an abort (spec "Score").
            let o = recording.outcome();
            *huds.last_mut().expect("not empty") = heads_up_as(&m, o.score, Some("abort (route ended)"));
        }
        let hud_size = hud_size(&huds, viewport.0);
        MineAnimation { recording, viewport, huds, hud_size, hint: None }
    }

    /// The same animation with `hint` drawn over its last state.
    pub fn with_hint(self, hint: Option<HintPath>) -> MineAnimation {
        MineAnimation { hint, ..self }
    }
}

impl Animated for MineAnimation {
    fn steps(&self) -> usize {
        self.recording.len()
    }

    fn manipulation(&self, step: usize) -> Option<usize> {
        self.recording.trace.steps[step].manipulation
    }

    fn tween_seconds(&self, _step: usize) -> f64 {
        0.2
    }

    fn draw(&self, step: usize, fraction: f32) -> Scene {
        let hud = (self.huds[step].as_str(), self.hud_size);
        if step == 0 || fraction >= 1.0 {
            let state = self.recording.state_at(step);
            let mut scene = mine_scene(&state, None, hud, self.viewport);
            if let (Some(hint), true) = (&self.hint, step + 1 == self.recording.len()) {
                scene.layers.push(hint_layer(&state, hint));
            }
            return scene;
        }
        // While a step moves, the line tells the state it starts from: its numbers change when
        // the step comes to rest, as the viewer's "move K/N" does.
        let hud = (self.huds[step - 1].as_str(), self.hud_size);
        let before = self.recording.state_at(step - 1);
        match &self.recording.trace.steps[step].event {
            MineEvent::Step(report) => mine_scene(&before, Some(Tween { report, t: fraction }), hud, self.viewport),
            MineEvent::Start => mine_scene(&before, None, hud, self.viewport),
        }
    }

    fn palette_colors(&self) -> Vec<Color> {
        theme::ALL.to_vec()
    }

    fn pacing(&self) -> Pacing {
        PACING
    }

    /// A lambda collected, a trampoline jump, the ending (task.pdf §2.4, trampoline.pdf), or
    /// the route running out at the last step.
    fn landmark(&self, step: usize) -> Option<String> {
        let MineEvent::Step(report) = &self.recording.trace.steps.get(step)?.event else {
            return None;
        };
        let mut said = Vec::new();
        if report.collected == Some(Collected::Lambda) {
            said.push("lambda collected".to_string());
        }
        if let Some(j) = &report.jump {
            said.push(format!("jump from trampoline {} to target {}", j.trampoline, j.target));
        }
        match report.ending {
            Some(Ending::Win) => said.push("won: the robot entered the lift".into()),
            Some(Ending::Abort) => said.push("aborted".into()),
            Some(Ending::Lost(Loss::Crushed)) => said.push("lost: the robot was crushed by a rock".into()),
            Some(Ending::Lost(Loss::Drowned)) => said.push("lost: the robot drowned".into()),
            None if step + 1 == self.recording.len() => said.push("the route ends".into()),
            None => {}
        }
        (!said.is_empty()).then(|| said.join("; "))
    }
}
