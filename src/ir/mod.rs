//! The intermediate representation: a variant after composition (`extends`), name resolution and
//! validation. Everything is explicit here: Betza strings are expanded to atoms, regions to rank
//! ranges and squares, names to indices. `Display` prints the readable dump that the snapshot
//! tests and `rulebook check --dump` show.

use indexmap::IndexMap;

/// What an atom may do: move to an empty square, capture, both, or only threaten (it then
/// counts for check and attacked squares but never moves: Xiangqi's facing generals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modality {
    /// `move`: to empty squares only.
    Move,
    /// `capture`: only to capture.
    Capture,
    /// Neither word: both.
    Both,
    /// `attack`: threatens, never moves.
    Attack,
}

/// When a piece crosses to the next layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossWhen {
    /// After every move.
    Moves,
    /// After a capture.
    Captures,
}

/// The result for the side that made the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `wins`
    Wins,
    /// `draws`
    Draws,
    /// `loses`
    Loses,
}

/// Where an effect starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OriginKind {
    /// `from moved`: the square the moved piece lands on.
    Moved,
    /// `from capture`: the square of a capture.
    Capture,
}

/// The piece an effect condition or action is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// `target`: the piece found by the scan.
    Target,
    /// `origin`: the piece at the origin.
    Origin,
}

/// A comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Index of a piece kind in [`Variant::pieces`].
pub type PieceId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
    pub fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub name: String,
    pub title: Option<String>,
    /// The variants this one extends, nearest first.
    pub lineage: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    /// At least one layer; the first is where pieces use their own letters.
    pub layers: Vec<String>,
    pub cross: Option<CrossWhen>,
    pub regions: IndexMap<String, Region>,
    pub pieces: IndexMap<String, Piece>,
    pub promotions: IndexMap<PieceId, Promotion>,
    pub en_passant: Vec<PieceId>,
    pub castling: IndexMap<char, Castle>,
    pub start: String,
    pub check: Check,
    pub halfmove: Halfmove,
    pub end: Vec<EndRule>,
    pub effects: IndexMap<String, Effect>,
    /// Castling by rule (Chess960): the castling squares follow from where the king and rooks
    /// start.
    pub castling_rule: Option<CastlingRule>,
    /// Where en-passant captures may land (per side); everywhere when `None`.
    pub en_passant_region: Option<Region>,
    /// Pieces in hand and drops.
    pub hands: Option<Hands>,
    /// What every move must do.
    pub obligations: Obligations,
    /// A piece may not be moved or dropped where it could never move again (Shogi, Grand).
    pub no_stuck_pieces: bool,
    /// After every move, the mover also moves a neutral blocker (a wall) to an empty square.
    pub moving_wall: bool,
    /// A piece of these kinds that captures turns to stone: its square becomes a wall. A royal
    /// piece of these kinds never captures (it would lose itself), so it never threatens either.
    pub petrify: Vec<PieceId>,
    /// A side may pass instead of moving, unless in check.
    pub pass: bool,
}

/// What a move must (or must not) do, beyond the check rule.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Obligations {
    /// When a capture is legal, a move must capture (Antichess, Losers).
    pub must_capture: bool,
    /// A move may not attack the enemy royal piece (Racing Kings).
    pub no_checks: bool,
}

/// Castling by rule: the king of a side on its castling rank castles with a rook of that rank on
/// either side of it, to fixed files, whatever squares they start from.
#[derive(Clone, Debug, PartialEq)]
pub struct CastlingRule {
    pub king: PieceId,
    pub rooks: Vec<PieceId>,
    /// The rank, counted from each side's own first rank (1-based).
    pub rank: u8,
    /// Toward the higher files: (the king's file, the rook's file), 0-based.
    pub short: (u8, u8),
    /// Toward the lower files.
    pub long: (u8, u8),
}

