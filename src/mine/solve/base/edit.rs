//! One edit of a route, for the passes that try small changes of the best route with the
//! engine as the judge: single edits (`strategy/edits.rs`) and pairs of edits
//! (`strategy/pairs.rs`).

use super::shared::command;
use super::work;
use crate::mine::map::Mine;

/// One edit at a command of a route: delete `del` commands there, then insert `ins`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edit {
    pub(crate) del: usize,
    pub(crate) ins: Option<u8>,
}

/// An edit at a command of a route (the command's index).
pub(crate) type Placed = (usize, Edit);

impl Edit {
    /// Whether this edit at command `i` fits in `route` and changes it (it does not replace a
    /// command by itself).
    pub(crate) fn changes(&self, route: &[u8], i: usize) -> bool {
        i + self.del <= route.len() && !(self.del == 1 && self.ins == Some(route[i]))
    }

    /// Plays the inserted command, if any, on `m` (the state before the edited command).
    pub(crate) fn play(&self, m: &mut Mine) {
        if let Some(c) = self.ins {
            work::step(m, command(c));
        }
    }
}

/// `route` with the edits `edits`, at increasing commands that do not overlap (each one at or
/// after the end of the deletion of the one before).
pub(crate) fn apply(route: &[u8], edits: &[Placed]) -> Vec<u8> {
    let mut r = Vec::with_capacity(route.len() + edits.len());
    let mut from = 0;
    for &(i, e) in edits {
        r.extend_from_slice(&route[from..i]);
        r.extend(e.ins);
        from = i + e.del;
    }
    r.extend_from_slice(&route[from..]);
    r
}

#[cfg(test)]
mod tests {
    use super::{apply, Edit};

    #[test]
    fn edits_apply_in_order_and_a_command_replaced_by_itself_is_no_change() {
        let del2 = Edit { del: 2, ins: None };
        let ins_u = Edit { del: 0, ins: Some(b'U') };
        assert_eq!(apply(b"RRLRRWLD", &[(1, del2), (5, ins_u)]), b"RRRUWLD");
        assert_eq!(apply(b"RRLRRWLD", &[(0, Edit { del: 1, ins: Some(b'D') })]), b"DRLRRWLD");
        assert_eq!(apply(b"RR", &[(2, ins_u)]), b"RRU");
        let same = Edit { del: 1, ins: Some(b'R') };
        assert!(!same.changes(b"RL", 0) && same.changes(b"RL", 1));
        assert!(del2.changes(b"RL", 0) && !del2.changes(b"RL", 1), "past the end");
        assert!(ins_u.changes(b"RL", 2));
    }
}
