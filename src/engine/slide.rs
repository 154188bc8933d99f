//! Drops that fall or slide in from an edge (`drop PIECE falling`, `drop PIECE sliding`): the
//! piece enters at an edge along a rank or file and moves on over empty squares until the next
//! square is occupied or off the board; it lands there.

use crate::engine::bitboard::Bits;
use crate::engine::connect::Step;
use crate::engine::geometry::Geometry;
use crate::ir::DropSlide;

/// One way in: the squares of the edge where a piece enters, its step, and the squares where
/// it leaves the board.
#[derive(Clone, Copy, Debug)]
pub struct SlideIn<B> {
    /// The edge it enters at.
    entry: B,
    /// One step on.
    on: Step<B>,
    /// One step back.
    back: Step<B>,
    /// The squares whose next step leaves the board.
    last: B,
}

/// The ways in of a slide: down the files for `Falling`, and for `Sliding` both ways along
/// files and ranks.
pub fn ways_in<B: Bits>(geo: &Geometry<B>, slide: DropSlide) -> Vec<SlideIn<B>> {
    let steps: &[(i8, i8)] = match slide {
        DropSlide::Falling => &[(0, -1)],
        DropSlide::Sliding => &[(0, -1), (0, 1), (1, 0), (-1, 0)],
    };
    steps
        .iter()
        .map(|&(f, r)| {
            let on = Step::new(geo, (f, r));
            let back = Step::new(geo, (-f, -r));
            SlideIn {
                entry: geo.all & !back.from,
                on,
                back,
                last: geo.all & !on.from,
            }
        })
        .collect()
}

/// The squares where a piece dropped by these ways comes to rest, on a board occupied by `occ`.
pub fn resting_squares<B: Bits>(ways: &[SlideIn<B>], occ: B) -> B {
    let empty = !occ;
    let mut rest = B::ZERO;
    for w in ways {
        let mut reached = w.entry & empty;
        loop {
            let more = reached | (w.on.apply(reached) & empty);
            if more == reached {
                break;
            }
            reached = more;
        }
        rest |= reached & (w.back.apply(occ) | w.last);
    }
    rest
}
