//! Move generation, legality and perft: the hot path.
//!
//! Pseudo-legal moves come from the compiled tables. Legality is decided from pins and checks
//! when the variant allows it (`Rules::simple_legality`); otherwise each move is played and
//! tested, which is exact whatever layers, crossings and effects do.

use crate::bitboard::Bits;
use crate::ir::{Modality, Outcome, Side};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{EndTest, Rules};

/// Why the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub rule: String,
    /// For the side that made the last move.
    pub result: Option<Outcome>,
    pub winner: Option<Side>,
}

/// Pins and checks of the side to move, for simple legality.
struct Safety<B> {
    royal: usize,
    checkers: B,
    pinned: B,
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
                    out.push(Move { from: from as u16, to: to as u16, promo: c + 1, kind: MoveKind::Normal });
                }
            }
        }
        while targets.any() {
            let to = targets.pop();
            out.push(Move { from: from as u16, to: to as u16, promo: 0, kind: MoveKind::Normal });
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

    /// En passant and castling.
    fn special_moves(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let us = self.side;
        if let Some(ep) = self.ep {
            let victim_present = (0..r.layers).any(|l| {
                self.code_at(l * r.cells + ep.victim as usize)
                    .is_some_and(|c| r.codes[c as usize].side != us && r.codes[c as usize].en_passant)
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
                            let mut list = vec![];
                            Self::push_moves(r, code as usize, f, B::bit(target), &mut list);
                            out.extend(list.into_iter().map(|m| Move { kind: MoveKind::EnPassant, ..m }));
                        }
                    }
                }
            }
        }
        for (i, c) in r.castles.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            if self.board[c.king_from as usize] != c.king_code + 1 || self.board[c.rook_from as usize] != c.rook_code + 1 {
                continue;
            }
            if (self.occ & c.empty).any() {
                continue;
            }
            if c.safe.iter().any(|&s| self.attacked(r, s as usize, us.flip(), self.occ)) {
                continue;
            }
            out.push(Move { from: c.king_from, to: c.king_to, promo: 0, kind: MoveKind::Castle(i as u8) });
        }
    }

    /// The pieces of `code` that can capture onto `sq` (the square may be empty).
    fn capturers_of(&self, r: &Rules<B>, code: usize, sq: usize) -> B {
        let cr = &r.codes[code];
        let mut out = cr.leap_capture_rev[sq] & self.pieces[code];
        for ride in &cr.rides {
            if ride.modality == Modality::Move {
                continue;
            }
            let d = r.dirs[ride.dir as usize];
            // Look back from the square along the ride's reverse direction.
            let Some(rev) = r.dirs.iter().position(|x| x.step == (-d.step.0, -d.step.1) && x.range == d.range) else {
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
        let own = self.by_side[us.index()];
        let mut pinned = B::ZERO;
        for g in &r.ride_attackers[them.index()] {
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
            if g.codes.iter().any(|&(c, origin)| c + 1 == code && origin.has(b2)) {
                pinned |= B::bit(b1);
            }
        }
        Some(Safety { royal, checkers, pinned })
    }

    /// Whether a pseudo-legal move is legal without playing it, when that can be known.
    #[inline(always)]
    fn known_legal(&self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> Option<bool> {
        if m.kind != MoveKind::Normal {
            return None;
        }
        let from = m.from as usize;
        if from == s.royal {
            let occ = self.occ ^ B::bit(from);
            return Some(!self.attacked(r, m.to as usize, self.side.flip(), occ));
        }
        if s.checkers.is_zero() && !s.pinned.has(from) {
            return Some(true);
        }
        None
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
        let safety = if r.simple_legality { self.safety(r) } else { None };
        for m in pseudo {
            if let Some(s) = &safety
                && let Some(ok) = self.known_legal(r, s, &m)
            {
                if ok {
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
        let ply = depth as usize;
        while buffers.len() <= ply {
            buffers.push(Vec::with_capacity(128));
        }
        let mut moves = std::mem::take(&mut buffers[ply]);
        moves.clear();
        self.pseudo_moves(r, &mut moves);
        let safety = if r.simple_legality { self.safety(r) } else { None };
        let mut nodes = 0;
        if depth == 1 {
            if let Some(s) = &safety {
                nodes = self.count_simple(r, s, &moves);
                buffers[ply] = moves;
                return nodes;
            }
        }
        for &m in &moves {
            let known = safety.as_ref().and_then(|s| self.known_legal(r, s, &m));
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
                    let n = r.codes[code as usize].promotion.as_ref().map(|(_, c)| c.len()).unwrap_or(0);
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
                    nodes += if depth == 1 { 1 } else { self.perft(r, depth - 1, buffers) };
                    self.unmake(r);
                }
            }
        }
        buffers[ply] = moves;
        nodes
    }

    /// Counts legal moves at a leaf with pins and checks; plays only the moves that need it.
    fn count_simple(&mut self, r: &Rules<B>, s: &Safety<B>, moves: &[Move]) -> u64 {
        let mut n = 0;
        for &m in moves {
            match self.known_legal(r, s, &m) {
                Some(true) => n += 1,
                Some(false) => {}
                None => {
                    if self.make(r, m) {
                        n += 1;
                    }
                    self.unmake(r);
                }
            }
        }
        n
    }
}

fn end_of(rule: &str, result: Outcome, mover: Side) -> GameEnd {
    let winner = match result {
        Outcome::Wins => Some(mover),
        Outcome::Loses => Some(mover.flip()),
        Outcome::Draws => None,
    };
    GameEnd { rule: rule.to_string(), result: Some(result), winner }
}
