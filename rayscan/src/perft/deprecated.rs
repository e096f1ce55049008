//! The perft functions before [`Perft`](super::Perft): each forwards to the count it
//! runs, kept so that code written against them still builds. (The statistics' and the
//! hash table's are in `stats.rs` and `hash.rs`.)

#![allow(deprecated)]

use super::Method;
use super::count::{Plain, Report};
use crate::chess_move::Move;
use crate::movegen::{Generator, UnsupportedTechnique};
use crate::position::Position;
use crate::sliders::{RayWise, Slider};

/// Leaf nodes `depth` plies below `pos`, piece-wise generation with slider technique `S`.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).count_slider::<S>(pos)`, or `Perft` with a `Technique`"
)]
#[inline]
pub fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
    super::count::piece_wise::<S>(pos, depth)
}

/// Perft with the direction-wise generator and technique `S`'s set-wise ray attacks.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).generator(Generator::DirectionWise).technique(..)`"
)]
pub fn perft_directionwise<S: RayWise>(pos: &Position, depth: u32) -> u64 {
    super::count::direction_wise::<S>(pos, depth)
}

/// Perft with the hybrid generator (pawns as sets, pieces one by one with `S`).
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).generator(Generator::Hybrid).technique(..)`"
)]
pub fn perft_hybrid<S: Slider>(pos: &Position, depth: u32) -> u64 {
    super::count::hybrid::<S>(pos, depth)
}

/// Perft split by root move (piece-wise, technique `S`): calls `f(move, count)` for every
/// legal move, in generation order, and returns the total.
#[deprecated(since = "0.2.0", note = "use `Perft::divide`")]
pub fn divide<S: Slider>(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves_with::<S>().iter() {
        let n = super::count::piece_wise::<S>(&pos.play(m), depth - 1);
        f(m, n);
        total += n;
    }
    total
}

/// Piece-wise perft with a technique, or a [`Method`], chosen at run time.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).method(method).count(pos)`"
)]
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub fn perft_with(method: impl Into<Method>, pos: &Position, depth: u32) -> u64 {
    method.into().dispatch(Plain { pos, depth })
}

/// Perft split by root move with any generator and technique.
///
/// # Errors
///
/// When the technique cannot drive the generator ([`Generator::accepts`]).
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).generator(g).method(m).divide(pos, f)`"
)]
pub fn divide_by(
    generator: Generator,
    method: impl Into<Method>,
    pos: &Position,
    depth: u32,
    mut f: impl FnMut(Move, u64),
) -> Result<u64, UnsupportedTechnique> {
    let method = method.into();
    let report: Report<'_> = Some(&mut f);
    super::count::run(generator, method, pos, depth, report)
}

/// Perft with any generator and technique.
///
/// # Errors
///
/// When the technique cannot drive the generator ([`Generator::accepts`]).
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).generator(g).method(m).count(pos)`"
)]
#[inline]
pub fn perft_by(
    generator: Generator,
    method: impl Into<Method>,
    pos: &Position,
    depth: u32,
) -> Result<u64, UnsupportedTechnique> {
    super::count::run(generator, method.into(), pos, depth, None)
}

#[cfg(feature = "std")]
pub use with_std::*;

#[cfg(feature = "std")]
mod with_std {
    use super::*;
    use crate::perft::hash::PerftTable;
    use crate::perft::stats::PerftStats;
    use crate::sliders::Technique;

    /// Perft statistics on `threads` workers.
    #[deprecated(
        since = "0.2.0",
        note = "use `Perft::new(depth).technique(t).threads(n).divide_stats(pos, report)`"
    )]
    pub fn perft_parallel_stats(
        technique: Technique,
        pos: &Position,
        depth: u32,
        threads: usize,
        report: impl FnMut(Move, &PerftStats),
    ) -> PerftStats {
        crate::perft::parallel::threaded_stats(technique, pos, depth, threads, report)
    }

    /// Perft on `threads` workers with an optional shared hash table.
    ///
    /// # Errors
    ///
    /// When the technique cannot drive the generator ([`Generator::accepts`]).
    #[deprecated(
        since = "0.2.0",
        note = "use `Perft::new(depth).generator(g).method(m).threads(n).hash(&table).divide(pos, report)`"
    )]
    pub fn perft_parallel(
        generator: Generator,
        method: impl Into<Method>,
        pos: &Position,
        depth: u32,
        threads: usize,
        table: Option<&PerftTable>,
        report: impl FnMut(Move, u64),
    ) -> Result<u64, UnsupportedTechnique> {
        let method = method.into();
        crate::perft::parallel::threaded(generator, method, pos, depth, threads, table, report)
    }
}
