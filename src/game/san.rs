//! Standard algebraic notation (SAN) for every variant: the piece's letter from the variant file
//! (none for the piece written `P`), the origin where another piece of the same kind could go
//! there too, `x` for a capture, `=Q` for a promotion, `P@e4` for a drop, `O-O` / `O-O-O` for
//! castling toward the higher / lower files, `+` for check and `#` for checkmate.

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, MoveKind, piece_code};

use super::Typed;

impl<B: Bits> Typed<B> {
    /// The SAN of `m`, a legal move of the position; `legal` is the position's legal list.
    pub fn san_of(&mut self, m: &Move, legal: &[Move]) -> String {
        let mut s = self.san_body(m, legal);
        s.push_str(&self.check_suffix(m));
        s
    }

    /// The SAN without its check suffix.
    pub(super) fn san_body(&self, m: &Move, legal: &[Move]) -> String {
        let r = &*self.rules;
        match m.kind {
            MoveKind::Pass => return format!("pass{}", self.wall_san(m)),
            MoveKind::Drop => {
                return format!(
                    "{}@{}{}",
                    self.piece_letter(m.promo - 1),
                    self.square(m.to as usize),
                    self.wall_san(m)
                );
            }
            MoveKind::Castle(i) => {
                let c = &self.pos.castles[i as usize];
                let short = c.rook_from % r.files as u16 > c.king_from % r.files as u16;
                return format!(
                    "{}{}{}{}",
                    if short { "O-O" } else { "O-O-O" },
                    self.promo_san(m),
                    self.gate_san(m),
                    self.wall_san(m)
                );
            }
            _ => {}
        }
        let code = piece_code(self.pos.board[m.from as usize]).unwrap_or(0);
        let capture = self.pos.is_capture(m);
        let letter = self.piece_letter(code);
        let mut s = String::new();
        let from = self.square(m.from as usize);
        if letter == "P" {
            // A pawn's capture always names its file; any move names more where another
            // pawn could go there too (sideways and backward pawns); a promotion in place that
            // moves names its whole origin, as Fairy-Stockfish writes it (`e5f6=F`).
            let more = if m.kind == MoveKind::Promote && m.from != m.to {
                from.clone()
            } else {
                self.disambiguation(m, code, legal)
            };
            let (file, _) = from.split_at(1);
            match (capture, more.as_str()) {
                (true, "") => s.push_str(file),
                (true, d) if !d.starts_with(file) => {
                    s.push_str(file);
                    s.push_str(d);
                }
                // A rank alone would start the SAN with a digit (`2e3`), which reads as a
                // move number: the whole origin instead.
                (false, d) if d.starts_with(|c: char| c.is_ascii_digit()) => s.push_str(&from),
                (_, d) => s.push_str(d),
            }
        } else {
            s.push_str(&letter);
            s.push_str(&self.disambiguation(m, code, legal));
        }
        if capture {
            s.push('x');
        }
        s.push_str(&self.square(m.to as usize));
        // An effect's promotion (Magnetic's push bringing a pawn to its last rank) is written
        // like the mover's own: a move has one promotion choice, so `=B` names it either way.
        s.push_str(&self.promo_san(m));
        s.push_str(&self.gate_san(m));
        s.push_str(&self.wall_san(m));
        s
    }

    /// `=Q`: the promotion choice of a move. An effect's promotion (Magnetic's push bringing a
    /// pawn to its last rank, even while castling) is written like the mover's own: a move has
    /// one promotion choice, so `=B` names it either way.
    fn promo_san(&self, m: &Move) -> String {
        if m.promo == 0 {
            String::new()
        } else {
            format!("={}", self.piece_letter(m.promo - 1))
        }
    }

    /// `/H`: the piece a move gates onto the square it leaves; castling names the square when
    /// it is the rook's (`O-O/Hh1`).
    fn gate_san(&self, m: &Move) -> String {
        if m.gate == 0 {
            return String::new();
        }
        let mut s = format!("/{}", self.piece_letter(m.gate - 1));
        if m.aux != m.from {
            s.push_str(&self.square(m.aux as usize));
        }
        s
    }

    /// The piece's letter as SAN writes it: upper case; `+P` for a promoted form.
    pub(super) fn piece_letter(&self, code: u8) -> String {
        let r = &*self.rules;
        let cr = &r.codes[code as usize];
        let letter = |kind: usize| {
            let p = &r.variant.pieces[kind];
            p.letters[0][0]
                .or(p.letters[0][1])
                .map(|c| c.to_ascii_uppercase())
                .unwrap_or('?')
        };
        if cr.base_kind != cr.kind {
            format!("+{}", letter(cr.base_kind))
        } else {
            letter(cr.kind).to_string()
        }
    }

