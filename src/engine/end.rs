//! How the game ends: the ordered end rules of the variant, tested before moves are generated
//! (campmate, royal captured, extinction, a region reached, checks given) or when the side to
//! move has none (checkmate, stalemate). A checkmate by the drop of a piece whose drop may not
//! mate (Shogi's uchifuzume) is a loss for the side that dropped it, as Fairy-Stockfish plays it.

use crate::engine::bitboard::Bits;
use crate::engine::position::Move;
use crate::engine::position::Position;
use crate::engine::rules::{EndRule, EndTest, Rules};
use crate::ir::{Claim, Outcome, ReachRule, Side};

/// Why the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The end rule that ended the game, in words (`checkmate`).
    pub rule: String,
    /// For the side that made the last move.
    pub result: Option<Outcome>,
    /// The side that won; `None` for a draw.
    pub winner: Option<Side>,
}

impl<B: Bits> Position<B> {
    /// The game end that holds before any move is generated.
    pub fn immediate_end(&mut self, r: &Rules<B>) -> Option<GameEnd> {
        let mover = self.last_mover();
        let (i, hit) = self.immediate_end_rule(r)?;
        let e = &r.end[i];
        Some(match hit {
            Some(side) => self.end_for(e, side, mover),
            None => draw(&e.name),
        })
    }

    /// [`Position::immediate_end`] without words, so without allocating: the winner, `None`
    /// for a draw.
    pub fn immediate_winner(&mut self, r: &Rules<B>) -> Option<Option<Side>> {
        let (i, hit) = self.immediate_end_rule(r)?;
        Some(hit.and_then(|side| self.winner_of(&r.end[i], side)))
    }

    /// The winner under end rule `e` for `side`: a result `by count` goes to the side with
    /// more pieces on the board, `by points` to the side with more points, none when equal.
    fn winner_of(&self, e: &EndRule<B>, side: Side) -> Option<Side> {
        match e.result {
            Outcome::Wins => Some(side),
            Outcome::Loses => Some(side.flip()),
            Outcome::Draws => None,
            Outcome::ByCount | Outcome::ByPoints => {
                let [white, black] = self.tally(e);
                match white.cmp(&black) {
                    std::cmp::Ordering::Greater => Some(Side::White),
                    std::cmp::Ordering::Less => Some(Side::Black),
                    std::cmp::Ordering::Equal => None,
                }
            }
        }
    }

    /// What a result `by count` or `by points` compares: each side's pieces on the board, or
    /// its points (in tenths).
    fn tally(&self, e: &EndRule<B>) -> [u64; 2] {
        let Some((per_code, bonus)) = &e.points else {
            return self.by_side.map(|b| u64::from(b.count()));
        };
        let mut sums = bonus.map(u64::from);
        for (code, &(side, t)) in per_code.iter().enumerate() {
            sums[side] += u64::from(t) * u64::from(self.pieces[code].count());
        }
        sums
    }

    /// The index of the end rule that holds before any move is generated, and the side it
    /// holds for (`None`: a draw).
    fn immediate_end_rule(&mut self, r: &Rules<B>) -> Option<(usize, Option<Side>)> {
        let mover = self.last_mover();
        for (i, e) in r.end.iter().enumerate() {
            if e.from_move > self.fullmove {
                continue;
            }
            let hit = match &e.test {
                EndTest::RoyalCaptured => (!self.has_royal(r, mover.flip())).then_some(mover),
                EndTest::Campmate(masks) => r.royal_codes[mover.index()]
                    .iter()
                    .any(|&c| (self.pieces[c as usize] & masks[mover.index()]).any())
                    .then_some(mover),
                EndTest::Extinct { .. } => self.extinct(r, &e.test),
                EndTest::Reached {
                    codes,
                    masks,
                    rule,
                    count,
                    full,
                } => match self.reached_end(r, codes, masks, *rule, (*count, *full)) {
                    Some(Reach::Won(side)) => Some(side),
                    Some(Reach::Draw) => return Some((i, None)),
                    None => None,
                },
                EndTest::Checks(n) => (self.checks[mover.index()] >= *n).then_some(mover),
                EndTest::Captures(n) => [mover, mover.flip()]
                    .into_iter()
                    .find(|s| self.taken[s.index()] >= *n),
                EndTest::RoyalsFacing => {
                    (self.prev_facing && self.royals_facing(r)).then_some(mover)
                }
                EndTest::DoublePass => (self.passes & 3 == 3).then_some(mover),
                EndTest::BoardFull => (self.occ == r.geo.all).then_some(mover),
                EndTest::Castled(flags) => self.castled_end(flags),
                EndTest::Connected {
                    side,
                    codes,
                    test,
                    answered,
                } => match self.connected_end(r, *side, codes, test, *answered) {
                    Some(Reach::Won(side)) => Some(side),
                    Some(Reach::Draw) => return Some((i, None)),
                    None => None,
                },
                EndTest::Checkmate | EndTest::Stalemate => None,
            };
            if let Some(side) = hit {
                return Some((i, Some(side)));
            }
        }
        None
    }

