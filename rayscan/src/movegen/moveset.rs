//! The legal moves as sets, handed to a callback: [`Position::generate_moves`]. This is
//! the idiom cozy-chess users know, and the fastest public way to the moves: the
//! generator's sets reach the caller as they are made, with no list in between, and a
//! set's moves are counted by a population count.

use super::PROMOTIONS;
use super::entry::{Entry, Hot};
use super::piecewise::{KING, PAWN, Visitor, source};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::color::Color;
use crate::piece::Piece;
use crate::position::Position;
use crate::side::{Black, Side, White};
use crate::sliders::{Fastest, Slider};
use crate::square::Square;

/// What kind of move every move of a [`MoveSet`] is, as the bits of its moves' kind
/// ([`Move::kind_bits`]): a move is then its squares' bits and these, with no match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
enum SetKind {
    Normal = 0,
    /// Four moves per target: queen, rook, bishop, knight (each its own kind bits).
    Promotions = Move::PROMOTION_BITS,
    EnPassant = Move::EN_PASSANT_BITS,
    Castling = Move::CASTLING_BITS,
}

/// Legal moves of one kind that share their origin: one piece's moves from its square,
/// or the pawns' moves in one direction (every single push, every capture towards the
/// a-file …), each pawn standing the same distance behind its target. Iterating gives the
/// [`Move`]s, promotions expanded into four; [`MoveSet::len`] counts them without
/// iterating.
///
/// # Examples
///
/// ```
/// use rayscan::{Piece, Position};
/// let p = Position::startpos();
/// let mut knights = 0;
/// p.generate_moves(|set| {
///     if set.piece() == Piece::Knight {
///         knights += set.len();
///     }
///     false
/// });
/// assert_eq!(knights, 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveSet {
    to: Bitboard,
    /// The rest in one word, so that a set is two scalars and goes to a callback in two
    /// registers: as five fields, it went through memory, and the callback's first read
    /// of it waited for the generator's narrow writes. Bits 0–7: the origin of
    /// every move, when `back` is 0; 8–15: for pawn sets, how many square indices behind
    /// its target each move starts (`i8`); 16–23: the piece's index; 24–31: the kind
    /// ([`SetKind`] shifted down by 12).
    info: u32,
}

impl core::fmt::Debug for MoveSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MoveSet")
            .field("to", &self.to)
            .field("from", &self.origin())
            .field("back", &self.back())
            .field("piece", &self.piece())
            .field("kind", &self.kind())
            .finish()
    }
}

impl MoveSet {
    /// A set from its parts.
    #[inline(always)]
    const fn new(to: Bitboard, from: Square, back: i32, piece: Piece, kind: SetKind) -> MoveSet {
        MoveSet {
            to,
            info: from as u32
                | ((back as i8 as u8 as u32) << 8)
                | ((piece as u32) << 16)
                | (((kind as u16 >> 12) as u32) << 24),
        }
    }

    /// The origin of every move, when `back` is 0.
    #[inline(always)]
    fn origin(&self) -> Square {
        Square::from_index_masked(self.info & 63)
    }

    /// For pawn sets: how many square indices behind its target each move starts.
    #[inline(always)]
    fn back(&self) -> i32 {
        i32::from((self.info >> 8) as u8 as i8)
    }

    /// What kind of move every move is.
    #[inline(always)]
    fn kind(&self) -> SetKind {
        match (self.info >> 24) as u16 {
            0 => SetKind::Normal,
            k if k << 12 == SetKind::Promotions as u16 => SetKind::Promotions,
            k if k << 12 == SetKind::EnPassant as u16 => SetKind::EnPassant,
            _ => SetKind::Castling,
        }
    }

    /// The kind bits of every move ([`Move::kind_bits`]), promotions aside.
    #[inline(always)]
    fn kind_bits(&self) -> u16 {
        ((self.info >> 24) as u16) << 12
    }

    /// The moves of the `piece` on `from` to the squares of `to`.
    #[inline(always)]
    pub(crate) fn of_piece(piece: Piece, from: Square, to: Bitboard) -> MoveSet {
        MoveSet::new(to, from, 0, piece, SetKind::Normal)
    }

    /// Pawn moves that do not promote, each pawn `back` square indices behind its target.
    #[inline(always)]
    pub(crate) fn pawns(to: Bitboard, back: i32) -> MoveSet {
        MoveSet::new(to, Square::A1, back, Piece::Pawn, SetKind::Normal)
    }

