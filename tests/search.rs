//! The computer player: it finds the mates of a set judged by Fairy-Stockfish, the REPL's `go`,
//! `hint` and `computer` commands, Ctrl-C (the stop flag) ending a search at once, and the UCI
//! engine's answers to good and bad commands.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rulebook::cli::repl::Session;
use rulebook::cli::uci::{Out, Uci};
use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
use rulebook::lower::load;
use rulebook::search::{Engine, Limits, Score};

fn game(variant: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load(variant, &mut sources).expect("bundled variant");
    new_game(Arc::new(loaded.variant))
}

/// `tests/search/mates.txt`: `VARIANT;FEN;N`, the side to move mating in N moves as
/// Fairy-Stockfish scores it (found by `tests/search/find_mates.py`).
#[test]
fn finds_every_mate_of_the_set() {
    let set = include_str!("search/mates.txt");
    let mut checked = 0;
    for line in set
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(';').collect();
        let (variant, fen, n) = (parts[0], parts[1], parts[2].parse::<i32>().expect("N"));
        let mut g = game(variant);
        g.set_fen(fen)
            .unwrap_or_else(|e| panic!("{line}: {}", e.message));
        let before = g.fen();
        let limits = Limits {
            depth: Some(2 * n as u32 + 2),
            ..Limits::default()
        };
        let found = g.think(
            &mut Engine::new(4),
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert_eq!(found.score, Score::Mate(n), "{line}: {found:?}");
        // The first move of the line is legal, and the game is left as it was.
        assert_eq!(g.fen(), before, "{line}");
        assert!(g.play(&found.pv[0]).is_ok(), "{line}: {found:?}");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} positions");
}

#[test]
fn a_search_leaves_the_game_as_it_was_in_every_kind_of_variant() {
    for variant in [
        "chess",
        "alice",
        "magnetic",
        "shogi",
        "xiangqi",
        "antichess",
        "monster",
        "progressive1",
    ] {
        let mut g = game(variant);
        let fen = g.fen();
        let limits = Limits {
            nodes: Some(5000),
            ..Limits::default()
        };
        let found = g.think(
            &mut Engine::new(1),
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert_eq!(g.fen(), fen, "{variant}");
        assert!(g.play(&found.pv[0]).is_ok(), "{variant}: {found:?}");
    }
}

#[test]
fn the_repl_searches_hints_and_answers_moves() {
    let mut s = Session::new("chess").unwrap_or_else(|(m, _)| panic!("{m}"));
    let r = s.execute("go depth 3");
    assert!(r.ok, "{r:?}");
    assert!(
        r.out.contains("depth 1 ") && r.out.contains("depth 3 "),
        "{}",
        r.out
    );
    assert!(r.out.contains("best move"), "{}", r.out);
    let r = s.execute("hint nodes 2000");
    assert!(r.ok && r.out.starts_with("hint: "), "{r:?}");
    let r = s.execute("computer black depth 2");
    assert!(r.ok && r.out.is_empty(), "{r:?}");
    let r = s.execute("play e4");
    assert!(r.ok, "{r:?}");
    assert_eq!(
        r.out.lines().filter(|l| !l.starts_with(' ')).count(),
        2,
        "{}",
        r.out
    );
    assert_eq!(s.game().history_len(), 2);
    assert!(s.execute("computer off").ok);
    assert!(s.execute("play d4").ok);
    assert_eq!(s.game().history_len(), 3);
    for bad in [
        "go depth",
        "go depth 0",
        "go speed 3",
        "computer",
        "computer green",
    ] {
        let r = s.execute(bad);
        assert!(!r.ok && r.err.contains("rulebook::usage"), "{bad}: {r:?}");
    }
}

#[test]
fn the_computer_plays_both_sides_to_the_end() {
    let mut s = Session::new("kingofthehill").unwrap_or_else(|(m, _)| panic!("{m}"));
    let r = s.execute("computer both nodes 300");
    assert!(r.ok, "{r:?}");
    assert!(r.out.contains("game over"), "{}", r.out);
}

#[test]
fn a_stopped_search_stops_at_once_and_answers_its_best_move() {
    let mut s = Session::new("chess").unwrap_or_else(|(m, _)| panic!("{m}"));
    let stop = s.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        stop.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let r = s.execute("go depth 60");
    let stopped = Instant::now();
    let asked = stopper.join().expect("the stopper");
    let late = stopped.saturating_duration_since(asked);
    assert!(
        late.as_millis() < 200,
        "stopped {late:?} after it was asked"
    );
    assert!(
        r.err.contains("search stopped") && r.out.contains("best move"),
        "{r:?}"
    );
}

/// A UCI session writing to a buffer.
fn uci_session(script: &[&str]) -> String {
    let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
    let out: Out = buffer.clone();
    let mut uci = Uci::new(out);
    for line in script {
        if !uci.command(line) {
            break;
        }
    }
    uci.finish();
    let bytes = buffer.lock().expect("buffer").clone();
    String::from_utf8(bytes).expect("UTF-8")
}

#[test]
fn uci_identifies_itself_and_plays_legal_moves() {
    let out = uci_session(&[
        "uci",
        "setoption name UCI_Variant value atomic",
        "position startpos moves e2e4 d7d5",
        "go depth 3",
        "isready",
        // `d` waits for the search to end (as every command but stop, isready and quit does).
        "d",
    ]);
    assert!(
        out.contains("option name UCI_Variant type combo default chess"),
        "{out}"
    );
    assert!(out.contains(" var atomic") && out.contains("uciok") && out.contains("readyok"));
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out}"));
    let mut g = game("atomic");
    assert!(g.play("e2e4").is_ok() && g.play("d7d5").is_ok());
    assert!(g.play(best).is_ok(), "{best}");
    assert!(out.contains("info depth 3 score "), "{out}");
}

