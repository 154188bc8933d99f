//! The IR compiled, once per variant, into the tables the move generator reads: per-square leap
//! targets and rays, reverse tables for attack queries (derived from the capture atoms only),
//! promotion zones, castling masks, and the effect programs.
//!
//! Squares are numbered `layer * cells + rank * files + file`; a layer's rays never leave it, so
//! movement, blocking and attacks are computed within a layer without any test.

use std::sync::Arc;

use crate::engine::bitboard::{Bits, FAST_PEXT, pext};
use crate::ir::{self, AtomKind, CrossWhen, EndCond, Modality, Outcome, PieceId, Side, Variant};

/// A ray direction: a step repeated at most `range` times (`u8::MAX`: unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RayDir {
    pub step: (i8, i8),
    pub range: u8,
}

#[derive(Clone, Debug)]
pub struct Ride<B> {
    pub dir: u16,
    pub modality: Modality,
    /// Squares this ride may start from.
    pub origin: B,
}

/// A set of unlimited ride directions looked up at once: per square, the occupancy bits that
/// matter (the rays without their last squares) index a table of target sets. Built for boards
/// whose layers have at most 64 cells; the table is shared by the layers.
#[derive(Clone, Debug)]
pub struct Slider {
    pub dirs: Vec<u16>,
    /// Per square: the relevant occupancy, within the square's layer word.
    pub masks: Vec<u64>,
    /// Per square: where its entries start in `table`.
    pub offsets: Vec<u32>,
    pub table: Vec<u64>,
}

/// What one piece code (a kind of one side) does.
#[derive(Clone, Debug)]
pub struct CodeRules<B> {
    pub side: Side,
    pub kind: PieceId,
    pub royal: bool,
    /// Per square: leap targets usable for a move to an empty square.
    pub leap_move: Vec<B>,
    /// Per square: leap targets usable for a capture.
    pub leap_capture: Vec<B>,
    /// Per square: the squares from which this code captures it by a leap.
    pub leap_capture_rev: Vec<B>,
    /// Rides not covered by `slides`.
    pub rides: Vec<Ride<B>>,
    /// Unlimited rides from every square, grouped into sliders.
    pub slides: Vec<(u16, Modality)>,
    /// Promotion: the zone (all layers) and the codes it may become.
    pub promotion: Option<(B, Vec<u8>)>,
    pub en_passant: bool,
    pub resets_clock: bool,
}

/// One group of ride attackers: the codes that capture along a direction, found from the
/// attacked square by looking the opposite way.
#[derive(Clone, Debug)]
pub struct RideAttack<B> {
    /// The reverse direction, from the attacked square toward the attacker.
    pub rev_dir: u16,
    /// (code, origin mask) of the riders.
    pub codes: Vec<(u8, B)>,
    /// True when every origin mask is the whole board (no per-square test needed).
    pub unconditional: bool,
}

#[derive(Clone, Debug)]
pub struct CastleRules<B> {
    pub side: Side,
    pub king_code: u8,
    pub rook_code: u8,
    pub king_from: u16,
    pub king_to: u16,
    pub rook_from: u16,
    pub rook_to: u16,
    pub empty: B,
    pub safe: Vec<u16>,
    pub flag: char,
}

impl<B> CastleRules<B> {
    /// (king from, king to, rook from, rook to).
    pub fn squares(&self) -> (usize, usize, usize, usize) {
        (
            self.king_from as usize,
            self.king_to as usize,
            self.rook_from as usize,
            self.rook_to as usize,
        )
    }
}

#[derive(Clone, Debug)]
pub enum EndTest<B> {
    Checkmate,
    Stalemate,
    /// The mover's royal stands in the mask (per side).
    Campmate([B; 2]),
    RoyalCaptured,
}

#[derive(Clone, Debug)]
pub struct EndRule<B> {
    pub test: EndTest<B>,
    pub result: Outcome,
    pub name: String,
}

