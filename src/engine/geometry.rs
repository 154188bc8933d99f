//! The board's geometry, compiled once: squares, ray directions and their per-square rays, and
//! PEXT-indexed slider tables.
//!
//! Squares are numbered `layer * cells + rank * files + file`; a layer's rays never leave it, so
//! movement, blocking and attacks are computed within a layer without any test.
//!
//! A board whose files (or ranks) wrap (`board 8 x 8 wrap files`: Cylinder) has the same tables,
//! built with wrapped coordinates: a leap's target, a ray's squares and a slider's lookup all
//! know the wrap, so the move generator and the attack tests need no special case. Only finding
//! the first piece along one ray differs, as square indices no longer grow monotonically along
//! a ray that wraps: such a board keeps each ray's squares in order (`walks`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::engine::bitboard::{Bits, FAST_PEXT, pext};
use crate::ir::Wrap;

/// A ray direction: a step repeated at most `range` times (`u8::MAX`: unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RayDir {
    /// The step, (files, ranks).
    pub step: (i8, i8),
    /// How many steps at most (`u8::MAX`: unlimited).
    pub range: u8,
}

/// A set of unlimited ride directions looked up at once: per square, the occupancy bits that
/// matter (the rays without their last squares) index a table of target sets. Built for boards
/// whose layers have at most 64 cells; the table is shared by the layers. The index is PEXT of
/// the relevant occupancy where the build has BMI2, and a magic multiplication otherwise, so a
/// portable build is as fast.
#[derive(Clone, Debug)]
pub struct Slider {
    /// Its directions, indices in [`Geometry::dirs`].
    pub dirs: Vec<u16>,
    /// Per square: what its lookup needs, in one place.
    pub entries: Vec<SliderEntry>,
    /// The target sets of every square, shared by the sliders of the same board and steps.
    pub table: Arc<Vec<u64>>,
}

impl Slider {
    /// Along each of its rays from `sq`: the empty squares and the first occupied one.
    #[inline(always)]
    pub fn reach<B: Bits>(&self, sq: usize, occ: B) -> B {
        // A one-word board has one layer (`Rules::compile`): its word is the layer's.
        if B::CAPACITY <= 64 {
            return B::from_low64(self.reach_word(sq, occ.low64()));
        }
        let base = self.entries[sq].base as usize;
        B::deposit64(self.reach_word(sq, occ.extract64(base)), base)
    }

    /// [`Slider::reach`] within the layer of `sq`, as a word: `occ` is the layer's occupancy
    /// from its first square on, and so is the answer.
    #[inline(always)]
    pub fn reach_word(&self, sq: usize, occ: u64) -> u64 {
        let e = self.entries[sq];
        self.table[e.offset as usize + index(occ & e.mask, e.mask, e.magic, e.shift)]
    }
}

/// One square's lookup in a slider's table.
#[derive(Clone, Copy, Debug)]
pub struct SliderEntry {
    /// The relevant occupancy, within the square's layer word.
    pub mask: u64,
    /// The magic multiplier (unused with PEXT).
    pub magic: u64,
    /// Where its entries start in the table.
    pub offset: u32,
    /// The right shift of the magic product (unused with PEXT).
    pub shift: u8,
    /// The first square of its layer.
    pub base: u16,
}

/// Index tables already built, by board size and the slider's steps: the same tables serve every
/// variant that needs them, so a magic search runs once per process.
type TableKey = (usize, usize, Wrap, Vec<(i8, i8)>);
type Tables = (Vec<u64>, Vec<u32>, Vec<u64>, Vec<u8>, Arc<Vec<u64>>);

fn table_cache() -> &'static Mutex<HashMap<TableKey, Tables>> {
    static CACHE: OnceLock<Mutex<HashMap<TableKey, Tables>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The table index of occupancy `occ` (already masked) for one square.
#[inline(always)]
fn index(occ: u64, mask: u64, magic: u64, shift: u8) -> usize {
    if FAST_PEXT {
        pext(occ, mask) as usize
    } else {
        (occ.wrapping_mul(magic) >> shift) as usize
    }
}

