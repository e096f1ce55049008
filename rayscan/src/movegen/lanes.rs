//! Eight bitboards side by side, one per board: what perft's last ply works on when it
//! counts eight children at once ([`super::batch`]).
//!
//! Two backends behind one small API. Built with AVX-512 (`-C target-cpu=native` on
//! Zen 4 and 5, or a recent Intel), a [`Lanes`] is one 512-bit register and each
//! operation one instruction (`vpandq`, `vpsllq`, `vpopcntq`, `vplzcntq`…), a [`Mask`]
//! one mask register. Elsewhere both are plain arrays handled lane by lane: correct, and
//! what the tests compare with the scalar count on every build, but not fast, so perft
//! uses this path only with AVX-512 ([`super::batch::PAYS`]). Left to the compiler's
//! vectorizer, the array code came out split into halves and quarters with shuffles
//! between them, and perft ran at half speed: hence the intrinsics.

use core::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// One bit per lane: where a condition holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mask(pub(crate) u8);

impl Mask {
    /// The first `n` lanes (all eight for `n` ≥ 8).
    #[inline(always)]
    pub(crate) fn first(n: usize) -> Mask {
        Mask(if n >= 8 { 0xff } else { (1u8 << n) - 1 })
    }

    /// Whether the condition holds in some lane.
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.0 != 0
    }
}

impl BitAnd for Mask {
    type Output = Mask;
    #[inline(always)]
    fn bitand(self, o: Mask) -> Mask {
        Mask(self.0 & o.0)
    }
}

impl BitAndAssign for Mask {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Mask) {
        self.0 &= o.0;
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "avx512vpopcntdq",
    target_feature = "avx512cd"
))]
mod backend {
    use super::Mask;
    use core::arch::x86_64::*;

    /// Calls intrinsics of the features this module is compiled with.
    macro_rules! simd {
        ($e:expr) => {
            // SAFETY: this module is compiled only where the crate is built with
            // AVX-512F, VPOPCNTDQ and CD (its `cfg`), so a CPU that runs it has them.
            unsafe { $e }
        };
    }

    /// Eight 64-bit words in one AVX-512 register.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Lanes(__m512i);

    impl Lanes {
        /// The eight words of `a`.
        #[inline(always)]
        pub(crate) fn from_array(a: [u64; 8]) -> Lanes {
            // SAFETY: `[u64; 8]` and `__m512i` have the same size, and every bit
            // pattern is a valid value of both.
            Lanes(unsafe { core::mem::transmute::<[u64; 8], __m512i>(a) })
        }
        /// The eight words.
        #[cfg(test)]
        pub(crate) fn to_array(self) -> [u64; 8] {
            // SAFETY: as in `from_array`.
            unsafe { core::mem::transmute::<__m512i, [u64; 8]>(self.0) }
        }
        #[inline(always)]
        pub(crate) fn splat(x: u64) -> Lanes {
            Lanes(simd!(_mm512_set1_epi64(x as i64)))
        }
        #[inline(always)]
        pub(crate) fn and(self, o: Lanes) -> Lanes {
            Lanes(simd!(_mm512_and_si512(self.0, o.0)))
        }
        #[inline(always)]
        pub(crate) fn or(self, o: Lanes) -> Lanes {
            Lanes(simd!(_mm512_or_si512(self.0, o.0)))
        }
        #[inline(always)]
        pub(crate) fn xor(self, o: Lanes) -> Lanes {
            Lanes(simd!(_mm512_xor_si512(self.0, o.0)))
        }
        #[inline(always)]
        pub(crate) fn not(self) -> Lanes {
            Lanes(simd!(_mm512_ternarylogic_epi64::<0x55>(
                self.0, self.0, self.0
            )))
        }
        #[inline(always)]
        pub(crate) fn add(self, o: Lanes) -> Lanes {
            Lanes(simd!(_mm512_add_epi64(self.0, o.0)))
        }
        #[inline(always)]
        pub(crate) fn sub(self, o: Lanes) -> Lanes {
            Lanes(simd!(_mm512_sub_epi64(self.0, o.0)))
        }
        #[inline(always)]
        pub(crate) fn shl(self, n: u32) -> Lanes {
            Lanes(simd!(_mm512_sll_epi64(
                self.0,
                _mm_cvtsi64_si128(i64::from(n))
            )))
        }
        #[inline(always)]
        pub(crate) fn shr(self, n: u32) -> Lanes {
            Lanes(simd!(_mm512_srl_epi64(
                self.0,
                _mm_cvtsi64_si128(i64::from(n))
            )))
        }
        #[inline(always)]
        pub(crate) fn len(self) -> Lanes {
            Lanes(simd!(_mm512_popcnt_epi64(self.0)))
        }
        #[inline(always)]
        pub(crate) fn highest(self) -> Lanes {
            // The top bit moved right by the leading zeros: 64 of them (zero) shift it out.
            let top = simd!(_mm512_set1_epi64(i64::MIN));
            Lanes(simd!(_mm512_srlv_epi64(top, _mm512_lzcnt_epi64(self.0))))
        }
        #[inline(always)]
        pub(crate) fn non_zero(self) -> Mask {
            Mask(simd!(_mm512_test_epi64_mask(self.0, self.0)))
        }
        #[inline(always)]
        pub(crate) fn is_zero(self) -> Mask {
            Mask(simd!(_mm512_testn_epi64_mask(self.0, self.0)))
        }
        #[inline(always)]
        pub(crate) fn keep(self, m: Mask) -> Lanes {
            Lanes(simd!(_mm512_maskz_mov_epi64(m.0, self.0)))
        }
        #[inline(always)]
        pub(crate) fn sum(self) -> u64 {
            simd!(_mm512_reduce_add_epi64(self.0)) as u64
        }
    }
}

