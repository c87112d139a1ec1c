//! The animated SVG's slot tracker ([`super::svg_anim`]): for one part of the picture (the
//! background, a layer's shapes, its labels), which *slot* each element of each frame takes.
//! A slot is one thing drawn, written once in the SVG; its events say when it is hidden and
//! where it is. An element keeps the slot it had in the frame before when it can (matched as a
//! longest common subsequence of the two frames' elements, unmoved elements first), else takes
//! a free slot of the same content between its neighbours, else a new one, so that a thing
//! that moves or comes back is one element, not one per frame.

use rustc_hash::FxHashMap;

/// What a slot shows from a frame on: nothing, or its content at an anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Hidden,
    At(i32, i32),
}

/// One thing drawn: a content, and the frames at which what it shows changes.
pub(super) struct Slot {
    pub(super) content: u32,
    /// Frame, state from then on, and the anchor unrounded (pixels).
    pub(super) events: Vec<(u32, State, [f32; 2])>,
    /// The last frame that used it.
    pub(super) used: u32,
}

/// One part's slots through the animation.
#[derive(Default)]
pub(super) struct PartTrack {
    pub(super) slots: Vec<Slot>,
    /// Slot numbers in drawing order.
    pub(super) order: Vec<u32>,
    /// Each slot's place in `order`.
    pub(super) pos: Vec<usize>,
    /// The last frame's elements: slot, content, anchor.
    pub(super) prev: Vec<(u32, u32, i32, i32)>,
    /// Slots by content and anchor they have had, and by content.
    pub(super) exact: FxHashMap<(u32, i32, i32), Vec<u32>>,
    pub(super) by_content: FxHashMap<u32, Vec<u32>>,
    /// The frames at which the part's turn changes: frame, angle, pivot.
    pub(super) turns: Vec<(u32, i32, [i32; 2])>,
}

/// Elements of one frame's part: content and anchor.
pub(super) type Items = [(u32, i32, i32)];

/// Most cells of the table that matches two frames' elements; larger differences match
/// unmoved elements only.
pub(super) const MAX_MATCH_CELLS: usize = 4_000_000;

impl PartTrack {
    /// Frame `f` shows `items` (turned by `turn`, when the part is there).
    pub(super) fn frame(&mut self, f: u32, items: &Items, exact: &[[f32; 2]], turn: Option<(i32, [i32; 2])>) {
        if let Some((angle, pivot)) = turn {
            if self.turns.last().is_none_or(|&(_, a, p)| (a, p) != (angle, pivot)) {
                self.turns.push((f, angle, pivot));
            }
        }
        let mut assigned = self.match_prev(items);
        for s in assigned.iter().flatten() {
            self.slots[*s as usize].used = f;
        }
        // The place of the nearest matched element after each element.
        let mut next = vec![usize::MAX; items.len()];
        let mut after = usize::MAX;
        for i in (0..items.len()).rev() {
            next[i] = after;
            if let Some(s) = assigned[i] {
                after = self.pos[s as usize];
            }
        }
        let mut left: isize = -1;
        let mut inserts: Vec<(isize, u32)> = Vec::new();
        for (i, &(c, x, y)) in items.iter().enumerate() {
            if let Some(s) = assigned[i] {
                left = self.pos[s as usize] as isize;
                continue;
            }
            let free = |s: &u32| {
                let p = self.pos[*s as usize];
                self.slots[*s as usize].used != f && p != usize::MAX && p as isize > left && p < next[i]
            };
            let found = self
                .exact
                .get(&(c, x, y))
                .and_then(|v| v.iter().copied().find(free))
                .or_else(|| self.by_content.get(&c).and_then(|v| v.iter().rev().take(64).copied().find(free)));
            let s = match found {
                Some(s) => {
                    left = self.pos[s as usize] as isize;
                    s
                }
                None => {
                    let s = self.slots.len() as u32;
                    self.slots.push(Slot { content: c, events: Vec::new(), used: f });
                    self.pos.push(usize::MAX);
                    self.by_content.entry(c).or_default().push(s);
                    inserts.push((left, s));
                    s
                }
            };
            self.slots[s as usize].used = f;
            assigned[i] = Some(s);
        }
        if !inserts.is_empty() {
            self.insert(&inserts);
        }
        for &(s, ..) in &self.prev {
            let slot = &mut self.slots[s as usize];
            if slot.used != f {
                slot.events.push((f, State::Hidden, [0.0, 0.0]));
            }
        }
        let mut prev = Vec::with_capacity(items.len());
        for ((&(c, x, y), s), &e) in items.iter().zip(assigned).zip(exact) {
            let s = s.expect("every element has a slot");
            let slot = &mut self.slots[s as usize];
            if slot.events.last().map(|e| e.1) != Some(State::At(x, y)) {
                slot.events.push((f, State::At(x, y), e));
                let list = self.exact.entry((c, x, y)).or_default();
                if list.last() != Some(&s) {
                    list.push(s);
                }
            }
            prev.push((s, c, x, y));
        }
        self.prev = prev;
    }

