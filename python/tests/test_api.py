"""The python-chess API of rayscan.Board, Move and Piece, its errors, and perft."""

import copy
import subprocess
import sys
import threading
import time

import pytest

import rayscan as chess
from conftest import suite

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_start_position():
    board = chess.Board()
    assert board.fen() == chess.STARTING_FEN
    assert board.turn is chess.WHITE
    assert board.castling_rights == (1 << chess.A1) | (1 << chess.H1) | (1 << chess.A8) | (1 << chess.H8)
    assert board.ep_square is None
    assert (board.halfmove_clock, board.fullmove_number) == (0, 1)
    assert board.piece_at(chess.E1) == chess.Piece(chess.KING, chess.WHITE)
    assert board.piece_at(chess.E4) is None
    assert board.king(chess.BLACK) == chess.E8
    assert repr(board) == f"Board('{chess.STARTING_FEN}')"
    assert str(board).splitlines()[0] == "r n b q k b n r"


def test_legal_moves_protocol():
    board = chess.Board()
    moves = board.legal_moves
    assert moves.count() == 20
    assert bool(moves)
    assert chess.Move.from_uci("e2e4") in moves
    assert chess.Move.from_uci("e2e5") not in moves
    assert "e2e4" not in moves
    assert len(list(moves)) == 20 and len(set(moves)) == 20
    # A live view: it follows the board.
    board.push_uci("f2f3")
    board.push_uci("e7e5")
    board.push_uci("g2g4")
    board.push_uci("d8h4")
    assert moves.count() == 0 and not moves and list(moves) == []
    assert board.is_checkmate() and board.is_game_over()
    assert board.outcome() == chess.Outcome(chess.Termination.CHECKMATE, chess.BLACK)
    assert board.outcome().result() == "0-1"


def test_moves_compare_and_hash_by_value():
    a = chess.Move.from_uci("e7e8q")
    b = chess.Move(chess.E7, chess.E8, chess.QUEEN)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert (a.from_square, a.to_square, a.promotion, a.drop) == (chess.E7, chess.E8, chess.QUEEN, None)
    assert a.uci() == str(a) == "e7e8q"
    assert repr(a) == "Move.from_uci('e7e8q')"
    assert not chess.Move.null() and chess.Move.from_uci("0000") == chess.Move.null()
    assert chess.Move.from_uci("e2e4") != chess.Move.from_uci("e2e3")


@pytest.mark.parametrize("text", ["", "e2", "e2e4x", "e9e4", "E2E4", "e7e8Q", "e2e2", "🙂🙂🙂🙂"])
def test_bad_uci_is_an_invalid_move_error(text):
    with pytest.raises(chess.InvalidMoveError):
        chess.Move.from_uci(text)
    with pytest.raises(ValueError):
        chess.Board().push_uci(text)


def test_errors_are_python_chess_kinds():
    board = chess.Board()
    for kind in (chess.IllegalMoveError, chess.InvalidMoveError, chess.AmbiguousMoveError):
        assert issubclass(kind, ValueError)
    with pytest.raises(chess.IllegalMoveError):
        board.push_uci("e2e5")
    with pytest.raises(chess.IllegalMoveError):
        board.push(chess.Move.from_uci("e7e5"))  # black's move, white to play
    with pytest.raises(chess.IllegalMoveError):
        board.push_san("Nf6")
    with pytest.raises(chess.InvalidMoveError):
        board.parse_san("nf3")
    ambiguous = chess.Board("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3")
    with pytest.raises(chess.AmbiguousMoveError):
        ambiguous.parse_san("Nd2")
    assert ambiguous.parse_san("Nbd2") == chess.Move.from_uci("b1d2")
    with pytest.raises(chess.IllegalMoveError):
        board.san(chess.Move.from_uci("e2e5"))
    with pytest.raises(IndexError):
        board.pop()
    assert board.fen() == chess.STARTING_FEN  # nothing changed


@pytest.mark.parametrize(
    "fen",
    [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "\x00",
    ],
)
def test_bad_fen_is_a_value_error(fen):
    with pytest.raises(ValueError):
        chess.Board(fen)
    with pytest.raises(ValueError):
        chess.perft(fen, 1)


