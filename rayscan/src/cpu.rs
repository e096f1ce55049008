//! What the CPU the program runs on can do, asked once at run time.
//!
//! A crate built for baseline x86-64 (what `cargo install` and a crates.io dependency
//! give) still runs its hot paths with the features of newer CPUs where the CPU has
//! them: the piece-wise generator and perft are compiled three times, as the crate is
//! built, with the features of x86-64-v3 enabled ([`FEATURES`]: AVX2, BMI1, BMI2,
//! LZCNT, MOVBE, POPCNT; every x86-64 CPU since 2013–2015 has them), and with those of
//! x86-64-v4, AVX-512 VPOPCNTDQ and VBMI2 besides ([`V4_FEATURES`]: Zen 4 and 5, Intel since
//! Ice Lake). [`x86_64_v3`] and [`x86_64_v4`] choose between the copies at the top.
//! [`pext`] says whether the PEXT instruction is there and worth using: AMD before Zen 3
//! runs it in microcode, hundreds of cycles, where magic multiplication is faster.
//!
//! Why AVX2 too: with BMI1/BMI2/POPCNT/LZCNT alone the copy ran short of a build for the
//! native CPU; AVX2 copies the 80-byte boards in 32-byte moves, and counts perft's last
//! ply eight children at a time in two registers.
//! Why AVX-512: perft's batched last ply ([`crate::perft::LastPly::Batch`]) counts eight
//! children at a time in one register (in two AVX2 registers in the x86-64-v3 copy), as
//! the `lanes` technique ([`crate::sliders::Lanes`]) fills eight directions.
//!
//! The environment variable `RAYSCAN_CPU` overrides what is detected, to test the other
//! paths on a machine that has everything: `v3` behaves as a CPU without AVX-512 (the
//! x86-64-v3 copies run), `baseline` as a CPU without BMI2 (no PEXT, the baseline copies
//! run), `slow-pext` as AMD Zen 1/2 (no AVX-512, BMI2 present, PEXT slow), and `v4` as
//! detected, for symmetry. It can only take features away, never add them. Set but
//! empty, it is the same as unset. Without the `std` feature nothing is detected: the
//! features are the ones the crate was compiled with (`cfg(target_feature)`), and the
//! variable is not read.
//!
//! ```
//! use rayscan::cpu::{self, PextSupport};
//! use rayscan::perft::LastPly;
//! use rayscan::sliders::Technique;
//! // The defaults follow the CPU: PEXT where it is fast, the batched last ply with
//! // AVX2 or AVX-512.
//! let expected = match cpu::pext() {
//!     PextSupport::Fast => Technique::Pext,
//!     PextSupport::Slow | PextSupport::Missing => Technique::Magic,
//! };
//! assert_eq!(Technique::auto(), expected);
//! assert_eq!(LastPly::auto() == LastPly::Batch, cpu::x86_64_v3());
//! ```

use core::fmt;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
use core::sync::atomic::{AtomicU8, Ordering};

/// The values `RAYSCAN_CPU` may take; any other is ignored here (the CLI refuses it).
pub const OVERRIDES: [&str; 4] = ["baseline", "v3", "v4", "slow-pext"];

// Each level's features are written once, here, and handed to the macro that makes
// what is needed of them: the text, whether the crate was compiled with them, and whether
// the CPU has them. (`isa.rs` writes the text again, as `#[target_feature]` needs a
// literal; its tests compare the two.)
macro_rules! v3_features {
    ($then:ident) => {
        $then!(
            "avx", "avx2", "bmi1", "bmi2", "fma", "lzcnt", "movbe", "popcnt"
        )
    };
}
macro_rules! v4_extra_features {
    ($then:ident) => {
        $then!(
            "avx512f",
            "avx512bw",
            "avx512cd",
            "avx512dq",
            "avx512vl",
            "avx512vpopcntdq",
            "avx512vbmi2"
        )
    };
}
macro_rules! joined {
    ($first:tt $(, $rest:tt)*) => {
        concat!($first $(, ",", $rest)*)
    };
}
macro_rules! compiled_with {
    ($($feature:tt),+) => {
        cfg!(all(target_arch = "x86_64", $(target_feature = $feature),+))
    };
}
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! detected {
    ($($feature:tt),+) => {
        true $(&& std::is_x86_feature_detected!($feature))+
    };
}

