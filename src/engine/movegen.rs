//! Pseudo-legal moves from the compiled tables: the atoms (leaps, rides, hops, lame leaps),
//! promotions, drops, en passant and castling.

use crate::engine::bitboard::Bits;
use crate::engine::effects::{MoveCodes, enclosed_len, eval_on};
use crate::engine::position::{EnPassant, Move, MoveKind, Position};
use crate::engine::rules::{CodeRules, PlacedWallRules, Rules};
use crate::ir::{self, Action, Modality, Scan};

/// Adds the squares of `a` to the quiet and capture sets as `modality` allows.
#[inline(always)]
pub(crate) fn add<B: Bits>(
    modality: Modality,
    a: B,
    empty: B,
    enemy: B,
    quiet: &mut B,
    cap: &mut B,
) {
    match modality {
        Modality::Move => *quiet |= a & empty,
        Modality::Capture => *cap |= a & enemy,
        Modality::Both => {
            *quiet |= a & empty;
            *cap |= a & enemy;
        }
        Modality::Attack => {}
    }
}

/// The targets of the leaps and rides of the piece of `cr` on `from`, with the occupancy `occ`
/// and the pieces it may capture `enemy`: (quiet, captures).
#[inline(always)]
pub(crate) fn ride_and_leap_targets<B: Bits>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
    enemy: B,
) -> (B, B) {
    targets_along::<B, false>(r, cr, from, occ, enemy)
}

/// [`ride_and_leap_targets`] on a board that does not wrap (the plain path's): its rides go
/// along lines, without a test for the wrap.
#[inline(always)]
pub(crate) fn line_ride_and_leap_targets<B: Bits>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
    enemy: B,
) -> (B, B) {
    targets_along::<B, true>(r, cr, from, occ, enemy)
}

/// The rides' targets on any board, or (`LINES`) on one that does not wrap.
#[inline(always)]
fn ride_reach<B: Bits, const LINES: bool>(r: &Rules<B>, dir: u16, from: usize, occ: B) -> B {
    if LINES {
        r.line_targets(dir, from, occ)
    } else {
        r.ride_targets(dir, from, occ)
    }
}

#[inline(always)]
fn targets_along<B: Bits, const LINES: bool>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
    enemy: B,
) -> (B, B) {
    let empty = !occ;
    let mut quiet = cr.leap_move[from] & empty;
    let mut cap = cr.leap_capture[from] & enemy;
    for &(slider, modality) in &cr.slides {
        let a = r.slide(slider, from, occ);
        add(modality, a, empty, enemy, &mut quiet, &mut cap);
    }
    for ride in &cr.rides {
        if ride.origin.has(from) {
            let a = ride_reach::<B, LINES>(r, ride.dir, from, occ) & ride.targets;
            add(ride.modality, a, empty, enemy, &mut quiet, &mut cap);
        }
    }
    (quiet, cap)
}

/// The squares the leaps and rides of the piece of `cr` on `from` could capture on with the
/// occupancy `occ`, were an enemy there.
#[inline]
pub(crate) fn ride_and_leap_reach<B: Bits>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
) -> B {
    reach_along::<B, false>(r, cr, from, occ)
}

/// [`ride_and_leap_reach`] on a board that does not wrap (the plain path's).
#[inline]
pub(crate) fn line_ride_and_leap_reach<B: Bits>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
) -> B {
    reach_along::<B, true>(r, cr, from, occ)
}

#[inline(always)]
fn reach_along<B: Bits, const LINES: bool>(
    r: &Rules<B>,
    cr: &CodeRules<B>,
    from: usize,
    occ: B,
) -> B {
    let capturing = |m: Modality| matches!(m, Modality::Capture | Modality::Both);
    let mut reach = cr.leap_capture[from];
    for &(slider, modality) in &cr.slides {
        if capturing(modality) {
            reach |= r.slide(slider, from, occ);
        }
    }
    for ride in &cr.rides {
        if capturing(ride.modality) && ride.origin.has(from) {
            reach |= ride_reach::<B, LINES>(r, ride.dir, from, occ) & ride.targets;
        }
    }
    reach
}

impl<B: Bits> Position<B> {
    /// The targets of the piece of `code` on `from`: (quiet, captures).
    #[inline(always)]
    pub(crate) fn targets(&self, r: &Rules<B>, code: usize, from: usize) -> (B, B) {
        let t = self.targets_of(r, &r.codes[code], from);
        if !r.rare_targets {
            return t;
        }
        self.with_rare_targets(r, code, from, t)
    }

    /// [`Position::targets`] where atoms borrowed from guards, `capture friends by` or moves to
    /// controlled squares add some.
    #[inline(never)]
    fn with_rare_targets(&self, r: &Rules<B>, code: usize, from: usize, t: (B, B)) -> (B, B) {
        let t = if r.holes {
            let cr = &r.codes[code];
            let h = self.hole_targets(r, cr, from, self.prey(r, cr));
            (t.0 | h.0, t.1 | h.1)
        } else {
            t
        };
        let t = if r.anywhere.is_empty() {
            t
        } else {
            (self.with_anywhere_targets(r, code, from, t.0), t.1)
        };
        let cr = &r.codes[code];
        let t = if cr.friend_prey.is_empty() {
            t
        } else {
            (t.0, t.1 | self.friends_by_leaps(r, cr, from) & cr.confined)
        };
        if !r.guard.any() {
            return t;
        }
        self.with_guarded_targets(r, code, from, t)
    }

