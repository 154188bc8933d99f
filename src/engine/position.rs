//! The game state and how a move changes it.
//!
//! Every change goes through [`Position::set`] (a square) or [`Position::set_hand`] (a count in
//! hand), which record the old content; undoing a move replays that list backwards. So
//! castling, en passant, drops, Alice's crossing and Magnetic's pulls are all just lists of
//! changes, and undo is exact for all of them.

use std::sync::Arc;

use crate::engine::bitboard::Bits;
use crate::engine::effects::MoveCodes;
use crate::engine::rules::{CastleRules, Rules};
use crate::ir::{CrossWhen, Side};

/// A square's byte: 0 empty, `code + 1` a piece, with [`PROMOTED`] set on a piece that goes
/// back to its unpromoted kind when captured into a hand, or [`WALL`].
pub const PROMOTED: u8 = 0x80;
/// A square no piece may enter: a hole in the board, or a moving wall.
pub const WALL: u8 = 0xFF;
/// A hole that steps pass over (`hole behind`): no piece stands there, nor may enter. (A
/// piece's byte is at most `PROMOTED | 0x7D` below it: fewer than 63 kinds a side.)
pub const HOLE: u8 = 0xFE;

/// The piece code in a square's byte, if a piece stands there.
#[inline(always)]
pub fn piece_code(v: u8) -> Option<u8> {
    if v == 0 || v >= HOLE {
        None
    } else {
        Some((v & !PROMOTED) - 1)
    }
}

/// A move as the generator produces it. `from`/`to` are squares of the mover's layer; for
/// castling they are the king's; for a drop both are the square dropped on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u16,
    /// The square it moves to.
    pub to: u16,
    /// The code promoted to (or dropped), plus one; 0 when none.
    pub promo: u8,
    /// What kind of move.
    pub kind: MoveKind,
    /// Where the moving wall goes (variants with a moving wall), or where the gated piece
    /// goes (gating).
    pub aux: u16,
    /// The code of the piece gated from the hand onto `aux`, plus one; 0 when none.
    pub gate: u8,
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum MoveKind {
    /// A move or a capture, promoting or not.
    #[default]
    Normal,
    /// A capture en passant.
    EnPassant,
    /// Castling: the castle's index in [`Position::castles`].
    Castle(u8),
    /// A piece from the hand, the code in `promo`.
    Drop,
    /// No move: `from` and `to` are the royal piece's square.
    Pass,
    /// A promotion in place: the piece on `from` becomes the code in `promo` on `to`, its own
    /// square or one the new piece moves to.
    Promote,
}

/// The en-passant state, as board cells (layer-less): the squares passed over, and the cell of
/// the piece that may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The cells passed over.
    pub targets: [u16; 2],
    /// How many of `targets` are in use.
    pub n: u8,
    /// The cell of the piece that may be taken.
    pub victim: u16,
}

impl EnPassant {
    /// The cells passed over.
    pub fn targets(&self) -> &[u16] {
        &self.targets[..self.n as usize]
    }
}

#[derive(Clone, Copy, Debug)]
struct Snapshot {
    castling: u64,
    ep: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    checks: [u8; 2],
    changes: u32,
    passes: u8,
    prev_facing: bool,
    side: Side,
    turn_move: u32,
}

/// Where a move judged without being played lands, and the code of its piece: a slot set and
/// cleared around one attack test (atomic only so that a position may be shared read-only).
#[derive(Debug, Default)]
pub struct SketchMover(std::sync::atomic::AtomicU32);

impl Clone for SketchMover {
    fn clone(&self) -> Self {
        SketchMover::default()
    }
}

