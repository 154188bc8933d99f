//! The search proper: iterative deepening over a principal variation search, quiescence on
//! captures and promotions, and the game's ends as scores. Every list is kept per ply and
//! reused, so a node allocates nothing once the lists have grown.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::engine::bitboard::Bits;
use crate::engine::end::GameEnd;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;
use crate::search::eval::Values;
use crate::search::table::{Bound, Entry, Table};
use crate::search::{INFINITE, Limits, MATE, MAX_PLY, Progress, Score, key};

/// How deep quiescence goes below the horizon.
const MAX_QUIESCENCE: u32 = 8;
/// Ordering: the table's move, captures and promotions, killers, then the history.
const TABLE_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// What a root move is worth, at most, for the replies it leaves the other side that lose that
/// side the game at once (all of them: this much, 200 pawns). No sound opponent plays such a
/// reply; one that errs does, and each is a share of a game won (Misere against a random mover:
/// 26 of 40 games won at this weight, 18 at 50 pawns, 11 at 6, 16 without).
const CHANCES: i32 = 20_000;
/// What a root move is worth, at most, for the replies that let the root side win with its
/// next move (all of them: this much). A tie-break among moves of one score and no more: the
/// search sees such a reply, and a move chosen for them must not cost a better score
/// (Tic-tac-toe's drawn moves: a threat to answer, not a quiet drop).
const TRAPS: i32 = 20;
/// The replies' own next moves are looked at for a win only where the root has at most this
/// many moves.
const FEW_MOVES: usize = 12;
/// At most this many replies are looked at for the root's chances (a root of 64 moves of 64
/// replies each): where there are more, none are looked for (Amazons' thousands of moves).
const CHANCES_WORK: usize = 4096;
/// Beyond this a score is a mate (or another won end) found.
const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

/// Whether a move can lose its own side the game at once: a mate or a stalemate given that
/// loses its giver, or an end rule of another kind (in chess a move never does, and the root's
/// chances are not looked for).
fn a_move_can_lose_its_side<B: Bits>(r: &Rules<B>) -> bool {
    use crate::engine::rules::EndTest;
    r.end.iter().any(|e| match e.test {
        EndTest::Checkmate | EndTest::Stalemate => e.result == crate::ir::Outcome::Loses,
        _ => true,
    })
}

/// One search: the position, the tables, and what each ply keeps.
pub(crate) struct Searcher<'a, B: Bits> {
    r: &'a Rules<B>,
    pos: &'a mut Position<B>,
    values: Values,
    table: &'a Table,
    limits: &'a Limits,
    stop: &'a AtomicBool,
    start: Instant,
    nodes: u64,
    /// The other threads' node counts (none when searching alone).
    threads: Threads<'a>,
    stopped: bool,
    /// Keys of the game before the search, then of each position on the path.
    keys: Vec<u64>,
    /// The board-and-hands part of the keys on the path.
    board_keys: Vec<u64>,
    lists: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    pseudo: Vec<Move>,
    killers: Vec<[Move; 2]>,
    /// Per (code moved, square reached): how often the move made a cut.
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    /// Per ply: the static evaluation, where the node computed it.
    evals: Vec<i32>,
    /// Per ply: whether the move that led here was a null move.
    after_null: Vec<bool>,
    /// Whether a null move may be tried at all: not where passing changes what a turn does.
    null_moves: bool,
    /// Late-move reductions by (depth, move number), each at most 63.
    reductions: Vec<[u8; 64]>,
    /// No position before the last reset of the halfmove clock can come back.
    clock_bounds_repetition: bool,
    /// Per root move: what the replies it leaves that lose at once are worth to the root's
    /// side (see [`CHANCES`]); empty where no move loses its own side the game.
    chances: Vec<(Move, i32)>,
}

