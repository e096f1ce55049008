#!/usr/bin/env python3
"""Perft of rayscan's Python package against the peer Python chess packages, in one run.

    python bench/python-peers.py [ROUNDS]

Table 1: perft written in Python against each package's public API (list the legal
moves, play each, recurse, take it back), the leaves counted with the package's own
cheapest public count, in thousands of nodes per second. Table 2: perft in one call
(chessmg's perft, rayscan's Board.perft and the rayscan CLI, one thread each), in
millions of nodes per second. ROUNDS (default 5) alternating rounds, medians.

Environment: RAYSCAN_CLI, the CLI binary (default target/release/rayscan of this
repository); DEPTH6, the depth of table 2 (4, 5 or 6; default 6) for quick checks.
bench/python-peers.sh makes the virtualenv, builds rayscan and the CLI, and runs this.
"""

import importlib.metadata
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess
import chessmg
import cozy_chess
import rayscan
import rust_chess

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# (name, FEN, depth, leaf count) of table 1.
POSITIONS = [
    ("startpos", START, 4, 197281),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333),
    ("cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379),
]

# The start position's perft, for table 2 and its DEPTH6 override.
START_COUNTS = {4: 197281, 5: 4865609, 6: 119060324}


# --- Table 1: one perft function per package, each in the package's fastest public idiom.
# Every function takes depth >= 1 and counts the leaves at depth 1 without playing them.


def perft_push_pop(board, depth):
    """python-chess and rayscan (the same API): iterate legal_moves, push, recurse, pop."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_push_pop(board, depth - 1)
        board.pop()
    return nodes


def perft_chessmg(generator, depth):
    """chessmg's ChessMoveGenerator: moves() as (from, to, flags) rows, play(), then set_fen() back."""
    # ChessMoveGenerator has no undo: set_fen is its way back (ChessPosition.undo_move does
    # the same). moves() returns a NumPy array; its rows as Python ints are the cheapest
    # public way to feed play(), about twice as fast as the Move objects of legal_moves().
    if depth == 1:
        return len(generator.moves())
    fen = generator.fen()
    nodes = 0
    for from_square, to_square, flags in generator.moves().tolist():
        generator.play(from_square, to_square, flags)
        nodes += perft_chessmg(generator, depth - 1)
        generator.set_fen(fen)
    return nodes


def perft_cozy(board, depth):
    """cozy-chess-py: generate_moves(), a copy of the board per move, play_unchecked on it."""
    # Board.play has no undo, so copy-make; the leaves are counted as cozy-chess counts
    # them, by the lengths of the per-piece move sets (no Move objects made).
    if depth == 1:
        return sum(map(len, board.generate_piece_moves()))
    nodes = 0
    for move in board.generate_moves():
        child = board.__copy__()
        child.play_unchecked(move)
        nodes += perft_cozy(child, depth - 1)
    return nodes


def perft_rust_chess(board, depth):
    """rust-chess: generate_legal_moves(), make_move_new (a new board) without its legality check."""
    # The moves come from the legal generator, so check_legality=False is safe. The
    # generator is a per-board buffer; get_generator_num_remaining counts a fresh one.
    if depth == 1:
        return board.get_generator_num_remaining()
    nodes = 0
    for move in board.generate_legal_moves():
        nodes += perft_rust_chess(board.make_move_new(move, check_legality=False), depth - 1)
    return nodes


def rust_chess_board(fen):
    """A rust-chess board without repetition tracking, which perft has no use for."""
    return rust_chess.Board(fen, rust_chess.RepetitionDetectionMode.NONE)


