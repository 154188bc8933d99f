//! `connect` end conditions, judged by bitboard shifts: a row of N is N-1 shifts along each line
//! intersected with the pieces, a block the same along files then ranks, a chain a flood fill
//! from the first region that must meet the second. Only the pieces of the side that just moved
//! are looked at, as Fairy-Stockfish does (no move makes a row for the other side), but under
//! `answered`, which looks at both.

use crate::engine::bitboard::Bits;
use crate::engine::end::{Reach, reach_outcome};
use crate::engine::geometry::Geometry;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::ir::{ConnectLine, ConnectShape, ReachRule, Region, Side};

/// One step along a line as a shift of the whole board: the squares whose step stays on the
/// board (and in their layer) move by `shift` bits.
#[derive(Clone, Copy, Debug)]
pub struct Step<B> {
    /// The squares that may take the step.
    pub from: B,
    /// `file step + rank step * files`.
    pub shift: isize,
}

impl<B: Bits> Step<B> {
    /// The step for (files, ranks) on this board.
    pub fn new(geo: &Geometry<B>, (df, dr): (i8, i8)) -> Step<B> {
        let mut from = B::ZERO;
        for sq in 0..geo.squares {
            let (_, f, r) = geo.coords(sq);
            let (f, r) = (f as isize + df as isize, r as isize + dr as isize);
            if (0..geo.files as isize).contains(&f) && (0..geo.ranks as isize).contains(&r) {
                from |= B::bit(sq);
            }
        }
        Step {
            from,
            shift: df as isize + dr as isize * geo.files as isize,
        }
    }

    /// Every square of `b` moved one step (those that would leave the board dropped).
    #[inline(always)]
    pub fn apply(&self, b: B) -> B {
        let b = b & self.from;
        if self.shift >= 0 {
            b.shl(self.shift as usize)
        } else {
            b.shr(self.shift.unsigned_abs())
        }
    }
}

/// A `connect` condition, compiled.
#[derive(Clone, Debug)]
pub enum ConnectTest<B> {
    /// This many in a row along one of the steps.
    Row {
        /// How many.
        length: u8,
        /// One step per direction of a line.
        steps: Vec<Step<B>>,
    },
    /// At least this many on one of the lines.
    Collinear {
        /// How many.
        count: u8,
        /// Every line (its squares) long enough to hold them.
        lines: Vec<B>,
    },
    /// A full block.
    Block {
        /// Its width.
        files: u8,
        /// Its height.
        ranks: u8,
        /// One file to the right.
        east: Step<B>,
        /// One rank up.
        north: Step<B>,
    },
    /// A chain from `from` to `to` (per side), each piece next to the last by a step.
    Path {
        /// Per side: where the chain starts.
        from: [B; 2],
        /// Per side: where it must arrive.
        to: [B; 2],
        /// Both ways along every line.
        steps: Vec<Step<B>>,
    },
}

impl<B: Bits> ConnectTest<B> {
    /// The test of `shape` along `lines` on this board.
    pub fn new(geo: &Geometry<B>, shape: &ConnectShape, lines: &[ConnectLine]) -> ConnectTest<B> {
        let forward: Vec<(i8, i8)> = lines.iter().flat_map(|l| l.steps()).copied().collect();
        match shape {
            ConnectShape::Row(length) => ConnectTest::Row {
                length: *length,
                steps: forward.iter().map(|&s| Step::new(geo, s)).collect(),
            },
            ConnectShape::Collinear(count) => ConnectTest::Collinear {
                count: *count,
                lines: forward
                    .iter()
                    .flat_map(|&s| whole_lines(geo, s))
                    .filter(|l| l.count() >= *count as u32)
                    .collect(),
            },
            ConnectShape::Block { files, ranks } => ConnectTest::Block {
                files: *files,
                ranks: *ranks,
                east: Step::new(geo, (1, 0)),
                north: Step::new(geo, (0, 1)),
            },
            ConnectShape::Path { from, to } => {
                let mask = |r: &Region| Side::BOTH.map(|s| geo.region_mask(r, s));
                ConnectTest::Path {
                    from: mask(from),
                    to: mask(to),
                    steps: forward
                        .iter()
                        .flat_map(|&(f, r)| [(f, r), (-f, -r)])
                        .map(|s| Step::new(geo, s))
                        .collect(),
                }
            }
        }
    }

