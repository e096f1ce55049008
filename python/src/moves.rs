//! `Move` and `Piece` as python-chess has them (squares `0..64` with a1 = 0, piece types
//! `1..6`, colours as booleans), and the translation between a Python move and
//! rayscan's [`rayscan::Move`], which needs the position: text or squares alone cannot
//! say whether `e1g1` castles or a pawn's diagonal step takes en passant.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::sync::OnceLock;

use rayscan::{Color, MoveKind, Piece as Kind, Position, Square};

use crate::errors::InvalidMoveError;
use crate::text::Repr;

/// A move: from a square to a square, with the piece a pawn promotes to. Squares are
/// `0..64` (a1 = 0, h8 = 63), piece types `1..6` (pawn to king), as in python-chess.
/// Castling is the king's two-square step (`e1g1`) on a standard board and king takes
/// rook (`e1h1`) on a Chess960 board. Moves compare and hash by value.
#[pyclass(module = "rayscan", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    #[pyo3(get)]
    pub from_square: u8,
    /// The square the piece (for castling, as written) goes to.
    #[pyo3(get)]
    pub to_square: u8,
    /// The promotion's piece type, or `None`.
    #[pyo3(get)]
    pub promotion: Option<u8>,
    /// The piece type dropped (crazyhouse's `P@e4`), or `None`: a drop is never
    /// legal on a standard board, but it reads and prints as python-chess's.
    #[pyo3(get)]
    pub drop: Option<u8>,
}

/// `Move`'s arguments, as a pickle keeps them: from, to, promotion, drop.
type MoveArgs = (u8, u8, Option<u8>, Option<u8>);

/// The square of index `index`, or a `ValueError` naming what was given.
pub fn square(index: i64, what: &str) -> PyResult<Square> {
    u8::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("{what}: square {index} is not in 0..64")))
}

/// The promotion piece type of python-chess (2 knight … 5 queen) as rayscan's kind.
fn promotion_kind(piece_type: u8) -> Option<Kind> {
    match piece_type {
        2 => Some(Kind::Knight),
        3 => Some(Kind::Bishop),
        4 => Some(Kind::Rook),
        5 => Some(Kind::Queen),
        _ => None,
    }
}

/// python-chess's piece type (1 pawn … 6 king) of rayscan's kind.
pub fn piece_type(kind: Kind) -> u8 {
    kind as u8 + 1
}

#[pymethods]
impl Move {
    /// `Move(from_square, to_square, promotion=None, drop=None)`: piece types `1..=6`.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        let from = square(from_square, "from_square")? as u8;
        let to = square(to_square, "to_square")? as u8;
        let kind = |what: &str, p: Option<i64>| match p {
            None => Ok(None),
            Some(p) if (1..=6).contains(&p) => Ok(Some(p as u8)),
            Some(p) => Err(PyValueError::new_err(format!(
                "{what}: piece type {p} is not in 1..6 (pawn to king)"
            ))),
        };
        Ok(Move {
            from_square: from,
            to_square: to,
            promotion: kind("promotion", promotion)?,
            drop: kind("drop", drop)?,
        })
    }

    /// The move of UCI text: `e2e4`, `e7e8q`, or `0000` for the null move. Raises
    /// `InvalidMoveError` on anything else.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        parse_uci(uci)
    }

    /// The null move, `0000` (false in a boolean context).
    #[staticmethod]
    fn null() -> Move {
        Move::NULL
    }

    /// The UCI text: `e2e4`, `e7e8q`, `P@e4`, `0000`.
    fn uci(&self) -> String {
        self.to_string()
    }

    /// The xboard text: as UCI, the null move `@@@@`.
    fn xboard(&self) -> String {
        if *self == Move::NULL {
            "@@@@".to_owned()
        } else {
            self.to_string()
        }
    }

    fn __bool__(&self) -> bool {
        *self != Move::NULL
    }

    /// Pickled as its squares and promotion.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, MoveArgs) {
        let m = slf.get();
        (
            slf.get_type(),
            (m.from_square, m.to_square, m.promotion, m.drop),
        )
    }

    /// Moves are immutable: a copy is the move itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __str__(&self) -> String {
        self.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{self}')")
    }
}

impl Move {
    /// `0000`.
    pub const NULL: Move = Move {
        from_square: 0,
        to_square: 0,
        promotion: None,
        drop: None,
    };

    /// rayscan's move as this library writes it: castling as the king's step, unless
    /// `chess960`.
    pub fn from_rayscan(m: rayscan::Move, chess960: bool) -> Move {
        let to = if m.is_castling() && !chess960 {
            m.king_destination()
        } else {
            m.to()
        };
        Move {
            from_square: m.from() as u8,
            to_square: to as u8,
            promotion: m.promotion().map(piece_type),
            drop: None,
        }
    }

    /// rayscan's legal move of `pos` that this move names, if there is one: castling
    /// as king takes rook, and also, as python-chess reads it, as the king's two-square
    /// step from e1 or e8 (with the corner rook); a pawn's diagonal step onto the
    /// en-passant square takes en passant. No move list is generated: the kind is read
    /// from the board, then the move is tested alone.
    #[inline]
    pub fn to_rayscan(self, pos: &Position) -> Option<rayscan::Move> {
        self.kind_in(pos).filter(|&m| pos.is_legal_fast(m))
    }

