//! The board as text: every layer side by side with its name, coordinates, the last move, each
//! side's hand. Letters for a pipe; for a terminal, chess glyphs (outlined for white, filled for
//! black, so that they read without colour too) on coloured squares.

use crate::game::Game;
use crate::game::pair::BOARD_NAMES;
use crate::ir::{PieceId, Side, Variant};

/// How to draw the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// Chess glyphs instead of letters.
    pub glyphs: bool,
    /// Coloured squares and pieces.
    pub color: bool,
    /// Black's side at the bottom.
    pub flipped: bool,
}

/// The board, every layer side by side, the last move, the hands and the side to move.
pub fn board(game: &dyn Game, style: Style) -> String {
    let v = game.variant().clone();
    let last = last_squares(game);
    let labels = layer_labels(game, &v);
    let mut out = String::new();
    if labels.len() > 1 {
        out.push_str(&layer_names(&v, &labels, style));
    }
    let ranks: Vec<u8> = if style.flipped {
        (0..v.ranks).collect()
    } else {
        (0..v.ranks).rev().collect()
    };
    for rank in ranks {
        out.push_str(&rank_row(game, &v, rank, style, &last));
    }
    out.push_str(&file_letters(&v, labels.len(), style));
    let mut out: String = out
        .lines()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out.push_str(&wrap_note(&v));
    let fen = game.fen();
    let boards: Vec<&str> = fen.split(" | ").collect();
    let named = |i: usize| match boards.len() {
        1 => String::new(),
        _ => format!("board {}: ", BOARD_NAMES[i]),
    };
    for (i, fen) in boards.iter().enumerate() {
        out.push_str(&hands(fen, &v, &named(i)));
    }
    if let Some((_, san)) = game.record().moves.last() {
        out.push_str(&format!("last move: {san}\n"));
    }
    for (i, fen) in boards.iter().enumerate() {
        out.push_str(&named(i));
        out.push_str(&to_move(fen));
    }
    if let Some(c) = game.check_count() {
        out.push_str(&format!("{}\n", c.text()));
    }
    out
}

/// "white to move", from a FEN.
fn to_move(fen: &str) -> String {
    let field = fen.split(' ').nth(1).unwrap_or("w");
    let side = if field.starts_with('b') {
        "black"
    } else {
        "white"
    };
    match field.get(1..).filter(|n| !n.is_empty()) {
        Some(nth) => format!("{side} to move (move {nth} of its turn)\n"),
        None => format!("{side} to move\n"),
    }
}

/// The names drawn above the boards: the layers', or the boards' of a pair.
fn layer_labels(game: &dyn Game, v: &Variant) -> Vec<String> {
    if game.boards() > 1 {
        return (BOARD_NAMES.iter().take(game.boards()))
            .map(|c| format!("board {c}"))
            .collect();
    }
    v.layers.clone()
}

/// Under a board whose files or ranks wrap: which edges are next to each other.
fn wrap_note(v: &Variant) -> String {
    let mut out = String::new();
    if v.wrap.files {
        let last = (b'a' + v.files.saturating_sub(1)) as char;
        out.push_str(&format!("the files wrap: {last} is next to a\n"));
    }
    if v.wrap.ranks {
        out.push_str(&format!("the ranks wrap: {} is next to 1\n", v.ranks));
    }
    out
}

/// The squares (layer, file, rank) the last move names in UCI: from and to, or a drop's
/// square, and the wall it placed; on its board where two are played, else on every layer.
fn last_squares(game: &dyn Game) -> Vec<(Option<usize>, u8, u8)> {
    let record = game.record();
    let Some((text, _)) = record.moves.last() else {
        return vec![];
    };
    let (board, uci) = match text.split_once(':') {
        Some((b, uci)) => (BOARD_NAMES.iter().position(|c| b == c.to_string()), uci),
        None => (None, text.as_str()),
    };
    let mut squares = vec![];
    let mut chars = uci.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if !c.is_ascii_lowercase() {
            continue;
        }
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        if let Ok(rank) = digits.parse::<u8>() {
            squares.push((c as u8 - b'a', rank.saturating_sub(1)));
        }
    }
    // A pass that places a wall (`a1a1,a1a3`) names only the wall.
    if squares.len() > 2 && squares[0] == squares[1] {
        squares.drain(..3);
    }
    squares.into_iter().map(|(f, r)| (board, f, r)).collect()
}

