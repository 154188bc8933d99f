//! Syntax errors in human words: a pest error becomes a [`Problem`] that says what was expected
//! (by the rules' human names), points at the offending token, and suggests a keyword for a
//! misspelt one.

use pest::error::{Error, ErrorVariant, InputLocation};

use crate::diagnostics::{Code, Problem, SourceId, Span, did_you_mean};
use crate::syntax::grammar::Rule;
use crate::syntax::keywords::{ITEM_STARTS, KEYWORDS, is_keyword, item_words};

/// The part of the text a syntax error was found in: the whole file, or one item when
/// recovering.
#[derive(Clone, Copy)]
pub(super) struct Chunk<'a> {
    /// The whole source text.
    pub text: &'a str,
    /// Byte range of `text` that was parsed.
    pub start: usize,
    pub end: usize,
    pub source: SourceId,
}

/// Where a syntax error is and what stands there.
struct Found<'a> {
    /// Byte offset in the whole text.
    pos: usize,
    /// The text from `pos` to the end.
    rest: &'a str,
    /// The word at `pos` (empty when a punctuation mark or the end stands there).
    word: &'a str,
    /// "`word`", "`{`", "the end of the line"...
    what: String,
    /// Bytes to underline.
    len: usize,
}

impl<'a> Found<'a> {
    fn at(text: &'a str, pos: usize) -> Found<'a> {
        let pos = floor_boundary(text, pos.min(text.len()));
        let rest = &text[pos..];
        let word_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        let word = &rest[..word_len];
        let (what, len) = if word_len > 0 {
            (format!("`{word}`"), word_len)
        } else {
            match rest.chars().next() {
                Some('\n' | '\r') => ("the end of the line".to_string(), 0),
                Some(c) => (format!("`{c}`"), c.len_utf8()),
                None => ("the end of the file".to_string(), 0),
            }
        };
        Found {
            pos,
            rest,
            word,
            what,
            len,
        }
    }

    fn span(&self) -> Span {
        Span::new(self.pos, self.pos + self.len)
    }
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A pest error as a problem. The first rule that recognises the situation words the message.
pub(super) fn syntax_problem(e: &Error<Rule>, chunk: Chunk) -> Problem {
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = Found::at(chunk.text, chunk.start + at);
    let (positives, negatives): (&[Rule], &[Rule]) = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives, negatives),
        ErrorVariant::CustomError { message } => return parser_limit(message, &found, chunk),
    };
    unclosed_string(&found, chunk)
        .or_else(|| cut_short(&found, positives, chunk))
        .or_else(|| after_complete_item(&found, positives, chunk))
        .or_else(|| keyword_as_name(&found, positives, negatives, chunk))
        .unwrap_or_else(|| expected(&found, positives, chunk))
}

/// pest stops with a message of its own when the input would take too many calls or too deep a
/// stack.
fn parser_limit(message: &str, found: &Found, chunk: Chunk) -> Problem {
    Problem::error(
        Code::TooDeep,
        format!("this file is too complex to parse ({message})"),
    )
    .label(chunk.source, found.span(), "the parser gave up here")
    .help("split long or deeply nested definitions into simpler ones")
}

/// A string that runs to the end of its line.
fn unclosed_string(found: &Found, chunk: Chunk) -> Option<Problem> {
    let rest = found.rest;
    if !rest.starts_with('"') || rest[1..].split('\n').next().unwrap_or("").contains('"') {
        return None;
    }
    let line_len = rest.find('\n').unwrap_or(rest.len());
    Some(
        Problem::error(Code::Syntax, "this string is never closed")
            .label(
                chunk.source,
                Span::new(found.pos, found.pos + line_len.max(1)),
                "no closing `\"` on this line",
            )
            .help("end the string with `\"` on the same line"),
    )
}

/// An item cut short by the next item or the end of the file, while a `{` is still open.
fn cut_short(found: &Found, positives: &[Rule], chunk: Chunk) -> Option<Problem> {
    let text = chunk.text;
    let at_chunk_end = skip_trivia(&text[found.pos..chunk.end.max(found.pos)]).is_empty();
    if !at_chunk_end || !positives.contains(&Rule::close_brace) {
        return None;
    }
    let open = unclosed_brace(&text[chunk.start..chunk.end])? + chunk.start;
    let line_start = text[..open].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let opener = skip_trivia(&text[line_start..open]).trim_end();
    let what = if opener.is_empty() {
        "`{`".to_string()
    } else {
        format!("`{opener} {{`")
    };
    let p = Problem::error(
        Code::Syntax,
        format!("missing `}}`: {what} is never closed"),
    )
    .label(
        chunk.source,
        Span::new(open, open + 1),
        "this `{` is never closed",
    );
    Some(if found.word.is_empty() {
        // Nothing to point at after the end of the file.
        p.help("add `}` where the block ends: the file ends before it")
    } else {
        p.label(
            chunk.source,
            found.span(),
            format!("`{}` starts the next item before the `}}`", found.word),
        )
        .help("add `}` where the block ends")
    })
}

