//! SAN over every bundled variant: in each position of the reference suites and its children,
//! the SAN of every legal move is distinct from the others, and reading it back plays exactly
//! that move.

mod common;

use std::collections::HashMap;

use rulebook::bundled;
use rulebook::game::Game;

/// Positions of the suites tried per variant (the start first), and as many of their children.
const POSITIONS_PER_VARIANT: usize = 20;

/// The FENs of the reference suites of `name`: `fairy/NAME.epd` and `perft/NAME.epd`.
fn suite_fens(name: &str) -> Vec<String> {
    let mut fens = vec![];
    for dir in ["fairy", "perft"] {
        let Ok(text) = std::fs::read_to_string(format!("tests/reference/{dir}/{name}.epd")) else {
            continue;
        };
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            fens.push(line.split(';').next().unwrap_or("").trim().to_string());
        }
    }
    fens
}

/// Every SAN clash and every SAN that does not read back as its move, in one position.
fn san_problems(game: &mut dyn Game) -> Vec<String> {
    let fen = game.fen();
    let lines = game.moves();
    let mut problems = vec![];
    let mut seen: HashMap<String, String> = HashMap::new();
    for m in &lines {
        let bare = m.san.trim_end_matches(['+', '#']).to_string();
        if let Some(other) = seen.insert(bare, m.uci.clone()) {
            problems.push(format!("{fen}: {} and {other} are both {}", m.uci, m.san));
        }
        match game.play(&m.san) {
            Ok(played) => {
                game.undo();
                if played.uci != m.uci {
                    problems.push(format!(
                        "{fen}: {} (of {}) reads back as {}",
                        m.san, m.uci, played.uci
                    ));
                }
            }
            Err(e) => problems.push(format!(
                "{fen}: {} (of {}) is refused: {}",
                m.san, m.uci, e.message
            )),
        }
    }
    problems
}

