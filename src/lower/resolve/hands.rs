//! Pieces in hand and drops, and castling by rule.

use indexmap::IndexMap;

use super::Resolver;
use crate::diagnostics::{Code, Problem};
use crate::ir;
use crate::syntax::ast::*;

impl Resolver<'_> {
    /// `hand { ... }`: where captured pieces go and where pieces may be dropped.
    pub(super) fn hands(&mut self) -> Option<ir::Hands> {
        let def = self.draft.hand.as_ref()?;
        let h = &def.node;
        let mut rules: IndexMap<ir::PieceId, ir::DropRule> = IndexMap::new();
        for d in &h.drops {
            let Some(id) = self.piece_ref(&d.piece, def.src) else {
                continue;
            };
            let rule = rules.entry(id).or_default();
            match &d.rule {
                DropRuleKind::Within(r) => rule.region = self.region(r, def.src),
                DropRuleKind::PerFile(n) => rule.per_file = self.small_count(Some(n), def.src, 1),
                DropRuleKind::NoMate => rule.no_mate = true,
            }
        }
        Some(ir::Hands {
            captures: h.captures,
            keep_promoted: h.keep_promoted,
            rules,
            must_drop: h.must_drop,
        })
    }

    /// `castling rule { ... }`: the king and rook pieces, their rank, and the files they end on.
    pub(super) fn castling_rule(&mut self) -> Option<ir::CastlingRule> {
        let def = self.draft.castling_rule.as_ref()?;
        let c = &def.node;
        let king = self.piece_ref(&c.king, def.src);
        let rooks = self.piece_list(&c.rooks, def.src);
        let rank = self.small_count(Some(&c.rank), def.src, 1)?;
        if rank > self.ranks {
            self.err(
                Problem::error(
                    Code::CastlingSquare,
                    format!("rank {rank} is off the board"),
                )
                .label(
                    def.src,
                    c.rank.span,
                    format!("ranks go from 1 to {}", self.ranks),
                )
                .help("the castling rank counts from each side's own first rank"),
            );
            return None;
        }
        let mut file = |f: &Spanned<char>| -> Option<u8> {
            let i = (f.node as u8).wrapping_sub(b'a');
            if i < self.files {
                return Some(i);
            }
            self.err(
                Problem::error(
                    Code::CastlingSquare,
                    format!("file {} is off the board", f.node),
                )
                .label(def.src, f.span, "off the board")
                .help(format!(
                    "files go from a to {}",
                    (b'a' + self.files - 1) as char
                )),
            );
            None
        };
        let short = (file(&c.short[0])?, file(&c.short[1])?);
        let long = (file(&c.long[0])?, file(&c.long[1])?);
        Some(ir::CastlingRule {
            king: king?,
            rooks: rooks?,
            rank,
            short,
            long,
        })
    }
}
