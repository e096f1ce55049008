//! Perft through each library's public API only, as an engine author writes it: list the
//! legal moves, copy the position, make the move, and count the last ply by the length of
//! what the API hands out. No crate-private shortcut: this is the speed an engine built on
//! the library gets from its move generator and its make-move.
//!
//! Every function takes the position by reference and returns the leaf count `depth`
//! (≥ 1) plies below it.

use arrayvec::ArrayVec;
use shakmaty::Position as _;

/// rayscan, the plainest engine code: `for m in pos.legal_moves()` at every node,
/// `play()` on each move, the last ply counted by `legal_moves().len()`.
pub fn rayscan_list(pos: &rayscan::Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in moves {
        nodes += rayscan_list(&pos.play(m), depth - 1);
    }
    nodes
}

/// rayscan with the cozy-chess idiom: `generate_moves` with a callback that gets the
/// moves as sets, the last ply counted by the sets' lengths, `play` on each move.
pub fn rayscan_callback(pos: &rayscan::Position, depth: u32) -> u64 {
    if depth == 1 {
        return rayscan_sets_len(pos);
    }
    let mut nodes = 0;
    pos.generate_moves(|moves| {
        for m in moves {
            nodes += rayscan_callback(&pos.play(m), depth - 1);
        }
        false
    });
    nodes
}

/// rayscan's fastest public way: `for_each_child`, whose make-move knows the moving
/// piece from the generator's set, the last ply counted by the sets' lengths
/// (`generate_moves`).
pub fn rayscan_children(pos: &rayscan::Position, depth: u32) -> u64 {
    children_perft(pos, depth, rayscan_sets_len)
}

/// [`rayscan_children`] with the last ply counted by `legal_moves().len()`, as the list
/// style counts it: in a crate built without `-C target-cpu`, this count runs in
/// rayscan's copy of the generator compiled for the CPU and is the faster one (both are
/// level in a native build).
pub fn rayscan_children_count(pos: &rayscan::Position, depth: u32) -> u64 {
    children_perft(pos, depth, |p| p.legal_moves().len() as u64)
}

/// The number of legal moves of `pos`, summed over the sets `generate_moves` hands over.
fn rayscan_sets_len(pos: &rayscan::Position) -> u64 {
    let mut nodes = 0;
    pos.generate_moves(|moves| {
        nodes += moves.len() as u64;
        false
    });
    nodes
}

/// Perft through `for_each_child`, the last ply counted by `leaf` (monomorphized, so
/// each way of counting compiles as if written in place).
fn children_perft(
    pos: &rayscan::Position,
    depth: u32,
    leaf: impl Fn(&rayscan::Position) -> u64 + Copy,
) -> u64 {
    if depth == 1 {
        return leaf(pos);
    }
    let mut nodes = 0;
    pos.for_each_child(|_, child| {
        nodes += children_perft(child, depth - 1, leaf);
        false
    });
    nodes
}

/// cozy-chess at its fastest: `generate_moves` with a callback that gets one piece's
/// moves as a set, the last ply counted by the sets' lengths, `play_unchecked` on a
/// clone. The same perft as the main table's ([`crate::cozy::perft`]).
pub fn cozy_callback(board: &cozy_chess::Board, depth: u32) -> u64 {
    crate::cozy::perft(board, depth)
}

/// cozy-chess written like a list-based engine: the moves collected into a fixed array
/// first (as a search that orders them must), the last ply counted by the array's length.
pub fn cozy_list(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut moves: ArrayVec<cozy_chess::Move, 256> = ArrayVec::new();
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = board.clone();
            child.play_unchecked(m);
            cozy_list(&child, depth - 1)
        })
        .sum()
}

/// shakmaty: `legal_moves()` and `play_unchecked` on a clone.
pub fn shakmaty_list(pos: &shakmaty::Chess, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            shakmaty_list(&child, depth - 1)
        })
        .sum()
}

/// chess: the legal move iterator and `make_move_new`, the last ply counted by the
/// iterator's length.
pub fn chess_list(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .map(|m| chess_list(&board.make_move_new(m), depth - 1))
        .sum()
}

/// Perft without bulk counting, as a search walks the tree: every legal move is made,
/// down to the leaves, which count one each (`depth` 0 is one node). These are the same
/// styles as above, each making its last ply instead of counting it.
pub mod made {
    use arrayvec::ArrayVec;
    use shakmaty::Position as _;

    /// rayscan, `for m in pos.legal_moves()`, `play` on each move.
    pub fn rayscan_list(pos: &rayscan::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        for m in pos.legal_moves() {
            nodes += rayscan_list(&pos.play(m), depth - 1);
        }
        nodes
    }

    /// rayscan, `generate_moves` with a callback, `play` on each move of each set.
    pub fn rayscan_callback(pos: &rayscan::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        pos.generate_moves(|moves| {
            for m in moves {
                nodes += rayscan_callback(&pos.play(m), depth - 1);
            }
            false
        });
        nodes
    }

    /// rayscan, `for_each_child`.
    pub fn rayscan_children(pos: &rayscan::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        pos.for_each_child(|_, child| {
            nodes += rayscan_children(child, depth - 1);
            false
        });
        nodes
    }

    /// cozy-chess, `generate_moves` with a callback, `play_unchecked` on a clone.
    pub fn cozy_callback(board: &cozy_chess::Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_callback(&child, depth - 1);
            }
            false
        });
        nodes
    }

    /// cozy-chess, the moves collected into a fixed array first.
    pub fn cozy_list(board: &cozy_chess::Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves: ArrayVec<cozy_chess::Move, 256> = ArrayVec::new();
        board.generate_moves(|set| {
            moves.extend(set);
            false
        });
        moves
            .iter()
            .map(|&m| {
                let mut child = board.clone();
                child.play_unchecked(m);
                cozy_list(&child, depth - 1)
            })
            .sum()
    }

    /// shakmaty, `legal_moves()` and `play_unchecked` on a clone.
    pub fn shakmaty_list(pos: &shakmaty::Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                shakmaty_list(&child, depth - 1)
            })
            .sum()
    }

    /// chess, the legal move iterator and `make_move_new`.
    pub fn chess_list(board: &chess::Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        chess::MoveGen::new_legal(board)
            .map(|m| chess_list(&board.make_move_new(m), depth - 1))
            .sum()
    }
}
