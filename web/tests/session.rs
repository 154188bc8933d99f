//! The session the page drives, run natively: what the page shows must be what the command
//! line says.

use std::sync::Once;

use rulebook_web::{Session, install};

/// A session whose bundled variants are installed from `variants/` as `web/build` packs them
/// for the page: each file a line `NAME BYTES` and its text.
fn session() -> Session {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let mut bundle = String::new();
        let mut files: Vec<_> = std::fs::read_dir("../variants")
            .expect("the variants folder")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "variant"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a variant file");
            let name = path.file_stem().expect("a file name").to_string_lossy();
            bundle.push_str(&format!("{name} {}\n{text}", text.len()));
        }
        let answer = install(&bundle);
        assert_eq!(answer["ok"], true, "{answer}");
        assert!(answer["count"].as_u64() > Some(300), "{answer}");
        assert_eq!(install(&bundle)["ok"], false, "a second bundle is refused");
    });
    Session::default()
}

#[test]
fn chess_plays_by_uci_and_san_and_undoes() {
    let mut s = session();
    assert_eq!(s.moves().as_array().map(Vec::len), Some(20));
    assert_eq!(s.play("e2e4")["san"], "e4");
    assert_eq!(s.play("e5")["uci"], "e7e5");
    assert_eq!(s.play("e2e4")["ok"], false);
    let state = s.state();
    assert_eq!(state["played"][1]["number"], "1...");
    assert_eq!(s.undo(), true);
    assert_eq!(s.undo(), true);
    assert_eq!(s.perft(3)["count"], 8902);
}

#[test]
fn a_broken_text_reports_the_line_and_keeps_the_variant() {
    let mut s = session();
    assert_eq!(s.load("crazyhouse")["ok"], true);
    let broken =
        "variant oops extends chess\n\nreplace promotion pawn { zone last-rank  to quen }\n";
    let answer = s.load(broken);
    assert_eq!(answer["ok"], false);
    let d = &answer["diagnostics"][0];
    assert_eq!(d["code"], "rulebook::unknown_piece");
    assert_eq!(d["line"], 3);
    assert_eq!(
        d["column"], 45,
        "as `rulebook check` says: oops.variant:3:45"
    );
    assert_eq!(s.state()["name"], "crazyhouse");
    assert_eq!(s.play("e4")["ok"], true);
}

#[test]
fn hands_and_layers_are_drawn() {
    let mut s = session();
    s.load("crazyhouse");
    for m in ["e4", "d5", "exd5", "Qxd5"] {
        assert_eq!(s.play(m)["ok"], true, "{m}");
    }
    let state = s.state();
    assert_eq!(state["hands"]["white"][0]["letter"], "P");
    assert_eq!(state["hands"]["black"][0]["count"], 1);
    assert_eq!(s.play("P@e6")["san"], "P@e6");
    s.load("alice");
    s.play("e4");
    let state = s.state();
    assert_eq!(state["layers"].as_array().map(Vec::len), Some(2));
    let moved = state["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["layer"] == 1)
        .cloned();
    assert_eq!(moved.map(|p| p["letter"].clone()), Some("S".into()));
}

#[test]
fn a_pgn_is_read_in_the_variant_it_names() {
    let mut s = session();
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e6 *\n";
    let answer = s.read_pgn(pgn);
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(s.state()["name"], "crazyhouse");
    assert!(
        s.source().as_str().unwrap().starts_with('#')
            || s.source().as_str().unwrap().contains("variant crazyhouse")
    );
    assert!(s.pgn().as_str().unwrap().contains("3. P@e6"));
}

#[test]
fn the_rules_are_explained_in_words() {
    let mut s = session();
    s.load("crazyhouse");
    let text = s.explain();
    let text = text.as_str().unwrap_or_default();
    assert!(text.contains("castling"), "{text}");
    assert!(text.contains("hand"), "{text}");
}

/// The page's engine is built with `fewer-widths` (every board over 64 squares on the widest
/// bitboard, and off the plain path): the first position of every Fairy-Stockfish suite of a
/// bundled variant, counted two plies deep by the session, matches the oracle.
#[test]
fn every_suite_start_counts_as_the_oracle_on_the_pages_bitboards() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/reference/fairy");
    let mut checked = 0;
    for entry in std::fs::read_dir(root).expect("the reference suites") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if path.extension().is_none_or(|e| e != "epd") || rulebook::bundled::get(name).is_none() {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a suite");
        let line = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty());
        let Some((fen, counts)) = line.and_then(|l| l.split_once(" ;")) else {
            continue;
        };
        let mut s = session();
        assert_eq!(s.load(name)["ok"], true, "{name}");
        assert_eq!(s.set_fen(fen)["ok"], true, "{name}: {fen}");
        for field in counts.split(';').map(str::trim) {
            let Some((depth, count)) = field.strip_prefix('D').and_then(|f| f.split_once(' '))
            else {
                continue;
            };
            let depth: u32 = depth.parse().expect("a depth");
            if depth <= 2 {
                let expected: u64 = count.trim().parse().expect("a count");
                assert_eq!(
                    s.perft(depth)["count"],
                    expected,
                    "{name} {fen} depth {depth}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 200, "only {checked} suites");
}
