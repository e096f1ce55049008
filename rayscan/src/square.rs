//! Squares, files and ranks in little-endian rank-file mapping: a1 = 0, b1 = 1 … h1 = 7, a2 = 8 … h8 = 63.

use core::fmt;
use core::str::FromStr;

use crate::parse_error::{ParseError, ParseKind};

/// A file (column) `a`–`h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) `1`–`8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

/// What [`File`] and [`Rank`] share, written once: `ALL`, `new`, `index`, `to_char`,
/// `Display` (the character) and `FromStr` (one character, either case).
macro_rules! coordinate {
    (
        $ty:ident, $kind:expr, $first:literal,
        all: $all_doc:literal, new: $new_doc:literal, index: $index_doc:literal,
        char: $char_doc:literal, parse: $parse_doc:literal,
        [$($variant:ident),+ $(,)?]
    ) => {
        impl $ty {
            #[doc = $all_doc]
            pub const ALL: [$ty; 8] = [$($ty::$variant),+];

            #[doc = $new_doc]
            #[inline]
            pub const fn new(i: u8) -> Option<$ty> {
                if i < 8 {
                    Some($ty::ALL[i as usize])
                } else {
                    None
                }
            }

            #[doc = $index_doc]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = $char_doc]
            #[inline]
            pub const fn to_char(self) -> char {
                ($first + self as u8) as char
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.to_char())
            }
        }

        impl FromStr for $ty {
            type Err = ParseError;
            #[doc = $parse_doc]
            fn from_str(s: &str) -> Result<$ty, ParseError> {
                match s.as_bytes() {
                    [c] => match c.to_ascii_lowercase().checked_sub($first) {
                        Some(i) => $ty::new(i).ok_or_else(|| ParseError::new($kind, s)),
                        None => Err(ParseError::new($kind, s)),
                    },
                    _ => Err(ParseError::new($kind, s)),
                }
            }
        }
    };
}

coordinate!(
    File, ParseKind::File, b'a',
    all: "All files, a to h.",
    new: "The file with index `i` (a = 0), or `None` past h.",
    index: "0 for a … 7 for h.",
    char: "The lowercase letter.",
    parse: "Reads one letter `a`–`h` (either case).",
    [A, B, C, D, E, F, G, H]
);

coordinate!(
    Rank, ParseKind::Rank, b'1',
    all: "All ranks, 1 to 8.",
    new: "The rank with index `i` (rank 1 = 0), or `None` past rank 8.",
    index: "0 for rank 1 … 7 for rank 8.",
    char: "The digit.",
    parse: "Reads one digit `1`–`8`.",
    [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

/// A square of the board, numbered a1 = 0 … h8 = 63 (little-endian rank-file mapping).
///
/// # Examples
///
/// ```
/// use rayscan::{File, Rank, Square};
/// let g2: Square = "g2".parse().unwrap();
/// assert_eq!(g2, Square::G2);
/// assert_eq!(g2 as u8, 14);
/// assert_eq!((g2.file(), g2.rank()), (File::G, Rank::Second));
/// assert_eq!(g2.to_string(), "g2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares in index order a1, b1 … h8.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square with index `i`, or `None` for 64 and above.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square::ALL[i as usize])
        } else {
            None
        }
    }

    /// The square with index `i & 63`: total, for indices known to be in range
    /// (a bitscan of a non-empty set, say).
    #[inline]
    pub const fn from_index_masked(i: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63 (a1 = 0 … h8 = 63,
        // checked by a unit test), and `i & 63` is one of them. Measured: indexing
        // `Square::ALL` instead costs a memory load after every bitscan, because the
        // compiler cannot see that the table is the identity.
        unsafe { core::mem::transmute::<u8, Square>((i & 63) as u8) }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// 0 for a1 … 63 for h8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    // `offset`, the neighbour in a direction, is defined with the directions
    // (direction.rs).

    /// The square `df` files and `dr` ranks away, or `None` off the board.
    #[inline]
    pub const fn step(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self as i8 & 7) + df;
        let r = (self as i8 >> 3) + dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square::ALL[(r * 8 + f) as usize])
        }
    }

    /// The same square seen from the other side (a1 ↔ a8): rank mirrored.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl FromStr for Square {
    type Err = ParseError;
    /// Reads `"g2"` (file letter in either case, then rank digit).
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let err = || ParseError::new(ParseKind::Square, s);
        match s.as_bytes() {
            [f, r] => {
                let file = match f {
                    b'a'..=b'h' => f - b'a',
                    b'A'..=b'H' => f - b'A',
                    _ => return Err(err()),
                };
                let rank = match r {
                    b'1'..=b'8' => r - b'1',
                    _ => return Err(err()),
                };
                Ok(Square::ALL[(rank * 8 + file) as usize])
            }
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_mapping_is_little_endian_rank_file() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), *sq);
            assert_eq!(Square::from_index_masked(i as u32), *sq);
            assert_eq!(Square::from_index_masked(i as u32 + 64), *sq);
        }
        assert_eq!(Square::B1 as u8, 1);
        assert_eq!(Square::A2 as u8, 8);
        assert_eq!(Square::H8 as u8, 63);
    }

    #[test]
    fn parse_and_print_round_trip() {
        for sq in Square::ALL {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
            assert_eq!(text.to_uppercase().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "a", "a0", "a9", "i1", "g22", "2g", " g2", "é1"] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.text(), bad);
        }
    }

    #[test]
    fn file_rank_parse() {
        assert_eq!("c".parse::<File>(), Ok(File::C));
        assert_eq!("7".parse::<Rank>(), Ok(Rank::Seventh));
        assert!("i".parse::<File>().is_err());
        assert!("9".parse::<Rank>().is_err());
        assert_eq!(File::new(8), None);
        assert_eq!(Rank::new(7), Some(Rank::Eighth));
    }

    #[test]
    fn steps_do_not_wrap() {
        assert_eq!(Square::A4.step(-1, 0), None);
        assert_eq!(Square::H4.step(1, 1), None);
        assert_eq!(Square::E4.step(1, 2), Some(Square::F6));
        assert_eq!(Square::new(64), None);
        assert_eq!(Square::E2.flip_rank(), Square::E7);
    }
}
