//! FEN: parsing into an unvalidated [`Setup`] (which letters stand where, the other fields),
//! checking a setup against the variant's rules, and printing a position canonically. Errors
//! name the field and the byte span in the text.
//!
//! Besides the six classic fields, FEN here reads what Fairy-Stockfish writes: pieces in hand in
//! brackets after the placement (`RNBQKBNR[Pp]`), `~` after a promoted piece that goes back to
//! its unpromoted kind when captured, `+` before a promoted Shogi piece, `*` for a wall, the
//! checks field of N-check (`3+3`, the checks each side still has to give), Shredder and X-FEN
//! castling letters for castling by rule, an en-passant field of several squares (the squares
//! passed over, then the piece that passed), and the short Shogi form without the castling and
//! en-passant fields.

use std::sync::Arc;

use crate::diagnostics::words;
use crate::engine::bitboard::Bits;
use crate::engine::position::{EnPassant, HOLE, PROMOTED, Position, WALL, piece_code};
use crate::engine::rules::{CastleRules, Rules};
use crate::ir::{CrossWhen, EndCond, PieceId, Side, Variant, square_name};
use crate::syntax::ast::Span;

/// A FEN that does not parse: the field, the place in the text and the problem in words.
#[derive(Clone, Debug, PartialEq)]
pub struct FenError {
    /// Which field: placement, hand, side to move, castling, en passant, checks, halfmove
    /// clock, fullmove number.
    pub field: &'static str,
    /// Where in the FEN text.
    pub span: Span,
    /// The problem.
    pub message: String,
    /// The label under the text.
    pub label: String,
    /// How to write it right.
    pub help: String,
}

/// What stands on a cell of a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// (layer, side, piece, marked promoted with `~`).
    Piece(usize, Side, PieceId, bool),
    /// A wall (`*`): a hole in the board.
    Wall,
    /// A hole that steps pass over (`x`, under `hole behind`).
    Hole,
}

/// A position as written, before it becomes a [`Position`].
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Per cell (rank * files + file).
    pub cells: Vec<Option<Cell>>,
    /// Files of a layer.
    pub files: usize,
    /// (side, piece, count) in hand.
    pub hand: Vec<(Side, PieceId, u8)>,
    /// The side to move.
    pub side: Side,
    /// The castling field's letters.
    pub castling: Vec<char>,
    /// Cells of the en-passant squares, and of the piece that passed.
    pub ep: Option<(Vec<usize>, usize)>,
    /// Under `en passant per turn`: a second entry, after a comma (`e3,d3`).
    pub ep2: Option<(Vec<usize>, usize)>,
    /// Checks each side has given, where the variant counts them.
    pub checks: [u8; 2],
    /// Pieces each side has taken, where the variant counts them (`captures N`).
    pub taken: [u8; 2],
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// Moves already made in the side's turn, in a variant of several moves a turn (`w2`: the
    /// second move of white's turn, so 1).
    pub turn_move: u32,
    /// Under `move enemy`: the cell of the piece the enemy moved last, written after the
    /// fullmove number.
    pub hypnotized: Option<usize>,
    /// Under `no captures undone`: the cells the last move captured from and to, written
    /// after the fullmove number (`b2g7`).
    pub last_capture: Option<(usize, usize)>,
    /// Under `after capture move as captured`, in the middle of a turn: the cell of the piece
    /// that captured, and the kind it took (which it moves as now).
    pub maker: Option<(usize, PieceId)>,
}

impl Setup {
    /// The piece at (file, rank) if it stands on `layer`.
    pub fn piece_at(&self, layer: usize, (f, r): (u8, u8)) -> Option<(Side, PieceId)> {
        match self.cells.get(r as usize * self.files + f as usize)? {
            Some(Cell::Piece(l, s, p, _)) if *l == layer => Some((*s, *p)),
            _ => None,
        }
    }

    /// Every piece on the board: (cell, layer, side, piece).
    pub fn pieces(&self) -> impl Iterator<Item = (usize, usize, Side, PieceId)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, c)| match c {
            Some(Cell::Piece(l, s, p, _)) => Some((i, *l, *s, *p)),
            _ => None,
        })
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

/// A letter of the variant: (layer, side, piece).
type Letter = (char, usize, Side, PieceId);

/// The letters of the variant's pieces, per layer; a promoted form is written with `+` and its
/// base's letter, so it is not listed here.
fn letters(v: &Variant) -> Vec<Letter> {
    let mut out = vec![];
    for (id, (_, p)) in v.pieces.iter().enumerate() {
        if p.promoted_from.is_some() {
            continue;
        }
        for (layer, l) in p.letters.iter().enumerate() {
            for side in Side::BOTH {
                if let Some(c) = l[side.index()] {
                    out.push((c, layer, side, id));
                }
            }
        }
    }
    out
}

/// The promoted form of `base`, if the variant has one.
fn promoted_form(v: &Variant, base: PieceId) -> Option<PieceId> {
    v.pieces
        .values()
        .position(|p| p.promoted_from == Some(base))
}

/// Reads the FEN fields; everything after the side to move may be left out.
pub fn parse_setup(v: &Variant, text: &str) -> Result<Setup, FenError> {
    let fs = words(text);
    let Some(&(pstart, first)) = fs.first() else {
        return Err(err(
            "placement",
            0,
            text.len(),
            "empty FEN".into(),
            "nothing here",
            "write a position such as the start position".into(),
        ));
    };
    let (placement, hand_text) = split_hand(first);
    if hand_text.is_some() && !first.ends_with(']') {
        return Err(err(
            "hand",
            pstart + placement.len(),
            first.len() - placement.len(),
            "the pieces in hand `[` are not closed".into(),
            "no `]` after this",
            "close the hand right after the placement: `RNBQKBNR[Pp] w`".into(),
        ));
    }
    let letters = letters(v);
    let cells = parse_placement(v, &letters, placement, pstart)?;
    let hand = match hand_text {
        Some(h) => parse_hand(v, &letters, h, pstart + placement.len() + 1)?,
        None => vec![],
    };
    if !hand.is_empty() {
        room_in_hands(&cells, &hand, pstart, first.len())?;
    }
    let (side, turn_move) = match fs.get(1) {
        None => (Side::White, 0),
        Some(&(s, f)) => parse_side(v, f, s)?,
    };
    let mut setup = Setup {
        cells,
        files: v.files as usize,
        hand,
        side,
        castling: vec![],
        ep: None,
        ep2: None,
        checks: [0; 2],
        taken: [0; 2],
        halfmove: 0,
        fullmove: 1,
        turn_move,
        hypnotized: None,
        last_capture: None,
        maker: None,
    };
    parse_rest(v, &mut setup, &fs[fs.len().min(2)..])?;
    turn_fits(v, &setup, fs.get(1).map_or(0, |&(s, _)| s))?;
    Ok(setup)
}

