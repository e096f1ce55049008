"""rayscan: chess move generation at native speed, with python-chess's API.

Code written for python-chess's core ``Board`` runs after ``import rayscan as chess``:
``Board``, ``Move``, ``Piece``, the colour, piece-type and square constants, the square
helpers, ``Termination`` and ``Outcome``, and python-chess's exception kinds. Beyond
python-chess: ``Board.perft`` and ``perft`` (the GIL released, Ctrl-C honoured), and the
batch functions ``planes``, ``legal_move_counts`` and ``perft_many``, which work on many
positions per call, on threads, and return NumPy arrays.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib.metadata
import re
import typing
from typing import List, Literal, Optional

from ._bitboards import *  # noqa: F401,F403 (python-chess's bitboard names)
from ._bitboards import __all__ as _bitboard_names
from ._rayscan import (
    STARTING_FEN,
    AmbiguousMoveError,
    BaseBoard,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Piece,
    PseudoLegalMoveGenerator,
    legal_move_counts,
    perft_fen as perft,
    perft_many,
    planes,
)

__all__ = _bitboard_names + [
    "STARTING_FEN", "STARTING_BOARD_FEN", "BaseBoard", "Board", "Move", "Piece",
    "LegalMoveGenerator", "PseudoLegalMoveGenerator",
    "IllegalMoveError", "InvalidMoveError", "AmbiguousMoveError", "Termination", "Outcome",
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN",
    "KING", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES", "FILE_NAMES", "RANK_NAMES",
    "SQUARES", "SQUARE_NAMES", "square", "square_file", "square_rank", "square_name",
    "parse_square", "square_mirror", "square_distance", "piece_symbol", "piece_name",
    "perft", "perft_many", "planes", "legal_move_counts", "UNICODE_PIECE_SYMBOLS",
    "SAN_REGEX", "FEN_CASTLING_REGEX", "ColorName", "EnPassantSpec", "Color", "PieceType",
    "Square",
]

try:
    __version__ = importlib.metadata.version("rayscan")
except importlib.metadata.PackageNotFoundError:  # run from the source tree, not installed
    __version__ = "0.1.0"

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

ColorName = Literal["white", "black"]

PieceType = int
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

STARTING_BOARD_FEN = STARTING_FEN.split(" ")[0]

UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}

# The text python-chess accepts as SAN (a piece letter, an origin file and rank, `-` or
# `x`, the target, a promotion, `+` or `#`) and as a FEN's castling field.
SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")

EnPassantSpec = Literal["legal", "fen", "xfen"]
BaseBoardT = typing.TypeVar("BaseBoardT", bound="BaseBoard")
BoardT = typing.TypeVar("BoardT", bound="Board")

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
Square = int
SQUARES: List[Square] = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
for _index, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _index
del _index, _name


def piece_symbol(piece_type: PieceType) -> str:
    """The lowercase letter of a piece type: ``piece_symbol(KNIGHT) == "n"``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The name of a piece type: ``piece_name(KNIGHT) == "knight"``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def square(file_index: int, rank_index: int) -> Square:
    """The square of a file and a rank index (both ``0..8``)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file index (``0..8``, a = 0) of a square."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank index (``0..8``, rank 1 = 0) of a square."""
    return square >> 3


def square_name(square: Square) -> str:
    """The name of a square: ``square_name(E4) == "e4"``."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> Square:
    """The square of a name (``ValueError`` if it is none)."""
    return SQUARE_NAMES.index(name)


def square_mirror(square: Square) -> Square:
    """The square on the same file, the rank mirrored (a1 and a8)."""
    return square ^ 0x38


def square_distance(a: Square, b: Square) -> int:
    """The king-move distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


class Termination(enum.Enum):
    """How a game ended, as python-chess names it."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


@dataclasses.dataclass(eq=True, frozen=True)
class Outcome:
    """The end of a game: how, and the winner (``None`` for a draw)."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
