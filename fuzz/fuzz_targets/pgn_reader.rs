//! Arbitrary text as a PGN file. A rejected file's error is rendered as the CLI shows it; each
//! game read is replayed in the variant its tag names, and a game that replays is written again
//! (with its comments, NAGs and variations) and must read back to the same moves, annotations
//! and final position.
#![no_main]

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use rulebook::diagnostics::{Code, Problem, Sources, render};
use rulebook::game::new_game;
use rulebook::game::pgn::{self, Variants};
use rulebook::ir::Variant;
use rulebook::lower::load;

fn bundled() -> &'static HashMap<&'static str, Arc<Variant>> {
    static V: OnceLock<HashMap<&'static str, Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        rulebook::bundled::names()
            .map(|n| {
                let mut sources = Sources::default();
                let v = load(n, &mut sources)
                    .unwrap_or_else(|_| panic!("{n} loads"))
                    .variant;
                (n, Arc::new(v))
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let games = match pgn::parse(text) {
        Ok(g) => g,
        Err(e) => {
            let mut sources = Sources::default();
            let src = sources.add("fuzz.pgn", text);
            let p = Problem::error(Code::Pgn, e.message).label(src, e.span, "here");
            render(&p, &sources, false, 80);
            return;
        }
    };
    let chess = bundled()["chess"].clone();
    let mut variants = Variants::new(chess, |name: &str| bundled().get(name).cloned());
    for game in &games {
        let _ = game.name();
        let Some(variant) = variants.find(game) else {
            continue;
        };
        let mut played = new_game(variant.clone());
        if pgn::replay(played.as_mut(), game).is_err() {
            continue;
        }
        let start = new_game(variant.clone()).fen();
        let record = played.record();
        let written = pgn::write_with_tags(
            game.tags.clone(),
            &variant,
            &start,
            &record,
            &game.notes,
            "*",
        );
        let again = pgn::parse(&written)
            .unwrap_or_else(|e| panic!("written PGN does not read back: {e:?}\n{written}"));
        assert_eq!(again.len(), 1, "one game written, several read:\n{written}");
        assert_eq!(
            again[0].notes, game.notes,
            "annotations changed:\n{written}"
        );
        let mut replayed = new_game(variant.clone());
        pgn::replay(replayed.as_mut(), &again[0])
            .unwrap_or_else(|e| panic!("written PGN does not replay: {e:?}\n{written}"));
        assert_eq!(
            replayed.fen(),
            played.fen(),
            "another final position:\n{written}"
        );
    }
});
