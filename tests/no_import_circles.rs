//! No import circles in `src/`: the file-level dependency graph of the library has no
//! strongly connected component of more than one file, so a reader can follow every
//! dependency one way (house rule: "two files import each other" means split by concept).
//!
//! How the graph is drawn, from the source text alone:
//! * A file is a module: `src/lib.rs` is the crate, `src/a.rs` and `src/a/mod.rs` are `crate::a`,
//!   `src/a/b.rs` is `crate::a::b`. Inline modules (`mod tests { … }`, `pub mod theme { … }`)
//!   belong to their file, and `super` inside them counts from the inline module.
//!   `src/main.rs` is the binary, which reaches the library only as `tumble::`, and is left out.
//! * Every path that starts with `crate::`, `super::` or `self::` counts, in `use` trees and
//!   written inline in code (`crate::theme::X` in an expression, a type, a macro call), as
//!   does a `use` or inline path that starts with the name of a child module (`rules::X` in
//!   `box/mod.rs`). Comments, doc comments and string literals do not count: a doc link is
//!   not a dependency of the code.
//! * A path resolves to the file of its longest module prefix; if the next name is one that
//!   file re-exports (`pub use board::Board;` in `ohno/mod.rs`), it is followed to the file
//!   that defines it. A re-export is a forwarded name, not a dependency of the re-exporting
//!   file, unless that file's own code uses the name too; `mod x;` declarations are not
//!   dependencies either.
//! * Test modules count like the rest of their file.
//!
//! Before the fold of issue 41 this found the six circles the issue lists (scene → theme →
//! anim → scene; eight files of `src/ohno`; box rules ↔ state; cli mine_cmd ↔ mine_solve;
//! mine map ↔ score; viewer frame ↔ overlay). The unit tests below check the reader on
//! hand-written sources, including one of each shape that made those circles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// The tokens of Rust source with comments, strings and character literals left out.
fn lex(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let n = c.len();
    while i < n {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && i + 1 < n && c[i + 1] == '/' {
            while i < n && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && i + 1 < n && c[i + 1] == '*' {
            let mut depth = 0;
            while i < n {
                if c[i] == '/' && i + 1 < n && c[i + 1] == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && i + 1 < n && c[i + 1] == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1);
        } else if (ch == 'r' || ch == 'b') && raw_string_start(&c, i).is_some() {
            let (hashes, body) = raw_string_start(&c, i).unwrap();
            i = body;
            loop {
                if i >= n {
                    break;
                }
                if c[i] == '"' && (0..hashes).all(|k| i + 1 + k < n && c[i + 1 + k] == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if ch == 'b' && i + 1 < n && c[i + 1] == '"' {
            i = skip_string(&c, i + 2);
        } else if ch == 'b' && i + 1 < n && c[i + 1] == '\'' {
            i = skip_char(&c, i + 2);
        } else if ch == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if i + 1 < n && c[i + 1] == '\\' {
                i = skip_char(&c, i + 1);
            } else if i + 2 < n && c[i + 2] == '\'' {
                i += 3;
            } else {
                i += 1; // a lifetime: its name lexes as an identifier
            }
        } else if ch.is_alphabetic() || ch == '_' {
            if ch == 'r' && i + 1 < n && c[i + 1] == '#' {
                i += 2;
            }
            let name_start = i;
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[name_start..i].iter().collect()));
        } else if ch.is_ascii_digit() {
            while i < n && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '.') {
                // A range `0..n` must not eat the dots.
                if c[i] == '.' && i + 1 < n && c[i + 1] == '.' {
                    break;
                }
                i += 1;
            }
        } else if ch == ':' && i + 1 < n && c[i + 1] == ':' {
            out.push(Tok::Sep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// Skips a quoted string whose body starts at `i`; returns the index after the closing quote.
fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Skips a character literal whose body starts at `i`.
fn skip_char(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '\'' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `r"`, `r#"`, `br"`, `br#"`: the number of hashes and the index where the body starts.
fn raw_string_start(c: &[char], mut i: usize) -> Option<(usize, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    if c[i] == 'b' {
        i += 1;
    }
    if i >= c.len() || c[i] != 'r' {
        return None;
    }
    i += 1;
    let mut hashes = 0;
    while i < c.len() && c[i] == '#' {
        hashes += 1;
        i += 1;
    }
    (i < c.len() && c[i] == '"').then_some((hashes, i + 1))
}

/// One path a file names: the module it is written in and its segments as written
/// (`crate`, `super`, `self` or a child module first).
#[derive(Debug, Clone, PartialEq)]
struct Use {
    module: Vec<String>,
    segments: Vec<String>,
    /// `pub use …`: a re-export, forwarded rather than depended on.
    reexport: bool,
}

/// Expands a `use` tree starting at `toks[i]` into full paths; returns the index after it.
fn use_tree(toks: &[Tok], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(i) {
            Some(Tok::Sep) => i += 1,
            Some(Tok::Ident(name)) if name == "as" => {
                i += 2; // `as alias`
                out.push(path);
                return i;
            }
            Some(Tok::Ident(name)) => {
                // `{self, …}` names the module the braces open on.
                if name != "self" || path.is_empty() {
                    path.push(name.clone());
                }
                i += 1;
                if toks.get(i) != Some(&Tok::Sep) {
                    if toks.get(i) == Some(&Tok::Ident("as".into())) {
                        continue;
                    }
                    out.push(path);
                    return i;
                }
            }
            Some(Tok::Punct('*')) => {
                path.push("*".into());
                out.push(path);
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i) {
                        Some(Tok::Punct('}')) => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        None => return i,
                        _ => i = use_tree(toks, i, &path, out),
                    }
                }
            }
            _ => {
                out.push(path);
                return i;
            }
        }
    }
}

/// The paths one file names, given the module path of the file and the set of module paths
/// that are files (to recognise a child module named without `self::`).
fn paths_of(src: &str, file_module: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<Use> {
    let toks = lex(src);
    let mut out = Vec::new();
    // The inline modules open at this point: (name, brace depth at which it closes).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let module_now = |inline: &Vec<(String, usize)>| {
        let mut m = file_module.to_vec();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    let is_child = |module: &[String], name: &str| {
        let mut m = module.to_vec();
        m.push(name.to_string());
        modules.contains(&m)
    };
    while i < toks.len() {
        let prev_is_sep = i > 0 && toks[i - 1] == Tok::Sep;
        match &toks[i] {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) = (toks.get(i + 1), toks.get(i + 2)) {
                    inline.push((name.clone(), depth + 1));
                    depth += 1;
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Tok::Ident(kw) if kw == "use" && !prev_is_sep => {
                let reexport = is_pub_before(&toks, i);
                let module = module_now(&inline);
                let mut trees = Vec::new();
                i = use_tree(&toks, i + 1, &[], &mut trees);
                for segments in trees {
                    let first = segments.first().map(String::as_str).unwrap_or("");
                    if matches!(first, "crate" | "super" | "self") || is_child(&module, first) {
                        out.push(Use { module: module.clone(), segments, reexport });
                    }
                }
            }
            Tok::Ident(first) if !prev_is_sep && toks.get(i + 1) == Some(&Tok::Sep) => {
                let module = module_now(&inline);
                let counts = matches!(first.as_str(), "crate" | "super" | "self") || is_child(&module, first);
                let mut segments = vec![first.clone()];
                let mut j = i + 1;
                while toks.get(j) == Some(&Tok::Sep) {
                    match toks.get(j + 1) {
                        Some(Tok::Ident(s)) => {
                            segments.push(s.clone());
                            j += 2;
                        }
                        _ => break,
                    }
                }
                if counts {
                    out.push(Use { module, segments, reexport: false });
                }
                i = j.max(i + 1);
            }
            _ => i += 1,
        }
    }
    out
}

/// The identifiers a file's code names outside its `use` trees and `mod NAME` declarations.
fn names_used(src: &str) -> BTreeSet<String> {
    let toks = lex(src);
    let mut names = BTreeSet::new();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(kw) if kw == "use" && (i == 0 || toks[i - 1] != Tok::Sep) => {
                while i < toks.len() && toks[i] != Tok::Punct(';') {
                    i += 1;
                }
            }
            Tok::Ident(kw) if kw == "mod" => i += 1,
            Tok::Ident(name) => {
                names.insert(name.clone());
            }
            _ => {}
        }
        i += 1;
    }
    names
}

/// Whether the `use` at `toks[i]` is `pub use`, `pub(crate) use` or `pub(super) use`.
fn is_pub_before(toks: &[Tok], i: usize) -> bool {
    let ident = |k: usize, s: &str| matches!(toks.get(k), Some(Tok::Ident(x)) if x == s);
    (i >= 1 && ident(i - 1, "pub")) || (i >= 4 && toks[i - 1] == Tok::Punct(')') && ident(i - 4, "pub"))
}

/// Makes a written path absolute from the module it is written in.
fn absolute(u: &Use) -> Vec<String> {
    let mut base = u.module.clone();
    let mut segs = u.segments.as_slice();
    match segs.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            segs = &segs[1..];
        }
        Some("self") => segs = &segs[1..],
        Some("super") => {
            while segs.first().map(String::as_str) == Some("super") {
                base.pop();
                segs = &segs[1..];
            }
        }
        _ => {}
    }
    base.extend(segs.iter().cloned());
    base
}

