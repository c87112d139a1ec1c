//! Reading a talk's TOML (toml's spanned document tree, so that every error has its place) and
//! checking each item's content with the engines' own parsers.
//!
//! [`load`] and [`parse`] live here and the talk module re-exports them; this file imports the
//! talk's types ([`Talk`], [`Item`], [`Content`]) from it, never the other way round.

use super::builtin::{self, BuiltIn};
use super::{Content, Item, Location, Talk, TalkError};
use crate::mine::{Command, Mine};
use crate::ohno::{explain, Board};
use crate::r#box::{parse_moves, BoxState};
use std::cell::RefCell;
use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The keys an `[[item]]` may have.
const ITEM_KEYS: [&str; 9] = ["title", "notes", "box", "moves", "mine", "route", "ohno", "steps", "demo"];
/// The keys that say what an item shows: exactly one per item.
const KINDS: [&str; 4] = ["box", "mine", "ohno", "demo"];

struct Ctx<'a> {
    text: &'a str,
    file: &'a str,
    dir: &'a Path,
    /// A built-in talk's files: map and board names are looked up here, not on disk.
    built_in: Option<&'static BuiltIn>,
    /// Warnings found so far (characters a title or notes have and the bundled font cannot draw).
    warnings: RefCell<Vec<String>>,
}

type Entry<'a, 'i> = (&'a Spanned<std::borrow::Cow<'i, str>>, &'a Spanned<DeValue<'i>>);

impl Ctx<'_> {
    fn err(&self, offset: usize, message: impl Into<String>) -> TalkError {
        TalkError { file: self.file.to_string(), at: Location::of(self.text, offset), message: message.into() }
    }

    /// The string value of `key`, or an error at the value saying what it should hold.
    fn string(&self, key: &str, v: &Spanned<DeValue<'_>>, what: &str) -> Result<String, TalkError> {
        match v.get_ref() {
            DeValue::String(s) if key == "title" && s.trim().is_empty() => {
                Err(self.err(v.span().start, format!("`title` is empty; it is {what}")))
            }
            DeValue::String(s) => {
                match key {
                    "title" => self.check_drawable(s, v.span().start, "the title has", "they show as boxes"),
                    "notes" => self.check_drawable(
                        s,
                        v.span().start,
                        "the notes have",
                        "they show as boxes in the window's presenter view (the page's shows them)",
                    ),
                    _ => {}
                }
                Ok(s.to_string())
            }
            _ => Err(self.err(v.span().start, format!("`{key}` must be a string: {what}"))),
        }
    }

    /// Adds a warning naming the characters of `text` (the value at `offset`; `what` names it with its verb)
    /// that the bundled font (which every picture of a talk and the window's presenter view are
    /// drawn with) has no glyph for; `effect` says where they show as boxes.
    fn check_drawable(&self, text: &str, offset: usize, what: &str, effect: &str) {
        let missing = crate::render::text::undrawable(text);
        if missing.is_empty() {
            return;
        }
        let chars: Vec<String> = missing.iter().map(char::to_string).collect();
        let line = Location::of(self.text, offset).line;
        self.warnings.borrow_mut().push(format!(
            "{} line {line}: {what} characters the bundled font cannot draw: {}; {effect}",
            self.file,
            chars.join(" ")
        ));
    }

    /// Reads `name` (relative to the talk's folder) as text.
    fn read(&self, kind: &str, name: &str, at: usize) -> Result<(String, String), TalkError> {
        if let Some(b) = self.built_in {
            let text =
                b.file(name).ok_or_else(|| self.err(at, format!("{kind} {name}: not a file of the built-in talk")))?;
            return Ok((format!("{name} (built in)"), text.to_string()));
        }
        let path = self.dir.join(name);
        let shown = path.display().to_string();
        let bytes = crate::input::read_file(&path).map_err(|e| self.err(at, format!("{kind} {shown}: {}", e.why)))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let l = Location::of(&String::from_utf8_lossy(e.as_bytes()), e.utf8_error().valid_up_to());
            self.err(at, format!("{kind} {shown}: not UTF-8 text (line {}, column {})", l.line, l.column))
        })?;
        Ok((shown, text))
    }
}

