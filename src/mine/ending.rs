//! How a game ends (task.pdf §2.4; weather.pdf for drowning): part of a map's state, which
//! the map ([`super::Mine`]) holds and the score ([`super::score()`]) reads. It imports nothing.

/// How a game ended (task.pdf §2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The robot entered the open lift: +50 per lambda.
    Win,
    /// The robot executed `A` (or, in an [`Outcome`], the route ran out): +25 per lambda.
    Abort,
    /// The robot was destroyed: no bonus.
    Lost(Loss),
}

/// Why the robot was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// A rock (or a higher-order rock, which turns into a lambda there) was placed directly above
    /// it by the map update (task.pdf §2.4, 3).
    Crushed,
    /// It stayed under water for more than `Waterproof` consecutive steps (weather.pdf).
    Drowned,
}

impl Ending {
    /// Lower-case word used in summaries and JSON: `win`, `abort`, `lose`.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Win => "win",
            Ending::Abort => "abort",
            Ending::Lost(_) => "lose",
        }
    }
}
