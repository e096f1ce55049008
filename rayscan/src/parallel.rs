//! Perft on several threads and with a shared transposition table (needs `std`).
//!
//! - **Threads** split the tree two plies down: every (first move, reply) pair is one
//!   job, and workers take the next job from a shared counter, so one thread never sits
//!   idle while another works through a big subtree. Any generator and technique.
//! - **The hash table** ([`PerftTable`], see [`crate::perft::hash`]) remembers subtree
//!   counts by a 128-bit key and the depth, shared by all threads without locks. Hashing
//!   is for the piece-wise generator, with any technique.
//! - **Statistics** ([`perft_parallel_stats`]) split the same way.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::vec::Vec;

use crate::chess_move::Move;
use crate::movegen::{Generator, UnsupportedTechnique};
pub use crate::perft::hash::PerftTable;
use crate::perft::hash::perft_hashed_with;
use crate::perft::perft_by;
use crate::perft::stats::{PerftStats, divide_stats, perft_stats_with};
use crate::position::Position;
use crate::sliders::Technique;

/// Runs `count(position, depth)` over the jobs two plies below `pos` (depth ≥ 2) on
/// `threads` workers, and reports each root move's sum in generation order.
fn split_run<T: Default + Copy + core::ops::AddAssign + Send>(
    pos: &Position,
    depth: u32,
    threads: usize,
    count: impl Fn(&Position, u32) -> T + Sync,
    mut report: impl FnMut(Move, T),
) -> T {
    // Jobs: (root index, position after the root move and one reply) at depth - 2, or
    // the root move's position itself where it has no reply.
    let roots: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let mut jobs: Vec<(usize, Position, u32)> = Vec::new();
    for (i, &m) in roots.iter().enumerate() {
        let child = pos.play(m);
        let replies = child.legal_moves();
        if replies.is_empty() || depth == 2 {
            jobs.push((i, child, depth - 1));
        } else {
            jobs.extend(replies.iter().map(|&r| (i, child.play(r), depth - 2)));
        }
    }
    let sums: Vec<Mutex<T>> = roots.iter().map(|_| Mutex::new(T::default())).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    let Some((i, p, d)) = jobs.get(j) else { break };
                    let n = count(p, *d);
                    if let Some(Ok(mut sum)) = sums.get(*i).map(Mutex::lock) {
                        *sum += n;
                    }
                }
            });
        }
    });
    let mut total = T::default();
    for (m, sum) in roots.iter().zip(sums) {
        let n = sum.into_inner().unwrap_or_else(|e| e.into_inner());
        report(*m, n);
        total += n;
    }
    total
}

/// Perft statistics ([`crate::perft::stats`]) with `threads` workers (at least one),
/// piece-wise with `technique`. Calls `report(move, stats)` for every root move, in
/// generation order.
///
/// ```
/// use rayscan::parallel::perft_parallel_stats;
/// use rayscan::position::Position;
/// use rayscan::sliders::Technique;
/// let s = perft_parallel_stats(Technique::Magic, &Position::startpos(), 4, 2, |_, _| {});
/// assert_eq!((s.nodes, s.checks, s.checkmates), (197_281, 469, 8));
/// ```
pub fn perft_parallel_stats(
    technique: Technique,
    pos: &Position,
    depth: u32,
    threads: usize,
    mut report: impl FnMut(Move, &PerftStats),
) -> PerftStats {
    if depth <= 1 {
        return divide_stats(technique, pos, depth, report);
    }
    split_run(
        pos,
        depth,
        threads,
        |p, d| perft_stats_with(technique, p, d),
        |m, s| report(m, &s),
    )
}

/// Perft with `threads` workers (at least one) and an optional shared hash table, for
/// any generator and technique; the table is used with the piece-wise generator. Calls
/// `report(move, count)` for every root move, in generation order, like
/// [`crate::perft::divide_by`].
pub fn perft_parallel(
    generator: Generator,
    technique: Technique,
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    mut report: impl FnMut(Move, u64),
) -> Result<u64, UnsupportedTechnique> {
    // Check the pair once, and answer the shallow cases directly.
    let total = perft_by(generator, technique, pos, depth.min(1))?;
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        for &m in pos.legal_moves().iter() {
            report(m, 1);
        }
        return Ok(total);
    }
    let count = |p: &Position, d: u32| -> u64 {
        match table {
            Some(t) if generator == Generator::PieceWise => perft_hashed_with(technique, p, d, t),
            _ => perft_by(generator, technique, p, d).unwrap_or(0),
        }
    };
    Ok(split_run(pos, depth, threads, count, report))
}