pub struct Rules<B> {
    pub variant: Arc<Variant>,
    pub files: usize,
    pub ranks: usize,
    pub layers: usize,
    pub cells: usize,
    pub squares: usize,
    pub kinds: usize,
    pub dirs: Vec<RayDir>,
    /// `rays[dir * squares + sq]`: the squares along the ray from `sq`, within range.
    pub rays: Vec<B>,
    /// Per direction: whether square indices grow along the ray.
    pub ascending: Vec<bool>,
    /// Per direction: the unlimited direction with the same step.
    pub unlimited: Vec<u16>,
    pub codes: Vec<CodeRules<B>>,
    /// Per side: the codes of that side.
    pub side_codes: [Vec<u8>; 2],
    /// Per attacking side: codes with capture leaps.
    pub leap_attackers: [Vec<u8>; 2],
    /// Per attacking side: every capturing ride, one group per direction (for pins).
    pub ride_attackers: [Vec<RideAttack<B>>; 2],
    /// Per attacking side, for attack tests: (slider of the reversed directions, the codes that
    /// capture along it), and the ride groups no slider covers.
    pub attack_sliders: [Vec<(u16, Vec<u8>)>; 2],
    pub attack_rays: [Vec<RideAttack<B>>; 2],
    pub sliders: Vec<Slider>,
    /// Per square: the first square of its layer (where its layer word starts).
    pub layer_base: Vec<u16>,
    /// Per side: royal codes.
    pub royal_codes: [Vec<u8>; 2],
    pub castles: Vec<CastleRules<B>>,
    /// Per square: the castling rights kept when the square changes.
    pub castle_keep: Vec<u32>,
    pub check_at_move: bool,
    pub check_at_final: bool,
    pub cross: Option<CrossWhen>,
    pub halfmove_capture: bool,
    pub end: Vec<EndRule<B>>,
    pub effects: Vec<ir::Effect>,
    /// Some effect can promote, so a move may need a choice that only playing it reveals.
    pub effect_promotes: bool,
    /// No effects and a check rule: a move's legality follows from where pieces stand after
    /// it, which is known without playing it (pins, checks, occupancy algebra).
    pub fast_legality: bool,
    /// Several layers or crossing: a piece may leave its layer, and landing squares must be free
    /// on every layer.
    pub layered: bool,
    /// Per layer: its squares.
    pub layer_masks: Vec<B>,
    /// Per effect and side: the compiled ray directions of a `rays` scan.
    pub effect_dirs: Vec<[Vec<u16>; 2]>,
    /// When the only effect can promote: per side and origin square, the squares from which
    /// one of the mover's promoting pieces could be brought into its zone by the effect. A move
    /// whose origin watches none of them needs no choice, without being played.
    pub promotion_watch: Option<[Vec<B>; 2]>,
    /// The same, turned around: per side and square of a promoting piece, the origins that
    /// watch it.
    pub promotion_watchers: Option<[Vec<B>; 2]>,
    /// Per side: the union of its promoting pieces' zones.
    pub promotion_zones: [B; 2],
    /// Letters per (layer, code).
    pub letters: Vec<Vec<Option<char>>>,
    pub all: B,
}

impl<B: Bits> Rules<B> {
    #[inline(always)]
    pub fn sq(&self, layer: usize, file: usize, rank: usize) -> usize {
        layer * self.cells + rank * self.files + file
    }
    #[inline(always)]
    pub fn coords(&self, sq: usize) -> (usize, usize, usize) {
        let layer = sq / self.cells;
        let cell = sq % self.cells;
        (layer, cell % self.files, cell / self.files)
    }
    #[inline(always)]
    pub fn code(&self, side: Side, kind: PieceId) -> u8 {
        (side.index() * self.kinds + kind) as u8
    }
    #[inline(always)]
    pub fn ray(&self, dir: u16, sq: usize) -> B {
        self.rays[dir as usize * self.squares + sq]
    }

    /// The squares a ride reaches from `sq`: empty ones and the first occupied one.
    #[inline(always)]
    pub fn ride_targets(&self, dir: u16, sq: usize, occ: B) -> B {
        walk(
            &self.rays,
            self.squares,
            &self.ascending,
            &self.unlimited,
            dir,
            sq,
            occ,
        )
    }

