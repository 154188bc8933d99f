//! Loads a variant file (or a bundled variant) and prints perft, using only rulebook's public
//! API.
//!
//! ```sh
//! cargo run --release --example perft -- variants/orda.variant 4
//! cargo run --release --example perft -- chess 5 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
//! ```

use std::process::ExitCode;
use std::sync::Arc;

use rulebook::{LoadError, Sources, load, new_game, perft, render};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (spec, depth, fen) = match args.as_slice() {
        [spec, depth] => (spec, depth, None),
        [spec, depth, fen] => (spec, depth, Some(fen)),
        _ => {
            eprintln!("usage: perft VARIANT DEPTH [FEN]");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("error: `{depth}` is not a depth");
        return ExitCode::from(2);
    };
    let mut sources = Sources::default();
    let variant = match load(spec, &mut sources) {
        Ok(loaded) => loaded.variant,
        Err(LoadError::Unreadable(message)) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
        Err(LoadError::Invalid(problems)) => {
            for p in &problems {
                eprint!("{}", render(p, &sources, false, 100));
            }
            return ExitCode::from(1);
        }
    };
    let mut game = new_game(Arc::new(variant));
    if let Some(fen) = fen
        && let Err(e) = game.set_fen(fen)
    {
        eprintln!("error: bad FEN ({}): {}", e.field, e.message);
        return ExitCode::from(1);
    }
    for depth in 1..=depth {
        println!("perft {depth}: {}", perft::perft(game.as_ref(), depth, 1));
    }
    ExitCode::SUCCESS
}
