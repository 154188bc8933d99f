//! The effect interpreter: what an effect of the variant file does after a move (Magnetic's pulls
//! and pushes, an explosion, a capturer that becomes what it took), as changes recorded for undo.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Event, Position, WALL, piece_code};
use crate::engine::rules::{KING_STEPS, Rules};
use crate::ir::{
    self, Action, Expr, Field, HandOf, OriginKind, Relation, Scan, Side, Subject, Value,
};

/// The pieces of the move that an effect's conditions may read: the piece that moved, as it
/// stood before the move, and the piece it took (codes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveCodes {
    /// `moved`
    pub moved: Option<u8>,
    /// `captured`
    pub captured: Option<u8>,
    /// Whether the move captured (known also where the codes are not looked up).
    pub took: bool,
    /// Whether the move is a drop (`moved.dropped`).
    pub dropped: bool,
    /// Whether the mover was in check before the move (`moved.checked`).
    pub checked: bool,
    /// The square the moved piece left (where `put captured at departure` puts the piece).
    pub departure: u16,
    /// Around the origin being looked at: bit 0, a piece of the mover's side stands a king's
    /// step away (`origin.next-to-friend`); bit 1, one of the other side (`next-to-enemy`).
    pub near: u8,
}

impl MoveCodes {
    /// No move: what the tables of codes are built with.
    pub(crate) const NONE: MoveCodes = MoveCodes {
        moved: None,
        captured: None,
        took: false,
        dropped: false,
        checked: false,
        departure: 0,
        near: 0,
    };
}

