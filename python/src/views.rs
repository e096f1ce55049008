//! `Board.legal_moves` and `Board.pseudo_legal_moves`: python-chess's live views of a
//! board's moves, read when asked (so they follow its pushes and pops). A view of a
//! rayscan `Board` reads its state; a view of anything else (a subclass that
//! generates its own moves, or any object with python-chess's generator methods) calls
//! that object's methods, as python-chess's views do.

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use pyo3::{PyTraverseError, PyVisit};

use crate::board::{Board, legal_list};
use crate::moves::Move;

/// The board a view reads directly: a `rayscan.Board` itself, not a subclass (which may
/// generate its moves its own way).
fn own_board(board: &Bound<'_, PyAny>) -> Option<Py<Board>> {
    let py = board.py();
    if board.get_type().is(py.get_type::<Board>()) {
        board.cast::<Board>().ok().map(|b| b.clone().unbind())
    } else {
        None
    }
}

/// The text of a view: each move's SAN where it is legal, its UCI text otherwise.
fn describe(
    kind: &str,
    board: &Bound<'_, PyAny>,
    moves: Bound<'_, PyIterator>,
) -> PyResult<String> {
    let mut texts = Vec::new();
    for m in moves {
        let m = m?;
        let legal: bool = board.call_method1("is_legal", (&m,))?.extract()?;
        let text: String = if legal {
            board.call_method1("san", (&m,))?.extract()?
        } else {
            board.call_method1("uci", (&m,))?.extract()?
        };
        texts.push(text);
    }
    Ok(format!("<{kind} ({})>", texts.join(", ")))
}

/// The legal moves of a board: `count()`, `bool`, `in` and iteration, as python-chess's
/// `LegalMoveGenerator`.
#[pyclass(module = "rayscan", frozen)]
pub struct LegalMoveGenerator {
    board: Py<PyAny>,
    /// The board again when it is a `rayscan.Board` (read directly).
    own: Option<Py<Board>>,
}

impl LegalMoveGenerator {
    pub(crate) fn of(board: &Bound<'_, PyAny>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: board.clone().unbind(),
            own: own_board(board),
        }
    }
}

#[pymethods]
impl LegalMoveGenerator {
    #[new]
    fn new(board: &Bound<'_, PyAny>) -> LegalMoveGenerator {
        LegalMoveGenerator::of(board)
    }

    /// How many legal moves there are.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        if let Some(b) = &self.own {
            return Ok(b.bind(py).as_super().get().state.get(py)?.legal_count());
        }
        let board = self.board.bind(py);
        Ok(board
            .call_method0("generate_legal_moves")?
            .try_iter()?
            .count())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        if let Some(b) = &self.own {
            return Ok(b.bind(py).as_super().get().state.get(py)?.legal_count() > 0);
        }
        let board = self.board.bind(py);
        Ok(board
            .call_method0("generate_legal_moves")?
            .try_iter()?
            .next()
            .transpose()?
            .is_some())
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(b) = &self.own {
            return Ok(match r#move.extract::<Move>() {
                Ok(m) => b.bind(py).as_super().get().state.get(py)?.is_legal(m),
                Err(_) => false,
            });
        }
        let board = self.board.bind(py);
        board.call_method1("is_legal", (r#move,))?.extract()
    }

    /// The moves, listed once.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        if let Some(b) = &self.own {
            return legal_list(b.bind(py))?.try_iter();
        }
        let board = self.board.bind(py);
        board.call_method0("generate_legal_moves")?.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.bind(py);
        let moves = self.__iter__(py)?;
        describe("LegalMoveGenerator", board, moves)
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.board)?;
        if let Some(b) = &self.own {
            visit.call(b)?;
        }
        Ok(())
    }
}

/// The pseudo-legal moves of a board, as python-chess's `PseudoLegalMoveGenerator`.
#[pyclass(module = "rayscan", frozen)]
pub struct PseudoLegalMoveGenerator {
    board: Py<PyAny>,
}

impl PseudoLegalMoveGenerator {
    pub(crate) fn of(board: Py<PyAny>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator { board }
    }
}

#[pymethods]
impl PseudoLegalMoveGenerator {
    #[new]
    fn new(board: Py<PyAny>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator { board }
    }

    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.__iter__(py)?.count())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__iter__(py)?.next().transpose()?.is_some())
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.bind(py);
        if r#move.extract::<Move>().is_err() {
            return Ok(false);
        }
        board.call_method1("is_pseudo_legal", (r#move,))?.extract()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let board = self.board.bind(py);
        let moves = board.call_method0("generate_pseudo_legal_moves")?;
        PyList::new(py, moves.try_iter()?.collect::<PyResult<Vec<_>>>()?)?.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.bind(py);
        let moves = self.__iter__(py)?;
        describe("PseudoLegalMoveGenerator", board, moves)
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.board)
    }
}
