//! The readable dump of the IR that the snapshot tests and `rulebook check --dump` show.

use std::fmt;

use super::*;

/// How a falling or sliding drop comes to rest, in words.
/// `first within REGION` in words.
fn first_text(region: &str) -> String {
    format!(
        "first within {region}: while one of its squares is empty, dropped there, no effect required"
    )
}

fn slide_text(s: DropSlide) -> &'static str {
    match s {
        DropSlide::Falling => "falling: in at the top of a file, down to the first piece or rank 1",
        DropSlide::Sliding => {
            "sliding: in at any edge along a rank or file, on to the next piece or the far edge"
        }
    }
}

/// The name of a square from its 0-based file and rank (`e4`).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

impl Variant {
    /// The name of a piece kind.
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

/// `e1 f1 g1`
fn squares(v: &[(u8, u8)]) -> String {
    v.iter()
        .map(|&(a, b)| square_name(a, b))
        .collect::<Vec<_>>()
        .join(" ")
}

fn region_body(r: &Region) -> String {
    r.text()
}

/// An offset as written, `(x,y)`.
pub fn vec_text((x, y): (i8, i8)) -> String {
    format!("({x},{y})")
}

fn letter(c: Option<char>) -> char {
    c.unwrap_or('-')
}

fn list(names: Vec<&str>) -> String {
    if names.is_empty() {
        "-".into()
    } else {
        names.join(", ")
    }
}

type Out<'a, 'b> = &'a mut fmt::Formatter<'b>;

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.dump_board(f)?;
        for (name, r) in &self.regions {
            writeln!(f, "region {name}: {}", region_body(r))?;
        }
        self.dump_pieces(f)?;
        self.dump_promotions(f)?;
        self.dump_en_passant(f)?;
        self.dump_castling(f)?;
        self.dump_hands(f)?;
        writeln!(f, "start {}", self.start)?;
        self.dump_check(f)?;
        if self.pass {
            writeln!(f, "{}", self.pass_text())?;
        }
        self.dump_turn(f)?;
        self.dump_halfmove(f)?;
        self.dump_end(f)?;
        for (name, e) in &self.effects {
            self.dump_effect(f, name, e)?;
        }
        self.dump_petrify(f)?;
        self.dump_merges(f)?;
        Ok(())
    }
}

/// One section of the dump, rendered alone.
struct Section<'a>(&'a Variant, fn(&Variant, Out) -> fmt::Result);

impl fmt::Display for Section<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.1)(self.0, f)
    }
}

/// The rule topics `explain` knows, in the order of the dump.
pub const RULE_TOPICS: &[&str] = &[
    "board",
    "promotion",
    "en-passant",
    "castling",
    "hands",
    "start",
    "check",
    "turn",
    "halfmove",
    "end",
    "effects",
];

impl Variant {
    /// The rules of one topic of [`RULE_TOPICS`] in words, from the IR; empty when the
    /// variant has nothing of it.
    pub fn rule_text(&self, topic: &str) -> String {
        let section: fn(&Variant, Out) -> fmt::Result = match topic {
            "board" => |v, f| {
                v.dump_board(f)?;
                for (name, r) in &v.regions {
                    writeln!(f, "region {name}: {}", region_body(r))?;
                }
                Ok(())
            },
            "promotion" => |v, f| {
                if v.promotions.is_empty() {
                    writeln!(f, "promotion: none")
                } else {
                    v.dump_promotions(f)
                }
            },
            "en-passant" => Variant::dump_en_passant,
            "castling" => Variant::castling_words,
            "hands" => |v, f| {
                if v.hands.is_none() {
                    writeln!(f, "hands: none (no drops)")
                } else {
                    v.dump_hands(f)
                }
            },
            "start" => |v, f| writeln!(f, "start {}", v.start),
            "check" => |v, f| {
                v.dump_check(f)?;
                if v.pass {
                    writeln!(f, "{}", v.pass_text())?;
                }
                Ok(())
            },
            "turn" => |v, f| match v.turn {
                None => writeln!(f, "turn: one move a turn"),
                Some(_) => v.dump_turn(f),
            },
            "halfmove" => Variant::dump_halfmove,
            "end" => Variant::dump_end,
            "effects" => |v, f| {
                if v.effects.is_empty() && v.petrify.is_empty() {
                    writeln!(f, "effects: none")?;
                }
                for (name, e) in &v.effects {
                    v.dump_effect(f, name, e)?;
                }
                v.dump_petrify(f)?;
                v.dump_merges(f)
            },
            _ => return String::new(),
        };
        Section(self, section).to_string()
    }

    /// How one piece captures, where it does not simply take by landing on its victim.
    fn capture_way_text(&self, id: PieceId) -> String {
        let mut out = String::new();
        let Some((_, p)) = self.pieces.get_index(id) else {
            return out;
        };
        if p.captures_as_victim {
            out.push_str("  captures as its victim would: a piece (not a royal one) where a piece of that kind of its own side, on its square, would take it; its own moves take nothing, but still attack\n");
        }
        if p.captures_in_place {
            out.push_str("  captures without moving: the victim goes, it stays on its square (and loses its castling rights)\n");
        }
        out
    }

