//! The legal moves of a position as a value: what [`Position::legal_moves`] returns.
//!
//! The moves are kept as the generator makes them, as [`MoveSet`]s (one piece's moves,
//! or the pawns' moves in one direction), not one by one: making the list costs a store
//! per set rather than per move, [`LegalMoves::len`] was counted while the sets were
//! stored, and iterating expands the sets. Listing the moves one by one made a perft
//! written with `legal_moves()` spend most of its time writing moves that the last ply
//! only counts. For a slice of moves to sort or index, collect them into a
//! [`MoveList`].

use core::fmt;
use core::mem::MaybeUninit;

use super::isa::hot;
use super::moveset::{MoveSet, MoveSetIter};
use super::piecewise::Visitor;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveList};
use crate::color::Color;
use crate::direction::{Direction, KnightDirection};
use crate::masks;
use crate::piece::Piece;
use crate::position::{Board, Position};
use crate::sliders::{Fastest, Slider};
use crate::square::Square;

/// Room for the sets of single pieces, in the order the generator makes them: the king's,
/// its castling moves (one set per rook), then every other piece's. Enough for every
/// position with at most 16 pieces a side (the king, two castling moves and 15 pieces),
/// which is every position of a game. The pieces of richer positions (unreachable ones,
/// which rayscan accepts with a warning) share sixteen sets by direction instead.
const SLOTS: usize = 18;

/// The pawn sets, in the generator's order: promotions by capture towards the a-file,
/// towards the h-file and by push, then the same without promotion, then double pushes.
const PAWN_SETS: usize = 7;

/// Every legal move of a position, as [`MoveSet`]s: [`Position::legal_moves`].
///
/// Reads like a list: [`len`](LegalMoves::len), [`is_empty`](LegalMoves::is_empty),
/// [`iter`](LegalMoves::iter), [`contains`](LegalMoves::contains), [`get`](LegalMoves::get),
/// `for m in moves`. The length costs nothing (it was counted as the moves were
/// generated), and the moves are expanded from their sets as they are iterated, in the
/// generator's order. To sort or index them, collect them into a [`MoveList`], a slice.
///
/// It is small (a few hundred bytes, whatever the position) because it is returned by
/// value at every node of a search: a list with room for every move took a 1 KiB copy at
/// every node, a fifth of the time of a perft written with `legal_moves()`.
///
/// ```
/// use rayscan::{Move, MoveList, Position};
/// let p = Position::startpos();
/// let moves = p.legal_moves();
/// assert_eq!(moves.len(), 20);
/// let e4: Move = "e2e4".parse().unwrap();
/// assert!(moves.contains(&e4));
/// for m in &moves {
///     assert_eq!(p.play(m).side_to_move(), !p.side_to_move());
/// }
/// // A slice, to order the moves: captures first, say.
/// let mut list = MoveList::from(&moves);
/// list.sort_by_key(|m| p.piece_at(m.to()).is_none());
/// assert_eq!(list.len(), 20);
/// ```
#[derive(Clone)]
pub struct LegalMoves {
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
    /// The number of moves.
    len: u32,
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
            let back = masks::ray(d.opposite(), to) & self.occupied;
            let from = if d.opposite().is_positive() {
                back.first()
            } else {
                back.last()
            }?;
            let beyond = masks::ray(d, from) & self.occupied;
            let blocker = if d.is_positive() {
                beyond.first()
            } else {
                beyond.last()
            };
            let reach = match blocker {
                Some(b) => masks::ray(d, from) ^ masks::ray(d, b),
                None => masks::ray(d, from),
            };
            let set = self.slides[i] & reach;
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

impl LegalMoves {
    /// No moves: a list to fill for `side`.
    #[inline(always)]
    fn empty(side: Color) -> LegalMoves {
        LegalMoves {
            to: [const { MaybeUninit::uninit() }; SLOTS],
            from: [const { MaybeUninit::uninit() }; SLOTS],
            piece: [const { MaybeUninit::uninit() }; SLOTS],
            slots: 0,
            castling: 0,
            side,
            pawns: [Bitboard::EMPTY; PAWN_SETS],
            ep_from: Bitboard::EMPTY,
            ep_to: Square::A1,
            overflow: None,
            len: 0,
        }
    }

