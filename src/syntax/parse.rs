//! Text → syntax tree, with syntax errors in human words.
//!
//! The whole file is parsed with the `file` rule. When that fails, the file is cut into its
//! top-level items and each is parsed alone, so that every broken item gets its own diagnostic.

use pest::Parser;
use pest::iterators::Pair;

use crate::diagnostics::{Problem, SourceId, did_you_mean};
use crate::syntax::ast::*;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/variant.pest"]
pub struct VariantParser;

type P<'a> = Pair<'a, Rule>;

/// Words that start a top-level item.
const TOP_KEYWORDS: &[&str] = &[
    "variant",
    "board",
    "layers",
    "region",
    "piece",
    "replace",
    "remove",
    "promotion",
    "en",
    "castling",
    "start",
    "check",
    "halfmove",
    "end",
    "effect",
];

/// The items, as a help line lists them.
const ITEM_STARTS: &[&str] = &[
    "board",
    "layers",
    "region",
    "piece",
    "replace",
    "remove",
    "promotion",
    "en passant",
    "castling",
    "start",
    "check",
    "halfmove",
    "end",
    "effect",
];

/// Every keyword of the language, for "did you mean" suggestions.
pub const KEYWORDS: &[&str] = &[
    "variant",
    "extends",
    "board",
    "layers",
    "letters",
    "cross",
    "after",
    "moves",
    "captures",
    "region",
    "ranks",
    "rank",
    "squares",
    "piece",
    "royal",
    "betza",
    "move",
    "capture",
    "leap",
    "ride",
    "range",
    "from",
    "replace",
    "remove",
    "promotion",
    "zone",
    "to",
    "white",
    "black",
    "en",
    "passant",
    "castling",
    "empty",
    "safe",
    "start",
    "check",
    "at",
    "final",
    "halfmove",
    "reset",
    "end",
    "checkmate",
    "stalemate",
    "campmate",
    "captured",
    "wins",
    "draws",
    "loses",
    "effect",
    "moved",
    "where",
    "rays",
    "around",
    "when",
    "finally",
    "nothing",
    "pull",
    "push",
    "promote",
    "change",
    "target",
    "origin",
    "and",
    "or",
    "not",
];

/// A file with syntax errors: every error, the items that did parse (for the semantic checks
/// that can still run), and what the broken items were about, so that they are not also
/// reported as missing or unknown.
#[derive(Debug, Default)]
pub struct Broken {
    pub problems: Vec<Problem>,
    pub partial: Option<File>,
    /// Names defined, replaced or removed by broken items (`piece camel {` ... → `camel`).
    pub names: Vec<String>,
    /// The first keyword of each broken item (`board`, `start`, `piece`, ...).
    pub kinds: Vec<String>,
}

/// Files larger than this are not re-parsed item by item to keep their good items: the
/// re-parse pads each item to its place, which is quadratic.
const PARTIAL_LIMIT: usize = 64 * 1024;

pub fn parse_file(text: &str, source: SourceId) -> Result<File, Broken> {
    match VariantParser::parse(Rule::file, text) {
        // The grammar fixes the shape of the pairs; a builder that meets another shape is a
        // bug, reported as such rather than a panic.
        Ok(mut pairs) => pairs.next().and_then(build_file).ok_or_else(|| Broken {
            problems: vec![
                Problem::error(
                    "rulebook::internal",
                    "the syntax tree does not have the shape the grammar promises",
                )
                .label(source, Span::new(0, 0), "while reading this file")
                .help("this is a bug in rulebook; please report it with the file"),
            ],
            ..Broken::default()
        }),
        Err(first) => {
            let mut broken = recover(text, source);
            if broken.problems.is_empty() {
                broken
                    .problems
                    .push(syntax_problem(&first, text, 0, text.len(), source));
                broken.partial = None;
            }
            Err(broken)
        }
    }
}

