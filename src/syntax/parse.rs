//! Text → syntax tree.
//!
//! The whole file is parsed with the grammar's `file` rule. When that fails, the file is cut
//! into its top-level items (a line that starts with an item's keyword, or a misspelling of
//! one, starts an item) and each is parsed alone, so that every broken item gets its own
//! diagnostic and the items that parse are still checked.
//!
//! Limits, so that no input can exhaust the stack or the time: numbers fit in
//! ±[`MAX_NUMBER`], and conditions nest at most [`MAX_NESTING`] deep (parentheses and `not`s).

use pest::Parser;
use pest::iterators::Pairs;

use crate::diagnostics::{Code, Problem, SourceId, Span, did_you_mean};
use crate::syntax::ast::{File, Header, Item, ItemKind};
use crate::syntax::errors::{Chunk, skip_trivia, syntax_problem};
use crate::syntax::grammar::{Rule, VariantParser};
use crate::syntax::keywords::{is_keyword, item_words, starts_item};
use crate::syntax::tree::{build_file, build_header, build_item};

pub use crate::syntax::keywords::KEYWORDS;

/// The largest number a variant file may write (either sign); nothing in the language needs
/// more, and with it no arithmetic on a number can overflow.
pub const MAX_NUMBER: i64 = i32::MAX as i64;

/// How deep parentheses and `not`s may nest in a condition.
pub const MAX_NESTING: usize = 64;

/// A file with syntax errors: every error, the items that did parse (for the semantic checks
/// that can still run), and what the broken items were about, so that they are not also
/// reported as missing or unknown.
#[derive(Debug, Default)]
pub struct Broken {
    /// The syntax errors.
    pub problems: Vec<Problem>,
    /// The header and the items that parse, when the header does.
    pub partial: Option<File>,
    /// What each broken item was.
    pub items: Vec<BrokenItem>,
}

/// What a broken item was about, as far as its first words tell.
#[derive(Clone, Debug, PartialEq)]
pub struct BrokenItem {
    /// The kind of item its first word is (or is a misspelling of); for `replace`, the kind
    /// replaced.
    pub kind: Option<ItemKind>,
    /// The name it defines, replaces or removes (`piece camel {` → `camel`).
    pub name: Option<String>,
}

/// Files larger than this are not re-parsed item by item to keep their good items: the
/// re-parse pads each item to its place, which is quadratic.
const PARTIAL_LIMIT: usize = 64 * 1024;

/// Parses a variant file.
pub fn parse_file(text: &str, source: SourceId) -> Result<File, Box<Broken>> {
    if let Some(p) = nesting_problem(text, source) {
        return Err(Box::new(Broken {
            problems: vec![p],
            ..Broken::default()
        }));
    }
    let mut pairs = match VariantParser::parse(Rule::file, text) {
        Ok(pairs) => pairs,
        Err(first) => return Err(Box::new(recover(text, source, Some(first)))),
    };
    if !number_problems(pairs.clone(), 0, source).is_empty() {
        return Err(Box::new(recover(text, source, None)));
    }
    pairs.next().and_then(build_file).ok_or_else(|| {
        Box::new(Broken {
            problems: vec![shape_bug(source)],
            ..Broken::default()
        })
    })
}

fn shape_bug(source: SourceId) -> Problem {
    Problem::error(
        Code::Internal,
        "the syntax tree does not have the shape the grammar promises",
    )
    .label(source, Span::new(0, 0), "while reading this file")
    .help("this is a bug in rulebook; please report it with the file")
}

/// A problem for each number of the parsed pairs that does not fit ±[`MAX_NUMBER`].
fn number_problems(pairs: Pairs<Rule>, offset: usize, source: SourceId) -> Vec<Problem> {
    pairs
        .flatten()
        .filter(|p| p.as_rule() == Rule::int)
        .filter(|p| {
            p.as_str()
                .parse::<i64>()
                .map_or(true, |v| v.unsigned_abs() > MAX_NUMBER as u64)
        })
        .map(|p| {
            let s = p.as_span();
            Problem::error(
                Code::NumberRange,
                format!("the number `{}` is too large", p.as_str()),
            )
            .label(
                source,
                Span::new(offset + s.start(), offset + s.end()),
                "too large",
            )
            .help(format!(
                "numbers in a variant file go from -{MAX_NUMBER} to {MAX_NUMBER}"
            ))
        })
        .collect()
}

