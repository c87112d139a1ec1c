//! Engine-neutral animation: a Trace, seen through the [`Animated`] trait, becomes a
//! [`Timeline`] of timed transitions; [`Timeline::scene_at`] gives the picture at any time.
//!
//! Like Simon Tatham's puzzles' `redraw(old, new, dir, anim_time)`, an engine only says how to
//! draw "step `i`, `fraction` of the way in" and how long that transition lasts; this module
//! decides when (`../shared/DESIGN.md`, "Animation").
pub mod ease;
pub mod timeline;

pub use timeline::{Mode, Timeline};

use crate::scene::{Color, Scene};

/// What the timeline needs from an engine's recorded run.
pub trait Animated {
    /// Number of trace steps (frames of the 1 s animation); at least 1.
    fn steps(&self) -> usize;

    /// The manipulation (move) that produced step `step`, or `None` for the initial state.
    /// Consecutive steps with the same value form one manipulation.
    fn manipulation(&self, step: usize) -> Option<usize>;

    /// How long the transition into `step` (>= 1) lasts in smooth mode at speed 1, in seconds.
    fn tween_seconds(&self, step: usize) -> f64;

    /// The picture `fraction` (0..=1, linear time; the engine applies its own easing) of the way
    /// from step `step - 1` to step `step`. `fraction == 1.0` (and any fraction for step 0) is
    /// step `step` at rest.
    fn draw(&self, step: usize, fraction: f32) -> Scene;

    /// Every colour the drawings use at full opacity: the GIF palette is built from these and
    /// their blends.
    fn palette_colors(&self) -> Vec<Color>;
}
