//! `tumble demo`: the bundled demos in `demos/`, listed, exported and played in a row.
//!
//! A demo is one file whose extension names the puzzle; `;` lines at the top are comments, the
//! first one its title:
//! - `.box`: the state line, then the moves line;
//! - `.mine`: a `; route: ROUTE` comment, then the map (with its metadata);
//! - `.ohno`: the board (the demo animates its explained solution).

use super::box_cmd::state_and_moves;
use super::output::{print_line, write_animation, write_still, PictureArgs};
use super::CliError;
use crate::anim::Animated;
use crate::mine::draw::MineAnimation;
use crate::mine::Mine;
use crate::ohno::draw::OhnoAnimation;
use crate::ohno::{explain, Board};
use crate::r#box::draw::BoxAnimation;
use crate::r#box::record;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `tumble demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {
    /// The demo to export (a file name in the demos folder, with or without its extension): as NAME.gif in the
    /// current folder unless --gif or --png names a file. Without it, the demos are listed.
    pub name: Option<String>,
    /// The demos folder.
    #[arg(long, default_value_os_t = default_dir(), value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// `./demos` when it exists, else the `demos/` folder of the checkout tumble was built from.
pub fn default_dir() -> PathBuf {
    let here = PathBuf::from("demos");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("demos")
}

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
    /// The lines after the comments.
    pub body: String,
    path: PathBuf,
}

/// Reads one demo file.
///
/// # Errors
/// I/O errors.
pub fn load(path: &Path) -> Result<Demo, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let (mut title, mut route) = (String::new(), String::new());
    let mut lines = text.lines().peekable();
    while let Some(c) = lines.peek().and_then(|l| l.strip_prefix(';')) {
        match c.trim().strip_prefix("route:") {
            Some(r) => route = r.trim().to_string(),
            None if title.is_empty() => title = c.trim().to_string(),
            None => {}
        }
        lines.next();
    }
    let body: Vec<&str> = lines.collect();
    Ok(Demo {
        name: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        kind: path.extension().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        title,
        route,
        body: body.join("\n"),
        path: path.to_path_buf(),
    })
}

/// Every demo in `dir` (files ending in `.box`, `.mine` or `.ohno`), sorted by name.
///
/// # Errors
/// The folder cannot be read.
pub fn list(dir: &Path) -> Result<Vec<Demo>, CliError> {
    let entries = std::fs::read_dir(dir).map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "box" || x == "mine" || x == "ohno"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

/// A demo's animation.
///
/// # Errors
/// A demo file that does not parse (its path in the message).
pub fn animation(d: &Demo) -> Result<Box<dyn Animated + Send + Sync>, CliError> {
    let named = |e: String| CliError::Input(format!("{}: {e}", d.path.display()));
    Ok(match d.kind.as_str() {
        "box" => {
            let mut lines = d.body.lines();
            let (state, moves) = (lines.next().map(str::to_string), lines.next().map(str::to_string));
            let (s, m) = state_and_moves(state, moves).map_err(|e| named(e.to_string()))?;
            let (trace, failure) = record(&s, &m);
            Box::new(BoxAnimation::new(trace, m, failure))
        }
        "mine" => {
            let mine = Mine::parse(&d.body).map_err(|e| named(e.to_string()))?;
            Box::new(MineAnimation::new(&mine, &d.route))
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
    let demos = list(&args.dir)?;
    let Some(name) = args.name else {
        for d in &demos {
            print_line(&format!("{:<16} {:<5} {}", d.name, d.kind, d.title))?;
        }
        return Ok(0);
    };
    let stem = [".box", ".mine", ".ohno"].iter().fold(name.as_str(), |n, ext| n.strip_suffix(ext).unwrap_or(n));
    let demo = demos.iter().find(|d| d.name == stem).ok_or_else(|| {
        let names: Vec<&str> = demos.iter().map(|d| d.name.as_str()).collect();
        CliError::Input(format!("no demo named {stem:?}; the demos are: {}", names.join(", ")))
    })?;
    let anim = animation(demo)?;
    if let Some(png) = &args.picture.png {
        write_still(&args.picture.theme.scene(anim.draw(anim.steps() - 1, 1.0)), &args.picture, png)?;
        eprintln!("tumble: wrote {}", png.display());
        if args.picture.gif.is_none() {
            return Ok(0);
        }
    }
    let path = args.picture.gif.clone().unwrap_or_else(|| PathBuf::from(format!("{stem}.gif")));
    write_animation(&args.picture.theme.animation(anim.as_ref()), &args.picture, &path)?;
    eprintln!("tumble: wrote {}", path.display());
    Ok(0)
}
