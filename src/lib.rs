//! rulebook: chess variants as text.
//!
//! The pipeline: `grammar/variant.pest` → [`parse`] (syntax tree, [`ast`]) → [`lower`]
//! (composition and validation, [`ir`]) → [`rules`] (per-square tables) → [`position`] and
//! [`movegen`] (the interpreter) → [`game`] (the interface of the CLI and the REPL).

pub mod ast;
pub mod betza;
pub mod bitboard;
pub mod bundled;
pub mod diagnostics;
pub mod epd;
pub mod fen;
pub mod game;
pub mod ir;
pub mod lower;
pub mod movegen;
pub mod parse;
pub mod position;
pub mod repl;
pub mod rules;
