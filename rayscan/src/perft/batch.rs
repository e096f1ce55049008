//! Perft's last two plies with the children counted eight at a time.
//!
//! At a node two plies above the leaves, perft makes each child and counts the child's
//! moves. Those children differ from their parent, and from each other, only by one move
//! of ours, and the opponent's king stands on the same square in all of them. So the
//! count is done here on eight children at once, one per lane ([`U64x8`]):
//! - the node lists its moves as their squares and piece kinds ([`Children`]); the
//!   children's sets are made from the parent's in lanes (the target square cleared from
//!   everything of the opponent, the mover's two squares toggled in our sets);
//! - every table the count needs is indexed by the opponent's king square, the same in
//!   all lanes: rays, knight, pawn and king masks, castling paths;
//! - checkers and pins come from the first of our pieces on each of the opponent king's
//!   eight rays (the lowest bit going up, the highest going down): a slider of the ray's
//!   kind checks with nothing of the opponent's between, pins with one piece;
//! - the moves of knights and sliders, the squares the king may not go to, are set-wise
//!   (shifts and Kogge-Stone fills), as the `lanes` technique counts one board;
//! - pinned sliders move along their pin line: its length less one.
//!
//! Children where en passant is possible, and those made by en passant (rare, and they
//! change a third square), are counted one by one as before. Castling fits: its two
//! pieces' moves take the place of the mover's two squares ([`Children::push_castling`]).
//!
//! This is perft's batched last ply ([`crate::perft::LastPly::Batch`]), whatever the
//! technique: the technique generates the node and its children's moves, and the count
//! of the children's moves is this one's own, set-wise. The lanes are
//! those of the copy of the hot path that runs ([`super::copy::Isa::Lanes`]): one AVX-512
//! register in the x86-64-v4 copy, plain arrays elsewhere (correct, but slower than the
//! scalar count).
//!
//! [`count_children`] must agree with the scalar count child by child; the tests below
//! compare them on every node of small trees from the perft suites, with both backends
//! where the CPU has AVX-512.

use super::children::{Children, Sealed};
use super::copy::Isa;
use crate::bitboard::Bitboard;
use crate::direction::{Direction, KnightDirection};
use crate::masks;
use crate::movegen::piecewise::{
    BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, Visitor, castling_masks, enumerate, source,
};
use crate::position::Board;
use crate::position::board::castling_targets;
use crate::side::Side;
use crate::simd::{Backend, Mask, Tally, U64x8};
use crate::sliders::kogge_stone::Propagators;
use crate::sliders::{Slider, WithSlider};
use crate::square::Square;
use core::marker::PhantomData;

/// `$body` once for each element of the constant array `$array`, written out (`$i` its
/// indices): a loop over directions whose bodies LLVM left rolled up shifted by a count
/// from a register and jumped through a table, where each written-out body shifts by a
/// constant.
macro_rules! unrolled {
    (for $x:ident in $array:expr, [$($i:literal),*] $body:block) => {
        $({
            let $x = $array[$i];
            $body
        })*
    };
}

/// The lanes where the kind bits `kinds` of a child are set.
#[inline(always)]
fn has<B: Backend>(kinds: U64x8<B>, bits: u64) -> Mask<B> {
    (kinds & U64x8::splat(bits)).non_zero()
}

/// A set `set` of the side that moved, in each child: less the square its mover left
/// where the mover was of the kinds `kinds`, plus the square it reached where it arrived
/// as one of them. A function, not a closure: a closure is not always inlined, and out
/// of line it is compiled without the copy's CPU features.
#[inline(always)]
fn moved<B: Backend>(set: u64, kinds: u64, f: U64x8<B>, t: U64x8<B>, k: U64x8<B>) -> U64x8<B> {
    U64x8::splat(set)
        .xor_where(has(k, kinds), f)
        .xor_where(has(k, kinds << 8), t)
}

/// The squares one file towards the a-file (none from the a-file).
#[inline(always)]
fn west_of<B: Backend>(s: U64x8<B>) -> U64x8<B> {
    (s & U64x8::splat(!Bitboard::FILE_A.0)).shift(-1)
}

/// The squares one file towards the h-file (none from the h-file).
#[inline(always)]
fn east_of<B: Backend>(s: U64x8<B>) -> U64x8<B> {
    (s & U64x8::splat(!Bitboard::FILE_H.0)).shift(1)
}

/// The knight jump `j` from each square of `s` ([`KnightDirection::shift`]).
#[inline(always)]
fn jump<B: Backend>(s: U64x8<B>, j: KnightDirection) -> U64x8<B> {
    (s & U64x8::splat(!j.wrap_mask().0)).shift(j.offset())
}

/// What [`count_children`] reads of its king's square: the king's eight rays, and for
/// each the square next to the king on the other side, attacked through the king by a
/// slider that checks along the ray. A table of its own, one aligned line per square,
/// so that both come in two loads rather than gathered ray by ray from the masks.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct KingRays {
    rays: [u64; 8],
    behind: [u64; 8],
}

static KING_RAYS: [KingRays; 64] = {
    let rays = masks::build_rays();
    let mut table = [KingRays {
        rays: [0; 8],
        behind: [0; 8],
    }; 64];
    let mut k = 0;
    while k < 64 {
        let mut d = 0;
        while d < 8 {
            table[k].rays[d] = rays[d][k];
            if let Some(sq) = Square::ALL[k].offset(Direction::ALL[d].opposite()) {
                table[k].behind[d] = 1 << sq as u32;
            }
            d += 1;
        }
        k += 1;
    }
    table
};

/// One castling of the side to move in the children, what [`count_children`] tests.
#[derive(Clone, Copy, Default)]
struct Castling {
    rook: u64,
    must_be_empty: u64,
    path: u64,
    after: u64,
    east: u64,
    west: u64,
}

