//! The IR compiled, once per variant, into the tables the move generator reads: per-square leap
//! targets and rays, reverse tables for attack queries (derived from the capture atoms only),
//! promotion zones, castling masks, and the effect programs.
//!
//! Squares are numbered `layer * cells + rank * files + file`; a layer's rays never leave it, so
//! movement, blocking and attacks are computed within a layer without any test.

use std::sync::Arc;

use crate::bitboard::Bits;
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
    pub rides: Vec<Ride<B>>,
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
    /// Per attacking side: codes with capture leaps, and ride attack groups.
    pub leap_attackers: [Vec<u8>; 2],
    pub ride_attackers: [Vec<RideAttack<B>>; 2],
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
        let ray = self.ray(dir, sq);
        let blockers = ray & occ;
        if blockers.is_zero() {
            return ray;
        }
        let b = if self.ascending[dir as usize] { blockers.lsb() } else { blockers.msb() };
        ray & !self.ray(self.unlimited[dir as usize], b)
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
        assert!(squares <= B::CAPACITY, "board too large for the chosen bitboard width");
        let kinds = v.pieces.len();
        let mut b = Builder { files, ranks, layers, cells, squares, dirs: vec![], rays: vec![], ascending: vec![], unlimited: vec![] };

        let on_board = |f: i32, r: i32| f >= 0 && r >= 0 && (f as usize) < files && (r as usize) < ranks;
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
                    promotion: None,
                    en_passant: v.en_passant.contains(&kind),
                    resets_clock: v.halfmove.pieces.contains(&kind),
                };
                for atom in &piece.atoms {
                    let origin = atom.from.as_ref().map(|r| region_mask(r, side)).unwrap_or(all);
                    for vec in atom.vectors() {
                        let (dx, dy) = ir::oriented(vec, side);
                        match atom.kind {
                            AtomKind::Leap => {
                                for sq in origin.iter() {
                                    let (l, f, r) = (sq / cells, sq % cells % files, sq % cells / files);
                                    let (tf, tr) = (f as i32 + dx as i32, r as i32 + dy as i32);
                                    if on_board(tf, tr) {
                                        let t = B::bit(l * cells + tr as usize * files + tf as usize);
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
                                let dir = b.dir(RayDir { step: (dx, dy), range: range.unwrap_or(u8::MAX) });
                                c.rides.push(Ride { dir, modality: atom.modality, origin });
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
                let choices: Vec<u8> = p.choices[side.index()].iter().map(|&k| (side.index() * kinds + k) as u8).collect();
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
        let mut ride_attackers: [Vec<RideAttack<B>>; 2] = [vec![], vec![]];
        for side in Side::BOTH {
            for &code in &side_codes[side.index()] {
                let c = &codes[code as usize];
                if c.leap_capture.iter().any(|m| m.any()) {
                    leap_attackers[side.index()].push(code);
                }
                for ride in &c.rides {
                    if ride.modality == Modality::Move {
                        continue;
                    }
                    let d = b.dirs[ride.dir as usize];
                    let rev = b.dir(RayDir { step: (-d.step.0, -d.step.1), range: d.range });
                    let groups = &mut ride_attackers[side.index()];
                    let g = match groups.iter().position(|g| g.rev_dir == rev) {
                        Some(i) => i,
                        None => {
                            groups.push(RideAttack { rev_dir: rev, codes: vec![], unconditional: true });
                            groups.len() - 1
                        }
                    };
                    if !groups[g].codes.iter().any(|(cc, _)| *cc == code) {
                        groups[g].codes.push((code, ride.origin));
                        if ride.origin != all {
                            groups[g].unconditional = false;
                        }
                    }
                }
            }
        }
        let royal_codes = [
            side_codes[0].iter().copied().filter(|&c| codes[c as usize].royal).collect(),
            side_codes[1].iter().copied().filter(|&c| codes[c as usize].royal).collect(),
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
                    EndCond::Campmate(r) => EndTest::Campmate([region_mask(r, Side::White), region_mask(r, Side::Black)]),
                },
                result: e.result,
                name: e.cond.name().to_string(),
            })
            .collect();
        let effect_promotes = v.effects.values().any(|e| {
            e.clauses.iter().flat_map(|c| c.actions.iter()).chain(e.finally.iter()).any(|a| matches!(a, ir::Action::Promote(_)))
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
                    vs.iter().map(|&v| b.dir(RayDir { step: ir::oriented(v, side), range: u8::MAX })).collect()
                }),
                ir::Scan::Around(_) => [vec![], vec![]],
            })
            .collect();
        let promotion_zones = Side::BOTH.map(|side| {
            codes.iter().filter(|c| c.side == side).filter_map(|c| c.promotion.as_ref().map(|(z, _)| *z)).fold(B::ZERO, |a, z| a | z)
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
                                    *w |= B::bit(l * cells + tr as usize * files + tf as usize) & zone;
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
            m |= if l > layer { part.shr((l - layer) * self.cells) } else { part.shl((layer - l) * self.cells) };
        }
        m & self.layer_masks[layer]
    }

    /// The square a piece crosses to from `sq`: the same cell on the next layer.
    #[inline(always)]
    pub fn next_layer(&self, sq: usize) -> usize {
        let s = sq + self.cells;
        if s >= self.squares { s - self.squares } else { s }
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

struct Builder<B> {
    files: usize,
    ranks: usize,
    layers: usize,
    cells: usize,
    squares: usize,
    dirs: Vec<RayDir>,
    rays: Vec<B>,
    ascending: Vec<bool>,
    unlimited: Vec<u16>,
}

impl<B: Bits> Builder<B> {
    /// The index of a direction, adding its ray table (and its unlimited twin) when new.
    fn dir(&mut self, d: RayDir) -> u16 {
        if let Some(i) = self.dirs.iter().position(|x| *x == d) {
            return i as u16;
        }
        let unl = if d.range == u8::MAX { None } else { Some(self.dir(RayDir { step: d.step, range: u8::MAX })) };
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
                if f < 0 || r < 0 || f as usize >= self.files || r as usize >= self.ranks || n > d.range as u32 {
                    break;
                }
                m |= B::bit(l * self.cells + r as usize * self.files + f as usize);
            }
            self.rays.push(m);
        }
        let _ = self.layers;
        self.ascending.push(dy * self.files as i32 + dx > 0);
        self.unlimited.push(unl.unwrap_or(idx));
        idx
    }
}