    /// The targets of a piece that moves by the tables `cr` on `from`: (quiet, captures).
    #[inline(always)]
    pub(crate) fn targets_of(&self, r: &Rules<B>, cr: &CodeRules<B>, from: usize) -> (B, B) {
        let enemy = self.prey(r, cr);
        self.targets_among(r, cr, from, enemy)
    }

    /// The pieces the piece of `cr` may take: the enemy's, as its captures edit them.
    #[inline(always)]
    pub(crate) fn prey(&self, r: &Rules<B>, cr: &CodeRules<B>) -> B {
        let us = cr.side.index();
        let mut enemy = self.by_side[1 - us];
        for &(c, friend) in &cr.prey_edits {
            if friend {
                enemy |= self.pieces[c as usize];
            } else {
                enemy &= !self.pieces[c as usize];
            }
        }
        if !cr.prey_when.is_empty() {
            enemy |= self.friends_to_take(r, cr);
        }
        enemy
    }

    /// [`Position::targets_of`] where the piece may take the pieces on `enemy`.
    #[inline(always)]
    pub(crate) fn targets_among(
        &self,
        r: &Rules<B>,
        cr: &CodeRules<B>,
        from: usize,
        enemy: B,
    ) -> (B, B) {
        let empty = !self.occ;
        let (mut quiet, mut cap) = ride_and_leap_targets(r, cr, from, self.occ, enemy);
        if !cr.hops.is_empty() {
            self.hop_targets(r, cr, from, empty, enemy, &mut quiet, &mut cap);
        }
        for l in &cr.lame_move[from] {
            if l.open(self.occ) {
                quiet |= B::bit(l.to as usize) & empty;
            }
        }
        for l in &cr.lame_capture[from] {
            if l.open(self.occ) {
                cap |= B::bit(l.to as usize) & enemy;
            }
        }
        if cr.captures_as_victim {
            cap = self.captures_as_victims(r, cr, from, enemy);
        }
        (quiet & cr.confined, cap & cr.confined)
    }

    /// The friends a piece of `cr` on `from` may take by `capture friends by`'s leaps.
    #[inline(never)]
    fn friends_by_leaps(&self, r: &Rules<B>, cr: &CodeRules<B>, from: usize) -> B {
        let reach = r.friend_leaps[cr.side.index()][from] & self.by_side[cr.side.index()];
        if !reach.any() {
            return B::ZERO;
        }
        let Some(when) = r
            .variant
            .capture_friends
            .as_ref()
            .and_then(|f| f.when.as_ref())
            .filter(|_| r.friend_prey_judged)
        else {
            return cr
                .friend_prey
                .iter()
                .fold(B::ZERO, |m, &t| m | self.pieces[t as usize])
                & reach;
        };
        let checked = r.reads_checked && self.royal_attacked(r, cr.side);
        self.friends_meeting(r, when, cr, (&cr.friend_prey, reach), checked) & reach
    }

    /// The friends of the codes `prey` standing on `on` that a piece of `cr` may take by the
    /// condition `when` on the board (`checked`: whether its side is in check).
    fn friends_meeting(
        &self,
        r: &Rules<B>,
        when: &ir::Expr,
        cr: &CodeRules<B>,
        (prey, on): (&[u8], B),
        checked: bool,
    ) -> B {
        let me = r.code(cr.side, cr.kind);
        let mut out = B::ZERO;
        for &t in prey {
            let pieces = MoveCodes {
                moved: Some(me),
                captured: Some(t),
                took: true,
                checked,
                ..MoveCodes::NONE
            };
            if (self.pieces[t as usize] & on).any()
                && eval_on(
                    r,
                    when,
                    cr.side,
                    (me, Some(t), 0),
                    pieces,
                    Some(&self.pieces),
                )
            {
                out |= self.pieces[t as usize];
            }
        }
        out
    }

    /// The friends a piece of `cr` may take here, by `capture friends`' condition on the board.
    #[inline(never)]
    fn friends_to_take(&self, r: &Rules<B>, cr: &CodeRules<B>) -> B {
        let Some(when) = r
            .variant
            .capture_friends
            .as_ref()
            .and_then(|f| f.when.as_ref())
        else {
            return B::ZERO;
        };
        self.friends_meeting(r, when, cr, (&cr.prey_when, !B::ZERO), false)
    }

