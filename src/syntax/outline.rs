//! What an editor needs from a variant file's text, read with the grammar: where each piece,
//! region and effect is defined and named ([`outline`]), which word of the language is under
//! the cursor ([`word_at`]), and what the grammar accepts at the cursor ([`expected_at`]).

use pest::Parser;
use pest::error::InputLocation;
use pest::iterators::Pair;

use crate::syntax::ast::Span;
use crate::syntax::grammar::{Rule, VariantParser};
use crate::syntax::keywords::KEYWORDS;

/// The kinds of names a file defines and refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// `piece NAME`, and a piece named in a rule.
    Piece,
    /// `region NAME`, and a region named in another.
    Region,
    /// `effect NAME`, and `remove effect NAME`.
    Effect,
}

/// One place where a name stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// What it names.
    pub kind: NameKind,
    /// The name.
    pub name: String,
    /// Where it stands.
    pub span: Span,
    /// Whether it defines (or replaces) the name, rather than refers to it.
    pub definition: bool,
}

/// A top-level item, for an editor's outline of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemOutline {
    /// Its first words: `piece knight`, `replace promotion pawn`, `castling`.
    pub label: String,
    /// The whole item.
    pub span: Span,
    /// The name it defines, if any (else its first word).
    pub name_span: Span,
    /// What kind of name it defines, if any.
    pub kind: Option<NameKind>,
}

/// The names and items of a file that parses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outline {
    /// Every definition of and reference to a name, in the order of the text.
    pub occurrences: Vec<Occurrence>,
    /// The top-level items (the header is not one).
    pub items: Vec<ItemOutline>,
    /// The variant this one extends, and where its name stands.
    pub extends: Option<(String, Span)>,
}

fn span_of(p: &Pair<Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// The outline of a file; `None` when it does not parse.
pub fn outline(text: &str) -> Option<Outline> {
    let file = VariantParser::parse(Rule::file, text).ok()?.next()?;
    let mut out = Outline::default();
    for item in file.into_inner() {
        match item.as_rule() {
            Rule::header => out.extends = extends_of(item),
            Rule::EOI => {}
            _ => {
                out.items.push(item_outline(&item));
                collect(item, &mut out.occurrences);
            }
        }
    }
    Some(out)
}

/// The `catalog` lines of a file, (catalogue, name there), as written; none when the file does
/// not parse.
pub fn catalogs(text: &str) -> Vec<(String, String)> {
    let Some(file) = VariantParser::parse(Rule::file, text)
        .ok()
        .and_then(|mut p| p.next())
    else {
        return vec![];
    };
    file.into_inner()
        .filter(|item| item.as_rule() == Rule::catalog)
        .filter_map(|item| {
            let mut kids = item.into_inner().skip(1);
            let catalog = kids.next()?.as_str().to_string();
            let name = kids.next()?.into_inner().next()?.into_inner().next()?;
            Some((catalog, name.as_str().to_string()))
        })
        .collect()
}

fn extends_of(header: Pair<Rule>) -> Option<(String, Span)> {
    let ext = header.into_inner().find(|p| p.as_rule() == Rule::extends)?;
    let name = ext
        .into_inner()
        .find(|p| p.as_rule() == Rule::variant_name)?;
    Some((name.as_str().to_string(), span_of(&name)))
}

/// The kind of name a rule defines through its `name` child.
fn defines(rule: Rule) -> Option<NameKind> {
    match rule {
        Rule::piece => Some(NameKind::Piece),
        Rule::region_def => Some(NameKind::Region),
        Rule::effect => Some(NameKind::Effect),
        _ => None,
    }
}

/// The kind of name a reference rule names.
fn refers(rule: Rule) -> Option<NameKind> {
    match rule {
        Rule::piece_ref => Some(NameKind::Piece),
        Rule::region_ref | Rule::region_name => Some(NameKind::Region),
        Rule::effect_name => Some(NameKind::Effect),
        _ => None,
    }
}

fn item_outline(item: &Pair<Rule>) -> ItemOutline {
    let inner = match item.as_rule() {
        Rule::replace => item.clone().into_inner().nth(1).unwrap_or(item.clone()),
        _ => item.clone(),
    };
    let kind = defines(inner.as_rule());
    let name = kind.and_then(|_| {
        inner
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::name)
    });
    let label_end = name
        .as_ref()
        .map(|n| n.as_span().end())
        .or_else(|| first_words_end(item))
        .unwrap_or(item.as_span().end());
    let label = item.get_input()[item.as_span().start()..label_end].to_string();
    ItemOutline {
        label: label.split_whitespace().collect::<Vec<_>>().join(" "),
        span: span_of(item),
        name_span: name.as_ref().map_or(span_of(item), span_of),
        kind,
    }
}

