//! Perft for plain rule sets, the common case of chess and much of its family: pieces that
//! only leap and ride, one or two royal pieces a side (any of them attacked is check), check as
//! the only test of a move (leaving none, and where a rule asks, giving none), castling, en
//! passant and promotion as the only special moves, and mates, camps and regions reached as the
//! ends ([`Rules::plain`] says whether a rule set is one). Rule sets without any check rule
//! (every move stands, a royal piece captured ends the game) are plain too, and may then have
//! effects (module `effects`: Magnetic), and so are two layers that every move crosses (module
//! `layers`: Alice). Moves are generated legal from checks and pins, the last ply
//! is counted from target sets, and a move is played on a copy: a position here is a handful of
//! bitboards, which costs less to copy than the interpreter's undo log costs to keep.

mod effects;
mod layers;

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::bitboard::Bits;
use crate::engine::end::{enough_there, in_region, reach_outcome};
use crate::engine::geometry::Slider;
use crate::engine::movegen::{line_ride_and_leap_reach, line_ride_and_leap_targets};
use crate::engine::position::{EnPassant, Position};
use crate::engine::rules::{CastleRules, CodeRules, EndTest, PromotionRules, Rules};
use crate::ir::{Modality, ReachRule, Side};

/// The most piece codes (both sides) a plain position holds.
const MAX_CODES: usize = 24;
/// The most pins a position's royal pieces have (for one royal piece, at most one per direction
/// a slider attacks along; beyond it, with several, the position goes to the interpreter).
const MAX_PINS: usize = 16;
/// The most royal pieces a side has on the plain path.
const MAX_ROYALS: usize = 2;

/// What the plain path adds to the compiled rules.
#[derive(Clone, Debug)]
pub struct PlainTables<B> {
    /// Per side: its codes' tables, in the order of `side_codes`.
    codes: [Vec<CodeTables<B>>; 2],
    /// Per attacking side: (code, per square the squares it leaps to it from).
    leapers: [Vec<(usize, Vec<B>)>; 2],
    /// On two layers, per attacking side: `leapers`, their tables as words of the square's layer.
    leaper_words: [Vec<(usize, Vec<u64>)>; 2],
    /// Per attacking side: its slider groups.
    groups: [Vec<AttackGroup<B>>; 2],
    /// Per side: where its royal piece ends the game on arriving (campmate), if anywhere.
    camps: [B; 2],
    /// Per side: its codes that take and are taken en passant.
    passers: [Vec<u8>; 2],
    /// Whether some end rule asks for a region reached.
    reach_ends: bool,
    /// Whether a promotion's legality depends on the piece chosen (a royal piece, or no move
    /// may give check).
    exact_promotions: bool,
    /// No check rule: every move stands.
    free: bool,
    /// Whether some end rule asks for a royal piece captured.
    royal_captured_end: bool,
    /// Whether the rules have effects (only where `free`).
    effects: bool,
    /// Per side, per code that promotes, where an effect could promote it from (when some
    /// effect promotes).
    watches: [Vec<effects::Watches<B>>; 2],
    /// Whether an effect promotes its origin.
    promotes_origin: bool,
    /// Two layers, a moved piece crossing to the other ([`layers`]).
    layered: bool,
}

/// A code's tables, gathered for the inner loops.
#[derive(Clone, Debug)]
struct CodeTables<B> {
    code: usize,
    royal: bool,
    promotion: Option<PromotionRules<B>>,
    shape: Shape,
    leap_move: Vec<B>,
    leap_capture: Vec<B>,
    /// On two layers: `leap_move` and `leap_capture` as words of the layer they stay on.
    leap_move_words: Vec<u64>,
    leap_capture_words: Vec<u64>,
    /// The sliders of a simple shape.
    sliders: Vec<Slider>,
    /// Its sweep, when its moves are the same steps from every square.
    sweep: Option<Sweep<B>>,
}

/// Pieces that attack along one slider.
#[derive(Clone, Debug)]
struct AttackGroup<B> {
    slider: Slider,
    codes: Vec<u8>,
    /// Per square: what the slider reaches from it on an empty board.
    open: Vec<B>,
    /// On two layers: `open` as words of the square's layer.
    open_words: Vec<u64>,
}

/// The moves of a code that makes the same steps from every square (Chess's pawn), counted
/// for all its pieces at once by shifting their set: one move per piece and displacement.
#[derive(Clone, Debug)]
struct Sweep<B> {
    /// The distinct displacements of its moves.
    shifts: Vec<Shift<B>>,
    /// Its leaps, one per displacement.
    leaps: Vec<SweepLeap<B>>,
    rides: Vec<SweepRide<B>>,
    /// Whether each displacement's landings come from one leap or ride step alone (ride steps
    /// that a leap's landings include left out, as `SweepRide::covered`): the landings are then
    /// counted as they are found, with no union per displacement to form first.
    direct: bool,
    /// On two layers, the same sweep as words of a layer ([`layers`]), when it reads alike on
    /// both.
    words: Option<LayerSweep>,
}

/// A sweep on two layers as words of a layer: its sources, origins, targets and promotion
/// zone are the same cells on both layers, so one word serves either.
#[derive(Clone, Debug)]
struct LayerSweep {
    leaps: Vec<SweepLeap<u64>>,
    rides: Vec<SweepRide<u64>>,
    /// Per displacement (indexed as [`Sweep::shifts`]): its shift.
    by: Vec<i32>,
    /// Where it promotes (nothing when it does not).
    zone: u64,
    /// As [`Sweep::direct`].
    direct: bool,
}

/// A sweep's leap: its displacement's shift and index, and whether it moves, captures or both.
type SweepLeap<S> = (Shift<S>, u8, Modality);

/// A sweep's leaps and rides, as [`each_landing`] walks them.
type SweepSteps<'s, S> = (&'s [SweepLeap<S>], &'s [SweepRide<S>]);

impl<B: Bits> Sweep<B> {
    #[inline(always)]
    fn steps(&self) -> SweepSteps<'_, B> {
        (&self.leaps, &self.rides)
    }
}

impl LayerSweep {
    #[inline(always)]
    fn steps(&self) -> SweepSteps<'_, u64> {
        (&self.leaps, &self.rides)
    }
}

/// A displacement as a shift of the square numbers, from the squares it stays on the board.
#[derive(Clone, Copy, Debug)]
struct Shift<B> {
    by: i32,
    source: B,
}

impl<B: Bits> Shift<B> {
    #[inline(always)]
    fn apply(&self, set: B) -> B {
        let set = set & self.source;
        if self.by >= 0 {
            set.shl(self.by as usize)
        } else {
            set.shr(self.by.unsigned_abs() as usize)
        }
    }
}

/// A ride swept step by step: each step's landing squares, until blocked.
#[derive(Clone, Debug)]
struct SweepRide<B> {
    step: Shift<B>,
    modality: Modality,
    origin: B,
    targets: B,
    /// Per distance (1, 2, …): the index of its displacement.
    at: Vec<u8>,
    /// Bit `k`: the landings at distance `k + 1` are among a leap's (the same displacement,
    /// landing where it may). A ride has at most 16 steps, a board's longest side.
    covered: u64,
}

/// Whether a move of modality `wide` lands wherever one of `narrow` may (on empty squares,
/// enemy pieces or both).
fn lands_where(wide: Modality, narrow: Modality) -> bool {
    wide == narrow || wide == Modality::Both
}

/// Calls `f` with where `pieces` land along the `leaps` and `rides` of a sweep, one
/// displacement at a time: its index, its landings (on `open` per modality, in the order of
/// `Modality`'s variants; a ride blocked where not `empty`), and whether a leap of the same
/// displacement lands there too (`SweepRide::covered`). (Generic: a board's sets, or a layer's
/// words.)
#[inline(always)]
fn each_landing<S: Bits>(
    (leaps, rides): SweepSteps<'_, S>,
    pieces: S,
    open: [S; 4],
    empty: S,
    mut f: impl FnMut(u8, S, bool),
) {
    for (shift, i, m) in leaps {
        f(*i, shift.apply(pieces) & open[*m as usize], false);
    }
    for ride in rides {
        let landing = ride.targets & open[ride.modality as usize];
        let mut reach = pieces & ride.origin;
        for (k, &i) in ride.at.iter().enumerate() {
            reach = ride.step.apply(reach);
            if reach.is_zero() {
                break;
            }
            f(i, reach & landing, ride.covered >> k & 1 != 0);
            reach &= empty;
        }
    }
}

