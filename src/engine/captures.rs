//! Captures made as the victim would make them (`captures as victim`, Zen): a piece takes an
//! enemy piece where a piece of the victim's kind and of its own side, standing on its square,
//! would take it. Royal pieces are never taken so (check is judged by the attacks as usual).

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::{CodeRules, Rules};

impl<B: Bits> Position<B> {
    /// The captures of the piece of `cr` on `from` as its victims would make them, among the
    /// pieces it may take (`enemy`).
    #[cold]
    pub(crate) fn captures_as_victims(
        &self,
        r: &Rules<B>,
        cr: &CodeRules<B>,
        from: usize,
        enemy: B,
    ) -> B {
        let us = cr.side;
        let mut cap = B::ZERO;
        for kind in 0..r.kinds {
            let victim = r.code(us.flip(), kind) as usize;
            let victims = self.pieces[victim] & enemy;
            if victims.is_zero() || r.codes[victim].royal {
                continue;
            }
            let mirror = r.code(us, kind) as usize;
            cap |= self.capture_reach(r, mirror, from) & victims;
        }
        cap
    }
}
