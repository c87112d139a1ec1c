//! `--out FILE.pdf`, the handout, read back with poppler: `pdfinfo` (page count and size in
//! points), `pdffonts` (the bundled font embedded), `pdftotext` (captions, rule names, titles
//! as real text) and `pdftoppm -r 72` (each page's picture, compared with the raster of the
//! same moment drawn by tumble's own raster backend). Bad outputs exit 2 and write nothing.

#[path = "common/tools.rs"]
mod tools;
use std::path::Path;
use std::process::{Command, Output};
use tools::{compare, demo_names, have_tool};
use tumble::export::html::PageSlide;
use tumble::export::pdf::{picture_box, sheets, HandoutOptions, Paper};
use tumble::theme::Theme;

fn tumble(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tumble")).args(args).current_dir(dir).output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn poppler() -> bool {
    ["pdfinfo", "pdftotext", "pdffonts", "pdftoppm"].iter().all(|p| have_tool(p, "poppler-utils"))
}

/// `pdfinfo`'s pages and page size (points).
fn info(pdf: &Path) -> (usize, String) {
    let text = run("pdfinfo", &[pdf.to_str().unwrap()]);
    let field = |name: &str| {
        text.lines().find_map(|l| l.strip_prefix(name)).unwrap_or_else(|| panic!("{name} in {text}")).trim().to_string()
    };
    (field("Pages:").parse().unwrap(), field("Page size:"))
}

