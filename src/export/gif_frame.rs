//! One GIF frame made as small as this encoder can. The frame is the smallest rectangle that
//! differs from what the viewer shows (a [`Patch`]); inside it, the pixels that do not change
//! may be written as the transparent index. Several codings are encoded and the shortest
//! kept: in global table slots or with a local table of just the rectangle's colours (fewer
//! colours, a smaller code size), and for each, every unchanged pixel as itself, every one
//! transparent, or a free choice per pixel ([`crate::export::gif_lzw`]). Transparency helps
//! where a still area surrounds the change; where nearly everything moves (a box turning)
//! the plain picture is shorter.
//!
//! Pixels are indices into the theme's palette ([`crate::export::palette::Palette`]); the
//! file's global table holds those colours in another order ([`Slots`]). Every frame has
//! disposal "keep", so after it the viewer shows exactly the frame.

use crate::export::gif_lzw::{self, Pixels};

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

/// Bits a code size needs for `n` symbols (2..=8: GIF's smallest minimum code size is 2).
fn bits_for(n: usize) -> u8 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).clamp(2, 8) as u8
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

/// How many of the largest frames [`Slots::order_by_use`] tries to give their smallest code
/// size.
const IMPROVE_FRAMES: usize = 200;

/// No slot.
const NONE: u16 = u16::MAX;

/// The file's global colour table: palette index -> table slot.
#[derive(Clone, Debug)]
pub struct Slots {
    slot: [u16; 256],
    /// Slots below this are given for good (frames encoded with them).
    fixed: u16,
    /// Palette index of each slot.
    pub order: Vec<u8>,
}

impl Default for Slots {
    fn default() -> Slots {
        Slots { slot: [NONE; 256], fixed: 0, order: Vec::new() }
    }
}

impl Slots {
    /// Gives the colours the patches write slots so that as many frames as can have all
    /// their colours (and a transparent slot) in the fewest bits: the largest frames first,
    /// each taking the slots its colours need when they still fit its smallest code size;
    /// the other colours after them, the most written first (weighted by the size of the
    /// frames that write them).
    pub fn order_by_use<'a>(&mut self, patches: impl Iterator<Item = &'a Patch>) {
        let list: Vec<&Patch> = patches.collect();
        // Candidate orders: colours weighted by the area of the frames that write them, by
        // the number of such frames, by the square root of the area; the one under which
        // the frames' code sizes times their areas add up least is kept.
        let mut best: Option<(u64, Slots)> = None;
        for scheme in 0..3 {
            let mut weight = [0u64; 256];
            for p in &list {
                let area = p.symbols.len() as u64;
                for i in colours(&p.changed) {
                    weight[i] += match scheme {
                        0 => area + p.changed[i] as u64,
                        1 => (1 << 32) + area,
                        _ => (area as f64).sqrt() as u64 + 1,
                    };
                }
            }
            let mut candidate = self.clone();
            let rest: Vec<usize> = (0..256).filter(|&i| weight[i] > 0 && candidate.slot[i] == NONE).collect();
            candidate.place(rest, &weight);
            let cost = list.iter().map(|p| p.symbols.len() as u64 * candidate.bits(p) as u64).sum::<u64>();
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, candidate));
            }
        }
        let Some((mut cost, b)) = best else { return };
        *self = b;
        // Then, for the largest frames that need more bits than their colours would, try
        // their colours first in the table; keep what lowers the sum.
        let mut big = list.clone();
        big.sort_by_key(|p| std::cmp::Reverse(p.symbols.len()));
        big.truncate(IMPROVE_FRAMES);
        let fresh: Vec<u8> = self.order.iter().copied().filter(|&i| self.slot[i as usize] >= self.fixed).collect();
        for _pass in 0..2 {
            for p in &big {
                let minimal = bits_for(colours(&p.changed).count() + usize::from(p.any_free()));
                if self.bits(p) <= minimal {
                    continue;
                }
                let (mut first, mut then): (Vec<u8>, Vec<u8>) = fresh.iter().partition(|&&i| p.changed[i as usize] > 0);
                first.sort_by_key(|&i| self.slot[i as usize]);
                then.sort_by_key(|&i| self.slot[i as usize]);
                let mut candidate = self.clone();
                for (k, &i) in first.iter().chain(&then).enumerate() {
                    let s = self.fixed as usize + k;
                    candidate.slot[i as usize] = s as u16;
                    candidate.order[s] = i;
                }
                let c = list.iter().map(|p| p.symbols.len() as u64 * candidate.bits(p) as u64).sum::<u64>();
                if c < cost {
                    cost = c;
                    *self = candidate;
                }
            }
        }
        self.fixed = self.order.len() as u16;
    }

    /// The code size a patch needs in these slots, with a transparent slot when it has
    /// unchanged pixels.
    fn bits(&self, p: &Patch) -> u8 {
        let mut used = [false; 256];
        let mut max = 0;
        for i in colours(&p.changed) {
            let s = self.slot[i] as usize;
            used[s] = true;
            max = max.max(s);
        }
        if p.any_free() {
            max = max.max((0..256).find(|&s| !used[s]).unwrap_or(255));
        }
        bits_for(max + 1)
    }

    /// Appends `new` colours, the most counted first.
    fn place(&mut self, mut new: Vec<usize>, count: &[u64; 256]) {
        new.sort_by_key(|&i| (std::cmp::Reverse(count[i]), i));
        for i in new {
            self.slot[i] = self.order.len() as u16;
            self.order.push(i as u8);
        }
    }
}

