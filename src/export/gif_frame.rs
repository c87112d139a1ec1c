//! One GIF frame made as small as this encoder can. The frame is the smallest rectangle that
//! differs from what the viewer shows (a [`Patch`]); inside it, the pixels that do not change
//! may be written as the transparent index. The rectangle is parsed into LZW codes once for
//! each way of writing its unchanged pixels that may be the shortest ([`Parsed`]): every one
//! as itself, every one transparent, a free choice per pixel ([`crate::export::gif_lzw`]),
//! runs kept whole, gifsicle's rule (stretches of two colours or more transparent), and that
//! rule with one-colour stretches left to the free choice.
//! Transparency helps where a still area surrounds the change; where nearly everything moves
//! (a box turning) the plain picture is shorter.
//!
//! The parses are in palette indices ([`crate::export::palette::Palette`]); the file's global
//! table holds the colours in another order ([`Slots`]), chosen from every frame's sizes
//! ([`Parsed::demand`]), and each frame is then written ([`Parsed::encode`]) in the way and
//! table (global, or a local one of just its colours) that is shortest. Every frame has
//! disposal "keep", so after it the viewer shows exactly the frame.

use crate::export::gif_lzw::{self, Clear, Pixels};
use crate::export::gif_order::{add, bits_for, has, members, Demand, Set, Slots, Way, NEVER};

/// A rectangle of the canvas, pixels: left, top, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge, pixels from the canvas's left.
    pub x: usize,
    /// Top edge, pixels from the canvas's top.
    pub y: usize,
    /// Width, pixels (>= 1).
    pub w: usize,
    /// Height, pixels (>= 1).
    pub h: usize,
}

/// A frame ready for [`gif::Encoder::write_lzw_pre_encoded_frame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodedFrame {
    /// Where it is drawn.
    pub rect: Rect,
    /// A local colour table (RGB bytes, a power of two entries), or `None` for the global one.
    pub palette: Option<Vec<u8>>,
    /// The transparent index, when some pixel is written as it.
    pub transparent: Option<u8>,
    /// The minimum code size byte, then the LZW stream.
    pub data: Vec<u8>,
}

impl EncodedFrame {
    /// Bytes this frame takes in the file: the control extension (8), the image descriptor
    /// (10), the local table, and the data in sub-blocks of at most 255 bytes.
    pub fn file_bytes(&self) -> usize {
        let stream = self.data.len() - 1;
        8 + 10 + self.palette.as_ref().map_or(0, Vec::len) + 1 + stream + stream.div_ceil(255) + 1
    }
}

/// The smallest rectangle holding every pixel where `a` and `b` differ, or `None` when the
/// frames are equal. Both are `w * h` indices, rows top first.
pub fn changed_rect(a: &[u8], b: &[u8], w: usize, h: usize) -> Option<Rect> {
    let row = |y: usize| (&a[y * w..(y + 1) * w], &b[y * w..(y + 1) * w]);
    let y0 = (0..h).find(|&y| row(y).0 != row(y).1)?;
    let y1 = (y0..h).rev().find(|&y| row(y).0 != row(y).1).expect("row y0 differs") + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        let (ra, rb) = row(y);
        if let Some(first) = (0..x0).find(|&x| ra[x] != rb[x]) {
            x0 = first;
        }
        if let Some(last) = (x1..w).rev().find(|&x| ra[x] != rb[x]) {
            x1 = last + 1;
        }
    }
    Some(Rect { x: x0, y: y0, w: x1 - x0, h: y1 - y0 })
}

/// What a frame writes: its rectangle's pixels and which of them the viewer already shows.
#[derive(Clone, Debug)]
pub struct Patch {
    /// The rectangle.
    pub rect: Rect,
    /// Its pixels, palette indices, rows top first.
    pub symbols: Vec<u8>,
    /// Per pixel: the canvas already shows it (empty for the first frame: none does).
    pub free: Vec<bool>,
    /// Pixels of each palette index that change.
    pub changed: [u32; 256],
    /// Pixels of each palette index that the canvas already shows.
    pub kept: [u32; 256],
}

