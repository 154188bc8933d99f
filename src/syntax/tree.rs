//! pest pairs → syntax tree. The grammar fixes the shape of the pairs; a builder that meets
//! another shape returns `None`, which the parser reports as a bug rather than a panic.

use pest::iterators::Pair;

use crate::syntax::ast::*;
use crate::syntax::grammar::Rule;

type P<'a> = Pair<'a, Rule>;

/// The span of a pair, without the whitespace and comments that a trailing repetition may have
/// swallowed, so that a label ends under the last word of the item.
fn span(p: &P) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.start() + content_len(p.as_str()))
}

/// The length of `s` up to the end of its last character that is neither whitespace nor in a
/// comment.
fn content_len(s: &str) -> usize {
    let mut last = 0;
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '"' => {
                last = i + 1;
                for (j, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                    last = j + c.len_utf8();
                    if c == '"' {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => {}
            c => last = i + c.len_utf8(),
        }
    }
    last
}

fn name(p: P) -> Name {
    Spanned::new(p.as_str().to_string(), span(&p))
}

/// A number; the parser has checked that every number fits ([`super::parse::MAX_NUMBER`]), so
/// the fallback is never used.
fn int(p: P) -> Spanned<i64> {
    Spanned::new(p.as_str().parse::<i64>().unwrap_or(0), span(&p))
}

/// A letter; `+P` is the letter `P` (the `+` is kept by [`LettersAst::promoted`]).
fn letter(p: P) -> Spanned<char> {
    let s = p.as_str();
    let c = s.trim_start_matches('+').chars().next().unwrap_or('-');
    Spanned::new(c, span(&p))
}

fn string(p: P) -> Spanned<String> {
    let sp = span(&p);
    let inner = p
        .into_inner()
        .next()
        .map(|i| i.as_str().to_string())
        .unwrap_or_default();
    Spanned::new(inner, sp)
}

/// The meaningful children of a pair: punctuation and keywords dropped.
fn kids(p: P) -> impl Iterator<Item = P> {
    p.into_inner().filter(|k| {
        !matches!(
            k.as_rule(),
            Rule::open_brace
                | Rule::close_brace
                | Rule::open_paren
                | Rule::close_paren
                | Rule::comma
                | Rule::colon
                | Rule::times
                | Rule::dots
                | Rule::dot
                | Rule::EOI
        ) && !format!("{:?}", k.as_rule()).starts_with("kw_")
    })
}

fn has_kw(p: &P, rule: Rule) -> bool {
    p.clone().into_inner().any(|k| k.as_rule() == rule)
}

/// An optional child: `Some(None)` when there is none, `None` when it is malformed.
fn optional<'a, T>(p: Option<P<'a>>, build: impl FnOnce(P<'a>) -> Option<T>) -> Option<Option<T>> {
    match p {
        None => Some(None),
        Some(p) => build(p).map(Some),
    }
}

pub(super) fn build_file(p: P) -> Option<File> {
    Some({
        let mut header = None;
        let mut items = vec![];
        for k in kids(p) {
            match k.as_rule() {
                Rule::header => header = Some(build_header(k)?),
                _ => items.push(build_item(k, false)?),
            }
        }
        File {
            header: header?,
            items,
        }
    })
}

pub(super) fn build_header(p: P) -> Option<Header> {
    Some({
        let mut h = Header {
            name: Spanned::new(String::new(), Span::default()),
            title: None,
            extends: None,
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::variant_name => h.name = name(k),
                Rule::title => h.title = k.into_inner().next().map(|s| string(s).node),
                Rule::extends => h.extends = kids(k).next().map(name),
                _ => {}
            }
        }
        h
    })
}

/// `turn { moves ...  first N  until ... }`
fn build_turn(p: P, sp: Span) -> Option<TurnAst> {
    let mut t = TurnAst {
        moves: vec![],
        first: None,
        until_check: None,
        until_stuck: None,
        until_hand_empty: None,
        en_passant_per_turn: None,
        make_as_captured: None,
        span: sp,
    };
    for k in kids(p) {
        let ks = span(&k);
        match k.as_rule() {
            Rule::turn_moves if has_kw(&k, Rule::kw_growing) => {
                t.moves.push(TurnMovesAst::Growing(ks));
            }
            Rule::turn_moves => {
                let mut counts = [None, None];
                for c in k.into_inner() {
                    match c.as_rule() {
                        Rule::int => counts = [Some(int(c.clone())), Some(int(c))],
                        Rule::turn_side => {
                            let side = usize::from(has_kw(&c, Rule::kw_black));
                            counts[side] = Some(int(kids(c).next()?));
                        }
                        _ => {}
                    }
                }
                t.moves.push(TurnMovesAst::Fixed { counts, span: ks });
            }
            Rule::turn_first => t.first = Some(int(kids(k).next()?)),
            Rule::turn_until if has_kw(&k, Rule::kw_check) => t.until_check = Some(ks),
            Rule::turn_until if has_kw(&k, Rule::kw_hand) => t.until_hand_empty = Some(ks),
            Rule::turn_until => t.until_stuck = Some(ks),
            Rule::turn_passant => t.en_passant_per_turn = Some(ks),
            Rule::turn_make => t.make_as_captured = Some(ks),
            _ => {}
        }
    }
    Some(t)
}

