//! Hashed perft: subtree counts remembered in a shared table, so that a position reached
//! again by another move order (a transposition) is counted once.
//!
//! **The key** is a 128-bit Zobrist key of the board perft copies (pieces, castling rooks,
//! en-passant square) and the side to move, made from a seed ([`HashKeys::new`]; the CLI's
//! `--hash-seed`). A child's key is its parent's key xor the keys of what differs
//! between the two boards, found by comparing the twelve piece sets: one rule for every
//! kind of move, castling and promotions included, with no captured piece to look up.
//!
//! **The table** ([`PerftTable`]) is an array of 64-byte buckets, one cache line each,
//! of four 16-byte entries. The key's high half chooses the bucket; an entry holds the
//! key's low half xor its data, and the data (count in the high 56 bits, depth in the low
//! 8). A hit needs the whole low half and the depth to match, so a false hit needs a
//! different position that agrees on 64 + log2(buckets) key bits (88 at 1 GiB). The xor
//! makes the entries lock-free: a torn write, one word from one thread and one from
//! another, fails the check and reads as a miss. A store replaces the same position's
//! entry, or else the one with the smallest count (the cheapest to recompute). Only
//! depths ≥ 2 are stored; depth 1 is a bulk count, cheaper than a memory access.
//!
//! **Prefetch.** A node with three plies or more to go makes its children in batches:
//! each child's key is computed and its bucket prefetched as it is made, and only then
//! are the buckets probed, so the cache misses of a batch overlap.

use std::alloc::{Layout, alloc_zeroed};
use std::boxed::Box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::copy::Isa;
use crate::color::Color;
use crate::movegen::entry::Hot;
use crate::movegen::piecewise::{MakeEach, enumerate};
use crate::position::zobrist::splitmix;
use crate::position::{Board, Position};
use crate::side::Side;
use crate::sliders::{Slider, WithSlider};

use super::Method;

/// The seed of [`PerftTable::new`]'s keys.
pub const DEFAULT_SEED: u64 = 0x5241_5953_4341_4e21;

/// 128-bit Zobrist keys for the hashed perft, made from a seed.
pub struct HashKeys {
    /// By colour, piece kind and square.
    pieces: [[[u128; 64]; 6]; 2],
    /// By castling rook square (the square tells the colour).
    castling: [u128; 64],
    /// By the en-passant square's file (its rank follows from the side to move).
    ep_file: [u128; 8],
    /// Black to move.
    black: u128,
}

impl HashKeys {
    /// The keys made from `seed`: different seeds give independent keys, so that a rerun
    /// with another seed rules out a false hit.
    pub fn new(seed: u64) -> Box<HashKeys> {
        let mut state = seed;
        let mut half = || {
            let (next, z) = splitmix(state);
            state = next;
            u128::from(z)
        };
        let mut next = || half() << 64 | half();
        let mut keys = Box::new(HashKeys {
            pieces: [[[0; 64]; 6]; 2],
            castling: [0; 64],
            ep_file: [0; 8],
            black: 0,
        });
        for color in &mut keys.pieces {
            for piece in color.iter_mut() {
                for key in piece.iter_mut() {
                    *key = next();
                }
            }
        }
        for key in &mut keys.castling {
            *key = next();
        }
        for key in &mut keys.ep_file {
            *key = next();
        }
        keys.black = next();
        keys
    }

    /// The key of `b` with `side` to move, from scratch.
    pub(crate) fn board_key(&self, b: &Board, side: Color) -> u128 {
        let mut key = if side == Color::Black { self.black } else { 0 };
        key ^= self.diff_pieces(&Board::EMPTY, b);
        for sq in b.castle_rooks {
            key ^= self.castling[sq as usize];
        }
        if let Some(ep) = b.ep {
            key ^= self.ep_file[ep as usize & 7];
        }
        key
    }

    /// The keys of the pieces that differ between `a` and `b`.
    #[inline(always)]
    fn diff_pieces(&self, a: &Board, b: &Board) -> u128 {
        let mut key = 0;
        for (color, keys) in self.pieces.iter().enumerate() {
            for (piece, keys) in keys.iter().enumerate() {
                let changed = a.colored(color, piece) ^ b.colored(color, piece);
                for sq in changed {
                    key ^= keys[sq as usize];
                }
            }
        }
        key
    }

