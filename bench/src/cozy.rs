//! cozy-chess's perft as its authors recommend it: the last ply counted by the lengths of
//! the move sets, the others by playing each move on a copy. One source for both builds
//! the harness compares: the `bench` crate's (with `pext`) and `bench/cozy-magic`'s
//! (without), which includes this file by path.

use cozy_chess::Board;

/// Leaf nodes `depth` (≥ 1) plies below `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}
