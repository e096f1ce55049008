"""Bitboards, square sets and position-status flags, with python-chess's names.

A bitboard is a plain ``int`` whose bit ``n`` stands for square ``n`` (a1 = 0, h8 = 63).
This module holds the pure-Python half of python-chess's core module that works on
bitboards: the ``BB_*`` constants and precomputed attack tables, the bit helpers
(``lsb``, ``scan_forward``, the flips and shifts, ``ray``, ``between``, ...), the mutable
``SquareSet`` and the ``Status`` flags. It is self-contained (no native code), so it can
be imported and tested on its own.

Functions meant for bitboards give python-chess's answers for values in ``0 .. 2**64``;
outside that range (negative or wider ints) their results are unspecified.
"""

from __future__ import annotations

import enum
from typing import Dict, Iterable, Iterator, List, Optional, SupportsInt, Tuple, Union

__all__ = [
    "Bitboard", "IntoSquareSet", "SquareSet", "Status", "SQUARES_180",
    "BB_EMPTY", "BB_ALL", "BB_SQUARES",
    "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1", "BB_H1",
    "BB_A2", "BB_B2", "BB_C2", "BB_D2", "BB_E2", "BB_F2", "BB_G2", "BB_H2",
    "BB_A3", "BB_B3", "BB_C3", "BB_D3", "BB_E3", "BB_F3", "BB_G3", "BB_H3",
    "BB_A4", "BB_B4", "BB_C4", "BB_D4", "BB_E4", "BB_F4", "BB_G4", "BB_H4",
    "BB_A5", "BB_B5", "BB_C5", "BB_D5", "BB_E5", "BB_F5", "BB_G5", "BB_H5",
    "BB_A6", "BB_B6", "BB_C6", "BB_D6", "BB_E6", "BB_F6", "BB_G6", "BB_H6",
    "BB_A7", "BB_B7", "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7", "BB_H7",
    "BB_A8", "BB_B8", "BB_C8", "BB_D8", "BB_E8", "BB_F8", "BB_G8", "BB_H8",
    "BB_CORNERS", "BB_CENTER", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES",
    "BB_FILES", "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D",
    "BB_FILE_E", "BB_FILE_F", "BB_FILE_G", "BB_FILE_H",
    "BB_RANKS", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4",
    "BB_RANK_5", "BB_RANK_6", "BB_RANK_7", "BB_RANK_8", "BB_BACKRANKS",
    "BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS",
    "BB_DIAG_MASKS", "BB_DIAG_ATTACKS", "BB_FILE_MASKS", "BB_FILE_ATTACKS",
    "BB_RANK_MASKS", "BB_RANK_ATTACKS", "BB_RAYS",
    "lsb", "scan_forward", "msb", "scan_reversed", "popcount",
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
    "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
    "shift_down_right", "ray", "between", "square_manhattan_distance", "square_knight_distance",
    "STATUS_VALID", "STATUS_NO_WHITE_KING", "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES", "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE", "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER", "STATUS_RACE_MATERIAL", "STATUS_TOO_MANY_CHECKERS",
    "STATUS_IMPOSSIBLE_CHECK",
]

Square = int
Bitboard = int
IntoSquareSet = Union[SupportsInt, Iterable[int]]

# Despite the name (python-chess's), each square mirrored rank-wise (a1 <-> a8), in square order.
SQUARES_180: List[Square] = [sq ^ 0x38 for sq in range(64)]

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = (1 << 64) - 1
BB_SQUARES: List[Bitboard] = [1 << sq for sq in range(64)]

BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1 = BB_SQUARES[0:8]
BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2 = BB_SQUARES[8:16]
BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3 = BB_SQUARES[16:24]
BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4 = BB_SQUARES[24:32]
BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5 = BB_SQUARES[32:40]
BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6 = BB_SQUARES[40:48]
BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7 = BB_SQUARES[48:56]
BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8 = BB_SQUARES[56:64]

BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5

# a1 is dark; a square is light when its file and rank indices differ in parity.
BB_LIGHT_SQUARES: Bitboard = sum(BB_SQUARES[sq] for sq in range(64) if ((sq & 7) ^ (sq >> 3)) & 1)
BB_DARK_SQUARES: Bitboard = BB_ALL ^ BB_LIGHT_SQUARES

BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES

BB_RANKS: List[Bitboard] = [0xFF << (8 * r) for r in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS

BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


def _square_distance(a: Square, b: Square) -> int:
    """King-move distance (the same as rayscan's square_distance, kept here for independence)."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def lsb(bb: Bitboard) -> int:
    """The index of the lowest set bit (``-1`` for an empty bitboard)."""
    return (bb & -bb).bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """Yield the squares of a bitboard from the lowest to the highest."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def msb(bb: Bitboard) -> int:
    """The index of the highest set bit (``-1`` for an empty bitboard)."""
    return bb.bit_length() - 1


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """Yield the squares of a bitboard from the highest to the lowest."""
    while bb:
        top = bb.bit_length() - 1
        yield top
        bb ^= BB_SQUARES[top]


# The number of set bits; int.bit_count is the fastest way there is (Python 3.10+).
popcount = int.bit_count


def flip_vertical(bb: Bitboard) -> Bitboard:
    """Mirror a bitboard top to bottom (rank 1 <-> rank 8): reverse its bytes."""
    bb = ((bb >> 8) & 0x00FF_00FF_00FF_00FF) | ((bb & 0x00FF_00FF_00FF_00FF) << 8)
    bb = ((bb >> 16) & 0x0000_FFFF_0000_FFFF) | ((bb & 0x0000_FFFF_0000_FFFF) << 16)
    return (bb >> 32) | ((bb & 0xFFFF_FFFF) << 32)


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """Mirror a bitboard left to right (a-file <-> h-file): reverse the bits of each byte."""
    bb = ((bb >> 1) & 0x5555_5555_5555_5555) | ((bb & 0x5555_5555_5555_5555) << 1)
    bb = ((bb >> 2) & 0x3333_3333_3333_3333) | ((bb & 0x3333_3333_3333_3333) << 2)
    return ((bb >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bb & 0x0F0F_0F0F_0F0F_0F0F) << 4)


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """Mirror a bitboard about the a1-h8 diagonal (b1 <-> a2, h1 <-> a8)."""
    # Three rounds of swapping bit groups that sit symmetrically about the diagonal.
    # The argument stays on the left of each operator and is never changed in place,
    # so that a SquareSet passed in gives a new SquareSet.
    swap = (bb ^ (bb << 28)) & 0x0F0F_0F0F_0000_0000
    bb = bb ^ swap ^ (swap >> 28)
    swap = (bb ^ (bb << 14)) & 0x3333_0000_3333_0000
    bb = bb ^ swap ^ (swap >> 14)
    swap = (bb ^ (bb << 7)) & 0x5500_5500_5500_5500
    return bb ^ swap ^ (swap >> 7)


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """Mirror a bitboard about the h1-a8 diagonal (a1 <-> h8, g1 <-> h2)."""
    swap = bb ^ (bb << 36)
    bb = bb ^ ((swap ^ (bb >> 36)) & 0xF0F0_F0F0_0F0F_0F0F)
    swap = (bb ^ (bb << 18)) & 0xCCCC_0000_CCCC_0000
    bb = bb ^ swap ^ (swap >> 18)
    swap = (bb ^ (bb << 9)) & 0xAA00_AA00_AA00_AA00
    return bb ^ swap ^ (swap >> 9)


# Shifts move every square of a bitboard one or two steps; squares pushed off the
# board disappear (nothing wraps around to the other side).

def shift_down(b: Bitboard) -> Bitboard:
    """Every square one rank down."""
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    """Every square two ranks down."""
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    """Every square one rank up."""
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    """Every square two ranks up."""
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    """Every square one file towards h."""
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    """Every square two files towards h."""
    return (b << 2) & ~(BB_FILE_A | BB_FILE_B) & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    """Every square one file towards a."""
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    """Every square two files towards a."""
    return (b >> 2) & ~(BB_FILE_G | BB_FILE_H)


def shift_up_left(b: Bitboard) -> Bitboard:
    """Every square one step up and towards a."""
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    """Every square one step up and towards h."""
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    """Every square one step down and towards a."""
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    """Every square one step down and towards h."""
    return (b >> 7) & ~BB_FILE_A


def _sliding_attacks(square: Square, occupied: Bitboard, deltas: Iterable[int]) -> Bitboard:
    """Squares reached from ``square`` stepping by each delta until the edge or a blocker.

    The blocker itself is included. A step that moves more than two files or ranks is
    taken to have wrapped around the board edge and ends that direction.
    """
    attacks = BB_EMPTY
    for delta in deltas:
        here = square
        while True:
            there = here + delta
            if not 0 <= there < 64 or _square_distance(here, there) > 2:
                break
            bit = BB_SQUARES[there]
            attacks |= bit
            if occupied & bit:
                break
            here = there
    return attacks


def _step_attacks(square: Square, deltas: Iterable[int]) -> Bitboard:
    """Squares one step (each delta once) from ``square``, as for a knight or king."""
    return _sliding_attacks(square, BB_ALL, deltas)


_KNIGHT_DELTAS = [17, 15, 10, 6, -17, -15, -10, -6]
_KING_DELTAS = [9, 8, 7, 1, -9, -8, -7, -1]

BB_KNIGHT_ATTACKS: List[Bitboard] = [_step_attacks(sq, _KNIGHT_DELTAS) for sq in range(64)]
BB_KING_ATTACKS: List[Bitboard] = [_step_attacks(sq, _KING_DELTAS) for sq in range(64)]
# Indexed by colour (BLACK = 0, WHITE = 1), then by square.
BB_PAWN_ATTACKS: List[List[Bitboard]] = [
    [_step_attacks(sq, deltas) for sq in range(64)] for deltas in ([-7, -9], [7, 9])
]


def _edges(square: Square) -> Bitboard:
    """The board's border squares, less the rank and file that ``square`` stands on."""
    return (
        ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[square >> 3])
        | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[square & 7])
    )


