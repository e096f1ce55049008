//! The legal moves of a position as a value: what [`Position::legal_moves`] returns.
//!
//! [`LegalMoves`] is the position, and nothing is done until it is asked: `len` counts
//! the moves as perft's last ply counts them (a population count per set, nothing
//! stored), and the moves are generated when they are iterated, into a [`MoveList`]
//! inside the iterator, filled where it stands. A list returned by value had to be
//! copied out of the function that filled it (Rust builds no value in place), and
//! reading the copy back waited for the writes that filled it: a fifth of the time of a
//! perft written with `legal_moves()`. [`LegalMoves::sets`] hands out the generator's
//! [`MoveSet`]s from a buffer of its own. For a slice of moves to sort or index, collect
//! them into a [`MoveList`].

use core::fmt;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use super::entry::{Entry, Hot};
use super::moveset::MoveSet;
use super::piecewise::Visitor;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveList};
use crate::color::Color;
use crate::direction::{Direction, KnightDirection};
use crate::masks;
use crate::piece::Piece;
use crate::position::{Board, Position};
use crate::sliders::{Classical, Fastest, RayWise, Slider};
use crate::square::Square;

/// Every legal move of a position: [`Position::legal_moves`].
///
/// Reads like a list: [`len`](LegalMoves::len), [`is_empty`](LegalMoves::is_empty),
/// [`iter`](LegalMoves::iter), [`contains`](LegalMoves::contains), [`get`](LegalMoves::get),
/// [`sets`](LegalMoves::sets), `for m in moves`. It borrows the position, one word, `Copy`,
/// and does nothing until asked. What each costs, so that no loop does the work twice:
/// - iterating generates the moves once, in the generator's order (set by set, each set's
///   targets in square order, each promotion queen first);
/// - [`len`](LegalMoves::len) and [`is_empty`](LegalMoves::is_empty) count them (a
///   population count per set, as perft's last ply, no move made), on
///   every call;
/// - [`contains`](LegalMoves::contains) generates until it finds the move;
/// - to sort, index or read the length of what is iterated, collect the moves once into
///   a [`MoveList`], a slice, whose `len` costs nothing.
///
/// # Examples
///
/// ```
/// use rayscan::{Move, MoveKind, MoveList, Position, Square};
/// let p = Position::startpos();
/// let moves = p.legal_moves();
/// assert_eq!(moves.len(), 20);
/// let e4 = Move::new(Square::E2, Square::E4, MoveKind::Normal);
/// assert!(moves.contains(&e4));
/// for m in moves {
///     assert_eq!(p.play(m).side_to_move(), !p.side_to_move());
/// }
/// // A slice, to order the moves: captures first, say.
/// let mut list = MoveList::from(moves);
/// list.sort_by_key(|m| p.piece_at(m.to()).is_none());
/// assert_eq!(list.len(), 20);
/// ```
pub struct LegalMoves<'a, S = Fastest> {
    position: &'a Position,
    technique: PhantomData<S>,
}

impl<S> Clone for LegalMoves<'_, S> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for LegalMoves<'_, S> {}

impl<'a, S: Slider> LegalMoves<'a, S> {
    /// The legal moves of `position`, not yet generated.
    #[inline]
    fn of(position: &'a Position) -> Self {
        LegalMoves {
            position,
            technique: PhantomData,
        }
    }

