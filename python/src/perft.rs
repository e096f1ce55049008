//! Perft for Python: the GIL released while the library counts, on worker threads, and
//! Ctrl-C honoured. Only the interpreter's main thread sees signals, and only with the
//! GIL: the calling thread waits for the workers in short slices, checking for signals
//! between them, and on `KeyboardInterrupt` tells the workers to stop. They stop
//! between subtrees of at most [`LEAF`] plies, each counted by the library in one call.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use rayscan::Position;
use rayscan::parallel::PerftTable;
use rayscan::perft::hash::perft_hashed_with;
use rayscan::perft::perft_with;
use rayscan::sliders::Technique;

/// The deepest subtree counted in one call of the library: between two such calls a
/// worker looks whether it should stop (a subtree of 5 plies is well under a second).
const LEAF: u32 = 5;

/// How long the calling thread waits between two looks for a signal.
const SLICE: Duration = Duration::from_millis(30);

/// How the leaves of a subtree are counted: the CPU's fastest technique, with or without
/// a shared hash table.
pub struct Counter {
    technique: Technique,
    table: Option<PerftTable>,
}

impl Counter {
    /// A counter with a table of `hash_mb` MiB (none for 0); `ValueError` or
    /// `MemoryError` when that cannot be.
    pub fn new(hash_mb: i64) -> PyResult<Counter> {
        let table = match hash_mb {
            0 => None,
            mb if mb < 0 => {
                return Err(PyValueError::new_err(format!(
                    "hash_mb: {mb} is negative (0 for no table)"
                )));
            }
            mb => Some(PerftTable::new(mb as usize).map_err(|bytes| {
                PyMemoryError::new_err(format!(
                    "hash_mb: {mb} MiB ({bytes} bytes) could not be allocated"
                ))
            })?),
        };
        Ok(Counter {
            technique: Technique::auto(),
            table,
        })
    }

    fn leaf(&self, pos: &Position, depth: u32) -> u64 {
        match &self.table {
            Some(t) if depth >= 2 => perft_hashed_with(self.technique, pos, depth, t),
            _ => perft_with(self.technique, pos, depth),
        }
    }

    /// The leaves `depth` plies below `pos`, or `None` once `stop` is set.
    pub fn count(&self, pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if depth <= LEAF {
            return Some(self.leaf(pos, depth));
        }
        let mut nodes = 0;
        for m in pos.legal_moves() {
            nodes += self.count(&pos.play(m), depth - 1, stop)?;
        }
        Some(nodes)
    }
}

/// The number of threads `threads` asks for: at least 1 and at most 1024.
pub fn threads(threads: i64) -> PyResult<usize> {
    if (1..=1024).contains(&threads) {
        Ok(threads as usize)
    } else {
        Err(PyValueError::new_err(format!(
            "threads: {threads} is not in 1..=1024"
        )))
    }
}

/// A depth from Python: not negative.
pub fn depth(depth: i64) -> PyResult<u32> {
    u32::try_from(depth).map_err(|_| {
        PyValueError::new_err(format!(
            "depth: {depth} is not a number of plies (0 or more)"
        ))
    })
}

/// Runs `work(i, stop)` for every `i` in `0..items` on `threads` worker threads, with
/// the GIL released, and returns the results in order. The calling thread checks for
/// signals between slices of waiting; a signal's exception (`KeyboardInterrupt`) sets
/// `stop`, waits for the workers to see it, and is returned. `work` returns `None` when
/// it saw `stop`.
pub fn run<T: Send + Default + Clone>(
    py: Python<'_>,
    items: usize,
    threads: usize,
    work: impl Fn(usize, &AtomicBool) -> Option<T> + Sync,
) -> PyResult<Vec<T>> {
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![T::default(); items]);
    // Workers still running, and the condition the caller waits on.
    let running = Mutex::new(threads.min(items.max(1)));
    let finished = Condvar::new();
    let workers = *running.lock().unwrap_or_else(|e| e.into_inner());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items {
                        break;
                    }
                    match work(i, &stop) {
                        Some(r) => results.lock().unwrap_or_else(|e| e.into_inner())[i] = r,
                        None => break,
                    }
                }
                *running.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                finished.notify_all();
            });
        }
        loop {
            let done = py.detach(|| {
                let left = running.lock().unwrap_or_else(|e| e.into_inner());
                let (left, _) = finished
                    .wait_timeout_while(left, SLICE, |n| *n > 0)
                    .unwrap_or_else(|e| e.into_inner());
                *left == 0
            });
            if done {
                break;
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The scope joins the workers, which stop at their next subtree.
                return Err(e);
            }
        }
        Ok(())
    })?;
    Ok(results.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Perft of `pos` to `depth` on `threads` threads with a table of `hash_mb` MiB.
pub fn perft(
    py: Python<'_>,
    pos: &Position,
    depth: i64,
    threads: i64,
    hash_mb: i64,
) -> PyResult<u64> {
    let depth = self::depth(depth)?;
    let threads = self::threads(threads)?;
    let counter = Counter::new(hash_mb)?;
    if depth <= 2 {
        return Ok(counter.leaf(pos, depth));
    }
    if let Some(t) = &counter.table {
        t.prefault_on(threads);
    }
    // Subtrees for the workers: the children, grandchildren … until there are enough
    // to share (one subtree, the root, for one thread).
    let mut frontier = vec![*pos];
    let mut below = depth;
    while threads > 1 && frontier.len() < 16 * threads && below > 2 {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|m| p.play(m))
                    .collect::<Vec<_>>()
            })
            .collect();
        below -= 1;
    }
    let counts = run(py, frontier.len(), threads, |i, stop| {
        counter.count(&frontier[i], below, stop)
    })?;
    Ok(counts.iter().sum())
}

/// `rayscan.perft(fen, depth, *, threads=1, hash_mb=0, chess960=False)`: perft of a FEN.
#[pyfunction]
#[pyo3(signature = (fen, depth, *, threads = 1, hash_mb = 0))]
pub fn perft_fen(
    py: Python<'_>,
    fen: &str,
    depth: i64,
    threads: i64,
    hash_mb: i64,
) -> PyResult<u64> {
    let (pos, _) = Position::from_fen(fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
    perft(py, &pos, depth, threads, hash_mb)
}
