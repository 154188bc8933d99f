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
use rulebook::search::{Engine, Limits, Progress, Score};

fn game(variant: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load(variant, &mut sources).expect("bundled variant");
    new_game(Arc::new(loaded.variant))
}

/// `tests/search/mates.txt`: `VARIANT;FEN;N`, the side to move mating in N moves as
/// Fairy-Stockfish scores it (found by `tests/search/find_mates.py`).
/// What the computer finds in `fen` within `nodes` nodes.
fn search_at(variant: &str, fen: &str, nodes: u64) -> Progress<String> {
    let mut g = game(variant);
    g.set_fen(fen).expect("the FEN reads");
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    g.think(&mut Engine::new(8), &limits, &stop, &mut |_| {})
}

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

/// A search in one thread does what it did before the table was shared between threads: the
/// depth, nodes and line of its answer at `go nodes 100000` (a stopped iteration's best line
/// counts from the depth before it), recorded when the pruning and evaluation of the `strength`
/// work met the threads (its engine alone gave the same lines over UCI). A change to the
/// search's pruning, ordering or evaluation changes these and must record them again; a change
/// to the table or the threads must not.
#[test]
fn one_thread_searches_as_before_the_threads() {
    let middlegame = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let recorded = [
        (
            "chess",
            None,
            9,
            100096,
            "b1c3 g8f6 e2e4 e7e5 g1f3 f8b4 f3e5 b4c3 d2c3 f6e4",
        ),
        (
            "chess",
            Some(middlegame),
            8,
            100096,
            "d5e6 e7e6 e2a6 h3g2 f3g2 e6e5 f2f4 e5d4",
        ),
        (
            "crazyhouse",
            None,
            10,
            100096,
            "b1c3 b8c6 d2d4 d7d5 c1f4 f7f6 f4e3 c8g4 d1d3 d8d6",
        ),
        (
            "atomic",
            None,
            10,
            100096,
            "g1f3 f7f6 b1c3 c7c6 d2d4 d7d5 d1d3 c8f5 d3e3 f5e4",
        ),
        (
            "xiangqi",
            None,
            7,
            100096,
            "h3g3 b8c8 g3g7 d10e9 d1e2 c8c4 h1g3 b10c8",
        ),
        (
            "shogi",
            None,
            9,
            100096,
            "c1c2 c9c8 g1f2 d9e8 c3c4 g7g6 b2d4 h8d4 d3d4",
        ),
        (
            "orda",
            None,
            9,
            100096,
            "b1c3 g8e7 d2d4 b8d7 g1f3 g6g5 h2h3 a8c7 c1e3",
        ),
        (
            "antichess",
            None,
            7,
            100096,
            "b1c3 b7b5 c3b5 c8b7 b5a7 b7g2 f1g2",
        ),
    ];
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    for (variant, fen, depth, nodes, pv) in recorded {
        let mut g = game(variant);
        if let Some(f) = fen {
            g.set_fen(f).expect("the FEN reads");
        }
        let stop = AtomicBool::new(false);
        let found = g.think(&mut Engine::new(16), &limits, &stop, &mut |_| {});
        let got = (found.depth, found.nodes, found.pv.join(" "));
        assert_eq!(got, (depth, nodes, pv.to_string()), "{variant} {fen:?}");
    }
}