    /// The position whose moves these are.
    #[inline]
    pub fn position(&self) -> &'a Position {
        self.position
    }

    /// The number of moves (promotions count four: one per piece), counted on each call
    /// without generating a move: a population count per set, as perft's last ply.
    #[inline]
    pub fn len(&self) -> usize {
        Hot::count::<S>(self.position) as usize
    }

    /// Whether there is no legal move: checkmate or stalemate. Counts, as
    /// [`len`](LegalMoves::len).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves as the generator makes them: one [`MoveSet`] per piece, or per pawn
    /// direction, none empty. In the order of [`LegalMoves::iter`], unless the side to
    /// move has more than 16 pieces besides its pawns, its king counted (no game reaches
    /// that): past the sixteenth, pieces share sets by direction.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Piece, Position};
    /// let p = Position::startpos();
    /// let moves = p.legal_moves();
    /// let knights: usize = moves.sets().filter(|s| s.piece() == Piece::Knight).map(|s| s.len()).sum();
    /// assert_eq!(knights, 4);
    /// ```
    #[inline]
    pub fn sets(&self) -> Sets<'a, S> {
        Sets {
            position: self.position,
            buffer: None,
            cursor: Cursor::START,
            technique: PhantomData,
        }
    }

    /// Iterates the moves, in the generator's order.
    #[inline]
    pub fn iter(&self) -> Iter<'a, S> {
        Iter {
            position: self.position,
            moves: MoveList::new(),
            next: 0,
            generated: false,
            technique: PhantomData,
        }
    }

    /// The move at `index` in the order of [`LegalMoves::iter`], found set by set: a
    /// random move for a playout, say.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p = Position::startpos();
    /// let moves = p.legal_moves();
    /// assert_eq!(moves.get(0), moves.iter().next());
    /// assert_eq!(moves.get(19), moves.iter().last());
    /// assert_eq!(moves.get(20), None);
    /// ```
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        let mut index = index;
        let mut found = None;
        self.position.generate_moves_with::<S>(|set| {
            let n = set.len();
            if index < n {
                found = set.into_iter().nth(index);
                return true;
            }
            index -= n;
            false
        });
        found
    }

    /// Whether `m` is one of the moves (the slice method's signature).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveKind, Position, Square};
    /// let p = Position::startpos();
    /// let moves = p.legal_moves();
    /// assert!(moves.contains(&Move::new(Square::G1, Square::F3, MoveKind::Normal)));
    /// assert!(!moves.contains(&Move::new(Square::E2, Square::E5, MoveKind::Normal)));
    /// ```
    #[inline]
    pub fn contains(&self, m: &Move) -> bool {
        self.position
            .generate_moves_with::<S>(|set| set.contains(m))
    }
}

impl<S: Slider> fmt::Debug for LegalMoves<'_, S> {
    /// The moves, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<S: Slider> PartialEq for LegalMoves<'_, S> {
    /// The same moves in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<S: Slider> Eq for LegalMoves<'_, S> {}

/// Room for the sets of single pieces, in the order the generator makes them: the king's,
/// its castling moves (one set per rook), then every other piece's. Enough for every
/// position with at most 16 pieces a side (the king, two castling moves and 15 pieces),
/// which is every position of a game. The pieces of richer positions (unreachable ones,
/// which rayscan accepts with a warning) share sixteen sets by direction instead.
const SLOTS: usize = 18;

/// The pawn sets, in the generator's order: promotions by capture towards the a-file,
/// towards the h-file and by push, then the same without promotion, then double pushes.
const PAWN_SETS: usize = 7;

/// The generator's sets of one position, stored for [`LegalMoves::sets`], which hands
/// them out one at a time: a few hundred bytes, whatever the position.
#[derive(Clone, Debug)]
pub(crate) struct SetBuffer {
    /// The single pieces' sets: the first `slots` of each array hold one set each, none
    /// empty; the rest are uninitialized.
    to: [MaybeUninit<Bitboard>; SLOTS],
    from: [MaybeUninit<Square>; SLOTS],
    piece: [MaybeUninit<Piece>; SLOTS],
    slots: u8,
    /// The slots that hold a castling move (the king onto the rook of `to`).
    castling: u32,
    /// The side to move, whose pawns' direction gives each pawn set's sources.
    side: Color,
    /// The pawn sets ([`PAWN_SETS`]), empty where there is no such move.
    pawns: [Bitboard; PAWN_SETS],
    /// The pawns that capture en passant, onto `ep_to`.
    ep_from: Bitboard,
    ep_to: Square,
    /// The pieces that found no slot, if any: see [`Overflow`].
    overflow: Option<Overflow>,
}

