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
/// node into the board, and the atomic read-modify-writes of pyo3's flag add up there.
pub(crate) struct GilCell<T>(RefCell<T>);

// SAFETY: a `GilCell` is only touched by code holding the GIL: `get` and `get_mut` take
// the `Python` token that proves it (the garbage collector's `__traverse__` and
// `__clear__`, which get none, run with the GIL held too); no reference into the state leaves for another thread (perft
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

    /// The state, read: the `Python` token proves that the caller holds the GIL,
    /// which is what makes the cell `Sync`.
    #[inline]
    pub(crate) fn get(&self, _attached: Python<'_>) -> PyResult<Ref<'_, T>> {
        self.0.try_borrow().map_err(|_| busy())
    }

    /// The state, to change (the GIL held, as for [`GilCell::get`]).
    #[inline]
    fn get_mut(&self, _attached: Python<'_>) -> PyResult<RefMut<'_, T>> {
        self.0.try_borrow_mut().map_err(|_| busy())
    }
}

fn busy() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(
        "the board is in use by a call that has not returned (a callback into Python)",
    )
}

/// A pickled board: its first position (Shredder-FEN), whether it is Chess960, and
/// the moves since (UCI, king takes rook).
type Game = (String, bool, Vec<String>);

/// A chess position with its move stack, as python-chess's `chess.Board`: the same
/// names, types and meanings. `Board()` is the start position; `Board(fen)` reads a FEN
/// (standard, X-FEN or Shredder-FEN); `chess960=True` writes castling as king takes
/// rook. A bad FEN raises `ValueError` naming the field.
///
/// Frozen for pyo3, its state behind a [`GilCell`]; each method is the state's.
#[pyclass(module = "rayscan", frozen)]
pub struct Board {
    pub(crate) state: GilCell<State>,
    /// `legal_moves`, made once: a perft loop asks for it at every node, and making a
    /// view each time cost more than counting the moves. A copy of the board makes its
    /// own.
    view: GilCell<Option<Py<LegalMoveGenerator>>>,
}

impl Board {
    fn of(state: State) -> Board {
        Board {
            state: GilCell::new(state),
            view: GilCell::new(None),
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
    fn fen(
        &self,
        py: Python<'_>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        self.state.get(py)?.fen(shredder, en_passant, promoted)
    }

    /// The piece placement of the FEN alone.
    fn board_fen(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.state.get(py)?.board_fen())
    }

    /// `True` when white is to move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.turn())
    }

    /// Sets the side to move, as python-chess allows (`board.turn = not board.turn`):
    /// the current position with the other side to move, `ValueError` if that side
    /// could take the king. The move stack stays.
    #[setter]
    fn set_turn(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let white = value.is_truthy()?;
        self.state.get_mut(py)?.set_turn(white)
    }