    /// What a piece may not capture or threaten, whose pieces it captures, and whether it must
    /// stay attacked.
    fn capture_text(&self, p: &Piece) -> String {
        let mut out = String::new();
        let names = |kinds: &mut dyn Iterator<Item = &PieceId>| -> Vec<&str> {
            kinds.map(|&k| self.piece_name(k)).collect()
        };
        let spared = names(
            &mut p
                .cannot_capture
                .iter()
                .filter(|k| !p.cannot_attack.contains(k)),
        );
        if !spared.is_empty() {
            out.push_str(&format!(
                "  never captures: {} (it still threatens them)\n",
                list(spared)
            ));
        }
        if !p.cannot_attack.is_empty() {
            out.push_str(&format!(
                "  never captures nor threatens: {}\n",
                list(names(&mut p.cannot_attack.iter()))
            ));
        }
        if p.antiroyal {
            out.push_str(
                "  antiroyal: it must stay attacked by the other side (left unattacked, its side is in check)\n",
            );
        }
        out
    }

    /// What the rules other than movement say of one piece: its promotion, en passant,
    /// castling, drops.
    pub fn piece_rules_text(&self, id: PieceId) -> String {
        let mut out = self.capture_way_text(id);
        if let Some(p) = self.pieces.get_index(id).map(|(_, p)| p) {
            out.push_str(&self.capture_text(p));
        }
        if let Some(p) = self.pieces.get_index(id).map(|(_, p)| p)
            && !p.cannot_hop_over.is_empty()
        {
            let names: Vec<&str> = p
                .cannot_hop_over
                .iter()
                .map(|&k| self.piece_name(k))
                .collect();
            out.push_str(&format!(
                "  never hops over: {} (of either side)\n",
                list(names)
            ));
        }
        if self.petrify.contains(&id) {
            out.push_str(if self.pieces[id].royal {
                "  never captures: it would turn to stone (see `explain effects`)\n"
            } else {
                "  turns to stone when it captures: its square becomes a wall\n"
            });
        }
        if let Some(p) = self.promotions.get(&id) {
            out.push_str(&format!("  promotes in {}", self.region_text(&p.zone)));
            let names: Vec<&str> = p.choices[0].iter().map(|&c| self.piece_name(c)).collect();
            out.push_str(&format!(" to {}", list(names)));
            if p.optional {
                out.push_str(" (or stays)");
            }
            out.push('\n');
        }
        for (&from, p) in &self.promotions {
            if from != id && p.choices.iter().any(|c| c.contains(&id)) {
                out.push_str(&format!(
                    "  a {} may promote to it\n",
                    self.piece_name(from)
                ));
            }
        }
        if self.en_passant.contains(&id) {
            out.push_str(
                "  captures en passant, and may be taken en passant after a double step\n",
            );
        }
        if self.castling.values().any(|c| c.king == id) {
            out.push_str("  castles (see `explain castling`)\n");
        }
        if self.castling.values().any(|c| c.rook == id) {
            out.push_str("  is the rook of a castling (see `explain castling`)\n");
        }
        out.push_str(&self.drop_rules_text(id));
        out
    }

    /// How a piece in hand is dropped, as a line of `piece_rules_text` (empty when it is not).
    fn drop_rules_text(&self, id: PieceId) -> String {
        let Some(d) = self.hands.as_ref().and_then(|h| h.rules.get(&id)) else {
            return String::new();
        };
        let mut rules = vec![];
        if let Some(r) = &d.region {
            rules.push(format!("within {}", self.region_text(r)));
        }
        if let Some(n) = d.per_file {
            rules.push(format!("at most {n} per file"));
        }
        if d.no_mate {
            rules.push("not to checkmate".to_string());
        }
        if d.mate_refused {
            rules.push("never to checkmate".to_string());
        }
        if let Some(s) = d.slide {
            rules.push(slide_text(s).to_string());
        }
        if let Some(r) = &d.first_within {
            rules.push(first_text(&self.region_text(r)));
        }
        if d.free {
            rules.push("free: not taken from the hand".to_string());
        }
        if d.next_to_own {
            rules.push("next to a piece of its side".to_string());
        }
        rules.extend(d.near.iter().map(near_text));
        if d.never {
            rules.push("never: it stays in the hand".to_string());
        }
        format!("  dropped {}\n", rules.join(", "))
    }

