#!/usr/bin/env bash
# Perft through each library's public API (bench/api-outside), built the way an engine
# author's crate is: copied out of this repository (so that no .cargo/config.toml of
# rayscan's applies), every library with the same flags, the RUSTFLAGS of the caller
# (none by default). Usage: bench/api-outside.sh [ROUNDS] [-- cargo args, e.g. --features pext]
# Tables: bulk, made and search, all three unless TABLES names some (TABLES="made search").
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${1:-5}"
shift || true
[ "${1:-}" = "--" ] && shift
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/bench/api-outside" "$dir/bench/src"
cp -r "$repo/bench/api-outside/src" "$repo/bench/api-outside/Cargo.toml" "$repo/bench/api-outside/Cargo.lock" "$dir/bench/api-outside/"
cp "$repo/bench/src/api.rs" "$repo/bench/src/cozy.rs" "$repo/bench/src/search.rs" "$repo/bench/src/search_replay.rs" "$dir/bench/src/"
sed -i "s|path = \"../../rayscan\"|path = \"$repo/rayscan\"|" "$dir/bench/api-outside/Cargo.toml"
cd "$dir/bench/api-outside"
echo "RUSTFLAGS=${RUSTFLAGS:-} $*" >&2
CARGO_TARGET_DIR="${API_OUTSIDE_TARGET_DIR:-$dir/target}" cargo build --quiet --release "$@"
# shellcheck disable=SC2086 # TABLES is a list of words
"${API_OUTSIDE_TARGET_DIR:-$dir/target}/release/api-outside" "$rounds" ${TABLES:-}
