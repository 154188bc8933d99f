//! `catalog CATALOGUE "NAME"`: the variant's places in outside catalogues.

use super::Resolver;
use crate::diagnostics::{Code, Problem, did_you_mean};
use crate::ir::{Catalog, CatalogEntry};

impl Resolver<'_> {
    /// The file's own catalogue entries: each catalogue known, named once, with a name.
    pub(super) fn catalogs(&mut self) -> Vec<CatalogEntry> {
        let mut entries: Vec<(CatalogEntry, usize)> = vec![];
        for (k, c) in self.draft.catalogs.iter().enumerate() {
            let (src, item) = (c.src, &c.node);
            let Some(catalog) = Catalog::from_key(&item.catalog.node) else {
                let keys = Catalog::ALL.map(|c| c.key());
                let known = format!("the catalogues are `{}`", keys.join("` and `"));
                let help = match did_you_mean(&item.catalog.node, keys) {
                    Some(s) => format!("did you mean `{s}`? ({known})"),
                    None => known,
                };
                self.err(
                    Problem::error(
                        Code::UnknownCatalog,
                        format!("unknown catalogue `{}`", item.catalog.node),
                    )
                    .label(src, item.catalog.span, "not a catalogue rulebook knows")
                    .help(help),
                );
                continue;
            };
            if item.name.node.trim().is_empty() {
                self.err(
                    Problem::error(
                        Code::UnknownCatalog,
                        format!("no name in catalogue `{}`", catalog.key()),
                    )
                    .label(src, item.name.span, "an empty name")
                    .help(format!(
                        "write the variant's name in {}'s catalogue between the quotes",
                        catalog.title()
                    )),
                );
                continue;
            }
            if let Some((_, first)) = entries.iter().find(|(e, _)| e.catalog == catalog) {
                let first = &self.draft.catalogs[*first];
                self.err(
                    Problem::error(
                        Code::DuplicateDefinition,
                        format!("catalogue `{}` is named twice", catalog.key()),
                    )
                    .label(src, item.catalog.span, "named again here")
                    .label(first.src, first.node.catalog.span, "first named here")
                    .help("a variant has one name in each catalogue; keep one of these lines"),
                );
                continue;
            }
            let entry = CatalogEntry {
                catalog,
                name: item.name.node.clone(),
            };
            entries.push((entry, k));
        }
        entries.into_iter().map(|(e, _)| e).collect()
    }
}
