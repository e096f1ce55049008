//! `subtraction`: fill by subtraction, `o ^ (o - 2r)`, per line.
//!
//! On a line mask without the slider, `o` the line's occupancy and `r` the slider's bit,
//! subtracting `2r` borrows through the empty squares above the slider up to the first
//! blocker; xor with `o` leaves exactly the positive ray's attacks. The negative ray is
//! the same trick on the reversed board, Hyperbola Quintessence: `reverse(o' ^ (o' - 2r'))`
//! with `o' = reverse(o)`. Files and diagonals hold one square per rank, so reversing the
//! byte order suffices (`bswap`); a rank needs the full bit reversal.
//! Tables: the 4 × 64 line masks of [`crate::masks`], 2048 bytes.

use super::RayWise;
use crate::bitboard::Bitboard;
use crate::direction::{Direction, Line};
use crate::masks;
use crate::square::Square;

/// Fill by subtraction per line, Hyperbola Quintessence for the negative half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Subtraction;

/// `o ^ (o - 2r)`: the changed bits above `r`.
#[inline(always)]
fn upward(o: u64, r: u64) -> u64 {
    o ^ o.wrapping_sub(r.wrapping_mul(2))
}

#[inline(always)]
fn reverse(line: Line, bits: u64) -> u64 {
    match line {
        Line::Rank => bits.reverse_bits(),
        _ => bits.swap_bytes(),
    }
}

/// Attacks along the positive ray of `line`.
#[inline]
fn positive(line: Line, sq: Square, occupied: Bitboard) -> u64 {
    let mask = masks::line(line, sq).0;
    upward(occupied.0 & mask, 1 << sq as u8) & mask
}

/// Attacks along the negative ray of `line`, by the same subtraction on the reversed board.
#[inline]
fn negative(line: Line, sq: Square, occupied: Bitboard) -> u64 {
    let mask = masks::line(line, sq).0;
    let o = reverse(line, occupied.0 & mask);
    let r = reverse(line, 1 << sq as u8);
    reverse(line, upward(o, r)) & mask
}

/// Attacks along `line` through `sq`: both halves by subtraction.
///
/// # Examples
///
/// ```
/// use rayscan::sliders::subtraction;
/// use rayscan::{Bitboard, Line, Square};
/// let occupied: Bitboard = [Square::B4, Square::F4].into_iter().collect();
/// let rank = subtraction::line_attacks(Line::Rank, Square::D4, occupied);
/// assert_eq!(rank, [Square::B4, Square::C4, Square::E4, Square::F4].into_iter().collect());
/// ```
#[inline]
pub fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(positive(line, sq, occupied) | negative(line, sq, occupied))
}

super::ray_wise_slider!(
    Subtraction,
    name: "subtraction",
    description: "fill by subtraction o ^ (o - 2r) per line, hyperbola quintessence (reversed board) for the negative half",
    table_bytes: masks::LINE_TABLE_BYTES,
);

impl RayWise for Subtraction {
    #[inline]
    fn ray_attacks(dir: Direction, sq: Square, occupied: Bitboard) -> Bitboard {
        let line = dir.line();
        Bitboard(if dir.is_positive() {
            positive(line, sq, occupied)
        } else {
            negative(line, sq, occupied)
        })
    }

    #[inline]
    fn line_attacks(line: Line, sq: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(line, sq, occupied)
    }
}
