//! How the game ends: the ordered end rules of the variant, tested before moves are generated
//! (campmate, royal captured) or when the side to move has none (checkmate, stalemate).

use crate::engine::bitboard::Bits;
use crate::engine::position::Position;
use crate::engine::rules::{EndTest, Rules};
use crate::ir::{Outcome, Side};

/// Why the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub rule: String,
    /// For the side that made the last move.
    pub result: Option<Outcome>,
    pub winner: Option<Side>,
}

impl<B: Bits> Position<B> {
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