    /// Castling in sentences: where king and rook go, what must be empty and safe.
    fn castling_words(&self, f: Out) -> fmt::Result {
        if self.castling_rule.is_some() || self.castling.is_empty() {
            return self.dump_castling(f);
        }
        writeln!(f, "castling (FEN flag: what happens)")?;
        for (flag, c) in &self.castling {
            write!(
                f,
                "  {flag}: the {} {} goes {} to {} and the {} {} to {}",
                c.side.name(),
                self.piece_name(c.king),
                square_name(c.king_from.0, c.king_from.1),
                square_name(c.king_to.0, c.king_to.1),
                self.piece_name(c.rook),
                square_name(c.rook_from.0, c.rook_from.1),
                square_name(c.rook_to.0, c.rook_to.1),
            )?;
            if !c.empty.is_empty() {
                write!(f, "; {} must be empty", squares(&c.empty))?;
            }
            if !c.safe.is_empty() {
                write!(f, "; {} may not be attacked", squares(&c.safe))?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "  only while neither piece has moved (the flag is still in the FEN)"
        )
    }

    fn dump_board(&self, f: Out) -> fmt::Result {
        write!(f, "variant {}", self.name)?;
        if let Some(t) = &self.title {
            write!(f, " \"{t}\"")?;
        }
        if !self.lineage.is_empty() {
            write!(f, " (extends {})", self.lineage.join(" < "))?;
        }
        writeln!(f)?;
        for c in &self.catalogs {
            writeln!(f, "catalog {} {:?}", c.catalog.key(), c.name)?;
        }
        let drawn = if self.intersections {
            " (drawn on intersections)"
        } else {
            ""
        };
        let last_file = (b'a' + self.files.saturating_sub(1)) as char;
        let wrap = match (self.wrap.files, self.wrap.ranks) {
            (true, true) => " (files and ranks wrap)".to_string(),
            (true, false) => format!(" (files wrap: {last_file} is next to a)"),
            (false, true) => format!(" (ranks wrap: rank {} is next to rank 1)", self.ranks),
            (false, false) => String::new(),
        };
        writeln!(
            f,
            "board {} files x {} ranks{wrap}{drawn}",
            self.files, self.ranks
        )?;
        if self.layers.len() > 1 {
            writeln!(f, "layers {}", self.layers.join(", "))?;
            writeln!(
                f,
                "{}",
                match self.cross {
                    Some(CrossWhen::Moves) =>
                        "  after every move, each moved piece crosses to the next layer",
                    Some(CrossWhen::Captures) =>
                        "  after a capture, the capturing piece crosses to the next layer",
                    None => "  pieces stay on their layer",
                }
            )?;
        }
        self.dump_walls(f)
    }

    /// The wall rules and holes.
    fn dump_walls(&self, f: Out) -> fmt::Result {
        if self.moving_wall {
            writeln!(
                f,
                "moving wall: after every move, the mover moves the wall to an empty square"
            )?;
        }
        if self.wall_behind {
            writeln!(
                f,
                "wall behind: every move leaves a wall on the square the moved piece left"
            )?;
        }
        if self.hole_behind {
            writeln!(
                f,
                "hole behind: every move leaves a hole on the square the moved piece left; steps pass over holes"
            )?;
        }
        if let Some(w) = &self.placed_wall {
            let mut within = w
                .within
                .as_ref()
                .map_or(String::new(), |r| format!(" of {}", self.region_text(r)));
            if w.beside_wall {
                within.push_str(" or a rank or file step from a wall");
            }
            if w.instead {
                writeln!(
                    f,
                    "wall placed instead: a side not in check may, instead of moving, put a new wall on an empty square{within}"
                )?;
            } else if w.shot {
                writeln!(
                    f,
                    "wall shot: after every move, the mover puts a new wall on an empty square{within} that the moved piece could move to from where it landed"
                )?;
            } else {
                writeln!(
                    f,
                    "wall placed: after every move, the mover puts a new wall on an empty square{within}"
                )?;
            }
        }
        Ok(())
    }

    fn dump_turn(&self, f: Out) -> fmt::Result {
        let Some(t) = &self.turn else { return Ok(()) };
        let moves = match t.moves {
            crate::ir::TurnMoves::Fixed([1, 1]) => "1 move a turn".to_string(),
            crate::ir::TurnMoves::Fixed([w, b]) if w == b => format!("{w} moves a turn"),
            crate::ir::TurnMoves::Fixed([w, b]) => {
                format!("white makes {w} moves a turn, black {b}")
            }
            crate::ir::TurnMoves::Growing => {
                "the game's n-th turn has n moves (white 1, black 2, white 3, ...)".to_string()
            }
        };
        write!(f, "turn: {moves}")?;
        if let Some(n) = t.first {
            write!(f, "; white's first turn {n}")?;
        }
        writeln!(f)?;
        if t.until_check {
            writeln!(f, "  a move that gives check ends the turn")?;
        }
        if t.until_stuck {
            writeln!(
                f,
                "  a move after which the mover has no legal move ends the turn"
            )?;
        }
        if t.until_hand_empty {
            writeln!(
                f,
                "  a move after which the mover has pieces in hand goes on with drops of them, until its hand is empty"
            )?;
        }
        if t.make_as_captured {
            writeln!(
                f,
                "  a capture goes on with a move of the capturing piece, from where it landed, as the piece it took moves, without capturing; the capture is legal only when such a move is"
            )?;
        }
        if t.en_passant_per_turn {
            writeln!(
                f,
                "  every double step of a turn may be taken en passant in the other side's next turn: by its first move, or by its second after an en-passant capture"
            )?;
        }
        Ok(())
    }

    fn dump_petrify(&self, f: Out) -> fmt::Result {
        if self.petrify.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = self.petrify.iter().map(|&k| self.piece_name(k)).collect();
        writeln!(
            f,
            "petrify {}: a piece of these kinds that captures turns to stone (its square becomes a wall); a royal one never captures",
            names.join(" ")
        )
    }

    fn dump_merges(&self, f: Out) -> fmt::Result {
        if self.merges.is_empty() {
            return Ok(());
        }
        writeln!(f, "merge: what two kinds make together (either order)")?;
        for m in &self.merges {
            writeln!(
                f,
                "  {} + {} = {}",
                self.piece_name(m.a),
                self.piece_name(m.b),
                self.piece_name(m.into)
            )?;
        }
        Ok(())
    }

    fn dump_pieces(&self, f: Out) -> fmt::Result {
        writeln!(f, "pieces")?;
        for (name, p) in &self.pieces {
            let mut letters = String::new();
            for (i, l) in p.letters.iter().enumerate() {
                if i > 0 {
                    letters.push_str(&format!("  on {}: ", self.layers[i]));
                }
                letters.push_str(&format!("white {}  black {}", letter(l[0]), letter(l[1])));
            }
            let promoted = p
                .promoted_from
                .map(|b| format!(" [promoted {}]", self.piece_name(b)))
                .unwrap_or_default();
            writeln!(
                f,
                "  {name}{}{promoted}  ({letters})",
                if p.royal {
                    " [royal]"
                } else if p.antiroyal {
                    " [antiroyal]"
                } else {
                    ""
                }
            )?;
            self.dump_piece_clauses(f, p)?;
            if p.atoms.is_empty() {
                writeln!(f, "    (no atoms: it never moves)")?;
            }
            for a in &p.atoms {
                self.dump_atom(f, a)?;
            }
            for o in &p.once_atoms {
                writeln!(
                    f,
                    "    once{}, the atom:",
                    if o.not_in_check {
                        " (not in check)"
                    } else {
                        ""
                    }
                )?;
                self.dump_atom(f, &o.atom)?;
            }
            for g in &p.guarded_atoms {
                let names: Vec<&str> = g.guards.iter().map(|&k| self.piece_name(k)).collect();
                let how = if g.guarding { "guarding" } else { "guarded by" };
                writeln!(f, "    when {how} {}, the atom:", names.join(" "))?;
                self.dump_atom(f, &g.atom)?;
            }
            if !p.once_lost_to.is_empty() {
                let names: Vec<&str> = p.once_lost_to.iter().map(|&k| self.piece_name(k)).collect();
                writeln!(f, "    once lost when aimed by {}", names.join(" "))?;
            }
            if p.once_kept {
                writeln!(
                    f,
                    "    once lost when moved: a right survives a capture on its square"
                )?;
            }
            if let Some(a) = &p.anywhere {
                let to =
                    a.to.as_ref()
                        .map(|r| format!(" to {}", self.region_text(r)));
                let calm = if a.not_in_check { " not in check" } else { "" };
                writeln!(
                    f,
                    "    move anywhere{}{calm} when controlled (to an empty square more pieces of its side attack than of the other's)",
                    to.unwrap_or_default()
                )?;
            }
        }
        Ok(())
    }

    /// A piece's clauses beyond its letters and atoms, a line each.
    fn dump_piece_clauses(&self, f: Out, p: &Piece) -> fmt::Result {
        if !p.cannot_attack.is_empty() {
            let names: Vec<&str> = p
                .cannot_attack
                .iter()
                .map(|&k| self.piece_name(k))
                .collect();
            writeln!(f, "    cannot attack {}", names.join(" "))?;
        }
        if let Some([white, black]) = &p.glyph {
            writeln!(f, "    glyph white {white}  black {black}")?;
        }
        if let Some(v) = p.value {
            writeln!(f, "    value {}", pawns(v))?;
        }
        if let Some(r) = &p.confined {
            writeln!(f, "    within {}", self.region_text(r))?;
        }
        if !p.cannot_capture.is_empty() {
            let names: Vec<&str> = p
                .cannot_capture
                .iter()
                .map(|&k| self.piece_name(k))
                .collect();
            writeln!(f, "    cannot capture {}", names.join(" "))?;
        }
        if p.captures_in_place {
            writeln!(f, "    captures without moving")?;
        }
        if p.captures_as_victim {
            writeln!(f, "    captures as victim")?;
        }
        if !p.cannot_hop_over.is_empty() {
            let names: Vec<&str> = p
                .cannot_hop_over
                .iter()
                .map(|&k| self.piece_name(k))
                .collect();
            writeln!(f, "    cannot hop over {}", names.join(" "))?;
        }
        if let Some(group) = &p.royal_when_last {
            let names: Vec<&str> = group.iter().map(|&k| self.piece_name(k)).collect();
            writeln!(
                f,
                "    royal while its side has one piece of these kinds on the board: {}",
                names.join(" ")
            )?;
        }
        Ok(())
    }

    fn dump_atom(&self, f: Out, a: &Atom) -> fmt::Result {
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
            AtomKind::Hop { range, span } => (
                "hop",
                format!(
                    "{}{}",
                    range.map_or(String::new(), |r| format!(" range {r}")),
                    span.map_or(String::new(), |n| format!(" span {n}"))
                ),
            ),
        };
        let from = a
            .from
            .as_ref()
            .map(|r| format!(" from {}", self.region_text(r)))
            .unwrap_or_default();
        let to =
            a.to.as_ref()
                .map(|r| format!(" to {}", self.region_text(r)))
                .unwrap_or_default();
        writeln!(
            f,
            "    {modality} {kind} {}{}{range}{from}{to}: {}",
            vec_text(a.offset),
            a.directions_text(),
            a.vectors_text()
        )
    }

