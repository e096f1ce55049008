//! [`Technique`]: every slider technique named at run time (the CLI's `--technique`),
//! dispatching once, at the top, to code monomorphized for it; and [`Fastest`], the
//! technique the crate is compiled to prefer.

use core::fmt;
use core::str::FromStr;

use super::*;
use crate::bitboard::Bitboard;
use crate::parse_error::{ParseError, ParseKind};
use crate::piece::SliderPiece;
use crate::square::Square;

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
    /// none is named: `pext` where BMI2 is present and PEXT is fast, `magic` where PEXT
    /// is microcoded (AMD before Zen 3), missing, or on other architectures.
    /// [`crate::cpu::pext`] says why. (With AVX-512, perft also counts its last ply
    /// eight children at a time: [`crate::perft::LastPly::auto`], apart from this.)
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert!(Technique::auto().is_available());
    /// assert!(matches!(Technique::auto().name(), "pext" | "magic"));
    /// ```
    #[inline]
    pub fn auto() -> Technique {
        match crate::cpu::pext() {
            #[cfg(target_arch = "x86_64")]
            crate::cpu::PextSupport::Fast => Technique::Pext,
            _ => Technique::Magic,
        }
    }

    /// Runs `f` with this technique, compiled for it where [`Technique::auto`] can pick
    /// it (`magic`, and `pext` where the CPU has BMI2), else with [`dynamic::Dyn`] on its
    /// functions: the run-time dispatch of perft, its statistics and its hash table,
    /// which would otherwise compile the whole tree walk for every technique in every
    /// copy of the hot paths ([`dynamic`]). Without `std`, as [`Technique::dispatch`].
    #[inline]
    pub(crate) fn dispatch_auto_or_dyn<F: WithSlider>(self, f: F) -> F::Output {
        #[cfg(feature = "std")]
        return match self {
            Technique::Magic => f.run::<Magic>(),
            #[cfg(target_arch = "x86_64")]
            Technique::Pext if crate::cpu::bmi2() => f.run::<pext::Hardware>(),
            _ => dynamic::dispatch(self, f),
        };
        #[cfg(not(feature = "std"))]
        self.dispatch(f)
    }

    /// Runs `f` with [`dynamic::Dyn`] on this technique's functions, whatever the
    /// technique: for the generators that are taught, not raced (the hybrid one).
    /// Without `std`, as [`Technique::dispatch`].
    #[inline]
    pub(crate) fn dispatch_dyn<F: WithSlider>(self, f: F) -> F::Output {
        #[cfg(feature = "std")]
        return dynamic::dispatch(self, f);
        #[cfg(not(feature = "std"))]
        self.dispatch(f)
    }

    /// Runs `f` with [`dynamic::DynRay`] on this technique's functions if it works ray by
    /// ray, `None` otherwise: for the direction-wise generator and the staged picker.
    /// Without `std`, as [`Technique::dispatch_ray_wise`].
    #[inline]
    pub(crate) fn dispatch_ray_wise_dyn<F: WithRayWise>(self, f: F) -> Option<F::Output> {
        #[cfg(feature = "std")]
        return dynamic::dispatch_ray_wise(self, f);
        #[cfg(not(feature = "std"))]
        self.dispatch_ray_wise(f)
    }

    /// Why [`Technique::auto`] chose what it chose, in a few words: what `rayscan
    /// techniques` shows beside the default.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::Technique;
    /// assert!(!Technique::auto_reason().is_empty());
    /// ```
    pub fn auto_reason() -> &'static str {
        crate::cpu::pext().reason()
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
    /// # Examples
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
    /// # Examples
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
