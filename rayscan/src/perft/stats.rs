//! Perft statistics: what the perft tables of the chessprogramming wiki give beside the
//! node count, for the leaves at the final depth.
//!
//! - **captures** (en passant included), **en passant**, **castles**, **promotions** (each
//!   promotion move counts): properties of the last move;
//! - **checks**: leaves whose side to move is in check;
//! - **discovered checks**: leaves in check by exactly one piece, which is not the piece
//!   that moved (castling moves king and rook; a promotion moves the promoted piece);
//! - **double checks**: leaves in check by two pieces;
//! - **checkmates**: leaves in check with no legal move.
//!
//! The fast path ([`Perft::stats`](super::Perft::stats)) counts the last ply by sets, as plain perft does:
//! captures are the targets that hold an enemy piece, promotions four per target. Only
//! the moves that may give check are played: a piece landing on a square from which its
//! kind attacks the enemy king (looked up once per node, with the occupancy before the
//! move: a piece that opens its own line to the king would have been giving check
//! already), and any move of a piece that stands alone between the enemy king and one of
//! our sliders. En passant, castling and promotions are always played. Each suspect is
//! then classified on the board after the move. [`perft_stats_reference`] plays every
//! move and reads the definitions literally; the tests hold the two together, and both
//! against shakmaty.

use core::marker::PhantomData;
use core::ops::{Add, AddAssign};

use super::copy::Isa;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::masks;
use crate::movegen::entry::Hot;
use crate::movegen::piecewise::{
    BISHOP, KNIGHT, MakeEach, PAWN, QUEEN, ROOK, Visitor, enumerate, source,
};
use crate::position::{Board, Position};
use crate::side::Side;
use crate::sliders::{Slider, Technique, WithSlider};
use crate::square::Square;

/// Leaf counts of a perft, with the statistics of the chessprogramming wiki's tables.
///
/// # Examples
///
/// ```
/// use rayscan::perft::Perft;
/// use rayscan::position::Position;
/// let s = Perft::new(4).stats(&Position::startpos()).unwrap();
/// assert_eq!((s.nodes, s.captures, s.checks, s.checkmates), (197_281, 1576, 469, 8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// Leaf nodes.
    pub nodes: u64,
    /// Leaves reached by a capture, en passant included.
    pub captures: u64,
    /// Leaves reached by an en-passant capture.
    pub en_passant: u64,
    /// Leaves reached by castling.
    pub castles: u64,
    /// Leaves reached by a promotion (each promotion piece is one move).
    pub promotions: u64,
    /// Leaves whose side to move is in check.
    pub checks: u64,
    /// Leaves in check by exactly one piece, not the one that moved.
    pub discovered_checks: u64,
    /// Leaves in check by two pieces.
    pub double_checks: u64,
    /// Leaves in check with no legal move.
    pub checkmates: u64,
}

impl PerftStats {
    /// The statistics of a single leaf that no move led to (depth 0): one node.
    pub const LEAF: PerftStats = PerftStats {
        nodes: 1,
        captures: 0,
        en_passant: 0,
        castles: 0,
        promotions: 0,
        checks: 0,
        discovered_checks: 0,
        double_checks: 0,
        checkmates: 0,
    };

    /// Every field times `k`: the statistics of `k` copies of a subtree (a position that
    /// `k` move paths reach).
    #[must_use]
    pub fn times(self, k: u64) -> PerftStats {
        PerftStats {
            nodes: self.nodes * k,
            captures: self.captures * k,
            en_passant: self.en_passant * k,
            castles: self.castles * k,
            promotions: self.promotions * k,
            checks: self.checks * k,
            discovered_checks: self.discovered_checks * k,
            double_checks: self.double_checks * k,
            checkmates: self.checkmates * k,
        }
    }

