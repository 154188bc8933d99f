//! The interactive session: load and reload a variant, look at the position, list, play and undo
//! moves, count perft, explain pieces.
//!
//! [`Session::execute`] runs one command and returns what it printed, so the same code serves
//! the terminal (rustyline: line editing, history, completion), pipes, and transcript tests.
//! One method per command is in `commands`; the drivers are in `terminal`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::diagnostics::{Code, Problem, Sources, Span, render, words};
use crate::game::{Game, new_game};
use crate::lower::{LoadError, load};

mod board;
pub use board::Style;
mod commands;
mod explain;
#[cfg(unix)]
mod history;
mod play;
mod records;
mod terminal;

pub use explain::explain;
pub use terminal::main;

/// The longest command line the session runs (bytes); a longer one is refused.
pub const MAX_LINE: usize = 64 * 1024;

/// What a command printed: results for stdout, errors for stderr.
#[derive(Debug, Default, PartialEq)]
pub struct Reply {
    /// Results, for stdout.
    pub out: String,
    /// Errors and timings, for stderr.
    pub err: String,
    /// False when the command failed.
    pub ok: bool,
    /// The command asked to leave the session.
    pub quit: bool,
}

impl Reply {
    fn line(&mut self, s: impl AsRef<str>) {
        self.out.push_str(s.as_ref());
        self.out.push('\n');
    }

    fn fail(&mut self, s: impl AsRef<str>) {
        self.err.push_str(s.as_ref());
        self.err.push('\n');
        self.ok = false;
    }
}

/// A session: the variant and the game being played.
pub struct Session {
    game: Box<dyn Game>,
    /// The name or path the variant was loaded from, for `reload`.
    spec: String,
    /// How `board` draws: glyphs on a terminal, colours unless `NO_COLOR`; `flip` turns it.
    pub board_style: Style,
    /// Colour in diagnostics.
    pub color_errors: bool,
    /// The script line being run, when the commands come from a pipe: errors say
    /// `stdin:LINE:COLUMN`.
    line_number: Option<usize>,
    /// Set (by Ctrl-C) to stop a running perft or divide.
    stop: Arc<AtomicBool>,
    /// The position and number of moves when the game was last saved or loaded.
    saved: Option<(String, usize)>,
    /// The tags and annotations of the game last loaded, kept by `save` for the moves the
    /// session still shares with it.
    loaded: Option<records::Loaded>,
    /// The computer's transposition table, kept from move to move.
    engine: crate::search::Engine,
    /// The sides the computer plays, and how long it thinks.
    computer: play::Computer,
}

/// The commands: name, usage, what it does.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "variant",
        "variant NAME|PATH",
        "load a bundled variant or a variant file",
    ),
    (
        "reload",
        "reload",
        "re-read the current variant file; keep the position if it is still valid",
    ),
    ("fen", "fen [FEN]", "print the position, or set it"),
    (
        "board",
        "board",
        "draw the position (every layer side by side)",
    ),
    (
        "flip",
        "flip",
        "turn the board: the other side at the bottom",
    ),
    (
        "moves",
        "moves [SQUARE] [uci]",
        "the legal moves in SAN (or UCI) by piece, or those of one square",
    ),
    (
        "play",
        "play MOVE...",
        "play moves in SAN (e4 Nf3 O-O e8=Q) or UCI (e2e4 e7e8q); at an illegal one, stop, keeping those before",
    ),
    ("undo", "undo [N]", "take back the last move, or the last N"),
    (
        "history",
        "history [uci]",
        "the moves since the position was set, numbered, in SAN (or UCI)",
    ),
    ("new", "new", "a new game from the variant's start position"),
    (
        "boards",
        "boards 1|2",
        "play one board, or two side by side where the variant's captures feed the partner (Bughouse): moves name their board, `A:e4` `B:Nf6`",
    ),
    (
        "save",
        "save[!] FILE",
        "write the game as PGN (its Variant and FEN tags; a loaded game keeps its tags and annotations) to a new file; `save!` (or `save --force`) replaces one",
    ),
    (
        "load",
        "load FILE [N]",
        "replay the first (or N-th) game of a PGN file; its Variant tag picks the variant",
    ),
    (
        "perft",
        "perft N",
        "count the leaf positions N moves deep, with time and speed",
    ),
    ("divide", "divide N", "perft N split by first move"),
    ("status", "status", "side to move, check, result"),
    (
        "explain",
        "explain [PIECE|RULE]",
        "every rule; a piece's movement with a diagram; or one rule: castling, promotion, en-passant, hands, check, end, effects...",
    ),
    (
        "go",
        "go [LIMITS]",
        "the computer searches the position (LIMITS: depth N, movetime MS, nodes N; 1 s by default): each depth's score and line, then its move; Ctrl-C stops",
    ),
    ("hint", "hint [LIMITS]", "the move the computer would play"),
    (
        "computer",
        "computer SIDE [LIMITS]",
        "the sides the computer plays (white, black, both or off): it answers each move, thinking as LIMITS say",
    ),
    (
        "threads",
        "threads [N]",
        "how many threads the computer searches with (1 to the machine's cores; 1 by default)",
    ),
    ("help", "help [COMMAND]", "this list, or one command's help"),
    ("quit", "quit", "leave the session"),
];

