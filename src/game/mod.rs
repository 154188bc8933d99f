//! A game of one variant behind a width-independent interface: the CLI and the REPL talk to a
//! `Box<dyn Game>` and never see bitboards. Each method here is called once per user request;
//! the hot path stays inside the monomorphised `Position<B>`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod describe;
mod moves;
pub mod pair;
pub mod pgn;
mod san;

use crate::engine::bitboard::{Bits, Wide};
use crate::engine::end::GameEnd;
use crate::engine::fen::{self, FenError};
use crate::engine::key::{board_key, state_key};
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;
use crate::ir::{PieceId, Side, Variant, square_name};
#[cfg(feature = "search")]
use crate::search::{Engine, Limits, Progress};
use crate::syntax::ast::Span;

/// One legal move, for listing.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLine {
    /// The move in UCI (`e2e4`, `e7e8q`, `P@e4`).
    pub uci: String,
    /// Standard algebraic notation, with its check mark.
    pub san: String,
    /// The position the move leads to.
    pub fen: String,
    /// The square (file, rank) the moving piece starts from (a drop's target square).
    pub from: (u8, u8),
    /// The layer the moving piece stands on.
    pub layer: usize,
    /// The moving piece's kind.
    pub piece: PieceId,
}

/// What a played move did, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The move in UCI.
    pub uci: String,
    /// Standard algebraic notation, with its check mark.
    pub san: String,
    /// "white pawn e2→e4"
    pub summary: String,
    /// What else happened: captures, promotions, castling, effects, crossings.
    pub notes: Vec<String>,
    /// The end of the game the move brought, if any.
    pub end: Option<GameEnd>,
    /// Whether the side to move is now in check.
    pub check: bool,
}

/// Why a move text names no legal move, as a diagnostic on that text.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveError {
    /// The part of the move text at fault.
    pub span: Span,
    /// What is wrong ("e2e5 is not legal: ...").
    pub message: String,
    /// A few words under the text ("illegal").
    pub label: String,
    /// What to write instead (often the legal moves).
    pub help: String,
}

/// The state of play.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// The side to move.
    pub side: Side,
    /// Whether its royal piece is attacked.
    pub in_check: bool,
    /// How many legal moves it has.
    pub legal_moves: usize,
    /// The end of the game, if it is over.
    pub end: Option<GameEnd>,
}

/// The checks each side has given, in a variant won by giving a number of checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckCount {
    /// White's, black's.
    pub given: [u8; 2],
    /// The checks that win.
    pub needed: u8,
}

impl CheckCount {
    /// "checks given: white 1, black 0 (3 win)"
    pub fn text(&self) -> String {
        format!(
            "checks given: white {}, black {} ({} win)",
            self.given[0], self.given[1], self.needed
        )
    }
}

/// The moves played since the position was set, and the position they were played from.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The position the moves start from.
    pub start_fen: String,
    /// Each move in UCI and in SAN.
    pub moves: Vec<(String, String)>,
    /// In a variant of several moves a turn, per move: the move number, the side and the move
    /// of its turn (0 for the first) it was played as; empty otherwise.
    pub turns: Vec<(u32, Side, u32)>,
}

impl Record {
    /// The fullmove number and side to move of the start position (from its FEN).
    pub fn start_number(&self) -> (u32, Side) {
        let fields: Vec<&str> = self.start_fen.split_whitespace().collect();
        let side = match fields.get(1) {
            Some(&"b") => Side::Black,
            _ => Side::White,
        };
        let number = fields
            .iter()
            .rev()
            .find_map(|f| f.parse::<u32>().ok())
            .filter(|_| fields.len() >= 6)
            .unwrap_or(1)
            .max(1);
        (number, side)
    }

    /// The number written before the `i`-th move: `3.` for white's, `3...` for black's. In a
    /// variant of several moves a turn, the number of the turn the move belongs to.
    pub fn number_of(&self, i: usize) -> String {
        if let Some(&(number, side, _)) = self.turns.get(i) {
            let dots = if side == Side::White { "." } else { "..." };
            return format!("{number}{dots}");
        }
        let (first, side) = self.start_number();
        let plies = i + side.index();
        let number = first as usize + plies / 2;
        if plies.is_multiple_of(2) {
            format!("{number}.")
        } else {
            format!("{number}...")
        }
    }

