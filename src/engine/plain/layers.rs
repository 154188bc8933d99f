//! Two layers on the plain path (Alice's boards): a move is made on its piece's layer, then the
//! piece crosses to the same cell of the other layer, which must be empty. Pieces see, block
//! and attack only on their own layer, so one royal piece's checks and pins on its layer
//! settle most moves:
//! - a piece of the other layer lands on the royal piece's layer: harmless unless in check,
//!   when it must land between the royal piece and its checker;
//! - a piece of the royal piece's layer leaves it: a quiet move is harmless unless it screens
//!   the royal piece or the royal piece is in check (then nothing it does on this layer helps);
//!   a capture also takes a piece off the layer, which may open a line, so it is judged alone.
//!
//! The rest (the royal piece's own moves, the captures on its layer that may open one of its
//! lines, castling, en passant) are judged one by one as the interpreter judges them
//! ([`crate::engine::legality`]'s sketch): the occupancy after the move on its layer and after
//! crossing, the royal piece safe at both where the check rule asks.
//!
//! A layer has at most 64 cells, numbered alike on both layers, so a piece's targets are
//! formed in a word of its layer: the other layer's free cells are the same word negated.

use crate::engine::bitboard::Bits;

use super::{
    AttackGroup, Board, CodeTables, Guard, Kind, LayerSweep, MAX_SHIFTS, Plain, PlainMove,
    each_landing,
};

/// What a position's moves are sorted by, gathered once per position, as words of a layer:
/// with the checks and pins against the royal piece on its layer, the guard of two layers.
pub(super) struct LayerView<B> {
    pub(super) in_check: bool,
    /// The royal piece's layer, 0 or 1.
    royal_layer_index: usize,
    /// A layer's cells, as a word.
    cells: u64,
    /// Each layer's first square.
    bases: [usize; 2],
    /// Each layer's sets as words of it, from its first square on (cells number alike on both
    /// layers, so a word of one layer reads as the same cells of the other).
    words: [LayerWords; 2],
    /// Where a piece of the other layer may land on the royal piece's layer (the checker's
    /// line, when in check).
    landing_word: u64,
    /// The royal piece's lines that an enemy rider could attack along: taking a piece there
    /// may open one, so such a capture is judged alone.
    opening_word: u64,
    /// The pieces that alone stand between the royal piece and an enemy rider.
    screens_word: u64,
    /// The same, as a set.
    screens: B,
}

/// One layer's sets as words.
struct LayerWords {
    occ: u64,
    own: u64,
    enemy: u64,
    /// Its cells empty on the other layer.
    free: u64,
}

impl<B: Bits> LayerView<B> {
    /// `set` from each layer's first square on, as words still to be cut to the layer's
    /// `cells` (the first layer's needs no shift; cut where used, the leaf count is shorter).
    #[inline(always)]
    fn layer_words(&self, set: B) -> [u64; 2] {
        [set.extract64(0), set.extract64(self.bases[1])]
    }
}

