//! The children of one node as perft's eight-lane count reads them ([`super::batch`]):
//! the squares and piece kinds of the move that makes each, eight to a group, lane by
//! lane. A file of its own because both the count and the compiled copies' [`super::copy::Isa`]
//! name it, and the count itself goes through that trait.
//!
//! The arrays are not zeroed when a node begins: a node fills the lanes it uses, and
//! [`Children::seal`] fills the rest of its last group, so every group the count reads is
//! written and nothing else is (zeroing all 5 KiB at every node was a measured cost).

use core::mem::MaybeUninit;

use crate::movegen::piecewise::{KING, ROOK};
use crate::position::board::castling_targets;
use crate::square::Square;

/// Groups of eight children a node can hold: 218 legal moves at most.
const GROUPS: usize = 28;

/// Eight words, aligned as one vector register, possibly not yet written.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Group([MaybeUninit<u64>; 8]);

const UNWRITTEN: Group = Group([MaybeUninit::uninit(); 8]);

/// The children of one node, by the move that makes each: eight to a group, lane by lane.
pub(crate) struct Children {
    /// The square each mover leaves, as a one-square set.
    from: [Group; GROUPS],
    /// The square each mover goes to, as a one-square set.
    to: [Group; GROUPS],
    /// Bit `k` set: the piece of kind `k` leaves `from`; bit `8 + k`: a piece of kind `k`
    /// arrives on `to` (the same kind but for promotions).
    kinds: [Group; GROUPS],
    /// How many children there are: lanes `0..len` are written.
    len: usize,
}

/// [`Children`] whose last group is filled ([`Children::seal`]): every lane of the groups
/// it hands out is written.
#[derive(Clone, Copy)]
pub(crate) struct Sealed<'a>(&'a Children);

impl Children {
    /// No children.
    #[inline(always)]
    pub(crate) fn new() -> Children {
        Children {
            from: [UNWRITTEN; GROUPS],
            to: [UNWRITTEN; GROUPS],
            kinds: [UNWRITTEN; GROUPS],
            len: 0,
        }
    }

    /// One more child: a piece of kind `leaves` goes from `from` to `to` (capturing what
    /// stands there) and is a piece of kind `arrives` there.
    #[cfg(test)]
    pub(crate) fn push(&mut self, from: Square, to: Square, leaves: usize, arrives: usize) {
        self.push_sets(1 << from as u32, 1 << to as u32, leaves, arrives);
    }

    /// A child for each move `(from, to)` of `moves`, as [`Children::push`] makes one.
    /// The count stays in a register while they are written: kept in the struct, it was
    /// loaded and stored at every child, each child waiting for the one before.
    #[inline(always)]
    pub(crate) fn extend(
        &mut self,
        moves: impl Iterator<Item = (Square, Square)>,
        leaves: usize,
        arrives: usize,
    ) {
        let mut len = self.len;
        let kinds = (1 << leaves) | (1 << (8 + arrives));
        for (from, to) in moves {
            let (group, lane) = (len / 8, len % 8);
            self.from[group].0[lane] = MaybeUninit::new(1 << from as u32);
            self.to[group].0[lane] = MaybeUninit::new(1 << to as u32);
            self.kinds[group].0[lane] = MaybeUninit::new(kinds);
            len += 1;
        }
        self.len = len;
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
        self.from[group].0[lane] = MaybeUninit::new(from);
        self.to[group].0[lane] = MaybeUninit::new(to);
        self.kinds[group].0[lane] = MaybeUninit::new((1 << leaves) | (1 << (8 + arrives)));
        self.len += 1;
    }

    /// The children, for the count: the unused lanes of the last group filled with a
    /// child that moves nothing (the count masks them off).
    #[inline(always)]
    pub(crate) fn seal(&mut self) -> Sealed<'_> {
        let (group, used) = (self.len / 8, self.len % 8);
        if used != 0 {
            for lane in used..8 {
                self.from[group].0[lane] = MaybeUninit::new(0);
                self.to[group].0[lane] = MaybeUninit::new(0);
                self.kinds[group].0[lane] = MaybeUninit::new(0);
            }
        }
        Sealed(self)
    }
}

impl Sealed<'_> {
    /// How many children there are.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        self.0.len
    }

    /// Group `g` (below `len().div_ceil(8)`): the eight children's `from`, `to` and kind
    /// words ([`Children`]'s fields).
    #[inline(always)]
    pub(crate) fn group(self, g: usize) -> [[u64; 8]; 3] {
        assert!(g < self.0.len.div_ceil(8));
        let read = |group: &Group| {
            // SAFETY: every lane of a group below `len.div_ceil(8)` is written: lanes
            // `0..len` by `push_sets`, the rest of the last group by `seal`, which made
            // this `Sealed`; `[MaybeUninit<u64>; 8]` and `[u64; 8]` have the same layout.
            unsafe { core::mem::transmute::<[MaybeUninit<u64>; 8], [u64; 8]>(group.0) }
        };
        let c = self.0;
        [read(&c.from[g]), read(&c.to[g]), read(&c.kinds[g])]
    }
}
