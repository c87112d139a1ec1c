//! The hint of the mine's play mode: the route finder ([`crate::mine::solve`]) searching, in a
//! background thread, for the rest of the route from the position the player reached; the best
//! route so far can be read at any time and improves while the search goes on. Dropping the
//! [`Hint`] stops the search (it returns within about a second). No drawing here: the path is
//! drawn by `draw.rs` ([`crate::mine::draw::HintPath`]).

use crate::mine::solve::{solve, SolveOptions};
use crate::mine::{Command, Mine, Pos};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a hint search runs at most: the search keeps polishing its route until then.
pub const HINT_SECONDS: u64 = 60;

/// What the search thread shares with the player's side.
#[derive(Debug, Default)]
struct Found {
    /// The best rest of the route so far and the score the whole game then reaches.
    best: Mutex<Option<(i64, String)>>,
    /// Raised at every new best route (so that a reader knows when to draw again).
    version: AtomicU64,
    /// The search has ended (budget spent or stopped).
    done: AtomicBool,
}

/// A route finder searching from one position of a game (see the module doc).
#[derive(Debug)]
pub struct Hint {
    found: Arc<Found>,
    stop: Arc<AtomicBool>,
    /// The version last handed out by [`Hint::news`].
    seen: u64,
}

impl Hint {
    /// Starts the search from `mine` (a game in progress) in a background thread, on one
    /// thread for at most [`HINT_SECONDS`] and half the contest's memory (512 MiB). Scores
    /// are the whole game's: what the moves played so far and the hint's route reach together,
    /// as the judges score a route (an abort at its end if it does not end the game).
    pub fn start(mine: &Mine) -> Hint {
        let found = Arc::new(Found::default());
        let stop = Arc::new(AtomicBool::new(false));
        let (mine, f, s) = (mine.clone(), found.clone(), stop.clone());
        std::thread::spawn(move || {
            let opts = SolveOptions {
                time_limit: Duration::from_secs(HINT_SECONDS),
                threads: 1,
                memory_limit_bytes: 1 << 29,
                ..SolveOptions::default()
            };
            let keep = |score: i64, route: &str| {
                let mut best = f.best.lock().unwrap_or_else(|p| p.into_inner());
                if !route.is_empty() && best.as_ref().is_none_or(|(s, _)| score > *s) {
                    *best = Some((score, route.to_string()));
                    f.version.fetch_add(1, Ordering::Relaxed);
                }
            };
            let sol = solve(&mine, &opts, &s, &|p| keep(p.best_score, &p.best_route));
            keep(sol.score, &sol.route);
            f.done.store(true, Ordering::Relaxed);
            f.version.fetch_add(1, Ordering::Relaxed);
        });
        Hint { found, stop, seen: 0 }
    }

    /// The best route found so far (the rest of the game, commands `L R U D W S`) and the
    /// whole game's score with it; `None` while none beats aborting here.
    pub fn best(&self) -> Option<(i64, String)> {
        self.found.best.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Whether the search has ended.
    pub fn done(&self) -> bool {
        self.found.done.load(Ordering::Relaxed)
    }

    /// True once after each change (a better route, or the search's end) since the last call.
    pub fn news(&mut self) -> bool {
        let v = self.found.version.load(Ordering::Relaxed);
        let new = v != self.seen;
        self.seen = v;
        new
    }
}

impl Drop for Hint {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The robot's cells along `route` played from `mine` with the engine: the start first, then
/// one cell per command that moved the robot (a trampoline jump included), up to the game's end.
pub fn robot_path(mine: &Mine, route: &str) -> Vec<Pos> {
    let mut m = mine.clone();
    let mut cells = vec![m.robot()];
    for c in route.chars().filter_map(Command::from_char) {
        if m.ending().is_some() {
            break;
        }
        m.step(c);
        if cells.last() != Some(&m.robot()) {
            cells.push(m.robot());
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    const CONTEST1: &str = "######\n#. *R#\n#  \\.#\n#\\ * #\nL  .\\#\n######";

    /// From the start of contest1 the search finds the known best route (212) within seconds,
    /// and its path starts at the robot and ends in the lift.
    #[test]
    fn the_hint_finds_contest1s_best_route_and_its_path_ends_in_the_lift() {
        let mine = Mine::parse(CONTEST1).unwrap();
        let mut hint = Hint::start(&mine);
        let t = Instant::now();
        while hint.best().is_none_or(|(s, _)| s < 212) && t.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(hint.news());
        let (score, route) = hint.best().expect("a route");
        assert_eq!(score, 212);
        assert_eq!(mine.clone().run(&route).score, 212);
        let path = robot_path(&mine, &route);
        assert_eq!(path[0], (5, 5));
        assert_eq!(*path.last().unwrap(), (1, 2), "the lift");
        assert!(path.windows(2).all(|w| w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1) == 1));
        drop(hint);
    }

    /// Scores are the whole game's: after two moves of the player's own, the hint's route
    /// played after them scores what the hint says.
    #[test]
    fn the_hint_from_a_game_in_progress_scores_the_whole_game() {
        let mut mine = Mine::parse(CONTEST1).unwrap();
        mine.run("LD");
        let hint = Hint::start(&mine);
        let t = Instant::now();
        while !hint.done() && hint.best().is_none_or(|(s, _)| s < 200) && t.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let (score, route) = hint.best().expect("a route");
        assert_eq!(mine.clone().run(&route).score, score);
        assert!(score >= 200, "{score} {route}");
    }
}