#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "avx512vpopcntdq",
    target_feature = "avx512cd"
)))]
mod backend {
    use super::Mask;

    /// Eight 64-bit words, handled one by one.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Lanes([u64; 8]);

    impl Lanes {
        #[inline(always)]
        fn map(self, f: impl Fn(u64) -> u64) -> Lanes {
            Lanes(self.0.map(f))
        }
        #[inline(always)]
        fn zip(self, o: Lanes, f: impl Fn(u64, u64) -> u64) -> Lanes {
            Lanes(core::array::from_fn(|i| f(self.0[i], o.0[i])))
        }
        #[inline(always)]
        fn mask(self, f: impl Fn(u64) -> bool) -> Mask {
            Mask((0..8).fold(0, |m, i| m | (u8::from(f(self.0[i])) << i)))
        }
        /// The eight words of `a`.
        #[inline(always)]
        pub(crate) fn from_array(a: [u64; 8]) -> Lanes {
            Lanes(a)
        }
        /// The eight words.
        #[cfg(test)]
        pub(crate) fn to_array(self) -> [u64; 8] {
            self.0
        }
        #[inline(always)]
        pub(crate) fn splat(x: u64) -> Lanes {
            Lanes([x; 8])
        }
        #[inline(always)]
        pub(crate) fn and(self, o: Lanes) -> Lanes {
            self.zip(o, |x, y| x & y)
        }
        #[inline(always)]
        pub(crate) fn or(self, o: Lanes) -> Lanes {
            self.zip(o, |x, y| x | y)
        }
        #[inline(always)]
        pub(crate) fn xor(self, o: Lanes) -> Lanes {
            self.zip(o, |x, y| x ^ y)
        }
        #[inline(always)]
        pub(crate) fn not(self) -> Lanes {
            self.map(|x| !x)
        }
        #[inline(always)]
        pub(crate) fn add(self, o: Lanes) -> Lanes {
            self.zip(o, u64::wrapping_add)
        }
        #[inline(always)]
        pub(crate) fn sub(self, o: Lanes) -> Lanes {
            self.zip(o, u64::wrapping_sub)
        }
        #[inline(always)]
        pub(crate) fn shl(self, n: u32) -> Lanes {
            self.map(|x| x << n)
        }
        #[inline(always)]
        pub(crate) fn shr(self, n: u32) -> Lanes {
            self.map(|x| x >> n)
        }
        #[inline(always)]
        pub(crate) fn len(self) -> Lanes {
            self.map(|x| u64::from(x.count_ones()))
        }
        #[inline(always)]
        pub(crate) fn highest(self) -> Lanes {
            self.map(|x| {
                if x == 0 {
                    0
                } else {
                    1 << (63 - x.leading_zeros())
                }
            })
        }
        #[inline(always)]
        pub(crate) fn non_zero(self) -> Mask {
            self.mask(|x| x != 0)
        }
        #[inline(always)]
        pub(crate) fn is_zero(self) -> Mask {
            self.mask(|x| x == 0)
        }
        #[inline(always)]
        pub(crate) fn keep(self, m: Mask) -> Lanes {
            Lanes(core::array::from_fn(|i| {
                if m.0 >> i & 1 != 0 { self.0[i] } else { 0 }
            }))
        }
        #[inline(always)]
        pub(crate) fn sum(self) -> u64 {
            self.0.iter().fold(0, |a, &x| a.wrapping_add(x))
        }
    }
}

/// Eight 64-bit words, one per board: sets of squares, or counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes(backend::Lanes);

impl Lanes {
    /// `x` in every lane.
    #[inline(always)]
    pub(crate) fn splat(x: u64) -> Lanes {
        Lanes(backend::Lanes::splat(x))
    }

    /// Zero in every lane.
    #[inline(always)]
    pub(crate) fn zero() -> Lanes {
        Lanes::splat(0)
    }

