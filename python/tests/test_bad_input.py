"""Bad input to the text entry points (FEN, EPD, SAN, UCI, castling text, `SquareSet`,
Chess960 numbers): random and mutated text, thousands of times. Each either reads or
raises python-chess's kind of error (`ValueError` and its subclasses, `TypeError` for a
wrong type), with a message; never a Rust panic, another exception, or a hang. Where
python-chess refuses or accepts the same text, so does rayscan."""

import random

import chess as pychess
import pytest

import rayscan as chess

ALPHABET = "pnbrqkPNBRQK12345678/ -wbKQkqa-h~;\"\\=+#xO0@.e"
SEEDS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    "r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 \"ERET.095\";",
    "4k3/8/8/8/8/8/8/4K3 w - - a \"foo\\\"bar\";; ; b \"foo\\\\\\\\\";",
    "6k1/1p6/6K1/8/8/8/8/7Q w - - pv Qh7+ Kf8 Qf7#;",
    "6k1/1p6/6K1/8/8/8/8/7Q w - - pv Qh7++ Kf8 Qf7##;",
]


def texts(seed, count=600):
    """Random texts, and seeds with characters replaced, inserted and dropped."""
    rng = random.Random(seed)
    for _ in range(count):
        if rng.random() < 0.3:
            yield "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))
            continue
        text = list(rng.choice(SEEDS))
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(text) + 1)
            op = rng.random()
            if op < 0.4 and i < len(text):
                text[i] = rng.choice(ALPHABET)
            elif op < 0.7:
                text.insert(i, rng.choice(ALPHABET))
            elif i < len(text):
                del text[i]
        yield "".join(text)


def outcome(call):
    """"ok", or the kind of error python-chess's API may raise; anything else fails."""
    try:
        call()
    except ValueError as e:
        assert str(e), "an error without a message"
        return "ValueError"
    return "ok"


@pytest.mark.parametrize("seed", range(8))
def test_fen_and_epd_are_read_or_refused_as_python_chess(seed):
    for text in texts(seed):
        ours = outcome(lambda: chess.Board(text))
        theirs = outcome(lambda: pychess.Board(text))
        assert ours == theirs, text
        if ours == "ok":
            assert chess.Board(text).fen() == pychess.Board(text).fen(), text
        ours = outcome(lambda: chess.Board.from_epd(text))
        theirs = outcome(lambda: pychess.Board.from_epd(text))
        assert ours == theirs, text
        if ours == "ok":
            a, ops_a = chess.Board.from_epd(text)
            b, ops_b = pychess.Board.from_epd(text)
            assert a.fen() == b.fen(), text
            assert {k: str(v) for k, v in ops_a.items()} == {k: str(v) for k, v in ops_b.items()}, text
        board = chess.Board()
        assert outcome(lambda: board.set_castling_fen(text[:6])) == outcome(
            lambda: pychess.Board().set_castling_fen(text[:6])
        ), text
        assert outcome(lambda: board.set_board_fen(text)) == outcome(
            lambda: pychess.Board().set_board_fen(text)
        ), text


def message(call):
    """The message of the `ValueError` the call raises, or None."""
    try:
        call()
    except ValueError as e:
        return str(e)
    return None


@pytest.mark.parametrize("seed", range(2))
def test_messages_quote_the_text_as_python_chess_does(seed):
    # python-chess quotes the text it refuses with repr(): 'text', or "text" when it
    # holds a single quote and no double one, with Python's escapes.
    quoting = ["garbage fen", "it's 8/8", 'say "hi"', "both ' and \"", "tab\there", "nul\x00 ü\u2028"]
    rng = random.Random(seed)
    samples = quoting + list(texts(seed, 300)) + ["".join(rng.choice(ALPHABET + "'") for _ in range(9)) for _ in range(100)]
    for text in samples:
        for ours, theirs in [
            (lambda: chess.Board(text), lambda: pychess.Board(text)),
            (lambda: chess.Move.from_uci(text), lambda: pychess.Move.from_uci(text)),
            (lambda: chess.Board().parse_san(text), lambda: pychess.Board().parse_san(text)),
        ]:
            a, b = message(ours), message(theirs)
            if b is not None and repr(text) in b:
                assert a is not None and repr(text) in a, (text, a, b)
    assert message(lambda: chess.Board("garbage fen")) == message(lambda: pychess.Board("garbage fen"))
    assert message(lambda: chess.Board("garbage fen")) == "expected 'w' or 'b' for turn part of fen: 'garbage fen'"


@pytest.mark.parametrize("seed", range(2))
def test_moves_are_read_or_refused_as_python_chess(seed):
    ours, theirs = chess.Board(SEEDS[1]), pychess.Board(SEEDS[1])
    rng = random.Random(seed)
    for _ in range(2000):
        text = "".join(rng.choice("abcdefgh12345678NBRQKnbrqkx=+#O-0@ ") for _ in range(rng.randrange(0, 7)))
        assert outcome(lambda: chess.Move.from_uci(text)) == outcome(lambda: pychess.Move.from_uci(text)), text
        a = outcome(lambda: ours.parse_san(text))
        b = outcome(lambda: theirs.parse_san(text))
        assert a == b, text
        if a == "ok":
            assert ours.parse_san(text).uci() == theirs.parse_san(text).uci(), text
    assert ours.fen() == theirs.fen()
    # Two check marks: python-chess's pattern reads one (rayscan's own reader took more).
    for text in ("Nxd7++", "Qxf7#+", "O-O++", "Bxa6##"):
        with pytest.raises(chess.InvalidMoveError):
            ours.parse_san(text)


def test_square_sets_and_chess960_numbers_refuse_what_python_chess_refuses():
    rng = random.Random(7)
    values = [None, "e4", 1.5, -1, 2**64, 2**70, [64], [-1], ["a"], [1, 2, 3], range(70), b"x", object()]
    for value in values + [rng.getrandbits(64) for _ in range(50)]:
        def kind(make):
            try:
                return repr(int(make(value)))
            except (ValueError, TypeError, OverflowError, IndexError) as e:
                assert str(e)
                return type(e).__name__
        if value == [-1]:
            # python-chess reads -1 as h8 (a list indexed from the end); rayscan refuses it.
            with pytest.raises(IndexError, match="square -1"):
                chess.SquareSet(value)
            continue
        assert kind(chess.SquareSet) == kind(pychess.SquareSet), value
    for n in [-1, 0, 518, 959, 960, 2**40] + [rng.randrange(-100, 1100) for _ in range(100)]:
        a = outcome(lambda: chess.Board.from_chess960_pos(n))
        b = outcome(lambda: pychess.Board.from_chess960_pos(n))
        assert a == b, n
        if a == "ok":
            assert chess.Board.from_chess960_pos(n).fen() == pychess.Board.from_chess960_pos(n).fen(), n
            assert chess.Board.from_chess960_pos(n).chess960_pos() == n
    with pytest.raises(TypeError):
        chess.Board.from_chess960_pos("518")


def test_a_row_of_hundreds_of_pieces_is_refused():
    # 264 letters in a row once counted to 8 in an 8-bit counter (found by fuzzing).
    for row in ("r" * 264, "r" * 256 + "8", "8" * 33):
        with pytest.raises(ValueError, match="position part of fen"):
            chess.Board(row + "/8/8/8/8/8/8/8 w - - 0 1")
        with pytest.raises(ValueError):
            chess.BaseBoard(row + "/8/8/8/8/8/8/8")
