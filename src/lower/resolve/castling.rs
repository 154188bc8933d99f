//! Castling: each entry's pieces and squares, and what makes a set of entries well-formed (a
//! castling is written as the king's move, so that move must be one of its own: a real move,
//! not an ordinary move of the king, not another entry's).

use indexmap::IndexMap;

use super::{Inherited, Resolver, Royalty};
use crate::diagnostics::{Code, Problem, SourceId, Span};
use crate::ir::{self, Side, square_name};
use crate::syntax::ast::*;

/// The most castling entries a variant may have: the castling rights are bits of a 32-bit
/// word.
pub const MAX_CASTLINGS: usize = 32;

/// One castling entry of the draft.
struct CastleDef<'a> {
    flag: char,
    src: SourceId,
    ast: &'a CastleAst,
}

impl Resolver<'_> {
    /// Every castling entry, by flag. The inherited entries are checked together: when this
    /// file makes them invalid (a smaller board), that is one problem, not one per square.
    pub(super) fn castling(
        &mut self,
        pieces: &IndexMap<String, ir::Piece>,
        royalty: Royalty,
    ) -> IndexMap<char, ir::Castle> {
        let draft = self.draft;
        let defs: Vec<CastleDef> = draft
            .castling
            .iter()
            .map(|(flag, l)| CastleDef {
                flag: *flag,
                src: l.src,
                ast: &l.node,
            })
            .collect();
        let main = self.main;
        let mut resolved: Vec<Option<ir::Castle>> = vec![None; defs.len()];
        if let Some(first) = defs.iter().find(|d| d.src != self.main) {
            let inherited = Inherited {
                src: first.src,
                span: first.ast.span,
                what: "castling".to_string(),
                fix: "redefine it for this variant with `replace castling { ... }`, or remove it with `remove castling` and its flags".to_string(),
            };
            self.inherited(inherited, |r| {
                for (i, d) in defs.iter().enumerate().filter(|(_, d)| d.src != main) {
                    resolved[i] = r.castle(d, pieces, royalty);
                }
            });
        }
        for (i, d) in defs.iter().enumerate().filter(|(_, d)| d.src == main) {
            resolved[i] = self.castle(d, pieces, royalty);
        }
        self.castlings_apart(&defs, &resolved);
        defs.iter()
            .zip(resolved)
            .filter_map(|(d, c)| Some((d.flag, c?)))
            .collect()
    }

    fn castle(
        &mut self,
        d: &CastleDef,
        pieces: &IndexMap<String, ir::Piece>,
        royalty: Royalty,
    ) -> Option<ir::Castle> {
        let castle = self.castle_parts(d);
        if castle.is_none() {
            self.fen_unreliable = true;
        }
        let castle = castle?;
        if !self.castle_moves(d, &castle) {
            self.fen_unreliable = true;
            return None;
        }
        // Without any royal piece, `needs_royal` says it all.
        if !pieces[castle.king].royal && royalty.exists {
            self.err(
                Problem::warning(
                    Code::CastlingNotRoyal,
                    format!(
                        "castling `{}` moves `{}`, which is not royal",
                        d.flag, d.ast.king.node
                    ),
                )
                .label(d.src, d.ast.king.span, "not royal")
                .help(
                    "castling usually moves the royal piece; check that this is the piece you mean",
                ),
            );
        }
        Some(castle)
    }

    /// The entry's flag, pieces and squares.
    fn castle_parts(&mut self, d: &CastleDef) -> Option<ir::Castle> {
        let (c, src) = (d.ast, d.src);
        if !d.flag.is_ascii_alphabetic() {
            self.err(
                Problem::error(
                    Code::CastlingFlag,
                    format!("`{}` cannot be a castling flag", d.flag),
                )
                .label(src, c.flag.span, "not a letter")
                .help("use FEN's letters: K Q for white, k q for black"),
            );
            return None;
        }
        let king = self.piece_ref(&c.king, src);
        let rook = self.piece_ref(&c.rook, src);
        let mut square = |s: &Spanned<String>| self.square(s, src, Code::CastlingSquare);
        let squares = [
            square(&c.king_from),
            square(&c.king_to),
            square(&c.rook_from),
            square(&c.rook_to),
        ];
        let empty: Vec<_> = c.empty.iter().map(&mut square).collect();
        let safe: Vec<_> = c.safe.iter().map(&mut square).collect();
        let [
            Some(king_from),
            Some(king_to),
            Some(rook_from),
            Some(rook_to),
        ] = squares
        else {
            return None;
        };
        Some(ir::Castle {
            side: if d.flag.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            },
            king: king?,
            king_from,
            king_to,
            rook: rook?,
            rook_from,
            rook_to,
            empty: empty.into_iter().collect::<Option<_>>()?,
            safe: safe.into_iter().collect::<Option<_>>()?,
        })
    }

    /// The king moves; the king and the rook start on two squares and end on two squares. (A
    /// king move that is also an ordinary move is written as the king taking its own rook.)
    fn castle_moves(&mut self, d: &CastleDef, c: &ir::Castle) -> bool {
        let a = d.ast;
        let (message, (x, y), label, help) = if c.king_from == c.king_to {
            (
                "the king does not move".to_string(),
                (&a.king_from, &a.king_to),
                "from and to the same square",
                "castling is written as the king's move (`e1g1`), so the king must move",
            )
        } else if c.king_from == c.rook_from {
            (
                "the king and the rook start on the same square".to_string(),
                (&a.king_from, &a.rook_from),
                "the same square",
                "give the rook its own square",
            )
        } else if c.king_to == c.rook_to {
            (
                "the king and the rook end on the same square".to_string(),
                (&a.king_to, &a.rook_to),
                "the same square",
                "one of them would vanish: give each its own destination",
            )
        } else {
            return true;
        };
        let span = Span::new(x.span.start.min(y.span.start), x.span.end.max(y.span.end));
        self.err(
            Problem::error(
                Code::CastlingMove,
                format!("castling `{}`: {message}", d.flag),
            )
            .label(d.src, span, label)
            .help(help),
        );
        false
    }

    /// No two entries castle the same way (each is one king move, counted once), and there
    /// are at most [`MAX_CASTLINGS`].
    fn castlings_apart(&mut self, defs: &[CastleDef], resolved: &[Option<ir::Castle>]) {
        for (i, (d, c)) in defs.iter().zip(resolved).enumerate() {
            let Some(c) = c else { continue };
            let same = defs[..i].iter().zip(&resolved[..i]).find(|(_, o)| {
                o.as_ref().is_some_and(|o| {
                    (o.side, o.king_from, o.king_to) == (c.side, c.king_from, c.king_to)
                })
            });
            if let Some((first, _)) = same {
                let mv = format!(
                    "{}{}",
                    square_name(c.king_from.0, c.king_from.1),
                    square_name(c.king_to.0, c.king_to.1)
                );
                self.fen_unreliable = true;
                self.err(
                    Problem::error(Code::CastlingMove, format!("castling `{}` and `{}` are the same move, {mv}", first.flag, d.flag))
                        .label(d.src, d.ast.span, format!("`{}` moves the king {mv}", d.flag))
                        .label(first.src, first.ast.span, format!("so does `{}`", first.flag))
                        .help("a castling is one king move with one flag: remove one of them, or give them different king moves"),
                );
            }
        }
        if let Some(extra) = defs.get(MAX_CASTLINGS) {
            self.fen_unreliable = true;
            self.err(
                Problem::error(
                    Code::CastlingMove,
                    format!(
                        "{} castlings; at most {MAX_CASTLINGS} are supported",
                        defs.len()
                    ),
                )
                .label(
                    extra.src,
                    extra.ast.flag.span,
                    format!("castling number {}", MAX_CASTLINGS + 1),
                )
                .help("remove some castling entries"),
            );
        }
    }
}
