//! The transposition table: one entry per slot, replaced when the new search is deeper or the
//! slot holds another position.

use crate::engine::position::Move;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    /// The slot is empty.
    #[default]
    None,
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// A stored search result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The best move found (`Move::default()` when none).
    pub best: Move,
    /// The score, mates counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// What the score means.
    pub bound: Bound,
}

/// A table of entries, its size a power of two.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Entry>,
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let want = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = want.next_power_of_two() / 2;
        Table {
            slots: vec![Entry::default(); size.max(1)],
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[self.index(key)];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result, keeping a deeper one of the same position.
    #[inline]
    pub fn store(&mut self, e: Entry) {
        let i = self.index(e.key);
        let old = &mut self.slots[i];
        if old.key != e.key || e.depth >= old.depth || e.bound == Bound::Exact {
            *old = e;
        }
    }
}
