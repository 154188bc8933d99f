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
    /// `by count`: the side with more pieces on the board wins; equal counts draw.
    ByCount,
    /// `by points ...`: the side with more points on the board wins ([`EndRule::points`]);
    /// equal points draw.
    ByPoints,
}

/// The points a result `by points` counts: per kind, and per side besides, in tenths.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Points {
    /// (kind, tenths of a point) of each kind named.
    pub values: Vec<(PieceId, u32)>,
    /// Tenths of a point each side has besides its pieces (white, black).
    pub bonus: [u32; 2],
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
    /// `moved`: the piece that made the move, as it stood before it (a pawn that promoted is
    /// still a pawn here).
    Moved,
    /// `captured`: the piece the move took, if it took one.
    Captured,
}

/// Whose hand `send ... to hand` fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandOf {
    /// `to hand`: the mover's.
    Mover,
    /// `to opposite hand`: the side's opposite the piece's own.
    Opposite,
    /// `to own hand`: the piece's own side's (a captured piece goes back to its owner).
    Own,
}

impl Subject {
    /// Whether it names a piece of the move (read once per move, not per target).
    pub fn of_move(self) -> bool {
        matches!(self, Subject::Moved | Subject::Captured)
    }
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

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Side {
    /// Both sides, white first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
    /// The other side.
    pub fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// 0 for white, 1 for black: the index of per-side tables.
    pub fn index(self) -> usize {
        self as usize
    }
    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// An outside catalogue of variants, whose names a variant file may record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Catalog {
    /// Fairy-Stockfish's built-in variants and those of its `variants.ini`.
    FairyStockfish,
    /// The variants of the vchess website (`yagu0/vchess`), by rules class name.
    Vchess,
}

impl Catalog {
    /// Every catalogue, in the order `rulebook variants` shows them.
    pub const ALL: [Catalog; 2] = [Catalog::FairyStockfish, Catalog::Vchess];

    /// The catalogue as a variant file names it: `fairy-stockfish`, `vchess`.
    pub fn key(self) -> &'static str {
        match self {
            Catalog::FairyStockfish => "fairy-stockfish",
            Catalog::Vchess => "vchess",
        }
    }

    /// The catalogue as people write it: `Fairy-Stockfish`, `vchess`.
    pub fn title(self) -> &'static str {
        match self {
            Catalog::FairyStockfish => "Fairy-Stockfish",
            Catalog::Vchess => "vchess",
        }
    }

    /// The catalogue a variant file's word names.
    pub fn from_key(word: &str) -> Option<Catalog> {
        Catalog::ALL.into_iter().find(|c| c.key() == word)
    }
}

/// A variant's name in an outside catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogEntry {
    /// The catalogue.
    pub catalog: Catalog,
    /// The variant's name there, as the catalogue writes it.
    pub name: String,
}

/// Which of the board's axes wrap around: the last file (rank) is next to the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wrap {
    /// The files: `h` is next to `a` (Cylinder).
    pub files: bool,
    /// The ranks: rank 8 is next to rank 1 (Circular).
    pub ranks: bool,
}

impl Wrap {
    /// Whether some axis wraps.
    pub fn any(self) -> bool {
        self.files || self.ranks
    }
}

