//! The start position: a valid FEN of the variant, whose castling rights have their kings and
//! rooks in place; and, once all is right, the pieces and regions never used.

use super::Resolver;
use crate::diagnostics::{Code, Problem, SourceId, Span};
use crate::engine::fen::{self, FenError, Setup};
use crate::ir::Variant;
use crate::syntax::ast::{ItemKind, StartAst};

/// The start position as a game reads it: one where the side that just moved has left its
/// royal piece attacked (or an antiroyal piece unattacked) is no start.
fn start_is_possible(variant: &Variant, fen: &str) -> Result<(), FenError> {
    crate::game::new_game(std::sync::Arc::new(variant.clone())).set_fen(fen)
}

/// A castling right of the start position whose king or rook is not in place.
struct Mismatch {
    flag: char,
    /// Where the flag is in the start's FEN.
    at: usize,
    /// The castling entry's square that is not as it should be.
    entry_src: SourceId,
    entry_span: Span,
    /// "the white king on e1"
    need: String,
}

impl Resolver<'_> {
    /// The start position's FEN text.
    pub(super) fn start_text(&mut self) -> Option<String> {
        if let Some(s) = &self.draft.start {
            return Some(s.node.fen.node.clone());
        }
        if !self.draft.is_broken(ItemKind::Start) {
            let name = &self.header.name;
            self.err(
                Problem::error(
                    Code::MissingItem,
                    format!("variant `{}` has no start position", name.node),
                )
                .label(self.main, name.span, "this variant needs a `start`")
                .help("add `start \"<FEN>\"`, e.g. the chess start position"),
            );
        }
        None
    }

    /// Checks the start position, even when other parts are wrong, unless what it is checked
    /// against (letters, castling, en passant) is itself broken; the variant, if all is right.
    pub(super) fn validate_start(&mut self, variant: Variant) -> Option<Variant> {
        let broken_basis = [
            ItemKind::Piece,
            ItemKind::Layers,
            ItemKind::Castling,
            ItemKind::EnPassant,
        ]
        .into_iter()
        .any(|k| self.draft.is_broken(k));
        if self.fen_unreliable || broken_basis {
            return None;
        }
        let errors_before_start = self.has_errors();
        let start = self.draft.start.as_ref()?;
        let setup = match fen::parse_setup(&variant, &start.node.fen.node) {
            Ok(setup) => setup,
            Err(e) => {
                let p = self.start_problem(start.src, &start.node, e);
                self.err(p);
                return None;
            }
        };
        self.castling_matches_start(&variant, start.src, &start.node, &setup);
        if errors_before_start || self.has_errors() {
            return None;
        }
        if let Err(e) = start_is_possible(&variant, &start.node.fen.node) {
            let p = self.start_problem(start.src, &start.node, e);
            self.err(p);
            return None;
        }
        // Only worth a word once everything else is right.
        self.unused(&variant, &setup);
        Some(variant)
    }

    fn start_problem(&self, src: SourceId, start: &StartAst, e: FenError) -> Problem {
        let s = &start.fen;
        let begin = s.span.start + 1 + e.span.start;
        let at = Span::new(begin, begin + e.span.len().max(1));
        if src == self.main {
            return Problem::error(Code::StartFen, format!("start position: {}", e.message))
                .label(src, at, e.label)
                .help(e.help);
        }
        // The start comes from a parent and no longer fits what this file changed.
        let name = &self.header.name;
        Problem::error(
            Code::StartFen,
            format!("the inherited start position does not fit: {}", e.message),
        )
        .label(self.main, name.span, "inherits its start position")
        .label(
            src,
            at,
            format!("{} in the inherited start position", e.label),
        )
        .help(format!(
            "give `{}` its own `start \"...\"`; in it, {}",
            name.node, e.help
        ))
    }

    /// Castling rights of the start whose king or rook is not where castling expects it: one
    /// problem for all of them, since they usually share one cause.
    fn castling_matches_start(
        &mut self,
        variant: &Variant,
        src: SourceId,
        start: &StartAst,
        setup: &Setup,
    ) {
        let s = &start.fen;
        let field = castling_field(&s.node);
        let mut mismatched = vec![];
        for (flag, c) in &variant.castling {
            let Some(entry) = self.draft.castling.get(flag) else {
                continue;
            };
            if !setup.castling.contains(flag) {
                continue;
            }
            let king_ok = setup.piece_at(0, c.king_from) == Some((c.side, c.king));
            let rook_ok = setup.piece_at(0, c.rook_from) == Some((c.side, c.rook));
            if king_ok && rook_ok {
                continue;
            }
            let cast = &entry.node;
            let (square, piece) = if king_ok {
                (&cast.rook_from, &cast.rook)
            } else {
                (&cast.king_from, &cast.king)
            };
            let at = field
                .and_then(|(at, f)| {
                    f.char_indices()
                        .find(|(_, ch)| ch == flag)
                        .map(|(i, _)| s.span.start + 1 + at + i)
                })
                .unwrap_or(s.span.start);
            mismatched.push(Mismatch {
                flag: *flag,
                at,
                entry_src: entry.src,
                entry_span: square.span,
                need: format!("the {} {} on {}", c.side.name(), piece.node, square.node),
            });
        }
        if !mismatched.is_empty() {
            let p = castling_start_problem(src, &mismatched);
            self.err(p);
        }
    }

    /// Pieces that are neither placed nor promoted to, regions never used.
    fn unused(&mut self, variant: &Variant, setup: &Setup) {
        // The base of a promoted piece in the start (Shogun's duchess under its `+F`) is there
        // too: it is what that piece becomes when captured.
        let base_of = |k: usize| {
            variant
                .pieces
                .get_index(k)
                .and_then(|(_, p)| p.promoted_from)
        };
        for (id, name) in variant.pieces.keys().enumerate() {
            let on_board = setup
                .cells
                .iter()
                .any(|c| matches!(c, Some(fen::Cell::Piece(_, _, k, _)) if *k == id || base_of(*k) == Some(id)))
                || setup.hand.iter().any(|&(_, k, n)| k == id && n > 0);
            let promoted = variant
                .promotions
                .values()
                .any(|pr| pr.choices.iter().any(|c| c.contains(&id)));
            let merges = variant.effects.values().any(|e| {
                e.actions()
                    .any(|a| matches!(a, crate::ir::Action::Merged(..)))
            });
            let changed_to = variant.effects.values().any(|e| {
                e.actions()
                    .any(|a| matches!(a, crate::ir::Action::Change(_, k) | crate::ir::Action::Send(_, _, Some(k)) if *k == id))
            }) || merges && variant.merges.iter().any(|m| m.into == id);
            // A piece dropped `free` comes from an endless supply (Snort's empty start).
            let free = variant
                .hands
                .as_ref()
                .is_some_and(|h| h.rules.get(&id).is_some_and(|d| d.free && !d.never));
            if on_board || promoted || changed_to || free {
                continue;
            }
            let Some(def) = self.draft.pieces.get(name) else {
                continue;
            };
            self.err(
                Problem::warning(Code::Unused, format!("piece `{name}` never appears"))
                    .label(
                        def.src,
                        def.node.name.span,
                        "not in the start position and no promotion or effect leads to it",
                    )
                    .help("place it in `start`, add it to a promotion or an effect's `change` or `send ... as`, drop it `free`, or remove it"),
            );
        }
        for (name, def) in &self.draft.regions {
            if !self.used_regions.contains(name) {
                self.err(
                    Problem::warning(Code::Unused, format!("region `{name}` is never used"))
                        .label(def.src, def.node.name.span, "defined here")
                        .help("use it in a promotion zone, an atom's `from` or a campmate, or remove it"),
                );
            }
        }
    }
}