impl SetBuffer {
    /// The sets of `position`, generated with technique `S` into `buffer` where it
    /// stands: built and then moved, the buffer was copied twice (400 bytes each time).
    #[inline]
    fn fill<'b, S: Slider>(
        buffer: &'b mut Option<SetBuffer>,
        position: &Position,
    ) -> &'b SetBuffer {
        let buffer = buffer.insert(SetBuffer {
            to: [const { MaybeUninit::uninit() }; SLOTS],
            from: [const { MaybeUninit::uninit() }; SLOTS],
            piece: [const { MaybeUninit::uninit() }; SLOTS],
            slots: 0,
            castling: 0,
            side: position.side_to_move(),
            pawns: [Bitboard::EMPTY; PAWN_SETS],
            ep_from: Bitboard::EMPTY,
            ep_to: Square::A1,
            overflow: None,
        });
        let collect = Collect {
            moves: buffer,
            board: position.board(),
            slots: 0,
            castling: 0,
        };
        Hot::visit::<S, _>(position, collect).finish();
        buffer
    }
}

/// The moves of the pieces past the [`SLOTS`]th, by direction: every slider's moves that
/// go north in one set, and so on, and every knight's jumps north-north-east in one set.
/// Each target's source is found again when iterating: for a jump, the square one jump
/// back; for a slide, the first occupied square back along the direction, since a piece
/// slides only over empty squares. Only positions no game reaches need it.
#[derive(Clone, Copy, Debug)]
struct Overflow {
    slides: [Bitboard; 8],
    jumps: [Bitboard; 8],
    occupied: Bitboard,
    /// To name a slider's piece: kings and queens; the rest are rooks on files and
    /// ranks, bishops on diagonals.
    kings: Bitboard,
    queens: Bitboard,
}

impl Overflow {
    /// The sets of the first slider or knight left in the direction sets, removed from
    /// them, or `None` when they are empty.
    fn take(&mut self) -> Option<MoveSet> {
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            let Some(to) = self.slides[i].first() else {
                continue;
            };
            // The first blocker back from `to` is the source; its moves this way end
            // at the first blocker beyond it: the classical ray attacks, both.
            let from = (Classical::ray_attacks(d.opposite(), to, self.occupied) & self.occupied)
                .first()?;
            let set = self.slides[i] & Classical::ray_attacks(d, from, self.occupied);
            self.slides[i] -= set;
            let piece = if self.kings.contains(from) {
                Piece::King
            } else if self.queens.contains(from) {
                Piece::Queen
            } else if d.is_orthogonal() {
                Piece::Rook
            } else {
                Piece::Bishop
            };
            return Some(MoveSet::of_piece(piece, from, set));
        }
        for (i, k) in KnightDirection::ALL.into_iter().enumerate() {
            if !self.jumps[i].is_empty() {
                let set = core::mem::take(&mut self.jumps[i]);
                return Some(MoveSet::jumps(set, i32::from(k.offset())));
            }
        }
        None
    }
}

/// Where an iteration over the sets of a [`SetBuffer`] stands.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    /// 0: the single pieces' slots; 1: the overflow; 2: the pawn sets; 3: en passant.
    stage: u8,
    /// The next slot or pawn set.
    index: u8,
    /// What is left of the overflow, or of the en passant captures.
    overflow: Option<Overflow>,
    ep_left: Bitboard,
}

impl Cursor {
    const START: Cursor = Cursor {
        stage: 0,
        index: 0,
        overflow: None,
        ep_left: Bitboard::EMPTY,
    };

    /// The next set of `moves`.
    #[inline]
    fn next(&mut self, moves: &SetBuffer) -> Option<MoveSet> {
        loop {
            match self.stage {
                0 => {
                    let i = usize::from(self.index);
                    if i < usize::from(moves.slots).min(SLOTS) {
                        self.index += 1;
                        return Some(moves.slot(i));
                    }
                    self.stage = 1;
                    self.overflow = moves.overflow;
                }
                1 => {
                    if let Some(set) = self.overflow.as_mut().and_then(Overflow::take) {
                        return Some(set);
                    }
                    self.stage = 2;
                    self.index = 0;
                }
                2 => {
                    let i = usize::from(self.index);
                    let Some(&to) = moves.pawns.get(i) else {
                        self.stage = 3;
                        self.ep_left = moves.ep_from;
                        continue;
                    };
                    self.index += 1;
                    if !to.is_empty() {
                        let back = pawn_back(moves.side, i);
                        return Some(if i < 3 {
                            MoveSet::promotions(to, back)
                        } else {
                            MoveSet::pawns(to, back)
                        });
                    }
                }
                _ => {
                    let from = self.ep_left.first()?;
                    self.ep_left.remove(from);
                    return Some(MoveSet::en_passant(from, moves.ep_to));
                }
            }
        }
    }
}

