//! `cargo bench --bench chess_libraries`: chess perft in rulebook side by side with two
//! hand-written Rust move generators, shakmaty and cozy-chess, on the same positions and depths.
//! All three count the last ply without playing it (bulk counting), and run on one thread.
//! Each position's node count is checked to agree before anything is timed.

use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
use rulebook::lower::load;

/// Positions of the chess programming wiki's perft page: the start, "Kiwipete" (castling, en
/// passant, promotions and pins), an endgame of checks and pins, and a middlegame with
/// promotions; depths of about 4 to 5 million nodes, and the start at depth 6 (119 million).
const POSITIONS: [(&str, &str, u32); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    (
        "promotions",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
    ),
];

fn rulebook_game(fen: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load("chess", &mut sources).expect("bundled chess");
    let mut game = new_game(Arc::new(loaded.variant));
    game.set_fen(fen).expect("a chess FEN");
    game
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("a FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position")
}

fn cozy_board(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).expect("a FEN")
}

/// cozy-chess has no perft of its own: this is the one its documentation shows, with bulk
/// counting at the last ply.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn chess_libraries(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess perft");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let mut game = rulebook_game(fen);
        let shakmaty = shakmaty_position(fen);
        let cozy = cozy_board(fen);
        let nodes = game.perft(depth);
        assert_eq!(nodes, shakmaty::perft(&shakmaty, depth), "{name}: shakmaty");
        assert_eq!(nodes, cozy_perft(&cozy, depth), "{name}: cozy-chess");
        group.throughput(Throughput::Elements(nodes));
        let id = |library: &str| BenchmarkId::new(library, format!("{name}/{depth}"));
        group.bench_function(id("rulebook"), |b| b.iter(|| game.perft(depth)));
        group.bench_function(id("shakmaty"), |b| {
            b.iter(|| shakmaty::perft(&shakmaty, depth))
        });
        group.bench_function(id("cozy-chess"), |b| b.iter(|| cozy_perft(&cozy, depth)));
    }
    group.finish();
}

criterion_group!(benches, chess_libraries);
criterion_main!(benches);
