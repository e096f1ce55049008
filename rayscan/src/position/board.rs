//! The board: what move generation reads and perft copies, and nothing else. Pieces as
//! eight sets (two colours, six kinds), the castling rooks as one set, and the en-passant
//! square: 80 bytes, copied whole by copy-make. A [`super::Position`] is a board plus the
//! side to move, the clocks and the Zobrist key.
//!
//! The `make_*` functions are perft's copy-make. The side to move is a type ([`Side`]) and
//! the moving piece a constant, so each compiles to a handful of bit operations: no key,
//! no clocks, no search for the moving piece, and the captured piece is removed by
//! clearing the target square in every kind's set rather than looked up.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::direction::Direction;
use crate::masks;
use crate::piece::Piece;
use crate::side::Side;
use crate::sliders::Slider;
use crate::square::Square;

use super::placement;

const PAWN: usize = Piece::Pawn as usize;
const ROOK: usize = Piece::Rook as usize;
const KING: usize = Piece::King as usize;

/// Pieces, castling rooks and en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// The pieces of each colour.
    pub(crate) by_color: [Bitboard; 2],
    /// The pieces of each kind, both colours.
    pub(crate) by_piece: [Bitboard; 6],
    /// The rooks that keep a castling right, both colours: each stands on its side's back
    /// rank, and its castling side is where it stands from its king. Moving or capturing
    /// a rook clears its bit; moving the king clears its side's back rank.
    pub(crate) castle_rooks: Bitboard,
    /// The square a pawn just skipped with a double step. [`super::Position`] keeps it
    /// after every double step; perft's copy-make keeps it only when an enemy pawn stands
    /// beside the pawn, since only then can it matter.
    pub(crate) ep: Option<Square>,
}

impl Board {
    /// The empty board.
    pub(crate) const EMPTY: Board = Board {
        by_color: [Bitboard::EMPTY; 2],
        by_piece: [Bitboard::EMPTY; 6],
        castle_rooks: Bitboard::EMPTY,
        ep: None,
    };

    /// Every occupied square.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The kind (as an index, pawn 0 to king 5) of the piece on `sq`, which must be
    /// occupied: [`placement::kind_on`], a branchless read of three bits.
    #[inline(always)]
    pub(crate) fn kind_on(&self, sq: Square) -> usize {
        placement::kind_on(&self.by_piece, sq)
    }

    /// The pieces of kind `piece` (as an index) and colour `color` (as an index).
    #[inline(always)]
    pub(crate) fn colored(&self, color: usize, piece: usize) -> Bitboard {
        self.by_color[color] & self.by_piece[piece]
    }

    /// The king of colour `color` (as an index).
    #[inline(always)]
    pub(crate) fn king_of(&self, color: usize) -> Square {
        Square::from_index_masked(self.colored(color, KING).0.trailing_zeros())
    }

    /// The pieces of both colours that attack `sq` when the board holds `occupied`.
    #[inline(always)]
    pub(crate) fn attackers_to_with<S: Slider>(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let white_pawns = self.colored(Color::White as usize, PAWN);
        let black_pawns = self.colored(Color::Black as usize, PAWN);
        let queens = self.by_piece[Piece::Queen as usize];
        (masks::pawn_attacks(Color::White, sq) & black_pawns)
            | (masks::pawn_attacks(Color::Black, sq) & white_pawns)
            | (masks::knight(sq) & self.by_piece[Piece::Knight as usize])
            | (masks::king(sq) & self.by_piece[KING])
            | (S::bishop_attacks(sq, occupied) & (self.by_piece[Piece::Bishop as usize] | queens))
            | (S::rook_attacks(sq, occupied) & (self.by_piece[ROOK] | queens))
    }

    /// A piece of kind `P` of side `C` goes from `from` to `to`, capturing whatever stands
    /// there (any move but castling, en passant, promotions and double pushes).
    #[inline(always)]
    #[must_use]
    pub(crate) fn make_move<C: Side, const P: usize>(&self, from: Square, to: Square) -> Board {
        let mut b = *self;
        let (f, t) = (Bitboard::from(from), Bitboard::from(to));
        b.leave_and_take::<C>(f, t);
        b.by_piece[P] ^= f | t;
        if P == KING {
            b.castle_rooks &= !C::BACK_RANK;
        }
        b
    }

    /// What every move onto `t` from `f` but castling and en passant does, before the
    /// mover's kind is set: side `C`'s colour moves, whatever stood on `t` is gone (from
    /// every kind's set: cheaper than finding which), a castling rook leaving or taken
    /// loses its right, and en passant ends.
    #[inline(always)]
    fn leave_and_take<C: Side>(&mut self, f: Bitboard, t: Bitboard) {
        self.by_color[C::US] ^= f | t;
        self.by_color[C::THEM] &= !t;
        for set in &mut self.by_piece {
            *set &= !t;
        }
        self.castle_rooks &= !(f | t);
        self.ep = None;
    }