/// How many square indices behind its target each pawn of pawn set `i` stands.
#[inline(always)]
fn pawn_back(side: Color, i: usize) -> i32 {
    let up = match side {
        Color::White => 8,
        Color::Black => -8,
    };
    match i {
        0 | 3 => up - 1,
        1 | 4 => up + 1,
        2 | 5 => up,
        _ => 2 * up,
    }
}

/// The pawn set that the generator's set with pawns `back` square indices behind their
/// targets goes to: the first of its three (`first` = 0 for promotions, 3 for the others).
#[inline(always)]
fn pawn_set(first: usize, back: i32) -> usize {
    // |back| is 7, 8 or 9; captures towards the a-file are 7 for white and 9 for black.
    let up = if back > 0 { 8 } else { -8 };
    first
        + match back - up {
            -1 => 0,
            1 => 1,
            _ => 2,
        }
}

impl SetBuffer {
    /// The set in slot `i` (below `slots`).
    #[inline(always)]
    fn slot(&self, i: usize) -> MoveSet {
        // SAFETY: slots below `self.slots` were written by `Collect::slot`, all three
        // arrays at once, before `slots` counted them.
        let (to, from, piece) = unsafe {
            (
                self.to[i].assume_init(),
                self.from[i].assume_init(),
                self.piece[i].assume_init(),
            )
        };
        if self.castling & (1 << i) != 0 {
            MoveSet::castling(from, to.first().unwrap_or(from))
        } else {
            MoveSet::of_piece(piece, from, to)
        }
    }
}

/// The sets of a [`LegalMoves`] ([`LegalMoves::sets`]), generated into a buffer inside the
/// iterator when the first is asked for.
#[derive(Clone, Debug)]
pub struct Sets<'a, S = Fastest> {
    position: &'a Position,
    buffer: Option<SetBuffer>,
    cursor: Cursor,
    technique: PhantomData<S>,
}

impl<S: Slider> Iterator for Sets<'_, S> {
    type Item = MoveSet;

    #[inline]
    fn next(&mut self) -> Option<MoveSet> {
        let buffer = match &self.buffer {
            Some(buffer) => buffer,
            None => SetBuffer::fill::<S>(&mut self.buffer, self.position),
        };
        self.cursor.next(buffer)
    }
}

impl<S: Slider> core::iter::FusedIterator for Sets<'_, S> {}

/// The moves of a [`LegalMoves`] ([`LegalMoves::iter`], and its `IntoIterator`): listed
/// into a [`MoveList`] inside the iterator at the first `next`, then read one by one.
///
/// A move read from a list is one load, and the loop an engine writes around it,
/// `for m in position.legal_moves()`, stays small. Handed out set by set from the
/// generator's sets, as [`LegalMoves::sets`] gives them, the iteration cost more per move.
/// The list has room for any position's moves
/// ([`crate::chess_move::MAX_MOVES`]); only the slots written are touched. Where the CPU
/// has AVX-512 VBMI2, each set's moves are written at once by a compress instruction, in
/// any build (`movegen/listing.rs`).
#[derive(Clone, Debug)]
pub struct Iter<'a, S = Fastest> {
    position: &'a Position,
    moves: MoveList,
    /// The index of the next move in `moves`.
    next: usize,
    /// Whether `moves` holds the moves yet.
    generated: bool,
    technique: PhantomData<S>,
}

