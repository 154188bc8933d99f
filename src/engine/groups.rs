//! Groups and their liberties (Go's capture, the `surrounded` scan and `no suicide`), by
//! bitboard shifts: a group is grown from a piece by shifting it along the scan's steps and
//! keeping its side's pieces until it grows no more; its liberties are the empty squares one
//! step from it.

use crate::engine::bitboard::Bits;
use crate::engine::connect::Step;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::ir::Side;

/// The squares one step from `b` along the steps (`b` itself left out unless a step leads back).
/// Kept out of line in the playground's module, where its wide shifts would be copied into
/// every caller.
#[cfg_attr(not(feature = "fewer-widths"), inline(always))]
#[cfg_attr(feature = "fewer-widths", inline(never))]
fn next_to<B: Bits>(steps: &[Step<B>], b: B) -> B {
    steps.iter().fold(B::ZERO, |m, s| m | s.apply(b))
}

/// The pieces of `side` joined to `seed` step by step (`seed` among them).
#[cfg_attr(feature = "fewer-widths", inline(never))]
fn group<B: Bits>(steps: &[Step<B>], seed: B, side: B) -> B {
    let mut g = seed & side;
    loop {
        let grown = g | (next_to(steps, g) & side);
        if grown == g {
            return g;
        }
        g = grown;
    }
}

impl<B: Bits> Position<B> {
    /// The empty squares of the board (walls are not empty).
    #[inline(always)]
    fn empty_squares(&self, r: &Rules<B>) -> B {
        r.geo.all & !self.occ
    }

    /// The pieces of the enemy groups (of `mover`'s enemy) next to `origin` along the steps of
    /// effect `e` that have no empty square next to them.
    pub(crate) fn surrounded_groups(
        &self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        origin: usize,
    ) -> B {
        let steps = &r.group_steps[e];
        let enemy = self.by_side[mover.flip().index()];
        let empty = self.empty_squares(r);
        let mut seen = B::ZERO;
        let mut found = B::ZERO;
        for s in steps {
            let n = s.apply(B::bit(origin)) & enemy & !seen;
            if n.is_zero() {
                continue;
            }
            let g = group(steps, n, enemy);
            seen |= g;
            if (next_to(steps, g) & empty).is_zero() {
                found |= g;
            }
        }
        found
    }

    /// Whether the piece on one of `moved` stands, after the move and its effects, in a group
    /// of its side without an empty square next to it, for an effect that says `no suicide`.
    pub(crate) fn suicide(&self, r: &Rules<B>, moved: &[usize]) -> bool {
        let empty = self.empty_squares(r);
        r.no_suicide.iter().any(|&e| {
            let steps = &r.group_steps[e];
            moved.iter().any(|&sq| {
                let Some(code) = self.code_at(sq) else {
                    return false;
                };
                let side = self.by_side[r.codes[code as usize].side.index()];
                (next_to(steps, group(steps, B::bit(sq), side)) & empty).is_zero()
            })
        })
    }

    /// Of the drop squares `t` of the side to move, those that are no suicide (where
    /// [`Rules::suicide_drops`] says the one effect removes every group it finds): a square
    /// with an empty neighbour; one next to a group of the mover's that has another liberty;
    /// one that is the last liberty of an enemy group next to it, which the drop takes.
    pub(crate) fn breathing_drops(&self, r: &Rules<B>, t: B) -> B {
        let steps = &r.group_steps[r.no_suicide[0]];
        let empty = self.empty_squares(r);
        let us = self.side;
        let (own, enemy) = (self.by_side[us.index()], self.by_side[us.flip().index()]);
        let mut keep = t & next_to(steps, empty);
        for sq in (t & !keep).iter() {
            let bit = B::bit(sq);
            let around = next_to(steps, bit);
            let friends = around & own;
            let lives = friends.any()
                && (next_to(steps, group(steps, friends, own)) & empty & !bit).any()
                || self.surrounded_by(steps, sq, enemy, empty);
            if lives {
                keep |= bit;
            }
        }
        keep
    }

    /// Whether an enemy group next to `sq` has `sq` as its only empty neighbour.
    fn surrounded_by(&self, steps: &[Step<B>], sq: usize, enemy: B, empty: B) -> bool {
        let bit = B::bit(sq);
        let mut seen = B::ZERO;
        steps.iter().any(|s| {
            let n = s.apply(bit) & enemy & !seen;
            if n.is_zero() {
                return false;
            }
            let g = group(steps, n, enemy);
            seen |= g;
            next_to(steps, g) & empty == bit
        })
    }
}
