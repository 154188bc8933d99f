//! Attack queries: which pieces threaten a square, from the capturing and attacking atoms only,
//! with a given occupancy so that a move can be judged before it is played.

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::{HopAttack, RideAttack, Rules};
use crate::ir::Side;

impl<B: Bits> Position<B> {
    /// Whether `side` has a royal piece on the board.
    pub fn has_royal(&self, r: &Rules<B>, side: Side) -> bool {
        r.royal_codes[side.index()]
            .iter()
            .any(|&c| self.pieces[c as usize].any())
            || r.last_royals[side.index()]
                .iter()
                .any(|(c, _)| self.pieces[*c as usize].any())
    }

    /// The squares of `side`'s royal pieces.
    #[inline]
    pub fn royals(&self, r: &Rules<B>, side: Side) -> B {
        let mut m = B::ZERO;
        for &c in &r.royal_codes[side.index()] {
            m |= self.pieces[c as usize];
        }
        for (c, group) in &r.last_royals[side.index()] {
            let own = self.pieces[*c as usize];
            if own.any()
                && group
                    .iter()
                    .map(|&g| self.pieces[g as usize].count())
                    .sum::<u32>()
                    == 1
            {
                m |= own;
            }
        }
        m
    }

    /// Whether `side` is in check: its royal piece attacked (all of them, where the variant
    /// says so), a royal next to an enemy royal being safe where the variant says so.
    /// An antiroyal piece of the side left unattacked is a check too.
    pub fn royal_attacked(&self, r: &Rules<B>, side: Side) -> bool {
        self.royals_attacked(r, side, self.royals(r, side), self.occ, B::ZERO)
            || (!r.antiroyal_codes[side.index()].is_empty() && self.antiroyal_unattacked(r, side))
    }

    /// Whether an antiroyal piece of `side` stands where the other side does not attack it.
    #[inline(never)]
    fn antiroyal_unattacked(&self, r: &Rules<B>, side: Side) -> bool {
        r.antiroyal_codes[side.index()].iter().any(|&c| {
            self.pieces[c as usize]
                .iter()
                .any(|sq| !self.attacked(r, sq, side.flip(), self.occ))
        })
    }

    /// The pieces that never attack the piece on `sq` (`cannot attack`), as attackers to
    /// leave out.
    #[inline(always)]
    fn unattacking(&self, r: &Rules<B>, sq: usize) -> B {
        if r.unattackers.is_empty() {
            return B::ZERO;
        }
        let Some(code) = self.code_at(sq) else {
            return B::ZERO;
        };
        r.unattackers[code as usize]
            .iter()
            .fold(B::ZERO, |m, &c| m | self.pieces[c as usize])
    }

    /// The check test for royals standing on `royals`, with occupancy `occ`, ignoring attackers
    /// on `gone`.
    pub fn royals_attacked(&self, r: &Rules<B>, side: Side, royals: B, occ: B, gone: B) -> bool {
        if royals.is_zero() {
            return false;
        }
        if r.rare_royal_attacks {
            return if r.freezes() {
                self.royals_attacked_unfrozen(r, side, royals, occ, gone)
            } else {
                self.royals_attacked_by_both(r, royals, occ, gone)
            };
        }
        let enemy_royals = if r.check.touching_royals_safe {
            self.royals(r, side.flip()) & !gone
        } else {
            B::ZERO
        };
        let mut any = false;
        let mut all = true;
        for sq in royals.iter() {
            let attacked = !(enemy_royals.any() && self.touches(r, sq, enemy_royals))
                && self
                    .attack_scan::<true>(r, sq, side.flip(), occ, gone | self.unattacking(r, sq))
                    .any();
            any |= attacked;
            all &= attacked;
            if attacked && !r.check.all_royals {
                return true;
            }
        }
        if r.check.all_royals { all } else { any }
    }

    /// [`Position::royals_attacked`] where frozen pieces attack nothing.
    #[cold]
    fn royals_attacked_unfrozen(
        &self,
        r: &Rules<B>,
        side: Side,
        royals: B,
        occ: B,
        gone: B,
    ) -> bool {
        let mut attacked = royals.iter().map(|sq| {
            let code = self.code_at(sq).map_or(0, |c| c as usize);
            self.attacked_unfrozen(r, sq, side.flip(), occ, gone, code)
        });
        if r.check.all_royals {
            attacked.all(|a| a)
        } else {
            attacked.any(|a| a)
        }
    }

