//! Legal moves and perft. Legality is settled without playing the move wherever the rules
//! allow (pins and checks, or the occupancy a move leaves); a variant whose effects decide it
//! plays the move and tests it. Obligations (forced captures, forced drops) filter the legal
//! list. At the last ply, moves are counted without listing them where the
//! rules allow it.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::bitboard::Bits;
use crate::engine::legality::Safety;
use crate::engine::plain::plain_width;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;

/// What the interpreter's perft carries down its recursion: a move list per ply, reused, and
/// the flag that stops it (one reference, as the lists alone were before).
struct Tree<'s> {
    lists: Vec<Vec<Move>>,
    stop: &'s AtomicBool,
}

impl Tree<'_> {
    /// Runs `count` with the caller's lists, handed back after.
    fn lend(
        buffers: &mut Vec<Vec<Move>>,
        stop: &AtomicBool,
        count: impl FnOnce(&mut Tree<'_>) -> u64,
    ) -> u64 {
        let mut tree = Tree {
            lists: std::mem::take(buffers),
            stop,
        };
        let nodes = count(&mut tree);
        *buffers = tree.lists;
        nodes
    }
}

impl<B: Bits> Position<B> {
    /// Whether some rule filters the legal list as a whole (so moves cannot be judged alone).
    #[inline]
    fn has_obligations(&self, r: &Rules<B>) -> bool {
        r.must_capture || r.must_drop || r.no_captures_undone
    }

    /// The legal moves, each with the choice an effect may ask for resolved into separate moves.
    pub fn legal_moves(&mut self, r: &Rules<B>, out: &mut Vec<Move>) {
        out.clear();
        if self.immediate_end(r).is_some() {
            return;
        }
        self.legal_moves_using(r, out, &mut Vec::with_capacity(64));
    }

    /// The legal moves of a position whose game goes on (the caller has asked
    /// [`Position::immediate_end`]), listed through the caller's `pseudo` list so that nothing
    /// is allocated once the lists have grown.
    pub fn legal_moves_using(&mut self, r: &Rules<B>, out: &mut Vec<Move>, pseudo: &mut Vec<Move>) {
        out.clear();
        pseudo.clear();
        self.pseudo_moves(r, pseudo);
        self.keep_legal(r, pseudo, out);
        if self.has_obligations(r) {
            self.apply_obligations(r, out);
        }
        if out.is_empty() && r.pass_when_stuck {
            self.pass_move(r, out);
        }
    }

    /// Pushes onto `out` the legal moves of `pseudo`, each effect's choice a move of its own.
    #[inline(always)]
    pub(crate) fn keep_legal(&mut self, r: &Rules<B>, pseudo: &[Move], out: &mut Vec<Move>) {
        let safety = if r.fast_legality {
            self.safety(r)
        } else {
            None
        };
        let stand = safety.is_none() && r.pseudo_moves_stand();
        for &m in pseudo {
            if stand && matches!(m.kind, MoveKind::Normal | MoveKind::Drop) {
                out.push(m);
                continue;
            }
            match safety.as_ref().and_then(|s| self.judge(r, s, &m)) {
                Some(true) => out.push(m),
                Some(false) => {}
                None => self.push_if_legal(r, m, out),
            }
        }
    }

    /// Whether the side to move has a legal move (obligations aside: they only choose among
    /// legal moves), judged without playing where the rules allow.
    pub(crate) fn has_legal_move(&mut self, r: &Rules<B>) -> bool {
        self.has_move_but_pass(r) || r.pass_when_stuck && self.can_pass(r)
    }

    /// Whether the side to move has a pass to make (it has a piece on the board).
    fn can_pass(&self, r: &Rules<B>) -> bool {
        let mut pass = Vec::with_capacity(1);
        self.pass_move(r, &mut pass);
        !pass.is_empty()
    }

    /// [`Position::has_legal_move`], leaving out the pass of `pass when stuck`.
    fn has_move_but_pass(&mut self, r: &Rules<B>) -> bool {
        let mut pseudo = std::mem::take(&mut self.scratch);
        pseudo.clear();
        self.pseudo_moves(r, &mut pseudo);
        let safety = if r.fast_legality {
            self.safety(r)
        } else {
            None
        };
        let any = pseudo.iter().any(
            |m| match safety.as_ref().and_then(|s| self.judge(r, s, m)) {
                Some(legal) => legal,
                None => self.is_legal_now(r, *m),
            },
        );
        self.scratch = pseudo;
        any
    }

