//! The variant files shipped in `variants/`, embedded so that `rulebook perft orda 4` works from
//! any directory. `build.rs` lists the folder, so adding a file is all it takes.

use std::sync::OnceLock;

use crate::ir::Catalog;

/// (name, text), sorted by name.
#[cfg(not(feature = "compressed-variants"))]
fn bundled() -> &'static [(&'static str, &'static str)] {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"))
}

/// (name, text), sorted by name: inflated once, on first use.
#[cfg(feature = "compressed-variants")]
fn bundled() -> &'static [(&'static str, &'static str)] {
    static TABLE: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let (index, packed): (&[(&str, usize, usize)], &[u8]) =
            include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
        // Written by build.rs from the variant files, which are UTF-8: neither can fail.
        let bytes = miniz_oxide::inflate::decompress_to_vec(packed).expect("the build's deflate");
        let text: &'static str = String::from_utf8(bytes).expect("UTF-8 files").leak();
        index.iter().map(|&(n, a, b)| (n, &text[a..b])).collect()
    })
}

/// The text of the bundled variant `name`.
pub fn get(name: &str) -> Option<&'static str> {
    bundled().iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The names of the bundled variants, sorted.
pub fn names() -> impl Iterator<Item = &'static str> {
    bundled().iter().map(|(n, _)| *n)
}

/// A bundled variant's name in an outside catalogue, from its `catalog` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogName {
    /// The catalogue.
    pub catalog: Catalog,
    /// The name there.
    pub name: String,
    /// The bundled variant.
    pub variant: &'static str,
}

/// Every bundled variant's names in outside catalogues, read once from the files' `catalog`
/// lines (parsing them alone, without loading the variants).
pub fn catalog_names() -> &'static [CatalogName] {
    static NAMES: OnceLock<Vec<CatalogName>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = vec![];
        for (variant, text) in bundled() {
            for (catalog, name) in crate::syntax::outline::catalogs(text) {
                if let Some(catalog) = Catalog::from_key(&catalog) {
                    names.push(CatalogName {
                        catalog,
                        name,
                        variant,
                    });
                }
            }
        }
        names
    })
}

/// The bundled variant that `spec` names: by its own name, else by its name in a catalogue
/// (the same case first, then any case). `Ok(None)` when none does; when several variants have
/// that name in catalogues, why (`names several bundled variants ...`, to follow the name).
pub fn find(spec: &str) -> Result<Option<&'static str>, String> {
    if let Some((name, _)) = bundled().iter().find(|(n, _)| *n == spec) {
        return Ok(Some(name));
    }
    find_in_catalogs(spec, catalog_names())
}

/// The bundled variant that `spec` names among `names` (see [`find`]).
pub fn find_in_catalogs(spec: &str, names: &[CatalogName]) -> Result<Option<&'static str>, String> {
    let exact = |n: &&CatalogName| n.name == spec;
    let any_case = |n: &&CatalogName| n.name.to_lowercase() == spec.to_lowercase();
    for matches in [
        names.iter().filter(exact).collect::<Vec<_>>(),
        names.iter().filter(any_case).collect(),
    ] {
        let mut variants: Vec<&'static str> = matches.iter().map(|n| n.variant).collect();
        variants.sort_unstable();
        variants.dedup();
        match variants.as_slice() {
            [] => continue,
            [one] => return Ok(Some(one)),
            _ => {
                let claims: Vec<String> = matches
                    .iter()
                    .map(|n| format!("`{}` ({} {:?})", n.variant, n.catalog.key(), n.name))
                    .collect();
                return Err(format!(
                    "names several bundled variants in catalogues: {}; use the bundled name",
                    claims.join(", ")
                ));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalogue_name_finds_its_bundled_variant_in_any_case() {
        assert_eq!(find("kingofthehill"), Ok(Some("kingofthehill")));
        assert_eq!(find("Koth"), Ok(Some("kingofthehill")));
        assert_eq!(find("KOTH"), Ok(Some("kingofthehill")));
        assert_eq!(find("threechecks"), Ok(Some("3check")));
        assert_eq!(find("Chess960"), Ok(Some("fischerandom")));
        assert_eq!(find("KingOfTheHill"), Ok(Some("kingofthehill")));
        assert_eq!(find("no-such-variant"), Ok(None));
    }

    /// No two bundled variants claim one name, in one catalogue or across them (in any case):
    /// each catalogue name finds one variant.
    #[test]
    fn no_two_bundled_variants_share_a_catalogue_name() {
        let names = catalog_names();
        assert!(names.iter().any(|n| n.catalog == Catalog::Vchess));
        for n in names {
            assert_eq!(find(&n.name), Ok(Some(n.variant)), "{n:?}");
        }
    }

    #[test]
    fn a_name_two_variants_claim_is_an_error_naming_both() {
        let names = [
            CatalogName {
                catalog: Catalog::FairyStockfish,
                name: "suicide".into(),
                variant: "suicide",
            },
            CatalogName {
                catalog: Catalog::Vchess,
                name: "Suicide".into(),
                variant: "suicide-vchess",
            },
            CatalogName {
                catalog: Catalog::Vchess,
                name: "Koth".into(),
                variant: "one",
            },
            CatalogName {
                catalog: Catalog::Vchess,
                name: "Koth".into(),
                variant: "two",
            },
        ];
        assert_eq!(
            find_in_catalogs("Suicide", &names),
            Ok(Some("suicide-vchess"))
        );
        assert_eq!(find_in_catalogs("suicide", &names), Ok(Some("suicide")));
        let err = find_in_catalogs("SUICIDE", &names).unwrap_err();
        assert!(
            err.contains("`suicide` (fairy-stockfish \"suicide\")"),
            "{err}"
        );
        assert!(
            err.contains("`suicide-vchess` (vchess \"Suicide\")"),
            "{err}"
        );
        let err = find_in_catalogs("koth", &names).unwrap_err();
        assert!(err.contains("`one`") && err.contains("`two`"), "{err}");
    }
}