/// A variant, composed, resolved and validated: every name an index, every region a set of squares.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The name after `variant` (the file's name for a bundled variant).
    pub name: String,
    /// The title in quotes, if any.
    pub title: Option<String>,
    /// The variants this one extends, nearest first.
    pub lineage: Vec<String>,
    /// Its places in outside catalogues (`catalog ...`), as written; none for a variant of
    /// this project alone. Not inherited.
    pub catalogs: Vec<CatalogEntry>,
    /// The number of files of a layer.
    pub files: u8,
    /// The number of ranks of a layer.
    pub ranks: u8,
    /// Drawn with the pieces on the lines' crossings (`board ... intersections`, Xiangqi); no
    /// rule depends on it.
    pub intersections: bool,
    /// The axes that wrap around (`board 8 x 8 wrap files`).
    pub wrap: Wrap,
    /// At least one layer; the first is where pieces use their own letters.
    pub layers: Vec<String>,
    /// When a piece crosses to the next layer, on two layers.
    pub cross: Option<CrossWhen>,
    /// The named regions, in the order declared.
    pub regions: IndexMap<String, Region>,
    /// The piece kinds by name; a [`PieceId`] is an index in it.
    pub pieces: IndexMap<String, Piece>,
    /// The promotion of each promoting piece kind.
    pub promotions: IndexMap<PieceId, Promotion>,
    /// The piece kinds that may take en passant and be taken so.
    pub en_passant: Vec<PieceId>,
    /// Kinds that take en passant but are not taken so (`en passant ... by PIECE`).
    pub en_passant_takers: Vec<PieceId>,
    /// The castles by their FEN flag.
    pub castling: IndexMap<char, Castle>,
    /// The start position, in FEN.
    pub start: String,
    /// When a move may not leave the mover's royal piece attacked.
    pub check: Check,
    /// What resets the halfmove clock.
    pub halfmove: Halfmove,
    /// The end rules, tested in order.
    pub end: Vec<EndRule>,
    /// The effects by name, run in order after every move.
    pub effects: IndexMap<String, Effect>,
    /// Castling by rule (Chess960): the castling squares follow from where the king and rooks
    /// start.
    pub castling_rule: Option<CastlingRule>,
    /// Where en-passant captures may land (per side); everywhere when `None`.
    pub en_passant_region: Option<Region>,
    /// An en-passant capture never promotes (`en passant ... no promotion`).
    pub en_passant_no_promotion: bool,
    /// Pieces in hand and drops.
    pub hands: Option<Hands>,
    /// What every move must do.
    pub obligations: Obligations,
    /// A piece may not be moved or dropped where it could never move again (Shogi, Grand).
    pub no_stuck_pieces: bool,
    /// After every move, the mover also moves a neutral blocker (a wall) to an empty square.
    pub moving_wall: bool,
    /// Every move leaves a wall on the square the moved piece left (Snailtrail, Joust).
    pub wall_behind: bool,
    /// Every move leaves a hole on the square the moved piece left, and a step passes over
    /// holes to the next square that is not one (Wormhole).
    pub hole_behind: bool,
    /// After every move, the mover puts a new wall for good on an empty square (Isolation,
    /// Amazons).
    pub placed_wall: Option<PlacedWall>,
    /// A piece of these kinds that captures turns to stone: its square becomes a wall. A royal
    /// piece of these kinds never captures (it would lose itself), so it never threatens either.
    pub petrify: Vec<PieceId>,
    /// A side may pass instead of moving, unless in check.
    pub pass: bool,
    /// The pass is allowed only to a side that has no other legal move (`pass when stuck`).
    pub pass_when_stuck: bool,
    /// A side that castles takes from the other side its castles toward the same wing.
    pub castling_opposite: bool,
    /// Several moves a turn; `None`: one move a turn.
    pub turn: Option<Turn>,
    /// A piece may also capture a piece of its own side; `None`: only enemies.
    pub capture_friends: Option<FriendCaptures>,
    /// What freezes a piece, if anything (Madrasi, Isardam).
    pub freeze: Option<Freeze>,
    /// `merge { ... }`: the kind two kinds make together (either order), for an effect's
    /// `change ... to A.kind + B.kind`.
    pub merges: Vec<Merge>,
}

/// A row of `merge`: `a + b = into`, and `b + a` too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merge {
    /// One kind.
    pub a: PieceId,
    /// The other.
    pub b: PieceId,
    /// What they make.
    pub into: PieceId,
}

/// `capture friends [when CONDITION]`: which friends a piece may capture.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendCaptures {
    /// `by ATOM...`: the leaps that take friends, instead of the pieces' own atoms (empty: the
    /// pieces' own).
    pub by: Vec<Atom>,
    /// Of the capturer (`moved`, `origin`) and the friend taken (`captured`, `target`); none:
    /// every friend.
    pub when: Option<Expr>,
}

/// A rule that freezes pieces: a frozen piece cannot move and attacks nothing (Madrasi); or,
/// `forbidden`, no move may leave a piece frozen, and attacks are as usual (Isardam).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Freeze {
    /// What freezes a piece.
    pub cause: FreezeCause,
    /// `no frozen pieces`: a move that leaves a piece frozen is illegal.
    pub forbidden: bool,
}

/// What freezes a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreezeCause {
    /// An enemy piece of its own kind attacks it (as that piece's capturing and attacking atoms
    /// reach, whether or not that piece is frozen itself).
    AttackedBySameKind,
}

/// How many moves a side makes in a turn, and what ends a turn before them.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// How many moves a turn has.
    pub moves: TurnMoves,
    /// White's first turn of the game (fullmove 1) has this many moves instead.
    pub first: Option<u32>,
    /// A move that attacks the enemy royal piece ends the turn.
    pub until_check: bool,
    /// A move after which the mover has no legal move ends the turn.
    pub until_stuck: bool,
    /// A move after which the mover has pieces in hand does not end its turn: its next moves
    /// are drops, until its hand is empty.
    pub until_hand_empty: bool,
    /// The en-passant squares of every move of a turn stay for the other side's next turn:
    /// its first move may take en passant on any of them, and a move that takes en passant
    /// keeps the others for the turn's next move.
    pub en_passant_per_turn: bool,
    /// A move that captures is followed, in the same turn, by a move of the capturing piece
    /// from where it landed, by the quiet atoms of the kind it took (those limited to a region
    /// only if it is of that kind); the capture is legal only when such a move is. Such a move
    /// two squares straight forward opens en passant as a double step (Take & Make).
    pub make_as_captured: bool,
}

/// How many moves a turn has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TurnMoves {
    /// Per side (white, black).
    Fixed([u32; 2]),
    /// The game's n-th turn has n moves (Progressive chess).
    Growing,
}

