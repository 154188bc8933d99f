//! The `rulebook` subcommands: `check`, `moves`, `perft` (counts and EPD suites), `variants`.
//! Exit status: 0 success, 1 failure (an invalid file, a bad FEN, a failing suite), 2 usage
//! errors, unreadable files and unwritable output (see `docs/conventions.md`).

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use super::output::Output;
use crate::bundled;
use crate::diagnostics::{Code, Problem, Sources, json_str, render, to_json};
use crate::files::{self, MAX_EPD_FILE};
use crate::game::{Game, new_game};
use crate::ir::{Catalog, CatalogEntry};
use crate::lower::{LoadError, load};
use crate::perft;

/// How diagnostics and lists are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people.
    Human,
    /// For editors and scripts.
    Json,
}

/// Options of `rulebook perft` without `--epd`.
pub struct PerftOptions<'a> {
    /// How deep.
    pub depth: u32,
    /// The position (default: the variant's start).
    pub fen: Option<&'a str>,
    /// One `<uci>: <count>` line per move first.
    pub divide: bool,
    /// Threads to split the work over.
    pub threads: usize,
    /// Nodes, time and speed on stderr.
    pub stats: bool,
}

fn color_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn report(problems: &[Problem], sources: &Sources) {
    let color = color_stderr();
    for p in problems {
        eprint!("{}", render(p, sources, color, 100));
    }
}

