//! python-chess's exception kinds, all subclasses of `ValueError` as there, so that
//! `except ValueError` and `except chess.IllegalMoveError` both keep working.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    rayscan,
    IllegalMoveError,
    PyValueError,
    "A move that is well formed but not legal in the position."
);
create_exception!(
    rayscan,
    InvalidMoveError,
    PyValueError,
    "Move text that is not a move at all (UCI or SAN syntax)."
);
create_exception!(
    rayscan,
    AmbiguousMoveError,
    PyValueError,
    "SAN that more than one legal move matches."
);