impl Turn {
    /// How many moves the turn of `side` at move number `fullmove` has.
    pub fn size(&self, side: Side, fullmove: u32) -> u32 {
        if side == Side::White
            && fullmove <= 1
            && let Some(n) = self.first
        {
            return n;
        }
        match self.moves {
            TurnMoves::Fixed(n) => n[side.index()],
            TurnMoves::Growing => fullmove
                .saturating_sub(1)
                .saturating_mul(2)
                .saturating_add(1 + side.index() as u32),
        }
    }
}

/// What a move must (or must not) do, beyond the check rule.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Obligations {
    /// When a capture is legal, a move must capture (Antichess, Losers).
    pub must_capture: bool,
    /// A move may not attack the enemy royal piece (Racing Kings).
    pub no_checks: bool,
    /// With `no_checks`: a move that attacks the enemy royal piece is allowed when the
    /// opponent then has no legal move that gives no check (Checkless chess).
    pub checks_if_mate: bool,
    /// With `no_checks`: only while the fullmove number is below this (Circular chess's first
    /// moves); always when `None`.
    pub checks_until: Option<u32>,
    /// A royal piece in check may not move, unless it takes the only piece that checks it
    /// (Makpong).
    pub no_royal_escape: bool,
    /// No move captures an enemy piece; pieces still attack (Benedict).
    pub no_captures: bool,
    /// A capture may not go from and to the squares of the capture the other side made just
    /// before (Suction chess, whose captures swap the two pieces: it would put both back).
    pub no_captures_undone: bool,
    /// A side may move an enemy piece it attacks, which then takes only its own side's pieces
    /// and may not move on its side's next move (Hypnotic chess).
    pub move_enemy: bool,
}

/// Castling by rule: the king of a side on its castling rank castles with a rook of that rank on
/// either side of it, to fixed files, whatever squares they start from.
#[derive(Clone, Debug, PartialEq)]
pub struct CastlingRule {
    /// The piece kind that castles as the king.
    pub king: PieceId,
    /// The piece kinds that castle as the rook.
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
    /// A captured piece goes, as its unpromoted kind, to the hand of its own side on the
    /// partner's board, where two boards are played (Bughouse); on one board, it is gone.
    pub to_partner: bool,
    /// Captured promoted pieces keep their promoted kind in hand (Loop chess).
    pub keep_promoted: bool,
    /// Per piece: its drop restrictions (a piece that is not listed may be dropped on any
    /// empty square).
    pub rules: IndexMap<PieceId, DropRule>,
    /// While a side has pieces in hand, it must drop (Placement, Sittuyin).
    pub must_drop: bool,
    /// Only these kinds are forced: while a side holds one, it must drop one of them (Koedem's
    /// kings); every kind when empty.
    pub must_drop_only: Vec<PieceId>,
    /// Gating (S-chess): a piece leaving a square of this region (per side) for the first time
    /// may leave a piece from the hand behind on it; the rights are kept in the castling field.
    pub gate: Option<Region>,
    /// Pieces in hand enter the board only by gating, never by a drop.
    pub no_drops: bool,
    /// No drop may attack an enemy royal piece (Fairy-Stockfish's `dropChecks = false`).
    pub no_drop_checks: bool,
    /// A drop that puts a castle's king and rook on their squares gives that castling right.
    pub castling_from_drops: bool,
    /// A piece in hand may also be dropped as its promoted form (Kyoto shogi).
    pub drop_promoted: bool,
}

/// `wall placed [instead] [within REGION] [or next to wall]`, `wall shot [within REGION]`: where
/// the new wall may go.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedWall {
    /// Only on a square the moved piece could move to from where it landed, the square it
    /// left counting as empty (Amazons' arrow).
    pub shot: bool,
    /// Only on squares of this region (of the mover's side); every square without it.
    pub within: Option<Region>,
    /// The wall is placed instead of a move, by a side not in check; a move places none.
    pub instead: bool,
    /// Also on an empty square a rank or file step from a wall (with `within`: either).
    pub beside_wall: bool,
}

/// Where and how a piece kind may be dropped from the hand.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DropRule {
    /// Where it may be dropped.
    pub region: Option<Region>,
    /// At most this many of it (unpromoted) per file, the dropped one included (Shogi's nifu: 1).
    pub per_file: Option<u8>,
    /// A checkmate by a drop of it loses for the side that dropped it (Shogi's uchifuzume, as
    /// Fairy-Stockfish plays it: the drop is a legal move that ends the game).
    pub no_mate: bool,
    /// A drop of it that would checkmate is not a legal move (Shogi's uchifuzume, as its rules
    /// say it).
    pub mate_refused: bool,
    /// The side's pieces of this kind must be split between the square colours (at most half,
    /// rounded up, on either), drops of other pieces leaving room for that (Placement).
    pub both_colors: bool,
    /// Where the dropped piece comes to rest: it falls or slides in from an edge.
    pub slide: Option<DropSlide>,
    /// While a square of this region is empty, the piece is dropped there, and no effect is
    /// required of the drop (Reversi's first four stones).
    pub first_within: Option<Region>,
    /// Dropped without being taken from the hand, as many as a side likes (Ataxx).
    pub free: bool,
    /// Dropped only a king's step from a piece of its side (Ataxx's clone).
    pub next_to_own: bool,
    /// Dropped only (or never) a step of some offsets from a piece of a side (Snort).
    pub near: Vec<DropNear>,
    /// Never dropped: it stays in the hand (Dragonfly's pawns).
    pub never: bool,
}

