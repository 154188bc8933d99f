//! The interpreter: the IR compiled into per-square tables ([`rules`]), the position and how a
//! move changes it ([`position`], [`effects`], explosions judged from tables in [`blast`]), pseudo-legal moves ([`movegen`]), attack queries
//! ([`attacks`]), legality ([`legality`]), perft ([`perft`], and [`plain`] for rule sets that only
//! leap and ride), the end of the game ([`end`]) and FEN ([`fen`]).

pub mod attacks;
pub mod bitboard;
pub mod blast;
pub mod captures;
pub mod connect;
pub mod control;
pub mod effects;
pub mod end;
pub mod fen;
pub mod freeze;
pub mod geometry;
pub mod groups;
pub mod guard;
pub mod holes;
pub mod key;
pub mod legality;
pub mod movegen;
#[cfg(feature = "search")]
pub mod noisy;
pub mod pair;
pub mod perft;
pub mod plain;
pub mod position;
pub mod rules;
pub mod slide;