impl Patch {
    /// Compares `frame` with `canvas` (both `w * h` palette indices; `canvas` is what the
    /// viewer shows before the frame, `None` before the first): `None` when they are equal.
    ///
    /// # Panics
    /// If a buffer is not `w * h` long.
    pub fn new(canvas: Option<&[u8]>, frame: &[u8], w: usize, h: usize) -> Option<Patch> {
        assert_eq!(frame.len(), w * h, "frame size");
        let rect = match canvas {
            None => Rect { x: 0, y: 0, w, h },
            Some(c) => {
                assert_eq!(c.len(), w * h, "canvas size");
                changed_rect(c, frame, w, h)?
            }
        };
        let n = rect.w * rect.h;
        let mut p = Patch {
            rect,
            symbols: Vec::with_capacity(n),
            free: Vec::with_capacity(if canvas.is_some() { n } else { 0 }),
            changed: [0; 256],
            kept: [0; 256],
        };
        for y in rect.y..rect.y + rect.h {
            let row = &frame[y * w + rect.x..y * w + rect.x + rect.w];
            p.symbols.extend_from_slice(row);
            match canvas {
                Some(c) => {
                    for (&s, &u) in row.iter().zip(&c[y * w + rect.x..y * w + rect.x + rect.w]) {
                        p.free.push(s == u);
                        if s == u {
                            p.kept[s as usize] += 1;
                        } else {
                            p.changed[s as usize] += 1;
                        }
                    }
                }
                None => row.iter().for_each(|&s| p.changed[s as usize] += 1),
            }
        }
        Some(p)
    }

    /// Bytes it holds (for the writer's memory budget).
    pub fn bytes(&self) -> usize {
        self.symbols.len() + self.free.len() + 2048
    }

    fn any_free(&self) -> bool {
        self.kept.iter().any(|&k| k > 0)
    }
}

/// How the unchanged pixels of a patch are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unchanged {
    /// Each as its own colour.
    Own,
    /// Each as the transparent index.
    Transparent,
    /// Either, chosen by the encoder, where its colour is also a changed pixel's (else
    /// transparent: a colour only unchanged pixels have needs no slot then).
    Free,
    /// As the pixel before was written when that is either of its own colour or the
    /// transparent index (runs stay runs), else transparent when at least [`MIN_RUN`] free
    /// pixels follow, else as itself.
    Runs,
    /// Each maximal stretch of unchanged pixels (in rows) transparent when it holds two
    /// colours or more, else as itself (gifsicle's rule).
    Stretches,
    /// As [`Unchanged::Stretches`], but a one-colour stretch freely (chosen by the encoder).
    FreeStretches,
}

/// Frames of at most this many pixels, or with at least half their pixels unchanged, also
/// try every unchanged pixel transparent (on other frames it seldom wins, and each try is a
/// whole parse).
const SMALL_FRAME: usize = 32_768;

/// See [`Unchanged::Runs`].
const MIN_RUN: u32 = 4;

/// One parse of a frame ([`gif_lzw::Codes`]) in its own symbols: the palette indices it has,
/// numbered from 0 in palette order, so that it is parsed at the smallest code size (the one
/// it most often ends up with, whose table holds the most entries).
#[derive(Clone, Debug)]
struct Written {
    codes: gif_lzw::Codes,
    /// The palette index of each symbol (the transparent symbol's is meaningless).
    palette_of: Vec<u8>,
    /// The palette indices it writes as themselves.
    colours: Set,
    /// The symbol that stands for the transparent index, if some pixel is written as it.
    transparent: Option<u8>,
    /// How it was made (to parse it again): the coding, the palette index standing for the
    /// transparent index, the clearing policy.
    how: Unchanged,
    t: u8,
    clear: Clear,
    /// Its table filled.
    filled: bool,
}

