//! The noisy moves alone, for the search's quiescence: captures (by the pieces' capturing atoms,
//! as their victims would make them, of friends where allowed, en passant) and the mover's
//! promotions, listed without generating the quiet moves, in the order the full legal list
//! holds them. Only these moves are played to judge their legality, which is where a variant
//! whose moves must be played to be judged (effects) spends its time.
//!
//! A quiet move whose effect promotes another piece (Magnetic's push onto the last rank) is
//! quiet here: telling it would mean playing every quiet move. Where the list cannot be made
//! apart ([`Rules::noisy_apart`]), the caller lists every legal move and filters them.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::{GATE_BIT0, Rules};

impl<B: Bits> Rules<B> {
    /// Whether the noisy moves can be listed apart from the quiet ones: not where every move
    /// is multiplied by the squares of a wall, and not where a hand that must be dropped
    /// decides whether any board move is legal at all.
    #[inline]
    pub fn noisy_apart(&self) -> bool {
        !self.moving_wall && self.placed_wall.is_none() && !self.must_drop && !self.move_enemy
    }
}

impl<B: Bits> Position<B> {
    /// Whether a move is noisy: it captures, or promotes the piece that moves (a drop's
    /// promotion is the piece dropped, no change).
    #[inline]
    pub fn is_noisy(&self, m: &Move) -> bool {
        self.is_capture(m) || (m.promo > 0 && m.kind != MoveKind::Drop)
    }

    /// The legal noisy moves of a position whose game goes on, where [`Rules::noisy_apart`]:
    /// those of [`Position::legal_moves_using`] that are noisy before an effect's choice, in
    /// the same order, through the caller's `pseudo` list.
    pub fn noisy_moves_using(&mut self, r: &Rules<B>, out: &mut Vec<Move>, pseudo: &mut Vec<Move>) {
        out.clear();
        pseudo.clear();
        if r.make_steps && self.maker.is_some() {
            // The move after a capture never captures, but a pawn's may promote.
            self.pseudo_moves(r, pseudo);
            pseudo.retain(|m| self.is_noisy(m));
        } else if !(r.hand_steps && self.drop_step(r)) {
            self.noisy_pseudo_moves(r, pseudo);
        }
        self.keep_legal(r, pseudo, out);
        if let Some(last) = self.last_capture.filter(|_| r.no_captures_undone) {
            out.retain(|m| (m.from, m.to) != last || !self.is_capture(m));
        }
        if r.must_capture && out.iter().any(|m| self.is_capture(m)) {
            out.retain(|m| self.is_capture(m));
        }
    }

    /// The noisy pseudo-legal moves, in [`Position::unwalled_moves`]' order: the pieces'
    /// captures and promotions, en passant, promotions in place, first-move and gating moves
    /// that capture or promote (castles, drops and the pass never do).
    fn noisy_pseudo_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let frozen = self.frozen_now(r);
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let promotes = r.codes[code]
                .promotion
                .as_ref()
                .is_some_and(|p| !p.in_place);
            for from in (self.pieces[code] & !frozen).iter() {
                let (quiet, cap) = self.targets(r, code, from);
                let t = if promotes {
                    quiet | cap
                } else {
                    cap | quiet & self.occ
                };
                self.each_move(r, code, from, t, |m| {
                    if self.is_noisy(&m) {
                        out.push(m);
                    }
                });
            }
        }
        let first_special = out.len();
        if self.ep.is_some() {
            self.en_passant_moves(r, out);
        }
        if r.in_place_promotions {
            self.in_place_promotions(r, out);
        }
        if self.castling >> GATE_BIT0 != 0 && !r.once_squares.is_empty() {
            let first = out.len();
            self.once_moves(r, out);
            self.keep_noisy(first, out);
        }
        if frozen.any() {
            self.drop_frozen_moves(frozen, first_special, out);
        }
        if !r.gate_squares.is_empty() {
            let first = out.len();
            self.gating_moves(r, out);
            self.keep_noisy(first, out);
        }
    }

    /// Takes the quiet moves out of `out[first..]`.
    fn keep_noisy(&self, first: usize, out: &mut Vec<Move>) {
        let mut kept = first;
        for i in first..out.len() {
            if self.is_noisy(&out[i]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
