//! The game state and how a move changes it.
//!
//! Every change goes through [`Position::set`], which records the square's old content; undoing a
//! move replays that list backwards. So castling, en passant, Alice's crossing and Magnetic's
//! pulls are all just lists of square changes, and undo is exact for all of them.

use crate::engine::bitboard::Bits;
use crate::engine::rules::Rules;
use crate::ir::{
    self, Action, CrossWhen, Expr, Field, OriginKind, Relation, Scan, Side, Subject, Value,
};

/// A move as the generator produces it. `from`/`to` are squares of the mover's layer; for
/// castling they are the king's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    /// The code promoted to, plus one; 0 when none.
    pub promo: u8,
    pub kind: MoveKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum MoveKind {
    #[default]
    Normal,
    EnPassant,
    Castle(u8),
}

/// The en-passant state, as board cells (layer-less): the square passed over, and the cell of
/// the piece that may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    pub target: u16,
    pub victim: u16,
}

#[derive(Clone, Copy, Debug)]
struct Snapshot {
    castling: u32,
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    changes: u32,
}

#[derive(Clone)]
pub struct Position<B> {
    /// Per square: code + 1, or 0 when empty.
    pub board: Vec<u8>,
    /// Per code.
    pub pieces: Vec<B>,
    pub by_side: [B; 2],
    pub occ: B,
    pub side: Side,
    pub castling: u32,
    pub ep: Option<EnPassant>,
    pub halfmove: u32,
    pub fullmove: u32,
    changes: Vec<(u16, u8)>,
    history: Vec<Snapshot>,
    /// Set while playing a move whose effect promotes a piece and the move carries no choice:
    /// the code of the piece that must choose.
    pub pending_choice: Option<u8>,
    /// Why the last move played was illegal, if it was.
    pub refusal: Option<Refusal>,
    /// When `Some`, playing a move records what its crossings and effects did (for the REPL).
    pub log: Option<Vec<Event>>,
    /// A reusable move list, so that counting at the leaves allocates nothing.
    pub scratch: Vec<Move>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The mover's royal piece is attacked right after the move, before crossing and effects.
    CheckAfterMove,
    /// A crossing piece would land on this occupied square.
    CrossingBlocked(u16),
    /// Two layers would hold a piece on the same square.
    Exclusive,
    /// The move would remove the mover's last royal piece.
    RoyalLost,
    /// The mover's royal piece is attacked once the move is done.
    Check,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Crossed { from: usize, to: usize },
    Pulled { from: usize, to: usize, code: u8 },
    Pushed { from: usize, to: usize, code: u8 },
    Removed { at: usize, code: u8 },
    Changed { at: usize, code: u8 },
    Promoted { at: usize, code: u8 },
}

impl<B: Bits> Position<B> {
    pub fn empty(r: &Rules<B>) -> Position<B> {
        Position {
            board: vec![0; r.squares],
            pieces: vec![B::ZERO; r.codes.len()],
            by_side: [B::ZERO; 2],
            occ: B::ZERO,
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            changes: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            pending_choice: None,
            refusal: None,
            log: None,
            scratch: Vec::with_capacity(16),
        }
    }

    fn note(&mut self, e: Event) {
        if let Some(log) = &mut self.log {
            log.push(e);
        }
    }

    #[inline(always)]
    pub fn code_at(&self, sq: usize) -> Option<u8> {
        let c = self.board[sq];
        if c == 0 { None } else { Some(c - 1) }
    }

    /// Changes a square without recording it.
    #[inline(always)]
    pub fn put(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        let bit = B::bit(sq);
        if old != 0 {
            let code = (old - 1) as usize;
            self.pieces[code] ^= bit;
            self.by_side[r.codes[code].side.index()] ^= bit;
            self.occ ^= bit;
        }
        if new != 0 {
            let code = (new - 1) as usize;
            self.pieces[code] ^= bit;
            self.by_side[r.codes[code].side.index()] ^= bit;
            self.occ ^= bit;
        }
        self.board[sq] = new;
    }

    /// Changes a square, remembering its old content for undo; touching a castling square
    /// loses that castling right.
    #[inline(always)]
    pub fn set(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        if old == new {
            return;
        }
        self.changes.push((sq as u16, old));
        self.put(r, sq, new);
        self.castling &= r.castle_keep[sq];
    }

