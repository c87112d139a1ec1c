//! The 0h n0 board: an n x n grid of empty, red, blue and numbered cells, with the challenge's
//! text format (`../shared/specs/ohno.md`, "Input and output").
//!
//! The board is the bottom of the engine: it imports only its parse errors (`error.rs`) and
//! knows nothing of how it is checked, solved, generated or proved; those files import it.

use std::fmt;

use super::error::BoardError;

/// The colour a cell ends up with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// A red cell (`#`): a wall that blocks the view of blue cells.
    Red,
    /// A blue cell (`O`): sees the blue cells in its row and column up to the first red.
    Blue,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// `"red"` or `"blue"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }
}

/// One cell of a [`Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not decided yet (`.`).
    Empty,
    /// Red (`#`), given or deduced.
    Red,
    /// A plain blue dot (`O`), deduced or placed by a player.
    Blue,
    /// A given numbered blue cell: it must see exactly this many blue cells (1..=9 when parsed).
    Number(u8),
}

impl Cell {
    /// The cell's colour: `None` for [`Cell::Empty`], blue for numbers.
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Empty => None,
            Cell::Red => Some(Color::Red),
            Cell::Blue | Cell::Number(_) => Some(Color::Blue),
        }
    }

    /// True for blue and numbered cells.
    pub fn is_blue(self) -> bool {
        self.color() == Some(Color::Blue)
    }

    /// True for red cells.
    pub fn is_red(self) -> bool {
        self == Cell::Red
    }

    /// True for empty cells.
    pub fn is_empty(self) -> bool {
        self == Cell::Empty
    }

    /// The number of a numbered cell.
    pub fn number(self) -> Option<u8> {
        match self {
            Cell::Number(k) => Some(k),
            _ => None,
        }
    }
}

/// A direction of view from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards row n - 1.
    Down,
    /// Towards column 0.
    Left,
    /// Towards column n - 1.
    Right,
}

impl Dir {
    /// The four directions, in the order up, down, left, right.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// `(row delta, column delta)` of one step.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }
}

/// The largest side [`Board::parse`] reads: the solver's tables grow with the fourth power of
/// the side (a 100x100 board takes about 140 MB and a second to solve, a 140x140 one 440 MB);
/// the game itself goes to 30x30 at most (specs/ohno.md).
pub const MAX_SIDE: usize = 100;

/// An n x n 0h n0 board (n >= 1). Positions are `(row, col)`, **0-based**, row 0 at the top.
///
/// Parsed from the challenge format, shown (via [`fmt::Display`]) in the output format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<Cell>,
}

impl Board {
    /// An n x n board of empty cells.
    ///
    /// # Panics
    /// If `n == 0`.
    pub fn empty(n: usize) -> Board {
        assert!(n > 0, "a board has at least one cell");
        Board { n, cells: vec![Cell::Empty; n * n] }
    }

