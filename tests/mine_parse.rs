//! Reading maps: the error table (exact messages with 1-based line and column) and the
//! accepted forms (CRLF, padding, metadata in any order with trailing spaces).

use std::fs;
use tumble::mine::{render_map, MapError, Mine, Place, Tile};

fn data(path: &str) -> String {
    let p = format!("{}/tests/data/mine/{}", env!("CARGO_MANIFEST_DIR"), path);
    fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

#[test]
fn error_table() {
    let table: &[(&[u8], &str)] = &[
        (b"", "empty input: no map rows"),
        (b"\n\n\r\n", "empty input: no map rows"),
        (b"####\n#  #\n#L #\n####", "no robot (R) in the map"),
        (b"####\n#RR#\n#L #\n####", "two robots: at line 2, column 2 (x 2, y 3) and at line 2, column 3 (x 3, y 3)"),
        (b"#R#\n#R#\n#L#", "two robots: at line 1, column 2 (x 2, y 3) and at line 2, column 2 (x 2, y 2)"),
        (b"####\n#R #\n#  #\n####", "no lift (L) in the map"),
        (b"####\n#RL#\n#L #\n####", "two lifts: at line 2, column 3 (x 3, y 3) and at line 3, column 2 (x 2, y 2)"),
        (b"####\n#RL#\n#O #\n####", "two lifts: at line 2, column 3 (x 3, y 3) and at line 3, column 2 (x 2, y 2)"),
        (b"####\n#RL#\n#x #\n####", "unknown character 'x' at line 3, column 2"),
        (b"####\n#RL#\n#\t #\n####", "unknown character '\\t' at line 3, column 2"),
        (b"####\n#RL#\n####\nWater 1", "unknown character 'a' at line 4, column 2"),
        (b"####\n#RL#\n#\0 #\n####", "binary data (control character 0x00) at line 3, column 2"),
        (b"####\n#R\rL#\n####", "binary data (control character 0x0d) at line 2, column 3"),
        (b"\x7fELF\x02\x01\x01\0\0\0", "binary data (control character 0x7f) at line 1, column 1"),
        (b"####\n#RL\xff#\n####", "invalid UTF-8 at line 2, column 4"),
        (b"#R\xc3\xa9L\xff#", "invalid UTF-8 at line 1, column 5"),
        (
            b"####\n#RL#\n####\n\nWater x",
            "malformed metadata at line 5, column 7: expected a number after Water, found \"x\"",
        ),
        (
            b"####\n#RL#\n####\n\nRazors 18446744073709551615",
            "malformed metadata at line 5, column 8: Razors 18446744073709551615 is too large (at most 4294967295)",
        ),
        (
            b"####\n#RL#\n####\n\nWater 4294967296",
            "malformed metadata at line 5, column 7: Water 4294967296 is too large (at most 4294967295)",
        ),
        (
            b"####\n#RL#\n####\n\nGrowth 99999999999999999999999",
            "malformed metadata at line 5, column 8: Growth 99999999999999999999999 is too large (at most 4294967295)",
        ),
        (
            b"####\n#RL#\n####\n\nRazors +3",
            "malformed metadata at line 5, column 8: expected a number after Razors, found \"+3\"",
        ),
        (b"####\n#RL#\n####\n\nWater", "malformed metadata at line 5, column 6: expected a number after Water"),
        (b"####\n#RL#\n####\n\nWater 1 2", "malformed metadata at line 5, column 9: unexpected \"2\" after Water N"),
        (
            b"####\n#RL#\n####\n\nGrowth 5\nFlooding -1",
            "malformed metadata at line 6, column 10: expected a number after Flooding, found \"-1\"",
        ),
        (
            b"#####\n#RLA#\n#1  #\n#####\n\nTrampoline A hits 1",
            "malformed metadata at line 6, column 14: expected `targets`, found \"hits\"",
        ),
        (
            b"#####\n#RLA#\n#1  #\n#####\n\nTrampoline A",
            "malformed metadata at line 6, column 1: expected `Trampoline X targets N` (X in A-I, N in 1-9)",
        ),
        (
            b"#####\n#RLA#\n#1  #\n#####\n\nTrampoline J targets 1",
            "malformed metadata at line 6, column 12: expected a trampoline letter A-I, found \"J\"",
        ),
        (
            b"#####\n#RLA#\n#1  #\n#####\n\nTrampoline A targets 0",
            "malformed metadata at line 6, column 22: expected a target digit 1-9, found \"0\"",
        ),
        (
            b"#####\n#RLA#\n#1  #\n#####\n\nTrampoline A targets 1\nTrampoline A targets 1",
            "malformed metadata at line 7, column 12: trampoline A is given a target twice",
        ),
        (b"#####\n#RLA#\n#####", "trampoline A at line 2, column 4 has no target (no `Trampoline A targets N` line)"),
        (
            b"#####\n#RLA#\n#1 B#\n#####\n\nTrampoline A targets 1",
            "trampoline B at line 3, column 4 has no target (no `Trampoline B targets N` line)",
        ),
        (b"#####\n#RL1#\n#####", "target 1 at line 2, column 4 has no trampoline leading to it"),
        (
            b"#####\n#RL #\n#####\n\nTrampoline A targets 1",
            "metadata at line 5, column 12 names trampoline A, which is not in the map",
        ),
        (
            b"#####\n#RLA#\n#####\n\nTrampoline A targets 1",
            "metadata at line 5, column 22 names target 1, which is not in the map",
        ),
        (
            b"#####\n#RLA#\n#1A #\n#####\n\nTrampoline A targets 1",
            "trampoline A appears twice: at line 2, column 4 and at line 3, column 3",
        ),
        (
            b"#####\n#RLA#\n#11 #\n#####\n\nTrampoline A targets 1",
            "target 1 appears twice: at line 3, column 2 and at line 3, column 3",
        ),
    ];
    for (input, message) in table {
        let err = Mine::parse_bytes(input).expect_err(&format!("{:?} should fail", String::from_utf8_lossy(input)));
        assert_eq!(err.to_string(), *message, "input {:?}", String::from_utf8_lossy(input));
        if let Ok(text) = std::str::from_utf8(input) {
            assert_eq!(Mine::parse(text).unwrap_err(), err);
        }
    }
}

#[test]
fn error_values_carry_positions() {
    assert_eq!(
        Mine::parse("#R#\n#R#\n#L#").unwrap_err(),
        MapError::TwoRobots {
            first: Place { line: 1, column: 2, x: 2, y: 3 },
            second: Place { line: 2, column: 2, x: 2, y: 2 }
        }
    );
    assert_eq!(Mine::parse("#RL@x").unwrap_err(), MapError::UnknownCharacter { ch: 'x', line: 1, column: 5 });
    assert_eq!(Mine::parse_lenient("#R #").map(|m| m.lift()), Ok(None));
    assert_eq!(
        Mine::parse_lenient("#R #\n#LL#").unwrap_err().to_string(),
        "two lifts: at line 2, column 2 (x 2, y 1) and at line 2, column 3 (x 3, y 1)"
    );
}

#[test]
fn every_map_file_parses() {
    let dir = format!("{}/tests/data/mine/maps", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = fs::read(&path).unwrap();
        let m = Mine::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(m.width() > 0 && m.height() > 0);
        n += 1;
    }
    assert_eq!(n, 41);
}

#[test]
fn coordinates_padding_and_metadata() {
    // Short rows padded with spaces; (1, 1) bottom-left.
    let m = Mine::parse("#####\n#R\n#*\\L#\n###").unwrap();
    assert_eq!((m.width(), m.height()), (5, 4));
    assert_eq!(m.robot(), (2, 3));
    assert_eq!(m.lift(), Some((4, 2)));
    assert_eq!(m.cell(1, 1), Tile::Wall);
    assert_eq!(m.cell(4, 1), Tile::Empty);
    assert_eq!(m.cell(3, 3), Tile::Empty);
    assert_eq!(m.cell(2, 2), Tile::Rock);
    assert_eq!(m.cell(3, 2), Tile::Lambda);
    assert_eq!(m.cell(0, 2), Tile::Wall);
    assert_eq!(m.cell(6, 2), Tile::Wall);
    assert_eq!(m.lambdas_remaining(), 1);
    assert_eq!((m.water_level(), m.flooding(), m.waterproof(), m.growth(), m.razors()), (0, 0, 10, 25, 0));

    // flood1: trailing space on `Flooding 8 `.
    let f = Mine::parse(&data("maps/flood1.map")).unwrap();
    assert_eq!((f.water_level(), f.flooding(), f.waterproof()), (1, 8, 5));
    // flood3: `Waterproof 10 ` with a trailing space, keys in another order.
    let f3 = Mine::parse(&data("maps/flood3.map")).unwrap();
    assert_eq!(f3.waterproof(), 10);
    // beard4: CRLF, no metadata: defaults.
    let b4 = fs::read(format!("{}/tests/data/mine/maps/beard4.map", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert!(b4.windows(2).any(|w| w == b"\r\n"));
    let b4 = Mine::parse_bytes(&b4).unwrap();
    assert_eq!((b4.growth(), b4.razors()), (25, 0));
    assert!(!render_map(&b4).contains('\r'));
    // Trampolines.
    let t = Mine::parse(&data("maps/trampoline1.map")).unwrap();
    assert_eq!(t.trampoline_target('A'), Some('1'));
    assert_eq!(t.trampoline_target('Z'), None);
    // beard5: Growth 5, Razors 0; trailing spaces in rows.
    let b5 = Mine::parse(&data("maps/beard5.map")).unwrap();
    assert_eq!((b5.growth(), b5.razors()), (5, 0));
    // Metadata in any order, with CRLF and trailing spaces.
    let m = Mine::parse("####\r\n#RL#\r\n####\r\n\r\nRazors 3  \r\nWater 2\r\n\r\nGrowth 7\t\r\n").unwrap();
    assert_eq!((m.razors(), m.water_level(), m.growth()), (3, 2, 7));
}

#[test]
fn render_reads_back() {
    for name in ["contest1", "contest10", "beard2", "horock3", "trampoline3", "flood4", "round2_full10"] {
        let text = data(&format!("maps/{name}.map"));
        let m = Mine::parse(&text).unwrap();
        let grid: Vec<&str> = text.lines().take_while(|l| !l.trim_end_matches('\r').is_empty()).collect();
        let rendered = render_map(&m);
        for (ours, theirs) in rendered.lines().zip(&grid) {
            assert_eq!(ours.trim_end(), theirs.trim_end_matches('\r').trim_end(), "{name}");
        }
        if !rendered.contains(|c: char| c.is_ascii_digit()) {
            assert_eq!(render_map(&Mine::parse(&rendered).unwrap()), rendered);
        }
    }
}

#[test]
fn unknown_metadata_is_a_warning_and_the_map_is_played() {
    let text = "####\n#RL#\n####\n\nEasiness 23\nWater 2\n7\nWter 5";
    let (mine, warnings) = Mine::parse_with_warnings(text).unwrap();
    assert_eq!(mine.water_level(), 2);
    let lines: Vec<(usize, usize, &str)> = warnings.iter().map(|w| (w.line, w.column, w.text.as_str())).collect();
    assert_eq!(lines, [(5, 1, "Easiness 23"), (7, 1, "7"), (8, 1, "Wter 5")]);
    assert_eq!(
        warnings[0].to_string(),
        "line 5, column 1: ignored \"Easiness 23\": not a metadata line tumble knows (Water, Flooding, Waterproof, \
         Growth, Razors, Trampoline)"
    );
    // The largest number is taken.
    let (m, w) = Mine::parse_with_warnings("####\n#RL#\n####\n\nRazors 4294967295").unwrap();
    assert_eq!((m.razors(), w.len()), (4294967295, 0));
}

#[test]
fn a_byte_order_mark_and_crlf_are_accepted() {
    let plain = Mine::parse("#####\n#R\\L#\n#####\n\nWater 1\n").unwrap();
    let bom = Mine::parse_bytes(b"\xef\xbb\xbf#####\r\n#R\\L#\r\n#####\r\n\r\nWater 1\r\n").unwrap();
    assert_eq!(plain, bom);
    // Columns after a byte-order mark are an editor's: the mark is not one.
    let e = Mine::parse_bytes(b"\xef\xbb\xbf#x#\n#RL#").unwrap_err();
    assert_eq!(e.to_string(), "unknown character 'x' at line 1, column 2");
}
