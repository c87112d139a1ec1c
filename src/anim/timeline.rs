//! The Timeline: when each transition of an [`Animated`] run happens.

use super::{Animated, Pacing};
use crate::scene::Scene;

/// How a trace is played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// One frame per trace step, each shown `seconds_per_frame` seconds (the x0.15 tier: 1 s).
    Discrete {
        /// Seconds each state is shown at speed 1.
        seconds_per_frame: f64,
    },
    /// Continuous motion sampled at `fps` frames per second (the x0.12 tier: 20 fps).
    Smooth {
        /// Frames per second of the export.
        fps: f64,
        /// Each manipulation (its turn and the falls after it) lasts at least this long, seconds.
        min_manipulation_seconds: f64,
        /// The initial state is held this long before the first manipulation, seconds.
        lead_in_seconds: f64,
        /// The final state is held this long at the end, seconds.
        hold_seconds: f64,
    },
}

impl Mode {
    /// The challenge's 1 s-per-frame mode.
    pub const ONE_SECOND: Mode = Mode::Discrete { seconds_per_frame: 1.0 };

    /// Smooth mode at `fps` with at most one manipulation per second, a 0.5 s lead-in and a
    /// 1.5 s hold on the last frame.
    pub fn smooth(fps: f64) -> Mode {
        Mode::Smooth { fps, min_manipulation_seconds: 1.0, lead_in_seconds: 0.5, hold_seconds: 1.5 }
    }
}

/// What a pacing means on a timeline (written here, not with [`Pacing`], so that the
/// animation's trait does not import the timeline).
impl Pacing {
    /// The timeline mode: one frame per state without `fps`, smooth at `fps` frames per second
    /// with a 0.5 s lead-in and a 1.5 s hold on the last frame.
    pub fn mode(self, fps: Option<f64>) -> Mode {
        match fps {
            Some(fps) => Mode::Smooth {
                fps,
                min_manipulation_seconds: self.min_manipulation_seconds,
                lead_in_seconds: 0.5,
                hold_seconds: 1.5,
            },
            None => Mode::Discrete { seconds_per_frame: self.seconds_per_frame },
        }
    }
}

/// One transition: into trace step `step`, from `start` for `duration` seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Trace step reached at the end of the transition (>= 1).
    pub step: usize,
    /// Start time, seconds from the beginning.
    pub start: f64,
    /// Length, seconds (> 0).
    pub duration: f64,
}

/// A frame to export: the time it shows and how long it stays on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameTime {
    /// Time in the timeline, seconds.
    pub t: f64,
    /// Display time, centiseconds.
    pub delay_cs: u16,
}

/// Timed transitions of one run. Times are in seconds at the chosen speed.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// How it is played.
    pub mode: Mode,
    /// Speed factor (2.0 = twice as fast).
    pub speed: f64,
    /// The transitions, in order, not overlapping.
    pub segments: Vec<Segment>,
    /// Total length, seconds (including lead-in and final hold).
    pub duration: f64,
    /// Start time of each manipulation, in the order they appear (seconds).
    pub manipulation_starts: Vec<f64>,
}