    /// Reads the challenge format: n lines of n characters, `.` empty, `#` red, `1`..`9` a
    /// number; `O` (a plain blue, never in the challenge's input) is also accepted so that
    /// outputs and partly played boards read back. Each line has its trailing whitespace
    /// (including `\r`) trimmed; blank lines at the start and end are ignored, and so are
    /// comment lines (first non-blank character `;`, as in the demo files) anywhere. Boards
    /// have at most [`MAX_SIDE`] rows and columns.
    ///
    /// # Errors
    /// [`BoardError::Empty`], [`BoardError::TooLarge`], [`BoardError::InvalidChar`], [`BoardError::Ragged`],
    /// [`BoardError::NotSquare`], [`BoardError::NumberTooLarge`] (more than `2 * (n - 1)`), in
    /// that order of checking; rows and columns in errors are 1-based.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // (1-based line, text) of every line that is not a comment.
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_start().starts_with(';'))
            .map(|(i, l)| (i + 1, l.trim_end()))
            .collect();
        let first = lines.iter().position(|l| !l.1.is_empty());
        let last = lines.iter().rposition(|l| !l.1.is_empty());
        let (first, last) = match (first, last) {
            (Some(f), Some(l)) => (f, l),
            _ => return Err(BoardError::Empty),
        };
        let first_line = lines[first].0;
        let height = last + 1 - first;
        if height > MAX_SIDE {
            return Err(BoardError::TooLarge { line: lines[first + MAX_SIDE].0, max: MAX_SIDE });
        }
        let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
        for &(line_no, line) in &lines[first..=last] {
            let mut row = Vec::with_capacity(line.len());
            for (j, ch) in line.chars().enumerate() {
                let cell = match ch {
                    '.' => Cell::Empty,
                    '#' => Cell::Red,
                    'O' => Cell::Blue,
                    '1'..='9' => Cell::Number(ch as u8 - b'0'),
                    _ => return Err(BoardError::InvalidChar { line: line_no, column: j + 1, ch }),
                };
                row.push(cell);
            }
            if let Some((_, r0)) = rows.first() {
                if row.len() != r0.len() {
                    return Err(BoardError::Ragged { line: line_no, first_line, len: row.len(), expected: r0.len() });
                }
            } else if row.len() > MAX_SIDE {
                return Err(BoardError::TooLarge { line: line_no, max: MAX_SIDE });
            }
            rows.push((line_no, row));
        }
        let n = rows[0].1.len();
        if rows.len() != n {
            return Err(BoardError::NotSquare { rows: rows.len(), cols: n });
        }
        let max = 2 * (n - 1);
        for (line, row) in &rows {
            for (j, cell) in row.iter().enumerate() {
                if let Cell::Number(k) = *cell {
                    if k as usize > max {
                        return Err(BoardError::NumberTooLarge { line: *line, column: j + 1, number: k, size: n, max });
                    }
                }
            }
        }
        let rows = rows.into_iter().map(|(_, r)| r);
        Ok(Board { n, cells: rows.flatten().collect() })
    }

    /// The side n (the board has n rows and n columns).
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cell at `(row, col)`, 0-based.
    ///
    /// # Panics
    /// If `row` or `col` is `>= size()`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        assert!(row < self.n && col < self.n, "cell ({row}, {col}) outside a {0}x{0} board", self.n);
        self.cells[row * self.n + col]
    }

    /// Sets the cell at `(row, col)` (0-based) to a colour, or empties it with `None` — a
    /// player's move. Numbered cells are givens and cannot be changed.
    ///
    /// # Panics
    /// If the position is outside the board or the cell holds a number.
    pub fn set(&mut self, row: usize, col: usize, color: Option<Color>) {
        let i = self.index(row, col);
        assert!(self.cells[i].number().is_none(), "cell ({row}, {col}) holds a given number");
        self.cells[i] = match color {
            None => Cell::Empty,
            Some(Color::Red) => Cell::Red,
            Some(Color::Blue) => Cell::Blue,
        };
    }

    /// Same as [`Board::set`] but keeps `self` and returns a changed copy.
    pub fn with(&self, row: usize, col: usize, color: Option<Color>) -> Board {
        let mut b = self.clone();
        b.set(row, col, color);
        b
    }

    /// All cells in row-major order (index `row * n + col`).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Creates a board from row-major cells (`cells.len()` must be `n * n`).
    ///
    /// # Panics
    /// If `n == 0` or the length is wrong.
    pub fn from_cells(n: usize, cells: Vec<Cell>) -> Board {
        assert!(n > 0 && cells.len() == n * n, "need n*n cells");
        Board { n, cells }
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&Cell::Empty)
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_empty()).count()
    }

    /// The cell one step from `(row, col)` in direction `d`, or `None` past the edge.
    pub fn neighbour(&self, row: usize, col: usize, d: Dir) -> Option<(usize, usize)> {
        let (dr, dc) = d.delta();
        let r = row as isize + dr;
        let c = col as isize + dc;
        if r < 0 || c < 0 || r >= self.n as isize || c >= self.n as isize {
            None
        } else {
            Some((r as usize, c as usize))
        }
    }

    /// The cells from `(row, col)` (exclusive) to the edge in direction `d`, nearest first.
    pub fn ray(&self, row: usize, col: usize, d: Dir) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut pos = (row, col);
        std::iter::from_fn(move || {
            let next = self.neighbour(pos.0, pos.1, d)?;
            pos = next;
            Some(next)
        })
    }

    /// How many blue cells `(row, col)` currently sees in direction `d`: the run of blue
    /// (plain or numbered) cells next to it, up to the first red, empty cell or edge.
    pub fn view_in(&self, row: usize, col: usize, d: Dir) -> usize {
        self.ray(row, col, d).take_while(|&(r, c)| self.cell(r, c).is_blue()).count()
    }

    /// How many blue cells `(row, col)` currently sees in all four directions together
    /// (empty cells stop the view, as in the game). It does not see itself.
    pub fn view(&self, row: usize, col: usize) -> usize {
        Dir::ALL.iter().map(|&d| self.view_in(row, col, d)).sum()
    }

    /// True if `self` keeps every given of `puzzle` (same size; each red stays red, each
    /// number stays the same number, each blue stays blue).
    pub fn agrees_with(&self, puzzle: &Board) -> bool {
        self.n == puzzle.n
            && self.cells.iter().zip(&puzzle.cells).all(|(&s, &p)| match p {
                Cell::Empty => true,
                Cell::Red => s == Cell::Red,
                Cell::Blue => s.is_blue(),
                Cell::Number(k) => s == Cell::Number(k),
            })
    }

    /// The challenge's input format: `.` empty, `#` red, `O` plain blue, digits for numbers
    /// (numbers above 9, which only a hand-built board could hold, are written `+`).
    pub fn to_puzzle_string(&self) -> String {
        let mut s = String::with_capacity(self.n * (self.n + 1));
        for r in 0..self.n {
            for c in 0..self.n {
                s.push(match self.cell(r, c) {
                    Cell::Empty => '.',
                    Cell::Red => '#',
                    Cell::Blue => 'O',
                    Cell::Number(k) if k <= 9 => (b'0' + k) as char,
                    Cell::Number(_) => '+',
                });
            }
            s.push('\n');
        }
        s
    }

    pub(crate) fn index(&self, row: usize, col: usize) -> usize {
        assert!(row < self.n && col < self.n, "cell ({row}, {col}) outside a {0}x{0} board", self.n);
        row * self.n + col
    }

    pub(crate) fn set_cell(&mut self, row: usize, col: usize, cell: Cell) {
        let i = self.index(row, col);
        self.cells[i] = cell;
    }
}

/// The output format: n lines of n characters, `O` for blue and numbered cells, `#` for red,
/// `.` for a still empty cell; each line ends with `\n`. (Use [`Board::to_puzzle_string`] to
/// keep the digits.)
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.n {
            for c in 0..self.n {
                let ch = match self.cell(r, c) {
                    Cell::Empty => '.',
                    Cell::Red => '#',
                    Cell::Blue | Cell::Number(_) => 'O',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
