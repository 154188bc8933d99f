//! The syntax tree of a variant file: what the user wrote, with the byte span of every part, so
//! that lowering can point at the exact text when something is wrong.

pub use crate::ir::{CmpOp, CrossWhen, HandOf, Modality, OriginKind, Outcome, Subject};

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    /// Whether it covers no byte (a position).
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// Something written, with where.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    /// What was written.
    pub node: T,
    /// Where.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `node` written at `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written (a piece, a region, an effect, a layer).
pub type Name = Spanned<String>;

/// A whole variant file.
#[derive(Clone, Debug)]
pub struct File {
    /// `variant NAME [TITLE] [extends PARENT]`
    pub header: Header,
    /// The items, in order.
    pub items: Vec<Item>,
}

/// `variant NAME "TITLE" extends PARENT`
#[derive(Clone, Debug)]
pub struct Header {
    /// The variant's name.
    pub name: Name,
    /// A human title.
    pub title: Option<String>,
    /// The variant it extends.
    pub extends: Option<Name>,
}

/// A side named in a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideAst {
    /// `white`
    White,
    /// `black`
    Black,
}

/// `catalog fairy-stockfish "kingofthehill"`: the variant's place in an outside catalogue.
#[derive(Clone, Debug)]
pub struct CatalogAst {
    /// The catalogue, as written (`fairy-stockfish`, `vchess`).
    pub catalog: Name,
    /// The variant's name there.
    pub name: Spanned<String>,
    /// The whole item.
    pub span: Span,
}

/// A top-level item of a variant file.
#[derive(Clone, Debug)]
pub enum Item {
    /// `catalog CATALOGUE "NAME"`
    Catalog(CatalogAst),
    /// `board 8 x 8`
    Board(BoardAst),
    /// `layers { ... }`
    Layers(LayersAst),
    /// `region camp rank 8`, or with `replace`.
    Region(RegionDef),
    /// `piece NAME { ... }`, or with `replace`.
    Piece {
        /// Written with `replace`.
        replace: bool,
        /// The definition (boxed: the largest item by far).
        piece: Box<PieceAst>,
    },
    /// `remove ...`
    Remove(RemoveAst),
    /// `promotion PIECE { ... }`, or with `replace`.
    Promotion {
        /// Written with `replace`.
        replace: bool,
        /// The definition.
        promotion: PromotionAst,
    },
    /// `en passant PIECE...`
    EnPassant(EnPassantAst),
    /// `castling { ... }`, or with `replace`.
    Castling {
        /// Written with `replace`.
        replace: bool,
        /// The entries, one per flag.
        castles: Vec<CastleAst>,
        /// The whole item.
        span: Span,
    },
    /// `start "FEN"`
    Start(StartAst),
    /// `check at ...`
    Check(CheckAst),
    /// `halfmove reset ...`
    Halfmove(HalfmoveAst),
    /// `end { ... }`, or with `replace`.
    End {
        /// Written with `replace`.
        replace: bool,
        /// The conditions, in order.
        rules: Vec<EndRuleAst>,
        /// The whole item.
        span: Span,
    },
    /// `effect NAME { ... }`, or with `replace`.
    Effect {
        /// Written with `replace`.
        replace: bool,
        /// The definition.
        effect: EffectAst,
    },
    /// `castling rule { ... }`: castling by rule (Chess960).
    CastlingRule(CastlingRuleAst),
    /// `hand { ... }`: pieces in hand and drops.
    Hand(HandAst),
    /// `must capture`
    MustCapture(Span),
    /// `no checks [unless mate] [until move N]`
    NoChecks {
        /// `unless mate`: a check that mates is allowed.
        unless_mate: bool,
        /// `until move N`: only while the fullmove number is below N.
        until: Option<Spanned<i64>>,
        /// The whole item.
        span: Span,
    },
    /// `no stuck pieces`
    NoStuckPieces(Span),
    /// `no royal escape`
    NoRoyalEscape(Span),
    /// `move enemy when attacked`
    MoveEnemy(Span),
    /// `no frozen pieces`
    NoFrozenPieces(Span),
    /// `no captures`
    NoCaptures(Span),
    /// `no captures undone`
    NoCapturesUndone(Span),
    /// `frozen when attacked by same kind`
    Frozen(FrozenAst),
    /// `castling opposite`
    CastlingOpposite(Span),
    /// `moving wall`
    MovingWall(Span),
    /// `wall behind`
    WallBehind(Span),
    /// `hole behind`
    HoleBehind(Span),
    /// `wall placed [within REGION]` or `wall shot [within REGION]`
    WallPlaced(WallPlacedAst),
    /// `duck`: the old name of `moving wall`.
    Duck(Span),
    /// `petrify PIECE...`
    Petrify(PetrifyAst),
    /// `pass` (`when_stuck`: `pass when stuck`)
    Pass {
        /// Only when the side has no other legal move.
        when_stuck: bool,
        /// The whole item.
        span: Span,
    },
    /// `turn { ... }`
    Turn(TurnAst),
    /// `capture friends [when CONDITION]`
    CaptureFriends(CaptureFriendsAst),
    /// `merge { A + B = C ... }`
    Merge(MergeAst),
}

