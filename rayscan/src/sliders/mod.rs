//! Sliding-piece attacks, every way the classical literature describes them.
//!
//! Each technique is a zero-sized type implementing [`Slider`] (and, where it works ray
//! by ray, [`RayWise`]), so that code generic over `S: Slider` is monomorphized and the
//! hot loops contain no dynamic dispatch. [`Technique`] names them at run time (the CLI's
//! `--technique`) and dispatches once, at the top, through [`WithSlider`].
//!
//! Every technique is tested exhaustively against [`Reference`]: every square, every
//! subset of the relevant occupancy, and thousands of random full-board occupancies.
//!
//! ```
//! use rayscan::sliders::{Classical, Slider};
//! use rayscan::{Bitboard, Square};
//! // A bishop on g2 on the literature's example board: blocked on c6 towards the north-west.
//! let occupied = Bitboard(0xbd_fd_06_00_00_40_ff_df);
//! assert_eq!(Classical::bishop_attacks(Square::G2, occupied).to_string(), "\
//! . . . . . . . .
//! . . . . . . . .
//! . . 1 . . . . .
//! . . . 1 . . . .
//! . . . . 1 . . .
//! . . . . . 1 . 1
//! . . . . . . . .
//! . . . . . 1 . 1");
//! ```

/// The attack table `build.rs` wrote to `OUT_DIR/$file`, as `[u64; $len]` (for magic,
/// unless `tables-at-load`, and for PEXT on x86-64).
#[cfg(any(not(feature = "tables-at-load"), target_arch = "x86_64"))]
macro_rules! built_table {
    ($file:literal, $len:expr) => {{
        // `include_bytes!` gives a `&[u8; N]`: a file of any other length fails to compile.
        const BYTES: &[u8; $len * 8] = include_bytes!(concat!(env!("OUT_DIR"), "/", $file));
        // SAFETY: `[u8; 8 * len]` and `[u64; len]` have the same size, and every bit pattern
        // is a `u64`; `build.rs` wrote the words in the target's byte order. Measured: the
        // safe alternative, `u64::from_le_bytes` in a `const fn` loop, costs the const
        // evaluator 1.1 s per table in every clean build; this costs nothing.
        unsafe { core::mem::transmute::<[u8; $len * 8], [u64; $len]>(*BYTES) }
    }};
}
#[cfg(any(not(feature = "tables-at-load"), target_arch = "x86_64"))]
pub(crate) use built_table;

pub mod classical;
pub mod classical_branchless;
pub mod classical_generalized;
pub mod classical_zerocount;
pub mod dumb7fill;
pub mod garvin;
pub mod garvin32;
pub mod kogge_stone;
pub mod lanes;
pub mod magic;
pub mod one_run;
#[cfg(target_arch = "x86_64")]
pub mod pext;
pub mod reference;
pub mod subtraction;
pub mod vector;

pub use classical::Classical;
pub use classical_branchless::ClassicalBranchless;
pub use classical_generalized::ClassicalGeneralized;
pub use classical_zerocount::ClassicalZeroCount;
pub use dumb7fill::Dumb7Fill;
pub use garvin::Garvin;
pub use garvin32::Garvin32;
pub use kogge_stone::KoggeStone;
pub use lanes::Lanes;
pub use magic::Magic;
pub use one_run::OneRun;
#[cfg(target_arch = "x86_64")]
pub use pext::Pext;
pub use reference::Reference;
pub use subtraction::Subtraction;
pub use vector::Vector;

#[cfg(feature = "std")]
pub(crate) mod dynamic;
mod slider;
mod technique;

use slider::ray_wise_slider;
pub use slider::{RayWise, Slider, WithRayWise, WithSlider};
pub use technique::{Fastest, Technique};

/// Index of the lowest set bit; the caller guarantees `bits != 0` or wants 64.
#[inline]
pub(crate) fn lo_bit(bits: u64) -> u32 {
    bits.trailing_zeros()
}

/// Index of the highest set bit; the caller guarantees `bits != 0`.
#[inline]
pub(crate) fn hi_bit(bits: u64) -> u32 {
    63 ^ bits.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parse_back() {
        for (i, t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t.name().parse(), Ok(*t));
            assert_eq!(t.to_string(), t.name());
            assert!(!t.description().is_empty());
            assert!(Technique::ALL[..i].iter().all(|u| u.name() != t.name()));
        }
        assert!(Technique::ALL.contains(&Technique::auto()));
    }
}
