//! A position on a mailbox board: the array of cells, a piece list per side, and
//! copy-make.

use core::marker::PhantomData;

use super::Layout;
use super::vectors::{BISHOP, BLACK_PAWN, KING, KNIGHT, QUEEN, ROOK, WHITE_PAWN};
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::color::Color;
use crate::piece::Piece;
use crate::position::{CastleSide, CastlingRights, Position};
use crate::square::Square;

/// An empty square.
pub(crate) const EMPTY: u8 = 0;
/// A sentinel cell: off the board.
pub(crate) const OFF: u8 = 0x80;
const BLACK_BIT: u8 = 8;

/// The cell code of a piece: its kind plus one, with bit 3 for black.
#[inline]
pub(crate) const fn code(color: Color, piece: Piece) -> u8 {
    (piece as u8 + 1)
        | if matches!(color, Color::Black) {
            BLACK_BIT
        } else {
            0
        }
}

/// The colour and kind in a cell, if it holds a piece.
#[inline]
pub(crate) const fn decode(cell: u8) -> Option<(Color, Piece)> {
    if cell == EMPTY || cell == OFF {
        return None;
    }
    let color = if cell & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    };
    let piece = match cell & 7 {
        1 => Piece::Pawn,
        2 => Piece::Knight,
        3 => Piece::Bishop,
        4 => Piece::Rook,
        5 => Piece::Queen,
        _ => Piece::King,
    };
    Some((color, piece))
}

/// The vector-table flag of a piece attacking.
#[inline]
pub(crate) const fn attack_flag(color: Color, piece: Piece) -> u8 {
    match piece {
        Piece::Pawn => match color {
            Color::White => WHITE_PAWN,
            Color::Black => BLACK_PAWN,
        },
        Piece::Knight => KNIGHT,
        Piece::Bishop => BISHOP,
        Piece::Rook => ROOK,
        Piece::Queen => QUEEN,
        Piece::King => KING,
    }
}

/// A position on a mailbox board of layout `L`: cells, piece lists, side to move,
/// castling rooks and the en-passant square. Built from a [`Position`]; a `Copy` value
/// played with copy-make like it.
///
/// # Examples
///
/// ```
/// use rayscan::mailbox::{Board15x12, Mailbox};
/// use rayscan::position::Position;
/// let mb = Mailbox::<Board15x12>::new(&Position::startpos());
/// assert_eq!(mb.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy)]
pub struct Mailbox<L: Layout> {
    pub(crate) cells: [u8; 192],
    /// Board indices of each side's pieces (the king among them).
    pub(crate) lists: [[u8; 64]; 2],
    pub(crate) lens: [u8; 2],
    pub(crate) kings: [i32; 2],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<Square>,
    layout: PhantomData<L>,
}

impl<L: Layout> Mailbox<L> {
    /// The position `pos` on this board.
    pub fn new(pos: &Position) -> Mailbox<L> {
        let mut mb = Mailbox {
            cells: [OFF; 192],
            lists: [[0; 64]; 2],
            lens: [0; 2],
            kings: [0; 2],
            side: pos.side_to_move(),
            castling: pos.castling(),
            ep: pos.ep_square(),
            layout: PhantomData,
        };
        for sq in Square::ALL {
            let i = L::index(sq);
            let cell = match pos.piece_at(sq) {
                None => EMPTY,
                Some((color, piece)) => {
                    let c = color as usize;
                    if let (Some(slot), Some(len)) =
                        (mb.lists[c].get_mut(mb.lens[c] as usize), mb.lens.get_mut(c))
                    {
                        *slot = i as u8;
                        *len += 1;
                    }
                    if piece == Piece::King {
                        mb.kings[c] = i;
                    }
                    code(color, piece)
                }
            };
            if let Some(c) = mb.cells.get_mut(i as usize) {
                *c = cell;
            }
        }
        mb
    }

    /// The cell at index `i`: a piece code, [`EMPTY`], or [`OFF`] off the board (by the
    /// 0x88 index test on that layout, by the sentinel border on the others).
    #[inline]
    pub(crate) fn cell(&self, i: i32) -> u8 {
        if L::SIZE == 128 && (i as u32) & 0x88 != 0 {
            return OFF;
        }
        self.cells.get(i as usize).copied().unwrap_or(OFF)
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        decode(self.cell(L::index(sq)))
    }

    /// The squares of `color`'s pieces, in piece-list order.
    pub(crate) fn list(&self, color: Color) -> &[u8] {
        let c = color as usize;
        let len = self.lens.get(c).copied().unwrap_or(0) as usize;
        self.lists
            .get(c)
            .map_or(&[], |l| l.get(..len).unwrap_or(&[]))
    }

