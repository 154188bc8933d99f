//! The board and its layers.

use indexmap::IndexMap;

use super::Resolver;
use crate::diagnostics::{Code, Problem, Span};
use crate::ir::{AtomKind, CrossWhen, EndCond, Variant, Wrap};
use crate::syntax::ast::ItemKind;
use crate::syntax::ast::WrapAxis;

/// The most files, and the most ranks, of a board: the files are named by the letters a to z.
const MAX_SIDE: i64 = 26;
/// The most squares a variant may have, all layers together.
const MAX_SQUARES: usize = 1024;

impl Resolver<'_> {
    /// Files and ranks.
    pub(super) fn board(&mut self) -> Option<(u8, u8)> {
        let Some(board) = &self.draft.board else {
            if !self.draft.is_broken(ItemKind::Board) {
                let name = &self.header.name;
                self.err(
                    Problem::error(Code::MissingItem, format!("variant `{}` has no board", name.node))
                        .label(self.main, name.span, "this variant needs a `board`")
                        .help("add a line such as `board 8 x 8` (files x ranks), or extend a variant that has one"),
                );
            }
            return None;
        };
        let mut ok = true;
        for (v, what) in [(&board.node.files, "files"), (&board.node.ranks, "ranks")] {
            if !(1..=MAX_SIDE).contains(&v.node) {
                self.err(
                    Problem::error(
                        Code::BoardSize,
                        format!("a board has 1 to {MAX_SIDE} {what}, not {}", v.node),
                    )
                    .label(board.src, v.span, format!("{} {what}", v.node))
                    .help(format!("choose a size from 1 to {MAX_SIDE}")),
                );
                ok = false;
            }
        }
        ok.then_some((board.node.files.node as u8, board.node.ranks.node as u8))
    }

    /// The layers' names (one, `board`, without `layers`) and when pieces cross.
    pub(super) fn layers(&mut self) -> Option<(Vec<String>, Option<CrossWhen>)> {
        let (layers, cross) = match &self.draft.layers {
            None => (vec!["board".to_string()], None),
            Some(l) => self.declared_layers(l.src, &l.node),
        };
        let total = layers.len() * self.files as usize * self.ranks as usize;
        if total > MAX_SQUARES {
            let (src, span) = self
                .draft
                .layers
                .as_ref()
                .map_or((self.main, self.header.name.span), |l| (l.src, l.node.span));
            self.err(
                Problem::error(
                    Code::BoardSize,
                    format!("{total} squares in all layers; at most {MAX_SQUARES} are supported"),
                )
                .label(src, span, "too many squares")
                .help("use fewer layers or a smaller board"),
            );
            return None;
        }
        Some((layers, cross))
    }

    fn declared_layers(
        &mut self,
        src: crate::diagnostics::SourceId,
        l: &crate::syntax::ast::LayersAst,
    ) -> (Vec<String>, Option<CrossWhen>) {
        let mut seen: IndexMap<&str, Span> = IndexMap::new();
        let mut layers = vec![];
        for layer in &l.layers {
            if let Some(first) = seen.get(layer.name.node.as_str()) {
                self.err(
                    Problem::error(
                        Code::DuplicateDefinition,
                        format!("layer `{}` is declared twice", layer.name.node),
                    )
                    .label(src, layer.name.span, "declared again here")
                    .label(src, *first, "first declared here")
                    .help("give each layer its own name"),
                );
            }
            seen.insert(&layer.name.node, layer.name.span);
            layers.push(layer.name.node.clone());
        }
        if layers.is_empty() {
            self.err(
                Problem::error(Code::MissingItem, "`layers` declares no layer")
                    .label(src, l.span, "empty")
                    .help("name at least one layer, e.g. `layers { board1 board2 }`"),
            );
            // Go on with one layer, so that the pieces are still checked.
            layers.push("board".to_string());
        }
        let cross = l.cross.as_ref().map(|c| c.node);
        if cross.is_some() && layers.len() < 2 {
            self.err(
                Problem::error(
                    Code::CrossOneLayer,
                    "pieces cannot cross with a single layer",
                )
                .label(
                    src,
                    l.cross.as_ref().map_or(l.span, |c| c.span),
                    "there is no other layer to cross to",
                )
                .help("declare a second layer, or remove `cross`"),
            );
        }
        (layers, cross)
    }
}

