//! The computer against a random mover, one game in every bundled variant: the computer plays
//! white in the first variant, black in the next, and so on, at a fixed number of nodes a move;
//! the random mover is seeded, so a run is repeatable. A game not over after `MAX_PLIES` plies
//! counts as not won. Prints a line per game not won with its moves, then the score. The variants whose rules
//! let no side win, or not the computer's side ([`UNWINNABLE`]), are left out of a run of every
//! variant, with the reason.
//!
//! `cargo run --release --example versus_random [NODES] [VARIANT...] [--seed N] [--side white|black]`
//!
//! `--seed` and `--side` replace every game's seed and the computer's side (to try a variant
//! from both sides and several random movers).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::ir::Side;
use rulebook::lower::load;
use rulebook::search::{Engine, Limits};

const MAX_PLIES: usize = 400;

/// Bundled variants that no side can win by their rules (with a side named: that side cannot),
/// and why.
const UNWINNABLE: &[(&str, Option<Side>, &str)] = &[
    (
        "capturethequeen",
        None,
        "no rule ends the game but a side without a move, a draw (Fairy-Stockfish's \
         definition names the queen for extinction but gives that no result)",
    ),
    (
        "discoduel",
        None,
        "no rule ends the game but a side without a move, a draw (vchess scores the pawns \
         that crossed, over two games)",
    ),
    (
        "knights-halma",
        Some(Side::White),
        "white's region holds 7 of the 9 knights `count 9` asks for, and 9 knights of black's \
         always leave at least 13 squares a knight's leap from them that they do not stand on \
         (an exhaustive search over every placement), more than white's 9 can fill: black \
         is never left without a move",
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

/// How a game went: the winner (None for a draw or no end), the rule that ended it and the
/// moves played.
struct Played {
    winner: Option<Side>,
    why: String,
    moves: Vec<String>,
}

/// Plays one game.
fn game(variant: &str, computer: Side, nodes: u64, seed: u64) -> Played {
    let mut sources = Sources::default();
    let Ok(loaded) = load(variant, &mut sources) else {
        return Played {
            winner: None,
            why: "does not load".into(),
            moves: vec![],
        };
    };
    let mut g = new_game(Arc::new(loaded.variant));
    let (mut engine, mut random) = (Engine::new(8), Random(seed | 1));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut moves = vec![];
    let end = |winner, why: &str, moves| Played {
        winner,
        why: why.into(),
        moves,
    };
    for _ in 0..MAX_PLIES {
        let status = g.status();
        if let Some(e) = status.end {
            return end(e.winner, &e.rule, moves);
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
            return end(None, "no move", moves);
        };
        if g.play(&m).is_err() {
            return end(None, &format!("illegal move {m}"), moves);
        }
        moves.push(m.to_string());
    }
    // The last ply may have ended the game.
    match g.status().end {
        Some(e) => end(e.winner, &e.rule, moves),
        None => end(None, "move bound", moves),
    }
}

/// Takes `--NAME VALUE` out of `args`, returning the value.
fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    let value = args.get(at + 1).cloned();
    args.drain(at..(at + 2).min(args.len()));
    value
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = |what: &str| -> ! {
        eprintln!("expected {what}");
        std::process::exit(2)
    };
    let seed = take_option(&mut args, "--seed")
        .map(|s| s.parse::<u64>().unwrap_or_else(|_| usage("--seed N")));
    let side = take_option(&mut args, "--side").map(|s| match s.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        _ => usage("--side white|black"),
    });
    let nodes = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let named: Vec<String> = args.iter().skip(1).cloned().collect();
    let every = named.is_empty();
    let bundled: Vec<String> = rulebook::bundled::names().map(String::from).collect();
    let variants: Vec<String> = if every { bundled.clone() } else { named };
    let (mut won, mut played) = (0, 0);
    for (i, v) in variants.iter().enumerate() {
        // A variant's side and seed are those of its place among the bundled ones, so that a
        // game of a run of every variant is replayed by naming it.
        let i = bundled.iter().position(|b| b == v).unwrap_or(i);
        let computer = side.unwrap_or(if i % 2 == 0 { Side::White } else { Side::Black });
        let unwinnable = UNWINNABLE
            .iter()
            .find(|(u, side, _)| every && u == v && side.is_none_or(|s| s == computer));
        if let Some((_, _, why)) = unwinnable {
            println!("{v}: left out: {why}");
            continue;
        }
        played += 1;
        let played_out = game(v, computer, nodes, seed.unwrap_or(1 + i as u64));
        if played_out.winner == Some(computer) {
            won += 1;
        } else {
            println!(
                "{v}: computer ({}) did not win: {} after {} plies\n  {}",
                computer.name(),
                played_out.why,
                played_out.moves.len(),
                played_out.moves.join(" ")
            );
        }
    }
    println!("won {won} of {played} games against a random mover at {nodes} nodes a move");
}
