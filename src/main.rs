//! The `rulebook` command line: the arguments, read with clap; the commands are in
//! `rulebook::cli`. The contract (outputs, exit statuses) is in `docs/conventions.md`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use rulebook::cli::commands::{self, Format, PerftOptions};
use rulebook::cli::repl;

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
        /// The position to count from (not with --epd, whose lines give theirs).
        #[arg(long, conflicts_with = "epd")]
        fen: Option<String>,
        /// One `<uci>: <count>` line per move first (not with --epd).
        #[arg(long, conflicts_with = "epd")]
        divide: bool,
        /// Run the positions of an EPD file (`FEN ;D1 n ;D2 n ...`).
        #[arg(long)]
        epd: Option<String>,
        /// With --epd: the deepest depth to check.
        #[arg(long = "depth", id = "max_depth", requires = "epd")]
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

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check {
            files,
            format,
            dump,
        } => commands::check(&files, format, dump),
        Command::Moves { variant, fen } => commands::moves(&variant, fen.as_deref()),
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
            epd,
            max_depth,
            stats,
            threads,
        } => match (epd, depth) {
            (Some(path), _) => commands::perft_suite(&variant, &path, max_depth.or(depth), threads),
            (None, Some(depth)) => commands::perft(
                &variant,
                PerftOptions {
                    depth,
                    fen: fen.as_deref(),
                    divide,
                    threads,
                    stats,
                },
            ),
            (None, None) => {
                eprintln!("error: perft needs a DEPTH (or --epd FILE)");
                ExitCode::from(2)
            }
        },
        Command::Repl { variant } => repl::main(variant.as_deref().unwrap_or("chess")),
        Command::Variants { format } => commands::variants(format),
    }
}
