//! Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! [`Position::perft`] counts with the fastest method for the CPU. [`Perft`] is perft
//! with every option, in one place: the depth, the generator, the slider technique and
//! last ply, threads, a hash table ([`hash::PerftTable`]), divide (the count split by
//! root move) and the statistics of the perft tables ([`stats::PerftStats`]).
//!
//! ```
//! use rayscan::Position;
//! use rayscan::perft::Perft;
//! use rayscan::sliders::Technique;
//! let start = Position::startpos();
//! assert_eq!(start.perft(4), 197_281);
//! let mut e2e4 = 0;
//! let total = Perft::new(4)
//!     .technique(Technique::Classical)
//!     .divide(&start, |m, n| if m.to_string() == "e2e4" { e2e4 = n })
//!     .unwrap();
//! assert_eq!((total, e2e4), (197_281, 13_160));
//! ```
//!
//! Bulk counting: at depth 1 the number of legal moves is the count, so the last ply is
//! never played, and piece-wise and direction-wise perft do not even list it: their
//! count is a sum of population counts ([`crate::movegen::count`],
//! [`crate::movegen::DirectionTargets::count`]). How piece-wise perft counts that ply is
//! its [`LastPly`], chosen apart from the slider technique ([`Method`]): each child on
//! its own, or eight children at a time, one per lane of a vector register (the book's
//! performance chapter, "Eight children at a time"). The staged picker is the exception:
//! it is counted move by move, since what it must prove is that its stages yield every
//! move once.
//!
//! ## Where the run-time dispatchers are compiled
//!
//! [`Perft`]'s counts choose the technique at run time, so each compiles every way of
//! counting: the default methods' hot paths in every copy, and one tree walk for the
//! other techniques, which calls them through a table of their functions
//! ([`Perft`]'s "What it costs to compile"). By default they are `#[inline]`: compiled
//! in the crate that calls them, and only if it does, so a program that calls
//! `Position::perft` alone builds the library in seconds. A workspace whose several
//! crates or test binaries call them (this repository's command line, its tests)
//! enables the `precompile` feature instead, which compiles them here, once. Either way
//! the code is the same.

pub(crate) mod batch;
pub(crate) mod children;
pub(crate) mod copy;
pub(crate) mod count;
pub(crate) mod deprecated;
pub(crate) mod fast;
#[cfg(feature = "std")]
pub mod hash;
pub(crate) mod last_ply;
mod options;
#[cfg(feature = "std")]
pub(crate) mod parallel;
pub mod stats;
#[cfg(feature = "std")]
pub mod suite;

pub use last_ply::{LastPly, Method};
pub use options::{Perft, PerftError};

#[allow(deprecated)]
pub use deprecated::{
    divide, divide_by, perft, perft_by, perft_directionwise, perft_hybrid, perft_with,
};

use crate::position::Position;

/// The deepest perft the tools accept. Far beyond what finishes (the start position at
/// depth 15 is about 2·10^21 nodes); the bound keeps the recursion's stack use known and
/// turns nonsense like `D1000` in a suite file into an error instead of a hang.
///
/// One of the limits every interface shares (the CLI, UCI, suite files and Python): a
/// depth from 1 to [`MAX_DEPTH`], 1 to [`MAX_THREADS`] threads, and a hash table of 0
/// (none) to [`MAX_HASH_MB`] MiB, no more than the memory available.
pub const MAX_DEPTH: u32 = 64;

/// The most worker threads a perft starts, in every interface ([`MAX_DEPTH`]).
pub const MAX_THREADS: usize = 1024;

/// The largest perft hash table, in MiB (64 GiB), in every interface ([`MAX_DEPTH`]).
pub const MAX_HASH_MB: usize = 65536;

impl Position {
    /// Perft with the fastest method for the CPU this runs on, the one [`Method::auto`]
    /// names (`pext` or `magic`, the last ply eight children at a time with AVX-512),
    /// chosen at run time like the copy of the hot path: a crate built with no
    /// `RUSTFLAGS` counts as fast as one built with `-C target-cpu=native`. [`Perft`]
    /// counts with options: threads, a hash table, a generator or technique, divide and
    /// statistics.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// assert_eq!(Position::startpos().perft(4), 197_281);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        fast::perft_auto(self, depth)
    }
}
