//! Eight 64-bit words side by side ([`U64x8`]): eight bitboards in the lanes of one
//! vector register, what the `lanes` technique ([`crate::sliders::lanes`]) and perft's
//! batched last ply ([`crate::perft::LastPly::Batch`], eight children at once) compute
//! with.
//!
//! Three backends behind one small API, chosen by a type parameter ([`Backend`]):
//! - [`Avx512`]: one 512-bit register, each operation one instruction (`vpandq`,
//!   `vpsllvq`, `vpopcntq`, `vplzcntq`…), a [`Mask`] one mask register. Only code that
//!   runs where the CPU has AVX-512 may use it: the copy of the hot paths compiled for
//!   x86-64-v4 (`isa`), or any code when the crate itself is compiled with
//!   AVX-512 ([`Compiled`]).
//! - [`Avx2`]: two 256-bit registers, four lanes each, a [`Mask`] two registers of
//!   all-ones and all-zeros lanes. AVX2 has no population count or leading-zero count of
//!   a word: a count is a table of nibbles looked up by bytes, the highest bit a smear.
//!   Only code that runs where the CPU has AVX2 may use it: the x86-64-v3 copy, or code
//!   compiled with AVX2 ([`Compiled`]).
//! - [`Portable`]: plain arrays handled lane by lane, on every CPU. Correct, and what the
//!   tests compare with the others on every build, but not fast: left to the compiler's
//!   vectorizer, the array code came out split into halves and quarters with shuffles
//!   between them, and perft ran at half speed. Hence the intrinsics.

use core::marker::PhantomData;
use core::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use crate::bitboard::{Bitboard, shift_signed};

/// One flag per lane: where a condition holds, held as the backend holds it.
pub(crate) struct Mask<B: Backend>(B::M);

impl<B: Backend> Clone for Mask<B> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Backend> Copy for Mask<B> {}

impl<B: Backend> Mask<B> {
    /// The lanes whose bits are set in `bits` (bit `i` for lane `i`).
    #[inline(always)]
    pub(crate) fn from_bits(bits: u8) -> Self {
        Mask(B::mask_from_bits(bits))
    }

    /// No lane.
    #[inline(always)]
    pub(crate) fn none() -> Self {
        Self::from_bits(0)
    }

    /// The first `n` lanes (all eight for `n` ≥ 8).
    #[inline(always)]
    pub(crate) fn first(n: usize) -> Self {
        Self::from_bits(if n >= 8 { 0xff } else { (1u8 << n) - 1 })
    }

    /// Whether the condition holds in some lane.
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        B::mask_any(self.0)
    }

    /// Bit `i` for lane `i`.
    #[cfg(test)]
    pub(crate) fn bits(self) -> u8 {
        B::mask_bits(self.0)
    }
}

impl<B: Backend> BitAnd for Mask<B> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Mask(B::mask_and(self.0, o.0))
    }
}

impl<B: Backend> BitAndAssign for Mask<B> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

/// How the eight words are held and computed. Every operation is lane by lane unless it
/// says otherwise.
pub(crate) trait Backend: Copy + 'static {
    /// The eight words.
    type V: Copy;
    /// A flag per lane.
    type M: Copy;
    fn from_array(a: [u64; 8]) -> Self::V;
    fn to_array(v: Self::V) -> [u64; 8];
    fn splat(x: u64) -> Self::V;
    fn and(a: Self::V, b: Self::V) -> Self::V;
    fn or(a: Self::V, b: Self::V) -> Self::V;
    fn xor(a: Self::V, b: Self::V) -> Self::V;
    fn not(a: Self::V) -> Self::V;
    fn add(a: Self::V, b: Self::V) -> Self::V;
    fn sub(a: Self::V, b: Self::V) -> Self::V;
    /// Every lane shifted left by `n` (< 64).
    fn shl(a: Self::V, n: u32) -> Self::V;
    /// Every lane shifted right by `n` (< 64).
    fn shr(a: Self::V, n: u32) -> Self::V;
    /// Each lane shifted left by its own count; a count of 64 or more gives zero.
    fn shl_each(a: Self::V, counts: Self::V) -> Self::V;
    /// Each lane shifted right by its own count; a count of 64 or more gives zero.
    fn shr_each(a: Self::V, counts: Self::V) -> Self::V;
    /// The population count of each lane.
    fn len(a: Self::V) -> Self::V;
    /// The highest bit of each lane (zero for zero).
    fn highest(a: Self::V) -> Self::V;
    fn non_zero(a: Self::V) -> Self::M;
    fn is_zero(a: Self::V) -> Self::M;
    /// The lanes of `m`, zero elsewhere.
    fn keep(a: Self::V, m: Self::M) -> Self::V;
    /// `a ^ b` in the lanes of `m`, `a` elsewhere.
    fn xor_where(a: Self::V, m: Self::M, b: Self::V) -> Self::V;
    /// The lanes whose bits are set in `bits`.
    fn mask_from_bits(bits: u8) -> Self::M;
    /// Bit `i` set where lane `i` is.
    #[cfg(test)]
    fn mask_bits(m: Self::M) -> u8;
    fn mask_and(a: Self::M, b: Self::M) -> Self::M;
    fn mask_any(m: Self::M) -> bool;
    /// Population counts being added up ([`Tally`]).
    type Bits: Copy;
    fn bits_zero() -> Self::Bits;
    /// `acc` with the population count of each lane of `set` added.
    fn bits_add(acc: Self::Bits, set: Self::V) -> Self::Bits;
    /// The population counts added up, one per lane.
    fn bits_total(acc: Self::Bits) -> Self::V;
    /// The sum of the lanes.
    fn sum(a: Self::V) -> u64;
    /// The union of the lanes.
    fn or_all(a: Self::V) -> u64;
}

