//! `BaseBoard` and `Board`: python-chess's boards, the Python face of a [`State`].
//! A `BaseBoard` is the pieces alone; a `Board` adds the side to move, castling rights,
//! the en-passant square, the clocks and the move stack. Both can be subclassed.

use std::cell::{Ref, RefCell, RefMut};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyIterator, PyList, PyTuple, PyType};
use pyo3::{PyTraverseError, PyVisit};

use rayscan::MoveList;

use crate::moves::{Move, Piece, square};
use crate::raw::{self, Raw};
use crate::state::{STARTING_FEN, State};
use crate::text::Repr;
use crate::views::{LegalMoveGenerator, PseudoLegalMoveGenerator};

/// A `RefCell` that a Python object can hold: the borrow flag is a plain integer, not
/// the atomic one of pyo3's mutable classes. A perft loop in Python makes four calls a
/// node into the board, and the atomic read-modify-writes of pyo3's flag add up there.
pub(crate) struct GilCell<T>(RefCell<T>);

// SAFETY: a `GilCell` is only touched by code holding the GIL: `get` and `get_mut` take
// the `Python` token that proves it (the garbage collector's `__traverse__` and
// `__clear__`, which get none, run with the GIL held too); no reference into the state
// leaves for another thread (perft copies the position before it releases the GIL); and
// this module is built for the stable ABI, which free-threaded CPython does not load.
// The GIL thus orders every access to the cell's flag and contents, which is what `Sync`
// needs. Re-entry from Python on the same thread (a callback while a method runs) meets
// the flag, as with `RefCell`: an error, never two references.
unsafe impl<T: Send> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    pub(crate) fn new(value: T) -> GilCell<T> {
        GilCell(RefCell::new(value))
    }

    /// The state, read: the `Python` token proves that the caller holds the GIL.
    #[inline]
    pub(crate) fn get(&self, _attached: Python<'_>) -> PyResult<Ref<'_, T>> {
        self.0.try_borrow().map_err(|_| busy())
    }

    /// The state, to change (the GIL held, as for [`GilCell::get`]).
    #[inline]
    pub(crate) fn get_mut(&self, _attached: Python<'_>) -> PyResult<RefMut<'_, T>> {
        self.0.try_borrow_mut().map_err(|_| busy())
    }
}

fn busy() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(
        "the board is in use by a call that has not returned (a callback into Python)",
    )
}

/// The `SquareSet` of a mask (rayscan's Python class, as python-chess's).
pub(crate) fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    CLASS
        .import(py, "rayscan._bitboards", "SquareSet")?
        .call1((mask,))
}

/// A colour argument: python-chess's `WHITE` or `BLACK` (any truthy value is white).
fn color(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    value.is_truthy()
}

/// A piece type argument, `1..=6`.
fn piece_type(value: i64) -> PyResult<usize> {
    if (1..=6).contains(&value) {
        Ok(value as usize - 1)
    } else {
        Err(PyValueError::new_err(format!(
            "piece_type: {value} is not in 1..6 (pawn to king)"
        )))
    }
}

/// A mask argument: an int or anything with `__int__` (a `SquareSet`), as 64 bits.
fn mask(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    let n: num_mask::Mask = value.extract()?;
    Ok(n.0)
}

mod num_mask {
    use pyo3::prelude::*;

    /// Any integer (a Python int of any size, or an object with `__index__`), cut to its
    /// low 64 bits as python-chess's masks are.
    pub(crate) struct Mask(pub u64);

    impl<'py> FromPyObject<'_, 'py> for Mask {
        type Error = PyErr;

        fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Mask> {
            if let Ok(n) = obj.extract::<u64>() {
                return Ok(Mask(n));
            }
            let index = obj
                .call_method0("__index__")
                .or_else(|_| obj.call_method0("__int__"))?;
            let low = index.call_method1("__and__", (u64::MAX,))?;
            Ok(Mask(low.extract::<u64>()?))
        }
    }
}

/// A board's `legal_moves` and `pseudo_legal_moves`, made at their first use.
type Views = (
    Option<Py<LegalMoveGenerator>>,
    Option<Py<PseudoLegalMoveGenerator>>,
);

/// A board of pieces, as python-chess's `chess.BaseBoard`: no side to move, no
/// castling rights, no moves. `BaseBoard()` holds the start position's pieces,
/// `BaseBoard(board_fen)` those of a FEN's first field, `BaseBoard(None)` none.
#[pyclass(module = "rayscan", subclass, frozen)]
pub struct BaseBoard {
    pub(crate) state: GilCell<State>,
    /// `legal_moves` and `pseudo_legal_moves`, made once.
    views: GilCell<Views>,
}

impl BaseBoard {
    pub(crate) fn of(state: State) -> BaseBoard {
        BaseBoard {
            state: GilCell::new(state),
            views: GilCell::new((None, None)),
        }
    }

    /// Changes the pieces (and forgets the moves, as python-chess's setters do).
    fn edit(&self, py: Python<'_>, f: impl FnOnce(&mut Raw)) -> PyResult<()> {
        let mut state = self.state.get_mut(py)?;
        let mut raw = state.raw();
        f(&mut raw);
        state.reset_to(raw);
        Ok(())
    }

    fn raw(&self, py: Python<'_>) -> PyResult<Raw> {
        Ok(self.state.get(py)?.raw())
    }
}

/// A new object of `cls` (a board class, perhaps a subclass) holding `state`.
pub(crate) fn new_of_type<'py>(
    cls: &Bound<'py, PyType>,
    state: State,
) -> PyResult<Bound<'py, PyAny>> {
    let py = cls.py();
    if cls.is(py.get_type::<Board>()) {
        let init = PyClassInitializer::from(BaseBoard::of(state)).add_subclass(Board {});
        return Ok(Bound::new(py, init)?.into_any());
    }
    if cls.is(py.get_type::<BaseBoard>()) {
        return Ok(Bound::new(py, BaseBoard::of(state))?.into_any());
    }
    // A subclass: made as it makes itself, then given the state.
    let kwargs = PyDict::new(py);
    if cls.is_subclass_of::<Board>()? {
        kwargs.set_item("chess960", state.chess960())?;
    }
    let obj = cls.call((py.None(),), Some(&kwargs))?;
    let base = obj.cast::<BaseBoard>()?;
    *base.get().state.get_mut(py)? = state;
    Ok(obj)
}

