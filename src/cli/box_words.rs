//! The box's words as typed: where `tumble box` (and `tumble view box`) read the state, the
//! moves and the options, before clap sees them. The rule, as the help and the README say it:
//!
//! * Moves are taken as typed, even when they begin with `-` (`-<`, `-v`, `---`, `--`): a word
//!   made only of move characters (`+ - | < > ^ v`) is the state or the moves while one of them
//!   is still due.
//! * Any other word that begins with `-` is an option, wherever it stands: before or after the
//!   state and the moves, and after moves that begin with `-` (`tumble box STATE -- --ascii`).
//! * `--` before the state ends the options: every word after it is the state or the moves
//!   (`tumble box -- STATE -<`). After the state, `--` is the moves, unless another word that
//!   is not an option follows it: then it ends the options and that word is the moves
//!   (`tumble box STATE -- -<`).
//!
//! Clap alone reads `--` as the end of the options wherever it stands, so `STATE -- --ascii`
//! would be the moves `--ascii`. The words are rewritten as `box OPTIONS -- STATE MOVES`, which
//! clap reads without guessing; `box solve …` and every other command are left as typed.

use std::ffi::OsString;

/// The characters of a manipulation string (spec "Manipulations").
const MOVE_CHARACTERS: &str = "+-|<>^v";

/// `args` (the program name first) with the words of `tumble box` or `tumble view box`
/// reordered by the module's rule; any other command line unchanged. `root` is the whole
/// command line's clap command (passed in, so that this file does not import the `Cli`
/// that uses it): it says which options take a value.
pub(super) fn as_typed(args: Vec<OsString>, mut root: clap::Command) -> Vec<OsString> {
    let words: Vec<Option<&str>> = args.iter().map(|a| a.to_str()).collect();
    root.build();
    let (start, command) = match words.as_slice() {
        [_, Some("box"), ..] => (2, root.find_subcommand("box").expect("tumble box")),
        [_, Some("view"), ..] => {
            // `tumble view [OPTIONS] box …`: the view's own options may come first.
            // Without the `gui` feature there is no viewer: clap says so.
            let Some(view) = root.find_subcommand("view") else { return args };
            let mut i = 2;
            while let Some(Some(word)) = words.get(i) {
                if !word.starts_with('-') || *word == "--" {
                    break;
                }
                i += if takes_value(view, word) == Some(true) { 2 } else { 1 };
            }
            if words.get(i) != Some(&Some("box")) {
                return args;
            }
            let Some(view_box) = view.find_subcommand("box") else { return args };
            (i + 1, view_box)
        }
        _ => return args,
    };
    let rest: Option<Vec<&str>> = words[start..].iter().copied().collect();
    let Some(rest) = rest else { return args };
    match reorder(&rest, &|word| takes_value(command, word)) {
        Some(reordered) => args[..start].iter().cloned().chain(reordered.into_iter().map(OsString::from)).collect(),
        None => args,
    }
}

/// Whether `word` (an option as typed, `--gif` or `--gif=x.gif`) needs the next word as its
/// value; `None` when the command has no such option (clap then reports it).
fn takes_value(command: &clap::Command, word: &str) -> Option<bool> {
    if word.contains('=') {
        return Some(false);
    }
    let arg = if let Some(long) = word.strip_prefix("--") {
        command
            .get_arguments()
            .find(|a| a.get_long() == Some(long) || a.get_all_aliases().is_some_and(|x| x.contains(&long)))
    } else {
        let mut chars = word.chars().skip(1);
        let (Some(short), None) = (chars.next(), chars.next()) else { return None };
        command.get_arguments().find(|a| a.get_short() == Some(short))
    }?;
    Some(arg.get_action().takes_values())
}

fn is_moves(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| MOVE_CHARACTERS.contains(c))
}

