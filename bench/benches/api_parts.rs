//! Where the public API's time goes at perft's last interior ply, per child: the leaf
//! count (`legal_moves().len()`), `play`, the iteration that hands out the moves, and
//! the three together as `versus --api` runs them (`api::rayscan_list`, two plies),
//! beside the crate-private perft that does the same work with its own copy-make. Then a
//! Markdown table of nanoseconds per child. Where the whole takes less than its parts,
//! they overlap; where more, the call per child costs the difference.
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench api_parts
//! ```
//!
//! The positions are the children of 100 nodes three plies below each root (a few
//! thousand positions, which stay in the caches), so the parts are measured on the
//! positions the API perft of `versus --api` counts, not on one position over and over.

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use rayscan::{Color, Move, Piece, Position};
use rayscan_bench::api::rayscan_list;
use rayscan_bench::{children, measuring, median_ns};

/// (name, FEN): the API table's opening position and CPW4, where its ratio is lowest.
const ROOTS: [(&str, &str); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "cpw4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
];

/// The parts, in the table's order.
const PARTS: [&str; 5] = [
    "count",
    "play",
    "iterate",
    "list style, depth 2",
    "private perft, depth 2",
];

/// The fields of `pos` folded into one word, so that `play` computes all of them (its
/// bitboards, clocks and key, which covers the castling rights and en passant) and not
/// only what one accessor reads.
fn digest(pos: &Position) -> u64 {
    let sets = Piece::ALL
        .into_iter()
        .fold(pos.color(Color::White).0, |d, p| {
            d ^ pos.pieces(p).0.rotate_left(p as u32)
        });
    sets ^ pos.key()
        ^ u64::from(pos.halfmove_clock())
        ^ u64::from(pos.fullmove_number()) << 32
        ^ pos.ep_square().map_or(64, |s| s as u64)
}

fn main() {
    let since = SystemTime::now() - Duration::from_secs(2);
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .configure_from_args();
    let mut sizes = Vec::new();
    for (name, fen) in ROOTS {
        let root = Position::from_fen(fen).expect("a valid FEN").0;
        let mut parents = vec![root];
        for _ in 0..3 {
            parents = children(&parents);
        }
        parents.truncate(100);
        let leaves = children(&parents);
        let pairs: Vec<(Position, Move)> = parents
            .iter()
            .flat_map(|p| p.legal_moves().into_iter().map(move |m| (*p, m)))
            .collect();
        let n = leaves.len() as u64;
        sizes.push(n);
        // Every part counts what the private perft counts: check before measuring.
        let want: u64 = parents.iter().map(|p| p.perft(2)).sum();
        assert_eq!(
            parents.iter().map(|p| rayscan_list(p, 2)).sum::<u64>(),
            want
        );
        assert_eq!(
            leaves
                .iter()
                .map(|p| p.legal_moves().len() as u64)
                .sum::<u64>(),
            want
        );

        let mut group = criterion.benchmark_group(format!("api-parts/{name}"));
        group.throughput(Throughput::Elements(n));
        group.bench_function(PARTS[0], |b| {
            b.iter(|| {
                leaves
                    .iter()
                    .map(|p| black_box(p).legal_moves().len())
                    .sum::<usize>()
            })
        });
        group.bench_function(PARTS[1], |b| {
            b.iter(|| {
                pairs
                    .iter()
                    .fold(0, |d, (p, m)| d ^ digest(&black_box(p).play(*m)))
            })
        });
        group.bench_function(PARTS[2], |b| {
            b.iter(|| {
                parents
                    .iter()
                    .map(|p| {
                        let moves = black_box(p).legal_moves();
                        moves.iter().fold(0, |d, m| d ^ m.bits())
                    })
                    .fold(0, |d, x| d ^ x)
            })
        });
        group.bench_function(PARTS[3], |b| {
            b.iter(|| {
                parents
                    .iter()
                    .map(|p| rayscan_list(black_box(p), 2))
                    .sum::<u64>()
            })
        });
        group.bench_function(PARTS[4], |b| {
            b.iter(|| parents.iter().map(|p| black_box(p).perft(2)).sum::<u64>())
        });
        group.finish();
    }
    criterion.final_summary();

    if measuring() {
        println!("\n| ns per child | startpos | cpw4 |");
        println!("|---|--:|--:|");
        for part in PARTS {
            print!("| {part} |");
            for ((name, _), n) in ROOTS.iter().zip(&sizes) {
                let cell = median_ns(&format!("api-parts/{name}"), part, since)
                    .map_or_else(|| "-".to_owned(), |ns| format!("{:.1}", ns / *n as f64));
                print!(" {cell} |");
            }
            println!();
        }
    }
}