/// Squares, directions and rays.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    /// Files of a layer.
    pub files: usize,
    /// Ranks of a layer.
    pub ranks: usize,
    /// How many layers (boards).
    pub layers: usize,
    /// Squares of a layer.
    pub cells: usize,
    /// Squares of the whole board, every layer.
    pub squares: usize,
    /// The ray directions in use; a direction is an index in it.
    pub dirs: Vec<RayDir>,
    /// `rays[dir * squares + sq]`: the squares along the ray from `sq`, within range.
    pub rays: Vec<B>,
    /// Per direction: whether square indices grow along the ray.
    pub ascending: Vec<bool>,
    /// Per direction: the unlimited direction with the same step.
    pub unlimited: Vec<u16>,
    /// Per direction: the unlimited direction with the opposite step.
    pub reverse: Vec<u16>,
    /// The sliders in use; a slider is an index in it.
    pub sliders: Vec<Slider>,
    /// Per square: its (layer, file, rank), looked up rather than divided out on each move.
    coord_table: Vec<[u16; 3]>,
    /// Every square of the board.
    pub all: B,
    /// Per file: its squares on every layer.
    pub file_masks: Vec<B>,
    /// The unlimited directions of the eight king steps, by (file step + 1) * 3 + rank step + 1.
    pub line_dirs: [u16; 9],
    /// Which axes wrap.
    pub wrap: Wrap,
    /// Where an axis wraps, per ray as in `rays`: its squares in the order the ray goes (empty
    /// on a board that does not wrap).
    walks: Vec<Vec<u16>>,
}

impl<B: Bits> Geometry<B> {
    /// The geometry of `layers` boards of `files` × `ranks`, with no directions yet.
    pub fn new(files: usize, ranks: usize, layers: usize) -> Geometry<B> {
        Self::wrapped(files, ranks, layers, Wrap::default())
    }

    /// [`Geometry::new`] of a board whose axes `wrap`.
    pub fn wrapped(files: usize, ranks: usize, layers: usize, wrap: Wrap) -> Geometry<B> {
        let cells = files * ranks;
        let squares = layers * cells;
        let all = (0..squares).fold(B::ZERO, |m, s| m | B::bit(s));
        let mut g = Geometry {
            files,
            ranks,
            layers,
            cells,
            squares,
            dirs: vec![],
            rays: vec![],
            ascending: vec![],
            unlimited: vec![],
            reverse: vec![],
            sliders: vec![],
            coord_table: (0..squares)
                .map(|sq| {
                    let cell = sq % cells;
                    [sq / cells, cell % files, cell / files].map(|c| c as u16)
                })
                .collect(),
            all,
            file_masks: (0..files)
                .map(|f| {
                    (0..squares)
                        .filter(|sq| sq % cells % files == f)
                        .fold(B::ZERO, |m, sq| m | B::bit(sq))
                })
                .collect(),
            line_dirs: [u16::MAX; 9],
            wrap,
            walks: vec![],
        };
        for df in -1i8..=1 {
            for dr in -1i8..=1 {
                if (df, dr) != (0, 0) {
                    let d = g.dir(RayDir {
                        step: (df, dr),
                        range: u8::MAX,
                    });
                    g.line_dirs[((df + 1) * 3 + dr + 1) as usize] = d;
                }
            }
        }
        g
    }

    /// The square at (layer, file, rank), all 0-based.
    #[inline(always)]
    pub fn sq(&self, layer: usize, file: usize, rank: usize) -> usize {
        layer * self.cells + rank * self.files + file
    }

    /// (layer, file, rank).
    #[inline(always)]
    pub fn coords(&self, sq: usize) -> (usize, usize, usize) {
        let [layer, file, rank] = self.coord_table[sq].map(usize::from);
        (layer, file, rank)
    }

    /// The first square of the layer of `sq` (where its layer word starts).
    #[inline(always)]
    pub fn layer_base(&self, sq: usize) -> usize {
        self.coords(sq).0 * self.cells
    }

    /// The square at `step` from `sq` on the same layer, if on the board (across the edge where
    /// the axis wraps, but not all the way round to `sq` itself).
    #[inline]
    pub fn offset(&self, sq: usize, step: (i8, i8)) -> Option<usize> {
        let (l, f, r) = self.coords(sq);
        let tf = self.wrapped_coord(f as i32 + step.0 as i32, self.files, self.wrap.files)?;
        let tr = self.wrapped_coord(r as i32 + step.1 as i32, self.ranks, self.wrap.ranks)?;
        let t = self.sq(l, tf, tr);
        (t != sq || !self.wrap.any() || step == (0, 0)).then_some(t)
    }