/// `merge { knight + bishop = princess ... }`: the kind two kinds make together.
#[derive(Clone, Debug)]
pub struct MergeAst {
    /// The rows, in order.
    pub rows: Vec<MergeRowAst>,
    /// The whole item.
    pub span: Span,
}

/// `A + B C ... = D`: A with each of B, C, ... makes D.
#[derive(Clone, Debug)]
pub struct MergeRowAst {
    /// The kind before `+`.
    pub first: Name,
    /// The kinds after it, each merging with the first.
    pub with: Vec<Name>,
    /// What they make.
    pub into: Name,
}

/// `capture friends [when CONDITION]`: captures of the mover's own pieces, those the condition
/// allows (it reads the capturer and the friend taken).
#[derive(Clone, Debug)]
pub struct CaptureFriendsAst {
    /// `by ATOM...`: the atoms that take friends (none: the pieces' own).
    pub by: Vec<AtomAst>,
    /// The condition; without it every friend may be taken.
    pub when: Option<ExprAst>,
    /// The whole item.
    pub span: Span,
}

/// `frozen when CAUSE`: what freezes a piece (it cannot move and attacks nothing).
#[derive(Clone, Debug)]
pub struct FrozenAst {
    /// What freezes a piece.
    pub cause: FreezeCauseAst,
    /// The whole item.
    pub span: Span,
}

/// What freezes a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreezeCauseAst {
    /// `attacked by same kind`: an enemy piece of its own kind attacks it (Madrasi).
    AttackedBySameKind,
}

/// `turn { moves 2  first 1  until check  until stuck  until hand empty }`: how many moves a
/// side makes in a turn, and what ends a turn early (or makes it go on).
#[derive(Clone, Debug)]
pub struct TurnAst {
    /// The `moves` lines, in order (the last one counts).
    pub moves: Vec<TurnMovesAst>,
    /// `first N`: white's first turn of the game.
    pub first: Option<Spanned<i64>>,
    /// `until check`: a move that gives check ends the turn.
    pub until_check: Option<Span>,
    /// `until stuck`: the mover having no legal move left ends the turn.
    pub until_stuck: Option<Span>,
    /// `until hand empty`: a move that leaves pieces in the mover's hand is followed, in the
    /// same turn, by drops of them.
    pub until_hand_empty: Option<Span>,
    /// `en passant per turn`: every double step of a turn may be taken en passant in the other
    /// side's next turn.
    pub en_passant_per_turn: Option<Span>,
    /// `after capture move as captured`: a capture is followed, in the same turn, by a move of
    /// the capturing piece as the piece it took moves, without capturing.
    pub make_as_captured: Option<Span>,
    /// The whole item.
    pub span: Span,
}

/// A `moves` line of a `turn` block.
#[derive(Clone, Debug)]
pub enum TurnMovesAst {
    /// `moves N`, or `moves white N black M` (a side not named keeps one move).
    Fixed {
        /// Per side; `None` for a side not named.
        counts: [Option<Spanned<i64>>; 2],
        /// The line.
        span: Span,
    },
    /// `moves growing`: the game's n-th turn has n moves.
    Growing(Span),
}

/// `petrify PIECE...`: the kinds that turn to stone when they capture.
#[derive(Clone, Debug)]
pub struct PetrifyAst {
    /// The kinds.
    pub pieces: Vec<Name>,
    /// The whole item.
    pub span: Span,
}

/// `castling rule { KING ROOK... rank N  short F F  long F F }`
#[derive(Clone, Debug)]
pub struct CastlingRuleAst {
    /// The piece that castles as the king.
    pub king: Name,
    /// The pieces that castle as the rook.
    pub rooks: Vec<Name>,
    /// The castling rank, from each side's own first rank.
    pub rank: Spanned<i64>,
    /// Toward the higher files: the king's file, then the rook's.
    pub short: [Spanned<char>; 2],
    /// Toward the lower files.
    pub long: [Spanned<char>; 2],
    /// The whole item.
    pub span: Span,
}

