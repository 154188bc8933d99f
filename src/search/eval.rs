//! The evaluation, from the rules alone: piece values from each piece's reach on an empty
//! board (as engines for fairy pieces estimate them), square values from the same reach square
//! by square (a knight in the corner reaches 2, in the centre 8) and from the nearness of a
//! promotion that gains, pieces in hand, and the terms the end rules imply: a region to reach,
//! or to keep away from where reaching it loses (the distance of the nearest counted piece),
//! checks to give, material that is a burden where losing every piece or being checkmated wins
//! (and there a king hemmed in good), and the moves each side has where a side left without one
//! loses.

use crate::engine::bitboard::Bits;
use crate::engine::movegen::ride_and_leap_reach;
use crate::engine::position::Position;
use crate::engine::rules::{EndTest, Rules};
use crate::ir::{Modality, Outcome, Side};

/// Centipawns per target a leap reaches (a knight's 5.25 on average: 315).
const PER_LEAP: f64 = 60.0;
/// Centipawns per target a ride or any other move reaches (a rook's 14: 504).
const PER_RIDE: f64 = 36.0;
/// The value of a piece in hand, in hundredths of its value on the board.
const HAND_PERCENT: i32 = 110;
/// Centipawns per step nearer a region whose reaching ends the game.
const PER_STEP: i32 = 30;
/// A square's value for a piece: this share of its reach there above or below its average.
const SQUARE_SHARE: f64 = 0.3;
/// The share of a promotion's gain a piece one step from its zone is worth (less, further).
const PROMOTION_SHARE: f64 = 0.2;
/// Centipawns per move more than the opponent's, where a side left without a move loses.
const PER_MOVE: i32 = 8;
/// Centipawns per square next to a royal piece covered, where being checkmated wins.
const PER_HEMMED: i32 = 25;
/// Centipawns per step an enemy piece stands nearer a royal piece, where being checkmated wins
/// (Misere against a random mover: 33 of 40 games won at 5, 36 at 10, 32 at 15, 26 at none).
const PER_NEAR: i32 = 10;
/// A piece worth at least this much keeps a side safe from zugzwang for a null move.
const OFFICER: i32 = 250;
/// Centipawns a piece on a square that cannot be enclosed is worth, where enclosing is the
/// only way to lose one (Othello's corners).
const PER_PERMANENT: i32 = 300;
/// Centipawns a piece next to such a square costs while that square is empty (it opens the
/// way there: Othello's X and C squares).
const PER_OPENING: i32 = 80;
/// Centipawns per drop more than the opponent's, where pieces are only dropped and enclosed.
const PER_DROP: i32 = 20;

/// Where pieces never move and are lost only by being enclosed along the effects' rows: the
/// squares no row runs through, each with its neighbours along those rows.
#[derive(Clone, Debug)]
struct Stability {
    /// (square, the squares next to it along a row that are not such squares themselves).
    permanent: Vec<(u16, Vec<u16>)>,
    /// Per side: the code it drops (whose drops count as its mobility).
    droppers: [Option<u8>; 2],
}

/// A region some pieces of a side race to.
#[derive(Clone, Debug)]
struct Goal {
    side: Side,
    /// The codes that count (empty: all of the side's).
    codes: Vec<u8>,
    /// Per square: steps (a king's) to the region.
    steps: Vec<u8>,
    /// The largest of `steps`.
    far: u8,
    /// How many must stand there at once: above one, every counted piece's nearness counts.
    count: u8,
    /// +1 where reaching the region wins for the side, -1 where it loses.
    worth: i32,
    /// The count needs every square of the region: the other side's pieces there block it.
    whole: bool,
}

/// What the evaluation knows of a variant, computed once per search.
#[derive(Clone, Debug)]
pub struct Values {
    /// Per code: its value on the board, in centipawns (0 for a royal piece).
    pub piece: Vec<i32>,
    /// Per code: whether the value was given by the variant file rather than computed.
    pub given: Vec<bool>,
    /// Per side: +1, or -1 where a side wins by losing all its pieces.
    sign: [i32; 2],
    /// Per code and square: the piece's reach there against its average, and its nearness to
    /// a promotion that gains.
    square: Vec<Vec<i32>>,
    /// Per side: the codes worth at least [`OFFICER`].
    officers: [Vec<u8>; 2],
    /// A capture takes only the piece it lands on (no explosion, no effect, no give-away): its
    /// gain is bounded by the victim's value.
    pub plain_captures: bool,
    goals: Vec<Goal>,
    /// The checks that win, where the variant counts them.
    checks: Option<u8>,
    /// A side left without a move loses, check off: the moves each side has count.
    mobility: bool,
    /// Being checkmated wins: per square, the squares a king's step away, whose covering
    /// (by an own piece or an enemy attack) brings the mate nearer.
    hemmed: Option<Vec<Vec<u16>>>,
    /// Where the game is one of enclosing dropped pieces, won by count (Othello).
    stability: Option<Stability>,
}