impl<B: Bits> Position<B> {
    /// Runs effect `e` after a move of `mover` that left pieces on `moved`. `BY_MOVE`: the
    /// effect reads the move's pieces, so its conditions are evaluated, not read from tables
    /// (two copies, so that an effect of codes alone pays nothing for it).
    pub(crate) fn run_effect<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        moved: &[usize],
        pieces: MoveCodes,
        choice: u8,
    ) {
        let effect = &r.effects[e];
        let origins: &[usize] = match effect.origin {
            OriginKind::Moved => moved,
            OriginKind::Capture if pieces.took => &moved[..1],
            OriginKind::Capture => &[],
        };
        let table = &r.effect_tables[e];
        for &origin in origins {
            let Some(origin_code) = self.code_at(origin) else {
                continue;
            };
            if let Some(zone) = &r.effect_zones[e] {
                let side = r.codes[origin_code as usize].side;
                if !zone[side.index()].has(origin) {
                    continue;
                }
            }
            let pieces = if BY_MOVE && table.reads_near {
                self.with_near(r, origin, mover, pieces)
            } else {
                pieces
            };
            let holds = if BY_MOVE {
                effect.origin_filter.as_ref().is_none_or(|f| {
                    eval_on(
                        r,
                        f,
                        mover,
                        (origin_code, None, 0),
                        pieces,
                        Some(&self.pieces),
                    )
                })
            } else {
                table.origin_holds(mover, origin_code as usize)
            };
            if !holds {
                continue;
            }
            match &effect.scan {
                Scan::Rays(_) => self.ray_targets::<BY_MOVE>(r, e, mover, origin, (pieces, choice)),
                Scan::Enclosed(vectors) => {
                    for &v in vectors {
                        self.enclosed_row::<BY_MOVE>(r, e, mover, origin, v, (pieces, choice));
                    }
                }
                Scan::Attacked => {
                    self.attacked_targets::<BY_MOVE>(r, e, mover, origin, (pieces, choice));
                }
                Scan::Surrounded(_) => {
                    for t in self.surrounded_groups(r, e, mover, origin).iter() {
                        let at = (origin, t, squares_apart(r, origin, t), None);
                        self.apply_clauses::<BY_MOVE>(r, e, mover, at, pieces, choice);
                    }
                }
                Scan::Around(vectors) => {
                    self.around_targets::<BY_MOVE>(
                        r,
                        (e, mover),
                        origin,
                        vectors,
                        (pieces, choice),
                    );
                }
            }
            if !effect.finally.is_empty() {
                self.finish_effect::<BY_MOVE>(r, e, mover, origin, pieces, choice);
            }
        }
    }

    /// The pieces a step of `vectors` away from `origin`, each met by effect `e`'s clauses.
    #[inline(always)]
    fn around_targets<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        (e, mover): (usize, Side),
        origin: usize,
        vectors: &[(i8, i8)],
        (pieces, choice): (MoveCodes, u8),
    ) {
        for &v in vectors {
            let step = ir::oriented(v, mover);
            let Some(t) = r.step(origin, step) else {
                continue;
            };
            if self.board[t] == 0 {
                continue;
            }
            let dist = (step.0 as i32).abs().max((step.1 as i32).abs());
            let at = (origin, t, dist, None);
            self.apply_clauses::<BY_MOVE>(r, e, mover, at, pieces, choice);
        }
    }

    /// The first piece on each of the effect's rays from `origin`, each met by the clauses.
    #[inline(always)]
    fn ray_targets<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        origin: usize,
        (pieces, choice): (MoveCodes, u8),
    ) {
        for &dir in &r.effect_dirs[e][mover.index()] {
            let step = r.dirs[dir as usize].step;
            let Some(t) = r.first_blocker(dir, origin, self.occ) else {
                continue;
            };
            let dist = squares_apart(r, origin, t)
                / i32::from(step.0.unsigned_abs().max(step.1.unsigned_abs()));
            let at = (origin, t, dist, Some(step));
            self.apply_clauses::<BY_MOVE>(r, e, mover, at, pieces, choice);
        }
    }

    /// The pieces the piece on `origin` attacks when the scan starts, each met by the clauses
    /// in the order of their squares, at the larger of the file and rank distances.
    fn attacked_targets<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        origin: usize,
        (pieces, choice): (MoveCodes, u8),
    ) {
        for t in self.attacked_from(r, origin, self.occ).iter() {
            let at = (origin, t, squares_apart(r, origin, t), None);
            self.apply_clauses::<BY_MOVE>(r, e, mover, at, pieces, choice);
        }
    }

    /// `pieces` with the neighbours of `origin` (`origin.next-to-friend`).
    fn with_near(&self, r: &Rules<B>, origin: usize, mover: Side, pieces: MoveCodes) -> MoveCodes {
        MoveCodes {
            near: self.near_bits(r, origin, mover),
            ..pieces
        }
    }

    /// Which sides stand a king's step from `sq`: bit 0 `mover`'s, bit 1 the other's.
    fn near_bits(&self, r: &Rules<B>, sq: usize, mover: Side) -> u8 {
        let mut bits = 0;
        for step in KING_STEPS {
            if let Some(t) = r.step(sq, step)
                && let Some(code) = piece_code(self.board[t])
            {
                bits |= if r.codes[code as usize].side == mover {
                    1
                } else {
                    2
                };
            }
        }
        bits
    }

    /// Along the ray of `v` from `origin`: the enemy pieces next to one another, each met by the
    /// clauses when a piece of the mover's side closes the row (an empty square, a wall or the
    /// edge leaves it open).
    fn enclosed_row<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        origin: usize,
        v: (i8, i8),
        (pieces, choice): (MoveCodes, u8),
    ) {
        let step = ir::oriented(v, mover);
        let n = enclosed_len(r, &self.board, mover, origin, step);
        let mut t = origin;
        for dist in 1..=n {
            let Some(next) = r.step(t, step) else {
                return;
            };
            t = next;
            self.apply_clauses::<BY_MOVE>(
                r,
                e,
                mover,
                (origin, t, dist as i32, None),
                pieces,
                choice,
            );
        }
    }

    /// The first of the effect's `finally` lines that holds for the piece on `origin`.
    fn finish_effect<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        origin: usize,
        pieces: MoveCodes,
        choice: u8,
    ) {
        let effect = &r.effects[e];
        if effect.finally.is_empty() {
            return;
        }
        let table = &r.effect_tables[e];
        let line = match self.code_at(origin) {
            Some(code) if BY_MOVE => effect.finally.iter().position(|f| {
                f.when.as_ref().is_none_or(|c| {
                    eval_on(r, c, mover, (code, None, 0), pieces, Some(&self.pieces))
                })
            }),
            Some(code) => table.finally_line(mover, code as usize),
            // An emptied origin: only an unconditional line acts (on nothing, as a rule).
            None => effect.finally.iter().position(|f| f.when.is_none()),
        };
        if let Some(i) = line {
            self.acted += u32::from(
                effect.finally[i]
                    .actions
                    .iter()
                    .any(|a| *a != Action::Nothing),
            );
            for a in &effect.finally[i].actions {
                self.act(r, a, mover, (origin, origin, None), pieces, choice);
            }
        }
    }

    /// Carries out the first clause that holds for the target met at `at` (origin, target,
    /// distance, ray step).
    fn apply_clauses<const BY_MOVE: bool>(
        &mut self,
        r: &Rules<B>,
        e: usize,
        mover: Side,
        (origin, target, dist, step): (usize, usize, i32, Option<(i8, i8)>),
        pieces: MoveCodes,
        choice: u8,
    ) {
        let Some(origin_code) = self.code_at(origin) else {
            return;
        };
        let Some(target_code) = self.code_at(target) else {
            return;
        };
        let effect = &r.effects[e];
        let table = &r.effect_tables[e];
        let clause = if BY_MOVE {
            effect.clauses.iter().position(|c| {
                eval_on(
                    r,
                    &c.cond,
                    mover,
                    (origin_code, Some(target_code), dist),
                    pieces,
                    Some(&self.pieces),
                )
            })
        } else {
            table.clause(r, effect, mover, origin_code, target_code, dist)
        };
        let Some(i) = clause else {
            return;
        };
        self.acted += u32::from(table.acting[i]);
        let mut t = target;
        for a in &effect.clauses[i].actions {
            t = self.act(r, a, mover, (origin, t, step), pieces, choice);
        }
    }

    /// Pulls the target to the square next to the origin along `step`, if that square is
    /// empty; returns where the target stands.
    #[inline]
    fn pull(&mut self, r: &Rules<B>, origin: usize, target: usize, step: (i8, i8)) -> usize {
        let Some(dest) = r.step(origin, step) else {
            return target;
        };
        if dest == target || self.board[dest] != 0 {
            return target;
        }
        let p = self.board[target];
        self.set(r, target, 0);
        self.set(r, dest, p);
        self.note(Event::Pulled {
            from: target,
            to: dest,
            code: piece_code(p).unwrap_or(0),
        });
        dest
    }

    /// Pushes the target along `step` to the edge or the next piece; returns where it stands.
    #[inline]
    fn push(&mut self, r: &Rules<B>, target: usize, step: (i8, i8)) -> usize {
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
                code: piece_code(p).unwrap_or(0),
            });
        }
        dest
    }

    /// Turns the piece on `sq` to `mover`'s side, if it has a letter there.
    fn flip(&mut self, r: &Rules<B>, sq: usize, mover: Side) {
        let Some(code) = self.code_at(sq) else {
            return;
        };
        let cr = &r.codes[code as usize];
        if cr.side == mover {
            return;
        }
        let new = r.code(mover, cr.kind);
        if r.letters[0][new as usize].is_none() {
            return;
        }
        self.set(r, sq, new + 1);
        self.note(Event::Flipped { at: sq, code: new });
    }

    /// Turns the piece on `sq` into a `kind` of its side.
    fn change(&mut self, r: &Rules<B>, sq: usize, kind: ir::PieceId) {
        let Some(code) = self.code_at(sq) else {
            return;
        };
        let new = r.code(r.codes[code as usize].side, kind);
        self.set(r, sq, new + 1);
        self.note(Event::Changed { at: sq, code: new });
    }

    /// Turns the piece on `sq` into what the `merge` table makes of the kinds of two pieces
    /// (codes), if it names them.
    fn merge(&mut self, r: &Rules<B>, sq: usize, pair: Option<(u8, u8)>) {
        let (Some((a, b)), Some(code)) = (pair, self.code_at(sq)) else {
            return;
        };
        let (a, b) = (r.codes[a as usize].kind, r.codes[b as usize].kind);
        let into = r.merge[a * r.kinds + b];
        if into != 0 && r.codes[code as usize].kind != usize::from(into - 1) {
            self.change(r, sq, usize::from(into - 1));
        }
    }

    /// Sends the piece `s` (standing on `sq`, or the move's captured piece) to a hand: the
    /// mover's, its owner's opponent's (`opposite`) or its owner's (`own`); as `kind` if given.
    fn send(
        &mut self,
        r: &Rules<B>,
        (s, sq): (Subject, usize),
        (hand, kind): (HandOf, Option<usize>),
        mover: Side,
        pieces: MoveCodes,
    ) {
        let v = if s == Subject::Captured {
            // Already off the board: only its code is known (a promoted piece taken so goes
            // to the hand as it is).
            pieces.captured.map(|c| c + 1)
        } else {
            let v = self.board[sq];
            if v != 0 {
                let code = piece_code(v).unwrap_or(0);
                self.set(r, sq, 0);
                self.note(Event::Removed { at: sq, code });
            }
            (v != 0).then_some(v)
        };
        // The opposite hand of a piece: its owner's opponent's (the mover's, for a captured
        // piece or an enemy one).
        let to_side = |v: u8| match (piece_code(v), hand) {
            (Some(c), HandOf::Opposite) => r.codes[c as usize].side.flip(),
            (Some(c), HandOf::Own) => r.codes[c as usize].side,
            _ => mover,
        };
        let Some(v) = v else {
            return;
        };
        let sent = match kind {
            Some(kind) => {
                let c = r.code(to_side(v), kind);
                let n = self.hand[c as usize].saturating_add(1);
                self.set_hand(r, c, n);
                Some(c)
            }
            None => self.put_in_hand(r, v, to_side(v)),
        };
        if let Some(code) = sent {
            self.note(Event::Sent { code });
        }
    }

    /// `put captured at departure`: the piece the move took stands on the square the mover
    /// left, if that square is empty; there it promotes as a piece moved into its zone would.
    fn put_back(&mut self, r: &Rules<B>, mover: Side, pieces: MoveCodes, choice: u8) {
        let sq = pieces.departure as usize;
        let Some(code) = pieces.captured.filter(|_| pieces.took) else {
            return;
        };
        if self.board[sq] != 0 {
            return;
        }
        self.set(r, sq, code + 1);
        self.note(Event::Put { at: sq, code });
        self.promote_at(r, sq, mover, choice);
    }

    /// Takes the piece on `sq` off the board, leaving a wall there when it turns to `stone`.
    fn take_off(&mut self, r: &Rules<B>, sq: usize, stone: bool) {
        let Some(code) = self.code_at(sq) else {
            return;
        };
        if stone {
            self.set(r, sq, WALL);
            self.note(Event::Petrified { at: sq, code });
        } else {
            self.set(r, sq, 0);
            self.note(Event::Removed { at: sq, code });
        }
    }

    /// Carries out an action; returns where the target stands afterwards.
    fn act(
        &mut self,
        r: &Rules<B>,
        a: &Action,
        mover: Side,
        (origin, target, step): (usize, usize, Option<(i8, i8)>),
        pieces: MoveCodes,
        choice: u8,
    ) -> usize {
        // Actions name the target or the origin (the move's pieces are only read).
        let subject = |s: Subject| if s == Subject::Target { target } else { origin };
        let code_of = |pos: &Self, like: Subject| match like {
            Subject::Moved => pieces.moved,
            Subject::Captured => pieces.captured,
            Subject::Target | Subject::Origin => pos.code_at(subject(like)),
        };
        match a {
            Action::Nothing => target,
            Action::Pull(_) => step.map_or(target, |step| self.pull(r, origin, target, step)),
            Action::Push(_) => step.map_or(target, |step| self.push(r, target, step)),
            Action::Flip(s) => {
                self.flip(r, subject(*s), mover);
                target
            }
            Action::Remove(s) | Action::Petrify(s) => {
                self.take_off(r, subject(*s), matches!(a, Action::Petrify(_)));
                target
            }
            Action::Change(s, kind) => {
                self.change(r, subject(*s), *kind);
                target
            }
            Action::Send(s, hand, kind) => {
                self.send(r, (*s, subject(*s)), (*hand, *kind), mover, pieces);
                target
            }
            Action::Put(_) => {
                self.put_back(r, mover, pieces, choice);
                target
            }
            Action::Merged(s, [a, b]) => {
                let (a, b) = (code_of(self, *a), code_of(self, *b));
                self.merge(r, subject(*s), a.zip(b));
                target
            }
            Action::ChangeTo(s, like) => {
                let model = code_of(self, *like);
                let sq = subject(*s);
                // A piece already of that kind stays as it is (a promoted one keeps its mark).
                if let (Some(model), Some(code)) = (model, self.code_at(sq)) {
                    let kind = r.codes[model as usize].kind;
                    if r.codes[code as usize].kind != kind {
                        self.change(r, sq, kind);
                    }
                }
                target
            }
            Action::Promote(s) => {
                self.promote_at(r, subject(*s), mover, choice);
                target
            }
        }
    }

    /// The piece on `sq` promotes if it is the mover's and stands in its zone: to the move's
    /// `choice`, or, without one, it asks for a choice.
    fn promote_at(&mut self, r: &Rules<B>, sq: usize, mover: Side, choice: u8) {
        let Some(code) = self.code_at(sq) else {
            return;
        };
        let cr = &r.codes[code as usize];
        if cr.side != mover {
            return;
        }
        if let Some(p) = &cr.promotion
            && p.zone.has(sq)
            && !p.on_capture
        {
            if choice != 0 && p.choices.contains(&(choice - 1)) {
                self.set(r, sq, choice);
                self.note(Event::Promoted {
                    at: sq,
                    code: choice - 1,
                });
            } else if self.pending_choice.is_none() {
                self.pending_choice = Some(code);
            }
        }
    }
}

