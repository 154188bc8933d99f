//! The game as a whole: `new`, `flip`, and PGN files with `save` and `load`.

use std::path::Path;

use super::{Line, Reply, Session};
use crate::diagnostics::{Code, Problem, Sources, Span};
use crate::files::{self, Existing, WriteError};
use crate::game::pgn::{self, MAX_PGN_FILE, PgnGame, ReplayError};
use crate::game::{Game, new_game, set_position};

/// What `load` read besides the moves: the game's tags, its comments, NAGs and variations
/// (`notes[0]` before the first move, `notes[i + 1]` after move `i`), and the moves they
/// belong to.
pub(super) struct Loaded {
    tags: indexmap::IndexMap<String, String>,
    notes: Vec<Vec<String>>,
    record: crate::game::Record,
}

impl Loaded {
    /// The notes that still belong to `record`'s moves: those before the first move and after
    /// each move it shares with the loaded game from the same start; none after a move that
    /// differs (an annotation of another move would mislead).
    fn notes_for(&self, record: &crate::game::Record) -> Vec<Vec<String>> {
        if record.start_fen != self.record.start_fen {
            return vec![];
        }
        let shared = record
            .moves
            .iter()
            .zip(&self.record.moves)
            .take_while(|(a, b)| a.0 == b.0)
            .count();
        self.notes.iter().take(shared + 1).cloned().collect()
    }
}

impl Session {
    /// `new`: the variant's start position, no moves.
    pub(super) fn new_game(&mut self, reply: &mut Reply) {
        let boards = self.game.boards();
        self.game = new_game(self.game.variant().clone());
        if boards == 2 {
            let start = self.game.fen();
            // The start was validated with the variant, and the pair accepts it twice.
            let _ = set_position(&mut self.game, &format!("{start} | {start}"));
        }
        self.loaded = None;
        reply.line(format!("new game: {}", self.game.fen()));
    }

    /// `boards 1|2`: one board, or two whose captures feed each other, from the start.
    pub(super) fn boards(&mut self, reply: &mut Reply, l: &Line) {
        let (at, rest) = l.rest;
        let start = new_game(self.game.variant().clone()).fen();
        let fen = match rest {
            "1" => start,
            "2" => format!("{start} | {start}"),
            _ => {
                let span = Span::new(at, at + rest.len().max(1));
                let message = "`boards` takes 1 or 2".to_string();
                let help = "write `boards 1` or `boards 2`".to_string();
                return self.usage_error(reply, l, span, message, "how many boards", help);
            }
        };
        match set_position(&mut self.game, &fen) {
            Ok(()) => {
                self.loaded = None;
                let boards = if rest == "1" {
                    "one board"
                } else {
                    "two boards"
                };
                reply.line(format!("{boards}: {}", self.game.fen()));
            }
            Err(e) => reply.fail(format!("error: {}; {}", e.message, e.help)),
        }
    }

    /// `flip`: the other side at the bottom of the board.
    pub(super) fn flip(&mut self, reply: &mut Reply) {
        self.board_style.flipped = !self.board_style.flipped;
        let bottom = if self.board_style.flipped {
            "black"
        } else {
            "white"
        };
        reply.line(format!("{bottom} at the bottom"));
        reply
            .out
            .push_str(&super::board::board(self.game.as_ref(), self.board_style));
    }

    /// `save FILE`: the game as PGN, into a new file; `save! FILE` or `save --force FILE`
    /// replace an existing one. The file is the rest of the line, or a quoted name.
    pub(super) fn save(&mut self, reply: &mut Reply, l: &Line) {
        let (force, rest) = match l.rest.1.strip_prefix("--force") {
            Some(r) if r.is_empty() || r.starts_with(char::is_whitespace) => (true, r.trim()),
            _ => (l.cmd.1 == "save!", l.rest.1),
        };
        let Some((path, "")) = file_name(rest) else {
            return self.file_usage(reply, l, "save");
        };
        let variant = self.game.variant().clone();
        let start = new_game(variant.clone()).fen();
        let result = pgn::result_text(self.game.status().end.as_ref());
        let record = self.game.record();
        let text = match &self.loaded {
            Some(loaded) => {
                let notes = loaded.notes_for(&record);
                pgn::write_with_tags(
                    loaded.tags.clone(),
                    &variant,
                    &start,
                    &record,
                    &notes,
                    result,
                )
            }
            None => pgn::write(&variant, &start, &record, result),
        };
        let moves = self.game.history_len();
        let existing = if force {
            Existing::Replace
        } else {
            Existing::Keep
        };
        match files::write_atomic(Path::new(path), text.as_bytes(), existing) {
            Ok(()) => {
                self.saved = Some((self.game.fen(), moves));
                reply.line(format!(
                    "saved {moves} move{} to {path}",
                    if moves == 1 { "" } else { "s" }
                ));
            }
            Err(WriteError::Exists) => reply.fail(format!(
                "error: cannot write {path}: it already exists; `save! {path}` (or `save --force {path}`) replaces it"
            )),
            Err(e) => reply.fail(format!("error: cannot write {path}: {e}")),
        }
    }