/// The average reach of the piece of `code` over the squares it may stand on, weighted: a
/// target it both moves and captures to counts 1, one it only moves or only captures to 1/2.
fn reach_value<B: Bits>(r: &Rules<B>, code: usize) -> f64 {
    let reach = reach_by_square(r, code);
    let standing: Vec<f64> = reach.into_iter().flatten().collect();
    if standing.is_empty() {
        0.0
    } else {
        standing.iter().sum::<f64>() / standing.len() as f64
    }
}

/// Per square the piece of `code` may stand on: its reach there on an empty board.
fn reach_by_square<B: Bits>(r: &Rules<B>, code: usize) -> Vec<Option<f64>> {
    let cr = &r.codes[code];
    let mut pos = Position::empty(r);
    let mut out = vec![None; r.squares];
    for sq in (cr.confined & !cr.stuck & r.board_mask()).iter() {
        let mut total = 0.0;
        pos.put(r, sq, code as u8 + 1);
        let (quiet, _) = pos.targets(r, code, sq);
        let mut capture = ride_and_leap_reach(r, cr, sq, pos.occ) & cr.confined;
        for l in &cr.lame_capture[sq] {
            capture |= B::bit(l.to as usize);
        }
        for hop in &cr.hops {
            let captures = matches!(hop.modality, Modality::Capture | Modality::Both);
            if captures && hop.origin.has(sq) {
                // A hop captures beyond a screen: half the ride it would make.
                let ride = r.ride_targets(hop.dir, sq, B::ZERO) & hop.targets;
                total += PER_RIDE * 0.25 * ride.count() as f64;
            }
        }
        let leaps = cr.leap_move[sq] | cr.leap_capture[sq];
        let weigh = |set: B, per: f64| {
            let both = (set & quiet & capture).count() as f64;
            let one = ((set & quiet) ^ (set & capture)).count() as f64;
            per * (both + one / 2.0)
        };
        total += weigh(leaps, PER_LEAP) + weigh(!leaps, PER_RIDE);
        out[sq] = Some(total);
        pos.put(r, sq, 0);
    }
    out
}

/// Per square: the piece's reach there against its average (a share of it), plus a share
/// of what promoting gains, growing as the square nears the promotion zone. A piece that
/// races with others to fill a region (`racing`) has no reach part: the region's squares are
/// where it belongs, however little it reaches there (Knights Halma's corner).
fn square_values<B: Bits>(r: &Rules<B>, code: usize, piece: &[i32], racing: bool) -> Vec<i32> {
    let cr = &r.codes[code];
    let reach = reach_by_square(r, code);
    let standing: Vec<f64> = reach.iter().flatten().copied().collect();
    let mean = standing.iter().sum::<f64>() / standing.len().max(1) as f64;
    let mut out: Vec<i32> = reach
        .iter()
        .map(|v| v.map_or(0, |v| ((v - mean) * SQUARE_SHARE).round() as i32))
        .collect();
    if cr.royal || racing {
        out.iter_mut().for_each(|v| *v = 0);
    }
    let Some(p) = &cr.promotion else { return out };
    let best = p
        .choices
        .iter()
        .map(|&c| piece[c as usize])
        .max()
        .unwrap_or(0);
    let gain = best - piece[code];
    if gain <= 0 || p.zone.is_zero() {
        return out;
    }
    let steps = steps_to(r, p.zone);
    let far = reach
        .iter()
        .zip(&steps)
        .filter(|(v, _)| v.is_some())
        .map(|(_, &s)| s)
        .max()
        .unwrap_or(0) as f64;
    for (sq, v) in out.iter_mut().enumerate() {
        if reach[sq].is_some() && far > 0.0 && steps[sq] > 0 {
            let near = (far + 1.0 - steps[sq] as f64) / far;
            *v += (gain as f64 * PROMOTION_SHARE * near.powi(4)).round() as i32;
        }
    }
    out
}

