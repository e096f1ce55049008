//! Masks on an empty board: rays, lines and piece masks, each **by lookup** (tables
//! built at compile time by `const fn`) and **by calculation** (a few shifts, no memory).
//! Plus the leaper tables (knight, king, pawn captures).
//!
//! Lookup and calculation are tested against each other on all 64 squares; the
//! lookup tables are the ones the techniques in [`crate::sliders`] build upon.
//!
//! All masks here *exclude* the square itself, except the `*_mask` line functions,
//! which follow the literature and include it (their `*_mask_ex` twins do not).
//!
//! ```
//! use rayscan::{masks, Direction, Square};
//! assert_eq!(masks::ray(Direction::NorthWest, Square::D4).to_string(), "\
//! . . . . . . . .
//! 1 . . . . . . .
//! . 1 . . . . . .
//! . . 1 . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .");
//! ```

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::direction::{Direction, Line};
use crate::simd::SquareSets;
use crate::square::Square;

// ---------------------------------------------------------------------------------------
// Compile-time construction: walk from each square, one step at a time.

const fn walk(sq: Square, df: i8, dr: i8, slide: bool) -> u64 {
    let mut bb = 0;
    let mut cur = sq;
    while let Some(next) = cur.step(df, dr) {
        bb |= 1 << next as u8;
        if !slide {
            break;
        }
        cur = next;
    }
    bb
}

pub(crate) const fn build_rays() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let dir = Direction::ALL[d];
        let mut s = 0;
        while s < 64 {
            t[d][s] = walk(Square::ALL[s], dir.file_delta(), dir.rank_delta(), true);
            s += 1;
        }
        d += 1;
    }
    t
}

const fn build_lines() -> [[u64; 64]; 4] {
    let rays = build_rays();
    let mut t = [[0; 64]; 4];
    let mut l = 0;
    while l < 4 {
        let line = Line::ALL[l];
        let mut s = 0;
        while s < 64 {
            t[l][s] = rays[line.positive() as usize][s] | rays[line.negative() as usize][s];
            s += 1;
        }
        l += 1;
    }
    t
}

/// Piece masks: index 0 rook, 1 bishop, 2 queen.
const fn build_pieces() -> [[u64; 64]; 3] {
    let lines = build_lines();
    let mut t = [[0; 64]; 3];
    let mut s = 0;
    while s < 64 {
        t[0][s] = lines[Line::Rank as usize][s] | lines[Line::File as usize][s];
        t[1][s] = lines[Line::Diagonal as usize][s] | lines[Line::AntiDiagonal as usize][s];
        t[2][s] = t[0][s] | t[1][s];
        s += 1;
    }
    t
}

const fn build_leaper(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < steps.len() {
            t[s] |= walk(Square::ALL[s], steps[i].0, steps[i].1, false);
            i += 1;
        }
        s += 1;
    }
    t
}

// ---------------------------------------------------------------------------------------
// By lookup.

/// The squares along `dir` from `sq` to the edge, `sq` excluded (lookup).
#[inline]
pub fn ray(dir: Direction, sq: Square) -> Bitboard {
    Bitboard(TABLES.rays[dir as usize][sq as usize])
}

/// The squares of `line` through `sq`, `sq` excluded (lookup): the union of its two rays.
#[inline]
pub fn line(line: Line, sq: Square) -> Bitboard {
    Bitboard(TABLES.lines[line as usize][sq as usize])
}

/// Rook attacks on the empty board (lookup): rank ∪ file, `sq` excluded.
#[inline]
pub fn rook(sq: Square) -> Bitboard {
    Bitboard(TABLES.pieces[0][sq as usize])
}

/// Bishop attacks on the empty board (lookup): diagonal ∪ anti-diagonal, `sq` excluded.
#[inline]
pub fn bishop(sq: Square) -> Bitboard {
    Bitboard(TABLES.pieces[1][sq as usize])
}