/// `[not] next to own|enemy (x,y)...`: where a drop may go by the pieces next to it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DropNear {
    /// The other side's pieces count, not the dropping side's.
    pub enemy: bool,
    /// The drop may not be next to such a piece (instead of: must be).
    pub not: bool,
    /// The steps from the drop's square that count as next to it (all turns of each).
    pub offsets: Vec<(i8, i8)>,
}

/// How a dropped piece enters the board, along the board's own ranks and files (the same for
/// both sides), as Fairy-Stockfish's `enclosingDrop` `top` and `anyside` do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropSlide {
    /// In at the top of a file, down to the first rank or onto the first piece below
    /// (Connect Four).
    Falling,
    /// In at any edge, along a rank or file, on until the next square is occupied or off the
    /// board.
    Sliding,
}

/// A kind of piece: its letters and how it moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The name the variant file gives it.
    pub name: String,
    /// Per layer: the letter of each side (white, black); `None` where that side has no such
    /// piece.
    pub letters: Vec<[Option<char>; 2]>,
    /// How the playground draws it (`glyph`): white's, then black's; `None` for its letter
    /// (or the standard glyph of a piece of chess's names). No rule depends on it.
    pub glyph: Option<[String; 2]>,
    /// Losing it (or leaving it attacked, under the check rule) loses the game.
    pub royal: bool,
    /// Royal only while its side has exactly one piece of these kinds on the board (this one
    /// among them): Fairy-Stockfish's extinction pseudo-royal pieces.
    pub royal_when_last: Option<Vec<PieceId>>,
    /// How it moves and captures: the union of its atoms.
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
    /// The kinds it neither captures nor threatens (a king and an antiking).
    pub cannot_attack: Vec<PieceId>,
    /// It must stay attacked by the other side, under the check rule (vchess's antiking).
    pub antiroyal: bool,
    /// Moves it may make only while its side holds the first-move right of the square it
    /// stands on (Cambodian chess's king leap and met step).
    pub once_atoms: Vec<OnceAtom>,
    /// Moves it may make only while a piece of its side of some kinds guards it (Knight relay
    /// chess's knight jumps).
    pub guarded_atoms: Vec<GuardedAtom>,
    /// Its first-move right is also lost when an enemy piece of these kinds moves to where, on
    /// an empty board, it would attack it.
    pub once_lost_to: Vec<PieceId>,
    /// `once lost when moved`: the rights of its `once` atoms' squares are lost only when a
    /// piece with `once` atoms leaves the square; they survive a capture there.
    pub once_kept: bool,
    /// It may also move to any empty square its side controls (Rampage).
    pub anywhere: Option<Anywhere>,
    /// Its value in pawns for the computer's evaluation (`value 3.2`), where the file gives one;
    /// otherwise the search computes it from the piece's moves.
    pub value: Option<f64>,
    /// It takes without leaving its square: the victim goes, it stays (Rifle).
    pub captures_in_place: bool,
    /// It takes a piece (not a royal one) where a piece of the victim's kind and of its own
    /// side would take it from its square; its own atoms take nothing, but still attack (Zen).
    pub captures_as_victim: bool,
}

/// An atom usable only with the first-move right of the square the piece stands on: each
/// side's first rank holds one right per square, written in the FEN castling field by its file
/// letter, lost when the square's piece moves or is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct OnceAtom {
    /// The atom (it only moves).
    pub atom: Atom,
    /// Only when its side is not in check.
    pub not_in_check: bool,
}

/// `move anywhere [to REGION] [not in check] when controlled`: the piece may also move to any
/// empty square that its side controls, that is, that more pieces of its side attack than of
/// the other's, a rider behind a friend riding to the square along the same line counting too.
#[derive(Clone, Debug, PartialEq)]
pub struct Anywhere {
    /// Only onto these squares (the piece's side's).
    pub to: Option<Region>,
    /// Only while its side is not in check.
    pub not_in_check: bool,
}