/// `hand { captures  keep promoted  must drop  drop PIECE ... }`
#[derive(Clone, Debug, Default)]
pub struct HandAst {
    /// `captures`: captured pieces go to the capturer's hand.
    pub captures: bool,
    /// `captures to partner`: captured pieces go to the partner's board.
    pub to_partner: bool,
    /// `keep promoted`: promoted pieces go to the hand as they are.
    pub keep_promoted: bool,
    /// `must drop`
    pub must_drop: bool,
    /// `must drop PIECE...`: only these kinds are forced (all when empty).
    pub must_drop_only: Vec<Name>,
    /// `drop PIECE ...` restrictions.
    pub drops: Vec<DropRuleAst>,
    /// `gate within REGION`: the region, and the statement's span.
    pub gate: Option<(RegionAst, Span)>,
    /// `no drops`: the statement's span.
    pub no_drops: Option<Span>,
    /// `no checks`: no drop may give check.
    pub no_drop_checks: bool,
    /// `castling from drops`: the statement's span.
    pub castling_from_drops: Option<Span>,
    /// `drop promoted`: the statement's span.
    pub drop_promoted: Option<Span>,
    /// The whole item.
    pub span: Span,
}

/// `drop PIECE within REGION | at most N per file | no mate`
#[derive(Clone, Debug)]
pub struct DropRuleAst {
    /// The piece.
    pub piece: Name,
    /// The restriction.
    pub rule: DropRuleKind,
    /// The whole statement.
    pub span: Span,
}

/// `wall placed [within REGION]`, `wall shot [within REGION]`: a new wall after every move.
#[derive(Clone, Debug)]
pub struct WallPlacedAst {
    /// `shot`: only where the moved piece could move to from where it landed.
    pub shot: bool,
    /// Only on squares of this region.
    pub within: Option<RegionAst>,
    /// `instead`: the wall is placed instead of a move.
    pub instead: bool,
    /// `or next to wall`: also a rank or file step from a wall.
    pub beside_wall: bool,
    /// The whole item.
    pub span: Span,
}

/// A drop restriction.
#[derive(Clone, Debug)]
pub enum DropRuleKind {
    /// `within REGION`
    Within(RegionAst),
    /// `at most N per file`
    PerFile(Spanned<i64>),
    /// `no mate` (true: `no mate refused`)
    NoMate(bool),
    /// `both colors`
    BothColors,
    /// `falling` or `sliding`: where the dropped piece comes to rest.
    Slide(crate::ir::DropSlide),
    /// `first within REGION`: while a square of the region is empty, drops go there.
    FirstWithin(RegionAst),
    /// `free`: dropped without being taken from the hand.
    Free,
    /// `next to own`: dropped only a king's step from a piece of its side.
    NextToOwn,
    /// `[not] next to own|enemy (x,y)...`: dropped only (`not`: never) a step of these
    /// offsets from a piece of that side; a king's step without offsets.
    Near {
        /// `not next to`
        not: bool,
        /// `enemy`, not `own`
        enemy: bool,
        /// The offsets written (none: a king's step).
        offsets: Vec<Spanned<(i64, i64)>>,
    },
    /// `never`: the piece stays in the hand.
    Never,
}

/// The kinds of top-level items, named by the keyword that starts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `variant NAME ...`, the header.
    Header,
    /// `catalog`
    Catalog,
    /// `board`
    Board,
    /// `layers`
    Layers,
    /// `region`
    Region,
    /// `piece`
    Piece,
    /// `replace`
    Replace,
    /// `remove`
    Remove,
    /// `promotion`
    Promotion,
    /// `en passant`
    EnPassant,
    /// `castling`
    Castling,
    /// `start`
    Start,
    /// `check`
    Check,
    /// `halfmove`
    Halfmove,
    /// `end`
    End,
    /// `effect`
    Effect,
    /// `hand`
    Hand,
    /// `must`
    Must,
    /// `no`
    No,
    /// `moving wall` (also its old form, `duck`)
    MovingWall,
    /// `wall behind`
    WallBehind,
    /// `hole behind`
    HoleBehind,
    /// `petrify`
    Petrify,
    /// `pass`
    Pass,
    /// `turn`
    Turn,
    /// `capture friends`
    CaptureFriends,
    /// `frozen`
    Frozen,
    /// `merge`
    Merge,
    /// `move enemy`
    MoveEnemy,
}

impl ItemKind {
    /// The kind of item that starts with this keyword.
    pub fn from_keyword(word: &str) -> Option<ItemKind> {
        Some(match word {
            "variant" => ItemKind::Header,
            "catalog" => ItemKind::Catalog,
            "board" => ItemKind::Board,
            "layers" => ItemKind::Layers,
            "region" => ItemKind::Region,
            "piece" => ItemKind::Piece,
            "replace" => ItemKind::Replace,
            "remove" => ItemKind::Remove,
            "promotion" => ItemKind::Promotion,
            "en" => ItemKind::EnPassant,
            "castling" => ItemKind::Castling,
            "start" => ItemKind::Start,
            "check" => ItemKind::Check,
            "halfmove" => ItemKind::Halfmove,
            "end" => ItemKind::End,
            "effect" => ItemKind::Effect,
            "hand" => ItemKind::Hand,
            "must" => ItemKind::Must,
            "no" => ItemKind::No,
            "moving" => ItemKind::MovingWall,
            "wall" => ItemKind::WallBehind,
            "hole" => ItemKind::HoleBehind,
            "petrify" => ItemKind::Petrify,
            "pass" => ItemKind::Pass,
            "turn" => ItemKind::Turn,
            "capture" => ItemKind::CaptureFriends,
            "frozen" => ItemKind::Frozen,
            "merge" => ItemKind::Merge,
            "move" => ItemKind::MoveEnemy,
            _ => {
                let (_, now) = crate::syntax::keywords::RENAMED_ITEMS
                    .iter()
                    .find(|(old, _)| *old == word)?;
                return ItemKind::from_keyword(now.split(' ').next()?);
            }
        })
    }
}

