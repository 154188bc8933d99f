//! Syntax tree → IR: loads the variants a file extends and composes them (add, replace,
//! remove) here; `resolve` turns names into indices and validates, `effects` type-checks
//! effects. Every problem is collected, none stops the others.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;

use crate::bundled;
use crate::diagnostics::{Problem, SourceId, Sources, did_you_mean};
use crate::ir::Variant;
use crate::syntax::ast::*;
use crate::syntax::parse;

mod effects;
mod resolve;

use resolve::Resolver;

/// A definition item remembered with the source it came from.
#[derive(Clone, Debug)]
struct Loc<T> {
    src: SourceId,
    node: T,
}

fn loc<T>(src: SourceId, node: T) -> Loc<T> {
    Loc { src, node }
}

/// The composition of a variant and its ancestors, still by name.
#[derive(Default)]
struct Draft {
    lineage: Vec<String>,
    board: Option<Loc<(Spanned<i64>, Spanned<i64>, Span)>>,
    layers: Option<Loc<LayersAst>>,
    regions: IndexMap<String, Loc<(Name, RegionAst, Span)>>,
    pieces: IndexMap<String, Loc<PieceAst>>,
    promotions: IndexMap<String, Loc<PromotionAst>>,
    en_passant: Option<Loc<(Vec<Name>, Span)>>,
    castling: IndexMap<char, Loc<CastleAst>>,
    start: Option<Loc<Spanned<String>>>,
    check: Option<Loc<(bool, bool, Span)>>,
    halfmove: Option<Loc<(bool, Vec<Name>, Span)>>,
    end: Vec<Loc<EndRuleAst>>,
    effects: IndexMap<String, Loc<EffectAst>>,
    /// What items with syntax errors defined (names) and were (first keywords).
    broken_names: Vec<String>,
    broken_kinds: Vec<String>,
}

/// Where to find the files a variant extends.
#[derive(Clone, Debug)]
pub enum Origin {
    Bundled,
    File(PathBuf),
}

pub struct Loaded {
    pub variant: Variant,
    pub warnings: Vec<Problem>,
    pub source: SourceId,
}

#[derive(Debug)]
pub enum LoadError {
    /// The file or bundled name cannot be read: a usage error.
    Unreadable(String),
    Invalid(Vec<Problem>),
}

/// Loads a bundled variant by name, or a variant file by path.
pub fn load(spec: &str, sources: &mut Sources) -> Result<Loaded, LoadError> {
    if let Some(text) = bundled::get(spec) {
        return load_text(&format!("{spec}.variant"), text, Origin::Bundled, sources);
    }
    let path = Path::new(spec);
    if path.exists() || spec.ends_with(".variant") || spec.contains('/') {
        let text = std::fs::read_to_string(path)
            .map_err(|e| LoadError::Unreadable(format!("cannot read {spec}: {e}")))?;
        return load_text(spec, &text, Origin::File(path.to_path_buf()), sources);
    }
    let names: Vec<&str> = bundled::names().collect();
    let mut msg = format!("no variant named `{spec}` and no such file");
    if let Some(s) = did_you_mean(spec, names.iter().copied()) {
        msg.push_str(&format!("; did you mean `{s}`?"));
    } else {
        msg.push_str("; `rulebook variants` lists the bundled ones");
    }
    Err(LoadError::Unreadable(msg))
}

pub fn load_text(
    name: &str,
    text: &str,
    origin: Origin,
    sources: &mut Sources,
) -> Result<Loaded, LoadError> {
    let src = sources.add(name, text);
    let mut problems = vec![];
    let mut seen = vec![];
    let draft = compose(src, &origin, sources, &mut problems, &mut seen);
    let Some((header, draft)) = draft else {
        return Err(LoadError::Invalid(problems));
    };
    // Composition mistakes (a duplicate, a replace of nothing) leave a draft that still makes
    // sense, so resolution goes on and reports its own mistakes in the same run.
    let mut r = Resolver {
        draft: &draft,
        problems: &mut problems,
        used_regions: HashSet::new(),
        regions: IndexMap::new(),
        main: src,
        fen_unreliable: false,
    };
    // Every check depends on the board's geometry: if its declaration is broken, the syntax
    // errors are all there is to say.
    if draft
        .broken_kinds
        .iter()
        .any(|k| k == "board" || k == "layers")
    {
        return Err(LoadError::Invalid(problems));
    }
    let variant = r.resolve(&header, src);
    if !draft.broken_kinds.is_empty() {
        problems.retain(|p| !follows_from_broken(p, &draft, sources));
    }
    let errors = problems.iter().any(|p| !p.warning);
    match variant {
        Some(v) if !errors => Ok(Loaded {
            variant: v,
            warnings: problems,
            source: src,
        }),
        _ => Err(LoadError::Invalid(problems)),
    }
}

