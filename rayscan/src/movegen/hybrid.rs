//! Hybrid: pawns direction-wise, pieces piece-wise, the combination the literature
//! suggests. All pawn moves come from a few shifts of the pawn set, whatever the number
//! of pawns; pawn captures come first in the list, as the first candidates a search
//! tries (a pawn capturing rarely loses material).

use super::pawns::{PawnTargets, behind};
use super::{Node, castling_moves, en_passant_sources, push_pawn_moves};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::masks;
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::Slider;

/// Appends every legal move of `pos` to `list`: pawn captures (as sets) first, then
/// en passant, pawn pushes, pieces (one by one with technique `S`), castling and king.
///
/// # Examples
///
/// ```
/// use rayscan::chess_move::MoveList;
/// use rayscan::movegen::generate_hybrid;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// let p = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap().0;
/// let mut list = MoveList::new();
/// generate_hybrid::<Classical>(&p, &mut list);
/// assert_eq!(list.iter().next().unwrap().to_string(), "e4d5");
/// assert_eq!(list.len(), p.legal_moves().len());
/// ```
pub fn generate_hybrid<S: Slider>(pos: &Position, list: &mut MoveList) {
    let node = Node::new::<S>(pos);
    if !node.double_check() {
        let us = pos.side_to_move();
        let pawns = PawnTargets::new(
            us,
            pos.colored(us, Piece::Pawn),
            (node.pinned, node.king),
            node.occupied,
            pos.color(!us),
            node.targets,
        );
        for (i, dir) in pawns.capture_dirs.into_iter().enumerate() {
            for to in pawns.capture_promotions[i] {
                push_pawn_moves(list, behind(to, dir, 1), to);
            }
            for to in pawns.captures[i] {
                list.push(Move::new(behind(to, dir, 1), to, MoveKind::Normal));
            }
        }
        if let Some(ep) = pos.ep_square() {
            for from in en_passant_sources::<S>(pos) {
                list.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
        for to in pawns.push_promotions {
            push_pawn_moves(list, behind(to, pawns.up, 1), to);
        }
        for to in pawns.push {
            list.push(Move::new(behind(to, pawns.up, 1), to, MoveKind::Normal));
        }
        for to in pawns.double {
            list.push(Move::new(behind(to, pawns.up, 2), to, MoveKind::Normal));
        }
        node.piece_moves::<S>(pos, list);
        if node.checkers.is_empty() {
            castling_moves::<S>(pos, list);
        }
    }
    node.king_moves::<S>(pos, list);
}

// The piece moves, one by one with the position's own attack queries: the hybrid keeps
// the classical piece-wise loop the literature pairs with set-wise pawns.
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
