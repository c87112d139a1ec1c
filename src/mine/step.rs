//! One step: the robot's action (task.pdf §2.2, trampoline.pdf, beards.pdf), the map update
//! ([`super::update`]), and the ending checks (task.pdf §2.4, weather.pdf).
//! The robot's [`Command`]s live here, and with them [`Mine::judged_route`], the part of a route
//! the judges play (task.pdf §3.1).

use super::ending::{Ending, Loss};
use super::map::{is_rock, Mine, Pos, BEARD, EARTH, EMPTY, LAMBDA, NONE, OPEN, RAZOR, ROBOT, TARGET, TRAMP};
use super::score::Outcome;
use super::update::{RockMove, UpdateReport};

/// A robot command (task.pdf §2.2; `S` from beards.pdf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `L`: move to (x − 1, y), pushing a rock left if the cell beyond is empty.
    Left,
    /// `R`: move to (x + 1, y), pushing a rock right if the cell beyond is empty.
    Right,
    /// `U`: move to (x, y + 1).
    Up,
    /// `D`: move to (x, y − 1).
    Down,
    /// `W`: wait (costs a move; the map is updated).
    Wait,
    /// `A`: abort (free; no map update).
    Abort,
    /// `S`: apply a razor to the 8 neighbouring cells.
    Shave,
}

impl Command {
    /// The command for `L R U D W A S`; any other character gives `None` (routes skip such
    /// characters at no cost, task.pdf §2.5).
    pub fn from_char(c: char) -> Option<Command> {
        Some(match c {
            'L' => Command::Left,
            'R' => Command::Right,
            'U' => Command::Up,
            'D' => Command::Down,
            'W' => Command::Wait,
            'A' => Command::Abort,
            'S' => Command::Shave,
            _ => return None,
        })
    }

    /// The command's letter.
    pub fn to_char(self) -> char {
        match self {
            Command::Left => 'L',
            Command::Right => 'R',
            Command::Up => 'U',
            Command::Down => 'D',
            Command::Wait => 'W',
            Command::Abort => 'A',
            Command::Shave => 'S',
        }
    }
}

/// The route as the judges play it.
impl Mine {
    /// The part of `route` the judges played: `(prefix, cut)`, where `prefix` ends after the
    /// [`Mine::route_limit`]-th command (characters that are no command, which the engine skips,
    /// are kept where they stand) and `cut` is the number of commands after it.
    pub fn judged_route<'a>(&self, route: &'a str) -> (&'a str, usize) {
        let limit = self.route_limit();
        let mut commands = route.char_indices().filter(|(_, c)| Command::from_char(*c).is_some());
        match commands.nth(limit) {
            Some((end, _)) => (&route[..end], 1 + commands.count()),
            None => (route, 0),
        }
    }
}

/// What the robot picked up on its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Collected {
    /// A lambda `\` (+25 points).
    Lambda,
    /// A razor `!` (+1 razor).
    Razor,
}

/// A trampoline jump (trampoline.pdf).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The trampoline stepped on, `A`..`I`.
    pub trampoline: char,
    /// Where it led, `1`..`9` (the robot now stands there).
    pub target: char,
    /// Every trampoline cell removed (the one used and all others with the same target).
    pub removed: Vec<Pos>,
}

/// Everything one step did; used as the trace event ([`super::record()`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepReport {
    /// The command executed.
    pub command: Command,
    /// The game had already ended: nothing happened, nothing was counted.
    pub ignored: bool,
    /// The command did what it says; false when it fell back to a wait (wall, beard, map edge,
    /// closed lift, target, blocked push, `S` without razors) or was ignored.
    pub valid: bool,
    /// Robot position before the step.
    pub robot_from: Pos,
    /// Robot position after the step (a jump's target; the lift after a win).
    pub robot_to: Pos,
    /// The trampoline jump, if the robot stepped on a trampoline.
    pub jump: Option<Jump>,
    /// What the robot picked up.
    pub collected: Option<Collected>,
    /// The rock the robot pushed (before any fall in the update).
    pub pushed: Option<RockMove>,
    /// Rocks moved by the map update, in update order.
    pub rocks: Vec<RockMove>,
    /// Cells that became beards in the map update.
    pub beards_grown: Vec<Pos>,
    /// Beard cells cleared by a razor.
    pub beards_shaved: Vec<Pos>,
    /// A razor was used (`S` with razors > 0).
    pub razor_used: bool,
    /// Water level before the step, in rows.
    pub water_before: usize,
    /// Water level after the step (after any rise).
    pub water_after: usize,
    /// The lift opened in this step's update.
    pub lift_opened: bool,
    /// The game ended in this step.
    pub ending: Option<Ending>,
}

impl Mine {
    /// One step with the command `c`: the robot acts, the map is updated incrementally, the
    /// endings are checked, the water rises (task.pdf §2, weather.pdf, trampoline.pdf,
    /// beards.pdf; `shared/specs/mine.md` "Commands and one step"). After the game has ended the
    /// step is ignored (`ignored` set, nothing changes).
    pub fn step(&mut self, c: Command) -> StepReport {
        self.step_with(c, false)
    }

    /// The same step as [`Mine::step`] but with the plain full-scan map update
    /// ([`Mine::update_full`]); the reference the incremental update is tested against.
    #[doc(hidden)]
    pub fn step_reference(&mut self, c: Command) -> StepReport {
        self.step_with(c, true)
    }

    /// Runs a route: every `L R U D W A S` character in order, others skipped; stops at the end
    /// of the game. Returns the outcome, a route that runs out scoring as an abort.
    pub fn run(&mut self, route: &str) -> Outcome {
        self.play(route);
        self.outcome()
    }