/// Parses each top-level item of a broken file alone: reports every failure, and keeps the
/// items that parse.
fn recover(text: &str, source: SourceId) -> Broken {
    let mut broken = Broken::default();
    let mut header = None;
    let mut items = vec![];
    let mut first = true;
    let keep = text.len() <= PARTIAL_LIMIT;
    for (start, end) in split_items(text) {
        let chunk = &text[start..end];
        if skip_trivia(chunk).is_empty() {
            continue;
        }
        let is_first = std::mem::replace(&mut first, false);
        let rule = if is_first && first_word(chunk) == Some("variant") {
            Rule::header_alone
        } else {
            Rule::item_alone
        };
        if is_first && rule == Rule::item_alone {
            broken.problems.push(
                Problem::error(
                    "rulebook::missing_header",
                    "a variant file starts with `variant NAME`",
                )
                .label(
                    source,
                    Span::new(start, start + first_token_len(chunk)),
                    "expected `variant` here",
                )
                .help("begin the file with a line such as `variant myvariant extends chess`"),
            );
        }
        match VariantParser::parse(rule, chunk) {
            Err(e) => {
                broken
                    .problems
                    .push(syntax_problem(&e, text, start, end, source));
                let words: Vec<&str> = skip_trivia(chunk).split_whitespace().take(3).collect();
                let (kind, name) = match words.as_slice() {
                    ["replace", kind, name, ..] => (*kind, Some(*name)),
                    [kind, name, ..] => (*kind, Some(*name)),
                    [kind] => (*kind, None),
                    [] => ("", None),
                };
                broken.kinds.push(kind.to_string());
                if let Some(n) = name {
                    let n = n.trim_end_matches('{');
                    broken.names.push(n.to_string());
                }
            }
            Ok(_) if keep => {
                // Parse again padded to the item's place, so that spans are the file's.
                let padded = format!("{}{chunk}", " ".repeat(start));
                if let Ok(mut pairs) = VariantParser::parse(rule, &padded) {
                    let inner = pairs.next().and_then(|p| p.into_inner().next());
                    match (rule, inner) {
                        (Rule::header_alone, Some(p)) => header = build_header(p),
                        (_, Some(p)) => items.extend(build_item(p, false)),
                        _ => {}
                    }
                }
            }
            Ok(_) => {}
        }
    }
    broken.partial = header.map(|header| File { header, items });
    broken
}

fn first_word(s: &str) -> Option<&str> {
    let s = skip_trivia(s);
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(s.len());
    if end == 0 { None } else { Some(&s[..end]) }
}

fn first_token_len(s: &str) -> usize {
    let lead = s.len() - skip_trivia(s).len();
    lead + first_word(s).map(|w| w.len()).unwrap_or(1)
}

fn skip_trivia(mut s: &str) -> &str {
    loop {
        let t = s.trim_start();
        if let Some(rest) = t.strip_prefix('#') {
            s = rest.find('\n').map(|i| &rest[i..]).unwrap_or("");
        } else {
            return t;
        }
    }
}

/// Byte ranges of the top-level items: an item starts at a line whose first word is a top-level
/// keyword, when outside braces or at the start of the line (column 0).
fn split_items(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut starts = vec![0usize];
    let mut depth: i32 = 0;
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if line_start {
            let mut j = i;
            while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
                j += 1;
            }
            let word_end = text[j..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .map(|k| j + k)
                .unwrap_or(text.len());
            let word = &text[j..word_end];
            if TOP_KEYWORDS.contains(&word) && (depth <= 0 || j == i) && i > 0 {
                starts.push(i);
                depth = 0;
            }
            line_start = false;
        }
        match c {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'\n' => line_start = true,
            _ => {}
        }
        i += 1;
    }
    let mut ranges = vec![];
    for (k, &s) in starts.iter().enumerate() {
        let e = starts.get(k + 1).copied().unwrap_or(text.len());
        ranges.push((s, e));
    }
    ranges
}