/// An atom usable only while the piece is guarded: a piece of its side, of one of the guard
/// kinds, could go to the piece's square by one of its own atoms (a move or a capture, were the
/// square empty or an enemy's; its guarded atoms left out).
#[derive(Clone, Debug, PartialEq)]
pub struct GuardedAtom {
    /// The atom.
    pub atom: Atom,
    /// The kinds whose guard makes it usable.
    pub guards: Vec<PieceId>,
    /// `when guarding`: usable while the piece itself guards one of these kinds of its side
    /// (could go to its square by one of its own atoms), not while guarded by one (Copycat).
    pub guarding: bool,
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
    /// Toward the opponent.
    Forward,
    /// Toward the own side.
    Backward,
    /// Toward the lower files, for white.
    Left,
    /// Toward the higher files, for white.
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
    /// Every direction, with the word that writes it.
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
    /// The word that writes the direction.
    pub fn name(self) -> &'static str {
        Direction::ALL
            .iter()
            .find(|(_, d)| *d == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
    /// Whether the direction keeps the step `(x, y)` (white's view).
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

/// How an atom travels to its offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// One jump to the offset, whatever stands between.
    Leap,
    /// Repeated steps of the offset until blocked, at most `range` steps.
    Ride {
        /// At most this many steps; unlimited when `None`.
        range: Option<u8>,
    },
    /// Along the offset's ray over exactly one piece (the screen), then on to an empty square
    /// or the next piece, at most `range` steps beyond the screen (1: the grasshopper).
    Hop {
        /// At most this many steps beyond the screen; unlimited when `None`.
        range: Option<u8>,
        /// Lands at most this many steps from its own square, the screen's steps included
        /// (Fairy-Stockfish's reading of a Betza hopper's digit, `pR3`); unlimited when `None`.
        span: Option<u8>,
    },
}

/// One way a piece moves: an offset with its images, how it travels, what it may do and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    /// Whether it moves, captures, both, or only attacks.
    pub modality: Modality,
    /// Leap, ride or hop.
    pub kind: AtomKind,
    /// The offset in its canonical form; it stands for its rotations and reflections.
    pub offset: (i8, i8),
    /// The direction terms that keep some of the images (all of them when empty).
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

    /// Whether it moves to empty squares.
    pub fn can_move(&self) -> bool {
        matches!(self.modality, Modality::Move | Modality::Both)
    }
    /// Whether it captures.
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
    /// The region's name, if it was declared with one.
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
    /// The first and last file, if limited.
    pub files: Option<(u8, u8)>,
    /// The first and last rank, if limited.
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

/// How a piece kind promotes.
#[derive(Clone, Debug, PartialEq)]
pub struct Promotion {
    /// Where it promotes: a move ending there (or starting there, with `from_zone`).
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
    /// A move that captures does not promote (`not on capture`).
    pub not_on_capture: bool,
    /// Per side, the choices of a `to` line with `enemy` or `within` (not in `choices`).
    pub special: [Vec<SpecialChoice>; 2],
}

/// A promotion choice of a `to enemy ...` or `to ... within REGION` line.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecialChoice {
    /// The piece it becomes.
    pub piece: PieceId,
    /// It becomes a piece of the other side (`to enemy king`: Kingsmaker).
    pub enemy: bool,
    /// Only for a move that ends in this region (the promoting side's); `None`: the whole zone.
    pub within: Option<Region>,
}

/// A castle: a king move and a rook move made together, by one side.
#[derive(Clone, Debug, PartialEq)]
pub struct Castle {
    /// The side that castles.
    pub side: Side,
    /// The piece kind that castles as the king.
    pub king: PieceId,
    /// The king's square before (file, rank, 0-based).
    pub king_from: (u8, u8),
    /// The king's square after.
    pub king_to: (u8, u8),
    /// The piece kind that castles as the rook.
    pub rook: PieceId,
    /// The rook's square before.
    pub rook_from: (u8, u8),
    /// The rook's square after.
    pub rook_to: (u8, u8),
    /// Squares that must be empty (the king's and rook's own excepted).
    pub empty: Vec<(u8, u8)>,
    /// Squares that may not be attacked.
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
    /// A royal piece attacked by a piece of its own side is in check too (Bicolour).
    pub by_both_colors: bool,
}

impl Check {
    /// Whether some check rule applies.
    pub fn enabled(&self) -> bool {
        self.at_move || self.at_final
    }
}

/// What resets the halfmove clock besides a pawn move.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Halfmove {
    /// A capture resets it.
    pub capture: bool,
    /// A move of these kinds resets it.
    pub pieces: Vec<PieceId>,
}