/// Queen attacks on the empty board (lookup): rook ∪ bishop.
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Square};
/// assert_eq!(masks::queen(Square::D4), masks::rook(Square::D4) | masks::bishop(Square::D4));
/// assert_eq!(masks::queen(Square::D4).len(), 27);
/// ```
#[inline]
pub fn queen(sq: Square) -> Bitboard {
    Bitboard(TABLES.pieces[2][sq as usize])
}

/// Knight attacks from `sq` (lookup).
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Square};
/// assert_eq!(masks::knight(Square::A1).to_string(), "\
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . 1 . . . . . .
/// . . 1 . . . . .
/// . . . . . . . .");
/// ```
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(TABLES.knight[sq as usize])
}

/// The squares any knight of `knights` attacks, all at once by eight shifts: no loop, so
/// no branch on how many knights there are (calculation).
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Bitboard, Square};
/// let both = Bitboard::from(Square::B1) | Square::G1.into();
/// assert_eq!(masks::knights(both), masks::knight(Square::B1) | masks::knight(Square::G1));
/// ```
#[inline]
pub fn knights(knights: Bitboard) -> Bitboard {
    knights_setwise(knights)
}

/// [`knights`] for one board or eight in lanes ([`SquareSets`]): the squares one and two
/// files aside, then those moved two ranks and one rank, in twelve operations rather
/// than eight jumps' twenty-four. A union: two knights' jumps to one square are one.
#[inline(always)]
pub(crate) fn knights_setwise<W: SquareSets>(knights: W) -> W {
    let (not_a, not_h) = (!Bitboard::FILE_A.0, !Bitboard::FILE_H.0);
    let (not_ab, not_gh) = (not_a & (not_a << 1), not_h & (not_h >> 1));
    let one = (knights & W::splat(not_h)).shift(1) | (knights & W::splat(not_a)).shift(-1);
    let two = (knights & W::splat(not_gh)).shift(2) | (knights & W::splat(not_ab)).shift(-2);
    one.shift(16) | one.shift(-16) | two.shift(8) | two.shift(-8)
}

/// King attacks from `sq` (lookup).
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(TABLES.king[sq as usize])
}

/// The squares a pawn of `color` on `sq` captures on (lookup).
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Color, Square};
/// let e4 = masks::pawn_attacks(Color::White, Square::E4);
/// assert_eq!(e4, [Square::D5, Square::F5].into_iter().collect());
/// assert_eq!(masks::pawn_attacks(Color::Black, Square::A5), Square::B4.into());
/// ```
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn[color as usize][sq as usize])
}

/// The ray along `dir` from square index `i & 63`, as raw bits: the accessor the
/// bitscan-based techniques use in their hot paths (the mask makes the bounds check vanish).
#[inline]
pub(crate) fn ray_at(dir: Direction, i: u32) -> u64 {
    TABLES.rays[dir as usize][(i & 63) as usize]
}

