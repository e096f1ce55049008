//! Moves: 16 bits (from, to, kind), a list that cannot overflow, and UCI text.
//!
//! Castling is stored as *king takes own rook* (`from` = king, `to` = castling rook), which
//! is unambiguous in Chess960. It is printed in UCI as the king's two-square step (`e1g1`)
//! in standard chess and as king-to-rook (`e1h1`) in Chess960.

use core::fmt;
use core::mem::MaybeUninit;

use crate::castle_side::CastleSide;
use crate::parse_error::Snippet;
use crate::piece::Piece;
use crate::square::Square;

/// What kind of move: needed where from and to alone do not tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the others (captures and double pushes included).
    Normal,
    /// A pawn capturing en passant; `to` is the en-passant square.
    EnPassant,
    /// Castling, stored as the king moving onto its own castling rook.
    Castling,
    /// A pawn promoting to the given piece (knight, bishop, rook or queen).
    Promotion(Piece),
}

impl MoveKind {
    /// Every kind, each promotion piece apart: what a move's 16 bits can say.
    pub const ALL: [MoveKind; 7] = [
        MoveKind::Normal,
        MoveKind::EnPassant,
        MoveKind::Castling,
        MoveKind::Promotion(Piece::Knight),
        MoveKind::Promotion(Piece::Bishop),
        MoveKind::Promotion(Piece::Rook),
        MoveKind::Promotion(Piece::Queen),
    ];
}

/// A move in 16 bits: from (6), to (6), kind (4).
///
/// The bits are stored as two bytes, low byte first, not as a `u16`. An engine sorts its
/// moves as pairs of a score and a move, and the standard library's sort moves such a
/// pair as one word when the move is a byte array, but field by field, with twice the
/// code, when it is a `u16`; as bytes, a position's moves keyed by `u32` sort as fast as
/// cozy-chess's (`cargo bench -p rayscan-bench --features measure --bench search_parts` compares them).
///
/// # Examples
///
/// ```
/// use rayscan::chess_move::{Move, MoveKind};
/// use rayscan::{Piece, Square};
/// let m = Move::new(Square::E7, Square::E8, MoveKind::Promotion(Piece::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// assert_eq!(core::mem::align_of::<Move>(), 1);
/// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
/// assert_eq!(castle.to_string(), "e1g1");
/// assert_eq!(castle.uci(true).to_string(), "e1h1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Move([u8; 2]);

/// Hashed as its 16 bits, as a `u16` is.
impl core::hash::Hash for Move {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.bits().hash(state);
    }
}

impl PartialOrd for Move {
    #[inline]
    fn partial_cmp(&self, other: &Move) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    #[inline]
    fn cmp(&self, other: &Move) -> core::cmp::Ordering {
        self.bits().cmp(&other.bits())
    }
}

const EP: u16 = 1;
const CASTLE: u16 = 2;
const PROMO: u16 = 4;

impl Move {
    /// The null value, used to fill empty list slots; never a legal move. It prints as
    /// UCI's null move, `0000`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::chess_move::Move;
    /// assert_eq!(Move::NULL.to_string(), "0000");
    /// ```
    pub const NULL: Move = Move([0; 2]);

    /// The kind bits ([`Move::kind_bits`]) of en passant and castling, and the bit every
    /// promotion has (besides two bits of its piece, which overlap the other two).
    pub(crate) const EN_PASSANT_BITS: u16 = EP << 12;
    pub(crate) const CASTLING_BITS: u16 = CASTLE << 12;
    pub(crate) const PROMOTION_BITS: u16 = PROMO << 12;

    /// A move from its squares and its kind bits (as [`Move::kind_bits`] gives them).
    #[inline(always)]
    pub(crate) const fn from_parts(from: Square, to: Square, kind_bits: u16) -> Move {
        Move::from_bits(from as u16 | (to as u16) << 6 | kind_bits)
    }

    /// The move whose 16 bits are `bits` (as [`Move::bits`] gives them).
    #[inline(always)]
    pub(crate) const fn from_bits(bits: u16) -> Move {
        Move(bits.to_le_bytes())
    }

    /// The bits of the kind, in place: 0 for a normal move.
    #[inline(always)]
    pub(crate) const fn kind_bits(self) -> u16 {
        self.bits() & 0xf000
    }