    /// A pawn of side `C` steps two squares from `from` to `to`. The skipped square is
    /// kept for en passant only if an enemy pawn stands beside `to`
    /// ([`Board::keeps_en_passant`]).
    #[inline(always)]
    #[must_use]
    pub(crate) fn make_double_push<C: Side>(&self, from: Square, to: Square) -> Board {
        let mut b = *self;
        let ft = Bitboard::from(from) | Bitboard::from(to);
        b.by_color[C::US] ^= ft;
        b.by_piece[PAWN] ^= ft;
        let skipped = Square::from_index_masked((from as u32 + to as u32) / 2);
        b.ep = (!self.keeps_en_passant::<C>(Bitboard::from(to)).is_empty()).then_some(skipped);
        b
    }

    /// Of the squares `to` that side `C`'s pawns reach by double pushes, those where the
    /// child keeps the skipped square for en passant: an enemy pawn stands beside.
    #[inline(always)]
    pub(crate) fn keeps_en_passant<C: Side>(&self, to: Bitboard) -> Bitboard {
        let pawns = self.colored(C::THEM, PAWN);
        to & (pawns.shift(Direction::West) | pawns.shift(Direction::East))
    }

    /// A pawn of side `C` goes from `from` to `to` on the last rank, capturing whatever
    /// stands there, and becomes a `piece` (as an index).
    #[inline(always)]
    #[must_use]
    pub(crate) fn make_promotion<C: Side>(&self, from: Square, to: Square, piece: usize) -> Board {
        let mut b = *self;
        let (f, t) = (Bitboard::from(from), Bitboard::from(to));
        b.leave_and_take::<C>(f, t);
        b.by_piece[PAWN] ^= f;
        b.by_piece[piece] |= t;
        b
    }

    /// A pawn of side `C` captures en passant from `from` onto the en-passant square `to`.
    #[inline(always)]
    #[must_use]
    pub(crate) fn make_en_passant<C: Side>(&self, from: Square, to: Square) -> Board {
        let mut b = *self;
        let ft = Bitboard::from(from) | Bitboard::from(to);
        let captured = Bitboard(1 << ((to as i32 - C::UP) & 63));
        b.by_color[C::US] ^= ft;
        b.by_color[C::THEM] ^= captured;
        b.by_piece[PAWN] ^= ft | captured;
        b.ep = None;
        b
    }

    /// Side `C` castles: its king on `king` with its castling rook on `rook` (Chess960
    /// squares allowed; king and rook may land on each other's squares).
    #[inline(always)]
    #[must_use]
    pub(crate) fn make_castling<C: Side>(&self, king: Square, rook: Square) -> Board {
        let mut b = *self;
        let (king_to, rook_to) = castling_targets(king, rook);
        let from = Bitboard::from(king) | Bitboard::from(rook);
        let to = Bitboard::from(king_to) | Bitboard::from(rook_to);
        b.by_color[C::US] = (b.by_color[C::US] & !from) | to;
        b.by_piece[KING] = (b.by_piece[KING] & !Bitboard::from(king)) | king_to.into();
        b.by_piece[ROOK] = (b.by_piece[ROOK] & !Bitboard::from(rook)) | rook_to.into();
        b.castle_rooks &= !C::BACK_RANK;
        b.ep = None;
        b
    }
}

/// Where king and rook land when the king on `king` castles with the rook on `rook`:
/// the g- and f-files towards the h-file, the c- and d-files towards the a-file.
#[inline(always)]
pub(crate) fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king as u32 & 56;
    if rook > king {
        (
            Square::from_index_masked(rank + 6),
            Square::from_index_masked(rank + 5),
        )
    } else {
        (
            Square::from_index_masked(rank + 2),
            Square::from_index_masked(rank + 3),
        )
    }
}

/// The colour whose castling rook may stand on `rook`: White's on the first rank.
#[inline]
pub(crate) fn castling_color(rook: Square) -> Color {
    if (rook as u8) < 32 {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_perft_copies_stays_small() {
        // Nine sets and the en-passant square (one byte, by the niche of `Square`):
        // perft copies this for every move, and the book (docs/src/performance.md) quotes its size.
        assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
        assert_eq!(core::mem::size_of::<Board>(), 80);
        // The position's docs state its size.
        assert_eq!(core::mem::size_of::<crate::Position>(), 104);
    }
}