/// The source files of the library: module path → file (relative to the crate root).
fn library_files(root: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut files = BTreeMap::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path.strip_prefix(root.join("src")).unwrap();
            let mut module: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            let last = module.pop().unwrap();
            if module.is_empty() && (last == "main.rs" || last == "lib.rs") {
                if last == "lib.rs" {
                    files.insert(Vec::new(), rel.to_path_buf());
                }
                continue;
            }
            if module.first().map(String::as_str) == Some("bin") {
                continue;
            }
            if last != "mod.rs" {
                module.push(last.trim_end_matches(".rs").to_string());
            }
            files.insert(module, rel.to_path_buf());
        }
    }
    files
}

/// The file-level graph: for each file, the files its paths lead to (itself left out).
fn dependency_graph(sources: &BTreeMap<Vec<String>, (PathBuf, String)>) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules: BTreeSet<Vec<String>> = sources.keys().cloned().collect();
    let mut uses = BTreeMap::new();
    for (module, (_, src)) in sources {
        uses.insert(module.clone(), paths_of(src, module, &modules));
    }
    // Re-exports: (file module, name) → absolute path it forwards to.
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    for (module, list) in &uses {
        for u in list.iter().filter(|u| u.reexport) {
            let abs = absolute(u);
            if let Some(name) = abs.last().filter(|n| n.as_str() != "*") {
                reexports.insert((module.clone(), name.clone()), abs.clone());
            }
        }
    }
    let resolve = |abs: &[String]| -> Vec<String> {
        let mut abs = abs.to_vec();
        for _ in 0..16 {
            let k = (0..=abs.len()).rev().find(|&k| modules.contains(&abs[..k])).unwrap_or(0);
            let file = abs[..k].to_vec();
            match abs.get(k).and_then(|name| reexports.get(&(file.clone(), name.clone()))) {
                Some(target) if abs.len() > k => {
                    let mut next = target.clone();
                    next.extend(abs[k + 1..].iter().cloned());
                    abs = next;
                }
                _ => return file,
            }
        }
        panic!("re-exports loop at {abs:?}");
    };
    let mut graph = BTreeMap::new();
    for (module, list) in &uses {
        let (from, src) = sources[module].clone();
        // A re-exported name that the file also uses itself is a dependency after all.
        let used_here = names_used(&src);
        let mut to = BTreeSet::new();
        for u in list.iter().filter(|u| !u.reexport || u.segments.last().is_some_and(|n| used_here.contains(n))) {
            let target = resolve(&absolute(u));
            let path = sources[&target].0.clone();
            if path != from {
                to.insert(path);
            }
        }
        graph.insert(from, to);
    }
    graph
}

