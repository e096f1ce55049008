//! `classical`: conditional ray attacks, the approach of Chess and Kaissa.
//!
//! Per ray: take the ray on the empty board, intersect it with the occupancy to get the
//! blockers; if there are any, bitscan to the nearest one (forward for positive rays,
//! reverse for negative ones) and xor that blocker's own ray away. Line and piece attacks
//! are unions of rays. Tables: the 8 × 64 ray table of [`crate::masks`], 4096 bytes.

use super::{RayWise, hi_bit, lo_bit};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks::{self, ray_at};
use crate::square::Square;

/// Conditional classical ray attacks (bitscan only when the ray has a blocker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classical;

/// Attacks along a positive ray (`N`, `NE`, `E`, `NW`): the nearest blocker is the lowest bit.
#[inline]
pub fn positive_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    debug_assert!(dir.is_positive());
    let mut attacks = masks::ray(dir, sq).0;
    let blockers = attacks & occupied.0;
    if blockers != 0 {
        attacks ^= ray_at(dir, lo_bit(blockers));
    }
    Bitboard(attacks)
}

/// Attacks along a negative ray (`S`, `SW`, `W`, `SE`): the nearest blocker is the highest bit.
#[inline]
pub fn negative_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    debug_assert!(!dir.is_positive());
    let mut attacks = masks::ray(dir, sq).0;
    let blockers = attacks & occupied.0;
    if blockers != 0 {
        attacks ^= ray_at(dir, hi_bit(blockers));
    }
    Bitboard(attacks)
}

super::ray_wise_slider!(
    Classical,
    name: "classical",
    description: "conditional ray attacks: ray & occupied, bitscan to the first blocker, xor its ray away",
    table_bytes: masks::RAY_TABLE_BYTES,
);

impl RayWise for Classical {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        if dir.is_positive() {
            positive_ray_attacks(dir, sq, occupied)
        } else {
            negative_ray_attacks(dir, sq, occupied)
        }
    }
}
