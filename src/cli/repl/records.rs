//! The game as a whole: `new`, `flip`, and PGN files with `save` and `load`.

use std::path::Path;

use super::{Line, Reply, Session};
use crate::diagnostics::{Code, Problem, Sources, Span};
use crate::files;
use crate::game::new_game;
use crate::game::pgn::{self, MAX_PGN_FILE, ReplayError};

impl Session {
    /// `new`: the variant's start position, no moves.
    pub(super) fn new_game(&mut self, reply: &mut Reply) {
        self.game = new_game(self.game.variant().clone());
        reply.line(format!("new game: {}", self.game.fen()));
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

    /// `save FILE`: the game as PGN.
    pub(super) fn save(&mut self, reply: &mut Reply, l: &Line) {
        let Some((_, path)) = l.arg() else {
            return self.file_usage(reply, l, "save");
        };
        let variant = self.game.variant().clone();
        let start = new_game(variant.clone()).fen();
        let result = pgn::result_text(self.game.status().end.as_ref());
        let text = pgn::write(&variant, &start, &self.game.record(), result);
        let moves = self.game.history_len();
        match std::fs::write(path, text) {
            Ok(()) => reply.line(format!(
                "saved {moves} move{} to {path}",
                if moves == 1 { "" } else { "s" }
            )),
            Err(e) => reply.fail(format!("error: cannot write {path}: {e}")),
        }
    }

    /// `load FILE [N]`: replays the N-th game (default the first) of a PGN file; the session
    /// is unchanged if it cannot.
    pub(super) fn load_pgn(&mut self, reply: &mut Reply, l: &Line) {
        let Some((_, path)) = l.arg() else {
            return self.file_usage(reply, l, "load");
        };
        let number = match l.args.get(1) {
            None => 1,
            Some(&(at, n)) => match n.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return self.usage_error(
                        reply,
                        l,
                        Span::new(at, at + n.len()),
                        format!("`{n}` is not a game number"),
                        "not a number",
                        "games are numbered from 1: `load games.pgn 2`".into(),
                    );
                }
            },
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
        let Some(variant) = pgn::find_variant(game, self.game.variant()) else {
            let tag = game.variant().unwrap_or("chess");
            return reply.fail(format!(
                "error: {path}: {}: the Variant tag \"{tag}\" names no bundled variant; load the variant first (`variant FILE`), then the game",
                place(game.tag_spans.get("Variant"))
            ));
        };
        let mut replayed = new_game(variant);
        match pgn::replay(replayed.as_mut(), game) {
            Ok(()) => {
                let moves = game.moves.len();
                if replayed.variant().name != self.game.variant().name {
                    self.spec = replayed.variant().name.clone();
                }
                self.game = replayed;
                reply.line(format!(
                    "loaded {moves} move{} of {} from {path}: {}",
                    if moves == 1 { "" } else { "s" },
                    self.game.variant().name,
                    self.game.fen()
                ));
            }
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
