//! The side to move as a type, so that the fast generator and perft are compiled once per
//! colour and hold no colour branches: pawn directions, back ranks and the colour indices
//! are constants of the monomorphized code.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::simd::SquareSets;

/// A side to move, at compile time: [`White`] or [`Black`].
pub(crate) trait Side: Copy + 'static {
    /// The colour this type stands for.
    const COLOR: Color;
    /// Index of our colour set (`Color as usize`).
    const US: usize = Self::COLOR as usize;
    /// Index of the opponent's colour set.
    const THEM: usize = 1 - Self::US;
    /// The opponent, as a type.
    type Them: Side;
    /// Square-index step of a pawn push: +8 for White, −8 for Black.
    const UP: i32;
    /// Our back rank (castling happens there).
    const BACK_RANK: Bitboard;
    /// The rank a single push from the start rank lands on: a double push goes on from it.
    const THIRD_RANK: Bitboard;
    /// The rank our pawns promote on.
    const LAST_RANK: Bitboard;

    /// The set moved one rank forward.
    fn up(b: Bitboard) -> Bitboard;
    /// The set moved forward and one file towards the a-file (a pawn capture).
    fn up_west<W: SquareSets>(b: W) -> W;
    /// The set moved forward and one file towards the h-file (a pawn capture).
    fn up_east<W: SquareSets>(b: W) -> W;

    /// The squares our pawns in `pawns` attack.
    #[inline(always)]
    fn pawn_attacks(pawns: Bitboard) -> Bitboard {
        Self::up_west(pawns) | Self::up_east(pawns)
    }
}

/// White to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct White;

/// Black to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Black;

const NOT_A: u64 = !Bitboard::FILE_A.0;
const NOT_H: u64 = !Bitboard::FILE_H.0;

impl Side for White {
    const COLOR: Color = Color::White;
    type Them = Black;
    const UP: i32 = 8;
    const BACK_RANK: Bitboard = Bitboard::RANK_1;
    const THIRD_RANK: Bitboard = Bitboard(0xff << 16);
    const LAST_RANK: Bitboard = Bitboard::RANK_8;

    #[inline(always)]
    fn up(b: Bitboard) -> Bitboard {
        Bitboard(b.0 << 8)
    }
    #[inline(always)]
    fn up_west<W: SquareSets>(b: W) -> W {
        (b & W::splat(NOT_A)).shift(7)
    }
    #[inline(always)]
    fn up_east<W: SquareSets>(b: W) -> W {
        (b & W::splat(NOT_H)).shift(9)
    }
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Them = White;
    const UP: i32 = -8;
    const BACK_RANK: Bitboard = Bitboard::RANK_8;
    const THIRD_RANK: Bitboard = Bitboard(0xff << 40);
    const LAST_RANK: Bitboard = Bitboard::RANK_1;

    #[inline(always)]
    fn up(b: Bitboard) -> Bitboard {
        Bitboard(b.0 >> 8)
    }
    #[inline(always)]
    fn up_west<W: SquareSets>(b: W) -> W {
        (b & W::splat(NOT_A)).shift(-9)
    }
    #[inline(always)]
    fn up_east<W: SquareSets>(b: W) -> W {
        (b & W::splat(NOT_H)).shift(-7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masks;
    use crate::square::Square;

    /// The set-wise shifts agree with the pawn attack table on every square.
    #[test]
    fn pawn_shifts_match_the_tables() {
        for sq in Square::ALL {
            let b = Bitboard::from(sq);
            assert_eq!(
                White::pawn_attacks(b),
                masks::pawn_attacks(Color::White, sq)
            );
            assert_eq!(
                Black::pawn_attacks(b),
                masks::pawn_attacks(Color::Black, sq)
            );
            assert_eq!(
                White::up(b),
                sq.offset(crate::Direction::North)
                    .map_or(Bitboard::EMPTY, Bitboard::from)
            );
            assert_eq!(
                Black::up(b),
                sq.offset(crate::Direction::South)
                    .map_or(Bitboard::EMPTY, Bitboard::from)
            );
        }
        assert_eq!(White::THIRD_RANK, Bitboard::rank(crate::Rank::Third));
        assert_eq!(Black::THIRD_RANK, Bitboard::rank(crate::Rank::Sixth));
    }
}
