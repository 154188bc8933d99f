//! Text → syntax tree: the pest grammar (`grammar/variant.pest`) glue, the syntax tree with the
//! span of every part, syntax errors in words, and Betza notation.

pub mod ast;
pub mod betza;
pub mod parse;
