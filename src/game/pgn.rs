//! Portable Game Notation: games written by lichess, pychess and rulebook, read and written.
//! A game's tags pick the variant (`Variant`) and the start (`FEN` with `SetUp "1"`); its moves
//! are SAN (UCI is accepted too). Comments, NAGs, marks (`!?`) and variations are kept as
//! written, in place, and written back; a variation's moves are kept as text, not checked.

use std::collections::HashMap;
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
    /// Where each tag stands in the file.
    pub tag_spans: IndexMap<String, Span>,
    /// Each move as written (without its `!`/`?` marks) and where it stands in the file.
    pub moves: Vec<(String, Span)>,
    /// The annotations as written, kept to be written again in place: `notes[0]` before the
    /// first move, `notes[i + 1]` after move `i`. Each is a `{comment}`, a `; comment`, a NAG
    /// (`$1`), a move's marks (`!?`) or a whole variation `( ... )`, whose moves are kept as
    /// text and not checked.
    pub notes: Vec<Vec<String>>,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// Where the game starts in the file.
    pub start: usize,
    /// The game's number in the file, from 1.
    pub number: usize,
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

    /// How an error names the game: `game 3 (anna - boris, Rated Blitz game)`.
    pub fn name(&self) -> String {
        let known = |t: &str| self.tags.get(t).filter(|v| !v.is_empty() && *v != "?");
        let mut parts = vec![];
        if let (Some(w), Some(b)) = (known("White"), known("Black")) {
            parts.push(format!("{w} - {b}"));
        }
        parts.extend(known("Event").cloned());
        match parts.is_empty() {
            true => format!("game {}", self.number),
            false => format!("game {} ({})", self.number, parts.join(", ")),
        }
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnError {
    /// Where in the text.
    pub span: Span,
    /// What is wrong, naming the game and the line.
    pub message: String,
}

/// The line (from 1) of a byte offset, found in a table of line starts (so that naming the
/// line of many errors stays linear).
pub struct Lines(Vec<usize>);

impl Lines {
    /// The line starts of `text`.
    pub fn new(text: &str) -> Lines {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines(starts.collect())
    }

    /// The line of the byte at `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&s| s <= offset)
    }
}

