//! Zobrist keys over everything a position holds: every square's byte (pieces of every layer,
//! promoted marks, walls), every count in hand, the castling rights, the en-passant state, the
//! checks given, the passes, whether the royals faced each other, the side to move and the move
//! of its turn (and the move number where the size of a turn depends on it).
//!
//! The keys are the search's (and a divide's, to know its root again): the position does not keep
//! them, so perft pays nothing. The search updates the board part from the changes a move recorded
//! ([`Position::last_move_changes`]) and hashes the few other fields afresh at each node.
//! The halfmove clock is left out, as engines do, so that transpositions meet.

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::Rules;

/// A well-mixed 64-bit value of `x` (splitmix64's finaliser).
#[inline(always)]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of one slot (a square, or the board's squares plus a code for a hand) holding `v`;
/// an empty slot (or an empty hand) adds nothing.
#[inline(always)]
fn slot(index: u16, v: u8) -> u64 {
    if v == 0 {
        0
    } else {
        mix(((index as u64) << 8) | v as u64)
    }
}

/// The board and hands part of the key, from scratch.
pub fn board_key<B: Bits>(r: &Rules<B>, pos: &Position<B>) -> u64 {
    let mut key = 0;
    for (sq, &v) in pos.board.iter().enumerate() {
        key ^= slot(sq as u16, v);
    }
    for (code, &n) in pos.hand.iter().enumerate() {
        key ^= slot((r.squares + code) as u16, n);
    }
    key
}

/// How the board and hands part of the key changed with the last move played.
#[inline]
pub fn board_delta<B: Bits>(r: &Rules<B>, pos: &Position<B>) -> u64 {
    let changes = pos.last_move_changes();
    let mut delta = 0;
    for (i, &(index, before)) in changes.iter().enumerate() {
        // A slot changed twice counts from its first content to its content now.
        if changes[..i].iter().any(|&(other, _)| other == index) {
            continue;
        }
        let at = index as usize;
        let now = if at < r.squares {
            pos.board[at]
        } else {
            pos.hand[at - r.squares]
        };
        delta ^= slot(index, before) ^ slot(index, now);
    }
    delta
}

/// The part of the key that is not on the board: rights, en passant, counters, side, turn.
#[inline]
pub fn state_key<B: Bits>(r: &Rules<B>, pos: &Position<B>) -> u64 {
    let ep = pos.ep.map_or(0, |ep| {
        let t = ep.targets();
        1 | (ep.victim as u64) << 1
            | (t.first().map_or(0, |&s| s as u64 + 1)) << 21
            | (t.get(1).map_or(0, |&s| s as u64 + 1)) << 42
    });
    let fullmove = if r.turn.is_some() { pos.fullmove } else { 0 };
    let small = pos.side.index() as u64
        | (pos.checks[0] as u64) << 1
        | (pos.checks[1] as u64) << 9
        | (pos.passes as u64) << 17
        | (pos.prev_facing as u64) << 19
        | (pos.turn_move as u64 & 0xFF) << 20
        | (fullmove as u64) << 28;
    let key = mix(pos.castling ^ 0x5151_5151) ^ mix(ep ^ 0xA0A0_0000_0000) ^ mix(small ^ 0x77);
    // `move enemy`: the piece its side may not move.
    let key = match pos.hypnotized {
        Some(sq) => key ^ mix(sq as u64 ^ 0xB1B1_0000),
        None => key,
    };
    // `no captures undone`: the capture the next may not repeat.
    let key = match pos.last_capture {
        Some((from, to)) => key ^ mix((from as u64) << 16 ^ to as u64 ^ 0xC0C0_0000_0000),
        None => key,
    };
    // `captures N`: the pieces each side has taken.
    let key = if r.counts_captures {
        key ^ mix((pos.taken[0] as u64) << 8 ^ pos.taken[1] as u64 ^ 0xD0D0_0000_0000)
    } else {
        key
    };
    // `en passant per turn`'s second entry.
    match pos.ep2 {
        Some(e) => key ^ mix(1 | (e.victim as u64) << 1 | (e.targets[0] as u64) << 21 ^ 0x0E0E),
        None => key,
    }
}
