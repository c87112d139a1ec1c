//! External programs some tests read exports back with (rsvg-convert, chromium, pdftotext,
//! gif2webp), and how their pictures are compared with tumble's raster. A developer without one
//! sees the test skip with a message; CI sets `TUMBLE_REQUIRE_TOOLS=1` (see `.ci/run`), and a
//! missing program then fails the test.
#![allow(dead_code)]

/// True when `program` runs (`program --version`, or `program -v` as poppler's tools take
/// it, or `program -version` as libwebp's do). When it does not: panics if `TUMBLE_REQUIRE_TOOLS` is set to anything but `0`, else
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
    let ok = runs("--version") || runs("-v") || runs("-version");
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

/// Mean absolute difference per colour channel (0..255) of two pictures of one size, and the
/// share of pixels whose largest channel difference is over 64 (a pixel that shows another
/// colour, not a softer edge). Alpha is not compared.
pub fn compare<P: image::Pixel<Subpixel = u8>>(
    a: &image::ImageBuffer<P, Vec<u8>>,
    b: &image::ImageBuffer<P, Vec<u8>>,
) -> (f64, f64) {
    assert_eq!(a.dimensions(), b.dimensions());
    let (mut sum, mut far) = (0u64, 0u64);
    for (p, q) in a.pixels().zip(b.pixels()) {
        let (p, q) = (p.channels(), q.channels());
        let d: Vec<u64> = (0..3).map(|k| (p[k] as i64 - q[k] as i64).unsigned_abs()).collect();
        sum += d.iter().sum::<u64>();
        far += u64::from(*d.iter().max().unwrap() > 64);
    }
    let n = u64::from(a.width() * a.height());
    (sum as f64 / (3 * n) as f64, far as f64 / n as f64)
}
