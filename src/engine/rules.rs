//! The IR compiled, once per variant, into the tables the move generator reads: per-square leap
//! targets and rays, hoppers and lame leaps, reverse tables for attack queries (derived from the
//! capturing and attacking atoms only), promotion, drops, castling, end tests, and the effect
//! programs. Each step of [`Rules::compile`] is one method.

use std::ops::Deref;
use std::sync::Arc;

use crate::engine::bitboard::Bits;
use crate::engine::blast::Blast;
use crate::engine::effects::{MoveCodes, eval_in};
use crate::engine::geometry::{Geometry, RayDir};
use crate::engine::position::EnPassant;
use crate::ir::{self, AtomKind, CrossWhen, EndCond, Modality, Outcome, PieceId, Side, Variant};

/// The eight steps of a king: the squares next to a square.
pub(crate) const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// A ride from some squares of the board.
#[derive(Clone, Debug)]
pub struct Ride<B> {
    /// Its direction.
    pub dir: u16,
    /// Whether it moves, captures, or both.
    pub modality: Modality,
    /// Squares this ride may start from.
    pub origin: B,
    /// Squares it may land on.
    pub targets: B,
}

/// A hop along an (unlimited) direction: over the first piece met, then at most `range`
/// squares beyond it.
#[derive(Clone, Debug)]
pub struct Hop<B> {
    /// The direction it hops along.
    pub dir: u16,
    /// How many squares at most beyond the screen.
    pub range: u8,
    /// `span N`: the direction limited to N steps, whose ray from the hopper holds the squares
    /// it may land on.
    pub span: Option<u16>,
    /// Whether it moves, captures, or both.
    pub modality: Modality,
    /// Squares this hop may start from.
    pub origin: B,
    /// Squares it may land on.
    pub targets: B,
}

/// A lame leap from a square: its target, and the squares that block it.
#[derive(Clone, Copy, Debug)]
pub struct Lame<B> {
    /// The square it lands on.
    pub to: u16,
    /// The squares on its way.
    pub path: B,
    /// The path must hold a piece (a jumping leap), instead of being empty (a lame one).
    pub jump: bool,
}

impl<B: Bits> Lame<B> {
    /// Whether the leap is open with occupancy `occ`.
    #[inline(always)]
    pub fn open(&self, occ: B) -> bool {
        (self.path & occ).is_zero() != self.jump
    }
}

/// How a piece promotes.
#[derive(Clone, Debug)]
pub struct PromotionRules<B> {
    /// Where it promotes.
    pub zone: B,
    /// The codes it may become.
    pub choices: Vec<u8>,
    /// It may also stay as it is.
    pub optional: bool,
    /// Moves that start in the zone promote too.
    pub from_zone: bool,
    /// (code, n): only while the side has fewer than n of that code.
    pub limits: Vec<(u8, u8)>,
    /// Promotes only as a move of its own ([`crate::ir::Promotion::in_place`]).
    pub in_place: bool,
    /// Only a move that captures promotes.
    pub on_capture: bool,
    /// A move that captures does not promote.
    pub not_on_capture: bool,
    /// (code, squares): choices offered only for a move that ends on these squares.
    pub zoned: Vec<(u8, B)>,
}

impl<B: Bits> PromotionRules<B> {
    /// Whether choice `code` is offered for a move that ends on `to` (`to ... within`).
    #[inline(always)]
    pub fn offers(&self, code: u8, to: usize) -> bool {
        self.zoned
            .iter()
            .all(|&(c, zone)| c != code || zone.has(to))
    }

    /// Whether a move from `from` to `to`, capturing or not, may promote.
    #[inline(always)]
    pub fn applies(&self, from: usize, to: usize, captures: bool) -> bool {
        let by_capture_rule = if captures {
            !self.not_on_capture
        } else {
            !self.on_capture
        };
        !self.in_place
            && by_capture_rule
            && (self.zone.has(to) || (self.from_zone && self.zone.has(from)))
    }

    /// Of the targets `t` of a piece on `from`, those where its move promotes, `occ` holding
    /// the pieces it would capture there.
    #[inline(always)]
    pub fn promoting(&self, from: usize, t: B, occ: B) -> B {
        let t = if self.on_capture {
            t & occ
        } else if self.not_on_capture {
            t & !occ
        } else {
            t
        };
        if self.from_zone && self.zone.has(from) {
            t
        } else {
            t & self.zone
        }
    }
}

/// The first bit of the castling rights that records a gate (below it: the castles).
pub const GATE_BIT0: u32 = 32;

/// Where a piece in hand may be dropped.
#[derive(Clone, Debug)]
pub struct DropRules<B> {
    /// Where it may be dropped.
    pub region: B,
    /// At most this many unpromoted pieces of its kind per file (the dropped one included).
    pub per_file: Option<u8>,
    /// A checkmate by dropping it loses for the side that dropped it.
    pub no_mate: bool,
    /// A drop of it that would checkmate is illegal.
    pub mate_refused: bool,
    /// Split between the square colours ([`crate::ir::DropRule::both_colors`]).
    pub both_colors: bool,
    /// The ways a falling or sliding drop comes in (none: it lands where it is put).
    pub slides: Vec<crate::engine::slide::SlideIn<B>>,
    /// While a square of this region is empty, drops go there, no effect required of them.
    pub first: B,
    /// Not taken from the hand.
    pub free: bool,
    /// Per square, the squares a king's step away, when drops must be next to the side's own
    /// pieces (empty otherwise).
    pub next_to_own: Vec<B>,
    /// `[not] next to own|enemy (x,y)...`: each a test of the drop's neighbours.
    pub near: Vec<DropNear<B>>,
}

/// Each code's side and tenths of a point, and the tenths each side has besides (a result
/// `by points`).
pub type CodePoints = (Vec<(usize, u32)>, [u32; 2]);

/// Where the wall a move places may go ([`crate::ir::PlacedWall`]).
#[derive(Clone, Debug)]
pub struct PlacedWallRules<B> {
    /// Per side: the squares the wall may go on.
    pub region: [B; 2],
    /// Only where the moved piece could move to from where it landed.
    pub shot: bool,
    /// Placed instead of a move ([`crate::ir::PlacedWall::instead`]).
    pub instead: bool,
    /// Per square, the squares a rank or file step away (`or next to wall`); empty without it.
    pub beside_wall: Vec<B>,
}

impl<B> PlacedWallRules<B> {
    /// Whether a move of this kind puts a wall: every move but a pass, or under `instead`
    /// only the pass that carries the wall.
    #[inline]
    pub fn placed_by(&self, kind: crate::engine::position::MoveKind) -> bool {
        (kind == crate::engine::position::MoveKind::Pass) == self.instead
    }
}

/// A drop's square judged by the pieces next to it ([`crate::ir::DropNear`]).
#[derive(Clone, Debug)]
pub struct DropNear<B> {
    /// The other side's pieces count, not the dropping side's.
    pub enemy: bool,
    /// The drop may not be next to such a piece (instead of: must be).
    pub not: bool,
    /// Per square, the squares next to it (symmetric: a piece on one of them is next to it).
    pub steps: Vec<B>,
}

/// What one piece code (a kind of one side) does.
#[derive(Clone, Debug)]
pub struct CodeRules<B> {
    /// Its side.
    pub side: Side,
    /// Its kind.
    pub kind: PieceId,
    /// Whether it is royal.
    pub royal: bool,
    /// Per square: leap targets usable for a move to an empty square.
    pub leap_move: Vec<B>,
    /// Per square: leap targets usable for a capture.
    pub leap_capture: Vec<B>,
    /// Per square: the squares from which this code attacks it by a leap.
    pub leap_attack_rev: Vec<B>,
    /// Per square: the squares from which this code captures on it by a leap, when leaps are
    /// its only captures (empty otherwise): en passant's capturers, found without generating.
    pub leap_capture_rev: Vec<B>,
    /// Rides not covered by `slides`.
    pub rides: Vec<Ride<B>>,
    /// In a variant with holes: its leaps and rides, which step over holes (then none of the
    /// tables above holds them).
    pub hole_atoms: Vec<crate::engine::holes::HoleAtom<B>>,
    /// Unlimited rides from every square, grouped into sliders.
    pub slides: Vec<(u16, Modality)>,
    /// Its hops.
    pub hops: Vec<Hop<B>>,
    /// Per square: lame leaps to empty squares, and lame captures.
    pub lame_move: Vec<Vec<Lame<B>>>,
    /// Per square: its lame leaps that capture.
    pub lame_capture: Vec<Vec<Lame<B>>>,
    /// Per square: (from, path) of the lame leaps that attack it.
    pub lame_attack_rev: Vec<Vec<Lame<B>>>,
    /// Where the piece may stand (every square unless confined).
    pub confined: B,
    /// Squares from which the piece could never move again, on an empty board.
    pub stuck: B,
    /// How it promotes, if it does.
    pub promotion: Option<PromotionRules<B>>,
    /// It takes and may be taken en passant.
    pub en_passant: bool,
    /// It takes en passant (those of `en_passant`, and those of `en passant ... by`).
    pub takes_en_passant: bool,
    /// A move of it resets the halfmove clock.
    pub resets_clock: bool,
    /// The kind it goes back to when captured into a hand.
    pub base_kind: PieceId,
    /// The code whose hand count a drop of it uses: its own, or its base's for a promoted form
    /// dropped promoted (`drop promoted`).
    pub hand_code: u8,
    /// The kind that promotes to it, for a piece marked promoted (Crazyhouse's `~`).
    pub unpromoted: PieceId,
    /// Where and how it may be dropped, when it may be.
    pub drop: Option<DropRules<B>>,
    /// What it captures beyond the enemy, in one list so that a piece with nothing of it pays
    /// one test: the enemy codes it never captures (`cannot capture`, false) and the codes of
    /// its own side it may capture (`capture friends`, true).
    pub prey_edits: Vec<(u8, bool)>,
    /// The codes of its own side it may capture when `capture friends`' condition, which counts
    /// pieces on the board, holds in the position.
    pub prey_when: Vec<u8>,
    /// The codes of its own side it may take by `capture friends by`'s leaps (all of its side
    /// when the condition is judged in each position, [`Rules::friend_prey_judged`]).
    pub friend_prey: Vec<u8>,
    /// The codes (of both sides) its hops never use as the screen.
    pub no_screens: Vec<u8>,
    /// It turns to stone (a wall) when it captures.
    pub petrifies: bool,
    /// It captures without leaving its square ([`crate::ir::Piece::captures_in_place`]).
    pub captures_in_place: bool,
    /// It captures as its victim would ([`crate::ir::Piece::captures_as_victim`]).
    pub captures_as_victim: bool,
    /// A royal piece that turns to stone never captures, but its leaps still guard the squares
    /// a castling king crosses (as Fairy-Stockfish tests castling): per square, the squares
    /// from which it guards it. Empty for every other piece.
    pub castle_guard_rev: Vec<B>,
}

impl<B: Bits> CodeRules<B> {
    /// Whether it has hops.
    pub fn has_hops(&self) -> bool {
        !self.hops.is_empty()
    }
    /// Whether it has lame or jumping leaps.
    pub fn has_lame(&self) -> bool {
        self.lame_move
            .iter()
            .chain(&self.lame_capture)
            .any(|v| !v.is_empty())
    }
}

/// A piece code's moves by first-move right ([`crate::ir::OnceAtom`]).
#[derive(Clone, Debug)]
pub struct OnceRules<B> {
    /// The atoms usable whether its side is in check or not.
    pub any: CodeRules<B>,
    /// The atoms usable only when its side is not in check.
    pub calm: CodeRules<B>,
    /// Whether `calm` has atoms.
    pub has_calm: bool,
}