/// A table's entries in the order they appear in the file.
fn in_order<'a, 'i>(table: &'a DeTable<'i>) -> Vec<Entry<'a, 'i>> {
    let mut entries: Vec<Entry<'a, 'i>> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    entries
}

/// Reads and checks the talk at `path`; map and board paths are relative to its folder.
///
/// # Errors
/// An unreadable file (at line 1), or anything [`parse`] refuses.
pub fn load(path: &Path) -> Result<Talk, TalkError> {
    let file = path.display().to_string();
    let start = Location { line: 1, column: 1 };
    if let Some(b) = path.to_str().and_then(builtin::find).filter(|_| !path.exists()) {
        return load_built_in(b);
    }
    let bytes = crate::input::read_file(path).map_err(|e| TalkError {
        file: file.clone(),
        at: start,
        message: match e.why {
            crate::input::Why::Io(ref io) if io.kind() == std::io::ErrorKind::NotFound => {
                format!("cannot read the talk: {}; the built-in talks are: {}", e.why, builtin::names())
            }
            _ => format!("cannot read the talk: {}", e.why),
        },
    })?;
    let text = String::from_utf8(bytes).map_err(|e| TalkError {
        file: file.clone(),
        at: Location::of(&String::from_utf8_lossy(e.as_bytes()), e.utf8_error().valid_up_to()),
        message: "not UTF-8 text".into(),
    })?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    parse(&text, &file, dir)
}

/// Parses and checks a talk's `text`; `file` names it in errors, `dir` is where its map and
/// board paths start.
///
/// # Errors
/// A [`TalkError`] at the place of the first problem (see the module docs for the list).
pub fn parse(text: &str, file: &str, dir: &Path) -> Result<Talk, TalkError> {
    talk(text, file, dir)
}

/// The built-in talk `b`, its map and board files read from the binary.
///
/// # Errors
/// None for the talks tumble ships (tests/demos.rs plays each); the same as [`parse`] otherwise.
pub fn load_built_in(b: &'static BuiltIn) -> Result<Talk, TalkError> {
    let (name, text) = b.files[0];
    let file = format!("{name} (built in)");
    let cx = Ctx { text, file: &file, dir: Path::new("."), built_in: Some(b), warnings: RefCell::default() };
    talk_in(&cx)
}

pub(super) fn talk(text: &str, file: &str, dir: &Path) -> Result<Talk, TalkError> {
    talk_in(&Ctx { text, file, dir, built_in: None, warnings: RefCell::default() })
}

fn talk_in(cx: &Ctx<'_>) -> Result<Talk, TalkError> {
    let (text, file) = (cx.text, cx.file);
    let root = DeTable::parse(text).map_err(|e| cx.err(e.span().map_or(0, |s| s.start), e.message().trim()))?;
    let mut title = None;
    let mut items = Vec::new();
    for (k, v) in in_order(root.get_ref()) {
        match k.get_ref().as_ref() {
            "title" => title = Some(cx.string("title", v, "the talk's title, shown on its opening card")?),
            "item" => {
                let DeValue::Array(tables) = v.get_ref() else {
                    return Err(cx.err(v.span().start, "`item` must be [[item]] tables"));
                };
                for t in tables.iter() {
                    let DeValue::Table(table) = t.get_ref() else {
                        return Err(cx.err(t.span().start, "`item` must be [[item]] tables"));
                    };
                    items.push(item(cx, table, t.span())?);
                }
            }
            other => {
                return Err(
                    cx.err(k.span().start, format!("unknown key `{other}`: a talk has a `title` and [[item]] tables"))
                )
            }
        }
    }
    let title = title.ok_or_else(|| cx.err(0, "missing `title`: the talk's title, shown on its opening card"))?;
    if items.is_empty() {
        return Err(cx.err(text.len(), "no [[item]]: a talk shows at least one item"));
    }
    Ok(Talk { file: file.to_string(), title, items, warnings: cx.warnings.take() })
}