/// A frame parsed in every coding that may be the shortest, ready to be written in whatever
/// global table order the file gets ([`Parsed::encode`]).
#[derive(Clone, Debug)]
pub struct Parsed {
    /// Where it is drawn.
    pub rect: Rect,
    ways: Vec<Written>,
    /// The patch, kept when some way's table entries do not all fit code size 8 (to be
    /// parsed again at a larger code size than its own).
    patch: Option<Box<Patch>>,
}

/// Bytes of a frame's control extension (8) and image descriptor (10).
const FRAME_HEADER: usize = 18;

/// Entries of a local table for `n` symbols (a power of two, at least 2).
fn local_entries(n: usize) -> usize {
    n.next_power_of_two().max(2)
}

impl Written {
    fn symbols(&self) -> usize {
        count(&self.colours) + usize::from(self.transparent.is_some())
    }

    /// Bytes with a local table of just its symbols.
    fn local(&self) -> usize {
        let n = self.symbols();
        FRAME_HEADER + 3 * local_entries(n) + self.codes.file_bytes(bits_for(n))
    }

    /// The image data with each symbol `s` as `map[s]` at minimum code size `size`: the
    /// parse's codes renumbered when they fit that size, else `patch` parsed again.
    fn data(&self, map: &[u8; 256], size: u8, patch: Option<&Patch>) -> Vec<u8> {
        if self.codes.fits(size) {
            return self.codes.pack(map, size);
        }
        let again = parse(patch.expect("kept for this"), self.how, self.t, size, self.clear);
        // The new parse may write the transparent index where this one did not (no slot for it).
        if again.transparent.is_none() || self.transparent.is_some() {
            return again.codes.pack(map, size);
        }
        let pixels: Vec<u8> = self.codes.decode().iter().map(|&s| map[s as usize]).collect();
        gif_lzw::encode(Pixels { symbols: &pixels, free: None }, size)
    }
}

fn count(s: &Set) -> usize {
    s.iter().map(|w| w.count_ones() as usize).sum()
}

impl Parsed {
    /// Parses a patch: every pixel as itself; with unchanged pixels, also the codings of
    /// [`Unchanged`] that can win (every one transparent: see [`SMALL_FRAME`]).
    pub fn new(p: &Patch) -> Parsed {
        let mut ways = vec![parse(p, Unchanged::Own, 0, 2, Clear::Eager)];
        // The transparent index stands in as a palette index no changed pixel has.
        if let Some(t) = (0..256).find(|&i| p.changed[i] == 0).filter(|_| p.any_free()) {
            let mut hows = vec![Unchanged::Free, Unchanged::Runs, Unchanged::Stretches, Unchanged::FreeStretches];
            let kept: u32 = p.kept.iter().sum();
            if p.symbols.len() <= SMALL_FRAME || kept as usize * 2 >= p.symbols.len() {
                hows.push(Unchanged::Transparent);
            }
            for how in hows {
                ways.push(parse(p, how, t as u8, 2, Clear::Eager));
            }
        }
        // Keeping a full table longer ([`Clear::Deferred`]) is tried on the shortest way only
        // (each try is a whole parse).
        let own_size = |w: &Written| w.codes.file_bytes(w.codes.size);
        let k = (0..ways.len()).min_by_key(|&k| own_size(&ways[k])).expect("a frame has a way");
        if ways[k].filled {
            let (how, t) = (ways[k].how, ways[k].t);
            let deferred = parse(p, how, t, 2, Clear::Deferred);
            if own_size(&deferred) < own_size(&ways[k]) {
                ways[k] = deferred;
            }
        }
        let patch = ways.iter().any(|w| !w.codes.fits(8)).then(|| Box::new(p.clone()));
        Parsed { rect: p.rect, ways, patch }
    }

    /// Bytes it holds (for the writer's memory budget).
    pub fn bytes(&self) -> usize {
        let ways = self.ways.iter().map(|w| 2 * w.codes.codes.len() + 4 * w.codes.generations.len() + 400);
        ways.sum::<usize>() + self.patch.as_ref().map_or(0, |p| p.bytes()) + 64
    }

