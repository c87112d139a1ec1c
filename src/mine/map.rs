//! The mine: its grid, its metadata, reading it from text, and read-only accessors.
//!
//! Rules: task.pdf §2.1 (cells, coordinates (1, 1) bottom-left), §2.5 (input format: rows top
//! first, shorter rows padded with spaces, exactly one robot and one lift), weather.pdf,
//! trampoline.pdf and beards.pdf (metadata after a blank line). See also `shared/specs/mine.md`.
//!
//! Storage: one byte per cell in a flat `Vec<u8>`, bottom row first, with a one-cell border of
//! walls around the map (so the map edge behaves like a wall and neighbours never need a bounds
//! check). Index of (x, y) is `y * (width + 2) + x`; increasing index is exactly the map-update
//! order (left to right, bottom row first).
//!
//! The map is the bottom of the engine: it imports only how a game ends ([`Ending`]); a step,
//! the map update and the score import the map.

use super::ending::Ending;

/// A cell position `(x, y)`: x = column from 1 (left), y = row from 1 (bottom), task.pdf §2.1.
pub type Pos = (usize, usize);

/// What a cell holds (task.pdf §2.1, trampoline.pdf, beards.pdf, the higher-order rocks update).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `R`, the robot.
    Robot,
    /// `#`.
    Wall,
    /// `*`.
    Rock,
    /// `@`, a rock that becomes a lambda when it lands on something.
    HigherOrderRock,
    /// `\`.
    Lambda,
    /// `L`.
    ClosedLift,
    /// `O`.
    OpenLift,
    /// `.`.
    Earth,
    /// ` `.
    Empty,
    /// `A`..`I`; the payload is the letter.
    Trampoline(char),
    /// `1`..`9`; the payload is the digit.
    Target(char),
    /// `W`, Wadler's beard.
    Beard,
    /// `!`, Hutton's razor.
    Razor,
}

pub(crate) const EMPTY: u8 = 0;
pub(crate) const EARTH: u8 = 1;
pub(crate) const WALL: u8 = 2;
pub(crate) const ROCK: u8 = 3;
pub(crate) const HOROCK: u8 = 4;
pub(crate) const LAMBDA: u8 = 5;
pub(crate) const CLOSED: u8 = 6;
pub(crate) const OPEN: u8 = 7;
pub(crate) const ROBOT: u8 = 8;
pub(crate) const BEARD: u8 = 9;
pub(crate) const RAZOR: u8 = 10;
/// Trampoline `A` + i is `TRAMP + i` (i in 0..9).
pub(crate) const TRAMP: u8 = 16;
/// Target `1` + i is `TARGET + i` (i in 0..9).
pub(crate) const TARGET: u8 = 32;
/// "No trampoline/target" in the position tables (index 0 is a border wall, never a real cell).
pub(crate) const NONE: usize = 0;

#[inline]
pub(crate) fn is_rock(t: u8) -> bool {
    t == ROCK || t == HOROCK
}

impl Tile {
    /// The tile for a map character, or `None` for a character that is not a cell.
    pub fn from_char(c: char) -> Option<Tile> {
        Some(match c {
            'R' => Tile::Robot,
            '#' => Tile::Wall,
            '*' => Tile::Rock,
            '@' => Tile::HigherOrderRock,
            '\\' => Tile::Lambda,
            'L' => Tile::ClosedLift,
            'O' => Tile::OpenLift,
            '.' => Tile::Earth,
            ' ' => Tile::Empty,
            'W' => Tile::Beard,
            '!' => Tile::Razor,
            'A'..='I' => Tile::Trampoline(c),
            '1'..='9' => Tile::Target(c),
            _ => return None,
        })
    }

    /// The map character (our rendering: trampolines `A`..`I`, targets `1`..`9`).
    pub fn to_char(self) -> char {
        match self {
            Tile::Robot => 'R',
            Tile::Wall => '#',
            Tile::Rock => '*',
            Tile::HigherOrderRock => '@',
            Tile::Lambda => '\\',
            Tile::ClosedLift => 'L',
            Tile::OpenLift => 'O',
            Tile::Earth => '.',
            Tile::Empty => ' ',
            Tile::Beard => 'W',
            Tile::Razor => '!',
            Tile::Trampoline(c) | Tile::Target(c) => c,
        }
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            Tile::Robot => ROBOT,
            Tile::Wall => WALL,
            Tile::Rock => ROCK,
            Tile::HigherOrderRock => HOROCK,
            Tile::Lambda => LAMBDA,
            Tile::ClosedLift => CLOSED,
            Tile::OpenLift => OPEN,
            Tile::Earth => EARTH,
            Tile::Empty => EMPTY,
            Tile::Beard => BEARD,
            Tile::Razor => RAZOR,
            Tile::Trampoline(c) => TRAMP + (c as u8 - b'A'),
            Tile::Target(c) => TARGET + (c as u8 - b'1'),
        }
    }

    pub(crate) fn from_code(code: u8) -> Tile {
        match code {
            EMPTY => Tile::Empty,
            EARTH => Tile::Earth,
            WALL => Tile::Wall,
            ROCK => Tile::Rock,
            HOROCK => Tile::HigherOrderRock,
            LAMBDA => Tile::Lambda,
            CLOSED => Tile::ClosedLift,
            OPEN => Tile::OpenLift,
            ROBOT => Tile::Robot,
            BEARD => Tile::Beard,
            RAZOR => Tile::Razor,
            c if (TRAMP..TRAMP + 9).contains(&c) => Tile::Trampoline((b'A' + c - TRAMP) as char),
            c if (TARGET..TARGET + 9).contains(&c) => Tile::Target((b'1' + c - TARGET) as char),
            _ => unreachable!("invalid cell code {code}"),
        }
    }
}

