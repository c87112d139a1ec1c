//! The order of a GIF's global colour table. A frame written in global slots needs a minimum
//! code size that holds the highest slot it writes (and a free slot for the transparent index),
//! and small frames pay for every extra bit: a 40x40 patch is about 30% longer in 8-bit codes
//! than in 4-bit ones, while a full-screen frame's codes are 12 bits wide almost throughout.
//! So the order is chosen from what each frame would cost: every frame brings its ways of
//! being written ([`Way`]: the colours it writes, whether it needs a transparent slot, its
//! exact size at each code size, known from its LZW parse) and the cost of a local table
//! instead, and the order minimises the sum.
//!
//! Only the tier of each slot matters (slots 0-3 take 2-bit codes, 4-7 three bits, 8-15 four,
//! and so on), so the search fills the table from its top slot down: the slot goes to the
//! colour whose place there costs the frames that write it least (their best sizes once
//! the colours placed so far are where they are, the others assumed as low as they could
//! be); then single swaps between tiers are tried while they lower the total.

/// A set of palette indices.
pub type Set = [u64; 4];

/// Whether `c` is in `s`.
pub fn has(s: &Set, c: usize) -> bool {
    s[c / 64] >> (c % 64) & 1 == 1
}

/// Adds `c` to `s`.
pub fn add(s: &mut Set, c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

/// The members of `s`, in order.
pub fn members(s: &Set) -> impl Iterator<Item = usize> + '_ {
    (0..256).filter(move |&c| has(s, c))
}

fn count(s: &Set) -> usize {
    s.iter().map(|w| w.count_ones() as usize).sum()
}

/// Bits a code size needs for `n` symbols (2..=8: GIF's smallest minimum code size is 2).
pub fn bits_for(n: usize) -> u8 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).clamp(2, 8) as u8
}

/// Not possible (a size at a code size too small for the way's colours).
pub const NEVER: u32 = u32::MAX;

/// One way to write a frame in the global table.
#[derive(Clone, Debug)]
pub struct Way {
    /// The palette indices it writes as themselves.
    pub colours: Set,
    /// It writes some pixel as the transparent index (which needs a slot of its own).
    pub transparent: bool,
    /// Its bytes in the file at minimum code sizes 2..=8 (index 0 is size 2), [`NEVER`]
    /// where its symbols do not fit.
    pub bytes: [u32; 7],
}

/// What a frame costs under each order.
#[derive(Clone, Debug)]
pub struct Demand {
    /// Its ways in the global table.
    pub ways: Vec<Way>,
    /// Its bytes with the best local table (the same whatever the global order).
    pub local: u32,
}

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

/// The code size slot `s` needs.
fn tier(s: usize) -> u8 {
    bits_for(s + 1)
}

/// A way's smallest code size when its highest colour is in tier `top` (0: none placed).
fn way_size(w: &Way, top: u8) -> u8 {
    top.max(bits_for(count(&w.colours) + usize::from(w.transparent)))
}

/// A frame's bytes when its ways' highest colours are in tiers `tops`.
fn frame_cost(d: &Demand, tops: &[u8]) -> u32 {
    d.ways.iter().zip(tops).map(|(w, &t)| w.bytes[way_size(w, t) as usize - 2]).fold(d.local, u32::min)
}

impl Slots {
    /// The slot of palette index `c`, if it has one.
    pub fn slot(&self, c: usize) -> Option<usize> {
        (self.slot[c] != NONE).then_some(self.slot[c] as usize)
    }

    /// Whether the order is fixed (frames were encoded with it).
    pub fn is_fixed(&self) -> bool {
        self.fixed > 0
    }

