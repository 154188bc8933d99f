//! The interactive session: load and reload a variant, look at the position, list, play and undo
//! moves, count perft, explain pieces.
//!
//! [`Session::execute`] runs one command and returns what it printed, so the same code serves
//! the terminal (rustyline: line editing, history, completion), pipes, and transcript tests.

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

use crate::bundled;
use crate::diagnostics::{Problem, Sources, render, words};
use crate::game::{Game, new_game};
use crate::ir::{AtomKind, Modality, Side, Variant, oriented, square_name, vec_text};
use crate::lower::{LoadError, load};
use crate::perft;
use crate::syntax::ast::Span;

/// What a command printed: results for stdout, errors for stderr.
#[derive(Debug, Default, PartialEq)]
pub struct Reply {
    pub out: String,
    pub err: String,
    pub ok: bool,
    pub quit: bool,
}

impl Reply {
    fn line(&mut self, s: impl AsRef<str>) {
        self.out.push_str(s.as_ref());
        self.out.push('\n');
    }
}

pub struct Session {
    game: Box<dyn Game>,
    /// The name or path the variant was loaded from, for `reload`.
    spec: String,
    /// Colours and Unicode pieces (a terminal without `NO_COLOR`).
    pub fancy: bool,
    /// Colour in diagnostics.
    pub color_errors: bool,
}

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
        "moves",
        "moves [SQUARE]",
        "list the legal moves, grouped by piece, or those of one square",
    ),
    (
        "play",
        "play MOVE...",
        "play one or more moves (UCI: e2e4, e7e8q) and say what happened",
    ),
    ("undo", "undo [N]", "take back the last move, or the last N"),
    (
        "history",
        "history",
        "the moves played since the position was set",
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
        "explain PIECE",
        "a piece's movement in full, with a diagram",
    ),
    ("help", "help [COMMAND]", "this list, or one command's help"),
    ("quit", "quit", "leave the session"),
];

impl Session {
    pub fn new(spec: &str) -> Result<Session, (String, bool)> {
        let mut sources = Sources::default();
        match load(spec, &mut sources) {
            Ok(l) => Ok(Session {
                game: new_game(Arc::new(l.variant)),
                spec: spec.to_string(),
                fancy: false,
                color_errors: false,
            }),
            Err(LoadError::Unreadable(m)) => Err((format!("error: {m}\n"), true)),
            Err(LoadError::Invalid(ps)) => Err((
                ps.iter().map(|p| render(p, &sources, false, 80)).collect(),
                false,
            )),
        }
    }

    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    fn problem(&self, reply: &mut Reply, p: Problem, sources: &Sources) {
        reply
            .err
            .push_str(&render(&p, sources, self.color_errors, 80));
        reply.ok = false;
    }

    /// An error about part of the command line, drawn under the line.
    fn line_error(
        &self,
        reply: &mut Reply,
        line: &str,
        span: Span,
        code: &'static str,
        message: String,
        label: String,
        help: String,
    ) {
        let mut sources = Sources::default();
        let src = sources.add("input", line);
        self.problem(
            reply,
            Problem::error(code, message)
                .label(src, span, label)
                .help(help),
            &sources,
        );
    }

