//! Per-thread memos of the beam's state rankings (the reach loss, the tour bound).
//!
//! The beam's runs of doubling width, its restarts from cuts of the best route and the replans
//! meet the same states again and again, and the rankings are breadth-first searches over the
//! whole grid: on horock3 and the beard maps they were a third of the search's time. A memo is
//! a direct-mapped table of (key, value): a state's key is its hash (`beam::state_hash`: grid,
//! robot, razors, water) mixed with whatever else the ranking reads; a slot holds the last
//! state that hashed to it. The answer is the ranking's own unless two states share a 64-bit
//! key, so a run under a work budget is still the same on every run.

use crate::mine::map::Mine;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Slots per memo (a power of two; 16 bytes each, so 8 MiB per memo and thread that ranks).
const SLOTS: usize = 1 << 19;

/// A memo table: one per ranking and thread.
pub(crate) type Table = RefCell<Vec<(u64, u32)>>;

/// A key from a state's hash and the other values the ranking reads (never 0, the empty
/// slot's key).
pub(crate) fn key(hash: u64, extra: &[usize]) -> u64 {
    let mut k = hash;
    for &v in extra {
        k = (k ^ v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
    }
    k | 1
}

/// The key of a state of `m` with hash `hash` (`beam::state_hash`, which leaves the map's own
/// data out): adds the lambdas at the start, the trampolines' targets and `extra`, the other
/// values the ranking reads.
pub(crate) fn state_key(m: &Mine, hash: u64, extra: &[usize]) -> u64 {
    let map = key(hash, &m.tramp_target.map(usize::from));
    key(key(map, &[m.lambdas_total]), extra)
}

/// The value stored under `key` in `table`, or `f()` stored there (values above `u32::MAX`
/// are computed every time).
pub(crate) fn get(table: &'static LocalKey<Table>, key: u64, f: impl FnOnce() -> usize) -> usize {
    let slot = (key >> 40) as usize & (SLOTS - 1);
    table.with(|t| {
        let mut t = t.borrow_mut();
        if t.is_empty() {
            *t = vec![(0, 0); SLOTS];
        }
        if t[slot].0 == key {
            return t[slot].1 as usize;
        }
        let v = f();
        if let Ok(small) = u32::try_from(v) {
            t[slot] = (key, small);
        }
        v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static T: Table = const { RefCell::new(Vec::new()) };
    }

    /// A stored value comes back without calling the ranking; another key calls it.
    #[test]
    fn stores_and_returns() {
        let k = key(42, &[7, 3]);
        assert_eq!(get(&T, k, || 5), 5);
        assert_eq!(get(&T, k, || panic!("computed twice")), 5);
        assert_ne!(key(42, &[7, 4]), k);
        assert_eq!(get(&T, key(42, &[7, 4]), || 9), 9);
        assert_eq!(get(&T, key(43, &[]), || u32::MAX as usize + 1), u32::MAX as usize + 1);
    }
}