/// Per square: the squares a king's step away (on its layer).
fn king_steps<B: Bits>(r: &Rules<B>) -> Vec<Vec<u16>> {
    (0..r.squares)
        .map(|sq| {
            let (l, f, k) = r.coords(sq);
            (0..r.squares)
                .filter(|&t| {
                    let (tl, tf, tk) = r.coords(t);
                    t != sq
                        && r.board_mask().has(t)
                        && tl == l
                        && f.abs_diff(tf) <= 1
                        && k.abs_diff(tk) <= 1
                })
                .map(|t| t as u16)
                .collect()
        })
        .collect()
}

/// Steps of a king from each square to the nearest square of `mask` (on its layer).
fn steps_to<B: Bits>(r: &Rules<B>, mask: B) -> Vec<u8> {
    let targets: Vec<(usize, usize, usize)> = mask.iter().map(|sq| r.coords(sq)).collect();
    (0..r.squares)
        .map(|sq| {
            let (l, f, k) = r.coords(sq);
            targets
                .iter()
                .filter(|t| t.0 == l)
                .map(|t| f.abs_diff(t.1).max(k.abs_diff(t.2)))
                .min()
                .unwrap_or(0)
                .min(255) as u8
        })
        .collect()
}

impl Values {
    /// The values of `r`'s pieces and the terms its end rules imply.
    pub fn new<B: Bits>(r: &Rules<B>) -> Values {
        let mut piece = vec![0; r.codes.len()];
        let mut given = vec![false; r.codes.len()];
        for (code, cr) in r.codes.iter().enumerate() {
            let declared = r.variant.pieces[cr.kind].value;
            if let Some(v) = declared {
                piece[code] = (v * 100.0).round() as i32;
                given[code] = true;
            } else if !cr.royal {
                piece[code] = (reach_value(r, code).round() as i32).max(10);
            }
        }
        let officers = Side::BOTH.map(|side| {
            (0..r.codes.len() as u8)
                .filter(|&c| r.codes[c as usize].side == side && piece[c as usize] >= OFFICER)
                .collect()
        });
        let mut values = Values {
            piece,
            given,
            sign: [1, 1],
            square: vec![],
            officers,
            plain_captures: r.blast.is_none() && r.effects.is_empty(),
            goals: vec![],
            checks: None,
            mobility: false,
            hemmed: None,
            stability: stability(r),
        };
        values.read_end_rules(r);
        values.plain_captures &= values.sign == [1, 1];
        // After the end rules: a piece that races to fill a region has its own square values.
        values.square = (0..r.codes.len())
            .map(|code| square_values(r, code, &values.piece, values.races_to_fill(r, code)))
            .collect();
        values
    }

    /// Whether the piece of `code` is one of several its side must bring to a region at once
    /// to win.
    fn races_to_fill<B: Bits>(&self, r: &Rules<B>, code: usize) -> bool {
        let cr = &r.codes[code];
        self.goals.iter().any(|g| {
            g.side == cr.side
                && g.count > 1
                && g.worth > 0
                && (g.codes.is_empty() || g.codes.contains(&(code as u8)))
        })
    }

    /// Whether `side` has a piece worth at least `OFFICER` (2.5 pawns) on the board or in hand.
    pub fn has_officers<B: Bits>(&self, pos: &Position<B>, side: Side) -> bool {
        self.officers[side.index()]
            .iter()
            .any(|&c| pos.pieces[c as usize].any() || pos.hand[c as usize] > 0)
    }