impl Resolver<'_> {
    /// The axes that wrap (`board ... wrap files`): an axis named twice, both axes (a torus)
    /// and several layers are errors.
    pub(super) fn wrap(&mut self, layers: usize) -> Wrap {
        let Some(board) = &self.draft.board else {
            return Wrap::default();
        };
        let (src, axes) = (board.src, board.node.wrap.clone());
        let mut wrap = Wrap::default();
        for axis in &axes {
            let slot = match axis.node {
                WrapAxis::Files => &mut wrap.files,
                WrapAxis::Ranks => &mut wrap.ranks,
            };
            if *slot {
                self.err(
                    Problem::error(Code::Wrap, "an axis is named twice after `wrap`")
                        .label(src, axis.span, "named again here")
                        .help("name each axis once: `wrap files` or `wrap ranks`"),
                );
            }
            *slot = true;
        }
        let span = axes
            .first()
            .map(|a| Span::new(a.span.start, axes[axes.len() - 1].span.end));
        if let Some(span) = span {
            if wrap.files && wrap.ranks {
                self.err(
                    Problem::error(
                        Code::Wrap,
                        "a board that wraps both ways (a torus) is not supported",
                    )
                    .label(src, span, "files and ranks both wrap")
                    .help("wrap one axis: `wrap files` (Cylinder) or `wrap ranks` (Circular)"),
                );
            }
            if layers > 1 {
                self.err(
                    Problem::error(Code::Wrap, "a board that wraps cannot have several layers")
                        .label(src, span, "this board wraps")
                        .help("remove `wrap`, or the `layers` block"),
                );
            }
        }
        wrap
    }

    /// The rules a board that wraps does not support, each an error at the `wrap`: hops, effects,
    /// castling by rule, rows to connect, facing royals, drops that fall or slide in, royals safe
    /// when they touch. Each of them goes by the board's lines without the wrap.
    pub(super) fn wrap_fits(&mut self, v: &Variant) {
        let Some(board) = &self.draft.board else {
            return;
        };
        let Some(first) = board.node.wrap.first() else {
            return;
        };
        let (src, span) = (board.src, first.span);
        let mut clashes: Vec<String> = vec![];
        for (name, piece) in &v.pieces {
            if piece
                .atoms
                .iter()
                .any(|a| matches!(a.kind, AtomKind::Hop { .. }))
            {
                clashes.push(format!("hops (piece `{name}`)"));
            }
        }
        if let Some(name) = v.effects.keys().next() {
            clashes.push(format!("effects (effect `{name}`)"));
        }
        if v.castling_rule.is_some() {
            clashes.push("castling by rule".into());
        }
        for e in &v.end {
            match e.cond {
                EndCond::Connected { .. } => clashes.push("`connect` and `collinear` ends".into()),
                EndCond::RoyalsFacing => clashes.push("the `royals facing` end".into()),
                _ => {}
            }
        }
        let slides = v
            .hands
            .as_ref()
            .is_some_and(|h| h.rules.values().any(|d| d.slide.is_some()));
        if slides {
            clashes.push("drops that fall or slide in".into());
        }
        if v.check.touching_royals_safe {
            clashes.push("`unless royals touch`".into());
        }
        for what in clashes {
            self.err(
                Problem::error(Code::Wrap, format!("a board that wraps does not support {what}"))
                    .label(src, span, "this board wraps")
                    .help("these rules go by the board's lines without the wrap: remove `wrap`, or the rule"),
            );
        }
    }

    /// The rules that `hole behind` does not support, each an error at it: a board that wraps,
    /// layers, hops and lame leaps (they go by the board's lines, holes counted), castling, en
    /// passant, hands, effects, petrified pieces and other wall rules; and a piece written `x`,
    /// the letter of a hole in FEN.
    pub(super) fn holes_fit(&mut self, v: &Variant) {
        let Some(hole) = &self.draft.hole_behind else {
            return;
        };
        let (src, span) = (hole.src, hole.node);
        let mut clashes: Vec<String> = vec![];
        if v.wrap.any() {
            clashes.push("a board that wraps".into());
        }
        if v.layers.len() > 1 || v.cross.is_some() {
            clashes.push("layers".into());
        }
        for (name, piece) in &v.pieces {
            if piece.atoms.iter().any(|a| {
                matches!(a.kind, AtomKind::Hop { .. }) || a.path != crate::ir::LeapPath::Free
            }) {
                clashes.push(format!("hops and lame leaps (piece `{name}`)"));
            }
            if piece
                .letters
                .iter()
                .flatten()
                .flatten()
                .any(|c| *c == 'x' || *c == 'X')
            {
                clashes.push(format!(
                    "a piece written `x`, the letter of a hole in FEN (piece `{name}`)"
                ));
            }
        }
        let rules = [
            (
                !v.castling.is_empty() || v.castling_rule.is_some(),
                "castling",
            ),
            (!v.en_passant.is_empty(), "en passant"),
            (v.hands.is_some(), "hands and drops"),
            (!v.effects.is_empty(), "effects"),
            (!v.petrify.is_empty(), "`petrify`"),
            (
                v.moving_wall || v.wall_behind || v.placed_wall.is_some(),
                "another wall rule",
            ),
        ];
        clashes.extend(
            rules
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, w)| w.to_string()),
        );
        for what in clashes {
            self.err(
                Problem::error(
                    Code::Holes,
                    format!("`hole behind` does not support {what}"),
                )
                .label(src, span, "moves leave holes here")
                .help("these rules do not know holes: remove `hole behind`, or the rule"),
            );
        }
    }
}