    /// A file or rank `c` on an axis of `n`: taken modulo `n` where it wraps, else `None` off
    /// the board.
    #[inline(always)]
    fn wrapped_coord(&self, c: i32, n: usize, wraps: bool) -> Option<usize> {
        if wraps {
            Some(c.rem_euclid(n as i32) as usize)
        } else if c < 0 || c as usize >= n {
            None
        } else {
            Some(c as usize)
        }
    }

    /// The squares along direction `dir` from `sq`, within its range.
    #[inline(always)]
    pub fn ray(&self, dir: u16, sq: usize) -> B {
        self.rays[dir as usize * self.squares + sq]
    }

    /// Along a ray from `sq`: the empty squares and the first occupied one. A ray without a
    /// piece on it is the same on any board; one with pieces is walked where an axis wraps.
    #[inline(always)]
    pub fn ride_targets(&self, dir: u16, sq: usize, occ: B) -> B {
        let ray = self.ray(dir, sq);
        if (ray & occ).is_zero() {
            return ray;
        }
        if self.wrap.any() {
            return self.walk_targets(dir, sq, occ);
        }
        self.line_targets(dir, sq, occ)
    }

    /// [`Geometry::ride_targets`] on a board that does not wrap (the plain path's and the pins'
    /// lines, which a board that wraps never takes). Square indices grow or shrink
    /// monotonically along any such ray, so the first blocker is the lowest or highest bit.
    #[inline(always)]
    pub fn line_targets(&self, dir: u16, sq: usize, occ: B) -> B {
        let ray = self.ray(dir, sq);
        let blockers = ray & occ;
        if blockers.is_zero() {
            return ray;
        }
        let b = if self.ascending[dir as usize] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray & !self.ray(self.unlimited[dir as usize], b)
    }

    /// The first occupied square on a ray, if any.
    #[inline(always)]
    pub fn first_blocker(&self, dir: u16, sq: usize, occ: B) -> Option<usize> {
        if (self.ray(dir, sq) & occ).is_zero() {
            return None;
        }
        if self.wrap.any() {
            return self.walk(dir, sq).find(|&s| occ.has(s));
        }
        self.line_first_blocker(dir, sq, occ)
    }

    /// [`Geometry::first_blocker`] on a board that does not wrap.
    #[inline(always)]
    pub fn line_first_blocker(&self, dir: u16, sq: usize, occ: B) -> Option<usize> {
        let blockers = self.ray(dir, sq) & occ;
        if blockers.is_zero() {
            None
        } else if self.ascending[dir as usize] {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }

    /// The squares of a ray on a board that wraps, in the order the ray goes.
    #[cold]
    fn walk(&self, dir: u16, sq: usize) -> impl Iterator<Item = usize> + '_ {
        self.walks[dir as usize * self.squares + sq]
            .iter()
            .map(|&s| s as usize)
    }

    /// [`Geometry::ride_targets`] on a board that wraps: the ray walked up to its first
    /// occupied square.
    #[cold]
    fn walk_targets(&self, dir: u16, sq: usize, occ: B) -> B {
        let mut m = B::ZERO;
        for s in self.walk(dir, sq) {
            m |= B::bit(s);
            if occ.has(s) {
                break;
            }
        }
        m
    }

    /// The last square of a nonempty ray.
    fn ray_end(&self, dir: u16, sq: usize) -> usize {
        if self.wrap.any() {
            return self.walk(dir, sq).last().unwrap_or(sq);
        }
        let ray = self.ray(dir, sq);
        if self.ascending[dir as usize] {
            ray.msb()
        } else {
            ray.lsb()
        }
    }

    /// The targets of a slider from `sq`: along each of its rays, the empty squares and the
    /// first occupied one.
    #[inline(always)]
    pub fn slide(&self, slider: u16, sq: usize, occ: B) -> B {
        self.sliders[slider as usize].reach(sq, occ)
    }