    /// The terms implied by the end rules.
    fn read_end_rules<B: Bits>(&mut self, r: &Rules<B>) {
        for e in &r.end {
            match &e.test {
                // Losing every piece wins (but the royal ones, worth nothing: Losers' bare king).
                EndTest::Extinct {
                    sides,
                    codes,
                    at_most,
                    masks: None,
                    ..
                } if codes[0].is_empty() && e.result == Outcome::Wins => {
                    for side in Side::BOTH {
                        let royals = r.royal_codes[side.index()].len();
                        if sides[side.index()] && usize::from(*at_most) <= royals {
                            self.sign[side.index()] = -1;
                        }
                    }
                }
                EndTest::Reached {
                    codes,
                    masks,
                    count,
                    full,
                    ..
                } => {
                    for side in Side::BOTH {
                        let (codes, mask) = (codes[side.index()].clone(), masks[side.index()]);
                        // A count the region cannot hold is never reached: no race to it.
                        if *full || u32::from(*count) <= mask.count() {
                            self.add_goal(r, side, codes, mask, (*count, *full, e.result));
                        }
                    }
                }
                EndTest::Campmate(masks) => {
                    for side in Side::BOTH {
                        let royals = r.royal_codes[side.index()].clone();
                        self.add_goal(r, side, royals, masks[side.index()], (1, false, e.result));
                    }
                }
                // Being checkmated wins: a side gives its pieces away (the other's army mates)
                // and has its king hemmed in.
                EndTest::Checkmate if e.result == Outcome::Loses && r.check.enabled() => {
                    self.sign = [-1, -1];
                    self.hemmed = Some(king_steps(r));
                }
                // Where check is off, having no move is the game's goal (with check, a rule at the
                // margin that counting moves at every leaf would slow).
                EndTest::Stalemate if e.result == Outcome::Wins && !r.check.enabled() => {
                    self.mobility = true;
                }
                EndTest::Checks(n) => self.checks = Some(*n),
                _ => {}
            }
        }
    }

    /// A region `side`'s pieces of `codes` race to (or from, where reaching it loses), `count`
    /// of them at once (`full`: or any while the region is full, the other side's pieces
    /// there counting too).
    fn add_goal<B: Bits>(
        &mut self,
        r: &Rules<B>,
        side: Side,
        codes: Vec<u8>,
        mask: B,
        (count, full, result): (u8, bool, Outcome),
    ) {
        let worth = match result {
            Outcome::Wins => 1,
            Outcome::Loses => -1,
            _ => return,
        };
        if mask.is_zero() {
            return;
        }
        let steps = steps_to(r, mask);
        let far = steps.iter().copied().max().unwrap_or(0);
        self.goals.push(Goal {
            side,
            codes,
            steps,
            far,
            count,
            worth,
            whole: !full && u32::from(count) >= mask.count(),
        });
    }

