//! The game state and how a move changes it.
//!
//! Every change goes through [`Position::set`], which records the square's old content; undoing a
//! move replays that list backwards. So castling, en passant, Alice's crossing and Magnetic's
//! pulls are all just lists of square changes, and undo is exact for all of them.

use crate::engine::bitboard::Bits;
use crate::engine::rules::Rules;
use crate::ir::{CrossWhen, Side};

/// A move as the generator produces it. `from`/`to` are squares of the mover's layer; for
/// castling they are the king's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    /// The code promoted to, plus one; 0 when none.
    pub promo: u8,
    pub kind: MoveKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum MoveKind {
    #[default]
    Normal,
    EnPassant,
    Castle(u8),
}

/// The en-passant state, as board cells (layer-less): the square passed over, and the cell of
/// the piece that may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    pub target: u16,
    pub victim: u16,
}

#[derive(Clone, Copy, Debug)]
struct Snapshot {
    castling: u32,
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    changes: u32,
}

#[derive(Clone)]
pub struct Position<B> {
    /// Per square: code + 1, or 0 when empty.
    pub board: Vec<u8>,
    /// Per code.
    pub pieces: Vec<B>,
    pub by_side: [B; 2],
    pub occ: B,
    pub side: Side,
    pub castling: u32,
    pub ep: Option<EnPassant>,
    pub halfmove: u32,
    pub fullmove: u32,
    changes: Vec<(u16, u8)>,
    history: Vec<Snapshot>,
    /// Set while playing a move whose effect promotes a piece and the move carries no choice:
    /// the code of the piece that must choose.
    pub pending_choice: Option<u8>,
    /// Why the last move played was illegal, if it was.
    pub refusal: Option<Refusal>,
    /// When `Some`, playing a move records what its crossings and effects did (for the REPL).
    pub log: Option<Vec<Event>>,
    /// A reusable move list, so that counting at the leaves allocates nothing.
    pub scratch: Vec<Move>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The mover's royal piece is attacked right after the move, before crossing and effects.
    CheckAfterMove,
    /// A crossing piece would land on this occupied square.
    CrossingBlocked(u16),
    /// Two layers would hold a piece on the same square.
    Exclusive,
    /// The move would remove the mover's last royal piece.
    RoyalLost,
    /// The mover's royal piece is attacked once the move is done.
    Check,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Crossed { from: usize, to: usize },
    Pulled { from: usize, to: usize, code: u8 },
    Pushed { from: usize, to: usize, code: u8 },
    Removed { at: usize, code: u8 },
    Changed { at: usize, code: u8 },
    Promoted { at: usize, code: u8 },
}

impl<B: Bits> Position<B> {
    pub fn empty(r: &Rules<B>) -> Position<B> {
        Position {
            board: vec![0; r.squares],
            pieces: vec![B::ZERO; r.codes.len()],
            by_side: [B::ZERO; 2],
            occ: B::ZERO,
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            changes: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            pending_choice: None,
            refusal: None,
            log: None,
            scratch: Vec::with_capacity(16),
        }
    }

    pub(crate) fn note(&mut self, e: Event) {
        if let Some(log) = &mut self.log {
            log.push(e);
        }
    }

    #[inline(always)]
    pub fn code_at(&self, sq: usize) -> Option<u8> {
        let c = self.board[sq];
        if c == 0 { None } else { Some(c - 1) }
    }

    /// Changes a square without recording it.
    #[inline(always)]
    pub fn put(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        let bit = B::bit(sq);
        if old != 0 {
            let code = (old - 1) as usize;
            self.pieces[code] ^= bit;
            self.by_side[r.codes[code].side.index()] ^= bit;
            self.occ ^= bit;
        }
        if new != 0 {
            let code = (new - 1) as usize;
            self.pieces[code] ^= bit;
            self.by_side[r.codes[code].side.index()] ^= bit;
            self.occ ^= bit;
        }
        self.board[sq] = new;
    }

    /// Changes a square, remembering its old content for undo; touching a castling square
    /// loses that castling right.
    #[inline(always)]
    pub fn set(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        if old == new {
            return;
        }
        self.changes.push((sq as u16, old));
        self.put(r, sq, new);
        self.castling &= r.castle_keep[sq];
    }

