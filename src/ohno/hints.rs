//! The five hint rules of Q42's game (spec `../shared/specs/ohno.md`, "Deductions a person
//! makes", rules 1-5) on the flat state of `propagate.rs` (one byte a cell, row-major): the
//! one place where the rules are written. [`super::rules`] wraps them into
//! [`super::Deduction`]s on a [`super::Board`], the propagation's hint mode applies them to a
//! fixpoint (the generator's "easy" test), the explanation scans them step by step.
//!
//! The cell codes of that flat state ([`EMPTY`], [`RED`], [`BLUE`]) and [`Rule`], the names of
//! every kind of reasoning (these five and the further ones of `rules.rs`), live here too, so
//! that this file imports nothing of the engine: `propagate.rs`, `rules.rs`, `prove.rs` and
//! `steps.rs` import it.
//!
//! "Sees" means the blue cells seen *now*: the run of blue cells next to the number in each
//! direction, stopped by a red cell, an empty cell or the edge.

use std::fmt;

/// A cell of the flat state: not coloured yet.
pub(crate) const EMPTY: u8 = 0;
/// A cell of the flat state: red (a wall).
pub(crate) const RED: u8 = 1;
/// A cell of the flat state: blue (plain or numbered).
pub(crate) const BLUE: u8 = 2;

/// The kind of reasoning behind a [`super::Deduction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Hint rule 1: the number already sees exactly its number, so the first empty cell in
    /// each direction is red.
    NumberSatisfied,
    /// Hint rule 2: the number is not satisfied and only one direction still ends in an empty
    /// cell, so that cell is blue.
    OneDirectionLeft,
    /// Hint rule 3: if the first empty cell in a direction were blue, the number would see
    /// what it sees now, plus that cell, plus the blue run behind it: more than its number, so
    /// the cell is red.
    WouldExceed,
    /// Hint rule 4: even with every non-red cell of the other three directions blue, the
    /// number cannot be reached without this direction, so its first empty cell is blue.
    RequiredDirection,
    /// Hint rule 5: an empty cell whose four neighbours are red or the edge is red (a blue
    /// there would see nothing).
    MustBeWall,
    /// Further reasoning: a blue cell with no blue neighbour and exactly one empty neighbour
    /// (a blue sees at least one blue exactly when a neighbour is blue), so that neighbour is
    /// blue. The cause is the blue cell.
    NeedsNeighbour,
    /// Further reasoning: enumerate every way the number's count can split over the four
    /// directions (each direction's count must be possible given the cells there); the cells
    /// that all splits agree on are set.
    SplitAgreement,
    /// Further reasoning: giving the cell the other colour and propagating (rules above,
    /// applied everywhere) breaks a rule, so the cell has this colour. No cause.
    Contradiction,
    /// Further reasoning: with the other colour an exhaustive search finds no solution, so the
    /// cell has this colour. No cause. Never needed on the data of the spec.
    Search,
    /// Not a deduction: the board has several solutions and both colours of this cell lead to
    /// one; the colour of the returned solution is taken. Only on non-unique boards.
    Guess,
}