/// An axis of the board named after `wrap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrapAxis {
    /// `files`
    Files,
    /// `ranks`
    Ranks,
}

/// `board FILES x RANKS [wrap files|ranks] [intersections]`
#[derive(Clone, Debug)]
pub struct BoardAst {
    /// Number of files (columns).
    pub files: Spanned<i64>,
    /// Number of ranks (rows).
    pub ranks: Spanned<i64>,
    /// `intersections`: drawn with the pieces on the lines' crossings (Xiangqi).
    pub intersections: bool,
    /// `wrap files ranks`: each axis named, with where it is written.
    pub wrap: Vec<Spanned<WrapAxis>>,
    /// The whole item.
    pub span: Span,
}

/// `region NAME REGION`
#[derive(Clone, Debug)]
pub struct RegionDef {
    /// Written with `replace`.
    pub replace: bool,
    /// The region's name.
    pub name: Name,
    /// What it is.
    pub region: RegionAst,
    /// The whole item.
    pub span: Span,
}

/// `en passant PIECE...`
#[derive(Clone, Debug)]
pub struct EnPassantAst {
    /// The pieces that make and take en-passant captures.
    pub pieces: Vec<Name>,
    /// `by PIECE...`: pieces that only take en passant.
    pub takers: Vec<Name>,
    /// `within REGION`: where an en-passant capture may land.
    pub within: Option<RegionAst>,
    /// `no promotion`: where an en-passant capture never promotes.
    pub no_promotion: Option<Span>,
    /// The whole item.
    pub span: Span,
}

/// `start "FEN"`
#[derive(Clone, Debug)]
pub struct StartAst {
    /// The FEN, without the quotes; its span is the quoted string's.
    pub fen: Spanned<String>,
    /// The whole item.
    pub span: Span,
}

/// `check at move, final`
#[derive(Clone, Debug)]
pub struct CheckAst {
    /// `at move`: a royal piece may not stand attacked right after its own move.
    pub at_move: bool,
    /// `at final`: no move may leave the royal piece attacked.
    pub at_final: bool,
    /// `unless royal captured`
    pub unless_captured: bool,
    /// `unless royals touch`
    pub unless_touch: bool,
    /// `all royals`
    pub all_royals: bool,
    /// `by both colors`
    pub by_both_colors: bool,
    /// The whole item.
    pub span: Span,
}

/// `halfmove reset capture PIECE...`
#[derive(Clone, Debug)]
pub struct HalfmoveAst {
    /// A capture resets the clock.
    pub capture: bool,
    /// A move of one of these pieces resets the clock.
    pub pieces: Vec<Name>,
    /// The whole item.
    pub span: Span,
}

/// `layers { board1 board2 letters { ... } cross after moves }`
#[derive(Clone, Debug)]
pub struct LayersAst {
    /// The layers, in order; the first uses the pieces' own letters.
    pub layers: Vec<LayerAst>,
    /// When pieces cross to the next layer.
    pub cross: Option<Spanned<CrossWhen>>,
    /// The whole item.
    pub span: Span,
}

/// One layer.
#[derive(Clone, Debug)]
pub struct LayerAst {
    /// The layer's name.
    pub name: Name,
    /// The pieces' letters on this layer.
    pub letters: Vec<LetterAssign>,
}

/// `PIECE W b` in a layer's `letters`.
#[derive(Clone, Debug)]
pub struct LetterAssign {
    /// The piece.
    pub piece: Name,
    /// White's letter (`-` for none).
    pub white: Spanned<char>,
    /// Black's letter (`-` for none).
    pub black: Spanned<char>,
}