/// Plain arrays, lane by lane: every CPU.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

#[inline(always)]
fn zip(a: [u64; 8], b: [u64; 8], f: impl Fn(u64, u64) -> u64) -> [u64; 8] {
    core::array::from_fn(|i| f(a[i], b[i]))
}

#[inline(always)]
fn lanes_where(a: [u64; 8], f: impl Fn(u64) -> bool) -> u8 {
    (0..8).fold(0, |m, i| m | (u8::from(f(a[i])) << i))
}

impl Backend for Portable {
    type V = [u64; 8];
    type M = u8;
    #[inline(always)]
    fn from_array(a: [u64; 8]) -> [u64; 8] {
        a
    }
    #[inline(always)]
    fn to_array(v: [u64; 8]) -> [u64; 8] {
        v
    }
    #[inline(always)]
    fn splat(x: u64) -> [u64; 8] {
        [x; 8]
    }
    #[inline(always)]
    fn and(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x & y)
    }
    #[inline(always)]
    fn or(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x | y)
    }
    #[inline(always)]
    fn xor(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, |x, y| x ^ y)
    }
    #[inline(always)]
    fn not(a: [u64; 8]) -> [u64; 8] {
        a.map(|x| !x)
    }
    #[inline(always)]
    fn add(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, u64::wrapping_add)
    }
    #[inline(always)]
    fn sub(a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        zip(a, b, u64::wrapping_sub)
    }
    #[inline(always)]
    fn shl(a: [u64; 8], n: u32) -> [u64; 8] {
        a.map(|x| x << n)
    }
    #[inline(always)]
    fn shr(a: [u64; 8], n: u32) -> [u64; 8] {
        a.map(|x| x >> n)
    }
    #[inline(always)]
    fn shl_each(a: [u64; 8], counts: [u64; 8]) -> [u64; 8] {
        zip(a, counts, |x, n| if n < 64 { x << n } else { 0 })
    }
    #[inline(always)]
    fn shr_each(a: [u64; 8], counts: [u64; 8]) -> [u64; 8] {
        zip(a, counts, |x, n| if n < 64 { x >> n } else { 0 })
    }
    #[inline(always)]
    fn len(a: [u64; 8]) -> [u64; 8] {
        a.map(|x| u64::from(x.count_ones()))
    }
    #[inline(always)]
    fn highest(a: [u64; 8]) -> [u64; 8] {
        a.map(|x| {
            if x == 0 {
                0
            } else {
                1 << (63 - x.leading_zeros())
            }
        })
    }
    #[inline(always)]
    fn non_zero(a: [u64; 8]) -> u8 {
        lanes_where(a, |x| x != 0)
    }
    #[inline(always)]
    fn is_zero(a: [u64; 8]) -> u8 {
        lanes_where(a, |x| x == 0)
    }
    #[inline(always)]
    fn keep(a: [u64; 8], m: u8) -> [u64; 8] {
        core::array::from_fn(|i| if m >> i & 1 != 0 { a[i] } else { 0 })
    }
    #[inline(always)]
    fn xor_where(a: [u64; 8], m: u8, b: [u64; 8]) -> [u64; 8] {
        core::array::from_fn(|i| if m >> i & 1 != 0 { a[i] ^ b[i] } else { a[i] })
    }
    #[inline(always)]
    fn mask_from_bits(bits: u8) -> u8 {
        bits
    }
    #[cfg(test)]
    fn mask_bits(m: u8) -> u8 {
        m
    }
    #[inline(always)]
    fn mask_and(a: u8, b: u8) -> u8 {
        a & b
    }
    #[inline(always)]
    fn mask_any(m: u8) -> bool {
        m != 0
    }
    type Bits = [u64; 8];
    #[inline(always)]
    fn bits_zero() -> [u64; 8] {
        [0; 8]
    }
    #[inline(always)]
    fn bits_add(acc: [u64; 8], set: [u64; 8]) -> [u64; 8] {
        Self::add(acc, Self::len(set))
    }
    #[inline(always)]
    fn bits_total(acc: [u64; 8]) -> [u64; 8] {
        acc
    }
    #[inline(always)]
    fn sum(a: [u64; 8]) -> u64 {
        a.iter().fold(0, |s, &x| s.wrapping_add(x))
    }
    #[inline(always)]
    fn or_all(a: [u64; 8]) -> u64 {
        a.iter().fold(0, |s, &x| s | x)
    }
}