#[pymethods]
impl BaseBoard {
    /// `BaseBoard(board_fen)` reads its argument here; a subclass's object is made
    /// empty and read by `__init__`, which a subclass's own `__init__` may call with
    /// arguments of its choosing (`super().__init__(fen)`), as python-chess's allow.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        cls: &Bound<'_, PyType>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<BaseBoard> {
        let raw = if cls.is(cls.py().get_type::<BaseBoard>()) {
            base_board_args(args, kwargs)?
        } else {
            Raw::EMPTY
        };
        Ok(BaseBoard::of(State::new(raw, false)))
    }

    /// Sets a subclass's pieces from a FEN's first field (`None`: none).
    #[pyo3(signature = (board_fen = Some(raw::STARTING_BOARD_FEN.to_owned())))]
    fn __init__(slf: &Bound<'_, Self>, board_fen: Option<String>) -> PyResult<()> {
        if slf.get_type().is(slf.py().get_type::<BaseBoard>()) {
            return Ok(());
        }
        let mut raw = Raw::EMPTY;
        if let Some(fen) = board_fen {
            raw.set_board_fen(&fen).map_err(PyValueError::new_err)?;
        }
        slf.get().state.get_mut(slf.py())?.reset_to(raw);
        Ok(())
    }

    /// The start position's pieces.
    fn reset_board(&self, py: Python<'_>) -> PyResult<()> {
        let start = raw::parse_fen(STARTING_FEN).map_err(PyValueError::new_err)?;
        self.edit(py, |r| {
            r.kinds = start.kinds;
            r.colors = start.colors;
            r.promoted = 0;
        })
    }

    /// No pieces.
    fn clear_board(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |r| {
            r.kinds = [0; 6];
            r.colors = [0; 2];
            r.promoted = 0;
        })
    }

    /// The squares of the pieces of a type and colour, as a mask.
    fn pieces_mask(
        &self,
        py: Python<'_>,
        piece_type: i64,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        Ok(self
            .raw(py)?
            .pieces(self::piece_type(piece_type)?, self::color(color)?))
    }

    /// The squares of the pieces of a type and colour.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: i64,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pieces_mask(py, piece_type, color)?)
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Piece>> {
        let s = self::square(square, "square")? as u8;
        Ok(self.raw(py)?.piece_at(s).map(|(k, w)| Piece {
            piece_type: k as u8 + 1,
            color: w,
        }))
    }

    /// The type (1 to 6) of the piece on `square`, or `None`.
    fn piece_type_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<u8>> {
        let s = self::square(square, "square")? as u8;
        Ok(self.raw(py)?.kind_at(s).map(|k| k as u8 + 1))
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<bool>> {
        let s = self::square(square, "square")? as u8;
        Ok(self.raw(py)?.piece_at(s).map(|(_, w)| w))
    }

    /// The square of the king of `color` (of the highest one, if there are several; a
    /// promoted king does not count), or `None`.
    fn king(&self, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        Ok(self.raw(py)?.king(self::color(color)?))
    }

    /// The squares the piece on `square` attacks, as a mask.
    fn attacks_mask(&self, py: Python<'_>, square: i64) -> PyResult<u64> {
        let s = self::square(square, "square")? as u8;
        Ok(self.raw(py)?.attacks_mask(s))
    }

    /// The squares the piece on `square` attacks.
    fn attacks<'py>(&self, py: Python<'py>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attacks_mask(py, square)?)
    }

    /// The pieces of `color` that attack `square` (through `occupied`, the board's own
    /// pieces by default), as a mask.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(
        &self,
        py: Python<'_>,
        color: &Bound<'_, PyAny>,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let s = self::square(square, "square")? as u8;
        let r = self.raw(py)?;
        let occ = match occupied {
            Some(o) => mask(o)?,
            None => r.occupied(),
        };
        Ok(r.attackers_mask(self::color(color)?, s, occ))
    }

    /// The pieces of `color` that attack `square`.
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
        square: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attackers_mask(py, color, square, None)?)
    }

    /// Whether a piece of `color` attacks `square`.
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(
        &self,
        py: Python<'_>,
        color: &Bound<'_, PyAny>,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_mask(py, color, square, occupied)? != 0)
    }

    /// The line along which the piece on `square` is pinned to the king of `color`, as
    /// a mask; every square when it is not pinned.
    fn pin_mask(&self, py: Python<'_>, color: &Bound<'_, PyAny>, square: i64) -> PyResult<u64> {
        let s = self::square(square, "square")? as u8;
        Ok(self.raw(py)?.pin_mask(self::color(color)?, s))
    }

    /// The line along which the piece on `square` is pinned to the king of `color`.
    fn pin<'py>(
        &self,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
        square: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pin_mask(py, color, square)?)
    }

    /// Whether the piece on `square` is pinned to the king of `color`.
    fn is_pinned(&self, py: Python<'_>, color: &Bound<'_, PyAny>, square: i64) -> PyResult<bool> {
        Ok(self.pin_mask(py, color, square)? != u64::MAX)
    }

    /// Takes the piece off `square` and returns it (`None` if it was empty).
    fn remove_piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Piece>> {
        let piece = self.piece_at(py, square)?;
        let s = self::square(square, "square")? as u8;
        self.edit(py, |r| {
            r.remove(s);
        })?;
        Ok(piece)
    }

    /// Puts `piece` on `square` (`None` empties it); `promoted` marks it promoted.
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(
        &self,
        py: Python<'_>,
        square: i64,
        piece: Option<Piece>,
        promoted: bool,
    ) -> PyResult<()> {
        let s = self::square(square, "square")? as u8;
        self.edit(py, |r| match piece {
            None => {
                r.remove(s);
            }
            Some(p) => r.put(s, usize::from(p.piece_type - 1), p.color, promoted),
        })
    }

    /// The FEN's first field; `promoted` marks promoted pieces with `~`.
    #[pyo3(signature = (*, promoted = false))]
    fn board_fen(&self, py: Python<'_>, promoted: Option<bool>) -> PyResult<String> {
        Ok(self.raw(py)?.board_fen(promoted.unwrap_or(false)))
    }

    /// Sets the pieces from a FEN's first field (`ValueError` naming the problem).
    fn set_board_fen(&self, py: Python<'_>, fen: &str) -> PyResult<()> {
        let mut placed = Raw::EMPTY;
        placed.set_board_fen(fen).map_err(PyValueError::new_err)?;
        self.edit(py, |r| {
            r.kinds = placed.kinds;
            r.colors = placed.colors;
            r.promoted = placed.promoted;
        })
    }

    /// The pieces by square (within `mask`), highest square first.
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let r = self.raw(py)?;
        let map = PyDict::new(py);
        for s in raw::high_first(r.occupied() & mask) {
            if let Some((k, w)) = r.piece_at(s) {
                map.set_item(
                    s,
                    Piece {
                        piece_type: k as u8 + 1,
                        color: w,
                    },
                )?;
            }
        }
        Ok(map)
    }

    /// Sets the pieces from a mapping of squares to pieces.
    fn set_piece_map(&self, py: Python<'_>, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut placed = Raw::EMPTY;
        let items = pieces.call_method0("items")?;
        for item in items.try_iter()? {
            let (s, p): (i64, Piece) = item?.extract()?;
            let s = self::square(s, "square")? as u8;
            placed.put(s, usize::from(p.piece_type - 1), p.color, false);
        }
        self.edit(py, |r| {
            r.kinds = placed.kinds;
            r.colors = placed.colors;
            r.promoted = 0;
        })
    }

    /// Sets up Chess960 starting position `scharnagl` (0 to 959).
    fn set_chess960_pos(&self, py: Python<'_>, scharnagl: i64) -> PyResult<()> {
        let placed = chess960(scharnagl)?;
        self.edit(py, |r| {
            r.kinds = placed.kinds;
            r.colors = placed.colors;
            r.promoted = 0;
        })
    }

    /// The number of the Chess960 starting position the pieces stand in, or `None`.
    fn chess960_pos(&self, py: Python<'_>) -> PyResult<Option<u32>> {
        Ok(crate::chess960::number(&self.raw(py)?))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(crate::state::diagram(&self.raw(py)?))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let name = slf.get_type().name()?;
        Ok(format!("{name}('{}')", slf.get().raw(py)?.board_fen(false)))
    }

    /// The board in Unicode chess symbols; `borders` draws a frame with coordinates,
    /// `orientation=False` shows it from black's side.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘", orientation = true))]
    fn unicode(
        &self,
        py: Python<'_>,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> PyResult<String> {
        let r = self.raw(py)?;
        let mut out = String::new();
        let ranks: Vec<u8> = if orientation {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let files: Vec<u8> = if orientation {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        let frame = format!("  {}\n", "-".repeat(17));
        for (row, &rank) in ranks.iter().enumerate() {
            if borders {
                out.push_str(&frame);
                out.push(char::from(b'1' + rank));
                out.push(' ');
            }
            for (i, &file) in files.iter().enumerate() {
                if borders {
                    out.push('|');
                } else if i > 0 {
                    out.push(' ');
                }
                match r.piece_at(rank * 8 + file) {
                    Some((k, w)) => out.push_str(&crate::moves::unicode_symbol(k, w, invert_color)),
                    None => out.push_str(empty_square),
                }
            }
            if borders {
                out.push('|');
            }
            if borders || row < 7 {
                out.push('\n');
            }
        }
        if borders {
            out.push_str(&frame);
            out.push_str(if orientation {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        Ok(out)
    }

    /// Boards with the same pieces are equal.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<BaseBoard>() else {
            return Ok(false);
        };
        let (a, b) = (self.raw(py)?, other.get().raw(py)?);
        Ok(a.kinds == b.kinds && a.colors == b.colors && a.promoted == b.promoted)
    }

    /// Passes every bitboard through `f` (a function of a 64-bit mask, such as
    /// `flip_vertical`).
    fn apply_transform(&self, py: Python<'_>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let r = self.raw(py)?;
        let t = transform(&r, f)?;
        let mut state = self.state.get_mut(py)?;
        state.reset_to(t);
        Ok(())
    }

    /// A copy with every bitboard passed through `f`.
    fn transform<'py>(slf: &Bound<'py, Self>, f: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let copy = Self::copy_of(slf, Some(0))?;
        copy.cast::<BaseBoard>()?.get().apply_transform(py, f)?;
        Ok(copy)
    }

    /// The board mirrored: ranks flipped and colours swapped (and, for a `Board`, the
    /// side to move with them).
    fn apply_mirror(&self, py: Python<'_>) -> PyResult<()> {
        let mut state = self.state.get_mut(py)?;
        let r = state.raw();
        state.reset_to(r.mirror());
        Ok(())
    }

    /// A mirrored copy.
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let copy = Self::copy_of(slf, Some(0))?;
        copy.cast::<BaseBoard>()?.get().apply_mirror(py)?;
        Ok(copy)
    }

    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::copy_of(slf, None)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("copy")
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("copy")
    }

    /// An empty board.
    #[classmethod]
    fn empty<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        new_of_type(cls, State::new(Raw::EMPTY, false))
    }

    /// The board of Chess960 starting position `scharnagl`.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = new_of_type(cls, State::new(Raw::EMPTY, false))?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// What pickle keeps: the class, and the first position and moves.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let state = slf.get().state.get(py)?;
        let (fen, moves) = state.game();
        let restore = py.get_type::<BaseBoard>().getattr("_restore")?;
        let args = (slf.get_type(), fen, state.chess960(), moves);
        PyTuple::new(py, [restore.into_any(), args.into_pyobject(py)?.into_any()])
    }

    /// The board of a pickle.
    #[staticmethod]
    fn _restore<'py>(
        cls: &Bound<'py, PyType>,
        fen: &str,
        chess960: bool,
        moves: Vec<String>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut state = State::from_fen(Some(fen), chess960)?;
        for m in moves {
            let m = crate::moves::parse_uci(&m)?;
            state.push(m)?;
        }
        new_of_type(cls, state)
    }

    // python-chess's bitboard attributes.
    #[getter]
    fn pawns(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::PAWN])
    }
    #[getter]
    fn knights(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::KNIGHT])
    }
    #[getter]
    fn bishops(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::BISHOP])
    }
    #[getter]
    fn rooks(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::ROOK])
    }
    #[getter]
    fn queens(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::QUEEN])
    }
    #[getter]
    fn kings(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.kinds[raw::KING])
    }
    #[getter]
    fn promoted(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.promoted)
    }
    #[getter]
    fn occupied(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.raw(py)?.occupied())
    }
    /// Black's pieces, then white's: index it with `WHITE` or `BLACK`.
    #[getter]
    fn occupied_co(&self, py: Python<'_>) -> PyResult<[u64; 2]> {
        Ok(self.raw(py)?.colors)
    }

    // The board and its views hold each other: the garbage collector sees both links,
    // and clearing the board's breaks the cycle.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Ok(views) = self.views.0.try_borrow() {
            if let Some(v) = &views.0 {
                visit.call(v)?;
            }
            if let Some(v) = &views.1 {
                visit.call(v)?;
            }
        }
        Ok(())
    }

    fn __clear__(&self) {
        if let Ok(mut views) = self.views.0.try_borrow_mut() {
            *views = (None, None);
        }
    }
}