/// How many enemy pieces of `mover`'s stand next to one another from `origin` along `step`,
/// when a piece of `mover`'s closes the row; 0 when nothing is enclosed.
#[inline]
pub(crate) fn enclosed_len<B: Bits>(
    r: &Rules<B>,
    board: &[u8],
    mover: Side,
    origin: usize,
    step: (i8, i8),
) -> u32 {
    let mut t = origin;
    let mut n = 0;
    while let Some(next) = r.step(t, step) {
        let Some(code) = crate::engine::position::piece_code(board[next]) else {
            return 0;
        };
        if r.codes[code as usize].side == mover {
            return n;
        }
        n += 1;
        t = next;
    }
    0
}

/// Per mover, per origin code: whether a clause acts on every enemy target at every distance
/// (1 to `distances - 1`), read from the compiled clause table.
fn every_enemy<B: Bits>(
    r: &Rules<B>,
    effect: &ir::Effect,
    clauses: &[Vec<u8>; 2],
    acting: &[bool],
    distances: usize,
) -> [Vec<bool>; 2] {
    let codes = r.codes.len();
    Side::BOTH.map(|m| {
        (0..codes)
            .map(|o| {
                let acts = |t: usize, d: usize| {
                    let c = clauses[m.index()][(o * codes + t) * distances + d];
                    c > 0 && acting[c as usize - 1]
                };
                distances > 0
                    && !effect.reads_neighbours()
                    && (0..codes)
                        .filter(|&t| r.codes[t].side != m)
                        .all(|t| (1..distances).all(|d| acts(t, d)))
            })
            .collect()
    })
}