    /// The fields with their names, in the order of the published tables (nodes first).
    pub fn fields(&self) -> [(&'static str, u64); 9] {
        [
            ("nodes", self.nodes),
            ("captures", self.captures),
            ("en_passant", self.en_passant),
            ("castles", self.castles),
            ("promotions", self.promotions),
            ("checks", self.checks),
            ("discovered_checks", self.discovered_checks),
            ("double_checks", self.double_checks),
            ("checkmates", self.checkmates),
        ]
    }
}

impl AddAssign for PerftStats {
    #[inline]
    fn add_assign(&mut self, o: PerftStats) {
        self.nodes += o.nodes;
        self.captures += o.captures;
        self.en_passant += o.en_passant;
        self.castles += o.castles;
        self.promotions += o.promotions;
        self.checks += o.checks;
        self.discovered_checks += o.discovered_checks;
        self.double_checks += o.double_checks;
        self.checkmates += o.checkmates;
    }
}

impl Add for PerftStats {
    type Output = PerftStats;
    #[inline]
    fn add(mut self, o: PerftStats) -> PerftStats {
        self += o;
        self
    }
}

/// The last ply of a statistics perft: side `C` moves on `board`, every move is a leaf.
struct Leaves<'a, S, C, K> {
    board: &'a Board,
    /// By piece kind: the squares from which a piece of ours of that kind attacks the
    /// enemy king (occupancy before the move).
    checks: [Bitboard; 6],
    /// Our pieces that stand alone between the enemy king and one of our sliders: any
    /// move of theirs off that line uncovers a check.
    blockers: Bitboard,
    out: &'a mut PerftStats,
    technique: PhantomData<(S, C, K)>,
}

impl<'a, S: Slider, C: Side, K: StatsCopy> Leaves<'a, S, C, K> {
    #[inline(always)]
    fn new(board: &'a Board, out: &'a mut PerftStats) -> Self {
        let king = board.king_of(C::THEM);
        let us = board.by_color[C::US];
        let occupied = board.occupied();
        let queens = board.by_piece[QUEEN];
        let diagonal = S::bishop_attacks(king, occupied);
        let straight = S::rook_attacks(king, occupied);
        let mut blockers = Bitboard::EMPTY;
        let snipers = us
            & ((masks::rook(king) & (board.by_piece[ROOK] | queens))
                | (masks::bishop(king) & (board.by_piece[BISHOP] | queens)));
        for s in snipers {
            let between = masks::between(king, s) & occupied;
            if between.len() == 1 && between.intersects(us) {
                blockers |= between;
            }
        }
        Leaves {
            board,
            checks: [
                masks::pawn_attacks(<C::Them as Side>::COLOR, king),
                masks::knight(king),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
            blockers,
            out,
            technique: PhantomData,
        }
    }

    /// The moves that may give check among those of the piece on `from` (kind `P`) to
    /// `to`: landing on a checking square, or leaving a line to the enemy king.
    #[inline(always)]
    fn suspects(&self, piece: usize, from: Square, to: Bitboard) -> Bitboard {
        if self.blockers.contains(from) {
            to
        } else {
            to & self.checks[piece]
        }
    }

    /// The pawn moves among `to` (each pawn `back` square indices behind its target) that
    /// may give check: onto a checking square, or by a pawn that leaves a line to the
    /// enemy king.
    #[inline(always)]
    fn pawn_suspects(&self, to: Bitboard, back: i32) -> Bitboard {
        let from_blockers = shift(self.blockers & self.board.by_piece[PAWN], back);
        to & (self.checks[PAWN] | from_blockers)
    }

    /// Classifies the leaf `child` (the opponent to move), reached by a move whose moved
    /// pieces now stand on `moved`.
    #[inline(never)]
    fn classify(&mut self, child: &Board, moved: Bitboard) {
        let checkers = checkers_of::<S>(child, C::THEM);
        if checkers.is_empty() {
            return;
        }
        self.out.checks += 1;
        if checkers.len() > 1 {
            self.out.double_checks += 1;
        } else if !checkers.intersects(moved) {
            self.out.discovered_checks += 1;
        }
        if K::count_leaf::<S, C::Them>(child, child.king_of(C::THEM)) == 0 {
            self.out.checkmates += 1;
        }
    }
}

/// The pieces giving check to the king of colour `color` (as an index) on `b`.
#[inline(always)]
fn checkers_of<S: Slider>(b: &Board, color: usize) -> Bitboard {
    b.attackers_to_with::<S>(b.king_of(color), b.occupied()) & b.by_color[1 - color]
}

/// `b` moved by `back` square indices (towards the eighth rank if positive).
#[inline(always)]
fn shift(b: Bitboard, back: i32) -> Bitboard {
    if back >= 0 {
        Bitboard(b.0 << back)
    } else {
        Bitboard(b.0 >> -back)
    }
}

impl<S: Slider, C: Side, K: StatsCopy> Visitor for Leaves<'_, S, C, K> {
    #[inline(always)]
    fn piece<const P: usize>(&mut self, from: Square, to: Bitboard) {
        self.out.nodes += u64::from(to.len());
        self.out.captures += u64::from((to & self.board.by_color[C::THEM]).len());
        for t in self.suspects(P, from, to) {
            let child = self.board.make_move::<C, P>(from, t);
            self.classify(&child, t.into());
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, back: i32) {
        self.out.nodes += u64::from(to.len());
        if back != C::UP {
            self.out.captures += u64::from(to.len());
        }
        for t in self.pawn_suspects(to, back) {
            let child = self.board.make_move::<C, PAWN>(source(t, back), t);
            self.classify(&child, t.into());
        }
    }
    #[inline(always)]
    fn double_pushes(&mut self, to: Bitboard, back: i32) {
        self.out.nodes += u64::from(to.len());
        for t in self.pawn_suspects(to, back) {
            let child = self.board.make_double_push::<C>(source(t, back), t);
            self.classify(&child, t.into());
        }
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, back: i32) {
        for t in to {
            for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
                self.out.nodes += 1;
                self.out.promotions += 1;
                if back != C::UP {
                    self.out.captures += 1;
                }
                let child = self.board.make_promotion::<C>(source(t, back), t, piece);
                self.classify(&child, t.into());
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.out.nodes += 1;
        self.out.captures += 1;
        self.out.en_passant += 1;
        let child = self.board.make_en_passant::<C>(from, to);
        self.classify(&child, to.into());
    }
    #[inline(always)]
    fn castling(&mut self, king: Square, rook: Square) {
        self.out.nodes += 1;
        self.out.castles += 1;
        let (king_to, rook_to) = crate::position::board::castling_targets(king, rook);
        let child = self.board.make_castling::<C>(king, rook);
        self.classify(&child, Bitboard::from(king_to) | rook_to.into());
    }
}

/// A copy of the hot paths ([`Isa`]) with the statistics' body compiled in it:
/// implemented by the dispatch ([`crate::isa`]).
pub(crate) trait StatsCopy: Isa {
    /// Perft statistics below side `C` to move on `b` ([`stats_body`]).
    fn stats_board<S: Slider, C: Side>(b: &Board, depth: u32, out: &mut PerftStats);
}

/// The statistics run in the copy the CPU can run: implemented by the dispatch
/// ([`crate::isa`]) for [`Hot`].
pub(crate) trait StatsEntry {
    /// Perft statistics (depth ≥ 1) of `pos`, added to `out`.
    fn stats<S: Slider>(pos: &Position, depth: u32, out: &mut PerftStats);
}

/// Statistics of the leaves `depth` (≥ 1) plies below side `C` to move on `b`, added to
/// `out`; the children are counted through `K`, the copy of the hot path being run.
#[inline(always)]
pub(crate) fn stats_body<S: Slider, C: Side, K: StatsCopy>(
    b: &Board,
    depth: u32,
    out: &mut PerftStats,
) {
    if depth <= 1 {
        let mut leaves = Leaves::<S, C, K>::new(b, out);
        enumerate::<S, C, _>(b, &mut leaves);
        return;
    }
    let mut each = MakeEach::<C, _>::new(b, |child: &Board| {
        K::stats_board::<S, C::Them>(child, depth - 1, out);
    });
    enumerate::<S, C, _>(b, &mut each);
}

/// Perft statistics of `pos` at `depth`, piece-wise with technique `S`.
pub(crate) fn count<S: Slider>(pos: &Position, depth: u32) -> PerftStats {
    if depth == 0 {
        return PerftStats::LEAF;
    }
    let mut out = PerftStats::default();
    Hot::stats::<S>(pos, depth, &mut out);
    out
}

struct Stats<'a> {
    pos: &'a Position,
    depth: u32,
}

impl WithSlider for Stats<'_> {
    type Output = PerftStats;
    fn run<S: Slider>(self) -> PerftStats {
        count::<S>(self.pos, self.depth)
    }
}

/// [`count`] with a technique chosen at run time.
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub(crate) fn count_with(technique: Technique, pos: &Position, depth: u32) -> PerftStats {
    technique.dispatch_auto_or_dyn(Stats { pos, depth })
}

/// [`count_with`] split by root move: calls `f(move, stats)` for every legal move, in
/// generation order, and returns the sum.
pub(crate) fn divide_with(
    technique: Technique,
    pos: &Position,
    depth: u32,
    mut f: impl FnMut(Move, &PerftStats),
) -> PerftStats {
    let mut total = PerftStats::default();
    if depth == 0 {
        return PerftStats::LEAF;
    }
    for m in pos.legal_moves().iter() {
        let s = if depth == 1 {
            leaf_move_stats(pos, m)
        } else {
            count_with(technique, &pos.play(m), depth - 1)
        };
        f(m, &s);
        total += s;
    }
    total
}

