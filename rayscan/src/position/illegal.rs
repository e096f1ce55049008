//! [`IllegalMove`]: a move played or named in a position that does not allow it. Raised
//! by the position's checked entry points ([`Position::try_play`], [`Position::try_san`]).

use core::fmt;

use super::Position;
use crate::chess_move::Move;

/// A move that is not legal in the position it was given to: what
/// [`Position::try_play`] and [`Position::try_san`] return for a move from elsewhere (a
/// hash move, a killer, another position's list). The message quotes the move in UCI
/// and names the position's FEN.
///
/// # Examples
///
/// ```
/// use rayscan::{IllegalMove, Move, MoveKind, Position, Square};
/// let start = Position::startpos();
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
/// let err: IllegalMove = start.try_play(castle).unwrap_err();
/// assert_eq!(err.to_string(), "illegal move \"e1g1\": not a legal move in \
///     rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(err.played(), castle);
/// assert_eq!(err.position(), &start);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMove {
    played: Move,
    position: Position,
}

impl IllegalMove {
    /// The error for `m`, which is not legal in `position`.
    pub fn new(position: Position, m: Move) -> IllegalMove {
        IllegalMove {
            played: m,
            position,
        }
    }

    /// The move that was refused.
    pub fn played(&self) -> Move {
        self.played
    }

    /// The position that refused it.
    pub fn position(&self) -> &Position {
        &self.position
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chess960 = self.position.is_chess960();
        write!(
            f,
            "illegal move \"{}\": not a legal move in {}",
            self.played.uci(chess960),
            self.position
        )
    }
}

impl core::error::Error for IllegalMove {}
