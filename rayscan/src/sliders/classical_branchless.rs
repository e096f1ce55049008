//! `classical-branchless`: the classical ray attacks without the branch.
//!
//! The occupancy of the outermost square of a ray never changes its attacks, so a
//! sentinel bit can stand in for "no blocker": the MSB (h8) for positive rays, the LSB
//! (a1) for negative ones. The bitscan then always finds a square, and when it is the
//! sentinel, that square's ray in this direction is empty and the xor changes nothing.
//! Tables: the 8 × 64 ray table, 4096 bytes.

use super::{RayWise, hi_bit, lo_bit};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks::{self, ray_at};
use crate::square::Square;

/// Classical ray attacks with sentinel bits instead of a branch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassicalBranchless;

/// Attacks along a positive ray: bitscan forward of `blockers | MSB`.
#[inline]
pub fn positive_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let attacks = masks::ray(dir, sq).0;
    let blockers = attacks & occupied.0;
    Bitboard(attacks ^ ray_at(dir, lo_bit(blockers | 1 << 63)))
}

/// Attacks along a negative ray: bitscan reverse of `blockers | LSB`.
#[inline]
pub fn negative_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let attacks = masks::ray(dir, sq).0;
    let blockers = attacks & occupied.0;
    Bitboard(attacks ^ ray_at(dir, hi_bit(blockers | 1)))
}

super::ray_wise_slider!(
    ClassicalBranchless,
    name: "classical-branchless",
    description: "classical ray attacks with a sentinel bit (MSB for positive, LSB for negative rays): no branch",
    table_bytes: masks::RAY_TABLE_BYTES,
);

impl RayWise for ClassicalBranchless {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        if dir.is_positive() {
            positive_ray_attacks(dir, sq, occupied)
        } else {
            negative_ray_attacks(dir, sq, occupied)
        }
    }
}
