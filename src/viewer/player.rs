//! Where one show is in its timeline and how it moves: playing, paused, or a clicker step
//! playing one manipulation in at most [`STEP_SECONDS`]. No window here: time comes in as the
//! frame's seconds, so that every rule is tested with plain numbers.

use crate::anim::Timeline;

/// Longest a clicker step (PageDown, PageUp) takes to play its manipulation, seconds of real
/// time.
pub const STEP_SECONDS: f64 = 0.4;

/// Two times closer than this (seconds) are the same moment.
const EPS: f64 = 1e-6;

/// When each manipulation of a timeline starts and when it comes to rest, seconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Manipulations {
    /// Start of manipulation `k` (the timeline's `manipulation_starts`).
    pub starts: Vec<f64>,
    /// When manipulation `k`'s last transition ends (its picture at rest, before any pause the
    /// pacing adds).
    pub rests: Vec<f64>,
}

impl Manipulations {
    /// The manipulations of `tl`.
    pub fn of(tl: &Timeline) -> Manipulations {
        Manipulations { starts: tl.manipulation_starts.clone(), rests: tl.manipulation_rests() }
    }

    /// How many manipulations have come to rest by time `t` seconds.
    pub fn done_at(&self, t: f64) -> usize {
        self.rests.iter().filter(|&&r| r <= t + EPS).count()
    }

    /// The time at which the first `k` manipulations are done and the picture is at rest: 0 for
    /// `k == 0`, else the rest of manipulation `k - 1`.
    pub fn after(&self, k: usize) -> f64 {
        if k == 0 {
            0.0
        } else {
            self.rests[k - 1]
        }
    }
}

/// A clicker step in progress: `t` goes from `from` to `to` in `length` seconds of real time,
/// then jumps to `then` (the same picture, at a time the other keys agree on).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Step {
    from: f64,
    to: f64,
    then: f64,
    elapsed: f64,
    length: f64,
}

/// The position in one show (or in a title card, with no timeline).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The time shown, seconds of the timeline (0..=duration).
    pub t: f64,
    /// Playing (time runs at the speed) or paused.
    pub playing: bool,
    /// Length of the timeline, seconds (0 for a title card).
    pub duration: f64,
    /// The show's manipulations.
    pub manipulations: Manipulations,
    step: Option<Step>,
}

impl Player {
    /// At the start of `tl`, paused; `None` gives a title card's player (nothing to play).
    pub fn new(tl: Option<&Timeline>) -> Player {
        Player {
            t: 0.0,
            playing: false,
            duration: tl.map_or(0.0, |tl| tl.duration),
            manipulations: tl.map(Manipulations::of).unwrap_or_default(),
            step: None,
        }
    }

    /// True while a clicker step is playing.
    pub fn stepping(&self) -> bool {
        self.step.is_some()
    }

    /// Ends a clicker step at once, where it was going.
    fn settle(&mut self) {
        if let Some(s) = self.step.take() {
            self.t = s.then;
        }
    }

    fn start_step(&mut self, from: f64, to: f64, then: f64, speed: f64) {
        self.playing = false;
        let length = ((to - from).abs() / speed).min(STEP_SECONDS);
        if length <= 0.0 {
            self.t = then;
            return;
        }
        self.t = from;
        self.step = Some(Step { from, to, then, elapsed: 0.0, length });
    }

    /// PageDown: plays the next manipulation not yet at rest, in at most [`STEP_SECONDS`]
    /// (from its start if the time is before it), and pauses there. False when none is left
    /// (the caller may go on to the next item).
    pub fn forward(&mut self, speed: f64) -> bool {
        self.settle();
        let m = &self.manipulations;
        let Some(k) = (0..m.rests.len()).find(|&k| m.rests[k] > self.t + EPS) else {
            return false;
        };
        let (from, to) = (self.t.max(m.starts[k]), m.rests[k]);
        self.start_step(from, to, to, speed);
        true
    }

    /// PageUp: plays the last manipulation that has started backwards, in at most
    /// [`STEP_SECONDS`], and pauses at the rest before it. False at the start (the caller may
    /// go back to the previous item).
    pub fn back(&mut self, speed: f64) -> bool {
        self.settle();
        let m = &self.manipulations;
        let Some(k) = (0..m.starts.len()).rev().find(|&k| m.starts[k] < self.t - EPS) else {
            return false;
        };
        let (from, to, then) = (self.t.min(m.rests[k]), m.starts[k], m.after(k));
        self.start_step(from, to, then, speed);
        true
    }

    /// Space: pauses or plays; at the end, plays again from the start.
    pub fn toggle(&mut self) {
        self.settle();
        if !self.playing && self.t >= self.duration - EPS {
            self.t = 0.0;
            self.playing = self.duration > 0.0;
        } else {
            self.playing = !self.playing && self.duration > 0.0;
        }
    }

    /// Home: the start, paused.
    pub fn home(&mut self) {
        self.step = None;
        self.t = 0.0;
        self.playing = false;
    }

    /// End: the end, paused.
    pub fn end(&mut self) {
        self.step = None;
        self.t = self.duration;
        self.playing = false;
    }