/// The side to move, and the moves it has already made in its turn: `w`, `b`, or `w2` (the
/// second move of white's turn) in a variant of several moves a turn.
fn parse_side(v: &Variant, f: &str, s: usize) -> Result<(Side, u32), FenError> {
    let rest = f.get(1..).unwrap_or("");
    let numbered = rest.bytes().all(|b| b.is_ascii_digit());
    let side = match f.get(..1) {
        Some("w") if numbered => Side::White,
        Some("b") if numbered => Side::Black,
        _ => {
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
    if rest.is_empty() {
        return Ok((side, 0));
    }
    let nth = rest.parse::<u32>().ok().filter(|&n| n >= 1);
    match nth {
        Some(n) if v.turn.is_some() => Ok((side, n - 1)),
        _ => Err(err(
            "side to move",
            s,
            f.len(),
            format!("`{f}` is not a side"),
            "side to move",
            if v.turn.is_some() {
                "write `w` or `b`, and the move of the turn after it (`w2`)".into()
            } else {
                "write `w` or `b` (this variant has one move a turn)".into()
            },
        )),
    }
}

/// The move of the turn that the side field names is one the turn has.
fn turn_fits(v: &Variant, setup: &Setup, at: usize) -> Result<(), FenError> {
    let Some(t) = &v.turn else { return Ok(()) };
    let size = t.size(setup.side, setup.fullmove);
    if setup.turn_move < size {
        return Ok(());
    }
    // `until hand empty`: a side with pieces in hand goes on with drops of them.
    let holds = setup.hand.iter().any(|&(s, _, n)| s == setup.side && n > 0);
    if t.until_hand_empty && holds && setup.turn_move == size {
        return Ok(());
    }
    // `after capture move as captured`: the capturer named moves again.
    if setup.maker.is_some() && setup.turn_move == size {
        return Ok(());
    }
    Err(err(
        "side to move",
        at,
        1 + (setup.turn_move + 1).to_string().len(),
        format!(
            "{}'s turn has {size} move{}: there is no move {}",
            setup.side.name(),
            if size == 1 { "" } else { "s" },
            setup.turn_move + 1
        ),
        "side to move",
        format!("this turn has moves 1 to {size}"),
    ))
}

/// Refuses a position with more than 255 pieces on the board and in hands together: a hand
/// counts at most 255 of a kind, and captures only move pieces from the board to a hand, so
/// within this total no capture can overflow a count.
fn room_in_hands(
    cells: &[Option<Cell>],
    hand: &[(Side, PieceId, u8)],
    start: usize,
    len: usize,
) -> Result<(), FenError> {
    let on_board = cells
        .iter()
        .filter(|c| matches!(c, Some(Cell::Piece(..))))
        .count();
    let in_hands: usize = hand.iter().map(|&(_, _, n)| n as usize).sum();
    if on_board + in_hands <= u8::MAX as usize {
        return Ok(());
    }
    Err(err(
        "hand",
        start,
        len,
        format!(
            "{} pieces on the board and in hand: more than {}",
            on_board + in_hands,
            u8::MAX
        ),
        "too many pieces",
        format!(
            "with pieces in hand, a position holds at most {} pieces in all, so that every capture fits in a hand",
            u8::MAX
        ),
    ))
}

/// The placement and the hand in brackets, if any (`RNBQKBNR[Pp]`).
fn split_hand(field: &str) -> (&str, Option<&str>) {
    match field.find('[') {
        Some(i) => {
            let rest = &field[i + 1..];
            (&field[..i], Some(rest.strip_suffix(']').unwrap_or(rest)))
        }
        None => (field, None),
    }
}

/// The fields after the side to move, recognised by their shape: castling letters or `-`,
/// en-passant squares or `-`, the checks field (`3+3`), then the two clocks.
fn parse_rest(v: &Variant, setup: &mut Setup, fields: &[(usize, &str)]) -> Result<(), FenError> {
    let mut i = 0;
    let is_number = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if let Some(&(s, f)) = fields.get(i)
        && !is_number(f)
    {
        setup.castling = parse_castling(v, f, s)?;
        i += 1;
        if let Some(&(s, f)) = fields.get(i)
            && !is_number(f)
            && !f.contains('+')
        {
            (setup.ep, setup.ep2) = parse_ep_entries(v, setup, f, s)?;
            i += 1;
        }
    }
    // Makruk-style counting with checks counted (Kar Ouk): the counting limit comes first.
    if fields.get(i).is_some_and(|(_, f)| is_number(f))
        && fields
            .get(i + 1)
            .is_some_and(|(_, f)| f.contains('+') && !f.starts_with('+'))
    {
        i += 1;
    }
    if let Some(&(s, f)) = fields.get(i)
        && f.contains('+')
    {
        setup.checks = parse_checks(v, f, s)?;
        i += 1;
    }
    // Makruk-style counting: Fairy-Stockfish writes the counting limit where the en-passant
    // square goes and the counting ply as the clock; the limit does not change the moves.
    if fields.len() == i + 3 && fields[i..].iter().all(|(_, f)| is_number(f)) {
        i += 1;
    }
    setup.halfmove = number(fields.get(i), "halfmove clock", 0)?;
    setup.fullmove = number(fields.get(i + 1), "fullmove number", 1)?;
    if let Some(&(s, f)) = fields.get(i + 1)
        && setup.fullmove == 0
    {
        return Err(err(
            "fullmove number",
            s,
            f.len(),
            "the fullmove number starts at 1".into(),
            "fullmove number",
            "write 1 or more".into(),
        ));
    }
    if let Some(&(s, f)) = fields.get(i + 2)
        && fields.len() == i + 3
        && let Some(given) = f.strip_prefix('+')
    {
        // Lichess writes the checks each side has given after the clocks: `+1+0`.
        let left = parse_checks(v, given, s + 1)?;
        let needed = setup.checks_needed(v);
        setup.checks = left.map(|l| needed - l);
        return Ok(());
    }
    if let Some(&(s, f)) = fields.get(i + 2)
        && fields.len() == i + 3
        && parse_state_field(v, setup, f, s)?
    {
        return Ok(());
    }
    if let Some(&(s, f)) = fields.get(i + 2) {
        return Err(err(
            "extra",
            s,
            f.len(),
            format!("unexpected field `{f}` after the fullmove number"),
            "after the fullmove number",
            "a FEN ends with the halfmove clock and the fullmove number".into(),
        ));
    }
    Ok(())
}

/// The field after the fullmove number that a rule of the variant keeps there (`move enemy`,
/// `no captures undone`, `after capture move as captured`); whether there was one to read.
fn parse_state_field(v: &Variant, setup: &mut Setup, f: &str, s: usize) -> Result<bool, FenError> {
    if v.obligations.move_enemy {
        setup.hypnotized = Some(parse_hypnotized(v, setup, f, s)?);
    } else if v.obligations.no_captures_undone {
        setup.last_capture = Some(parse_last_capture(v, f, s)?);
    } else if v.turn.as_ref().is_some_and(|t| t.make_as_captured) {
        setup.maker = Some(parse_maker(v, setup, f, s)?);
    } else if v.end.iter().any(|e| matches!(e.cond, EndCond::Captures(_))) {
        setup.taken = parse_taken(f, s)?;
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// Under `captures N`: the pieces white and black have taken (`1+0`).
fn parse_taken(f: &str, s: usize) -> Result<[u8; 2], FenError> {
    let count = |t: &str| {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u8>().ok())
            .flatten()
    };
    match f.split_once('+').map(|(w, b)| (count(w), count(b))) {
        Some((Some(w), Some(b))) => Ok([w, b]),
        _ => Err(err(
            "pieces taken",
            s,
            f.len(),
            format!("`{f}` is not a count of the pieces each side has taken"),
            "pieces taken",
            "after the fullmove number, write the pieces white and black have taken (`1+0`, each 0 to 255), or leave the field out when neither has taken any".into(),
        )),
    }
}

/// Under `move enemy`: the square of the piece the enemy moved last, which must be one of the
/// side to move's.
fn parse_hypnotized(v: &Variant, setup: &Setup, f: &str, s: usize) -> Result<usize, FenError> {
    let (files, ranks) = (v.files as usize, v.ranks as usize);
    let bad = |message: String, label: &'static str| {
        err(
            "moved by the enemy",
            s,
            f.len(),
            message,
            label,
            "after the fullmove number, name the square of the piece the enemy moved last (one of the side to move's), or leave the field out".into(),
        )
    };
    let Some(cell) = parse_square(f, files, ranks) else {
        return Err(bad(
            format!("`{f}` is not a square of the board"),
            "not a square",
        ));
    };
    match setup.cells.get(cell) {
        Some(Some(Cell::Piece(_, side, _, _))) if *side == setup.side => Ok(cell),
        _ => Err(bad(
            format!("no piece of the side to move stands on `{f}`"),
            "the piece moved last by the enemy stands here",
        )),
    }
}

/// Under `no captures undone`: the two squares of the last move's capture, from and to
/// (`b2g7`).
fn parse_last_capture(v: &Variant, f: &str, s: usize) -> Result<(usize, usize), FenError> {
    let (files, ranks) = (v.files as usize, v.ranks as usize);
    // The second square starts at the second letter.
    let split = f
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic());
    let squares = split.and_then(|(at, _)| {
        Some((
            parse_square(&f[..at], files, ranks)?,
            parse_square(&f[at..], files, ranks)?,
        ))
    });
    squares.ok_or_else(|| {
        err(
            "last capture",
            s,
            f.len(),
            format!("`{f}` is not two squares of the board"),
            "not two squares",
            "after the fullmove number, name the squares the last move captured from and to (`b2g7`), or leave the field out".into(),
        )
    })
}

/// Under `after capture move as captured`: the square of the piece of the side to move that
/// has just captured, and the letter of the piece it took (`d5n`), in the second move of its
/// turn.
fn parse_maker(
    v: &Variant,
    setup: &Setup,
    f: &str,
    s: usize,
) -> Result<(usize, PieceId), FenError> {
    let bad = |message: String, label: &'static str| {
        err(
            "capturer",
            s,
            f.len(),
            message,
            label,
            "in the second move of a turn, name the square of the piece that captured and the letter of the piece it took (`d5n`) after the fullmove number".into(),
        )
    };
    let letter = f.chars().last().filter(|c| c.is_alphabetic());
    let square = &f[..f.len() - letter.map_or(0, char::len_utf8)];
    let Some(cell) = parse_square(square, v.files as usize, v.ranks as usize) else {
        return Err(bad(
            format!("`{square}` is not a square of the board"),
            "not a square",
        ));
    };
    let taken = letter.and_then(|c| {
        letters(v)
            .into_iter()
            .find(|&(l, layer, side, _)| l == c && layer == 0 && side != setup.side)
    });
    let Some((.., kind)) = taken else {
        return Err(bad(
            format!("`{f}` does not end with the letter of a piece of the side not to move"),
            "the piece taken",
        ));
    };
    if setup.turn_move != 1 {
        return Err(bad(
            "a capturer is named, but the side field does not say the turn's second move (`w2`)"
                .into(),
            "no move after a capture to make",
        ));
    }
    match setup.cells.get(cell) {
        Some(Some(Cell::Piece(_, side, _, _))) if *side == setup.side => Ok((cell, kind)),
        _ => Err(bad(
            format!("no piece of the side to move stands on `{square}`"),
            "the capturer stands here",
        )),
    }
}

