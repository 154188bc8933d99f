//! Betza notation, read exactly as Fairy-Stockfish reads it, lowered to explicit atoms.
//!
//! A group is modifiers then an atom letter: the leapers W F D N A H L C J Z G, the compounds K
//! (WF), R (WW), B (FF), Q (RB). A doubled letter or a range digit after it makes a rider (`NN`,
//! `R2`). Modifiers: `m` move only, `c` capture only, `p` hop over a screen (the cannon), `g`
//! land right behind it (the grasshopper), `n` lame (blocked on its way, Xiangqi's horse), `j`
//! jumping (the way must be blocked), `i` only from the piece's initial squares, `e` en passant
//! (declared with `en passant PIECE`, so ignored here), and the directions `f b l r s v h`, alone
//! or in pairs (`fl`, `ff`, `fs`, `rb`, ...), which pick some of the atom's eight images the way
//! Fairy-Stockfish does. Anything else is reported with its position in the string. A group that
//! rulebook used to read otherwise (directions as a union of filters) is read the new way and
//! noted ([`MeaningChanged`]) so that the file gets a warning with the long form of the old
//! meaning. `tests/reference/fairy/betza/` holds Fairy-Stockfish's move lists that check this.

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

/// A Betza group whose directions rulebook used to read otherwise (as a union of filters, `fN`
/// as four moves): it now means what Fairy-Stockfish reads, and this says what to write to keep
/// the old meaning.
#[derive(Debug, PartialEq)]
pub struct MeaningChanged {
    /// Byte offset of the group in the Betza string.
    pub at: usize,
    /// The group's length in bytes.
    pub len: usize,
    /// The group as written, e.g. `fN`.
    pub group: String,
    /// The long form of what the group now means, each atom in backquotes.
    pub now: String,
    /// The long form of what it used to mean, each atom in backquotes.
    pub old: String,
}

/// A Betza string read: its atoms, and the groups whose meaning changed.
#[derive(Debug, PartialEq)]
pub struct Betza {
    /// The atoms, in the order written.
    pub atoms: Vec<Atom>,
    /// The groups whose meaning changed, for warnings.
    pub changed: Vec<MeaningChanged>,
}

/// The atoms of a Betza string, e.g. `"mNcR"` (a lancer: moves as a knight, captures as a rook).
/// Atoms with `i` apply from `initial` (the piece's initial squares).
///
/// ```
/// let read = rulebook::syntax::betza::parse("mNcR", None).unwrap();
/// assert_eq!(read.atoms.len(), 2);
/// assert!(read.changed.is_empty());
/// assert!(rulebook::syntax::betza::parse("mXcR", None).is_err());
/// ```
pub fn parse(text: &str, initial: Option<&crate::ir::Region>) -> Result<Betza, BetzaError> {
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
    let mut read = Betza {
        atoms: vec![],
        changed: vec![],
    };
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
        let group = Group {
            parts: &parts,
            rider: rides || range.is_some(),
            range,
            at,
        };
        let (mut atoms, old) = group_atoms(&m, &group, initial)?;
        if let Some(old) = old {
            let start = chars[group_start].0;
            let end = chars.get(i).map_or(text.len(), |(b, _)| *b);
            read.changed.push(MeaningChanged {
                at: start,
                len: end - start,
                group: text[start..end].to_string(),
                now: long_forms(&atoms),
                old: long_forms(&old),
            });
        }
        read.atoms.append(&mut atoms);
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
    Ok(read)
}

/// An atom letter with what follows it.
struct Group<'a> {
    /// Its offsets (two for K and Q).
    parts: &'a [(i8, i8)],
    rider: bool,
    range: Option<Range>,
    /// Where the letter stands.
    at: usize,
}

/// A rider's suffix: a doubled letter, or a digit (0: unlimited).
#[derive(Clone, Copy, PartialEq)]
enum Range {
    Doubled,
    Digit(u8),
}

/// The atoms of a group as Fairy-Stockfish reads it, and what the old reading made of it where
/// that differs.
fn group_atoms(
    m: &Modifiers,
    g: &Group,
    initial: Option<&crate::ir::Region>,
) -> Result<(Vec<Atom>, Option<Vec<Atom>>), BetzaError> {
    let mut atoms = vec![];
    let mut old_atoms = vec![];
    let mut differs = false;
    // Fairy-Stockfish splits mixed pairs on a lone orthogonal atom: `fsW` is forward and
    // sideways (the soldier), while `fsK` keeps the wide diagonals and the sideways steps.
    let split = g.parts.len() == 1;
    for &offset in g.parts {
        let new = selected(offset, &m.directions, split);
        // Before, `h` was read as now but with mixed pairs split on K and Q too; the other
        // letters were read as a union of filters.
        let uses_h = m.directions.iter().any(|(d, _)| d.contains('h'));
        let old = if uses_h {
            selected(offset, &m.directions, true)
        } else if m.directions.is_empty() {
            new.clone()
        } else {
            old_reading(offset, &m.directions)
        };
        differs |= sorted(&old) != sorted(&new);
        atoms.extend(atom(m, offset, g, &new, initial)?);
        old_atoms.extend(atom(m, offset, g, &old, initial)?);
    }
    // Before, a hopper's digit of 2 or more counted the steps beyond the screen (`pR2`).
    for a in &mut old_atoms {
        if let AtomKind::Hop {
            range: None,
            span: Some(n),
        } = a.kind
        {
            a.kind = AtomKind::Hop {
                range: Some(n),
                span: None,
            };
            differs = true;
        }
    }
    Ok((atoms, differs.then_some(old_atoms)))
}

