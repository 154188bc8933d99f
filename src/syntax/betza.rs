//! Betza notation (as XBoard and Fairy-Stockfish write it) lowered to explicit atoms.
//!
//! Supported: the leapers W F D N A H C Z G, the compounds K (WF), R (WW), B (FF), Q (RB);
//! a doubled letter or a range digit makes a rider (`NN`, `R2`, `W0` unlimited); the modifiers
//! `m` (move only), `c` (capture only) and the directions `f b l r s v`. Anything else is reported
//! with its position in the string, never ignored.

use crate::ir::{Atom, AtomKind, Direction};
use crate::syntax::ast::Modality;

/// A mistake in a Betza string, located in it.
#[derive(Debug, PartialEq)]
pub struct BetzaError {
    /// What kind of mistake.
    pub kind: BetzaErrorKind,
    /// Byte offset in the Betza string.
    pub at: usize,
    /// Bytes to underline.
    pub len: usize,
    /// The message.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// The kinds of Betza mistakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaErrorKind {
    /// `""`
    Empty,
    /// A letter that is no atom.
    UnknownAtom,
    /// A modifier that Betza has but rulebook does not support.
    Unsupported,
    /// A lower case letter that is no modifier.
    NotAModifier,
    /// Modifiers at the end, with no atom after them.
    NoAtom,
    /// A range beyond 255.
    RangeTooLarge,
}

impl BetzaErrorKind {
    /// The text under the mistake.
    pub fn label(self) -> &'static str {
        match self {
            BetzaErrorKind::Empty => "empty",
            BetzaErrorKind::UnknownAtom => "not an atom",
            BetzaErrorKind::Unsupported => "not supported",
            BetzaErrorKind::NotAModifier => "not a modifier",
            BetzaErrorKind::NoAtom => "no atom after these",
            BetzaErrorKind::RangeTooLarge => "too large",
        }
    }
}

fn leaper(c: char) -> Option<(i8, i8)> {
    Some(match c {
        'W' => (0, 1),
        'F' => (1, 1),
        'D' => (0, 2),
        'N' => (1, 2),
        'A' => (2, 2),
        'H' => (0, 3),
        'C' => (1, 3),
        'Z' => (2, 3),
        'G' => (3, 3),
        _ => return None,
    })
}

/// The atoms a letter stands for: (offset, rider by default).
fn letter_atoms(c: char) -> Option<Vec<((i8, i8), bool)>> {
    Some(match c {
        'K' => vec![((0, 1), false), ((1, 1), false)],
        'R' => vec![((0, 1), true)],
        'B' => vec![((1, 1), true)],
        'Q' => vec![((0, 1), true), ((1, 1), true)],
        c => vec![(leaper(c)?, false)],
    })
}

/// The atoms of a Betza string, e.g. `"mNcR"` (a lancer: moves as a knight, captures as a rook).
///
/// ```
/// let atoms = rulebook::syntax::betza::parse("mNcR").unwrap();
/// assert_eq!(atoms.len(), 2);
/// assert!(rulebook::syntax::betza::parse("mXcR").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    if chars.is_empty() {
        return Err(BetzaError {
            kind: BetzaErrorKind::Empty,
            at: 0,
            len: 0,
            message: "empty Betza string".into(),
            help: "write the piece's atoms, e.g. \"N\" for a knight or \"mNcR\"".into(),
        });
    }
    let mut atoms = vec![];
    let mut i = 0;
    while i < chars.len() {
        let group = Group::read(&chars, &mut i, text)?;
        let range = range_suffix(&chars, &mut i, group.letter)?;
        for (offset, rides) in group.parts {
            let kind = match (range, rides) {
                // A range of 1 on a rider is a leap.
                (Some(Some(1)), _) => AtomKind::Leap,
                (Some(r), _) => AtomKind::Ride { range: r },
                (None, true) => AtomKind::Ride { range: None },
                (None, false) => AtomKind::Leap,
            };
            atoms.push(Atom {
                modality: group.modality,
                kind,
                offset,
                directions: group.directions.clone(),
                from: None,
            });
        }
    }
    Ok(atoms)
}

/// Modifiers and the atom letter they apply to.
struct Group {
    modality: Modality,
    directions: Vec<Direction>,
    letter: char,
    parts: Vec<((i8, i8), bool)>,
}

