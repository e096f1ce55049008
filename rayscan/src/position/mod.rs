//! A chess position: piece bitboards, side to move, castling rights as rook squares
//! (so Chess960 works everywhere), en passant, clocks and an incrementally updated
//! Zobrist key. Positions are small `Copy` values: moves are played by copy-make.

pub(crate) mod board;
mod fen;
pub(crate) mod illegal;
mod make;
pub(crate) mod placement;
mod polyglot;
pub(crate) mod zobrist;

pub(crate) use board::Board;
// A value (castle_side.rs, below the moves and the position), public here.
pub use crate::castle_side::CastleSide;

pub use fen::{CastlingNotation, FenError, FenField, FenProblem, Warning, Warnings};
pub use placement::{Placement, PlacementError, PlacementProblem};

use crate::bitboard::Bitboard;
use crate::chess_move::Move;
use crate::color::Color;
use crate::masks;
use crate::piece::Piece;
use crate::sliders::{Fastest, Slider};
use crate::square::{Rank, Square};

/// Castling rights, stored as the castling rook's square per colour and side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<Square>; 2]; 2],
}

impl CastlingRights {
    /// The rook that may castle for `color` on `side`, if the right exists.
    #[inline]
    pub fn rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.rooks[color as usize][side as usize]
    }

    /// Whether no right is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rooks.iter().flatten().all(Option::is_none)
    }

    /// Every castling rook square.
    pub fn rook_squares(&self) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for sq in self.rooks.iter().flatten().flatten() {
            set.insert(*sq);
        }
        set
    }

    pub(crate) fn set(&mut self, color: Color, side: CastleSide, rook: Option<Square>) {
        self.rooks[color as usize][side as usize] = rook;
    }

    /// The rights a board's castling rooks stand for: each rook's side is where it stands
    /// from its king.
    pub(crate) fn from_board(board: &Board) -> CastlingRights {
        let mut rights = CastlingRights::default();
        for rook in board.castle_rooks {
            let color = board::castling_color(rook);
            let side = if rook > board.king_of(color as usize) {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            rights.rooks[color as usize][side as usize] = Some(rook);
        }
        rights
    }
}

/// A chess position.
///
/// A `Copy` value of 104 bytes (the board's 80, the key, the clocks, the side to move
/// and the Chess960 flag): engines play moves by copy-make, `let child = pos.play(m)`.
/// There is no `unmake`: a search keeps the parent, on its stack, and goes back to it. A
/// prototype that made moves in place and undid them was no faster in the build users
/// get.
///
/// # Examples
///
/// ```
/// use rayscan::position::Position;
/// let start = Position::startpos();
/// assert_eq!(start.legal_moves().len(), 20);
/// assert_eq!(start.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    side: Color,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    chess960: bool,
}

impl Position {
    /// The standard starting position.
    #[allow(clippy::expect_used)] // a constant FEN, proven valid by every test that uses it
    pub fn startpos() -> Position {
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("the start position is valid")
            .0
    }

    /// An empty board (no kings: only for building positions piece by piece internally).
    pub(crate) fn empty() -> Position {
        Position {
            board: Board::EMPTY,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960: false,
        }
    }

    /// A position from its parts, unchecked: the caller has seen that each colour has
    /// one king, no pawn stands on a back rank, the side not to move is not in check,
    /// each castling rook stands beside its king on its back rank and the en-passant
    /// square is one a double step left ([`Setup`](crate::setup::Setup)'s problems).
    pub(crate) fn from_parts(
        placement: &Placement,
        side: Color,
        castle_rooks: Bitboard,
        ep: Option<Square>,
        (halfmove, fullmove): (u32, u32),
        chess960: bool,
    ) -> Position {
        let mut pos = Position::empty();
        (pos.board.by_color, pos.board.by_piece) = placement.parts();
        pos.side = side;
        pos.board.castle_rooks = castle_rooks;
        pos.board.ep = ep;
        pos.halfmove = halfmove;
        pos.fullmove = fullmove;
        pos.chess960 = chess960;
        pos.key = pos.compute_key();
        pos
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.board.by_color[color as usize]
    }

