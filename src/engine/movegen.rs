//! Move generation, legality and perft: the hot path.
//!
//! Pseudo-legal moves come from the compiled tables. Legality is decided from pins and checks
//! when the variant allows it (`Rules::fast_legality`); otherwise each move is played and
//! tested, which is exact whatever layers, crossings and effects do.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::{EndTest, Rules};
use crate::ir::{Modality, Outcome, Side};

/// Why the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub rule: String,
    /// For the side that made the last move.
    pub result: Option<Outcome>,
    pub winner: Option<Side>,
}

/// Where the side to move's royal piece stands and what threatens it: enough to decide most
/// moves' legality without playing them.
struct Safety<B> {
    royal: usize,
    /// The royal piece's layer.
    layer: usize,
    in_check: bool,
    /// Where a non-royal piece may move to answer the check (single layer): the checker and the
    /// squares between; everything when not in check, nothing in double check.
    evasion: B,
    pinned: B,
    /// (pinned square, the squares it may still move to: its line up to the pinner).
    pins: [(u16, B); 8],
    n_pins: usize,
}

impl<B: Bits> Safety<B> {
    /// Records a pin; false when there are too many to remember (the caller then plays
    /// moves to judge them).
    fn pin(&mut self, sq: usize, line: B) -> bool {
        if self.n_pins == self.pins.len() {
            return false;
        }
        self.pinned |= B::bit(sq);
        self.pins[self.n_pins] = (sq as u16, line);
        self.n_pins += 1;
        true
    }

    #[inline(always)]
    fn pin_line(&self, sq: usize) -> B {
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
struct Sketch<B> {
    /// Occupancy right after the move on its own layer, and once crossings are done.
    after_move: B,
    after_all: B,
    /// Squares whose present content no longer attacks (captured, or now the mover's).
    gone: B,
    /// Where the royal piece stands after the move on its layer and at the end, if it moved.
    royal_mid: Option<usize>,
    royal_end: Option<usize>,
}

impl<B: Bits> Position<B> {
    /// The targets of the piece on `from`: (quiet, captures).
    #[inline(always)]
    fn targets(&self, r: &Rules<B>, code: usize, from: usize) -> (B, B) {
        let cr = &r.codes[code];
        let us = cr.side.index();
        let enemy = self.by_side[1 - us];
        let empty = !self.occ;
        let mut quiet = cr.leap_move[from] & empty;
        let mut cap = cr.leap_capture[from] & enemy;
        for &(slider, modality) in &cr.slides {
            let a = r.slide(slider, from, self.occ);
            match modality {
                Modality::Move => quiet |= a & empty,
                Modality::Capture => cap |= a & enemy,
                Modality::Both => {
                    quiet |= a & empty;
                    cap |= a & enemy;
                }
            }
        }
        for ride in &cr.rides {
            if !ride.origin.has(from) {
                continue;
            }
            let a = r.ride_targets(ride.dir, from, self.occ);
            match ride.modality {
                Modality::Move => quiet |= a & empty,
                Modality::Capture => cap |= a & enemy,
                Modality::Both => {
                    quiet |= a & empty;
                    cap |= a & enemy;
                }
            }
        }
        (quiet & r.all, cap)
    }

    #[inline(always)]
    fn push_moves(r: &Rules<B>, code: usize, from: usize, mut targets: B, out: &mut Vec<Move>) {
        let cr = &r.codes[code];
        if let Some((zone, choices)) = &cr.promotion {
            let mut promo = targets & *zone;
            targets &= !*zone;
            while promo.any() {
                let to = promo.pop();
                for &c in choices {
                    out.push(Move {
                        from: from as u16,
                        to: to as u16,
                        promo: c + 1,
                        kind: MoveKind::Normal,
                    });
                }
            }
        }
        while targets.any() {
            let to = targets.pop();
            out.push(Move {
                from: from as u16,
                to: to as u16,
                promo: 0,
                kind: MoveKind::Normal,
            });
        }
    }

    /// All pseudo-legal moves of the side to move: the atoms, en passant and castling.
    pub fn pseudo_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            let mut bb = self.pieces[code];
            while bb.any() {
                let from = bb.pop();
                let (quiet, cap) = self.targets(r, code, from);
                Self::push_moves(r, code, from, quiet | cap, out);
            }
        }
        self.special_moves(r, out);
    }

