//! The transposition table: one entry per slot, replaced when the new search is deeper or the
//! slot holds another position. The threads of a search share it without locks: a slot is
//! three atomic words, the entry's two words of data and its key XORed with both, so that a
//! slot read while another thread writes it (its words from two entries) fails the key check
//! and reads as empty.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::engine::position::{Move, MoveKind};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// One slot: the key XORed with the data, and the data. 32 bytes, as an entry was before the
/// table was shared, so that a table of so many MB holds as many slots as then.
#[derive(Debug, Default)]
#[repr(align(32))]
struct Slot {
    check: AtomicU64,
    data: [AtomicU64; 2],
}

/// A table of slots, its size a power of two.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        let slots = self
            .slots
            .iter()
            .map(|s| Slot {
                check: AtomicU64::new(s.check.load(Relaxed)),
                data: [0, 1].map(|i| AtomicU64::new(s.data[i].load(Relaxed))),
            })
            .collect();
        Table { slots }
    }
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let want = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let size = want.next_power_of_two() / 2;
        Table {
            slots: (0..size.max(1)).map(|_| Slot::default()).collect(),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Relaxed);
            s.data[0].store(0, Relaxed);
            s.data[1].store(0, Relaxed);
        }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The entry in `key`'s slot, whichever position it holds (empty when torn).
    #[inline(always)]
    fn read(&self, key: u64) -> Entry {
        let s = self.slot(key);
        let data = [s.data[0].load(Relaxed), s.data[1].load(Relaxed)];
        unpack(s.check.load(Relaxed) ^ data[0] ^ data[1], data)
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.read(key);
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result, keeping a deeper one of the same position.
    #[inline]
    pub fn store(&self, e: Entry) {
        let old = self.read(e.key);
        if old.key != e.key || e.depth >= old.depth || e.bound == Bound::Exact {
            let data = pack(&e);
            let s = self.slot(e.key);
            s.data[0].store(data[0], Relaxed);
            s.data[1].store(data[1], Relaxed);
            s.check.store(e.key ^ data[0] ^ data[1], Relaxed);
        }
    }
}

/// An entry's data as two words: the move's squares and codes; its kind, the bound, the depth
/// and the score.
#[inline(always)]
fn pack(e: &Entry) -> [u64; 2] {
    let m = e.best;
    let moved = u64::from(m.from)
        | u64::from(m.to) << 16
        | u64::from(m.aux) << 32
        | u64::from(m.promo) << 48
        | u64::from(m.gate) << 56;
    let (kind, castle) = match m.kind {
        MoveKind::Normal => (0, 0),
        MoveKind::EnPassant => (1, 0),
        MoveKind::Castle(c) => (2, c),
        MoveKind::Drop => (3, 0),
        MoveKind::Pass => (4, 0),
        MoveKind::Promote => (5, 0),
    };
    let bound = match e.bound {
        Bound::None => 0,
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let rest = bound
        | kind << 2
        | u64::from(castle) << 8
        | u64::from(e.depth as u16) << 16
        | u64::from(e.score as u32) << 32;
    [moved, rest]
}

/// The entry of `key` and the two words [`pack`] made.
#[inline(always)]
fn unpack(key: u64, [moved, rest]: [u64; 2]) -> Entry {
    let kind = match (rest >> 2) & 7 {
        1 => MoveKind::EnPassant,
        2 => MoveKind::Castle((rest >> 8) as u8),
        3 => MoveKind::Drop,
        4 => MoveKind::Pass,
        5 => MoveKind::Promote,
        _ => MoveKind::Normal,
    };
    let bound = match rest & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => Bound::None,
    };
    Entry {
        key,
        best: Move {
            from: moved as u16,
            to: (moved >> 16) as u16,
            aux: (moved >> 32) as u16,
            promo: (moved >> 48) as u8,
            gate: (moved >> 56) as u8,
            kind,
        },
        score: (rest >> 32) as u32 as i32,
        depth: (rest >> 16) as u16 as i16,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_and_a_torn_slot_reads_as_empty() {
        let table = Table::new(1);
        let kinds = [MoveKind::Castle(3), MoveKind::Drop, MoveKind::Promote];
        for (i, kind) in kinds.into_iter().enumerate() {
            let e = Entry {
                key: 0xDEAD_BEEF_0000_0001 + (i as u64) * 7,
                best: Move {
                    from: 300,
                    to: 65_000,
                    promo: 9,
                    kind,
                    aux: 1234,
                    gate: 255,
                },
                score: -(999_990 - i as i32),
                depth: -3 + i as i16,
                bound: [Bound::Exact, Bound::Lower, Bound::Upper][i],
            };
            table.store(e);
            assert_eq!(table.probe(e.key), Some(e));
        }
        let key = 0xDEAD_BEEF_0000_0001;
        table.slot(key).data[1].fetch_xor(1 << 40, Relaxed);
        assert_eq!(table.probe(key), None);
        table.clear();
        assert_eq!(table.probe(key + 7), None);
    }
}