const fn build_between_and_line() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let rays = build_rays();
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let ray = rays[d][a];
            let back = rays[Direction::ALL[d].opposite() as usize][a];
            let mut b = 0;
            while b < 64 {
                if ray & 1 << b != 0 {
                    // Squares strictly between a and b: a's ray minus b's ray minus b.
                    between[a][b] = ray & !rays[d][b] & !(1 << b);
                    line[a][b] = ray | back | 1 << a;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// Both square-pair tables, built in one pass and evaluated once for the two fields below.
const BETWEEN_AND_LINE: ([[u64; 64]; 64], [[u64; 64]; 64]) = build_between_and_line();

/// Every table of this module in one `static`. A caller's monomorphized code (a perft
/// compiled in another crate) reaches a `static` of this crate through the global offset
/// table, one load of its address per `static`: one `static` for all of them costs one
/// such load, which the compiler can keep in a register for a whole loop.
#[repr(C)]
struct Tables {
    rays: [[u64; 64]; 8],
    lines: [[u64; 64]; 4],
    pieces: [[u64; 64]; 3],
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    between: [[u64; 64]; 64],
    line_through: [[u64; 64]; 64],
}

/// King attacks by square, as raw bits: [`king`]'s table, also for tables built from it
/// at compile time elsewhere.
pub(crate) const KING_ATTACKS: [u64; 64] = build_leaper(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

static TABLES: Tables = Tables {
    rays: build_rays(),
    lines: build_lines(),
    pieces: build_pieces(),
    knight: build_leaper(&[
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]),
    king: KING_ATTACKS,
    pawn: [
        build_leaper(&[(-1, 1), (1, 1)]),
        build_leaper(&[(-1, -1), (1, -1)]),
    ],
    between: BETWEEN_AND_LINE.0,
    line_through: BETWEEN_AND_LINE.1,
};

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal;
/// empty otherwise (lookup, 32 KB). Blocking a check means moving onto one of these.
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Square};
/// assert_eq!(masks::between(Square::A1, Square::D4), [Square::B2, Square::C3].into_iter().collect());
/// assert!(masks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a as usize][b as usize])
}

/// The whole line (edge to edge) through `a` and `b` if they are aligned, both
/// included; empty otherwise (lookup, 32 KB). A piece pinned to its king moves only along it.
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Square};
/// assert_eq!(masks::line_through(Square::B2, Square::D4), masks::diagonal_mask(Square::A1));
/// ```
#[inline]
pub fn line_through(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line_through[a as usize][b as usize])
}

/// Bytes of the ray table that the classical techniques read (8 × 64 words).
pub const RAY_TABLE_BYTES: usize = core::mem::size_of::<[[u64; 64]; 8]>();
/// Bytes of the line table (4 × 64 words).
pub const LINE_TABLE_BYTES: usize = core::mem::size_of::<[[u64; 64]; 4]>();

// ---------------------------------------------------------------------------------------
// By calculation.

const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;
const MAIN_ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

/// The rank through `sq`, `sq` included: `0xff << (sq & 56)`.
#[inline]
pub const fn rank_mask(sq: Square) -> Bitboard {
    Bitboard(0xff << (sq as u8 & 56))
}

/// The file through `sq`, `sq` included: the a-file shifted by the file index.
#[inline]
pub const fn file_mask(sq: Square) -> Bitboard {
    Bitboard(Bitboard::FILE_A.0 << (sq as u8 & 7))
}

/// The diagonal (a1–h8 direction) through `sq`, `sq` included, by the generalized
/// shift: the main diagonal moved down (right shift) or up (left shift) by whole ranks.
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Square};
/// assert_eq!(masks::diagonal_mask(Square::B1).to_string(), "\
/// . . . . . . . .
/// . . . . . . . 1
/// . . . . . . 1 .
/// . . . . . 1 . .
/// . . . . 1 . . .
/// . . . 1 . . . .
/// . . 1 . . . . .
/// . 1 . . . . . .");
/// ```
#[inline]
pub const fn diagonal_mask(sq: Square) -> Bitboard {
    let diag = (sq as i32 & 7) - (sq as i32 >> 3);
    Bitboard(if diag >= 0 {
        MAIN_DIAGONAL >> (diag * 8)
    } else {
        MAIN_DIAGONAL << (-diag * 8)
    })
}

/// The anti-diagonal (h1–a8 direction) through `sq`, `sq` included, by the generalized shift.
#[inline]
pub const fn anti_diagonal_mask(sq: Square) -> Bitboard {
    let diag = 7 - (sq as i32 & 7) - (sq as i32 >> 3);
    Bitboard(if diag >= 0 {
        MAIN_ANTI_DIAGONAL >> (diag * 8)
    } else {
        MAIN_ANTI_DIAGONAL << (-diag * 8)
    })
}

/// The line through `sq`, `sq` included (calculation).
#[inline]
pub const fn line_mask(line: Line, sq: Square) -> Bitboard {
    match line {
        Line::Rank => rank_mask(sq),
        Line::File => file_mask(sq),
        Line::Diagonal => diagonal_mask(sq),
        Line::AntiDiagonal => anti_diagonal_mask(sq),
    }
}

