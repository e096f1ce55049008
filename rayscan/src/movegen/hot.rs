//! What the move generators' public API asks of the CPU dispatch above them: [`Entry`],
//! run a generator's visitor in the copy of the hot paths compiled for the CPU this
//! runs on. Declared here and implemented for [`Hot`] by the dispatch at the top of the
//! crate ([`crate::isa`]): the layers below it call it without importing it, and it
//! picks among compiled copies of them.

use super::piecewise::{Counter, Lister, Visitor};
use crate::chess_move::MoveList;
use crate::position::Position;
use crate::sliders::Slider;

/// The entry points into the copy of the hot paths the CPU can run: [`Entry`]'s
/// functions, called as `Hot::visit::<S, _>(…)`.
pub(crate) struct Hot;

/// Running the generator in the copy the CPU can run. [`crate::isa`] implements it
/// for [`Hot`]; `generate` and `count` are visits.
pub(crate) trait Entry {
    /// Runs `visitor` over the legal moves of `pos` with technique `S`, and hands it back.
    fn visit<S: Slider, V: Visitor>(pos: &Position, visitor: V) -> V;

    /// The legal moves of `pos`, listed.
    #[inline]
    fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
        Self::visit::<S, _>(pos, Lister::new(list));
    }

    /// The number of legal moves of `pos`.
    #[inline]
    fn count<S: Slider>(pos: &Position) -> u64 {
        Self::visit::<S, _>(pos, Counter(0)).0
    }
}
