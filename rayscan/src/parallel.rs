//! Perft on several threads and with a shared transposition table (needs `std`).
//!
//! - **Threads** split the tree two plies down: every (first move, reply) pair is one
//!   job, and workers take the next job from a shared counter, so one thread never sits
//!   idle while another works through a big subtree. Any generator and technique.
//! - **The hash table** ([`PerftTable`]) remembers subtree counts by Zobrist key and
//!   depth, shared by all threads without locks: each entry is two 64-bit words, the key
//!   xor the data and the data, so a torn write (one word from one thread, one from
//!   another) fails the key check and reads as a miss. A hit needs the key and the depth to
//!   match; with 64-bit keys a false hit is possible but not expected in a lifetime of
//!   perfts, and the tests compare hashed counts with unhashed ones. Hashing is for the
//!   piece-wise generator.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::vec::Vec;

use crate::chess_move::Move;
use crate::movegen::{count, Generator, UnsupportedTechnique};
use crate::perft::perft_by;
use crate::position::Position;
use crate::sliders::{Slider, Technique, WithSlider};

/// A lock-free table of perft subtree counts, keyed by Zobrist key and depth.
pub struct PerftTable {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PerftTable {
    /// A table of at most `megabytes` MiB (a power of two number of 16-byte entries, at
    /// least one). Fails with the number asked for if the memory cannot be had.
    pub fn new(megabytes: usize) -> Result<PerftTable, usize> {
        let bytes = megabytes.checked_mul(1 << 20).ok_or(megabytes)?;
        let wanted = (bytes / 16).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() >> 1
        };
        let mut entries = Vec::new();
        entries.try_reserve_exact(len).map_err(|_| megabytes)?;
        entries.resize_with(len, || [AtomicU64::new(0), AtomicU64::new(0)]);
        Ok(PerftTable {
            entries,
            mask: len - 1,
        })
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * 16
    }

    #[inline]
    fn slot(&self, key: u64) -> Option<&[AtomicU64; 2]> {
        self.entries.get(key as usize & self.mask)
    }

    /// The stored count for `key` at `depth`, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = self.slot(key)?;
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (check ^ data == key && data & 0xff == u64::from(depth) && data != 0).then_some(data >> 8)
    }

    /// Stores `nodes` for `key` at `depth` (always replacing). Counts above 2^56 are not
    /// stored.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, nodes: u64) {
        if nodes >> 56 != 0 || depth > 255 {
            return;
        }
        if let Some(slot) = self.slot(key) {
            let data = nodes << 8 | u64::from(depth);
            slot[0].store(key ^ data, Ordering::Relaxed);
            slot[1].store(data, Ordering::Relaxed);
        }
    }
}

/// Piece-wise perft with technique `S`, looking subtrees up in `table` (depth ≥ 2).
pub fn perft_hashed<S: Slider>(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    match depth {
        0 => return 1,
        1 => return count::<S>(pos),
        _ => {}
    }
    if let Some(n) = table.probe(pos.key(), depth) {
        return n;
    }
    let nodes = pos
        .legal_moves_with::<S>()
        .iter()
        .map(|&m| perft_hashed::<S>(&pos.play(m), depth - 1, table))
        .sum();
    table.store(pos.key(), depth, nodes);
    nodes
}

struct Hashed<'a> {
    pos: &'a Position,
    depth: u32,
    table: &'a PerftTable,
}

impl WithSlider for Hashed<'_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        perft_hashed::<S>(self.pos, self.depth, self.table)
    }
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
    let count_child = |p: &Position, d: u32| -> u64 {
        match table {
            Some(t) if generator == Generator::PieceWise => technique.dispatch(Hashed {
                pos: p,
                depth: d,
                table: t,
            }),
            _ => perft_by(generator, technique, p, d).unwrap_or(0),
        }
    };
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
    let sums: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some((i, p, d)) = jobs.get(j) else { break };
                let n = count_child(p, *d);
                if let Some(sum) = sums.get(*i) {
                    sum.fetch_add(n, Ordering::Relaxed);
                }
            });
        }
    });
    let mut total = 0;
    for (m, sum) in roots.iter().zip(&sums) {
        let n = sum.load(Ordering::Relaxed);
        report(*m, n);
        total += n;
    }
    Ok(total)
}