    /// What to xor into the key of `parent` to get the key of `child`, one move later
    /// (so with the other side to move).
    #[inline(always)]
    pub(crate) fn step(&self, parent: &Board, child: &Board) -> u128 {
        let mut key = self.black ^ self.diff_pieces(parent, child);
        for sq in parent.castle_rooks ^ child.castle_rooks {
            key ^= self.castling[sq as usize];
        }
        if let Some(ep) = parent.ep {
            key ^= self.ep_file[ep as usize & 7];
        }
        if let Some(ep) = child.ep {
            key ^= self.ep_file[ep as usize & 7];
        }
        key
    }
}

/// One entry: the key's low half xor the data, and the data (count << 8 | depth).
type Entry = [AtomicU64; 2];

/// Entries per bucket: four 16-byte entries, one 64-byte cache line.
const WAYS: usize = 4;

/// A lock-free table of perft subtree counts, shared by threads, with its own keys.
pub struct PerftTable {
    /// `WAYS` entries per bucket, from `offset` on (where the first cache line begins),
    /// plus up to three spare entries.
    entries: Box<[Entry]>,
    /// Whether [`PerftTable::prefault`] has run.
    mapped: AtomicBool,
    offset: usize,
    mask: usize,
    keys: Box<HashKeys>,
    seed: u64,
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerftTable")
            .field("bytes", &self.bytes())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl PerftTable {
    /// A table of at most `megabytes` MiB (a power of two number of 64-byte buckets, at
    /// least one) with the default keys. Fails with the number asked for if the memory
    /// cannot be had.
    ///
    /// # Errors
    ///
    /// The number of MiB asked for, when that memory cannot be allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::hash::PerftTable;
    /// let t = PerftTable::new(1).unwrap();
    /// assert_eq!(t.bytes(), 1 << 20);
    /// ```
    pub fn new(megabytes: usize) -> Result<PerftTable, usize> {
        PerftTable::with_seed(megabytes, DEFAULT_SEED)
    }

    /// A table whose keys are made from `seed` ([`HashKeys::new`]).
    ///
    /// # Errors
    ///
    /// The number of MiB asked for, when that memory cannot be allocated.
    pub fn with_seed(megabytes: usize, seed: u64) -> Result<PerftTable, usize> {
        let bytes = megabytes.checked_mul(1 << 20).ok_or(megabytes)?;
        let wanted = (bytes / 64).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() >> 1
        };
        PerftTable::with_buckets(buckets, seed).ok_or(megabytes)
    }

    /// A table of `buckets` buckets (a power of two) with the keys made from `seed`, or
    /// `None` if the memory cannot be had.
    fn with_buckets(buckets: usize, seed: u64) -> Option<PerftTable> {
        debug_assert!(buckets.is_power_of_two());
        let len = buckets.checked_mul(WAYS)? + WAYS - 1;
        let layout = Layout::array::<Entry>(len).ok()?;
        // SAFETY: the layout's size is not zero (at least seven entries). All-zero bytes
        // are a valid `Entry` (`AtomicU64` has the representation of `u64`), so the zeroed
        // allocation holds `len` initialised entries, and the box takes ownership of
        // exactly the allocation made with that layout. The entries' alignment (8) is at
        // most the allocator's own, so this is `calloc`: pages come from the system
        // already zero, as they are touched, with no memset of the whole table up front
        // (which a 64-byte alignment would cost: a fifth of a deep hashed perft).
        let entries = unsafe {
            let ptr = alloc_zeroed(layout).cast::<Entry>();
            if ptr.is_null() {
                return None;
            }
            Box::from_raw(core::ptr::slice_from_raw_parts_mut(ptr, len))
        };
        // The first entry on a cache-line boundary (entries are 16-byte aligned).
        let offset = (64 - entries.as_ptr() as usize % 64) % 64 / 16;
        Some(PerftTable {
            entries,
            mapped: AtomicBool::new(false),
            offset,
            mask: buckets - 1,
            keys: HashKeys::new(seed),
            seed,
        })
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        (self.mask + 1) * 64
    }

    /// The seed its keys were made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Has the system map every page of the table now, page after page, on one thread:
    /// [`PerftTable::prefault_on`] with one thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::{hash::PerftTable, Perft};
    /// use rayscan::position::Position;
    /// use rayscan::sliders::Magic;
    /// let table = PerftTable::new(4).unwrap();
    /// table.prefault();
    /// assert_eq!(Perft::new(4).hash(&table).count_slider::<Magic>(&Position::startpos()), Ok(197_281));
    /// ```
    pub fn prefault(&self) {
        self.prefault_on(1);
    }