/// `rulebook check FILE...`: every file is loaded and reported, whatever the others.
pub fn check(files: &[String], format: Format, dump: bool) -> ExitCode {
    let mut out = Output::default();
    let mut sources = Sources::default();
    let mut problems = vec![];
    let (mut invalid, mut unreadable) = (false, false);
    for f in files {
        match load(f, &mut sources) {
            Ok(l) => {
                problems.extend(l.warnings);
                if format == Format::Human {
                    out.line(&format!("ok: {f} (variant {})", l.variant.name));
                    if dump {
                        out.write(format_args!("{}", l.variant));
                    }
                }
            }
            Err(LoadError::Unreadable(msg)) => {
                unreadable = true;
                match format {
                    Format::Human => eprintln!("error: {msg}"),
                    Format::Json => problems.push(Problem::error(Code::Unreadable, msg).help(
                        "give the path of a readable variant file, or a bundled variant's name",
                    )),
                }
            }
            Err(LoadError::Invalid(ps)) => {
                invalid = true;
                problems.extend(ps);
            }
        }
    }
    match format {
        Format::Json => out.write(format_args!("{}", to_json(&problems, &sources))),
        Format::Human => report(&problems, &sources),
    }
    out.finish(if unreadable {
        ExitCode::from(2)
    } else if invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Loads a variant for a command, printing why it cannot be loaded.
fn game_for(spec: &str, sources: &mut Sources) -> Result<Box<dyn Game>, ExitCode> {
    match load(spec, sources) {
        Ok(l) => Ok(new_game(Arc::new(l.variant))),
        Err(LoadError::Unreadable(msg)) => {
            eprintln!("error: {msg}");
            Err(ExitCode::from(2))
        }
        Err(LoadError::Invalid(problems)) => {
            report(&problems, sources);
            Err(ExitCode::from(1))
        }
    }
}

/// A game of `spec` at `fen` (or its start).
fn game_at(spec: &str, fen: Option<&str>) -> Result<Box<dyn Game>, ExitCode> {
    let mut sources = Sources::default();
    let mut game = game_for(spec, &mut sources)?;
    let Some(fen) = fen else {
        return Ok(game);
    };
    match crate::game::set_position(&mut game, fen) {
        Ok(()) => Ok(game),
        Err(e) => {
            let src = sources.add("--fen", fen);
            let p = Problem::error(Code::Fen, format!("bad FEN ({}): {}", e.field, e.message))
                .label(src, e.span, e.label)
                .help(e.help);
            report(&[p], &sources);
            Err(ExitCode::from(1))
        }
    }
}

/// `rulebook moves VARIANT [--fen FEN]`
pub fn moves(spec: &str, fen: Option<&str>) -> ExitCode {
    let mut game = match game_at(spec, fen) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut out = Output::default();
    for m in game.moves() {
        out.write(format_args!("{} {}\n", m.uci, m.fen));
    }
    out.finish(ExitCode::SUCCESS)
}

/// `rulebook perft VARIANT DEPTH [--fen FEN] [--divide] [--threads N] [--stats]`
pub fn perft(spec: &str, o: PerftOptions) -> ExitCode {
    if o.depth > perft::MAX_DEPTH {
        eprintln!("error: {}", perft::too_deep(o.depth));
        return ExitCode::from(2);
    }
    let game = match game_at(spec, o.fen) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let start = Instant::now();
    let mut out = Output::default();
    let nodes = if o.divide {
        let lines = perft::divide(game.as_ref(), o.depth, o.threads);
        for (m, n) in &lines {
            out.write(format_args!("{m}: {n}\n"));
        }
        if o.depth == 0 {
            1
        } else {
            lines.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft::perft(game.as_ref(), o.depth, o.threads)
    };
    out.write(format_args!("{nodes}\n"));
    if o.stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "nodes {nodes}  seconds {secs:.3}  nodes/s {:.0}  threads {}",
            nodes as f64 / secs.max(1e-9),
            o.threads
        );
    }
    out.finish(ExitCode::SUCCESS)
}

/// `rulebook perft VARIANT --epd FILE [--depth N]`: a line per failure, then the tally.
pub fn perft_suite(spec: &str, path: &str, max_depth: Option<u32>, threads: usize) -> ExitCode {
    let mut sources = Sources::default();
    let mut game = match game_for(spec, &mut sources) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let text = match files::read_text(Path::new(path), MAX_EPD_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = Output::default();
    let summary = perft::run(game.as_mut(), &text, max_depth, threads, &mut |line| {
        out.line(&line);
        out.flush();
    });
    let code = match summary {
        Ok(s) if s.passed + s.failed == 0 => {
            eprintln!("error: {path} holds no position to check (lines `FEN ;D1 n ...`)");
            ExitCode::from(2)
        }
        Ok(s) => {
            out.write(format_args!("{} passed, {} failed\n", s.passed, s.failed));
            if s.failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {path}: {e}");
            ExitCode::from(2)
        }
    };
    out.finish(code)
}

/// Where a bundled variant comes from, for `rulebook variants --from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum From {
    /// In Fairy-Stockfish's catalogue.
    FairyStockfish,
    /// In vchess's catalogue.
    Vchess,
    /// In no outside catalogue: this project's own.
    Project,
}

impl From {
    /// Whether a variant with these catalogue entries comes from here.
    fn holds(self, catalogs: &[CatalogEntry]) -> bool {
        let has = |c: Catalog| catalogs.iter().any(|e| e.catalog == c);
        match self {
            From::FairyStockfish => has(Catalog::FairyStockfish),
            From::Vchess => has(Catalog::Vchess),
            From::Project => catalogs.is_empty(),
        }
    }
}

/// Where a variant comes from, in words: `Fairy-Stockfish, vchess (Koth)`, `this project`; a
/// catalogue's name is shown where it is not the bundled name (ignoring case).
pub fn origin_text(name: &str, catalogs: &[CatalogEntry]) -> String {
    if catalogs.is_empty() {
        return "this project".to_string();
    }
    let mut sorted: Vec<&CatalogEntry> = catalogs.iter().collect();
    sorted.sort_by_key(|e| e.catalog);
    let parts: Vec<String> = sorted
        .iter()
        .map(|e| match e.name.eq_ignore_ascii_case(name) {
            true => e.catalog.title().to_string(),
            false => format!("{} ({})", e.catalog.title(), e.name),
        })
        .collect();
    parts.join(", ")
}

/// `rulebook variants`: every bundled variant with its title and where it comes from; with
/// `from`, only those that come from there.
pub fn variants(format: Format, from: Option<From>) -> ExitCode {
    let rows: Vec<(String, String, Vec<CatalogEntry>)> = bundled::names()
        .filter_map(|name| {
            let mut sources = Sources::default();
            let variant = load(name, &mut sources).ok().map(|l| l.variant);
            let title = variant.as_ref().and_then(|v| v.title.clone());
            let catalogs = variant.map(|v| v.catalogs).unwrap_or_default();
            from.is_none_or(|f| f.holds(&catalogs))
                .then(|| (name.to_string(), title.unwrap_or_default(), catalogs))
        })
        .collect();
    let mut out = Output::default();
    match format {
        Format::Human => {
            let width = rows.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
            let title_width = rows
                .iter()
                .map(|(_, t, _)| t.chars().count())
                .max()
                .unwrap_or(0);
            for (n, t, c) in &rows {
                let origin = origin_text(n, c);
                out.write(format_args!("{n:<width$}  {t:<title_width$}  {origin}\n"));
            }
        }
        Format::Json => {
            let items: Vec<String> = rows.iter().map(|(n, t, c)| variant_json(n, t, c)).collect();
            out.write(format_args!("[{}]\n", items.join(", ")));
        }
    }
    out.finish(ExitCode::SUCCESS)
}

/// `{"name": ..., "title": ..., "catalogs": [{"catalog": "vchess", "name": "Koth"}]}`
fn variant_json(name: &str, title: &str, catalogs: &[CatalogEntry]) -> String {
    let entries: Vec<String> = catalogs
        .iter()
        .map(|e| {
            format!(
                "{{\"catalog\": {}, \"name\": {}}}",
                json_str(e.catalog.key()),
                json_str(&e.name)
            )
        })
        .collect();
    format!(
        "{{\"name\": {}, \"title\": {}, \"catalogs\": [{}]}}",
        json_str(name),
        json_str(title),
        entries.join(", ")
    )
}
