//! Every technique over the same fixed list of (square, occupancy) pairs, for rook,
//! bishop and queen lookups; then a Markdown table of nanoseconds per lookup.
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench attacks              # everything, then the table
//! cargo bench -p rayscan-bench --features measure --bench attacks -- --quick   # criterion's arguments pass through
//! cargo bench -p rayscan-bench --features measure --bench attacks -- rook/magic
//! ```
//!
//! A cell of the table is criterion's median time per iteration (one sweep over all the
//! pairs) divided by the number of pairs. It is read back from
//! `<criterion home>/<group>/<technique>/new/estimates.json`; a cell whose benchmark did
//! not run this time (filtered out, say) is shown as `-`.

use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput, black_box};
use rayscan::sliders::{Slider, Technique, WithSlider};
use rayscan::{Bitboard, SliderPiece, Square};
use rayscan_bench::{measuring, median_ns};

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
    // `pext` without BMI2 would time its software fallback: leave it out there.
    for t in Technique::available() {
        let sweep = t.dispatch(SweepFor(piece));
        group.bench_function(t.name(), |b| b.iter(|| sweep(black_box(pairs))));
    }
    group.finish();
}

/// The median of a benchmark in ns per pair, if criterion wrote it this run.
fn ns_per_pair(piece: SliderPiece, t: Technique, since: SystemTime) -> Option<f64> {
    median_ns(&group_name(piece), t.name(), since).map(|ns| ns / PAIRS as f64)
}

fn print_table(since: SystemTime) {
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
    for t in Technique::available() {
        print!("| {:<width$} |", t.name());
        for piece in SliderPiece::ALL {
            let cell = ns_per_pair(piece, t, since)
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
