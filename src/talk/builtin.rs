//! The talks built into tumble: each one's TOML and the map and board files it names, as text
//! compiled into the binary from the checkout's `demos/` folder, so that an installed tumble
//! plays them (`tumble talk tour`, `tumble view --talk tour`) and can write them out as a start
//! for a user's own (`tumble demo tour --source DIR`). `tests/demos.rs` checks the texts are the
//! files of `demos/`.

/// One built-in talk: the name it is asked for by and its files, the talk's TOML first.
#[derive(Debug)]
pub struct BuiltIn {
    /// The name typed on the command line (`tour`).
    pub name: &'static str,
    /// (file name, text): the talk's TOML first, then the map and board files it names.
    pub files: &'static [(&'static str, &'static str)],
}

/// The built-in talks.
pub const BUILT_IN: &[BuiltIn] = &[BuiltIn {
    name: "tour",
    files: &[
        ("tour.toml", include_str!("../../demos/tour.toml")),
        ("tour-mine.txt", include_str!("../../demos/tour-mine.txt")),
        ("tour-board.txt", include_str!("../../demos/tour-board.txt")),
    ],
}];

/// The built-in talk called `name` (`tour`, or `tour.toml`).
pub fn find(name: &str) -> Option<&'static BuiltIn> {
    let stem = name.strip_suffix(".toml").unwrap_or(name);
    BUILT_IN.iter().find(|b| b.name == stem)
}

/// The built-in talks' names, comma-separated, for messages.
pub fn names() -> String {
    BUILT_IN.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

impl BuiltIn {
    /// The text of the file `name` among this talk's files.
    pub fn file(&self, name: &str) -> Option<&'static str> {
        self.files.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }
}
