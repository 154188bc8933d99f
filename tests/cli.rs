//! The command-line contract of CONVENTIONS.md, as scripts use it: outputs, streams and exit
//! statuses (0 success, 1 failure, 2 usage errors and unreadable files).

use std::process::{Command, Output};

fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run rulebook")
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
    let n: u64 = stdout(&o).trim().parse().expect("a count");
    assert!(n > 0);
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
    assert!(out.matches("\"severity\": \"error\"").count() >= 2, "{out}");
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