    /// Has the system map every page of the table now, page after page, `threads` (at
    /// least one, this one among them) each taking an equal run of pages: once per
    /// table, later calls return at once. The hashed perfts call it before they search,
    /// with as many threads as will search.
    ///
    /// The table comes from the system zeroed and unmapped. Left alone, each page is
    /// mapped at the first probe that lands on it, in random order, during the search;
    /// mapped in order first, the pages cost the system less time, and several threads
    /// share the work (the book's deep-perft chapter says what else was tried).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::{hash::PerftTable, Perft};
    /// use rayscan::position::Position;
    /// use rayscan::sliders::Magic;
    /// let table = PerftTable::new(4).unwrap();
    /// table.prefault_on(2);
    /// assert_eq!(Perft::new(4).hash(&table).count_slider::<Magic>(&Position::startpos()), Ok(197_281));
    /// ```
    pub fn prefault_on(&self, threads: usize) {
        // Read first: the hashed perfts call this at every entry, from every thread.
        if self.mapped.load(Ordering::Relaxed) || self.mapped.swap(true, Ordering::Relaxed) {
            return;
        }
        // One write per 4 KiB page (256 entries of 16 bytes), by a compare-exchange of
        // zero for zero: it succeeds on a fresh entry and, failing on one in use, writes
        // the old value back (x86), so no entry changes. Adding zero would not do: the
        // compiler turns it into a read, which maps the shared zero page, and the first
        // store would fault again.
        fn map(entries: &[Entry]) {
            for entry in entries.iter().step_by(256) {
                let _ = entry[0].compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
        // Runs of whole pages (from the table's start), so each page is written once, and
        // of at least 4 MiB: a thread costs more than mapping a smaller run.
        let threads = threads.clamp(1, (self.entries.len() >> 18).max(1));
        let run = self.entries.len().div_ceil(threads).next_multiple_of(256);
        let mut runs = self.entries.chunks(run);
        let mine = runs.next().unwrap_or(&[]);
        std::thread::scope(|scope| {
            for other in runs {
                // Where no thread can be had, this one maps the run.
                if std::thread::Builder::new()
                    .spawn_scoped(scope, move || map(other))
                    .is_err()
                {
                    map(other);
                }
            }
            map(mine);
        });
    }

    /// Key bits that must agree for a false hit: the low half, checked whole, and the
    /// bucket index taken from the high half.
    pub fn key_bits(&self) -> u32 {
        64 + self.mask.count_ones()
    }

    /// This table's key of `pos`.
    pub fn key(&self, pos: &Position) -> u128 {
        self.keys.board_key(pos.board(), pos.side_to_move())
    }

    /// The four entries `key` may be stored in.
    #[inline(always)]
    fn bucket(&self, key: u128) -> &[Entry] {
        let start = self.offset + ((key >> 64) as usize & self.mask) * WAYS;
        // Always in bounds (the mask and the spare entries see to it).
        self.entries.get(start..start + WAYS).unwrap_or(&[])
    }

    /// Starts loading `key`'s bucket into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p: *const Entry = self.bucket(key).as_ptr();
            // SAFETY: a prefetch is a hint: it never faults and reads nothing into the
            // program's state; `p` points into the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored count for `key` at `depth`, if any.
    #[inline]
    pub fn probe(&self, key: u128, depth: u32) -> Option<u64> {
        let check = key as u64;
        for entry in self.bucket(key) {
            let word = entry[0].load(Ordering::Relaxed);
            let data = entry[1].load(Ordering::Relaxed);
            if word ^ data == check && data & 0xff == u64::from(depth) && data != 0 {
                return Some(data >> 8);
            }
        }
        None
    }

    /// Stores `nodes` for `key` at `depth`: over the same position's entry, or else over
    /// the entry with the smallest count. Counts of 2^56 or more, and depths over 255,
    /// are not stored.
    #[inline]
    pub fn store(&self, key: u128, depth: u32, nodes: u64) {
        if nodes >> 56 != 0 || depth > 255 {
            return;
        }
        let check = key as u64;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut least = u64::MAX;
        for (i, entry) in bucket.iter().enumerate() {
            let word = entry[0].load(Ordering::Relaxed);
            let data = entry[1].load(Ordering::Relaxed);
            if word ^ data == check && data & 0xff == u64::from(depth) {
                victim = i;
                break;
            }
            if data >> 8 < least {
                least = data >> 8;
                victim = i;
            }
        }
        let data = nodes << 8 | u64::from(depth);
        if let Some(entry) = bucket.get(victim) {
            entry[0].store(check ^ data, Ordering::Relaxed);
            entry[1].store(data, Ordering::Relaxed);
        }
    }
}

/// How many children a node makes (and prefetches) before it probes them.
const BATCH: usize = 32;

/// A copy of the hot paths ([`Isa`]) with the hashed perft's body compiled in it:
/// implemented by the dispatch ([`crate::isa`]).
pub(crate) trait HashedCopy: Isa {
    /// Hashed perft below side `C` to move on `b`, depth ≥ 3 ([`hashed_body`]).
    fn hashed_board<S: Slider, C: Side>(
        b: &Board,
        key: u128,
        depth: u32,
        table: &PerftTable,
    ) -> u64;
}

/// The hashed perft run in the copy the CPU can run: implemented by the dispatch
/// ([`crate::isa`]) for [`Hot`].
pub(crate) trait HashedEntry {
    /// Hashed perft (depth ≥ 2) of `pos`, whose key in `table` is `key`: looked up
    /// first, stored after.
    fn perft_hashed<S: Slider>(pos: &Position, key: u128, depth: u32, table: &PerftTable) -> u64;
}

/// The subtree count of side `C` to move on `b`, `depth` (≥ 2) plies deep, looked up
/// first and stored after.
#[inline(always)]
pub(crate) fn lookup<S: Slider, C: Side, K: HashedCopy>(
    b: &Board,
    key: u128,
    depth: u32,
    table: &PerftTable,
) -> u64 {
    if let Some(n) = table.probe(key, depth) {
        return n;
    }
    let n = if depth == 2 {
        K::perft_board::<S, C>(b, 2)
    } else {
        K::hashed_board::<S, C>(b, key, depth, table)
    };
    table.store(key, depth, n);
    n
}

/// Leaf nodes `depth` (≥ 3) plies below side `C` to move on `b` (with key `key`), every
/// child looked up in `table`: made, keyed and prefetched in batches, then probed.
#[inline(always)]
pub(crate) fn hashed_body<S: Slider, C: Side, K: HashedCopy>(
    b: &Board,
    key: u128,
    depth: u32,
    table: &PerftTable,
) -> u64 {
    let mut boards = [Board::EMPTY; BATCH];
    let mut keys = [0u128; BATCH];
    let mut len = 0;
    let mut nodes = 0;
    let flush = |boards: &[Board], keys: &[u128]| -> u64 {
        boards
            .iter()
            .zip(keys)
            .map(|(child, &k)| lookup::<S, C::Them, K>(child, k, depth - 1, table))
            .sum()
    };
    let mut each = MakeEach::<C, _>::new(b, |child: &Board| {
        let k = key ^ table.keys.step(b, child);
        table.prefetch(k);
        if let (Some(slot), Some(kslot)) = (boards.get_mut(len), keys.get_mut(len)) {
            *slot = *child;
            *kslot = k;
            len += 1;
        }
        if len == BATCH {
            nodes += flush(&boards, &keys);
            len = 0;
        }
    });
    enumerate::<S, C, _>(b, &mut each);
    nodes + flush(&boards[..len], &keys[..len])
}

/// Perft of `pos` with technique `S`, subtrees of depth ≥ 2 looked up in `table`.
pub(crate) fn hashed<S: Slider>(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    table.prefault();
    match depth {
        0 => 1,
        1 => crate::movegen::count::<S>(pos),
        _ => Hot::perft_hashed::<S>(pos, table.key(pos), depth, table),
    }
}

struct Hashed<'a> {
    pos: &'a Position,
    depth: u32,
    table: &'a PerftTable,
}

impl WithSlider for Hashed<'_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        hashed::<S>(self.pos, self.depth, self.table)
    }
}

