//! Variant text → `lower::load_text` (bundled origin, so `extends chess` works). Every
//! diagnostic is rendered as the CLI shows it and as JSON; a variant that loads is played a
//! little (start position, moves, one move and its undo, perft 2).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use rulebook::diagnostics::{Sources, render, to_json};
use rulebook::game::new_game;
use rulebook::lower::{LoadError, Origin, load_text};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut sources = Sources::default();
    let problems = match load_text("fuzz.variant", text, Origin::Bundled, &mut sources) {
        Ok(loaded) => {
            let mut game = new_game(Arc::new(loaded.variant));
            let fen = game.fen();
            game.set_fen(&fen).expect("the start position reads back");
            assert_eq!(game.fen(), fen, "the start position prints canonically");
            let moves = game.moves();
            game.status();
            if let Some(m) = moves.first() {
                game.play(&m.uci).expect("a listed move plays");
                game.moves();
                assert!(game.undo());
                assert_eq!(game.fen(), fen, "play then undo");
            }
            game.perft(2);
            loaded.warnings
        }
        Err(LoadError::Invalid(problems)) => problems,
        Err(LoadError::Unreadable(_)) => return,
    };
    for p in &problems {
        render(p, &sources, false, 80);
    }
    to_json(&problems, &sources);
});