    /// The promoted piece's index (`Piece as usize`) if the move promotes (stored as
    /// knight 1, bishop 2, rook 3, queen 0), else anything.
    #[inline(always)]
    pub(crate) const fn promotion_index(self) -> usize {
        (((self.bits() >> 12) + 3) & 3) as usize + 1
    }

    /// A move from `from` to `to` of the given kind.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => 0,
            MoveKind::EnPassant => EP,
            MoveKind::Castling => CASTLE,
            MoveKind::Promotion(p) => PROMO | (p as u16 & 3),
        };
        Move::from_parts(from, to, k << 12)
    }

    /// The square the moving piece leaves (the king's, for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.bits() as u32)
    }

    /// The destination (the castling rook's square, for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.bits() >> 6) as u32)
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        let k = self.bits() >> 12;
        if k & PROMO != 0 {
            // Knight = 1, bishop = 2, rook = 3, queen = 4 is stored modulo 4.
            MoveKind::Promotion(match k & 3 {
                1 => Piece::Knight,
                2 => Piece::Bishop,
                3 => Piece::Rook,
                _ => Piece::Queen,
            })
        } else if k == EP {
            MoveKind::EnPassant
        } else if k == CASTLE {
            MoveKind::Castling
        } else {
            MoveKind::Normal
        }
    }

    /// The promotion piece, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Piece> {
        match self.kind() {
            MoveKind::Promotion(p) => Some(p),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castling(self) -> bool {
        self.bits() >> 12 == CASTLE
    }

    /// Whether this is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.bits() >> 12 == EP
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        u16::from_le_bytes(self.0)
    }

    /// For castling (king takes own rook), which side: king side when the rook stands on
    /// a higher file than the king, in Chess960 too.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::chess_move::{Move, MoveKind};
    /// use rayscan::position::CastleSide;
    /// use rayscan::Square;
    /// assert_eq!(Move::new(Square::B1, Square::A1, MoveKind::Castling).castle_side(), CastleSide::Queen);
    /// ```
    #[inline]
    pub fn castle_side(self) -> CastleSide {
        if self.to().file() > self.from().file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        }
    }

    /// The square the king ends on (for castling: g or c file; otherwise `to`).
    #[inline]
    pub fn king_destination(self) -> Square {
        if self.is_castling() {
            Square::from_coords(self.castle_side().king_to(), self.from().rank())
        } else {
            self.to()
        }
    }

    /// The UCI text: castling as king-to-rook when `chess960`, else as the king's step;
    /// [`Move::NULL`] as `0000`.
    pub fn uci(self, chess960: bool) -> impl fmt::Display {
        Uci { m: self, chess960 }
    }
}

struct Uci {
    m: Move,
    chess960: bool,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.m == Move::NULL {
            return f.write_str("0000");
        }
        let to = if self.chess960 {
            self.m.to()
        } else {
            self.m.king_destination()
        };
        write!(f, "{}{to}", self.m.from())?;
        if let Some(p) = self.m.promotion() {
            write!(f, "{}", p.to_char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// Standard UCI (`e1g1` for castling); use [`Move::uci`] for Chess960.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci(false))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci(true))?;
        match self.kind() {
            MoveKind::EnPassant => f.write_str("(ep)"),
            MoveKind::Castling => f.write_str("(castle)"),
            _ => Ok(()),
        }
    }
}

/// The most legal moves any position rayscan accepts can have.
///
/// A bound, not a record: every target square is reached from at most 16 squares (the
/// first piece along each of the 8 rays, and the 8 knight squares), promotions add three
/// moves for each of at most 3 pawns on each of 8 last-rank squares, and there are at most
/// 2 castling moves: 64 × 16 + 8 × 3 × 3 + 2 = 1098. Real games stay below 220.
pub const MAX_MOVES: usize = 1098;

/// A fixed-capacity list of moves that can hold every legal move of any position: a
/// slice of moves to sort and index (`MoveList::from(pos.legal_moves())`), and what the
/// generators that list moves one by one fill ([`crate::movegen::generate`],
/// [`crate::movegen::generate_hybrid`], [`crate::mailbox`]).
///
/// The slots past the moves are left uninitialized: a new list costs nothing, however
/// large its capacity (zeroing the 2 KiB of [`MAX_MOVES`] slots at every node would cost
/// more than listing the moves).
pub struct MoveList {
    /// The first `len` slots hold moves; the rest are uninitialized.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Move generation never pushes more than [`MAX_MOVES`]; a push past
    /// that is ignored (and caught by debug assertions) instead of overflowing.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// Writes `m` into slot `at` (the first free slot, as the caller counts) and returns
    /// the next free slot; the length is set afterwards by [`MoveList::set_len_written`].
    /// A write past [`MAX_MOVES`] is ignored, like [`MoveList::push`].
    #[inline(always)]
    pub(crate) fn write(&mut self, at: usize, m: Move) -> usize {
        debug_assert!(at < MAX_MOVES);
        match self.moves.get_mut(at) {
            Some(slot) => {
                *slot = MaybeUninit::new(m);
                at + 1
            }
            None => at,
        }
    }

