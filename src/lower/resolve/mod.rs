//! Resolution and validation: the composed draft's names become indices, every item is
//! checked, and the IR is built. One file per kind of item; this one runs them in order and
//! holds what they share: looking up a piece, reading directions, and reporting the problems of
//! an inherited definition once, where this file made it invalid.

use std::collections::HashSet;

use indexmap::IndexMap;

use super::compose::Draft;
use crate::diagnostics::{Code, Problem, SourceId, Span, did_you_mean};
use crate::ir::{self, Direction, PieceId, Variant};
use crate::syntax::ast::*;

mod board;
mod castling;
mod catalogs;
mod connect;
mod effects;
mod hands;
mod pieces;
mod promotions;
mod regions;
mod rules;
mod start;
mod turn;

pub(super) struct Resolver<'a> {
    draft: &'a Draft,
    header: &'a Header,
    /// The file being loaded (its ancestors are other sources).
    main: SourceId,
    problems: &'a mut Vec<Problem>,
    /// The board, once resolved.
    files: u8,
    ranks: u8,
    /// The pieces' names, in order: a piece's index is its [`PieceId`].
    piece_names: Vec<String>,
    used_regions: HashSet<String>,
    /// Each named region once resolved (`None`: its definition is wrong and already reported),
    /// so that a broken region is reported once, not at every use.
    regions: IndexMap<String, Option<ir::Region>>,
    /// Set when letters or castling could not be resolved: the start position would then raise
    /// errors that are only consequences.
    fen_unreliable: bool,
    /// The axes that wrap, once the board is read.
    wrap: crate::ir::Wrap,
}

/// Whether the variant has a royal piece, as far as can be known.
#[derive(Clone, Copy)]
struct Royalty {
    exists: bool,
    /// A piece has a syntax error: it may have been the royal one.
    unknown: bool,
}

impl Royalty {
    /// No royal piece, for sure.
    fn missing(self) -> bool {
        !self.exists && !self.unknown
    }
}

/// An inherited definition being checked: where it is, what to call it, how to fix it.
struct Inherited {
    src: SourceId,
    span: Span,
    /// "region `camp`", "castling"
    what: String,
    /// The help line.
    fix: String,
}