    /// The number of moves (promotions count four: one per piece).
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no legal move: checkmate or stalemate.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as the generator made them: one [`MoveSet`] per piece, or per pawn
    /// direction, none empty.
    ///
    /// ```
    /// use rayscan::{Piece, Position};
    /// let moves = Position::startpos().legal_moves();
    /// let knights: usize = moves.sets().filter(|s| s.piece() == Piece::Knight).map(|s| s.len()).sum();
    /// assert_eq!(knights, 4);
    /// ```
    #[inline]
    pub fn sets(&self) -> Sets<'_> {
        Sets {
            moves: self,
            cursor: Cursor::START,
        }
    }

    /// Iterates the moves, in the generator's order: set by set, each set's targets in
    /// square order, each promotion queen first.
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            sets: self.sets(),
            current: MoveSet::EMPTY.into_iter(),
            left: self.len(),
        }
    }

    /// The move at `index` in the order of [`LegalMoves::iter`], found set by set: a
    /// random move for a playout, say.
    ///
    /// ```
    /// use rayscan::Position;
    /// let moves = Position::startpos().legal_moves();
    /// assert_eq!(moves.get(0), moves.iter().next());
    /// assert_eq!(moves.get(19), moves.iter().last());
    /// assert_eq!(moves.get(20), None);
    /// ```
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        let mut index = index;
        for set in self.sets() {
            let n = set.len();
            if index < n {
                return set.into_iter().nth(index);
            }
            index -= n;
        }
        None
    }

    /// Whether `m` is one of the moves (the slice method's signature).
    ///
    /// ```
    /// use rayscan::{Move, Position};
    /// let moves = Position::startpos().legal_moves();
    /// let m: Move = "g1f3".parse().unwrap();
    /// assert!(moves.contains(&m));
    /// assert!(!moves.contains(&"e2e5".parse().unwrap()));
    /// ```
    #[inline]
    pub fn contains(&self, m: &Move) -> bool {
        self.sets().any(|set| set.contains(m))
    }
}

