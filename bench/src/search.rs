//! An alpha-beta search with quiescence, written once against each library's public API,
//! as an engine author would write it first: the same evaluation (material and
//! piece-square tables, counted from scratch at every node), the same move ordering, the
//! same tree. What a search costs besides its evaluation is the library's: generating
//! moves, ordering them, making each one.
//!
//! The trees are the same node for node: moves are ordered by one total key (MVV-LVA,
//! then the move's squares and promotion, which both libraries write alike, castling as
//! the king onto its rook), the quiescence search tries the captures onto the opponent's
//! pieces (en passant aside, as cozy-chess's `set.to &= theirs` leaves it), and the
//! harness checks that both searches visit the same number of nodes and return the same
//! score.

use arrayvec::ArrayVec;

/// A score beyond any evaluation: mate in `ply` scores `-(MATE - ply)` for the mated side.
pub const MATE: i32 = 30_000;

/// Material, by kind (pawn, knight, bishop, rook, queen, king), as both libraries index
/// their kinds.
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Piece-square bonuses from white's side, a1 first (simplified, after Tomasz
/// Michniewski's tables); black reads them with the rank flipped (`sq ^ 56`).
const PST: [[i32; 64]; 6] = [
    // Pawn
    [
        0, 0, 0, 0, 0, 0, 0, 0, 5, 10, 10, -20, -20, 10, 10, 5, 5, -5, -10, 0, 0, -10, -5, 5, 0, 0,
        0, 20, 20, 0, 0, 0, 5, 5, 10, 25, 25, 10, 5, 5, 10, 10, 20, 30, 30, 20, 10, 10, 50, 50, 50,
        50, 50, 50, 50, 50, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    // Knight
    [
        -50, -40, -30, -30, -30, -30, -40, -50, -40, -20, 0, 5, 5, 0, -20, -40, -30, 5, 10, 15, 15,
        10, 5, -30, -30, 0, 15, 20, 20, 15, 0, -30, -30, 5, 15, 20, 20, 15, 5, -30, -30, 0, 10, 15,
        15, 10, 0, -30, -40, -20, 0, 0, 0, 0, -20, -40, -50, -40, -30, -30, -30, -30, -40, -50,
    ],
    // Bishop
    [
        -20, -10, -10, -10, -10, -10, -10, -20, -10, 5, 0, 0, 0, 0, 5, -10, -10, 10, 10, 10, 10,
        10, 10, -10, -10, 0, 10, 10, 10, 10, 0, -10, -10, 5, 5, 10, 10, 5, 5, -10, -10, 0, 5, 10,
        10, 5, 0, -10, -10, 0, 0, 0, 0, 0, 0, -10, -20, -10, -10, -10, -10, -10, -10, -20,
    ],
    // Rook
    [
        0, 0, 0, 5, 5, 0, 0, 0, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0,
        0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, 5, 10, 10, 10, 10, 10, 10, 5,
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
    // Queen
    [
        -20, -10, -10, -5, -5, -10, -10, -20, -10, 0, 5, 0, 0, 0, 0, -10, -10, 5, 5, 5, 5, 5, 0,
        -10, 0, 0, 5, 5, 5, 5, 0, -5, -5, 0, 5, 5, 5, 5, 0, -5, -10, 0, 5, 5, 5, 5, 0, -10, -10, 0,
        0, 0, 0, 0, 0, -10, -20, -10, -10, -5, -5, -10, -10, -20,
    ],
    // King (middle game)
    [
        20, 30, 10, 0, 0, 10, 30, 20, 20, 20, 0, 0, 0, 0, 20, 20, -10, -20, -20, -20, -20, -20,
        -20, -10, -20, -30, -30, -40, -40, -30, -30, -20, -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30, -30, -40,
        -40, -50, -50, -40, -40, -30,
    ],
];

/// The worth of the piece of kind `kind` and colour `white` on square `sq`.
#[inline]
fn worth(kind: usize, white: bool, sq: usize) -> i32 {
    VALUE[kind] + PST[kind][if white { sq } else { sq ^ 56 }]
}

/// The ordering key of a move, higher first: captures by MVV-LVA (the most valuable
/// victim, then the least valuable attacker), promotions by their piece, then the move's
/// squares and promotion, so that no two moves tie and both libraries order alike.
#[inline]
pub fn order_key(
    victim: Option<usize>,
    mover: usize,
    from: usize,
    to: usize,
    promotion: Option<usize>,
) -> u32 {
    let capture = victim.map_or(0, |v| 64 + 8 * v as u32 - mover as u32);
    let promote = promotion.map_or(0, |p| p as u32 + 1);
    (capture << 16) | (promote << 13) | ((from as u32) << 6) | to as u32
}

/// What a search found: the score from the side to move's view, and the nodes visited
/// (every call of the search and of the quiescence search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub score: i32,
    pub nodes: u64,
}

/// The eight positions the harness searches: the start, Kiwipete, CPW positions 3 to 6
/// and two middle games.
pub const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2r3k1/pp3ppp/2n1pn2/q2p4/3P4/P1PBPN2/5PPP/R2Q1RK1 b - - 0 15",
];

