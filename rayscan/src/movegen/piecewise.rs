//! Piece by piece: bitscan each piece, look up its attack set with the slider technique,
//! and cut the set down to the legal targets with masks computed once per node. What the
//! literature calls the classical approach, and the generator every other one is
//! compared with. It is also rayscan's fast path: perft runs on it.
//!
//! Once per node ([`Masks`]):
//! - **checkers and pins in one pass per line kind.** The enemy rooks and queens a rook on
//!   our king's square would see through our own pieces (one lookup with only the enemy
//!   pieces as blockers, and only when one stands on the king's empty-board lines) are
//!   checkers when nothing of ours is between, pinners when exactly one piece is. Pins
//!   are kept as two masks: along ranks and files (`pin_hv`), along diagonals (`pin_d`).
//!   A pinned piece moves only inside its mask; a rook cannot move at all if pinned
//!   diagonally, a knight not at all if pinned.
//! - **a check mask**: every square when not in check, the checker and the squares
//!   between it and the king in single check; in double check only the king moves.
//! - **the king's forbidden squares** as one set of enemy attacks, sliders seeing through
//!   our king, computed only when the king has a square to go to or a castling path is
//!   free; when it has just one square and no castling, that square alone is tested.
//!
//! The moves reach a [`Visitor`] as sets: a piece's targets, the pawns' targets by
//! shifting (so pawns need no loop), en passant and castling one by one. Listing them
//! ([`generate`](super::generate)), counting them ([`count`](super::count): population
//! counts only) and perft's copy-make (`perft/fast.rs`) are three visitors of one
//! traversal, monomorphized for each technique and each side to move.

use core::marker::PhantomData;

use super::PROMOTIONS;
pub(crate) use super::listing::source;
use super::listing::{OneByOne, Writer};
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::color::Color;
use crate::direction::KnightDirection;
use crate::masks;
use crate::piece::Piece;
use crate::position::{Board, Position};
use crate::side::{Black, Side, White};
use crate::sliders::Slider;
use crate::square::Square;

pub(crate) const PAWN: usize = Piece::Pawn as usize;
pub(crate) const KNIGHT: usize = Piece::Knight as usize;
pub(crate) const BISHOP: usize = Piece::Bishop as usize;
pub(crate) const ROOK: usize = Piece::Rook as usize;
pub(crate) const QUEEN: usize = Piece::Queen as usize;
pub(crate) const KING: usize = Piece::King as usize;