/// Where the words before an item's `{` (or its first three tokens) end.
fn first_words_end(item: &Pair<Rule>) -> Option<usize> {
    let tokens: Vec<Pair<Rule>> = item
        .clone()
        .into_inner()
        .flatten()
        .filter(|p| p.clone().into_inner().next().is_none())
        .take_while(|p| p.as_rule() != Rule::open_brace)
        .take(3)
        .collect();
    tokens.last().map(|p| p.as_span().end())
}

fn collect(pair: Pair<Rule>, out: &mut Vec<Occurrence>) {
    let rule = pair.as_rule();
    if let Some(kind) = refers(rule) {
        out.push(Occurrence {
            kind,
            name: pair.as_str().to_string(),
            span: span_of(&pair),
            definition: false,
        });
        return;
    }
    let kind = defines(rule);
    for child in pair.into_inner() {
        match kind {
            Some(kind) if child.as_rule() == Rule::name => out.push(Occurrence {
                kind,
                name: child.as_str().to_string(),
                span: span_of(&child),
                definition: true,
            }),
            _ => collect(child, out),
        }
    }
}

/// The word (letters, digits, `_`, `-`) around a byte offset, and where it stands. An offset
/// inside a character counts as the start of that character.
pub fn word_at(text: &str, offset: usize) -> Option<(&str, Span)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let offset = floor_char_boundary(text, offset);
    // The character before the word may take several bytes: the word starts after all of them.
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| !is_word(*c))
        .map_or(0, |(k, c)| k + c.len_utf8());
    let end = text[offset..]
        .find(|c: char| !is_word(c))
        .map_or(text.len(), |k| offset + k);
    (start < end).then(|| (&text[start..end], Span::new(start, end)))
}

/// What the grammar accepts where a word starts at `offset` (the text after it is ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The keywords that can stand there.
    pub keywords: Vec<&'static str>,
    /// The kinds of names that can stand there.
    pub names: Vec<NameKind>,
    /// A direction (`forward`, `left`, ...) can stand there.
    pub direction: bool,
    /// A variant's name can stand there (after `extends`).
    pub variant: bool,
    /// A catalogue's name can stand there (after `catalog`).
    pub catalog: bool,
}

/// The largest character boundary of `text` at or before `offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// What may be written at `offset`: the text before it is parsed, and each keyword is tried
/// there; the rules the parse expects there tell which names fit.
pub fn expected_at(text: &str, offset: usize) -> Expected {
    expected_after(&last_item(&text[..floor_char_boundary(text, offset)]))
}