/// The statistics of the single leaf reached by playing `m` on `pos`, read from the
/// definitions (the reference, and depth 1 of a divide).
pub fn leaf_move_stats(pos: &Position, m: Move) -> PerftStats {
    let child = pos.play(m);
    let mut s = PerftStats::LEAF;
    let captured = pos
        .piece_at(m.to())
        .is_some_and(|(c, _)| c != pos.side_to_move());
    match m.kind() {
        MoveKind::EnPassant => {
            s.captures = 1;
            s.en_passant = 1;
        }
        MoveKind::Castling => s.castles = 1,
        MoveKind::Promotion(_) => {
            s.promotions = 1;
            s.captures = u64::from(captured);
        }
        MoveKind::Normal => s.captures = u64::from(captured),
    }
    let checkers = child.checkers();
    if checkers.is_empty() {
        return s;
    }
    s.checks = 1;
    // Where the moved pieces stand now: both of castling's, else the target.
    let moved: Bitboard = match m.kind() {
        MoveKind::Castling => {
            let (king_to, rook_to) = crate::position::board::castling_targets(m.from(), m.to());
            Bitboard::from(king_to) | rook_to.into()
        }
        _ => m.to().into(),
    };
    if checkers.len() >= 2 {
        s.double_checks = 1;
    } else if !checkers.intersects(moved) {
        s.discovered_checks = 1;
    }
    s.checkmates = u64::from(child.legal_moves().is_empty());
    s
}

/// Perft statistics of `pos` at `depth`, piece-wise with technique `S`.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).technique(..).stats(pos)`"
)]
pub fn perft_stats<S: Slider>(pos: &Position, depth: u32) -> PerftStats {
    count::<S>(pos, depth)
}

/// Perft statistics with a technique chosen at run time.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).technique(t).stats(pos)`"
)]
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub fn perft_stats_with(technique: Technique, pos: &Position, depth: u32) -> PerftStats {
    count_with(technique, pos, depth)
}

/// Perft statistics split by root move.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).technique(t).divide_stats(pos, f)`"
)]
pub fn divide_stats(
    technique: Technique,
    pos: &Position,
    depth: u32,
    f: impl FnMut(Move, &PerftStats),
) -> PerftStats {
    divide_with(technique, pos, depth, f)
}

/// Perft statistics by playing every move with [`Position::play`] and classifying each
/// leaf by the definitions: slow, and the reference the fast path is tested against.
pub fn perft_stats_reference(pos: &Position, depth: u32) -> PerftStats {
    if depth == 0 {
        return PerftStats::LEAF;
    }
    let mut total = PerftStats::default();
    for m in pos.legal_moves().iter() {
        total += if depth == 1 {
            leaf_move_stats(pos, m)
        } else {
            perft_stats_reference(&pos.play(m), depth - 1)
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Classical, Magic};

    const POSITIONS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];

    #[test]
    fn fast_statistics_equal_the_reference() {
        // Miri ran more than ten minutes to depth 3 (270,000 leaves, each made three
        // times); to depth 2 it walks the same code.
        let deepest = if cfg!(miri) { 2 } else { 3 };
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).unwrap().0;
            for depth in 0..=deepest {
                let want = perft_stats_reference(&pos, depth);
                assert_eq!(count::<Magic>(&pos, depth), want, "{fen} depth {depth}");
                assert_eq!(count::<Classical>(&pos, depth), want, "{fen} depth {depth}");
                assert_eq!(
                    want.nodes,
                    crate::perft::count::piece_wise::<Magic>(&pos, depth)
                );
            }
        }
    }

    /// The chessprogramming wiki's table for the start position, depth 5 (no disputed
    /// cells there).
    #[test]
    #[cfg_attr(
        miri,
        ignore = "4.9 million nodes: hours under Miri; the test above walks the same code"
    )]
    fn start_position_depth_five_matches_the_published_table() {
        let s = count::<Magic>(&Position::startpos(), 5);
        let want = PerftStats {
            nodes: 4_865_609,
            captures: 82_719,
            en_passant: 258,
            castles: 0,
            promotions: 0,
            checks: 27_351,
            discovered_checks: 6,
            double_checks: 0,
            checkmates: 347,
        };
        assert_eq!(s, want);
    }

    #[test]
    fn times_and_sums() {
        let s = count::<Magic>(&Position::startpos(), 3);
        assert_eq!(s + s, s.times(2));
        assert_eq!(s.fields()[0], ("nodes", 8902));
    }
}