def _carry_rippler(mask: Bitboard) -> Iterator[Bitboard]:
    """Yield every subset of ``mask`` in increasing order, starting with the empty set."""
    subset = BB_EMPTY
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            return


def _attack_table(deltas: List[int]) -> Tuple[List[Bitboard], List[Dict[Bitboard, Bitboard]]]:
    """Per square: the relevant-blocker mask for a slider, and its attacks by blocker subset."""
    masks: List[Bitboard] = []
    tables: List[Dict[Bitboard, Bitboard]] = []
    for sq in range(64):
        mask = _sliding_attacks(sq, BB_EMPTY, deltas) & ~_edges(sq)
        masks.append(mask)
        tables.append({occ: _sliding_attacks(sq, occ, deltas) for occ in _carry_rippler(mask)})
    return masks, tables


BB_DIAG_MASKS, BB_DIAG_ATTACKS = _attack_table([-9, -7, 7, 9])
BB_FILE_MASKS, BB_FILE_ATTACKS = _attack_table([-8, 8])
BB_RANK_MASKS, BB_RANK_ATTACKS = _attack_table([-1, 1])


def _rays() -> List[List[Bitboard]]:
    """``[a][b]``: the whole rank, file or diagonal through squares a and b (0 if none, or a == b)."""
    table: List[List[Bitboard]] = []
    for a in range(64):
        # The four lines through a (a itself left out): two diagonals, the file, the rank.
        lines = [_sliding_attacks(a, BB_EMPTY, deltas) for deltas in ([-9, 9], [-7, 7], [-8, 8], [-1, 1])]
        row: List[Bitboard] = []
        for b in range(64):
            bit = BB_SQUARES[b]
            row.append(next((line | BB_SQUARES[a] for line in lines if line & bit), BB_EMPTY))
        table.append(row)
    return table


BB_RAYS: List[List[Bitboard]] = _rays()