    /// All pieces of kind `piece`, both colours.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.board.by_piece[piece as usize]
    }

    /// The pieces of kind `piece` and colour `color`.
    #[inline]
    pub fn colored(&self, color: Color, piece: Piece) -> Bitboard {
        self.board.colored(color as usize, piece as usize)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// What stands on `sq`. The kind is read from three bits without a branch (as
    /// [`Position::captured_piece`] reads it), not by asking each kind's set in turn:
    /// an engine asks this for the mover of every move it orders.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Color, Piece, Position, Square};
    /// let p = Position::startpos();
    /// assert_eq!(p.piece_at(Square::G8), Some((Color::Black, Piece::Knight)));
    /// assert_eq!(p.piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        Placement::from_parts(self.board.by_color, self.board.by_piece).piece_at(sq)
    }

    /// The piece `m` captures, if any: the piece on its target, the pawn it takes en
    /// passant, and nothing for castling (whose target is the moving side's own rook).
    /// `m` is a move of this position ([`Position::is_legal`] says so).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Piece, Position};
    /// let p: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let takes = p.parse_uci("e5f7").unwrap();
    /// assert_eq!(p.captured_piece(takes), Some(Piece::Pawn));
    /// let castles = p.parse_uci("e1g1").unwrap();
    /// assert_eq!(p.captured_piece(castles), None); // its target is the rook on h1
    /// assert!(!p.is_capture(castles));
    /// ```
    #[inline]
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        // Castling's target is our own rook, en passant's an empty square: the
        // opponent's pieces answer both, and the kind is read without a branch.
        let to = m.to();
        if self.board.by_color[!self.side as usize].contains(to) {
            Some(Piece::ALL[self.board.kind_on(to)])
        } else if m.is_en_passant() {
            Some(Piece::Pawn)
        } else {
            None
        }
    }

    /// Whether `m`, a move of this position, captures: en passant included, castling
    /// never.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured_piece(m).is_some()
    }

    /// The king of `color` (every accepted position has exactly one per side).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.colored(color, Piece::King)
            .first()
            .unwrap_or(Square::A1)
    }

    /// The castling rights.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        CastlingRights::from_board(&self.board)
    }

    /// The en-passant square: the square a pawn just skipped with a double step.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.board.ep
    }

    /// Half-moves since the last capture or pawn move (the fifty-move rule counter).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key, updated incrementally by [`Position::play`]: what a transposition
    /// table hashes. This is rayscan's own hash (its own random table, castling keyed by
    /// rook square, so Chess960 rights hash apart), not the one opening books use: to look
    /// a position up in a Polyglot book, use [`Position::polyglot_key`].
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether castling moves are written king-to-rook (`e1h1`) as in Chess960. Set
    /// automatically when a FEN's castling rights need it; [`Position::set_chess960`] forces it.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses the Chess960 notation for castling moves (king-to-rook UCI). FEN output
    /// does not depend on it: `KQkq` where unambiguous, file letters where an inner rook
    /// needs them, and [`Position::fen`] with `true` for Shredder letters throughout. So a
    /// Chess960 game whose castling rights are gone reads back from its FEN with the flag
    /// off; set it again after reading.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// The pieces of both colours that attack `sq` when the board holds `occupied`.
    #[inline]
    pub fn attackers_to_with<S: Slider>(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.board.attackers_to_with::<S>(sq, occupied)
    }

    /// The pieces of both colours attacking `sq` (fastest technique).
    pub fn attackers_to(&self, sq: Square) -> Bitboard {
        self.attackers_to_with::<Fastest>(sq, self.occupied())
    }

    /// The opposing pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.side)) & self.color(!self.side)
    }

    /// Whether the side to move is in check: the name of [`Position::is_checkmate`] and
    /// [`Position::is_stalemate`]'s family (and python-chess's and shakmaty's).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
    /// assert!(p.is_check());
    /// assert!(!Position::startpos().is_check());
    /// ```
    #[inline]
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The old name of [`Position::is_check`].
    #[deprecated(note = "renamed `is_check`, as `is_checkmate` and `is_stalemate`")]
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_check()
    }

    /// Whether neither side can ever checkmate, whatever is played: the FIDE dead
    /// positions that material alone decides. That is king against king, a king and one
    /// minor piece against a bare king, and any number of bishops (of either side) all on
    /// squares of one colour. Other dead positions (blocked pawn walls) are not detected.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let dead = |fen: &str| fen.parse::<Position>().unwrap().is_insufficient_material();
    /// assert!(dead("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")); // K+N v K
    /// assert!(dead("8/3b4/4k3/8/8/3BK3/8/8 w - - 0 1")); // bishops on one colour
    /// assert!(!dead("8/2b5/4k3/8/8/3BK3/8/8 w - - 0 1")); // opposite colours can mate
    /// assert!(!dead("8/8/4k3/8/8/3NK1N1/8/8 w - - 0 1")); // two knights: a mate exists
    /// assert!(!dead("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1"));
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.pieces(Piece::King);
        let bishops = self.pieces(Piece::Bishop);
        let knights = self.pieces(Piece::Knight);
        let others = self.occupied() & !kings & !bishops & !knights;
        if !others.is_empty() {
            return false;
        }
        let minors = bishops | knights;
        if minors.len() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    // --- Building blocks for FEN parsing and move making. -------------------------------

    /// Gives the rook on `rook` a castling right (FEN reading).
    #[inline]
    fn add_castling_rook(&mut self, rook: Square) {
        self.board.castle_rooks.insert(rook);
        self.key ^= zobrist::castling(board::castling_color(rook), rook);
    }

    /// The board: what move generation reads.
    #[inline]
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the en-passant square can actually be captured on (a pawn of the side to
    /// move attacks it): only then does it take part in the Zobrist key, so that
    /// transpositions hash alike.
    #[inline]
    fn ep_capturable(&self, ep: Square) -> bool {
        self.ep_capturable_by(self.side, ep)
    }

    /// Whether a pawn of `side` attacks the en-passant square `ep`.
    #[inline]
    pub(crate) fn ep_capturable_by(&self, side: Color, ep: Square) -> bool {
        !(masks::pawn_attacks(!side, ep) & self.colored(side, Piece::Pawn)).is_empty()
    }

    /// The key bits of the en-passant square: its file's, if a pawn of the side to move
    /// can capture on it ([`Position::ep_capturable`]), else none.
    #[inline]
    fn ep_key(&self) -> u64 {
        match self.board.ep {
            Some(ep) if self.ep_capturable(ep) => zobrist::ep_file(ep),
            _ => 0,
        }
    }

    #[inline]
    fn set_ep(&mut self, ep: Option<Square>) {
        self.key ^= self.ep_key();
        self.board.ep = ep;
        self.key ^= self.ep_key();
    }

    /// The Zobrist key computed from scratch (tests compare it with the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in self.colored(color, piece) {
                    key ^= zobrist::piece(color, piece, sq);
                }
            }
        }
        for rook in self.board.castle_rooks {
            key ^= zobrist::castling(board::castling_color(rook), rook);
        }
        key ^= self.ep_key();
        if self.side == Color::Black {
            key ^= zobrist::black_to_move();
        }
        key
    }

    /// The back rank of `color`.
    #[inline]
    pub(crate) fn back_rank(color: Color) -> Rank {
        match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::startpos()
    }
}
