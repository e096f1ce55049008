//! `Board`: python-chess's core board, the Python face of a [`State`], and
//! `Board.legal_moves`, python-chess's live view of the legal moves.

use std::cell::{Ref, RefCell, RefMut};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use pyo3::{PyTraverseError, PyVisit};

use rayscan::MoveList;

use crate::moves::{Move, Piece};
use crate::state::{STARTING_FEN, State, Transposition};

/// A `RefCell` that a Python object can hold: the borrow flag is a plain integer, not
/// the atomic one of pyo3's mutable classes. A perft loop in Python makes four calls a
/// node into the board, and the atomic read-modify-writes of pyo3's flag were 4% of it.
pub(crate) struct GilCell<T>(RefCell<T>);

// SAFETY: a `GilCell` is only touched by code holding the GIL. pyo3 calls `Board`'s
// methods with the GIL held; no reference into the state leaves for another thread (perft
// copies the position before it releases the GIL); and this module is built for the
// stable ABI, which free-threaded CPython does not load. The GIL thus orders every access
// to the cell's flag and contents, which is what `Sync` needs. Re-entry from Python on
// the same thread (a callback while a method runs) meets the flag, as with `RefCell`:
// an error, never two references.
unsafe impl<T: Send> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    fn new(value: T) -> GilCell<T> {
        GilCell(RefCell::new(value))
    }

    #[inline]
    pub(crate) fn get(&self) -> PyResult<Ref<'_, T>> {
        self.0.try_borrow().map_err(|_| busy())
    }

    #[inline]
    fn get_mut(&self) -> PyResult<RefMut<'_, T>> {
        self.0.try_borrow_mut().map_err(|_| busy())
    }
}

fn busy() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(
        "the board is in use by a call that has not returned (a callback into Python)",
    )
}

/// A chess position with its move stack, as python-chess's `chess.Board`: the same
/// names, types and meanings. `Board()` is the start position; `Board(fen)` reads a FEN
/// (standard, X-FEN or Shredder-FEN); `chess960=True` writes castling as king takes
/// rook. A bad FEN raises `ValueError` naming the field.
///
/// Frozen for pyo3, its state behind a [`GilCell`]; each method is the state's.
#[pyclass(module = "rayscan", frozen)]
pub struct Board {
    pub(crate) state: GilCell<State>,
}