/// A set of squares, as written.
#[derive(Clone, Debug)]
pub enum RegionAst {
    /// `rank N` or `ranks A..B`, counted from each side's own first rank.
    Ranks {
        /// The first rank.
        from: Spanned<i64>,
        /// The last rank (the first, for `rank N`).
        to: Spanned<i64>,
        /// The whole region.
        span: Span,
    },
    /// `squares a1 b2 ...`
    Squares {
        /// The squares.
        squares: Vec<Spanned<String>>,
        /// The whole region.
        span: Span,
    },
    /// The name of a region defined with `region`.
    Named(Name),
    /// `files a..c [ranks A..B]`: absolute files, with the ranks (from each side) if given.
    Files {
        /// The first file.
        from: Spanned<char>,
        /// The last file (the first, for `file x`).
        to: Spanned<char>,
        /// The ranks, if given: (first, last).
        ranks: Option<(Spanned<i64>, Spanned<i64>)>,
        /// The whole region.
        span: Span,
    },
    /// `A + B + ...`
    Union(Vec<RegionAst>, Span),
    /// `white A black B`
    Sides {
        /// White's squares (none when left out).
        white: Option<Box<RegionAst>>,
        /// Black's squares (none when left out).
        black: Option<Box<RegionAst>>,
        /// The whole region.
        span: Span,
    },
}

impl RegionAst {
    /// Where the region is written.
    pub fn span(&self) -> Span {
        match self {
            RegionAst::Ranks { span, .. }
            | RegionAst::Squares { span, .. }
            | RegionAst::Files { span, .. }
            | RegionAst::Union(_, span)
            | RegionAst::Sides { span, .. } => *span,
            RegionAst::Named(n) => n.span,
        }
    }
}

/// `piece NAME { ... }`
#[derive(Clone, Debug)]
pub struct PieceAst {
    /// The piece's name.
    pub name: Name,
    /// Its letters on the first layer.
    pub letters: Option<LettersAst>,
    /// `glyph "W" ["B"]`: how the playground draws it, white's then black's (one for both).
    pub glyph: Vec<Spanned<String>>,
    /// `value 3.2`: its value in pawns for the computer, as written.
    pub value: Option<Spanned<String>>,
    /// Marked `royal`: it may not be left in check, and checkmate ends the game.
    pub royal: bool,
    /// `royal when last [with PIECE...]`: royal only while it is its side's last piece of its
    /// kind (and these kinds); the other kinds named, and the statement's span.
    pub royal_when_last: Option<(Vec<Name>, Span)>,
    /// Its movement in the long form.
    pub atoms: Vec<AtomAst>,
    /// Its movement in Betza notation.
    pub betza: Vec<Spanned<String>>,
    /// `initial REGION`: where its Betza atoms marked `i` apply.
    pub initial: Option<RegionAst>,
    /// `captures without moving`: where it is written.
    pub captures_in_place: Option<Span>,
    /// `captures as victim`: where it is written.
    pub captures_as_victim: Option<Span>,
    /// `within REGION`: where it may move.
    pub within: Option<RegionAst>,
    /// `cannot capture PIECE...`: the kinds it never captures, and the statement's span.
    pub cannot_capture: Vec<(Vec<Name>, Span)>,
    /// `cannot hop over PIECE...`: the kinds its hops never use as a screen, and the span.
    pub cannot_hop_over: Vec<(Vec<Name>, Span)>,
    /// `cannot attack PIECE...`: the kinds it neither captures nor threatens, and the span.
    pub cannot_attack: Vec<(Vec<Name>, Span)>,
    /// `antiroyal`: it must stay attacked (its span).
    pub antiroyal: Option<Span>,
    /// `once lost when aimed by PIECE...`: the kinds, and the statement's span.
    pub once_lost: Vec<(Vec<Name>, Span)>,
    /// `once lost when moved`: its rights survive a capture (the statement's span).
    pub once_lost_when_moved: Option<Span>,
    /// `move anywhere [to REGION] [not in check] when controlled`: each statement.
    pub anywhere: Vec<AnywhereAst>,
    /// The whole `piece ... { ... }` text.
    pub span: Span,
}

/// `move anywhere [to REGION] [not in check] when controlled` (Rampage).
#[derive(Clone, Debug)]
pub struct AnywhereAst {
    /// `to REGION`: only onto these squares.
    pub landing: Option<RegionAst>,
    /// `not in check`: only while its side is not in check.
    pub not_in_check: bool,
    /// The whole statement.
    pub span: Span,
}

/// `letters W b`: white's letter, then black's (`-` for none).
#[derive(Clone, Debug)]
pub struct LettersAst {
    /// White's letter.
    pub white: Spanned<char>,
    /// Black's letter.
    pub black: Spanned<char>,
    /// Written `+P +p`: the promoted form of the piece written `P`.
    pub promoted: bool,
}

impl LettersAst {
    /// From the first letter to the second.
    pub fn span(&self) -> Span {
        Span::new(self.white.span.start, self.black.span.end)
    }
}