impl SketchMover {
    /// The square and code of the piece being judged, if any.
    #[inline(always)]
    pub fn get(&self) -> Option<(u16, u8)> {
        let v = self.0.load(std::sync::atomic::Ordering::Relaxed);
        (v != 0).then(|| (((v >> 8) - 1) as u16, (v & 0xFF) as u8))
    }
    /// Sets or clears the piece being judged.
    #[inline(always)]
    pub fn set(&self, v: Option<(u16, u8)>) {
        let raw = v.map_or(0, |(sq, c)| ((sq as u32 + 1) << 8) | c as u32);
        self.0.store(raw, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The code the piece `v` (a board byte) has in `side`'s hand: its unpromoted kind, unless
/// the variant keeps promoted pieces promoted in hand.
#[inline]
pub(crate) fn hand_code<B: Bits>(r: &Rules<B>, v: u8, side: Side) -> Option<u8> {
    let code = piece_code(v)?;
    let cr = &r.codes[code as usize];
    let kind = if r.keep_promoted {
        cr.kind
    } else if v & PROMOTED != 0 {
        cr.unpromoted
    } else {
        cr.base_kind
    };
    Some(r.code(side, kind))
}

/// A position: the board, the hands, the rights and clocks, and the history that undoes moves.
#[derive(Clone)]
pub struct Position<B> {
    /// Per square: see [`piece_code`].
    pub board: Vec<u8>,
    /// Per code: how many it has in hand.
    pub hand: Vec<u8>,
    /// Per code.
    pub pieces: Vec<B>,
    /// Per side: its pieces.
    pub by_side: [B; 2],
    /// Pieces and walls.
    pub occ: B,
    /// The walls (holes in the board, petrified pieces, the moving wall).
    pub walls: B,
    /// The holes that steps pass over (`hole behind`).
    pub holes: B,
    /// The side to move.
    pub side: Side,
    /// One bit per castle of `castles`.
    pub castling: u64,
    /// The castles of this game: the variant's, or those its castling rule gives the start.
    pub castles: Arc<Vec<CastleRules<B>>>,
    /// Per square: the castling rights kept when the square changes.
    pub castle_keep: Arc<Vec<u64>>,
    /// The en-passant state, if the last move was a double step.
    pub ep: Option<EnPassant>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number, +1 after black's move.
    pub fullmove: u32,
    /// Checks given by each side.
    pub checks: [u8; 2],
    /// Pieces of the other side each side has taken (where the variant counts them).
    pub taken: [u8; 2],
    /// Bit 0: the last move was a pass; bit 1: the one before it was.
    pub passes: u8,
    /// The royals faced each other before the last move (false at a position set from FEN).
    pub prev_facing: bool,
    /// Moves the side to move has already made in its turn (0 but in a variant of several
    /// moves a turn).
    pub turn_move: u32,
    /// Under `en passant per turn`: a second en-passant entry (the first is `ep`), of another
    /// move of the turn; `None` whenever `ep` is.
    pub ep2: Option<EnPassant>,
    /// Under `en passant per turn`: `ep2` before each move of the history.
    ep2_history: Vec<Option<EnPassant>>,
    /// Under `move enemy`: the square of the piece the enemy moved last, which its side may
    /// not move now.
    pub hypnotized: Option<u16>,
    /// Under `move enemy`: `hypnotized` before each move of the history.
    hypnotized_history: Vec<Option<u16>>,
    /// Under `no captures undone`: the squares the last move captured from and to, if it
    /// captured, which the next capture may not repeat.
    pub last_capture: Option<(u16, u16)>,
    /// Under `no captures undone`: `last_capture` before each move of the history.
    last_capture_history: Vec<Option<(u16, u16)>>,
    /// Under `captures N`: `taken` before each move of the history.
    taken_history: Vec<[u8; 2]>,
    /// Under `after capture move as captured`, in the middle of a turn: the square of the
    /// piece that captured, and the code (of its side) of the kind it moves as now.
    pub maker: Option<(u16, u8)>,
    /// `maker` before each move of the history.
    maker_history: Vec<Option<(u16, u8)>>,
    /// Set while the moves that would go on with a turn are looked for, so that playing them
    /// does not look again.
    probing: bool,
    changes: Vec<(u16, u8)>,
    history: Vec<Snapshot>,
    /// Set while playing a move whose effect promotes a piece and the move carries no choice:
    /// the code of the piece that must choose.
    pub pending_choice: Option<u8>,
    /// Why the last move played was illegal, if it was.
    pub refusal: Option<Refusal>,
    /// When `Some`, playing a move records what its crossings and effects did (for the REPL).
    pub log: Option<Vec<Event>>,
    /// A reusable move list, so that counting at the leaves allocates nothing.
    pub scratch: Vec<Move>,
    /// The squares a side controls, as last computed, and the pieces they were computed for
    /// ([`crate::engine::control`]): every piece of a side that may jump reads the same set.
    pub(crate) control_memo: crate::engine::control::ControlMemo<B>,
    /// Clauses and `finally` lines with an action other than `nothing` that the effects carried
    /// out, counted for the effects a move requires to act.
    pub(crate) acted: u32,
    /// While a move is judged without playing it: where the moved piece lands and its code,
    /// for the hops whose screen it may be.
    pub(crate) sketch_mover: SketchMover,
    /// While the replies to a check are judged (`no checks unless mate`): every check is
    /// barred, so that judging them does not recurse.
    pub(crate) judging_replies: bool,
}

/// Why a move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The mover's royal piece is attacked right after the move, before crossing and effects.
    CheckAfterMove,
    /// A crossing piece would land on this occupied square.
    CrossingBlocked(u16),
    /// Two layers would hold a piece on the same square.
    Exclusive,
    /// The move would remove the mover's last royal piece.
    RoyalLost,
    /// The mover's royal piece is attacked once the move is done.
    Check,
    /// The move would attack the enemy royal piece, and the variant forbids checks (or the
    /// move is a promotion in place).
    GivesCheck,
    /// The royals faced each other, and the move (not a pass) left them so.
    RoyalsFacing,
    /// A `required` effect (this one) changed nothing after the move.
    EffectIdle(u8),
    /// The move would leave a piece frozen, and the variant forbids that.
    Frozen,
    /// The drop would checkmate, and the variant forbids a drop of that piece to.
    DropMates,
    /// The moved piece's group has no empty square next to it (`no suicide`).
    Suicide,
}

/// What a move did beyond moving its piece, for describing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece crossed to another layer.
    Crossed {
        /// The square it left.
        from: usize,
        /// The square it stands on.
        to: usize,
    },
    /// An effect pulled a piece.
    Pulled {
        /// The square it left.
        from: usize,
        /// The square it stands on.
        to: usize,
        /// Its code.
        code: u8,
    },
    /// An effect pushed a piece.
    Pushed {
        /// The square it left.
        from: usize,
        /// The square it stands on.
        to: usize,
        /// Its code.
        code: u8,
    },
    /// An effect removed a piece.
    Removed {
        /// Its square.
        at: usize,
        /// Its code.
        code: u8,
    },
    /// An effect put the captured piece on the square the mover left.
    Put {
        /// Its square.
        at: usize,
        /// Its code.
        code: u8,
    },
    /// An effect sent a piece to the mover's hand.
    Sent {
        /// The code it has in the hand.
        code: u8,
    },
    /// An effect turned a piece to the mover's side.
    Flipped {
        /// Its square.
        at: usize,
        /// Its new code.
        code: u8,
    },
    /// An effect changed a piece into another kind.
    Changed {
        /// Its square.
        at: usize,
        /// Its new code.
        code: u8,
    },
    /// An effect promoted a piece.
    Promoted {
        /// Its square.
        at: usize,
        /// Its new code.
        code: u8,
    },
    /// The capturing piece turned to stone: its square is now a wall.
    Petrified {
        /// Its square.
        at: usize,
        /// Its code.
        code: u8,
    },
}

/// What the first part of a move did: where the moved pieces stand, and whether it captured.
struct Moved {
    squares: [usize; 2],
    n: usize,
    captured: bool,
    resets: bool,
}

impl<B: Bits> Position<B> {
    /// The pieces of `m` that effects read, before it is played: the piece that moves (the
    /// king, in a castle) and the piece it takes (`took` is set once the move is played).
    fn move_codes(&self, r: &Rules<B>, m: Move) -> MoveCodes {
        let codes = self.move_pieces(r, m);
        MoveCodes {
            departure: m.from,
            checked: r.reads_checked && self.royal_attacked(r, self.side),
            ..codes
        }
    }

    fn move_pieces(&self, r: &Rules<B>, m: Move) -> MoveCodes {
        let (from, to) = (m.from as usize, m.to as usize);
        match m.kind {
            MoveKind::Normal => MoveCodes {
                moved: self.code_at(from),
                captured: self.code_at(to),
                ..MoveCodes::NONE
            },
            MoveKind::EnPassant => MoveCodes {
                moved: self.code_at(from),
                captured: self
                    .ep_for(r, to)
                    .and_then(|ep| self.code_at(ep.victim as usize)),
                ..MoveCodes::NONE
            },
            MoveKind::Castle(i) => MoveCodes {
                moved: self.code_at(self.castles[i as usize].king_from as usize),
                captured: None,
                ..MoveCodes::NONE
            },
            MoveKind::Drop => MoveCodes {
                moved: m
                    .promo
                    .checked_sub(1)
                    .filter(|&c| (c as usize) < r.codes.len()),
                dropped: true,
                ..MoveCodes::NONE
            },
            MoveKind::Promote => MoveCodes {
                moved: self.code_at(from),
                captured: None,
                ..MoveCodes::NONE
            },
            MoveKind::Pass => MoveCodes::NONE,
        }
    }
}

impl<B: Bits> Position<B> {
    /// A position of `r`'s board with nothing on it, white to move.
    pub fn empty(r: &Rules<B>) -> Position<B> {
        Position {
            board: vec![0; r.squares],
            hand: vec![0; r.codes.len()],
            pieces: vec![B::ZERO; r.codes.len()],
            by_side: [B::ZERO; 2],
            occ: B::ZERO,
            walls: B::ZERO,
            holes: B::ZERO,
            side: Side::White,
            castling: 0,
            castles: Arc::new(r.castles.clone()),
            castle_keep: Arc::new(vec![u64::MAX; r.squares]),
            ep: None,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            taken: [0; 2],
            passes: 0,
            prev_facing: false,
            turn_move: 0,
            ep2: None,
            ep2_history: vec![],
            hypnotized: None,
            hypnotized_history: vec![],
            last_capture: None,
            last_capture_history: vec![],
            taken_history: vec![],
            maker: None,
            maker_history: vec![],
            probing: false,
            changes: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            pending_choice: None,
            refusal: None,
            log: None,
            scratch: Vec::with_capacity(16),
            control_memo: crate::engine::control::ControlMemo::default(),
            acted: 0,
            sketch_mover: SketchMover::default(),
            judging_replies: false,
        }
    }

    pub(crate) fn note(&mut self, e: Event) {
        if let Some(log) = &mut self.log {
            log.push(e);
        }
    }