pub(super) fn build_item(p: P, replace: bool) -> Option<Item> {
    let sp = span(&p);
    Some(match p.as_rule() {
        Rule::board => Item::Board(build_board(p)?),
        Rule::layers => Item::Layers(build_layers(p)?),
        Rule::region_def => Item::Region(build_region_def(p, replace)?),
        Rule::piece => Item::Piece {
            replace,
            piece: Box::new(build_piece(p)?),
        },
        Rule::replace => build_replace(p)?,
        Rule::remove => Item::Remove(build_remove(kids(p).next()?)?),
        Rule::promotion => Item::Promotion {
            replace,
            promotion: build_promotion(p)?,
        },
        Rule::en_passant => Item::EnPassant(build_en_passant(p, sp)?),
        Rule::castling => match kids(p.clone()).next() {
            Some(k) if k.as_rule() == Rule::castling_rule => {
                Item::CastlingRule(build_castling_rule(k, sp)?)
            }
            Some(k) if k.as_rule() == Rule::castling_opposite => Item::CastlingOpposite(sp),
            _ => Item::Castling {
                replace,
                castles: kids(p).map(build_castle).collect::<Option<Vec<_>>>()?,
                span: sp,
            },
        },
        Rule::hand => Item::Hand(build_hand(p)?),
        Rule::catalog => {
            let mut k = kids(p);
            Item::Catalog(CatalogAst {
                catalog: name(k.next()?),
                name: string(k.next()?.into_inner().next()?),
                span: sp,
            })
        }
        Rule::start => Item::Start(StartAst {
            fen: string(kids(p).next()?),
            span: sp,
        }),
        Rule::check => Item::Check(build_check(p)),
        Rule::halfmove => Item::Halfmove(build_halfmove(p)?),
        Rule::end => Item::End {
            replace,
            rules: kids(p).map(build_end_rule).collect::<Option<Vec<_>>>()?,
            span: sp,
        },
        Rule::effect => Item::Effect {
            replace,
            effect: build_effect(p)?,
        },
        _ => return build_rule_of_play(p, sp),
    })
}

/// The rules of play, a line each (`must capture`, `pass`, `turn`, ...).
fn build_rule_of_play(p: P, sp: Span) -> Option<Item> {
    Some(match p.as_rule() {
        Rule::must => Item::MustCapture(sp),
        Rule::no if has_kw(&p, Rule::kw_checks) => Item::NoChecks {
            unless_mate: has_kw(&p, Rule::unless_mate),
            until: optional(
                kids(p.clone()).find(|k| k.as_rule() == Rule::checks_until),
                |u| kids(u).find(|i| i.as_rule() == Rule::int).map(int),
            )?,
            span: sp,
        },
        Rule::no if has_kw(&p, Rule::kw_escape) => Item::NoRoyalEscape(sp),
        Rule::move_enemy => Item::MoveEnemy(sp),
        Rule::no if has_kw(&p, Rule::kw_frozen) => Item::NoFrozenPieces(sp),
        Rule::no if has_kw(&p, Rule::kw_undone) => Item::NoCapturesUndone(sp),
        Rule::no if has_kw(&p, Rule::kw_captures) => Item::NoCaptures(sp),
        Rule::frozen => Item::Frozen(FrozenAst {
            cause: FreezeCauseAst::AttackedBySameKind,
            span: sp,
        }),
        Rule::no => Item::NoStuckPieces(sp),
        Rule::moving_wall => Item::MovingWall(sp),
        Rule::wall_rule => build_wall_rule(p)?,
        Rule::hole_rule => Item::HoleBehind(sp),
        Rule::duck => Item::Duck(sp),
        Rule::pass => Item::Pass {
            when_stuck: has_kw(&p, Rule::pass_stuck),
            span: sp,
        },
        Rule::turn => Item::Turn(build_turn(p, sp)?),
        Rule::capture_friends => Item::CaptureFriends(CaptureFriendsAst {
            by: kids(p.clone())
                .filter(|k| k.as_rule() == Rule::atom)
                .map(build_atom)
                .collect::<Option<_>>()?,
            when: match kids(p).find(|k| k.as_rule() == Rule::expr) {
                Some(e) => Some(build_expr(e)?),
                None => None,
            },
            span: sp,
        }),
        Rule::merge => Item::Merge(MergeAst {
            rows: build_merge_rows(p),
            span: sp,
        }),
        Rule::petrify => Item::Petrify(PetrifyAst {
            pieces: kids(p).map(name).collect(),
            span: sp,
        }),
        _ => return None,
    })
}

/// The rows `A + B C ... = D` of a `merge` block: after `=`, one name ends a row.
fn build_merge_rows(p: P) -> Vec<MergeRowAst> {
    let mut rows = vec![];
    let (mut names, mut last) = (vec![], false);
    for k in kids(p)
        .filter(|k| k.as_rule() == Rule::merge_row)
        .flat_map(kids)
    {
        match k.as_rule() {
            Rule::equals => last = true,
            Rule::piece_ref if last && !names.is_empty() => {
                let first = names.remove(0);
                rows.push(MergeRowAst {
                    first,
                    with: std::mem::take(&mut names),
                    into: name(k),
                });
                last = false;
            }
            Rule::piece_ref => names.push(name(k)),
            _ => {}
        }
    }
    rows
}

/// `en passant PIECE... [within REGION] [no promotion]`.
fn build_en_passant(p: P, sp: Span) -> Option<EnPassantAst> {
    let mut e = EnPassantAst {
        pieces: vec![],
        takers: vec![],
        within: None,
        no_promotion: None,
        span: sp,
    };
    for k in kids(p) {
        match k.as_rule() {
            Rule::piece_ref => e.pieces.push(name(k)),
            Rule::ep_by => e.takers.extend(kids(k).map(name)),
            Rule::ep_no_promotion => e.no_promotion = Some(span(&k)),
            _ => e.within = Some(build_region(k)?),
        }
    }
    Some(e)
}

fn file_letter(p: P) -> Spanned<char> {
    Spanned::new(p.as_str().chars().next().unwrap_or('a'), span(&p))
}

fn build_castling_rule(p: P, sp: Span) -> Option<CastlingRuleAst> {
    let mut names = vec![];
    let mut rank = None;
    let mut files = vec![];
    for k in kids(p) {
        match k.as_rule() {
            Rule::piece_ref => names.push(name(k)),
            Rule::rank_region => rank = Some(int(kids(k).next()?)),
            _ => files.push(file_letter(k)),
        }
    }
    let mut names = names.into_iter();
    let mut files = files.into_iter();
    Some(CastlingRuleAst {
        king: names.next()?,
        rooks: names.collect(),
        rank: rank?,
        short: [files.next()?, files.next()?],
        long: [files.next()?, files.next()?],
        span: sp,
    })
}