/// `[move|capture] leap|ride (x,y) [directions] [range N] [from REGION]`
#[derive(Clone, Debug)]
pub struct AtomAst {
    /// Move, capture or both.
    pub modality: Modality,
    /// `ride` (repeats the step), not `leap`.
    pub ride: bool,
    /// `hop` (over a screen).
    pub hop: bool,
    /// `lame` or `jumping` before a leap.
    pub path: Option<Spanned<crate::ir::LeapPath>>,
    /// The offset (files, ranks); it stands for its rotations and reflections.
    pub vector: Spanned<(i64, i64)>,
    /// Direction words that keep some of the images.
    pub directions: Vec<Name>,
    /// `range N`: at most N steps.
    pub range: Option<Spanned<i64>>,
    /// `span N` on a hop: it lands at most N steps from its own square.
    pub hop_span: Option<Spanned<i64>>,
    /// `from REGION`: only from these squares.
    pub origin: Option<RegionAst>,
    /// `to REGION`: only onto these squares.
    pub landing: Option<RegionAst>,
    /// `once [not in check]`: only with the first-move right (the flag: not in check either).
    pub once: Option<Spanned<bool>>,
    /// `when guarded by PIECE...`: the kinds, and the clause's span.
    pub guarded: Option<(Vec<Name>, Span)>,
    /// `when guarding PIECE...` in place of `when guarded by`: the piece itself reaches one.
    pub guarding: bool,
    /// The whole atom.
    pub span: Span,
}

/// `remove ...`: what to take away from the parent.
#[derive(Clone, Debug)]
pub enum RemoveAst {
    /// `remove piece A B`
    Pieces(Vec<Name>),
    /// `remove castling K Q`
    Castling(Vec<Spanned<char>>),
    /// `remove effect A`
    Effects(Vec<Name>),
    /// `remove promotion PIECE`
    Promotions(Vec<Name>),
    /// `remove en passant`
    EnPassant(Span),
    /// `remove check`
    Check(Span),
    /// `remove end checkmate ...`
    End(Vec<Spanned<EndCond>>),
    /// `remove region A`
    Regions(Vec<Name>),
    /// `remove hand`
    Hand(Span),
}

/// `promotion PIECE { zone ... to ... }`
#[derive(Clone, Debug)]
pub struct PromotionAst {
    /// The promoting piece.
    pub piece: Name,
    /// Where it promotes.
    pub zone: Option<RegionAst>,
    /// What it may become.
    pub choices: Vec<PromotionChoice>,
    /// `optional`
    pub optional: bool,
    /// `from zone`
    pub from_zone: bool,
    /// `in place`, where it is written.
    pub in_place: Option<Span>,
    /// `on capture`, where it is written.
    pub on_capture: Option<Span>,
    /// `not on capture`, where it is written.
    pub not_on_capture: Option<Span>,
    /// `limit PIECE N, ...`
    pub limits: Vec<(Name, Spanned<i64>)>,
    /// The whole item.
    pub span: Span,
}

/// `[white|black] to PIECE...` in a promotion.
#[derive(Clone, Debug)]
pub struct PromotionChoice {
    /// The side these choices are for; `None` for both.
    pub side: Option<SideAst>,
    /// The pieces to promote to.
    pub pieces: Vec<Name>,
    /// `enemy`: pieces of the other side.
    pub enemy: bool,
    /// `within REGION`: only for a move that ends there.
    pub within: Option<RegionAst>,
    /// The whole statement.
    pub span: Span,
}

/// `K king e1 to g1  rook h1 to f1  empty f1 g1  safe e1 f1`
#[derive(Clone, Debug)]
pub struct CastleAst {
    /// The FEN castling flag (upper case: white).
    pub flag: Spanned<char>,
    /// The piece that castles as the king.
    pub king: Name,
    /// The king's square.
    pub king_from: Spanned<String>,
    /// The king's destination.
    pub king_to: Spanned<String>,
    /// The piece that castles as the rook.
    pub rook: Name,
    /// The rook's square.
    pub rook_from: Spanned<String>,
    /// The rook's destination.
    pub rook_to: Spanned<String>,
    /// Squares that must be empty.
    pub empty: Vec<Spanned<String>>,
    /// Squares that must not be attacked.
    pub safe: Vec<Spanned<String>>,
    /// The whole entry.
    pub span: Span,
}