#[test]
fn uci_counts_perft_as_fairy_stockfish() {
    let out = uci_session(&["position startpos", "go perft 3"]);
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(": ")).count(),
        21,
        "{out}"
    );
}

#[test]
fn uci_answers_bad_commands_with_info_strings() {
    let script = [
        "bogus",
        "position",
        "position fen not/a/fen",
        "position startpos moves e2e5",
        "go depth",
        "go perft many",
        "setoption name UCI_Variant value no-such-variant",
        "setoption name Hash value 0",
        "setoption name Colour value red",
        "go wtime -5 btime x",
        "",
        "position startpos moves e2e4",
        "go nodes 500",
    ];
    let out = uci_session(&script);
    let infos = out.lines().filter(|l| l.starts_with("info string")).count();
    assert_eq!(infos, 10, "{out}");
    // It is still chess, one move played.
    assert!(
        out.lines()
            .any(|l| l.starts_with("bestmove ") && l != "bestmove 0000"),
        "{out}"
    );
    let _ = std::io::stdout().flush();
}

#[test]
fn a_piece_value_given_by_the_file_is_used_and_explained() {
    let path = std::env::temp_dir().join(format!("rulebook-value-{}.variant", std::process::id()));
    let text = "variant heavy \"Heavy knights\" extends chess\n\nreplace piece knight {\n  letters N n\n  value 7.5\n  leap (1,2)\n}\n";
    std::fs::write(&path, text).expect("temp file");
    let mut s = Session::new(path.to_str().expect("path")).unwrap_or_else(|(m, _)| panic!("{m}"));
    let r = s.execute("explain values");
    let _ = std::fs::remove_file(&path);
    assert!(
        r.out
            .contains("white knight: 7.50 (given by the variant file)"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("white rook: 5.04 (from its moves on an empty board)"),
        "{}",
        r.out
    );
    assert!(!r.out.contains("king"), "{}", r.out);
}

#[test]
fn selfplay_reports_every_game_and_the_tally() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args([
            "selfplay",
            "kingofthehill",
            "--games",
            "3",
            "--nodes",
            "300",
        ])
        .output()
        .expect("rulebook runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        3,
        "{text}"
    );
    assert!(text.contains("3 games: white wins "), "{text}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["selfplay", "no-such-variant"])
        .output()
        .expect("rulebook runs");
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
}