/// The words after `box` as `OPTIONS -- STATE MOVES`, or `None` to leave them as typed (a
/// `--` before the state, no state, `box solve`, or more than two values: clap's own reading
/// and errors).
fn reorder(words: &[&str], takes_value: &dyn Fn(&str) -> Option<bool>) -> Option<Vec<String>> {
    let mut options: Vec<&str> = Vec::new();
    let mut values: Vec<&str> = Vec::new();
    // A `--` after the state ended the options: a further `--` is the moves.
    let mut separated = false;
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let due = values.len() < 2;
        if word == "--" {
            match values.len() {
                0 => return None,
                1 if !separated && value_follows(&words[i + 1..], takes_value) => separated = true,
                1 => values.push(word),
                _ => return None,
            }
        } else if due && is_moves(word) || !word.starts_with('-') {
            values.push(word);
        } else {
            options.push(word);
            if takes_value(word) == Some(true) {
                if let Some(value) = words.get(i + 1) {
                    options.push(value);
                    i += 1;
                }
            }
        }
        i += 1;
    }
    if values.is_empty() || values.first() == Some(&"solve") || values.len() > 2 {
        return None;
    }
    let mut out: Vec<String> = options.into_iter().map(String::from).collect();
    out.push("--".into());
    out.extend(values.into_iter().map(String::from));
    Some(out)
}

/// Whether `rest` (the words after a `--` that follows the state) holds a word that is not an
/// option or an option's value: the moves, which makes that `--` the end of the options.
fn value_follows(rest: &[&str], takes_value: &dyn Fn(&str) -> Option<bool>) -> bool {
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        if i == 0 && word == "--" || is_moves(word) || !word.starts_with('-') {
            return true;
        }
        if takes_value(word) == Some(true) {
            i += 1;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The box's own options for these tests: `--gif`, `--fps` and `--speed` take a value.
    fn takes(word: &str) -> Option<bool> {
        match word {
            "--gif" | "--fps" | "--speed" => Some(true),
            "--ascii" | "--trace" | "--partial" | "-h" | "--help" => Some(false),
            _ => None,
        }
    }

    fn read(typed: &str) -> Option<String> {
        let words: Vec<&str> = typed.split(' ').collect();
        reorder(&words, &takes).map(|w| w.join(" "))
    }

    const S: &str = ".........@...o....ooo..xox...";

    #[test]
    fn options_after_moves_that_begin_with_a_dash_stay_options() {
        assert_eq!(read(&format!("{S} -- --ascii")), Some(format!("--ascii -- {S} --")));
        assert_eq!(read(&format!("{S} -- --trace")), Some(format!("--trace -- {S} --")));
        assert_eq!(read(&format!("{S} -< --ascii")), Some(format!("--ascii -- {S} -<")));
        assert_eq!(read(&format!("{S} -v --gif x.gif")), Some(format!("--gif x.gif -- {S} -v")));
        assert_eq!(read(&format!("--fps 20 {S} --- --speed -2")), Some(format!("--fps 20 --speed -2 -- {S} ---")));
        assert_eq!(read(&format!("{S} --")), Some(format!("-- {S} --")));
    }

    #[test]
    fn a_dash_dash_that_ends_the_options_still_does() {
        // Before the state: clap's own reading.
        assert_eq!(read(&format!("-- {S} -<")), None);
        // After the state, with the moves after it.
        assert_eq!(read(&format!("{S} -- -<")), Some(format!("-- {S} -<")));
        assert_eq!(read(&format!("{S} -- -- --ascii")), Some(format!("--ascii -- {S} --")));
        assert_eq!(read(&format!("{S} -- --gif x.gif +")), Some(format!("--gif x.gif -- {S} +")));
    }

    #[test]
    fn other_command_lines_are_left_to_clap() {
        assert_eq!(read(&format!("solve {S}")), None);
        assert_eq!(read(&format!("{S} + +")), None);
        assert_eq!(read("--ascii"), None, "no state: standard input");
    }
}