/// A mine in play: the grid, the robot, the metadata and the running counters.
///
/// Build it with [`Mine::parse`] / [`Mine::parse_bytes`]; advance it with [`Mine::step`] or
/// [`Mine::run`]. Equality (`==`) compares the observable state (cells, robot, counters,
/// metadata, ending), not internal bookkeeping. [`Clone::clone_from`] reuses the grid's
/// buffers (the searches clone a state per command they try).
#[derive(Debug)]
pub struct Mine {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// `width + 2` (border columns).
    pub(crate) stride: usize,
    /// `(height + 2) * stride` cell codes, bottom border row first.
    pub(crate) cells: Vec<u8>,
    pub(crate) robot: usize,
    pub(crate) lift: usize,
    pub(crate) water: usize,
    pub(crate) flooding: usize,
    pub(crate) waterproof: usize,
    pub(crate) growth: usize,
    pub(crate) razors: usize,
    /// For trampoline i: index of its target (0..9), or `u8::MAX`.
    pub(crate) tramp_target: [u8; 9],
    /// Cell index of trampoline i, or [`NONE`] (absent or used).
    pub(crate) tramp_pos: [usize; 9],
    /// Cell index of target i, or [`NONE`].
    pub(crate) target_pos: [usize; 9],
    /// Lambdas at the start, `\` plus `@`.
    pub(crate) lambdas_total: usize,
    /// `\` plus `@` cells now on the map.
    pub(crate) lambdas_on_map: usize,
    pub(crate) collected: usize,
    pub(crate) moves: usize,
    pub(crate) under_water: usize,
    pub(crate) ending: Option<Ending>,
    /// Rocks whose neighbourhood changed since the last update (may repeat, may be stale).
    pub(crate) active: Vec<u32>,
    /// Beard cells (may hold stale entries for shaved beards; cleaned when growth is due).
    pub(crate) beards: Vec<u32>,
}

impl Clone for Mine {
    fn clone(&self) -> Mine {
        let mut m = Mine { cells: Vec::new(), active: Vec::new(), beards: Vec::new(), ..*self };
        m.clone_from(self);
        m
    }

    fn clone_from(&mut self, o: &Mine) {
        let (mut cells, mut active, mut beards) =
            (std::mem::take(&mut self.cells), std::mem::take(&mut self.active), std::mem::take(&mut self.beards));
        cells.clone_from(&o.cells);
        active.clone_from(&o.active);
        beards.clone_from(&o.beards);
        *self = Mine { cells, active, beards, ..*o };
    }
}

impl PartialEq for Mine {
    fn eq(&self, o: &Self) -> bool {
        self.width == o.width
            && self.height == o.height
            && self.cells == o.cells
            && self.robot == o.robot
            && self.lift == o.lift
            && self.water == o.water
            && self.flooding == o.flooding
            && self.waterproof == o.waterproof
            && self.growth == o.growth
            && self.razors == o.razors
            && self.tramp_target == o.tramp_target
            && self.tramp_pos == o.tramp_pos
            && self.target_pos == o.target_pos
            && self.lambdas_total == o.lambdas_total
            && self.lambdas_on_map == o.lambdas_on_map
            && self.collected == o.collected
            && self.moves == o.moves
            && self.under_water == o.under_water
            && self.ending == o.ending
    }
}

impl Eq for Mine {}

impl Mine {
    /// Map width in cells (the longest row).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Map height in cells (number of rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The most commands of a route the judges played: width × height (the widest row times
    /// the number of rows). Task text §3.1: "For a n×m map, we will take at most the first
    /// n×m steps in the generated route." Commands after these are not played.
    pub fn route_limit(&self) -> usize {
        self.width * self.height
    }