/// A condition that ends the game.
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
    /// king may bare back: Shatranj). With `side`, only that side is tested.
    Extinct {
        /// The one side tested; both when `None`.
        side: Option<Side>,
        /// The kinds counted.
        kinds: Vec<PieceId>,
        /// The kinds are counted together (`king + queen`), not each on its own.
        together: bool,
        /// Only the pieces standing in this region count (none in hand).
        region: Option<Region>,
        /// At most this many left: the side is extinct.
        at_most: u8,
        /// While the other side has at least this many.
        others_at_least: u8,
        /// Or, when given, while the other side has at most this many (`against at most N`).
        others_at_most: Option<u8>,
        /// The side to move needs one more of the other side's.
        claim: Claim,
    },
    /// A piece of the kinds (any when empty) of a side stands in the region; the result is for
    /// that side, when `rule` says the game ends.
    Reached {
        /// The kinds that count.
        kinds: Vec<PieceId>,
        /// The region to reach.
        region: Region,
        /// When reaching it ends the game.
        rule: ReachRule,
        /// How many of them must stand there at once (Fairy-Stockfish's `flagPieceCount`).
        count: u8,
        /// Or at least one, every square of the region occupied by any piece
        /// (`flagPieceBlockedWin`).
        full: bool,
    },
    /// The side that just moved has given this many checks; the result is for it.
    Checks(u8),
    /// A side has taken this many pieces of the other side over the game (by its moves and
    /// their effects); the result is for it.
    Captures(u8),
    /// The royal pieces see each other along a file or rank, as they did before the last move
    /// (Janggi's bikjang). While they face each other, the side to move must part them or pass.
    RoyalsFacing,
    /// The last two moves were passes.
    DoublePass,
    /// Every square, walls aside, is occupied.
    BoardFull,
    /// A side castled with one of these flags (the result is for it), or has lost every right
    /// of these flags it had (the opposite result is for it): Castle chess.
    Castled(Vec<char>),
    /// Pieces of the kinds (any when empty) of the side that just moved form the shape along
    /// the lines; the result is for that side (Fairy-Stockfish's `connectN`, `connectNxN`,
    /// `connectRegion`).
    Connected {
        /// Only this side's pieces count (`connect black 4`); both sides' when `None`.
        side: Option<Side>,
        /// The kinds that count.
        kinds: Vec<PieceId>,
        /// What they must form.
        shape: ConnectShape,
        /// The lines along which pieces count as next to each other (not used by a block).
        lines: Vec<ConnectLine>,
        /// When white has connected, black may answer by connecting too: a draw.
        answered: bool,
    },
}

/// A line along which pieces of a `connect` condition stand next to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectLine {
    /// Up and down a file.
    Files,
    /// Along a rank.
    Ranks,
    /// Along both diagonals.
    Diagonals,
}

impl ConnectLine {
    /// Every line, in the order the language writes them.
    pub const ALL: [ConnectLine; 3] = [
        ConnectLine::Files,
        ConnectLine::Ranks,
        ConnectLine::Diagonals,
    ];

    /// The word the language uses.
    pub fn word(self) -> &'static str {
        match self {
            ConnectLine::Files => "files",
            ConnectLine::Ranks => "ranks",
            ConnectLine::Diagonals => "diagonals",
        }
    }

    /// Its steps (files, ranks), one per direction of a line (a line and its reverse are one).
    pub fn steps(self) -> &'static [(i8, i8)] {
        match self {
            ConnectLine::Files => &[(0, 1)],
            ConnectLine::Ranks => &[(1, 0)],
            ConnectLine::Diagonals => &[(1, 1), (1, -1)],
        }
    }
}

/// What the pieces of a `connect` condition must form.
#[derive(Clone, Debug, PartialEq)]
pub enum ConnectShape {
    /// This many in a row, each next to the last along one line.
    Row(u8),
    /// This many on one line, whatever stands between them (Fairy-Stockfish's `collinearN`).
    Collinear(u8),
    /// A full block this many files wide and ranks high.
    Block {
        /// Its width.
        files: u8,
        /// Its height.
        ranks: u8,
    },
    /// A chain, each next to the last along the lines, from the first region to the second
    /// (per side, as regions are).
    Path {
        /// Where the chain starts.
        from: Region,
        /// Where it must arrive.
        to: Region,
    },
}

/// How the side to move may put off its extinction when the other side has just enough
/// (`claim`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Claim {
    /// No: both sides are judged alike.
    #[default]
    No,
    /// The side to move needs one more of the other side's (it may bare back: Shatranj).
    OneMore,
    /// As `OneMore`, but only while it attacks one of the other side's counted pieces (vchess's
    /// Shatranj: a bare king that cannot take the last piece has lost).
    ByCapture,
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
    /// The side that just moved: a piece there that the opponent does not attack; the side to
    /// move: a piece there, which the opponent did not take (vchess's Bishopawns).
    SafeOrHeld,
    /// A piece there that no legal move of the other side could take (whichever side is to
    /// move), tested for both sides at once (vchess's Squatter1).
    SafeFromCapture,
}

impl EndCond {
    /// The condition's name, as `explain` and `status` say it.
    pub fn name(&self) -> &'static str {
        match self {
            EndCond::Checkmate => "checkmate",
            EndCond::Stalemate => "stalemate",
            EndCond::Campmate(_) => "campmate",
            EndCond::RoyalCaptured => "royal captured",
            EndCond::Extinct { .. } => "extinction",
            EndCond::Reached { .. } => "region reached",
            EndCond::Checks(_) => "checks given",
            EndCond::Captures(_) => "pieces taken",
            EndCond::RoyalsFacing => "royals facing",
            EndCond::DoublePass => "double pass",
            EndCond::BoardFull => "board full",
            EndCond::Castled(_) => "castling",
            EndCond::Connected { .. } => "connection",
        }
    }
}