/// The number of legal moves of side `X` in the children of `parent`, summed. `parent`
/// has the other side to move, and each child is made by one of its moves, so side `X`
/// is to move in every child and its king stands on `king` in all of them. Children
/// without en passant, made by normal moves, double pushes, promotions and castling.
///
/// "Ours" here is side `X`'s, "theirs" the side that made the move.
///
/// Always inlined, into the one out-of-line function per compiled copy that calls it
/// ([`Isa::count_children`]): compiled out of line on its own, it would lack the copy's
/// CPU features, and every AVX-512 intrinsic in it would be a function call (the
/// x86-64-v4 copy of a build without `RUSTFLAGS` ran at a thirtieth of its speed so).
#[inline(always)]
pub(crate) fn count_children<X: Side, B: Backend>(
    parent: &Board,
    king: Square,
    children: Sealed<'_>,
) -> u64 {
    let b = parent;
    let ours = b.by_color[X::US].0;
    let theirs = b.by_color[X::THEM].0;
    let kind = |k: usize| b.by_piece[k].0;
    let kb = 1u64 << king as u32;
    // What the children share, from the parent: our sets (`x_`, less the captured
    // square in a child), theirs (`y_`, with the mover's changes), the king's tables.
    let x_p = kind(PAWN) & ours;
    let x_n = kind(KNIGHT) & ours;
    let x_bq = (kind(BISHOP) | kind(QUEEN)) & ours;
    let x_rq = (kind(ROOK) | kind(QUEEN)) & ours;
    let y_p = kind(PAWN) & theirs;
    let y_n = kind(KNIGHT) & theirs;
    let y_bq = (kind(BISHOP) | kind(QUEEN)) & theirs;
    let y_rq = (kind(ROOK) | kind(QUEEN)) & theirs;
    let y_k = kind(KING) & theirs;
    let KingRays { rays, behind } = KING_RAYS[king as usize];
    let (rook_rays, bishop_rays) = (masks::rook(king).0, masks::bishop(king).0);
    let knight_k = masks::knight(king).0;
    let pawn_k = masks::pawn_attacks(X::COLOR, king).0;
    let king_k = masks::king(king).0;
    // Our knights, where there are at most two: each one's square and its targets on
    // an empty board, the same in every child unless captured there.
    let mut knights = [(0u64, 0u64); 2];
    let few_knights = x_n.count_ones() <= 2;
    if few_knights {
        for (i, n) in Bitboard(x_n).into_iter().enumerate() {
            knights[i] = (1 << n as u32, masks::knight(n).0);
        }
    }
    // Our castlings, as the children share them: the rook's square, the squares that
    // must be empty and those that must not be attacked, and for the Chess960 check the
    // king's and rook's squares after, with the rank's rays from the king's.
    let rank_shift = X::BACK_RANK.0.trailing_zeros();
    let mut castling = [Castling::default(); 2];
    let mut castle_count = 0;
    for rook in b.castle_rooks & X::BACK_RANK {
        let (must_be_empty, path) = castling_masks(king, rook, rank_shift);
        let (king_to, rook_to) = castling_targets(king, rook);
        castling[castle_count] = Castling {
            rook: 1 << rook as u32,
            must_be_empty: must_be_empty.0,
            path: path.0,
            after: (1 << king_to as u32) | (1 << rook_to as u32),
            east: masks::ray(Direction::East, king_to).0,
            west: masks::ray(Direction::West, king_to).0,
        };
        castle_count += 1;
    }
    let promoting = x_p & <X::Them as Side>::up(X::LAST_RANK).0 != 0;

    let mut total = U64x8::<B>::zero();
    let groups = children.len().div_ceil(8);
    for g in 0..groups {
        let [f, t, k] = children.group(g).map(U64x8::<B>::from_array);
        let nt = !t;
        let us = U64x8::splat(ours) & nt;
        let them = U64x8::splat(theirs) ^ f ^ t;
        let occupied = us | them;
        let empty = !occupied;
        let their_p = moved(y_p, 1 << PAWN, f, t, k);
        let their_n = moved(y_n, 1 << KNIGHT, f, t, k);
        let their_bq = moved(y_bq, (1 << BISHOP) | (1 << QUEEN), f, t, k);
        let their_rq = moved(y_rq, (1 << ROOK) | (1 << QUEEN), f, t, k);
        let their_k = moved(y_k, 1 << KING, f, t, k);
        let pawns = U64x8::splat(x_p) & nt;
        let (bishops_queens, rooks_queens) = (U64x8::splat(x_bq) & nt, U64x8::splat(x_rq) & nt);

        // Checkers and pins: along each ray of the king, the first piece of theirs; a
        // slider of the ray's kind checks with none of ours between, pins with one.
        let mut checkers = (U64x8::splat(knight_k) & their_n) | (U64x8::splat(pawn_k) & their_p);
        let mut check_line = checkers;
        let (mut pin_hv, mut pin_d, mut pinned_moves) =
            (U64x8::zero(), U64x8::zero(), U64x8::zero());
        // The squares behind the king from a checking slider.
        let mut xray = U64x8::zero();
        // Most children have no slider of theirs on the king's lines at all: one test
        // for the four rays of each kind.
        let lines = [
            (their_rq & U64x8::splat(rook_rays)).any(),
            (their_bq & U64x8::splat(bishop_rays)).any(),
        ];
        unrolled!(for d in Direction::ALL, [0, 1, 2, 3, 4, 5, 6, 7] {
            let ray = U64x8::splat(rays[d.index()]);
            let (sliders, movers) = if d.is_orthogonal() {
                (their_rq, rooks_queens)
            } else {
                (their_bq, bishops_queens)
            };
            if lines[usize::from(!d.is_orthogonal())] && (sliders & ray).any() {
                let seen = them & ray;
                let (first, between) = if d.is_positive() {
                    let first = seen.lowest();
                    (first, ray & (first - U64x8::splat(1)))
                } else {
                    let first = seen.highest();
                    (first, ray & ((U64x8::zero() - first) ^ first))
                };
                let attacker = first & sliders;
                let blockers = between & us;
                let line = between | attacker;
                let hit = attacker.non_zero();
                let check = hit & blockers.is_zero();
                let pin = hit & blockers.non_zero() & blockers.at_most_one();
                checkers |= attacker.keep(check);
                check_line |= line.keep(check);
                xray |= U64x8::splat(behind[d.index()]).keep(check);
                if d.is_orthogonal() {
                    pin_hv |= line.keep(pin);
                } else {
                    pin_d |= line.keep(pin);
                }
                // A pinned slider of the line's kind goes anywhere on the line but its square.
                let along = pin & (blockers & movers).non_zero();
                pinned_moves = pinned_moves + (line.len() - U64x8::splat(1)).keep(along);
            }
        });
        let unchecked = checkers.is_zero();
        let targets = (!us).keep(unchecked) | check_line.keep(checkers.at_most_one());
        let mut count = Tally::new(pinned_moves.keep(unchecked));

        let pinned = pin_hv | pin_d;
        // Knights: a pinned knight never moves, a captured one is gone. Two or fewer
        // count from their table entries.
        if few_knights {
            let gone = pinned | t;
            for &(square, jumps) in &knights {
                let moves = U64x8::splat(jumps) & targets;
                count = count.plus_len(moves.keep((U64x8::splat(square) & gone).is_zero()));
            }
        } else {
            let free_knights = U64x8::splat(x_n) & nt & !pinned;
            unrolled!(for j in KnightDirection::ALL, [0, 1, 2, 3, 4, 5, 6, 7] {
                count = count.plus_len(jump(free_knights, j) & targets);
            });
        }

        // Pawns, as the scalar count does them (`enumerate_king`); most children have no
        // pinned piece at all.
        let up = |s: U64x8<B>| s.shift(X::UP as i8);
        let hits = them & targets;
        let (single, west, east) = if pinned.any() {
            let pushers = pawns & !pin_d;
            let single = (up(pushers & !pin_hv) | (up(pushers & pin_hv) & pin_hv)) & empty;
            let capturers = pawns & !pin_hv;
            let (free, pinned_d) = (capturers & !pin_d, capturers & pin_d);
            let west = (X::up_west(free) | (X::up_west(pinned_d) & pin_d)) & hits;
            let east = (X::up_east(free) | (X::up_east(pinned_d) & pin_d)) & hits;
            (single, west, east)
        } else {
            (
                up(pawns) & empty,
                X::up_west(pawns) & hits,
                X::up_east(pawns) & hits,
            )
        };
        let double = up(single & U64x8::splat(X::THIRD_RANK.0)) & empty & targets;
        let single = single & targets;
        count = count
            .plus_len(single)
            .plus_len(double)
            .plus_len(west)
            .plus_len(east);
        if promoting {
            // Each promotion is four moves: three more than counted above.
            let last = U64x8::splat(X::LAST_RANK.0);
            for promoted in [single & last, west & last, east & last] {
                count = count
                    .plus_len(promoted)
                    .plus_len(promoted)
                    .plus_len(promoted);
            }
        }

        // The squares their pieces attack, seen through our king, are needed only where
        // the king has a square to go to or a castling path is clear. Through the king
        // matters only where a slider checks: the square behind the king (`xray`).
        let king_targets = U64x8::splat(king_k) & !us;
        let mut castles = [Mask::none(); 2];
        let mut may_castle = false;
        for (i, c) in castling.iter().take(castle_count).enumerate() {
            castles[i] = unchecked
                & (t & U64x8::splat(c.rook)).is_zero()
                & (occupied & U64x8::splat(c.must_be_empty)).is_zero();
            may_castle |= castles[i].any();
        }
        let danger = may_castle || king_targets.any();
        let mut attacked = U64x8::zero();
        if danger {
            let row = their_k | west_of(their_k) | east_of(their_k);
            attacked = X::Them::up_west(their_p)
                | X::Them::up_east(their_p)
                | row.shift(8)
                | row.shift(-8)
                | row
                | xray;
            attacked |= masks::knights_setwise(their_n);
        }

        // Sliders, set-wise, both sides' through the same empty squares: ours counted
        // (in one direction a square is reached by at most one slider, the first behind
        // it), theirs added to the attacked squares.
        let diagonal = bishops_queens & !pinned;
        let (ours_d, theirs_d) = (diagonal.any(), danger && their_bq.any());
        if ours_d || theirs_d {
            unrolled!(for d in Direction::BISHOP, [0, 1, 2, 3] {
                let through = Propagators::new(empty, d);
                if ours_d {
                    count = count.plus_len(through.attacks(diagonal) & targets);
                }
                if theirs_d {
                    attacked |= through.attacks(their_bq);
                }
            });
        }
        let straight = rooks_queens & !pinned;
        let (ours_s, theirs_s) = (straight.any(), danger && their_rq.any());
        if ours_s || theirs_s {
            unrolled!(for d in Direction::ROOK, [0, 1, 2, 3] {
                let through = Propagators::new(empty, d);
                if ours_s {
                    count = count.plus_len(through.attacks(straight) & targets);
                }
                if theirs_s {
                    attacked |= through.attacks(their_rq);
                }
            });
        }

        // The king, and castling.
        if danger {
            count = count.plus_len(king_targets & !attacked);
            if may_castle {
                for (i, c) in castling.iter().take(castle_count).enumerate() {
                    let mut ok = castles[i] & (attacked & U64x8::splat(c.path)).is_zero();
                    // A Chess960 rook may shield the king's target along the rank: look
                    // again with king and rook on their new squares.
                    if ok.any() && (their_rq & U64x8::splat(X::BACK_RANK.0)).any() {
                        let after =
                            (occupied & U64x8::splat(!(kb | c.rook))) | U64x8::splat(c.after);
                        let east = (after & U64x8::splat(c.east)).lowest();
                        let west = (after & U64x8::splat(c.west)).highest();
                        ok &= ((east | west) & their_rq).is_zero();
                    }
                    count = count.plus(U64x8::splat(1).keep(ok));
                }
            }
        }

        total = total + count.total().keep(Mask::first(children.len() - 8 * g));
    }
    total.sum()
}

/// Perft's visitor two plies above the leaves: lists the children that [`count_children`]
/// counts, and counts the others (en passant, and those with en passant possible) one by
/// one.
struct Collect<'a, S, C, K> {
    board: &'a Board,
    their_king: Square,
    children: Children,
    counted: u64,
    technique: PhantomData<(S, C, K)>,
}

impl<S: Slider, C: Side, K: Isa> Collect<'_, S, C, K> {
    #[inline(always)]
    fn one_by_one(&mut self, child: &Board) {
        self.counted += K::count_leaf::<S, C::Them>(child, self.their_king);
    }
}

impl<S: Slider, C: Side, K: Isa> Visitor for Collect<'_, S, C, K> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.children
            .extend(to.into_iter().map(|to| (from, to)), P, P);
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        let moves = to.into_iter().map(|to| (source(to, back), to));
        self.children.extend(moves, PAWN, PAWN);
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        // A child with en passant possible is counted on its own.
        let keep_ep = self.board.keeps_en_passant::<C>(to);
        for to in keep_ep {
            let child = self.board.make_double_push::<C>(source(to, back), to);
            self.one_by_one(&child);
        }
        let moves = (to - keep_ep).into_iter().map(|to| (source(to, back), to));
        self.children.extend(moves, PAWN, PAWN);
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
            let moves = to.into_iter().map(|to| (source(to, back), to));
            self.children.extend(moves, PAWN, piece);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let child = self.board.make_en_passant::<C>(from, to);
        self.one_by_one(&child);
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.children.push_castling(king, rook);
    }
}

/// [`perft2`] on `b` for the technique it is run with, where perft batches its last ply
/// ([`Slider::lanes_or`]).
pub(crate) struct Perft2<'a, C, K>(&'a Board, PhantomData<(C, K)>);

impl<'a, C, K> Perft2<'a, C, K> {
    #[inline(always)]
    pub(crate) fn new(b: &'a Board) -> Self {
        Perft2(b, PhantomData)
    }
}

impl<C: Side, K: Isa> WithSlider for Perft2<'_, C, K> {
    type Output = Option<u64>;
    #[inline(always)]
    fn run<S: Slider>(self) -> Option<u64> {
        Some(perft2::<S, C, K>(self.0))
    }
}

/// Leaf nodes two plies below side `C` to move on `b`.
#[inline(always)]
fn perft2<S: Slider, C: Side, K: Isa>(b: &Board) -> u64 {
    let mut v = Collect::<S, C, K> {
        board: b,
        their_king: b.king_of(C::THEM),
        children: Children::new(),
        counted: 0,
        technique: PhantomData,
    };
    enumerate::<S, C, _>(b, &mut v);
    v.counted + K::count_children::<C::Them>(b, v.their_king, v.children.seal())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::piecewise::{MakeEach, count_king};
    use crate::position::Position;
    use crate::side::{Black, White};
    #[cfg(target_arch = "x86_64")]
    use crate::simd::Avx512;
    use crate::simd::Portable;
    use crate::sliders::Classical;

    /// Lists the children [`count_children`] takes, each beside its board.
    struct Both<C> {
        board: Board,
        children: Children,
        boards: Vec<Board>,
        moves: Vec<Single>,
        side: PhantomData<C>,
    }

    /// How a child was pushed, to push it again alone.
    #[derive(Clone, Copy)]
    enum Single {
        Move(Square, Square, usize, usize),
        Castling(Square, Square),
    }

    impl<C: Side> Both<C> {
        fn add(&mut self, from: Square, to: Square, leaves: usize, arrives: usize, child: Board) {
            self.children.push(from, to, leaves, arrives);
            self.boards.push(child);
            self.moves.push(Single::Move(from, to, leaves, arrives));
        }
    }

    impl<C: Side> Visitor for Both<C> {
        fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
            for to in to {
                let child = self.board.make_move::<C, P>(from, to);
                self.add(from, to, P, P, child);
            }
        }
        fn pawns(&mut self, to: Bitboard, back: i32) {
            for to in to {
                let child = self.board.make_move::<C, PAWN>(source(to, back), to);
                self.add(source(to, back), to, PAWN, PAWN, child);
            }
        }
        fn double_pushes(&mut self, to: Bitboard, back: i32) {
            for to in to {
                let child = self.board.make_double_push::<C>(source(to, back), to);
                if child.ep.is_none() {
                    self.add(source(to, back), to, PAWN, PAWN, child);
                }
            }
        }
        fn promotions(&mut self, to: Bitboard, back: i32) {
            for to in to {
                for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
                    let child = self.board.make_promotion::<C>(source(to, back), to, piece);
                    self.add(source(to, back), to, PAWN, piece, child);
                }
            }
        }
        fn en_passant(&mut self, _: Square, _: Square) {}
        fn castling(&mut self, king: Square, rook: Square) {
            let child = self.board.make_castling::<C>(king, rook);
            self.children.push_castling(king, rook);
            self.boards.push(child);
            self.moves.push(Single::Castling(king, rook));
        }
    }

    /// At `b` (side `C` to move), the lanes' count of the children agrees with the scalar
    /// count, child by child (each child alone in its group) and all together.
    fn agree<C: Side>(b: &Board) {
        let mut both = Both::<C> {
            board: *b,
            children: Children::new(),
            boards: Vec::new(),
            moves: Vec::new(),
            side: PhantomData,
        };
        enumerate::<Classical, C, _>(b, &mut both);
        let king = b.king_of(C::THEM);
        let want: Vec<u64> = both
            .boards
            .iter()
            .map(|child| count_king::<Classical, C::Them>(child, king))
            .collect();
        let all = count_children::<C::Them, Portable>(b, king, both.children.seal());
        assert_eq!(all, want.iter().sum::<u64>(), "{b:?}");
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::x86_64_v4() {
            let all = count_children::<C::Them, Avx512>(b, king, both.children.seal());
            assert_eq!(all, want.iter().sum::<u64>(), "AVX-512: {b:?}");
        }
        for (i, child) in both.boards.iter().enumerate() {
            let mut one = Children::new();
            match both.moves[i] {
                Single::Move(from, to, leaves, arrives) => one.push(from, to, leaves, arrives),
                Single::Castling(king, rook) => one.push_castling(king, rook),
            }
            assert_eq!(
                count_children::<C::Them, Portable>(b, king, one.seal()),
                want[i],
                "{b:?} -> {child:?}"
            );
        }
    }

    /// [`agree`] at every node of the tree `depth` plies below `pos`.
    fn agree_below(pos: &Position, depth: u32) {
        fn walk<C: Side>(b: &Board, depth: u32) {
            agree::<C>(b);
            if depth > 1 {
                let mut children = Vec::new();
                enumerate::<Classical, C, _>(
                    b,
                    &mut MakeEach::<C, _>::new(b, |c: &Board| children.push(*c)),
                );
                for c in &children {
                    walk::<C::Them>(c, depth - 1);
                }
            }
        }
        match pos.side_to_move() {
            crate::Color::White => walk::<White>(pos.board(), depth),
            crate::Color::Black => walk::<Black>(pos.board(), depth),
        }
    }

    /// The positions of a suite file, read by [`crate::perft::suite::parse`].
    #[cfg(feature = "std")]
    fn suite(text: &str) -> Vec<Position> {
        crate::perft::suite::parse(text)
            .unwrap()
            .iter()
            .map(|e| {
                e.fen
                    .parse()
                    .unwrap_or_else(|err| panic!("{}: {err:?}", e.fen))
            })
            .collect()
    }

    #[cfg(feature = "std")]
    #[test]
    #[cfg_attr(
        miri,
        ignore = "every node two plies down counted three ways: over ten minutes for two \
                  positions under Miri, and without AVX-512 they reach no unsafe code that \
                  the other tests do not"
    )]
    fn the_lanes_count_as_the_scalar_count_on_the_standard_suite() {
        for pos in suite(include_str!("../../tests/data/standard.epd")) {
            agree_below(&pos, 2);
        }
    }

    #[cfg(feature = "std")]
    #[test]
    #[cfg_attr(
        miri,
        ignore = "every node two plies down counted three ways: over ten minutes for two \
                  positions under Miri, and without AVX-512 they reach no unsafe code that \
                  the other tests do not"
    )]
    fn the_lanes_count_as_the_scalar_count_on_chess960() {
        for pos in suite(include_str!("../../tests/data/fischer960.epd"))
            .iter()
            .take(200)
        {
            agree_below(pos, 2);
        }
    }

    #[cfg(feature = "std")]
    #[test]
    #[cfg_attr(
        miri,
        ignore = "every node two plies down counted three ways: over ten minutes for two \
                  positions under Miri, and without AVX-512 they reach no unsafe code that \
                  the other tests do not"
    )]
    fn the_lanes_count_as_the_scalar_count_on_random_positions() {
        for pos in suite(include_str!("../../tests/data/random-std.epd"))
            .iter()
            .take(300)
        {
            agree_below(pos, 2);
        }
        for pos in suite(include_str!("../../tests/data/random960.epd"))
            .iter()
            .take(300)
        {
            agree_below(pos, 2);
        }
    }
}