    /// Whether `m` is legal, judged without playing it; `None` when it must be played to tell.
    #[inline(always)]
    fn judge(&mut self, r: &Rules<B>, s: &Safety<B>, m: &Move) -> Option<bool> {
        if r.royal_promotions
            && m.promo > 0
            && (r.codes[m.promo as usize - 1].royal
                || r.codes[m.promo as usize - 1].side != self.side)
        {
            return None;
        }
        if !self.fast_legal(r, s, m) {
            return Some(false);
        }
        // A dropped piece may check from anywhere: its drop is always tested.
        if r.check.drop_mates_refused && m.kind == MoveKind::Drop {
            // A drop that may not mate is played to be judged.
            return None;
        }
        let dropped = r.no_drop_checks && m.kind == MoveKind::Drop;
        if dropped || r.checks_barred(self.fullmove) && self.may_give_check(r, s, m) {
            let check = self.checks_after(r, m)?;
            // A check that may be a mate is judged by playing it.
            let maybe_mate = check && !dropped && r.checks_if_mate && !self.judging_replies;
            return if maybe_mate { None } else { Some(!check) };
        }
        Some(true)
    }

    /// Plays `m` to judge it; pushes it (once per effect choice) if legal.
    fn push_if_legal(&mut self, r: &Rules<B>, m: Move, out: &mut Vec<Move>) {
        let ok = self.make(r, m);
        let pending = self.pending_choice;
        self.unmake(r);
        if !ok {
            return;
        }
        match pending.and_then(|code| r.codes[code as usize].promotion.as_ref()) {
            Some(p) => {
                for &c in &p.choices {
                    out.push(Move { promo: c + 1, ..m });
                }
            }
            None => out.push(m),
        }
    }

