//! `rulebook xboard`: the Chess Engine Communication Protocol, version 2, as XBoard, WinBoard
//! and Cute Chess speak it. `variant NAME` picks a bundled variant; for a variant XBoard does
//! not know, the engine answers with `setup` (board size, piece letters, holdings, start) and a
//! `piece` line per piece in Betza notation (module `setup`), so that XBoard draws the board and
//! checks the moves. The search runs in a thread so that `?`, `ping` and `quit` are answered
//! while it thinks; a move the engine makes that ends the game is followed by the result line.
//! Bad input gets `Error (...): COMMAND` or `Illegal move: MOVE`, never an exit.

mod setup;
mod time;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub use super::seat::Out;
use super::seat::{Board, Seat, say};
use crate::game::Game;
use crate::ir::Side;
use crate::search::{Limits, Progress, Score, max_threads};
pub use setup::{Notation, XBOARD_VARIANTS, setup_lines};
use time::TimeControl;

/// A CECP session.
pub struct XBoard {
    out: Out,
    seat: Seat,
    /// Set to throw the running search's move away (`force`, `new`, `undo`, ...).
    abort: Arc<AtomicBool>,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    /// In analysis mode (`analyze` until `exit`).
    analyzing: bool,
    /// Thinking output on (`post`).
    post: bool,
    time: TimeControl,
    notation: Notation,
}

/// Reads CECP commands from stdin until `quit` or the end of input.
pub fn main() -> std::process::ExitCode {
    let out: Out = Arc::new(Mutex::new(std::io::stdout()));
    let mut session = XBoard::new(out);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !session.command(&line) {
            break;
        }
    }
    session.finish();
    std::process::ExitCode::SUCCESS
}

