//! Go's capture: the `surrounded` scan, `no suicide` and `captures N`, as moves are played and
//! counted (Atarigo's reference perft is in tests/reference/vchess/atarigo.epd).

use rulebook::diagnostics::Sources;
use rulebook::game::Game;
use rulebook::lower::{Origin, load_text};

fn game(text: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    match load_text("test.variant", text, Origin::Bundled, &mut sources) {
        Ok(l) => rulebook::game::new_game(std::sync::Arc::new(l.variant)),
        Err(e) => panic!("{text}\n{e:?}"),
    }
}

/// Atarigo with another effect origin, another end or pieces that move.
fn atarigo(origin: &str, end: &str, piece: &str) -> String {
    format!(
        "variant go\nboard 7 x 7\npiece stone {{\n  letters P p\n{piece}}}\nhand {{\n  drop stone free\n}}\n\
         effect go-capture {{\n  from moved{origin}\n  surrounded (1,0)\n  when target.side == enemy: remove target\n  no suicide\n}}\n\
         start \"7/7/7/7/7/7/7 w - - 0 1\"\nend {{\n  {end}\n  stalemate draws\n}}\n"
    )
}

const POSITIONS: [&str; 4] = [
    "7/7/7/7/7/p6/1p5 w - - 0 1",
    "7/7/7/7/7/pP5/1pP4 w - - 0 1",
    "7/7/7/2P4/1PpP3/1PpP3/2p4 w - - 0 1",
    "pPp4/Pp5/p1P4/2pP3/7/1PpP3/2P4 b - - 0 3",
];

/// Drops judged from the groups around them (the effect only removes) count as drops played
/// and judged one by one (an origin filter that always holds keeps them from the fast path).
#[test]
fn drops_judged_before_play_count_as_drops_played() {
    let fast = atarigo("", "captures 1 wins", "");
    let played = atarigo(" where not origin.royal", "captures 1 wins", "");
    for fen in POSITIONS {
        let (mut a, mut b) = (game(&fast), game(&played));
        a.set_fen(fen).expect("a position");
        b.set_fen(fen).expect("a position");
        for depth in 1..=3 {
            assert_eq!(a.perft(depth), b.perft(depth), "{fen} depth {depth}");
        }
    }
}

/// A suicide is refused; the same square is legal when it takes the group next to it.
#[test]
fn suicide_is_refused_unless_the_stone_takes() {
    let mut g = game(&atarigo("", "captures 1 wins", ""));
    g.set_fen("7/7/7/7/7/p6/1p5 w - - 0 1").expect("a position");
    assert!(g.play("P@a1").is_err());
    g.set_fen("7/7/7/7/7/pP5/1pP4 w - - 0 1")
        .expect("a position");
    g.play("P@a1").expect("a1 takes b1");
    assert_eq!(g.fen(), "7/7/7/7/7/pP5/P1P4 b - - 0 1 1+0");
    assert_eq!(
        g.status().end.map(|e| e.winner),
        Some(Some(rulebook::ir::Side::White))
    );
}

/// `captures 3`: the pieces are counted, a group of two counting two, and the game goes on
/// until a side has three; the FEN keeps the counts.
#[test]
fn captures_count_pieces_across_moves() {
    let mut g = game(&atarigo("", "captures 3 wins", ""));
    g.set_fen("7/7/7/2P4/1PpP3/1PpP3/7 w - - 0 1")
        .expect("a position");
    g.play("P@c1").expect("c1 takes c2 and c3");
    assert_eq!(g.fen(), "7/7/7/2P4/1P1P3/1P1P3/2P4 b - - 0 1 2+0");
    assert!(g.status().end.is_none());
    g.set_fen("7/7/7/7/7/7/7 b - - 0 1 2+1")
        .expect("a position");
    assert_eq!(g.fen(), "7/7/7/7/7/7/7 b - - 0 1 2+1");
    g.set_fen("7/7/7/7/7/7/7 b - - 0 1 3+0")
        .expect("a position");
    assert_eq!(
        g.status().end.map(|e| e.winner),
        Some(Some(rulebook::ir::Side::White))
    );
    assert_eq!(g.perft(1), 0);
}

/// A stone that moves (here one step diagonally) is judged by playing it: it may not step
/// onto a point where its group has no liberty, and it takes by moving too.
#[test]
fn a_moving_stone_is_judged_as_a_drop() {
    let mut g = game(&atarigo("", "captures 1 wins", "  leap (1,1)\n"));
    // a2 has black on a1, a3 and b2 around it, each with a liberty of its own.
    g.set_fen("7/7/7/7/pP5/1p5/p6 w - - 0 1")
        .expect("a position");
    assert!(g.play("b3a2").is_err());
    assert!(g.play("b3c2").is_ok());
    // Black's a1 has a2 as its last liberty: the step there takes it.
    g.set_fen("7/7/7/7/1P5/7/pP5 w - - 0 1")
        .expect("a position");
    g.play("b3a2").expect("a2 takes a1");
    assert_eq!(g.fen(), "7/7/7/7/7/P6/1P5 b - - 1 1 1+0");
}