    /// Whether the `i`-th move is numbered: white's moves; in a variant of several moves a
    /// turn, the first move of every turn (`1. e4 1... e5 Nc6 2. Qh5 Nf3`).
    pub fn starts_turn(&self, i: usize) -> bool {
        match self.turns.get(i) {
            Some(&(_, _, nth)) => nth == 0,
            None => !self.number_of(i).ends_with("..."),
        }
    }

    /// `1. e4 e5 2. Nf3`, or `1... e5 2. Nf3` from a position with black to move.
    pub fn numbered(&self) -> String {
        self.numbered_with(|(_, san)| san)
    }

    /// The same in UCI: `1. e2e4 e7e5 2. g1f3`.
    pub fn numbered_uci(&self) -> String {
        self.numbered_with(|(uci, _)| uci)
    }

    fn numbered_with(&self, text: impl Fn(&(String, String)) -> &String) -> String {
        let mut out = vec![];
        for (i, m) in self.moves.iter().enumerate() {
            let number = self.number_of(i);
            if i == 0 || self.starts_turn(i) {
                out.push(format!("{number} {}", text(m)));
            } else {
                out.push(text(m).clone());
            }
        }
        out.join(" ")
    }
}

/// A game of one variant: a position, the moves played to reach it, and what the rules allow.
pub trait Game: Send + Sync {
    /// The variant being played.
    fn variant(&self) -> &Arc<Variant>;
    /// How many boards are played side by side: 2 for a pair whose captures feed the
    /// partner ([`pair::Paired`]), whose board `i` is drawn as layer `i`.
    fn boards(&self) -> usize {
        1
    }
    /// The position in FEN, as Fairy-Stockfish writes it.
    fn fen(&self) -> String;
    /// Sets the position (and forgets the moves played); an unreadable or impossible position
    /// is refused and the game is unchanged.
    fn set_fen(&mut self, fen: &str) -> Result<(), FenError>;
    /// The legal moves, sorted by UCI text, with the FEN each leads to.
    fn moves(&mut self) -> Vec<MoveLine>;
    /// Plays a legal move written in UCI or SAN; an illegal move changes nothing.
    fn play(&mut self, uci: &str) -> Result<Played, MoveError>;
    /// Takes back the last move played with [`Game::play`]; false when there is none.
    fn undo(&mut self) -> bool;
    /// The moves played since the position was set, in UCI.
    fn history(&self) -> Vec<String>;
    /// The moves played since the position was set, in UCI and SAN, with the position they
    /// start from.
    fn record(&self) -> Record;
    /// How many moves [`Game::record`] holds, without copying them.
    fn history_len(&self) -> usize;
    /// The number written before the last move played: `3.` or `3...`.
    fn last_move_number(&self) -> Option<String>;
    /// The SAN of a legal move written in UCI, with its check mark.
    fn san(&mut self, uci: &str) -> Option<String>;
    /// The number of leaf positions `depth` moves deep.
    fn perft(&mut self, depth: u32) -> u64;
    /// The side to move, check, the number of legal moves, the end of the game.
    fn status(&mut self) -> Status;
    /// The check counter, where the variant counts checks.
    fn check_count(&self) -> Option<CheckCount>;
    /// The piece at (layer, file, rank).
    fn piece_at(&self, layer: usize, file: u8, rank: u8) -> Option<(Side, PieceId)>;
    /// Whether a wall stands at (layer, file, rank).
    fn wall_at(&self, layer: usize, file: u8, rank: u8) -> bool;
    /// A copy of the game, to explore without changing this one.
    fn boxed_clone(&self) -> Box<dyn Game>;
    /// The legal moves in the order [`Game::perft_after`] numbers them.
    fn root_moves(&mut self) -> Vec<String>;
    /// Perft below the `index`-th root move: plays it, counts at `depth - 1`, takes it back.
    /// Once `stop` is set, it gives up within microseconds, and the count is partial.
    fn perft_after(&mut self, index: usize, depth: u32, stop: &AtomicBool) -> u64;
    #[cfg(feature = "search")]
    /// Searches for the best move within `limits` or until `stop` is set, calling `report`
    /// after each completed depth; the game is left as it was.
    fn think(
        &mut self,
        engine: &mut Engine,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Progress<String>),
    ) -> Progress<String>;
    #[cfg(feature = "search")]
    /// The values the computer gives the pieces, in pawns: (name, side, value, given by the
    /// variant file rather than computed).
    fn piece_values(&self) -> Vec<(String, Side, f64, bool)>;
    #[cfg(feature = "search")]
    /// The noisy moves the search's quiescence plays, in UCI: as listed apart
    /// ([`Position::noisy_moves_using`]), and as the legal list filtered gives them (the
    /// noisy moves there that are no effect's choice of promotion for a quiet move). `None`
    /// where the variant cannot list them apart, or the game is over.
    fn noisy_moves(&mut self) -> Option<[Vec<String>; 2]>;
}

