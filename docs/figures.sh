#!/usr/bin/env bash
# The figures the book quotes that go stale with every change: how many tests the test
# command runs and how long it takes, how long a new user waits for the README's run
# command, the library, the README's example, a crate that calls `Perft`, and the Python
# and npm packages' builds, and what `rayscan bench` prints. They are measured here, never typed by hand,
# and written to docs/src/figures.md, between `<!-- ANCHOR: NAME -->` and
# `<!-- ANCHOR_END: NAME -->`. A chapter that quotes one carries a copy of it, so that it
# reads the same on GitHub and in mdBook, between `<!-- figure:NAME -->` and
# `<!-- /figure -->` (on one line, or with the markers on lines of their own for a block
# such as the bench output); after writing figures.md the script rewrites every such copy
# in docs/src/*.md from it. cli/tests/integration/first_hour.rs checks that the copies
# match figures.md.
#
#   docs/figures.sh                  measure everything (about 15 minutes on two cores:
#                                    it builds from empty target directories) and write
#                                    docs/src/figures.md
#   docs/figures.sh --check LOG      compare the test counts of LOG, the output of the
#                                    test command, with docs/src/figures.md (.ci/run)
#   docs/figures.sh --tests LOG      write LOG's test counts into docs/src/figures.md,
#                                    keeping the rest: after adding or removing tests
#
# Both writing modes then copy figures.md's values into the chapters.
#
# Run it alone on the machine: the times are wall-clock times.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
figures="$repo/docs/src/figures.md"

# "passed ignored" summed over every `test result:` line of a test command's output.
counts() {
    awk '/^test result: / {
            for (i = 1; i <= NF; i++) {
                if ($(i + 1) ~ /^passed/) p += $i
                if ($(i + 1) ~ /^ignored/) g += $i
            }
         }
         END { print p + 0, g + 0 }' "$1"
}

# The counts figures.md states, as "passed ignored".
stated() {
    sed -n 's/^\([0-9]*\) tests pass and \([0-9]*\) long ones are ignored.*/\1 \2/p' "$figures"
}

# Replaces the text between `<!-- ANCHOR: name -->` and its end in figures.md.
put() {
    local name="$1" text="$2" tmp
    tmp="$(mktemp)"
    awk -v name="$name" -v text="$text" '
        $0 == "<!-- ANCHOR: " name " -->" { print; print text; skip = 1; next }
        $0 == "<!-- ANCHOR_END: " name " -->" { skip = 0 }
        !skip { print }' "$figures" > "$tmp"
    mv "$tmp" "$figures"
}

# Rewrites the text between `<!-- figure:NAME -->` and `<!-- /figure -->` in every
# docs/src/*.md with the value of figures.md's anchor NAME (trimmed), keeping the
# whitespace around the old text: a figure on one line stays on it, and a block keeps its
# markers on lines of their own. A name figures.md lacks, or a marker left open, is an
# error.
copy_to_chapters() {
    python3 - "$figures" "$repo/docs/src" <<'PY'
import pathlib
import re
import sys

figures = pathlib.Path(sys.argv[1]).read_text()
values = {
    m.group(1): m.group(2).strip()
    for m in re.finditer(
        r"^<!-- ANCHOR: (\S+) -->\n(.*?)^<!-- ANCHOR_END: \1 -->$", figures, re.S | re.M
    )
}
figure = re.compile(r"<!-- figure:(\S+) -->(.*?)<!-- /figure -->", re.S)
wrong = []


def copy(name, match):
    anchor, old = match.group(1), match.group(2)
    if "<!-- figure:" in old:
        wrong.append(f"{name}: the figure {anchor} has no <!-- /figure --> before the next one")
        return match.group(0)
    if anchor not in values:
        wrong.append(f"{name}: the figure {anchor} is not in docs/src/figures.md")
        return match.group(0)
    before = old[: len(old) - len(old.lstrip())]
    after = old[len(old.rstrip()) :] if old.strip() else ""
    return f"<!-- figure:{anchor} -->{before}{values[anchor]}{after}<!-- /figure -->"


for path in sorted(pathlib.Path(sys.argv[2]).glob("*.md")):
    text = path.read_text()
    new = figure.sub(lambda m: copy(path.name, m), text)
    if "<!-- figure:" in figure.sub("", new):
        wrong.append(f"{path.name}: a <!-- figure:NAME --> without its <!-- /figure -->")
    if new != text:
        path.write_text(new)
        print(f"figures: copied the figures into docs/src/{path.name}")
if wrong:
    sys.exit("figures: " + "\nfigures: ".join(wrong))
PY
}

