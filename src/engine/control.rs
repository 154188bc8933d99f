//! Control of a square: how many pieces of each side attack it, a rider standing behind a
//! friend that rides to the square along the same line counting too (a battery), and the moves
//! to any square a side controls (`move anywhere ... when controlled`, Rampage).

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::ir::{Side, Variant};

/// A piece code's moves to controlled squares.
#[derive(Clone, Debug)]
pub struct AnywhereRules<B> {
    /// The squares it may land on (its side's region, every square without one).
    pub to: B,
    /// Only while its side is not in check.
    pub not_in_check: bool,
}

/// The squares a side controls, as last computed, with the occupancy and pieces they were
/// computed for. A clone starts empty.
#[derive(Debug)]
pub struct ControlMemo<B>(std::sync::Mutex<Option<Controlled<B>>>);

/// A side's controlled squares, for one occupancy and set of pieces.
#[derive(Debug)]
struct Controlled<B> {
    side: Side,
    occ: B,
    pieces: Vec<B>,
    squares: B,
}

impl<B> Default for ControlMemo<B> {
    fn default() -> Self {
        ControlMemo(std::sync::Mutex::new(None))
    }
}

impl<B> Clone for ControlMemo<B> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<B: Bits> Rules<B> {
    /// Each code's moves to controlled squares; left empty when no piece has any.
    pub(crate) fn compile_anywhere(&mut self, v: &Variant) {
        if v.pieces.values().all(|p| p.anywhere.is_none()) {
            return;
        }
        self.anywhere = vec![None; self.codes.len()];
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                let Some(a) = &piece.anywhere else { continue };
                let to =
                    a.to.as_ref()
                        .map_or(self.geo.all, |r| self.region_mask(r, side));
                let code = self.code(side, kind) as usize;
                self.anywhere[code] = Some(AnywhereRules {
                    to: to & self.codes[code].confined,
                    not_in_check: a.not_in_check,
                });
            }
        }
    }
}

impl<B: Bits> Position<B> {
    /// The pieces of `by` that attack `sq` as check judges attacks, and behind each one that
    /// rides or slides to it, along that line, the friends that ride to it through it.
    pub(crate) fn control_attackers(&self, r: &Rules<B>, sq: usize, by: Side) -> B {
        let mut leapers = B::ZERO;
        for &c in &r.leap_attackers[by.index()] {
            leapers |= r.codes[c as usize].leap_attack_rev[sq] & self.pieces[c as usize];
        }
        let mut occ = self.occ;
        let mut found = B::ZERO;
        loop {
            let new = self.attack_scan::<false>(r, sq, by, occ, found) & !found;
            found |= new;
            // Only a line through a piece taken off `occ` opens: that of a rider to `sq`.
            let riders = new & !leapers;
            if riders.is_zero() {
                return found;
            }
            occ &= !riders;
        }
    }

    /// The empty squares that `side` controls: more of its pieces attack each than of the
    /// other side's ([`Position::control_attackers`]), among `within`.
    pub(crate) fn controlled(&self, r: &Rules<B>, side: Side, within: B) -> B {
        let mut out = B::ZERO;
        for sq in (within & !self.occ).iter() {
            let ours = self.control_attackers(r, sq, side).count();
            if ours > 0 && ours > self.control_attackers(r, sq, side.flip()).count() {
                out |= B::bit(sq);
            }
        }
        out
    }

    /// `quiet` with the controlled squares the piece of `code` on `from` may also move to: not
    /// those its own moves reach, castles included (that move is made instead).
    #[inline(never)]
    pub(crate) fn with_anywhere_targets(
        &self,
        r: &Rules<B>,
        code: usize,
        from: usize,
        quiet: B,
    ) -> B {
        let Some(a) = &r.anywhere[code] else {
            return quiet;
        };
        let side = r.codes[code].side;
        if a.not_in_check && self.royal_attacked(r, side) {
            return quiet;
        }
        let mut reached = quiet;
        if self.castling != 0 && self.castles.iter().any(|c| c.king_from as usize == from) {
            let mut castles = vec![];
            self.castle_moves(r, &mut castles);
            for m in castles.iter().filter(|m| m.from as usize == from) {
                reached |= B::bit(m.to as usize);
            }
        }
        quiet | self.controlled_memo(r, side) & a.to & !reached
    }

    /// [`Position::controlled`] on the whole board, computed once for the pieces standing.
    fn controlled_memo(&self, r: &Rules<B>, side: Side) -> B {
        let mut memo = self
            .control_memo
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(c) = &*memo
            && c.side == side
            && c.occ == self.occ
            && c.pieces == self.pieces
        {
            return c.squares;
        }
        let set = self.controlled(r, side, r.geo.all);
        *memo = Some(Controlled {
            side,
            occ: self.occ,
            pieces: self.pieces.clone(),
            squares: set,
        });
        set
    }
}