    /// [`Position::royals_attacked`] where a side's own pieces attack its royal pieces too
    /// (`by both colors`; such variants judge each move by playing it).
    #[cold]
    fn royals_attacked_by_both(&self, r: &Rules<B>, royals: B, occ: B, gone: B) -> bool {
        let mut attacked = royals.iter().map(|sq| {
            let ignored = gone | self.unattacking(r, sq);
            Side::BOTH
                .iter()
                .any(|&by| self.attack_scan::<true>(r, sq, by, occ, ignored).any())
        });
        if r.check.all_royals {
            attacked.all(|a| a)
        } else {
            attacked.any(|a| a)
        }
    }

    /// Whether a piece on `sq` stands next to one of `others`.
    pub(crate) fn touches(&self, r: &Rules<B>, sq: usize, others: B) -> bool {
        others.iter().any(|o| {
            let (la, fa, ra) = r.coords(sq);
            let (lb, fb, rb) = r.coords(o);
            la == lb && fa.abs_diff(fb) <= 1 && ra.abs_diff(rb) <= 1
        })
    }

    /// Whether `by` threatens `sq`, with the given occupancy for blocking.
    #[inline]
    pub fn attacked(&self, r: &Rules<B>, sq: usize, by: Side, occ: B) -> bool {
        self.attack_scan::<true>(r, sq, by, occ, self.unattacking(r, sq))
            .any()
    }

    /// The pieces the piece on `origin` threatens, of either side, as check is judged (with
    /// `cannot attack`), with the occupancy `occ`.
    pub(crate) fn attacked_from(&self, r: &Rules<B>, origin: usize, occ: B) -> B {
        let Some(code) = self.code_at(origin) else {
            return B::ZERO;
        };
        let by = r.codes[code as usize].side;
        let others = !B::bit(origin);
        let mut out = B::ZERO;
        for t in (self.occ & others).iter() {
            let gone = others | self.unattacking(r, t);
            if self.attack_scan::<true>(r, t, by, occ, gone).any() {
                out |= B::bit(t);
            }
        }
        out
    }

    /// The pieces of `by` that threaten `sq`.
    pub fn attackers(&self, r: &Rules<B>, sq: usize, by: Side, occ: B) -> B {
        self.attack_scan::<false>(r, sq, by, occ, self.unattacking(r, sq))
    }

