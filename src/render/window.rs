//! The window backend (macroquad): draws the same pixel primitives as the raster backend.