    /// En passant and castling, in the position's scratch list (taken; give it back after).
    fn take_special_moves(&mut self, r: &Rules<B>) -> Vec<Move> {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        if self.ep.is_some() || self.castling != 0 {
            self.special_moves(r, &mut v);
        }
        v
    }

    /// En passant and castling.
    fn special_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        if let Some(ep) = self.ep {
            let victim_present = (0..r.layers).any(|l| {
                self.code_at(l * r.cells + ep.victim as usize)
                    .is_some_and(|c| {
                        r.codes[c as usize].side != us && r.codes[c as usize].en_passant
                    })
            });
            if victim_present {
                for l in 0..r.layers {
                    let target = l * r.cells + ep.target as usize;
                    if self.board[target] != 0 {
                        continue;
                    }
                    for &code in &r.side_codes[us.index()] {
                        let cr = &r.codes[code as usize];
                        if !cr.en_passant {
                            continue;
                        }
                        let mut from = self.capturers_of(r, code as usize, target);
                        while from.any() {
                            let f = from.pop();
                            let first = out.len();
                            Self::push_moves(r, code as usize, f, B::bit(target), out);
                            for m in &mut out[first..] {
                                m.kind = MoveKind::EnPassant;
                            }
                        }
                    }
                }
            }
        }
        for (i, c) in r.castles.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            if self.board[c.king_from as usize] != c.king_code + 1
                || self.board[c.rook_from as usize] != c.rook_code + 1
            {
                continue;
            }
            if (self.occ & c.empty).any() {
                continue;
            }
            if c.safe
                .iter()
                .any(|&s| self.attacked(r, s as usize, us.flip(), self.occ))
            {
                continue;
            }
            out.push(Move {
                from: c.king_from,
                to: c.king_to,
                promo: 0,
                kind: MoveKind::Castle(i as u8),
            });
        }
    }

    /// The pieces of `code` that can capture onto `sq` (the square may be empty).
    fn capturers_of(&self, r: &Rules<B>, code: usize, sq: usize) -> B {
        let cr = &r.codes[code];
        let mut out = cr.leap_capture_rev[sq] & self.pieces[code];
        for (slider, codes) in &r.attack_sliders[cr.side.index()] {
            if codes.contains(&(code as u8)) {
                out |= r.slide(*slider, sq, self.occ) & self.pieces[code];
            }
        }
        for ride in &cr.rides {
            if ride.modality == Modality::Move {
                continue;
            }
            let d = r.dirs[ride.dir as usize];
            // Look back from the square along the ride's reverse direction.
            let Some(rev) = r
                .dirs
                .iter()
                .position(|x| x.step == (-d.step.0, -d.step.1) && x.range == d.range)
            else {
                continue;
            };
            if let Some(b) = r.first_blocker(rev as u16, sq, self.occ)
                && self.board[b] == code as u8 + 1
                && ride.origin.has(b)
            {
                out |= B::bit(b);
            }
        }
        out
    }

    fn safety(&self, r: &Rules<B>) -> Option<Safety<B>> {
        let us = self.side;
        let royals = &r.royal_codes[us.index()];
        let mut royal = None;
        for &c in royals {
            let bb = self.pieces[c as usize];
            match (bb.count(), royal) {
                (0, _) => {}
                (1, None) => royal = Some(bb.lsb()),
                _ => return None,
            }
        }
        let royal = royal?;
        let them = us.flip();
        let checkers = self.attackers(r, royal, them, self.occ);
        let evasion = match checkers.count() {
            0 => !B::ZERO,
            1 => {
                let checker = checkers.lsb();
                let code = self.board[checker] - 1;
                // A rider can be blocked on the squares between; a leaper only captured.
                let mut mask = checkers;
                if !(r.codes[code as usize].leap_capture_rev[royal] & checkers).any() {
                    for g in &r.ride_attackers[them.index()] {
                        if r.first_blocker(g.rev_dir, royal, self.occ) == Some(checker)
                            && g.codes
                                .iter()
                                .any(|&(c, origin)| c == code && origin.has(checker))
                        {
                            mask = r.ride_targets(g.rev_dir, royal, self.occ);
                            break;
                        }
                    }
                }
                mask
            }
            _ => B::ZERO,
        };
        let own = self.by_side[us.index()];
        let mut s = Safety {
            royal,
            layer: royal / r.cells,
            in_check: checkers.any(),
            evasion,
            pinned: B::ZERO,
            pins: [(0, B::ZERO); 8],
            n_pins: 0,
        };
        // Pins along sliders: the riders seen once our first blockers are lifted.
        for (slider, codes) in &r.attack_sliders[them.index()] {
            let mut riders = B::ZERO;
            for &c in codes {
                riders |= self.pieces[c as usize];
            }
            if (r.slide(*slider, royal, B::ZERO) & riders).is_zero() {
                continue;
            }
            let near = r.slide(*slider, royal, self.occ);
            let shield = near & own;
            if shield.is_zero() {
                continue;
            }
            let pinners = r.slide(*slider, royal, self.occ & !shield) & riders & !near;
            for p in pinners.iter() {
                for &d in &r.sliders[*slider as usize].dirs {
                    if r.ray(d, royal).has(p) {
                        let line = r.ride_targets(d, royal, B::bit(p));
                        if !s.pin((line & shield).lsb(), line) {
                            return None;
                        }
                    }
                }
            }
        }
        // Pins along the other rides, one direction at a time.
        for g in &r.attack_rays[them.index()] {
            let ray = r.ray(g.rev_dir, royal);
            let mut blockers = ray & self.occ;
            if blockers.is_zero() {
                continue;
            }
            let asc = r.ascending[g.rev_dir as usize];
            let b1 = if asc { blockers.lsb() } else { blockers.msb() };
            if !own.has(b1) {
                continue;
            }
            blockers ^= B::bit(b1);
            if blockers.is_zero() {
                continue;
            }
            let b2 = if asc { blockers.lsb() } else { blockers.msb() };
            let code = self.board[b2];
            if g.codes
                .iter()
                .any(|&(c, origin)| c + 1 == code && origin.has(b2))
                && !s.pin(b1, r.ride_targets(g.rev_dir, royal, B::bit(b2)))
            {
                return None;
            }
        }
        Some(s)
    }

    /// The occupancy after a move, for [`Position::sketch_legal`].
    fn sketch(&self, r: &Rules<B>, m: &Move, royal: usize) -> Option<Sketch<B>> {
        let (from, to) = (m.from as usize, m.to as usize);
        let crosses = |captured: bool| match r.cross {
            Some(crate::ir::CrossWhen::Moves) => true,
            Some(crate::ir::CrossWhen::Captures) => captured,
            None => false,
        };
        match m.kind {
            MoveKind::Normal | MoveKind::EnPassant => {
                let victim = match m.kind {
                    MoveKind::EnPassant => {
                        let ep = self.ep?;
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
                let moved_royal = from == royal;
                Some(Sketch {
                    after_move,
                    after_all,
                    gone: B::bit(victim) | B::bit(to),
                    royal_mid: moved_royal.then_some(to),
                    royal_end: moved_royal.then_some(dest),
                })
            }
            MoveKind::Castle(i) => {
                let c = &r.castles[i as usize];
                let (kf, kt, rf, rt) = c.squares();
                let after_move = (self.occ & !B::bit(kf) & !B::bit(rf)) | B::bit(kt) | B::bit(rt);
                let (kd, rd) = if crosses(false) {
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
                let royal_moved = kf == royal;
                Some(Sketch {
                    after_move,
                    after_all,
                    gone: B::bit(kt) | B::bit(rt) | B::bit(kd) | B::bit(rd),
                    royal_mid: royal_moved.then_some(kt),
                    royal_end: royal_moved.then_some(kd),
                })
            }
        }
    }

    /// Judges a move of an effect-free variant from the occupancy it leaves, without playing it.
    fn sketch_legal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> bool {
        let Some(k) = self.sketch(r, m, s.royal) else {
            return false;
        };
        let them = self.side.flip();
        if r.layered && !self.lands_free(r, &k) {
            return false;
        }
        if r.check_at_move
            && let Some(mid) = k.royal_mid
            && self.attacked_without(r, mid, them, k.after_move, k.gone)
        {
            return false;
        }
        let king = k.royal_end.unwrap_or(s.royal);
        !self.attacked_without(r, king, them, k.after_all, k.gone)
    }

    /// On a layered board, no cell may hold pieces on two layers after the move.
    fn lands_free(&self, r: &Rules<B>, k: &Sketch<B>) -> bool {
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
    fn attacked_without(&self, r: &Rules<B>, sq: usize, by: Side, occ: B, gone: B) -> bool {
        self.attack_scan::<true>(r, sq, by, occ, gone).any()
    }

    /// Whether a pseudo-legal move of an effect-free variant is legal, without playing it.
    #[inline(always)]
    fn fast_legal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> bool {
        let from = m.from as usize;
        let to = m.to as usize;
        if m.kind != MoveKind::Normal || from == s.royal {
            return self.sketch_legal(r, s, m);
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

    /// A normal move to `to` lands on a cell free on every other layer (after crossing, if
    /// any).
    #[inline(always)]
    fn lands_clear(&self, r: &Rules<B>, to: usize) -> bool {
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

    /// The game end that holds before any move is generated (campmate, royal captured).
    pub fn immediate_end(&self, r: &Rules<B>) -> Option<GameEnd> {
        let mover = self.side.flip();
        for e in &r.end {
            let hit = match &e.test {
                EndTest::RoyalCaptured => !self.has_royal(r, self.side),
                EndTest::Campmate(masks) => r.royal_codes[mover.index()]
                    .iter()
                    .any(|&c| (self.pieces[c as usize] & masks[mover.index()]).any()),
                _ => false,
            };
            if hit {
                return Some(end_of(&e.name, e.result, mover));
            }
        }
        None
    }

    /// The game end when the side to move has no legal move.
    pub fn no_move_end(&self, r: &Rules<B>) -> Option<GameEnd> {
        let mover = self.side.flip();
        let in_check = self.royal_attacked(r, self.side);
        for e in &r.end {
            let hit = match e.test {
                EndTest::Checkmate => in_check,
                EndTest::Stalemate => !in_check,
                _ => false,
            };
            if hit {
                return Some(end_of(&e.name, e.result, mover));
            }
        }
        None
    }

    /// The legal moves, each with the choice an effect may ask for resolved into separate moves.
    pub fn legal_moves(&mut self, r: &Rules<B>, out: &mut Vec<Move>) {
        out.clear();
        if self.immediate_end(r).is_some() {
            return;
        }
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_moves(r, &mut pseudo);
        let safety = if r.fast_legality {
            self.safety(r)
        } else {
            None
        };
        for m in pseudo {
            if let Some(s) = &safety {
                if self.fast_legal(r, s, &m) {
                    out.push(m);
                }
                continue;
            }
            let ok = self.make(r, m);
            let pending = self.pending_choice;
            self.unmake(r);
            if !ok {
                continue;
            }
            match pending {
                Some(code) => {
                    if let Some((_, choices)) = &r.codes[code as usize].promotion {
                        for &c in choices {
                            out.push(Move { promo: c + 1, ..m });
                        }
                    }
                }
                None => out.push(m),
            }
        }
    }

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
    fn count_targets(r: &Rules<B>, code: usize, t: B) -> u64 {
        match &r.codes[code].promotion {
            Some((zone, choices)) => {
                (t & !*zone).count() as u64 + (t & *zone).count() as u64 * choices.len() as u64
            }
            None => t.count() as u64,
        }
    }

    /// Counts legal moves at a leaf of an effect-free variant without listing them: pins and
    /// checks settle most moves, occupancy algebra the rest.
    fn count_fast(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
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
    fn count_sketched(
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
    fn count_unchecked(&mut self, r: &Rules<B>) -> u64 {
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
    fn effect_may_promote(&self, r: &Rules<B>, from: usize, to: usize, promoting: B) -> bool {
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
    fn count_played(&mut self, r: &Rules<B>, code: usize, from: usize, mut t: B) -> u64 {
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
    fn count_play(&mut self, r: &Rules<B>, m: Move) -> u64 {
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

fn end_of(rule: &str, result: Outcome, mover: Side) -> GameEnd {
    let winner = match result {
        Outcome::Wins => Some(mover),
        Outcome::Loses => Some(mover.flip()),
        Outcome::Draws => None,
    };
    GameEnd {
        rule: rule.to_string(),
        result: Some(result),
        winner,
    }
}