/// How many squares the bitboard of `variant` must hold: its squares, and on several layers
/// more than one word (a one-word bitboard reads every slider from square 0, where a layer
/// would start further on).
pub fn bitboard_squares(variant: &Variant) -> usize {
    let squares = variant.layers.len() * variant.files as usize * variant.ranks as usize;
    if variant.layers.len() > 1 {
        squares.max(65)
    } else {
        squares
    }
}

/// A game of `variant` at its start position, on the narrowest bitboard that fits
/// ([`bitboard_squares`]).
#[cfg(not(feature = "fewer-widths"))]
pub fn new_game(variant: Arc<Variant>) -> Box<dyn Game> {
    match bitboard_squares(&variant) {
        0..=64 => Box::new(Typed::<u64>::new(variant)),
        65..=128 => Box::new(Typed::<u128>::new(variant)),
        129..=256 => Box::new(Typed::<Wide<4>>::new(variant)),
        257..=512 => Box::new(Typed::<Wide<8>>::new(variant)),
        _ => Box::new(Typed::<Wide<16>>::new(variant)),
    }
}

/// A game of `variant` at its start position: with the feature `fewer-widths`, boards of up to
/// 64 squares on one word and every larger one on the widest bitboard, so that the interpreter
/// is compiled twice instead of five times (a smaller WebAssembly module for the playground).
#[cfg(feature = "fewer-widths")]
pub fn new_game(variant: Arc<Variant>) -> Box<dyn Game> {
    match bitboard_squares(&variant) {
        0..=64 => Box::new(Typed::<u64>::new(variant)),
        _ => Box::new(Typed::<Wide<16>>::new(variant)),
    }
}

/// Two boards of `variant` at its start, where its captures feed the partner's hand.
#[cfg(not(feature = "fewer-widths"))]
fn new_pair(variant: Arc<Variant>) -> Box<dyn Game> {
    match bitboard_squares(&variant) {
        0..=64 => Box::new(pair::Paired::<u64>::new(variant)),
        65..=128 => Box::new(pair::Paired::<u128>::new(variant)),
        129..=256 => Box::new(pair::Paired::<Wide<4>>::new(variant)),
        257..=512 => Box::new(pair::Paired::<Wide<8>>::new(variant)),
        _ => Box::new(pair::Paired::<Wide<16>>::new(variant)),
    }
}

/// Two boards of `variant` at its start (with the feature `fewer-widths`: see [`new_game`]).
#[cfg(feature = "fewer-widths")]
fn new_pair(variant: Arc<Variant>) -> Box<dyn Game> {
    match bitboard_squares(&variant) {
        0..=64 => Box::new(pair::Paired::<u64>::new(variant)),
        _ => Box::new(pair::Paired::<Wide<16>>::new(variant)),
    }
}

/// Sets the position of `game` from `fen`, on one board or, where the FEN gives two joined by
/// ` | ` and the variant's captures feed the partner, on two; an unreadable position changes
/// nothing.
pub fn set_position(game: &mut Box<dyn Game>, fen: &str) -> Result<(), FenError> {
    let variant = game.variant().clone();
    let two = fen.contains('|');
    let feeds = variant.hands.as_ref().is_some_and(|h| h.to_partner);
    let refused = match (two, variant.layers.len() > 1, feeds) {
        (true, true, _) => Some("two boards of a variant on several layers are not played"),
        (true, false, false) => Some(
            "this variant is played on one board: two need a variant whose captures feed the partner (`hand { captures to partner }`)",
        ),
        _ => None,
    };
    if let Some(message) = refused {
        return Err(FenError {
            field: "placement",
            span: Span::new(0, fen.len()),
            message: message.into(),
            label: "two positions".into(),
            help: "give one position".into(),
        });
    }
    if two == (game.boards() == 2) {
        return game.set_fen(fen);
    }
    let mut next = if two {
        new_pair(variant)
    } else {
        new_game(variant)
    };
    next.set_fen(fen)?;
    *game = next;
    Ok(())
}