    /// rayscan's move of `pos` that this move would be if it were legal there (its kind
    /// read from the board), or `None` when it cannot be one: not tested for legality.
    #[inline]
    pub fn kind_in(self, pos: &Position) -> Option<rayscan::Move> {
        if self.drop.is_some() {
            return None;
        }
        let from = Square::new(self.from_square)?;
        let to = Square::new(self.to_square)?;
        let us = pos.side_to_move();
        if !pos.color(us).contains(from) {
            return None;
        }
        let piece = if pos.pieces(Kind::Pawn).contains(from) {
            Kind::Pawn
        } else if pos.pieces(Kind::King).contains(from) {
            Kind::King
        } else {
            // Knights, bishops, rooks and queens move alike here.
            Kind::Knight
        };
        let last = match us {
            Color::White => 7,
            Color::Black => 0,
        };
        let m = match (piece, self.promotion) {
            // A promotion only onto the last rank, so that a listed pawn step's square
            // stands for its promotions and nothing else.
            (Kind::Pawn, Some(p)) if to.rank().index() == last => {
                rayscan::Move::new(from, to, MoveKind::Promotion(promotion_kind(p)?))
            }
            (_, Some(_)) => return None,
            (Kind::Pawn, None) if to.rank().index() == last => return None,
            (Kind::Pawn, None) if Some(to) == pos.ep_square() && from.file() != to.file() => {
                rayscan::Move::new(from, to, MoveKind::EnPassant)
            }
            (Kind::King, None) if pos.colored(us, Kind::Rook).contains(to) => {
                rayscan::Move::new(from, to, MoveKind::Castling)
            }
            // python-chess's reading of the king's two-square step from e1 (e8) to g1 or
            // c1 (g8, c8) as castling with the corner rook, on any board (a Chess960
            // board too: the move is legal only if that rook may castle).
            (Kind::King, None)
                if from.file() == rayscan::File::E
                    && from.rank().index() == 7 - last
                    && to.rank() == from.rank()
                    && to.file().index().abs_diff(from.file().index()) == 2 =>
            {
                let corner = if to.file() > from.file() { 7 } else { 0 };
                let rook = Square::new((from as u8 & 56) | corner)?;
                rayscan::Move::new(from, rook, MoveKind::Castling)
            }
            _ => rayscan::Move::new(from, to, MoveKind::Normal),
        };
        Some(m)
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Move::NULL {
            return f.write_str("0000");
        }
        let name = |s: u8| Square::new(s).map(|s| s.to_string());
        if let Some(d) = self.drop {
            let letter = b"PNBRQK"
                .get(usize::from(d).wrapping_sub(1))
                .copied()
                .unwrap_or(b'?');
            return write!(
                f,
                "{}@{}",
                char::from(letter),
                name(self.to_square).unwrap_or_default()
            );
        }
        write!(
            f,
            "{}{}",
            name(self.from_square).unwrap_or_default(),
            name(self.to_square).unwrap_or_default()
        )?;
        if let Some(p) = self.promotion
            && let Some(&letter) = b"pnbrqk".get(usize::from(p).wrapping_sub(1))
        {
            write!(f, "{}", char::from(letter))?;
        }
        Ok(())
    }
}

/// UCI text as a move, as python-chess reads it: `e2e4`, `e7e8q` (any lowercase piece
/// letter), a drop `P@e4`, or `0000`; `InvalidMoveError` saying what is wrong.
pub fn parse_uci(uci: &str) -> PyResult<Move> {
    if uci == "0000" {
        return Ok(Move::NULL);
    }
    let bad = || {
        InvalidMoveError::new_err(format!(
            "invalid uci: {uci}: expected from and to squares and an optional promotion \
             letter ('e2e4', 'e7e8q'), a drop ('N@f3') or '0000'",
            uci = Repr(&uci)
        ))
    };
    let square_of = |text: &str| crate::raw::parse_square(text).ok_or_else(bad);
    let bytes = uci.as_bytes();
    if bytes.len() == 4 && bytes[1] == b'@' {
        let letter = bytes[0].to_ascii_lowercase();
        let kind = b"pnbrqk"
            .iter()
            .position(|&c| c == letter)
            .ok_or_else(bad)?;
        let to = square_of(&uci[2..])?;
        return Ok(Move {
            from_square: to,
            to_square: to,
            promotion: None,
            drop: Some(kind as u8 + 1),
        });
    }
    if !(4..=5).contains(&bytes.len()) || !uci.is_ascii() {
        return Err(bad());
    }
    let from = square_of(&uci[0..2])?;
    let to = square_of(&uci[2..4])?;
    let promotion = match bytes.get(4) {
        None => None,
        Some(c) => Some(b"pnbrqk".iter().position(|x| x == c).ok_or_else(bad)? as u8 + 1),
    };
    if from == to {
        return Err(InvalidMoveError::new_err(format!(
            "invalid uci (use 0000 for null moves): {uci}",
            uci = Repr(&uci)
        )));
    }
    Ok(Move {
        from_square: from,
        to_square: to,
        promotion,
        drop: None,
    })
}