fn build_hand(p: P) -> Option<HandAst> {
    let mut h = HandAst {
        span: span(&p),
        ..HandAst::default()
    };
    for k in kids(p) {
        match k.as_rule() {
            Rule::hand_captures if has_kw(&k, Rule::kw_partner) => h.to_partner = true,
            Rule::hand_captures => h.captures = true,
            Rule::keep_promoted => h.keep_promoted = true,
            Rule::must_drop => {
                h.must_drop = true;
                h.must_drop_only = k
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::piece_ref)
                    .map(name)
                    .collect();
            }
            Rule::no_drops => h.no_drops = Some(span(&k)),
            Rule::drop_no_checks => h.no_drop_checks = true,
            Rule::castling_from_drops => h.castling_from_drops = Some(span(&k)),
            Rule::drop_promoted => h.drop_promoted = Some(span(&k)),
            Rule::gate_rule => {
                let gs = span(&k);
                h.gate = Some((build_region(kids(k).next()?)?, gs));
            }
            _ => {
                let ds = span(&k);
                let mut it = kids(k);
                let piece = name(it.next()?);
                let how = it.next()?;
                let rule = match how.as_rule() {
                    Rule::drop_within => DropRuleKind::Within(build_region(kids(how).next()?)?),
                    Rule::drop_per_file => DropRuleKind::PerFile(int(kids(how).next()?)),
                    Rule::drop_both_colors => DropRuleKind::BothColors,
                    Rule::drop_first => DropRuleKind::FirstWithin(build_region(kids(how).next()?)?),
                    Rule::drop_free => DropRuleKind::Free,
                    Rule::drop_next => build_drop_near(how)?,
                    Rule::drop_never => DropRuleKind::Never,
                    Rule::drop_slide if has_kw(&how, Rule::kw_falling) => {
                        DropRuleKind::Slide(crate::ir::DropSlide::Falling)
                    }
                    Rule::drop_slide => DropRuleKind::Slide(crate::ir::DropSlide::Sliding),
                    _ => DropRuleKind::NoMate(has_kw(&how, Rule::kw_refused)),
                };
                h.drops.push(DropRuleAst {
                    piece,
                    rule,
                    span: ds,
                });
            }
        }
    }
    Some(h)
}

/// `wall behind`, `wall placed [instead] [within REGION] [or next to wall]`, `wall shot [within
/// REGION]`.
fn build_wall_rule(p: P) -> Option<Item> {
    let sp = span(&p);
    let Some(how) = kids(p).next() else {
        return Some(Item::WallBehind(sp));
    };
    let shot = how.as_rule() == Rule::wall_shot;
    let instead = has_kw(&how, Rule::kw_instead);
    let beside_wall = kids(how.clone()).any(|k| k.as_rule() == Rule::beside_wall);
    let region = kids(how).find(|k| k.as_rule() == Rule::region);
    let within = optional(region, build_region)?;
    Some(Item::WallPlaced(WallPlacedAst {
        shot,
        within,
        instead,
        beside_wall,
        span: sp,
    }))
}

/// `[not] next to own|enemy [(x,y)...]`; plain `next to own` keeps its first form.
fn build_drop_near(p: P) -> Option<DropRuleKind> {
    let not = has_kw(&p, Rule::kw_not);
    let enemy = kids(p.clone()).any(|k| k.as_rule() == Rule::word_enemy);
    let offsets = kids(p)
        .filter(|k| k.as_rule() == Rule::vector)
        .map(build_vector)
        .collect::<Option<Vec<_>>>()?;
    if !not && !enemy && offsets.is_empty() {
        return Some(DropRuleKind::NextToOwn);
    }
    Some(DropRuleKind::Near {
        not,
        enemy,
        offsets,
    })
}

fn build_board(p: P) -> Option<BoardAst> {
    let sp = span(&p);
    let intersections = has_kw(&p, Rule::kw_intersections);
    let wrap = p
        .clone()
        .into_inner()
        .filter(|k| k.as_rule() == Rule::board_wrap)
        .flat_map(|w| w.into_inner())
        .filter(|a| a.as_rule() == Rule::wrap_axis)
        .map(|a| {
            let axis = if has_kw(&a, Rule::kw_files) {
                WrapAxis::Files
            } else {
                WrapAxis::Ranks
            };
            Spanned::new(axis, span(&a))
        })
        .collect();
    let mut it = kids(p);
    Some(BoardAst {
        files: int(it.next()?),
        ranks: int(it.next()?),
        intersections,
        wrap,
        span: sp,
    })
}

fn build_layers(p: P) -> Option<LayersAst> {
    let sp = span(&p);
    let mut layers = vec![];
    let mut cross = None;
    for k in kids(p) {
        match k.as_rule() {
            Rule::layer => layers.push(build_layer(k)?),
            Rule::cross => {
                let w = kids(k).next()?;
                let when = if has_kw(&w, Rule::kw_moves) {
                    CrossWhen::Moves
                } else {
                    CrossWhen::Captures
                };
                cross = Some(Spanned::new(when, span(&w)));
            }
            _ => {}
        }
    }
    Some(LayersAst {
        layers,
        cross,
        span: sp,
    })
}

fn build_region_def(p: P, replace: bool) -> Option<RegionDef> {
    let sp = span(&p);
    let mut it = kids(p);
    Some(RegionDef {
        replace,
        name: name(it.next()?),
        region: build_region(it.next()?)?,
        span: sp,
    })
}

/// `replace ITEM`: the item, marked replaced, its span covering the `replace` keyword too.
fn build_replace(p: P) -> Option<Item> {
    let sp = span(&p);
    let mut item = build_item(kids(p).next()?, true)?;
    match &mut item {
        Item::Piece { piece, .. } => piece.span = sp,
        Item::Promotion { promotion, .. } => promotion.span = sp,
        Item::Effect { effect, .. } => effect.span = sp,
        Item::Region(r) => r.span = sp,
        Item::Castling { span, .. } | Item::End { span, .. } => *span = sp,
        _ => {}
    }
    Some(item)
}

fn build_check(p: P) -> CheckAst {
    let sp = span(&p);
    let mut check = CheckAst {
        at_move: false,
        at_final: false,
        unless_captured: false,
        unless_touch: false,
        all_royals: false,
        by_both_colors: false,
        span: sp,
    };
    for k in kids(p) {
        match k.as_rule() {
            Rule::check_option => match kids(k).next().map(|o| o.as_rule()) {
                Some(Rule::unless_captured) => check.unless_captured = true,
                Some(Rule::unless_touch) => check.unless_touch = true,
                Some(Rule::by_both_colors) => check.by_both_colors = true,
                _ => check.all_royals = true,
            },
            _ if has_kw(&k, Rule::kw_move) => check.at_move = true,
            _ => check.at_final = true,
        }
    }
    check
}

