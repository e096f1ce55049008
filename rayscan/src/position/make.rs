//! Copy-make: [`Position::play`] returns the position after a move, updating the
//! bitboards, castling rights, en passant, clocks and the Zobrist key incrementally.

use super::Position;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::piece::Piece;
use crate::square::Square;

impl Position {
    /// The position after `m`, which must be legal here (from [`Position::legal_moves`],
    /// [`Position::parse_uci`] or checked by [`Position::is_legal`]). An illegal move
    /// never panics or reads out of bounds, but the result is meaningless.
    ///
    /// ```
    /// use rayscan::position::Position;
    /// let p = Position::startpos();
    /// let after = p.play(p.parse_uci("e2e4").unwrap());
    /// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(after.key(), after.compute_key());
    /// ```
    #[must_use]
    pub fn play(&self, m: Move) -> Position {
        let mut p = *self;
        let us = self.side;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let Some((_, piece)) = self.piece_at(from) else {
            return p;
        };

        p.set_ep(None);
        p.halfmove += 1;
        if us == Color::Black {
            p.fullmove += 1;
        }

        match m.kind() {
            MoveKind::Castling => {
                let side = m.castle_side();
                let rank = from.rank();
                p.toggle(us, Piece::King, from);
                p.toggle(us, Piece::Rook, to);
                p.toggle(us, Piece::King, Square::from_coords(side.king_to(), rank));
                p.toggle(us, Piece::Rook, Square::from_coords(side.rook_to(), rank));
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                p.toggle(them, Piece::Pawn, captured);
                p.toggle(us, Piece::Pawn, from);
                p.toggle(us, Piece::Pawn, to);
                p.halfmove = 0;
            }
            kind => {
                if let Some((_, victim)) = self.piece_at(to) {
                    p.toggle(them, victim, to);
                    p.halfmove = 0;
                }
                p.toggle(us, piece, from);
                let placed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => piece,
                };
                p.toggle(us, placed, to);
                if piece == Piece::Pawn {
                    p.halfmove = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        let skipped = Square::from_index_masked((from as u32 + to as u32) / 2);
                        // The key counts the square only if a pawn of the side to move
                        // can capture there; `set_ep` asks after the side has changed.
                        p.side = them;
                        p.set_ep(Some(skipped));
                        p.side = us;
                    }
                }
            }
        }

        // Castling rights: lost when the king moves, or a castling rook moves or is taken.
        let mut touched = Bitboard::from(from).with(to);
        if piece == Piece::King {
            touched |= Bitboard::rank(Position::back_rank(us));
        }
        p.remove_castling_rooks(p.board.castle_rooks & touched);

        p.side = them;
        p.key ^= super::zobrist::black_to_move();
        debug_assert_eq!(p.key, p.compute_key(), "incremental key after {m:?}");
        p
    }
}