/// The text of page `page` (from 1) in the order it is drawn (`-raw`), its words joined by
/// single spaces.
fn page_text(pdf: &Path, page: usize) -> String {
    let p = page.to_string();
    let text = run("pdftotext", &["-raw", "-f", &p, "-l", &p, pdf.to_str().unwrap(), "-"]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_font_embedded(pdf: &Path) {
    let fonts = run("pdffonts", &[pdf.to_str().unwrap()]);
    let lines: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(lines.len(), 1, "one font, the bundled one: {fonts}");
    assert!(lines[0].contains("DejaVuSans-Bold"), "{fonts}");
    // emb, sub, uni: embedded, as a subset, with a map to Unicode (so the text can be copied).
    let cols: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(&cols[cols.len() - 5..cols.len() - 2], ["yes", "yes", "yes"], "{fonts}");
}

/// Asserts that every page of `pdf` (an A4 handout of `slides` titled `title` in `theme`, at
/// the pacing's default page spacing), drawn by pdftoppm at 72 dpi (one pixel per point), has
/// its picture where the handout puts it, within [`MOST_MEAN`] and [`MOST_FAR`] of tumble's
/// raster of the same sheet; says the worst seen, under `what`.
fn assert_pages_are_the_raster(
    what: &str,
    pdf: &Path,
    slides: &[tumble::talk::slides::Slide],
    title: &str,
    theme: Theme,
    dir: &Path,
) {
    let slides: Vec<PageSlide<'_>> = slides.iter().map(PageSlide::from).collect();
    let opts = &HandoutOptions { title: title.into(), paper: Paper::A4, every: None, theme };
    let sheets = sheets(&slides, opts);
    assert_eq!(info(pdf).0, sheets.len());
    let mut worst = (0.0f64, 0.0f64);
    for (i, sheet) in sheets.iter().enumerate() {
        let p = (i + 1).to_string();
        let prefix = dir.join(format!("page{i}"));
        run(
            "pdftoppm",
            &["-r", "72", "-f", &p, "-l", &p, "-singlefile", "-png", pdf.to_str().unwrap(), prefix.to_str().unwrap()],
        );
        let page = image::open(prefix.with_extension("png")).unwrap().to_rgb8();
        let (x, y, w, h) = picture_box(opts.paper, &sheet.scene);
        let (x, y, w, h) = (x.round() as u32, y.round() as u32, w.round() as u32, h.round() as u32);
        let cut = image::imageops::crop_imm(&page, x, y, w, h).to_image();
        let raster = tumble::render::raster::render(&sheet.scene, w, h);
        let raster = image::DynamicImage::ImageRgba8(image::RgbaImage::from_raw(w, h, raster.rgba).unwrap()).to_rgb8();
        let (mean, far) = compare(&cut, &raster);
        if mean > worst.0 || far > worst.1 {
            raster.save(dir.join(format!("raster{i}.png"))).unwrap();
            cut.save(dir.join(format!("cut{i}.png"))).unwrap();
        }
        worst = (worst.0.max(mean), worst.1.max(far));
    }
    let (mean, far) = worst;
    eprintln!("{what}: worst mean {mean:.3}, far {:.3}%", far * 100.0);
    assert!(mean < MOST_MEAN && far < MOST_FAR, "{what}: mean {mean:.3}, far {far:.4}");
}

/// The slides of a one-item talk (`item` is its TOML item body), without the opening card.
fn item_slides(item: &str, dir: &Path) -> Vec<tumble::talk::slides::Slide> {
    let talk = tumble::talk::parse(&format!("title = \"t\"\n[[item]]\n{item}"), "t.toml", dir).unwrap();
    let mut slides = tumble::talk::slides::slides(&talk, |c| Ok(c.animation().unwrap())).unwrap();
    slides.remove(0);
    slides
}

/// How far a page's picture may be from the raster of the same moment: a mean difference in
/// levels of 255, and a share of pixels of another colour. poppler and tiny-skia anti-alias
/// edges differently, the picture sits up to half a point off the whole pixels it is cut at,
/// and tumble's raster puts each glyph on a whole pixel where the PDF keeps the exact pen; the
/// difference image shows outlines only. Measured worst: the 4x4 0h n0 page with its three
/// lines of small text, mean 3.44 and 2.45%; the box 1.86 and 1.15%, the mine 1.44 and 1.04%.
/// A missing shape, a wrong colour or the page of another moment is far above these.
const MOST_MEAN: f64 = 4.5;
const MOST_FAR: f64 = 0.035;

const FIGURE1: &str = ".........@...o....ooo..xox...";

#[test]
fn a_box_handout_has_a_page_per_move_with_the_falls_done_matching_the_raster() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for theme in ["light", "dark"] {
        let pdf = dir.path().join(format!("fig-{theme}.pdf"));
        ok(&tumble(&["box", FIGURE1, "+>|<-v+^+", "--theme", theme, "--out", pdf.to_str().unwrap()], dir.path()));
        // Nine manipulations: the start and one page after each.
        assert_eq!(info(&pdf), (10, "595.276 x 841.89 pts (A4)".to_string()));
        assert_font_embedded(&pdf);
        let first = page_text(&pdf, 1);
        assert!(first.starts_with(&format!("fig-{theme} 1 / 10")) && first.contains("Start"), "{first}");
        for k in 1..=9 {
            let text = page_text(&pdf, k + 1);
            assert!(text.contains(&format!("After move {k} of 9")), "{text}");
        }
        let theme = if theme == "dark" { Theme::Dark } else { Theme::Light };
        let slides: Vec<_> = item_slides(&format!("box = \"{FIGURE1}\"\nmoves = \"+>|<-v+^+\""), dir.path())
            .into_iter()
            .map(|mut s| {
                use tumble::talk::slides::Shown;
                s.shown = match s.shown {
                    Shown::Show(a) => Shown::Show(Box::new(theme.animation(a))),
                    card => card,
                };
                s
            })
            .collect();
        assert_pages_are_the_raster(&format!("box {theme:?}"), &pdf, &slides, "t", theme, dir.path());
    }
}

#[test]
fn letter_paper_is_612_by_792_points() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    ok(&tumble(&["demo", "figure1", "--out", "f.pdf", "--paper", "letter"], dir.path()));
    assert_eq!(info(&dir.path().join("f.pdf")), (10, "612 x 792 pts (letter)".to_string()));
}

