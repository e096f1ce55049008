//! `dumb7fill`: occluded flood fill, one step at a time.
//!
//! Set-wise: the fill works on all sliders of a set at once (the generators), spreading
//! one square per step over the empty squares, six steps, then one more shift so the
//! blockers themselves become attacked. The set-wise functions are the public API that
//! direction-wise move generation uses; the [`Slider`](super::Slider) impl passes a single square.
//! Wraps from the h-file to the a-file are cut by masking before each shift. No tables.

use super::RayWise;
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::square::Square;

/// Occluded fills one step at a time (set-wise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dumb7Fill;

/// The generators and every square they reach along `dir` through `empty` squares.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::dumb7fill;
/// use rayscan::{Bitboard, Direction, Square};
/// let empty = !Bitboard::from(Square::D5);
/// let fill = dumb7fill::occluded_fill(Square::D1.into(), empty, Direction::North);
/// assert_eq!(fill, [Square::D1, Square::D2, Square::D3, Square::D4].into_iter().collect());
/// ```
#[inline]
pub fn occluded_fill(generators: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    let mut flood = generators;
    let mut front = generators;
    for _ in 0..6 {
        front = front.shift(dir) & empty;
        flood |= front;
    }
    flood
}

/// Attacks along `dir` of every slider in `sliders`: the occluded fill shifted once more.
#[inline]
pub fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
    occluded_fill(sliders, empty, dir).shift(dir)
}

/// Rook attacks of every slider in `sliders` (the union).
#[deprecated(note = "use `RayWise::rook_attacks_setwise` (Dumb7Fill::rook_attacks_setwise)")]
#[inline]
pub fn rook_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
    <Dumb7Fill as RayWise>::rook_attacks_setwise(sliders, empty)
}

/// Bishop attacks of every slider in `sliders` (the union).
#[deprecated(note = "use `RayWise::bishop_attacks_setwise` (Dumb7Fill::bishop_attacks_setwise)")]
#[inline]
pub fn bishop_attacks_setwise(sliders: Bitboard, empty: Bitboard) -> Bitboard {
    <Dumb7Fill as RayWise>::bishop_attacks_setwise(sliders, empty)
}

super::ray_wise_slider!(
    Dumb7Fill,
    name: "dumb7fill",
    description: "set-wise occluded flood fill, one step per iteration, per direction",
    table_bytes: 0,
);

impl RayWise for Dumb7Fill {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        ray_attacks_setwise(sq.into(), !occupied, dir)
    }

    #[inline]
    fn ray_attacks_setwise(sliders: Bitboard, empty: Bitboard, dir: Direction) -> Bitboard {
        ray_attacks_setwise(sliders, empty, dir)
    }
}
