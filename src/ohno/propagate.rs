//! The fast core shared by the solver, the counter, the generator and the explanation's
//! contradiction steps: the board as a flat `Vec<u8>` (one byte per cell, row-major) and
//! a propagation that applies, until nothing changes:
//!
//! * per number, the *split* analysis (spec "Deductions", "enumerate how its count can split
//!   across the four directions and keep what all splits agree on"), done with bitmasks: for
//!   each direction the set of counts it can still contribute is a `u64` mask, the other three
//!   directions' sums are mask convolutions. It subsumes hint rules 1-4 of the spec;
//! * hint rule 5 (an empty cell closed in by red and edges is red);
//! * "needs a neighbour": a blue cell sees at least one blue exactly when one of its four
//!   neighbours is blue, so a blue without blue neighbours and a single empty neighbour makes
//!   that neighbour blue, and one with none is a contradiction.
//!
//! On a complete board the propagation is a full check of both rules, so a search that only
//! branches and propagates returns valid solutions only.

use super::board::{Board, Cell};

pub(crate) const EMPTY: u8 = 0;
pub(crate) const RED: u8 = 1;
pub(crate) const BLUE: u8 = 2;

/// A state broke a rule (or left a number no way to be satisfied).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contra;

/// The fixed part of a puzzle: size and numbers.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub n: usize,
    /// `(cell index, number)` of every numbered cell, row-major.
    pub numbers: Vec<(usize, u32)>,
}