    /// The targets of a slider from `sq`: along each of its rays, the empty squares and the
    /// first occupied one.
    #[inline(always)]
    pub fn slide(&self, slider: u16, sq: usize, occ: B) -> B {
        let s = &self.sliders[slider as usize];
        let base = self.layer_base[sq] as usize;
        let idx = pext(occ.extract64(base), s.masks[sq]) as usize;
        B::deposit64(s.table[s.offsets[sq] as usize + idx], base)
    }

    /// The first occupied square on a ray, if any.
    #[inline(always)]
    pub fn first_blocker(&self, dir: u16, sq: usize, occ: B) -> Option<usize> {
        let blockers = self.ray(dir, sq) & occ;
        if blockers.is_zero() {
            None
        } else if self.ascending[dir as usize] {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }

    pub fn compile(variant: Arc<Variant>) -> Rules<B> {
        let v = &*variant;
        let files = v.files as usize;
        let ranks = v.ranks as usize;
        let layers = v.layers.len();
        let cells = files * ranks;
        let squares = layers * cells;
        assert!(
            squares <= B::CAPACITY,
            "board too large for the chosen bitboard width"
        );
        let kinds = v.pieces.len();
        let mut b = Builder {
            files,
            ranks,
            cells,
            squares,
            dirs: vec![],
            rays: vec![],
            ascending: vec![],
            unlimited: vec![],
        };

        let on_board =
            |f: i32, r: i32| f >= 0 && r >= 0 && (f as usize) < files && (r as usize) < ranks;
        let region_mask = |region: &ir::Region, side: Side| -> B {
            let mut m = B::ZERO;
            for l in 0..layers {
                for r in 0..ranks {
                    for f in 0..files {
                        if region.contains(side, f as u8, r as u8, ranks as u8) {
                            m |= B::bit(l * cells + r * files + f);
                        }
                    }
                }
            }
            m
        };
        let all = {
            let mut m = B::ZERO;
            for s in 0..squares {
                m |= B::bit(s);
            }
            m
        };

        let mut codes = vec![];
        for side in Side::BOTH {
            for (kind, (_, piece)) in v.pieces.iter().enumerate() {
                let mut c = CodeRules {
                    side,
                    kind,
                    royal: piece.royal,
                    leap_move: vec![B::ZERO; squares],
                    leap_capture: vec![B::ZERO; squares],
                    leap_capture_rev: vec![B::ZERO; squares],
                    rides: vec![],
                    slides: vec![],
                    promotion: None,
                    en_passant: v.en_passant.contains(&kind),
                    resets_clock: v.halfmove.pieces.contains(&kind),
                };
                for atom in &piece.atoms {
                    let origin = atom
                        .from
                        .as_ref()
                        .map(|r| region_mask(r, side))
                        .unwrap_or(all);
                    for vec in atom.vectors() {
                        let (dx, dy) = ir::oriented(vec, side);
                        match atom.kind {
                            AtomKind::Leap => {
                                for sq in origin.iter() {
                                    let (l, f, r) =
                                        (sq / cells, sq % cells % files, sq % cells / files);
                                    let (tf, tr) = (f as i32 + dx as i32, r as i32 + dy as i32);
                                    if on_board(tf, tr) {
                                        let t =
                                            B::bit(l * cells + tr as usize * files + tf as usize);
                                        if atom.can_move() {
                                            c.leap_move[sq] |= t;
                                        }
                                        if atom.can_capture() {
                                            c.leap_capture[sq] |= t;
                                        }
                                    }
                                }
                            }
                            AtomKind::Ride { range } => {
                                let dir = b.dir(RayDir {
                                    step: (dx, dy),
                                    range: range.unwrap_or(u8::MAX),
                                });
                                c.rides.push(Ride {
                                    dir,
                                    modality: atom.modality,
                                    origin,
                                });
                            }
                        }
                    }
                }
                for s in 0..squares {
                    for t in c.leap_capture[s].iter() {
                        c.leap_capture_rev[t] |= B::bit(s);
                    }
                }
                codes.push(c);
            }
        }
        // promotions
        for (&kind, p) in &v.promotions {
            for side in Side::BOTH {
                let code = side.index() * kinds + kind;
                let choices: Vec<u8> = p.choices[side.index()]
                    .iter()
                    .map(|&k| (side.index() * kinds + k) as u8)
                    .collect();
                if !choices.is_empty() {
                    codes[code].promotion = Some((region_mask(&p.zone, side), choices));
                }
            }
        }
        let side_codes = [
            (0..kinds).map(|k| k as u8).collect::<Vec<_>>(),
            (0..kinds).map(|k| (kinds + k) as u8).collect::<Vec<_>>(),
        ];
        // attack tables
        let mut leap_attackers: [Vec<u8>; 2] = [vec![], vec![]];
        for side in Side::BOTH {
            for &code in &side_codes[side.index()] {
                if codes[code as usize].leap_capture.iter().any(|m| m.any()) {
                    leap_attackers[side.index()].push(code);
                }
            }
        }
        let ride_attackers = b.ride_groups(&codes, &side_codes, all);
        // Sliders: a code's unconditional unlimited rides of one shape and modality.
        let mut sliders: Vec<Slider> = vec![];
        let mut attack_sliders: [Vec<(u16, Vec<u8>)>; 2] = [vec![], vec![]];
        if cells <= 64 && FAST_PEXT {
            for code in 0..codes.len() {
                let mut groups: Vec<((u8, u8), Modality, Vec<u16>)> = vec![];
                for ride in &codes[code].rides {
                    let d = b.dirs[ride.dir as usize];
                    if d.range != u8::MAX || ride.origin != all {
                        continue;
                    }
                    let (x, y) = (d.step.0.unsigned_abs(), d.step.1.unsigned_abs());
                    let shape = (x.min(y), x.max(y));
                    match groups
                        .iter_mut()
                        .find(|g| g.0 == shape && g.1 == ride.modality)
                    {
                        Some(g) => g.2.push(ride.dir),
                        None => groups.push((shape, ride.modality, vec![ride.dir])),
                    }
                }
                for (_, modality, dirs) in groups {
                    let Some(sl) = b.slider(&mut sliders, &dirs) else {
                        continue;
                    };
                    codes[code].rides.retain(|r| {
                        !(dirs.contains(&r.dir) && r.modality == modality && r.origin == all)
                    });
                    codes[code].slides.push((sl, modality));
                    if modality != Modality::Move {
                        let rev: Vec<u16> = dirs
                            .iter()
                            .map(|&d| {
                                let rd = b.dirs[d as usize];
                                b.dir(RayDir {
                                    step: (-rd.step.0, -rd.step.1),
                                    range: rd.range,
                                })
                            })
                            .collect();
                        let Some(rsl) = b.slider(&mut sliders, &rev) else {
                            // keep the rides for attack tests
                            for &d in &dirs {
                                codes[code].rides.push(Ride {
                                    dir: d,
                                    modality: Modality::Capture,
                                    origin: all,
                                });
                            }
                            continue;
                        };
                        let side = codes[code].side.index();
                        match attack_sliders[side].iter_mut().find(|(s, _)| *s == rsl) {
                            Some((_, cs)) => cs.push(code as u8),
                            None => attack_sliders[side].push((rsl, vec![code as u8])),
                        }
                    }
                }
            }
        }
        // Attack tests use the sliders, and rays for the rest.
        let attack_rays = b.ride_groups(&codes, &side_codes, all);
        let layer_base = (0..squares).map(|sq| (sq - sq % cells) as u16).collect();
        let royal_codes = [
            side_codes[0]
                .iter()
                .copied()
                .filter(|&c| codes[c as usize].royal)
                .collect(),
            side_codes[1]
                .iter()
                .copied()
                .filter(|&c| codes[c as usize].royal)
                .collect(),
        ];
        // castling
        let mut castles = vec![];
        let mut castle_keep = vec![u32::MAX; squares];
        for (i, (flag, c)) in v.castling.iter().enumerate() {
            let sq0 = |(f, r): (u8, u8)| r as usize * files + f as usize;
            let mut empty = B::ZERO;
            for &s in &c.empty {
                empty |= B::bit(sq0(s));
            }
            castles.push(CastleRules {
                side: c.side,
                king_code: (c.side.index() * kinds + c.king) as u8,
                rook_code: (c.side.index() * kinds + c.rook) as u8,
                king_from: sq0(c.king_from) as u16,
                king_to: sq0(c.king_to) as u16,
                rook_from: sq0(c.rook_from) as u16,
                rook_to: sq0(c.rook_to) as u16,
                empty,
                safe: c.safe.iter().map(|&s| sq0(s) as u16).collect(),
                flag: *flag,
            });
            castle_keep[sq0(c.king_from)] &= !(1 << i);
            castle_keep[sq0(c.rook_from)] &= !(1 << i);
        }
        let end = v
            .end
            .iter()
            .map(|e| EndRule {
                test: match &e.cond {
                    EndCond::Checkmate => EndTest::Checkmate,
                    EndCond::Stalemate => EndTest::Stalemate,
                    EndCond::RoyalCaptured => EndTest::RoyalCaptured,
                    EndCond::Campmate(r) => EndTest::Campmate([
                        region_mask(r, Side::White),
                        region_mask(r, Side::Black),
                    ]),
                },
                result: e.result,
                name: e.cond.name().to_string(),
            })
            .collect();
        let effect_promotes = v.effects.values().any(|e| {
            e.clauses
                .iter()
                .flat_map(|c| c.actions.iter())
                .chain(e.finally.iter())
                .any(|a| matches!(a, ir::Action::Promote(_)))
        });
        let mut letters = vec![vec![None; 2 * kinds]; layers];
        for (l, row) in letters.iter_mut().enumerate() {
            for side in Side::BOTH {
                for (kind, (_, p)) in v.pieces.iter().enumerate() {
                    row[side.index() * kinds + kind] = p.letters[l][side.index()];
                }
            }
        }
        let fast_legality = v.effects.is_empty() && v.check.at_final;
        let layered = layers > 1 || v.cross.is_some();
        let layer_masks: Vec<B> = (0..layers)
            .map(|l| (0..cells).fold(B::ZERO, |m, c| m | B::bit(l * cells + c)))
            .collect();
        let effect_dirs: Vec<[Vec<u16>; 2]> = v
            .effects
            .values()
            .map(|e| match &e.scan {
                ir::Scan::Rays(vs) => Side::BOTH.map(|side| {
                    vs.iter()
                        .map(|&v| {
                            b.dir(RayDir {
                                step: ir::oriented(v, side),
                                range: u8::MAX,
                            })
                        })
                        .collect()
                }),
                ir::Scan::Around(_) => [vec![], vec![]],
            })
            .collect();
        let promotion_zones = Side::BOTH.map(|side| {
            codes
                .iter()
                .filter(|c| c.side == side)
                .filter_map(|c| c.promotion.as_ref().map(|(z, _)| *z))
                .fold(B::ZERO, |a, z| a | z)
        });
        let promotion_watch = if v.effects.len() == 1 && effect_promotes {
            let e = &v.effects[0];
            let mut watch = [vec![B::ZERO; squares], vec![B::ZERO; squares]];
            for side in Side::BOTH {
                let zone = promotion_zones[side.index()];
                for sq in 0..squares {
                    let w = &mut watch[side.index()][sq];
                    match &e.scan {
                        ir::Scan::Rays(_) => {
                            for &d in &effect_dirs[0][side.index()] {
                                let ray: B = b.rays[d as usize * squares + sq];
                                // Pulled and pushed pieces stay on their ray.
                                if (ray & zone).any() {
                                    *w |= ray;
                                }
                            }
                        }
                        ir::Scan::Around(offsets) => {
                            let (l, cell) = (sq / cells, sq % cells);
                            let (f, r) = ((cell % files) as i32, (cell / files) as i32);
                            for &o in offsets {
                                let (dx, dy) = ir::oriented(o, side);
                                let (tf, tr) = (f + dx as i32, r + dy as i32);
                                if on_board(tf, tr) {
                                    *w |= B::bit(l * cells + tr as usize * files + tf as usize)
                                        & zone;
                                }
                            }
                        }
                    }
                    // the origin itself may be promoted
                    *w |= B::bit(sq) & zone;
                }
            }
            Some(watch)
        } else {
            None
        };
        let promotion_watchers = promotion_watch.as_ref().map(|w| {
            Side::BOTH.map(|side| {
                let mut rev = vec![B::ZERO; squares];
                for (origin, m) in w[side.index()].iter().enumerate() {
                    for p in m.iter() {
                        rev[p] |= B::bit(origin);
                    }
                }
                rev
            })
        });
        Rules {
            files,
            ranks,
            layers,
            cells,
            squares,
            kinds,
            dirs: b.dirs,
            rays: b.rays,
            ascending: b.ascending,
            unlimited: b.unlimited,
            codes,
            side_codes,
            leap_attackers,
            ride_attackers,
            attack_sliders,
            attack_rays,
            sliders,
            layer_base,
            royal_codes,
            castles,
            castle_keep,
            check_at_move: v.check.at_move,
            check_at_final: v.check.at_final,
            cross: v.cross,
            halfmove_capture: v.halfmove.capture,
            end,
            effects: v.effects.values().cloned().collect(),
            effect_promotes,
            fast_legality,
            layered,
            layer_masks,
            effect_dirs,
            promotion_watch,
            promotion_watchers,
            promotion_zones,
            letters,
            all,
            variant,
        }
    }

    /// The squares of `layer` whose cell is occupied (in `occ`) on another layer.
    #[inline]
    pub fn taken_elsewhere(&self, occ: B, layer: usize) -> B {
        let mut m = B::ZERO;
        for l in 0..self.layers {
            if l == layer {
                continue;
            }
            let part = occ & self.layer_masks[l];
            m |= if l > layer {
                part.shr((l - layer) * self.cells)
            } else {
                part.shl((layer - l) * self.cells)
            };
        }
        m & self.layer_masks[layer]
    }

    /// The square a piece crosses to from `sq`: the same cell on the next layer.
    #[inline(always)]
    pub fn next_layer(&self, sq: usize) -> usize {
        let s = sq + self.cells;
        if s >= self.squares {
            s - self.squares
        } else {
            s
        }
    }

    /// The square one step from `sq` in direction `step`, on the same layer.
    pub fn step(&self, sq: usize, step: (i8, i8)) -> Option<usize> {
        let (l, f, r) = self.coords(sq);
        let (tf, tr) = (f as i32 + step.0 as i32, r as i32 + step.1 as i32);
        if tf < 0 || tr < 0 || tf as usize >= self.files || tr as usize >= self.ranks {
            None
        } else {
            Some(self.sq(l, tf as usize, tr as usize))
        }
    }
}

/// Along a ray from `sq`: the empty squares and the first occupied one. Square indices grow
/// or shrink monotonically along any ray, so the first blocker is the lowest or highest bit.
#[inline(always)]
fn walk<B: Bits>(
    rays: &[B],
    squares: usize,
    ascending: &[bool],
    unlimited: &[u16],
    dir: u16,
    sq: usize,
    occ: B,
) -> B {
    let ray = rays[dir as usize * squares + sq];
    let blockers = ray & occ;
    if blockers.is_zero() {
        return ray;
    }
    let b = if ascending[dir as usize] {
        blockers.lsb()
    } else {
        blockers.msb()
    };
    ray & !rays[unlimited[dir as usize] as usize * squares + b]
}

struct Builder<B> {
    files: usize,
    ranks: usize,
    cells: usize,
    squares: usize,
    dirs: Vec<RayDir>,
    rays: Vec<B>,
    ascending: Vec<bool>,
    unlimited: Vec<u16>,
}

impl<B: Bits> Builder<B> {
    /// Per attacking side, the capturing rides of the codes, one group per direction, each
    /// found from the attacked square by looking the opposite way.
    fn ride_groups(
        &mut self,
        codes: &[CodeRules<B>],
        side_codes: &[Vec<u8>; 2],
        all: B,
    ) -> [Vec<RideAttack<B>>; 2] {
        let mut out: [Vec<RideAttack<B>>; 2] = [vec![], vec![]];
        for side in Side::BOTH {
            let groups = &mut out[side.index()];
            for &code in &side_codes[side.index()] {
                for ride in &codes[code as usize].rides {
                    if ride.modality == Modality::Move {
                        continue;
                    }
                    let d = self.dirs[ride.dir as usize];
                    let rev = self.dir(RayDir {
                        step: (-d.step.0, -d.step.1),
                        range: d.range,
                    });
                    let g = match groups.iter().position(|g| g.rev_dir == rev) {
                        Some(i) => i,
                        None => {
                            groups.push(RideAttack {
                                rev_dir: rev,
                                codes: vec![],
                                unconditional: true,
                            });
                            groups.len() - 1
                        }
                    };
                    if !groups[g].codes.iter().any(|(cc, _)| *cc == code) {
                        groups[g].codes.push((code, ride.origin));
                        groups[g].unconditional &= ride.origin == all;
                    }
                }
            }
        }
        out
    }

