//! `reference`: the naive square-by-square ray walk. Slow and obviously correct: the
//! yardstick every other technique is tested against. No tables (0 bytes).
//!
//! Its `const fn` walkers also fill the magic and PEXT tables at compile time.

use super::{RayWise, Slider};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::square::Square;

/// Walks each ray one square at a time until the edge or the first occupied square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reference;

/// The squares attacked along `dir` from `sq`, walking one step at a time (`const`).
pub const fn walk_ray(dir: Direction, sq: Square, occupied: u64) -> u64 {
    let mut attacks = 0;
    let mut cur = sq;
    while let Some(next) = cur.offset(dir) {
        attacks |= 1 << next as u8;
        if occupied & 1 << next as u8 != 0 {
            break;
        }
        cur = next;
    }
    attacks
}

/// Rook attacks by walking the four orthogonal rays (`const`).
pub const fn walk_rook(sq: Square, occupied: u64) -> u64 {
    walk_ray(Direction::North, sq, occupied)
        | walk_ray(Direction::East, sq, occupied)
        | walk_ray(Direction::South, sq, occupied)
        | walk_ray(Direction::West, sq, occupied)
}

/// Bishop attacks by walking the four diagonal rays (`const`).
pub const fn walk_bishop(sq: Square, occupied: u64) -> u64 {
    walk_ray(Direction::NorthEast, sq, occupied)
        | walk_ray(Direction::SouthEast, sq, occupied)
        | walk_ray(Direction::SouthWest, sq, occupied)
        | walk_ray(Direction::NorthWest, sq, occupied)
}

impl Slider for Reference {
    const NAME: &'static str = "reference";
    const DESCRIPTION: &'static str =
        "naive square-by-square ray walk: slow, obviously correct, the yardstick";
    const TABLE_BYTES: usize = 0;

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(walk_rook(sq, occupied.0))
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(walk_bishop(sq, occupied.0))
    }
}

impl RayWise for Reference {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(walk_ray(dir, sq, occupied.0))
    }
}
