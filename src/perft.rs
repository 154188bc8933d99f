//! Perft drivers: whole counts, divide, threads, a stop flag, and EPD suites
//! (`FEN ;D1 20 ;D2 400`).
//!
//! ```
//! use std::sync::Arc;
//! use rulebook::{Sources, load, new_game, perft};
//!
//! let mut sources = Sources::default();
//! let chess = load("chess", &mut sources).expect("bundled");
//! let game = new_game(Arc::new(chess.variant));
//! assert_eq!(perft::perft(game.as_ref(), 3, 2), 8902);
//! let divided = perft::divide(game.as_ref(), 1, 1);
//! assert_eq!(divided.len(), 20);
//! assert_eq!(divided[0], ("a2a3".to_string(), 1));
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::game::Game;

/// The deepest perft rulebook counts (the REPL, the command line and EPD suites alike): at
/// depth 13 even chess has about 2·10^18 leaves, beyond any run's patience.
pub const MAX_DEPTH: u32 = 12;

/// The error for a depth beyond [`MAX_DEPTH`].
pub fn too_deep(depth: u32) -> String {
    format!("depth {depth} is deeper than {MAX_DEPTH}, the deepest perft rulebook counts")
}

/// Perft split over `threads` threads at the root; the count is exact whatever the split.
pub fn perft(game: &dyn Game, depth: u32, threads: usize) -> u64 {
    perft_until(game, depth, threads, &AtomicBool::new(false)).unwrap_or(0)
}

/// Like [`perft`], but gives up (`None`) once `stop` is set. The flag is read at every node
/// above the last ply, so a count stops within microseconds, whatever the position.
pub fn perft_until(game: &dyn Game, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64> {
    if depth <= 1 || game_over(game) {
        return Some(game.boxed_clone().perft(depth));
    }
    let lines = divide_until(game, depth, threads, stop)?;
    Some(lines.iter().map(|(_, n)| n).sum())
}

/// One `(uci, count)` per legal move, sorted by move; none at depth 0, where the position
/// itself is the one leaf.
pub fn divide(game: &dyn Game, depth: u32, threads: usize) -> Vec<(String, u64)> {
    divide_until(game, depth, threads, &AtomicBool::new(false)).unwrap_or_default()
}

/// Like [`divide`], but gives up (`None`) once `stop` is set (read at every node above the
/// last ply).
pub fn divide_until(
    game: &dyn Game,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    if depth == 0 {
        return Some(vec![]);
    }
    let root = game.boxed_clone().root_moves();
    let work = Work::share(game, &root, depth, threads);
    let threads = threads.clamp(1, work.tasks.len().max(1));
    let next = AtomicUsize::new(0);
    let counts: Vec<AtomicU64> = root.iter().map(|_| AtomicU64::new(0)).collect();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut g = game.boxed_clone();
                // The position after the root move of this thread's last task.
                let mut after: Option<(usize, Box<dyn Game>)> = None;
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(r, child)) = work.tasks.get(i) else {
                        break;
                    };
                    let n = match child {
                        None => g.perft_after(r, depth, stop),
                        Some(c) => {
                            if after.as_ref().is_none_or(|(last, _)| *last != r) {
                                after = work.after[r].as_ref().map(|a| (r, a.boxed_clone()));
                            }
                            match &mut after {
                                Some((_, a)) => a.perft_after(c, depth - 1, stop),
                                None => 0,
                            }
                        }
                    };
                    counts[r].fetch_add(n, Ordering::Relaxed);
                }
            });
        }
    });
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut out: Vec<(String, u64)> = root
        .into_iter()
        .zip(counts.iter().map(|c| c.load(Ordering::Relaxed)))
        .collect();
    out.sort();
    Some(out)
}

/// The tasks of a divide over threads: a root move's subtree whole, or one of its children's.
struct Work {
    /// (root move, child move): the child's subtree, or with `None` the root move's.
    tasks: Vec<(usize, Option<usize>)>,
    /// Per root move whose children are tasks: the position after it.
    after: Vec<Option<Box<dyn Game>>>,
}

