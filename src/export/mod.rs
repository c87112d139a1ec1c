//! Files out: PNG through `image`, GIF through `gif`, always written to a temporary name
//! beside the target and renamed when complete, so no half-written file is ever left.
pub mod animation;
pub mod atomic;
pub mod cancel;
pub mod gif;
pub mod gif_read;
pub mod palette;
pub mod png;
