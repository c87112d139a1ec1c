//! The deductions a person makes, each as a function on a [`Board`] that returns the cells
//! it sets and the cell that forced them, as a [`Deduction`].
//!
//! The first five are Q42's hint rules (spec `../shared/specs/ohno.md`, "Deductions a person
//! makes", rules 1-5). The others are the further reasoning the spec asks for when the five
//! stall (same section, last paragraph), in increasing strength: [`Rule::NeedsNeighbour`],
//! [`Rule::SplitAgreement`], [`Rule::Contradiction`], [`Rule::Search`]; [`Rule::Guess`] is only
//! used on boards with several solutions. Every rule except `Guess` is sound: what it sets
//! agrees with every solution.
//!
//! The five hint rules themselves are written once, in `hints.rs`, on the flat state; the
//! functions here wrap them for a [`Board`].
//!
//! "Sees" always means the blue cells seen *now*: the run of blue (plain or numbered) cells
//! next to the cell in each direction, stopped by a red cell, an empty cell or the edge.

use std::fmt;

use super::board::{Board, Color};
pub use super::hints::Rule;
use super::hints::{closed_in, looks, neighbours, number_rule, rays, seen, BLUE, EMPTY, NUMBER_RULES, RED};
use super::propagate::{encode, Ctx};

/// One step of reasoning: the cells it colours and why.
///
/// Positions are 0-based `(row, col)`; [`fmt::Display`] writes them 1-based, as one line, e.g.
/// `Number satisfied: the 3 at row 2, column 4 sees 3 blues; row 2 column 6 is red`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deduction {
    /// The reasoning used.
    pub rule: Rule,
    /// The cells set, `(row, col, colour)`, all empty before the step; never empty.
    pub cells: Vec<(usize, usize, Color)>,
    /// The cell that forced it: the number for rules 1-4 and `SplitAgreement`, the blue cell
    /// for `NeedsNeighbour`; `None` for `MustBeWall`, `Contradiction`, `Search`, `Guess`.
    pub cause: Option<(usize, usize)>,
    /// The cause's number, when the cause is a numbered cell.
    pub number: Option<u8>,
    /// How many blues the cause saw before the step (0 without a cause).
    pub seen: usize,
}

impl Deduction {
    /// Colours the deduction's cells on `board`.
    ///
    /// # Panics
    /// If a cell is outside the board or holds a number.
    pub fn apply(&self, board: &mut Board) {
        for &(r, c, color) in &self.cells {
            board.set(r, c, Some(color));
        }
    }

    /// The cells the deduction read on `board` (the board before it), 0-based `(row, col)`,
    /// apart from its cause and the cells it sets: for a number (rules 1-4, split agreement)
    /// every cell of its four directions up to and including the first red one; for
    /// [`Rule::NeedsNeighbour`] the cause's neighbours; for [`Rule::MustBeWall`] the red
    /// neighbours of the cell. Empty for the trial rules, which read the whole board.
    pub fn used_cells(&self, board: &Board) -> Vec<(usize, usize)> {
        let n = board.size();
        let st = encode(board);
        let mut out: Vec<usize> = Vec::new();
        match (self.rule, self.cause) {
            (Rule::NeedsNeighbour, Some((r, c))) => out.extend(neighbours(n, r * n + c).into_iter().flatten()),
            (Rule::MustBeWall, _) => {
                for &(r, c, _) in &self.cells {
                    out.extend(neighbours(n, r * n + c).into_iter().flatten());
                }
            }
            (_, Some((r, c))) if self.number.is_some() => {
                let i = r * n + c;
                for (step, len) in rays(n, i) {
                    let mut idx = i as isize;
                    for _ in 0..len {
                        idx += step;
                        out.push(idx as usize);
                        if st[idx as usize] == RED {
                            break;
                        }
                    }
                }
            }
            _ => {}
        }
        let set: Vec<usize> = self.cells.iter().map(|&(r, c, _)| r * n + c).collect();
        out.retain(|i| !set.contains(i));
        out.into_iter().map(|i| (i / n, i % n)).collect()
    }

    /// A deduction found on the state `st` of `ctx`'s board: `cells` as `(index, RED or
    /// BLUE)`, `cause` the index of the cell that forced them. `None` if `cells` is empty.
    pub(crate) fn on_state(
        rule: Rule,
        ctx: &Ctx,
        st: &[u8],
        cells: &[(usize, u8)],
        cause: Option<usize>,
    ) -> Option<Deduction> {
        if cells.is_empty() {
            return None;
        }
        let n = ctx.n;
        let cells = cells.iter().map(|&(i, v)| (i / n, i % n, color_of(v))).collect();
        let number = cause.and_then(|i| ctx.number_at(i)).map(|k| k as u8);
        let seen = cause.map_or(0, |i| seen(&looks(n, st, i)));
        Some(Deduction { rule, cells, cause: cause.map(|i| (i / n, i % n)), number, seen })
    }
}