impl Work {
    /// With one thread, the root moves; with several and a tree three plies deep or more,
    /// the root moves' children, so that the last tasks are small and no thread waits long
    /// for another to finish a large subtree (chess has 20 root moves and 400 children).
    fn share(game: &dyn Game, root: &[String], depth: u32, threads: usize) -> Work {
        let whole = |r: usize| (r, None);
        if threads <= 1 || depth < 3 {
            return Work {
                tasks: (0..root.len()).map(whole).collect(),
                after: vec![],
            };
        }
        let mut work = Work {
            tasks: vec![],
            after: Vec::with_capacity(root.len()),
        };
        for (r, uci) in root.iter().enumerate() {
            let mut g = game.boxed_clone();
            // Where the position after the move ends the game, or it could not be played,
            // its count is the root move's, as a whole.
            if g.play(uci).is_err() || game_over(g.as_ref()) {
                work.tasks.push(whole(r));
                work.after.push(None);
                continue;
            }
            let children = g.root_moves().len();
            work.tasks.extend((0..children).map(|c| (r, Some(c))));
            work.after.push(Some(g));
        }
        work
    }
}

/// A position where the game is over has no children, whatever moves the pieces would have:
/// such a root is counted as a whole, not move by move.
fn game_over(game: &dyn Game) -> bool {
    game.boxed_clone().status().end.is_some()
}

/// The result of an EPD suite.
#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    /// Positions whose every count matched.
    pub passed: usize,
    /// Positions with a wrong count or a FEN that does not read.
    pub failed: usize,
}

/// One position of an EPD suite: its FEN, and the (depth, expected count) pairs.
pub type EpdLine = (String, Vec<(u32, u64)>);

/// One line of a suite: `None` for a blank line or a `#` comment.
///
/// ```
/// use rulebook::perft::parse_line;
/// let line = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9").unwrap();
/// assert_eq!(line, Some(("8/8/8/8/8/8/8/K6k w - - 0 1".to_string(), vec![(1, 3), (2, 9)])));
/// ```
pub fn parse_line(line: &str) -> Result<Option<EpdLine>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    let mut depths = vec![];
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let (d, n) = p
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("`{p}` is not `Dn count`"))?;
        let d: u32 = d
            .strip_prefix('D')
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| format!("`{d}` is not a depth like D3"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("`{n}` is not a count"))?;
        depths.push((d, n));
    }
    Ok(Some((fen, depths)))
}

/// The positions of a suite, every line read before any is counted: a malformed line or a
/// depth beyond [`MAX_DEPTH`] (not skipped by `max_depth`) is an error naming its line.
fn parse_suite(text: &str, max_depth: Option<u32>) -> Result<Vec<EpdLine>, String> {
    let mut suite = vec![];
    for (i, l) in text.lines().enumerate() {
        let Some((fen, mut depths)) = parse_line(l).map_err(|e| format!("line {}: {e}", i + 1))?
        else {
            continue;
        };
        depths.retain(|&(d, _)| max_depth.is_none_or(|m| d <= m));
        if let Some(&(d, _)) = depths.iter().find(|&&(d, _)| d > MAX_DEPTH) {
            return Err(format!(
                "line {}: {}; pass `--depth {MAX_DEPTH}` to skip the deeper counts",
                i + 1,
                too_deep(d)
            ));
        }
        suite.push((fen, depths));
    }
    Ok(suite)
}

/// Runs a suite; `line` receives one line per failing position check.
pub fn run(
    game: &mut dyn Game,
    text: &str,
    max_depth: Option<u32>,
    threads: usize,
    line: &mut dyn FnMut(String),
) -> Result<Summary, String> {
    let mut s = Summary::default();
    for (fen, depths) in parse_suite(text, max_depth)? {
        if let Err(e) = game.set_fen(&fen) {
            line(format!("FAIL {fen} : bad FEN ({}): {}", e.field, e.message));
            s.failed += 1;
            continue;
        }
        let mut ok = true;
        for (d, expected) in depths {
            let got = perft(game, d, threads);
            if got != expected {
                line(format!("FAIL {fen} ;D{d} expected {expected} got {got}"));
                ok = false;
            }
        }
        if ok {
            s.passed += 1;
        } else {
            s.failed += 1;
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Sources;
    use crate::game::new_game;
    use std::sync::Arc;

    #[test]
    fn a_set_stop_flag_gives_up() {
        let mut sources = Sources::default();
        let chess = crate::lower::load("chess", &mut sources).expect("bundled");
        let game = new_game(Arc::new(chess.variant));
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(game.as_ref(), 5, 1, &stop), None);
        assert_eq!(divide_until(game.as_ref(), 5, 1, &stop), None);
        assert_eq!(perft_until(game.as_ref(), 1, 1, &stop), Some(20));
    }
}