#[test]
fn every_demo_makes_a_handout_light_and_dark() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for name in demo_names() {
        for theme in ["light", "dark"] {
            let file = format!("{name}-{theme}.pdf");
            ok(&tumble(&["demo", &name, "--theme", theme, "--out", &file], dir.path()));
            let pdf = dir.path().join(&file);
            let (pages, size) = info(&pdf);
            assert!(pages >= 2, "{name}: {pages} pages");
            assert_eq!(size, "595.276 x 841.89 pts (A4)");
            assert_font_embedded(&pdf);
            assert!(page_text(&pdf, 1).contains("Start"), "{name}: {}", page_text(&pdf, 1));
            assert!(page_text(&pdf, pages).contains(&format!("{pages} / {pages}")), "{name}");
        }
    }
}

#[test]
fn ohno_steps_give_a_page_per_deduction_with_its_rule_and_explanation() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.txt"), ".1..\n..1.\n....\n22#2\n").unwrap();
    let stdout = ok(&tumble(&["ohno", "solve", "b.txt", "--steps", "--out", "b.pdf"], dir.path()));
    let pdf = dir.path().join("b.pdf");
    let deductions: Vec<&str> = stdout.lines().filter(|l| l.contains(". ") && l.contains(": ")).collect();
    assert_eq!(deductions.len(), 9, "{stdout}");
    assert_eq!(info(&pdf).0, 10);
    assert_font_embedded(&pdf);
    for (i, line) in deductions.iter().enumerate() {
        let (_, rest) = line.split_once(". ").unwrap();
        let (rule, explanation) = rest.split_once(": ").unwrap();
        let text = page_text(&pdf, i + 2);
        assert!(text.contains(&format!("{}/9 {rule}", i + 1)), "page {}: {text} lacks {rule}", i + 2);
        let explanation = explanation.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&explanation), "page {}: {text} lacks {explanation}", i + 2);
    }
    // The pictures are the raster's.
    let slides = item_slides("ohno = \"b.txt\"\nsteps = true", dir.path());
    assert_pages_are_the_raster("ohno", &pdf, &slides, "t", Theme::Light, dir.path());
}

#[test]
fn a_mine_handout_has_a_page_every_n_commands_and_at_each_lambda_and_ending() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Hand-worked: R collects the lambda (step 1, the lift opens), R walks, R enters the lift.
    std::fs::write(dir.path().join("m.txt"), "######\n#R\\ L#\n######\n").unwrap();
    ok(&tumble(&["mine", "run", "m.txt", "RRR", "--out", "m.pdf"], dir.path()));
    let pdf = dir.path().join("m.pdf");
    assert_eq!(info(&pdf).0, 3, "start, the lambda, the win (every 10 commands: none between)");
    assert!(page_text(&pdf, 2).contains("After move 1 of 3 lambda collected"), "{}", page_text(&pdf, 2));
    assert!(page_text(&pdf, 3).contains("After move 3 of 3 won: the robot entered the lift"), "{}", page_text(&pdf, 3));
    ok(&tumble(&["mine", "run", "m.txt", "RRR", "--out", "m1.pdf", "--every", "1"], dir.path()));
    assert_eq!(info(&dir.path().join("m1.pdf")).0, 4);
    assert!(page_text(&dir.path().join("m1.pdf"), 3).contains("After move 2 of 3"));

    // The flood demo's route: 14 commands until the robot drowns; every 5: 5, 10 and the end.
    ok(&tumble(&["demo", "mine-flood", "--out", "flood.pdf", "--every", "5"], dir.path()));
    let flood = dir.path().join("flood.pdf");
    assert_eq!(info(&flood).0, 4);
    assert!(page_text(&flood, 2).contains("After move 5 of 14"), "{}", page_text(&flood, 2));
    assert!(page_text(&flood, 4).contains("After move 14 of 14 lost: the robot drowned"), "{}", page_text(&flood, 4));
    assert!(page_text(&flood, 4).contains("score"), "the heads-up line is text too");

    // Trampolines: a page at each jump.
    ok(&tumble(&["demo", "mine-trampoline", "--out", "t.pdf"], dir.path()));
    let t = dir.path().join("t.pdf");
    let all: String = (1..=info(&t).0).map(|p| page_text(&t, p)).collect();
    assert!(all.contains("jump from trampoline"), "{all}");

    // The pictures are the raster's.
    let slides = item_slides("mine = \"m.txt\"\nroute = \"RRR\"", dir.path());
    assert_pages_are_the_raster("mine", &pdf, &slides, "t", Theme::Light, dir.path());
}

