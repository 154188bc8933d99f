//! rulebook: chess variants as text.
//!
//! A variant is a text file (the bundled ones are in `variants/`). Loading one parses it,
//! composes it with the variants it extends, validates it with located diagnostics, and gives
//! a [`Variant`]; a [`Game`] of it lists legal moves, plays and undoes them, reads and writes
//! FEN, and counts perft.
//!
//! ```
//! use std::sync::Arc;
//! use rulebook::{Sources, load_text, new_game, Origin};
//!
//! let text = r#"
//! variant mini "Chess with a camel" extends chess
//! piece camel { letters C c  leap (1,3) }
//! replace promotion pawn { zone last-rank  to queen camel }
//! "#;
//! let mut sources = Sources::default();
//! let loaded = load_text("mini.variant", text, Origin::Bundled, &mut sources)
//!     .expect("a valid variant");
//! // The camel is in no start position and only a promotion leads to it: no warning.
//! assert!(loaded.warnings.is_empty());
//!
//! let mut game = new_game(Arc::new(loaded.variant));
//! assert_eq!(game.moves().len(), 20);
//! let played = game.play("e2e4").expect("a legal move");
//! assert_eq!(played.summary, "white pawn e2→e4");
//! assert!(game.play("e2e4").is_err(), "no piece on e2 any more");
//! assert!(game.undo());
//! assert_eq!(game.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(game.perft(2), 400);
//! ```
//!
//! Mistakes come back as [`Problem`]s, rendered as the command line shows them:
//!
//! ```
//! use rulebook::{LoadError, Origin, Sources, load_text, render};
//!
//! let mut sources = Sources::default();
//! let text = "variant oops extends chess\nreplace promotion pawn { zone last-rank  to quen }\n";
//! let Err(LoadError::Invalid(problems)) = load_text("oops.variant", text, Origin::Bundled, &mut sources) else {
//!     panic!("`quen` is no piece");
//! };
//! let shown = render(&problems[0], &sources, false, 80);
//! assert!(shown.contains("rulebook::unknown_piece"));
//! assert!(shown.contains("did you mean `queen`?"));
//! ```
//!
//! The pipeline, one module each: `grammar/variant.pest` → [`syntax`] (syntax tree) →
//! [`lower`] (composition and validation) → [`ir`] → [`engine`] (per-square tables,
//! positions, move generation) → [`game`] (a width-independent interface) → [`perft`]; and,
//! with the default `cli` feature, [`cli`] (the `rulebook` command line and its REPL).
//! [`diagnostics`] renders problems; [`files`] reads user files within limits.

#![warn(missing_docs)]

pub mod bundled;
pub mod diagnostics;
pub mod engine;
pub mod files;
pub mod game;
pub mod ir;
pub mod lower;
pub mod perft;
#[cfg(feature = "search")]
pub mod search;
pub mod syntax;

#[cfg(feature = "cli")]
pub mod cli;

pub use diagnostics::{Code, Problem, Severity, SourceId, Sources, render, to_json};
pub use game::{Game, new_game};
pub use ir::Variant;
pub use lower::{LoadError, Loaded, Origin, load, load_text};