/// A game on bitboards of type `B`: what [`new_game`] boxes.
pub struct Typed<B: Bits> {
    /// The variant's rules, compiled into tables.
    pub rules: Arc<Rules<B>>,
    /// The position.
    pub pos: Position<B>,
    /// (UCI, SAN) of each move played since the position was set.
    played: Vec<(String, String)>,
    /// Per move played, in a variant of several moves a turn: see [`Record::turns`].
    turns: Vec<(u32, Side, u32)>,
    /// The FEN of the position the moves were played from.
    origin: String,
    /// Which sides start with a royal piece (a position must keep one for them).
    royal_sides: [bool; 2],
    /// The legal moves of the position whose key and number of moves played they carry: a
    /// divide asks for the same root's moves once per root move, and listing them may mean
    /// playing each one (under `wall shot`, 2176 moves at the Amazons' start).
    root_moves: Option<(u64, usize, Vec<Move>)>,
}

impl<B: Bits> Clone for Typed<B> {
    fn clone(&self) -> Self {
        Typed {
            rules: self.rules.clone(),
            pos: self.pos.clone(),
            played: self.played.clone(),
            turns: self.turns.clone(),
            origin: self.origin.clone(),
            royal_sides: self.royal_sides,
            root_moves: None,
        }
    }
}

impl<B: Bits> Typed<B> {
    /// A game of `variant` at its start position.
    pub fn new(variant: Arc<Variant>) -> Typed<B> {
        let rules = Arc::new(Rules::<B>::compile(variant.clone()));
        let setup = fen::parse_setup(&variant, &variant.start)
            .expect("the start position was validated when the variant was loaded");
        let pos = Position::from_setup(&rules, &setup);
        let royal_sides = Side::BOTH.map(|s| pos.has_royal(&rules, s));
        let origin = pos.fen(&rules);
        Typed {
            rules,
            pos,
            played: vec![],
            turns: vec![],
            origin,
            royal_sides,
            root_moves: None,
        }
    }

    /// The UCI text of `m`, a move of the position.
    pub fn uci(&self, m: &Move) -> String {
        let r = &*self.rules;
        let name = |sq: usize| {
            let (_, f, k) = r.coords(sq);
            square_name(f as u8, k as u8)
        };
        let mut s = match m.kind {
            MoveKind::Drop => {
                let c = m.promo - 1;
                let cr = &r.codes[c as usize];
                // A promoted form dropped promoted: `+L@c3`, as Fairy-Stockfish writes it.
                let (plus, kind) = if cr.base_kind != cr.kind {
                    ("+", cr.base_kind)
                } else {
                    ("", cr.kind)
                };
                // A kind only black has is written by its letter in upper case (`A@a5`), as
                // Fairy-Stockfish writes it: a `?` would name every such kind alike.
                let letter = r.letters[0][r.code(Side::White, kind) as usize]
                    .or(r.letters[0][r.code(Side::Black, kind) as usize])
                    .map_or('?', |c| c.to_ascii_uppercase());
                return format!(
                    "{plus}{letter}@{}{}",
                    name(m.to as usize),
                    self.wall_text(m)
                );
            }
            // Castling that gates on the rook's square is written from the rook's square to the
            // king's, as Fairy-Stockfish writes it.
            MoveKind::Castle(i)
                if m.gate != 0
                    && self
                        .pos
                        .castles
                        .get(i as usize)
                        .is_some_and(|c| c.rook_from == m.aux) =>
            {
                format!("{}{}", name(m.aux as usize), name(m.from as usize))
            }
            // Castling by rule, or a king move that is also an ordinary one, is written as the
            // king taking its own rook, which no other move can be.
            MoveKind::Castle(i) if self.pos.castles.get(i as usize).is_some_and(|c| c.by_rook) => {
                let rook = self.pos.castles[i as usize].rook_from;
                format!("{}{}", name(m.from as usize), name(rook as usize))
            }
            _ => format!("{}{}", name(m.from as usize), name(m.to as usize)),
        };
        if m.promo != 0 {
            s.push(self.promo_letter_of(m));
        }
        if m.gate != 0 {
            s.push(self.gate_letter(m.gate - 1));
        }
        s.push_str(&self.wall_text(m));
        s
    }