impl Ctx {
    /// The context and initial state of a board (numbers and blues are `BLUE`, reds `RED`).
    pub fn new(board: &Board) -> (Ctx, Vec<u8>) {
        let n = board.size();
        let mut numbers = Vec::new();
        let st = board
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                Cell::Empty => EMPTY,
                Cell::Red => RED,
                Cell::Blue => BLUE,
                Cell::Number(k) => {
                    numbers.push((i, k as u32));
                    BLUE
                }
            })
            .collect();
        (Ctx { n, numbers }, st)
    }

    /// Writes a state back over the puzzle (numbers kept, empty cells coloured).
    pub fn to_board(&self, puzzle: &Board, st: &[u8]) -> Board {
        let cells = puzzle
            .cells()
            .iter()
            .zip(st)
            .map(|(&c, &s)| match (c, s) {
                (Cell::Number(k), _) => Cell::Number(k),
                (_, RED) => Cell::Red,
                (_, BLUE) => Cell::Blue,
                _ => Cell::Empty,
            })
            .collect();
        Board::from_cells(self.n, cells)
    }

    /// `(step, length)` of the four rays of cell `i` (up, down, left, right).
    #[inline]
    pub fn rays(&self, i: usize) -> [(isize, usize); 4] {
        let n = self.n;
        let (r, c) = (i / n, i % n);
        [(-(n as isize), r), (n as isize, n - 1 - r), (-1, c), (1, n - 1 - c)]
    }

    /// Per direction, the counts (bit v = "can see exactly v more blues this way") still
    /// possible for a number `k` at cell `i`, before combining directions.
    #[inline]
    pub fn feasible(&self, st: &[u8], i: usize, k: u32) -> [u64; 4] {
        let mut out = [0u64; 4];
        for (d, &(step, len)) in self.rays(i).iter().enumerate() {
            let mut mask = 0u64;
            let top = len.min(k as usize);
            let mut idx = i as isize;
            for v in 0..=top {
                if v == len {
                    mask |= 1 << v;
                    break;
                }
                idx += step;
                let s = st[idx as usize];
                if s != BLUE {
                    mask |= 1 << v;
                }
                if s == RED {
                    break;
                }
            }
            out[d] = mask;
        }
        out
    }

    /// Keeps, per direction, the counts that some split of `k` over the four directions uses.
    #[inline]
    pub fn refine(k: u32, a: [u64; 4]) -> Result<[u64; 4], Contra> {
        let lim = if k >= 63 { u64::MAX } else { (1u64 << (k + 1)) - 1 };
        let conv = |x: u64, y: u64| -> u64 {
            let mut r = 0u64;
            let mut x = x;
            while x != 0 {
                let t = x.trailing_zeros();
                r |= y << t;
                x &= x - 1;
            }
            r & lim
        };
        let p01 = conv(a[0], a[1]);
        let s23 = conv(a[2], a[3]);
        let others = [conv(a[1], s23), conv(a[0], s23), conv(p01, a[3]), conv(p01, a[2])];
        let mut out = [0u64; 4];
        for d in 0..4 {
            let mut x = a[d];
            let mut keep = 0u64;
            while x != 0 {
                let v = x.trailing_zeros();
                if (others[d] >> (k - v)) & 1 == 1 {
                    keep |= 1 << v;
                }
                x &= x - 1;
            }
            if keep == 0 {
                return Err(Contra);
            }
            out[d] = keep;
        }
        Ok(out)
    }

    /// Applies the split analysis of the number at `i`; returns whether a cell changed and
    /// whether the number is now fully determined.
    #[inline]
    fn number_step(&self, st: &mut [u8], i: usize, k: u32) -> Result<(bool, bool), Contra> {
        let r = Self::refine(k, self.feasible(st, i, k))?;
        let mut changed = false;
        let mut done = true;
        for (d, &(step, len)) in self.rays(i).iter().enumerate() {
            let m = r[d].trailing_zeros() as usize;
            let mut idx = i as isize;
            for _ in 0..m {
                idx += step;
                let s = &mut st[idx as usize];
                match *s {
                    EMPTY => {
                        *s = BLUE;
                        changed = true;
                    }
                    RED => return Err(Contra),
                    _ => {}
                }
            }
            if r[d].count_ones() == 1 {
                if m < len {
                    idx += step;
                    let s = &mut st[idx as usize];
                    match *s {
                        EMPTY => {
                            *s = RED;
                            changed = true;
                        }
                        BLUE => return Err(Contra),
                        _ => {}
                    }
                }
            } else {
                done = false;
            }
        }
        Ok((changed, done))
    }

    /// One pass of rule 5 and "needs a neighbour" over all cells.
    fn cell_pass(&self, st: &mut [u8]) -> Result<bool, Contra> {
        let n = self.n;
        let mut changed = false;
        for r in 0..n {
            for c in 0..n {
                let i = r * n + c;
                let s = st[i];
                if s == RED {
                    continue;
                }
                let mut blue = 0;
                let mut empty = 0;
                let mut last_empty = 0;
                let mut look = |j: usize| match st[j] {
                    BLUE => blue += 1,
                    EMPTY => {
                        empty += 1;
                        last_empty = j;
                    }
                    _ => {}
                };
                if r > 0 {
                    look(i - n);
                }
                if r + 1 < n {
                    look(i + n);
                }
                if c > 0 {
                    look(i - 1);
                }
                if c + 1 < n {
                    look(i + 1);
                }
                if s == EMPTY {
                    if blue == 0 && empty == 0 {
                        st[i] = RED;
                        changed = true;
                    }
                } else if blue == 0 {
                    match empty {
                        0 => return Err(Contra),
                        1 => {
                            st[last_empty] = BLUE;
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Propagates to a fixpoint. `Err` means the state has no solution.
    pub fn propagate(&self, st: &mut [u8]) -> Result<(), Contra> {
        let mut done = vec![false; self.numbers.len()];
        loop {
            let mut changed = false;
            loop {
                let mut inner = false;
                for (j, &(i, k)) in self.numbers.iter().enumerate() {
                    if done[j] {
                        continue;
                    }
                    let (ch, dn) = self.number_step(st, i, k)?;
                    inner |= ch;
                    done[j] = dn;
                }
                if !inner {
                    break;
                }
                changed = true;
            }
            changed |= self.cell_pass(st)?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// After propagation: the empty cell to branch on, or `None` if the board is complete.
    /// Prefers the first open cell of an unfinished number: the one nearest to `focus` (the
    /// cell decided last, so that a search stays where its contradiction is), ties broken by
    /// the fewest remaining options; then an empty neighbour of a blue that sees nothing yet;
    /// then the first empty cell.
    pub fn choose(&self, st: &[u8], focus: Option<usize>) -> Option<usize> {
        let n = self.n;
        let mut best: Option<((usize, u32), usize)> = None;
        for &(i, k) in &self.numbers {
            let a = self.feasible(st, i, k);
            let score: u32 = a.iter().map(|m| m.count_ones() - 1).sum();
            if score == 0 {
                continue;
            }
            let dist = focus.map_or(0, |f| (f / n).abs_diff(i / n) + (f % n).abs_diff(i % n));
            let key = (dist, score);
            if best.is_some_and(|(b, _)| b <= key) {
                continue;
            }
            for (d, &(step, _)) in self.rays(i).iter().enumerate() {
                if a[d].count_ones() > 1 {
                    let m = a[d].trailing_zeros() as isize;
                    let idx = (i as isize + step * (m + 1)) as usize;
                    if st[idx] == EMPTY {
                        best = Some((key, idx));
                        break;
                    }
                }
            }
        }
        if let Some((_, idx)) = best {
            return Some(idx);
        }
        for i in 0..n * n {
            if st[i] != BLUE {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let nb = [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ];
            if nb.iter().flatten().any(|&j| st[j] == BLUE) {
                continue;
            }
            if let Some(&j) = nb.iter().flatten().find(|&&j| st[j] == EMPTY) {
                return Some(j);
            }
        }
        st.iter().position(|&s| s == EMPTY)
    }

    /// Depth-first search: counts solutions of `st` up to `limit` into `count`, keeping the
    /// first one found in `first`. `focus` is the cell decided last (see [`Ctx::choose`]).
    pub fn search(
        &self,
        mut st: Vec<u8>,
        focus: Option<usize>,
        limit: usize,
        count: &mut usize,
        first: &mut Option<Vec<u8>>,
    ) {
        if *count >= limit || self.propagate(&mut st).is_err() {
            return;
        }
        match self.choose(&st, focus) {
            None => {
                *count += 1;
                if first.is_none() {
                    *first = Some(st);
                }
            }
            Some(i) => {
                for v in [BLUE, RED] {
                    let mut next = st.clone();
                    next[i] = v;
                    self.search(next, Some(i), limit, count, first);
                    if *count >= limit {
                        return;
                    }
                }
            }
        }
    }
}