tests_line() {
    read -r passed ignored < <(counts "$1")
    if [ "$passed" -eq 0 ]; then
        echo "figures: no test results in $1" >&2
        exit 1
    fi
    echo "$passed tests pass and $ignored long ones are ignored (\`#[ignore]\`: run them with \`-- --ignored\`)."
}

case "${1:-}" in
--check)
    log="${2:?usage: docs/figures.sh --check LOG}"
    got="$(counts "$log")"
    want="$(stated)"
    if [ "$got" != "$want" ]; then
        echo "figures: the test command ran $got (passed ignored) tests, docs/src/figures.md says $want:" \
            "run docs/figures.sh --tests LOG (or docs/figures.sh) and commit docs/src/figures.md" \
            "and the chapters it copies the counts into" >&2
        exit 1
    fi
    echo "figures: $got (passed ignored) tests, as docs/src/figures.md says"
    exit 0
    ;;
--tests)
    log="${2:?usage: docs/figures.sh --tests LOG}"
    put tests "$(tests_line "$log")"
    echo "figures: wrote the test counts of $log"
    copy_to_chapters
    exit 0
    ;;
"") ;;
*)
    echo "usage: docs/figures.sh [--check LOG | --tests LOG]" >&2
    exit 2
    ;;
esac

seconds() { date +%s.%N; }
# "3 min 21 s" or "4.2 s" for a number of seconds.
say() {
    awk -v s="$1" 'BEGIN {
        if (s >= 60) printf "%d min %d s", int(s / 60), int(s - 60 * int(s / 60) + 0.5)
        else if (s >= 10) printf "%d s", int(s + 0.5)
        else printf "%.1f s", s
    }'
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { print b - a }'; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$repo"

# Each first-hour figure builds from an empty target directory of its own, as a fresh
# clone would, with no RUSTFLAGS.
plain() { env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS "$@"; }

echo "== the README's run command from an empty target directory"
t0="$(seconds)"
plain CARGO_TARGET_DIR="$scratch/run" cargo run --quiet --release -- attacks bishop g2 --occupied 0xbdfd06000040ffdf >/dev/null
run_command="$(elapsed "$t0" "$(seconds)")"

echo "== the npm package: npm ci && npm run build, from empty target directories"
t0="$(seconds)"
(cd js && npm ci --no-audit --no-fund >/dev/null 2>&1 && plain CARGO_TARGET_DIR="$scratch/npm" npm run build >/dev/null 2>&1) || {
    echo "figures: npm ci && npm run build failed (run it in js/ to see why)" >&2
    exit 1
}
npm_build="$(elapsed "$t0" "$(seconds)")"

echo "== the Python package: pip install ./python into a fresh venv"
t0="$(seconds)"
python3 -m venv "$scratch/venv"
plain CARGO_TARGET_DIR="$scratch/pip" "$scratch/venv/bin/pip" install --quiet ./python || {
    echo "figures: pip install ./python failed" >&2
    exit 1
}
pip_install="$(elapsed "$t0" "$(seconds)")"

echo "== the test command from an empty target directory"
export CARGO_TARGET_DIR="$scratch/target"
t0="$(seconds)"
cargo test --workspace --release --no-run >/dev/null 2>&1
t1="$(seconds)"
cargo test --workspace --release >"$scratch/test.log" 2>&1 || {
    tail -40 "$scratch/test.log"
    echo "figures: the test command failed (.ci/install-tools installs what it runs)" >&2
    exit 1
}
t2="$(seconds)"
compile="$(elapsed "$t0" "$t1")"
run="$(elapsed "$t1" "$t2")"
total="$(elapsed "$t0" "$t2")"

# A fresh crate outside the workspace that depends on `$1` (a Cargo.toml dependency line),
# and the time to build that dependency alone in release from an empty target directory.
alone() {
    local dir="$scratch/alone-$2"
    mkdir -p "$dir/src"
    printf '[package]\nname = "alone"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' \
        "$1" > "$dir/Cargo.toml"
    echo 'fn main() {}' > "$dir/src/main.rs"
    (cd "$dir" && cargo generate-lockfile --quiet)
    local t0
    t0="$(seconds)"
    (cd "$dir" && env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS \
        CARGO_TARGET_DIR="$dir/target" cargo build --quiet --release -p "$2")
    elapsed "$t0" "$(seconds)"
}

echo "== the library alone, and cozy-chess alone, each in a fresh crate"
library="$(alone "rayscan = { path = \"$repo/rayscan\" }" rayscan)"
cozy="$(alone 'cozy-chess = "=0.3.4"' cozy-chess)"