impl BaseBoard {
    /// A copy of the same class, with `keep` moves of the stack (all when `None`).
    fn copy_of<'py>(slf: &Bound<'py, Self>, keep: Option<usize>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let state = slf.get().state.get(py)?.copy(keep);
        new_of_type(&slf.get_type(), state)
    }
}

/// `BaseBoard`'s arguments: `board_fen` (the start position's by default; `None`: empty).
fn base_board_args(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Raw> {
    let mut fen = Some(raw::STARTING_BOARD_FEN.to_owned());
    let mut given = args.len() > 0;
    if args.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "BaseBoard() takes at most 1 positional argument ({} given)",
            args.len()
        )));
    }
    if let Some(first) = args.iter().next() {
        fen = first.extract()?;
    }
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key: String = key.extract()?;
            if key != "board_fen" || given {
                return Err(PyTypeError::new_err(format!(
                    "BaseBoard() got an unexpected keyword argument {key}",
                    key = Repr(&key)
                )));
            }
            fen = value.extract()?;
            given = true;
        }
    }
    let mut raw = Raw::EMPTY;
    if let Some(fen) = fen {
        raw.set_board_fen(&fen).map_err(PyValueError::new_err)?;
    }
    Ok(raw)
}

/// `Board`'s arguments: `fen` (the start position by default; `None`: empty) and the
/// keyword `chess960`.
fn board_args(
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Option<String>, bool)> {
    let mut fen = Some(STARTING_FEN.to_owned());
    let mut chess960 = false;
    if args.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "Board() takes at most 1 positional argument ({} given)",
            args.len()
        )));
    }
    let mut fen_given = false;
    if let Some(first) = args.iter().next() {
        fen = first.extract()?;
        fen_given = true;
    }
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            match key.extract::<String>()?.as_str() {
                "fen" if !fen_given => {
                    fen = value.extract()?;
                    fen_given = true;
                }
                "chess960" => chess960 = value.is_truthy()?,
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "Board() got an unexpected keyword argument {other}",
                        other = Repr(&other)
                    )));
                }
            }
        }
    }
    Ok((fen, chess960))
}

