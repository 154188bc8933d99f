//! What XBoard must be told about a variant it does not know: `setup (TABLE) WxH+S_PARENT FEN`
//! (the board's size, the letters mapped to XBoard's piece types, the holdings, the parent
//! variant whose rules it borrows, the start) and a `piece ID BETZA` line per piece; and the
//! move notation, whose ranks count from 0 on boards of exactly ten ranks.

use crate::ir::{PieceId, Side, Variant};

/// XBoard's letters for its piece types, in the order of its piece table: the slot of a
/// piece type is its index here (22 a side, the king last).
const XBOARD_LETTERS: &str = "PNBRQFEACWMOHIJGDVLSUK";
/// The slots a side has.
const SLOTS: usize = 22;
/// The king's slot.
const KING: usize = SLOTS - 1;
/// XBoard finds a piece's promoted form this many slots after it.
const PROMOTED: usize = 11;

/// Variants XBoard knows by these names (its own rules, board and pieces): it is sent no
/// `setup` for them.
pub const XBOARD_VARIANTS: [&str; 25] = [
    "normal",
    "nocastle",
    "fischerandom",
    "knightmate",
    "3check",
    "makruk",
    "shatranj",
    "asean",
    "seirawan",
    "crazyhouse",
    "bughouse",
    "suicide",
    "giveaway",
    "losers",
    "atomic",
    "capablanca",
    "gothic",
    "janus",
    "caparandom",
    "grand",
    "shogi",
    "xiangqi",
    "duck",
    "berolina",
    "spartan",
];

/// The slot of XBoard's piece type a letter usually names: its place in [`XBOARD_LETTERS`],
/// but Shogi's silver and gold on the Ferz's and the Wazir's (as XBoard's own Shogi has them),
/// so that a silver's promoted form finds its slot 11 types on.
fn letter_slot(letter: char) -> Option<usize> {
    match letter {
        'S' => Some(5),
        'G' => Some(9),
        c => XBOARD_LETTERS.find(c),
    }
}

/// One letter pair of a piece kind on one layer, to be given a slot.
struct Entry {
    kind: PieceId,
    layer: usize,
    /// White's and black's letter (upper case; `None` where that side has none).
    letters: [Option<char>; 2],
    royal: bool,
    /// The entry of the kind it is the promoted form of.
    base: Option<usize>,
}

/// The slots each side's letters took.
struct Table {
    halves: [[Option<char>; SLOTS]; 2],
    /// Per entry, its slot (`None`: no slot was left for it).
    slots: Vec<Option<usize>>,
}

impl Table {
    fn free(&self, slot: usize, e: &Entry) -> bool {
        Side::BOTH
            .iter()
            .all(|s| e.letters[s.index()].is_none() || self.halves[s.index()][slot].is_none())
    }

    fn take(&mut self, i: usize, slot: usize, e: &Entry) {
        for s in Side::BOTH {
            if let Some(c) = e.letters[s.index()] {
                let c = if e.base.is_some() { '+' } else { c };
                self.halves[s.index()][slot] = Some(match s {
                    Side::White => c.to_ascii_uppercase(),
                    Side::Black => c.to_ascii_lowercase(),
                });
            }
        }
        self.slots[i] = Some(slot);
    }

    /// The slot for entry `i`: the king's for a royal piece (or a `K`), its promoted slot for a
    /// promoted form, else the slot XBoard gives its letter, else the first free one.
    fn place(&mut self, entries: &[Entry], i: usize) {
        let e = &entries[i];
        let letter = e.letters.iter().flatten().next().copied().unwrap_or('?');
        let mut wanted: Vec<usize> = vec![];
        if let Some(b) = e.base {
            match self.slots[b] {
                Some(s) if s < PROMOTED => wanted.push(s + PROMOTED),
                _ => return,
            }
        } else {
            if e.royal || letter == 'K' {
                wanted.push(KING);
            }
            let promotes = entries.iter().any(|p| p.base == Some(i));
            let last = if promotes { PROMOTED } else { KING };
            wanted.extend(letter_slot(letter).filter(|&s| s < last));
            wanted.extend(0..last);
        }
        if let Some(slot) = wanted.into_iter().find(|&s| self.free(s, e)) {
            self.take(i, slot, e);
        }
    }

    /// The table as XBoard reads it: white's slots, then black's, `.` for an unused one.
    fn text(&self) -> String {
        self.halves
            .iter()
            .flat_map(|h| h.iter().map(|c| c.unwrap_or('.')))
            .collect()
    }
}

/// The letter pairs of the variant's pieces, layer by layer.
fn entries(v: &Variant) -> Vec<Entry> {
    let mut out: Vec<Entry> = vec![];
    for layer in 0..v.layers.len() {
        for (kind, p) in v.pieces.values().enumerate() {
            let Some(letters) = p.letters.get(layer) else {
                continue;
            };
            if letters.iter().all(Option::is_none) {
                continue;
            }
            out.push(Entry {
                kind,
                layer,
                letters: letters.map(|c| c.map(|c| c.to_ascii_uppercase())),
                royal: p.royal,
                base: None,
            });
        }
    }
    let bases: Vec<Option<usize>> = out
        .iter()
        .map(|e| {
            let from = v.pieces[e.kind].promoted_from?;
            out.iter()
                .position(|b| b.kind == from && b.layer == e.layer)
        })
        .collect();
    for (e, b) in out.iter_mut().zip(bases) {
        e.base = b;
    }
    out
}

