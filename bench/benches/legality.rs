//! Legality of a move from elsewhere (a hash move, a killer) without generating the
//! others: rayscan's `is_legal_fast`, its `is_legal_with` given the position's
//! `CheckInfo` (computed per position, as a search would once per node), its `is_legal`
//! (which makes the move: the tests' independent check) and cozy-chess's `is_legal`,
//! over the same candidates; then a Markdown table.
//!
//! ```text
//! cargo bench -p rayscan-bench --features measure --bench legality
//! ```
//!
//! The candidates come from random games (a fixed seed) from three opening positions:
//! at every fifth position, its own legal moves (what a hash move usually is) and the
//! legal moves of the position before (what a killer from a sibling looks like: often
//! illegal here). Both libraries must accept exactly the same candidates.

use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput, black_box};
use rayscan::{Move, Position};
use rayscan_bench::{OPENINGS, cozy_move, measuring, median_ns, random_games};

const GROUP: &str = "legality";

/// One position in both libraries, and the candidates in both encodings.
struct Case {
    ours: Position,
    theirs: cozy_chess::Board,
    moves: Vec<Move>,
    cozy_moves: Vec<cozy_chess::Move>,
}

fn cases() -> Vec<Case> {
    let mut list = Vec::new();
    let mut before: Vec<Move> = Vec::new();
    random_games(
        &OPENINGS,
        200,
        80,
        0x2545_f491_4f6c_dd1d,
        |ply, pos, moves| {
            if ply == 0 {
                before.clear();
            }
            if ply % 5 == 0 {
                let candidates: Vec<Move> = moves.iter().chain(before.iter().copied()).collect();
                let theirs = cozy_chess::Board::from_fen(
                    &pos.fen_with(rayscan::position::CastlingNotation::Shredder)
                        .to_string(),
                    true,
                )
                .expect("cozy-chess reads our FEN");
                list.push(Case {
                    ours: *pos,
                    theirs,
                    cozy_moves: candidates.iter().map(|&m| cozy_move(m)).collect(),
                    moves: candidates,
                });
            }
            before = moves.iter().collect();
        },
    );
    list
}

/// How many candidates `legal` accepts, over every case.
fn sweep(cases: &[Case], legal: impl Fn(&Position, Move) -> bool) -> usize {
    cases
        .iter()
        .map(|c| {
            let p = black_box(&c.ours);
            c.moves.iter().filter(|&&m| legal(p, m)).count()
        })
        .sum()
}

const ROWS: [&str; 4] = [
    "rayscan is_legal_fast",
    "rayscan is_legal_with + check_info",
    "rayscan is_legal (makes the move)",
    "cozy-chess is_legal",
];

fn main() {
    let since = SystemTime::now() - Duration::from_secs(2);
    let cases = cases();
    let candidates: usize = cases.iter().map(|c| c.moves.len()).sum();
    // The same answers from every route, or the timings compare different work.
    let mut legal = 0;
    for case in &cases {
        let info = case.ours.check_info();
        for (&m, &cm) in case.moves.iter().zip(&case.cozy_moves) {
            let expected = case.ours.is_legal(m);
            assert_eq!(
                case.ours.is_legal_fast(m),
                expected,
                "{m:?} in {}",
                case.ours
            );
            assert_eq!(case.ours.is_legal_with(m, &info), expected, "{m:?}");
            assert_eq!(
                case.theirs.is_legal(cm),
                expected,
                "cozy {m:?} in {}",
                case.ours
            );
            legal += usize::from(expected);
        }
    }
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
        .configure_from_args();
    let mut group = criterion.benchmark_group(GROUP);
    group.throughput(Throughput::Elements(candidates as u64));
    group.bench_function(ROWS[0], |b| {
        b.iter(|| sweep(&cases, |p, m| p.is_legal_fast(m)))
    });
    group.bench_function(ROWS[1], |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| {
                    let p = black_box(&c.ours);
                    let info = p.check_info();
                    c.moves
                        .iter()
                        .filter(|&&m| p.is_legal_with(m, &info))
                        .count()
                })
                .sum::<usize>()
        })
    });
    group.bench_function(ROWS[2], |b| b.iter(|| sweep(&cases, |p, m| p.is_legal(m))));
    group.bench_function(ROWS[3], |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| {
                    let board = black_box(&c.theirs);
                    c.cozy_moves.iter().filter(|&&m| board.is_legal(m)).count()
                })
                .sum::<usize>()
        })
    });
    group.finish();
    criterion.final_summary();

    if measuring() {
        println!(
            "\n{} positions, {candidates} candidates ({legal} legal) per sweep\n",
            cases.len()
        );
        println!("| legality check | M calls/s | ns per call |");
        println!("|---|--:|--:|");
        for row in ROWS {
            if let Some(ns) = median_ns(GROUP, row, since) {
                let per = ns / candidates as f64;
                println!("| {row} | {:.1} | {per:.1} |", 1e3 / per);
            }
        }
    }
}