/// The most distinct displacements a sweep keeps apart.
/// (A power of two: an index is masked to it.)
const MAX_SHIFTS: usize = 16;

/// How a code's targets are formed on the plain path.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Only leaps and rides along sliders that move and capture alike, anywhere on the board
    /// (else the interpreter's target rules apply).
    simple: bool,
    /// Its leaps move and capture alike.
    leaps_alike: bool,
}

/// A position of a plain rule set: what a move changes, and nothing else.
#[derive(Clone, Copy)]
struct Board<B> {
    pieces: [B; MAX_CODES],
    by_side: [B; 2],
    occ: B,
    side: usize,
    castling: u64,
    ep: Option<EnPassant>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    EnPassant,
    Castle(u8),
}

#[derive(Clone, Copy)]
struct PlainMove {
    from: u16,
    to: u16,
    code: u8,
    /// The code it promotes to, plus one; 0 when it does not.
    promo: u8,
    /// Where it does not promote, the choice for a piece its effect promotes (as `promo`).
    choice: u8,
    kind: Kind,
}

/// The checks and pins against the side to move's royal pieces.
struct Guard<'u, B> {
    royals: B,
    /// Where a non-royal piece may move: for each royal piece, its checker and the squares
    /// between, everything when not in check, nothing in double check.
    evasion: B,
    /// Each royal piece's square and evasion, when there are several (a royal piece that moves
    /// answers the checks on the others only).
    each: [(u16, B); MAX_ROYALS],
    n_royals: usize,
    pins: Lines<B>,
    /// Where no move may give check: what would give one.
    unchecked: Option<&'u Unchecked<B>>,
}

/// Pieces that stand alone between a rider and a royal piece, each with the line (the squares
/// between and the rider) it must stay on to keep the rider from the royal piece.
#[derive(Clone, Copy)]
struct Lines<B> {
    screens: B,
    pins: [Pin; MAX_PINS],
    n: usize,
}

/// A screen and its line, kept as the squares that make it: the line is formed only for a
/// screen that moves, which is rare, and a position's guard stays small to build.
#[derive(Clone, Copy)]
struct Pin {
    screen: u16,
    royal: u16,
    dir: u16,
    rider: u16,
}

impl<B: Bits> Guard<'_, B> {
    /// Where the royal piece on `from` may move as far as the other royal pieces' checks go.
    #[inline(always)]
    fn evasion_of_others(&self, from: usize) -> B {
        let mut evasion = !B::ZERO;
        for &(sq, e) in &self.each[..self.n_royals] {
            if sq as usize != from {
                evasion &= e;
            }
        }
        evasion
    }
}

impl<B: Bits> Lines<B> {
    const NONE: Self = Lines {
        screens: B::ZERO,
        pins: [Pin {
            screen: 0,
            royal: 0,
            dir: 0,
            rider: 0,
        }; MAX_PINS],
        n: 0,
    };

    /// Where the piece on `sq` may go without opening a line: everywhere when it screens none.
    #[inline(always)]
    fn line(&self, r: &Rules<B>, sq: usize) -> B {
        if self.screens.has(sq) {
            self.screen_line(r, sq)
        } else {
            !B::ZERO
        }
    }

    /// [`Lines::line`] of a screen.
    #[inline(never)]
    fn screen_line(&self, r: &Rules<B>, sq: usize) -> B {
        let mut line = !B::ZERO;
        for p in &self.pins[..self.n] {
            if p.screen as usize == sq {
                line &= r.line_targets(p.dir, p.royal as usize, B::bit(p.rider as usize));
            }
        }
        line
    }
}

/// Where no move may give check: what would give one to the royal piece of the side not to
/// move.
struct Unchecked<B> {
    royal: usize,
    /// Per code of the side to move: the squares from which it would attack that royal piece.
    from: [B; MAX_CODES],
    /// The side to move's pieces that screen that royal piece from one of its own riders.
    screens: Lines<B>,
}

impl<B: Bits> Unchecked<B> {
    /// Of the targets `t` of the piece on `from`, those where it keeps closed the lines it
    /// screens.
    #[inline(always)]
    fn closed(&self, r: &Rules<B>, from: usize, t: B) -> B {
        t & self.screens.line(r, from)
    }
}

/// Whether rule sets on bitboards `B` may take the plain path: always, except with the feature
/// `fewer-widths` (the WebAssembly playground), where only boards of one word do, so that the
/// plain path's code is there once (the interpreter counts the rest, only slower).
pub(crate) const fn plain_width<B: Bits>() -> bool {
    !cfg!(feature = "fewer-widths") || B::CAPACITY <= 64
}

impl<B: Bits> Rules<B> {
    /// Whether this rule set is plain (see the module's text): decided once, from the compiled
    /// tables, so that any rule the plain path does not know keeps the interpreter.
    pub(crate) fn is_plain(&self) -> bool {
        if !plain_width::<B>() {
            return false;
        }
        let free = self.is_free();
        let effects_ok = self.effects.is_empty() || free && self.plain_effects();
        // Two layers where every move crosses: one royal piece's checks and pins on its layer
        // (none made by promotion). Its layers' squares, at most 64, are handled as words.
        let layers_ok = !self.layered && self.cross.is_none()
            || self.layers == 2
                && self.cells <= 64
                && !self.royal_promotions
                && self.cross == Some(crate::ir::CrossWhen::Moves)
                && !free
                && !self.no_checks
                && self.effects.is_empty();
        let rules_ok = layers_ok
            && effects_ok
            && self.blast.is_none()
            && !self.hands
            && !self.drops
            && self.gate_squares.is_empty()
            && self.once_squares.is_empty()
            && !self.walls_change()
            && !self.holes
            && !self.pass
            && !self.pass_when_stuck
            && self.turn.is_none()
            && !self.no_royal_escape
            && !self.checks_if_mate
            && self.checks_until == u32::MAX
            && !self.castling_opposite
            && self.freeze.is_none()
            && !self.move_enemy
            && !self.no_captures_undone
            && !self.facing_rule
            && !self.must_capture
            && !self.must_drop
            && !self.no_stuck_pieces
            && !self.in_place_promotions
            && !self.en_passant_no_promotion
            && !self.counts_checks
            && !self.castling_from_drops
            && self.last_royals.iter().all(|l| l.is_empty())
            && (self.fast_legality && self.check.enabled() || free)
            && !self.check.all_royals
            && !self.check.by_both_colors
            && !self.check.touching_royals_safe
            && self.codes.len() <= MAX_CODES
            && self.antiroyal_codes.iter().all(|c| c.is_empty())
            && self.unattackers.is_empty()
            && !self.guard.any()
            && self.anywhere.is_empty()
            && self.end.iter().all(|e| {
                // A rule from a later move on, or one that plays the other side's captures,
                // is the interpreter's.
                e.from_move <= 1
                    && matches!(
                        e.test,
                        EndTest::Checkmate
                            | EndTest::Stalemate
                            | EndTest::Campmate(_)
                            | EndTest::Reached { .. }
                            | EndTest::RoyalCaptured
                    )
                    && !matches!(
                        e.test,
                        EndTest::Reached {
                            rule: ReachRule::SafeFromCapture,
                            ..
                        }
                    )
            });
        rules_ok && self.plain_attacks() && self.plain_pieces()
    }

    /// Whether every effect is one the plain path carries out: scans by rays or around, no
    /// change of side or into a wall, none read move by move; an effect that promotes needs
    /// its rays to find the moves that ask for a choice.
    fn plain_effects(&self) -> bool {
        use crate::ir::{Action, Scan};
        self.effects.iter().all(|e| {
            !e.reads_move()
                && e.within.is_none()
                && !e.required
                && !matches!(
                    e.scan,
                    Scan::Enclosed(_) | Scan::Attacked | Scan::Surrounded(_)
                )
                && !e
                    .actions()
                    .any(|a| matches!(a, Action::Flip(_) | Action::Petrify(_)))
        }) && (!self.effect_promotes
            || self.effects.iter().all(|e| matches!(e.scan, Scan::Rays(_))))
    }

    /// Whether every attack is one the plain path judges: leaps and slides, with its pins.
    fn plain_attacks(&self) -> bool {
        (0..2).all(|s| {
            let dirs: usize = self.attack_sliders[s]
                .iter()
                .map(|(slider, _)| self.sliders[*slider as usize].dirs.len())
                .sum();
            self.attack_rays[s].is_empty()
                && self.hop_attacks[s].is_empty()
                && self.lame_attackers[s].is_empty()
                && self.pins_suffice[s]
                && dirs <= MAX_PINS
        })
    }

