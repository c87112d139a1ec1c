//! Files out. [`write`] takes one export's [`job::Job`] (pacing, cut, size, loops, colours,
//! paper) and its outputs. Formats that draw the Scenes themselves are
//! [`job::SceneWriter`]s: a web page that plays like the viewer ([`html`]), a printable handout
//! with a page per manipulation ([`pdf`]), one animated SVG ([`svg_anim`], its elements from
//! [`svg_elements`]). The others share one rendering pass: each picture of the [`schedule`]
//! is rendered once and handed to one [`sink::FrameSink`] per output: GIF ([`gif`], made small
//! by [`gif_frame`], [`gif_order`], [`gif_lzw`] and [`gif_codes`]), APNG ([`apng`]), animated
//! WebP ([`webp`]), MP4 and WebM through ffmpeg ([`video`]), a folder of PNG frames
//! ([`frames`]). A still picture is a PNG ([`png`]) or an SVG ([`svg`]). Every file is written
//! whole or not at all ([`atomic`]), and Ctrl-C leaves nothing ([`cancel`]).
pub mod animation;
pub mod apng;
pub mod atomic;
pub mod cancel;
pub mod frames;
pub mod gif;
pub mod gif_codes;
pub mod gif_frame;
pub mod gif_lzw;
pub mod gif_order;
pub mod gif_read;
pub mod html;
pub mod html_pictures;
pub mod html_text;
pub mod job;
pub mod palette;
pub mod pdf;
pub mod png;
pub mod schedule;
pub mod sink;
pub mod svg;
pub mod svg_anim;
pub mod svg_elements;
pub mod svg_slots;
pub mod video;
pub mod webp;
pub mod write;
