#![allow(dead_code)]
//! Helpers shared by the integration tests.

use std::sync::Arc;

use rulebook::diagnostics::{Sources, render};
use rulebook::game::{Game, new_game};
use rulebook::lower::{LoadError, Origin, load, load_text};

pub fn game(variant: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    match load(variant, &mut sources) {
        Ok(l) => new_game(Arc::new(l.variant)),
        Err(e) => panic!("{variant} does not load: {e:?}"),
    }
}

pub fn game_at(variant: &str, fen: &str) -> Box<dyn Game> {
    let mut g = game(variant);
    g.set_fen(fen)
        .unwrap_or_else(|e| panic!("bad FEN {fen}: {e:?}"));
    g
}

/// The legal moves of a position, one `uci fen` a line.
pub fn moves_text(variant: &str, fen: &str) -> String {
    let mut g = game_at(variant, fen);
    let mut s = format!("{fen}\n");
    for m in g.moves() {
        s.push_str(&format!("{} {}\n", m.uci, m.fen));
    }
    s
}

/// Every diagnostic of a variant text, rendered without colour at width 80 (empty if valid).
pub fn diagnostics(name: &str, text: &str) -> String {
    let mut sources = Sources::default();
    let problems = match load_text(name, text, Origin::File(name.into()), &mut sources) {
        Ok(l) => l.warnings,
        Err(LoadError::Invalid(p)) => p,
        Err(LoadError::Unreadable(m)) => return m,
    };
    problems
        .iter()
        .map(|p| render(p, &sources, false, 80))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Insta settings shared by every snapshot test: snapshots live in the top-level `snapshots/`.
pub fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}