    fn dump_promotions(&self, f: Out) -> fmt::Result {
        for (piece, p) in &self.promotions {
            let mut how = vec![];
            if p.optional {
                how.push("optional".to_string());
            }
            if p.from_zone {
                how.push("also from the zone".to_string());
            }
            if p.on_capture {
                how.push("only by a move that captures".to_string());
            }
            if p.not_on_capture {
                how.push("never by a move that captures".to_string());
            }
            if p.in_place {
                how.push(
                    "in place: not by entering the zone, but as a move of its own from a square \
                     of it (from any square for its side's last one), staying or moving as the \
                     new piece to an empty square; never with the new piece attacking an enemy \
                     piece, nor giving check"
                        .to_string(),
                );
            }
            for &(k, n) in &p.limits {
                how.push(format!("{} while fewer than {n}", self.piece_name(k)));
            }
            let how = if how.is_empty() {
                String::new()
            } else {
                format!(" ({})", how.join("; "))
            };
            writeln!(
                f,
                "promotion of {} in {}{how}",
                self.piece_name(*piece),
                self.region_text(&p.zone)
            )?;
            for side in Side::BOTH {
                let names: Vec<&str> = p.choices[side.index()]
                    .iter()
                    .map(|&c| self.piece_name(c))
                    .collect();
                writeln!(f, "  {:<5} to {}", side.name(), list(names))?;
                for c in &p.special[side.index()] {
                    let enemy = if c.enemy { "the other side's " } else { "" };
                    let within = c
                        .within
                        .as_ref()
                        .map(|r| format!(", only for a move that ends in {}", self.region_text(r)))
                        .unwrap_or_default();
                    writeln!(
                        f,
                        "  {:<5} also to {enemy}{}{within}",
                        side.name(),
                        self.piece_name(c.piece)
                    )?;
                }
            }
        }
        Ok(())
    }