    /// Plays a route as [`Mine::run`] does and returns the length in bytes of the part of it
    /// that was played: all of it, or up to the command that ended the game.
    pub fn play(&mut self, route: &str) -> usize {
        for (i, ch) in route.char_indices() {
            if self.ending.is_some() {
                return i;
            }
            if let Some(c) = Command::from_char(ch) {
                self.step(c);
            }
        }
        route.len()
    }

    fn step_with(&mut self, c: Command, full: bool) -> StepReport {
        let mut rep = StepReport {
            command: c,
            ignored: false,
            valid: true,
            robot_from: self.robot(),
            robot_to: self.robot(),
            jump: None,
            collected: None,
            pushed: None,
            rocks: Vec::new(),
            beards_grown: Vec::new(),
            beards_shaved: Vec::new(),
            razor_used: false,
            water_before: self.water,
            water_after: self.water,
            lift_opened: false,
            ending: None,
        };
        if self.ending.is_some() {
            rep.ignored = true;
            rep.valid = false;
            return rep;
        }
        if c == Command::Abort {
            self.ending = Some(Ending::Abort);
            rep.ending = self.ending;
            return rep;
        }
        self.moves += 1;
        let won = self.act(c, &mut rep);
        rep.robot_to = self.robot();
        if won {
            self.ending = Some(Ending::Win);
            rep.ending = self.ending;
            return rep;
        }
        let up: UpdateReport = if full { self.update_full() } else { self.update() };
        rep.rocks = up.rocks;
        rep.beards_grown = up.beards_grown;
        rep.lift_opened = up.lift_opened;
        // Ending checks (win and abort were handled above).
        let y = self.robot / self.stride;
        if y <= self.water {
            self.under_water += 1;
        } else {
            self.under_water = 0;
        }
        if up.crushed {
            self.ending = Some(Ending::Lost(Loss::Crushed));
        } else if self.under_water > self.waterproof {
            self.ending = Some(Ending::Lost(Loss::Drowned));
        }
        if self.flooding > 0 && self.moves.is_multiple_of(self.flooding) {
            self.water += 1;
        }
        rep.water_after = self.water;
        rep.ending = self.ending;
        rep
    }

    /// Moves the robot from its cell to `n` (the old cell becomes empty).
    fn move_robot(&mut self, n: usize) {
        let r = self.robot;
        self.set(r, EMPTY);
        self.set(n, ROBOT);
        self.robot = n;
        self.touch(r);
        self.touch(n);
    }

    /// The robot's action. Returns true when the robot entered the open lift.
    fn act(&mut self, c: Command, rep: &mut StepReport) -> bool {
        let s = self.stride as isize;
        let d: isize = match c {
            Command::Left => -1,
            Command::Right => 1,
            Command::Up => s,
            Command::Down => -s,
            Command::Wait => return false,
            Command::Shave => {
                self.shave(rep);
                return false;
            }
            Command::Abort => unreachable!("abort is handled before the action"),
        };
        let r = self.robot;
        let n = (r as isize + d) as usize;
        let t = self.cells[n];
        match t {
            EMPTY | EARTH => self.move_robot(n),
            LAMBDA => {
                self.collected += 1;
                rep.collected = Some(Collected::Lambda);
                self.move_robot(n);
            }
            RAZOR => {
                self.razors += 1;
                rep.collected = Some(Collected::Razor);
                self.move_robot(n);
            }
            OPEN => {
                self.move_robot(n);
                return true;
            }
            _ if is_rock(t) && (d == 1 || d == -1) && self.cells[(n as isize + d) as usize] == EMPTY => {
                let beyond = (n as isize + d) as usize;
                self.set(beyond, t);
                self.touch(beyond);
                rep.pushed = Some(RockMove {
                    from: self.pos(n),
                    to: self.pos(beyond),
                    higher_order: t == super::map::HOROCK,
                    became_lambda: false,
                });
                self.move_robot(n);
            }
            _ if (TRAMP..TRAMP + 9).contains(&t) => self.jump((t - TRAMP) as usize, rep),
            _ => rep.valid = false,
        }
        false
    }

    /// Steps onto trampoline `i`: the robot lands on its target; every trampoline with that
    /// target and the target itself leave the map (trampoline.pdf).
    fn jump(&mut self, i: usize, rep: &mut StepReport) {
        let j = self.tramp_target[i] as usize;
        let dest = self.target_pos[j];
        let mut removed = Vec::new();
        for k in 0..9 {
            if self.tramp_target[k] as usize == j && self.tramp_pos[k] != NONE {
                let p = self.tramp_pos[k];
                self.set(p, EMPTY);
                self.touch(p);
                removed.push(self.pos(p));
                self.tramp_pos[k] = NONE;
            }
        }
        debug_assert_eq!(self.cells[dest], TARGET + j as u8);
        self.target_pos[j] = NONE;
        self.move_robot(dest);
        rep.jump = Some(Jump { trampoline: (b'A' + i as u8) as char, target: (b'1' + j as u8) as char, removed });
    }

    /// `S`: with a razor, clears every beard among the 8 neighbours (beards.pdf); without one,
    /// acts as a wait.
    fn shave(&mut self, rep: &mut StepReport) {
        if self.razors == 0 {
            rep.valid = false;
            return;
        }
        self.razors -= 1;
        rep.razor_used = true;
        for n in self.around(self.robot) {
            if self.cells[n] == BEARD {
                self.set(n, EMPTY);
                self.touch(n);
                rep.beards_shaved.push(self.pos(n));
            }
        }
    }
}