/// The human name of a grammar rule, as it appears in "expected ..." messages.
pub fn rule_name(rule: Rule) -> String {
    let s = match rule {
        Rule::EOI => "end of file",
        Rule::kw_en | Rule::en_passant | Rule::remove_en_passant => "`en passant`",
        Rule::item_alone | Rule::header_alone | Rule::file => "a variant definition",
        Rule::header | Rule::kw_variant => "`variant`",
        Rule::extends => "`extends`",
        Rule::title => "a title in quotes",
        Rule::board => "`board`",
        Rule::layers => "`layers`",
        Rule::piece => "`piece`",
        Rule::replace => "`replace`",
        Rule::remove => "`remove`",
        Rule::promotion => "`promotion`",
        Rule::castling => "`castling`",
        Rule::start => "`start`",
        Rule::check => "`check`",
        Rule::halfmove => "`halfmove`",
        Rule::end => "`end`",
        Rule::effect => "`effect`",
        Rule::region_def => "`region`",
        Rule::layer => "a layer name",
        Rule::layer_name => "a layer name",
        Rule::layer_letters => "`letters`",
        Rule::letter_assign => "a piece name and its two letters",
        Rule::cross => "`cross`",
        Rule::cross_when => "`moves` or `captures`",
        Rule::region | Rule::region_ref => {
            "a region (`rank N`, `ranks A..B`, `squares ...` or a region name)"
        }
        Rule::rank_region => "`rank`",
        Rule::squares_region => "`squares`",
        Rule::piece_body => "`{` and the piece's definition",
        Rule::letters => "`letters`",
        Rule::letter => "a letter (or `-` for none)",
        Rule::royal => "`royal`",
        Rule::betza => "`betza`",
        Rule::atom => "a movement atom (`leap`, `ride`, `move ...` or `capture ...`)",
        Rule::modality => "`move` or `capture`",
        Rule::atom_kind => "`leap` or `ride`",
        Rule::vector => "an offset such as `(1,2)`",
        Rule::direction => {
            "a direction (`forward`, `backward`, `sideways`, `vertical`, `left`, `right`)"
        }
        Rule::range => "`range`",
        Rule::origin => "`from`",
        Rule::replaceable => "`piece`, `promotion`, `castling`, `end`, `effect` or `region`",
        Rule::remove_target => {
            "what to remove (`piece`, `castling`, `effect`, `promotion`, `en passant`, `check`, `end`, `region`)"
        }
        Rule::remove_pieces => "`piece`",
        Rule::remove_castling => "`castling`",
        Rule::remove_effects => "`effect`",
        Rule::remove_promotions => "`promotion`",
        Rule::remove_check => "`check`",
        Rule::remove_end => "`end`",
        Rule::remove_regions => "`region`",
        Rule::end_name => {
            "an end condition (`checkmate`, `stalemate`, `campmate`, `royal captured`)"
        }
        Rule::royal_captured_name => "`royal captured`",
        Rule::piece_ref => "a piece name",
        Rule::keyword => "a keyword",
        Rule::region_name => "a region name",
        Rule::effect_name => "an effect name",
        Rule::zone => "`zone`",
        Rule::promo_to => "`to` and the pieces to promote to",
        Rule::side => "`white` or `black`",
        Rule::castle => "a castling entry (`K king e1 to g1 rook h1 to f1 ...`)",
        Rule::castle_empty => "`empty`",
        Rule::castle_safe => "`safe`",
        Rule::square => "a square such as `e1`",
        Rule::check_stage => "`move` or `final`",
        Rule::reset_item => "`capture` or a piece name",
        Rule::end_rule => {
            "an end condition (`checkmate`, `stalemate`, `campmate ...`, `royal captured`)"
        }
        Rule::end_cond => "an end condition",
        Rule::campmate => "`campmate`",
        Rule::end_result => "`wins`, `draws` or `loses`",
        Rule::effect_origin => "`from moved` or `from capture`",
        Rule::origin_kind => "`moved` or `capture`",
        Rule::effect_scan => "`rays` or `around`",
        Rule::scan_rays => "`rays`",
        Rule::scan_around => "`around`",
        Rule::effect_clause => "`when`",
        Rule::effect_finally => "`finally`",
        Rule::action => "an action (`nothing`, `pull`, `push`, `remove`, `promote`, `change`)",
        Rule::subject => "`target` or `origin`",
        Rule::expr | Rule::conj | Rule::unary | Rule::comparison | Rule::operand => "a condition",
        Rule::negation => "`not`",
        Rule::field => "`target.` or `origin.` and a field",
        Rule::value_name => "a value",
        Rule::cmp_op => "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)",
        Rule::name => "a name",
        Rule::int => "a number",
        Rule::string | Rule::string_inner => "a quoted string",
        Rule::open_brace => "`{`",
        Rule::close_brace => "`}`",
        Rule::open_paren => "`(`",
        Rule::close_paren => "`)`",
        Rule::comma => "`,`",
        Rule::colon => "`:`",
        Rule::times => "`x`",
        Rule::dots => "`..`",
        Rule::dot => "`.`",
        _ => {
            let n = format!("{rule:?}");
            return match n.strip_prefix("kw_") {
                Some(k) => format!("`{}`", k.replace('_', " ")),
                None => n.replace('_', " "),
            };
        }
    };
    s.to_string()
}

fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// A pest error as a problem: what was expected, in words, and a "did you mean" for a
/// misspelt keyword. `offset..chunk_end` is the part of `text` that was parsed (one item when
/// recovering), so that an item cut short can be told from a wrong word inside it.
fn syntax_problem(
    e: &pest::error::Error<Rule>,
    text: &str,
    offset: usize,
    chunk_end: usize,
    source: SourceId,
) -> Problem {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = offset
        + match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
    let pos = pos.min(text.len());
    // The offending token: a word, or one character.
    let rest = &text[pos..];
    let word_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    let (found, len) = if word_len > 0 {
        (format!("`{}`", &rest[..word_len]), word_len)
    } else if let Some(c) = rest.chars().next() {
        if c == '\n' || c == '\r' {
            ("the end of the line".to_string(), 0)
        } else {
            (format!("`{c}`"), c.len_utf8())
        }
    } else {
        ("the end of the file".to_string(), 0)
    };
    let word = &rest[..word_len];
    let (positives, negatives): (&[Rule], &[Rule]) = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives, negatives),
        _ => (&[], &[]),
    };

    // A string that runs to the end of its line.
    if rest.starts_with('"') && !rest[1..].split('\n').next().unwrap_or("").contains('"') {
        let line_len = rest.find('\n').unwrap_or(rest.len());
        return Problem::error("rulebook::syntax", "this string is never closed")
            .label(
                source,
                Span::new(pos, pos + line_len.max(1)),
                "no closing `\"` on this line",
            )
            .help("end the string with `\"` on the same line");
    }

    // An item cut short by the next item or the end of the file, while a `{` is still open.
    let at_chunk_end = skip_trivia(&text[pos..chunk_end.max(pos)]).is_empty();
    if at_chunk_end
        && positives.contains(&Rule::close_brace)
        && let Some(open) = unclosed_brace(&text[offset..chunk_end]).map(|o| o + offset)
    {
        let line_start = text[..open].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let opener = skip_trivia(&text[line_start..open]).trim_end();
        let what = if opener.is_empty() {
            "`{`".to_string()
        } else {
            format!("`{opener} {{`")
        };
        let p = Problem::error(
            "rulebook::syntax",
            format!("missing `}}`: {what} is never closed"),
        )
        .label(
            source,
            Span::new(open, open + 1),
            "this `{` is never closed",
        );
        return if word_len > 0 {
            p.label(
                source,
                Span::new(pos, pos + len),
                format!("`{word}` starts the next item before the `}}`"),
            )
            .help("add `}` where the block ends")
        } else {
            // Nothing to point at after the end of the file.
            p.help("add `}` where the block ends: the file ends before it")
        };
    }

    // What was expected: keywords first, then descriptions, then punctuation; short in the
    // message, in full in the help.
    let mut rules: Vec<Rule> = positives.to_vec();
    rules.sort_by_key(|r| expected_rank(*r));
    let mut expected: Vec<String> = vec![];
    let mut expected_short: Vec<String> = vec![];
    let mut keyword_candidates: Vec<&'static str> = vec![];
    for r in rules {
        let n = rule_name(r);
        for k in backticked(&n) {
            if let Some(kw) = KEYWORDS.iter().find(|kw| **kw == k) {
                keyword_candidates.push(kw);
            }
        }
        let short = short_name(r);
        if !expected_short.contains(&short) {
            expected_short.push(short);
        }
        if !expected.contains(&n) {
            expected.push(n);
        }
    }
    let wants_name = positives.iter().any(|r| {
        matches!(
            r,
            Rule::name
                | Rule::piece_ref
                | Rule::direction
                | Rule::layer_name
                | Rule::region_ref
                | Rule::region_name
                | Rule::effect_name
                | Rule::value_name
                | Rule::region
        )
    });

    // The item before was complete: what follows must start a new item.
    if positives == [Rule::EOI] {
        let p = Problem::error(
            "rulebook::syntax",
            format!("expected a new item, found {found}"),
        );
        return if word_len > 0 {
            let p = p.label(
                source,
                Span::new(pos, pos + len),
                "not a keyword that starts an item",
            );
            match did_you_mean(word, TOP_KEYWORDS.iter().copied()) {
                Some(k) => p.help(format!("did you mean `{k}`?")),
                None => p.help(format!(
                    "items start with {}",
                    join_or(
                        &ITEM_STARTS
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                    )
                )),
            }
        } else {
            p.label(source, Span::new(pos, pos + len), "unexpected here")
                .help("remove it: items need no separator, only a new line")
        };
    }

    // A keyword where a name was expected (`!keyword ~ name` failed on its look-ahead).
    if positives.is_empty() && negatives.contains(&Rule::keyword) && word_len > 0 {
        return Problem::error(
            "rulebook::syntax",
            format!("expected a name, found the keyword `{word}`"),
        )
        .label(
            source,
            Span::new(pos, pos + len),
            "a keyword cannot be a name",
        )
        .help("write the name here, or choose a name that is not a keyword");
    }

    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {}, found {found}", join_or(&expected_short))
    };
    let mut help = None;
    if word_len > 0 {
        if let Some(k) = did_you_mean(word, keyword_candidates.iter().copied()) {
            help = Some(format!("did you mean `{k}`?"));
        } else if (word == "empty" || word == "safe") && positives.contains(&Rule::piece_ref) {
            help = Some("a castling entry gives the king's move, then the rook's (`K king e1 to g1  rook h1 to f1`), then `empty ...` and `safe ...`".to_string());
        } else if wants_name && KEYWORDS.contains(&word) {
            help = Some(format!(
                "`{word}` is a keyword of the language and cannot be used as a name"
            ));
        }
    } else if rest.starts_with('=') && positives.contains(&Rule::cmp_op) {
        help = Some("equality is written `==`".to_string());
    }
    if help.is_none() && positives.contains(&Rule::letter) {
        help = Some(if rest.starts_with(|c: char| c.is_ascii_digit()) {
            "a digit cannot be a piece letter: FEN uses digits to count empty squares".to_string()
        } else {
            "`letters` takes one letter for white (upper case) and one for black (lower case), `-` for a side without the piece".to_string()
        });
    }
    let help = help.unwrap_or_else(|| {
        if expected.is_empty() {
            "remove or correct this text".to_string()
        } else {
            format!("write {} here", join_or(&expected))
        }
    });
    let label = if expected.is_empty() || expected_short.len() > 3 {
        "unexpected here".to_string()
    } else {
        format!("expected {}", join_or(&expected_short))
    };
    Problem::error("rulebook::syntax", message)
        .label(source, Span::new(pos, pos + len), label)
        .help(help)
}

