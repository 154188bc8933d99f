//! Holes in the board (`hole behind`: Wormhole). A hole is a square a step passes over: a step
//! in a direction goes to the nearest square that way that is not a hole. A leap is its
//! orthogonal steps along its longer leg, then its diagonal steps, in the same direction (the
//! knight one step orthogonally and one diagonally, each passing over holes); a ride repeats
//! its leap until it meets a piece. Such moves depend on where the holes are, so the pieces of
//! a variant with holes keep their atoms here rather than in the tables, and their targets and
//! attacks are walked square by square, behind the flags `rare_targets` and `rare_attacks`
//! that other variants never set.

use crate::engine::bitboard::Bits;
use crate::engine::movegen::add;
use crate::engine::position::Position;
use crate::engine::rules::{CodeRules, Rules};
use crate::ir::Modality;

/// One leg of a step over holes: a unit step, taken `n` times (squares that are not holes).
pub type Leg = ((i8, i8), u8);

/// A leap or a ride of a piece in a variant with holes.
#[derive(Clone, Debug)]
pub struct HoleAtom<B> {
    /// The legs of one leap (the second with `n` 0 when the leap is straight).
    pub legs: [Leg; 2],
    /// The legs of the way back, from the landing square to the origin.
    pub back: [Leg; 2],
    /// How many leaps at most (1: a leap; `u8::MAX`: a ride without limit).
    pub range: u8,
    /// Whether it moves, captures or both, or only attacks.
    pub modality: Modality,
    /// The squares it applies from.
    pub origin: B,
    /// The squares it may land on (and attack).
    pub targets: B,
}

/// The legs of a leap by `step`: straight or diagonal, one leg; otherwise the orthogonal part
/// along the longer coordinate, then the diagonal part.
pub fn legs(step: (i8, i8)) -> [Leg; 2] {
    let (ax, ay) = (step.0.unsigned_abs(), step.1.unsigned_abs());
    let (sx, sy) = (step.0.signum(), step.1.signum());
    let diagonal = ((sx, sy), ax.min(ay));
    if ax == 0 || ay == 0 || ax == ay {
        [((sx, sy), ax.max(ay)), ((0, 0), 0)]
    } else if ax > ay {
        [((sx, 0), ax - ay), diagonal]
    } else {
        [((0, sy), ay - ax), diagonal]
    }
}

/// The legs of the way back of `legs`: the last leg first, each the other way.
pub fn back(legs: [Leg; 2]) -> [Leg; 2] {
    let flip = |((x, y), n): Leg| ((-x, -y), n);
    if legs[1].1 == 0 {
        [flip(legs[0]), legs[1]]
    } else {
        [flip(legs[1]), flip(legs[0])]
    }
}

impl<B: Bits> Position<B> {
    /// Where the legs lead from `sq`, each unit step going on to the next square that is not
    /// a hole; `None` off the board.
    #[inline]
    fn over_holes(&self, r: &Rules<B>, sq: usize, legs: &[Leg; 2]) -> Option<usize> {
        let (layer, f, rk) = r.coords(sq);
        let (mut f, mut rk) = (f as i32, rk as i32);
        let mut at = sq;
        for &((dx, dy), n) in legs {
            let mut left = n;
            while left > 0 {
                f += dx as i32;
                rk += dy as i32;
                if f < 0 || rk < 0 || f >= r.files as i32 || rk >= r.ranks as i32 {
                    return None;
                }
                at = r.sq(layer, f as usize, rk as usize);
                if !self.holes.has(at) {
                    left -= 1;
                }
            }
        }
        Some(at)
    }

    /// The targets of the piece of `cr` on `from` by its atoms over holes, taking the pieces
    /// on `enemy`: (quiet, captures).
    #[inline(never)]
    pub(crate) fn hole_targets(
        &self,
        r: &Rules<B>,
        cr: &CodeRules<B>,
        from: usize,
        enemy: B,
    ) -> (B, B) {
        let empty = !self.occ;
        let (mut quiet, mut cap) = (B::ZERO, B::ZERO);
        for a in &cr.hole_atoms {
            if !a.origin.has(from) {
                continue;
            }
            let mut reach = B::ZERO;
            let mut at = from;
            for _ in 0..a.range {
                let Some(t) = self.over_holes(r, at, &a.legs) else {
                    break;
                };
                reach |= B::bit(t);
                if self.occ.has(t) {
                    break;
                }
                at = t;
            }
            add(
                a.modality,
                reach & a.targets,
                empty,
                enemy,
                &mut quiet,
                &mut cap,
            );
        }
        (quiet, cap)
    }

    /// The pieces of `by` that threaten `sq` by their atoms over holes, with the occupancy
    /// `occ`, leaving out those on `gone`; with `ANY`, the first found. Each atom is walked
    /// back from `sq`: a step over holes between two squares that are not holes is the same
    /// either way.
    #[inline(never)]
    pub(crate) fn hole_attackers<const ANY: bool>(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: usize,
        occ: B,
        gone: B,
    ) -> B {
        let mut out = B::ZERO;
        if self.holes.has(sq) {
            return out;
        }
        for &c in &r.hole_attackers[by] {
            let pieces = self.pieces[c as usize] & !gone;
            if pieces.is_zero() {
                continue;
            }
            for a in &r.codes[c as usize].hole_atoms {
                if a.modality == Modality::Move || !a.targets.has(sq) {
                    continue;
                }
                let mut at = sq;
                for _ in 0..a.range {
                    let Some(s) = self.over_holes(r, at, &a.back) else {
                        break;
                    };
                    if occ.has(s) {
                        if pieces.has(s) && a.origin.has(s) {
                            out |= B::bit(s);
                            if ANY {
                                return out;
                            }
                        }
                        break;
                    }
                    at = s;
                }
            }
        }
        out
    }
}