impl Board {
    fn of(state: State) -> Board {
        Board {
            state: GilCell::new(state),
        }
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN.to_owned()), *, chess960 = false))]
    fn new(fen: Option<String>, chess960: bool) -> PyResult<Board> {
        let Some(fen) = fen else {
            return Err(PyValueError::new_err(
                "fen: None (an empty board) is not supported: every rayscan position has both kings",
            ));
        };
        Ok(Board::of(State::from_fen(&fen, chess960)?))
    }

    /// The FEN. `shredder` writes castling rights as files (`HAha`); `en_passant` is
    /// `"legal"` (the square only when en passant can be played, the default), `"fen"`
    /// (after every double step) or `"xfen"` (when a pawn stands ready to take).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        self.state.get()?.fen(shredder, en_passant, promoted)
    }

    /// The piece placement of the FEN alone.
    fn board_fen(&self) -> PyResult<String> {
        Ok(self.state.get()?.board_fen())
    }

    /// `True` when white is to move.
    #[getter]
    fn turn(&self) -> PyResult<bool> {
        Ok(self.state.get()?.turn())
    }

    /// Whether castling is written king takes rook (Chess960).
    #[getter]
    fn chess960(&self) -> PyResult<bool> {
        Ok(self.state.get()?.chess960())
    }

    /// The squares of the rooks that keep a castling right, as a bit mask (a1 = bit 0).
    #[getter]
    fn castling_rights(&self) -> PyResult<u64> {
        Ok(self.state.get()?.castling_rights())
    }

    /// The square a pawn skipped with a double step on the last move, or `None`.
    #[getter]
    fn ep_square(&self) -> PyResult<Option<u8>> {
        Ok(self.state.get()?.ep_square())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> PyResult<u32> {
        Ok(self.state.get()?.halfmove_clock())
    }

    /// The move number, from 1, counted up after black's move.
    #[getter]
    fn fullmove_number(&self) -> PyResult<u32> {
        Ok(self.state.get()?.fullmove_number())
    }

    /// The half-moves played since the start of the game (from the move number).
    fn ply(&self) -> PyResult<u32> {
        Ok(self.state.get()?.ply())
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        self.state.get()?.piece_at(square)
    }

    /// The type (1 to 6) of the piece on `square`, or `None`.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        self.state.get()?.piece_type_at(square)
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        self.state.get()?.color_at(square)
    }

    /// The square of the king of `color`.
    fn king(&self, color: bool) -> PyResult<Option<u8>> {
        Ok(self.state.get()?.king(color))
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        self.state.get()?.is_attacked_by(color, square)
    }

    /// A copy; with `stack=False` (or a number), without its move stack (or with its
    /// last moves only).
    #[pyo3(signature = (*, stack = None))]
    fn copy(&self, stack: Option<Bound<'_, PyAny>>) -> PyResult<Board> {
        Ok(Board::of(self.state.get()?.copy(stack)?))
    }

    fn __copy__(&self) -> PyResult<Board> {
        Ok(Board::of(self.state.get()?.copy(None)?))
    }

    fn __deepcopy__(&self, _memo: Bound<'_, PyAny>) -> PyResult<Board> {
        self.__copy__()
    }

    /// The legal moves: `count()`, `len()`, `in`, `bool` and iteration, as python-chess's
    /// `LegalMoveGenerator`. A live view: it reads the board when asked.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Board>) -> PyResult<Py<LegalMoveGenerator>> {
        let py = slf.py();
        let board = slf.get();
        if let Some(view) = &board.state.get()?.view.0 {
            return Ok(view.clone_ref(py));
        }
        let view = Py::new(
            py,
            LegalMoveGenerator {
                board: slf.clone().unbind(),
            },
        )?;
        board.state.get_mut()?.view.0 = Some(view.clone_ref(py));
        Ok(view)
    }

    // The board and its view hold each other: the garbage collector sees both links,
    // and clearing the board's breaks the cycle. (A board in use is skipped, as pyo3
    // skips a borrowed object.)
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Ok(state) = self.state.0.try_borrow()
            && let Some(view) = &state.view.0
        {
            visit.call(view)?;
        }
        Ok(())
    }

    fn __clear__(&self) {
        if let Ok(mut state) = self.state.0.try_borrow_mut() {
            state.view.0 = None;
        }
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        self.state.get()?.move_stack(py)
    }

    /// Plays `move`, which must be legal here (else `IllegalMoveError`).
    fn push(&self, r#move: Move) -> PyResult<()> {
        self.state.get_mut()?.push(r#move)
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    fn pop(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.state.get_mut()?.pop(py)
    }

    /// The last move (`IndexError` when there is none).
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.state.get()?.peek(py)
    }

    /// The legal move of UCI text (`InvalidMoveError`, `IllegalMoveError`).
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.state.get()?.parse_uci(py, uci)
    }

    /// Plays the move of UCI text and returns it.
    fn push_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.state.get_mut()?.push_uci(py, uci)
    }

    /// The legal move of SAN text (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError`).
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        self.state.get()?.parse_san(py, san)
    }

    /// Plays the move of SAN text and returns it.
    fn push_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        self.state.get_mut()?.push_san(py, san)
    }

    /// The SAN of a legal move (`IllegalMoveError` otherwise).
    fn san(&self, r#move: Move) -> PyResult<String> {
        self.state.get()?.san(r#move)
    }

    /// The UCI text of a move, castling as this board writes it (or as `chess960` says).
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(&self, r#move: Move, chess960: Option<bool>) -> PyResult<String> {
        Ok(self.state.get()?.uci(r#move, chess960))
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get()?.is_legal(r#move))
    }

    /// Whether the legal move `move` captures (en passant included). `False` for a move
    /// that is not legal here.
    fn is_capture(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get()?.is_capture(r#move))
    }

    /// Whether the legal move `move` castles.
    fn is_castling(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get()?.is_castling(r#move))
    }

    /// Whether the legal move `move` takes en passant.
    fn is_en_passant(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get()?.is_en_passant(r#move))
    }

    /// Whether the legal move `move` gives check.
    fn gives_check(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get()?.gives_check(r#move))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_check())
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_checkmate())
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_stalemate())
    }

    /// Whether neither side has the material to mate, by python-chess's rule.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_insufficient_material())
    }

    /// Whether `color` cannot mate by any sequence of legal moves, by material alone
    /// (python-chess's rule).
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        Ok(self.state.get()?.has_insufficient_material(color))
    }

    /// 75 moves (150 half-moves) without a capture or pawn move, and a move to make.
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_seventyfive_moves())
    }

    /// 50 moves without a capture or pawn move, and a move to make.
    fn is_fifty_moves(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_fifty_moves())
    }

    /// The position has occurred five times (in the stack, since the last irreversible
    /// move).
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        Ok(self.state.get()?.is_fivefold_repetition())
    }

    /// The position has occurred `count` times.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> PyResult<bool> {
        Ok(self.state.get()?.is_repetition(count))
    }

    /// Whether the side to move can claim a draw by the fifty-move rule.
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        Ok(self.state.get()?.can_claim_fifty_moves())
    }

    /// Whether the side to move can claim a draw by threefold repetition: now, or with
    /// its next move.
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        Ok(self.state.get()?.can_claim_threefold_repetition())
    }

    /// Whether a draw can be claimed (fifty moves or threefold repetition).
    fn can_claim_draw(&self) -> PyResult<bool> {
        Ok(self.state.get()?.can_claim_draw())
    }

    /// Whether the game is over: checkmate, stalemate, insufficient material, 75 moves
    /// or fivefold repetition (and, with `claim_draw`, the draws a player may claim).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> PyResult<bool> {
        Ok(self.state.get()?.is_game_over(claim_draw))
    }

    /// How the game ended, as python-chess's `Outcome`, or `None` while it goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        // The state is read first, and let go before Python code runs.
        let ended = self.state.get()?.termination(claim_draw);
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
    #[pyo3(signature = (depth, *, threads = 1, hash_mb = 0))]
    fn perft(&self, py: Python<'_>, depth: i64, threads: i64, hash_mb: i64) -> PyResult<u64> {
        // A copy: the state is not borrowed while the GIL is released.
        let pos = *self.state.get()?.pos();
        crate::perft::perft(py, &pos, depth, threads, hash_mb)
    }

    /// The board as python-chess prints it: eight rows of pieces and dots.
    fn __str__(&self) -> PyResult<String> {
        Ok(self.state.get()?.diagram())
    }

    fn __repr__(&self) -> PyResult<String> {
        self.state.get()?.repr()
    }

    /// Equal boards have the same pieces, side to move, castling rights, en passant
    /// (when it can be played) and clocks, as python-chess compares them.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Board>() else {
            return Ok(false);
        };
        let (a, b) = (*self.state.get()?.pos(), *other.get().state.get()?.pos());
        Ok(a.halfmove_clock() == b.halfmove_clock()
            && a.fullmove_number() == b.fullmove_number()
            && Transposition::of(&a) == Transposition::of(&b))
    }
}