/// The byte offset of the innermost `{` of `s` that is never closed, outside comments and strings.
fn unclosed_brace(s: &str) -> Option<usize> {
    let mut open = vec![];
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                for (_, c) in chars.by_ref() {
                    if c == '"' || c == '\n' {
                        break;
                    }
                }
            }
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// Sort key of an expected rule in a message: keywords, then descriptions, then punctuation.
fn expected_rank(rule: Rule) -> u8 {
    let n = short_name(rule);
    match n.strip_prefix('`').and_then(|k| k.chars().next()) {
        Some(c) if c.is_ascii_alphabetic() => 0,
        Some(_) => 2,
        None => 1,
    }
}

/// The human name of a rule without its parenthesised examples, for a one-line message.
fn short_name(rule: Rule) -> String {
    match rule {
        Rule::promo_to => "`to`".to_string(),
        Rule::piece_body => "`{`".to_string(),
        Rule::EOI => "the end of the item".to_string(),
        _ => {
            let n = rule_name(rule);
            match n.find(" (") {
                Some(i) => n[..i].to_string(),
                None => n,
            }
        }
    }
}

/// The words between backticks in a rule name, e.g. "`move` or `capture`" → [move, capture].
fn backticked(s: &str) -> Vec<&str> {
    s.split('`').skip(1).step_by(2).collect()
}