    /// Whether `pieces` of `side` form the shape.
    pub fn holds(&self, pieces: B, side: Side) -> bool {
        match self {
            ConnectTest::Row { length, steps } => steps.iter().any(|step| {
                let mut b = pieces;
                for _ in 1..*length {
                    b &= step.apply(b);
                }
                b.any()
            }),
            ConnectTest::Collinear { count, lines } => {
                lines.iter().any(|&l| (pieces & l).count() >= *count as u32)
            }
            ConnectTest::Block {
                files,
                ranks,
                east,
                north,
            } => {
                let mut b = pieces;
                for _ in 1..*files {
                    b &= east.apply(b);
                }
                for _ in 1..*ranks {
                    b &= north.apply(b);
                }
                b.any()
            }
            ConnectTest::Path { from, to, steps } => {
                chain_reaches(pieces, from[side.index()], to[side.index()], steps)
            }
        }
    }
}

/// Every line of the board along `step`, as the set of its squares: from each square that
/// has no square one step back, all the squares reached step by step.
fn whole_lines<B: Bits>(geo: &Geometry<B>, step: (i8, i8)) -> Vec<B> {
    let on = Step::new(geo, step);
    let back = Step::new(geo, (-step.0, -step.1));
    let mut starts = geo.all & !back.from;
    let mut out = vec![];
    while starts.any() {
        let mut line = B::bit(starts.pop());
        let mut tip = line;
        while tip.any() {
            tip = on.apply(tip);
            line |= tip;
        }
        out.push(line);
    }
    out
}

/// Whether the pieces joined to those on `from`, step by step, include one on `to`.
fn chain_reaches<B: Bits>(pieces: B, from: B, to: B, steps: &[Step<B>]) -> bool {
    let mut reached = pieces & from;
    loop {
        if (reached & to).any() {
            return true;
        }
        let grown = steps
            .iter()
            .fold(reached, |m, s| m | (s.apply(reached) & pieces));
        if grown == reached {
            return false;
        }
        reached = grown;
    }
}

impl<B: Bits> Position<B> {
    /// Whether `mover`'s pieces of `codes` (all of them when empty) pass the test.
    fn connected_by(&self, codes: &[Vec<u8>; 2], test: &ConnectTest<B>, mover: Side) -> bool {
        let i = mover.index();
        let pieces = if codes[i].is_empty() {
            self.by_side[i]
        } else {
            codes[i]
                .iter()
                .fold(B::ZERO, |m, &c| m | self.pieces[c as usize])
        };
        test.holds(pieces, mover)
    }
}

impl<B: Bits> Position<B> {
    /// How a `connect` condition ends the game: the side that just moved connected (of `side`
    /// when given); `answered`, as a region `answered` (Racing Kings): white's connection stands
    /// while black may still answer with its own, which draws.
    pub(crate) fn connected_end(
        &mut self,
        r: &Rules<B>,
        side: Option<Side>,
        codes: &[Vec<u8>; 2],
        test: &ConnectTest<B>,
        answered: bool,
    ) -> Option<Reach> {
        if !answered {
            let mover = self.side.flip();
            let hit = side.is_none_or(|s| s == mover) && self.connected_by(codes, test, mover);
            return hit.then_some(Reach::Won(mover));
        }
        let reached =
            Side::BOTH.map(|s| side.is_none_or(|o| o == s) && self.connected_by(codes, test, s));
        reach_outcome(ReachRule::Answered, self.side, reached, || {
            self.can_connect(r, codes, test)
        })
    }

    /// Whether the side to move has a legal move after which it has the connection.
    fn can_connect(&mut self, r: &Rules<B>, codes: &[Vec<u8>; 2], test: &ConnectTest<B>) -> bool {
        let us = self.side;
        let mut moves = vec![];
        self.pseudo_moves(r, &mut moves);
        moves.into_iter().any(|m| {
            let legal = self.make(r, m);
            let connects = legal && self.connected_by(codes, test, us);
            self.unmake(r);
            connects
        })
    }
}

impl<B: Bits> Rules<B> {
    /// The compiled test of a `connect` condition.
    pub(crate) fn connect_test(
        &self,
        shape: &ConnectShape,
        lines: &[ConnectLine],
    ) -> ConnectTest<B> {
        ConnectTest::new(&self.geo, shape, lines)
    }
}