/// [`hashed`] with a method chosen at run time.
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub(crate) fn hashed_with(method: Method, pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    method.dispatch(Hashed { pos, depth, table })
}

/// Perft of `pos` with technique `S`, subtrees of depth ≥ 2 looked up in `table`.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).hash(&table).count_slider::<S>(pos)`"
)]
pub fn perft_hashed<S: Slider>(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    hashed::<S>(pos, depth, table)
}

/// Hashed perft with a technique, or a [`Method`], chosen at run time.
#[deprecated(
    since = "0.2.0",
    note = "use `Perft::new(depth).method(method).hash(&table).count(pos)`"
)]
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub fn perft_hashed_with(
    method: impl Into<Method>,
    pos: &Position,
    depth: u32,
    table: &PerftTable,
) -> u64 {
    hashed_with(method.into(), pos, depth, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::{Classical, Magic};

    #[test]
    fn incremental_keys_equal_keys_from_scratch() {
        let keys = HashKeys::new(7);
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap().0;
            let parent = keys.board_key(pos.board(), pos.side_to_move());
            for m in pos.legal_moves().iter() {
                let child = pos.play(m);
                let want = keys.board_key(child.board(), child.side_to_move());
                assert_eq!(
                    parent ^ keys.step(pos.board(), child.board()),
                    want,
                    "{fen} {m}"
                );
            }
        }
    }

    #[test]
    fn hashed_counts_equal_plain_perft_for_several_seeds_and_sizes() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap()
        .0;
        // Miri took more than fifteen minutes at depth 4 (four million leaves).
        let depth = if cfg!(miri) { 3 } else { 4 };
        let want = crate::perft::count::piece_wise::<Magic>(&pos, depth);
        for (mb, seed) in [(0, 1), (1, 2), (4, DEFAULT_SEED)] {
            let table = PerftTable::with_seed(mb, seed).unwrap();
            assert_eq!(hashed::<Magic>(&pos, depth, &table), want);
            // Again, from a full table.
            assert_eq!(hashed::<Classical>(&pos, depth, &table), want);
        }
    }

    /// Mapping the pages writes the first entry of every 4 KiB page, here from three
    /// threads: a table already in use keeps each of them, whatever its value.
    #[test]
    fn prefault_keeps_the_entries_of_a_table_in_use() {
        // 16 MiB (three threads map it); under Miri, 16 pages on one thread: it retags
        // the whole table at every probe, a visit of each entry, and a 16 MiB table
        // grew its bookkeeping past 8 GB in ten minutes.
        let buckets = if cfg!(miri) { 1 << 10 } else { 1 << 18 };
        let t = PerftTable::with_buckets(buckets, DEFAULT_SEED).unwrap();
        // Four keys in each bucket that holds a page's first entry, which fill it: every
        // such entry is in use. (An entry before the first bucket is a spare.)
        let mut keys: Vec<u128> = Vec::new();
        for first in (0..t.entries.len()).step_by(256) {
            let Some(bucket) = first.checked_sub(t.offset).map(|e| e / WAYS) else {
                continue;
            };
            if bucket <= t.mask {
                keys.extend((1..=WAYS as u128).map(|way| (bucket as u128) << 64 | way));
            }
        }
        assert!(keys.len() >= 4 * (buckets / 64));
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, 3, i as u64 + 1);
        }
        let firsts = |t: &PerftTable| -> Vec<[u64; 2]> {
            (0..t.entries.len())
                .step_by(256)
                .map(|e| t.entries[e].each_ref().map(|w| w.load(Ordering::Relaxed)))
                .collect()
        };
        let before: Vec<Option<u64>> = keys.iter().map(|&k| t.probe(k, 3)).collect();
        assert!(before.iter().all(Option::is_some));
        let written = firsts(&t);
        let in_use = written.iter().filter(|&&w| w != [0, 0]).count();
        assert!(in_use >= written.len() - 2, "{in_use} of {}", written.len());
        t.prefault_on(3);
        let after: Vec<Option<u64>> = keys.iter().map(|&k| t.probe(k, 3)).collect();
        let lost = before.iter().zip(&after).filter(|(b, a)| b != a).count();
        assert_eq!(lost, 0, "{lost} of {} counts lost", keys.len());
        let changed = written
            .iter()
            .zip(firsts(&t))
            .filter(|&(w, f)| *w != f)
            .count();
        assert_eq!(
            changed,
            0,
            "{changed} of {} first entries changed",
            written.len()
        );
    }

    #[test]
    fn a_store_keeps_the_bucket_and_replaces_the_smallest_count() {
        let t = PerftTable::new(0).unwrap(); // one bucket: every key shares it
        for i in 1..=4u128 {
            t.store(i, 3, 100 * i as u64);
        }
        t.store(5, 3, 1000); // replaces key 1 (count 100)
        assert_eq!(t.probe(1, 3), None);
        assert_eq!(t.probe(5, 3), Some(1000));
        assert_eq!(t.probe(2, 3), Some(200));
        assert_eq!(t.probe(2, 4), None);
        t.store(2, 3, 7); // the same position: overwritten in place
        assert_eq!(t.probe(2, 3), Some(7));
        assert_eq!(t.key_bits(), 64);
    }
}