    fn ride_targets(&self, dir: u16, sq: usize, occ: B) -> B {
        walk(
            &self.rays,
            self.squares,
            &self.ascending,
            &self.unlimited,
            dir,
            sq,
            occ,
        )
    }

    /// The slider for these (unlimited) directions, built on first use; `None` when a square's
    /// relevant occupancy has too many bits for a table.
    fn slider(&mut self, sliders: &mut Vec<Slider>, dirs: &[u16]) -> Option<u16> {
        let mut key = dirs.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(i) = sliders.iter().position(|s| s.dirs == key) {
            return Some(i as u16);
        }
        let cells = self.cells;
        let mut masks = vec![0u64; cells];
        for (cell, mask) in masks.iter_mut().enumerate() {
            for &d in &key {
                let ray = self.rays[d as usize * self.squares + cell];
                if ray.is_zero() {
                    continue;
                }
                let last = if self.ascending[d as usize] {
                    ray.msb()
                } else {
                    ray.lsb()
                };
                *mask |= (ray & !B::bit(last)).extract64(0);
            }
            if mask.count_ones() > 14 {
                return None;
            }
        }
        let mut offsets = vec![0u32; cells];
        let mut table = vec![];
        for cell in 0..cells {
            offsets[cell] = table.len() as u32;
            let mask = masks[cell];
            table.resize(table.len() + (1usize << mask.count_ones()), 0);
            let mut sub = 0u64;
            loop {
                let occ = B::deposit64(sub, 0);
                let mut att = B::ZERO;
                for &d in &key {
                    att |= self.ride_targets(d, cell, occ);
                }
                table[offsets[cell] as usize + pext(sub, mask) as usize] = att.extract64(0);
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
        }
        // Every layer shares the first layer's entries.
        let per_square = |v: &[u64]| {
            (0..self.squares)
                .map(|sq| v[sq % cells])
                .collect::<Vec<_>>()
        };
        sliders.push(Slider {
            dirs: key,
            masks: per_square(&masks),
            offsets: (0..self.squares).map(|sq| offsets[sq % cells]).collect(),
            table,
        });
        Some((sliders.len() - 1) as u16)
    }

    /// The index of a direction, adding its ray table (and its unlimited twin) when new.
    fn dir(&mut self, d: RayDir) -> u16 {
        if let Some(i) = self.dirs.iter().position(|x| *x == d) {
            return i as u16;
        }
        let unl = if d.range == u8::MAX {
            None
        } else {
            Some(self.dir(RayDir {
                step: d.step,
                range: u8::MAX,
            }))
        };
        let idx = self.dirs.len() as u16;
        self.dirs.push(d);
        let (dx, dy) = (d.step.0 as i32, d.step.1 as i32);
        for sq in 0..self.squares {
            let (l, cell) = (sq / self.cells, sq % self.cells);
            let (mut f, mut r) = ((cell % self.files) as i32, (cell / self.files) as i32);
            let mut m = B::ZERO;
            let mut n = 0;
            loop {
                f += dx;
                r += dy;
                n += 1;
                if f < 0
                    || r < 0
                    || f as usize >= self.files
                    || r as usize >= self.ranks
                    || n > d.range as u32
                {
                    break;
                }
                m |= B::bit(l * self.cells + r as usize * self.files + f as usize);
            }
            self.rays.push(m);
        }
        self.ascending.push(dy * self.files as i32 + dx > 0);
        self.unlimited.push(unl.unwrap_or(idx));
        idx
    }
}