/// The line through `sq` without `sq` (calculation): equals [`line()`].
#[inline]
pub const fn line_mask_ex(line: Line, sq: Square) -> Bitboard {
    Bitboard(line_mask(line, sq).0 ^ 1 << sq as u8)
}

/// The east ray, by calculation: `2 * ((1 << (sq | 7)) - (1 << sq))`.
#[inline]
pub const fn east_mask_ex(sq: Square) -> Bitboard {
    let s = sq as u32;
    Bitboard(((1u64 << (s | 7)) - (1u64 << s)).wrapping_mul(2))
}

/// The west ray, by calculation: `(1 << sq) - (1 << (sq & 56))`.
#[inline]
pub const fn west_mask_ex(sq: Square) -> Bitboard {
    let s = sq as u32;
    Bitboard((1u64 << s) - (1u64 << (s & 56)))
}

/// The north ray, by calculation: the a-file above a1 shifted by `sq`.
#[inline]
pub const fn north_mask_ex(sq: Square) -> Bitboard {
    Bitboard(0x0101_0101_0101_0100 << sq as u8)
}

/// The south ray, by calculation: the h-file below h8 shifted right by `sq ^ 63`.
#[inline]
pub const fn south_mask_ex(sq: Square) -> Bitboard {
    Bitboard(0x0080_8080_8080_8080 >> (sq as u8 ^ 63))
}

/// The squares above `sq` in index order: `-2 << sq`. Intersected with a line it
/// leaves the line's positive ray.
#[inline]
pub const fn positive_half(sq: Square) -> Bitboard {
    Bitboard((!1u64) << sq as u8)
}

/// The squares below `sq` in index order: `(1 << sq) - 1`. Intersected with a line it
/// leaves the line's negative ray.
#[inline]
pub const fn negative_half(sq: Square) -> Bitboard {
    Bitboard((1u64 << sq as u8) - 1)
}

/// The ray along `dir` from `sq`, by calculation: the orthogonal rays by their own
/// formulas, the diagonal ones as line ∩ positive or negative half.
///
/// # Examples
///
/// ```
/// use rayscan::{masks, Direction, Square};
/// for dir in Direction::ALL {
///     assert_eq!(masks::ray_by_calculation(dir, Square::G2), masks::ray(dir, Square::G2));
/// }
/// ```
#[inline]
pub const fn ray_by_calculation(dir: Direction, sq: Square) -> Bitboard {
    match dir {
        Direction::East => east_mask_ex(sq),
        Direction::West => west_mask_ex(sq),
        Direction::North => north_mask_ex(sq),
        Direction::South => south_mask_ex(sq),
        Direction::NorthEast => Bitboard(diagonal_mask(sq).0 & positive_half(sq).0),
        Direction::SouthWest => Bitboard(diagonal_mask(sq).0 & negative_half(sq).0),
        Direction::NorthWest => Bitboard(anti_diagonal_mask(sq).0 & positive_half(sq).0),
        Direction::SouthEast => Bitboard(anti_diagonal_mask(sq).0 & negative_half(sq).0),
    }
}

/// Rook attacks on the empty board, by calculation.
#[inline]
pub const fn rook_mask(sq: Square) -> Bitboard {
    Bitboard(line_mask_ex(Line::Rank, sq).0 | line_mask_ex(Line::File, sq).0)
}

/// Bishop attacks on the empty board, by calculation.
#[inline]
pub const fn bishop_mask(sq: Square) -> Bitboard {
    Bitboard(line_mask_ex(Line::Diagonal, sq).0 | line_mask_ex(Line::AntiDiagonal, sq).0)
}

