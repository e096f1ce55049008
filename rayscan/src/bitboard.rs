//! `Bitboard`: a set of squares in one `u64`, bit *i* standing for square *i* (a1 = bit 0).

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::square::{File, Rank, Square};

/// A set of squares.
///
/// The operators are set operations: `|` union, `&` intersection, `^` symmetric
/// difference, `!` complement, `-` difference. `Display` draws the 8×8 diagram the
/// literature uses (rank 8 on top, `1` for a member, `.` otherwise); `{:x}` and `Debug` give hex.
///
/// # Examples
///
/// ```
/// use rayscan::{Bitboard, Square};
/// let set = Bitboard::from(Square::C6) | Square::A8.into();
/// assert!(set.contains(Square::C6));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "\
/// 1 . . . . . . .
/// . . . . . . . .
/// . . 1 . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .");
/// assert_eq!(format!("{set:x}"), "100040000000000");
/// assert_eq!(format!("{set:?}"), "Bitboard(0x0100040000000000)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// The eighth rank.
    pub const RANK_8: Bitboard = Bitboard(0xff00_0000_0000_0000);
    /// The 28 border squares. Their occupancy never changes a slider's attack set,
    /// which is why several techniques may freely add them as sentinels.
    pub const BORDER: Bitboard = Bitboard(0xff81_8181_8181_81ff);
    /// The light squares (b1, a2 …, h1 is light too).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (a1, c1 … h8).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// All squares of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file as u8)
    }

    /// All squares of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * rank as u8))
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }

    /// The number of squares (population count).
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every square of `self` is also in `other`.
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq as u8;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u8);
    }

    /// The lowest square (bitscan forward), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// The highest square (bitscan reverse), if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(63 - self.0.leading_zeros()))
        }
    }

    // `shift`, a step in a direction, is defined with the directions (direction.rs).

    /// Iterates the squares from a1 towards h8 (a bitscan-and-reset loop).
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// Iterates all subsets of the set, from the empty set up to the set itself, by the
    /// carry-rippler trick `n = (n - set) & set`: `2^len` items.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Bitboard;
    /// let subsets: Vec<u64> = Bitboard(0b1010).subsets().map(|b| b.0).collect();
    /// assert_eq!(subsets, [0b0000, 0b0010, 0b1000, 0b1010]);
    /// ```
    #[inline]
    pub const fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: 0,
            done: false,
        }
    }
}

/// Shifts `bits` by a square-index offset: left for positive offsets, right for negative.
#[inline(always)]
pub(crate) const fn shift_signed(bits: u64, offset: i8) -> u64 {
    if offset > 0 {
        bits << offset
    } else {
        bits >> -offset
    }
}

impl fmt::Display for Bitboard {
    /// The 8×8 diagram, rank 8 first, without a trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::ALL[rank * 8 + file];
                if file > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(if self.contains(sq) { "1" } else { "." })?;
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard(0x{:016x})", self.0)
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl fmt::UpperHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(bb: Bitboard) -> u64 {
        bb.0
    }
}

macro_rules! set_op {
    ($Trait:ident, $method:ident, $AssignTrait:ident, $assign:ident, |$a:ident, $b:ident| $e:expr) => {
        impl $Trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                let ($a, $b) = (self.0, rhs.0);
                Bitboard($e)
            }
        }
        impl $AssignTrait for Bitboard {
            #[inline]
            fn $assign(&mut self, rhs: Bitboard) {
                *self = $Trait::$method(*self, rhs);
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
set_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement: every square not in the set.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl core::ops::Shl<u32> for Bitboard {
    type Output = Bitboard;
    /// Raw shift of the bits (no wrap masking: see [`Bitboard::shift`]).
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl core::ops::Shr<u32> for Bitboard {
    type Output = Bitboard;
    /// Raw shift of the bits (no wrap masking: see [`Bitboard::shift`]).
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_masked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros();
        self.0 ^= 1 << i;
        Some(Square::from_index_masked(i))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc.with(sq))
    }
}

/// Iterator over all subsets of a [`Bitboard`] (carry-rippler), see [`Bitboard::subsets`].
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: u64,
    done: bool,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        if self.done {
            return None;
        }
        let current = self.next;
        self.next = self.next.wrapping_sub(self.set) & self.set;
        self.done = self.next == 0;
        Some(Bitboard(current))
    }
}

impl FusedIterator for Subsets {}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::direction::Direction;
    use std::format;
    use std::vec::Vec;

    #[test]
    fn set_operations() {
        let a = Bitboard(0b1100);
        let b = Bitboard(0b1010);
        assert_eq!(a | b, Bitboard(0b1110));
        assert_eq!(a & b, Bitboard(0b1000));
        assert_eq!(a ^ b, Bitboard(0b0110));
        assert_eq!(a - b, Bitboard(0b0100));
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        let mut c = a;
        c |= b;
        c -= Bitboard(0b10);
        c ^= Bitboard(1);
        c &= Bitboard(0b1101);
        assert_eq!(c, Bitboard(0b1101));
        assert!(Bitboard(0b1000).is_subset(a));
        assert!(!b.is_subset(a));
        assert!(a.intersects(b));
    }

    #[test]
    fn iteration_is_exact_size_and_ordered() {
        let set: Bitboard = [Square::H8, Square::A1, Square::E4].into_iter().collect();
        let it = set.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.collect::<Vec<_>>(), [Square::A1, Square::E4, Square::H8]);
        assert_eq!(
            set.iter().rev().collect::<Vec<_>>(),
            [Square::H8, Square::E4, Square::A1]
        );
        assert_eq!(set.first(), Some(Square::A1));
        assert_eq!(set.last(), Some(Square::H8));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(Bitboard::EMPTY.iter().next(), None);
    }

    #[test]
    fn subsets_are_all_distinct_and_complete() {
        let set = Bitboard(0x8100_0000_0000_0042);
        let subs: Vec<Bitboard> = set.subsets().collect();
        assert_eq!(subs.len(), 16);
        for (i, s) in subs.iter().enumerate() {
            assert!(s.is_subset(set));
            assert!(subs[..i].iter().all(|t| t != s));
        }
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
    }

    #[test]
    fn shifts_never_wrap() {
        for dir in Direction::ALL {
            for sq in Square::ALL {
                let moved = Bitboard::from(sq).shift(dir);
                assert_eq!(
                    moved,
                    sq.offset(dir).map_or(Bitboard::EMPTY, Bitboard::from)
                );
            }
        }
    }

    #[test]
    fn diagram_and_hex() {
        let d = format!("{}", Bitboard::from(Square::A1));
        assert!(d.ends_with("1 . . . . . . ."));
        assert_eq!(d.lines().count(), 8);
        assert_eq!(format!("{:#x}", Bitboard::FILE_H), "0x8080808080808080");
        assert_eq!(format!("{:X}", Bitboard(0xab)), "AB");
        assert_eq!(u64::from(Bitboard::from(7u64)), 7);
        assert_eq!(Bitboard::file(File::B), Bitboard::FILE_A << 1);
        assert_eq!(Bitboard::rank(Rank::Eighth), Bitboard::RANK_8);
        let mut e = Bitboard::EMPTY;
        e.insert(Square::B2);
        assert_eq!(e, Bitboard::EMPTY.with(Square::B2));
        e.remove(Square::B2);
        assert!(e.is_empty());
        assert_eq!(Bitboard::FULL.without(Square::A1) >> 1, Bitboard(!0 >> 1));
    }
}