    fn dump_en_passant(&self, f: Out) -> fmt::Result {
        if self.en_passant.is_empty() {
            return writeln!(f, "en passant: none");
        }
        let names: Vec<&str> = self
            .en_passant
            .iter()
            .map(|&p| self.piece_name(p))
            .collect();
        write!(f, "en passant: {}", names.join(", "))?;
        if let Some(r) = &self.en_passant_region {
            write!(f, ", landing within {}", self.region_text(r))?;
        }
        if self.en_passant_no_promotion {
            write!(f, ", no promotion")?;
        }
        writeln!(f)
    }

    fn dump_castling(&self, f: Out) -> fmt::Result {
        self.dump_castles(f)?;
        if self.castling_opposite {
            writeln!(
                f,
                "castling opposite: a side that castles takes the other side's castles toward the same wing"
            )?;
        }
        Ok(())
    }

    fn dump_castles(&self, f: Out) -> fmt::Result {
        if let Some(c) = &self.castling_rule {
            let file = |x: u8| (b'a' + x) as char;
            let rooks: Vec<&str> = c.rooks.iter().map(|&r| self.piece_name(r)).collect();
            return writeln!(
                f,
                "castling by rule: {} with {} on rank {}; short: king to {}, rook to {}; long: king to {}, rook to {}",
                self.piece_name(c.king),
                rooks.join(", "),
                c.rank,
                file(c.short.0),
                file(c.short.1),
                file(c.long.0),
                file(c.long.1)
            );
        }
        if self.castling.is_empty() {
            return writeln!(f, "castling: none");
        }
        writeln!(f, "castling")?;
        for (flag, c) in &self.castling {
            let safe = if c.safe.is_empty() {
                String::new()
            } else {
                format!("; safe {}", squares(&c.safe))
            };
            writeln!(
                f,
                "  {flag} {}: {} {}-{}, {} {}-{}; empty {}{safe}",
                c.side.name(),
                self.piece_name(c.king),
                square_name(c.king_from.0, c.king_from.1),
                square_name(c.king_to.0, c.king_to.1),
                self.piece_name(c.rook),
                square_name(c.rook_from.0, c.rook_from.1),
                square_name(c.rook_to.0, c.rook_to.1),
                squares(&c.empty),
            )?;
        }
        Ok(())
    }

    fn dump_hands(&self, f: Out) -> fmt::Result {
        let Some(h) = &self.hands else {
            return Ok(());
        };
        let mut how = vec![];
        let forced;
        if h.captures {
            how.push("captured pieces go to the capturer's hand");
        }
        if h.to_partner {
            how.push("captured pieces go to their side's hand on the partner's board");
        }
        if h.keep_promoted {
            how.push("promoted pieces stay promoted in hand");
        }
        if h.must_drop && h.must_drop_only.is_empty() {
            how.push("a side with pieces in hand must drop");
        } else if h.must_drop {
            let kinds: Vec<&str> = (h.must_drop_only.iter())
                .map(|&p| self.piece_name(p))
                .collect();
            forced = format!("a side holding a {} must drop one", kinds.join(" or "));
            how.push(&forced);
        }
        writeln!(
            f,
            "hands: {}",
            if how.is_empty() && h.no_drops {
                "gating only".to_string()
            } else if how.is_empty() {
                "drops".to_string()
            } else {
                how.join("; ")
            }
        )?;
        for (&piece, d) in &h.rules {
            let rules = self.drop_rule_texts(d);
            writeln!(f, "  drop {}: {}", self.piece_name(piece), rules.join("; "))?;
        }
        if let Some(g) = &h.gate {
            writeln!(
                f,
                "  gate within {}: a piece leaving such a square for the first time may leave a piece from the hand on it (castling: on the king's or the rook's square)",
                self.region_text(g)
            )?;
        }
        if h.no_drops {
            writeln!(f, "  no drops: pieces in hand enter only by gating")?;
        }
        if h.no_drop_checks {
            writeln!(f, "  no checks: no drop may attack an enemy royal piece")?;
        }
        if h.drop_promoted {
            writeln!(
                f,
                "  drop promoted: a piece in hand may also be dropped as its promoted form"
            )?;
        }
        if h.castling_from_drops {
            writeln!(
                f,
                "  castling from drops: a drop that puts a castle's king and rook on their squares gives that castling right"
            )?;
        }
        Ok(())
    }

    /// One piece's drop rules, a phrase each.
    fn drop_rule_texts(&self, d: &DropRule) -> Vec<String> {
        let mut rules = vec![];
        if let Some(r) = &d.region {
            rules.push(format!("within {}", self.region_text(r)));
        }
        if let Some(n) = d.per_file {
            rules.push(format!("at most {n} per file"));
        }
        if d.no_mate {
            rules.push("a checkmate by its drop loses".to_string());
        }
        if d.mate_refused {
            rules.push("a drop of it that would checkmate is not legal".to_string());
        }
        if d.both_colors {
            rules.push(
                "both colors: at most half (rounded up) on squares of one colour, and other drops leave room for that"
                    .to_string(),
            );
        }
        if let Some(s) = d.slide {
            rules.push(slide_text(s).to_string());
        }
        if let Some(r) = &d.first_within {
            rules.push(first_text(&self.region_text(r)));
        }
        if d.free {
            rules.push("free: not taken from the hand, as many as a side likes".to_string());
        }
        if d.next_to_own {
            rules.push("only a king's step from a piece of its side".to_string());
        }
        rules.extend(d.near.iter().map(near_text));
        if d.never {
            rules.push("never: the piece stays in the hand".to_string());
        }
        rules
    }