impl<'a, B: Bits> Searcher<'a, B> {
    pub(crate) fn new(
        r: &'a Rules<B>,
        pos: &'a mut Position<B>,
        table: &'a Table,
        (limits, stop): (&'a Limits, &'a AtomicBool),
        mut keys: Vec<u64>,
    ) -> Searcher<'a, B> {
        let board = key::board_key(r, pos);
        keys.push(board ^ key::state_key(r, pos));
        let per_ply = |cap| (0..=MAX_PLY).map(|_| Vec::with_capacity(cap)).collect();
        Searcher {
            values: Values::new(r),
            r,
            pos,
            table,
            limits,
            stop,
            start: Instant::now(),
            nodes: 0,
            threads: Threads::default(),
            stopped: false,
            keys,
            board_keys: vec![board],
            lists: per_ply(64),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pseudo: Vec::with_capacity(256),
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            history: vec![0; r.codes.len() * r.squares],
            pv: per_ply(MAX_PLY),
            evals: vec![0; MAX_PLY + 1],
            after_null: vec![false; MAX_PLY + 1],
            null_moves: null_moves_meaningful(r),
            reductions: reductions(),
            clock_bounds_repetition: clock_bounds_repetition(r),
            chances: vec![],
        }
    }

    /// Iterative deepening: one iteration per depth until a limit; the last completed one.
    pub(crate) fn iterate(&mut self, report: &mut dyn FnMut(&Progress<Move>)) -> Progress<Move> {
        let mut best = self.fallback();
        let most = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        let mut last = 0;
        self.chances = self.root_chances();
        for depth in 1..=most.max(1) {
            if self.threads.skips(depth) {
                continue;
            }
            let v = self.root(depth as i32, last);
            last = v;
            if self.stopped && depth > 1 {
                // The root's first move (the last iteration's best) was searched in full when
                // the line is not empty: the best of the moves searched is the better choice.
                if !self.pv[0].is_empty() {
                    best = self.progress(depth - 1, v);
                }
                // The nodes and time of the whole search, the stopped iteration's included.
                best.nodes = self.nodes;
                best.millis = self.start.elapsed().as_millis() as u64;
                break;
            }
            if !self.pv[0].is_empty() {
                if !self.threads.counts.is_empty() {
                    self.extend_line(depth as usize);
                }
                best = self.progress(depth, v);
                report(&best);
            }
            let mate_found = v.abs() >= MATE - depth as i32;
            if self.stopped || best.pv.is_empty() || mate_found {
                break;
            }
        }
        best
    }

    /// Per root move: the share of the replies it leaves the other side that end the game at
    /// once in the root side's favour (a misère mate given, a last piece taken), times
    /// [`CHANCES`], and, times [`TRAPS`], the share that end it in a draw (a stalemate given:
    /// less) and where the root has few moves the share that let the root side win with its
    /// next move; none where more than [`CHANCES_WORK`] replies would be looked at.
    fn root_chances(&mut self) -> Vec<(Move, i32)> {
        let r = self.r;
        let mut moves = vec![];
        if !a_move_can_lose_its_side(r) || self.pos.immediate_end(r).is_some() {
            return vec![];
        }
        self.pos.legal_moves_using(r, &mut moves, &mut self.pseudo);
        let (mut replies, mut chances, mut work) = (vec![], vec![], 0);
        if moves.len() * moves.len() > CHANCES_WORK {
            return vec![];
        }
        let mut ours = (moves.len() <= FEW_MOVES).then(Vec::new);
        for m in moves {
            self.pos.play(r, m, false);
            let mut lost = 0;
            replies.clear();
            if self.pos.turn_move == 0 && self.pos.immediate_end(r).is_none() {
                self.pos
                    .legal_moves_using(r, &mut replies, &mut self.pseudo);
                work += replies.len();
                if work > CHANCES_WORK {
                    self.pos.unmake(r);
                    return vec![];
                }
                for &reply in &replies {
                    self.pos.play(r, reply, false);
                    lost += self.reply_outcome(ours.as_mut());
                    self.pos.unmake(r);
                }
            }
            self.pos.unmake(r);
            if lost != 0 {
                chances.push((m, lost / replies.len().max(1) as i32));
            }
        }
        chances
    }

    /// After the other side's reply to a root move: [`CHANCES`] where it lost the game,
    /// [`TRAPS`] where the root side wins with one of its next moves (`ours`, where given), as
    /// much less where it drew (a draw is only a tie-break: it is worth having for a side
    /// behind, and the root's standing is not known yet), 0 else.
    fn reply_outcome(&mut self, ours: Option<&mut Vec<Move>>) -> i32 {
        let (r, us) = (self.r, self.pos.side);
        let (ended, winner) = match self.pos.immediate_winner(r) {
            Some(w) => (true, w),
            None if !self.pos.has_legal_move(r) => {
                (true, self.pos.no_move_end(r).and_then(|e| e.winner))
            }
            None => (false, None),
        };
        match winner {
            Some(w) => return CHANCES * i32::from(w == us),
            None if ended => return -TRAPS,
            None => {}
        }
        let Some(ours) = ours.filter(|_| self.pos.turn_move == 0) else {
            return 0;
        };
        self.pos.legal_moves_using(r, ours, &mut self.pseudo);
        let wins = ours.iter().any(|&m| {
            self.pos.play(r, m, false);
            let won = self.pos.immediate_winner(r) == Some(Some(us));
            self.pos.unmake(r);
            won
        });
        TRAPS * i32::from(wins)
    }

    /// What the replies `m` leaves are worth at the root (see [`Searcher::root_chances`]).
    fn chance(&self, m: Move) -> i32 {
        self.chances
            .iter()
            .find(|(c, _)| *c == m)
            .map_or(0, |&(_, v)| v)
    }

    /// Makes this search one of several threads on the same table: `index` 0 is the main
    /// thread, which counts the others' nodes in `counts`; a helper writes its own there.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn join_threads(&mut self, index: usize, counts: &'a [AtomicU64]) {
        self.threads = Threads { index, counts };
    }

    /// Follows the root's line on through the table's moves (each checked legal) to `depth`
    /// moves: in a search of several threads, a helper's entry can settle a node of the line
    /// and leave it short.
    fn extend_line(&mut self, depth: usize) {
        let mut line = std::mem::take(&mut self.pv[0]);
        let mut legal = vec![];
        for &m in &line {
            self.play(m);
        }
        while line.len() < depth && self.pos.immediate_end(self.r).is_none() && !self.repeated() {
            let Some(e) = self.table.probe(self.keys[self.keys.len() - 1]) else {
                break;
            };
            self.pos
                .legal_moves_using(self.r, &mut legal, &mut self.pseudo);
            if !legal.contains(&e.best) {
                break;
            }
            self.play(e.best);
            line.push(e.best);
        }
        for _ in 0..line.len() {
            self.unplay();
        }
        self.pv[0] = line;
    }

    /// One iteration: a window around the last score, widened until the score falls inside.
    fn root(&mut self, depth: i32, last: i32) -> i32 {
        if depth < 4 || last.abs() >= MATE_BOUND {
            return self.node(depth, -INFINITE, INFINITE, 0);
        }
        let mut delta = 40;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let v = self.node(depth, alpha, beta, 0);
            if self.stopped {
                return v;
            }
            if v <= alpha {
                alpha = (v - delta).max(-INFINITE);
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
            } else {
                return v;
            }
            delta *= 3;
            if delta > 1000 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    fn progress(&self, depth: u32, v: i32) -> Progress<Move> {
        // The score said is the position's, without the chances its first move offers.
        let chance = self.pv[0].first().map_or(0, |&m| self.chance(m));
        let v = if v.abs() < MATE_BOUND { v - chance } else { v };
        Progress {
            depth,
            score: Score::of(v),
            nodes: self.nodes + self.threads.others(),
            millis: self.start.elapsed().as_millis() as u64,
            pv: self.pv[0].clone(),
        }
    }

    /// The first legal move, for a search stopped before its first iteration ended.
    fn fallback(&mut self) -> Progress<Move> {
        let mut moves = vec![];
        if self.pos.immediate_end(self.r).is_none() {
            self.pos
                .legal_moves_using(self.r, &mut moves, &mut self.pseudo);
        }
        Progress {
            depth: 0,
            score: Score::Centipawns(0),
            nodes: 0,
            millis: 0,
            pv: moves.into_iter().take(1).collect(),
        }
    }

    /// Whether a limit is reached (the clock and node limits read every 128 nodes: a slow
    /// move generator makes a few thousand nodes a second in a large variant).
    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        } else if self.nodes & 127 == 0 {
            let l = self.limits;
            let nodes = self.threads.publish(self.nodes);
            self.stopped = l.nodes.is_some_and(|n| nodes >= n)
                || l.movetime.is_some_and(|t| self.start.elapsed() >= t);
        }
        self.stopped
    }

    fn play(&mut self, m: Move) {
        let before = *self.board_keys.last().unwrap_or(&0);
        self.pos.play(self.r, m, false);
        let board = before ^ key::board_delta(self.r, self.pos);
        self.board_keys.push(board);
        self.keys.push(board ^ key::state_key(self.r, self.pos));
    }

    fn unplay(&mut self) {
        self.pos.unmake(self.r);
        self.board_keys.pop();
        self.keys.pop();
    }

    /// The score of a finished game for the side to move, `ply` plies from the root.
    fn end_score(&self, end: &GameEnd, ply: usize) -> i32 {
        self.winner_score(end.winner, ply)
    }

    /// The score of a game won by `winner` (`None`: drawn) for the side to move.
    fn winner_score(&self, winner: Option<crate::ir::Side>, ply: usize) -> i32 {
        match winner {
            Some(w) if w == self.pos.side => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    /// The score when the side to move has no legal move.
    fn no_move_score(&self, ply: usize) -> i32 {
        self.pos
            .no_move_end(self.r)
            .map_or(0, |end| self.end_score(&end, ply))
    }

    /// Whether the position repeats one of the game or of the path.
    fn repeated(&self) -> bool {
        let n = self.keys.len();
        let now = self.keys[n - 1];
        let since = if self.clock_bounds_repetition {
            self.pos.halfmove as usize
        } else {
            n
        };
        let back = since.min(100).min(n - 1);
        self.keys[n - 1 - back..n - 1].contains(&now)
    }

    fn in_check(&self) -> bool {
        self.r.check.enabled() && self.pos.royal_attacked(self.r, self.pos.side)
    }

    /// A child's score for the side to move here: negated unless the same side moves again
    /// (a turn of several moves).
    fn child(&mut self, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.pos.turn_move > 0 {
            self.node(depth, alpha, beta, ply + 1)
        } else {
            -self.node(depth, -beta, -alpha, ply + 1)
        }
    }

    fn quiet_child(&mut self, alpha: i32, beta: i32, ply: usize, q: u32) -> i32 {
        if self.pos.turn_move > 0 {
            self.quiesce(alpha, beta, ply + 1, q + 1)
        } else {
            -self.quiesce(-beta, -alpha, ply + 1, q + 1)
        }
    }

    /// The principal variation of `ply`: `m`, then the line of the ply below.
    fn note_best(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// The principal variation search of one node.
    fn node(&mut self, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        if let Some(winner) = self.pos.immediate_winner(self.r) {
            return self.winner_score(winner, ply);
        }
        if ply > 0 && self.repeated() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.values.evaluate(self.r, self.pos);
        }
        let in_check = self.in_check();
        let depth = depth + i32::from(in_check && ply < MAX_PLY / 2);
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        let key = self.keys[self.keys.len() - 1];
        let stored = self.table.probe(key);
        if ply > 0
            && let Some(v) = stored.and_then(|e| cut_by_table(e, depth, alpha, beta, ply))
        {
            return v;
        }
        if let Some(v) = self.cut_before_moves(depth, beta - alpha > 1, beta, ply, in_check) {
            return v;
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        self.pos
            .legal_moves_using(self.r, &mut moves, &mut self.pseudo);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.no_move_score(ply);
        }
        let table_move = stored.map(|e| e.best);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order(&moves, &mut scores, table_move, ply);
        let (best, best_move, bound) =
            self.search_moves(&mut moves, &mut scores, (depth, alpha, beta), ply, in_check);
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        if !self.stopped {
            self.table.store(Entry {
                key,
                best: best_move,
                score: to_table(best, ply),
                depth: depth as i16,
                bound,
            });
        }
        best
    }

    /// A cut before the moves are generated: the evaluation far above beta at a shallow depth,
    /// or a null move (the side passing) that still reaches beta at a reduced depth.
    fn cut_before_moves(
        &mut self,
        depth: i32,
        pv_node: bool,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> Option<i32> {
        self.evals[ply] = -INFINITE;
        if ply == 0 || in_check || pv_node || beta.abs() >= MATE_BOUND {
            return None;
        }
        let eval = self.values.evaluate(self.r, self.pos);
        self.evals[ply] = eval;
        if depth <= 6 && eval - 90 * depth >= beta {
            return Some(eval);
        }
        let may_pass = self.null_moves && !self.after_null[ply] && self.pos.turn_move == 0;
        if depth < 3 || eval < beta || !may_pass {
            return None;
        }
        if !self.values.has_officers(self.pos, self.pos.side) {
            return None;
        }
        let pass = self.null_move()?;
        self.play(pass);
        self.after_null[ply + 1] = true;
        let v = -self.node(depth - 4 - depth / 6, -beta, -beta + 1, ply + 1);
        self.after_null[ply + 1] = false;
        self.unplay();
        (!self.stopped && v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// The side to move passing: its royal piece (or any piece) staying where it stands.
    fn null_move(&self) -> Option<Move> {
        let side = self.pos.side;
        let royals = self.pos.royals(self.r, side);
        let pieces = self.pos.by_side[side.index()];
        let at = if royals.any() { royals } else { pieces };
        at.any().then(|| Move {
            from: at.lsb() as u16,
            to: at.lsb() as u16,
            kind: MoveKind::Pass,
            ..Move::default()
        })
    }

    /// Whether a quiet move late in the list may be left out at a shallow depth: too many
    /// tried already, or the evaluation too far below alpha for a quiet move to lift it.
    /// (the number of moves after which quiet ones are left out, whether a quiet move is futile).
    fn prunable(&self, (depth, alpha): (i32, i32), ply: usize) -> (usize, bool) {
        let eval = self.evals[ply];
        if eval == -INFINITE || depth > 3 || alpha.abs() >= MATE_BOUND {
            return (usize::MAX, false);
        }
        let late = 3 + 2 * (depth * depth) as usize;
        (late, eval + 100 + 120 * depth <= alpha)
    }

    /// How many plies less the `i`th move (by order) is searched.
    fn reduction(&self, depth: i32, i: usize, pv_node: bool, killer: bool) -> i32 {
        if depth < 3 || i < 3 {
            return 0;
        }
        let r = self.reductions[(depth as usize).min(63)][i.min(63)] as i32;
        (r - i32::from(pv_node) - i32::from(killer)).clamp(0, depth - 2)
    }

    /// The moves of a node, best first by `scores`: (best score, its move, its bound).
    fn search_moves(
        &mut self,
        moves: &mut [Move],
        scores: &mut [i32],
        (depth, mut alpha, beta): (i32, i32, i32),
        ply: usize,
        in_check: bool,
    ) -> (i32, Move, Bound) {
        let (mut best, mut best_move, mut bound) = (-INFINITE, moves[0], Bound::Upper);
        let pv_node = beta - alpha > 1;
        let (late, futile) = self.prunable((depth, alpha), ply);
        for i in 0..moves.len() {
            let m = pick(moves, scores, i);
            let quiet = self.is_quiet(&m);
            let killer = (KILLER..CAPTURE).contains(&scores[i]);
            if quiet && i >= late {
                continue;
            }
            self.play(m);
            if quiet && i > 0 && futile && best > -MATE_BOUND && !self.in_check() {
                self.unplay();
                continue;
            }
            let reduce = if quiet && !in_check {
                self.reduction(depth, i, pv_node, killer)
            } else {
                0
            };
            // At the root, a move's chances (none elsewhere) are added to its score: its
            // child is searched in a window lowered by as much.
            let chance = if ply == 0 { self.chance(m) } else { 0 };
            let (a, b) = (alpha - chance, beta - chance);
            let mut v = if i == 0 {
                self.child(depth - 1, a, b, ply)
            } else {
                let mut v = self.child(depth - 1 - reduce, a, a + 1, ply);
                if v > a && reduce > 0 {
                    v = self.child(depth - 1, a, a + 1, ply);
                }
                if v > a && v < b {
                    v = self.child(depth - 1, a, b, ply);
                }
                v
            };
            if v.abs() < MATE_BOUND {
                v += chance;
            }
            self.unplay();
            if self.stopped {
                return (best.max(alpha), best_move, Bound::None);
            }
            if v > best {
                (best, best_move) = (v, m);
                if v > alpha {
                    alpha = v;
                    bound = Bound::Exact;
                    self.note_best(ply, m);
                }
                if v >= beta {
                    if quiet {
                        self.reward(m, ply, depth);
                    }
                    return (best, best_move, Bound::Lower);
                }
            }
        }
        (best, best_move, bound)
    }

    /// Killers and history for a quiet move that made a cut.
    fn reward(&mut self, m: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        if let Some(i) = self.history_index(&m) {
            let h = &mut self.history[i];
            *h = (*h + depth * depth).min(KILLER - 1);
        }
    }

    fn history_index(&self, m: &Move) -> Option<usize> {
        let code = match m.kind {
            MoveKind::Drop => m.promo.checked_sub(1)?,
            _ => self.pos.code_at(m.from as usize)?,
        };
        Some(code as usize * self.r.squares + m.to as usize)
    }

    fn is_quiet(&self, m: &Move) -> bool {
        !self.pos.is_noisy(m)
    }

    /// The value a capture takes (and a promotion gains), for ordering.
    fn gain(&self, m: &Move) -> i32 {
        let taken = self.victim(m);
        taken.map_or(0, |c| self.values.of(c).max(1) * 16) + self.promoted(m)
    }

    /// What a capture or promotion wins in material, at most.
    fn material_gain(&self, m: &Move) -> i32 {
        self.victim(m).map_or(0, |c| self.values.of(c)) + self.promoted(m)
    }

    /// The code a move takes, if it takes one.
    fn victim(&self, m: &Move) -> Option<u8> {
        match m.kind {
            MoveKind::Normal => self.pos.code_at(m.to as usize),
            MoveKind::EnPassant => self
                .pos
                .ep_for(self.r, m.to as usize)
                .and_then(|ep| self.pos.code_at(ep.victim as usize)),
            _ => None,
        }
    }

    /// The value of the piece a move promotes to (0 for none).
    fn promoted(&self, m: &Move) -> i32 {
        if m.promo > 0 && m.kind != MoveKind::Drop {
            self.values.of(m.promo - 1)
        } else {
            0
        }
    }

    /// Of the promotions on one path, only those to the most valuable piece: quiescence looks
    /// at what a move gains, and a lesser promotion gains less (their tactics are the full
    /// search's).
    fn keep_best_promotions(&self, moves: &mut Vec<Move>) {
        if moves
            .iter()
            .all(|m| m.promo == 0 || m.kind == MoveKind::Drop)
        {
            return;
        }
        // In place, without a copy (no allocation per node): the best of a path is never
        // taken out, so every lesser one still finds it.
        let mut i = 0;
        while i < moves.len() {
            let m = moves[i];
            let beaten = m.promo != 0
                && m.kind != MoveKind::Drop
                && moves.iter().any(|o| {
                    (o.from, o.to, o.kind, o.aux, o.gate) == (m.from, m.to, m.kind, m.aux, m.gate)
                        && self.promoted(o) > self.promoted(&m)
                });
            if beaten {
                moves.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Scores each move for ordering.
    fn order(&self, moves: &[Move], scores: &mut Vec<i32>, table_move: Option<Move>, ply: usize) {
        scores.clear();
        for m in moves {
            let s = if Some(*m) == table_move {
                TABLE_MOVE
            } else if !self.is_quiet(m) {
                let mover = self
                    .pos
                    .code_at(m.from as usize)
                    .map_or(0, |c| self.values.of(c));
                CAPTURE + self.gain(m) - mover / 16
            } else if self.killers[ply].contains(m) {
                KILLER + i32::from(self.killers[ply][0] == *m)
            } else {
                self.history_index(m).map_or(0, |i| self.history[i])
            };
            scores.push(s);
        }
    }

    /// Quiescence: the side to move may stand on the evaluation or go on with a capture or a
    /// promotion; in check, every move; with a capture forced, every capture.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, q: u32) -> i32 {
        self.pv[ply].clear();
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        if let Some(winner) = self.pos.immediate_winner(self.r) {
            return self.winner_score(winner, ply);
        }
        let in_check = q < 2 && self.in_check();
        let every = in_check || !self.r.noisy_apart();
        let mut moves = std::mem::take(&mut self.lists[ply]);
        if every {
            self.pos
                .legal_moves_using(self.r, &mut moves, &mut self.pseudo);
        } else {
            self.pos
                .noisy_moves_using(self.r, &mut moves, &mut self.pseudo);
        }
        // Without a noisy move, whether there is any move at all (the score of none is the
        // rules').
        if moves.is_empty() && (every || !self.pos.has_legal_move(self.r)) {
            self.lists[ply] = moves;
            return self.no_move_score(ply);
        }
        // Where a capture at hand must be made, the side to move may not stand on the evaluation
        // either: the capture it is forced into may lose.
        let forced =
            in_check || self.r.must_capture && moves.iter().any(|m| self.pos.is_capture(m));
        let stand = self.values.evaluate(self.r, self.pos);
        let last = q >= MAX_QUIESCENCE || ply >= MAX_PLY - 1;
        if last || !forced && stand >= beta {
            self.lists[ply] = moves;
            return stand;
        }
        let mut best = if forced { -INFINITE } else { stand };
        alpha = alpha.max(best);
        if every && !forced {
            moves.retain(|m| !self.is_quiet(m));
        }
        if !forced {
            self.keep_best_promotions(&mut moves);
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order(&moves, &mut scores, None, ply);
        let delta = !forced && self.values.plain_captures;
        for i in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, i);
            if delta && stand + self.material_gain(&m) + 200 <= alpha {
                continue;
            }
            self.play(m);
            let v = self.quiet_child(alpha, beta, ply, q);
            self.unplay();
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        best
    }
}

/// Where a search stands among the threads of a Lazy SMP search: the main thread (index 0,
/// alone when `counts` is empty) or a helper, and each helper's node count.
#[derive(Default)]
struct Threads<'a> {
    index: usize,
    /// Helper `i`'s nodes at `counts[i - 1]`.
    counts: &'a [AtomicU64],
}

/// Helpers skip depths in these patterns (Stockfish 10's), so that at any time the threads
/// search different depths: helper `i` skips `depth` when `(depth + PHASE) / SIZE` is odd.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

impl Threads<'_> {
    /// Whether this thread leaves `depth` to the others.
    fn skips(&self, depth: u32) -> bool {
        let i = self.index.saturating_sub(1) % 20;
        self.index > 0 && (depth + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 == 1
    }

    /// The other threads' nodes, for the main thread's count.
    fn others(&self) -> u64 {
        if self.index > 0 {
            return 0;
        }
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// Publishes a helper's `nodes`; the nodes that the limit counts: all threads' for the
    /// main thread, its own for a helper.
    #[inline]
    fn publish(&self, nodes: u64) -> u64 {
        match self.index {
            0 => nodes + self.others(),
            i => {
                self.counts[i - 1].store(nodes, Ordering::Relaxed);
                nodes
            }
        }
    }
}

/// Whether a null move says something in `r`: not where a move is several moves, walls move
/// with the moves, effects act on every move, or the side with no move loses or wins by
/// giving its pieces away (zugzwang is the point there).
fn null_moves_meaningful<B: Bits>(r: &Rules<B>) -> bool {
    r.turn.is_none()
        && !r.moving_wall
        && r.placed_wall.is_none()
        && r.effects.is_empty()
        && !r.must_capture
}

/// Whether every move that resets the halfmove clock is one that cannot be undone: each piece
/// whose moves reset it moves only forward, or only backward, on an empty board (a chess pawn,
/// not Royal Race's pawn that also moves as a rook). Else a repetition is looked for further
/// back than the clock's last reset.
fn clock_bounds_repetition<B: Bits>(r: &Rules<B>) -> bool {
    let mut pos = Position::empty(r);
    r.codes.iter().enumerate().all(|(code, cr)| {
        if !cr.resets_clock {
            return true;
        }
        let mut ways = [false; 3];
        for from in (cr.confined & r.board_mask()).iter() {
            pos.put(r, from, code as u8 + 1);
            let (quiet, _) = pos.targets(r, code, from);
            pos.put(r, from, 0);
            let rank = r.coords(from).2;
            for to in quiet.iter() {
                ways[(r.coords(to).2.cmp(&rank) as i8 + 1) as usize] = true;
            }
        }
        let [back, sideways, forward] = ways;
        !(sideways || back && forward)
    })
}

/// The late-move reductions: about ln(depth) * ln(number) / 2.
fn reductions() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.5 + (d.max(1) as f64).ln() * (i as f64).ln() / 2.0;
                *r = v.clamp(0.0, 63.0) as u8;
            }
            row
        })
        .collect()
}

/// Brings the best-scored move of `i..` to `i` and returns it.
#[inline]
fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) -> Move {
    let mut top = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[top] {
            top = j;
        }
    }
    moves.swap(i, top);
    scores.swap(i, top);
    moves[i]
}

