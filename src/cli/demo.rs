//! `tumble demo`: the demos compiled into tumble (from the checkout's `demos/` folder), listed,
//! exported and played in a row; `--dir DIR` reads them from a folder instead.
//!
//! A demo is one file whose extension names the puzzle; `;` lines at the top are comments, the
//! first one its title:
//! - `.box`: the state line, then the moves line;
//! - `.mine`: a `; route: ROUTE` comment, then the map (with its metadata);
//! - `.ohno`: the board (the demo animates its explained solution).

use super::box_cmd::box_text;
use super::output::{print_line, write_animations, write_stills, PictureArgs};
use super::CliError;
use crate::anim::Animated;
use crate::mine::draw::MineAnimation;
use crate::ohno::draw::OhnoAnimation;
use crate::ohno::{explain, Board};
use crate::r#box::draw::BoxAnimation;
use crate::r#box::record;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `tumble demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {
    /// The demo to export (its name, with or without the extension): as NAME.gif in the current
    /// folder unless --gif or --png names a file. Without it, the demos are listed.
    pub name: Option<String>,
    /// Read the demos from this folder (files ending in .box, .mine or .ohno) instead of the
    /// ones built into tumble.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Write the input files of the demo NAME (or of the built-in talk `tour`) into this folder,
    /// made if missing, as a start for your own, instead of exporting it. Existing files are
    /// not overwritten.
    #[arg(long, value_name = "DIR", conflicts_with = "dir")]
    pub source: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// The demos built into the binary: (file name, text). `tests/demos.rs` checks that this list
/// and the files of `demos/` are the same.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("crowd.box", include_str!("../../demos/crowd.box")),
    ("dropout.box", include_str!("../../demos/dropout.box")),
    ("figure1.box", include_str!("../../demos/figure1.box")),
    ("mine-contest1.mine", include_str!("../../demos/mine-contest1.mine")),
    ("mine-flood.mine", include_str!("../../demos/mine-flood.mine")),
    ("mine-horock.mine", include_str!("../../demos/mine-horock.mine")),
    ("mine-trampoline.mine", include_str!("../../demos/mine-trampoline.mine")),
    ("ohno-9x9.ohno", include_str!("../../demos/ohno-9x9.ohno")),
    ("ohno-demo.ohno", include_str!("../../demos/ohno-demo.ohno")),
    ("smole-lost.box", include_str!("../../demos/smole-lost.box")),
];

/// The extensions of demo files, one per puzzle.
const KINDS: [&str; 3] = ["box", "mine", "ohno"];

/// One demo: its name, what it shows, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demo {
    /// File name without the extension.
    pub name: String,
    /// The extension: `box`, `mine` or `ohno`.
    pub kind: String,
    /// The first comment line (without `;`).
    pub title: String,
    /// A `; route:` comment (mine demos).
    pub route: String,
    /// The text with its comment lines left empty, so that a parser's line numbers are the
    /// file's.
    pub body: String,
    /// Where it came from, for messages: `demo NAME` or the file's path.
    pub source: String,
}

/// Reads one demo from its file name (`figure1.box`) and text; `source` names it in errors.
pub fn from_text(file_name: &str, text: &str, source: String) -> Demo {
    let path = Path::new(file_name);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (mut title, mut route) = (String::new(), String::new());
    let mut body = Vec::new();
    let mut header = true;
    for line in text.lines() {
        let comment = line.strip_prefix(';').filter(|_| header);
        match comment {
            Some(c) => {
                match c.trim().strip_prefix("route:") {
                    Some(r) => route = r.trim().to_string(),
                    None if title.is_empty() => title = c.trim().to_string(),
                    None => {}
                }
                body.push("");
            }
            None => {
                header = false;
                body.push(line);
            }
        }
    }
    Demo {
        name: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        kind: path.extension().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        title,
        route,
        body: body.join("\n"),
        source,
    }
}

/// Reads one demo file.
///
/// # Errors
/// The file cannot be read (its path in the message).
pub fn load(path: &Path) -> Result<Demo, CliError> {
    let text = super::output::read_text_file(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(from_text(&name, &text, path.display().to_string()))
}

/// The demos, sorted by name: the built-in ones, or every demo file in `dir` (files ending in
/// `.box`, `.mine` or `.ohno`).
///
/// # Errors
/// The folder or one of its demo files cannot be read, or the folder holds no demo file.
pub fn list(dir: Option<&Path>) -> Result<Vec<Demo>, CliError> {
    let Some(dir) = dir else {
        return Ok(BUILT_IN.iter().map(|(file, text)| from_text(file, text, format!("demo {file}"))).collect());
    };
    let entries = std::fs::read_dir(dir).map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| KINDS.iter().any(|k| x == *k)))
        .collect();
    if paths.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no demo files there (files ending in {})",
            dir.display(),
            KINDS.iter().map(|k| format!(".{k}")).collect::<Vec<_>>().join(", ")
        )));
    }
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