/// Pieces in hand: where they come from and where they may be dropped.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Hands {
    /// A captured piece goes to the capturer's hand, as its unpromoted kind.
    pub captures: bool,
    /// Captured promoted pieces keep their promoted kind in hand (Loop chess).
    pub keep_promoted: bool,
    /// Per piece: its drop restrictions (a piece that is not listed may be dropped on any
    /// empty square).
    pub rules: IndexMap<PieceId, DropRule>,
    /// While a side has pieces in hand, it must drop (Placement, Sittuyin).
    pub must_drop: bool,
    /// Gating (S-chess): a piece leaving a square of this region (per side) for the first time
    /// may leave a piece from the hand behind on it; the rights are kept in the castling field.
    pub gate: Option<Region>,
    /// Pieces in hand enter the board only by gating, never by a drop.
    pub no_drops: bool,
    /// A drop that puts a castle's king and rook on their squares gives that castling right.
    pub castling_from_drops: bool,
    /// A piece in hand may also be dropped as its promoted form (Kyoto shogi).
    pub drop_promoted: bool,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct DropRule {
    /// Where it may be dropped.
    pub region: Option<Region>,
    /// At most this many of it (unpromoted) per file, the dropped one included (Shogi's nifu: 1).
    pub per_file: Option<u8>,
    /// A checkmate by a drop of it loses for the side that dropped it (Shogi's uchifuzume, as
    /// Fairy-Stockfish plays it: the drop is a legal move that ends the game).
    pub no_mate: bool,
    /// The side's pieces of this kind must be split between the square colours (at most half,
    /// rounded up, on either), drops of other pieces leaving room for that (Placement).
    pub both_colors: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub name: String,
    /// Per layer: the letter of each side (white, black); `None` where that side has no such
    /// piece.
    pub letters: Vec<[Option<char>; 2]>,
    pub royal: bool,
    pub atoms: Vec<Atom>,
    /// The piece may only move within this region (Xiangqi's palace).
    pub confined: Option<Region>,
    /// This piece is the promoted form of another; it is written `+` and that piece's letter,
    /// and goes back to that piece when captured into a hand.
    pub promoted_from: Option<PieceId>,
    /// The kinds this piece never captures (Atomar's kings each other, Janggi's cannons each
    /// other); it still threatens them.
    pub cannot_capture: Vec<PieceId>,
    /// The kinds its hops never use as the screen, of either side (Janggi's cannons).
    pub cannot_hop_over: Vec<PieceId>,
}

impl Piece {
    /// Whether `side` can have this piece at all.
    pub fn in_army(&self, side: Side) -> bool {
        self.letters[0][side.index()].is_some()
    }
}

/// Direction filters, relative to the side that moves. An atom keeps the images of its offset
/// that pass any of its terms (all of them when it has none); a term is a list of filters that
/// must all hold (`forward-left`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Forward,
    Backward,
    Left,
    Right,
    /// Left or right (Betza `s`).
    Sideways,
    /// Forward or backward (Betza `v`).
    Vertical,
    /// More forward or backward than sideways.
    Narrow,
    /// More sideways than forward or backward.
    Wide,
}

/// Filters that must all hold.
pub type DirTerm = Vec<Direction>;