    /// `load FILE [N]`: replays the N-th game (default the first) of a PGN file; the session
    /// is unchanged if it cannot.
    pub(super) fn load_pgn(&mut self, reply: &mut Reply, l: &Line) {
        let Some((path, number)) = file_and_number(l.rest) else {
            return self.file_usage(reply, l, "load");
        };
        let Some(number) = self.game_number(reply, l, number) else {
            return;
        };
        let text = match files::read_text(Path::new(path), MAX_PGN_FILE) {
            Ok(t) => t,
            Err(e) => return reply.fail(format!("error: cannot read {path}: {e}")),
        };
        let mut sources = Sources::default();
        let src = sources.add(path, text.as_str());
        let games = match pgn::parse(&text) {
            Ok(g) => g,
            Err(e) => {
                let p = Problem::error(Code::Pgn, format!("{path} is not PGN: {}", e.message))
                    .label(src, e.span, "here")
                    .help("a PGN game is tags `[Name \"value\"]`, then moves `1. e4 e5 ...`");
                return self.problem(reply, p, &sources);
            }
        };
        let Some(game) = games.get(number - 1) else {
            return reply.fail(format!(
                "error: {path} has {} game{}",
                games.len(),
                if games.len() == 1 { "" } else { "s" }
            ));
        };
        let lines = pgn::Lines::new(&text);
        let place = |span: Option<&Span>| {
            let line = lines.line_of(span.map_or(game.start, |s| s.start));
            format!("{}, line {line}", game.name())
        };
        let variant = match pgn::find_variant(game, self.game.variant()) {
            Ok(v) => v,
            Err(why) => {
                let tag = game.variant().unwrap_or("chess");
                return reply.fail(format!(
                "error: {path}: {}: the Variant tag \"{tag}\" {why}; load the variant first (`variant FILE`), then the game",
                place(game.tag_spans.get("Variant"))
            ));
            }
        };
        let mut replayed = new_game(variant);
        match pgn::replay(replayed.as_mut(), game) {
            Ok(()) => self.adopt(reply, replayed, game, path),
            Err(ReplayError::Fen(message)) => reply.fail(format!(
                "error: {path}: {}: the FEN tag is not a position: {message}",
                place(game.tag_spans.get("FEN"))
            )),
            Err(ReplayError::Move(i, e)) => {
                let span = game.moves[i].1;
                let p = Problem::error(
                    Code::IllegalMove,
                    format!("{}: {}", place(Some(&span)), e.message),
                )
                .label(src, span, e.label)
                .help(format!(
                    "{}\nthe game was not loaded; the session is unchanged",
                    e.help
                ));
                self.problem(reply, p, &sources);
            }
        }
    }

    /// The game `load` replayed becomes the session's, with the tags and notes it was read with.
    fn adopt(&mut self, reply: &mut Reply, replayed: Box<dyn Game>, game: &PgnGame, path: &str) {
        let moves = game.moves.len();
        if replayed.variant().name != self.game.variant().name {
            self.spec = replayed.variant().name.clone();
        }
        self.game = replayed;
        self.saved = Some((self.game.fen(), self.game.history_len()));
        self.loaded = Some(Loaded {
            tags: game.tags.clone(),
            notes: game.notes.clone(),
            record: self.game.record(),
        });
        reply.line(format!(
            "loaded {moves} move{} of {} from {path}: {}",
            if moves == 1 { "" } else { "s" },
            self.game.variant().name,
            self.game.fen()
        ));
    }

    /// The game number `N` of `load FILE [N]` (1 when not given), or None once its error is
    /// reported.
    fn game_number(
        &self,
        reply: &mut Reply,
        l: &Line,
        number: Option<(usize, &str)>,
    ) -> Option<usize> {
        let Some((at, n)) = number else {
            return Some(1);
        };
        match n.parse::<usize>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                self.usage_error(
                    reply,
                    l,
                    Span::new(at, at + n.len()),
                    format!("`{n}` is not a game number"),
                    "not a number",
                    "games are numbered from 1: `load games.pgn 2`".into(),
                );
                None
            }
        }
    }

    fn file_usage(&mut self, reply: &mut Reply, l: &Line, cmd: &str) {
        self.usage_error(
            reply,
            l,
            l.cmd_span(),
            format!("{cmd} needs a file"),
            "which file?",
            format!("e.g. `{cmd} game.pgn`"),
        );
    }
}

/// The file named at the start of `rest`: a name in double or single quotes, or else all of
/// `rest` (spaces included); and what follows a quoted name, trimmed.
fn file_name(rest: &str) -> Option<(&str, &str)> {
    for q in ['"', '\''] {
        if let Some(inner) = rest.strip_prefix(q)
            && let Some(end) = inner.find(q)
        {
            let name = &inner[..end];
            return (!name.is_empty()).then(|| (name, inner[end + 1..].trim()));
        }
    }
    (!rest.is_empty()).then_some((rest, ""))
}

/// `load`'s arguments: the file (as [`file_name`] reads it) and the game number with its
/// offset, which, after an unquoted name, is the last word when there are several.
fn file_and_number((at, rest): (usize, &str)) -> Option<(&str, Option<(usize, &str)>)> {
    let (path, after) = file_name(rest)?;
    if !after.is_empty() {
        return Some((path, Some((at + rest.len() - after.len(), after))));
    }
    if rest.starts_with(['"', '\'']) {
        return Some((path, None));
    }
    match rest.rsplit_once(char::is_whitespace) {
        Some((name, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            Some((name.trim_end(), Some((at + rest.len() - n.len(), n))))
        }
        _ => Some((path, None)),
    }
}