/// The features the x86-64-v3 copy of the hot paths is compiled with (the string given
/// to `#[target_feature(enable = …)]`, which must be a literal there).
pub const FEATURES: &str = v3_features!(joined);

/// The features the x86-64-v4 copy of the hot paths is compiled with: [`FEATURES`],
/// x86-64-v4's AVX-512 (F, BW, CD, DQ, VL), AVX-512 VPOPCNTDQ, the population count
/// of eight words that the `lanes` technique counts with, and AVX-512 VBMI2, whose
/// compress writes a set's moves into a list at once (`movegen/listing.rs`).
/// Zen 4 and 5 and Intel since Ice Lake have them all; not Skylake-X, which gets the
/// x86-64-v3 copy.
pub const V4_FEATURES: &str = concat!(v3_features!(joined), ",", v4_extra_features!(joined));

/// Whether PEXT can be used, and whether it pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PextSupport {
    /// BMI2 is present and PEXT takes a few cycles.
    Fast,
    /// BMI2 is present but PEXT is microcoded (AMD before Zen 3): correct, but slower than
    /// a magic multiplication.
    Slow,
    /// No BMI2 (or not x86-64): the `pext` technique cannot run its instruction here.
    Missing,
}

impl PextSupport {
    /// Why: the words `rayscan techniques` shows beside the default technique.
    pub const fn reason(self) -> &'static str {
        match self {
            PextSupport::Fast => "BMI2, fast PEXT",
            PextSupport::Slow => "BMI2, but PEXT is microcoded on AMD before Zen 3",
            PextSupport::Missing if cfg!(target_arch = "x86_64") => "no BMI2",
            PextSupport::Missing => "not x86-64: no PEXT",
        }
    }
}

impl fmt::Display for PextSupport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

/// Whether the CPU has BMI2 (and `RAYSCAN_CPU` does not say `baseline`). When this is
/// `true`, the PEXT instruction is safe to execute.
#[inline]
pub fn bmi2() -> bool {
    pext() != PextSupport::Missing
}

/// What PEXT is like on this CPU (see [`PextSupport`]).
#[inline]
pub fn pext() -> PextSupport {
    imp::detected().0
}

/// Whether the hot paths may run their x86-64-v3 copy: the CPU has every one of
/// [`FEATURES`] (and `RAYSCAN_CPU` does not say `baseline`).
#[inline]
pub fn x86_64_v3() -> bool {
    imp::detected().1
}

/// Whether the hot paths may run their x86-64-v4 copy, and the `lanes` technique its
/// AVX-512 instructions: the CPU has every one of [`V4_FEATURES`] (and `RAYSCAN_CPU`
/// does not say `v3`, `baseline` or `slow-pext`).
#[inline]
pub fn x86_64_v4() -> bool {
    imp::detected().2
}

/// Whether the crate itself was compiled with all of [`FEATURES`] (`-C target-cpu=…`):
/// then both copies of the hot paths have them, whatever is detected.
pub const COMPILED_WITH_V3: bool = v3_features!(compiled_with);

/// Whether the crate itself was compiled with all of [`V4_FEATURES`]: then every copy
/// of the hot paths has them, whatever is detected.
pub const COMPILED_WITH_V4: bool = COMPILED_WITH_V3 && v4_extra_features!(compiled_with);

