"""rayscan's bitboard half (rayscan._bitboards: the BB_* constants and attack tables, the
bit helpers, SquareSet and Status) against python-chess: every constant, every function
over all squares and many random masks, and every SquareSet operator and method over
random sets and many kinds of operand, comparing values, result types and error kinds.

Random cases come from fixed seeds, so a failure names a reproducible case."""

import copy
import decimal
import enum
import fractions
import inspect
import itertools
import operator
import pickle
import random
import subprocess
import sys
import types
from collections.abc import Iterator

import chess as pychess
import pytest

import rayscan
from rayscan import _bitboards as ours

BB_ALL = (1 << 64) - 1


def random_masks(seed, count):
    """Masks of every density: empty, full, single squares, sparse, dense, uniform."""
    rng = random.Random(seed)
    masks = [0, BB_ALL, 1, 1 << 63, 0x8100_0000_0000_0081, 0x00FF_0000_0000_FF00, 0x0101_0101_0101_0101]
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            mask = rng.getrandbits(64)
        else:
            mask = 0
            for _ in range(rng.randrange(8)):
                mask |= 1 << rng.randrange(64)
            if kind == 2:
                mask ^= BB_ALL
            elif kind == 3:
                mask |= rng.getrandbits(64) & rng.getrandbits(64)
        masks.append(mask)
    return masks


def normal(value):
    """A comparable picture of a result: its kind and contents (iterators drained)."""
    if isinstance(value, (ours.SquareSet, pychess.SquareSet)):
        return ("SquareSet", type(value).__name__, value.mask)
    if isinstance(value, enum.Enum):
        return (type(value).__name__, value.name, value.value)
    if isinstance(value, Iterator):
        return ("iterator", [normal(item) for item in itertools.islice(value, 200)])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [normal(item) for item in value])
    if isinstance(value, dict):
        return ("dict", [(normal(k), normal(v)) for k, v in value.items()])
    return (type(value).__name__, value)


def outcome(call):
    """What a call does: ("returns", its result) or ("raises", the kind, the message)."""
    try:
        return ("returns", normal(call()))
    except Exception as error:  # noqa: BLE001 - the kind is what is compared
        return ("raises", type(error).__name__, str(error))


def same(call, where):
    """call(module) for python-chess and for rayscan: the same outcome."""
    theirs = outcome(lambda: call(pychess))
    mine = outcome(lambda: call(ours))
    if mine[0] == "raises" and mine[1] == "IndexError" and mine[2].startswith("square "):
        # A square off the board: rayscan names it, where python-chess indexes a list
        # with it (an IndexError without the square, or from the end for a negative one).
        assert theirs[:2] == ("raises", "IndexError") or theirs[0] == "returns", where
        return mine
    assert mine == theirs, where
    return mine


# The names: everything bitboard-related python-chess defines is there, re-exported.

CHESS_PUBLIC_FUNCTIONS = sorted(
    name for name, value in vars(pychess).items()
    if not name.startswith("_") and (isinstance(value, types.FunctionType) or name == "popcount")
)
CHESS_PRIVATE_HELPERS = ["_attack_table", "_carry_rippler", "_edges", "_rays", "_sliding_attacks", "_step_attacks"]
CHESS_CONSTANTS = sorted(
    name for name in vars(pychess) if name.startswith(("BB_", "STATUS_")) or name == "SQUARES_180"
)


def test_every_python_chess_constant_is_defined_with_its_value_and_structure():
    assert len(CHESS_CONSTANTS) > 100
    for name in CHESS_CONSTANTS:
        assert hasattr(ours, name), name
        assert normal(getattr(ours, name)) == normal(getattr(pychess, name)), name
        assert name in ours.__all__, name
    assert ours.Bitboard is int
    assert ours.IntoSquareSet == pychess.IntoSquareSet


def test_the_attack_tables_have_python_chess_shapes():
    for name in ("BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS"):
        theirs, mine = getattr(pychess, name), getattr(ours, name)
        assert type(mine) is list and len(mine) == 64
        for square in range(64):
            assert type(mine[square]) is dict
            # Same keys in the same order, same values.
            assert list(mine[square].items()) == list(theirs[square].items()), (name, square)
    assert len(ours.BB_PAWN_ATTACKS) == 2 and all(len(row) == 64 for row in ours.BB_PAWN_ATTACKS)
    assert len(ours.BB_RAYS) == 64 and all(len(row) == 64 for row in ours.BB_RAYS)


