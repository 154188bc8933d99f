//! Effects on the plain path (Magnetic's pulls and pushes), for rule sets without a check rule:
//! played on the copied board exactly as the interpreter plays them
//! ([`crate::engine::effects`]), and at a leaf, the few moves whose effect asks for a promotion
//! choice found from the squares an effect could promote from.

use crate::engine::bitboard::Bits;
use crate::engine::effects::EffectTable;
use crate::engine::rules::Rules;
use crate::ir::{self, Action, OriginKind, Scan, Side, Subject};

use super::{Board, Guard, Kind, Plain, PlainMove};

/// Where a promoting piece standing on a square could be brought into its zone by an effect:
/// per effect direction that can do it, the direction back towards the origins (unlimited)
/// and the squares that must hold no enemy piece (the way to the zone).
pub(super) type Watch<B> = Vec<(u16, B)>;

/// A promoting code's [`Watch`] per square.
#[derive(Clone, Debug)]
pub(super) struct Watches<B> {
    pub(super) code: usize,
    /// Per square: where an enemy piece stands in the way of every watch there (every square,
    /// where there is none), so that most pieces are passed over with one test.
    blocked: Vec<B>,
    watches: Vec<Watch<B>>,
}

impl<B: Bits> Rules<B> {
    /// Per side, the [`Watches`] of each promoting code of that side.
    pub(super) fn effect_watches(&self) -> [Vec<Watches<B>>; 2] {
        [0, 1].map(|side| {
            self.side_codes[side]
                .iter()
                .filter_map(|&c| {
                    let p = self.codes[c as usize].promotion.as_ref()?;
                    let watches: Vec<Watch<B>> = (0..self.squares)
                        .map(|sq| self.watch(side, sq, p.zone))
                        .collect();
                    let blocked = watches
                        .iter()
                        .map(|w| w.iter().fold(!B::ZERO, |all, &(_, way)| all & way))
                        .collect();
                    Some(Watches {
                        code: c as usize,
                        blocked,
                        watches,
                    })
                })
                .collect()
        })
    }

    /// A piece on `sq` lands on the ray an effect found it on: beyond it (pushed), or between
    /// it and the origin (pulled), so only a ray whose stretch meets the zone matters.
    fn watch(&self, side: usize, sq: usize, zone: B) -> Watch<B> {
        let mut out = Vec::new();
        for dirs in &self.effect_dirs {
            for &d in &dirs[side] {
                let back = self.geo.reverse[d as usize];
                let beyond = self.ray(d, sq);
                let behind = self.ray(back, sq);
                let pulled = self
                    .way_to(back, sq, behind, zone)
                    .filter(|&way| (behind & !way).any());
                let ways = if zone.has(sq) {
                    [Some(B::ZERO), None]
                } else {
                    // Pushed beyond it, or pulled: it stops next to the origin, which then
                    // stands beyond the zone.
                    [self.way_to(d, sq, beyond, zone), pulled]
                };
                for way in ways.into_iter().flatten() {
                    if !out.iter().any(|&(b, w)| b == back && w == way) {
                        out.push((back, way));
                    }
                }
            }
        }
        out
    }

    /// The squares along `ray` (from `sq` along `d`) up to its first square in `zone`.
    fn way_to(&self, d: u16, sq: usize, ray: B, zone: B) -> Option<B> {
        let hit = ray & zone;
        if hit.is_zero() {
            return None;
        }
        let first = if self.geo.ascending[d as usize] {
            hit.lsb()
        } else {
            hit.msb()
        };
        Some(self.line_targets(d, sq, B::bit(first)))
    }
}

