//! The command line and the REPL (behind the default `cli` feature).

pub mod repl;
