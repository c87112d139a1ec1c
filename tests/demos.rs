//! Every bundled demo loads and exports, and the mine demos score what their titles say.

use assert_cmd::Command;
use predicates::str::contains;
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
    let mut files: Vec<String> = std::fs::read_dir(demos_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "box" || x == "mine" || x == "ohno"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(names, files, "every demo file in demos/ is built in and listed");
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

#[test]
fn the_built_in_demos_are_the_files_of_the_demos_folder() {
    // Same names, same texts: the binary carries demos/ as it is in the checkout.
    let mut built_in: Vec<(String, String)> =
        tumble::cli::BUILT_IN_DEMOS.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    built_in.sort();
    let mut files: Vec<(String, String)> = std::fs::read_dir(demos_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "box" || x == "mine" || x == "ohno"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    files.sort();
    assert_eq!(built_in, files);
}

#[test]
fn the_built_in_tour_is_the_files_of_the_demos_folder_and_plays_from_anywhere() {
    let tour = tumble::talk::builtin::find("tour").expect("tour is built in");
    for (name, text) in tour.files {
        assert_eq!(&std::fs::read_to_string(demos_dir().join(name)).unwrap(), text, "{name}");
    }
    // From an empty folder: the page of the built-in talk, then its files written out, played
    // back from there, and refused a second time (nothing overwritten).
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| Command::cargo_bin("tumble").unwrap().current_dir(dir.path()).args(args).assert();
    run(&["talk", "tour", "--out", "tour.html"]).success().stderr(contains("wrote tour.html"));
    assert!(std::fs::read_to_string(dir.path().join("tour.html"))
        .unwrap()
        .contains("tumble: three puzzles with gravity"));
    run(&["demo", "tour", "--source", "mine"]).success().stderr(contains("wrote mine/tour-board.txt"));
    for (name, text) in tour.files {
        assert_eq!(&std::fs::read_to_string(dir.path().join("mine").join(name)).unwrap(), text, "{name}");
    }
    run(&["talk", "mine/tour.toml", "--out", "own.html"]).success();
    let again = run(&["demo", "tour", "--source", "mine"]).code(2);
    assert!(String::from_utf8_lossy(&again.get_output().stderr).contains("the file exists; not overwritten"));
    run(&["demo", "figure1", "--source", "."]).success().stderr(contains("wrote ./figure1.box"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("figure1.box")).unwrap(),
        std::fs::read_to_string(demos_dir().join("figure1.box")).unwrap()
    );
    run(&["talk", "nosuch", "--out", "x.html"]).code(2).stderr(contains("the built-in talks are: tour"));
    // An empty title is refused at its line and column.
    std::fs::write(
        dir.path().join("empty.toml"),
        "title = \"\"\n[[item]]\nbox = \".........@...o....ooo..xox...\"\nmoves = \"+\"\n",
    )
    .unwrap();
    run(&["talk", "empty.toml", "--out", "e.html"]).code(2).stderr(contains("empty.toml:1:9: `title` is empty"));
    assert!(!dir.path().join("e.html").exists());
}

#[test]
fn demos_from_a_folder_and_their_errors_name_the_file_line() {
    let dir = tempfile::tempdir().unwrap();
    let list = || Command::cargo_bin("tumble").unwrap().arg("demo").arg("--dir").arg(dir.path()).assert();
    // A folder without demo files is said to be one, not listed as nothing.
    list().code(2).stderr(predicates::str::contains("no demo files there (files ending in .box, "));
    std::fs::write(dir.path().join("mine.box"), "; My own\n.........@...o....ooo..xox...\n+\n").unwrap();
    list().success().stdout("mine             box   My own\n");
    std::fs::write(dir.path().join("bad.box"), "; Bad\n; second comment\n.........@...o....ooo..xox...\n+?\n").unwrap();
    std::fs::write(dir.path().join("bad2.mine"), "; Bad map\n; route: L\n####\n#RLx\n####\n").unwrap();
    let out = dir.path().join("x.gif");
    Command::cargo_bin("tumble")
        .unwrap()
        .args(["demo", "bad", "--gif"])
        .arg(&out)
        .arg("--dir")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad.box: moves: unknown character '?' at line 4, column 2"));
    Command::cargo_bin("tumble")
        .unwrap()
        .args(["demo", "bad2", "--dir"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad2.mine: unknown character 'x' at line 4, column 4"));
    assert!(!out.exists());
}