/// How the unchanged pixels of a patch are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unchanged {
    /// Each as its own colour.
    Own,
    /// Each as the transparent index.
    Transparent,
    /// Either, chosen by the encoder.
    Free,
    /// As the pixel before was written when that is either of its own colour or the
    /// transparent index (runs stay runs), else transparent when at least [`MIN_RUN`] free
    /// pixels follow, else as itself.
    Runs,
}

/// Frames of at most this many pixels also try every unchanged pixel transparent and local
/// tables (on larger ones these seldom win, and each try is a whole encode).
const SMALL_FRAME: usize = 32_768;

/// See [`Unchanged::Runs`].
const MIN_RUN: u32 = 4;

/// A symbol numbering: palette index -> symbol (`NONE` for colours it leaves out, which
/// only unchanged pixels may have), the code size, the transparent symbol.
struct Coding {
    map: [u16; 256],
    size: u8,
    transparent: Option<u8>,
}

impl Coding {
    fn encode(&self, p: &Patch, how: Unchanged) -> Vec<u8> {
        let limit = 1u16 << self.size;
        let t = self.transparent.unwrap_or(0);
        let mut syms = Vec::with_capacity(p.symbols.len());
        let mut free = Vec::with_capacity(p.free.len());
        // Free pixels from each pixel on, for Runs.
        let mut ahead = Vec::new();
        if how == Unchanged::Runs {
            ahead = vec![0u32; p.free.len() + 1];
            for i in (0..p.free.len()).rev() {
                ahead[i] = if p.free[i] { ahead[i + 1] + 1 } else { 0 };
            }
        }
        for (i, &s) in p.symbols.iter().enumerate() {
            let m = self.map[s as usize];
            let is_free = p.free.get(i).copied().unwrap_or(false);
            let fits = m < limit;
            match (is_free, how) {
                (false, _) | (true, Unchanged::Own) => {
                    debug_assert!(fits, "a written colour has a symbol");
                    syms.push(m as u8);
                    free.push(false);
                }
                (true, Unchanged::Transparent) => {
                    syms.push(t);
                    free.push(false);
                }
                (true, Unchanged::Free) => {
                    syms.push(if fits { m as u8 } else { t });
                    free.push(fits);
                }
                (true, Unchanged::Runs) => {
                    let last = syms.last().copied();
                    let own = fits && (last == Some(m as u8) || (last != Some(t) && ahead[i] < MIN_RUN));
                    syms.push(if own { m as u8 } else { t });
                    free.push(false);
                }
            }
        }
        let px = match (how, self.transparent) {
            (Unchanged::Free, Some(t)) => Pixels { symbols: &syms, free: Some((&free, t)) },
            _ => Pixels { symbols: &syms, free: None },
        };
        gif_lzw::encode(px, self.size)
    }
}

