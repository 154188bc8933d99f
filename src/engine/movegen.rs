//! Pseudo-legal moves from the compiled tables: the atoms, en passant and castling.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;
use crate::ir::Modality;

impl<B: Bits> Position<B> {
    /// The targets of the piece on `from`: (quiet, captures).
    #[inline(always)]
    pub(crate) fn targets(&self, r: &Rules<B>, code: usize, from: usize) -> (B, B) {
        let cr = &r.codes[code];
        let us = cr.side.index();
        let enemy = self.by_side[1 - us];
        let empty = !self.occ;
        let mut quiet = cr.leap_move[from] & empty;
        let mut cap = cr.leap_capture[from] & enemy;
        for &(slider, modality) in &cr.slides {
            let a = r.slide(slider, from, self.occ);
            match modality {
                Modality::Move => quiet |= a & empty,
                Modality::Capture => cap |= a & enemy,
                Modality::Both => {
                    quiet |= a & empty;
                    cap |= a & enemy;
                }
            }
        }
        for ride in &cr.rides {
            if !ride.origin.has(from) {
                continue;
            }
            let a = r.ride_targets(ride.dir, from, self.occ);
            match ride.modality {
                Modality::Move => quiet |= a & empty,
                Modality::Capture => cap |= a & enemy,
                Modality::Both => {
                    quiet |= a & empty;
                    cap |= a & enemy;
                }
            }
        }
        (quiet & r.all, cap)
    }

    #[inline(always)]
    pub(crate) fn push_moves(
        r: &Rules<B>,
        code: usize,
        from: usize,
        mut targets: B,
        out: &mut Vec<Move>,
    ) {
        let cr = &r.codes[code];
        if let Some((zone, choices)) = &cr.promotion {
            let mut promo = targets & *zone;
            targets &= !*zone;
            while promo.any() {
                let to = promo.pop();
                for &c in choices {
                    out.push(Move {
                        from: from as u16,
                        to: to as u16,
                        promo: c + 1,
                        kind: MoveKind::Normal,
                    });
                }
            }
        }
        while targets.any() {
            let to = targets.pop();
            out.push(Move {
                from: from as u16,
                to: to as u16,
                promo: 0,
                kind: MoveKind::Normal,
            });
        }
    }

    /// All pseudo-legal moves of the side to move: the atoms, en passant and castling.
    pub fn pseudo_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let mut bb = self.pieces[code];
            while bb.any() {
                let from = bb.pop();
                let (quiet, cap) = self.targets(r, code, from);
                Self::push_moves(r, code, from, quiet | cap, out);
            }
        }
        self.special_moves(r, out);
    }

    /// En passant and castling, in the position's scratch list (taken; give it back after).
    pub(crate) fn take_special_moves(&mut self, r: &Rules<B>) -> Vec<Move> {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        if self.ep.is_some() || self.castling != 0 {
            self.special_moves(r, &mut v);
        }
        v
    }

    /// En passant and castling.
    pub(crate) fn special_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        if let Some(ep) = self.ep {
            let victim_present = (0..r.layers).any(|l| {
                self.code_at(l * r.cells + ep.victim as usize)
                    .is_some_and(|c| {
                        r.codes[c as usize].side != us && r.codes[c as usize].en_passant
                    })
            });
            if victim_present {
                for l in 0..r.layers {
                    let target = l * r.cells + ep.target as usize;
                    if self.board[target] != 0 {
                        continue;
                    }
                    for &code in &r.side_codes[us.index()] {
                        let cr = &r.codes[code as usize];
                        if !cr.en_passant {
                            continue;
                        }
                        let mut from = self.capturers_of(r, code as usize, target);
                        while from.any() {
                            let f = from.pop();
                            let first = out.len();
                            Self::push_moves(r, code as usize, f, B::bit(target), out);
                            for m in &mut out[first..] {
                                m.kind = MoveKind::EnPassant;
                            }
                        }
                    }
                }
            }
        }
        for (i, c) in r.castles.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            if self.board[c.king_from as usize] != c.king_code + 1
                || self.board[c.rook_from as usize] != c.rook_code + 1
            {
                continue;
            }
            if (self.occ & c.empty).any() {
                continue;
            }
            if c.safe
                .iter()
                .any(|&s| self.attacked(r, s as usize, us.flip(), self.occ))
            {
                continue;
            }
            out.push(Move {
                from: c.king_from,
                to: c.king_to,
                promo: 0,
                kind: MoveKind::Castle(i as u8),
            });
        }
    }

    /// The pieces of `code` that can capture onto `sq` (the square may be empty).
    pub(crate) fn capturers_of(&self, r: &Rules<B>, code: usize, sq: usize) -> B {
        let cr = &r.codes[code];
        let mut out = cr.leap_capture_rev[sq] & self.pieces[code];
        for (slider, codes) in &r.attack_sliders[cr.side.index()] {
            if codes.contains(&(code as u8)) {
                out |= r.slide(*slider, sq, self.occ) & self.pieces[code];
            }
        }
        for ride in &cr.rides {
            if ride.modality == Modality::Move {
                continue;
            }
            let d = r.dirs[ride.dir as usize];
            // Look back from the square along the ride's reverse direction.
            let Some(rev) = r
                .dirs
                .iter()
                .position(|x| x.step == (-d.step.0, -d.step.1) && x.range == d.range)
            else {
                continue;
            };
            if let Some(b) = r.first_blocker(rev as u16, sq, self.occ)
                && self.board[b] == code as u8 + 1
                && ride.origin.has(b)
            {
                out |= B::bit(b);
            }
        }
        out
    }
}
