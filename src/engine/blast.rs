//! Explosions judged without playing the move. An effect that only removes pieces around a
//! capture (Atomic's explosion) decides which pieces go from the two pieces' kinds alone, so
//! the squares a capture empties are known from tables, and the move's legality follows from
//! the occupancy it leaves, as for any other move.

use crate::engine::bitboard::Bits;
use crate::engine::effects::{MoveCodes, eval, eval_in};
use crate::engine::legality::Safety;
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::Rules;
use crate::ir::{self, Action, Effect, Expr, OriginKind, Scan, Side, Subject, Value};

/// An explosion compiled into tables: which pieces a capture removes, by the capturer's code,
/// the other piece's code and their distance.
#[derive(Clone, Debug)]
pub struct Blast<B> {
    /// Per side, per distance: the squares around each square at that distance.
    rings: [Vec<(i32, Vec<B>)>; 2],
    /// `[origin code][target code]`: the distances at which the target is removed, as bits.
    removes: Vec<u64>,
    /// Per origin code: whether the explosion happens (the effect's `where`).
    fires: Vec<bool>,
    /// Per origin code: whether the capturing piece is removed too (`finally remove origin`).
    removes_origin: Vec<bool>,
    /// Per origin code: whether it turns to stone (`finally petrify origin`): removed, and a
    /// wall that blocks lines where it took.
    petrifies_origin: Vec<bool>,
    codes: usize,
    /// The effect, when its conditions read the move's pieces (`moved`, `captured`): then they
    /// are evaluated capture by capture, not read from the tables.
    by_move: Option<Effect>,
}

impl<B: Bits> Blast<B> {
    /// The tables of a variant's effects, if they are a single explosion: one effect from
    /// captures, looking at squares around, whose actions only remove the target (in clauses)
    /// or the origin (finally), on a single layer.
    pub fn compile(r: &Rules<B>, effects: &[Effect]) -> Option<Blast<B>> {
        let [e] = effects else { return None };
        let Scan::Around(vectors) = &e.scan else {
            return None;
        };
        if !is_single_explosion(r, e) {
            return None;
        }
        let codes = r.codes.len();
        let rings = rings(r, vectors);
        if rings.iter().flatten().any(|(d, _)| *d >= 64) {
            return None;
        }
        let mut removes = vec![0u64; codes * codes];
        let mut fires = vec![false; codes];
        let mut removes_origin = vec![false; codes];
        let mut petrifies_origin = vec![false; codes];
        for origin in 0..codes {
            let mover = r.codes[origin].side;
            let o = origin as u8;
            fires[origin] = e
                .origin_filter
                .as_ref()
                .is_none_or(|f| eval(r, f, mover, o, None, 0));
            let line = e.finally.iter().find(|f| {
                f.when
                    .as_ref()
                    .is_none_or(|w| eval(r, w, mover, o, None, 0))
            });
            (removes_origin[origin], petrifies_origin[origin]) = origin_fate(line);
            for target in 0..codes {
                for (dist, _) in &rings[mover.index()] {
                    let clause = e
                        .clauses
                        .iter()
                        .find(|c| eval(r, &c.cond, mover, o, Some(target as u8), *dist));
                    if clause.is_some_and(|c| takes_off(&c.actions, Subject::Target)) {
                        removes[origin * codes + target] |= 1 << dist;
                    }
                }
            }
        }
        Some(Blast {
            rings,
            removes,
            fires,
            removes_origin,
            petrifies_origin,
            codes,
            by_move: e.reads_move().then(|| e.clone()),
        })
    }
}

/// Whether an effect is an explosion: from captures, on one layer, its actions only removing
/// the target (in clauses) or the origin (finally; or turning it to stone), its origin tests
/// blind to distance.
fn is_single_explosion<B: Bits>(r: &Rules<B>, e: &Effect) -> bool {
    let removal_only = |actions: &[Action], subject: Subject| {
        actions.iter().all(|a| {
            matches!(a, Action::Nothing)
                || takes_off(std::slice::from_ref(a), subject)
                || subject == Subject::Origin && *a == Action::Petrify(Subject::Origin)
        })
    };
    e.origin == OriginKind::Capture
        && e.within.is_none()
        && !r.layered
        && !r.moving_wall
        && !r.wall_behind
        && r.placed_wall.is_none()
        && e.clauses
            .iter()
            .all(|c| removal_only(&c.actions, Subject::Target))
        && e.finally
            .iter()
            .all(|f| removal_only(&f.actions, Subject::Origin))
        && e.origin_filter
            .iter()
            .chain(e.finally.iter().filter_map(|f| f.when.as_ref()))
            .all(|c| !mentions_distance(c))
        // A count of the pieces on the board is the interpreter's.
        && e.origin_filter
            .iter()
            .chain(e.clauses.iter().map(|c| &c.cond))
            .chain(e.finally.iter().filter_map(|f| f.when.as_ref()))
            .all(|c| !c.reads_board())
        && !e.reads_neighbours()
}

/// What a `finally` line does to the capturing piece: (taken off, turned to stone).
fn origin_fate(line: Option<&ir::Finally>) -> (bool, bool) {
    let Some(f) = line else {
        return (false, false);
    };
    let stone = f.actions.contains(&Action::Petrify(Subject::Origin));
    (stone || takes_off(&f.actions, Subject::Origin), stone)
}

/// Whether the actions take `subject` off the board: remove it, or send it to a hand (which
/// the move's legality does not read).
fn takes_off(actions: &[Action], subject: Subject) -> bool {
    actions
        .iter()
        .any(|a| matches!(a, Action::Remove(s) | Action::Send(s, ..) if *s == subject))
}