fn parse_placement(
    v: &Variant,
    letters: &[Letter],
    placement: &str,
    pstart: usize,
) -> Result<Vec<Option<Cell>>, FenError> {
    let files = v.files as usize;
    let ranks = v.ranks as usize;
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
        parse_rank(v, letters, row, rank, offset, &mut cells)?;
        offset += row.len() + 1;
    }
    Ok(cells)
}

/// One rank of the placement, into `cells`.
fn parse_rank(
    v: &Variant,
    letters: &[Letter],
    row: &str,
    rank: usize,
    offset: usize,
    cells: &mut [Option<Cell>],
) -> Result<(), FenError> {
    let files = v.files as usize;
    let too_many = |at: usize, len: usize| {
        err(
            "placement",
            at,
            len,
            format!("rank {} has more than {files} squares", rank + 1),
            "too many squares",
            format!("each rank describes exactly {files} squares"),
        )
    };
    let chars: Vec<(usize, char)> = row.char_indices().collect();
    let mut file = 0usize;
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        if c.is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].1.is_ascii_digit() {
                k += 1;
            }
            let digits: String = chars[start..k].iter().map(|(_, c)| c).collect();
            if digits.starts_with('0') {
                return Err(err(
                    "placement",
                    offset + at,
                    digits.len(),
                    format!("`{digits}` empty squares"),
                    "starts with 0",
                    "count empty squares from 1, without leading zeros".into(),
                ));
            }
            let n: usize = digits.parse().unwrap_or(usize::MAX);
            file = file.saturating_add(n);
            if file > files {
                return Err(too_many(offset + at, digits.len()));
            }
            continue;
        }
        if file >= files {
            return Err(too_many(offset + at, 1));
        }
        let (cell, used) = parse_piece(v, letters, &chars[k..], offset)?;
        cells[rank * files + file] = Some(cell);
        file += 1;
        k += used;
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
    Ok(())
}

