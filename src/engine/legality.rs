//! Legality without playing the move: where the side to move's royal piece stands, the pins and
//! checks against it, and the occupancy a move leaves ("sketch"). Variants whose effects make that
//! impossible play the move and test it.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;
use crate::ir::Side;

/// Where the side to move's royal pieces stand and what threatens them: enough to decide most
/// moves' legality without playing them.
pub(crate) struct Safety<B> {
    /// Every royal piece of the side to move.
    pub(crate) royals: B,
    /// With exactly one royal piece: its square (else `usize::MAX`).
    pub(crate) royal: usize,
    /// Pins and the evasion mask settle the moves of non-royal pieces (one royal piece, only
    /// riders and leapers against it); otherwise every move is sketched.
    pub(crate) by_pins: bool,
    /// The royal piece's layer.
    pub(crate) layer: usize,
    pub(crate) in_check: bool,
    /// Where a non-royal piece may move to answer the check (single layer): the checker and the
    /// squares between; everything when not in check, nothing in double check.
    pub(crate) evasion: B,
    pub(crate) pinned: B,
    /// (pinned square, the squares it may still move to: its line up to the pinner).
    pub(crate) pins: [(u16, B); 8],
    pub(crate) n_pins: usize,
    /// The royals face each other (where the variant has that rule): a move must part them,
    /// or pass.
    pub(crate) facing: bool,
    /// Where no move may give check: an enemy royal piece is attacked already, so every move
    /// must be played to be judged.
    pub(crate) enemy_attacked: bool,
}

impl<B: Bits> Safety<B> {
    /// Records a pin; false when there are too many to remember (the caller then plays
    /// moves to judge them).
    pub(crate) fn pin(&mut self, sq: usize, line: B) -> bool {
        if self.n_pins == self.pins.len() {
            return false;
        }
        self.pinned |= B::bit(sq);
        self.pins[self.n_pins] = (sq as u16, line);
        self.n_pins += 1;
        true
    }

    #[inline(always)]
    pub(crate) fn pin_line(&self, sq: usize) -> B {
        let mut m = !B::ZERO;
        for &(p, line) in &self.pins[..self.n_pins] {
            if p as usize == sq {
                m &= line;
            }
        }
        m
    }
}

/// How a move changes the occupancy, for judging it without playing it.
pub(crate) struct Sketch<B> {
    /// Occupancy right after the move on its own layer, and once crossings are done.
    pub(crate) after_move: B,
    pub(crate) after_all: B,
    /// Squares whose present content no longer attacks (captured, or now the mover's).
    pub(crate) gone: B,
    /// Where the royal piece stands after the move on its layer and at the end, if it moved.
    pub(crate) royal_mid: Option<usize>,
    pub(crate) royal_end: Option<usize>,
}

impl<B: Bits> Position<B> {
    pub(crate) fn safety(&self, r: &Rules<B>) -> Option<Safety<B>> {
        let us = self.side;
        let them = us.flip();
        let royals = self.royals(r, us);
        let single = royals.count() == 1;
        let by_pins = single
            && r.pins_suffice[us.index()]
            && !r.check.all_royals
            && !r.check.touching_royals_safe
            && r.blast.is_none();
        if !by_pins {
            return Some(Safety {
                royals,
                royal: if single { royals.lsb() } else { usize::MAX },
                by_pins: false,
                layer: 0,
                in_check: self.royal_attacked(r, us),
                evasion: B::ZERO,
                pinned: B::ZERO,
                pins: [(0, B::ZERO); 8],
                n_pins: 0,
                facing: r.facing_rule && self.royals_facing(r),
                enemy_attacked: r.no_checks && self.royal_attacked(r, them),
            });
        }
        let royal = royals.lsb();
        let checkers = self.attackers(r, royal, them, self.occ);
        let evasion = match checkers.count() {
            0 => !B::ZERO,
            1 => self.block_or_capture(r, royal, checkers.lsb()),
            _ => B::ZERO,
        };
        let mut s = Safety {
            royals,
            royal,
            by_pins: true,
            layer: royal / r.cells,
            in_check: checkers.any(),
            evasion,
            pinned: B::ZERO,
            pins: [(0, B::ZERO); 8],
            n_pins: 0,
            facing: r.facing_rule && self.royals_facing(r),
            enemy_attacked: r.no_checks && self.royal_attacked(r, them),
        };
        self.slider_pins(r, royal, &mut s)?;
        self.ray_pins(r, royal, &mut s)?;
        Some(s)
    }