/// An end rule: a condition and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct EndRule {
    /// When the game ends.
    pub cond: EndCond,
    /// For the side that made the last move.
    pub result: Outcome,
    /// Tested only from this move number (the FEN's fullmove number) on; 1: always.
    pub from_move: u32,
    /// What a result `by points` counts.
    pub points: Option<Points>,
}

// ---------------------------------------------------------------------------------------------
// Effects

/// An effect: what happens after a move, from an origin, to the pieces it finds.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// The name the variant file gives it.
    pub name: String,
    /// Where it starts: the moved piece or the capture square.
    pub origin: OriginKind,
    /// The effect starts only from an origin standing in this region (the origin piece's
    /// side's).
    pub within: Option<Region>,
    /// The effect runs only when this holds (of the origin piece).
    pub origin_filter: Option<Expr>,
    /// Which squares it looks at.
    pub scan: Scan,
    /// For each piece found, the first clause whose condition holds is carried out.
    pub clauses: Vec<Clause>,
    /// Carried out once, on the origin, after the scan: the first whose condition holds.
    pub finally: Vec<Finally>,
    /// A move after which the effect changed no piece is not legal (`required`).
    pub required: bool,
    /// A move after which the moved piece's group (its side's pieces joined to it by the
    /// `surrounded` scan's steps) has no empty square next to it is not legal (`no suicide`).
    pub no_suicide: bool,
}

/// `finally [when CONDITION:] ACTIONS`
#[derive(Clone, Debug, PartialEq)]
pub struct Finally {
    /// The condition (of the origin and the move's pieces); none: always.
    pub when: Option<Expr>,
    /// What is done, in order.
    pub actions: Vec<Action>,
}

impl Effect {
    /// Every action of the effect, in its clauses and its `finally` lines.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.clauses
            .iter()
            .flat_map(|c| c.actions.iter())
            .chain(self.finally.iter().flat_map(|f| f.actions.iter()))
    }

    /// Whether a condition reads the move's pieces (`moved`, `captured`) or the board
    /// (`count`), or an action takes a kind from the move's pieces: such an effect is judged
    /// move by move, not from tables of codes.
    pub fn reads_move(&self) -> bool {
        let conds = self
            .origin_filter
            .iter()
            .chain(self.clauses.iter().map(|c| &c.cond))
            .chain(self.finally.iter().filter_map(|f| f.when.as_ref()));
        conds.into_iter().any(|c| c.reads_move() || c.reads_board())
            || self.actions().any(|a| {
                matches!(a, Action::ChangeTo(_, s) | Action::Send(s, ..) | Action::Put(s)
                        if s.of_move())
                    || matches!(a, Action::Merged(..))
            })
    }
}

impl Effect {
    /// Whether a condition reads whether the mover was in check (`moved.checked`).
    pub fn reads_checked(&self) -> bool {
        self.origin_filter
            .iter()
            .chain(self.clauses.iter().map(|c| &c.cond))
            .chain(self.finally.iter().filter_map(|f| f.when.as_ref()))
            .any(Expr::reads_checked)
    }

    /// Whether a condition reads the origin's neighbours (`origin.next-to-friend`).
    pub fn reads_neighbours(&self) -> bool {
        self.origin_filter
            .iter()
            .chain(self.clauses.iter().map(|c| &c.cond))
            .chain(self.finally.iter().filter_map(|f| f.when.as_ref()))
            .any(Expr::reads_neighbours)
    }
}

impl Expr {
    /// Whether it reads `origin.next-to-friend` or `origin.next-to-enemy`.
    pub fn reads_neighbours(&self) -> bool {
        let near =
            |v: &Value| matches!(v, Value::Field(_, Field::NextToFriend | Field::NextToEnemy));
        match self {
            Expr::And(a, b) | Expr::Or(a, b) => a.reads_neighbours() || b.reads_neighbours(),
            Expr::Not(a) => a.reads_neighbours(),
            Expr::Cmp(_, a, b) => near(a) || near(b),
            Expr::Truth(s, f) => near(&Value::Field(*s, *f)),
        }
    }

    /// Whether it reads a field of `moved` or `captured`.
    pub fn reads_move(&self) -> bool {
        match self {
            Expr::And(a, b) | Expr::Or(a, b) => a.reads_move() || b.reads_move(),
            Expr::Not(a) => a.reads_move(),
            Expr::Cmp(_, a, b) => [a, b]
                .iter()
                .any(|v| matches!(v, Value::Field(s, f) if s.of_move() || f.of_board())),
            Expr::Truth(s, f) => s.of_move() || f.of_board(),
        }
    }

    /// Whether it reads whether the mover was in check (`moved.checked`).
    pub fn reads_checked(&self) -> bool {
        match self {
            Expr::And(a, b) | Expr::Or(a, b) => a.reads_checked() || b.reads_checked(),
            Expr::Not(a) => a.reads_checked(),
            Expr::Cmp(_, a, b) => [a, b]
                .iter()
                .any(|v| matches!(v, Value::Field(_, Field::Checked))),
            Expr::Truth(_, f) => *f == Field::Checked,
        }
    }