/// The strongly connected components of more than one node (Tarjan), each sorted.
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

fn read_sources(root: &Path) -> BTreeMap<Vec<String>, (PathBuf, String)> {
    library_files(root)
        .into_iter()
        .map(|(m, rel)| {
            let src = std::fs::read_to_string(root.join("src").join(&rel)).unwrap();
            (m, (rel, src))
        })
        .collect()
}

/// Shows each circle with the edges inside it, so that the failure says which paths to fold.
fn describe(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>, found: &[Vec<PathBuf>]) -> String {
    let mut text = String::new();
    for (k, component) in found.iter().enumerate() {
        text += &format!("circle {} ({} files):\n", k + 1, component.len());
        for file in component {
            let inside: Vec<String> =
                graph[file].iter().filter(|t| component.contains(t)).map(|t| t.display().to_string()).collect();
            text += &format!("  src/{} → {}\n", file.display(), inside.join(", "));
        }
    }
    text
}

#[test]
fn src_has_no_import_circle() {
    // NO_CIRCLES_ROOT points the check at another checkout (e.g. an older commit's tree).
    let root =
        std::env::var_os("NO_CIRCLES_ROOT").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    let sources = read_sources(&root);
    assert!(sources.len() > 100, "read only {} files of src/", sources.len());
    let graph = dependency_graph(&sources);
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles in src/:\n{}", describe(&graph, &found));
}

// The reader on hand-written sources.

fn module(s: &str) -> Vec<String> {
    s.split("::").filter(|x| !x.is_empty()).map(String::from).collect()
}

fn fake(files: &[(&str, &str, &str)]) -> BTreeMap<Vec<String>, (PathBuf, String)> {
    files.iter().map(|(m, path, src)| (module(m), (PathBuf::from(path), src.to_string()))).collect()
}