impl Group {
    fn read(chars: &[(usize, char)], i: &mut usize, text: &str) -> Result<Group, BetzaError> {
        let start = *i;
        let mut modality = Modality::Both;
        let mut directions = vec![];
        while let Some(&(at, c)) = chars.get(*i).filter(|(_, c)| c.is_ascii_lowercase()) {
            match c {
                'm' | 'c' => {
                    let m = if c == 'm' {
                        Modality::Move
                    } else {
                        Modality::Capture
                    };
                    modality = if modality == Modality::Both || modality == m {
                        m
                    } else {
                        Modality::Both
                    };
                }
                _ => directions.push(direction(at, c)?),
            }
            *i += 1;
        }
        let Some(&(at, letter)) = chars.get(*i) else {
            let (at, _) = chars[start];
            return Err(BetzaError {
                kind: BetzaErrorKind::NoAtom,
                at,
                len: text.len() - at,
                message: "modifiers without an atom".into(),
                help: "end the group with an atom letter such as W, F, N, R, B, Q or K".into(),
            });
        };
        let Some(parts) = letter_atoms(letter) else {
            return Err(BetzaError {
                kind: BetzaErrorKind::UnknownAtom,
                at,
                len: letter.len_utf8(),
                message: format!("unknown Betza atom `{letter}`"),
                help: "atoms are W F D N A H C Z G (leapers) and K R B Q".into(),
            });
        };
        *i += 1;
        Ok(Group {
            modality,
            directions,
            letter,
            parts,
        })
    }
}

/// A direction modifier; the modifiers rulebook does not support are reported.
fn direction(at: usize, c: char) -> Result<Direction, BetzaError> {
    Ok(match c {
        'f' => Direction::Forward,
        'b' => Direction::Backward,
        'l' => Direction::Left,
        'r' => Direction::Right,
        's' => Direction::Sideways,
        'v' => Direction::Vertical,
        'i' => {
            return Err(BetzaError {
                kind: BetzaErrorKind::Unsupported,
                at,
                len: 1,
                message: "the Betza modifier `i` (first move only) is not supported".into(),
                help: "write the atom in the long form with `from rank N`, e.g. `move ride (0,1) forward range 2 from rank 2`".into(),
            });
        }
        'n' | 'j' | 'p' | 'g' | 'e' | 'a' | 'o' | 'z' | 'q' | 'y' | 'x' | 'h' | 'u' | 'd' | 't'
        | 'k' => {
            return Err(BetzaError {
                kind: BetzaErrorKind::Unsupported,
                at,
                len: 1,
                message: format!("the Betza modifier `{c}` is not supported"),
                help: "rulebook's Betza knows m, c, f, b, l, r, s, v; write other movements in the long form".into(),
            });
        }
        _ => {
            return Err(BetzaError {
                kind: BetzaErrorKind::NotAModifier,
                at,
                len: c.len_utf8(),
                message: format!("`{c}` is not a Betza modifier"),
                help: "modifiers are lower case letters before an atom: m, c, f, b, l, r, s, v"
                    .into(),
            });
        }
    })
}

/// After an atom letter: a doubled leaper (`NN`, a rider) or range digits (`R2`; `W0`
/// unlimited). `None`: neither; `Some(None)`: an unlimited rider.
fn range_suffix(
    chars: &[(usize, char)],
    i: &mut usize,
    letter: char,
) -> Result<Option<Option<u8>>, BetzaError> {
    if chars.get(*i).is_some_and(|&(_, c)| c == letter) && leaper(letter).is_some() {
        *i += 1;
        return Ok(Some(None));
    }
    let start = *i;
    while chars.get(*i).is_some_and(|(_, c)| c.is_ascii_digit()) {
        *i += 1;
    }
    if *i == start {
        return Ok(None);
    }
    let digits: String = chars[start..*i].iter().map(|(_, c)| c).collect();
    match digits.parse::<u32>().unwrap_or(u32::MAX) {
        0 => Ok(Some(None)),
        n @ 1..=255 => Ok(Some(Some(n as u8))),
        _ => Err(BetzaError {
            kind: BetzaErrorKind::RangeTooLarge,
            at: chars[start].0,
            len: digits.len(),
            message: format!("range {digits} is too large"),
            help: "use 0 for an unlimited rider".into(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lancer_moves_as_knight_captures_as_rook() {
        let atoms = parse("mNcR").unwrap();
        assert_eq!(atoms.len(), 2);
        assert_eq!(atoms[0].modality, Modality::Move);
        assert_eq!(atoms[0].kind, AtomKind::Leap);
        assert_eq!(atoms[0].offset, (1, 2));
        assert_eq!(atoms[1].modality, Modality::Capture);
        assert_eq!(atoms[1].kind, AtomKind::Ride { range: None });
    }

    #[test]
    fn nightrider_and_limited_rook() {
        assert_eq!(parse("NN").unwrap()[0].kind, AtomKind::Ride { range: None });
        assert_eq!(
            parse("R2").unwrap()[0].kind,
            AtomKind::Ride { range: Some(2) }
        );
    }

    #[test]
    fn unknown_atom_is_located() {
        let e = parse("mXcR").unwrap_err();
        assert_eq!((e.at, e.len), (1, 1));
    }
}