/// One AVX-512 register (AVX-512F, CD and VPOPCNTDQ): x86-64 only.
///
/// Its operations execute AVX-512 instructions without checking. The invariant that
/// makes them sound: this type is only named by code that runs where the CPU has those
/// features, namely the x86-64-v4 copy of the hot paths (chosen only after
/// [`crate::cpu::x86_64_v4`] said so), the `lanes` technique's unchecked twin (handed
/// out by the same test), or any code when the crate is compiled with the features
/// ([`Compiled`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512;

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{Avx512, Backend};
    use core::arch::x86_64::*;

    /// Calls intrinsics of AVX-512F, CD or VPOPCNTDQ.
    macro_rules! simd {
        ($e:expr) => {
            // SAFETY: `Avx512` is only used where the CPU has AVX-512F, CD and VPOPCNTDQ
            // (the invariant in its doc comment).
            unsafe { $e }
        };
    }

    impl Backend for Avx512 {
        type V = __m512i;
        type M = __mmask8;
        #[inline(always)]
        fn from_array(a: [u64; 8]) -> __m512i {
            // SAFETY: `[u64; 8]` and `__m512i` have the same size, and every bit pattern
            // is a valid value of both.
            unsafe { core::mem::transmute::<[u64; 8], __m512i>(a) }
        }
        #[inline(always)]
        fn to_array(v: __m512i) -> [u64; 8] {
            // SAFETY: as in `from_array`.
            unsafe { core::mem::transmute::<__m512i, [u64; 8]>(v) }
        }
        #[inline(always)]
        fn splat(x: u64) -> __m512i {
            simd!(_mm512_set1_epi64(x as i64))
        }
        #[inline(always)]
        fn and(a: __m512i, b: __m512i) -> __m512i {
            simd!(_mm512_and_si512(a, b))
        }
        #[inline(always)]
        fn or(a: __m512i, b: __m512i) -> __m512i {
            simd!(_mm512_or_si512(a, b))
        }
        #[inline(always)]
        fn xor(a: __m512i, b: __m512i) -> __m512i {
            simd!(_mm512_xor_si512(a, b))
        }
        #[inline(always)]
        fn not(a: __m512i) -> __m512i {
            simd!(_mm512_ternarylogic_epi64::<0x55>(a, a, a))
        }
        #[inline(always)]
        fn add(a: __m512i, b: __m512i) -> __m512i {
            simd!(_mm512_add_epi64(a, b))
        }
        #[inline(always)]
        fn sub(a: __m512i, b: __m512i) -> __m512i {
            simd!(_mm512_sub_epi64(a, b))
        }
        #[inline(always)]
        fn shl(a: __m512i, n: u32) -> __m512i {
            simd!(_mm512_sll_epi64(a, _mm_cvtsi64_si128(i64::from(n))))
        }
        #[inline(always)]
        fn shr(a: __m512i, n: u32) -> __m512i {
            simd!(_mm512_srl_epi64(a, _mm_cvtsi64_si128(i64::from(n))))
        }
        #[inline(always)]
        fn shl_each(a: __m512i, counts: __m512i) -> __m512i {
            // `vpsllvq` gives zero for a count of 64 or more, as the trait asks.
            simd!(_mm512_sllv_epi64(a, counts))
        }
        #[inline(always)]
        fn shr_each(a: __m512i, counts: __m512i) -> __m512i {
            simd!(_mm512_srlv_epi64(a, counts))
        }
        #[inline(always)]
        fn len(a: __m512i) -> __m512i {
            simd!(_mm512_popcnt_epi64(a))
        }
        #[inline(always)]
        fn highest(a: __m512i) -> __m512i {
            // The top bit moved right by the leading zeros: 64 of them (zero) shift it out.
            let top = simd!(_mm512_set1_epi64(i64::MIN));
            simd!(_mm512_srlv_epi64(top, _mm512_lzcnt_epi64(a)))
        }
        #[inline(always)]
        fn non_zero(a: __m512i) -> __mmask8 {
            simd!(_mm512_test_epi64_mask(a, a))
        }
        #[inline(always)]
        fn is_zero(a: __m512i) -> __mmask8 {
            simd!(_mm512_testn_epi64_mask(a, a))
        }
        #[inline(always)]
        fn keep(a: __m512i, m: __mmask8) -> __m512i {
            simd!(_mm512_maskz_mov_epi64(m, a))
        }
        #[inline(always)]
        fn xor_where(a: __m512i, m: __mmask8, b: __m512i) -> __m512i {
            simd!(_mm512_mask_xor_epi64(a, m, a, b))
        }
        #[inline(always)]
        fn mask_from_bits(bits: u8) -> __mmask8 {
            bits
        }
        #[cfg(test)]
        fn mask_bits(m: __mmask8) -> u8 {
            m
        }
        #[inline(always)]
        fn mask_and(a: __mmask8, b: __mmask8) -> __mmask8 {
            a & b
        }
        #[inline(always)]
        fn mask_any(m: __mmask8) -> bool {
            m != 0
        }
        type Bits = __m512i;
        #[inline(always)]
        fn bits_zero() -> __m512i {
            Self::splat(0)
        }
        #[inline(always)]
        fn bits_add(acc: __m512i, set: __m512i) -> __m512i {
            Self::add(acc, Self::len(set))
        }
        #[inline(always)]
        fn bits_total(acc: __m512i) -> __m512i {
            acc
        }
        #[inline(always)]
        fn sum(a: __m512i) -> u64 {
            simd!(_mm512_reduce_add_epi64(a)) as u64
        }
        #[inline(always)]
        fn or_all(a: __m512i) -> u64 {
            simd!(_mm512_reduce_or_epi64(a)) as u64
        }
    }
}

