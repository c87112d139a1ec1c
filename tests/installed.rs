//! tumble as a user installs it (the binary `cargo install --path . --root DIR` builds, copied
//! into DIR/bin) and run from another folder: the demos are inside the binary, and no path of
//! the checkout is compiled in. (Building it again with `cargo install` here took three minutes
//! of the CI run for the same binary.)

use std::process::Command;

#[test]
fn the_installed_binary_runs_the_demos_from_any_folder() {
    let manifest = env!("CARGO_MANIFEST_DIR");
    let root = tempfile::tempdir().unwrap();
    // The release binary this run built (what `cargo install --path .` builds: the same
    // profile and features), copied out of the checkout as an install puts it.
    std::fs::create_dir_all(root.path().join("bin")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_tumble"), root.path().join("bin").join("tumble")).unwrap();
    let bin = root.path().join("bin").join("tumble");
    assert!(bin.is_file());
    // No path of the checkout in the binary.
    let bytes = std::fs::read(&bin).unwrap();
    assert!(
        !bytes.windows(manifest.len()).any(|w| w == manifest.as_bytes()),
        "the binary holds the checkout's path {manifest}"
    );
    // Run from an empty folder with an empty home: nothing to find but what is inside.
    let work = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        Command::new(&bin).args(args).current_dir(work.path()).env("HOME", work.path()).output().unwrap()
    };
    let listing = run(&["demo"]);
    assert!(listing.status.success());
    let listing = String::from_utf8_lossy(&listing.stdout).into_owned();
    assert_eq!(listing.lines().count(), tumble::cli::BUILT_IN_DEMOS.len(), "{listing}");
    assert!(listing.contains("figure1          box   The challenge's Figure 1(a)"), "{listing}");
    let out = run(&["demo", "figure1", "--gif", "figure1.gif"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let gif = tumble::export::gif_read::decode(std::fs::File::open(work.path().join("figure1.gif")).unwrap()).unwrap();
    // Figure 1(a) with +>|<-v+^+: one frame per state, 1 s each.
    assert!(gif.frames.len() > 9 && gif.frames.iter().all(|f| f.delay_cs == 100), "{} frames", gif.frames.len());
    let out = run(&["demo", "mine-flood", "--size", "120"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(work.path().join("mine-flood.gif").is_file());
    assert!(run(&["completions", "bash"]).status.success());
}
