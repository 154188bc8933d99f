//! FEN: parsing into an unvalidated [`Setup`] (which letters stand where, the other fields),
//! and printing a position canonically. Errors name the field and the byte span in the text.

use crate::diagnostics::words;
use crate::engine::bitboard::Bits;
use crate::engine::position::{EnPassant, Position};
use crate::engine::rules::Rules;
use crate::ir::{CrossWhen, PieceId, Side, Variant, square_name};
use crate::syntax::ast::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct FenError {
    /// Which field: placement, side to move, castling, en passant, halfmove clock, fullmove
    /// number.
    pub field: &'static str,
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: String,
}

/// A position as written, before it becomes a [`Position`].
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Per cell (rank * files + file): (layer, side, piece).
    pub cells: Vec<Option<(usize, Side, PieceId)>>,
    pub files: usize,
    pub side: Side,
    pub castling: Vec<char>,
    /// Cell of the en-passant square.
    pub ep: Option<usize>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Setup {
    /// The piece at (file, rank) if it stands on `layer`.
    pub fn piece_at(&self, layer: usize, (f, r): (u8, u8)) -> Option<(Side, PieceId)> {
        match self.cells.get(r as usize * self.files + f as usize)? {
            Some((l, s, p)) if *l == layer => Some((*s, *p)),
            _ => None,
        }
    }
}

fn err(
    field: &'static str,
    start: usize,
    len: usize,
    message: String,
    label: &str,
    help: String,
) -> FenError {
    FenError {
        field,
        span: Span::new(start, start + len),
        message,
        label: label.to_string(),
        help,
    }
}

