//! The board as text: every layer side by side, letters (or chess glyphs on coloured squares
//! for a terminal).

use crate::game::Game;
use crate::ir::{PieceId, Side, Variant};

/// The board, every layer side by side, and the side to move.
pub fn board(game: &dyn Game, fancy: bool) -> String {
    let v = game.variant().clone();
    let mut out = String::new();
    if v.layers.len() > 1 {
        out.push_str(&layer_names(&v, fancy));
    }
    for rank in (0..v.ranks).rev() {
        out.push_str(&rank_row(game, &v, rank, fancy));
    }
    out.push_str(&file_letters(&v, fancy));
    let mut out: String = out
        .lines()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out.push_str(&hands(game, &v));
    let side = if game.fen().split(' ').nth(1) == Some("b") {
        "black"
    } else {
        "white"
    };
    out.push_str(&format!("{side} to move\n"));
    if let Some(c) = game.check_count() {
        out.push_str(&format!("{}\n", c.text()));
    }
    out
}

/// Each side's pieces in hand, as the FEN lists them (`white hand: P N`), in variants with
/// hands.
fn hands(game: &dyn Game, v: &Variant) -> String {
    if v.hands.is_none() {
        return String::new();
    }
    let fen = game.fen();
    let placement = fen.split(' ').next().unwrap_or("");
    let hand = placement
        .split_once('[')
        .and_then(|(_, h)| h.split_once(']'))
        .map_or("", |(h, _)| h);
    let mut out = String::new();
    for (side, white) in [("white", true), ("black", false)] {
        let letters: Vec<String> = hand
            .chars()
            .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white)
            .map(String::from)
            .collect();
        let list = if letters.is_empty() {
            "-".to_string()
        } else {
            letters.join(" ")
        };
        out.push_str(&format!("{side} hand: {list}\n"));
    }
    out
}

fn layer_names(v: &Variant, fancy: bool) -> String {
    let cell_w = if fancy { 3 } else { 2 };
    let board_w = v.files as usize * cell_w;
    let mut out = String::from("   ");
    for l in &v.layers {
        out.push_str(&format!("{:<w$}", l, w = board_w + 5));
    }
    format!("{}\n", out.trim_end())
}

fn rank_row(game: &dyn Game, v: &Variant, rank: u8, fancy: bool) -> String {
    let layers = v.layers.len();
    let mut out = String::new();
    for l in 0..layers {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..v.files {
            let piece = game.piece_at(l, file, rank);
            out.push_str(&cell(v, piece, (file + rank) % 2 == 1, fancy));
        }
        if l + 1 < layers {
            out.push_str("  ");
        }
    }
    out.push('\n');
    out
}

fn file_letters(v: &Variant, fancy: bool) -> String {
    let layers = v.layers.len();
    let mut out = String::new();
    for l in 0..layers {
        out.push_str("   ");
        for file in 0..v.files {
            let c = (b'a' + file) as char;
            if fancy {
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

fn cell(v: &Variant, piece: Option<(Side, PieceId)>, light: bool, fancy: bool) -> String {
    let letter = piece.map(|(side, kind)| {
        let l = v.pieces[kind].letters[0];
        l[side.index()].unwrap_or('?')
    });
    if !fancy {
        return format!("{} ", letter.unwrap_or('.'));
    }
    let glyph = match letter {
        Some(c) => glyph(c).map(String::from).unwrap_or_else(|| c.to_string()),
        None => " ".to_string(),
    };
    let bg = if light {
        "\x1b[48;5;180m"
    } else {
        "\x1b[48;5;137m"
    };
    let fg = match piece {
        Some((Side::White, _)) => "\x1b[1;97m",
        _ => "\x1b[1;30m",
    };
    format!("{bg}{fg} {glyph} \x1b[0m")
}

/// The chess glyph for a standard letter (by letter, so any variant's king or queen gets one).
fn glyph(letter: char) -> Option<char> {
    Some(match letter.to_ascii_uppercase() {
        'K' => '♚',
        'Q' => '♛',
        'R' => '♜',
        'B' => '♝',
        'N' => '♞',
        'P' => '♟',
        _ => return None,
    })
}
