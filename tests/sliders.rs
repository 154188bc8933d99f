//! Slider tables (PEXT-indexed targets of a piece's unlimited rides) against walking the rays.

use std::sync::Arc;

use rulebook::diagnostics::Sources;
use rulebook::engine::bitboard::Bits;
use rulebook::engine::rules::Rules;
use rulebook::lower::load;

fn rules<B: Bits>(spec: &str) -> Rules<B> {
    let mut sources = Sources::default();
    let v = load(spec, &mut sources).unwrap_or_else(|e| panic!("{spec}: {e:?}"));
    Rules::compile(Arc::new(v.variant))
}

/// Every slider lookup (PEXT or magic indexed, whichever this build uses) equals walking its
/// rays, on random occupancies.
fn sliders_agree_with_rays<B: Bits>(r: &Rules<B>) {
    assert!(!r.sliders.is_empty());
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (i, s) in r.sliders.iter().enumerate() {
        for sq in 0..r.squares {
            for _ in 0..64 {
                let mut occ = B::ZERO;
                for w in 0..r.squares {
                    if next() % 3 == 0 {
                        occ |= B::bit(w);
                    }
                }
                let walked = s
                    .dirs
                    .iter()
                    .fold(B::ZERO, |a, &d| a | r.ride_targets(d, sq, occ));
                assert_eq!(r.slide(i as u16, sq, occ), walked, "slider {i} square {sq}");
            }
        }
    }
}

#[test]
fn one_layer_sliders_agree_with_rays() {
    sliders_agree_with_rays(&rules::<u64>("chess"));
    sliders_agree_with_rays(&rules::<u64>("gardner"));
}

#[test]
fn two_layer_sliders_agree_with_rays_on_both_layers() {
    sliders_agree_with_rays(&rules::<u128>("variants/alice.variant"));
}

/// A variant of the given text (its name `w`), compiled on one word.
fn rules_of(text: &str) -> Rules<u64> {
    let mut sources = Sources::default();
    let v = rulebook::lower::load_text(
        "w.variant",
        text,
        rulebook::lower::Origin::File("w.variant".into()),
        &mut sources,
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    Rules::compile(Arc::new(v.variant))
}

fn squares(r: &Rules<u64>, names: &str) -> u64 {
    names.split_whitespace().fold(0, |m, s| {
        m | 1 << rulebook::engine::fen::parse_square(s, r.files, r.ranks).expect("a square")
    })
}

/// Where files or ranks wrap, the slider tables still equal walking the rays (which go round).
#[test]
fn sliders_agree_with_rays_on_boards_that_wrap() {
    sliders_agree_with_rays(&rules::<u64>("cylinder"));
    sliders_agree_with_rays(&rules_of(
        "variant w extends chess\nboard 8 x 8 wrap ranks\nstart \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n",
    ));
    sliders_agree_with_rays(&rules_of(
        "variant w\nboard 5 x 7 wrap files\npiece rook { letters R r  ride (1,0) }\n\
         piece nightrider { letters N n  ride (1,2) }\npiece king { letters K k  royal  leap (1,1) }\n\
         start \"2k2/5/5/5/5/5/RN2K w - - 0 1\"\ncheck at final\n",
    ));
}

/// On a cylinder a rook's rank goes round: from d4 with pieces on b4 and g4 it reaches e4 f4 g4
/// one way and c4 b4 the other, and alone on its rank every other square of it; a knight on h4
/// jumps across the edge; a rider's first piece is found along the ray's own order.
#[test]
fn rays_and_leaps_go_round_where_files_wrap() {
    let r = rules::<u64>("cylinder");
    let sq = |s: &str| squares(&r, s).trailing_zeros() as usize;
    let rank = squares(&r, "a4 b4 c4 d4 e4 f4 g4 h4");
    let right = r.line_dirs[7];
    let left = r.line_dirs[1];
    let occ = squares(&r, "b4 d4 g4");
    assert_eq!(
        r.ride_targets(right, sq("d4"), occ),
        squares(&r, "e4 f4 g4")
    );
    assert_eq!(r.ride_targets(left, sq("d4"), occ), squares(&r, "c4 b4"));
    assert_eq!(r.first_blocker(right, sq("h4"), occ), Some(sq("b4")));
    assert_eq!(r.first_blocker(left, sq("a4"), occ), Some(sq("g4")));
    let alone = r.ride_targets(right, sq("d4"), squares(&r, "d4"));
    assert_eq!(alone, rank & !squares(&r, "d4"));
    let knight = r
        .codes
        .iter()
        .position(|c| c.leap_move[sq("h4")].count_ones() == 8);
    let knight = knight.expect("a knight's eight jumps from h4");
    assert_eq!(
        r.codes[knight].leap_move[sq("h4")],
        squares(&r, "g6 g2 f5 f3 a6 a2 b5 b3")
    );
}

/// Where ranks wrap, a file goes round (chess's start is no start there: its back ranks touch
/// across the wrap, each king attacked): a rook on d4 with pieces on d7 and d2 reaches d5 d6 d7
/// up and d3 d2 down; alone on its file, every other square of it.
#[test]
fn rays_go_round_where_ranks_wrap() {
    let r = rules_of(
        "variant w extends chess\nboard 8 x 8 wrap ranks\nstart \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n",
    );
    let sq = |s: &str| squares(&r, s).trailing_zeros() as usize;
    let up = r.line_dirs[5];
    let down = r.line_dirs[3];
    let occ = squares(&r, "d2 d4 d7");
    assert_eq!(r.ride_targets(up, sq("d4"), occ), squares(&r, "d5 d6 d7"));
    assert_eq!(r.ride_targets(down, sq("d4"), occ), squares(&r, "d3 d2"));
    assert_eq!(r.first_blocker(up, sq("d8"), occ), Some(sq("d2")));
    assert_eq!(
        r.ride_targets(up, sq("d4"), squares(&r, "d4")),
        r.file_masks[3] & !squares(&r, "d4")
    );
}

/// A step that leaves a board of one file lands back on it where the files wrap: a diagonal
/// step on a one-file cylinder goes up or down the file (it was refused as never landing).
#[test]
fn a_step_across_a_one_file_cylinder_lands() {
    let r = rules_of(
        "variant w\nboard 1 x 4 wrap files\npiece bishop { letters B b  ride (1,1) }\n\
         piece king { letters K k  royal  leap (0,1) }\nstart \"k/1/1/K w - - 0 1\"\ncheck at final\n",
    );
    let up_right = r
        .dirs
        .iter()
        .position(|d| d.step == (1, 1) && d.range == u8::MAX)
        .expect("the bishop's ray") as u16;
    // From a2: a3 and a4; from a4 nothing (rank 5 is off the board).
    assert_eq!(r.ray(up_right, 1), 0b1100);
    assert_eq!(r.ray(up_right, 3), 0);
}
