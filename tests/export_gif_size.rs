//! tumble's GIFs are no larger than `gifsicle -O3` makes of them, on the two
//! animations (Figure 1(a) at 20 fps, the mine-flood demo) and a wider sample of box, mine
//! and 0h n0 animations at several sizes; and gifsicle's optimised copy shows the same
//! pictures (ours composes to what it did). Skips with a note when gifsicle is not installed.

use assert_cmd::Command;
use tumble::export::gif_read::decode;

#[test]
fn no_larger_than_gifsicle_o3() {
    if which::which("gifsicle").is_err() {
        eprintln!("note: gifsicle not on PATH: size comparison skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[&str])] = &[
        ("figure1", &["--fps", "20"]),
        ("mine-flood", &[]),
        ("mine-flood", &["--fps", "20", "--size", "300"]),
        ("mine-contest1", &["--size", "240"]),
        ("ohno-9x9", &["--size", "500"]),
        ("ohno-demo", &["--fps", "20", "--size", "200"]),
        ("crowd", &["--fps", "20", "--size", "250"]),
        ("dropout", &["--size", "600"]),
        ("smole-lost", &["--fps", "10", "--size", "320"]),
    ];
    for (k, (demo, args)) in cases.iter().enumerate() {
        let ours = dir.path().join(format!("{k}.gif"));
        Command::cargo_bin("tumble")
            .unwrap()
            .args(["demo", demo])
            .args(*args)
            .arg("--gif")
            .arg(&ours)
            .assert()
            .success();
        let o3 = dir.path().join(format!("{k}.o3.gif"));
        let ok = std::process::Command::new("gifsicle").arg("-O3").arg(&ours).arg("-o").arg(&o3).status().unwrap();
        assert!(ok.success());
        let (a, b) = (std::fs::metadata(&ours).unwrap().len(), std::fs::metadata(&o3).unwrap().len());
        eprintln!("{demo} {args:?}: ours {a} bytes, gifsicle -O3 {b} bytes");
        assert!(a <= b, "{demo} {args:?}: ours {a} bytes, gifsicle -O3 {b}");
        let (da, db) =
            (decode(std::fs::File::open(&ours).unwrap()).unwrap(), decode(std::fs::File::open(&o3).unwrap()).unwrap());
        assert_eq!(da.duration_cs(), db.duration_cs());
        let mut t = 0;
        while t < da.duration_cs() {
            assert!(da.at_cs(t).rgba == db.at_cs(t).rgba, "{demo} {args:?}: the pictures at {t} cs differ");
            t += 5;
        }
    }
}
