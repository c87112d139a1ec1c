//! The map update (task.pdf §2.3; beards.pdf; the higher-order rocks update), in two forms that
//! give identical results:
//!
//! * incremental ([`Mine::update`] as used by [`Mine::step`]): only cells that can change are
//!   evaluated — rocks whose neighbourhood changed since the previous update, every beard when
//!   growth is due, the lift when it is ready to open — in map-update order;
//! * full scan ([`Mine::update_full`], used by [`Mine::step_reference`]): every cell, left to
//!   right, bottom row first, as the organisers describe it.
//!
//! Both evaluate the same per-cell rule, reading only the old grid and collecting writes, then
//! apply the writes in visiting order (so when two writes hit one cell the later-visited source
//! wins: two rocks landing in one cell leave one rock; a beard growing into a cell a rock lands in
//! wins if the beard's cell comes later in the order). A rock that cannot move now can only start
//! moving after one of the cells its test reads (below, left, right, below-left, below-right)
//! changes, so tracking changed cells is enough for equality with the full scan.

use super::map::{is_rock, Mine, Pos, BEARD, CLOSED, EMPTY, HOROCK, LAMBDA, OPEN};

/// One rock movement: by the robot's push or by the map update.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RockMove {
    /// Cell it left.
    pub from: Pos,
    /// Cell it entered (where a higher-order rock breaks, the lambda is here).
    pub to: Pos,
    /// It is a higher-order rock `@`.
    pub higher_order: bool,
    /// The higher-order rock landed on a non-empty cell and became a lambda `\` at `to`.
    pub became_lambda: bool,
}

/// What one map update did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpdateReport {
    /// Rocks that fell or slid, in update order (two may share a `to`: they crashed into one).
    pub rocks: Vec<RockMove>,
    /// Cells that became beards.
    pub beards_grown: Vec<Pos>,
    /// The lift opened in this update.
    pub lift_opened: bool,
    /// A rock was placed by this update directly above the robot (task.pdf §2.4, 3).
    pub crushed: bool,
}

#[derive(Clone, Copy)]
struct Write {
    idx: usize,
    tile: u8,
    landing: bool,
}

impl Mine {
    /// Evaluates the rule for cell `i` on the current (old) grid, appending its writes.
    #[inline]
    fn cell_rule(&self, i: usize, grow: bool, open: bool, writes: &mut Vec<Write>, rep: &mut UpdateReport) {
        let c = &self.cells;
        let s = self.stride;
        let t = c[i];
        if is_rock(t) {
            let below = i - s;
            let b = c[below];
            let right_free = || c[i + 1] == EMPTY && c[below + 1] == EMPTY;
            let dest = if b == EMPTY {
                below
            } else if is_rock(b) {
                if right_free() {
                    below + 1
                } else if c[i - 1] == EMPTY && c[below - 1] == EMPTY {
                    below - 1
                } else {
                    return;
                }
            } else if b == LAMBDA && right_free() {
                below + 1
            } else {
                return;
            };
            let became_lambda = t == HOROCK && c[dest - s] != EMPTY;
            writes.push(Write { idx: i, tile: EMPTY, landing: false });
            writes.push(Write { idx: dest, tile: if became_lambda { LAMBDA } else { t }, landing: true });
            rep.rocks.push(RockMove {
                from: self.pos(i),
                to: self.pos(dest),
                higher_order: t == HOROCK,
                became_lambda,
            });
        } else if t == BEARD {
            if grow {
                for n in self.around(i) {
                    if c[n] == EMPTY {
                        writes.push(Write { idx: n, tile: BEARD, landing: false });
                    }
                }
            }
        } else if t == CLOSED && open {
            writes.push(Write { idx: i, tile: OPEN, landing: false });
            rep.lift_opened = true;
        }
    }

    fn growth_due(&self) -> bool {
        self.growth > 0 && self.moves.is_multiple_of(self.growth)
    }

    fn lift_ready(&self) -> bool {
        self.collected == self.lambdas_total
    }

    /// Applies collected writes in order, then marks the rocks around every written cell.
    fn apply(&mut self, writes: &[Write], rep: &mut UpdateReport) {
        let above = self.robot + self.stride;
        for w in writes {
            self.set(w.idx, w.tile);
            if w.idx == above {
                rep.crushed = w.landing;
            }
        }
        let mut grown = Vec::new();
        for w in writes {
            if w.tile == BEARD && self.cells[w.idx] == BEARD {
                grown.push(w.idx);
            }
            self.touch(w.idx);
        }
        grown.sort_unstable();
        grown.dedup();
        rep.beards_grown = grown.into_iter().map(|i| self.pos(i)).collect();
    }

    /// The incremental map update (see the module doc): same result as [`Mine::update_full`],
    /// with cost proportional to the number of candidate cells (changed neighbourhoods, beards
    /// when growth is due), not the map area. Call after the robot's action with `moves`
    /// already counting this step.
    pub(crate) fn update(&mut self) -> UpdateReport {
        let mut rep = UpdateReport::default();
        let grow = self.growth_due();
        let open = self.lift_ready();
        let mut actors = std::mem::take(&mut self.active);
        if grow && !self.beards.is_empty() {
            let cells = &self.cells;
            self.beards.retain(|&b| cells[b as usize] == BEARD);
            actors.extend_from_slice(&self.beards);
        }
        if open && self.cells[self.lift] == CLOSED {
            actors.push(self.lift as u32);
        }
        actors.sort_unstable();
        actors.dedup();
        let mut writes = Vec::new();
        for &a in &actors {
            self.cell_rule(a as usize, grow, open, &mut writes, &mut rep);
        }
        actors.clear();
        self.active = actors;
        self.apply(&writes, &mut rep);
        rep
    }

    /// The plain full-scan map update, the reference for [`Mine::update`]: every cell, left to
    /// right, bottom row first, reading the old state and writing the new (task.pdf §2.3).
    /// Call after the robot's action with `moves` already counting this step.
    #[doc(hidden)]
    pub fn update_full(&mut self) -> UpdateReport {
        let mut rep = UpdateReport::default();
        let grow = self.growth_due();
        let open = self.lift_ready();
        if grow {
            let cells = &self.cells;
            self.beards.retain(|&b| cells[b as usize] == BEARD);
        }
        let mut writes = Vec::new();
        for y in 1..=self.height {
            for x in 1..=self.width {
                self.cell_rule(y * self.stride + x, grow, open, &mut writes, &mut rep);
            }
        }
        self.active.clear();
        self.apply(&writes, &mut rep);
        rep
    }
}