    /// The moves of several `piece`s (knights), each `back` square indices behind its
    /// target.
    #[inline(always)]
    pub(crate) fn jumps(to: Bitboard, back: i32) -> MoveSet {
        MoveSet::new(to, Square::A1, back, Piece::Knight, SetKind::Normal)
    }

    /// Promotions, each pawn `back` square indices behind its target.
    #[inline(always)]
    pub(crate) fn promotions(to: Bitboard, back: i32) -> MoveSet {
        MoveSet::new(to, Square::A1, back, Piece::Pawn, SetKind::Promotions)
    }

    /// The pawn on `from` captures en passant onto `to`.
    #[inline(always)]
    pub(crate) fn en_passant(from: Square, to: Square) -> MoveSet {
        MoveSet::new(to.into(), from, 0, Piece::Pawn, SetKind::EnPassant)
    }

    /// The king on `king` castles with the rook on `rook`.
    #[inline(always)]
    pub(crate) fn castling(king: Square, rook: Square) -> MoveSet {
        MoveSet::new(rook.into(), king, 0, Piece::King, SetKind::Castling)
    }

    /// The piece that moves (the king for castling, the pawn for promotions).
    #[inline]
    pub fn piece(&self) -> Piece {
        match (self.info >> 16) as u8 {
            0 => Piece::Pawn,
            1 => Piece::Knight,
            2 => Piece::Bishop,
            3 => Piece::Rook,
            4 => Piece::Queen,
            _ => Piece::King,
        }
    }

    /// The square every move starts from, or `None` for a set of pawn moves, whose
    /// pawns stand on different squares (each [`Move`] knows its own).
    #[inline]
    pub fn from(&self) -> Option<Square> {
        (self.back() == 0).then_some(self.origin())
    }

    /// The target squares: where the piece lands, but for castling, where rayscan puts
    /// the castling rook's square (the king moves onto its rook, as in Chess960 UCI).
    #[inline]
    pub fn to(&self) -> Bitboard {
        self.to
    }

    /// The moves of this set to the squares of `targets` only: what a quiescence search
    /// asks with the opponent's pieces (`set.with_targets(p.color(!p.side_to_move()))`),
    /// the captures, as cozy-chess's `set.to &= …`. A set's order and kind stay.
    ///
    /// Castling, whose target is the own rook, never lands on the opponent's pieces; an
    /// en-passant capture targets the empty square behind the pawn it takes, so a
    /// capture search takes the en-passant sets whole ([`MoveSet::is_en_passant`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let theirs = p.color(!p.side_to_move());
    /// let mut captures = 0;
    /// p.generate_moves(|set| {
    ///     let set = if set.is_en_passant() { set } else { set.with_targets(theirs) };
    ///     captures += set.len();
    ///     false
    /// });
    /// assert_eq!(captures, 8); // Kiwipete's eight captures
    /// ```
    #[inline]
    #[must_use]
    pub fn with_targets(self, targets: Bitboard) -> MoveSet {
        MoveSet {
            to: self.to & targets,
            ..self
        }
    }

    /// Whether these moves are en-passant captures (a set of one).
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.kind() == SetKind::EnPassant
    }

    /// Whether these moves are promotions (each target is four moves).
    #[inline]
    pub fn is_promotion(&self) -> bool {
        self.kind() == SetKind::Promotions
    }

    /// The number of moves, promotions counted four times each.
    #[inline]
    pub fn len(&self) -> usize {
        let n = self.to.len() as usize;
        if self.kind() == SetKind::Promotions {
            4 * n
        } else {
            n
        }
    }

    /// Whether the set holds no move: a piece that cannot move still gets its set from
    /// [`Position::generate_moves`] (never from [`Position::legal_moves`]'s
    /// [`sets`](crate::LegalMoves::sets)).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Whether `m` is one of these moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p = Position::startpos();
    /// let e4 = p.parse_uci("e2e4").unwrap();
    /// let mut sets = 0;
    /// p.generate_moves(|set| {
    ///     sets += usize::from(set.contains(&e4));
    ///     false
    /// });
    /// assert_eq!(sets, 1);
    /// ```
    #[inline]
    pub fn contains(&self, m: &Move) -> bool {
        let to = m.to();
        if !self.to.contains(to) {
            return false;
        }
        let from = if self.back() == 0 {
            self.origin()
        } else {
            source(to, self.back())
        };
        m.from() == from
            && match (self.kind(), m.kind()) {
                (SetKind::Normal, MoveKind::Normal)
                | (SetKind::EnPassant, MoveKind::EnPassant)
                | (SetKind::Castling, MoveKind::Castling) => true,
                (SetKind::Promotions, MoveKind::Promotion(piece)) => PROMOTIONS.contains(&piece),
                _ => false,
            }
    }
}

