//! External programs some tests read exports back with (rsvg-convert, chromium, pdftotext,
//! gif2webp). A developer without one sees the test skip with a message; CI sets
//! `TUMBLE_REQUIRE_TOOLS=1` (see `.ci/run`), and a missing program then fails the test.

/// True when `program` runs (`program --version`, or `program -v` as poppler's tools take
/// it). When it does not: panics if `TUMBLE_REQUIRE_TOOLS` is set to anything but `0`, else
/// prints why the test is skipped.
pub fn have_tool(program: &str, package: &str) -> bool {
    let runs = |flag: &str| {
        std::process::Command::new(program)
            .arg(flag)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let ok = runs("--version") || runs("-v");
    if !ok {
        let required = std::env::var("TUMBLE_REQUIRE_TOOLS").is_ok_and(|v| v != "0");
        assert!(!required, "{program} is missing (apt-get install -y {package}) and TUMBLE_REQUIRE_TOOLS is set");
        eprintln!("skipped: {program} is not installed (apt-get install -y {package})");
    }
    ok
}

/// The bundled demos' names (the files of `demos/` with a puzzle extension).
pub fn demo_names() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("demos");
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            let ext = p.extension()?.to_str()?;
            ["box", "mine", "ohno"].contains(&ext).then(|| p.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    v.sort();
    v
}