    /// The end by `rule` with `result` for `side` ([`end_for`]), a result `by count` decided
    /// by the pieces each side has on the board.
    fn end_for(&self, e: &EndRule<B>, side: Side, mover: Side) -> GameEnd {
        let (rule, result) = (e.name.as_str(), e.result);
        if !matches!(result, Outcome::ByCount | Outcome::ByPoints) {
            return end_for(rule, result, side, mover);
        }
        let [white, black] = self.tally(e);
        let (result, side) = match white.cmp(&black) {
            std::cmp::Ordering::Greater => (Outcome::Wins, Side::White),
            std::cmp::Ordering::Less => (Outcome::Wins, Side::Black),
            std::cmp::Ordering::Equal => (Outcome::Draws, mover),
        };
        end_for(rule, result, side, mover)
    }

    /// `castling FLAG...`: the side that just castled with one of the flags; else the opponent
    /// of a side that no longer holds any of its rights of these flags (the side that just
    /// moved tested first), as Fairy-Stockfish's `castlingWins` judges it.
    fn castled_end(&self, flags: &[char]) -> Option<Side> {
        let mover = self.side.flip();
        let listed = |side: Side| {
            self.castles
                .iter()
                .enumerate()
                .take(crate::engine::rules::GATE_BIT0 as usize)
                .filter(move |(_, c)| c.side == side && flags.contains(&c.flag))
        };
        if let Some(before) = self.castling_before_last() {
            // Its right held before the move, gone now, and king and rook on their castled
            // squares: only the castling itself does that in one move.
            let castled = listed(mover).any(|(i, c)| {
                before & (1 << i) != 0
                    && c.king_from != c.king_to
                    && c.rook_from != c.rook_to
                    && self.castling & (1 << i) == 0
                    && self.code_at(c.king_to as usize) == Some(c.king_code)
                    && self.code_at(c.rook_to as usize) == Some(c.rook_code)
            });
            if castled {
                return Some(mover);
            }
        }
        [mover, self.side].into_iter().find_map(|side| {
            let mut rights = listed(side).peekable();
            let lost =
                rights.peek().is_some() && rights.all(|(i, _)| self.castling & (1 << i) == 0);
            lost.then_some(side.flip())
        })
    }

    /// The side (of those the test names) whose pieces of its codes (all its pieces when
    /// empty; each code on its own, or all together) number at most `at_most` while the other
    /// side has at least `others_at_least` (and at most `others_at_most`); the side that just
    /// moved first.
    fn extinct(&self, r: &Rules<B>, test: &EndTest<B>) -> Option<Side> {
        let EndTest::Extinct {
            sides,
            codes,
            together,
            masks,
            at_most,
            others_at_least,
            others_at_most,
            claim,
        } = test
        else {
            return None;
        };
        let mover = self.side.flip();
        for side in [mover, self.side] {
            if !sides[side.index()] {
                continue;
            }
            let other = side.flip();
            let mask = |s: Side| masks.map(|m| m[s.index()]);
            // Counted without collecting, so that the test allocates nothing (the search asks
            // it at every node).
            let test = |mine: &[u8], theirs: &[u8]| {
                let (n_mine, n_theirs) = (
                    self.count_of(mine, mask(side)),
                    self.count_of(theirs, mask(other)),
                );
                let spared = side == self.side
                    && n_theirs == *others_at_least as u32
                    && match claim {
                        Claim::No => false,
                        Claim::OneMore => true,
                        Claim::ByCapture => self.attacks_one_of(r, theirs, mask(other)),
                    };
                n_mine <= *at_most as u32
                    && n_theirs >= *others_at_least as u32
                    && others_at_most.is_none_or(|m| n_theirs <= m as u32)
                    && !spared
            };
            let extinct = if codes[0].is_empty() {
                let all = |s: Side| r.side_codes[s.index()].as_slice();
                test(all(side), all(other))
            } else if *together {
                test(&codes[side.index()], &codes[other.index()])
            } else {
                codes[side.index()]
                    .chunks(1)
                    .zip(codes[other.index()].chunks(1))
                    .any(|(mine, theirs)| test(mine, theirs))
            };
            if extinct {
                return Some(side);
            }
        }
        None
    }

