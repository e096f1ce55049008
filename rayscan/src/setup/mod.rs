//! A [`Setup`]: whatever a FEN can say, whether or not a game could reach it. Pieces
//! anywhere (no king, three kings, pawns on the back rank), castling rights as rook
//! squares that nothing checks, any en-passant square, the clocks and the Chess960 flag.
//!
//! A [`Position`](crate::Position) is a setup that move generation can trust:
//! `Position::try_from(setup)` says what stands in the way, every problem at once
//! ([`PositionError`]). Boards that GUIs and other libraries hold while a user edits
//! them are setups; the Python and npm packages keep their boards as setups too.
//!
//! # The rules
//!
//! A setup has moves however odd its board ([`Setup::pseudo_legal_moves`],
//! [`Setup::legal_moves`], [`Setup::play`]). The rules are python-chess's, to the
//! letter, so that the Python and npm packages answer as their peers on every board:
//! - a side's king is the highest of its kings; a side without one has every
//!   pseudo-legal move as legal;
//! - castling needs a clean right ([`Setup::clean_castling_rights`]) and the lowest
//!   king of the side on its back rank;
//! - a pawn on its first rank may step once or twice.
//!
//! On a board a [`Position`](crate::Position) accepts they are the position's moves,
//! proven by perft on every suite. The moves come in python-chess's order:
//! - the pieces but pawns by square from h8 down, each one's targets from h8 down;
//! - castling, the rook from h8 down;
//! - the pawns' captures, single steps, double steps, and en passant;
//! - promotions as queen, rook, bishop, knight.
//!
//! In check, the king's steps come first, then the moves that take or block a single
//! checker.
//!
//! # FEN
//!
//! The FEN reader here is lenient, as python-chess's is: every field after the first
//! may be left out, and what the fields say is taken as it is, problems and all. The
//! writer is exact: what it writes reads back into the same setup, in X-FEN
//! ([`CastlingNotation::Standard`](crate::position::CastlingNotation::Standard)) and in
//! Shredder-FEN ([`CastlingNotation::Shredder`](crate::position::CastlingNotation::Shredder)).

mod fen;
mod moves;
mod play;
mod problems;

pub use problems::{PositionError, Problem, Problems};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::piece::Piece;
use crate::position::Placement;
use crate::square::{Rank, Square};

/// Any board a FEN can describe, with the side to move, castling rights, en-passant
/// square, clocks and the Chess960 flag, none of them checked.
///
/// Build one from FEN text ([`Setup::from_fen`], lenient) or piece by piece
/// ([`Setup::put`], [`Setup::set_castling_rights`] …), then make it a
/// [`Position`](crate::Position) with `Position::try_from`, which names every problem.
/// `Display` writes its FEN, exactly as it is set.
///
/// # Examples
///
/// ```
/// use rayscan::setup::{Problem, Setup};
/// use rayscan::{Bitboard, Color, Piece, Position, Square};
///
/// // Built with no text: a king each and a rook with its castling right.
/// let mut setup = Setup::empty();
/// setup.put(Square::E1, Color::White, Piece::King);
/// setup.put(Square::H1, Color::White, Piece::Rook);
/// setup.put(Square::E8, Color::Black, Piece::King);
/// setup.set_castling_rights(Bitboard::from_square(Square::H1));
/// assert_eq!(setup.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// let position = Position::try_from(setup).unwrap();
/// assert_eq!(position.legal_moves().len(), 15);
///
/// // A board python-chess and chess.js hold while a user edits it: no black king.
/// let setup = Setup::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let err = Position::try_from(setup).unwrap_err();
/// assert!(err.problems().contains(Problem::NoBlackKing));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    placement: Placement,
    promoted: Bitboard,
    turn: Color,
    castling: Bitboard,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    chess960: bool,
}

impl Default for Setup {
    /// The standard starting position.
    fn default() -> Setup {
        Setup::startpos()
    }
}

