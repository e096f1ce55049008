//! Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! Bulk counting: at depth 1 the number of legal moves is the count, so the last ply is
//! generated but never played.

use crate::chess_move::Move;
use crate::position::Position;
use crate::sliders::{Slider, Technique, WithSlider};

/// Leaf nodes `depth` plies below `pos`, with slider technique `S`.
///
/// ```
/// use rayscan::perft::perft;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// assert_eq!(perft::<Classical>(&Position::startpos(), 3), 8902);
/// ```
pub fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves_with::<S>();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft::<S>(&pos.play(m), depth - 1))
        .sum()
}

/// Perft split by root move: calls `f(move, count)` for every legal move, in generation
/// order, and returns the total.
///
/// ```
/// use rayscan::perft::divide;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// let mut lines = Vec::new();
/// let total = divide::<Classical>(&Position::startpos(), 2, |m, n| lines.push(format!("{m}: {n}")));
/// assert_eq!(total, 400);
/// assert!(lines.contains(&"e2e4: 20".to_string()));
/// ```
pub fn divide<S: Slider>(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for &m in pos.legal_moves_with::<S>().iter() {
        let n = perft::<S>(&pos.play(m), depth - 1);
        f(m, n);
        total += n;
    }
    total
}

struct Perft<'a> {
    pos: &'a Position,
    depth: u32,
}

impl WithSlider for Perft<'_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        perft::<S>(self.pos, self.depth)
    }
}

/// [`perft`] with a technique chosen at run time (dispatched once, at the top).
pub fn perft_with(technique: Technique, pos: &Position, depth: u32) -> u64 {
    technique.dispatch(Perft { pos, depth })
}

impl Position {
    /// Perft with the fastest technique.
    pub fn perft(&self, depth: u32) -> u64 {
        perft::<crate::sliders::Fastest>(self, depth)
    }
}