def test_every_public_name_is_re_exported_by_rayscan():
    for name in ours.__all__:
        assert getattr(rayscan, name, None) is getattr(ours, name), name


def test_every_python_chess_module_function_is_in_rayscan_with_its_signature():
    for name in CHESS_PUBLIC_FUNCTIONS:
        assert hasattr(rayscan, name), name
    for name in CHESS_PUBLIC_FUNCTIONS + CHESS_PRIVATE_HELPERS:
        if hasattr(ours, name):
            theirs, mine = inspect.signature(getattr(pychess, name)), inspect.signature(getattr(ours, name))
            assert str(mine) == str(theirs), name


def test_functions_and_methods_are_fully_annotated():
    functions = [getattr(ours, name) for name in ours.__all__ if isinstance(getattr(ours, name), types.FunctionType)]
    functions += [value for value in vars(ours.SquareSet).values() if isinstance(value, types.FunctionType)]
    functions += [value.__func__ for value in vars(ours.SquareSet).values() if isinstance(value, classmethod)]
    assert len(functions) > 60
    for function in functions:
        signature = inspect.signature(function)
        assert signature.return_annotation is not inspect.Signature.empty, function
        for parameter in signature.parameters.values():
            if parameter.name not in ("self", "cls"):
                assert parameter.annotation is not inspect.Parameter.empty, (function, parameter.name)


def test_squareset_has_python_chess_methods_with_their_signatures():
    for name, value in vars(pychess.SquareSet).items():
        if name in ("_repr_svg_", "__dict__", "__weakref__", "__module__", "__doc__"):
            continue
        assert hasattr(ours.SquareSet, name), name
        if callable(value) or isinstance(value, classmethod):
            theirs = inspect.signature(getattr(pychess.SquareSet, name))
            mine = inspect.signature(getattr(ours.SquareSet, name))
            assert str(mine) == str(theirs), name
    assert ours.SquareSet.__hash__ is None