    /// Gives every colour the demands write a slot, in the order that makes them smallest
    /// (see the module docs), and fixes the order.
    pub fn arrange(&mut self, demands: &[Demand]) {
        let mut colours: Set = [0; 4];
        for d in demands {
            for w in &d.ways {
                for (a, b) in colours.iter_mut().zip(&w.colours) {
                    *a |= b;
                }
            }
        }
        let new: Vec<usize> = members(&colours).filter(|&c| self.slot[c] == NONE).collect();
        if !new.is_empty() {
            let mut search = Search::new(self, demands, &new);
            let mut other = search.clone();
            search.fill();
            search.swap();
            other.fill_by_frames();
            other.swap();
            if other.total() < search.total() {
                search = other;
            }
            let base = self.order.len();
            for s in base..base + new.len() {
                let c = search.at[s];
                self.slot[c] = s as u16;
                self.order.push(c as u8);
            }
        }
        self.fixed = self.order.len() as u16;
    }

    /// The total bytes of `demands` in these slots (every colour they write must have one).
    pub fn cost(&self, demands: &[Demand]) -> u64 {
        demands
            .iter()
            .map(|d| {
                let tops: Vec<u8> = d
                    .ways
                    .iter()
                    .map(|w| members(&w.colours).map(|c| tier(self.slot[c] as usize)).max().unwrap_or(0))
                    .collect();
                frame_cost(d, &tops) as u64
            })
            .sum()
    }
}

/// The state of the search: which colour each slot holds, and per way how many of its
/// colours are in each tier.
#[derive(Clone)]
struct Search<'a> {
    demands: &'a [Demand],
    /// Colour at each slot (`usize::MAX`: not placed yet).
    at: Vec<usize>,
    /// Tier of each colour (0: not placed).
    tier_of: [u8; 256],
    /// First way of each frame (ways are numbered frame by frame), and one past the last.
    first_way: Vec<usize>,
    /// Frame of each way.
    frame_of: Vec<u32>,
    /// Per way: how many of its colours are in each tier (index 0: not placed).
    counts: Vec<[u16; 9]>,
    /// Per way: the code size its colours' number needs.
    need: Vec<u8>,
    /// Ways writing each colour.
    ways_of: Vec<Vec<u32>>,
    /// Frames writing each colour.
    frames_of: Vec<Vec<u32>>,
    first_free: usize,
}

