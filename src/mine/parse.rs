//! Reading a mine from text: the map rows, then metadata lines (task.pdf §2.5, weather.pdf,
//! trampoline.pdf, beards.pdf). Positions in errors and warnings are the text's own 1-based
//! lines and columns, so that a person can go to them in an editor.

use super::error::{MapError, MapWarning, Place};
use super::map::*;

/// The largest number a metadata line may give (`Water`, `Flooding`, `Waterproof`, `Growth`,
/// `Razors`): 2³² − 1. Larger values are refused rather than wrapped or saturated, and every
/// count the engine derives from them (a razor picked up, a level risen) stays far from overflow.
pub const MAX_METADATA_NUMBER: usize = u32::MAX as usize;

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
        Mine::parse_bytes_with_warnings(bytes).map(|(mine, _)| mine)
    }

    /// Like [`Mine::parse_bytes`], also returning the warnings of [`Mine::parse_with_warnings`].
    ///
    /// # Errors
    /// As [`Mine::parse_bytes`].
    pub fn parse_bytes_with_warnings(bytes: &[u8]) -> Result<(Mine, Vec<MapWarning>), MapError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Mine::parse_inner(text, true),
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

    /// Reads a map: rows top first (LF or CRLF line ends, a leading UTF-8 byte-order mark
    /// skipped; shorter rows padded with spaces to the longest), then optionally an empty line and metadata lines in any order, each possibly with
    /// trailing spaces: `Water N` (initial water level, default 0), `Flooding N` (moves per rise,
    /// 0 = never, default 0), `Waterproof N` (default 10), `Growth N` (beard growth period in
    /// moves, default 25), `Razors N` (default 0), `Trampoline X targets N`. Numbers are at most
    /// [`MAX_METADATA_NUMBER`]. Lines that start with another word (maps people share carry
    /// lines such as `Easiness 23`) are ignored: [`Mine::parse_with_warnings`] reports them.
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
        Mine::parse_inner(text, true).map(|(mine, _)| mine)
    }

    /// Like [`Mine::parse`], also returning a warning for each metadata line that was ignored
    /// because tumble does not know its first word.
    ///
    /// # Errors
    /// As [`Mine::parse`].
    pub fn parse_with_warnings(text: &str) -> Result<(Mine, Vec<MapWarning>), MapError> {
        Mine::parse_inner(text, true)
    }

    /// Like [`Mine::parse`], but a map without a lift is accepted (rule fragments such as the
    /// organisers' FAQ rock examples, which have no lift; such a mine can never be won).
    /// Two lifts are still an error.
    ///
    /// # Errors
    /// As [`Mine::parse`], except [`MapError::NoLift`].
    pub fn parse_lenient(text: &str) -> Result<Mine, MapError> {
        Mine::parse_inner(text, false).map(|(mine, _)| mine)
    }

    fn parse_inner(text: &str, need_lift: bool) -> Result<(Mine, Vec<MapWarning>), MapError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
        let mut warnings = Vec::new();
        for (n, line) in lines.iter().enumerate().skip(end) {
            warnings.extend(parse_meta_line(&mut mine, line, n + 1, &tramps, &targets)?);
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
        Ok((mine, warnings))
    }
}

/// Reads metadata line `n` (1-based) into `mine`: `Ok(Some(warning))` when its first word is no
/// key tumble knows (the line is then ignored), an error when a known key has a bad value.
fn parse_meta_line(
    mine: &mut Mine,
    line: &str,
    n: usize,
    tramps: &[Option<Place>; 9],
    targets: &[Option<Place>; 9],
) -> Result<Option<MapWarning>, MapError> {
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
        return Ok(None);
    }
    let bad = |column: usize, reason: String| MapError::MalformedMetadata { line: n, column, reason };
    let (kcol, key) = words[0];
    let number = |words: &[(usize, &str)]| -> Result<usize, MapError> {
        match words {
            [_, (c, v)] if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => match v.parse::<usize>() {
                Ok(k) if k <= MAX_METADATA_NUMBER => Ok(k),
                _ => Err(bad(*c, format!("{key} {v} is too large (at most {MAX_METADATA_NUMBER})"))),
            },
            [_, (c, v)] => Err(bad(*c, format!("expected a number after {key}, found {v:?}"))),
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
        _ => return Ok(Some(MapWarning { line: n, column: kcol, text: line.trim().to_string() })),
    }
    Ok(None)
}