    /// Records in `s` the pins along sliders: the riders seen once our first blockers are
    /// lifted. `None` when there are more pins than `s` holds.
    #[inline(always)]
    fn slider_pins(&self, r: &Rules<B>, royal: usize, s: &mut Safety<B>) -> Option<()> {
        for (slider, codes) in &r.attack_sliders[self.side.flip().index()] {
            let mut riders = B::ZERO;
            for &c in codes {
                riders |= self.pieces[c as usize];
            }
            if (r.slide(*slider, royal, B::ZERO) & riders).is_zero() {
                continue;
            }
            let near = r.slide(*slider, royal, self.occ);
            let shield = near & self.by_side[self.side.index()];
            if shield.is_zero() {
                continue;
            }
            let pinners = r.slide(*slider, royal, self.occ & !shield) & riders & !near;
            for p in pinners.iter() {
                for &d in &r.sliders[*slider as usize].dirs {
                    if r.ray(d, royal).has(p) {
                        let line = r.line_targets(d, royal, B::bit(p));
                        if !s.pin((line & shield).lsb(), line) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(())
    }

    /// Records in `s` the pins along the other rides, one direction at a time. `None` when
    /// there are more pins than `s` holds.
    #[inline(always)]
    fn ray_pins(&self, r: &Rules<B>, royal: usize, s: &mut Safety<B>) -> Option<()> {
        for g in &r.attack_rays[self.side.flip().index()] {
            let ray = r.ray(g.rev_dir, royal);
            let mut blockers = ray & self.occ;
            if blockers.is_zero() {
                continue;
            }
            let asc = r.ascending[g.rev_dir as usize];
            let b1 = if asc { blockers.lsb() } else { blockers.msb() };
            if !self.by_side[self.side.index()].has(b1) {
                continue;
            }
            blockers ^= B::bit(b1);
            if blockers.is_zero() {
                continue;
            }
            let b2 = if asc { blockers.lsb() } else { blockers.msb() };
            if let Some(code) = self.code_at(b2)
                && g.codes.iter().any(|a| a.hits(code, b2, royal))
                && !s.pin(b1, r.line_targets(g.rev_dir, royal, B::bit(b2)))
            {
                return None;
            }
        }
        Some(())
    }

    /// Where a non-royal piece may move to answer a check by `checker`: the checker, and the
    /// squares between when it rides.
    fn block_or_capture(&self, r: &Rules<B>, royal: usize, checker: usize) -> B {
        let them = self.side.flip();
        let Some(code) = self.code_at(checker) else {
            return B::bit(checker);
        };
        if (r.codes[code as usize].leap_attack_rev[royal] & B::bit(checker)).any() {
            return B::bit(checker);
        }
        for g in &r.ride_attackers[them.index()] {
            if r.line_first_blocker(g.rev_dir, royal, self.occ) == Some(checker)
                && g.codes.iter().any(|a| a.hits(code, checker, royal))
            {
                return r.line_targets(g.rev_dir, royal, self.occ);
            }
        }
        B::bit(checker)
    }

    /// The occupancy after a move, for [`Position::sketch_legal`]. A gated piece is left out:
    /// it does not shield the mover's royal piece in the move's own test (Fairy-Stockfish's
    /// rule), so a gating move is legal exactly when the same move without the gate is.
    pub(crate) fn sketch(&self, r: &Rules<B>, m: &Move, royals: B) -> Option<Sketch<B>> {
        let (from, to) = (m.from as usize, m.to as usize);
        let crosses = |captured: bool| match r.cross {
            Some(crate::ir::CrossWhen::Moves) => true,
            Some(crate::ir::CrossWhen::Captures) => captured,
            None => false,
        };
        match m.kind {
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::Promote => {
                let victim = match m.kind {
                    MoveKind::EnPassant => {
                        let ep = self.ep_for(r, to)?;
                        (0..r.layers)
                            .map(|l| l * r.cells + ep.victim as usize)
                            .find(|&v| self.board[v] != 0)?
                    }
                    _ => to,
                };
                let captured = self.board[victim] != 0;
                let after_move = ((self.occ ^ B::bit(from)) & !B::bit(victim)) | B::bit(to);
                let dest = if crosses(captured) {
                    r.next_layer(to)
                } else {
                    to
                };
                if dest != to && after_move.has(dest) {
                    return None;
                }
                let after_all = if dest != to {
                    (after_move ^ B::bit(to)) | B::bit(dest)
                } else {
                    after_move
                };
                let moved_royal = royals.has(from);
                let after_move = self.with_wall(r, m, after_move);
                let after_all = self.with_wall(r, m, after_all);
                Some(Sketch {
                    after_move,
                    after_all,
                    gone: B::bit(victim) | B::bit(to),
                    royal_mid: moved_royal.then_some(to),
                    royal_end: moved_royal.then_some(dest),
                })
            }
            MoveKind::Pass => Some(Sketch {
                after_move: self.with_wall(r, m, self.occ),
                after_all: self.with_wall(r, m, self.occ),
                gone: B::ZERO,
                royal_mid: None,
                royal_end: None,
            }),
            MoveKind::Drop => {
                let after = self.with_wall(r, m, self.occ | B::bit(to));
                Some(Sketch {
                    after_move: after,
                    after_all: after,
                    gone: B::ZERO,
                    royal_mid: None,
                    royal_end: None,
                })
            }
            MoveKind::Castle(i) => self.sketch_castle(r, m, i, royals, crosses(false)),
        }
    }

    /// [`Position::sketch`] of a castling move (`crosses`: whether the king and rook cross to
    /// the next layer).
    #[inline(always)]
    fn sketch_castle(
        &self,
        r: &Rules<B>,
        m: &Move,
        i: u8,
        royals: B,
        crosses: bool,
    ) -> Option<Sketch<B>> {
        let c = &self.castles[i as usize];
        let (kf, kt, rf, rt) = c.squares();
        let after_move = (self.occ & !B::bit(kf) & !B::bit(rf)) | B::bit(kt) | B::bit(rt);
        let (kd, rd) = if crosses {
            (r.next_layer(kt), r.next_layer(rt))
        } else {
            (kt, rt)
        };
        let mut after_all = after_move;
        if kd != kt {
            after_all &= !B::bit(kt) & !B::bit(rt);
            if after_all.has(kd) || after_all.has(rd) {
                return None;
            }
            after_all |= B::bit(kd) | B::bit(rd);
        }
        let royal_moved = royals.has(kf);
        let after_move = self.with_wall(r, m, after_move);
        let after_all = self.with_wall(r, m, after_all);
        Some(Sketch {
            after_move,
            after_all,
            gone: B::bit(kt) | B::bit(rt) | B::bit(kd) | B::bit(rd),
            royal_mid: royal_moved.then_some(kt),
            royal_end: royal_moved.then_some(kd),
        })
    }

    /// The occupancy `occ` once the moving wall of move `m` has moved.
    #[inline(always)]
    fn with_wall(&self, r: &Rules<B>, m: &Move, occ: B) -> B {
        if r.moving_wall {
            (occ & !self.walls) | B::bit(m.aux as usize)
        } else if r.wall_behind {
            occ | self.wall_left(m).map_or(B::ZERO, B::bit)
        } else if let Some(w) = &r.placed_wall
            && w.placed_by(m.kind)
        {
            occ | B::bit(m.aux as usize)
        } else {
            occ
        }
    }

    /// Judges a move of an effect-free variant from the occupancy it leaves, without playing it.
    pub(crate) fn sketch_legal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> bool {
        if let Some(blast) = &r.blast
            && let Some(legal) = self.blast_legal(r, blast, s, m)
        {
            return legal;
        }
        if m.kind == MoveKind::Pass && s.facing {
            return true;
        }
        let Some(k) = self.sketch(r, m, s.royals) else {
            return false;
        };
        let us = self.side;
        if r.layered && !self.lands_free(r, &k) {
            return false;
        }
        if r.check.at_move
            && let Some(mid) = k.royal_mid
            && self.attacked_without(r, mid, us.flip(), k.after_move, k.gone)
        {
            return false;
        }
        let royals = match k.royal_end {
            Some(end) => (s.royals & !B::bit(m.from as usize)) | B::bit(end),
            None => s.royals,
        };
        if s.facing && m.kind != MoveKind::Pass {
            let theirs = self.royals(r, us.flip()) & !k.gone;
            if royals.any()
                && theirs.any()
                && self.facing_with(r, royals.lsb(), theirs.lsb(), k.after_all)
            {
                return false;
            }
        }
        if r.barred_screens {
            // A hop's screen may be the moved piece, which the board does not show yet.
            self.sketch_mover.set(self.moved_piece(m));
            let attacked = self.royals_attacked(r, us, royals, k.after_all, k.gone);
            self.sketch_mover.set(None);
            return !attacked;
        }
        !self.royals_attacked(r, us, royals, k.after_all, k.gone)
    }

    /// Where the piece of a normal move, en passant or drop lands, and its code.
    fn moved_piece(&self, m: &Move) -> Option<(u16, u8)> {
        let code = match m.kind {
            MoveKind::Normal | MoveKind::EnPassant => self.code_at(m.from as usize),
            MoveKind::Drop | MoveKind::Promote => Some(m.promo - 1),
            _ => None,
        };
        code.map(|c| (m.to, c))
    }

    /// On a layered board, no cell may hold pieces on two layers after the move.
    pub(crate) fn lands_free(&self, r: &Rules<B>, k: &Sketch<B>) -> bool {
        let moved = k.after_all & !self.occ;
        for sq in moved.iter() {
            if (r.taken_elsewhere(k.after_all, sq / r.cells) & B::bit(sq)).any() {
                return false;
            }
        }
        true
    }

    /// Whether `by` attacks `sq` with the occupancy `occ`, ignoring what stands on `gone`.
    #[inline]
    pub(crate) fn attacked_without(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: Side,
        occ: B,
        gone: B,
    ) -> bool {
        self.attack_scan::<true>(r, sq, by, occ, gone).any()
    }

    /// Whether a pseudo-legal move of an effect-free variant is legal, without playing it.
    #[inline(always)]
    pub(crate) fn fast_legal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> bool {
        let from = m.from as usize;
        let to = m.to as usize;
        if m.kind == MoveKind::Promote {
            // Judged as the same piece's plain move, and it may not give check.
            return !self.promotion_checks(r, m)
                && self.fast_legal(
                    r,
                    s,
                    &Move {
                        kind: MoveKind::Normal,
                        promo: 0,
                        ..*m
                    },
                );
        }
        if s.royals.is_zero() {
            // No royal piece on the board: a royal piece dropped must land where it is safe, as
            // Fairy-Stockfish tests a king's drop like a king's move.
            if m.kind == MoveKind::Drop && r.codes[m.promo as usize - 1].royal {
                return !self.attacked(r, to, self.side.flip(), self.occ | B::bit(to));
            }
            return true;
        }
        let walls = r.walls_change();
        if !s.by_pins || m.kind != MoveKind::Normal || from == s.royal || walls {
            if m.kind == MoveKind::Drop && s.by_pins && !r.layered && !walls {
                return s.evasion.has(to);
            }
            if s.facing {
                return self.sketch_legal(r, s, m);
            }
            let Some(touched) = self.touched_beside_royal(r, s, m) else {
                return self.sketch_legal(r, s, m);
            };
            let them = self.side.flip();
            let influence = &r.influence[them.index()];
            if s.royals
                .iter()
                .all(|royal| (touched & influence[royal]).is_zero())
            {
                return !s.in_check;
            }
            if s.in_check {
                return self.sketch_legal(r, s, m);
            }
            // Not in check: only a line or a lame path through the move's squares can open.
            let Some(k) = self.sketch(r, m, s.royals) else {
                return false;
            };
            if r.barred_screens {
                self.sketch_mover.set(self.moved_piece(m));
            }
            // A royal piece touching an enemy royal cannot be attacked (Atomic's kings).
            let enemy_royals = if r.check.touching_royals_safe {
                self.royals(r, them)
            } else {
                B::ZERO
            };
            let opened = s.royals.iter().any(|royal| {
                (touched & influence[royal]).any()
                    && !(enemy_royals.any() && self.touches(r, royal, enemy_royals))
                    && self.attack_opened(r, royal, them, k.after_all, k.gone, touched)
            });
            self.sketch_mover.set(None);
            return !opened;
        }
        if !r.layered {
            return s.evasion.has(to) && (!s.pinned.has(from) || s.pin_line(from).has(to));
        }
        // Layers: a piece that leaves another layer than the royal's cannot uncover it, and
        // where it lands it can only block.
        if !s.in_check
            && self.lands_clear(r, to)
            && (from / r.cells != s.layer || self.board[to] == 0 && !s.pinned.has(from))
        {
            return true;
        }
        self.sketch_legal(r, s, m)
    }

    /// Where no move may give check: whether `m` might attack an enemy royal piece once done.
    /// Only a move whose squares bear on an enemy royal piece can (a piece arriving where it
    /// would attack it, or leaving a line to it); a move that is not a plain move or a drop
    /// is always played to be judged.
    pub(crate) fn may_give_check(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> bool {
        if s.enemy_attacked || r.layered || r.walls_change() || r.guard.any() {
            return true;
        }
        let touched = match m.kind {
            MoveKind::Normal => B::bit(m.from as usize) | B::bit(m.to as usize),
            MoveKind::Drop => B::bit(m.to as usize),
            _ => return true,
        };
        let influence = &r.influence[self.side.index()];
        self.royals(r, self.side.flip())
            .iter()
            .any(|k| (touched & influence[k]).any())
    }

    /// Where no move may give check: whether the plain move or drop `m` leaves an enemy royal
    /// piece attacked, found by putting the pieces where the move takes them and back (none of
    /// a move's bookkeeping); `None` for the moves that must be played.
    pub(crate) fn checks_after(&mut self, r: &Rules<B>, m: &Move) -> Option<bool> {
        if r.layered || r.walls_change() || r.blast.is_some() {
            return None;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let (from_byte, to_byte) = (self.board[from], self.board[to]);
        let arriving = match m.kind {
            MoveKind::Drop => m.promo,
            MoveKind::Normal if m.promo > 0 => m.promo,
            MoveKind::Normal => from_byte,
            _ => return None,
        };
        if m.kind == MoveKind::Normal {
            self.put(r, from, 0);
        }
        self.put(r, to, arriving);
        let check = self.royal_attacked(r, self.side.flip());
        self.put(r, to, to_byte);
        if m.kind == MoveKind::Normal {
            self.put(r, from, from_byte);
        }
        Some(check)
    }

    /// Whether a promotion in place attacks an enemy royal piece. The new piece attacks no
    /// enemy piece (the generator saw to it), so only a line the move opens can check.
    fn promotion_checks(&self, r: &Rules<B>, m: &Move) -> bool {
        let us = self.side;
        let theirs = self.royals(r, us.flip());
        if theirs.is_zero() {
            return false;
        }
        let from = B::bit(m.from as usize);
        let occ = (self.occ ^ from) | B::bit(m.to as usize);
        theirs
            .iter()
            .any(|k| self.attacked_without(r, k, us, occ, from))
    }

    /// Whether a quiet move of a non-royal piece is judged by the squares it touches alone
    /// (the conditions of [`Position::touched_beside_royal`] that do not depend on the move).
    #[inline(always)]
    pub(crate) fn untouched_settles(&self, r: &Rules<B>) -> bool {
        !(r.check.all_royals || r.layered || r.walls_change())
    }

    /// The squares a move changes, when that is all it changes and the royal pieces stay where
    /// they are (a normal move or a drop of another piece; any one royal piece attacked is
    /// check; no layers or walls; with an explosion or touching royals, a quiet move only):
    /// then only attacks through these squares can change.
    #[inline(always)]
    fn touched_beside_royal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> Option<B> {
        if !self.untouched_settles(r) {
            return None;
        }
        // An explosion or touching royals change nothing on a quiet move of another piece.
        let capture_unsettled =
            (r.blast.is_some() || r.check.touching_royals_safe) && self.board[m.to as usize] != 0;
        match m.kind {
            MoveKind::Normal | MoveKind::Promote
                if !s.royals.has(m.from as usize) && !capture_unsettled =>
            {
                Some(B::bit(m.from as usize) | B::bit(m.to as usize))
            }
            MoveKind::Drop => Some(B::bit(m.to as usize)),
            _ => None,
        }
    }

    /// A normal move to `to` lands on a cell free on every other layer (after crossing, if
    /// any).
    #[inline(always)]
    pub(crate) fn lands_clear(&self, r: &Rules<B>, to: usize) -> bool {
        let dest = match r.cross {
            Some(crate::ir::CrossWhen::Moves) => r.next_layer(to),
            Some(crate::ir::CrossWhen::Captures) if self.board[to] != 0 => r.next_layer(to),
            _ => to,
        };
        let cell = dest % r.cells;
        // `to` is vacated (or, without crossing, it is where the piece lands).
        (0..r.layers)
            .map(|l| l * r.cells + cell)
            .all(|sq| sq == to || self.board[sq] == 0)
    }
}
