//! The variant files shipped in `variants/`, embedded so that `rulebook perft orda 4` works from
//! any directory. `build.rs` lists the folder, so adding a file is all it takes.

use std::sync::OnceLock;

use crate::ir::Catalog;

/// (name, text), sorted by name.
#[cfg(not(feature = "installed-variants"))]
fn bundled() -> &'static [(&'static str, &'static str)] {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"))
}

/// (name, text), sorted by name: what [`install`] was given, else nothing.
#[cfg(feature = "installed-variants")]
fn bundled() -> &'static [(&'static str, &'static str)] {
    INSTALLED.get().map_or(&[], Vec::as_slice)
}

#[cfg(feature = "installed-variants")]
static INSTALLED: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();

/// Makes the variant files of `bundle` (as [`unpack`] reads it) the bundled variants, once:
/// the playground fetches them beside its WebAssembly rather than carrying them inside it.
/// Answers how many there are, or why the bundle is unreadable or a second one.
#[cfg(feature = "installed-variants")]
pub fn install(bundle: String) -> Result<usize, String> {
    let text: &'static str = bundle.leak();
    let mut table = unpack(text)?;
    table.sort_unstable_by_key(|(name, _)| *name);
    let count = table.len();
    INSTALLED
        .set(table)
        .map_err(|_| "the bundled variants are already installed".to_string())?;
    Ok(count)
}

/// The variant files of a bundle: each one a line `NAME BYTES` and then its text of exactly
/// BYTES bytes (`web/build` writes it from `variants/`).
pub fn unpack(bundle: &str) -> Result<Vec<(&str, &str)>, String> {
    let mut files = vec![];
    let mut rest = bundle;
    while !rest.is_empty() {
        let (header, after) = rest
            .split_once('\n')
            .ok_or_else(|| format!("a file header without its text: {rest:.40}"))?;
        let (name, bytes) = header
            .split_once(' ')
            .ok_or_else(|| format!("a file header is not `NAME BYTES`: {header:.40}"))?;
        let len: usize = bytes
            .parse()
            .map_err(|_| format!("`{name}`: the length `{bytes:.20}` is not a number"))?;
        if after.len() < len || !after.is_char_boundary(len) {
            return Err(format!("`{name}`: the bundle ends inside its {len} bytes"));
        }
        files.push((name, &after[..len]));
        rest = &after[len..];
    }
    Ok(files)
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
    fn a_bundle_unpacks_to_its_files_and_a_cut_one_says_where() {
        let bundle = "chess 6\nab\ncd\nzen 3\né\n";
        assert_eq!(
            unpack(bundle),
            Ok(vec![("chess", "ab\ncd\n"), ("zen", "é\n")])
        );
        assert_eq!(unpack(""), Ok(vec![]));
        let cut = unpack("chess 60\nab").unwrap_err();
        assert!(cut.contains("`chess`") && cut.contains("60 bytes"), "{cut}");
        assert!(
            unpack("zen 1\né").unwrap_err().contains("`zen`"),
            "inside a character"
        );
        assert!(unpack("chess x\n").unwrap_err().contains("not a number"));
        assert!(unpack("chess\n").unwrap_err().contains("NAME BYTES"));
    }

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