    /// The 64 slots from `at` on, if the list has that many, for a writer that stores
    /// whole registers ([`crate::movegen::listing`]): it sets the length afterwards, as
    /// after [`MoveList::write`], to the slots its moves filled.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn spare_64(&mut self, at: usize) -> Option<&mut [MaybeUninit<Move>; 64]> {
        self.moves.get_mut(at..at.checked_add(64)?)?.try_into().ok()
    }

    /// Sets the length after [`MoveList::write`]s: every slot below `len` must have been
    /// written, which `write`'s returned counts guarantee when each write was given the
    /// count the one before returned, starting from [`MoveList::len`].
    #[inline(always)]
    pub(crate) fn set_len_written(&mut self, len: usize) {
        self.len = len.min(MAX_MOVES);
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        let len = self.len.min(MAX_MOVES);
        // SAFETY: the first `len` slots were written: `len` grows in `push`, one written
        // slot at a time, and in `set_len_written`, to the count of slots that `write`
        // filled from the old length on (its callers chain the counts it returns); never
        // past `MAX_MOVES`; it shrinks only in `IntoIter::next_back`. `MaybeUninit<Move>`
        // has the layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), len) }
    }

    /// The moves, to reorder them.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        let len = self.len.min(MAX_MOVES);
        // SAFETY: as in `as_slice`.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), len) }
    }

    /// Iterates the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Clone for MoveList {
    /// Copies the moves, not the unused slots.
    #[inline]
    fn clone(&self) -> MoveList {
        self.iter().copied().collect()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];

    /// The list reads as a slice: `moves[0]`, `moves.first()`, `moves.sort_by_key(…)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{MoveList, Position};
    /// let mut moves = MoveList::from(Position::startpos().legal_moves());
    /// assert_eq!(moves[..].len(), 20);
    /// moves.sort_by_key(|m| m.to());
    /// assert_eq!(moves[0].to_string(), "b1a3");
    /// assert!(moves.iter().any(|m| m.to_string() == "e2e4"));
    /// ```
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl FromIterator<Move> for MoveList {
    /// The moves, in order; past [`MAX_MOVES`] they are dropped, as by [`MoveList::push`].
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{MoveList, Position};
    /// let p = Position::startpos();
    /// let pawns: MoveList = p.legal_moves().into_iter().filter(|m| p.piece_at(m.from()).is_some_and(|(_, k)| k == rayscan::Piece::Pawn)).collect();
    /// assert_eq!(pawns.len(), 16);
    /// ```
    #[inline]
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl Extend<Move> for MoveList {
    #[inline]
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for m in moves {
            self.push(m);
        }
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    /// The moves by value.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Move, MoveList, Position};
    /// let list = MoveList::from(Position::startpos().legal_moves());
    /// let moves: Vec<Move> = list.into_iter().rev().collect();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves[0].to_string().starts_with(|c: char| c.is_ascii_lowercase()));
    /// ```
    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            front: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value (its `IntoIterator`).
#[derive(Clone)]
pub struct IntoIter {
    list: MoveList,
    front: usize,
}

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.list.as_slice().get(self.front).copied()?;
        self.front += 1;
        Some(m)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len - self.front;
        (left, Some(left))
    }
}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.list.len == self.front {
            return None;
        }
        let last = self.list.as_slice().last().copied();
        self.list.len -= 1;
        last
    }
}

impl ExactSizeIterator for IntoIter {}

impl core::iter::FusedIterator for IntoIter {}

impl fmt::Debug for IntoIter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(&self.list.as_slice()[self.front..])
            .finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A UCI move that could not be used: unreadable text, or a move the position does not allow.
