"""Common calls of python-chess's API, each timed in rayscan and in python-chess side by
side in one process: alternating rounds, the median time of a call in each, and the
ratio python-chess / rayscan (above 1: rayscan is faster). Run by python-peers.sh, or
alone in an environment with both packages:

    python bench/python-calls.py [ROUNDS]

Each call is made on the same boards in both packages: the middlegame of Kiwipete, a
legal move of it, squares with pieces on them.
"""

import statistics
import sys
import timeit

import chess
import rayscan

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def calls(lib):
    """(name, function) for each call, made on this package's objects."""
    board = lib.Board(KIWIPETE)
    move = lib.Move.from_uci("e2a6")  # Bxa6, a capture
    quiet = lib.Move.from_uci("e1g1")  # O-O
    check = lib.Move.from_uci("f3f7")  # Qxf7+
    played = lib.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        played.push_san(san)
    squares = lib.SquareSet(lib.BB_RANK_2 | lib.BB_FILE_E)
    other = lib.SquareSet(lib.BB_DARK_SQUARES)

    def push_pop():
        board.push(move)
        board.pop()

    def push_san_pop():
        board.push_san("Bxa6")
        board.pop()

    return [
        ("`Board()`", lambda: lib.Board()),
        ("`Board(fen)`", lambda: lib.Board(KIWIPETE)),
        ("`fen()`", board.fen),
        ("`board_fen()`", board.board_fen),
        ("`push(move)` + `pop()`", push_pop),
        ("`push_san(san)` + `pop()`", push_san_pop),
        ("`san(move)`", lambda: board.san(move)),
        ("`parse_san(san)`", lambda: board.parse_san("Bxa6")),
        ("`list(legal_moves)`", lambda: list(board.legal_moves)),
        ("`legal_moves.count()`", board.legal_moves.count),
        ("`is_legal(move)`", lambda: board.is_legal(quiet)),
        ("`gives_check(move)`", lambda: board.gives_check(check)),
        ("`is_check()`", board.is_check),
        ("`is_checkmate()`", board.is_checkmate),
        ("`is_game_over()`", played.is_game_over),
        ("`piece_at(square)`", lambda: board.piece_at(lib.E2)),
        ("`piece_map()`", board.piece_map),
        ("`attacks(square)`", lambda: board.attacks(lib.F3)),
        ("`attackers(color, square)`", lambda: board.attackers(lib.BLACK, lib.E5)),
        ("`pieces(type, color)`", lambda: board.pieces(lib.PAWN, lib.WHITE)),
        ("`SquareSet` `&` and `|`", lambda: (squares & other) | squares),
        ("`list(SquareSet)`", lambda: list(squares)),
        ("`copy()`", played.copy),
        ("`status()`", board.status),
    ]


def per_call(function, number):
    return timeit.timeit(function, number=number) / number


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    ours, theirs = calls(rayscan), calls(chess)
    times = {name: ([], []) for name, _ in ours}
    for _ in range(rounds):
        for (name, a), (_, b) in zip(ours, theirs):
            # About 20 ms of python-chess calls per round.
            number = max(100, int(0.02 / max(per_call(b, 50), 1e-8)))
            times[name][0].append(per_call(a, number))
            times[name][1].append(per_call(b, number))
    print(f"### common calls: rayscan {rayscan.__version__} and python-chess {chess.__version__} "
          f"(medians of {rounds} alternating rounds)")
    print()
    print("| call | python-chess (µs) | rayscan (µs) | python-chess / rayscan |")
    print("|---|--:|--:|--:|")
    ratios = []
    for name, (a, b) in times.items():
        ta, tb = statistics.median(a), statistics.median(b)
        ratios.append(tb / ta)
        print(f"| {name} | {tb * 1e6:.2f} | {ta * 1e6:.2f} | {tb / ta:.1f}× |")
    print(f"| **median of the ratios** | | | **{statistics.median(ratios):.1f}×** |")
    print()
    print(f"lowest ratio {min(ratios):.2f}×, median {statistics.median(ratios):.2f}×")


if __name__ == "__main__":
    main()
