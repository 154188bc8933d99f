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
/// (Depth 1: the counts themselves are the reference suites' business; deeper, this test took
/// minutes in the debug build once there were 245 variants.)
#[test]
fn every_bundled_variant_runs_from_any_directory() {
    let dir = std::env::temp_dir();
    for name in rulebook::bundled::names() {
        let o = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(["perft", name, "1"])
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

#[test]
fn perft_deeper_than_twelve_is_refused_as_the_repl_refuses_it() {
    let start = Instant::now();
    let o = rulebook(&["perft", "chess", "13"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("12"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let dir = scratch("epd-depth-cap");
    let suite = write(
        &dir.join("deep.epd"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D30 1\n",
    );
    let o = rulebook(&["perft", "chess", "--epd", &suite]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 1") && stderr(&o).contains("12"),
        "{}",
        stderr(&o)
    );
    // A depth limit below the line's depth skips it, as before.
    let o = rulebook(&["perft", "chess", "--epd", &suite, "--depth", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(start.elapsed() < Duration::from_secs(20));
}

/// A tmpfs of 64 KiB mounted on `dir` for the life of the value (a full disk, for real).
struct SmallDisk(PathBuf);

impl SmallDisk {
    /// None where mounting is not allowed (not root, no CAP_SYS_ADMIN).
    fn mount(dir: &Path) -> Option<SmallDisk> {
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!(
                "skipped: cannot mount a tmpfs on {} (not root?)",
                dir.display()
            );
        }
        ok.then(|| SmallDisk(dir.to_path_buf()))
    }

    /// Fills the disk to the last byte.
    fn fill(&self) {
        let mut f = std::fs::File::create(self.0.join("filler")).expect("filler");
        let block = [0u8; 1024];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn save_refuses_to_replace_a_file_unless_forced() {
    let dir = scratch("save-refuses");
    let notes = write(&dir.join("notes.txt"), "my notes\n");
    let o = rulebook_with_input(
        &["repl", "chess"],
        format!("play e4\nsave {notes}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("already exists") && stderr(&o).contains("save!"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&notes).expect("read"), "my notes\n");
    let script = format!("play e4\nsave! {notes}\nplay e5\nsave --force {notes}\n");
    let o = rulebook_with_input(&["repl", "chess"], script.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&notes)
            .expect("read")
            .contains("1. e4 e5")
    );
    assert_eq!(entries(&dir), ["notes.txt"]);
}

#[test]
fn save_takes_the_rest_of_the_line_as_the_file_name() {
    let dir = scratch("save-spaces");
    let d = dir.display();
    let script = format!(
        "play e4\nsave {d}/my game.pgn\nsave \"{d}/quoted name.pgn\"\nload {d}/my game.pgn\nload \"{d}/quoted name.pgn\" 1\nload {d}/my game.pgn 1\n"
    );
    let o = rulebook_with_input(&["repl", "chess"], script.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(entries(&dir), ["my game.pgn", "quoted name.pgn"]);
    assert_eq!(
        stdout(&o).matches("loaded 1 move").count(),
        3,
        "{}",
        stdout(&o)
    );
}

#[test]
fn on_a_full_disk_save_and_fmt_fail_naming_the_file_and_keep_the_old_one() {
    let dir = scratch("full-disk");
    let Some(disk) = SmallDisk::mount(&dir) else {
        return;
    };
    let old_game = "[Event \"old\"]\n\n1. d4 *\n";
    let game = write(&dir.join("game.pgn"), old_game);
    let unformatted = "variant   squeezed \"S\"   extends chess\n";
    let variant = write(&dir.join("squeezed.variant"), unformatted);
    disk.fill();
    let o = rulebook_with_input(
        &["repl", "chess"],
        format!("play e4\nsave! {game}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(&format!("cannot write {game}")),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&game).expect("read"), old_game);
    let o = rulebook(&["fmt", &variant]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("cannot write {variant}")),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(&variant).expect("read"),
        unformatted
    );
    assert_eq!(entries(&dir), ["filler", "game.pgn", "squeezed.variant"]);
}

/// `rulebook repl` on a terminal: a tmux session of its own (its own server socket), with
/// `home` as HOME. None where tmux is not installed.
struct Terminal {
    socket: String,
}

impl Terminal {
    fn start(name: &str, home: &Path, env: &[(&str, &Path)]) -> Option<Terminal> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipped: tmux is not installed");
            return None;
        }
        let socket = format!("rulebook-test-{name}-{}", std::process::id());
        let conf = home.join("tmux.conf");
        std::fs::write(&conf, "set -g remain-on-exit on\n").expect("tmux.conf");
        let mut cmd = format!(
            "env -i PATH=/usr/bin:/bin TERM=xterm NO_COLOR=1 HOME={} ",
            home.display()
        );
        for (k, v) in env {
            cmd.push_str(&format!("{k}={} ", v.display()));
        }
        cmd.push_str(&format!("{} repl chess", env!("CARGO_BIN_EXE_rulebook")));
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f"])
            .arg(&conf)
            .args(["new-session", "-d", "-x", "150", "-y", "50", &cmd])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "tmux does not start");
        let t = Terminal { socket };
        t.wait_for("Type `help`", Duration::from_secs(10))
            .unwrap_or_else(|| panic!("no prompt:\n{}", t.screen()));
        Some(t)
    }

    /// Types `line` and Enter at the prompt.
    fn line(&self, line: &str) {
        self.at_prompt(&[line, "Enter"]);
    }

    /// Waits for the prompt, the screen still for 100 ms (keys typed ahead of it are lost:
    /// rustyline flushes them), then sends `keys`.
    fn at_prompt(&self, keys: &[&str]) {
        let start = Instant::now();
        let (mut last, mut since) = (String::new(), Instant::now());
        loop {
            let now = self.screen();
            if now != last {
                (last, since) = (now, Instant::now());
            } else if last.trim_end().ends_with("chess>")
                && since.elapsed() > Duration::from_millis(100)
            {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "no prompt:\n{last}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        self.keys(keys);
    }

    fn keys(&self, keys: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys"])
            .args(keys)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "tmux send-keys");
    }

    fn screen(&self) -> String {
        let o = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-S", "-100"])
            .output()
            .expect("tmux capture-pane");
        stdout(&o)
    }

    /// How long until `text` is on the screen, within `limit`.
    fn wait_for(&self, text: &str, limit: Duration) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.screen().contains(text) {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    fn dead(&self) -> bool {
        let o = Command::new("tmux")
            .args(["-L", &self.socket, "display-message", "-p", "#{pane_dead}"])
            .output()
            .expect("tmux display-message");
        stdout(&o).trim() == "1"
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

fn absolute_scratch(name: &str) -> PathBuf {
    std::fs::canonicalize(scratch(name)).expect("canonical")
}

#[test]
fn ctrl_c_stops_perft_at_once_and_one_keypress_does_not_end_the_session() {
    let home = absolute_scratch("terminal-ctrl-c");
    let Some(t) = Terminal::start("ctrl-c", &home, &[]) else {
        return;
    };
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 3";
    t.line(&format!("fen {fen}"));
    t.line("perft 8");
    std::thread::sleep(Duration::from_millis(500));
    t.keys(&["C-c"]);
    let took = t.wait_for("perft 8: interrupted", Duration::from_secs(5));
    eprintln!("perft 8 stopped {took:?} after Ctrl-C");
    assert!(
        took.is_some_and(|d| d < Duration::from_millis(200)),
        "{took:?}\n{}",
        t.screen()
    );
    // At the prompt, with a move played: Ctrl-C says how to leave; one Ctrl-D only warns.
    t.line("play g3");
    t.at_prompt(&["C-c"]);
    assert!(
        t.wait_for("1 move is not saved", Duration::from_secs(5))
            .is_some(),
        "{}",
        t.screen()
    );
    t.at_prompt(&["C-d"]);
    assert!(
        t.wait_for("press Ctrl-D again", Duration::from_secs(5))
            .is_some(),
        "{}",
        t.screen()
    );
    t.line("history");
    assert!(
        t.wait_for("3. g3", Duration::from_secs(5)).is_some(),
        "{}",
        t.screen()
    );
    assert!(!t.dead());
    t.at_prompt(&["C-d"]);
    t.at_prompt(&["C-d"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(t.dead(), "{}", t.screen());
}

#[cfg(unix)]
#[test]
fn the_history_file_is_per_user_and_never_a_link_or_a_fifo() {
    let home = absolute_scratch("terminal-history");
    // The file a link points at is not written, neither at the former place nor the new.
    let target = write(&home.join("target.txt"), "precious\n");
    std::os::unix::fs::symlink(&target, home.join(".rulebook_history")).expect("symlink");
    let state = home.join("state");
    std::fs::create_dir_all(state.join("rulebook")).expect("mkdir");
    std::os::unix::fs::symlink(&target, state.join("rulebook/history")).expect("symlink");
    let Some(t) = Terminal::start("history-link", &home, &[("XDG_STATE_HOME", &state)]) else {
        return;
    };
    assert!(t.screen().contains("symbolic link"), "{}", t.screen());
    t.line("play e4");
    t.line("quit");
    assert!(
        t.wait_for("e2→e4", Duration::from_secs(5)).is_some(),
        "{}",
        t.screen()
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        std::fs::read_to_string(&target).expect("read"),
        "precious\n"
    );
    drop(t);
    // A FIFO is refused without waiting for a writer.
    let fifo = home.join("fifo-state");
    std::fs::create_dir_all(fifo.join("rulebook")).expect("mkdir");
    let made = Command::new("mkfifo")
        .arg(fifo.join("rulebook/history"))
        .status();
    assert!(made.is_ok_and(|s| s.success()));
    let t = Terminal::start("history-fifo", &home, &[("XDG_STATE_HOME", &fifo)])
        .expect("tmux ran before");
    assert!(t.screen().contains("a FIFO, not a file"), "{}", t.screen());
    drop(t);
    // Without XDG_STATE_HOME, under HOME, and kept.
    let Some(t) = Terminal::start("history-home", &home, &[]) else {
        return;
    };
    t.line("play e4");
    t.line("quit");
    std::thread::sleep(Duration::from_millis(500));
    let kept = std::fs::read_to_string(home.join(".local/state/rulebook/history"));
    assert_eq!(kept.expect("history"), "play e4\nquit\n");
    drop(t);
}

/// A piece without atoms (a stone) loads, `explain` says it never moves, and `check --dump`
/// lists it with no atoms.
#[test]
fn a_piece_without_atoms_is_explained_as_never_moving() {
    let dir = scratch("stones");
    let file = write(
        &dir.join("stones.variant"),
        "variant stones extends chess\npiece stone { letters S s }\n\
         start \"rnbqkbnr/pppppppp/8/3s4/4S3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n",
    );
    let o = rulebook_with_input(&["repl", &file], b"explain stone\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("no atoms: it never moves"),
        "{}",
        stdout(&o)
    );
    let o = rulebook(&["check", "--dump", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("(no atoms: it never moves)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_not_part_of_its_text() {
    let dir = scratch("byte-order-mark");
    let variant = write(
        &dir.join("marked.variant"),
        "\u{feff}variant marked extends chess\n",
    );
    let out = rulebook(&["check", &variant]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let game = write(
        &dir.join("marked.pgn"),
        "\u{feff}[Event \"x\"]\n\n1. e4 e5 *\n",
    );
    let out = rulebook(&["pgn", "--output", "uci", &game]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), "e2e4 e7e5\n");
}

/// A shogi game written in USI, as shogi players keep it, replays: the move numbers are
/// skipped and the moves, which start with a digit, keep it.
#[test]
fn a_pgn_in_usi_replays() {
    let dir = scratch("pgn-usi");
    let game = "[Variant \"Shogi\"]\n\n1. 7g7f 3c3d 2. 8h2b+ 8b2b 3. B*5e *\n";
    let o = rulebook(&["pgn", &write(&dir.join("usi.pgn"), game), "--output", "uci"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "c3c4 g7g6 b2h8+ b8h8 B@e5");
}

/// Inputs that used to be accepted without a word: an empty PGN file, a NAG out of range, a
/// Result tag the movetext contradicts, an EPD file with no position, zero threads.
#[test]
fn empty_and_contradictory_inputs_are_named() {
    let dir = scratch("silent-inputs");
    let write = |name: &str, text: &str| write(&dir.join(name), text);
    let empty = write("empty.pgn", "\n\n");
    let o = rulebook(&["pgn", &empty]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("holds no game"), "{}", stderr(&o));

    let nag = write("nag.pgn", "[Event \"x\"]\n\n1. e4 $300 e5 *\n");
    let o = rulebook(&["pgn", &nag]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("`$300` is not a NAG"), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 3"), "{}", stderr(&o));

    let result = write(
        "result.pgn",
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
    );
    let o = rulebook(&["pgn", &result]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 2: the Result tag says 1-0; written 0-1, as the movetext ends"),
        "{}",
        stderr(&o)
    );

    let epd = write("empty.epd", "# nothing\n\n");
    let o = rulebook(&["perft", "chess", "--epd", &epd]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("holds no position"), "{}", stderr(&o));

    let o = rulebook(&["perft", "chess", "2", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("at least 1 thread"), "{}", stderr(&o));
}

/// A sibling `NAME.variant` that is a link to nowhere (or to itself) is a file that cannot be
/// read, not a missing name: the error says so instead of "unknown variant".
#[cfg(unix)]
#[test]
fn a_looping_link_as_parent_is_unreadable_not_unknown() {
    let dir = scratch("looping-parent");
    let link = dir.join("zz.variant");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("zz.variant", &link).unwrap();
    let child = dir.join("x.variant");
    std::fs::write(&child, "variant x \"X\" extends zz\n").unwrap();
    let o = rulebook(&["check", &child.display().to_string()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("unknown variant"), "{}", stderr(&o));
}

/// `rulebook variants --from`: only the variants of one catalogue, with where each comes from;
/// the same in JSON, each entry with its catalogue name.
#[test]
fn variants_filtered_by_where_they_come_from() {
    let o = rulebook(&["variants", "--from", "vchess"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for claimed in [
        "3check",
        "alice",
        "fischerandom",
        "kingofthehill",
        "magnetic",
        "orda",
    ] {
        assert!(names.contains(&claimed), "{claimed} in {names:?}");
    }
    for vchess_only in ["alapo-vchess", "karouk-vchess", "forward-vchess"] {
        assert!(names.contains(&vchess_only), "{vchess_only} in {names:?}");
    }
    for other in ["chess", "shatranj", "karouk", "forward", "shogi"] {
        assert!(
            !names.contains(&other),
            "{other} is not vchess's game: {names:?}"
        );
    }
    assert!(out.lines().all(|l| l.contains("vchess")), "{out}");
    assert!(
        out.lines().any(
            |l| l.starts_with("kingofthehill") && l.ends_with("Fairy-Stockfish, vchess (Koth)")
        ),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("alice") && l.ends_with("  vchess")),
        "{out}"
    );
    let fsf = stdout(&rulebook(&["variants", "--from", "fairy-stockfish"]));
    assert!(fsf.lines().any(|l| l.starts_with("chess ")), "{fsf}");
    assert!(!fsf.lines().any(|l| l.starts_with("alice ")), "{fsf}");
    let all = stdout(&rulebook(&["variants"])).lines().count();
    let project = stdout(&rulebook(&["variants", "--from", "project"]))
        .lines()
        .count();
    let vchess_only = out
        .lines()
        .filter(|l| !l.contains("Fairy-Stockfish"))
        .count();
    assert!(
        vchess_only >= 2,
        "alice and magnetic are vchess's only: {out}"
    );
    assert_eq!(
        fsf.lines().count() + vchess_only + project,
        all,
        "each variant is Fairy-Stockfish's, vchess's only, or the project's"
    );
    let json = stdout(&rulebook(&[
        "variants", "--from", "vchess", "--format", "json",
    ]));
    assert!(json.contains(r#"{"name": "kingofthehill", "title": "King of the Hill", "catalogs": [{"catalog": "fairy-stockfish", "name": "kingofthehill"}, {"catalog": "vchess", "name": "Koth"}]}"#), "{json}");
    assert_eq!(
        json.matches(r#""title": "#).count(),
        names.len(),
        "the same variants as the lines"
    );
    let bad = rulebook(&["variants", "--from", "lichess"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// A bundled variant's name in a catalogue works wherever a variant's name does, in any case:
/// perft, moves, and a PGN's `Variant` tag.
#[test]
fn a_name_in_a_catalogue_names_the_bundled_variant() {
    let o = rulebook(&["perft", "Koth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "8902\n");
    let start = stdout(&rulebook(&["moves", "THREECHECKS"]));
    assert!(
        start.contains("e2e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3+3 0 1"),
        "{start}"
    );
    let o = rulebook(&["perft", "Kothh", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean `Koth`?"),
        "{}",
        stderr(&o)
    );
    let dir = std::env::temp_dir().join(format!("rulebook-catalog-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("koth.pgn");
    std::fs::write(
        &pgn,
        "[Variant \"Koth\"]\n\n1. e3 d6 2. Ke2 Kd7 3. Kd3 Kc6 4. Kd4 *\n",
    )
    .unwrap();
    let o = rulebook(&["pgn", pgn.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(o.status.success(), "{}", stderr(&o));
    // The king on the hill has won: King of the Hill's rules, not chess's.
    assert!(stdout(&o).contains("4. Kd4 1-0"), "{}", stdout(&o));
}

#[test]
fn the_side_field_names_the_move_of_a_turn() {
    // Progressive chess: black's first turn has two moves, so after its first the FEN says b2.
    let o = rulebook(&[
        "moves",
        "progressive1",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.starts_with("a7a5 rnbqkbnr/1ppppppp/8/p7/4P3/8/PPPP1PPP/RNBQKBNR b2 KQkq - 0 1\n"),
        "{text}"
    );
    // Its second move ends the turn: white to move, the move number up.
    let o = rulebook(&[
        "moves",
        "progressive1",
        "--fen",
        "rnbqkbnr/1ppppppp/8/p7/4P3/8/PPPP1PPP/RNBQKBNR b2 KQkq - 0 1",
    ]);
    let text = stdout(&o);
    assert!(
        text.starts_with("a5a4 rnbqkbnr/1ppppppp/8/8/p3P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"),
        "{text}"
    );
}

#[test]
fn a_move_of_a_turn_the_variant_does_not_have_is_a_located_error() {
    for (variant, fen, says) in [
        ("chess", "8/8/8/4k3/8/8/8/4K3 w2 - - 0 1", "one move a turn"),
        (
            "monster",
            "4k3/8/8/8/8/8/8/4K3 b2 - - 0 1",
            "black's turn has 1 move: there is no move 2",
        ),
        (
            "progressive1",
            "4k3/8/8/8/8/8/8/4K3 w4 - - 0 2",
            "white's turn has 3 moves: there is no move 4",
        ),
        (
            "progressive1",
            "4k3/8/8/8/8/8/8/4K3 w0 - - 0 2",
            "write `w` or `b`",
        ),
    ] {
        let o = rulebook(&["moves", variant, "--fen", fen]);
        assert_eq!(o.status.code(), Some(1), "{variant} {fen}");
        let err = stderr(&o);
        assert!(err.contains(says), "{variant} {fen}: {err}");
        assert!(err.contains("--fen:1:21"), "{variant} {fen}: {err}");
    }
}

#[test]
fn a_side_mated_in_the_middle_of_its_turn_has_lost() {
    // Two moves a turn: white, to make its second move, is in check with no move. The side to
    // move is mated whichever move of its turn it is.
    let dir = scratch("mated-mid-turn");
    let file = write(
        &dir.join("doubles.variant"),
        "variant doubles extends chess\n\nturn {\n  moves 2\n}\n",
    );
    let o = rulebook_with_input(
        &["repl", &file],
        b"fen k7/8/8/8/8/8/5PPP/r5K1 w2 - - 0 3\nstatus\n",
    );
    let out = stdout(&o);
    assert!(out.contains("game over: checkmate, black wins"), "{out}");
}

#[test]
fn en_passant_per_turn_keeps_both_double_steps_of_a_turn() {
    // Black's turn made two double steps (d6 and f6): white's first move takes either, and its
    // second move the other one after the first took en passant.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPpP1/8/8/PPPP1P1P/RNBQKBNR w KQkq d6,f6 0 3";
    let text = stdout(&rulebook(&["moves", "doublemove1", "--fen", fen]));
    assert!(
        text.contains("e5d6 rnbqkbnr/ppp1p1pp/3P4/5pP1/8/8/PPPP1P1P/RNBQKBNR w2 KQkq f6 0 3\n"),
        "{text}"
    );
    assert!(
        text.contains("g5f6 rnbqkbnr/ppp1p1pp/5P2/3pP3/8/8/PPPP1P1P/RNBQKBNR w2 KQkq d6 0 3\n"),
        "{text}"
    );
    let second = "rnbqkbnr/ppp1p1pp/3P4/5pP1/8/8/PPPP1P1P/RNBQKBNR w2 KQkq f6 0 3";
    let text = stdout(&rulebook(&["moves", "doublemove1", "--fen", second]));
    assert!(
        text.contains("g5f6 rnbqkbnr/ppp1p1pp/3P1P2/8/8/8/PPPP1P1P/RNBQKBNR b KQkq - 0 3\n"),
        "{text}"
    );
    for (variant, field, says) in [
        (
            "doublemove1",
            "d6,f6,e6",
            "more than two en-passant entries",
        ),
        ("chess", "d6,f6", "is not a square of the board"),
    ] {
        let fen = format!("rnbqkbnr/ppp1p1pp/8/3pPpP1/8/8/PPPP1P1P/RNBQKBNR w KQkq {field} 0 3");
        let o = rulebook(&["moves", variant, "--fen", &fen]);
        assert_eq!(o.status.code(), Some(1), "{variant} {field}");
        assert!(
            stderr(&o).contains(says),
            "{variant} {field}: {}",
            stderr(&o)
        );
    }
}
