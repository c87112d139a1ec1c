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
//! In [`Mode::Hints`] the same loop applies the five hint rules of the game instead (the
//! generator's test of an easy puzzle).
//!
//! The propagation is a work list: a number is looked at again only when a cell of its row or
//! column changed, a cell only when it or a neighbour changed. A state that was a fixpoint
//! before some cells were set is propagated from those cells alone ([`Ctx::propagate_after`]).
//! On a complete board the full propagation is a check of both rules, so a search that only
//! branches and propagates returns valid solutions only.

use super::board::{Board, Cell};
use super::hints::{closed_in, looks, neighbours, number_rule, rays, seen, BLUE, EMPTY, NUMBER_RULES, RED};

/// A state broke a rule (or left a number no way to be satisfied).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contra;

/// Which deductions a propagation applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Split analysis, hint rule 5 and "needs a neighbour": the solver's.
    Full,
    /// The five hint rules of the game only (spec rules 1-5). Meant for states that agree
    /// with a solution: it does not check a complete board.
    Hints,
}

/// The fixed part of a puzzle: size and numbers.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub n: usize,
    /// `(cell index, number)` of every numbered cell, row-major.
    pub numbers: Vec<(usize, u32)>,
    /// Indices into `numbers` of the numbers of each row (`0..n`) and column (`n..2n`).
    lines: Vec<Vec<u32>>,
}

/// A depth-first search's bookkeeping (see [`Ctx::search`]).
#[derive(Clone, Debug)]
pub(crate) struct Search<'a> {
    /// Stop after this many solutions.
    pub limit: usize,
    /// Solutions found so far.
    pub count: usize,
    /// The first solution found.
    pub first: Option<Vec<u8>>,
    /// Branching nodes the search may still visit; at 0 it stops with `out_of_budget` set.
    pub budget: u64,
    /// True when the search stopped on its budget (its count is then a lower bound).
    pub out_of_budget: bool,
    /// The colour to try first at a branch, per cell (blue when `None`).
    pub prefer: Option<&'a [u8]>,
    /// The cell the branching stays near (see [`Ctx::choose`]); `None`: the cell set last.
    pub focus: Option<usize>,
    /// Once this many dead ends (states the propagation refuted) were met, every further node
    /// is probed ([`Ctx::probe`]) before branching: such a search is one whose contradictions
    /// the propagation alone sees too late.
    pub probe_after: u64,
    /// Dead ends met so far.
    pub dead_ends: u64,
}

impl Search<'_> {
    /// A search for up to `limit` solutions, without a budget, blue first.
    pub fn new(limit: usize) -> Search<'static> {
        Search {
            limit,
            count: 0,
            first: None,
            budget: u64::MAX,
            out_of_budget: false,
            prefer: None,
            focus: None,
            probe_after: PROBE_AFTER,
            dead_ends: 0,
        }
    }
}

/// Dead ends a search meets before it starts probing (see [`Search::probe_after`]).
pub(crate) const PROBE_AFTER: u64 = 100;

/// The work lists of one propagation.
struct Queue {
    numbers: Vec<u32>,
    number_in: Vec<bool>,
    cells: Vec<u32>,
    cell_in: Vec<bool>,
}

impl Ctx {
    /// The context and initial state of a board (numbers and blues are `BLUE`, reds `RED`).
    pub fn new(board: &Board) -> (Ctx, Vec<u8>) {
        let numbers =
            board.cells().iter().enumerate().filter_map(|(i, &c)| c.number().map(|k| (i, k as u32))).collect();
        (Ctx::with_numbers(board.size(), numbers), encode(board))
    }

    /// The context of an n x n board with these `(cell index, number)`s, any order.
    pub fn with_numbers(n: usize, mut numbers: Vec<(usize, u32)>) -> Ctx {
        numbers.sort_unstable();
        let mut lines = vec![Vec::new(); 2 * n];
        for (j, &(i, _)) in numbers.iter().enumerate() {
            lines[i / n].push(j as u32);
            lines[n + i % n].push(j as u32);
        }
        Ctx { n, numbers, lines }
    }

