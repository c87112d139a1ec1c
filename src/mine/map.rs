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

use super::error::{MapError, Place};
use super::score::Ending;

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
/// metadata, ending), not internal bookkeeping.
#[derive(Clone, Debug)]
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

fn place(line: usize, column: usize, x: usize, y: usize) -> Place {
    Place { line, column, x, y }
}

impl Mine {
    /// Reads a map from bytes: like [`Mine::parse`], but first checks the bytes are UTF-8.
    ///
    /// # Errors
    /// [`MapError::InvalidUtf8`] with the line and column of the first bad byte; otherwise the
    /// errors of [`Mine::parse`].
    pub fn parse_bytes(bytes: &[u8]) -> Result<Mine, MapError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Mine::parse(text),
            Err(e) => {
                let good = &bytes[..e.valid_up_to()];
                let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                // The prefix is valid UTF-8, so this cannot fail.
                let column = std::str::from_utf8(&good[line_start..]).map_or(1, |s| s.chars().count() + 1);
                Err(MapError::InvalidUtf8 { line, column })
            }
        }
    }

    /// Reads a map: rows top first (LF or CRLF line ends; shorter rows padded with spaces to the
    /// longest), then optionally an empty line and metadata lines in any order, each possibly with
    /// trailing spaces: `Water N` (initial water level, default 0), `Flooding N` (moves per rise,
    /// 0 = never, default 0), `Waterproof N` (default 10), `Growth N` (beard growth period in
    /// moves, default 25), `Razors N` (default 0), `Trampoline X targets N`.
    ///
    /// Empty lines before the map are skipped. A line of spaces is a map row (empty cells), not
    /// the separator. `O` (an open lift) is accepted as the lift, so that our own rendering reads
    /// back. Sources: task.pdf §2.5, weather.pdf, trampoline.pdf, beards.pdf.
    ///
    /// # Errors
    /// Every [`MapError`] variant except `InvalidUtf8`: empty input, control characters, unknown
    /// characters, missing/duplicate robot or lift, duplicate trampolines/targets, malformed
    /// metadata, trampolines without a target, targets without a trampoline, and metadata naming
    /// trampolines or targets that are not in the map. Positions are 1-based line/column.
    pub fn parse(text: &str) -> Result<Mine, MapError> {
        Mine::parse_inner(text, true)
    }

    /// Like [`Mine::parse`], but a map without a lift is accepted (rule fragments such as the
    /// organisers' FAQ rock examples, which have no lift; such a mine can never be won).
    /// Two lifts are still an error.
    ///
    /// # Errors
    /// As [`Mine::parse`], except [`MapError::NoLift`].
    pub fn parse_lenient(text: &str) -> Result<Mine, MapError> {
        Mine::parse_inner(text, false)
    }

    fn parse_inner(text: &str, need_lift: bool) -> Result<Mine, MapError> {
        // Split into lines, dropping one trailing '\r' per line; reject control characters.
        let mut lines: Vec<&str> = Vec::new();
        for (n, raw) in text.split('\n').enumerate() {
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            for (col, ch) in line.chars().enumerate() {
                if ch.is_control() && ch != '\t' {
                    return Err(MapError::Binary { code: ch as u32, line: n + 1, column: col + 1 });
                }
            }
            lines.push(line);
        }
        // Map rows: from the first non-empty line up to the next empty line.
        let first = lines.iter().position(|l| !l.is_empty()).ok_or(MapError::Empty)?;
        let end = lines[first..].iter().position(|l| l.is_empty()).map_or(lines.len(), |p| first + p);
        let rows = &lines[first..end];
        let height = rows.len();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let stride = width + 2;
        let mut cells = vec![WALL; (height + 2) * stride];
        for y in 1..=height {
            for x in 1..=width {
                cells[y * stride + x] = EMPTY;
            }
        }

        let mut robot: Option<Place> = None;
        let mut lift: Option<Place> = None;
        let mut tramps: [Option<Place>; 9] = [None; 9];
        let mut targets: [Option<Place>; 9] = [None; 9];
        let mut lambdas = 0;
        let mut active = Vec::new();
        let mut beards = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let line = first + r + 1;
            let y = height - r;
            for (c, ch) in row.chars().enumerate() {
                let (column, x) = (c + 1, c + 1);
                let here = place(line, column, x, y);
                let tile = Tile::from_char(ch).ok_or(MapError::UnknownCharacter { ch, line, column })?;
                let idx = y * stride + x;
                cells[idx] = tile.code();
                match tile {
                    Tile::Robot => match robot {
                        None => robot = Some(here),
                        Some(first) => return Err(MapError::TwoRobots { first, second: here }),
                    },
                    Tile::ClosedLift | Tile::OpenLift => match lift {
                        None => lift = Some(here),
                        Some(first) => return Err(MapError::TwoLifts { first, second: here }),
                    },
                    Tile::Trampoline(l) => {
                        let i = (l as u8 - b'A') as usize;
                        if let Some(first) = tramps[i] {
                            return Err(MapError::DuplicateTrampoline { letter: l, first, second: here });
                        }
                        tramps[i] = Some(here);
                    }
                    Tile::Target(d) => {
                        let i = (d as u8 - b'1') as usize;
                        if let Some(first) = targets[i] {
                            return Err(MapError::DuplicateTarget { digit: d, first, second: here });
                        }
                        targets[i] = Some(here);
                    }
                    Tile::Lambda => lambdas += 1,
                    Tile::HigherOrderRock => {
                        lambdas += 1;
                        active.push(idx as u32);
                    }
                    Tile::Rock => active.push(idx as u32),
                    Tile::Beard => beards.push(idx as u32),
                    _ => {}
                }
            }
        }
        let robot = robot.ok_or(MapError::NoRobot)?;
        let lift = match lift {
            Some(p) => p.y * stride + p.x,
            None if need_lift => return Err(MapError::NoLift),
            None => NONE,
        };

        let mut mine = Mine {
            width,
            height,
            stride,
            cells,
            robot: robot.y * stride + robot.x,
            lift,
            water: 0,
            flooding: 0,
            waterproof: 10,
            growth: 25,
            razors: 0,
            tramp_target: [u8::MAX; 9],
            tramp_pos: [NONE; 9],
            target_pos: [NONE; 9],
            lambdas_total: lambdas,
            lambdas_on_map: lambdas,
            collected: 0,
            moves: 0,
            under_water: 0,
            ending: None,
            active,
            beards,
        };
        for i in 0..9 {
            if let Some(p) = tramps[i] {
                mine.tramp_pos[i] = p.y * stride + p.x;
            }
            if let Some(p) = targets[i] {
                mine.target_pos[i] = p.y * stride + p.x;
            }
        }

        // Metadata.
        for (n, line) in lines.iter().enumerate().skip(end) {
            parse_meta_line(&mut mine, line, n + 1, &tramps, &targets)?;
        }
        for i in 0..9 {
            if let Some(p) = tramps[i] {
                if mine.tramp_target[i] == u8::MAX {
                    return Err(MapError::TrampolineWithoutTarget { letter: (b'A' + i as u8) as char, place: p });
                }
            }
            if let Some(p) = targets[i] {
                if !mine.tramp_target.contains(&(i as u8)) {
                    return Err(MapError::TargetWithoutTrampoline { digit: (b'1' + i as u8) as char, place: p });
                }
            }
        }
        Ok(mine)
    }

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