/// Two threads: a legal line, the node limit counting both threads' nodes, and `stop`
/// ending both at once.
#[test]
fn two_threads_answer_a_legal_move_and_stop_together() {
    let mut engine = Engine::new(16);
    engine.threads = 2;
    let stop = AtomicBool::new(false);
    for variant in ["chess", "crazyhouse", "xiangqi"] {
        let mut g = game(variant);
        let limits = Limits {
            nodes: Some(50_000),
            ..Limits::default()
        };
        let mut reported = 0;
        let found = g.think(&mut engine, &limits, &stop, &mut |p| reported = p.nodes);
        // The whole line is legal (followed on through the table where a helper cut it).
        for m in &found.pv {
            assert!(g.play(m).is_ok(), "{variant}: {m} in {:?}", found.pv);
        }
        assert!(reported <= 50_000 + 2 * 1024, "{variant}: {reported} nodes");
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let limits = Limits {
        depth: Some(60),
        ..Limits::default()
    };
    let found = game("chess").think(&mut engine, &limits, &stop, &mut |_| {});
    let late = Instant::now().saturating_duration_since(stopper.join().expect("the stopper"));
    assert!(
        late.as_millis() < 200,
        "stopped {late:?} after it was asked"
    );
    assert!(game("chess").play(&found.pv[0]).is_ok(), "{:?}", found.pv);
}

/// Two threads find the mates one thread finds (the first ten of the set).
#[test]
fn two_threads_find_the_mates() {
    let set = include_str!("search/mates.txt");
    let mut engine = Engine::new(16);
    engine.threads = 2;
    for line in set
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .take(10)
    {
        let fields: Vec<&str> = line.split(';').collect();
        let (variant, fen, n) = (fields[0], fields[1], fields[2].parse::<i32>().expect("N"));
        let mut g = game(variant);
        g.set_fen(fen).expect("the FEN reads");
        let limits = Limits {
            depth: Some(2 * n as u32 + 2),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        engine.table.clear();
        let found = g.think(&mut engine, &limits, &stop, &mut |_| {});
        assert_eq!(found.score, Score::Mate(n), "{line}: {:?}", found.pv);
    }
}

#[test]
fn uci_offers_threads_and_searches_with_them() {
    let out = uci_session(&[
        "uci",
        "setoption name Threads value 2",
        "position startpos",
        "go nodes 20000",
        "isready",
        "setoption name Threads value 0",
    ]);
    assert!(
        out.contains("option name Threads type spin default 1 min 1 max "),
        "{out}"
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(game("chess").play(best).is_ok(), "{best}");
    assert!(
        out.contains("info string Threads: `0` is not 1 to "),
        "{out}"
    );
}

#[test]
fn the_repl_sets_the_threads_of_its_searches() {
    let mut s = Session::new("chess").unwrap_or_else(|(m, _)| panic!("{m}"));
    let r = s.execute("threads 1");
    assert!(r.ok && r.out.contains("searches with 1 of "), "{r:?}");
    let r = s.execute("threads 0");
    assert!(
        !r.ok && r.err.contains("is not a number of threads"),
        "{r:?}"
    );
    let r = s.execute("hint nodes 3000");
    assert!(r.ok && r.out.contains("hint: "), "{r:?}");
}

/// Games played in parallel end as they end in one thread: each is searched in one thread.
#[test]
fn selfplay_in_threads_plays_the_games_of_one_thread() {
    let run = |threads: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args([
                "selfplay",
                "kingofthehill",
                "--games",
                "4",
                "--nodes",
                "400",
            ])
            .args(["--threads", threads])
            .output()
            .expect("rulebook runs");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let one = run("1");
    assert_eq!(one.lines().filter(|l| l.starts_with("game ")).count(), 4);
    assert_eq!(run("3"), one);
}

/// The quiescence's noisy moves, listed apart from the quiet ones, are exactly the noisy moves
/// of the full legal list, in its order: at every position of the reference suites
/// (`tests/reference/*/*.epd`) and one move after each.
#[test]
fn noisy_moves_apart_are_those_of_the_legal_list() {
    let mut dirs: Vec<_> = std::fs::read_dir("tests/reference")
        .expect("reference directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let (mut positions, mut noisy, mut problems) = (0, 0, vec![]);
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("suite directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "epd"))
            .collect();
        files.sort();
        for path in files {
            let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
            let spec = if rulebook::bundled::get(name).is_some() {
                name.to_string()
            } else {
                format!("tests/variants/{name}.variant")
            };
            let mut g = game(&spec);
            let text = std::fs::read_to_string(&path).expect("suite");
            for line in text.lines() {
                let Ok(Some((fen, _))) = rulebook::perft::parse_line(line) else {
                    continue;
                };
                if g.set_fen(&fen).is_err() {
                    continue;
                }
                let mut check = |g: &mut dyn Game, at: &str| {
                    if let Some([apart, filtered]) = g.noisy_moves() {
                        positions += 1;
                        noisy += filtered.len();
                        if apart != filtered {
                            problems.push(format!(
                                "{name} {at}\n  apart {apart:?}\n  legal {filtered:?}"
                            ));
                        }
                    }
                };
                check(g.as_mut(), &fen);
                for m in g.root_moves() {
                    if g.play(&m).is_ok() {
                        check(g.as_mut(), &format!("{fen} moves {m}"));
                        g.undo();
                    }
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} differ:\n{}",
        problems.len(),
        problems[..problems.len().min(20)].join("\n")
    );
    assert!(
        positions > 100_000 && noisy > 100_000,
        "{positions} positions, {noisy} noisy moves"
    );
}

/// Cannibal2 before its 30th move: white's queen on f1, black's pawns on e4 and d5.
const FORCED_CHAIN: &str = "5k2/p7/P1p5/3p4/4pp1p/8/2P2K2/5Q2 w - - 0 30";

/// Where a capture at hand must be made, quiescence does not stand on the evaluation. In
/// Cannibal2 (a capturer becomes what it took, captures forced) Qd3 offers the queen: exd3
/// must take it, cxd3 must take back, and after c5 the new queen must take d5 and become a
/// pawn: standing on the evaluation along the chain, the search counted the queen kept.
#[test]
fn a_forced_capture_is_made_in_quiescence() {
    let found = search_at("cannibal2", FORCED_CHAIN, 2000);
    let first = found.pv.first().map(String::as_str);
    assert_ne!(first, Some("f1d3"), "{:?}", found.pv);
}

/// Where every move draws with best play (Tic-tac-toe), the computer makes one that leaves the
/// other side replies letting it win at once: a threat to answer, not a quiet drop (c1, which
/// it played without the tie-break). The score said is still the draw's.
#[test]
fn among_drawn_moves_one_leaving_losing_replies_is_made() {
    let found = search_at("tictactoe", "1pP/1P1/pP1[PPpp] b - - 0 3", 2000);
    let first = found.pv.first().map(String::as_str);
    assert!(matches!(first, Some("P@a2" | "P@a3")), "{:?}", found.pv);
    assert_eq!(found.score, Score::Centipawns(0));
}
