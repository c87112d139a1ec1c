//! What an export shows and when: a [`Timeline`] cut to `--start`/`--end`, its last picture
//! held for `--last-frame-duration`, as a list of [`Shot`]s, pictures with display times in
//! centiseconds (the GIF's unit), consecutive frames that show the same moment merged into
//! one longer shot.
//!
//! Frames lie on a grid: one per trace state in the one-frame-per-state mode, one every
//! `1/fps` seconds in smooth mode (frame k of a cut starts at `start + k/fps`, shown from
//! `round(100 k / fps)` cs, as [`Timeline::frames`] does). Every format is made from the
//! same shots: GIF, APNG and WebP write one frame per shot, `--frames` and video repeat a shot's
//! picture once per grid frame it stands for.

use crate::anim::{Mode, Timeline};

/// Cut and hold, in seconds of the animation as played (after `--speed`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    /// Leave out what comes before this time, seconds (`None`: from the start).
    pub start: Option<f64>,
    /// Leave out what comes from this time on, seconds (`None`: to the end; a time past the
    /// end is the end).
    pub end: Option<f64>,
    /// Show the last picture this long, seconds, whatever the mode would hold it for.
    pub last_frame: Option<f64>,
}

/// One picture of an export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    /// The timeline time it draws, seconds ([`Timeline::scene_at`]).
    pub t: f64,
    /// When it appears, centiseconds from the start of the export.
    pub start_cs: u64,
    /// How long it stays, centiseconds (>= 1).
    pub delay_cs: u32,
    /// How many grid frames it stands for (>= 1): a `--frames` folder writes its picture this
    /// many times.
    pub frames: u32,
}

/// The shots of an export, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// The pictures, at least one.
    pub shots: Vec<Shot>,
    /// Frames per second of the grid in smooth mode, `None` in the one-frame-per-state mode.
    pub fps: Option<f64>,
}

/// A cut that leaves nothing to show.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScheduleError {
    /// `--start` at or after the end.
    #[error("--start {start} is not before the end of the animation ({duration:.2} s at this --speed)")]
    StartAfterEnd {
        /// The start asked for, seconds.
        start: f64,
        /// The animation's length, seconds.
        duration: f64,
    },
    /// `--end` at or before `--start`.
    #[error("--end {end} is not after --start {start}")]
    EndBeforeStart {
        /// Seconds.
        start: f64,
        /// Seconds.
        end: f64,
    },
}

/// One grid frame before merging: its time, its interval in centiseconds, and what it shows.
struct GridFrame {
    t: f64,
    start_cs: u64,
    end_cs: u64,
    key: (usize, u32),
}

impl Schedule {
    /// The shots of `timeline` with `timing` applied.
    ///
    /// # Errors
    /// A cut that leaves nothing: `--start` at or after the end, `--end` not after `--start`.
    pub fn new(timeline: &Timeline, timing: Timing) -> Result<Schedule, ScheduleError> {
        let start = timing.start.unwrap_or(0.0);
        let end = timing.end.map_or(timeline.duration, |e| e.min(timeline.duration));
        if let Some(e) = timing.end {
            if e <= start {
                return Err(ScheduleError::EndBeforeStart { start, end: e });
            }
        }
        if start >= timeline.duration - 1e-9 {
            return Err(ScheduleError::StartAfterEnd { start, duration: timeline.duration });
        }
        let cs = |seconds: f64| (seconds * 100.0).round().max(0.0) as u64;
        let key = |t: f64| {
            let (step, f) = timeline.locate(t);
            (step, f.to_bits())
        };
        let mut grid = Vec::new();
        let fps = match timeline.mode {
            Mode::Discrete { seconds_per_frame } => {
                let d = seconds_per_frame / timeline.speed;
                let states = timeline.segments.len() + 1;
                let first = ((start / d + 1e-9).floor() as usize).min(states - 1);
                for k in first..states {
                    let (from, to) = ((k as f64 * d).max(start), ((k + 1) as f64 * d).min(end));
                    if from >= end - 1e-9 {
                        break;
                    }
                    let (a, b) = (cs(from - start), cs(to - start));
                    if b > a {
                        grid.push(GridFrame { t: k as f64 * d, start_cs: a, end_cs: b, key: (k, 1.0f32.to_bits()) });
                    }
                }
                None
            }
            Mode::Smooth { fps, .. } => {
                let count = ((end - start) * fps - 1e-6).ceil().max(1.0) as usize;
                let at = |k: usize| (100.0 * k as f64 / fps).round() as u64;
                for k in 0..count {
                    let t = start + k as f64 / fps;
                    grid.push(GridFrame { t, start_cs: at(k), end_cs: at(k + 1).max(at(k) + 1), key: key(t) });
                }
                Some(fps)
            }
        };
        if grid.is_empty() {
            // A cut shorter than half a centisecond: the picture at `start`, for 1 cs.
            grid.push(GridFrame { t: start, start_cs: 0, end_cs: 1, key: key(start) });
        }
        let mut shots: Vec<Shot> = Vec::with_capacity(grid.len());
        let mut last_key = None;
        for g in grid {
            match shots.last_mut() {
                Some(s) if last_key == Some(g.key) => {
                    s.delay_cs = (g.end_cs - s.start_cs) as u32;
                    s.frames += 1;
                }
                _ => shots.push(Shot {
                    t: g.t,
                    start_cs: g.start_cs,
                    delay_cs: (g.end_cs - g.start_cs) as u32,
                    frames: 1,
                }),
            }
            last_key = Some(g.key);
        }
        if let Some(hold) = timing.last_frame {
            let last = shots.last_mut().expect("at least one shot");
            last.delay_cs = cs(hold).max(1) as u32;
            last.frames = fps.map_or(1, |f| (hold * f).round().max(1.0) as u32);
        }
        Ok(Schedule { shots, fps })
    }

