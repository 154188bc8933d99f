//! `rulebook xboard`, the CECP engine, driven in-process as XBoard drives it: the features, the
//! `setup` and `piece` lines of a variant XBoard does not know, moves in XBoard's notation
//! (ranks from 0 on Xiangqi's ten), the result line after a mate, perft, and bad input
//! answered by `Error` and `Illegal move` lines. `tests/xboard/cecp.py` (run by `.ci/run`)
//! plays whole games on a clock through the binary.

use std::sync::{Arc, Mutex};

use rulebook::cli::xboard::{Out, XBoard};
use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
use rulebook::lower::load;

fn game(variant: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load(variant, &mut sources).expect("bundled variant");
    new_game(Arc::new(loaded.variant))
}

/// The session's lines for a script; a final `ping` waits for a move being thought about.
fn session(script: &[&str]) -> Vec<String> {
    let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
    let out: Out = buffer.clone();
    let mut xboard = XBoard::new(out);
    for line in script.iter().chain(&["ping 999"]) {
        if !xboard.command(line) {
            break;
        }
    }
    xboard.finish();
    let bytes = buffer.lock().expect("buffer").clone();
    String::from_utf8(bytes)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

fn moves_sent(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("move "))
        .collect()
}

#[test]
fn protover_lists_the_features_and_the_bundled_variants() {
    let lines = session(&["xboard", "protover 2"]);
    assert_eq!(lines.first().map(String::as_str), Some("feature done=0"));
    assert_eq!(lines[lines.len() - 2], "feature done=1");
    let all = lines.join(" ");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "san=0",
        "colors=0",
    ] {
        assert!(all.contains(f), "{f}: {all}");
    }
    let variants = all.split("variants=\"").nth(1).expect("variants");
    let variants: Vec<&str> = variants
        .split('"')
        .next()
        .expect("list")
        .split(',')
        .collect();
    assert_eq!(variants[0], "normal");
    for v in ["orda", "xiangqi", "shogi", "crazyhouse", "atomic"] {
        assert!(variants.contains(&v), "{v}");
    }
    assert_eq!(lines.last().map(String::as_str), Some("pong 999"));
}

/// Orda is unknown to XBoard: the setup names its size, letters and start, and each of its
/// pieces gets a Betza line; Xiangqi XBoard knows, so it gets none.
#[test]
fn a_variant_xboard_does_not_know_is_described_by_setup_and_piece_lines() {
    let lines = session(&["new", "variant orda"]);
    let start = game("orda").fen();
    assert_eq!(
        lines[0],
        format!("setup (PNBRQ.......H........Kpnbrqy.a....h.....l..k) 8x8+0_fairy {start}"),
        "{lines:?}"
    );
    for piece in [
        "piece P& mfWimfW2cfF",
        "piece N& N",
        "piece l mNcR",
        "piece a mNcB",
        "piece y FfW",
        "piece H& WFN",
        "piece K WFO2",
        "piece k WF",
    ] {
        assert!(lines.iter().any(|l| l == piece), "{piece}: {lines:?}");
    }
    let lines = session(&["new", "variant xiangqi"]);
    assert_eq!(lines, ["pong 999"]);
}

/// A drop variant XBoard does not know borrows Shogi's rules when its pieces promote to `+`
/// forms: a holding for each kind that can be dropped, each promoted form 11 types after its
/// base (the silver on the Ferz's type, as XBoard's own Shogi has it).
#[test]
fn minishogi_is_described_with_holdings_and_promoted_forms() {
    let lines = session(&["variant minishogi"]);
    let setup = &lines[0];
    assert!(
        setup.starts_with("setup (P.BR.S...G.+.++.+....Kp.br.s"),
        "{setup}"
    );
    assert!(setup.contains(" 5x5+5_shogi "), "{setup}");
    assert!(lines.iter().any(|l| l == "piece +P& WfF"), "{lines:?}");
}