fn build_halfmove(p: P) -> Option<HalfmoveAst> {
    let sp = span(&p);
    let mut h = HalfmoveAst {
        capture: false,
        pieces: vec![],
        span: sp,
    };
    for k in kids(p) {
        if has_kw(&k, Rule::kw_capture) {
            h.capture = true;
        } else {
            h.pieces.push(name(kids(k).next()?));
        }
    }
    Some(h)
}

fn build_layer(p: P) -> Option<LayerAst> {
    Some({
        let mut it = kids(p);
        let n = name(it.next()?);
        let mut letters = vec![];
        if let Some(l) = it.next() {
            for a in kids(l) {
                let mut ak = kids(a);
                let piece = name(ak.next()?);
                let white = letter(ak.next()?);
                let black = letter(ak.next()?);
                letters.push(LetterAssign {
                    piece,
                    white,
                    black,
                });
            }
        }
        LayerAst { name: n, letters }
    })
}

fn build_region(p: P) -> Option<RegionAst> {
    Some({
        let sp = span(&p);
        match p.as_rule() {
            Rule::region => build_region(kids(p).next()?)?,
            Rule::side_regions => {
                let white_first = has_kw(&p, Rule::kw_white);
                let black_too = has_kw(&p, Rule::kw_black);
                let mut it = kids(p).map(|k| build_region(k).map(Box::new));
                let white = if white_first { Some(it.next()??) } else { None };
                let black = if black_too { Some(it.next()??) } else { None };
                RegionAst::Sides {
                    white,
                    black,
                    span: sp,
                }
            }
            Rule::region_union => {
                let parts: Vec<RegionAst> = kids(p)
                    .filter(|k| k.as_rule() != Rule::plus)
                    .map(build_region)
                    .collect::<Option<_>>()?;
                if parts.len() == 1 {
                    parts.into_iter().next()?
                } else {
                    RegionAst::Union(parts, sp)
                }
            }
            Rule::rank_region => {
                let (from, to) = rank_bounds(p)?;
                RegionAst::Ranks { from, to, span: sp }
            }
            Rule::file_region => {
                let mut from = None;
                let mut to = None;
                let mut ranks = None;
                for k in kids(p) {
                    match k.as_rule() {
                        Rule::file_letter if from.is_none() => from = Some(file_letter(k)),
                        Rule::file_letter => to = Some(file_letter(k)),
                        _ => ranks = Some(rank_bounds(k)?),
                    }
                }
                let from = from?;
                RegionAst::Files {
                    to: to.unwrap_or_else(|| from.clone()),
                    from,
                    ranks,
                    span: sp,
                }
            }
            Rule::squares_region => RegionAst::Squares {
                squares: kids(p).map(name).collect(),
                span: sp,
            },
            _ => RegionAst::Named(name(p)),
        }
    })
}

/// `rank N` or `ranks A..B`: (first, last).
fn rank_bounds(p: P) -> Option<(Spanned<i64>, Spanned<i64>)> {
    let mut it = kids(p);
    let from = int(it.next()?);
    let to = it.next().map(int).unwrap_or_else(|| from.clone());
    Some((from, to))
}

/// `royal`, or `royal when last PIECE...`.
fn build_royal(k: P, piece: &mut PieceAst) {
    match kids(k.clone()).find(|n| n.as_rule() == Rule::royal_last) {
        Some(last) => {
            let names = kids(last)
                .filter(|n| n.as_rule() == Rule::piece_ref)
                .map(name)
                .collect();
            piece.royal_when_last = Some((names, span(&k)));
        }
        None => piece.royal = true,
    }
}

/// `move anywhere [to REGION] [not in check] when controlled`.
fn build_anywhere(k: P) -> Option<AnywhereAst> {
    Some(AnywhereAst {
        landing: match kids(k.clone()).find(|n| n.as_rule() == Rule::landing) {
            Some(l) => Some(build_region(kids(l).next()?)?),
            None => None,
        },
        not_in_check: has_kw(&k, Rule::kw_check),
        span: span(&k),
    })
}

fn build_piece(p: P) -> Option<PieceAst> {
    Some({
        let sp = span(&p);
        let mut it = kids(p);
        let n = name(it.next()?);
        let mut piece = PieceAst {
            name: n,
            letters: None,
            glyph: vec![],
            value: None,
            royal: false,
            royal_when_last: None,
            atoms: vec![],
            betza: vec![],
            initial: None,
            within: None,
            cannot_capture: vec![],
            cannot_hop_over: vec![],
            cannot_attack: vec![],
            antiroyal: None,
            once_lost: vec![],
            once_lost_when_moved: None,
            anywhere: vec![],
            captures_in_place: None,
            captures_as_victim: None,
            span: sp,
        };
        let body = it.next()?;
        for k in kids(body) {
            match k.as_rule() {
                Rule::letters => {
                    let mut lk = kids(k);
                    let (w, b) = (lk.next()?, lk.next()?);
                    let promoted = w.as_str().starts_with('+') || b.as_str().starts_with('+');
                    piece.letters = Some(LettersAst {
                        white: letter(w),
                        black: letter(b),
                        promoted,
                    });
                }
                Rule::initial => piece.initial = Some(build_region(kids(k).next()?)?),
                Rule::within => piece.within = Some(build_region(kids(k).next()?)?),
                Rule::cannot_capture => build_cannot(k, &mut piece),
                Rule::royal => build_royal(k, &mut piece),
                Rule::capture_way if has_kw(&k, Rule::kw_victim) => {
                    piece.captures_as_victim = Some(span(&k));
                }
                Rule::capture_way => piece.captures_in_place = Some(span(&k)),
                Rule::antiroyal => piece.antiroyal = Some(span(&k)),
                Rule::betza => piece.betza.push(string(kids(k).next()?)),
                Rule::glyph => piece.glyph = kids(k).map(string).collect(),
                Rule::value => {
                    let d = kids(k).next()?;
                    piece.value = Some(Spanned::new(d.as_str().to_string(), span(&d)));
                }
                Rule::atom => piece.atoms.push(build_atom(k)?),
                Rule::once_lost if has_kw(&k, Rule::kw_moved) => {
                    piece.once_lost_when_moved = Some(span(&k));
                }
                Rule::once_lost => {
                    let sp = span(&k);
                    piece.once_lost.push((kids(k).map(name).collect(), sp));
                }
                Rule::anywhere => piece.anywhere.push(build_anywhere(k)?),
                _ => {}
            }
        }
        piece
    })
}

