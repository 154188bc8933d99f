//! The computer player: a search over the interpreter's legal moves for every variant the
//! language can say. Iterative deepening principal variation search with quiescence on
//! captures, a transposition table on Zobrist keys ([`key`]), move ordering (table move,
//! captures by value, killers, history), check extensions, and the game's ends from the
//! variant's end rules; the evaluation comes from the rules ([`eval`]); [`clock`] shares a
//! GUI's clock over the moves. With more than one thread ([`Engine::threads`]) the search is
//! a Lazy SMP: helper threads search the same root at staggered depths, sharing the table,
//! and the main thread's result is the answer.

pub mod clock;
pub mod eval;
pub mod table;
mod tree;

pub use crate::engine::key;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::engine::bitboard::Bits;
use crate::engine::position::{Move, Position};
use crate::engine::rules::Rules;

pub use clock::Clock;
pub use table::Table;

/// A score at least this far from zero is a mate.
pub const MATE: i32 = 1_000_000;
/// Beyond every score.
pub(crate) const INFINITE: i32 = 2_000_000;
/// The deepest ply a search goes to.
pub const MAX_PLY: usize = 100;

/// When a search stops (besides its stop flag): the first limit reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations at most.
    pub depth: Option<u32>,
    /// Nodes at most.
    pub nodes: Option<u64>,
    /// Time at most.
    pub movetime: Option<Duration>,
}

/// A score: centipawns for the side to move, or a mate in so many moves (negative: it is
/// mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Moves to mate (or to whatever end the rules give), negative when the side is lost.
    Mate(i32),
}

impl Score {
    /// The score of a search value.
    pub fn of(v: i32) -> Score {
        if v.abs() >= MATE - MAX_PLY as i32 * 2 {
            let plies = MATE - v.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if v > 0 { moves } else { -moves })
        } else {
            Score::Centipawns(v)
        }
    }

    /// As UCI writes it: `cp 35`, `mate -2`.
    pub fn uci(&self) -> String {
        match self {
            Score::Centipawns(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        }
    }
}

/// What an iteration found: written as it deepens, and the result of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress<M> {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub millis: u64,
    /// The principal variation, best move first (empty when there is no legal move).
    pub pv: Vec<M>,
}

/// What a search keeps between moves: the transposition table, and how many threads search.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The transposition table.
    pub table: Table,
    /// Threads searching together (1: the search alone, deterministic).
    pub threads: usize,
}

/// The most threads a search takes: the machine's cores, at most 256.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256))
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a table of `megabytes` MB.
    pub fn new(megabytes: usize) -> Engine {
        Engine {
            table: Table::new(megabytes),
            threads: 1,
        }
    }
}

/// The keys of the positions the game went through before `pos` (oldest first), for
/// repetitions: the position's history replayed backwards on a copy.
pub fn game_keys<B: Bits>(r: &Rules<B>, pos: &Position<B>) -> Vec<u64> {
    let mut copy = pos.clone();
    let mut keys = vec![];
    while copy.plies_played() > 0 {
        copy.unmake(r);
        keys.push(key::board_key(r, &copy) ^ key::state_key(r, &copy));
    }
    keys.reverse();
    keys
}

/// Searches `pos` (left as it was) within `limits` or until `stop` is set, calling `report`
/// after each completed iteration; returns the last completed iteration (at least one move
/// when there is a legal move).
pub fn search<B: Bits>(
    r: &Rules<B>,
    pos: &mut Position<B>,
    engine: &mut Engine,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Progress<Move>),
) -> Progress<Move> {
    let history = game_keys(r, pos);
    // WebAssembly has no threads here (and the playground's module no room for their code).
    #[cfg(not(target_family = "wasm"))]
    if engine.threads > 1 {
        return lazy_smp(r, pos, engine, (limits, stop), history, report);
    }
    let mut s = tree::Searcher::new(r, pos, &engine.table, (limits, stop), history);
    s.iterate(report)
}

#[cfg(not(target_family = "wasm"))]
/// [`search`] in `engine.threads` threads: helpers search copies of `pos` until the main
/// thread's search ends.
fn lazy_smp<B: Bits>(
    r: &Rules<B>,
    pos: &mut Position<B>,
    engine: &Engine,
    (limits, stop): (&Limits, &AtomicBool),
    history: Vec<u64>,
    report: &mut dyn FnMut(&Progress<Move>),
) -> Progress<Move> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let table = &engine.table;
    let done = AtomicBool::new(false);
    let counts: Vec<AtomicU64> = (1..engine.threads).map(|_| AtomicU64::new(0)).collect();
    let helper_limits = Limits {
        depth: limits.depth,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        for index in 1..engine.threads {
            let (mut copy, keys) = (pos.clone(), history.clone());
            let (done, counts, helper_limits) = (&done, &counts, &helper_limits);
            scope.spawn(move || {
                let mut s = tree::Searcher::new(r, &mut copy, table, (helper_limits, done), keys);
                s.join_threads(index, counts);
                s.iterate(&mut |_| {});
            });
        }
        let mut s = tree::Searcher::new(r, pos, table, (limits, stop), history);
        s.join_threads(0, &counts);
        let found = s.iterate(report);
        done.store(true, Ordering::Relaxed);
        found
    })
}