    /// Whether a move captures.
    #[inline]
    pub fn is_capture(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::Normal => self.code_at(m.to as usize).is_some(),
            MoveKind::EnPassant => true,
            MoveKind::Castle(_) | MoveKind::Drop | MoveKind::Pass | MoveKind::Promote => false,
        }
    }

    /// Forced drops and forced captures, and no capture undone, on the legal list.
    fn apply_obligations(&mut self, r: &Rules<B>, out: &mut Vec<Move>) {
        if r.must_drop {
            self.force_drops(r, out);
        }
        if let Some(last) = self.last_capture {
            out.retain(|m| (m.from, m.to) != last || !self.is_capture(m));
        }
        if r.must_capture && out.iter().any(|m| self.is_capture(m)) {
            out.retain(|m| self.is_capture(m));
        }
    }

    /// `must drop [PIECE...]`: while the side holds a piece of a forced kind and may drop one,
    /// only such drops are legal.
    fn force_drops(&self, r: &Rules<B>, out: &mut Vec<Move>) {
        let forced = |code: u8| {
            let kind = code as usize % r.kinds;
            r.must_drop_only.is_empty() || r.must_drop_only.contains(&kind)
        };
        let forced_drop =
            |m: &Move| m.kind == MoveKind::Drop && forced(r.codes[m.promo as usize - 1].hand_code);
        let holds = (r.side_codes[self.side.index()].iter())
            .any(|&c| self.hand[c as usize] > 0 && forced(c));
        if holds && out.iter().any(forced_drop) {
            out.retain(forced_drop);
        }
    }

    /// Perft: leaf positions at `depth`, game-over positions having no children. A plain rule
    /// set takes the plain path ([`crate::engine::plain`]).
    pub fn perft(&mut self, r: &Rules<B>, depth: u32, buffers: &mut Vec<Vec<Move>>) -> u64 {
        self.perft_until(r, depth, buffers, &AtomicBool::new(false))
    }

    /// [`Position::perft`] that gives up once `stop` is set (read at every node above the last
    /// ply, so within microseconds); the count is then partial, for the caller to drop.
    pub fn perft_until(
        &mut self,
        r: &Rules<B>,
        depth: u32,
        buffers: &mut Vec<Vec<Move>>,
        stop: &AtomicBool,
    ) -> u64 {
        match self.plain_perft(r, depth, stop) {
            Some(nodes) => nodes,
            None => Tree::lend(buffers, stop, |tree| self.count_tree(r, depth, tree)),
        }
    }

    /// Perft by the interpreter alone, never the plain path (which it cross-checks).
    pub fn perft_interpreted(
        &mut self,
        r: &Rules<B>,
        depth: u32,
        buffers: &mut Vec<Vec<Move>>,
    ) -> u64 {
        Tree::lend(buffers, &AtomicBool::new(false), |tree| {
            self.count_tree(r, depth, tree)
        })
    }

    /// [`Position::perft_interpreted`], giving up once `stop` is set.
    fn count_tree(&mut self, r: &Rules<B>, depth: u32, tree: &mut Tree<'_>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.immediate_end(r).is_some() || (depth >= 2 && tree.stop.load(Ordering::Relaxed)) {
            return 0;
        }
        let ply = depth as usize;
        while tree.lists.len() <= ply {
            tree.lists.push(Vec::with_capacity(128));
        }
        let mut moves = std::mem::take(&mut tree.lists[ply]);
        let counts_captures = depth == 1
            && r.must_capture
            && !r.must_drop
            && !r.pass_when_stuck
            && plain_width::<B>();
        let mut nodes = if counts_captures && r.pseudo_moves_stand() {
            self.count_must_capture(r)
        } else if self.has_obligations(r) {
            self.legal_moves(r, &mut moves);
            self.perft_list(r, depth, &moves, tree)
        } else {
            self.perft_pseudo(r, depth, &mut moves, tree)
        };
        tree.lists[ply] = moves;
        if nodes == 0 && r.pass_when_stuck && !self.has_obligations(r) {
            nodes = self.perft_stuck_pass(r, depth, tree);
        }
        nodes
    }

    /// Under `pass when stuck`, a node whose moves gave no leaf: the pass, when the side has
    /// no other legal move (the moves' subtrees may merely have been empty).
    fn perft_stuck_pass(&mut self, r: &Rules<B>, depth: u32, tree: &mut Tree<'_>) -> u64 {
        if self.has_move_but_pass(r) {
            return 0;
        }
        let mut pass = Vec::with_capacity(1);
        self.pass_move(r, &mut pass);
        let Some(&m) = pass.first() else {
            return 0;
        };
        if depth == 1 {
            return 1;
        }
        self.play(r, m, false);
        let nodes = self.count_tree(r, depth - 1, tree);
        self.unmake(r);
        nodes
    }

    /// Perft below a list of legal moves.
    fn perft_list(&mut self, r: &Rules<B>, depth: u32, moves: &[Move], tree: &mut Tree<'_>) -> u64 {
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in moves {
            self.play(r, m, false);
            nodes += self.count_tree(r, depth - 1, tree);
            self.unmake(r);
        }
        nodes
    }

    /// Perft from pseudo-legal moves judged one by one, counting at the last ply.
    fn perft_pseudo(
        &mut self,
        r: &Rules<B>,
        depth: u32,
        moves: &mut Vec<Move>,
        tree: &mut Tree<'_>,
    ) -> u64 {
        let safety = if r.fast_legality {
            self.safety(r)
        } else {
            None
        };
        // The leaf counters without listing, as the plain path, once in the playground's module:
        // for boards of one word (the others list their last moves, only slower).
        if depth == 1 && plain_width::<B>() {
            if let Some(s) = &safety
                && !r.no_checks
                && !r.no_drop_checks
                && !r.check.drop_mates_refused
                && !r.royal_promotions
            {
                return self.count_fast(r, s);
            }
            if !r.check.enabled()
                && !r.no_checks
                && !r.no_drop_checks
                && !r.required_by_play
                && !r.hand_steps
                && !r.make_steps
                && !r.move_enemy
            {
                return self.count_unchecked(r);
            }
        }
        moves.clear();
        self.pseudo_moves(r, moves);
        let mut nodes = 0;
        for &m in moves.iter() {
            let known = safety.as_ref().and_then(|s| self.judge(r, s, &m));
            if known == Some(false) {
                continue;
            }
            if known == Some(true) && depth == 1 && !r.effect_promotes {
                nodes += 1;
                continue;
            }
            let legal = self.play(r, m, known.is_none());
            if !legal {
                self.unmake(r);
                continue;
            }
            match self
                .pending_choice
                .and_then(|code| r.codes[code as usize].promotion.as_ref())
            {
                Some(p) => {
                    let choices = p.choices.clone();
                    self.unmake(r);
                    if depth == 1 {
                        nodes += choices.len() as u64;
                    } else {
                        for c in choices {
                            self.make(r, Move { promo: c + 1, ..m });
                            nodes += self.count_tree(r, depth - 1, tree);
                            self.unmake(r);
                        }
                    }
                }
                None => {
                    nodes += if depth == 1 {
                        1
                    } else {
                        self.count_tree(r, depth - 1, tree)
                    };
                    self.unmake(r);
                }
            }
        }
        nodes
    }

    /// The number of moves to the targets `t` of the piece of `code` on `from`: as many as
    /// [`Position::push_moves`] would list.
    #[inline(always)]
    pub(crate) fn count_targets(&self, r: &Rules<B>, code: usize, from: usize, t: B) -> u64 {
        let cr = &r.codes[code];
        if cr.promotion.is_none() && !r.no_stuck_pieces {
            return t.count() as u64;
        }
        let t = self.unstuck(r, code, from, t);
        let Some(p) = cr.promotion.as_ref().filter(|p| !p.in_place) else {
            return t.count() as u64;
        };
        let mut promoting = p.promoting(from, t, self.occ);
        if cr.captures_in_place {
            promoting &= !self.occ;
        }
        let choices = p
            .choices
            .iter()
            .filter(|&&c| self.under_limit(p, c) && !p.zoned.iter().any(|z| z.0 == c))
            .count() as u64;
        let mut n = (t & !promoting).count() as u64 + promoting.count() as u64 * choices;
        for &(c, zone) in &p.zoned {
            if self.under_limit(p, c) {
                n += (promoting & zone).count() as u64;
            }
        }
        if p.optional {
            let stay = if r.no_stuck_pieces {
                promoting & !cr.stuck
            } else {
                promoting
            };
            n += stay.count() as u64;
        }
        n
    }

    /// How many versions each move has: one, or one per square the moving wall may go to.
    #[inline(always)]
    fn wall_factor(&self, r: &Rules<B>, captures: bool) -> u64 {
        if !r.moving_wall {
            return 1;
        }
        let empty = (!self.occ & r.geo.all).count() as u64;
        if captures { empty + 1 } else { empty }
    }

    /// Counts legal moves at a leaf of an effect-free variant without listing them: pins and
    /// checks settle most moves, occupancy algebra the rest. A wall placed instead of a move
    /// only blocks, so each square it may go to is a legal move when the side is not in check.
    pub(crate) fn count_fast(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
        match &r.placed_wall {
            Some(w) if w.instead => {
                let walls = if s.in_check {
                    0
                } else {
                    self.wall_squares_instead(r).count() as u64
                };
                walls + self.count_moves_fast(r, s)
            }
            Some(_) => self.count_by_list(r, s),
            None => self.count_moves_fast(r, s),
        }
    }

    /// [`Position::count_fast`] without the walls of `wall placed instead`.
    fn count_moves_fast(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
        if r.moving_wall || r.wall_behind {
            return self.count_by_list(r, s);
        }
        if !s.by_pins {
            return self.count_by_lines(r, s);
        }
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
            for from in self.pieces[code].iter() {
                let (quiet, cap) = self.targets(r, code, from);
                let mut t = quiet | cap;
                if from == s.royal {
                    if !r.layered && !r.check.at_move {
                        let occ = self.occ ^ B::bit(from);
                        let safe = t
                            .iter()
                            .filter(|&to| !self.attacked(r, to, them, occ))
                            .fold(B::ZERO, |m, to| m | B::bit(to));
                        n += self.count_targets(r, code, from, safe);
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
                    n += self.count_targets(r, code, from, t);
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
                    n += self.count_targets(r, code, from, t);
                } else if s.pinned.has(from) {
                    n += self.count_sketched(r, s, code, from, t);
                } else {
                    n += self.count_targets(r, code, from, quiet & t)
                        + self.count_sketched(r, s, code, from, cap & t);
                }
            }
        }
        let special = self.take_leaf_extras(r);
        for m in &special {
            if self.fast_legal(r, s, m) {
                n += 1;
            }
        }
        self.scratch = special;
        n
    }

    /// Counts a leaf where pins do not settle the moves (several royal pieces, explosions,
    /// touching royals, hoppers): move by move, but the quiet moves of a piece that stands on
    /// no line to a royal piece in bulk when not in check, as they cannot uncover one (nor,
    /// landing off those lines, give a hopper a screen).
    fn count_by_lines(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
        let bulk_quiet = !s.in_check && !s.facing && self.untouched_settles(r);
        let them = self.side.flip().index();
        let mut lines = B::ZERO;
        for royal in s.royals.iter() {
            lines |= self.live_lines(r, royal, them);
        }
        let landing = if r.hop_attacks[them].is_empty() {
            !B::ZERO
        } else {
            !lines
        };
        let mut n = 0u64;
        for &code in &r.side_codes[self.side.index()] {
            let code = code as usize;
            for from in self.pieces[code].iter() {
                let (quiet, cap) = self.targets(r, code, from);
                let each = if bulk_quiet && !s.royals.has(from) && !lines.has(from) {
                    n += self.count_targets(r, code, from, quiet & landing);
                    cap | (quiet & !landing)
                } else {
                    quiet | cap
                };
                self.each_move(r, code, from, each, |m| {
                    n += self.fast_legal(r, s, &m) as u64;
                });
            }
        }
        let special = self.take_leaf_extras(r);
        n += special.iter().filter(|m| self.fast_legal(r, s, m)).count() as u64;
        self.scratch = special;
        n
    }

    /// The lines along which a quiet move could open an attack of `them` on `royal`: the rays
    /// from it on which one of their riders or hoppers of that direction stands, and the paths
    /// of their lame leapers that stand where they would reach it. (A leap does not depend on
    /// the board; a line with no attacker on it opens nothing.)
    fn live_lines(&self, r: &Rules<B>, royal: usize, them: usize) -> B {
        let mut lines = B::ZERO;
        for (slider, codes) in &r.attack_sliders[them] {
            let mut riders = B::ZERO;
            for &c in codes {
                riders |= self.pieces[c as usize];
            }
            if (r.slide(*slider, royal, B::ZERO) & riders).is_zero() {
                continue;
            }
            for &d in &r.sliders[*slider as usize].dirs {
                let ray = r.ray(d, royal);
                if (ray & riders).any() {
                    lines |= ray;
                }
            }
        }
        let groups = r.attack_rays[them]
            .iter()
            .map(|g| (g.rev_dir, &g.codes))
            .chain(r.hop_attacks[them].iter().map(|g| (g.rev_dir, &g.codes)));
        for (dir, codes) in groups {
            let ray = r.ray(dir, royal);
            if codes
                .iter()
                .any(|a| (ray & self.pieces[a.code as usize]).any())
            {
                lines |= ray;
            }
        }
        for &c in &r.lame_attackers[them] {
            let pieces = self.pieces[c as usize];
            if pieces.is_zero() {
                continue;
            }
            for l in &r.codes[c as usize].lame_attack_rev[royal] {
                if pieces.has(l.to as usize) {
                    lines |= l.path;
                }
            }
        }
        lines
    }

    /// The moves a leaf count cannot take from target sets: en passant, castling, promotions
    /// in place, drops, gating and the pass, in the position's scratch list (give it back
    /// after).
    fn take_leaf_extras(&mut self, r: &Rules<B>) -> Vec<Move> {
        let mut extras = self.take_special_moves(r);
        if r.drops {
            self.drops(r, &mut extras);
        }
        if !r.gate_squares.is_empty() {
            self.gating_moves(r, &mut extras);
        }
        if r.pass {
            self.pass_move(r, &mut extras);
        }
        extras
    }

    /// Counts a leaf by listing the pseudo-legal moves and sketching each.
    fn count_by_list(&mut self, r: &Rules<B>, s: &Safety<B>) -> u64 {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        self.pseudo_moves(r, &mut v);
        let n = v.iter().filter(|m| self.fast_legal(r, s, m)).count() as u64;
        self.scratch = v;
        n
    }

    /// Counts the moves to `t` that the occupancy algebra accepts.
    pub(crate) fn count_sketched(
        &self,
        r: &Rules<B>,
        s: &Safety<B>,
        code: usize,
        from: usize,
        t: B,
    ) -> u64 {
        let mut ok = B::ZERO;
        for to in t.iter() {
            let m = Move {
                from: from as u16,
                to: to as u16,
                ..Move::default()
            };
            if self.sketch_legal(r, s, &m) {
                ok |= B::bit(to);
            }
        }
        self.count_targets(r, code, from, ok)
    }

    /// Counts moves at a leaf when nothing is illegal (no check rule): every pseudo-legal move
    /// counts, and only a move whose effect might promote is played to learn its choices.
    pub(crate) fn count_unchecked(&mut self, r: &Rules<B>) -> u64 {
        if r.placed_wall.is_some() {
            return self.count_placed_walls(r);
        }
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
            let mut watched = B::ZERO;
            for p in promoting.iter() {
                watched |= w[us.index()][p];
            }
            (watched, promoting)
        });
        let (quiet_factor, capture_factor) =
            (self.wall_factor(r, false), self.wall_factor(r, true));
        for &code in &r.side_codes[us.index()] {
            let code = code as usize;
            for from in self.pieces[code].iter() {
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
                    for to in (t & (watched | r.promotion_zones[us.index()])).iter() {
                        if self.effect_may_promote(r, from, to, promoting) {
                            risky |= B::bit(to);
                        }
                    }
                    if risky.any() {
                        t &= !risky;
                        n += self.count_played(r, code, from, risky);
                    }
                }
                n += self.count_targets(r, code, from, t & quiet) * quiet_factor
                    + self.count_targets(r, code, from, t & cap) * capture_factor;
            }
        }
        let special = self.take_leaf_extras(r);
        for &m in &special {
            n += match (r.moving_wall, m.kind) {
                (true, MoveKind::Drop) => quiet_factor - 1,
                (true, _) => self.wall_factor(r, self.is_capture(&m)),
                (false, MoveKind::Drop) => 1,
                (false, _) => self.count_play(r, m),
            };
        }
        self.scratch = special;
        n
    }

    /// [`Position::count_unchecked`] under `wall placed` or `wall shot`: each move counts once
    /// per square its wall may go to, found without listing the walled moves.
    fn count_placed_walls(&mut self, r: &Rules<B>) -> u64 {
        let mut v = std::mem::take(&mut self.scratch);
        v.clear();
        self.unwalled_moves(r, &mut v);
        if r.placed_wall.as_ref().is_some_and(|w| w.instead) {
            self.walls_instead(r, &mut v);
            let n = v.len() as u64;
            self.scratch = v;
            return n;
        }
        let n = v
            .iter()
            .map(|m| match m.kind {
                MoveKind::Pass => 1,
                _ => self.placed_wall_squares(r, m).count() as u64,
            })
            .sum();
        self.scratch = v;
        n
    }

    /// Counts the legal moves at a leaf where captures are compulsory and every pseudo-legal
    /// move stands: the captures, or every move when there is none.
    fn count_must_capture(&mut self, r: &Rules<B>) -> u64 {
        let (mut quiet_n, mut capture_n) = (0u64, 0u64);
        for &code in &r.side_codes[self.side.index()] {
            let code = code as usize;
            for from in self.pieces[code].iter() {
                let (quiet, cap) = self.targets(r, code, from);
                quiet_n += self.count_targets(r, code, from, quiet);
                capture_n += self.count_targets(r, code, from, cap);
            }
        }
        let special = self.take_leaf_extras(r);
        for &m in &special {
            let n = match m.kind {
                MoveKind::Drop => 1,
                _ => self.count_play(r, m),
            };
            if self.is_capture(&m) {
                capture_n += n;
            } else {
                quiet_n += n;
            }
        }
        self.scratch = special;
        if capture_n > 0 { capture_n } else { quiet_n }
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
    pub(crate) fn count_played(&mut self, r: &Rules<B>, code: usize, from: usize, t: B) -> u64 {
        if t.is_zero() {
            return 0;
        }
        let mut n = 0;
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        self.push_moves(r, code, from, t, &mut moves);
        for &m in &moves {
            n += self.count_play(r, m);
        }
        self.scratch = moves;
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
                .map(|p| p.choices.len() as u64)
                .unwrap_or(1),
        };
        self.unmake(r);
        n
    }
}
