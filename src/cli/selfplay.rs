//! `rulebook selfplay VARIANT --games N --nodes N [--threads T]`: the computer against itself
//! from the start, each game opened by a few random moves (seeded by the game's number, so a
//! run repeats), for a first look at a variant's balance: white wins, draws, black wins, and the
//! end rules that decided them. With T threads, T games are played at once, each searched in
//! one thread with its own table, so that the results are those of one thread.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use crate::diagnostics::Sources;
use crate::game::{Game, new_game};
use crate::ir::Side;
use crate::lower::load;
use crate::search::{Engine, Limits};

/// Random moves that open each game, per side.
const OPENING_MOVES: usize = 2;
/// A game not over after this many plies is a draw by the bound.
const MAX_PLIES: usize = 400;

/// One game; the winner (None: a draw) and the rule that ended it.
fn play_one(game: &mut dyn Game, nodes: u64, seed: u64) -> (Option<Side>, String) {
    let mut engine = Engine::new(8);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for ply in 0..MAX_PLIES {
        let status = game.status();
        if let Some(end) = status.end {
            return (end.winner, end.rule);
        }
        let m = if ply < 2 * OPENING_MOVES {
            let moves = game.root_moves();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            moves.get(state as usize % moves.len().max(1)).cloned()
        } else {
            game.think(&mut engine, &limits, &stop, &mut |_| {})
                .pv
                .first()
                .cloned()
        };
        match m {
            Some(m) if game.play(&m).is_ok() => {}
            _ => return (None, "no move".into()),
        }
    }
    (None, format!("{MAX_PLIES} plies without an end"))
}

/// A game's end: the winner (None: a draw) and the rule that ended it.
type Outcome = (Option<Side>, String);

/// Plays games `0..games` of `start` in `threads` threads, sending each game's number and
/// outcome to `done` as it ends.
fn play_all(
    start: &dyn Game,
    games: usize,
    nodes: u64,
    threads: usize,
    done: mpsc::Sender<(usize, Outcome)>,
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, games.max(1)) {
            let (next, done) = (&next, done.clone());
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let mut game = start.boxed_clone();
                    let outcome = play_one(game.as_mut(), nodes, i as u64 + 1);
                    if done.send((i, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
    });
}

/// Runs the games and prints each (in order) and the tally.
pub fn selfplay(variant: &str, games: usize, nodes: u64, threads: usize) -> ExitCode {
    let mut sources = Sources::default();
    let loaded = match load(variant, &mut sources) {
        Ok(l) => l,
        Err(_) => {
            eprintln!(
                "error: `{variant}` is not a bundled variant or a valid variant file (`rulebook check` says why)"
            );
            return ExitCode::from(2);
        }
    };
    let start = new_game(Arc::new(loaded.variant));
    let (send, received) = mpsc::channel();
    let mut tally = [0usize; 3];
    let mut rules: BTreeMap<String, usize> = BTreeMap::new();
    std::thread::scope(|scope| {
        scope.spawn(|| play_all(start.as_ref(), games, nodes, threads, send));
        let mut waiting = BTreeMap::new();
        let mut shown = 0;
        for (i, outcome) in received {
            waiting.insert(i, outcome);
            while let Some((winner, rule)) = waiting.remove(&shown) {
                shown += 1;
                let slot = match winner {
                    Some(Side::White) => 0,
                    None => 1,
                    Some(Side::Black) => 2,
                };
                tally[slot] += 1;
                let who = winner.map_or("draw".to_string(), |w| format!("{} wins", w.name()));
                *rules.entry(format!("{rule}, {who}")).or_default() += 1;
                println!("game {shown}: {who} ({rule})");
            }
        }
    });
    println!(
        "{games} games: white wins {}, draws {}, black wins {}",
        tally[0], tally[1], tally[2]
    );
    for (rule, n) in rules {
        println!("  {n} by {rule}");
    }
    ExitCode::SUCCESS
}