/// One command line, cut into words.
struct Line<'a> {
    text: &'a str,
    /// The command word and its offset.
    cmd: (usize, &'a str),
    /// The other words and their offsets.
    args: Vec<(usize, &'a str)>,
    /// Everything after the command word, trimmed, and its offset.
    rest: (usize, &'a str),
}

impl<'a> Line<'a> {
    fn parse(text: &'a str) -> Option<Line<'a>> {
        let mut words = words(text);
        if words.is_empty() || words[0].1.starts_with('#') {
            return None;
        }
        let cmd = words.remove(0);
        let rest_at = words.first().map_or(text.len(), |(i, _)| *i);
        Some(Line {
            text,
            cmd,
            rest: (rest_at, text[rest_at..].trim_end()),
            args: words,
        })
    }

    fn arg(&self) -> Option<(usize, &'a str)> {
        self.args.first().copied()
    }

    /// The span of the command word.
    fn cmd_span(&self) -> Span {
        Span::new(self.cmd.0, self.cmd.0 + self.cmd.1.len())
    }
}

/// An error about part of a command line.
struct LineError {
    span: Span,
    code: Code,
    message: String,
    label: String,
    help: String,
}

impl Session {
    /// A session of a bundled variant or variant file. The error is the rendered
    /// diagnostics, and whether it is a usage error (the variant cannot be read at all).
    pub fn new(spec: &str) -> Result<Session, (String, bool)> {
        let mut sources = Sources::default();
        match load(spec, &mut sources) {
            Ok(l) => Ok(Session {
                game: new_game(Arc::new(l.variant)),
                spec: spec.to_string(),
                board_style: Style::default(),
                color_errors: false,
                line_number: None,
                stop: Arc::new(AtomicBool::new(false)),
                saved: None,
                loaded: None,
                engine: crate::search::Engine::default(),
                computer: play::Computer::default(),
            }),
            Err(LoadError::Unreadable(m)) => Err((format!("error: {m}\n"), true)),
            Err(LoadError::Invalid(ps)) => Err((
                ps.iter().map(|p| render(p, &sources, false, 80)).collect(),
                false,
            )),
        }
    }

    /// The game being played.
    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// The flag that stops a running perft or divide (a Ctrl-C handler sets it).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The moves played since the position was set that are in no saved (or loaded) file:
    /// what leaving would lose.
    pub fn unsaved_moves(&self) -> usize {
        let moves = self.game.history_len();
        let now = (self.game.fen(), moves);
        if self.saved.as_ref() == Some(&now) {
            0
        } else {
            moves
        }
    }

    /// Runs one command line.
    pub fn execute(&mut self, line: &str) -> Reply {
        let mut reply = Reply {
            ok: true,
            ..Reply::default()
        };
        if line.len() > MAX_LINE {
            reply.fail(format!(
                "error: this line is {} bytes long; a command is at most {MAX_LINE}",
                line.len()
            ));
            return reply;
        }
        let Some(l) = Line::parse(line) else {
            return reply;
        };
        match l.cmd.1 {
            "quit" | "exit" => reply.quit = true,
            "help" => self.help(&mut reply, l.arg().map(|(_, a)| a)),
            "variant" => self.variant(&mut reply, &l),
            "reload" => self.reload(&mut reply),
            "fen" => self.fen(&mut reply, &l),
            "board" => reply
                .out
                .push_str(&board::board(self.game.as_ref(), self.board_style)),
            "moves" => self.moves(&mut reply, &l),
            "play" => {
                self.play(&mut reply, &l);
                if reply.ok {
                    self.computer_moves(&mut reply);
                }
            }
            "go" => self.go(&mut reply, &l),
            "hint" => self.hint(&mut reply, &l),
            "computer" => self.computer(&mut reply, &l),
            "threads" => self.threads(&mut reply, &l),
            "undo" => self.undo(&mut reply, &l),
            "history" => self.history(&mut reply, &l),
            "new" => self.new_game(&mut reply),
            "boards" => self.boards(&mut reply, &l),
            "flip" => self.flip(&mut reply),
            "save" | "save!" => self.save(&mut reply, &l),
            "load" => self.load_pgn(&mut reply, &l),
            "perft" | "divide" => self.perft(&mut reply, &l),
            "status" => self.status(&mut reply),
            "explain" => self.explain(&mut reply, &l),
            _ => self.unknown_command(&mut reply, &l),
        }
        reply
    }

    /// Runs line `number` of a script: errors name it `stdin:NUMBER:COLUMN`.
    pub fn execute_line(&mut self, line: &str, number: usize) -> Reply {
        self.line_number = Some(number);
        let reply = self.execute(line);
        self.line_number = None;
        reply
    }

    pub(super) fn problem(&self, reply: &mut Reply, p: Problem, sources: &Sources) {
        reply
            .err
            .push_str(&render(&p, sources, self.color_errors, 80));
        reply.ok = false;
    }

    /// An error about part of the command line, drawn under the line.
    fn line_error(&self, reply: &mut Reply, line: &Line, e: LineError) {
        let mut sources = Sources::default();
        let src = match self.line_number {
            Some(n) => sources.add_at_line("stdin", line.text, n),
            None => sources.add("input", line.text),
        };
        let p = Problem::error(e.code, e.message)
            .label(src, e.span, e.label)
            .help(e.help);
        self.problem(reply, p, &sources);
    }

    fn piece_names(&self) -> Vec<String> {
        self.game.variant().pieces.keys().cloned().collect()
    }
}