#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod imp {
    use super::*;
    use std::is_x86_feature_detected as has;

    /// 0: not asked yet; otherwise 4 + (`PextSupport as u8`) + 8 × (x86-64-v3 present)
    /// + 16 × (x86-64-v4 present).
    static CACHE: AtomicU8 = AtomicU8::new(0);

    /// `PextSupport` by its discriminant, in declaration order.
    pub(super) const BY_INDEX: [PextSupport; 3] =
        [PextSupport::Fast, PextSupport::Slow, PextSupport::Missing];

    #[inline]
    pub(super) fn detected() -> (PextSupport, bool, bool) {
        match CACHE.load(Ordering::Relaxed) {
            0 => detect_and_store(),
            n => (BY_INDEX[usize::from(n & 3) % 3], n & 8 != 0, n & 16 != 0),
        }
    }

    #[cold]
    #[inline(never)]
    fn detect_and_store() -> (PextSupport, bool, bool) {
        let (pext, v3, v4) = detect();
        // Racing threads all compute the same answer: storing it twice is harmless.
        let bits = 4 | pext as u8 | if v3 { 8 } else { 0 } | if v4 { 16 } else { 0 };
        CACHE.store(bits, Ordering::Relaxed);
        (pext, v3, v4)
    }

    fn detect() -> (PextSupport, bool, bool) {
        let forced = std::env::var("RAYSCAN_CPU").ok();
        let forced = forced.as_deref();
        if forced == Some("baseline") {
            return (PextSupport::Missing, false, false);
        }
        let v3 = v3_features!(detected);
        let v4 = v3 && v4_extra_features!(detected) && !matches!(forced, Some("v3" | "slow-pext"));
        let pext = if !has!("bmi2") {
            PextSupport::Missing
        } else if microcoded_pext() || forced == Some("slow-pext") {
            PextSupport::Slow
        } else {
            PextSupport::Fast
        };
        (pext, v3, v4)
    }

    /// AMD (and Hygon, its licensed Zen 1) before family 19h (Zen 3) implement PEXT in
    /// microcode, at a latency of 18 to 300 cycles depending on the mask.
    fn microcoded_pext() -> bool {
        use core::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let mut name = [0u8; 12];
        name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
        name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
        name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
        let amd = &name == b"AuthenticAMD" || &name == b"HygonGenuine";
        let eax = __cpuid(1).eax;
        let base = (eax >> 8) & 0xf;
        let family = if base == 0xf {
            base + ((eax >> 20) & 0xff)
        } else {
            base
        };
        amd && family < 0x19
    }
}

#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
mod imp {
    use super::*;

    #[inline]
    pub(super) fn detected() -> (PextSupport, bool, bool) {
        let pext = if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            PextSupport::Fast
        } else {
            PextSupport::Missing
        };
        (pext, COMPILED_WITH_V3, COMPILED_WITH_V4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_agrees_with_the_compiled_features() {
        // A crate compiled with BMI2 runs on a CPU that has it; the override can still
        // take it away.
        let forced = std::env::var("RAYSCAN_CPU").unwrap_or_default();
        if COMPILED_WITH_V3 && forced.is_empty() {
            assert!(bmi2() && x86_64_v3());
        }
        if COMPILED_WITH_V4 && forced.is_empty() {
            assert!(x86_64_v4());
        }
        assert_eq!(bmi2(), pext() != PextSupport::Missing);
        if x86_64_v3() {
            assert!(bmi2(), "x86-64-v3 includes BMI2");
        }
        if x86_64_v4() {
            assert!(x86_64_v3(), "the v4 copy has the v3 features too");
        }
        if matches!(forced.as_str(), "v3" | "baseline" | "slow-pext") {
            assert!(!x86_64_v4());
        }
        assert_eq!(pext(), pext(), "the cached answer is stable");
        #[cfg(target_arch = "x86_64")]
        for p in [PextSupport::Fast, PextSupport::Slow, PextSupport::Missing] {
            assert_eq!(
                imp::BY_INDEX[p as usize],
                p,
                "the cache decodes what it stores"
            );
        }
        assert!(!pext().reason().is_empty());
    }
}
