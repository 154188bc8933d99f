//! REPL transcripts: a script in, the session's output out, one snapshot per scenario. Every
//! command is shown on chess, Orda, Alice and Magnetic, errors included.

mod common;

use rulebook::cli::repl::Session;

/// Runs a script; each command is echoed with `>`, its errors are prefixed with `!`. Timings
/// (perft speed) are masked.
fn transcript(variant: &str, script: &str) -> String {
    let mut s = Session::new(variant).unwrap_or_else(|(m, _)| panic!("{m}"));
    let mut out = String::new();
    for line in script.lines() {
        out.push_str(&format!("> {line}\n"));
        let r = s.execute(line);
        out.push_str(&r.out);
        for l in r.err.lines() {
            let l = if l.starts_with("perft ") && l.contains("nodes/s") {
                mask_timing(l)
            } else {
                l.to_string()
            };
            out.push_str(&format!("! {l}\n"));
        }
        if !r.ok {
            out.push_str("(failed)\n");
        }
        if r.quit {
            break;
        }
    }
    out
}

fn mask_timing(l: &str) -> String {
    let (head, _) = l.split_once(':').unwrap_or((l, ""));
    format!("{head}: <seconds> s, <speed> nodes/s")
}

fn snap(name: &str, variant: &str, script: &str) {
    let t = transcript(variant, script);
    common::settings().bind(|| insta::assert_snapshot!(name, t));
}

#[test]
fn repl_chess_tour() {
    snap(
        "repl_chess_tour",
        "chess",
        "help\nhelp play\nvariant\nboard\nfen\nmoves\nmoves e2\nplay e2e4 e7e5\nstatus\nhistory\nundo\nhistory\nperft 2\ndivide 1\nexplain knight\nexplain Q\nquit\nboard",
    );
}

#[test]
fn repl_chess_errors_keep_the_session() {
    snap(
        "repl_chess_errors_keep_the_session",
        "chess",
        "frobnicate\nplay\nplay e2e5\nplay e7e5\nplay e2e4 e7e6 zz9\nplay a1a9\nhistory\nundo x\nundo 5\nundo 9\nundo\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\nfen\nmoves z9\nmoves e4\nperft\nperft many\nexplain wizard\nhelp nothing\nvariant nowhere\nfen",
    );
}

#[test]
fn repl_chess_checkmate_and_promotion() {
    snap(
        "repl_chess_checkmate_and_promotion",
        "chess",
        "play f2f3 e7e5 g2g4 d8h4\nstatus\nmoves\nplay a2a3\nfen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nplay a7a8\nplay a7a8n\nstatus\nfen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\nstatus",
    );
}

#[test]
fn repl_orda_campmate() {
    snap(
        "repl_orda_campmate",
        "orda",
        "board\nexplain lancer\nexplain archer\nexplain kheshig\nexplain yurt\nfen k7/3K4/8/8/8/8/8/8 w - - 0 1\nmoves\nplay d7d8\nstatus\nplay a8a7\nundo\nplay d7c8\nstatus\nfen 8/8/8/8/8/8/1k6/7K b - - 0 1\nplay b2b1\nstatus",
    );
}

#[test]
fn repl_orda_lancer_and_promotion() {
    snap(
        "repl_orda_lancer_and_promotion",
        "orda",
        "fen 4k3/P7/8/3l4/8/3P4/8/4K3 b - - 0 1\nmoves d5\nplay d5d3\nplay a7a8\nplay a7a8h\nstatus\nperft 2",
    );
}

#[test]
fn repl_alice_two_boards() {
    snap(
        "repl_alice_two_boards",
        "alice",
        "play g1f3 d7d5 c2c4 d5c4\nboard\nfen\nplay f3e5\nmoves c4\nundo 2\nfen o3k3/8/8/8/8/8/8/R3K3 w - - 0 1\nboard\nplay a1a8\nfen 4k3/8/8/8/8/8/8/4K1oR w K - 0 1\nplay e1g1\nfen k2rrr2/8/8/8/8/8/8/4K3 w - - 0 1\nplay e1d1\nstatus\nfen 4k3/8/8/8/8/8/8/3rK3 w - - 0 1\nmoves\nstatus\nperft 2",
    );
}

#[test]
fn repl_magnetic_effects() {
    snap(
        "repl_magnetic_effects",
        "magnetic",
        "fen 3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1\nboard\nplay d4d5\nboard\nundo\nfen 4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1\nmoves b1\nplay b1b4\nplay b1b4q\nfen k7/8/8/8/8/8/8/Kq6 w - - 0 1\nplay a1a2 b1a2\nstatus\nmoves\nexplain pawn",
    );
}