def test_arguments_out_of_range_are_value_errors():
    board = chess.Board()
    for call in (
        lambda: board.piece_at(64),
        lambda: board.piece_at(-1),
        lambda: chess.Move(0, 64),
        lambda: chess.Move(0, 1, 7),
        lambda: chess.Move(0, 1, drop=0),
        lambda: chess.Piece(7, True),
        lambda: chess.Piece.from_symbol("x"),
        lambda: board.perft(-1),
        lambda: board.perft(0),
        lambda: board.perft(65),
        lambda: board.perft(1, threads=0),
        lambda: board.perft(1, threads=1025),
        lambda: board.perft(1, hash_mb=-5),
        lambda: board.perft(1, hash_mb=65537),
        lambda: chess.perft(chess.STARTING_FEN, 65),
        lambda: chess.perft_many([chess.STARTING_FEN], 0),
        lambda: board.fen(en_passant="sometimes"),
        lambda: board.copy(stack=-1),
        lambda: chess.Board(None).perft(1),
        lambda: chess.Board("rkqbbnnr/pppppppp/8/8/8/8/PPPPPPPP/RKQBBNNR w HAha - 0 1").perft(1),
    ):
        with pytest.raises(ValueError):
            call()
    with pytest.raises((TypeError, OverflowError)):
        board.piece_at(2**70)
    # A FEN where a list of them is meant: refused, not read a character at a time.
    for call in (chess.planes, chess.legal_move_counts, lambda f: chess.perft_many(f, 1)):
        with pytest.raises(TypeError, match="a list of FEN strings"):
            call(chess.STARTING_FEN)


def test_the_array_functions_name_numpy_when_it_is_missing(monkeypatch):
    # NumPy is an extra (rayscan[numpy]): without it the package imports and works, and
    # the functions that return arrays say what is missing before they count anything.
    hidden = "import sys; sys.modules['numpy'] = None; import rayscan; print(rayscan.Board().perft(2))"
    assert subprocess.run([sys.executable, "-c", hidden], capture_output=True, text=True, check=True).stdout == "400\n"
    monkeypatch.setitem(sys.modules, "numpy", None)
    calls = {
        "planes": chess.planes,
        "legal_move_counts": chess.legal_move_counts,
        "perft_many": lambda fens: chess.perft_many(fens, 1),
    }
    for name, call in calls.items():
        message = f"rayscan.{name} returns a NumPy array, and NumPy is not installed: pip install numpy"
        with pytest.raises(ModuleNotFoundError, match=message):
            call([chess.STARTING_FEN])


def test_push_pop_copy_and_stack():
    board = chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]:
        board.push_san(san)
    assert [m.uci() for m in board.move_stack][-1] == "e1g1"
    assert board.peek() == chess.Move.from_uci("e1g1")
    clone = board.copy()
    bare = board.copy(stack=False)
    assert clone == board and bare == board
    assert len(clone.move_stack) == 7 and bare.move_stack == []
    assert len(board.copy(stack=2).move_stack) == 2
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    assert board.pop() == chess.Move.from_uci("e1g1")
    assert board != clone
    assert clone.pop() == chess.Move.from_uci("e1g1") and clone == board


def test_castling_notation_standard_and_chess960():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard = chess.Board(fen)
    castles = sorted(m.uci() for m in standard.legal_moves if standard.is_castling(m))
    assert castles == ["e1c1", "e1g1"]
    # King takes rook is read on a standard board too, and written as the king's step.
    assert standard.parse_uci("e1h1") == chess.Move.from_uci("e1g1")
    assert standard.uci(chess.Move.from_uci("e1g1"), chess960=True) == "e1h1"
    c960 = chess.Board(fen, chess960=True)
    assert c960.chess960
    castles = sorted(m.uci() for m in c960.legal_moves if c960.is_castling(m))
    assert castles == ["e1a1", "e1h1"]
    c960.push_uci("e1h1")
    assert c960.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"


