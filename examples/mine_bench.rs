//! Route-finder benchmark: runs `tumble::mine::solve` on the 26 official sample maps and the 15
//! judging maps (or the maps named) and compares with the organisers' high-score table
//! (section E of `tests/data/mine/VECTORS.md`).
//!
//! ```text
//! cargo run --release --example mine_bench -- --time-limit 10 [--threads 2] [MAPS...]
//! cargo run --release --example mine_bench -- --budget-steps 15000000 [MAPS...]
//! ```
//!
//! With `--budget-steps` each map gets a work budget instead (`SolveOptions::budget_steps`: one
//! thread, the same route on every run), so that a change is judged by its effect and not by
//! timing noise; the time column is then the wall time it took.
//!
//! Each map runs in a child process of this example (`--one MAP`), one after the other, so the
//! peak memory (VmHWM) is per map. Map names are file stems in `tests/data/mine/maps/`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command as Proc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tumble::mine::{solve, Mine, SolveOptions};

const SAMPLE: [&str; 26] = [
    "contest1",
    "contest2",
    "contest3",
    "contest4",
    "contest5",
    "contest6",
    "contest7",
    "contest8",
    "contest9",
    "contest10",
    "flood1",
    "flood2",
    "flood3",
    "flood4",
    "flood5",
    "trampoline1",
    "trampoline2",
    "trampoline3",
    "beard1",
    "beard2",
    "beard3",
    "beard4",
    "beard5",
    "horock1",
    "horock2",
    "horock3",
];

const JUDGING: [&str; 15] = [
    "round1_lightning1",
    "round1_lightning2",
    "round1_lightning3",
    "round1_lightning4",
    "round1_lightning5",
    "round1_full1",
    "round1_full2",
    "round1_full3",
    "round1_full4",
    "round1_full5",
    "round2_full6",
    "round2_full7",
    "round2_full8",
    "round2_full9",
    "round2_full10",
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mine")
}

/// The file of the map named `name` (a file stem in `tests/data/mine/maps/`).
fn map_path(name: &str) -> PathBuf {
    data_dir().join("maps").join(format!("{name}.map"))
}

/// The high-score table of VECTORS.md section E: map -> score, from column "high score (2)"
/// (the snapshot whose sum the file states), falling back to column (1).
fn high_scores(vectors: &str) -> HashMap<String, i64> {
    let mut out = HashMap::new();
    let mut in_e = false;
    for line in vectors.lines() {
        if line.starts_with("## ") {
            in_e = line.starts_with("## E.");
            continue;
        }
        if !in_e || !line.starts_with('|') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        // ["", map, (1), (2), best, ""]
        if cols.len() < 4 {
            continue;
        }
        let v = cols[3].parse::<i64>().or_else(|_| cols[2].parse::<i64>());
        if let Ok(v) = v {
            out.insert(cols[1].to_string(), v);
        }
    }
    out
}

/// Peak resident memory of this process in kB (VmHWM), 0 if unknown.
fn vm_hwm_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn run_one(map: &str, secs: f64, threads: usize, budget_steps: Option<u64>) {
    let text = std::fs::read_to_string(map_path(map)).unwrap_or_else(|e| panic!("reading {map}: {e}"));
    let mine = Mine::parse(&text).expect("map parses");
    // Under a work budget the time limit is only a safety net.
    let time_limit = Duration::from_secs_f64(if budget_steps.is_some() { 3600.0 } else { secs });
    let opts = SolveOptions { time_limit, threads, budget_steps, ..SolveOptions::default() };
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let sol = solve(&mine, &opts, &stop, &|_| {});
    let elapsed = t.elapsed().as_secs_f64();
    let check = mine.clone().run(&sol.route).score;
    assert_eq!(check, sol.score, "re-scored route differs");
    println!(
        "RESULT {map} {} {elapsed:.2} {} {} {}",
        sol.score,
        vm_hwm_kb(),
        sol.states_explored,
        if sol.route.is_empty() { "-" } else { &sol.route }
    );
}