def ray(a: Square, b: Square) -> Bitboard:
    """The full line (rank, file or diagonal, edge to edge) through a and b, or 0 if none."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between a and b on their common line (0 if they share none)."""
    line = BB_RAYS[a][b]
    low, high = (a, b) if a < b else (b, a)
    # Bits low+1 .. high-1, cut down to the line.
    return line & ((1 << high) - (2 << low))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """Files apart plus ranks apart."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


# Indexed by square, like BB_SQUARES (so a square outside 0..64 fails the same way).
_IS_CORNER = [sq in (0, 7, 56, 63) for sq in range(64)]


def square_knight_distance(a: Square, b: Square) -> int:
    """The fewest knight moves from a to b on an empty board."""
    far = abs((a & 7) - (b & 7))
    near = abs((a >> 3) - (b >> 3))
    if far < near:
        far, near = near, far
    if far == 1 and near == 1:
        # Diagonal neighbours: two moves, except when one of them is in a corner.
        return 4 if _IS_CORNER[a] or _IS_CORNER[b] else 2
    if far == 1 and near == 0:
        return 3
    if far == 2 and near == 2:
        return 4
    # Closed form for an unbounded board; with the cases above it is exact on 8x8.
    gap = far - near
    if near > gap:
        return gap - 2 * ((gap - near) // 3)
    return gap - 2 * ((gap - near) // 4)


# For iterating over sets of many squares: for byte k of a mask (rank k + 1), by the
# byte's value v, the squares 8 * k + i for each bit i set in v.
_BYTES_0, _BYTES_1, _BYTES_2, _BYTES_3, _BYTES_4, _BYTES_5, _BYTES_6, _BYTES_7 = [
    [tuple(8 * k + i for i in range(8) if v >> i & 1) for v in range(256)] for k in range(8)
]


def _off_board(square: int) -> IndexError:
    return IndexError(f"square {square} is not in 0..64")


def _bit(square: Square) -> Bitboard:
    """The bitboard of a square. A square off the board is an `IndexError` naming it, as
    python-chess's kind (python-chess indexes a list with it, and counts a negative one
    from the end: -1 would be h8)."""
    if square.__class__ is int and not 0 <= square < 64:
        raise _off_board(square)
    return BB_SQUARES[square]


class SquareSet:
    """A mutable set of squares, stored as a 64-bit mask.

    Built from an int-like value (any object with ``__int__``; the low 64 bits are kept),
    from another ``SquareSet``, or from an iterable of squares. Supports the set methods and
    operators of Python's ``set``, the bitwise operators of an int, ``int()`` and ``==`` with
    ints. Like python-chess's, it is mutable and so not hashable.
    """

    __slots__ = ("mask",)

    mask: Bitboard

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        cls = squares.__class__
        if cls is int:
            self.mask = squares & BB_ALL  # type: ignore[operator]
            return
        if cls is SquareSet:
            self.mask = squares.mask  # type: ignore[union-attr]
            return
        to_int = getattr(squares, "__int__", None)
        if to_int is not None:
            self.mask = to_int() & BB_ALL
            return
        mask = BB_EMPTY
        for sq in squares:  # type: ignore[union-attr]
            if sq.__class__ is int and not 0 <= sq < 64:
                raise _off_board(sq)
            mask |= BB_SQUARES[sq]
        self.mask = mask

    # Conversions and the read-only set protocol.

    # Iteration lists the squares at once (so later changes to the set are not seen, as
    # with python-chess's generators): a few by bit tricks, more through the per-byte
    # tables, several times faster than a generator taking one bit at a time.

    def __iter__(self) -> Iterator[Square]:
        bb = self.mask
        count = bb.bit_count()
        if count > 3:
            b0, b1, b2, b3, b4, b5, b6, b7 = bb.to_bytes(8, "little")
            return iter([
                *_BYTES_0[b0], *_BYTES_1[b1], *_BYTES_2[b2], *_BYTES_3[b3],
                *_BYTES_4[b4], *_BYTES_5[b5], *_BYTES_6[b6], *_BYTES_7[b7],
            ])
        if count == 1:
            return iter((bb.bit_length() - 1,))
        if count == 0:
            return iter(())
        low = bb & -bb
        if count == 2:
            return iter((low.bit_length() - 1, bb.bit_length() - 1))
        rest = bb ^ low
        return iter((low.bit_length() - 1, (rest & -rest).bit_length() - 1, bb.bit_length() - 1))

    def __reversed__(self) -> Iterator[Square]:
        bb = self.mask
        count = bb.bit_count()
        if count > 6:
            b0, b1, b2, b3, b4, b5, b6, b7 = bb.to_bytes(8, "little")
            return reversed([
                *_BYTES_0[b0], *_BYTES_1[b1], *_BYTES_2[b2], *_BYTES_3[b3],
                *_BYTES_4[b4], *_BYTES_5[b5], *_BYTES_6[b6], *_BYTES_7[b7],
            ])
        # Highest bit first: bit_length is cheap, so the tables pay off only later.
        if not count:
            return iter(())
        s1 = bb.bit_length() - 1
        if count == 1:
            return iter((s1,))
        bb ^= BB_SQUARES[s1]
        s2 = bb.bit_length() - 1
        if count == 2:
            return iter((s1, s2))
        bb ^= BB_SQUARES[s2]
        s3 = bb.bit_length() - 1
        if count == 3:
            return iter((s1, s2, s3))
        bb ^= BB_SQUARES[s3]
        s4 = bb.bit_length() - 1
        if count == 4:
            return iter((s1, s2, s3, s4))
        bb ^= BB_SQUARES[s4]
        s5 = bb.bit_length() - 1
        if count == 5:
            return iter((s1, s2, s3, s4, s5))
        bb ^= BB_SQUARES[s5]
        return iter((s1, s2, s3, s4, s5, bb.bit_length() - 1))

    def __contains__(self, square: Square) -> bool:
        return BB_SQUARES[square] & self.mask != 0

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        cls = other.__class__
        if cls is SquareSet:
            other_mask: int = other.mask  # type: ignore[attr-defined]
            return self.mask == other_mask
        if cls is int:
            return self.mask == other & BB_ALL  # type: ignore[operator]
        try:
            return self.mask == SquareSet(other).mask  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        bits = f"{self.mask:064b}".replace("0", ".")
        # bits[0] is h8; each rank is printed a-file first.
        return "\n".join(" ".join(bits[i + 7 - j] for j in range(8)) for i in range(0, 64, 8))

    def __reduce__(self) -> Tuple[type, Tuple[int], Optional[Dict[str, object]]]:
        # Slots have no __dict__ for pickle and copy to use; a subclass's attributes ride along.
        return (self.__class__, (self.mask,), getattr(self, "__dict__", None))

    # Binary operators: the other operand may be anything SquareSet() accepts.

    def __and__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        result = _new(SquareSet)
        if cls is SquareSet:
            result.mask = self.mask & other.mask  # type: ignore[union-attr]
        elif cls is int:
            result.mask = self.mask & other  # type: ignore[operator]
        else:
            result.mask = self.mask & SquareSet(other).mask
        return result

    def __or__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        result = _new(SquareSet)
        if cls is SquareSet:
            result.mask = self.mask | other.mask  # type: ignore[union-attr]
        elif cls is int:
            result.mask = (self.mask | other) & BB_ALL  # type: ignore[operator]
        else:
            result.mask = self.mask | SquareSet(other).mask
        return result

    def __xor__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        result = _new(SquareSet)
        if cls is SquareSet:
            result.mask = self.mask ^ other.mask  # type: ignore[union-attr]
        elif cls is int:
            result.mask = (self.mask ^ other) & BB_ALL  # type: ignore[operator]
        else:
            result.mask = self.mask ^ SquareSet(other).mask
        return result

    def __sub__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        result = _new(SquareSet)
        if cls is SquareSet:
            result.mask = self.mask & ~other.mask  # type: ignore[union-attr]
        elif cls is int:
            result.mask = self.mask & ~other  # type: ignore[operator]
        else:
            result.mask = self.mask & ~SquareSet(other).mask
        return result

    def __lshift__(self, shift: int) -> SquareSet:
        result = _new(SquareSet)
        result.mask = (self.mask << shift) & BB_ALL
        return result

    def __rshift__(self, shift: int) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask >> shift
        return result

    def __invert__(self) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask ^ BB_ALL
        return result

    # In-place operators change this set and return it.

    def __iand__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        if cls is SquareSet:
            self.mask &= other.mask  # type: ignore[union-attr]
        elif cls is int:
            self.mask &= other  # type: ignore[operator]
        else:
            self.mask &= SquareSet(other).mask
        return self

    def __ior__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        if cls is SquareSet:
            self.mask |= other.mask  # type: ignore[union-attr]
        elif cls is int:
            self.mask = (self.mask | other) & BB_ALL  # type: ignore[operator]
        else:
            self.mask |= SquareSet(other).mask
        return self

    def __ixor__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        if cls is SquareSet:
            self.mask ^= other.mask  # type: ignore[union-attr]
        elif cls is int:
            self.mask = (self.mask ^ other) & BB_ALL  # type: ignore[operator]
        else:
            self.mask ^= SquareSet(other).mask
        return self

    def __isub__(self, other: IntoSquareSet) -> SquareSet:
        cls = other.__class__
        if cls is SquareSet:
            self.mask &= ~other.mask  # type: ignore[union-attr]
        elif cls is int:
            self.mask &= ~other  # type: ignore[operator]
        else:
            self.mask &= ~SquareSet(other).mask
        return self

    def __ilshift__(self, shift: int) -> SquareSet:
        self.mask = (self.mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int) -> SquareSet:
        self.mask >>= shift
        return self

    # The methods of Python's set.

    def add(self, square: Square) -> None:
        """Add a square (no effect if present)."""
        self.mask |= _bit(square)

    def discard(self, square: Square) -> None:
        """Remove a square if present."""
        self.mask &= ~_bit(square)

    def remove(self, square: Square) -> None:
        """Remove a square; ``KeyError`` if it is not in the set."""
        bit = _bit(square)
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self) -> Square:
        """Remove and return the lowest square; ``KeyError`` if the set is empty."""
        mask = self.mask
        if not mask:
            raise KeyError("pop from empty SquareSet")
        low = mask & -mask
        self.mask = mask ^ low
        return low.bit_length() - 1

    def clear(self) -> None:
        """Remove every square."""
        self.mask = BB_EMPTY

    def copy(self) -> SquareSet:
        """A new set with the same squares."""
        result = _new(SquareSet)
        result.mask = self.mask
        return result

    def update(self, *others: IntoSquareSet) -> None:
        """Add the squares of every argument."""
        for other in others:
            self |= other

    def intersection_update(self, *others: IntoSquareSet) -> None:
        """Keep only the squares that every argument has too."""
        for other in others:
            self &= other

    def difference_update(self, other: IntoSquareSet) -> None:
        """Remove the squares of ``other``."""
        self -= other

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        """Keep the squares in exactly one of this set and ``other``."""
        self ^= other

    def union(self, other: IntoSquareSet) -> SquareSet:
        """The squares in this set or in ``other``."""
        return self | other

    def intersection(self, other: IntoSquareSet) -> SquareSet:
        """The squares in both this set and ``other``."""
        return self & other

    def difference(self, other: IntoSquareSet) -> SquareSet:
        """The squares of this set that are not in ``other``."""
        return self - other

    def symmetric_difference(self, other: IntoSquareSet) -> SquareSet:
        """The squares in exactly one of this set and ``other``."""
        return self ^ other

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        """Whether this set and ``other`` have no square in common."""
        return not self.mask & SquareSet(other).mask

    def issubset(self, other: IntoSquareSet) -> bool:
        """Whether every square of this set is in ``other``."""
        return not self.mask & ~SquareSet(other).mask

    def issuperset(self, other: IntoSquareSet) -> bool:
        """Whether every square of ``other`` is in this set."""
        return not SquareSet(other).mask & ~self.mask

    # Chess-specific helpers.

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Yield every subset of this set as a bitboard, from 0 up to the full mask."""
        return _carry_rippler(self.mask)

    def mirror(self) -> SquareSet:
        """The set mirrored top to bottom (a1 <-> a8)."""
        result = _new(SquareSet)
        result.mask = flip_vertical(self.mask)
        return result

    def tolist(self) -> List[bool]:
        """64 booleans, one per square in square order: whether the square is in the set."""
        return [bit == "1" for bit in f"{self.mask:064b}"[::-1]]

    @classmethod
    def from_square(cls, square: Square) -> SquareSet:
        """A set of one square."""
        return cls(_bit(square))

    @classmethod
    def ray(cls, a: Square, b: Square) -> SquareSet:
        """The set of :func:`ray` ``(a, b)``: the whole line through both squares."""
        return cls(BB_RAYS[a][b])

    @classmethod
    def between(cls, a: Square, b: Square) -> SquareSet:
        """The set of :func:`between` ``(a, b)``: the squares strictly between them."""
        return cls(between(a, b))


_new = object.__new__


class Status(enum.IntFlag):
    """Why a position is not a valid chess position (``VALID`` when it is); flags combine."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK
