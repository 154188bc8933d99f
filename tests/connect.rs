//! `connect` end conditions: rows, blocks and chains of the side that just moved, as the game's
//! status judges them.

use rulebook::diagnostics::Sources;
use rulebook::ir::Side::{Black, White};
use rulebook::lower::{Origin, load_text};

fn loads(text: &str) -> rulebook::ir::Variant {
    let mut sources = Sources::default();
    match load_text("test.variant", text, Origin::Bundled, &mut sources) {
        Ok(l) => l.variant,
        Err(e) => panic!("{text}\n{e:?}"),
    }
}

/// The rule that ended the game at `fen` and its winner, or `None` while it goes on.
fn end_at(text: &str, fen: &str) -> Option<(String, Option<rulebook::ir::Side>)> {
    let mut game = rulebook::game::new_game(std::sync::Arc::new(loads(text)));
    game.set_fen(fen).expect("a position");
    game.status().end.map(|e| (e.rule, e.winner))
}

/// Stones on a 5x5 board, dropped from the hands; `end` is the body of the end block.
fn stones(end: &str) -> String {
    format!(
        "variant stones\nboard 5 x 5\npiece stone {{\n  letters P p\n}}\npiece pebble {{\n  letters Q q\n}}\n\
         hand {{ }}\nstart \"5/5/5/5/5[PPPPpppp] w - - 0 1\"\nend {{\n  {end}\n  stalemate draws\n}}\n"
    )
}

fn won(by: rulebook::ir::Side) -> Option<(String, Option<rulebook::ir::Side>)> {
    Some(("connection".into(), Some(by)))
}

#[test]
fn a_row_of_the_side_that_just_moved_ends_the_game() {
    let text = stones("connect 3 wins");
    assert_eq!(end_at(&text, "5/5/5/pp3/PPP2[Pp] b - - 0 1"), won(White));
    assert_eq!(end_at(&text, "5/p4/p4/p4/PP3[Pp] w - - 0 1"), won(Black));
    // Only the mover's pieces are looked at: white's own row, white to move, goes on.
    assert_eq!(end_at(&text, "5/5/5/pp3/PPP2[Pp] w - - 0 1"), None);
    // Two in a row, or three with a gap, are no row.
    assert_eq!(end_at(&text, "5/5/5/pp3/PP1P1[Pp] b - - 0 1"), None);
}

#[test]
fn rows_wrap_neither_around_the_board_nor_across_ranks() {
    let text = stones("connect 3 wins");
    // d1 e1 and a2 follow each other as squares, but lie on no line.
    assert_eq!(end_at(&text, "5/5/5/P3p/3PP[Pp] b - - 0 1"), None);
    // e1 d2 c3 is a diagonal; e1 a2 ... is not.
    assert_eq!(end_at(&text, "5/5/2P2/3P1/4P[Pp] b - - 0 1"), won(White));
    assert_eq!(end_at(&text, "5/P4/5/4P/3P1[Pp] b - - 0 1"), None);
}

#[test]
fn along_keeps_only_the_lines_named() {
    let text = stones("connect 3 along files ranks wins");
    assert_eq!(end_at(&text, "5/5/2P2/1P3/P4[Pp] b - - 0 1"), None);
    assert_eq!(end_at(&text, "5/5/P4/P4/P4[Pp] b - - 0 1"), won(White));
    let diagonals = stones("connect 3 along diagonals wins");
    assert_eq!(end_at(&diagonals, "5/5/P4/P4/P4[Pp] b - - 0 1"), None);
    assert_eq!(
        end_at(&diagonals, "5/5/P4/1P3/2P2[Pp] b - - 0 1"),
        won(White)
    );
}

#[test]
fn with_counts_only_those_kinds_and_loses_gives_the_other_side_the_game() {
    let text = stones("connect 3 with pebble loses");
    assert_eq!(end_at(&text, "5/5/5/5/PPQ2[Pp] b - - 0 1"), None);
    assert_eq!(end_at(&text, "5/5/5/5/QQQ2[Pp] b - - 0 1"), won(Black));
}

#[test]
fn a_block_must_be_tight() {
    let text = stones("connect 2 x 2 wins");
    assert_eq!(end_at(&text, "5/5/5/1PP2/1PP2[Pp] b - - 0 1"), won(White));
    assert_eq!(end_at(&text, "5/5/P1P2/5/P1P2[Pp] b - - 0 1"), None);
    // Across the edge of the board: e1 e2 and a2 a3 are no block.
    assert_eq!(end_at(&text, "5/5/P4/P3P/4P[Pp] b - - 0 1"), None);
    let wide = stones("connect 3 x 1 wins");
    assert_eq!(end_at(&wide, "5/5/5/5/PPP2[Pp] b - - 0 1"), won(White));
    assert_eq!(end_at(&wide, "5/5/P4/P4/P4[Pp] b - - 0 1"), None);
}

#[test]
fn a_chain_joins_the_regions_bending_any_way() {
    let text = stones("connect west to east along files ranks wins").replace(
        "end {",
        "region west white file a black rank 1\nregion east white file e black rank 5\nend {",
    );
    // White's chain turns back west before file e, and e1 e2 stand apart.
    assert_eq!(end_at(&text, "5/PPP2/P1P2/PPP1P/4P[Pp] b - - 0 1"), None);
    // It goes up, east, down (c4 to c2) and east again to e2.
    assert_eq!(
        end_at(&text, "5/PPP2/P1P2/P1PPP/PP3[Pp] b - - 0 1"),
        won(White)
    );
    // A diagonal step does not join along files and ranks.
    assert_eq!(end_at(&text, "5/5/5/PP1PP/2P2[Pp] b - - 0 1"), None);
    // Black joins its first rank (rank 5 of the board) to its fifth.
    assert_eq!(
        end_at(&text, "2p2/2p2/2pp1/3p1/3p1[Pp] w - - 0 1"),
        won(Black)
    );
}

#[test]
fn the_dump_says_the_shape_and_the_lines() {
    let v = loads(&stones("connect 4 with stone along files ranks wins"));
    let dump = v.to_string();
    assert!(
        dump.contains("4 of the mover's stone in a row along files, ranks: the mover wins"),
        "{dump}"
    );
    let v = loads(&stones("connect 2 x 2 wins"));
    assert!(
        v.to_string()
            .contains("the mover's pieces filling a block 2 files wide and 2 ranks high"),
        "{v}"
    );
}

#[test]
fn remove_end_connect_takes_every_connect_away() {
    let teeko = loads("variant t extends teeko\n");
    assert_eq!(teeko.end.len(), 3);
    let v = loads("variant t extends teeko\nremove end connect\n");
    assert_eq!(v.end.len(), 1);
    assert_eq!(v.end[0].cond.name(), "stalemate");
}