/// The games of a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = vec![];
    let mut game = empty_game(1, 0);
    let mut in_moves = false;
    let mut tokens = Tokens { text, at: 0 };
    loop {
        let token = match tokens.next() {
            Ok(Some(t)) => t,
            Ok(None) => break,
            Err(e) => return Err(named(e, &game, text)),
        };
        let (token, span) = token;
        if game.tags.is_empty() && game.moves.is_empty() && !in_moves {
            game.start = span.start;
        }
        match token {
            Token::Tag(name, value) => {
                if in_moves {
                    let next = empty_game(game.number + 1, span.start);
                    games.push(std::mem::replace(&mut game, next));
                    in_moves = false;
                }
                game.tag_spans.insert(name.clone(), span);
                game.tags.insert(name, value);
            }
            Token::Result(r) => {
                game.result = Some(r);
                let next = empty_game(game.number + 1, tokens.at);
                games.push(std::mem::replace(&mut game, next));
                in_moves = false;
            }
            Token::Move(m, marks) => {
                in_moves = true;
                game.moves.push((m, span));
                game.notes.push(vec![]);
                if !marks.is_empty() {
                    note(&mut game, marks);
                }
            }
            Token::Note(n) => note(&mut game, n),
        }
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

fn note(game: &mut PgnGame, text: String) {
    game.notes
        .last_mut()
        .expect("notes[0] is always there")
        .push(text);
}

/// The error's message, naming the game being read and the line.
fn named(e: PgnError, game: &PgnGame, text: &str) -> PgnError {
    let line = Lines::new(text).line_of(e.span.start);
    PgnError {
        message: format!("{}, line {line}: {}", game.name(), e.message),
        span: e.span,
    }
}

fn empty_game(number: usize, start: usize) -> PgnGame {
    PgnGame {
        tags: IndexMap::new(),
        tag_spans: IndexMap::new(),
        moves: vec![],
        notes: vec![vec![]],
        result: None,
        start,
        number,
    }
}

enum Token {
    Tag(String, String),
    /// A move and the marks written right after it (`!?`).
    Move(String, String),
    /// A comment, a NAG or a variation, as written.
    Note(String),
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

    /// The next tag, move, annotation or result, skipping move numbers and `%` escape lines.
    fn next(&mut self) -> Result<Option<(Token, Span)>, PgnError> {
        loop {
            let skipped = self.rest().len() - self.rest().trim_start().len();
            self.at += skipped;
            let start = self.at;
            let Some(c) = self.rest().chars().next() else {
                return Ok(None);
            };
            let span = |t: &Self| Span::new(start, t.at);
            let note = |t: &Self| Token::Note(t.text[start..t.at].to_string());
            match c {
                '[' => return self.tag().map(|t| Some((t, span(self)))),
                '{' => self.skip_comment()?,
                ';' => self.skip_line(),
                '%' => {
                    self.skip_line();
                    continue;
                }
                '(' => self.skip_variation()?,
                _ => {
                    let word = self.word();
                    if let Some(number) = word.strip_prefix('$')
                        && !(number.bytes().all(|b| b.is_ascii_digit())
                            && number.parse::<u8>().is_ok())
                    {
                        let message =
                            format!("`{word}` is not a NAG: write `$` and a number from 0 to 255");
                        return Err(self.error(start, message));
                    }
                    let word = &self.text[start..self.at];
                    match move_or_result(word) {
                        Some(t) => return Ok(Some((t, span(self)))),
                        None => continue,
                    }
                }
            }
            return Ok(Some((note(self), span(self))));
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

    /// A `{...}` comment: nothing inside it means anything, not even `(` or `;`.
    fn skip_comment(&mut self) -> Result<(), PgnError> {
        match self.rest().find('}') {
            Some(i) => {
                self.at += i + 1;
                Ok(())
            }
            None => Err(self.error(self.at, "a comment `{` is not closed".into())),
        }
    }

    /// A `;` comment or a `%` escape: the rest of the line.
    fn skip_line(&mut self) {
        self.at += self.rest().find('\n').unwrap_or(self.rest().len());
    }

    /// A variation, nested ones and the comments inside included (a parenthesis inside a
    /// comment closes nothing).
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let start = self.at;
        let mut depth = 0usize;
        while let Some(c) = self.rest().chars().next() {
            match c {
                '{' => {
                    self.skip_comment()?;
                    continue;
                }
                ';' | '%' => {
                    self.skip_line();
                    continue;
                }
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.at += c.len_utf8();
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

/// A move (without its number, with its annotation marks apart), a NAG, marks written apart
/// (`e4 !?`) or a result; None for a move number.
fn move_or_result(word: &str) -> Option<Token> {
    if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word) {
        return Some(Token::Result(word.replace('½', "1/2")));
    }
    let is_marks = |w: &str| !w.is_empty() && w.chars().all(|c| c == '!' || c == '?');
    if word.starts_with('$') || is_marks(word) {
        return Some(Token::Note(word.to_string()));
    }
    // A move number is digits followed by dots (`12.`, `12...`), or digits alone; digits
    // followed by anything else begin a move: a SAN disambiguated by its rank (`2e3`), USI.
    let after_digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let body = if after_digits.is_empty() || after_digits.starts_with('.') {
        after_digits.trim_start_matches('.')
    } else {
        word
    };
    let bare = body.trim_end_matches(['!', '?']);
    let marks = &body[bare.len()..];
    (!bare.is_empty()).then(|| Token::Move(bare.to_string(), marks.to_string()))
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
/// no tag and `current` is chess), else the bundled variant it names; or why there is none, to
/// follow the tag in a message (`names no bundled variant`).
pub fn find_variant(pgn: &PgnGame, current: &Arc<Variant>) -> Result<Arc<Variant>, String> {
    Variants::new(current.clone(), load_bundled).find(pgn)
}

fn load_bundled(name: &str) -> Option<Arc<Variant>> {
    let mut sources = crate::diagnostics::Sources::default();
    let loaded = crate::lower::load(name, &mut sources).ok()?;
    Some(Arc::new(loaded.variant))
}

/// The variants the games of a file name, each tag resolved once and each bundled variant
/// loaded at most once, so that reading many games stays linear.
pub struct Variants<L> {
    current: Arc<Variant>,
    load: L,
    bundled: HashMap<&'static str, Option<Arc<Variant>>>,
    by_tag: HashMap<String, Result<Arc<Variant>, String>>,
}

impl<L: FnMut(&str) -> Option<Arc<Variant>>> Variants<L> {
    /// `current` is the variant chosen (or chess); `load` loads a bundled variant by name.
    pub fn new(current: Arc<Variant>, load: L) -> Self {
        Variants {
            current,
            load,
            bundled: HashMap::new(),
            by_tag: HashMap::new(),
        }
    }

    /// The variant `pgn`'s `Variant` tag names, as [`find_variant`] says.
    pub fn find(&mut self, pgn: &PgnGame) -> Result<Arc<Variant>, String> {
        let Some(tag) = pgn.variant() else {
            if self.current.name == "chess" {
                return Ok(self.current.clone());
            }
            return self
                .bundled("chess")
                .ok_or_else(|| "names no bundled variant".to_string());
        };
        if names_variant(tag, &self.current) {
            return Ok(self.current.clone());
        }
        if let Some(found) = self.by_tag.get(tag) {
            return found.clone();
        }
        let found = self.resolve(tag);
        self.by_tag.insert(tag.to_string(), found.clone());
        found
    }

    /// The bundled variant of the name `tag` exactly, or of that name in an outside catalogue
    /// (vchess's `Koth`; in any case); else the one titled `tag` (ignoring case); else the one
    /// `tag` names loosely (as [`names_variant`] reads it). Several of the same standing are an
    /// error naming them all.
    fn resolve(&mut self, tag: &str) -> Result<Arc<Variant>, String> {
        if let Some(name) = crate::bundled::find(tag)?
            && let Some(v) = self.bundled(name)
        {
            return Ok(v);
        }
        let all: Vec<Arc<Variant>> = crate::bundled::names()
            .filter_map(|name| self.bundled(name))
            .collect();
        let titled = |v: &&Arc<Variant>| {
            v.title
                .as_deref()
                .is_some_and(|t| t.to_lowercase() == tag.to_lowercase())
        };
        for matches in [
            all.iter().filter(titled).collect::<Vec<_>>(),
            all.iter().filter(|v| names_variant(tag, v)).collect(),
        ] {
            match matches.as_slice() {
                [] => continue,
                [one] => return Ok((*one).clone()),
                several => {
                    let names: Vec<String> = several
                        .iter()
                        .map(|v| format!("{} ({})", v.name, v.title.as_deref().unwrap_or("")))
                        .collect();
                    return Err(format!(
                        "names several bundled variants: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        Err("names no bundled variant".into())
    }

    fn bundled(&mut self, name: &'static str) -> Option<Arc<Variant>> {
        if let Some(v) = self.bundled.get(name) {
            return v.clone();
        }
        let v = (self.load)(name);
        self.bundled.insert(name, v.clone());
        v
    }
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
    write_with_tags(tags, variant, start_fen, record, &[], result)
}

/// A PGN of `record` with `tags` (in their order), the `Result`, `Variant`, `SetUp` and `FEN`
/// tags set to what the game is, and the annotations `notes` (as [`PgnGame::notes`]) in place.
pub fn write_with_tags(
    mut tags: IndexMap<String, String>,
    variant: &Variant,
    start_fen: &str,
    record: &Record,
    notes: &[Vec<String>],
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
    let mut units = movetext(record, notes);
    units.push(result.to_string());
    out.push_str(&wrap_units(&units, 79));
    out.push('\n');
    out
}

/// The moves in SAN with their numbers, each followed by its marks (`!?`) and then its
/// comments, NAGs and variations; a black move after an annotation is numbered again (`3...`).
fn movetext(record: &Record, notes: &[Vec<String>]) -> Vec<String> {
    let notes_at = |i: usize| notes.get(i).map_or(&[][..], Vec::as_slice);
    let is_marks = |n: &String| n.starts_with(['!', '?']);
    let mut units: Vec<String> = notes_at(0).to_vec();
    let mut after_note = !units.is_empty();
    for (i, (_, san)) in record.moves.iter().enumerate() {
        let number = record.number_of(i);
        let mut unit = if i == 0 || after_note || record.starts_turn(i) {
            format!("{number} {san}")
        } else {
            san.clone()
        };
        let mut after = notes_at(i + 1);
        if let Some(marks) = after.first().filter(|n| is_marks(n)) {
            unit.push_str(marks);
            after = &after[1..];
        }
        units.push(unit);
        units.extend(after.iter().cloned());
        after_note = !after.is_empty();
    }
    units
}

/// Units of movetext joined by spaces in lines of at most `width` characters where they fit;
/// a `;` comment ends its line.
fn wrap_units(units: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    let mut fresh = true;
    for unit in units {
        if !fresh && line + 1 + unit.len() <= width {
            out.push(' ');
            line += 1;
        } else if !fresh {
            out.push('\n');
            line = 0;
        }
        out.push_str(unit);
        line = match unit.rfind('\n') {
            Some(k) => unit.len() - k - 1,
            None => line + unit.len(),
        };
        fresh = unit.starts_with(';');
        if fresh {
            out.push('\n');
            line = 0;
        }
    }
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
    fn a_parenthesis_inside_a_comment_means_nothing() {
        let text = "1. e4 ( 1. d4 { :) } 1... d5 ; (\n) e5 { (Giuoco Piano } 2. Nf3 *";
        let g = &parse(text).unwrap()[0];
        let moves: Vec<&str> = g.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3"]);
        assert_eq!(g.notes[1], ["( 1. d4 { :) } 1... d5 ; (\n)"]);
        assert_eq!(g.notes[2], ["{ (Giuoco Piano }"]);
    }

    #[test]
    fn errors_name_the_game_and_the_line() {
        let text = "[White \"a\"]\n[Black \"b\"]\n1. e4 *\n[Event \"E\"]\n\n1. d4 {";
        let e = parse(text).unwrap_err();
        assert_eq!(e.message, "game 2 (E), line 6: a comment `{` is not closed");
    }

    #[test]
    fn each_variant_tag_is_resolved_once_per_run() {
        let chess = load_bundled("chess").unwrap();
        let games = parse(&"[Variant \"x\"]\n1. e4 *\n[Variant \"Atomic\"]\n1. e4 *\n".repeat(500));
        let mut loads = 0;
        let mut variants = Variants::new(chess, |name: &str| {
            loads += 1;
            load_bundled(name)
        });
        for g in &games.unwrap() {
            let _ = variants.find(g);
        }
        drop(variants);
        assert!(loads <= crate::bundled::names().count(), "{loads} loads");
    }

    /// The bundled variants, with the titles of `retitled` replaced.
    fn retitled(retitled: &[(&str, &str)]) -> impl FnMut(&str) -> Option<Arc<Variant>> {
        let retitled: Vec<(String, String)> = retitled
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        move |name: &str| {
            let mut v = (*load_bundled(name)?).clone();
            if let Some((_, t)) = retitled.iter().find(|(n, _)| n == name) {
                v.title = Some(t.clone());
            }
            Some(Arc::new(v))
        }
    }

    fn resolved(
        tag: &str,
        load: impl FnMut(&str) -> Option<Arc<Variant>>,
    ) -> Result<String, String> {
        let chess = load_bundled("chess").unwrap();
        let g = &parse(&format!("[Variant \"{tag}\"]\n1. e4 *")).unwrap()[0];
        Variants::new(chess, load).find(g).map(|v| v.name.clone())
    }

    #[test]
    fn a_variant_tag_is_a_bundled_name_before_a_title() {
        let load = retitled(&[("atomic", "Crazyhouse")]);
        assert_eq!(resolved("crazyhouse", load), Ok("crazyhouse".into()));
        let load = retitled(&[("atomic", "Boom")]);
        assert_eq!(resolved("BOOM", load), Ok("atomic".into()));
        assert_eq!(resolved("atomic CHESS", load_bundled), Ok("atomic".into()));
    }

    /// vchess writes its class names: `Koth` is King of the Hill, `Threechecks` Three-check.
    #[test]
    fn a_variant_tag_may_be_a_name_in_a_catalogue() {
        assert_eq!(resolved("Koth", load_bundled), Ok("kingofthehill".into()));
        assert_eq!(resolved("THREECHECKS", load_bundled), Ok("3check".into()));
        assert_eq!(
            resolved("Chess960", load_bundled),
            Ok("fischerandom".into())
        );
    }

    #[test]
    fn a_title_of_several_variants_names_them() {
        let load = retitled(&[("atomic", "Twin"), ("crazyhouse", "twin")]);
        assert_eq!(
            resolved("TWIN", load),
            Err("names several bundled variants: atomic (Twin), crazyhouse (twin)".into())
        );
        assert_eq!(
            resolved("no such thing", load_bundled),
            Err("names no bundled variant".into())
        );
    }

    #[test]
    fn digits_not_followed_by_a_dot_begin_a_move() {
        let g = &parse("1. e4 2e3 2... 7g7f 3.Nf3 4...0-0 5 O-O *").unwrap()[0];
        let moves: Vec<&str> = g.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["e4", "2e3", "7g7f", "Nf3", "0-0", "O-O"]);
    }

    #[test]
    fn lichess_standard_is_no_variant() {
        let g = &parse("[Variant \"Standard\"]\n1. e4 *").unwrap()[0];
        assert_eq!(g.variant(), None);
    }
}
