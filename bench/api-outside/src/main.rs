//! Perft through each library's public API only, single thread, in alternating rounds:
//! the `versus --api` table, built as an engine author's crate would be. Prints the
//! median nodes per second of each engine on each position, and the two targets' ratios
//! to cozy-chess's fastest: rayscan's fastest style's and the list style's. `ROUNDS`
//! (default 5) is the first argument.

use std::time::Instant;

#[path = "../../src/api.rs"]
mod api;
#[path = "../../src/cozy.rs"]
mod cozy;

/// Name, FEN, depth, nodes (the suites' counts).
const POSITIONS: [(&str, &str, u32, u64); 4] = [
    (
        "start d6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "Kiwipete d5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "CPW4 d5",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "CPW5 d5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

const ENGINES: [&str; 8] = [
    "rayscan legal_moves + play",
    "rayscan generate_moves + play",
    "rayscan generate_moves + play_each",
    "rayscan generate_moves + play_each, leaves by legal_moves().len()",
    "cozy-chess generate_moves + play_unchecked",
    "cozy-chess moves into an array",
    "shakmaty legal_moves + play_unchecked",
    "chess MoveGen + make_move_new",
];

fn run(engine: usize, fen: &str, depth: u32) -> u64 {
    match engine {
        0 => api::rayscan_list(&fen.parse().expect("FEN"), depth),
        1 => api::rayscan_callback(&fen.parse().expect("FEN"), depth),
        2 => api::rayscan_play_each(&fen.parse().expect("FEN"), depth),
        3 => api::rayscan_play_each_count(&fen.parse().expect("FEN"), depth),
        4 => api::cozy_callback(&fen.parse().expect("FEN"), depth),
        5 => api::cozy_list(&fen.parse().expect("FEN"), depth),
        6 => api::shakmaty_list(&shakmaty_position(fen), depth),
        _ => api::chess_list(&fen.parse().expect("FEN"), depth),
    }
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(5, |r| r.parse().expect("ROUNDS, a number"));
    // rates[engine][position]: M nodes/s of each round.
    let mut rates = vec![vec![Vec::new(); POSITIONS.len()]; ENGINES.len()];
    for round in 0..rounds {
        eprintln!("round {}/{rounds}", round + 1);
        for (p, &(_, fen, depth, want)) in POSITIONS.iter().enumerate() {
            // Alternate the order from round to round.
            let order: Vec<usize> = if round % 2 == 0 {
                (0..ENGINES.len()).collect()
            } else {
                (0..ENGINES.len()).rev().collect()
            };
            for e in order {
                let start = Instant::now();
                let nodes = run(e, fen, depth);
                let secs = start.elapsed().as_secs_f64();
                assert_eq!(nodes, want, "{} on {fen}", ENGINES[e]);
                rates[e][p].push(nodes as f64 / secs / 1e6);
            }
        }
    }
    let medians: Vec<Vec<f64>> = rates
        .into_iter()
        .map(|r| r.into_iter().map(median).collect())
        .collect();
    print!("| M nodes/s, median of {rounds} |");
    for (name, ..) in POSITIONS {
        print!(" {name} |");
    }
    println!();
    println!("|---|{}", "--:|".repeat(POSITIONS.len()));
    for (e, name) in ENGINES.iter().enumerate() {
        print!("| {name} |");
        for m in &medians[e] {
            print!(" {m:.0} |");
        }
        println!();
    }
    // The targets: rayscan's fastest style ≥ 2× cozy-chess's fastest, and the list
    // style ≥ 1.5×.
    let cozy = |p: usize| medians[4][p].max(medians[5][p]);
    let rayscan = |p: usize| (0..4).map(|e| medians[e][p]).fold(0.0, f64::max);
    print!("| **rayscan fastest / cozy-chess fastest** (target 2×) |");
    for p in 0..POSITIONS.len() {
        print!(" **{:.2}×** |", rayscan(p) / cozy(p));
    }
    println!();
    print!("| **{} / cozy-chess fastest** (target 1.5×) |", ENGINES[0]);
    for p in 0..POSITIONS.len() {
        print!(" **{:.2}×** |", medians[0][p] / cozy(p));
    }
    println!();
}