/// Two AVX2 registers of four lanes each: x86-64 only.
///
/// Its operations execute AVX2 instructions without checking. The invariant that makes
/// them sound: this type is only named by code that runs where the CPU has AVX2, namely
/// the x86-64-v3 copy of the hot paths (chosen only after [`crate::cpu::x86_64_v3`]
/// said so), or any code when the crate is compiled with AVX2 ([`Compiled`]).
// Named by the x86-64-v3 copy, and by a crate built with AVX2 (not AVX-512) as its
// backend; a crate built with AVX-512 names it nowhere.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(rayscan_v3_copy), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2;

#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(rayscan_v3_copy), allow(dead_code))]
mod avx2 {
    use super::{Avx2, Backend};
    use core::arch::x86_64::*;

    /// Calls intrinsics of AVX2.
    macro_rules! simd {
        ($e:expr) => {
            // SAFETY: `Avx2` is only used where the CPU has AVX2 (the invariant in its doc
            // comment).
            unsafe { $e }
        };
    }

    /// `$op` on each half (the lanes 0–3 and 4–7), of one operand or two. A macro, not
    /// a closure: out of line, a closure would be compiled without AVX2.
    macro_rules! halves {
        ($op:ident($a:expr)) => {{
            let a = $a;
            [simd!($op(a[0])), simd!($op(a[1]))]
        }};
        ($op:ident($a:expr, $b:expr)) => {{
            let (a, b) = ($a, $b);
            [simd!($op(a[0], b[0])), simd!($op(a[1], b[1]))]
        }};
    }

    type V = [__m256i; 2];

    #[inline(always)]
    fn ones() -> __m256i {
        simd!(_mm256_set1_epi64x(-1))
    }

