//! Text → syntax tree: the pest grammar (`grammar/variant.pest`) glue ([`parse`]), the syntax
//! tree with the span of every part ([`ast`], built by `tree`), syntax errors in words
//! (`errors`), the canonical layout ([`format`](mod@format)), what an editor asks ([`outline`]), the keyword table ([`keywords`]) and Betza notation ([`betza`]).

pub mod ast;
pub mod betza;
mod errors;
pub mod format;
mod grammar;
pub mod keywords;
pub mod outline;
pub mod parse;
mod tree;
