//! Betza notation, read exactly as Fairy-Stockfish reads it, lowered to explicit atoms.
//!
//! A group is modifiers then an atom letter: the leapers W F D N A H L C J Z G, the compounds K
//! (WF), R (WW), B (FF), Q (RB). A doubled letter or a range digit after it makes a rider (`NN`,
//! `R2`). Modifiers: `m` move only, `c` capture only, `p` hop over a screen (the cannon), `g`
//! land right behind it (the grasshopper), `n` lame (blocked on its way, Xiangqi's horse), `j`
//! jumping (the way must be blocked), `i` only from the piece's initial squares, `e` en passant
//! (declared with `en passant PIECE`, so ignored here), and the directions `f b l r s v h`, alone
//! or in pairs (`fl`, `ff`, `fs`, `rb`, ...), which pick some of the atom's eight images the way
//! Fairy-Stockfish does. Anything else is reported with its position in the string.

use crate::ir::{Atom, AtomKind, DirTerm, Direction, LeapPath, Modality};

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
    /// A direction whose meaning changed when Betza began to be read as Fairy-Stockfish reads
    /// it: the old reading is refused with what to write now.
    ChangedMeaning,
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
            BetzaErrorKind::ChangedMeaning => "meaning changed",
        }
    }
}

/// (ranks, files) of a leaper atom, as Fairy-Stockfish lists them (the first coordinate is the
/// one along the files' direction of travel: W is one step forward).
fn leaper(c: char) -> Option<(i8, i8)> {
    Some(match c {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'L' | 'C' => (3, 1),
        'J' | 'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// The atoms a letter stands for, and whether it rides by itself.
fn letter_atoms(c: char) -> Option<(Vec<(i8, i8)>, bool)> {
    Some(match c {
        'K' => (vec![(1, 0), (1, 1)], false),
        'R' => (vec![(1, 0)], true),
        'B' => (vec![(1, 1)], true),
        'Q' => (vec![(1, 0), (1, 1)], true),
        c => (vec![leaper(c)?], false),
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The modifiers read before an atom letter.
#[derive(Default)]
struct Modifiers {
    moves: bool,
    captures: bool,
    hop: Option<Option<u8>>,
    lame: bool,
    jump: bool,
    initial: bool,
    /// Direction pairs as Fairy-Stockfish keeps them (`ff`, `fl`, `ss`, ...), with where each
    /// starts in the string.
    directions: Vec<(String, usize)>,
}

/// The atoms of a Betza string, e.g. `"mNcR"` (a lancer: moves as a knight, captures as a rook).
/// Atoms with `i` apply from `initial` (the piece's initial squares).
///
/// ```
/// let atoms = rulebook::syntax::betza::parse("mNcR", None).unwrap();
/// assert_eq!(atoms.len(), 2);
/// assert!(rulebook::syntax::betza::parse("mXcR", None).is_err());
/// ```
pub fn parse(text: &str, initial: Option<&crate::ir::Region>) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    if chars.is_empty() {
        return Err(error(
            BetzaErrorKind::Empty,
            0,
            0,
            "empty Betza string".into(),
            "write the piece's atoms, e.g. \"N\" for a knight or \"mNcR\"",
        ));
    }
    let mut atoms = vec![];
    let mut i = 0;
    let mut m = Modifiers::default();
    let mut group_start = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if c.is_ascii_lowercase() {
            read_modifier(&chars, &mut i, &mut m)?;
            continue;
        }
        let Some((parts, rides)) = letter_atoms(c) else {
            return Err(error(
                BetzaErrorKind::UnknownAtom,
                at,
                c.len_utf8(),
                format!("unknown Betza atom `{c}`"),
                "atoms are W F D N A H L C J Z G (leapers) and K R B Q",
            ));
        };
        i += 1;
        let range = range_suffix(&chars, &mut i, c)?;
        let rider = rides || range.is_some();
        for offset in parts {
            atoms.push(atom(&m, offset, rider, range.flatten(), at, initial)?);
        }
        m = Modifiers::default();
        group_start = i;
    }
    if group_start < chars.len() {
        let at = chars[group_start].0;
        return Err(error(
            BetzaErrorKind::NoAtom,
            at,
            text.len() - at,
            "modifiers without an atom".into(),
            "end the group with an atom letter such as W, F, N, R, B, Q or K",
        ));
    }
    Ok(atoms)
}

fn error(kind: BetzaErrorKind, at: usize, len: usize, message: String, help: &str) -> BetzaError {
    BetzaError {
        kind,
        at,
        len,
        message,
        help: help.to_string(),
    }
}

/// One modifier (or a direction pair) at `chars[*i]`.
fn read_modifier(
    chars: &[(usize, char)],
    i: &mut usize,
    m: &mut Modifiers,
) -> Result<(), BetzaError> {
    let (at, c) = chars[*i];
    *i += 1;
    match c {
        'm' => m.moves = true,
        'c' => m.captures = true,
        'p' => m.hop = Some(None),
        'g' => m.hop = Some(Some(1)),
        'n' => m.lame = true,
        'j' => m.jump = true,
        'i' => m.initial = true,
        'e' => {}
        c if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
            let pair = match chars.get(*i) {
                Some(&(_, c2))
                    if c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2)) =>
                {
                    *i += 1;
                    format!("{c}{c2}")
                }
                _ => format!("{c}{c}"),
            };
            m.directions.push((pair, at));
        }
        'a' | 'o' | 'z' | 'q' | 'y' | 'x' | 'u' | 'd' | 't' | 'k' | 'w' => {
            return Err(error(
                BetzaErrorKind::Unsupported,
                at,
                1,
                format!("the Betza modifier `{c}` is not supported"),
                "rulebook's Betza knows m c p g n j i e and the directions f b l r s v h; write other movements in the long form",
            ));
        }
        _ => {
            return Err(error(
                BetzaErrorKind::NotAModifier,
                at,
                c.len_utf8(),
                format!("`{c}` is not a Betza modifier"),
                "modifiers are lower case letters before an atom: m c p g n j i and f b l r s v h",
            ));
        }
    }
    Ok(())
}

/// After an atom letter: a doubled letter (`NN`, a rider) or a range digit (`R2`). `None`:
/// neither; `Some(None)`: an unlimited rider.
fn range_suffix(
    chars: &[(usize, char)],
    i: &mut usize,
    letter: char,
) -> Result<Option<Option<u8>>, BetzaError> {
    match chars.get(*i) {
        Some(&(_, c)) if c == letter => {
            *i += 1;
            Ok(Some(None))
        }
        Some(&(at, c)) if c.is_ascii_digit() => {
            *i += 1;
            if chars.get(*i).is_some_and(|(_, c)| c.is_ascii_digit()) {
                return Err(error(
                    BetzaErrorKind::RangeTooLarge,
                    at,
                    2,
                    "a Betza range is one digit".into(),
                    "use a digit from 1 to 9, or 0 for an unlimited rider",
                ));
            }
            let n = c as u8 - b'0';
            Ok(Some(if n == 0 { None } else { Some(n) }))
        }
        _ => Ok(None),
    }
}

/// The eight images of atom (a, b) (a along the direction of travel) in Fairy-Stockfish's
/// order, as (files, ranks) vectors for white, each with the direction pairs that select it.
fn images((a, b): (i8, i8)) -> [((i8, i8), &'static [&'static str]); 8] {
    [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The vectors of `offset` that the directions select (all of them without directions).
fn selected(offset: (i8, i8), directions: &[(String, usize)]) -> Vec<(i8, i8)> {
    // Orthogonal atoms split mixed pairs: `fsW` is forward and sideways (the soldier).
    let mut dirs: Vec<String> = vec![];
    for (d, _) in directions {
        let b: Vec<char> = d.chars().collect();
        if offset.1 == 0 && b[0] != b[1] {
            dirs.push(format!("{0}{0}", b[0]));
            dirs.push(format!("{0}{0}", b[1]));
        } else {
            dirs.push(d.clone());
        }
    }
    let mut out = vec![];
    for (v, keys) in images(offset) {
        let keep = dirs.is_empty() || keys.iter().any(|k| dirs.iter().any(|d| d == k));
        if keep && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// What the old reading (direction letters as a union of filters) selected.
fn old_reading(offset: (i8, i8), directions: &[(String, usize)]) -> Vec<(i8, i8)> {
    let filters: Vec<Direction> = directions
        .iter()
        .flat_map(|(d, _)| d.chars())
        .filter_map(|c| match c {
            'f' => Some(Direction::Forward),
            'b' => Some(Direction::Backward),
            'l' => Some(Direction::Left),
            'r' => Some(Direction::Right),
            's' => Some(Direction::Sideways),
            'v' => Some(Direction::Vertical),
            _ => None,
        })
        .collect();
    let (a, b) = offset;
    crate::ir::symmetric_images((b, a))
        .into_iter()
        .filter(|v| filters.is_empty() || filters.iter().any(|d| d.keeps(*v)))
        .collect()
}

fn atom(
    m: &Modifiers,
    offset: (i8, i8),
    rider: bool,
    range: Option<u8>,
    at: usize,
    initial: Option<&crate::ir::Region>,
) -> Result<Atom, BetzaError> {
    let vectors = selected(offset, &m.directions);
    let uses_h = m.directions.iter().any(|(d, _)| d.contains('h'));
    if !m.directions.is_empty() && !uses_h {
        let mut old = old_reading(offset, &m.directions);
        let mut new = vectors.clone();
        old.sort();
        new.sort();
        if old != new {
            let start = m.directions.first().map(|(_, a)| *a).unwrap_or(at);
            return Err(error(
                BetzaErrorKind::ChangedMeaning,
                start,
                at + 1 - start,
                format!(
                    "Betza directions are read as Fairy-Stockfish reads them: here they keep {}",
                    vectors_text(&new)
                ),
                &format!(
                    "rulebook used to read these letters as {}; write the long form with the vectors you mean, e.g. `leap` or `ride` with `forward-narrow`, `forward-wide`, `forward-left` ...",
                    vectors_text(&old)
                ),
            ));
        }
    }
    let modality = match (m.moves, m.captures) {
        (true, false) => Modality::Move,
        (false, true) => Modality::Capture,
        _ => Modality::Both,
    };
    if m.jump && rider {
        return Err(error(
            BetzaErrorKind::Unsupported,
            at,
            1,
            "`j` on a rider is not supported".into(),
            "`j` makes a leaper jump over an occupied square; riders have no such form here",
        ));
    }
    let kind = match (m.hop, rider) {
        (Some(r), _) => AtomKind::Hop { range: r.or(range) },
        (None, true) if range == Some(1) => AtomKind::Leap,
        (None, true) => AtomKind::Ride { range },
        (None, false) => AtomKind::Leap,
    };
    let path = if kind != AtomKind::Leap {
        LeapPath::Free
    } else if m.lame {
        LeapPath::Lame
    } else if m.jump {
        LeapPath::Jump
    } else {
        LeapPath::Free
    };
    let (a, b) = offset;
    Ok(Atom {
        modality,
        kind,
        offset: crate::ir::canonical((b, a)),
        directions: terms_for(crate::ir::canonical((b, a)), &vectors),
        from: if m.initial { initial.cloned() } else { None },
        to: None,
        path,
    })
}

fn vectors_text(v: &[(i8, i8)]) -> String {
    v.iter()
        .map(|&(x, y)| format!("({x},{y})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Direction terms that select exactly `want` among the images of `offset`: single words and
/// pairs where they fit, one term per vector otherwise.
pub fn terms_for(offset: (i8, i8), want: &[(i8, i8)]) -> Vec<DirTerm> {
    let all = crate::ir::symmetric_images(offset);
    if all.iter().all(|v| want.contains(v)) {
        return vec![];
    }
    let words: Vec<Direction> = Direction::ALL.iter().map(|(_, d)| *d).collect();
    let mut candidates: Vec<DirTerm> = words.iter().map(|&d| vec![d]).collect();
    for (i, &a) in words.iter().enumerate() {
        for &b in &words[i + 1..] {
            candidates.push(vec![a, b]);
        }
        for (j, &b) in words.iter().enumerate().skip(i + 1) {
            for &c in &words[j + 1..] {
                candidates.push(vec![a, b, c]);
            }
        }
    }
    let picks = |t: &DirTerm| -> Vec<(i8, i8)> {
        all.iter()
            .copied()
            .filter(|v| t.iter().all(|d| d.keeps(*v)))
            .collect()
    };
    let mut covered: Vec<(i8, i8)> = vec![];
    let mut terms = vec![];
    while covered.len() < want.len() {
        let best = candidates
            .iter()
            .filter(|t| {
                let p = picks(t);
                !p.is_empty() && p.iter().all(|v| want.contains(v))
            })
            .max_by_key(|t| {
                let p = picks(t);
                (
                    p.iter().filter(|v| !covered.contains(v)).count(),
                    std::cmp::Reverse(t.len()),
                )
            });
        let Some(t) = best else { break };
        let p = picks(t);
        if p.iter().all(|v| covered.contains(v)) {
            break;
        }
        for v in p {
            if !covered.contains(&v) {
                covered.push(v);
            }
        }
        terms.push(t.clone());
    }
    terms
}