/// The features announced after `protover 2`, `done=1` last.
fn features() -> Vec<String> {
    let mut names = vec!["normal".to_string()];
    names.extend(
        crate::bundled::names()
            .filter(|n| *n != "normal")
            .map(str::to_string),
    );
    vec![
        "feature done=0".into(),
        format!(
            "feature myname=\"rulebook {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ),
        "feature setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 sigint=0 sigterm=0 \
         san=0 colors=0 analyze=1 memory=1 smp=1 pause=0 reuse=1 exclude=0 nps=0 debug=1"
            .into(),
        "feature option=\"VariantFile -file \"".into(),
        "feature done=1".into(),
    ]
}

impl XBoard {
    /// A session of chess, the engine playing black (as after `new`).
    pub fn new(out: Out) -> XBoard {
        let seat = Seat::new("chess").unwrap_or_else(|e| panic!("the bundled chess loads: {e}"));
        XBoard {
            out,
            seat,
            abort: Arc::new(AtomicBool::new(false)),
            engine_side: Some(Side::Black),
            analyzing: false,
            post: false,
            time: TimeControl::default(),
            notation: Notation::default(),
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, kind: &str, command: &str) {
        self.say(&format!("Error ({kind}): {command}"));
    }

    /// Stops a running search, its move thrown away, and takes the board back.
    pub fn finish(&mut self) {
        self.abort.store(true, Ordering::Relaxed);
        if let Err(e) = self.seat.finish() {
            self.say(&format!("tellusererror {e}"));
        }
    }

    /// The game, once the running search (if any) is stopped and its move thrown away.
    fn game(&mut self) -> Option<&mut Box<dyn Game>> {
        self.finish();
        self.seat.board().map(|b| &mut b.game)
    }

    /// Runs one command line; false after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" | "." | "white" | "black" => {}
            "protover" => features().iter().for_each(|l| self.say(l)),
            "quit" => return false,
            "new" => self.new_game(),
            "variant" => self.variant(rest, line),
            "force" => {
                self.finish();
                self.engine_side = None;
            }
            "result" => {
                self.finish();
                self.engine_side = None;
            }
            "go" => self.go(),
            "playother" => self.play_other(),
            "?" => self.seat.stop.store(true, Ordering::Relaxed),
            "ping" => self.ping(rest),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "analyze" => self.analyze(),
            "exit" => {
                self.finish();
                self.analyzing = false;
            }
            "memory" => self.memory(rest, line),
            "cores" => self.cores(rest, line),
            "option" => self.option(rest, line),
            "perft" => self.perft(rest, line),
            "d" => self.show(),
            _ if self.time.command(cmd, rest) => {}
            _ if matches!(cmd, "level" | "st" | "sd" | "time" | "otim") => {
                self.error("bad parameters", line);
            }
            _ if looks_like_move(cmd) && rest.is_empty() => self.user_move(cmd),
            _ => self.error("unknown command", line),
        }
        true
    }

    /// `new`: chess from its start, the engine playing black, the clocks and depth reset.
    fn new_game(&mut self) {
        self.finish();
        if let Err(e) = self.seat.load("chess") {
            self.say(&format!("tellusererror {e}"));
        }
        self.engine_side = Some(Side::Black);
        self.analyzing = false;
        self.time.reset();
        self.notation = Notation::default();
    }

    /// `variant NAME`: the bundled variant (XBoard's `normal` is chess), a variant file by its
    /// path, or the variant `option VariantFile` loaded, by its name; for one XBoard does not
    /// know, the `setup` and `piece` lines.
    fn variant(&mut self, name: &str, line: &str) {
        self.finish();
        let spec = match name {
            "normal" => "chess",
            n => n,
        };
        let loaded_name = self.seat.board().map(|b| b.game.variant().name.clone());
        if crate::bundled::names().any(|n| n == spec) || std::path::Path::new(spec).is_file() {
            if let Err(e) = self.seat.load(spec) {
                return self.say(&format!("tellusererror {e}"));
            }
        } else if loaded_name.as_deref() == Some(spec) {
            // The variant of the file `option VariantFile` loaded: back to its start.
            if let Err(e) = self.seat.reload() {
                return self.say(&format!("tellusererror {e}"));
            }
        } else {
            return self.error("unknown variant", line);
        }
        if let Some(b) = self.seat.board() {
            self.notation = Notation::of(b.game.variant());
        }
        if !XBOARD_VARIANTS.contains(&name) {
            self.announce();
        }
    }

    /// Tells XBoard the loaded variant's board, pieces and start.
    fn announce(&mut self) {
        let Some(b) = self.seat.board() else { return };
        let v = b.game.variant().clone();
        let fen = b.game.fen();
        self.notation = Notation::of(&v);
        for l in setup_lines(&v, &fen) {
            self.say(&l);
        }
    }

    /// `option VariantFile=PATH`: loads a variant file and announces it, as `variant` does.
    fn option(&mut self, rest: &str, line: &str) {
        let Some(("VariantFile", path)) = rest.split_once('=') else {
            return self.error("unknown option", line);
        };
        if path.trim().is_empty() {
            return;
        }
        self.finish();
        match self.seat.load(path.trim()) {
            Ok(()) => self.announce(),
            Err(e) => self.say(&format!("tellusererror {e}")),
        }
    }

    fn memory(&mut self, rest: &str, line: &str) {
        match rest.parse::<usize>() {
            Ok(mb) if mb >= 1 => {
                let mb = mb.min(4096);
                if self.seat.searching() {
                    self.seat.hash = mb;
                } else {
                    self.seat.resize(mb);
                }
            }
            _ => self.error("bad parameters", line),
        }
    }

    /// `cores N`: the threads of the searches from the next one on (at most the machine's
    /// cores).
    fn cores(&mut self, rest: &str, line: &str) {
        match rest.parse::<usize>() {
            Ok(n) if n >= 1 => self.seat.threads = n.min(max_threads()),
            _ => self.error("bad parameters", line),
        }
    }

    /// `ping N`: `pong N` once every command before it is done (in play, after the move the
    /// engine is thinking about; in analysis at once).
    fn ping(&mut self, n: &str) {
        if !self.analyzing
            && self.seat.searching()
            && let Err(e) = self.seat.wait()
        {
            self.say(&format!("tellusererror {e}"));
        }
        self.say(&format!("pong {n}"));
    }

    /// `setboard FEN`: the position, its history forgotten.
    fn set_board(&mut self, fen: &str) {
        let notation = self.notation;
        let Some(game) = self.game() else { return };
        let fen = notation.fen_from_gui(fen);
        if let Err(e) = game.set_fen(&fen) {
            return self.say(&format!("tellusererror Illegal position: {}", e.message));
        }
        self.resume();
    }

    /// `undo` (one move) and `remove` (two).
    fn take_back(&mut self, moves: usize) {
        let Some(game) = self.game() else { return };
        let undone = (0..moves).all(|_| game.undo());
        if !undone {
            return self.error("command not legal now", "undo");
        }
        if self.analyzing {
            self.analyze();
        }
    }

    /// A move of the engine's opponent (or any move in force mode).
    fn user_move(&mut self, text: &str) {
        let notation = self.notation;
        // In play, a search still running moves now (its move comes before this one).
        if self.analyzing {
            self.finish();
        } else {
            self.seat.stop.store(true, Ordering::Relaxed);
        }
        let Some(game) = self.seat.board().map(|b| &mut b.game) else {
            return;
        };
        let ours = if text == "@@@@" {
            game.root_moves()
                .into_iter()
                .find(|m| notation.to_gui(m) == "@@@@")
                .unwrap_or_default()
        } else {
            notation.from_gui(text)
        };
        if game.play(&ours).is_err() {
            return self.say(&format!("Illegal move: {text}"));
        }
        if self.engine_side.is_some()
            && !self.analyzing
            && let Some(line) = result_line(game.as_mut())
        {
            return self.say(&line);
        }
        self.resume();
    }

    /// After the position changed: analysis goes on, or the engine moves if it is its turn.
    fn resume(&mut self) {
        if self.analyzing {
            self.analyze();
            return;
        }
        let side = self.seat.board().map(|b| b.game.status().side);
        if side.is_some() && side == self.engine_side {
            self.think();
        }
    }

    /// `go`: the engine plays the side to move, and moves.
    fn go(&mut self) {
        let Some(game) = self.game() else { return };
        let side = game.status().side;
        self.engine_side = Some(side);
        self.think();
    }

    /// `playother`: the engine plays the side not to move, and waits.
    fn play_other(&mut self) {
        let Some(game) = self.game() else { return };
        let side = game.status().side;
        self.engine_side = Some(side.flip());
    }

    /// Searches and plays the engine's move (its moves, in a variant of several moves a turn)
    /// in a thread; a game already over gets its result line instead.
    fn think(&mut self) {
        let Some(board) = self.seat.board() else {
            return;
        };
        if let Some(line) = result_line(board.game.as_mut()) {
            return self.say(&line);
        }
        let Some(side) = self.engine_side else { return };
        let mut plan = Plan {
            out: self.out.clone(),
            notation: self.notation,
            post: self.post,
            abort: self.abort.clone(),
            stop: self.seat.stop.clone(),
            time: self.time.clone(),
            side,
        };
        self.abort.store(false, Ordering::Relaxed);
        self.seat.lend(move |mut board| {
            plan.play(&mut board);
            board
        });
    }

    /// `analyze`: searches the position without end, posting each depth, until a command
    /// changes it.
    fn analyze(&mut self) {
        self.finish();
        self.analyzing = true;
        let out = self.out.clone();
        let notation = self.notation;
        let stop = self.seat.stop.clone();
        self.seat.lend(move |mut board| {
            let limits = Limits::default();
            board
                .game
                .think(&mut board.engine, &limits, &stop, &mut |p| {
                    say(&out, &thinking_line(p, notation));
                });
            board
        });
    }

    /// `perft N`: a line per move and the total, as Fairy-Stockfish prints them.
    fn perft(&mut self, depth: &str, line: &str) {
        let notation = self.notation;
        let Some(depth) = depth.parse::<u32>().ok().filter(|d| *d <= 12) else {
            return self.error("bad parameters", line);
        };
        let out = self.out.clone();
        let Some(game) = self.game() else { return };
        super::seat::divide(&out, game.as_ref(), depth, &|m: &str| notation.to_gui(m));
    }

    fn show(&mut self) {
        let Some(game) = self.game() else { return };
        let fen = game.fen();
        self.say(&format!("# {fen}"));
    }
}