    /// The squares strictly between two squares of one ray direction's line, if they are on one.
    #[inline]
    pub fn between(&self, a: usize, b: usize) -> B {
        let (la, fa, ra) = self.coords(a);
        let (lb, fb, rb) = self.coords(b);
        let (df, dr) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
        if la != lb || (df != 0 && dr != 0 && df.abs() != dr.abs()) || (df == 0 && dr == 0) {
            return B::ZERO;
        }
        if self.wrap.any() {
            return self.straight_between(a, b);
        }
        let d = self.line_dirs[((df.signum() + 1) * 3 + dr.signum() + 1) as usize];
        self.ray(d, a) & self.ray(self.reverse[d as usize], b)
    }

    /// [`Geometry::between`] on a board that wraps: the straight way between two squares of one
    /// line, not round the board.
    #[cold]
    #[inline(never)]
    fn straight_between(&self, a: usize, b: usize) -> B {
        let (la, fa, ra) = self.coords(a);
        let (_, fb, rb) = self.coords(b);
        let (df, dr) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
        let n = df.abs().max(dr.abs());
        (1..n).fold(B::ZERO, |m, i| {
            let (f, r) = (fa as i32 + i * df.signum(), ra as i32 + i * dr.signum());
            m | B::bit(self.sq(la, f as usize, r as usize))
        })
    }

