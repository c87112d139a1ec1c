//! The box: shubbles, smoles and the stot (`../shared/specs/box.md`).
