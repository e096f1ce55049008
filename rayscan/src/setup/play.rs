//! Playing a move on a [`Setup`], as python-chess's `Board.push` plays it. A setup is a
//! `Copy` value: to take a move back, keep the setup from before it.

use super::Setup;
use crate::bitboard::Bitboard;
use crate::chess_move::Move;
use crate::color::Color;
use crate::piece::Piece;
use crate::square::{File, Rank, Square};

impl Setup {
    /// Plays `m`, a pseudo-legal move of the side to move, as python-chess's `push` does:
    /// - the castling rights are first cleaned ([`Setup::clean_castling_rights`]), then
    ///   lose the squares the move leaves or enters, and the mover's back rank when its
    ///   king (not marked promoted) moves, or the opponent's when its king there is
    ///   taken;
    /// - a pawn's double step up from the second rank, or down from the seventh, leaves
    ///   the en-passant square behind it; a pawn onto the old en-passant square, one file aside, takes the pawn
    ///   behind that square;
    /// - a promotion puts the new piece, marked promoted; a piece keeps its mark;
    /// - a king onto a piece of its own castles: the king lands on the c- or g-file of
    ///   its side's back rank and a rook beside it, as in Chess960;
    /// - the half-move clock restarts after a pawn move or a capture, the move number
    ///   grows after Black's move, and the turn passes.
    ///
    /// The move's kind is not trusted: en passant and castling are read from the board,
    /// as python-chess reads them, and only a promotion's piece is taken from `m`. A move
    /// from an empty square only passes the turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Setup, Square};
    /// let mut setup = Setup::startpos();
    /// setup.play(Move::new(Square::E2, Square::E4, MoveKind::Normal));
    /// assert_eq!(setup.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    pub fn play(&mut self, m: Move) {
        self.castling = self.clean_castling_rights();
        let ep = self.ep_square.take();
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if self.is_zeroing(m) {
            self.halfmove_clock = 0;
        }
        let (from, to) = (m.from(), m.to());
        let mut promoted = self.promoted.contains(from);
        let Some((_, mut piece)) = self.remove(from) else {
            self.turn = !self.turn;
            return;
        };
        let captured = self.piece_at(to).map(|(_, p)| p);
        self.castling = self.castling.without(from).without(to);
        let back = |color| match color {
            Color::White => Bitboard::RANK_1,
            Color::Black => Bitboard::RANK_8,
        };
        if piece == Piece::King && !promoted {
            self.castling &= !back(self.turn);
        } else if captured == Some(Piece::King)
            && !self.promoted.contains(to)
            && back(!self.turn).contains(to)
        {
            self.castling &= !back(!self.turn);
        }
        if piece == Piece::Pawn {
            let diff = to as i32 - from as i32;
            if diff == 16 && from.rank() == Rank::Second {
                self.ep_square = from.step(0, 1);
            } else if diff == -16 && from.rank() == Rank::Seventh {
                self.ep_square = from.step(0, -1);
            } else if Some(to) == ep && matches!(diff.abs(), 7 | 9) && captured.is_none() {
                let behind = match self.turn {
                    Color::White => to.step(0, -1),
                    Color::Black => to.step(0, 1),
                };
                if let Some(behind) = behind {
                    self.remove(behind);
                }
            }
        }
        if let Some(promotion) = m.promotion() {
            promoted = true;
            piece = promotion;
        }
        if piece == Piece::King && self.color(self.turn).contains(to) {
            let rank = match self.turn {
                Color::White => Rank::First,
                Color::Black => Rank::Eighth,
            };
            let (king_to, rook_to) = if to.file() < from.file() {
                (File::C, File::D)
            } else {
                (File::G, File::F)
            };
            self.remove(to);
            self.put(Square::from_coords(king_to, rank), self.turn, Piece::King);
            self.put(Square::from_coords(rook_to, rank), self.turn, Piece::Rook);
        } else {
            self.put(to, self.turn, piece);
            if promoted {
                self.promoted.insert(to);
            }
        }
        self.turn = !self.turn;
    }

    /// Passes the turn, as python-chess's null move: the en-passant square goes, the
    /// clocks count on, and the castling rights are cleaned.
    pub fn play_null(&mut self) {
        self.castling = self.clean_castling_rights();
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// The number of leaf nodes `depth` plies down, by [`Setup::legal_moves`] and
    /// [`Setup::play`]: slow, for tests and for boards a
    /// [`Position`](crate::Position) refuses.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = *self;
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