    pub fn execute(&mut self, line: &str) -> Reply {
        let mut reply = Reply {
            ok: true,
            ..Reply::default()
        };
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return reply;
        }
        let words: Vec<(usize, &str)> = words(line);
        let (cmd_at, cmd) = words[0];
        let args = &words[1..];
        let rest_at = args.first().map(|(i, _)| *i).unwrap_or(line.len());
        let rest = line[rest_at..].trim_end();
        match cmd {
            "quit" | "exit" => reply.quit = true,
            "help" => self.help(&mut reply, args.first().map(|(_, a)| *a)),
            "variant" => match args.first() {
                None => {
                    let v = self.game.variant();
                    reply.line(format!("{} ({})", v.name, self.spec));
                }
                Some((_, name)) => self.load(&mut reply, name, false),
            },
            "reload" => {
                let spec = self.spec.clone();
                self.load(&mut reply, &spec, true);
            }
            "fen" => {
                if rest.is_empty() {
                    reply.line(self.game.fen());
                } else if let Err(e) = self.game.set_fen(rest) {
                    let span = Span::new(rest_at + e.span.start, rest_at + e.span.end);
                    self.line_error(
                        &mut reply,
                        line,
                        span,
                        "rulebook::fen",
                        format!("bad FEN ({}): {}", e.field, e.message),
                        e.label,
                        e.help,
                    );
                } else {
                    reply.line(self.game.fen());
                }
            }
            "board" => {
                let b = self.board();
                reply.out.push_str(&b);
            }
            "moves" => self.moves(&mut reply, line, args.first().copied()),
            "play" => {
                if args.is_empty() {
                    self.line_error(
                        &mut reply,
                        line,
                        Span::new(cmd_at, cmd_at + cmd.len()),
                        "rulebook::usage",
                        "play needs a move".into(),
                        "which move?".into(),
                        "e.g. `play e2e4`, or several: `play e2e4 e7e5`".into(),
                    );
                }
                for &(at, mv) in args {
                    match self.game.play(mv) {
                        Ok(p) => {
                            let n = self.game.history().len();
                            reply.line(format!("{n}. {}  {}", p.uci, p.summary));
                            for note in &p.notes {
                                reply.line(format!("   {note}"));
                            }
                            if p.check && p.end.is_none() {
                                reply.line("   check");
                            }
                            if let Some(end) = &p.end {
                                reply.line(format!("   game over: {}", end_text(end)));
                            }
                        }
                        Err(e) => {
                            let span = Span::new(at + e.span.start, at + e.span.end.min(mv.len()));
                            self.line_error(
                                &mut reply,
                                line,
                                span,
                                "rulebook::illegal_move",
                                e.message,
                                e.label,
                                e.help,
                            );
                            break;
                        }
                    }
                }
            }
            "undo" => {
                let n = match args.first() {
                    None => Some(1),
                    Some((_, a)) => a.parse::<usize>().ok().filter(|n| *n > 0),
                };
                match n {
                    None => {
                        let (at, a) = args[0];
                        self.line_error(
                            &mut reply,
                            line,
                            Span::new(at, at + a.len()),
                            "rulebook::usage",
                            format!("`{a}` is not a number of moves"),
                            "not a number".into(),
                            "e.g. `undo` or `undo 3`".into(),
                        );
                    }
                    Some(n) => {
                        let mut done = 0;
                        while done < n && self.game.undo() {
                            done += 1;
                        }
                        if done == 0 {
                            reply.err.push_str("error: nothing to undo\n");
                            reply.ok = false;
                        } else {
                            reply.line(format!(
                                "undid {done} move{}; {}",
                                if done == 1 { "" } else { "s" },
                                self.game.fen()
                            ));
                        }
                    }
                }
            }
            "history" => {
                let h = self.game.history();
                if h.is_empty() {
                    reply.line("no moves played");
                }
                for (i, m) in h.iter().enumerate() {
                    reply.line(format!("{}. {m}", i + 1));
                }
            }
            "perft" | "divide" => {
                let depth = args
                    .first()
                    .and_then(|(_, a)| a.parse::<u32>().ok())
                    .filter(|d| *d <= 12);
                let Some(depth) = depth else {
                    let (span, label) = match args.first() {
                        Some(&(at, a)) => (Span::new(at, at + a.len()), "not a depth from 0 to 12"),
                        None => (Span::new(cmd_at, cmd_at + cmd.len()), "needs a depth"),
                    };
                    self.line_error(
                        &mut reply,
                        line,
                        span,
                        "rulebook::usage",
                        format!("{cmd} needs a depth"),
                        label.into(),
                        format!("e.g. `{cmd} 3`"),
                    );
                    return reply;
                };
                let start = Instant::now();
                let nodes = if cmd == "divide" {
                    let lines = perft::divide(self.game.as_ref(), depth, 1);
                    for (m, n) in &lines {
                        reply.line(format!("{m}: {n}"));
                    }
                    if depth == 0 {
                        1
                    } else {
                        lines.iter().map(|(_, n)| n).sum()
                    }
                } else {
                    self.game.perft(depth)
                };
                let secs = start.elapsed().as_secs_f64();
                reply.line(format!("{nodes} node{}", if nodes == 1 { "" } else { "s" }));
                reply.err.push_str(&format!(
                    "perft {depth}: {secs:.3} s, {:.0} nodes/s\n",
                    nodes as f64 / secs.max(1e-9)
                ));
            }
            "status" => {
                let s = self.game.status();
                reply.line(format!(
                    "variant {}; {} to move",
                    self.game.variant().name,
                    s.side.name()
                ));
                reply.line(format!(
                    "{} legal move{}{}",
                    s.legal_moves,
                    if s.legal_moves == 1 { "" } else { "s" },
                    if s.in_check { "; in check" } else { "" }
                ));
                match &s.end {
                    None => reply.line("game in progress"),
                    Some(e) => reply.line(format!("game over: {}", end_text(e))),
                }
            }
            "explain" => match args.first() {
                None => self.line_error(
                    &mut reply,
                    line,
                    Span::new(cmd_at, cmd_at + cmd.len()),
                    "rulebook::usage",
                    "explain needs a piece".into(),
                    "which piece?".into(),
                    format!("the pieces are: {}", self.piece_names().join(", ")),
                ),
                Some(&(at, name)) => {
                    let v = self.game.variant().clone();
                    // by name, or by one of its letters
                    let id = v.pieces.get_index_of(name).or_else(|| {
                        let mut chars = name.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => v
                                .pieces
                                .values()
                                .position(|p| p.letters.iter().any(|l| l.contains(&Some(c)))),
                            _ => None,
                        }
                    });
                    match id {
                        Some(id) => reply.out.push_str(&explain(&v, id)),
                        None => {
                            let names = self.piece_names();
                            let help = match crate::diagnostics::did_you_mean(
                                name,
                                names.iter().map(|s| s.as_str()),
                            ) {
                                Some(s) => format!("did you mean `{s}`?"),
                                None => format!("the pieces are: {}", names.join(", ")),
                            };
                            self.line_error(
                                &mut reply,
                                line,
                                Span::new(at, at + name.len()),
                                "rulebook::unknown_piece",
                                format!("no piece `{name}` in {}", v.name),
                                "unknown piece".into(),
                                help,
                            );
                        }
                    }
                }
            },
            other => {
                let names: Vec<&str> = COMMANDS.iter().map(|c| c.0).collect();
                let help = match crate::diagnostics::did_you_mean(other, names.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => "type `help` for the commands".into(),
                };
                self.line_error(
                    &mut reply,
                    line,
                    Span::new(cmd_at, cmd_at + other.len()),
                    "rulebook::unknown_command",
                    format!("unknown command `{other}`"),
                    "not a command".into(),
                    help,
                );
            }
        }
        reply
    }

    fn piece_names(&self) -> Vec<String> {
        self.game.variant().pieces.keys().cloned().collect()
    }

    fn help(&self, reply: &mut Reply, topic: Option<&str>) {
        match topic {
            None => {
                reply.line("commands:");
                for (_, usage, what) in COMMANDS {
                    reply.line(format!("  {usage:<18} {what}"));
                }
            }
            Some(t) => match COMMANDS.iter().find(|c| c.0 == t) {
                Some((_, usage, what)) => reply.line(format!("{usage}\n  {what}")),
                None => {
                    reply.err.push_str(&format!(
                        "error: no command `{t}`; type `help` for the list\n"
                    ));
                    reply.ok = false;
                }
            },
        }
    }

    fn load(&mut self, reply: &mut Reply, spec: &str, keep_position: bool) {
        let mut sources = Sources::default();
        match load(spec, &mut sources) {
            Ok(l) => {
                for w in &l.warnings {
                    reply
                        .err
                        .push_str(&render(w, &sources, self.color_errors, 80));
                }
                let fen = self.game.fen();
                let history = self.game.history();
                let mut game = new_game(Arc::new(l.variant));
                let name = game.variant().name.clone();
                if keep_position {
                    // Replay the session's moves from its position, so that undo keeps working.
                    let mut replay = game.boxed_clone();
                    let base = self.base_fen();
                    let kept = replay.set_fen(&base).is_ok()
                        && history.iter().all(|m| replay.play(m).is_ok())
                        && replay.fen() == fen;
                    if kept {
                        game = replay;
                        reply.line(format!("reloaded {name}; position kept: {fen}"));
                    } else if game.set_fen(&fen).is_ok() {
                        reply.line(format!(
                            "reloaded {name}; position kept (move history cleared): {fen}"
                        ));
                    } else {
                        reply.line(format!("reloaded {name}; the position is not valid any more, back to the start: {}", game.fen()));
                    }
                } else {
                    reply.line(format!("loaded {name}: {}", game.fen()));
                }
                self.game = game;
                self.spec = spec.to_string();
            }
            Err(LoadError::Unreadable(m)) => {
                reply.err.push_str(&format!("error: {m}\n"));
                reply.ok = false;
            }
            Err(LoadError::Invalid(ps)) => {
                for p in &ps {
                    reply
                        .err
                        .push_str(&render(p, &sources, self.color_errors, 80));
                }
                let errors = ps.iter().filter(|p| !p.warning).count();
                reply.err.push_str(&format!(
                    "{errors} error{} in {spec}; still using {}\n",
                    if errors == 1 { "" } else { "s" },
                    self.game.variant().name
                ));
                reply.ok = false;
            }
        }
    }

    /// The position the session's move history starts from.
    fn base_fen(&self) -> String {
        let mut g = self.game.boxed_clone();
        while g.undo() {}
        g.fen()
    }

    fn moves(&mut self, reply: &mut Reply, line: &str, square: Option<(usize, &str)>) {
        let v = self.game.variant().clone();
        let moves = self.game.moves();
        let filter = match square {
            None => None,
            Some((at, s)) => {
                match crate::engine::fen::parse_square(s, v.files as usize, v.ranks as usize) {
                    Some(cell) => Some((
                        (cell % v.files as usize) as u8,
                        (cell / v.files as usize) as u8,
                    )),
                    None => {
                        self.line_error(
                            reply,
                            line,
                            Span::new(at, at + s.len()),
                            "rulebook::usage",
                            format!("`{s}` is not a square"),
                            "not a square".into(),
                            format!(
                                "squares go from a1 to {}",
                                square_name(v.files - 1, v.ranks - 1)
                            ),
                        );
                        return;
                    }
                }
            }
        };
        // Group by starting square, in board order (rank 1 first, file a first).
        let mut groups: Vec<((u8, u8), usize, Vec<String>)> = vec![];
        for m in &moves {
            if filter.is_some_and(|f| f != m.from) {
                continue;
            }
            match groups.iter_mut().find(|g| g.0 == m.from) {
                Some(g) => g.2.push(m.uci.clone()),
                None => groups.push((m.from, m.piece, vec![m.uci.clone()])),
            }
        }
        groups.sort_by_key(|g| (g.0.1, g.0.0));
        let width = groups
            .iter()
            .map(|g| v.piece_name(g.1).len())
            .max()
            .unwrap_or(0);
        let mut count = 0;
        for (from, piece, ucis) in &groups {
            count += ucis.len();
            reply.line(format!(
                "{:<width$} {}: {}",
                v.piece_name(*piece),
                square_name(from.0, from.1),
                ucis.join(" ")
            ));
        }
        match filter {
            Some(f) if groups.is_empty() => {
                let what = match self.piece_at_any_layer(f) {
                    None => "no piece stands there".to_string(),
                    Some((side, kind)) => format!(
                        "the {} {} there has no legal move",
                        side.name(),
                        v.piece_name(kind)
                    ),
                };
                reply.line(format!(
                    "no legal moves from {}: {what}",
                    square_name(f.0, f.1)
                ));
            }
            _ => reply.line(format!(
                "{count} legal move{}",
                if count == 1 { "" } else { "s" }
            )),
        }
    }

    fn piece_at_any_layer(&self, (f, r): (u8, u8)) -> Option<(Side, usize)> {
        (0..self.game.variant().layers.len()).find_map(|l| self.game.piece_at(l, f, r))
    }

    /// The board, every layer side by side.
    pub fn board(&self) -> String {
        let v = self.game.variant().clone();
        let layers = v.layers.len();
        let mut out = String::new();
        let cell_w = if self.fancy { 3 } else { 2 };
        let board_w = v.files as usize * cell_w;
        if layers > 1 {
            out.push_str("   ");
            for l in &v.layers {
                out.push_str(&format!("{:<w$}", l, w = board_w + 5));
            }
            out = out.trim_end().to_string();
            out.push('\n');
        }
        for rank in (0..v.ranks).rev() {
            for l in 0..layers {
                out.push_str(&format!("{:>2} ", rank + 1));
                for file in 0..v.files {
                    let piece = self.game.piece_at(l, file, rank);
                    out.push_str(&self.cell(&v, piece, (file + rank) % 2 == 1));
                }
                if l + 1 < layers {
                    out.push_str("  ");
                }
            }
            out.push('\n');
        }
        for l in 0..layers {
            out.push_str("   ");
            for file in 0..v.files {
                let c = (b'a' + file) as char;
                if self.fancy {
                    out.push_str(&format!(" {c} "));
                } else {
                    out.push_str(&format!("{c} "));
                }
            }
            if l + 1 < layers {
                out.push_str("  ");
            }
        }
        let mut out: String = out
            .lines()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n");
        out.push('\n');
        let s = self.game.fen();
        let side = if s.split(' ').nth(1) == Some("b") {
            "black"
        } else {
            "white"
        };
        out.push_str(&format!("{side} to move\n"));
        out
    }

    fn cell(&self, v: &Variant, piece: Option<(Side, usize)>, light: bool) -> String {
        let letter = piece.map(|(side, kind)| {
            let l = v.pieces[kind].letters[0];
            l[side.index()].unwrap_or('?')
        });
        if !self.fancy {
            return format!("{} ", letter.unwrap_or('.'));
        }
        let glyph = match letter {
            Some(c) => glyph(c).map(String::from).unwrap_or_else(|| c.to_string()),
            None => " ".to_string(),
        };
        let bg = if light {
            "\x1b[48;5;180m"
        } else {
            "\x1b[48;5;137m"
        };
        let fg = match piece {
            Some((Side::White, _)) => "\x1b[1;97m",
            _ => "\x1b[1;30m",
        };
        format!("{bg}{fg} {glyph} \x1b[0m")
    }
}