#[test]
fn repl_reload_keeps_the_session() {
    let dir = std::path::Path::new("target/repl-test");
    std::fs::create_dir_all(dir).expect("scratch directory");
    let file = dir.join("tweak.variant");
    let good = "variant tweak extends chess\n\npiece camel {\n  letters C c\n  leap (1,3)\n}\n\nreplace promotion pawn {\n  zone last-rank\n  to queen camel\n}\n";
    std::fs::write(&file, good).expect("write variant");
    let path = file.display().to_string();
    let mut s = Session::new(&path).unwrap_or_else(|(m, _)| panic!("{m}"));
    let mut out = String::new();
    let mut run = |s: &mut Session, line: &str| {
        out.push_str(&format!("> {line}\n"));
        let r = s.execute(line);
        out.push_str(&r.out);
        for l in r.err.lines() {
            out.push_str(&format!("! {l}\n"));
        }
    };
    run(&mut s, "play e2e4 e7e5");
    std::fs::write(
        &file,
        good.replace("leap (1,3)", "leap (1,3\n")
            .replace("letters C c", "letters C C"),
    )
    .expect("break variant");
    run(&mut s, "reload");
    run(&mut s, "fen");
    run(&mut s, "history");
    std::fs::write(
        &file,
        good.replace("leap (1,3)", "leap (1,3)\n  move leap (0,1)"),
    )
    .expect("fix variant");
    run(&mut s, "reload");
    run(&mut s, "history");
    run(&mut s, "explain camel");
    run(&mut s, "undo");
    run(&mut s, "fen");
    common::settings().bind(|| insta::assert_snapshot!("repl_reload_keeps_the_session", out));
}

#[test]
fn piped_mode_reports_failure_in_exit_status() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["repl", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rulebook");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"play e2e4\nplay e2e4\nfen\n")
        .expect("write script");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1. e4"), "{stdout}");
    assert!(
        stdout.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        "the session went on after the error: {stdout}"
    );
    assert!(!stdout.contains('\x1b'), "no colour when piped");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not legal"), "{stderr}");
}

#[test]
fn repl_crazyhouse_drops() {
    snap(
        "repl_crazyhouse_drops",
        "crazyhouse",
        "play e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e6\nboard\nfen\nundo\nboard\nplay P@d8\nplay P@e1\nplay Q@e4\nplay P@e6\nstatus",
    );
}

#[test]
fn repl_bughouse_two_boards() {
    snap(
        "repl_bughouse_two_boards",
        "bughouse",
        "boards 2\nplay A:e4 B:d4 A:d5 A:exd5\nboard\nmoves\nplay e6\nplay B:P@e6\nhistory\nundo\nfen\nboards 1\nboard",
    );
}

#[test]
fn repl_minishogi_drops_and_promotion() {
    snap(
        "repl_minishogi_drops_and_promotion",
        "minishogi",
        "board\nfen 4k/5/5/P4/4K[Pp] w - - 0 1\nplay P@a3\nplay P@b5\nplay a2a3 P@e3\nboard\nfen R4/4k/5/5/K4[] w - - 0 1\nplay a5a4+\nfen\nfen k4/2S2/1G3/5/4K[P] w - - 0 1\nplay P@a4\nstatus",
    );
}

#[test]
fn repl_chess_san_history_numbers_save_and_load() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    // `save` makes a new file: the last run's is not replaced.
    let _ = std::fs::remove_file(format!("{dir}/italian.pgn"));
    let script = format!(
        "play e4 e5 Nf3 Nc6 Bb5 a6 O-O\nhistory\nhistory uci\nsave {dir}/italian.pgn\nnew\nhistory\nload {dir}/italian.pgn\nhistory\nmoves e5\nplay Nf6 Re1 Nxe4 zz\nhistory\nfen rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\nplay Qh4\nhistory"
    );
    let mut t = transcript("chess", &script).replace(dir, "<tmp>");
    let saved = std::fs::read_to_string(format!("{dir}/italian.pgn")).expect("saved PGN");
    t.push_str(&format!("--- italian.pgn\n{saved}"));
    common::settings()
        .bind(|| insta::assert_snapshot!("repl_chess_san_history_numbers_save_and_load", t));
}

