//! Portable Game Notation: games written by lichess, pychess and rulebook, read and written.
//! A game's tags pick the variant (`Variant`) and the start (`FEN` with `SetUp "1"`); its moves
//! are SAN (UCI is accepted too). Comments, variations, annotations and move numbers are skipped.

use std::sync::Arc;

use indexmap::IndexMap;

use super::{Game, MoveError, Record};
use crate::engine::end::GameEnd;
use crate::ir::{Side, Variant};
use crate::syntax::ast::Span;

/// The largest PGN file rulebook reads: 16 MiB.
pub const MAX_PGN_FILE: u64 = 16 << 20;

/// One game of a PGN file, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    /// The tags in file order.
    pub tags: IndexMap<String, String>,
    /// Each move as written and where it stands in the file.
    pub moves: Vec<(String, Span)>,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The start position's FEN when the tags give one.
    pub fn fen(&self) -> Option<&str> {
        self.tags.get("FEN").map(|s| s.as_str())
    }

    /// The `Variant` tag, unless it names standard chess in lichess's words.
    pub fn variant(&self) -> Option<&str> {
        let v = self.tags.get("Variant")?;
        let standard = ["standard", "from position", "chess", ""];
        (!standard.contains(&v.trim().to_ascii_lowercase().as_str())).then_some(v.as_str())
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnError {
    /// Where in the text.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

/// The games of a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = vec![];
    let mut game = empty_game();
    let mut in_moves = false;
    let mut tokens = Tokens { text, at: 0 };
    while let Some((token, span)) = tokens.next()? {
        match token {
            Token::Tag(name, value) => {
                if in_moves {
                    games.push(std::mem::replace(&mut game, empty_game()));
                    in_moves = false;
                }
                game.tags.insert(name, value);
            }
            Token::Result(r) => {
                game.result = Some(r);
                games.push(std::mem::replace(&mut game, empty_game()));
                in_moves = false;
            }
            Token::Move(m) => {
                in_moves = true;
                game.moves.push((m, span));
            }
        }
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

fn empty_game() -> PgnGame {
    PgnGame {
        tags: IndexMap::new(),
        moves: vec![],
        result: None,
    }
}

enum Token {
    Tag(String, String),
    Move(String),
    Result(String),
}

struct Tokens<'a> {
    text: &'a str,
    at: usize,
}

impl Tokens<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn error(&self, start: usize, message: String) -> PgnError {
        PgnError {
            span: Span::new(start, (start + 1).min(self.text.len()).max(start)),
            message,
        }
    }

    /// The next tag, move or result, skipping what carries no move.
    fn next(&mut self) -> Result<Option<(Token, Span)>, PgnError> {
        loop {
            let skipped = self.rest().len() - self.rest().trim_start().len();
            self.at += skipped;
            let start = self.at;
            let Some(c) = self.rest().chars().next() else {
                return Ok(None);
            };
            match c {
                '[' => return self.tag().map(|t| Some((t, Span::new(start, self.at)))),
                '{' => self.skip_to('}', "a comment `{` is not closed")?,
                ';' | '%' => self.at += self.rest().find('\n').unwrap_or(self.rest().len()),
                '(' => self.skip_variation()?,
                '$' => {
                    self.word();
                }
                _ => {
                    let word = self.word();
                    if let Some(t) = move_or_result(word) {
                        return Ok(Some((t, Span::new(start, self.at))));
                    }
                }
            }
        }
    }

    /// A word: up to white space or a character that starts something else.
    fn word(&mut self) -> &str {
        let start = self.at;
        let len = self
            .rest()
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c.is_whitespace() || "{}[]();".contains(c))
            .map_or(self.rest().len(), |(i, _)| i);
        self.at += len;
        &self.text[start..self.at]
    }

    fn skip_to(&mut self, end: char, unclosed: &str) -> Result<(), PgnError> {
        match self.rest().find(end) {
            Some(i) => {
                self.at += i + 1;
                Ok(())
            }
            None => Err(self.error(self.at, unclosed.into())),
        }
    }

    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let start = self.at;
        let mut depth = 0usize;
        for (i, c) in self.rest().char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += i + 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(self.error(start, "a variation `(` is not closed".into()))
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<Token, PgnError> {
        let start = self.at;
        let bad = |t: &Self| t.error(start, "a tag is written [Name \"value\"]".into());
        let body = &self.rest()[1..];
        let name_len = body
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(body.len());
        let name = body[..name_len].to_string();
        let after = body[name_len..].trim_start();
        if name.is_empty() || !after.starts_with('"') {
            return Err(bad(self));
        }
        let mut value = String::new();
        let mut chars = after[1..].char_indices();
        let close = loop {
            match chars.next() {
                Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => return Err(bad(self)),
            }
        };
        let tail = &after[1 + close + 1..];
        let trimmed = tail.trim_start();
        if !trimmed.starts_with(']') {
            return Err(bad(self));
        }
        self.at = self.text.len() - trimmed.len() + 1;
        Ok(Token::Tag(name, value))
    }
}