    /// The square changes of the last move played, oldest first: (square, before, after).
    pub fn last_changes(&self) -> Vec<(usize, u8, u8)> {
        let Some(s) = self.history.last() else {
            return vec![];
        };
        let list = &self.changes[s.changes as usize..];
        // The value after each change is the next change's "before" on that square, or the
        // board now.
        let mut out = vec![];
        for (i, &(sq, before)) in list.iter().enumerate() {
            let after = list[i + 1..]
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, b)| *b)
                .unwrap_or(self.board[sq as usize]);
            out.push((sq as usize, before, after));
        }
        out
    }

    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// Plays a move. Returns whether it is legal; either way the position holds the move and
    /// must be restored with [`Position::unmake`].
    pub fn make(&mut self, r: &Rules<B>, m: Move) -> bool {
        self.play(r, m, true)
    }

    /// Plays a move; with `verify` false the check tests are skipped (the caller knows the
    /// move is legal).
    pub fn play(&mut self, r: &Rules<B>, m: Move, verify: bool) -> bool {
        self.history.push(Snapshot {
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            changes: self.changes.len() as u32,
        });
        self.pending_choice = None;
        self.refusal = None;
        if let Some(log) = &mut self.log {
            log.clear();
        }
        let mover = self.side;
        let from = m.from as usize;
        let to = m.to as usize;
        let mut moved = [0usize; 2];
        let n_moved;
        let captured;
        let mut resets = false;
        let old_ep = self.ep.take();
        match m.kind {
            MoveKind::Normal => {
                let code = self.board[from] - 1;
                captured = self.board[to] != 0;
                self.set(r, from, 0);
                let cr = &r.codes[code as usize];
                let new = match &cr.promotion {
                    Some((zone, _)) if m.promo != 0 && zone.has(to) => m.promo,
                    _ => code + 1,
                };
                self.set(r, to, new);
                moved[0] = to;
                n_moved = 1;
                resets = cr.resets_clock;
                if cr.en_passant && !captured {
                    let (_, ff, fr) = r.coords(from);
                    let (_, tf, tr) = r.coords(to);
                    let (df, dr) = (tf as i32 - ff as i32, tr as i32 - fr as i32);
                    if (df.abs() == 2 || df == 0) && (dr.abs() == 2 || dr == 0) {
                        let mid = ((fr as i32 + dr / 2) as usize) * r.files
                            + (ff as i32 + df / 2) as usize;
                        self.ep = Some(EnPassant {
                            target: mid as u16,
                            victim: (to % r.cells) as u16,
                        });
                    }
                }
            }
            MoveKind::EnPassant => {
                let code = self.board[from] - 1;
                if let Some(ep) = old_ep {
                    for l in 0..r.layers {
                        let v = l * r.cells + ep.victim as usize;
                        if self.board[v] != 0 {
                            self.set(r, v, 0);
                            break;
                        }
                    }
                }
                captured = true;
                self.set(r, from, 0);
                let cr = &r.codes[code as usize];
                let new = match &cr.promotion {
                    Some((zone, _)) if m.promo != 0 && zone.has(to) => m.promo,
                    _ => code + 1,
                };
                self.set(r, to, new);
                resets = cr.resets_clock;
                moved[0] = to;
                n_moved = 1;
            }
            MoveKind::Castle(i) => {
                let c = &r.castles[i as usize];
                let (kf, kt, rf, rt) = c.squares();
                self.set(r, kf, 0);
                self.set(r, rf, 0);
                self.set(r, kt, c.king_code + 1);
                self.set(r, rt, c.rook_code + 1);
                captured = false;
                moved = [kt, rt];
                n_moved = 2;
            }
        }
        if captured && r.halfmove_capture || resets {
            self.halfmove = 0;
        } else {
            // Saturating: a FEN may set the clocks to u32::MAX.
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if mover == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = mover.flip();

        // The royal piece's own move must be safe where it is played; another piece's move
        // may still block a check by crossing, so only the final test applies to it.
        let royal_moved = moved[..n_moved]
            .iter()
            .any(|&sq| self.code_at(sq).is_some_and(|c| r.codes[c as usize].royal));
        if verify && r.check_at_move && royal_moved && self.royal_attacked(r, mover) {
            self.refusal = Some(Refusal::CheckAfterMove);
            return false;
        }
        let crosses = match r.cross {
            Some(CrossWhen::Moves) => true,
            Some(CrossWhen::Captures) => captured,
            None => false,
        };
        if crosses {
            for sq in moved.iter_mut().take(n_moved) {
                let dest = (*sq + r.cells) % r.squares;
                if self.board[dest] != 0 {
                    self.refusal = Some(Refusal::CrossingBlocked(dest as u16));
                    return false;
                }
                let piece = self.board[*sq];
                self.set(r, *sq, 0);
                self.set(r, dest, piece);
                self.note(Event::Crossed {
                    from: *sq,
                    to: dest,
                });
                *sq = dest;
            }
        }
        if !r.effects.is_empty() {
            let had_royal = self.has_royal(r, mover);
            for e in 0..r.effects.len() {
                self.run_effect(r, e, mover, &moved[..n_moved], captured, m.promo);
            }
            if r.check_at_final && had_royal && !self.has_royal(r, mover) {
                self.refusal = Some(Refusal::RoyalLost);
                return false;
            }
        }
        if r.layers > 1 && !self.exclusive_after_move(r) {
            self.refusal = Some(Refusal::Exclusive);
            return false;
        }
        if verify && r.check_at_final && self.royal_attacked(r, mover) {
            self.refusal = Some(Refusal::Check);
            return false;
        }
        true
    }

    pub fn unmake(&mut self, r: &Rules<B>) {
        let s = self.history.pop().expect("unmake without make");
        while self.changes.len() > s.changes as usize {
            let (sq, old) = self
                .changes
                .pop()
                .expect("change list shorter than its snapshot");
            self.put(r, sq as usize, old);
        }
        self.castling = s.castling;
        self.ep = s.ep;
        self.halfmove = s.halfmove;
        self.fullmove = s.fullmove;
        self.side = self.side.flip();
        self.pending_choice = None;
    }

    /// No cell holds pieces on two layers after the last move.
    fn exclusive_after_move(&self, r: &Rules<B>) -> bool {
        let start = self.history.last().map(|s| s.changes as usize).unwrap_or(0);
        for &(sq, _) in &self.changes[start..] {
            let sq = sq as usize;
            if self.board[sq] == 0 {
                continue;
            }
            let cell = sq % r.cells;
            for l in 0..r.layers {
                let other = l * r.cells + cell;
                if other != sq && self.board[other] != 0 {
                    return false;
                }
            }
        }
        true
    }

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

    // -----------------------------------------------------------------------------------------
    // Effects

    fn run_effect(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        moved: &[usize],
        captured: bool,
        choice: u8,
    ) {
        let effect = &r.effects[e];
        let origins: &[usize] = match effect.origin {
            OriginKind::Moved => moved,
            OriginKind::Capture if captured => &moved[..1],
            OriginKind::Capture => &[],
        };
        for &origin in origins {
            let Some(origin_code) = self.code_at(origin) else {
                continue;
            };
            if let Some(f) = &effect.origin_filter
                && !self.eval(r, f, mover, origin_code, None, 0)
            {
                continue;
            }
            match &effect.scan {
                Scan::Rays(_) => {
                    for &dir in &r.effect_dirs[e][mover.index()] {
                        let step = r.dirs[dir as usize].step;
                        let Some(t) = r.first_blocker(dir, origin, self.occ) else {
                            continue;
                        };
                        let (_, of, or) = r.coords(origin);
                        let (_, tf, tr) = r.coords(t);
                        let dist = (tf as i32 - of as i32)
                            .abs()
                            .max((tr as i32 - or as i32).abs())
                            / (step.0 as i32).abs().max((step.1 as i32).abs());
                        self.apply_clauses(r, effect, mover, origin, t, dist, Some(step), choice);
                    }
                }
                Scan::Around(vectors) => {
                    for &v in vectors {
                        let step = ir::oriented(v, mover);
                        let Some(t) = r.step(origin, step) else {
                            continue;
                        };
                        if self.board[t] == 0 {
                            continue;
                        }
                        let dist = (step.0 as i32).abs().max((step.1 as i32).abs());
                        self.apply_clauses(r, effect, mover, origin, t, dist, None, choice);
                    }
                }
            }
            for a in &effect.finally {
                self.act(r, a, mover, origin, origin, None, choice);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_clauses(
        &mut self,
        r: &Rules<B>,
        effect: &ir::Effect,
        mover: Side,
        origin: usize,
        target: usize,
        dist: i32,
        step: Option<(i8, i8)>,
        choice: u8,
    ) {
        let Some(origin_code) = self.code_at(origin) else {
            return;
        };
        for clause in &effect.clauses {
            if self.eval(
                r,
                &clause.cond,
                mover,
                origin_code,
                Some(self.board[target] - 1),
                dist,
            ) {
                let mut t = target;
                for a in &clause.actions {
                    t = self.act(r, a, mover, origin, t, step, choice);
                }
                return;
            }
        }
    }

    /// Carries out an action; returns where the target stands afterwards.
    #[allow(clippy::too_many_arguments)]
    fn act(
        &mut self,
        r: &Rules<B>,
        a: &Action,
        mover: Side,
        origin: usize,
        target: usize,
        step: Option<(i8, i8)>,
        choice: u8,
    ) -> usize {
        let subject = |s: Subject| if s == Subject::Target { target } else { origin };
        match a {
            Action::Nothing => target,
            Action::Pull(_) => {
                let Some(step) = step else { return target };
                let Some(dest) = r.step(origin, step) else {
                    return target;
                };
                if dest != target && self.board[dest] == 0 {
                    let p = self.board[target];
                    self.set(r, target, 0);
                    self.set(r, dest, p);
                    self.note(Event::Pulled {
                        from: target,
                        to: dest,
                        code: p - 1,
                    });
                    return dest;
                }
                target
            }
            Action::Push(_) => {
                let Some(step) = step else { return target };
                let mut dest = target;
                while let Some(n) = r.step(dest, step) {
                    if self.board[n] != 0 {
                        break;
                    }
                    dest = n;
                }
                if dest != target {
                    let p = self.board[target];
                    self.set(r, target, 0);
                    self.set(r, dest, p);
                    self.note(Event::Pushed {
                        from: target,
                        to: dest,
                        code: p - 1,
                    });
                }
                dest
            }
            Action::Remove(s) => {
                let sq = subject(*s);
                if let Some(code) = self.code_at(sq) {
                    self.set(r, sq, 0);
                    self.note(Event::Removed { at: sq, code });
                }
                target
            }
            Action::Change(s, kind) => {
                let sq = subject(*s);
                if let Some(code) = self.code_at(sq) {
                    let side = r.codes[code as usize].side;
                    let new = r.code(side, *kind);
                    self.set(r, sq, new + 1);
                    self.note(Event::Changed { at: sq, code: new });
                }
                target
            }
            Action::Promote(s) => {
                let sq = subject(*s);
                let Some(code) = self.code_at(sq) else {
                    return target;
                };
                let cr = &r.codes[code as usize];
                if cr.side != mover {
                    return target;
                }
                if let Some((zone, choices)) = &cr.promotion
                    && zone.has(sq)
                {
                    if choice != 0 && choices.contains(&(choice - 1)) {
                        self.set(r, sq, choice);
                        self.note(Event::Promoted {
                            at: sq,
                            code: choice - 1,
                        });
                    } else if self.pending_choice.is_none() {
                        self.pending_choice = Some(code);
                    }
                }
                target
            }
        }
    }

    fn eval(
        &self,
        r: &Rules<B>,
        e: &Expr,
        mover: Side,
        origin: u8,
        target: Option<u8>,
        dist: i32,
    ) -> bool {
        match e {
            Expr::And(a, b) => {
                self.eval(r, a, mover, origin, target, dist)
                    && self.eval(r, b, mover, origin, target, dist)
            }
            Expr::Or(a, b) => {
                self.eval(r, a, mover, origin, target, dist)
                    || self.eval(r, b, mover, origin, target, dist)
            }
            Expr::Not(a) => !self.eval(r, a, mover, origin, target, dist),
            Expr::Truth(s, f) => {
                self.value(r, &Value::Field(*s, *f), mover, origin, target, dist) == Val::Bool(true)
            }
            Expr::Cmp(op, a, b) => {
                let (x, y) = (
                    self.value(r, a, mover, origin, target, dist),
                    self.value(r, b, mover, origin, target, dist),
                );
                match (x, y) {
                    (Val::Num(x), Val::Num(y)) => match op {
                        ir::CmpOp::Eq => x == y,
                        ir::CmpOp::Ne => x != y,
                        ir::CmpOp::Lt => x < y,
                        ir::CmpOp::Le => x <= y,
                        ir::CmpOp::Gt => x > y,
                        ir::CmpOp::Ge => x >= y,
                    },
                    (x, y) => match op {
                        ir::CmpOp::Eq => x == y,
                        ir::CmpOp::Ne => x != y,
                        _ => false,
                    },
                }
            }
        }
    }

    fn value(
        &self,
        r: &Rules<B>,
        v: &Value,
        mover: Side,
        origin: u8,
        target: Option<u8>,
        dist: i32,
    ) -> Val {
        match v {
            Value::Distance => Val::Num(dist as i64),
            Value::Int(i) => Val::Num(*i),
            Value::Relation(rel) => Val::Rel(*rel),
            Value::Kind(k) => Val::Kind(*k),
            Value::Field(s, f) => {
                let code = match s {
                    Subject::Origin => origin,
                    Subject::Target => match target {
                        Some(t) => t,
                        None => return Val::None,
                    },
                };
                let c = &r.codes[code as usize];
                match f {
                    Field::Side => Val::Rel(if c.side == mover {
                        Relation::Friend
                    } else {
                        Relation::Enemy
                    }),
                    Field::Kind => Val::Kind(c.kind),
                    Field::Royal => Val::Bool(c.royal),
                }
            }
        }
    }
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum Val {
    Num(i64),
    Rel(Relation),
    Kind(usize),
    Bool(bool),
    None,
}
