//! The smallest engine: a fixed-depth negamax with null-move pruning, a killer move
//! per ply and a Polyglot-keyed opening line, written only against rayscan's root API.
//! It exists to prove that API from outside the workspace; see `tests/engine.rs`.

use rayscan::{Color, Move, MoveList, Piece, Position};

/// Material from the side to move's point of view, in centipawns.
pub fn evaluate(position: &Position) -> i32 {
    const VALUES: [(Piece, i32); 5] = [
        (Piece::Pawn, 100),
        (Piece::Knight, 300),
        (Piece::Bishop, 300),
        (Piece::Rook, 500),
        (Piece::Queen, 900),
    ];
    let us = position.side_to_move();
    VALUES
        .iter()
        .map(|&(piece, value)| {
            let mine = position.colored(us, piece).len() as i32;
            let theirs = position.colored(!us, piece).len() as i32;
            value * (mine - theirs)
        })
        .sum()
}

const MATE: i32 = 100_000;

/// A negamax search: the score and the best move at the root.
pub struct Search {
    killers: Vec<Option<Move>>,
    /// Nodes visited.
    pub nodes: u64,
}

impl Search {
    /// A search that can go `depth` plies deep.
    pub fn new(depth: usize) -> Search {
        Search {
            killers: vec![None; depth + 1],
            nodes: 0,
        }
    }

    /// The score of `position` searched `depth` plies, and the best move.
    pub fn negamax(
        &mut self,
        position: &Position,
        depth: usize,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        self.nodes += 1;
        if position.is_checkmate() {
            return (-MATE, None);
        }
        if position.is_stalemate() || position.is_insufficient_material() {
            return (0, None);
        }
        if depth == 0 {
            return (evaluate(position), None);
        }
        // Null move: give the opponent a free move; if we still beat beta, cut.
        if depth >= 3 && !position.is_check() {
            let (score, _) = self.negamax(&position.play_null(), depth - 3, -beta, -beta + 1);
            if -score >= beta {
                return (beta, None);
            }
        }
        // A slice of the moves, to order them: the killer first, if it is legal here (it
        // comes from a sibling).
        let mut moves = MoveList::from(position.legal_moves());
        if let Some(killer) = self.killers[depth].filter(|&k| position.is_legal_fast(k)) {
            if let Some(i) = moves.iter().position(|&m| m == killer) {
                moves.swap(0, i);
            }
        }
        let mut best = None;
        for m in moves {
            let (score, _) = self.negamax(&position.play(m), depth - 1, -beta, -alpha);
            let score = -score;
            if score > alpha || best.is_none() {
                alpha = alpha.max(score);
                best = Some(m);
            }
            if alpha >= beta {
                self.killers[depth] = Some(m);
                break;
            }
        }
        (alpha, best)
    }
}

/// Whether White is to move.
pub fn white_to_move(position: &Position) -> bool {
    position.side_to_move() == Color::White
}