/// The item before was complete, or a line starts with a word that starts no item (a
/// misspelt keyword): a new item must start here.
fn after_complete_item(found: &Found, positives: &[Rule], chunk: Chunk) -> Option<Problem> {
    // A complete item may still take an optional keyword (`board 9 x 10 intersections`).
    let ends = |r: &Rule| matches!(r, Rule::EOI | Rule::item_alone);
    let optional: Vec<&'static str> = positives
        .iter()
        .filter(|r| !ends(r))
        .filter_map(|&r| {
            KEYWORDS
                .iter()
                .copied()
                .find(|k| format!("kw_{k}") == format!("{r:?}"))
        })
        .collect();
    if !positives.iter().any(ends)
        || optional.len() + positives.iter().filter(|r| ends(r)).count() != positives.len()
    {
        return None;
    }
    let p = Problem::error(
        Code::Syntax,
        format!("expected a new item, found {}", found.what),
    );
    if found.word.is_empty() {
        return Some(
            p.label(chunk.source, found.span(), "unexpected here")
                .help("remove it: items need no separator, only a new line"),
        );
    }
    let p = p.label(
        chunk.source,
        found.span(),
        "not a keyword that starts an item",
    );
    Some(
        match did_you_mean(found.word, item_words().chain(optional)) {
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
        },
    )
}

/// A keyword where a name was expected (`!keyword ~ name` failed on its look-ahead).
fn keyword_as_name(
    found: &Found,
    positives: &[Rule],
    negatives: &[Rule],
    chunk: Chunk,
) -> Option<Problem> {
    if !positives.is_empty() || !negatives.contains(&Rule::keyword) || found.word.is_empty() {
        return None;
    }
    Some(
        Problem::error(
            Code::Syntax,
            format!("expected a name, found the keyword `{}`", found.word),
        )
        .label(chunk.source, found.span(), "a keyword cannot be a name")
        .help("write the name here, or choose a name that is not a keyword"),
    )
}

/// What was expected, in words: keywords first, then descriptions, then punctuation; short in
/// the message and the label, in full in the help.
struct Expected {
    full: Vec<String>,
    short: Vec<String>,
    keywords: Vec<&'static str>,
}

impl Expected {
    fn of(positives: &[Rule]) -> Expected {
        let mut rules: Vec<Rule> = positives.to_vec();
        // `move anywhere` starts as an atom does: "a movement atom" names both.
        if rules.contains(&Rule::atom) {
            rules.retain(|r| *r != Rule::kw_move);
        }
        rules.sort_by_key(|r| expected_rank(*r));
        let mut e = Expected {
            full: vec![],
            short: vec![],
            keywords: vec![],
        };
        for r in rules {
            let n = rule_name(r);
            for k in backticked(&n) {
                if let Some(kw) = KEYWORDS.iter().find(|kw| **kw == k) {
                    e.keywords.push(kw);
                }
            }
            let short = short_name(r);
            if !e.short.contains(&short) {
                e.short.push(short);
            }
            if !e.full.contains(&n) {
                e.full.push(n);
            }
        }
        e
    }
}

fn expected(found: &Found, positives: &[Rule], chunk: Chunk) -> Problem {
    let expected = Expected::of(positives);
    let message = if expected.full.is_empty() {
        format!("unexpected {}", found.what)
    } else {
        format!(
            "expected {}, found {}",
            join_or(&expected.short),
            found.what
        )
    };
    let help = hint(found, positives, &expected).unwrap_or_else(|| {
        if expected.full.is_empty() {
            "remove or correct this text".to_string()
        } else {
            format!("write {} here", join_or(&expected.full))
        }
    });
    let label = if expected.full.is_empty() || expected.short.len() > 3 {
        "unexpected here".to_string()
    } else {
        format!("expected {}", join_or(&expected.short))
    };
    Problem::error(Code::Syntax, message)
        .label(chunk.source, found.span(), label)
        .help(help)
}