/// Receives the legal moves of a node as sets.
pub(crate) trait Visitor {
    /// Moves of the piece of kind `P` on `from` to each square of `to` (captures included;
    /// king steps too, with `P` = king).
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard);
    /// Moves of the (unpinned) knights of `knights` to the squares of `targets` they
    /// attack: one call for all of them, so that counting needs no loop.
    #[inline(always)]
    fn knights(&mut self, knights: Bitboard, targets: Bitboard) {
        for from in knights {
            self.piece::<KNIGHT>(from, masks::knight(from) & targets);
        }
    }
    /// The moves of our bishops, rooks and queens: along their pin line if pinned on
    /// one of their own lines (`s` has the sets, masks and occupancy). One call for all
    /// of them, so that counting can count set-wise.
    #[inline(always)]
    fn sliders<S: Slider>(&mut self, s: &Sliders) {
        let bishops = s.bishops & !s.pin_hv;
        for from in bishops & !s.pin_d {
            self.piece::<BISHOP>(from, S::bishop_attacks(from, s.occupied) & s.targets);
        }
        for from in bishops & s.pin_d {
            self.piece::<BISHOP>(
                from,
                S::bishop_attacks(from, s.occupied) & s.targets & s.pin_d,
            );
        }
        let rooks = s.rooks & !s.pin_d;
        for from in rooks & !s.pin_hv {
            self.piece::<ROOK>(from, S::rook_attacks(from, s.occupied) & s.targets);
        }
        for from in rooks & s.pin_hv {
            self.piece::<ROOK>(
                from,
                S::rook_attacks(from, s.occupied) & s.targets & s.pin_hv,
            );
        }
        let pinned = s.pin_hv | s.pin_d;
        for from in s.queens & !pinned {
            let reach = S::bishop_attacks(from, s.occupied) | S::rook_attacks(from, s.occupied);
            self.piece::<QUEEN>(from, reach & s.targets);
        }
        for from in s.queens & s.pin_d {
            self.piece::<QUEEN>(
                from,
                S::bishop_attacks(from, s.occupied) & s.targets & s.pin_d,
            );
        }
        for from in s.queens & s.pin_hv {
            self.piece::<QUEEN>(
                from,
                S::rook_attacks(from, s.occupied) & s.targets & s.pin_hv,
            );
        }
    }
    /// Pawn moves that do not promote, single pushes and captures: each target's pawn
    /// stands `back` square indices behind it.
    fn pawns(&mut self, to: Bitboard, back: i32);
    /// Double pushes: each target's pawn stands `back` (±16) square indices behind it.
    fn double_pushes(&mut self, to: Bitboard, back: i32);
    /// Pawn moves onto the last rank: four moves per target.
    fn promotions(&mut self, to: Bitboard, back: i32);
    /// The pawn on `from` captures en passant onto `to`.
    fn en_passant(&mut self, from: Square, to: Square);
    /// The king on `king` castles with the rook on `rook`.
    fn castling(&mut self, king: Square, rook: Square);
    /// The squares the visitor wants moves onto (a move's [`Move::to`], the rook's
    /// square for castling): every square unless it says less. The generator leaves out
    /// the rest before it looks at them, so that a quiescence search asking for captures
    /// pays for no king-safety test when the king has nothing to take.
    #[inline(always)]
    fn wanted(&self) -> Bitboard {
        Bitboard::FULL
    }
}

/// The square of a one-square set.
#[inline(always)]
pub(crate) fn only(b: Bitboard) -> Square {
    Square::from_index_masked(b.0.trailing_zeros())
}

/// Castling geometry on one rank, by king file and rook file: the squares that must be
/// empty (but for king and rook) and the squares the king crosses, its target included,
/// as rank masks (bit *f* = file *f*). A const table: it runs at nearly every node of an
/// opening's tree.
const CASTLING: [[(u8, u8); 8]; 8] = {
    const fn span(a: usize, b: usize) -> u8 {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        ((2u16 << hi) - (1u16 << lo)) as u8
    }
    let mut table = [[(0, 0); 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            if rook != king {
                let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
                let ends = (1u8 << king) | (1u8 << rook);
                let empty = (span(king, king_to) | span(rook, rook_to)) & !ends;
                let path = span(king, king_to) & !(1u8 << king);
                table[king][rook] = (empty, path);
            }
            rook += 1;
        }
        king += 1;
    }
    table
};

/// The castling masks for king and rook on rank `rank_shift / 8`, as bitboards.
#[inline(always)]
pub(crate) fn castling_masks(king: Square, rook: Square, rank_shift: u32) -> (Bitboard, Bitboard) {
    let (empty, path) = CASTLING[king as usize & 7][rook as usize & 7];
    (
        Bitboard(u64::from(empty) << rank_shift),
        Bitboard(u64::from(path) << rank_shift),
    )
}

/// Our sliders, and what their moves are cut down by: [`Visitor::sliders`]'s argument.
pub(crate) struct Sliders {
    pub(crate) bishops: Bitboard,
    pub(crate) rooks: Bitboard,
    pub(crate) queens: Bitboard,
    pub(crate) pin_hv: Bitboard,
    pub(crate) pin_d: Bitboard,
    pub(crate) occupied: Bitboard,
    pub(crate) targets: Bitboard,
}

/// What every move of a node is cut down by.
pub(crate) struct Masks {
    /// Our king.
    pub(crate) king: Square,
    /// The opposing pieces giving check.
    pub(crate) checkers: Bitboard,
    /// Our pieces pinned along a rank or file, with their pin lines: from the king
    /// (excluded) to the pinner (included).
    pub(crate) pin_hv: Bitboard,
    /// Our pieces pinned along a diagonal, with their pin lines.
    pub(crate) pin_d: Bitboard,
}

impl Masks {
    /// Checkers and pins for side `C` on `b`, whose king stands on `king`.
    #[inline(always)]
    pub(crate) fn new<S: Slider, C: Side>(b: &Board, king: Square) -> Masks {
        let us = b.by_color[C::US];
        let them = b.by_color[C::THEM];
        let queens = b.by_piece[QUEEN];
        let their_rq = them & (b.by_piece[ROOK] | queens);
        let their_bq = them & (b.by_piece[BISHOP] | queens);
        let mut checkers = ((masks::knight(king) & b.by_piece[KNIGHT])
            | (masks::pawn_attacks(C::COLOR, king) & b.by_piece[PAWN]))
            & them;
        let mut pin_hv = Bitboard::EMPTY;
        let mut pin_d = Bitboard::EMPTY;
        // Enemy sliders seen through our pieces only: checkers, pinners, or neither.
        let mut sort = |seen: Bitboard, pins: &mut Bitboard| {
            for s in seen {
                let between = masks::between(king, s);
                let blockers = (between & us).0;
                if blockers == 0 {
                    checkers.insert(s);
                } else if blockers & (blockers - 1) == 0 {
                    *pins |= between.with(s);
                }
            }
        };
        if masks::rook(king).intersects(their_rq) {
            sort(S::rook_attacks(king, them) & their_rq, &mut pin_hv);
        }
        if masks::bishop(king).intersects(their_bq) {
            sort(S::bishop_attacks(king, them) & their_bq, &mut pin_d);
        }
        Masks {
            king,
            checkers,
            pin_hv,
            pin_d,
        }
    }
}

/// The squares from which a bishop (`.0`) or a rook (`.1`) reaches a square of `squares`
/// on an empty board: the union of those squares' bishop and rook masks.
const fn lines_through(squares: u64) -> (Bitboard, Bitboard) {
    let (mut diagonal, mut straight) = (0u64, 0u64);
    let mut z = 0u32;
    while z < 64 {
        if squares & (1 << z) != 0 {
            let sq = Square::from_index_masked(z);
            diagonal |= masks::bishop_mask(sq).0;
            straight |= masks::rook_mask(sq).0;
        }
        z += 1;
    }
    (Bitboard(diagonal), Bitboard(straight))
}

/// For each king square, the squares from which a bishop (`.0`) or a rook (`.1`) could
/// reach the king's square or a square next to it on an empty board: the only sliders
/// whose attacks the king's steps need.
static KING_ZONE_LINES: [(Bitboard, Bitboard); 64] = {
    let mut table = [(Bitboard::EMPTY, Bitboard::EMPTY); 64];
    let mut k = 0;
    while k < 64 {
        table[k] = lines_through(masks::KING_ATTACKS[k] | 1 << k);
        k += 1;
    }
    table
};

/// For each back rank (white's, black's) and each king file and castling rook file, the
/// squares from which a bishop (`.0`) or a rook (`.1`) could reach a square the king
/// crosses when it castles (its target included) on an empty board: the sliders that
/// castling's test needs beside the king's zone.
static CASTLING_LINES: [[[(Bitboard, Bitboard); 8]; 8]; 2] = {
    let mut table = [[[(Bitboard::EMPTY, Bitboard::EMPTY); 8]; 8]; 2];
    let mut color = 0;
    while color < 2 {
        let mut king = 0;
        while king < 8 {
            let mut rook = 0;
            while rook < 8 {
                let path = (CASTLING[king][rook].1 as u64) << (color * 56);
                table[color][king][rook] = lines_through(path);
                rook += 1;
            }
            king += 1;
        }
        color += 1;
    }
    table
};