    /// The pieces of `by` that threaten `sq` with the occupancy `occ`, leaving out those
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
            out |= r.codes[c as usize].leap_attack_rev[sq] & self.pieces[c as usize] & !gone;
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
            if let Some(b) = self.ray_attacker(r, g, sq, occ, gone) {
                out |= B::bit(b);
                if ANY {
                    return out;
                }
            }
        }
        if !r.hop_attacks[by.index()].is_empty() {
            out |= self.hop_attackers(r, sq, by, occ, gone);
            if ANY && out.any() {
                return out;
            }
        }
        for &c in &r.lame_attackers[by.index()] {
            let pieces = self.pieces[c as usize] & !gone;
            if pieces.is_zero() {
                continue;
            }
            for l in &r.codes[c as usize].lame_attack_rev[sq] {
                if pieces.has(l.to as usize) && l.open(occ) {
                    out |= B::bit(l.to as usize);
                    if ANY {
                        return out;
                    }
                }
            }
        }
        if r.rare_attacks[by.index()] {
            out |= self.rare_attackers::<ANY>(r, sq, by, occ, gone);
        }
        out
    }

    /// The attackers beyond the tables: by atoms borrowed from guards, and over holes.
    #[inline(never)]
    fn rare_attackers<const ANY: bool>(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
    ) -> B {
        let mut out = B::ZERO;
        if !r.guard.attackers[by.index()].is_empty() {
            out |= self.guarded_attackers::<ANY>(r, sq, by, occ, gone);
        }
        if r.holes && !(ANY && out.any()) {
            out |= self.hole_attackers::<ANY>(r, sq, by.index(), occ, gone);
        }
        out
    }

    /// Hoppers of `by` that land on `sq`: looking from it, the first piece is the screen and the
    /// next one beyond a hopper, within its range of the screen.
    fn hop_attackers(&self, r: &Rules<B>, sq: usize, by: Side, occ: B, gone: B) -> B {
        let mut out = B::ZERO;
        for g in &r.hop_attacks[by.index()] {
            if let Some(hopper) = self.hop_attacker(r, g, sq, occ, gone) {
                out |= B::bit(hopper);
            }
        }
        out
    }

    /// The piece of a ride group that attacks `sq`, if any.
    #[inline(always)]
    fn ray_attacker(
        &self,
        r: &Rules<B>,
        g: &RideAttack<B>,
        sq: usize,
        occ: B,
        gone: B,
    ) -> Option<usize> {
        let mut riders = B::ZERO;
        for a in &g.codes {
            riders |= self.pieces[a.code as usize];
        }
        if (r.ray(g.rev_dir, sq) & riders).is_zero() {
            return None;
        }
        let at = r.first_blocker(g.rev_dir, sq, occ)?;
        let code = self.code_at(at)?;
        (!gone.has(at)
            && g.codes
                .iter()
                .any(|a| a.code == code && (g.unconditional || a.hits(code, at, sq))))
        .then_some(at)
    }

    /// The hopper of a hop group that lands on `sq`, if any.
    #[inline(always)]
    fn hop_attacker(
        &self,
        r: &Rules<B>,
        g: &HopAttack<B>,
        sq: usize,
        occ: B,
        gone: B,
    ) -> Option<usize> {
        // No hopper of the group on the line at all: nothing to look for.
        let mut hoppers = B::ZERO;
        for a in &g.codes {
            hoppers |= self.pieces[a.code as usize];
        }
        if (r.ray(g.rev_dir, sq) & hoppers & !gone).is_zero() {
            return None;
        }
        let screen = r.first_blocker(g.rev_dir, sq, occ)?;
        if g.range != u8::MAX {
            // Steps from the screen to `sq`, which must be within range.
            let beyond = (r.ray(g.rev_dir, sq) & !r.ray(g.rev_dir, screen)).count();
            if beyond > g.range as u32 {
                return None;
            }
        }
        let hopper = r.first_blocker(g.rev_dir, screen, occ)?;
        if let Some(span) = g.span
            && !r.ray(span, hopper).has(sq)
        {
            return None;
        }
        let code = self.code_at(hopper)?;
        (!gone.has(hopper)
            && g.codes.iter().any(|a| a.hits(code, hopper, sq))
            && !self.barred_screen(&r.codes[code as usize], screen))
        .then_some(hopper)
    }

    /// Whether `by`, which does not attack `sq` now, attacks it once the squares `touched`
    /// change, with the occupancy `occ` and what stood on `gone` removed: only the lines and
    /// lame paths through a touched square can open (a leap cannot).
    pub(crate) fn attack_opened(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
        touched: B,
    ) -> bool {
        let b = by.index();
        for (slider, codes) in &r.attack_sliders[b] {
            if (r.slide(*slider, sq, B::ZERO) & touched).is_zero() {
                continue;
            }
            let mut riders = B::ZERO;
            for &c in codes {
                riders |= self.pieces[c as usize];
            }
            if (r.slide(*slider, sq, occ) & riders & !gone).any() {
                return true;
            }
        }
        let on_line = |dir: u16| (r.ray(dir, sq) & touched).any();
        if r.attack_rays[b]
            .iter()
            .any(|g| on_line(g.rev_dir) && self.ray_attacker(r, g, sq, occ, gone).is_some())
        {
            return true;
        }
        if r.hop_attacks[b]
            .iter()
            .any(|g| on_line(g.rev_dir) && self.hop_attacker(r, g, sq, occ, gone).is_some())
        {
            return true;
        }
        r.lame_attackers[b].iter().any(|&c| {
            let pieces = self.pieces[c as usize] & !gone;
            pieces.any()
                && r.codes[c as usize].lame_attack_rev[sq]
                    .iter()
                    .any(|l| (l.path & touched).any() && pieces.has(l.to as usize) && l.open(occ))
        })
    }
}
