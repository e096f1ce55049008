//! `lanes`: Kogge-Stone fills in the eight 64-bit lanes of one vector register.
//!
//! [`super::kogge_stone`] fills one direction at a time: three steps of "shift, and,
//! or", each step depending on the one before. The eight directions do not depend on
//! each other, so here they run side by side, one direction per lane: lane `i` fills in
//! direction [`Direction::ALL`]`[i]` (north, north-east, east … north-west), so the rook
//! works in the even lanes and the bishop in the odd ones. A lane shifts by its own
//! count (`vpsllvq` and `vpsrlvq` take one count per lane; a count of 64 gives zero, so
//! a lane going north shifts left by 8 and "right by 64"), and masks with its own wrap
//! file. The three steps of all eight directions take the time of one direction's, and
//! the attacks are the union of the lanes.
//!
//! The same lanes, one board per lane and one direction at a time, are how perft's
//! batched last ply counts eight children at once ([`crate::perft::LastPly::Batch`]),
//! whatever the technique.
//!
//! The lanes are one AVX-512 register where the CPU has AVX-512 (F, CD and VPOPCNTDQ:
//! Zen 4 and 5, Intel since Ice Lake), each step one instruction; elsewhere plain arrays
//! handled lane by lane, right but several times slower than the other techniques. For
//! one board at a time the lookups of `pext` and `magic` are faster still, so this is
//! never the default technique ([`super::Technique::auto`]). No tables: the per-lane
//! shift counts and masks are four constant registers.

use super::{RayWise, Slider};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::simd::{Backend, Mask, Portable, U64x8};
use crate::square::Square;

/// Kogge-Stone fills, eight directions (or eight boards) side by side in the lanes of a
/// vector register.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::{Lanes, Reference, Slider};
/// use rayscan::{Bitboard, Square};
/// let occupied = Bitboard(0xbdfd_0600_0040_ffdf);
/// assert_eq!(
///     Lanes::queen_attacks(Square::D4, occupied),
///     Reference::queen_attacks(Square::D4, occupied)
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lanes;

/// The lanes of the rook's directions (north, east, south, west).
const ROOK_LANES: u8 = 0b0101_0101;
/// The lanes of the bishop's directions (north-east, south-east, south-west, north-west).
const BISHOP_LANES: u8 = 0b1010_1010;

/// Per lane, the count that shifts its set `steps` squares along its direction to the
/// left (`left`) or to the right (`!left`), and 64 (nothing) the other way.
const fn counts(steps: i32, left: bool) -> [u64; 8] {
    let mut out = [64; 8];
    let mut i = 0;
    while i < 8 {
        let by = Direction::ALL[i].offset() as i32 * steps;
        if left && by > 0 {
            out[i] = by as u64;
        } else if !left && by < 0 {
            out[i] = -by as u64;
        }
        i += 1;
    }
    out
}

/// Per lane, the squares a shift along its direction may start from (not the file it
/// would wrap from), or may propagate through (`opposite`: not the file it would wrap
/// onto).
const fn keep(opposite: bool) -> [u64; 8] {
    let mut out = [0; 8];
    let mut i = 0;
    while i < 8 {
        let d = Direction::ALL[i];
        let d = if opposite { d.opposite() } else { d };
        out[i] = !d.wrap_mask().0;
        i += 1;
    }
    out
}

const LEFT: [[u64; 8]; 3] = [counts(1, true), counts(2, true), counts(4, true)];
const RIGHT: [[u64; 8]; 3] = [counts(1, false), counts(2, false), counts(4, false)];
const PROPAGATE: [u64; 8] = keep(true);
const NO_WRAP: [u64; 8] = keep(false);

/// The attacks, lane by lane, of the sliders of each lane along the lane's direction
/// through the `empty` squares: Kogge-Stone's three steps, in all eight directions at
/// once.
#[inline(always)]
fn fill<B: Backend>(sliders: U64x8<B>, empty: u64) -> U64x8<B> {
    let step = |x: U64x8<B>, k: usize| {
        x.shift_each(U64x8::from_array(LEFT[k]), U64x8::from_array(RIGHT[k]))
    };
    let mut pro = U64x8::splat(empty) & U64x8::from_array(PROPAGATE);
    let mut generator = sliders;
    generator |= pro & step(generator, 0);
    pro &= step(pro, 0);
    generator |= pro & step(generator, 1);
    pro &= step(pro, 1);
    generator |= pro & step(generator, 2);
    step(generator & U64x8::from_array(NO_WRAP), 0)
}