#[test]
fn bad_pdf_outputs_exit_2_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: [(&[&str], &str); 5] = [
        (&["demo", "figure1", "--out", "a.pdf", "--out", "./a.pdf"], "are the same file"),
        (&["demo", "figure1", "--out", "a.pdf", "--png", "a.pdf"], "are the same file"),
        (&["demo", "figure1", "--out", "no/such/folder/a.pdf"], "no/such/folder"),
        (&["demo", "figure1", "--out", "a.pdx"], ".pdf (a handout)"),
        (&["demo", "figure1", "--out", "a.pdf", "--every", "0"], "--every"),
    ];
    for (args, says) in cases {
        let out = tumble(args, d);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        let left: Vec<_> = std::fs::read_dir(d).unwrap().collect();
        assert!(left.is_empty(), "{args:?} left {left:?}");
    }
    let out = tumble(&["demo", "figure1", "--out", "x.avi"], d);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains(".gif, .apng, .webp, .mp4, .webm, .svg (animated SVG), .html (a web page) or .pdf (a handout)"),
        "{err}"
    );
    // --every without a handout is said to do nothing.
    let out = tumble(&["demo", "figure1", "--gif", "f.gif", "--every", "3"], d);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--every and --paper are ignored"));
}

#[test]
fn a_talk_handout_has_its_title_card_then_each_items_pages() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("b.txt"), ".1..\n..1.\n....\n22#2\n").unwrap();
    let toml = format!(
        "title = \"Handout talk\"\n[[item]]\ntitle = \"Box one\"\nbox = \"{FIGURE1}\"\nmoves = \"+>\"\n\
         [[item]]\nohno = \"b.txt\"\nsteps = true\n"
    );
    std::fs::write(d.join("t.toml"), &toml).unwrap();
    ok(&tumble(&["talk", "t.toml", "--out", "t.pdf"], d));
    let pdf = d.join("t.pdf");
    // The opening card, the box's card, its start and two moves, the board and 9 deductions.
    assert_eq!(info(&pdf), (15, "595.276 x 841.89 pts (A4)".to_string()));
    assert_font_embedded(&pdf);
    assert_eq!(page_text(&pdf, 1), "Handout talk 1 / 15 Handout talk 1. Box one 2. 0h n0");
    assert_eq!(page_text(&pdf, 2), "Box one 2 / 15 Box one 1 of 2");
    assert!(page_text(&pdf, 3).starts_with("Box one 3 / 15") && page_text(&pdf, 3).contains("Start"));
    assert!(page_text(&pdf, 5).contains("After move 2 of 2"));
    assert!(page_text(&pdf, 15).starts_with("0h n0 15 / 15"), "{}", page_text(&pdf, 15));
    // Cards and moments are the raster's pictures.
    let talk = tumble::talk::parse(&toml, "t.toml", d).unwrap();
    let slides = tumble::talk::slides::slides(&talk, |c| Ok(c.animation().unwrap())).unwrap();
    assert_pages_are_the_raster("talk", &pdf, &slides, "Handout talk", Theme::Light, d);

    // US Letter; the built-in tour.
    ok(&tumble(&["talk", "tour", "--out", "tour.pdf", "--paper", "letter", "--theme", "dark"], d));
    let (pages, size) = info(&d.join("tour.pdf"));
    assert_eq!(size, "612 x 792 pts (letter)");
    assert!(page_text(&d.join("tour.pdf"), 1).contains("three puzzles with gravity"));
    assert!(pages > 20, "{pages}");

    // Two outputs that are one file, an unknown extension: exit 2, nothing written.
    for (args, says) in [
        (["talk", "t.toml", "--out", "a.pdf", "--out", "./a.pdf"], "are the same file"),
        (["talk", "t.toml", "--out", "a.txt", "--out", "b.pdf"], "a web page (.html) or a handout (.pdf)"),
    ] {
        let out = tumble(&args, d);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!d.join("a.pdf").exists() && !d.join("b.pdf").exists());
    }
}