/// `cannot capture|attack|hop over PIECE...`: the kinds, into the piece's matching list.
fn build_cannot(k: P, piece: &mut PieceAst) {
    let sp = span(&k);
    let hop = kids(k.clone()).any(|n| n.as_rule() == Rule::hop_over);
    let attack = has_kw(&k, Rule::kw_attack);
    let names = kids(k)
        .filter(|n| n.as_rule() == Rule::piece_ref)
        .map(name)
        .collect();
    if hop {
        piece.cannot_hop_over.push((names, sp));
    } else if attack {
        piece.cannot_attack.push((names, sp));
    } else {
        piece.cannot_capture.push((names, sp));
    }
}

fn build_vector(p: P) -> Option<Spanned<(i64, i64)>> {
    Some({
        let sp = span(&p);
        let mut it = kids(p);
        let x = int(it.next()?).node;
        let y = int(it.next()?).node;
        Spanned::new((x, y), sp)
    })
}

fn build_atom(p: P) -> Option<AtomAst> {
    Some({
        let sp = span(&p);
        let mut atom = AtomAst {
            modality: Modality::Both,
            ride: false,
            hop: false,
            path: None,
            vector: Spanned::new((0, 0), sp),
            directions: vec![],
            range: None,
            hop_span: None,
            origin: None,
            landing: None,
            once: None,
            guarded: None,
            guarding: false,
            span: sp,
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::modality => {
                    atom.modality = if has_kw(&k, Rule::kw_move) {
                        Modality::Move
                    } else if has_kw(&k, Rule::kw_attack) {
                        Modality::Attack
                    } else {
                        Modality::Capture
                    }
                }
                Rule::leap_path => {
                    let path = if has_kw(&k, Rule::kw_lame) {
                        crate::ir::LeapPath::Lame
                    } else {
                        crate::ir::LeapPath::Jump
                    };
                    atom.path = Some(Spanned::new(path, span(&k)));
                }
                Rule::atom_kind => {
                    atom.ride = has_kw(&k, Rule::kw_ride);
                    atom.hop = has_kw(&k, Rule::kw_hop);
                }
                Rule::vector => atom.vector = build_vector(k)?,
                Rule::direction => atom.directions.push(name(k)),
                Rule::range => atom.range = Some(int(kids(k).next()?)),
                Rule::span => atom.hop_span = Some(int(kids(k).next()?)),
                Rule::origin => atom.origin = Some(build_region(kids(k).next()?)?),
                Rule::landing => atom.landing = Some(build_region(kids(k).next()?)?),
                Rule::once => atom.once = Some(Spanned::new(has_kw(&k, Rule::kw_check), span(&k))),
                Rule::guarded => {
                    let sp = span(&k);
                    atom.guarding = has_kw(&k, Rule::kw_guarding);
                    atom.guarded = Some((
                        kids(k)
                            .filter(|n| n.as_rule() == Rule::piece_ref)
                            .map(name)
                            .collect(),
                        sp,
                    ));
                }
                _ => {}
            }
        }
        atom
    })
}

fn build_remove(p: P) -> Option<RemoveAst> {
    Some({
        let sp = span(&p);
        match p.as_rule() {
            Rule::remove_target => build_remove(kids(p).next()?)?,
            Rule::remove_pieces => RemoveAst::Pieces(kids(p).map(name).collect()),
            Rule::remove_castling => RemoveAst::Castling(kids(p).map(letter).collect()),
            Rule::remove_effects => RemoveAst::Effects(kids(p).map(name).collect()),
            Rule::remove_promotions => RemoveAst::Promotions(kids(p).map(name).collect()),
            Rule::remove_en_passant => RemoveAst::EnPassant(sp),
            Rule::remove_check => RemoveAst::Check(sp),
            Rule::remove_end => RemoveAst::End(
                kids(p)
                    .map(|k| {
                        let s = span(&k);
                        let cond = if has_kw(&k, Rule::kw_checkmate) {
                            EndCond::Checkmate
                        } else if has_kw(&k, Rule::kw_stalemate) {
                            EndCond::Stalemate
                        } else if has_kw(&k, Rule::kw_campmate) {
                            EndCond::Campmate(None)
                        } else if has_kw(&k, Rule::kw_extinct) {
                            EndCond::Extinct {
                                side: None,
                                kinds: vec![],
                                together: false,
                                region: None,
                                at_most: None,
                                against: None,
                                against_at_most: false,
                                claim: false,
                                claim_by_capture: false,
                            }
                        } else if has_kw(&k, Rule::kw_reach) {
                            EndCond::Reach {
                                region: None,
                                kinds: vec![],
                                rule: Default::default(),
                                count: None,
                                full: false,
                            }
                        } else if has_kw(&k, Rule::kw_checks) {
                            EndCond::Checks(Spanned::new(0, s))
                        } else if has_kw(&k, Rule::kw_captures) {
                            EndCond::Captures(Spanned::new(0, s))
                        } else if has_kw(&k, Rule::royals_facing) {
                            EndCond::RoyalsFacing
                        } else if has_kw(&k, Rule::double_pass) {
                            EndCond::DoublePass
                        } else if has_kw(&k, Rule::kw_castling) {
                            EndCond::Castled(vec![])
                        } else if has_kw(&k, Rule::kw_connect) {
                            EndCond::Connect(None)
                        } else {
                            EndCond::RoyalCaptured
                        };
                        Spanned::new(cond, s)
                    })
                    .collect(),
            ),
            Rule::remove_regions => RemoveAst::Regions(kids(p).map(name).collect()),
            Rule::remove_hand => RemoveAst::Hand(sp),
            // another shape is a builder bug, reported by parse_file
            _ => return None,
        }
    })
}

