//! The mine engine against every recorded vector: VECTORS.md sections A (organisers' validator,
//! with final maps), B (spec examples), C (other teams' routes) and D (micro cases with
//! micro/EXPECTED.txt). Data copied verbatim into tests/data/mine/.

use serde_json::Value;
use std::fs;
use tumble::mine::{render_map, Ending, Loss, Mine, Outcome, Tile};

fn data(path: &str) -> String {
    let p = format!("{}/tests/data/mine/{}", env!("CARGO_MANIFEST_DIR"), path);
    fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// The map file for a map name used in the vectors.
fn map_file(name: &str) -> String {
    let file = if name.starts_with("beard5-0") {
        "maps/beard5.map".to_string()
    } else if name.starts_with("beard5-5") {
        "micro/beard5_razors5_growth25.map".to_string()
    } else if name.starts_with("beard5(") {
        "micro/beard5_razors10_early.map".to_string()
    } else if name.starts_with("spec_") {
        format!("micro/{name}.map")
    } else if name == "contest4_1" {
        "maps/contest4.map".to_string()
    } else {
        format!("maps/{name}.map")
    };
    data(&file)
}

fn mine(name: &str) -> Mine {
    Mine::parse(&map_file(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn ending_name(o: &Outcome) -> String {
    match o.ending {
        Ending::Win => "win".into(),
        Ending::Abort if o.implicit_abort => "abort(implicit)".into(),
        Ending::Abort => "abort".into(),
        Ending::Lost(Loss::Crushed) => "lose (crushed)".into(),
        Ending::Lost(Loss::Drowned) => "lose (drowned)".into(),
    }
}

/// Our rendering drawn the way the organisers' validator draws it: trampolines `T`, targets
/// `t`, and after a win the robot's cell (the lift) as `O`.
fn validator_view(m: &Mine) -> String {
    let mut out = Vec::new();
    for y in (1..=m.height()).rev() {
        let row: String = (1..=m.width())
            .map(|x| match m.cell(x, y) {
                Tile::Trampoline(_) => 'T',
                Tile::Target(_) => 't',
                Tile::Robot if m.ending() == Some(Ending::Win) => 'O',
                t => t.to_char(),
            })
            .collect();
        out.push(row);
    }
    out.join("\n")
}

fn num(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// Sections A, B and C from vectors.json: score (the source's, where it gives a number, and
/// the spec-reproduced one), ending, moves, lambdas.
#[test]
fn vectors_a_b_c() {
    let rows: Vec<Vec<Value>> = serde_json::from_str(&data("vectors.json")).unwrap();
    let (mut a, mut b, mut c) = (0, 0, 0);
    for r in &rows {
        let name = r[0].as_str().unwrap();
        let route = r[1].as_str().unwrap();
        let mut m = mine(name);
        let o = m.run(route);
        let ctx = format!("{name} {route:?}");
        if let Some(expected) = num(&r[2]) {
            assert_eq!(o.score, expected, "{ctx}: source score");
        }
        assert_eq!(o.score, r[3].as_i64().unwrap(), "{ctx}: score");
        assert_eq!(ending_name(&o), r[4].as_str().unwrap(), "{ctx}: ending");
        assert_eq!(o.moves as u64, r[5].as_u64().unwrap(), "{ctx}: moves");
        assert_eq!(o.lambdas as u64, r[6].as_u64().unwrap(), "{ctx}: lambdas");
        let source = r[7].as_str().unwrap();
        if source.starts_with("validator") {
            a += 1;
        } else if source.starts_with("official") {
            b += 1;
        } else {
            c += 1;
        }
    }
    eprintln!("vectors.json: A {a}, B {b}, C {c} passed");
    assert_eq!((a, b, c), (75, 3, 26));
}

/// Section A final maps, machine-readable form (validator_answers.json, 64 answers).
#[test]
fn validator_final_maps_json() {
    let rows: Vec<Vec<Value>> = serde_json::from_str(&data("validator_answers.json")).unwrap();
    for r in &rows {
        let (name, route) = (r[0].as_str().unwrap(), r[1].as_str().unwrap());
        let mut m = mine(name);
        let o = m.run(route);
        assert_eq!(o.score, r[2].as_i64().unwrap(), "{name} {route:?}: score");
        assert_eq!(validator_view(&m), r[3].as_str().unwrap(), "{name} {route:?}: final map");
    }
    assert_eq!(rows.len(), 64);
}

/// Parses "name `route` -> score" headers each followed by a ``` block.
fn md_blocks(text: &str) -> Vec<(String, String, i64, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if let (Some(a), Some(arrow)) = (l.find(" `"), l.rfind("` -> ")) {
            if i + 1 < lines.len() && lines[i + 1] == "```" && !l.starts_with('|') {
                let head = &l[..a];
                let name = head.rsplit(' ').next().unwrap().to_string();
                let route = l[a + 2..arrow].to_string();
                let score: i64 = l[arrow + 5..].trim().parse().unwrap();
                let mut j = i + 2;
                let mut map = Vec::new();
                while lines[j] != "```" {
                    map.push(lines[j]);
                    j += 1;
                }
                out.push((name, route, score, map.join("\n")));
                i = j;
            }
        }
        i += 1;
    }
    out
}

/// Section A final maps as printed in VECTORS.md (source 1 and source 2, yhara).
#[test]
fn validator_final_maps_markdown() {
    let md = data("VECTORS.md");
    let section_a = &md[..md.find("## B.").unwrap()];
    let blocks = md_blocks(section_a);
    for (name, route, score, map) in &blocks {
        let mut m = mine(name);
        let o = m.run(route);
        assert_eq!(o.score, *score, "{name} {route:?}: score");
        assert_eq!(validator_view(&m), *map, "{name} {route:?}: final map");
    }
    eprintln!("VECTORS.md section A final maps: {} passed", blocks.len());
    assert_eq!(blocks.len(), 56 + 11);
}

/// Section B: the FAQ rock examples (organisers state the outcome) and the spec's rock crash.
#[test]
fn spec_faq_examples() {
    let cases: [(&str, &str, i64, Option<Ending>); 4] = [
        ("faq1", "L", -1, Some(Ending::Lost(Loss::Crushed))),
        ("faq2", "L", -1, None),
        ("faq3", "W", -1, None),
        ("faq4", "D", -1, Some(Ending::Lost(Loss::Crushed))),
    ];
    for (name, route, score, ending) in cases {
        let mut m = Mine::parse_lenient(&data(&format!("micro/{name}.map"))).unwrap();
        let o = m.run(route);
        assert_eq!((o.score, m.ending()), (score, ending), "{name}");
    }
    let mut m = Mine::parse_lenient("#######\n#* *#R#\n#* *# #\n#######").unwrap();
    m.run("W");
    assert!(render_map(&m).starts_with("#######\n#   #R#\n#***# #"));
}

/// Section D: every micro case in micro/EXPECTED.txt (score, ending, moves, lambdas, razors,
/// water level, steps under water, final map).
#[test]
fn micro_expected() {
    let text = data("micro/EXPECTED.txt");
    let mut n = 0;
    for case in text.split("### ").skip(1) {
        let mut lines = case.lines();
        let head = lines.next().unwrap();
        let map: Vec<&str> = lines.collect();
        let name = head.split(' ').next().unwrap();
        let q1 = head.find('\'').unwrap();
        let q2 = q1 + 1 + head[q1 + 1..].find('\'').unwrap();
        let route = &head[q1 + 1..q2];
        let rest: Vec<&str> = head[q2 + 1..].split_whitespace().collect();
        // -> SCORE ENDING... moves M λ L razors R water W under U
        let score: i64 = rest[1].parse().unwrap();
        let at = |k: &str| -> usize {
            let p = rest.iter().position(|w| *w == k).unwrap();
            rest[p + 1].parse().unwrap()
        };
        let moves_pos = rest.iter().position(|w| *w == "moves").unwrap();
        let ending = rest[2..moves_pos].join(" ");
        let mut m = Mine::parse_lenient(&data(&format!("micro/{name}.map"))).unwrap();
        let o = m.run(route);
        let ctx = format!("{name} {route:?}");
        assert_eq!(o.score, score, "{ctx}");
        let ours = match ending_name(&o).as_str() {
            "lose (crushed)" => "lose crushed".to_string(),
            "lose (drowned)" => "lose drowned".to_string(),
            e => e.to_string(),
        };
        assert_eq!(ours, ending, "{ctx}");
        assert_eq!(o.moves, at("moves"), "{ctx}");
        assert_eq!(o.lambdas, at("λ"), "{ctx}");
        assert_eq!(o.razors, at("razors"), "{ctx}");
        assert_eq!(o.water_level, at("water"), "{ctx}");
        assert_eq!(m.steps_under_water(), at("under"), "{ctx}");
        assert_eq!(render_map(&m), map.join("\n"), "{ctx}");
        n += 1;
    }
    eprintln!("micro/EXPECTED.txt: {n} passed");
    assert_eq!(n, 23);
}

/// Section D as printed in VECTORS.md (D1-D19), with their maps inline.
#[test]
fn micro_markdown() {
    let md = data("VECTORS.md");
    let d = &md[md.find("## D.").unwrap()..md.find("## E.").unwrap()];
    let mut n = 0;
    for case in d.split("### D").skip(1) {
        let head = case.lines().next().unwrap();
        let r1 = head.find('`').unwrap();
        let r2 = r1 + 1 + head[r1 + 1..].find('`').unwrap();
        let route = &head[r1 + 1..r2];
        let score: i64 = head[r2..].split_whitespace().nth(3).unwrap().trim_end_matches(',').parse().unwrap();
        let blocks: Vec<&str> = case.split("```\n").collect();
        // blocks: [head, map, between, final, tail]
        let (start, fin) = (blocks[1], blocks[3]);
        let mut m = Mine::parse_lenient(start).unwrap();
        let o = m.run(route);
        assert_eq!(o.score, score, "D{head}");
        assert_eq!(render_map(&m), fin.trim_end_matches('\n'), "D{head}");
        n += 1;
    }
    assert_eq!(n, 19);
}