/// An effect's conditions decided ahead: they read only the codes of the origin and target
/// pieces and their distance, so a table answers them during move generation.
#[derive(Clone, Debug)]
pub struct EffectTable {
    /// Per mover, per origin code: whether the origin filter holds.
    origin: [Vec<bool>; 2],
    /// Per mover, per origin code: the `finally` line that runs, plus one (0: none).
    finally: [Vec<u8>; 2],
    /// Per mover, by origin code, target code and distance: the clause that applies, plus
    /// one (0: none).
    clauses: [Vec<u8>; 2],
    /// Per clause: whether an action of it acts on the origin (which may then change).
    touches_origin: Vec<bool>,
    /// Per clause: whether it has an action other than `nothing` (what `required` asks for).
    pub(crate) acting: Vec<bool>,
    /// Per mover, per origin code: whether a clause acts on every enemy piece at every
    /// distance, whatever it is.
    every_enemy: [Vec<bool>; 2],
    codes: usize,
    /// The distances the table holds (0 to one less); beyond, the conditions are evaluated.
    distances: usize,
    /// Whether the conditions read the move's pieces: then they are evaluated move by move.
    pub(crate) reads_move: bool,
    /// Whether they read the origin's neighbours (`origin.next-to-friend`), found per origin.
    pub(crate) reads_near: bool,
}