fn build_promotion(p: P) -> Option<PromotionAst> {
    Some({
        let sp = span(&p);
        let mut it = kids(p);
        let piece = name(it.next()?);
        let mut promo = PromotionAst {
            piece,
            zone: None,
            choices: vec![],
            optional: false,
            from_zone: false,
            in_place: None,
            on_capture: None,
            not_on_capture: None,
            limits: vec![],
            span: sp,
        };
        for k in it {
            match k.as_rule() {
                Rule::zone => promo.zone = Some(build_region(kids(k).next()?)?),
                Rule::promo_to => promo.choices.push(build_promotion_choice(k)),
                Rule::optional => promo.optional = true,
                Rule::promo_from_zone => promo.from_zone = true,
                Rule::promo_in_place => promo.in_place = Some(span(&k)),
                Rule::promo_on_capture => promo.on_capture = Some(span(&k)),
                Rule::promo_not_on_capture => promo.not_on_capture = Some(span(&k)),
                Rule::promo_limit => {
                    for e in kids(k) {
                        let mut ek = kids(e);
                        promo.limits.push((name(ek.next()?), int(ek.next()?)));
                    }
                }
                _ => {}
            }
        }
        promo
    })
}

fn build_promotion_choice(p: P) -> PromotionChoice {
    let mut choice = PromotionChoice {
        side: None,
        pieces: vec![],
        enemy: false,
        within: None,
        span: span(&p),
    };
    for c in kids(p) {
        match c.as_rule() {
            Rule::side if has_kw(&c, Rule::kw_white) => choice.side = Some(SideAst::White),
            Rule::side => choice.side = Some(SideAst::Black),
            Rule::promo_enemy => choice.enemy = true,
            Rule::within => choice.within = kids(c).next().and_then(build_region),
            _ => choice.pieces.push(name(c)),
        }
    }
    choice
}

fn build_castle(p: P) -> Option<CastleAst> {
    Some({
        let sp = span(&p);
        let mut it = kids(p);
        let flag = letter(it.next()?);
        let king = name(it.next()?);
        let king_from = name(it.next()?);
        let king_to = name(it.next()?);
        let rook = name(it.next()?);
        let rook_from = name(it.next()?);
        let rook_to = name(it.next()?);
        let mut c = CastleAst {
            flag,
            king,
            king_from,
            king_to,
            rook,
            rook_from,
            rook_to,
            empty: vec![],
            safe: vec![],
            span: sp,
        };
        for k in it {
            match k.as_rule() {
                Rule::castle_empty => c.empty = kids(k).map(name).collect(),
                Rule::castle_safe => c.safe = kids(k).map(name).collect(),
                _ => {}
            }
        }
        c
    })
}

fn build_end_rule(p: P) -> Option<EndRuleAst> {
    Some({
        let mut it = kids(p);
        let c = it.next()?;
        let cs = span(&c);
        let inner = c.clone().into_inner().next()?;
        let cond = if has_kw(&c, Rule::kw_checkmate) {
            EndCond::Checkmate
        } else if has_kw(&c, Rule::kw_stalemate) {
            EndCond::Stalemate
        } else {
            match inner.as_rule() {
                Rule::campmate => EndCond::Campmate(optional(kids(inner).next(), build_region)?),
                Rule::extinct => build_extinct(inner)?,
                Rule::reach => build_reach(inner)?,
                Rule::checks_given => EndCond::Checks(int(kids(inner).next()?)),
                Rule::captures_made => EndCond::Captures(int(kids(inner).next()?)),
                Rule::royals_facing => EndCond::RoyalsFacing,
                Rule::double_pass => EndCond::DoublePass,
                Rule::board_full => EndCond::BoardFull,
                Rule::castled => EndCond::Castled(kids(inner).map(letter).collect()),
                Rule::connect => EndCond::Connect(Some(build_connect(inner)?)),
                _ => EndCond::RoyalCaptured,
            }
        };
        let mut r = it.next()?;
        let mut from_move = None;
        if r.as_rule() == Rule::from_move {
            from_move = Some(int(kids(r).find(|i| i.as_rule() == Rule::int)?));
            r = it.next()?;
        }
        let rs = span(&r);
        let result = if has_kw(&r, Rule::kw_wins) {
            Outcome::Wins
        } else if has_kw(&r, Rule::kw_draws) {
            Outcome::Draws
        } else if has_kw(&r, Rule::by_count) {
            Outcome::ByCount
        } else if has_kw(&r, Rule::by_points) {
            Outcome::ByPoints
        } else {
            Outcome::Loses
        };
        let points = match r
            .clone()
            .into_inner()
            .find(|k| k.as_rule() == Rule::by_points)
        {
            Some(p) => Some(build_points(p)?),
            None => None,
        };
        EndRuleAst {
            cond: Spanned::new(cond, cs),
            result: Spanned::new(result, rs),
            from_move,
            points,
        }
    })
}

/// `by points PIECE N ... [white|black N]`
fn build_points(p: P) -> Option<PointsAst> {
    let mut values = vec![];
    let mut bonus = None;
    for k in kids(p) {
        let decimal = |k: P| -> Option<Spanned<String>> {
            let d = kids(k).find(|d| d.as_rule() == Rule::decimal)?;
            Some(Spanned::new(d.as_str().to_string(), span(&d)))
        };
        match k.as_rule() {
            Rule::point_value => {
                let piece = name(kids(k.clone()).next()?);
                values.push((piece, decimal(k)?));
            }
            _ => {
                let black = has_kw(&k, Rule::kw_black);
                bonus = Some((black, decimal(k)?));
            }
        }
    }
    Some(PointsAst { values, bonus })
}

