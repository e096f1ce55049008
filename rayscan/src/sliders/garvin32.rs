//! `garvin32`: Garvin's ray scan on 32-bit halves, with 11 table words per square.
//!
//! For a 32-bit machine the post splits the board into a low half (ranks 1–4) and a high
//! half (ranks 5–8) and scans each with 32-bit BSF/BSR. From a square in the low half,
//! east, west and the three southward rays never leave the low half, while the three
//! northward rays may cross into the high half; from the high half it is the other way
//! round. So per square only 11 of the 16 half-rays can be non-empty, and the table keeps
//! just those: `64 × 11 × 4 = 2816` bytes (≈2.75 KB).
//!
//! Slot layout per square, "near" being the source's half and "far" the other:
//!
//! | slot | low-half source | high-half source |
//! |---|---|---|
//! | 0, 1 | east, west | east, west |
//! | 2, 3, 4 | south, south-east, south-west | north, north-east, north-west |
//! | 5, 6 | north (near, far) | south (near, far) |
//! | 7, 8 | north-east (near, far) | south-east (near, far) |
//! | 9, 10 | north-west (near, far) | south-west (near, far) |
//!
//! A crossing ray is scanned in the near half first, in the far half only if the near
//! half has no blocker, as in the post. An empty ray holds the source bit (near half) as
//! sentinel, and the squares where rays in the scanned direction end join the
//! occupancy (see [`super::garvin`]), so every scan finds a square.
//! The attacked part of a half-ray is the half-ray cut at its blocker. Results are
//! assembled from two `u32` halves, as a 32-bit CPU would keep them in two registers.

use super::{RayWise, Slider};
use crate::bitboard::Bitboard;
use crate::direction::Direction;
use crate::masks;
use crate::square::Square;

/// Garvin's BSF/BSR ray scan on 32-bit halves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Garvin32;

const EAST: usize = 0;
const WEST: usize = 1;

/// The slot of `dir` for a source in the high half (`hi`) or low half, and whether it
/// is a crossing ray (two slots: near, far).
const fn slot(dir: Direction, hi: bool) -> (usize, bool) {
    use Direction::*;
    match (dir, hi) {
        (East, _) => (EAST, false),
        (West, _) => (WEST, false),
        (South, false) | (North, true) => (2, false),
        (SouthEast, false) | (NorthEast, true) => (3, false),
        (SouthWest, false) | (NorthWest, true) => (4, false),
        (North, false) | (South, true) => (5, true),
        (NorthEast, false) | (SouthEast, true) => (7, true),
        (NorthWest, false) | (SouthWest, true) => (9, true),
    }
}

const fn build() -> [[u32; 11]; 64] {
    let mut t = [[0; 11]; 64];
    let mut s = 0;
    while s < 64 {
        let hi = s >= 32;
        let (near_shift, far_shift) = if hi { (32, 0) } else { (0, 32) };
        let mut d = 0;
        while d < 8 {
            let dir = Direction::ALL[d];
            let mut ray = masks::ray_by_calculation(dir, Square::ALL[s]).0;
            if ray == 0 {
                ray = 1 << s;
            }
            let near = (ray >> near_shift) as u32;
            let far = (ray >> far_shift) as u32;
            let (i, crossing) = slot(dir, hi);
            t[s][i] = near;
            if crossing {
                t[s][i + 1] = far;
            } else {
                assert!(far == 0, "a non-crossing ray left its half");
            }
            d += 1;
        }
        s += 1;
    }
    t
}

static RAY_TABLE: [[u32; 11]; 64] = build();

/// The attacked part of a half-ray `ray` whose scan (within this half) hits a square:
/// up to the lowest hit when the ray runs towards higher bits, down to the highest otherwise.
#[inline]
fn cut(ray: u32, occ: u32, increasing: bool) -> u32 {
    let hits = ray & occ;
    if increasing {
        ray & (u32::MAX >> (31 - hits.trailing_zeros()))
    } else {
        ray & (u32::MAX << (31 - hits.leading_zeros()))
    }
}

/// `bits` split into (near half, far half) for a source in the high half (`hi`) or low half.
#[inline]
fn halves(bits: u64, hi: bool) -> (u32, u32) {
    if hi {
        ((bits >> 32) as u32, bits as u32)
    } else {
        (bits as u32, (bits >> 32) as u32)
    }
}

/// The attacks along `dir` as (near, far) halves.
#[inline]
fn ray(t: &[u32; 11], dir: Direction, hi: bool, occupied: u64) -> (u32, u32) {
    // The squares where rays in `dir` end join the occupancy, so every scan finds one.
    let (near_occ, far_occ) = halves(occupied | dir.edge().0, hi);
    let increasing = dir.is_positive();
    let (i, crossing) = slot(dir, hi);
    if !crossing || t[i] & near_occ != 0 {
        (cut(t[i], near_occ, increasing), 0)
    } else {
        // No blocker in the near half: all of it is attacked, and the scan goes on in the far half.
        (t[i], cut(t[i + 1], far_occ, increasing))
    }
}

#[inline]
fn attacks(dirs: &[Direction], sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq as usize;
    let hi = s >= 32;
    let t = &RAY_TABLE[s];
    let (mut near, mut far) = (0, 0);
    for &dir in dirs {
        let (n, f) = ray(t, dir, hi, occupied.0);
        near |= n;
        far |= f;
    }
    let (lo, high) = if hi { (far, near) } else { (near, far) };
    Bitboard((u64::from(high) << 32 | u64::from(lo)) & !(1 << s))
}

impl Slider for Garvin32 {
    const NAME: &'static str = "garvin32";
    const DESCRIPTION: &'static str =
        "Garvin's ray scan on 32-bit halves with 11 table words per square (2.75 KB)";
    const TABLE_BYTES: usize = core::mem::size_of::<[[u32; 11]; 64]>();

    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        attacks(&Direction::ROOK, sq, occupied)
    }

    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        attacks(&Direction::BISHOP, sq, occupied)
    }
}

impl RayWise for Garvin32 {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        attacks(&[dir], sq, occupied)
    }
}

#[cfg(test)]
mod tests {
    use crate::sliders::{Garvin32, Slider};

    #[test]
    fn table_is_eleven_words_per_square() {
        assert_eq!(Garvin32::TABLE_BYTES, 2816);
    }
}