/// A text the grammar reads as it reads `prefix` at its end: a stand-in header, then `prefix`
/// from the start of its last top-level item (a line at brace depth 0 that starts with an
/// item's keyword). The grammar reads `header item*`, so what it accepts after an item does
/// not depend on the items before: each keyword tried then parses one item, not the whole
/// document (a completion in a 1 MB file took minutes).
fn last_item(prefix: &str) -> std::borrow::Cow<'_, str> {
    let bytes = prefix.as_bytes();
    let (mut depth, mut start, mut i) = (0i64, 0usize, 0usize);
    let mut line_start = true;
    while i < bytes.len() {
        if line_start && i > 0 && depth == 0 {
            let word_end = prefix[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .map_or(prefix.len(), |k| i + k);
            let word = &prefix[i..word_end];
            if word != "variant" && crate::syntax::keywords::starts_item(word) {
                start = i;
            }
        }
        line_start = false;
        match bytes[i] {
            // A comment, or a string, up to (not past) the end of its line.
            b'#' => i = prefix[i..].find('\n').map_or(bytes.len(), |k| i + k),
            b'"' => {
                i = match prefix[i + 1..].find(['"', '\n']) {
                    Some(k) if bytes[i + 1 + k] == b'"' => i + 2 + k,
                    Some(k) => i + 1 + k,
                    None => bytes.len(),
                }
            }
            b => {
                match b {
                    b'{' => depth += 1,
                    b'}' => depth -= 1,
                    b'\n' => line_start = true,
                    _ => {}
                }
                i += 1;
            }
        }
    }
    match start {
        0 => std::borrow::Cow::Borrowed(prefix),
        _ => std::borrow::Cow::Owned(format!("variant x\n{}", &prefix[start..])),
    }
}

/// What may be written after `prefix`, a text that starts at the file's start.
fn expected_after(prefix: &str) -> Expected {
    let rules = expected_rules(prefix);
    let mut expected = Expected {
        variant: rules.contains(&Rule::variant_name),
        direction: rules.contains(&Rule::direction),
        catalog: rules.contains(&Rule::catalog_name),
        ..Expected::default()
    };
    for rule in &rules {
        let kind = refers(*rule).or(match rule {
            Rule::region | Rule::region_union => Some(NameKind::Region),
            _ => None,
        });
        if let Some(kind) = kind
            && !expected.names.contains(&kind)
        {
            expected.names.push(kind);
        }
    }
    // Where any name may stand (a new piece's name, a variant's), a keyword is no help.
    if rules.contains(&Rule::name) || expected.variant || expected.catalog {
        return expected;
    }
    expected.keywords = KEYWORDS
        .iter()
        .copied()
        .filter(|k| accepts(prefix, k))
        .collect();
    expected
}

/// The rules the grammar tried where `prefix` ends (empty when it parses whole).
fn expected_rules(prefix: &str) -> Vec<Rule> {
    match VariantParser::parse(Rule::file, prefix) {
        Ok(_) => vec![],
        Err(e) => match e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
            pest::error::ErrorVariant::CustomError { .. } => vec![],
        },
    }
}