impl<B: Bits> Plain<'_, B> {
    /// The squares of `set` moved to the same cells of the other layer.
    #[inline(always)]
    pub(super) fn twin(&self, set: B) -> B {
        let masks = &self.r.layer_masks;
        let cells = self.r.cells;
        (set & masks[0]).shl(cells) | (set & masks[1]).shr(cells)
    }

    /// The position's [`LayerView`]; `g` holds the royal piece. Its checks and pins are found
    /// as the guard finds them ([`Plain::guard`]), in the words of its layer, where alone
    /// pieces see it.
    #[inline(always)]
    pub(super) fn layer_view(&self, b: &Board<B>, g: &Guard<'_, B>) -> LayerView<B> {
        let royal = g.royals.lsb();
        let cells = self.r.cells;
        // Two layers: no division needed.
        let royal_layer_index = usize::from(royal >= cells);
        let base = royal_layer_index * cells;
        let word = |set: B, l: usize| set.extract64(l * cells);
        let cell_mask = u64::MAX >> (64 - cells);
        let words = [0, 1].map(|l| LayerWords {
            occ: word(b.occ, l),
            own: word(b.by_side[b.side], l),
            enemy: word(b.by_side[1 - b.side], l),
            free: !word(b.occ, 1 - l) & cell_mask,
        });
        let w = &words[royal_layer_index];
        let (occ, own) = (w.occ, w.own);
        let them = 1 - b.side;
        // Each code's pieces are looked at only where some enemy piece stands.
        let mut checkers = 0;
        for (c, rev) in &self.t.leaper_words[them] {
            let near = rev[royal] & w.enemy;
            if near != 0 {
                checkers |= near & b.pieces[*c].extract64(base);
            }
        }
        let (mut opening, mut screens) = (0, 0);
        for group in &self.t.groups[them] {
            let open = group.open_words[royal];
            if open & w.enemy == 0 {
                continue;
            }
            let riders = Self::riders(b, group).extract64(base);
            if open & riders == 0 {
                continue;
            }
            opening |= open;
            let near = group.slider.reach_word(royal, occ);
            checkers |= near & riders;
            let shield = near & own;
            if shield != 0 {
                screens |= self.screens_word(group, royal, base, occ, shield, riders & !near);
            }
        }
        let landing_word = match checkers.count_ones() {
            0 => u64::MAX,
            1 => {
                let checker = base + checkers.trailing_zeros() as usize;
                self.block_or_capture(b, royal, checker).extract64(base)
            }
            _ => 0,
        };
        LayerView {
            in_check: checkers != 0,
            royal_layer_index,
            cells: cell_mask,
            bases: [0, cells],
            words,
            landing_word,
            opening_word: opening,
            screens_word: screens,
            screens: B::deposit64(screens, base),
        }
    }

    /// Of `shield`, the pieces that alone stand between the royal piece on `royal` and one of
    /// `riders` (which do not see it yet) along `group`'s slider; all words of the royal
    /// piece's layer, which starts at `base` and is occupied as `occ`.
    fn screens_word(
        &self,
        group: &AttackGroup<B>,
        royal: usize,
        base: usize,
        occ: u64,
        shield: u64,
        riders: u64,
    ) -> u64 {
        let r = self.r;
        let mut behind = group.slider.reach_word(royal, occ & !shield) & riders;
        let mut screens = 0;
        while behind != 0 {
            let p = base + behind.trailing_zeros() as usize;
            behind &= behind - 1;
            for &d in &group.slider.dirs {
                if r.ray(d, royal).has(p) {
                    // One piece of `shield` stands on the line: the rider sees through it.
                    let line = r.line_targets(d, royal, B::bit(p)).extract64(base);
                    screens |= (line & shield) & (line & shield).wrapping_neg();
                }
            }
        }
        screens
    }

    /// The targets of a piece on `from` that cross to a free cell: (those legal without a
    /// test, those to judge one by one).
    #[inline(always)]
    pub(super) fn layered_targets(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        lv: &LayerView<B>,
        v: &CodeTables<B>,
        from: usize,
    ) -> (B, B) {
        if v.royal && g.royals.has(from) {
            let steps = self.royal_steps_layered(b, lv, v, from);
            return (B::deposit64(steps, lv.bases[lv.royal_layer_index]), B::ZERO);
        }
        let layer = usize::from(from >= self.r.cells);
        let base = layer * self.r.cells;
        let t = self.reach_word(b, &lv.words[layer], v, from, layer);
        let (bulk, test) = Self::split_targets(lv, from - base, layer, t);
        (B::deposit64(bulk, base), B::deposit64(test, base))
    }

    /// Of the targets `t` of a piece on `cell` of `layer` that is not royal, as words of it,
    /// those that cross to a free cell: (those legal without a test, those to judge one by one).
    #[inline(always)]
    fn split_targets(lv: &LayerView<B>, cell: usize, layer: usize, t: u64) -> (u64, u64) {
        let w = &lv.words[layer];
        let t = t & w.free;
        if layer != lv.royal_layer_index {
            (t & lv.landing_word, 0)
        } else if lv.in_check || lv.screens_word >> cell & 1 != 0 {
            (0, t & w.enemy)
        } else {
            let judged = t & w.enemy & lv.opening_word;
            (t & !judged, judged)
        }
    }

    /// [`Plain::reach`] of a piece on `layer`, as a word of it.
    #[inline(always)]
    fn reach_word(
        &self,
        b: &Board<B>,
        w: &LayerWords,
        v: &CodeTables<B>,
        from: usize,
        layer: usize,
    ) -> u64 {
        if !v.shape.simple {
            return self.reach(b, v, from).extract64(layer * self.r.cells);
        }
        let mut a = 0;
        for s in &v.sliders {
            a |= s.reach_word(from, w.occ);
        }
        if v.shape.leaps_alike {
            (v.leap_move_words[from] | a) & !w.own
        } else {
            ((v.leap_move_words[from] & !w.occ) | (v.leap_capture_words[from] & w.enemy) | a)
                & !w.own
        }
    }

    /// The targets of the royal piece of `v` on `from` where it stands safe, as a word of its
    /// layer: before crossing where the check rule asks (without itself on `from`), and after
    /// crossing, where only the pieces of the other layer see it. Called, not inlined: the leaf
    /// count held its loop's values in registers for every position, with or without steps
    /// (Alice's perft 5: 2% fewer instructions).
    #[inline(never)]
    fn royal_steps_layered(
        &self,
        b: &Board<B>,
        lv: &LayerView<B>,
        v: &CodeTables<B>,
        from: usize,
    ) -> u64 {
        let cells = self.r.cells;
        let (here, there) = (lv.royal_layer_index, 1 - lv.royal_layer_index);
        let w = &lv.words[here];
        let mut steps = self.reach_word(b, w, v, from, here) & w.free;
        // Without itself on `from`.
        let occ = w.occ & !(1 << (from - here * cells));
        let mut safe = 0;
        while steps != 0 {
            let cell = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            // After crossing first: that test fails more often.
            let beyond = &lv.words[there];
            if self.attacked_on_layer(b, beyond, there, cell, beyond.occ, 0)
                || self.r.check.at_move && self.attacked_on_layer(b, w, here, cell, occ, 1 << cell)
            {
                continue;
            }
            safe |= 1 << cell;
        }
        safe
    }

    /// Whether an enemy piece on `layer` (of words `w`) attacks its cell `cell`, with the
    /// layer's occupancy `occ`, leaving out those on `gone`. A code's pieces are looked at
    /// only where some enemy piece could attack from.
    #[inline(always)]
    fn attacked_on_layer(
        &self,
        b: &Board<B>,
        w: &LayerWords,
        layer: usize,
        cell: usize,
        occ: u64,
        gone: u64,
    ) -> bool {
        let them = 1 - b.side;
        let base = layer * self.r.cells;
        let sq = base + cell;
        let enemy = w.enemy & !gone;
        for (c, rev) in &self.t.leaper_words[them] {
            let near = rev[sq] & enemy;
            if near != 0 && near & b.pieces[*c].extract64(base) != 0 {
                return true;
            }
        }
        for group in &self.t.groups[them] {
            let open = group.open_words[sq] & enemy;
            if open == 0 {
                continue;
            }
            let seen = group.slider.reach_word(sq, occ) & open;
            if seen != 0 && seen & Self::riders(b, group).extract64(base) != 0 {
                return true;
            }
        }
        false
    }

    /// The square of the piece an en passant capture takes: on the first layer whose cell of
    /// the victim holds a piece.
    pub(super) fn ep_victim(&self, b: &Board<B>) -> Option<usize> {
        let ep = b.ep?;
        (0..self.r.layers)
            .map(|l| l * self.r.cells + ep.victim as usize)
            .find(|&sq| b.occ.has(sq))
    }

    /// Whether a move is legal, judged from the occupancy it leaves, without playing it.
    pub(super) fn layered_legal(&self, b: &Board<B>, g: &Guard<'_, B>, m: PlainMove) -> bool {
        let r = self.r;
        let them = 1 - b.side;
        let (from, to) = (m.from as usize, m.to as usize);
        let (after_move, after_all, gone, royal_moves) = match m.kind {
            Kind::Normal | Kind::EnPassant => {
                let victim = match m.kind {
                    Kind::EnPassant => match self.ep_victim(b) {
                        Some(v) => v,
                        None => return false,
                    },
                    _ => to,
                };
                let after_move = ((b.occ ^ B::bit(from)) & !B::bit(victim)) | B::bit(to);
                let dest = r.next_layer(to);
                if after_move.has(dest) {
                    return false;
                }
                let after_all = (after_move ^ B::bit(to)) | B::bit(dest);
                let royal = g.royals.has(from).then_some((to, dest));
                (after_move, after_all, B::bit(victim) | B::bit(to), royal)
            }
            Kind::Castle(i) => {
                let (kf, kt, rf, rt) = self.castles[i as usize].squares();
                let after_move = (b.occ & !B::bit(kf) & !B::bit(rf)) | B::bit(kt) | B::bit(rt);
                let (kd, rd) = (r.next_layer(kt), r.next_layer(rt));
                let mut after_all = after_move & !B::bit(kt) & !B::bit(rt);
                if after_all.has(kd) || after_all.has(rd) {
                    return false;
                }
                after_all |= B::bit(kd) | B::bit(rd);
                let gone = B::bit(kt) | B::bit(rt) | B::bit(kd) | B::bit(rd);
                (
                    after_move,
                    after_all,
                    gone,
                    g.royals.has(kf).then_some((kt, kd)),
                )
            }
        };
        // No cell may hold pieces on both layers where a piece arrived.
        if (after_all & !b.occ & self.twin(after_all)).any() {
            return false;
        }
        if r.check.at_move
            && let Some((mid, _)) = royal_moves
            && self.attacked(b, mid, them, after_move, gone)
        {
            return false;
        }
        let royal = match royal_moves {
            Some((_, end)) => end,
            None => g.royals.lsb(),
        };
        !self.attacked(b, royal, them, after_all, gone)
    }

    /// Counts the legal moves at a leaf on two layers.
    #[inline(always)]
    pub(super) fn count_layered(&self, b: &Board<B>, g: &Guard<'_, B>, lv: &LayerView<B>) -> u64 {
        let mut n = 0;
        for v in &self.t.codes[b.side] {
            let mut pieces = b.pieces[v.code];
            if pieces.is_zero() {
                continue;
            }
            if let Some(sweep) = v.sweep.as_ref().and_then(|s| s.words.as_ref()) {
                // A screen, or a piece promoting because it starts in the zone, goes alone.
                let mut swept = pieces & !lv.screens;
                if let Some(p) = v.promotion.as_ref().filter(|p| p.from_zone) {
                    swept &= !p.zone;
                }
                // A displacement costs about what a piece does here: few pieces go one by one.
                if swept.count() as usize >= sweep.by.len() {
                    n += self.sweep_count_layered(b, g, lv, v, sweep, swept);
                    pieces &= !swept;
                }
            }
            let royals = pieces & g.royals;
            if v.royal && royals.any() {
                for from in royals.iter() {
                    let steps = self.royal_steps_layered(b, lv, v, from);
                    let base = lv.bases[lv.royal_layer_index];
                    n += Self::moves_per_choice_word(v, from, steps, base);
                }
                pieces &= !royals;
            }
            if pieces.is_zero() {
                continue;
            }
            let on_layers = lv.layer_words(pieces);
            // For the common shapes, `reach_word` without its loop over sliders.
            n += match (v.shape.simple && v.shape.leaps_alike, &v.sliders[..]) {
                (true, []) => self.count_on_layers(b, g, lv, v, on_layers, |w, from| {
                    v.leap_move_words[from] & !w.own
                }),
                (true, [s]) => self.count_on_layers(b, g, lv, v, on_layers, |w, from| {
                    (v.leap_move_words[from] | s.reach_word(from, w.occ)) & !w.own
                }),
                (true, [s, t]) => self.count_on_layers(b, g, lv, v, on_layers, |w, from| {
                    let rides = s.reach_word(from, w.occ) | t.reach_word(from, w.occ);
                    (v.leap_move_words[from] | rides) & !w.own
                }),
                _ => self.count_on_layers_general(b, g, lv, v, on_layers),
            };
        }
        self.special_moves_layered(b, g, &mut |_| n += 1);
        n
    }

    /// [`Plain::count_on_layers`] of the shapes the leaf count does not spell out (in Alice, a
    /// pawn left out of the sweep), called: most such pieces are swept, and the general reach
    /// inlined cost the leaf count registers.
    #[inline(never)]
    fn count_on_layers_general(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        lv: &LayerView<B>,
        v: &CodeTables<B>,
        on_layers: [u64; 2],
    ) -> u64 {
        self.count_on_layers(b, g, lv, v, on_layers, |w, from| {
            self.reach_word(b, w, v, from, usize::from(from >= self.r.cells))
        })
    }

    /// Counts the moves of the pieces of `v` on the cells `on_layers` of each layer (as
    /// [`LayerView::layer_words`] gives them), whose reach (as a word of its layer of words
    /// `w`) is `reach(w, from)`.
    #[inline(always)]
    fn count_on_layers(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        lv: &LayerView<B>,
        v: &CodeTables<B>,
        on_layers: [u64; 2],
        reach: impl Fn(&LayerWords, usize) -> u64,
    ) -> u64 {
        let mut n = 0;
        // Indexed: an iterator over the pair made the leaf count 1% longer.
        #[allow(clippy::needless_range_loop)]
        for layer in 0..2 {
            let (w, base) = (&lv.words[layer], lv.bases[layer]);
            for cell in (on_layers[layer] & lv.cells).iter() {
                let from = base + cell;
                let (bulk, test) = Self::split_targets(lv, cell, layer, reach(w, from));
                let mut t = bulk;
                if test != 0 {
                    t |= self
                        .judged(b, g, v, from, B::deposit64(test, base))
                        .extract64(base);
                }
                n += Self::moves_per_choice_word(v, from, t, base);
            }
        }
        n
    }

    /// [`Plain::moves_per_choice`] of targets `t` given as a word of the layer that starts at
    /// `base`.
    #[inline(always)]
    fn moves_per_choice_word(v: &CodeTables<B>, from: usize, t: u64, base: usize) -> u64 {
        match v.promotion {
            None => t.count_ones() as u64,
            Some(_) => Self::moves_per_choice(v, from, B::deposit64(t, base)),
        }
    }

    /// The moves of the unscreened `pieces` of a sweeping code, counted at once but for the
    /// captures on the royal piece's layer that may open one of its lines: each layer swept
    /// in its word.
    fn sweep_count_layered(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        lv: &LayerView<B>,
        v: &CodeTables<B>,
        sweep: &LayerSweep,
        pieces: B,
    ) -> u64 {
        // A move landing in the zone counts once per choice.
        let extra = v
            .promotion
            .as_ref()
            .map_or(0, |p| p.choices.len() as u64 - 1);
        let mut n = 0;
        let on_layers = lv.layer_words(pieces);
        // Indexed, as in [`Plain::count_on_layers`].
        #[allow(clippy::needless_range_loop)]
        for layer in 0..2 {
            let p = on_layers[layer] & lv.cells;
            if p == 0 {
                continue;
            }
            let w = &lv.words[layer];
            // Where a landing piece is counted at once, and where it is judged alone.
            let (bulk, judged) = if layer != lv.royal_layer_index {
                (w.free & lv.landing_word, 0)
            } else if lv.in_check {
                (0, w.free & w.enemy)
            } else {
                let judged = w.free & w.enemy & lv.opening_word;
                (w.free & !judged, judged)
            };
            n += if sweep.direct && judged == 0 {
                Self::sweep_direct_words(w, lv.cells, sweep, p, bulk, extra)
            } else {
                let landing = (bulk, judged, lv.bases[layer]);
                self.sweep_judged_words(b, g, v, w, lv.cells, sweep, p, landing, extra)
            };
        }
        n
    }

    /// The moves of the pieces `p` of a sweeping code on the layer of words `w` (which starts
    /// at `base`), gathered per displacement: those landing on `bulk` counted (and `extra` more
    /// in the promotion zone), those landing on `judged` judged one by one. Called, not
    /// inlined: most layers' pawns are counted as found ([`Plain::sweep_direct_words`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn sweep_judged_words(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        v: &CodeTables<B>,
        w: &LayerWords,
        cells: u64,
        sweep: &LayerSweep,
        p: u64,
        (bulk, judged, base): (u64, u64, usize),
        extra: u64,
    ) -> u64 {
        let shifts = sweep.by.len().min(MAX_SHIFTS);
        let mut n = 0;
        let mut landing = [0u64; MAX_SHIFTS];
        Self::sweep_landing_words(w, cells, sweep, p, &mut landing);
        let mut landed = 0;
        for &l in &landing[..shifts] {
            n += u64::from((l & bulk).count_ones());
            landed |= l;
        }
        // Promotions are rare: their extra choices are counted only where there are any.
        if landed & bulk & sweep.zone != 0 {
            for &l in &landing[..shifts] {
                n += u64::from((l & bulk & sweep.zone).count_ones()) * extra;
            }
        }
        for (&by, &l) in sweep.by.iter().zip(&landing[..shifts]) {
            let mut tested = l & judged;
            while tested != 0 {
                let to = tested.trailing_zeros() as usize;
                tested &= tested - 1;
                let from = (base + to) as i32 - by;
                if self.judged(b, g, v, from as usize, B::bit(base + to)).any() {
                    n += 1 + u64::from(sweep.zone >> to & 1 != 0) * extra;
                }
            }
        }
        n
    }

    /// The moves of the pieces `p` of a sweeping code whose displacements each have one
    /// source ([`Sweep::direct`]) on the layer of words `w`, where every landing on `bulk`
    /// counts (and `extra` more in the promotion zone), counted as they are found.
    #[inline(always)]
    fn sweep_direct_words(
        w: &LayerWords,
        cells: u64,
        sweep: &LayerSweep,
        p: u64,
        bulk: u64,
        extra: u64,
    ) -> u64 {
        let empty = !w.occ & cells;
        let open = [empty, w.enemy, empty | w.enemy, 0].map(|o| o & bulk);
        let count =
            |l: u64| u64::from(l.count_ones()) + u64::from((l & sweep.zone).count_ones()) * extra;
        let mut n = 0;
        each_landing(sweep.steps(), p, open, empty, |_, landed, covered| {
            if !covered {
                n += count(landed);
            }
        });
        n
    }

    /// Adds to `landing` where the pieces `p` of a sweeping code land on the layer of words
    /// `w`, per displacement, before checks and pins.
    #[inline(always)]
    fn sweep_landing_words(
        w: &LayerWords,
        cells: u64,
        sweep: &LayerSweep,
        p: u64,
        landing: &mut [u64; MAX_SHIFTS],
    ) {
        let empty = !w.occ & cells;
        // Where each modality may land, in the order of `Modality`'s variants.
        let open = [empty, w.enemy, empty | w.enemy, 0];
        each_landing(sweep.steps(), p, open, empty, |i, landed, _| {
            landing[i as usize & (MAX_SHIFTS - 1)] |= landed;
        });
    }

    /// Calls `f` with each legal move on two layers.
    #[inline(never)]
    pub(super) fn legal_moves_layered(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        lv: &LayerView<B>,
        f: &mut impl FnMut(PlainMove),
    ) {
        for v in &self.t.codes[b.side] {
            for from in b.pieces[v.code].iter() {
                let (bulk, test) = self.layered_targets(b, g, lv, v, from);
                let t = bulk | self.judged(b, g, v, from, test);
                self.each_move(b, g, v.code, from, t, Kind::Normal, f);
            }
        }
        self.special_moves_layered(b, g, f);
    }

    /// Of the targets `t` of the piece on `from`, those where its move is legal.
    #[inline(never)]
    fn judged(&self, b: &Board<B>, g: &Guard<'_, B>, v: &CodeTables<B>, from: usize, t: B) -> B {
        let mut ok = B::ZERO;
        for to in t.iter() {
            let m = PlainMove {
                from: from as u16,
                to: to as u16,
                code: v.code as u8,
                promo: 0,
                choice: 0,
                kind: Kind::Normal,
            };
            if self.layered_legal(b, g, m) {
                ok |= B::bit(to);
            }
        }
        ok
    }
    /// Calls `f` with each legal en passant capture and castle on two layers. (Their loops are
    /// written apart from the one-layer ones, which chess's leaf count keeps inlined: sharing
    /// them cost chess 1–3% of its perft.) Most positions have neither: a castle whose path
    /// is not empty is passed over here, without a call.
    #[inline(always)]
    pub(super) fn special_moves_layered(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        f: &mut impl FnMut(PlainMove),
    ) {
        if b.ep.is_some() {
            self.en_passant_layered(b, g, f);
        }
        let mut rights = b.castling & self.castle_bits[b.side];
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            if (b.occ & self.castles[i].empty).is_zero() {
                self.castle_layered(b, g, i, f);
            }
        }
    }

    /// Calls `f` with each legal en passant capture on two layers: the victim and the
    /// squares passed over are cells, taken on either layer.
    #[inline(never)]
    fn en_passant_layered(&self, b: &Board<B>, g: &Guard<'_, B>, f: &mut impl FnMut(PlainMove)) {
        let r = self.r;
        let Some(ep) = b.ep else { return };
        let (us, them) = (b.side, 1 - b.side);
        let on_layers = |cell: u16| B::bit(cell as usize) | B::bit(r.cells + cell as usize);
        let mut victims = B::ZERO;
        for &c in &self.t.passers[them] {
            victims |= b.pieces[c as usize];
        }
        if (victims & on_layers(ep.victim)).is_zero() {
            return;
        }
        let mut targets = B::ZERO;
        for &cell in ep.targets() {
            targets |= on_layers(cell);
        }
        for target in (targets & !b.occ & r.en_passant_region[us]).iter() {
            for &code in &self.t.passers[us] {
                let code = code as usize;
                let cr = &r.codes[code];
                for from in self.capturers(b, code, target).iter() {
                    // A piece that may also step there quietly just steps there.
                    if self.targets(b, cr, from).0.has(target) {
                        continue;
                    }
                    let m = PlainMove {
                        from: from as u16,
                        to: target as u16,
                        code: code as u8,
                        promo: 0,
                        choice: 0,
                        kind: Kind::EnPassant,
                    };
                    if self.layered_legal(b, g, m) {
                        self.each_move(b, g, code, from, B::bit(target), Kind::EnPassant, f);
                    }
                }
            }
        }
    }

    /// Calls `f` with castle `i` on two layers (the king and the rook cross) if it is legal;
    /// its path is empty.
    #[inline(never)]
    fn castle_layered(
        &self,
        b: &Board<B>,
        g: &Guard<'_, B>,
        i: usize,
        f: &mut impl FnMut(PlainMove),
    ) {
        let them = 1 - b.side;
        let c = &self.castles[i];
        let (kf, kt, rf, _) = c.squares();
        if !b.pieces[c.king_code as usize].has(kf)
            || !b.pieces[c.rook_code as usize].has(rf)
            || c.safe
                .iter()
                .any(|&s| self.attacked(b, s as usize, them, b.occ, B::ZERO))
        {
            return;
        }
        let m = PlainMove {
            from: kf as u16,
            to: kt as u16,
            code: c.king_code,
            promo: 0,
            choice: 0,
            kind: Kind::Castle(i as u8),
        };
        if self.layered_legal(b, g, m) {
            f(m);
        }
    }
}