fn build_extinct(p: P) -> Option<EndCond> {
    let mut side = None;
    let mut kinds = vec![];
    let mut together = false;
    let mut region = None;
    let mut at_most = None;
    let (mut against, mut against_at_most) = (None, false);
    let (mut claim, mut claim_by_capture) = (false, false);
    for k in kids(p) {
        match k.as_rule() {
            Rule::piece_ref => kinds.push(name(k)),
            Rule::extinct_sum => {
                together = true;
                kinds.extend(kids(k).filter(|i| i.as_rule() == Rule::piece_ref).map(name));
            }
            Rule::extinct_in => region = Some(build_region(kids(k).last()?)?),
            Rule::side if has_kw(&k, Rule::kw_white) => side = Some(SideAst::White),
            Rule::side => side = Some(SideAst::Black),
            Rule::extinct_at_most => at_most = Some(int(kids(k).last()?)),
            Rule::extinct_against => {
                against_at_most = has_kw(&k, Rule::kw_most);
                against = Some(int(kids(k).last()?));
            }
            _ => {
                claim = true;
                claim_by_capture = has_kw(&k, Rule::kw_capture);
            }
        }
    }
    Some(EndCond::Extinct {
        side,
        kinds,
        together,
        region,
        at_most,
        against,
        against_at_most,
        claim,
        claim_by_capture,
    })
}

fn build_reach(p: P) -> Option<EndCond> {
    let mut region = None;
    let mut kinds = vec![];
    let mut rule = crate::ir::ReachRule::Immediate;
    let (mut count, mut full) = (None, false);
    for k in kids(p) {
        match k.as_rule() {
            Rule::region => region = Some(build_region(k)?),
            Rule::piece_ref => kinds.push(name(k)),
            Rule::reach_count => {
                full = has_kw(&k, Rule::kw_full);
                count = Some(int(kids(k).find(|i| i.as_rule() == Rule::int)?));
            }
            _ => {
                rule = if has_kw(&k, Rule::kw_answered) {
                    crate::ir::ReachRule::Answered
                } else if has_kw(&k, Rule::kw_held) {
                    crate::ir::ReachRule::Held
                } else if has_kw(&k, Rule::safe_or_held) {
                    crate::ir::ReachRule::SafeOrHeld
                } else if has_kw(&k, Rule::safe_from_capture) {
                    crate::ir::ReachRule::SafeFromCapture
                } else {
                    crate::ir::ReachRule::Safe
                }
            }
        }
    }
    Some(EndCond::Reach {
        region: Some(region?),
        kinds,
        rule,
        count,
        full,
    })
}

/// `connect 4 with stone along files ranks`, `connect 2 x 2`, `connect file a to file i`.
/// The numbers of a row or block, after the side it may name first (`connect black 4`).
fn connect_numbers<'a>(s: P<'a>, side: &mut Option<SideAst>) -> impl Iterator<Item = P<'a>> {
    let mut parts = kids(s).peekable();
    if let Some(k) = parts.next_if(|k| k.as_rule() == Rule::side) {
        *side = Some(if has_kw(&k, Rule::kw_white) {
            SideAst::White
        } else {
            SideAst::Black
        });
    }
    parts
}

fn build_connect(p: P) -> Option<ConnectAst> {
    let sp = span(&p);
    let mut shape = None;
    let mut side = None;
    let mut kinds = vec![];
    let mut along = vec![];
    let answered = p
        .clone()
        .into_inner()
        .find(|k| k.as_rule() == Rule::kw_answered)
        .map(|k| span(&k));
    for k in kids(p) {
        match k.as_rule() {
            // `collinear N`: the number stands alone, without a shape around it.
            Rule::connect_row => {
                shape = Some(ConnectShapeAst::Collinear(int(connect_numbers(
                    k, &mut side,
                )
                .next()?)));
            }
            Rule::connect_shape => {
                let s = kids(k).next()?;
                let rule = s.as_rule();
                let mut parts = connect_numbers(s, &mut side);
                shape = Some(match rule {
                    Rule::connect_row => ConnectShapeAst::Row(int(parts.next()?)),
                    Rule::connect_block => {
                        ConnectShapeAst::Block(int(parts.next()?), int(parts.next()?))
                    }
                    _ => ConnectShapeAst::Path(
                        build_region(parts.next()?)?,
                        build_region(parts.next()?)?,
                    ),
                });
            }
            Rule::piece_ref => kinds.push(name(k)),
            _ => {
                for line in kids(k) {
                    let l = if has_kw(&line, Rule::kw_files) {
                        crate::ir::ConnectLine::Files
                    } else if has_kw(&line, Rule::kw_ranks) {
                        crate::ir::ConnectLine::Ranks
                    } else {
                        crate::ir::ConnectLine::Diagonals
                    };
                    along.push(Spanned::new(l, span(&line)));
                }
            }
        }
    }
    Some(ConnectAst {
        side,
        shape: shape?,
        kinds,
        along,
        answered,
        span: sp,
    })
}

fn build_effect(p: P) -> Option<EffectAst> {
    Some({
        let sp = span(&p);
        let mut it = kids(p);
        let n = name(it.next()?);
        let o = it.next()?;
        let mut ok = kids(o);
        let kind = ok.next()?;
        let origin = Spanned::new(
            if has_kw(&kind, Rule::kw_moved) {
                OriginKind::Moved
            } else {
                OriginKind::Capture
            },
            span(&kind),
        );
        let mut ok = ok.peekable();
        let within = match ok.peek() {
            Some(k) if k.as_rule() == Rule::within => Some(build_region(kids(ok.next()?).next()?)?),
            _ => None,
        };
        let origin_filter = optional(ok.next(), build_expr)?;
        let mut it = it.peekable();
        let scan = match it.peek() {
            Some(k) if k.as_rule() == Rule::effect_scan => Some(build_scan(it.next()?)?),
            _ => None,
        };
        let mut effect = EffectAst {
            name: n,
            origin,
            within,
            origin_filter,
            scan,
            clauses: vec![],
            finally: vec![],
            required: None,
            no_suicide: None,
            span: sp,
        };
        for k in it {
            match k.as_rule() {
                Rule::effect_clause => {
                    let mut ck = kids(k);
                    let cond = build_expr(ck.next()?)?;
                    let actions = ck.map(build_action).collect::<Option<Vec<_>>>()?;
                    effect.clauses.push(ClauseAst { cond, actions });
                }
                Rule::effect_finally => {
                    let mut line = FinallyAst {
                        when: None,
                        actions: vec![],
                    };
                    for f in kids(k) {
                        match f.as_rule() {
                            Rule::expr => line.when = Some(build_expr(f)?),
                            _ => line.actions.push(build_action(f)?),
                        }
                    }
                    effect.finally.push(line);
                }
                Rule::effect_required => effect.required = Some(span(&k)),
                Rule::no_suicide => effect.no_suicide = Some(span(&k)),
                _ => {}
            }
        }
        effect
    })
}

