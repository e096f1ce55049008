//! Displacement (vector) tables: what two squares' difference says about them.
//!
//! On an array board whose width is at least 15, the difference of two square indices
//! preserves their rank and file difference: `to - from = width × Δrank + Δfile`, one
//! scalar per displacement vector. So a table indexed by the difference (plus an offset,
//! to keep the index non-negative) answers questions that 8×8 boards need a 64 × 64
//! "butterfly" table for: the distance, whether the squares share a line, the unit step
//! along it, and which piece kinds can attack from one to the other.
//!
//! | board width | entries | offset | 8×8 butterfly equivalent |
//! |---|--:|--:|--:|
//! | 15 (15×12) | 225 (15 × 15) | 112 | 4096 |
//! | 16 (0x88, 16×12) | 240 (16 × 15) | 119 | 4096 |

/// A white pawn attacks along this vector.
pub const WHITE_PAWN: u8 = 1;
/// A black pawn attacks along this vector.
pub const BLACK_PAWN: u8 = 2;
/// A knight attacks along this vector.
pub const KNIGHT: u8 = 4;
/// A bishop attacks along this vector (on an empty board).
pub const BISHOP: u8 = 8;
/// A rook attacks along this vector (on an empty board).
pub const ROOK: u8 = 16;
/// A queen attacks along this vector (on an empty board).
pub const QUEEN: u8 = 32;
/// A king attacks along this vector.
pub const KING: u8 = 64;

/// What a displacement vector `to - from` tells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vector {
    /// King-move distance: max(|Δfile|, |Δrank|).
    pub chebyshev: u8,
    /// Rook-move distance on an empty board, square by square: |Δfile| + |Δrank|.
    pub manhattan: u8,
    /// The unit step from `from` towards `to` along their rank, file or diagonal, in
    /// board-index units; 0 when they are not on one line (or are the same square).
    pub increment: i8,
    /// Which pieces on `from` attack `to` on an empty board ([`WHITE_PAWN`] … [`KING`]).
    pub attackers: u8,
}

const fn signum(x: i32) -> i32 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

const fn abs(x: i32) -> i32 {
    if x < 0 { -x } else { x }
}

/// The entry for a displacement of `df` files and `dr` ranks on a board `width` wide.
const fn entry(width: i32, df: i32, dr: i32) -> Vector {
    let (adf, adr) = (abs(df), abs(dr));
    let chebyshev = if adf > adr { adf } else { adr };
    let orthogonal = (df == 0) != (dr == 0);
    let diagonal = adf == adr && adf != 0;
    let increment = if orthogonal || diagonal {
        width * signum(dr) + signum(df)
    } else {
        0
    };
    let mut attackers = 0;
    if orthogonal {
        attackers |= ROOK | QUEEN;
    }
    if diagonal {
        attackers |= BISHOP | QUEEN;
    }
    if chebyshev == 1 {
        attackers |= KING;
    }
    if (adf == 1 && adr == 2) || (adf == 2 && adr == 1) {
        attackers |= KNIGHT;
    }
    if adf == 1 && dr == 1 {
        attackers |= WHITE_PAWN;
    }
    if adf == 1 && dr == -1 {
        attackers |= BLACK_PAWN;
    }
    Vector {
        chebyshev: chebyshev as u8,
        manhattan: (adf + adr) as u8,
        increment: increment as i8,
        attackers,
    }
}

const fn build<const N: usize>(width: i32, offset: i32) -> [Vector; N] {
    let mut table = [Vector {
        chebyshev: 0,
        manhattan: 0,
        increment: 0,
        attackers: 0,
    }; N];
    let mut dr = -7;
    while dr <= 7 {
        let mut df = -7;
        while df <= 7 {
            table[(width * dr + df + offset) as usize] = entry(width, df, dr);
            df += 1;
        }
        dr += 1;
    }
    table
}

/// The offset added to a 15-wide difference: 15 × 7 + 7.
pub const OFFSET_15: i32 = 112;
/// The offset added to a 16-wide difference: 16 × 7 + 7.
pub const OFFSET_16: i32 = 119;

static VECTORS_15: [Vector; 225] = build::<225>(15, OFFSET_15);
static VECTORS_16: [Vector; 240] = build::<240>(16, OFFSET_16);

/// The entry for the difference `diff = to - from` on a 15-wide board (15×12). Squares
/// further apart than the board allows give the empty entry.
///
/// # Examples
///
/// ```
/// use rayscan::mailbox::vectors::{vector15, QUEEN, ROOK};
/// // Three ranks up on a 15-wide board: a rook's or queen's line, unit step +15.
/// let v = vector15(45);
/// assert_eq!((v.chebyshev, v.manhattan, v.increment), (3, 3, 15));
/// assert_eq!(v.attackers, ROOK | QUEEN);
/// ```
#[inline]
pub fn vector15(diff: i32) -> Vector {
    let i = (diff + OFFSET_15) as usize;
    VECTORS_15.get(i).copied().unwrap_or_default()
}

/// The entry for the difference `diff = to - from` on a 16-wide board (0x88, 16×12).
#[inline]
pub fn vector16(diff: i32) -> Vector {
    let i = (diff + OFFSET_16) as usize;
    VECTORS_16.get(i).copied().unwrap_or_default()
}

/// Bytes of the two tables, against 4096 entries of an 8×8 square-pair table.
pub const TABLE_BYTES: usize =
    core::mem::size_of::<[Vector; 225]>() + core::mem::size_of::<[Vector; 240]>();