/// Gives the entries slots: royal pieces first, then the pieces that promote (each followed by
/// its promoted form), then the others.
fn table(entries: &[Entry]) -> Table {
    let mut t = Table {
        halves: [[None; SLOTS]; 2],
        slots: vec![None; entries.len()],
    };
    let promotes = |i: usize| entries.iter().any(|p| p.base == Some(i));
    let order = (0..entries.len())
        .filter(|&i| entries[i].royal)
        .chain((0..entries.len()).filter(|&i| !entries[i].royal && promotes(i)))
        .chain(
            (0..entries.len())
                .filter(|&i| !entries[i].royal && !promotes(i) && entries[i].base.is_none()),
        )
        .chain((0..entries.len()).filter(|&i| entries[i].base.is_some()));
    for i in order {
        t.place(entries, i);
    }
    t
}

/// The rules XBoard borrows for a variant it does not know: Shogi's hands (pieces demoted when
/// taken), Crazyhouse's, Giveaway's forced captures, or none (`fairy`).
fn parent(v: &Variant, entries: &[Entry]) -> &'static str {
    let drops = v.hands.as_ref().is_some_and(|h| !h.no_drops);
    if drops && entries.iter().any(|e| e.base.is_some()) {
        "shogi"
    } else if drops {
        "crazyhouse"
    } else if v.obligations.must_capture {
        "giveaway"
    } else {
        "fairy"
    }
}

/// The files the castling king of `kind` moves, if it castles.
fn castle_files(v: &Variant, kind: PieceId) -> Option<u8> {
    let c = v.castling.values().find(|c| c.king == kind)?;
    Some(c.king_from.0.abs_diff(c.king_to.0))
}

/// The `setup` line and the `piece` lines for `v`, whose start is `start_fen`.
pub fn setup_lines(v: &Variant, start_fen: &str) -> Vec<String> {
    let entries = entries(v);
    let t = table(&entries);
    // The holdings: a place for each kind that can be dropped (every unpromoted one).
    let holdings = if v.hands.as_ref().is_some_and(|h| !h.no_drops) {
        entries
            .iter()
            .zip(&t.slots)
            .filter(|(e, s)| !e.royal && e.base.is_none() && e.layer == 0 && s.is_some())
            .count()
    } else {
        0
    };
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{holdings}_{} {start_fen}",
        t.text(),
        v.files,
        v.ranks,
        parent(v, &entries)
    )];
    for (e, slot) in entries.iter().zip(&t.slots) {
        if slot.is_none() {
            continue;
        }
        let betza = v.pieces[e.kind].betza(castle_files(v, e.kind));
        if betza.is_empty() {
            continue;
        }
        let plus = if e.base.is_some() { "+" } else { "" };
        let ids = match e.letters {
            [Some(w), Some(b)] if w == b => vec![format!("{w}&")],
            [w, b] => w
                .into_iter()
                .chain(b.map(|c| c.to_ascii_lowercase()))
                .map(String::from)
                .collect(),
        };
        for id in ids {
            lines.push(format!("piece {plus}{id} {betza}"));
        }
    }
    lines
}

/// Move text between rulebook (ranks from 1) and XBoard (ranks from 0 on a board of exactly
/// ten ranks, as its protocol says; from 1 on every other board).
#[derive(Clone, Copy, Debug, Default)]
pub struct Notation {
    /// The board has exactly ten ranks.
    pub zero_based: bool,
}

impl Notation {
    /// The notation for `v`'s board.
    pub fn of(v: &Variant) -> Notation {
        Notation {
            zero_based: v.ranks == 10,
        }
    }

    /// A move of rulebook's written as XBoard reads it (`@@@@` for a pass).
    pub fn to_gui(self, text: &str) -> String {
        if is_pass(text) {
            return "@@@@".into();
        }
        self.shift(text, -1)
    }

    /// A move as XBoard writes it, in rulebook's notation.
    pub fn from_gui(self, text: &str) -> String {
        self.shift(text, 1)
    }

    /// A FEN as XBoard writes it, in rulebook's notation (its en-passant field).
    pub fn fen_from_gui(self, fen: &str) -> String {
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        if let Some(ep) = fields.get_mut(3).filter(|_| self.zero_based) {
            *ep = self.shift(ep, 1);
        }
        fields.join(" ")
    }

    /// Every square's rank number moved by `by` when ranks count from 0.
    fn shift(self, text: &str, by: i32) -> String {
        if !self.zero_based {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            out.push(c);
            i += 1;
            if !c.is_ascii_lowercase() {
                continue;
            }
            let digits: String = chars[i..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .collect();
            if let Ok(rank) = digits.parse::<i32>() {
                out.push_str(&(rank + by).to_string());
                i += digits.len();
            }
        }
        out
    }
}

/// Whether a move of rulebook's is a pass: from a square to the same square (`e1e1`).
pub fn is_pass(text: &str) -> bool {
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())
        .map(|(i, _)| i);
    split.is_some_and(|i| text[..i] == text[i..] && !text.contains('@'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_ranks_from_zero() {
        let n = Notation { zero_based: true };
        assert_eq!(n.to_gui("h3e3"), "h2e2");
        assert_eq!(n.to_gui("a10a9"), "a9a8");
        assert_eq!(n.from_gui("a9a8"), "a10a9");
        assert_eq!(n.from_gui("P@e0"), "P@e1");
        assert_eq!(n.to_gui("e2e4,e4d4"), "e1e3,e3d3");
        let chess = Notation::default();
        assert_eq!(chess.to_gui("e7e8q"), "e7e8q");
        assert_eq!(chess.to_gui("e1e1"), "@@@@");
        assert_eq!(chess.to_gui("a10a11"), "a10a11");
    }
}
