#!/usr/bin/env bash
# Perft speed of the CLI built for this CPU (the workspace's target-cpu=native) against the
# CLI built for baseline x86-64 (what crates.io users and `cargo install` get), in
# alternating rounds. Prints a markdown table of medians in M nodes/s.
#
#   bench/native-vs-portable.sh [rounds]          (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
cargo build --quiet --release -p rayscan-cli
RUSTFLAGS="-C target-cpu=x86-64" cargo build --quiet --release -p rayscan-cli --target-dir target/portable
native=target/release/rayscan
portable=target/portable/release/rayscan

positions=(
    "startpos D6|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete D5|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "cpw4 D6|6|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    "cpw5 D5|5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
)
# label | binary | RAYSCAN_CPU | extra arguments
configs=(
    "native, default|$native||"
    "native, magic|$native||--technique magic"
    "portable, default|$portable||"
    "portable, pext|$portable||--technique pext"
    "portable, magic|$portable||--technique magic"
    "portable, RAYSCAN_CPU=baseline|$portable|baseline|"
)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

picks=""
for c in "${configs[@]}"; do
    IFS='|' read -r label bin cpu extra <<<"$c"
    if [ -z "$extra" ]; then
        t=$(env ${cpu:+RAYSCAN_CPU=$cpu} "$bin" techniques --json | tr '}' '\n' \
            | sed -n 's/.*"name":"\([^"]*\)".*"default":true.*/\1/p')
        picks+="$label picks $t. "
    fi
done

header="| build, technique |"
rule="|---|"
declare -A cell
for p in "${positions[@]}"; do
    IFS='|' read -r name depth fen <<<"$p"
    header+=" $name |"
    rule+="--:|"
    declare -A samples=()
    for _ in $(seq "$rounds"); do
        for c in "${configs[@]}"; do
            IFS='|' read -r label bin cpu extra <<<"$c"
            # shellcheck disable=SC2086
            nps=$(env ${cpu:+RAYSCAN_CPU=$cpu} "$bin" perft "$depth" --fen "$fen" $extra --json \
                | sed -n 's/.*"nps":\([0-9]*\).*/\1/p')
            samples[$label]+="$nps "
        done
    done
    for c in "${configs[@]}"; do
        label=${c%%|*}
        m=$(tr ' ' '\n' <<<"${samples[$label]}" | grep . | median)
        cell[$label|$name]=$((m / 1000000))
    done
done

echo "$header"
echo "$rule"
for c in "${configs[@]}"; do
    label=${c%%|*}
    row="| $label |"
    for p in "${positions[@]}"; do row+=" ${cell[$label|${p%%|*}]} |"; done
    echo "$row"
done
row="| **portable / native (default)** |"
for p in "${positions[@]}"; do
    name=${p%%|*}
    row+=" **$(awk -v a="${cell[portable, default|$name]}" -v b="${cell[native, default|$name]}" 'BEGIN {printf "%.2f", a / b}')×** |"
done
echo "$row"
echo
echo "$picks"