/// The pieces of Chess960 position `n`, or `ValueError`.
fn chess960(n: i64) -> PyResult<Raw> {
    u32::try_from(n)
        .ok()
        .and_then(crate::chess960::placement)
        .ok_or_else(|| {
            PyValueError::new_err(format!("chess960 position index not 0 <= {n} <= 959"))
        })
}

/// `r` with every bitboard passed through the Python function `f`.
fn transform(r: &Raw, f: &Bound<'_, PyAny>) -> PyResult<Raw> {
    let apply = |m: u64| -> PyResult<u64> { mask(&f.call1((m,))?) };
    let mut t = *r;
    for k in &mut t.kinds {
        *k = apply(*k)?;
    }
    for c in &mut t.colors {
        *c = apply(*c)?;
    }
    t.promoted = apply(t.promoted)?;
    t.castling = apply(t.castling)?;
    t.ep = match t.ep {
        None => None,
        Some(e) => {
            let m = apply(1 << e)?;
            (m != 0).then(|| 63 - m.leading_zeros() as u8)
        }
    };
    Ok(t)
}

/// A chess position with its move stack, as python-chess's `chess.Board`: the same
/// names, types and meanings. `Board()` is the start position; `Board(fen)` reads a FEN
/// (standard, X-FEN or Shredder-FEN); `Board(None)` is empty; `chess960=True` writes
/// castling as king takes rook. A bad FEN raises `ValueError` naming the field. Like
/// python-chess's, a board may hold any placement: `status()` says what is wrong with
/// it, and moves are generated for it all the same.
#[pyclass(module = "rayscan", extends = BaseBoard, subclass, frozen)]
pub struct Board {}

/// The state of a board.
#[inline]
fn st<'a>(slf: &'a Bound<'_, Board>) -> PyResult<Ref<'a, State>> {
    slf.as_super().get().state.get(slf.py())
}

#[inline]
fn st_mut<'a>(slf: &'a Bound<'_, Board>) -> PyResult<RefMut<'a, State>> {
    slf.as_super().get().state.get_mut(slf.py())
}