/// Per side, the squares around each square at each distance the explosion reaches.
fn rings<B: Bits>(r: &Rules<B>, vectors: &[(i8, i8)]) -> [Vec<(i32, Vec<B>)>; 2] {
    let mut rings: [Vec<(i32, Vec<B>)>; 2] = [vec![], vec![]];
    for side in Side::BOTH {
        for &v in vectors {
            let step = ir::oriented(v, side);
            let dist = i32::from(step.0.unsigned_abs().max(step.1.unsigned_abs()));
            let ring = match rings[side.index()].iter().position(|(d, _)| *d == dist) {
                Some(i) => i,
                None => {
                    rings[side.index()].push((dist, vec![B::ZERO; r.geo.squares]));
                    rings[side.index()].len() - 1
                }
            };
            for sq in 0..r.geo.squares {
                if let Some(t) = r.step(sq, step) {
                    rings[side.index()][ring].1[sq] |= B::bit(t);
                }
            }
        }
    }
    rings
}

/// Whether a condition reads the distance (an origin's condition has none to read).
fn mentions_distance(e: &Expr) -> bool {
    match e {
        Expr::And(a, b) | Expr::Or(a, b) => mentions_distance(a) || mentions_distance(b),
        Expr::Not(a) => mentions_distance(a),
        Expr::Cmp(_, a, b) => *a == Value::Distance || *b == Value::Distance,
        Expr::Truth(..) => false,
    }
}

impl<B: Bits> Position<B> {
    /// Judges a capture of a variant with an explosion from the squares it empties: the
    /// mover may not lose its last royal piece; a capture that removes the enemy's last one
    /// is legal even if it leaves the mover in check (where the variant says so); otherwise
    /// no royal piece of the mover may stand attacked afterwards.
    pub(crate) fn blast_legal(
        &self,
        r: &Rules<B>,
        blast: &Blast<B>,
        s: &Safety<B>,
        m: &Move,
    ) -> Option<bool> {
        let (from, to) = (m.from as usize, m.to as usize);
        let victim = match m.kind {
            MoveKind::Normal if self.board[to] != 0 => to,
            MoveKind::EnPassant => self.ep?.victim as usize,
            _ => return None,
        };
        let us = self.side;
        let mover = self.code_at(from)?;
        let origin = if m.promo != 0 { m.promo - 1 } else { mover } as usize;
        let after_move = ((self.occ ^ B::bit(from)) & !B::bit(victim)) | B::bit(to);
        let mut removed = B::bit(victim);
        let (mut origin_gone, mut stone) = (false, false);
        if let Some(e) = &blast.by_move {
            let pieces = MoveCodes {
                moved: Some(mover),
                captured: self.code_at(victim),
                took: true,
                ..MoveCodes::NONE
            };
            let (others, fate) =
                self.blast_by_move(r, e, blast, (to, origin as u8), after_move, pieces);
            removed |= others;
            (origin_gone, stone) = fate;
        } else if blast.fires[origin] {
            let row = &blast.removes[origin * blast.codes..(origin + 1) * blast.codes];
            for (dist, ring) in &blast.rings[us.index()] {
                for t in (ring[to] & after_move & !B::bit(to)).iter() {
                    if let Some(code) = self.code_at(t)
                        && row[code as usize] & (1 << dist) != 0
                    {
                        removed |= B::bit(t);
                    }
                }
            }
            origin_gone = blast.removes_origin[origin];
            stone = blast.petrifies_origin[origin];
        }
        // The capturer stands on `to` after the move, unless the effect removed it.
        let emptied = if origin_gone {
            removed | B::bit(to)
        } else {
            removed & !B::bit(to)
        };
        let mut royals = s.royals;
        if royals.has(from) {
            royals = (royals ^ B::bit(from)) | B::bit(to);
        }
        royals &= !emptied;
        if royals.is_zero() {
            return Some(!r.check.enabled());
        }
        let enemy = self.royals(r, us.flip());
        if r.check.unless_royal_captured && enemy.any() && (enemy & !removed).is_zero() {
            return Some(true);
        }
        // A capturer turned to stone leaves a wall: it blocks, and attacks nothing.
        let occ = if stone {
            (after_move & !removed) | B::bit(to)
        } else {
            after_move & !emptied
        };
        let gone = removed | B::bit(to);
        Some(!self.royals_attacked(r, us, royals, occ, gone))
    }

    /// The squares an explosion whose conditions read the move's pieces empties, besides the
    /// victim's and the capturer's, and whether it removes the capturer: its conditions
    /// evaluated for this capture (on `to`, by a piece now `origin`).
    fn blast_by_move(
        &self,
        r: &Rules<B>,
        e: &Effect,
        blast: &Blast<B>,
        (to, origin): (usize, u8),
        after_move: B,
        pieces: MoveCodes,
    ) -> (B, (bool, bool)) {
        let us = self.side;
        let mut removed = B::ZERO;
        let fires = e
            .origin_filter
            .as_ref()
            .is_none_or(|f| eval_in(r, f, us, origin, None, 0, pieces));
        if !fires {
            return (removed, (false, false));
        }
        for (dist, ring) in &blast.rings[us.index()] {
            for t in (ring[to] & after_move & !B::bit(to)).iter() {
                let Some(code) = self.code_at(t) else {
                    continue;
                };
                let clause = e
                    .clauses
                    .iter()
                    .find(|c| eval_in(r, &c.cond, us, origin, Some(code), *dist, pieces));
                if clause.is_some_and(|c| takes_off(&c.actions, Subject::Target)) {
                    removed |= B::bit(t);
                }
            }
        }
        let line = e.finally.iter().find(|f| {
            f.when
                .as_ref()
                .is_none_or(|w| eval_in(r, w, us, origin, None, 0, pieces))
        });
        (removed, origin_fate(line))
    }
}