///
/// # Examples
///
/// ```
/// use rayscan::position::Position;
/// let p = Position::startpos();
/// assert_eq!(p.parse_uci("e2e5").unwrap_err().to_string(), "illegal move \"e2e5\": not a legal move in this position");
/// assert!(p.parse_uci("e7e8k").unwrap_err().to_string().starts_with("invalid uci move \"e7e8k\""));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMoveError {
    /// Not `<from><to>[n|b|r|q]` in lowercase.
    Syntax(Snippet),
    /// Well formed, but not a legal move in the position.
    Illegal(Snippet),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Syntax(t) => write!(
                f,
                "invalid uci move {t}: expected from and to squares and an optional promotion n, b, r or q, like \"e2e4\" or \"e7e8q\""
            ),
            UciMoveError::Illegal(t) => {
                write!(f, "illegal move {t}: not a legal move in this position")
            }
        }
    }
}

impl core::error::Error for UciMoveError {}

/// A move as UCI text writes it (`e2e4`, `e7e8q`), before a position says what it is.
///
/// Text alone cannot tell whether `e1g1` castles or moves the king one step onto g1, nor
/// whether a pawn's diagonal step takes en passant, so text never becomes a [`Move`]
/// without a position: [`UciMove::to_move`] (or [`Position::parse_uci`], which does
/// both steps) finds the legal move of a position that the text names, or says that
/// there is none. `Move` has no `FromStr`:
///
/// # Examples
///
/// ```compile_fail
/// let castle: rayscan::Move = "e1g1".parse().unwrap(); // no: which move is it?
/// ```
///
/// ```
/// use rayscan::{Position, UciMove};
/// let castle: UciMove = "e1g1".parse().unwrap();
/// let p: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
/// let m = castle.to_move(&p).unwrap();
/// assert!(m.is_castling()); // the king and the rook both move
/// assert_eq!(p.play(m).to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
/// // Where the king cannot castle, the text names no legal move.
/// let start = Position::startpos();
/// assert_eq!(castle.to_move(&start).unwrap_err().to_string(), "illegal move \"e1g1\": not a legal move in this position");
/// assert!("e2e4x".parse::<UciMove>().is_err());
/// ```
///
/// [`Position::parse_uci`]: crate::Position::parse_uci
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    from: Square,
    to: Square,
    promotion: Option<Piece>,
}

impl UciMove {
    /// The square the text moves from.
    #[inline]
    pub fn from(self) -> Square {
        self.from
    }

    /// The square the text moves to: for castling, the king's destination (`e1g1`) in
    /// standard chess or the rook's square (`e1h1`) as Chess960 writes it.
    #[inline]
    pub fn to(self) -> Square {
        self.to
    }

    /// The piece a pawn promotes to, if the text names one.
    #[inline]
    pub fn promotion(self) -> Option<Piece> {
        self.promotion
    }

    // `to_move`, the legal move of a position that the text names, is defined with the
    // legal moves (movegen/mod.rs).