/// Reads the six FEN fields; the two clocks may be left out (`0 1`).
pub fn parse_setup(v: &Variant, text: &str) -> Result<Setup, FenError> {
    let files = v.files as usize;
    let ranks = v.ranks as usize;
    let fs = words(text);
    if fs.is_empty() {
        return Err(err(
            "placement",
            0,
            text.len(),
            "empty FEN".into(),
            "nothing here",
            "write a position such as the start position".into(),
        ));
    }
    if fs.len() > 6 {
        let (s, f) = fs[6];
        return Err(err(
            "extra",
            s,
            f.len(),
            format!("unexpected seventh field `{f}`"),
            "after the fullmove number",
            "a FEN has at most six fields".into(),
        ));
    }
    // letter → (layer, side, piece)
    let mut letters = vec![];
    for (id, (_, p)) in v.pieces.iter().enumerate() {
        for (layer, l) in p.letters.iter().enumerate() {
            for side in Side::BOTH {
                if let Some(c) = l[side.index()] {
                    letters.push((c, layer, side, id));
                }
            }
        }
    }
    let letter_list: String = letters.iter().map(|(c, ..)| *c).collect();
    let (pstart, placement) = fs[0];
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != ranks {
        return Err(err(
            "placement",
            pstart,
            placement.len(),
            format!(
                "the placement has {} ranks, the board has {ranks}",
                rows.len()
            ),
            "ranks separated by `/`",
            format!("write {ranks} ranks, from rank {ranks} down to rank 1, separated by `/`"),
        ));
    }
    let mut cells = vec![None; files * ranks];
    let mut offset = pstart;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0usize;
        let chars: Vec<(usize, char)> = row.char_indices().collect();
        let mut k = 0;
        while k < chars.len() {
            let (at, c) = chars[k];
            if c.is_ascii_digit() {
                let start = k;
                while k < chars.len() && chars[k].1.is_ascii_digit() {
                    k += 1;
                }
                let digits: String = chars[start..k].iter().map(|(_, c)| c).collect();
                let n: usize = digits.parse().unwrap_or(usize::MAX);
                if n == 0 {
                    return Err(err(
                        "placement",
                        offset + at,
                        digits.len(),
                        "`0` empty squares".into(),
                        "zero",
                        "count empty squares from 1".into(),
                    ));
                }
                file = file.saturating_add(n);
                if file > files {
                    return Err(err(
                        "placement",
                        offset + at,
                        digits.len(),
                        format!("rank {} has more than {files} squares", rank + 1),
                        "too many squares",
                        format!("each rank describes exactly {files} squares"),
                    ));
                }
                continue;
            }
            let Some(&(_, layer, side, id)) = letters.iter().find(|(l, ..)| *l == c) else {
                return Err(err(
                    "placement",
                    offset + at,
                    c.len_utf8(),
                    format!("`{c}` is not a piece of {}", v.name),
                    "unknown letter",
                    format!(
                        "the letters of this variant are {letter_list}; digits count empty squares"
                    ),
                ));
            };
            if file >= files {
                return Err(err(
                    "placement",
                    offset + at,
                    1,
                    format!("rank {} has more than {files} squares", rank + 1),
                    "too many squares",
                    format!("each rank describes exactly {files} squares"),
                ));
            }
            cells[rank * files + file] = Some((layer, side, id));
            file += 1;
            k += 1;
        }
        if file != files {
            return Err(err(
                "placement",
                offset,
                row.len().max(1),
                format!("rank {} has {file} squares, not {files}", rank + 1),
                "this rank",
                format!("each rank describes exactly {files} squares"),
            ));
        }
        offset += row.len() + 1;
    }
    let side = match fs.get(1) {
        None => Side::White,
        Some(&(_, "w")) => Side::White,
        Some(&(_, "b")) => Side::Black,
        Some(&(s, f)) => {
            return Err(err(
                "side to move",
                s,
                f.len(),
                format!("`{f}` is not a side"),
                "side to move",
                "write `w` or `b`".into(),
            ));
        }
    };
    let mut castling = vec![];
    if let Some(&(s, f)) = fs.get(2)
        && f != "-"
    {
        for (i, c) in f.char_indices() {
            if !v.castling.contains_key(&c) {
                let known: String = v.castling.keys().collect();
                return Err(err(
                    "castling",
                    s + i,
                    c.len_utf8(),
                    format!("`{c}` is not a castling right of {}", v.name),
                    "unknown castling flag",
                    if known.is_empty() {
                        "this variant has no castling: write `-`".into()
                    } else {
                        format!("use some of `{known}`, or `-`")
                    },
                ));
            }
            if castling.contains(&c) {
                return Err(err(
                    "castling",
                    s + i,
                    1,
                    format!("castling right `{c}` given twice"),
                    "repeated",
                    "give each flag once".into(),
                ));
            }
            castling.push(c);
        }
    }
    let mut ep = None;
    if let Some(&(s, f)) = fs.get(3)
        && f != "-"
    {
        let sq = parse_square(f, files, ranks).ok_or_else(|| {
            err(
                "en passant",
                s,
                f.len(),
                format!("`{f}` is not a square of the board"),
                "en-passant square",
                format!(
                    "write a square from a1 to {} or `-`",
                    square_name(files as u8 - 1, ranks as u8 - 1)
                ),
            )
        })?;
        if v.en_passant.is_empty() {
            return Err(err(
                "en passant",
                s,
                f.len(),
                format!("{} has no en passant", v.name),
                "must be `-`",
                "write `-` in the en-passant field".into(),
            ));
        }
        // The piece that may be taken stands one step beyond, in the mover's forward direction.
        let mover = side.flip();
        let dir: i32 = if mover == Side::White { 1 } else { -1 };
        let (f0, r0) = (sq % files, sq / files);
        let vr = r0 as i32 + dir;
        let victim = if vr >= 0 && (vr as usize) < ranks {
            cells[vr as usize * files + f0]
        } else {
            None
        };
        let victim_ok = match victim {
            Some((layer, s, id)) if s == mover && v.en_passant.contains(&id) => {
                // The square passed over is empty on the layer of the double step: the
                // victim's own, or the one before it when every move crosses (Alice).
                let n = v.layers.len();
                let moved_on = if v.cross == Some(CrossWhen::Moves) && n > 1 {
                    (layer + n - 1) % n
                } else {
                    layer
                };
                !matches!(cells[sq], Some((l, ..)) if l == moved_on)
            }
            _ => false,
        };
        if !victim_ok {
            return Err(err(
                "en passant",
                s,
                f.len(),
                format!("no {} piece can just have passed over {f}", mover.name()),
                "en-passant square",
                format!(
                    "the square must be empty with a {} pawn just beyond it; or write `-`",
                    mover.name()
                ),
            ));
        }
        ep = Some(sq);
    }
    let number = |i: usize, name: &'static str, default: u32| -> Result<u32, FenError> {
        match fs.get(i) {
            None => Ok(default),
            Some(&(s, f)) => f.parse::<u32>().map_err(|_| {
                err(
                    name,
                    s,
                    f.len(),
                    format!("`{f}` is not a {name}"),
                    name,
                    "write a whole number".into(),
                )
            }),
        }
    };
    let halfmove = number(4, "halfmove clock", 0)?;
    let fullmove = number(5, "fullmove number", 1)?;
    if fullmove == 0 {
        let (s, f) = fs[5];
        return Err(err(
            "fullmove number",
            s,
            f.len(),
            "the fullmove number starts at 1".into(),
            "fullmove number",
            "write 1 or more".into(),
        ));
    }
    Ok(Setup {
        cells,
        files,
        side,
        castling,
        ep,
        halfmove,
        fullmove,
    })
}

