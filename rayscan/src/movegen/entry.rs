//! What the move generators' public API asks of the CPU dispatch above them:
//! [`Entry`], run a generator's visitor in the copy of the hot paths compiled for the
//! CPU this runs on; and the two public functions that do only that, [`generate`] and
//! [`count`]. Declared here and implemented for [`Hot`] by the dispatch at the top of the
//! crate ([`crate::isa`]): the layers below it call it without importing it, and it
//! picks among compiled copies of them.

use super::piecewise::{Counter, Visitor};
use crate::chess_move::MoveList;
use crate::position::Position;
use crate::sliders::Slider;

/// The entry points into the copy of the hot paths the CPU can run, called as
/// `Hot::visit::<S, _>(…)`: [`Entry`] here, and perft's [`crate::perft::copy::PerftEntry`],
/// [`crate::perft::stats::StatsEntry`] and [`crate::perft::hash::HashedEntry`]; the
/// dispatch ([`crate::isa`]) implements all four for it.
pub(crate) struct Hot;

/// Running the generator in the copy the CPU can run. [`crate::isa`] implements it
/// for [`Hot`]; `generate` and `count` are visits.
pub(crate) trait Entry {
    /// Runs `visitor` over the legal moves of `pos` with technique `S`, and hands it back.
    fn visit<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V;

    /// The legal moves of `pos`, listed: in the copy whose writer suits the CPU
    /// ([`crate::movegen::listing`]).
    fn generate<S: Slider>(pos: &Position, list: &mut MoveList);

    /// The number of legal moves of `pos`.
    #[inline]
    fn count<S: Slider>(pos: &Position) -> u64 {
        Self::visit::<S, _>(pos, Counter(0)).0
    }
}

/// Appends every legal move of `pos` to `list`, piece by piece, using technique `S` for
/// slider attacks.
///
/// # Examples
///
/// ```
/// use rayscan::chess_move::MoveList;
/// use rayscan::movegen::generate;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// // A rook pinned on the e-file may only move along it.
/// let p = Position::from_fen("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1").unwrap().0;
/// let mut list = MoveList::new();
/// generate::<Classical>(&p, &mut list);
/// let rook: Vec<String> = list.iter().filter(|m| m.from() == rayscan::Square::E2).map(|m| m.to_string()).collect();
/// assert_eq!(rook, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]);
/// ```
#[inline(always)]
pub fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
    Hot::generate::<S>(pos, list);
}

/// The number of legal moves of `pos`, without listing them: what perft needs at its
/// last ply. The same traversal as [`generate`], with population counts where it lists
/// moves (each promotion target four moves).
///
/// # Examples
///
/// ```
/// use rayscan::movegen::count;
/// use rayscan::position::Position;
/// use rayscan::sliders::Magic;
/// let p = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap().0;
/// assert_eq!(count::<Magic>(&p), 48);
/// ```
pub fn count<S: Slider>(pos: &Position) -> u64 {
    Hot::count::<S>(pos)
}
