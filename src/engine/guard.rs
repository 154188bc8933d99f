//! Guarded atoms (`leap (1,2) when guarded by knight`): moves a piece may make only while a
//! piece of its side, of one of the guard kinds, could go to its square by one of its own atoms
//! (Knight relay chess: a piece guarded by a knight also moves as a knight). Whether a piece is
//! guarded is read off the guards' plain atoms (their guarded atoms left out), with the
//! occupancy given, so a guarded atom threatens only while its guard stands. `when guarding`
//! turns the relation round: the piece itself must reach a friend of the kinds (Copycat: a piece
//! moves as the friends it guards). Such variants judge every move by playing it.

use crate::engine::bitboard::Bits;
use crate::engine::movegen::ordered;
use crate::engine::position::Position;
use crate::engine::rules::{CodeRules, Rules};
use crate::ir::{Modality, Side, Variant};

/// A piece code's atoms usable under one guard clause.
#[derive(Clone, Debug)]
pub struct GuardedRules<B> {
    /// The codes (of the piece's side) whose guard makes them usable.
    pub guards: Vec<u8>,
    /// Usable while the piece guards one of `guards`, rather than while guarded by one.
    pub guarding: bool,
    /// The atoms, as tables.
    pub atoms: CodeRules<B>,
    /// Whether they have atoms other than plain leaps (rides, hops, lame leaps), whose
    /// attacks depend on the occupancy.
    pub lines: bool,
    /// Whether some of them capture.
    pub captures: bool,
}

/// The guarded atoms of a variant, compiled.
#[derive(Clone, Debug)]
pub struct GuardTables<B> {
    /// Per code: its atoms usable only while guarded, per guard clause; empty when no piece
    /// has such atoms.
    pub rules: Vec<Vec<GuardedRules<B>>>,
    /// Per side: the codes with guarded atoms that capture.
    pub attackers: [Vec<u8>; 2],
    /// Per code that guards (empty for the others): per square, the squares from which it may
    /// reach it, whatever stands between.
    pub rev: Vec<Vec<B>>,
}

impl<B> Default for GuardTables<B> {
    fn default() -> Self {
        GuardTables {
            rules: vec![],
            attackers: [vec![], vec![]],
            rev: vec![],
        }
    }
}

impl<B> GuardTables<B> {
    /// Whether some piece has guarded atoms.
    #[inline(always)]
    pub fn any(&self) -> bool {
        !self.rules.is_empty()
    }
}

impl<B: Bits> Rules<B> {
    /// Each piece's guarded atoms as tables, per guard clause; which codes threaten by them;
    /// and, for each guard code, where it reaches on an empty board.
    pub(crate) fn compile_guarded(&mut self, v: &Variant) {
        if v.pieces.values().all(|p| p.guarded_atoms.is_empty()) {
            return;
        }
        self.guard.rules = vec![vec![]; self.codes.len()];
        self.guard.rev = vec![vec![]; self.codes.len()];
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                let code = self.code(side, kind) as usize;
                for g in &piece.guarded_atoms {
                    let guards: Vec<u8> = g.guards.iter().map(|&k| self.code(side, k)).collect();
                    let existing = self.guard.rules[code]
                        .iter()
                        .position(|r| r.guards == guards && r.guarding == g.guarding);
                    let mut rules = match existing {
                        Some(i) => self.guard.rules[code].remove(i),
                        None => GuardedRules {
                            guards,
                            guarding: g.guarding,
                            atoms: self.code_rules_without_atoms(v, side, kind, piece),
                            lines: false,
                            captures: false,
                        },
                    };
                    rules.atoms.prey_edits = self.codes[code].prey_edits.clone();
                    self.add_atom(&mut rules.atoms, &g.atom, side);
                    rules.lines |= g.atom.kind != crate::ir::AtomKind::Leap
                        || g.atom.path != crate::ir::LeapPath::Free;
                    rules.captures |= g.atom.can_capture();
                    self.guard.rules[code].push(rules);
                }
                if self.guard.rules[code].iter().any(|r| r.captures) {
                    self.guard.attackers[side.index()].push(code as u8);
                }
            }
        }
        let guard_codes: Vec<u8> = self
            .guard
            .rules
            .iter()
            .flatten()
            .filter(|r| !r.guarding)
            .flat_map(|r| r.guards.iter().copied())
            .collect();
        for g in guard_codes {
            let g = g as usize;
            if self.guard.rev[g].is_empty() {
                self.guard.rev[g] = self.empty_board_guard_rev(g);
            }
        }
    }

    /// Per square, the squares from which the piece of `code` may reach it, whatever stands
    /// between: its leaps, and the lines of its rides and hops.
    fn empty_board_guard_rev(&self, code: usize) -> Vec<B> {
        let cr = &self.codes[code];
        let goes = |m: Modality| m != Modality::Attack;
        let mut rev = vec![B::ZERO; self.squares];
        for from in 0..self.squares {
            let mut reach = cr.leap_move[from] | cr.leap_capture[from];
            for &(slider, m) in &cr.slides {
                if goes(m) {
                    reach |= self.slide(slider, from, B::ZERO);
                }
            }
            for ride in &cr.rides {
                if goes(ride.modality) && ride.origin.has(from) {
                    reach |= self.ride_targets(ride.dir, from, B::ZERO) & ride.targets;
                }
            }
            for hop in &cr.hops {
                if goes(hop.modality) && hop.origin.has(from) {
                    reach |= self.ride_targets(hop.dir, from, B::ZERO) & hop.targets;
                }
            }
            for l in cr.lame_move[from].iter().chain(&cr.lame_capture[from]) {
                reach |= B::bit(l.to as usize);
            }
            for to in (reach & cr.confined).iter() {
                rev[to] |= B::bit(from);
            }
        }
        rev
    }
}