pub fn parse_square(s: &str, files: usize, ranks: usize) -> Option<usize> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let r: usize = rest.parse().ok()?;
    let f = (f as u8 - b'a') as usize;
    if f >= files || r == 0 || r > ranks {
        return None;
    }
    Some((r - 1) * files + f)
}

impl<B: Bits> Position<B> {
    pub fn from_setup(r: &Rules<B>, s: &Setup) -> Position<B> {
        let mut p = Position::empty(r);
        for (cell, c) in s.cells.iter().enumerate() {
            if let Some((layer, side, id)) = c {
                let code = r.code(*side, *id);
                p.put(r, layer * r.cells + cell, code + 1);
            }
        }
        p.side = s.side;
        for (i, c) in r.castles.iter().enumerate() {
            if s.castling.contains(&c.flag) {
                p.castling |= 1 << i;
            }
        }
        p.ep = s.ep.map(|cell| {
            let dir: i32 = if s.side.flip() == Side::White { 1 } else { -1 };
            let victim = (cell as i32 + dir * r.files as i32) as u16;
            EnPassant {
                target: cell as u16,
                victim,
            }
        });
        p.halfmove = s.halfmove;
        p.fullmove = s.fullmove;
        p
    }

    pub fn placement(&self, r: &Rules<B>) -> String {
        let mut out = String::new();
        for rank in (0..r.ranks).rev() {
            let mut empty = 0;
            for file in 0..r.files {
                let cell = rank * r.files + file;
                let found =
                    (0..r.layers).find_map(|l| self.code_at(l * r.cells + cell).map(|c| (l, c)));
                match found {
                    None => empty += 1,
                    Some((l, c)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(r.letters[l][c as usize].unwrap_or('?'));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    pub fn fen(&self, r: &Rules<B>) -> String {
        let mut castling: String = r
            .castles
            .iter()
            .enumerate()
            .filter(|(i, _)| self.castling & (1 << i) != 0)
            .map(|(_, c)| c.flag)
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = match self.ep {
            None => "-".to_string(),
            Some(e) => square_name(
                (e.target as usize % r.files) as u8,
                (e.target as usize / r.files) as u8,
            ),
        };
        format!(
            "{} {} {castling} {ep} {} {}",
            self.placement(r),
            if self.side == Side::White { "w" } else { "b" },
            self.halfmove,
            self.fullmove
        )
    }
}
