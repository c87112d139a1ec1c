//! The score (task.pdf §3), computed from a map's state: the map does not import it.

/// Also named `score::Ending` by the route finder.
pub(crate) use super::ending::Ending;
use super::map::Mine;

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
