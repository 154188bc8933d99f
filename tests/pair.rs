//! Two boards whose captures feed the partner (`hand { captures to partner }`, Bughouse): the
//! pair's moves, FEN, perft and undo.

mod common;

use common::game;
use rulebook::game::{Game, set_position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

fn pair(a: &str, b: &str) -> Box<dyn Game> {
    let mut g = game("bughouse");
    set_position(&mut g, &format!("{a} | {b}")).unwrap_or_else(|e| panic!("{a} | {b}: {e:?}"));
    assert_eq!(g.boards(), 2);
    g
}

fn binomial(n: u32, k: u32) -> u64 {
    (0..k).fold(1, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// Until a capture can feed a hand (chess's first captures are at ply 3, leaves there), the
/// pair's tree is the two boards' trees interleaved: sum over k of C(n, k) · p(k) · p(n - k).
#[test]
fn before_any_capture_the_pair_interleaves_two_boards() {
    let mut one = game("bughouse");
    let p: Vec<u64> = (0..=3).map(|d| one.perft(d)).collect();
    for n in 1..=3u32 {
        let interleaved: u64 = (0..=n)
            .map(|k| binomial(n, k) * p[k as usize] * p[(n - k) as usize])
            .sum();
        assert_eq!(pair(START, START).perft(n), interleaved, "depth {n}");
    }
    assert_eq!(pair(START, START).perft(3), 65_804);
}

/// The queen takes the knight on board A: black's hand on board B gets it, and black there
/// may drop it on any of the 62 empty squares besides its 5 king moves; undo takes it back.
#[test]
fn a_capture_feeds_the_same_side_hand_on_the_other_board() {
    let a = "4k3/8/8/8/8/8/3n4/3QK3[] w - - 0 1";
    let b = "4k3/8/8/8/8/8/8/4K3[] b - - 0 1";
    let mut g = pair(a, b);
    let before = g.fen();
    let played = g.play("A:Qxd2").expect("legal");
    assert_eq!(played.san, "A:Qxd2");
    assert!(
        played.notes.iter().any(|n| n.contains("board B's hand")),
        "{:?}",
        played.notes
    );
    assert!(
        g.fen().ends_with(" | 4k3/8/8/8/8/8/8/4K3[n] b - - 0 1"),
        "{}",
        g.fen()
    );
    let on_b = g.moves().iter().filter(|m| m.uci.starts_with("B:")).count();
    assert_eq!(on_b, 67);
    assert!(g.play("B:N@d5").is_ok());
    assert!(g.undo() && g.undo());
    assert_eq!(g.fen(), before);
    // At depth 2 the capture's subtree is board A's 3 king moves and board B's 67 moves.
    let divide = rulebook::perft::divide(g.as_ref(), 2, 1);
    let after = |m: &str| divide.iter().find(|(u, _)| u == m).map(|(_, n)| *n);
    assert_eq!(after("A:d1d2"), Some(70));
    assert_eq!(after("A:e1d2"), Some(72));
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), g.perft(2));
}

/// A promoted queen taken goes to the partner as a pawn of its side.
#[test]
fn a_promoted_piece_is_passed_as_what_it_was() {
    let mut g = pair("4k3/3Q~4/8/8/8/8/8/4K3[] b - - 0 1", START);
    g.play("A:Kxd7").expect("legal");
    assert!(
        g.fen()
            .contains(" | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w"),
        "{}",
        g.fen()
    );
}

/// The pair's game is over when one board's is: no move on the other board either.
#[test]
fn the_pair_ends_with_either_board() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3";
    let mut g = pair(mated, START);
    let status = g.status();
    assert!(
        status
            .end
            .as_ref()
            .is_some_and(|e| e.rule.starts_with("board A")),
        "{status:?}"
    );
    assert!(g.moves().is_empty());
    assert_eq!(g.perft(2), 0);
    let refused = g.play("B:e4").expect_err("over");
    assert!(refused.message.contains("over"), "{}", refused.message);
}

/// A move names its board; a bad position of either board changes nothing.
#[test]
fn bad_input_names_the_problem_and_keeps_the_pair() {
    let mut g = pair(START, START);
    let e = g.play("e4").expect_err("no board");
    assert!(e.message.contains("names no board"), "{}", e.message);
    let before = g.fen();
    let bad = format!("{START} | {START} extra");
    let e = set_position(&mut g, &bad).expect_err("bad board B");
    assert!(e.span.start > START.len(), "{e:?}");
    assert_eq!(g.fen(), before);
    let mut chess = game("chess");
    let e = set_position(&mut chess, &format!("{START} | {START}")).expect_err("one board");
    assert!(e.message.contains("one board"), "{}", e.message);
}

/// One position: the one-board game, as Fairy-Stockfish plays it; the capture is gone.
#[test]
fn one_position_is_one_board() {
    let mut g = game("bughouse");
    set_position(&mut g, "4k3/8/8/8/8/8/3n4/3QK3[] w - - 0 1").expect("a position");
    assert_eq!(g.boards(), 1);
    g.play("Qxd2").expect("legal");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/3Q4/4K3[] b - - 0 1");
}