    /// Puts new slots in drawing order, each `(p, slot)` right after the slot at place `p`
    /// (-1: first), in the order given.
    fn insert(&mut self, inserts: &[(isize, u32)]) {
        let mut order = Vec::with_capacity(self.order.len() + inserts.len());
        let mut k = 0;
        while k < inserts.len() && inserts[k].0 < 0 {
            order.push(inserts[k].1);
            k += 1;
        }
        for (p, &s) in self.order.iter().enumerate() {
            order.push(s);
            while k < inserts.len() && inserts[k].0 == p as isize {
                order.push(inserts[k].1);
                k += 1;
            }
        }
        for (p, &s) in order.iter().enumerate() {
            self.pos[s as usize] = p;
        }
        self.order = order;
    }

    /// The slots of the last frame that `items` keep, as a heaviest common subsequence of the
    /// two frames' elements: an element at the same anchor weighs 4, the same content moved 1.
    fn match_prev(&self, items: &Items) -> Vec<Option<u32>> {
        let prev = &self.prev;
        let mut out = vec![None; items.len()];
        let same = |p: &(u32, u32, i32, i32), i: &(u32, i32, i32)| (p.1, p.2, p.3) == *i;
        let mut a = 0;
        while a < items.len() && a < prev.len() && same(&prev[a], &items[a]) {
            out[a] = Some(prev[a].0);
            a += 1;
        }
        let mut b = 0;
        while b < items.len() - a && b < prev.len() - a && same(&prev[prev.len() - 1 - b], &items[items.len() - 1 - b])
        {
            out[items.len() - 1 - b] = Some(prev[prev.len() - 1 - b].0);
            b += 1;
        }
        let (p, it) = (&prev[a..prev.len() - b], &items[a..items.len() - b]);
        if p.is_empty() || it.is_empty() {
            return out;
        }
        let (n, m) = (it.len(), p.len());
        if (n + 1) * (m + 1) > MAX_MATCH_CELLS {
            // Unmoved elements only, in order.
            let mut at: FxHashMap<(u32, i32, i32), Vec<usize>> = FxHashMap::default();
            for (j, e) in p.iter().enumerate().rev() {
                at.entry((e.1, e.2, e.3)).or_default().push(j);
            }
            let mut floor = 0;
            for (i, e) in it.iter().enumerate() {
                if let Some(v) = at.get_mut(e) {
                    while v.last().is_some_and(|&j| j < floor) {
                        v.pop();
                    }
                    if let Some(j) = v.pop() {
                        out[a + i] = Some(p[j].0);
                        floor = j + 1;
                    }
                }
            }
            return out;
        }
        let w = m + 1;
        let mut t = vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                let gain = if same(&p[j], &it[i]) {
                    4
                } else if p[j].1 == it[i].0 {
                    1
                } else {
                    0
                };
                let mut best = t[(i + 1) * w + j].max(t[i * w + j + 1]);
                if gain > 0 {
                    best = best.max(gain + t[(i + 1) * w + j + 1]);
                }
                t[i * w + j] = best;
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n && j < m {
            let gain = if same(&p[j], &it[i]) {
                4
            } else if p[j].1 == it[i].0 {
                1
            } else {
                0
            };
            if gain > 0 && t[i * w + j] == gain + t[(i + 1) * w + j + 1] {
                out[a + i] = Some(p[j].0);
                i += 1;
                j += 1;
            } else if t[i * w + j] == t[(i + 1) * w + j] {
                i += 1;
            } else {
                j += 1;
            }
        }
        out
    }
}
