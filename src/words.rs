//! Counts in words for people to read (summaries, notes, status lines and captions; never
//! JSON): the noun in the singular for 1, `1 lambda`, and in the plural otherwise,
//! `0 lambdas`, `2 lambdas`.

use std::fmt::Display;

/// `n` followed by `one` when `n` is 1, else by `many`: `count(1, "move", "moves")` is
/// `"1 move"`, `count(3, "move", "moves")` is `"3 moves"`.
pub fn count<N: Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    let noun = if n == N::from(1) { one } else { many };
    format!("{n} {noun}")
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn singular_for_one_only() {
        assert_eq!(count(0usize, "lambda", "lambdas"), "0 lambdas");
        assert_eq!(count(1usize, "lambda", "lambdas"), "1 lambda");
        assert_eq!(count(2u64, "state", "states"), "2 states");
        assert_eq!(count(11u32, "move", "moves"), "11 moves");
    }
}