    /// The index of a direction, adding its ray table (and its unlimited twin and reverse) when
    /// new.
    pub fn dir(&mut self, d: RayDir) -> u16 {
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
            let walk = self.walk_from(sq, (dx, dy), d.range);
            self.rays
                .push(walk.iter().fold(B::ZERO, |m, &s| m | B::bit(s as usize)));
            if self.wrap.any() {
                self.walks.push(walk);
            }
        }
        self.ascending.push(dy * self.files as i32 + dx > 0);
        self.unlimited.push(unl.unwrap_or(idx));
        self.reverse.push(u16::MAX);
        let rev = if d.step == (0, 0) {
            idx
        } else {
            self.dir(RayDir {
                step: (-d.step.0, -d.step.1),
                range: u8::MAX,
            })
        };
        self.reverse[idx as usize] = rev;
        idx
    }

    /// The squares of a ray from `sq` by `step`, in order: until the board's edge, the range,
    /// or (where an axis wraps) the way back to `sq`.
    fn walk_from(&self, sq: usize, (dx, dy): (i32, i32), range: u8) -> Vec<u16> {
        if (dx, dy) == (0, 0) {
            // A step that stays: the square itself.
            return if range > 0 { vec![sq as u16] } else { vec![] };
        }
        let (l, f0, r0) = self.coords(sq);
        let (mut f, mut r) = (f0 as i32, r0 as i32);
        let mut walk = vec![];
        for _ in 0..range as u32 {
            f += dx;
            r += dy;
            let (Some(tf), Some(tr)) = (
                self.wrapped_coord(f, self.files, self.wrap.files),
                self.wrapped_coord(r, self.ranks, self.wrap.ranks),
            ) else {
                break;
            };
            let t = self.sq(l, tf, tr);
            if t == sq {
                break;
            }
            walk.push(t as u16);
        }
        walk
    }

    /// The slider for these (unlimited) directions, built on first use; `None` when a square's
    /// relevant occupancy has too many bits for a table.
    pub fn slider(&mut self, dirs: &[u16]) -> Option<u16> {
        let mut key = dirs.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(i) = self.sliders.iter().position(|s| s.dirs == key) {
            return Some(i as u16);
        }
        let cache_key: TableKey = (
            self.files,
            self.ranks,
            self.wrap,
            key.iter().map(|&d| self.dirs[d as usize].step).collect(),
        );
        let cached = table_cache()
            .lock()
            .ok()
            .and_then(|c| c.get(&cache_key).cloned());
        let (masks, offsets, magics, shifts, table) = match cached {
            Some(t) => t,
            None => {
                let t = self.build_tables(&key)?;
                if let Ok(mut c) = table_cache().lock() {
                    c.insert(cache_key, t.clone());
                }
                t
            }
        };
        // Every layer shares the first layer's entries.
        let cells = self.cells;
        let entries = (0..self.squares)
            .map(|sq| SliderEntry {
                mask: masks[sq % cells],
                magic: magics[sq % cells],
                offset: offsets[sq % cells],
                shift: shifts[sq % cells],
                base: self.layer_base(sq) as u16,
            })
            .collect();
        self.sliders.push(Slider {
            dirs: key,
            entries,
            table,
        });
        Some((self.sliders.len() - 1) as u16)
    }

    /// The relevant occupancy of each cell for these directions: the rays without their last
    /// squares; `None` when one has more bits than a table may index.
    fn slider_masks(&self, key: &[u16]) -> Option<Vec<u64>> {
        let mut masks = vec![0u64; self.cells];
        for (cell, mask) in masks.iter_mut().enumerate() {
            for &d in key {
                let ray = self.ray(d, cell);
                if ray.is_zero() {
                    continue;
                }
                let last = self.ray_end(d, cell);
                *mask |= (ray & !B::bit(last)).extract64(0);
            }
            if mask.count_ones() > 14 {
                return None;
            }
        }
        Some(masks)
    }

    /// Per cell: the mask, where its entries start, the magic and shift, and the table of
    /// targets indexed by the relevant occupancy.
    fn build_tables(&self, key: &[u16]) -> Option<Tables> {
        let masks = self.slider_masks(key)?;
        let mut offsets = vec![0u32; self.cells];
        let mut magics = vec![0u64; self.cells];
        let mut shifts = vec![0u8; self.cells];
        let mut table = vec![];
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        for cell in 0..self.cells {
            offsets[cell] = table.len() as u32;
            let mask = masks[cell];
            let bits = mask.count_ones();
            let subsets = self.subsets(key, cell, mask);
            // A magic table gets one bit more than PEXT needs: magics for it are found in
            // milliseconds instead of a second.
            let size = if FAST_PEXT {
                1usize << bits
            } else {
                2usize << bits
            };
            let mut entries = vec![0u64; size];
            if FAST_PEXT {
                for &(occ, att) in &subsets {
                    entries[pext(occ, mask) as usize] = att;
                }
            } else {
                let shift = (63 - bits) as u8;
                let magic = find_magic(&subsets, mask, size, shift, &mut rng, &mut entries);
                magics[cell] = magic;
                shifts[cell] = shift;
            }
            table.extend(entries);
        }
        Some((masks, offsets, magics, shifts, Arc::new(table)))
    }

    /// Every subset of `mask` with the targets of the directions from `cell` for it.
    fn subsets(&self, key: &[u16], cell: usize, mask: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::with_capacity(1 << mask.count_ones());
        let mut sub = 0u64;
        loop {
            let occ = B::deposit64(sub, 0);
            let mut att = B::ZERO;
            for &d in key {
                att |= self.ride_targets(d, cell, occ);
            }
            out.push((sub, att.extract64(0)));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                return out;
            }
        }
    }

    /// The squares of the region for `side`, on every layer.
    pub fn region_mask(&self, region: &crate::ir::Region, side: crate::ir::Side) -> B {
        let mut m = B::ZERO;
        for sq in 0..self.squares {
            let (_, f, r) = self.coords(sq);
            if region.contains(side, f as u8, r as u8, self.ranks as u8) {
                m |= B::bit(sq);
            }
        }
        m
    }
}

/// A magic multiplier that sends every subset to an entry holding its targets (subsets with
/// the same targets may share one); fills `entries`.
fn find_magic(
    subsets: &[(u64, u64)],
    mask: u64,
    size: usize,
    shift: u8,
    rng: &mut u64,
    entries: &mut [u64],
) -> u64 {
    let mut next = || {
        *rng ^= *rng >> 12;
        *rng ^= *rng << 25;
        *rng ^= *rng >> 27;
        rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut used = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        // Sparse candidates find magics fastest; one that leaves few bits of the mask in the
        // top byte cannot spread the subsets (Stockfish's filter).
        let magic = next() & next() & next();
        if mask.count_ones() > 6 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for &(occ, att) in subsets {
            let i = (occ.wrapping_mul(magic) >> shift) as usize;
            if used[i] != attempt {
                used[i] = attempt;
                entries[i] = att;
            } else if entries[i] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return magic;
        }
    }
}
