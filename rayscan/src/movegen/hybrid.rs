//! Hybrid: pawns direction-wise, pieces piece-wise, the combination the literature
//! suggests. All pawn moves come from a few shifts of the pawn set, whatever the number
//! of pawns; pawn captures come first in the list, as the first candidates a search
//! tries (a pawn capturing rarely loses material).

use super::pawns::{behind, PawnTargets};
use super::{castling_moves, en_passant_sources, push_pawn_moves, Node};
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::piece::Piece;
use crate::position::Position;
use crate::sliders::Slider;

/// Appends every legal move of `pos` to `list`: pawn captures (as sets) first, then
/// en passant, pawn pushes, pieces (one by one with technique `S`), castling and king.
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