impl Direction {
    pub const ALL: [(&'static str, Direction); 8] = [
        ("forward", Direction::Forward),
        ("backward", Direction::Backward),
        ("left", Direction::Left),
        ("right", Direction::Right),
        ("sideways", Direction::Sideways),
        ("vertical", Direction::Vertical),
        ("narrow", Direction::Narrow),
        ("wide", Direction::Wide),
    ];
    pub fn name(self) -> &'static str {
        Direction::ALL
            .iter()
            .find(|(_, d)| *d == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
    pub fn keeps(self, (x, y): (i8, i8)) -> bool {
        match self {
            Direction::Forward => y > 0,
            Direction::Backward => y < 0,
            Direction::Left => x < 0,
            Direction::Right => x > 0,
            Direction::Sideways => x != 0,
            Direction::Vertical => y != 0,
            Direction::Narrow => y.abs() > x.abs(),
            Direction::Wide => x.abs() > y.abs(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// One jump to the offset, whatever stands between.
    Leap,
    /// Repeated steps of the offset until blocked, at most `range` steps.
    Ride { range: Option<u8> },
    /// Along the offset's ray over exactly one piece (the screen), then on to an empty square
    /// or the next piece, at most `range` steps beyond the screen (1: the grasshopper).
    Hop { range: Option<u8> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    pub modality: Modality,
    pub kind: AtomKind,
    pub offset: (i8, i8),
    pub directions: Vec<DirTerm>,
    /// The atom applies only from these squares.
    pub from: Option<Region>,
    /// The atom lands only on these squares (Janggi's palace diagonals).
    pub to: Option<Region>,
    /// For a leap: whether the squares on its way (see [`lame_path`]) matter.
    pub path: LeapPath,
}

/// What the squares a leap passes (see [`lame_path`]) do to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LeapPath {
    /// Nothing: a leap jumps.
    #[default]
    Free,
    /// A piece on the way blocks it (Betza `n`: Xiangqi's horse and elephant).
    Lame,
    /// It must jump over a piece on its way (Betza `j`).
    Jump,
}

impl Atom {
    /// The concrete step vectors for white: the offset's rotations and reflections that pass
    /// the direction filters, in a fixed order.
    pub fn vectors(&self) -> Vec<(i8, i8)> {
        symmetric_images(self.offset)
            .into_iter()
            .filter(|v| keeps(&self.directions, *v))
            .collect()
    }
    /// The direction filters as written, with a leading space (empty when there are none).
    pub fn directions_text(&self) -> String {
        self.directions
            .iter()
            .map(|t| {
                let words: Vec<&str> = t.iter().map(|d| d.name()).collect();
                format!(" {}", words.join("-"))
            })
            .collect()
    }

    /// The concrete vectors, as `(x,y) (x,y) ...`.
    pub fn vectors_text(&self) -> String {
        self.vectors()
            .into_iter()
            .map(vec_text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn can_move(&self) -> bool {
        matches!(self.modality, Modality::Move | Modality::Both)
    }
    pub fn can_capture(&self) -> bool {
        matches!(self.modality, Modality::Capture | Modality::Both)
    }
    /// Whether it threatens the squares it reaches (captures, or only attacks).
    pub fn attacks(&self) -> bool {
        self.modality != Modality::Move
    }
}

/// Whether a vector passes direction terms (any term; every filter of a term).
pub fn keeps(terms: &[DirTerm], v: (i8, i8)) -> bool {
    terms.is_empty() || terms.iter().any(|t| t.iter().all(|d| d.keeps(v)))
}

/// The squares a lame leap by `(x,y)` passes, as offsets from its start: step by step toward
/// the target, along the longer coordinate while it is longer, then diagonally (the Xiangqi
/// horse is blocked next to its start, the elephant at the midpoint), as Fairy-Stockfish does.
pub fn lame_path((x, y): (i8, i8)) -> Vec<(i8, i8)> {
    let (mut f, mut r) = (0i8, 0i8);
    let mut path = vec![];
    loop {
        let (df, dr) = ((x - f).abs(), (y - r).abs());
        let (sf, sr) = ((x - f).signum(), (y - r).signum());
        match df.cmp(&dr) {
            std::cmp::Ordering::Greater => f += sf,
            std::cmp::Ordering::Less => r += sr,
            std::cmp::Ordering::Equal => {
                f += sf;
                r += sr;
            }
        }
        if (f, r) == (x, y) {
            return path;
        }
        path.push((f, r));
    }
}

/// The representative of an offset's symmetry class: non-negative, smaller coordinate first,
/// so that `(1,0)`, `(0,-1)` and Betza's W are one atom.
pub fn canonical((a, b): (i8, i8)) -> (i8, i8) {
    let (a, b) = (a.abs(), b.abs());
    (a.min(b), a.max(b))
}

/// All distinct images of an offset under the 8 symmetries of the square, sorted.
pub fn symmetric_images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut v = vec![];
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let p = (x * sx, y * sy);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v.sort_by_key(|&(x, y)| (-y, x));
    v
}

/// A vector as seen by `side`: black's board is white's turned half around.
pub fn oriented((x, y): (i8, i8), side: Side) -> (i8, i8) {
    match side {
        Side::White => (x, y),
        Side::Black => (-x, -y),
    }
}

/// A set of squares. Ranks count from each side's own first rank (rank 1 is white's rank 1 and
/// black's rank 8 on an 8-rank board); files and squares are absolute.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Region {
    pub name: Option<String>,
    /// Rectangles of files and ranks.
    pub rects: Vec<Rect>,
    /// (file, rank), 0-based, absolute.
    pub squares: Vec<(u8, u8)>,
    /// A region given per side (white's, black's), in place of the above.
    pub sides: Option<Box<[Region; 2]>>,
}

/// Files (absolute, 0-based) and ranks (relative to the side, 1-based), both inclusive; a bound
/// left out is every file or rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rect {
    pub files: Option<(u8, u8)>,
    pub ranks: Option<(u8, u8)>,
}

impl Region {
    /// Whether the square (0-based file, rank) belongs to the region for `side`.
    pub fn contains(&self, side: Side, file: u8, rank: u8, ranks: u8) -> bool {
        if let Some(sides) = &self.sides {
            return sides[side.index()].contains(side, file, rank, ranks);
        }
        let rel = match side {
            Side::White => rank + 1,
            Side::Black => ranks - rank,
        };
        let within = |b: Option<(u8, u8)>, v: u8| b.is_none_or(|(lo, hi)| v >= lo && v <= hi);
        self.rects
            .iter()
            .any(|r| within(r.files, file) && within(r.ranks, rel))
            || self.squares.contains(&(file, rank))
    }

    /// A region of the given relative ranks.
    pub fn ranks(a: u8, b: u8) -> Region {
        Region {
            rects: vec![Rect {
                files: None,
                ranks: Some((a, b)),
            }],
            ..Region::default()
        }
    }

    /// Everything of `other` added to this region (which must not be per side).
    pub fn add(&mut self, other: Region) {
        self.rects.extend(other.rects);
        self.squares.extend(other.squares);
    }

    /// The region as the language writes it: `rank 8`, `files d..f ranks 1..3`, `squares a1
    /// b2`, parts joined by ` + `, `white ... black ...`.
    pub fn text(&self) -> String {
        if let Some(s) = &self.sides {
            return format!("white {} black {}", s[0].text(), s[1].text());
        }
        let range = |(a, b): (u8, u8), one: &str, many: &str, show: &dyn Fn(u8) -> String| {
            if a == b {
                format!("{one} {}", show(a))
            } else {
                format!("{many} {}..{}", show(a), show(b))
            }
        };
        let file = |f: u8| ((b'a' + f) as char).to_string();
        let mut parts: Vec<String> = self
            .rects
            .iter()
            .map(|r| {
                let f = r.files.map(|f| range(f, "file", "files", &file));
                let k = r
                    .ranks
                    .map(|k| range(k, "rank", "ranks", &|x: u8| x.to_string()));
                [f, k].into_iter().flatten().collect::<Vec<_>>().join(" ")
            })
            .collect();
        if !self.squares.is_empty() {
            parts.push(format!(
                "squares {}",
                self.squares
                    .iter()
                    .map(|&(f, k)| square_name(f, k))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        if parts.is_empty() {
            "nowhere".into()
        } else {
            parts.join(" + ")
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Promotion {
    pub zone: Region,
    /// The pieces each side may promote to, in the declared order.
    pub choices: [Vec<PieceId>; 2],
    /// The piece may also stay as it is (unless it could never move again, when the variant
    /// forbids stuck pieces).
    pub optional: bool,
    /// A move that starts in the zone promotes too, not only one that ends there (Shogi).
    pub from_zone: bool,
    /// (piece, n): a side may promote to the piece only while it has fewer than n of it (Grand).
    pub limits: Vec<(PieceId, u8)>,
    /// Sittuyin's promotion: entering the zone does not promote; a piece standing in the zone
    /// (anywhere, when it is its side's last piece of its kind) promotes as a move of its own,
    /// on its square or by a move of the piece it becomes to an empty square, provided the new
    /// piece attacks no enemy piece and the move gives no check.
    pub in_place: bool,
    /// Only a move that captures promotes (Micro shogi); without `optional`, it must.
    pub on_capture: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Castle {
    pub side: Side,
    pub king: PieceId,
    pub king_from: (u8, u8),
    pub king_to: (u8, u8),
    pub rook: PieceId,
    pub rook_from: (u8, u8),
    pub rook_to: (u8, u8),
    pub empty: Vec<(u8, u8)>,
    pub safe: Vec<(u8, u8)>,
}

/// When a move may not leave the mover's royal piece attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Check {
    /// For a royal piece that moves: right after its own move, before crossings and effects.
    pub at_move: bool,
    /// Once the move and all its consequences are done.
    pub at_final: bool,
    /// A move that removes the enemy's last royal piece is legal even if it leaves the
    /// mover's royal attacked (Atomic).
    pub unless_royal_captured: bool,
    /// A royal piece next to an enemy royal piece is not in check (Atomic).
    pub touching_royals_safe: bool,
    /// With several royal pieces, a side is in check only when all are attacked (Spartan).
    pub all_royals: bool,
}

impl Check {
    pub fn enabled(&self) -> bool {
        self.at_move || self.at_final
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Halfmove {
    pub capture: bool,
    pub pieces: Vec<PieceId>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EndCond {
    /// The side to move has no legal move and its royal piece is attacked.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The mover's royal piece stands in the region.
    Campmate(Region),
    /// The side to move has no royal piece left.
    RoyalCaptured,
    /// A side has at most `at_most` pieces of the kinds (every kind when empty), counting its
    /// hand, while the other side has at least `others_at_least` of them; the result is for
    /// that side. With `claim`, the side to move needs one more of the other side's (a bare
    /// king may bare back: Shatranj).
    Extinct {
        kinds: Vec<PieceId>,
        at_most: u8,
        others_at_least: u8,
        claim: bool,
    },
    /// A piece of the kinds (any when empty) of a side stands in the region; the result is for
    /// that side, when `rule` says the game ends.
    Reached {
        kinds: Vec<PieceId>,
        region: Region,
        rule: ReachRule,
    },
    /// The side that just moved has given this many checks; the result is for it.
    Checks(u8),
    /// The royal pieces see each other along a file or rank, as they did before the last move
    /// (Janggi's bikjang). While they face each other, the side to move must part them or pass.
    RoyalsFacing,
    /// The last two moves were passes.
    DoublePass,
}

/// When reaching a region ends the game (as Fairy-Stockfish's flag rules do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReachRule {
    /// At once (King of the Hill, Breakthrough).
    #[default]
    Immediate,
    /// When white reached it, black may answer by reaching it too with its next move: then
    /// it is a draw (Racing Kings).
    Answered,
    /// The piece must still stand there when its side is to move again (Jeson Mor).
    Held,
    /// Only a piece the opponent does not attack there counts; both sides there is a draw
    /// (Dobutsu).
    Safe,
}

impl EndCond {
    pub fn name(&self) -> &'static str {
        match self {
            EndCond::Checkmate => "checkmate",
            EndCond::Stalemate => "stalemate",
            EndCond::Campmate(_) => "campmate",
            EndCond::RoyalCaptured => "royal captured",
            EndCond::Extinct { .. } => "extinction",
            EndCond::Reached { .. } => "region reached",
            EndCond::Checks(_) => "checks given",
            EndCond::RoyalsFacing => "royals facing",
            EndCond::DoublePass => "double pass",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct EndRule {
    pub cond: EndCond,
    /// For the side that made the last move.
    pub result: Outcome,
}

// ---------------------------------------------------------------------------------------------
// Effects

#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub name: String,
    pub origin: OriginKind,
    pub origin_filter: Option<Expr>,
    pub scan: Scan,
    pub clauses: Vec<Clause>,
    pub finally: Vec<Action>,
    /// The `finally` actions run only when this holds (of the origin).
    pub finally_when: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Scan {
    /// The first piece on each ray, for white's orientation.
    Rays(Vec<(i8, i8)>),
    /// The piece on each square at these offsets.
    Around(Vec<(i8, i8)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    pub cond: Expr,
    pub actions: Vec<Action>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Side,
    Kind,
    Royal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Friend,
    Enemy,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Field(Subject, Field),
    Distance,
    Int(i64),
    Relation(Relation),
    Kind(PieceId),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Cmp(CmpOp, Value, Value),
    /// A boolean field, e.g. `target.royal`.
    Truth(Subject, Field),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Nothing,
    /// Move the subject along its ray to the square next to the origin.
    Pull(Subject),
    /// Move the subject along its ray away from the origin, up to the edge or the next piece.
    Push(Subject),
    Remove(Subject),
    /// The subject promotes if it is a promoting piece standing in its zone; the move carries
    /// the choice.
    Promote(Subject),
    Change(Subject, PieceId),
}

mod dump;
pub use dump::{RULE_TOPICS, square_name, vec_text};
