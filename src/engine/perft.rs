//! Perft: leaf positions at a depth, counted at the last ply without listing the moves where the
//! rules allow it.

use crate::engine::bitboard::Bits;
use crate::engine::legality::Safety;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;

impl<B: Bits> Position<B> {
    /// Perft: leaf positions at `depth`, game-over positions having no children.
    pub fn perft(&mut self, r: &Rules<B>, depth: u32, buffers: &mut Vec<Vec<Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.immediate_end(r).is_some() {
            return 0;
        }
        let safety = if r.fast_legality {
            self.safety(r)
        } else {
            None
        };
        if depth == 1 {
            if let Some(s) = &safety {
                return self.count_fast(r, s);
            }
            if !r.check_at_final && !r.check_at_move {
                return self.count_unchecked(r);
            }
        }
        let ply = depth as usize;
        while buffers.len() <= ply {
            buffers.push(Vec::with_capacity(128));
        }
        let mut moves = std::mem::take(&mut buffers[ply]);
        moves.clear();
        self.pseudo_moves(r, &mut moves);
        let mut nodes = 0;
        for &m in &moves {
            let known = safety.as_ref().map(|s| self.fast_legal(r, s, &m));
            if known == Some(false) {
                continue;
            }
            let legal = self.play(r, m, known.is_none());
            if !legal {
                self.unmake(r);
                continue;
            }
            match self.pending_choice {
                Some(code) => {
                    self.unmake(r);
                    let n = r.codes[code as usize]
                        .promotion
                        .as_ref()
                        .map(|(_, c)| c.len())
                        .unwrap_or(0);
                    if depth == 1 {
                        nodes += n as u64;
                    } else if let Some((_, choices)) = &r.codes[code as usize].promotion {
                        for &c in choices {
                            self.make(r, Move { promo: c + 1, ..m });
                            nodes += self.perft(r, depth - 1, buffers);
                            self.unmake(r);
                        }
                    }
                }
                None => {
                    nodes += if depth == 1 {
                        1
                    } else {
                        self.perft(r, depth - 1, buffers)
                    };
                    self.unmake(r);
                }
            }
        }
        buffers[ply] = moves;
        nodes
    }

    /// The number of moves to the targets `t` of the piece on `from`, promotions counted once
    /// per choice.
    #[inline(always)]
    pub(crate) fn count_targets(r: &Rules<B>, code: usize, t: B) -> u64 {
        match &r.codes[code].promotion {
            Some((zone, choices)) => {
                (t & !*zone).count() as u64 + (t & *zone).count() as u64 * choices.len() as u64
            }
            None => t.count() as u64,
        }
    }

