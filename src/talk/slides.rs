//! A talk laid out as what is shown in turn: its opening title card, then for each item its own
//! title card (when it has a title) and its animation. The window, the web page and the status
//! line all count these slides the same way, from 1 (`#slide=K` in the page, `--slide K` in the
//! viewer).

use super::{Content, Talk, TalkError};
use crate::anim::Animated;

/// A title card: a big title and a few smaller lines under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The title.
    pub title: String,
    /// Smaller lines under it (a talk's opening card lists its items).
    pub lines: Vec<String>,
}

/// What one slide shows.
pub enum Shown {
    /// A title card.
    Card(Card),
    /// An animation (already in its theme).
    Show(Box<dyn Animated + Send + Sync>),
}

/// One slide of a talk (or the only slide of a single animation).
pub struct Slide {
    /// Its name in the status line: the card's title, the item's title or its kind.
    pub title: String,
    /// The speaker's notes while it is shown (its item's `notes`).
    pub notes: Option<String>,
    /// What it shows.
    pub shown: Shown,
}

/// How many items the opening card lists at most.
const AGENDA: usize = 8;

/// The slides of `talk`. `animation` builds each item's animation in the wanted theme: it gets
/// the item's content and returns a message for a content it cannot build (a demo name that is
/// not a demo), which becomes a [`TalkError`] at the item's place.
///
/// # Errors
/// The first item `animation` refuses.
pub fn slides(
    talk: &Talk,
    mut animation: impl FnMut(&Content) -> Result<Box<dyn Animated + Send + Sync>, String>,
) -> Result<Vec<Slide>, TalkError> {
    let n = talk.items.len();
    let agenda = talk
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| format!("{}. {}", i + 1, item.title.clone().unwrap_or_else(|| item.content.kind())));
    let opening = Card { title: talk.title.clone(), lines: agenda.take(AGENDA).collect() };
    let mut out = vec![Slide { title: talk.title.clone(), notes: None, shown: Shown::Card(opening) }];
    for (i, item) in talk.items.iter().enumerate() {
        let anim =
            animation(&item.content).map_err(|message| TalkError { file: talk.file.clone(), at: item.at, message })?;
        if let Some(t) = &item.title {
            let card = Card { title: t.clone(), lines: vec![format!("{} of {n}", i + 1)] };
            out.push(Slide { title: t.clone(), notes: item.notes.clone(), shown: Shown::Card(card) });
        }
        let title = item.title.clone().unwrap_or_else(|| item.content.kind());
        out.push(Slide { title, notes: item.notes.clone(), shown: Shown::Show(anim) });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const TALK: &str = r#"title = "T"
[[item]]
title = "Box one"
notes = "say <b>hi</b>"
box = ".........@...o....ooo..xox..."
moves = "+>"
[[item]]
box = ".........@...o....ooo..xox..."
moves = "|"
[[item]]
demo = "nope"
"#;

    #[test]
    fn cards_and_shows_in_the_viewers_order_with_their_notes() {
        let talk =
            super::super::parse(&TALK.replace("[[item]]\ndemo = \"nope\"\n", ""), "t.toml", Path::new(".")).unwrap();
        let s = slides(&talk, |c| Ok(c.animation().unwrap())).unwrap();
        let names: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(names, ["T", "Box one", "Box one", "box"]);
        match &s[0].shown {
            Shown::Card(c) => assert_eq!(c.lines, ["1. Box one", "2. box"]),
            Shown::Show(_) => panic!("the opening card first"),
        }
        assert!(matches!(&s[1].shown, Shown::Card(c) if c.lines == ["1 of 2"]));
        assert_eq!(s[1].notes.as_deref(), Some("say <b>hi</b>"), "the card has the item's notes");
        assert_eq!(s[2].notes.as_deref(), Some("say <b>hi</b>"), "and so has its animation");
        assert_eq!((s[0].notes.as_deref(), s[3].notes.as_deref()), (None, None));
    }

    #[test]
    fn a_refused_item_is_an_error_at_its_place() {
        let talk = super::super::parse(TALK, "t.toml", Path::new(".")).unwrap();
        let e = slides(&talk, |c| c.animation().ok_or_else(|| "no such demo".to_string())).err().unwrap();
        assert_eq!(e.to_string(), "t.toml:11:8: no such demo");
    }
}