fn build_scan(scan_pair: P) -> Option<ScanAst> {
    Some({
        let scan_inner = kids(scan_pair).next()?;
        let ssp = span(&scan_inner);
        if scan_inner.as_rule() == Rule::scan_attacked {
            ScanAst::Attacked(ssp)
        } else if scan_inner.as_rule() == Rule::scan_rays {
            let mut sk = kids(scan_inner);
            let vector = build_vector(sk.next()?)?;
            let directions = sk.map(name).collect();
            ScanAst::Rays {
                vector,
                directions,
                span: ssp,
            }
        } else {
            let rule = scan_inner.as_rule();
            let vectors = kids(scan_inner)
                .map(build_vector)
                .collect::<Option<Vec<_>>>()?;
            if rule == Rule::scan_enclosed {
                ScanAst::Enclosed { vectors, span: ssp }
            } else if rule == Rule::scan_surrounded {
                ScanAst::Surrounded { vectors, span: ssp }
            } else {
                ScanAst::Around { vectors, span: ssp }
            }
        }
    })
}

fn build_subject(p: P) -> Option<Spanned<Subject>> {
    Some({
        let s = span(&p);
        Spanned::new(
            if has_kw(&p, Rule::kw_target) {
                Subject::Target
            } else if has_kw(&p, Rule::kw_moved) {
                Subject::Moved
            } else if has_kw(&p, Rule::kw_captured) {
                Subject::Captured
            } else {
                Subject::Origin
            },
            s,
        )
    })
}

fn build_action(p: P) -> Option<ActionAst> {
    Some({
        let sp = span(&p);
        let inner = kids(p).next()?;
        let rule = inner.as_rule();
        let hand = if has_kw(&inner, Rule::kw_opposite) {
            HandOf::Opposite
        } else if has_kw(&inner, Rule::kw_own) {
            HandOf::Own
        } else {
            HandOf::Mover
        };
        let mut ik = kids(inner);
        let subject = optional(ik.next(), build_subject)?;
        let kind = match rule {
            Rule::act_nothing => ActionKind::Nothing,
            Rule::act_pull => ActionKind::Pull,
            Rule::act_push => ActionKind::Push,
            Rule::act_remove => ActionKind::Remove,
            Rule::act_promote => ActionKind::Promote,
            Rule::act_send => {
                let as_kind = ik.find(|k| k.as_rule() == Rule::piece_ref);
                ActionKind::Send(hand, as_kind.map(name))
            }
            Rule::act_flip => ActionKind::Flip,
            Rule::act_petrify => ActionKind::Petrify,
            Rule::act_put => ActionKind::Put,
            _ => {
                let to = ik.next()?;
                if to.as_rule() == Rule::field {
                    let field = |f: P| {
                        let mut fk = kids(f);
                        Some((build_subject(fk.next()?)?, name(fk.next()?)))
                    };
                    let (like, what) = field(to)?;
                    match ik.find(|k| k.as_rule() == Rule::field) {
                        Some(second) => ActionKind::Merged([(like, what), field(second)?]),
                        None => ActionKind::ChangeTo(like, what),
                    }
                } else {
                    ActionKind::Change(name(to))
                }
            }
        };
        ActionAst {
            kind,
            subject,
            span: sp,
        }
    })
}

/// `a and b and c ...` (or `or`) as a balanced tree, in order: a chain of 50,000 terms is 16
/// levels deep, not 50,000, for every recursion after the parser (lowering, evaluation, drop).
/// Up to three terms the tree is the left-nested one, `(a and b) and c`.
fn balanced(mut terms: Vec<ExprAst>, is_or: bool) -> Option<ExprAst> {
    if terms.len() <= 1 {
        return terms.pop();
    }
    let right = terms.split_off(terms.len().div_ceil(2));
    let (l, r) = (balanced(terms, is_or)?, balanced(right, is_or)?);
    let s = Span::new(l.span().start, r.span().end);
    Some(if is_or {
        ExprAst::Or(Box::new(l), Box::new(r), s)
    } else {
        ExprAst::And(Box::new(l), Box::new(r), s)
    })
}

fn build_expr(p: P) -> Option<ExprAst> {
    Some({
        let sp = span(&p);
        match p.as_rule() {
            Rule::expr | Rule::conj => {
                let is_or = p.as_rule() == Rule::expr;
                let terms = kids(p).map(build_expr).collect::<Option<Vec<_>>>()?;
                balanced(terms, is_or)?
            }
            Rule::unary | Rule::operand => build_expr(kids(p).next()?)?,
            Rule::negation => ExprAst::Not(Box::new(build_expr(kids(p).next()?)?), sp),
            Rule::comparison => {
                let mut it = kids(p);
                let lhs = build_expr(it.next()?)?;
                match it.next() {
                    None => lhs,
                    Some(op) => {
                        let op = match op.as_str() {
                            "==" => CmpOp::Eq,
                            "!=" => CmpOp::Ne,
                            "<" => CmpOp::Lt,
                            "<=" => CmpOp::Le,
                            ">" => CmpOp::Gt,
                            _ => CmpOp::Ge,
                        };
                        let rhs = build_expr(it.next()?)?;
                        ExprAst::Cmp(op, Box::new(lhs), Box::new(rhs), sp)
                    }
                }
            }
            Rule::field => {
                let mut it = kids(p);
                let subject = build_subject(it.next()?)?;
                let f = name(it.next()?);
                ExprAst::Field(subject, f, sp)
            }
            Rule::int => {
                let v = int(p);
                ExprAst::Int(v.node, v.span)
            }
            Rule::value_name => ExprAst::Name(name(p)),
            Rule::count_of => {
                let mut it = kids(p);
                let side = it.next()?;
                let relation = if side.as_str() == "friend" {
                    crate::ir::Relation::Friend
                } else {
                    crate::ir::Relation::Enemy
                };
                ExprAst::Count(Spanned::new(relation, span(&side)), name(it.next()?), sp)
            }
            // another shape is a builder bug, reported by parse_file
            _ => return None,
        }
    })
}