/// Runs the route finder on the contest's maps and compares with the organisers' high-score
/// table (a line per map: map, our score, the table's, ratio, time, peak memory, states).
#[derive(clap::Parser)]
#[command(name = "mine_bench")]
struct Args {
    /// Time budget per map in seconds.
    #[arg(long, default_value_t = 10.0)]
    time_limit: f64,
    /// Worker threads per map.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// A work budget per map in engine steps instead of the time budget (one thread; a million
    /// stand for about a second): the same route on every run.
    #[arg(long, value_name = "STEPS")]
    budget_steps: Option<u64>,
    /// Also print each map's route.
    #[arg(long)]
    routes: bool,
    /// Run one map in this process and print a RESULT line (used for the child processes).
    #[arg(long, hide = true)]
    one: Option<String>,
    /// Maps to run (file stems in tests/data/mine/maps/, e.g. flood4); all 41 when none.
    maps: Vec<String>,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let (secs, threads, routes) = (args.time_limit, args.threads, args.routes);
    if !(secs > 0.0 && secs.is_finite()) {
        eprintln!("error: --time-limit must be a positive number of seconds, not {secs}");
        std::process::exit(2);
    }
    if let Some(map) = args.one {
        run_one(&map, secs, threads, args.budget_steps);
        return;
    }
    let mut maps: Vec<String> = args.maps.iter().map(|m| m.trim_end_matches(".map").to_string()).collect();
    if maps.is_empty() {
        maps = SAMPLE.iter().chain(JUDGING.iter()).map(|s| s.to_string()).collect();
    }
    if let Some(bad) = maps.iter().find(|m| !map_path(m).is_file()) {
        eprintln!("error: no map named {bad:?} in {}", data_dir().join("maps").display());
        std::process::exit(2);
    }
    let vectors = std::fs::read_to_string(data_dir().join("VECTORS.md")).expect("VECTORS.md");
    let table = high_scores(&vectors);
    let exe = std::env::current_exe().expect("current exe");
    println!(
        "{:<18} {:>7} {:>7} {:>7} {:>7} {:>9} {:>10}",
        "map", "ours", "table", "ratio", "time s", "peak MB", "states"
    );
    let (mut ours_sum, mut table_sum, mut sample_count) = (0i64, 0i64, 0);
    let mut all_sum = 0i64;
    let mut peak_max = 0u64;
    for map in &maps {
        let mut child = Proc::new(&exe);
        child.args(["--one", map, "--time-limit", &secs.to_string(), "--threads", &threads.to_string()]);
        if let Some(steps) = args.budget_steps {
            child.args(["--budget-steps", &steps.to_string()]);
        }
        let out = child.output().expect("child runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let Some(line) = stdout.lines().find(|l| l.starts_with("RESULT ")) else {
            println!("{map:<18} failed: {}", String::from_utf8_lossy(&out.stderr));
            continue;
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        let score: i64 = f[2].parse().unwrap();
        let time: f64 = f[3].parse().unwrap();
        let kb: u64 = f[4].parse().unwrap();
        let states: u64 = f[5].parse().unwrap();
        peak_max = peak_max.max(kb);
        all_sum += score;
        let best = table.get(map.as_str()).copied();
        if SAMPLE.contains(&map.as_str()) {
            ours_sum += score;
            table_sum += best.unwrap_or(0);
            sample_count += 1;
        }
        println!(
            "{:<18} {:>7} {:>7} {:>7} {:>7.2} {:>9.1} {:>10}",
            map,
            score,
            best.map_or("-".to_string(), |b| b.to_string()),
            best.map_or("-".to_string(), |b| format!("{:.3}", score as f64 / b as f64)),
            time,
            kb as f64 / 1024.0,
            states
        );
        if routes {
            println!("    {}", f[6]);
        }
    }
    if sample_count > 0 {
        println!(
            "sample maps ({sample_count}): ours {ours_sum}, table {table_sum} (full table total {}), ratio {:.3}",
            SAMPLE.iter().filter_map(|m| table.get(*m)).sum::<i64>(),
            ours_sum as f64 / table_sum.max(1) as f64
        );
    }
    println!(
        "all maps run ({}): ours {all_sum}; largest per-map peak memory {:.1} MB",
        maps.len(),
        peak_max as f64 / 1024.0
    );
}
