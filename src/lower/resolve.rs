//! Resolution and validation: the composed draft's names become indices, every item is
//! checked, and the IR is built.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;

use super::{Draft, Loc};
use crate::diagnostics::{Problem, SourceId, did_you_mean};
use crate::engine::fen;
use crate::ir::{self, Direction, PieceId, Side, Variant};
use crate::syntax::ast::{self, *};
use crate::syntax::betza;

pub(super) struct Resolver<'a> {
    pub(super) draft: &'a Draft,
    pub(super) problems: &'a mut Vec<Problem>,
    pub(super) used_regions: HashSet<String>,
    /// Each named region once resolved (`None`: its definition is wrong and already reported),
    /// so that a broken region is reported once, not at every use.
    pub(super) regions: IndexMap<String, Option<ir::Region>>,
    /// The file being loaded (its ancestors are other sources).
    pub(super) main: SourceId,
    /// Set when letters or castling could not be resolved: the start position would then raise
    /// errors that are only consequences.
    pub(super) fen_unreliable: bool,
}

/// The castling field of a FEN (the third field) and its byte offset.
fn castling_field(fen: &str) -> Option<(usize, &str)> {
    let mut fields = fen.split_whitespace();
    fields
        .nth(2)
        .map(|f| (f.as_ptr() as usize - fen.as_ptr() as usize, f))
}

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