/// The chess glyph for a standard letter (by letter, so any variant's king or queen gets one).
fn glyph(letter: char) -> Option<char> {
    let solid = match letter.to_ascii_uppercase() {
        'K' => '♚',
        'Q' => '♛',
        'R' => '♜',
        'B' => '♝',
        'N' => '♞',
        'P' => '♟',
        _ => return None,
    };
    Some(solid)
}

fn end_text(e: &crate::engine::end::GameEnd) -> String {
    match e.winner {
        Some(w) => format!("{}, {} wins", e.rule, w.name()),
        None if e.result.is_some() => format!("{}, draw", e.rule),
        None => e.rule.clone(),
    }
}

/// A piece's atoms in the explicit form, and a diagram of where it moves (m), captures (x) or
/// both (*) from a central square of an empty board.
pub fn explain(v: &Variant, id: usize) -> String {
    let p = &v.pieces[id];
    let side = if p.in_army(Side::White) {
        Side::White
    } else {
        Side::Black
    };
    let mut out = String::new();
    let letters: Vec<String> = Side::BOTH
        .iter()
        .filter_map(|s| p.letters[0][s.index()].map(|c| format!("{} {c}", s.name())))
        .collect();
    out.push_str(&format!(
        "{}{} ({})\n",
        p.name,
        if p.royal { ", royal" } else { "" },
        letters.join(", ")
    ));
    for a in &p.atoms {
        let modality = match a.modality {
            Modality::Move => "moves (to empty squares)",
            Modality::Capture => "captures",
            Modality::Both => "moves and captures",
            Modality::Attack => "attacks (without moving there)",
        };
        let kind = match a.kind {
            AtomKind::Leap if a.path == crate::ir::LeapPath::Lame => {
                "leap, blocked by a piece on its way,".to_string()
            }
            AtomKind::Leap if a.path == crate::ir::LeapPath::Jump => {
                "leap over a piece on its way".to_string()
            }
            AtomKind::Leap => "leap".to_string(),
            AtomKind::Ride { range: None } => "ride".to_string(),
            AtomKind::Ride { range: Some(r) } => {
                format!("ride up to {r} step{}", if r == 1 { "" } else { "s" })
            }
            AtomKind::Hop { range: None } => "hop over one piece, then ride".to_string(),
            AtomKind::Hop { range: Some(r) } => format!(
                "hop over one piece, then up to {r} step{}",
                if r == 1 { "" } else { "s" }
            ),
        };
        let vectors = a.vectors_text();
        let dirs = a.directions_text();
        let from = match &a.from {
            Some(r) => format!(", only from {}", region_words(r)),
            None => String::new(),
        };
        out.push_str(&format!(
            "  {modality}: {kind} {}{dirs} = {vectors}{from}\n",
            vec_text(a.offset)
        ));
    }
    // diagram
    let (files, ranks) = (v.files as i32, v.ranks as i32);
    let (cf, cr) = ((files - 1) / 2, (ranks - 1) / 2);
    let mut marks = vec![vec![' '; files as usize]; ranks as usize];
    let mut mark = |f: i32, r: i32, m: Modality| {
        let cell = &mut marks[r as usize][f as usize];
        let add = match m {
            Modality::Move => 'm',
            Modality::Capture => 'x',
            Modality::Both => '*',
            Modality::Attack => 'a',
        };
        *cell = match (*cell, add) {
            (' ', a) => a,
            ('m', 'x') | ('x', 'm') => '*',
            (c, _) => {
                if c == '*' {
                    '*'
                } else {
                    add
                }
            }
        };
    };
    for a in &p.atoms {
        if let Some(region) = &a.from
            && !region.contains(side, cf as u8, cr as u8, v.ranks)
        {
            continue;
        }
        for vec in a.vectors() {
            let (dx, dy) = oriented(vec, side);
            let steps = match a.kind {
                AtomKind::Leap => 1,
                AtomKind::Ride { range } => range.map(|r| r as i32).unwrap_or(32),
                // A hop needs a screen: the empty diagram shows none of its squares.
                AtomKind::Hop { .. } => 0,
            };
            for k in 1..=steps {
                let (f, r) = (cf + dx as i32 * k, cr + dy as i32 * k);
                if f < 0 || r < 0 || f >= files || r >= ranks {
                    break;
                }
                mark(f, r, a.modality);
            }
        }
    }
    let letter = p.letters[0][side.index()].unwrap_or('?');
    out.push_str(&format!(
        "from {} ({}): m moves, x captures, * both\n",
        square_name(cf as u8, cr as u8),
        side.name()
    ));
    for r in (0..ranks).rev() {
        out.push_str(&format!("{:>2} ", r + 1));
        for f in 0..files {
            let c = if (f, r) == (cf, cr) {
                letter
            } else {
                match marks[r as usize][f as usize] {
                    ' ' => '.',
                    c => c,
                }
            };
            out.push(c);
            out.push(' ');
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..files {
        out.push((b'a' + f as u8) as char);
        out.push(' ');
    }
    out = out.trim_end().to_string();
    out.push('\n');
    out
}

fn region_words(r: &crate::ir::Region) -> String {
    let mut parts = vec![];
    if let Some((a, b)) = r.ranks {
        parts.push(if a == b {
            format!("rank {a}")
        } else {
            format!("ranks {a} to {b}")
        });
    }
    if !r.squares.is_empty() {
        parts.push(
            r.squares
                .iter()
                .map(|&(f, k)| square_name(f, k))
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    let body = parts.join(" and ");
    match &r.name {
        Some(n) => format!("{n} ({body})"),
        None => body,
    }
}

// ---------------------------------------------------------------------------------------------
// Terminal and pipe drivers

struct ReplHelper {
    game: Box<dyn Game>,
}

impl ReplHelper {
    fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = &line[..pos];
        let start = before
            .rfind(char::is_whitespace)
            .map(|i| i + 1)
            .unwrap_or(0);
        let word = &before[start..];
        let previous: Vec<&str> = before[..start].split_whitespace().collect();
        let list: Vec<String> = match previous.first() {
            None => COMMANDS.iter().map(|c| c.0.to_string()).collect(),
            Some(&"help") if previous.len() == 1 => {
                COMMANDS.iter().map(|c| c.0.to_string()).collect()
            }
            Some(&"variant") if previous.len() == 1 => {
                let mut v: Vec<String> = bundled::names().map(String::from).collect();
                for dir in [".", "variants"] {
                    if let Ok(rd) = std::fs::read_dir(dir) {
                        for e in rd.flatten() {
                            let p = e.path();
                            if p.extension().is_some_and(|x| x == "variant") {
                                let s = p.display().to_string();
                                v.push(s.strip_prefix("./").map(String::from).unwrap_or(s));
                            }
                        }
                    }
                }
                v
            }
            Some(&"explain") if previous.len() == 1 => {
                self.game.variant().pieces.keys().cloned().collect()
            }
            Some(&"play") => {
                // legal moves after the moves already typed
                let mut g = self.game.boxed_clone();
                if previous[1..].iter().all(|m| g.play(m).is_ok()) {
                    g.moves().into_iter().map(|m| m.uci).collect()
                } else {
                    vec![]
                }
            }
            Some(&"moves") if previous.len() == 1 => {
                let mut g = self.game.boxed_clone();
                let mut v: Vec<String> = g
                    .moves()
                    .into_iter()
                    .map(|m| square_name(m.from.0, m.from.1))
                    .collect();
                v.dedup();
                v
            }
            _ => vec![],
        };
        let mut out: Vec<String> = list.into_iter().filter(|c| c.starts_with(word)).collect();
        out.sort();
        out.dedup();
        (start, out)
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, list) = self.candidates(line, pos);
        Ok((
            start,
            list.into_iter()
                .map(|c| Pair {
                    display: c.clone(),
                    replacement: c,
                })
                .collect(),
        ))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        Cow::Borrowed(prompt)
    }
}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

fn history_path() -> Option<std::path::PathBuf> {
    let home = std::env::var_os("HOME")?;
    Some(std::path::Path::new(&home).join(".rulebook_history"))
}

pub fn main(spec: &str) -> ExitCode {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some();
    let mut session = match Session::new(spec) {
        Ok(s) => s,
        Err((msg, usage)) => {
            eprint!("{msg}");
            return ExitCode::from(if usage { 2 } else { 1 });
        }
    };
    session.fancy = interactive && !no_color;
    session.color_errors = std::io::stderr().is_terminal() && !no_color;
    if interactive {
        run_terminal(session)
    } else {
        run_pipe(session)
    }
}

fn emit(reply: &Reply) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(reply.out.as_bytes());
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(reply.err.as_bytes());
    let _ = err.flush();
}

fn run_pipe(mut session: Session) -> ExitCode {
    let mut failed = false;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = session.execute(&line);
        emit(&reply);
        failed |= !reply.ok;
        if reply.quit {
            break;
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_terminal(mut session: Session) -> ExitCode {
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<ReplHelper, rustyline::history::DefaultHistory> =
        match Editor::with_config(config) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("error: cannot start line editing: {e}");
                return run_pipe(session);
            }
        };
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    println!(
        "rulebook: {} loaded. Type `help` for the commands, Tab to complete.",
        session.game().variant().name
    );
    loop {
        editor.set_helper(Some(ReplHelper {
            game: session.game().boxed_clone(),
        }));
        let prompt = format!("{}> ", session.game().variant().name);
        match editor.readline(&prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let reply = session.execute(&line);
                emit(&reply);
                if reply.quit {
                    break;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(_) => break,
        }
    }
    if let Some(h) = &history {
        let _ = editor.save_history(h);
    }
    ExitCode::SUCCESS
}
