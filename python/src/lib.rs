//! The native half of the `rayscan` Python package: python-chess's `Board`, `Move` and
//! `Piece` over rayscan's positions, perft with the GIL released, and batch functions
//! that return NumPy arrays. The Python half (`python/rayscan/__init__.py`) adds the
//! constants and helpers python-chess code expects, and the `Outcome` of a game.

use pyo3::prelude::*;

mod batch;
mod board;
mod chess960;
mod epd;
mod errors;
mod moves;
mod perft;
mod raw;
mod state;
mod text;
mod views;

#[pymodule]
fn _rayscan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    moves::make_cache(py)?;
    m.add_class::<board::BaseBoard>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<views::LegalMoveGenerator>()?;
    m.add_class::<views::PseudoLegalMoveGenerator>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("STARTING_FEN", state::STARTING_FEN)?;
    m.add_function(wrap_pyfunction!(perft::perft_fen, m)?)?;
    m.add_function(wrap_pyfunction!(batch::planes, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_move_counts, m)?)?;
    m.add_function(wrap_pyfunction!(batch::perft_many, m)?)?;
    Ok(())
}