impl Timeline {
    /// Lays out `anim`'s steps in time.
    ///
    /// # Panics
    /// If `speed` is not positive or `anim` has no step.
    pub fn new(anim: &dyn Animated, mode: Mode, speed: f64) -> Timeline {
        assert!(speed > 0.0, "speed must be positive");
        let n = anim.steps();
        assert!(n >= 1, "a run has at least its initial state");
        let mut segments = Vec::new();
        let mut manipulation_starts = Vec::new();
        let duration;
        match mode {
            Mode::Discrete { seconds_per_frame } => {
                let d = seconds_per_frame / speed;
                for step in 1..n {
                    segments.push(Segment { step, start: (step - 1) as f64 * d, duration: d });
                    if anim.manipulation(step) != anim.manipulation(step - 1) {
                        manipulation_starts.push(step as f64 * d);
                    }
                }
                duration = n as f64 * d;
            }
            Mode::Smooth { min_manipulation_seconds, lead_in_seconds, hold_seconds, .. } => {
                let mut t = if n > 1 { lead_in_seconds / speed } else { 0.0 };
                let mut group_start = t;
                for step in 1..n {
                    let new_group = anim.manipulation(step) != anim.manipulation(step - 1);
                    if new_group {
                        if step > 1 {
                            t = t.max(group_start + min_manipulation_seconds / speed);
                        }
                        group_start = t;
                        manipulation_starts.push(t);
                    }
                    let d = (anim.tween_seconds(step) / speed).max(1e-3);
                    segments.push(Segment { step, start: t, duration: d });
                    t += d;
                }
                if n > 1 {
                    t = t.max(group_start + min_manipulation_seconds / speed);
                }
                duration = t + hold_seconds / speed;
            }
        }
        Timeline { mode, speed, segments, duration, manipulation_starts }
    }

    /// The trace step and fraction (0..=1) shown at time `t` seconds (clamped to the timeline).
    pub fn locate(&self, t: f64) -> (usize, f32) {
        if let Mode::Discrete { .. } = self.mode {
            // Discrete frames show states at rest: frame k is step k.
            let k = self.segments.partition_point(|s| s.start + s.duration <= t + 1e-9);
            return (k.min(self.segments.len()), 1.0);
        }
        // The last segment that has started by time t.
        let i = self.segments.partition_point(|s| s.start <= t);
        if i == 0 {
            return (0, 1.0);
        }
        let s = self.segments[i - 1];
        let f = ((t - s.start) / s.duration).clamp(0.0, 1.0);
        (s.step, f as f32)
    }

    /// When each manipulation comes to rest: the end of its last transition (its picture at
    /// rest, before any pause the pacing adds), seconds, one per `manipulation_starts`.
    pub fn manipulation_rests(&self) -> Vec<f64> {
        const EPS: f64 = 1e-6;
        let starts = &self.manipulation_starts;
        (0..starts.len())
            .map(|k| {
                let next = starts.get(k + 1).copied().unwrap_or(f64::INFINITY);
                self.segments
                    .iter()
                    .filter(|s| s.start >= starts[k] - EPS && s.start < next - EPS)
                    .map(|s| s.start + s.duration)
                    .fold(starts[k], f64::max)
            })
            .collect()
    }

    /// The picture at time `t` seconds.
    pub fn scene_at(&self, anim: &dyn Animated, t: f64) -> Scene {
        let (step, f) = self.locate(t);
        anim.draw(step, f)
    }

    /// The frames to export: discrete mode gives one per trace step (delay = seconds per frame);
    /// smooth mode samples every 1/fps seconds from 0 up to the end (delays of 100/fps cs on
    /// average, rounded so that the total stays exact).
    pub fn frames(&self) -> Vec<FrameTime> {
        match self.mode {
            Mode::Discrete { seconds_per_frame } => {
                let delay = (seconds_per_frame * 100.0 / self.speed).round().clamp(1.0, 65535.0) as u16;
                let d = seconds_per_frame / self.speed;
                (0..=self.segments.len()).map(|k| FrameTime { t: k as f64 * d, delay_cs: delay }).collect()
            }
            Mode::Smooth { fps, .. } => {
                // Delays are whole centiseconds: carry the rounding over so that frame k starts
                // at round(100 k / fps) cs and the animation keeps its length (30 fps: 3, 3, 4 cs...).
                // (The epsilon keeps 4.6 s x 20 fps at 92 frames despite binary rounding.)
                let count = (self.duration * fps - 1e-6).ceil().max(1.0) as usize;
                let at = |k: usize| (100.0 * k as f64 / fps).round();
                (0..count)
                    .map(|k| FrameTime { t: k as f64 / fps, delay_cs: (at(k + 1) - at(k)).clamp(1.0, 65535.0) as u16 })
                    .collect()
            }
        }
    }
}
