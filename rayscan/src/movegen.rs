//! Legal move generation, piece by piece, generic over the slider technique.
//!
//! The usual proven structure:
//! - once per node: the checkers of our king and our pinned pieces;
//! - a check mask: everything when not in check, the checker plus the squares between it
//!   and the king in single check, and in double check only king moves;
//! - pinned pieces move only along the line through their king;
//! - king moves are tested with the king removed from the occupancy (so it cannot hide
//!   behind itself from a slider);
//! - en passant is tested by looking at the board after the capture, which catches the
//!   discovered check along the rank when both pawns leave it;
//! - Chess960 castling: king and rook on any files, every square between them and their
//!   destinations empty (but for the two of them), the squares the king crosses safe,
//!   and the king safe on arrival with the rook moved.
//!
//! [`Position::is_legal`] answers for one move by a different route (pseudo-legality by
//! piece rules, then making the move and testing the king), so the test that compares it
//! with the generator compares two independent implementations.

use crate::bitboard::Bitboard;
use crate::chess_move::{parse_uci_syntax, Move, MoveKind, MoveList, UciMoveError};
use crate::color::Color;
use crate::direction::Direction;
use crate::error::Snippet;
use crate::masks;
use crate::piece::Piece;
use crate::position::{CastleSide, Position};
use crate::sliders::{Fastest, Slider};
use crate::square::{File, Rank, Square};

const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// Whether `sq` is attacked by `by` with the board holding `occupied`.
#[inline]
fn attacked<S: Slider>(pos: &Position, sq: Square, by: Color, occupied: Bitboard) -> bool {
    pos.attackers_to_with::<S>(sq, occupied)
        .intersects(pos.color(by))
}

/// Our pieces pinned to our king on `king`.
#[inline]
fn pinned(pos: &Position, us: Color, king: Square, occupied: Bitboard) -> Bitboard {
    let their = pos.color(!us);
    let queens = pos.pieces(Piece::Queen);
    let snipers = ((masks::rook(king) & (pos.pieces(Piece::Rook) | queens))
        | (masks::bishop(king) & (pos.pieces(Piece::Bishop) | queens)))
        & their;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = masks::between(king, sniper) & occupied;
        if blockers.len() == 1 {
            pinned |= blockers & pos.color(us);
        }
    }
    pinned
}

