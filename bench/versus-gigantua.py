#!/usr/bin/env python3
"""rayscan's perft against the C++ Gigantua, side by side in one run.

Single thread, bulk counting, no hash table: the start position at depth 7, Kiwipete and
the Chess Programming Wiki positions 4 and 5 at depth 6. The two programs alternate,
position by position, round after round, so that a noisy neighbour slows both alike;
each cell is the median over the rounds, and each ratio the median of the rounds'
ratios. Every count is checked before its time is used.

Gigantua is not part of this repository, and nothing here builds it: build it yourself
(the book's performance chapter says how) and pass its binary. Its own timing of the
deepest depth is used, as rayscan's is (`perft --json`), so neither pays for starting.

    bench/versus-gigantua.py --gigantua /path/to/gigantua [--rayscan target/release/rayscan]
        [--rounds 5] [--cpu v3] [--markdown FILE]

`--cpu v3` runs rayscan's x86-64-v3 copy (RAYSCAN_CPU=v3): what a CPU with AVX2 and no
AVX-512 runs; compare it with a Gigantua built for that level (-march=x86-64-v3).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

POSITIONS = [
    ("start d7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, 3195901860),
    ("Kiwipete d6", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6,
     8031647685),
    ("CPW4 d6", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706045033),
    ("CPW5 d6", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 6, 3048196529),
]


def rayscan(binary, cpu, fen, depth, expected):
    """M nodes/s of `rayscan perft`, and the method it names."""
    env = dict(os.environ)
    if cpu:
        env["RAYSCAN_CPU"] = cpu
    out = subprocess.run([binary, "perft", str(depth), "--fen", fen, "--json"], env=env,
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    if result["nodes"] != expected:
        sys.exit(f"rayscan counted {result['nodes']} nodes on {fen} at depth {depth}, not {expected}")
    return result["nps"] / 1e6, f"{result['technique']}, last ply {result['last_ply']}"


def gigantua(binary, fen, depth, expected):
    """M nodes/s of Gigantua's deepest depth, by its own timing."""
    out = subprocess.run([binary, fen, str(depth)], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, check=True).stdout
    lines = re.findall(r"Perft (\d+): (\d+) \d+ms ([\d.]+) MNodes/s", out)
    if not lines or int(lines[-1][0]) != depth:
        sys.exit(f"no depth {depth} line from Gigantua:\n{out}")
    if int(lines[-1][1]) != expected:
        sys.exit(f"Gigantua counted {lines[-1][1]} nodes on {fen} at depth {depth}, not {expected}")
    return float(lines[-1][2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gigantua", required=True, help="the Gigantua binary")
    parser.add_argument("--rayscan", default="target/release/rayscan", help="the rayscan binary")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpu", help="RAYSCAN_CPU for rayscan (v3: its AVX2 copy)")
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()
    if args.rounds < 1:
        sys.exit(f"--rounds: {args.rounds} is not a number of rounds")
    ours, theirs, method = {}, {}, None
    for r in range(args.rounds):
        for name, fen, depth, nodes in POSITIONS:
            nps, method = rayscan(args.rayscan, args.cpu, fen, depth, nodes)
            ours.setdefault(name, []).append(nps)
            theirs.setdefault(name, []).append(gigantua(args.gigantua, fen, depth, nodes))
        print(f"round {r + 1}/{args.rounds}", file=sys.stderr)
    names = [p[0] for p in POSITIONS]
    cpu = f", RAYSCAN_CPU={args.cpu}" if args.cpu else ""
    rows = [
        f"| median of {args.rounds}, M nodes/s | " + " | ".join(names) + " |",
        "|---|" + "--:|" * len(names),
        f"| rayscan ({method}{cpu}) | " + " | ".join(f"{statistics.median(ours[n]):.0f}" for n in names) + " |",
        "| Gigantua | " + " | ".join(f"{statistics.median(theirs[n]):.0f}" for n in names) + " |",
        "| **rayscan / Gigantua** | " + " | ".join(
            f"**{statistics.median(a / b for a, b in zip(ours[n], theirs[n])):.2f}×**" for n in names) + " |",
    ]
    table = "\n".join(rows) + "\n"
    print(table, end="")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table)


if __name__ == "__main__":
    main()