// ---------------------------------------------------------------------------------------------
// Pairs → AST

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

fn int(p: P) -> Spanned<i64> {
    // The grammar only admits digits; an absurdly long number saturates and is caught later.
    let v = p
        .as_str()
        .parse::<i64>()
        .unwrap_or(if p.as_str().starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        });
    Spanned::new(v, span(&p))
}

fn letter(p: P) -> Spanned<char> {
    Spanned::new(p.as_str().chars().next().unwrap_or('-'), span(&p))
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

fn build_file(p: P) -> Option<File> {
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

fn build_header(p: P) -> Option<Header> {
    Some({
        let mut h = Header {
            name: Spanned::new(String::new(), Span::default()),
            title: None,
            extends: None,
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::name => h.name = name(k),
                Rule::title => h.title = k.into_inner().next().map(|s| string(s).node),
                Rule::extends => h.extends = kids(k).next().map(name),
                _ => {}
            }
        }
        h
    })
}

fn build_item(p: P, replace: bool) -> Option<Item> {
    Some({
        let sp = span(&p);
        match p.as_rule() {
            Rule::board => {
                let mut it = kids(p);
                let files = int(it.next()?);
                let ranks = int(it.next()?);
                Item::Board {
                    files,
                    ranks,
                    span: sp,
                }
            }
            Rule::layers => {
                let mut layers = vec![];
                let mut cross = None;
                for k in kids(p) {
                    match k.as_rule() {
                        Rule::layer => layers.push(build_layer(k)?),
                        Rule::cross => {
                            let w = kids(k).next()?;
                            let ws = span(&w);
                            let when = if has_kw(&w, Rule::kw_moves) {
                                CrossWhen::Moves
                            } else {
                                CrossWhen::Captures
                            };
                            cross = Some(Spanned::new(when, ws));
                        }
                        _ => {}
                    }
                }
                Item::Layers(LayersAst {
                    layers,
                    cross,
                    span: sp,
                })
            }
            Rule::region_def => {
                let mut it = kids(p);
                let n = name(it.next()?);
                let r = build_region(it.next()?)?;
                Item::Region {
                    replace,
                    name: n,
                    region: r,
                    span: sp,
                }
            }
            Rule::piece => Item::Piece {
                replace,
                piece: build_piece(p)?,
            },
            Rule::replace => {
                let inner = kids(p).next()?;
                let mut item = build_item(inner, true)?;
                // The span of a replaced item covers the `replace` keyword too.
                match &mut item {
                    Item::Piece { piece, .. } => piece.span = sp,
                    Item::Promotion { promotion, .. } => promotion.span = sp,
                    Item::Effect { effect, .. } => effect.span = sp,
                    Item::Castling { span, .. }
                    | Item::End { span, .. }
                    | Item::Region { span, .. } => *span = sp,
                    _ => {}
                }
                item
            }
            Rule::remove => Item::Remove(build_remove(kids(p).next()?)?),
            Rule::promotion => Item::Promotion {
                replace,
                promotion: build_promotion(p)?,
            },
            Rule::en_passant => Item::EnPassant {
                pieces: kids(p).map(name).collect(),
                span: sp,
            },
            Rule::castling => Item::Castling {
                replace,
                castles: kids(p).map(build_castle).collect::<Option<Vec<_>>>()?,
                span: sp,
            },
            Rule::start => Item::Start {
                fen: string(kids(p).next()?),
                span: sp,
            },
            Rule::check => {
                let mut at_move = false;
                let mut at_final = false;
                for k in kids(p) {
                    if has_kw(&k, Rule::kw_move) {
                        at_move = true;
                    } else {
                        at_final = true;
                    }
                }
                Item::Check {
                    at_move,
                    at_final,
                    span: sp,
                }
            }
            Rule::halfmove => {
                let mut capture = false;
                let mut pieces = vec![];
                for k in kids(p) {
                    if has_kw(&k, Rule::kw_capture) {
                        capture = true;
                    } else if let Some(n) = kids(k).next() {
                        pieces.push(name(n));
                    }
                }
                Item::Halfmove {
                    capture,
                    pieces,
                    span: sp,
                }
            }
            Rule::end => Item::End {
                replace,
                rules: kids(p).map(build_end_rule).collect::<Option<Vec<_>>>()?,
                span: sp,
            },
            Rule::effect => Item::Effect {
                replace,
                effect: build_effect(p)?,
            },
            // another shape is a builder bug, reported by parse_file
            _ => return None,
        }
    })
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
        let inner = if p.as_rule() == Rule::region {
            kids(p).next()?
        } else {
            p
        };
        match inner.as_rule() {
            Rule::rank_region => {
                let mut it = kids(inner);
                let from = int(it.next()?);
                let to = it.next().map(int).unwrap_or_else(|| from.clone());
                RegionAst::Ranks { from, to, span: sp }
            }
            Rule::squares_region => RegionAst::Squares {
                squares: kids(inner).map(name).collect(),
                span: sp,
            },
            _ => RegionAst::Named(name(inner)),
        }
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
            royal: false,
            atoms: vec![],
            betza: vec![],
            span: sp,
        };
        let body = it.next()?;
        for k in kids(body) {
            match k.as_rule() {
                Rule::letters => {
                    let mut lk = kids(k);
                    let w = letter(lk.next()?);
                    let b = letter(lk.next()?);
                    piece.letters = Some((w, b));
                }
                Rule::royal => piece.royal = true,
                Rule::betza => piece.betza.push(string(kids(k).next()?)),
                Rule::atom => piece.atoms.push(build_atom(k)?),
                _ => {}
            }
        }
        piece
    })
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
            vector: Spanned::new((0, 0), sp),
            directions: vec![],
            range: None,
            origin: None,
            span: sp,
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::modality => {
                    atom.modality = if has_kw(&k, Rule::kw_move) {
                        Modality::Move
                    } else {
                        Modality::Capture
                    }
                }
                Rule::atom_kind => atom.ride = has_kw(&k, Rule::kw_ride),
                Rule::vector => atom.vector = build_vector(k)?,
                Rule::direction => atom.directions.push(name(k)),
                Rule::range => atom.range = Some(int(kids(k).next()?)),
                Rule::origin => atom.origin = Some(build_region(kids(k).next()?)?),
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
                        } else {
                            EndCond::RoyalCaptured
                        };
                        Spanned::new(cond, s)
                    })
                    .collect(),
            ),
            Rule::remove_regions => RemoveAst::Regions(kids(p).map(name).collect()),
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
            span: sp,
        };
        for k in it {
            match k.as_rule() {
                Rule::zone => promo.zone = Some(build_region(kids(k).next()?)?),
                Rule::promo_to => {
                    let ks = span(&k);
                    let mut side = None;
                    let mut names = vec![];
                    for c in kids(k) {
                        match c.as_rule() {
                            Rule::side => {
                                side = Some(if has_kw(&c, Rule::kw_white) {
                                    SideAst::White
                                } else {
                                    SideAst::Black
                                })
                            }
                            _ => names.push(name(c)),
                        }
                    }
                    promo.choices.push((side, names, ks));
                }
                _ => {}
            }
        }
        promo
    })
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
        let cond = if has_kw(&c, Rule::kw_checkmate) {
            EndCond::Checkmate
        } else if has_kw(&c, Rule::kw_stalemate) {
            EndCond::Stalemate
        } else if let Some(camp) = c
            .clone()
            .into_inner()
            .find(|k| k.as_rule() == Rule::campmate)
        {
            EndCond::Campmate(optional(kids(camp).next(), build_region)?)
        } else {
            EndCond::RoyalCaptured
        };
        let r = it.next()?;
        let rs = span(&r);
        let result = if has_kw(&r, Rule::kw_wins) {
            Outcome::Wins
        } else if has_kw(&r, Rule::kw_draws) {
            Outcome::Draws
        } else {
            Outcome::Loses
        };
        EndRuleAst {
            cond: Spanned::new(cond, cs),
            result: Spanned::new(result, rs),
        }
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
        let origin_filter = optional(ok.next(), build_expr)?;
        let scan_pair = it.next()?;
        let scan_inner = kids(scan_pair).next()?;
        let ssp = span(&scan_inner);
        let scan = if scan_inner.as_rule() == Rule::scan_rays {
            let mut sk = kids(scan_inner);
            let vector = build_vector(sk.next()?)?;
            let directions = sk.map(name).collect();
            ScanAst::Rays {
                vector,
                directions,
                span: ssp,
            }
        } else {
            ScanAst::Around {
                vectors: kids(scan_inner)
                    .map(build_vector)
                    .collect::<Option<Vec<_>>>()?,
                span: ssp,
            }
        };
        let mut effect = EffectAst {
            name: n,
            origin,
            origin_filter,
            scan,
            clauses: vec![],
            finally: vec![],
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
                    effect.finally = kids(k).map(build_action).collect::<Option<Vec<_>>>()?
                }
                _ => {}
            }
        }
        effect
    })
}

