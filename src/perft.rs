//! Perft drivers: whole counts, divide, threads, and EPD suites (`FEN ;D1 20 ;D2 400`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::game::Game;

/// Perft split over `threads` threads at the root; the count is exact whatever the split.
pub fn perft(game: &dyn Game, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return game.boxed_clone().perft(depth);
    }
    divide(game, depth, threads).iter().map(|(_, n)| n).sum()
}

/// One `(uci, count)` per legal move, sorted by move; none at depth 0, where the position
/// itself is the one leaf.
pub fn divide(game: &dyn Game, depth: u32, threads: usize) -> Vec<(String, u64)> {
    if depth == 0 {
        return vec![];
    }
    let root = game.boxed_clone().root_moves();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(root.len()));
    let threads = threads.clamp(1, root.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut g = game.boxed_clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= root.len() {
                        break;
                    }
                    let n = g.perft_after(i, depth);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((root[i].clone(), n));
                }
            });
        }
    });
    let mut out = results.into_inner().unwrap_or_else(|e| e.into_inner());
    out.sort();
    out
}

#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
}

/// One position of a suite: the FEN and its (depth, expected count) pairs.
pub fn parse_line(line: &str) -> Result<Option<(String, Vec<(u32, u64)>)>, String> {
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

/// Runs a suite; `line` receives one line per failing position check.
pub fn run(
    game: &mut dyn Game,
    text: &str,
    max_depth: Option<u32>,
    threads: usize,
    line: &mut dyn FnMut(String),
) -> Result<Summary, String> {
    let mut s = Summary::default();
    for (i, l) in text.lines().enumerate() {
        let Some((fen, depths)) = parse_line(l).map_err(|e| format!("line {}: {e}", i + 1))? else {
            continue;
        };
        if let Err(e) = game.set_fen(&fen) {
            line(format!("FAIL {fen} : bad FEN ({}): {}", e.field, e.message));
            s.failed += 1;
            continue;
        }
        let mut ok = true;
        for (d, expected) in depths {
            if max_depth.is_some_and(|m| d > m) {
                continue;
            }
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