/// A move (without its number or annotation marks) or a result; None for a move number.
fn move_or_result(word: &str) -> Option<Token> {
    if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word) {
        return Some(Token::Result(word.replace('½', "1/2")));
    }
    let body = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let castling = word.starts_with("0-0");
    let body = if !castling && (body.len() < word.len() || word.starts_with('.')) {
        body.trim_start_matches('.')
    } else {
        word
    };
    let body = body.trim_end_matches(['!', '?']);
    (!body.is_empty()).then(|| Token::Move(body.to_string()))
}

/// Why a game of a PGN file could not be replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The FEN tag is not a position of the variant.
    Fen(String),
    /// A move is not legal: its place in the list, and why.
    Move(usize, MoveError),
}

/// Plays `pgn` on `game` from its FEN tag or the variant's start.
pub fn replay(game: &mut dyn Game, pgn: &PgnGame) -> Result<(), ReplayError> {
    let start = match pgn.fen() {
        Some(fen) => fen.to_string(),
        None => super::new_game(game.variant().clone()).fen(),
    };
    game.set_fen(&start)
        .map_err(|e| ReplayError::Fen(format!("{} ({})", e.message, e.field)))?;
    for (i, (text, _)) in pgn.moves.iter().enumerate() {
        game.play(text).map_err(|e| ReplayError::Move(i, e))?;
    }
    Ok(())
}

/// The PGN result of a game that ended so, or `*`.
pub fn result_text(end: Option<&GameEnd>) -> &'static str {
    match end {
        Some(e) => match e.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None if e.result.is_some() || e.rule != "no legal move" => "1/2-1/2",
            None => "*",
        },
        None => "*",
    }
}

/// The `Variant` tag's value for `variant`: its title without a trailing " chess" (lichess's
/// "Atomic", "Three-check"), or its name.
pub fn variant_tag(variant: &Variant) -> String {
    let title = variant
        .title
        .clone()
        .unwrap_or_else(|| variant.name.clone());
    title
        .strip_suffix(" chess")
        .map(str::to_string)
        .unwrap_or(title)
}

/// Whether a `Variant` tag names `variant`: its name, its title, or its title without
/// " chess", ignoring case, spaces and punctuation.
pub fn names_variant(tag: &str, variant: &Variant) -> bool {
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let want = key(tag);
    let title = variant.title.clone().unwrap_or_default();
    [key(&variant.name), key(&title), key(&variant_tag(variant))]
        .iter()
        .any(|k| !k.is_empty() && *k == want)
}

/// The variant a game's `Variant` tag names: `current` when the tag names it (or when there is
/// no tag and `current` is chess), else the bundled variant it names.
pub fn find_variant(pgn: &PgnGame, current: &Arc<Variant>) -> Option<Arc<Variant>> {
    let Some(tag) = pgn.variant() else {
        return Some(if current.name == "chess" {
            current.clone()
        } else {
            bundled_variant(|_| true, "chess")?
        });
    };
    if names_variant(tag, current) {
        return Some(current.clone());
    }
    crate::bundled::names().find_map(|name| bundled_variant(|v| names_variant(tag, v), name))
}