    /// The population count of each byte: a table of the sixteen nibbles, looked up by
    /// the low and the high nibble of each byte and added.
    #[inline(always)]
    fn byte_counts(x: __m256i) -> __m256i {
        let table = simd!(_mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4
        ));
        let nibbles = simd!(_mm256_set1_epi8(0x0f));
        let low = simd!(_mm256_and_si256(x, nibbles));
        let high = simd!(_mm256_and_si256(_mm256_srli_epi16::<4>(x), nibbles));
        simd!(_mm256_add_epi8(
            _mm256_shuffle_epi8(table, low),
            _mm256_shuffle_epi8(table, high)
        ))
    }

    /// The highest bit of each lane: the bits below it smeared in, then the rest off.
    #[inline(always)]
    fn highest(x: __m256i) -> __m256i {
        let mut x = x;
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<1>(x)));
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<2>(x)));
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<4>(x)));
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<8>(x)));
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<16>(x)));
        x = simd!(_mm256_or_si256(x, _mm256_srli_epi64::<32>(x)));
        simd!(_mm256_andnot_si256(_mm256_srli_epi64::<1>(x), x))
    }

    /// The lanes of one half whose bits of `bits` are set: bits 0–3 for lanes 0–3, or
    /// 4–7 shifted down for lanes 4–7.
    #[inline(always)]
    fn half_mask(bits: u8) -> __m256i {
        let lane_bits = simd!(_mm256_setr_epi64x(1, 2, 4, 8));
        let picked = simd!(_mm256_and_si256(
            _mm256_set1_epi64x(i64::from(bits)),
            lane_bits
        ));
        simd!(_mm256_cmpeq_epi64(picked, lane_bits))
    }

    /// The sum of the four lanes of one register.
    #[inline(always)]
    fn add_across(x: __m256i) -> u64 {
        let two = simd!(_mm_add_epi64(
            _mm256_castsi256_si128(x),
            _mm256_extracti128_si256::<1>(x)
        ));
        simd!(_mm_cvtsi128_si64(_mm_add_epi64(
            two,
            _mm_unpackhi_epi64(two, two)
        ))) as u64
    }

    impl Backend for Avx2 {
        type V = V;
        type M = V;
        #[inline(always)]
        fn from_array(a: [u64; 8]) -> V {
            // SAFETY: `[u64; 8]` and two `__m256i` have the same size, and every bit
            // pattern is a valid value of both.
            unsafe { core::mem::transmute::<[u64; 8], V>(a) }
        }
        #[inline(always)]
        fn to_array(v: V) -> [u64; 8] {
            // SAFETY: as in `from_array`.
            unsafe { core::mem::transmute::<V, [u64; 8]>(v) }
        }
        #[inline(always)]
        fn splat(x: u64) -> V {
            let s = simd!(_mm256_set1_epi64x(x as i64));
            [s, s]
        }
        #[inline(always)]
        fn and(a: V, b: V) -> V {
            halves!(_mm256_and_si256(a, b))
        }
        #[inline(always)]
        fn or(a: V, b: V) -> V {
            halves!(_mm256_or_si256(a, b))
        }
        #[inline(always)]
        fn xor(a: V, b: V) -> V {
            halves!(_mm256_xor_si256(a, b))
        }
        #[inline(always)]
        fn not(a: V) -> V {
            Self::xor(a, [ones(), ones()])
        }
        #[inline(always)]
        fn add(a: V, b: V) -> V {
            halves!(_mm256_add_epi64(a, b))
        }
        #[inline(always)]
        fn sub(a: V, b: V) -> V {
            halves!(_mm256_sub_epi64(a, b))
        }
        #[inline(always)]
        fn shl(a: V, n: u32) -> V {
            let n = simd!(_mm_cvtsi64_si128(i64::from(n)));
            [
                simd!(_mm256_sll_epi64(a[0], n)),
                simd!(_mm256_sll_epi64(a[1], n)),
            ]
        }
        #[inline(always)]
        fn shr(a: V, n: u32) -> V {
            let n = simd!(_mm_cvtsi64_si128(i64::from(n)));
            [
                simd!(_mm256_srl_epi64(a[0], n)),
                simd!(_mm256_srl_epi64(a[1], n)),
            ]
        }
        #[inline(always)]
        fn shl_each(a: V, counts: V) -> V {
            // `vpsllvq` gives zero for a count of 64 or more, as the trait asks.
            halves!(_mm256_sllv_epi64(a, counts))
        }
        #[inline(always)]
        fn shr_each(a: V, counts: V) -> V {
            halves!(_mm256_srlv_epi64(a, counts))
        }
        #[inline(always)]
        fn len(a: V) -> V {
            let zero = simd!(_mm256_setzero_si256());
            [
                simd!(_mm256_sad_epu8(byte_counts(a[0]), zero)),
                simd!(_mm256_sad_epu8(byte_counts(a[1]), zero)),
            ]
        }
        #[inline(always)]
        fn highest(a: V) -> V {
            [highest(a[0]), highest(a[1])]
        }
        #[inline(always)]
        fn non_zero(a: V) -> V {
            Self::not(Self::is_zero(a))
        }
        #[inline(always)]
        fn is_zero(a: V) -> V {
            let zero = simd!(_mm256_setzero_si256());
            halves!(_mm256_cmpeq_epi64(a, [zero, zero]))
        }
        #[inline(always)]
        fn keep(a: V, m: V) -> V {
            Self::and(a, m)
        }
        #[inline(always)]
        fn xor_where(a: V, m: V, b: V) -> V {
            Self::xor(a, Self::and(b, m))
        }
        #[inline(always)]
        fn mask_from_bits(bits: u8) -> V {
            [half_mask(bits), half_mask(bits >> 4)]
        }
        #[cfg(test)]
        fn mask_bits(m: V) -> u8 {
            let bits = |h: __m256i| simd!(_mm256_movemask_pd(_mm256_castsi256_pd(h))) as u8;
            bits(m[0]) | bits(m[1]) << 4
        }
        #[inline(always)]
        fn mask_and(a: V, b: V) -> V {
            Self::and(a, b)
        }
        #[inline(always)]
        fn mask_any(m: V) -> bool {
            let either = simd!(_mm256_or_si256(m[0], m[1]));
            simd!(_mm256_testz_si256(either, either)) == 0
        }
        /// Counts per byte: added as bytes, summed into lanes once at the end. A byte
        /// counts at most 8 per set, so a tally of at most 31 sets cannot overflow.
        type Bits = V;
        #[inline(always)]
        fn bits_zero() -> V {
            Self::splat(0)
        }
        #[inline(always)]
        fn bits_add(acc: V, set: V) -> V {
            [
                simd!(_mm256_add_epi8(acc[0], byte_counts(set[0]))),
                simd!(_mm256_add_epi8(acc[1], byte_counts(set[1]))),
            ]
        }
        #[inline(always)]
        fn bits_total(acc: V) -> V {
            let zero = simd!(_mm256_setzero_si256());
            [
                simd!(_mm256_sad_epu8(acc[0], zero)),
                simd!(_mm256_sad_epu8(acc[1], zero)),
            ]
        }
        #[inline(always)]
        fn sum(a: V) -> u64 {
            add_across(simd!(_mm256_add_epi64(a[0], a[1])))
        }
        #[inline(always)]
        fn or_all(a: V) -> u64 {
            let o = simd!(_mm256_or_si256(a[0], a[1]));
            let two = simd!(_mm_or_si128(
                _mm256_castsi256_si128(o),
                _mm256_extracti128_si256::<1>(o)
            ));
            simd!(_mm_cvtsi128_si64(_mm_or_si128(
                two,
                _mm_unpackhi_epi64(two, two)
            ))) as u64
        }
    }
}

