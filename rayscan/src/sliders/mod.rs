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

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::direction::{Direction, Line};
use crate::parse_error::{ParseError, ParseKind};
use crate::piece::SliderPiece;
use crate::square::Square;

/// The attack table `build.rs` wrote to `OUT_DIR/$file`, as `[u64; $len]`.
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

/// A way to compute sliding-piece attacks.
///
/// `occupied` is the set of all pieces. Whether it contains the slider's own square
/// does not matter: every technique gives the same answer either way. Attacks include
/// the first blocker of each ray, whatever its colour.
pub trait Slider: Copy + Default + Send + Sync + 'static {
    /// The name used on the command line (`rayscan attacks … --technique NAME`).
    const NAME: &'static str;
    /// One line saying what the technique does.
    const DESCRIPTION: &'static str;
    /// Bytes of lookup tables the technique reads (shared tables included).
    const TABLE_BYTES: usize;

    /// The squares a rook on `sq` attacks.
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `sq` attacks.
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen on `sq` attacks: rook ∪ bishop.
    #[inline]
    fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::rook_attacks(sq, occupied) | Self::bishop_attacks(sq, occupied)
    }

    /// The attacks of `piece` on `sq`.
    #[inline]
    fn attacks(piece: SliderPiece, sq: Square, occupied: Bitboard) -> Bitboard {
        match piece {
            SliderPiece::Rook => Self::rook_attacks(sq, occupied),
            SliderPiece::Bishop => Self::bishop_attacks(sq, occupied),
            SliderPiece::Queen => Self::queen_attacks(sq, occupied),
        }
    }

    /// How many moves the sliders have to squares of `targets`: for each slider in
    /// `diagonal` its bishop attacks in `targets`, for each in `straight` its rook
    /// attacks, counted and summed (a queen stands in both sets). What perft's last ply
    /// asks of the unpinned sliders. Every technique answers piece by piece (this
    /// default); [`Lanes`] answers for all of them at once, a direction per lane.
    ///
    /// ```
    /// use rayscan::sliders::{Classical, Lanes, Slider};
    /// use rayscan::{Bitboard, Square};
    /// let (rooks, bishops) = (Bitboard::from(Square::A1), Bitboard::from(Square::C1));
    /// let occupied = rooks | bishops;
    /// // The rook reaches b1, c1 and the a-file; the bishop both its diagonals.
    /// let n = Classical::count_moves(bishops, rooks, occupied, !Bitboard::EMPTY);
    /// assert_eq!(n, 2 + 7 + 7);
    /// assert_eq!(Lanes::count_moves(bishops, rooks, occupied, !Bitboard::EMPTY), n);
    /// ```
    #[inline]
    fn count_moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        let mut n = 0;
        for from in diagonal {
            n += (Self::bishop_attacks(from, occupied) & targets).len();
        }
        for from in straight {
            n += (Self::rook_attacks(from, occupied) & targets).len();
        }
        n
    }

    /// `lanes.run::<Self>()` for a technique whose perft counts its last ply eight
    /// children at a time, one per lane of a vector register (only [`Lanes`], whose
    /// fills work on eight boards as on eight directions); `otherwise.run::<Self>()` for
    /// every other (this default), whose perft counts each child on its own with its own
    /// attacks.
    ///
    /// A choice by type rather than a `const` and an `if`: only the branch taken is
    /// compiled, so what runs only for the lanes (the eight children's count, the
    /// AVX-512 copy of perft) is not compiled for every other technique, nor theirs for
    /// the lanes.
    ///
    /// ```
    /// use rayscan::sliders::{Lanes, Pext, Slider, WithSlider};
    /// struct Says(&'static str);
    /// impl WithSlider for Says {
    ///     type Output = String;
    ///     fn run<S: Slider>(self) -> String {
    ///         format!("{} {}", S::NAME, self.0)
    ///     }
    /// }
    /// assert_eq!(Lanes::lanes_or(Says("in lanes"), Says("alone")), "lanes in lanes");
    /// assert_eq!(Pext::lanes_or(Says("in lanes"), Says("alone")), "pext alone");
    /// ```
    #[inline(always)]
    fn lanes_or<F: WithSlider, G: WithSlider<Output = F::Output>>(
        lanes: F,
        otherwise: G,
    ) -> F::Output {
        let _ = lanes;
        otherwise.run::<Self>()
    }
}

