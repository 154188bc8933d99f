//! Square sets as bitboards, generic over their width so that an 8×8 board runs on `u64`, Alice's
//! two 8×8 layers on `u128`, and a 16×16 board on four words. The interpreter is monomorphised
//! for each width; nothing in it knows the board size.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit each: `u64` for boards of up to 64 squares, wider words beyond.
pub trait Bits:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// How many squares fit.
    const CAPACITY: usize;
    /// The set of square `i` alone.
    fn bit(i: usize) -> Self;
    /// Whether the set is empty.
    fn is_zero(self) -> bool;
    /// Index of the lowest set bit; the set must not be empty.
    fn lsb(self) -> usize;
    /// Index of the highest set bit; the set must not be empty.
    fn msb(self) -> usize;
    /// How many squares it holds.
    fn count(self) -> u32;

    /// Whether it holds square `i`.
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
    /// Whether it holds any square.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_zero()
    }
    /// Removes and returns the lowest square.
    #[inline(always)]
    fn pop(&mut self) -> usize {
        let i = self.lsb();
        *self = self.without_lsb();
        i
    }
    /// The set without its lowest square.
    fn without_lsb(self) -> Self;
    /// The 64 squares from `start` on, as a word; `start` is below [`Bits::CAPACITY`].
    #[inline(always)]
    fn extract64(self, start: usize) -> u64 {
        self.shr(start).low64()
    }
    /// A word placed at square `start`, below [`Bits::CAPACITY`].
    #[inline(always)]
    fn deposit64(x: u64, start: usize) -> Self {
        Self::from_low64(x).shl(start)
    }
    /// The first 64 squares, as a word.
    fn low64(self) -> u64;
    /// The set of the squares of a word, from square 0 on.
    fn from_low64(x: u64) -> Self;
    /// Shifts toward lower squares; bits shifted out are lost.
    fn shr(self, n: usize) -> Self;
    /// Shifts toward higher squares; bits shifted out are lost.
    fn shl(self, n: usize) -> Self;
    /// Its squares, lowest first.
    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// The squares of a set, lowest first.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            None
        } else {
            Some(self.0.pop())
        }
    }
}

macro_rules! prim_bits {
    ($t:ty, $bit:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                $bit(i)
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn msb(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            // A primitive's shift within its width needs no test for bits shifted out whole
            // (a slider looks up every move this way).
            #[inline(always)]
            fn extract64(self, start: usize) -> u64 {
                (self >> start) as u64
            }
            #[inline(always)]
            fn deposit64(x: u64, start: usize) -> Self {
                (x as Self) << start
            }
            #[inline(always)]
            fn low64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_low64(x: u64) -> Self {
                x as Self
            }
            #[inline(always)]
            fn shr(self, n: usize) -> Self {
                self.checked_shr(n as u32).unwrap_or(0)
            }
            #[inline(always)]
            fn shl(self, n: usize) -> Self {
                self.checked_shl(n as u32).unwrap_or(0)
            }
        }
    };
}

prim_bits!(u64, |i: usize| 1 << i);
// A 128-bit shift by a run-time amount takes seven instructions; a load from this table, two.
prim_bits!(u128, |i: usize| BITS128[i & 127]);

static BITS128: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// A bitboard of `N` 64-bit words, for boards of more than 128 squares.
///
/// Its operations are inlined everywhere, unrolled for each `N`, except with the feature
/// `fewer-widths`, where the compiler decides: the code stays small where size matters more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const N: usize> $tr for Wide<N> {
            type Output = Self;
            #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
            fn $f(self, o: Self) -> Self {
                let mut r = self.0;
                for (a, b) in r.iter_mut().zip(o.0) {
                    a.$af(b);
                }
                Wide(r)
            }
        }
        impl<const N: usize> $atr for Wide<N> {
            #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
            fn $af(&mut self, o: Self) {
                for i in 0..N {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn not(self) -> Self {
        let mut r = self.0;
        for w in r.iter_mut() {
            *w = !*w;
        }
        Wide(r)
    }
}

impl<const N: usize> Bits for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const CAPACITY: usize = 64 * N;
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn bit(i: usize) -> Self {
        let mut r = [0; N];
        r[i / 64] = 1 << (i % 64);
        Wide(r)
    }
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn lsb(self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn msb(self) -> usize {
        for i in (0..N).rev() {
            let w = self.0[i];
            if w != 0 {
                return i * 64 + 63 - w.leading_zeros() as usize;
            }
        }
        Self::CAPACITY
    }
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[cfg_attr(not(feature = "fewer-widths"), inline(always))]
    #[cfg_attr(feature = "fewer-widths", inline(never))]
    fn without_lsb(self) -> Self {
        let mut r = self.0;
        for w in r.iter_mut() {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        Wide(r)
    }
    fn low64(self) -> u64 {
        self.0[0]
    }
    fn from_low64(x: u64) -> Self {
        let mut r = [0u64; N];
        r[0] = x;
        Wide(r)
    }
    fn shr(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut r = [0u64; N];
        for (i, out) in r.iter_mut().enumerate() {
            let lo = self.0.get(i + words).copied().unwrap_or(0);
            let hi = self.0.get(i + words + 1).copied().unwrap_or(0);
            *out = if bits == 0 {
                lo
            } else {
                (lo >> bits) | (hi << (64 - bits))
            };
        }
        Wide(r)
    }
    fn shl(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut r = [0u64; N];
        for (i, out) in r.iter_mut().enumerate() {
            if i < words {
                continue;
            }
            let lo = self.0[i - words];
            let below = if i > words { self.0[i - words - 1] } else { 0 };
            *out = if bits == 0 {
                lo
            } else {
                (lo << bits) | (below >> (64 - bits))
            };
        }
        Wide(r)
    }
}

/// The bits of `x` selected by `mask`, packed to the low end (BMI2's PEXT).
#[inline(always)]
pub fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled for the whole build (see the cfg).
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0u64, 1u64, mask);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if x & low != 0 {
                out |= bit;
            }
            bit <<= 1;
            m ^= low;
        }
        out
    }
}

/// Whether [`pext`] is a single instruction here; without it, table lookups indexed by it
/// are slower than walking the rays.
pub const FAST_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let last = B::CAPACITY - 1;
        let s = B::bit(3) | B::bit(70 % B::CAPACITY) | B::bit(last);
        assert_eq!(s.lsb(), 3);
        assert_eq!(s.msb(), last);
        assert_eq!(s.count(), 3);
        let v: Vec<usize> = s.iter().collect();
        assert_eq!(v.len(), 3);
        assert!(s.has(last) && !s.has(4));
        assert!((s & !s).is_zero());
        assert_eq!(B::bit(70 % B::CAPACITY).shr(67 % B::CAPACITY), B::bit(3));
        assert_eq!(B::bit(3).shl(60), B::bit(63));
        assert!(B::bit(last).shl(1).is_zero());
    }

    #[test]
    fn pext_packs_selected_bits() {
        assert_eq!(pext(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(pext(u64::MAX, 0), 0);
    }

    #[test]
    fn every_width_agrees() {
        check::<u64>();
        check::<u128>();
        check::<Wide<4>>();
        check::<Wide<16>>();
    }
}