impl fmt::Debug for LegalMoves {
    /// The moves, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for LegalMoves {
    /// The same moves in the same order.
    fn eq(&self, other: &LegalMoves) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for LegalMoves {}

/// Where an iteration over the sets of a [`LegalMoves`] stands.
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
    fn next(&mut self, moves: &LegalMoves) -> Option<MoveSet> {
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

impl LegalMoves {
    /// The set in slot `i` (below `slots`).
    #[inline(always)]
    fn slot(&self, i: usize) -> MoveSet {
        // SAFETY: slots below `self.slots` were written by `Collect::piece` or
        // `Collect::castling`, all three arrays at once, before `slots` counted them.
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

/// The sets of a [`LegalMoves`] ([`LegalMoves::sets`]).
#[derive(Clone, Debug)]
pub struct Sets<'a> {
    moves: &'a LegalMoves,
    cursor: Cursor,
}

impl Iterator for Sets<'_> {
    type Item = MoveSet;

    #[inline]
    fn next(&mut self) -> Option<MoveSet> {
        self.cursor.next(self.moves)
    }
}

impl core::iter::FusedIterator for Sets<'_> {}

/// The moves of a [`LegalMoves`], by reference ([`LegalMoves::iter`]).
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    sets: Sets<'a>,
    current: MoveSetIter,
    left: usize,
}

impl Iterator for Iter<'_> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        loop {
            if let Some(m) = self.current.next() {
                self.left -= 1;
                return Some(m);
            }
            self.current = self.sets.next()?.into_iter();
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }

    /// Set by set, with one loop that calls `f` in one place (so that it can be
    /// inlined there): what `for`, `sum` and `map` run.
    #[inline]
    fn fold<B, F: FnMut(B, Move) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        loop {
            for m in &mut self.current {
                acc = f(acc, m);
            }
            match self.sets.next() {
                Some(set) => self.current = set.into_iter(),
                None => return acc,
            }
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl core::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a LegalMoves {
    type Item = Move;
    type IntoIter = Iter<'a>;

    #[inline]
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The moves of a [`LegalMoves`], by value (its `IntoIterator`).
#[derive(Clone, Debug)]
pub struct IntoIter {
    moves: LegalMoves,
    cursor: Cursor,
    current: MoveSetIter,
    left: usize,
}

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        loop {
            if let Some(m) = self.current.next() {
                self.left -= 1;
                return Some(m);
            }
            self.current = self.cursor.next(&self.moves)?.into_iter();
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }

    #[inline]
    fn fold<B, F: FnMut(B, Move) -> B>(self, init: B, f: F) -> B {
        self.fold_moves(init, f)
    }
}

impl IntoIter {
    /// [`Iterator::fold`], as [`Iter`]'s.
    #[inline]
    fn fold_moves<B, F: FnMut(B, Move) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        loop {
            for m in &mut self.current {
                acc = f(acc, m);
            }
            match self.cursor.next(&self.moves) {
                Some(set) => self.current = set.into_iter(),
                None => return acc,
            }
        }
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}

impl IntoIterator for LegalMoves {
    type Item = Move;
    type IntoIter = IntoIter;

    /// The moves by value, for `for m in position.legal_moves()`.
    ///
    /// ```
    /// use rayscan::{Move, Position};
    /// let moves: Vec<Move> = Position::startpos().legal_moves().into_iter().collect();
    /// assert_eq!(moves.len(), 20);
    /// ```
    #[inline]
    fn into_iter(self) -> IntoIter {
        let left = self.len();
        IntoIter {
            moves: self,
            cursor: Cursor::START,
            current: MoveSet::EMPTY.into_iter(),
            left,
        }
    }
}

impl From<&LegalMoves> for MoveList {
    /// The moves as a slice, to sort or index.
    #[inline]
    fn from(moves: &LegalMoves) -> MoveList {
        moves.iter().collect()
    }
}

impl From<LegalMoves> for MoveList {
    #[inline]
    fn from(moves: LegalMoves) -> MoveList {
        MoveList::from(&moves)
    }
}

/// Stores the generator's sets into a [`LegalMoves`], counting in fields of its own that
/// are written back once ([`Collect::finish`]): counting through the list's fields made
/// each store wait for the one before.
struct Collect<'a> {
    moves: &'a mut LegalMoves,
    board: &'a Board,
    slots: usize,
    castling: u32,
    len: u32,
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
        self.len += to.len();
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
        self.moves.len = self.len;
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
        self.len += to.len();
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, _: i32) {
        self.moves.pawns[6] = to;
        self.len += to.len();
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        self.moves.pawns[pawn_set(0, back)] = to;
        self.len += 4 * to.len();
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.moves.ep_from.insert(from);
        self.moves.ep_to = to;
        self.len += 1;
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.slot(Piece::King, king, rook.into(), true);
    }
}

/// Fills `moves` (empty, for the side to move) with the legal moves of `pos`, using
/// technique `S`.
#[inline(always)]
pub(crate) fn collect_position<S: Slider>(pos: &Position, moves: &mut LegalMoves) {
    let mut collect = Collect {
        moves,
        board: pos.board(),
        slots: 0,
        castling: 0,
        len: 0,
    };
    super::piecewise::enumerate_position::<S, _>(pos, &mut collect);
    collect.finish();
}

impl Position {
    /// Every legal move, using the fastest slider technique.
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
    pub fn legal_moves(&self) -> LegalMoves {
        self.legal_moves_with::<Fastest>()
    }

    /// Every legal move, using slider technique `S` (monomorphized).
    #[inline]
    pub fn legal_moves_with<S: Slider>(&self) -> LegalMoves {
        let mut moves = LegalMoves::empty(self.side_to_move());
        hot::collect::<S>(self, &mut moves);
        moves
    }
}