    /// R: plays from the start.
    pub fn restart(&mut self) {
        self.home();
        self.playing = self.duration > 0.0;
    }

    /// Shows time `t` seconds (clamped to the timeline), ending any step.
    pub fn seek(&mut self, t: f64) {
        self.step = None;
        self.t = t.clamp(0.0, self.duration);
    }

    /// Advances by `dt` seconds of real time at `speed`. True when playing reached the end
    /// during this call (the player is then paused at the end).
    pub fn update(&mut self, dt: f64, speed: f64) -> bool {
        if let Some(s) = &mut self.step {
            s.elapsed += dt;
            if s.elapsed >= s.length {
                self.t = s.then;
                self.step = None;
            } else {
                self.t = s.from + (s.to - s.from) * s.elapsed / s.length;
            }
            return false;
        }
        if !self.playing {
            return false;
        }
        self.t += dt * speed;
        if self.t >= self.duration {
            self.t = self.duration;
            self.playing = false;
            return true;
        }
        false
    }

    /// How many manipulations are done at the time shown.
    pub fn done(&self) -> usize {
        self.manipulations.done_at(self.t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::{Mode, Timeline};
    use crate::r#box::draw::BoxAnimation;

    /// Figure 1(a): 9 manipulations, box pacing (at least 1 s each, 0.5 s lead-in).
    fn figure1() -> Timeline {
        Timeline::new(&BoxAnimation::figure1(), Mode::smooth(60.0), 1.0)
    }

    fn run_out(p: &mut Player) {
        for _ in 0..100 {
            p.update(0.05, 1.0);
        }
    }

    #[test]
    fn rests_end_each_manipulation_before_the_next_starts() {
        let m = Manipulations::of(&figure1());
        assert_eq!(m.starts.len(), 9);
        assert_eq!(m.starts[0], 0.5, "after the lead-in");
        // The first `+` is a quarter turn (0.5 s), then the falls it causes.
        assert!(m.rests[0] >= 1.0 - EPS && m.rests[0] <= m.starts[1] + EPS, "{m:?}");
        for k in 0..9 {
            assert!(m.starts[k] < m.rests[k], "{k}");
        }
        assert_eq!(m.done_at(m.rests[2]), 3);
        assert_eq!(m.done_at(m.rests[2] - 0.01), 2);
    }

    #[test]
    fn forward_plays_one_manipulation_in_at_most_the_step_time() {
        let tl = figure1();
        let mut p = Player::new(Some(&tl));
        assert!(p.forward(1.0));
        assert_eq!(p.t, 0.5, "the lead-in is skipped");
        p.update(0.2, 1.0);
        assert!(p.t > 0.5 && p.t < p.manipulations.rests[0], "half-way: {}", p.t);
        p.update(0.2 + 1e-9, 1.0);
        assert_eq!(p.t, p.manipulations.rests[0], "done within 0.4 s");
        assert!(!p.stepping() && !p.playing);
        assert_eq!(p.done(), 1);
    }

    #[test]
    fn a_second_press_finishes_the_first_step_and_starts_the_next() {
        let tl = figure1();
        let mut p = Player::new(Some(&tl));
        p.forward(1.0);
        p.update(0.1, 1.0);
        p.forward(1.0);
        assert_eq!(p.t, p.manipulations.starts[1]);
        run_out(&mut p);
        assert_eq!(p.t, p.manipulations.rests[1]);
    }

    #[test]
    fn back_replays_backwards_and_rests_before_the_manipulation() {
        let tl = figure1();
        let mut p = Player::new(Some(&tl));
        p.seek(p.manipulations.rests[3]);
        assert!(p.back(1.0));
        p.update(0.1, 1.0);
        assert!(p.t < p.manipulations.rests[3] && p.t > p.manipulations.starts[3], "{}", p.t);
        run_out(&mut p);
        assert_eq!(p.t, p.manipulations.rests[2]);
        // From the final hold, back undoes the last manipulation (no dead press).
        p.end();
        assert!(p.back(1.0));
        run_out(&mut p);
        assert_eq!(p.t, p.manipulations.rests[7]);
    }

    #[test]
    fn the_ends_report_that_nothing_is_left() {
        let tl = figure1();
        let mut p = Player::new(Some(&tl));
        assert!(!p.back(1.0), "nothing before the start");
        p.seek(p.manipulations.rests[8]);
        assert!(!p.forward(1.0), "nothing after the last rest");
        let mut card = Player::new(None);
        assert!(!card.forward(1.0) && !card.back(1.0));
        card.toggle();
        assert!(!card.playing, "a title card does not play");
    }

    #[test]
    fn playing_stops_at_the_end_and_space_starts_again() {
        let tl = figure1();
        let mut p = Player::new(Some(&tl));
        p.toggle();
        assert!(p.playing);
        assert!(!p.update(1.0, 2.0));
        assert_eq!(p.t, 2.0, "speed 2");
        assert!(p.update(100.0, 1.0), "the end is reported once");
        assert_eq!((p.t, p.playing), (tl.duration, false));
        p.toggle();
        assert_eq!((p.t, p.playing), (0.0, true));
    }
}