    /// Hops from `from`: over the first piece on each ray, then on within range.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn hop_targets(
        &self,
        r: &Rules<B>,
        cr: &CodeRules<B>,
        from: usize,
        empty: B,
        enemy: B,
        quiet: &mut B,
        cap: &mut B,
    ) {
        for hop in &cr.hops {
            if hop.modality == Modality::Attack || !hop.origin.has(from) {
                continue;
            }
            let Some(screen) = r.first_blocker(hop.dir, from, self.occ) else {
                continue;
            };
            if !cr.no_screens.is_empty() && self.barred_screen(cr, screen) {
                continue;
            }
            let mut beyond = r.ride_targets(hop.dir, screen, self.occ) & hop.targets;
            if let Some(span) = hop.span {
                beyond &= r.ray(span, from);
            }
            if hop.range != u8::MAX {
                beyond = ordered(r, hop.dir, beyond)
                    .take(hop.range as usize)
                    .fold(B::ZERO, |m, s| m | B::bit(s));
            }
            add(hop.modality, beyond, empty, enemy, quiet, cap);
        }
    }

    /// Whether the piece on `screen` may not be a screen for the hops of `cr`.
    #[inline]
    pub(crate) fn barred_screen(&self, cr: &CodeRules<B>, screen: usize) -> bool {
        let code = match self.sketch_mover.get() {
            Some((sq, c)) if sq as usize == screen => Some(c),
            _ => self.code_at(screen),
        };
        code.is_some_and(|c| cr.no_screens.contains(&c))
    }

    /// Adds the moves of the piece of `code` on `from` to `targets`: each promotion choice the
    /// rules allow, and the plain move where it may stay as it is.
    #[inline(always)]
    pub(crate) fn push_moves(
        &self,
        r: &Rules<B>,
        code: usize,
        from: usize,
        targets: B,
        out: &mut Vec<Move>,
    ) {
        self.each_move(r, code, from, targets, |m| out.push(m));
    }

    /// Pushes the move of the piece of `code` on `from` to `to` without its promotions (an
    /// en-passant capture, where it never promotes), unless the piece could never move there.
    fn push_unpromoted(
        &self,
        r: &Rules<B>,
        code: usize,
        from: usize,
        to: usize,
        out: &mut Vec<Move>,
    ) {
        if !(r.no_stuck_pieces && r.codes[code].stuck.has(to)) {
            out.push(Move {
                from: from as u16,
                to: to as u16,
                ..Move::default()
            });
        }
    }

    /// Calls `f` with each move of the piece of `code` on `from` to `targets`.
    #[inline(always)]
    pub(crate) fn each_move(
        &self,
        r: &Rules<B>,
        code: usize,
        from: usize,
        mut targets: B,
        mut f: impl FnMut(Move),
    ) {
        let cr = &r.codes[code];
        targets = self.unstuck(r, code, from, targets);
        let plain = |to: usize| Move {
            from: from as u16,
            to: to as u16,
            ..Move::default()
        };
        if let Some(p) = cr.promotion.as_ref().filter(|p| !p.in_place) {
            let mut promoting = p.promoting(from, targets, self.occ);
            if cr.captures_in_place {
                // It takes without going there: no promotion.
                promoting &= !self.occ;
            }
            targets &= !promoting;
            for to in promoting.iter() {
                for &c in &p.choices {
                    if self.under_limit(p, c) && p.offers(c, to) {
                        f(Move {
                            promo: c + 1,
                            ..plain(to)
                        });
                    }
                }
                if p.optional && !(r.no_stuck_pieces && cr.stuck.has(to)) {
                    f(plain(to));
                }
            }
        }
        for to in targets.iter() {
            f(plain(to));
        }
    }

    /// The targets where the piece may end, where stuck pieces are forbidden: a square from
    /// which it could never move again only by promoting there.
    #[inline(always)]
    pub(crate) fn unstuck(&self, r: &Rules<B>, code: usize, from: usize, targets: B) -> B {
        if !r.no_stuck_pieces {
            return targets;
        }
        let cr = &r.codes[code];
        match &cr.promotion {
            Some(p) if p.from_zone && p.zone.has(from) => targets,
            Some(p) => targets & !(cr.stuck & !p.promoting(from, targets, self.occ)),
            None => targets & !cr.stuck,
        }
    }

    /// Whether the side may still promote to `choice` (Grand's limits).
    #[inline(always)]
    pub(crate) fn under_limit(
        &self,
        p: &crate::engine::rules::PromotionRules<B>,
        choice: u8,
    ) -> bool {
        p.limits
            .iter()
            .all(|&(c, n)| c != choice || self.pieces[c as usize].count() < n as u32)
    }

    /// All pseudo-legal moves of the side to move: the atoms, drops, en passant and castling.
    pub fn pseudo_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        if r.hand_steps && self.drop_step(r) {
            self.drops(r, out);
            return;
        }
        if r.make_steps
            && let Some((sq, as_code)) = self.maker
        {
            self.make_moves(r, sq as usize, as_code as usize, out);
            return;
        }
        self.unwalled_moves(r, out);
        if r.moving_wall {
            self.with_wall_squares(r, out);
        }
        if r.placed_wall.is_some() {
            self.with_placed_walls(r, out);
        }
    }

    /// `after capture move as captured`: the moves of the piece on `sq`, which has just
    /// captured, by the quiet atoms of the kind it took (`as_code`, of its own side), those
    /// limited to a region (a pawn's double step) only if it is of that kind; it promotes as a
    /// piece of its own kind would there.
    #[cold]
    fn make_moves(&self, r: &Rules<B>, sq: usize, as_code: usize, out: &mut Vec<Move>) {
        let Some(code) = self.code_at(sq) else { return };
        let quiet = if code as usize == as_code {
            self.targets(r, as_code, sq).0
        } else {
            self.targets_of(r, &r.make_codes[as_code], sq).0
        } & !self.occ;
        self.push_moves(r, code as usize, sq, quiet, out);
    }

    /// The pieces of the side to move that may not move now (none without `frozen`).
    #[inline]
    pub(crate) fn frozen_now(&self, r: &Rules<B>) -> B {
        if !r.rare_frozen {
            B::ZERO
        } else if r.freezes() {
            self.frozen(r, self.side)
        } else {
            self.hypnotized.map_or(B::ZERO, |sq| B::bit(sq as usize))
        }
    }

    /// `move enemy when attacked`: the moves of the enemy pieces the side to move attacks, by
    /// their own atoms (no castling, no en passant: the pawn it would take is never one of its
    /// side), taking only pieces of their own side.
    #[cold]
    fn enemy_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let them = us.flip().index();
        for &code in &r.side_codes[them] {
            let code = code as usize;
            for from in self.pieces[code].iter() {
                if self.attacked(r, from, us, self.occ) {
                    let (quiet, cap) =
                        self.targets_among(r, &r.codes[code], from, self.by_side[them]);
                    self.push_moves(r, code, from, quiet | cap, out);
                }
            }
        }
    }

    /// [`Position::pseudo_moves`] before a wall square is chosen (`moving wall`, `wall
    /// placed`): each move once.
    pub(crate) fn unwalled_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let frozen = self.frozen_now(r);
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            for from in (self.pieces[code] & !frozen).iter() {
                let (quiet, cap) = self.targets(r, code, from);
                self.push_moves(r, code, from, quiet | cap, out);
            }
        }
        if r.move_enemy {
            self.enemy_moves(r, out);
        }
        let first_special = out.len();
        self.special_moves(r, out);
        if frozen.any() {
            self.drop_frozen_moves(frozen, first_special, out);
        }
        if r.drops {
            self.drops(r, out);
        }
        if !r.gate_squares.is_empty() {
            self.gating_moves(r, out);
        }
        if r.pass {
            self.pass_move(r, out);
        }
    }

    /// Takes out of `out[first..]` the special moves of frozen pieces: en passant, promotions in
    /// place, and castles whose king or rook is frozen.
    #[cold]
    pub(crate) fn drop_frozen_moves(&self, frozen: B, first: usize, out: &mut Vec<Move>) {
        let mut kept = first;
        for i in first..out.len() {
            let m = out[i];
            let moving = match m.kind {
                MoveKind::Castle(c) => {
                    let c = &self.castles[c as usize];
                    B::bit(c.king_from as usize) | B::bit(c.rook_from as usize)
                }
                MoveKind::Drop | MoveKind::Pass => B::ZERO,
                _ => B::bit(m.from as usize),
            };
            if (moving & frozen).is_zero() {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The pass, written at the royal piece's square (or the first piece's, without one), as
    /// Fairy-Stockfish writes it.
    pub(crate) fn pass_move(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let royals = self.royals(r, us);
        let at = if royals.any() {
            royals.lsb()
        } else if self.by_side[us.index()].any() {
            self.by_side[us.index()].lsb()
        } else {
            return;
        };
        out.push(Move {
            from: at as u16,
            to: at as u16,
            kind: MoveKind::Pass,
            ..Move::default()
        });
    }

    /// Each move once per empty square the moving wall may then go to.
    fn with_wall_squares(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let base = std::mem::take(out);
        for m in base {
            let (vacated, filled) = self.footprint(r, &m);
            let empty = !((self.occ & !vacated) | filled) & r.geo.all;
            for d in empty.iter() {
                out.push(Move { aux: d as u16, ..m });
            }
        }
    }

    /// The squares move `m` empties and those it fills (a square both left and filled, as a
    /// castle's, counts as filled).
    #[inline]
    fn footprint(&self, r: &Rules<B>, m: &Move) -> (B, B) {
        let vacated = match m.kind {
            MoveKind::Drop | MoveKind::Pass => B::ZERO,
            MoveKind::EnPassant => {
                let victim = self
                    .ep_for(r, m.to as usize)
                    .map(|ep| ep.victim as usize)
                    .unwrap_or(m.to as usize);
                B::bit(m.from as usize) | B::bit(victim)
            }
            MoveKind::Castle(i) => {
                let c = &self.castles[i as usize];
                (B::bit(c.king_from as usize) | B::bit(c.rook_from as usize))
                    & !(B::bit(c.king_to as usize) | B::bit(c.rook_to as usize))
            }
            MoveKind::Normal | MoveKind::Promote => B::bit(m.from as usize),
        };
        let filled = match m.kind {
            MoveKind::Castle(i) => {
                let c = &self.castles[i as usize];
                (B::bit(c.king_to as usize) | B::bit(c.rook_to as usize))
                    & !(B::bit(c.king_from as usize) | B::bit(c.rook_from as usize))
            }
            MoveKind::Pass => B::ZERO,
            _ => B::bit(m.to as usize),
        };
        (vacated, filled)
    }

    /// Each move once per square its new wall may go to (`wall placed`, `wall shot`); under
    /// `wall placed instead`, the moves as they are and a wall alone on each square it may go
    /// to, when the side is not in check.
    fn with_placed_walls(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        if r.placed_wall.as_ref().is_some_and(|w| w.instead) {
            self.walls_instead(r, out);
            return;
        }
        let base = std::mem::take(out);
        for m in base {
            if m.kind == MoveKind::Pass {
                out.push(m);
                continue;
            }
            for d in self.placed_wall_squares(r, &m).iter() {
                out.push(Move { aux: d as u16, ..m });
            }
        }
    }

    /// The walls placed instead of a move (`wall placed instead`), written as Fairy-Stockfish
    /// writes them: a pass at the side's first piece, the wall in `aux`.
    pub(crate) fn walls_instead(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let own = self.by_side[self.side.index()];
        if !own.any() || self.royal_attacked(r, self.side) {
            return;
        }
        let at = own.lsb() as u16;
        for d in self.wall_squares_instead(r).iter() {
            out.push(Move {
                from: at,
                to: at,
                kind: MoveKind::Pass,
                aux: d as u16,
                ..Move::default()
            });
        }
    }

    /// The empty squares a wall placed instead of a move may go to.
    pub(crate) fn wall_squares_instead(&self, r: &Rules<B>) -> B {
        let Some(w) = &r.placed_wall else {
            return B::ZERO;
        };
        !self.occ & self.wall_region(w) & r.geo.all
    }

    /// The squares of the side's wall region, and those next to a wall under `or next to wall`.
    fn wall_region(&self, w: &PlacedWallRules<B>) -> B {
        let mut region = w.region[self.side.index()];
        if !w.beside_wall.is_empty() {
            for at in self.walls.iter() {
                region |= w.beside_wall[at];
            }
        }
        region
    }

    /// Where the new wall of move `m` may go: an empty square once the move is made, of the
    /// region; under `wall shot`, one the moved piece could move to from where it landed.
    #[inline]
    pub(crate) fn placed_wall_squares(&self, r: &Rules<B>, m: &Move) -> B {
        let Some(w) = &r.placed_wall else {
            return B::ZERO;
        };
        let (vacated, filled) = self.footprint(r, m);
        let occ = (self.occ & !vacated) | filled;
        let empty = !occ & self.wall_region(w);
        if !w.shot {
            return empty;
        }
        let (code, at) = match m.kind {
            MoveKind::Castle(i) => {
                let c = &self.castles[i as usize];
                (self.code_at(c.king_from as usize), c.king_to as usize)
            }
            MoveKind::Pass => return B::ZERO,
            MoveKind::Drop => (m.promo.checked_sub(1), m.to as usize),
            _ if m.promo != 0 => (Some(m.promo - 1), m.to as usize),
            _ => (self.code_at(m.from as usize), m.to as usize),
        };
        let Some(code) = code else {
            return B::ZERO;
        };
        empty & self.quiet_reach(r, code as usize, at, occ)
    }

    /// The empty squares the piece of `code` on `from` could move to with the occupancy `occ`
    /// by its leaps, lame leaps and rides.
    fn quiet_reach(&self, r: &Rules<B>, code: usize, from: usize, occ: B) -> B {
        let cr = &r.codes[code];
        let (mut quiet, _) = ride_and_leap_targets(r, cr, from, occ, B::ZERO);
        for l in &cr.lame_move[from] {
            if l.open(occ) {
                quiet |= B::bit(l.to as usize) & !occ;
            }
        }
        quiet & cr.confined
    }

    /// En passant and castling, in the position's scratch list (taken; give it back after).
    pub(crate) fn take_special_moves(&mut self, r: &Rules<B>) -> Vec<Move> {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        if self.ep.is_some() || self.castling != 0 || r.in_place_promotions {
            self.special_moves(r, &mut v);
        }
        v
    }

    /// En passant, castling and promotions in place.
    pub(crate) fn special_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        if self.ep.is_some() {
            self.en_passant_moves(r, out);
        }
        if self.castling != 0 {
            self.castle_moves(r, out);
        }
        if r.in_place_promotions {
            self.in_place_promotions(r, out);
        }
        if self.castling >> crate::engine::rules::GATE_BIT0 != 0 && !r.once_squares.is_empty() {
            self.once_moves(r, out);
        }
    }

    /// Moves by first-move right: a piece on a square whose right its side still holds makes
    /// its `once` atoms' moves (those marked `not in check` only when its side is not in
    /// check), where its own atoms do not already go.
    pub(crate) fn once_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let mut calm = None;
        for &(side, sq) in &r.once_squares {
            let sq = sq as usize;
            if side != us || self.castling & r.once_bit[us.index()][sq] == 0 {
                continue;
            }
            let Some(code) = self.code_at(sq).map(|c| c as usize) else {
                continue;
            };
            let Some(once) = r.once[code].as_ref().filter(|_| r.codes[code].side == us) else {
                continue;
            };
            let mut t = self.targets_of(r, &once.any, sq).0;
            if once.has_calm && *calm.get_or_insert_with(|| !self.royal_attacked(r, us)) {
                t |= self.targets_of(r, &once.calm, sq).0;
            }
            let (quiet, cap) = self.targets(r, code, sq);
            t &= !(quiet | cap);
            if t.any() {
                self.push_moves(r, code, sq, t, out);
            }
        }
    }

    /// Promotions in place (Sittuyin's, as Fairy-Stockfish generates them): a piece that
    /// promotes so, standing in its zone (or anywhere, when it is its side's last piece of its
    /// kind), becomes each choice its limits allow, on its own square or by a move of the new
    /// piece to an empty square, unless the new piece would attack an enemy piece there. That
    /// such a move gives no check is judged with its legality.
    pub(crate) fn in_place_promotions(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        let enemy = self.by_side[us.flip().index()];
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let Some(p) = r.codes[code].promotion.as_ref().filter(|p| p.in_place) else {
                continue;
            };
            let pieces = self.pieces[code];
            let promoting = if pieces.count() > 1 {
                pieces & p.zone
            } else {
                pieces
            };
            for from in promoting.iter() {
                let occ = self.occ ^ B::bit(from);
                for &c in &p.choices {
                    if !self.under_limit(p, c) {
                        continue;
                    }
                    let (quiet, _) = self.targets(r, c as usize, from);
                    for to in (quiet | B::bit(from)).iter() {
                        if !p.offers(c, to)
                            || (self.reach_with(r, c as usize, to, occ) & enemy).any()
                        {
                            continue;
                        }
                        out.push(Move {
                            from: from as u16,
                            to: to as u16,
                            promo: c + 1,
                            kind: MoveKind::Promote,
                            ..Move::default()
                        });
                    }
                }
            }
        }
    }

    pub(crate) fn en_passant_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        for ep in [self.ep, self.ep2].into_iter().flatten() {
            self.en_passant_captures(r, ep, out);
        }
    }

    /// The en-passant captures of one entry.
    fn en_passant_captures(&self, r: &Rules<B>, ep: EnPassant, out: &mut Vec<Move>) {
        let us = self.side;
        let victim_present = (0..r.layers).any(|l| {
            self.code_at(l * r.cells + ep.victim as usize)
                .is_some_and(|c| r.codes[c as usize].side != us && r.codes[c as usize].en_passant)
        });
        if !victim_present {
            return;
        }
        for &cell in ep.targets() {
            for l in 0..r.layers {
                let target = l * r.cells + cell as usize;
                if self.board[target] != 0 || !r.en_passant_region[us.index()].has(target) {
                    continue;
                }
                for &code in &r.side_codes[us.index()] {
                    if !r.codes[code as usize].takes_en_passant {
                        continue;
                    }
                    for f in self.capturers_of(r, code as usize, target).iter() {
                        // A piece that may also step there quietly just steps there: en
                        // passant is a capture the piece could not make as a quiet move (as
                        // Fairy-Stockfish has it: Dragon chess's pawns, which move and capture
                        // alike, never take en passant).
                        if self.targets(r, code as usize, f).0.has(target) {
                            continue;
                        }
                        let first = out.len();
                        if r.en_passant_no_promotion {
                            self.push_unpromoted(r, code as usize, f, target, out);
                        } else {
                            self.push_moves(r, code as usize, f, B::bit(target), out);
                        }
                        for m in &mut out[first..] {
                            m.kind = MoveKind::EnPassant;
                        }
                    }
                }
            }
        }
    }

    pub(crate) fn castle_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        for (i, c) in self.castles.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            if piece_of(self.board[c.king_from as usize]) != Some(c.king_code)
                || piece_of(self.board[c.rook_from as usize]) != Some(c.rook_code)
            {
                continue;
            }
            if (self.occ & c.empty).any() {
                continue;
            }
            if c.safe
                .iter()
                .any(|&s| self.square_unsafe(r, s as usize, c.king_code as usize))
            {
                continue;
            }
            let m = Move {
                from: c.king_from,
                to: c.king_to,
                kind: MoveKind::Castle(i as u8),
                ..Move::default()
            };
            out.push(m);
            if !r.gate_squares.is_empty() {
                // A gate on the square the king or the rook ends on would be covered at once.
                for sq in [c.king_from, c.rook_from] {
                    if self.has_gate(r, us, sq as usize) && sq != c.king_to && sq != c.rook_to {
                        self.each_gate(r, sq as usize, |g| {
                            out.push(Move {
                                gate: g + 1,
                                aux: sq,
                                ..m
                            })
                        });
                    }
                }
            }
        }
    }

    /// Calls `f` with each code of the side to move that may be gated onto `sq`: in hand, and
    /// allowed there by its drop region.
    #[inline]
    pub(crate) fn each_gate(&self, r: &Rules<B>, sq: usize, mut f: impl FnMut(u8)) {
        for &code in &r.side_codes[self.side.index()] {
            if self.hand[code as usize] > 0
                && r.codes[code as usize]
                    .drop
                    .as_ref()
                    .is_some_and(|d| d.region.has(sq))
            {
                f(code);
            }
        }
    }

    /// Gating moves (but castling's, which [`Position::castle_moves`] lists): each move of a
    /// piece from a square where its side still has the gate, with each piece the hand may
    /// bring onto the square it leaves.
    pub(crate) fn gating_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        if !r.side_codes[us.index()]
            .iter()
            .any(|&c| self.hand[c as usize] > 0)
        {
            return;
        }
        for &(side, sq) in &r.gate_squares {
            let sq = sq as usize;
            if side != us || !self.has_gate(r, us, sq) {
                continue;
            }
            let Some(code) = self.code_at(sq) else {
                continue;
            };
            if r.codes[code as usize].side != us {
                continue;
            }
            let mut gates = [0u8; 16];
            let mut n = 0;
            self.each_gate(r, sq, |g| {
                if n < gates.len() {
                    gates[n] = g;
                    n += 1;
                }
            });
            if n == 0 {
                continue;
            }
            let (quiet, cap) = self.targets(r, code as usize, sq);
            self.each_move(r, code as usize, sq, quiet | cap, |m| {
                for &g in &gates[..n] {
                    out.push(Move {
                        gate: g + 1,
                        aux: sq as u16,
                        ..m
                    });
                }
            });
        }
    }

    /// Whether the side to move's royal piece would stand attacked on `sq` (castling path).
    fn square_unsafe(&self, r: &Rules<B>, sq: usize, king_code: usize) -> bool {
        let them = self.side.flip();
        if r.freezes() {
            return self.attacked_unfrozen(r, sq, them, self.occ, B::ZERO, king_code);
        }
        if r.check.touching_royals_safe {
            let enemy = self.royals(r, them);
            let (l, f, k) = r.coords(sq);
            if enemy.iter().any(|o| {
                let (lo, fo, ko) = r.coords(o);
                lo == l && fo.abs_diff(f) <= 1 && ko.abs_diff(k) <= 1
            }) {
                return false;
            }
        }
        self.attacked(r, sq, them, self.occ)
            || r.side_codes[them.index()].iter().any(|&c| {
                let g = &r.codes[c as usize].castle_guard_rev;
                !g.is_empty() && (g[sq] & self.pieces[c as usize]).any()
            })
    }

    /// Drops from the hand of the side to move.
    pub(crate) fn drops(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        for &code in &r.side_codes[us.index()] {
            let free = r.codes[code as usize].drop.as_ref().is_some_and(|d| d.free);
            if !free && self.hand[r.codes[code as usize].hand_code as usize] == 0 {
                continue;
            }
            for to in self.drop_targets(r, code as usize).iter() {
                out.push(Move {
                    from: to as u16,
                    to: to as u16,
                    promo: code + 1,
                    kind: MoveKind::Drop,
                    ..Move::default()
                });
            }
        }
    }

    /// The squares a piece of `code` may be dropped on.
    pub(crate) fn drop_targets(&self, r: &Rules<B>, code: usize) -> B {
        let cr = &r.codes[code];
        let Some(d) = &cr.drop else {
            return B::ZERO;
        };
        let mut t = !self.occ & d.region & r.geo.all;
        if r.no_stuck_pieces {
            t &= !cr.stuck;
        }
        if !r.color_bound[cr.side.index()].is_empty() {
            t &= self.color_room(r, code, t);
        }
        if !d.slides.is_empty() {
            t &= crate::engine::slide::resting_squares(&d.slides, self.occ);
        }
        if let Some(n) = d.per_file {
            for file in 0..r.files {
                let m = r.file_masks[file];
                if (self.pieces[code] & m).count() >= n as u32 {
                    t &= !m;
                }
            }
        }
        if !d.next_to_own.is_empty() {
            let own = self.by_side[cr.side.index()];
            let mut near = B::ZERO;
            for sq in own.iter() {
                near |= d.next_to_own[sq];
            }
            t &= near;
        }
        for n in &d.near {
            let side = if n.enemy { cr.side.flip() } else { cr.side };
            let mut near = B::ZERO;
            for sq in self.by_side[side.index()].iter() {
                near |= n.steps[sq];
            }
            t &= if n.not { !near } else { near };
        }
        if (d.first & !self.occ).any() {
            t &= d.first;
        } else if !r.drop_required.is_empty() {
            t = self.acting_drops(r, code, t);
        }
        if r.suicide_drops {
            t = self.breathing_drops(r, t);
        }
        t
    }

    /// Of the drop targets `t` of `code`, those where every `required` effect would act (as
    /// the effects judge it once the drop is played, read here from the board).
    fn acting_drops(&self, r: &Rules<B>, code: usize, mut t: B) -> B {
        if let Some(near) = &r.enclosed_near {
            let mut next_to_enemy = B::ZERO;
            for sq in self.by_side[self.side.flip().index()].iter() {
                next_to_enemy |= near[sq];
            }
            t &= next_to_enemy;
        }
        let by_shifts = |e: usize| {
            let table = &r.effect_tables[e];
            let shifts = &r.enclosure_shifts[e][self.side.index()];
            (!shifts.is_empty()
                && table.origin_holds(self.side, code)
                && table.finally_line(self.side, code).is_none()
                && table.acts_on_every_enemy(self.side, code))
            .then_some(shifts)
        };
        if r.drop_required.iter().all(|&e| by_shifts(e).is_some()) {
            for &e in &r.drop_required {
                t &= by_shifts(e).map_or(B::ZERO, |s| self.enclosing_squares(s));
            }
            return t;
        }
        let mut keep = B::ZERO;
        for sq in t.iter() {
            if r.drop_required
                .iter()
                .all(|&e| self.drop_acts(r, e, code, sq))
            {
                keep |= B::bit(sq);
            }
        }
        keep
    }

    /// Whether effect `e` would act after a drop of `code` on `at`: a clause with an action
    /// other than `nothing` applies to a piece its scan finds, or such a `finally` line runs.
    fn drop_acts(&self, r: &Rules<B>, e: usize, code: usize, at: usize) -> bool {
        let (effect, table) = (&r.effects[e], &r.effect_tables[e]);
        let us = self.side;
        if !table.origin_holds(us, code) {
            return false;
        }
        if table.finally_line(us, code).is_some_and(|i| {
            effect.finally[i]
                .actions
                .iter()
                .any(|a| *a != Action::Nothing)
        }) {
            return true;
        }
        let acts = |target: usize, dist: u32| {
            self.code_at(target).is_some_and(|tc| {
                table
                    .clause(r, effect, us, code as u8, tc, dist as i32)
                    .is_some_and(|i| table.acting[i])
            })
        };
        match &effect.scan {
            Scan::Enclosed(steps) => steps.iter().any(|&v| {
                let step = ir::oriented(v, us);
                let n = enclosed_len(r, &self.board, us, at, step);
                let mut t = at;
                (1..=n).any(|dist| {
                    t = r.step(t, step).unwrap_or(t);
                    acts(t, dist)
                })
            }),
            Scan::Around(offsets) => offsets.iter().any(|&v| {
                let step = ir::oriented(v, us);
                let dist = step.0.unsigned_abs().max(step.1.unsigned_abs()) as u32;
                r.step(at, step).is_some_and(|t| acts(t, dist))
            }),
            // Plain rays and attacks are judged by playing the move
            // (`Rules::required_by_play`).
            Scan::Rays(_) | Scan::Attacked | Scan::Surrounded(_) => true,
        }
    }

    /// The empty squares where a piece of the side to move would close a row of enemy pieces
    /// against one of its own along one of these shifts: from its own pieces, grow runs of
    /// enemy pieces one shift at a time, then take the square one shift beyond.
    fn enclosing_squares(&self, shifts: &[crate::engine::connect::Step<B>]) -> B {
        let own = self.by_side[self.side.index()];
        let enemy = self.by_side[self.side.flip().index()];
        let mut out = B::ZERO;
        for step in shifts {
            let mut run = step.apply(own) & enemy;
            loop {
                let grown = run | (step.apply(run) & enemy);
                if grown == run {
                    break;
                }
                run = grown;
            }
            out |= step.apply(run);
        }
        out & !self.occ
    }

    /// Of the drop targets `t` of `code`, those that keep the side's colour-bound pieces able
    /// to be split between the square colours: a colour-bound piece may not join more than
    /// half (rounded up) of its kind on one colour; another piece may not take the last square
    /// of a colour that such pieces still need.
    fn color_room(&self, r: &Rules<B>, code: usize, t: B) -> B {
        let side = r.codes[code].side.index();
        let colors = [r.dark, r.geo.all & !r.dark];
        let mut keep = t;
        for &bc in &r.color_bound[side] {
            let bc = bc as usize;
            let n = self.count_with_hand(bc as u8);
            let on = self.pieces[bc];
            if bc == code {
                for c in colors {
                    if (on & c).count() + 1 > n.div_ceil(2) {
                        keep &= !c;
                    }
                }
                continue;
            }
            let Some(d) = &r.codes[bc].drop else { continue };
            let free = d.region & !self.occ & r.geo.all;
            for c in colors {
                let avail = ((on | free) & c).count();
                if avail < n / 2 {
                    return B::ZERO;
                }
                if avail == n / 2 {
                    keep &= !(free & c);
                }
            }
        }
        keep
    }

    /// The pieces of `code` that can capture onto `sq` (the square may be empty).
    pub(crate) fn capturers_of(&self, r: &Rules<B>, code: usize, sq: usize) -> B {
        if let Some(rev) = r.codes[code].leap_capture_rev.get(sq) {
            return *rev & self.pieces[code];
        }
        let mut out = B::ZERO;
        for from in self.pieces[code].iter() {
            if self.capture_reach(r, code, from).has(sq) {
                out |= B::bit(from);
            }
        }
        out
    }

    /// The squares the piece of `code` on `from` could capture on, were an enemy there.
    pub(crate) fn capture_reach(&self, r: &Rules<B>, code: usize, from: usize) -> B {
        let mut reach = self.reach_with(r, code, from, self.occ);
        for &(c, friend) in &r.codes[code].prey_edits {
            if !friend {
                reach &= !self.pieces[c as usize];
            }
        }
        reach
    }

    /// The squares a piece of `code` on `from` attacks with the occupancy `occ`, whatever
    /// stands there.
    fn reach_with(&self, r: &Rules<B>, code: usize, from: usize, occ: B) -> B {
        self.reach_of(r, &r.codes[code], from, occ)
    }

    /// The squares a piece that moves by the tables `cr` on `from` attacks with the occupancy
    /// `occ`, whatever stands there.
    pub(crate) fn reach_of(&self, r: &Rules<B>, cr: &CodeRules<B>, from: usize, occ: B) -> B {
        let capturing = |m: Modality| matches!(m, Modality::Capture | Modality::Both);
        let mut reach = ride_and_leap_reach(r, cr, from, occ);
        for hop in &cr.hops {
            if capturing(hop.modality)
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
        for l in &cr.lame_capture[from] {
            if l.open(occ) {
                reach |= B::bit(l.to as usize);
            }
        }
        reach & cr.confined
    }
}

/// The squares of `set`, all on one ray from its origin, in order of distance.
pub(crate) fn ordered<B: Bits>(r: &Rules<B>, dir: u16, set: B) -> impl Iterator<Item = usize> {
    let asc = r.ascending[dir as usize];
    let mut s = set;
    std::iter::from_fn(move || {
        if s.is_zero() {
            return None;
        }
        let i = if asc { s.lsb() } else { s.msb() };
        s ^= B::bit(i);
        Some(i)
    })
}

fn piece_of(v: u8) -> Option<u8> {
    crate::engine::position::piece_code(v)
}