impl<S: Slider> Iter<'_, S> {
    /// The moves not handed out yet, listed first if they are not.
    #[cfg(not(target_feature = "avx2"))]
    #[inline]
    fn rest(&mut self) -> &[Move] {
        if !self.generated {
            self.generate();
        }
        self.moves.as_slice().get(self.next..).unwrap_or_default()
    }

    /// Lists the moves: once, out of the caller's loop.
    #[inline(never)]
    fn generate(&mut self) {
        Hot::generate::<S>(self.position, &mut self.moves);
        self.generated = true;
    }
}

impl<S: Slider> Iterator for Iter<'_, S> {
    type Item = Move;

    /// Without AVX2: the moves are listed if they are not, then the next is read.
    #[cfg(not(target_feature = "avx2"))]
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = *self.rest().first()?;
        self.next += 1;
        Some(m)
    }

    /// With AVX2: the next move is read, and only past the end of the list does the
    /// iterator ask whether the moves were listed. The same work in another order: the
    /// compiler lays out the caller's loop around the two differently, and each order is
    /// the faster one in its kind of build: this one with AVX2, the other without. What
    /// decides it is how LLVM compiles `play` inlined into the loop, not the iteration's
    /// work.
    #[cfg(target_feature = "avx2")]
    #[inline]
    fn next(&mut self) -> Option<Move> {
        loop {
            if let Some(&m) = self.moves.as_slice().get(self.next) {
                self.next += 1;
                return Some(m);
            }
            if self.generated {
                return None;
            }
            self.generate();
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // Before the moves are listed, counted by the counting generator (no move made).
        let left = if self.generated {
            self.moves.len().saturating_sub(self.next)
        } else {
            Hot::count::<S>(self.position) as usize
        };
        (left, Some(left))
    }

    /// The moves of the list in one loop: what `sum`, `map` and `for_each` run. Folding
    /// the slice `rest` returns instead was far slower.
    #[inline]
    fn fold<B, F: FnMut(B, Move) -> B>(mut self, init: B, mut f: F) -> B {
        if !self.generated {
            self.generate();
        }
        let mut acc = init;
        while let Some(&m) = self.moves.as_slice().get(self.next) {
            self.next += 1;
            acc = f(acc, m);
        }
        acc
    }
}

impl<S: Slider> ExactSizeIterator for Iter<'_, S> {}
impl<S: Slider> core::iter::FusedIterator for Iter<'_, S> {}

impl<'a, S: Slider> IntoIterator for LegalMoves<'a, S> {
    type Item = Move;
    type IntoIter = Iter<'a, S>;

    /// The moves, for `for m in position.legal_moves()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, Position};
    /// let moves: Vec<Move> = Position::startpos().legal_moves().into_iter().collect();
    /// assert_eq!(moves.len(), 20);
    /// ```
    #[inline]
    fn into_iter(self) -> Iter<'a, S> {
        self.iter()
    }
}

impl<'a, S: Slider> IntoIterator for &LegalMoves<'a, S> {
    type Item = Move;
    type IntoIter = Iter<'a, S>;

    #[inline]
    fn into_iter(self) -> Iter<'a, S> {
        self.iter()
    }
}

impl<S: Slider> From<LegalMoves<'_, S>> for MoveList {
    /// The moves as a slice, to sort or index.
    #[inline]
    fn from(moves: LegalMoves<'_, S>) -> MoveList {
        let mut list = MoveList::new();
        Hot::generate::<S>(moves.position, &mut list);
        list
    }
}

impl<S: Slider> From<&LegalMoves<'_, S>> for MoveList {
    #[inline]
    fn from(moves: &LegalMoves<'_, S>) -> MoveList {
        MoveList::from(*moves)
    }
}

/// Stores the generator's sets into a [`SetBuffer`], counting the slots in a field of its
/// own that is written back once ([`Collect::finish`]): counting through the buffer's
/// field made each store wait for the one before. [`SetBuffer::fill`] runs it.
struct Collect<'a> {
    moves: &'a mut SetBuffer,
    board: &'a Board,
    slots: usize,
    castling: u32,
}