    /// Whether every piece moves in ways the plain path knows.
    fn plain_pieces(&self) -> bool {
        self.codes.iter().all(|c| {
            !c.has_hops()
                && !c.has_lame()
                && c.prey_edits.is_empty()
                && c.prey_when.is_empty()
                && c.friend_prey.is_empty()
                && !c.petrifies
                && !c.captures_in_place
                && !c.captures_as_victim
                && c.drop.is_none()
                && c.castle_guard_rev.is_empty()
                && c.takes_en_passant == c.en_passant
                && c.promotion.as_ref().is_none_or(|p| {
                    !p.optional
                        && !p.in_place
                        && !p.on_capture
                        && !p.not_on_capture
                        && p.limits.is_empty()
                        && p.zoned.is_empty()
                        && p.choices
                            .iter()
                            .all(|&k| self.codes[k as usize].side == c.side)
                })
        })
    }

    /// Whether no rule judges a move: no check rule, nor one against giving check.
    fn is_free(&self) -> bool {
        !self.check.enabled() && !self.no_checks
    }
}

impl<B: Bits> Rules<B> {
    /// The plain path's tables.
    pub(crate) fn plain_tables(&self) -> PlainTables<B> {
        let groups = [0, 1].map(|side| self.attack_groups(side));
        let codes = [0, 1].map(|side| self.code_tables(side));
        let leapers: [Vec<(usize, Vec<B>)>; 2] = [0, 1].map(|side| {
            self.leap_attackers[side]
                .iter()
                .map(|&c| (c as usize, self.codes[c as usize].leap_attack_rev.clone()))
                .collect()
        });
        let leaper_words = [0, 1].map(|side: usize| {
            leapers[side]
                .iter()
                .map(|(c, rev)| (*c, self.layer_words(rev)))
                .collect()
        });
        let mut camps = [B::ZERO; 2];
        for e in &self.end {
            if let EndTest::Campmate(masks) = &e.test {
                camps[0] |= masks[0];
                camps[1] |= masks[1];
            }
        }
        let passers = [0, 1].map(|side| {
            self.side_codes[side]
                .iter()
                .copied()
                .filter(|&c| self.codes[c as usize].en_passant)
                .collect()
        });
        PlainTables {
            codes,
            leapers,
            leaper_words,
            groups,
            camps,
            passers,
            reach_ends: self
                .end
                .iter()
                .any(|e| matches!(e.test, EndTest::Reached { .. })),
            exact_promotions: self.royal_promotions || self.no_checks,
            free: self.is_free(),
            royal_captured_end: self
                .end
                .iter()
                .any(|e| matches!(e.test, EndTest::RoyalCaptured)),
            effects: !self.effects.is_empty(),
            watches: if self.effect_promotes {
                self.effect_watches()
            } else {
                [vec![], vec![]]
            },
            layered: self.layered,
            promotes_origin: self.effects.iter().any(|e| {
                e.actions()
                    .any(|a| matches!(a, crate::ir::Action::Promote(crate::ir::Subject::Origin)))
            }),
        }
    }

    /// The slider groups that attack for `side`, with their lines on an empty board.
    fn attack_groups(&self, side: usize) -> Vec<AttackGroup<B>> {
        self.attack_sliders[side]
            .iter()
            .map(|(slider, codes)| {
                let open: Vec<B> = (0..self.squares)
                    .map(|sq| self.slide(*slider, sq, B::ZERO))
                    .collect();
                AttackGroup {
                    slider: self.sliders[*slider as usize].clone(),
                    codes: codes.clone(),
                    open_words: self.layer_words(&open),
                    open,
                }
            })
            .collect()
    }

    /// The tables of each piece code of `side`.
    fn code_tables(&self, side: usize) -> Vec<CodeTables<B>> {
        self.side_codes[side]
            .iter()
            .map(|&c| {
                let c = c as usize;
                let cr = &self.codes[c];
                let (shape, sliders) = self.shape(c);
                CodeTables {
                    code: c,
                    royal: cr.royal,
                    promotion: cr.promotion.clone(),
                    shape,
                    leap_move: cr.leap_move.clone(),
                    leap_capture: cr.leap_capture.clone(),
                    leap_move_words: self.layer_words(&cr.leap_move),
                    leap_capture_words: self.layer_words(&cr.leap_capture),
                    sliders,
                    sweep: self.sweep(c),
                }
            })
            .collect()
    }

    /// On two layers, per square: the set of `table` as a word of the square's layer.
    fn layer_words(&self, table: &[B]) -> Vec<u64> {
        if !self.layered {
            return vec![];
        }
        table
            .iter()
            .enumerate()
            .map(|(sq, t)| t.extract64(self.geo.layer_base(sq)))
            .collect()
    }

    /// The sweep of `code`, when its leaps are the same from every square and it has no
    /// slides (a rider's moves depend on each piece's own line).
    fn sweep(&self, code: usize) -> Option<Sweep<B>> {
        let c = &self.codes[code];
        if c.royal || !c.slides.is_empty() || (c.confined & self.all) != self.all {
            return None;
        }
        let mut steps: Vec<(i32, i32)> = vec![];
        let mut index = |d: (i32, i32)| -> Option<u8> {
            let i = steps.iter().position(|&x| x == d).unwrap_or_else(|| {
                steps.push(d);
                steps.len() - 1
            });
            (i < MAX_SHIFTS).then_some(i as u8)
        };
        let mut leaps: Vec<(u8, Modality)> = vec![];
        let quiet = self.translation(&c.leap_move)?;
        let captures = self.translation(&c.leap_capture)?;
        for d in &quiet {
            let m = if captures.contains(d) {
                Modality::Both
            } else {
                Modality::Move
            };
            leaps.push((index(*d)?, m));
        }
        for d in captures.iter().filter(|d| !quiet.contains(d)) {
            leaps.push((index(*d)?, Modality::Capture));
        }
        let mut rides = vec![];
        for ride in c.rides.iter().filter(|r| r.modality != Modality::Attack) {
            let dir = self.dirs[ride.dir as usize];
            let step = (dir.step.0 as i32, dir.step.1 as i32);
            let range = (dir.range as usize).min(self.files.max(self.ranks));
            let mut at = vec![];
            for k in 1..=range as i32 {
                at.push(index((step.0 * k, step.1 * k))?);
            }
            let covered = at.iter().enumerate().fold(0u64, |covered, (k, &i)| {
                let leap = leaps
                    .iter()
                    .any(|&(j, m)| j == i && lands_where(m, ride.modality));
                covered | u64::from(leap) << k
            });
            rides.push(SweepRide {
                step: self.shift(step),
                modality: ride.modality,
                origin: ride.origin,
                targets: ride.targets,
                at,
                covered,
            });
        }
        // Leaps have distinct displacements; each ride step not covered adds one.
        let mut counted: Vec<u8> = leaps.iter().map(|&(i, _)| i).collect();
        for ride in &rides {
            for (k, &i) in ride.at.iter().enumerate() {
                if ride.covered >> k & 1 == 0 {
                    counted.push(i);
                }
            }
        }
        let n = counted.len();
        counted.sort_unstable();
        counted.dedup();
        let shifts: Vec<Shift<B>> = steps.iter().map(|&d| self.shift(d)).collect();
        let mut sweep = Sweep {
            leaps: leaps
                .into_iter()
                .map(|(i, m)| (shifts[i as usize], i, m))
                .collect(),
            shifts,
            rides,
            direct: counted.len() == n,
            words: None,
        };
        if self.layered {
            let zone = c.promotion.as_ref().map_or(B::ZERO, |p| p.zone);
            sweep.words = self.layer_sweep(&sweep, zone);
        }
        Some(sweep)
    }