    /// The code of the piece on `sq`, if any.
    #[inline(always)]
    pub fn code_at(&self, sq: usize) -> Option<u8> {
        piece_code(self.board[sq])
    }

    /// Changes a square without recording it.
    #[inline(always)]
    pub fn put(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        let bit = B::bit(sq);
        for v in [old, new] {
            if v == WALL {
                self.walls ^= bit;
                self.occ ^= bit;
            } else if let Some(code) = piece_code(v) {
                let code = code as usize;
                self.pieces[code] ^= bit;
                self.by_side[r.codes[code].side.index()] ^= bit;
                self.occ ^= bit;
            } else if v == HOLE {
                self.holes ^= bit;
            }
        }
        self.board[sq] = new;
    }

    /// Changes a square, remembering its old content for undo; touching a castling square
    /// loses that castling right.
    #[inline(always)]
    pub fn set(&mut self, r: &Rules<B>, sq: usize, new: u8) {
        let old = self.board[sq];
        if old == new {
            return;
        }
        self.changes.push((sq as u16, old));
        self.put(r, sq, new);
        self.castling &= self.castle_keep[sq];
    }

    /// Changes how many pieces of `code` are in hand, remembering the old count.
    #[inline]
    pub fn set_hand(&mut self, r: &Rules<B>, code: u8, count: u8) {
        self.changes
            .push(((r.squares + code as usize) as u16, self.hand[code as usize]));
        self.hand[code as usize] = count;
    }

    /// The side that made the last move played, if any.
    pub fn last_move_side(&self) -> Option<Side> {
        self.history.last().map(|s| s.side)
    }