echo "== the README's library example, in a fresh crate"
t0="$(seconds)"
READMEX_TARGET_DIR="$scratch/readme" "$repo/.ci/readme-example" >/dev/null
readme="$(elapsed "$t0" "$(seconds)")"

echo "== a fresh crate that calls perft::Perft"
mkdir -p "$scratch/with/src"
cat > "$scratch/with/Cargo.toml" <<TOML
[package]
name = "perft-with"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
rayscan = { path = "$repo/rayscan" }

[workspace]
TOML
cat > "$scratch/with/src/main.rs" <<'RUST'
use rayscan::perft::Perft;
use rayscan::Position;

fn main() {
    let nodes = Perft::new(6).count(&Position::startpos()).unwrap();
    println!("perft 6: {nodes}");
}
RUST
t0="$(seconds)"
(cd "$scratch/with" && plain CARGO_TARGET_DIR="$scratch/with/target" cargo build --quiet --release)
with="$(elapsed "$t0" "$(seconds)")"
[ "$("$scratch/with/target/release/perft-with")" = "perft 6: 119060324" ] || {
    echo "figures: the crate that calls Perft counted wrong" >&2
    exit 1
}

echo "== rayscan bench"
bench="$("$CARGO_TARGET_DIR/release/rayscan" bench)"

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
# Two CPUs may share a name: the family and model tell them apart.
family="$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -1)"
model="$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)"
[ -n "$family" ] && cpu="$cpu (family $family, model $model)"
cores="$(nproc)"
commit="$(git rev-parse --short HEAD)"
day="$(date +%Y-%m-%d)"

cat > "$figures" <<EOF
# Figures

The figures that change with every change, measured by \`docs/figures.sh\` (never typed by
hand). A chapter that quotes one carries a copy of it between two HTML comments that name
it, so that it reads the same on GitHub and in the book; \`docs/figures.sh\` rewrites those
copies from this page, and a test checks that they match it. \`.ci/run\` checks the test
counts against the test command's output; the times are wall-clock times of one run.

Measured on $day at commit $commit, on:

<!-- ANCHOR: machine -->
$cpu, $cores cores
<!-- ANCHOR_END: machine -->

## The first hour

A fresh clone, each build from an empty target directory, no \`RUSTFLAGS\`. The README's
run command (\`cargo run --release -- attacks bishop g2 --occupied 0xbdfd06000040ffdf\`),
which builds the command-line tool:

<!-- ANCHOR: run-command -->
$(say "$run_command")
<!-- ANCHOR_END: run-command -->

The npm package, \`cd js && npm ci && npm run build\` (the WebAssembly and its
wasm-bindgen step compiled; no tool installed):

<!-- ANCHOR: npm-build -->
$(say "$npm_build")
<!-- ANCHOR_END: npm-build -->

The Python package, \`pip install ./python\` into a fresh virtual environment:

<!-- ANCHOR: pip-install -->
$(say "$pip_install")
<!-- ANCHOR_END: pip-install -->

## The test command

\`cargo test --workspace --release\` from an empty target directory:

<!-- ANCHOR: test-time -->
$(say "$total") ($(say "$compile") of compiling, then $(say "$run") of tests)
<!-- ANCHOR_END: test-time -->

<!-- ANCHOR: tests -->
$(tests_line "$scratch/test.log")
<!-- ANCHOR_END: tests -->

## Build times

The library alone (\`cargo build --release -p rayscan\` in a fresh crate outside the
workspace, no \`RUSTFLAGS\`, empty target directory), and cozy-chess 0.3.4 alone the same
way, in the same run:

<!-- ANCHOR: library-build -->
$(say "$library") (cozy-chess: $(say "$cozy"), so $(awk -v a="$library" -v b="$cozy" 'BEGIN {printf "%.1f", a / b}')× cozy-chess's)
<!-- ANCHOR_END: library-build -->

The README's library example, built and run in a fresh crate with no \`RUSTFLAGS\`
(\`.ci/readme-example\`, rayscan compiled from scratch):

<!-- ANCHOR: readme-build -->
$(say "$readme")
<!-- ANCHOR_END: readme-build -->

A fresh crate whose \`main\` counts \`Perft::new(6).count(&Position::startpos())\`, built
in release (\`Perft\`'s counts compile every way of counting in the calling crate: the
default methods for themselves, one tree walk through a table for the others):

<!-- ANCHOR: perft-with-build -->
$(say "$with")
<!-- ANCHOR_END: perft-with-build -->

## rayscan bench

<!-- ANCHOR: bench -->
\`\`\`text
\$ rayscan bench
$bench
\`\`\`
<!-- ANCHOR_END: bench -->
EOF
echo "figures: wrote docs/src/figures.md"
copy_to_chapters
cat "$figures"