/// Xiangqi's ranks count from 0 in XBoard: the cannon's h3e3 is sent as h2e2, and the
/// engine's answers, read back, are legal.
#[test]
fn xiangqi_moves_are_read_and_written_with_ranks_from_zero() {
    let lines = session(&["new", "variant xiangqi", "sd 2", "usermove h2e2"]);
    let sent = moves_sent(&lines);
    assert_eq!(sent.len(), 1, "{lines:?}");
    let mut g = game("xiangqi");
    g.play("h3e3").expect("the cannon's move");
    let back: String = sent[0]
        .split_inclusive(|c: char| c.is_ascii_digit())
        .map(|part| {
            let (head, digit) = part.split_at(part.len() - 1);
            let rank: u32 = digit.parse().expect("a rank digit");
            format!("{head}{}", rank + 1)
        })
        .collect();
    assert!(g.play(&back).is_ok(), "{} read as {back}", sent[0]);
    let perft = session(&["variant xiangqi", "perft 2"]);
    assert!(
        perft.contains(&"Nodes searched: 1920".to_string()),
        "{perft:?}"
    );
    assert!(perft.contains(&"h2e2: 45".to_string()), "{perft:?}");
}

/// The engine mates as black and says so; the user's mating move is answered by the result
/// (`playother`: the engine plays the side not to move).
#[test]
fn a_mate_is_followed_by_the_result_line() {
    let lines = session(&[
        "new",
        "sd 3",
        "force",
        "f2f3",
        "e7e5",
        "usermove g2g4",
        "go",
    ]);
    assert_eq!(moves_sent(&lines), ["d8h4"], "{lines:?}");
    assert!(lines.iter().any(|l| l == "0-1 {Black mates}"), "{lines:?}");
    let lines = session(&[
        "new",
        "force",
        "setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "playother",
        "usermove d8h4",
    ]);
    assert!(moves_sent(&lines).is_empty(), "{lines:?}");
    assert!(lines.iter().any(|l| l == "0-1 {Black mates}"), "{lines:?}");
}

/// Thinking output is `ply score time nodes pv`; `?` makes the engine move at once.
#[test]
fn post_shows_the_thinking_and_the_engine_plays_white_after_go() {
    let lines = session(&["new", "post", "st 1", "go"]);
    let thinking = lines
        .iter()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let fields: Vec<&str> = thinking.split(' ').collect();
    assert!(fields.len() >= 5, "{thinking}");
    assert!(
        fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
        "{thinking}"
    );
    let sent = moves_sent(&lines);
    assert_eq!(sent.len(), 1, "{lines:?}");
    assert!(game("chess").play(sent[0]).is_ok(), "{}", sent[0]);
}

#[test]
fn bad_input_is_answered_by_error_and_illegal_move_lines() {
    let lines = session(&[
        "bogus",
        "level 40 five 0",
        "sd x",
        "variant no-such-variant",
        "memory lots",
        "perft many",
        "option Colour=red",
        "new",
        "force",
        "usermove e2e5",
        "e2e5",
        "undo",
        "setboard not/a/fen",
        "usermove e2e4",
    ]);
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("Error (")).collect();
    assert_eq!(errors.len(), 8, "{lines:?}");
    assert!(lines.contains(&"Error (unknown command): bogus".to_string()));
    assert!(lines.contains(&"Error (unknown variant): variant no-such-variant".to_string()));
    let illegal = lines.iter().filter(|l| *l == "Illegal move: e2e5").count();
    assert_eq!(illegal, 2, "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("tellusererror Illegal position")),
        "{lines:?}"
    );
    // Still chess in force mode, e2e4 played and no move sent.
    assert!(moves_sent(&lines).is_empty(), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("pong 999"));
}

/// `cores N` sets the search's threads (smp=1); a bad count is an error.
#[test]
fn cores_sets_the_threads_of_the_search() {
    let lines = session(&["new", "cores 2", "cores many", "st 1", "go"]);
    assert!(
        lines.contains(&"Error (bad parameters): cores many".to_string()),
        "{lines:?}"
    );
    let sent = moves_sent(&lines);
    assert_eq!(sent.len(), 1, "{lines:?}");
    assert!(game("chess").play(sent[0]).is_ok(), "{}", sent[0]);
}