/// What the searching thread needs to play the engine's moves.
struct Plan {
    out: Out,
    notation: Notation,
    post: bool,
    abort: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    time: TimeControl,
    side: Side,
}

impl Plan {
    /// Searches and plays while it is the engine's turn: `move MOVE` for each move, the result
    /// line when one ends the game; nothing once the search was aborted.
    fn play(&mut self, board: &mut Board) {
        loop {
            let started = std::time::Instant::now();
            let limits = self.time.limits(board.game.as_mut());
            let (out, notation, post) = (self.out.clone(), self.notation, self.post);
            let found = board
                .game
                .think(&mut board.engine, &limits, &self.stop, &mut |p| {
                    if post {
                        say(&out, &thinking_line(p, notation));
                    }
                });
            if self.abort.load(Ordering::Relaxed) {
                return;
            }
            let Some(best) = found.pv.first() else { return };
            if board.game.play(best).is_err() {
                return;
            }
            say(&self.out, &format!("move {}", self.notation.to_gui(best)));
            if let Some(line) = result_line(board.game.as_mut()) {
                return say(&self.out, &line);
            }
            if board.game.status().side != self.side {
                return;
            }
            self.time.spent(started.elapsed());
        }
    }
}

/// `ply score time nodes pv`: the score in centipawns (mates as 100000 + moves), the time in
/// centiseconds.
fn thinking_line(p: &Progress<String>, notation: Notation) -> String {
    let score = match p.score {
        Score::Centipawns(c) => c,
        Score::Mate(m) if m > 0 => 100_000 + m,
        Score::Mate(m) => -100_000 + m,
    };
    let pv: Vec<String> = p.pv.iter().map(|m| notation.to_gui(m)).collect();
    format!(
        "{} {score} {} {} {}",
        p.depth,
        p.millis / 10,
        p.nodes,
        pv.join(" ")
    )
}

/// The result line of a game that is over: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`,
/// `0-1 {Black wins by campmate}`.
fn result_line(game: &mut dyn Game) -> Option<String> {
    let end = game.status().end?;
    let result = match crate::game::pgn::result_text(Some(&end)) {
        "*" => "1/2-1/2",
        r => r,
    };
    let comment = match (end.winner, end.rule.as_str()) {
        (Some(w), "checkmate") => format!("{} mates", title(w)),
        (Some(w), rule) => format!("{} wins by {rule}", title(w)),
        (None, "stalemate") => "Stalemate".into(),
        (None, rule) => format!("Draw by {rule}"),
    };
    Some(format!("{result} {{{comment}}}"))
}

fn title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Whether a line XBoard sent without `usermove` is a move: a square first (`e2e4`), a drop
/// (`P@e4`), a pass (`@@@@`).
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    word.contains('@') || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
}
