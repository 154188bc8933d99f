//! The `rulebook` command line: the arguments, read with clap; the commands are in
//! `rulebook::cli`. The contract (outputs, exit statuses) is in `docs/conventions.md`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use rulebook::cli::commands::{self, Format, PerftOptions};
use rulebook::cli::pgn::{self, PgnOutput};
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
        /// Variant files, or names of bundled variants.
        #[arg(required = true)]
        files: Vec<String>,
        /// Diagnostics for people (default) or for editors.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Also print the composed, resolved definition (the IR).
        #[arg(long)]
        dump: bool,
    },
    /// Rewrite variant files in the canonical layout, keeping every comment; with --check,
    /// only list those that would change (exit 1 if any).
    Fmt {
        /// Variant files.
        #[arg(required = true)]
        files: Vec<String>,
        /// Change nothing: name the files that are not formatted, exit 1 if any.
        #[arg(long)]
        check: bool,
    },
    /// The Language Server for `*.variant` files, over stdin and stdout (for editors).
    Lsp,
    /// List the legal moves, one a line, sorted: `<uci> <resulting FEN>`.
    Moves {
        /// A bundled variant's name (see `rulebook variants`) or a variant file.
        variant: String,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count leaf positions (perft), or run an EPD suite with --epd.
    Perft {
        /// A bundled variant's name (see `rulebook variants`) or a variant file.
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
        #[arg(long, default_value_t = 1, value_parser = threads)]
        threads: usize,
    },
    /// The interactive session; reads commands from a pipe too (type `help` in it).
    Repl {
        /// A bundled variant's name or a variant file (default: chess).
        variant: Option<String>,
    },
    /// The computer against itself from the start (each game opened by a few random moves):
    /// white wins, draws, black wins, and the end rules that decided them.
    Selfplay {
        /// A bundled variant's name or a variant file.
        variant: String,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Nodes the computer searches a move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Play this many games at once (each searched in one thread: the results are those
        /// of one thread).
        #[arg(long, default_value_t = 1, value_parser = threads)]
        threads: usize,
    },
    /// Play as a UCI engine over stdin and stdout (for GUIs, python-chess, lichess bots): the
    /// option UCI_Variant picks a bundled variant, VariantPath a variant file.
    Uci,
    /// Play as a CECP (XBoard/WinBoard) engine over stdin and stdout: `variant NAME` picks a
    /// bundled variant, and one XBoard does not know is described to it (`setup`, and a
    /// `piece` line per piece in Betza notation).
    Xboard,
    /// Replay the games of a PGN file; write them again (SAN with check marks, comments, NAGs
    /// and variations kept in place, the result), or their final positions, or their moves in
    /// UCI. Exit 1 if a game has an illegal move.
    Pgn {
        /// The PGN file: games from lichess, pychess or rulebook.
        file: String,
        /// The variant for every game (a bundled name or a file), instead of each game's
        /// Variant tag.
        #[arg(long)]
        variant: Option<String>,
        /// What to write for each game.
        #[arg(long, value_enum, default_value = "pgn")]
        output: PgnOutput,
    },
    /// The bundled variants, one a line: name, title, and where it comes from (Fairy-Stockfish,
    /// vchess, with the name there where it differs, or this project).
    Variants {
        /// A line per variant for people (default), or a JSON array.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Only the variants of this catalogue (`project`: those of no outside catalogue).
        #[arg(long, value_enum)]
        from: Option<commands::From>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check {
            files,
            format,
            dump,
        } => commands::check(&files, format, dump),
        Command::Fmt { files, check } => rulebook::cli::fmt::fmt(&files, check),
        Command::Lsp => rulebook::cli::lsp::main(),
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
        Command::Uci => rulebook::cli::uci::main(),
        Command::Xboard => rulebook::cli::xboard::main(),
        Command::Selfplay {
            variant,
            games,
            nodes,
            threads,
        } => rulebook::cli::selfplay::selfplay(&variant, games, nodes, threads),
        Command::Variants { format, from } => commands::variants(format, from),
        Command::Pgn {
            file,
            variant,
            output,
        } => pgn::pgn(&file, variant.as_deref(), output),
    }
}

/// A number of threads: at least 1.
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least 1 thread is needed".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}
