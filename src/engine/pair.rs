//! Two boards side by side (Bughouse), under `hand { captures to partner }`: a piece taken on
//! one board goes, unpromoted, to the hand of its own side on the other board. Each board keeps
//! its own turn, and a move may be made on either; the pair's game is over as soon as one
//! board's is (its side to move has no move, or an end rule holds there).
//!
//! Perft over a pair counts the sequences of moves on either board: a node's children are the
//! legal moves of board A and then those of board B.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, Position, hand_code, piece_code};
use crate::engine::rules::Rules;

impl<B: Bits> Position<B> {
    /// The pieces of the side that did not make the last move that the move took off the board,
    /// as board bytes (with their promoted mark): those it removed less those it put on.
    pub fn taken_by_last_move(&self, r: &Rules<B>) -> Vec<u8> {
        let Some(mover) = self.last_move_side() else {
            return vec![];
        };
        let victim = mover.flip();
        let of_victim = |v: u8| piece_code(v).is_some_and(|c| r.codes[c as usize].side == victim);
        let changes = self.last_changes();
        let mut removed = vec![];
        let mut added = vec![];
        for (i, &(sq, before, _)) in changes.iter().enumerate() {
            if changes[..i].iter().any(|&(s, _, _)| s == sq) {
                continue;
            }
            let after = self.board[sq];
            if before == after {
                continue;
            }
            if of_victim(before) {
                removed.push(before);
            }
            if of_victim(after) {
                added.push(after);
            }
        }
        for a in added {
            if let Some(i) = removed.iter().position(|&v| piece_code(v) == piece_code(a)) {
                removed.swap_remove(i);
            }
        }
        removed
    }

    /// Puts the taken piece `v` (a board byte) into its own side's hand, unpromoted, outside the
    /// move history (a partner's capture is not a move of this board); returns the code added.
    pub fn receive(&mut self, r: &Rules<B>, v: u8) -> Option<u8> {
        let own = r.codes[piece_code(v)? as usize].side;
        let c = hand_code(r, v, own)?;
        let slot = &mut self.hand[c as usize];
        *slot = slot.checked_add(1)?;
        Some(c)
    }

    /// Takes back a piece [`Position::receive`] added.
    pub fn give_back(&mut self, code: u8) {
        let slot = &mut self.hand[code as usize];
        *slot = slot.saturating_sub(1);
    }
}

/// Plays `m` on board `i` of the pair and passes what it took to the other board; returns the
/// codes passed, for [`unplay`].
pub fn play<B: Bits>(r: &Rules<B>, boards: &mut [Position<B>; 2], i: usize, m: Move) -> Vec<u8> {
    boards[i].make(r, m);
    let taken = boards[i].taken_by_last_move(r);
    let other = &mut boards[1 - i];
    taken
        .into_iter()
        .filter_map(|v| other.receive(r, v))
        .collect()
}

/// Takes back a move [`play`] made on board `i`, and the pieces it passed.
pub fn unplay<B: Bits>(r: &Rules<B>, boards: &mut [Position<B>; 2], i: usize, passed: &[u8]) {
    for &c in passed {
        boards[1 - i].give_back(c);
    }
    boards[i].unmake(r);
}

/// The legal moves of each board; both empty when the pair's game is over.
pub fn moves<B: Bits>(r: &Rules<B>, boards: &mut [Position<B>; 2]) -> [Vec<Move>; 2] {
    let mut lists = [vec![], vec![]];
    for (b, list) in boards.iter_mut().zip(lists.iter_mut()) {
        b.legal_moves(r, list);
    }
    if lists.iter().any(Vec::is_empty) {
        return [vec![], vec![]];
    }
    lists
}

/// The number of move sequences `depth` long, on either board; once `stop` is set (read at
/// every node above the last ply), it gives up, and the count is partial.
pub fn perft<B: Bits>(
    r: &Rules<B>,
    boards: &mut [Position<B>; 2],
    depth: u32,
    stop: &AtomicBool,
) -> u64 {
    if depth == 0 || (depth >= 2 && stop.load(Ordering::Relaxed)) {
        return u64::from(depth == 0);
    }
    let lists = moves(r, boards);
    if depth == 1 {
        return (lists[0].len() + lists[1].len()) as u64;
    }
    let mut nodes = 0;
    for (i, list) in lists.iter().enumerate() {
        for &m in list {
            let passed = play(r, boards, i, m);
            nodes += perft(r, boards, depth - 1, stop);
            unplay(r, boards, i, &passed);
        }
    }
    nodes
}