    /// `sweep` as words of a layer, when its sets (and the promotion `zone`) read alike on
    /// both layers.
    fn layer_sweep(&self, sweep: &Sweep<B>, zone: B) -> Option<LayerSweep> {
        let cells = self.geo.cells;
        let mask = u64::MAX >> (64 - cells);
        let word = |set: B| -> Option<u64> {
            let w = set.extract64(0) & mask;
            (self.geo.layers == 2 && w == set.extract64(cells) & mask).then_some(w)
        };
        let shift = |s: &Shift<B>| -> Option<Shift<u64>> {
            Some(Shift {
                by: s.by,
                source: word(s.source)?,
            })
        };
        let mut leaps = vec![];
        for (s, i, m) in &sweep.leaps {
            leaps.push((shift(s)?, *i, *m));
        }
        let mut rides = vec![];
        for ride in &sweep.rides {
            rides.push(SweepRide {
                step: shift(&ride.step)?,
                modality: ride.modality,
                origin: word(ride.origin)?,
                targets: word(ride.targets)?,
                at: ride.at.clone(),
                covered: ride.covered,
            });
        }
        Some(LayerSweep {
            leaps,
            rides,
            by: sweep.shifts.iter().map(|s| s.by).collect(),
            zone: word(zone)?,
            direct: sweep.direct,
        })
    }

    /// The displacements of a leap table that gives, from every square, exactly those of them
    /// that stay on the board; `None` when the table is not such a translation.
    fn translation(&self, table: &[B]) -> Option<Vec<(i32, i32)>> {
        let coords = |sq: usize| {
            let (_, f, r) = self.coords(sq);
            (f as i32, r as i32)
        };
        let mut steps = vec![];
        for (from, t) in table.iter().enumerate() {
            let (f, r) = coords(from);
            for to in t.iter() {
                let (tf, tr) = coords(to);
                if !steps.contains(&(tf - f, tr - r)) {
                    steps.push((tf - f, tr - r));
                }
            }
        }
        for (from, &t) in table.iter().enumerate() {
            let mut expected = B::ZERO;
            for s in &steps {
                if let Some(to) = self.offset(from, (s.0 as i8, s.1 as i8)) {
                    expected |= B::bit(to);
                }
            }
            if expected != t {
                return None;
            }
        }
        Some(steps)
    }

    /// A displacement as a shift.
    fn shift(&self, (df, dr): (i32, i32)) -> Shift<B> {
        let mut source = B::ZERO;
        for sq in 0..self.squares {
            if self.offset(sq, (df as i8, dr as i8)).is_some() {
                source |= B::bit(sq);
            }
        }
        Shift {
            by: dr * self.files as i32 + df,
            source,
        }
    }

    /// The [`Shape`] of `code`, and the sliders of a simple one.
    fn shape(&self, code: usize) -> (Shape, Vec<Slider>) {
        let c = &self.codes[code];
        let sliders: Vec<Slider> = c
            .slides
            .iter()
            .filter(|(_, m)| *m == Modality::Both)
            .map(|&(s, _)| self.sliders[s as usize].clone())
            .collect();
        let simple = c.rides.is_empty()
            && sliders.len() == c.slides.len()
            && sliders.len() <= 2
            && (c.confined & self.all) == self.all;
        let shape = Shape {
            simple,
            leaps_alike: c.leap_move == c.leap_capture,
        };
        (shape, if simple { sliders } else { vec![] })
    }
}

/// The plain path's view of a game: the rules, and the castling data of the position it
/// started from.
struct Plain<'a, B> {
    r: &'a Rules<B>,
    t: &'a PlainTables<B>,
    castles: &'a [CastleRules<B>],
    /// Per side: the castling-rights bits of its castles.
    castle_bits: [u64; 2],
    keep: &'a [u64],
    /// Set when a position met has more royal pieces or pins than the plain path keeps: the
    /// count is then the interpreter's.
    overflow: Cell<bool>,
    /// Set (by Ctrl-C) to give up: the count is then partial, and the caller drops it.
    stop: &'a AtomicBool,
}

impl<B: Bits> Position<B> {
    /// Perft by the plain path, when the rules are plain and the position is one it can take
    /// (one or two royal pieces a side, the side not to move not in check, no walls; a position
    /// met on the way with more royal pieces or pins than it keeps hands the count back).
    /// Once `stop` is set, the count gives up within a few microseconds and is partial.
    pub(crate) fn plain_perft(&self, r: &Rules<B>, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if !plain_width::<B>() {
            return None;
        }
        let tables = r.plain.as_ref()?;
        if self.walls.any() {
            return None;
        }
        let mut pieces = [B::ZERO; MAX_CODES];
        pieces[..r.codes.len()].copy_from_slice(&self.pieces);
        let board = Board {
            pieces,
            by_side: self.by_side,
            occ: self.occ,
            side: self.side.index(),
            castling: self.castling,
            ep: self.ep,
        };
        let mut castle_bits = [0; 2];
        for (i, c) in self.castles.iter().enumerate() {
            castle_bits[c.side.index()] |= 1 << i;
        }
        let p = Plain {
            r,
            t: tables,
            castle_bits,
            castles: &self.castles,
            keep: &self.castle_keep,
            overflow: Cell::new(false),
            stop,
        };
        if tables.free {
            return Some(p.perft(&board, depth));
        }
        let royals = if tables.layered {
            1..=1
        } else {
            1..=MAX_ROYALS
        };
        for side in 0..2 {
            if !royals.contains(&(p.royals(&board, side).count() as usize)) {
                return None;
            }
        }
        let them = 1 - board.side;
        if p.royals(&board, them)
            .iter()
            .any(|k| p.attacked(&board, k, board.side, board.occ, B::ZERO))
        {
            return None;
        }
        let nodes = p.perft(&board, depth);
        (!p.overflow.get()).then_some(nodes)
    }
}

