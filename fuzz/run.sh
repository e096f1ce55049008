#!/usr/bin/env bash
# Runs every fuzz target, after seeding the corpora from rayscan/tests/data/*.epd and a
# few hand-written edge cases. Stops at the first crash.
#
#   fuzz/run.sh [SECONDS_PER_TARGET]   each target for that many seconds (default 60)
#   fuzz/run.sh --runs N               each target for N executions: a campaign is 10^7
#
# The corpora live in fuzz/corpus/<target>/ and are committed, minimized: the seeds
# (seed-*) and what libFuzzer kept (named by hash), the fewest inputs that reach every
# edge the whole corpus reaches.
#
# To grow them: run a campaign (`fuzz/run.sh 3600`, or `--runs 10000000`). libFuzzer adds
# every input that reaches new coverage to fuzz/corpus/<target>/. Then minimize with
# MINIMIZE=1 (`cargo fuzz cmin` on edges without hit counters, as a set cover, and a merge
# back of anything it dropped), preferably on a CPU with AVX-512 so that the inputs only
# the AVX-512 copies of the hot path reach are kept, and commit fuzz/corpus/. A crash's
# input goes into the corpus too once it is fixed, named regression-<what it found>
# (`cp fuzz/artifacts/<target>/crash-… fuzz/corpus/<target>/regression-…`): minimizing
# keeps those whatever their coverage.
#
# Needs a nightly toolchain (`cargo +nightly`); installs cargo-fuzz when it is missing.
# Targets are built with optimizations, debug assertions and overflow checks, and
# AddressSanitizer unless SANITIZER=none (2-3 times the executions per second; the
# lookups' unchecked indexing is also behind debug assertions). Set CARGO_BUILD_JOBS=1
# on a busy machine. Environment: TARGETS="fen epd" to run only some targets.
set -euo pipefail

usage() {
    echo "usage: $0 [SECONDS_PER_TARGET] | --runs N" >&2
    exit 2
}
LIMIT=""
case "${1:-}" in
--runs)
    case "${2:-}" in '' | *[!0-9]*) usage ;; esac
    LIMIT="-runs=$2"
    ;;
'') LIMIT="-max_total_time=60" ;;
*[!0-9]*) usage ;;
*) LIMIT="-max_total_time=$1" ;;
esac
SANITIZER="${SANITIZER:-address}"

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$FUZZ_DIR")"
DATA="$ROOT/rayscan/tests/data"
CORPUS="$FUZZ_DIR/corpus"
cd "$FUZZ_DIR"

# target → libFuzzer -max_len (bytes): a FEN is under 100 bytes, a move a few, a UCI
# session or a suite needs room for several lines.
ALL_TARGETS="fen epd uci_move uci_loop legality jobs suite python_text"
TARGETS="${TARGETS:-$ALL_TARGETS}"
max_len() {
    case "$1" in
    fen) echo 256 ;;
    epd) echo 16384 ;;
    uci_move) echo 64 ;;
    uci_loop) echo 2048 ;;
    legality) echo 256 ;;
    jobs) echo 1024 ;;
    suite) echo 4096 ;;
    python_text) echo 512 ;;
    *)
        echo "unknown target $1" >&2
        exit 2
        ;;
    esac
}

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "error: the nightly toolchain is missing (rustup toolchain install nightly)" >&2
    exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz
fi

# --- Seed corpora --------------------------------------------------------------------
# A target's corpus is seeded only when it is empty (a new target, or a fresh clone
# without fuzz/corpus): the committed corpora are minimized, and seeds they dropped add
# no coverage. Seeds are named after where they come from (seed-*); libFuzzer names what
# it adds by hash.
mkdir -p "$CORPUS"/{fen,epd,uci_move,uci_loop,legality,jobs,suite}
EMPTY=""
for target in fen epd uci_move uci_loop legality jobs suite; do
    if [ -z "$(ls -A "$CORPUS/$target")" ]; then EMPTY="$EMPTY $target"; fi