/// Whether a problem only repeats a syntax error: a name that a broken item defined is
/// "unknown", or a broken `board` or `start` is "missing".
fn follows_from_broken(p: &Problem, d: &Draft, sources: &Sources) -> bool {
    match p.code {
        "rulebook::missing_item" => {
            let about = if p.message.contains("has no board") {
                "board"
            } else if p.message.contains("has no start") {
                "start"
            } else {
                return false;
            };
            d.broken_kinds.iter().any(|k| k == about)
        }
        "rulebook::unknown_piece"
        | "rulebook::unknown_region"
        | "rulebook::unknown_name"
        | "rulebook::nothing_to_override" => p.labels.first().is_some_and(|l| {
            let text = &sources.get(l.source).text;
            let named = text.get(l.span.start..l.span.end).unwrap_or("");
            d.broken_names.iter().any(|n| n == named)
        }),
        _ => false,
    }
}

/// Parses the source `src` and composes it onto its ancestors.
fn compose(
    src: SourceId,
    origin: &Origin,
    sources: &mut Sources,
    problems: &mut Vec<Problem>,
    seen: &mut Vec<String>,
) -> Option<(Header, Draft)> {
    let text = sources.get(src).text.clone();
    let (file, broken_names, broken_kinds) = match parse::parse_file(&text, src) {
        Ok(f) => (f, vec![], vec![]),
        Err(broken) => {
            problems.extend(broken.problems);
            // Check what did parse too, so that one run shows every mistake; what the
            // broken items defined must not then be reported missing or unknown.
            (broken.partial?, broken.names, broken.kinds)
        }
    };
    let name = file.header.name.node.clone();
    if seen.contains(&name) {
        problems.push(
            Problem::error(
                "rulebook::extends_cycle",
                format!("variant `{name}` extends itself"),
            )
            .label(
                src,
                file.header.name.span,
                format!("`{name}` is already being loaded: {}", seen.join(" → ")),
            )
            .help("a variant cannot be its own ancestor; extend a different variant"),
        );
        return None;
    }
    seen.push(name.clone());
    let mut draft = Draft::default();
    if let Some(parent) = &file.header.extends {
        // A cycle is reported where it is closed: at this `extends`.
        if seen.contains(&parent.node) {
            let p = if parent.node == name {
                Problem::error("rulebook::extends_cycle", format!("variant `{name}` extends itself"))
                    .label(src, parent.span, "the name of this very variant")
                    .help(format!("a variant cannot be its own ancestor: give this one another name, e.g. `variant my-{name} extends {name}`"))
            } else {
                let chain = format!("{} → {}", seen.join(" → "), parent.node);
                Problem::error(
                    "rulebook::extends_cycle",
                    format!("extending `{}` makes a cycle: {chain}", parent.node),
                )
                .label(src, parent.span, "this closes the cycle")
                .help("a variant cannot be its own ancestor; extend a different variant")
            };
            problems.push(p);
            return None;
        }
        let parent_src = match find_parent(&parent.node, origin) {
            Some((pname, ptext)) => sources.add(pname, ptext),
            None => {
                let names: Vec<&str> = bundled::names().collect();
                let mut p = Problem::error(
                    "rulebook::unknown_variant",
                    format!("unknown variant `{}`", parent.node),
                )
                .label(
                    src,
                    parent.span,
                    "no bundled variant or sibling file has this name",
                );
                p = match did_you_mean(&parent.node, names.iter().copied()) {
                    Some(s) => p.help(format!("did you mean `{s}`?")),
                    None => p.help(
                        "extend a bundled variant (`rulebook variants` lists them) or a `NAME.variant` file beside this one",
                    ),
                };
                problems.push(p);
                return None;
            }
        };
        let (pheader, pdraft) = compose(parent_src, origin, sources, problems, seen)?;
        draft = pdraft;
        draft.lineage.insert(0, pheader.name.node.clone());
    }
    seen.pop();
    draft.broken_names.extend(broken_names);
    draft.broken_kinds.extend(broken_kinds);
    for item in file.items {
        apply(&mut draft, item, src, problems);
    }
    Some((file.header, draft))
}

