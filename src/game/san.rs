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
    fn san_body(&self, m: &Move, legal: &[Move]) -> String {
        let r = &*self.rules;
        match m.kind {
            MoveKind::Drop => {
                return format!("{}@{}{}", self.piece_letter(m.promo - 1), self.square(m.to as usize), self.duck_san(m));
            }
            MoveKind::Castle(i) => {
                let c = &self.pos.castles[i as usize];
                let short = c.rook_from % r.files as u16 > c.king_from % r.files as u16;
                return format!("{}{}", if short { "O-O" } else { "O-O-O" }, self.duck_san(m));
            }
            _ => {}
        }
        let code = piece_code(self.pos.board[m.from as usize]).unwrap_or(0);
        let capture = self.pos.is_capture(m);
        let letter = self.piece_letter(code);
        let mut s = String::new();
        let from = self.square(m.from as usize);
        if letter == "P" {
            if capture {
                s.push_str(&from[..1]);
            }
        } else {
            s.push_str(&letter);
            s.push_str(&self.disambiguation(m, code, legal));
        }
        if capture {
            s.push('x');
        }
        s.push_str(&self.square(m.to as usize));
        if m.promo != 0 && self.promotes_itself(m, code) {
            s.push('=');
            s.push_str(&self.piece_letter(m.promo - 1));
        }
        s.push_str(&self.duck_san(m));
        s
    }

    /// Whether the promotion choice of `m` is the moving piece's own (not an effect's).
    fn promotes_itself(&self, m: &Move, code: u8) -> bool {
        self.rules.codes[code as usize]
            .promotion
            .as_ref()
            .is_some_and(|p| p.choices.contains(&(m.promo - 1)))
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

    /// The file, the rank, or both, of the origin, when another piece of the same kind can
    /// move to the same square.
    fn disambiguation(&self, m: &Move, code: u8, legal: &[Move]) -> String {
        let others: Vec<&Move> = legal
            .iter()
            .filter(|o| {
                o.kind != MoveKind::Drop
                    && !matches!(o.kind, MoveKind::Castle(_))
                    && o.to == m.to
                    && o.from != m.from
                    && piece_code(self.pos.board[o.from as usize]) == Some(code)
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
        let check = r.check.enabled() && self.pos.royal_attacked(&r, self.pos.side);
        let mut suffix = String::new();
        if check {
            let mut replies = vec![];
            self.pos.legal_moves(&r, &mut replies);
            let mate = replies.is_empty()
                && self
                    .pos
                    .no_move_end(&r)
                    .is_some_and(|e| e.rule == "checkmate");
            suffix.push(if mate { '#' } else { '+' });
        }
        self.pos.unmake(&r);
        suffix
    }

    /// `,d5`: where the duck goes, in duck variants.
    fn duck_san(&self, m: &Move) -> String {
        if self.rules.duck {
            format!(",{}", self.square(m.aux as usize))
        } else {
            String::new()
        }
    }

    /// The legal move that the SAN `text` names, tolerating what people write: no `=` before
    /// the promotion piece, `0-0` for castling, a missing or extra check mark, annotations.
    pub(super) fn parse_san(&mut self, text: &str, legal: &[Move]) -> Option<Move> {
        let want = normalize_san(text);
        if want.is_empty() {
            return None;
        }
        let mut found = None;
        for m in legal {
            let san = normalize_san(&self.san_body(m, legal));
            if san == want || san.replace('=', "") == want.replace('=', "") {
                if found.is_some() {
                    return None;
                }
                found = Some(*m);
            }
        }
        found
    }
}

/// SAN without check marks and annotations, castling with letters.
fn normalize_san(s: &str) -> String {
    let s = s.trim().trim_end_matches(['+', '#', '!', '?']).replace("e.p.", "");
    let s = s.trim();
    match s {
        "0-0" => "O-O".into(),
        "0-0-0" => "O-O-O".into(),
        _ => s.to_string(),
    }
}