#[test]
fn repl_loads_lichess_games_in_their_variant() {
    snap(
        "repl_loads_lichess_games_in_their_variant",
        "chess",
        "load tests/pgn/lichess-opera-game.pgn\nhistory\nstatus\nload tests/pgn/lichess-crazyhouse.pgn\nvariant\nhistory\nload tests/pgn/from-position.pgn\nhistory\nload tests/pgn/from-position.pgn 2\nload tests/pgn/missing.pgn",
    );
}

#[test]
fn repl_refuses_a_pgn_with_an_illegal_move_and_keeps_the_game() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    std::fs::write(
        format!("{dir}/bad.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    let script = format!("play d4\nload {dir}/bad.pgn\nhistory");
    let t = transcript("chess", &script).replace(dir, "<tmp>");
    common::settings().bind(|| {
        insta::assert_snapshot!(
            "repl_refuses_a_pgn_with_an_illegal_move_and_keeps_the_game",
            t
        )
    });
}

/// The board after a few moves, drawn with letters, with glyphs, and with glyphs on colours;
/// then flipped.
fn boards(variant: &str, moves: &str) -> String {
    use rulebook::cli::repl::Style;
    let mut s = Session::new(variant).unwrap_or_else(|(m, _)| panic!("{m}"));
    assert!(s.execute(&format!("play {moves}")).ok);
    let mut out = String::new();
    for (name, glyphs, color) in [
        ("letters", false, false),
        ("glyphs", true, false),
        ("colour", true, true),
    ] {
        s.board_style = Style {
            glyphs,
            color,
            flipped: false,
        };
        out.push_str(&format!("--- {name}\n{}", s.execute("board").out));
    }
    s.board_style = Style::default();
    out.push_str(&format!("--- flipped\n{}", s.execute("flip").out));
    out.replace('\x1b', "<ESC>")
}

#[test]
fn board_chess_letters_glyphs_colour_flipped() {
    let t = boards("chess", "e4 e5 Nf3");
    common::settings()
        .bind(|| insta::assert_snapshot!("board_chess_letters_glyphs_colour_flipped", t));
}

#[test]
fn board_alice_layers_side_by_side() {
    let t = boards("alice", "e4 d5");
    common::settings().bind(|| insta::assert_snapshot!("board_alice_layers_side_by_side", t));
}

#[test]
fn board_orda_letters_glyphs_colour_flipped() {
    let t = boards("orda", "e4 Lc7");
    common::settings()
        .bind(|| insta::assert_snapshot!("board_orda_letters_glyphs_colour_flipped", t));
}

#[test]
fn repl_explain_rules_in_words() {
    snap(
        "repl_explain_rules_in_words",
        "chess",
        "explain\nexplain pawn\nexplain castling\nexplain foo\nvariant alice\nexplain board\nvariant magnetic\nexplain effects\nvariant crazyhouse\nexplain hands\nexplain P",
    );
}

/// A position with one legal move (2. g3, after 1. f3 e5 and Qh4+): a stop flag read only
/// between root moves would be read once.
const ONE_LEGAL_MOVE: &str = "rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 3";

#[test]
fn a_stopped_perft_stops_at_once_even_with_one_legal_move() {
    for cmd in ["perft 8", "divide 8"] {
        let mut s = Session::new("chess").unwrap_or_else(|(m, _)| panic!("{m}"));
        assert!(s.execute(&format!("fen {ONE_LEGAL_MOVE}")).ok);
        let stop = s.stop_flag();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            std::time::Instant::now()
        });
        let r = s.execute(cmd);
        let stopped = std::time::Instant::now();
        let asked = stopper.join().expect("the stopper");
        assert!(!r.ok && r.err.contains("interrupted"), "{r:?}");
        let late = stopped.saturating_duration_since(asked);
        assert!(
            late.as_millis() < 200,
            "`{cmd}` stopped {late:?} after it was asked"
        );
        // The session goes on.
        assert!(s.execute("perft 1").out.contains("1 node"));
    }
}

