//! What the chess benchmarks share: the positions, and each library's game and perft set up
//! from a FEN.

use std::sync::Arc;

use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
use rulebook::lower::load;

/// Positions of the chess programming wiki's perft page: the start, "Kiwipete" (castling, en
/// passant, promotions and pins), an endgame of checks and pins, and a middlegame with
/// promotions; depths of about 4 to 5 million nodes, and the start at depth 6 (119 million).
pub const POSITIONS: [(&str, &str, u32); 4] = [
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
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
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

/// The three libraries set up on one position.
pub struct Contenders {
    pub rulebook: Box<dyn Game>,
    pub shakmaty: shakmaty::Chess,
    pub cozy: cozy_chess::Board,
    /// The position's perft at the depth asked, which all three agree on.
    pub nodes: u64,
}

/// The three libraries on the position `fen`, their perft at `depth` checked to agree.
pub fn contenders(name: &str, fen: &str, depth: u32) -> Contenders {
    let mut rulebook = rulebook_game(fen);
    let shakmaty = shakmaty_position(fen);
    let cozy = cozy_board(fen);
    let nodes = rulebook.perft(depth);
    assert_eq!(nodes, shakmaty::perft(&shakmaty, depth), "{name}: shakmaty");
    assert_eq!(nodes, cozy_perft(&cozy, depth), "{name}: cozy-chess");
    Contenders {
        rulebook,
        shakmaty,
        cozy,
        nodes,
    }
}