/// The squares side `C`'s opponent attacks with our king lifted off the board (so that
/// a slider's ray goes on through the king's square): where our king may not go. Only
/// sliders standing on `lines` (bishop lines, rook lines) are looked up: the others
/// cannot reach the squares asked about: the king's zone, and when it may castle the
/// lines through its castling paths rather than every line. A lookup per slider: the same
/// union by set-wise fills, as the count does its moves, was slower.
#[inline(always)]
fn danger<S: Slider, C: Side>(b: &Board, king: Square, lines: (Bitboard, Bitboard)) -> Bitboard {
    let them = b.by_color[C::THEM];
    let occupied = b.occupied().without(king);
    let queens = b.by_piece[QUEEN];
    let mut attacked = <C::Them as Side>::pawn_attacks(them & b.by_piece[PAWN])
        | masks::king(only(them & b.by_piece[KING]))
        | masks::knights(them & b.by_piece[KNIGHT]);
    for s in them & (b.by_piece[BISHOP] | queens) & lines.0 {
        attacked |= S::bishop_attacks(s, occupied);
    }
    for s in them & (b.by_piece[ROOK] | queens) & lines.1 {
        attacked |= S::rook_attacks(s, occupied);
    }
    attacked
}

/// Whether side `C`'s opponent attacks `sq` when the board holds `occupied`: what the
/// king needs to know when it has one square to go to and no castling, which is most
/// nodes of an opening's tree. At most two slider lookups, each only when an enemy
/// slider stands on the square's lines, instead of [`danger`]'s one per enemy slider.
#[inline(always)]
fn attacked_through<S: Slider, C: Side>(b: &Board, sq: Square, occupied: Bitboard) -> bool {
    let them = b.by_color[C::THEM];
    let queens = b.by_piece[QUEEN];
    let near = (masks::pawn_attacks(C::COLOR, sq) & b.by_piece[PAWN])
        | (masks::knight(sq) & b.by_piece[KNIGHT])
        | (masks::king(sq) & b.by_piece[KING]);
    if near.intersects(them) {
        return true;
    }
    let bq = them & (b.by_piece[BISHOP] | queens);
    let rq = them & (b.by_piece[ROOK] | queens);
    (masks::bishop(sq).intersects(bq) && S::bishop_attacks(sq, occupied).intersects(bq))
        || (masks::rook(sq).intersects(rq) && S::rook_attacks(sq, occupied).intersects(rq))
}

/// Every legal move of side `C` on `b`, as sets, to `v`.
#[inline(always)]
pub(crate) fn enumerate<S: Slider, C: Side, V: Visitor>(b: &Board, v: &mut V) {
    enumerate_king::<S, C, V>(b, b.king_of(C::US), v);
}

