//! What a played move did, in words, and why a refused move is illegal.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Event, Move, MoveKind, Refusal};

use super::Typed;

impl<B: Bits> Typed<B> {
    pub(super) fn describe(
        &self,
        m: &Move,
        events: &[Event],
        captured: Option<(usize, u8)>,
    ) -> Vec<String> {
        let r = &*self.rules;
        let mut notes = vec![];
        match m.kind {
            MoveKind::Castle(i) => notes.push(format!(
                "castles ({})",
                self.pos
                    .castles
                    .get(i as usize)
                    .map(|c| c.flag)
                    .unwrap_or('?')
            )),
            MoveKind::EnPassant => notes.push("captures en passant".to_string()),
            MoveKind::Pass | MoveKind::Drop | MoveKind::Normal | MoveKind::Promote => {}
        }
        if r.placed_wall.as_ref().is_some_and(|w| w.placed_by(m.kind)) {
            let instead = if m.kind == MoveKind::Pass {
                " instead of moving"
            } else {
                ""
            };
            let at = self.square(m.aux as usize);
            notes.push(format!("puts a wall on {at}{instead}"));
        }
        if let Some((sq, code)) = captured {
            // `capture friends`: the piece taken is of the mover's side.
            let own = r.codes[code as usize].side == self.pos.last_mover();
            notes.push(format!(
                "captures {} {} on {}",
                if own { "its own" } else { "the" },
                self.piece_name(code),
                self.square(sq)
            ));
        }
        if m.promo != 0
            && m.kind != MoveKind::Drop
            && !events.iter().any(|e| matches!(e, Event::Promoted { .. }))
        {
            notes.push(format!(
                "promotes to {}{}",
                r.variant.piece_name(r.codes[(m.promo - 1) as usize].kind),
                if m.kind == MoveKind::Promote && m.from == m.to {
                    " in place"
                } else {
                    ""
                }
            ));
        }
        notes.extend(events.iter().map(|e| self.event_text(e)));
        if self.pos.drop_step(r) {
            notes.push("the mover drops what it holds in hand next, in the same turn".into());
        }
        notes
    }

    /// What one event of a move did, in words.
    fn event_text(&self, e: &Event) -> String {
        match *e {
            Event::Crossed { to, .. } => format!("crosses to {}", self.layer_name(to)),
            Event::Pulled { from, to, code } => format!(
                "pulls the {} {}→{}",
                self.piece_name(code),
                self.square(from),
                self.square(to)
            ),
            Event::Pushed { from, to, code } => format!(
                "pushes the {} {}→{}",
                self.piece_name(code),
                self.square(from),
                self.square(to)
            ),
            Event::Removed { at, code } => format!(
                "removes the {} on {}",
                self.piece_name(code),
                self.square(at)
            ),
            Event::Sent { code } => format!("sends a {} to the hand", self.piece_name(code)),
            Event::Put { at, code } => format!(
                "puts the {} taken on {}, the square it left",
                self.piece_name(code),
                self.square(at)
            ),
            Event::Flipped { at, code } => format!(
                "the piece on {} joins its side as a {}",
                self.square(at),
                self.piece_name(code)
            ),
            Event::Changed { at, code } => format!(
                "turns the piece on {} into a {}",
                self.square(at),
                self.piece_name(code)
            ),
            Event::Petrified { at, code } => format!(
                "the {} turns to stone on {}",
                self.piece_name(code),
                self.square(at)
            ),
            Event::Promoted { at, code } => format!(
                "promotes the pawn on {} to {}",
                self.square(at),
                self.piece_name(code)
            ),
        }
    }

    pub(super) fn refusal_text(&self, why: Refusal, from: usize) -> String {
        let layered = self.rules.layers > 1;
        match why {
            Refusal::CheckAfterMove if layered => {
                format!(
                    "the royal piece would stand attacked on {}, where the move is played",
                    self.layer_name(from)
                )
            }
            Refusal::CheckAfterMove => "the royal piece would stand attacked".into(),
            Refusal::RoyalsFacing => {
                "the royal pieces face each other: the move must part them, or pass".into()
            }
            Refusal::CrossingBlocked(sq) => {
                format!(
                    "{} is occupied on {}, where the piece would cross",
                    self.square(sq as usize),
                    self.layer_name(sq as usize)
                )
            }
            Refusal::Exclusive => "a square would be occupied on two layers".into(),
            Refusal::RoyalLost => "it would remove the mover's royal piece".into(),
            Refusal::Check => "it would leave the royal piece attacked".into(),
            Refusal::GivesCheck => {
                "it would attack the enemy royal piece, and checks are not allowed".into()
            }
            Refusal::EffectIdle(e) => format!(
                "effect `{}` is required and would change no piece",
                self.rules.effects[e as usize].name
            ),
            Refusal::DropMates => {
                "a drop of this piece may not checkmate, and this one would".into()
            }
            Refusal::Suicide => {
                "the piece's group would have no empty square next to it (no suicide), and it takes none of the enemy's".into()
            }
            Refusal::Frozen => {
                "it would leave a piece attacked by an enemy piece of its own kind (frozen), which the variant forbids".into()
            }
        }
    }
}
