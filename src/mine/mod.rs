//! The mine engine: ICFP Programming Contest 2012 "Lambda Lifting", with flooding, trampolines,
//! beards and razors, and higher-order rocks. Rules only: no drawing, no files, no printing.
//!
//! Rules follow `shared/specs/mine.md` (checked against the organisers' web validator) and the
//! organisers' texts (task.pdf, weather.pdf, trampoline.pdf, beards.pdf, the higher-order rocks
//! update). Coordinates are (x, y) with (1, 1) at the bottom left; distances are in cells, time
//! in moves.
//!
//! ```
//! use tumble::mine::{Mine, Ending};
//! let mut mine = Mine::parse("######\n#. *R#\n#  \\.#\n#\\ * #\nL  .\\#\n######").unwrap();
//! let outcome = mine.run("LDRDDUULLLDDL");
//! assert_eq!((outcome.score, outcome.ending), (212, Ending::Win));
//! ```

pub mod draw;
mod ending;
mod error;
pub mod hint;
mod map;
mod parse;
pub mod play;
mod record;
mod score;
pub mod solve;
mod step;
mod text;
mod update;

pub use ending::{Ending, Loss};
pub use error::{MapError, MapWarning, Place};
pub use map::{Mine, Pos, Tile};
pub use parse::MAX_METADATA_NUMBER;
pub use record::{record, record_compact, Frame, MineEvent, Recording};
pub use score::{score, Outcome};
pub use solve::{solve, Progress, Solution, SolveOptions};
pub use step::{Collected, Command, Jump, StepReport};
pub use text::{ending_words, json_string, render_map, summary, to_json};
pub use update::{RockMove, UpdateReport};