    /// The number at cell index `i`, if it holds one.
    pub fn number_at(&self, i: usize) -> Option<u32> {
        self.numbers.binary_search_by_key(&i, |&(j, _)| j).ok().map(|j| self.numbers[j].1)
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
        rays(self.n, i)
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
        let p01 = conv(a[0], a[1], lim);
        let s23 = conv(a[2], a[3], lim);
        let others = [conv(a[1], s23, lim), conv(a[0], s23, lim), conv(p01, a[3], lim), conv(p01, a[2], lim)];
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

    /// Sets cell `idx` to `v` unless it already is; `Err` if it holds the other colour.
    #[inline]
    fn put(st: &mut [u8], idx: usize, v: u8, changed: &mut Vec<usize>) -> Result<(), Contra> {
        match st[idx] {
            EMPTY => {
                st[idx] = v;
                changed.push(idx);
                Ok(())
            }
            s if s == v => Ok(()),
            _ => Err(Contra),
        }
    }

    /// Applies the split analysis of the number at `i`, pushing the cells it sets onto
    /// `changed`; returns whether the number is now fully determined.
    #[inline]
    fn split_step(&self, st: &mut [u8], i: usize, k: u32, changed: &mut Vec<usize>) -> Result<bool, Contra> {
        let r = Self::refine(k, self.feasible(st, i, k))?;
        let mut done = true;
        for (d, &(step, len)) in self.rays(i).iter().enumerate() {
            let m = r[d].trailing_zeros() as usize;
            let mut idx = i as isize;
            for _ in 0..m {
                idx += step;
                Self::put(st, idx as usize, BLUE, changed)?;
            }
            if r[d].count_ones() == 1 {
                if m < len {
                    Self::put(st, (idx + step) as usize, RED, changed)?;
                }
            } else {
                done = false;
            }
        }
        Ok(done)
    }

    /// Applies hint rules 1-4 to the number at `i` (see [`Mode::Hints`]); a number seeing more
    /// than `k` is a contradiction. Never reports the number as determined.
    fn hint_step(&self, st: &mut [u8], i: usize, k: u32, changed: &mut Vec<usize>) -> Result<bool, Contra> {
        let l = looks(self.n, st, i);
        if seen(&l) > k as usize {
            return Err(Contra);
        }
        let mut cells = Vec::new();
        for rule in NUMBER_RULES {
            number_rule(rule, k as usize, &l, &mut cells);
        }
        for (idx, v) in cells {
            Self::put(st, idx, v, changed)?;
        }
        Ok(false)
    }

    /// Hint rule 5 at cell `i`, and in [`Mode::Full`] "needs a neighbour"; a blue cell closed
    /// in by red and edges is a contradiction in both modes.
    #[inline]
    fn cell_step(&self, st: &mut [u8], i: usize, mode: Mode, changed: &mut Vec<usize>) -> Result<(), Contra> {
        match st[i] {
            RED => Ok(()),
            EMPTY => {
                if closed_in(self.n, st, i) {
                    st[i] = RED;
                    changed.push(i);
                }
                Ok(())
            }
            _ => {
                let nb = neighbours(self.n, i);
                if nb.iter().flatten().any(|&j| st[j] == BLUE) {
                    return Ok(());
                }
                let mut empty = nb.iter().flatten().filter(|&&j| st[j] == EMPTY);
                match (empty.next(), empty.next()) {
                    (None, _) => Err(Contra),
                    (Some(&j), None) if mode == Mode::Full => {
                        st[j] = BLUE;
                        changed.push(j);
                        Ok(())
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Queues what a change of cell `idx` may affect: the numbers of its row and column (in
    /// [`Mode::Full`] only those whose split analysis reads it: a number `k` reads `k + 1`
    /// cells a way), the cell and its neighbours.
    fn touch(&self, q: &mut Queue, idx: usize, mode: Mode) {
        let n = self.n;
        for &j in self.lines[idx / n].iter().chain(&self.lines[n + idx % n]) {
            let (i, k) = self.numbers[j as usize];
            let far = (i / n).abs_diff(idx / n) + (i % n).abs_diff(idx % n) > k as usize + 1;
            if !q.number_in[j as usize] && !(far && mode == Mode::Full) {
                q.number_in[j as usize] = true;
                q.numbers.push(j);
            }
        }
        for c in std::iter::once(Some(idx)).chain(neighbours(n, idx)).flatten() {
            if !q.cell_in[c] {
                q.cell_in[c] = true;
                q.cells.push(c as u32);
            }
        }
    }

    /// Propagates `mode`'s deductions to a fixpoint. `Err` means the state has no solution.
    pub fn propagate(&self, st: &mut [u8], mode: Mode) -> Result<(), Contra> {
        let q = Queue {
            numbers: (0..self.numbers.len() as u32).rev().collect(),
            number_in: vec![true; self.numbers.len()],
            cells: (0..st.len() as u32).rev().collect(),
            cell_in: vec![true; st.len()],
        };
        self.run(st, mode, q)
    }

    /// Propagates a state that was a fixpoint of `mode` before the cells `changed` were set.
    pub fn propagate_after(&self, st: &mut [u8], mode: Mode, changed: &[usize]) -> Result<(), Contra> {
        let mut q = Queue {
            numbers: Vec::new(),
            number_in: vec![false; self.numbers.len()],
            cells: Vec::new(),
            cell_in: vec![false; st.len()],
        };
        for &i in changed {
            self.touch(&mut q, i, mode);
        }
        self.run(st, mode, q)
    }

    fn run(&self, st: &mut [u8], mode: Mode, mut q: Queue) -> Result<(), Contra> {
        let mut done = vec![false; self.numbers.len()];
        let mut changed = Vec::new();
        loop {
            if let Some(j) = q.numbers.pop() {
                let j = j as usize;
                q.number_in[j] = false;
                if done[j] {
                    continue;
                }
                let (i, k) = self.numbers[j];
                done[j] = match mode {
                    Mode::Full => self.split_step(st, i, k, &mut changed)?,
                    Mode::Hints => self.hint_step(st, i, k, &mut changed)?,
                };
            } else if let Some(i) = q.cells.pop() {
                let i = i as usize;
                q.cell_in[i] = false;
                self.cell_step(st, i, mode, &mut changed)?;
            } else {
                return Ok(());
            }
            for idx in changed.drain(..) {
                self.touch(&mut q, idx, mode);
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
            let dist = focus.map_or(0, |f| (f / n).abs_diff(i / n) + (f % n).abs_diff(i % n));
            if best.is_some_and(|((d, _), _)| d < dist) {
                continue;
            }
            let a = self.feasible(st, i, k);
            let score: u32 = a.iter().map(|m| m.count_ones() - 1).sum();
            if score == 0 {
                continue;
            }
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
            let nb = neighbours(n, i);
            if nb.iter().flatten().any(|&j| st[j] == BLUE) {
                continue;
            }
            if let Some(&j) = nb.iter().flatten().find(|&&j| st[j] == EMPTY) {
                return Some(j);
            }
        }
        st.iter().position(|&s| s == EMPTY)
    }

    /// Probing on a propagation fixpoint: each empty cell, nearest to `focus` first, is given
    /// each colour in turn and propagated. A colour that breaks a rule gives the cell the other
    /// colour; cells that both colours set alike are set so. Repeated until a pass learns
    /// nothing. `Err` when both colours of a cell break a rule.
    pub fn probe(&self, st: &mut [u8], focus: usize) -> Result<(), Contra> {
        let n = self.n;
        let dist = |i: usize| (focus / n).abs_diff(i / n) + (focus % n).abs_diff(i % n);
        let mut order: Vec<usize> = (0..st.len()).filter(|&i| st[i] == EMPTY).collect();
        order.sort_by_key(|&i| dist(i));
        let (mut blue, mut red) = (st.to_vec(), st.to_vec());
        let mut learned = Vec::new();
        loop {
            let mut any = false;
            for &i in &order {
                if st[i] != EMPTY {
                    continue;
                }
                blue.copy_from_slice(st);
                blue[i] = BLUE;
                let blue_ok = self.propagate_after(&mut blue, Mode::Full, &[i]).is_ok();
                red.copy_from_slice(st);
                red[i] = RED;
                let red_ok = self.propagate_after(&mut red, Mode::Full, &[i]).is_ok();
                learned.clear();
                match (blue_ok, red_ok) {
                    (false, false) => return Err(Contra),
                    (true, false) => learned.push(i),
                    (false, true) => {}
                    (true, true) => learned
                        .extend((0..st.len()).filter(|&j| st[j] == EMPTY && blue[j] != EMPTY && blue[j] == red[j])),
                }
                if !blue_ok {
                    st.copy_from_slice(&red);
                    any = true;
                } else if !learned.is_empty() {
                    for &j in &learned {
                        st[j] = blue[j];
                    }
                    self.propagate_after(st, Mode::Full, &learned)?;
                    any = true;
                }
            }
            if !any {
                return Ok(());
            }
        }
    }

    /// Depth-first search over both colours with full propagation at every node: counts the
    /// solutions of `st` into `s` (see [`Search`]). `changed` is the cell set last on a state
    /// that was a propagation fixpoint before it (`None`: propagate everything); it is also the
    /// search's focus (see [`Ctx::choose`]).
    pub fn search(&self, s: &mut Search<'_>, mut st: Vec<u8>, changed: Option<usize>) {
        if s.count >= s.limit || s.out_of_budget {
            return;
        }
        let ok = match changed {
            None => self.propagate(&mut st, Mode::Full),
            Some(i) => self.propagate_after(&mut st, Mode::Full, &[i]),
        };
        if ok.is_err() {
            s.dead_ends += 1;
            return;
        }
        let focus = s.focus.or(changed);
        if s.dead_ends >= s.probe_after && self.probe(&mut st, focus.unwrap_or(0)).is_err() {
            s.dead_ends += 1;
            return;
        }
        let Some(i) = self.choose(&st, focus) else {
            s.count += 1;
            if s.first.is_none() {
                s.first = Some(st);
            }
            return;
        };
        if s.budget == 0 {
            s.out_of_budget = true;
            return;
        }
        s.budget -= 1;
        let first = s.prefer.map_or(BLUE, |p| if p[i] == RED { RED } else { BLUE });
        for v in [first, RED + BLUE - first] {
            let mut next = st.clone();
            next[i] = v;
            self.search(s, next, Some(i));
            if s.count >= s.limit || s.out_of_budget {
                return;
            }
        }
    }
}

/// `{x + y : x in a, y in b}` as bitmasks, cut to the bits of `lim`.
#[inline]
pub(crate) fn conv(a: u64, b: u64, lim: u64) -> u64 {
    let mut r = 0u64;
    let mut x = a;
    while x != 0 {
        r |= b << x.trailing_zeros();
        x &= x - 1;
    }
    r & lim
}

/// A board as a state: numbers and blues `BLUE`, reds `RED`, empty cells `EMPTY`.
pub(crate) fn encode(board: &Board) -> Vec<u8> {
    board
        .cells()
        .iter()
        .map(|&c| match c {
            Cell::Empty => EMPTY,
            Cell::Red => RED,
            Cell::Blue | Cell::Number(_) => BLUE,
        })
        .collect()
}