    /// Whether it counts pieces on the board (`count friend queen`).
    pub fn reads_board(&self) -> bool {
        match self {
            Expr::And(a, b) | Expr::Or(a, b) => a.reads_board() || b.reads_board(),
            Expr::Not(a) => a.reads_board(),
            Expr::Cmp(_, a, b) => [a, b].iter().any(|v| matches!(v, Value::Count(..))),
            Expr::Truth(..) => false,
        }
    }
}

/// Which squares an effect looks at from its origin.
#[derive(Clone, Debug, PartialEq)]
pub enum Scan {
    /// The first piece on each ray, for white's orientation.
    Rays(Vec<(i8, i8)>),
    /// The piece on each square at these offsets.
    Around(Vec<(i8, i8)>),
    /// Along each ray, the enemy pieces next to one another from the origin on, when a piece
    /// of the mover's side closes the row (Othello).
    Enclosed(Vec<(i8, i8)>),
    /// Every piece the origin piece attacks, as check is judged (Benedict).
    Attacked,
    /// Every piece of the enemy groups (pieces of a side joined by these steps) next to the
    /// origin that have no empty square next to them (Go's capture).
    Surrounded(Vec<(i8, i8)>),
}

/// `when CONDITION: ACTIONS`
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    /// The condition on the piece found.
    pub cond: Expr,
    /// What is done, in order.
    pub actions: Vec<Action>,
}

/// A property of a piece that a condition reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `.side`: compared with `friend` or `enemy`.
    Side,
    /// `.kind`: compared with a piece name.
    Kind,
    /// `.royal`: a truth.
    Royal,
    /// `moved.dropped`: a truth, the move put the piece on the board from the hand.
    Dropped,
    /// `origin.next-to-friend`: a truth, a piece of the mover's side stands a king's step
    /// from the origin (read from the board when the effect runs).
    NextToFriend,
    /// `origin.next-to-enemy`: a truth, a piece of the other side stands a king's step from
    /// the origin.
    NextToEnemy,
    /// `moved.checked`: a truth, the mover's royal piece was attacked before the move (the
    /// mover was in check).
    Checked,
}

impl Field {
    /// Whether it is read from the board or the move, not from the piece's code alone.
    pub fn of_board(self) -> bool {
        matches!(
            self,
            Field::Dropped | Field::NextToFriend | Field::NextToEnemy | Field::Checked
        )
    }
}

/// A side as seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The mover's.
    Friend,
    /// The opponent's.
    Enemy,
}

/// A value a condition compares.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A field of the target or the origin.
    Field(Subject, Field),
    /// `distance`: how far the target is from the origin, in steps.
    Distance,
    /// A number.
    Int(i64),
    /// `friend` or `enemy`.
    Relation(Relation),
    /// A piece kind.
    Kind(PieceId),
    /// `count friend queen`: how many pieces of the kind the side has on the board.
    Count(Relation, PieceId),
}

/// A condition of an effect.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// Both hold.
    And(Box<Expr>, Box<Expr>),
    /// Either holds.
    Or(Box<Expr>, Box<Expr>),
    /// It does not hold.
    Not(Box<Expr>),
    /// A comparison of two values.
    Cmp(CmpOp, Value, Value),
    /// A boolean field, e.g. `target.royal`.
    Truth(Subject, Field),
}

/// What an effect does to a piece.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Nothing (a clause that stops the search for another).
    Nothing,
    /// Move the subject along its ray to the square next to the origin.
    Pull(Subject),
    /// Move the subject along its ray away from the origin, up to the edge or the next piece.
    Push(Subject),
    /// Take the subject off the board.
    Remove(Subject),
    /// The subject promotes if it is a promoting piece standing in its zone; the move carries
    /// the choice.
    Promote(Subject),
    /// Turn the subject into another piece kind of its side.
    Change(Subject, PieceId),
    /// Turn the subject (first) into the kind of another piece (second), keeping its side:
    /// `change origin to captured.kind`.
    ChangeTo(Subject, Subject),
    /// Turn the subject into what the `merge` table makes of the kinds of two pieces; a pair
    /// the table does not name leaves it as it is: `change origin to moved.kind + captured.kind`.
    Merged(Subject, [Subject; 2]),
    /// Send the subject to a hand (of that hand's side, unpromoted, as a capture into the
    /// hand; or as the kind given): taken off the board, or, for `captured`, already off it.
    /// The mover's hand, the hand of the side opposite the piece's own (a piece of the mover's
    /// goes to the other side's hand), or its own side's.
    Send(Subject, HandOf, Option<PieceId>),
    /// The subject joins the side that made the move.
    Flip(Subject),
    /// The subject turns to stone: taken off the board, a wall where it stood.
    Petrify(Subject),
    /// The subject (the move's captured piece) stands on the square the mover left.
    Put(Subject),
}

mod betza;
mod dump;
pub use dump::{RULE_TOPICS, square_name, vec_text};
