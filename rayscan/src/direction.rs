//! The compass rose: eight ray directions and eight knight directions.
//!
//! ```text
//!   noWe         nort         noEa
//!           +7    +8    +9
//!               \  |  /
//!   west    -1 <-  0 -> +1    east
//!               /  |  \
//!           -9    -8    -7
//!   soWe         sout         soEa
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::{Bitboard, shift_signed};
use crate::parse_error::{ParseError, ParseKind};
use crate::square::Square;

/// A ray direction, with its square-index offset.
///
/// # Examples
///
/// ```
/// use rayscan::Direction;
/// assert_eq!(Direction::NorthEast.offset(), 9);
/// assert!(Direction::North.is_positive()); // bitscan forward finds the first blocker
/// assert!(!Direction::SouthWest.is_positive()); // bitscan reverse does
/// assert_eq!(Direction::NorthEast.opposite(), Direction::SouthWest);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Direction {
    /// +8
    North,
    /// +9
    NorthEast,
    /// +1
    East,
    /// −7
    SouthEast,
    /// −8
    South,
    /// −9
    SouthWest,
    /// −1
    West,
    /// +7
    NorthWest,
}

impl Direction {
    /// The compass rose clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The four orthogonal (rook) directions.
    pub const ROOK: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The four diagonal (bishop) directions.
    pub const BISHOP: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// 0 for north … 7 for north-west (clockwise).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How the square index changes by one step (+8 north, −1 west …).
    #[inline]
    pub const fn offset(self) -> i8 {
        match self {
            Direction::North => 8,
            Direction::NorthEast => 9,
            Direction::East => 1,
            Direction::SouthEast => -7,
            Direction::South => -8,
            Direction::SouthWest => -9,
            Direction::West => -1,
            Direction::NorthWest => 7,
        }
    }

    /// File change of one step: −1, 0 or +1.
    #[inline]
    pub const fn file_delta(self) -> i8 {
        match self {
            Direction::NorthEast | Direction::East | Direction::SouthEast => 1,
            Direction::North | Direction::South => 0,
            Direction::SouthWest | Direction::West | Direction::NorthWest => -1,
        }
    }

    /// Rank change of one step: −1, 0 or +1.
    #[inline]
    pub const fn rank_delta(self) -> i8 {
        match self {
            Direction::NorthWest | Direction::North | Direction::NorthEast => 1,
            Direction::East | Direction::West => 0,
            Direction::SouthEast | Direction::South | Direction::SouthWest => -1,
        }
    }

