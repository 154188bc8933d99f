//! The `rulebook` command line (see CONVENTIONS.md for the contract).

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use rulebook::bundled;
use rulebook::cli::repl;
use rulebook::diagnostics::{Problem, Sources, json_str, render, to_json};
use rulebook::game::{Game, new_game};
use rulebook::lower::{LoadError, load};
use rulebook::perft as epd;

#[derive(Parser)]
#[command(
    name = "rulebook",
    version,
    about = "Chess variants as text: define, validate, explore."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Human,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Validate variant definitions; exit 0 if all are valid, 1 otherwise.
    Check {
        #[arg(required = true)]
        files: Vec<String>,
        /// Diagnostics for people (default) or for editors.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Also print the composed, resolved definition (the IR).
        #[arg(long)]
        dump: bool,
    },
    /// List the legal moves, one a line, sorted: `<uci> <resulting FEN>`.
    Moves {
        variant: String,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count leaf positions (perft), or run an EPD suite with --epd.
    Perft {
        variant: String,
        /// The depth; with --epd, the deepest depth to check (also --depth).
        depth: Option<u32>,
        #[arg(long)]
        fen: Option<String>,
        /// One `<uci>: <count>` line per move first.
        #[arg(long)]
        divide: bool,
        /// Run the positions of an EPD file (`FEN ;D1 n ;D2 n ...`).
        #[arg(long)]
        epd: Option<String>,
        #[arg(long = "depth", id = "max_depth")]
        max_depth: Option<u32>,
        /// Print nodes, seconds and nodes per second on stderr.
        #[arg(long)]
        stats: bool,
        /// Split the work over this many threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// The interactive session; reads commands from a pipe too.
    Repl { variant: Option<String> },
    /// The bundled variants, one a line: name and title.
    Variants {
        /// A line per variant for people (default), or a JSON array.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
}

fn color_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn report(problems: &[Problem], sources: &Sources) {
    let color = color_stderr();
    let mut err = std::io::stderr().lock();
    for p in problems {
        let _ = write!(err, "{}", render(p, sources, color, 100));
    }
}

/// Loads a variant for a command, printing why it cannot be loaded.
fn game_for(spec: &str, sources: &mut Sources) -> Result<Box<dyn Game>, ExitCode> {
    match load(spec, sources) {
        Ok(l) => Ok(new_game(std::sync::Arc::new(l.variant))),
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

fn set_fen(game: &mut dyn Game, fen: &str, sources: &mut Sources) -> Result<(), ExitCode> {
    game.set_fen(fen).map_err(|e| {
        let src = sources.add("--fen", fen);
        let p = Problem::error(
            "rulebook::fen",
            format!("bad FEN ({}): {}", e.field, e.message),
        )
        .label(src, e.span, e.label)
        .help(e.help);
        report(&[p], sources);
        ExitCode::from(1)
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut sources = Sources::default();
    match cli.command {
        Command::Check {
            files,
            format,
            dump,
        } => {
            let mut all_ok = true;
            let mut problems = vec![];
            let mut out = std::io::stdout().lock();
            for f in &files {
                match load(f, &mut sources) {
                    Ok(l) => {
                        problems.extend(l.warnings);
                        if format == Format::Human {
                            let _ = writeln!(out, "ok: {f} (variant {})", l.variant.name);
                            if dump {
                                let _ = write!(out, "{}", l.variant);
                            }
                        }
                    }
                    Err(LoadError::Unreadable(msg)) => {
                        eprintln!("error: {msg}");
                        return ExitCode::from(2);
                    }
                    Err(LoadError::Invalid(ps)) => {
                        all_ok = false;
                        problems.extend(ps);
                    }
                }
            }
            match format {
                Format::Json => {
                    let _ = write!(out, "{}", to_json(&problems, &sources));
                }
                Format::Human => report(&problems, &sources),
            }
            if all_ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Moves { variant, fen } => {
            let mut game = match game_for(&variant, &mut sources) {
                Ok(g) => g,
                Err(c) => return c,
            };
            if let Some(f) = fen
                && let Err(c) = set_fen(game.as_mut(), &f, &mut sources)
            {
                return c;
            }
            let mut out = std::io::stdout().lock();
            for m in game.moves() {
                let _ = writeln!(out, "{} {}", m.uci, m.fen);
            }
            ExitCode::SUCCESS
        }
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
            epd: epd_file,
            max_depth,
            stats,
            threads,
        } => {
            let mut game = match game_for(&variant, &mut sources) {
                Ok(g) => g,
                Err(c) => return c,
            };
            if let Some(path) = epd_file {
                let text = match std::fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("error: cannot read {path}: {e}");
                        return ExitCode::from(2);
                    }
                };
                let limit = max_depth.or(depth);
                let mut out = std::io::stdout().lock();
                let summary = epd::run(game.as_mut(), &text, limit, threads, &mut |line| {
                    let _ = writeln!(out, "{line}");
                    let _ = out.flush();
                });
                return match summary {
                    Ok(s) => {
                        let _ = writeln!(out, "{} passed, {} failed", s.passed, s.failed);
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
            }
            let Some(depth) = depth else {
                eprintln!("error: perft needs a DEPTH (or --epd FILE)");
                return ExitCode::from(2);
            };
            if let Some(f) = fen
                && let Err(c) = set_fen(game.as_mut(), &f, &mut sources)
            {
                return c;
            }
            let start = Instant::now();
            let mut out = std::io::stdout().lock();
            let nodes = if divide {
                let lines = epd::divide(game.as_ref(), depth, threads);
                let mut total = if depth == 0 { 1 } else { 0 };
                for (m, n) in lines {
                    let _ = writeln!(out, "{m}: {n}");
                    total += n;
                }
                total
            } else {
                epd::perft(game.as_ref(), depth, threads)
            };
            let _ = writeln!(out, "{nodes}");
            if stats {
                let secs = start.elapsed().as_secs_f64();
                eprintln!(
                    "nodes {nodes}  seconds {secs:.3}  nodes/s {:.0}  threads {threads}",
                    nodes as f64 / secs.max(1e-9)
                );
            }
            ExitCode::SUCCESS
        }
        Command::Repl { variant } => repl::main(variant.as_deref().unwrap_or("chess")),
        Command::Variants { format } => list_variants(format),
    }
}

/// `rulebook variants`: every bundled variant with its title.
fn list_variants(format: Format) -> ExitCode {
    let rows: Vec<(String, String)> = bundled::names()
        .map(|name| {
            let mut sources = Sources::default();
            let title = load(name, &mut sources)
                .ok()
                .and_then(|l| l.variant.title)
                .unwrap_or_default();
            (name.to_string(), title)
        })
        .collect();
    let mut out = std::io::stdout().lock();
    let _ = match format {
        Format::Human => {
            let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
            rows.iter()
                .try_for_each(|(n, t)| writeln!(out, "{n:<width$}  {t}"))
        }
        Format::Json => {
            let items: Vec<String> = rows
                .iter()
                .map(|(n, t)| format!("{{\"name\": {}, \"title\": {}}}", json_str(n), json_str(t)))
                .collect();
            writeln!(out, "[{}]", items.join(", "))
        }
    };
    ExitCode::SUCCESS
}
