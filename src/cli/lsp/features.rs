//! What the server answers, each from a document's text and the variants it extends:
//! diagnostics, hover, definitions and references, completion, symbols, formatting.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, Hover, HoverContents, Location, MarkupContent, MarkupKind,
    NumberOrString, Position, Range, SymbolKind, TextEdit, Uri,
};

use super::keyword_docs::keyword_doc;
use super::world::{
    ChainDoc, LineIndex, World, end_position, materialise, path_uri, too_large, uri_path,
};
use crate::bundled;
use crate::cli::repl::explain;
use crate::diagnostics::{Problem, Severity, Sources, shorten_words};
use crate::ir::{Direction, Side, Variant, square_name};
use crate::lower::{LoadError, Origin, load_text};
use crate::syntax::ast::Span;
use crate::syntax::format::format_source;
use crate::syntax::keywords::is_keyword;
use crate::syntax::outline::{NameKind, Occurrence, expected_at, word_at};

/// Loads a document as `rulebook check` loads the file: its problems (none when it is valid,
/// but its warnings), the sources they point into, and the variant when it loads.
fn load_doc(uri: &Uri, text: &str) -> (Vec<Problem>, Sources, Option<Variant>) {
    let mut sources = Sources::default();
    let path = uri_path(uri).unwrap_or_else(|| uri.as_str().into());
    let name = path.display().to_string();
    match load_text(&name, text, Origin::File(path), &mut sources) {
        Ok(l) => (l.warnings, sources, Some(l.variant)),
        Err(LoadError::Invalid(ps)) => (ps, sources, None),
        Err(LoadError::Unreadable(msg)) => (
            vec![Problem::error(crate::diagnostics::Code::Unreadable, msg)],
            sources,
            None,
        ),
    }
}

/// The diagnostics of a document: those of `rulebook check`, one per problem.
pub fn diagnostics(world: &World, uri: &Uri) -> Vec<Diagnostic> {
    let Some(text) = world.text(uri) else {
        return vec![];
    };
    let (problems, sources, _) = load_doc(uri, text);
    let extends = world
        .chain(uri)
        .first()
        .and_then(|d| d.outline.as_ref()?.extends.as_ref().map(|e| e.1));
    // Each source's lines, indexed once however many labels point into it.
    let mut lines: HashMap<Option<usize>, LineIndex> = HashMap::new();
    problems
        .iter()
        .map(|p| diagnostic(p, (text, &sources), uri, extends, &mut lines))
        .collect()
}

/// The `file:` URI of a source: the document (source 0), a file beside it, or the read-only
/// copy of a bundled variant.
fn source_uri(sources: &Sources, id: usize, doc: &Uri) -> Option<Uri> {
    if id == 0 {
        return Some(doc.clone());
    }
    let src = sources.get(id);
    let path = Path::new(&src.name);
    if path.is_absolute() {
        return path_uri(path);
    }
    let name = src.name.strip_suffix(".variant")?;
    match bundled::get(name) {
        Some(text) if text == src.text => path_uri(&materialise(name, text)?),
        _ => path_uri(path),
    }
}