/// A piece code that attacks along a direction: from which squares, onto which squares.
#[derive(Clone, Copy, Debug)]
pub struct Attacker<B> {
    /// The attacking code.
    pub code: u8,
    /// Squares it attacks from this way.
    pub origin: B,
    /// Where its attacks count: where it may move, or everywhere for an attack-only atom.
    pub targets: B,
}

impl<B: Bits> Attacker<B> {
    /// Whether a piece of `code` on `from` attacks `sq` this way.
    #[inline(always)]
    pub fn hits(&self, code: u8, from: usize, sq: usize) -> bool {
        self.code == code && self.origin.has(from) && self.targets.has(sq)
    }
}

/// One group of ride attackers: the codes that attack along a direction, found from the
/// attacked square by looking the opposite way.
#[derive(Clone, Debug)]
pub struct RideAttack<B> {
    /// The reverse direction, from the attacked square toward the attacker.
    pub rev_dir: u16,
    /// The codes that attack along it.
    pub codes: Vec<Attacker<B>>,
    /// True when every origin mask is the whole board (no per-square test needed).
    pub unconditional: bool,
}

/// Hoppers that attack along a direction: from the attacked square, the first piece the other
/// way is the screen, and the next one the hopper (within its range of the screen).
#[derive(Clone, Debug)]
pub struct HopAttack<B> {
    /// The reverse direction, from the attacked square toward the hopper.
    pub rev_dir: u16,
    /// How many squares at most between the screen and the square attacked.
    pub range: u8,
    /// `span N`: the hop's direction limited to N steps, whose ray from the hopper must hold
    /// the square attacked.
    pub span: Option<u16>,
    /// The codes that hop along it.
    pub codes: Vec<Attacker<B>>,
}

/// A castle, compiled: the king's and rook's codes and squares.
#[derive(Clone, Debug)]
pub struct CastleRules<B> {
    /// The side that castles.
    pub side: Side,
    /// The king's code.
    pub king_code: u8,
    /// The rook's code.
    pub rook_code: u8,
    /// The king's square before.
    pub king_from: u16,
    /// The king's square after.
    pub king_to: u16,
    /// The rook's square before.
    pub rook_from: u16,
    /// The rook's square after.
    pub rook_to: u16,
    /// Squares that must be empty (the king and rook themselves left out).
    pub empty: B,
    /// Squares that may not be attacked.
    pub safe: Vec<u16>,
    /// The FEN flag.
    pub flag: char,
    /// Written as the king taking its own rook (castling by rule, or a king move that is also
    /// an ordinary move), so that no two moves share a move string.
    pub by_rook: bool,
}

impl<B> CastleRules<B> {
    /// (king from, king to, rook from, rook to).
    pub fn squares(&self) -> (usize, usize, usize, usize) {
        (
            self.king_from as usize,
            self.king_to as usize,
            self.rook_from as usize,
            self.rook_to as usize,
        )
    }
}

/// Castling by rule (Chess960), compiled: the castles of a position are built from it when the
/// position is set up.
#[derive(Clone, Debug)]
pub struct CastlingRuleCodes {
    /// Per side: the king's code, and the rook codes.
    pub king: [u8; 2],
    /// Per side: the rook codes.
    pub rooks: [Vec<u8>; 2],
    /// Per side: the absolute rank (0-based).
    pub rank: [u8; 2],
    /// Toward the higher files: (the king's file, the rook's file), 0-based.
    pub short: (u8, u8),
    /// Toward the lower files.
    pub long: (u8, u8),
}

/// An end condition, compiled ([`crate::ir::EndCond`]).
#[derive(Clone, Debug)]
pub enum EndTest<B> {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check.
    Stalemate,
    /// The mover's royal stands in the mask (per side).
    Campmate([B; 2]),
    /// The side to move has no royal piece left.
    RoyalCaptured,
    /// Per side: the codes counted (empty: every code of the side).
    Extinct {
        /// The sides tested (`extinct white queen`: white only).
        sides: [bool; 2],
        /// Per side: the codes counted (empty: every code of the side).
        codes: [Vec<u8>; 2],
        /// The codes are counted together, not each on its own.
        together: bool,
        /// Per side: only pieces on these squares count (none in hand), when given.
        masks: Option<[B; 2]>,
        /// At most this many left: the side is extinct.
        at_most: u8,
        /// While the other side has at least this many...
        others_at_least: u8,
        /// ...and, when given, at most this many.
        others_at_most: Option<u8>,
        /// How the side to move may put its extinction off.
        claim: ir::Claim,
    },
    /// A piece of the codes stands in the region ([`crate::ir::EndCond::Reached`]).
    Reached {
        /// Per side: the codes that count (empty: every code of the side).
        codes: [Vec<u8>; 2],
        /// Per side: the region.
        masks: [B; 2],
        /// When reaching it ends the game.
        rule: ir::ReachRule,
        /// How many must stand there at once.
        count: u8,
        /// Or one, the region full.
        full: bool,
    },
    /// The side that just moved has given this many checks.
    Checks(u8),
    /// A side has taken this many pieces (the side that just moved tested first).
    Captures(u8),
    /// The royals face each other, as they did before the last move.
    RoyalsFacing,
    /// The last two moves were passes.
    DoublePass,
    /// Every square is occupied (walls too).
    BoardFull,
    /// A side castled with one of these flags, or lost every right of them it had.
    Castled(Vec<char>),
    /// The mover's pieces of the codes (per side; every piece when empty) pass the test.
    Connected {
        /// The side whose pieces count; both when `None`.
        side: Option<Side>,
        /// Per side: the codes that count.
        codes: [Vec<u8>; 2],
        /// The row, block or chain.
        test: crate::engine::connect::ConnectTest<B>,
        /// Black may answer white's connection with its own, a draw.
        answered: bool,
    },
}

/// An end rule, compiled: its test and result.
#[derive(Clone, Debug)]
pub struct EndRule<B> {
    /// When the game ends.
    pub test: EndTest<B>,
    /// For the side that made the last move.
    pub result: Outcome,
    /// The condition's name, as `status` says it.
    pub name: String,
    /// Tested only from this fullmove number on.
    pub from_move: u32,
    /// Under a result `by points`: each code's side and tenths of a point, and the tenths each
    /// side has besides.
    pub points: Option<CodePoints>,
}

/// The check rule, compiled.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckRules {
    /// See [`crate::ir::Check::at_move`].
    pub at_move: bool,
    /// See [`crate::ir::Check::at_final`].
    pub at_final: bool,
    /// See [`crate::ir::Check::unless_royal_captured`].
    pub unless_royal_captured: bool,
    /// See [`crate::ir::Check::touching_royals_safe`].
    pub touching_royals_safe: bool,
    /// See [`crate::ir::Check::all_royals`].
    pub all_royals: bool,
    /// See [`crate::ir::Check::by_both_colors`].
    pub by_both_colors: bool,
    /// Some piece's drop may not checkmate (`no mate refused`, a hand's rule): such drops are
    /// played to be judged.
    pub drop_mates_refused: bool,
}

impl From<&ir::Check> for CheckRules {
    fn from(c: &ir::Check) -> CheckRules {
        CheckRules {
            at_move: c.at_move,
            at_final: c.at_final,
            unless_royal_captured: c.unless_royal_captured,
            touching_royals_safe: c.touching_royals_safe,
            all_royals: c.all_royals,
            by_both_colors: c.by_both_colors,
            drop_mates_refused: false,
        }
    }
}

impl CheckRules {
    /// Whether some check rule applies.
    pub fn enabled(&self) -> bool {
        self.at_move || self.at_final
    }
}