/// The colour of a state code (`RED` or `BLUE`).
pub(crate) fn color_of(v: u8) -> Color {
    if v == RED {
        Color::Red
    } else {
        Color::Blue
    }
}

impl fmt::Display for Deduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |(r, c): (usize, usize)| format!("row {}, column {}", r + 1, c + 1);
        let who = match (self.cause, self.number) {
            (Some(p), Some(k)) => format!("the {k} at {}", at(p)),
            (Some(p), None) => format!("the blue at {}", at(p)),
            _ => String::new(),
        };
        let k = self.number.unwrap_or(0);
        let s = self.seen;
        let plural = |v: usize| if v == 1 { "blue" } else { "blues" };
        let reason = match self.rule {
            Rule::NumberSatisfied => format!("{who} sees {s} {}", plural(s)),
            Rule::OneDirectionLeft => {
                format!("{who} sees {s} of {k} and only one direction is still open")
            }
            Rule::WouldExceed => {
                format!("{who} sees {s}; a blue here would make it see more than {k}")
            }
            Rule::RequiredDirection => {
                format!("{who} sees {s} and cannot reach {k} without this direction")
            }
            Rule::MustBeWall => "closed in by red and edges, a blue here would see nothing".to_string(),
            Rule::NeedsNeighbour => format!("{who} sees nothing yet and has one open neighbour"),
            Rule::SplitAgreement => {
                format!("every way {who} can split {k} over the four directions agrees")
            }
            Rule::Contradiction => "the other colour breaks a rule after propagating".to_string(),
            Rule::Search => "with the other colour no solution exists".to_string(),
            Rule::Guess => "several solutions; picking one".to_string(),
        };
        let cells: Vec<String> =
            self.cells.iter().map(|&(r, c, col)| format!("row {} column {} is {}", r + 1, c + 1, col.name())).collect();
        write!(f, "{}: {reason}; {}", self.rule.name(), cells.join(", "))
    }
}

/// Hint rule `rule` (1-4) for the number at `(row, col)` of `board` (0-based).
fn number_hint(rule: Rule, board: &Board, row: usize, col: usize) -> Option<Deduction> {
    board.cell(row, col).number()?;
    let (ctx, st) = Ctx::new(board);
    let i = row * ctx.n + col;
    let mut cells = Vec::new();
    number_rule(rule, ctx.number_at(i)? as usize, &looks(ctx.n, &st, i), &mut cells);
    Deduction::on_state(rule, &ctx, &st, &cells, Some(i))
}

/// Hint rule 1 for the number at `(row, col)` (0-based): if it sees exactly its number, every
/// open end of its view is red. `None` if the cell is not a number or nothing is set.
pub fn number_satisfied(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    number_hint(Rule::NumberSatisfied, board, row, col)
}

/// Hint rule 2 for the number at `(row, col)` (0-based): not satisfied and a single open
/// direction, whose first empty cell is then blue.
pub fn one_direction_left(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    number_hint(Rule::OneDirectionLeft, board, row, col)
}

/// Hint rule 3 for the number at `(row, col)` (0-based): every open cell that, blue, would add
/// itself and the blue run behind it to what the number sees and pass its number, is red.
pub fn would_exceed(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    number_hint(Rule::WouldExceed, board, row, col)
}

/// Hint rule 4 for the number at `(row, col)` (0-based): in every direction whose view ends
/// in an empty cell, if the other three directions with all their non-red cells blue plus
/// what this direction sees now stay below the number, that empty cell is blue.
pub fn required_direction(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    number_hint(Rule::RequiredDirection, board, row, col)
}

/// Hint rule 5 for the empty cell `(row, col)` (0-based): red if its four neighbours are red
/// or the edge.
pub fn must_be_wall(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    wall_at(&ctx, &st, row * ctx.n + col)
}

/// [`Rule::NeedsNeighbour`] for the blue cell `(row, col)` (0-based): no blue neighbour and a
/// single empty one, which is then blue.
pub fn needs_neighbour(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    neighbour_at(&ctx, &st, row * ctx.n + col)
}

