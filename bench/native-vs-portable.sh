#!/usr/bin/env bash
# Perft speed of the CLI as users get it (`cargo install`, no RUSTFLAGS: the hot paths'
# x86-64-v3 and v4 copies chosen at run time) against the CLI built for this CPU
# (`RUSTFLAGS="-C target-cpu=native"`), in alternating rounds. Prints a markdown table
# of medians in M nodes/s and the ratio default / native per position (the target of
# the "one build for every x86-64" work: at least 0.95 everywhere).
#
#   bench/native-vs-portable.sh [ROUNDS] [--quick] [--pair] [--binary BIN] [--at-least RATIO]
#
# ROUNDS defaults to 5. The positions and depths are start d7, Kiwipete d6, CPW4 d6 and
# CPW5 d6 (--quick: one ply less each). --binary compares BIN (say, what `cargo install`
# installed) in place of the workspace's default build. --pair runs the two builds'
# defaults only (the ratio, in a third of the time). A technique named alone counts each
# child with it (its rows say so); the defaults pair the technique with the last ply.
#
# Below the medians' ratio the table gives the ratio of each build's fastest round.
# --at-least exits 1 if on some position both ratios fall below RATIO: on a shared Xeon,
# runs of 5 rounds of the same two binaries gave medians' ratios of 0.76-1.60x and best
# rounds' ratios of 0.79-1.12x (a quiet spell during one build's runs only skews either),
# while a copy that lost its CPU features runs at 0.03x on both.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5
less=0
pair=0
default=""
floor=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) less=1 ;;
        --pair) pair=1 ;;
        --binary) default="$2"; shift ;;
        --at-least) floor="$2"; shift ;;
        *) rounds="$1" ;;
    esac
    shift
done
if [ -z "$default" ]; then
    env -u RUSTFLAGS cargo build --quiet --release -p rayscan-cli
    default=target/release/rayscan
fi
RUSTFLAGS="-C target-cpu=native" cargo build --quiet --release -p rayscan-cli --target-dir target/native
native=target/native/release/rayscan

positions=(
    "startpos|7|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete|6|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "cpw4|6|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    "cpw5|6|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
)
# label | binary | RAYSCAN_CPU | extra arguments
configs=(
    "native, default|$native||"
    "default build, default|$default||"
    "default build, pext, each child|$default||--technique pext"
    "default build, magic, each child|$default||--technique magic"
    "default build, RAYSCAN_CPU=v3|$default|v3|"
    "default build, RAYSCAN_CPU=baseline|$default|baseline|"
)
if [ "$pair" = 1 ]; then configs=("${configs[@]:0:2}"); fi

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

picks=""
for c in "${configs[@]}"; do
    IFS='|' read -r label bin cpu extra <<<"$c"
    if [ -z "$extra" ]; then
        t=$(env ${cpu:+RAYSCAN_CPU=$cpu} "$bin" perft 1 --json \
            | sed -n 's/.*"technique":"\([^"]*\)","last_ply":"\([^"]*\)".*/\1, last ply \2/p')
        picks+="$label picks $t. "
    fi
done

header="| build, technique |"
rule="|---|"
declare -A cell best median_ratio
for p in "${positions[@]}"; do
    IFS='|' read -r name depth fen <<<"$p"
    depth=$((depth - less))
    p_label="$name D$depth"
    header+=" $p_label |"
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
        b=$(tr ' ' '\n' <<<"${samples[$label]}" | grep . | sort -n | tail -1)
        best[$label|$name]=$((b / 1000000))
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
row="| **default build / native** |"
low=0
for p in "${positions[@]}"; do
    name=${p%%|*}
    ratio=$(awk -v a="${cell[default build, default|$name]}" -v b="${cell[native, default|$name]}" 'BEGIN {printf "%.2f", a / b}')
    row+=" **${ratio}×** |"
    median_ratio[$name]=$ratio
done
echo "$row"
row="| best rounds: default build / native |"
for p in "${positions[@]}"; do
    name=${p%%|*}
    ratio=$(awk -v a="${best[default build, default|$name]}" -v b="${best[native, default|$name]}" 'BEGIN {printf "%.2f", a / b}')
    row+=" ${ratio}× |"
    if [ -n "$floor" ] && awk -v r="$ratio" -v m="${median_ratio[$name]}" -v f="$floor" 'BEGIN {exit !(r < f && m < f)}'; then
        low=1
    fi
done
echo "$row"
echo
cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
family="$(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"
model="$(grep -m1 '^model' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"
if grep -qE "avx512_?vpopcntdq" /proc/cpuinfo; then avx="AVX-512 VPOPCNTDQ"; else avx="no AVX-512 VPOPCNTDQ"; fi
echo "$cpu (family $family, model $model), $avx. $picks"
if [ "$low" = 1 ]; then
    echo "native-vs-portable: the default build is below ${floor}× the native build on some position, in both the medians and the best rounds" >&2
    exit 1
fi