    /// The file, the rank, or both, of the origin, when another piece written with the same
    /// letter (of another kind, or on another layer) can move to the same square.
    fn disambiguation(&self, m: &Move, code: u8, legal: &[Move]) -> String {
        let letter = self.piece_letter(code);
        // The square as written: on layers, the same name on another layer.
        let cells = |sq: u16| sq as usize % self.rules.cells;
        let others: Vec<&Move> = legal
            .iter()
            .filter(|o| {
                o.kind != MoveKind::Drop
                    && !matches!(o.kind, MoveKind::Castle(_))
                    && (o.kind == MoveKind::Promote) == (m.kind == MoveKind::Promote)
                    && cells(o.to) == cells(m.to)
                    && o.from != m.from
                    && piece_code(self.pos.board[o.from as usize])
                        .is_some_and(|c| self.piece_letter(c) == letter)
            })
            .collect();
        if others.is_empty() {
            return String::new();
        }
        let r = &*self.rules;
        let (_, f, k) = r.coords(m.from as usize);
        let from = self.square(m.from as usize);
        let (file, rank) = from.split_at(1);
        let same_file = others.iter().any(|o| r.coords(o.from as usize).1 == f);
        let same_rank = others.iter().any(|o| r.coords(o.from as usize).2 == k);
        match (same_file, same_rank) {
            (false, _) => file.to_string(),
            (true, false) => rank.to_string(),
            (true, true) => from,
        }
    }

    /// `+` when the move checks, `#` when it also ends the game by checkmate.
    fn check_suffix(&mut self, m: &Move) -> String {
        let r = self.rules.clone();
        if !self.pos.make(&r, *m) {
            self.pos.unmake(&r);
            return String::new();
        }
        let check = r.check.enabled() && self.pos.royal_attacked(&r, self.pos.last_mover().flip());
        let mut suffix = String::new();
        if check {
            let mut replies = vec![];
            self.pos.legal_moves(&r, &mut replies);
            // A check that ends the game by another rule (the third check of Three-check) is
            // `#` only where it also mates, as lichess writes it.
            let mate = if self.pos.immediate_end(&r).is_some() {
                !self.any_reply(&r)
            } else {
                replies.is_empty()
                    && self
                        .pos
                        .no_move_end(&r)
                        .is_some_and(|e| e.rule == "checkmate")
            };
            suffix.push(if mate { '#' } else { '+' });
        }
        self.pos.unmake(&r);
        suffix
    }

    /// Whether the side to move has a move that its rules allow, the game's end aside.
    fn any_reply(&mut self, r: &crate::engine::rules::Rules<B>) -> bool {
        let mut pseudo = vec![];
        self.pos.pseudo_moves(r, &mut pseudo);
        pseudo.into_iter().any(|m| {
            let ok = self.pos.make(r, m);
            self.pos.unmake(r);
            ok
        })
    }

    /// The square where move `m` puts a wall, if it puts one.
    fn wall_square(&self, m: &Move) -> Option<String> {
        let placed = (self.rules.placed_wall.as_ref()).is_some_and(|w| w.placed_by(m.kind));
        if self.rules.moving_wall || placed {
            Some(self.square(m.aux as usize))
        } else if self.rules.wall_behind {
            self.pos.wall_left(m).map(|at| self.square(at))
        } else {
            None
        }
    }

    /// `,d5`: where the moving wall goes.
    fn wall_san(&self, m: &Move) -> String {
        self.wall_square(m)
            .map_or(String::new(), |at| format!(",{at}"))
    }

    /// The legal move that the SAN `text` names, tolerating what people write: no `=` before
    /// the promotion piece, `0-0` for castling, a missing or extra check mark or `x`, an origin
    /// given in full, annotations. `Ok(None)` when `text` is not SAN; an error when it is SAN
    /// that names no legal move, or more than one.
    pub(super) fn move_of_san(
        &mut self,
        text: &str,
        legal: &[Move],
    ) -> Result<Option<Move>, String> {
        let Some(want) = normalize_san(text) else {
            return Ok(None);
        };
        let Some(written) = SanMove::read(&want) else {
            return Ok(None);
        };
        let found: Vec<Move> = legal
            .iter()
            .filter(|m| self.san_names(&written, m, legal))
            .copied()
            .collect();
        match found.as_slice() {
            [m] => Ok(Some(*m)),
            [] => Err(self.san_missing(&written, legal)),
            several => {
                let mut names: Vec<String> =
                    several.iter().map(|m| self.san_body(m, legal)).collect();
                names.sort();
                Err(format!("it is ambiguous: {}", names.join(" or ")))
            }
        }
    }

