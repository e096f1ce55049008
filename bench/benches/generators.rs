//! Perft speed of every move generator, side by side: nodes per second with bulk
//! counting on the start position (depth 5) and Kiwipete (depth 4), single thread; then
//! a Markdown table of millions of nodes per second.
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench generators
//! cargo bench -p rayscan-bench --features measure --bench generators -- kiwipete/hybrid
//! ```
//!
//! Each generator runs with the technique it uses by default (the mailbox boards with
//! their vector attacks), and the direction-wise generator also with the other set-wise
//! fill (dumb7fill) and with a lookup technique answering slider by slider (classical),
//! so the table shows what the fill costs.

use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput, black_box};
use rayscan::movegen::Generator;
use rayscan::perft::Perft;
use rayscan::position::Position;
use rayscan::sliders::Technique;
use rayscan_bench::{measuring, median_ns};

/// (name, FEN, depth, expected nodes).
const POSITIONS: [(&str, &str, u32, u64); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

/// The rows: each generator with its default technique, then the variants.
fn rows() -> Vec<(Generator, Technique)> {
    let mut rows: Vec<_> = Generator::ALL
        .into_iter()
        .map(|g| (g, g.default_technique()))
        .collect();
    rows.insert(1, (Generator::PieceWise, Technique::Magic));
    rows.insert(3, (Generator::DirectionWise, Technique::Dumb7Fill));
    rows.insert(4, (Generator::DirectionWise, Technique::Classical));
    rows.dedup();
    rows
}

fn id(generator: Generator, technique: Technique) -> String {
    format!("{generator}-{technique}")
}

fn group_name(position: &str) -> String {
    format!("perft/{position}")
}

fn main() {
    let since = SystemTime::now() - Duration::from_secs(2);
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
        .configure_from_args();
    for (name, fen, depth, nodes) in POSITIONS {
        let pos = Position::from_fen(fen).expect("a valid FEN").0;
        let mut group = criterion.benchmark_group(group_name(name));
        group.throughput(Throughput::Elements(nodes));
        for (g, t) in rows() {
            // Wrong counts would make the speed meaningless: check before measuring.
            let perft = Perft::new(depth).generator(g).technique(t);
            assert_eq!(perft.count(&pos), Ok(nodes), "{g} with {t}");
            group.bench_function(id(g, t), |b| b.iter(|| perft.count(black_box(&pos))));
        }
        group.finish();
    }
    criterion.final_summary();

    if measuring() {
        println!("\n| generator | technique | startpos D5 Mnps | kiwipete D4 Mnps |");
        println!("|---|---|--:|--:|");
        for (g, t) in rows() {
            print!("| {g} | {t} |");
            for (name, _, _, nodes) in POSITIONS {
                let cell = median_ns(&group_name(name), &id(g, t), since).map_or_else(
                    || "-".to_owned(),
                    |ns| format!("{:.1}", nodes as f64 / ns * 1e3),
                );
                print!(" {cell} |");
            }
            println!();
        }
    }
}