/// Encodes a patch in every coding that may be shortest and returns the shortest. `slots`
/// must hold every colour the patch has; `palette` is the RGB of each palette index.
///
/// # Panics
/// If a colour of the patch has no slot.
pub fn encode_patch(p: &Patch, slots: &Slots, palette: &[[u8; 3]]) -> EncodedFrame {
    let any_free = p.any_free();
    let slot = |i: usize| {
        let s = slots.slot[i];
        assert!(s != NONE, "palette index {i} has no slot");
        s as usize
    };
    let mut best: Option<EncodedFrame> = None;
    let mut keep = |f: EncodedFrame| {
        if best.as_ref().is_none_or(|b| f.file_bytes() < b.file_bytes()) {
            best = Some(f);
        }
    };
    let global_map = {
        let mut m = [NONE; 256];
        for (i, &s) in slots.slot.iter().enumerate() {
            m[i] = s;
        }
        m
    };
    // Global slots, every pixel as itself.
    let all_max = colours(&p.changed).chain(colours(&p.kept)).map(slot).max().unwrap_or(0);
    let own = Coding { map: global_map, size: bits_for(all_max + 1), transparent: None };
    keep(EncodedFrame { rect: p.rect, palette: None, transparent: None, data: own.encode(p, Unchanged::Own) });
    let own_bits = own.size;
    // Global slots with a transparent index: the lowest slot no changed pixel uses.
    let mut t_bits = own_bits;
    if any_free {
        let mut used = [false; 256];
        colours(&p.changed).for_each(|i| used[slot(i)] = true);
        if let Some(t) = (0..256).find(|&s| !used[s]) {
            let max = colours(&p.changed).map(slot).max().unwrap_or(0).max(t);
            let c = Coding { map: global_map, size: bits_for(max + 1), transparent: Some(t as u8) };
            t_bits = c.size;
            let small = p.symbols.len() <= SMALL_FRAME;
            for how in [Unchanged::Transparent, Unchanged::Free, Unchanged::Runs] {
                if how == Unchanged::Transparent && !small {
                    continue;
                }
                keep(EncodedFrame { rect: p.rect, palette: None, transparent: Some(t as u8), data: c.encode(p, how) });
            }
        }
    }
    // Local tables: the changed colours, most used first, then (with unchanged pixels) the
    // transparent entry and, in the padding, the most used unchanged colours.
    let by_count = |counts: &[u32; 256]| {
        let mut v: Vec<usize> = colours(counts).collect();
        v.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
        v
    };
    let changed = by_count(&p.changed);
    if any_free && bits_for(changed.len() + 1) < t_bits && p.symbols.len() <= SMALL_FRAME {
        let size = bits_for(changed.len() + 1);
        let mut table: Vec<Option<usize>> = changed.iter().map(|&i| Some(i)).collect();
        table.push(None);
        let t = (table.len() - 1) as u8;
        let extra = by_count(&p.kept).into_iter().filter(|&i| p.changed[i] == 0);
        table.extend(extra.take((1 << size) - table.len()).map(Some));
        let (map, rgb) = local_table(&table, size, palette);
        let c = Coding { map, size, transparent: Some(t) };
        for how in [Unchanged::Transparent, Unchanged::Free] {
            keep(EncodedFrame {
                rect: p.rect,
                palette: Some(rgb.clone()),
                transparent: Some(t),
                data: c.encode(p, how),
            });
        }
    }
    let mut all = p.changed;
    for (a, k) in all.iter_mut().zip(&p.kept) {
        *a += k;
    }
    let every = by_count(&all);
    if bits_for(every.len()) < own_bits && p.symbols.len() <= SMALL_FRAME {
        let size = bits_for(every.len());
        let table: Vec<Option<usize>> = every.iter().map(|&i| Some(i)).collect();
        let (map, rgb) = local_table(&table, size, palette);
        let c = Coding { map, size, transparent: None };
        keep(EncodedFrame { rect: p.rect, palette: Some(rgb), transparent: None, data: c.encode(p, Unchanged::Own) });
    }
    best.expect("the plain coding is always made")
}

/// The palette indices that `counts` has pixels of.
fn colours(counts: &[u32; 256]) -> impl Iterator<Item = usize> + '_ {
    (0..256).filter(move |&i| counts[i] > 0)
}

/// A local table's symbol map and RGB bytes (`None` entries are the transparent slot).
fn local_table(table: &[Option<usize>], size: u8, palette: &[[u8; 3]]) -> ([u16; 256], Vec<u8>) {
    let mut map = [NONE; 256];
    let mut rgb = Vec::with_capacity(3 << size);
    for (k, e) in table.iter().enumerate() {
        if let Some(i) = *e {
            map[i] = k as u16;
        }
        rgb.extend_from_slice(&e.map_or([0; 3], |i| palette[i]));
    }
    rgb.resize(3 << size, 0);
    (map, rgb)
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

    #[test]
    fn bits_for_counts() {
        assert_eq!([1, 2, 4, 5, 8, 9, 128, 129, 256].map(bits_for), [2, 2, 2, 3, 3, 4, 7, 8, 8]);
    }
}