def test_the_module_stands_alone_without_the_native_extension():
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('bitboards_alone', {ours.__file__!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "assert not any('_rayscan' in name for name in sys.modules), sorted(sys.modules)\n"
        "assert module.SquareSet(5).mask == 5\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


# Status.

def test_status_flags():
    assert issubclass(ours.Status, enum.IntFlag)
    assert [(m.name, m.value) for m in ours.Status.__members__.values()] == [
        (m.name, m.value) for m in pychess.Status.__members__.values()
    ]
    for name in CHESS_CONSTANTS:
        if name.startswith("STATUS_"):
            assert getattr(ours, name) is ours.Status[name[len("STATUS_"):]]
    for value in [0, 1, 3, 0x1_FFFF, 1 << 20, 2048 | 16]:
        assert repr(ours.Status(value)) == repr(pychess.Status(value))
        assert str(ours.Status(value)) == str(pychess.Status(value))
    assert (ours.STATUS_NO_WHITE_KING | ours.STATUS_EMPTY) == (pychess.STATUS_NO_WHITE_KING | pychess.STATUS_EMPTY)
    assert type(ours.STATUS_NO_WHITE_KING | ours.STATUS_EMPTY) is ours.Status


# The module's functions.

ODD_INTS = [-1, -2, -(1 << 63), -12345, 1 << 64, (1 << 64) | 1, (1 << 70) | 5, 1 << 100, 3 << 62]


def test_bit_functions_on_random_masks():
    names = ["lsb", "msb", "popcount", "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]
    names += sorted(name for name in vars(pychess) if name.startswith("shift_"))
    assert len(names) == 7 + 12
    masks = random_masks(1, 3000) + [1 << square for square in range(64)]
    for name in names:
        theirs, mine = getattr(pychess, name), getattr(ours, name)
        for mask in masks:
            result = mine(mask)
            assert result == theirs(mask) and type(result) is int, (name, hex(mask))
        # Outside 64 bits the results are unspecified; these still agree today.
        for value in ODD_INTS:
            assert mine(value) == theirs(value), (name, value)
        same(lambda m: getattr(m, name)(1.0), (name, "float"))
        same(lambda m: getattr(m, name)("x"), (name, "str"))


def test_flips_are_involutions_and_compose_to_the_rotation():
    for mask in random_masks(2, 300):
        for name in ("flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"):
            flip = getattr(ours, name)
            assert flip(flip(mask)) == mask
        rotated = ours.flip_vertical(ours.flip_horizontal(mask))
        assert rotated == int(f"{mask:064b}"[::-1], 2)


def test_scans_on_random_masks():
    for mask in random_masks(3, 1500) + ODD_INTS[:1] + [(1 << 70) | 5]:
        for name in ("scan_forward", "scan_reversed"):
            same(lambda m: getattr(m, name)(mask), (name, mask))
            assert isinstance(getattr(ours, name)(mask), types.GeneratorType)
    same(lambda m: m.scan_forward(1.5), "scan_forward float")


def test_square_pair_functions_on_all_pairs():
    for a in range(-70, 72):
        for b in range(-70, 72):
            for name in ("ray", "between", "square_manhattan_distance", "square_knight_distance"):
                same(lambda m: getattr(m, name)(a, b), (name, a, b))


def test_knight_distance_is_the_breadth_first_distance():
    for start in range(64):
        distance = {start: 0}
        frontier = [start]
        while frontier:
            following = []
            for square in frontier:
                for target in ours.scan_forward(ours.BB_KNIGHT_ATTACKS[square]):
                    if target not in distance:
                        distance[target] = distance[square] + 1
                        following.append(target)
            frontier = following
        for target in range(64):
            assert ours.square_knight_distance(start, target) == distance[target]


def test_private_helpers_match():
    rng = random.Random(4)
    delta_sets = [[9, 7, -7, -9], [8, -8], [1, -1], [17, 15, 10, 6, -17, -15, -10, -6], [2], [16], [3], [100], [-1], []]
    for square in range(-3, 67):
        same(lambda m: m._edges(square), ("_edges", square))
        for deltas in delta_sets:
            same(lambda m: m._step_attacks(square, deltas), ("_step_attacks", square, deltas))
            for occupied in (0, BB_ALL, rng.getrandbits(64)):
                same(lambda m: m._sliding_attacks(square, occupied, deltas), ("_sliding", square, occupied, deltas))
    for mask in [0, 1, 0x7E, 0x8100_0000_0000_0081, 0x0040_2010_0804_0200]:
        same(lambda m: m._carry_rippler(mask), ("_carry_rippler", mask))
    same(lambda m: m._attack_table([1, -1]), "_attack_table")
    same(lambda m: m._attack_table([17, -15]), "_attack_table knight-ish")
    assert ours._rays() == pychess._rays()


# SquareSet.

class WithInt:
    def __init__(self, value):
        self.value = value

    def __int__(self):
        return self.value


class OnlyIndex:
    def __index__(self):
        return 5


def operands(rng):
    """Factories (module -> operand) of every kind SquareSet operations meet."""
    masks = [rng.getrandbits(64), 0, BB_ALL]
    made = [lambda m, mask=mask: m.SquareSet(mask) for mask in masks]
    made += [lambda m, mask=mask: mask for mask in masks]
    squares = rng.sample(range(64), 5)
    made += [
        lambda m: list(squares), lambda m: tuple(squares), lambda m: set(squares), lambda m: range(10, 20),
        lambda m: (sq for sq in squares), lambda m: iter(squares), lambda m: {3: "x"}, lambda m: [],
        lambda m: -1, lambda m: -12345, lambda m: (1 << 64) | 7, lambda m: 1 << 100, lambda m: True,
        lambda m: False, lambda m: 3.7, lambda m: float("nan"), lambda m: float("inf"),
        lambda m: decimal.Decimal(77), lambda m: fractions.Fraction(9, 2), lambda m: WithInt(1 << 40),
        lambda m: OnlyIndex(), lambda m: "x", lambda m: "12", lambda m: b"\x00\x05", lambda m: None,
        lambda m: [True], lambda m: [1.0], lambda m: ["a1"], lambda m: object(),
    ]
    return made


BINARY = [operator.and_, operator.or_, operator.xor, operator.sub, operator.eq, operator.ne]
COMPARISONS = [operator.lt, operator.le, operator.gt, operator.ge]
IN_PLACE = [operator.iand, operator.ior, operator.ixor, operator.isub]
TAKING_ONE = ["union", "intersection", "difference", "symmetric_difference", "isdisjoint", "issubset", "issuperset",
              "difference_update", "symmetric_difference_update", "update", "intersection_update", "__eq__"]


def test_squareset_construction():
    rng = random.Random(5)
    for make in operands(rng):
        same(lambda m: m.SquareSet(make(m)), "construct")
    same(lambda m: m.SquareSet(), "construct empty")
    same(lambda m: m.SquareSet(squares=9), "construct keyword")
    for mask in random_masks(6, 300):
        same(lambda m: m.SquareSet(mask), mask)
        same(lambda m: m.SquareSet(m.SquareSet(mask)), mask)
        same(lambda m: m.SquareSet(list(pychess.scan_forward(mask))), mask)
        assert type(ours.SquareSet(mask).mask) is int


def test_squareset_operators_with_every_kind_of_operand():
    rng = random.Random(7)
    for mask in random_masks(8, 60):
        for make in operands(rng):
            for op in BINARY + COMPARISONS:
                same(lambda m: op(m.SquareSet(mask), make(m)), (op, mask))
                same(lambda m: op(make(m), m.SquareSet(mask)), ("reflected", op, mask))
            for op in IN_PLACE:
                def in_place(m, op=op):
                    target = m.SquareSet(mask)
                    try:
                        result = op(target, make(m))
                    finally:
                        state = target.mask
                    return (result is target, state, result)
                same(in_place, (op, mask))
            for name in TAKING_ONE:
                def method(m, name=name):
                    target = m.SquareSet(mask)
                    return (getattr(target, name)(make(m)), target.mask)
                same(method, (name, mask))


def test_squareset_methods_taking_many_or_no_operands():
    rng = random.Random(9)
    for mask in random_masks(10, 100):
        for name in ("update", "intersection_update", "union", "intersection", "difference"):
            for count in range(4):
                chosen = [rng.choice(operands(rng)) for _ in range(count)]

                def method(m, name=name, chosen=chosen):
                    target = m.SquareSet(mask)
                    try:
                        return (getattr(target, name)(*[make(m) for make in chosen]), target.mask)
                    except (TypeError, ValueError, IndexError) as error:
                        # The state after a failure: whatever was applied before it.
                        return (type(error).__name__, target.mask)
                same(method, (name, mask, count))


def test_squareset_shifts():
    for mask in random_masks(11, 200):
        for shift in [0, 1, 7, 8, 9, 63, 64, 65, 200, -1, 1.0, True, "1", None]:
            for op in (operator.lshift, operator.rshift, operator.ilshift, operator.irshift):
                def shifted(m, op=op):
                    target = m.SquareSet(mask)
                    result = op(target, shift)
                    return (result, target.mask, result is target)
                same(shifted, (op, mask, shift))
        same(lambda m: m.SquareSet(mask) << m.SquareSet(1), "shift by a set")
        same(lambda m: 1 << m.SquareSet(mask & 7), "int shifted by a set")


def test_squareset_single_square_methods():
    probes = list(range(-66, 70)) + [True, False, 1.0, "a1", None, 1 << 70, -(1 << 70)]
    for mask in random_masks(12, 60):
        for square in probes:
            same(lambda m: square in m.SquareSet(mask), ("in", mask, square))
            for name in ("add", "discard", "remove"):
                def method(m, name=name):
                    target = m.SquareSet(mask)
                    try:
                        return (getattr(target, name)(square), target.mask)
                    except (KeyError, IndexError, TypeError) as error:
                        return (type(error).__name__, str(error), target.mask)
                if square.__class__ is int and not 0 <= square < 64:
                    # Off the board: python-chess indexes a list with it (from the end
                    # for a negative square); rayscan refuses it, naming it.
                    assert method(ours) == ("IndexError", f"square {square} is not in 0..64", mask)
                    continue
                same(method, (name, mask, square))


def test_squareset_unary_and_conversions():
    for mask in random_masks(13, 400):
        for call in [
            lambda m: ~m.SquareSet(mask), lambda m: len(m.SquareSet(mask)), lambda m: bool(m.SquareSet(mask)),
            lambda m: int(m.SquareSet(mask)), lambda m: operator.index(m.SquareSet(mask)),
            lambda m: hex(m.SquareSet(mask)), lambda m: list(m.SquareSet(mask)),
            lambda m: list(reversed(m.SquareSet(mask))), lambda m: iter(m.SquareSet(mask)),
            lambda m: reversed(m.SquareSet(mask)), lambda m: repr(m.SquareSet(mask)),
            lambda m: str(m.SquareSet(mask)), lambda m: m.SquareSet(mask).tolist(),
            lambda m: m.SquareSet(mask).mirror(), lambda m: m.SquareSet(mask).copy(),
            lambda m: hash(m.SquareSet(mask)), lambda m: {m.SquareSet(mask)},
            lambda m: pickle.loads(pickle.dumps(m.SquareSet(mask))),
            lambda m: copy.copy(m.SquareSet(mask)), lambda m: copy.deepcopy(m.SquareSet(mask)),
            lambda m: m.SquareSet(mask).mask, lambda m: m.SquareSet(mask)[0],
            lambda m: sorted(m.SquareSet(mask)) == list(m.SquareSet(mask)),
            lambda m: max(m.SquareSet(mask), default=None), lambda m: sum(m.SquareSet(mask)),
        ]:
            same(call, mask)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            same(lambda m: pickle.loads(pickle.dumps(m.SquareSet(mask), protocol)), (mask, protocol))
        if bin(mask).count("1") <= 9:
            same(lambda m: m.SquareSet(mask).carry_rippler(), ("carry_rippler", mask))


def test_squareset_iteration_is_a_snapshot():
    for mask in random_masks(14, 200):
        def mutate_while_iterating(m):
            target = m.SquareSet(mask)
            forward, backward = iter(target), reversed(target)
            target.add(0)
            target.discard(63)
            target ^= 0x00F0_0000_0F00_0000
            seen = [square for square in target if target.discard(square) is None]
            return (list(forward), list(backward), seen, target.mask)
        same(mutate_while_iterating, mask)


def test_squareset_pop_until_empty():
    for mask in random_masks(15, 200):
        def drain(m):
            target = m.SquareSet(mask)
            popped = []
            try:
                while True:
                    popped.append(target.pop())
            except KeyError as error:
                return (popped, error.args, target.mask)
        same(drain, mask)
        same(lambda m: m.SquareSet(mask).clear(), ("clear", mask))


def test_squareset_class_methods():
    for a in list(range(-66, 70)) + [True, 1.5, "a"]:
        same(lambda m: m.SquareSet.from_square(a), ("from_square", a))
        for b in range(-66, 70, 3):
            same(lambda m: m.SquareSet.ray(a, b), ("ray", a, b))
            same(lambda m: m.SquareSet.between(a, b), ("between", a, b))


def test_squareset_subclasses():
    def sub_results(m):
        class Sub(m.SquareSet):
            pass
        value = Sub(0x0F0F)
        value.note = "kept"
        copied, deep = copy.copy(value), copy.deepcopy(value)
        return [(type(c).__name__, c.mask, c.note, c is value) for c in (copied, deep)] + [
            type(result).__name__ for result in (
                value & 1, value | 1, value ^ 1, value - 1, ~value, value << 1, value >> 1, value.copy(),
                value.mirror(), value.union(3), Sub.from_square(3), Sub.ray(0, 9), Sub.between(0, 18),
            )
        ] + [value == 0x0F0F, m.SquareSet(0x0F0F) == value, repr(value), len(value), list(value)]
    same(sub_results, "subclass")


def test_squareset_equality_details():
    for mask in random_masks(16, 100):
        for other in [mask, mask | (1 << 64), mask - (1 << 64), float(mask & 0xFFFF), str(mask), None,
                      list(pychess.scan_forward(mask)), set(pychess.scan_forward(mask)), object()]:
            same(lambda m: m.SquareSet(mask).__eq__(other), ("__eq__", mask, other))
            same(lambda m: m.SquareSet(mask).__ne__(other), ("__ne__", mask, other))
            same(lambda m: m.SquareSet(mask) == other, ("==", mask, other))
            same(lambda m: other == m.SquareSet(mask), ("== reflected", mask, other))


def test_squares_off_the_board_are_refused_naming_them():
    for square in (64, 100, -1, -64):
        for make in (lambda: ours.SquareSet([square]), lambda: ours.SquareSet.from_square(square)):
            with pytest.raises(IndexError, match=f"square {square} is not in 0..64"):
                make()
