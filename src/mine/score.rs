//! Endings and the score (task.pdf §2.4 and §3; weather.pdf for drowning).

use super::map::Mine;

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

/// The result of a whole route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Score in points: 25 per lambda − 1 per move, + 25 per lambda on abort, + 50 on win.
    pub score: i64,
    /// How it ended; a route that ran out counts as [`Ending::Abort`].
    pub ending: Ending,
    /// True when the ending is an abort only because the route ran out (no `A`, no win or loss).
    pub implicit_abort: bool,
    /// Moves made (`A` not counted).
    pub moves: usize,
    /// Lambdas collected.
    pub lambdas: usize,
    /// Water level at the end, in rows.
    pub water_level: usize,
    /// Razors carried at the end.
    pub razors: usize,
}

/// Score in points for `lambdas` collected in `moves` moves with this ending (task.pdf §3).
/// `None` (game still on) gets no bonus.
pub fn score(lambdas: usize, moves: usize, ending: Option<Ending>) -> i64 {
    let l = lambdas as i64;
    let bonus = match ending {
        Some(Ending::Win) => 50 * l,
        Some(Ending::Abort) => 25 * l,
        Some(Ending::Lost(_)) | None => 0,
    };
    25 * l - moves as i64 + bonus
}

impl Mine {
    /// The score so far in points: with the ending's bonus once the game has ended, without any
    /// bonus while it goes on (task.pdf §3).
    pub fn score(&self) -> i64 {
        score(self.collected, self.moves, self.ending)
    }

    /// The result as if the route stopped here: a game still going on is scored as an abort
    /// (`implicit_abort` set), as the organisers' validator does.
    pub fn outcome(&self) -> Outcome {
        let ending = self.ending.unwrap_or(Ending::Abort);
        Outcome {
            score: score(self.collected, self.moves, Some(ending)),
            ending,
            implicit_abort: self.ending.is_none(),
            moves: self.moves,
            lambdas: self.collected,
            water_level: self.water,
            razors: self.razors,
        }
    }
}
