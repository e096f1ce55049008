//! `garvin`: Wylie Garvin's BSF/BSR ray scan (CCC, February 2002).
//!
//! One table of 64 × 8 rays, where a ray that would be empty holds its source square's
//! bit instead, so a scan always finds something. The first blocker along a ray is the
//! lowest (BSF, positive rays) or highest (BSR, negative rays) bit of `occupied ∩ ray`.
//! With the two blockers `p` and `n` of a line, the attacked squares strictly between
//! them are the intersection of the opposite rays from the blockers,
//! `ray[p][negative] ∩ ray[n][positive]`; adding the blockers (and dropping the source)
//! gives the attacks.
//!
//! The original post leaves the scan undefined when a ray has no blocker. Here, for a
//! scan in direction `d`, the squares where rays in `d` end ([`Direction::edge`]) join the
//! occupancy: a piece on the last square of a ray never changes its attacks, so every
//! non-empty ray gets a blocker, and a source whose ray is empty lies on that edge itself,
//! where its sentinel bit is found. (Adding the whole border would be wrong: a rook on a1
//! would stop at a2.) Besides the attack sets, the module
//! has the post's two generation helpers: [`capture_targets`] (scan the rays, keep the
//! blockers that are enemies) and [`quiet_targets`] (the empty squares between blockers).
//! Tables: 64 × 8 words, 4096 bytes.

use super::{RayWise, hi_bit, lo_bit};
use crate::bitboard::Bitboard;
use crate::direction::{Direction, Line};
use crate::masks;
use crate::piece::SliderPiece;
use crate::square::Square;

/// BSF/BSR ray scans over a ray table with source-bit sentinels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Garvin;

const fn build() -> [u64; 64 * 8] {
    let mut t = [0; 64 * 8];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let ray = masks::ray_by_calculation(Direction::ALL[d], Square::ALL[s]).0;
            t[s * 8 + d] = if ray == 0 { 1 << s } else { ray };
            d += 1;
        }
        s += 1;
    }
    t
}

/// `rayTable[square * 8 + direction]`.
static RAY_TABLE: [u64; 64 * 8] = build();

#[inline]
fn table(sq: u32, dir: Direction) -> u64 {
    RAY_TABLE[(sq as usize & 63) * 8 + dir as usize]
}

/// The first square hit along `dir` (the source itself if the ray is empty).
#[inline]
fn first_hit(dir: Direction, sq: u32, occupied: u64) -> u32 {
    let hits = (occupied | dir.edge().0) & table(sq, dir);
    if dir.is_positive() {
        lo_bit(hits)
    } else {
        hi_bit(hits)
    }
}

/// Attacks along `line`: the span between the two first hits, the hits included.
#[inline]
fn line_span(line: Line, sq: u32, occupied: u64) -> u64 {
    let (pos, neg) = (line.positive(), line.negative());
    let p = first_hit(pos, sq, occupied);
    let n = first_hit(neg, sq, occupied);
    ((table(p, neg) & table(n, pos)) | 1 << p | 1 << n) & !(1 << sq)
}

super::ray_wise_slider!(
    Garvin,
    name: "garvin",
    description: "BSF/BSR ray scan over a 64x8 ray table whose empty rays hold the source bit; attacks between opposite rays of the blockers",
    table_bytes: core::mem::size_of::<[u64; 64 * 8]>(),
);

impl RayWise for Garvin {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq as u32;
        let hit = first_hit(dir, s, occupied.0);
        Bitboard(((table(s, dir) & table(hit, dir.opposite())) | 1 << hit) & !(1 << s))
    }

    #[inline]
    fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(line_span(line, sq as u32, occupied.0))
    }
}

/// The post's capture scan (`scan_bq_rays`): the first square hit on each ray of
/// `piece`, kept where an enemy stands. `enemies` should be a subset of `occupied`.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::garvin;
/// use rayscan::{Bitboard, SliderPiece, Square};
/// let occupied: Bitboard = [Square::D1, Square::D6, Square::G4, Square::B4].into_iter().collect();
/// let enemies: Bitboard = [Square::D6, Square::G4].into_iter().collect();
/// let captures = garvin::capture_targets(SliderPiece::Rook, Square::D4, occupied, enemies);
/// assert_eq!(captures, enemies);
/// ```
#[inline]
pub fn capture_targets(
    piece: SliderPiece,
    sq: Square,
    occupied: Bitboard,
    enemies: Bitboard,
) -> Bitboard {
    let hits = piece
        .directions()
        .iter()
        .fold(0, |acc, &d| acc | 1 << first_hit(d, sq as u32, occupied.0));
    Bitboard(hits & enemies.0 & occupied.0 & !(1 << sq as u8))
}

/// The post's non-capture mask (`make_bq_mask`): the empty squares `piece` reaches,
/// built from the spans between the blockers on each line.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::garvin;
/// use rayscan::{Bitboard, SliderPiece, Square};
/// let occupied: Bitboard = [Square::A1, Square::C3, Square::H8].into_iter().collect();
/// let quiet = garvin::quiet_targets(SliderPiece::Bishop, Square::A1, occupied);
/// assert_eq!(quiet, Square::B2.into());
/// ```
#[inline]
pub fn quiet_targets(piece: SliderPiece, sq: Square, occupied: Bitboard) -> Bitboard {
    let spans = piece
        .lines()
        .iter()
        .fold(0, |acc, &l| acc | line_span(l, sq as u32, occupied.0));
    Bitboard(spans & !occupied.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Reference, Slider};

    #[test]
    fn capture_and_quiet_targets_split_the_attacks() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        // Miri interprets about a thousand times slower: fewer boards, same squares.
        let boards = if cfg!(miri) { 10 } else { 2000 };
        for _ in 0..boards {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = Bitboard(seed & seed.rotate_left(17));
            let enemies = Bitboard(occupied.0 & seed.rotate_left(31));
            for sq in Square::ALL {
                for piece in SliderPiece::ALL {
                    let attacks = Reference::attacks(piece, sq, occupied);
                    assert_eq!(
                        capture_targets(piece, sq, occupied, enemies),
                        attacks & enemies
                    );
                    assert_eq!(quiet_targets(piece, sq, occupied), attacks - occupied);
                }
            }
        }
    }
}
