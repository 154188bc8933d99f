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
