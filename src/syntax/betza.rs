//! Betza notation (as XBoard and Fairy-Stockfish write it) lowered to explicit atoms.
//!
//! Supported: the leapers W F D N A H C Z G, the compounds K (WF), R (WW), B (FF), Q (RB);
//! a doubled letter or a range digit makes a rider (`NN`, `R2`, `W0` unlimited); the modifiers
//! `m` (move only), `c` (capture only) and the directions `f b l r s v`. Anything else is reported
//! with its position in the string, never ignored.

use crate::ir::{Atom, AtomKind, Direction};
use crate::syntax::ast::Modality;

#[derive(Debug, PartialEq)]
pub struct BetzaError {
    /// Byte offset in the Betza string.
    pub at: usize,
    pub len: usize,
    pub message: String,
    pub help: String,
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

pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut atoms = vec![];
    let mut i = 0;
    if chars.is_empty() {
        return Err(BetzaError {
            at: 0,
            len: 0,
            message: "empty Betza string".into(),
            help: "write the piece's atoms, e.g. \"N\" for a knight or \"mNcR\"".into(),
        });
    }
    while i < chars.len() {
        let start = i;
        let mut modality = Modality::Both;
        let mut directions = vec![];
        // modifiers
        while i < chars.len() && chars[i].1.is_ascii_lowercase() {
            let (at, c) = chars[i];
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
                'f' => directions.push(Direction::Forward),
                'b' => directions.push(Direction::Backward),
                'l' => directions.push(Direction::Left),
                'r' => directions.push(Direction::Right),
                's' => directions.push(Direction::Sideways),
                'v' => directions.push(Direction::Vertical),
                'i' => {
                    return Err(BetzaError {
                        at,
                        len: 1,
                        message: "the Betza modifier `i` (first move only) is not supported".into(),
                        help: "write the atom in the long form with `from rank N`, e.g. `move ride (0,1) forward range 2 from rank 2`".into(),
                    });
                }
                'n' | 'j' | 'p' | 'g' | 'e' | 'a' | 'o' | 'z' | 'q' | 'y' | 'x' | 'h' | 'u'
                | 'd' | 't' | 'k' => {
                    return Err(BetzaError {
                        at,
                        len: 1,
                        message: format!("the Betza modifier `{c}` is not supported"),
                        help: "rulebook's Betza knows m, c, f, b, l, r, s, v; write other movements in the long form".into(),
                    });
                }
                _ => {
                    return Err(BetzaError {
                        at,
                        len: 1,
                        message: format!("`{c}` is not a Betza modifier"),
                        help: "modifiers are lower case letters before an atom: m, c, f, b, l, r, s, v".into(),
                    });
                }
            }
            i += 1;
        }
        let Some(&(at, c)) = chars.get(i) else {
            let (at, _) = chars[start];
            return Err(BetzaError {
                at,
                len: text.len() - at,
                message: "modifiers without an atom".into(),
                help: "end the group with an atom letter such as W, F, N, R, B, Q or K".into(),
            });
        };
        let Some(parts) = letter_atoms(c) else {
            return Err(BetzaError {
                at,
                len: c.len_utf8(),
                message: format!("unknown Betza atom `{c}`"),
                help: "atoms are W F D N A H C Z G (leapers) and K R B Q".into(),
            });
        };
        i += 1;
        // doubled letter or range digits
        let mut range: Option<Option<u8>> = None;
        if i < chars.len() && chars[i].1 == c && leaper(c).is_some() {
            range = Some(None);
            i += 1;
        } else if i < chars.len() && chars[i].1.is_ascii_digit() {
            let dstart = i;
            while i < chars.len() && chars[i].1.is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[dstart..i].iter().map(|(_, c)| c).collect();
            let n: u32 = digits.parse().unwrap_or(u32::MAX);
            range = Some(match n {
                0 => None,
                1..=255 => Some(n as u8),
                _ => {
                    return Err(BetzaError {
                        at: chars[dstart].0,
                        len: digits.len(),
                        message: format!("range {digits} is too large"),
                        help: "use 0 for an unlimited rider".into(),
                    });
                }
            });
        }
        for (offset, rides) in parts {
            let kind = match (range, rides) {
                (Some(r), _) => AtomKind::Ride { range: r },
                (None, true) => AtomKind::Ride { range: None },
                (None, false) => AtomKind::Leap,
            };
            // A range of 1 on a rider is a leap.
            let kind = if kind == (AtomKind::Ride { range: Some(1) }) {
                AtomKind::Leap
            } else {
                kind
            };
            atoms.push(Atom {
                modality: modality.into(),
                kind,
                offset,
                directions: directions.iter().map(|d| vec![*d]).collect(),
                from: None,
                path: Default::default(),
            });
        }
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lancer_moves_as_knight_captures_as_rook() {
        let atoms = parse("mNcR").unwrap();
        assert_eq!(atoms.len(), 2);
        assert_eq!(atoms[0].modality, crate::ir::Modality::Move);
        assert_eq!(atoms[0].kind, AtomKind::Leap);
        assert_eq!(atoms[0].offset, (1, 2));
        assert_eq!(atoms[1].modality, crate::ir::Modality::Capture);
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