    /// The value of the piece of `code` (for ordering captures).
    #[inline(always)]
    pub fn of(&self, code: u8) -> i32 {
        self.piece[code as usize]
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate<B: Bits>(&self, r: &Rules<B>, pos: &Position<B>) -> i32 {
        let mut white = 0;
        for (code, cr) in r.codes.iter().enumerate() {
            let side = cr.side.index();
            let persp = if side == 0 { 1 } else { -1 };
            let bits = pos.pieces[code];
            let mut own = bits.count() as i32 * self.piece[code]
                + pos.hand[code] as i32 * self.piece[code] * HAND_PERCENT / 100;
            own *= self.sign[side];
            let square = &self.square[code];
            own += bits.iter().map(|sq| square[sq]).sum::<i32>();
            white += persp * own;
        }
        white += self.goal_terms(r, pos) + self.check_terms(pos) + self.hemmed_terms(r, pos);
        if self.mobility {
            white += PER_MOVE * mobility(r, pos);
        }
        if let Some(s) = &self.stability {
            white += s.terms(r, pos);
        }
        let us = if pos.side == Side::White {
            white
        } else {
            -white
        };
        us + 10
    }

    /// For white: how much nearer its nearest counted piece is to its region than black's.
    fn goal_terms<B: Bits>(&self, r: &Rules<B>, pos: &Position<B>) -> i32 {
        let mut white = 0;
        for g in &self.goals {
            let pieces = if g.codes.is_empty() {
                pos.by_side[g.side.index()]
            } else {
                g.codes
                    .iter()
                    .fold(B::ZERO, |m, &c| m | pos.pieces[c as usize])
            };
            let term = if g.count > 1 {
                let (mut near, mut inside) = (0, 0);
                for sq in pieces.iter() {
                    near += i32::from(g.far - g.steps[sq]);
                    inside += i32::from(g.steps[sq] == 0);
                }
                // Each piece in worth more than the one before: the last ones are the hardest to
                // bring (the region's squares reach little) and must not leave for a better one.
                PER_STEP * (near + inside * (inside + 1) / 2) - blockers(r, pos, g)
            } else {
                let Some(near) = pieces.iter().map(|sq| g.steps[sq]).min() else {
                    continue;
                };
                race(g.far - near, g.far)
            };
            let term = term * g.worth;
            white += if g.side == Side::White { term } else { -term };
        }
        white
    }

    /// For white, where being checkmated wins: how many more of the squares next to its royal
    /// pieces are covered (an own piece on it or an enemy attack) than of black's, and how much
    /// nearer the enemy pieces stand to them (the other army mates).
    fn hemmed_terms<B: Bits>(&self, r: &Rules<B>, pos: &Position<B>) -> i32 {
        let Some(steps) = &self.hemmed else { return 0 };
        let span = r.geo.files.max(r.geo.ranks);
        let mut white = 0;
        for side in Side::BOTH {
            let own = pos.by_side[side.index()];
            let (mut covered, mut near) = (0, 0);
            for royal in pos.royals(r, side).iter() {
                covered += steps[royal]
                    .iter()
                    .map(|&sq| usize::from(sq))
                    .filter(|&sq| own.has(sq) || pos.attacked(r, sq, side.flip(), pos.occ))
                    .count() as i32;
                let (_, file, rank) = r.coords(royal);
                for sq in pos.by_side[side.flip().index()].iter() {
                    let (_, f, k) = r.coords(sq);
                    near += span.saturating_sub(file.abs_diff(f).max(rank.abs_diff(k))) as i32;
                }
            }
            let term = PER_HEMMED * covered + PER_NEAR * near;
            white += if side == Side::White { term } else { -term };
        }
        white
    }

    /// For white: the checks given, each worth more the nearer they bring the win.
    fn check_terms<B: Bits>(&self, pos: &Position<B>) -> i32 {
        let Some(n) = self.checks else { return 0 };
        let worth = |given: u8| {
            let g = given as i32;
            g * g * 300 / (n as i32).max(1)
        };
        worth(pos.checks[0]) - worth(pos.checks[1])
    }
}

/// Where a region must be filled whole, what the other side's pieces standing in it cost its
/// racer: as much as the last piece it needs, and twice that for one that cannot move (the
/// racer must open it a way out before the region can be filled: Knights Halma's knight in
/// the corner, its exits taken).
fn blockers<B: Bits>(r: &Rules<B>, pos: &Position<B>, g: &Goal) -> i32 {
    if !g.whole || g.worth < 0 {
        return 0;
    }
    let last = PER_STEP * (i32::from(g.count) + 1);
    let mut cost = 0;
    for sq in pos.by_side[g.side.flip().index()].iter() {
        if g.steps[sq] != 0 {
            continue;
        }
        let Some(code) = pos.code_at(sq) else {
            continue;
        };
        let (quiet, capture) = pos.targets(r, usize::from(code), sq);
        cost += if (quiet | capture).is_zero() {
            3 * last
        } else {
            last
        };
    }
    cost
}

/// The worth of `done` of `far` steps towards a region: each step worth more than the one
/// before (from [`PER_STEP`] to twice it), so that in a race both sides step with, the side
/// ahead gains by stepping (it would otherwise see nothing in it and mark time).
fn race(done: u8, far: u8) -> i32 {
    let (done, far) = (i32::from(done), i32::from(far).max(1));
    PER_STEP * done * (done + far) / far
}

/// For white: how many more moves (pseudo-legal: the pieces' targets and the drops of the
/// pieces in hand) it has than black.
fn mobility<B: Bits>(r: &Rules<B>, pos: &Position<B>) -> i32 {
    let mut white = 0;
    for (code, cr) in r.codes.iter().enumerate() {
        let mut moves = 0;
        for from in pos.pieces[code].iter() {
            let (quiet, cap) = pos.targets(r, code, from);
            moves += (quiet | cap).count() as i32;
        }
        let free = cr.drop.as_ref().is_some_and(|d| d.free);
        if r.drops && (free || pos.hand[cr.hand_code as usize] > 0) {
            moves += pos.drop_targets(r, code).count() as i32;
        }
        white += if cr.side == Side::White {
            moves
        } else {
            -moves
        };
    }
    white
}

/// The [`Stability`] of `r`, where its pieces never move, every effect encloses rows, and the
/// game is won by count.
fn stability<B: Bits>(r: &Rules<B>) -> Option<Stability> {
    let v = &r.variant;
    let by_count = r.end.iter().any(|e| e.result == Outcome::ByCount);
    let still = v.pieces.values().all(|p| p.atoms.is_empty());
    let mut lines = vec![];
    for e in &r.effects {
        let crate::ir::Scan::Enclosed(steps) = &e.scan else {
            return None;
        };
        for &step in steps {
            for side in Side::BOTH {
                let o = crate::ir::oriented(step, side);
                lines.push(o);
                lines.push((-o.0, -o.1));
            }
        }
    }
    if !by_count || !still || lines.is_empty() || r.blast.is_some() || r.holes {
        return None;
    }
    // The walls of the start position (holes in the board) close no row.
    let walls = crate::engine::fen::parse_setup(v, &v.start)
        .map(|s| Position::from_setup(r, &s).walls)
        .unwrap_or(B::ZERO);
    let on_board = |t: Option<usize>| t.filter(|&t| r.board_mask().has(t) && !walls.has(t));
    let open = |sq: usize| (r.board_mask() & !walls).has(sq);
    let through = |sq: usize| {
        lines.iter().any(|&l| {
            on_board(r.offset(sq, l)).is_some() && on_board(r.offset(sq, (-l.0, -l.1))).is_some()
        })
    };
    let permanent: Vec<usize> = (0..r.squares)
        .filter(|&sq| open(sq) && !through(sq))
        .collect();
    let permanent = permanent
        .iter()
        .map(|&sq| {
            let mut near: Vec<u16> = lines
                .iter()
                .filter_map(|&l| on_board(r.offset(sq, l)))
                .filter(|t| !permanent.contains(t))
                .map(|t| t as u16)
                .collect();
            near.sort_unstable();
            near.dedup();
            (sq as u16, near)
        })
        .collect();
    let droppers = Side::BOTH.map(|side| {
        (0..r.codes.len())
            .find(|&c| r.codes[c].side == side && r.codes[c].drop.is_some())
            .map(|c| c as u8)
    });
    Some(Stability {
        permanent,
        droppers,
    })
}

impl Stability {
    /// For white: its pieces on permanent squares, less those next to empty ones, and its
    /// drops against black's.
    fn terms<B: Bits>(&self, r: &Rules<B>, pos: &Position<B>) -> i32 {
        let [white, black] = pos.by_side;
        let persp = |sq: usize| i32::from(white.has(sq)) - i32::from(black.has(sq));
        let mut total = 0;
        for (sq, near) in &self.permanent {
            let sq = usize::from(*sq);
            if pos.occ.has(sq) {
                total += PER_PERMANENT * persp(sq);
            } else {
                total -= PER_OPENING * near.iter().map(|&t| persp(usize::from(t))).sum::<i32>();
            }
        }
        let drops =
            |c: Option<u8>| c.map_or(0, |c| pos.drop_targets(r, usize::from(c)).count() as i32);
        total + PER_DROP * (drops(self.droppers[0]) - drops(self.droppers[1]))
    }
}

/// The values of the pieces, in pawns, for `explain`: (name, side, value, given by the file).
pub fn piece_values<B: Bits>(r: &Rules<B>) -> Vec<(String, Side, f64, bool)> {
    let v = Values::new(r);
    r.codes
        .iter()
        .enumerate()
        .filter(|(_, cr)| !cr.royal)
        .map(|(code, cr)| {
            let name = r.variant.pieces[cr.kind].name.clone();
            (name, cr.side, v.piece[code] as f64 / 100.0, v.given[code])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Sources;
    use crate::game::Typed;
    use std::sync::Arc;

    fn rules(name: &str) -> Arc<Rules<u128>> {
        let loaded = crate::lower::load(name, &mut Sources::default()).expect("bundled");
        Typed::<u128>::new(Arc::new(loaded.variant)).rules
    }

    fn evaluate(r: &Rules<u128>, fen: &str) -> i32 {
        let setup = crate::engine::fen::parse_setup(&r.variant, fen).expect("a position");
        Values::new(r).evaluate(r, &Position::from_setup(r, &setup))
    }

    /// The position `better` is worth more than `worse` to its side to move.
    fn assert_prefers(r: &Rules<u128>, better: &str, worse: &str, what: &str) {
        let (b, w) = (evaluate(r, better), evaluate(r, worse));
        assert!(b > w, "{what}: {b} against {w}");
    }

    #[test]
    fn a_region_whose_reaching_loses_is_kept_away_from() {
        // Suction: a side whose king is brought to its last rank loses.
        let r = rules("suction");
        let near = "7k/4K3/8/8/8/8/8/8 w - - 0 1";
        let far = "7k/8/8/8/8/8/4K3/8 w - - 0 1";
        assert_prefers(&r, far, near, "white's king further from its last rank");
        // Where reaching wins, the other way round (Racing Kings' white king).
        let r = rules("racingkings");
        let near = "8/4K3/8/8/8/8/8/k7 w - - 0 1";
        let far = "8/8/8/8/8/8/4K3/k7 w - - 0 1";
        assert_prefers(&r, near, far, "white's king nearer the goal");
    }

    #[test]
    fn a_count_the_region_cannot_hold_sets_no_goal() {
        // Knights Halma: white's region has 7 squares for its 9 knights, black's 9.
        let v = Values::new(&*rules("knights-halma"));
        let sides: Vec<Side> = v.goals.iter().map(|g| g.side).collect();
        assert_eq!(sides, [Side::Black]);
    }

    #[test]
    fn a_region_to_fill_is_filled_and_kept_open_for_the_pieces_blocking_it() {
        // Knights Halma: black's nine knights must fill its 3x3 corner.
        let r = rules("knights-halma");
        let inside = "8/8/8/8/8/8/8/n7 b - - 0 1";
        let centre = "8/8/8/8/3n4/8/8/8 b - - 0 1";
        assert_prefers(&r, inside, centre, "a knight inside the corner");
        // White's knight on a1 cannot leave while b3 and c2 are black's: the corner is never
        // filled, worse than a knight fewer in it.
        let shut = "8/8/8/8/8/1n6/2n5/N7 b - - 0 1";
        let open = "8/8/8/8/3n4/1n6/8/N7 b - - 0 1";
        assert_prefers(&r, open, shut, "white's knight let out");
    }

    #[test]
    fn where_being_checkmated_wins_material_is_a_burden_and_a_hemmed_king_good() {
        let r = rules("misere");
        let v = Values::new(&*r);
        assert_eq!(v.sign, [-1, -1]);
        // White's king in the corner, its squares taken by its own pawns, against in the open.
        let hemmed = "4k3/8/8/8/8/8/6PP/6RK w - - 0 1";
        let open = "4k3/8/8/8/4K3/8/6PP/6R1 w - - 0 1";
        assert_prefers(&r, hemmed, open, "white's king hemmed");
        // Black's rook near white's king, against across the board (neither covers g1): it
        // mates sooner.
        let near = "k7/8/8/8/8/5r2/6PP/7K w - - 0 1";
        let far = "k7/8/r7/8/8/8/6PP/7K w - - 0 1";
        assert_prefers(&r, near, far, "black's rook near");
        assert!(Values::new(&*rules("chess")).hemmed.is_none());
    }

    #[test]
    fn where_pieces_are_only_enclosed_a_square_no_row_runs_through_is_worth_most() {
        let r = rules("flipello");
        let stability = Values::new(&*r)
            .stability
            .expect("Othello's pieces are only enclosed");
        let corners: Vec<u16> = stability.permanent.iter().map(|(sq, _)| *sq).collect();
        assert_eq!(corners.len(), 4, "{corners:?}");
        // a1's neighbours along a row: a2, b1 and b2.
        let a1 = &stability.permanent[0];
        assert_eq!((a1.0, a1.1.len()), (0, 3), "{a1:?}");
        let corner = evaluate(&r, "8/8/8/3pP3/3Pp3/8/8/P7[PPpp] w - - 0 1");
        let x_square = evaluate(&r, "8/8/8/3pP3/3Pp3/8/1P6/8[PPpp] w - - 0 1");
        let centre = evaluate(&r, "8/8/8/3pP3/3Pp3/5P2/8/8[PPpp] w - - 0 1");
        assert!(
            corner > centre && centre > x_square,
            "{corner} {centre} {x_square}"
        );
        // Annexation's holes close no row: the squares beside them on the edge are safe too.
        let annexation = Values::new(&*rules("annexation"))
            .stability
            .expect("only enclosed");
        assert_eq!(annexation.permanent.len(), 8);
        // Pieces that move, or no count at the end: none of it.
        assert!(Values::new(&*rules("chess")).stability.is_none());
        assert!(Values::new(&*rules("ataxx")).stability.is_none());
    }
}