impl EffectTable {
    /// Whether an origin of `code` passes the effect's origin filter.
    #[inline(always)]
    pub(crate) fn origin_holds(&self, mover: Side, code: usize) -> bool {
        self.origin[mover.index()][code]
    }

    /// Whether a clause acts on every enemy piece an origin of `code` finds, at any distance.
    #[inline(always)]
    pub(crate) fn acts_on_every_enemy(&self, mover: Side, code: usize) -> bool {
        self.every_enemy[mover.index()][code]
    }

    /// Whether an action of clause `i` acts on the origin.
    #[inline(always)]
    pub(crate) fn touches_origin(&self, i: usize) -> bool {
        self.touches_origin[i]
    }

    /// The `finally` line that runs for an origin of `code`, if one does.
    #[inline(always)]
    pub(crate) fn finally_line(&self, mover: Side, code: usize) -> Option<usize> {
        self.finally[mover.index()][code]
            .checked_sub(1)
            .map(usize::from)
    }

    pub(crate) fn compile<B: Bits>(r: &Rules<B>, effect: &ir::Effect) -> Self {
        let codes = r.codes.len();
        let reads_move = effect.reads_move();
        let distances = if effect.clauses.len() < u8::MAX as usize && !reads_move {
            r.geo.files.max(r.geo.ranks) + 1
        } else {
            0
        };
        let holds = |cond: &Option<Expr>, mover: Side, code: usize| {
            cond.as_ref()
                .is_none_or(|c| eval(r, c, mover, code as u8, None, 0))
        };
        let origin = Side::BOTH.map(|m| {
            (0..codes)
                .map(|c| holds(&effect.origin_filter, m, c))
                .collect()
        });
        let finally = Side::BOTH.map(|m| {
            (0..codes)
                .map(|c| {
                    effect
                        .finally
                        .iter()
                        .take(u8::MAX as usize - 1)
                        .position(|f| holds(&f.when, m, c))
                        .map_or(0, |i| i as u8 + 1)
                })
                .collect()
        });
        let clauses = Side::BOTH.map(|m| {
            let mut t = Vec::with_capacity(codes * codes * distances);
            for o in 0..codes {
                for target in 0..codes {
                    for d in 0..distances {
                        t.push(
                            first_clause(r, effect, m, o as u8, target as u8, d as i32)
                                .map_or(0, |i| i as u8 + 1),
                        );
                    }
                }
            }
            t
        });
        let touches_origin = effect
            .clauses
            .iter()
            .map(|c| {
                c.actions.iter().any(|a| {
                    matches!(
                        a,
                        Action::Remove(Subject::Origin)
                            | Action::Change(Subject::Origin, _)
                            | Action::ChangeTo(Subject::Origin, _)
                            | Action::Merged(Subject::Origin, _)
                            | Action::Promote(Subject::Origin)
                            | Action::Send(Subject::Origin, ..)
                    )
                })
            })
            .collect();
        let acting: Vec<bool> = effect
            .clauses
            .iter()
            .map(|c| c.actions.iter().any(|a| *a != Action::Nothing))
            .collect();
        let every_enemy = every_enemy(r, effect, &clauses, &acting, distances);
        EffectTable {
            origin,
            finally,
            clauses,
            touches_origin,
            acting,
            every_enemy,
            codes,
            distances,
            reads_move,
            reads_near: effect.reads_neighbours(),
        }
    }