    /// The promotion suffix of `m`: `-` when a promoted form turns back into its base (Kyoto
    /// shogi), as Fairy-Stockfish writes it; else [`Typed::promo_letter`].
    fn promo_letter_of(&self, m: &Move) -> char {
        let r = &*self.rules;
        let target = r.codes[m.promo as usize - 1].kind;
        let demotes = m.kind != MoveKind::Drop
            && crate::engine::position::piece_code(self.pos.board[m.from as usize]).is_some_and(
                |c| r.variant.pieces[r.codes[c as usize].kind].promoted_from == Some(target),
            );
        if demotes {
            '-'
        } else {
            self.promo_letter(m.promo - 1)
        }
    }

    /// The letter of a gated piece, lower case (`g1f3h`), as Fairy-Stockfish writes it.
    pub(crate) fn gate_letter(&self, code: u8) -> char {
        let r = &*self.rules;
        let p = &r.variant.pieces[r.codes[code as usize].kind];
        p.letters[0][0]
            .or(p.letters[0][1])
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    /// `,e4d4`: where the moving wall goes, written as Fairy-Stockfish writes it
    /// (the moved piece's square, then the wall's).
    fn wall_text(&self, m: &Move) -> String {
        if self.rules.wall_behind {
            return self.pos.wall_left(m).map_or(String::new(), |at| {
                format!(",{}{}", self.square(m.to as usize), self.square(at))
            });
        }
        let placed = (self.rules.placed_wall.as_ref()).is_some_and(|w| w.placed_by(m.kind));
        if !self.rules.moving_wall && !placed {
            return String::new();
        }
        format!(
            ",{}{}",
            self.square(m.to as usize),
            self.square(m.aux as usize)
        )
    }

    /// The promotion suffix: the piece's letter, or `+` for a promoted form (`+P`), as
    /// Fairy-Stockfish writes Shogi promotions.
    fn promo_letter(&self, code: u8) -> char {
        let r = &*self.rules;
        let kind = r.codes[code as usize].kind;
        let p = &r.variant.pieces[kind];
        if p.promoted_from.is_some() {
            return '+';
        }
        p.letters[0][0]
            .or(p.letters[0][1])
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    /// The UCI texts of a line of moves from the position (left as it was).
    #[cfg(feature = "search")]
    fn line_text(&mut self, line: &[Move]) -> Vec<String> {
        let r = self.rules.clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            out.push(self.uci(&m));
            self.pos.play(&r, m, false);
        }
        for _ in line {
            self.pos.unmake(&r);
        }
        out
    }

    fn legal(&mut self) -> Vec<Move> {
        let mut v = vec![];
        self.pos.legal_moves(&self.rules, &mut v);
        v
    }

    fn piece_name(&self, code: u8) -> String {
        let c = &self.rules.codes[code as usize];
        format!(
            "{} {}",
            c.side.name(),
            self.rules.variant.piece_name(c.kind)
        )
    }

    fn square(&self, sq: usize) -> String {
        let (_, f, r) = self.rules.coords(sq);
        square_name(f as u8, r as u8)
    }

    fn layer_name(&self, sq: usize) -> &str {
        let (l, _, _) = self.rules.coords(sq);
        &self.rules.variant.layers[l]
    }
}

impl<B: Bits> Game for Typed<B> {
    fn variant(&self) -> &Arc<Variant> {
        &self.rules.variant
    }

    fn fen(&self) -> String {
        self.pos.fen(&self.rules)
    }

    fn set_fen(&mut self, text: &str) -> Result<(), FenError> {
        let setup = fen::parse_setup(&self.rules.variant, text)?;
        let pos = Position::from_setup(&self.rules, &setup);
        if let Err(e) = pos.validate(&self.rules, self.royal_sides) {
            let fields = crate::diagnostics::words(text);
            let (start, len) = fields
                .get(e.field)
                .or(fields.first())
                .map(|&(s, f)| (s, f.len()))
                .unwrap_or((0, text.len()));
            return Err(FenError {
                field: ["placement", "side to move", "castling"][e.field.min(2)],
                span: Span::new(start, start + len),
                message: format!("impossible position: {}", e.message),
                label: "not a position of this variant".into(),
                help: e.help,
            });
        }
        self.pos = pos;
        self.played.clear();
        self.turns.clear();
        self.origin = self.pos.fen(&self.rules);
        Ok(())
    }

