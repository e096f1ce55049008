//! Mailbox boards: the board as an array of squares, with a border that tells a step off
//! the board, and vector attacks (see [`vectors`]).
//!
//! Three layouts, one interface ([`Layout`]):
//!
//! | layout | array | a1 at | off the board |
//! |---|---|--:|---|
//! | [`X88`] | 16 × 8 = 128 | 0 | the index test `i & 0x88 != 0` |
//! | [`Board16x12`] | 16 × 12 = 192 | 36 | sentinel cells, two ranks and four files deep |
//! | [`Board15x12`] | 15 × 12 = 180 | 34 | sentinel cells; a square's colour is the index's low bit |
//!
//! Every layout is at least 15 files wide, so the difference of two indices preserves
//! the rank and file difference and indexes a [`vectors`] table. [`Mailbox`] holds a
//! position on one of them with piece lists, and generates legal moves, tests attacks
//! and evaluates exchanges ([`Mailbox::see`]) with those tables.

use crate::square::Square;

pub(crate) mod board;
mod generate;
pub mod vectors;

pub use board::Mailbox;
pub(crate) use board::count;
#[allow(deprecated)]
pub use board::perft;
use vectors::Vector;

/// The geometry of a mailbox board: how squares map to array indices.
pub trait Layout: Copy + Default + Send + Sync + 'static {
    /// The name in the CLI's generator names (`mailbox-0x88` …).
    const NAME: &'static str;
    /// Files per array row: the index difference of one rank.
    const WIDTH: i32;
    /// Array cells.
    const SIZE: usize;

    /// The array index of `sq`.
    fn index(sq: Square) -> i32;

    /// The square at array index `i`; `None` off the board.
    fn square(i: i32) -> Option<Square>;

    /// The vector table entry for the index difference `to - from`.
    fn vector(diff: i32) -> Vector;
}

/// The 0x88 board: 16 files of which 8 are real, 8 ranks; the upper nibble bits of an
/// index mark the squares off the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct X88;

impl Layout for X88 {
    const NAME: &'static str = "0x88";
    const WIDTH: i32 = 16;
    const SIZE: usize = 128;

    /// `sq + (sq & !7)`: the rank bits move up one place.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::mailbox::{Layout, X88};
    /// use rayscan::Square;
    /// assert_eq!(X88::index(Square::H8), 0x77);
    /// assert_eq!(X88::square(0x78), None); // 0x78 & 0x88 != 0
    /// ```
    #[inline]
    fn index(sq: Square) -> i32 {
        let s = sq as i32;
        s + (s & !7)
    }

    #[inline]
    fn square(i: i32) -> Option<Square> {
        if i < 0 || i & 0x88 != 0 {
            return None;
        }
        Square::new(((i + (i & 7)) >> 1) as u8)
    }

    #[inline]
    fn vector(diff: i32) -> Vector {
        vectors::vector16(diff)
    }
}

/// The 16×12 board: 8×8 inside a sentinel border two ranks and four files deep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board16x12;

impl Layout for Board16x12 {
    const NAME: &'static str = "16x12";
    const WIDTH: i32 = 16;
    const SIZE: usize = 192;

    /// `sq + (sq & !7) + 36`.
    #[inline]
    fn index(sq: Square) -> i32 {
        let s = sq as i32;
        s + (s & !7) + 36
    }

    /// Rank `(i >> 4) - 2`, file `(i & 15) - 4`.
    #[inline]
    fn square(i: i32) -> Option<Square> {
        let (rank, file) = ((i >> 4) - 2, (i & 15) - 4);
        if !(0..Self::SIZE as i32).contains(&i)
            || !(0..8).contains(&rank)
            || !(0..8).contains(&file)
        {
            return None;
        }
        Square::new((rank * 8 + file) as u8)
    }

    #[inline]
    fn vector(diff: i32) -> Vector {
        vectors::vector16(diff)
    }
}

/// The 15×12 board: 8×8 inside a sentinel border, four files on the left and three on
/// the right. With an odd width, a square's colour is the low bit of its index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board15x12;

impl Board15x12 {
    /// Whether the square at index `i` is a light square: the index's low bit.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::mailbox::{Board15x12, Layout};
    /// use rayscan::Square;
    /// assert!(!Board15x12::is_light(Board15x12::index(Square::A1)));
    /// assert!(Board15x12::is_light(Board15x12::index(Square::H1)));
    /// ```
    #[inline]
    pub const fn is_light(i: i32) -> bool {
        i & 1 == 1
    }
}