    /// Whether the offset is positive: squares along the ray grow, so the nearest
    /// blocker is the lowest bit (bitscan forward). Negative rays need bitscan reverse.
    #[inline]
    pub const fn is_positive(self) -> bool {
        self.offset() > 0
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) & 7]
    }

    /// The line this direction runs along.
    #[inline]
    pub const fn line(self) -> Line {
        match self {
            Direction::North | Direction::South => Line::File,
            Direction::East | Direction::West => Line::Rank,
            Direction::NorthEast | Direction::SouthWest => Line::Diagonal,
            Direction::NorthWest | Direction::SouthEast => Line::AntiDiagonal,
        }
    }

    /// Whether rooks (rather than bishops) move this way.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) & 1 == 0
    }

    /// The squares a one-step shift in this direction would wrap from (the far file
    /// for east- or west-going directions), to be cleared before shifting.
    #[inline]
    pub const fn wrap_mask(self) -> Bitboard {
        match self.file_delta() {
            1 => Bitboard::FILE_H,
            -1 => Bitboard::FILE_A,
            _ => Bitboard::EMPTY,
        }
    }

    /// The squares with no neighbour in this direction: where every ray in this
    /// direction ends. A blocker there never changes a ray's attacks, so scanning
    /// techniques may add these squares to the occupancy as sentinels.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Bitboard, Direction};
    /// assert_eq!(Direction::North.edge(), Bitboard::RANK_8);
    /// assert_eq!(Direction::SouthWest.edge(), Bitboard::RANK_1 | Bitboard::FILE_A);
    /// ```
    #[inline]
    pub const fn edge(self) -> Bitboard {
        let files = match self.file_delta() {
            1 => Bitboard::FILE_H.0,
            -1 => Bitboard::FILE_A.0,
            _ => 0,
        };
        let ranks = match self.rank_delta() {
            1 => Bitboard::RANK_8.0,
            -1 => Bitboard::RANK_1.0,
            _ => 0,
        };
        Bitboard(files | ranks)
    }

    /// The lowercase name with a hyphen: `north-east`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::NorthEast => "north-east",
            Direction::East => "east",
            Direction::SouthEast => "south-east",
            Direction::South => "south",
            Direction::SouthWest => "south-west",
            Direction::West => "west",
            Direction::NorthWest => "north-west",
        }
    }

    /// The short name: `n`, `ne`, `e` ….
    pub const fn short_name(self) -> &'static str {
        match self {
            Direction::North => "n",
            Direction::NorthEast => "ne",
            Direction::East => "e",
            Direction::SouthEast => "se",
            Direction::South => "s",
            Direction::SouthWest => "sw",
            Direction::West => "w",
            Direction::NorthWest => "nw",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Direction {
    type Err = ParseError;
    /// Reads `north-east`, `northeast` or `ne` (lowercase).
    fn from_str(s: &str) -> Result<Direction, ParseError> {
        Direction::ALL
            .into_iter()
            .find(|d| {
                s == d.name()
                    || s == d.short_name()
                    || s.chars().eq(d.name().chars().filter(|&c| c != '-'))
            })
            .ok_or_else(|| ParseError::new(ParseKind::Direction, s))
    }
}

/// A line through a square: the union of two opposite rays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Line {
    /// East–west.
    Rank,
    /// North–south.
    File,
    /// South-west–north-east (a1–h8 direction).
    Diagonal,
    /// South-east–north-west (h1–a8 direction).
    AntiDiagonal,
}

impl Line {
    /// All four lines.
    pub const ALL: [Line; 4] = [Line::Rank, Line::File, Line::Diagonal, Line::AntiDiagonal];

    /// 0 rank, 1 file, 2 diagonal, 3 anti-diagonal.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The ray of the line that goes towards higher squares (bitscan forward).
    #[inline]
    pub const fn positive(self) -> Direction {
        match self {
            Line::Rank => Direction::East,
            Line::File => Direction::North,
            Line::Diagonal => Direction::NorthEast,
            Line::AntiDiagonal => Direction::NorthWest,
        }
    }

    /// The ray of the line that goes towards lower squares (bitscan reverse).
    #[inline]
    pub const fn negative(self) -> Direction {
        self.positive().opposite()
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Line::Rank => "rank",
            Line::File => "file",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A knight's jump, named by its two compass parts (north-north-east = two up, one right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum KnightDirection {
    /// +17
    NorthNorthEast,
    /// +10
    EastNorthEast,
    /// −6
    EastSouthEast,
    /// −15
    SouthSouthEast,
    /// −17
    SouthSouthWest,
    /// −10
    WestSouthWest,
    /// +6
    WestNorthWest,
    /// +15
    NorthNorthWest,
}

impl KnightDirection {
    /// The eight jumps clockwise from north-north-east.
    pub const ALL: [KnightDirection; 8] = [
        KnightDirection::NorthNorthEast,
        KnightDirection::EastNorthEast,
        KnightDirection::EastSouthEast,
        KnightDirection::SouthSouthEast,
        KnightDirection::SouthSouthWest,
        KnightDirection::WestSouthWest,
        KnightDirection::WestNorthWest,
        KnightDirection::NorthNorthWest,
    ];

    /// (file change, rank change).
    #[inline]
    pub const fn deltas(self) -> (i8, i8) {
        match self {
            KnightDirection::NorthNorthEast => (1, 2),
            KnightDirection::EastNorthEast => (2, 1),
            KnightDirection::EastSouthEast => (2, -1),
            KnightDirection::SouthSouthEast => (1, -2),
            KnightDirection::SouthSouthWest => (-1, -2),
            KnightDirection::WestSouthWest => (-2, -1),
            KnightDirection::WestNorthWest => (-2, 1),
            KnightDirection::NorthNorthWest => (-1, 2),
        }
    }