/// Queen attacks on the empty board, by calculation.
#[inline]
pub const fn queen_mask(sq: Square) -> Bitboard {
    Bitboard(rook_mask(sq).0 | bishop_mask(sq).0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knights_by_shifts_equal_the_union_of_lookups() {
        // Every square alone, then pseudo-random sets of any size.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let sets = Square::ALL
            .iter()
            .map(|&s| Bitboard::from(s))
            .chain((0..2000).map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Sparse and dense sets alike.
                Bitboard(if i % 2 == 0 { x & x.rotate_left(17) } else { x })
            }));
        for set in sets {
            let union = set.iter().fold(Bitboard::EMPTY, |a, s| a | knight(s));
            assert_eq!(knights(set), union, "{set:?}");
        }
    }

    #[test]
    fn rays_by_lookup_equal_rays_by_calculation() {
        for dir in Direction::ALL {
            for sq in Square::ALL {
                assert_eq!(ray(dir, sq), ray_by_calculation(dir, sq), "{dir} {sq}");
            }
        }
    }

    #[test]
    fn rays_walk_to_the_edge() {
        for dir in Direction::ALL {
            for sq in Square::ALL {
                let r = ray(dir, sq);
                assert!(!r.contains(sq));
                // The ray is the chain of single steps.
                let mut expected = Bitboard::EMPTY;
                let mut cur = sq;
                while let Some(n) = cur.offset(dir) {
                    expected.insert(n);
                    cur = n;
                }
                assert_eq!(r, expected);
                if dir.is_positive() {
                    assert!(r.is_subset(positive_half(sq)));
                } else {
                    assert!(r.is_subset(negative_half(sq)));
                }
            }
        }
    }

    #[test]
    fn lines_by_lookup_equal_lines_by_calculation() {
        for l in Line::ALL {
            for sq in Square::ALL {
                assert_eq!(line(l, sq), line_mask_ex(l, sq), "{l} {sq}");
                assert_eq!(line(l, sq), ray(l.positive(), sq) | ray(l.negative(), sq));
                assert_eq!(line(l, sq) & positive_half(sq), ray(l.positive(), sq));
                assert_eq!(line(l, sq) & negative_half(sq), ray(l.negative(), sq));
                assert!(line_mask(l, sq).contains(sq));
            }
        }
    }

    #[test]
    fn piece_masks_by_lookup_equal_calculation() {
        for sq in Square::ALL {
            assert_eq!(rook(sq), rook_mask(sq));
            assert_eq!(bishop(sq), bishop_mask(sq));
            assert_eq!(queen(sq), queen_mask(sq));
            assert_eq!(rook(sq).len(), 14);
        }
        let bishop_total: u32 = Square::ALL.iter().map(|&s| bishop(s).len()).sum();
        assert_eq!(bishop_total, 560);
    }

    #[test]
    fn between_and_line_through_agree_with_rays() {
        for a in Square::ALL {
            for b in Square::ALL {
                let dir = Direction::ALL.into_iter().find(|&d| ray(d, a).contains(b));
                match dir {
                    Some(d) => {
                        assert_eq!(between(a, b), ray(d, a) & ray(d.opposite(), b));
                        assert_eq!(line_through(a, b), line(d.line(), a).with(a));
                        assert_eq!(between(a, b), between(b, a));
                    }
                    None => {
                        assert!(between(a, b).is_empty());
                        assert!(line_through(a, b).is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn leapers() {
        let knight_total: u32 = Square::ALL.iter().map(|&s| knight(s).len()).sum();
        let king_total: u32 = Square::ALL.iter().map(|&s| king(s).len()).sum();
        assert_eq!(knight_total, 336);
        assert_eq!(king_total, 420);
        for sq in Square::ALL {
            // A white pawn on sq attacks t exactly when a black pawn on t attacks sq.
            for t in pawn_attacks(Color::White, sq) {
                assert!(pawn_attacks(Color::Black, t).contains(sq));
            }
            assert!(knight(sq).iter().all(|t| knight(t).contains(sq)));
        }
        assert_eq!(pawn_attacks(Color::White, Square::A8), Bitboard::EMPTY);
    }
}