/// The backend of code compiled with the crate's own features: [`Avx512`] where the
/// crate is built with AVX-512F, CD and VPOPCNTDQ (`-C target-cpu=native` on Zen 4 and
/// 5 or a recent Intel), [`Avx2`] where it is built with AVX2, so that every CPU that
/// runs it has them; [`Portable`] elsewhere.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "avx512cd",
    target_feature = "avx512vpopcntdq"
))]
pub(crate) type Compiled = Avx512;
/// The backend of code compiled with the crate's own features: [`Avx512`] where the
/// crate is built with AVX-512F, CD and VPOPCNTDQ (`-C target-cpu=native` on Zen 4 and
/// 5 or a recent Intel), [`Avx2`] where it is built with AVX2, so that every CPU that
/// runs it has them; [`Portable`] elsewhere.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(all(
        target_feature = "avx512f",
        target_feature = "avx512cd",
        target_feature = "avx512vpopcntdq"
    ))
))]
pub(crate) type Compiled = Avx2;
/// The backend of code compiled with the crate's own features: [`Avx512`] where the
/// crate is built with AVX-512F, CD and VPOPCNTDQ (`-C target-cpu=native` on Zen 4 and
/// 5 or a recent Intel), [`Avx2`] where it is built with AVX2, so that every CPU that
/// runs it has them; [`Portable`] elsewhere.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
pub(crate) type Compiled = Portable;

/// Eight 64-bit words, one per lane: sets of squares, or counts.
pub(crate) struct U64x8<B: Backend>(B::V, PhantomData<B>);

impl<B: Backend> Clone for U64x8<B> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Backend> Copy for U64x8<B> {}

impl<B: Backend> core::fmt::Debug for U64x8<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("U64x8").field(&self.to_array()).finish()
    }
}

impl<B: Backend> U64x8<B> {
    #[inline(always)]
    fn new(v: B::V) -> Self {
        U64x8(v, PhantomData)
    }

    /// `x` in every lane.
    #[inline(always)]
    pub(crate) fn splat(x: u64) -> Self {
        Self::new(B::splat(x))
    }

    /// Zero in every lane.
    #[inline(always)]
    pub(crate) fn zero() -> Self {
        Self::splat(0)
    }

    /// The eight words of `a`, lane 0 first.
    #[inline(always)]
    pub(crate) fn from_array(a: [u64; 8]) -> Self {
        Self::new(B::from_array(a))
    }

    /// The eight words, lane 0 first.
    #[inline(always)]
    pub(crate) fn to_array(self) -> [u64; 8] {
        B::to_array(self.0)
    }

    /// Each lane's set moved `offset` square indices up (down if negative), bits that
    /// leave the word dropped.
    #[inline(always)]
    pub(crate) fn shift(self, offset: i8) -> Self {
        if offset >= 0 {
            Self::new(B::shl(self.0, offset as u32))
        } else {
            Self::new(B::shr(self.0, u32::from(offset.unsigned_abs())))
        }
    }

