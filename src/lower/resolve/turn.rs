//! `turn { ... }`: how many moves a side makes in a turn, and what ends a turn early.

use super::{Resolver, Royalty};
use crate::diagnostics::{Code, Problem, SourceId, Span};
use crate::ir::{Action, Turn, TurnMoves, Variant};
use crate::syntax::ast::{TurnAst, TurnMovesAst};

/// The most moves a turn may have: a turn of more would never end in any game one could play.
const MAX_TURN_MOVES: i64 = 255;

impl Resolver<'_> {
    /// The turn structure; `None` for one move a turn (also when the block is wrong).
    pub(super) fn turn(&mut self, royalty: Royalty) -> Option<Turn> {
        let def = self.draft.turn.clone()?;
        let (src, t) = (def.src, &def.node);
        let moves = self.turn_moves(src, t)?;
        let first = match &t.first {
            Some(n) => Some(self.turn_count(src, n.node, n.span, "white's first turn")?),
            None => None,
        };
        if t.until_check.is_some() && royalty.missing() {
            self.err(
                Problem::error(
                    Code::TurnRule,
                    "`until check` in a variant without a royal piece",
                )
                .label(src, t.until_check.unwrap_or_default(), "nothing to check")
                .help("a check attacks a royal piece: mark one `royal`, or remove `until check`"),
            );
        }
        let turn = Turn {
            moves,
            first,
            until_check: t.until_check.is_some(),
            until_stuck: t.until_stuck.is_some(),
            until_hand_empty: t.until_hand_empty.is_some(),
            en_passant_per_turn: t.en_passant_per_turn.is_some(),
            make_as_captured: t.make_as_captured.is_some(),
        };
        let single = matches!(moves, TurnMoves::Fixed([1, 1]))
            && first.is_none_or(|n| n == 1)
            && t.until_hand_empty.is_none();
        if let Some(at) = t.make_as_captured
            && (!single || t.until_hand_empty.is_some())
        {
            self.err(
                Problem::error(
                    Code::TurnRule,
                    "`after capture move as captured` in a turn of several moves",
                )
                .label(src, at, "the move after a capture is the turn's second")
                .help("a turn is one move, and a capture adds the second: keep `moves 1` alone with this line"),
            );
            return None;
        }
        let single = single && t.make_as_captured.is_none();
        if single {
            self.err(
                Problem::warning(Code::TurnRule, "every turn has one move")
                    .label(src, t.span, "this `turn` changes nothing")
                    .help("give a side more moves (`moves 2`), or remove the block"),
            );
        }
        Some(turn)
    }

    /// `until hand empty` needs drops, and a move that can put a piece in the mover's hand (a
    /// capture into the hand, or an effect that sends a piece to a hand): else the turn's drop
    /// step could never happen.
    pub(super) fn turn_fits(&mut self, v: &Variant) {
        let Some(def) = &self.draft.turn else { return };
        if let Some(at) = def.node.en_passant_per_turn
            && v.en_passant.is_empty()
        {
            let src = def.src;
            self.err(
                Problem::error(
                    Code::TurnRule,
                    "`en passant per turn` in a variant without en passant",
                )
                .label(src, at, "no piece is ever taken en passant")
                .help("name the pieces that pass (`en passant pawn`), or remove this line"),
            );
        }
        let Some(def) = &self.draft.turn else { return };
        let Some(at) = def.node.until_hand_empty else {
            return;
        };
        let src = def.src;
        let sends = v
            .effects
            .values()
            .any(|e| e.actions().any(|a| matches!(a, Action::Send(..))));
        let why = match &v.hands {
            None => "`until hand empty` in a variant without a hand",
            Some(h) if h.no_drops => "`until hand empty` in a variant whose hands never drop",
            Some(h) if !h.captures && !sends => {
                "`until hand empty`, but no move ever puts a piece in the mover's hand"
            }
            Some(_) => return,
        };
        self.err(
            Problem::error(Code::TurnRule, why)
                .label(src, at, "this drop step can never happen")
                .help("give the variant a `hand` that drops, and an effect that sends a piece to it (`finally send captured to hand`), or `hand { captures }`"),
        );
    }

    /// The `moves` line: exactly one, each count from 1 to [`MAX_TURN_MOVES`].
    fn turn_moves(&mut self, src: SourceId, t: &TurnAst) -> Option<TurnMoves> {
        let Some(last) = t.moves.last() else {
            self.err(
                Problem::error(Code::TurnRule, "a `turn` block without `moves`")
                    .label(src, t.span, "how many moves a turn?")
                    .help("say how many moves a side makes: `moves 2`, `moves white 2 black 1` or `moves growing`"),
            );
            return None;
        };
        if let [first, second, ..] = t.moves.as_slice() {
            self.err(
                Problem::error(Code::TurnRule, "`moves` is given twice in a `turn` block")
                    .label(src, moves_span(second), "given again here")
                    .label(src, moves_span(first), "first given here")
                    .help(
                        "keep one `moves` line (`moves white 2 black 1` gives each side its own)",
                    ),
            );
            return None;
        }
        match last {
            TurnMovesAst::Growing(_) => Some(TurnMoves::Growing),
            TurnMovesAst::Fixed { counts, .. } => {
                let mut n = [1; 2];
                for (side, c) in counts.iter().enumerate() {
                    if let Some(c) = c {
                        let whose = ["white's turn", "black's turn"][side];
                        n[side] = self.turn_count(src, c.node, c.span, whose)?;
                    }
                }
                Some(TurnMoves::Fixed(n))
            }
        }
    }

    /// A count of moves: from 1 (a turn of no move would never end) to [`MAX_TURN_MOVES`].
    fn turn_count(&mut self, src: SourceId, n: i64, at: Span, what: &str) -> Option<u32> {
        if (1..=MAX_TURN_MOVES).contains(&n) {
            return Some(n as u32);
        }
        let why = if n < 1 {
            format!("{what} would have no move, and could never end")
        } else {
            format!("{what} has more than {MAX_TURN_MOVES} moves")
        };
        self.err(
            Problem::error(Code::TurnRule, why)
                .label(src, at, format!("{n} moves"))
                .help(format!("a turn has 1 to {MAX_TURN_MOVES} moves")),
        );
        None
    }
}

fn moves_span(m: &TurnMovesAst) -> Span {
    match m {
        TurnMovesAst::Fixed { span, .. } | TurnMovesAst::Growing(span) => *span,
    }
}
