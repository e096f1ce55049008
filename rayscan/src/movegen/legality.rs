//! Legality of one move, without generating the others: what a search needs for a hash
//! move or a killer move, which come from other positions and must never be trusted.
//!
//! Two routes that the tests hold against each other and against every generator:
//! - [`Position::is_legal`]: pseudo-legality by piece rules, then make the move and look
//!   at the king. Slow and obviously right.
//! - [`Position::is_legal_with`]: pseudo-legality, then pins and checks from a
//!   [`CheckInfo`] computed once per position. What the staged move picker uses.

use super::{castling_is_legal, en_passant_sources, pinned};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::masks;
use crate::piece::Piece;
use crate::position::Position;
use crate::position::illegal::IllegalMove;
use crate::sliders::{Fastest, Slider};
use crate::square::{Rank, Square};

/// Checkers and pins of the side to move, computed once per position so that testing a
/// move's legality is a few mask lookups.
///
/// # Examples
///
/// ```
/// use rayscan::position::Position;
/// let p = Position::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").unwrap().0;
/// let info = p.check_info();
/// assert_eq!(info.checkers().len(), 1);
/// assert!(p.is_legal_with(p.parse_uci("e8d8").unwrap(), &info));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInfo {
    king: Square,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl CheckInfo {
    /// The opposing pieces giving check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Our pieces pinned to our king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }
}

/// Whether a pawn of `us` on `from` reaches `to` by a capture of one of `theirs`, a
/// step onto an empty square, or a double step from its start rank over an empty one:
/// every pawn move but en passant, whose rules are its own.
#[inline]
fn pawn_move_shape(
    us: Color,
    from: Square,
    to: Square,
    occupied: Bitboard,
    theirs: Bitboard,
) -> bool {
    let step = if us == Color::White { 8 } else { -8i32 };
    let delta = to as i32 - from as i32;
    if theirs.contains(to) {
        masks::pawn_attacks(us, from).contains(to)
    } else if delta == step {
        !occupied.contains(to)
    } else if delta == 2 * step {
        let start = if us == Color::White {
            Rank::Second
        } else {
            Rank::Seventh
        };
        let mid = Square::from_index_masked((from as u32 + to as u32) / 2);
        from.rank() == start && !occupied.contains(mid) && !occupied.contains(to)
    } else {
        false
    }
}

