//! Promotions: the zone, and the pieces each side may promote to.

use indexmap::IndexMap;

use super::{Inherited, Resolver};
use crate::diagnostics::{Code, Problem, SourceId};
use crate::ir::{self, PieceId, Side};
use crate::syntax::ast::*;

impl Resolver<'_> {
    /// Every promotion, by promoting piece.
    pub(super) fn promotions(
        &mut self,
        pieces: &IndexMap<String, ir::Piece>,
    ) -> IndexMap<PieceId, ir::Promotion> {
        let mut promotions = IndexMap::new();
        for (name, def) in &self.draft.promotions {
            let inherited = Inherited {
                src: def.src,
                span: def.node.piece.span,
                what: format!("promotion of `{name}`"),
                fix: format!(
                    "redefine it with `replace promotion {name} {{ ... }}`, or `remove promotion {name}`"
                ),
            };
            let promotion = self.inherited(inherited, |r| r.promotion(&def.node, def.src, pieces));
            if let Some((id, p)) = promotion {
                promotions.insert(id, p);
            }
        }
        promotions
    }

    fn promotion(
        &mut self,
        p: &PromotionAst,
        src: SourceId,
        pieces: &IndexMap<String, ir::Piece>,
    ) -> Option<(PieceId, ir::Promotion)> {
        let id = self.piece_ref(&p.piece, src)?;
        let Some(zone) = &p.zone else {
            self.err(
                Problem::error(
                    Code::PromotionZone,
                    format!("promotion of `{}` has no zone", p.piece.node),
                )
                .label(src, p.piece.span, "where does it promote?")
                .help("add `zone rank 8` (ranks count from each side's own first rank)"),
            );
            return None;
        };
        let zone = self.region(zone, src)?;
        let mut choices: [Vec<PieceId>; 2] = [vec![], vec![]];
        let mut special: [Vec<ir::SpecialChoice>; 2] = [vec![], vec![]];
        // A side left without choices because a choice was wrong is that choice's mistake.
        let mut choice_failed = false;
        for choice in &p.choices {
            if choice.enemy || choice.within.is_some() {
                choice_failed |= !self.special_choices(id, choice, src, pieces, &mut special);
                continue;
            }
            for n in &choice.pieces {
                choice_failed |=
                    !self.promotion_choice(id, n, choice.side, src, pieces, &mut choices);
            }
        }
        if p.choices.is_empty() {
            self.err(
                Problem::error(
                    Code::PromotionChoices,
                    format!("promotion of `{}` lists no pieces", p.piece.node),
                )
                .label(src, p.piece.span, "promotes to what?")
                .help("add `to queen rook bishop knight` (or `white to ...`, `black to ...`)"),
            );
        } else if !choice_failed {
            let mut any = choices.clone();
            for (s, list) in special.iter().enumerate() {
                any[s].extend(list.iter().map(|c| c.piece));
            }
            self.sides_without_choices(p, src, &pieces[id], &any);
        }
        let mut limits = vec![];
        for (n, count) in &p.limits {
            let (Some(k), Some(c)) = (
                self.piece_ref(n, src),
                self.small_count(Some(count), src, 1),
            ) else {
                continue;
            };
            limits.push((k, c));
        }
        self.check_in_place(p, src);
        Some((
            id,
            ir::Promotion {
                zone,
                choices,
                optional: p.optional,
                from_zone: p.from_zone,
                limits,
                in_place: p.in_place.is_some(),
                on_capture: p.on_capture.is_some(),
                not_on_capture: p.not_on_capture.is_some(),
                special,
            },
        ))
    }

    /// An `in place` promotion is a move of its own, so it cannot also be `optional`, `from
    /// zone` or `on capture`.
    fn check_in_place(&mut self, p: &PromotionAst, src: SourceId) {
        if let (Some(only), Some(never)) = (p.on_capture, p.not_on_capture) {
            self.err(
                Problem::error(
                    Code::PromotionInPlace,
                    format!(
                        "promotion of `{}` is `on capture` and `not on capture` at once",
                        p.piece.node
                    ),
                )
                .label(src, only, "only a capture promotes")
                .label(src, never, "no capture promotes")
                .help("keep one of the two"),
            );
        }
        if let Some(at) = p.in_place
            && (p.optional || p.from_zone || p.on_capture.is_some() || p.not_on_capture.is_some())
        {
            let other = if p.optional {
                "optional"
            } else if p.from_zone {
                "from zone"
            } else if p.on_capture.is_some() {
                "on capture"
            } else {
                "not on capture"
            };
            self.err(
                Problem::error(
                    Code::PromotionInPlace,
                    format!(
                        "promotion of `{}` is `in place` and `{other}` at once",
                        p.piece.node
                    ),
                )
                .label(src, at, "promotes only as a move of its own")
                .help(format!(
                    "an `in place` promotion is always a choice of its own: remove `{other}`"
                )),
            );
        }
    }

    /// The choices of a `to enemy ...` or `to ... within REGION` line, for the sides it is
    /// for; false when one is wrong (and reported).
    fn special_choices(
        &mut self,
        id: PieceId,
        choice: &PromotionChoice,
        src: SourceId,
        pieces: &IndexMap<String, ir::Piece>,
        special: &mut [Vec<ir::SpecialChoice>; 2],
    ) -> bool {
        let within = match &choice.within {
            Some(region) => match self.region(region, src) {
                Some(r) => Some(r),
                None => return false,
            },
            None => None,
        };
        let mut ok = true;
        for n in &choice.pieces {
            // Checked as a plain choice: the piece exists, is not the promoting one, and has a
            // letter for the side it will be on.
            let mut probe: [Vec<PieceId>; 2] = [vec![], vec![]];
            let sides = match choice.side {
                None => Side::BOTH.to_vec(),
                Some(SideAst::White) => vec![Side::White],
                Some(SideAst::Black) => vec![Side::Black],
            };
            let as_side = |s: Side| if choice.enemy { s.flip() } else { s };
            let probe_side = match (choice.side, choice.enemy) {
                (Some(SideAst::White), true) => Some(SideAst::Black),
                (Some(SideAst::Black), true) => Some(SideAst::White),
                (s, _) => s,
            };
            if !self.promotion_choice(id, n, probe_side, src, pieces, &mut probe) {
                ok = false;
                continue;
            }
            for s in sides.into_iter().filter(|&s| pieces[id].in_army(s)) {
                if let Some(&piece) = probe[as_side(s).index()].first() {
                    special[s.index()].push(ir::SpecialChoice {
                        piece,
                        enemy: choice.enemy,
                        within: within.clone(),
                    });
                }
            }
        }
        ok
    }

    /// Adds one choice for the sides it is for; false when it is wrong (and reported).
    fn promotion_choice(
        &mut self,
        id: PieceId,
        n: &Name,
        side: Option<SideAst>,
        src: SourceId,
        pieces: &IndexMap<String, ir::Piece>,
        choices: &mut [Vec<PieceId>; 2],
    ) -> bool {
        let Some(c) = self.piece_ref(n, src) else {
            return false;
        };
        let target = &pieces[c];
        if c == id {
            self.err(
                Problem::error(
                    Code::PromotionTarget,
                    format!("`{}` cannot promote to itself", n.node),
                )
                .label(src, n.span, "the promoting piece")
                .help("list the pieces it becomes"),
            );
            return false;
        }
        let sides: &[Side] = match side {
            None => &Side::BOTH,
            Some(SideAst::White) => &[Side::White],
            Some(SideAst::Black) => &[Side::Black],
        };
        let mut ok = true;
        for &s in sides {
            if !pieces[id].in_army(s) {
                continue;
            }
            if target.letters[0][s.index()].is_none() {
                ok = false;
                let side = s.name();
                self.err(
                    Problem::error(
                        Code::PromotionTarget,
                        format!(
                            "{side} cannot promote to `{}`: it has no {side} letter",
                            n.node
                        ),
                    )
                    .label(src, n.span, format!("no {side} `{}`", n.node))
                    .help(format!(
                        "give `{}` a {side} letter, or promote {side} to other pieces",
                        n.node
                    )),
                );
                continue;
            }
            if !choices[s.index()].contains(&c) {
                choices[s.index()].push(c);
            }
        }
        ok
    }

    fn sides_without_choices(
        &mut self,
        p: &PromotionAst,
        src: SourceId,
        piece: &ir::Piece,
        choices: &[Vec<PieceId>; 2],
    ) {
        for s in Side::BOTH {
            if piece.in_army(s) && choices[s.index()].is_empty() {
                self.err(
                    Problem::error(
                        Code::PromotionChoices,
                        format!("{} `{}` has nothing to promote to", s.name(), p.piece.node),
                    )
                    .label(src, p.piece.span, "no choices for this side")
                    .help(format!(
                        "add `{} to queen ...` or `to ...` for both sides",
                        s.name()
                    )),
                );
            }
        }
    }
}
