//! The rules that name pieces and regions: en passant, check, the halfmove clock, the end of
//! the game; and what needs a royal piece.

use indexmap::IndexMap;

use super::{Inherited, Resolver, Royalty};
use crate::diagnostics::{Code, Problem};
use crate::ir;
use crate::syntax::ast;

impl Resolver<'_> {
    /// The pieces of `en passant`.
    pub(super) fn en_passant(&mut self) -> Vec<ir::PieceId> {
        let Some(def) = &self.draft.en_passant else {
            return vec![];
        };
        let inherited = Inherited {
            src: def.src,
            span: def.node.span,
            what: "`en passant`".to_string(),
            fix: "give this variant its own `en passant ...`, or `remove en passant`".to_string(),
        };
        self.inherited(inherited, |r| {
            let mut pieces = vec![];
            for n in &def.node.pieces {
                match r.piece_ref(n, def.src) {
                    Some(id) => pieces.push(id),
                    None => r.fen_unreliable = true,
                }
            }
            pieces
        })
    }

    /// The pieces that only take en passant (`en passant ... by PIECE`).
    pub(super) fn en_passant_takers(&mut self) -> Vec<ir::PieceId> {
        let Some(def) = &self.draft.en_passant else {
            return vec![];
        };
        let mut pieces = vec![];
        for n in &def.node.takers {
            if let Some(id) = self.piece_ref(n, def.src) {
                pieces.push(id);
            }
        }
        pieces
    }

    /// Where en-passant captures may land (`en passant ... within REGION`).
    pub(super) fn en_passant_region(&mut self) -> Option<ir::Region> {
        let def = self.draft.en_passant.as_ref()?;
        let region = def.node.within.as_ref()?;
        self.region(region, def.src)
    }

    /// Whether en-passant captures never promote (`en passant ... no promotion`); a warning
    /// where none of the pieces that take en passant promotes.
    pub(super) fn en_passant_no_promotion(
        &mut self,
        en_passant: &[ir::PieceId],
        promotions: &IndexMap<ir::PieceId, ir::Promotion>,
    ) -> bool {
        let Some(def) = self.draft.en_passant.as_ref() else {
            return false;
        };
        let Some(span) = def.node.no_promotion else {
            return false;
        };
        if !en_passant.iter().any(|p| promotions.contains_key(p)) {
            let src = def.src;
            self.err(
                Problem::warning(
                    Code::Unused,
                    "`no promotion` changes nothing: no piece that takes en passant promotes",
                )
                .label(src, span, "no promotion to forbid")
                .help(
                    "remove `no promotion`, or add a promotion for a piece that takes en passant",
                ),
            );
        }
        true
    }

    /// Whether every move leaves a wall behind (`wall behind`); an error beside `moving wall`
    /// (one wall moves, the others stay: two rules for one square that the language does not
    /// combine).
    pub(super) fn wall_behind(&mut self) -> bool {
        let Some(behind) = self.draft.wall_behind.as_ref() else {
            return false;
        };
        if let Some(moving) = self.draft.moving_wall.as_ref() {
            let (src, span) = (behind.src, behind.node);
            let (moving_src, moving_span) = (moving.src, moving.node);
            self.err(
                Problem::error(Code::WallRules, "`wall behind` and `moving wall` together")
                    .label(src, span, "walls left behind here")
                    .label(moving_src, moving_span, "a moving wall here")
                    .help("keep one of the two: a variant has one kind of wall rule"),
            );
        }
        true
    }

    /// `wall placed` or `wall shot`, with its region; an error beside another wall rule.
    pub(super) fn placed_wall(&mut self) -> Option<ir::PlacedWall> {
        let placed = self.draft.wall_placed.as_ref()?;
        let (src, span, shot) = (placed.src, placed.node.span, placed.node.shot);
        let (instead, beside_wall) = (placed.node.instead, placed.node.beside_wall);
        let within = placed.node.within.clone();
        let other = [
            (self.draft.moving_wall.as_ref(), "a moving wall here"),
            (self.draft.wall_behind.as_ref(), "walls left behind here"),
        ];
        for (rule, label) in other {
            if let Some(o) = rule {
                let (osrc, ospan) = (o.src, o.node);
                let what = if shot { "`wall shot`" } else { "`wall placed`" };
                self.err(
                    Problem::error(
                        Code::WallRules,
                        format!("{what} and another wall rule together"),
                    )
                    .label(src, span, "new walls after every move here")
                    .label(osrc, ospan, label)
                    .help("keep one of them: a variant has one kind of wall rule"),
                );
            }
        }
        if instead && let Some(pass) = self.draft.pass.as_ref() {
            let (psrc, pspan) = (pass.src, pass.node);
            self.err(
                Problem::error(Code::WallRules, "`wall placed instead` and `pass` together")
                    .label(src, span, "a wall instead of a move here")
                    .label(psrc, pspan, "a pass here")
                    .help("a wall placed instead of a move is written as a pass (`a1a1,a1a3`, SAN `pass,a3`): keep one of the two"),
            );
        }
        let within = match &within {
            None => None,
            Some(r) => Some(self.region(r, src)?),
        };
        Some(ir::PlacedWall {
            shot,
            within,
            instead,
            beside_wall,
        })
    }

    /// `frozen when ...` and `no frozen pieces`: the latter only says something with the former.
    pub(super) fn freeze(&mut self) -> Option<ir::Freeze> {
        let forbidden = self
            .draft
            .no_frozen_pieces
            .as_ref()
            .map(|l| (l.src, l.node));
        let Some(rule) = self.draft.frozen.as_ref() else {
            if let Some((src, span)) = forbidden
                && !self.draft.is_broken(ast::ItemKind::Frozen)
            {
                self.err(
                    Problem::error(
                        Code::Frozen,
                        "`no frozen pieces` needs a `frozen when` rule, and there is none",
                    )
                    .label(src, span, "no piece is ever frozen")
                    .help("say what freezes a piece, e.g. `frozen when attacked by same kind` (Isardam), or remove `no frozen pieces`"),
                );
            }
            return None;
        };
        let cause = match rule.node.cause {
            ast::FreezeCauseAst::AttackedBySameKind => ir::FreezeCause::AttackedBySameKind,
        };
        Some(ir::Freeze {
            cause,
            forbidden: forbidden.is_some(),
        })
    }

    /// When a royal piece may not stand attacked.
    pub(super) fn check(&mut self) -> ir::Check {
        if let Some(c) = &self.draft.check
            && c.node.by_both_colors
            && !c.node.at_final
        {
            let (src, span) = (c.src, c.node.span);
            self.err(
                Problem::error(Code::NeedsCheck, "`by both colors` needs `check at final`")
                    .label(
                        src,
                        span,
                        "only the royal piece that moves is judged here, by the enemy's attacks",
                    )
                    .help("write `check at final by both colors`"),
            );
        }
        match &self.draft.check {
            Some(c) => ir::Check {
                at_move: c.node.at_move,
                at_final: c.node.at_final,
                unless_royal_captured: c.node.unless_captured,
                touching_royals_safe: c.node.unless_touch,
                all_royals: c.node.all_royals,
                by_both_colors: c.node.by_both_colors,
            },
            None => ir::Check::default(),
        }
    }

    /// What every move must or must not do.
    /// `petrify PIECE...`: each kind must capture, or it never turns to stone.
    pub(super) fn petrify(&mut self, pieces: &IndexMap<String, ir::Piece>) -> Vec<ir::PieceId> {
        let Some(def) = self.draft.petrify.as_ref() else {
            return vec![];
        };
        let mut out = vec![];
        for n in &def.node.pieces {
            let Some(id) = self.piece_ref(n, def.src) else {
                continue;
            };
            let p = &pieces[id];
            let immobile = self
                .draft
                .pieces
                .get(&n.node)
                .is_some_and(|d| super::pieces::written_immobile(&d.node));
            if (immobile || !p.atoms.is_empty()) && !p.atoms.iter().any(|a| a.can_capture()) {
                self.err(
                    Problem::error(Code::Petrify, format!("piece `{}` never captures", n.node))
                        .label(def.src, n.span, "so it never turns to stone")
                        .help("list only pieces that capture: a piece turns to stone when it captures"),
                );
            }
            if !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }

    pub(super) fn obligations(&mut self) -> ir::Obligations {
        ir::Obligations {
            must_capture: self.draft.must_capture.is_some(),
            no_checks: self.draft.no_checks.is_some(),
            checks_if_mate: self.draft.no_checks.is_some() && self.draft.checks_if_mate,
            checks_until: self.checks_until(),
            no_royal_escape: self.draft.no_royal_escape.is_some(),
            no_captures: self.draft.no_captures.is_some(),
            no_captures_undone: self.draft.no_captures_undone.is_some(),
            move_enemy: self.draft.move_enemy.is_some(),
        }
    }

    /// What resets the halfmove clock.
    pub(super) fn halfmove(&mut self) -> ir::Halfmove {
        let mut halfmove = ir::Halfmove::default();
        let Some(def) = &self.draft.halfmove else {
            return halfmove;
        };
        halfmove.capture = def.node.capture;
        let inherited = Inherited {
            src: def.src,
            span: def.node.span,
            what: "`halfmove` rule".to_string(),
            fix: "give this variant its own `halfmove reset ...`".to_string(),
        };
        halfmove.pieces = self.inherited(inherited, |r| {
            def.node
                .pieces
                .iter()
                .filter_map(|n| r.piece_ref(n, def.src))
                .collect()
        });
        halfmove
    }

    /// The end conditions, in order.
    pub(super) fn end(
        &mut self,
        royalty: Royalty,
        pieces: &IndexMap<String, ir::Piece>,
    ) -> Vec<ir::EndRule> {
        let mut end = vec![];
        for rule in &self.draft.end {
            let inherited = Inherited {
                src: rule.src,
                span: rule.node.cond.span,
                what: format!("end condition `{}`", rule.node.cond.node.key()),
                fix: format!(
                    "redefine the end with `replace end {{ ... }}`, or `remove end {}`",
                    rule.node.cond.node.key()
                ),
            };
            let cond = self.inherited(inherited, |r| r.end_rule(&rule.node, rule.src, royalty));
            if let Some(cond) = cond {
                self.extinct_at_once(&cond, pieces, rule.src, rule.node.cond.span);
                let Some(from_move) =
                    self.first_move_tested(rule.node.from_move.as_ref(), rule.src)
                else {
                    continue;
                };
                let points = match &rule.node.points {
                    Some(p) => match self.points(p, rule.src) {
                        Some(p) => Some(p),
                        None => continue,
                    },
                    None => None,
                };
                end.push(ir::EndRule {
                    cond,
                    result: rule.node.result.node,
                    from_move,
                    points,
                });
            }
        }
        self.never_ends();
        end
    }

    /// A warning when no end condition is left: no result is ever given, not even when the
    /// side to move has no move.
    fn never_ends(&mut self) {
        if !self.draft.end.is_empty() || self.draft.is_broken(ast::ItemKind::End) {
            return;
        }
        let (src, span, label) = match &self.draft.end_emptied {
            Some(l) => (l.src, l.node, "this leaves no end condition"),
            None => (self.main, self.header.name.span, "no `end` block"),
        };
        self.err(
            Problem::warning(Code::NeverEnds, "no end condition: a game of this variant never ends")
                .label(src, span, label)
                .help("add an `end { ... }` block, e.g. `checkmate wins` and `stalemate draws`; a side without a move then has a result"),
        );
    }

    /// `by points ...`: each value in tenths of a point, at most 10000 points.
    fn points(
        &mut self,
        p: &ast::PointsAst,
        src: crate::diagnostics::SourceId,
    ) -> Option<ir::Points> {
        let tenths = |s: &ast::Spanned<String>| -> Option<u32> {
            let x = s.node.parse::<f64>().ok()?;
            let t = (x * 10.0).round();
            if (t - x * 10.0).abs() < 1e-6 && (0.0..=100_000.0).contains(&t) {
                return Some(t as u32);
            }
            None
        };
        let mut out = ir::Points::default();
        let mut bad = vec![];
        for (piece, v) in &p.values {
            let id = self.piece_ref(piece, src);
            match (id, tenths(v)) {
                (Some(id), Some(t)) => out.values.push((id, t)),
                (_, None) => bad.push(v.clone()),
                _ => return None,
            }
        }
        if let Some((black, v)) = &p.bonus {
            match tenths(v) {
                Some(t) => out.bonus[usize::from(*black)] = t,
                None => bad.push(v.clone()),
            }
        }
        for v in &bad {
            self.err(
                Problem::error(
                    Code::NumberRange,
                    format!("{} is not a number of points", v.node),
                )
                .label(src, v.span, "points")
                .help("write at most 10000 points, in tenths at the finest (`1.5`)"),
            );
        }
        bad.is_empty().then_some(out)
    }

    fn end_rule(
        &mut self,
        rule: &ast::EndRuleAst,
        src: crate::diagnostics::SourceId,
        royalty: Royalty,
    ) -> Option<ir::EndCond> {
        let cond = match &rule.cond.node {
            ast::EndCond::Checkmate => ir::EndCond::Checkmate,
            ast::EndCond::Stalemate => ir::EndCond::Stalemate,
            ast::EndCond::RoyalCaptured => ir::EndCond::RoyalCaptured,
            ast::EndCond::Campmate(region) => {
                ir::EndCond::Campmate(self.region(region.as_ref()?, src)?)
            }
            ast::EndCond::Extinct { .. } => self.extinct_cond(&rule.cond, src)?,
            ast::EndCond::Reach {
                region,
                kinds,
                rule,
                count,
                full,
            } => ir::EndCond::Reached {
                kinds: self.piece_list(kinds, src)?,
                region: self.region(region.as_ref()?, src)?,
                rule: *rule,
                count: self.reach_count(count.as_ref(), *rule, src)?,
                full: *full,
            },
            ast::EndCond::Checks(n) => {
                ir::EndCond::Checks(self.small_count(Some(n), src, 1)?.max(1))
            }
            ast::EndCond::Captures(n) => {
                ir::EndCond::Captures(self.small_count(Some(n), src, 1)?.max(1))
            }
            ast::EndCond::RoyalsFacing => ir::EndCond::RoyalsFacing,
            ast::EndCond::DoublePass => {
                if self.draft.pass.is_none() && !self.draft.is_broken(ast::ItemKind::Pass) {
                    self.err(
                        Problem::error(Code::NeedsPass, "`double pass` needs `pass`, and no side may pass")
                            .label(src, rule.cond.span, "no side ever passes")
                            .help("add the item `pass` (a side may pass instead of moving), or remove this end condition"),
                    );
                }
                ir::EndCond::DoublePass
            }
            ast::EndCond::BoardFull => ir::EndCond::BoardFull,
            ast::EndCond::Castled(flags) => self.castled_flags(flags, src)?,
            ast::EndCond::Connect(c) => self.connect_cond(c.as_ref()?, src)?,
        };
        let needs_royal = matches!(
            cond,
            ir::EndCond::Checkmate
                | ir::EndCond::Campmate(_)
                | ir::EndCond::RoyalCaptured
                | ir::EndCond::Checks(_)
                | ir::EndCond::RoyalsFacing
                | ir::EndCond::Castled(_)
        );
        if royalty.missing() && needs_royal {
            self.err(
                Problem::error(
                    Code::NeedsRoyal,
                    format!("`{}` needs a royal piece, and there is none", cond.name()),
                )
                .label(src, rule.cond.span, "needs a royal piece")
                .help("mark a piece `royal` (like the king), or remove this end condition"),
            );
        }
        Some(cond)
    }

    /// `extinct ...`: its kinds, region and counts; `claim` needs an `against` that asks for
    /// at least some of the other side's pieces.
    fn extinct_cond(
        &mut self,
        cond: &ast::Spanned<ast::EndCond>,
        src: crate::diagnostics::SourceId,
    ) -> Option<ir::EndCond> {
        let ast::EndCond::Extinct {
            side,
            kinds,
            together,
            region,
            at_most,
            against,
            against_at_most,
            claim,
            claim_by_capture,
        } = &cond.node
        else {
            return None;
        };
        let region = match region {
            Some(r) => Some(self.region(r, src)?),
            None => None,
        };
        let against_count = self.small_count(against.as_ref(), src, 0)?;
        if *claim && *against_at_most {
            self.err(
                Problem::error(
                    Code::BadRange,
                    "`claim` asks one more of the other side's pieces, and `against at most` caps them",
                )
                .label(src, cond.span, "`claim` with `against at most`")
                .help("leave out `claim`, or write `against N` (at least N)"),
            );
            return None;
        }
        Some(ir::EndCond::Extinct {
            side: side.map(|s| match s {
                ast::SideAst::White => ir::Side::White,
                ast::SideAst::Black => ir::Side::Black,
            }),
            kinds: self.piece_list(kinds, src)?,
            together: *together,
            region,
            at_most: self.small_count(at_most.as_ref(), src, 0)?,
            others_at_least: if *against_at_most { 0 } else { against_count },
            others_at_most: against_at_most.then_some(against_count),
            claim: match (claim, claim_by_capture) {
                (false, _) => ir::Claim::No,
                (true, false) => ir::Claim::OneMore,
                (true, true) => ir::Claim::ByCapture,
            },
        })
    }

    /// `from move N`: a move number from 1.
    fn first_move_tested(
        &mut self,
        n: Option<&ast::Spanned<i64>>,
        src: crate::diagnostics::SourceId,
    ) -> Option<u32> {
        let Some(n) = n else { return Some(1) };
        if !(1..=65535).contains(&n.node) {
            self.err(
                Problem::error(Code::BadRange, format!("{} is not a move number", n.node))
                    .label(src, n.span, "must be 1 to 65535")
                    .help("moves count from 1, as the FEN's fullmove number does (`from move 2`: from white's second move on)"),
            );
            return None;
        }
        Some(n.node as u32)
    }

    /// `castling FLAG...` as an end condition: each flag one of the variant's castles.
    fn castled_flags(
        &mut self,
        flags: &[ast::Spanned<char>],
        src: crate::diagnostics::SourceId,
    ) -> Option<ir::EndCond> {
        let known: String = self.draft.castling.keys().collect();
        let mut out = vec![];
        for f in flags {
            if !self.draft.castling.contains_key(&f.node) {
                let help = if known.is_empty() {
                    "the variant has no castling entries (`castling { ... }`) whose flags this could name".to_string()
                } else {
                    format!("the castling flags are: {known}")
                };
                self.err(
                    Problem::error(
                        Code::CastlingFlag,
                        format!("`{}` is not a castling flag of this variant", f.node),
                    )
                    .label(src, f.span, "no castling entry has this flag")
                    .help(help),
                );
                return None;
            }
            out.push(f.node);
        }
        Some(ir::EndCond::Castled(out))
    }

    /// A warning for `extinct PIECE` of both sides where a side never has that piece (its
    /// letter is `-`): that side is extinct from the start (and the game over at once, unless
    /// `against` asks more of the other side).
    fn extinct_at_once(
        &mut self,
        cond: &ir::EndCond,
        pieces: &IndexMap<String, ir::Piece>,
        src: crate::diagnostics::SourceId,
        span: crate::diagnostics::Span,
    ) {
        let ir::EndCond::Extinct {
            side: None, kinds, ..
        } = cond
        else {
            return;
        };
        let lacking = kinds.iter().find_map(|&k| {
            let (name, piece) = pieces.get_index(k)?;
            let side = ir::Side::BOTH.into_iter().find(|s| {
                piece
                    .letters
                    .first()
                    .is_some_and(|l| l[s.index()].is_none())
            })?;
            Some((name, side))
        });
        let Some((name, side)) = lacking else { return };
        let other = side.flip().name();
        self.err(
            Problem::warning(
                Code::ExtinctAtOnce,
                format!(
                    "{} never has a {name}: this extinction holds for it from the start",
                    side.name()
                ),
            )
            .label(
                src,
                span,
                format!("{} has no `{name}` (its letter is `-`)", side.name()),
            )
            .help(format!(
                "to test one side only, write `extinct {other} ...`"
            )),
        );
    }

    /// Pieces named in a list (all of them must be known).
    pub(super) fn piece_list(
        &mut self,
        names: &[ast::Name],
        src: crate::diagnostics::SourceId,
    ) -> Option<Vec<ir::PieceId>> {
        let ids: Vec<Option<ir::PieceId>> = names.iter().map(|n| self.piece_ref(n, src)).collect();
        ids.into_iter().collect()
    }

    /// A count from 0 (or `min`) to 255; `None` when out of range (reported).
    pub(super) fn small_count(
        &mut self,
        n: Option<&ast::Spanned<i64>>,
        src: crate::diagnostics::SourceId,
        min: i64,
    ) -> Option<u8> {
        let Some(n) = n else { return Some(0) };
        if n.node < min || n.node > 255 {
            self.err(
                Problem::error(Code::BadRange, format!("{} is not a count here", n.node))
                    .label(src, n.span, format!("must be {min} to 255"))
                    .help(format!("write a number from {min} to 255")),
            );
            return None;
        }
        Some(n.node as u8)
    }

    /// `no royal escape` is about a royal piece in check: it needs a check rule.
    pub(super) fn needs_check(&mut self, check: &ir::Check, obligations: &ir::Obligations) {
        let Some(def) = &self.draft.no_royal_escape else {
            return;
        };
        if !obligations.no_royal_escape
            || check.enabled()
            || self.draft.is_broken(ast::ItemKind::Check)
        {
            return;
        }
        let (src, span) = (def.src, def.node);
        self.err(
            Problem::error(
                Code::NeedsCheck,
                "`no royal escape` needs a check rule, and there is none",
            )
            .label(src, span, "no royal piece is ever in check")
            .help("add `check at final` (a move may not leave the royal piece attacked), or remove `no royal escape`"),
        );
    }

    /// `castling opposite` is about castles: the variant needs some.
    pub(super) fn opposite_needs_castling(&mut self, castling: &IndexMap<char, ir::Castle>) {
        let Some(def) = &self.draft.castling_opposite else {
            return;
        };
        let by_rule = self.draft.castling_rule.is_some();
        if !castling.is_empty() || by_rule || self.draft.is_broken(ast::ItemKind::Castling) {
            return;
        }
        let (src, span) = (def.src, def.node);
        self.err(
            Problem::error(
                Code::CastlingMove,
                "`castling opposite` needs castling, and there is none",
            )
            .label(src, span, "no side ever castles")
            .help("add castling entries (`castling { K king e1 to g1 ... }`), or remove `castling opposite`"),
        );
    }

    /// How many pieces `reach ... count N` needs at once (1 without `count`); `safe` judges
    /// one piece only.
    fn reach_count(
        &mut self,
        count: Option<&ast::Spanned<i64>>,
        rule: ir::ReachRule,
        src: crate::diagnostics::SourceId,
    ) -> Option<u8> {
        let Some(n) = count else { return Some(1) };
        let n_ok = self.small_count(Some(n), src, 1)?;
        let safe = matches!(
            rule,
            ir::ReachRule::Safe | ir::ReachRule::SafeOrHeld | ir::ReachRule::SafeFromCapture
        );
        if safe && n_ok > 1 {
            self.err(
                Problem::error(
                    Code::BadRange,
                    "`safe` judges a single piece reaching the region",
                )
                .label(src, n.span, "more than one piece")
                .help("leave out `safe`, or `count`"),
            );
            return None;
        }
        Some(n_ok)
    }

    /// `no checks until move N`: N a move number after the first (before move 1 nothing is
    /// played, so it would forbid nothing).
    fn checks_until(&mut self) -> Option<u32> {
        let n = self.draft.checks_until.clone()?;
        let first = self.first_move_tested(Some(&n.node), n.src)?;
        if first == 1 {
            self.err(
                Problem::error(Code::BadRange, "`until move 1` forbids no check")
                    .label(n.src, n.node.span, "the game starts at move 1")
                    .help("`no checks until move 2` forbids checks during the first full move; write `no checks` alone for the whole game"),
            );
            return None;
        }
        Some(first)
    }

    /// `no checks unless mate` is about checks: it needs a royal piece to give check to.
    pub(super) fn mate_needs_royal(&mut self, obligations: &ir::Obligations, royalty: Royalty) {
        let Some(def) = &self.draft.no_checks else {
            return;
        };
        if !obligations.checks_if_mate || !royalty.missing() {
            return;
        }
        let fix = "mark a piece `royal` (like the king), or write `no checks` alone";
        let inherited = Inherited {
            src: def.src,
            span: def.node,
            what: "`no checks unless mate`".to_string(),
            fix: fix.to_string(),
        };
        let (src, span) = (def.src, def.node);
        self.inherited(inherited, |r| {
            r.err(
                Problem::error(
                    Code::NeedsRoyal,
                    "`no checks unless mate` needs a royal piece, and there is none",
                )
                .label(src, span, "no move ever gives check")
                .help(fix),
            )
        });
    }

    /// `check` and castling need a royal piece.
    pub(super) fn needs_royal(
        &mut self,
        check: &ir::Check,
        castling: &IndexMap<char, ir::Castle>,
        royalty: Royalty,
    ) {
        if !royalty.missing() {
            return;
        }
        if check.enabled()
            && let Some(c) = &self.draft.check
        {
            let inherited = Inherited {
                src: c.src,
                span: c.node.span,
                what: "`check` rule".to_string(),
                fix: "mark a piece `royal` (like the king), or `remove check`".to_string(),
            };
            self.inherited(inherited, |r| {
                r.err(
                    Problem::error(
                        Code::NeedsRoyal,
                        "`check` needs a royal piece, and there is none",
                    )
                    .label(c.src, c.node.span, "needs a royal piece")
                    .help("mark a piece `royal` (like the king), or `remove check`"),
                )
            });
        }
        // Castling through squares that must be safe needs a royal piece to be safe for; a
        // castling without them moves an ordinary king (Giveaway, Extinction chess).
        if castling.values().any(|c| !c.safe.is_empty()) {
            let (src, span) = self
                .draft
                .castling
                .values()
                .next()
                .map_or((self.main, self.header.name.span), |l| (l.src, l.node.span));
            let inherited = Inherited {
                src,
                span,
                what: "castling".to_string(),
                fix: "mark the king `royal`, or castle without `safe` squares".to_string(),
            };
            self.inherited(inherited, |r| {
                r.err(
                    Problem::error(
                        Code::NeedsRoyal,
                        "castling through safe squares needs a royal piece, and there is none",
                    )
                    .label(src, span, "castling here")
                    .help("mark the king `royal`, or castle without `safe` squares"),
                )
            });
        }
    }
}
