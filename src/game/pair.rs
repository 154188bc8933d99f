//! Two boards of a variant whose captures feed the partner (`hand { captures to partner }`):
//! one [`Game`] over both, whose moves name their board (`A:e2e4`, `B:Nf6`) and whose FEN is
//! the two boards' joined by ` | `. A piece taken on one board goes to its own side's hand on
//! the other ([`crate::engine::pair`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::{CheckCount, Game, MoveError, MoveLine, Played, Record, Status, Typed};
use crate::engine::bitboard::Bits;
use crate::engine::end::GameEnd;
use crate::engine::fen::FenError;
use crate::engine::pair;
use crate::engine::position::Position;
use crate::ir::{PieceId, Side, Variant};
#[cfg(feature = "search")]
use crate::search::{Engine, Limits, Progress};
use crate::syntax::ast::Span;

/// The boards' names, as moves and the board drawing write them.
pub const BOARD_NAMES: [char; 2] = ['A', 'B'];

/// Two boards whose captures feed each other's hands.
pub struct Paired<B: Bits> {
    boards: [Typed<B>; 2],
    /// Per move played: its board, its texts (UCI and SAN with the board), the codes it
    /// passed to the other board, and its turn (move number and side) on its board.
    played: Vec<PairMove>,
    /// The pair's FEN before the moves played.
    origin: String,
}

#[derive(Clone)]
struct PairMove {
    board: usize,
    uci: String,
    san: String,
    passed: Vec<u8>,
    turn: (u32, Side),
}

impl<B: Bits> Clone for Paired<B> {
    fn clone(&self) -> Self {
        Paired {
            boards: self.boards.clone(),
            played: self.played.clone(),
            origin: self.origin.clone(),
        }
    }
}

/// `A:e2e4` → (0, "e2e4"); the board letter in either case.
fn board_of(text: &str) -> Option<(usize, &str)> {
    let (board, rest) = text.trim().split_once(':')?;
    let i = BOARD_NAMES
        .iter()
        .position(|c| board.eq_ignore_ascii_case(&c.to_string()))?;
    Some((i, rest))
}

fn named(board: usize, text: &str) -> String {
    format!("{}:{text}", BOARD_NAMES[board])
}

impl<B: Bits> Paired<B> {
    /// Both boards at the variant's start.
    pub fn new(variant: Arc<Variant>) -> Paired<B> {
        let one = Typed::<B>::new(variant);
        let origin = format!("{0} | {0}", one.fen());
        Paired {
            boards: [one.clone(), one],
            played: vec![],
            origin,
        }
    }

    fn positions(&self) -> [Position<B>; 2] {
        self.boards.clone().map(|b| b.pos)
    }

    /// The FEN of board `i` set from `text`, its errors placed at `offset` in the pair's FEN.
    fn set_board(&mut self, i: usize, text: &str, offset: usize) -> Result<(), FenError> {
        let lead = text.len() - text.trim_start().len();
        self.boards[i].set_fen(text.trim()).map_err(|mut e| {
            e.span = Span::new(e.span.start + offset + lead, e.span.end + offset + lead);
            e
        })
    }

    /// The end of the pair's game: the first board's whose game is over.
    fn end(&mut self) -> Option<GameEnd> {
        (0..2).find_map(|i| {
            let mut end = self.boards[i].status().end?;
            end.rule = format!("board {}: {}", BOARD_NAMES[i], end.rule);
            Some(end)
        })
    }

    fn refused(&self, text: &str, message: String, help: &str) -> MoveError {
        MoveError {
            span: Span::new(0, text.len()),
            message,
            label: "refused".into(),
            help: help.into(),
        }
    }
}

impl<B: Bits> Game for Paired<B> {
    fn variant(&self) -> &Arc<Variant> {
        self.boards[0].variant()
    }

    fn boards(&self) -> usize {
        2
    }

    fn fen(&self) -> String {
        format!("{} | {}", self.boards[0].fen(), self.boards[1].fen())
    }

    fn set_fen(&mut self, text: &str) -> Result<(), FenError> {
        let Some((a, b)) = text.split_once('|') else {
            return Err(FenError {
                field: "placement",
                span: Span::new(0, text.len()),
                message: "two boards need two positions".into(),
                label: "one position".into(),
                help: "write board A's FEN, then ` | `, then board B's".into(),
            });
        };
        let mut next = self.clone();
        next.set_board(0, a, 0)?;
        next.set_board(1, b, a.len() + 1)?;
        next.played.clear();
        next.origin = next.fen();
        *self = next;
        Ok(())
    }

    fn moves(&mut self) -> Vec<MoveLine> {
        let mut out = vec![];
        if self.end().is_some() {
            return out;
        }
        for i in 0..2 {
            for line in self.boards[i].moves() {
                let uci = named(i, &line.uci);
                if self.play(&uci).is_err() {
                    continue;
                }
                let fen = self.fen();
                self.undo();
                out.push(MoveLine {
                    san: named(i, &line.san),
                    uci,
                    fen,
                    layer: i,
                    ..line
                });
            }
        }
        out
    }