fn graph_edges(sources: &BTreeMap<Vec<String>, (PathBuf, String)>) -> Vec<(String, String)> {
    let graph = dependency_graph(sources);
    let mut edges = Vec::new();
    for (from, to) in graph {
        for t in to {
            edges.push((from.display().to_string(), t.display().to_string()));
        }
    }
    edges
}

fn e(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

#[test]
fn a_circle_through_an_inline_path_is_found() {
    // scene.rs names the theme inline only; theme.rs imports the scene with `use`.
    let sources = fake(&[
        ("", "lib.rs", "pub mod scene; pub mod theme;"),
        ("scene", "scene.rs", "pub struct Color; fn f() -> crate::theme::Dark { todo!() }"),
        ("theme", "theme.rs", "use crate::scene::{Color, Scene as S};\npub struct Dark;"),
    ]);
    let graph = dependency_graph(&sources);
    assert_eq!(circles(&graph), vec![vec![PathBuf::from("scene.rs"), PathBuf::from("theme.rs")]]);
}

#[test]
fn super_siblings_and_mod_rs_reexports_resolve_to_the_defining_file() {
    let sources = fake(&[
        ("", "lib.rs", "pub mod ohno;"),
        ("ohno", "ohno/mod.rs", "pub mod board; pub mod check;\npub use board::{Board, Cell};\npub use check::check;"),
        ("ohno::board", "ohno/board.rs", "pub struct Board; pub struct Cell;"),
        (
            "ohno::check",
            "ohno/check.rs",
            "use super::Board;\npub fn check(b: &Board) -> super::Cell { super::board::Cell }",
        ),
    ]);
    // The facade forwards: check.rs depends on board.rs, ohno/mod.rs on nothing.
    assert_eq!(graph_edges(&sources), vec![e("ohno/check.rs", "ohno/board.rs")]);
}

#[test]
fn super_in_an_inline_test_module_is_its_own_file() {
    let sources = fake(&[
        ("", "lib.rs", "pub mod r#box;"),
        ("box", "box/mod.rs", "pub mod rules; pub mod state;"),
        ("box::rules", "box/rules.rs", "use super::state::BoxState;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}"),
        (
            "box::state",
            "box/state.rs",
            "pub struct BoxState;\nmod tests { use super::*; fn t() { super::super::rules::x(); } }",
        ),
    ]);
    // `super::super::rules` inside `state::tests` is `crate::box::rules`: a circle.
    let graph = dependency_graph(&sources);
    assert_eq!(circles(&graph).len(), 1);
    assert_eq!(graph_edges(&sources), vec![e("box/rules.rs", "box/state.rs"), e("box/state.rs", "box/rules.rs")]);
}

#[test]
fn comments_strings_and_doc_links_do_not_count() {
    let sources = fake(&[
        ("", "lib.rs", "pub mod a; pub mod b;"),
        (
            "a",
            "a.rs",
            "//! See [`crate::b::X`].\n/* crate::b::Y */ fn f() { let s = \"crate::b::Z\"; let r = r#\"crate::b::W\"#; let c = '\"'; let _ = 'x'; }\nfn g<'a>(x: &'a str) -> &'a str { x }",
        ),
        ("b", "b.rs", "use crate::a::f; pub struct X;"),
    ]);
    assert_eq!(graph_edges(&sources), vec![e("b.rs", "a.rs")]);
}

#[test]
fn a_child_module_named_without_self_counts_and_an_extern_crate_does_not() {
    let sources = fake(&[
        ("", "lib.rs", "pub mod mine;"),
        ("mine", "mine/mod.rs", "mod map; mod score;\nuse clap::Args;\nfn f() { score::of(); std::process::exit(0) }"),
        ("mine::map", "mine/map.rs", "use super::score::Ending;"),
        ("mine::score", "mine/score.rs", "pub struct Ending;"),
    ]);
    assert_eq!(graph_edges(&sources), vec![e("mine/map.rs", "mine/score.rs"), e("mine/mod.rs", "mine/score.rs")]);
}

#[test]
fn a_reexported_name_the_file_uses_itself_counts() {
    let sources = fake(&[
        ("", "lib.rs", "pub mod talk;"),
        ("talk", "talk/mod.rs", "mod parse;\npub use parse::talk;\npub struct Talk;\npub fn load() -> Talk { talk() }"),
        ("talk::parse", "talk/parse.rs", "use super::Talk;\npub fn talk() -> Talk { Talk }"),
    ]);
    let graph = dependency_graph(&sources);
    assert_eq!(circles(&graph), vec![vec![PathBuf::from("talk/mod.rs"), PathBuf::from("talk/parse.rs")]]);
}