fn find_parent(name: &str, origin: &Origin) -> Option<(String, String)> {
    if let Origin::File(path) = origin {
        let sibling = path
            .parent()
            .unwrap_or(Path::new("."))
            .join(format!("{name}.variant"));
        if let Ok(text) = std::fs::read_to_string(&sibling) {
            return Some((sibling.display().to_string(), text));
        }
    }
    bundled::get(name).map(|t| (format!("{name}.variant"), t.to_string()))
}

// ---------------------------------------------------------------------------------------------
// Composition

fn already_defined(
    kind: &str,
    name: &str,
    src: SourceId,
    span: Span,
    first_src: SourceId,
    first: Span,
) -> Problem {
    Problem::error(
        "rulebook::duplicate_definition",
        format!("{kind} `{name}` is defined twice"),
    )
    .label(src, span, "defined again here")
    .label(first_src, first, "first defined here")
    .help(format!(
        "give it another name, or write `replace {kind} {name}` to redefine it"
    ))
}

/// An item that a file may give once (`board`, `start`, ...) given twice in the same file; a
/// variant that extends another overrides the parent's by giving it once.
fn given_twice(what: &str, src: SourceId, span: Span, first_src: SourceId, first: Span) -> Problem {
    Problem::error(
        "rulebook::duplicate_definition",
        format!("{what} is given twice in this file"),
    )
    .label(src, span, "given again here")
    .label(first_src, first, "first given here")
    .help(format!("keep a single {what}"))
}

/// A definition named by a keyword parses, but nothing could refer to it afterwards.
fn keyword_name(kind: &str, name: &Name, src: SourceId, problems: &mut Vec<Problem>) {
    if parse::KEYWORDS.contains(&name.node.as_str()) {
        problems.push(
            Problem::error(
                "rulebook::keyword_name",
                format!("`{}` is a keyword and cannot name a {kind}", name.node),
            )
            .label(src, name.span, "a keyword")
            .help(format!(
                "choose another name: where a {kind} name is expected, `{}` is read as the keyword",
                name.node
            )),
        );
    }
}