#[pymethods]
impl Board {
    /// `Board(fen, chess960=…)` reads its arguments here; a subclass's object is made
    /// with the start position and read by `__init__`, which a subclass's own
    /// `__init__` may call (`super().__init__(fen, chess960=True)`), as python-chess's
    /// variants do.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        cls: &Bound<'_, PyType>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Board>> {
        let state = if cls.is(cls.py().get_type::<Board>()) {
            let (fen, chess960) = board_args(args, kwargs)?;
            State::from_fen(fen.as_deref(), chess960)?
        } else {
            State::from_fen(Some(STARTING_FEN), false)?
        };
        Ok(PyClassInitializer::from(BaseBoard::of(state)).add_subclass(Board {}))
    }

    /// Sets a subclass's position from a FEN (`None`: empty) and Chess960 flag.
    #[pyo3(signature = (fen = Some(STARTING_FEN.to_owned()), *, chess960 = false))]
    fn __init__(slf: &Bound<'_, Self>, fen: Option<String>, chess960: bool) -> PyResult<()> {
        if slf.get_type().is(slf.py().get_type::<Board>()) {
            return Ok(());
        }
        *st_mut(slf)? = State::from_fen(fen.as_deref(), chess960)?;
        Ok(())
    }

    // python-chess's description of the variant a board plays: standard chess.
    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec![
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
        ]
    }
    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }
    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }
    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }
    #[classattr]
    fn tbw_suffix() -> &'static str {
        ".rtbw"
    }
    #[classattr]
    fn tbz_suffix() -> &'static str {
        ".rtbz"
    }
    #[classattr]
    fn tbw_magic(py: Python<'_>) -> Bound<'_, pyo3::types::PyBytes> {
        pyo3::types::PyBytes::new(py, &[0x71, 0xe8, 0x23, 0x5d])
    }
    #[classattr]
    fn tbz_magic(py: Python<'_>) -> Bound<'_, pyo3::types::PyBytes> {
        pyo3::types::PyBytes::new(py, &[0xd7, 0x66, 0x0c, 0xa5])
    }
    #[classattr]
    fn pawnless_tbw_suffix() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn pawnless_tbz_suffix() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn pawnless_tbw_magic() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn pawnless_tbz_magic() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn connected_kings() -> bool {
        false
    }
    #[classattr]
    fn one_king() -> bool {
        true
    }
    #[classattr]
    fn captures_compulsory() -> bool {
        false
    }

    /// The FEN. `shredder` writes castling rights as files (`HAha`); `en_passant` is
    /// `"legal"` (the square only when en passant can be played, the default), `"fen"`
    /// (after every double step) or `"xfen"` (when a pawn stands ready to take).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(
        slf: &Bound<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        st(slf)?.fen(shredder, en_passant, promoted)
    }

    /// The FEN with castling rights as files.
    #[pyo3(signature = (*, en_passant = "legal", promoted = None))]
    fn shredder_fen(
        slf: &Bound<'_, Self>,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        st(slf)?.fen(true, en_passant, promoted)
    }

    /// Sets the position from a FEN and forgets the moves.
    fn set_fen(slf: &Bound<'_, Self>, fen: &str) -> PyResult<()> {
        let raw = raw::parse_fen(fen).map_err(PyValueError::new_err)?;
        st_mut(slf)?.reset_to(raw);
        Ok(())
    }

    /// Sets the castling rights from FEN text (`KQkq`, `-`, files) and forgets the
    /// moves.
    fn set_castling_fen(slf: &Bound<'_, Self>, castling_fen: &str) -> PyResult<()> {
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.set_castling_fen(castling_fen)
            .map_err(PyValueError::new_err)?;
        state.reset_to(raw);
        Ok(())
    }

    /// The castling field as X-FEN writes it.
    fn castling_xfen(slf: &Bound<'_, Self>) -> PyResult<String> {
        let state = st(slf)?;
        Ok(state.raw().castling_xfen(state.clean_castling_rights()))
    }

    /// The castling field as Shredder-FEN writes it.
    fn castling_shredder_fen(slf: &Bound<'_, Self>) -> PyResult<String> {
        let state = st(slf)?;
        Ok(state.raw().castling_shredder(state.clean_castling_rights()))
    }

    /// The start position, and no moves.
    fn reset(slf: &Bound<'_, Self>) -> PyResult<()> {
        let raw = raw::parse_fen(STARTING_FEN).map_err(PyValueError::new_err)?;
        st_mut(slf)?.reset_to(raw);
        Ok(())
    }

    /// An empty board, white to move, no moves.
    fn clear(slf: &Bound<'_, Self>) -> PyResult<()> {
        st_mut(slf)?.reset_to(Raw::EMPTY);
        Ok(())
    }

    /// Forgets the moves, keeping the position.
    fn clear_stack(slf: &Bound<'_, Self>) -> PyResult<()> {
        st_mut(slf)?.clear_stack();
        Ok(())
    }

    /// A copy of the position before the first move of the stack.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let state = {
            let s = st(slf)?;
            let mut root = State::new(s.root(), s.chess960());
            root.set_chess960(s.chess960());
            root
        };
        new_of_type(&slf.get_type(), state)
    }

    /// Sets Chess960 starting position `scharnagl`: white to move, every castling
    /// right, no moves.
    fn set_chess960_pos(slf: &Bound<'_, Self>, scharnagl: i64) -> PyResult<()> {
        let mut raw = chess960(scharnagl)?;
        raw.castling = raw.kinds[raw::ROOK];
        let mut state = st_mut(slf)?;
        state.set_chess960(true);
        state.reset_to(raw);
        Ok(())
    }

    /// The number of the Chess960 starting position, or `None`: white to move and every
    /// castling right unless told to ignore them, the clocks only if told to check them.
    #[pyo3(signature = (*, ignore_turn = false, ignore_castling = false, ignore_counters = true))]
    fn chess960_pos(
        slf: &Bound<'_, Self>,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> PyResult<Option<u32>> {
        let state = st(slf)?;
        let r = state.raw();
        if r.ep.is_some()
            || (!ignore_turn && !r.turn)
            || (!ignore_castling && state.clean_castling_rights() != r.kinds[raw::ROOK])
            || (!ignore_counters && (r.fullmove != 1 || r.halfmove != 0))
        {
            return Ok(None);
        }
        Ok(crate::chess960::number(&r))
    }

    /// The side to move: `True` for white.
    #[getter]
    fn turn(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.turn())
    }

    /// Sets the side to move (the moves before stay).
    #[setter]
    fn set_turn(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let white = value.is_truthy()?;
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.turn = white;
        state.set_raw(raw);
        Ok(())
    }

    /// Whether castling is written king takes rook (Chess960).
    #[getter]
    fn chess960(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.chess960())
    }

    #[setter]
    fn set_chess960(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let on = value.is_truthy()?;
        st_mut(slf)?.set_chess960(on);
        Ok(())
    }

    /// The squares of the rooks with a castling right, as set (see
    /// `clean_castling_rights`).
    #[getter]
    fn castling_rights(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Ok(st(slf)?.raw().castling)
    }

    #[setter]
    fn set_castling_rights(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let rights = mask(value)?;
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.castling = rights;
        state.set_raw(raw);
        Ok(())
    }

    /// The square a pawn skipped with a double step on the last move, or `None`.
    #[getter]
    fn ep_square(slf: &Bound<'_, Self>) -> PyResult<Option<u8>> {
        Ok(st(slf)?.raw().ep)
    }

    #[setter]
    fn set_ep_square(slf: &Bound<'_, Self>, value: Option<i64>) -> PyResult<()> {
        let ep = value
            .map(|s| square(s, "ep_square").map(|s| s as u8))
            .transpose()?;
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.ep = ep;
        state.set_raw(raw);
        Ok(())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(slf: &Bound<'_, Self>) -> PyResult<u32> {
        Ok(st(slf)?.raw().halfmove)
    }

    #[setter]
    fn set_halfmove_clock(slf: &Bound<'_, Self>, value: i64) -> PyResult<()> {
        let n = u32::try_from(value).map_err(|_| {
            PyValueError::new_err(format!("halfmove_clock: {value} is not in 0..2**32"))
        })?;
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.halfmove = n;
        state.set_raw(raw);
        Ok(())
    }

    /// The move number, from 1, counted up after black's move.
    #[getter]
    fn fullmove_number(slf: &Bound<'_, Self>) -> PyResult<u32> {
        Ok(st(slf)?.raw().fullmove)
    }

    #[setter]
    fn set_fullmove_number(slf: &Bound<'_, Self>, value: i64) -> PyResult<()> {
        let n = u32::try_from(value).map_err(|_| {
            PyValueError::new_err(format!("fullmove_number: {value} is not in 0..2**32"))
        })?;
        let mut state = st_mut(slf)?;
        let mut raw = state.raw();
        raw.fullmove = n;
        state.set_raw(raw);
        Ok(())
    }

    /// The half-moves played since the start of the game (from the move number).
    fn ply(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Ok(st(slf)?.ply())
    }

    /// The problems of the position (`STATUS_*` flags; `STATUS_VALID` for none).
    fn status<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let flags = st(slf)?.status();
        static STATUS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        STATUS
            .import(slf.py(), "rayscan._bitboards", "Status")?
            .call1((flags,))
    }

    /// Whether `status()` finds no problem.
    fn is_valid(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.status() == 0)
    }

    /// The castling rights that name a rook that may castle.
    fn clean_castling_rights(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Ok(st(slf)?.clean_castling_rights())
    }

    fn has_castling_rights(slf: &Bound<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        let backrank = if self::color(color)? {
            raw::RANK_1
        } else {
            raw::RANK_8
        };
        Ok(st(slf)?.clean_castling_rights() & backrank != 0)
    }

    fn has_kingside_castling_rights(
        slf: &Bound<'_, Self>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        Ok(side_rights(&*st(slf)?, self::color(color)?, true))
    }

    fn has_queenside_castling_rights(
        slf: &Bound<'_, Self>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        Ok(side_rights(&*st(slf)?, self::color(color)?, false))
    }

    /// Whether a castling right needs Chess960 (its king or rook off its standard
    /// square).
    fn has_chess960_castling_rights(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let state = st(slf)?;
        let r = state.raw();
        let rights = r.clean_castling(true, state.stacked());
        let corners = 0x8100_0000_0000_0081;
        let king_on = |white: bool, e: u8| {
            r.kinds[raw::KING] & r.colors[usize::from(white)] & (1u64 << e) != 0
        };
        Ok(rights & !corners != 0
            || (rights & raw::RANK_1 != 0 && !king_on(true, 4))
            || (rights & raw::RANK_8 != 0 && !king_on(false, 60)))
    }

    // ---------------------------------------------------------------------------------
    // Moves.

    /// The legal moves: python-chess's live view (`count()`, `len()`, `in`, iteration).
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyResult<Py<LegalMoveGenerator>> {
        let py = slf.py();
        let base = slf.as_super().get();
        if let Some(view) = &base.views.get(py)?.0 {
            return Ok(view.clone_ref(py));
        }
        let view = Py::new(py, LegalMoveGenerator::of(slf.as_any()))?;
        base.views.get_mut(py)?.0 = Some(view.clone_ref(py));
        Ok(view)
    }

    /// The pseudo-legal moves: the live view.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> PyResult<Py<PseudoLegalMoveGenerator>> {
        let py = slf.py();
        let base = slf.as_super().get();
        if let Some(view) = &base.views.get(py)?.1 {
            return Ok(view.clone_ref(py));
        }
        let view = Py::new(
            py,
            PseudoLegalMoveGenerator::of(slf.clone().into_any().unbind()),
        )?;
        base.views.get_mut(py)?.1 = Some(view.clone_ref(py));
        Ok(view)
    }

    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_moves<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let moves = st(slf)?.legal_moves(f, t);
        iterate(slf.py(), moves)
    }

    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_moves<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let moves = st(slf)?.pseudo_legal_moves(f, t);
        iterate(slf.py(), moves)
    }

    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_ep<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let moves = st(slf)?.legal_ep(f, t);
        iterate(slf.py(), moves)
    }

    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_ep<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let moves = st(slf)?.pseudo_legal_ep(f, t);
        iterate(slf.py(), moves)
    }

    /// The legal captures, en passant last.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_captures<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let state = st(slf)?;
        let theirs = state.raw().theirs();
        let mut moves = state.legal_moves(f, t & theirs);
        moves.extend(state.legal_ep(f, t));
        iterate(slf.py(), moves)
    }

    /// The pseudo-legal captures, en passant last.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_captures<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let state = st(slf)?;
        let theirs = state.raw().theirs();
        let mut moves = state.pseudo_legal_moves(f, t & theirs);
        moves.extend(state.pseudo_legal_ep(f, t));
        iterate(slf.py(), moves)
    }

    /// The castling moves with the king in `from_mask` and the rook in `to_mask`.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_castling_moves<'py>(
        slf: &Bound<'py, Self>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (f, t) = masks(from_mask, to_mask)?;
        let moves = st(slf)?.castling_moves(f, t);
        iterate(slf.py(), moves)
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<Move>>> {
        let py = slf.py();
        st(slf)?
            .move_stack()
            .into_iter()
            .map(|m| crate::moves::cached(py, m))
            .collect()
    }

    /// Plays `move`: legal, or as python-chess allows, pseudo-legal (the king left in
    /// check) or the null move. Any other move raises `IllegalMoveError` (python-chess
    /// would play it, or fail an assertion) and changes nothing.
    fn push(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<()> {
        st_mut(slf)?.push(r#move)
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    fn pop(slf: &Bound<'_, Self>) -> PyResult<Py<Move>> {
        st_mut(slf)?.pop(slf.py())
    }

    /// The last move (`IndexError` when there is none).
    fn peek(slf: &Bound<'_, Self>) -> PyResult<Py<Move>> {
        st(slf)?.peek(slf.py())
    }

    /// The legal move from `from_square` to `to_square` (a pawn onto the last rank
    /// promotes to a queen unless `promotion` says otherwise; the king onto its rook
    /// or two squares over castles); `IllegalMoveError` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        slf: &Bound<'_, Self>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Py<Move>> {
        let from = square(from_square, "from_square")? as u8;
        let to = square(to_square, "to_square")? as u8;
        let promotion = promotion
            .map(|p| {
                u8::try_from(p)
                    .ok()
                    .filter(|p| (2..=5).contains(p))
                    .ok_or_else(|| {
                        PyValueError::new_err(format!("promotion: piece type {p} is not 2 to 5"))
                    })
            })
            .transpose()?;
        let m = st(slf)?.find_move(from, to, promotion)?;
        crate::moves::cached(slf.py(), m)
    }

    /// The legal move of UCI text (`InvalidMoveError`, `IllegalMoveError`).
    fn parse_uci(slf: &Bound<'_, Self>, uci: &str) -> PyResult<Py<Move>> {
        let m = st(slf)?.parse_uci(uci)?;
        crate::moves::cached(slf.py(), m)
    }

    /// Plays the move of UCI text and returns it.
    fn push_uci(slf: &Bound<'_, Self>, uci: &str) -> PyResult<Py<Move>> {
        let m = st_mut(slf)?.push_uci(uci)?;
        crate::moves::cached(slf.py(), m)
    }

    /// The legal move of SAN text (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError`).
    fn parse_san(slf: &Bound<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        let m = st(slf)?.parse_san(san)?;
        crate::moves::cached(slf.py(), m)
    }

    /// Plays the move of SAN text and returns it.
    fn push_san(slf: &Bound<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        let m = st_mut(slf)?.push_san(san)?;
        crate::moves::cached(slf.py(), m)
    }

    /// The move of xboard text (SAN or coordinates).
    fn parse_xboard(slf: &Bound<'_, Self>, xboard: &str) -> PyResult<Py<Move>> {
        Self::parse_san(slf, xboard)
    }

    /// Plays the move of xboard text and returns it.
    fn push_xboard(slf: &Bound<'_, Self>, xboard: &str) -> PyResult<Py<Move>> {
        Self::push_san(slf, xboard)
    }

    /// The SAN of a legal move (`IllegalMoveError` otherwise).
    fn san(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<String> {
        st(slf)?.san(r#move, false)
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`).
    fn lan(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<String> {
        st(slf)?.san(r#move, true)
    }

    /// The SAN of a legal move, then the move played.
    fn san_and_push(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<String> {
        let mut state = st_mut(slf)?;
        let san = state.san(r#move, false)?;
        state.push(r#move)?;
        Ok(san)
    }

    /// The moves of a line in SAN with move numbers (`1. e4 e5 2. Nf3`), played from
    /// here on a copy; `IllegalMoveError` naming the first illegal move.
    fn variation_san(slf: &Bound<'_, Self>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut state = st(slf)?.copy(Some(0));
        let mut out: Vec<String> = Vec::new();
        for (i, item) in variation.try_iter()?.enumerate() {
            let m: Move = item?.extract()?;
            if !state.is_legal(m) {
                return Err(crate::errors::IllegalMoveError::new_err(format!(
                    "illegal move {m} in position {}",
                    state.fen(false, "legal", None)?
                )));
            }
            let raw = state.raw();
            let san = state.san(m, false)?;
            if raw.turn {
                out.push(format!("{}. {san}", raw.fullmove));
            } else if i == 0 {
                out.push(format!("{}...{san}", raw.fullmove));
            } else {
                out.push(san);
            }
            state.push(m)?;
        }
        Ok(out.join(" "))
    }

    /// The UCI text of a move, castling as this board writes it (or as `chess960` says).
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(slf: &Bound<'_, Self>, r#move: Move, chess960: Option<bool>) -> PyResult<String> {
        Ok(st(slf)?.uci(r#move, chess960))
    }

    /// The xboard text of a move: coordinates, Chess960 castling as `O-O`/`O-O-O`, the
    /// null move `@@@@`.
    #[pyo3(signature = (r#move, chess960 = None))]
    fn xboard(slf: &Bound<'_, Self>, r#move: Move, chess960: Option<bool>) -> PyResult<String> {
        let state = st(slf)?;
        let notation = chess960.unwrap_or(state.chess960());
        if r#move == Move::NULL {
            return Ok("@@@@".to_owned());
        }
        if notation && state.is_castling(r#move) {
            return Ok(if (r#move.to_square & 7) < (r#move.from_square & 7) {
                "O-O-O"
            } else {
                "O-O"
            }
            .to_owned());
        }
        Ok(state.uci(r#move, Some(notation)))
    }

    fn is_legal(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_legal(r#move))
    }

    fn is_pseudo_legal(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_pseudo_legal(r#move))
    }

    fn is_capture(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_capture(r#move))
    }

    fn is_castling(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_castling(r#move))
    }

    fn is_kingside_castling(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_castling(r#move) && (r#move.to_square & 7) > (r#move.from_square & 7))
    }

    fn is_queenside_castling(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_castling(r#move) && (r#move.to_square & 7) < (r#move.from_square & 7))
    }

    fn is_en_passant(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_en_passant(r#move))
    }

    fn is_zeroing(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_zeroing(r#move))
    }

    fn is_irreversible(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_irreversible(r#move))
    }

    fn gives_check(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.gives_check(r#move))
    }

    fn is_into_check(slf: &Bound<'_, Self>, r#move: Move) -> PyResult<bool> {
        Ok(st(slf)?.is_into_check(r#move))
    }

    fn was_into_check(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.was_into_check())
    }

    fn has_legal_en_passant(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.has_legal_en_passant())
    }

    fn has_pseudo_legal_en_passant(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.has_pseudo_legal_en_passant())
    }

    /// The pieces giving check, as a mask.
    fn checkers_mask(slf: &Bound<'_, Self>) -> PyResult<u64> {
        Ok(st(slf)?.raw().checkers_mask())
    }

    /// The pieces giving check.
    fn checkers<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        square_set(slf.py(), Self::checkers_mask(slf)?)
    }

    // ---------------------------------------------------------------------------------
    // The end of the game.

    fn is_check(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_check())
    }

    fn is_checkmate(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_checkmate())
    }

    fn is_stalemate(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_stalemate())
    }

    fn is_insufficient_material(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_insufficient_material())
    }

    fn has_insufficient_material(
        slf: &Bound<'_, Self>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        Ok(st(slf)?.has_insufficient_material(self::color(color)?))
    }

    fn is_seventyfive_moves(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_seventyfive_moves())
    }

    fn is_fifty_moves(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_fifty_moves())
    }

    fn is_fivefold_repetition(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.is_fivefold_repetition())
    }

    #[pyo3(signature = (count = 3))]
    fn is_repetition(slf: &Bound<'_, Self>, count: usize) -> PyResult<bool> {
        Ok(st(slf)?.is_repetition(count))
    }

    fn can_claim_fifty_moves(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.can_claim_fifty_moves())
    }

    fn can_claim_threefold_repetition(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.can_claim_threefold_repetition())
    }

    fn can_claim_draw(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(st(slf)?.can_claim_draw())
    }

    /// Variant hooks: standard chess has no variant end.
    fn is_variant_end(_slf: &Bound<'_, Self>) -> bool {
        false
    }
    fn is_variant_win(_slf: &Bound<'_, Self>) -> bool {
        false
    }
    fn is_variant_loss(_slf: &Bound<'_, Self>) -> bool {
        false
    }
    fn is_variant_draw(_slf: &Bound<'_, Self>) -> bool {
        false
    }

    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(slf: &Bound<'_, Self>, claim_draw: bool) -> PyResult<bool> {
        Ok(st(slf)?.termination(claim_draw).is_some())
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(slf: &Bound<'_, Self>, claim_draw: bool) -> PyResult<&'static str> {
        Ok(match st(slf)?.termination(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        })
    }

    /// How the game ended, as python-chess's `Outcome`, or `None` while it goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        slf: &Bound<'py, Self>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        let ended = st(slf)?.termination(claim_draw);
        let Some((termination, winner)) = ended else {
            return Ok(None);
        };
        let module = py.import("rayscan")?;
        let termination = module.getattr("Termination")?.getattr(termination)?;
        Ok(Some(
            module.getattr("Outcome")?.call1((termination, winner))?,
        ))
    }

    /// Perft: the leaf nodes `depth` plies below, counted with rayscan's fastest
    /// generator, on `threads` threads and with a hash table of `hash_mb` MiB (0: none).
    /// The GIL is released while it counts, and Ctrl-C stops it (`KeyboardInterrupt`).
    /// `ValueError` on a board that is not a valid position.
    #[pyo3(signature = (depth, *, threads = 1, hash_mb = 0))]
    fn perft(slf: &Bound<'_, Self>, depth: i64, threads: i64, hash_mb: i64) -> PyResult<u64> {
        // A copy: the state is not borrowed while the GIL is released.
        let pos = st(slf)?.position()?;
        crate::perft::perft(slf.py(), &pos, depth, threads, hash_mb)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let state = st(slf)?;
        let fen = state.fen(false, "legal", None)?;
        Ok(if state.chess960() {
            format!("{name}('{fen}', chess960=True)")
        } else {
            format!("{name}('{fen}')")
        })
    }

    /// Equal boards have the same pieces, side to move, castling rights, en passant
    /// (when it can be played) and clocks, as python-chess compares them.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Board>() else {
            return Ok(false);
        };
        let a = st(slf)?;
        let b = st(other)?;
        Ok(a.same_position(&b))
    }

    /// A copy; with `stack=False` (or a number), without its move stack (or with its
    /// last moves only).
    #[pyo3(signature = (*, stack = None))]
    fn copy<'py>(
        slf: &Bound<'py, Self>,
        stack: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let keep = match stack {
            None => None,
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    None
                } else {
                    Some(0)
                }
            }
            Some(s) => {
                let n: i64 = s.extract()?;
                Some(
                    usize::try_from(n)
                        .map_err(|_| PyValueError::new_err(format!("stack: {n} is negative")))?,
                )
            }
        };
        let state = st(slf)?.copy(keep);
        new_of_type(&slf.get_type(), state)
    }

    /// An empty board, white to move.
    #[classmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty<'py>(cls: &Bound<'py, PyType>, chess960: bool) -> PyResult<Bound<'py, PyAny>> {
        new_of_type(cls, State::new(Raw::EMPTY, chess960))
    }

    /// The EPD of the position with `operations` (`bm=Move`, `id="text"`, `pv=[…]`,
    /// `noop=None` …).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
    fn epd(
        slf: &Bound<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let base = st(slf)?.epd_base(shredder, en_passant, promoted)?;
        let Some(ops) = operations.filter(|o| !o.is_empty()) else {
            return Ok(base);
        };
        let state = st(slf)?.clone();
        let text = crate::epd::write_operations(&state, ops)?;
        Ok(format!("{base} {text}"))
    }

    /// Sets the position from an EPD and returns its operations (`hmvc` and `fmvn` set
    /// the clocks).
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let (raw, ops) = crate::epd::read(slf.py(), epd)?;
        st_mut(slf)?.reset_to(raw);
        Ok(ops)
    }

    /// The board of an EPD and its operations.
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyDict>)> {
        let (raw, ops) = crate::epd::read(cls.py(), epd)?;
        let board = new_of_type(cls, State::new(raw, chess960))?;
        Ok((board, ops))
    }

    /// The board of Chess960 starting position `scharnagl`.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = new_of_type(cls, State::new(Raw::EMPTY, true))?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// The board mirrored: ranks flipped, colours and the side to move swapped.
    fn apply_mirror(slf: &Bound<'_, Self>) -> PyResult<()> {
        let mut state = st_mut(slf)?;
        let r = state.raw();
        state.reset_to(r.mirror());
        Ok(())
    }

    /// The legal moves by the rules a board that is not valid is played by, on any
    /// board: the reference the tests hold rayscan's generator to.
    fn _raw_legal_moves<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let moves = st(slf)?.raw_legal_moves();
        let cache = crate::moves::cache()?;
        let py = slf.py();
        PyList::new(
            py,
            moves
                .into_iter()
                .map(|m| crate::moves::shared(py, cache, m)),
        )
    }
}

/// Whether `white` may castle on that side (`king_side`), by the clean rights: a
/// right beyond its kings on the back rank (compared as masks, as python-chess does).
fn side_rights(state: &State, white: bool, king_side: bool) -> bool {
    let r = state.raw();
    let backrank = if white { raw::RANK_1 } else { raw::RANK_8 };
    let kings = r.kinds[raw::KING] & r.colors[usize::from(white)] & backrank & !r.promoted;
    if kings == 0 {
        return false;
    }
    let rights = state.clean_castling_rights() & backrank;
    raw::high_first(rights).any(|rook| ((1u64 << rook) > kings) == king_side)
}

/// The from and to masks of a generator call (all squares by default).
fn masks(from: Option<&Bound<'_, PyAny>>, to: Option<&Bound<'_, PyAny>>) -> PyResult<(u64, u64)> {
    Ok((
        from.map(mask).transpose()?.unwrap_or(u64::MAX),
        to.map(mask).transpose()?.unwrap_or(u64::MAX),
    ))
}

/// An iterator over moves (the shared move objects).
fn iterate(py: Python<'_>, moves: Vec<Move>) -> PyResult<Bound<'_, PyIterator>> {
    let cache = crate::moves::cache()?;
    let items = moves
        .into_iter()
        .map(|m| crate::moves::shared(py, cache, m));
    PyList::new(py, items)?.try_iter()
}

/// The legal moves of a board as a Python list of the shared move objects: from the
/// move list of a valid position (remembered for `push`), or by python-chess's rules.
pub(crate) fn legal_list<'py>(slf: &Bound<'py, Board>) -> PyResult<Bound<'py, PyList>> {
    let py = slf.py();
    let cache = crate::moves::cache()?;
    let mut list = MoveList::new();
    let (listed, chess960) = {
        let mut state = st_mut(slf)?;
        (state.list_moves(&mut list), state.chess960())
    };
    if listed {
        let moves = list
            .iter()
            .map(|&m| crate::moves::shared(py, cache, Move::from_rayscan(m, chess960)));
        return PyList::new(py, moves);
    }
    let moves = st(slf)?.legal_moves(u64::MAX, u64::MAX);
    PyList::new(
        py,
        moves
            .into_iter()
            .map(|m| crate::moves::shared(py, cache, m)),
    )
}
