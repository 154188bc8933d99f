//! The clock as CECP sets it: `level MPS BASE INC` (moves per session, minutes or
//! minutes:seconds, seconds), `st SECONDS` a move, `sd DEPTH`, and `time`/`otim` (the engine's
//! and its opponent's clocks, in centiseconds); shared into a time per move by
//! [`crate::search::Clock`], as the UCI engine shares its clock.

use std::time::Duration;

use crate::game::Game;
use crate::search::{Clock, Limits};

/// The time control and what is left of it.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves to make in each session; 0: all the game's.
    moves: u64,
    /// Each session's time, in ms.
    base: u64,
    /// Added after each move, in ms.
    increment: u64,
    /// A fixed time a move (`st`), in ms.
    per_move: Option<u64>,
    /// Iterations at most (`sd`).
    depth: Option<u32>,
    /// The engine's clock as last told (`time`), in ms.
    left: Option<u64>,
}

impl Default for TimeControl {
    /// XBoard's default: 40 moves in 5 minutes.
    fn default() -> Self {
        TimeControl {
            moves: 40,
            base: 300_000,
            increment: 0,
            per_move: None,
            depth: None,
            left: None,
        }
    }
}

/// Seconds (possibly with a fraction) in ms.
fn seconds(text: &str) -> Option<u64> {
    let s = text.parse::<f64>().ok()?;
    (s.is_finite() && s >= 0.0).then_some((s * 1000.0) as u64)
}

/// `5` minutes or `0:30` minutes:seconds, in ms.
fn base_time(text: &str) -> Option<u64> {
    match text.split_once(':') {
        Some((m, s)) => Some(seconds(m)? * 60 + seconds(s)?),
        None => Some(seconds(text)? * 60),
    }
}

impl TimeControl {
    /// Takes a clock command; false when it is not one or its numbers are not right.
    pub fn command(&mut self, cmd: &str, rest: &str) -> bool {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let one = words.len() == 1;
        match (cmd, words.as_slice()) {
            ("level", [mps, base, inc]) => {
                let (Ok(mps), Some(base), Some(inc)) =
                    (mps.parse::<u64>(), base_time(base), seconds(inc))
                else {
                    return false;
                };
                *self = TimeControl {
                    moves: mps,
                    base,
                    increment: inc,
                    per_move: None,
                    depth: self.depth,
                    left: None,
                };
            }
            ("st", [s]) => match seconds(s) {
                Some(ms) => self.per_move = Some(ms),
                None => return false,
            },
            ("sd", [d]) => match d.parse::<u32>() {
                Ok(d) => self.depth = Some(d.clamp(1, 90)),
                Err(_) => return false,
            },
            ("time", [cs]) => match cs.parse::<i64>() {
                Ok(cs) => self.left = Some(cs.max(0) as u64 * 10),
                Err(_) => return false,
            },
            ("otim", _) => return one && words[0].parse::<i64>().is_ok(),
            _ => return false,
        }
        true
    }

    /// After `new`: no depth limit, the clock full.
    pub fn reset(&mut self) {
        self.depth = None;
        self.left = None;
    }

    /// The limits of the search for the side to move of `game`.
    pub fn limits(&self, game: &mut dyn Game) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.per_move {
            limits.movetime = Some(Clock::fixed(ms));
        } else if self.base > 0 || self.increment > 0 || self.left.is_some() {
            let clock = Clock {
                left: self.left.unwrap_or(self.base),
                increment: self.increment,
                moves_to_go: self.moves_to_go(game),
            };
            limits.movetime = Some(clock.budget());
        } else if limits.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(1));
        }
        limits
    }

    /// The moves left in the session, from the game's move number.
    fn moves_to_go(&self, game: &mut dyn Game) -> Option<u64> {
        if self.moves == 0 {
            return None;
        }
        let fen = game.fen();
        let number = fen
            .split_whitespace()
            .last()
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(1);
        Some(self.moves - number.saturating_sub(1) % self.moves)
    }

    /// A move of the engine's took `d` (for its next move in the same turn).
    pub fn spent(&mut self, d: Duration) {
        let left = self.left.unwrap_or(self.base);
        self.left = Some(left.saturating_sub(d.as_millis() as u64) + self.increment);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_takes_minutes_or_minutes_and_seconds_and_time_is_in_centiseconds() {
        let mut t = TimeControl::default();
        assert!(t.command("level", "0 0:02 0"));
        assert_eq!((t.moves, t.base, t.increment), (0, 2000, 0));
        assert!(t.command("level", "40 5 0.5"));
        assert_eq!((t.moves, t.base, t.increment), (40, 300_000, 500));
        assert!(t.command("time", "150"));
        assert_eq!(t.left, Some(1500));
        assert!(!t.command("level", "40 five 0"));
        assert!(!t.command("sd", ""));
        assert!(!t.command("st", "-1"));
        assert!(t.command("otim", "100"));
    }
}