    /// The eight words of `a`, lane 0 first.
    #[inline(always)]
    pub(crate) fn from_array(a: [u64; 8]) -> Lanes {
        Lanes(backend::Lanes::from_array(a))
    }

    /// The eight words, lane 0 first.
    #[cfg(test)]
    pub(crate) fn to_array(self) -> [u64; 8] {
        self.0.to_array()
    }

    /// Each lane's set moved `offset` square indices up (down if negative), bits that
    /// leave the word dropped.
    #[inline(always)]
    pub(crate) fn shift(self, offset: i8) -> Lanes {
        if offset >= 0 {
            Lanes(self.0.shl(offset as u32))
        } else {
            Lanes(self.0.shr(u32::from(offset.unsigned_abs())))
        }
    }

    /// The number of bits set in each lane.
    #[inline(always)]
    pub(crate) fn len(self) -> Lanes {
        Lanes(self.0.len())
    }

    /// The lowest bit of each lane (zero for zero).
    #[inline(always)]
    pub(crate) fn lowest(self) -> Lanes {
        self & (Lanes::zero() - self)
    }

    /// The highest bit of each lane (zero for zero).
    #[inline(always)]
    pub(crate) fn highest(self) -> Lanes {
        Lanes(self.0.highest())
    }

    /// The lanes that are not zero.
    #[inline(always)]
    pub(crate) fn non_zero(self) -> Mask {
        self.0.non_zero()
    }

    /// The lanes that are zero.
    #[inline(always)]
    pub(crate) fn is_zero(self) -> Mask {
        self.0.is_zero()
    }

    /// The lanes with at most one bit set.
    #[inline(always)]
    pub(crate) fn at_most_one(self) -> Mask {
        (self & (self - Lanes::splat(1))).is_zero()
    }

    /// Whether some lane is not zero.
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.non_zero().any()
    }

    /// The lanes of `m`, zero elsewhere.
    #[inline(always)]
    pub(crate) fn keep(self, m: Mask) -> Lanes {
        Lanes(self.0.keep(m))
    }

    /// The sum of the lanes.
    #[inline(always)]
    pub(crate) fn sum(self) -> u64 {
        self.0.sum()
    }
}

impl BitAnd for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitand(self, o: Lanes) -> Lanes {
        Lanes(self.0.and(o.0))
    }
}

impl BitOr for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitor(self, o: Lanes) -> Lanes {
        Lanes(self.0.or(o.0))
    }
}

impl BitXor for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitxor(self, o: Lanes) -> Lanes {
        Lanes(self.0.xor(o.0))
    }
}

impl Not for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn not(self) -> Lanes {
        Lanes(self.0.not())
    }
}

impl BitAndAssign for Lanes {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Lanes) {
        *self = *self & o;
    }
}

impl BitOrAssign for Lanes {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Lanes) {
        *self = *self | o;
    }
}

/// Lane-wise wrapping addition (of counts).
impl Add for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn add(self, o: Lanes) -> Lanes {
        Lanes(self.0.add(o.0))
    }
}

/// Lane-wise wrapping subtraction.
impl Sub for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn sub(self, o: Lanes) -> Lanes {
        Lanes(self.0.sub(o.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_answer_as_one_word_does() {
        let words = [
            0,
            1,
            6,
            1 << 63,
            0x8000_0000_0000_0001,
            !0,
            0x00f0_0000_0000_0000,
            40,
        ];
        let l = Lanes::from_array(words);
        for (i, &x) in words.iter().enumerate() {
            let bit = |m: Mask| m.0 >> i & 1 != 0;
            assert_eq!(l.len().to_array()[i], u64::from(x.count_ones()));
            assert_eq!(l.lowest().to_array()[i], x & x.wrapping_neg());
            let top = if x == 0 {
                0
            } else {
                1 << (63 - x.leading_zeros())
            };
            assert_eq!(l.highest().to_array()[i], top);
            assert_eq!(bit(l.is_zero()), x == 0);
            assert_eq!(bit(l.non_zero()), x != 0);
            assert_eq!(bit(l.at_most_one()), x.count_ones() <= 1);
            assert_eq!(l.shift(9).to_array()[i], x << 9);
            assert_eq!(l.shift(-7).to_array()[i], x >> 7);
            assert_eq!((!l).to_array()[i], !x);
            assert_eq!(
                l.keep(Mask(0b1010_1010)).to_array()[i],
                if i % 2 == 1 { x } else { 0 }
            );
        }
        assert!(l.any());
        assert!(!Lanes::zero().any());
        assert!(Lanes::from_array([0, 0, 0, 0, 0, 0, 0, 2]).any());
        assert_eq!(
            l.len().sum(),
            words.iter().map(|x| u64::from(x.count_ones())).sum::<u64>()
        );
        assert_eq!(Mask::first(3), Mask(0b111));
        assert_eq!(Mask::first(8), Mask(0xff));
    }
}