/// Whether the grammar reads `word` after `prefix`: the parse of both goes past the word.
fn accepts(prefix: &str, word: &str) -> bool {
    let text = format!("{prefix}{word}\n");
    match VariantParser::parse(Rule::file, &text) {
        Ok(_) => true,
        Err(e) => match e.location {
            InputLocation::Pos(p) | InputLocation::Span((p, _)) => p >= prefix.len() + word.len(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "variant x extends chess\nregion camp rank 8\npiece camel {\n  letters C c\n  leap (1,3) from camp\n}\nremove piece knight\n";

    /// Completion reads only the last item of the text before the cursor; at the start of
    /// every line (and after the first word of each line of `TEXT`), in files of every kind
    /// of item (blocks, effects, castling, hands, end rules), it expects what the whole text
    /// before the cursor does.
    #[test]
    fn completion_after_the_last_item_is_completion_after_the_whole_text() {
        let bundled =
            ["orda", "magnetic", "sittuyin"].map(|n| crate::bundled::get(n).expect("bundled"));
        for (k, text) in bundled.into_iter().chain([TEXT]).enumerate() {
            let mut offsets = vec![];
            let mut start = 0;
            for line in text.split_inclusive('\n') {
                let indent = line.len() - line.trim_start().len();
                offsets.push(start + indent);
                if let (3, Some(w)) = (k, line[indent..].find(' ')) {
                    offsets.push(start + indent + w + 1);
                }
                start += line.len();
            }
            for at in offsets {
                assert_eq!(
                    expected_at(text, at),
                    expected_after(&text[..at]),
                    "at {at}: {:?}",
                    &text[text[..at].rfind('\n').map_or(0, |k| k + 1)..at]
                );
            }
        }
    }

    /// After a broken item, the keywords of the item being written are still offered (the
    /// whole text before the cursor parses nowhere near it).
    #[test]
    fn completion_after_a_broken_item_offers_the_current_items_keywords() {
        let text = "variant b extends chess\npiece camel {\n  leap (1,3\n}\nend {\n  ";
        let expected = expected_at(text, text.len());
        assert!(expected.keywords.contains(&"checkmate"), "{expected:?}");
        assert!(expected_after(text).keywords.is_empty());
    }

    /// The drawing words are completed where they may stand: `intersections` after a board's
    /// size, `glyph` in a piece's body.
    #[test]
    fn completion_offers_intersections_and_glyph() {
        let board = "variant b extends chess\nboard 9 x 10 ";
        assert!(
            expected_at(board, board.len())
                .keywords
                .contains(&"intersections")
        );
        let piece = "variant b extends chess\npiece camel {\n  letters C c\n  ";
        assert!(expected_at(piece, piece.len()).keywords.contains(&"glyph"));
    }

    /// `wrap` after a board's size, then the axes.
    #[test]
    fn completion_offers_wrap_and_its_axes() {
        let board = "variant b extends chess\nboard 8 x 8 ";
        assert!(expected_at(board, board.len()).keywords.contains(&"wrap"));
        let axes = "variant b extends chess\nboard 8 x 8 wrap ";
        let expected = expected_at(axes, axes.len());
        assert!(
            expected.keywords.contains(&"files") && expected.keywords.contains(&"ranks"),
            "{expected:?}"
        );
    }

    #[test]
    fn the_outline_has_definitions_references_and_items() {
        let o = outline(TEXT).expect("parses");
        assert_eq!(o.extends.as_ref().map(|e| e.0.as_str()), Some("chess"));
        let occ: Vec<(&str, bool)> = o
            .occurrences
            .iter()
            .map(|o| (o.name.as_str(), o.definition))
            .collect();
        assert_eq!(
            occ,
            [
                ("camp", true),
                ("camel", true),
                ("camp", false),
                ("knight", false)
            ]
        );
        let labels: Vec<&str> = o.items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            ["region camp", "piece camel", "remove piece knight"]
        );
    }

    #[test]
    fn words_after_and_inside_multibyte_characters() {
        let text = "variant x extends chess # é";
        for offset in 0..=text.len() + 2 {
            word_at(text, offset);
            expected_at(text, offset);
        }
        let text = "régionö camp";
        assert_eq!(word_at(text, 1).map(|w| w.0), Some("r"));
        assert_eq!(word_at(text, 2).map(|w| w.0), Some("r"), "inside `é`");
        assert_eq!(word_at(text, 4).map(|w| w.0), Some("gion"));
        assert_eq!(
            word_at(text, text.len()).map(|w| w.1),
            Some(Span::new(10, 14))
        );
    }

    #[test]
    fn the_grammar_says_what_may_follow() {
        let at = |s: &str| expected_at(s, s.len());
        let top = at("variant x\n");
        assert!(top.keywords.contains(&"piece") && top.keywords.contains(&"board"));
        assert!(!top.keywords.contains(&"leap"));
        let atom = at("variant x\npiece p {\n  leap (1,2) ");
        assert!(atom.direction && atom.keywords.contains(&"range"));
        assert!(at("variant x\npromotion ").names.contains(&NameKind::Piece));
        assert!(at("variant x extends ").variant);
        let catalog = at("variant x extends chess\ncatalog ");
        assert!(catalog.catalog && catalog.keywords.is_empty());
        assert!(at("variant x\n").keywords.contains(&"catalog"));
        assert!(at("variant x\npiece ").keywords.is_empty());
    }
}