/// [`enumerate`] with side `C`'s king square given: perft passes the one it found for
/// all the children of a node (no move of ours moves their king), so that the king's
/// tables are read once per node rather than once per child.
#[inline(always)]
pub(crate) fn enumerate_king<S: Slider, C: Side, V: Visitor>(b: &Board, king: Square, v: &mut V) {
    let us = b.by_color[C::US];
    let them = b.by_color[C::THEM];
    let occupied = us | them;
    let m = Masks::new::<S, C>(b, king);
    let king = m.king;
    let wanted = v.wanted();

    // The king, and castling, which needs a free path the enemy does not attack.
    let king_targets = (masks::king(king) - us) & wanted;
    let mut castle_rooks = Bitboard::EMPTY;
    let rank_shift = C::BACK_RANK.0.trailing_zeros();
    if m.checkers.is_empty() {
        for rook in b.castle_rooks & C::BACK_RANK & wanted {
            let (must_be_empty, _) = castling_masks(king, rook, rank_shift);
            if !occupied.intersects(must_be_empty) {
                castle_rooks.insert(rook);
            }
        }
    }
    if !(king_targets | castle_rooks).is_empty() {
        // With no castling, `king_targets` is not empty here: one square or more.
        let attacked = if castle_rooks.is_empty() && king_targets.0 & (king_targets.0 - 1) == 0 {
            let sq = only(king_targets);
            if attacked_through::<S, C>(b, sq, occupied.without(king)) {
                king_targets
            } else {
                Bitboard::EMPTY
            }
        } else {
            // Castling asks about squares beyond the king's zone: the king's path.
            let mut lines = KING_ZONE_LINES[king as usize];
            for rook in castle_rooks {
                let (d, s) = CASTLING_LINES[C::US][king as usize & 7][rook as usize & 7];
                lines = (lines.0 | d, lines.1 | s);
            }
            danger::<S, C>(b, king, lines)
        };
        v.piece::<KING>(king, king_targets - attacked);
        for rook in castle_rooks {
            let (_, path) = castling_masks(king, rook, rank_shift);
            if path.intersects(attacked) {
                continue;
            }
            // A Chess960 rook may shield the king's target along the rank: look again
            // with king and rook on their new squares.
            let their_rq = them & (b.by_piece[ROOK] | b.by_piece[QUEEN]);
            if their_rq.intersects(C::BACK_RANK) {
                let (king_to, rook_to) = crate::position::board::castling_targets(king, rook);
                let after =
                    (occupied.without(king).without(rook)) | king_to.into() | rook_to.into();
                if S::rook_attacks(king_to, after).intersects(their_rq) {
                    continue;
                }
            }
            v.castling(king, rook);
        }
    }

    let targets = wanted
        & match m.checkers.0 {
            0 => !us,
            c if c & (c - 1) == 0 => masks::between(king, only(m.checkers)) | m.checkers,
            _ => return, // double check: only the king moves
        };
    let pinned = m.pin_hv | m.pin_d;

    // Knights: a pinned knight never moves.
    v.knights(us & b.by_piece[KNIGHT] & !pinned, targets);
    // Bishops, rooks and queens: along their pin line if pinned on one of their own lines.
    v.sliders::<S>(&Sliders {
        bishops: us & b.by_piece[BISHOP],
        rooks: us & b.by_piece[ROOK],
        queens: us & b.by_piece[QUEEN],
        pin_hv: m.pin_hv,
        pin_d: m.pin_d,
        occupied,
        targets,
    });

    // Pawns, all at once. Pushes: not by pawns pinned diagonally; a pawn pinned on a
    // file stays on it. Captures: not by pawns pinned along a rank or file; a pawn
    // pinned diagonally captures only its pinner.
    let pawns = us & b.by_piece[PAWN];
    let empty = !occupied;
    let pushers = pawns - m.pin_d;
    let single = (C::up(pushers - m.pin_hv) | (C::up(pushers & m.pin_hv) & m.pin_hv)) & empty;
    let double = C::up(single & C::THIRD_RANK) & empty & targets;
    let single = single & targets;
    let capturers = pawns - m.pin_hv;
    let free = capturers - m.pin_d;
    let pinned_d = capturers & m.pin_d;
    let hits = them & targets;
    let west = (C::up_west(free) | (C::up_west(pinned_d) & m.pin_d)) & hits;
    let east = (C::up_east(free) | (C::up_east(pinned_d) & m.pin_d)) & hits;
    let (up, west_back, east_back) = (C::UP, C::UP - 1, C::UP + 1);
    let last = C::LAST_RANK;
    if (single | west | east).intersects(last) {
        v.promotions(west & last, west_back);
        v.promotions(east & last, east_back);
        v.promotions(single & last, up);
    }
    v.pawns(west - last, west_back);
    v.pawns(east - last, east_back);
    v.pawns(single - last, up);
    v.double_pushes(double, 2 * up);

    // En passant: at most two pawns, each tested on the board after the capture, which
    // also catches the rank pin when both pawns leave the king's rank.
    if let Some(ep) = b.ep.filter(|&ep| wanted.contains(ep)) {
        let sources = masks::pawn_attacks(<C::Them as Side>::COLOR, ep) & pawns;
        if !sources.is_empty() {
            let captured = Square::from_index_masked((ep as i32 - C::UP) as u32);
            let queens = b.by_piece[QUEEN];
            let their_rq = them & (b.by_piece[ROOK] | queens);
            let their_bq = them & (b.by_piece[BISHOP] | queens);
            // A knight's check, or a pawn's other than the captured one, stays.
            let stays = m.checkers - their_rq - their_bq - Bitboard::from(captured);
            for from in sources {
                let after = (occupied ^ Bitboard::from(from) ^ Bitboard::from(captured)).with(ep);
                let exposed = (S::rook_attacks(king, after) & their_rq)
                    | (S::bishop_attacks(king, after) & their_bq);
                if (exposed | stays).is_empty() {
                    v.en_passant(from, ep);
                }
            }
        }
    }
}

