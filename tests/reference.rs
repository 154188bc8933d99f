//! Perft and move lists against the reference data in `tests/reference/` (independent
//! implementations: vchess and Fairy-Stockfish). One generic driver for every variant.

mod common;

use rulebook::perft as epd;
use serde_json_lite::parse_moves_line;

fn run_epd(variant: &str) {
    let text = std::fs::read_to_string(format!("tests/reference/perft/{variant}.epd"))
        .expect("reference file");
    let mut game = common::game(variant);
    let mut failures = vec![];
    let summary = epd::run(game.as_mut(), &text, None, 2, &mut |l| failures.push(l))
        .expect("well-formed suite");
    assert!(
        failures.is_empty(),
        "{variant}: {} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(summary.failed, 0);
    assert!(
        summary.passed >= 40,
        "{variant}: only {} positions",
        summary.passed
    );
}

/// The `.epd` files of a directory of `tests/reference/`, sorted.
fn suites_in(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(format!("tests/reference/{dir}"))
        .expect("reference directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "epd"))
        .collect();
    files.sort();
    files
}

/// Runs every suite of `files`, the variant of each named by `spec_of(file stem)`; returns the
/// failures, one line each.
fn run_suites(files: &[std::path::PathBuf], spec_of: impl Fn(&str) -> String) -> Vec<String> {
    let mut problems = vec![];
    for path in files {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        let text = std::fs::read_to_string(path).expect("reference file");
        let mut game = common::game(&spec_of(name));
        let mut failures = vec![];
        match epd::run(game.as_mut(), &text, None, 2, &mut |l| failures.push(l)) {
            Ok(s) if s.passed < 3 => problems.push(format!("{name}: only {} positions", s.passed)),
            Ok(_) => {}
            Err(e) => problems.push(format!("{name}: {e}")),
        }
        problems.extend(failures.into_iter().map(|f| format!("{name}: {f}")));
    }
    problems
}

/// Every suite computed by Fairy-Stockfish (`tests/reference/fairy/NAME.epd`), each for the
/// bundled variant NAME, or for `tests/variants/NAME.variant` where no variant is bundled so.
#[test]
fn fairy_stockfish_suites() {
    let files = suites_in("fairy");
    let problems = run_suites(&files, |name| {
        if rulebook::bundled::get(name).is_some() {
            name.to_string()
        } else {
            format!("tests/variants/{name}.variant")
        }
    });
    assert!(files.len() >= 2, "no Fairy-Stockfish suites found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every suite computed by vchess's rules classes (`tests/reference/vchess/NAME.epd`, written by
/// `generate.mjs` there), each for the bundled variant NAME (vchess's game under rulebook's name,
/// or `NAME-vchess` where the bundled NAME is another game).
#[test]
fn vchess_suites() {
    let files = suites_in("vchess");
    let unbundled: Vec<String> = files
        .iter()
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()))
        .filter(|n| rulebook::bundled::get(n).is_none())
        .map(String::from)
        .collect();
    assert!(
        unbundled.is_empty(),
        "suites of no bundled variant: {unbundled:?}"
    );
    let problems = run_suites(&files, str::to_string);
    assert!(files.len() >= 2, "no vchess suites found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A variant is bundled only with reference data from an independent engine.
#[test]
fn every_bundled_variant_has_reference_data() {
    let missing: Vec<&str> = rulebook::bundled::names()
        .filter(|n| {
            !["perft", "fairy", "vchess"]
                .iter()
                .any(|d| std::path::Path::new(&format!("tests/reference/{d}/{n}.epd")).exists())
        })
        .collect();
    assert!(missing.is_empty(), "no reference data for {missing:?}");
}

fn run_moves(variant: &str) {
    let text = std::fs::read_to_string(format!("tests/reference/moves/{variant}.jsonl"))
        .expect("reference file");
    let mut positions = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (fen, expected) = parse_moves_line(line);
        let mut game = common::game_at(variant, &fen);
        let got: Vec<(String, String)> = game.moves().into_iter().map(|m| (m.uci, m.fen)).collect();
        if got != expected {
            let missing: Vec<_> = expected.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<_> = got.iter().filter(|m| !expected.contains(m)).collect();
            panic!("{variant} {fen}\nmissing: {missing:?}\nextra: {extra:?}");
        }
        positions += 1;
    }
    assert!(positions >= 40);
}

#[test]
fn chess_perft_suite() {
    run_epd("chess");
}
#[test]
fn orda_perft_suite() {
    run_epd("orda");
}
#[test]
fn alice_perft_suite() {
    run_epd("alice");
}
#[test]
fn magnetic_perft_suite() {
    run_epd("magnetic");
}
#[test]
fn chess_move_lists() {
    run_moves("chess");
}
#[test]
fn orda_move_lists() {
    run_moves("orda");
}
#[test]
fn alice_move_lists() {
    run_moves("alice");
}
#[test]
fn magnetic_move_lists() {
    run_moves("magnetic");
}

/// The standard positions of the chess programming wiki, at the depths the core issue asks.
#[test]
fn chess_standard_positions() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
            4865609,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            4085603,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
            2103487,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            4,
            3894594,
        ),
    ];
    for (fen, depth, expected) in cases {
        let game = common::game_at("chess", fen);
        assert_eq!(
            epd::perft(game.as_ref(), depth, 2),
            expected,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn start_positions_of_every_variant() {
    for (variant, counts) in [
        ("orda", &[20u64, 560, 12462, 342351][..]),
        ("alice", &[20, 400, 9384, 219236]),
        ("magnetic", &[20, 437, 10191, 269154]),
    ] {
        let mut game = common::game(variant);
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(game.perft(i as u32 + 1), n, "{variant} depth {}", i + 1);
        }
    }
}

#[test]
fn threads_give_exact_counts() {
    let game = common::game("chess");
    for threads in [1, 2, 3] {
        assert_eq!(
            epd::perft(game.as_ref(), 4, threads),
            197281,
            "{threads} threads"
        );
    }
}

/// Over several threads the work is shared out as the root moves' children: a position with
/// two root moves (a king in check) and one whose root moves include a mate (a root move whose
/// children are no tasks) divide as on one thread.
#[test]
fn threads_share_children_exactly() {
    for fen in [
        "k7/ppp5/8/8/8/8/5PPP/Kr4NR w - - 0 1",
        "rnbqkbnr/ppppp2p/5p2/6p1/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
    ] {
        let mut game = common::game("chess");
        game.set_fen(fen).expect("a legal position");
        let one = epd::divide(game.as_ref(), 4, 1);
        for threads in [2, 3] {
            assert_eq!(
                epd::divide(game.as_ref(), 4, threads),
                one,
                "{fen}, {threads} threads"
            );
        }
        assert_eq!(
            epd::perft(game.as_ref(), 4, 2),
            one.iter().map(|(_, n)| n).sum::<u64>()
        );
    }
}

#[test]
fn alice_seed_example() {
    let mut game = common::game("alice");
    for m in ["g1f3", "d7d5", "c2c4", "d5c4"] {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    assert_eq!(
        game.fen(),
        "rnbqkbnr/ppp1pppp/8/8/2p5/5O2/PP1PPPPP/RNBQKB1R w KQkq - 0 3"
    );
}

#[test]
fn magnetic_seed_example() {
    let mut game = common::game_at("magnetic", "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1");
    game.play("d4d5").expect("legal");
    assert_eq!(game.fen(), "3b4/8/3K4/qR1Qr1P1/3b4/8/8/7k b - - 1 1");
}

/// Checkless chess's rules page: a check is played only when it mates, judged by the replies
/// that give no check (1.Qxd8+ is barred as 1...Bc8 answers it; 1.Qf7 mates on one diagram, and
/// on the other is answered by 1...Kxf7, a check that mates).
#[test]
fn checkless_rules_page_examples() {
    let fen = "1k1r1b2/rP1b2p1/pQ1pp1nq/K4p1p/P4PnP/2PN2P1/3PP1B1/R1RN2B1 w - - 0 1";
    let mut game = common::game_at("checkless", fen);
    assert!(game.play("b6d8").is_err(), "Qxd8+ is not a mate");
    let mut game = common::game_at("checkless", "K5kr/8/5Q2/8/8/8/8/8 w - - 0 1");
    game.play("f6f7").expect("Qf7 mates");
    assert!(game.moves().is_empty(), "no answer to Qf7#");
    let mut game = common::game_at("checkless", "K5kr/RB6/5Q2/8/8/8/8/7b w - - 0 1");
    game.play("f6f7").expect("Qf7 is allowed");
    let answers: Vec<String> = game.moves().into_iter().map(|m| m.uci).collect();
    assert_eq!(answers, ["g8f7"], "Kxf7 mates back");
}

/// A minimal reader for the reference JSON lines, which have a fixed shape:
/// `{"fen": "...", "moves": [{"uci": "...", "fen": "..."}, ...]}`.
mod serde_json_lite {
    fn strings(line: &str) -> Vec<String> {
        let mut out = vec![];
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '"' {
                let mut s = String::new();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    s.push(c);
                }
                out.push(s);
            }
        }
        out
    }

    pub fn parse_moves_line(line: &str) -> (String, Vec<(String, String)>) {
        let s = strings(line);
        // fen, <fen>, moves, then uci, <uci>, fen, <fen> per move
        assert_eq!(s[0], "fen");
        assert_eq!(s[2], "moves");
        let moves = s[3..]
            .chunks(4)
            .map(|c| (c[1].clone(), c[3].clone()))
            .collect();
        (s[1].clone(), moves)
    }
}

/// A piece given in Betza moves as Fairy-Stockfish moves it: for each line of
/// `tests/reference/fairy/betza/moves.txt` (`BETZA | FEN | MOVES`, written by Fairy-Stockfish),
/// chess with the piece `A`/`a` written in that Betza string has exactly those legal moves.
#[test]
fn betza_moves_match_fairy_stockfish() {
    use rulebook::diagnostics::Sources;
    use rulebook::lower::{Origin, load_text};
    let text = std::fs::read_to_string("tests/reference/fairy/betza/moves.txt")
        .expect("tests/reference/fairy/betza/moves.txt");
    // A string that does not load is one problem, reported with the others.
    let mut games: std::collections::HashMap<String, Option<Box<dyn rulebook::game::Game>>> =
        Default::default();
    let mut problems = vec![];
    let mut lines = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [betza, fen, moves] = fields[..] else {
            panic!("not `BETZA | FEN | MOVES`: {line}");
        };
        lines += 1;
        let game = games.entry(betza.to_string()).or_insert_with(|| {
            let variant = format!(
                "variant betza-piece extends chess\npiece custom {{ letters A a  betza \"{betza}\" }}\n"
            );
            let mut sources = Sources::default();
            match load_text("betza-piece.variant", &variant, Origin::Bundled, &mut sources) {
                Ok(l) => Some(rulebook::game::new_game(std::sync::Arc::new(l.variant))),
                Err(e) => {
                    problems.push(format!("{betza} does not load: {e:?}"));
                    None
                }
            }
        });
        let Some(game) = game else { continue };
        game.set_fen(fen)
            .unwrap_or_else(|e| panic!("{betza}: bad FEN {fen}: {e:?}"));
        let mut got: Vec<String> = game.moves().into_iter().map(|m| m.uci).collect();
        got.sort();
        let expected: Vec<&str> = moves.split_whitespace().collect();
        if got != expected {
            let missing: Vec<_> = expected
                .iter()
                .filter(|m| !got.iter().any(|g| g == *m))
                .collect();
            let extra: Vec<_> = got
                .iter()
                .filter(|g| !expected.contains(&g.as_str()))
                .collect();
            problems.push(format!(
                "{betza} at {fen}: missing {missing:?}, extra {extra:?}"
            ));
        }
    }
    assert!(lines >= 1000, "only {lines} positions");
    assert!(
        problems.is_empty(),
        "{} problems in {lines} positions:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