/// The attacks from `sq` in the directions of `lanes`, through `occupied`.
#[inline(always)]
fn from_square<B: Backend>(sq: Square, occupied: Bitboard, lanes: u8) -> Bitboard {
    let slider = U64x8::<B>::splat(1 << sq as u32).keep(Mask::from_bits(lanes));
    Bitboard(fill(slider, !occupied.0).or_all())
}

/// How many moves the sliders have to `targets`: for every slider of `diagonal` its
/// bishop attacks in `targets`, for every slider of `straight` its rook attacks. In one
/// direction each square is reached by at most one slider (the first behind it), so the
/// moves are the targets each lane's fill reaches, with no loop over the pieces.
#[inline(always)]
fn count<B: Backend>(
    diagonal: Bitboard,
    straight: Bitboard,
    occupied: Bitboard,
    targets: Bitboard,
) -> u32 {
    let sliders = U64x8::<B>::splat(straight.0).keep(Mask::from_bits(ROOK_LANES))
        | U64x8::splat(diagonal.0).keep(Mask::from_bits(BISHOP_LANES));
    let reached = fill(sliders, !occupied.0) & U64x8::splat(targets.0);
    reached.len().sum() as u32
}

/// The attacks of the sliders in `sliders` along `dir` through `empty` squares.
#[inline(always)]
fn one_direction<B: Backend>(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    let lane = U64x8::<B>::splat(sliders.0).keep(Mask::from_bits(1 << dir.index()));
    Bitboard(fill(lane, empty.0).or_all())
}

/// The functions above with AVX-512 lanes, compiled with the features of the x86-64-v4
/// copy of the hot paths ([`crate::cpu::V4_FEATURES`]), so that they inline there. To
/// be called only where [`crate::cpu::x86_64_v4`] returned `true`.
#[cfg(target_arch = "x86_64")]
mod v4 {
    use super::*;
    use crate::simd::Avx512;

    macro_rules! compiled_for_v4 {
        ($( fn $name:ident($($arg:ident: $t:ty),*) -> $out:ty = $body:expr; )*) => {$(
            #[inline]
            #[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx512vpopcntdq")]
            pub(super) fn $name($($arg: $t),*) -> $out {
                $body
            }
        )*};
    }

    compiled_for_v4! {
        fn rook(sq: Square, occupied: Bitboard) -> Bitboard =
            from_square::<Avx512>(sq, occupied, ROOK_LANES);
        fn bishop(sq: Square, occupied: Bitboard) -> Bitboard =
            from_square::<Avx512>(sq, occupied, BISHOP_LANES);
        fn queen(sq: Square, occupied: Bitboard) -> Bitboard =
            from_square::<Avx512>(sq, occupied, 0xff);
        fn moves(diagonal: Bitboard, straight: Bitboard, occupied: Bitboard, targets: Bitboard) -> u32 =
            count::<Avx512>(diagonal, straight, occupied, targets);
        fn ray(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard =
            one_direction::<Avx512>(sliders, empty, dir);
    }
}

/// The functions above with arrays for lanes, where the CPU has no AVX-512: called, not
/// inlined. Inlined, their unrolled lanes made every generator that asks for a slider's
/// attacks several times larger and slower to compile, for a path that is never the
/// default.
mod portable {
    use super::*;

    #[inline(never)]
    pub(super) fn attacks(sq: Square, occupied: Bitboard, lanes: u8) -> Bitboard {
        from_square::<Portable>(sq, occupied, lanes)
    }

    #[inline(never)]
    pub(super) fn moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        count::<Portable>(diagonal, straight, occupied, targets)
    }

    #[inline(never)]
    pub(super) fn ray(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        one_direction::<Portable>(sliders, empty, dir)
    }
}