    /// The clause that applies to a target of code `target` at distance `dist` from an origin of
    /// code `origin`.
    #[inline]
    pub(crate) fn clause<B: Bits>(
        &self,
        r: &Rules<B>,
        effect: &ir::Effect,
        mover: Side,
        origin: u8,
        target: u8,
        dist: i32,
    ) -> Option<usize> {
        if !(0..self.distances as i32).contains(&dist) {
            return first_clause(r, effect, mover, origin, target, dist);
        }
        let i = (origin as usize * self.codes + target as usize) * self.distances + dist as usize;
        self.clauses[mover.index()][i]
            .checked_sub(1)
            .map(usize::from)
    }
}

/// The first clause of `effect` whose condition holds.
fn first_clause<B: Bits>(
    r: &Rules<B>,
    effect: &ir::Effect,
    mover: Side,
    origin: u8,
    target: u8,
    dist: i32,
) -> Option<usize> {
    effect
        .clauses
        .iter()
        .position(|c| eval(r, &c.cond, mover, origin, Some(target), dist))
}

/// Evaluates an effect condition for an origin piece (and a target at a distance): it depends
/// only on the two pieces' codes, never on the rest of the board. The move's pieces (`moved`,
/// `captured`) read as absent: conditions that read them go through [`eval_in`].
pub(crate) fn eval<B: Bits>(
    r: &Rules<B>,
    e: &Expr,
    mover: Side,
    origin: u8,
    target: Option<u8>,
    dist: i32,
) -> bool {
    eval_in(r, e, mover, origin, target, dist, MoveCodes::NONE)
}

