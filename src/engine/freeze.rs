//! Frozen pieces (`frozen when attacked by same kind`): a piece attacked by an enemy piece of
//! its own kind cannot move and attacks nothing (Madrasi); under `no frozen pieces`, no move may
//! leave a piece so, and attacks are as usual (Isardam). Whether a piece is frozen is read off
//! the plain attack of the enemy pieces of its kind, frozen or not: two such pieces that attack
//! each other freeze each other.

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::ir::Side;

impl<B: Bits> Rules<B> {
    /// Whether frozen pieces stay on the board, neither moving nor attacking (Madrasi); not
    /// under `no frozen pieces`, where no piece is ever left frozen.
    #[inline(always)]
    pub(crate) fn freezes(&self) -> bool {
        self.freeze.is_some_and(|f| !f.forbidden)
    }

    /// Whether no move may leave a piece frozen (Isardam).
    #[inline(always)]
    pub(crate) fn frozen_forbidden(&self) -> bool {
        self.freeze.is_some_and(|f| f.forbidden)
    }

    /// The code of the other side's pieces of the kind of `code`.
    #[inline(always)]
    fn same_kind_enemy(&self, code: usize) -> usize {
        (code + self.kinds) % (2 * self.kinds)
    }
}

impl<B: Bits> Position<B> {
    /// Whether the piece of `code` on `sq` is frozen: an enemy piece of its kind attacks it.
    pub(crate) fn frozen_at(&self, r: &Rules<B>, sq: usize, code: usize) -> bool {
        let by = r.codes[code].side.flip();
        let foe = r.same_kind_enemy(code);
        // Only where some enemy piece could attack the square from: most pieces are not looked
        // at further.
        let foes = self.pieces[foe] & r.influence[by.index()][sq];
        if foes.is_zero() {
            return false;
        }
        // The foes' leaps and slides first, as `attack_scan` would find them; its other ways
        // of attacking (rays, hops, lame leaps) only where the side has some.
        if (r.codes[foe].leap_attack_rev[sq] & foes).any() {
            return true;
        }
        let b = by.index();
        for (slider, codes) in &r.attack_sliders[b] {
            if codes.contains(&(foe as u8)) && (r.slide(*slider, sq, self.occ) & foes).any() {
                return true;
            }
        }
        if r.attack_rays[b].is_empty()
            && r.hop_attacks[b].is_empty()
            && r.lame_attackers[b].is_empty()
        {
            return false;
        }
        // Every other piece is left out as an attacker (it still blocks).
        self.attack_scan::<true>(r, sq, by, self.occ, !foes).any()
    }

    /// The frozen pieces of `side`.
    pub(crate) fn frozen(&self, r: &Rules<B>, side: Side) -> B {
        let mut out = B::ZERO;
        for &code in &r.side_codes[side.index()] {
            for sq in self.pieces[code as usize].iter() {
                if self.frozen_at(r, sq, code as usize) {
                    out |= B::bit(sq);
                }
            }
        }
        out
    }

    /// Whether some piece, of either side, is frozen.
    pub(crate) fn any_frozen(&self, r: &Rules<B>) -> bool {
        // Two pieces of a kind that attack each other: looking from one side's pieces finds
        // every pair but those whose attack goes one way only (a piece that moves unlike its
        // mirror image), so both sides are looked at.
        Side::BOTH.iter().any(|&s| self.frozen(r, s).any())
    }

    /// Under frozen pieces: whether `by` attacks `sq`, for the safety of a royal piece of
    /// `royal_code` standing (or passing) there. A frozen piece attacks nothing, and neither does
    /// a piece of the royal piece's own kind: the royal piece there would freeze it.
    pub(crate) fn attacked_unfrozen(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
        royal_code: usize,
    ) -> bool {
        let own_kind = self.pieces[r.same_kind_enemy(royal_code)];
        let attackers = self.attack_scan::<false>(r, sq, by, occ, gone | own_kind);
        attackers.iter().any(|a| {
            self.code_at(a)
                .is_some_and(|c| !self.frozen_at(r, a, c as usize))
        })
    }
}
