//! One method per REPL command.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{COMMANDS, Line, LineError, Reply, Session};
use crate::diagnostics::{Code, Sources, Span, did_you_mean, render};
use crate::engine::end::GameEnd;
use crate::game::{MoveLine, new_game, set_position};
use crate::ir::{RULE_TOPICS, square_name};
use crate::lower::{LoadError, load};
use crate::perft;

/// Moves listed together: from (file, rank) on a layer, the piece, the moves as written.
type MoveGroup = ((u8, u8), usize, usize, Vec<String>);

/// The layer of the group of drops, and of passes (those that place a wall too).
const DROPS: usize = usize::MAX;
const PASSES: usize = usize::MAX - 1;

/// The legal moves (those from `filter` only, if given), grouped by starting square in board
/// order (rank 1 first, file a first), passes and drops last, each as SAN or UCI.
fn move_groups(moves: &[MoveLine], filter: Option<(u8, u8)>, uci: bool) -> Vec<MoveGroup> {
    let mut groups: Vec<MoveGroup> = vec![];
    for m in moves.iter().filter(|m| filter.is_none_or(|f| f == m.from)) {
        let text = if uci { m.uci.clone() } else { m.san.clone() };
        let (from, layer) = if m.uci.contains('@') {
            ((u8::MAX, u8::MAX), DROPS)
        } else if m.san.starts_with("pass") {
            ((u8::MAX, u8::MAX), PASSES)
        } else {
            (m.from, m.layer)
        };
        match groups.iter_mut().find(|g| g.0 == from && g.1 == layer) {
            Some(g) => g.3.push(text),
            None => groups.push((from, layer, m.piece, vec![text])),
        }
    }
    groups.sort_by_key(|g| (g.0.1, g.0.0, g.1));
    groups
}

impl Session {
    /// `help [COMMAND]`
    pub(super) fn help(&self, reply: &mut Reply, topic: Option<&str>) {
        let Some(t) = topic else {
            reply.line("commands:");
            let width = COMMANDS.iter().map(|c| c.1.len()).max().unwrap_or(0);
            for (_, usage, what) in COMMANDS {
                reply.line(format!("  {usage:<width$}  {what}"));
            }
            return;
        };
        match COMMANDS.iter().find(|c| c.0 == t) {
            Some((_, usage, what)) => reply.line(format!("{usage}\n  {what}")),
            None => reply.fail(format!("error: no command `{t}`; type `help` for the list")),
        }
    }

    /// `variant [NAME|PATH]`
    pub(super) fn variant(&mut self, reply: &mut Reply, l: &Line) {
        match l.arg() {
            None => {
                let v = self.game.variant();
                reply.line(format!("{} ({})", v.name, self.spec));
            }
            Some((_, name)) => self.load(reply, name, false),
        }
    }

