//! A compiled copy of the hot paths, as the bodies below the CPU dispatch see it: the
//! [`Isa`] a perft body recurses through, so that it stays in the copy it runs in, and
//! [`PerftEntry`], the perfts run in the copy the CPU can run. Both are declared here
//! (the statistics' and the hash table's own in their files: [`super::stats::StatsCopy`],
//! [`super::hash::HashedCopy`]) and implemented by the dispatch at the top of the crate
//! ([`crate::isa`]), which compiles the copies; nothing below it imports it.

use super::children::Sealed;
use crate::movegen::piecewise::Visitor;
use crate::position::{Board, Position};
use crate::side::Side;
use crate::simd::Backend;
use crate::sliders::Slider;
use crate::square::Square;

/// A set of CPU features the hot paths are compiled for: a compiled copy, as a type.
/// The dispatch ([`crate::isa`]) defines the copies (`Baseline`, `V3`, `V4`) and
/// implements this for each; the perft bodies are generic over it.
pub(crate) trait Isa: Copy + 'static {
    /// How this copy computes on eight bitboards at once ([`crate::simd`]): one AVX-512
    /// register where the copy is compiled with AVX-512, plain arrays elsewhere.
    type Lanes: Backend;
    /// Perft below side `C` to move on `b` ([`super::fast::perft_body`]).
    fn perft_board<S: Slider, C: Side>(b: &Board, depth: u32) -> u64;
    /// The moves of side `C` on `b`, whose king stands on `king`, counted in a function
    /// of its own: perft's last ply for the rare kinds of move.
    fn count_leaf<S: Slider, C: Side>(b: &Board, king: Square) -> u64;
    /// The legal moves of side `X` in the children of `parent`, summed, counted eight
    /// children at a time in this copy's [`Isa::Lanes`] ([`super::batch::count_children`]),
    /// in a function of its own compiled with this copy's features.
    fn count_children<X: Side>(parent: &Board, king: Square, children: Sealed<'_>) -> u64;
    /// Runs the visitor over the legal moves of `pos`, and hands it back. By value: held
    /// behind a pointer into the caller's frame, the visitor's state went through memory
    /// at every set (a callback's running count added in memory, one set after another).
    fn enumerate<S: Slider, V: Visitor>(pos: &Position, v: V) -> V;
}

/// The perfts run in the copy of the hot paths the CPU can run: implemented by
/// [`crate::isa`] for [`crate::movegen::entry::Hot`].
pub(crate) trait PerftEntry {
    /// Perft (depth ≥ 1) from `pos` on its board, with technique `S`.
    fn perft<S: Slider>(pos: &Position, depth: u32) -> u64;

    /// Perft (depth ≥ 1) with the technique [`crate::sliders::Technique::auto`] picks,
    /// compiled only in the copy that runs it.
    fn perft_auto(pos: &Position, depth: u32) -> u64;
}