    /// How many pieces of these codes there are: on the mask's squares when given, else on
    /// the board and in hand.
    fn count_of(&self, codes: &[u8], mask: Option<B>) -> u32 {
        codes
            .iter()
            .map(|&c| match mask {
                Some(m) => (self.pieces[c as usize] & m).count(),
                None => self.count_with_hand(c),
            })
            .sum()
    }

    /// Whether the side to move attacks a piece of these codes that is not royal (on the
    /// mask's squares when given).
    fn attacks_one_of(&self, r: &Rules<B>, codes: &[u8], mask: Option<B>) -> bool {
        let royal = &r.royal_codes[self.side.flip().index()];
        codes.iter().filter(|c| !royal.contains(c)).any(|&c| {
            let there = self.pieces[c as usize] & mask.unwrap_or(!B::ZERO);
            there
                .iter()
                .any(|sq| self.attacked(r, sq, self.side, self.occ))
        })
    }

    /// Whether a piece of `side` of `codes` stands in its region (and, under the `Safe` rule,
    /// is not attacked there).
    fn reached(
        &self,
        r: &Rules<B>,
        codes: &[Vec<u8>; 2],
        masks: &[B; 2],
        side: Side,
        rule: ReachRule,
        need: (u8, bool),
    ) -> bool {
        let i = side.index();
        let there = in_region(&self.pieces, self.by_side[i], &codes[i], masks[i]);
        match rule {
            ReachRule::Safe if there.count() == 1 => {
                !self.attacked(r, there.lsb(), side.flip(), self.occ)
            }
            ReachRule::SafeOrHeld if side != self.side => there
                .iter()
                .any(|sq| !self.attacked(r, sq, side.flip(), self.occ)),
            _ => enough_there(there, masks[i], self.occ, need),
        }
    }

    /// A region reached, as Fairy-Stockfish's flag rules judge it: by the side to move (it
    /// stood there through the opponent's move), or by the side that just moved.
    fn reached_end(
        &mut self,
        r: &Rules<B>,
        codes: &[Vec<u8>; 2],
        masks: &[B; 2],
        rule: ReachRule,
        need: (u8, bool),
    ) -> Option<Reach> {
        if rule == ReachRule::SafeFromCapture {
            let mover = self.side.flip();
            return [mover, self.side]
                .into_iter()
                .find(|&side| self.reached_beyond_capture(r, codes, masks, side))
                .map(Reach::Won);
        }
        let reached = Side::BOTH.map(|side| self.reached(r, codes, masks, side, rule, need));
        reach_outcome(rule, self.side, reached, || self.can_reach(r, codes, masks))
    }

    /// Whether a piece of `side` of `codes` stands in its region where no legal move of the
    /// other side could take it, whichever side is to move (vchess's Squatter1).
    fn reached_beyond_capture(
        &mut self,
        r: &Rules<B>,
        codes: &[Vec<u8>; 2],
        masks: &[B; 2],
        side: Side,
    ) -> bool {
        let i = side.index();
        let there = in_region(&self.pieces, self.by_side[i], &codes[i], masks[i]);
        there.iter().any(|sq| {
            !self.attacked(r, sq, side.flip(), self.occ) || !self.can_take(r, sq, side.flip())
        })
    }

    /// Whether `taker` has a legal move that captures on `sq`, as if it were to move (the
    /// en-passant right, which belongs to the side to move, set aside).
    fn can_take(&mut self, r: &Rules<B>, sq: usize, taker: Side) -> bool {
        let (side, ep) = (self.side, self.ep.take());
        self.side = taker;
        let mut moves = vec![];
        self.pseudo_moves(r, &mut moves);
        let found = moves
            .into_iter()
            .any(|m| m.to as usize == sq && self.is_capture(&m) && self.is_legal_now(r, m));
        self.side = side;
        self.ep = ep;
        found
    }

    /// Whether the side to move has a legal move that brings one of its pieces of `codes` into
    /// its region.
    fn can_reach(&mut self, r: &Rules<B>, codes: &[Vec<u8>; 2], masks: &[B; 2]) -> bool {
        let us = self.side;
        if self.royal_attacked(r, us) {
            return false;
        }
        let mut moves = vec![];
        self.pseudo_moves(r, &mut moves);
        // A reaching move that does not capture is there under `must capture` only when no
        // legal move captures (as Fairy-Stockfish tests the answer with its legal moves).
        let mut quiet = false;
        for &m in &moves {
            let movers = codes[us.index()].is_empty()
                || self
                    .code_at(m.from as usize)
                    .is_some_and(|c| codes[us.index()].contains(&c));
            if !movers || !masks[us.index()].has(m.to as usize) {
                continue;
            }
            if self.is_legal_now(r, m) {
                if !r.must_capture || self.is_capture(&m) {
                    return true;
                }
                quiet = true;
            }
        }
        quiet
            && !moves
                .iter()
                .any(|&m| self.is_capture(&m) && self.is_legal_now(r, m))
    }