impl<B: Bits> Plain<'_, B> {
    /// Perft, each move's subtree counted as the move is found (no move list is kept).
    fn perft(&self, b: &Board<B>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended(b) || self.overflow.get() {
            return 0;
        }
        if self.t.layered {
            return self.perft_layered(b, depth);
        }
        let u = self.r.no_checks.then(|| self.unchecked(b));
        let mut g = Self::unguarded(u.as_ref());
        self.guard(b, &mut g);
        if depth == 1 {
            let n = self.count(b, &g);
            return if self.t.watches[b.side].is_empty() {
                n
            } else {
                n.wrapping_add(self.effect_choices(b, &g))
            };
        }
        // Read at nodes above the last ply only: each is microseconds of work.
        if self.stop.load(Ordering::Relaxed) {
            return 0;
        }
        let mut nodes = 0;
        self.legal_moves(b, &g, &mut |m| nodes += self.perft_below(b, m, depth));
        nodes
    }

    /// [`Plain::perft`] on two layers, whose guard is the layers' view.
    fn perft_layered(&self, b: &Board<B>, depth: u32) -> u64 {
        let (g, lv) = self.layered_guard(b);
        if depth == 1 {
            return self.count_layered(b, &g, &lv);
        }
        if self.stop.load(Ordering::Relaxed) {
            return 0;
        }
        let mut nodes = 0;
        self.legal_moves_layered(b, &g, &lv, &mut |m| nodes += self.perft_below(b, m, depth));
        nodes
    }

    /// Perft below the move `m` of a position at `depth`.
    #[inline(always)]
    fn perft_below(&self, b: &Board<B>, m: PlainMove, depth: u32) -> u64 {
        let mut child = *b;
        match self.play(&mut child, m) {
            None => self.perft(&child, depth - 1),
            Some(code) => self.perft_choices(b, m, code, depth),
        }
    }

    /// Perft below the move `m`, whose effect promotes a piece of `code` without a choice: a
    /// move per choice (which, like the interpreter's, is also the mover's, were it promoting).
    #[inline(never)]
    fn perft_choices(&self, b: &Board<B>, m: PlainMove, code: u8, depth: u32) -> u64 {
        let choices = match &self.r.codes[code as usize].promotion {
            Some(p) => &p.choices[..],
            None => &[],
        };
        let mut nodes = 0;
        for &c in choices {
            let mut child = *b;
            let promo = if m.promo > 0 { c + 1 } else { 0 };
            self.play(
                &mut child,
                PlainMove {
                    promo,
                    choice: c + 1,
                    ..m
                },
            );
            nodes += self.perft(&child, depth - 1);
        }
        nodes
    }

    /// Whether the game is over before the side to move moves (a camp or a region reached).
    #[inline(always)]
    fn ended(&self, b: &Board<B>) -> bool {
        if self.t.royal_captured_end && self.royals(b, b.side).is_zero() {
            return true;
        }
        let mover = 1 - b.side;
        if self.t.camps[mover].any() && (self.royals(b, mover) & self.t.camps[mover]).any() {
            return true;
        }
        self.t.reach_ends
            && self.r.end.iter().any(|e| match &e.test {
                EndTest::Reached {
                    codes,
                    masks,
                    rule,
                    count,
                    full,
                } => self.reached_end(b, codes, masks, *rule, (*count, *full)),
                _ => false,
            })
    }

    /// Whether a region reached ends the game (a win or a draw, either way no move follows).
    fn reached_end(
        &self,
        b: &Board<B>,
        codes: &[Vec<u8>; 2],
        masks: &[B; 2],
        rule: ReachRule,
        need: (u8, bool),
    ) -> bool {
        let reached = [0, 1].map(|side| self.reached(b, codes, masks, side, rule, need));
        reach_outcome(rule, Side::BOTH[b.side], reached, || {
            self.can_reach(b, codes, masks)
        })
        .is_some()
    }

    /// Whether a piece of `side` of `codes` (any of its pieces when empty) stands in its
    /// region, and under the `Safe` rule is not attacked there.
    fn reached(
        &self,
        b: &Board<B>,
        codes: &[Vec<u8>; 2],
        masks: &[B; 2],
        side: usize,
        rule: ReachRule,
        need: (u8, bool),
    ) -> bool {
        let there = in_region(&b.pieces, b.by_side[side], &codes[side], masks[side]);
        match rule {
            ReachRule::Safe if there.count() == 1 => {
                !self.attacked(b, there.lsb(), 1 - side, b.occ, B::ZERO)
            }
            ReachRule::SafeOrHeld if side != b.side => there
                .iter()
                .any(|sq| !self.attacked(b, sq, 1 - side, b.occ, B::ZERO)),
            _ => enough_there(there, masks[side], b.occ, need),
        }
    }

    /// Whether the side to move, not in check, has a legal move that brings a piece of
    /// `codes` into its region.
    fn can_reach(&self, b: &Board<B>, codes: &[Vec<u8>; 2], masks: &[B; 2]) -> bool {
        let us = b.side;
        let mut found = false;
        let mut visit = |m: PlainMove| {
            let mover = codes[us].is_empty() || codes[us].contains(&m.code);
            found |= mover && masks[us].has(m.to as usize);
        };
        if self.t.layered {
            let (g, lv) = self.layered_guard(b);
            if lv.in_check {
                return false;
            }
            self.legal_moves_layered(b, &g, &lv, &mut visit);
            return found;
        }
        let u = self.r.no_checks.then(|| self.unchecked(b));
        let mut g = Self::unguarded(u.as_ref());
        self.guard(b, &mut g);
        if g.evasion != !B::ZERO {
            return false;
        }
        self.legal_moves(b, &g, &mut visit);
        found
    }

    #[inline(always)]
    fn royals(&self, b: &Board<B>, side: usize) -> B {
        let mut royals = B::ZERO;
        for &c in &self.r.royal_codes[side] {
            royals |= b.pieces[c as usize];
        }
        royals
    }

    /// The pieces of `by` that attack `sq` with the occupancy `occ`, leaving out those on
    /// `gone`; with `ANY`, it stops at the first one found.
    #[inline(always)]
    fn attackers<const ANY: bool>(&self, b: &Board<B>, sq: usize, by: usize, occ: B, gone: B) -> B {
        let mut out = B::ZERO;
        for (c, rev) in &self.t.leapers[by] {
            out |= rev[sq] & b.pieces[*c];
            if ANY && (out & !gone).any() {
                return out & !gone;
            }
        }
        for group in &self.t.groups[by] {
            let mut riders = B::ZERO;
            for &c in &group.codes {
                riders |= b.pieces[c as usize];
            }
            riders &= !gone & group.open[sq];
            if riders.any() {
                out |= group.slider.reach(sq, occ) & riders;
                if ANY && (out & !gone).any() {
                    return out & !gone;
                }
            }
        }
        out & !gone
    }

    #[inline(always)]
    fn attacked(&self, b: &Board<B>, sq: usize, by: usize, occ: B, gone: B) -> bool {
        self.attackers::<true>(b, sq, by, occ, gone).any()
    }

    /// A guard with nothing found yet, for [`Plain::guard`] to fill where it stands (returning
    /// a filled one copied it whole, a tenth of a leaf's work on two layers).
    #[inline(always)]
    fn unguarded<'u>(unchecked: Option<&'u Unchecked<B>>) -> Guard<'u, B> {
        Guard {
            royals: B::ZERO,
            evasion: !B::ZERO,
            each: [(0, B::ZERO); MAX_ROYALS],
            n_royals: 0,
            pins: Lines::NONE,
            unchecked,
        }
    }

    /// On two layers: a guard that holds the royal piece only (two layers have no rule that
    /// forbids giving check), and the layers' view, which holds its checks and pins.
    #[inline(always)]
    fn layered_guard(&self, b: &Board<B>) -> (Guard<'static, B>, layers::LayerView<B>) {
        let mut g = Self::unguarded(None);
        g.royals = self.royals(b, b.side);
        let lv = self.layer_view(b, &g);
        (g, lv)
    }

    /// Fills `g` (from [`Plain::unguarded`]) with the checks and pins against the royal pieces
    /// of the side to move.
    #[inline(always)]
    fn guard(&self, b: &Board<B>, g: &mut Guard<'_, B>) {
        let us = b.side;
        let them = 1 - us;
        // Where nothing is guarded, a royal piece moves like any other.
        let royals = if self.t.free {
            B::ZERO
        } else {
            self.royals(b, us)
        };
        let own = b.by_side[us];
        g.royals = royals;
        for royal in royals.iter() {
            let mut checkers = B::ZERO;
            for (c, rev) in &self.t.leapers[them] {
                checkers |= rev[royal] & b.pieces[*c];
            }
            for group in &self.t.groups[them] {
                let riders = Self::riders(b, group);
                if (group.open[royal] & riders).is_zero() {
                    continue;
                }
                let near = group.slider.reach(royal, b.occ);
                checkers |= near & riders;
                self.add_screens(&mut g.pins, b, group, royal, near, near & own, riders);
            }
            let evasion = match checkers.count() {
                0 => !B::ZERO,
                1 => self.block_or_capture(b, royal, checkers.lsb()),
                _ => B::ZERO,
            };
            g.evasion &= evasion;
            if g.n_royals < MAX_ROYALS {
                g.each[g.n_royals] = (royal as u16, evasion);
                g.n_royals += 1;
            } else {
                self.overflow.set(true);
            }
        }
    }

    /// The pieces on the board that attack along `group`'s slider.
    #[inline(always)]
    fn riders(b: &Board<B>, group: &AttackGroup<B>) -> B {
        let mut riders = B::ZERO;
        for &c in &group.codes {
            riders |= b.pieces[c as usize];
        }
        riders
    }

    /// Adds to `lines` the pieces of `shield` that alone stand between `royal` and one of
    /// `riders`, riding along `group`, which reaches `near` from the royal piece.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn add_screens(
        &self,
        lines: &mut Lines<B>,
        b: &Board<B>,
        group: &AttackGroup<B>,
        royal: usize,
        near: B,
        shield: B,
        riders: B,
    ) {
        if shield.is_zero() {
            return;
        }
        let r = self.r;
        let behind = group.slider.reach(royal, b.occ & !shield) & riders & !near;
        for p in behind.iter() {
            for &d in &group.slider.dirs {
                if r.ray(d, royal).has(p) {
                    if lines.n == MAX_PINS {
                        self.overflow.set(true);
                        return;
                    }
                    let line = r.line_targets(d, royal, B::bit(p));
                    let screen = (line & shield).lsb();
                    lines.screens |= B::bit(screen);
                    lines.pins[lines.n] = Pin {
                        screen: screen as u16,
                        royal: royal as u16,
                        dir: d,
                        rider: p as u16,
                    };
                    lines.n += 1;
                }
            }
        }
    }

    /// Where no move may give check: the squares and lines that would give one to the royal
    /// piece of the side not to move.
    fn unchecked(&self, b: &Board<B>) -> Unchecked<B> {
        let us = b.side;
        let royals = self.royals(b, 1 - us);
        if royals.count() != 1 {
            self.overflow.set(true);
        }
        let royal = royals.lsb();
        let own = b.by_side[us];
        let mut u = Unchecked {
            royal,
            from: [B::ZERO; MAX_CODES],
            screens: Lines::NONE,
        };
        for (c, rev) in &self.t.leapers[us] {
            u.from[*c] |= rev[royal];
        }
        for group in &self.t.groups[us] {
            let near = group.slider.reach(royal, b.occ);
            for &c in &group.codes {
                u.from[c as usize] |= near;
            }
            let riders = Self::riders(b, group);
            if (group.open[royal] & riders).any() {
                self.add_screens(&mut u.screens, b, group, royal, near, near & own, riders);
            }
        }
        u
    }

    /// Whether the piece of `code` on `to` attacks the royal piece of `u` with the occupancy
    /// `occ`.
    fn checks_from(&self, u: &Unchecked<B>, by: usize, code: usize, to: usize, occ: B) -> bool {
        if self.t.leapers[by]
            .iter()
            .any(|(c, rev)| *c == code && rev[u.royal].has(to))
        {
            return true;
        }
        self.t.groups[by].iter().any(|group| {
            group.codes.contains(&(code as u8)) && group.slider.reach(u.royal, occ).has(to)
        })
    }

    /// Where a non-royal piece may move to answer a check by `checker`: the checker, and the
    /// squares between when it rides.
    fn block_or_capture(&self, b: &Board<B>, royal: usize, checker: usize) -> B {
        let r = self.r;
        let them = 1 - b.side;
        for &c in &r.leap_attackers[them] {
            if (r.codes[c as usize].leap_attack_rev[royal] & b.pieces[c as usize]).has(checker) {
                return B::bit(checker);
            }
        }
        for (slider, _) in &r.attack_sliders[them] {
            for &d in &r.sliders[*slider as usize].dirs {
                let line = r.line_targets(d, royal, b.occ);
                if line.has(checker) {
                    return line;
                }
            }
        }
        B::bit(checker)
    }

    /// The targets of the piece of `code` on `from`: (quiet, captures).
    #[inline(always)]
    fn targets(&self, b: &Board<B>, cr: &CodeRules<B>, from: usize) -> (B, B) {
        let enemy = b.by_side[1 - b.side];
        let (quiet, cap) = line_ride_and_leap_targets(self.r, cr, from, b.occ, enemy);
        (quiet & cr.confined, cap & cr.confined)
    }

    /// Of the targets `t` of the royal piece on `from`, those where it stands safe and leaves
    /// the other royal pieces safe.
    #[inline(always)]
    fn royal_targets(&self, b: &Board<B>, g: &Guard<'_, B>, from: usize, t: B) -> B {
        if g.n_royals == 1 {
            return self.safe_steps(b, from, t);
        }
        self.safe_steps(
            b,
            from,
            t & g.evasion_of_others(from) & g.pins.line(self.r, from),
        )
    }

    /// Of the targets `t` of the royal piece on `from`, those where it stands safe.
    #[inline(always)]
    fn safe_steps(&self, b: &Board<B>, from: usize, t: B) -> B {
        // A royal piece hemmed in by its own pieces is common: no call then.
        if t.is_zero() {
            return t;
        }
        self.safe_targets(b, from, t)
    }

    /// [`Plain::safe_steps`] of some targets.
    #[inline(never)]
    fn safe_targets(&self, b: &Board<B>, from: usize, t: B) -> B {
        let occ = b.occ ^ B::bit(from);
        let them = 1 - b.side;
        let mut safe = B::ZERO;
        for to in t.iter() {
            if !self.attacked(b, to, them, occ, B::ZERO) {
                safe |= B::bit(to);
            }
        }
        safe
    }

    /// The targets of a piece on `from`, before checks and pins.
    #[inline(always)]
    fn reach(&self, b: &Board<B>, v: &CodeTables<B>, from: usize) -> B {
        if !v.shape.simple {
            let (quiet, cap) = self.targets(b, &self.r.codes[v.code], from);
            return quiet | cap;
        }
        let own = b.by_side[b.side];
        let mut a = B::ZERO;
        for s in &v.sliders {
            a |= s.reach(from, b.occ);
        }
        if v.shape.leaps_alike {
            (v.leap_move[from] | a) & !own
        } else {
            let enemy = b.by_side[1 - b.side];
            ((v.leap_move[from] & !b.occ) | (v.leap_capture[from] & enemy) | a) & !own
        }
    }

    /// [`Plain::reach`] within `within` (which leaves out the mover's own pieces, and may
    /// leave out more: formed once for all the pieces of a leaf). (Kept apart from `reach`:
    /// `reach` written through it cost Racing Kings, whose leaves count piece by piece, 1.4%
    /// more.)
    #[inline(always)]
    fn reach_within(&self, b: &Board<B>, v: &CodeTables<B>, from: usize, within: B) -> B {
        if !v.shape.simple {
            let (quiet, cap) = self.targets(b, &self.r.codes[v.code], from);
            return (quiet | cap) & within;
        }
        let mut a = B::ZERO;
        for s in &v.sliders {
            a |= s.reach(from, b.occ);
        }
        if v.shape.leaps_alike {
            (v.leap_move[from] | a) & within
        } else {
            let enemy = b.by_side[1 - b.side];
            ((v.leap_move[from] & !b.occ) | (v.leap_capture[from] & enemy) | a) & within
        }
    }

    /// The legal targets of a piece on `from`.
    #[inline(always)]
    fn legal_targets(&self, b: &Board<B>, g: &Guard<'_, B>, v: &CodeTables<B>, from: usize) -> B {
        let t = self.reach(b, v, from);
        let mut t = if g.royals.has(from) {
            self.royal_targets(b, g, from, t)
        } else {
            t & g.evasion & g.pins.line(self.r, from)
        };
        if let Some(u) = g.unchecked {
            t = u.closed(self.r, from, t);
        }
        t
    }

    /// How many moves a piece of `v` on `from` has to `t`: one per promotion choice where it
    /// promotes.
    #[inline(always)]
    fn moves_per_choice(v: &CodeTables<B>, from: usize, t: B) -> u64 {
        let Some(p) = &v.promotion else {
            return t.count() as u64;
        };
        let promoting = Self::promoting(p, from, t);
        (t & !promoting).count() as u64 + promoting.count() as u64 * p.choices.len() as u64
    }

    /// How many legal moves a piece of `v` on `from` has to its legal targets `t`, each
    /// promotion choice judged.
    #[inline(always)]
    fn moves_to(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        v: &CodeTables<B>,
        from: usize,
        t: B,
    ) -> u64 {
        let Some(p) = &v.promotion else {
            return Self::unchecked_stay(g, v.code, t).count() as u64;
        };
        let promoting = Self::promoting(p, from, t);
        let stay = Self::unchecked_stay(g, v.code, t & !promoting).count() as u64;
        if !self.t.exact_promotions {
            return stay + promoting.count() as u64 * p.choices.len() as u64;
        }
        let mut n = stay;
        for to in promoting.iter() {
            for &c in &p.choices {
                n += self.promotion_legal(b, g, from, to, c as usize) as u64;
            }
        }
        n
    }

    /// Of the targets `t` of a piece of `code` that stays what it is, those from which it
    /// gives no check where none may be given.
    #[inline(always)]
    fn unchecked_stay(g: &Guard<'_, B>, code: usize, t: B) -> B {
        match g.unchecked {
            Some(u) => t & !u.from[code],
            None => t,
        }
    }

    /// Of the targets `t` of a piece on `from`, those where it promotes.
    #[inline(always)]
    fn promoting(p: &PromotionRules<B>, from: usize, t: B) -> B {
        if p.from_zone && p.zone.has(from) {
            t
        } else {
            t & p.zone
        }
    }

    /// Whether the promotion to `new` of the piece on `from`, arriving on its legal target
    /// `to`, is legal where the piece it becomes matters: a royal piece must stand safe there,
    /// and where no check may be given it must give none.
    #[inline(never)]
    fn promotion_legal(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        from: usize,
        to: usize,
        new: usize,
    ) -> bool {
        let occ = (b.occ & !B::bit(from)) | B::bit(to);
        if self.r.codes[new].royal && self.attacked(b, to, 1 - b.side, occ, B::bit(to)) {
            return false;
        }
        match g.unchecked {
            Some(u) => !self.checks_from(u, b.side, new, to, occ),
            None => true,
        }
    }

    /// Counts the legal moves at a leaf.
    fn count(&self, b: &Board<B>, g: &Guard<'_, B>) -> u64 {
        if g.unchecked.is_some() || self.t.exact_promotions {
            return self.count_exact(b, g);
        }
        let mut n = 0;
        let not_own = !b.by_side[b.side];
        let open = not_own & g.evasion;
        for v in &self.t.codes[b.side] {
            let mut pieces = b.pieces[v.code];
            if pieces.is_zero() {
                continue;
            }
            if v.royal && !self.t.free {
                for from in pieces.iter() {
                    let t = self.royal_targets(b, g, from, self.reach_within(b, v, from, not_own));
                    n += Self::moves_per_choice(v, from, t);
                }
                continue;
            }
            if let Some(sweep) = &v.sweep {
                // A pinned piece, or one promoting because it starts in the zone, goes alone.
                let mut swept = pieces & !g.pins.screens;
                if let Some(p) = v.promotion.as_ref().filter(|p| p.from_zone) {
                    swept &= !p.zone;
                }
                // A displacement costs about half what a piece does: few pieces go one by one.
                if 2 * swept.count() as usize >= sweep.shifts.len() {
                    n += self.sweep_count(b, g, v, sweep, swept);
                    pieces &= !swept;
                }
            }
            n += self.count_free(b, v, pieces & !g.pins.screens, open);
            for from in (pieces & g.pins.screens).iter() {
                let t = self.reach_within(b, v, from, open & g.pins.line(self.r, from));
                n += Self::moves_per_choice(v, from, t);
            }
        }
        self.special_moves(b, g, &mut |_| n += 1);
        n
    }

    /// The moves of the unscreened `pieces` of `v` within `open`: for the common shapes (a
    /// leaper, a rider along one or two sliders, that does not promote) without the tests of
    /// the general one per piece.
    #[inline(always)]
    fn count_free(&self, b: &Board<B>, v: &CodeTables<B>, pieces: B, open: B) -> u64 {
        let plain = v.shape.simple && v.shape.leaps_alike && v.promotion.is_none();
        let count = |reach: &dyn Fn(usize) -> B| -> u64 {
            pieces
                .iter()
                .map(|from| (reach(from) & open).count() as u64)
                .sum()
        };
        match (plain, &v.sliders[..]) {
            (true, []) => count(&|from| v.leap_move[from]),
            (true, [s]) => count(&|from| v.leap_move[from] | s.reach(from, b.occ)),
            (true, [s, t]) => {
                count(&|from| v.leap_move[from] | s.reach(from, b.occ) | t.reach(from, b.occ))
            }
            _ => pieces
                .iter()
                .map(|from| Self::moves_per_choice(v, from, self.reach_within(b, v, from, open)))
                .sum(),
        }
    }

    /// Counts the legal moves at a leaf piece by piece, where a move's legality may depend on
    /// the piece a promotion makes or on the checks it gives.
    #[inline(never)]
    fn count_exact(&self, b: &Board<B>, g: &Guard<'_, B>) -> u64 {
        let mut n = 0;
        for v in &self.t.codes[b.side] {
            for from in b.pieces[v.code].iter() {
                let t = self.legal_targets(b, g, v, from);
                n += self.moves_to(b, g, v, from, t);
            }
        }
        self.special_moves(b, g, &mut |_| n += 1);
        n
    }

    /// The moves of the unpinned, non-royal `pieces` of a sweeping code, counted at once.
    #[inline(always)]
    fn sweep_count(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        v: &CodeTables<B>,
        sweep: &Sweep<B>,
        pieces: B,
    ) -> u64 {
        if pieces.is_zero() {
            return 0;
        }
        if sweep.direct {
            return Self::sweep_count_direct(b, g.evasion, v.promotion.as_ref(), sweep, pieces);
        }
        let mut landing = [B::ZERO; MAX_SHIFTS];
        Self::sweep_landings(b, sweep, pieces, &mut landing);
        let landing = &landing[..sweep.shifts.len().min(MAX_SHIFTS)];
        match &v.promotion {
            Some(p) => {
                let choices = p.choices.len() as u64;
                landing
                    .iter()
                    .map(|&l| {
                        let l = l & g.evasion;
                        (l & !p.zone).count() as u64 + (l & p.zone).count() as u64 * choices
                    })
                    .sum()
            }
            None => landing
                .iter()
                .map(|&l| (l & g.evasion).count() as u64)
                .sum(),
        }
    }

    /// Where a move of each modality may land, in the order of `Modality`'s variants.
    #[inline(always)]
    fn landable(b: &Board<B>) -> [B; 4] {
        let empty = !b.occ;
        let enemy = b.by_side[1 - b.side];
        [empty, enemy, empty | enemy, B::ZERO]
    }

    /// [`Plain::sweep_count`] of a sweep whose displacements each land from one leap or ride
    /// step, landing within `evasion`: each landing counted as it is found, once per choice
    /// where `promotion` makes it promote.
    #[inline(always)]
    fn sweep_count_direct(
        b: &Board<B>,
        evasion: B,
        promotion: Option<&PromotionRules<B>>,
        sweep: &Sweep<B>,
        pieces: B,
    ) -> u64 {
        let count = |landed: B| -> u64 {
            match promotion {
                Some(p) if (landed & p.zone).any() => {
                    (landed & !p.zone).count() as u64
                        + (landed & p.zone).count() as u64 * p.choices.len() as u64
                }
                _ => landed.count() as u64,
            }
        };
        let open = Self::landable(b).map(|o| o & evasion);
        let mut n = 0;
        each_landing(sweep.steps(), pieces, open, !b.occ, |_, landed, covered| {
            if !covered {
                n += count(landed);
            }
        });
        n
    }

    /// Adds to `landing` where the `pieces` of a sweeping code land, per displacement (indexed
    /// as `sweep.shifts`), before checks and pins.
    #[inline(always)]
    fn sweep_landings(b: &Board<B>, sweep: &Sweep<B>, pieces: B, landing: &mut [B; MAX_SHIFTS]) {
        let open = Self::landable(b);
        each_landing(sweep.steps(), pieces, open, !b.occ, |i, landed, _| {
            landing[i as usize & (MAX_SHIFTS - 1)] |= landed;
        });
    }

    /// Calls `f` with each legal move.
    fn legal_moves(&self, b: &Board<B>, g: &Guard<'_, B>, f: &mut impl FnMut(PlainMove)) {
        for v in &self.t.codes[b.side] {
            let code = v.code;
            for from in b.pieces[code].iter() {
                let t = self.legal_targets(b, g, v, from);
                self.each_move(b, g, code, from, t, Kind::Normal, f);
            }
        }
        self.special_moves(b, g, f);
    }

    /// Calls `f` with each move of the piece of `code` on `from` to `t`, a move per promotion
    /// choice.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn each_move(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        code: usize,
        from: usize,
        mut t: B,
        kind: Kind,
        f: &mut impl FnMut(PlainMove),
    ) {
        let m = |to: usize, promo: u8| PlainMove {
            from: from as u16,
            to: to as u16,
            code: code as u8,
            promo,
            choice: 0,
            kind,
        };
        if let Some(p) = self.r.codes[code].promotion.as_ref() {
            let promoting = Self::promoting(p, from, t);
            t &= !promoting;
            for to in promoting.iter() {
                for &c in &p.choices {
                    if !self.t.exact_promotions || self.promotion_legal(b, g, from, to, c as usize)
                    {
                        f(m(to, c + 1));
                    }
                }
            }
        }
        for to in Self::unchecked_stay(g, code, t).iter() {
            f(m(to, 0));
        }
    }

    /// Calls `f` with each legal en-passant capture and castle.
    #[inline(always)]
    fn special_moves(&self, b: &Board<B>, g: &Guard<'_, B>, f: &mut impl FnMut(PlainMove)) {
        if let Some(u) = g.unchecked {
            // Few and rare: each is played to see whether it gives check.
            let mut unchecking = |m: PlainMove| {
                let mut child = *b;
                self.play(&mut child, m);
                if !self.attacked(&child, u.royal, b.side, child.occ, B::ZERO) {
                    f(m);
                }
            };
            let g = Guard {
                unchecked: None,
                ..*g
            };
            self.special_moves_unfiltered(b, &g, &mut unchecking);
            return;
        }
        self.special_moves_unfiltered(b, g, f);
    }

    /// Calls `f` with each en-passant capture and castle that leaves the royal piece safe.
    #[inline(always)]
    fn special_moves_unfiltered(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        f: &mut impl FnMut(PlainMove),
    ) {
        if b.ep.is_some() {
            self.en_passant_moves(b, g, f);
        }
        if b.castling & self.castle_bits[b.side] != 0 {
            self.castles(b, g, f);
        }
    }

    #[inline(always)]
    fn en_passant_moves(&self, b: &Board<B>, g: &Guard<'_, B>, f: &mut impl FnMut(PlainMove)) {
        let r = self.r;
        let Some(ep) = b.ep else { return };
        let us = b.side;
        let them = 1 - us;
        let victim = ep.victim as usize;
        let victim_ok = self.t.passers[them]
            .iter()
            .any(|&c| b.pieces[c as usize].has(victim));
        if !victim_ok {
            return;
        }
        for &target in ep.targets() {
            let target = target as usize;
            if b.occ.has(target) || !r.en_passant_region[us].has(target) {
                continue;
            }
            for &code in &self.t.passers[us] {
                let code = code as usize;
                let cr = &r.codes[code];
                for from in self.capturers(b, code, target).iter() {
                    // A piece that may also step there quietly just steps there.
                    if self.targets(b, cr, from).0.has(target) {
                        continue;
                    }
                    let royals = Self::moved(g.royals, from, target);
                    let occ = (b.occ ^ B::bit(from) ^ B::bit(victim)) | B::bit(target);
                    let gone = B::bit(victim) | B::bit(target);
                    if !royals.iter().any(|k| self.attacked(b, k, them, occ, gone)) {
                        self.each_move(b, g, code, from, B::bit(target), Kind::EnPassant, f);
                    }
                }
            }
        }
    }

    /// The squares `set` once a piece on `from` (if one of them) has gone to `to`.
    #[inline(always)]
    fn moved(set: B, from: usize, to: usize) -> B {
        if set.has(from) {
            (set & !B::bit(from)) | B::bit(to)
        } else {
            set
        }
    }

    /// The pieces of `code` that could capture on `sq`, were an enemy there.
    fn capturers(&self, b: &Board<B>, code: usize, sq: usize) -> B {
        let pieces = b.pieces[code];
        if let Some(rev) = self.r.codes[code].leap_capture_rev.get(sq) {
            return *rev & pieces;
        }
        let mut out = B::ZERO;
        for from in pieces.iter() {
            if self.capture_reach(b, code, from).has(sq) {
                out |= B::bit(from);
            }
        }
        out
    }

    /// The squares the piece of `code` on `from` could capture on, were an enemy there.
    fn capture_reach(&self, b: &Board<B>, code: usize, from: usize) -> B {
        let cr = &self.r.codes[code];
        line_ride_and_leap_reach(self.r, cr, from, b.occ) & cr.confined
    }

    #[inline(always)]
    fn castles(&self, b: &Board<B>, g: &Guard<'_, B>, f: &mut impl FnMut(PlainMove)) {
        let them = 1 - b.side;
        let mut rights = b.castling & self.castle_bits[b.side];
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let c = &self.castles[i];
            if (b.occ & c.empty).any() {
                continue;
            }
            let (kf, kt, rf, rt) = c.squares();
            if !b.pieces[c.king_code as usize].has(kf)
                || !b.pieces[c.rook_code as usize].has(rf)
                || c.safe
                    .iter()
                    .any(|&s| self.attacked(b, s as usize, them, b.occ, B::ZERO))
            {
                continue;
            }
            let occ = (b.occ & !B::bit(kf) & !B::bit(rf)) | B::bit(kt) | B::bit(rt);
            let mut royals = g.royals & !B::bit(kf) & !B::bit(rf);
            if g.royals.has(kf) {
                royals |= B::bit(kt);
            }
            if g.royals.has(rf) {
                royals |= B::bit(rt);
            }
            if royals
                .iter()
                .any(|k| self.attacked(b, k, them, occ, B::bit(kt) | B::bit(rt)))
            {
                continue;
            }
            f(PlainMove {
                from: kf as u16,
                to: kt as u16,
                code: c.king_code,
                promo: 0,
                choice: 0,
                kind: Kind::Castle(i as u8),
            });
        }
    }

    /// Plays the castle `i` on `n` for the side to move; returns where the king and the rook
    /// stand, with their codes, before they cross to the next layer.
    #[inline(always)]
    fn play_castle(&self, n: &mut Board<B>, i: u8) -> [(usize, usize); 2] {
        let r = self.r;
        let us = n.side;
        let c = &self.castles[i as usize];
        let (kf, kt, rf, rt) = c.squares();
        let (king, rook) = (c.king_code as usize, c.rook_code as usize);
        n.pieces[king] ^= B::bit(kf);
        n.pieces[rook] ^= B::bit(rf);
        n.pieces[king] |= B::bit(kt);
        n.pieces[rook] |= B::bit(rt);
        n.by_side[us] = (n.by_side[us] & !B::bit(kf) & !B::bit(rf)) | B::bit(kt) | B::bit(rt);
        n.castling &= self.keep[kf] & self.keep[rf] & self.keep[kt] & self.keep[rt];
        n.ep = None;
        if self.t.layered {
            let (kd, rd) = (r.next_layer(kt), r.next_layer(rt));
            n.pieces[king] ^= B::bit(kt) | B::bit(kd);
            n.pieces[rook] ^= B::bit(rt) | B::bit(rd);
            n.by_side[us] ^= B::bit(kt) | B::bit(kd) | B::bit(rt) | B::bit(rd);
            n.castling &= self.keep[kd] & self.keep[rd];
        }
        [(kt, king), (rt, rook)]
    }

    /// Plays `m` on `n` (a copy of the position it was found in). Returns the code of a piece
    /// its effect promotes without a choice, if any.
    #[inline(always)]
    fn play(&self, n: &mut Board<B>, m: PlainMove) -> Option<u8> {
        let r = self.r;
        let us = n.side;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let code = m.code as usize;
        // The squares the move leaves pieces on, how many, and whether it captured.
        let moved: ([(usize, usize); 2], usize, bool);
        match m.kind {
            Kind::Castle(i) => moved = (self.play_castle(n, i), 2, false),
            Kind::Normal | Kind::EnPassant => {
                let victim = match (m.kind, n.ep) {
                    (Kind::EnPassant, Some(_)) if self.t.layered => self.ep_victim(n).unwrap_or(to),
                    (Kind::EnPassant, Some(ep)) => ep.victim as usize,
                    _ => to,
                };
                let captured = n.by_side[them].has(victim);
                if captured {
                    for &c in &r.side_codes[them] {
                        n.pieces[c as usize] &= !B::bit(victim);
                    }
                    n.by_side[them] ^= B::bit(victim);
                    n.castling &= self.keep[victim];
                }
                let new = if m.promo > 0 {
                    m.promo as usize - 1
                } else {
                    code
                };
                // On two layers the piece lands across from `to`.
                let land = if self.t.layered {
                    let dest = r.next_layer(to);
                    n.castling &= self.keep[dest];
                    dest
                } else {
                    to
                };
                n.pieces[code] ^= B::bit(from);
                n.pieces[new] |= B::bit(land);
                n.by_side[us] ^= B::bit(from) | B::bit(land);
                n.castling &= self.keep[from] & self.keep[to];
                let passer = r.codes[code].en_passant && (new == code || r.codes[new].en_passant);
                n.ep = if passer && !captured {
                    r.passed_over(Side::BOTH[us], from, to)
                } else {
                    None
                };
                moved = ([(to, new), (0, 0)], 1, captured);
            }
        }
        n.occ = n.by_side[0] | n.by_side[1];
        let mut pending = None;
        if self.t.effects {
            let (squares, k, captured) = moved;
            let choice = if m.promo > 0 { m.promo } else { m.choice };
            pending = self.run_effects(n, us, &squares[..k], captured, choice);
        }
        n.side = them;
        if let Some(ep) = n.ep
            && !self.en_passant_possible(n, &ep)
        {
            n.ep = None;
        }
        pending
    }

    /// Whether a piece of the side to move could take en passant on `ep` (before checks):
    /// where none can, the position's moves are found without looking at it again.
    #[inline(always)]
    fn en_passant_possible(&self, b: &Board<B>, ep: &EnPassant) -> bool {
        let r = self.r;
        let us = b.side;
        let mut targets = B::ZERO;
        for &cell in ep.targets() {
            for layer in 0..r.layers {
                targets |= B::bit(layer * r.cells + cell as usize);
            }
        }
        targets &= !b.occ & r.en_passant_region[us];
        if targets.is_zero() {
            return false;
        }
        for &c in &self.t.passers[us] {
            for t in targets.iter() {
                if self.capturers(b, c as usize, t).any() {
                    return true;
                }
            }
        }
        false
    }
}