/// `load` then `save!` keeps the game's tags and its comments, NAGs and variations on the moves
/// still played as loaded; after a move taken back and another played, the notes of the moves
/// no longer in the game go (an annotation of another move would mislead). `new` starts a game
/// with no tags.
#[test]
fn repl_save_after_load_keeps_tags_and_annotations() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/study-again.pgn");
    let script = format!(
        "load tests/pgn/lichess-study-annotated.pgn\nundo 6\nplay d3\nsave! {path}\nnew\nplay e4\nsave! {path}.new"
    );
    let t = transcript("chess", &script);
    assert!(!t.contains("(failed)"), "{t}");
    let saved = std::fs::read_to_string(&path).expect("saved PGN");
    for kept in [
        "[Event \"Italian study: Chapter 1\"]\n",
        "[Annotator \"https://lichess.org/@/teacher\"]\n",
        "{ The Italian game :) } 1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 Nc6 $1",
        "3. Bc4 { aiming at f7 (the weak square }",
        "3... Bc5!?",
    ] {
        assert!(saved.contains(kept), "{kept:?} in {saved}");
    }
    assert!(saved.contains("4. d3 *"), "{saved}");
    assert!(
        !saved.contains("$6"),
        "the note of 4. c3 went with it: {saved}"
    );
    let fresh = std::fs::read_to_string(format!("{path}.new")).expect("saved PGN");
    assert!(!fresh.contains("Italian"), "{fresh}");
}

/// `variant` takes a bundled variant's name in a catalogue, in any case (vchess's class names).
#[test]
fn repl_variant_by_its_name_in_a_catalogue() {
    let out = transcript("chess", "variant Threechecks\nfen\nvariant koth\nfen\n");
    assert!(out.contains("loaded 3check"), "{out}");
    assert!(out.contains("RNBQKBNR w KQkq - 3+3 0 1"), "{out}");
    assert!(out.contains("loaded kingofthehill"), "{out}");
}

#[test]
fn repl_progressive_turns_of_several_moves() {
    // White one move, black two, white three (a check ends white's turn early); numbers go by
    // turns: `1. e4 1... e5 Nc6 2. ...`. The saved PGN loads back to the same game.
    let dir = env!("CARGO_TARGET_TMPDIR");
    let _ = std::fs::remove_file(format!("{dir}/progressive.pgn"));
    let script = format!(
        "play e4 e5 Nc6\nboard\nplay Qh5\nfen\nplay Nf3 Qxf7\nstatus\nhistory\nundo\nfen\nexplain turn\nsave {dir}/progressive.pgn\nnew\nload {dir}/progressive.pgn\nhistory"
    );
    let mut t = transcript("progressive1", &script).replace(dir, "<tmp>");
    let saved = std::fs::read_to_string(format!("{dir}/progressive.pgn")).expect("saved PGN");
    t.push_str(&format!("--- progressive.pgn\n{saved}"));
    common::settings()
        .bind(|| insta::assert_snapshot!("repl_progressive_turns_of_several_moves", t));
}

#[test]
fn repl_rules_around_the_move_say_what_happens() {
    // Rifle: the queen takes on f7 and stays on h5; Madrasi: a paralysed rook has no move,
    // and `explain` says both rules in words.
    snap(
        "repl_rules_around_the_move_say_what_happens",
        "rifle",
        "fen r1bqkbnr/p1pppppp/1pn5/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3\nplay Qxf7\nboard\nexplain queen\nvariant madrasi\nfen 4k3/8/8/8/3r4/8/8/3RK3 w - - 0 1\nmoves d1\nexplain\nvariant isardam\nfen 4k3/8/1b6/8/3N4/8/5B2/4K3 w - - 0 1\nplay Nc6\nvariant zen\nexplain rook",
    );
}

/// A board whose files wrap: the board says so under its letters, `explain board` in words, a
/// piece's diagram goes round the edge, and SAN names a move across it (a bishop reaching h8
/// along two ways is one move).
#[test]
fn repl_cylinder_wraps() {
    snap(
        "repl_cylinder_wraps",
        "cylinder",
        "board\nexplain board\nexplain rook\nexplain knight\nfen 4k3/8/8/8/3B4/8/8/4K3 w - - 0 1\nmoves d4\nplay d4h8\nhistory\nfen 4k3/8/8/p6P/8/8/8/4K3 w - a6 0 1\nplay h5a6\nhistory\nboard",
    );
}

/// Atlantis: a wall instead of a move, in UCI and in SAN, drawn on the board; none in check.
#[test]
fn repl_atlantis_walls_instead_of_moves() {
    snap(
        "repl_atlantis_walls",
        "atlantis",
        "play a1a1,a1a3\nplay pass,h6\nplay pass,a4\nmoves\nboard\nfen 4k2r/8/8/8/8/8/P7/7K w - - 0 1\nmoves\nplay pass,h4",
    );
}