    /// Whether the legal move `m` is the one `w` describes.
    fn san_names(&self, w: &SanMove, m: &Move, legal: &[Move]) -> bool {
        if let Some(wall) = &w.wall
            && Some(wall) != self.wall_square(m).as_ref()
        {
            return false;
        }
        match m.kind {
            MoveKind::Drop | MoveKind::Castle(_) | MoveKind::Pass => {
                let body = self.san_body(m, legal);
                let body = body.split(',').next().unwrap_or("");
                return w.whole == body;
            }
            _ => {}
        }
        if self.square(m.to as usize) != w.to {
            return false;
        }
        let Some(code) = piece_code(self.pos.board[m.from as usize]) else {
            return false;
        };
        let from = self.square(m.from as usize);
        let (file, rank) = from.split_at(1);
        let promo = if m.promo != 0 {
            self.piece_letter(m.promo - 1)
        } else {
            String::new()
        };
        self.piece_letter(code) == w.letter
            && w.file.as_deref().is_none_or(|f| f == file)
            && w.rank.as_deref().is_none_or(|r| r == rank)
            && (!w.capture || self.pos.is_capture(m))
            && w.promo == promo
            && w.gate == self.gate_san(m)
    }

    /// Why no legal move is the SAN `w`.
    fn san_missing(&mut self, w: &SanMove, legal: &[Move]) -> String {
        let side = self.pos.side.name();
        let walls_instead = self.rules.placed_wall.as_ref().is_some_and(|p| p.instead);
        if w.whole == "pass" && walls_instead {
            return if self.pos.royal_attacked(&self.rules, self.pos.side) {
                format!("{side} is in check and may not place a wall")
            } else {
                "no wall may go there".into()
            };
        }
        if w.whole == "pass" {
            return if self.rules.pass {
                format!("{side} may not pass now")
            } else {
                "this variant has no pass move".into()
            };
        }
        if w.whole.starts_with("O-O") {
            return format!("{side} cannot castle that way now");
        }
        let Some(name) = self.kind_written(&w.letter) else {
            return format!("no piece is written `{}` in this variant", w.letter);
        };
        let hinted: Vec<Move> = legal
            .iter()
            .filter(|m| self.san_reaches(w, m))
            .copied()
            .collect();
        let origin = match (&w.file, &w.rank) {
            (Some(f), Some(r)) => format!(" on {f}{r}"),
            (Some(f), None) => format!(" on the {f}-file"),
            (None, Some(r)) => format!(" on rank {r}"),
            (None, None) => String::new(),
        };
        if hinted.is_empty() {
            if let Some(why) = self.san_refusal(w, legal) {
                return why;
            }
            let verb = if w.capture { "capture on" } else { "go to" };
            return format!("no {side} {name}{origin} can {verb} {}", w.to);
        }
        if w.capture && !hinted.iter().any(|m| self.pos.is_capture(m)) {
            return format!("there is nothing to capture on {}", w.to);
        }
        let promotes = hinted.iter().any(|m| m.promo != 0);
        match (w.promo.is_empty(), promotes) {
            (true, true) => format!(
                "a {side} {name} going to {} must say what it promotes to (e.g. {}=Q)",
                w.to, w.to
            ),
            (false, false) => format!("a {side} {name} going to {} does not promote", w.to),
            _ => format!(
                "no {side} {name}{origin} can go to {} promoting to {}",
                w.to, w.promo
            ),
        }
    }

    /// The name of the piece written `letter` (`+P` for a promoted form), if any.
    fn kind_written(&self, letter: &str) -> Option<String> {
        let base = letter.trim_start_matches('+');
        self.rules
            .variant
            .pieces
            .iter()
            .find(|(_, p)| {
                p.letters[0]
                    .iter()
                    .flatten()
                    .any(|c| c.to_ascii_uppercase().to_string() == base)
            })
            .map(|(name, _)| name.clone())
    }

    /// Whether `m`, a move on the board, goes where `w` says with the piece and origin it says
    /// (whatever its capture and promotion).
    fn san_reaches(&self, w: &SanMove, m: &Move) -> bool {
        if matches!(
            m.kind,
            MoveKind::Drop | MoveKind::Castle(_) | MoveKind::Pass
        ) || self.square(m.to as usize) != w.to
        {
            return false;
        }
        let Some(code) = piece_code(self.pos.board[m.from as usize]) else {
            return false;
        };
        let from = self.square(m.from as usize);
        let (file, rank) = from.split_at(1);
        self.piece_letter(code) == w.letter
            && w.file.as_deref().is_none_or(|f| f == file)
            && w.rank.as_deref().is_none_or(|r| r == rank)
    }

