//! Every technique over the same fixed list of (square, occupancy) pairs, for rook,
//! bishop and queen lookups; then a Markdown table of nanoseconds per lookup.
//!
//! ```text
//! cargo bench -p rayscan-bench --bench attacks              # everything, then the table
//! cargo bench -p rayscan-bench --bench attacks -- --quick   # criterion's arguments pass through
//! cargo bench -p rayscan-bench --bench attacks -- rook/magic
//! ```
//!
//! A cell of the table is criterion's median time per iteration (one sweep over all the
//! pairs) divided by the number of pairs. It is read back from
//! `<criterion home>/<group>/<technique>/new/estimates.json`; a cell whose benchmark did
//! not run this time (filtered out, say) is shown as `-`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use criterion::{black_box, Criterion, Throughput};
use rayscan::sliders::{Slider, Technique, WithSlider};
use rayscan::{Bitboard, SliderPiece, Square};

/// How many (square, occupancy) pairs one iteration looks up.
const PAIRS: usize = 1024;
/// The seed of the pair generator: the list is the same on every run and every machine.
const SEED: u64 = 0x2545_f491_4f6c_dd1d;

/// One lookup's input.
type Pair = (Square, Bitboard);
/// One technique's loop over all the pairs for one piece, xor-folding the attack sets.
type Sweep = fn(&[Pair]) -> u64;

/// Marsaglia's xorshift64: small, deterministic, no dependency.
struct XorShift64(u64);

impl XorShift64 {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// The fixed list of pairs: squares uniform over the board, occupancies of about 19%
/// density (`a & b & (c | d)`: 12 pieces on average), the slider's own square included.
fn pairs() -> Vec<Pair> {
    let mut rng = XorShift64(SEED);
    (0..PAIRS)
        .map(|_| {
            let sq = Square::from_index_masked(rng.next() as u32);
            let occupied = rng.next() & rng.next() & (rng.next() | rng.next());
            (sq, Bitboard(occupied) | Bitboard::from_square(sq))
        })
        .collect()
}

// Each pair passes through `black_box` so that the lookups stay scalar, as in move
// generation. Without it LLVM vectorizes the sweep across pairs with AVX-512 gathers,
// which are slow on current Intel parts and measure the gathers, not the technique
// (classical rook lookups measured 16 ns that way, slower than the naive walk).
fn rook_sweep<S: Slider>(pairs: &[Pair]) -> u64 {
    pairs.iter().fold(0, |acc, pair| {
        let &(sq, occ) = black_box(pair);
        acc ^ S::rook_attacks(sq, occ).0
    })
}

fn bishop_sweep<S: Slider>(pairs: &[Pair]) -> u64 {
    pairs.iter().fold(0, |acc, pair| {
        let &(sq, occ) = black_box(pair);
        acc ^ S::bishop_attacks(sq, occ).0
    })
}

fn queen_sweep<S: Slider>(pairs: &[Pair]) -> u64 {
    pairs.iter().fold(0, |acc, pair| {
        let &(sq, occ) = black_box(pair);
        acc ^ S::queen_attacks(sq, occ).0
    })
}

/// Picks the sweep monomorphized for a technique: dispatched once per benchmark, so the
/// lookups inside the sweep are static calls.
struct SweepFor(SliderPiece);

impl WithSlider for SweepFor {
    type Output = Sweep;
    fn run<S: Slider>(self) -> Sweep {
        match self.0 {
            SliderPiece::Rook => rook_sweep::<S>,
            SliderPiece::Bishop => bishop_sweep::<S>,
            SliderPiece::Queen => queen_sweep::<S>,
        }
    }
}

fn group_name(piece: SliderPiece) -> String {
    format!("attacks/{}", piece.name())
}

fn bench_piece(c: &mut Criterion, piece: SliderPiece, pairs: &[Pair]) {
    let mut group = c.benchmark_group(group_name(piece));
    group.throughput(Throughput::Elements(pairs.len() as u64));
    for &t in Technique::ALL {
        let sweep = t.dispatch(SweepFor(piece));
        group.bench_function(t.name(), |b| b.iter(|| sweep(black_box(pairs))));
    }
    group.finish();
}

/// Whether criterion measures this run (`cargo bench`) rather than testing, listing or
/// profiling: only then are there fresh estimates to tabulate.
fn measuring() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| {
        args.iter()
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")))
    };
    has("--bench") && !has("--test") && !has("--list") && !has("--profile-time")
}

/// Where criterion writes its results: `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`,
/// else `criterion` in the `target` directory this executable was built in.
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .find(|dir| dir.file_name().is_some_and(|name| name == "target"))
                .map(Path::to_path_buf)
        })
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("criterion")
}

/// Criterion's directory name for a group or benchmark id.
fn dir_name(id: &str) -> String {
    id.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_")
}

/// The median of a benchmark in ns per pair, if criterion wrote its estimates after `since`.
fn ns_per_pair(home: &Path, piece: SliderPiece, t: Technique, since: SystemTime) -> Option<f64> {
    let file = home
        .join(dir_name(&group_name(piece)))
        .join(dir_name(t.name()))
        .join("new")
        .join("estimates.json");
    if fs::metadata(&file).and_then(|m| m.modified()).ok()? < since {
        return None; // left over from an earlier run
    }
    let estimates: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).ok()?).ok()?;
    let median_ns = estimates["median"]["point_estimate"].as_f64()?;
    Some(median_ns / PAIRS as f64)
}

fn print_table(since: SystemTime) {
    let home = criterion_home();
    let width = Technique::ALL
        .iter()
        .map(|t| t.name().len())
        .chain(["technique".len()])
        .max()
        .unwrap_or(0);
    let headers = SliderPiece::ALL.map(|p| format!("{} ns", p.name()));
    print!("\n| {:<width$} |", "technique");
    for h in &headers {
        print!(" {h:>9} |");
    }
    print!("\n|{}|", "-".repeat(width + 2));
    for _ in &headers {
        print!("{}:|", "-".repeat(10));
    }
    println!();
    for &t in Technique::ALL {
        print!("| {:<width$} |", t.name());
        for piece in SliderPiece::ALL {
            let cell = ns_per_pair(&home, piece, t, since)
                .map_or_else(|| "-".to_owned(), |ns| format!("{ns:.2}"));
            print!(" {cell:>9} |");
        }
        println!();
    }
}

fn main() {
    let pairs = pairs();
    assert_eq!(pairs.len(), PAIRS);
    // Allow for file systems that store modification times coarsely.
    let since = SystemTime::now() - Duration::from_secs(2);

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30)
        .configure_from_args();
    for piece in SliderPiece::ALL {
        bench_piece(&mut criterion, piece, &pairs);
    }
    criterion.final_summary();

    if measuring() {
        print_table(since);
    }
}