/// The moves of a [`MoveSet`], in square order, each target's promotions queen first.
///
/// What the moves share is worked out once per set, so that a move is its target's bits
/// and two operations, with no branch on the kind of set: the origin's bits for a piece's
/// set (and `mask` 0), or the target less `back` for the pawns'.
#[derive(Clone, Debug)]
pub struct MoveSetIter {
    to: Bitboard,
    /// The bits every move has: the kind's, and a piece's origin.
    base: u16,
    /// For pawn sets, the origin is the target less `back`, masked with `mask` (63); for
    /// a piece's set, `mask` is 0.
    back: u16,
    mask: u16,
    /// Whether the set promotes, and the next promotion piece's index for the current
    /// target.
    promotes: bool,
    promotion: u8,
}

impl Iterator for MoveSetIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let to = self.to.first()?;
        let from = (to as u16).wrapping_sub(self.back) & self.mask;
        let bits = self.base | from | (to as u16) << 6;
        if self.promotes {
            let piece = PROMOTIONS[usize::from(self.promotion & 3)];
            self.promotion += 1;
            if self.promotion == 4 {
                self.promotion = 0;
                self.to.remove(to);
            }
            let m = Move::from_bits(bits);
            return Some(Move::new(m.from(), to, MoveKind::Promotion(piece)));
        }
        self.to.remove(to);
        Some(Move::from_bits(bits))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let per_target = if self.promotes { 4 } else { 1 };
        let n = per_target * self.to.len() as usize - usize::from(self.promotion);
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveSetIter {}
impl core::iter::FusedIterator for MoveSetIter {}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;

    #[inline]
    fn into_iter(self) -> MoveSetIter {
        let promotes = self.kind() == SetKind::Promotions;
        let pawns = self.back() != 0;
        MoveSetIter {
            to: self.to,
            base: if promotes { 0 } else { self.kind_bits() }
                | if pawns { 0 } else { self.origin() as u16 },
            back: self.back() as u16,
            mask: if pawns { 63 } else { 0 },
            promotes,
            promotion: 0,
        }
    }
}

impl IntoIterator for &MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;

    #[inline]
    fn into_iter(self) -> MoveSetIter {
        (*self).into_iter()
    }
}

/// The moves of one set, each made and handed to `f` with its child: what
/// [`Position::for_each_child`] runs per set, with the side and the piece constants.
struct Each<'a, F> {
    moves: MoveSet,
    position: &'a Position,
    f: &'a mut F,
}

impl<F: FnMut(Move, &Position) -> bool> Each<'_, F> {
    #[inline(always)]
    fn run<C: Side, const P: usize>(self) -> bool {
        let moves = self.moves;
        if P != PAWN && moves.back() == 0 && moves.kind() == SetKind::Normal {
            // One piece's moves from one square: lifted once, landed on each target.
            let from = moves.origin();
            let lifted = self.position.lift::<C>(from, P);
            for to in moves.to {
                let m = Move::from_parts(from, to, 0);
                if (self.f)(m, &lifted.land::<C>(to, P)) {
                    return true;
                }
            }
            return false;
        }
        if P == PAWN && moves.back() != 0 && moves.kind() == SetKind::Normal {
            // Pawns' moves in one direction: what the children share made once, each
            // pawn lifted off its own square.
            let shared = self.position.prepare::<C>();
            let back = moves.back();
            for to in moves.to {
                let from = source(to, back);
                let mut child = shared.lift::<C>(from, PAWN).land::<C>(to, PAWN);
                if back == 2 * C::UP {
                    child.double_step::<C>(from);
                }
                if (self.f)(Move::from_parts(from, to, 0), &child) {
                    return true;
                }
            }
            return false;
        }
        for m in moves {
            if (self.f)(m, &self.position.play_piece::<C, P>(m)) {
                return true;
            }
        }
        false
    }
}

/// The generator's visitor for [`Position::for_each_child`]: each set's moves made
/// where the generator makes the set, the piece a constant there, so that no set is
/// handed over and no branch picks the piece's make-move.
struct Children<'a, F> {
    position: &'a Position,
    f: F,
    stopped: bool,
}