/// Runs [`enumerate`] for the side to move of `pos`.
#[inline(always)]
pub(crate) fn enumerate_position<S: Slider, V: Visitor>(pos: &Position, v: &mut V) {
    match pos.side_to_move() {
        Color::White => enumerate::<S, White, V>(pos.board(), v),
        Color::Black => enumerate::<S, Black, V>(pos.board(), v),
    }
}

/// Lists the moves into a [`MoveList`], each set's moves written by the writer `W`
/// ([`crate::movegen::listing`]: one by one, or with AVX-512's compress).
///
/// It counts in a field of its own and writes the list's length as it is dropped:
/// pushing through the list's own length made every move wait for the store of the move
/// before it (the length lives in memory beside the moves).
pub(crate) struct Lister<'a, W = OneByOne> {
    list: &'a mut MoveList,
    len: usize,
    writer: W,
}

impl<'a, W: Writer> Lister<'a, W> {
    /// A lister appending to `list` with `writer`.
    #[inline(always)]
    pub(crate) fn new(list: &'a mut MoveList, writer: W) -> Lister<'a, W> {
        let len = list.len();
        Lister { list, len, writer }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.len = self.list.write(self.len, m);
    }
}

impl<W> Drop for Lister<'_, W> {
    /// Sets the list's length to the moves written.
    #[inline(always)]
    fn drop(&mut self) {
        self.list.set_len_written(self.len);
    }
}

impl<W: Writer> Visitor for Lister<'_, W> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.len = self.writer.targets(self.list, self.len, from, to);
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        self.len = self.writer.pawns(self.list, self.len, to, back);
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        self.pawns(to, back);
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        for to in to {
            for p in PROMOTIONS {
                self.push(Move::new(source(to, back), to, MoveKind::Promotion(p)));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::new(from, to, MoveKind::EnPassant));
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.push(Move::new(king, rook, MoveKind::Castling));
    }
}

/// Counts the moves: population counts only, each promotion target four moves.
pub(crate) struct Counter(pub(crate) u64);

