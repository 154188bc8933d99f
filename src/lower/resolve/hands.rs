//! Pieces in hand and drops, and castling by rule.

use indexmap::IndexMap;

use super::Resolver;
use crate::diagnostics::{Code, Problem, SourceId};
use crate::ir;
use crate::syntax::ast::*;

impl Resolver<'_> {
    /// `hand { ... }`: where captured pieces go and where pieces may be dropped.
    pub(super) fn hands(&mut self) -> Option<ir::Hands> {
        let def = self.draft.hand.as_ref()?;
        let h = &def.node;
        let rules = self.drop_rules(&h.drops, def.src);
        let gate = match &h.gate {
            Some((r, span)) => {
                let region = self.region(r, def.src);
                if let Some(region) = &region {
                    self.check_gate(region, *span, def.src);
                }
                region
            }
            None => None,
        };
        if let (Some(span), None) = (h.no_drops, &h.gate) {
            self.err(
                Problem::error(
                    Code::HandRule,
                    "`no drops` without `gate`: pieces in hand could never enter the board",
                )
                .label(def.src, span, "no way in for the hand")
                .help("add `gate within rank 1` (gating), or leave out `no drops`"),
            );
        }
        if let Some(span) = h.castling_from_drops
            && self.draft.castling.is_empty()
            && self.draft.castling_rule.is_none()
        {
            self.err(
                Problem::error(
                    Code::HandRule,
                    "`castling from drops` in a variant without castling",
                )
                .label(def.src, span, "no castle to give")
                .help("define the castles with `castling { ... }`, or leave this out"),
            );
        }
        self.check_both_colors(&h.drops, &rules, def.src);
        let must_drop_only = self.forced_drops(&h.must_drop_only, &rules, def.src);
        if let Some(span) = h.drop_promoted
            && h.keep_promoted
        {
            self.err(
                Problem::error(
                    Code::HandRule,
                    "`drop promoted` with `keep promoted`: promoted pieces already stay promoted in hand",
                )
                .label(def.src, span, "nothing left to choose")
                .help("keep one of the two"),
            );
        }
        Some(ir::Hands {
            drop_promoted: h.drop_promoted.is_some(),
            castling_from_drops: h.castling_from_drops.is_some(),
            captures: h.captures,
            to_partner: h.to_partner,
            keep_promoted: h.keep_promoted,
            rules,
            must_drop: h.must_drop,
            must_drop_only,
            gate,
            no_drops: h.no_drops.is_some(),
            no_drop_checks: h.no_drop_checks,
        })
    }

    /// `must drop PIECE...`: the kinds forced, each one that may be dropped.
    fn forced_drops(
        &mut self,
        names: &[Name],
        rules: &IndexMap<ir::PieceId, ir::DropRule>,
        src: SourceId,
    ) -> Vec<ir::PieceId> {
        let mut kinds = vec![];
        for n in names {
            let Some(id) = self.piece_ref(n, src) else {
                continue;
            };
            if rules.get(&id).is_some_and(|r| r.never) {
                self.err(
                    Problem::error(
                        Code::HandRule,
                        format!("`must drop {}`, but `{}` is never dropped", n.node, n.node),
                    )
                    .label(src, n.span, "never leaves the hand")
                    .help(format!(
                        "leave `{}` out of `must drop`, or let it be dropped",
                        n.node
                    )),
                );
            }
            kinds.push(id);
        }
        kinds
    }

    /// Each piece's drop rules, from the `drop` lines of a hand.
    fn drop_rules(
        &mut self,
        drops: &[DropRuleAst],
        src: SourceId,
    ) -> IndexMap<ir::PieceId, ir::DropRule> {
        let mut rules: IndexMap<ir::PieceId, ir::DropRule> = IndexMap::new();
        for d in drops {
            let Some(id) = self.piece_ref(&d.piece, src) else {
                continue;
            };
            let rule = rules.entry(id).or_default();
            match &d.rule {
            DropRuleKind::Within(r) => rule.region = self.region(r, src),
            DropRuleKind::PerFile(n) if n.node == 0 => self.err(
                Problem::error(Code::HandRule, "`at most 0 per file` allows no drop at all")
                    .label(src, n.span, "the count includes the dropped piece")
                    .help(format!(
                        "`at most 1 per file` forbids a drop on a file that already holds a `{}` (Shogi's nifu); `drop {} never` keeps it in the hand",
                        d.piece.node, d.piece.node
                    )),
            ),
            DropRuleKind::PerFile(n) => rule.per_file = self.small_count(Some(n), src, 1),
            DropRuleKind::NoMate(false) => rule.no_mate = true,
            DropRuleKind::NoMate(true) => rule.mate_refused = true,
            DropRuleKind::BothColors => rule.both_colors = true,
            DropRuleKind::Slide(s) => match rule.slide {
                Some(_) => self.err(
                    Problem::error(
                        Code::HandRule,
                        format!("`{}` is given two ways in", d.piece.node),
                    )
                    .label(src, d.span, "a second way in")
                    .help("keep one: `falling` (in at the top of a file) or `sliding` (in at any edge)"),
                ),
                None => rule.slide = Some(*s),
            },
            DropRuleKind::Free => rule.free = true,
            DropRuleKind::NextToOwn => rule.next_to_own = true,
            DropRuleKind::Never => rule.never = true,
            DropRuleKind::Near {
                not,
                enemy,
                offsets,
            } => {
                if let Some(near) = self.drop_near(*not, *enemy, offsets, src) {
                    rule.near.push(near);
                }
            }
            DropRuleKind::FirstWithin(r) => {
                if rule.first_within.is_some() {
                    self.err(
                        Problem::error(
                            Code::HandRule,
                            format!("`{}` has two `first within` regions", d.piece.node),
                        )
                        .label(src, d.span, "a second region of first drops")
                        .help("name every square of the first drops in one region"),
                    );
                } else {
                    rule.first_within = self.region(r, src);
                }
            }
        }
        }
        rules
    }

    /// `[not] next to own|enemy (x,y)...`: the offsets and their turns (a king's step
    /// without any); an offset of nothing or off any board is an error.
    fn drop_near(
        &mut self,
        not: bool,
        enemy: bool,
        offsets: &[Spanned<(i64, i64)>],
        src: SourceId,
    ) -> Option<ir::DropNear> {
        let mut steps = vec![];
        for o in offsets {
            let (x, y) = o.node;
            if (x, y) == (0, 0) || x.abs() > 15 || y.abs() > 15 {
                self.err(
                    Problem::error(
                        Code::HandRule,
                        format!("({x},{y}) is not a neighbour offset"),
                    )
                    .label(src, o.span, "bad offset")
                    .help("use small non-zero offsets such as (1,0) (1,1)"),
                );
                return None;
            }
            for img in ir::symmetric_images((x as i8, y as i8)) {
                if !steps.contains(&img) {
                    steps.push(img);
                }
            }
        }
        if steps.is_empty() {
            steps = ir::symmetric_images((1, 0));
            steps.extend(ir::symmetric_images((1, 1)));
        }
        Some(ir::DropNear {
            enemy,
            not,
            offsets: steps,
        })
    }

    /// `both colors` needs a drop region with squares of both colours.
    fn check_both_colors(
        &mut self,
        drops: &[DropRuleAst],
        rules: &IndexMap<ir::PieceId, ir::DropRule>,
        src: SourceId,
    ) {
        for d in drops {
            if let DropRuleKind::BothColors = d.rule
                && let Some(id) = self.piece_ref(&d.piece, src)
                && let Some(region) = rules.get(&id).and_then(|r| r.region.clone())
            {
                // A per-side region may split well for one side only.
                let colors = |side| -> std::collections::HashSet<u8> {
                    (0..self.files)
                        .flat_map(|f| (0..self.ranks).map(move |k| (f, k)))
                        .filter(|&(f, k)| region.contains(side, f, k, self.ranks))
                        .map(|(f, k)| (f + k) % 2)
                        .collect()
                };
                if ir::Side::BOTH
                    .into_iter()
                    .any(|side| colors(side).len() < 2)
                {
                    self.err(
                        Problem::error(
                            Code::HandRule,
                            "`both colors` for a piece whose drop region has squares of one colour only",
                        )
                        .label(src, d.span, "the rule could never be met")
                        .help("give the piece a drop region with squares of both colours"),
                    );
                }
            }
        }
    }

    /// The castling field names a gate by its file: each side may have at most one gate square
    /// per file.
    fn check_gate(&mut self, region: &ir::Region, span: Span, src: crate::diagnostics::SourceId) {
        for side in ir::Side::BOTH {
            for file in 0..self.files {
                let n = (0..self.ranks)
                    .filter(|&rank| region.contains(side, file, rank, self.ranks))
                    .count();
                if n > 1 {
                    self.err(
                        Problem::error(
                            Code::HandRule,
                            format!(
                                "the gate region has {n} squares on file {} for {}",
                                (b'a' + file) as char,
                                side.name()
                            ),
                        )
                        .label(src, span, "two gates on one file")
                        .help(
                            "the castling field names a gate by its file letter: give at most one \
                             square per file and side, e.g. `gate within rank 1`",
                        ),
                    );
                    return;
                }
            }
        }
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
