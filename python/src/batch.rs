//! Functions over many positions at once, for machine learning and bulk analysis: the
//! FENs are read, and the answers computed, on worker threads without the GIL, and
//! come back as one NumPy array.

use std::sync::atomic::AtomicBool;

use pyo3::exceptions::{PyModuleNotFoundError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

use rayscan::{Color, Piece as Kind, Position};

use crate::perft::{Counter, run};

/// The FENs of `fens` (any iterable of `str`), or `TypeError` naming the first that is not.
fn texts(fens: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    // A str is iterable too, one character at a time: never what was meant.
    if fens.is_instance_of::<pyo3::types::PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "fens: a str, where a list of FEN strings was meant (put it in a list: [fen])",
        ));
    }
    fens.try_iter()?
        .enumerate()
        .map(|(i, item)| {
            item?.extract::<String>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!("fens[{i}]: not a str"))
            })
        })
        .collect()
}

/// The threads for a batch: all the CPU's unless `threads` says.
fn batch_threads(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        Some(t) => crate::perft::threads(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// Reads every FEN on the workers; `ValueError` naming the first bad one by its index.
fn positions(py: Python<'_>, fens: &[String], threads: usize) -> PyResult<Vec<Position>> {
    let parsed = run(py, fens.len(), threads, |i, _: &AtomicBool| {
        Some(Some(
            Position::from_fen(&fens[i])
                .map(|(p, _)| p)
                .map_err(|e| e.to_string()),
        ))
    })?;
    parsed
        .into_iter()
        .enumerate()
        .map(|(i, p)| match p {
            Some(Ok(p)) => Ok(p),
            Some(Err(e)) => Err(PyValueError::new_err(format!("fens[{i}]: {e}"))),
            None => Err(PyValueError::new_err(format!("fens[{i}]: not read"))),
        })
        .collect()
}

/// The positions of `fens`, read on the threads `threads` asks for, and that number.
fn read(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    threads: Option<i64>,
) -> PyResult<(Vec<Position>, usize)> {
    let fens = texts(fens)?;
    let threads = batch_threads(threads)?;
    Ok((positions(py, &fens, threads)?, threads))
}

/// NumPy, which the batch functions that return arrays need and the package does not
/// install unless asked (`rayscan[numpy]`): imported before `function` counts anything,
/// so that a missing NumPy is said at once, naming the function and the fix.
fn numpy<'py>(py: Python<'py>, function: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("numpy").map_err(|e| {
        if e.is_instance_of::<PyModuleNotFoundError>(py) {
            PyModuleNotFoundError::new_err(format!(
                "rayscan.{function} returns a NumPy array, and NumPy is not installed: \
                 pip install numpy (or install rayscan[numpy])"
            ))
        } else {
            e
        }
    })
}

/// A NumPy array of `dtype` and `shape` over `bytes` (native byte order).
fn array<'py>(
    numpy: &Bound<'py, PyModule>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new(numpy.py(), bytes);
    let flat = numpy.call_method1("frombuffer", (buffer, numpy.getattr(dtype)?))?;
    flat.call_method1("reshape", (shape.to_vec(),))
}

/// `rayscan.planes(fens, *, threads=None)`: the pieces of each position as a NumPy
/// `uint8` array of shape `(N, 12, 8, 8)`. Planes 0–5 are white's pawns, knights,
/// bishops, rooks, queens and king, 6–11 black's; within a plane, row = rank index
/// (rank 1 is row 0) and column = file index (a is column 0).
#[pyfunction]
#[pyo3(signature = (fens, *, threads = None))]
pub fn planes<'py>(
    py: Python<'py>,
    fens: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = numpy(py, "planes")?;
    let (positions, _) = read(py, fens, threads)?;
    let out = py.detach(|| {
        let mut out = vec![0u8; positions.len() * 12 * 64];
        for (pos, planes) in positions.iter().zip(out.chunks_exact_mut(12 * 64)) {
            for (c, color) in Color::ALL.into_iter().enumerate() {
                for (k, kind) in Kind::ALL.into_iter().enumerate() {
                    let plane = &mut planes[(c * 6 + k) * 64..][..64];
                    for sq in pos.colored(color, kind) {
                        plane[sq as usize] = 1;
                    }
                }
            }
        }
        out
    });
    array(&numpy, &out, "uint8", &[positions.len(), 12, 8, 8])
}

/// `rayscan.legal_move_counts(fens, *, threads=None)`: the number of legal moves of each
/// position, a NumPy `uint32` array of shape `(N,)`.
#[pyfunction]
#[pyo3(signature = (fens, *, threads = None))]
pub fn legal_move_counts<'py>(
    py: Python<'py>,
    fens: &Bound<'py, PyAny>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = numpy(py, "legal_move_counts")?;
    let (positions, threads) = read(py, fens, threads)?;
    let counts = run(py, positions.len(), threads, |i, _: &AtomicBool| {
        Some(positions[i].legal_moves().len() as u32)
    })?;
    let bytes: Vec<u8> = counts.iter().flat_map(|n| n.to_ne_bytes()).collect();
    array(&numpy, &bytes, "uint32", &[counts.len()])
}

/// `rayscan.perft_many(fens, depth, *, threads=None)`: perft of each position to
/// `depth`, a NumPy `uint64` array of shape `(N,)`. Positions are shared out among the
/// threads; Ctrl-C stops them.
#[pyfunction]
#[pyo3(signature = (fens, depth, *, threads = None))]
pub fn perft_many<'py>(
    py: Python<'py>,
    fens: &Bound<'py, PyAny>,
    depth: i64,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let depth = crate::perft::depth(depth)?;
    let numpy = numpy(py, "perft_many")?;
    let (positions, threads) = read(py, fens, threads)?;
    let counter = Counter::new(0)?;
    let counts = run(py, positions.len(), threads, |i, stop| {
        counter.count(&positions[i], depth, stop)
    })?;
    let bytes: Vec<u8> = counts.iter().flat_map(|n| n.to_ne_bytes()).collect();
    array(&numpy, &bytes, "uint64", &[counts.len()])
}
