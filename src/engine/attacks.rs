//! Attack queries: which pieces capture onto a square, from the capture atoms only, with a given
//! occupancy so that a move can be judged before it is played.

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::ir::Side;

impl<B: Bits> Position<B> {
    pub fn has_royal(&self, r: &Rules<B>, side: Side) -> bool {
        r.royal_codes[side.index()]
            .iter()
            .any(|&c| self.pieces[c as usize].any())
    }

    pub fn royal_attacked(&self, r: &Rules<B>, side: Side) -> bool {
        for &c in &r.royal_codes[side.index()] {
            for sq in self.pieces[c as usize].iter() {
                if self.attacked(r, sq, side.flip(), self.occ) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `by` captures onto `sq`, with the given occupancy for blocking.
    #[inline]
    pub fn attacked(&self, r: &Rules<B>, sq: usize, by: Side, occ: B) -> bool {
        self.attack_scan::<true>(r, sq, by, occ, B::ZERO).any()
    }

    /// The pieces of `by` that capture onto `sq`.
    pub fn attackers(&self, r: &Rules<B>, sq: usize, by: Side, occ: B) -> B {
        self.attack_scan::<false>(r, sq, by, occ, B::ZERO)
    }

    /// The pieces of `by` that capture onto `sq` with the occupancy `occ`, leaving out those
    /// standing on `gone`; with `ANY`, it stops at the first one found.
    #[inline(always)]
    pub fn attack_scan<const ANY: bool>(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
    ) -> B {
        let mut out = B::ZERO;
        for &c in &r.leap_attackers[by.index()] {
            out |= r.codes[c as usize].leap_capture_rev[sq] & self.pieces[c as usize] & !gone;
            if ANY && out.any() {
                return out;
            }
        }
        for (slider, codes) in &r.attack_sliders[by.index()] {
            let mut riders = B::ZERO;
            for &c in codes {
                riders |= self.pieces[c as usize];
            }
            if riders.any() {
                out |= r.slide(*slider, sq, occ) & riders & !gone;
                if ANY && out.any() {
                    return out;
                }
            }
        }
        for g in &r.attack_rays[by.index()] {
            if let Some(b) = r.first_blocker(g.rev_dir, sq, occ)
                && !gone.has(b)
            {
                let code = self.board[b];
                if code != 0
                    && g.codes
                        .iter()
                        .any(|&(c, origin)| c + 1 == code && (g.unconditional || origin.has(b)))
                {
                    out |= B::bit(b);
                    if ANY {
                        return out;
                    }
                }
            }
        }
        out
    }
}