/// A variant compiled for move generation: per-square tables for every piece code, and the
/// rules as flags and masks. A code is a piece kind of one side.
pub struct Rules<B> {
    /// The variant it was compiled from.
    pub variant: Arc<Variant>,
    /// Squares, directions and rays (also reached through `Deref`).
    pub geo: Geometry<B>,
    /// How many piece kinds.
    pub kinds: usize,
    /// Per code: what it does.
    pub codes: Vec<CodeRules<B>>,
    /// Per side: the codes of that side.
    pub side_codes: [Vec<u8>; 2],
    /// Per attacking side: codes with leap attacks.
    pub leap_attackers: [Vec<u8>; 2],
    /// Per attacking side: codes with lame leap attacks.
    pub lame_attackers: [Vec<u8>; 2],
    /// Per attacking side: every attacking ride, one group per direction (for pins).
    pub ride_attackers: [Vec<RideAttack<B>>; 2],
    /// Per attacking side, for attack tests: (slider of the reversed directions, the codes that
    /// attack along it), and the ride groups no slider covers.
    pub attack_sliders: [Vec<(u16, Vec<u8>)>; 2],
    /// Per attacking side: the ride groups no slider covers.
    pub attack_rays: [Vec<RideAttack<B>>; 2],
    /// Per attacking side: the hoppers, one group per direction.
    pub hop_attacks: [Vec<HopAttack<B>>; 2],
    /// Per attacking side, per square: every square whose occupancy can change whether that
    /// side attacks the square (where its attackers stand, and every square their attacks
    /// pass over or hop over).
    pub influence: [Vec<B>; 2],
    /// Per side: royal codes.
    pub royal_codes: [Vec<u8>; 2],
    /// Per side: the codes that must stay attacked (`antiroyal`).
    pub antiroyal_codes: [Vec<u8>; 2],
    /// Per code of a piece attacked: the codes that never attack it (`cannot attack`); empty
    /// when no piece has such a line.
    pub unattackers: Vec<Vec<u8>>,
    /// Per side: the codes royal only while their side has one piece of their group of codes
    /// (`royal when last`), each with that group.
    pub last_royals: [Vec<(u8, Vec<u8>)>; 2],
    /// Castles with fixed squares.
    pub castles: Vec<CastleRules<B>>,
    /// Castling by rule, if the variant has it.
    pub castling_rule: Option<CastlingRuleCodes>,
    /// The check rule.
    pub check: CheckRules,
    /// A capture, when legal, must be made.
    pub must_capture: bool,
    /// No move may attack the enemy royal piece.
    pub no_checks: bool,
    /// With `no_checks`: unless the opponent then has no legal move that gives no check.
    pub checks_if_mate: bool,
    /// With `no_checks`: only while the fullmove number is below this (`u32::MAX`: always).
    pub checks_until: u32,
    /// No drop may attack the enemy royal piece.
    pub no_drop_checks: bool,
    /// No piece may stand where it could never move again.
    pub no_stuck_pieces: bool,
    /// Some piece promotes in place ([`crate::ir::Promotion::in_place`]).
    pub in_place_promotions: bool,
    /// The mover also moves a neutral wall after every move.
    pub moving_wall: bool,
    /// After every move, a new wall for good ([`crate::ir::PlacedWall`]), if the variant
    /// places walls so.
    pub placed_wall: Option<PlacedWallRules<B>>,
    /// Every move leaves a wall on the square the moved piece left.
    pub wall_behind: bool,
    /// Every move leaves a hole on the square the moved piece left, and steps pass over holes
    /// ([`crate::engine::holes`]).
    pub holes: bool,
    /// Per attacking side: its codes with atoms over holes that threaten.
    pub hole_attackers: [Vec<u8>; 2],
    /// Per attacking side: whether some attack is found beyond the tables (atoms borrowed from
    /// guards, atoms over holes): one test on the attack path.
    pub rare_attacks: [bool; 2],
    /// A side may pass (not in check); false under `pass when stuck`, whose pass is no
    /// pseudo-legal move but the one legal move of a side that has no other.
    pub pass: bool,
    /// `pass when stuck`.
    pub pass_when_stuck: bool,
    /// Some effect is `required` and a move may have to be played to tell whether it acts (not
    /// every such move is a drop the drop targets already judge).
    pub required_by_play: bool,
    /// The `required` effects that judge drops before they are played (their scan and
    /// conditions read only the board around the drop).
    pub drop_required: Vec<usize>,
    /// When every such effect looks for enclosed rows: per square, the squares one step of
    /// their rays away. A drop acts only next to an enemy piece along one of them, so the
    /// enemies' steps bound the squares worth looking at (as Fairy-Stockfish does).
    pub enclosed_near: Option<Vec<B>>,
    /// Per effect, per mover: for each direction of its enclosed rows, the shift of a square
    /// index one step back along it and the squares that step stays on the board from; empty
    /// where the board's squares are not one grid of indices (layers, wrapping, holes). A
    /// drop's rows are then found for every square at once.
    pub enclosure_shifts: Vec<[Vec<crate::engine::connect::Step<B>>; 2]>,
    /// Per effect: the steps that join a group of its `surrounded` scan (empty for another
    /// scan), as shifts of the board.
    pub group_steps: Vec<Vec<crate::engine::connect::Step<B>>>,
    /// The effects that say `no suicide`.
    pub no_suicide: Vec<usize>,
    /// Under `no suicide`: drops are judged before they are played, from the groups around
    /// them (the one effect removes every enemy piece it finds, and nothing else).
    pub suicide_drops: bool,
    /// Several moves a turn; `None`: one.
    pub turn: Option<crate::ir::Turn>,
    /// `until hand empty`: a move that leaves pieces in the mover's hand goes on with drops.
    pub hand_steps: bool,
    /// `after capture move as captured`: a capture goes on with the capturer's quiet move as
    /// the piece it took.
    pub make_steps: bool,
    /// Under `make_steps`, per code: its tables without the atoms limited to a region
    /// (`from pawn-start`), which a piece of another kind moving as it does not get.
    pub make_codes: Vec<CodeRules<B>>,
    /// `en passant per turn`: two en-passant entries, kept through a turn.
    pub ep_per_turn: bool,
    /// A royal piece in check may not move, unless it takes the only checker (Makpong).
    pub no_royal_escape: bool,
    /// A side that castles takes the other side's castles toward the same wing.
    pub castling_opposite: bool,
    /// What freezes a piece, if anything ([`crate::engine::freeze`]).
    pub freeze: Option<ir::Freeze>,
    /// `merge`: by `a * kinds + b`, the kind `a` and `b` make together, plus one (0: none).
    pub merge: Vec<u8>,
    /// While the royals face each other, the side to move must part them or pass.
    pub facing_rule: bool,
    /// Some hop may not use some pieces as its screen.
    pub barred_screens: bool,
    /// The variant has hands.
    pub hands: bool,
    /// Captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Captured pieces go to the partner's board (see [`crate::engine::pair`]).
    pub captures_to_partner: bool,
    /// A promoted piece is marked, so that a capture sends it back unpromoted (to a hand).
    pub marks_promoted: bool,
    /// They keep their promoted form in hand.
    pub keep_promoted: bool,
    /// A side with pieces in hand must drop.
    pub must_drop: bool,
    /// Only these kinds are forced to be dropped (every kind when empty).
    pub must_drop_only: Vec<PieceId>,
    /// Pieces in hand may be dropped (not only gated).
    pub drops: bool,
    /// Gating: the gate squares, (side, square); the right of the i-th is bit
    /// [`GATE_BIT0`]` + i` of the position's castling rights.
    pub gate_squares: Vec<(Side, u16)>,
    /// Per side, per square: the castling-rights bit of its gate (0 when none).
    pub gate_bit: [Vec<u64>; 2],
    /// A drop that completes a castle's king and rook gives that castling right.
    pub castling_from_drops: bool,
    /// Per code: its moves by first-move right, if it has some.
    pub once: Vec<Option<Box<OnceRules<B>>>>,
    /// The squares holding a first-move right, (side, square): each side's first rank, when
    /// some piece has `once` atoms.
    pub once_squares: Vec<(Side, u16)>,
    /// Per side, per square: the castling-rights bit of its first-move right (0 when none); a
    /// gate on the same square shares its bit.
    pub once_bit: [Vec<u64>; 2],
    /// The first-move rights (bits) that a capture on their square does not take (`once lost
    /// when moved`): only a piece with `once` atoms leaving the square does.
    pub once_kept: u64,
    /// The atoms usable only while guarded ([`crate::engine::guard`]).
    pub guard: crate::engine::guard::GuardTables<B>,
    /// Per code: its moves to controlled squares ([`crate::engine::control`]); empty when no
    /// piece has any.
    pub anywhere: Vec<Option<crate::engine::control::AnywhereRules<B>>>,
    /// (mover, victim) codes: a move of the first that lands where, on an empty board, it
    /// attacks a piece of the second takes that piece's first-move right.
    pub aimers: Vec<(u8, u8)>,
    /// Per code (empty for a code that aims at nothing): per square, what it attacks from
    /// there on an empty board.
    pub aim_reach: Vec<Vec<B>>,
    /// Per side: the codes whose drops keep them split between the square colours.
    pub color_bound: [Vec<u8>; 2],
    /// The squares of a1's colour (layer 0).
    pub dark: B,
    /// Where en-passant captures may land, per capturing side.
    pub en_passant_region: [B; 2],
    /// An en-passant capture never promotes.
    pub en_passant_no_promotion: bool,
    /// Per moving side, per square: where a move from it passes over a square of the other
    /// side's `en_passant_region` (most moves pass over none, and are known to at a look-up);
    /// empty where no piece takes en passant.
    pub passing: [Vec<B>; 2],
    /// The position counts the checks each side gives.
    pub counts_checks: bool,
    /// The position counts the pieces each side takes (`captures N`).
    pub counts_captures: bool,
    /// When a piece crosses to the next layer.
    pub cross: Option<CrossWhen>,
    /// A capture resets the halfmove clock.
    pub halfmove_capture: bool,
    /// The end rules, in order.
    pub end: Vec<EndRule<B>>,
    /// The effects, in order.
    pub effects: Vec<ir::Effect>,
    /// Per effect: its conditions decided ahead for every pair of pieces.
    pub effect_tables: Vec<crate::engine::effects::EffectTable>,
    /// Whether an effect reads the move's pieces (`moved`, `captured`): then a move looks
    /// them up before it is played.
    pub effects_read_move: bool,
    /// Some effect can promote, so a move may need a choice that only playing it reveals.
    pub effect_promotes: bool,
    /// `capture friends by`: per side, per square, the squares its leaps take friends on.
    pub friend_leaps: [Vec<B>; 2],
    /// `capture friends by`'s condition reads the position (a count, `moved.checked`).
    pub friend_prey_judged: bool,
    /// `capture friends by`: some piece takes friends by leaps of their own.
    pub friends_by_leaps: bool,
    /// Some piece's targets go beyond its own atoms: atoms borrowed from guards, friends taken
    /// by leaps, moves to controlled squares (the targets of a piece read this one flag).
    pub rare_targets: bool,
    /// Some condition reads `moved.checked`, so a move's codes say whether the mover was in
    /// check.
    pub reads_checked: bool,
    /// A move's legality follows from where pieces stand after it, known without playing it.
    pub fast_legality: bool,
    /// Whether a royal piece's attackers are other than the enemy's plain attacks (frozen
    /// pieces attack nothing, or its own side attacks it too): one test on the check path.
    pub rare_royal_attacks: bool,
    /// `move enemy when attacked`: see [`crate::ir::Obligations::move_enemy`].
    pub move_enemy: bool,
    /// `no captures undone`: see [`crate::ir::Obligations::no_captures_undone`].
    pub no_captures_undone: bool,
    /// Some pieces of the side to move may not move now: frozen ones, or the one the enemy
    /// moved last (`move enemy`).
    pub rare_frozen: bool,
    /// A promotion may make a royal piece (Coregal's queens): such a move is played to be
    /// judged, as only then is the new royal piece's safety known.
    pub royal_promotions: bool,
    /// Where the rule set is plain, how each code's moves are formed on the plain path
    /// ([`crate::engine::plain`]); `None` keeps perft in the interpreter.
    pub plain: Option<crate::engine::plain::PlainTables<B>>,
    /// The effects are one explosion, whose removals tables give without playing the move.
    pub blast: Option<Blast<B>>,
    /// The enemy pieces of this side can pin only along rides (no hoppers or lame leaps), so
    /// pins and checks settle most moves.
    pub pins_suffice: [bool; 2],
    /// Several layers or crossing: a piece may leave its layer, and landing squares must be free
    /// on every layer.
    pub layered: bool,
    /// Per layer: its squares.
    pub layer_masks: Vec<B>,
    /// Per effect and side: the compiled ray directions of a `rays` scan.
    pub effect_dirs: Vec<[Vec<u16>; 2]>,
    /// Per effect: the squares, per side of the origin piece, it may start from (`within`).
    pub effect_zones: Vec<Option<[B; 2]>>,
    /// When the only effect can promote: per side and square of a promoting piece, the origins
    /// from which the effect could bring it into its zone. A move whose destination watches none
    /// of them needs no choice, without being played.
    pub promotion_watchers: Option<[Vec<B>; 2]>,
    /// Per side: the union of its promoting pieces' zones.
    pub promotion_zones: [B; 2],
    /// Letters per (layer, code); a promoted form is written `+` and its base's letter.
    pub letters: Vec<Vec<Option<char>>>,
}

impl<B> Deref for Rules<B> {
    type Target = Geometry<B>;
    fn deref(&self) -> &Geometry<B> {
        &self.geo
    }
}

impl<B: Bits> Rules<B> {
    /// Whether a move of fullmove number `fullmove` may not give check.
    #[inline(always)]
    pub fn checks_barred(&self, fullmove: u32) -> bool {
        self.no_checks && fullmove < self.checks_until
    }

    /// The code of a kind of `side`.
    #[inline(always)]
    pub fn code(&self, side: Side, kind: PieceId) -> u8 {
        (side.index() * self.kinds + kind) as u8
    }

    /// The variant's board, which must fit the bitboard width (one word for a single layer).
    fn geometry(v: &Variant) -> Geometry<B> {
        let geo = Geometry::wrapped(v.files as usize, v.ranks as usize, v.layers.len(), v.wrap);
        assert!(
            geo.squares <= B::CAPACITY,
            "board too large for the chosen bitboard width"
        );
        assert!(
            B::CAPACITY > 64 || geo.layers == 1,
            "a board of several layers takes a bitboard wider than one word"
        );
        geo
    }

    /// The codes of `side`'s pieces, with `kinds` kinds.
    fn codes_of(side: Side, kinds: usize) -> Vec<u8> {
        (0..kinds)
            .map(|k| (side.index() * kinds + k) as u8)
            .collect()
    }