/// The demo called `name` (with or without its extension) among `demos`.
///
/// # Errors
/// No such demo: the message lists the names there are.
pub fn find<'a>(demos: &'a [Demo], name: &str) -> Result<&'a Demo, CliError> {
    let stem = KINDS.iter().fold(name, |n, ext| n.strip_suffix(&format!(".{ext}")).unwrap_or(n));
    demos.iter().find(|d| d.name == stem).ok_or_else(|| {
        let names: Vec<&str> = demos.iter().map(|d| d.name.as_str()).collect();
        CliError::Input(format!("no demo named {stem:?}; the demos are: {}", names.join(", ")))
    })
}

/// A demo's animation.
///
/// # Errors
/// A demo that does not parse (its source, line and column in the message).
pub fn animation(d: &Demo) -> Result<Box<dyn Animated + Send + Sync>, CliError> {
    let named = |e: String| CliError::Input(format!("{}: {e}", d.source));
    Ok(match d.kind.as_str() {
        "box" => {
            let (s, m) = box_text(&d.source, &d.body)?;
            let (trace, failure) = record(&s, &m);
            Box::new(BoxAnimation::new(trace, m, failure))
        }
        "mine" => {
            let mine = super::mine_map::parse_map(&d.source, d.body.as_bytes())?;
            let (route, _) = super::mine_cmd::judged_route(&mine, &d.route, false);
            Box::new(MineAnimation::new(&mine, route))
        }
        _ => {
            let board = Board::parse(&d.body).map_err(|e| named(e.to_string()))?;
            let (trace, _) = explain(&board).map_err(|_| named("the board has no solution".into()))?;
            Box::new(OhnoAnimation { trace })
        }
    })
}

/// Runs `tumble demo`.
pub fn run(args: DemoArgs) -> Result<i32, CliError> {
    args.picture.check()?;
    let demos = list(args.dir.as_deref())?;
    let Some(name) = args.name else {
        for d in &demos {
            print_line(&format!("{:<16} {:<5} {}", d.name, d.kind, d.title))?;
        }
        return Ok(0);
    };
    if let Some(folder) = &args.source {
        if args.picture.any() {
            return Err(CliError::Input("--source writes input files, not pictures: give it alone".into()));
        }
        return write_source(&demos, &name, folder);
    }
    if crate::talk::builtin::find(&name).is_some() && find(&demos, &name).is_err() {
        return Err(CliError::Input(format!(
            "{name} is a built-in talk, not a demo: play it with tumble talk {name} (or write it with tumble demo {name} --source DIR)"
        )));
    }
    let demo = find(&demos, &name)?;
    args.picture.refuse_inputs()?;
    let anim = animation(demo)?;
    if args.picture.stills() {
        write_stills(&anim.draw(anim.steps() - 1, 1.0), &args.picture)?;
        if !args.picture.animates() {
            return Ok(0);
        }
    }
    let picture = args.picture.or_gif(PathBuf::from(format!("{}.gif", demo.name)));
    if !args.picture.animates() {
        // The GIF named after the demo was added: check it too (the rest was checked above).
        picture.check()?;
    }
    write_animations(anim.as_ref(), &picture)?;
    Ok(0)
}

/// Writes the built-in files of the demo or talk `name` into `folder` (made if missing); each
/// file is written whole or not at all, and an existing file is refused before any is written.
///
/// # Errors
/// No such demo or talk (the message lists both), a file that exists, I/O errors.
fn write_source(demos: &[Demo], name: &str, folder: &Path) -> Result<i32, CliError> {
    let files: Vec<(String, &str)> = if let Some(talk) = crate::talk::builtin::find(name) {
        talk.files.iter().map(|(n, t)| (n.to_string(), *t)).collect()
    } else {
        let demo = find(demos, name).map_err(|e| match e {
            CliError::Input(m) => {
                CliError::Input(format!("{m}; the built-in talks are: {}", crate::talk::builtin::names()))
            }
            e => e,
        })?;
        let file = format!("{}.{}", demo.name, demo.kind);
        let text = BUILT_IN.iter().find(|(n, _)| *n == file).map(|(_, t)| *t);
        vec![(file, text.expect("every listed demo is built in"))]
    };
    let paths: Vec<PathBuf> = files.iter().map(|(n, _)| folder.join(n)).collect();
    if let Some(p) = paths.iter().find(|p| p.exists()) {
        return Err(CliError::Input(format!(
            "{}: the file exists; not overwritten (name another folder)",
            p.display()
        )));
    }
    std::fs::create_dir_all(folder).map_err(|e| CliError::Input(format!("{}: {e}", folder.display())))?;
    for (path, (_, text)) in paths.iter().zip(&files) {
        crate::export::atomic::write_atomically(path, |f| std::io::Write::write_all(f, text.as_bytes()))?;
        super::output::wrote(path);
    }
    Ok(0)
}