    /// The square changes of the last move played, oldest first: (square, before, after).
    pub fn last_changes(&self) -> Vec<(usize, u8, u8)> {
        let Some(s) = self.history.last() else {
            return vec![];
        };
        let squares = self.board.len();
        let list = &self.changes[s.changes as usize..];
        // The value after each change is the next change's "before" on that square, or the
        // board now.
        let mut out = vec![];
        for (i, &(sq, before)) in list.iter().enumerate() {
            if sq as usize >= squares {
                continue;
            }
            let after = list[i + 1..]
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, b)| *b)
                .unwrap_or(self.board[sq as usize]);
            out.push((sq as usize, before, after));
        }
        out
    }

    /// The code of the piece the last move played dropped from the hand, if it was a drop.
    pub fn last_drop(&self, r: &Rules<B>) -> Option<u8> {
        let s = self.history.last()?;
        self.changes[s.changes as usize..]
            .iter()
            .filter(|&&(sq, _)| sq as usize >= r.squares)
            .map(|&(sq, old)| (sq as usize - r.squares, old))
            .find(|&(code, old)| self.hand[code] < old)
            .map(|(code, _)| code as u8)
    }

    /// The changes the last move played recorded, oldest first: (square, or the board's squares
    /// plus a code for a count in hand; the content before). For keys updated move by move.
    pub fn last_move_changes(&self) -> &[(u16, u8)] {
        let start = self
            .history
            .last()
            .map_or(self.changes.len(), |s| s.changes as usize);
        &self.changes[start..]
    }

    /// How many moves were played since the position was set (and can be undone).
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// Plays a move. Returns whether it is legal; either way the position holds the move and
    /// must be restored with [`Position::unmake`].
    pub fn make(&mut self, r: &Rules<B>, m: Move) -> bool {
        self.play(r, m, true)
    }

    /// Keeps what a move changes beyond its recorded changes, for its undo.
    #[inline(always)]
    fn remember(&mut self) {
        self.history.push(Snapshot {
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            changes: self.changes.len() as u32,
            passes: self.passes,
            prev_facing: self.prev_facing,
            side: self.side,
            turn_move: self.turn_move,
        });
    }

    /// The walls a move makes: moved (Duck), placed (Isolation, Atlantis) or left behind.
    fn build_walls(&mut self, r: &Rules<B>, m: &Move) {
        if r.moving_wall {
            self.move_wall(r, m.aux as usize);
        }
        if r.placed_wall.as_ref().is_some_and(|w| w.placed_by(m.kind)) {
            self.place_wall(r, m.aux as usize);
        }
        if (r.wall_behind || r.holes)
            && let Some(at) = self.wall_left(m)
        {
            self.set(r, at, if r.holes { HOLE } else { WALL });
        }
    }

    /// The board changes of a move, by its kind.
    #[inline(always)]
    fn play_kind(&mut self, r: &Rules<B>, m: Move) -> Moved {
        match m.kind {
            MoveKind::Normal => self.play_normal(r, m),
            MoveKind::EnPassant => self.play_en_passant(r, m),
            MoveKind::Castle(i) => self.play_castle(r, i as usize),
            MoveKind::Drop => self.play_drop(r, m),
            MoveKind::Promote => self.play_promote(r, m),
            MoveKind::Pass => {
                self.ep = None;
                Moved {
                    squares: [0; 2],
                    n: 0,
                    captured: false,
                    resets: false,
                }
            }
        }
    }

    /// Plays a move; with `verify` false the check tests are skipped (the caller knows the
    /// move is legal).
    pub fn play(&mut self, r: &Rules<B>, m: Move, verify: bool) -> bool {
        let escape_barred = r.no_royal_escape && verify && self.escape_barred(r, m);
        let aimer = if r.aimers.is_empty() {
            None
        } else {
            self.aimer(r, m)
        };
        self.remember_before(r, m);
        let mover = self.side;
        if r.once_kept != 0 {
            self.spend_kept_right(r, m);
        }
        // Pieces royal only while the last of their kind: a move is judged by those that were
        // royal when it was played.
        let royals_before =
            (verify && !r.last_royals[mover.index()].is_empty()).then(|| self.royals(r, mover));
        let pieces = if r.effects_read_move {
            self.move_codes(r, m)
        } else {
            MoveCodes::NONE
        };
        let enemy_moved = r.move_enemy && self.moves_enemy(r, m, mover);
        if r.no_captures_undone {
            self.last_capture_history.push(self.last_capture);
            self.last_capture = self.is_capture(&m).then_some((m.from, m.to));
        }
        let enemies_before = r.counts_captures.then(|| {
            self.taken_history.push(self.taken);
            self.by_side[mover.flip().index()].count()
        });
        let mut moved = self.play_kind(r, m);
        if r.move_enemy {
            self.hold_hypnotized(m, enemy_moved);
        }
        self.build_walls(r, &m);
        self.advance_clocks(r, mover, &moved);
        let legal = self.after_move(r, m, mover, (&mut moved, pieces), verify, royals_before)
            && !escape_barred;
        if let Some(code) = aimer {
            self.lose_aimed_rights(r, code, m.to as usize);
        }
        // The gated piece comes last: it does not shield the mover's royal piece in the move's
        // own test (as Fairy-Stockfish judges gating).
        if m.gate != 0 {
            self.gate_in(r, m.gate - 1, m.aux as usize);
        }
        let legal = if r.make_steps {
            self.take_and_make(r, m, mover, moved.captured, (legal, verify))
        } else {
            legal
        };
        // `until hand empty`: a move that fills the mover's hand is legal when a drop then is.
        let legal = if r.hand_steps && verify && !self.probing && self.holds_hand(r, mover) {
            let nth = self.history.last().map_or(0, |b| b.turn_move) + 1;
            self.can_drop_next(r, mover, nth)
        } else {
            legal
        };
        if legal {
            self.count_taken_and_checks(r, mover, enemies_before);
        }
        if r.turn.is_some() {
            self.next_in_turn(r, m, mover, legal);
        }
        legal
    }

    /// What a move keeps of the position before it is played (its undo, the facing royals,
    /// the passes), and the last move's choice, refusal and log cleared.
    #[inline(always)]
    fn remember_before(&mut self, r: &Rules<B>, m: Move) {
        self.remember();
        self.remember_turn_en_passant(r, m);
        if r.facing_rule {
            self.prev_facing = self.royals_facing(r);
        }
        if r.pass || r.pass_when_stuck {
            self.passes = ((self.passes << 1) | (m.kind == MoveKind::Pass) as u8) & 3;
        }
        self.pending_choice = None;
        self.refusal = None;
        if let Some(log) = &mut self.log {
            log.clear();
        }
    }

    /// After a legal move by `mover`: the enemies it took (`enemies_before` counted where
    /// captures are counted) and the check it gave, where checks are counted.
    #[inline(always)]
    fn count_taken_and_checks(&mut self, r: &Rules<B>, mover: Side, enemies_before: Option<u32>) {
        if let Some(before) = enemies_before {
            let lost = before.saturating_sub(self.by_side[mover.flip().index()].count());
            let n = &mut self.taken[mover.index()];
            *n = n.saturating_add(lost.min(255) as u8);
        }
        if r.counts_checks && self.royal_attacked(r, self.side) {
            self.checks[mover.index()] = self.checks[mover.index()].saturating_add(1);
        }
    }

    /// Under `en passant per turn`: keeps the second entry for the undo, and puts first the
    /// entry an en-passant capture takes, where the capture looks for it.
    #[inline(always)]
    /// (and, under `move enemy`, keeps the piece its side may not move for the undo).
    fn remember_turn_en_passant(&mut self, r: &Rules<B>, m: Move) {
        if r.move_enemy {
            self.hypnotized_history.push(self.hypnotized);
        }
        if r.ep_per_turn {
            self.ep2_history.push(self.ep2);
            if m.kind == MoveKind::EnPassant {
                self.ep = self.ep_for(r, m.to as usize);
            }
        }
    }

    /// Under `move enemy`: after `m`, the piece its side may not move next is the one the
    /// enemy moved, if it did; its double step leaves nothing to take (the pawn passed is the
    /// next mover's own).
    #[cold]
    fn hold_hypnotized(&mut self, m: Move, enemy_moved: bool) {
        self.hypnotized = enemy_moved.then_some(m.to);
        if enemy_moved {
            self.ep = None;
        }
    }

    /// Under `move enemy`: whether `m` moves a piece of the other side than `mover`'s.
    #[cold]
    fn moves_enemy(&self, r: &Rules<B>, m: Move, mover: Side) -> bool {
        matches!(m.kind, MoveKind::Normal | MoveKind::Promote)
            && self
                .code_at(m.from as usize)
                .is_some_and(|c| r.codes[c as usize].side != mover)
    }

    /// The en-passant entry whose squares hold `to` (the first entry when none does).
    #[inline]
    pub fn ep_for(&self, r: &Rules<B>, to: usize) -> Option<EnPassant> {
        let cell = (to % r.cells) as u16;
        match self.ep2 {
            Some(e) if e.targets().contains(&cell) => Some(e),
            _ => self.ep,
        }
    }

    /// The side of the piece that may be taken en passant by entry `e`, if it still stands
    /// where it went.
    /// The side is told by where the piece stands: past the squares it passed over in its
    /// forward direction (up the board for white).
    pub(crate) fn passer(&self, r: &Rules<B>, e: &EnPassant) -> Option<Side> {
        let side = if e.victim as usize / r.files > e.targets[0] as usize / r.files {
            Side::White
        } else {
            Side::Black
        };
        (0..r.layers)
            .filter_map(|l| self.code_at(l * r.cells + e.victim as usize))
            .any(|c| r.codes[c as usize].en_passant && r.codes[c as usize].side == side)
            .then_some(side)
    }

    /// `en passant per turn`, after a move of `mover`: the entries of its own earlier moves in
    /// the turn stay, the other side's stay only after an en-passant capture (for the turn's
    /// next move), and the move's own double step is added; an entry whose piece has moved on
    /// or was taken is gone. At most the last two are kept.
    fn en_passant_of_turn(&mut self, r: &Rules<B>, m: Move, mover: Side) {
        let before = self.history.last().and_then(|s| s.ep);
        let before2 = self.ep2_history.last().copied().flatten();
        let took = m.kind == MoveKind::EnPassant;
        let mut kept: Vec<EnPassant> = [before, before2]
            .into_iter()
            .flatten()
            .filter(|e| self.passer(r, e).is_some_and(|p| p == mover || took))
            .chain(self.ep)
            .collect();
        if kept.len() > 2 {
            kept.remove(0);
        }
        self.ep = kept.first().copied();
        self.ep2 = kept.get(1).copied();
    }

    /// Keeps the en-passant entries whose passing piece's side `keep` accepts.
    fn keep_en_passant(&mut self, r: &Rules<B>, keep: impl Fn(Side) -> bool) {
        let kept: Vec<EnPassant> = [self.ep, self.ep2]
            .into_iter()
            .flatten()
            .filter(|e| self.passer(r, e).is_some_and(&keep))
            .collect();
        self.ep = kept.first().copied();
        self.ep2 = kept.get(1).copied();
    }

    /// In a variant of several moves a turn: whether the mover's turn goes on after its move,
    /// and if so the mover stays to move (the move number as it was).
    fn next_in_turn(&mut self, r: &Rules<B>, m: Move, mover: Side, legal: bool) {
        let Some(t) = &r.turn else { return };
        if r.ep_per_turn {
            self.en_passant_of_turn(r, m, mover);
        }
        let Some(before) = self.history.last().copied() else {
            return;
        };
        let goes_on = legal
            && !self.probing
            && (r.hand_steps && self.holds_hand(r, mover)
                || r.make_steps && self.maker.is_some()
                || before.turn_move + 1 < t.size(mover, before.fullmove))
            && !(t.until_check && self.royal_attacked(r, mover.flip()))
            && (!t.until_stuck || self.can_go_on(r, mover, before.turn_move + 1));
        if goes_on {
            self.side = mover;
            self.fullmove = before.fullmove;
            self.turn_move = before.turn_move + 1;
        } else {
            self.turn_move = 0;
            if r.ep_per_turn {
                self.keep_en_passant(r, |passer| passer == mover);
            }
        }
    }

    /// `after capture move as captured`, after `m` of `mover`: a capture that opens its turn
    /// leaves the capturer to move again, as the kind it took; it is legal when that move is
    /// (whether the capture itself left the royal piece attacked does not matter).
    #[cold]
    fn take_and_make(
        &mut self,
        r: &Rules<B>,
        m: Move,
        mover: Side,
        captured: bool,
        judged: (bool, bool),
    ) -> bool {
        let (legal, verify) = judged;
        self.maker_history.push(self.maker);
        let opens = self.history.last().is_some_and(|b| b.turn_move == 0);
        self.maker = (captured && opens)
            .then(|| self.taken_code(r, m))
            .flatten()
            .map(|c| (m.to, r.code(mover, r.codes[c as usize].kind)));
        match self.maker {
            Some(_) if verify && !self.probing => self.can_go_on(r, mover, 1),
            _ => legal,
        }
    }

    /// The code of the piece the last move `m`, a capture, took: the piece that stood where it
    /// went, or else (en passant) on the first other square but its start that it emptied.
    fn taken_code(&self, r: &Rules<B>, m: Move) -> Option<u8> {
        let changes = self.last_move_changes();
        let on = |sq: u16| {
            changes
                .iter()
                .find(|c| c.0 == sq)
                .and_then(|c| piece_code(c.1))
        };
        on(m.to).or_else(|| {
            changes
                .iter()
                .filter(|&&(sq, _)| (sq as usize) < r.squares && sq != m.from)
                .find_map(|&(_, old)| piece_code(old))
        })
    }

    /// Whether `side` has a piece in hand.
    pub(crate) fn holds_hand(&self, r: &Rules<B>, side: Side) -> bool {
        r.side_codes[side.index()]
            .iter()
            .any(|&c| self.hand[c as usize] > 0)
    }

    /// Whether the side to move is in the middle of its turn with pieces in hand, which under
    /// `until hand empty` it must drop.
    #[inline]
    pub(crate) fn drop_step(&self, r: &Rules<B>) -> bool {
        r.hand_steps && self.turn_move > 0 && self.holds_hand(r, self.side)
    }

    /// Whether `mover`, whose move filled its hand, has a legal drop to make as move `nth` of
    /// its turn. A royal piece of its own on the board and unattacked stays so whatever the
    /// mover drops, unless a dropped piece may screen an enemy hopper: then any drop square
    /// will do. Otherwise the drops are played.
    fn can_drop_next(&mut self, r: &Rules<B>, mover: Side, nth: u32) -> bool {
        let them = mover.flip().index();
        let settled = r.hop_attacks[them].is_empty()
            && r.antiroyal_codes[mover.index()].is_empty()
            && !r.no_drop_checks
            && r.drop_required.is_empty()
            && self.royals(r, mover).any()
            && !self.royal_attacked(r, mover);
        if !settled {
            return self.can_go_on(r, mover, nth);
        }
        r.side_codes[mover.index()]
            .iter()
            .any(|&c| self.hand[c as usize] > 0 && self.drop_targets(r, c as usize).any())
    }

    /// Whether `mover` has a legal move to make as move `nth` of its turn.
    fn can_go_on(&mut self, r: &Rules<B>, mover: Side, nth: u32) -> bool {
        let (side, turn_move) = (self.side, self.turn_move);
        (self.side, self.turn_move, self.probing) = (mover, nth, true);
        let any = self.has_legal_move(r);
        (self.side, self.turn_move, self.probing) = (side, turn_move, false);
        any
    }

    /// The side that made the last move: the side to move itself in the middle of its turn.
    #[inline]
    pub fn last_mover(&self) -> Side {
        if self.turn_move > 0 {
            self.side
        } else {
            self.side.flip()
        }
    }

    /// Whether `m` moves a royal piece out of check without taking the only piece that checks
    /// it, which `no royal escape` forbids (Makpong, as Fairy-Stockfish judges it).
    fn escape_barred(&self, r: &Rules<B>, m: Move) -> bool {
        if matches!(
            m.kind,
            MoveKind::Drop | MoveKind::Pass | MoveKind::Castle(_)
        ) {
            return false;
        }
        let from = m.from as usize;
        if !self
            .code_at(from)
            .is_some_and(|c| r.codes[c as usize].royal)
        {
            return false;
        }
        let checkers = self.attackers(r, from, self.side.flip(), self.occ);
        checkers.any() && checkers != B::bit(m.to as usize)
    }

    /// The code of the piece `m` moves, when it is one that aims at first-move rights.
    fn aimer(&self, r: &Rules<B>, m: Move) -> Option<u8> {
        if !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::Promote
        ) {
            return None;
        }
        let code = self.code_at(m.from as usize)?;
        r.aimers.iter().any(|&(a, _)| a == code).then_some(code)
    }

    /// The first-move rights that a piece of `mover` landing on `to` takes: those of the
    /// pieces it aims at there, on an empty board (Cambodian chess's rook and king, as
    /// Fairy-Stockfish has it).
    fn lose_aimed_rights(&mut self, r: &Rules<B>, mover: u8, to: usize) {
        let reach = r.aim_reach[mover as usize][to];
        for &(a, victim) in &r.aimers {
            if a != mover {
                continue;
            }
            let side = r.codes[victim as usize].side.index();
            for sq in (self.pieces[victim as usize] & reach).iter() {
                self.castling &= !r.once_bit[side][sq];
            }
        }
    }

    /// `once lost when moved`: a piece with `once` atoms leaving a square spends the right
    /// there, which a capture on it does not take.
    fn spend_kept_right(&mut self, r: &Rules<B>, m: Move) {
        if matches!(
            m.kind,
            MoveKind::Drop | MoveKind::Pass | MoveKind::Castle(_)
        ) {
            return;
        }
        let from = m.from as usize;
        let Some(code) = self.code_at(from) else {
            return;
        };
        if r.once[code as usize].is_some() {
            let side = r.codes[code as usize].side.index();
            self.castling &= !(r.once_bit[side][from] & r.once_kept);
        }
    }

    /// The castling rights before the last move played, if one was.
    pub(crate) fn castling_before_last(&self) -> Option<u64> {
        self.history.last().map(|s| s.castling)
    }

    /// Whether the piece of `code` moving from `from` to `to` itself promotes to `promo` (which
    /// may instead be the choice an effect asks for, as in Magnetic).
    #[inline(always)]
    fn promotes(
        &self,
        r: &Rules<B>,
        code: u8,
        from: usize,
        to: usize,
        promo: u8,
        captures: bool,
    ) -> bool {
        promo != 0
            && r.codes[code as usize].promotion.as_ref().is_some_and(|p| {
                p.applies(from, to, captures)
                    && p.choices.contains(&(promo - 1))
                    && p.offers(promo - 1, to)
            })
    }

    /// The piece byte a piece of `code` becomes when it promotes to `promo` (code + 1).
    #[inline]
    /// Only a piece of a base kind that becomes another base kind is marked: a promoted form
    /// turning back into its base (Kyoto shogi) is not promoted.
    fn promoted_byte(&self, r: &Rules<B>, mover: u8, promo: u8) -> u8 {
        let code = (promo - 1) as usize;
        let m = &r.codes[mover as usize];
        if r.marks_promoted
            && r.codes[code].base_kind == r.codes[code].kind
            && m.base_kind == m.kind
        {
            promo | PROMOTED
        } else {
            promo
        }
    }

    /// Removes the piece on `sq`, into the capturer's hand where the variant says so.
    #[inline]
    fn capture(&mut self, r: &Rules<B>, sq: usize, capturer: Side) {
        let v = self.board[sq];
        self.set(r, sq, 0);
        if !r.captures_to_hand {
            return;
        }
        self.put_in_hand(r, v, capturer);
    }

    /// Puts the piece `v` (a board byte) into `side`'s hand, unpromoted unless the variant
    /// keeps promoted pieces; returns the code it has there.
    #[inline]
    pub(crate) fn put_in_hand(&mut self, r: &Rules<B>, v: u8, side: Side) -> Option<u8> {
        let c = hand_code(r, v, side)?;
        let n = self.hand[c as usize].saturating_add(1);
        self.set_hand(r, c, n);
        Some(c)
    }

    fn play_normal(&mut self, r: &Rules<B>, m: Move) -> Moved {
        let (from, to) = (m.from as usize, m.to as usize);
        let v = self.board[from];
        let code = piece_code(v).unwrap_or(0);
        let captured = self.board[to] != 0;
        // A move to a controlled square is no double step, whatever it passes over; nor is a
        // move as a piece taken, unless its own kind could make it or it goes two squares
        // straight forward.
        let jumped = (!r.anywhere.is_empty() || r.make_steps && self.maker.is_some())
            && !captured
            && !self.targets_of(r, &r.codes[code as usize], from).0.has(to)
            && !(r.make_steps && r.two_forward(self.side, from, to));
        if captured {
            self.capture(r, to, self.side);
            if r.codes[code as usize].captures_in_place {
                return self.stay_after_capture(r, code, from);
            }
        }
        self.set(r, from, 0);
        let new = if self.promotes(r, code, from, to, m.promo, captured) {
            self.promoted_byte(r, code, m.promo)
        } else {
            v
        };
        let cr = &r.codes[code as usize];
        if captured && cr.petrifies {
            self.set(r, to, WALL);
            self.note(Event::Petrified { at: to, code });
        } else {
            self.set(r, to, new);
        }
        // A piece that promoted on its double step (Torpedo) is no longer one to take en passant.
        let passer = cr.en_passant
            && (new == v || r.codes[piece_code(new).unwrap_or(0) as usize].en_passant);
        if passer && !captured && !jumped {
            self.ep = r.passed_over(self.side, from, to);
        } else {
            self.ep = None;
        }
        Moved {
            squares: [to, 0],
            n: 1,
            captured,
            // A promotion cannot be taken back either (Fairy-Stockfish's count).
            resets: cr.resets_clock || new != v,
        }
    }

    /// A piece that captures without moving, its victim taken: it stays on `from`. The capture
    /// is its move all the same, so it loses the castling rights of its square.
    fn stay_after_capture(&mut self, r: &Rules<B>, code: u8, from: usize) -> Moved {
        self.castling &= self.castle_keep[from];
        self.ep = None;
        Moved {
            squares: [from, 0],
            n: 1,
            captured: true,
            resets: r.codes[code as usize].resets_clock,
        }
    }

    fn play_en_passant(&mut self, r: &Rules<B>, m: Move) -> Moved {
        let (from, to) = (m.from as usize, m.to as usize);
        if let Some(ep) = self.ep.take() {
            for l in 0..r.layers {
                let v = l * r.cells + ep.victim as usize;
                if self.board[v] != 0 {
                    self.capture(r, v, self.side);
                    break;
                }
            }
        }
        let v = self.board[from];
        let code = piece_code(v).unwrap_or(0);
        if r.codes[code as usize].captures_in_place {
            return self.stay_after_capture(r, code, from);
        }
        self.set(r, from, 0);
        let new = if self.promotes(r, code, from, to, m.promo, true) {
            self.promoted_byte(r, code, m.promo)
        } else {
            v
        };
        if r.codes[code as usize].petrifies {
            self.set(r, to, WALL);
            self.note(Event::Petrified { at: to, code });
        } else {
            self.set(r, to, new);
        }
        Moved {
            squares: [to, 0],
            n: 1,
            captured: true,
            resets: r.codes[code as usize].resets_clock,
        }
    }

    fn play_castle(&mut self, r: &Rules<B>, i: usize) -> Moved {
        self.ep = None;
        let castles = self.castles.clone();
        let c = &castles[i];
        let (kf, kt, rf, rt) = c.squares();
        let (king, rook) = (self.board[kf], self.board[rf]);
        self.set(r, kf, 0);
        self.set(r, rf, 0);
        self.set(r, kt, king);
        self.set(r, rt, rook);
        if r.castling_opposite {
            self.bar_same_wing(r, c);
        }
        Moved {
            squares: [kt, rt],
            n: 2,
            captured: false,
            resets: false,
        }
    }

    /// `castling opposite`: the other side loses its castles toward the wing of `c` (the side
    /// of the king its rook stands on).
    fn bar_same_wing(&mut self, r: &Rules<B>, c: &CastleRules<B>) {
        let wing = |c: &CastleRules<B>| {
            r.coords(c.rook_from as usize).1 > r.coords(c.king_from as usize).1
        };
        let castles = self.castles.clone();
        for (j, d) in castles
            .iter()
            .enumerate()
            .take(crate::engine::rules::GATE_BIT0 as usize)
        {
            if d.side != c.side && wing(d) == wing(c) {
                self.castling &= !(1u64 << j);
            }
        }
    }

    fn play_drop(&mut self, r: &Rules<B>, m: Move) -> Moved {
        self.ep = None;
        let cr = &r.codes[m.promo as usize - 1];
        let code = cr.hand_code;
        if !cr.drop.as_ref().is_some_and(|d| d.free) {
            let n = self.hand[code as usize].saturating_sub(1);
            self.set_hand(r, code, n);
        }
        self.set(r, m.to as usize, m.promo);
        if r.castling_from_drops {
            self.castle_by_drop(m.to as usize);
        }
        Moved {
            squares: [m.to as usize, 0],
            n: 1,
            captured: false,
            // A drop can never be taken back: it resets the clock, as Fairy-Stockfish counts.
            resets: true,
        }
    }

    /// A promotion in place: the piece leaves `from` and its new form stands on `to`.
    fn play_promote(&mut self, r: &Rules<B>, m: Move) -> Moved {
        self.ep = None;
        let (from, to) = (m.from as usize, m.to as usize);
        let code = piece_code(self.board[from]).unwrap_or(0);
        let new = self.promoted_byte(r, code, m.promo);
        self.set(r, from, 0);
        self.set(r, to, new);
        Moved {
            squares: [to, 0],
            n: 1,
            captured: false,
            resets: true,
        }
    }

    /// A drop on `sq` that completes a castle's king and rook on their squares gives that
    /// castling right.
    fn castle_by_drop(&mut self, sq: usize) {
        let castles = self.castles.clone();
        for (i, c) in castles
            .iter()
            .enumerate()
            .take(crate::engine::rules::GATE_BIT0 as usize)
        {
            if (c.king_from as usize == sq || c.rook_from as usize == sq)
                && piece_code(self.board[c.king_from as usize]) == Some(c.king_code)
                && piece_code(self.board[c.rook_from as usize]) == Some(c.rook_code)
            {
                self.castling |= 1 << i;
            }
        }
    }

    /// Gating: the piece of `code` comes from the hand onto `sq`, which the move has left.
    fn gate_in(&mut self, r: &Rules<B>, code: u8, sq: usize) {
        let n = self.hand[code as usize].saturating_sub(1);
        self.set_hand(r, code, n);
        self.set(r, sq, code + 1);
    }

    /// Whether `side` still has the gate on `sq`.
    #[inline(always)]
    pub fn has_gate(&self, r: &Rules<B>, side: Side, sq: usize) -> bool {
        self.castling & r.gate_bit[side.index()][sq] != 0
    }

    /// The moving wall leaves its square for `to`.
    /// Where `wall behind` puts the wall of move `m` (played or not): the square the moved
    /// piece (the king, in a castle) leaves, unless the move fills it again or moves nothing.
    pub(crate) fn wall_left(&self, m: &Move) -> Option<usize> {
        let (from, to) = match m.kind {
            MoveKind::Normal | MoveKind::EnPassant => (m.from as usize, m.to as usize),
            MoveKind::Castle(i) => {
                let c = &self.castles[i as usize];
                if c.king_from == c.rook_to {
                    return None;
                }
                (c.king_from as usize, c.king_to as usize)
            }
            MoveKind::Drop | MoveKind::Pass | MoveKind::Promote => return None,
        };
        (from != to).then_some(from)
    }

    fn move_wall(&mut self, r: &Rules<B>, to: usize) {
        if let Some(old) = self.walls.iter().next() {
            self.set(r, old, 0);
        }
        self.place_wall(r, to);
    }

    /// A new wall on `to` (`wall placed`, `wall shot`, or the moving wall's new square).
    fn place_wall(&mut self, r: &Rules<B>, to: usize) {
        self.set(r, to, WALL);
        // A wall on a square just passed over leaves nothing to take there en passant.
        if let Some(ep) = &mut self.ep
            && let Some(i) = ep.targets().iter().position(|&t| t as usize == to)
        {
            ep.targets.copy_within(i + 1.., i);
            ep.n -= 1;
            if ep.n == 0 {
                self.ep = None;
            }
        }
    }

    fn advance_clocks(&mut self, r: &Rules<B>, mover: Side, moved: &Moved) {
        if moved.captured && r.halfmove_capture || moved.resets {
            self.halfmove = 0;
        } else {
            // Saturating: a FEN may set the clocks to u32::MAX.
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if mover == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = mover.flip();
    }

    /// Whether `m` drops a piece on a square of its `first within` region (while one is empty,
    /// drops go there, no effect required of them).
    fn first_drop(&self, r: &Rules<B>, m: Move) -> bool {
        m.kind == MoveKind::Drop
            && r.codes[m.promo as usize - 1]
                .drop
                .as_ref()
                .is_some_and(|d| d.first.has(m.to as usize))
    }

    /// What follows the move itself: the royal piece's safety where it moved, crossing,
    /// effects, and the final check test. Returns whether the move is legal.
    fn after_move(
        &mut self,
        r: &Rules<B>,
        m: Move,
        mover: Side,
        (moved, pieces): (&mut Moved, MoveCodes),
        verify: bool,
        royals_before: Option<B>,
    ) -> bool {
        // The royal piece's own move must be safe where it is played; another piece's move
        // may still block a check by crossing, so only the final test applies to it.
        if verify && r.check.at_move {
            let royal_moved = moved.squares[..moved.n]
                .iter()
                .any(|&sq| self.code_at(sq).is_some_and(|c| r.codes[c as usize].royal));
            if royal_moved && self.royal_attacked(r, mover) {
                self.refusal = Some(Refusal::CheckAfterMove);
                return false;
            }
        }
        if !self.cross(r, moved) {
            return false;
        }
        let mut enemy_royal_lost = false;
        if !r.effects.is_empty() {
            match self.after_effects(r, m, mover, moved, pieces) {
                Some(lost) => enemy_royal_lost = lost,
                None => return false,
            }
        }
        if r.layers > 1 && !self.exclusive_after_move(r) {
            self.refusal = Some(Refusal::Exclusive);
            return false;
        }
        if !verify {
            return true;
        }
        if r.facing_rule && self.prev_facing {
            // The royals faced each other: a pass is always legal, any other move must part them.
            if m.kind == MoveKind::Pass {
                return true;
            }
            if self.royals_facing(r) {
                self.refusal = Some(Refusal::RoyalsFacing);
                return false;
            }
        }
        if r.frozen_forbidden() && self.any_frozen(r) {
            self.refusal = Some(Refusal::Frozen);
            return false;
        }
        let exempt = enemy_royal_lost && r.check.unless_royal_captured;
        if r.check.at_final && !exempt && self.left_attacked(r, m, mover, moved, royals_before) {
            self.refusal = Some(Refusal::Check);
            return false;
        }
        if let Some(why) = self.check_given_refused(r, m, mover) {
            self.refusal = Some(why);
            return false;
        }
        true
    }

    /// The effects run after `m`: `None` when they make it illegal (a `required` effect that
    /// changed nothing, a suicide, the mover's last royal piece lost), else whether the enemy
    /// lost its last royal piece.
    #[inline(always)]
    fn after_effects(
        &mut self,
        r: &Rules<B>,
        m: Move,
        mover: Side,
        moved: &Moved,
        pieces: MoveCodes,
    ) -> Option<bool> {
        let had_royal = self.has_royal(r, mover);
        let enemy_had_royal = self.has_royal(r, mover.flip());
        for e in 0..r.effects.len() {
            let pieces = MoveCodes {
                took: moved.captured,
                ..pieces
            };
            let squares = &moved.squares[..moved.n];
            let acted = self.acted;
            if r.effect_tables[e].reads_move {
                self.run_effect::<true>(r, e, mover, squares, pieces, m.promo);
            } else {
                self.run_effect::<false>(r, e, mover, squares, pieces, m.promo);
            }
            // A pass changes nothing by definition: `required` asks nothing of it.
            if r.effects[e].required
                && m.kind != MoveKind::Pass
                && self.acted == acted
                && !self.first_drop(r, m)
            {
                self.refusal = Some(Refusal::EffectIdle(e as u8));
                return None;
            }
        }
        if !r.no_suicide.is_empty() && self.suicide(r, &moved.squares[..moved.n]) {
            self.refusal = Some(Refusal::Suicide);
            return None;
        }
        if r.check.enabled() && had_royal && !self.has_royal(r, mover) {
            self.refusal = Some(Refusal::RoyalLost);
            return None;
        }
        Some(enemy_had_royal && !self.has_royal(r, mover.flip()))
    }

    /// Why the check `m` gives (just played by `mover`) makes it illegal, if it does: checks
    /// are forbidden, or the move is a promotion in place or a drop that may not check, or a
    /// drop that may not mate mates.
    fn check_given_refused(&mut self, r: &Rules<B>, m: Move, mover: Side) -> Option<Refusal> {
        if r.check.drop_mates_refused && self.drop_mates(r, m, mover) {
            return Some(Refusal::DropMates);
        }
        let barred_always =
            m.kind == MoveKind::Promote || (r.no_drop_checks && m.kind == MoveKind::Drop);
        // The move's own fullmove number (the clock has moved on after black's move).
        let fullmove = self.history.last().map_or(self.fullmove, |s| s.fullmove);
        ((r.checks_barred(fullmove) || barred_always)
            && self.royal_attacked(r, mover.flip())
            && (barred_always || !self.mating_check(r)))
        .then_some(Refusal::GivesCheck)
    }

    /// Under `no checks unless mate`, after a move that gives check: whether the side to move
    /// has no legal move that gives no check (so the check is allowed, as vchess's Checkless
    /// judges it: the replies that check are not looked at).
    fn mating_check(&mut self, r: &Rules<B>) -> bool {
        if !r.checks_if_mate || self.judging_replies {
            return false;
        }
        let (log, pending, refusal) = (self.log.take(), self.pending_choice, self.refusal);
        self.judging_replies = true;
        let mut replies = Vec::new();
        self.legal_moves(r, &mut replies);
        self.judging_replies = false;
        (self.log, self.pending_choice, self.refusal) = (log, pending, refusal);
        replies.is_empty()
    }

    /// Whether `m`, just played by `mover`, drops a piece whose drop may not checkmate and
    /// checkmates: the other side is in check and has no legal move. While the replies are
    /// judged, their own drops are not (a drop never answers a check by a piece next to the
    /// royal one, the only check a pawn gives).
    fn drop_mates(&mut self, r: &Rules<B>, m: Move, mover: Side) -> bool {
        if m.kind != MoveKind::Drop
            || self.judging_replies
            || !r.codes[m.promo as usize - 1]
                .drop
                .as_ref()
                .is_some_and(|d| d.mate_refused)
            || !self.royal_attacked(r, mover.flip())
        {
            return false;
        }
        let (log, pending, refusal) = (self.log.take(), self.pending_choice, self.refusal);
        self.judging_replies = true;
        let stuck = !self.has_legal_move(r);
        self.judging_replies = false;
        (self.log, self.pending_choice, self.refusal) = (log, pending, refusal);
        stuck
    }

    /// Whether the mover's royal pieces stand attacked after `m`: those royal before the move
    /// where some are royal only while the last of their kind (`royals_before`).
    #[inline]
    fn left_attacked(
        &self,
        r: &Rules<B>,
        m: Move,
        mover: Side,
        moved: &Moved,
        royals_before: Option<B>,
    ) -> bool {
        match royals_before {
            Some(before) => {
                let kept = self.royals_kept(r, m, mover, before, moved.squares[0]);
                self.royals_attacked(r, mover, kept, self.occ, B::ZERO)
            }
            None => self.royal_attacked(r, mover),
        }
    }

    /// The royal pieces `before` a move `m` whose piece landed on `landing`, where they stand
    /// after it: a piece royal only while the last of its kind is judged as it was before the
    /// move (a promotion that makes a second one leaves it royal), and one dropped is royal in
    /// its drop's test, as Fairy-Stockfish judges its extinction pseudo-royal pieces.
    fn royals_kept(&self, r: &Rules<B>, m: Move, mover: Side, before: B, landing: usize) -> B {
        let kept = match m.kind {
            MoveKind::Pass => before,
            MoveKind::Drop => {
                let code = m.promo - 1;
                let last = r.last_royals[mover.index()].iter().any(|(c, _)| *c == code);
                if last {
                    before | B::bit(landing)
                } else {
                    before
                }
            }
            _ if before.has(m.from as usize) => {
                (before ^ B::bit(m.from as usize)) | B::bit(landing)
            }
            _ => before,
        };
        let kept = if m.kind == MoveKind::Normal && m.promo > 0 {
            self.promoted_royals(r, m.promo - 1, mover, kept, landing)
        } else {
            kept
        };
        kept & self.by_side[mover.index()]
    }

    /// The royal pieces `kept` after a promotion to `code` on `landing`. Fairy-Stockfish judges
    /// a promotion to a piece of a `royal when last` kind by the count it makes, where the new
    /// piece is not a promoted form (`+`): the first of its kind is royal, and a second takes
    /// royalty from the first; a promoted form (Sho shogi's crown prince) is neither.
    fn promoted_royals(&self, r: &Rules<B>, code: u8, mover: Side, kept: B, landing: usize) -> B {
        let c = &r.codes[code as usize];
        let last = r.last_royals[mover.index()].iter().any(|(l, _)| *l == code);
        if !last || c.base_kind != c.kind || self.code_at(landing) != Some(code) {
            return kept;
        }
        let same = self.pieces[code as usize];
        if same.count() > 1 {
            kept & !same
        } else {
            kept | B::bit(landing)
        }
    }

    /// Alice's crossing: each moved piece goes through to the next layer, which must be free.
    fn cross(&mut self, r: &Rules<B>, moved: &mut Moved) -> bool {
        let crosses = match r.cross {
            Some(CrossWhen::Moves) => true,
            Some(CrossWhen::Captures) => moved.captured,
            None => false,
        };
        if !crosses {
            return true;
        }
        for sq in moved.squares.iter_mut().take(moved.n) {
            let dest = r.next_layer(*sq);
            if self.board[dest] != 0 {
                self.refusal = Some(Refusal::CrossingBlocked(dest as u16));
                return false;
            }
            let piece = self.board[*sq];
            self.set(r, *sq, 0);
            self.set(r, dest, piece);
            self.note(Event::Crossed {
                from: *sq,
                to: dest,
            });
            *sq = dest;
        }
        true
    }

    /// Takes back the last move played; nothing when there is none.
    pub fn unmake(&mut self, r: &Rules<B>) {
        let Some(s) = self.history.pop() else {
            return;
        };
        while self.changes.len() > s.changes as usize {
            let Some((sq, old)) = self.changes.pop() else {
                break;
            };
            let sq = sq as usize;
            if sq < r.squares {
                self.put(r, sq, old);
            } else {
                self.hand[sq - r.squares] = old;
            }
        }
        self.castling = s.castling;
        self.ep = s.ep;
        self.halfmove = s.halfmove;
        self.fullmove = s.fullmove;
        self.checks = s.checks;
        self.passes = s.passes;
        self.prev_facing = s.prev_facing;
        self.side = s.side;
        self.turn_move = s.turn_move;
        self.pending_choice = None;
        if r.ep_per_turn {
            self.ep2 = self.ep2_history.pop().flatten();
        }
        if r.move_enemy {
            self.hypnotized = self.hypnotized_history.pop().flatten();
        }
        if r.no_captures_undone {
            self.last_capture = self.last_capture_history.pop().flatten();
        }
        if r.counts_captures
            && let Some(taken) = self.taken_history.pop()
        {
            self.taken = taken;
        }
        if r.make_steps {
            self.maker = self.maker_history.pop().flatten();
        }
    }

    /// No cell holds pieces on two layers after the last move.
    pub(crate) fn exclusive_after_move(&self, r: &Rules<B>) -> bool {
        let start = self.history.last().map(|s| s.changes as usize).unwrap_or(0);
        for &(sq, _) in &self.changes[start..] {
            let sq = sq as usize;
            if sq >= r.squares || self.board[sq] == 0 {
                continue;
            }
            let cell = sq % r.cells;
            for l in 0..r.layers {
                let other = l * r.cells + cell;
                if other != sq && self.board[other] != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the royal pieces of the two sides see each other along a file or rank, nothing
    /// between them.
    pub fn royals_facing(&self, r: &Rules<B>) -> bool {
        let (w, b) = (self.royals(r, Side::White), self.royals(r, Side::Black));
        if w.is_zero() || b.is_zero() {
            return false;
        }
        self.facing_with(r, w.lsb(), b.lsb(), self.occ)
    }

    /// Whether pieces on `a` and `z` see each other along a file or rank with occupancy `occ`.
    pub fn facing_with(&self, r: &Rules<B>, a: usize, z: usize, occ: B) -> bool {
        let (la, fa, ra) = r.coords(a);
        let (lz, fz, rz) = r.coords(z);
        la == lz && (fa == fz || ra == rz) && (r.between(a, z) & occ).is_zero()
    }

    /// How many pieces of `code` the side has, on the board and in hand.
    #[inline]
    pub fn count_with_hand(&self, code: u8) -> u32 {
        self.pieces[code as usize].count() + self.hand[code as usize] as u32
    }
}