    /// Counts legal moves at a leaf of an effect-free variant without listing them: pins and
    /// checks settle most moves, occupancy algebra the rest.
    pub(crate) fn count_fast(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
        let us = self.side;
        let them = us.flip();
        let mut n = 0u64;
        // Per layer, the squares a piece of that layer may land on (its cell free elsewhere).
        let mut free = [!B::ZERO; 4];
        if r.layered {
            for (l, f) in free.iter_mut().enumerate().take(r.layers.min(4)) {
                *f = !r.taken_elsewhere(self.occ, l);
            }
        }
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let mut bb = self.pieces[code];
            while bb.any() {
                let from = bb.pop();
                let (quiet, cap) = self.targets(r, code, from);
                let mut t = quiet | cap;
                if from == s.royal {
                    if !r.layered && !r.check_at_move {
                        let occ = self.occ ^ B::bit(from);
                        while t.any() {
                            let to = t.pop();
                            if !self.attacked(r, to, them, occ) {
                                n += 1;
                            }
                        }
                    } else {
                        n += self.count_sketched(r, s, code, from, t);
                    }
                    continue;
                }
                if !r.layered {
                    t &= s.evasion;
                    if s.pinned.has(from) {
                        t &= s.pin_line(from);
                    }
                    n += Self::count_targets(r, code, t);
                    continue;
                }
                let layer = from / r.cells;
                if layer >= 4 {
                    n += self.count_sketched(r, s, code, from, t);
                    continue;
                }
                t &= free[layer];
                if s.in_check {
                    n += self.count_sketched(r, s, code, from, t);
                } else if layer != s.layer {
                    n += Self::count_targets(r, code, t);
                } else if s.pinned.has(from) {
                    n += self.count_sketched(r, s, code, from, t);
                } else {
                    n += Self::count_targets(r, code, quiet & t)
                        + self.count_sketched(r, s, code, from, cap & t);
                }
            }
        }
        let special = self.take_special_moves(r);
        for m in &special {
            if self.sketch_legal(r, s, m) {
                n += 1;
            }
        }
        self.scratch = special;
        n
    }

    /// Counts the moves to `t` that the occupancy algebra accepts.
    pub(crate) fn count_sketched(
        &self,
        r: &Rules<B>,
        s: &Safety<B>,
        code: usize,
        from: usize,
        mut t: B,
    ) -> u64 {
        let mut n = 0;
        while t.any() {
            let to = t.pop();
            let m = Move {
                from: from as u16,
                to: to as u16,
                promo: 0,
                kind: MoveKind::Normal,
            };
            if self.sketch_legal(r, s, &m) {
                n += Self::count_targets(r, code, B::bit(to));
            }
        }
        n
    }

    /// Counts moves at a leaf when nothing is illegal (no check rule): every pseudo-legal move
    /// counts, and only a move whose effect might promote is played to learn its choices.
    pub(crate) fn count_unchecked(&mut self, r: &Rules<B>) -> u64 {
        let us = self.side;
        let mut n = 0u64;
        // Destination squares from which an effect could promote one of our pieces.
        let watched = r.promotion_watchers.as_ref().map(|w| {
            let mut promoting = B::ZERO;
            for &c in &r.side_codes[us.index()] {
                if r.codes[c as usize].promotion.is_some() {
                    promoting |= self.pieces[c as usize];
                }
            }
            // the destinations from which the effect could reach one of them
            let mut watched = B::ZERO;
            for p in promoting.iter() {
                watched |= w[us.index()][p];
            }
            (watched, promoting)
        });
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let mut bb = self.pieces[code];
            while bb.any() {
                let from = bb.pop();
                let (quiet, cap) = self.targets(r, code, from);
                let mut t = quiet | cap;
                if r.effect_promotes {
                    let Some((watched, promoting)) = watched else {
                        n += self.count_played(r, code, from, t);
                        continue;
                    };
                    // The piece leaves `from`: it may be the one an effect promotes.
                    let promoting = promoting & !B::bit(from);
                    let mut risky = B::ZERO;
                    let mut scan = t & (watched | r.promotion_zones[us.index()]);
                    while scan.any() {
                        let to = scan.pop();
                        if self.effect_may_promote(r, from, to, promoting) {
                            risky |= B::bit(to);
                        }
                    }
                    t &= !risky;
                    n += self.count_played(r, code, from, risky);
                }
                n += Self::count_targets(r, code, t);
            }
        }
        let special = self.take_special_moves(r);
        for &m in &special {
            n += self.count_play(r, m);
        }
        self.scratch = special;
        n
    }

    /// Whether the only effect, acting from `to` after a move from `from`, could bring one of
    /// `promoting` into its zone. Pulls and pushes keep the first piece of a ray between the
    /// origin and the next piece beyond it, so only that stretch can meet the zone.
    pub(crate) fn effect_may_promote(
        &self,
        r: &Rules<B>,
        from: usize,
        to: usize,
        promoting: B,
    ) -> bool {
        let us = self.side.index();
        if !matches!(
            r.effects.first().map(|e| &e.scan),
            Some(crate::ir::Scan::Rays(_))
        ) {
            return true;
        }
        let occ = (self.occ & !B::bit(from)) | B::bit(to);
        let zone = r.promotion_zones[us];
        if (B::bit(to) & zone).any() {
            return true;
        }
        for &d in &r.effect_dirs[0][us] {
            let Some(b1) = r.first_blocker(d, to, occ) else {
                continue;
            };
            if !promoting.has(b1) {
                continue;
            }
            let rest = occ ^ B::bit(b1);
            let reach = (r.ride_targets(d, to, rest) & !rest) | B::bit(b1);
            if (reach & zone).any() {
                return true;
            }
        }
        false
    }

    /// Plays the moves to `t` to count them with the choices their effects ask for.
    pub(crate) fn count_played(&mut self, r: &Rules<B>, code: usize, from: usize, mut t: B) -> u64 {
        let mut n = 0;
        while t.any() {
            let to = t.pop();
            let base = Move {
                from: from as u16,
                to: to as u16,
                promo: 0,
                kind: MoveKind::Normal,
            };
            match &r.codes[code].promotion {
                Some((zone, choices)) if zone.has(to) => {
                    for &c in choices {
                        n += self.count_play(
                            r,
                            Move {
                                promo: c + 1,
                                ..base
                            },
                        );
                    }
                }
                _ => n += self.count_play(r, base),
            }
        }
        n
    }

    /// 0 if illegal, else the number of versions of the move (effect choices).
    pub(crate) fn count_play(&mut self, r: &Rules<B>, m: Move) -> u64 {
        let ok = self.make(r, m);
        let n = match (ok, self.pending_choice) {
            (false, _) => 0,
            (true, None) => 1,
            (true, Some(code)) => r.codes[code as usize]
                .promotion
                .as_ref()
                .map(|(_, c)| c.len() as u64)
                .unwrap_or(1),
        };
        self.unmake(r);
        n
    }
}