/// Each side's pieces in hand, as the FEN lists them (`white hand: P N`), in variants with
/// hands.
fn hands(fen: &str, v: &Variant, board: &str) -> String {
    if v.hands.is_none() {
        return String::new();
    }
    let placement = fen.split(' ').next().unwrap_or("");
    // Free drops only (Ataxx): the FEN writes no hand, and there is none to show.
    let Some(hand) = placement
        .split_once('[')
        .and_then(|(_, h)| h.split_once(']'))
        .map(|(h, _)| h)
    else {
        return String::new();
    };
    let mut out = String::new();
    for (side, white) in [("white", true), ("black", false)] {
        let mut letters: Vec<(char, usize)> = vec![];
        for c in hand
            .chars()
            .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white)
        {
            match letters.iter_mut().find(|(l, _)| *l == c) {
                Some((_, n)) => *n += 1,
                None => letters.push((c, 1)),
            }
        }
        // A long run of one letter (Othello's 60 stones) is written with its count.
        let list = if letters.is_empty() {
            "-".to_string()
        } else {
            letters
                .iter()
                .map(|&(c, n)| {
                    if n > 4 {
                        format!("{c}×{n}")
                    } else {
                        vec![c.to_string(); n].join(" ")
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push_str(&format!("{board}{side} hand: {list}\n"));
    }
    out
}

fn cell_width(style: Style) -> usize {
    if style.color { 3 } else { 2 }
}

fn layer_names(v: &Variant, labels: &[String], style: Style) -> String {
    let board_w = v.files as usize * cell_width(style);
    let mut out = String::from("   ");
    for l in labels {
        out.push_str(&format!("{:<w$}", l, w = board_w + 5));
    }
    format!("{}\n", out.trim_end())
}

fn files(v: &Variant, style: Style) -> Vec<u8> {
    if style.flipped {
        (0..v.files).rev().collect()
    } else {
        (0..v.files).collect()
    }
}

fn rank_row(
    game: &dyn Game,
    v: &Variant,
    rank: u8,
    style: Style,
    last: &[(Option<usize>, u8, u8)],
) -> String {
    let layers = v.layers.len().max(game.boards());
    let mut out = String::new();
    for l in 0..layers {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in files(v, style) {
            let piece = game.piece_at(l, file, rank);
            let square = Square {
                light: (file + rank) % 2 == 1,
                last: (last.iter())
                    .any(|&(b, f, r)| (f, r) == (file, rank) && b.is_none_or(|b| b == l)),
                wall: game.wall_at(l, file, rank),
            };
            out.push_str(&cell(v, piece, square, style));
        }
        if l + 1 < layers {
            out.push_str("  ");
        }
    }
    out.push('\n');
    out
}

fn file_letters(v: &Variant, layers: usize, style: Style) -> String {
    let mut out = String::new();
    for l in 0..layers {
        out.push_str("   ");
        for file in files(v, style) {
            let c = (b'a' + file) as char;
            if style.color {
                out.push_str(&format!(" {c} "));
            } else {
                out.push_str(&format!("{c} "));
            }
        }
        if l + 1 < layers {
            out.push_str("  ");
        }
    }
    out
}

struct Square {
    light: bool,
    /// The last move left or reached it.
    last: bool,
    /// A wall stands on it (`*`, as in FEN).
    wall: bool,
}

fn cell(v: &Variant, piece: Option<(Side, PieceId)>, square: Square, style: Style) -> String {
    let letter = piece.map(|(side, kind)| {
        let l = v.pieces[kind].letters[0];
        l[side.index()].unwrap_or('?')
    });
    let shown = match (letter, piece) {
        (Some(c), Some((side, _))) if style.glyphs => glyph(c, side)
            .map(String::from)
            .unwrap_or_else(|| c.to_string()),
        (Some(c), _) => c.to_string(),
        (None, _) if square.wall => "*".to_string(),
        (None, _) if style.color => " ".to_string(),
        (None, _) => ".".to_string(),
    };
    if !style.color {
        return format!("{shown} ");
    }
    let bg = match (square.last, square.light) {
        _ if square.wall => "\x1b[48;5;236m",
        (true, true) => "\x1b[48;5;186m",
        (true, false) => "\x1b[48;5;143m",
        (false, true) => "\x1b[48;5;180m",
        (false, false) => "\x1b[48;5;137m",
    };
    let fg = match piece {
        Some((Side::White, _)) => "\x1b[1;97m",
        None if square.wall => "\x1b[1;37m",
        _ => "\x1b[1;30m",
    };
    format!("{bg}{fg} {shown} \x1b[0m")
}

/// The chess glyph for a standard letter (by letter, so any variant's king or queen gets one):
/// outlined for white, filled for black.
fn glyph(letter: char, side: Side) -> Option<char> {
    let (white, black) = match letter.to_ascii_uppercase() {
        'K' => ('♔', '♚'),
        'Q' => ('♕', '♛'),
        'R' => ('♖', '♜'),
        'B' => ('♗', '♝'),
        'N' => ('♘', '♞'),
        'P' => ('♙', '♟'),
        _ => return None,
    };
    Some(if side == Side::White { white } else { black })
}