    /// Whether the piece on index `from` attacks index `to`, treating index `ignore` as
    /// empty: one table lookup of the vector, then for sliders a walk back from the
    /// target towards the piece (the literature's destination-source loop).
    #[inline]
    pub(crate) fn attacks_index(&self, from: i32, to: i32, ignore: i32) -> bool {
        let Some((color, piece)) = decode(self.cell(from)) else {
            return false;
        };
        if L::vector(to - from).attackers & attack_flag(color, piece) == 0 {
            return false;
        }
        if !matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen) {
            return true;
        }
        let back = L::vector(from - to).increment as i32;
        let mut sq = to + back;
        while sq != from && (self.cell(sq) == EMPTY || sq == ignore) {
            sq += back;
        }
        sq == from
    }

    /// Whether the piece on `from` attacks `to`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::mailbox::{Mailbox, X88};
    /// use rayscan::position::Position;
    /// use rayscan::Square;
    /// let mb = Mailbox::<X88>::new(&Position::startpos());
    /// assert!(mb.attacks(Square::G1, Square::F3));
    /// assert!(!mb.attacks(Square::D1, Square::D4)); // the d2 pawn is in the way
    /// ```
    pub fn attacks(&self, from: Square, to: Square) -> bool {
        self.attacks_index(L::index(from), L::index(to), -1)
    }

    /// Whether a piece of `by`, other than the one on `skip`, attacks index `sq`, with
    /// index `ignore` treated as empty.
    #[inline]
    pub(crate) fn attacked_index(&self, sq: i32, by: Color, ignore: i32, skip: i32) -> bool {
        self.list(by)
            .iter()
            .any(|&i| i as i32 != skip && self.attacks_index(i as i32, sq, ignore))
    }

    /// Whether `by` attacks `sq`.
    pub fn square_attacked_by(&self, sq: Square, by: Color) -> bool {
        self.attacked_index(L::index(sq), by, -1, -1)
    }

    /// Whether the side to move is in check (the name [`Position::is_check`] has).
    ///
    /// [`Position::is_check`]: crate::Position::is_check
    pub fn is_check(&self) -> bool {
        let us = self.side as usize;
        self.attacked_index(self.kings[us], !self.side, -1, -1)
    }

    /// The old name of [`Mailbox::is_check`].
    #[deprecated(note = "renamed `is_check`, as `Position::is_check`")]
    pub fn in_check(&self) -> bool {
        self.is_check()
    }

    /// The castling rook of `color` on `side`.
    #[inline]
    pub(crate) fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.castling.rook(color, side)
    }

    fn set_cell(&mut self, i: i32, cell: u8) {
        if let Some(c) = self.cells.get_mut(i as usize) {
            *c = cell;
        }
    }

    fn list_move(&mut self, color: Color, from: i32, to: i32) {
        let c = color as usize;
        let len = self.lens[c] as usize;
        if let Some(slot) = self.lists[c][..len].iter_mut().find(|s| **s as i32 == from) {
            *slot = to as u8;
        }
    }

    fn list_remove(&mut self, color: Color, at: i32) {
        let c = color as usize;
        let len = self.lens[c] as usize;
        if let Some(pos) = self.lists[c][..len].iter().position(|&s| s as i32 == at) {
            self.lists[c][pos] = self.lists[c][len - 1];
            self.lens[c] -= 1;
        }
    }

    /// The position after `m`, which must be legal here (see [`Position::play`]).
    #[must_use]
    pub fn play(&self, m: Move) -> Mailbox<L> {
        let mut b = *self;
        let us = self.side;
        let them = !us;
        let (from_sq, to_sq) = (m.from(), m.to());
        let (from, to) = (L::index(from_sq), L::index(to_sq));
        let Some((_, piece)) = decode(self.cell(from)) else {
            return b;
        };
        b.ep = None;
        match m.kind() {
            MoveKind::Castling => {
                let side = m.castle_side();
                let rank = from_sq.rank();
                let king_to = L::index(Square::from_coords(side.king_to(), rank));
                let rook_to = L::index(Square::from_coords(side.rook_to(), rank));
                b.set_cell(from, EMPTY);
                b.set_cell(to, EMPTY);
                b.set_cell(king_to, code(us, Piece::King));
                b.set_cell(rook_to, code(us, Piece::Rook));
                // Find both entries first: the king may land where the rook stood.
                let c = us as usize;
                let len = b.lens[c] as usize;
                let slot = |at: i32| b.lists[c][..len].iter().position(|&s| s as i32 == at);
                let (king_slot, rook_slot) = (slot(from), slot(to));
                if let (Some(k), Some(r)) = (king_slot, rook_slot) {
                    b.lists[c][k] = king_to as u8;
                    b.lists[c][r] = rook_to as u8;
                }
                b.kings[us as usize] = king_to;
            }
            kind => {
                let captured = if kind == MoveKind::EnPassant {
                    L::index(Square::from_coords(to_sq.file(), from_sq.rank()))
                } else {
                    to
                };
                if decode(self.cell(captured)).is_some() {
                    b.list_remove(them, captured);
                    b.set_cell(captured, EMPTY);
                }
                let placed = match kind {
                    MoveKind::Promotion(p) => p,
                    _ => piece,
                };
                b.set_cell(from, EMPTY);
                b.set_cell(to, code(us, placed));
                b.list_move(us, from, to);
                if piece == Piece::King {
                    b.kings[us as usize] = to;
                }
                if piece == Piece::Pawn && (to - from).abs() == 2 * L::WIDTH {
                    b.ep = Square::new((from_sq as u8 + to_sq as u8) / 2);
                }
            }
        }
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(rook) = b.castling.rook(color, side) {
                    let king_moved = color == us && piece == Piece::King;
                    if king_moved || rook == from_sq || rook == to_sq {
                        b.castling.set(color, side, None);
                    }
                }
            }
        }
        b.side = them;
        b
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }
}

/// Perft on a mailbox board: generation, copy-make and bulk counting all on the array.
pub(crate) fn count<L: Layout>(mb: &Mailbox<L>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = mb.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| count(&mb.play(m), depth - 1)).sum()
}

/// Perft on a mailbox board.
#[deprecated(
    since = "0.2.0",
    note = "use `perft::Perft::new(depth).generator(Generator::Mailbox16x12)` (or another mailbox)"
)]
pub fn perft<L: Layout>(mb: &Mailbox<L>, depth: u32) -> u64 {
    count(mb, depth)
}