fn bundled_variant(pick: impl Fn(&Variant) -> bool, name: &str) -> Option<Arc<Variant>> {
    let mut sources = crate::diagnostics::Sources::default();
    let loaded = crate::lower::load(name, &mut sources).ok()?;
    pick(&loaded.variant).then(|| Arc::new(loaded.variant))
}

/// A PGN of `record` in `variant`, with the seven standard tags, `Variant` (unless chess),
/// `SetUp` and `FEN` when the game does not start from the variant's start, and the result.
pub fn write(variant: &Variant, start_fen: &str, record: &Record, result: &str) -> String {
    let mut tags = IndexMap::new();
    for (name, value) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        tags.insert(name.to_string(), value.to_string());
    }
    write_with_tags(tags, variant, start_fen, record, result)
}

/// A PGN of `record` with `tags` (in their order), the `Result`, `Variant`, `SetUp` and `FEN`
/// tags set to what the game is.
pub fn write_with_tags(
    mut tags: IndexMap<String, String>,
    variant: &Variant,
    start_fen: &str,
    record: &Record,
    result: &str,
) -> String {
    tags.insert("Result".into(), result.into());
    if variant.name != "chess" {
        tags.insert("Variant".into(), variant_tag(variant));
    } else {
        tags.shift_remove("Variant");
    }
    if record.start_fen != start_fen {
        tags.insert("SetUp".into(), "1".into());
        tags.insert("FEN".into(), record.start_fen.clone());
    } else {
        tags.shift_remove("SetUp");
        tags.shift_remove("FEN");
    }
    let mut out = String::new();
    for (name, value) in &tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    let movetext = format!("{} {result}", record.numbered());
    out.push_str(&wrap(movetext.trim(), 79));
    out.push('\n');
    out
}

/// Text cut into lines of at most `width` characters at spaces.
/// A move number stays on the line of its move.
pub fn wrap(text: &str, width: usize) -> String {
    let mut units: Vec<String> = vec![];
    let mut number: Option<&str> = None;
    for word in text.split(' ') {
        match number.take() {
            Some(n) => units.push(format!("{n} {word}")),
            None if word.ends_with('.') => number = Some(word),
            None => units.push(word.to_string()),
        }
    }
    units.extend(number.map(str::to_string));
    let mut lines: Vec<String> = vec![];
    for word in &units {
        match lines.last_mut() {
            Some(l) if l.len() + 1 + word.len() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.clone()),
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_and_result_skipping_comments_and_variations() {
        let text = "[Event \"Casual\"]\n[Variant \"Atomic\"]\n\n1. e4 {[%clk 0:03:00]} e5 \
                    (1... c5 2. Nf3) 2. Nf3!? $1 Nc6 3... a6 ; a comment\n1-0\n";
        let games = parse(text).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tags["Event"], "Casual");
        assert_eq!(g.variant(), Some("Atomic"));
        let moves: Vec<&str> = g.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert_eq!(&text[g.moves[2].1.start..g.moves[2].1.end], "Nf3!?");
    }

    #[test]
    fn reads_several_games_and_escaped_tags() {
        let text = "[White \"a \\\"b\\\"\"]\n1. d4 *\n\n[White \"c\"]\n1. c4 c5 1/2-1/2";
        let games = parse(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tags["White"], "a \"b\"");
        assert_eq!(games[1].moves.len(), 2);
    }

    #[test]
    fn an_unclosed_comment_is_an_error_at_its_start() {
        let e = parse("1. e4 { never closed").unwrap_err();
        assert_eq!(e.span.start, 6);
    }

    #[test]
    fn lichess_standard_is_no_variant() {
        let g = &parse("[Variant \"Standard\"]\n1. e4 *").unwrap()[0];
        assert_eq!(g.variant(), None);
    }
}
