//! Reading a move the user typed: the legal move it names, or why it is not one.

use crate::engine::bitboard::Bits;
use crate::engine::fen;
use crate::engine::position::{Move, MoveKind};
use crate::ir::square_name;
use crate::syntax::ast::Span;

use super::{MoveError, Typed};

/// A move as written, once its form is known: `e2e4[q]`, `P@e4`, either with `,e4e3` for the
/// moving wall.
enum Written {
    Board { from: usize, to: usize, promo: bool },
    Drop { letter: char, to: usize },
}

impl<B: Bits> Typed<B> {
    /// The legal move that `text` names (UCI, as [`Typed::uci`] writes it), or why there is
    /// none.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        if let Some(uci) = self.usi_as_uci(t, text.len()) {
            let uci = uci?;
            return self.parse_move(&uci).map_err(|mut e| {
                e.message = format!("{} (`{t}` is USI for `{uci}`)", e.message);
                e
            });
        }
        let legal = self.legal();
        if let Some(m) = legal.iter().find(|m| uci_names(&self.uci(m), t)) {
            return Ok(*m);
        }
        let san = self.move_of_san(t, &legal);
        if let Ok(Some(m)) = san {
            return Ok(m);
        }
        let written = match (self.read(t, text.len()), san) {
            (Ok(w), _) => w,
            (Err(_), Err(_)) if legal.is_empty() => return Err(self.game_over(t, text.len())),
            (Err(_), Err(reason)) => return Err(self.san_refused(t, text.len(), reason, &legal)),
            (Err(e), Ok(_)) => return Err(e),
        };
        if legal.is_empty() {
            return Err(self.game_over(t, text.len()));
        }
        Err(match written {
            Written::Drop { letter, to } => self.refused_drop(t, text.len(), letter, to, &legal),
            Written::Board { from, to, promo } => {
                self.refused_board_move(t, text.len(), from, to, promo, &legal)
            }
        })
    }

    /// The UCI text of a move written in USI (`7g7f`, `8h2b+`, `P*7f`), as shogi players write
    /// it: the file counted from white's right, the rank lettered from the top. None when `t`
    /// is not written so; no SAN or UCI is (a SAN or UCI move ends with a rank number, a USI one
    /// with a rank letter). An error on a board wider or taller than 9, which USI cannot name.
    fn usi_as_uci(&mut self, t: &str, len: usize) -> Option<Result<String, MoveError>> {
        let b = t.as_bytes();
        let is_square = |s: &[u8]| matches!(s, [b'1'..=b'9', b'a'..=b'i']);
        let (from, to, mark) = match b {
            [p, b'*', sq @ ..] if p.is_ascii_alphabetic() && is_square(sq) => (None, sq, ""),
            [f0, f1, t0, t1, ..] if is_square(&[*f0, *f1]) && is_square(&[*t0, *t1]) => {
                let mark = &t[4..];
                if !matches!(mark, "" | "+" | "-") {
                    return None;
                }
                (Some(&b[..2]), &b[2..4], mark)
            }
            _ => return None,
        };
        let r = self.rules.clone();
        if r.files > 9 || r.ranks > 9 {
            let example = self.example_move();
            return Some(Err(self.error(
                len,
                format!("`{t}` is USI, which names squares on boards up to 9x9 only"),
                "USI",
                format!(
                    "this board is {}x{}: write the move in SAN or UCI, e.g. {}",
                    r.files, r.ranks, example
                ),
            )));
        }
        let square = |s: &[u8]| {
            let (file, rank) = (usize::from(s[0] - b'0'), usize::from(s[1] - b'a'));
            (file <= r.files && rank < r.ranks)
                .then(|| square_name((r.files - file) as u8, (r.ranks - 1 - rank) as u8))
        };
        let off_board = |this: &Self| {
            this.error(
                len,
                format!("`{t}` names a square off the board"),
                "off the board",
                format!(
                    "in USI, files go from 1 to {} (counted from white's right) and ranks from a to {} (from the top)",
                    r.files,
                    (b'a' + r.ranks as u8 - 1) as char
                ),
            )
        };
        let Some(to) = square(to) else {
            return Some(Err(off_board(self)));
        };
        let Some(from) = from else {
            return Some(Ok(format!("{}@{to}", b[0] as char)));
        };
        let Some(from) = square(from) else {
            return Some(Err(off_board(self)));
        };
        Some(self.usi_promotion(t, len, format!("{from}{to}"), mark))
    }

    /// The UCI text of the board move `squares` with USI's promotion mark: `+` promotes (to the
    /// one piece it can; several are an error naming them), `-` demotes.
    fn usi_promotion(
        &mut self,
        t: &str,
        len: usize,
        squares: String,
        mark: &str,
    ) -> Result<String, MoveError> {
        if mark.is_empty() {
            return Ok(squares);
        }
        let legal = self.legal();
        let marked: Vec<String> = legal
            .iter()
            .map(|m| self.uci(m))
            .filter(|u| {
                u.strip_prefix(squares.as_str())
                    .is_some_and(|rest| rest.len() == 1 && (rest == "-") == (mark == "-"))
            })
            .collect();
        match marked.as_slice() {
            [one] => Ok(one.clone()),
            [] => Ok(format!("{squares}{mark}")),
            several => Err(self.error(
                len,
                format!("`{t}` promotes, but to which piece? (`{t}` is USI for `{squares}`)"),
                "which piece?",
                format!("write the move in UCI: {}", several.join(" ")),
            )),
        }
    }

    /// A move written in SAN that names no legal move, or several.
    fn san_refused(&mut self, t: &str, len: usize, reason: String, legal: &[Move]) -> MoveError {
        let mut all: Vec<String> = legal.iter().map(|m| self.san_body(m, legal)).collect();
        all.sort();
        let help = format!("legal moves: {}", all.join(" "));
        self.error(len, format!("{t} is not legal: {reason}"), "illegal", help)
    }

    fn error(&self, len: usize, message: String, label: &str, help: String) -> MoveError {
        MoveError {
            span: Span::new(0, len),
            message,
            label: label.to_string(),
            help,
        }
    }

    /// The form of a move: squares on the board, a promotion letter, a drop.
    fn read(&mut self, t: &str, len: usize) -> Result<Written, MoveError> {
        let r = self.rules.clone();
        let example = self.example_move();
        let usage = || {
            format!(
                "write the move in SAN (e.g. Nf3, exd5, O-O, e8=Q) or as <from><to>[promotion]{}, e.g. {example}",
                if r.hands { " or <piece>@<square>" } else { "" },
            )
        };
        let body = t.split(',').next().unwrap_or(t);
        let not_a_move =
            |help: String| self.error(len, format!("`{t}` is not a move"), "not a move", help);
        let off_board = || {
            self.error(
                len,
                format!("`{t}` names a square off the board"),
                "off the board",
                format!(
                    "squares go from a1 to {}",
                    square_name(r.files as u8 - 1, r.ranks as u8 - 1)
                ),
            )
        };
        if let Some((piece, sq)) = body.split_once('@') {
            let mut letters = piece.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(not_a_move(usage()));
            };
            let sq = sq.strip_suffix(['+', '#']).unwrap_or(sq);
            if square_len(sq) != Some(sq.len()) {
                return Err(not_a_move(format!(
                    "a drop is the piece's letter, `@` and a square, e.g. {}@{}",
                    letter.to_ascii_uppercase(),
                    square_name(0, 0)
                )));
            }
            let to = fen::parse_square(sq, r.files, r.ranks).ok_or_else(off_board)?;
            return Ok(Written::Drop { letter, to });
        }
        let Some(a) = square_len(body) else {
            return Err(not_a_move(usage()));
        };
        let Some(b) = square_len(&body[a..]) else {
            return Err(not_a_move(usage()));
        };
        // A rank like "10" may be followed by a promotion letter only.
        let promo_text = &body[a + b..];
        if promo_text.chars().count() > 1
            || promo_text
                .chars()
                .any(|c| !c.is_ascii_alphabetic() && c != '+')
        {
            return Err(not_a_move(usage()));
        }
        let from = fen::parse_square(&body[..a], r.files, r.ranks).ok_or_else(off_board)?;
        let to = fen::parse_square(&body[a..a + b], r.files, r.ranks).ok_or_else(off_board)?;
        Ok(Written::Board {
            from,
            to,
            promo: !promo_text.is_empty(),
        })
    }

    fn game_over(&mut self, t: &str, len: usize) -> MoveError {
        let r = self.rules.clone();
        let end = self
            .pos
            .immediate_end(&r)
            .or_else(|| self.pos.no_move_end(&r));
        let rule = end
            .map(|e| e.rule)
            .unwrap_or_else(|| "no legal move".into());
        self.error(
            len,
            format!("{t} is not legal: the game is over ({rule})"),
            "game over",
            "undo a move or set a new position".into(),
        )
    }

    /// Why a drop is not legal: nothing of that kind in hand, or not on that square.
    fn refused_drop(
        &mut self,
        t: &str,
        len: usize,
        letter: char,
        to: usize,
        legal: &[Move],
    ) -> MoveError {
        let r = self.rules.clone();
        if !r.hands {
            return self.error(
                len,
                format!("{t} is not legal: no piece is ever dropped in this variant"),
                "no drops",
                "move a piece on the board instead".into(),
            );
        }
        let side = self.pos.side;
        let code = r.side_codes[side.index()]
            .iter()
            .copied()
            .find(|&c| r.letters[0][c as usize].is_some_and(|l| l.eq_ignore_ascii_case(&letter)));
        let free = |c: u8| r.codes[c as usize].drop.as_ref().is_some_and(|d| d.free);
        let Some(code) = code.filter(|&c| self.pos.hand[c as usize] > 0 || free(c)) else {
            return self.error(
                len,
                format!(
                    "{t} is not legal: {} has no `{letter}` in hand",
                    side.name()
                ),
                "not in hand",
                self.hand_help(),
            );
        };
        let mut squares: Vec<String> = legal
            .iter()
            .filter(|m| m.kind == MoveKind::Drop && m.promo == code + 1)
            .map(|m| self.square(m.to as usize))
            .collect();
        squares.sort();
        squares.dedup();
        let name = self.piece_name(code);
        let help = if squares.is_empty() {
            format!("the {name} cannot be dropped anywhere now")
        } else {
            format!("the {name} may be dropped on {}", squares.join(" "))
        };
        let why = self.drop_rule_broken(code, to).or_else(|| {
            self.refusal_of(|m| {
                m.kind == MoveKind::Drop && m.promo == code + 1 && m.to as usize == to
            })
        });
        let reason =
            why.unwrap_or_else(|| format!("the {name} may not be dropped on {}", self.square(to)));
        self.error(len, format!("{t} is not legal: {reason}"), "illegal", help)
    }

    /// The drop rule that a drop of `code` on `to` breaks, if any: an occupied square, outside
    /// its region, too many on the file, a square it could never leave.
    fn drop_rule_broken(&self, code: u8, to: usize) -> Option<String> {
        let r = &*self.rules;
        let cr = &r.codes[code as usize];
        let name = self.piece_name(code);
        let sq = self.square(to);
        if self.pos.occ.has(to) {
            return Some(format!("{sq} is occupied"));
        }
        let Some(d) = &cr.drop else {
            return Some(format!("the {name} is never dropped"));
        };
        if d.region.is_zero() {
            return Some(format!("the {name} is never dropped: it stays in the hand"));
        }
        if !d.region.has(to) {
            return Some(format!(
                "the {name} may not be dropped on {sq}, outside its drop region"
            ));
        }
        for n in &d.near {
            let side = if n.enemy { cr.side.flip() } else { cr.side };
            let next = (n.steps[to] & self.pos.by_side[side.index()]).any();
            if next == n.not {
                let whose = if n.enemy {
                    "an enemy piece"
                } else {
                    "a piece of its side"
                };
                let how = if n.not { "next to" } else { "away from" };
                return Some(format!(
                    "the {name} may not be dropped {how} {whose} ({sq})"
                ));
            }
        }
        if let Some(n) = d.per_file {
            let (_, file, _) = r.coords(to);
            if (self.pos.pieces[code as usize] & r.file_masks[file]).count() >= n as u32 {
                let letter = (b'a' + file as u8) as char;
                return Some(format!(
                    "file {letter} already holds {n} {name}{} (at most {n} per file)",
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
        if r.no_stuck_pieces && cr.stuck.has(to) {
            return Some(format!("the {name} could never move from {sq}"));
        }
        if r.suicide_drops && self.pos.breathing_drops(r, B::bit(to)).is_zero() {
            return Some(format!(
                "the {name}'s group would have no empty square next to it on {sq}, and it would take nothing (no suicide)"
            ));
        }
        None
    }

    /// What the side to move has in hand.
    fn hand_help(&self) -> String {
        let r = &*self.rules;
        let held: Vec<String> = r.side_codes[self.pos.side.index()]
            .iter()
            .filter(|&&c| self.pos.hand[c as usize] > 0)
            .map(|&c| {
                format!(
                    "{} {}",
                    self.pos.hand[c as usize],
                    r.variant.piece_name(r.codes[c as usize].kind)
                )
            })
            .collect();
        if held.is_empty() {
            "the hand is empty".into()
        } else {
            format!("in hand: {}", held.join(", "))
        }
    }

    /// Why a move on the board is not legal: no piece, not the mover's, a missing promotion
    /// letter, a rule that refuses it, or not one of its moves.
    fn refused_board_move(
        &mut self,
        t: &str,
        len: usize,
        from: usize,
        to: usize,
        promo: bool,
        legal: &[Move],
    ) -> MoveError {
        let r = self.rules.clone();
        let side = self.pos.side;
        let from_name = self.square(from);
        let on_from = (0..r.layers).find_map(|l| self.pos.code_at(l * r.cells + from));
        let Some(code) = on_from else {
            let help = self.movable_help();
            return self.error(
                len,
                format!("{t} is not legal: there is no piece on {from_name}"),
                "nothing to move",
                help,
            );
        };
        if r.codes[code as usize].side != side {
            let help = self.movable_help();
            return self.error(
                len,
                format!(
                    "{t} is not legal: the piece on {from_name} is {}'s, and {} is to move",
                    r.codes[code as usize].side.name(),
                    side.name()
                ),
                "not your piece",
                help,
            );
        }
        let cell = |sq: usize| sq % r.cells;
        let mut of_piece: Vec<String> = legal
            .iter()
            .filter(|m| m.kind != MoveKind::Drop && cell(m.from as usize) == from)
            .map(|m| self.uci(m))
            .collect();
        of_piece.sort();
        let name = self.piece_name(code);
        let help = if of_piece.is_empty() {
            format!("the {name} on {from_name} has no legal move")
        } else {
            format!(
                "legal moves of the {name} on {from_name}: {}",
                of_piece.join(" ")
            )
        };
        let want = t.to_ascii_lowercase();
        if !promo
            && of_piece
                .iter()
                .any(|u| u.len() == t.len() + 1 && u.starts_with(&want))
        {
            return self.error(
                len,
                format!("{t} needs a promotion piece"),
                "which piece?",
                help,
            );
        }
        let pick = |m: &Move| {
            m.kind != MoveKind::Drop && cell(m.from as usize) == from && cell(m.to as usize) == to
        };
        if let Some(refused) = self.obligation_refusal(t, len, &pick, legal) {
            return refused;
        }
        let why = self.refusal_of(pick);
        let reason = why.unwrap_or_else(|| format!("the {name} on {from_name} cannot go there"));
        self.error(len, format!("{t} is not legal: {reason}"), "illegal", help)
    }

    /// A move refused only by an obligation: where captures are compulsory and one is legal,
    /// a move that `pick` selects that does not capture but is otherwise legal.
    fn obligation_refusal(
        &mut self,
        t: &str,
        len: usize,
        pick: &impl Fn(&Move) -> bool,
        legal: &[Move],
    ) -> Option<MoveError> {
        let r = self.rules.clone();
        if !r.must_capture || !legal.iter().any(|m| self.pos.is_capture(m)) {
            return None;
        }
        let mut pseudo = vec![];
        self.pos.pseudo_moves(&r, &mut pseudo);
        pseudo.retain(|m| pick(m) && !self.pos.is_capture(m));
        let quiet = pseudo.into_iter().any(|m| {
            let ok = self.pos.make(&r, m);
            self.pos.unmake(&r);
            ok
        });
        if !quiet {
            return None;
        }
        let mut captures: Vec<String> = legal.iter().map(|m| self.uci(m)).collect();
        captures.sort();
        captures.dedup();
        Some(self.error(
            len,
            format!("a capture is available: {t} is not allowed"),
            "must capture",
            format!("captures are compulsory; legal now: {}", captures.join(" ")),
        ))
    }

    /// The reason a rule gives for refusing the first pseudo-legal move that `pick` selects.
    pub(super) fn refusal_of(&mut self, pick: impl Fn(&Move) -> bool) -> Option<String> {
        let r = self.rules.clone();
        let mut pseudo = vec![];
        self.pos.pseudo_moves(&r, &mut pseudo);
        for m in pseudo.into_iter().filter(|m| pick(m)) {
            let ok = self.pos.make(&r, m);
            let why = self.pos.refusal;
            self.pos.unmake(&r);
            if !ok && let Some(why) = why {
                return Some(self.refusal_text(why, m.from as usize));
            }
        }
        None
    }

    pub(super) fn example_move(&mut self) -> String {
        let legal = self.legal();
        legal
            .first()
            .map(|m| self.uci(m))
            .unwrap_or_else(|| "e2e4".into())
    }

    fn movable_help(&mut self) -> String {
        let legal = self.legal();
        let mut from: Vec<String> = legal
            .iter()
            .filter(|m| m.kind != MoveKind::Drop)
            .map(|m| self.square(m.from as usize))
            .collect();
        from.sort();
        from.dedup();
        if from.is_empty() {
            "there is no legal move".into()
        } else {
            format!(
                "{} can move the pieces on {}",
                self.pos.side.name(),
                from.join(" ")
            )
        }
    }
}

/// The length of a square name at the start of `s` (`e4`, `j10`).
fn square_len(s: &str) -> Option<usize> {
    let first = s.chars().next()?;
    if !first.is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..].chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 { None } else { Some(1 + digits) }
}

/// Whether `t` is the UCI text `uci`, allowing an upper-case promotion letter (`e7e8Q`) and a
/// lower-case drop letter (`p@e4`). Squares must be written as they are: `B8d7` is the SAN of a
/// bishop's move, not the UCI `b8d7`.
fn uci_names(uci: &str, t: &str) -> bool {
    if uci == t {
        return true;
    }
    if uci.len() != t.len() {
        return false;
    }
    let case_free = |i: usize| {
        let is_drop_letter = uci.contains('@')
            && uci[i..].starts_with(|c: char| c.is_ascii_alphabetic())
            && uci[..i].chars().all(|c| c == '+');
        let is_promotion = i + 1 == uci.len() && square_len_back(&uci[..i]);
        is_drop_letter || is_promotion
    };
    uci.char_indices()
        .zip(t.chars())
        .all(|((i, a), b)| a == b || (a.eq_ignore_ascii_case(&b) && case_free(i)))
}

/// Whether `s` ends with a square name (a letter then digits).
fn square_len_back(s: &str) -> bool {
    let digits = s.chars().rev().take_while(|c| c.is_ascii_digit()).count();
    digits > 0
        && s[..s.len() - digits]
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_lowercase())
}
