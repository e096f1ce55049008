//! The children of one node as perft's eight-lane count reads them ([`super::batch`]):
//! the squares and piece kinds of the move that makes each, eight to a group, lane by
//! lane. A file of its own because both the count and the compiled copies' [`super::copy::Isa`]
//! name it, and the count itself goes through that trait.
//!
//! The words are not zeroed when a node begins: a node writes those of its children, and
//! [`Children::seal`] fills the rest of its last group, so every group the count reads is
//! written (zeroing all 5 KiB at every node cost more than the children's own writes).

use core::mem::MaybeUninit;

use crate::movegen::piecewise::{KING, ROOK};
use crate::position::board::castling_targets;
use crate::square::Square;

/// Children a node can hold, in whole groups of eight: 218 legal moves at most, and the
/// eight words after them that [`Children::seal`] writes.
const CAPACITY: usize = 29 * 8;

/// One word per child, groups of eight aligned as vector registers, possibly not yet
/// written. Flat, so that child `i`'s word is at `8 * i` bytes.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Words([MaybeUninit<u64>; CAPACITY]);

/// The children of one node, by the move that makes each: eight to a group, lane by lane.
pub(crate) struct Children {
    /// The square each mover leaves, as a one-square set.
    from: Words,
    /// The square each mover goes to, as a one-square set.
    to: Words,
    /// Bit `k` set: the piece of kind `k` leaves `from`; bit `8 + k`: a piece of kind `k`
    /// arrives on `to` (the same kind but for promotions).
    kinds: Words,
    /// How many children there are: words `0..len` are written.
    len: usize,
}

/// [`Children`] whose last group is filled ([`Children::seal`]): every word of the groups
/// it hands out is written.
#[derive(Clone, Copy)]
pub(crate) struct Sealed<'a>(&'a Children);

/// The kind word of a move: a piece of kind `leaves` leaves, one of kind `arrives` arrives.
#[inline(always)]
const fn kinds(leaves: usize, arrives: usize) -> u64 {
    (1 << leaves) | (1 << (8 + arrives))
}

impl Children {
    /// No children.
    #[inline(always)]
    pub(crate) fn new() -> Children {
        let mut children = MaybeUninit::<Children>::uninit();
        // SAFETY: `len` is written, and the other fields are `MaybeUninit` words, valid
        // unwritten. Built from three unwritten arrays and a zero instead, the struct was
        // zeroed whole by `memset` (a measured cost) where LLVM merged the stores.
        unsafe {
            (&raw mut (*children.as_mut_ptr()).len).write(0);
            children.assume_init()
        }
    }

    /// One more child: a piece of kind `leaves` goes from `from` to `to` (capturing what
    /// stands there) and is a piece of kind `arrives` there.
    #[cfg(test)]
    pub(crate) fn push(&mut self, from: Square, to: Square, leaves: usize, arrives: usize) {
        self.extend(core::iter::once((from, to)), leaves, arrives);
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
        for (from, to) in moves {
            self.write(
                len,
                1 << from as u32,
                1 << to as u32,
                kinds(leaves, arrives),
            );
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
        self.write(self.len, king_moves, rook_moves, kinds(KING, ROOK));
        self.len += 1;
    }

    /// Child `i`'s three words.
    #[inline(always)]
    fn write(&mut self, i: usize, from: u64, to: u64, kinds: u64) {
        self.from.0[i] = MaybeUninit::new(from);
        self.to.0[i] = MaybeUninit::new(to);
        self.kinds.0[i] = MaybeUninit::new(kinds);
    }

    /// The children, for the count: the rest of the last group filled with children that
    /// move nothing (the count masks them off). Eight words written at once, whatever the
    /// rest's length: a loop up to the group's end became calls of `memset`.
    #[inline(always)]
    pub(crate) fn seal(&mut self) -> Sealed<'_> {
        let rest = self.len..self.len + 8;
        for words in [&mut self.from, &mut self.to, &mut self.kinds] {
            words.0[rest.clone()].copy_from_slice(&[MaybeUninit::new(0); 8]);
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
        let read = |words: &Words| {
            let group: [MaybeUninit<u64>; 8] = words.0.as_chunks::<8>().0[g];
            // SAFETY: every word of a group below `len.div_ceil(8)` is written: words
            // `0..len` by `extend` and `push_castling`, the rest of the last group by
            // `seal`, which made this `Sealed`; `[MaybeUninit<u64>; 8]` and `[u64; 8]`
            // have the same layout.
            unsafe { core::mem::transmute::<[MaybeUninit<u64>; 8], [u64; 8]>(group) }
        };
        let c = self.0;
        [read(&c.from), read(&c.to), read(&c.kinds)]
    }
}