impl<'a> Resolver<'a> {
    pub(super) fn new(
        draft: &'a Draft,
        header: &'a Header,
        main: SourceId,
        problems: &'a mut Vec<Problem>,
    ) -> Resolver<'a> {
        Resolver {
            draft,
            header,
            main,
            problems,
            files: 0,
            ranks: 0,
            piece_names: vec![],
            used_regions: HashSet::new(),
            regions: IndexMap::new(),
            fen_unreliable: false,
            wrap: crate::ir::Wrap::default(),
        }
    }

    fn err(&mut self, p: Problem) {
        self.problems.push(p);
    }

    /// Resolves every item in dependency order; `None` when the variant is invalid.
    // Mostly the variant's struct literal, a field a line.
    #[allow(clippy::too_many_lines)]
    pub(super) fn resolve(mut self) -> Option<Variant> {
        (self.files, self.ranks) = self.board()?;
        let (layers, cross) = self.layers()?;
        let wrap = self.wrap(layers.len());
        self.wrap = wrap;
        let regions = self.regions();
        self.resized_regions();
        let pieces = self.pieces_linked(layers.len());
        let royalty = Royalty {
            exists: pieces
                .values()
                .any(|p| p.royal || p.royal_when_last.is_some()),
            unknown: self.draft.is_broken(ItemKind::Piece),
        };
        let promotions = self.promotions(&pieces);
        let en_passant = self.en_passant();
        let en_passant_takers = self.en_passant_takers();
        let castling = self.castling(&pieces, royalty);
        let castling_rule = self.castling_rule();
        let en_passant_region = self.en_passant_region();
        let en_passant_no_promotion = self.en_passant_no_promotion(&en_passant, &promotions);
        let hands = self.hands();
        let obligations = self.obligations();
        let check = self.check();
        let halfmove = self.halfmove();
        let end = self.end(royalty, &pieces);
        self.needs_royal(&check, &castling, royalty);
        self.needs_check(&check, &obligations);
        self.antiroyal_needs_check(&check, &pieces);
        self.mate_needs_royal(&obligations, royalty);
        self.opposite_needs_castling(&castling);
        let merges = self.merges(&pieces);
        let effects = self.effects();
        let petrify = self.petrify(&pieces);
        self.capture_ways(&pieces, &petrify);
        self.effects_fit(&pieces, &effects, &petrify);
        let catalogs = self.catalogs();
        let start = self.start_text()?;
        let variant = Variant {
            name: self.header.name.node.clone(),
            title: self.header.title.clone(),
            lineage: self.draft.lineage.clone(),
            catalogs,
            files: self.files,
            ranks: self.ranks,
            intersections: self
                .draft
                .board
                .as_ref()
                .is_some_and(|b| b.node.intersections),
            wrap,
            layers,
            cross,
            regions,
            pieces,
            promotions,
            en_passant,
            castling,
            start,
            check,
            halfmove,
            end,
            effects,
            castling_rule,
            en_passant_region,
            en_passant_no_promotion,
            en_passant_takers,
            hands,
            obligations,
            no_stuck_pieces: self.draft.no_stuck_pieces.is_some(),
            moving_wall: self.draft.moving_wall.is_some(),
            wall_behind: self.wall_behind(),
            hole_behind: self.draft.hole_behind.is_some(),
            placed_wall: self.placed_wall(),
            petrify,
            pass: self.draft.pass.is_some(),
            pass_when_stuck: self.draft.pass.is_some() && self.draft.pass_when_stuck,
            castling_opposite: self.draft.castling_opposite.is_some(),
            turn: self.turn(royalty),
            capture_friends: self.capture_friends(),
            freeze: self.freeze(),
            merges,
        };
        self.wrap_fits(&variant);
        self.holes_fit(&variant);
        self.turn_fits(&variant);
        self.validate_start(variant)
    }

    /// The pieces with what relates them to one another: kinds they spare, royalty by count,
    /// letters per layer, promoted forms.
    fn pieces_linked(&mut self, layers: usize) -> IndexMap<String, ir::Piece> {
        let mut pieces = self.pieces(layers);
        self.piece_names = pieces.keys().cloned().collect();
        self.cannot_capture(&mut pieces);
        self.cannot_attack(&mut pieces);
        self.once_lost(&mut pieces);
        self.guarded_atoms(&mut pieces);
        self.royal_when_last(&mut pieces);
        self.layer_letters(&mut pieces);
        self.once_files(&pieces);
        self.link_promoted(&mut pieces);
        pieces
    }

    fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.is_error())
    }

    /// The index of a piece by name; an unknown name is reported (unless a broken item
    /// defined it).
    fn piece_ref(&mut self, n: &Name, src: SourceId) -> Option<PieceId> {
        if let Some(i) = self.piece_names.iter().position(|p| *p == n.node) {
            return Some(i);
        }
        if self.draft.broke_name(&n.node) {
            return None;
        }
        let p = Problem::error(Code::UnknownPiece, format!("unknown piece `{}`", n.node)).label(
            src,
            n.span,
            "not a piece of this variant",
        );
        let p = match did_you_mean(&n.node, self.piece_names.iter().map(|s| s.as_str())) {
            Some(s) => p.help(format!("did you mean `{s}`?")),
            None => p.help(format!("the pieces are: {}", self.piece_names.join(", "))),
        };
        self.err(p);
        None
    }

    /// Direction words; an unknown one is reported.
    /// Direction terms: each name is one filter, or several joined by `-` that must all hold
    /// (`forward-left`).
    fn directions(&mut self, names: &[Name], src: SourceId) -> Option<Vec<ir::DirTerm>> {
        let mut out = vec![];
        let mut ok = true;
        for n in names {
            let mut term = vec![];
            let mut at = n.span.start;
            for word in n.node.split('-') {
                let w = Spanned::new(word.to_string(), Span::new(at, at + word.len()));
                at += word.len() + 1;
                match self.direction(&w, src) {
                    Some(d) => term.push(d),
                    None => ok = false,
                }
            }
            out.push(term);
        }
        ok.then_some(out)
    }

    /// One direction word.
    fn direction(&mut self, n: &Name, src: SourceId) -> Option<Direction> {
        let mut ok = true;
        let mut out = None;
        {
            match Direction::ALL.iter().find(|(s, _)| *s == n.node) {
                Some((_, d)) => out = Some(*d),
                None => {
                    let p = Problem::error(
                        Code::UnknownDirection,
                        format!("unknown direction `{}`", n.node),
                    )
                    .label(src, n.span, "not a direction");
                    let p = match did_you_mean(&n.node, Direction::ALL.iter().map(|(s, _)| *s)) {
                        Some(s) => p.help(format!("did you mean `{s}`?")),
                        None => p.help(
                            "directions are forward, backward, left, right, sideways, vertical, narrow, wide, joined by `-` to mean all of them",
                        ),
                    };
                    self.err(p);
                    ok = false;
                }
            }
        }
        if ok { out } else { None }
    }

    /// A square such as `e4` of this board; off the board is reported with `code`.
    fn square(&mut self, s: &Spanned<String>, src: SourceId, code: Code) -> Option<(u8, u8)> {
        match square_of(&s.node) {
            Some((f, r)) if f < self.files && r < self.ranks => Some((f, r)),
            _ => {
                self.err(
                    Problem::error(
                        code,
                        format!(
                            "`{}` is not a square of the {}x{} board",
                            s.node, self.files, self.ranks
                        ),
                    )
                    .label(src, s.span, "off the board")
                    .help(format!(
                        "squares go from a1 to {}",
                        ir::square_name(self.files - 1, self.ranks - 1)
                    )),
                );
                None
            }
        }
    }

    /// Runs the check of a definition. When the definition is inherited and the check finds
    /// errors, they become one problem at the line of this file that made the definition
    /// invalid, with the definition as a note: the parent is not the user's to edit.
    fn inherited<T>(&mut self, def: Inherited, check: impl FnOnce(&mut Self) -> T) -> T {
        let before = self.problems.len();
        let out = check(self);
        if def.src != self.main && self.problems[before..].iter().any(|p| p.is_error()) {
            let found: Vec<Problem> = self.problems.drain(before..).collect();
            let p = self.inherited_problem(&def, &found);
            self.err(p);
        }
        out
    }

    fn inherited_problem(&self, def: &Inherited, found: &[Problem]) -> Problem {
        let errors: Vec<&Problem> = found.iter().filter(|p| p.is_error()).collect();
        let first = errors[0];
        let off_board = matches!(
            first.code,
            Code::RegionOffBoard | Code::CastlingSquare | Code::AtomOffBoard
        );
        let (files, ranks) = (self.files, self.ranks);
        let p = match &self.draft.board {
            Some(b) if b.src == self.main && off_board => Problem::error(
                first.code,
                format!(
                    "the inherited {} does not fit the {files}x{ranks} board",
                    def.what
                ),
            )
            .label(
                self.main,
                b.node.span,
                format!("the board is {files}x{ranks}"),
            ),
            _ => {
                let at = self.header.extends.as_ref().unwrap_or(&self.header.name);
                Problem::error(
                    first.code,
                    format!(
                        "the inherited {} no longer fits: {}",
                        def.what, first.message
                    ),
                )
                .label(self.main, at.span, format!("inherits the {}", def.what))
            }
        };
        let more = match errors.len() {
            1 => String::new(),
            2 => " (and 1 more problem)".to_string(),
            n => format!(" (and {} more problems)", n - 1),
        };
        let (nsrc, nspan) = first
            .labels
            .first()
            .map_or((def.src, def.span), |l| (l.source, l.span));
        p.label(
            nsrc,
            nspan,
            format!("{} is defined here: {}{more}", def.what, first.message),
        )
        .help(def.fix.clone())
    }
}

/// `e4` → (4, 3): file and rank from 0.
fn square_of(s: &str) -> Option<(u8, u8)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let r: u32 = chars.as_str().parse().ok()?;
    if r == 0 || r > 255 {
        return None;
    }
    Some((f as u8 - b'a', (r - 1) as u8))
}