    fn play(&mut self, text: &str) -> Result<Played, MoveError> {
        let Some((i, rest)) = board_of(text) else {
            let help = "write the board, then the move: `A:e2e4`, `B:Nf6`";
            return Err(self.refused(text, format!("`{}` names no board", text.trim()), help));
        };
        if let Some(end) = self.end() {
            let message = format!("the game is over ({})", end.rule);
            return Err(self.refused(text, message, "take a move back with `undo`"));
        }
        let offset = text.len() - rest.len();
        let b = &mut self.boards[i];
        let turn = (b.pos.fullmove, b.pos.side);
        let mut played = b.play(rest).map_err(|mut e| {
            e.span = Span::new(e.span.start + offset, e.span.end + offset);
            e
        })?;
        let rules = b.rules.clone();
        let taken = b.pos.taken_by_last_move(&rules);
        let other = &mut self.boards[1 - i];
        other.root_moves = None;
        let passed: Vec<u8> = taken
            .iter()
            .filter_map(|&v| other.pos.receive(&rules, v))
            .collect();
        for &c in &passed {
            let to = BOARD_NAMES[1 - i];
            played
                .notes
                .push(format!("{} goes to board {to}'s hand", other.piece_name(c)));
        }
        played.uci = named(i, &played.uci);
        played.san = named(i, &played.san);
        let (uci, san) = (played.uci.clone(), played.san.clone());
        self.played.push(PairMove {
            board: i,
            uci,
            san,
            passed,
            turn,
        });
        played.end = self.end();
        Ok(played)
    }

    fn undo(&mut self) -> bool {
        let Some(m) = self.played.pop() else {
            return false;
        };
        let other = &mut self.boards[1 - m.board];
        for &c in &m.passed {
            other.pos.give_back(c);
        }
        other.root_moves = None;
        self.boards[m.board].undo()
    }

    fn history(&self) -> Vec<String> {
        self.played.iter().map(|m| m.uci.clone()).collect()
    }

    fn record(&self) -> Record {
        Record {
            start_fen: self.origin.clone(),
            moves: (self.played.iter())
                .map(|m| (m.uci.clone(), m.san.clone()))
                .collect(),
            turns: self
                .played
                .iter()
                .map(|m| (m.turn.0, m.turn.1, 0))
                .collect(),
        }
    }

    fn history_len(&self) -> usize {
        self.played.len()
    }

    fn last_move_number(&self) -> Option<String> {
        let n = self.played.len().checked_sub(1)?;
        Some(self.record().number_of(n))
    }

    fn san(&mut self, uci: &str) -> Option<String> {
        let (i, rest) = board_of(uci)?;
        Some(named(i, &self.boards[i].san(rest)?))
    }

    fn perft(&mut self, depth: u32) -> u64 {
        let rules = self.boards[0].rules.clone();
        pair::perft(
            &rules,
            &mut self.positions(),
            depth,
            &AtomicBool::new(false),
        )
    }

    fn status(&mut self) -> Status {
        let s = [self.boards[0].status(), self.boards[1].status()];
        let end = self.end();
        Status {
            side: s[0].side,
            in_check: s[0].in_check || s[1].in_check,
            legal_moves: if end.is_some() {
                0
            } else {
                s[0].legal_moves + s[1].legal_moves
            },
            end,
        }
    }

    fn check_count(&self) -> Option<CheckCount> {
        None
    }

    fn piece_at(&self, layer: usize, file: u8, rank: u8) -> Option<(Side, PieceId)> {
        self.boards.get(layer)?.piece_at(0, file, rank)
    }

    fn wall_at(&self, layer: usize, file: u8, rank: u8) -> bool {
        self.boards
            .get(layer)
            .is_some_and(|b| b.wall_at(0, file, rank))
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn root_moves(&mut self) -> Vec<String> {
        let rules = self.boards[0].rules.clone();
        let mut positions = self.positions();
        let lists = pair::moves(&rules, &mut positions);
        let mut out = vec![];
        for (i, list) in lists.iter().enumerate() {
            out.extend(list.iter().map(|m| named(i, &self.boards[i].uci(m))));
        }
        out
    }

    fn perft_after(&mut self, index: usize, depth: u32, stop: &AtomicBool) -> u64 {
        let rules = self.boards[0].rules.clone();
        let mut positions = self.positions();
        let lists = pair::moves(&rules, &mut positions);
        let (i, m) = match lists[0].get(index) {
            Some(&m) => (0, m),
            None => match lists[1].get(index - lists[0].len()) {
                Some(&m) => (1, m),
                None => return 0,
            },
        };
        pair::play(&rules, &mut positions, i, m);
        pair::perft(&rules, &mut positions, depth.saturating_sub(1), stop)
    }

    /// The computer plays board A, as one board (Fairy-Stockfish's model): what the partner
    /// will pass is not known.
    #[cfg(feature = "search")]
    fn think(
        &mut self,
        engine: &mut Engine,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Progress<String>),
    ) -> Progress<String> {
        let on_a = |p: &Progress<String>| Progress {
            pv: p.pv.iter().map(|m| named(0, m)).collect(),
            ..p.clone()
        };
        let found = self.boards[0].think(engine, limits, stop, &mut |p| report(&on_a(p)));
        on_a(&found)
    }

    #[cfg(feature = "search")]
    fn piece_values(&self) -> Vec<(String, Side, f64, bool)> {
        self.boards[0].piece_values()
    }

    #[cfg(feature = "search")]
    fn noisy_moves(&mut self) -> Option<[Vec<String>; 2]> {
        None
    }
}