#[inline]
fn push_pawn_moves(list: &mut MoveList, from: Square, to: Square) {
    if matches!(to.rank(), Rank::First | Rank::Eighth) {
        for p in PROMOTIONS {
            list.push(Move::new(from, to, MoveKind::Promotion(p)));
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// Appends every legal move of `pos` to `list`, using technique `S` for slider attacks.
pub fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = !us;
    let our = pos.color(us);
    let their = pos.color(them);
    let occupied = our | their;
    let king = pos.king(us);
    let checkers = pos.attackers_to_with::<S>(king, occupied) & their;

    // King moves, tested with the king lifted off the board.
    let without_king = occupied.without(king);
    for to in masks::king(king) - our {
        if !attacked::<S>(pos, to, them, without_king) {
            list.push(Move::new(king, to, MoveKind::Normal));
        }
    }
    if checkers.len() > 1 {
        return;
    }
    let check_mask = match checkers.first() {
        Some(checker) => masks::between(king, checker).with(checker),
        None => Bitboard::FULL,
    };
    let targets = check_mask - our;
    let pinned = pinned(pos, us, king, occupied);
    let pin_line = |from: Square| {
        if pinned.contains(from) {
            masks::line_through(king, from)
        } else {
            Bitboard::FULL
        }
    };

    for from in pos.colored(us, Piece::Knight) - pinned {
        for to in masks::knight(from) & targets {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    let queens = pos.colored(us, Piece::Queen);
    for from in pos.colored(us, Piece::Bishop) | queens {
        for to in S::bishop_attacks(from, occupied) & targets & pin_line(from) {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    for from in pos.colored(us, Piece::Rook) | queens {
        for to in S::rook_attacks(from, occupied) & targets & pin_line(from) {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    // Pawns.
    let (up, start_rank) = match us {
        Color::White => (Direction::North, Rank::Second),
        Color::Black => (Direction::South, Rank::Seventh),
    };
    let empty = !occupied;
    for from in pos.colored(us, Piece::Pawn) {
        let line = pin_line(from);
        if let Some(one) = from.offset(up) {
            if empty.contains(one) {
                if targets.contains(one) && line.contains(one) {
                    push_pawn_moves(list, from, one);
                }
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(up) {
                        if empty.contains(two) && targets.contains(two) && line.contains(two) {
                            list.push(Move::new(from, two, MoveKind::Normal));
                        }
                    }
                }
            }
        }
        for to in masks::pawn_attacks(us, from) & their & targets & line {
            push_pawn_moves(list, from, to);
        }
    }

    // En passant: look at the board after the capture.
    if let Some(ep) = pos.ep_square() {
        let captured = Square::from_coords(
            ep.file(),
            match us {
                Color::White => Rank::Fifth,
                Color::Black => Rank::Fourth,
            },
        );
        for from in masks::pawn_attacks(them, ep) & pos.colored(us, Piece::Pawn) {
            // The captured pawn is gone from the board and from the attackers.
            let after = occupied.without(from).without(captured).with(ep);
            let attackers = pos.attackers_to_with::<S>(king, after) & pos.color(them);
            if attackers.without(captured).is_empty() {
                list.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    if checkers.is_empty() {
        generate_castling::<S>(pos, list, us, king, occupied);
    }
}

fn generate_castling<S: Slider>(
    pos: &Position,
    list: &mut MoveList,
    us: Color,
    king: Square,
    occupied: Bitboard,
) {
    for side in CastleSide::ALL {
        if let Some(rook) = pos.castling().rook(us, side) {
            if castling_is_legal::<S>(pos, us, king, rook, side, occupied) {
                list.push(Move::new(king, rook, MoveKind::Castling));
            }
        }
    }
}

fn castling_is_legal<S: Slider>(
    pos: &Position,
    us: Color,
    king: Square,
    rook: Square,
    side: CastleSide,
    occupied: Bitboard,
) -> bool {
    let rank = king.rank();
    let king_to = Square::from_coords(side.king_to(), rank);
    let rook_to = Square::from_coords(side.rook_to(), rank);
    let must_be_empty = (masks::between(king, king_to).with(king_to)
        | masks::between(rook, rook_to).with(rook_to))
    .without(king)
    .without(rook);
    if occupied.intersects(must_be_empty) {
        return false;
    }
    // The squares the king crosses, in the position as it is (not in check was checked).
    let them = !us;
    for sq in masks::between(king, king_to).with(king_to) {
        if attacked::<S>(pos, sq, them, occupied) {
            return false;
        }
    }
    // On arrival, with the rook moved: a Chess960 rook may have been shielding the king.
    let after = occupied
        .without(king)
        .without(rook)
        .with(king_to)
        .with(rook_to);
    !attacked::<S>(pos, king_to, them, after)
}

impl Position {
    /// Every legal move, using the fastest slider technique.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_with::<Fastest>()
    }

    /// Every legal move, using slider technique `S` (monomorphized).
    pub fn legal_moves_with<S: Slider>(&self) -> MoveList {
        let mut list = MoveList::new();
        generate::<S>(self, &mut list);
        list
    }

    /// Whether `m` is legal here. Checked move by move (piece rules, then the king's
    /// safety after making it), independently of the generator.
    pub fn is_legal(&self, m: Move) -> bool {
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
        let pseudo = match (piece, m.kind()) {
            (Piece::King, MoveKind::Castling) => {
                let side = if to.file() > from.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                return self.castling().rook(us, side) == Some(to)
                    && !self.in_check()
                    && castling_is_legal::<Fastest>(self, us, from, to, side, occupied);
            }
            (_, MoveKind::Castling) => false,
            (Piece::Pawn, kind) => {
                let forward = if us == Color::White { 8i32 } else { -8 };
                let delta = to as i32 - from as i32;
                let promotes = last_rank.contains(to);
                let kind_ok = match kind {
                    MoveKind::Promotion(_) => promotes,
                    MoveKind::Normal => !promotes,
                    MoveKind::EnPassant => self.ep_square() == Some(to),
                    MoveKind::Castling => false,
                };
                let start = if us == Color::White {
                    Rank::Second
                } else {
                    Rank::Seventh
                };
                let shape = if masks::pawn_attacks(us, from).contains(to) {
                    match kind {
                        MoveKind::EnPassant => true,
                        _ => their.contains(to),
                    }
                } else if delta == forward {
                    !occupied.contains(to) && kind != MoveKind::EnPassant
                } else if delta == 2 * forward {
                    let mid = Square::from_index_masked((from as u32 + to as u32) / 2);
                    from.rank() == start
                        && !occupied.contains(mid)
                        && !occupied.contains(to)
                        && kind == MoveKind::Normal
                } else {
                    false
                };
                kind_ok && shape
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
        };
        if !pseudo {
            return false;
        }
        // Make it and look: is our king attacked?
        let after = self.play(m);
        let king = after.king(us);
        (after.attackers_to(king) & after.color(!us)).is_empty()
    }

    /// Whether `m` (legal here) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        self.play(m).in_check()
    }

    /// Reads a UCI move and finds it among the legal moves. Castling is accepted both as
    /// king-to-rook (`e1h1`, Chess960 style) and, in standard chess, as the king's
    /// two-square step (`e1g1`). Syntax errors and illegal moves are different errors.
    ///
    /// ```
    /// use rayscan::position::Position;
    /// use rayscan::chess_move::UciMoveError;
    /// let p = Position::startpos();
    /// assert_eq!(p.parse_uci("g1f3").unwrap().to_string(), "g1f3");
    /// assert!(matches!(p.parse_uci("e2e4x"), Err(UciMoveError::Syntax(_))));
    /// assert!(matches!(p.parse_uci("e1g1"), Err(UciMoveError::Illegal(_))));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciMoveError> {
        let (from, to, promotion) =
            parse_uci_syntax(text).ok_or_else(|| UciMoveError::Syntax(Snippet::new(text)))?;
        let moves = self.legal_moves();
        let found = moves.iter().copied().find(|m| {
            m.from() == from
                && m.promotion() == promotion
                && (m.to() == to
                    || (m.is_castling()
                        && !self.is_chess960()
                        && m.king_destination() == to
                        && from.file() == File::E))
        });
        found.ok_or_else(|| UciMoveError::Illegal(Snippet::new(text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(f: &str) -> Position {
        Position::from_fen(f).unwrap().0
    }

    #[test]
    fn start_position_has_twenty_moves() {
        assert_eq!(Position::startpos().legal_moves().len(), 20);
    }

    #[test]
    fn en_passant_discovered_check_along_the_rank_is_refused() {
        // White king a5, black rook h5: exd6 would expose the king along the fifth rank.
        let p = fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assert!(p.parse_uci("b5c6").is_err());
        let q = fen("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
        assert!(q.parse_uci("b5c6").is_ok());
    }

    #[test]
    fn chess960_castling_shielded_by_its_own_rook_is_refused() {
        // King c1, rook b1, enemy rook a1: castling queen side would leave c1 attacked.
        let p = fen("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
        assert!(p.castling().rook(Color::White, CastleSide::Queen).is_some());
        assert!(!p.legal_moves().iter().any(|m| m.is_castling()));
    }

    #[test]
    fn uci_castling_notation() {
        let mut p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let m = p.parse_uci("e1g1").unwrap();
        assert!(m.is_castling());
        assert_eq!(p.parse_uci("e1h1").unwrap(), m);
        assert_eq!(m.uci(false).to_string(), "e1g1");
        p.set_chess960(true);
        assert!(p.parse_uci("e1g1").is_err());
        assert_eq!(m.uci(true).to_string(), "e1h1");
    }
}
