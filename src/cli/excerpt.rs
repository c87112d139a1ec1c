//! A short window of a line of input with a caret under one column, for error messages: a line
//! of a million characters is shown as a few dozen around the column, so that every error
//! stays a few lines long whatever the input.

/// Characters shown before the marked column (more are cut and replaced by `…`).
const BEFORE: usize = 40;
/// Characters shown after the marked column.
const AFTER: usize = 20;

/// Two lines: `  {label}: {window of line}` and a caret under `column` (1-based, in characters).
/// The window holds at most [`BEFORE`] characters before the column and [`AFTER`] after it, with
/// `…` where the line was cut; control characters are shown as `?` so that the caret stays
/// under its character. A column past the end marks the end of the line.
pub fn caret(label: &str, line: &str, column: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let from = at.saturating_sub(BEFORE);
    let to = (at + AFTER + 1).min(chars.len());
    let shown = |c: &char| if c.is_control() { '?' } else { *c };
    let mut window: String = String::new();
    if from > 0 {
        window.push('…');
    }
    window.extend(chars[from..to].iter().map(shown));
    if to < chars.len() {
        window.push('…');
    }
    let pad = label.chars().count() + 2 + usize::from(from > 0) + (at - from);
    format!("  {label}: {window}\n  {}^", " ".repeat(pad))
}

#[cfg(test)]
mod tests {
    use super::caret;

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(caret("moves", "+>?", 3), "  moves: +>?\n           ^");
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("{}x{}", "+".repeat(1_000_000), "-".repeat(1000));
        let text = caret("moves", &line, 1_000_001);
        assert!(text.len() < 200, "{} bytes", text.len());
        let (top, bottom) = text.split_once('\n').unwrap();
        assert_eq!(top, format!("  moves: …{}x{}…", "+".repeat(40), "-".repeat(20)));
        // The caret is under the x.
        assert_eq!(bottom.chars().count(), top.chars().position(|c| c == 'x').unwrap() + 1);
    }

    #[test]
    fn control_characters_keep_the_caret_aligned() {
        assert_eq!(caret("state", "a\tb", 3), "  state: a?b\n           ^");
    }
}
