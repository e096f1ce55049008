//! Perft on several threads and with a shared transposition table (needs `std`), what
//! [`Perft::threads`](super::Perft::threads) and [`Perft::hash`](super::Perft::hash) run.
//!
//! - **Threads** split the tree two plies down: every (first move, reply) pair is one
//!   job, and workers take the next job from a shared counter, so one thread never sits
//!   idle while another works through a big subtree. Any generator and technique.
//! - **The hash table** ([`PerftTable`], see [`crate::perft::hash`]) remembers subtree
//!   counts by a 128-bit key and the depth, shared by all threads without locks. Hashing
//!   is for the piece-wise generator, with any technique.
//! - **Statistics** split the same way.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;
use std::vec::Vec;

use crate::chess_move::Move;
use crate::movegen::{Generator, UnsupportedTechnique};
use crate::perft::Method;
use crate::perft::hash::{PerftTable, hashed_with};
use crate::perft::stats::{PerftStats, count_with, divide_with};
use crate::position::Position;
use crate::sliders::{Technique, dynamic};

/// Runs `count(position, depth)` over the jobs two plies below `pos` (depth ≥ 2) on
/// `threads` workers, and reports each root move's sum in generation order, as soon as
/// that root move and those before it are done (so a caller can show progress).
pub(crate) fn split_run<T: Default + Copy + core::ops::AddAssign + Send>(
    pos: &Position,
    depth: u32,
    threads: usize,
    count: impl Fn(&Position, u32) -> T + Sync,
    mut report: impl FnMut(Move, T),
) -> T {
    // Jobs: (root index, position after the root move and one reply) at depth - 2, or
    // the root move's position itself where it has no reply.
    let roots: Vec<Move> = pos.legal_moves().iter().collect();
    let mut jobs: Vec<(usize, Position, u32)> = Vec::new();
    for (i, &m) in roots.iter().enumerate() {
        let child = pos.play(m);
        let replies = child.legal_moves();
        if replies.is_empty() || depth == 2 {
            jobs.push((i, child, depth - 1));
        } else {
            jobs.extend(replies.iter().map(|r| (i, child.play(r), depth - 2)));
        }
    }
    let sums: Vec<Mutex<T>> = roots.iter().map(|_| Mutex::new(T::default())).collect();
    // Jobs still running or waiting, per root move; a worker that finishes a root move's
    // last job wakes the reporting thread.
    let left: Vec<AtomicUsize> = roots.iter().map(|_| AtomicUsize::new(0)).collect();
    for &(i, _, _) in &jobs {
        left[i].fetch_add(1, Ordering::Relaxed);
    }
    let finished = (Mutex::new(()), Condvar::new());
    let wake = || {
        let _guard = finished.0.lock();
        finished.1.notify_all();
    };
    let next = AtomicUsize::new(0);
    let threads = threads.max(1);
    // Workers still running: a worker that panics stops counting, so the reporting
    // thread stops waiting (and the join below passes the panic on).
    let running = AtomicUsize::new(threads);
    struct Exit<'a, F: Fn()>(&'a AtomicUsize, &'a F);
    impl<F: Fn()> Drop for Exit<'_, F> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::AcqRel);
            (self.1)();
        }
    }
    let mut total = T::default();
    // A count run with a technique's table (`sliders::dynamic`) runs on it in the
    // workers too.
    let tables = dynamic::Current::get();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let _exit = Exit(&running, &wake);
                    tables.enter(|| {
                        loop {
                            let j = next.fetch_add(1, Ordering::Relaxed);
                            let Some((i, p, d)) = jobs.get(j) else { break };
                            let n = count(p, *d);
                            if let Some(Ok(mut sum)) = sums.get(*i).map(Mutex::lock) {
                                *sum += n;
                            }
                            if left[*i].fetch_sub(1, Ordering::AcqRel) == 1 {
                                wake();
                            }
                        }
                    });
                })
            })
            .collect();
        // Report root moves in order while the workers run. The timeout only bounds the
        // wait should a wake-up come between the check and the wait.
        'report: for (i, m) in roots.iter().enumerate() {
            let mut guard = finished.0.lock().unwrap_or_else(|e| e.into_inner());
            while left[i].load(Ordering::Acquire) != 0 {
                if running.load(Ordering::Acquire) == 0 {
                    break 'report;
                }
                guard = match finished.1.wait_timeout(guard, Duration::from_millis(50)) {
                    Ok((g, _)) => g,
                    Err(e) => e.into_inner().0,
                };
            }
            drop(guard);
            let n = *sums[i].lock().unwrap_or_else(|e| e.into_inner());
            report(*m, n);
            total += n;
        }
        // Joined here, not left to the scope: the scope waits only until each worker's
        // closure has returned, and the thread may still be running its thread-local
        // destructors after that (LeakSanitizer, checking in between, reported glibc's
        // destructor list as leaked). A worker's panic is passed on.
        for worker in workers {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    total
}

