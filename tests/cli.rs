//! The command-line contract of docs/conventions.md, as scripts use it: outputs, streams and
//! exit statuses (0 success, 1 failure, 2 usage errors and unreadable files), and the limits
//! that keep hostile input from hanging rulebook, exhausting its memory or panicking it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run rulebook")
}

/// Runs rulebook with `input` on stdin.
fn rulebook_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rulebook");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from another thread: rulebook may stop reading before the end.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    let _ = writer.join();
    out
}

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new("target/cli-test").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn write(path: &Path, text: impl AsRef<[u8]>) -> String {
    std::fs::write(path, text).expect("write");
    path.display().to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_the_count() {
    let o = rulebook(&["perft", "chess", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "8902\n");
}

/// Every bundled variant is embedded: its perft runs from a directory without variant files.
#[test]
fn every_bundled_variant_runs_from_any_directory() {
    let dir = std::env::temp_dir();
    for name in rulebook::bundled::names() {
        let o = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(["perft", name, "3"])
            .current_dir(&dir)
            .output()
            .expect("run rulebook");
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let n: u64 = stdout(&o).trim().parse().expect("a count");
        assert!(n > 0, "{name}: no moves from the start");
    }
}

#[test]
fn perft_divide_lists_moves_then_the_total() {
    let o = rulebook(&["perft", "orda", "2", "--divide"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "a2a3: 28");
    assert!(lines[..20].iter().all(|l| l.contains(": ")));
    assert_eq!(lines[20], "560");
}

#[test]
fn perft_threads_and_stats() {
    let o = rulebook(&["perft", "alice", "3", "--threads", "2", "--stats"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "9384\n");
    assert!(stderr(&o).contains("nodes 9384"), "{}", stderr(&o));
    assert!(stderr(&o).contains("nodes/s"));
}

#[test]
fn perft_from_a_fen() {
    let o = rulebook(&[
        "perft",
        "magnetic",
        "2",
        "--fen",
        "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "1837\n");
}

#[test]
fn epd_suite_passes_and_reports_failures() {
    let o = rulebook(&[
        "perft",
        "chess",
        "--epd",
        "tests/reference/perft/chess.epd",
        "--depth",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "40 passed, 0 failed");

    let dir = std::path::Path::new("target/cli-test");
    std::fs::create_dir_all(dir).expect("scratch directory");
    let file = dir.join("wrong.epd");
    std::fs::write(&file, "# one right, one wrong\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 4\n").expect("write");
    let o = rulebook(&["perft", "chess", "--epd", file.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 expected 4 got 3"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("1 passed, 1 failed"), "{out}");
}

#[test]
fn moves_are_sorted_with_resulting_fens() {
    let o = rulebook(&["moves", "orda"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let ucis: Vec<&str> = text
        .lines()
        .map(|l| l.split(' ').next().expect("uci"))
        .collect();
    let mut sorted = ucis.clone();
    sorted.sort();
    assert_eq!(ucis, sorted);
    assert_eq!(ucis.len(), 20);
    assert!(
        text.starts_with("a2a3 lhaykahl/8/pppppppp/8/8/P7/1PPPPPPP/RNBQKBNR b KQ - 0 1\n"),
        "{text}"
    );
}

#[test]
fn a_bad_fen_is_a_located_error() {
    let o = rulebook(&[
        "moves",
        "chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(err.contains("castling"), "{err}");
    assert!(err.contains("--fen:1:50"), "{err}");
}

#[test]
fn check_accepts_valid_files_and_dumps_the_ir() {
    let o = rulebook(&[
        "check",
        "variants/chess.variant",
        "variants/orda.variant",
        "--dump",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("ok: variants/orda.variant (variant orda)"));
    assert!(
        out.contains("capture ride (0,1): (0,1) (-1,0) (1,0) (0,-1)"),
        "{out}"
    );
}

#[test]
fn check_reports_errors_with_location_and_exit_1() {
    let o = rulebook(&[
        "check",
        "variants/chess.variant",
        "tests/diagnostics/err_unknown_piece_promotion.variant",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("rulebook::unknown_piece"), "{err}");
    assert!(
        err.contains("tests/diagnostics/err_unknown_piece_promotion.variant:"),
        "{err}"
    );
    assert!(err.contains("help:"), "{err}");
}

#[test]
fn check_with_warnings_only_succeeds() {
    let o = rulebook(&["check", "tests/diagnostics/warn_unused_region.variant"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("rulebook::unused"));
}

#[test]
fn check_json_for_editors() {
    let o = rulebook(&[
        "check",
        "--format",
        "json",
        "tests/diagnostics/err_several_semantic.variant",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.trim_start().starts_with('['), "{out}");
    assert_eq!(out.matches("\"severity\": \"error\"").count(), 5, "{out}");
    assert!(out.contains("\"line\": "), "{out}");
}

#[test]
fn usage_errors_and_unreadable_files_exit_2() {
    assert_eq!(
        rulebook(&["check", "no/such/file.variant"]).status.code(),
        Some(2)
    );
    assert_eq!(
        rulebook(&["perft", "nosuchvariant", "1"]).status.code(),
        Some(2)
    );
    assert_eq!(rulebook(&["perft", "chess"]).status.code(), Some(2));
    assert_eq!(rulebook(&["perft", "chess", "x"]).status.code(), Some(2));
    assert_eq!(rulebook(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        rulebook(&["perft", "chess", "--epd", "no/such.epd"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_variant_path_works_like_a_name() {
    let o = rulebook(&["perft", "variants/alice.variant", "2"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "400\n");
}

#[test]
fn perft_at_depth_zero_is_one() {
    assert_eq!(stdout(&rulebook(&["perft", "chess", "0"])), "1\n");
    assert_eq!(
        stdout(&rulebook(&["perft", "chess", "0", "--divide"])),
        "1\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Usage and I/O errors

#[test]
fn options_that_do_not_go_together_are_usage_errors() {
    let epd = "tests/reference/perft/chess.epd";
    for args in [
        &["perft", "chess", "3", "--depth", "2"][..],
        &[
            "perft",
            "chess",
            "--epd",
            epd,
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        ],
        &["perft", "chess", "--epd", epd, "--divide"],
    ] {
        let o = rulebook(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn check_reports_every_unreadable_file_and_goes_on() {
    let o = rulebook(&[
        "check",
        "missing.variant",
        "variants/chess.variant",
        "gone.variant",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "ok: variants/chess.variant (variant chess)\n");
    let err = stderr(&o);
    assert!(
        err.contains("cannot read missing.variant: no such file"),
        "{err}"
    );
    assert!(
        err.contains("cannot read gone.variant: no such file"),
        "{err}"
    );
}

#[test]
fn check_json_reports_an_unreadable_file_in_json() {
    let o = rulebook(&["check", "--format", "json", "missing.variant"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stdout(&o),
        "[\n  {\"code\": \"rulebook::unreadable\", \"severity\": \"error\", \"message\": \"cannot read missing.variant: no such file\", \"help\": \"give the path of a readable variant file, or a bundled variant's name\", \"labels\": []}\n]\n"
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn output_that_cannot_be_written_fails() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let o = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["moves", "chess"])
        .stdout(full)
        .output()
        .expect("run rulebook");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot write the output"),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------------------------------------
// Reads that refuse what would never end

#[test]
fn a_device_is_not_read() {
    let start = Instant::now();
    let o = rulebook(&["check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: cannot read /dev/zero: it is a device, not a file\n"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_fifo_is_not_opened() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.variant");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let path = fifo.display().to_string();
    let o = rulebook(&["check", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("it is a FIFO, not a file"),
        "{}",
        stderr(&o)
    );
    let o = rulebook(&["perft", "chess", "--epd", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("it is a FIFO, not a file"),
        "{}",
        stderr(&o)
    );
    // As a sibling that a variant extends.
    let child = write(&dir.join("child.variant"), "variant child extends pipe\n");
    let o = rulebook(&["check", &child]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("it is a FIFO, not a file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_sibling_that_is_a_directory_is_reported_as_such() {
    let dir = scratch("sibling-dir");
    std::fs::create_dir_all(dir.join("base.variant")).expect("directory");
    let child = write(&dir.join("child.variant"), "variant child extends base\n");
    let o = rulebook(&["check", &child]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("rulebook::unreadable"), "{err}");
    assert!(
        err.contains("base.variant`: it is a directory, not a file"),
        "{err}"
    );
    assert!(!err.contains("unknown variant"), "{err}");
}

#[test]
fn a_file_over_the_size_limit_is_not_read() {
    let dir = scratch("large");
    let big = write(&dir.join("big.variant"), vec![b'#'; (1 << 20) + 1]);
    let o = rulebook(&["check", &big]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("larger than 1 MiB"), "{}", stderr(&o));
}

#[test]
fn a_piped_repl_stops_at_a_line_that_never_ends() {
    let start = Instant::now();
    let o = rulebook_with_input(&["repl", "chess"], &vec![0u8; 4 << 20]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("stdin:1: this line is"),
        "{}",
        stderr(&o)
    );
    assert!(start.elapsed() < Duration::from_secs(20));
}

// ---------------------------------------------------------------------------------------------
// Bounded diagnostics: long lines, long words, many problems, deep nesting

#[test]
fn a_mistake_past_column_65535_is_shown_shortened() {
    let dir = scratch("long-line");
    let text = format!("variant c extends chess{}@\n", " ".repeat(70_000));
    let file = write(&dir.join("long.variant"), text);
    let o = rulebook(&["check", &file]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("long.variant:1:70024]"), "{err}");
    assert!(err.contains("variant c extends chess"), "{err}");
    assert!(err.len() < 2_000, "{err}");
}

#[test]
fn a_fen_or_a_repl_line_with_70000_spaces_is_shown_shortened() {
    let fen = format!("{}x", " ".repeat(70_000));
    let o = rulebook(&["moves", "chess", "--fen", &fen]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--fen:1:70001]"), "{}", stderr(&o));
    assert!(stderr(&o).len() < 2_000);

    let script = format!("play{}zz\nfen\n", " ".repeat(60_000));
    let o = rulebook_with_input(&["repl", "chess"], script.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("stdin:1:60005]"), "{}", stderr(&o));
    assert!(stderr(&o).len() < 2_000);
    assert!(stdout(&o).starts_with("rnbqkbnr/"), "the session went on");

    let script = format!("play{}zz\n", " ".repeat(70_000));
    let o = rulebook_with_input(&["repl", "chess"], script.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a command is at most 65536"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn forty_thousand_mistakes_are_counted_not_all_shown() {
    let dir = scratch("many");
    let text = format!(
        "variant many extends chess\n{}",
        "board 8 x 8\n".repeat(40_000)
    );
    let file = write(&dir.join("many.variant"), text);
    let start = Instant::now();
    let o = rulebook(&["check", &file]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.matches("rulebook::duplicate_definition").count(), 50);
    assert!(err.contains("and 39949 more errors, not shown"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_huge_token_is_not_echoed_whole() {
    let dir = scratch("token");
    let text = format!("variant t extends chess\n{}\n", "a".repeat(900_000));
    let file = write(&dir.join("token.variant"), text);
    let o = rulebook(&["check", &file]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("expected a new item, found `aaaa"), "{err}");
    assert!(err.len() < 3_000, "{} bytes of diagnostics", err.len());
}

#[test]
fn an_extends_chain_is_bounded() {
    let dir = scratch("chain");
    let chain = |n: usize| {
        for i in 0..n {
            let parent = if i == 0 {
                "chess".to_string()
            } else {
                format!("v{}", i - 1)
            };
            write(
                &dir.join(format!("v{i}.variant")),
                format!("variant v{i} extends {parent}\n"),
            );
        }
        dir.join(format!("v{}.variant", n - 1))
            .display()
            .to_string()
    };
    // 31 files and chess: 32 variants, the most.
    let o = rulebook(&["check", &chain(31)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = rulebook(&["check", &chain(2_000)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("rulebook::extends_depth"), "{err}");
    assert!(
        err.contains("more than 32 variants extend one another"),
        "{err}"
    );
    // 32 files and chess: one too many.
    let o = rulebook(&["check", &dir.join("v31.variant").display().to_string()]);
    assert_eq!(o.status.code(), Some(1));
}

// ---------------------------------------------------------------------------------------------
// The piped REPL

#[test]
fn a_piped_repl_reports_bad_utf8_and_numbers_its_lines() {
    let o = rulebook_with_input(&["repl", "chess"], b"play \xff\nplay zz\nfen\n");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error: stdin:1: this line is not UTF-8 text"),
        "{err}"
    );
    assert!(err.contains("stdin:2:6]"), "{err}");
    assert_eq!(
        stdout(&o),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
}

#[test]
fn playing_twenty_thousand_moves_takes_linear_time() {
    let script = "play g1f3 g8f6 f3g1 f6g8\n".repeat(5_000);
    let start = Instant::now();
    let o = rulebook_with_input(&["repl", "chess"], script.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\n10000... Ng8  black knight f6→g8\n"));
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn pgn_replays_a_lichess_game_and_writes_it_again() {
    let o = rulebook(&["pgn", "tests/pgn/lichess-opera-game.pgn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("[White \"Paul Morphy\"]\n"), "{out}");
    assert!(
        !out.contains("Variant"),
        "standard chess needs no Variant tag: {out}"
    );
    assert!(
        out.contains("16. Qb8+! Nxb8 17. Rd8#\n{ White wins by checkmate. } 1-0\n"),
        "{out}"
    );
    assert!(
        out.contains("1. e4 { [%clk 0:10:00] } 1... e5 { [%clk 0:10:00] } 2. Nf3 d6"),
        "clock comments are kept in place: {out}"
    );
    assert!(
        out.contains("3. d4 Bg4?!\n{ (0.23 → 0.95) Inaccuracy. } (3... exd4 4. Nxd4) 4. dxe5"),
        "marks, comments and variations are kept in place: {out}"
    );
}

/// A lichess study: parentheses and `:)` inside comments inside variations, nested
/// variations, a `;` comment inside a variation, NAGs and marks. Everything is written back in
/// place, and the output reads back to itself.
#[test]
fn pgn_keeps_comments_nags_and_variations_with_parentheses_inside() {
    let o = rulebook(&["pgn", "tests/pgn/lichess-study-annotated.pgn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for kept in [
        "{ The Italian game :) } 1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 Nc6 $1",
        "( 2... d6 { Philidor (solid) } 3. d4 ) 3. Bc4 { aiming at f7 (the weak square }",
        "3... Bc5!?",
        "( 3... Nf6 { Two knights :) } 4. Ng5 ( 4. d3 ; quiet (no Ng5)\n4... Be7 ) 4... d5 )",
        "4. c3?! $6 4... Nf6 5. d4 exd4 6. cxd4 Bb4+ *",
    ] {
        assert!(out.contains(kept), "{kept:?} in {out}");
    }
    let path = write(&scratch("pgn-round-trip").join("again.pgn"), &out);
    let again = rulebook(&["pgn", &path]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(stdout(&again), out, "written PGN reads back to itself");
}

/// Every error names the game (number, players, event) and the line: a Variant tag that
/// names nothing, a FEN tag that is not a position, an illegal move, an unreadable file.
#[test]
fn pgn_errors_name_the_game_and_the_line() {
    let dir = scratch("pgn-errors");
    let games = "[Event \"Club\"]\n[White \"anna\"]\n[Black \"boris\"]\n\n1. e4 e5 *\n\n\
                 [Event \"Open\"]\n[White \"carl\"]\n[Black \"dora\"]\n[Variant \"x\"]\n\n1. e4 *\n\n\
                 [White \"emil\"]\n[Black \"fay\"]\n[SetUp \"1\"]\n[FEN \"8/8 w\"]\n\n1. e4 *\n\n\
                 [White \"gus\"]\n[Black \"hal\"]\n\n1. e4 e5 2. Ke3 *\n";
    let o = rulebook(&["pgn", &write(&dir.join("games.pgn"), games)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    for named in [
        "game 2 (carl - dora, Open), line 10: the Variant tag \"x\" names no bundled variant",
        "game 3 (emil - fay), line 17: the FEN tag is not a position",
        "game 4 (gus - hal), line 24: Ke3 is not legal",
    ] {
        assert!(err.contains(named), "{named:?} in {err}");
    }
    assert!(err.contains("games.pgn:10:1]"), "{err}");
    let broken = "[White \"ida\"]\n[Black \"jan\"]\n\n1. e4 *\n\n[White \"kai\"]\n[Black \"lou\"]\n\n1. e4 ( e5 { x ) }\n";
    let o = rulebook(&["pgn", &write(&dir.join("broken.pgn"), broken)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("game 2 (kai - lou), line 9: a variation `(`") && err.contains("not closed"),
        "{err}"
    );
    assert!(err.contains("broken.pgn:9:7]"), "{err}");
}

/// 1,000 games tagged with a Variant that names nothing: each tag is resolved once, not every
/// bundled variant loaded again per game (65 s in release before, for 15 KB).
#[test]
fn pgn_with_a_thousand_unknown_variant_tags_is_quick() {
    let game = "[Event \"e\"]\n[Variant \"x\"]\n\n1. e4 *\n\n";
    let path = write(&scratch("pgn-many").join("many.pgn"), game.repeat(1000));
    let start = Instant::now();
    let o = rulebook(&["pgn", &path]);
    let took = start.elapsed();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).matches("names no bundled variant").count(), 1000);
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn pgn_writes_final_positions_and_uci_moves_of_variant_games() {
    let o = rulebook(&["pgn", "tests/pgn/lichess-crazyhouse.pgn", "--output", "fen"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "rnb1kb1r/ppp1pppp/5n2/q2P4/2B1p3/2N5/PPPP1PPP/R1BQK1NR[] w KQkq - 0 6\n"
    );
    let o = rulebook(&["pgn", "tests/pgn/from-position.pgn", "--output", "uci"]);
    assert_eq!(stdout(&o), "g1f3 b8c6 f1c4 f8c5 e1g1\n");
}

#[test]
fn pgn_with_an_illegal_move_points_at_it_and_fails() {
    let path = write(
        &scratch("illegal-pgn").join("game.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n",
    );
    let o = rulebook(&["pgn", &path]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("Ke3 is not legal"), "{err}");
    assert!(err.contains(":3:13]"), "the move's line and column: {err}");
    let o = rulebook(&["pgn", "tests/pgn/no-such.pgn"]);
    assert_eq!(o.status.code(), Some(2));
}