    fn dump_check(&self, f: Out) -> fmt::Result {
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
        if self.check.unless_royal_captured {
            writeln!(f, "  unless the move removes the enemy's last royal piece")?;
        }
        if self.check.touching_royals_safe {
            writeln!(
                f,
                "  a royal piece next to an enemy royal piece is not in check"
            )?;
        }
        if self.check.all_royals {
            writeln!(
                f,
                "  a side is in check only when all its royal pieces are attacked"
            )?;
        }
        if self.check.by_both_colors {
            writeln!(
                f,
                "  a royal piece is attacked by the pieces of both sides, its own as well"
            )?;
        }
        self.dump_obligations(f)
    }

    /// What a move must or may not do: capture, check, escape, move an enemy piece.
    fn dump_obligations(&self, f: Out) -> fmt::Result {
        if self.obligations.must_capture {
            writeln!(
                f,
                "must capture: when a capture is legal, a move must capture"
            )?;
        }
        self.dump_capture_friends(f)?;
        if self.obligations.checks_if_mate {
            writeln!(
                f,
                "no checks unless mate: a move may not attack the enemy royal piece, unless the opponent then has no legal move that gives no check"
            )?;
        } else if self.obligations.no_checks {
            writeln!(f, "no checks: a move may not attack the enemy royal piece")?;
        }
        if let Some(n) = self
            .obligations
            .checks_until
            .filter(|_| self.obligations.no_checks)
        {
            writeln!(
                f,
                "  until move {n}: only while the fullmove number is below {n}"
            )?;
        }
        if self.obligations.no_royal_escape {
            writeln!(
                f,
                "no royal escape: a royal piece in check may not move, unless it takes the only piece that checks it"
            )?;
        }
        if self.obligations.no_captures {
            writeln!(f, "no captures: no move captures; pieces still attack")?;
        }
        if self.obligations.no_captures_undone {
            writeln!(
                f,
                "no captures undone: a capture may not go from and to the squares of the capture just before"
            )?;
        }
        if self.obligations.move_enemy {
            writeln!(
                f,
                "move enemy when attacked: a side may move an enemy piece it attacks, which takes only its own side's pieces and may not move on its side's next move"
            )?;
        }
        if self.no_stuck_pieces {
            writeln!(
                f,
                "no stuck pieces: no piece may move or be dropped where it could never move again"
            )?;
        }
        self.dump_freeze(f)
    }

    /// `capture friends`: its condition, and the leaps that take friends where given.
    fn dump_capture_friends(&self, f: Out) -> fmt::Result {
        let Some(friends) = &self.capture_friends else {
            return Ok(());
        };
        match &friends.when {
            None => writeln!(
                f,
                "capture friends: a piece may also capture a piece of its own side"
            )?,
            Some(w) => writeln!(
                f,
                "capture friends when {}: a piece may also capture a piece of its own side, where the capturer (moved) and the friend (captured) pass the condition",
                self.expr_text(w)
            )?,
        }
        if !friends.by.is_empty() {
            writeln!(f, "  friends are taken only by these leaps:")?;
            for a in &friends.by {
                self.dump_atom(f, a)?;
            }
        }
        Ok(())
    }

    fn dump_freeze(&self, f: Out) -> fmt::Result {
        let Some(freeze) = self.freeze else {
            return Ok(());
        };
        match freeze.cause {
            FreezeCause::AttackedBySameKind if freeze.forbidden => writeln!(
                f,
                "frozen when attacked by same kind, no frozen pieces: no move may leave a piece attacked by an enemy piece of its own kind"
            ),
            FreezeCause::AttackedBySameKind => writeln!(
                f,
                "frozen when attacked by same kind: a piece attacked by an enemy piece of its own kind cannot move and attacks nothing"
            ),
        }
    }

