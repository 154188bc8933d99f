//! `rulebook uci`: the Universal Chess Interface, as GUIs and python-chess speak it, with
//! Fairy-Stockfish's variant options: `UCI_Variant` picks a bundled variant, `VariantPath`
//! loads a variant file (and picks its variant). The search runs in a thread so that `stop`,
//! `isready` and `quit` are answered while it thinks. A command that cannot be carried out gets
//! an `info string` line saying why; nothing the GUI sends ends the engine but `quit`.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

pub use super::seat::Out;
use super::seat::{DEFAULT_HASH, Seat, say};
use crate::search::{Clock, Limits, Progress, max_threads};

/// A UCI session.
pub struct Uci {
    out: Out,
    seat: Seat,
}

/// Reads UCI commands from stdin until `quit` or the end of input.
pub fn main() -> std::process::ExitCode {
    let out: Out = Arc::new(Mutex::new(std::io::stdout()));
    let mut uci = Uci::new(out);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !uci.command(&line) {
            break;
        }
    }
    uci.finish();
    std::process::ExitCode::SUCCESS
}

impl Uci {
    /// A session of chess.
    pub fn new(out: Out) -> Uci {
        let seat = Seat::new("chess").unwrap_or_else(|e| panic!("the bundled chess loads: {e}"));
        Uci { out, seat }
    }

    fn info(&self, text: &str) {
        say(&self.out, &format!("info string {text}"));
    }

    /// Runs one command line; false after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        match cmd {
            "uci" => self.identify(),
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.finish();
                if let Some(b) = self.seat.board() {
                    b.engine.table.clear();
                }
            }
            "setoption" => self.set_option(&words[1..]),
            "position" => self.position(&words[1..]),
            "go" => self.go(&words[1..]),
            "stop" => self.finish(),
            "quit" => return false,
            "d" => self.show(),
            _ => self.info(&format!("unknown command `{cmd}`")),
        }
        true
    }

    fn identify(&self) {
        say(
            &self.out,
            &format!("id name rulebook {}", env!("CARGO_PKG_VERSION")),
        );
        say(&self.out, "id author the rulebook authors");
        let vars: String = crate::bundled::names()
            .map(|n| format!(" var {n}"))
            .collect();
        say(
            &self.out,
            &format!("option name UCI_Variant type combo default chess{vars}"),
        );
        say(
            &self.out,
            "option name VariantPath type string default <empty>",
        );
        say(
            &self.out,
            &format!("option name Hash type spin default {DEFAULT_HASH} min 1 max 4096"),
        );
        say(
            &self.out,
            &format!(
                "option name Threads type spin default 1 min 1 max {}",
                max_threads()
            ),
        );
        say(&self.out, "uciok");
    }

    /// Stops a running search and takes the board back.
    pub fn finish(&mut self) {
        if let Err(e) = self.seat.finish() {
            self.info(&e);
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        let value_at = words.iter().position(|w| *w == "value");
        let name = words[1.min(words.len())..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at.map_or(String::new(), |i| words[i + 1..].join(" "));
        if let Err(e) = self.seat.wait() {
            self.info(&e);
        }
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" | "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                if let Err(e) = self.seat.load(&value) {
                    self.info(&format!("{name}: {e}"));
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => self.seat.resize(mb),
                _ => self.info(&format!("Hash: `{value}` is not 1 to 4096")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=max_threads()).contains(&n) => self.seat.threads = n,
                _ => self.info(&format!("Threads: `{value}` is not 1 to {}", max_threads())),
            },
            _ => self.info(&format!("unknown option `{name}`")),
        }
    }

    /// `position startpos|fen FEN [moves M...]`; at a bad FEN or move, the position stays as
    /// far as it was read and an `info string` says why.
    fn position(&mut self, words: &[&str]) {
        let out = self.out.clone();
        let Some(b) = self.seat.board() else { return };
        let moves_at = words.iter().position(|w| *w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let start = match setup.first() {
            Some(&"startpos") => b.game.variant().start.clone(),
            Some(&"fen") => setup[1..].join(" "),
            _ => {
                return say(&out, "info string position needs `startpos` or `fen FEN`");
            }
        };
        if let Err(e) = b.game.set_fen(&start) {
            return say(
                &out,
                &format!("info string bad FEN `{start}`: {}", e.message),
            );
        }
        for m in moves_at.map_or(&[][..], |i| &words[i + 1..]) {
            if let Err(e) = b.game.play(m) {
                return say(&out, &format!("info string {}", e.message));
            }
        }
    }

    fn show(&mut self) {
        let out = self.out.clone();
        if let Some(b) = self.seat.board() {
            say(&out, &format!("Fen: {}", b.game.fen()));
        }
    }

    fn go(&mut self, words: &[&str]) {
        if words.first() == Some(&"perft") {
            return self.perft(words.get(1).copied());
        }
        let out = self.out.clone();
        let Some(board) = self.seat.board() else {
            return;
        };
        let side = board.game.status().side.index();
        let limits = match go_limits(words, side) {
            Ok(l) => l,
            Err(e) => return self.info(&e),
        };
        let stop = self.seat.stop.clone();
        self.seat.lend(move |mut board| {
            let found = board
                .game
                .think(&mut board.engine, &limits, &stop, &mut |p| {
                    say(&out, &info_line(p));
                });
            let best = found.pv.first().cloned().unwrap_or_else(|| "0000".into());
            say(&out, &format!("bestmove {best}"));
            board
        });
    }

    /// `go perft N`: a line per move and the total, as Fairy-Stockfish prints them.
    fn perft(&mut self, depth: Option<&str>) {
        let out = self.out.clone();
        let Some(depth) = depth
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| *d <= 12)
        else {
            return self.info("go perft needs a depth from 0 to 12");
        };
        let Some(b) = self.seat.board() else { return };
        super::seat::divide(&out, b.game.as_ref(), depth, &|m: &str| m.to_string());
    }
}