fn item(cx: &Ctx<'_>, table: &DeTable<'_>, span: Range<usize>) -> Result<Item, TalkError> {
    let entries = in_order(table);
    for (k, _) in &entries {
        if !ITEM_KEYS.contains(&k.get_ref().as_ref()) {
            return Err(cx.err(
                k.span().start,
                format!("unknown key `{}` in [[item]] (expected one of {})", k.get_ref(), ITEM_KEYS.join(", ")),
            ));
        }
    }
    let get = |name: &str| entries.iter().find(|(k, _)| k.get_ref().as_ref() == name).copied();
    let kinds: Vec<Entry<'_, '_>> =
        entries.iter().filter(|(k, _)| KINDS.contains(&k.get_ref().as_ref())).copied().collect();
    let (kind_key, value) = match kinds.as_slice() {
        [] => {
            let at = entries.first().map_or(span.start, |(k, _)| k.span().start);
            return Err(cx.err(at, "this [[item]] shows nothing: give one of `box`, `mine`, `ohno` or `demo`"));
        }
        [one] => *one,
        [first, second, ..] => {
            return Err(cx.err(
                second.0.span().start,
                format!(
                    "`{}` and `{}` in one [[item]]: give only one of `box`, `mine`, `ohno` or `demo`",
                    first.0.get_ref(),
                    second.0.get_ref()
                ),
            ))
        }
    };
    let kind = kind_key.get_ref().as_ref();
    for (key, owner) in [("moves", "box"), ("route", "mine"), ("steps", "ohno")] {
        if let (Some((k, _)), false) = (get(key), kind == owner) {
            return Err(cx.err(k.span().start, format!("`{key}` goes with `{owner}`, and this item is a {kind}")));
        }
    }
    let title = get("title").map(|(_, v)| cx.string("title", v, "the item's title card")).transpose()?;
    let notes = get("notes").map(|(_, v)| cx.string("notes", v, "the speaker's notes for this item")).transpose()?;
    let at = value.span().start;
    let content = match kind {
        "box" => {
            let state = cx.string("box", value, "the box state, 29 characters")?;
            let state = BoxState::parse(&state).map_err(|e| cx.err(at, format!("box {e}")))?;
            let (_, moves_value) = get("moves").ok_or_else(|| {
                cx.err(kind_key.span().start, "missing `moves` for this box: its manipulations, e.g. moves = \"+>|<\"")
            })?;
            let moves = cx.string("moves", moves_value, "the manipulations")?;
            let moves = parse_moves(&moves).map_err(|e| cx.err(moves_value.span().start, format!("box {e}")))?;
            Content::Box { state, moves }
        }
        "mine" => {
            let name = cx.string("mine", value, "a map file, relative to the talk")?;
            let (_, route_value) = get("route").ok_or_else(|| {
                cx.err(kind_key.span().start, "missing `route` for this mine: its commands, e.g. route = \"LDRA\"")
            })?;
            let route = cx.string("route", route_value, "the robot's commands (L R U D W S A)")?;
            let (shown, text) = cx.read("mine", &name, at)?;
            let mine = Mine::parse(&text).map_err(|e| cx.err(at, format!("mine {shown}: {e}")))?;
            if let Some((i, c)) =
                route.chars().enumerate().find(|(_, c)| Command::from_char(*c).is_none() && !c.is_whitespace())
            {
                return Err(cx.err(
                    route_value.span().start,
                    format!("route: character {} is {c:?}, not a command (L R U D W S A)", i + 1),
                ));
            }
            Content::Mine { mine: Box::new(mine), route: route.chars().filter(|c| !c.is_whitespace()).collect() }
        }
        "ohno" => {
            let name = cx.string("ohno", value, "a 0h n0 board file, relative to the talk")?;
            let steps = match get("steps") {
                None => false,
                Some((_, v)) => match v.get_ref() {
                    DeValue::Boolean(b) => *b,
                    _ => return Err(cx.err(v.span().start, "`steps` must be true or false")),
                },
            };
            let (shown, text) = cx.read("ohno", &name, at)?;
            let board = Board::parse(&text).map_err(|e| cx.err(at, format!("ohno {shown}: {e}")))?;
            let (explanation, solution) = explain(&board).map_err(|e| cx.err(at, format!("ohno {shown}: {e}")))?;
            Content::Ohno { explanation, solution, steps }
        }
        _ => Content::Demo { name: cx.string("demo", value, "the name of a built-in demo (see `tumble demo`)")? },
    };
    Ok(Item { title, notes, content, at: Location::of(cx.text, at) })
}