    /// `reload`
    pub(super) fn reload(&mut self, reply: &mut Reply) {
        let spec = self.spec.clone();
        self.load(reply, &spec, true);
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
                let mut game = new_game(Arc::new(l.variant));
                let name = game.variant().name.clone();
                let fen = self.game.fen();
                if keep_position {
                    self.replay(reply, &mut game, &fen);
                } else {
                    reply.line(format!("loaded {name}: {}", game.fen()));
                }
                if !keep_position {
                    self.loaded = None;
                }
                self.game = game;
                self.spec = spec.to_string();
            }
            Err(LoadError::Unreadable(m)) => reply.fail(format!("error: {m}")),
            Err(LoadError::Invalid(ps)) => {
                for p in &ps {
                    reply
                        .err
                        .push_str(&render(p, &sources, self.color_errors, 80));
                }
                let errors = ps.iter().filter(|p| p.is_error()).count();
                reply.fail(format!(
                    "{errors} error{} in {spec}; still using {}",
                    if errors == 1 { "" } else { "s" },
                    self.game.variant().name
                ));
            }
        }
    }

    /// After a reload: the session's moves replayed from its position, so that undo keeps
    /// working; else the position alone; else the start.
    fn replay(&mut self, reply: &mut Reply, game: &mut Box<dyn crate::game::Game>, fen: &str) {
        let name = game.variant().name.clone();
        let history = self.game.history();
        let mut replay = game.boxed_clone();
        let kept = set_position(&mut replay, &self.base_fen()).is_ok()
            && history.iter().all(|m| replay.play(m).is_ok())
            && replay.fen() == fen;
        if kept {
            *game = replay;
            reply.line(format!("reloaded {name}; position kept: {fen}"));
        } else if set_position(game, fen).is_ok() {
            reply.line(format!(
                "reloaded {name}; position kept (move history cleared): {fen}"
            ));
        } else {
            reply.line(format!(
                "reloaded {name}; the position is not valid any more, back to the start: {}",
                game.fen()
            ));
        }
    }

    /// The position the session's move history starts from.
    fn base_fen(&self) -> String {
        self.game.record().start_fen
    }

    /// `fen [FEN]`
    pub(super) fn fen(&mut self, reply: &mut Reply, l: &Line) {
        let (rest_at, rest) = l.rest;
        if rest.is_empty() {
            reply.line(self.game.fen());
            return;
        }
        match set_position(&mut self.game, rest) {
            Ok(()) => {
                self.loaded = None;
                reply.line(self.game.fen());
            }
            Err(e) => self.line_error(
                reply,
                l,
                LineError {
                    span: Span::new(rest_at + e.span.start, rest_at + e.span.end),
                    code: Code::Fen,
                    message: format!("bad FEN ({}): {}", e.field, e.message),
                    label: e.label,
                    help: e.help,
                },
            ),
        }
    }

    /// `moves [SQUARE]`
    pub(super) fn moves(&mut self, reply: &mut Reply, l: &Line) {
        let uci = l.args.iter().any(|&(_, a)| a == "uci");
        let Ok(filter) = self.square_arg(reply, l) else {
            return;
        };
        let v = self.game.variant().clone();
        let groups = move_groups(&self.game.moves(), filter, uci);
        let width = groups
            .iter()
            .map(|g| v.piece_name(g.2).len())
            .max()
            .unwrap_or(0);
        let mut count = 0;
        for (from, layer, piece, texts) in &groups {
            count += texts.len();
            if *layer == DROPS || *layer == PASSES {
                let what = if *layer == DROPS { "drops:" } else { "passes:" };
                reply.line(format!("{what:<width$} {}", texts.join(" ")));
                continue;
            }
            let on = if self.game.boards() > 1 {
                format!(" (board {})", crate::game::pair::BOARD_NAMES[*layer])
            } else if v.layers.len() > 1 {
                format!(" ({})", v.layers[*layer])
            } else {
                String::new()
            };
            reply.line(format!(
                "{:<width$} {}{on}: {}",
                v.piece_name(*piece),
                square_name(from.0, from.1),
                texts.join(" ")
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

    /// The square argument of `moves` (any word but `uci`) as (file, rank), if given; an
    /// error is reported when it names no square.
    fn square_arg(&self, reply: &mut Reply, l: &Line) -> Result<Option<(u8, u8)>, ()> {
        let v = self.game.variant().clone();
        let Some((at, s)) = l.args.iter().copied().find(|&(_, a)| a != "uci") else {
            return Ok(None);
        };
        let files = v.files as usize;
        if let Some(cell) = crate::engine::fen::parse_square(s, files, v.ranks as usize) {
            return Ok(Some(((cell % files) as u8, (cell / files) as u8)));
        }
        let help = format!(
            "squares go from a1 to {}",
            square_name(v.files - 1, v.ranks - 1)
        );
        self.usage_error(
            reply,
            l,
            Span::new(at, at + s.len()),
            format!("`{s}` is not a square"),
            "not a square",
            help,
        );
        Err(())
    }

    fn piece_at_any_layer(&self, (f, r): (u8, u8)) -> Option<(crate::ir::Side, usize)> {
        (0..self.game.variant().layers.len()).find_map(|l| self.game.piece_at(l, f, r))
    }

    /// `play MOVE...`: plays the moves in turn; at the first that cannot be played, says which
    /// it was and keeps the ones before it.
    pub(super) fn play(&mut self, reply: &mut Reply, l: &Line) {
        if l.args.is_empty() {
            return self.usage_error(
                reply,
                l,
                l.cmd_span(),
                "play needs a move".into(),
                "which move?",
                "e.g. `play e4` or `play e2e4`, or several: `play e4 e5 Nf3`".into(),
            );
        }
        for (i, &(at, mv)) in l.args.iter().enumerate() {
            match self.game.play(mv) {
                Ok(p) => self.played(reply, &p),
                Err(e) => {
                    let span = Span::new(at + e.span.start, at + e.span.end.min(mv.len()));
                    let help = if i == 0 {
                        e.help
                    } else {
                        format!(
                            "{}\nthe {i} move{} before it {} played",
                            e.help,
                            if i == 1 { "" } else { "s" },
                            if i == 1 { "was" } else { "were" }
                        )
                    };
                    let error = LineError {
                        span,
                        code: Code::IllegalMove,
                        message: e.message,
                        label: e.label,
                        help,
                    };
                    return self.line_error(reply, l, error);
                }
            }
        }
    }

    /// What a move did: `1. e4  white pawn e2→e4`, its notes, check and the end.
    pub(super) fn played(&mut self, reply: &mut Reply, p: &crate::game::Played) {
        let number = self.game.last_move_number().unwrap_or_default();
        reply.line(format!("{number} {}  {}", p.san, p.summary));
        for note in &p.notes {
            reply.line(format!("   {note}"));
        }
        if p.check && p.end.is_none() {
            match self.game.check_count() {
                Some(c) => reply.line(format!("   check; {}", c.text())),
                None => reply.line("   check"),
            }
        }
        if let Some(end) = &p.end {
            reply.line(format!("   game over: {}", end_text(end)));
        }
    }

    /// `undo [N]`
    pub(super) fn undo(&mut self, reply: &mut Reply, l: &Line) {
        let n = match l.arg() {
            None => 1,
            Some((at, a)) => match a.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return self.usage_error(
                        reply,
                        l,
                        Span::new(at, at + a.len()),
                        format!("`{a}` is not a number of moves"),
                        "not a number",
                        "e.g. `undo` or `undo 3`".into(),
                    );
                }
            },
        };
        let mut done = 0;
        while done < n && self.game.undo() {
            done += 1;
        }
        if done == 0 {
            reply.fail("error: nothing to undo");
        } else {
            reply.line(format!(
                "undid {done} move{}; {}",
                if done == 1 { "" } else { "s" },
                self.game.fen()
            ));
        }
    }

    /// `history`
    pub(super) fn history(&mut self, reply: &mut Reply, l: &Line) {
        let record = self.game.record();
        if record.moves.is_empty() {
            reply.line("no moves played");
            return;
        }
        let uci = l.args.iter().any(|&(_, a)| a == "uci");
        let text = if uci {
            record.numbered_uci()
        } else {
            record.numbered()
        };
        reply.line(crate::game::pgn::wrap(&text, 79));
    }

    /// `perft N` and `divide N`; Ctrl-C stops them.
    pub(super) fn perft(&mut self, reply: &mut Reply, l: &Line) {
        let cmd = l.cmd.1;
        let depth = l
            .arg()
            .and_then(|(_, a)| a.parse::<u32>().ok())
            .filter(|d| *d <= perft::MAX_DEPTH);
        let Some(depth) = depth else {
            let (span, label) = match l.arg() {
                Some((at, a)) => (Span::new(at, at + a.len()), "not a depth from 0 to 12"),
                None => (l.cmd_span(), "needs a depth"),
            };
            return self.usage_error(
                reply,
                l,
                span,
                format!("{cmd} needs a depth"),
                label,
                format!("e.g. `{cmd} 3`"),
            );
        };
        self.stop.store(false, Ordering::Relaxed);
        let start = Instant::now();
        let nodes = if cmd == "divide" {
            perft::divide_until(self.game.as_ref(), depth, 1, &self.stop).map(|lines| {
                for (m, n) in &lines {
                    reply.line(format!("{m}: {n}"));
                }
                if depth == 0 {
                    1
                } else {
                    lines.iter().map(|(_, n)| n).sum()
                }
            })
        } else {
            perft::perft_until(self.game.as_ref(), depth, 1, &self.stop)
        };
        let Some(nodes) = nodes else {
            return reply.fail(format!("{cmd} {depth}: interrupted"));
        };
        let secs = start.elapsed().as_secs_f64();
        reply.line(format!("{nodes} node{}", if nodes == 1 { "" } else { "s" }));
        reply.err.push_str(&format!(
            "perft {depth}: {secs:.3} s, {:.0} nodes/s\n",
            nodes as f64 / secs.max(1e-9)
        ));
    }

    /// `status`
    pub(super) fn status(&mut self, reply: &mut Reply) {
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
        if let Some(c) = self.game.check_count() {
            reply.line(c.text());
        }
        match &s.end {
            None => reply.line("game in progress"),
            Some(e) => reply.line(format!("game over: {}", end_text(e))),
        }
    }

    /// `explain [PIECE|TOPIC]`: every rule of the variant, one topic of them (castling,
    /// promotion, ...), or a piece by name or by one of its letters.
    /// `explain values`: the value the computer gives each piece, and where it comes from.
    fn explain_values(&self, reply: &mut Reply) {
        reply.line("piece values for the computer, in pawns (royal pieces are not counted):");
        for (name, side, value, given) in self.game.piece_values() {
            let source = if given {
                "given by the variant file"
            } else {
                "from its moves on an empty board"
            };
            reply.line(format!("  {} {name}: {value:.2} ({source})", side.name()));
        }
    }

    pub(super) fn explain(&mut self, reply: &mut Reply, l: &Line) {
        let Some((at, name)) = l.arg() else {
            let v = self.game.variant().clone();
            for topic in RULE_TOPICS {
                reply.out.push_str(&v.rule_text(topic));
            }
            reply.line(format!(
                "pieces: {} (`explain PIECE` for each)",
                self.piece_names().join(", ")
            ));
            return;
        };
        let v = self.game.variant().clone();
        let by_letter = || {
            let mut chars = name.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => v
                    .pieces
                    .values()
                    .position(|p| p.letters.iter().any(|l| l.contains(&Some(c)))),
                _ => None,
            }
        };
        if let Some(id) = v.pieces.get_index_of(name).or_else(by_letter) {
            reply.out.push_str(&super::explain(&v, id));
            reply.out.push_str(&v.piece_rules_text(id));
            return;
        }
        if RULE_TOPICS.contains(&name) {
            reply.out.push_str(&v.rule_text(name));
            return;
        }
        if name == "values" {
            return self.explain_values(reply);
        }
        let pieces = self.piece_names();
        let all = pieces
            .iter()
            .map(|s| s.as_str())
            .chain(RULE_TOPICS.iter().copied())
            .chain(["values"]);
        let help = match did_you_mean(name, all) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the pieces are: {}; the rules: {}",
                pieces.join(", "),
                RULE_TOPICS.join(", ")
            ),
        };
        let error = LineError {
            span: Span::new(at, at + name.len()),
            code: Code::UnknownPiece,
            message: format!("no piece or rule `{name}` in {}", v.name),
            label: "unknown piece".into(),
            help,
        };
        self.line_error(reply, l, error);
    }

    /// A word that is no command.
    pub(super) fn unknown_command(&mut self, reply: &mut Reply, l: &Line) {
        let other = l.cmd.1;
        let help = match did_you_mean(other, COMMANDS.iter().map(|c| c.0)) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "type `help` for the commands".into(),
        };
        let error = LineError {
            span: l.cmd_span(),
            code: Code::UnknownCommand,
            message: format!("unknown command `{other}`"),
            label: "not a command".into(),
            help,
        };
        self.line_error(reply, l, error);
    }

    pub(super) fn usage_error(
        &self,
        reply: &mut Reply,
        l: &Line,
        span: Span,
        message: String,
        label: &str,
        help: String,
    ) {
        let error = LineError {
            span,
            code: Code::Usage,
            message,
            label: label.to_string(),
            help,
        };
        self.line_error(reply, l, error);
    }
}

fn end_text(e: &GameEnd) -> String {
    match e.winner {
        Some(w) => format!("{}, {} wins", e.rule, w.name()),
        None if e.result.is_some() => format!("{}, draw", e.rule),
        None => e.rule.clone(),
    }
}
