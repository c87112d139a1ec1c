//! Reads the 0h n0 data files of `tests/data/ohno/` (see its SOURCES.md): records separated by
//! `;` header lines, each a puzzle block and, optionally after a blank line, its solution.
//! Shared by the tests and the benchmark (`#[path]` module).
#![allow(dead_code)]

/// One record: header line, puzzle text, solution text (empty when the file gives none).
pub struct Record {
    /// The `;` line without its `;`.
    pub header: String,
    /// The puzzle in the challenge format.
    pub puzzle: String,
    /// The solution (`O`/`#`), or empty.
    pub solution: String,
}

/// Every record of `tests/data/ohno/NAME`.
pub fn load(name: &str) -> Vec<Record> {
    let path = format!("{}/tests/data/ohno/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for block in text.split("\n;").map(|b| b.trim_start_matches(';')) {
        let mut lines = block.lines();
        let header = lines.next().unwrap_or("").trim().to_string();
        let body: Vec<&str> = lines.collect();
        let chunks: Vec<String> =
            body.split(|l| l.trim().is_empty()).filter(|c| !c.is_empty()).map(|c| c.join("\n")).collect();
        if chunks.is_empty() {
            continue;
        }
        out.push(Record { header, puzzle: chunks[0].clone(), solution: chunks.get(1).cloned().unwrap_or_default() });
    }
    out
}
