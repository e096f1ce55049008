//! Piece by piece: bitscan each piece, look up its attack set with the slider technique,
//! and split the set into moves. What the literature calls the classical approach, and
//! the generator every other one is compared with.

use super::pawns::PawnTargets;
use super::{castling_moves, castling_rooks, en_passant_sources, push_pawn_moves, Node};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::color::Color;
use crate::direction::Direction;
use crate::masks;
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::Slider;
use crate::square::Rank;

/// Appends every legal move of `pos` to `list`, piece by piece, using technique `S` for
/// slider attacks.
pub fn generate<S: Slider>(pos: &Position, list: &mut MoveList) {
    let node = Node::new::<S>(pos);
    node.king_moves::<S>(pos, list);
    if node.double_check() {
        return;
    }
    node.piece_moves::<S>(pos, list);
    pawn_moves(&node, pos, list);
    for from in en_passant_sources::<S>(pos) {
        if let Some(ep) = pos.ep_square() {
            list.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
    if node.checkers.is_empty() {
        castling_moves::<S>(pos, list);
    }
}

/// Pawn pushes and captures, pawn by pawn (en passant apart).
fn pawn_moves(node: &Node, pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let (up, start_rank) = match us {
        Color::White => (Direction::North, Rank::Second),
        Color::Black => (Direction::South, Rank::Seventh),
    };
    let empty = !node.occupied;
    let their = pos.color(!us);
    for from in pos.colored(us, Piece::Pawn) {
        let line = node.pin_line(from);
        if let Some(one) = from.offset(up) {
            if empty.contains(one) {
                if node.targets.contains(one) && line.contains(one) {
                    push_pawn_moves(list, from, one);
                }
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(up) {
                        if empty.contains(two) && node.targets.contains(two) && line.contains(two) {
                            list.push(Move::new(from, two, MoveKind::Normal));
                        }
                    }
                }
            }
        }
        for to in masks::pawn_attacks(us, from) & their & node.targets & line {
            push_pawn_moves(list, from, to);
        }
    }
}

impl Node {
    /// The line a piece on `from` may move along: everywhere unless it is pinned.
    #[inline]
    pub(crate) fn pin_line(&self, from: crate::square::Square) -> Bitboard {
        if self.pinned.contains(from) {
            masks::line_through(self.king, from)
        } else {
            Bitboard::FULL
        }
    }

    /// King steps, each tested with the king lifted off the board (so it cannot hide
    /// behind itself from a slider).
    #[inline]
    pub(crate) fn king_moves<S: Slider>(&self, pos: &Position, list: &mut MoveList) {
        let us = pos.side_to_move();
        let without_king = self.occupied.without(self.king);
        for to in masks::king(self.king) - pos.color(us) {
            let attackers = pos.attackers_to_with::<S>(to, without_king) & pos.color(!us);
            if attackers.is_empty() {
                list.push(Move::new(self.king, to, MoveKind::Normal));
            }
        }
    }

    /// Knight, bishop, rook and queen moves, piece by piece.
    #[inline]
    pub(crate) fn piece_moves<S: Slider>(&self, pos: &Position, list: &mut MoveList) {
        let us = pos.side_to_move();
        for from in pos.colored(us, Piece::Knight) - self.pinned {
            for to in masks::knight(from) & self.targets {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
        let queens = pos.colored(us, Piece::Queen);
        for from in pos.colored(us, Piece::Bishop) | queens {
            for to in S::bishop_attacks(from, self.occupied) & self.targets & self.pin_line(from) {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
        for from in pos.colored(us, Piece::Rook) | queens {
            for to in S::rook_attacks(from, self.occupied) & self.targets & self.pin_line(from) {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
}

/// The number of legal moves of `pos`, without listing them: what perft needs at its
/// last ply. The same rules as [`generate`], with population counts where it pushes
/// moves (pawns as sets, each promotion target four moves).
///
/// ```
/// use rayscan::movegen::count;
/// use rayscan::position::Position;
/// use rayscan::sliders::Magic;
/// let p = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap().0;
/// assert_eq!(count::<Magic>(&p), 48);
/// ```
pub fn count<S: Slider>(pos: &Position) -> u64 {
    let node = Node::new::<S>(pos);
    let us = pos.side_to_move();
    let our = pos.color(us);
    let their = pos.color(!us);
    let without_king = node.occupied.without(node.king);
    let mut n = 0u64;
    for to in masks::king(node.king) - our {
        if (pos.attackers_to_with::<S>(to, without_king) & their).is_empty() {
            n += 1;
        }
    }
    if node.double_check() {
        return n;
    }
    for from in pos.colored(us, Piece::Knight) - node.pinned {
        n += u64::from((masks::knight(from) & node.targets).len());
    }
    let queens = pos.colored(us, Piece::Queen);
    for from in pos.colored(us, Piece::Bishop) | queens {
        let reach = S::bishop_attacks(from, node.occupied) & node.targets & node.pin_line(from);
        n += u64::from(reach.len());
    }
    for from in pos.colored(us, Piece::Rook) | queens {
        let reach = S::rook_attacks(from, node.occupied) & node.targets & node.pin_line(from);
        n += u64::from(reach.len());
    }
    let pawns = PawnTargets::new(
        us,
        pos.colored(us, Piece::Pawn),
        (node.pinned, node.king),
        node.occupied,
        their,
        node.targets,
    );
    let len = |b: Bitboard| u64::from(b.len());
    n += len(pawns.push) + len(pawns.double) + len(pawns.captures[0]) + len(pawns.captures[1]);
    n += 4
        * (len(pawns.push_promotions)
            + len(pawns.capture_promotions[0])
            + len(pawns.capture_promotions[1]));
    n += len(en_passant_sources::<S>(pos));
    if node.checkers.is_empty() {
        n += len(castling_rooks::<S>(pos));
    }
    n
}