    fn moves(&mut self) -> Vec<MoveLine> {
        let r = self.rules.clone();
        let legal = self.legal();
        let mut out: Vec<MoveLine> = legal
            .iter()
            .map(|m| {
                self.pos.make(&r, *m);
                let fen = self.pos.fen(&r);
                self.pos.unmake(&r);
                let san = self.san_of(m, &legal);
                let (layer, f, k) = r.coords(m.from as usize);
                let piece = self
                    .pos
                    .code_at(m.from as usize)
                    .map(|c| r.codes[c as usize].kind)
                    .unwrap_or(0);
                MoveLine {
                    uci: self.uci(m),
                    san,
                    fen,
                    from: (f as u8, k as u8),
                    layer,
                    piece,
                }
            })
            .collect();
        out.sort_by(|a, b| a.uci.cmp(&b.uci));
        out
    }

    fn play(&mut self, uci: &str) -> Result<Played, MoveError> {
        let m = self.parse_move(uci)?;
        let legal = self.legal();
        let san = self.san_of(&m, &legal);
        let r = self.rules.clone();
        let captured = match m.kind {
            MoveKind::Normal => self.pos.code_at(m.to as usize).map(|c| (m.to as usize, c)),
            MoveKind::EnPassant => self.pos.ep_for(&r, m.to as usize).and_then(|ep| {
                (0..r.layers).find_map(|l| {
                    let sq = l * r.cells + ep.victim as usize;
                    self.pos.code_at(sq).map(|c| (sq, c))
                })
            }),
            MoveKind::Castle(_) | MoveKind::Drop | MoveKind::Pass | MoveKind::Promote => None,
        };
        let mover_code = if m.kind == MoveKind::Drop {
            Some(m.promo - 1)
        } else {
            self.pos.code_at(m.from as usize)
        };
        let mover = mover_code.map(|c| self.piece_name(c)).unwrap_or_default();
        let stays =
            captured.is_some() && mover_code.is_some_and(|c| r.codes[c as usize].captures_in_place);
        let summary = if m.kind == MoveKind::Drop {
            format!("{mover} dropped on {}", self.square(m.to as usize))
        } else if m.kind == MoveKind::Pass {
            format!("{} passes", self.pos.side.name())
        } else if stays {
            format!(
                "{mover} on {} takes on {} without moving",
                self.square(m.from as usize),
                self.square(m.to as usize)
            )
        } else {
            format!(
                "{mover} {}→{}",
                self.square(m.from as usize),
                self.square(m.to as usize)
            )
        };
        // Written before the move is made: a demotion's `-` depends on the piece that moves.
        let text = self.uci(&m);
        let turn_before = (self.pos.fullmove, self.pos.side, self.pos.turn_move);
        self.pos.log = Some(vec![]);
        self.pos.make(&r, m);
        let events = self.pos.log.take().unwrap_or_default();
        let notes = self.describe(&m, &events, captured);
        if self.rules.turn.is_some() {
            self.turns.push(turn_before);
        }
        self.played.push((text.clone(), san.clone()));
        let status = self.status();
        Ok(Played {
            uci: text,
            san,
            summary,
            notes,
            end: status.end,
            check: status.in_check,
        })
    }

    fn undo(&mut self) -> bool {
        if self.played.is_empty() {
            return false;
        }
        self.played.pop();
        self.turns.truncate(self.played.len());
        self.pos.unmake(&self.rules);
        true
    }

    fn history(&self) -> Vec<String> {
        self.played.iter().map(|(uci, _)| uci.clone()).collect()
    }

    fn record(&self) -> Record {
        Record {
            start_fen: self.origin.clone(),
            moves: self.played.clone(),
            turns: self.turns.clone(),
        }
    }

    fn history_len(&self) -> usize {
        self.played.len()
    }

    fn last_move_number(&self) -> Option<String> {
        let n = self.played.len().checked_sub(1)?;
        let start = Record {
            start_fen: self.origin.clone(),
            moves: vec![],
            turns: self.turns.clone(),
        };
        Some(start.number_of(n))
    }