impl Position {
    /// The position after `m`, or [`IllegalMove`] if `m` is not legal here: [`Position::play`]
    /// for moves from elsewhere (a hash move, a killer, a move read without this
    /// position), at the cost of a legality test ([`Position::is_legal_fast`]).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`], naming the move and the position, when `m` is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Position, Square};
    /// let p = Position::startpos();
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::Normal);
    /// assert_eq!(p.try_play(e4), Ok(p.play(e4)));
    /// // The king cannot castle through its own knight and bishop.
    /// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
    /// let err = p.try_play(castle).unwrap_err();
    /// assert!(err.to_string().starts_with("illegal move \"e1g1\": not a legal move in rnbqkbnr/"));
    /// ```
    pub fn try_play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal_fast(m) {
            Ok(self.play(m))
        } else {
            Err(IllegalMove::new(*self, m))
        }
    }

    /// Checkers and pins of the side to move (fastest technique).
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move();
        let king = self.king(us);
        CheckInfo {
            king,
            checkers: self.checkers(),
            pinned: pinned(self, us, king, self.occupied()),
        }
    }

    /// Whether `m` follows the piece rules here, ignoring whether it leaves our king in
    /// check: our piece on `from`, a move that piece makes (blocked sliders, pawn pushes
    /// onto empty squares, promotion exactly on the last rank, en passant only onto the
    /// en-passant square). Castling is tested completely (rights, empty and safe squares),
    /// as only a legal castling is a castling at all.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::position::Position;
    /// use rayscan::chess_move::{Move, MoveKind};
    /// use rayscan::Square;
    /// let p = Position::startpos();
    /// assert!(p.is_pseudo_legal(Move::new(Square::E2, Square::E4, MoveKind::Normal)));
    /// assert!(!p.is_pseudo_legal(Move::new(Square::E2, Square::E5, MoveKind::Normal)));
    /// assert!(!p.is_pseudo_legal(Move::new(Square::F1, Square::C4, MoveKind::Normal)));
    /// ```
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let Some((color, piece)) = self.piece_at(from) else {
            return false;
        };
        if color != us || from == to {
            return false;
        }
        let occupied = self.occupied();
        let our = self.color(us);
        let their = self.color(!us);
        let last_rank = Bitboard::RANK_1 | Bitboard::RANK_8;
        match (piece, m.kind()) {
            (Piece::King, MoveKind::Castling) => {
                let side = m.castle_side();
                self.castling().rook(us, side) == Some(to)
                    && !self.is_check()
                    && castling_is_legal::<Fastest>(self, us, from, to, side, occupied)
            }
            (_, MoveKind::Castling) => false,
            (Piece::Pawn, MoveKind::EnPassant) => {
                self.ep_square() == Some(to) && masks::pawn_attacks(us, from).contains(to)
            }
            (Piece::Pawn, kind) => {
                matches!(kind, MoveKind::Promotion(_)) == last_rank.contains(to)
                    && pawn_move_shape(us, from, to, occupied, their)
            }
            (_, MoveKind::Normal) => {
                let reach = match piece {
                    Piece::Knight => masks::knight(from),
                    Piece::Bishop => Fastest::bishop_attacks(from, occupied),
                    Piece::Rook => Fastest::rook_attacks(from, occupied),
                    Piece::Queen => Fastest::queen_attacks(from, occupied),
                    _ => masks::king(from),
                };
                reach.contains(to) && !our.contains(to)
            }
            _ => false,
        }
    }

    /// Whether `m` is legal here. Checked move by move (piece rules, then the king's
    /// safety after making it), independently of the generators.
    pub fn is_legal(&self, m: Move) -> bool {
        if !self.is_pseudo_legal(m) {
            return false;
        }
        // Make it and look: is our king attacked?
        let us = self.side_to_move();
        let after = self.play(m);
        let king = after.king(us);
        (after.attackers_to(king) & after.color(!us)).is_empty()
    }

    /// Whether `m` is legal here, tested without making it and without any per-position
    /// preparation: what a search applies to a hash move or a killer, which come from
    /// other positions and may be anything (garbage gives `false`).
    ///
    /// The piece rules are tested from the bitboards directly. For legality, the board is
    /// changed only in the occupancy: with `from` emptied and `to` filled, is our king
    /// attacked by a slider, or by a knight or pawn that the move does not capture? That
    /// one question covers pins and check evasions alike. King moves ask whether `to` is
    /// attacked with the king lifted off its square; en passant and castling, which are
    /// rare, take the complete tests the generators use.
    ///
    /// [`Position::is_legal`] (which makes the move) is the slow, independent check that
    /// the tests hold this against, on every candidate move of many positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Position, Square};
    /// let p: Position = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1".parse().unwrap();
    /// assert!(p.is_legal_fast(Move::new(Square::E2, Square::E8, MoveKind::Normal)));
    /// assert!(!p.is_legal_fast(Move::new(Square::E2, Square::D2, MoveKind::Normal))); // pinned
    /// assert!(!p.is_legal_fast(Move::new(Square::E2, Square::E2, MoveKind::Normal)));
    /// assert!(!p.is_legal_fast(Move::NULL));
    /// ```
    #[inline]
    pub fn is_legal_fast(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let ours = self.color(us);
        if !ours.contains(from) {
            return false;
        }
        let kind = m.kind();
        match kind {
            MoveKind::Castling => return self.is_pseudo_legal(m),
            MoveKind::EnPassant => {
                return self.ep_square() == Some(to)
                    && en_passant_sources::<Fastest>(self).contains(from);
            }
            _ => {}
        }
        if ours.contains(to) {
            return false;
        }
        let occupied = self.occupied();
        let theirs = self.color(!us);
        let pawns = self.pieces(Piece::Pawn);
        let is_promotion = matches!(kind, MoveKind::Promotion(_));
        if pawns.contains(from) {
            let reaches_last_rank = (Bitboard::RANK_1 | Bitboard::RANK_8).contains(to);
            if is_promotion != reaches_last_rank {
                return false;
            }
            if !pawn_move_shape(us, from, to, occupied, theirs) {
                return false;
            }
        } else {
            if is_promotion {
                return false;
            }
            let queens = self.pieces(Piece::Queen);
            let reach = if self.pieces(Piece::Knight).contains(from) {
                masks::knight(from)
            } else if self.pieces(Piece::King).contains(from) {
                // Our king: is `to` attacked once the king has left `from`?
                return masks::king(from).contains(to)
                    && (self.attackers_to_with::<Fastest>(to, occupied.without(from)) & theirs)
                        .is_empty();
            } else {
                let mut reach = Bitboard::EMPTY;
                if (self.pieces(Piece::Bishop) | queens).contains(from) {
                    reach |= Fastest::bishop_attacks(from, occupied);
                }
                if (self.pieces(Piece::Rook) | queens).contains(from) {
                    reach |= Fastest::rook_attacks(from, occupied);
                }
                reach
            };
            if !reach.contains(to) {
                return false;
            }
        }
        // Any piece but the king: our king's attackers on the board after the move.
        let king = self.king(us);
        let after = occupied.without(from).with(to);
        let attackers = theirs.without(to);
        let queens = self.pieces(Piece::Queen);
        let sliders = (Fastest::bishop_attacks(king, after)
            & (self.pieces(Piece::Bishop) | queens))
            | (Fastest::rook_attacks(king, after) & (self.pieces(Piece::Rook) | queens));
        let leapers = (masks::knight(king) & self.pieces(Piece::Knight))
            | (masks::pawn_attacks(us, king) & pawns);
        ((sliders | leapers) & attackers).is_empty()
    }

    /// Whether `m` is legal here, by pins and checks instead of making it: the test a
    /// search applies to a hash or killer move. `info` must be this position's
    /// [`Position::check_info`]; `m` may be anything (garbage gives `false`).
    pub fn is_legal_with(&self, m: Move, info: &CheckInfo) -> bool {
        if !self.is_pseudo_legal(m) {
            return false;
        }
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            // Tested completely by `is_pseudo_legal`.
            MoveKind::Castling => return true,
            MoveKind::EnPassant => return en_passant_sources::<Fastest>(self).contains(from),
            _ => {}
        }
        let us = self.side_to_move();
        if from == info.king {
            let without_king = self.occupied().without(from);
            return (self.attackers_to_with::<Fastest>(to, without_king) & self.color(!us))
                .is_empty();
        }
        let evades = match info.checkers.len() {
            0 => true,
            1 => info.checkers.first().is_some_and(|checker| {
                masks::between(info.king, checker)
                    .with(checker)
                    .contains(to)
            }),
            _ => false,
        };
        evades && (!info.pinned.contains(from) || masks::line_through(info.king, from).contains(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "28,672 candidates per position: minutes under Miri")]
    fn quick_and_slow_legality_agree_on_every_candidate_of_tricky_positions() {
        let fens = [
            "4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1",  // pinned rook
            "4k3/8/8/8/1b6/6N1/8/r3K3 w - - 0 1", // double check
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",    // en passant along the rank
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", // Chess960 castling shield
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", // the king must take or step
        ];
        for fen in fens {
            let p = Position::from_fen(fen).unwrap().0;
            let info = p.check_info();
            let legal = p.legal_moves();
            for from in Square::ALL {
                for to in Square::ALL {
                    for kind in MoveKind::ALL {
                        let m = Move::new(from, to, kind);
                        let expected = legal.contains(&m);
                        assert_eq!(p.is_legal(m), expected, "is_legal {m:?} in {fen}");
                        assert_eq!(p.is_legal_with(m, &info), expected, "with {m:?} in {fen}");
                        assert_eq!(p.is_legal_fast(m), expected, "fast {m:?} in {fen}");
                        if expected {
                            assert!(p.is_pseudo_legal(m));
                        }
                    }
                }
            }
        }
    }
}
