//! The computer in the session: `go`, `hint` and `computer`.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::{Line, Reply, Session};
use crate::diagnostics::Span;
use crate::search::{Limits, Progress, max_threads};

/// How long the computer thinks when no limit is given.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// The most moves `computer both` plays in one go.
const MAX_GAME_MOVES: usize = 500;

/// Which sides the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Computer {
    /// Per side (white, black).
    pub sides: [bool; 2],
    /// How long it thinks per move.
    pub limits: Limits,
}

/// `depth N`, `movetime MS`, `nodes N` pairs; the error is the offending word's index in
/// `words` and what is wrong.
fn parse_limits(words: &[(usize, &str)]) -> Result<Limits, (usize, String)> {
    let mut limits = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i].1;
        let Some(&(_, value)) = words.get(i + 1) else {
            return Err((i, format!("`{key}` needs a number after it")));
        };
        let n: u64 = value
            .parse()
            .map_err(|_| (i + 1, format!("`{value}` is not a number")))?;
        match key {
            "depth" if (1..=90).contains(&n) => limits.depth = Some(n as u32),
            "depth" => return Err((i + 1, "a depth is 1 to 90".into())),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "nodes" => limits.nodes = Some(n.max(1)),
            _ => return Err((i, format!("`{key}` is not a limit"))),
        }
        i += 2;
    }
    if limits == Limits::default() {
        limits.movetime = Some(DEFAULT_MOVETIME);
    }
    Ok(limits)
}

/// One line per completed depth: `depth 4  score cp 31  nodes 1234  time 15 ms  pv e2e4 e7e5`.
fn progress_line(p: &Progress<String>) -> String {
    format!(
        "depth {}  score {}  nodes {}  time {} ms  pv {}",
        p.depth,
        p.score.uci(),
        p.nodes,
        p.millis,
        p.pv.join(" ")
    )
}

impl Session {
    /// The limits of a command's words, or the usage error (false).
    fn limits_of(&self, reply: &mut Reply, l: &Line, words: &[(usize, &str)]) -> Option<Limits> {
        match parse_limits(words) {
            Ok(limits) => Some(limits),
            Err((i, message)) => {
                let (at, w) = words[i];
                let cmd = l.cmd.1;
                self.usage_error(
                    reply,
                    l,
                    Span::new(at, at + w.len()),
                    message,
                    "here",
                    format!("e.g. `{cmd} depth 6`, `{cmd} movetime 2000` or `{cmd} nodes 100000`"),
                );
                None
            }
        }
    }

    /// Searches the position; prints each depth when `verbose`. `None` when there is no move.
    fn think(&mut self, reply: &mut Reply, limits: &Limits, verbose: bool) -> Option<String> {
        self.stop.store(false, Ordering::Relaxed);
        let mut lines = vec![];
        let found = self
            .game
            .think(&mut self.engine, limits, &self.stop, &mut |p| {
                if verbose {
                    lines.push(progress_line(p));
                }
            });
        for line in lines {
            reply.line(line);
        }
        if self.stop.load(Ordering::Relaxed) {
            reply.err.push_str("search stopped\n");
        }
        found.pv.first().cloned()
    }

    /// `go [depth N | movetime MS | nodes N]`
    pub(super) fn go(&mut self, reply: &mut Reply, l: &Line) {
        let Some(limits) = self.limits_of(reply, l, &l.args) else {
            return;
        };
        match self.think(reply, &limits, true) {
            Some(m) => {
                let san = self.game.san(&m).unwrap_or_else(|| m.clone());
                reply.line(format!("best move {san} ({m})"));
            }
            None => reply.fail("error: no legal move: the game is over"),
        }
    }

    /// `threads [N]`: the threads of the searches from now on, or how many they are.
    pub(super) fn threads(&mut self, reply: &mut Reply, l: &Line) {
        let most = max_threads();
        let Some((at, w)) = l.arg() else {
            let n = self.engine.threads;
            return reply.line(format!("the computer searches with {n} of {most} threads"));
        };
        match w.parse::<usize>() {
            Ok(n) if (1..=most).contains(&n) => {
                self.engine.threads = n;
                reply.line(format!("the computer searches with {n} of {most} threads"));
            }
            _ => self.usage_error(
                reply,
                l,
                Span::new(at, at + w.len()),
                format!("`{w}` is not a number of threads from 1 to {most}"),
                "here",
                "e.g. `threads 2`".into(),
            ),
        }
    }

    /// `hint`: the move the computer would play.
    pub(super) fn hint(&mut self, reply: &mut Reply, l: &Line) {
        let Some(limits) = self.limits_of(reply, l, &l.args) else {
            return;
        };
        match self.think(reply, &limits, false) {
            Some(m) => {
                let san = self.game.san(&m).unwrap_or_else(|| m.clone());
                reply.line(format!("hint: {san}"));
            }
            None => reply.fail("error: no legal move: the game is over"),
        }
    }

    /// `computer white|black|both|off [LIMITS]`: the sides the computer plays; it moves at
    /// once when it is to move.
    pub(super) fn computer(&mut self, reply: &mut Reply, l: &Line) {
        let sides = match l.arg().map(|(_, a)| a) {
            Some("white") => [true, false],
            Some("black") => [false, true],
            Some("both") => [true, true],
            Some("off") => [false, false],
            _ => {
                let span = l
                    .arg()
                    .map_or(l.cmd_span(), |(at, a)| Span::new(at, at + a.len()));
                return self.usage_error(
                    reply,
                    l,
                    span,
                    "computer needs a side: white, black, both or off".into(),
                    "which side?",
                    "e.g. `computer black` or `computer both movetime 200`".into(),
                );
            }
        };
        let Some(limits) = self.limits_of(reply, l, &l.args[1..]) else {
            return;
        };
        self.computer = Computer { sides, limits };
        self.computer_moves(reply);
    }

    /// Plays the computer's moves while it is to move and the game goes on.
    pub(super) fn computer_moves(&mut self, reply: &mut Reply) {
        let limits = self.computer.limits;
        for _ in 0..MAX_GAME_MOVES {
            let status = self.game.status();
            if !self.computer.sides[status.side.index()] || status.end.is_some() {
                return;
            }
            let Some(m) = self.think(reply, &limits, false) else {
                return;
            };
            if self.stop.load(Ordering::Relaxed) {
                // Ctrl-C: the move found is not played, and the computer waits.
                return;
            }
            match self.game.play(&m) {
                Ok(p) => self.played(reply, &p),
                Err(e) => return reply.fail(format!("error: {}", e.message)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_read_in_pairs() {
        let words = [(0, "depth"), (6, "3"), (8, "nodes"), (14, "500")];
        let l = parse_limits(&words).expect("valid");
        assert_eq!((l.depth, l.nodes, l.movetime), (Some(3), Some(500), None));
        assert_eq!(parse_limits(&[(0, "depth")]).unwrap_err().0, 0);
        assert_eq!(parse_limits(&[(0, "depth"), (6, "x")]).unwrap_err().0, 1);
        assert_eq!(parse_limits(&[(0, "speed"), (6, "3")]).unwrap_err().0, 0);
        assert_eq!(parse_limits(&[]).unwrap().movetime, Some(DEFAULT_MOVETIME));
    }
}