impl Collect<'_> {
    /// Stores the set of the `piece` on `from` (or the castling move onto the rook of
    /// `to`) in the next slot, unless it is empty, or past the slots, in the overflow.
    #[inline(always)]
    fn slot(&mut self, piece: Piece, from: Square, to: Bitboard, castling: bool) {
        let i = self.slots;
        if i < SLOTS {
            // Written whether empty or not, and counted only if not: no branch.
            self.moves.to[i] = MaybeUninit::new(to);
            self.moves.from[i] = MaybeUninit::new(from);
            self.moves.piece[i] = MaybeUninit::new(piece);
            if castling {
                self.castling |= 1 << i;
            }
            self.slots += usize::from(!to.is_empty());
        } else {
            self.overflow(piece, from, to);
        }
    }

    /// Adds the moves of the `piece` on `from` to the overflow's direction sets. Never
    /// for castling: the king and its castling moves come first, in the first three slots.
    #[cold]
    #[inline(never)]
    fn overflow(&mut self, piece: Piece, from: Square, to: Bitboard) {
        let board = self.board;
        let us = board.by_color[self.moves.side as usize];
        let o = self.moves.overflow.get_or_insert(Overflow {
            slides: [Bitboard::EMPTY; 8],
            jumps: [Bitboard::EMPTY; 8],
            occupied: board.occupied(),
            kings: us & board.by_piece[Piece::King as usize],
            queens: us & board.by_piece[Piece::Queen as usize],
        });
        if piece == Piece::Knight {
            for (i, k) in KnightDirection::ALL.into_iter().enumerate() {
                o.jumps[i] |= k.shift(from.into()) & to;
            }
        } else {
            for (i, d) in Direction::ALL.into_iter().enumerate() {
                o.slides[i] |= masks::ray(d, from) & to;
            }
        }
    }

    #[inline(always)]
    fn finish(self) {
        self.moves.slots = self.slots as u8;
        self.moves.castling = self.castling;
    }
}

impl Visitor for Collect<'_> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.slot(Piece::ALL[P], from, to, false);
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        self.moves.pawns[pawn_set(3, back)] = to;
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, _: i32) {
        self.moves.pawns[6] = to;
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        self.moves.pawns[pawn_set(0, back)] = to;
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.moves.ep_from.insert(from);
        self.moves.ep_to = to;
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.slot(Piece::King, king, rook.into(), true);
    }
}

impl Position {
    /// Every legal move, using the fastest slider technique: the position and the number
    /// of its moves, which are generated when iterated ([`LegalMoves`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p = Position::startpos();
    /// let mut children = 0;
    /// for m in p.legal_moves() {
    ///     children += p.play(m).legal_moves().len();
    /// }
    /// assert_eq!(children, 400);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> LegalMoves<'_> {
        LegalMoves::of(self)
    }

    /// Every legal move, using slider technique `S` (monomorphized), when counted and
    /// when iterated.
    #[inline]
    pub fn legal_moves_with<S: Slider>(&self) -> LegalMoves<'_, S> {
        LegalMoves::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `next` in the order this build compiles (see [`Iter::next`]): every move once, in
    /// the list's order, then `None` for good; nothing at all where there is no move.
    #[test]
    fn iteration_ends_once_and_stays_ended() {
        // Each position with its number of moves (the perft suites' first ply).
        let fens = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                20,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                48,
            ),
            // Checkmate and stalemate: no move to hand out.
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                0,
            ),
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0),
        ];
        for (fen, moves) in fens {
            let p: Position = fen.parse().expect("a valid FEN");
            let listed = MoveList::from(p.legal_moves());
            assert_eq!(listed.len(), moves, "{fen}");
            let mut iter = p.legal_moves().iter();
            assert_eq!(
                iter.size_hint(),
                (listed.len(), Some(listed.len())),
                "{fen}"
            );
            for (i, &m) in listed.iter().enumerate() {
                assert_eq!(iter.next(), Some(m), "{fen}: move {i}");
                assert_eq!(iter.len(), listed.len() - i - 1, "{fen}");
            }
            for _ in 0..3 {
                assert_eq!(iter.next(), None, "{fen}");
            }
            assert_eq!(iter.size_hint(), (0, Some(0)), "{fen}");
        }
    }
}
