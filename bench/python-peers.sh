#!/usr/bin/env bash
# rayscan's Python package against the peer Python chess packages, side by side in one
# process (bench/python-peers.py): perft written in Python against each package's public
# API (python-chess, chessmg, cozy-chess-py, rust-chess, rayscan; K nodes/s and the ratio
# rayscan / fastest peer, target 2x), then perft in one call from the start position
# (chessmg's perft, rayscan's Board.perft and the CLI, one thread each; M nodes/s);
# then common calls of python-chess's API, rayscan against python-chess
# (bench/python-calls.py). Alternating rounds, markdown tables of medians.
#
#   bench/python-peers.sh [ROUNDS]
#
# ROUNDS defaults to 5. The virtualenv is target/python-bench-venv, made once (by PYTHON,
# default python3) and reused; every run installs the pinned peers into it (a no-op once
# they are there), reinstalls rayscan the README's way (`pip install ./python`, built in
# target/python, no RUSTFLAGS) and builds the CLI as `cargo install` would (no RUSTFLAGS).
# DEPTH6=4 or 5 shortens the one-call table, for a quick check.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${1:-5}"
venv="$repo/target/python-bench-venv"
cd "$repo"
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet \
    chess==1.11.2 chessmg==0.6.0 cozy-chess-py==0.1.1 rust-chess==0.4.3 numpy
# --force-reinstall: the version number does not change with the sources; numpy, the
# extra rayscan's batch calls need, is installed just above.
env -u RUSTFLAGS CARGO_TARGET_DIR="$repo/target/python" \
    "$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python
env -u RUSTFLAGS -u CARGO_TARGET_DIR cargo build --quiet --release -p rayscan-cli
RAYSCAN_CLI="$repo/target/release/rayscan" "$venv/bin/python" bench/python-peers.py "$rounds"
"$venv/bin/python" bench/python-calls.py "$rounds"