/// A piece (`N`, `+P`, `Q~`) or a wall (`*`) at the start of `chars`; how many chars it used.
fn parse_piece(
    v: &Variant,
    letters: &[Letter],
    chars: &[(usize, char)],
    offset: usize,
) -> Result<(Cell, usize), FenError> {
    let (at, c) = chars[0];
    if c == '*' {
        return Ok((Cell::Wall, 1));
    }
    if c == 'x' && v.hole_behind {
        return Ok((Cell::Hole, 1));
    }
    let plus = c == '+';
    let (lat, lc) = if plus {
        match chars.get(1) {
            Some(&x) => x,
            None => {
                return Err(err(
                    "placement",
                    offset + at,
                    1,
                    "`+` without a piece".into(),
                    "promoted what?",
                    "write `+` right before the letter of the piece that promoted".into(),
                ));
            }
        }
    } else {
        (at, c)
    };
    let Some(&(_, layer, side, id)) = letters.iter().find(|(l, ..)| *l == lc) else {
        let list: String = letters.iter().map(|(c, ..)| *c).collect();
        return Err(err(
            "placement",
            offset + lat,
            lc.len_utf8(),
            format!("`{lc}` is not a piece of {}", v.name),
            "unknown letter",
            format!("the letters of this variant are {list}; digits count empty squares"),
        ));
    };
    let id = if plus {
        match promoted_form(v, id) {
            Some(p) => p,
            None => {
                return Err(err(
                    "placement",
                    offset + at,
                    2,
                    format!("`{lc}` has no promoted form in {}", v.name),
                    "not a promoted piece",
                    "write `+` only before a piece that promotes to another kind".into(),
                ));
            }
        }
    } else {
        id
    };
    let mut used = if plus { 2 } else { 1 };
    let marked = chars.get(used).is_some_and(|&(_, c)| c == '~');
    if marked {
        used += 1;
    }
    Ok((Cell::Piece(layer, side, id, marked), used))
}

/// The pieces in hand (`Pp`, `2P`, or `-` for none).
fn parse_hand(
    v: &Variant,
    letters: &[Letter],
    text: &str,
    start: usize,
) -> Result<Vec<(Side, PieceId, u8)>, FenError> {
    if v.hands.is_none() && !text.is_empty() && text != "-" {
        return Err(err(
            "hand",
            start,
            text.len(),
            format!("{} has no pieces in hand", v.name),
            "pieces in hand",
            "leave out the brackets".into(),
        ));
    }
    let mut hand: Vec<(Side, PieceId, u8)> = vec![];
    let mut count = String::new();
    for (i, c) in text.char_indices() {
        if c == '-' {
            continue;
        }
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let (side, id) = hand_piece(v, letters, c, start + i)?;
        let from = start + i - count.len();
        let n = if count.is_empty() {
            Some(1)
        } else {
            count.parse::<u8>().ok()
        };
        count.clear();
        let total = match hand.iter_mut().find(|(s, p, _)| *s == side && *p == id) {
            Some(e) => n.and_then(|n| e.2.checked_add(n)).map(|t| e.2 = t),
            None => n.map(|n| hand.push((side, id, n))),
        };
        if total.is_none() {
            return Err(err(
                "hand",
                from,
                start + i + c.len_utf8() - from,
                format!("more than {} `{c}` in hand", u8::MAX),
                "too many in hand",
                format!("a hand holds at most {} pieces of a kind", u8::MAX),
            ));
        }
    }
    if !count.is_empty() {
        return Err(err(
            "hand",
            start + text.len() - count.len(),
            count.len(),
            format!("the count `{count}` is not followed by a piece"),
            "count of what?",
            "write the count before the piece's letter, e.g. `[2Pp]`".into(),
        ));
    }
    Ok(hand)
}

/// The side and piece of the letter `c` of a hand at `at`: a piece of the variant, and no royal
/// piece unless the variant drops it.
fn hand_piece(
    v: &Variant,
    letters: &[Letter],
    c: char,
    at: usize,
) -> Result<(Side, PieceId), FenError> {
    let Some(&(_, _, side, id)) = letters.iter().find(|(l, layer, ..)| *l == c && *layer == 0)
    else {
        return Err(err(
            "hand",
            at,
            c.len_utf8(),
            format!("`{c}` is not a piece of {}", v.name),
            "unknown letter",
            "list the pieces in hand by their letters, e.g. `[Pp]`".into(),
        ));
    };
    // A royal piece is never captured into a hand; it is there only to be dropped where
    // the variant says (Placement, Sittuyin), or sent there by an effect (an explosion whose
    // pieces go to the hands, which ends the game).
    let droppable = v.hands.as_ref().is_some_and(|h| h.rules.contains_key(&id));
    let sent = v.effects.values().flat_map(|e| e.actions()).any(|a| {
        matches!(
            a,
            crate::ir::Action::Send(s, ..) if !s.of_move()
        )
    });
    if v.pieces[id].royal && !droppable && !sent {
        return Err(err(
            "hand",
            at,
            c.len_utf8(),
            format!("`{c}` is a royal piece; it cannot be in hand"),
            "royal piece in hand",
            format!(
                "{} never puts a royal piece in hand: leave it out of the brackets",
                v.name
            ),
        ));
    }
    Ok((side, id))
}