impl Layout for Board15x12 {
    const NAME: &'static str = "15x12";
    const WIDTH: i32 = 15;
    const SIZE: usize = 180;

    /// `15 × rank + file + 34`.
    #[inline]
    fn index(sq: Square) -> i32 {
        15 * sq.rank() as i32 + sq.file() as i32 + 34
    }

    /// The rank by reciprocal multiplication, `((i - 34) × 9) >> 7` (a division by 15
    /// for every index on the board), and the file as the remainder. Indices off the
    /// board come out with a file outside 0–7 and are refused.
    #[inline]
    fn square(i: i32) -> Option<Square> {
        let j = i - 34;
        if j < 0 || i >= Self::SIZE as i32 {
            return None;
        }
        let rank = (j * 9) >> 7;
        let file = j - 15 * rank;
        if !(0..8).contains(&rank) || !(0..8).contains(&file) {
            return None;
        }
        Square::new((rank * 8 + file) as u8)
    }

    #[inline]
    fn vector(diff: i32) -> Vector {
        vectors::vector15(diff)
    }
}

#[cfg(test)]
mod tests {
    use super::vectors::*;
    use super::*;
    use crate::color::Color;
    use crate::direction::Direction;
    use crate::masks;

    fn layout_round_trips<L: Layout>() {
        let mut on_board = 0;
        for i in -40..(L::SIZE as i32 + 40) {
            if let Some(sq) = L::square(i) {
                assert_eq!(L::index(sq), i, "{} {sq}", L::NAME);
                on_board += 1;
            }
        }
        assert_eq!(on_board, 64, "{}", L::NAME);
        for sq in Square::ALL {
            assert_eq!(L::square(L::index(sq)), Some(sq));
            // Every step a piece can take from the board stays inside the array.
            for df in -2..=2 {
                for dr in -2..=2 {
                    let i = L::index(sq) + L::WIDTH * dr + df;
                    assert!(i >= -(L::WIDTH * 2 + 2) && i < L::SIZE as i32 + 40);
                }
            }
        }
    }

    #[test]
    fn layouts_map_every_square_and_nothing_else() {
        layout_round_trips::<X88>();
        layout_round_trips::<Board16x12>();
        layout_round_trips::<Board15x12>();
        for sq in Square::ALL {
            let light = (sq.file() as u8 + sq.rank() as u8) % 2 == 1;
            assert_eq!(Board15x12::is_light(Board15x12::index(sq)), light, "{sq}");
        }
    }

    /// Every entry against the 64 × 64 square-pair computation on the bitboard side.
    fn vectors_agree_with_butterfly<L: Layout>() {
        for a in Square::ALL {
            for b in Square::ALL {
                let v = L::vector(L::index(b) - L::index(a));
                let (df, dr) = (
                    b.file() as i32 - a.file() as i32,
                    b.rank() as i32 - a.rank() as i32,
                );
                assert_eq!(v.chebyshev as i32, df.abs().max(dr.abs()));
                assert_eq!(v.manhattan as i32, df.abs() + dr.abs());
                let dir = Direction::ALL
                    .into_iter()
                    .find(|&d| masks::ray(d, a).contains(b));
                let step = dir.map_or(0, |d| {
                    L::WIDTH * d.rank_delta() as i32 + d.file_delta() as i32
                });
                assert_eq!(v.increment as i32, step, "{a}{b}");
                let flag = |set: crate::Bitboard, f: u8| if set.contains(b) { f } else { 0 };
                let expected = flag(masks::pawn_attacks(Color::White, a), WHITE_PAWN)
                    | flag(masks::pawn_attacks(Color::Black, a), BLACK_PAWN)
                    | flag(masks::knight(a), KNIGHT)
                    | flag(masks::bishop(a), BISHOP)
                    | flag(masks::rook(a), ROOK)
                    | flag(masks::queen(a), QUEEN)
                    | flag(masks::king(a), KING);
                assert_eq!(v.attackers, expected, "{a}{b}");
            }
        }
    }

    #[test]
    fn vector_tables_agree_with_the_square_pair_tables() {
        vectors_agree_with_butterfly::<X88>();
        vectors_agree_with_butterfly::<Board16x12>();
        vectors_agree_with_butterfly::<Board15x12>();
    }
}