    /// What it costs under each global order ([`Slots::arrange`]).
    pub fn demand(&self) -> Demand {
        let ways = self
            .ways
            .iter()
            .map(|w| {
                let mut bytes = [NEVER; 7];
                for (k, b) in bytes.iter_mut().enumerate() {
                    let size = k as u8 + 2;
                    if w.symbols() <= 1 << size {
                        *b = (FRAME_HEADER + w.codes.file_bytes(size)) as u32;
                    }
                }
                Way { colours: w.colours, transparent: w.transparent.is_some(), bytes }
            })
            .collect();
        let local = self.ways.iter().map(Written::local).min().expect("a frame has a way") as u32;
        Demand { ways, local }
    }

    /// The shortest of its ways, in global `slots` (which must hold every colour it writes as
    /// itself) or with a local table; `palette` is the RGB of each palette index.
    ///
    /// # Panics
    /// If a colour it writes has no slot.
    pub fn encode(&self, slots: &Slots, palette: &[[u8; 3]]) -> EncodedFrame {
        // (bytes, way, global code size and transparent slot or None for a local table)
        type Choice = (usize, usize, Option<(u8, Option<u8>)>);
        let mut best: Option<Choice> = None;
        for (k, w) in self.ways.iter().enumerate() {
            let mut used = [false; 256];
            let mut top = 0;
            for c in members(&w.colours) {
                let s = slots.slot(c).unwrap_or_else(|| panic!("palette index {c} has no slot"));
                used[s] = true;
                top = top.max(s);
            }
            let t = w.transparent.map(|_| (0..256).find(|&s| !used[s]).expect("a free slot") as u8);
            let size = bits_for(top.max(t.map_or(0, |t| t as usize)) + 1);
            let global = FRAME_HEADER + w.codes.file_bytes(size);
            for (bytes, how) in [(global, Some((size, t))), (w.local(), None)] {
                if best.is_none_or(|(b, _, _)| bytes < b) {
                    best = Some((bytes, k, how));
                }
            }
        }
        let (_, k, how) = best.expect("a frame has a way");
        let w = &self.ways[k];
        let mut map = [0u8; 256];
        match how {
            Some((size, t)) => {
                for (sym, &c) in w.palette_of.iter().enumerate() {
                    if let Some(s) = slots.slot(c as usize) {
                        map[sym] = s as u8;
                    }
                }
                if let (Some(sym), Some(t)) = (w.transparent, t) {
                    map[sym as usize] = t;
                }
                EncodedFrame {
                    rect: self.rect,
                    palette: None,
                    transparent: t,
                    data: w.data(&map, size, self.patch.as_deref()),
                }
            }
            None => {
                let n = w.symbols();
                let mut rgb = Vec::with_capacity(3 * local_entries(n));
                let mut local = 0u8;
                for (sym, &c) in w.palette_of.iter().enumerate() {
                    if Some(sym as u8) != w.transparent && has(&w.colours, c as usize) {
                        map[sym] = local;
                        local += 1;
                        rgb.extend_from_slice(&palette[c as usize]);
                    }
                }
                let t = w.transparent.map(|sym| {
                    map[sym as usize] = local;
                    local
                });
                rgb.resize(3 * local_entries(n), 0);
                EncodedFrame {
                    rect: self.rect,
                    palette: Some(rgb),
                    transparent: t,
                    data: w.data(&map, bits_for(n), self.patch.as_deref()),
                }
            }
        }
    }
}