fn sorted(v: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut v = v.to_vec();
    v.sort();
    v
}

/// Atoms in the long form, each in backquotes (`nothing` for none).
fn long_forms(atoms: &[Atom]) -> String {
    if atoms.is_empty() {
        return "nothing".into();
    }
    let forms: Vec<String> = atoms
        .iter()
        .map(|a| format!("`{}`", long_form(a)))
        .collect();
    forms.join(" and ")
}

/// An atom as the long form writes it (its `from` region as `from <initial region>`: the
/// piece's `initial` region, which the atom does not name).
pub fn long_form(a: &Atom) -> String {
    let modality = match a.modality {
        Modality::Move => "move ",
        Modality::Capture => "capture ",
        Modality::Attack => "attack ",
        Modality::Both => "",
    };
    let path = match a.path {
        LeapPath::Free => "",
        LeapPath::Lame => "lame ",
        LeapPath::Jump => "jumping ",
    };
    let (kind, range, span) = match a.kind {
        AtomKind::Leap => ("leap", None, None),
        AtomKind::Ride { range } => ("ride", range, None),
        AtomKind::Hop { range, span } => ("hop", range, span),
    };
    let (x, y) = a.offset;
    let mut s = format!("{modality}{path}{kind} ({x},{y}){}", a.directions_text());
    if let Some(r) = range {
        s.push_str(&format!(" range {r}"));
    }
    if let Some(n) = span {
        s.push_str(&format!(" span {n}"));
    }
    if a.from.is_some() {
        s.push_str(" from <initial region>");
    }
    s
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

/// After an atom letter: a doubled letter (`NN`, a rider) or a range digit (`R2`; 0 is an
/// unlimited rider).
fn range_suffix(
    chars: &[(usize, char)],
    i: &mut usize,
    letter: char,
) -> Result<Option<Range>, BetzaError> {
    match chars.get(*i) {
        Some(&(_, c)) if c == letter => {
            *i += 1;
            Ok(Some(Range::Doubled))
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
            Ok(Some(Range::Digit(c as u8 - b'0')))
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

/// The vectors of `offset` that the directions select (all of them without directions);
/// `split`: an orthogonal offset reads a mixed pair as its two letters.
fn selected(offset: (i8, i8), directions: &[(String, usize)], split: bool) -> Vec<(i8, i8)> {
    let mut dirs: Vec<String> = vec![];
    for (d, _) in directions {
        let b: Vec<char> = d.chars().collect();
        if split && offset.1 == 0 && b[0] != b[1] {
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

/// The atom of one offset of a group, keeping `vectors` (none when they are empty: a direction
/// that selects nothing adds nothing, as in Fairy-Stockfish).
fn atom(
    m: &Modifiers,
    offset: (i8, i8),
    g: &Group,
    vectors: &[(i8, i8)],
    initial: Option<&crate::ir::Region>,
) -> Result<Option<Atom>, BetzaError> {
    let modality = match (m.moves, m.captures) {
        (true, false) => Modality::Move,
        (false, true) => Modality::Capture,
        _ => Modality::Both,
    };
    if m.jump && g.rider {
        return Err(error(
            BetzaErrorKind::Unsupported,
            g.at,
            1,
            "`j` on a rider is not supported".into(),
            "`j` makes a leaper jump over an occupied square; riders have no such form here",
        ));
    }
    let digit = match g.range {
        Some(Range::Digit(0)) => Some(None),
        Some(Range::Digit(n)) => Some(Some(n)),
        _ => None,
    };
    let kind = match (m.hop, g.rider) {
        // As Fairy-Stockfish reads a hopper's digit, also after `g`: 1 lands right behind the
        // screen, 2 or more lands at most that far from the piece, 0 anywhere beyond the screen.
        (Some(_), _) if matches!(digit, Some(Some(n)) if n >= 2) => AtomKind::Hop {
            range: None,
            span: digit.flatten(),
        },
        (Some(r), _) => AtomKind::Hop {
            range: digit.unwrap_or(r),
            span: None,
        },
        (None, true) if digit == Some(Some(1)) => AtomKind::Leap,
        (None, true) => AtomKind::Ride {
            range: digit.flatten(),
        },
        (None, false) => AtomKind::Leap,
    };
    // `n` makes only a leaper lame: Fairy-Stockfish ignores it on riders, even `nN1`.
    let path = if g.rider || kind != AtomKind::Leap {
        LeapPath::Free
    } else if m.lame {
        LeapPath::Lame
    } else if m.jump {
        LeapPath::Jump
    } else {
        LeapPath::Free
    };
    if vectors.is_empty() {
        return Ok(None);
    }
    let (a, b) = offset;
    Ok(Some(Atom {
        modality,
        kind,
        offset: crate::ir::canonical((b, a)),
        directions: terms_for(crate::ir::canonical((b, a)), vectors),
        from: if m.initial { initial.cloned() } else { None },
        to: None,
        path,
    }))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<Vec<(i8, i8)>> {
        let read = parse(text, None).unwrap();
        read.atoms.iter().map(|a| sorted(&a.vectors())).collect()
    }

    /// `fN` is Fairy-Stockfish's shogi knight, and the old reading is named in long form.
    #[test]
    fn f_n_is_the_two_narrow_forward_jumps_with_a_note_on_the_old_reading() {
        let read = parse("mWfN", None).unwrap();
        assert_eq!(sorted(&read.atoms[1].vectors()), vec![(-1, 2), (1, 2)]);
        assert_eq!(
            read.changed,
            vec![MeaningChanged {
                at: 2,
                len: 2,
                group: "fN".into(),
                now: "`leap (1,2) forward-narrow`".into(),
                old: "`leap (1,2) forward`".into(),
            }]
        );
    }

    /// A group whose directions select nothing adds nothing, as in Fairy-Stockfish (`hh` keeps
    /// none of the knight's jumps).
    #[test]
    fn directions_that_keep_nothing_add_no_atom() {
        assert_eq!(vectors("hNW").len(), 1);
    }

    /// A hopper's digit, also after `g`, is read as Fairy-Stockfish reads it: 2 or more lands
    /// at most that far from the piece (screen included), 1 right behind the screen, 0 anywhere
    /// beyond it; the old reading (steps beyond the screen) gets a warning.
    #[test]
    fn a_hoppers_digit_limits_the_landing_from_the_piece() {
        let read = parse("gR2gBpR1gR0", None).unwrap();
        let kinds: Vec<AtomKind> = read.atoms.iter().map(|a| a.kind).collect();
        let hop = |range, span| AtomKind::Hop { range, span };
        assert_eq!(
            kinds,
            vec![
                hop(None, Some(2)),
                hop(Some(1), None),
                hop(Some(1), None),
                hop(None, None)
            ]
        );
        assert_eq!(read.changed.len(), 1);
        assert_eq!(read.changed[0].group, "gR2");
        assert_eq!(read.changed[0].now, "`hop (0,1) span 2`");
        assert_eq!(read.changed[0].old, "`hop (0,1) range 2`");
    }

    /// `fhK` used to split `fh` on the king's orthogonal steps too (forward only); now, as in
    /// Fairy-Stockfish, its steps are forward and sideways, with a warning.
    #[test]
    fn fh_k_keeps_the_sideways_steps_and_warns() {
        let read = parse("fhK", None).unwrap();
        assert_eq!(
            sorted(&read.atoms[0].vectors()),
            vec![(-1, 0), (0, 1), (1, 0)]
        );
        assert_eq!(read.changed.len(), 1);
        assert_eq!(
            read.changed[0].old,
            "`leap (0,1) forward` and `leap (1,1) forward`"
        );
    }

    /// The direction pairs as docs/language.md describes them.
    #[test]
    fn direction_pairs_mean_what_the_language_reference_says() {
        let cases: &[(&str, &[(i8, i8)])] = &[
            ("fN", &[(-1, 2), (1, 2)]),
            ("lN", &[(-2, -1), (-2, 1)]),
            ("flN", &[(-2, 1)]),
            ("lfN", &[(-1, 2)]),
            ("fsN", &[(-2, 1), (2, 1)]),
            ("bsN", &[(-2, -1), (2, -1)]),
            ("lvN", &[(-1, -2), (-1, 2)]),
            ("rvN", &[(1, -2), (1, 2)]),
            ("fhN", &[(-2, 1), (-1, 2), (1, 2), (2, 1)]),
            ("hrN", &[(-2, 1), (-1, -2), (1, 2), (2, -1)]),
            ("flF", &[(-1, 1)]),
            ("lfF", &[(-1, 1)]),
            ("fsW", &[(-1, 0), (0, 1), (1, 0)]),
            ("flR", &[(-1, 0), (0, 1)]),
        ];
        for (text, want) in cases {
            assert_eq!(vectors(text), vec![sorted(want)], "{text}");
        }
        for nothing in ["sfN", "vsN", "vlN", "hN"] {
            assert!(vectors(nothing).is_empty(), "{nothing}");
        }
        assert_eq!(
            vectors("fsK"),
            vec![vec![(-1, 0), (1, 0)], vec![(-1, 1), (1, 1)]]
        );
        assert_eq!(vectors("lfK"), vec![vec![(0, 1)], vec![(-1, 1)]]);
        assert_eq!(vectors("lfrbB"), vec![vec![(-1, 1), (1, -1)]]);
    }

    /// `n` makes only leapers lame: `nN1` is a rider of one step, so it jumps.
    #[test]
    fn lame_is_for_leapers_only() {
        assert_eq!(parse("nN1", None).unwrap().atoms[0].path, LeapPath::Free);
        assert_eq!(parse("nN", None).unwrap().atoms[0].path, LeapPath::Lame);
    }
}