/// A condition that ends the game.
#[derive(Clone, Debug)]
pub enum EndCond {
    /// `checkmate`
    Checkmate,
    /// `stalemate`
    Stalemate,
    /// `campmate REGION`: a royal piece reached the region (none in `remove end campmate`).
    Campmate(Option<RegionAst>),
    /// `royal captured`
    RoyalCaptured,
    /// `extinct [white|black] PIECE...|all [in REGION] [at most N] [against [at most] N] [claim
    /// [by capture]]` (no pieces in
    /// `remove end`).
    Extinct {
        /// `white` or `black`: only that side is tested; both when not given.
        side: Option<SideAst>,
        /// The pieces counted; empty for `all`.
        kinds: Vec<Name>,
        /// `king + queen`: the kinds are counted together, not each on its own.
        together: bool,
        /// `in REGION`: only the pieces standing there count.
        region: Option<RegionAst>,
        /// `at most N`
        at_most: Option<Spanned<i64>>,
        /// `against N`
        against: Option<Spanned<i64>>,
        /// `against at most N`: the other side has at most N, not at least.
        against_at_most: bool,
        /// `claim`
        claim: bool,
        /// `claim by capture`: the side to move is spared only while it attacks one of them.
        claim_by_capture: bool,
    },
    /// `reach REGION [with PIECE...] [count N [or full]] [answered|held|safe]` (no region in `remove end`).
    Reach {
        /// The region.
        region: Option<RegionAst>,
        /// The pieces that count; empty for any.
        kinds: Vec<Name>,
        /// When reaching it ends the game.
        rule: crate::ir::ReachRule,
        /// `count N`: at least N of them at once.
        count: Option<Spanned<i64>>,
        /// `or full`: or one of them, the region full.
        full: bool,
    },
    /// `checks N` (0 in `remove end`).
    Checks(Spanned<i64>),
    /// `captures N` (0 in `remove end`): the pieces a side has taken.
    Captures(Spanned<i64>),
    /// `royals facing`
    RoyalsFacing,
    /// `double pass`
    DoublePass,
    /// `board full`
    BoardFull,
    /// `castling FLAG...` (no flags in `remove end`)
    Castled(Vec<Spanned<char>>),
    /// `connect SHAPE [with PIECE...] [along LINE...]` (`None` in `remove end`).
    Connect(Option<ConnectAst>),
}

/// `connect 4 with stone along files ranks`: pieces of the side that just moved in a row, a
/// block or a chain.
#[derive(Clone, Debug)]
pub struct ConnectAst {
    /// `connect black 4`: only that side's pieces count; both sides' when left out.
    pub side: Option<SideAst>,
    /// What they must form.
    pub shape: ConnectShapeAst,
    /// The pieces that count; empty for any.
    pub kinds: Vec<Name>,
    /// `along ...`: the lines that count, each with its span; empty for all three.
    pub along: Vec<Spanned<crate::ir::ConnectLine>>,
    /// `answered`, where written: black may answer white's connection with its own, a draw.
    pub answered: Option<Span>,
    /// The whole condition.
    pub span: Span,
}

/// What a `connect` condition asks the pieces to form.
#[derive(Clone, Debug)]
pub enum ConnectShapeAst {
    /// `N`: that many in a row.
    Row(Spanned<i64>),
    /// `collinear N`: that many on one line, with any squares between.
    Collinear(Spanned<i64>),
    /// `W x H`: a block W files wide and H ranks high.
    Block(Spanned<i64>, Spanned<i64>),
    /// `REGION to REGION`: a chain from one region to the other.
    Path(RegionAst, RegionAst),
}

impl EndCond {
    /// The key under which the condition is known to `remove end`.
    pub fn key(&self) -> &'static str {
        match self {
            EndCond::Checkmate => "checkmate",
            EndCond::Stalemate => "stalemate",
            EndCond::Campmate(_) => "campmate",
            EndCond::RoyalCaptured => "royal captured",
            EndCond::Extinct { .. } => "extinct",
            EndCond::Reach { .. } => "reach",
            EndCond::Checks(_) => "checks",
            EndCond::Captures(_) => "captures",
            EndCond::RoyalsFacing => "royals facing",
            EndCond::DoublePass => "double pass",
            EndCond::BoardFull => "board full",
            EndCond::Castled(_) => "castling",
            EndCond::Connect(_) => "connect",
        }
    }
}

/// `CONDITION wins|draws|loses`
#[derive(Clone, Debug)]
pub struct EndRuleAst {
    /// The condition.
    pub cond: Spanned<EndCond>,
    /// The result.
    pub result: Spanned<Outcome>,
    /// `from move N`: tested only from this move number on.
    pub from_move: Option<Spanned<i64>>,
    /// `by points ...`: the points of each kind, and the side's bonus.
    pub points: Option<PointsAst>,
}

/// `by points rook 13 cannon 7 ... [white|black N]`
#[derive(Clone, Debug)]
pub struct PointsAst {
    /// (kind, its points as written).
    pub values: Vec<(Name, Spanned<String>)>,
    /// The side with points besides (white: false, black: true), and how many.
    pub bonus: Option<(bool, Spanned<String>)>,
}

