//! How perft counts its last ply, chosen apart from the slider technique.

use core::marker::PhantomData;

use crate::bitboard::Bitboard;
use crate::sliders::{Slider, WithSlider};
use crate::square::Square;

/// Technique `S` for every node, the last ply counted eight children at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Batched<S>(PhantomData<S>);

impl<S: Slider> Slider for Batched<S> {
    const NAME: &'static str = S::NAME;
    const DESCRIPTION: &'static str = S::DESCRIPTION;
    const TABLE_BYTES: usize = S::TABLE_BYTES;

    #[inline(always)]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::rook_attacks(sq, occupied)
    }
    #[inline(always)]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::bishop_attacks(sq, occupied)
    }
    #[inline(always)]
    fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        S::queen_attacks(sq, occupied)
    }
    #[inline(always)]
    fn count_moves(
        diagonal: Bitboard,
        straight: Bitboard,
        occupied: Bitboard,
        targets: Bitboard,
    ) -> u32 {
        S::count_moves(diagonal, straight, occupied, targets)
    }
    #[inline(always)]
    fn lanes_or<F: WithSlider, G: WithSlider<Output = F::Output>>(
        lanes: F,
        otherwise: G,
    ) -> F::Output {
        let _ = otherwise;
        lanes.run::<Self>()
    }
}
