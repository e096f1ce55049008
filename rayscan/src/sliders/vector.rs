//! `vector`: the mailbox ray walk. The square goes onto a 0x88 board, and each ray is
//! walked by adding its increment until the 0x88 index test says the walk left the
//! board or the occupancy says it hit a piece: the source-destination loop of the
//! mailbox generators, here answering for a bitboard occupancy.

use super::RayWise;
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::square::Square;

/// The 0x88 ray walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vector;

/// The 0x88 increment of a direction: 16 per rank, 1 per file.
#[inline]
const fn increment(dir: Direction) -> i32 {
    16 * dir.rank_delta() as i32 + dir.file_delta() as i32
}

super::ray_wise_slider!(
    Vector,
    name: "vector",
    description: "mailbox ray walk on a 0x88 board: add the increment until the 0x88 test or a piece stops it",
    table_bytes: 0,
);

impl RayWise for Vector {
    /// # Examples
    ///
    /// ```
    /// use rayscan::sliders::{RayWise, Vector};
    /// use rayscan::{Bitboard, Direction, Square};
    /// let blockers = Bitboard::from(Square::D6);
    /// assert_eq!(Vector::ray_attacks(Direction::North, Square::D4, blockers),
    ///            [Square::D5, Square::D6].into_iter().collect());
    /// ```
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        let inc = increment(dir);
        let s = sq as i32;
        let mut i = s + (s & !7) + inc;
        let mut attacks = 0u64;
        while i & 0x88 == 0 {
            let bit = 1u64 << ((i + (i & 7)) >> 1);
            attacks |= bit;
            if occupied.0 & bit != 0 {
                break;
            }
            i += inc;
        }
        Bitboard(attacks)
    }
}
