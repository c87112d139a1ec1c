//! The mine as text: the final map in our rendering, a one-line summary and a JSON object.
//! Pure string building, no printing.

use super::ending::{Ending, Loss};
use super::map::Mine;
use super::score::Outcome;
use crate::words::count;

/// The map as text, top row first, rows joined by `\n` (no trailing newline), every row
/// `width` characters (trailing spaces kept). Cells use the input alphabet (task.pdf §2.1):
/// trampolines as their letters `A`..`I`, targets as their digits `1`..`9` (the organisers'
/// validator draws them as `T`/`t` instead), the robot as `R` wherever it is (after a win: on the
/// lift cell, which the validator draws as `O`).
pub fn render_map(mine: &Mine) -> String {
    let mut out = String::with_capacity((mine.width() + 1) * mine.height());
    for y in (1..=mine.height()).rev() {
        for x in 1..=mine.width() {
            out.push(mine.cell(x, y).to_char());
        }
        if y > 1 {
            out.push('\n');
        }
    }
    out
}

/// The ending as words: `win`, `abort`, `lose (crushed)`, `lose (drowned)`.
pub fn ending_words(ending: Ending) -> &'static str {
    match ending {
        Ending::Win => "win",
        Ending::Abort => "abort",
        Ending::Lost(Loss::Crushed) => "lose (crushed)",
        Ending::Lost(Loss::Drowned) => "lose (drowned)",
    }
}

/// One line: `score S, win|abort|lose (crushed|drowned), M moves, L lambdas, water level W, razors R`
/// (`1 move`, `1 lambda` in the singular).
pub fn summary(outcome: &Outcome) -> String {
    format!(
        "score {}, {}, {}, {}, water level {}, razors {}",
        outcome.score,
        ending_words(outcome.ending),
        count(outcome.moves, "move", "moves"),
        count(outcome.lambdas, "lambda", "lambdas"),
        outcome.water_level,
        outcome.razors
    )
}

/// A JSON object `{"score":N,"ending":"win"|"abort"|"lose","moves":N,"lambdas":N,"map":"...",
/// "route":"...","cut":N}` with the map from [`render_map`] as an escaped JSON string (RFC 8259:
/// `"`, `\`, control characters); `route` is the commands that were executed (the route as given,
/// up to the judges' limit, [`Mine::route_limit`], and up to the end of the game) and `cut` the
/// number of commands past that limit.
pub fn to_json(mine: &Mine, outcome: &Outcome, route: &str, cut: usize) -> String {
    format!(
        "{{\"score\":{},\"ending\":\"{}\",\"moves\":{},\"lambdas\":{},\"map\":{},\"route\":{},\"cut\":{cut}}}",
        outcome.score,
        outcome.ending.word(),
        outcome.moves,
        outcome.lambdas,
        json_string(&render_map(mine)),
        json_string(route)
    )
}

/// `s` as a JSON string literal, quotes included.
pub fn json_string(s: &str) -> String {
    serde_json::Value::String(s.to_owned()).to_string()
}
