//! Talk files (`tumble view --talk`): a good talk gives its items in order; each mistake is
//! reported at its line and column in the talk file, and a map's own error keeps the map's line.

use std::path::Path;
use tumble::talk::{parse, Content, TalkError};

const MAP: &str = "#####\n#R\\ L\n#####\n";
const BOARD: &str = ".1..\n..1.\n....\n22#2\n";
const BAD_MAP: &str = "#####\n#R\\Z L\n#####\n";

/// A folder holding `map.txt`, `bad.txt` and `board.txt`.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("map.txt", MAP), ("bad.txt", BAD_MAP), ("board.txt", BOARD)] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn error(text: &str, dir: &Path) -> TalkError {
    parse(text, "talk.toml", dir).expect_err("the talk is refused")
}

/// The error's `line:column: message`.
fn place(e: &TalkError) -> (usize, usize, String) {
    (e.at.line, e.at.column, e.message.clone())
}

#[test]
fn a_talk_of_every_kind_reads_in_order() {
    let dir = folder();
    let text = r#"title = "Three puzzles"

[[item]]
title = "The box"
box = ".........@...o....ooo..xox..."
moves = "+>|<-v+^+"

[[item]]
mine = "map.txt"
route = "RR R"

[[item]]
title = "0h n0"
ohno = "board.txt"
steps = true

[[item]]
ohno = "board.txt"

[[item]]
demo = "figure1"
"#;
    let talk = parse(text, "talk.toml", dir.path()).unwrap();
    assert_eq!(talk.title, "Three puzzles");
    let titles: Vec<Option<&str>> = talk.items.iter().map(|i| i.title.as_deref()).collect();
    assert_eq!(titles, [Some("The box"), None, Some("0h n0"), None, None]);
    let kinds: Vec<String> = talk.items.iter().map(|i| i.content.kind()).collect();
    assert_eq!(kinds, ["box", "mine", "0h n0", "0h n0", "demo figure1"]);
    assert_eq!((talk.items[1].at.line, talk.items[1].at.column), (9, 8), "the mine value's place");
    match &talk.items[1].content {
        Content::Mine { route, .. } => assert_eq!(route, "RRR", "whitespace left out"),
        other => panic!("{other:?}"),
    }
    // Box: 9 manipulations; 0h n0 with steps: one per deduction; without: one for all.
    let anim = |i: usize| talk.items[i].content.animation();
    let starts = |i: usize| {
        let a = anim(i).unwrap();
        (1..a.steps()).filter(|&s| a.manipulation(s) != a.manipulation(s - 1)).count()
    };
    assert_eq!(starts(0), 9);
    assert_eq!(starts(1), 3);
    assert!(starts(2) > 1, "one manipulation per deduction");
    assert_eq!(starts(3), 1, "the whole solution at once");
    assert!(anim(4).is_none(), "demos are built by the command line");
}

#[test]
fn unknown_keys_are_named_at_their_place() {
    let dir = folder();
    let e = error("title = \"t\"\ncolour = \"red\"\n", dir.path());
    assert_eq!((e.at.line, e.at.column), (2, 1));
    assert!(e.message.contains("unknown key `colour`"), "{e}");
    let e = error("title = \"t\"\n[[item]]\ndemo = \"figure1\"\n  speed = 2\n", dir.path());
    assert_eq!((e.at.line, e.at.column), (4, 3));
    assert!(e.message.contains("unknown key `speed` in [[item]]"), "{e}");
    assert_eq!(e.to_string(), format!("talk.toml:4:3: {}", e.message));
}

#[test]
fn missing_and_misplaced_fields_are_refused() {
    let dir = folder();
    let cases: [(&str, usize, usize, &str); 9] = [
        ("[[item]]\ndemo = \"figure1\"\n", 1, 1, "missing `title`"),
        ("title = \"t\"\n", 2, 1, "no [[item]]"),
        ("title = \"t\"\n[[item]]\ntitle = \"x\"\n", 3, 1, "shows nothing"),
        ("title = \"t\"\n[[item]]\nbox = \".........@...o....ooo..xox...\"\n", 3, 1, "missing `moves`"),
        ("title = \"t\"\n[[item]]\nmine = \"map.txt\"\n", 3, 1, "missing `route`"),
        ("title = \"t\"\n[[item]]\ndemo = \"a\"\nmine = \"map.txt\"\n", 4, 1, "`demo` and `mine` in one"),
        ("title = \"t\"\n[[item]]\ndemo = \"a\"\nroute = \"LL\"\n", 4, 1, "`route` goes with `mine`"),
        ("title = \"t\"\n[[item]]\nohno = \"board.txt\"\nsteps = \"yes\"\n", 4, 9, "`steps` must be true or false"),
        ("title = 3\n[[item]]\ndemo = \"a\"\n", 1, 9, "`title` must be a string"),
    ];
    for (text, line, column, words) in cases {
        let (l, c, m) = place(&error(text, dir.path()));
        assert_eq!((l, c), (line, column), "{text:?}: {m}");
        assert!(m.contains(words), "{text:?}: {m}");
    }
}

#[test]
fn bad_content_is_reported_at_its_value_with_the_engines_words() {
    let dir = folder();
    let t = "title = \"t\"\n[[item]]\n";
    let e = error(&format!("{t}box = \".........@...o....ooo..xoz...\"\nmoves = \"+\"\n"), dir.path());
    assert_eq!((e.at.line, e.at.column), (3, 7));
    assert!(e.message.contains("box state: unknown character 'z' at column 26"), "{e}");
    let e = error(&format!("{t}box = \".........@...o....ooo..xox...\"\nmoves = \"+*\"\n"), dir.path());
    assert_eq!((e.at.line, e.at.column), (4, 9));
    assert!(e.message.contains("box moves: unknown character '*' at column 2"), "{e}");
    let e = error(&format!("{t}mine = \"bad.txt\"\nroute = \"R\"\n"), dir.path());
    assert_eq!((e.at.line, e.at.column), (3, 8));
    assert!(e.message.contains("bad.txt: unknown character 'Z' at line 2, column 4"), "the map's own line: {e}");
    let e = error(&format!("{t}mine = \"map.txt\"\nroute = \"RxR\"\n"), dir.path());
    assert!(e.message.contains("route: character 2 is 'x'"), "{e}");
    let e = error(&format!("{t}mine = \"nowhere.txt\"\nroute = \"R\"\n"), dir.path());
    assert!(e.message.contains("nowhere.txt"), "{e}");
    std::fs::write(dir.path().join("unsolvable.txt"), "1.\n.2\n").unwrap();
    let e = error(&format!("{t}ohno = \"unsolvable.txt\"\n"), dir.path());
    assert!(e.message.contains("no solution"), "{e}");
}

#[test]
fn toml_syntax_errors_keep_their_place() {
    let dir = folder();
    let e = error("title = \"t\"\n[[item]]\ndemo = \"figure1\n", dir.path());
    assert_eq!(e.at.line, 3, "{e}");
}