    fn dump_halfmove(&self, f: Out) -> fmt::Result {
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
        )
    }

    fn dump_end(&self, f: Out) -> fmt::Result {
        writeln!(f, "end, in this order")?;
        for r in &self.end {
            let (cond, whose) = self.end_text(&r.cond);
            let result = match (r.result, whose) {
                (Outcome::Draws, _) => "draw".to_string(),
                (Outcome::Wins, w) => format!("{w} wins"),
                (Outcome::Loses, w) => format!("{w} loses"),
                (Outcome::ByCount, _) => {
                    "the side with more pieces on the board wins, equal counts draw".to_string()
                }
                (Outcome::ByPoints, _) => self.points_text(r.points.as_ref()),
            };
            let from = if r.from_move > 1 {
                format!(" (from move {} on)", r.from_move)
            } else {
                String::new()
            };
            writeln!(f, "  {cond}{from}: {result}")?;
        }
        Ok(())
    }

    /// An end condition in words, and whose result it gives.
    fn end_text(&self, c: &EndCond) -> (String, &'static str) {
        let names = |kinds: &[PieceId]| -> String {
            if kinds.is_empty() {
                "pieces".into()
            } else {
                kinds
                    .iter()
                    .map(|&k| self.piece_name(k))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        match c {
            EndCond::Campmate(region) => (
                format!("campmate in {}", self.region_text(region)),
                "the mover",
            ),
            EndCond::Extinct { side, .. } => (
                self.extinct_text(c),
                side.map_or("that side", |s| s.name()),
            ),
            EndCond::Reached {
                kinds,
                region,
                rule,
                count,
                full,
            } => (
                self.reach_text(&names(kinds), region, *rule, (*count, *full)),
                "its side",
            ),
            EndCond::Checks(n) => (format!("{n} checks given"), "the side that gave them"),
            EndCond::Captures(n) => (
                format!(
                    "{n} {} of the other side taken",
                    if *n == 1 { "piece" } else { "pieces" }
                ),
                if *n == 1 {
                    "the side that took it"
                } else {
                    "the side that took them"
                },
            ),
            EndCond::RoyalsFacing => (
                "royals facing on an open line after the move, as before it (the side to move must part them or pass)"
                    .to_string(),
                "the mover",
            ),
            EndCond::DoublePass => ("two passes in a row".to_string(), "the mover"),
            EndCond::BoardFull => (
                "every square, walls aside, occupied".to_string(),
                "the mover",
            ),
            EndCond::Castled(flags) => (
                format!(
                    "castled with {} (a side that has lost every right of these it had: the opposite result)",
                    flags.iter().collect::<String>()
                ),
                "the castler",
            ),
            EndCond::Connected {
                side,
                kinds,
                shape,
                lines,
                answered,
            } => {
                let whose = side.map_or("the mover's".to_string(), |s| format!("{}'s", s.name()));
                let mut text = self.connect_text(&format!("{whose} {}", names(kinds)), shape, lines);
                if *answered {
                    text.push_str(" (black may answer white's with its own: a draw)");
                }
                (text, side.map_or("the mover", |s| s.name()))
            }
            c => (c.name().to_string(), "the mover"),
        }
    }

    /// `4 of the mover's pieces in a row along files, ranks, diagonals`: `names` says whose.
    fn connect_text(&self, names: &str, shape: &ConnectShape, lines: &[ConnectLine]) -> String {
        let along = lines
            .iter()
            .map(|l| l.word())
            .collect::<Vec<_>>()
            .join(", ");
        match shape {
            ConnectShape::Row(n) => format!("{n} of {names} in a row along {along}"),
            ConnectShape::Collinear(n) => {
                format!("{n} of {names} on one line (gaps allowed) along {along}")
            }
            ConnectShape::Block { files, ranks } => {
                format!("{names} filling a block {files} files wide and {ranks} ranks high")
            }
            ConnectShape::Path { from, to } => format!(
                "a chain of {names}, each next to the last along {along}, from {} to {}",
                self.region_text(from),
                self.region_text(to)
            ),
        }
    }

    /// `3 of soldier (or one, the region full) in camp (at once)`.
    /// `extinct ...` in words.
    fn extinct_text(&self, c: &EndCond) -> String {
        let EndCond::Extinct {
            side,
            kinds,
            together,
            region,
            at_most,
            others_at_least,
            others_at_most,
            claim,
        } = c
        else {
            return String::new();
        };
        let names: Vec<&str> = kinds.iter().map(|&k| self.piece_name(k)).collect();
        let names = match (names.is_empty(), together) {
            (true, _) => "pieces".to_string(),
            (false, true) => format!("{} counted together", names.join(" and ")),
            (false, false) => names.join(", "),
        };
        let who = side.map_or("a side".to_string(), |s| s.name().to_string());
        let mut t = format!("{who} with at most {at_most} {names}");
        if let Some(region) = region {
            t.push_str(&format!(" in {}", self.region_text(region)));
        }
        if let Some(n) = others_at_most {
            t.push_str(&format!(" while the other has at most {n}"));
        } else if *others_at_least > 0 {
            t.push_str(&format!(" while the other has at least {others_at_least}"));
        }
        t.push_str(match claim {
            Claim::No => "",
            Claim::OneMore => " (one more for the side to move)",
            Claim::ByCapture => {
                " (one more for the side to move while it attacks one of them, not royal)"
            }
        });
        t
    }

    fn reach_text(
        &self,
        names: &str,
        region: &Region,
        rule: ReachRule,
        (count, full): (u8, bool),
    ) -> String {
        let count = if count > 1 {
            format!("{count} of ")
        } else {
            String::new()
        };
        let full = if full {
            " (or one, the region full)"
        } else {
            ""
        };
        let rule = match rule {
            ReachRule::Immediate => "at once",
            ReachRule::Answered => "black may answer",
            ReachRule::Held => "held through a move",
            ReachRule::Safe => "not attacked there",
            ReachRule::SafeOrHeld => "not attacked there, or held through a move",
            ReachRule::SafeFromCapture => "no legal capture of the other side takes it there",
        };
        format!(
            "{count}{names}{full} in {} ({rule})",
            self.region_text(region)
        )
    }

    fn dump_effect(&self, f: Out, name: &str, e: &Effect) -> fmt::Result {
        writeln!(f, "effect {name}")?;
        let origin = match e.origin {
            OriginKind::Moved => "each moved piece, on its arrival square",
            OriginKind::Capture => "the capture square, when the move captured",
        };
        write!(f, "  from {origin}")?;
        if let Some(region) = &e.within {
            write!(f, ", standing in {}", self.region_text(region))?;
        }
        if let Some(filter) = &e.origin_filter {
            write!(f, ", where {}", self.expr_text(filter))?;
        }
        writeln!(f)?;
        let vecs = |v: &[(i8, i8)]| v.iter().map(|&x| vec_text(x)).collect::<Vec<_>>().join(" ");
        match &e.scan {
            Scan::Rays(v) => writeln!(f, "  first piece on the rays {}", vecs(v))?,
            Scan::Around(v) if v.is_empty() => writeln!(f, "  no other square")?,
            Scan::Around(v) => writeln!(f, "  each piece at {}", vecs(v))?,
            Scan::Enclosed(v) => writeln!(
                f,
                "  along the rays {}: the enemy pieces in a row from the origin, when a piece of the mover's side closes it",
                vecs(v)
            )?,
            Scan::Attacked => writeln!(f, "  each piece the origin piece attacks")?,
            Scan::Surrounded(v) => writeln!(
                f,
                "  the enemy groups (pieces joined by the steps {}) next to the origin with no empty square next to them",
                vecs(v)
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
        for line in &e.finally {
            let when = line
                .when
                .as_ref()
                .map(|c| format!(" when {}:", self.expr_text(c)))
                .unwrap_or_default();
            writeln!(f, "  finally{when} {}", self.actions_text(&line.actions))?;
        }
        if e.required {
            writeln!(
                f,
                "  required: a move after which none of its clauses or finally lines acted is not legal"
            )?;
        }
        if e.no_suicide {
            writeln!(
                f,
                "  no suicide: a move after which the moved piece's group has no empty square next to it is not legal"
            )?;
        }
        Ok(())
    }
}

impl Variant {
    /// The pass rule in words.
    fn pass_text(&self) -> &'static str {
        if self.pass_when_stuck {
            "pass: a side may pass only when it has no other legal move"
        } else {
            "pass: a side may pass instead of moving, unless in check"
        }
    }
}

fn subject_name(s: Subject) -> &'static str {
    match s {
        Subject::Target => "target",
        Subject::Origin => "origin",
        Subject::Moved => "moved",
        Subject::Captured => "captured",
    }
}

impl Variant {
    /// A result `by points` in words.
    fn points_text(&self, p: Option<&crate::ir::Points>) -> String {
        let tenths = |t: u32| {
            if t.is_multiple_of(10) {
                (t / 10).to_string()
            } else {
                format!("{}.{}", t / 10, t % 10)
            }
        };
        let Some(p) = p else {
            return "by points".to_string();
        };
        let mut each: Vec<String> = p
            .values
            .iter()
            .map(|&(k, t)| format!("{} {}", self.pieces[k].name, tenths(t)))
            .collect();
        for (side, &b) in ["white", "black"].iter().zip(&p.bonus) {
            if b > 0 {
                each.push(format!("{side} {} besides", tenths(b)));
            }
        }
        format!(
            "the side with more points on the board wins ({}), equal points draw",
            each.join(", ")
        )
    }
}

/// `[not] next to own|enemy (x,y)...` in words.
fn near_text(n: &crate::ir::DropNear) -> String {
    let whose = if n.enemy {
        "an enemy piece"
    } else {
        "a piece of its side"
    };
    let steps: Vec<String> = n
        .offsets
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect();
    format!(
        "{} a step {} from {whose}",
        if n.not { "never" } else { "only" },
        steps.join(" ")
    )
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
                    Field::Dropped => "dropped",
                    Field::NextToFriend => "next-to-friend",
                    Field::NextToEnemy => "next-to-enemy",
                    Field::Checked => "checked",
                }
            ),
            Value::Distance => "distance".into(),
            Value::Int(i) => i.to_string(),
            Value::Relation(Relation::Friend) => "friend".into(),
            Value::Relation(Relation::Enemy) => "enemy".into(),
            Value::Kind(k) => self.piece_name(*k).into(),
            Value::Count(rel, k) => format!(
                "count {} {}",
                match rel {
                    Relation::Friend => "friend",
                    Relation::Enemy => "enemy",
                },
                self.piece_name(*k)
            ),
        }
    }

    /// A condition of an effect as written in the variant file.
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
                Action::Send(s, hand, kind) => format!(
                    "send {} to {}{}",
                    subject_name(*s),
                    match hand {
                        HandOf::Mover => "the mover's hand",
                        HandOf::Opposite => "the hand of the side opposite its own",
                        HandOf::Own => "the hand of its own side",
                    },
                    kind.map_or(String::new(), |k| format!(" as {}", self.piece_name(k)))
                ),
                Action::Flip(s) => format!("{} joins the mover's side", subject_name(*s)),
                Action::Petrify(s) => format!("{} turns to stone (a wall)", subject_name(*s)),
                Action::Put(s) => format!(
                    "put {} on the square the mover left (promoting if in its zone)",
                    subject_name(*s)
                ),
                Action::Promote(s) => format!("promote {} if in its zone", subject_name(*s)),
                Action::Change(s, k) => {
                    format!("change {} to {}", subject_name(*s), self.piece_name(*k))
                }
                Action::ChangeTo(s, like) => format!(
                    "change {} to the kind of {}",
                    subject_name(*s),
                    subject_name(*like)
                ),
                Action::Merged(s, [a, b]) => format!(
                    "change {} to what the merge table makes of the kinds of {} and {} (unchanged for a pair it does not name)",
                    subject_name(*s),
                    subject_name(*a),
                    subject_name(*b)
                ),
            })
            .collect::<Vec<_>>()
            .join(", then ")
    }
}

/// A value in pawns as `3.2` or `9`, to the hundredth, written without float formatting (the
/// playground's module leaves it out).
fn pawns(v: f64) -> String {
    let hundredths = (v * 100.0).round() as i64;
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}
