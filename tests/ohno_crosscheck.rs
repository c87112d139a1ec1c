//! `tumble ohno solve --count` against a second, plainly written counter: exhaustive
//! backtracking over the empty cells in row-major order, checking the two rules of the spec
//! (`specs/ohno.md`, "Rules") directly, on generated boards up to 6x6 and on the same boards
//! with one given taken away or changed (so that 0, 1 and 2+ all occur).

use assert_cmd::Command;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tumble::ohno::{generate_with, Board, Cell, Difficulty};

/// A cell of the plain counter: `None` still open.
type Grid = Vec<Option<bool>>;

/// How many blues `(r, c)` sees, and how many it could still see (open cells counted as blue).
fn sees(g: &Grid, n: usize, r: usize, c: usize) -> (usize, usize) {
    let (mut now, mut most) = (0, 0);
    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (mut rr, mut cc, mut open) = (r as i32 + dr, c as i32 + dc, false);
        while rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n {
            match g[rr as usize * n + cc as usize] {
                Some(false) => break,
                Some(true) => {
                    most += 1;
                    if !open {
                        now += 1;
                    }
                }
                None => {
                    most += 1;
                    open = true;
                }
            }
            rr += dr;
            cc += dc;
        }
    }
    (now, most)
}

/// True unless a rule is already broken: a number seeing more than it, or unable to reach it;
/// a blue that sees nothing and cannot.
fn possible(g: &Grid, numbers: &[(usize, usize)], n: usize) -> bool {
    numbers.iter().all(|&(i, k)| {
        let (now, most) = sees(g, n, i / n, i % n);
        now <= k && most >= k
    }) && (0..n * n).all(|i| g[i] != Some(true) || sees(g, n, i / n, i % n).1 > 0)
}

/// Solutions of `board`, counted up to `limit`.
fn plain_count(board: &Board, limit: usize) -> usize {
    let n = board.size();
    let mut g: Grid = board.cells().iter().map(|c| c.color().map(|c| c == tumble::ohno::Color::Blue)).collect();
    let numbers: Vec<(usize, usize)> =
        board.cells().iter().enumerate().filter_map(|(i, c)| c.number().map(|k| (i, k as usize))).collect();
    let open: Vec<usize> = (0..n * n).filter(|&i| g[i].is_none()).collect();
    fn go(g: &mut Grid, open: &[usize], numbers: &[(usize, usize)], n: usize, limit: usize) -> usize {
        if !possible(g, numbers, n) {
            return 0;
        }
        let Some((&i, rest)) = open.split_first() else { return 1 };
        let mut count = 0;
        for v in [true, false] {
            g[i] = Some(v);
            count += go(g, rest, numbers, n, limit - count);
            if count >= limit {
                break;
            }
        }
        g[i] = None;
        count
    }
    go(&mut g, &open, &numbers, n, limit)
}

fn cli_count(board: &Board) -> String {
    let out = Command::cargo_bin("tumble")
        .unwrap()
        .args(["ohno", "solve", "--count"])
        .write_stdin(board.to_puzzle_string())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap().trim().to_string()
}

#[test]
fn count_agrees_with_a_plain_exhaustive_counter() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut seen = [0usize; 3];
    let mut boards = 0;
    for seed in 0..60u64 {
        let size = 1 + seed as usize % 6;
        let difficulty = [Difficulty::Any, Difficulty::Easy][seed as usize % 2];
        let puzzle = generate_with(size, seed, difficulty).unwrap();
        let mut variants = vec![puzzle.clone()];
        let givens: Vec<usize> = (0..size * size).filter(|&i| !puzzle.cells()[i].is_empty()).collect();
        for _ in 0..4 {
            if givens.is_empty() {
                break;
            }
            let i = givens[rng.random_range(0..givens.len())];
            let mut cells = puzzle.cells().to_vec();
            cells[i] = match cells[i] {
                Cell::Number(k) if rng.random_bool(0.5) && size > 1 => {
                    Cell::Number(1 + (k as usize % (2 * (size - 1))) as u8)
                }
                _ => Cell::Empty,
            };
            variants.push(Board::from_cells(size, cells));
        }
        for b in variants {
            let plain = plain_count(&b, 2);
            let want = ["0", "1", "2+"][plain];
            assert_eq!(cli_count(&b), want, "\n{}", b.to_puzzle_string());
            assert_eq!(tumble::ohno::count_solutions(&b, 2), plain);
            seen[plain] += 1;
            boards += 1;
        }
    }
    assert!(boards >= 250, "{boards}");
    assert!(seen.iter().all(|&s| s > 10), "0, 1, 2+ solutions: {seen:?}");
}