impl Rule {
    /// The rule's human name, e.g. `"Number satisfied"`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::NumberSatisfied => "Number satisfied",
            Rule::OneDirectionLeft => "One direction left",
            Rule::WouldExceed => "Would exceed",
            Rule::RequiredDirection => "Required direction",
            Rule::MustBeWall => "Must be wall",
            Rule::NeedsNeighbour => "Needs a neighbour",
            Rule::SplitAgreement => "Split agreement",
            Rule::Contradiction => "Contradiction",
            Rule::Search => "Search",
            Rule::Guess => "Guess",
        }
    }

    /// True for the five hint rules of the spec.
    pub fn is_hint(self) -> bool {
        matches!(
            self,
            Rule::NumberSatisfied
                | Rule::OneDirectionLeft
                | Rule::WouldExceed
                | Rule::RequiredDirection
                | Rule::MustBeWall
        )
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a numbered cell sees in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Look {
    /// Blue run next to the cell, cells.
    pub seen: usize,
    /// The index of the empty cell ending that run, if it ends in one.
    pub open: Option<usize>,
    /// The blue run right behind `open`, cells.
    pub behind: usize,
    /// Non-red cells up to the first red or the edge (the most this direction can give).
    pub reach: usize,
}

/// `(index step, length)` of the four rays of cell `i` on an n x n board, in the order up,
/// down, left, right ([`super::Dir::ALL`]); the length is the number of cells to the edge.
#[inline]
pub(crate) fn rays(n: usize, i: usize) -> [(isize, usize); 4] {
    let (r, c) = (i / n, i % n);
    [(-(n as isize), r), (n as isize, n - 1 - r), (-1, c), (1, n - 1 - c)]
}

/// What cell `i` sees along the ray `(step, len)` (see [`rays`]).
#[inline]
pub(crate) fn look(st: &[u8], i: usize, (step, len): (isize, usize)) -> Look {
    let mut l = Look { seen: 0, open: None, behind: 0, reach: 0 };
    let mut phase = 0; // 0: the run, 1: behind the open cell, 2: past it
    let mut idx = i as isize;
    for _ in 0..len {
        idx += step;
        let s = st[idx as usize];
        if s == RED {
            break;
        }
        l.reach += 1;
        match (phase, s == BLUE) {
            (0, true) => l.seen += 1,
            (0, false) => {
                l.open = Some(idx as usize);
                phase = 1;
            }
            (1, true) => l.behind += 1,
            (1, false) => phase = 2,
            _ => {}
        }
    }
    l
}

/// What cell `i` sees in the four directions (up, down, left, right).
#[inline]
pub(crate) fn looks(n: usize, st: &[u8], i: usize) -> [Look; 4] {
    rays(n, i).map(|ray| look(st, i, ray))
}

/// Blues seen in all four directions together.
#[inline]
pub(crate) fn seen(l: &[Look; 4]) -> usize {
    l.iter().map(|x| x.seen).sum()
}

/// The hint rules about numbers, in the game's order of priority.
pub(crate) const NUMBER_RULES: [Rule; 4] =
    [Rule::NumberSatisfied, Rule::OneDirectionLeft, Rule::WouldExceed, Rule::RequiredDirection];

/// Pushes onto `out` the `(cell index, RED or BLUE)` that hint rule `rule` (1-4, one of
/// [`NUMBER_RULES`]) sets for a number `k` that sees `l`, in the order up, down, left, right:
/// 1. seeing exactly `k`: every open cell is red;
/// 2. seeing less than `k` with a single open direction: its open cell is blue;
/// 3. an open cell that, blue, would add itself and the run behind it and pass `k` is red;
/// 4. an open cell without whose direction `k` cannot be reached (the other three directions'
///    reach plus what this one sees now stays below `k`) is blue.
pub(crate) fn number_rule(rule: Rule, k: usize, l: &[Look; 4], out: &mut Vec<(usize, u8)>) {
    let seen = seen(l);
    let opens = l.iter().filter_map(|x| x.open.map(|o| (x, o)));
    match rule {
        Rule::NumberSatisfied if seen == k => out.extend(opens.map(|(_, o)| (o, RED))),
        Rule::OneDirectionLeft if seen < k && opens.clone().count() == 1 => out.extend(opens.map(|(_, o)| (o, BLUE))),
        Rule::WouldExceed => out.extend(opens.filter(|(x, _)| seen + 1 + x.behind > k).map(|(_, o)| (o, RED))),
        Rule::RequiredDirection => {
            let reach: usize = l.iter().map(|x| x.reach).sum();
            out.extend(opens.filter(|(x, _)| reach - x.reach + x.seen < k).map(|(_, o)| (o, BLUE)))
        }
        _ => {}
    }
}

/// Hint rule 5: the empty cell `i` has only red cells and edges around it, so it is red.
#[inline]
pub(crate) fn closed_in(n: usize, st: &[u8], i: usize) -> bool {
    st[i] == EMPTY && neighbours(n, i).iter().flatten().all(|&j| st[j] == RED)
}

/// The four neighbours of cell `i` (up, down, left, right), `None` past the edge.
#[inline]
pub(crate) fn neighbours(n: usize, i: usize) -> [Option<usize>; 4] {
    let (r, c) = (i / n, i % n);
    [(r > 0).then(|| i - n), (r + 1 < n).then(|| i + n), (c > 0).then(|| i - 1), (c + 1 < n).then(|| i + 1)]
}