/// `effect NAME { from ... rays|around ... when ...: ... finally ... }`
#[derive(Clone, Debug)]
pub struct EffectAst {
    /// The effect's name.
    pub name: Name,
    /// Where it starts.
    pub origin: Spanned<OriginKind>,
    /// `within REGION`: only from an origin standing there.
    pub within: Option<RegionAst>,
    /// `where CONDITION` on the origin.
    pub origin_filter: Option<ExprAst>,
    /// Which squares it looks at (none: only its `finally` lines act).
    pub scan: Option<ScanAst>,
    /// `when CONDITION: ACTIONS`, in order.
    pub clauses: Vec<ClauseAst>,
    /// `finally [when CONDITION:] ACTIONS`, in order.
    pub finally: Vec<FinallyAst>,
    /// `required`: a move after which the effect changed nothing is not legal.
    pub required: Option<Span>,
    /// `no suicide`: a move after which the moved piece's group has no liberty is not legal.
    pub no_suicide: Option<Span>,
    /// The whole item.
    pub span: Span,
}

/// The squares an effect looks at.
#[derive(Clone, Debug)]
pub enum ScanAst {
    /// `rays (x,y) [directions]`: the first piece along each ray.
    Rays {
        /// The step.
        vector: Spanned<(i64, i64)>,
        /// Direction words that keep some of the rays.
        directions: Vec<Name>,
        /// The whole scan.
        span: Span,
    },
    /// `enclosed (x,y)...`: along each ray, the enemy pieces a friendly one closes.
    Enclosed {
        /// The steps.
        vectors: Vec<Spanned<(i64, i64)>>,
        /// The whole scan.
        span: Span,
    },
    /// `surrounded (x,y)...`: the enemy groups next to the origin with no empty square next
    /// to them.
    Surrounded {
        /// The steps.
        vectors: Vec<Spanned<(i64, i64)>>,
        /// The whole scan.
        span: Span,
    },
    /// `around (x,y)...`: the pieces at these offsets.
    Around {
        /// The offsets.
        vectors: Vec<Spanned<(i64, i64)>>,
        /// The whole scan.
        span: Span,
    },
    /// `attacked`: the pieces the origin piece attacks.
    Attacked(Span),
}

/// `finally [when CONDITION:] ACTION, ...`
#[derive(Clone, Debug)]
pub struct FinallyAst {
    /// The condition, if any.
    pub when: Option<ExprAst>,
    /// What to do.
    pub actions: Vec<ActionAst>,
}

/// `when CONDITION: ACTION, ...`
#[derive(Clone, Debug)]
pub struct ClauseAst {
    /// The condition.
    pub cond: ExprAst,
    /// What to do when it holds.
    pub actions: Vec<ActionAst>,
}

/// What an effect does to a piece.
#[derive(Clone, Debug)]
pub enum ActionKind {
    /// `nothing`
    Nothing,
    /// `pull`: one square towards the origin.
    Pull,
    /// `push`: one square away from the origin.
    Push,
    /// `remove`: off the board.
    Remove,
    /// `promote`: as if it had reached its promotion zone.
    Promote,
    /// `change ... to PIECE`
    Change(Name),
    /// `change ... to SUBJECT.kind`
    ChangeTo(Spanned<Subject>, Name),
    /// `change ... to SUBJECT.kind + SUBJECT.kind`: what the `merge` table makes of both.
    Merged([(Spanned<Subject>, Name); 2]),
    /// `send ... to [opposite|own] hand [as PIECE]`
    Send(HandOf, Option<Name>),
    /// `flip`: to the side that made the move.
    Flip,
    /// `petrify`: a wall where the piece stood.
    Petrify,
    /// `put ... at departure`: on the square the mover left.
    Put,
}

/// One action of a clause.
#[derive(Clone, Debug)]
pub struct ActionAst {
    /// What it does.
    pub kind: ActionKind,
    /// To which piece (`target` when not written).
    pub subject: Option<Spanned<Subject>>,
    /// The whole action.
    pub span: Span,
}

/// A condition or a value in an effect.
#[derive(Clone, Debug)]
pub enum ExprAst {
    /// `a or b`
    Or(Box<ExprAst>, Box<ExprAst>, Span),
    /// `a and b`
    And(Box<ExprAst>, Box<ExprAst>, Span),
    /// `not a`
    Not(Box<ExprAst>, Span),
    /// `a == b` and the other comparisons
    Cmp(CmpOp, Box<ExprAst>, Box<ExprAst>, Span),
    /// `target.side`, `origin.royal`...
    Field(Spanned<Subject>, Name, Span),
    /// A number.
    Int(i64, Span),
    /// `distance`, `friend`, `enemy`, a piece name.
    Name(Name),
    /// `count friend queen`: how many pieces of a kind a side has on the board.
    Count(Spanned<crate::ir::Relation>, Name, Span),
}

impl ExprAst {
    /// Where it is written.
    pub fn span(&self) -> Span {
        match self {
            ExprAst::Or(_, _, s)
            | ExprAst::And(_, _, s)
            | ExprAst::Not(_, s)
            | ExprAst::Cmp(_, _, _, s)
            | ExprAst::Field(_, _, s)
            | ExprAst::Int(_, s)
            | ExprAst::Count(_, _, s) => *s,
            ExprAst::Name(n) => n.span,
        }
    }
}