#[test]
fn every_san_is_distinct_and_reads_back_in_every_bundled_variant() {
    let mut problems = vec![];
    let mut positions = 0;
    for name in bundled::names() {
        let mut game = common::game(name);
        let mut roots = suite_fens(name);
        roots.insert(0, game.fen());
        let mut tried = 0;
        let mut queue: Vec<String> = vec![];
        for fen in roots.iter() {
            if tried >= POSITIONS_PER_VARIANT {
                break;
            }
            if game.set_fen(fen).is_err() {
                continue;
            }
            tried += 1;
            problems.extend(
                san_problems(game.as_mut())
                    .into_iter()
                    .map(|p| format!("{name}: {p}")),
            );
            queue.extend(game.moves().into_iter().map(|m| m.fen));
        }
        // Children: spread over the queue so that each root gives a few.
        let step = (queue.len() / POSITIONS_PER_VARIANT.max(1)).max(1);
        for fen in queue.iter().step_by(step) {
            if tried >= 2 * POSITIONS_PER_VARIANT {
                break;
            }
            if game.set_fen(fen).is_err() {
                continue;
            }
            tried += 1;
            problems.extend(
                san_problems(game.as_mut())
                    .into_iter()
                    .map(|p| format!("{name}: {p}")),
            );
        }
        positions += tried;
    }
    assert!(positions > 4000, "only {positions} positions");
    assert!(
        problems.is_empty(),
        "{} SAN problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The SAN of `uci` in `variant` at `fen`, and the UCI of the move that SAN plays.
fn san_round_trip(variant: &str, fen: &str, uci: &str) -> (String, String) {
    let mut game = common::game_at(variant, fen);
    let san = game
        .san(uci)
        .unwrap_or_else(|| panic!("{uci} is legal at {fen}"));
    let played = game
        .play(&san)
        .unwrap_or_else(|e| panic!("{san} plays: {}", e.message));
    (san, played.uci)
}

/// Why `text` is refused at `fen`.
fn refusal(variant: &str, fen: &str, text: &str) -> String {
    let mut game = common::game_at(variant, fen);
    match game.play(text) {
        Ok(p) => panic!("{text} was played as {}", p.uci),
        Err(e) => e.message,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_bishops_san_with_its_rank_is_not_read_as_uci() {
    let fen = "1NB4k/8/2B5/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        san_round_trip("chess", fen, "c8d7"),
        ("B8d7".into(), "c8d7".into())
    );
    let mut game = common::game_at("chess", fen);
    assert_eq!(game.play("b8d7").expect("the knight's move").uci, "b8d7");
}

#[test]
fn an_upper_case_promotion_letter_and_a_lower_case_drop_letter_still_read_as_uci() {
    let mut game = common::game_at("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(game.play("a7a8Q").expect("a promotion").uci, "a7a8q");
    let mut game = common::game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(game.play("p@e4").expect("a drop").uci, "P@e4");
}

#[test]
fn a_push_that_promotes_names_the_piece_in_its_san() {
    let fen = "4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1";
    for (uci, san) in [
        ("b1b4b", "Rb4=B"),
        ("b1b4n", "Rb4=N"),
        ("b1b4q", "Rb4=Q"),
        ("b1b4r", "Rb4=R"),
    ] {
        assert_eq!(
            san_round_trip("magnetic", fen, uci),
            (san.into(), uci.into())
        );
    }
}

#[test]
fn pieces_of_one_letter_on_two_layers_are_told_apart() {
    let fen = "rn1qkb1r/pp2pppp/2s1co2/3p3T/1P4S1/4S2S/P1PP1P2/RNB1KBNR b KQkq - 1 6";
    assert_eq!(
        san_round_trip("alice", fen, "b8d7"),
        ("Nbd7".into(), "b8d7".into())
    );
    assert_eq!(
        san_round_trip("alice", fen, "f6d7"),
        ("Nfd7".into(), "f6d7".into())
    );
}

#[test]
fn a_demotion_is_recorded_as_the_move_it_is() {
    let fen = "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1";
    assert_eq!(
        san_round_trip("kyotoshogi", fen, "a1a2-"),
        ("+La2=L".into(), "a1a2-".into())
    );
}

#[test]
fn a_pawns_san_never_starts_with_a_rank() {
    let fen = "4k3/8/8/8/4P3/8/4P3/4K3 w - - 0 1";
    assert_eq!(
        san_round_trip("pawnback", fen, "e4e3"),
        ("e4e3".into(), "e4e3".into())
    );
}

#[test]
fn a_capture_written_for_a_pawn_that_cannot_capture_says_so() {
    let why = refusal("chess", START, "exf3");
    assert!(
        why.contains("no white pawn on the e-file can capture on f3"),
        "{why}"
    );
}

#[test]
fn a_capture_mark_on_a_quiet_move_is_refused() {
    let why = refusal("chess", START, "Nxf3");
    assert!(why.contains("there is nothing to capture on f3"), "{why}");
}

#[test]
fn more_check_marks_than_one_are_refused() {
    let text = format!("Nf3{}", "+".repeat(5000));
    let why = refusal("chess", START, &text);
    assert!(why.contains("is not a move"), "{why}");
    let mut game = common::game("chess");
    assert_eq!(
        game.play("Nf3+!?").expect("one mark and annotations").uci,
        "g1f3"
    );
}

#[test]
fn pass_in_a_variant_without_passing_says_so() {
    let why = refusal("chess", START, "pass");
    assert!(why.contains("this variant has no pass move"), "{why}");
}

#[test]
fn a_malformed_drop_is_named() {
    let why = refusal("crazyhouse", START, "P@@e4");
    assert!(why.contains("`P@@e4` is not a move"), "{why}");
    let why = refusal("chess", START, "P@e6+");
    assert!(
        why.contains("no piece is ever dropped in this variant"),
        "{why}"
    );
}

#[test]
fn a_san_into_check_says_why() {
    let why = refusal("chess", "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", "Kd7");
    assert!(
        why.contains("would leave the royal piece attacked"),
        "{why}"
    );
}

/// A saved game names its variant by title (`[Variant "Dragon chess"]`): two bundled variants
/// with one title would load each other's games.
#[test]
fn every_bundled_variant_has_its_own_title() {
    let mut by_title: HashMap<String, &str> = HashMap::new();
    for name in bundled::names() {
        let game = common::game(name);
        let title = game
            .variant()
            .title
            .clone()
            .unwrap_or_else(|| name.to_string());
        if let Some(other) = by_title.insert(title.to_lowercase(), name) {
            panic!("{other} and {name} are both titled {title:?}");
        }
    }
}

#[test]
fn the_winning_check_of_three_check_is_written_as_a_check() {
    let (san, _) = san_round_trip("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", "a1a8");
    assert_eq!(san, "Ra8+");
    let (san, _) = san_round_trip("3check", "4k3/R7/8/8/8/8/8/1R2K3 w - - 1+3 0 1", "b1b8");
    assert_eq!(san, "Rb8#");
}

#[test]
fn lichess_check_counters_after_the_clocks_are_read() {
    let mut game = common::game("3check");
    game.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0")
        .expect("lichess's FEN");
    assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
}

#[test]
fn shogi_moves_are_read_in_usi() {
    let mut game = common::game("shogi");
    assert_eq!(game.play("7g7f").expect("a pawn's push").uci, "c3c4");
    assert_eq!(game.play("3c3d").expect("a pawn's push").uci, "g7g6");
    assert_eq!(
        game.play("8h2b+").expect("a capture that promotes").uci,
        "b2h8+"
    );
    assert_eq!(game.play("8b2b").expect("the rook takes back").uci, "b8h8");
    assert_eq!(game.play("B*5e").expect("a drop").uci, "B@e5");
    let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL[P] w - - 0 1";
    let mut game = common::game_at("shogi", fen);
    assert_eq!(game.play("P*7f").expect("a pawn's drop").uci, "P@c4");
}

#[test]
fn a_wrong_usi_move_says_what_it_read() {
    let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
    let why = refusal("shogi", fen, "5e5d");
    assert!(why.contains("there is no piece on e5"), "{why}");
    assert!(why.contains("`5e5d` is USI for `e5e6`"), "{why}");
    let why = refusal("shogi", fen, "P*5e");
    assert!(why.contains("white has no `P` in hand"), "{why}");
    let why = refusal("minishogi", "rbsgk/4p/5/P4/KGSBR[] w - - 0 1", "6e5e");
    assert!(why.contains("names a square off the board"), "{why}");
    let why = refusal("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "8b8a+");
    assert!(
        why.contains("`8b8a+` promotes, but to which piece?"),
        "{why}"
    );
    let why = refusal("grand", &common::game("grand").fen(), "7g7f");
    assert!(
        why.contains("USI, which names squares on boards up to 9x9 only"),
        "{why}"
    );
}