/// [`eval`], with the pieces of the move.
pub(crate) fn eval_in<B: Bits>(
    r: &Rules<B>,
    e: &Expr,
    mover: Side,
    origin: u8,
    target: Option<u8>,
    dist: i32,
    pieces: MoveCodes,
) -> bool {
    eval_on(r, e, mover, (origin, target, dist), pieces, None)
}

/// [`eval_in`], with the pieces on the board by code (what `count` reads; without them a
/// count compares with nothing).
pub(crate) fn eval_on<B: Bits>(
    r: &Rules<B>,
    e: &Expr,
    mover: Side,
    (origin, target, dist): (u8, Option<u8>, i32),
    pieces: MoveCodes,
    board: Option<&[B]>,
) -> bool {
    let at = Codes {
        origin,
        target,
        pieces,
        board,
    };
    holds(r, e, mover, &at, dist)
}

/// The codes a condition reads.
struct Codes<'a, B> {
    origin: u8,
    target: Option<u8>,
    pieces: MoveCodes,
    /// The pieces on the board, by code.
    board: Option<&'a [B]>,
}

fn holds<B: Bits>(r: &Rules<B>, e: &Expr, mover: Side, at: &Codes<B>, dist: i32) -> bool {
    match e {
        Expr::And(a, b) => holds(r, a, mover, at, dist) && holds(r, b, mover, at, dist),
        Expr::Or(a, b) => holds(r, a, mover, at, dist) || holds(r, b, mover, at, dist),
        Expr::Not(a) => !holds(r, a, mover, at, dist),
        Expr::Truth(s, f) => value(r, &Value::Field(*s, *f), mover, at, dist) == Val::Bool(true),
        Expr::Cmp(op, a, b) => {
            let (x, y) = (value(r, a, mover, at, dist), value(r, b, mover, at, dist));
            match (x, y) {
                (Val::Num(x), Val::Num(y)) => match op {
                    ir::CmpOp::Eq => x == y,
                    ir::CmpOp::Ne => x != y,
                    ir::CmpOp::Lt => x < y,
                    ir::CmpOp::Le => x <= y,
                    ir::CmpOp::Gt => x > y,
                    ir::CmpOp::Ge => x >= y,
                },
                // A piece the move does not have (nothing captured) compares with nothing.
                (Val::None, _) | (_, Val::None) => false,
                (x, y) => match op {
                    ir::CmpOp::Eq => x == y,
                    ir::CmpOp::Ne => x != y,
                    _ => false,
                },
            }
        }
    }
}

fn value<B: Bits>(r: &Rules<B>, v: &Value, mover: Side, at: &Codes<B>, dist: i32) -> Val {
    match v {
        Value::Count(rel, kind) => {
            let side = if *rel == Relation::Friend {
                mover
            } else {
                mover.flip()
            };
            at.board.map_or(Val::None, |b| {
                Val::Num(i64::from(b[r.code(side, *kind) as usize].count()))
            })
        }
        Value::Distance => Val::Num(dist as i64),
        Value::Int(i) => Val::Num(*i),
        Value::Relation(rel) => Val::Rel(*rel),
        Value::Kind(k) => Val::Kind(*k),
        Value::Field(s, f) => {
            let code = match s {
                Subject::Origin => Some(at.origin),
                Subject::Target => at.target,
                Subject::Moved => at.pieces.moved,
                Subject::Captured => at.pieces.captured,
            };
            let Some(code) = code else {
                return Val::None;
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
                Field::Dropped => Val::Bool(at.pieces.dropped),
                Field::Checked => Val::Bool(at.pieces.checked),
                Field::NextToFriend => Val::Bool(at.pieces.near & 1 != 0),
                Field::NextToEnemy => Val::Bool(at.pieces.near & 2 != 0),
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

/// The larger of the file and rank distances between two squares.
fn squares_apart<B: Bits>(r: &Rules<B>, a: usize, b: usize) -> i32 {
    let ((_, af, ar), (_, bf, br)) = (r.coords(a), r.coords(b));
    (bf as i32 - af as i32)
        .abs()
        .max((br as i32 - ar as i32).abs())
}