/// Advice for the common mistakes: a misspelt keyword, castling parts in the wrong order, a
/// keyword as a name, `=` for `==`, a digit as a letter.
fn hint(found: &Found, positives: &[Rule], expected: &Expected) -> Option<String> {
    let word = found.word;
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
    if !word.is_empty() {
        if let Some(k) = did_you_mean(word, expected.keywords.iter().copied()) {
            return Some(format!("did you mean `{k}`?"));
        }
        if (word == "empty" || word == "safe") && positives.contains(&Rule::piece_ref) {
            return Some("a castling entry gives the king's move, then the rook's (`K king e1 to g1  rook h1 to f1`), then `empty ...` and `safe ...`".to_string());
        }
        if wants_name && is_keyword(word) {
            return Some(format!(
                "`{word}` is a keyword of the language and cannot be used as a name"
            ));
        }
    } else if found.rest.starts_with('=') && positives.contains(&Rule::cmp_op) {
        return Some("equality is written `==`".to_string());
    }
    if positives.contains(&Rule::letter) {
        return Some(if found.rest.starts_with(|c: char| c.is_ascii_digit()) {
            "a digit cannot be a piece letter: FEN uses digits to count empty squares".to_string()
        } else {
            "`letters` takes one letter for white (upper case) and one for black (lower case), `-` for a side without the piece".to_string()
        });
    }
    None
}

/// Text after leading whitespace and comments.
pub(super) fn skip_trivia(mut s: &str) -> &str {
    loop {
        let t = s.trim_start();
        if let Some(rest) = t.strip_prefix('#') {
            s = rest.find('\n').map(|i| &rest[i..]).unwrap_or("");
        } else {
            return t;
        }
    }
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

fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
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

/// The human name of a grammar rule, as it appears in "expected ..." messages. One arm per
/// rule of the grammar, in three tables by the part of the grammar they belong to.
pub(super) fn rule_name(rule: Rule) -> String {
    if let Some(s) = item_rule_name(rule)
        .or_else(|| piece_rule_name(rule))
        .or_else(|| rule_name_in_rules(rule))
        .or_else(|| connect_rule_name(rule))
    {
        return s.to_string();
    }
    let n = format!("{rule:?}");
    match n.strip_prefix("kw_") {
        Some(k) => format!("`{}`", k.replace('_', " ")),
        None => n.replace('_', " "),
    }
}

/// The human name of a rule of the items and their headers.
fn item_rule_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        Rule::kw_en | Rule::en_passant | Rule::remove_en_passant => "`en passant`",
        Rule::item_alone | Rule::header_alone | Rule::file => "a variant definition",
        Rule::header | Rule::kw_variant => "`variant`",
        Rule::extends => "`extends`",
        Rule::title => "a title in quotes",
        Rule::catalog => "`catalog`",
        Rule::catalog_name => "a catalogue (`fairy-stockfish` or `vchess`)",
        Rule::catalog_entry => "the variant's name in the catalogue, in quotes",
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
        Rule::turn => "`turn`",
        Rule::turn_moves => {
            "`moves` and a count (`moves 2`, `moves white 2 black 1`, `moves growing`)"
        }
        Rule::turn_side => "`white` or `black` and a count",
        Rule::turn_first => "`first` and a count",
        Rule::turn_until => "`until check`, `until stuck` or `until hand empty`",
        Rule::turn_passant => "`en passant per turn`",
        Rule::turn_make => "`after capture move as captured`",
        _ => return None,
    })
}

/// The human name of a rule of regions, pieces, `replace` and `remove`.
fn piece_rule_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::region | Rule::region_ref => {
            "a region (`rank N`, `ranks A..B`, `squares ...` or a region name)"
        }
        Rule::rank_region => "`rank`",
        Rule::squares_region => "`squares`",
        Rule::piece_body => "`{` and the piece's definition",
        Rule::letters => "`letters`",
        Rule::glyph => "`glyph`",
        Rule::value => "`value`",
        Rule::decimal => "a number of pawns (`3` or `3.2`)",
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
        _ => return None,
    })
}

/// The human name of a rule of the `connect` end condition.
fn connect_rule_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::connect => "`connect`",
        Rule::connect_shape => {
            "what to connect: a length (`4`), a block (`2 x 2`) or two regions (`file a to file i`)"
        }
        Rule::connect_row | Rule::connect_block => "a number",
        Rule::connect_path => "a region",
        Rule::connect_along => "`along`",
        Rule::connect_line => "`files`, `ranks` or `diagonals`",
        Rule::drop_slide => "`falling` or `sliding`",
        _ => return None,
    })
}

/// The human name of a rule of promotion, castling, the end, effects, conditions and
/// punctuation.
fn rule_name_in_rules(rule: Rule) -> Option<&'static str> {
    Some(match rule {
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
        Rule::scan_attacked => "`attacked`",
        Rule::scan_surrounded => "`surrounded`",
        Rule::count_of => "`count friend PIECE` or `count enemy PIECE`",
        Rule::count_side => "`friend` or `enemy`",
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
        Rule::variant_name => "a variant name",
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
        Rule::equals => "`=`",
        _ => return None,
    })
}