/// Every move object the generator can hand out, made once when the module is
/// imported: handing out a legal move then takes a reference, not an allocation.
/// Indexed by [`index`].
static CACHE: OnceLock<Vec<Py<Move>>> = OnceLock::new();

/// The place of `m` in the cache: from, to, and promotion (none, pawn … king).
#[inline]
fn index(m: Move) -> usize {
    let p = m.promotion.map_or(0, usize::from);
    (usize::from(m.from_square & 63) * 64 + usize::from(m.to_square & 63)) * 7 + p.min(6)
}

/// Makes the cache of move objects (at the module's import).
pub fn make_cache(py: Python<'_>) -> PyResult<()> {
    let mut all = Vec::with_capacity(64 * 64 * 7);
    for from in 0..64u8 {
        for to in 0..64u8 {
            for promotion in [None, Some(1), Some(2), Some(3), Some(4), Some(5), Some(6)] {
                all.push(Py::new(
                    py,
                    Move {
                        from_square: from,
                        to_square: to,
                        promotion,
                        drop: None,
                    },
                )?);
            }
        }
    }
    // A second import of the module finds it made.
    let _ = CACHE.set(all);
    Ok(())
}

/// The cache, made at import.
#[inline]
pub fn cache() -> PyResult<&'static [Py<Move>]> {
    CACHE
        .get()
        .map(Vec::as_slice)
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("rayscan's move cache is missing"))
}

/// The shared Python object of `m` from `cache`.
#[inline]
pub fn shared<'py>(py: Python<'py>, cache: &[Py<Move>], m: Move) -> Bound<'py, Move> {
    cache[index(m)].bind(py).clone()
}

/// The shared Python object of `m` (a new one for a drop).
#[inline]
pub fn cached(py: Python<'_>, m: Move) -> PyResult<Py<Move>> {
    if m.drop.is_some() {
        return Py::new(py, m);
    }
    Ok(cache()?[index(m)].clone_ref(py))
}

/// A piece: its type (`1..6`, pawn to king) and colour (`True` for white).
#[pyclass(module = "rayscan", frozen, eq, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece type, 1 (pawn) to 6 (king).
    #[pyo3(get)]
    pub piece_type: u8,
    /// `True` for white.
    #[pyo3(get)]
    pub color: bool,
}

#[pymethods]
impl Piece {
    /// `Piece(piece_type, color)`.
    #[new]
    fn new(piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<Piece> {
        let color = color.is_truthy()?;
        if !(1..=6).contains(&piece_type) {
            return Err(PyValueError::new_err(format!(
                "piece_type: {piece_type} is not in 1..6 (pawn to king)"
            )));
        }
        Ok(Piece {
            piece_type: piece_type as u8,
            color,
        })
    }

    /// The piece of a FEN letter: `P` a white pawn, `k` a black king.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(PyValueError::new_err(format!(
                "symbol: {symbol} is not one of PNBRQK or pnbrqk",
                symbol = Repr(&symbol)
            )));
        };
        match Kind::from_fen_char(c) {
            Some((color, kind)) => Ok(Piece::of(color, kind)),
            None => Err(PyValueError::new_err(format!(
                "symbol: {symbol} is not one of PNBRQK or pnbrqk",
                symbol = Repr(&symbol)
            ))),
        }
    }

    /// The FEN letter: uppercase for white.
    pub fn symbol(&self) -> String {
        let color = if self.color {
            Color::White
        } else {
            Color::Black
        };
        Kind::ALL[usize::from(self.piece_type - 1)]
            .fen_char(color)
            .to_string()
    }

    /// The Unicode chess symbol (`invert_color` swaps the colours, for dark
    /// backgrounds).
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        unicode_symbol(usize::from(self.piece_type - 1), self.color, invert_color)
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    /// As python-chess's: `0..6` for white's pawn to king, `6..12` for black's.
    fn __hash__(&self) -> u64 {
        u64::from(self.piece_type) - 1 + if self.color { 0 } else { 6 }
    }

    /// Pickled as its type and colour.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u8, bool)) {
        let p = slf.get();
        (slf.get_type(), (p.piece_type, p.color))
    }

    /// Pieces are immutable: a copy is the piece itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

impl Piece {
    /// The Python piece of rayscan's colour and kind.
    pub fn of(color: Color, kind: Kind) -> Piece {
        Piece {
            piece_type: piece_type(kind),
            color: color == Color::White,
        }
    }
}

/// The Unicode chess symbol of a piece (type index 0 pawn … 5 king); `invert_color`
/// swaps the colours, for dark backgrounds.
pub fn unicode_symbol(kind: usize, white: bool, invert_color: bool) -> String {
    const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
    const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let table = if white != invert_color { WHITE } else { BLACK };
    table[kind.min(5)].to_string()
}
