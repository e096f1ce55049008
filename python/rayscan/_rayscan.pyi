"""Type stubs of the native module (rayscan._rayscan); import from ``rayscan``."""

from typing import Iterable, Iterator, List, Optional, Union

import numpy as np
import numpy.typing as npt

from . import Outcome

STARTING_FEN: str

class IllegalMoveError(ValueError):
    """A move that is well formed but not legal in the position."""

class InvalidMoveError(ValueError):
    """Move text that is not a move at all (UCI or SAN syntax)."""

class AmbiguousMoveError(ValueError):
    """SAN that more than one legal move matches."""

class Piece:
    """A piece: its type (1 pawn … 6 king) and colour (True for white)."""

    piece_type: int
    color: bool
    def __init__(self, piece_type: int, color: bool) -> None: ...
    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a FEN letter: ``P`` a white pawn, ``k`` a black king."""
    def symbol(self) -> str:
        """The FEN letter, uppercase for white."""
    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The Unicode chess symbol."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Move:
    """A move: squares 0..64 (a1 = 0), the promotion's piece type (2 to 5) or None.

    Castling is the king's two-square step (``e1g1``) on a standard board and king
    takes rook (``e1h1``) on a Chess960 board. Moves compare and hash by value."""

    from_square: int
    to_square: int
    promotion: Optional[int]
    drop: None
    def __init__(
        self, from_square: int, to_square: int, promotion: Optional[int] = None, drop: None = None
    ) -> None: ...
    @classmethod
    def from_uci(cls, uci: str) -> "Move":
        """The move of UCI text (``e2e4``, ``e7e8q``, ``0000``); InvalidMoveError otherwise."""
    @staticmethod
    def null() -> "Move":
        """The null move, ``0000``."""
    def uci(self) -> str:
        """The UCI text."""
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class LegalMoveGenerator:
    """``Board.legal_moves``: a live view of the legal moves of a board."""

    def count(self) -> int:
        """How many legal moves there are (counted, not listed)."""
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

class Board:
    """A position and its move stack, as python-chess's ``chess.Board``.

    ``Board()`` is the start position; ``Board(fen)`` reads a FEN (standard, X-FEN or
    Shredder-FEN) and raises ValueError naming the bad field."""

    def __init__(self, fen: Optional[str] = ..., *, chess960: bool = False) -> None: ...
    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The FEN; the en-passant square only when it can be taken, unless told."""
    def board_fen(self) -> str:
        """The piece placement field."""
    @property
    def turn(self) -> bool:
        """True when white is to move."""
    @turn.setter
    def turn(self, value: bool) -> None:
        """Sets the side to move (ValueError if that would leave a king in check)."""
    @property
    def chess960(self) -> bool:
        """Whether castling is written king takes rook."""
    @property
    def castling_rights(self) -> int:
        """The squares of the rooks that keep a castling right, as a bit mask."""
    @property
    def ep_square(self) -> Optional[int]:
        """The square a pawn skipped with a double step on the last move."""
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves: count(), len(), in, bool and iteration."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played, oldest first."""
    def ply(self) -> int: ...
    def piece_at(self, square: int) -> Optional[Piece]: ...
    def piece_type_at(self, square: int) -> Optional[int]: ...
    def color_at(self, square: int) -> Optional[bool]: ...
    def king(self, color: bool) -> Optional[int]: ...
    def is_attacked_by(self, color: bool, square: int) -> bool: ...
    def copy(self, *, stack: Union[bool, int] = True) -> "Board": ...
    def push(self, move: Move) -> None:
        """Plays a legal move, or the null move outside check (IllegalMoveError otherwise)."""
    def pop(self) -> Move:
        """Takes back the last move (IndexError when there is none)."""
    def peek(self) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def parse_san(self, san: str) -> Move:
        """The move of SAN text, read as python-chess reads it (``--`` is the null move)."""
    def push_san(self, san: str) -> Move: ...
    def san(self, move: Move) -> str: ...
    def uci(self, move: Move, *, chess960: Optional[bool] = None) -> str: ...
    def is_legal(self, move: Move) -> bool: ...
    def is_capture(self, move: Move) -> bool: ...
    def is_castling(self, move: Move) -> bool: ...
    def is_en_passant(self, move: Move) -> bool: ...
    def gives_check(self, move: Move) -> bool: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def has_insufficient_material(self, color: bool) -> bool: ...
    def is_seventyfive_moves(self) -> bool: ...
    def is_fifty_moves(self) -> bool: ...
    def is_fivefold_repetition(self) -> bool: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]: ...
    def perft(self, depth: int, *, threads: int = 1, hash_mb: int = 0) -> int:
        """Leaf nodes ``depth`` (1 to 64) plies below; the GIL released, Ctrl-C honoured.

        ``threads`` is 1 to 1024 and ``hash_mb`` 0 (no table) to 65536; ``ValueError``
        outside, as the command line refuses them."""

def perft_fen(fen: str, depth: int, *, threads: int = 1, hash_mb: int = 0) -> int:
    """Perft of a FEN (exported as ``rayscan.perft``)."""

def planes(fens: Iterable[str], *, threads: Optional[int] = None) -> npt.NDArray[np.uint8]:
    """The pieces of each position, shape (N, 12, 8, 8): white P N B R Q K, then black."""

def legal_move_counts(fens: Iterable[str], *, threads: Optional[int] = None) -> npt.NDArray[np.uint32]:
    """The number of legal moves of each position, shape (N,)."""

def perft_many(fens: Iterable[str], depth: int, *, threads: Optional[int] = None) -> npt.NDArray[np.uint64]:
    """Perft of each position to ``depth``, shape (N,)."""
