//! rulebook: chess variants as text.
//!
//! The pipeline: `grammar/variant.pest` → [`syntax`] (syntax tree) → [`lower`] (composition and
//! validation) → [`ir`] → [`engine`] (per-square tables, position, move generation) → [`game`]
//! (the width-independent interface of the CLI and the REPL) → [`cli`].

pub mod bundled;
pub mod diagnostics;
pub mod engine;
pub mod game;
pub mod ir;
pub mod lower;
pub mod perft;
pub mod syntax;

pub mod cli;
