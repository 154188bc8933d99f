//! The command line and the REPL, behind the default `cli` feature: [`commands`] runs the
//! `rulebook` subcommands (`src/main.rs` reads the arguments with clap), [`repl`] the
//! interactive session, [`output`] writes results and notices when it cannot, [`pgn`] replays PGN files,
//! [`fmt`] formats variant files, [`lsp`] is the Language Server, [`uci`] and [`xboard`] the
//! engine protocols (sharing [`seat`]).

pub mod commands;
pub mod fmt;
pub mod lsp;
pub mod output;
pub mod pgn;
pub mod repl;
pub mod seat;
pub mod selfplay;
pub mod uci;
pub mod xboard;