/// The symbols a patch is written as with unchanged pixels written `how` (palette indices,
/// `t` standing for the transparent index), and where the LZW may choose `t` instead.
fn symbols(p: &Patch, how: Unchanged, t: u8) -> (Vec<u8>, Vec<bool>) {
    if how == Unchanged::Own || p.free.is_empty() {
        return (p.symbols.clone(), Vec::new());
    }
    let n = p.symbols.len();
    let changed = |s: u8| p.changed[s as usize] > 0;
    let mut syms = Vec::with_capacity(n);
    let mut choice = Vec::new();
    match how {
        Unchanged::Own => unreachable!("returned above"),
        Unchanged::Transparent => {
            syms.extend(p.symbols.iter().zip(&p.free).map(|(&s, &f)| if f { t } else { s }));
        }
        Unchanged::Free => {
            choice.reserve(n);
            for (&s, &f) in p.symbols.iter().zip(&p.free) {
                let own = !f || changed(s);
                syms.push(if own { s } else { t });
                choice.push(f && own);
            }
        }
        Unchanged::Runs => {
            // Free pixels from each pixel on.
            let mut ahead = vec![0u32; n + 1];
            for i in (0..n).rev() {
                ahead[i] = if p.free[i] { ahead[i + 1] + 1 } else { 0 };
            }
            for (i, (&s, &f)) in p.symbols.iter().zip(&p.free).enumerate() {
                let last = syms.last().copied();
                let own = !f || (changed(s) && (last == Some(s) || (last != Some(t) && ahead[i] < MIN_RUN)));
                syms.push(if own { s } else { t });
            }
        }
        Unchanged::Stretches | Unchanged::FreeStretches => {
            let free_one = how == Unchanged::FreeStretches;
            if free_one {
                choice.resize(n, false);
            }
            let mut i = 0;
            while i < n {
                if !p.free[i] {
                    syms.push(p.symbols[i]);
                    i += 1;
                    continue;
                }
                let end = (i..n).find(|&j| !p.free[j]).unwrap_or(n);
                let stretch = &p.symbols[i..end];
                let one = stretch.iter().all(|&s| s == stretch[0]) && changed(stretch[0]);
                syms.extend(stretch.iter().map(|&s| if one { s } else { t }));
                if free_one && one {
                    choice[i..end].fill(true);
                }
                i = end;
            }
        }
    }
    (syms, choice)
}

/// Parses a patch with unchanged pixels written `how` (see [`Written`]) at code size `size`
/// or, when its symbols need more, the smallest that holds them; `t` is the palette index
/// standing for the transparent index (one no changed pixel has).
fn parse(p: &Patch, how: Unchanged, t: u8, size: u8, policy: Clear) -> Written {
    let (mut syms, choice) = symbols(p, how, t);
    let transparency = how != Unchanged::Own;
    let mut present = [false; 256];
    syms.iter().for_each(|&s| present[s as usize] = true);
    if transparency {
        present[t as usize] = true;
    }
    let mut symbol = [0u8; 256];
    let mut palette_of = Vec::new();
    for c in (0..256).filter(|&c| present[c]) {
        symbol[c] = palette_of.len() as u8;
        palette_of.push(c as u8);
    }
    syms.iter_mut().for_each(|s| *s = symbol[*s as usize]);
    let free = (!choice.is_empty()).then_some((&choice[..], symbol[t as usize]));
    let (codes, filled) =
        gif_lzw::parse_with(Pixels { symbols: &syms, free }, bits_for(palette_of.len()).max(size), policy);
    let mut written = [false; 256];
    let clear = 1u16 << codes.size;
    for &c in &codes.codes {
        if c < clear {
            written[c as usize] = true;
        }
    }
    let transparent = transparency.then_some(symbol[t as usize]).filter(|&s| written[s as usize]);
    let mut colours: Set = [0; 4];
    for (sym, &c) in palette_of.iter().enumerate() {
        if written[sym] && Some(sym as u8) != transparent && !(transparency && c == t) {
            add(&mut colours, c as usize);
        }
    }
    Written { codes, palette_of, colours, transparent, how, t, clear: policy, filled }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_every_difference() {
        let (w, h) = (5, 4);
        let a = vec![0u8; w * h];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b, w, h), None);
        b[w + 3] = 1;
        b[2 * w + 1] = 2;
        assert_eq!(changed_rect(&a, &b, w, h), Some(Rect { x: 1, y: 1, w: 3, h: 2 }));
    }
}