impl Resolver<'_> {
    pub(super) fn err(&mut self, p: Problem) {
        self.problems.push(p);
    }

    pub(super) fn resolve(&mut self, header: &Header, src: SourceId) -> Option<Variant> {
        let d = self.draft;
        // board
        let (files, ranks) = match &d.board {
            None => {
                self.err(
                    Problem::error("rulebook::missing_item", format!("variant `{}` has no board", header.name.node))
                        .label(src, header.name.span, "this variant needs a `board`")
                        .help("add a line such as `board 8 x 8` (files x ranks), or extend a variant that has one"),
                );
                return None;
            }
            Some(Loc {
                src: bsrc,
                node: (f, r, _),
            }) => {
                let mut ok = true;
                for (v, what) in [(f, "files"), (r, "ranks")] {
                    if !(4..=16).contains(&v.node) {
                        self.err(
                            Problem::error(
                                "rulebook::board_size",
                                format!("a board has 4 to 16 {what}, not {}", v.node),
                            )
                            .label(*bsrc, v.span, format!("{} {what}", v.node))
                            .help("choose a size from 4 to 16"),
                        );
                        ok = false;
                    }
                }
                if !ok {
                    return None;
                }
                (f.node as u8, r.node as u8)
            }
        };
        // layers
        let mut layers = vec![];
        let mut cross = None;
        if let Some(Loc { src: lsrc, node: l }) = &d.layers {
            let mut seen: IndexMap<&str, Span> = IndexMap::new();
            for layer in &l.layers {
                if let Some(first) = seen.get(layer.name.node.as_str()) {
                    self.err(
                        Problem::error(
                            "rulebook::duplicate_definition",
                            format!("layer `{}` is declared twice", layer.name.node),
                        )
                        .label(*lsrc, layer.name.span, "declared again here")
                        .label(*lsrc, *first, "first declared here")
                        .help("give each layer its own name"),
                    );
                }
                seen.insert(&layer.name.node, layer.name.span);
                layers.push(layer.name.node.clone());
            }
            if layers.is_empty() {
                self.err(
                    Problem::error("rulebook::missing_item", "`layers` declares no layer")
                        .label(*lsrc, l.span, "empty")
                        .help("name at least one layer, e.g. `layers { board1 board2 }`"),
                );
                // Go on with one layer, so that the pieces are still checked.
                layers.push("board".to_string());
            }
            cross = l.cross.as_ref().map(|c| c.node);
            if cross.is_some() && layers.len() < 2 {
                self.err(
                    Problem::error(
                        "rulebook::cross_one_layer",
                        "pieces cannot cross with a single layer",
                    )
                    .label(
                        *lsrc,
                        l.cross.as_ref().map(|c| c.span).unwrap_or(l.span),
                        "there is no other layer to cross to",
                    )
                    .help("declare a second layer, or remove `cross`"),
                );
            }
        } else {
            layers.push("board".to_string());
        }
        let total = layers.len() * files as usize * ranks as usize;
        if total > 1024 {
            let span = d
                .layers
                .as_ref()
                .map(|l| (l.src, l.node.span))
                .unwrap_or((src, header.name.span));
            self.err(
                Problem::error(
                    "rulebook::board_size",
                    format!("{total} squares in all layers; at most 1024 are supported"),
                )
                .label(span.0, span.1, "too many squares")
                .help("use fewer layers or a smaller board"),
            );
            return None;
        }

        // regions
        let mut regions = IndexMap::new();
        for (
            name,
            Loc {
                src: rsrc,
                node: (_, region, _),
            },
        ) in &d.regions
        {
            let before = self.problems.len();
            let resolved = self.region(region, *rsrc, files, ranks, true).map(|mut r| {
                r.name = Some(name.clone());
                r
            });
            if *rsrc != self.main && self.problems.len() > before {
                // An inherited region that does not fit a board this file changed: say so here,
                // where the fix goes, with the parent's definition as a note.
                let inherited: Vec<Problem> = self.problems.drain(before..).collect();
                let (bsrc, bspan) = match &d.board {
                    Some(Loc {
                        src,
                        node: (_, _, span),
                    }) => (*src, *span),
                    None => (src, header.name.span),
                };
                let mut p = Problem::error(
                    "rulebook::region_off_board",
                    format!("the inherited region `{name}` does not fit the {files}x{ranks} board"),
                )
                .label(bsrc, bspan, format!("the board is {files}x{ranks}"));
                for old in &inherited {
                    if let Some(l) = old.labels.first() {
                        p = p.label(
                            l.source,
                            l.span,
                            format!("`{name}` is defined here: {}", old.message),
                        );
                    }
                }
                self.err(p.help(format!("redefine it for this board with `replace region {name} ...`, or `remove region {name}`")));
            }
            if let Some(r) = &resolved {
                regions.insert(name.clone(), r.clone());
            }
            self.regions.insert(name.clone(), resolved);
        }

        // pieces
        let mut pieces: IndexMap<String, ir::Piece> = IndexMap::new();
        let mut letter_seen: IndexMap<char, (SourceId, Span, String)> = IndexMap::new();
        for (name, Loc { src: psrc, node: p }) in &d.pieces {
            let mut letters = vec![[None, None]; layers.len()];
            match &p.letters {
                None => {
                    self.fen_unreliable = true;
                    self.err(
                        Problem::error("rulebook::missing_letters", format!("piece `{name}` has no letters"))
                            .label(*psrc, p.name.span, "needs `letters`")
                            .help("add `letters X x` (white's letter, black's letter; `-` for a side without it)"),
                    )
                }
                Some((w, b)) if w.node == '-' && b.node == '-' => {
                    self.fen_unreliable = true;
                    self.err(
                        Problem::error(
                            "rulebook::missing_letters",
                            format!("piece `{name}` has no letter for either side"),
                        )
                        .label(
                            *psrc,
                            Span::new(w.span.start, b.span.end),
                            "both letters are `-`",
                        )
                        .help("give at least one side a letter, or remove the piece"),
                    );
                }
                Some((w, b)) if w.node.is_ascii_lowercase() && b.node.is_ascii_uppercase() => {
                    self.fen_unreliable = true;
                    self.err(
                        Problem::error("rulebook::letter_case", format!("the letters of `{name}` are the wrong way round"))
                            .label(*psrc, Span::new(w.span.start, b.span.end), "black's letter first")
                            .help(format!(
                                "white's letter comes first, in upper case, then black's in lower case: write `letters {} {}`",
                                b.node, w.node
                            )),
                    );
                }
                Some((w, b)) => {
                    letters[0] = self.letter_pair(w, b, name, *psrc, &mut letter_seen);
                }
            }
            let mut atoms = vec![];
            // A warning about the atoms that remain would be misleading when some were wrong.
            let mut atoms_ok = true;
            for a in &p.atoms {
                match self.atom(a, *psrc, files, ranks) {
                    Some(atom) => atoms.push(atom),
                    None => atoms_ok = false,
                }
            }
            for b in &p.betza {
                match betza::parse(&b.node) {
                    Ok(mut more) => atoms.append(&mut more),
                    Err(e) => {
                        atoms_ok = false;
                        let start = b.span.start + 1 + e.at;
                        let label = if e.message.starts_with("unknown Betza atom") {
                            "not an atom"
                        } else if e.message.contains("not supported") {
                            "not supported"
                        } else if e.message.contains("not a Betza modifier") {
                            "not a modifier"
                        } else if e.message.contains("without an atom") {
                            "no atom after these"
                        } else if e.message.contains("too large") {
                            "too large"
                        } else if e.message.starts_with("empty") {
                            "empty"
                        } else {
                            "here"
                        };
                        self.err(
                            Problem::error("rulebook::betza", e.message)
                                .label(*psrc, Span::new(start, start + e.len.max(1)), label)
                                .help(e.help),
                        );
                    }
                }
            }
            if p.atoms.is_empty() && p.betza.is_empty() {
                self.err(
                    Problem::error("rulebook::no_moves", format!("piece `{name}` has no way to move"))
                        .label(*psrc, p.name.span, "no move or capture atoms")
                        .help("give it atoms, e.g. `leap (1,2)`, `move ride (1,0)`, `capture leap (1,1) forward` or `betza \"N\"`"),
                );
            } else if atoms_ok
                && !atoms.is_empty()
                && atoms.iter().all(|a| a.modality == ir::Modality::Capture)
                && !p.royal
            {
                self.problems.push(
                    Problem::warning("rulebook::capture_only", format!("piece `{name}` can only capture"))
                        .label(*psrc, p.name.span, "every atom is `capture`")
                        .help("it can never move to an empty square; add `move` atoms if that is not intended"),
                );
            }
            pieces.insert(
                name.clone(),
                ir::Piece {
                    name: name.clone(),
                    letters,
                    royal: p.royal,
                    atoms,
                    confined: None,
                    promoted_from: None,
                },
            );
        }
        let piece_names: Vec<String> = pieces.keys().cloned().collect();

        // letters on the other layers
        if let Some(Loc { src: lsrc, node: l }) = &d.layers {
            for (li, layer) in l.layers.iter().enumerate() {
                let mut given: HashMap<PieceId, (Span, [bool; 2])> = HashMap::new();
                for a in &layer.letters {
                    if li == 0 {
                        self.err(
                            Problem::error("rulebook::layer_letters", "the first layer uses the pieces' own letters")
                                .label(*lsrc, a.piece.span, "letters on the first layer")
                                .help("give the letters in the piece's `letters`, and list only the other layers' letters here"),
                        );
                        continue;
                    }
                    let Some(id) = self.piece_ref(&a.piece, *lsrc, &piece_names) else {
                        continue;
                    };
                    let name = piece_names[id].clone();
                    if let Some((first, _)) = given.get(&id) {
                        self.fen_unreliable = true;
                        self.err(
                            Problem::error(
                                "rulebook::duplicate_definition",
                                format!(
                                    "`{name}` is given letters twice on layer `{}`",
                                    layer.name.node
                                ),
                            )
                            .label(*lsrc, a.piece.span, "given again here")
                            .label(*lsrc, *first, "first given here")
                            .help("give each piece one pair of letters per layer"),
                        );
                        continue;
                    }
                    // What was written counts, valid or not: a wrong letter is reported once,
                    // not again as a missing one.
                    given.insert(
                        id,
                        (a.piece.span, [a.white.node != '-', a.black.node != '-']),
                    );
                    let pair = self.letter_pair(&a.white, &a.black, &name, *lsrc, &mut letter_seen);
                    if let Some(p) = pieces.get_index_mut(id).map(|(_, p)| p) {
                        p.letters[li] = pair;
                    }
                }
                if li > 0 {
                    let mut missing = vec![];
                    for (id, (name, p)) in pieces.iter().enumerate() {
                        let written = given.get(&id).map(|(_, w)| *w).unwrap_or([false, false]);
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
                    if !missing.is_empty() {
                        self.fen_unreliable = true;
                        let list = match missing.len() {
                            1 => missing[0].clone(),
                            n => format!("{} and {}", missing[..n - 1].join(", "), missing[n - 1]),
                        };
                        self.err(
                            Problem::error("rulebook::layer_letters", format!("layer `{}` has no letters for {list}", layer.name.node))
                                .label(*lsrc, layer.name.span, format!("FEN cannot write {list} on this layer"))
                                .help("every piece that can stand on a layer needs letters there: add each to this layer's `letters` as its name, white's letter and black's letter"),
                        );
                    }
                }
            }
        }

        let royal_exists = pieces.values().any(|p| p.royal);

        // promotions
        let mut promotions = IndexMap::new();
        for (_, Loc { src: psrc, node: p }) in &d.promotions {
            let Some(id) = self.piece_ref(&p.piece, *psrc, &piece_names) else {
                continue;
            };
            let zone = match &p.zone {
                None => {
                    self.err(
                        Problem::error(
                            "rulebook::promotion_zone",
                            format!("promotion of `{}` has no zone", p.piece.node),
                        )
                        .label(*psrc, p.piece.span, "where does it promote?")
                        .help("add `zone rank 8` (ranks count from each side's own first rank)"),
                    );
                    continue;
                }
                Some(z) => match self.region(z, *psrc, files, ranks, false) {
                    Some(r) => r,
                    None => continue,
                },
            };
            let mut choices: [Vec<PieceId>; 2] = [vec![], vec![]];
            // A side left without choices because a choice was wrong is that choice's mistake.
            let mut choice_failed = false;
            for (side, names, _) in &p.choices {
                for n in names {
                    let Some(c) = self.piece_ref(n, *psrc, &piece_names) else {
                        choice_failed = true;
                        continue;
                    };
                    let target = &pieces[c];
                    if target.royal {
                        choice_failed = true;
                        self.err(
                            Problem::error(
                                "rulebook::promotion_target",
                                format!("cannot promote to the royal piece `{}`", n.node),
                            )
                            .label(*psrc, n.span, "royal")
                            .help("promote to non-royal pieces only"),
                        );
                        continue;
                    }
                    if c == id {
                        choice_failed = true;
                        self.err(
                            Problem::error(
                                "rulebook::promotion_target",
                                format!("`{}` cannot promote to itself", n.node),
                            )
                            .label(*psrc, n.span, "the promoting piece")
                            .help("list the pieces it becomes"),
                        );
                        continue;
                    }
                    let sides: &[Side] = match side {
                        None => &Side::BOTH,
                        Some(SideAst::White) => &[Side::White],
                        Some(SideAst::Black) => &[Side::Black],
                    };
                    for s in sides {
                        if !pieces[id].in_army(*s) {
                            continue;
                        }
                        if target.letters[0][s.index()].is_none() {
                            choice_failed = true;
                            self.err(
                                Problem::error(
                                    "rulebook::promotion_target",
                                    format!(
                                        "{} cannot promote to `{}`: it has no {} letter",
                                        s.name(),
                                        n.node,
                                        s.name()
                                    ),
                                )
                                .label(*psrc, n.span, format!("no {} `{}`", s.name(), n.node))
                                .help(format!(
                                    "give `{}` a {} letter, or promote {} to other pieces",
                                    n.node,
                                    s.name(),
                                    s.name()
                                )),
                            );
                            continue;
                        }
                        if !choices[s.index()].contains(&c) {
                            choices[s.index()].push(c);
                        }
                    }
                }
            }
            for s in Side::BOTH {
                if pieces[id].in_army(s)
                    && choices[s.index()].is_empty()
                    && !p.choices.is_empty()
                    && !choice_failed
                {
                    self.err(
                        Problem::error(
                            "rulebook::promotion_choices",
                            format!("{} `{}` has nothing to promote to", s.name(), p.piece.node),
                        )
                        .label(*psrc, p.piece.span, "no choices for this side")
                        .help(format!(
                            "add `{} to queen ...` or `to ...` for both sides",
                            s.name()
                        )),
                    );
                }
            }
            if p.choices.is_empty() {
                self.err(
                    Problem::error(
                        "rulebook::promotion_choices",
                        format!("promotion of `{}` lists no pieces", p.piece.node),
                    )
                    .label(*psrc, p.piece.span, "promotes to what?")
                    .help("add `to queen rook bishop knight` (or `white to ...`, `black to ...`)"),
                );
            }
            promotions.insert(
                id,
                ir::Promotion {
                    zone,
                    choices,
                    optional: false,
                    from_zone: false,
                    limits: vec![],
                },
            );
        }

        // en passant
        let mut en_passant = vec![];
        if let Some(Loc {
            src: esrc,
            node: (names, _),
        }) = &d.en_passant
        {
            for n in names {
                match self.piece_ref(n, *esrc, &piece_names) {
                    Some(id) => en_passant.push(id),
                    None => self.fen_unreliable = true,
                }
            }
        }

        // castling
        let mut castling = IndexMap::new();
        for (flag, Loc { src: csrc, node: c }) in &d.castling {
            let side = if flag.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            if !flag.is_ascii_alphabetic() {
                self.err(
                    Problem::error(
                        "rulebook::castling_flag",
                        format!("`{flag}` cannot be a castling flag"),
                    )
                    .label(*csrc, c.flag.span, "not a letter")
                    .help("use FEN's letters: K Q for white, k q for black"),
                );
                self.fen_unreliable = true;
                continue;
            }
            let king = self.piece_ref(&c.king, *csrc, &piece_names);
            let rook = self.piece_ref(&c.rook, *csrc, &piece_names);
            let sq = |s: &Spanned<String>, this: &mut Self| -> Option<(u8, u8)> {
                match square_of(&s.node) {
                    Some((f, r)) if f < files && r < ranks => Some((f, r)),
                    _ => {
                        this.err(
                            Problem::error(
                                "rulebook::castling_square",
                                format!(
                                    "`{}` is not a square of the {files}x{ranks} board",
                                    s.node
                                ),
                            )
                            .label(*csrc, s.span, "off the board")
                            .help(format!(
                                "squares go from a1 to {}",
                                ir::square_name(files - 1, ranks - 1)
                            )),
                        );
                        None
                    }
                }
            };
            let kf = sq(&c.king_from, self);
            let kt = sq(&c.king_to, self);
            let rf = sq(&c.rook_from, self);
            let rt = sq(&c.rook_to, self);
            let empty: Vec<_> = c.empty.iter().map(|s| sq(s, self)).collect();
            let safe: Vec<_> = c.safe.iter().map(|s| sq(s, self)).collect();
            let (Some(king), Some(rook), Some(kf), Some(kt), Some(rf), Some(rt)) =
                (king, rook, kf, kt, rf, rt)
            else {
                self.fen_unreliable = true;
                continue;
            };
            if empty.iter().chain(safe.iter()).any(|s| s.is_none()) {
                self.fen_unreliable = true;
                continue;
            }
            // Without any royal piece, the error below says it all.
            if !pieces[king].royal && royal_exists {
                self.problems.push(
                    Problem::warning("rulebook::castling_not_royal", format!("castling `{flag}` moves `{}`, which is not royal", c.king.node))
                        .label(*csrc, c.king.span, "not royal")
                        .help("castling usually moves the royal piece; check that this is the piece you mean"),
                );
            }
            castling.insert(
                *flag,
                ir::Castle {
                    side,
                    king,
                    king_from: kf,
                    king_to: kt,
                    rook,
                    rook_from: rf,
                    rook_to: rt,
                    empty: empty.into_iter().flatten().collect(),
                    safe: safe.into_iter().flatten().collect(),
                },
            );
        }

        // check, halfmove
        let check = match &d.check {
            Some(Loc {
                node: (m, f, _), ..
            }) => ir::Check {
                at_move: *m,
                at_final: *f,
                ..ir::Check::default()
            },
            None => ir::Check::default(),
        };
        let mut halfmove = ir::Halfmove::default();
        if let Some(Loc {
            src: hsrc,
            node: (capture, names, _),
        }) = &d.halfmove
        {
            halfmove.capture = *capture;
            for n in names {
                if let Some(id) = self.piece_ref(n, *hsrc, &piece_names) {
                    halfmove.pieces.push(id);
                }
            }
        }

        // end
        let mut end = vec![];
        for Loc { src: esrc, node: r } in &d.end {
            let cond = match &r.cond.node {
                ast::EndCond::Checkmate => ir::EndCond::Checkmate,
                ast::EndCond::Stalemate => ir::EndCond::Stalemate,
                ast::EndCond::RoyalCaptured => ir::EndCond::RoyalCaptured,
                ast::EndCond::Campmate(region) => {
                    let Some(region) = region
                        .as_ref()
                        .and_then(|rg| self.region(rg, *esrc, files, ranks, false))
                    else {
                        continue;
                    };
                    ir::EndCond::Campmate(region)
                }
            };
            if !royal_exists && !matches!(cond, ir::EndCond::Stalemate) {
                self.err(
                    Problem::error(
                        "rulebook::needs_royal",
                        format!("`{}` needs a royal piece, and there is none", cond.name()),
                    )
                    .label(*esrc, r.cond.span, "needs a royal piece")
                    .help("mark a piece `royal` (like the king), or remove this end condition"),
                );
            }
            let result = r.result.node;
            end.push(ir::EndRule { cond, result });
        }
        if check.enabled()
            && !royal_exists
            && let Some(Loc {
                src: csrc,
                node: (_, _, span),
            }) = &d.check
        {
            let (csrc, span) = (*csrc, *span);
            self.err(
                Problem::error(
                    "rulebook::needs_royal",
                    "`check` needs a royal piece, and there is none",
                )
                .label(csrc, span, "needs a royal piece")
                .help("mark a piece `royal` (like the king), or `remove check`"),
            );
        }
        if !castling.is_empty() && !royal_exists {
            let (csrc, c) = d
                .castling
                .values()
                .next()
                .map(|l| (l.src, l.node.span))
                .unwrap_or((src, header.name.span));
            self.err(
                Problem::error(
                    "rulebook::needs_royal",
                    "castling needs a royal piece, and there is none",
                )
                .label(csrc, c, "castling here")
                .help("mark the king `royal`, or remove the castling"),
            );
        }

        // effects
        let mut effects = IndexMap::new();
        for (name, Loc { src: esrc, node: e }) in &d.effects {
            if let Some(effect) = self.effect(name, e, *esrc, &piece_names) {
                effects.insert(name.clone(), effect);
            }
        }

        let start_text = match &d.start {
            Some(s) => s.node.node.clone(),
            None => {
                self.err(
                    Problem::error(
                        "rulebook::missing_item",
                        format!("variant `{}` has no start position", header.name.node),
                    )
                    .label(src, header.name.span, "this variant needs a `start`")
                    .help("add `start \"<FEN>\"`, e.g. the chess start position"),
                );
                return None;
            }
        };

        let variant = Variant {
            name: header.name.node.clone(),
            title: header.title.clone(),
            lineage: d.lineage.clone(),
            files,
            ranks,
            layers,
            cross,
            regions,
            pieces,
            promotions,
            en_passant,
            castling,
            start: start_text.clone(),
            check,
            halfmove,
            end,
            effects,
            castling_rule: None,
            en_passant_region: None,
            hands: None,
            obligations: ir::Obligations::default(),
            no_stuck_pieces: false,
            duck: false,
        };
        // The start position is checked even when other parts are wrong, unless what it is
        // checked against (letters, castling, en passant) is itself broken.
        if self.fen_unreliable {
            return None;
        }
        let errors_before_start = self.problems.iter().any(|p| !p.warning);

        // the start position must be a valid FEN of this variant, and agree with castling
        let Some(Loc { src: ssrc, node: s }) = &d.start else {
            return None;
        };
        let setup = match fen::parse_setup(&variant, &s.node) {
            Err(e) => {
                let start = s.span.start + 1 + e.span.start;
                let at = Span::new(start, start + e.span.len().max(1));
                let p = if *ssrc == self.main {
                    Problem::error(
                        "rulebook::start_fen",
                        format!("start position: {}", e.message),
                    )
                    .label(*ssrc, at, e.label)
                    .help(e.help)
                } else {
                    // The start comes from a parent and no longer fits what this file changed.
                    Problem::error(
                        "rulebook::start_fen",
                        format!("the inherited start position does not fit: {}", e.message),
                    )
                    .label(src, header.name.span, "inherits its start position")
                    .label(
                        *ssrc,
                        at,
                        format!("{} in the inherited start position", e.label),
                    )
                    .help(format!(
                        "give `{}` its own `start \"...\"`; in it, {}",
                        header.name.node, e.help
                    ))
                };
                self.err(p);
                return None;
            }
            Ok(setup) => setup,
        };
        // Castling rights of the start whose king or rook is not where castling expects it:
        // one problem for all of them, since they usually share one cause.
        let mut mismatched: Vec<(char, usize, SourceId, Span, String)> = vec![];
        let field = castling_field(&s.node);
        for (flag, c) in &variant.castling {
            let Some(Loc {
                src: csrc,
                node: cast,
            }) = d.castling.get(flag)
            else {
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
            let (square, piece) = if !king_ok {
                (&cast.king_from, &cast.king)
            } else {
                (&cast.rook_from, &cast.rook)
            };
            let at = field
                .and_then(|(at, f)| {
                    f.char_indices()
                        .find(|(_, ch)| ch == flag)
                        .map(|(i, _)| s.span.start + 1 + at + i)
                })
                .unwrap_or(s.span.start);
            let need = format!("the {} {} on {}", c.side.name(), piece.node, square.node);
            mismatched.push((*flag, at, *csrc, square.span, need));
        }
        if !mismatched.is_empty() {
            let flags: Vec<String> = mismatched.iter().map(|m| format!("`{}`", m.0)).collect();
            let (first, last) = (
                mismatched.iter().map(|m| m.1).min().unwrap_or(0),
                mismatched.iter().map(|m| m.1).max().unwrap_or(0),
            );
            let mut p = if mismatched.len() == 1 {
                let (flag, at, _, _, need) = &mismatched[0];
                Problem::error("rulebook::castling_start", format!("castling `{flag}` does not match the start position"))
                    .label(*ssrc, Span::new(*at, at + 1), format!("the right `{flag}` needs {need}"))
                    .help(format!("place {need}, drop `{flag}` from the start's castling field, or `replace castling` to match the start"))
            } else {
                let list = format!(
                    "{} and {}",
                    flags[..flags.len() - 1].join(", "),
                    flags[flags.len() - 1]
                );
                Problem::error("rulebook::castling_start", format!("castling {list} do not match the start position"))
                    .label(*ssrc, Span::new(first, last + 1), "these rights need kings and rooks that are not there")
                    .help("place the kings and rooks where castling expects them, drop these rights from the start's castling field, or `replace castling` to match the start")
            };
            for (flag, _, csrc, span, need) in &mismatched {
                p = p.label(*csrc, *span, format!("castling `{flag}` needs {need}"));
            }
            self.err(p);
        }
        if errors_before_start || self.problems.iter().any(|p| !p.warning) {
            return None;
        }
        // unused pieces and regions: only worth a word once everything else is right
        for (id, name) in variant.pieces.keys().enumerate() {
            let on_board = setup
                .cells
                .iter()
                .any(|c| matches!(c, Some(fen::Cell::Piece(_, _, k, _)) if *k == id));
            let promoted = variant
                .promotions
                .values()
                .any(|pr| pr.choices.iter().any(|c| c.contains(&id)));
            if !on_board && !promoted {
                let Some(Loc {
                    src: psrc,
                    node: past,
                }) = d.pieces.get(name)
                else {
                    continue;
                };
                self.problems.push(
                    Problem::warning("rulebook::unused", format!("piece `{name}` never appears"))
                        .label(
                            *psrc,
                            past.name.span,
                            "not in the start position and no promotion leads to it",
                        )
                        .help("place it in `start`, add it to a promotion, or remove it"),
                );
            }
        }
        for (
            name,
            Loc {
                src: rsrc,
                node: (n, _, _),
            },
        ) in &d.regions
        {
            if !self.used_regions.contains(name) {
                self.problems.push(
                    Problem::warning("rulebook::unused", format!("region `{name}` is never used"))
                        .label(*rsrc, n.span, "defined here")
                        .help("use it in a promotion zone, an atom's `from` or a campmate, or remove it"),
                );
            }
        }
        Some(variant)
    }

    /// White's and black's letter of a piece (on one layer).
    fn letter_pair(
        &mut self,
        w: &Spanned<char>,
        b: &Spanned<char>,
        piece: &str,
        src: SourceId,
        seen: &mut IndexMap<char, (SourceId, Span, String)>,
    ) -> [Option<char>; 2] {
        // Both letters already another piece's: one mistake, one problem.
        if w.node.is_ascii_uppercase()
            && b.node.is_ascii_lowercase()
            && let (Some(fw), Some(fb)) = (seen.get(&w.node), seen.get(&b.node))
            && fw.2 == fb.2
        {
            let owner = fw.2.clone();
            let mut p = Problem::error(
                "rulebook::duplicate_letter",
                format!(
                    "letters `{}` and `{}` already belong to `{owner}`",
                    w.node, b.node
                ),
            )
            .label(
                src,
                Span::new(w.span.start, b.span.end),
                format!("for `{piece}`"),
            );
            p = if fw.0 == fb.0 {
                p.label(
                    fw.0,
                    Span::new(fw.1.start.min(fb.1.start), fw.1.end.max(fb.1.end)),
                    format!("the letters of `{owner}`"),
                )
            } else {
                p.label(fw.0, fw.1, format!("`{}` of `{owner}`", w.node))
                    .label(fb.0, fb.1, format!("`{}` of `{owner}`", b.node))
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
        seen: &mut IndexMap<char, (SourceId, Span, String)>,
    ) -> Option<char> {
        let c = l.node;
        if c == '-' {
            return None;
        }
        let right_case = match side {
            Side::White => c.is_ascii_uppercase(),
            Side::Black => c.is_ascii_lowercase(),
        };
        if !right_case {
            self.fen_unreliable = true;
            self.err(
                Problem::error("rulebook::letter_case", format!("{}'s letter for `{piece}` must be {} case", side.name(), if side == Side::White { "upper" } else { "lower" }))
                    .label(src, l.span, format!("`{c}` is {} case", if c.is_ascii_uppercase() { "upper" } else { "lower" }))
                    .help(format!(
                        "FEN writes white pieces in upper case and black pieces in lower case: write `{}`",
                        if side == Side::White { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
                    )),
            );
            return None;
        }
        if let Some((fsrc, fspan, owner)) = seen.get(&c) {
            self.fen_unreliable = true;
            self.err(
                Problem::error(
                    "rulebook::duplicate_letter",
                    format!("letter `{c}` is used twice"),
                )
                .label(src, l.span, format!("`{c}` for `{piece}`"))
                .label(
                    *fsrc,
                    *fspan,
                    format!("`{c}` is already the letter of `{owner}`"),
                )
                .help("each piece, side and layer needs its own letter so that FEN is unambiguous"),
            );
            return None;
        }
        seen.insert(c, (src, l.span, piece.to_string()));
        Some(c)
    }

    pub(super) fn piece_ref(
        &mut self,
        n: &Name,
        src: SourceId,
        names: &[String],
    ) -> Option<PieceId> {
        if let Some(i) = names.iter().position(|p| *p == n.node) {
            return Some(i);
        }
        let p = Problem::error(
            "rulebook::unknown_piece",
            format!("unknown piece `{}`", n.node),
        )
        .label(src, n.span, "not a piece of this variant");
        let p = match did_you_mean(&n.node, names.iter().map(|s| s.as_str())) {
            Some(s) => p.help(format!("did you mean `{s}`?")),
            None => p.help(format!("the pieces are: {}", names.join(", "))),
        };
        self.err(p);
        None
    }

    fn region(
        &mut self,
        r: &RegionAst,
        src: SourceId,
        files: u8,
        ranks: u8,
        defining: bool,
    ) -> Option<ir::Region> {
        match r {
            RegionAst::Ranks { from, to, .. } => {
                let mut ok = true;
                // `rank N` is stored as `ranks N..N`: check it once.
                let bounds: &[&Spanned<i64>] = if from.span == to.span {
                    &[from]
                } else {
                    &[from, to]
                };
                for v in bounds {
                    if v.node < 1 || v.node > ranks as i64 {
                        self.err(
                            Problem::error(
                                "rulebook::region_off_board",
                                format!("rank {} is off the board", v.node),
                            )
                            .label(src, v.span, format!("ranks go from 1 to {ranks}"))
                            .help("ranks count from each side's own first rank, from 1"),
                        );
                        ok = false;
                    }
                }
                if ok && from.node > to.node {
                    self.err(
                        Problem::error(
                            "rulebook::region_off_board",
                            format!("`ranks {}..{}` is empty", from.node, to.node),
                        )
                        .label(
                            src,
                            Span::new(from.span.start, to.span.end),
                            "the first rank is after the last",
                        )
                        .help(format!(
                            "write the lower rank first: `ranks {}..{}`",
                            to.node, from.node
                        )),
                    );
                    ok = false;
                }
                ok.then(|| ir::Region {
                    name: None,
                    ranks: Some((from.node as u8, to.node as u8)),
                    files: None,
                    squares: vec![],
                    sides: None,
                })
            }
            RegionAst::Squares { squares, .. } => {
                let mut out = vec![];
                for s in squares {
                    match square_of(&s.node) {
                        Some((f, k)) if f < files && k < ranks => out.push((f, k)),
                        _ => self.err(
                            Problem::error(
                                "rulebook::region_off_board",
                                format!(
                                    "`{}` is not a square of the {files}x{ranks} board",
                                    s.node
                                ),
                            )
                            .label(src, s.span, "off the board")
                            .help(format!(
                                "squares go from a1 to {}",
                                ir::square_name(files - 1, ranks - 1)
                            )),
                        ),
                    }
                }
                (out.len() == squares.len()).then_some(ir::Region {
                    name: None,
                    ranks: None,
                    files: None,
                    squares: out,
                    sides: None,
                })
            }
            RegionAst::Named(n) => {
                if defining {
                    // Say what the other region is, so that it can be written out.
                    let body = match self.draft.regions.get(&n.node).map(|l| &l.node.1) {
                        Some(RegionAst::Ranks { from, to, .. }) if from.node == to.node => {
                            Some(format!("rank {}", from.node))
                        }
                        Some(RegionAst::Ranks { from, to, .. }) => {
                            Some(format!("ranks {}..{}", from.node, to.node))
                        }
                        Some(RegionAst::Squares { squares, .. }) => Some(format!(
                            "squares {}",
                            squares
                                .iter()
                                .map(|q| q.node.as_str())
                                .collect::<Vec<_>>()
                                .join(" ")
                        )),
                        _ => None,
                    };
                    self.err(
                        Problem::error(
                            "rulebook::region_alias",
                            format!(
                                "a region cannot be defined as another region (`{}`)",
                                n.node
                            ),
                        )
                        .label(src, n.span, "a region name")
                        .help(match body {
                            Some(b) => format!("write out what `{}` is: `{b}`", n.node),
                            None => "define a region by `rank`, `ranks` or `squares`".to_string(),
                        }),
                    );
                    return None;
                }
                if let Some(resolved) = self.regions.get(&n.node) {
                    // Resolved once already; a broken definition has been reported there.
                    self.used_regions.insert(n.node.clone());
                    return resolved.clone();
                }
                match self.draft.regions.get(&n.node) {
                    Some(Loc {
                        src: rsrc,
                        node: (_, body, _),
                    }) => {
                        self.used_regions.insert(n.node.clone());
                        let mut r = self.region(&body.clone(), *rsrc, files, ranks, true)?;
                        r.name = Some(n.node.clone());
                        Some(r)
                    }
                    None => {
                        let p = Problem::error(
                            "rulebook::unknown_region",
                            format!("unknown region `{}`", n.node),
                        )
                        .label(src, n.span, "no region of this name");
                        let p = match did_you_mean(&n.node, self.draft.regions.keys().map(|s| s.as_str())) {
                            Some(s) => p.help(format!("did you mean `{s}`?")),
                            None => p.help("define it with `region NAME rank N`, or write `rank N` / `squares ...` here"),
                        };
                        self.err(p);
                        None
                    }
                }
            }
        }
    }

    pub(super) fn directions(&mut self, names: &[Name], src: SourceId) -> Option<Vec<Direction>> {
        let mut out = vec![];
        let mut ok = true;
        for n in names {
            match Direction::ALL.iter().find(|(s, _)| *s == n.node) {
                Some((_, d)) => out.push(*d),
                None => {
                    let p = Problem::error(
                        "rulebook::unknown_direction",
                        format!("unknown direction `{}`", n.node),
                    )
                    .label(src, n.span, "not a direction");
                    let p = match did_you_mean(&n.node, Direction::ALL.iter().map(|(s, _)| *s)) {
                        Some(s) => p.help(format!("did you mean `{s}`?")),
                        None => p.help(
                            "directions are forward, backward, left, right, sideways, vertical",
                        ),
                    };
                    self.err(p);
                    ok = false;
                }
            }
        }
        ok.then_some(out)
    }

    fn atom(&mut self, a: &AtomAst, src: SourceId, files: u8, ranks: u8) -> Option<ir::Atom> {
        let (x, y) = a.vector.node;
        if x == 0 && y == 0 {
            self.err(
                Problem::error("rulebook::bad_atom", "the offset (0,0) goes nowhere")
                    .label(src, a.vector.span, "zero offset")
                    .help("give a non-zero offset such as (1,0) for a rook's step or (1,2) for a knight's jump"),
            );
            return None;
        }
        let max = files.max(ranks) as i64;
        if x.abs() >= max || y.abs() >= max || x.abs().max(y.abs()) >= max {
            self.err(
                Problem::error(
                    "rulebook::atom_off_board",
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
            .filter(|v| directions.is_empty() || directions.iter().any(|d| d.keeps(*v)))
            .collect();
        if vectors.is_empty() {
            self.err(
                Problem::error(
                    "rulebook::bad_atom",
                    format!("no direction of ({x},{y}) is kept by these filters"),
                )
                .label(src, a.span, "this atom has no moves")
                .help("remove or change the direction words"),
            );
            return None;
        }
        if vectors
            .iter()
            .all(|&(vx, vy)| (vx.unsigned_abs() >= files) || (vy.unsigned_abs() >= ranks))
        {
            self.err(
                Problem::error(
                    "rulebook::atom_off_board",
                    format!("the offset ({x},{y}) never lands on a {files}x{ranks} board"),
                )
                .label(src, a.vector.span, "too long for this board")
                .help("shorten the offset or enlarge the board"),
            );
            return None;
        }
        let kind = if a.ride {
            match &a.range {
                None => ir::AtomKind::Ride { range: None },
                Some(r) if r.node >= 1 && r.node <= 255 => ir::AtomKind::Ride {
                    range: Some(r.node as u8),
                },
                Some(r) => {
                    self.err(
                        Problem::error(
                            "rulebook::bad_range",
                            format!("range {} is not a number of steps", r.node),
                        )
                        .label(src, r.span, "must be 1 or more")
                        .help("leave `range` out for an unlimited ride"),
                    );
                    return None;
                }
            }
        } else {
            if let Some(r) = &a.range {
                self.err(
                    Problem::error("rulebook::bad_range", "a leap has no range")
                        .label(src, r.span, "`range` on a leap")
                        .help("write `ride` for a piece that repeats its step, or drop `range`"),
                );
                return None;
            }
            ir::AtomKind::Leap
        };
        let from = match &a.origin {
            None => None,
            Some(r) => Some(self.region(r, src, files, ranks, false)?),
        };
        Some(ir::Atom {
            modality: a.modality.into(),
            kind,
            offset: ir::canonical((x as i8, y as i8)),
            directions: directions.into_iter().map(|d| vec![d]).collect(),
            from,
            path: Default::default(),
        })
    }
}