fn parse_castling(v: &Variant, f: &str, s: usize) -> Result<Vec<char>, FenError> {
    let mut castling = vec![];
    if f == "-" {
        return Ok(castling);
    }
    for (i, c) in f.char_indices() {
        let file_letter =
            c.is_ascii_alphabetic() && (c.to_ascii_lowercase() as u8 - b'a') < v.files;
        let gating = v.hands.as_ref().is_some_and(|h| h.gate.is_some());
        let once = v.pieces.values().any(|p| !p.once_atoms.is_empty());
        let known = if v.castling_rule.is_some() {
            matches!(c, 'K' | 'Q' | 'k' | 'q') || file_letter
        } else {
            v.castling.contains_key(&c) || (gating || once) && file_letter
        };
        if !known {
            let flags: String = v.castling.keys().collect();
            return Err(err(
                "castling",
                s + i,
                c.len_utf8(),
                format!("`{c}` is not a castling right of {}", v.name),
                "unknown castling flag",
                if v.castling_rule.is_some() {
                    "use K Q k q, or the rook's file letter (upper case for white), or `-`".into()
                } else if gating {
                    format!(
                        "use some of `{flags}`, a gate's file letter (upper case for white), or `-`"
                    )
                } else if once {
                    format!(
                        "use some of `{flags}`, the file letter of a first-move right (upper case for white), or `-`"
                    )
                } else if flags.is_empty() {
                    "this variant has no castling: write `-`".into()
                } else {
                    format!("use some of `{flags}`, or `-`")
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
    Ok(castling)
}

/// Whether the piece on `victim` is one of `mover`'s that takes part in en passant and may just
/// have passed over the `targets`, empty on the layer it moved on.
fn passed_over_by(
    v: &Variant,
    setup: &Setup,
    targets: &[usize],
    victim: usize,
    mover: Side,
) -> bool {
    match setup.cells[victim] {
        Some(Cell::Piece(layer, side, id, _)) if side == mover && v.en_passant.contains(&id) => {
            // The squares passed over are empty on the layer of the move: the victim's own,
            // or the one before it when every move crosses (Alice).
            let n = v.layers.len();
            let moved_on = if v.cross == Some(CrossWhen::Moves) && n > 1 {
                (layer + n - 1) % n
            } else {
                layer
            };
            targets.iter().all(|&t| {
                !matches!(setup.cells[t], Some(Cell::Piece(l, ..)) if l == moved_on)
                    && setup.cells[t] != Some(Cell::Wall)
            })
        }
        _ => false,
    }
}

type EpEntry = Option<(Vec<usize>, usize)>;

/// The en-passant field; under `en passant per turn`, up to two entries apart by a comma,
/// each of the side not to move or, after the first move of a turn, of the side to move.
fn parse_ep_entries(
    v: &Variant,
    setup: &Setup,
    f: &str,
    s: usize,
) -> Result<(EpEntry, EpEntry), FenError> {
    let per_turn = v.turn.as_ref().is_some_and(|t| t.en_passant_per_turn);
    if !per_turn || !f.contains(',') && setup.turn_move == 0 {
        return Ok((parse_ep(v, setup, f, s, setup.side.flip())?, None));
    }
    let parts: Vec<&str> = f.split(',').collect();
    if parts.len() > 2 {
        return Err(err(
            "en passant",
            s,
            f.len(),
            format!("`{f}` has more than two en-passant entries"),
            "en-passant squares",
            "write at most two, apart by a comma (`e3,d3`)".into(),
        ));
    }
    let mut entries = vec![];
    let mut at = s;
    for part in parts {
        let entry = match parse_ep(v, setup, part, at, setup.side.flip()) {
            Err(e) if setup.turn_move > 0 => {
                parse_ep(v, setup, part, at, setup.side).map_err(|_| e)
            }
            other => other,
        }?;
        entries.extend(entry);
        at += part.len() + 1;
    }
    let mut entries = entries.into_iter();
    Ok((entries.next(), entries.next()))
}

/// The en-passant field: `-`, the square passed over, or the squares passed over and then the
/// square of the piece that passed (Fairy-Stockfish's form for pawns that do not step straight).
/// `mover`: the side that passed.
fn parse_ep(
    v: &Variant,
    setup: &Setup,
    f: &str,
    s: usize,
    mover: Side,
) -> Result<EpEntry, FenError> {
    if f == "-" {
        return Ok(None);
    }
    let files = v.files as usize;
    let ranks = v.ranks as usize;
    let bad = |message: String, help: String| {
        err("en passant", s, f.len(), message, "en-passant square", help)
    };
    let squares = split_squares(f, files, ranks).ok_or_else(|| {
        bad(
            format!("`{f}` is not a square of the board"),
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
    // Fairy-Stockfish lists the squares in board order (a1 first), the passing piece's own
    // square among them when it did not step straight (`c3d4` after b2d4, `g5g6` after g7g5).
    let holds_passer = |q: usize| {
        matches!(setup.cells[q], Some(Cell::Piece(_, side, id, _))
            if side == mover && v.en_passant.contains(&id))
    };
    let (targets, victim) = match squares.iter().position(|&q| holds_passer(q)) {
        Some(i) if squares.len() > 1 => {
            let mut targets = squares.clone();
            let victim = targets.remove(i);
            (targets, victim)
        }
        _ => {
            let Some(victim) = passer_beyond(v, setup, &squares, mover, holds_passer) else {
                return Err(bad(
                    format!("no {} piece can just have passed over {f}", mover.name()),
                    "the square must be empty with a piece just beyond it; or write `-`".into(),
                ));
            };
            (squares, victim)
        }
    };
    let victim_ok = passed_over_by(v, setup, &targets, victim, mover);
    if !victim_ok {
        return Err(bad(
            format!("no {} piece can just have passed over {f}", mover.name()),
            format!(
                "the square must be empty with a {} pawn just beyond it; or write `-`",
                mover.name()
            ),
        ));
    }
    Ok(Some((targets, victim)))
}

/// Where the piece that may be taken stands when the en-passant squares do not hold it: one
/// step beyond the frontmost square in the mover's forward direction, or two after a triple
/// step (Fairy-Stockfish then lists only the squares an enemy pawn attacks, and the piece
/// stands past an empty square). `None` when that step leaves the board.
fn passer_beyond(
    v: &Variant,
    setup: &Setup,
    squares: &[usize],
    mover: Side,
    holds_passer: impl Fn(usize) -> bool,
) -> Option<usize> {
    let (files, ranks) = (v.files as usize, v.ranks as usize);
    let front = if mover == Side::White {
        squares.iter().max_by_key(|&&t| t / files)
    } else {
        squares.iter().min_by_key(|&&t| t / files)
    };
    let t = *front.unwrap_or(&0);
    let dir = if mover == Side::White { 1 } else { -1 };
    let at = |k: i32| {
        let vr = (t / files) as i32 + k * dir;
        (vr >= 0 && (vr as usize) < ranks).then(|| vr as usize * files + t % files)
    };
    let one = at(1)?;
    match at(2) {
        Some(two) if setup.cells[one].is_none() && holds_passer(two) => Some(two),
        _ => Some(one),
    }
}

/// Squares written one after another (`e3`, `e3f4`).
fn split_squares(f: &str, files: usize, ranks: usize) -> Option<Vec<usize>> {
    let mut out = vec![];
    let mut rest = f;
    while !rest.is_empty() {
        if !rest.as_bytes()[0].is_ascii_lowercase() {
            return None;
        }
        let digits = rest[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        out.push(parse_square(&rest[..1 + digits], files, ranks)?);
        rest = &rest[1 + digits..];
    }
    Some(out)
}

impl Setup {
    /// The checks that win, where the variant counts them (else 0).
    fn checks_needed(&self, v: &Variant) -> u8 {
        v.end
            .iter()
            .find_map(|e| match e.cond {
                EndCond::Checks(n) => Some(n),
                _ => None,
            })
            .unwrap_or(0)
    }
}

/// The checks field (`3+3`): the checks white and black still have to give.
fn parse_checks(v: &Variant, f: &str, s: usize) -> Result<[u8; 2], FenError> {
    let needed = v.end.iter().find_map(|e| match e.cond {
        EndCond::Checks(n) => Some(n),
        _ => None,
    });
    let bad = |message: String| {
        err(
            "checks",
            s,
            f.len(),
            message,
            "checks field",
            "write the checks each side still has to give, white's first: `3+3`".into(),
        )
    };
    let Some(needed) = needed else {
        return Err(bad(format!("{} does not count checks", v.name)));
    };
    let (w, b) = f
        .split_once('+')
        .ok_or_else(|| bad(format!("`{f}` is not a checks field")))?;
    let left = |t: &str| -> Option<u8> {
        if t.is_empty()
            || !t.bytes().all(|b| b.is_ascii_digit())
            || (t.len() > 1 && t.starts_with('0'))
        {
            return None;
        }
        t.parse::<u8>().ok().filter(|&n| n <= needed)
    };
    let (Some(w), Some(b)) = (left(w), left(b)) else {
        return Err(bad(format!(
            "`{f}`: each side has 0 to {needed} checks left"
        )));
    };
    Ok([needed - w, needed - b])
}

/// The largest halfmove clock or fullmove number a FEN may give: half of what the position
/// counts (`u32`), so that a game started there has 2^31 plies before its counters would stop
/// at their largest value — more than any game held in memory can play.
pub const MAX_CLOCK: u32 = i32::MAX as u32;

/// A clock: digits only, no sign, no leading zero, at most [`MAX_CLOCK`].
fn number(
    field: Option<&(usize, &str)>,
    name: &'static str,
    default: u32,
) -> Result<u32, FenError> {
    let Some(&(s, f)) = field else {
        return Ok(default);
    };
    let digits = !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if !digits || (f.len() > 1 && f.starts_with('0')) {
        return Err(err(
            name,
            s,
            f.len(),
            format!("`{f}` is not a {name}"),
            name,
            "write a whole number, without sign or leading zeros".into(),
        ));
    }
    f.parse::<u32>()
        .ok()
        .filter(|&n| n <= MAX_CLOCK)
        .ok_or_else(|| {
            err(
                name,
                s,
                f.len(),
                format!("`{f}` is too large for a {name}"),
                name,
                format!("write a number up to {MAX_CLOCK}"),
            )
        })
}

/// The cell of a square's name (`e4`) on a board of `files` × `ranks`; `None` if it is off
/// the board or not a square.
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
    /// The position a setup describes.
    pub fn from_setup(r: &Rules<B>, s: &Setup) -> Position<B> {
        let mut p = Position::empty(r);
        for (cell, c) in s.cells.iter().enumerate() {
            match c {
                Some(Cell::Piece(layer, side, id, marked)) => {
                    let code = r.code(*side, *id) + 1;
                    // The mark only matters where a capture sends the piece back unpromoted.
                    let byte = if *marked && r.marks_promoted {
                        code | PROMOTED
                    } else {
                        code
                    };
                    p.put(r, layer * r.cells + cell, byte);
                }
                Some(Cell::Wall) => p.put(r, cell, WALL),
                Some(Cell::Hole) => p.put(r, cell, HOLE),
                None => {}
            }
        }
        for &(side, id, n) in &s.hand {
            p.hand[r.code(side, id) as usize] = n;
        }
        p.side = s.side;
        p.turn_move = s.turn_move;
        p.set_castles(r, s);
        let entry = |(targets, victim): &(Vec<usize>, usize)| {
            let mut ep = EnPassant {
                targets: [0; 2],
                n: 0,
                victim: *victim as u16,
            };
            for &t in targets.iter().take(2) {
                ep.targets[ep.n as usize] = t as u16;
                ep.n += 1;
            }
            ep
        };
        p.ep = s.ep.as_ref().map(entry);
        p.ep2 = s.ep2.as_ref().map(entry).filter(|_| p.ep.is_some());
        p.checks = s.checks;
        p.taken = s.taken;
        p.halfmove = s.halfmove;
        p.fullmove = s.fullmove;
        p.hypnotized = s.hypnotized.map(|c| c as u16);
        p.last_capture = s.last_capture.map(|(a, b)| (a as u16, b as u16));
        p.maker = s.maker.map(|(c, kind)| (c as u16, r.code(s.side, kind)));
        p
    }

    /// The castles of this game and the rights of the setup.
    fn set_castles(&mut self, r: &Rules<B>, s: &Setup) {
        let castles: Vec<CastleRules<B>> = match &r.castling_rule {
            None => r.castles.clone(),
            Some(_) => s
                .castling
                .iter()
                .filter_map(|&c| self.castle_by_rule(r, c))
                .collect(),
        };
        let mut keep = vec![u64::MAX; r.squares];
        let mut rights = 0u64;
        for (i, c) in castles.iter().enumerate().take(64) {
            keep[c.king_from as usize] &= !(1 << i);
            keep[c.rook_from as usize] &= !(1 << i);
            let given = if r.castling_rule.is_some() {
                true
            } else {
                s.castling.contains(&c.flag)
            };
            if given {
                rights |= 1 << i;
            }
        }
        // Gates: named by their file letter, or by a castling right (on its king's and rook's
        // squares), on a square where a piece of that side stands.
        for &(side, sq) in &r.gate_squares {
            let sq = sq as usize;
            let bit = r.gate_bit[side.index()][sq];
            keep[sq] &= !bit;
            let (_, file, _) = r.coords(sq);
            let letter = (b'a' + file as u8) as char;
            let letter = if side == Side::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            let by_castle = castles.iter().any(|c| {
                c.side == side
                    && s.castling.contains(&c.flag)
                    && (c.king_from as usize == sq || c.rook_from as usize == sq)
            });
            let own = self
                .code_at(sq)
                .is_some_and(|c| r.codes[c as usize].side == side);
            let named = s.castling.contains(&letter) && !castles.iter().any(|c| c.flag == letter);
            if own && (named || by_castle) {
                rights |= bit;
            }
        }
        // First-move rights: named by their file letter, on a square where a piece of that
        // side stands (any square for a right that survives a capture).
        for &(side, sq) in &r.once_squares {
            let sq = sq as usize;
            let bit = r.once_bit[side.index()][sq];
            let kept = r.once_kept & bit != 0;
            if !kept {
                keep[sq] &= !bit;
            }
            let own = kept
                || self
                    .code_at(sq)
                    .is_some_and(|c| r.codes[c as usize].side == side);
            let letter = file_letter(r, side, sq);
            if own && s.castling.contains(&letter) && !castles.iter().any(|c| c.flag == letter) {
                rights |= bit;
            }
        }
        self.castles = Arc::new(castles);
        self.castle_keep = Arc::new(keep);
        self.castling = rights;
    }

    /// The castling field: per side, its castling flags, then (gating) the file letters of its
    /// gates that no castling flag implies.
    fn castling_field(&self, r: &Rules<B>) -> String {
        let mut out = String::new();
        for side in Side::BOTH {
            let held: Vec<&CastleRules<B>> = self
                .castles
                .iter()
                .enumerate()
                .filter(|(i, c)| c.side == side && self.castling & (1 << i) != 0)
                .map(|(_, c)| c)
                .collect();
            out.extend(held.iter().map(|c| c.flag));
            // A hand that can never fill again has no use for its gates: they are not written
            // (as Fairy-Stockfish drops them).
            let can_gate = r.captures_to_hand
                || r.side_codes[side.index()]
                    .iter()
                    .any(|&c| self.hand[c as usize] > 0);
            let mut files = vec![];
            for &(s, sq) in r.gate_squares.iter().filter(|_| can_gate) {
                if s != side || !self.has_gate(r, side, sq as usize) {
                    continue;
                }
                let (_, file, _) = r.coords(sq as usize);
                let implied = held.iter().any(|c| {
                    r.coords(c.king_from as usize).1 == file
                        || r.coords(c.rook_from as usize).1 == file
                });
                if !implied {
                    files.push(sq as usize);
                }
            }
            for &(s, sq) in &r.once_squares {
                if s == side && self.castling & r.once_bit[side.index()][sq as usize] != 0 {
                    files.push(sq as usize);
                }
            }
            files.sort_by_key(|&sq| r.coords(sq).1);
            files.dedup();
            out.extend(files.into_iter().map(|sq| file_letter(r, side, sq)));
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The castle a right of castling by rule stands for: `K`/`Q` the outermost rook on that
    /// side of the king, a file letter the rook on that file.
    fn castle_by_rule(&self, r: &Rules<B>, flag: char) -> Option<CastleRules<B>> {
        let rule = r.castling_rule.as_ref()?;
        let side = if flag.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let rank = rule.rank[side.index()] as usize;
        let king_code = rule.king[side.index()];
        let king_file =
            (0..r.files).find(|&f| self.code_at(r.sq(0, f, rank)) == Some(king_code))?;
        let is_rook = |f: usize| {
            self.code_at(r.sq(0, f, rank))
                .is_some_and(|c| rule.rooks[side.index()].contains(&c))
        };
        let rook_file = match flag.to_ascii_lowercase() {
            'k' => (king_file + 1..r.files).rev().find(|&f| is_rook(f))?,
            'q' => (0..king_file).find(|&f| is_rook(f))?,
            c => {
                let f = (c as u8 - b'a') as usize;
                is_rook(f).then_some(f)?
            }
        };
        let (kt, rt) = if rook_file > king_file {
            rule.short
        } else {
            rule.long
        };
        let sq = |f: usize| r.sq(0, f, rank);
        let (kf, kt, rf, rt) = (
            sq(king_file),
            sq(kt as usize),
            sq(rook_file),
            sq(rt as usize),
        );
        let empty = (r.between(kf, kt) | B::bit(kt) | r.between(rf, rt) | B::bit(rt))
            & !B::bit(kf)
            & !B::bit(rf);
        let safe = std::iter::once(kf)
            .chain(r.between(kf, kt).iter())
            .chain(std::iter::once(kt).filter(|&t| t != kf))
            .map(|s| s as u16)
            .collect();
        let file_letter = (b'a' + rook_file as u8) as char;
        Some(CastleRules {
            side,
            king_code,
            rook_code: self.code_at(rf)?,
            king_from: kf as u16,
            king_to: kt as u16,
            rook_from: rf as u16,
            rook_to: rt as u16,
            empty,
            safe,
            flag: if side == Side::White {
                file_letter.to_ascii_uppercase()
            } else {
                file_letter
            },
            by_rook: true,
        })
    }

    /// The FEN placement field, hands included.
    pub fn placement(&self, r: &Rules<B>) -> String {
        let mut out = String::new();
        for rank in (0..r.ranks).rev() {
            let mut empty = 0;
            for file in 0..r.files {
                let cell = rank * r.files + file;
                let found = (0..r.layers).find_map(|l| {
                    let v = self.board[l * r.cells + cell];
                    (v != 0).then_some((l, v))
                });
                let Some((l, v)) = found else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                self.push_piece(r, &mut out, l, v);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        // Pieces dropped free are not counted in hand: a hand of only those is not written.
        let free = |c: u8| r.codes[c as usize].drop.as_ref().is_some_and(|d| d.free);
        let counted = r.captures_to_hand
            || r.codes
                .iter()
                .any(|c| c.drop.is_some() && !c.drop.as_ref().is_some_and(|d| d.free));
        if r.hands && counted {
            out.push('[');
            for side in Side::BOTH {
                for &c in r.side_codes[side.index()].iter().filter(|&&c| !free(c)) {
                    let letter = r.letters[0][c as usize].unwrap_or('?');
                    for _ in 0..self.hand[c as usize] {
                        out.push(letter);
                    }
                }
            }
            out.push(']');
        }
        out
    }

    /// A square's content as FEN writes it.
    fn push_piece(&self, r: &Rules<B>, out: &mut String, layer: usize, v: u8) {
        let Some(code) = piece_code(v) else {
            out.push(if v == HOLE { 'x' } else { '*' });
            return;
        };
        let cr = &r.codes[code as usize];
        if cr.base_kind != cr.kind {
            out.push('+');
            let base = r.code(cr.side, cr.base_kind);
            out.push(r.letters[layer][base as usize].unwrap_or('?'));
        } else {
            out.push(r.letters[layer][code as usize].unwrap_or('?'));
        }
        if v & PROMOTED != 0 {
            out.push('~');
        }
    }

    /// The position's FEN, canonical: two equal positions print the same.
    pub fn fen(&self, r: &Rules<B>) -> String {
        let castling = self.castling_field(r);
        let ep = if r.ep_per_turn {
            self.ep_entries_text(r)
        } else {
            match self.ep {
                None => "-".to_string(),
                Some(e) => self.ep_text(r, &e, self.side.flip()),
            }
        };
        let checks = self.checks_field(r);
        let hypnotized = match self.hypnotized {
            Some(sq) => {
                let cell = sq as usize % r.cells;
                format!(
                    " {}",
                    square_name((cell % r.files) as u8, (cell / r.files) as u8)
                )
            }
            None => String::new(),
        };
        let name = |sq: u16| {
            let cell = sq as usize % r.cells;
            square_name((cell % r.files) as u8, (cell / r.files) as u8)
        };
        let hypnotized = match self.last_capture {
            Some((from, to)) => format!("{hypnotized} {}{}", name(from), name(to)),
            None => hypnotized,
        };
        let hypnotized = match self.maker {
            Some((sq, code)) => format!("{hypnotized} {}", self.maker_text(r, sq as usize, code)),
            None => hypnotized,
        };
        let hypnotized = if r.counts_captures && self.taken != [0; 2] {
            format!("{hypnotized} {}+{}", self.taken[0], self.taken[1])
        } else {
            hypnotized
        };
        format!(
            "{} {} {castling} {ep}{checks} {} {}{hypnotized}",
            self.placement(r),
            self.side_field(),
            self.halfmove,
            self.fullmove
        )
    }

    /// The capturer's square and the letter of the piece it took, of the other side (`d5n`).
    fn maker_text(&self, r: &Rules<B>, sq: usize, code: u8) -> String {
        let cell = sq % r.cells;
        let taken = r.code(self.side.flip(), r.codes[code as usize].kind);
        let letter = r.letters[0][taken as usize].unwrap_or('?');
        let square = square_name((cell % r.files) as u8, (cell / r.files) as u8);
        format!("{square}{letter}")
    }

    /// The side to move, with the move of its turn after the first (`w2`).
    fn side_field(&self) -> String {
        let side = if self.side == Side::White { "w" } else { "b" };
        match self.turn_move {
            0 => side.to_string(),
            n => format!("{side}{}", n + 1),
        }
    }

    /// The squares passed over, then the passing piece's square unless it stands right beyond
    /// them in its forward direction.
    fn ep_text(&self, r: &Rules<B>, e: &EnPassant, passer: Side) -> String {
        let name = |cell: usize| square_name((cell % r.files) as u8, (cell / r.files) as u8);
        let mut s: String = e.targets().iter().map(|&t| name(t as usize)).collect();
        let last = *e.targets().last().unwrap_or(&0) as i32;
        let forward = if passer == Side::Black { -1 } else { 1 };
        if e.n != 1 || e.victim as i32 != last + forward * r.files as i32 {
            s.push_str(&name(e.victim as usize));
        }
        s
    }

    /// Under `en passant per turn`: the entries apart by a comma, those whose squares are all
    /// taken left out (only the passing side could have filled them, and no capture there can
    /// ever be en passant), or `-`.
    fn ep_entries_text(&self, r: &Rules<B>) -> String {
        let open = |e: &&EnPassant| e.targets().iter().any(|&t| self.board[t as usize] == 0);
        let texts: Vec<String> = [self.ep, self.ep2]
            .iter()
            .flatten()
            .filter(open)
            .map(|e| {
                let passer = self.passer(r, e).unwrap_or(self.side.flip());
                self.ep_text(r, e, passer)
            })
            .collect();
        if texts.is_empty() {
            "-".into()
        } else {
            texts.join(",")
        }
    }

    /// ` 3+3` where the variant counts checks: the checks each side still has to give.
    fn checks_field(&self, r: &Rules<B>) -> String {
        let needed = r.end.iter().find_map(|e| match e.test {
            crate::engine::rules::EndTest::Checks(n) => Some(n),
            _ => None,
        });
        match needed {
            Some(n) => format!(
                " {}+{}",
                n.saturating_sub(self.checks[0]),
                n.saturating_sub(self.checks[1])
            ),
            None => String::new(),
        }
    }
}

/// Why a well-formed FEN cannot be a position of the variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Impossible {
    /// The FEN field at fault (an index into the fields).
    pub field: usize,
    /// The problem.
    pub message: String,
    /// What to write instead.
    pub help: String,
}

impl<B: Bits> Position<B> {
    /// Checks a position set up from a FEN against the variant's own rules: the side not to
    /// move may not stand in check where the variant has a check rule, each side has a royal
    /// piece if its army starts with one, no piece stands where it would have had to promote or
    /// could never move, and every castling right has its king and rook in place.
    /// `royal_sides` says which sides start with a royal piece.
    pub fn validate(&self, r: &Rules<B>, royal_sides: [bool; 2]) -> Result<(), Impossible> {
        let placement = |message: String, help: &str| Impossible {
            field: 0,
            message,
            help: help.to_string(),
        };
        // Where losing the royal piece ends the game, a position without it is that end; so it
        // is where a side may pass in check while the royals face each other (Janggi's
        // bikjang), and the other then takes its royal piece.
        let may_lose_royal = r.facing_rule && r.pass
            || r.end.iter().any(|e| {
                matches!(
                    e.test,
                    crate::engine::rules::EndTest::RoyalCaptured
                        | crate::engine::rules::EndTest::Extinct { .. }
                )
            });
        for side in Side::BOTH {
            if royal_sides[side.index()]
                && !self.has_royal(r, side)
                && r.check.enabled()
                && !may_lose_royal
            {
                return Err(placement(
                    format!("{} has no royal piece", side.name()),
                    "place the royal piece (the king) of each side that starts with one",
                ));
            }
        }
        let them = self.side.flip();
        // A side that has just taken the last royal piece may stand attacked: the game is over.
        let royal_taken = may_lose_royal && !self.has_royal(r, self.side);
        // Where royals facing each other let a side pass even in check (Janggi's bikjang), the
        // side that just moved may have passed so.
        let passed_facing = r.facing_rule && r.pass && self.royals_facing(r);
        if r.check.enabled() && !royal_taken && !passed_facing && self.royal_attacked(r, them) {
            return Err(placement(
                format!(
                    "{} is in check with {} to move",
                    them.name(),
                    self.side.name()
                ),
                "the side that just moved cannot have left its royal piece attacked",
            ));
        }
        // The last move's fullmove number: white's reply starts the next.
        let last = self
            .fullmove
            .saturating_sub(u32::from(self.side == Side::White));
        if r.checks_barred(last) && !r.checks_if_mate && self.royal_attacked(r, self.side) {
            return Err(placement(
                format!(
                    "{} is in check, and checks are not allowed",
                    self.side.name()
                ),
                "no move of this variant gives check",
            ));
        }
        self.validate_squares(r)?;
        self.validate_castling(r)
    }

    /// No piece stands where it would have had to promote (unless it may be dropped there,
    /// as Dobutsu's chick on the far rank), or where it could never move.
    fn validate_squares(&self, r: &Rules<B>) -> Result<(), Impossible> {
        for (code, cr) in r.codes.iter().enumerate() {
            let mut bad = B::ZERO;
            if let Some(p) = &cr.promotion
                && !p.optional
                && !p.from_zone
                && !p.on_capture
                && !p.not_on_capture
            {
                let dropped = cr.drop.as_ref().map_or(B::ZERO, |d| d.region);
                bad |= p.zone & !dropped;
            }
            if r.no_stuck_pieces {
                bad |= cr.stuck;
            }
            if let Some(sq) = (self.pieces[code] & bad).iter().next() {
                let (_, f, k) = r.coords(sq);
                return Err(Impossible {
                    field: 0,
                    message: format!(
                        "the {} {} on {} cannot stand there",
                        cr.side.name(),
                        r.variant.piece_name(cr.kind),
                        square_name(f as u8, k as u8)
                    ),
                    help: "it would have promoted on arriving there, or could never move again"
                        .to_string(),
                });
            }
        }
        Ok(())
    }

    /// Every castling right has its king and rook on their squares.
    fn validate_castling(&self, r: &Rules<B>) -> Result<(), Impossible> {
        for (i, c) in self.castles.iter().enumerate() {
            if self.castling & (1 << i) == 0 {
                continue;
            }
            let king = self.code_at(c.king_from as usize) == Some(c.king_code);
            let rook = self.code_at(c.rook_from as usize) == Some(c.rook_code);
            if !(king && rook) {
                let (sq, code) = if king {
                    (c.rook_from, c.rook_code)
                } else {
                    (c.king_from, c.king_code)
                };
                let (_, f, k) = r.coords(sq as usize);
                let cr = &r.codes[code as usize];
                return Err(Impossible {
                    field: 2,
                    message: format!(
                        "castling right `{}` needs the {} {} on {}",
                        c.flag,
                        cr.side.name(),
                        r.variant.piece_name(cr.kind),
                        square_name(f as u8, k as u8)
                    ),
                    help: "drop the right from the castling field, or place the piece".to_string(),
                });
            }
        }
        Ok(())
    }
}

/// The FEN letter of the file of `sq` for `side` (upper case for white).
fn file_letter<B: Bits>(r: &Rules<B>, side: Side, sq: usize) -> char {
    let letter = (b'a' + r.coords(sq).1 as u8) as char;
    if side == Side::White {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}
