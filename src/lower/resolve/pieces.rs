//! Pieces: letters (on every layer), atoms in the long form and in Betza.

use std::collections::HashMap;

use indexmap::IndexMap;

use super::{Inherited, Resolver};
use crate::diagnostics::{Code, Problem, SourceId, Span};
use crate::ir::{self, PieceId, Side};
use crate::syntax::ast::*;
use crate::syntax::betza;

/// Who a letter already belongs to.
struct LetterOwner {
    src: SourceId,
    span: Span,
    piece: String,
}

/// The largest value a piece may be given, in pawns.
const MAX_PIECE_VALUE: u32 = 1000;

/// The most characters a piece's glyph has (a symbol, or a word of two or three signs).
const MAX_GLYPH_CHARS: usize = 3;

/// The letters given so far, for every piece, side and layer: each must be unique.
type Letters = IndexMap<char, LetterOwner>;

impl Resolver<'_> {
    /// Every piece, with its letters on the first layer (the other layers' come from
    /// `layers`).
    pub(super) fn pieces(&mut self, layers: usize) -> IndexMap<String, ir::Piece> {
        let mut pieces = IndexMap::new();
        let mut letters = Letters::new();
        for (name, def) in &self.draft.pieces {
            let inherited = Inherited {
                src: def.src,
                span: def.node.name.span,
                what: format!("piece `{name}`"),
                fix: format!(
                    "redefine it with `replace piece {name} {{ ... }}`, or `remove piece {name}`"
                ),
            };
            let piece = self.inherited(inherited, |r| {
                r.piece(name, &def.node, def.src, layers, &mut letters)
            });
            pieces.insert(name.clone(), piece);
        }
        pieces
    }

    fn piece(
        &mut self,
        name: &str,
        p: &PieceAst,
        src: SourceId,
        layers: usize,
        seen: &mut Letters,
    ) -> ir::Piece {
        let mut letters = vec![[None, None]; layers];
        letters[0] = self.own_letters(name, p, src, seen);
        let initial = match &p.initial {
            Some(r) => self.region(r, src),
            None => Some(ir::Region::ranks(2, 2)),
        };
        let atoms = self.atoms(name, p, src, initial.as_ref());
        let once_atoms = self.once_atoms(p, src);
        let confined = p.within.as_ref().and_then(|r| self.region(r, src));
        ir::Piece {
            name: name.to_string(),
            letters,
            glyph: self.glyph(p, src),
            royal: p.royal,
            royal_when_last: None,
            atoms,
            confined,
            promoted_from: None,
            cannot_capture: vec![],
            cannot_hop_over: vec![],
            cannot_attack: vec![],
            antiroyal: p.antiroyal.is_some(),
            once_atoms,
            guarded_atoms: vec![],
            once_lost_to: vec![],
            once_kept: false,
            anywhere: self.anywhere(p, src),
            value: self.piece_value(p, src),
            captures_in_place: p.captures_in_place.is_some(),
            captures_as_victim: p.captures_as_victim.is_some(),
        }
    }

    /// A piece's `value`, in pawns: more than 0, at most [`MAX_PIECE_VALUE`].
    fn piece_value(&mut self, p: &PieceAst, src: SourceId) -> Option<f64> {
        let v = p.value.as_ref()?;
        match v.node.parse::<f64>() {
            Ok(x) if x > 0.0 && x <= f64::from(MAX_PIECE_VALUE) => Some(x),
            _ => {
                self.err(
                    Problem::error(
                        Code::PieceValue,
                        format!(
                            "a piece's value is more than 0 and at most {MAX_PIECE_VALUE} pawns"
                        ),
                    )
                    .label(src, v.span, format!("{} pawns", v.node))
                    .help("write the value in pawns, e.g. `value 3.2` (a knight is about 3)"),
                );
                None
            }
        }
    }

    /// A piece's `glyph`: white's and black's (one written: the same for both), each one to
    /// [`MAX_GLYPH_CHARS`] characters, none of them a space or a control character.
    fn glyph(&mut self, p: &PieceAst, src: SourceId) -> Option<[String; 2]> {
        let mut ok = true;
        for g in &p.glyph {
            let chars = g.node.chars().count();
            let bad = g.node.chars().find(|c| c.is_whitespace() || c.is_control());
            if chars == 0 || chars > MAX_GLYPH_CHARS || bad.is_some() {
                let what = match bad {
                    Some(c) => format!("holds {c:?}"),
                    None => format!("{chars} characters"),
                };
                self.err(
                    Problem::error(
                        Code::Glyph,
                        format!("a glyph is 1 to {MAX_GLYPH_CHARS} characters without spaces"),
                    )
                    .label(src, g.span, what)
                    .help("write the symbol the board shows for the piece, e.g. `glyph \"♘\" \"♞\"` (white's, then black's) or `glyph \"象\"` for both"),
                );
                ok = false;
            }
        }
        let (white, black) = match p.glyph.as_slice() {
            [] => return None,
            [both] => (both, both),
            [white, black, ..] => (white, black),
        };
        ok.then(|| [white.node.clone(), black.node.clone()])
    }

    /// `move anywhere ... when controlled`, given once.
    fn anywhere(&mut self, p: &PieceAst, src: SourceId) -> Option<ir::Anywhere> {
        let first = p.anywhere.first()?;
        if let Some(again) = p.anywhere.get(1) {
            self.err(
                Problem::error(Code::DuplicateDefinition, "`move anywhere` is given twice")
                    .label(src, again.span, "again here")
                    .label(src, first.span, "first here")
                    .help("a piece moves anywhere by one rule: keep one line (with `to REGION` for where it may land)"),
            );
        }
        let to = match &first.landing {
            Some(r) => Some(self.region(r, src)?),
            None => None,
        };
        Some(ir::Anywhere {
            to,
            not_in_check: first.not_in_check,
        })
    }

    /// The atoms marked `once`: each only moves (its first move is never a threat).
    fn once_atoms(&mut self, p: &PieceAst, src: SourceId) -> Vec<ir::OnceAtom> {
        let mut out = vec![];
        for a in &p.atoms {
            let Some(once) = &a.once else { continue };
            let Some(atom) = self.atom(a, src) else {
                continue;
            };
            if atom.modality != ir::Modality::Move {
                self.err(
                    Problem::error(Code::BadAtom, "a `once` atom may only move")
                        .label(src, a.span, "captures or attacks")
                        .help("write `move` before it: a first-move privilege never captures nor threatens (Cambodian chess's king and met)"),
                );
                continue;
            }
            out.push(ir::OnceAtom {
                atom,
                not_in_check: once.node,
            });
        }
        out
    }

    /// Each piece's atoms marked `when guarded by`, once every piece has its index. A `once`
    /// atom cannot be guarded too.
    pub(super) fn guarded_atoms(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        for (name, def) in &self.draft.pieces {
            for a in &def.node.atoms {
                let Some((names, span)) = &a.guarded else {
                    continue;
                };
                if let Some(once) = &a.once {
                    self.err(
                        Problem::error(Code::BadAtom, "an atom cannot be both `once` and guarded")
                            .label(def.src, once.span, "a first-move right")
                            .label(def.src, *span, "and a guard")
                            .help("keep one of the two, or write two atoms"),
                    );
                    continue;
                }
                let guards: Vec<PieceId> = names
                    .iter()
                    .filter_map(|n| self.piece_ref(n, def.src))
                    .collect();
                let Some(atom) = self.atom(a, def.src) else {
                    continue;
                };
                if atom.modality == ir::Modality::Attack {
                    self.err(
                        Problem::error(Code::BadAtom, "a guarded atom moves or captures")
                            .label(def.src, a.span, "only attacks")
                            .help("write `move`, `capture` or neither before it: an atom that only threatens cannot be guarded"),
                    );
                    continue;
                }
                if guards.len() < names.len() {
                    continue;
                }
                if let Some(piece) = pieces.get_mut(name) {
                    piece.guarded_atoms.push(ir::GuardedAtom {
                        atom,
                        guards,
                        guarding: a.guarding,
                    });
                }
            }
        }
    }

    /// Each piece's `once lost when aimed by` kinds, once every piece has its index.
    pub(super) fn once_lost(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        for (name, def) in &self.draft.pieces {
            if let Some(span) = def.node.once_lost_when_moved
                && let Some(piece) = pieces.get_mut(name)
            {
                if def.node.atoms.iter().any(|a| a.once.is_some()) {
                    piece.once_kept = true;
                } else {
                    self.err(
                        Problem::error(Code::BadAtom, format!("piece `{name}` has no `once` atom"))
                            .label(def.src, span, "no first-move right to keep")
                            .help("mark an atom of it `once` (`move ride (0,1) forward range 2 from rank 2 once`), or remove this line"),
                    );
                }
            }
            for (names, span) in &def.node.once_lost {
                let kinds: Vec<PieceId> = names
                    .iter()
                    .filter_map(|n| self.piece_ref(n, def.src))
                    .collect();
                let Some(piece) = pieces.get_mut(name) else {
                    continue;
                };
                if piece.once_atoms.is_empty() && !def.node.atoms.iter().any(|a| a.once.is_some()) {
                    self.err(
                        Problem::error(Code::BadAtom, format!("piece `{name}` has no `once` atom"))
                            .label(def.src, *span, "no first-move right to lose")
                            .help("mark an atom of it `once` (`move leap (0,2) forward once`), or remove this line"),
                    );
                }
                for k in kinds {
                    if !piece.once_lost_to.contains(&k) {
                        piece.once_lost_to.push(k);
                    }
                }
            }
        }
    }

    /// A side's first-move rights are named in the FEN by their file letter: no two of them
    /// may lie on one file.
    pub(super) fn once_files(&mut self, pieces: &IndexMap<String, ir::Piece>) {
        for side in Side::BOTH {
            let first = if side == Side::White {
                0
            } else {
                self.ranks - 1
            };
            let mut seen: Vec<(u8, u8)> = vec![];
            for (name, def) in &self.draft.pieces {
                let Some(piece) = pieces.get(name) else {
                    continue;
                };
                if piece.letters.iter().all(|l| l[side.index()].is_none()) {
                    continue;
                }
                let spans = def
                    .node
                    .atoms
                    .iter()
                    .filter(|a| a.once.is_some())
                    .map(|a| a.span);
                for (o, span) in piece.once_atoms.iter().zip(spans) {
                    for (f, k) in (0..self.files).flat_map(|f| (0..self.ranks).map(move |k| (f, k)))
                    {
                        let holds = o
                            .atom
                            .from
                            .as_ref()
                            .map_or(k == first, |r| r.contains(side, f, k, self.ranks));
                        if !holds || seen.contains(&(f, k)) {
                            continue;
                        }
                        if let Some(&(_, k0)) = seen.iter().find(|&&(f0, _)| f0 == f) {
                            let file = (b'a' + f) as char;
                            self.err(
                                Problem::error(Code::BadAtom, format!("two first-move rights of {} on file {file} ({file}{} and {file}{})", side.name(), k0 + 1, k + 1))
                                    .label(def.src, span, "a right here too")
                                    .help("the FEN names a right by its file letter: give the `once` atoms `from` squares on different files"),
                            );
                            return;
                        }
                        seen.push((f, k));
                    }
                }
            }
        }
    }

    /// Each piece's `cannot capture` kinds, once every piece has its index. A piece that never
    /// captures cannot be told what it cannot capture.
    pub(super) fn cannot_capture(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        for (name, def) in &self.draft.pieces {
            // Atoms left out for their mistakes (reported) are not a piece that never moves.
            let judged = |piece: &ir::Piece| !piece.atoms.is_empty() || written_immobile(&def.node);
            for (names, span) in &def.node.cannot_capture {
                let kinds: Vec<PieceId> = names
                    .iter()
                    .filter_map(|n| self.piece_ref(n, def.src))
                    .collect();
                let Some(piece) = pieces.get_mut(name) else {
                    continue;
                };
                if judged(piece) && !piece.atoms.iter().any(|a| a.can_capture()) {
                    self.err(
                        Problem::error(
                            Code::CannotCapture,
                            format!("piece `{name}` never captures"),
                        )
                        .label(def.src, *span, "no atom of it captures")
                        .help(
                            "`cannot capture` removes some captures from a piece that has them: \
                             give it a capturing atom, or remove this line",
                        ),
                    );
                }
                for k in kinds {
                    if !piece.cannot_capture.contains(&k) {
                        piece.cannot_capture.push(k);
                    }
                }
            }
            for (names, span) in &def.node.cannot_hop_over {
                let kinds: Vec<PieceId> = names
                    .iter()
                    .filter_map(|n| self.piece_ref(n, def.src))
                    .collect();
                let Some(piece) = pieces.get_mut(name) else {
                    continue;
                };
                if judged(piece)
                    && !piece
                        .atoms
                        .iter()
                        .any(|a| matches!(a.kind, ir::AtomKind::Hop { .. }))
                {
                    self.err(
                        Problem::error(Code::CannotCapture, format!("piece `{name}` never hops"))
                            .label(def.src, *span, "no atom of it hops")
                            .help(
                                "`cannot hop over` keeps some pieces from being a hop's screen: \
                                 give the piece a `hop` atom, or remove this line",
                            ),
                    );
                }
                for k in kinds {
                    if !piece.cannot_hop_over.contains(&k) {
                        piece.cannot_hop_over.push(k);
                    }
                }
            }
        }
    }

    /// Each piece's `cannot attack` kinds (which it neither captures nor threatens); and the
    /// misuse of `antiroyal`.
    pub(super) fn cannot_attack(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        for (name, def) in &self.draft.pieces {
            let Some(piece) = pieces.get_mut(name) else {
                continue;
            };
            let threatens = piece
                .atoms
                .iter()
                .any(|a| a.can_capture() || a.modality == ir::Modality::Attack);
            for (names, span) in &def.node.cannot_attack {
                if !threatens && !piece.atoms.is_empty() {
                    self.err(
                        Problem::error(Code::CannotCapture, format!("piece `{name}` never attacks"))
                            .label(def.src, *span, "no atom of it captures or attacks")
                            .help("`cannot attack` removes some threats from a piece that has them: give it a capturing atom, or remove this line"),
                    );
                }
                for n in names {
                    let Some(k) = self.piece_ref(n, def.src) else {
                        continue;
                    };
                    for list in [&mut piece.cannot_attack, &mut piece.cannot_capture] {
                        if !list.contains(&k) {
                            list.push(k);
                        }
                    }
                }
            }
            if let (Some(span), true) = (
                def.node.antiroyal,
                piece.royal || def.node.royal_when_last.is_some(),
            ) {
                self.err(
                    Problem::error(Code::RoyalWhenLast, format!("piece `{name}` is both royal and antiroyal"))
                        .label(def.src, span, "must stay attacked, and may not be left attacked")
                        .help("a royal piece may not be left attacked, an antiroyal one must be: keep one of the two"),
                );
            }
        }
    }

    /// An antiroyal piece must stay attacked under the check rule, and `move anywhere ... not
    /// in check` needs it to know when a side is in check: without one they mean nothing.
    pub(super) fn antiroyal_needs_check(
        &mut self,
        check: &ir::Check,
        pieces: &IndexMap<String, ir::Piece>,
    ) {
        if check.enabled() || self.draft.is_broken(ItemKind::Check) {
            return;
        }
        for (name, def) in &self.draft.pieces {
            let calm = def.node.anywhere.iter().find(|a| a.not_in_check);
            if let (Some(a), true) = (calm, pieces.contains_key(name)) {
                self.err(
                    Problem::error(
                        Code::NeedsCheck,
                        format!(
                            "piece `{name}` moves anywhere `not in check`, without a check rule"
                        ),
                    )
                    .label(def.src, a.span, "no rule says when a side is in check")
                    .help("add `check at final`, or remove `not in check`"),
                );
            }
            if let (Some(span), true) = (def.node.antiroyal, pieces.contains_key(name)) {
                self.err(
                    Problem::error(
                        Code::NeedsCheck,
                        format!("antiroyal piece `{name}` needs a check rule"),
                    )
                    .label(def.src, span, "no check rule makes it stay attacked")
                    .help("add `check at final`, or remove `antiroyal`"),
                );
            }
        }
    }

    /// Each piece's `royal when last` kinds (itself first), once every piece has its index.
    pub(super) fn royal_when_last(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        for (name, def) in &self.draft.pieces {
            let Some((names, span)) = &def.node.royal_when_last else {
                continue;
            };
            let Some(own) = pieces.get_index_of(name) else {
                continue;
            };
            if def.node.royal {
                self.err(
                    Problem::error(
                        Code::RoyalWhenLast,
                        format!("piece `{name}` is both `royal` and `royal when last`"),
                    )
                    .label(
                        def.src,
                        *span,
                        "royal only while it is the last of its kind",
                    )
                    .help(
                        "`royal` makes the piece royal always; keep one of the two: `royal` \
                         alone, or `royal when last`",
                    ),
                );
            }
            let mut kinds = vec![own];
            for k in names.iter().filter_map(|n| self.piece_ref(n, def.src)) {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            pieces[own].royal_when_last = Some(kinds);
        }
    }

    /// A piece's `letters`: present, not both `-`, white's first.
    fn own_letters(
        &mut self,
        name: &str,
        p: &PieceAst,
        src: SourceId,
        seen: &mut Letters,
    ) -> [Option<char>; 2] {
        let Some(l) = &p.letters else {
            self.fen_unreliable = true;
            self.err(
                Problem::error(
                    Code::MissingLetters,
                    format!("piece `{name}` has no letters"),
                )
                .label(src, p.name.span, "needs `letters`")
                .help(
                    "add `letters X x` (white's letter, black's letter; `-` for a side without it)",
                ),
            );
            return [None, None];
        };
        let (w, b) = (l.white.node, l.black.node);
        if w == '-' && b == '-' {
            self.fen_unreliable = true;
            self.err(
                Problem::error(
                    Code::MissingLetters,
                    format!("piece `{name}` has no letter for either side"),
                )
                .label(src, l.span(), "both letters are `-`")
                .help("give at least one side a letter, or remove the piece"),
            );
            return [None, None];
        }
        if w.is_ascii_lowercase() && b.is_ascii_uppercase() {
            self.fen_unreliable = true;
            self.err(
                Problem::error(Code::LetterCase, format!("the letters of `{name}` are the wrong way round"))
                    .label(src, l.span(), "black's letter first")
                    .help(format!(
                        "white's letter comes first, in upper case, then black's in lower case: write `letters {b} {w}`"
                    )),
            );
            return [None, None];
        }
        if l.promoted {
            // The promoted form shares its base's letters (written with `+`); the base owns
            // them, see `link_promoted`.
            return [(w != '-').then_some(w), (b != '-').then_some(b)];
        }
        self.letter_pair(l, name, src, seen)
    }

    /// Each piece written `+P` is the promoted form of the piece written `P`.
    pub(super) fn link_promoted(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        let bases: Vec<(usize, [Option<char>; 2])> = pieces
            .values()
            .enumerate()
            .filter(|(_, p)| !self.written_promoted(&p.name))
            .map(|(i, p)| (i, p.letters[0]))
            .collect();
        for id in 0..pieces.len() {
            let (name, letters) = {
                let p = &pieces[id];
                (p.name.clone(), p.letters[0])
            };
            if !self.written_promoted(&name) {
                continue;
            }
            let base = bases.iter().find(|(_, l)| {
                l.iter()
                    .zip(letters.iter())
                    .any(|(a, b)| a.is_some() && a == b)
            });
            match base {
                Some(&(b, _)) => pieces[id].promoted_from = Some(b),
                None => {
                    let Some(def) = self.draft.pieces.get(&name) else {
                        continue;
                    };
                    let span = def
                        .node
                        .letters
                        .as_ref()
                        .map_or(def.node.name.span, |l| l.span());
                    self.fen_unreliable = true;
                    self.err(
                        Problem::error(
                            Code::MissingLetters,
                            format!("`{name}` is written as a promoted piece, but no piece has its letters"),
                        )
                        .label(def.src, span, "no piece is written so")
                        .help("`letters +P +p` is the promoted form of the piece with `letters P p`"),
                    );
                }
            }
        }
    }

    /// Whether the piece's letters are written with `+`.
    fn written_promoted(&self, name: &str) -> bool {
        self.draft
            .pieces
            .get(name)
            .and_then(|d| d.node.letters.as_ref())
            .is_some_and(|l| l.promoted)
    }

    /// White's and black's letter of a piece (on one layer).
    fn letter_pair(
        &mut self,
        l: &LettersAst,
        piece: &str,
        src: SourceId,
        seen: &mut Letters,
    ) -> [Option<char>; 2] {
        let (w, b) = (&l.white, &l.black);
        // Both letters already another piece's: one mistake, one problem.
        if w.node.is_ascii_uppercase()
            && b.node.is_ascii_lowercase()
            && let (Some(fw), Some(fb)) = (seen.get(&w.node), seen.get(&b.node))
            && fw.piece == fb.piece
        {
            let mut p = Problem::error(
                Code::DuplicateLetter,
                format!(
                    "letters `{}` and `{}` already belong to `{}`",
                    w.node, b.node, fw.piece
                ),
            )
            .label(src, l.span(), format!("for `{piece}`"));
            p = if fw.src == fb.src {
                p.label(
                    fw.src,
                    Span::new(
                        fw.span.start.min(fb.span.start),
                        fw.span.end.max(fb.span.end),
                    ),
                    format!("the letters of `{}`", fw.piece),
                )
            } else {
                p.label(fw.src, fw.span, format!("`{}` of `{}`", w.node, fw.piece))
                    .label(fb.src, fb.span, format!("`{}` of `{}`", b.node, fb.piece))
            };
            self.fen_unreliable = true;
            self.err(p.help(
                "each piece, side and layer needs its own letter so that FEN is unambiguous",
            ));
            return [None, None];
        }
        [
            self.letter(w, Side::White, piece, src, seen),
            self.letter(b, Side::Black, piece, src, seen),
        ]
    }

    fn letter(
        &mut self,
        l: &Spanned<char>,
        side: Side,
        piece: &str,
        src: SourceId,
        seen: &mut Letters,
    ) -> Option<char> {
        let c = l.node;
        if c == '-' {
            return None;
        }
        let (right_case, case, fixed) = match side {
            Side::White => (c.is_ascii_uppercase(), "upper", c.to_ascii_uppercase()),
            Side::Black => (c.is_ascii_lowercase(), "lower", c.to_ascii_lowercase()),
        };
        if !right_case {
            self.fen_unreliable = true;
            let is = if c.is_ascii_uppercase() {
                "upper"
            } else {
                "lower"
            };
            self.err(
                Problem::error(Code::LetterCase, format!("{}'s letter for `{piece}` must be {case} case", side.name()))
                    .label(src, l.span, format!("`{c}` is {is} case"))
                    .help(format!(
                        "FEN writes white pieces in upper case and black pieces in lower case: write `{fixed}`"
                    )),
            );
            return None;
        }
        if let Some(owner) = seen.get(&c) {
            self.fen_unreliable = true;
            self.err(
                Problem::error(Code::DuplicateLetter, format!("letter `{c}` is used twice"))
                    .label(src, l.span, format!("`{c}` for `{piece}`"))
                    .label(
                        owner.src,
                        owner.span,
                        format!("`{c}` is already the letter of `{}`", owner.piece),
                    )
                    .help(
                        "each piece, side and layer needs its own letter so that FEN is unambiguous",
                    ),
            );
            return None;
        }
        seen.insert(
            c,
            LetterOwner {
                src,
                span: l.span,
                piece: piece.to_string(),
            },
        );
        Some(c)
    }

    /// A piece's atoms, long form then Betza; a piece that can only capture is reported.
    fn atoms(
        &mut self,
        name: &str,
        p: &PieceAst,
        src: SourceId,
        initial: Option<&ir::Region>,
    ) -> Vec<ir::Atom> {
        let mut atoms = vec![];
        // A warning about the atoms that remain would be misleading when some were wrong.
        let mut atoms_ok = true;
        for a in p
            .atoms
            .iter()
            .filter(|a| a.once.is_none() && a.guarded.is_none())
        {
            match self.atom(a, src) {
                Some(atom) => atoms.push(atom),
                None => atoms_ok = false,
            }
        }
        for b in &p.betza {
            match betza::parse(&b.node, initial) {
                Ok(mut read) => {
                    atoms.append(&mut read.atoms);
                    for c in read.changed {
                        let start = b.span.start + 1 + c.at;
                        self.err(
                            Problem::warning(
                                Code::BetzaMeaning,
                                format!(
                                    "Betza `{}` now means what Fairy-Stockfish reads: {}",
                                    c.group, c.now
                                ),
                            )
                            .label(src, Span::new(start, start + c.len), "meaning changed")
                            .help(format!(
                                "rulebook used to read it as {}; to keep that, take `{}` out of the Betza string and write those atoms in the piece",
                                c.old, c.group
                            )),
                        );
                    }
                }
                Err(e) => {
                    atoms_ok = false;
                    let start = b.span.start + 1 + e.at;
                    self.err(
                        Problem::error(Code::Betza, e.message)
                            .label(src, Span::new(start, start + e.len.max(1)), e.kind.label())
                            .help(e.help),
                    );
                }
            }
        }
        // A piece without atoms never moves (a stone that is only placed or dropped).
        if atoms_ok
            && !atoms.is_empty()
            && atoms.iter().all(|a| a.modality == ir::Modality::Capture)
            && !p.royal
        {
            self.err(
                Problem::warning(Code::CaptureOnly, format!("piece `{name}` can only capture"))
                    .label(src, p.name.span, "every atom is `capture`")
                    .help("it can never move to an empty square; add `move` atoms if that is not intended"),
            );
        }
        atoms
    }

    /// The direction words of an atom, once its offset is known to land on the board in at
    /// least one of the directions they keep.
    fn atom_directions(&mut self, a: &AtomAst, src: SourceId) -> Option<Vec<ir::DirTerm>> {
        let (x, y) = a.vector.node;
        let (files, ranks) = (self.files, self.ranks);
        if x == 0 && y == 0 {
            self.err(
                Problem::error(Code::BadAtom, "the offset (0,0) goes nowhere")
                    .label(src, a.vector.span, "zero offset")
                    .help("give a non-zero offset such as (1,0) for a rook's step or (1,2) for a knight's jump"),
            );
            return None;
        }
        let max = files.max(ranks) as i64;
        if x.abs().max(y.abs()) >= max {
            self.err(
                Problem::error(
                    Code::AtomOffBoard,
                    format!("the offset ({x},{y}) never lands on a {files}x{ranks} board"),
                )
                .label(src, a.vector.span, "too long for this board")
                .help(format!(
                    "offsets must be shorter than the board: at most {} squares",
                    max - 1
                )),
            );
            return None;
        }
        let directions = self.directions(&a.directions, src)?;
        let vectors: Vec<(i8, i8)> = ir::symmetric_images((x as i8, y as i8))
            .into_iter()
            .filter(|v| ir::keeps(&directions, *v))
            .collect();
        if vectors.is_empty() {
            self.err(
                Problem::error(
                    Code::BadAtom,
                    format!("no direction of ({x},{y}) is kept by these filters"),
                )
                .label(src, a.span, "this atom has no moves")
                .help("remove or change the direction words"),
            );
            return None;
        }
        if !vectors.iter().any(|&v| self.lands(v)) {
            self.err(
                Problem::error(
                    Code::AtomOffBoard,
                    format!("the offset ({x},{y}) never lands on a {files}x{ranks} board"),
                )
                .label(src, a.vector.span, "too long for this board")
                .help("shorten the offset or enlarge the board"),
            );
            return None;
        }
        Some(directions)
    }

    /// Whether a step lands on the board from some square: shorter than the board along each
    /// axis, or round it where the axis wraps (but not all the way back to the same square).
    fn lands(&self, (vx, vy): (i8, i8)) -> bool {
        let along = |v: i8, n: u8, wraps: bool| {
            if wraps {
                (true, v.rem_euclid(n as i8) == 0)
            } else {
                (v.unsigned_abs() < n, v == 0)
            }
        };
        let (f_ok, f_home) = along(vx, self.files, self.wrap.files);
        let (r_ok, r_home) = along(vy, self.ranks, self.wrap.ranks);
        f_ok && r_ok && !(f_home && r_home)
    }

    pub(super) fn atom(&mut self, a: &AtomAst, src: SourceId) -> Option<ir::Atom> {
        let (x, y) = a.vector.node;
        let directions = self.atom_directions(a, src)?;
        let kind = self.atom_kind(a, src)?;
        let from = match &a.origin {
            None => None,
            Some(r) => Some(self.region(r, src)?),
        };
        let to = match &a.landing {
            None => None,
            Some(r) => Some(self.region(r, src)?),
        };
        let path = match &a.path {
            Some(p) if kind != ir::AtomKind::Leap => {
                self.err(
                    Problem::error(Code::BadAtom, "only a leap can be lame or jumping")
                        .label(src, p.span, "on a ride or a hop")
                        .help("a ride is blocked on its way already; write `leap` for a lame leap"),
                );
                return None;
            }
            Some(p) => p.node,
            None => ir::LeapPath::Free,
        };
        let atom = ir::Atom {
            modality: a.modality,
            kind,
            offset: ir::canonical((x as i8, y as i8)),
            directions,
            from,
            to,
            path,
        };
        if let (Some(region), Some(r)) = (&a.landing, &atom.to)
            && !self.lands_anywhere(&atom, r)
        {
            self.err(
                Problem::error(Code::BadAtom, "the atom never lands in its `to` region")
                    .label(src, region.span(), "no square of it is in reach")
                    .help("`to REGION` keeps the squares the atom lands on: name a region the atom can reach (from its `from` squares, if any)"),
            );
            return None;
        }
        Some(atom)
    }

    /// Whether some move of `atom` (for either side, from its `from` squares) ends in `to`:
    /// a per-side region may be reached by one side only.
    fn lands_anywhere(&self, atom: &ir::Atom, to: &ir::Region) -> bool {
        Side::BOTH
            .into_iter()
            .any(|side| self.lands_for(atom, to, side))
    }

    fn lands_for(&self, atom: &ir::Atom, to: &ir::Region, side: Side) -> bool {
        let (files, ranks) = (self.files as i32, self.ranks as i32);
        let steps = match atom.kind {
            ir::AtomKind::Leap => 1,
            _ => files.max(ranks),
        };
        for f in 0..files {
            for k in 0..ranks {
                if let Some(from) = &atom.from
                    && !from.contains(side, f as u8, k as u8, self.ranks)
                {
                    continue;
                }
                for (dx, dy) in atom.vectors().into_iter().map(|v| ir::oriented(v, side)) {
                    for n in 1..=steps {
                        let (tf, tk) = (f + dx as i32 * n, k + dy as i32 * n);
                        if tf < 0 || tk < 0 || tf >= files || tk >= ranks {
                            break;
                        }
                        if to.contains(side, tf as u8, tk as u8, self.ranks) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Leap, or ride with its range (1 to 255 steps, or unlimited).
    fn atom_kind(&mut self, a: &AtomAst, src: SourceId) -> Option<ir::AtomKind> {
        if let Some(n) = &a.hop_span {
            let problem = if !a.hop {
                Some(("`span` is only for a hop", "`span` on a leap or ride"))
            } else if !(2..=255).contains(&n.node) {
                Some(("a hop lands at least 2 steps away", "must be 2 to 255"))
            } else {
                None
            };
            if let Some((message, label)) = problem {
                self.err(
                    Problem::error(Code::BadRange, message)
                        .label(src, n.span, label)
                        .help("`span N` lets a hop land at most N steps from its own square"),
                );
                return None;
            }
        }
        let span = a.hop_span.as_ref().map(|n| n.node as u8);
        if a.hop {
            return match &a.range {
                None => Some(ir::AtomKind::Hop { range: None, span }),
                Some(r) if (1..=255).contains(&r.node) => Some(ir::AtomKind::Hop {
                    range: Some(r.node as u8),
                    span,
                }),
                Some(r) => {
                    self.err(
                        Problem::error(
                            Code::BadRange,
                            format!("range {} is not a number of steps", r.node),
                        )
                        .label(src, r.span, "must be 1 or more")
                        .help("leave `range` out for a hop that goes on to the next piece"),
                    );
                    None
                }
            };
        }
        match (a.ride, &a.range) {
            (true, None) => Some(ir::AtomKind::Ride { range: None }),
            (true, Some(r)) if (1..=255).contains(&r.node) => Some(ir::AtomKind::Ride {
                range: Some(r.node as u8),
            }),
            (true, Some(r)) => {
                self.err(
                    Problem::error(
                        Code::BadRange,
                        format!("range {} is not a number of steps", r.node),
                    )
                    .label(src, r.span, "must be 1 or more")
                    .help("leave `range` out for an unlimited ride"),
                );
                None
            }
            (false, Some(r)) => {
                self.err(
                    Problem::error(Code::BadRange, "a leap has no range")
                        .label(src, r.span, "`range` on a leap")
                        .help("write `ride` for a piece that repeats its step, or drop `range`"),
                );
                None
            }
            (false, None) => Some(ir::AtomKind::Leap),
        }
    }

    /// The letters of the layers after the first, from `layers { ... letters { ... } }`.
    pub(super) fn layer_letters(&mut self, pieces: &mut IndexMap<String, ir::Piece>) {
        let Some(l) = &self.draft.layers else {
            return;
        };
        let mut seen: Letters = pieces
            .values()
            .flat_map(|p| {
                p.letters[0]
                    .iter()
                    .flatten()
                    .map(move |c| (*c, p.name.clone()))
            })
            .map(|(c, piece)| {
                let span = self.letters_span(&piece, c);
                (
                    c,
                    LetterOwner {
                        src: span.0,
                        span: span.1,
                        piece,
                    },
                )
            })
            .collect();
        for (li, layer) in l.node.layers.iter().enumerate() {
            let given = self.one_layer_letters(li, layer, l.src, pieces, &mut seen);
            if li > 0 {
                self.missing_layer_letters(layer, l.src, pieces, &given);
            }
        }
    }

    /// Where a piece's first-layer letter `c` is written.
    fn letters_span(&self, piece: &str, c: char) -> (SourceId, Span) {
        let def = &self.draft.pieces[piece];
        match &def.node.letters {
            Some(l) if l.white.node == c => (def.src, l.white.span),
            Some(l) if l.black.node == c => (def.src, l.black.span),
            _ => (def.src, def.node.name.span),
        }
    }

    /// The letters given on one layer; for each piece, where and for which sides.
    fn one_layer_letters(
        &mut self,
        li: usize,
        layer: &LayerAst,
        src: SourceId,
        pieces: &mut IndexMap<String, ir::Piece>,
        seen: &mut Letters,
    ) -> HashMap<PieceId, [bool; 2]> {
        let mut given: HashMap<PieceId, (Span, [bool; 2])> = HashMap::new();
        for a in &layer.letters {
            if li == 0 {
                self.err(
                    Problem::error(Code::LayerLetters, "the first layer uses the pieces' own letters")
                        .label(src, a.piece.span, "letters on the first layer")
                        .help("give the letters in the piece's `letters`, and list only the other layers' letters here"),
                );
                continue;
            }
            let Some(id) = self.piece_ref(&a.piece, src) else {
                continue;
            };
            let name = self.piece_names[id].clone();
            if let Some((first, _)) = given.get(&id) {
                self.fen_unreliable = true;
                self.err(
                    Problem::error(
                        Code::DuplicateDefinition,
                        format!(
                            "`{name}` is given letters twice on layer `{}`",
                            layer.name.node
                        ),
                    )
                    .label(src, a.piece.span, "given again here")
                    .label(src, *first, "first given here")
                    .help("give each piece one pair of letters per layer"),
                );
                continue;
            }
            // What was written counts, valid or not: a wrong letter is reported once, not
            // again as a missing one.
            given.insert(
                id,
                (a.piece.span, [a.white.node != '-', a.black.node != '-']),
            );
            let letters = LettersAst {
                white: a.white.clone(),
                black: a.black.clone(),
                promoted: false,
            };
            let pair = self.letter_pair(&letters, &name, src, seen);
            if let Some((_, p)) = pieces.get_index_mut(id) {
                p.letters[li] = pair;
            }
        }
        given.into_iter().map(|(id, (_, w))| (id, w)).collect()
    }

    /// Every piece that can stand on a layer needs letters there.
    fn missing_layer_letters(
        &mut self,
        layer: &LayerAst,
        src: SourceId,
        pieces: &IndexMap<String, ir::Piece>,
        given: &HashMap<PieceId, [bool; 2]>,
    ) {
        let mut missing = vec![];
        for (id, (name, p)) in pieces.iter().enumerate() {
            let written = given.get(&id).copied().unwrap_or([false, false]);
            let lacking: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|s| p.letters[0][s.index()].is_some() && !written[s.index()])
                .collect();
            match lacking.as_slice() {
                [] => {}
                [side] if p.letters[0][side.flip().index()].is_some() => {
                    missing.push(format!("{} `{name}`", side.name()))
                }
                _ => missing.push(format!("`{name}`")),
            }
        }
        if missing.is_empty() {
            return;
        }
        self.fen_unreliable = true;
        let list = match missing.len() {
            1 => missing[0].clone(),
            n => format!("{} and {}", missing[..n - 1].join(", "), missing[n - 1]),
        };
        self.err(
            Problem::error(Code::LayerLetters, format!("layer `{}` has no letters for {list}", layer.name.node))
                .label(src, layer.name.span, format!("FEN cannot write {list} on this layer"))
                .help("every piece that can stand on a layer needs letters there: add each to this layer's `letters` as its name, white's letter and black's letter"),
        );
    }
}

/// Whether a piece is written without atoms: it never moves (a stone).
impl Resolver<'_> {
    /// `captures without moving` on pieces that capture, and not on a piece that turns to
    /// stone when it captures (which then has no square to leave a wall on).
    pub(super) fn capture_ways(
        &mut self,
        pieces: &IndexMap<String, ir::Piece>,
        petrify: &[PieceId],
    ) {
        for (name, def) in &self.draft.pieces {
            let Some(span) = def.node.captures_in_place else {
                continue;
            };
            let Some((id, _, piece)) = pieces.get_full(name) else {
                continue;
            };
            let judged = !piece.atoms.is_empty() || written_immobile(&def.node);
            let problem = if piece.captures_as_victim {
                None
            } else if judged && !piece.atoms.iter().any(|a| a.can_capture()) {
                Some((
                    format!("piece `{name}` never captures"),
                    "no atom of it captures",
                    "`captures without moving` says how the piece captures: give it a capturing atom, or remove this line",
                ))
            } else if petrify.contains(&id) {
                Some((
                    format!("piece `{name}` turns to stone when it captures"),
                    "it would stay on its square",
                    "a piece that captures without moving has no square to turn to stone on: take it out of `petrify`, or remove this line",
                ))
            } else {
                None
            };
            if let Some((message, label, help)) = problem {
                self.err(
                    Problem::error(Code::CaptureWay, message)
                        .label(def.src, span, label)
                        .help(help),
                );
            }
        }
    }
}

pub(super) fn written_immobile(p: &PieceAst) -> bool {
    p.atoms.is_empty() && p.betza.is_empty()
}