    fn san(&mut self, uci: &str) -> Option<String> {
        let legal = self.legal();
        let m = *legal.iter().find(|m| self.uci(m) == uci)?;
        Some(self.san_of(&m, &legal))
    }

    fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![];
        self.pos.perft(&self.rules, depth, &mut buffers)
    }

    fn status(&mut self) -> Status {
        let r = self.rules.clone();
        let in_check = r.check.at_final && self.pos.royal_attacked(&r, self.pos.side);
        let legal = self.legal();
        let end = self.pos.immediate_end(&r).or_else(|| {
            if legal.is_empty() {
                self.pos.no_move_end(&r)
            } else {
                None
            }
        });
        let end = end.or_else(|| {
            legal.is_empty().then(|| GameEnd {
                rule: "no legal move".into(),
                result: None,
                winner: None,
            })
        });
        Status {
            side: self.pos.side,
            in_check,
            legal_moves: legal.len(),
            end,
        }
    }

    fn check_count(&self) -> Option<CheckCount> {
        let needed = self.rules.variant.end.iter().find_map(|e| match e.cond {
            crate::ir::EndCond::Checks(n) => Some(n),
            _ => None,
        })?;
        Some(CheckCount {
            given: self.pos.checks,
            needed,
        })
    }

    fn wall_at(&self, layer: usize, file: u8, rank: u8) -> bool {
        let r = &*self.rules;
        (self.pos.walls).has(r.sq(layer, file as usize, rank as usize))
    }

    fn piece_at(&self, layer: usize, file: u8, rank: u8) -> Option<(Side, PieceId)> {
        let r = &*self.rules;
        let c = self
            .pos
            .code_at(r.sq(layer, file as usize, rank as usize))?;
        let cr = &r.codes[c as usize];
        Some((cr.side, cr.kind))
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn root_moves(&mut self) -> Vec<String> {
        let legal = self.legal();
        legal.iter().map(|m| self.uci(m)).collect()
    }

    #[cfg(feature = "search")]
    fn think(
        &mut self,
        engine: &mut Engine,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Progress<String>),
    ) -> Progress<String> {
        let r = self.rules.clone();
        let mut root = self.clone();
        let mut texts = |p: &Progress<Move>| Progress {
            pv: root.line_text(&p.pv),
            depth: p.depth,
            score: p.score,
            nodes: p.nodes,
            millis: p.millis,
        };
        let found = crate::search::search(&r, &mut self.pos, engine, limits, stop, &mut |p| {
            report(&texts(p))
        });
        texts(&found)
    }

    #[cfg(feature = "search")]
    fn piece_values(&self) -> Vec<(String, Side, f64, bool)> {
        crate::search::eval::piece_values(&self.rules)
    }

    #[cfg(feature = "search")]
    fn noisy_moves(&mut self) -> Option<[Vec<String>; 2]> {
        let r = self.rules.clone();
        if !r.noisy_apart() || self.pos.immediate_end(&r).is_some() {
            return None;
        }
        let (mut apart, mut pseudo) = (vec![], vec![]);
        self.pos.noisy_moves_using(&r, &mut apart, &mut pseudo);
        pseudo.clear();
        self.pos.pseudo_moves(&r, &mut pseudo);
        let mut filtered = self.legal();
        // A quiet move's effect may ask for a promotion: that is no mover's promotion.
        filtered.retain(|m| self.pos.is_capture(m) || self.pos.is_noisy(m) && pseudo.contains(m));
        Some([apart, filtered].map(|l| l.iter().map(|m| self.uci(m)).collect()))
    }

    fn perft_after(&mut self, index: usize, depth: u32, stop: &AtomicBool) -> u64 {
        let r = self.rules.clone();
        let key = board_key(&r, &self.pos) ^ state_key(&r, &self.pos);
        let moves = match self.root_moves.take() {
            Some((k, n, moves)) if k == key && n == self.played.len() => moves,
            _ => self.legal(),
        };
        let m = moves.get(index).copied();
        self.root_moves = Some((key, self.played.len(), moves));
        let Some(m) = m else { return 0 };
        self.pos.make(&r, m);
        let mut buffers = vec![];
        let n = if depth <= 1 {
            1
        } else {
            self.pos.perft_until(&r, depth - 1, &mut buffers, stop)
        };
        self.pos.unmake(&r);
        n
    }
}
