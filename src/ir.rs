//! The intermediate representation: a variant after composition (`extends`), name resolution and
//! validation. Everything is explicit here: Betza strings are expanded to atoms, regions to rank
//! ranges and squares, names to indices. `Display` prints the readable dump that the snapshot
//! tests and `rulebook check --dump` show.

use std::fmt;

use indexmap::IndexMap;

pub use crate::syntax::ast::{CmpOp, CrossWhen, Modality, OriginKind, Outcome, Subject};

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
}

#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub name: String,
    /// Per layer: the letter of each side (white, black); `None` where that side has no such
    /// piece.
    pub letters: Vec<[Option<char>; 2]>,
    pub royal: bool,
    pub atoms: Vec<Atom>,
}

impl Piece {
    /// Whether `side` can have this piece at all.
    pub fn in_army(&self, side: Side) -> bool {
        self.letters[0][side.index()].is_some()
    }
}

/// Direction filters; an atom keeps the images of its offset that pass any of its filters
/// (all of them when it has none). Relative to the side that moves, as in Betza.
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
}

impl Direction {
    pub const ALL: [(&'static str, Direction); 6] = [
        ("forward", Direction::Forward),
        ("backward", Direction::Backward),
        ("left", Direction::Left),
        ("right", Direction::Right),
        ("sideways", Direction::Sideways),
        ("vertical", Direction::Vertical),
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
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// One jump to the offset, whatever stands between.
    Leap,
    /// Repeated steps of the offset until blocked, at most `range` steps.
    Ride { range: Option<u8> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    pub modality: Modality,
    pub kind: AtomKind,
    pub offset: (i8, i8),
    pub directions: Vec<Direction>,
    /// The atom applies only from these squares.
    pub from: Option<Region>,
}

impl Atom {
    /// The concrete step vectors for white: the offset's rotations and reflections that pass
    /// the direction filters, in a fixed order.
    pub fn vectors(&self) -> Vec<(i8, i8)> {
        symmetric_images(self.offset)
            .into_iter()
            .filter(|v| self.directions.is_empty() || self.directions.iter().any(|d| d.keeps(*v)))
            .collect()
    }
    /// The direction filters as written, with a leading space (empty when there are none).
    pub fn directions_text(&self) -> String {
        self.directions
            .iter()
            .map(|d| format!(" {}", d.name()))
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
        self.modality != Modality::Capture
    }
    pub fn can_capture(&self) -> bool {
        self.modality != Modality::Move
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
/// black's rank 8 on an 8-rank board); squares are absolute.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub name: Option<String>,
    /// Inclusive, 1-based, relative to the side.
    pub ranks: Option<(u8, u8)>,
    /// (file, rank), 0-based, absolute.
    pub squares: Vec<(u8, u8)>,
}

impl Region {
    /// Whether the square (0-based file, rank) belongs to the region for `side`.
    pub fn contains(&self, side: Side, file: u8, rank: u8, ranks: u8) -> bool {
        if let Some((a, b)) = self.ranks {
            let rel = match side {
                Side::White => rank + 1,
                Side::Black => ranks - rank,
            };
            if rel >= a && rel <= b {
                return true;
            }
        }
        self.squares.contains(&(file, rank))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Promotion {
    pub zone: Region,
    /// The pieces each side may promote to, in the declared order.
    pub choices: [Vec<PieceId>; 2],
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
}

impl EndCond {
    pub fn name(&self) -> &'static str {
        match self {
            EndCond::Checkmate => "checkmate",
            EndCond::Stalemate => "stalemate",
            EndCond::Campmate(_) => "campmate",
            EndCond::RoyalCaptured => "royal captured",
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

// ---------------------------------------------------------------------------------------------
// The readable dump

pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

impl Variant {
    pub fn piece_name(&self, id: PieceId) -> &str {
        self.pieces
            .get_index(id)
            .map(|(n, _)| n.as_str())
            .unwrap_or("?")
    }

    fn region_text(&self, r: &Region) -> String {
        if let Some(n) = &r.name {
            return format!("{n} ({})", region_body(r));
        }
        region_body(r)
    }
}

fn region_body(r: &Region) -> String {
    let mut parts = vec![];
    if let Some((a, b)) = r.ranks {
        parts.push(if a == b {
            format!("rank {a}")
        } else {
            format!("ranks {a}..{b}")
        });
    }
    if !r.squares.is_empty() {
        parts.push(format!(
            "squares {}",
            r.squares
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

pub fn vec_text((x, y): (i8, i8)) -> String {
    format!("({x},{y})")
}

fn letter(c: Option<char>) -> char {
    c.unwrap_or('-')
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variant {}", self.name)?;
        if let Some(t) = &self.title {
            write!(f, " \"{t}\"")?;
        }
        if !self.lineage.is_empty() {
            write!(f, " (extends {})", self.lineage.join(" < "))?;
        }
        writeln!(f)?;
        writeln!(f, "board {} files x {} ranks", self.files, self.ranks)?;
        if self.layers.len() > 1 {
            writeln!(f, "layers {}", self.layers.join(", "))?;
            match self.cross {
                Some(CrossWhen::Moves) => writeln!(
                    f,
                    "  after every move, each moved piece crosses to the next layer"
                )?,
                Some(CrossWhen::Captures) => writeln!(
                    f,
                    "  after a capture, the capturing piece crosses to the next layer"
                )?,
                None => writeln!(f, "  pieces stay on their layer")?,
            }
        }
        for (name, r) in &self.regions {
            writeln!(f, "region {name}: {}", region_body(r))?;
        }
        writeln!(f, "pieces")?;
        for (name, p) in &self.pieces {
            let mut letters = String::new();
            for (i, l) in p.letters.iter().enumerate() {
                if i > 0 {
                    letters.push_str(&format!("  on {}: ", self.layers[i]));
                }
                letters.push_str(&format!("white {}  black {}", letter(l[0]), letter(l[1])));
            }
            writeln!(
                f,
                "  {name}{}  ({letters})",
                if p.royal { " [royal]" } else { "" }
            )?;
            if p.atoms.is_empty() {
                writeln!(f, "    (no atoms)")?;
            }
            for a in &p.atoms {
                let modality = match a.modality {
                    Modality::Move => "move   ",
                    Modality::Capture => "capture",
                    Modality::Both => "both   ",
                };
                let (kind, range) = match a.kind {
                    AtomKind::Leap => ("leap", String::new()),
                    AtomKind::Ride { range: None } => ("ride", String::new()),
                    AtomKind::Ride { range: Some(r) } => ("ride", format!(" range {r}")),
                };
                let from = a
                    .from
                    .as_ref()
                    .map(|r| format!(" from {}", self.region_text(r)))
                    .unwrap_or_default();
                let dirs = a.directions_text();
                let vectors = a.vectors_text();
                writeln!(
                    f,
                    "    {modality} {kind} {}{dirs}{range}{from}: {vectors}",
                    vec_text(a.offset)
                )?;
            }
        }
        for (piece, p) in &self.promotions {
            writeln!(
                f,
                "promotion of {} in {}",
                self.piece_name(*piece),
                self.region_text(&p.zone)
            )?;
            for side in Side::BOTH {
                let names: Vec<&str> = p.choices[side.index()]
                    .iter()
                    .map(|&c| self.piece_name(c))
                    .collect();
                writeln!(
                    f,
                    "  {:<5} to {}",
                    side.name(),
                    if names.is_empty() {
                        "-".into()
                    } else {
                        names.join(", ")
                    }
                )?;
            }
        }
        if self.en_passant.is_empty() {
            writeln!(f, "en passant: none")?;
        } else {
            let names: Vec<&str> = self
                .en_passant
                .iter()
                .map(|&p| self.piece_name(p))
                .collect();
            writeln!(f, "en passant: {}", names.join(", "))?;
        }
        if self.castling.is_empty() {
            writeln!(f, "castling: none")?;
        } else {
            writeln!(f, "castling")?;
            for (flag, c) in &self.castling {
                let squares = |v: &[(u8, u8)]| {
                    v.iter()
                        .map(|&(a, b)| square_name(a, b))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                writeln!(
                    f,
                    "  {flag} {}: {} {}-{}, {} {}-{}; empty {}; safe {}",
                    c.side.name(),
                    self.piece_name(c.king),
                    square_name(c.king_from.0, c.king_from.1),
                    square_name(c.king_to.0, c.king_to.1),
                    self.piece_name(c.rook),
                    square_name(c.rook_from.0, c.rook_from.1),
                    square_name(c.rook_to.0, c.rook_to.1),
                    squares(&c.empty),
                    squares(&c.safe)
                )?;
            }
        }
        writeln!(f, "start {}", self.start)?;
        match (self.check.at_move, self.check.at_final) {
            (false, false) => {
                writeln!(f, "check: none (a move may leave the royal piece attacked)")?
            }
            (false, true) => writeln!(
                f,
                "check: the mover's royal piece may not be attacked after the move"
            )?,
            (true, false) => writeln!(
                f,
                "check: a royal piece that moves may not stand attacked right after its move, before crossings and effects"
            )?,
            (true, true) => writeln!(
                f,
                "check: a royal piece that moves may not stand attacked right after its move, before crossings and effects;\n  and the mover's royal piece may not be attacked after the move"
            )?,
        }
        let mut resets: Vec<&str> = vec![];
        if self.halfmove.capture {
            resets.push("capture");
        }
        resets.extend(self.halfmove.pieces.iter().map(|&p| self.piece_name(p)));
        writeln!(
            f,
            "halfmove clock reset by: {}",
            if resets.is_empty() {
                "nothing".into()
            } else {
                resets.join(", ")
            }
        )?;
        writeln!(f, "end, in this order")?;
        for r in &self.end {
            let result = match r.result {
                Outcome::Wins => "the mover wins",
                Outcome::Draws => "draw",
                Outcome::Loses => "the mover loses",
            };
            let cond = match &r.cond {
                EndCond::Campmate(region) => format!("campmate in {}", self.region_text(region)),
                c => c.name().to_string(),
            };
            writeln!(f, "  {cond}: {result}")?;
        }
        for (name, e) in &self.effects {
            writeln!(f, "effect {name}")?;
            let origin = match e.origin {
                OriginKind::Moved => "each moved piece, on its arrival square",
                OriginKind::Capture => "the capture square, when the move captured",
            };
            write!(f, "  from {origin}")?;
            if let Some(filter) = &e.origin_filter {
                write!(f, ", where {}", self.expr_text(filter))?;
            }
            writeln!(f)?;
            match &e.scan {
                Scan::Rays(v) => writeln!(
                    f,
                    "  first piece on the rays {}",
                    v.iter().map(|&x| vec_text(x)).collect::<Vec<_>>().join(" ")
                )?,
                Scan::Around(v) => writeln!(
                    f,
                    "  each piece at {}",
                    v.iter().map(|&x| vec_text(x)).collect::<Vec<_>>().join(" ")
                )?,
            }
            for c in &e.clauses {
                writeln!(
                    f,
                    "  when {}: {}",
                    self.expr_text(&c.cond),
                    self.actions_text(&c.actions)
                )?;
            }
            if !e.finally.is_empty() {
                writeln!(f, "  finally {}", self.actions_text(&e.finally))?;
            }
        }
        Ok(())
    }
}

fn subject_name(s: Subject) -> &'static str {
    match s {
        Subject::Target => "target",
        Subject::Origin => "origin",
    }
}

impl Variant {
    fn value_text(&self, v: &Value) -> String {
        match v {
            Value::Field(s, fl) => format!(
                "{}.{}",
                subject_name(*s),
                match fl {
                    Field::Side => "side",
                    Field::Kind => "kind",
                    Field::Royal => "royal",
                }
            ),
            Value::Distance => "distance".into(),
            Value::Int(i) => i.to_string(),
            Value::Relation(Relation::Friend) => "friend".into(),
            Value::Relation(Relation::Enemy) => "enemy".into(),
            Value::Kind(k) => self.piece_name(*k).into(),
        }
    }

    pub fn expr_text(&self, e: &Expr) -> String {
        match e {
            Expr::And(a, b) => format!("({} and {})", self.expr_text(a), self.expr_text(b)),
            Expr::Or(a, b) => format!("({} or {})", self.expr_text(a), self.expr_text(b)),
            Expr::Not(a) => format!("not {}", self.expr_text(a)),
            Expr::Truth(s, fl) => self.value_text(&Value::Field(*s, *fl)),
            Expr::Cmp(op, a, b) => {
                let op = match op {
                    CmpOp::Eq => "==",
                    CmpOp::Ne => "!=",
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                };
                format!("{} {op} {}", self.value_text(a), self.value_text(b))
            }
        }
    }

    fn actions_text(&self, actions: &[Action]) -> String {
        actions
            .iter()
            .map(|a| match a {
                Action::Nothing => "nothing".to_string(),
                Action::Pull(s) => format!("pull {} next to the origin", subject_name(*s)),
                Action::Push(s) => format!(
                    "push {} away to the edge or the next piece",
                    subject_name(*s)
                ),
                Action::Remove(s) => format!("remove {}", subject_name(*s)),
                Action::Promote(s) => format!("promote {} if in its zone", subject_name(*s)),
                Action::Change(s, k) => {
                    format!("change {} to {}", subject_name(*s), self.piece_name(*k))
                }
            })
            .collect::<Vec<_>>()
            .join(", then ")
    }
}