def test_en_passant_and_flags():
    board = chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    ep = chess.Move.from_uci("e5f6")
    assert board.is_en_passant(ep) and board.is_capture(ep) and not board.is_castling(ep)
    assert board.san(ep) == "exf6"
    assert board.ep_square == chess.F6
    board.push_uci("a2a3")
    assert board.ep_square is None
    board.push_uci("g7g5")
    assert board.ep_square == chess.G6
    assert board.fen().split()[3] == "-"  # no white pawn can take
    assert board.fen(en_passant="fen").split()[3] == "g6"


def test_insufficient_material_and_draw_rules():
    assert chess.Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").is_insufficient_material()
    assert not chess.Board("8/8/4k3/8/8/3NKN2/8/8 w - - 0 1").is_insufficient_material()
    board = chess.Board()
    for _ in range(4):
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            board.push_uci(uci)
    assert board.is_repetition(5) and board.is_fivefold_repetition()
    assert board.outcome() == chess.Outcome(chess.Termination.FIVEFOLD_REPETITION, None)
    board.pop()
    assert not board.is_fivefold_repetition() and board.can_claim_threefold_repetition()
    assert board.is_game_over(claim_draw=True) and not board.is_game_over()
    late = chess.Board("8/8/4k3/8/8/3RK3/8/8 w - - 150 100")
    assert late.is_seventyfive_moves()
    assert late.outcome().termination == chess.Termination.SEVENTYFIVE_MOVES


@pytest.mark.parametrize("fen,depth,nodes", suite("standard.epd", 2_000_000))
def test_perft_counts_the_standard_suite(fen, depth, nodes):
    assert chess.Board(fen).perft(depth) == nodes


@pytest.mark.parametrize("fen,depth,nodes", suite("fischer960.epd", 200_000)[::8])
def test_perft_counts_the_chess960_suite(fen, depth, nodes):
    assert chess.Board(fen, chess960=True).perft(depth) == nodes
    assert chess.perft(fen, depth) == nodes


def test_perft_threads_and_hash_agree():
    board = chess.Board(KIWIPETE)
    assert board.perft(1) == 48
    assert board.perft(4) == 4_085_603
    assert board.perft(4, threads=2) == 4_085_603
    assert board.perft(4, hash_mb=16) == 4_085_603
    assert board.perft(5, threads=2, hash_mb=16) == 193_690_690


def test_perft_releases_the_gil():
    """Another Python thread runs while perft counts (about a second)."""
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        start = time.monotonic()
        chess.Board(KIWIPETE).perft(5)
        end = time.monotonic()
    finally:
        done.set()
        ticker.join(timeout=10)
    assert not ticker.is_alive()
    during = [t for t in ticks if start < t < end]
    assert len(during) > 10, f"{len(during)} ticks in {end - start:.2f} s of perft"