/// A technique that works ray by ray, so it can answer for one ray or one line.
///
/// On an empty board the getters return the [`crate::masks`]: `ray_attacks(dir, sq,
/// Bitboard::EMPTY) == masks::ray(dir, sq)`.
pub trait RayWise: Slider {
    /// The squares attacked along `dir` from `sq`, up to and including the first blocker.
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares attacked along `line` through `sq`: the union of its two opposite rays.
    #[inline]
    fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
        Self::ray_attacks(line.positive(), sq, occupied)
            | Self::ray_attacks(line.negative(), sq, occupied)
    }

    /// The attacks along `dir` of every slider in `sliders` at once, through `empty`
    /// squares: what direction-wise move generation asks for. The set-wise fills
    /// ([`Dumb7Fill`], [`KoggeStone`]) answer in one go whatever the number of sliders;
    /// every other technique answers slider by slider (this default), so any ray-wise
    /// technique can drive direction-wise generation.
    ///
    /// ```
    /// use rayscan::sliders::{Classical, KoggeStone, RayWise};
    /// use rayscan::{Bitboard, Direction, Square};
    /// let rooks = Bitboard::from(Square::A1) | Square::H1.into();
    /// let empty = !(rooks | Square::D1.into());
    /// let east = KoggeStone::ray_attacks_setwise(rooks, empty, Direction::East);
    /// assert_eq!(east, [Square::B1, Square::C1, Square::D1].into_iter().collect());
    /// assert_eq!(Classical::ray_attacks_setwise(rooks, empty, Direction::East), east);
    /// ```
    #[inline]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        let occupied = !empty;
        sliders.iter().fold(Bitboard::EMPTY, |acc, sq| {
            acc | Self::ray_attacks(dir, sq, occupied)
        })
    }
}

/// Something to run with a technique chosen at run time: [`Technique::dispatch`] calls
/// [`WithSlider::run`] with the technique's type, so the body is monomorphized per technique.
///
/// ```
/// use rayscan::sliders::{Slider, Technique, WithSlider};
/// use rayscan::{Bitboard, Square};
///
/// struct RookOnD4;
/// impl WithSlider for RookOnD4 {
///     type Output = u32;
///     fn run<S: Slider>(self) -> u32 {
///         S::rook_attacks(Square::D4, Bitboard::EMPTY).len()
///     }
/// }
/// assert_eq!(Technique::KoggeStone.dispatch(RookOnD4), 14);
/// ```
pub trait WithSlider {
    /// What the run returns.
    type Output;
    /// The body, generic over the technique.
    fn run<S: Slider>(self) -> Self::Output;
}

/// Like [`WithSlider`], for code that needs a [`RayWise`] technique.
pub trait WithRayWise {
    /// What the run returns.
    type Output;
    /// The body, generic over the ray-wise technique.
    fn run<S: RayWise>(self) -> Self::Output;
}

macro_rules! techniques {
    ($( $(#[$cfg:meta])* $Variant:ident => $Type:ty $(| $Fast:ty where $check:expr)?, ray_wise: $rw:tt; )*) => {
        /// The slider techniques by name, for choosing one at run time.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $(
                $(#[$cfg])*
                #[doc = concat!("[`", stringify!($Type), "`]")]
                $Variant,
            )*
        }

        impl Technique {
            /// Every technique compiled in, in the order `rayscan techniques` lists them.
            pub const ALL: &'static [Technique] = &[$( $(#[$cfg])* Technique::$Variant, )*];

            /// Runs `f` with this technique's type.
            ///
            /// For [`Technique::Pext`], where [`crate::cpu::bmi2`] says the CPU has
            /// BMI2, the type is a twin of [`Pext`] that runs the instruction without
            /// checking; elsewhere it is [`Pext`] itself, which computes PEXT in software
            /// there (right, but slow: tools refuse the technique, see
            /// [`Technique::is_available`]).
            #[inline]
            pub fn dispatch<F: WithSlider>(self, f: F) -> F::Output {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => techniques!(@run f, $Type $(, $Fast, $check)?), )*
                }
            }

            /// Runs `f` with this technique's type if it works ray by ray; `None` otherwise.
            #[inline]
            pub fn dispatch_ray_wise<F: WithRayWise>(self, f: F) -> Option<F::Output> {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => techniques!(@rw $rw, f, $Type), )*
                }
            }

            /// The command-line name.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => <$Type as Slider>::NAME, )*
                }
            }

            /// One line saying what the technique does.
            pub const fn description(self) -> &'static str {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => <$Type as Slider>::DESCRIPTION, )*
                }
            }

            /// Bytes of lookup tables the technique reads.
            pub const fn table_bytes(self) -> usize {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => <$Type as Slider>::TABLE_BYTES, )*
                }
            }

            /// Whether the technique works ray by ray ([`RayWise`]).
            pub const fn is_ray_wise(self) -> bool {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => $rw, )*
                }
            }

            /// Attacks of `piece` on `sq` (one dispatch per call: fine for tools, not for hot loops).
            #[inline]
            pub fn attacks(self, piece: SliderPiece, sq: Square, occupied: Bitboard) -> Bitboard {
                match self {
                    $( $(#[$cfg])* Technique::$Variant => <$Type as Slider>::attacks(piece, sq, occupied), )*
                }
            }
        }
    };
    (@run $f:ident, $Type:ty) => { $f.run::<$Type>() };
    (@run $f:ident, $Type:ty, $Fast:ty, $check:expr) => {
        if $check { $f.run::<$Fast>() } else { $f.run::<$Type>() }
    };
    (@rw true, $f:ident, $Type:ty) => { Some($f.run::<$Type>()) };
    (@rw false, $f:ident, $Type:ty) => { None };
}

