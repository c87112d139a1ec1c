//! Engine-neutral animation: a Trace, seen through the [`Animated`] trait, becomes a
//! [`Timeline`] of timed transitions; [`Timeline::scene_at`] gives the picture at any time.
//!
//! Like Simon Tatham's puzzles' `redraw(old, new, dir, anim_time)`, an engine only says how to
//! draw "step `i`, `fraction` of the way in" and how long that transition lasts; this module
//! decides when (`../shared/DESIGN.md`, "Animation").
//!
//! Imports point down only: animation draws [`Scene`]s; the theme wraps [`Animated`] from
//! above ([`crate::theme::Themed`]), and nothing here imports the theme. Inside, `timeline.rs`
//! imports this file's [`Animated`] and [`Pacing`] (and turns a pacing into a [`Mode`]); this
//! file only re-exports it.
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

    /// How this puzzle's runs are best paced; every export and the viewer derive their
    /// [`Mode`] from it.
    fn pacing(&self) -> Pacing;

    /// What makes `step` worth a page of its own in a handout, in a few words ("lambda
    /// collected", "jump A to 1", "won"), or `None` (the default) for an ordinary step.
    fn landmark(&self, _step: usize) -> Option<String> {
        None
    }
}

/// Implements [`Animated`] for a pointer type by forwarding every method to the animation it
/// points to.
macro_rules! forward_animated {
    ($($(#[$doc:meta])* $ptr:ty;)*) => {$(
        $(#[$doc])*
        impl<T: Animated + ?Sized> Animated for $ptr {
            fn steps(&self) -> usize {
                (**self).steps()
            }
            fn manipulation(&self, step: usize) -> Option<usize> {
                (**self).manipulation(step)
            }
            fn tween_seconds(&self, step: usize) -> f64 {
                (**self).tween_seconds(step)
            }
            fn draw(&self, step: usize, fraction: f32) -> Scene {
                (**self).draw(step, fraction)
            }
            fn palette_colors(&self) -> Vec<Color> {
                (**self).palette_colors()
            }
            fn pacing(&self) -> Pacing {
                (**self).pacing()
            }
            fn landmark(&self, step: usize) -> Option<String> {
                (**self).landmark(step)
            }
        }
    )*};
}

forward_animated! {
    /// A borrowed animation is an animation (so that a theme can wrap one it does not own).
    &T;
    /// A boxed animation is an animation (the viewer keeps its shows boxed).
    Box<T>;
}

/// How an engine's run is best paced, whatever plays it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pacing {
    /// Seconds each state is shown in the one-frame-per-state mode (the box: 1 s).
    pub seconds_per_frame: f64,
    /// In smooth mode, each manipulation lasts at least this long, seconds (the box: 1 s, so at
    /// most one manipulation per second; the mine: 0, a step lasts its own tween).
    pub min_manipulation_seconds: f64,
    /// A PDF handout gives a page to the end of every this many manipulations (the box and 0h
    /// n0: 1, each move and each deduction; the mine: 10 robot commands), besides its start,
    /// its landmarks ([`Animated::landmark`]) and its end.
    pub handout_every: usize,
}