impl<B: Bits> Plain<'_, B> {
    /// The code of the piece on `sq`.
    #[inline(always)]
    fn code_at(&self, b: &Board<B>, sq: usize) -> Option<usize> {
        let side = if b.by_side[0].has(sq) {
            0
        } else if b.by_side[1].has(sq) {
            1
        } else {
            return None;
        };
        for &c in &self.r.side_codes[side] {
            if b.pieces[c as usize].has(sq) {
                return Some(c as usize);
            }
        }
        None
    }

    /// Puts `new` on `sq` in place of `old`, as the interpreter's `set` does (a changed square
    /// loses the castling rights it keeps).
    #[inline(always)]
    fn set(&self, b: &mut Board<B>, sq: usize, old: Option<usize>, new: Option<usize>) {
        if old == new {
            return;
        }
        let bit = B::bit(sq);
        if let Some(c) = old {
            b.pieces[c] &= !bit;
            b.by_side[self.r.codes[c].side.index()] &= !bit;
        }
        if let Some(c) = new {
            b.pieces[c] |= bit;
            b.by_side[self.r.codes[c].side.index()] |= bit;
        }
        b.occ = b.by_side[0] | b.by_side[1];
        b.castling &= self.keep[sq];
    }

    /// Moves the piece of `code` on `from` to the empty square `to`.
    #[inline(always)]
    fn shift(&self, b: &mut Board<B>, code: usize, from: usize, to: usize) {
        let both = B::bit(from) | B::bit(to);
        b.pieces[code] ^= both;
        b.by_side[self.r.codes[code].side.index()] ^= both;
        b.occ ^= both;
        b.castling &= self.keep[from] & self.keep[to];
    }

    /// Runs the effects after a move of `mover` that left pieces on `moved` (each square with
    /// the code the move put there); `choice` is the move's promotion choice. Returns the code
    /// of a piece an effect would promote without a choice to promote it to (the move then
    /// stands for one move per choice).
    pub(super) fn run_effects(
        &self,
        b: &mut Board<B>,
        mover: usize,
        moved: &[(usize, usize)],
        captured: bool,
        choice: u8,
    ) -> Option<u8> {
        let r = self.r;
        let side = Side::BOTH[mover];
        let mut pending = None;
        for (e, effect) in r.effects.iter().enumerate() {
            let origins = match effect.origin {
                OriginKind::Moved => moved,
                OriginKind::Capture if captured => &moved[..1],
                OriginKind::Capture => &[],
            };
            let table = &r.effect_tables[e];
            let run = (effect, table, side, choice);
            for &(origin, code) in origins {
                // The piece the move put there, unless an effect has moved or changed it.
                let here = if b.pieces[code].has(origin) {
                    Some(code)
                } else {
                    self.code_at(b, origin)
                };
                let Some(mut oc) = here else {
                    continue;
                };
                if !table.origin_holds(side, oc) {
                    continue;
                }
                match &effect.scan {
                    Scan::Rays(_) => {
                        for &d in &r.effect_dirs[e][mover] {
                            if let Some((hit, dist)) = self.first_on_ray(b, d, origin)
                                && !self.meet(
                                    b,
                                    run,
                                    (origin, &mut oc),
                                    (hit, dist, Some(d)),
                                    &mut pending,
                                )
                            {
                                break;
                            }
                        }
                    }
                    Scan::Around(vectors) => {
                        for &v in vectors {
                            let step = ir::oriented(v, side);
                            let Some(t) = r.step(origin, step) else {
                                continue;
                            };
                            let dist = (step.0 as i32).abs().max((step.1 as i32).abs());
                            if b.occ.has(t)
                                && !self.meet(
                                    b,
                                    run,
                                    (origin, &mut oc),
                                    (t, dist, None),
                                    &mut pending,
                                )
                            {
                                break;
                            }
                        }
                    }
                    // Rows of enclosed pieces and attacked pieces stay on the interpreter
                    // (`Rules::is_plain`).
                    Scan::Enclosed(_) | Scan::Attacked | Scan::Surrounded(_) => {}
                }
                if !effect.finally.is_empty() {
                    self.finish(b, run, origin, &mut pending);
                }
            }
        }
        pending
    }

    /// The first piece on the ray from `origin` in direction `d`, and how far it is: the ray
    /// up to it (the effect's rays are unlimited, so the ray beyond it is the ray from it).
    #[inline(always)]
    fn first_on_ray(&self, b: &Board<B>, d: u16, origin: usize) -> Option<(usize, i32)> {
        let r = self.r;
        let ray = r.ray(d, origin);
        let blockers = ray & b.occ;
        if !blockers.any() {
            return None;
        }
        let hit = if r.geo.ascending[d as usize] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        Some((hit, (ray & !r.ray(d, hit)).count() as i32))
    }

    /// The effect's `finally` actions, from `origin`, when its `finally when` holds there.
    #[inline(never)]
    fn finish(
        &self,
        b: &mut Board<B>,
        (effect, table, side, choice): (&ir::Effect, &EffectTable, Side, u8),
        origin: usize,
        pending: &mut Option<u8>,
    ) {
        let here = self.code_at(b, origin);
        let line = match here {
            Some(code) => table.finally_line(side, code),
            None => effect.finally.iter().position(|f| f.when.is_none()),
        };
        if let Some(i) = line {
            let mut at = (origin, here, origin);
            for a in &effect.finally[i].actions {
                at = self.act(b, a, side, at, None, choice, pending);
            }
        }
    }

    /// Carries out the first clause of the effect in `run` (with its table, the mover and the
    /// move's promotion choice) that holds for the target met at `at` (its square, distance and
    /// direction) from the origin `origin.0`, whose code `origin.1` follows what an action does
    /// there. Returns whether the scan goes on (false: the origin is empty now).
    #[inline(always)]
    fn meet(
        &self,
        b: &mut Board<B>,
        (effect, table, mover, choice): (&ir::Effect, &EffectTable, Side, u8),
        (origin, oc): (usize, &mut usize),
        (target, dist, dir): (usize, i32, Option<u16>),
        pending: &mut Option<u8>,
    ) -> bool {
        let Some(tc) = self.code_at(b, target) else {
            return true;
        };
        let Some(i) = table.clause(self.r, effect, mover, *oc as u8, tc as u8, dist) else {
            return true;
        };
        let mut at = (target, Some(tc), origin);
        for a in &effect.clauses[i].actions {
            at = self.act(b, a, mover, at, dir, choice, pending);
        }
        if table.touches_origin(i) {
            // An action on the origin itself: what stands there now.
            match self.code_at(b, origin) {
                Some(c) => *oc = c,
                None => return false,
            }
        }
        true
    }

    /// Carries out an action on its subject: the target `at.0` (of code `at.1`, if any) or the
    /// origin `at.2`. Returns the target's square and code afterwards, and the origin.
    // Like `run_effects`, whose hot loop it is inlined into: kept whole for speed.
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    #[inline(always)]
    fn act(
        &self,
        b: &mut Board<B>,
        a: &Action,
        mover: Side,
        (target, tc, origin): (usize, Option<usize>, usize),
        dir: Option<u16>,
        choice: u8,
        pending: &mut Option<u8>,
    ) -> (usize, Option<usize>, usize) {
        let r = self.r;
        let unchanged = (target, tc, origin);
        let subject = |s: Subject| if s == Subject::Target { target } else { origin };
        // After an action on `sq`, the target's code as it stands.
        let recode = |b: &Board<B>, sq: usize| {
            if sq == target {
                (target, self.code_at(b, target), origin)
            } else {
                unchanged
            }
        };
        match a {
            // Changes of side stay on the interpreter (`Rules::is_plain`).
            Action::Nothing | Action::Flip(_) | Action::Petrify(_) | Action::Put(_) => unchanged,
            Action::Pull(_) => match (dir, tc) {
                (Some(d), Some(code)) => self
                    .pull(b, d, code, target, origin)
                    .map_or(unchanged, |dest| (dest, tc, origin)),
                _ => unchanged,
            },
            Action::Push(_) => match (dir, tc) {
                (Some(d), Some(code)) => self
                    .push(b, d, code, target)
                    .map_or(unchanged, |dest| (dest, tc, origin)),
                _ => unchanged,
            },
            Action::Remove(s) => {
                let sq = subject(*s);
                if let Some(code) = self.code_at(b, sq) {
                    self.set(b, sq, Some(code), None);
                }
                recode(b, sq)
            }
            Action::Change(s, kind) => {
                let sq = subject(*s);
                if let Some(code) = self.code_at(b, sq) {
                    let new = r.code(r.codes[code].side, *kind) as usize;
                    self.set(b, sq, Some(code), Some(new));
                }
                recode(b, sq)
            }
            // The plain path has no hands, so no piece is ever sent to one (`is_plain`).
            Action::Send(..) => unchanged,
            // Nor one that merges (it reads the move's pieces: `reads_move`).
            Action::Merged(..) => unchanged,
            // The plain path takes no effect that reads the move's pieces (`is_plain`).
            Action::ChangeTo(s, like) => {
                let sq = subject(*s);
                self.change_to(b, sq, subject(*like));
                recode(b, sq)
            }
            Action::Promote(s) => {
                let sq = subject(*s);
                let known = if *s == Subject::Target { tc } else { None };
                let Some(code) = known.or_else(|| self.code_at(b, sq)) else {
                    return unchanged;
                };
                let cr = &r.codes[code];
                if cr.side != mover {
                    return unchanged;
                }
                if let Some(p) = &cr.promotion
                    && p.zone.has(sq)
                {
                    if choice != 0 && p.choices.contains(&(choice - 1)) {
                        self.set(b, sq, Some(code), Some(choice as usize - 1));
                        return recode(b, sq);
                    } else if pending.is_none() {
                        *pending = Some(code as u8);
                    }
                }
                unchanged
            }
        }
    }

    /// Turns the piece on `sq` into the kind of the piece on `model`, keeping its side.
    #[cold]
    #[inline(never)]
    fn change_to(&self, b: &mut Board<B>, sq: usize, model: usize) {
        let r = self.r;
        if let (Some(code), Some(model)) = (self.code_at(b, sq), self.code_at(b, model))
            && r.codes[code].kind != r.codes[model].kind
        {
            let new = r.code(r.codes[code].side, r.codes[model].kind) as usize;
            self.set(b, sq, Some(code), Some(new));
        }
    }

    /// Pulls the piece `code` on `target` along direction `d` to the square next to `origin`,
    /// if that square is free; returns where it went.
    #[inline(always)]
    fn pull(
        &self,
        b: &mut Board<B>,
        d: u16,
        code: usize,
        target: usize,
        origin: usize,
    ) -> Option<usize> {
        let r = self.r;
        let ray = r.ray(d, origin);
        if ray.is_zero() {
            return None;
        }
        let dest = if r.geo.ascending[d as usize] {
            ray.lsb()
        } else {
            ray.msb()
        };
        if dest == target || b.occ.has(dest) {
            return None;
        }
        self.shift(b, code, target, dest);
        Some(dest)
    }

    /// Pushes the piece `code` on `target` along direction `d` as far as the squares are free;
    /// returns where it went.
    #[inline(always)]
    fn push(&self, b: &mut Board<B>, d: u16, code: usize, target: usize) -> Option<usize> {
        let r = self.r;
        let free = r.line_targets(d, target, b.occ) & !b.occ;
        if free.is_zero() {
            return None;
        }
        let dest = if r.geo.ascending[d as usize] {
            free.msb()
        } else {
            free.lsb()
        };
        self.shift(b, code, target, dest);
        Some(dest)
    }

    /// How many moves beyond one each the leaf's moves stand for because their effect asks for
    /// a promotion choice. Only a move to a square an effect could promote from is played
    /// (own pieces count as absent there, as the mover's own square empties); so is a castle
    /// whose king or rook lands on one, and any en passant capture (it takes a piece off
    /// another square than the one it moves to).
    pub(super) fn effect_choices(&self, b: &Board<B>, g: &Guard<'_, B>) -> u64 {
        let us = b.side;
        let enemy = b.by_side[1 - us];
        let mut origins = B::ZERO;
        for w in &self.t.watches[us] {
            for p in b.pieces[w.code].iter() {
                if (w.blocked[p] & enemy).any() {
                    continue;
                }
                for &(back, way) in &w.watches[p] {
                    if (way & enemy).is_zero() {
                        origins |= self.r.line_targets(back, p, enemy);
                    }
                }
            }
        }
        if self.t.promotes_origin {
            origins |= self.r.promotion_zones[us];
        }
        if origins.is_zero() && b.ep.is_none() {
            return 0;
        }
        self.judge_choices(b, g, origins)
    }

    /// [`Plain::effect_choices`] of the moves to `origins` and of the special moves, where there
    /// are origins or an en passant capture: called, not inlined, as most leaves have neither.
    #[inline(never)]
    fn judge_choices(&self, b: &Board<B>, g: &Guard<'_, B>, origins: B) -> u64 {
        let us = b.side;
        let mut extra = 0u64;
        let mut judge = |m: PlainMove| {
            let mut child = *b;
            if let Some(code) = self.play(&mut child, m)
                && let Some(p) = &self.r.codes[code as usize].promotion
            {
                // The move counted once stands for one move per choice (none without any):
                // modular arithmetic, as the total cannot go below zero.
                extra = extra.wrapping_add(p.choices.len() as u64).wrapping_sub(1);
            }
        };
        if origins.any() {
            for v in &self.t.codes[us] {
                for from in b.pieces[v.code].iter() {
                    let t = self.legal_targets(b, g, v, from) & origins;
                    if t.any() {
                        self.each_move(b, g, v.code, from, t, Kind::Normal, &mut judge);
                    }
                }
            }
        }
        self.special_moves(b, g, &mut |m: PlainMove| match m.kind {
            Kind::Castle(i) => {
                let (_, kt, _, rt) = self.castles[i as usize].squares();
                if origins.has(kt) || origins.has(rt) {
                    judge(m);
                }
            }
            _ => judge(m),
        });
        extra
    }
}