    /// Each lane shifted by its own amount: left by the lane of `left`, right by the lane
    /// of `right`, where the unused count of each lane is 64 (which gives zero). So one
    /// register shifts each lane's set in its own direction.
    #[inline(always)]
    pub(crate) fn shift_each(self, left: Self, right: Self) -> Self {
        Self::new(B::or(
            B::shl_each(self.0, left.0),
            B::shr_each(self.0, right.0),
        ))
    }

    /// The number of bits set in each lane.
    #[inline(always)]
    pub(crate) fn len(self) -> Self {
        Self::new(B::len(self.0))
    }

    /// The lowest bit of each lane (zero for zero).
    #[inline(always)]
    pub(crate) fn lowest(self) -> Self {
        self & (Self::zero() - self)
    }

    /// The highest bit of each lane (zero for zero).
    #[inline(always)]
    pub(crate) fn highest(self) -> Self {
        Self::new(B::highest(self.0))
    }

    /// The lanes that are not zero.
    #[inline(always)]
    pub(crate) fn non_zero(self) -> Mask<B> {
        Mask(B::non_zero(self.0))
    }

    /// The lanes that are zero.
    #[inline(always)]
    pub(crate) fn is_zero(self) -> Mask<B> {
        Mask(B::is_zero(self.0))
    }

    /// The lanes with at most one bit set.
    #[inline(always)]
    pub(crate) fn at_most_one(self) -> Mask<B> {
        (self & (self - Self::splat(1))).is_zero()
    }

    /// Whether some lane is not zero.
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.non_zero().any()
    }

    /// The lanes of `m`, zero elsewhere.
    #[inline(always)]
    pub(crate) fn keep(self, m: Mask<B>) -> Self {
        Self::new(B::keep(self.0, m.0))
    }

    /// `self ^ other` in the lanes of `m`, `self` elsewhere.
    #[inline(always)]
    pub(crate) fn xor_where(self, m: Mask<B>, other: Self) -> Self {
        Self::new(B::xor_where(self.0, m.0, other.0))
    }

    /// The sum of the lanes.
    #[inline(always)]
    pub(crate) fn sum(self) -> u64 {
        B::sum(self.0)
    }

    /// The union of the lanes.
    #[inline(always)]
    pub(crate) fn or_all(self) -> u64 {
        B::or_all(self.0)
    }
}

impl<B: Backend> BitAnd for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Self::new(B::and(self.0, o.0))
    }
}

impl<B: Backend> BitOr for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Self::new(B::or(self.0, o.0))
    }
}

impl<B: Backend> BitXor for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        Self::new(B::xor(self.0, o.0))
    }
}

impl<B: Backend> Not for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Self::new(B::not(self.0))
    }
}

impl<B: Backend> BitAndAssign for U64x8<B> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

impl<B: Backend> BitOrAssign for U64x8<B> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

/// Lane-wise wrapping addition (of counts).
impl<B: Backend> Add for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Self::new(B::add(self.0, o.0))
    }
}

/// Lane-wise wrapping subtraction.
impl<B: Backend> Sub for U64x8<B> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Self::new(B::sub(self.0, o.0))
    }
}

/// A count per lane, added up from plain counts and from the sizes of sets: the sizes
/// as the backend adds them best (AVX2 adds the counts of bytes, and sums them into the
/// lanes once, at [`Tally::total`]). At most 31 sets per tally.
pub(crate) struct Tally<B: Backend> {
    counts: U64x8<B>,
    bits: B::Bits,
}

impl<B: Backend> Clone for Tally<B> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Backend> Copy for Tally<B> {}

impl<B: Backend> Tally<B> {
    /// The counts `counts`, and no set yet.
    #[inline(always)]
    pub(crate) fn new(counts: U64x8<B>) -> Self {
        Tally {
            counts,
            bits: B::bits_zero(),
        }
    }

    /// The count with `n` added in each lane.
    #[inline(always)]
    #[must_use]
    pub(crate) fn plus(self, n: U64x8<B>) -> Self {
        Tally {
            counts: self.counts + n,
            bits: self.bits,
        }
    }

    /// The count with the size of each lane's set of `set` added.
    #[inline(always)]
    #[must_use]
    pub(crate) fn plus_len(self, set: U64x8<B>) -> Self {
        Tally {
            counts: self.counts,
            bits: B::bits_add(self.bits, set.0),
        }
    }

    /// The count of each lane.
    #[inline(always)]
    pub(crate) fn total(self) -> U64x8<B> {
        self.counts + U64x8::new(B::bits_total(self.bits))
    }
}

