//! `tumble demo`: the bundled demos in `demos/` (one `.box` file each: a comment line, the state,
//! the moves), listed and exported.

use super::box_cmd::state_and_moves;
use super::output::{print_line, write_animation, PictureArgs};
use super::CliError;
use crate::r#box::draw::BoxAnimation;
use crate::r#box::record;
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `tumble demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {
    /// The demo to export (a file name in the demos folder, with or without `.box`). Without it, the demos are listed.
    pub name: Option<String>,
    /// The demos folder.
    #[arg(long, default_value_os_t = default_dir(), value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// `demos/` beside the executable's project when run from a checkout, else `./demos`.
pub fn default_dir() -> PathBuf {
    let here = PathBuf::from("demos");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("demos")
}

/// One demo: its name, what it shows, and its state and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demo {
    /// File stem.
    pub name: String,
    /// The comment line (without `#`).
    pub title: String,
    /// The box state (29 characters).
    pub state: String,
    /// The manipulations.
    pub moves: String,
}

/// Reads one demo file: `# title` lines, then the state line and the moves line.
///
/// # Errors
/// I/O errors, or a file without a state line.
pub fn load(path: &Path) -> Result<Demo, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let mut title = String::new();
    let mut lines = Vec::new();
    for line in text.lines() {
        match line.strip_prefix('#') {
            Some(t) if lines.is_empty() => title.push_str(t.trim()),
            _ => lines.push(line.trim_end().to_string()),
        }
    }
    let state = lines.first().cloned().filter(|s| !s.is_empty());
    let state = state.ok_or_else(|| CliError::Input(format!("{}: no state line", path.display())))?;
    let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(Demo { name, title, state, moves: lines.get(1).cloned().unwrap_or_default() })
}

/// Every demo in `dir`, sorted by name.
///
/// # Errors
/// The folder cannot be read, or a demo file is malformed.
pub fn list(dir: &Path) -> Result<Vec<Demo>, CliError> {
    let entries = std::fs::read_dir(dir).map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "box"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

/// Runs `tumble demo`.
pub fn run(args: DemoArgs) -> Result<i32, CliError> {
    let demos = list(&args.dir)?;
    let Some(name) = args.name else {
        for d in &demos {
            print_line(&format!("{:<16} {}", d.name, d.title));
        }
        return Ok(0);
    };
    let stem = name.strip_suffix(".box").unwrap_or(&name);
    let demo = demos.iter().find(|d| d.name == stem).ok_or_else(|| {
        let names: Vec<&str> = demos.iter().map(|d| d.name.as_str()).collect();
        CliError::Input(format!("no demo named {stem:?}; the demos are: {}", names.join(", ")))
    })?;
    let (state, moves) = state_and_moves(Some(demo.state.clone()), Some(demo.moves.clone()))?;
    let (trace, failure) = record(&state, &moves);
    print_line(&match failure {
        Some(_) => "!".to_string(),
        None => trace.last().to_string(),
    });
    let anim = BoxAnimation::new(trace, moves, failure);
    let path = args.picture.gif.clone().unwrap_or_else(|| PathBuf::from(format!("{stem}.gif")));
    write_animation(&anim, &args.picture, &path)?;
    eprintln!("tumble: wrote {}", path.display());
    Ok(0)
}