    /// The cell at (x, y), (1, 1) bottom-left. Outside the map (x or y 0, x > width, y > height)
    /// reads as [`Tile::Wall`], which is how the map edge behaves (task.pdf §2.1).
    pub fn cell(&self, x: usize, y: usize) -> Tile {
        if x == 0 || y == 0 || x > self.width || y > self.height {
            return Tile::Wall;
        }
        Tile::from_code(self.cells[y * self.stride + x])
    }

    /// The robot's position (after a win: the lift's position).
    pub fn robot(&self) -> Pos {
        self.pos(self.robot)
    }

    /// The lift's position (`None` only for a map read with [`Mine::parse_lenient`] that has
    /// no lift).
    pub fn lift(&self) -> Option<Pos> {
        (self.lift != NONE).then(|| self.pos(self.lift))
    }

    /// Whether the lift is open (after a win the robot stands in it: still open).
    pub fn lift_open(&self) -> bool {
        self.lift != NONE && (self.cells[self.lift] == OPEN || self.lift == self.robot)
    }

    /// Current water level in rows: the robot is under water when its y ≤ this (weather.pdf).
    pub fn water_level(&self) -> usize {
        self.water
    }

    /// Moves per water rise (`Flooding`); 0 = the water never rises.
    pub fn flooding(&self) -> usize {
        self.flooding
    }

    /// Consecutive steps the robot may spend under water (`Waterproof`).
    pub fn waterproof(&self) -> usize {
        self.waterproof
    }

    /// Consecutive steps the robot has been under water so far (0 when it is not).
    pub fn steps_under_water(&self) -> usize {
        self.under_water
    }

    /// Razors carried.
    pub fn razors(&self) -> usize {
        self.razors
    }

    /// Beard growth period in moves (`Growth`); 0 = beards never grow.
    pub fn growth(&self) -> usize {
        self.growth
    }

    /// The target digit that trampoline `letter` leads to (`None` for an unknown letter).
    pub fn trampoline_target(&self, letter: char) -> Option<char> {
        let i = (letter as u32).checked_sub('A' as u32)? as usize;
        let t = *self.tramp_target.get(i)?;
        (t != u8::MAX).then(|| (b'1' + t) as char)
    }

    /// Lambdas collected so far.
    pub fn lambdas_collected(&self) -> usize {
        self.collected
    }

    /// Lambdas still on the map: `\` cells plus higher-order rocks `@` (each holds one).
    /// This can be less than `lambdas_total() - lambdas_collected()` when two higher-order rocks
    /// crashed into one cell.
    pub fn lambdas_remaining(&self) -> usize {
        self.lambdas_on_map
    }

    /// Lambdas at the start (`\` plus `@`); the lift opens when this many have been collected.
    pub fn lambdas_total(&self) -> usize {
        self.lambdas_total
    }

    /// Moves made (every executed command except `A`; task.pdf §3).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// How the game ended, or `None` while it goes on. A route that ran out is not an ending
    /// here; [`Mine::outcome`] scores it as an abort.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub(crate) fn pos(&self, idx: usize) -> Pos {
        (idx % self.stride, idx / self.stride)
    }

    /// Writes a cell, keeping the lambda count and the beard list in step.
    #[inline]
    pub(crate) fn set(&mut self, idx: usize, t: u8) {
        let old = self.cells[idx];
        if old == LAMBDA || old == HOROCK {
            self.lambdas_on_map -= 1;
        }
        if t == LAMBDA || t == HOROCK {
            self.lambdas_on_map += 1;
        }
        if t == BEARD && old != BEARD {
            self.beards.push(idx as u32);
        }
        self.cells[idx] = t;
    }

    /// Where the robot lands stepping onto tile `t`: the target cell when `t` is a trampoline
    /// whose target is still on the map, else `None` (trampoline.pdf).
    #[inline]
    pub(crate) fn jump_target(&self, t: u8) -> Option<usize> {
        if !(TRAMP..TRAMP + 9).contains(&t) {
            return None;
        }
        let j = self.tramp_target[(t - TRAMP) as usize] as usize;
        (j < 9 && self.target_pos[j] != NONE).then(|| self.target_pos[j])
    }

    /// The 8 neighbours of interior cell `c` (the cells a beard grows into and a razor clears,
    /// beards.pdf).
    #[inline]
    pub(crate) fn around(&self, c: usize) -> [usize; 8] {
        let s = self.stride;
        [c - s - 1, c - s, c - s + 1, c - 1, c + 1, c + s - 1, c + s, c + s + 1]
    }

    /// Marks the rocks whose fall/slide test reads cell `c`: the rock at `c` itself and those at
    /// left, right, above-left, above, above-right of `c`.
    #[inline]
    pub(crate) fn touch(&mut self, c: usize) {
        let s = self.stride;
        for r in [c, c - 1, c + 1, c + s - 1, c + s, c + s + 1] {
            if is_rock(self.cells[r]) {
                self.active.push(r as u32);
            }
        }
    }
}