    /// The rule set of a variant before its tables are compiled: flags read off the IR, tables
    /// empty.
    // One struct literal, a field a line: its length is the rule set's, not logic's.
    #[allow(clippy::too_many_lines)]
    fn unfilled(variant: Arc<Variant>) -> Rules<B> {
        let (v, kinds) = (&*variant, variant.pieces.len());
        Rules {
            geo: Self::geometry(v),
            kinds,
            codes: vec![],
            side_codes: Side::BOTH.map(|s| Self::codes_of(s, kinds)),
            leap_attackers: [vec![], vec![]],
            lame_attackers: [vec![], vec![]],
            ride_attackers: [vec![], vec![]],
            attack_sliders: [vec![], vec![]],
            attack_rays: [vec![], vec![]],
            hop_attacks: [vec![], vec![]],
            influence: [vec![], vec![]],
            royal_codes: [vec![], vec![]],
            antiroyal_codes: [vec![], vec![]],
            unattackers: vec![],
            last_royals: [vec![], vec![]],
            castles: vec![],
            castling_rule: None,
            check: CheckRules::from(&v.check),
            must_capture: v.obligations.must_capture,
            no_checks: v.obligations.no_checks,
            checks_if_mate: v.obligations.checks_if_mate,
            checks_until: v.obligations.checks_until.unwrap_or(u32::MAX),
            no_drop_checks: v.hands.as_ref().is_some_and(|h| h.no_drop_checks),
            no_stuck_pieces: v.no_stuck_pieces,
            in_place_promotions: v.promotions.values().any(|p| p.in_place),
            moving_wall: v.moving_wall,
            placed_wall: None,
            wall_behind: v.wall_behind,
            holes: v.hole_behind,
            hole_attackers: [vec![], vec![]],
            rare_attacks: [false; 2],
            pass: v.pass && !v.pass_when_stuck,
            pass_when_stuck: v.pass && v.pass_when_stuck,
            required_by_play: false,
            drop_required: vec![],
            enclosed_near: None,
            enclosure_shifts: vec![],
            group_steps: vec![],
            no_suicide: vec![],
            suicide_drops: false,
            turn: v.turn.clone(),
            hand_steps: v.turn.as_ref().is_some_and(|t| t.until_hand_empty),
            make_steps: v.turn.as_ref().is_some_and(|t| t.make_as_captured),
            make_codes: vec![],
            ep_per_turn: v.turn.as_ref().is_some_and(|t| t.en_passant_per_turn),
            no_royal_escape: v.obligations.no_royal_escape,
            castling_opposite: v.castling_opposite,
            freeze: v.freeze,
            merge: merge_table(v),
            facing_rule: false,
            barred_screens: false,
            hands: v.hands.is_some(),
            captures_to_hand: v.hands.as_ref().is_some_and(|h| h.captures),
            captures_to_partner: v.hands.as_ref().is_some_and(|h| h.to_partner),
            marks_promoted: v
                .hands
                .as_ref()
                .is_some_and(|h| (h.captures || h.to_partner) && !h.keep_promoted),
            keep_promoted: v.hands.as_ref().is_some_and(|h| h.keep_promoted),
            must_drop: v.hands.as_ref().is_some_and(|h| h.must_drop),
            must_drop_only: (v.hands.as_ref()).map_or(vec![], |h| h.must_drop_only.clone()),
            drops: v.hands.as_ref().is_some_and(|h| !h.no_drops),
            gate_squares: vec![],
            gate_bit: [vec![], vec![]],
            castling_from_drops: false,
            once: vec![],
            once_squares: vec![],
            once_bit: [vec![], vec![]],
            once_kept: 0,
            guard: crate::engine::guard::GuardTables::default(),
            anywhere: vec![],
            aimers: vec![],
            aim_reach: vec![],
            color_bound: [vec![], vec![]],
            dark: B::ZERO,
            en_passant_region: [B::ZERO; 2],
            en_passant_no_promotion: v.en_passant_no_promotion,
            passing: [vec![], vec![]],
            counts_checks: v.end.iter().any(|e| matches!(e.cond, EndCond::Checks(_))),
            counts_captures: v.end.iter().any(|e| matches!(e.cond, EndCond::Captures(_))),
            cross: v.cross,
            halfmove_capture: v.halfmove.capture,
            end: vec![],
            effects: v.effects.values().cloned().collect(),
            effect_tables: vec![],
            friend_leaps: [vec![], vec![]],
            friend_prey_judged: false,
            friends_by_leaps: false,
            rare_targets: false,
            reads_checked: false,
            effects_read_move: false,
            effect_promotes: false,
            fast_legality: false,
            rare_royal_attacks: false,
            move_enemy: false,
            no_captures_undone: false,
            rare_frozen: false,
            royal_promotions: false,
            plain: None,
            blast: None,
            pins_suffice: [true; 2],
            layered: v.layers.len() > 1 || v.cross.is_some(),
            layer_masks: vec![],
            effect_dirs: vec![],
            effect_zones: vec![],
            promotion_watchers: None,
            promotion_zones: [B::ZERO; 2],
            letters: vec![],
            variant: variant.clone(),
        }
    }

    /// Compiles a variant's tables.
    pub fn compile(variant: Arc<Variant>) -> Rules<B> {
        let mut r = Self::unfilled(variant.clone());
        let v = &*variant;
        r.compile_codes(v);
        if r.make_steps {
            r.compile_make_codes(v);
        }
        r.compile_friend_prey(v);
        r.compile_promotions(v);
        r.compile_drops(v);
        r.compile_placed_wall(v);
        r.compile_stuck();
        r.compile_attacks();
        r.compile_castling(v);
        r.compile_once(v);
        r.compile_guarded(v);
        r.compile_anywhere(v);
        r.rare_targets = r.guard.any() || r.friends_by_leaps || !r.anywhere.is_empty() || r.holes;
        r.rare_attacks = [0, 1].map(|s| !r.guard.attackers[s].is_empty() || r.holes);
        r.compile_end(v);
        r.compile_effects(v);
        r.reads_checked = r.effects.iter().any(ir::Effect::reads_checked)
            || v.capture_friends
                .as_ref()
                .and_then(|f| f.when.as_ref())
                .is_some_and(ir::Expr::reads_checked);
        r.compile_letters(v);
        r.compile_legality(v);
        r.compile_influence();
        r.plain = r.is_plain().then(|| r.plain_tables());
        r
    }

    fn all(&self) -> B {
        self.geo.all
    }

    /// A result's points per code (a kind not named counts none).
    fn code_points(&self, p: &ir::Points) -> CodePoints {
        let per_code = self
            .codes
            .iter()
            .map(|c| {
                let t = p
                    .values
                    .iter()
                    .find(|(k, _)| *k == c.kind)
                    .map_or(0, |&(_, t)| t);
                (c.side.index(), t)
            })
            .collect();
        (per_code, p.bonus)
    }

    /// `wall placed` or `wall shot`: per side, where the new wall may go.
    fn compile_placed_wall(&mut self, v: &Variant) {
        self.placed_wall = v.placed_wall.as_ref().map(|w| PlacedWallRules {
            region: Side::BOTH.map(|side| {
                w.within
                    .as_ref()
                    .map_or(self.all(), |r| self.region_mask(r, side) & self.all())
            }),
            shot: w.shot,
            instead: w.instead,
            beside_wall: if w.beside_wall {
                self.step_table(&[(1, 0), (-1, 0), (0, 1), (0, -1)])
            } else {
                vec![]
            },
        });
    }

    /// `capture friends`: per code, the codes of its side it may capture, those the condition
    /// allows for the pair (capturer, friend taken).
    fn compile_friend_prey(&mut self, v: &Variant) {
        let Some(friends) = &v.capture_friends else {
            return;
        };
        if !friends.by.is_empty() {
            self.compile_friend_leaps(friends);
            return;
        }
        if friends.when.as_ref().is_some_and(ir::Expr::reads_board) {
            // Decided in each position: every friend is a candidate.
            for side in Side::BOTH {
                let own = self.side_codes[side.index()].clone();
                for &c in &own {
                    self.codes[c as usize].prey_when.clone_from(&own);
                }
            }
            return;
        }
        for side in Side::BOTH {
            for c in self.side_codes[side.index()].clone() {
                let prey = self.friends_allowed(side, c, friends.when.as_ref());
                let cr = &mut self.codes[c as usize];
                cr.prey_edits.extend(prey.into_iter().map(|t| (t, true)));
            }
        }
    }

    /// The codes of `side` that its piece of code `c` may take, by the condition `when` read
    /// for the pair alone (every one without a condition).
    fn friends_allowed(&self, side: Side, c: u8, when: Option<&ir::Expr>) -> Vec<u8> {
        self.side_codes[side.index()]
            .iter()
            .copied()
            .filter(|&t| {
                let pieces = MoveCodes {
                    moved: Some(c),
                    captured: Some(t),
                    took: true,
                    ..MoveCodes::NONE
                };
                when.is_none_or(|w| eval_in(self, w, side, c, Some(t), 0, pieces))
            })
            .collect()
    }

    /// `capture friends by LEAP...`: the leaps' squares per side and square, and per code the
    /// friends it may take by them (decided here unless the condition reads the position).
    fn compile_friend_leaps(&mut self, friends: &ir::FriendCaptures) {
        for side in Side::BOTH {
            let steps: Vec<(i8, i8)> = friends
                .by
                .iter()
                .flat_map(ir::Atom::vectors)
                .map(|v| ir::oriented(v, side))
                .collect();
            self.friend_leaps[side.index()] = (0..self.squares)
                .map(|sq| {
                    steps
                        .iter()
                        .filter_map(|&s| self.step(sq, s))
                        .fold(B::ZERO, |m, t| m | B::bit(t))
                })
                .collect();
        }
        self.friends_by_leaps = true;
        let when = friends.when.as_ref();
        self.friend_prey_judged = when.is_some_and(|w| w.reads_board() || w.reads_checked());
        let when = when.filter(|_| !self.friend_prey_judged);
        for side in Side::BOTH {
            for c in self.side_codes[side.index()].clone() {
                self.codes[c as usize].friend_prey = self.friends_allowed(side, c, when);
            }
        }
    }