CTRL_C = """
import _thread, signal, threading, time, rayscan
# Python's own handler, even where the parent ignores SIGINT (a shell's background job).
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, _thread.interrupt_main).start()
start = time.monotonic()
try:
    rayscan.Board().perft({depth}, threads={threads})
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.monotonic() - start)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_perft_stops_on_ctrl_c(threads, tmp_path):
    """perft 10 of the start position takes hours; Ctrl-C stops it within a second."""
    # Run elsewhere than python/, whose rayscan/ folder would shadow the package.
    run = subprocess.run(
        [sys.executable, "-c", CTRL_C.format(depth=10, threads=threads)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    word, seconds = run.stdout.split()
    assert word == "interrupted"
    assert float(seconds) < 5


def test_no_text_reaches_a_panic():
    """Random and mangled text through every entry point that reads text: each call
    either works or raises ValueError (a Rust panic would raise PanicException, which
    is no ValueError, and fail the test)."""
    import random

    rng = random.Random(7)
    alphabet = "rnbqkpRNBQKP12345678/ abcdefghwWx-+#=O0@:;\x00é♔"
    seeds = [chess.STARTING_FEN, KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]
    board = chess.Board(KIWIPETE)
    for i in range(3000):
        if i % 2:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        else:
            base = list(rng.choice(seeds))
            for _ in range(rng.randrange(1, 4)):
                base[rng.randrange(len(base))] = rng.choice(alphabet)
            text = "".join(base)
        for call in (
            lambda: chess.Board(text).legal_moves.count(),
            lambda: chess.Board(text, chess960=True).perft(1),
            lambda: board.parse_san(text),
            lambda: board.parse_uci(text),
            lambda: chess.Move.from_uci(text),
            lambda: chess.Piece.from_symbol(text),
            lambda: chess.planes([text]),
            lambda: chess.perft_many([text], 1),
        ):
            try:
                call()
            except ValueError:
                pass


PUSH_POSITIONS = [
    (chess.STARTING_FEN, False),
    (KIWIPETE, False),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", False),  # promotions
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", False),  # en passant
    ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", False),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", True),
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", True),
]


@pytest.mark.parametrize("fen,chess960", PUSH_POSITIONS)
def test_push_takes_exactly_the_legal_moves(fen, chess960):
    """Every from, to and promotion pushed after the moves were listed (push's shortcut
    for listed moves) and before (the full test): accepted exactly when is_pseudo_legal
    says so (python-chess plays pseudo-legal moves), and a legal one then gives the same
    position as its SAN."""
    for listed in (True, False):
        board = chess.Board(fen, chess960=chess960)
        legal = set(board.legal_moves)
        pseudo = set(board.pseudo_legal_moves)
        for from_square in range(64):
            for to_square in range(64):
                for promotion in (None, 2, 3, 4, 5):
                    move = chess.Move(from_square, to_square, promotion)
                    if move == chess.Move.null():
                        continue  # pushed as a null move, tested on its own
                    if listed:
                        list(board.legal_moves)
                    expected = board.is_legal(move)
                    assert expected == (move in legal) or board.uci(move) != move.uci()
                    accepted = board.is_pseudo_legal(move)
                    assert accepted == (move in pseudo) or board.uci(move) != move.uci()
                    try:
                        board.push(move)
                    except chess.IllegalMoveError:
                        assert not accepted, move
                        continue
                    assert accepted, move
                    if not expected:
                        board.pop()
                        continue
                    after = board.fen()
                    board.pop()
                    board.push_san(board.san(move))
                    assert board.fen() == after
                    board.pop()


def test_boards_and_their_views_are_collected():
    import gc

    def alive():
        return sum(type(o).__name__ in ("LegalMoveGenerator", "Board") for o in gc.get_objects())

    gc.collect()
    before = alive()
    for _ in range(500):
        board = chess.Board()
        board.legal_moves.count()
        board.copy().legal_moves.count()
    del board
    gc.collect()
    assert alive() == before


def test_null_moves_as_python_chess_has_them():
    import chess as pychess

    ours, theirs = chess.Board(), pychess.Board()
    for board in (ours, theirs):
        board.push_san("e4")
        board.push(type(board.peek()).null())
    assert ours.fen() == theirs.fen()
    assert ours.peek() == chess.Move.null() and not ours.peek()
    assert ours.parse_uci("0000") == chess.Move.null()
    assert ours.san(chess.Move.null()) == "--"
    assert ours.parse_san("--") == chess.Move.null() == ours.parse_san("Z0")
    assert ours.pop() == chess.Move.null() and theirs.pop() == pychess.Move.null()
    ours.push_san("--")
    theirs.push_san("--")
    assert ours.fen() == theirs.fen()
    # In check too, as python-chess: the side that passed is then in check.
    checked, theirs = chess.Board("4k3/8/8/8/8/8/8/4K2R b - - 0 1"), pychess.Board("4k3/8/8/8/8/8/8/4K2R b - - 0 1")
    for board in (checked, theirs):
        board.push_uci("e8f8")
        board.push_uci("h1h8")  # check
        board.push(type(board.peek()).null())
    assert checked.fen() == theirs.fen()
    assert checked.status() == theirs.status() == chess.STATUS_OPPOSITE_CHECK
    assert chess.Move.null() not in checked.legal_moves


def test_pickle_and_copy_keep_boards_moves_and_pieces():
    import pickle

    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    for uci in ["e1h1", "a8b8", "0000", "h8h1"]:
        board.push_uci(uci)
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.chess960 and again.move_stack == board.move_stack
    assert again.fen() == board.fen()
    move, piece = chess.Move.from_uci("e7e8q"), chess.Piece.from_symbol("n")
    assert pickle.loads(pickle.dumps(move)) == move and pickle.loads(pickle.dumps(piece)) == piece
    assert copy.copy(move) is move and copy.deepcopy(piece) is piece
    assert copy.deepcopy([move, board])[1] == board


def test_colours_are_read_as_truth_values_and_turn_can_be_set():
    import chess as pychess

    board = chess.Board()
    assert chess.Piece(chess.PAWN, 1) == chess.Piece(chess.PAWN, True)
    assert board.king(0) == chess.E8 and board.king(1) == chess.E1
    assert board.is_attacked_by(1, chess.F3) and not board.has_insufficient_material(0)
    theirs = pychess.Board()
    for b in (board, theirs):
        b.push_san("e4")
        b.turn = not b.turn
    assert board.turn == theirs.turn == chess.WHITE
    assert board.fen() == theirs.fen()
    checked = chess.Board("4k3/8/8/8/8/8/8/4K2R b - - 0 1")
    checked.push_uci("e8f8")
    checked.push_uci("h1h8")  # black in check: white to move is a board status() refuses
    checked.turn = chess.WHITE
    assert checked.turn == chess.WHITE
    assert checked.status() == chess.STATUS_OPPOSITE_CHECK and not checked.is_valid()


def test_king_steps_from_e1_castle_on_a_chess960_board_too():
    import chess as pychess

    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    ours, theirs = chess.Board(fen, chess960=True), pychess.Board(fen, chess960=True)
    assert ours.parse_uci("e1g1").uci() == theirs.parse_uci("e1g1").uci() == "e1h1"
    ours.push_uci("e1c1")
    theirs.push_uci("e1c1")
    assert ours.fen() == theirs.fen()


def test_move_number_zero_reads_as_one():
    assert chess.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 0").fen().endswith(" 0 1")


def test_perft_with_more_threads_than_subtrees():
    board = chess.Board("k7/8/8/8/8/8/8/K7 w - - 0 1")
    assert board.perft(4, threads=64) == chess.Board("k7/8/8/8/8/8/8/K7 w - - 0 1").perft(4)
    mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mated.perft(4, threads=4) == 0
    assert list(chess.perft_many([], 3)) == []


def test_boards_can_be_subclassed_as_python_chess_boards_are():
    class Logged(chess.Board):
        """A subclass that counts the moves it generates, as a variant might."""

        generated = 0

        def generate_legal_moves(self, from_mask=chess.BB_ALL, to_mask=chess.BB_ALL):
            Logged.generated += 1
            return super().generate_legal_moves(from_mask, to_mask)

    board = Logged()
    assert isinstance(board, chess.Board) and isinstance(board, chess.BaseBoard)
    assert board.legal_moves.count() == 20 and Logged.generated == 1
    board.push_san("e4")
    for made in (board.copy(), board.mirror(), board.root(), Logged.empty(), Logged.from_chess960_pos(518)):
        assert type(made) is Logged, made
    assert board.copy().move_stack == board.move_stack
    assert repr(board).startswith("Logged('")

    class Pieces(chess.BaseBoard):
        pass

    assert type(Pieces().copy()) is Pieces and Pieces() == chess.BaseBoard()
    assert Pieces.empty().occupied == 0

    # A subclass with an __init__ of its own calls the board's, as python-chess's
    # variants do.
    class Named(chess.Board):
        def __init__(self, name, fen=chess.STARTING_FEN, *, chess960=False):
            self.name = name
            super().__init__(fen, chess960=chess960)

    named = Named("kiwipete", KIWIPETE, chess960=True)
    assert named.name == "kiwipete" and named.chess960
    assert named.fen() == KIWIPETE and named.legal_moves.count() == 48
    assert Named("empty", None).occupied == 0