# (label, distribution name, board from FEN, perft function, the loop in brief), in table order.
PACKAGES = [
    ("python-chess", "chess", chess.Board, perft_push_pop,
     "`for m in board.legal_moves: push(m); recurse; pop()`, leaves `legal_moves.count()`"),
    ("chessmg", "chessmg", chessmg.ChessMoveGenerator, perft_chessmg,
     "`for f, t, fl in gen.moves().tolist(): gen.play(f, t, fl); recurse; gen.set_fen(fen)`, "
     "leaves `len(gen.moves())`"),
    ("cozy-chess-py", "cozy-chess-py", cozy_chess.Board.from_fen, perft_cozy,
     "`for m in board.generate_moves(): c = board.__copy__(); c.play_unchecked(m); recurse(c)`, "
     "leaves `sum(map(len, board.generate_piece_moves()))`"),
    ("rust-chess", "rust-chess", rust_chess_board, perft_rust_chess,
     "`for m in board.generate_legal_moves(): recurse(board.make_move_new(m, check_legality=False))`, "
     "leaves `board.get_generator_num_remaining()`; boards made with `RepetitionDetectionMode.NONE`"),
    ("rayscan", "rayscan", rayscan.Board, perft_push_pop,
     "`for m in board.legal_moves: push(m); recurse; pop()`, leaves `legal_moves.count()`"),
]


def check(label, what, nodes, expected):
    """Stop the run, loudly, on a wrong count."""
    if nodes != expected:
        sys.exit(f"python-peers: {label} counts {nodes} at {what}, expected {expected}")


# A timing repeats the perft until it has run this long: a fast package's perft of
# Kiwipete D3 or CPW5 D3 takes under a millisecond, too short to time alone.
MIN_SECONDS = 0.05


def time_perft_in_python(package, position):
    """Seconds of one Python-written perft of `package` on `position` (the mean of as many
    runs as fill MIN_SECONDS), every count checked."""
    label, _, make_board, perft, _ = package
    name, fen, depth, expected = position
    runs, seconds = 0, 0.0
    while seconds < MIN_SECONDS:
        board = make_board(fen)  # built before the clock starts
        start = time.perf_counter()
        nodes = perft(board, depth)
        seconds += time.perf_counter() - start
        runs += 1
        check(label, f"{name} D{depth}", nodes, expected)
    return seconds / runs


def leaves_of(name):
    """The leaf count of the table-1 position called `name`."""
    return next(expected for n, _, _, expected in POSITIONS if n == name)


def warm_up():
    """One untimed depth-2 perft per package and position, so no round pays a first-use cost."""
    # rayscan, for one, makes its cache of Move objects (some ms) on the first iteration.
    for _, _, make_board, perft, _ in PACKAGES:
        for _, fen, _, _ in POSITIONS:
            perft(make_board(fen), 2)


def table_in_python(rounds):
    """Table 1: every package on every position each round; medians in K nodes/s."""
    warm_up()
    times = {(p[0], q[0]): [] for p in PACKAGES for q in POSITIONS}
    for round_ in range(rounds):
        print(f"table 1: round {round_ + 1}/{rounds}", file=sys.stderr)
        for position in POSITIONS:
            for package in PACKAGES:
                times[package[0], position[0]].append(time_perft_in_python(package, position))
    knps = {key: leaves_of(key[1]) / statistics.median(ts) / 1e3 for key, ts in times.items()}

    print(f"### perft written in Python against each package's public API "
          f"(K nodes/s, median of {rounds} round{'s' * (rounds > 1)})\n")
    print("| package | " + " | ".join(f"{n} D{d}" for n, _, d, _ in POSITIONS) + " |")
    print("|---|" + "--:|" * len(POSITIONS))
    for label, *_ in PACKAGES:
        print(f"| {label} | " + " | ".join(f"{knps[label, n]:.0f}" for n, *_ in POSITIONS) + " |")
    fastest = {n: max((p[0] for p in PACKAGES if p[0] != "rayscan"), key=lambda l: knps[l, n])
               for n, *_ in POSITIONS}
    print("| **rayscan / fastest peer** (target 2×) | "
          + " | ".join(f"**{knps['rayscan', n] / knps[fastest[n], n]:.2f}×**" for n, *_ in POSITIONS)
          + " |")
    print("\nFastest peer: " + ", ".join(f"{n} {fastest[n]}" for n, *_ in POSITIONS) + ".")
    print("Nodes are the leaves; each package's loop:\n")
    for label, _, _, _, loop in PACKAGES:
        print(f"- {label}: {loop}")
    print()


# --- Table 2: perft in one call, the start position.