impl<F: FnMut(Move, &Position) -> bool> Children<'_, F> {
    #[inline(always)]
    fn set<const P: usize>(&mut self, moves: MoveSet) {
        if self.stopped || moves.is_empty() {
            return;
        }
        let each = Each {
            moves,
            position: self.position,
            f: &mut self.f,
        };
        self.stopped = match self.position.side_to_move() {
            Color::White => each.run::<White, P>(),
            Color::Black => each.run::<Black, P>(),
        };
    }
}

impl<F: FnMut(Move, &Position) -> bool> Visitor for Children<'_, F> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.set::<P>(MoveSet::of_piece(Piece::ALL[P], from, to));
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        self.set::<PAWN>(MoveSet::pawns(to, back));
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        self.set::<PAWN>(MoveSet::pawns(to, back));
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        self.set::<PAWN>(MoveSet::promotions(to, back));
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.set::<PAWN>(MoveSet::en_passant(from, to));
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.set::<KING>(MoveSet::castling(king, rook));
    }
}

/// The generator's visitor that hands each set to `f` until `f` says stop; with
/// `NARROW`, only the moves onto `wanted` ([`Position::generate_moves_to`]).
struct Sets<F, const NARROW: bool> {
    f: F,
    stopped: bool,
    wanted: Bitboard,
}

impl<F: FnMut(MoveSet) -> bool, const NARROW: bool> Sets<F, NARROW> {
    #[inline(always)]
    fn emit(&mut self, set: MoveSet) {
        // `generate_moves` hands over empty sets too: the test for them is a branch that
        // data decides (most often wrong where most pieces cannot move, as in check), and
        // a caller that counts or iterates needs none. Narrowed, most sets are empty (a
        // quiescence search's captures: a few sets in sixteen have a move), and each
        // costs a call of the caller's closure, which is seldom inlined: there the test
        // saves more than it costs.
        if !self.stopped && (!NARROW || !set.is_empty()) {
            self.stopped = (self.f)(set);
        }
    }
}

impl<F: FnMut(MoveSet) -> bool, const NARROW: bool> Visitor for Sets<F, NARROW> {
    #[inline(always)]
    fn wanted(&self) -> Bitboard {
        if NARROW { self.wanted } else { Bitboard::FULL }
    }
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.emit(MoveSet::of_piece(Piece::ALL[P], from, to));
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        self.emit(MoveSet::pawns(to, back));
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        self.emit(MoveSet::pawns(to, back));
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        self.emit(MoveSet::promotions(to, back));
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.emit(MoveSet::en_passant(from, to));
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.emit(MoveSet::castling(king, rook));
    }
}

impl Position {
    /// Hands every legal move to `f`, as [`MoveSet`]s: one piece's moves, or the pawns'
    /// moves in one direction. `f` returns `true` to stop: it is not called again, and
    /// `generate_moves` returns `true`. Returns `false` when every set was handed over.
    ///
    /// The fastest way to the moves: no list is filled, and counting is one population
    /// count per set. A set may be empty (a piece that cannot move): handing it over
    /// costs less than telling the caller's code which sets to skip.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let mut n = 0;
    /// assert!(!p.generate_moves(|set| {
    ///     n += set.len();
    ///     false
    /// }));
    /// assert_eq!(n, 48);
    /// // Stop at the first capture.
    /// let mut capture = None;
    /// assert!(p.generate_moves(|set| {
    ///     capture = set.into_iter().find(|m| p.piece_at(m.to()).is_some());
    ///     capture.is_some()
    /// }));
    /// assert!(capture.is_some());
    /// ```
    #[inline]
    pub fn generate_moves(&self, f: impl FnMut(MoveSet) -> bool) -> bool {
        self.generate_moves_with::<Fastest>(f)
    }

    /// Calls `f` with every legal move `m` and the position after it, `self.play(m)`,
    /// until `f` returns `true`; returns whether it did. The fastest way through the
    /// children, for a search that needs no ordering and for perft without bulk
    /// counting. The moves are made where the generator finds them, the moving piece a
    /// constant there: the make-move does not look for it, compiles to the updates of
    /// that one piece, and does what a piece's moves share once (about twice as fast
    /// per child as `legal_moves()` and `play`).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// // Perft with every move made.
    /// fn perft(p: &Position, depth: u32) -> u64 {
    ///     if depth == 0 {
    ///         return 1;
    ///     }
    ///     let mut nodes = 0;
    ///     p.for_each_child(|_, child| {
    ///         nodes += perft(child, depth - 1);
    ///         false
    ///     });
    ///     nodes
    /// }
    /// assert_eq!(perft(&Position::startpos(), 3), 8_902);
    /// // Stop at the first move that mates.
    /// let p: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".parse().unwrap();
    /// let mut mate = None;
    /// assert!(p.for_each_child(|m, child| {
    ///     mate = Some(m);
    ///     child.is_checkmate()
    /// }));
    /// assert_eq!(mate.unwrap().to_string(), "h5f7");
    /// ```
    #[inline]
    pub fn for_each_child(&self, f: impl FnMut(Move, &Position) -> bool) -> bool {
        let children = Children {
            position: self,
            f,
            stopped: false,
        };
        Hot::visit::<Fastest, _>(self, children).stopped
    }