    /// Length of the export, centiseconds.
    pub fn duration_cs(&self) -> u64 {
        self.shots.last().map_or(0, |s| s.start_cs + s.delay_cs as u64)
    }

    /// Grid frames in all (the files a `--frames` folder gets).
    pub fn grid_frames(&self) -> u64 {
        self.shots.iter().map(|s| s.frames as u64).sum()
    }

    /// How many frames of a `rate` frames-per-second video each shot fills: shot i covers
    /// video frames `round(start_i * rate / 100)` up to the next shot's, so the video lasts
    /// the schedule's length to within one frame and shows each shot when the GIF would.
    pub fn video_frames(&self, rate: f64) -> Vec<u64> {
        let at = |cs: u64| (cs as f64 * rate / 100.0).round() as u64;
        self.shots.iter().map(|s| at(s.start_cs + s.delay_cs as u64) - at(s.start_cs)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Animated;
    use crate::r#box::draw::BoxAnimation;

    #[test]
    fn one_second_states_are_one_shot_each() {
        let anim = BoxAnimation::figure1();
        let tl = Timeline::new(&anim, Mode::ONE_SECOND, 1.0);
        let s = Schedule::new(&tl, Timing::default()).unwrap();
        assert_eq!(s.shots.len(), anim.steps());
        assert!(s.shots.iter().all(|x| x.delay_cs == 100 && x.frames == 1));
        assert_eq!(s.duration_cs(), 100 * anim.steps() as u64);
        assert_eq!(s.video_frames(30.0), vec![30; anim.steps()]);
    }

    #[test]
    fn a_cut_trims_the_states_at_its_ends_and_the_hold_replaces_the_last_delay() {
        let anim = BoxAnimation::figure1();
        let tl = Timeline::new(&anim, Mode::ONE_SECOND, 1.0);
        let t = Timing { start: Some(2.5), end: Some(5.25), last_frame: None };
        let s = Schedule::new(&tl, t).unwrap();
        let delays: Vec<u32> = s.shots.iter().map(|x| x.delay_cs).collect();
        assert_eq!(delays, vec![50, 100, 100, 25]);
        assert_eq!(s.shots[0].t, 2.0, "the state shown at 2.5 s is state 2");
        let held = Schedule::new(&tl, Timing { last_frame: Some(3.0), ..t }).unwrap();
        assert_eq!(held.shots.last().unwrap().delay_cs, 300);
        assert_eq!(held.duration_cs(), 550);
    }

    #[test]
    fn smooth_holds_merge_into_one_shot_and_keep_the_grid() {
        let anim = BoxAnimation::figure1();
        let tl = Timeline::new(&anim, Mode::smooth(20.0), 1.0);
        let s = Schedule::new(&tl, Timing::default()).unwrap();
        let frames = tl.frames();
        assert_eq!(s.grid_frames() as usize, frames.len());
        assert!(s.shots.len() < frames.len(), "the lead-in and the hold are merged");
        assert_eq!(s.duration_cs(), frames.iter().map(|f| f.delay_cs as u64).sum::<u64>());
        // The last shot is the frame where the last move comes to rest, then the 1.5 s hold.
        assert_eq!(s.shots.last().unwrap().frames, 31);
        let held = Schedule::new(&tl, Timing { last_frame: Some(4.0), ..Timing::default() }).unwrap();
        assert_eq!(held.shots.last().unwrap().frames, 80);
        assert_eq!(held.shots.last().unwrap().delay_cs, 400);
        assert_eq!(held.video_frames(20.0).iter().sum::<u64>(), held.grid_frames());
    }

    #[test]
    fn empty_cuts_are_refused() {
        let anim = BoxAnimation::figure1();
        let tl = Timeline::new(&anim, Mode::ONE_SECOND, 1.0);
        let e = Schedule::new(&tl, Timing { start: Some(99.0), ..Timing::default() }).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("--start 99 is not before the end of the animation ({:.2} s at this --speed)", tl.duration)
        );
        let e = Schedule::new(&tl, Timing { start: Some(3.0), end: Some(2.0), last_frame: None }).unwrap_err();
        assert_eq!(e.to_string(), "--end 2 is not after --start 3");
    }
}