impl Setup {
    /// The empty board: white to move, no castling rights, no en-passant square, the
    /// clocks at 0 and 1.
    pub const fn empty() -> Setup {
        Setup {
            placement: Placement::EMPTY,
            promoted: Bitboard::EMPTY,
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Setup {
        let mut setup = Setup::empty();
        const BACK: [Piece; 8] = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        for (i, piece) in BACK.into_iter().enumerate() {
            let file = crate::square::File::ALL[i];
            for (color, back, pawns) in [
                (Color::White, Rank::First, Rank::Second),
                (Color::Black, Rank::Eighth, Rank::Seventh),
            ] {
                setup.put(Square::from_coords(file, back), color, piece);
                setup.put(Square::from_coords(file, pawns), color, Piece::Pawn);
            }
        }
        setup.castling = Bitboard::from_square(Square::A1)
            | Bitboard::from_square(Square::H1)
            | Bitboard::from_square(Square::A8)
            | Bitboard::from_square(Square::H8);
        setup
    }

    // --- What it holds. ------------------------------------------------------------

    /// The pieces on the board.
    #[inline]
    pub fn placement(&self) -> &Placement {
        &self.placement
    }

    /// What stands on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        self.placement.piece_at(sq)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.placement.occupied()
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.placement.color(color)
    }

    /// The squares of pieces of kind `piece`, both colours.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.placement.pieces(piece)
    }

    /// The squares of `color`'s pieces of kind `piece`.
    #[inline]
    pub fn colored(&self, color: Color, piece: Piece) -> Bitboard {
        self.placement.color(color) & self.placement.pieces(piece)
    }

    /// The king of `color`: the highest of its kings that is not marked promoted, if it
    /// has one (a board may hold several, or none).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        (self.colored(color, Piece::King) & !self.promoted).last()
    }

    /// The pieces marked as promoted (FEN's `~` after a piece letter): kept and
    /// written, and a king so marked is no king to castle or to be checked.
    #[inline]
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights: the squares of the rooks that may castle, as set (a square
    /// on the first rank is White's, on the eighth Black's; nothing checks that a rook
    /// or a king is there: [`Setup::clean_castling_rights`] does).
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The en-passant square, as set (whether a pawn can take there or not).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether castling follows Chess960's rules: any rook beside the king on its back
    /// rank may hold a right, not only a corner rook with the king on the e-file.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    // --- The builder. --------------------------------------------------------------

    /// Puts `piece` of `color` on `sq` and returns what stood there. The square's
    /// promoted mark is cleared.
    pub fn put(&mut self, sq: Square, color: Color, piece: Piece) -> Option<(Color, Piece)> {
        let old = self.remove(sq);
        self.placement.set(sq, color, piece);
        old
    }

    /// Empties `sq` and returns what stood there, with its promoted mark.
    pub fn remove(&mut self, sq: Square) -> Option<(Color, Piece)> {
        let old = self.placement.piece_at(sq);
        self.placement.clear(sq);
        self.promoted.remove(sq);
        old
    }

    /// Marks the pieces on `promoted` as promoted (squares without a piece are left out).
    pub fn set_promoted(&mut self, promoted: Bitboard) {
        self.promoted = promoted & self.occupied();
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// Sets the castling rights: the rooks' squares, unchecked.
    pub fn set_castling_rights(&mut self, rooks: Bitboard) {
        self.castling = rooks;
    }

    /// Sets the en-passant square, unchecked.
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }

    /// Sets the half-move clock.
    pub fn set_halfmove_clock(&mut self, halfmoves: u32) {
        self.halfmove_clock = halfmoves;
    }

    /// Sets the move number.
    pub fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove_number = number;
    }

    /// Chooses Chess960's castling rules or the standard ones.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }
}

impl From<&crate::position::Position> for Setup {
    /// The position's board, side, rights, en-passant square (as the position holds it),
    /// clocks and Chess960 flag.
    fn from(position: &crate::position::Position) -> Setup {
        let mut setup = Setup::empty();
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in position.colored(color, piece) {
                    setup.placement.set(sq, color, piece);
                }
            }
        }
        setup.turn = position.side_to_move();
        setup.castling = position.castling().rook_squares();
        setup.ep_square = position.ep_square();
        setup.halfmove_clock = position.halfmove_clock();
        setup.fullmove_number = position.fullmove_number();
        setup.chess960 = position.is_chess960();
        setup
    }
}

impl From<crate::position::Position> for Setup {
    /// See `From<&Position>`.
    fn from(position: crate::position::Position) -> Setup {
        Setup::from(&position)
    }
}