def time_chessmg_perft(depth):
    """Seconds of chessmg's own perft (C++), the count checked."""
    generator = chessmg.ChessMoveGenerator(START)  # chessmg.perft(fen, d) makes one, then this
    start = time.perf_counter()
    nodes = generator.perft(depth)
    seconds = time.perf_counter() - start
    check("chessmg perft", f"startpos D{depth}", nodes, START_COUNTS[depth])
    return seconds


def time_rayscan_perft(depth):
    """Seconds of rayscan's Board.perft on one thread, the count checked."""
    board = rayscan.Board()
    start = time.perf_counter()
    nodes = board.perft(depth, threads=1)
    seconds = time.perf_counter() - start
    check("rayscan Board.perft", f"startpos D{depth}", nodes, START_COUNTS[depth])
    return seconds


def time_cli_perft(cli, depth):
    """Seconds of the rayscan CLI's single-threaded perft, as the CLI itself times it."""
    # `--json` prints {"nodes", "seconds", "nps"}: the count alone, without process start.
    result = subprocess.run(
        [cli, "perft", str(depth), "--fen", START, "--threads", "1", "--json"],
        capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"python-peers: {cli} failed ({result.returncode}): {result.stderr.strip()}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    check("rayscan CLI", f"startpos D{depth}", report["nodes"], START_COUNTS[depth])
    return report["seconds"]


def table_one_call(rounds, depth, cli):
    """Table 2: chessmg's perft, rayscan's Board.perft and the CLI, alternating; medians in M nodes/s."""
    rows = [
        ("chessmg `perft` (C++, one thread)", lambda: time_chessmg_perft(depth)),
        ("rayscan `Board.perft(threads=1)`", lambda: time_rayscan_perft(depth)),
        ("rayscan CLI `perft --threads 1` ¹", lambda: time_cli_perft(cli, depth)),
    ]
    times = {label: [] for label, _ in rows}
    for round_ in range(rounds):
        print(f"table 2: round {round_ + 1}/{rounds}", file=sys.stderr)
        for label, run in rows:
            times[label].append(run())
    mnps = {label: START_COUNTS[depth] / statistics.median(ts) / 1e6 for label, ts in times.items()}
    chessmg_, board, cli_ = (mnps[label] for label, _ in rows)

    print(f"### perft in one call, start position D{depth} ({START_COUNTS[depth]}) "
          f"(M nodes/s, median of {rounds} round{'s' * (rounds > 1)})\n")
    print(f"| engine | startpos D{depth} |")
    print("|---|--:|")
    for label, _ in rows:
        print(f"| {label} | {mnps[label]:.0f} |")
    print(f"| **rayscan Board.perft / chessmg perft** (target ≥ 4×) | **{board / chessmg_:.2f}×** |")
    print(f"| **rayscan Board.perft / CLI** (target ≥ 0.9×) | **{board / cli_:.2f}×** |")
    print(f"\n¹ {cli}; its own timing (`--json` \"seconds\": the count alone, "
          "without process start-up), not the subprocess's wall time.")


def main():
    """Parse ROUNDS, DEPTH6 and RAYSCAN_CLI, print the versions and both tables."""
    try:
        rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
        depth = int(os.environ.get("DEPTH6", "6"))
        if rounds < 1 or depth not in START_COUNTS:
            raise ValueError
    except ValueError:
        sys.exit("usage: python bench/python-peers.py [ROUNDS >= 1], DEPTH6 in 4, 5 or 6")
    default_cli = Path(__file__).resolve().parent.parent / "target" / "release" / "rayscan"
    cli = os.environ.get("RAYSCAN_CLI", str(default_cli))
    if not os.access(cli, os.X_OK):
        sys.exit(f"python-peers: no CLI at {cli} (cargo build --release -p rayscan-cli, or set RAYSCAN_CLI)")

    versions = ", ".join(f"{label} {importlib.metadata.version(dist)}" for label, dist, *_ in PACKAGES)
    print(f"{versions}; Python {platform.python_version()} ({platform.python_implementation()})\n")
    table_in_python(rounds)
    table_one_call(rounds, depth, cli)


if __name__ == "__main__":
    main()
