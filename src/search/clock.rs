//! How much of a clock one move may spend: the share both protocols give the search (UCI's
//! `wtime`/`winc`/`movestogo`, CECP's `level`, `time` and `otim`).

use std::time::Duration;

/// Kept back from the clock for the moves' transmission, in ms.
pub const MOVE_OVERHEAD: u64 = 30;

/// A side's clock as the GUI reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left, in ms.
    pub left: u64,
    /// Added after each move, in ms.
    pub increment: u64,
    /// Moves to make before the next time control; `None`: the rest of the game.
    pub moves_to_go: Option<u64>,
}

impl Clock {
    /// The time for this move: the time left spread over the moves to go (30 when the rest of
    /// the game must be played on it, 50 at most) plus most of the increment, never more than
    /// the time left less the overhead.
    pub fn budget(&self) -> Duration {
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = self.left / moves + self.increment * 3 / 4;
        let ms = share.min(self.left.saturating_sub(MOVE_OVERHEAD)).max(1);
        Duration::from_millis(ms)
    }

    /// A fixed time per move (CECP's `st`), less the overhead.
    pub fn fixed(ms: u64) -> Duration {
        Duration::from_millis(ms.saturating_sub(MOVE_OVERHEAD).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_shared_over_the_moves_to_go_and_the_overhead_kept() {
        let c = |left, increment, moves_to_go| Clock {
            left,
            increment,
            moves_to_go,
        };
        assert_eq!(c(30_000, 0, None).budget(), Duration::from_millis(1000));
        assert_eq!(c(600, 0, None).budget(), Duration::from_millis(20));
        assert_eq!(c(10_000, 0, Some(1)).budget(), Duration::from_millis(9970));
        assert_eq!(c(20, 1000, None).budget(), Duration::from_millis(1));
        assert_eq!(Clock::fixed(1000), Duration::from_millis(970));
    }
}
