//! The pest parser generated from `grammar/variant.pest`; its `Rule` names every grammar rule.
//! Private: the syntax tree ([`super::ast`]) is the interface.

/// The parser of `grammar/variant.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/variant.pest"]
pub(crate) struct VariantParser;
