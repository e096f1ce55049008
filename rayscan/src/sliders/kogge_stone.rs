//! `kogge-stone`: occluded fill by parallel prefix (Peter Kogge and Harold Stone's adder).
//!
//! Where [`super::dumb7fill`] needs six dependent steps, Kogge-Stone doubles the
//! distance each time: the generators propagate by 1, 2 and 4 squares while the
//! propagator (the empty squares, minus the wrap-around file) is and-ed with itself
//! shifted by 1 and 2. Three steps fill up to seven squares. Set-wise like dumb7fill;
//! the [`Slider`](super::Slider) impl passes a single square. No tables.

use super::RayWise;
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::simd::SquareSets;
use crate::square::Square;

/// Kogge-Stone parallel-prefix occluded fills (set-wise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStone;

/// The generators and every square they reach along `dir` through `empty` squares.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::{dumb7fill, kogge_stone};
/// use rayscan::{Bitboard, Direction};
/// let (generators, empty) = (Bitboard(0x0000_0000_0010_0200), Bitboard(!0x0040_0000_0800_0000));
/// for dir in Direction::ALL {
///     assert_eq!(
///         kogge_stone::occluded_fill(generators, empty, dir),
///         dumb7fill::occluded_fill(generators, empty, dir)
///     );
/// }
/// ```
#[inline]
pub fn occluded_fill(generators: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    fill(generators, empty, dir)
}

/// [`occluded_fill`] for one board or, in lanes, for eight ([`SquareSets`]): perft's
/// last two plies fill eight children's sets at once with it.
#[inline(always)]
pub(crate) fn fill<W: SquareSets>(generators: W, empty: W, dir: Direction) -> W {
    Propagators::new(empty, dir).fill(generators)
}

/// The squares a fill along one direction passes through in one, two and four steps:
/// the empty squares less the file a shift would wrap onto, then that set and-ed with
/// itself shifted by one step and by two. What every fill through the same empty squares
/// in that direction shares: perft's last two plies fill both sides' sliders through them.
#[derive(Clone, Copy)]
pub(crate) struct Propagators<W> {
    dir: Direction,
    steps: [W; 3],
}

impl<W: SquareSets> Propagators<W> {
    /// The propagators of fills along `dir` through `empty`.
    #[inline(always)]
    pub(crate) fn new(empty: W, dir: Direction) -> Self {
        let s = dir.offset();
        // Squares a shift in `dir` would wrap onto (the a-file for eastward shifts, …) never propagate.
        let one = empty & W::splat(!dir.opposite().wrap_mask().0);
        let two = one & one.shift(s);
        let four = two & two.shift(s * 2);
        Propagators {
            dir,
            steps: [one, two, four],
        }
    }

    /// The generators and every square they reach.
    #[inline(always)]
    pub(crate) fn fill(self, generators: W) -> W {
        let s = self.dir.offset();
        let [one, two, four] = self.steps;
        let mut generator = generators;
        generator |= one & generator.shift(s);
        generator |= two & generator.shift(s * 2);
        generator |= four & generator.shift(s * 4);
        generator
    }

    /// The attacks of every slider in `sliders`: the fill shifted once more.
    #[inline(always)]
    pub(crate) fn attacks(self, sliders: W) -> W {
        (self.fill(sliders) & W::splat(!self.dir.wrap_mask().0)).shift(self.dir.offset())
    }
}

/// Attacks along `dir` of every slider in `sliders`: the occluded fill shifted once more.
#[inline]
pub fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    attacks(sliders, empty, dir)
}

/// [`ray_attacks_setwise`] for one board or eight in lanes ([`SquareSets`]).
#[inline(always)]
pub(crate) fn attacks<W: SquareSets>(sliders: W, empty: W, dir: Direction) -> W {
    Propagators::new(empty, dir).attacks(sliders)
}

/// Rook attacks of every slider in `sliders` (the union).
#[deprecated(note = "use `RayWise::rook_attacks_setwise` (KoggeStone::rook_attacks_setwise)")]
#[inline]
pub fn rook_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
    <KoggeStone as RayWise>::rook_attacks_setwise(sliders, empty)
}

/// Bishop attacks of every slider in `sliders` (the union).
#[deprecated(note = "use `RayWise::bishop_attacks_setwise` (KoggeStone::bishop_attacks_setwise)")]
#[inline]
pub fn bishop_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
    <KoggeStone as RayWise>::bishop_attacks_setwise(sliders, empty)
}

super::ray_wise_slider!(
    KoggeStone,
    name: "kogge-stone",
    description: "set-wise occluded fill by parallel prefix: propagate by 1, 2, 4 squares per direction",
    table_bytes: 0,
);

impl RayWise for KoggeStone {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        ray_attacks_setwise(sq.into(), !occupied, dir)
    }

    #[inline]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        ray_attacks_setwise(sliders, empty, dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Slider, dumb7fill};

    #[test]
    fn setwise_fills_agree_with_dumb7fill_on_many_generators() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        // Miri interprets about a thousand times slower.
        for _ in 0..if cfg!(miri) { 30 } else { 3000 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let generator = Bitboard(x & x.rotate_left(23) & x.rotate_left(41));
            let empty = Bitboard(x.rotate_left(7) | x.rotate_left(29));
            for dir in Direction::ALL {
                assert_eq!(
                    ray_attacks_setwise(generator, empty, dir),
                    dumb7fill::ray_attacks_setwise(generator, empty, dir)
                );
            }
            // The union over sliders equals the union of single-slider attacks.
            let single = generator.iter().fold(Bitboard::EMPTY, |a, s| {
                a | KoggeStone::rook_attacks(s, !empty)
            });
            assert_eq!(KoggeStone::rook_attacks_setwise(generator, empty), single);
        }
    }
}
