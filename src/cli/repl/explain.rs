//! `explain PIECE`: a piece's atoms in the explicit form, and a diagram of where it goes.

use crate::ir::{
    Atom, AtomKind, LeapPath, Modality, Piece, Region, Side, Variant, oriented, square_name,
    vec_text,
};

/// A piece's atoms in the explicit form, and a diagram of where it moves (m), captures (x) or
/// both (*) from a central square of an empty board.
pub fn explain(v: &Variant, id: usize) -> String {
    let p = &v.pieces[id];
    let letters: Vec<String> = Side::BOTH
        .iter()
        .filter_map(|s| p.letters[0][s.index()].map(|c| format!("{} {c}", s.name())))
        .collect();
    let mut out = format!(
        "{}{} ({})\n",
        p.name,
        if p.royal {
            ", royal"
        } else if p.antiroyal {
            ", antiroyal (must stay attacked)"
        } else {
            ""
        },
        letters.join(", ")
    );
    if p.atoms.is_empty() {
        out.push_str("  no atoms: it never moves, captures or attacks (it is placed or dropped)\n");
        return out;
    }
    for a in &p.atoms {
        out.push_str(&atom_line(a));
    }
    for g in &p.guarded_atoms {
        let names: Vec<&str> = g.guards.iter().map(|&k| v.piece_name(k)).collect();
        let how = if g.guarding { "guarding" } else { "guarded by" };
        out.push_str(&format!(
            "  while {how} {} of its side (not in the diagram):
  {}",
            names.join(" or "),
            atom_line(&g.atom)
        ));
    }
    if let Some(a) = &p.anywhere {
        out.push_str(&format!(
            "  also moves to any empty square{} that its side controls (more of its pieces attack it than of the other's, a rider behind a friend on the same line counting too){} (not in the diagram)\n",
            a.to.as_ref()
                .map(|r| format!(" of {}", region_words(r)))
                .unwrap_or_default(),
            if a.not_in_check { ", not while in check" } else { "" }
        ));
    }
    out.push_str(&diagram(v, p));
    out
}

fn atom_line(a: &Atom) -> String {
    let modality = match a.modality {
        Modality::Move => "moves (to empty squares)",
        Modality::Capture => "captures",
        Modality::Both => "moves and captures",
        Modality::Attack => "attacks (without moving there)",
    };
    let kind = match a.kind {
        AtomKind::Leap => match a.path {
            LeapPath::Free => "leap".to_string(),
            LeapPath::Lame => "leap, blocked by a piece on its way,".to_string(),
            LeapPath::Jump => "leap over a piece on its way".to_string(),
        },
        AtomKind::Ride { range: None } => "ride".to_string(),
        AtomKind::Ride { range: Some(r) } => {
            format!("ride up to {r} step{}", if r == 1 { "" } else { "s" })
        }
        AtomKind::Hop { range, span } => {
            let beyond = match range {
                None => "hop over one piece, then ride".to_string(),
                Some(r) => format!(
                    "hop over one piece, then up to {r} step{}",
                    if r == 1 { "" } else { "s" }
                ),
            };
            match span {
                None => beyond,
                Some(n) => format!("{beyond}, landing at most {n} steps away"),
            }
        }
    };
    let mut from = match &a.from {
        Some(r) => format!(", only from {}", region_words(r)),
        None => String::new(),
    };
    if let Some(r) = &a.to {
        from.push_str(&format!(", only onto {}", region_words(r)));
    }
    format!(
        "  {modality}: {kind} {}{} = {}{from}\n",
        vec_text(a.offset),
        a.directions_text(),
        a.vectors_text()
    )
}

/// The marks of a piece's atoms from the central square, one row per rank (rank 1 first).
fn marks(v: &Variant, p: &Piece, side: Side, centre: (i32, i32)) -> Vec<Vec<char>> {
    let (files, ranks) = (v.files as i32, v.ranks as i32);
    let mut marks = vec![vec![' '; files as usize]; ranks as usize];
    for a in &p.atoms {
        if let Some(region) = &a.from
            && !region.contains(side, centre.0 as u8, centre.1 as u8, v.ranks)
        {
            continue;
        }
        let add = match a.modality {
            Modality::Move => 'm',
            Modality::Capture => 'x',
            Modality::Both => '*',
            Modality::Attack => 'a',
        };
        let steps = match a.kind {
            AtomKind::Leap => 1,
            AtomKind::Ride { range } => range.map_or(32, i32::from),
            // A hop needs a screen: the empty board of the diagram has none.
            AtomKind::Hop { .. } => 0,
        };
        for vec in a.vectors() {
            let (dx, dy) = oriented(vec, side);
            for k in 1..=steps {
                let (mut f, mut r) = (centre.0 + dx as i32 * k, centre.1 + dy as i32 * k);
                // Round the board where an axis wraps, back to the centre at most.
                if v.wrap.files {
                    f = f.rem_euclid(files);
                }
                if v.wrap.ranks {
                    r = r.rem_euclid(ranks);
                }
                if f < 0 || r < 0 || f >= files || r >= ranks || (f, r) == centre {
                    break;
                }
                if let Some(to) = &a.to
                    && !to.contains(side, f as u8, r as u8, v.ranks)
                {
                    continue;
                }
                let cell = &mut marks[r as usize][f as usize];
                *cell = match (*cell, add) {
                    (' ', a) => a,
                    ('m', 'x') | ('x', 'm') | ('*', _) => '*',
                    (_, a) => a,
                };
            }
        }
    }
    marks
}

fn diagram(v: &Variant, p: &Piece) -> String {
    let side = if p.in_army(Side::White) {
        Side::White
    } else {
        Side::Black
    };
    let (files, ranks) = (v.files as i32, v.ranks as i32);
    let centre = ((files - 1) / 2, (ranks - 1) / 2);
    let marks = marks(v, p, side, centre);
    let letter = p.letters[0][side.index()].unwrap_or('?');
    let mut out = format!(
        "from {} ({}): m moves, x captures, * both\n",
        square_name(centre.0 as u8, centre.1 as u8),
        side.name()
    );
    for r in (0..ranks).rev() {
        let mut row = format!("{:>2} ", r + 1);
        for f in 0..files {
            let c = match marks[r as usize][f as usize] {
                _ if (f, r) == centre => letter,
                ' ' => '.',
                c => c,
            };
            row.push(c);
            row.push(' ');
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    let letters: Vec<String> = (0..files)
        .map(|f| ((b'a' + f as u8) as char).to_string())
        .collect();
    out.push_str(&format!("   {}\n", letters.join(" ")));
    out
}

/// "rank 2", "ranks 1 to 3", "camp (rank 8)", "d4 e5".
fn region_words(r: &Region) -> String {
    let body = r.text().replace("..", " to ");
    match &r.name {
        Some(n) => format!("{n} ({body})"),
        None => body,
    }
}