techniques! {
    Reference => Reference, ray_wise: true;
    Classical => Classical, ray_wise: true;
    ClassicalBranchless => ClassicalBranchless, ray_wise: true;
    ClassicalGeneralized => ClassicalGeneralized, ray_wise: true;
    ClassicalZeroCount => ClassicalZeroCount, ray_wise: true;
    OneRun => OneRun, ray_wise: false;
    Garvin => Garvin, ray_wise: true;
    Garvin32 => Garvin32, ray_wise: true;
    Dumb7Fill => Dumb7Fill, ray_wise: true;
    KoggeStone => KoggeStone, ray_wise: true;
    Subtraction => Subtraction, ray_wise: true;
    Vector => Vector, ray_wise: true;
    Magic => Magic, ray_wise: false;
    #[cfg(target_arch = "x86_64")]
    Pext => Pext | pext::Hardware where crate::cpu::bmi2(), ray_wise: false;
    Lanes => Lanes, ray_wise: true;
}

/// The fastest technique for one board at a time (listing moves, testing legality) with
/// the features the crate was *compiled* with, as a type: [`Pext`] when built with BMI2
/// (`-C target-cpu=…`), else [`Magic`]. For code that wants a type at compile time;
/// what the tools use by default is [`Technique::auto`], chosen for the CPU the program
/// runs on, and [`crate::Position::perft`] chooses the same way.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub type Fastest = Pext;
/// The fastest technique for one board at a time (listing moves, testing legality) with
/// the features the crate was *compiled* with, as a type: [`Pext`] when built with BMI2
/// (`-C target-cpu=…`), else [`Magic`]. For code that wants a type at compile time;
/// what the tools use by default is [`Technique::auto`], chosen for the CPU the program
/// runs on, and [`crate::Position::perft`] chooses the same way.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub type Fastest = Magic;

impl Technique {
    /// The fastest technique for the CPU the program runs on, what every tool uses when
    /// none is named: `lanes` where the CPU has AVX-512 ([`crate::cpu::x86_64_v4`]),
    /// else `pext` where BMI2 is present and PEXT is fast, `magic` where PEXT is
    /// microcoded (AMD before Zen 3), missing, or on other architectures.
    /// [`crate::cpu::pext`] says why.
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert!(Technique::auto().is_available());
    /// assert!(matches!(Technique::auto().name(), "lanes" | "pext" | "magic"));
    /// ```
    #[inline]
    pub fn auto() -> Technique {
        if crate::cpu::x86_64_v4() {
            return Technique::Lanes;
        }
        match crate::cpu::pext() {
            #[cfg(target_arch = "x86_64")]
            crate::cpu::PextSupport::Fast => Technique::Pext,
            _ => Technique::Magic,
        }
    }

    /// Why [`Technique::auto`] chose what it chose, in a few words: what `rayscan
    /// techniques` shows beside the default.
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert!(!Technique::auto_reason().is_empty());
    /// ```
    pub fn auto_reason() -> &'static str {
        if crate::cpu::x86_64_v4() {
            "AVX-512 with VPOPCNTDQ: eight lanes in one register"
        } else {
            crate::cpu::pext().reason()
        }
    }

    /// Whether the technique can run its own instructions on this CPU: `false` only for
    /// `pext` without BMI2 (there [`Technique::dispatch`] would compute PEXT in software,
    /// so the tools refuse it instead).
    #[inline]
    pub fn is_available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self == Technique::Pext {
            return crate::cpu::bmi2();
        }
        true
    }

    /// The techniques this CPU runs ([`Technique::is_available`]), in the order of
    /// [`Technique::ALL`]: what `all` means on the command line and in the benchmarks.
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert!(Technique::available().any(|t| t == Technique::auto()));
    /// ```
    pub fn available() -> impl Iterator<Item = Technique> {
        Technique::ALL.iter().copied().filter(|t| t.is_available())
    }

    /// Rook attacks through this technique.
    #[inline]
    pub fn rook_attacks(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.attacks(SliderPiece::Rook, sq, occupied)
    }

    /// Bishop attacks through this technique.
    #[inline]
    pub fn bishop_attacks(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.attacks(SliderPiece::Bishop, sq, occupied)
    }

    /// Queen attacks through this technique.
    #[inline]
    pub fn queen_attacks(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.attacks(SliderPiece::Queen, sq, occupied)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Technique {
    type Err = ParseError;
    /// Reads a name as listed by `rayscan techniques`.
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert_eq!("kogge-stone".parse(), Ok(Technique::KoggeStone));
    /// assert!("hyperbola".parse::<Technique>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Technique, ParseError> {
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.name() == s)
            .ok_or_else(|| ParseError::new(ParseKind::Technique, s))
    }
}

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