    /// The square changes of the last move played, oldest first: (square, before, after).
    pub fn last_changes(&self) -> Vec<(usize, u8, u8)> {
        let Some(s) = self.history.last() else {
            return vec![];
        };
        let list = &self.changes[s.changes as usize..];
        // The value after each change is the next change's "before" on that square, or the
        // board now.
        let mut out = vec![];
        for (i, &(sq, before)) in list.iter().enumerate() {
            let after = list[i + 1..]
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, b)| *b)
                .unwrap_or(self.board[sq as usize]);
            out.push((sq as usize, before, after));
        }
        out
    }

    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// Plays a move. Returns whether it is legal; either way the position holds the move and
    /// must be restored with [`Position::unmake`].
    pub fn make(&mut self, r: &Rules<B>, m: Move) -> bool {
        self.play(r, m, true)
    }

    /// Plays a move; with `verify` false the check tests are skipped (the caller knows the
    /// move is legal).
    pub fn play(&mut self, r: &Rules<B>, m: Move, verify: bool) -> bool {
        self.history.push(Snapshot {
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            changes: self.changes.len() as u32,
        });
        self.pending_choice = None;
        self.refusal = None;
        if let Some(log) = &mut self.log {
            log.clear();
        }
        let mover = self.side;
        let from = m.from as usize;
        let to = m.to as usize;
        let mut moved = [0usize; 2];
        let n_moved;
        let captured;
        let mut resets = false;
        let old_ep = self.ep.take();
        match m.kind {
            MoveKind::Normal => {
                let code = self.board[from] - 1;
                captured = self.board[to] != 0;
                self.set(r, from, 0);
                let cr = &r.codes[code as usize];
                let new = match &cr.promotion {
                    Some((zone, _)) if m.promo != 0 && zone.has(to) => m.promo,
                    _ => code + 1,
                };
                self.set(r, to, new);
                moved[0] = to;
                n_moved = 1;
                resets = cr.resets_clock;
                if cr.en_passant && !captured {
                    let (_, ff, fr) = r.coords(from);
                    let (_, tf, tr) = r.coords(to);
                    let (df, dr) = (tf as i32 - ff as i32, tr as i32 - fr as i32);
                    if (df.abs() == 2 || df == 0) && (dr.abs() == 2 || dr == 0) {
                        let mid = ((fr as i32 + dr / 2) as usize) * r.files
                            + (ff as i32 + df / 2) as usize;
                        self.ep = Some(EnPassant {
                            target: mid as u16,
                            victim: (to % r.cells) as u16,
                        });
                    }
                }
            }
            MoveKind::EnPassant => {
                let code = self.board[from] - 1;
                if let Some(ep) = old_ep {
                    for l in 0..r.layers {
                        let v = l * r.cells + ep.victim as usize;
                        if self.board[v] != 0 {
                            self.set(r, v, 0);
                            break;
                        }
                    }
                }
                captured = true;
                self.set(r, from, 0);
                let cr = &r.codes[code as usize];
                let new = match &cr.promotion {
                    Some((zone, _)) if m.promo != 0 && zone.has(to) => m.promo,
                    _ => code + 1,
                };
                self.set(r, to, new);
                resets = cr.resets_clock;
                moved[0] = to;
                n_moved = 1;
            }
            MoveKind::Castle(i) => {
                let c = &r.castles[i as usize];
                let (kf, kt, rf, rt) = c.squares();
                self.set(r, kf, 0);
                self.set(r, rf, 0);
                self.set(r, kt, c.king_code + 1);
                self.set(r, rt, c.rook_code + 1);
                captured = false;
                moved = [kt, rt];
                n_moved = 2;
            }
        }
        if captured && r.halfmove_capture || resets {
            self.halfmove = 0;
        } else {
            // Saturating: a FEN may set the clocks to u32::MAX.
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if mover == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = mover.flip();

        // The royal piece's own move must be safe where it is played; another piece's move
        // may still block a check by crossing, so only the final test applies to it.
        let royal_moved = moved[..n_moved]
            .iter()
            .any(|&sq| self.code_at(sq).is_some_and(|c| r.codes[c as usize].royal));
        if verify && r.check_at_move && royal_moved && self.royal_attacked(r, mover) {
            self.refusal = Some(Refusal::CheckAfterMove);
            return false;
        }
        let crosses = match r.cross {
            Some(CrossWhen::Moves) => true,
            Some(CrossWhen::Captures) => captured,
            None => false,
        };
        if crosses {
            for sq in moved.iter_mut().take(n_moved) {
                let dest = (*sq + r.cells) % r.squares;
                if self.board[dest] != 0 {
                    self.refusal = Some(Refusal::CrossingBlocked(dest as u16));
                    return false;
                }
                let piece = self.board[*sq];
                self.set(r, *sq, 0);
                self.set(r, dest, piece);
                self.note(Event::Crossed {
                    from: *sq,
                    to: dest,
                });
                *sq = dest;
            }
        }
        if !r.effects.is_empty() {
            let had_royal = self.has_royal(r, mover);
            for e in 0..r.effects.len() {
                self.run_effect(r, e, mover, &moved[..n_moved], captured, m.promo);
            }
            if r.check_at_final && had_royal && !self.has_royal(r, mover) {
                self.refusal = Some(Refusal::RoyalLost);
                return false;
            }
        }
        if r.layers > 1 && !self.exclusive_after_move(r) {
            self.refusal = Some(Refusal::Exclusive);
            return false;
        }
        if verify && r.check_at_final && self.royal_attacked(r, mover) {
            self.refusal = Some(Refusal::Check);
            return false;
        }
        true
    }

    pub fn unmake(&mut self, r: &Rules<B>) {
        let s = self.history.pop().expect("unmake without make");
        while self.changes.len() > s.changes as usize {
            let (sq, old) = self
                .changes
                .pop()
                .expect("change list shorter than its snapshot");
            self.put(r, sq as usize, old);
        }
        self.castling = s.castling;
        self.ep = s.ep;
        self.halfmove = s.halfmove;
        self.fullmove = s.fullmove;
        self.side = self.side.flip();
        self.pending_choice = None;
    }

    /// No cell holds pieces on two layers after the last move.
    pub(crate) fn exclusive_after_move(&self, r: &Rules<B>) -> bool {
        let start = self.history.last().map(|s| s.changes as usize).unwrap_or(0);
        for &(sq, _) in &self.changes[start..] {
            let sq = sq as usize;
            if self.board[sq] == 0 {
                continue;
            }
            let cell = sq % r.cells;
            for l in 0..r.layers {
                let other = l * r.cells + cell;
                if other != sq && self.board[other] != 0 {
                    return false;
                }
            }
        }
        true
    }
}