/// The first place where parentheses and `not`s nest deeper than [`MAX_NESTING`], found by
/// reading the words before pest does (pest and the tree builders recurse once per level).
fn nesting_problem(text: &str, source: SourceId) -> Option<Problem> {
    // Per open parenthesis (and the top level), the `not`s that apply to what follows.
    let mut nots: Vec<usize> = vec![0];
    let mut total = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'#' => {
                i = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                nots.push(0);
                total += 1;
            }
            b')' => {
                if nots.len() > 1 {
                    total -= 1 + nots.pop().unwrap_or(0);
                }
                reset_nots(&mut nots, &mut total);
            }
            c if c.is_ascii_alphanumeric() || c == b'_' => {
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'-')
                {
                    i += 1;
                }
                if &text[start..i] == "not" {
                    if let Some(n) = nots.last_mut() {
                        *n += 1;
                    }
                    total += 1;
                } else {
                    reset_nots(&mut nots, &mut total);
                }
                if total > MAX_NESTING {
                    return Some(too_deep(source, Span::new(start, i)));
                }
                continue;
            }
            c if c.is_ascii_whitespace() => {}
            _ => reset_nots(&mut nots, &mut total),
        }
        if total > MAX_NESTING {
            return Some(too_deep(source, Span::new(start, start + 1)));
        }
        i += 1;
    }
    None
}

/// An operand ends the `not`s that applied to it.
fn reset_nots(nots: &mut [usize], total: &mut usize) {
    if let Some(n) = nots.last_mut() {
        *total -= *n;
        *n = 0;
    }
}

fn too_deep(source: SourceId, span: Span) -> Problem {
    Problem::error(
        Code::TooDeep,
        format!("parentheses and `not`s nest more than {MAX_NESTING} levels deep here"),
    )
    .label(source, span, format!("level {}", MAX_NESTING + 1))
    .help("write it with fewer parentheses and `not`s: `not not x` is `x`, and `and`/`or` need no parentheses of their own")
}

/// Parses each top-level item of a broken file alone: reports every failure, and keeps the
/// items that parse. `first` is the error of the whole-file parse, reported when no item alone
/// fails (an error that only the whole file shows).
fn recover(text: &str, source: SourceId, first: Option<pest::error::Error<Rule>>) -> Broken {
    let mut broken = Broken::default();
    let mut header = None;
    let mut items = vec![];
    let keep = text.len() <= PARTIAL_LIMIT;
    let chunks: Vec<(usize, usize)> = split_items(text)
        .into_iter()
        .filter(|&(s, e)| !skip_trivia(&text[s..e]).is_empty())
        .collect();
    for (k, &(start, end)) in chunks.iter().enumerate() {
        let chunk = Chunk {
            text,
            start,
            end,
            source,
        };
        let is_header = first_word(&text[start..end]) == Some("variant");
        if k == 0 && !is_header {
            broken.problems.push(missing_header(chunk));
        }
        let rule = if k == 0 && is_header {
            Rule::header_alone
        } else {
            Rule::item_alone
        };
        let problems = match VariantParser::parse(rule, &text[start..end]) {
            Err(e) => vec![syntax_problem(&e, chunk)],
            Ok(pairs) => number_problems(pairs, start, source),
        };
        if !problems.is_empty() {
            broken.problems.extend(problems);
            broken.items.push(broken_item(&text[start..end]));
            continue;
        }
        if !keep {
            continue;
        }
        match parse_in_place(rule, chunk) {
            Some(Parsed::Header(h)) => header = Some(h),
            Some(Parsed::Item(i)) => items.push(*i),
            None => {}
        }
    }
    if broken.problems.is_empty() {
        if let Some(e) = first {
            broken.problems.push(syntax_problem(
                &e,
                Chunk {
                    text,
                    start: 0,
                    end: text.len(),
                    source,
                },
            ));
        }
        return broken;
    }
    broken.partial = header.map(|header| File { header, items });
    broken
}

