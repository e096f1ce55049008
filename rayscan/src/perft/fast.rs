//! Perft's fast path: every move copy-made on the lean [`Board`] straight from the
//! generator's sets (the piece a constant in each), the last ply counted by population
//! counts, or the last two plies eight children at a time where the last ply is batched
//! ([`super::batch`]). Run in the copy of the hot paths the CPU can run
//! ([`PerftEntry`]); the recursion stays in that copy through [`Isa`].

use core::marker::PhantomData;

use super::copy::{Isa, PerftEntry};
use crate::bitboard::Bitboard;
use crate::movegen::entry::Hot;
use crate::movegen::piecewise::{
    BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, Visitor, count_board, count_king, enumerate, source,
};
use crate::position::{Board, Position};
use crate::side::Side;
use crate::sliders::{Slider, WithSlider};
use crate::square::Square;

/// Perft's visitor: copy-make each move and count the child's subtree.
struct Perft<'a, S, C, K> {
    board: &'a Board,
    /// The opponent's king: where it stands in every child.
    their_king: Square,
    /// Plies left below the children (at least 1).
    depth: u32,
    nodes: u64,
    technique: PhantomData<(S, C, K)>,
}

impl<S: Slider, C: Side, K: Isa> Perft<'_, S, C, K> {
    /// Counts `child`'s subtree. At the last interior ply the child's moves are counted
    /// right here: inlined (`hot`) for the frequent moves, called for the others (king
    /// moves, pawn captures, promotions, en passant, castling). Inlined into every kind
    /// of move, the count made one node's code several times the instruction cache, which
    /// cost most where the rare kinds are common (CPW position 4's promotions).
    #[inline(always)]
    fn child(&mut self, child: &Board, hot: bool) {
        self.nodes += match (self.depth, hot) {
            (1, true) => count_king::<S, C::Them>(child, self.their_king),
            (1, false) => K::count_leaf::<S, C::Them>(child, self.their_king),
            _ => K::perft_board::<S, C::Them>(child, self.depth),
        };
    }
}

impl<S: Slider, C: Side, K: Isa> Visitor for Perft<'_, S, C, K> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        for to in to {
            let child = self.board.make_move::<C, P>(from, to);
            self.child(&child, P != KING);
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        for to in to {
            let child = self.board.make_move::<C, PAWN>(source(to, back), to);
            self.child(&child, back == C::UP);
        }
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        for to in to {
            let child = self.board.make_double_push::<C>(source(to, back), to);
            self.child(&child, true);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        for to in to {
            for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
                let child = self.board.make_promotion::<C>(source(to, back), to, piece);
                self.child(&child, false);
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let child = self.board.make_en_passant::<C>(from, to);
        self.child(&child, false);
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        let child = self.board.make_castling::<C>(king, rook);
        self.child(&child, false);
    }
}

/// Leaf nodes `depth` (≥ 1) plies below side `C` to move on `b`: the last ply counted,
/// every other ply copy-made move by move straight from the generator. The children are
/// counted through `K`, the copy of the hot path being run ([`Isa`]).
#[inline(always)]
pub(crate) fn perft_body<S: Slider, C: Side, K: Isa>(b: &Board, depth: u32) -> u64 {
    if depth <= 1 {
        return count_board::<S, C>(b);
    }
    if depth == 2
        && let Some(n) = S::lanes_or(super::batch::Perft2::<C, K>::new(b), Skip(PhantomData))
    {
        return n;
    }
    let mut v = Perft::<S, C, K> {
        board: b,
        their_king: b.king_of(C::THEM),
        depth: depth - 1,
        nodes: 0,
        technique: PhantomData,
    };
    enumerate::<S, C, _>(b, &mut v);
    v.nodes
}

/// Nothing, where the last ply is not batched ([`Slider::lanes_or`] runs the other
/// argument).
pub(crate) struct Skip<T>(pub(crate) PhantomData<T>);

impl<T> WithSlider for Skip<T> {
    type Output = Option<T>;
    #[inline(always)]
    fn run<S: Slider>(self) -> Option<T> {
        None
    }
}

/// Perft from `pos` (depth ≥ 1) on its board, side to move resolved once, on the copy
/// of the hot path the CPU can run.
#[inline]
pub(crate) fn perft_position<S: Slider>(pos: &Position, depth: u32) -> u64 {
    Hot::perft::<S>(pos, depth)
}

/// Perft from `pos` (depth ≥ 1) with the technique [`crate::sliders::Technique::auto`]
/// picks, on the copy of the hot path the CPU can run.
#[inline]
pub(crate) fn perft_auto(pos: &Position, depth: u32) -> u64 {
    Hot::perft_auto(pos, depth)
}
