//! Every bundled demo loads and exports, and the mine demos score what their titles say.

use assert_cmd::Command;
use tumble::export::gif_read::decode;
use tumble::mine::Mine;

fn demos_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("demos")
}

#[test]
fn every_demo_exports_a_gif() {
    let listing = Command::cargo_bin("tumble").unwrap().arg("demo").assert().success().get_output().stdout.clone();
    let names: Vec<String> =
        String::from_utf8(listing).unwrap().lines().map(|l| l.split_whitespace().next().unwrap().to_string()).collect();
    let files = std::fs::read_dir(demos_dir()).unwrap().count();
    assert_eq!(names.len(), files, "every file in demos/ is listed");
    assert!(names.len() >= 10);
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        let gif = dir.path().join(format!("{name}.gif"));
        Command::cargo_bin("tumble")
            .unwrap()
            .args(["demo", &name, "--size", "80", "--gif"])
            .arg(&gif)
            .assert()
            .success();
        let d = decode(std::fs::File::open(&gif).unwrap()).unwrap();
        assert!(d.frames.len() >= 2, "{name}: {} frames", d.frames.len());
    }
}

#[test]
fn mine_demos_score_what_their_titles_say() {
    for entry in std::fs::read_dir(demos_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "mine") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let title = text.lines().next().unwrap();
        let route = text.lines().nth(1).unwrap().strip_prefix("; route: ").unwrap();
        let map: String = text.lines().skip(2).collect::<Vec<_>>().join("\n");
        let outcome = Mine::parse(&map).unwrap().run(route);
        if let Some(score) = title.split("score ").nth(1) {
            let claimed: i64 = score.trim_end_matches(')').parse().unwrap();
            assert_eq!(outcome.score, claimed, "{}", path.display());
        }
    }
}
