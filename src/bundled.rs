//! The variant files shipped in `variants/`, embedded so that `rulebook perft orda 4` works from
//! any directory. `build.rs` lists the folder, so adding a file is all it takes.

/// (name, text), sorted by name.
const BUNDLED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The text of the bundled variant `name`.
pub fn get(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The names of the bundled variants, sorted.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}