    /// How the square index changes: `8 * rank change + file change`.
    #[inline]
    pub const fn offset(self) -> i8 {
        let (df, dr) = self.deltas();
        dr * 8 + df
    }

    /// The jump the other way.
    #[inline]
    pub const fn opposite(self) -> KnightDirection {
        KnightDirection::ALL[(self as usize + 4) & 7]
    }

    /// The files a jump of this kind would wrap from, to be cleared before shifting.
    #[inline]
    pub const fn wrap_mask(self) -> Bitboard {
        match self.deltas().0 {
            2 => Bitboard(0xc0c0_c0c0_c0c0_c0c0),
            1 => Bitboard::FILE_H,
            -1 => Bitboard::FILE_A,
            _ => Bitboard(0x0303_0303_0303_0303),
        }
    }

    /// Moves every square of `set` by this jump, dropping those that leave the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Bitboard, KnightDirection, Square};
    /// let b1 = Bitboard::from(Square::B1);
    /// assert_eq!(KnightDirection::NorthNorthEast.shift(b1), Square::C3.into());
    /// assert_eq!(KnightDirection::WestNorthWest.shift(b1), Bitboard::EMPTY);
    /// ```
    #[inline]
    pub const fn shift(self, set: Bitboard) -> Bitboard {
        Bitboard(shift_signed(set.0 & !self.wrap_mask().0, self.offset()))
    }
}

// A step in a direction, for the two values a direction moves: defined here, with the
// directions, so that the square and the set stay below them.
impl Bitboard {
    /// The set moved one step in `dir`; squares that would leave the board (or wrap
    /// around from the h-file to the a-file) are dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Bitboard, Direction};
    /// assert_eq!(Bitboard::FILE_H.shift(Direction::East), Bitboard::EMPTY);
    /// assert_eq!(Bitboard::RANK_1.shift(Direction::North), Bitboard::RANK_1 << 8);
    /// ```
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        Bitboard(shift_signed(self.0 & !dir.wrap_mask().0, dir.offset()))
    }
}

impl Square {
    /// The neighbour one step in `dir`, or `None` off the board (no wrap across the a/h files).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Direction, Square};
    /// assert_eq!(Square::G2.offset(Direction::NorthWest), Some(Square::F3));
    /// assert_eq!(Square::H2.offset(Direction::East), None);
    /// ```
    #[inline]
    pub const fn offset(self, dir: Direction) -> Option<Square> {
        self.step(dir.file_delta(), dir.rank_delta())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn offsets_match_deltas() {
        for d in Direction::ALL {
            assert_eq!(d.offset(), d.rank_delta() * 8 + d.file_delta());
            assert_eq!(d.opposite().offset(), -d.offset());
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.is_positive(), d.offset() > 0);
            assert!(d.line().positive() == d || d.line().negative() == d);
            assert_eq!(
                d.is_orthogonal(),
                d.file_delta() == 0 || d.rank_delta() == 0
            );
            assert_eq!(d.name().parse(), Ok(d));
            assert_eq!(d.short_name().parse(), Ok(d));
            assert_eq!(d.name().replace('-', "").parse(), Ok(d));
        }
        assert!("up".parse::<Direction>().is_err());
        for l in Line::ALL {
            assert!(l.positive().is_positive());
            assert!(!l.negative().is_positive());
        }
    }

    #[test]
    fn knight_shifts_match_steps() {
        for k in KnightDirection::ALL {
            let (df, dr) = k.deltas();
            assert_eq!(k.opposite().offset(), -k.offset());
            for sq in Square::ALL {
                let expected = sq.step(df, dr).map_or(Bitboard::EMPTY, Bitboard::from);
                assert_eq!(k.shift(sq.into()), expected, "{k:?} from {sq}");
            }
        }
    }
}