done
echo "== seeding the empty corpora:${EMPTY:- none}"
wanted() { case " $EMPTY " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
seed() { # seed <target> <content, printf %b escapes allowed> <name>
    if wanted "$1"; then printf '%b' "$2" >"$CORPUS/$1/seed-$3"; fi
}
for file in "$DATA"/*.epd; do
    name="$(basename "$file" .epd)"
    n=0
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        fen="${line%%;*}"
        fen="$(printf '%s' "$fen" | sed 's/[[:space:]]*$//')"
        [ -n "$fen" ] || continue
        seed fen "$fen" "$name-$n"
        seed legality "$fen" "$name-$n"
        if [ $((n % 10)) -eq 1 ]; then seed python_text "$fen" "$name-$n"; fi
        # A few UCI sessions per file, from real positions.
        if [ $((n % 25)) -eq 1 ]; then
            seed uci_loop "position fen $fen\ngo perft 2\nd\n" "$name-$n"
        fi
    done <"$file"
    # Suites: runs of ten lines.
    for target in epd suite; do
        if wanted $target; then split -l 10 -d -a 3 "$file" "$CORPUS/$target/seed-$name-"; fi
    done
done
# Edge cases the data files do not have.
seed fen "4k3/8/8/8/8/8/8/4K3 w K - 0 1" castling-without-rook
seed fen "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1" c960-kqkq
seed fen "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1" c960-shredder
seed fen "8/8/8/KPp4r/8/8/8/7k w - c6 0 1" ep
seed fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" four-fields
seed epd "# comment\n\n8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9\n" comment
# python-chess's boards: no kings, promoted pieces, castling as written, EPD operations.
seed python_text "8/8/8/8/8/8/8/8 w - - 0 1" empty
seed python_text "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1" two-kings
seed python_text "4k3/8/8/8/8/8/8/Q~3K2R w KQkq - 0 1" promoted
seed python_text "1r2k3/8/1p6/8/8/5P2/8/1R2KR2 w KQkq - 0 1" bad-castling
seed python_text "r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 \"ERET.095; Queen sacrifice\";" epd
seed python_text "4k3/8/8/8/8/8/8/4K3 w - - a \"foo\\\"bar\";; ; b \"foo\\\\\\\\\";" epd-escapes
# uci_move: first byte picks the position (0 start, 1 Kiwipete, 2 and 3 Chess960,
# 4 white promotions + en passant, 5 black promotions).
i=0
for m in '\x00e2e4' '\x00Nf3' '\x00e4!?' '\x01e1g1' '\x01e1h1' '\x01O-O-O' '\x01Bxa6' \
    '\x01d5xe6' '\x02c1a1' '\x02O-O' '\x02O-O-O' '\x03g1h1' '\x04exd6' '\x04e5d6' \
    '\x04b7c8n' '\x04bxa8=Q+' '\x04b8Q' '\x05f2f1q' '\x05gxh1=N' '\x05g2f1r'; do
    i=$((i + 1))
    seed uci_move "$m" "$i"
done
seed uci_loop "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 Nf3\ngo perft 2\nd\nquit\n" session
seed uci_loop "setoption name Hash value 1\nsetoption name Threads value 2\nsetoption name Technique value kogge-stone\nposition fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1\ngo perft 3\n" options
seed uci_loop "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves f1g1\ngo perft 1\nposition startpos moves e9e4\ngo perft 0\n\xff\xfe\n" c960-errors
# legality, built from bytes (see fuzz_targets/legality.rs): KQkq with rooks in the
# corners and e-pawns, en passant on d6 with a white pawn on e5, Chess960 rights Bg.
seed legality "\x1e\x00\x84\x84\x00\x0a\x07\x0a\x00\x0b\x07\x0b\x0c\x00\x34\x05" built-castling
seed legality "\x20\x03\x04\x3c\x24\x00" built-ep
seed legality "\x4a\x31\x84\x84\x01\x0a\x06\x0b" built-c960
# jobs: whole lines (a job of `perft 3 --split 1`, its result), and field values put in
# that job by the first byte (see fuzz_targets/jobs.rs: 0 run, 1 root, 2 depth, 3 plies,
# 4 jobs, 5 id, 6 left, 7 index, 8 move, 9 paths).
job='{"run":"8f99faf2059ea19d","root":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":3,"plies":1,"jobs":20,"id":0,"fen":"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 0 1","left":2,"paths":[{"index":0,"move":"b1a3","paths":1}]}'
seed jobs "$job" job
seed jobs "${job/\"left\":2,/\"left\":2,\"nodes\":400,}" result-like
seed jobs '\x02"4"' depth-string
seed jobs '\x04 1000000000000' jobs-huge
seed jobs '\x05 25' id-beyond
seed jobs '\x08 "zz"' move-unknown
seed jobs '\x01 "8/8/8/8/8/8/8/K6k w - - 0 1"' root-other
seed suite "# comment\n\n8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9\n" comment

# --- Build, then run ------------------------------------------------------------------
echo "== building $TARGETS (sanitizer: $SANITIZER)"
for target in $TARGETS; do
    cargo +nightly fuzz build -s "$SANITIZER" "$target"
done

for target in $TARGETS; do
    len="$(max_len "$target")"
    echo "== fuzzing $target ($LIMIT, max_len $len, corpus $(find "$CORPUS/$target" -type f | wc -l) files)"
    log="$(mktemp)"
    start=$SECONDS
    if ! cargo +nightly fuzz run -s "$SANITIZER" "$target" -- \
        "$LIMIT" -rss_limit_mb=2048 -max_len="$len" -print_final_stats=1 2>&1 | tee "$log" |
        grep -E '^(#[0-9]+ +(DONE|pulse)|stat::|==[0-9]+==|thread )'; then
        :
    fi
    if grep -qE 'ERROR: libFuzzer|panicked at|SUMMARY: (Address|libFuzzer)' "$log"; then
        echo >&2
        echo "!! CRASH in fuzz target '$target'." >&2
        echo "!! The input is in $FUZZ_DIR/artifacts/$target/ (newest file)." >&2
        echo "!! Reproduce: cargo +nightly fuzz run $target <artifact>" >&2
        echo "!! Minimize:  cargo +nightly fuzz tmin $target <artifact>" >&2
        exit 1
    fi
    runs="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
    rm -f "$log"
    echo "== $target: no crash, $runs runs in $((SECONDS - start)) s; corpus now $(find "$CORPUS/$target" -type f | wc -l) files"
    if [ "${MINIMIZE:-0}" = 1 ]; then
        # The set cover keeps fewer files than a plain merge; edges reached only once per
        # process (tables built lazily, thread start-up) can fall out of it, so the whole
        # corpus is merged back in, which adds only the inputs that restore them.
        whole="$(mktemp -d)"
        cp -r "$CORPUS/$target/." "$whole/"
        cargo +nightly fuzz cmin -s "$SANITIZER" "$target" -- -max_len="$len" -use_counters=0 \
            -set_cover_merge=1 >/dev/null 2>&1
        cargo +nightly fuzz run -s "$SANITIZER" "$target" "$CORPUS/$target" "$whole" -- \
            -merge=1 -max_len="$len" -use_counters=0 >/dev/null 2>&1
        find "$whole" -name 'regression-*' -exec cp {} "$CORPUS/$target/" \;
        rm -rf "$whole"
        echo "== $target: minimized corpus $(find "$CORPUS/$target" -type f | wc -l) files"
    fi
done
echo "== all targets ran without a crash ($LIMIT)"