/// Perft statistics ([`crate::perft::stats`]) with `threads` workers (at least one),
/// piece-wise with `technique`. Calls `report(move, stats)` for every root move, in
/// generation order, as soon as that root move and those before it are done.
pub(crate) fn threaded_stats(
    technique: Technique,
    pos: &Position,
    depth: u32,
    threads: usize,
    mut report: impl FnMut(Move, &PerftStats),
) -> PerftStats {
    if depth <= 1 {
        return divide_with(technique, pos, depth, report);
    }
    split_run(
        pos,
        depth,
        threads,
        |p, d| count_with(technique, p, d),
        |m, s| report(m, &s),
    )
}

/// Perft with `threads` workers (at least one) and an optional shared hash table, for
/// any generator and method; the table is used with the piece-wise generator. Calls
/// `report(move, count)` for every root move, in generation order, as soon as that root
/// move and those before it are done, so a caller can show progress.
pub(crate) fn threaded(
    generator: Generator,
    method: Method,
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    mut report: impl FnMut(Move, u64),
) -> Result<u64, UnsupportedTechnique> {
    // Check the pair once, and answer the shallow cases directly.
    let total = crate::perft::count::run(generator, method, pos, depth.min(1), None)?;
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        for m in pos.legal_moves().iter() {
            report(m, 1);
        }
        return Ok(total);
    }
    if let Some(t) = table.filter(|_| generator == Generator::PieceWise) {
        t.prefault_on(threads);
    }
    let count = |p: &Position, d: u32| -> u64 {
        match table {
            Some(t) if generator == Generator::PieceWise => hashed_with(method, p, d, t),
            _ => crate::perft::count::run(generator, method, p, d, None).unwrap_or(0),
        }
    };
    Ok(split_run(pos, depth, threads, count, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every root move is reported once, in generation order, and the total is their sum.
    #[test]
    fn split_run_reports_every_root_move_in_order() {
        let pos = Position::startpos();
        let mut reported = Vec::new();
        // One technique's perft, not the run-time dispatcher: that would compile every
        // technique's hot path into this test binary again (`precompile` is off in it).
        let count =
            |p: &Position, d| crate::perft::count::piece_wise::<crate::sliders::Magic>(p, d);
        let total = split_run(&pos, 3, 2, count, |m, n| reported.push((m, n)));
        let moves: Vec<Move> = reported.iter().map(|&(m, _)| m).collect();
        assert_eq!(moves, pos.legal_moves().iter().collect::<Vec<_>>());
        assert_eq!(reported.iter().map(|&(_, n)| n).sum::<u64>(), total);
        assert_eq!(total, 8_902);
    }

    /// A worker's panic reaches the caller instead of a wrong total.
    #[test]
    fn a_worker_panic_is_passed_on() {
        let pos = Position::startpos();
        let result = std::panic::catch_unwind(|| {
            split_run(
                &pos,
                3,
                2,
                |_, _| -> u64 { panic!("a worker's panic") },
                |_, _| {},
            )
        });
        assert!(result.is_err());
    }
}
