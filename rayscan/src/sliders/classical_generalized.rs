//! `classical-generalized`: one ray getter for all eight directions.
//!
//! A generalized bitscan needs no branch on the direction: two small tables per
//! direction, a sentinel bit (`DIR_BIT`: MSB for positive rays, LSB for negative ones) and
//! a mask (`DIR_MASK`: empty for positive rays, universal for negative ones). Isolating
//! the lowest bit with `b & (-b | DIR_MASK)` turns the bitscan reverse into a bitscan
//! forward for positive rays. Tables: the ray table plus 2 × 8 words, 4224 bytes.

use super::{RayWise, hi_bit};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks::{self, ray_at};
use crate::square::Square;

/// Classical ray attacks through one generalized, branch-free ray getter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassicalGeneralized;

const fn build_dir_tables() -> ([u64; 8], [u64; 8]) {
    let mut bit = [0; 8];
    let mut mask = [0; 8];
    let mut d = 0;
    while d < 8 {
        if Direction::ALL[d].is_positive() {
            bit[d] = 1 << 63;
            mask[d] = 0;
        } else {
            bit[d] = 1;
            mask[d] = !0;
        }
        d += 1;
    }
    (bit, mask)
}

static DIR_BIT: [u64; 8] = build_dir_tables().0;
static DIR_MASK: [u64; 8] = build_dir_tables().1;

/// Attacks along any ray `dir`, with the same instructions for every direction.
#[inline]
pub fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let attacks = masks::ray(dir, sq).0;
    let mut blockers = (attacks & occupied.0) | DIR_BIT[dir as usize];
    // Positive rays: keep only the lowest bit, so the reverse scan finds it.
    blockers &= blockers.wrapping_neg() | DIR_MASK[dir as usize];
    Bitboard(attacks ^ ray_at(dir, hi_bit(blockers)))
}

super::ray_wise_slider!(
    ClassicalGeneralized,
    name: "classical-generalized",
    description: "one ray getter for all eight directions via a direction mask and sentinel table",
    table_bytes: masks::RAY_TABLE_BYTES + 2 * 8 * 8,
);

impl RayWise for ClassicalGeneralized {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        ray_attacks(dir, sq, occupied)
    }
}