/// `Board.legal_moves`: python-chess's view of the legal moves of a board, read when
/// asked (so it follows the board's pushes and pops).
///
/// Frozen (no borrow flag of its own to check at each call); the board's `__clear__`
/// breaks the cycle the two make.
#[pyclass(module = "rayscan", frozen)]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

impl LegalMoveGenerator {
    #[inline]
    fn board(&self) -> PyResult<Ref<'_, State>> {
        self.board.get().state.get()
    }
}

#[pymethods]
impl LegalMoveGenerator {
    /// How many legal moves there are: counted, not listed.
    fn count(&self) -> PyResult<usize> {
        Ok(self.board()?.pos().legal_moves().len())
    }

    fn __len__(&self) -> PyResult<usize> {
        self.count()
    }

    fn __bool__(&self) -> PyResult<bool> {
        Ok(!self.board()?.pos().legal_moves().is_empty())
    }

    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match r#move.extract::<Move>() {
            Ok(m) => self.board()?.is_legal(m),
            Err(_) => false,
        })
    }

    /// The moves, listed once into a Python list of the shared move objects.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let cache = crate::moves::cache()?;
        let mut list = MoveList::new();
        let chess960 = {
            let mut board = self.board.get().state.get_mut()?;
            board.list_moves(&mut list);
            board.chess960()
        };
        let moves = list
            .iter()
            .map(|&m| crate::moves::shared(py, cache, Move::from_rayscan(m, chess960)));
        PyList::new(py, moves)?.try_iter()
    }

    fn __repr__(&self) -> PyResult<String> {
        let board = self.board()?;
        let sans: Vec<String> = board
            .pos()
            .legal_moves()
            .iter()
            .map(|m| board.pos().san(m).to_string())
            .collect();
        Ok(format!("<LegalMoveGenerator ({})>", sans.join(", ")))
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.board)
    }
}