impl<'a> Search<'a> {
    fn new(slots: &Slots, demands: &'a [Demand], new: &[usize]) -> Search<'a> {
        let first_free = slots.order.len();
        let mut at = vec![usize::MAX; first_free + new.len()];
        let mut tier_of = [0u8; 256];
        for (s, &c) in slots.order.iter().enumerate() {
            at[s] = c as usize;
            tier_of[c as usize] = tier(s);
        }
        let mut first_way = Vec::with_capacity(demands.len() + 1);
        let (mut frame_of, mut counts, mut need) = (Vec::new(), Vec::new(), Vec::new());
        let mut ways_of = vec![Vec::new(); 256];
        let mut frames_of = vec![Vec::new(); 256];
        for (i, d) in demands.iter().enumerate() {
            first_way.push(frame_of.len());
            let mut any: Set = [0; 4];
            for w in &d.ways {
                let id = frame_of.len() as u32;
                let mut h = [0u16; 9];
                for c in members(&w.colours) {
                    h[tier_of[c] as usize] += 1;
                    ways_of[c].push(id);
                    add(&mut any, c);
                }
                frame_of.push(i as u32);
                counts.push(h);
                need.push(way_size(w, 0));
            }
            for c in members(&any) {
                frames_of[c].push(i as u32);
            }
        }
        first_way.push(frame_of.len());
        Search { demands, at, tier_of, first_way, frame_of, counts, need, ways_of, frames_of, first_free }
    }

    /// Highest tier of way `w` with each `(c, t)` of `moved` (colour `c` in tier `t`) if it
    /// writes `c`.
    #[inline]
    fn top(&self, w: usize, moved: &[(usize, u8)]) -> u8 {
        let mut h = self.counts[w];
        let i = self.frame_of[w] as usize;
        for &(c, t) in moved {
            if has(&self.demands[i].ways[w - self.first_way[i]].colours, c) {
                h[self.tier_of[c] as usize] -= 1;
                h[t as usize] += 1;
            }
        }
        (1..9).rev().find(|&t| h[t] > 0).unwrap_or(0) as u8
    }

    /// Bytes of frame `i` (the unplaced colours as low as they could be) with the colours
    /// `moved` to other tiers (see [`Search::top`]).
    fn cost_of(&self, i: usize, moved: &[(usize, u8)]) -> u32 {
        let d = &self.demands[i];
        let mut best = d.local;
        for (k, w) in d.ways.iter().enumerate() {
            let id = self.first_way[i] + k;
            let size = self.top(id, moved).max(self.need[id]);
            best = best.min(w.bytes[size as usize - 2]);
        }
        best
    }

    /// Total bytes of the frames.
    fn total(&self) -> u64 {
        (0..self.demands.len()).map(|i| self.cost_of(i, &[]) as u64).sum()
    }

    /// Fills the free slots from the top down as gifsicle does: each slot goes to the colour
    /// the fewest frames need (the colours every way of the frame writes) among the frames
    /// whose colours are all still below; a frame needing the colour placed drops out.
    fn fill_by_frames(&mut self) {
        let mut open: Vec<usize> =
            (0..256).filter(|&c| self.tier_of[c] == 0 && !self.frames_of[c].is_empty()).collect();
        let needs: Vec<Set> = self
            .demands
            .iter()
            .map(|d| {
                d.ways.iter().fold([u64::MAX; 4], |mut a, w| {
                    a.iter_mut().zip(&w.colours).for_each(|(a, b)| *a &= b);
                    a
                })
            })
            .collect();
        let mut active = vec![true; needs.len()];
        let mut penalty = [0i64; 256];
        for n in &needs {
            for c in members(n) {
                penalty[c] += 1;
            }
        }
        for s in (self.first_free..self.at.len()).rev() {
            let k = (0..open.len())
                .min_by_key(|&k| (penalty[open[k]], self.frames_of[open[k]].len(), open[k]))
                .expect("a colour for every free slot");
            let c = open.swap_remove(k);
            self.retier(c, tier(s));
            self.at[s] = c;
            for (i, n) in needs.iter().enumerate() {
                if active[i] && has(n, c) {
                    active[i] = false;
                    for o in members(n) {
                        penalty[o] -= 1;
                    }
                }
            }
        }
    }

    /// Moves colour `c` to tier `to`.
    fn retier(&mut self, c: usize, to: u8) {
        let from = self.tier_of[c] as usize;
        for &w in &self.ways_of[c] {
            let h = &mut self.counts[w as usize];
            h[from] -= 1;
            h[to as usize] += 1;
        }
        self.tier_of[c] = to;
    }

    /// Whether frame `i` has a way with no colour placed yet (only such frames change when a
    /// colour is placed below the ones placed before).
    fn open(&self, i: usize) -> bool {
        (self.first_way[i]..self.first_way[i + 1]).any(|w| self.counts[w][1..].iter().all(|&n| n == 0))
    }

    /// What placing unplaced colour `c` in tier `t` adds to frame `i`.
    fn penalty_in(&self, i: usize, c: usize, t: u8) -> i64 {
        self.cost_of(i, &[(c, t)]) as i64 - self.cost_of(i, &[]) as i64
    }

    /// Fills the free slots from the top down: each slot goes to the colour whose place
    /// there adds least to the frames (see the module docs).
    fn fill(&mut self) {
        let mut open: Vec<usize> =
            (0..256).filter(|&c| self.tier_of[c] == 0 && !self.frames_of[c].is_empty()).collect();
        let mut penalty = [0i64; 256];
        let mut last_tier = 0;
        for s in (self.first_free..self.at.len()).rev() {
            let t = tier(s);
            if t != last_tier {
                last_tier = t;
                for &c in &open {
                    penalty[c] = self.frames_of[c]
                        .iter()
                        .filter(|&&i| self.open(i as usize))
                        .map(|&i| self.penalty_in(i as usize, c, t))
                        .sum();
                }
            }
            // Ties: the colour fewer frames write goes higher.
            let k = (0..open.len())
                .min_by_key(|&k| (penalty[open[k]], self.frames_of[open[k]].len(), open[k]))
                .expect("a colour for every free slot");
            let c = open.swap_remove(k);
            // The frames this placement changes, and the other colours' penalties in them.
            let changed: Vec<usize> = self.frames_of[c].iter().map(|&i| i as usize).filter(|&i| self.open(i)).collect();
            let others = |this: &Search, i: usize| -> Vec<usize> {
                let d = &this.demands[i];
                let mut any: Set = [0; 4];
                for w in &d.ways {
                    for (a, b) in any.iter_mut().zip(&w.colours) {
                        *a |= b;
                    }
                }
                members(&any).filter(|&o| this.tier_of[o] == 0 && o != c).collect()
            };
            for &i in &changed {
                for o in others(self, i) {
                    penalty[o] -= self.penalty_in(i, o, t);
                }
            }
            self.retier(c, t);
            self.at[s] = c;
            for &i in &changed {
                if self.open(i) {
                    for o in others(self, i) {
                        penalty[o] += self.penalty_in(i, o, t);
                    }
                }
            }
        }
    }

    /// Swaps colours between tiers while that lowers the total: for each colour that would
    /// make some frame smaller one tier lower (or more), the swap with the colour of that
    /// tier that costs least.
    fn swap(&mut self) {
        let mut cur: Vec<u32> = (0..self.demands.len()).map(|i| self.cost_of(i, &[])).collect();
        let mut of_b = vec![false; self.demands.len()];
        for _round in 0..SWAP_ROUNDS {
            let mut better = false;
            for b in (self.first_free..self.at.len()).rev() {
                let cb = self.at[b];
                let tb = self.tier_of[cb];
                self.frames_of[cb].iter().for_each(|&i| of_b[i as usize] = true);
                for ta in (2..tb).rev() {
                    let gain: i64 = self.frames_of[cb]
                        .iter()
                        .map(|&i| cur[i as usize] as i64 - self.cost_of(i as usize, &[(cb, ta)]) as i64)
                        .sum();
                    if gain <= 0 {
                        continue;
                    }
                    let mut best: Option<(i64, usize)> = None;
                    for a in (self.first_free..self.at.len()).filter(|&a| tier(a) == ta) {
                        let ca = self.at[a];
                        let both = [(ca, tb), (cb, ta)];
                        let mut delta: i64 = self.frames_of[cb]
                            .iter()
                            .map(|&i| self.cost_of(i as usize, &both) as i64 - cur[i as usize] as i64)
                            .sum();
                        for &i in &self.frames_of[ca] {
                            if !of_b[i as usize] {
                                delta += self.cost_of(i as usize, &both[..1]) as i64 - cur[i as usize] as i64;
                            }
                        }
                        if delta < 0 && best.is_none_or(|(d, _)| delta < d) {
                            best = Some((delta, a));
                        }
                    }
                    if let Some((_, a)) = best {
                        let ca = self.at[a];
                        self.retier(ca, tb);
                        self.retier(cb, ta);
                        self.at.swap(a, b);
                        for &i in self.frames_of[ca].iter().chain(&self.frames_of[cb]) {
                            cur[i as usize] = self.cost_of(i as usize, &[]);
                        }
                        better = true;
                        break;
                    }
                }
                self.frames_of[cb].iter().for_each(|&i| of_b[i as usize] = false);
            }
            if !better {
                break;
            }
        }
    }
}

/// Most rounds of [`Search::swap`].
const SWAP_ROUNDS: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_for_counts() {
        assert_eq!([1, 2, 4, 5, 8, 9, 128, 129, 256].map(bits_for), [2, 2, 2, 3, 3, 4, 7, 8, 8]);
    }
}
