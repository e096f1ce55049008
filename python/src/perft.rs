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
use rayscan::perft::hash::PerftTable;
use rayscan::perft::{Method, Perft};

/// The deepest subtree counted in one call of the library: between two such calls a
/// worker looks whether it should stop (a subtree of 5 plies is well under a second).
const LEAF: u32 = 5;

/// How long the calling thread waits between two looks for a signal.
const SLICE: Duration = Duration::from_millis(30);

/// How the leaves of a subtree are counted: the CPU's fastest technique and last ply,
/// with or without a shared hash table.
pub struct Counter {
    method: Method,
    table: Option<PerftTable>,
}

impl Counter {
    /// A counter with a table of `hash_mb` MiB (none for 0); `ValueError` or
    /// `MemoryError` when that cannot be.
    pub fn new(hash_mb: i64) -> PyResult<Counter> {
        let table = match hash_mb {
            0 => None,
            mb if !(0..=rayscan::perft::MAX_HASH_MB as i64).contains(&mb) => {
                return Err(PyValueError::new_err(format!(
                    "hash_mb: {mb} is not in 0..={} (0 for no table)",
                    rayscan::perft::MAX_HASH_MB
                )));
            }
            mb => {
                let too_big =
                    || PyMemoryError::new_err(format!("hash_mb: {mb} MiB could not be allocated"));
                let megabytes = usize::try_from(mb).map_err(|_| too_big())?;
                Some(PerftTable::new(megabytes).map_err(|_| too_big())?)
            }
        };
        Ok(Counter {
            method: Method::auto(),
            table,
        })
    }

    fn leaf(&self, pos: &Position, depth: u32) -> u64 {
        let perft = Perft::new(depth).method(self.method);
        let counted = match &self.table {
            Some(t) => perft.hash(t).count(pos),
            None => perft.count(pos),
        };
        // A depth of at most LEAF, one thread and the auto method: nothing to refuse.
        counted.unwrap_or_default()
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

/// The number of threads `threads` asks for: at least 1 and at most
/// [`rayscan::perft::MAX_THREADS`], as in the CLI.
pub fn threads(threads: i64) -> PyResult<usize> {
    const MAX: usize = rayscan::perft::MAX_THREADS;
    match usize::try_from(threads) {
        Ok(n) if (1..=MAX).contains(&n) => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "threads: {threads} is not in 1..={MAX}"
        ))),
    }
}

/// A perft depth from Python: 1 to [`rayscan::perft::MAX_DEPTH`], as in the CLI. Deeper
/// would never finish, and depth 0 is no count at all.
pub fn depth(depth: i64) -> PyResult<u32> {
    const MAX: u32 = rayscan::perft::MAX_DEPTH;
    match u32::try_from(depth) {
        Ok(d) if (1..=MAX).contains(&d) => Ok(d),
        _ => Err(PyValueError::new_err(format!(
            "depth: {depth} is not in 1..={MAX}"
        ))),
    }
}

/// Counts a worker out when it ends, however it ends (a worker that panicked too), so
/// that the caller never waits for it forever.
struct Leaving<'a> {
    running: &'a Mutex<usize>,
    finished: &'a Condvar,
}

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        self.finished.notify_all();
    }
}

/// Runs `work(i, stop)` for every `i` in `0..items` on up to `threads` worker threads,
/// with the GIL released, and returns the results in order. The calling thread checks
/// for signals between slices of waiting; a signal's exception (`KeyboardInterrupt`)
/// sets `stop`, waits (the GIL released) for the workers to see it, and is returned.
/// `work` returns `None` when it saw `stop`. A worker that cannot be started is left
/// out (`RuntimeError` if none can); a worker that panics is a `RuntimeError`.
pub fn run<T: Send + Default + Clone>(
    py: Python<'_>,
    items: usize,
    threads: usize,
    work: impl Fn(usize, &AtomicBool) -> Option<T> + Sync,
) -> PyResult<Vec<T>> {
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![T::default(); items]);
    let done = AtomicUsize::new(0);
    // Workers still running, and the condition the caller waits on.
    let running = Mutex::new(0usize);
    let finished = Condvar::new();
    let wait = |slice: Duration| {
        py.detach(|| {
            let left = running.lock().unwrap_or_else(|e| e.into_inner());
            let (left, _) = finished
                .wait_timeout_while(left, slice, |n| *n > 0)
                .unwrap_or_else(|e| e.into_inner());
            *left == 0
        })
    };
    let interrupted = std::thread::scope(|s| -> PyResult<Option<PyErr>> {
        let mut workers = 0;
        for _ in 0..threads.min(items.max(1)) {
            *running.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            let started = std::thread::Builder::new().spawn_scoped(s, || {
                let _leaving = Leaving {
                    running: &running,
                    finished: &finished,
                };
                // A panic stays in the worker (the scope would pass it on as a Rust
                // panic); the count of items done tells the caller.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items {
                            break;
                        }
                        match work(i, &stop) {
                            Some(r) => {
                                results.lock().unwrap_or_else(|e| e.into_inner())[i] = r;
                            }
                            None => break,
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                }));
            });
            if started.is_err() {
                *running.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                break;
            }
            workers += 1;
        }
        if workers == 0 {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "threads: the system could not start a thread",
            ));
        }
        loop {
            if wait(SLICE) {
                return Ok(None);
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The workers stop at their next subtree; wait for them without the GIL.
                while !wait(SLICE) {}
                return Ok(Some(e));
            }
        }
    })?;
    if let Some(e) = interrupted {
        return Err(e);
    }
    if done.into_inner() != items {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "a worker thread failed (a bug in rayscan: please report it)",
        ));
    }
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
        // Mapping a large table takes a while: without the GIL.
        py.detach(|| t.prefault_on(threads));
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

/// `rayscan.perft(fen, depth, *, threads=1, hash_mb=0)`: perft of a FEN.
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
