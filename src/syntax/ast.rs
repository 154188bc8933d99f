//! The syntax tree of a variant file: what the user wrote, with the byte span of every part, so
//! that lowering can point at the exact text when something is wrong.

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

pub type Name = Spanned<String>;

#[derive(Clone, Debug)]
pub struct File {
    pub header: Header,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub struct Header {
    pub name: Name,
    pub title: Option<String>,
    pub extends: Option<Name>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideAst {
    White,
    Black,
}

#[derive(Clone, Debug)]
pub enum Item {
    Board {
        files: Spanned<i64>,
        ranks: Spanned<i64>,
        span: Span,
    },
    Layers(LayersAst),
    Region {
        replace: bool,
        name: Name,
        region: RegionAst,
        span: Span,
    },
    Piece {
        replace: bool,
        piece: PieceAst,
    },
    Remove(RemoveAst),
    Promotion {
        replace: bool,
        promotion: PromotionAst,
    },
    EnPassant {
        pieces: Vec<Name>,
        span: Span,
    },
    Castling {
        replace: bool,
        castles: Vec<CastleAst>,
        span: Span,
    },
    Start {
        fen: Spanned<String>,
        span: Span,
    },
    Check {
        at_move: bool,
        at_final: bool,
        span: Span,
    },
    Halfmove {
        capture: bool,
        pieces: Vec<Name>,
        span: Span,
    },
    End {
        replace: bool,
        rules: Vec<EndRuleAst>,
        span: Span,
    },
    Effect {
        replace: bool,
        effect: EffectAst,
    },
}

#[derive(Clone, Debug)]
pub struct LayersAst {
    pub layers: Vec<LayerAst>,
    pub cross: Option<Spanned<CrossWhen>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct LayerAst {
    pub name: Name,
    pub letters: Vec<LetterAssign>,
}

#[derive(Clone, Debug)]
pub struct LetterAssign {
    pub piece: Name,
    pub white: Spanned<char>,
    pub black: Spanned<char>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossWhen {
    Moves,
    Captures,
}

#[derive(Clone, Debug)]
pub enum RegionAst {
    Ranks {
        from: Spanned<i64>,
        to: Spanned<i64>,
        span: Span,
    },
    Squares {
        squares: Vec<Spanned<String>>,
        span: Span,
    },
    Named(Name),
}

impl RegionAst {
    pub fn span(&self) -> Span {
        match self {
            RegionAst::Ranks { span, .. } | RegionAst::Squares { span, .. } => *span,
            RegionAst::Named(n) => n.span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct PieceAst {
    pub name: Name,
    pub letters: Option<(Spanned<char>, Spanned<char>)>,
    pub royal: bool,
    pub atoms: Vec<AtomAst>,
    pub betza: Vec<Spanned<String>>,
    /// The whole `piece ... { ... }` text.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modality {
    Move,
    Capture,
    Both,
}

#[derive(Clone, Debug)]
pub struct AtomAst {
    pub modality: Modality,
    pub ride: bool,
    pub vector: Spanned<(i64, i64)>,
    pub directions: Vec<Name>,
    pub range: Option<Spanned<i64>>,
    pub origin: Option<RegionAst>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RemoveAst {
    Pieces(Vec<Name>),
    Castling(Vec<Spanned<char>>),
    Effects(Vec<Name>),
    Promotions(Vec<Name>),
    EnPassant(Span),
    Check(Span),
    End(Vec<Spanned<EndCond>>),
    Regions(Vec<Name>),
}

#[derive(Clone, Debug)]
pub struct PromotionAst {
    pub piece: Name,
    pub zone: Option<RegionAst>,
    /// (side or both, choices)
    pub choices: Vec<(Option<SideAst>, Vec<Name>, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct CastleAst {
    pub flag: Spanned<char>,
    pub king: Name,
    pub king_from: Spanned<String>,
    pub king_to: Spanned<String>,
    pub rook: Name,
    pub rook_from: Spanned<String>,
    pub rook_to: Spanned<String>,
    pub empty: Vec<Spanned<String>>,
    pub safe: Vec<Spanned<String>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum EndCond {
    Checkmate,
    Stalemate,
    Campmate(Option<RegionAst>),
    RoyalCaptured,
}

impl EndCond {
    /// The key under which the condition is known to `remove end`.
    pub fn key(&self) -> &'static str {
        match self {
            EndCond::Checkmate => "checkmate",
            EndCond::Stalemate => "stalemate",
            EndCond::Campmate(_) => "campmate",
            EndCond::RoyalCaptured => "royal captured",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Wins,
    Draws,
    Loses,
}

#[derive(Clone, Debug)]
pub struct EndRuleAst {
    pub cond: Spanned<EndCond>,
    pub result: Spanned<Outcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OriginKind {
    Moved,
    Capture,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    Target,
    Origin,
}

#[derive(Clone, Debug)]
pub struct EffectAst {
    pub name: Name,
    pub origin: Spanned<OriginKind>,
    pub origin_filter: Option<ExprAst>,
    pub scan: ScanAst,
    pub clauses: Vec<ClauseAst>,
    pub finally: Vec<ActionAst>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ScanAst {
    Rays {
        vector: Spanned<(i64, i64)>,
        directions: Vec<Name>,
        span: Span,
    },
    Around {
        vectors: Vec<Spanned<(i64, i64)>>,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct ClauseAst {
    pub cond: ExprAst,
    pub actions: Vec<ActionAst>,
}

#[derive(Clone, Debug)]
pub enum ActionKind {
    Nothing,
    Pull,
    Push,
    Remove,
    Promote,
    Change(Name),
}

#[derive(Clone, Debug)]
pub struct ActionAst {
    pub kind: ActionKind,
    pub subject: Option<Spanned<Subject>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug)]
pub enum ExprAst {
    Or(Box<ExprAst>, Box<ExprAst>, Span),
    And(Box<ExprAst>, Box<ExprAst>, Span),
    Not(Box<ExprAst>, Span),
    Cmp(CmpOp, Box<ExprAst>, Box<ExprAst>, Span),
    Field(Spanned<Subject>, Name, Span),
    Int(i64, Span),
    Name(Name),
}

impl ExprAst {
    pub fn span(&self) -> Span {
        match self {
            ExprAst::Or(_, _, s)
            | ExprAst::And(_, _, s)
            | ExprAst::Not(_, s)
            | ExprAst::Cmp(_, _, _, s)
            | ExprAst::Field(_, _, s)
            | ExprAst::Int(_, s) => *s,
            ExprAst::Name(n) => n.span,
        }
    }
}