/// A mate score counted from the node (as the table keeps it).
fn to_table(v: i32, ply: usize) -> i32 {
    if v >= MATE - MAX_PLY as i32 * 2 {
        v + ply as i32
    } else if v <= -(MATE - MAX_PLY as i32 * 2) {
        v - ply as i32
    } else {
        v
    }
}

/// A table score counted from the root again.
fn from_table(v: i32, ply: usize) -> i32 {
    if v >= MATE - MAX_PLY as i32 * 2 {
        v - ply as i32
    } else if v <= -(MATE - MAX_PLY as i32 * 2) {
        v + ply as i32
    } else {
        v
    }
}

/// The stored score when it settles the node at this depth and window.
fn cut_by_table(e: Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if (e.depth as i32) < depth {
        return None;
    }
    let v = from_table(e.score, ply);
    match e.bound {
        Bound::Exact => Some(v),
        Bound::Lower if v >= beta => Some(v),
        Bound::Upper if v <= alpha => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Sources;
    use crate::game::Typed;
    use std::sync::Arc;

    fn rules(name: &str) -> Arc<Rules<u128>> {
        let loaded = crate::lower::load(name, &mut Sources::default()).expect("bundled");
        Typed::<u128>::new(Arc::new(loaded.variant)).rules
    }

    #[test]
    fn the_clock_bounds_repetitions_only_where_its_resets_cannot_be_undone() {
        assert!(clock_bounds_repetition(&*rules("chess")));
        assert!(clock_bounds_repetition(&*rules("shogi")));
        // Royal Race's pawn also moves as a rook: a pawn move resets the clock and can be undone.
        assert!(!clock_bounds_repetition(&*rules("royalrace")));
    }

    /// The root's chances at a position of `variant`, by each move's UCI text.
    fn chances(variant: &str, fen: &str) -> Vec<(String, i32)> {
        use crate::game::Game;
        let loaded = crate::lower::load(variant, &mut Sources::default()).expect("bundled");
        let mut game = Typed::<u128>::new(Arc::new(loaded.variant));
        game.set_fen(fen).expect("the FEN reads");
        let (r, mut pos) = (game.rules.clone(), game.pos.clone());
        let (table, limits, stop) = (Table::new(1), Limits::default(), AtomicBool::new(false));
        let mut searcher = Searcher::new(&r, &mut pos, &table, (&limits, &stop), vec![]);
        let found = searcher.root_chances();
        found.into_iter().map(|(m, v)| (game.uci(&m), v)).collect()
    }

    #[test]
    fn a_root_move_leaving_replies_that_lose_at_once_is_worth_their_share() {
        // Misere after 1.f3 e5: only g4 lets black mate (Qh4#), one reply of its 30.
        let misere = chances(
            "misere",
            "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2",
        );
        assert_eq!(misere, vec![("g2g4".to_string(), CHANCES / 30)]);
        // In chess no move loses its own side the game: nothing is looked for.
        let chess = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
        assert!(!a_move_can_lose_its_side(&*rules("chess")));
        assert!(chances("chess", chess).is_empty());
        assert!(a_move_can_lose_its_side(&*rules("antichess")));
    }
}
