//! Static exchange evaluation calls per second: the bitboard swap algorithm (with the
//! fastest technique and with classical) and the vector-attack SEE on each mailbox
//! board, over the same fixed list of captures; then a Markdown table.
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench see
//! ```
//!
//! The captures come from random games (a fixed seed) from three opening positions:
//! every capture of every tenth position, so the list mixes cheap and long exchanges.

use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput, black_box};
use rayscan::chess_move::Move;
use rayscan::mailbox::{Board15x12, Board16x12, Layout, Mailbox, X88};
use rayscan::position::Position;
use rayscan::sliders::Classical;
use rayscan_bench::{OPENINGS, measuring, median_ns, random_games};

const GROUP: &str = "see";

fn captures() -> Vec<(Position, Move)> {
    let mut list = Vec::new();
    random_games(
        &OPENINGS,
        300,
        60,
        0x9e37_79b9_7f4a_7c15,
        |ply, pos, moves| {
            if ply % 10 == 0 {
                let their = pos.color(!pos.side_to_move());
                list.extend(
                    moves
                        .iter()
                        .filter(|m| their.contains(m.to()))
                        .map(|m| (*pos, m)),
                );
            }
        },
    );
    list
}

fn mailbox_sweep<L: Layout>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    captures: &[(Position, Move)],
) {
    let boards: Vec<(Mailbox<L>, Move)> = captures
        .iter()
        .map(|(p, m)| (Mailbox::<L>::new(p), *m))
        .collect();
    c.bench_function(name, |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|(board, m)| black_box(board).see(*m))
                .sum::<i32>()
        })
    });
}

const ROWS: [&str; 5] = [
    "bitboards-pext",
    "bitboards-classical",
    "mailbox-0x88",
    "mailbox-16x12",
    "mailbox-15x12",
];

fn main() {
    let since = SystemTime::now() - Duration::from_secs(2);
    let captures = captures();
    assert!(captures.len() > 1000, "{} captures", captures.len());
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    let mut group = criterion.benchmark_group(GROUP);
    group.throughput(Throughput::Elements(captures.len() as u64));
    group.bench_function(ROWS[0], |b| {
        b.iter(|| {
            captures
                .iter()
                .map(|(p, m)| black_box(p).see(*m))
                .sum::<i32>()
        })
    });
    group.bench_function(ROWS[1], |b| {
        b.iter(|| {
            captures
                .iter()
                .map(|(p, m)| black_box(p).see_with::<Classical>(*m))
                .sum::<i32>()
        })
    });
    mailbox_sweep::<X88>(&mut group, ROWS[2], &captures);
    mailbox_sweep::<Board16x12>(&mut group, ROWS[3], &captures);
    mailbox_sweep::<Board15x12>(&mut group, ROWS[4], &captures);
    group.finish();
    criterion.final_summary();

    if measuring() {
        println!("\n{} captures per sweep\n", captures.len());
        println!("| SEE on | M calls/s | ns per call |");
        println!("|---|--:|--:|");
        for row in ROWS {
            if let Some(ns) = median_ns(GROUP, row, since) {
                let per = ns / captures.len() as f64;
                println!("| {row} | {:.1} | {per:.0} |", 1e3 / per);
            }
        }
    }
}
