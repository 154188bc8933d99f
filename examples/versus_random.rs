//! The computer against a random mover, one game in every bundled variant: the computer plays
//! white in the first variant, black in the next, and so on, at a fixed number of nodes a move;
//! the random mover is seeded, so a run is repeatable. A game not over after `MAX_PLIES` plies
//! counts as not won. Prints a line per game not won, then the score. The variants whose rules
//! let no side win ([`UNWINNABLE`]) are left out of a run of every variant, with the reason.
//!
//! `cargo run --release --example versus_random [NODES] [VARIANT...]`

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::ir::Side;
use rulebook::lower::load;
use rulebook::search::{Engine, Limits};

const MAX_PLIES: usize = 400;

/// Bundled variants that no side can win by their rules, and why.
const UNWINNABLE: &[(&str, &str)] = &[
    (
        "capturethequeen",
        "no rule ends the game but a side without a move, a draw (Fairy-Stockfish's \
         definition names the queen for extinction but gives that no result)",
    ),
    (
        "discoduel",
        "no rule ends the game but a side without a move, a draw (vchess scores the pawns \
         that crossed, over two games)",
    ),
];

/// A small seeded generator (xorshift64*), enough to pick moves.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Plays one game; the winner (None for a draw or no end) and the plies played.
fn game(variant: &str, computer: Side, nodes: u64, seed: u64) -> (Option<Side>, usize, String) {
    let mut sources = Sources::default();
    let Ok(loaded) = load(variant, &mut sources) else {
        return (None, 0, "does not load".into());
    };
    let mut g = new_game(Arc::new(loaded.variant));
    let (mut engine, mut random) = (Engine::new(8), Random(seed | 1));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    for ply in 0..MAX_PLIES {
        let status = g.status();
        if let Some(end) = status.end {
            return (end.winner, ply, end.rule);
        }
        let m = if status.side == computer {
            g.think(&mut engine, &limits, &stop, &mut |_| {})
                .pv
                .first()
                .cloned()
        } else {
            let moves = g.root_moves();
            moves.get(random.below(moves.len())).cloned()
        };
        let Some(m) = m else {
            return (None, ply, "no move".into());
        };
        if g.play(&m).is_err() {
            return (None, ply, format!("illegal move {m}"));
        }
    }
    (None, MAX_PLIES, "move bound".into())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let named: Vec<String> = args.iter().skip(1).cloned().collect();
    let every = named.is_empty();
    let variants: Vec<String> = if every {
        rulebook::bundled::names().map(String::from).collect()
    } else {
        named
    };
    let (mut won, mut played) = (0, 0);
    for (i, v) in variants.iter().enumerate() {
        if let Some((_, why)) = UNWINNABLE.iter().find(|(u, _)| every && u == v) {
            println!("{v}: left out: {why}");
            continue;
        }
        played += 1;
        let computer = if i % 2 == 0 { Side::White } else { Side::Black };
        let (winner, plies, why) = game(v, computer, nodes, 1 + i as u64);
        if winner == Some(computer) {
            won += 1;
        } else {
            println!(
                "{v}: computer ({}) did not win: {why} after {plies} plies",
                computer.name()
            );
        }
    }
    println!("won {won} of {played} games against a random mover at {nodes} nodes a move");
}