    /// The reason a rule refuses the move `w` names, when it is one of the pieces' moves but
    /// not legal (it would leave the royal piece attacked, ...).
    fn san_refusal(&mut self, w: &SanMove, legal: &[Move]) -> Option<String> {
        let r = self.rules.clone();
        let mut pseudo = vec![];
        self.pos.pseudo_moves(&r, &mut pseudo);
        let named: Vec<Move> = pseudo
            .into_iter()
            .filter(|m| self.san_names(w, m, legal))
            .collect();
        if named.is_empty() {
            return None;
        }
        self.refusal_of(|m| named.contains(m))
    }
}

/// A SAN move taken apart: `Nbxd2=Q,e4` → letter N, file b, to d2, promotion Q, wall e4.
struct SanMove {
    /// The whole move without its wall part.
    whole: String,
    /// The piece's letter (`P` for a pawn, `+P` for a promoted form).
    letter: String,
    file: Option<String>,
    rank: Option<String>,
    /// Written with `x` (or `:`): a quiet move is not this move.
    capture: bool,
    to: String,
    promo: String,
    /// `/H`: the gated piece (empty when none).
    gate: String,
    wall: Option<String>,
}

impl SanMove {
    /// None when `s` is not written as SAN.
    fn read(s: &str) -> Option<SanMove> {
        let (whole, wall) = match s.split_once(',') {
            Some((w, d)) => (w, Some(d.to_string())),
            None => (s, None),
        };
        let mut m = SanMove {
            whole: whole.to_string(),
            letter: String::new(),
            file: None,
            rank: None,
            capture: false,
            to: String::new(),
            promo: String::new(),
            gate: String::new(),
            wall,
        };
        if whole == "pass" {
            return Some(m);
        }
        if whole.starts_with("O-O") {
            return Some(m);
        }
        if let Some((piece, square)) = whole.split_once('@') {
            let letter = piece.strip_prefix('+').unwrap_or(piece);
            let one_letter = letter.len() == 1 && letter.chars().all(|c| c.is_ascii_alphabetic());
            return (one_letter && is_square_name(square)).then_some(m);
        }
        let whole = match whole.split_once('/') {
            Some((body, gate)) => {
                m.gate = format!("/{gate}");
                body
            }
            None => whole,
        };
        let (body, promo) = split_promotion(whole);
        m.promo = promo.to_string();
        let to_at = body.rfind(|c: char| c.is_ascii_lowercase())?;
        let (head, to) = body.split_at(to_at);
        if to.len() < 2 || !to[1..].chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        m.to = to.to_string();
        let quiet = head.trim_end_matches(['x', ':']);
        m.capture = quiet.len() != head.len();
        let head = quiet.trim_end_matches('-');
        let letter_len = match head.chars().next() {
            Some('+') => 2,
            Some(c) if c.is_ascii_uppercase() => 1,
            _ => 0,
        };
        m.letter = if letter_len == 0 {
            "P".into()
        } else {
            head.get(..letter_len)?.to_string()
        };
        let hints = &head[letter_len.min(head.len())..];
        let rank_at = hints
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(hints.len());
        let (file, rank) = hints.split_at(rank_at);
        if file.len() > 1
            || !file.chars().all(|c| c.is_ascii_lowercase())
            || !rank.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        m.file = (!file.is_empty()).then(|| file.to_string());
        m.rank = (!rank.is_empty()).then(|| rank.to_string());
        Some(m)
    }
}

/// `e8=Q` → (`e8`, `Q`); `e8Q` too; `e8` → (`e8`, ``).
fn split_promotion(s: &str) -> (&str, &str) {
    if let Some((body, promo)) = s.rsplit_once('=') {
        return (body, promo);
    }
    let cut = s.trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '+');
    if cut.ends_with(|c: char| c.is_ascii_digit()) {
        (cut, &s[cut.len()..])
    } else {
        (s, "")
    }
}

/// SAN without its check mark and annotations, castling with letters; None when more marks
/// follow the move than SAN has (one check mark, two annotation marks).
fn normalize_san(s: &str) -> Option<String> {
    let s = s.trim();
    let s = s.replace("e.p.", "");
    let s = s.trim();
    let annotated = s.trim_end_matches(['!', '?']);
    if s.len() - annotated.len() > 2 {
        return None;
    }
    let s = annotated
        .strip_suffix(['+', '#'])
        .unwrap_or(annotated)
        .trim_end();
    if s.ends_with(['+', '#', '!', '?']) {
        return None;
    }
    Some(match s {
        "0-0" => "O-O".into(),
        "0-0-0" => "O-O-O".into(),
        _ => s.to_string(),
    })
}

/// `e4`, `j10`: a file letter then a rank number.
fn is_square_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.clone().next().is_some()
        && chars.all(|c| c.is_ascii_digit())
}
