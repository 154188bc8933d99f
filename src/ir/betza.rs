//! A piece's moves written back in Betza notation, for a GUI that learns the pieces from it
//! (XBoard's `piece` command). Each atom becomes a group; its directions are picked among the
//! forms both Fairy-Stockfish and XBoard read alike (single letters on orthogonal and diagonal
//! atoms, doubled pairs such as `ff` and `fs` on oblique ones), checked by reading them back
//! with [`crate::syntax::betza::parse`]. What Betza cannot say is left out or widened: an
//! attack-only atom (it never moves), an offset with no letter, a confinement or a landing
//! region (the atom is written as if it applied everywhere).

use super::{Atom, AtomKind, LeapPath, Modality, Piece};

/// The Betza letter of a canonical leaper offset.
fn letter(offset: (i8, i8)) -> Option<char> {
    Some(match offset {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// The direction forms tried for an offset, widest first.
fn direction_forms(offset: (i8, i8)) -> &'static [&'static str] {
    match offset {
        (0, _) => &["v", "s", "f", "b", "l", "r"],
        (a, b) if a == b => &["f", "b", "l", "r", "fl", "fr", "bl", "br"],
        _ => &[
            "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv", "fl", "fr", "bl", "br", "lf", "rf",
            "lb", "rb",
        ],
    }
}

/// The sorted vectors a Betza group selects.
fn vectors_of(group: &str) -> Vec<(i8, i8)> {
    let Ok(read) = crate::syntax::betza::parse(group, None) else {
        return vec![];
    };
    let mut v: Vec<(i8, i8)> = read.atoms.iter().flat_map(Atom::vectors).collect();
    v.sort();
    v.dedup();
    v
}

/// Direction prefixes whose groups together select exactly `want` (one prefix, empty, when
/// it is every image); `None` when no union of the forms does.
fn directions(offset: (i8, i8), letter: char, want: &[(i8, i8)]) -> Option<Vec<&'static str>> {
    if vectors_of(&letter.to_string())
        .iter()
        .all(|v| want.contains(v))
    {
        return Some(vec![""]);
    }
    let mut covered: Vec<(i8, i8)> = vec![];
    let mut picked = vec![];
    for form in direction_forms(offset) {
        let got = vectors_of(&format!("{form}{letter}"));
        if !got.is_empty()
            && got.iter().all(|v| want.contains(v))
            && got.iter().any(|v| !covered.contains(v))
        {
            covered.extend(got);
            picked.push(*form);
        }
    }
    (covered.len() >= want.len() && want.iter().all(|v| covered.contains(v))).then_some(picked)
}

/// The Betza groups of one atom (none when Betza cannot say it).
fn atom_groups(a: &Atom) -> Vec<String> {
    let Some(letter) = letter(a.offset) else {
        return vec![];
    };
    let modality = match a.modality {
        Modality::Move => "m",
        Modality::Capture => "c",
        Modality::Both => "",
        Modality::Attack => return vec![],
    };
    let mut want = a.vectors();
    want.sort();
    let Some(dirs) = directions(a.offset, letter, &want) else {
        return vec![];
    };
    let path = match a.path {
        LeapPath::Free => "",
        LeapPath::Lame => "n",
        LeapPath::Jump => "j",
    };
    let initial = if a.from.is_some() { "i" } else { "" };
    let (hop, suffix) = match a.kind {
        AtomKind::Leap => ("", String::new()),
        AtomKind::Ride { range: None } => ("", rider(letter)),
        AtomKind::Ride { range: Some(n) } => ("", format!("{letter}{}", n.min(9))),
        AtomKind::Hop {
            range: Some(1),
            span: None,
        } => ("g", rider(letter)),
        AtomKind::Hop { span: Some(n), .. } => ("p", format!("{letter}{}", n.min(9))),
        AtomKind::Hop { .. } => ("p", rider(letter)),
    };
    let body = if suffix.is_empty() {
        letter.to_string()
    } else {
        suffix
    };
    dirs.iter()
        .map(|d| format!("{initial}{modality}{hop}{path}{d}{body}"))
        .collect()
}

/// An unlimited rider of a letter: `R` and `B` for the rook's and bishop's lines, the letter
/// doubled otherwise (`NN`).
fn rider(letter: char) -> String {
    match letter {
        'W' => "R".into(),
        'F' => "B".into(),
        c => format!("{c}{c}"),
    }
}

impl Piece {
    /// The piece's moves in Betza notation (`mfWifmW2cfF` for chess's pawn, `mNcR` for Orda's
    /// lancer), with `O` and the king's leap when it castles `castles` files.
    pub fn betza(&self, castles: Option<u8>) -> String {
        let mut s: String = self.atoms.iter().flat_map(atom_groups).collect();
        for once in &self.once_atoms {
            s.extend(atom_groups(&once.atom).into_iter().map(|g| format!("i{g}")));
        }
        if let Some(n) = castles {
            s.push_str(&format!("O{n}"));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> Piece {
        let atoms = crate::syntax::betza::parse(betza, None).unwrap().atoms;
        Piece {
            name: "p".into(),
            letters: vec![[Some('P'), Some('p')]],
            glyph: None,
            royal: false,
            royal_when_last: None,
            atoms,
            confined: None,
            promoted_from: None,
            cannot_capture: vec![],
            cannot_hop_over: vec![],
            cannot_attack: vec![],
            antiroyal: false,
            once_atoms: vec![],
            once_lost_to: vec![],
            once_kept: false,
            anywhere: None,
            value: None,
            captures_in_place: false,
            captures_as_victim: false,
            guarded_atoms: vec![],
        }
    }

    /// Each string is written back as it reads (the same vectors, kinds and modalities).
    #[test]
    fn betza_written_back_reads_as_the_same_atoms() {
        for text in [
            "K", "Q", "N", "mNcR", "fN", "ffNbsN", "mfWcfF", "nN", "nA", "mRcpR", "gQ", "fsW",
            "flF", "W2", "NN", "fR", "lfN",
        ] {
            let p = piece(text);
            let written = p.betza(None);
            let again = piece(&written);
            let key = |p: &Piece| {
                let mut v: Vec<String> = p
                    .atoms
                    .iter()
                    .flat_map(|a| {
                        a.vectors()
                            .into_iter()
                            .map(move |v| format!("{:?}{:?}{:?}{v:?}", a.modality, a.kind, a.path))
                    })
                    .collect();
                v.sort();
                v
            };
            assert_eq!(key(&again), key(&p), "{text} written as {written}");
        }
    }

    #[test]
    fn common_pieces_are_written_as_xboard_expects() {
        assert_eq!(piece("K").betza(Some(2)), "WFO2");
        assert_eq!(piece("Q").betza(None), "RB");
        assert_eq!(piece("mRcpR").betza(None), "mRcpR");
        assert_eq!(piece("nN").betza(None), "nN");
        assert_eq!(piece("fN").betza(None), "ffN");
    }
}
