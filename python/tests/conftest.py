"""Shared helpers: the perft suites of the repository (rayscan/tests/data)."""

import pathlib

DATA = pathlib.Path(__file__).resolve().parents[2] / "rayscan" / "tests" / "data"


def suite(name, max_nodes=2_000_000):
    """(fen, depth, nodes) of an EPD suite, each position's deepest count up to max_nodes."""
    cases = []
    for line in (DATA / name).read_text().splitlines():
        if not line.strip():
            continue
        fen, *counts = [field.strip() for field in line.split(";")]
        best = None
        for field in counts:
            depth, nodes = field.split()
            if int(nodes) <= max_nodes:
                best = (fen, int(depth[1:]), int(nodes))
        if best:
            cases.append(best)
    return cases