fn nothing_there<'a>(
    kind: &str,
    verb: &str,
    name: &str,
    src: SourceId,
    span: Span,
    known: impl IntoIterator<Item = &'a str>,
) -> Problem {
    let known: Vec<&str> = known.into_iter().collect();
    let p = Problem::error(
        "rulebook::nothing_to_override",
        format!("cannot {verb} {kind} `{name}`: there is none"),
    )
    .label(src, span, format!("no {kind} of this name is defined"));
    match did_you_mean(name, known.iter().copied()) {
        Some(s) => p.help(format!("did you mean `{s}`?")),
        None if verb == "replace" => p.help(format!(
            "define it with `{kind} {name} ...`, without `replace`"
        )),
        None if known.is_empty() => p.help(format!("there is no {kind} to {verb}: delete this")),
        None => p.help(format!(
            "the {kind}s that can be removed are {}",
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Adds a named definition, or with `replace` redefines one in place (keeping its order); a
/// name defined twice, or the replacement of nothing, is reported and changes nothing.
#[allow(clippy::too_many_arguments)]
fn define<T>(
    map: &mut IndexMap<String, Loc<T>>,
    kind: &str,
    name: &Name,
    replace: bool,
    src: SourceId,
    node: T,
    name_span: impl Fn(&T) -> Span,
    problems: &mut Vec<Problem>,
) {
    match (replace, map.get(&name.node)) {
        (false, Some(first)) => problems.push(already_defined(
            kind,
            &name.node,
            src,
            name.span,
            first.src,
            name_span(&first.node),
        )),
        (true, None) => problems.push(nothing_there(
            kind,
            "replace",
            &name.node,
            src,
            name.span,
            map.keys().map(|s| s.as_str()),
        )),
        _ => {
            map.insert(name.node.clone(), loc(src, node));
        }
    }
}

fn apply(d: &mut Draft, item: Item, src: SourceId, problems: &mut Vec<Problem>) {
    match item {
        Item::Board { files, ranks, span } => match &d.board {
            Some(first) if first.src == src => {
                problems.push(given_twice("`board`", src, span, first.src, first.node.2))
            }
            _ => d.board = Some(loc(src, (files, ranks, span))),
        },
        Item::Layers(l) => match &d.layers {
            Some(first) if first.src == src => problems.push(given_twice(
                "`layers`",
                src,
                l.span,
                first.src,
                first.node.span,
            )),
            _ => d.layers = Some(loc(src, l)),
        },
        Item::Region {
            replace,
            name,
            region,
            span,
        } => {
            keyword_name("region", &name, src, problems);
            let n = name.clone();
            define(
                &mut d.regions,
                "region",
                &n,
                replace,
                src,
                (name, region, span),
                |r| r.0.span,
                problems,
            );
        }
        Item::Piece { replace, piece } => {
            keyword_name("piece", &piece.name, src, problems);
            let n = piece.name.clone();
            define(
                &mut d.pieces,
                "piece",
                &n,
                replace,
                src,
                piece,
                |p| p.name.span,
                problems,
            );
        }
        Item::Promotion { replace, promotion } => {
            let n = promotion.piece.clone();
            define(
                &mut d.promotions,
                "promotion",
                &n,
                replace,
                src,
                promotion,
                |p| p.piece.span,
                problems,
            );
        }
        Item::Effect { replace, effect } => {
            keyword_name("effect", &effect.name, src, problems);
            let n = effect.name.clone();
            define(
                &mut d.effects,
                "effect",
                &n,
                replace,
                src,
                effect,
                |e| e.name.span,
                problems,
            );
        }
        Item::Castling {
            replace,
            castles,
            span,
        } => {
            if replace {
                if d.castling.is_empty() {
                    problems.push(
                        Problem::error(
                            "rulebook::nothing_to_override",
                            "cannot replace castling: there is none",
                        )
                        .label(src, span, "no castling is defined yet")
                        .help("write `castling { ... }` without `replace`"),
                    );
                }
                d.castling.clear();
            }
            for c in castles {
                let key = c.flag.node;
                if let Some(first) = d.castling.get(&key) {
                    problems.push(
                        Problem::error("rulebook::duplicate_definition", format!("castling `{key}` is defined twice"))
                            .label(src, c.flag.span, "defined again here")
                            .label(first.src, first.node.flag.span, "first defined here")
                            .help(format!("use another flag letter, `remove castling {key}` first, or `replace castling {{ ... }}`")),
                    );
                } else {
                    d.castling.insert(key, loc(src, c));
                }
            }
        }
        Item::EnPassant { pieces, span } => match &d.en_passant {
            Some(first) if first.src == src => problems.push(given_twice(
                "`en passant`",
                src,
                span,
                first.src,
                first.node.1,
            )),
            _ => d.en_passant = Some(loc(src, (pieces, span))),
        },
        Item::Start { fen, span } => match &d.start {
            Some(first) if first.src == src => problems.push(given_twice(
                "`start`",
                src,
                span,
                first.src,
                first.node.span,
            )),
            _ => d.start = Some(loc(src, fen)),
        },
        Item::Check {
            at_move,
            at_final,
            span,
        } => match &d.check {
            Some(first) if first.src == src => {
                problems.push(given_twice("`check`", src, span, first.src, first.node.2))
            }
            _ => d.check = Some(loc(src, (at_move, at_final, span))),
        },
        Item::Halfmove {
            capture,
            pieces,
            span,
        } => match &d.halfmove {
            Some(first) if first.src == src => problems.push(given_twice(
                "`halfmove`",
                src,
                span,
                first.src,
                first.node.2,
            )),
            _ => d.halfmove = Some(loc(src, (capture, pieces, span))),
        },
        Item::End {
            replace,
            rules,
            span,
        } => {
            if replace {
                if d.end.is_empty() {
                    problems.push(
                        Problem::error(
                            "rulebook::nothing_to_override",
                            "cannot replace end: there is none",
                        )
                        .label(src, span, "no end conditions are defined yet")
                        .help("write `end { ... }` without `replace`"),
                    );
                }
                d.end.clear();
            }
            for r in rules {
                if let Some(first) = d
                    .end
                    .iter()
                    .find(|e| e.node.cond.node.key() == r.cond.node.key())
                {
                    problems.push(
                        Problem::error(
                            "rulebook::duplicate_definition",
                            format!("end condition `{}` is given twice", r.cond.node.key()),
                        )
                        .label(src, r.cond.span, "given again here")
                        .label(first.src, first.node.cond.span, "first given here")
                        .help(format!(
                            "write `remove end {}` before redefining it",
                            r.cond.node.key()
                        )),
                    );
                } else {
                    d.end.push(loc(src, r));
                }
            }
        }
        Item::Remove(r) => remove(d, r, src, problems),
    }
}

fn remove(d: &mut Draft, r: RemoveAst, src: SourceId, problems: &mut Vec<Problem>) {
    match r {
        RemoveAst::Pieces(names) => {
            for n in names {
                if d.pieces.shift_remove(&n.node).is_none() {
                    problems.push(nothing_there(
                        "piece",
                        "remove",
                        &n.node,
                        src,
                        n.span,
                        d.pieces.keys().map(|s| s.as_str()),
                    ));
                }
            }
        }
        RemoveAst::Effects(names) => {
            for n in names {
                if d.effects.shift_remove(&n.node).is_none() {
                    problems.push(nothing_there(
                        "effect",
                        "remove",
                        &n.node,
                        src,
                        n.span,
                        d.effects.keys().map(|s| s.as_str()),
                    ));
                }
            }
        }
        RemoveAst::Promotions(names) => {
            for n in names {
                if d.promotions.shift_remove(&n.node).is_none() {
                    problems.push(nothing_there(
                        "promotion",
                        "remove",
                        &n.node,
                        src,
                        n.span,
                        d.promotions.keys().map(|s| s.as_str()),
                    ));
                }
            }
        }
        RemoveAst::Regions(names) => {
            for n in names {
                if d.regions.shift_remove(&n.node).is_none() {
                    problems.push(nothing_there(
                        "region",
                        "remove",
                        &n.node,
                        src,
                        n.span,
                        d.regions.keys().map(|s| s.as_str()),
                    ));
                }
            }
        }
        RemoveAst::Castling(flags) => {
            for f in flags {
                if d.castling.shift_remove(&f.node).is_none() {
                    let known: Vec<String> = d.castling.keys().map(|c| c.to_string()).collect();
                    problems.push(
                        Problem::error(
                            "rulebook::nothing_to_override",
                            format!("cannot remove castling `{}`: there is none", f.node),
                        )
                        .label(src, f.span, "no castling has this flag")
                        .help(if known.is_empty() {
                            "this variant has no castling".to_string()
                        } else {
                            format!("the castling flags are {}", known.join(" "))
                        }),
                    );
                }
            }
        }
        RemoveAst::EnPassant(span) => {
            if d.en_passant.take().is_none() {
                problems.push(
                    Problem::error(
                        "rulebook::nothing_to_override",
                        "cannot remove en passant: there is none",
                    )
                    .label(src, span, "en passant is not defined")
                    .help("delete this line"),
                );
            }
        }
        RemoveAst::Check(span) => {
            if d.check.take().is_none() {
                problems.push(
                    Problem::error(
                        "rulebook::nothing_to_override",
                        "cannot remove check: there is none",
                    )
                    .label(src, span, "check is not defined")
                    .help("delete this line"),
                );
            }
        }
        RemoveAst::End(conds) => {
            for c in conds {
                let before = d.end.len();
                d.end.retain(|e| e.node.cond.node.key() != c.node.key());
                if d.end.len() == before {
                    problems.push(
                        Problem::error(
                            "rulebook::nothing_to_override",
                            format!(
                                "cannot remove end condition `{}`: there is none",
                                c.node.key()
                            ),
                        )
                        .label(src, c.span, "not among the end conditions")
                        .help(format!(
                            "the end conditions are: {}",
                            d.end
                                .iter()
                                .map(|e| e.node.cond.node.key())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
        }
    }
}
