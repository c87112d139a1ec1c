//! `--svg` read back by an independent renderer: rsvg-convert (librsvg) draws each demo's SVG
//! at the PNG's width, and the result matches tumble's own raster PNG of the same command, in
//! the light and the dark theme.

#[path = "common/tools.rs"]
mod tools;
use std::path::Path;
use std::process::Command;
use tools::{compare, demo_names, have_tool};

fn rgba(path: &Path) -> image::RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

#[test]
fn every_demo_svg_drawn_by_librsvg_matches_the_png() {
    if !have_tool("rsvg-convert", "librsvg2-bin") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let names = demo_names();
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        for theme in ["light", "dark"] {
            for size in ["400", "800"] {
                let png = dir.path().join(format!("{name}-{theme}-{size}.png"));
                let svg = dir.path().join(format!("{name}-{theme}-{size}.svg"));
                let out = Command::new(env!("CARGO_BIN_EXE_tumble"))
                    .args(["demo", name, "--theme", theme, "--size", size, "--png"])
                    .arg(&png)
                    .arg("--svg")
                    .arg(&svg)
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
                let text = std::fs::read_to_string(&svg).unwrap();
                assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{name}: {text:.200}");
                assert!(!text.contains("<text"), "text is drawn as glyph outlines, no font needed");
                let raster = rgba(&png);
                let drawn = dir.path().join(format!("{name}-{theme}-{size}-rsvg.png"));
                let st = Command::new("rsvg-convert")
                    .args(["-w", &raster.width().to_string(), "-o"])
                    .arg(&drawn)
                    .arg(&svg)
                    .status()
                    .unwrap();
                assert!(st.success(), "rsvg-convert failed on {name}");
                let vector = rgba(&drawn);
                let (mean, far) = compare(&raster, &vector);
                eprintln!("{name} {theme} {size}: mean {mean:.3}, far {:.4}%", far * 100.0);
                // Two anti-aliasing rasterisers differ only along edges (the seams between
                // touching tiles, glyph edges), and tumble's raster puts each glyph's mask on a
                // whole pixel where the SVG keeps the exact pen. Measured at 400 px: a mean of at
                // most 2.12 levels in 255 and at most 1.41% of pixels of another colour (ohno-9x9
                // dark, the densest small text, its caption fitted to 92% of the width by the
                // font's advances); less at 800. A wrong colour, a missing shape or a misplaced
                // glyph exceeds these.
                let (most_mean, most_far) = (2.3, 0.015);
                assert!(mean < most_mean && far < most_far, "{name} {theme} {size}: mean {mean:.3}, far {far:.4}");
            }
        }
    }
}