    /// The text, as an error quotes it (without allocating).
    pub(crate) fn snippet(self) -> Snippet {
        let name = |sq: Square| [b'a' + sq.file() as u8, b'1' + sq.rank() as u8];
        let mut text = [0u8; 5];
        text[..2].copy_from_slice(&name(self.from));
        text[2..4].copy_from_slice(&name(self.to));
        let len = match self.promotion {
            Some(p) => {
                text[4] = p.to_char() as u8;
                5
            }
            None => 4,
        };
        Snippet::new(core::str::from_utf8(&text[..len]).unwrap_or_default())
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.to_char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl core::str::FromStr for UciMove {
    type Err = UciMoveError;

    /// Reads `<from><to>[n|b|r|q]`, lowercase, as UCI writes moves.
    fn from_str(text: &str) -> Result<UciMove, UciMoveError> {
        let (from, to, promotion) =
            parse_uci_syntax(text).ok_or_else(|| UciMoveError::Syntax(Snippet::new(text)))?;
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

/// Reads the text of a UCI move without a position: (from, to, promotion).
pub(crate) fn parse_uci_syntax(text: &str) -> Option<(Square, Square, Option<Piece>)> {
    let b = text.as_bytes();
    if !(4..=5).contains(&b.len()) || !text.is_ascii() {
        return None;
    }
    let square = |s: &[u8]| -> Option<Square> {
        match s {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new((r - b'1') * 8 + (f - b'a')),
            _ => None,
        }
    };
    let from = square(&b[0..2])?;
    let to = square(&b[2..4])?;
    let promotion = match b.get(4) {
        None => None,
        Some(b'n') => Some(Piece::Knight),
        Some(b'b') => Some(Piece::Bishop),
        Some(b'r') => Some(Piece::Rook),
        Some(b'q') => Some(Piece::Queen),
        Some(_) => return None,
    };
    Some((from, to, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kept as two bytes, a move still compares, orders and hashes as its 16 bits.
    #[test]
    fn a_move_orders_and_hashes_as_its_bits() {
        use core::hash::BuildHasher;
        let hasher = std::collections::hash_map::RandomState::new();
        for bits in (0..=u16::MAX).step_by(7) {
            let m = Move::from_bits(bits);
            assert_eq!(m.bits(), bits);
            assert_eq!(hasher.hash_one(m), hasher.hash_one(bits));
            let other = bits.wrapping_mul(40_503);
            let n = Move::from_bits(other);
            assert_eq!(m.cmp(&n), bits.cmp(&other), "{bits:#x} against {other:#x}");
            assert_eq!(m == n, bits == other);
        }
    }

    #[test]
    fn encoding_round_trips() {
        let kinds = MoveKind::ALL;
        for from in Square::ALL {
            for to in Square::ALL {
                for kind in kinds {
                    let m = Move::new(from, to, kind);
                    assert_eq!((m.from(), m.to(), m.kind()), (from, to, kind));
                }
            }
        }
    }

    #[test]
    fn uci_syntax() {
        assert_eq!(
            parse_uci_syntax("e7e8q"),
            Some((Square::E7, Square::E8, Some(Piece::Queen)))
        );
        for bad in [
            "e7e8k", "e7e8qq", "e2e4x", "e2e", "", "e2e4 ", "E2E4", "e9e1", "0000", "e2e4é",
        ] {
            assert_eq!(parse_uci_syntax(bad), None, "{bad}");
        }
    }

    /// Every text UCI can write reads back to itself, and an error quotes it as typed.
    #[test]
    fn uci_text_round_trips() {
        let promotions = [
            None,
            Some(Piece::Knight),
            Some(Piece::Bishop),
            Some(Piece::Rook),
            Some(Piece::Queen),
        ];
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in promotions {
                    let u = UciMove {
                        from,
                        to,
                        promotion,
                    };
                    let text = u.to_string();
                    assert_eq!(text.parse::<UciMove>(), Ok(u));
                    assert_eq!(u.snippet(), Snippet::new(&text));
                }
            }
        }
    }

    /// The legal moves of positions with castling (standard and Chess960), en passant
    /// and promotions: each one's UCI text names it, and only it.
    #[test]
    fn uci_text_resolves_to_the_move_it_names() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "k7/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        ] {
            let p = crate::Position::from_fen(fen).unwrap().0;
            for m in p.legal_moves() {
                let text = m.uci(p.is_chess960()).to_string();
                let u: UciMove = text.parse().unwrap();
                assert_eq!(u.to_move(&p), Ok(m), "{text} in {fen}");
            }
        }
    }

    #[test]
    fn list_ignores_overflow_in_release() {
        let mut list = MoveList::new();
        for _ in 0..MAX_MOVES {
            list.push(Move::NULL);
        }
        assert_eq!(list.len(), MAX_MOVES);
    }

    /// The slots behind the moves are uninitialized: every way of reading the list sees
    /// exactly the moves pushed, in order (Miri checks the reads stay in bounds).
    #[test]
    fn a_list_reads_exactly_what_was_pushed() {
        let moves: Vec<Move> = (0..40u16)
            .map(|i| {
                let sq = |n: u16| Square::from_index_masked(u32::from(n % 64));
                Move::new(sq(i), sq(i * 7 + 1), MoveKind::Normal)
            })
            .collect();
        let mut list = MoveList::new();
        assert!(list.is_empty() && list.as_slice().is_empty());
        for &m in &moves {
            list.push(m);
        }
        assert_eq!(list.as_slice(), &moves[..]);
        assert!(list.contains(&moves[7]));
        let copy = list.clone();
        assert_eq!(copy.as_slice(), list.as_slice());
        list.as_mut_slice().reverse();
        assert_eq!(list.first(), moves.last());
        let back: Vec<Move> = copy.clone().into_iter().rev().collect();
        assert_eq!(back, list.as_slice());
        let mut iter = copy.into_iter();
        assert_eq!(iter.next(), Some(moves[0]));
        assert_eq!(iter.next_back(), moves.last().copied());
        assert_eq!(iter.len(), moves.len() - 2);
    }
}
