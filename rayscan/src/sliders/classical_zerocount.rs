//! `classical-zerocount`: classical ray attacks with trailing/leading zero counts.
//!
//! TZCNT and LZCNT return 64 for an empty set instead of leaving the result undefined,
//! so the ray tables get a 65th entry, index 64, holding the empty set. Positive rays are
//! indexed by the trailing-zero count (the blocker's square); negative rays by the
//! leading-zero count, so their table row is stored in reverse (`63 - square`).
//! Tables: 8 × 65 words, 4160 bytes.

use super::RayWise;
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks;
use crate::square::Square;

/// Classical ray attacks indexed by zero counts, no branch and no sentinel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassicalZeroCount;

const fn build() -> [[u64; 65]; 8] {
    let mut t = [[0; 65]; 8];
    let mut d = 0;
    while d < 8 {
        let dir = Direction::ALL[d];
        let mut s = 0;
        while s < 64 {
            let ray = masks::ray_by_calculation(dir, Square::ALL[s]).0;
            if dir.is_positive() {
                t[d][s] = ray;
            } else {
                t[d][63 - s] = ray;
            }
            s += 1;
        }
        // t[d][64] stays empty: "no blocker".
        d += 1;
    }
    t
}

static RAYS_65: [[u64; 65]; 8] = build();

#[inline]
fn entry(dir: Direction, i: u32) -> u64 {
    // Zero counts of a u64 are at most 64.
    RAYS_65[dir as usize][(i as usize).min(64)]
}

/// Attacks along a positive ray: `ray ^ RAYS[tzcnt(blockers)]`.
#[inline]
pub fn positive_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let attacks = entry(dir, sq as u32);
    let blockers = attacks & occupied.0;
    Bitboard(attacks ^ entry(dir, blockers.trailing_zeros()))
}

/// Attacks along a negative ray: `ray ^ RAYS[lzcnt(blockers)]` (rows stored reversed).
#[inline]
pub fn negative_ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
    let attacks = entry(dir, 63 - sq as u32);
    let blockers = attacks & occupied.0;
    Bitboard(attacks ^ entry(dir, blockers.leading_zeros()))
}

super::ray_wise_slider!(
    ClassicalZeroCount,
    name: "classical-zerocount",
    description: "trailing/leading zero count with 65-entry ray tables (index 64 = empty set)",
    table_bytes: core::mem::size_of::<[[u64; 65]; 8]>(),
);

impl RayWise for ClassicalZeroCount {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        if dir.is_positive() {
            positive_ray_attacks(dir, sq, occupied)
        } else {
            negative_ray_attacks(dir, sq, occupied)
        }
    }
}