/// `info depth 5 score cp 20 nodes 1234 nps 100000 time 12 pv e2e4 e7e5`
fn info_line(p: &Progress<String>) -> String {
    let nps = p.nodes * 1000 / p.millis.max(1);
    format!(
        "info depth {} score {} nodes {} nps {nps} time {} pv {}",
        p.depth,
        p.score.uci(),
        p.nodes,
        p.millis,
        p.pv.join(" ")
    )
}

/// The limits of `go`'s words for the side to move (0 white, 1 black).
fn go_limits(words: &[&str], side: usize) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut time, mut inc, mut to_go) = ([None; 2], [0u64; 2], None);
    let mut infinite = false;
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" || key == "ponder" {
            infinite = true;
            i += 1;
            continue;
        }
        let value = words.get(i + 1).and_then(|v| v.parse::<i64>().ok());
        let Some(v) = value else {
            return Err(format!("go: `{key}` needs a number after it"));
        };
        let n = v.max(0) as u64;
        match key {
            "depth" => limits.depth = Some(n.clamp(1, 90) as u32),
            "nodes" => limits.nodes = Some(n.max(1)),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "wtime" => time[0] = Some(n),
            "btime" => time[1] = Some(n),
            "winc" => inc[0] = n,
            "binc" => inc[1] = n,
            "movestogo" => to_go = Some(n.max(1)),
            "mate" => limits.depth = Some((2 * n as u32).clamp(1, 90)),
            _ => return Err(format!("go: unknown word `{key}`")),
        }
        i += 2;
    }
    if let (Some(left), false) = (time[side], infinite) {
        let clock = Clock {
            left,
            increment: inc[side],
            moves_to_go: to_go,
        };
        limits.movetime = Some(clock.budget());
    }
    if limits == Limits::default() && !infinite {
        limits.movetime = Some(Duration::from_millis(1000));
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_time_is_shared_over_the_moves_to_go() {
        let l = go_limits(&["wtime", "30000", "btime", "600", "winc", "0"], 0).unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(1000)));
        let l = go_limits(&["wtime", "30000", "btime", "600"], 1).unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(20)));
        assert!(go_limits(&["depth"], 0).is_err());
        assert!(go_limits(&["infinite"], 0).unwrap().movetime.is_none());
    }
}