fn castling_start_problem(src: SourceId, mismatched: &[Mismatch]) -> Problem {
    let mut p = if let [m] = mismatched {
        let (flag, need) = (m.flag, &m.need);
        Problem::error(Code::CastlingStart, format!("castling `{flag}` does not match the start position"))
            .label(src, Span::new(m.at, m.at + 1), format!("the right `{flag}` needs {need}"))
            .help(format!("place {need}, drop `{flag}` from the start's castling field, or `replace castling` to match the start"))
    } else {
        let flags: Vec<String> = mismatched.iter().map(|m| format!("`{}`", m.flag)).collect();
        let list = format!(
            "{} and {}",
            flags[..flags.len() - 1].join(", "),
            flags[flags.len() - 1]
        );
        let first = mismatched.iter().map(|m| m.at).min().unwrap_or(0);
        let last = mismatched.iter().map(|m| m.at).max().unwrap_or(0);
        Problem::error(Code::CastlingStart, format!("castling {list} do not match the start position"))
            .label(src, Span::new(first, last + 1), "these rights need kings and rooks that are not there")
            .help("place the kings and rooks where castling expects them, drop these rights from the start's castling field, or `replace castling` to match the start")
    };
    for m in mismatched {
        p = p.label(
            m.entry_src,
            m.entry_span,
            format!("castling `{}` needs {}", m.flag, m.need),
        );
    }
    p
}

/// The castling field of a FEN (the third field) and its byte offset.
fn castling_field(fen: &str) -> Option<(usize, &str)> {
    let mut fields = fen.split_whitespace();
    fields
        .nth(2)
        .map(|f| (f.as_ptr() as usize - fen.as_ptr() as usize, f))
}