/// A set of squares, or eight of them in lanes: what the set-wise helpers are written
/// for once and compiled for both, one board ([`Bitboard`]) and eight children at a
/// time ([`U64x8`], perft's last two plies): the Kogge-Stone fill
/// ([`crate::sliders::kogge_stone`]) and the pawns' captures ([`crate::side::Side`]).
pub(crate) trait SquareSets:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitAndAssign + BitOrAssign
{
    /// The set `bits` (in every lane).
    fn splat(bits: u64) -> Self;
    /// Every square moved `offset` indices up (down if negative); squares moved off the
    /// board are lost. Nothing masks the wrap from the h-file to the a-file: the caller
    /// masks the squares that would wrap first, as [`Bitboard::shift`] does.
    fn shift(self, offset: i8) -> Self;
}

impl SquareSets for Bitboard {
    #[inline(always)]
    fn splat(bits: u64) -> Self {
        Bitboard(bits)
    }
    #[inline(always)]
    fn shift(self, offset: i8) -> Self {
        Bitboard(shift_signed(self.0, offset))
    }
}

impl<B: Backend> SquareSets for U64x8<B> {
    #[inline(always)]
    fn splat(bits: u64) -> Self {
        U64x8::splat(bits)
    }
    #[inline(always)]
    fn shift(self, offset: i8) -> Self {
        U64x8::shift(self, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: [u64; 8] = [
        0,
        1,
        6,
        1 << 63,
        0x8000_0000_0000_0001,
        !0,
        0x00f0_0000_0000_0000,
        40,
    ];

    /// Every operation of backend `B` answers as one word does, lane by lane.
    fn lanes_answer_as_one_word_does<B: Backend>() {
        let l = U64x8::<B>::from_array(WORDS);
        assert_eq!(l.to_array(), WORDS);
        let counts = U64x8::<B>::from_array([0, 1, 7, 63, 64, 65, 200, 9]);
        let left = l.shift_each(counts, U64x8::splat(64)).to_array();
        let right = l.shift_each(U64x8::splat(64), counts).to_array();
        let others = U64x8::<B>::from_array(WORDS.map(|x| x.rotate_left(17) ^ 0x5555));
        for (i, &x) in WORDS.iter().enumerate() {
            let y = others.to_array()[i];
            let bit = |m: Mask<B>| m.bits() >> i & 1 != 0;
            assert_eq!((l & others).to_array()[i], x & y);
            assert_eq!((l | others).to_array()[i], x | y);
            assert_eq!((l ^ others).to_array()[i], x ^ y);
            assert_eq!((l + others).to_array()[i], x.wrapping_add(y));
            assert_eq!((l - others).to_array()[i], x.wrapping_sub(y));
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
            let n = counts.to_array()[i];
            assert_eq!(left[i], if n < 64 { x << n } else { 0 });
            assert_eq!(right[i], if n < 64 { x >> n } else { 0 });
            assert_eq!((!l).to_array()[i], !x);
            assert_eq!(
                l.keep(Mask::from_bits(0b1010_1010)).to_array()[i],
                if i % 2 == 1 { x } else { 0 }
            );
        }
        assert!(l.any());
        assert!(!U64x8::<B>::zero().any());
        assert!(U64x8::<B>::from_array([0, 0, 0, 0, 0, 0, 0, 2]).any());
        assert_eq!(
            l.len().sum(),
            WORDS.iter().map(|x| u64::from(x.count_ones())).sum::<u64>()
        );
        assert_eq!(l.or_all(), WORDS.iter().fold(0, |a, x| a | x));
        // 31 full sets, the most a tally takes, and a plain count.
        let mut tally = Tally::new(U64x8::<B>::splat(5));
        for _ in 0..31 {
            tally = tally.plus_len(l);
        }
        let tallied = tally.plus(U64x8::splat(2)).total().to_array();
        for (i, &x) in WORDS.iter().enumerate() {
            assert_eq!(tallied[i], 7 + 31 * u64::from(x.count_ones()));
        }
    }

    #[test]
    fn the_portable_lanes_answer_as_one_word_does() {
        lanes_answer_as_one_word_does::<Portable>();
        assert_eq!(Mask::<Portable>::first(3).bits(), 0b111);
        assert_eq!(Mask::<Portable>::first(8).bits(), 0xff);
    }

    /// Where the CPU has AVX-512 (elsewhere its instructions would fault).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx512_lanes_answer_as_one_word_does() {
        if crate::cpu::x86_64_v4() {
            lanes_answer_as_one_word_does::<Avx512>();
        }
    }

    /// Where the CPU has AVX2 (elsewhere its instructions would fault).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_lanes_answer_as_one_word_does() {
        if crate::cpu::x86_64_v3() {
            lanes_answer_as_one_word_does::<Avx2>();
            for bits in [0, 1, 0b1010_0101, 0x80, 0xff] {
                assert_eq!(Mask::<Avx2>::from_bits(bits).bits(), bits);
                assert_eq!(Mask::<Avx2>::from_bits(bits).any(), bits != 0);
            }
        }
    }
}