fn missing_header(chunk: Chunk) -> Problem {
    let s = &chunk.text[chunk.start..chunk.end];
    let lead = s.len() - skip_trivia(s).len();
    let len = first_word(s).map_or(1, |w| w.len());
    Problem::error(
        Code::MissingHeader,
        "a variant file starts with `variant NAME`",
    )
    .label(
        chunk.source,
        Span::new(chunk.start + lead, chunk.start + lead + len),
        "expected `variant` here",
    )
    .help("begin the file with a line such as `variant myvariant extends chess`")
}

enum Parsed {
    Header(Header),
    Item(Box<Item>),
}

/// Parses one item again, padded to its place, so that its spans are the file's.
fn parse_in_place(rule: Rule, chunk: Chunk) -> Option<Parsed> {
    let padded = format!(
        "{}{}",
        " ".repeat(chunk.start),
        &chunk.text[chunk.start..chunk.end]
    );
    let mut pairs = VariantParser::parse(rule, &padded).ok()?;
    let inner = pairs.next()?.into_inner().next()?;
    if rule == Rule::header_alone {
        build_header(inner).map(Parsed::Header)
    } else {
        build_item(inner, false).map(|i| Parsed::Item(Box::new(i)))
    }
}

/// What a broken item's first words say it was.
fn broken_item(chunk: &str) -> BrokenItem {
    let words: Vec<&str> = skip_trivia(chunk).split_whitespace().take(3).collect();
    let (kind, name) = match words.as_slice() {
        ["replace", kind, name, ..] => (*kind, Some(*name)),
        [kind, name, ..] => (*kind, Some(*name)),
        [kind] => (*kind, None),
        [] => ("", None),
    };
    let kind = ItemKind::from_keyword(kind)
        .or_else(|| did_you_mean(kind, item_words()).and_then(ItemKind::from_keyword));
    BrokenItem {
        kind,
        name: name.map(|n| n.trim_end_matches('{').to_string()),
    }
}

fn first_word(s: &str) -> Option<&str> {
    let s = skip_trivia(s);
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(s.len());
    if end == 0 { None } else { Some(&s[..end]) }
}

/// Whether a line that starts with `word` starts a new item: an item's keyword, or a word
/// that is no keyword but close to an item's keyword (`peice`).
fn starts_an_item(word: &str) -> bool {
    starts_item(word) || (!is_keyword(word) && did_you_mean(word, item_words()).is_some())
}

/// Byte ranges of the top-level items: an item starts at a line whose first word starts an
/// item, when outside braces or at the start of the line (column 0, so that an unclosed `{`
/// does not swallow the rest of the file).
fn split_items(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut starts = vec![0usize];
    let mut depth: i64 = 0;
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        if line_start {
            line_start = false;
            let indent = text[i..]
                .find(|c| c != ' ' && c != '\t')
                .map_or(text.len(), |k| i + k);
            let word_end = text[indent..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .map_or(text.len(), |k| indent + k);
            let word = &text[indent..word_end];
            if i > 0 && (depth <= 0 || indent == i) && !word.is_empty() && starts_an_item(word) {
                starts.push(i);
                depth = 0;
            }
        }
        match bytes[i] {
            b'#' => {
                i = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'\n' => line_start = true,
            _ => {}
        }
        i += 1;
    }
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().copied().zip(ends).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_item_keyword_starts_a_new_item() {
        let text = "variant x\npiece knight {\n  leap (1,2)\n}\npeice bishop {\n  ride (1,1)\n}\n";
        let chunks: Vec<&str> = split_items(text)
            .into_iter()
            .map(|(s, e)| &text[s..e])
            .collect();
        assert_eq!(chunks.len(), 3, "{chunks:?}");
        assert!(chunks[2].starts_with("peice bishop"));
    }

    #[test]
    fn a_keyword_inside_a_block_at_column_0_is_not_an_item() {
        let text = "variant x\npiece knight {\nmove leap (1,2)\n}\n";
        assert_eq!(split_items(text).len(), 2);
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let deep = format!(
            "{}x{}",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        assert!(nesting_problem(&deep, 0).is_some());
        let nots = "not ".repeat(MAX_NESTING + 1);
        assert!(nesting_problem(&nots, 0).is_some());
        let fine = format!("{}x{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert!(nesting_problem(&fine, 0).is_none());
        // `not`s that each apply to their own operand do not add up.
        let flat = "not a and not b and not c ".repeat(100);
        assert!(nesting_problem(&flat, 0).is_none());
    }
}
