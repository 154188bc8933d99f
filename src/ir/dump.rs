//! The readable dump of the IR that the snapshot tests and `rulebook check --dump` show.

use std::fmt;

use super::*;

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
                    Modality::Attack => "attack ",
                };
                let (kind, range) = match a.kind {
                    AtomKind::Leap if a.path == LeapPath::Lame => ("lame leap", String::new()),
                    AtomKind::Leap if a.path == LeapPath::Jump => ("jumping leap", String::new()),
                    AtomKind::Leap => ("leap", String::new()),
                    AtomKind::Ride { range: None } => ("ride", String::new()),
                    AtomKind::Ride { range: Some(r) } => ("ride", format!(" range {r}")),
                    AtomKind::Hop { range: None } => ("hop", String::new()),
                    AtomKind::Hop { range: Some(r) } => ("hop", format!(" range {r}")),
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