/// A problem as a diagnostic of the document `text`; `lines` indexes the lines of the
/// document (key `None`) and of each source (its id).
fn diagnostic(
    p: &Problem,
    (text, sources): (&str, &Sources),
    uri: &Uri,
    extends: Option<Span>,
    lines: &mut HashMap<Option<usize>, LineIndex>,
) -> Diagnostic {
    let mut range = |source: Option<usize>, span: Span| {
        let text = source.map_or(text, |id| &sources.get(id).text);
        lines
            .entry(source)
            .or_insert_with(|| LineIndex::new(text))
            .range(text, span)
    };
    let primary = p.labels.first();
    // A problem in a parent file is shown at the `extends` that brings it in.
    let span = match primary {
        Some(l) if l.source == 0 => l.span,
        Some(_) => extends.unwrap_or_default(),
        None => Span::default(),
    };
    let related: Vec<DiagnosticRelatedInformation> = p
        .labels
        .iter()
        .enumerate()
        .filter(|(k, l)| *k > 0 || l.source != 0 || !l.text.is_empty())
        .filter_map(|(_, l)| {
            Some(DiagnosticRelatedInformation {
                location: Location::new(
                    source_uri(sources, l.source, uri)?,
                    range(Some(l.source), l.span),
                ),
                message: if l.text.is_empty() {
                    p.message.clone()
                } else {
                    shorten_words(&l.text).into_owned()
                },
            })
        })
        .collect();
    let mut message = shorten_words(&p.message).into_owned();
    if let Some(help) = &p.help {
        message.push_str(&format!("\nhelp: {}", shorten_words(help)));
    }
    Diagnostic {
        range: range(None, span),
        severity: Some(match p.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(p.code.as_str().to_string())),
        source: Some("rulebook".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// The name under the cursor, if a piece, region or effect stands there.
fn occurrence_at(doc: &ChainDoc, at: usize) -> Option<&Occurrence> {
    doc.outline
        .as_ref()?
        .occurrences
        .iter()
        .find(|o| o.span.start <= at && at <= o.span.end)
}

/// Hover: a piece as `explain` tells it, a region's squares, a keyword's reference text.
pub fn hover(world: &World, uri: &Uri, pos: Position) -> Option<Hover> {
    let chain = world.chain(uri);
    let doc = chain.first()?;
    let at = doc.offset(pos);
    let (text, span) = match occurrence_at(doc, at) {
        Some(o) => (name_hover(&chain, uri, o)?, o.span),
        None => {
            let (word, span) = word_at(&doc.text, at)?;
            let doc = match crate::ir::Catalog::from_key(word) {
                Some(c) => Some(catalog_doc(c)),
                None => keyword_doc(word).filter(|_| is_keyword(word)),
            };
            (doc?, span)
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(doc.range(span)),
    })
}

/// What a catalogue named after `catalog` is.
fn catalog_doc(c: crate::ir::Catalog) -> String {
    let what = match c {
        crate::ir::Catalog::FairyStockfish => {
            "Fairy-Stockfish's catalogue: its built-in variants and those of its `variants.ini`, by the names its `UCI_Variant` option takes"
        }
        crate::ir::Catalog::Vchess => {
            "vchess's catalogue: the variants of the vchess website, by rules class name (`Koth`, `Threechecks`)"
        }
    };
    format!("**`{}`** (catalogue)\n\n{what}", c.key())
}

fn name_hover(chain: &[ChainDoc], uri: &Uri, o: &Occurrence) -> Option<String> {
    let variant = load_doc(uri, &chain.first()?.text).2;
    let from_ir = variant.as_ref().and_then(|v| match o.kind {
        NameKind::Piece => {
            let id = v.pieces.get_index_of(&o.name)?;
            Some(format!("```text\n{}```", explain(v, id)))
        }
        NameKind::Region => region_squares(v, &o.name),
        NameKind::Effect => None,
    });
    from_ir.or_else(|| definition_text(chain, o))
}

/// `region NAME: TEXT` and the squares of each side.
fn region_squares(v: &Variant, name: &str) -> Option<String> {
    let region = v.regions.get(name)?;
    let squares = |side: Side| -> String {
        let mut list = vec![];
        for rank in 0..v.ranks {
            for file in 0..v.files {
                if region.contains(side, file, rank, v.ranks) {
                    list.push(square_name(file, rank));
                }
            }
        }
        list.join(" ")
    };
    let (white, black) = (squares(Side::White), squares(Side::Black));
    let body = if white == black {
        format!("squares: {white}")
    } else {
        format!("white: {white}\n\nblack: {black}")
    };
    Some(format!(
        "**region `{name}`**: `{}`\n\n{body}",
        region.text()
    ))
}

/// The text of the nearest definition of a name, as a code block.
fn definition_text(chain: &[ChainDoc], o: &Occurrence) -> Option<String> {
    chain.iter().find_map(|doc| {
        let item = doc.outline.as_ref()?.items.iter().find(|i| {
            i.kind == Some(o.kind) && doc.text[i.name_span.start..i.name_span.end] == o.name
        })?;
        Some(format!(
            "```variant\n{}\n```",
            &doc.text[item.span.start..item.span.end]
        ))
    })
}

/// Which of a name's places to list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Places {
    /// Every place.
    All,
    /// Where it is defined.
    Definitions,
    /// Where it is used.
    Uses,
}

/// The places of the chain where a name stands.
fn places(chain: &[ChainDoc], kind: NameKind, name: &str, which: Places) -> Vec<Location> {
    chain
        .iter()
        .filter(|doc| doc.is_file())
        .flat_map(|doc| {
            let occ = doc
                .outline
                .as_ref()
                .map(|o| o.occurrences.as_slice())
                .unwrap_or(&[]);
            occ.iter()
                .filter(move |o| {
                    o.kind == kind
                        && o.name == name
                        && match which {
                            Places::All => true,
                            Places::Definitions => o.definition,
                            Places::Uses => !o.definition,
                        }
                })
                .map(move |o| Location::new(doc.uri.clone(), doc.range(o.span)))
        })
        .collect()
}

/// Go to definition: a piece, region or effect's definitions (the document's own first, then
/// its parents'); on the name after `extends`, the parent file.
pub fn definition(world: &World, uri: &Uri, pos: Position) -> Vec<Location> {
    let chain = world.chain(uri);
    let Some(doc) = chain.first() else {
        return vec![];
    };
    let at = doc.offset(pos);
    if let Some(o) = occurrence_at(doc, at) {
        return places(&chain, o.kind, &o.name, Places::Definitions);
    }
    let on_extends = doc
        .outline
        .as_ref()
        .and_then(|o| o.extends.as_ref())
        .is_some_and(|(_, s)| s.start <= at && at <= s.end);
    match chain.get(1) {
        Some(parent) if on_extends && parent.is_file() => {
            vec![Location::new(parent.uri.clone(), Range::default())]
        }
        _ => vec![],
    }
}

/// Find references: every place of the chain where the name under the cursor stands.
pub fn references(world: &World, uri: &Uri, pos: Position, declarations: bool) -> Vec<Location> {
    let chain = world.chain(uri);
    let Some(doc) = chain.first() else {
        return vec![];
    };
    let Some(o) = occurrence_at(doc, doc.offset(pos)) else {
        return vec![];
    };
    let which = if declarations {
        Places::All
    } else {
        Places::Uses
    };
    places(&chain, o.kind, &o.name, which)
}

/// Completion: what the grammar accepts at the cursor, keywords and names in scope.
pub fn completion(world: &World, uri: &Uri, pos: Position) -> Vec<CompletionItem> {
    let chain = world.chain(uri);
    let Some(doc) = chain.first().filter(|d| !too_large(&d.text)) else {
        return vec![];
    };
    let at = doc.offset(pos);
    let start = word_at(&doc.text, at).map_or(at, |(_, s)| s.start.min(at));
    let expected = expected_at(&doc.text, start);
    let mut items: Vec<CompletionItem> = vec![];
    let mut labels: HashSet<String> = HashSet::new();
    let mut add = |label: &str, kind: CompletionItemKind, detail: &str| {
        if labels.insert(label.to_string()) {
            items.push(CompletionItem {
                label: label.to_string(),
                kind: Some(kind),
                detail: Some(detail.to_string()),
                ..CompletionItem::default()
            });
        }
    };
    if expected.variant {
        for name in bundled::names() {
            add(name, CompletionItemKind::MODULE, "bundled variant");
        }
    }
    for kind in &expected.names {
        for name in defined_names(&chain, *kind) {
            add(&name, name_item_kind(*kind), kind_word(*kind));
        }
    }
    if expected.catalog {
        for c in crate::ir::Catalog::ALL {
            add(c.key(), CompletionItemKind::ENUM_MEMBER, c.title());
        }
    }
    if expected.direction {
        for (name, _) in Direction::ALL {
            add(name, CompletionItemKind::ENUM_MEMBER, "direction");
        }
    }
    for k in &expected.keywords {
        add(k, CompletionItemKind::KEYWORD, "keyword");
    }
    items
}

fn defined_names(chain: &[ChainDoc], kind: NameKind) -> Vec<String> {
    chain
        .iter()
        .filter_map(|d| d.outline.as_ref())
        .flat_map(|o| o.occurrences.iter())
        .filter(|o| o.kind == kind && o.definition)
        .map(|o| o.name.clone())
        .collect()
}

fn name_item_kind(kind: NameKind) -> CompletionItemKind {
    match kind {
        NameKind::Piece => CompletionItemKind::CLASS,
        NameKind::Region => CompletionItemKind::CONSTANT,
        NameKind::Effect => CompletionItemKind::FUNCTION,
    }
}

fn kind_word(kind: NameKind) -> &'static str {
    match kind {
        NameKind::Piece => "piece",
        NameKind::Region => "region",
        NameKind::Effect => "effect",
    }
}

/// The document's outline: its pieces, regions, effects and rules.
pub fn symbols(world: &World, uri: &Uri) -> Vec<DocumentSymbol> {
    let chain = world.chain(uri);
    let Some(doc) = chain.first() else {
        return vec![];
    };
    let Some(outline) = &doc.outline else {
        return vec![];
    };
    outline
        .items
        .iter()
        .map(|item| {
            #[allow(deprecated)]
            DocumentSymbol {
                name: item.label.clone(),
                detail: item.kind.map(|k| kind_word(k).to_string()),
                kind: match item.kind {
                    Some(NameKind::Piece) => SymbolKind::CLASS,
                    Some(NameKind::Region) => SymbolKind::CONSTANT,
                    Some(NameKind::Effect) => SymbolKind::FUNCTION,
                    None => SymbolKind::PROPERTY,
                },
                tags: None,
                deprecated: None,
                range: doc.range(item.span),
                selection_range: doc.range(item.name_span),
                children: None,
            }
        })
        .collect()
}

/// Formatting: the whole document, replaced by its canonical layout (nothing when it does
/// not parse or is already formatted).
pub fn formatting(world: &World, uri: &Uri) -> Vec<TextEdit> {
    let Some(text) = world.text(uri).filter(|t| !too_large(t)) else {
        return vec![];
    };
    match format_source(text) {
        Some(new) if new != text => vec![TextEdit::new(
            Range::new(Position::new(0, 0), end_position(text)),
            new,
        )],
        _ => vec![],
    }
}