/// Whether [`Lanes`] may use AVX-512: a constant when the crate is compiled with it,
/// else the cached answer of [`crate::cpu::x86_64_v4`] (a load and a test: in the
/// x86-64-v4 copy of perft, where it is always `true`, the branch is always taken).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn hardware() -> bool {
    crate::cpu::COMPILED_WITH_V4 || crate::cpu::x86_64_v4()
}

/// `$checked` with AVX-512 where the CPU has it, else `$portable`.
macro_rules! checked {
    ($v4:expr, $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if hardware() {
            // SAFETY: `hardware()` said the CPU has every feature of the `v4` functions.
            return unsafe { $v4 };
        }
        $portable
    }};
}

const NAME: &str = "lanes";
const DESCRIPTION: &str = "Kogge-Stone in the 8 lanes of a vector register: one direction per lane";

impl Slider for Lanes {
    const NAME: &'static str = NAME;
    const DESCRIPTION: &'static str = DESCRIPTION;
    const TABLE_BYTES: usize = 0;

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        checked!(
            v4::rook(sq, occupied),
            portable::attacks(sq, occupied, ROOK_LANES)
        )
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        checked!(
            v4::bishop(sq, occupied),
            portable::attacks(sq, occupied, BISHOP_LANES)
        )
    }

    #[inline]
    fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        checked!(
            v4::queen(sq, occupied),
            portable::attacks(sq, occupied, 0xff)
        )
    }

    #[inline]
    fn count_moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        checked!(
            v4::moves(diagonal, straight, occupied, targets),
            portable::moves(diagonal, straight, occupied, targets)
        )
    }
}

impl RayWise for Lanes {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        Self::ray_attacks_setwise(sq.into(), !occupied, dir)
    }

    #[inline]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        checked!(
            v4::ray(sliders, empty, dir),
            portable::ray(sliders, empty, dir)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Reference, kogge_stone};

    /// Every square and random occupancies: the portable lanes and, where the CPU has
    /// AVX-512, the register, against the reference; the set-wise count against the
    /// pieces' attacks counted one by one.
    #[test]
    fn both_backends_agree_with_the_reference() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..if cfg!(miri) { 20 } else { 2000 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occupied = Bitboard(x & x.rotate_left(19));
            for sq in Square::ALL {
                let rook = Reference::rook_attacks(sq, occupied);
                let bishop = Reference::bishop_attacks(sq, occupied);
                assert_eq!(from_square::<Portable>(sq, occupied, ROOK_LANES), rook);
                assert_eq!(from_square::<Portable>(sq, occupied, BISHOP_LANES), bishop);
                assert_eq!(Lanes::queen_attacks(sq, occupied), rook | bishop);
                #[cfg(target_arch = "x86_64")]
                if crate::cpu::x86_64_v4() {
                    // SAFETY: the CPU has the features of the `v4` functions.
                    unsafe {
                        assert_eq!(v4::rook(sq, occupied), rook);
                        assert_eq!(v4::bishop(sq, occupied), bishop);
                        assert_eq!(v4::queen(sq, occupied), rook | bishop);
                    }
                }
            }
            let (diagonal, straight) = (Bitboard(x & 0x0f0f_3300), Bitboard(x & 0x00f0_0081));
            let targets = Bitboard(!x.rotate_left(5));
            let all = occupied | diagonal | straight;
            let mut want = 0;
            for s in diagonal {
                want += (Reference::bishop_attacks(s, all) & targets).len();
            }
            for s in straight {
                want += (Reference::rook_attacks(s, all) & targets).len();
            }
            assert_eq!(count::<Portable>(diagonal, straight, all, targets), want);
            assert_eq!(Lanes::count_moves(diagonal, straight, all, targets), want);
            #[cfg(target_arch = "x86_64")]
            if crate::cpu::x86_64_v4() {
                // SAFETY: the CPU has the features of the `v4` functions.
                let n = unsafe { v4::moves(diagonal, straight, all, targets) };
                assert_eq!(n, want);
            }
            for dir in Direction::ALL {
                let want = kogge_stone::ray_attacks_setwise(straight, !all, dir);
                assert_eq!(Lanes::ray_attacks_setwise(straight, !all, dir), want);
            }
        }
    }
}