    /// [`Position::generate_moves`] with slider technique `S` (monomorphized).
    #[inline]
    pub fn generate_moves_with<S: Slider>(&self, f: impl FnMut(MoveSet) -> bool) -> bool {
        let sets = Sets::<_, false> {
            f,
            stopped: false,
            wanted: Bitboard::FULL,
        };
        Hot::visit::<S, _>(self, sets).stopped
    }

    /// [`Position::generate_moves`] narrowed to the moves onto `targets`: the moves `m`
    /// whose [`Move::to`] is in `targets` (for castling, the rook's square), the sets in
    /// the same order. With the opponent's pieces as `targets` these are the captures but
    /// en passant, whose target square is empty; for every capture and nothing else, as a
    /// quiescence search wants, use [`Position::generate_captures`] (the en-passant square
    /// as a target would let a quiet move onto it through). It costs less than narrowing
    /// each set ([`MoveSet::with_targets`]): the generator leaves the other squares out
    /// before it looks at them, and tests the king's targets for safety only when some are
    /// wanted. Unlike [`Position::generate_moves`], it hands over no empty set: narrowed,
    /// most pieces have no move, and a call of `f` for each would cost more than the test.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// let p: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let mut captures = 0;
    /// p.generate_moves_to(p.color(!p.side_to_move()), |set| {
    ///     captures += set.len();
    ///     false
    /// });
    /// assert_eq!(captures, 8); // Kiwipete's eight captures
    /// ```
    #[inline]
    pub fn generate_moves_to(&self, targets: Bitboard, f: impl FnMut(MoveSet) -> bool) -> bool {
        self.generate_moves_to_with::<Fastest>(targets, f)
    }

    /// [`Position::generate_moves_to`] with slider technique `S` (monomorphized).
    #[inline]
    pub fn generate_moves_to_with<S: Slider>(
        &self,
        targets: Bitboard,
        f: impl FnMut(MoveSet) -> bool,
    ) -> bool {
        let sets = Sets::<_, true> {
            f,
            stopped: false,
            wanted: targets,
        };
        Hot::visit::<S, _>(self, sets).stopped
    }

    /// The legal captures, en passant included, and no quiet move: the moves `m` for which
    /// [`Position::is_capture`] holds, in the order of [`Position::generate_moves`], as
    /// sets, none of them empty. What a quiescence search generates. Promotions that
    /// capture are here; promotions by a push are quiet. Stops, and returns `true`, when
    /// `f` does.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// // Black has just played f7f5: e5xf6 takes en passant, and the knight's move to the
    /// // empty f6 is quiet.
    /// let p: Position = "rnbqkbnr/ppp1p1pp/8/3pPp2/6N1/8/PPPP1PPP/RNBQKB1R w KQkq f6 0 4"
    ///     .parse()
    ///     .unwrap();
    /// let mut captures = Vec::new();
    /// p.generate_captures(|set| {
    ///     captures.extend(set.into_iter().map(|m| m.to_string()));
    ///     false
    /// });
    /// assert_eq!(captures, ["e5f6"]);
    /// ```
    #[inline]
    pub fn generate_captures(&self, f: impl FnMut(MoveSet) -> bool) -> bool {
        self.generate_captures_with::<Fastest>(f)
    }

    /// [`Position::generate_captures`] with slider technique `S` (monomorphized).
    #[inline]
    pub fn generate_captures_with<S: Slider>(&self, mut f: impl FnMut(MoveSet) -> bool) -> bool {
        let theirs = self.color(!self.side_to_move());
        let ep = self.ep_square().map_or(Bitboard::EMPTY, Bitboard::from);
        // The en-passant square is empty: only an en-passant set may land there.
        self.generate_moves_to_with::<S>(theirs | ep, |set| {
            let set = if set.is_en_passant() {
                set
            } else {
                set.with_targets(theirs)
            };
            !set.is_empty() && f(set)
        })
    }
}
