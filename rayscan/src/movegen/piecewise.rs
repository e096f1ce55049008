//! Piece by piece: bitscan each piece, look up its attack set with the slider technique,
//! and split the set into moves. What the literature calls the classical approach, and
//! the generator every other one is compared with.

use super::{castling_moves, en_passant_sources, push_pawn_moves, Node};
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