    /// Whether castling is written king takes rook (Chess960).
    #[getter]
    fn chess960(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.chess960())
    }

    /// The squares of the rooks that keep a castling right, as a bit mask (a1 = bit 0).
    #[getter]
    fn castling_rights(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.state.get(py)?.castling_rights())
    }

    /// The square a pawn skipped with a double step on the last move, or `None`.
    #[getter]
    fn ep_square(&self, py: Python<'_>) -> PyResult<Option<u8>> {
        Ok(self.state.get(py)?.ep_square())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.state.get(py)?.halfmove_clock())
    }

    /// The move number, from 1, counted up after black's move.
    #[getter]
    fn fullmove_number(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.state.get(py)?.fullmove_number())
    }

    /// The half-moves played since the start of the game (from the move number).
    fn ply(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.state.get(py)?.ply())
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Piece>> {
        self.state.get(py)?.piece_at(square)
    }

    /// The type (1 to 6) of the piece on `square`, or `None`.
    fn piece_type_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<u8>> {
        self.state.get(py)?.piece_type_at(square)
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<bool>> {
        self.state.get(py)?.color_at(square)
    }

    /// The square of the king of `color`.
    fn king(&self, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        Ok(self.state.get(py)?.king(color.is_truthy()?))
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(
        &self,
        py: Python<'_>,
        color: &Bound<'_, PyAny>,
        square: i64,
    ) -> PyResult<bool> {
        self.state
            .get(py)?
            .is_attacked_by(color.is_truthy()?, square)
    }

    /// A copy; with `stack=False` (or a number), without its move stack (or with its
    /// last moves only).
    #[pyo3(signature = (*, stack = None))]
    fn copy(&self, py: Python<'_>, stack: Option<Bound<'_, PyAny>>) -> PyResult<Board> {
        Ok(Board::of(self.state.get(py)?.copy(stack)?))
    }

    /// What pickle keeps: the first position and the moves, replayed by `_restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Game)> {
        let state = self.state.get(py)?;
        let (fen, moves) = state.game();
        let restore = py.get_type::<Board>().getattr("_restore")?;
        Ok((restore, (fen, state.chess960(), moves)))
    }

    /// The board of a pickle: `fen`, then `moves` (UCI, king takes rook) played.
    #[staticmethod]
    fn _restore(py: Python<'_>, fen: &str, chess960: bool, moves: Vec<String>) -> PyResult<Board> {
        let mut state = State::from_fen(fen, chess960)?;
        for m in moves {
            state.push_uci(py, &m)?;
        }
        Ok(Board::of(state))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Board> {
        Ok(Board::of(self.state.get(py)?.copy(None)?))
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: Bound<'_, PyAny>) -> PyResult<Board> {
        self.__copy__(py)
    }

    /// The legal moves: `count()`, `len()`, `in`, `bool` and iteration, as python-chess's
    /// `LegalMoveGenerator`. A live view: it reads the board when asked.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Board>) -> PyResult<Py<LegalMoveGenerator>> {
        let py = slf.py();
        let board = slf.get();
        if let Some(view) = &*board.view.get(py)? {
            return Ok(view.clone_ref(py));
        }
        let view = Py::new(
            py,
            LegalMoveGenerator {
                board: slf.clone().unbind(),
            },
        )?;
        *board.view.get_mut(py)? = Some(view.clone_ref(py));
        Ok(view)
    }

    // The board and its view hold each other: the garbage collector sees both links,
    // and clearing the board's breaks the cycle. (A board in use is skipped, as pyo3
    // skips a borrowed object.)
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Ok(view) = self.view.0.try_borrow()
            && let Some(view) = &*view
        {
            visit.call(view)?;
        }
        Ok(())
    }

    fn __clear__(&self) {
        if let Ok(mut view) = self.view.0.try_borrow_mut() {
            *view = None;
        }
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        self.state.get(py)?.move_stack(py)
    }

    /// Plays `move`, which must be legal here (else `IllegalMoveError`).
    fn push(&self, py: Python<'_>, r#move: Move) -> PyResult<()> {
        self.state.get_mut(py)?.push(r#move)
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    fn pop(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.state.get_mut(py)?.pop(py)
    }

    /// The last move (`IndexError` when there is none).
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.state.get(py)?.peek(py)
    }

    /// The legal move of UCI text (`InvalidMoveError`, `IllegalMoveError`).
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.state.get(py)?.parse_uci(py, uci)
    }

    /// Plays the move of UCI text and returns it.
    fn push_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.state.get_mut(py)?.push_uci(py, uci)
    }

    /// The legal move of SAN text (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError`).
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        self.state.get(py)?.parse_san(py, san)
    }

    /// Plays the move of SAN text and returns it.
    fn push_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        self.state.get_mut(py)?.push_san(py, san)
    }

    /// The SAN of a legal move (`IllegalMoveError` otherwise).
    fn san(&self, py: Python<'_>, r#move: Move) -> PyResult<String> {
        self.state.get(py)?.san(r#move)
    }

    /// The UCI text of a move, castling as this board writes it (or as `chess960` says).
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(&self, py: Python<'_>, r#move: Move, chess960: Option<bool>) -> PyResult<String> {
        Ok(self.state.get(py)?.uci(r#move, chess960))
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_legal(r#move))
    }

    /// Whether the legal move `move` captures (en passant included). `False` for a move
    /// that is not legal here.
    fn is_capture(&self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_capture(r#move))
    }

    /// Whether the legal move `move` castles.
    fn is_castling(&self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_castling(r#move))
    }

    /// Whether the legal move `move` takes en passant.
    fn is_en_passant(&self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_en_passant(r#move))
    }

    /// Whether the legal move `move` gives check.
    fn gives_check(&self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        Ok(self.state.get(py)?.gives_check(r#move))
    }

    /// Whether the side to move is in check.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_check())
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_checkmate())
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_stalemate())
    }

    /// Whether neither side has the material to mate, by python-chess's rule.
    fn is_insufficient_material(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_insufficient_material())
    }

    /// Whether `color` cannot mate by any sequence of legal moves, by material alone
    /// (python-chess's rule).
    fn has_insufficient_material(
        &self,
        py: Python<'_>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        Ok(self
            .state
            .get(py)?
            .has_insufficient_material(color.is_truthy()?))
    }

    /// 75 moves (150 half-moves) without a capture or pawn move, and a move to make.
    fn is_seventyfive_moves(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_seventyfive_moves())
    }

    /// 50 moves without a capture or pawn move, and a move to make.
    fn is_fifty_moves(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_fifty_moves())
    }

    /// The position has occurred five times (in the stack, since the last irreversible
    /// move).
    fn is_fivefold_repetition(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_fivefold_repetition())
    }

    /// The position has occurred `count` times.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, py: Python<'_>, count: usize) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_repetition(count))
    }

    /// Whether the side to move can claim a draw by the fifty-move rule.
    fn can_claim_fifty_moves(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.can_claim_fifty_moves())
    }

    /// Whether the side to move can claim a draw by threefold repetition: now, or with
    /// its next move.
    fn can_claim_threefold_repetition(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.can_claim_threefold_repetition())
    }

    /// Whether a draw can be claimed (fifty moves or threefold repetition).
    fn can_claim_draw(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.get(py)?.can_claim_draw())
    }

    /// Whether the game is over: checkmate, stalemate, insufficient material, 75 moves
    /// or fivefold repetition (and, with `claim_draw`, the draws a player may claim).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, py: Python<'_>, claim_draw: bool) -> PyResult<bool> {
        Ok(self.state.get(py)?.is_game_over(claim_draw))
    }

    /// How the game ended, as python-chess's `Outcome`, or `None` while it goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        // The state is read first, and let go before Python code runs.
        let ended = self.state.get(py)?.termination(claim_draw);
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
        let pos = *self.state.get(py)?.pos();
        crate::perft::perft(py, &pos, depth, threads, hash_mb)
    }

    /// The board as python-chess prints it: eight rows of pieces and dots.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.state.get(py)?.diagram())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.state.get(py)?.repr()
    }

    /// Equal boards have the same pieces, side to move, castling rights, en passant
    /// (when it can be played) and clocks, as python-chess compares them.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Board>() else {
            return Ok(false);
        };
        let (a, b) = (
            *self.state.get(py)?.pos(),
            *other.get().state.get(py)?.pos(),
        );
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
    fn board(&self, py: Python<'_>) -> PyResult<Ref<'_, State>> {
        self.board.get().state.get(py)
    }
}

#[pymethods]
impl LegalMoveGenerator {
    /// How many legal moves there are: counted, not listed.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.board(py)?.pos().legal_moves().len())
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.count(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(!self.board(py)?.pos().legal_moves().is_empty())
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match r#move.extract::<Move>() {
            Ok(m) => self.board(py)?.is_legal(m),
            Err(_) => false,
        })
    }

    /// The moves, listed once into a Python list of the shared move objects.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let cache = crate::moves::cache()?;
        let mut list = MoveList::new();
        let chess960 = {
            let mut board = self.board.get().state.get_mut(py)?;
            board.list_moves(&mut list);
            board.chess960()
        };
        let moves = list
            .iter()
            .map(|&m| crate::moves::shared(py, cache, Move::from_rayscan(m, chess960)));
        PyList::new(py, moves)?.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board(py)?;
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