impl<B: Bits> Position<B> {
    /// The squares the piece of tables `cr` on `from` could go to with the occupancy `occ`, by
    /// a move or a capture, whatever stands there (its attack-only atoms left out).
    fn guard_reach(&self, r: &Rules<B>, cr: &CodeRules<B>, from: usize, occ: B) -> B {
        let goes = |m: Modality| m != Modality::Attack;
        let mut reach = cr.leap_move[from] | cr.leap_capture[from];
        for &(slider, m) in &cr.slides {
            if goes(m) {
                reach |= r.slide(slider, from, occ);
            }
        }
        for ride in &cr.rides {
            if goes(ride.modality) && ride.origin.has(from) {
                reach |= r.ride_targets(ride.dir, from, occ) & ride.targets;
            }
        }
        for hop in &cr.hops {
            if goes(hop.modality)
                && hop.origin.has(from)
                && let Some(screen) = r.first_blocker(hop.dir, from, occ)
                && !self.barred_screen(cr, screen)
            {
                let mut beyond = r.ride_targets(hop.dir, screen, occ) & hop.targets;
                if let Some(span) = hop.span {
                    beyond &= r.ray(span, from);
                }
                reach |= ordered(r, hop.dir, beyond)
                    .take(hop.range as usize)
                    .fold(B::ZERO, |m, s| m | B::bit(s));
            }
        }
        for l in cr.lame_move[from].iter().chain(&cr.lame_capture[from]) {
            if l.open(occ) {
                reach |= B::bit(l.to as usize);
            }
        }
        reach & cr.confined
    }

    /// Whether the piece on `sq` is guarded by a piece of the codes `guards` (none standing on
    /// `gone`), with the occupancy `occ`.
    pub(crate) fn guarded(&self, r: &Rules<B>, sq: usize, guards: &[u8], occ: B, gone: B) -> bool {
        guards.iter().any(|&g| {
            let g = g as usize;
            let near = self.pieces[g] & r.guard.rev[g][sq] & !gone & !B::bit(sq);
            near.iter()
                .any(|q| self.guard_reach(r, &r.codes[g], q, occ).has(sq))
        })
    }

    /// Whether the guard clause `g` of the piece of `code` on `sq` holds, with the occupancy
    /// `occ` and no piece on `gone`: it is guarded, or (`when guarding`) it guards.
    fn guard_holds(
        &self,
        r: &Rules<B>,
        code: usize,
        sq: usize,
        g: &GuardedRules<B>,
        (occ, gone): (B, B),
    ) -> bool {
        if !g.guarding {
            return self.guarded(r, sq, &g.guards, occ, gone);
        }
        let friends = g
            .guards
            .iter()
            .fold(B::ZERO, |m, &c| m | self.pieces[c as usize]);
        (self.guard_reach(r, &r.codes[code], sq, occ) & friends & !gone & !B::bit(sq)).any()
    }

    /// `t`, the targets of the piece of `code` on `from`, with those of its guarded atoms
    /// whose guard stands.
    #[inline(never)]
    pub(crate) fn with_guarded_targets(
        &self,
        r: &Rules<B>,
        code: usize,
        from: usize,
        (mut quiet, mut cap): (B, B),
    ) -> (B, B) {
        for g in &r.guard.rules[code] {
            if self.guard_holds(r, code, from, g, (self.occ, B::ZERO)) {
                let (q, c) = self.targets_of(r, &g.atoms, from);
                quiet |= q;
                cap |= c;
            }
        }
        (quiet, cap)
    }

    /// The pieces of `by` that threaten `sq` by a guarded atom, their guard standing, with the
    /// occupancy `occ`, leaving out those on `gone`; with `ANY`, it stops at the first found.
    #[inline(never)]
    pub(crate) fn guarded_attackers<const ANY: bool>(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
    ) -> B {
        let mut out = B::ZERO;
        for &code in &r.guard.attackers[by.index()] {
            let pieces = self.pieces[code as usize] & !gone;
            if pieces.is_zero() {
                continue;
            }
            for g in r.guard.rules[code as usize].iter().filter(|g| g.captures) {
                let mut hit = g.atoms.leap_attack_rev[sq] & pieces;
                if g.lines {
                    for p in (pieces & !hit).iter() {
                        if self.reach_of(r, &g.atoms, p, occ).has(sq) {
                            hit |= B::bit(p);
                        }
                    }
                }
                for p in (hit & !out).iter() {
                    if self.guard_holds(r, code as usize, p, g, (occ, gone)) {
                        out |= B::bit(p);
                        if ANY {
                            return out;
                        }
                    }
                }
            }
        }
        out
    }
}