/// The search against rayscan's public API: `generate_moves_to` into a list with each
/// move's key, sorted, each move made with `play`; the quiescence search asks the
/// generator for the moves onto the opponent's pieces only.
pub mod rayscan_search {
    use super::*;
    use rayscan::{Color, Move, Position};

    /// The evaluation from the side to move's view.
    pub(crate) fn evaluate(p: &Position) -> i32 {
        let mut score = 0;
        for (i, piece) in rayscan::Piece::ALL.into_iter().enumerate() {
            for sq in p.colored(Color::White, piece) {
                score += worth(i, true, sq as usize);
            }
            for sq in p.colored(Color::Black, piece) {
                score -= worth(i, false, sq as usize);
            }
        }
        if p.side_to_move() == Color::White {
            score
        } else {
            -score
        }
    }

    /// The moves of `p` (only those onto `targets`, and no en passant, for `captures`),
    /// each with its ordering key, best first.
    fn ordered(p: &Position, captures: bool) -> ArrayVec<(u32, Move), 256> {
        let mut moves = ArrayVec::new();
        let targets = if captures {
            p.color(!p.side_to_move())
        } else {
            rayscan::Bitboard::FULL
        };
        p.generate_moves_to(targets, |set| {
            let mover = set.piece() as usize;
            for m in set {
                let victim = p.captured_piece(m).map(|v| v as usize);
                let promotion = m.promotion().map(|q| q as usize);
                let key = order_key(victim, mover, m.from() as usize, m.to() as usize, promotion);
                moves.push((key, m));
            }
            false
        });
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    /// The quiescence search: the captures, best first, after standing pat.
    pub(super) fn quiesce(p: &Position, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
        *nodes += 1;
        let stand = evaluate(p);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        for (_, m) in ordered(p, true) {
            let score = -quiesce(&p.play(m), -beta, -alpha, nodes);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn search(
        p: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> i32 {
        if depth == 0 {
            return quiesce(p, alpha, beta, nodes);
        }
        *nodes += 1;
        let moves = ordered(p, false);
        if moves.is_empty() {
            return if p.is_check() { -(MATE - ply) } else { 0 };
        }
        let mut best = -MATE;
        for (_, m) in moves {
            let score = -search(&p.play(m), depth - 1, ply + 1, -beta, -alpha, nodes);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches the position of `fen` to `depth` plies, then the captures.
    pub fn run(fen: &str, depth: u32) -> Found {
        let p: Position = fen.parse().expect("FEN");
        let mut nodes = 0;
        let score = search(&p, depth, 0, -MATE, MATE, &mut nodes);
        Found { score, nodes }
    }
}

/// The same search against cozy-chess's public API: `generate_moves` into a list with each
/// move's key, sorted, each move made with `play_unchecked` on a clone; the quiescence
/// search narrows each set with `set.to &= theirs`.
pub mod cozy_search {
    use super::*;
    use cozy_chess::{Board, Color, Move, Piece};

    fn evaluate(b: &Board) -> i32 {
        let mut score = 0;
        for (i, &piece) in Piece::ALL.iter().enumerate() {
            for sq in b.colored_pieces(Color::White, piece) {
                score += worth(i, true, sq as usize);
            }
            for sq in b.colored_pieces(Color::Black, piece) {
                score -= worth(i, false, sq as usize);
            }
        }
        if b.side_to_move() == Color::White {
            score
        } else {
            -score
        }
    }

    fn ordered(b: &Board, captures: bool) -> ArrayVec<(u32, Move), 256> {
        let mut moves = ArrayVec::new();
        let theirs = b.colors(!b.side_to_move());
        let ep = b.en_passant();
        b.generate_moves(|mut set| {
            let pawn = set.piece == Piece::Pawn;
            if captures {
                set.to &= theirs;
            }
            let mover = set.piece as usize;
            for m in set {
                let victim = match b.piece_on(m.to) {
                    Some(v) if theirs.has(m.to) => Some(v as usize),
                    // En passant: a pawn onto the empty square behind the pawn it takes.
                    None if pawn && Some(m.to.file()) == ep && m.from.file() != m.to.file() => {
                        Some(Piece::Pawn as usize)
                    }
                    _ => None,
                };
                let promotion = m.promotion.map(|q| q as usize);
                let key = order_key(victim, mover, m.from as usize, m.to as usize, promotion);
                moves.push((key, m));
            }
            false
        });
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    /// The position after `m`.
    pub(super) fn child(b: &Board, m: Move) -> Board {
        let mut c = b.clone();
        c.play_unchecked(m);
        c
    }

    /// The quiescence search: the captures, best first, after standing pat.
    pub(super) fn quiesce(b: &Board, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
        *nodes += 1;
        let stand = evaluate(b);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        for (_, m) in ordered(b, true) {
            let score = -quiesce(&child(b, m), -beta, -alpha, nodes);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn search(b: &Board, depth: u32, ply: i32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
        if depth == 0 {
            return quiesce(b, alpha, beta, nodes);
        }
        *nodes += 1;
        let moves = ordered(b, false);
        if moves.is_empty() {
            return if b.checkers().is_empty() {
                0
            } else {
                -(MATE - ply)
            };
        }
        let mut best = -MATE;
        for (_, m) in moves {
            let score = -search(&child(b, m), depth - 1, ply + 1, -beta, -alpha, nodes);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches the position of `fen` to `depth` plies, then the captures.
    pub fn run(fen: &str, depth: u32) -> Found {
        let b: Board = fen.parse().expect("FEN");
        let mut nodes = 0;
        let score = search(&b, depth, 0, -MATE, MATE, &mut nodes);
        Found { score, nodes }
    }
}

/// The moves of a node in two stages, as an engine orders them to spend less on nodes
/// that cut off early: the captures, keyed and sorted, and the other moves, keyed and
/// sorted only when no capture cut the node off. The key is [`order_key`], so the order,
/// and the tree, are those of the searches above.
struct Staged<Set, Move> {
    /// The captures, best first.
    captures: ArrayVec<(u32, Move), 256>,
    /// The generator's sets narrowed to the moves that capture nothing.
    others: ArrayVec<Set, 64>,
}

impl<Set, Move> Staged<Set, Move> {
    /// Empty lists, filled in place (returned by value, a list is copied whole).
    fn new() -> Self {
        Staged {
            captures: ArrayVec::new(),
            others: ArrayVec::new(),
        }
    }
}

/// The search above with the staged ordering, against rayscan's public API: one
/// `generate_moves`, each set split into its captures and the rest with
/// `MoveSet::with_targets`. The quiescence search, which has only the captures' stage,
/// is the one above.
pub mod rayscan_staged {
    use super::*;
    use rayscan::{Move, MoveSet, Position};

    use super::rayscan_search::quiesce;

    /// Fills `stages` (empty) with the moves of `p`.
    fn staged(p: &Position, stages: &mut Staged<MoveSet, Move>) {
        let Staged { captures, others } = stages;
        let theirs = p.color(!p.side_to_move());
        p.generate_moves(|set| {
            // En passant lands on an empty square: its set is a capture, whole.
            let taking = if set.is_en_passant() {
                set
            } else {
                set.with_targets(theirs)
            };
            let mover = set.piece() as usize;
            for m in taking {
                let victim = p.captured_piece(m).map(|v| v as usize);
                let promotion = m.promotion().map(|q| q as usize);
                let key = order_key(victim, mover, m.from() as usize, m.to() as usize, promotion);
                captures.push((key, m));
            }
            if !set.is_en_passant() {
                others.push(set.with_targets(!theirs));
            }
            false
        });
        captures.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    }

    /// The moves of `sets`, keyed and sorted.
    fn ordered(sets: &[MoveSet]) -> ArrayVec<(u32, Move), 256> {
        let mut moves = ArrayVec::new();
        for &set in sets {
            let mover = set.piece() as usize;
            for m in set {
                let promotion = m.promotion().map(|q| q as usize);
                let key = order_key(None, mover, m.from() as usize, m.to() as usize, promotion);
                moves.push((key, m));
            }
        }
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    fn search(
        p: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> i32 {
        if depth == 0 {
            return quiesce(p, alpha, beta, nodes);
        }
        *nodes += 1;
        let mut stages = Staged::new();
        staged(p, &mut stages);
        if stages.captures.is_empty() && stages.others.iter().all(MoveSet::is_empty) {
            return if p.is_check() { -(MATE - ply) } else { 0 };
        }
        let mut best = -MATE;
        // The other moves are keyed and sorted only when the loop gets to them.
        let others = core::iter::once_with(|| ordered(&stages.others)).flatten();
        for (_, m) in stages.captures.iter().copied().chain(others) {
            let score = -search(&p.play(m), depth - 1, ply + 1, -beta, -alpha, nodes);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches the position of `fen` to `depth` plies, then the captures.
    pub fn run(fen: &str, depth: u32) -> Found {
        let p: Position = fen.parse().expect("FEN");
        let mut nodes = 0;
        let score = search(&p, depth, 0, -MATE, MATE, &mut nodes);
        Found { score, nodes }
    }
}

/// The staged search against cozy-chess's public API: one `generate_moves`, each set
/// split into its captures and the rest with `set.to &= …` (for a pawn, the opponent's
/// pieces and the en-passant square, where en passant lands). The quiescence search is
/// the one above.
pub mod cozy_staged {
    use super::*;
    use cozy_chess::{BitBoard, Board, Move, Piece, PieceMoves, Rank, Square};

    use super::cozy_search::{child, quiesce};

    /// Fills `stages` (empty) with the moves of `b`.
    fn staged(b: &Board, stages: &mut Staged<PieceMoves, Move>) {
        let Staged { captures, others } = stages;
        let theirs = b.colors(!b.side_to_move());
        // En passant lands on an empty square: a pawn's captures are onto this one too.
        let ep = match b.en_passant() {
            Some(file) => Square::new(file, Rank::Sixth.relative_to(b.side_to_move())).bitboard(),
            None => BitBoard::EMPTY,
        };
        b.generate_moves(|set| {
            let pawn = set.piece == Piece::Pawn;
            let mut taking = set;
            taking.to &= if pawn { theirs | ep } else { theirs };
            let mover = set.piece as usize;
            for m in taking {
                let victim = b
                    .piece_on(m.to)
                    .map_or(Piece::Pawn as usize, |v| v as usize);
                let promotion = m.promotion.map(|q| q as usize);
                let key = order_key(
                    Some(victim),
                    mover,
                    m.from as usize,
                    m.to as usize,
                    promotion,
                );
                captures.push((key, m));
            }
            let mut rest = set;
            rest.to &= !(theirs | if pawn { ep } else { BitBoard::EMPTY });
            others.push(rest);
            false
        });
        captures.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    }

    /// The moves of `sets`, keyed and sorted.
    fn ordered(sets: &[PieceMoves]) -> ArrayVec<(u32, Move), 256> {
        let mut moves = ArrayVec::new();
        for &set in sets {
            let mover = set.piece as usize;
            for m in set {
                let promotion = m.promotion.map(|q| q as usize);
                let key = order_key(None, mover, m.from as usize, m.to as usize, promotion);
                moves.push((key, m));
            }
        }
        moves.sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
        moves
    }

    fn search(b: &Board, depth: u32, ply: i32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
        if depth == 0 {
            return quiesce(b, alpha, beta, nodes);
        }
        *nodes += 1;
        let mut stages = Staged::new();
        staged(b, &mut stages);
        if stages.captures.is_empty() && stages.others.iter().all(|s| s.to.is_empty()) {
            return if b.checkers().is_empty() {
                0
            } else {
                -(MATE - ply)
            };
        }
        let mut best = -MATE;
        // The other moves are keyed and sorted only when the loop gets to them.
        let others = core::iter::once_with(|| ordered(&stages.others)).flatten();
        for (_, m) in stages.captures.iter().copied().chain(others) {
            let score = -search(&child(b, m), depth - 1, ply + 1, -beta, -alpha, nodes);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches the position of `fen` to `depth` plies, then the captures.
    pub fn run(fen: &str, depth: u32) -> Found {
        let b: Board = fen.parse().expect("FEN");
        let mut nodes = 0;
        let score = search(&b, depth, 0, -MATE, MATE, &mut nodes);
        Found { score, nodes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both searches walk the same tree: the same nodes and score on every position.
    #[test]
    fn both_libraries_search_the_same_tree() {
        for fen in POSITIONS {
            for depth in 1..=3 {
                let r = rayscan_search::run(fen, depth);
                assert!(r.nodes > 1);
                assert_eq!(cozy_search::run(fen, depth), r, "{fen} at depth {depth}");
                // Staging the ordering changes the cost, not the tree.
                assert_eq!(rayscan_staged::run(fen, depth), r, "{fen} at depth {depth}");
                assert_eq!(cozy_staged::run(fen, depth), r, "{fen} at depth {depth}");
            }
        }
    }
}
