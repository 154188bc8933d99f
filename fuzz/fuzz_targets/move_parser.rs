//! Arbitrary text (UCI, SAN, drops) → `Game::play` on a few positions of bundled variants
//! (start, and positions with promotions, en passant, castling, check, crossings, magnetic
//! pulls, a push that promotes, drops, demotions, check counters and a finished game). A refused
//! move's error is rendered as the REPL shows it; a move that plays must be undone exactly.
#![no_main]

use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use rulebook::diagnostics::{Code, Problem, Sources, render};
use rulebook::game::{Game, new_game};
use rulebook::lower::load;

const POSITIONS: &[(&str, &str)] = &[
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
    ("orda", "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
    ("orda", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
    ("alice", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("alice", "rnbqkbnr/ppp1pppp/8/8/2p2S2/5O2/PP1PP1PP/RNBQKB1R b KQkq f3 0 3"),
    ("magnetic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("magnetic", "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1"),
    ("magnetic", "4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1"),
    ("crazyhouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3"),
    ("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
    ("3check", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2"),
];

fn games() -> &'static Vec<Box<dyn Game>> {
    static G: OnceLock<Vec<Box<dyn Game>>> = OnceLock::new();
    G.get_or_init(|| {
        POSITIONS
            .iter()
            .map(|(name, fen)| {
                let mut sources = Sources::default();
                let v = load(name, &mut sources).unwrap_or_else(|_| panic!("{name} loads")).variant;
                let mut g = new_game(Arc::new(v));
                g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
                g
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for g in games() {
        let mut game = g.boxed_clone();
        let before = game.fen();
        match game.play(text) {
            Ok(_) => {
                assert!(game.undo());
                assert_eq!(game.fen(), before, "play then undo");
            }
            Err(e) => {
                let mut sources = Sources::default();
                let src = sources.add("move", text);
                let p = Problem::error(Code::IllegalMove, e.message).label(src, e.span, e.label).help(e.help);
                render(&p, &sources, false, 80);
            }
        }
    }
});
