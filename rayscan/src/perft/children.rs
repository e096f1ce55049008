//! The children of one node as perft's eight-lane count reads them ([`super::batch`]):
//! the squares and piece kinds of the move that makes each, eight to a group, lane by
//! lane. A file of its own because both the count and the compiled copies' [`super::copy::Isa`]
//! name it, and the count itself goes through that trait.

use crate::movegen::piecewise::{KING, ROOK};
use crate::position::board::castling_targets;
use crate::square::Square;

/// Groups of eight children a node can hold: 218 legal moves at most.
const GROUPS: usize = 28;

/// Eight words, aligned as one vector register.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(super) struct Group(pub(super) [u64; 8]);

/// The children of one node, by the move that makes each: eight to a group, lane by lane.
pub(crate) struct Children {
    /// The square each mover leaves, as a one-square set.
    pub(super) from: [Group; GROUPS],
    /// The square each mover goes to, as a one-square set.
    pub(super) to: [Group; GROUPS],
    /// Bit `k` set: the piece of kind `k` leaves `from`; bit `8 + k`: a piece of kind `k`
    /// arrives on `to` (the same kind but for promotions).
    pub(super) kinds: [Group; GROUPS],
    /// How many children there are.
    pub(super) len: usize,
}

impl Children {
    /// No children.
    #[inline(always)]
    pub(crate) fn new() -> Children {
        Children {
            from: [Group([0; 8]); GROUPS],
            to: [Group([0; 8]); GROUPS],
            kinds: [Group([0; 8]); GROUPS],
            len: 0,
        }
    }

    /// One more child: a piece of kind `leaves` goes from `from` to `to` (capturing what
    /// stands there) and is a piece of kind `arrives` there.
    #[inline(always)]
    pub(crate) fn push(&mut self, from: Square, to: Square, leaves: usize, arrives: usize) {
        self.push_sets(1 << from as u32, 1 << to as u32, leaves, arrives);
    }

    /// One more child, made by castling with the king on `king` and the rook on `rook`.
    /// It fits the same three words: the mover's sets change by the king's two squares
    /// (as `from`, kind king) and the rook's two squares (as `to`, kind rook), toggled,
    /// which is right even where a Chess960 king or rook lands on the other's square;
    /// and nothing of the opponent's stands on the rook's squares for `to` to clear.
    #[inline(always)]
    pub(crate) fn push_castling(&mut self, king: Square, rook: Square) {
        let (king_to, rook_to) = castling_targets(king, rook);
        let bit = |sq: Square| 1u64 << sq as u32;
        let king_moves = bit(king) ^ bit(king_to);
        let rook_moves = bit(rook) ^ bit(rook_to);
        self.push_sets(king_moves, rook_moves, KING, ROOK);
    }

    #[inline(always)]
    fn push_sets(&mut self, from: u64, to: u64, leaves: usize, arrives: usize) {
        let (group, lane) = (self.len / 8, self.len % 8);
        self.from[group].0[lane] = from;
        self.to[group].0[lane] = to;
        self.kinds[group].0[lane] = (1 << leaves) | (1 << (8 + arrives));
        self.len += 1;
    }
}