    /// Whether a move of the pseudo-legal list is legal, by playing it.
    pub(crate) fn is_legal_now(&mut self, r: &Rules<B>, m: Move) -> bool {
        let legal = self.make(r, m);
        self.unmake(r);
        legal
    }

    /// The game end when the side to move has no legal move.
    pub fn no_move_end(&self, r: &Rules<B>) -> Option<GameEnd> {
        // The side without a move is the side to move, also in the middle of its turn: the
        // result is for its opponent.
        let mover = self.side.flip();
        let in_check = self.royal_attacked(r, self.side);
        for e in &r.end {
            if e.from_move > self.fullmove {
                continue;
            }
            let hit = match e.test {
                EndTest::Checkmate => in_check,
                EndTest::Stalemate => !in_check,
                _ => false,
            };
            if hit && in_check && self.mated_by_forbidden_drop(r) {
                // As Fairy-Stockfish plays uchifuzume: the drop is made, and loses.
                return Some(GameEnd {
                    rule: format!("{} by a drop that may not mate", e.name),
                    result: Some(Outcome::Loses),
                    winner: Some(self.side),
                });
            }
            if hit {
                return Some(self.end_for(e, mover, mover));
            }
        }
        None
    }

    /// Whether the last move dropped a piece whose drop may not checkmate.
    fn mated_by_forbidden_drop(&self, r: &Rules<B>) -> bool {
        self.last_drop(r)
            .is_some_and(|c| r.codes[c as usize].drop.as_ref().is_some_and(|d| d.no_mate))
    }
}

pub(crate) enum Reach {
    Won(Side),
    Draw,
}

/// How a region reached ends the game, as Fairy-Stockfish's flag rules judge it, for `us` to
/// move: by the side to move (it stood there through the opponent's move), or by the side that
/// just moved. `reached` tells, per side, whether it is there; `can_reach` whether the side to
/// move can get there with its next move (asked only under the `Answered` rule).
pub(crate) fn reach_outcome(
    rule: ReachRule,
    us: Side,
    reached: [bool; 2],
    can_reach: impl FnOnce() -> bool,
) -> Option<Reach> {
    let them = us.flip();
    let reached = |side: Side| reached[side.index()];
    let held = matches!(
        rule,
        ReachRule::Answered | ReachRule::Held | ReachRule::Safe | ReachRule::SafeOrHeld
    );
    if held && reached(us) {
        let both = reached(them);
        let draw = match rule {
            ReachRule::Answered => us == Side::White && both,
            ReachRule::Safe => both,
            _ => false,
        };
        return Some(if draw { Reach::Draw } else { Reach::Won(us) });
    }
    if rule == ReachRule::Held || !reached(them) {
        return None;
    }
    if rule == ReachRule::Answered && us == Side::Black && can_reach() {
        return None;
    }
    Some(Reach::Won(them))
}

/// Whether the pieces `there` in the region `mask` end the game: at least `count` of them, or
/// (`full`) at least one with every square of the region occupied (`occ`).
#[inline(always)]
pub(crate) fn enough_there<B: Bits>(there: B, mask: B, occ: B, (count, full): (u8, bool)) -> bool {
    there.any() && (count <= 1 || there.count() >= count as u32 || full && (mask & !occ).is_zero())
}

/// The pieces of `codes` (all of `side_pieces` when empty) that stand on `mask`.
pub(crate) fn in_region<B: Bits>(pieces: &[B], side_pieces: B, codes: &[u8], mask: B) -> B {
    if codes.is_empty() {
        side_pieces & mask
    } else {
        codes
            .iter()
            .fold(B::ZERO, |m, &c| m | (pieces[c as usize] & mask))
    }
}

fn draw(rule: &str) -> GameEnd {
    GameEnd {
        rule: rule.to_string(),
        result: Some(Outcome::Draws),
        winner: None,
    }
}

/// The end by `rule` with `result` for `side`; the recorded result is for the side that made
/// the last move.
fn end_for(rule: &str, result: Outcome, side: Side, mover: Side) -> GameEnd {
    let winner = match result {
        Outcome::Wins => Some(side),
        Outcome::Loses => Some(side.flip()),
        Outcome::Draws | Outcome::ByCount | Outcome::ByPoints => None,
    };
    let for_mover = match (result, side == mover) {
        (Outcome::Draws | Outcome::ByCount | Outcome::ByPoints, _) => Outcome::Draws,
        (r, true) => r,
        (Outcome::Wins, false) => Outcome::Loses,
        (Outcome::Loses, false) => Outcome::Wins,
    };
    GameEnd {
        rule: rule.to_string(),
        result: Some(for_mover),
        winner,
    }
}