impl Visitor for Counter {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, _: Square, to: Bitboard) {
        self.0 += u64::from(to.len());
    }
    /// Each jump direction moves each knight to at most one square, so the moves are
    /// the targets hit in each of the eight directions: no loop over the knights.
    #[inline(always)]
    fn knights(&mut self, knights: Bitboard, targets: Bitboard) {
        for k in KnightDirection::ALL {
            self.0 += u64::from((k.shift(knights) & targets).len());
        }
    }
    /// The unpinned sliders as the technique counts them ([`Slider::count_moves`]):
    /// piece by piece, or set-wise for the `lanes` technique. Pinned sliders (rare) one
    /// by one.
    #[inline(always)]
    fn sliders<S: Slider>(&mut self, s: &Sliders) {
        let pinned = s.pin_hv | s.pin_d;
        let diagonal = (s.bishops | s.queens) - pinned;
        let straight = (s.rooks | s.queens) - pinned;
        self.0 += u64::from(S::count_moves(diagonal, straight, s.occupied, s.targets));
        for from in (s.bishops | s.queens) & s.pin_d {
            self.0 += u64::from((S::bishop_attacks(from, s.occupied) & s.targets & s.pin_d).len());
        }
        for from in (s.rooks | s.queens) & s.pin_hv {
            self.0 += u64::from((S::rook_attacks(from, s.occupied) & s.targets & s.pin_hv).len());
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _: i32) {
        self.0 += u64::from(to.len());
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, _: i32) {
        self.0 += u64::from(to.len());
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _: i32) {
        self.0 += 4 * u64::from(to.len());
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castling(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// The number of legal moves of side `C` on `b`: perft's last ply.
#[inline(always)]
pub(crate) fn count_board<S: Slider, C: Side>(b: &Board) -> u64 {
    count_king::<S, C>(b, b.king_of(C::US))
}

/// [`count_board`] with side `C`'s king square given ([`enumerate_king`]).
#[inline(always)]
pub(crate) fn count_king<S: Slider, C: Side>(b: &Board, king: Square) -> u64 {
    let mut counter = Counter(0);
    enumerate_king::<S, C, _>(b, king, &mut counter);
    counter.0
}

/// Copy-makes every move of side `C` on `board` and hands each child to `f`: the
/// traversal of the perft variants that do more per child than count it (the hash table,
/// the statistics).
pub(crate) struct MakeEach<'a, C, F> {
    pub(crate) board: &'a Board,
    pub(crate) f: F,
    pub(crate) side: PhantomData<C>,
}

impl<'a, C: Side, F: FnMut(&Board)> MakeEach<'a, C, F> {
    /// The visitor for `board`'s moves.
    #[inline(always)]
    pub(crate) fn new(board: &'a Board, f: F) -> Self {
        MakeEach {
            board,
            f,
            side: PhantomData,
        }
    }
}

impl<C: Side, F: FnMut(&Board)> Visitor for MakeEach<'_, C, F> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        for to in to {
            (self.f)(&self.board.make_move::<C, P>(from, to));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        for to in to {
            (self.f)(&self.board.make_move::<C, PAWN>(source(to, back), to));
        }
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        for to in to {
            (self.f)(&self.board.make_double_push::<C>(source(to, back), to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        for to in to {
            for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
                (self.f)(&self.board.make_promotion::<C>(source(to, back), to, piece));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        (self.f)(&self.board.make_en_passant::<C>(from, to));
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        (self.f)(&self.board.make_castling::<C>(king, rook));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::Reference;

    /// Each entry of [`CASTLING_LINES`] is the set of squares a bishop or a rook on an
    /// empty board attacks each square the king crosses from (its own square excluded,
    /// its target included), found here square by square with the reference slider.
    #[test]
    fn castling_lines_are_the_lines_through_the_kings_path() {
        for color in 0..2 {
            for king in 0..8 {
                for rook in (0..8).filter(|&r| r != king) {
                    let target = if rook > king { 6 } else { 2 };
                    let (mut diagonal, mut straight) = (Bitboard::EMPTY, Bitboard::EMPTY);
                    for file in king.min(target)..=king.max(target) {
                        if file != king {
                            let sq = Square::from_index_masked(color * 56 + file);
                            diagonal |= Reference::bishop_attacks(sq, Bitboard::EMPTY);
                            straight |= Reference::rook_attacks(sq, Bitboard::EMPTY);
                        }
                    }
                    let entry = CASTLING_LINES[color as usize][king as usize][rook as usize];
                    assert_eq!(entry, (diagonal, straight), "{color} {king} {rook}");
                }
            }
        }
    }
}
