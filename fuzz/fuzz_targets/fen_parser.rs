//! Arbitrary text as a FEN for each bundled variant. A rejected FEN's error is rendered as the
//! CLI shows it; an accepted one must print canonically (a fixed point of parse then print)
//! and be playable (moves, one move and its undo, perft 2).
#![no_main]

use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use rulebook::diagnostics::{Code, Problem, Sources, render};
use rulebook::game::{Game, new_game};
use rulebook::ir::Variant;
use rulebook::lower::load;

fn variants() -> &'static Vec<Arc<Variant>> {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        rulebook::bundled::names()
            .map(|n| {
                let mut sources = Sources::default();
                Arc::new(load(n, &mut sources).unwrap_or_else(|_| panic!("{n} loads")).variant)
            })
            .collect()
    })
}

fn check(game: &mut dyn Game, text: &str) {
    match game.set_fen(text) {
        Err(e) => {
            let mut sources = Sources::default();
            let src = sources.add("--fen", text);
            let p = Problem::error(Code::Fen, format!("bad FEN ({}): {}", e.field, e.message)).label(src, e.span, e.label).help(e.help);
            render(&p, &sources, false, 80);
        }
        Ok(()) => {
            let printed = game.fen();
            game.set_fen(&printed).unwrap_or_else(|e| panic!("the printed FEN `{printed}` does not read back: {e:?}"));
            assert_eq!(game.fen(), printed, "printing is not a fixed point");
            let moves = game.moves();
            game.status();
            if let Some(m) = moves.last() {
                game.play(&m.uci).expect("a listed move plays");
                game.status();
                assert!(game.undo());
                assert_eq!(game.fen(), printed, "play then undo");
            }
            game.perft(2);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for v in variants() {
        let mut game = new_game(v.clone());
        check(game.as_mut(), text);
    }
});