    /// Per code: its atoms as tables.
    fn compile_codes(&mut self, v: &Variant) {
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                let code = self.code_rules(v, side, kind, piece);
                self.codes.push(code);
            }
        }
        if v.obligations.no_captures {
            self.forbid_captures();
        }
        self.compile_antiroyals(v);
        for side in Side::BOTH {
            self.royal_codes[side.index()] = self.side_codes[side.index()]
                .iter()
                .copied()
                .filter(|&c| self.codes[c as usize].royal)
                .collect();
            self.last_royals[side.index()] = v
                .pieces
                .values()
                .enumerate()
                .filter(|(_, p)| p.in_army(side))
                .filter_map(|(kind, p)| {
                    let group = p.royal_when_last.as_ref()?;
                    let codes = group.iter().map(|&k| self.code(side, k)).collect();
                    Some((self.code(side, kind), codes))
                })
                .collect();
        }
    }

    /// [`Rules::make_codes`]: each code's tables without its atoms limited to a region.
    fn compile_make_codes(&mut self, v: &Variant) {
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                let mut anywhere = piece.clone();
                anywhere.atoms.retain(|a| a.from.is_none());
                let code = self.code_rules(v, side, kind, &anywhere);
                self.make_codes.push(code);
            }
        }
    }

    /// `no captures`: no code captures any code of the other side, en passant included (the
    /// attacks stay).
    fn forbid_captures(&mut self) {
        let n = self.codes.len();
        for c in 0..n {
            let side = self.codes[c].side;
            let enemies: Vec<u8> = (0..n)
                .filter(|&t| self.codes[t].side != side)
                .map(|t| t as u8)
                .collect();
            let cr = &mut self.codes[c];
            cr.prey_edits
                .extend(enemies.into_iter().map(|t| (t, false)));
            cr.takes_en_passant = false;
        }
    }

    /// The antiroyal codes of each side, and which codes never attack which (`cannot attack`).
    fn compile_antiroyals(&mut self, v: &Variant) {
        let n = v.pieces.len();
        for side in Side::BOTH {
            self.antiroyal_codes[side.index()] = v
                .pieces
                .values()
                .enumerate()
                .filter(|(_, p)| p.antiroyal)
                .map(|(k, _)| (side.index() * n + k) as u8)
                .collect();
        }
        if v.pieces.values().all(|p| p.cannot_attack.is_empty()) {
            return;
        }
        self.unattackers = vec![vec![]; 2 * n];
        for side in Side::BOTH {
            // Threats are on the other side's pieces, also for a piece that captures its own.
            for (k, p) in v.pieces.values().enumerate() {
                let attacker = (side.index() * n + k) as u8;
                for &t in &p.cannot_attack {
                    self.unattackers[side.flip().index() * n + t].push(attacker);
                }
            }
        }
    }

    /// The tables of the piece `kind` of `side`.
    fn code_rules(
        &mut self,
        v: &Variant,
        side: Side,
        kind: PieceId,
        piece: &ir::Piece,
    ) -> CodeRules<B> {
        let squares = self.squares;
        let mut c = self.code_rules_without_atoms(v, side, kind, piece);
        let confined = c.confined;
        // A royal piece that would turn to stone by capturing never captures, nor threatens.
        let stone_royal = piece.royal && v.petrify.contains(&kind);
        for atom in &piece.atoms {
            let atom = &match atom.modality {
                _ if !stone_royal => atom.clone(),
                Modality::Both => ir::Atom {
                    modality: Modality::Move,
                    ..atom.clone()
                },
                Modality::Move => atom.clone(),
                Modality::Capture | Modality::Attack => continue,
            };
            if stone_royal && atom.kind == AtomKind::Leap && atom.path == ir::LeapPath::Free {
                self.add_castle_guard(&mut c, atom, side);
            }
            self.add_atom(&mut c, atom, side);
        }
        for s in 0..squares {
            c.leap_move[s] &= confined;
            c.leap_capture[s] &= confined;
        }
        let capturing = |m: Modality| matches!(m, Modality::Capture | Modality::Both);
        if !c.slides.iter().any(|&(_, m)| capturing(m))
            && !c.rides.iter().any(|ride| capturing(ride.modality))
            && !c.hops.iter().any(|hop| capturing(hop.modality))
            && c.lame_capture.iter().all(|l| l.is_empty())
        {
            c.leap_capture_rev = vec![B::ZERO; squares];
            for s in 0..squares {
                for t in c.leap_capture[s].iter() {
                    c.leap_capture_rev[t] |= B::bit(s);
                }
            }
        }
        c
    }

    /// The tables of the piece `kind` of `side` before its atoms are added.
    pub(crate) fn code_rules_without_atoms(
        &self,
        v: &Variant,
        side: Side,
        kind: PieceId,
        piece: &ir::Piece,
    ) -> CodeRules<B> {
        let squares = self.squares;
        let confined = piece
            .confined
            .as_ref()
            .map(|r| self.region_mask(r, side))
            .unwrap_or(self.all());
        CodeRules {
            side,
            kind,
            royal: piece.royal,
            leap_move: vec![B::ZERO; squares],
            leap_capture: vec![B::ZERO; squares],
            leap_attack_rev: vec![B::ZERO; squares],
            leap_capture_rev: vec![],
            rides: vec![],
            hole_atoms: vec![],
            slides: vec![],
            hops: vec![],
            lame_move: vec![vec![]; squares],
            lame_capture: vec![vec![]; squares],
            lame_attack_rev: vec![vec![]; squares],
            confined,
            stuck: B::ZERO,
            promotion: None,
            en_passant: v.en_passant.contains(&kind),
            takes_en_passant: v.en_passant.contains(&kind) || v.en_passant_takers.contains(&kind),
            resets_clock: v.halfmove.pieces.contains(&kind),
            base_kind: piece.promoted_from.unwrap_or(kind),
            hand_code: 0,
            unpromoted: kind,
            drop: None,
            prey_when: vec![],
            friend_prey: vec![],
            prey_edits: piece
                .cannot_capture
                .iter()
                .map(|&k| ((side.flip().index() * v.pieces.len() + k) as u8, false))
                .collect(),
            petrifies: v.petrify.contains(&kind),
            captures_in_place: piece.captures_in_place,
            captures_as_victim: piece.captures_as_victim,
            castle_guard_rev: vec![],
            no_screens: piece
                .cannot_hop_over
                .iter()
                .flat_map(|&k| Side::BOTH.map(|s| (s.index() * v.pieces.len() + k) as u8))
                .collect(),
        }
    }

    /// The squares a petrifying royal piece's leap `atom` guards for castling (it never
    /// captures, but a castling king may not cross them).
    fn add_castle_guard(&self, c: &mut CodeRules<B>, atom: &ir::Atom, side: Side) {
        let squares = self.squares;
        c.castle_guard_rev.resize(squares, B::ZERO);
        for vec in atom.vectors() {
            let step = ir::oriented(vec, side);
            for sq in 0..squares {
                if let Some(t) = self.offset(sq, step) {
                    c.castle_guard_rev[t] |= B::bit(sq);
                }
            }
        }
    }

    /// The tables of one atom of the piece of `c`.
    pub(crate) fn add_atom(&mut self, c: &mut CodeRules<B>, atom: &ir::Atom, side: Side) {
        let origin = atom
            .from
            .as_ref()
            .map(|r| self.region_mask(r, side))
            .unwrap_or(self.all());
        let landing = atom
            .to
            .as_ref()
            .map(|r| self.region_mask(r, side))
            .unwrap_or(self.all());
        if self.holes {
            self.add_hole_atom(c, atom, side, origin, landing);
            return;
        }
        for vec in atom.vectors() {
            let step = ir::oriented(vec, side);
            match atom.kind {
                AtomKind::Leap if atom.path != ir::LeapPath::Free => {
                    self.add_lame(c, atom, step, origin, landing)
                }
                AtomKind::Leap => self.add_leap(c, atom, step, origin, landing),
                AtomKind::Ride { range } => {
                    let dir = self.geo.dir(RayDir {
                        step,
                        range: range.unwrap_or(u8::MAX),
                    });
                    c.rides.push(Ride {
                        dir,
                        modality: atom.modality,
                        origin,
                        targets: landing,
                    });
                }
                AtomKind::Hop { range, span } => {
                    let dir = self.geo.dir(RayDir {
                        step,
                        range: u8::MAX,
                    });
                    let span = span.map(|n| self.geo.dir(RayDir { step, range: n }));
                    c.hops.push(Hop {
                        dir,
                        range: range.unwrap_or(u8::MAX),
                        span,
                        modality: atom.modality,
                        origin,
                        targets: landing,
                    });
                }
            }
        }
    }

    /// An atom of a variant with holes: its leaps or rides, each walked over the holes.
    fn add_hole_atom(
        &self,
        c: &mut CodeRules<B>,
        atom: &ir::Atom,
        side: Side,
        origin: B,
        landing: B,
    ) {
        use crate::engine::holes::{HoleAtom, back, legs};
        let range = match atom.kind {
            AtomKind::Ride { range } => range.unwrap_or(u8::MAX),
            _ => 1,
        };
        let targets = if atom.modality == Modality::Attack {
            landing
        } else {
            landing & c.confined
        };
        for vec in atom.vectors() {
            let legs = legs(ir::oriented(vec, side));
            c.hole_atoms.push(HoleAtom {
                legs,
                back: back(legs),
                range,
                modality: atom.modality,
                origin,
                targets,
            });
        }
    }

    fn add_leap(
        &self,
        c: &mut CodeRules<B>,
        atom: &ir::Atom,
        step: (i8, i8),
        origin: B,
        landing: B,
    ) {
        for sq in origin.iter() {
            let Some(t) = self.offset(sq, step) else {
                continue;
            };
            if !landing.has(t) {
                continue;
            }
            if atom.can_move() {
                c.leap_move[sq] |= B::bit(t);
            }
            if atom.attacks() && (c.confined.has(t) || atom.modality == Modality::Attack) {
                c.leap_attack_rev[t] |= B::bit(sq);
            }
            if atom.can_capture() {
                c.leap_capture[sq] |= B::bit(t);
            }
        }
    }

    fn add_lame(
        &self,
        c: &mut CodeRules<B>,
        atom: &ir::Atom,
        step: (i8, i8),
        origin: B,
        landing: B,
    ) {
        let path_steps = ir::lame_path(step);
        for sq in origin.iter() {
            let Some(t) = self.offset(sq, step) else {
                continue;
            };
            if !landing.has(t) {
                continue;
            }
            if !c.confined.has(t) && atom.modality != Modality::Attack {
                continue;
            }
            let mut path = B::ZERO;
            for &p in &path_steps {
                if let Some(s) = self.offset(sq, p) {
                    path |= B::bit(s);
                }
            }
            let jump = atom.path == ir::LeapPath::Jump;
            let leap = Lame {
                to: t as u16,
                path,
                jump,
            };
            if atom.can_move() {
                c.lame_move[sq].push(leap);
            }
            if atom.can_capture() {
                c.lame_capture[sq].push(leap);
            }
            if atom.attacks() {
                c.lame_attack_rev[t].push(Lame {
                    to: sq as u16,
                    path,
                    jump,
                });
            }
        }
    }

    fn compile_promotions(&mut self, v: &Variant) {
        for (&kind, p) in &v.promotions {
            for side in Side::BOTH {
                let code = self.code(side, kind) as usize;
                let mut choices: Vec<u8> = p.choices[side.index()]
                    .iter()
                    .map(|&k| self.code(side, k))
                    .collect();
                for &c in &choices {
                    let c = &mut self.codes[c as usize];
                    if c.unpromoted == c.kind {
                        c.unpromoted = kind;
                    }
                }
                let mut zoned = vec![];
                for c in &p.special[side.index()] {
                    let code = self.code(if c.enemy { side.flip() } else { side }, c.piece);
                    if let Some(region) = &c.within {
                        zoned.push((code, self.region_mask(region, side)));
                    }
                    if !choices.contains(&code) {
                        choices.push(code);
                    }
                }
                if choices.is_empty() {
                    continue;
                }
                let limits = p
                    .limits
                    .iter()
                    .map(|&(k, n)| (self.code(side, k), n))
                    .collect();
                self.codes[code].promotion = Some(PromotionRules {
                    zone: self.region_mask(&p.zone, side),
                    choices,
                    optional: p.optional,
                    from_zone: p.from_zone,
                    limits,
                    in_place: p.in_place,
                    on_capture: p.on_capture,
                    not_on_capture: p.not_on_capture,
                    zoned,
                });
            }
        }
        self.promotion_zones = Side::BOTH.map(|side| {
            self.codes
                .iter()
                .filter(|c| c.side == side)
                .filter_map(|c| c.promotion.as_ref().map(|p| p.zone))
                .fold(B::ZERO, |a, z| a | z)
        });
    }

    fn compile_drops(&mut self, v: &Variant) {
        let Some(h) = &v.hands else { return };
        self.castling_from_drops = h.castling_from_drops;
        self.check.drop_mates_refused = h.rules.values().any(|d| d.mate_refused);
        for sq in 0..self.cells {
            let (_, f, k) = self.coords(sq);
            if (f + k) % 2 == 0 {
                self.dark |= B::bit(sq);
            }
        }
        self.compile_gates(h.gate.as_ref());
        for side in Side::BOTH {
            for kind in 0..self.kinds {
                let code = self.code(side, kind) as usize;
                if h.rules.get(&kind).is_some_and(|r| r.both_colors) {
                    self.color_bound[side.index()].push(code as u8);
                }
                // Promoted forms are dropped as their base (unless the hand keeps them, or they
                // may be dropped promoted, from their base's count).
                self.codes[code].hand_code = code as u8;
                if let Some(base) = v.pieces[kind].promoted_from {
                    if h.drop_promoted && !h.keep_promoted {
                        self.codes[code].hand_code = self.code(side, base);
                    } else if !h.keep_promoted {
                        continue;
                    }
                }
                let drop = self.drop_rules(side, code, h.rules.get(&kind));
                self.codes[code].drop = Some(drop);
            }
        }
    }

    /// The squares of the hand's gate (`gate REGION`), each given a bit of the position's
    /// gate word while there are bits left.
    fn compile_gates(&mut self, gate: Option<&ir::Region>) {
        self.gate_bit = [vec![0; self.squares], vec![0; self.squares]];
        let Some(g) = gate else { return };
        for side in Side::BOTH {
            let mask = self.region_mask(g, side);
            let cells = self.cells;
            for sq in mask.iter().filter(|&sq| sq < cells) {
                let i = self.gate_squares.len();
                if i < 64 - GATE_BIT0 as usize {
                    self.gate_squares.push((side, sq as u16));
                    self.gate_bit[side.index()][sq] = 1 << (GATE_BIT0 as usize + i);
                }
            }
        }
    }

    /// How the piece of `code` is dropped, by its kind's drop rule where it has one.
    fn drop_rules(&self, side: Side, code: usize, rule: Option<&ir::DropRule>) -> DropRules<B> {
        let region = rule
            .and_then(|r| r.region.as_ref())
            .map(|r| self.region_mask(r, side))
            .unwrap_or(self.all());
        let never = rule.is_some_and(|r| r.never);
        DropRules {
            region: if never {
                B::ZERO
            } else {
                region & self.codes[code].confined
            },
            per_file: rule.and_then(|r| r.per_file),
            no_mate: rule.is_some_and(|r| r.no_mate),
            mate_refused: rule.is_some_and(|r| r.mate_refused),
            both_colors: rule.is_some_and(|r| r.both_colors),
            slides: rule
                .and_then(|r| r.slide)
                .map(|s| crate::engine::slide::ways_in(&self.geo, s))
                .unwrap_or_default(),
            first: rule
                .and_then(|r| r.first_within.as_ref())
                .map_or(B::ZERO, |r| self.region_mask(r, side)),
            free: rule.is_some_and(|r| r.free),
            next_to_own: if rule.is_some_and(|r| r.next_to_own) {
                self.king_steps()
            } else {
                vec![]
            },
            near: rule.map_or(vec![], |r| {
                r.near
                    .iter()
                    .map(|n| DropNear {
                        enemy: n.enemy,
                        not: n.not,
                        steps: self.step_table(&n.offsets),
                    })
                    .collect()
            }),
        }
    }

    /// Squares from which a piece has no move at all on an empty board.
    fn compile_stuck(&mut self) {
        for c in 0..self.codes.len() {
            let mut stuck = B::ZERO;
            for sq in 0..self.squares {
                if !self.can_ever_move(c, sq) {
                    stuck |= B::bit(sq);
                }
            }
            // A piece that moves from nowhere (a stone) was meant to stand: it is never stuck.
            self.codes[c].stuck = if stuck == self.all() { B::ZERO } else { stuck };
        }
    }

    fn can_ever_move(&self, c: usize, sq: usize) -> bool {
        let cr = &self.codes[c];
        (cr.leap_move[sq] | cr.leap_capture[sq]).any()
            || !cr.lame_move[sq].is_empty()
            || !cr.lame_capture[sq].is_empty()
            || cr.rides.iter().any(|r| {
                r.modality != Modality::Attack
                    && r.origin.has(sq)
                    && (self.ray(r.dir, sq) & cr.confined).any()
            })
            || cr.hops.iter().any(|h| {
                h.modality != Modality::Attack
                    && h.origin.has(sq)
                    && self.ray(h.dir, sq).count() >= 2
            })
    }

    /// Whether a piece of `code` on `from` can move to `to` on an otherwise empty board.
    fn reaches_on_empty_board(&self, code: usize, from: usize, to: usize) -> bool {
        let cr = &self.codes[code];
        let moving = |m: Modality| matches!(m, Modality::Move | Modality::Both);
        cr.leap_move[from].has(to)
            || cr.lame_move[from]
                .iter()
                .any(|l| l.to as usize == to && !l.jump)
            || cr
                .slides
                .iter()
                .any(|&(s, m)| moving(m) && self.slide(s, from, B::ZERO).has(to))
            || cr
                .rides
                .iter()
                .any(|r| moving(r.modality) && r.origin.has(from) && self.ray(r.dir, from).has(to))
    }

    /// Reverse tables and groups for attack queries and pins; sliders for the rides.
    fn compile_attacks(&mut self) {
        for side in Side::BOTH {
            for &code in &self.side_codes[side.index()].clone() {
                let cr = &self.codes[code as usize];
                if cr.leap_attack_rev.iter().any(|m| m.any()) {
                    self.leap_attackers[side.index()].push(code);
                }
                if cr.lame_attack_rev.iter().any(|l| !l.is_empty()) {
                    self.lame_attackers[side.index()].push(code);
                    self.pins_suffice[side.flip().index()] = false;
                }
                if cr.hops.iter().any(|h| h.modality != Modality::Move) {
                    self.pins_suffice[side.flip().index()] = false;
                }
                if cr.hole_atoms.iter().any(|a| a.modality != Modality::Move) {
                    self.hole_attackers[side.index()].push(code);
                }
            }
        }
        if self.geo.wrap.any() {
            // Around a board that wraps a piece may attack a square along two ways at once
            // (a double check by one piece): pins and one checker's line do not settle a move,
            // so every move is judged by the occupancy it leaves.
            self.pins_suffice = [false; 2];
        }
        self.ride_attackers = self.ride_groups();
        self.group_sliders();
        self.attack_rays = self.ride_groups();
        self.hop_attacks = self.hop_groups();
    }

    /// Per attacking side, the attacking rides of the codes, one group per direction, each found
    /// from the attacked square by looking the opposite way.
    fn ride_groups(&mut self) -> [Vec<RideAttack<B>>; 2] {
        let mut out: [Vec<RideAttack<B>>; 2] = [vec![], vec![]];
        let all = self.all();
        for side in Side::BOTH {
            for &code in &self.side_codes[side.index()] {
                let cr = &self.codes[code as usize];
                for ride in &cr.rides {
                    if ride.modality == Modality::Move {
                        continue;
                    }
                    let d = self.geo.dirs[ride.dir as usize];
                    let rev = self.geo.dir(RayDir {
                        step: (-d.step.0, -d.step.1),
                        range: d.range,
                    });
                    let groups = &mut out[side.index()];
                    let g = match groups.iter().position(|g| g.rev_dir == rev) {
                        Some(i) => i,
                        None => {
                            groups.push(RideAttack {
                                rev_dir: rev,
                                codes: vec![],
                                unconditional: true,
                            });
                            groups.len() - 1
                        }
                    };
                    let targets = if ride.modality == Modality::Attack {
                        ride.targets
                    } else {
                        cr.confined & ride.targets
                    };
                    // Two atoms of one vector with other `from`/`to` regions each attack
                    // from their own squares: only an identical attacker is a repeat.
                    let attacker = Attacker {
                        code,
                        origin: ride.origin,
                        targets,
                    };
                    if !groups[g].codes.iter().any(|a| {
                        a.code == code && a.origin == attacker.origin && a.targets == targets
                    }) {
                        groups[g].codes.push(attacker);
                        groups[g].unconditional &= ride.origin == all && targets == all;
                    }
                }
            }
        }
        out
    }

    fn hop_groups(&mut self) -> [Vec<HopAttack<B>>; 2] {
        let mut out: [Vec<HopAttack<B>>; 2] = [vec![], vec![]];
        for side in Side::BOTH {
            for &code in &self.side_codes[side.index()] {
                for hop in &self.codes[code as usize].hops {
                    if hop.modality == Modality::Move {
                        continue;
                    }
                    let rev = self.geo.reverse[hop.dir as usize];
                    let groups = &mut out[side.index()];
                    let attacker = Attacker {
                        code,
                        origin: hop.origin,
                        targets: if hop.modality == Modality::Attack {
                            hop.targets
                        } else {
                            self.codes[code as usize].confined & hop.targets
                        },
                    };
                    match groups
                        .iter_mut()
                        .find(|g| g.rev_dir == rev && g.range == hop.range && g.span == hop.span)
                    {
                        Some(g) => g.codes.push(attacker),
                        None => groups.push(HopAttack {
                            rev_dir: rev,
                            range: hop.range,
                            span: hop.span,
                            codes: vec![attacker],
                        }),
                    }
                }
            }
        }
        out
    }

    /// Sliders: a code's unconditional unlimited rides of one shape and modality become one
    /// table lookup, and attack tests look the other way with a slider of the reversed rays.
    fn group_sliders(&mut self) {
        if self.cells > 64 {
            return;
        }
        let all = self.all();
        for code in 0..self.codes.len() {
            let mut groups: Vec<((u8, u8), Modality, Vec<u16>)> = vec![];
            for ride in &self.codes[code].rides {
                let d = self.geo.dirs[ride.dir as usize];
                if d.range != u8::MAX || ride.origin != all || ride.targets != all {
                    continue;
                }
                let (x, y) = (d.step.0.unsigned_abs(), d.step.1.unsigned_abs());
                let shape = (x.min(y), x.max(y));
                match groups
                    .iter_mut()
                    .find(|g| g.0 == shape && g.1 == ride.modality)
                {
                    Some(g) => g.2.push(ride.dir),
                    None => groups.push((shape, ride.modality, vec![ride.dir])),
                }
            }
            for (_, modality, dirs) in groups {
                // An attacking group needs the reversed slider too, and an unconfined piece;
                // otherwise its rays stay rides, walked one by one.
                let attack = if modality == Modality::Move {
                    None
                } else {
                    let rev: Vec<u16> =
                        dirs.iter().map(|&d| self.geo.reverse[d as usize]).collect();
                    match self.geo.slider(&rev) {
                        Some(rsl) if self.codes[code].confined == all => Some(rsl),
                        _ => continue,
                    }
                };
                let Some(sl) = self.geo.slider(&dirs) else {
                    continue;
                };
                self.codes[code].rides.retain(|r| {
                    !(dirs.contains(&r.dir)
                        && r.modality == modality
                        && r.origin == all
                        && r.targets == all)
                });
                self.codes[code].slides.push((sl, modality));
                if let Some(rsl) = attack {
                    let side = self.codes[code].side.index();
                    match self.attack_sliders[side]
                        .iter_mut()
                        .find(|(s, _)| *s == rsl)
                    {
                        Some((_, cs)) => cs.push(code as u8),
                        None => self.attack_sliders[side].push((rsl, vec![code as u8])),
                    }
                }
            }
        }
    }

    fn compile_castling(&mut self, v: &Variant) {
        let files = self.files;
        let sq0 = |(f, r): (u8, u8)| r as usize * files + f as usize;
        for (flag, c) in &v.castling {
            let mut empty = B::ZERO;
            for &s in &c.empty {
                empty |= B::bit(sq0(s));
            }
            self.castles.push(CastleRules {
                side: c.side,
                king_code: self.code(c.side, c.king),
                rook_code: self.code(c.side, c.rook),
                king_from: sq0(c.king_from) as u16,
                king_to: sq0(c.king_to) as u16,
                rook_from: sq0(c.rook_from) as u16,
                rook_to: sq0(c.rook_to) as u16,
                empty,
                safe: c.safe.iter().map(|&s| sq0(s) as u16).collect(),
                flag: *flag,
                by_rook: false,
            });
        }
        for i in 0..self.castles.len() {
            let c = &self.castles[i];
            let (code, kf, kt) = (
                c.king_code as usize,
                c.king_from as usize,
                c.king_to as usize,
            );
            self.castles[i].by_rook = kf == kt || self.reaches_on_empty_board(code, kf, kt);
        }
        if let Some(rule) = &v.castling_rule {
            let ranks = self.ranks as u8;
            self.castling_rule = Some(CastlingRuleCodes {
                king: Side::BOTH.map(|s| self.code(s, rule.king)),
                rooks: Side::BOTH.map(|s| rule.rooks.iter().map(|&k| self.code(s, k)).collect()),
                rank: [rule.rank - 1, ranks - rule.rank],
                short: rule.short,
                long: rule.long,
            });
        }
    }

    /// First-move rights: each `once` piece's moves as tables, the rights' squares and bits,
    /// and what aims at them.
    fn compile_once(&mut self, v: &Variant) {
        self.once = vec![None; self.codes.len()];
        self.aim_reach = vec![vec![]; self.codes.len()];
        if v.pieces.values().all(|p| p.once_atoms.is_empty()) {
            return;
        }
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                if piece.once_atoms.is_empty() {
                    continue;
                }
                let mut any = self.code_rules_without_atoms(v, side, kind, piece);
                let mut calm = self.code_rules_without_atoms(v, side, kind, piece);
                for o in &piece.once_atoms {
                    let c = if o.not_in_check { &mut calm } else { &mut any };
                    self.add_atom(c, &o.atom, side);
                }
                let code = self.code(side, kind);
                self.once[code as usize] = Some(Box::new(OnceRules {
                    any,
                    calm,
                    has_calm: piece.once_atoms.iter().any(|o| o.not_in_check),
                }));
                for &k in &piece.once_lost_to {
                    self.aimers.push((self.code(side.flip(), k), code));
                }
            }
        }
        self.once_squares_of(v);
        for (mover, _) in self.aimers.clone() {
            let m = mover as usize;
            if self.aim_reach[m].is_empty() {
                self.aim_reach[m] = (0..self.squares)
                    .map(|sq| self.empty_board_reach(m, sq))
                    .collect();
            }
        }
    }

    /// Where each side's first-move rights lie: the `from` squares of its `once` atoms, each
    /// side's first rank for an atom without `from`; one right per square (sharing a gate's
    /// bit).
    fn once_squares_of(&mut self, v: &Variant) {
        self.once_bit = [vec![0; self.squares], vec![0; self.squares]];
        let mut next = GATE_BIT0 as usize + self.gate_squares.len();
        for side in Side::BOTH {
            let first_rank = self.region_mask(&ir::Region::ranks(1, 1), side);
            let (mut held, mut kept) = (B::ZERO, B::ZERO);
            for piece in v.pieces.values() {
                if piece.letters.iter().all(|l| l[side.index()].is_none()) {
                    continue;
                }
                for o in &piece.once_atoms {
                    let squares = o
                        .atom
                        .from
                        .as_ref()
                        .map_or(first_rank, |r| self.region_mask(r, side));
                    held |= squares;
                    if piece.once_kept {
                        kept |= squares;
                    }
                }
            }
            for sq in held.iter() {
                let gate = self.gate_bit[side.index()].get(sq).copied().unwrap_or(0);
                let bit = if gate != 0 {
                    gate
                } else if next < 64 {
                    next += 1;
                    1u64 << (next - 1)
                } else {
                    continue;
                };
                self.once_squares.push((side, sq as u16));
                self.once_bit[side.index()][sq] = bit;
                if (kept & B::bit(sq)).any() {
                    self.once_kept |= bit;
                }
            }
        }
    }

    /// What the piece of `code` on `sq` attacks on an empty board.
    fn empty_board_reach(&self, code: usize, sq: usize) -> B {
        let cr = &self.codes[code];
        let mut reach = crate::engine::movegen::ride_and_leap_reach(self, cr, sq, B::ZERO);
        for l in &cr.lame_capture[sq] {
            if !l.jump {
                reach |= B::bit(l.to as usize);
            }
        }
        reach & cr.confined
    }

    fn compile_end(&mut self, v: &Variant) {
        let codes_of = |r: &Rules<B>, kinds: &[PieceId]| -> [Vec<u8>; 2] {
            Side::BOTH.map(|s| kinds.iter().map(|&k| r.code(s, k)).collect())
        };
        let mut end = vec![];
        for e in &v.end {
            let test = match &e.cond {
                EndCond::Checkmate => EndTest::Checkmate,
                EndCond::Stalemate => EndTest::Stalemate,
                EndCond::RoyalCaptured => EndTest::RoyalCaptured,
                EndCond::Campmate(r) => {
                    EndTest::Campmate(Side::BOTH.map(|s| self.region_mask(r, s)))
                }
                EndCond::Extinct {
                    side,
                    kinds,
                    together,
                    region,
                    at_most,
                    others_at_least,
                    others_at_most,
                    claim,
                } => EndTest::Extinct {
                    sides: Side::BOTH.map(|s| side.is_none_or(|only| only == s)),
                    codes: codes_of(self, kinds),
                    together: *together,
                    masks: region
                        .as_ref()
                        .map(|r| Side::BOTH.map(|s| self.region_mask(r, s))),
                    at_most: *at_most,
                    others_at_least: *others_at_least,
                    others_at_most: *others_at_most,
                    claim: *claim,
                },
                EndCond::Reached {
                    kinds,
                    region,
                    rule,
                    count,
                    full,
                } => EndTest::Reached {
                    codes: codes_of(self, kinds),
                    masks: Side::BOTH.map(|s| self.region_mask(region, s)),
                    rule: *rule,
                    count: *count,
                    full: *full,
                },
                EndCond::Checks(n) => EndTest::Checks(*n),
                EndCond::Captures(n) => EndTest::Captures(*n),
                EndCond::RoyalsFacing => {
                    self.facing_rule = true;
                    EndTest::RoyalsFacing
                }
                EndCond::DoublePass => EndTest::DoublePass,
                EndCond::BoardFull => EndTest::BoardFull,
                EndCond::Castled(flags) => EndTest::Castled(flags.clone()),
                EndCond::Connected {
                    side,
                    kinds,
                    shape,
                    lines,
                    answered,
                } => EndTest::Connected {
                    side: *side,
                    codes: codes_of(self, kinds),
                    test: self.connect_test(shape, lines),
                    answered: *answered,
                },
            };
            end.push(EndRule {
                test,
                result: e.result,
                name: e.cond.name().to_string(),
                from_move: e.from_move,
                points: e.points.as_ref().map(|p| self.code_points(p)),
            });
        }
        self.end = end;
        self.compile_passing(v);
    }

    /// Where en passant may land, and [`Rules::passing`].
    fn compile_passing(&mut self, v: &Variant) {
        if let Some(region) = &v.en_passant_region {
            self.en_passant_region = Side::BOTH.map(|s| self.region_mask(region, s));
        } else {
            self.en_passant_region = [self.all(); 2];
        }
        // Without pieces that take en passant no move is asked about: no table (a board may
        // have a thousand squares).
        if !v.en_passant.is_empty() {
            self.passing = Side::BOTH.map(|mover| self.passing_from(mover));
        }
    }

    /// [`Rules::passing`] for `mover`.
    fn passing_from(&self, mover: Side) -> Vec<B> {
        let region = self.en_passant_region[mover.flip().index()];
        (0..self.squares)
            .map(|from| {
                (0..self.squares)
                    .filter(|&to| (self.between(from, to) & region).any())
                    .fold(B::ZERO, |set, to| set | B::bit(to))
            })
            .collect()
    }

    fn compile_effects(&mut self, v: &Variant) {
        self.effect_promotes = v
            .effects
            .values()
            .any(|e| e.actions().any(|a| matches!(a, ir::Action::Promote(_))));
        self.effect_dirs = v
            .effects
            .values()
            .map(|e| match &e.scan {
                ir::Scan::Rays(vs) => Side::BOTH.map(|side| {
                    vs.iter()
                        .map(|&v| {
                            self.geo.dir(RayDir {
                                step: ir::oriented(v, side),
                                range: u8::MAX,
                            })
                        })
                        .collect()
                }),
                ir::Scan::Around(_)
                | ir::Scan::Enclosed(_)
                | ir::Scan::Attacked
                | ir::Scan::Surrounded(_) => [vec![], vec![]],
            })
            .collect();
        self.effect_zones = v
            .effects
            .values()
            .map(|e| {
                e.within
                    .as_ref()
                    .map(|z| Side::BOTH.map(|side| self.region_mask(z, side)))
            })
            .collect();
        self.compile_required(v);
        self.compile_groups(v);
        if v.effects.len() == 1 && self.effect_promotes {
            self.promotion_watchers = Some(self.watchers(&v.effects[0]));
        }
        self.effects_read_move = self.effects.iter().any(ir::Effect::reads_move);
        self.effect_tables = self
            .effects
            .iter()
            .map(|e| crate::engine::effects::EffectTable::compile(self, e))
            .collect();
        if !self.no_suicide.is_empty() {
            self.suicide_drops = self.removes_every_group();
            let pieces_move = v.pieces.values().any(|p| !p.atoms.is_empty());
            self.required_by_play |= pieces_move || !self.suicide_drops;
        }
    }

    /// The steps of each `surrounded` scan, and the effects that say `no suicide`.
    fn compile_groups(&mut self, v: &Variant) {
        let geo = &self.geo;
        self.group_steps = v
            .effects
            .values()
            .map(|e| match &e.scan {
                ir::Scan::Surrounded(steps) => steps
                    .iter()
                    .map(|&s| crate::engine::connect::Step::new(geo, s))
                    .collect(),
                _ => vec![],
            })
            .collect();
        self.no_suicide = (v.effects.values().enumerate())
            .filter(|(_, e)| e.no_suicide)
            .map(|(i, _)| i)
            .collect();
    }

    /// Whether the one effect, a `surrounded` scan that says `no suicide`, removes every enemy
    /// piece it finds and does nothing else: drops are then judged from the groups around them.
    fn removes_every_group(&self) -> bool {
        let [e] = &self.effects[..] else {
            return false;
        };
        let plain = e.no_suicide
            && e.origin == ir::OriginKind::Moved
            && e.within.is_none()
            && e.origin_filter.is_none()
            && e.finally.is_empty()
            && !e.reads_move()
            && e.clauses.len() == 1
            && e.clauses[0].actions == [ir::Action::Remove(ir::Subject::Target)];
        let far = self.geo.files.max(self.geo.ranks) as i32;
        plain
            && Side::BOTH.iter().all(|&us| {
                let table = &self.effect_tables[0];
                self.side_codes[us.index()].iter().all(|&oc| {
                    self.side_codes[us.flip().index()].iter().all(|&tc| {
                        (1..=far).all(|d| table.clause(self, e, us, oc, tc, d) == Some(0))
                    })
                })
            })
    }

    /// Per square, the squares a king's step away.
    fn king_steps(&self) -> Vec<B> {
        self.step_table(&KING_STEPS)
    }

    /// Per square, the squares these steps lead to.
    fn step_table(&self, steps: &[(i8, i8)]) -> Vec<B> {
        (0..self.squares)
            .map(|sq| {
                steps
                    .iter()
                    .filter_map(|&s| self.offset(sq, s))
                    .fold(B::ZERO, |m, t| m | B::bit(t))
            })
            .collect()
    }

    /// Which `required` effects judge drops before they are played, and whether some move must
    /// be played to be judged: a move of a piece on the board, or an effect that reads the move
    /// or looks along plain rays.
    fn compile_required(&mut self, v: &Variant) {
        let mut by_play = false;
        for (i, e) in v.effects.values().enumerate() {
            if !e.required {
                continue;
            }
            let board_only = e.origin == ir::OriginKind::Moved
                && !e.reads_move()
                && !matches!(
                    e.scan,
                    ir::Scan::Rays(_) | ir::Scan::Attacked | ir::Scan::Surrounded(_)
                );
            if board_only {
                self.drop_required.push(i);
            }
            by_play |= !board_only;
        }
        let steps: Option<Vec<(i8, i8)>> = self
            .drop_required
            .iter()
            .map(|&i| match &self.effects[i].scan {
                ir::Scan::Enclosed(v) => Some(v.clone()),
                _ => None,
            })
            .try_fold(vec![], |mut all, v| {
                all.extend(v?);
                Some(all)
            });
        self.enclosed_near = steps.filter(|s| !s.is_empty()).map(|steps| {
            (0..self.squares)
                .map(|sq| {
                    let mut near = B::ZERO;
                    for &s in &steps {
                        for side in Side::BOTH {
                            let o = ir::oriented(s, side);
                            for step in [o, (-o.0, -o.1)] {
                                if let Some(t) = self.offset(sq, step) {
                                    near |= B::bit(t);
                                }
                            }
                        }
                    }
                    near
                })
                .collect()
        });
        let pieces_move = v.pieces.values().any(|p| !p.atoms.is_empty());
        self.required_by_play = by_play || (!self.drop_required.is_empty() && pieces_move);
        self.enclosure_shifts = v
            .effects
            .values()
            .map(|e| self.enclosure_shift(e))
            .collect();
    }

    /// [`Rules::enclosure_shifts`] of one effect.
    fn enclosure_shift(&self, e: &ir::Effect) -> [Vec<crate::engine::connect::Step<B>>; 2] {
        let ir::Scan::Enclosed(steps) = &e.scan else {
            return [vec![], vec![]];
        };
        // The board's own steps, where they are shifts of the square index.
        let shift = |step: (i8, i8)| {
            let s = crate::engine::connect::Step::new(&self.geo, step);
            (0..self.squares)
                .all(|sq| match self.offset(sq, step) {
                    Some(t) => s.from.has(sq) && t as isize == sq as isize + s.shift,
                    None => !s.from.has(sq),
                })
                .then_some(s)
        };
        if self.layers > 1 {
            return [vec![], vec![]];
        }
        Side::BOTH.map(|side| {
            (steps.iter())
                .map(|&s| {
                    let o = ir::oriented(s, side);
                    shift((-o.0, -o.1))
                })
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default()
        })
    }

    /// Per side and square of a promoting piece, the squares from which the effect could
    /// bring it into its zone (pulled and pushed pieces stay on their ray).
    fn watchers(&self, e: &ir::Effect) -> [Vec<B>; 2] {
        Side::BOTH.map(|side| {
            let zone = self.promotion_zones[side.index()];
            let mut rev = vec![B::ZERO; self.squares];
            for origin in 0..self.squares {
                let mut watch = B::bit(origin) & zone;
                match &e.scan {
                    ir::Scan::Rays(_) => {
                        for &d in &self.effect_dirs[0][side.index()] {
                            let ray = self.ray(d, origin);
                            if (ray & zone).any() {
                                watch |= ray;
                            }
                        }
                    }
                    ir::Scan::Around(offsets) => {
                        for &o in offsets {
                            if let Some(t) = self.offset(origin, ir::oriented(o, side)) {
                                watch |= B::bit(t) & zone;
                            }
                        }
                    }
                    ir::Scan::Enclosed(steps) => {
                        for &s in steps {
                            let mut t = origin;
                            while let Some(n) = self.offset(t, ir::oriented(s, side)) {
                                watch |= B::bit(n) & zone;
                                t = n;
                            }
                        }
                    }
                    // An attacked piece, or one of a group, may stand anywhere.
                    ir::Scan::Attacked | ir::Scan::Surrounded(_) => watch |= zone,
                }
                for p in watch.iter() {
                    rev[p] |= B::bit(origin);
                }
            }
            rev
        })
    }

    fn compile_letters(&mut self, v: &Variant) {
        let kinds = self.kinds;
        self.letters = (0..self.layers)
            .map(|l| {
                let mut row = vec![None; 2 * kinds];
                for side in Side::BOTH {
                    for (kind, (_, p)) in v.pieces.iter().enumerate() {
                        row[side.index() * kinds + kind] = p.letters[l][side.index()];
                    }
                }
                row
            })
            .collect();
        self.layer_masks = (0..self.layers)
            .map(|l| (0..self.cells).fold(B::ZERO, |m, c| m | B::bit(l * self.cells + c)))
            .collect();
    }

    fn compile_legality(&mut self, v: &Variant) {
        self.barred_screens = self.codes.iter().any(|c| !c.no_screens.is_empty());
        if !self.check.at_move {
            self.blast = Blast::compile(self, &self.effects);
        }
        // Without effects, the sketch knows no exception for a captured royal piece; with an
        // explosion, the blast tables say which royal pieces a capture removes.
        let settled = if self.blast.is_some() {
            true
        } else {
            v.effects.is_empty() && !self.check.unless_royal_captured
        };
        // A royal piece's escape from check is judged by playing the move (Makpong); so is a
        // move where a piece is royal only while it is the last of its kind (a promotion may
        // make a second one, known once the move is played); and every move where pieces
        // freeze, which changes what attacks.
        let fixed_royals = self.last_royals.iter().all(|l| l.is_empty());
        // An antiroyal piece, a piece that does not attack some kinds, or atoms usable only
        // while guarded (a move may take a guard away): judged by playing the move.
        let plain_attacks = self.antiroyal_codes.iter().all(|c| c.is_empty())
            && !self.check.by_both_colors
            && !v.obligations.move_enemy
            && self.unattackers.is_empty()
            && !self.guard.any()
            && self.anywhere.is_empty();
        self.rare_royal_attacks = self.freezes() || self.check.by_both_colors;
        self.move_enemy = v.obligations.move_enemy;
        self.no_captures_undone = v.obligations.no_captures_undone;
        self.rare_frozen = self.freezes() || self.move_enemy;
        // A move that fills the mover's hand is legal when one of the drops that follow is.
        // Holes change with every move: a move is judged by playing it.
        self.fast_legality = settled
            && !self.holes
            && !self.hand_steps
            && !self.make_steps
            && self.check.at_final
            && !self.no_royal_escape
            && fixed_royals
            && self.freeze.is_none()
            && self
                .codes
                .iter()
                .all(|c| !c.captures_in_place && !c.captures_as_victim)
            && plain_attacks;
        self.royal_promotions = self.promotes_to_royal(v);
    }

    fn compile_influence(&mut self) {
        for by in Side::BOTH {
            let b = by.index();
            self.influence[b] = (0..self.geo.squares)
                .map(|sq| {
                    let mut m = B::ZERO;
                    for &c in &self.leap_attackers[b] {
                        m |= self.codes[c as usize].leap_attack_rev[sq];
                    }
                    for (slider, _) in &self.attack_sliders[b] {
                        m |= self.slide(*slider, sq, B::ZERO);
                    }
                    for g in &self.attack_rays[b] {
                        m |= self.ray(g.rev_dir, sq);
                    }
                    for g in &self.hop_attacks[b] {
                        m |= self.ray(g.rev_dir, sq);
                    }
                    for &c in &self.lame_attackers[b] {
                        for l in &self.codes[c as usize].lame_attack_rev[sq] {
                            m |= B::bit(l.to as usize) | l.path;
                        }
                    }
                    m
                })
                .collect();
        }
    }

    /// Whether moves change walls (a moving wall, walls left behind or placed).
    #[inline(always)]
    pub fn walls_change(&self) -> bool {
        self.moving_wall || self.wall_behind || self.placed_wall.is_some()
    }

    /// Whether every pseudo-legal plain move and drop is legal as it stands: no check rule of
    /// any kind, one layer, no passing, no wall rule and no effect that may promote.
    #[inline]
    pub fn pseudo_moves_stand(&self) -> bool {
        !self.check.enabled()
            && !self.no_checks
            && !self.no_drop_checks
            && self.layers == 1
            && !self.facing_rule
            && !self.pass
            && !self.moving_wall
            && !self.wall_behind
            && self.placed_wall.is_none()
            && !self.effect_promotes
            && !self.required_by_play
            && !self.frozen_forbidden()
    }

    /// The en-passant state a move of `mover` from `from` to `to` leaves: the squares it passed
    /// over in a straight line, where the opponent may capture en passant (as cells).
    #[inline(always)]
    pub fn passed_over(&self, mover: Side, from: usize, to: usize) -> Option<EnPassant> {
        if !self.passing[mover.index()]
            .get(from)
            .is_some_and(|set| set.has(to))
        {
            return None;
        }
        self.en_passant_after(mover, from, to)
    }

    /// Whether `to` is two squares straight forward of `from` for `mover`.
    pub fn two_forward(&self, mover: Side, from: usize, to: usize) -> bool {
        self.offset(from, ir::oriented((0, 2), mover)) == Some(to)
    }

    /// [`Rules::passed_over`] for a move that passes over some square.
    #[inline(never)]
    fn en_passant_after(&self, mover: Side, from: usize, to: usize) -> Option<EnPassant> {
        let between = self.between(from, to) & self.en_passant_region[mover.flip().index()];
        if between.is_zero() {
            return None;
        }
        let mut ep = EnPassant {
            targets: [0; 2],
            n: 0,
            victim: (to % self.cells) as u16,
        };
        for sq in between.iter().take(2) {
            ep.targets[ep.n as usize] = (sq % self.cells) as u16;
            ep.n += 1;
        }
        Some(ep)
    }

    /// Whether a promotion may make a royal piece (Coregal's queens): the promoted piece must
    /// then be safe too, which only playing the move shows.
    /// Whether a promotion may make a royal piece, or a piece of the other side (which may
    /// attack the mover's royal piece at once): such moves are judged by playing them.
    fn promotes_to_royal(&self, v: &Variant) -> bool {
        v.promotions.values().any(|p| {
            p.choices.iter().flatten().any(|&k| v.pieces[k].royal)
                || p.special
                    .iter()
                    .flatten()
                    .any(|c| c.enemy || v.pieces[c.piece].royal)
        })
    }

    /// The squares of `layer` whose cell is occupied (in `occ`) on another layer.
    #[inline]
    pub fn taken_elsewhere(&self, occ: B, layer: usize) -> B {
        let mut m = B::ZERO;
        for l in 0..self.layers {
            if l == layer {
                continue;
            }
            let part = occ & self.layer_masks[l];
            m |= if l > layer {
                part.shr((l - layer) * self.cells)
            } else {
                part.shl((layer - l) * self.cells)
            };
        }
        m & self.layer_masks[layer]
    }

    /// The square a piece crosses to from `sq`: the same cell on the next layer.
    #[inline(always)]
    pub fn next_layer(&self, sq: usize) -> usize {
        let s = sq + self.cells;
        if s >= self.squares {
            s - self.squares
        } else {
            s
        }
    }

    /// The square one step from `sq` in direction `step`, on the same layer.
    pub fn step(&self, sq: usize, step: (i8, i8)) -> Option<usize> {
        self.offset(sq, step)
    }

    /// Every square.
    pub fn board_mask(&self) -> B {
        self.all()
    }
}

/// The `merge` rows as a table by pair of kinds, both orders (empty without rows).
fn merge_table(v: &ir::Variant) -> Vec<u8> {
    if v.merges.is_empty() {
        return vec![];
    }
    let n = v.pieces.len();
    let mut t = vec![0; n * n];
    for m in &v.merges {
        t[m.a * n + m.b] = m.into as u8 + 1;
        t[m.b * n + m.a] = m.into as u8 + 1;
    }
    t
}
