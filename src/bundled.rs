//! The variant files shipped in `variants/`, embedded so that `rulebook perft orda 4` works from
//! any directory.

const BUNDLED: &[(&str, &str)] = &[
    ("chess", include_str!("../variants/chess.variant")),
    ("orda", include_str!("../variants/orda.variant")),
    ("alice", include_str!("../variants/alice.variant")),
    ("magnetic", include_str!("../variants/magnetic.variant")),
];

pub fn get(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}
