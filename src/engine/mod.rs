//! The interpreter: the IR compiled into per-square tables, the position, move generation and
//! legality, effects, and FEN.

pub mod bitboard;
pub mod fen;
pub mod movegen;
pub mod position;
pub mod rules;