/// [`Rule::SplitAgreement`] for the number at `(row, col)` (0-based). For each direction the
/// counts it can still give are those `v` with its first `v` cells not red and the next one
/// not blue (or the edge); the counts kept are those that some choice in the other three
/// directions completes to the number. The first `min` cells of each direction are blue, and
/// if a single count `v` is left the cell after the `v`-th is red. `None` if nothing new, or
/// the number can no longer be satisfied.
pub fn split_agreement(board: &Board, row: usize, col: usize) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    split_at(&ctx, &st, row * ctx.n + col)
}

/// Hint rule 5 at cell index `i` of a state.
fn wall_at(ctx: &Ctx, st: &[u8], i: usize) -> Option<Deduction> {
    let cells: &[(usize, u8)] = if closed_in(ctx.n, st, i) { &[(i, RED)] } else { &[] };
    Deduction::on_state(Rule::MustBeWall, ctx, st, cells, None)
}

/// [`Rule::NeedsNeighbour`] at cell index `i` of a state.
fn neighbour_at(ctx: &Ctx, st: &[u8], i: usize) -> Option<Deduction> {
    if st[i] != BLUE {
        return None;
    }
    let nb = neighbours(ctx.n, i);
    if nb.iter().flatten().any(|&j| st[j] == BLUE) {
        return None;
    }
    let empty: Vec<(usize, u8)> = nb.iter().flatten().filter(|&&j| st[j] == EMPTY).map(|&j| (j, BLUE)).collect();
    if empty.len() != 1 {
        return None;
    }
    Deduction::on_state(Rule::NeedsNeighbour, ctx, st, &empty, Some(i))
}

/// [`Rule::SplitAgreement`] at cell index `i` of a state.
fn split_at(ctx: &Ctx, st: &[u8], i: usize) -> Option<Deduction> {
    let k = ctx.number_at(i)?;
    let refined = Ctx::refine(k, ctx.feasible(st, i, k)).ok()?;
    let mut cells = Vec::new();
    for (d, &(step, len)) in ctx.rays(i).iter().enumerate() {
        let m = refined[d].trailing_zeros() as usize;
        let mut idx = i as isize;
        for _ in 0..m {
            idx += step;
            if st[idx as usize] == EMPTY {
                cells.push((idx as usize, BLUE));
            }
        }
        if refined[d].count_ones() == 1 && m < len {
            idx += step;
            if st[idx as usize] == EMPTY {
                cells.push((idx as usize, RED));
            }
        }
    }
    Deduction::on_state(Rule::SplitAgreement, ctx, st, &cells, Some(i))
}

/// The next hint on a state by the five rules of the spec, in priority order: rule 1 on every
/// number (row-major), then rule 2, 3, 4 likewise, then rule 5 on every empty cell.
pub(crate) fn hint_on(ctx: &Ctx, st: &[u8]) -> Option<Deduction> {
    let seen: Vec<_> = ctx.numbers.iter().map(|&(i, _)| looks(ctx.n, st, i)).collect();
    let mut cells = Vec::new();
    for rule in NUMBER_RULES {
        for (&(i, k), l) in ctx.numbers.iter().zip(&seen) {
            number_rule(rule, k as usize, l, &mut cells);
            if !cells.is_empty() {
                return Deduction::on_state(rule, ctx, st, &cells, Some(i));
            }
        }
    }
    (0..st.len()).find_map(|i| wall_at(ctx, st, i))
}

/// The next deduction on a state by the further rules that need no trial:
/// [`Rule::NeedsNeighbour`] on every blue cell, then [`Rule::SplitAgreement`] on every number
/// (row-major).
pub(crate) fn further_on(ctx: &Ctx, st: &[u8]) -> Option<Deduction> {
    (0..st.len())
        .find_map(|i| neighbour_at(ctx, st, i))
        .or_else(|| ctx.numbers.iter().find_map(|&(i, _)| split_at(ctx, st, i)))
}

/// The next hint by the five rules of the spec, in priority order: rule 1 on every number
/// (row-major), then rule 2, 3, 4 likewise, then rule 5 on every empty cell. `None` when the
/// five rules stall.
pub fn next_hint(board: &Board) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    hint_on(&ctx, &st)
}

/// The next deduction by the further rules that need no trial: [`needs_neighbour`] on every
/// blue cell, then [`split_agreement`] on every number (row-major).
pub fn next_further(board: &Board) -> Option<Deduction> {
    let (ctx, st) = Ctx::new(board);
    further_on(&ctx, &st)
}

/// Applies the five hint rules until they stall; returns the board reached.
pub fn apply_hints(board: &Board) -> Board {
    let mut b = board.clone();
    while let Some(d) = next_hint(&b) {
        d.apply(&mut b);
    }
    b
}