fn build_subject(p: P) -> Option<Spanned<Subject>> {
    Some({
        let s = span(&p);
        Spanned::new(
            if has_kw(&p, Rule::kw_target) {
                Subject::Target
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
        let mut ik = kids(inner);
        let subject = optional(ik.next(), build_subject)?;
        let kind = match rule {
            Rule::act_nothing => ActionKind::Nothing,
            Rule::act_pull => ActionKind::Pull,
            Rule::act_push => ActionKind::Push,
            Rule::act_remove => ActionKind::Remove,
            Rule::act_promote => ActionKind::Promote,
            _ => ActionKind::Change(name(ik.next()?)),
        };
        ActionAst {
            kind,
            subject,
            span: sp,
        }
    })
}

fn build_expr(p: P) -> Option<ExprAst> {
    Some({
        let sp = span(&p);
        match p.as_rule() {
            Rule::expr | Rule::conj => {
                let is_or = p.as_rule() == Rule::expr;
                let mut it = kids(p);
                let mut acc = build_expr(it.next()?)?;
                for k in it {
                    let rhs = build_expr(k)?;
                    let s = Span::new(acc.span().start, rhs.span().end);
                    acc = if is_or {
                        ExprAst::Or(Box::new(acc), Box::new(rhs), s)
                    } else {
                        ExprAst::And(Box::new(acc), Box::new(rhs), s)
                    };
                }
                acc
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
            // another shape is a builder bug, reported by parse_file
            _ => return None,
        }
    })
}