fn parse_meta_line(
    mine: &mut Mine,
    line: &str,
    n: usize,
    tramps: &[Option<Place>; 9],
    targets: &[Option<Place>; 9],
) -> Result<(), MapError> {
    // Words with their 1-based columns.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (col, ch) in line.chars().chain(std::iter::once(' ')).enumerate() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                let from = line.char_indices().nth(s).map_or(line.len(), |(b, _)| b);
                let to = line.char_indices().nth(col).map_or(line.len(), |(b, _)| b);
                words.push((s + 1, &line[from..to]));
            }
        } else if start.is_none() {
            start = Some(col);
        }
    }
    if words.is_empty() {
        return Ok(());
    }
    let bad = |column: usize, reason: String| MapError::MalformedMetadata { line: n, column, reason };
    let (kcol, key) = words[0];
    let number = |words: &[(usize, &str)]| -> Result<usize, MapError> {
        match words {
            [_, (c, v)] => {
                v.parse::<usize>().map_err(|_| bad(*c, format!("expected a number after {key}, found {v:?}")))
            }
            [_] => Err(bad(kcol + key.chars().count(), format!("expected a number after {key}"))),
            [_, _, (c, v), ..] => Err(bad(*c, format!("unexpected {v:?} after {key} N"))),
            [] => unreachable!(),
        }
    };
    match key {
        "Water" => mine.water = number(&words)?,
        "Flooding" => mine.flooding = number(&words)?,
        "Waterproof" => mine.waterproof = number(&words)?,
        "Growth" => mine.growth = number(&words)?,
        "Razors" => mine.razors = number(&words)?,
        "Trampoline" => {
            let shape = || bad(kcol, "expected `Trampoline X targets N` (X in A-I, N in 1-9)".to_string());
            let [_, (lcol, letter), (tcol, targets_word), (dcol, digit)] = words[..] else {
                return Err(shape());
            };
            if targets_word != "targets" {
                return Err(bad(tcol, format!("expected `targets`, found {targets_word:?}")));
            }
            let one = |w: &str, lo: char, hi: char| {
                let mut cs = w.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if (lo..=hi).contains(&c) => Some(c),
                    _ => None,
                }
            };
            let l = one(letter, 'A', 'I')
                .ok_or_else(|| bad(lcol, format!("expected a trampoline letter A-I, found {letter:?}")))?;
            let d = one(digit, '1', '9')
                .ok_or_else(|| bad(dcol, format!("expected a target digit 1-9, found {digit:?}")))?;
            let (li, di) = ((l as u8 - b'A') as usize, (d as u8 - b'1') as usize);
            if tramps[li].is_none() {
                return Err(MapError::UnknownTrampoline { letter: l, line: n, column: lcol });
            }
            if targets[di].is_none() {
                return Err(MapError::UnknownTarget { digit: d, line: n, column: dcol });
            }
            if mine.tramp_target[li] != u8::MAX {
                return Err(bad(lcol, format!("trampoline {l} is given a target twice")));
            }
            mine.tramp_target[li] = di as u8;
        }
        other => return Err(bad(kcol, format!("unknown key {other:?}"))),
    }
    Ok(())
}
