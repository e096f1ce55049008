//! Perft through each library's public API only, single thread, in alternating rounds:
//! the `versus --api` tables, built as an engine author's crate would be. Two tables:
//! with bulk counting (the last ply counted, not made) and without (every move made, as
//! a search makes them). Prints the median nodes per second of each engine on each
//! position, and the targets' ratios to cozy-chess's fastest: rayscan's fastest style's
//! and the list style's. `ROUNDS` (default 5) is the first argument.

use std::time::Instant;

#[path = "../../src/api.rs"]
mod api;
#[path = "../../src/cozy.rs"]
mod cozy;
#[path = "../../src/search.rs"]
mod search;
#[path = "../../src/search_replay.rs"]
mod search_replay;

/// Name, FEN, depth, nodes (the suites' counts).
type Case = (&'static str, &'static str, u32, u64);

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CPW4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const CPW5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

/// With bulk counting: start d6, Kiwipete d5, CPW4 d5, CPW5 d5.
const BULK_CASES: [Case; 4] = [
    ("start d6", START, 6, 119_060_324),
    ("Kiwipete d5", KIWIPETE, 5, 193_690_690),
    ("CPW4 d5", CPW4, 5, 15_833_292),
    ("CPW5 d5", CPW5, 5, 89_941_194),
];

/// Every move made: one ply less, so each round takes about as long.
const MADE_CASES: [Case; 4] = [
    ("start d5", START, 5, 4_865_609),
    ("Kiwipete d4", KIWIPETE, 4, 4_085_603),
    ("CPW4 d4", CPW4, 4, 422_333),
    ("CPW5 d4", CPW5, 4, 2_103_487),
];

/// An engine: its name, and perft from a FEN to a depth.
type Engine = (&'static str, fn(&str, u32) -> u64);

fn rayscan(fen: &str) -> rayscan::Position {
    fen.parse().expect("FEN")
}
fn cozy(fen: &str) -> cozy_chess::Board {
    fen.parse().expect("FEN")
}
fn chess(fen: &str) -> chess::Board {
    fen.parse().expect("FEN")
}
fn shakmaty(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position")
}

/// The first is rayscan's list style, then rayscan's other styles, then (from
/// `COZY_FIRST` on) cozy-chess's and the other peers'.
const BULK: [Engine; 8] = [
    ("rayscan for m in legal_moves() + play", |f, d| {
        api::rayscan_list(&rayscan(f), d)
    }),
    ("rayscan generate_moves + play", |f, d| {
        api::rayscan_callback(&rayscan(f), d)
    }),
    ("rayscan for_each_child", |f, d| {
        api::rayscan_children(&rayscan(f), d)
    }),
    (
        "rayscan for_each_child, leaves by legal_moves().len()",
        |f, d| api::rayscan_children_count(&rayscan(f), d),
    ),
    ("cozy-chess generate_moves + play_unchecked", |f, d| {
        api::cozy_callback(&cozy(f), d)
    }),
    ("cozy-chess moves into an array", |f, d| {
        api::cozy_list(&cozy(f), d)
    }),
    ("shakmaty legal_moves + play_unchecked", |f, d| {
        api::shakmaty_list(&shakmaty(f), d)
    }),
    ("chess MoveGen + make_move_new", |f, d| {
        api::chess_list(&chess(f), d)
    }),
];
const BULK_COZY_FIRST: usize = 4;

const MADE: [Engine; 7] = [
    ("rayscan for m in legal_moves() + play", |f, d| {
        api::made::rayscan_list(&rayscan(f), d)
    }),
    ("rayscan generate_moves + play", |f, d| {
        api::made::rayscan_callback(&rayscan(f), d)
    }),
    ("rayscan for_each_child", |f, d| {
        api::made::rayscan_children(&rayscan(f), d)
    }),
    ("cozy-chess generate_moves + play_unchecked", |f, d| {
        api::made::cozy_callback(&cozy(f), d)
    }),
    ("cozy-chess moves into an array", |f, d| {
        api::made::cozy_list(&cozy(f), d)
    }),
    ("shakmaty legal_moves + play_unchecked", |f, d| {
        api::made::shakmaty_list(&shakmaty(f), d)
    }),
    ("chess MoveGen + make_move_new", |f, d| {
        api::made::chess_list(&chess(f), d)
    }),
];
const MADE_COZY_FIRST: usize = 3;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// `rounds` alternating rounds of every engine on every case: the median M nodes/s,
/// `[engine][case]`. Every count is checked before its time is used.
fn measure(title: &str, engines: &[Engine], cases: &[Case], rounds: usize) -> Vec<Vec<f64>> {
    let mut rates = vec![vec![Vec::new(); cases.len()]; engines.len()];
    for round in 0..rounds {
        eprintln!("{title}: round {}/{rounds}", round + 1);
        for (c, &(_, fen, depth, want)) in cases.iter().enumerate() {
            // Alternate the order from round to round.
            let order: Vec<usize> = if round % 2 == 0 {
                (0..engines.len()).collect()
            } else {
                (0..engines.len()).rev().collect()
            };
            for e in order {
                let (name, run) = engines[e];
                let start = Instant::now();
                let nodes = run(fen, depth);
                let secs = start.elapsed().as_secs_f64();
                assert_eq!(nodes, want, "{name} on {fen}");
                rates[e][c].push(nodes as f64 / secs / 1e6);
            }
        }
    }
    rates
        .into_iter()
        .map(|r| r.into_iter().map(median).collect())
        .collect()
}

/// The table, then the two targets' rows: rayscan's fastest style ≥ 2× cozy-chess's
/// fastest, and the list style (the first engine) ≥ 1.5×.
fn print(title: &str, engines: &[Engine], cozy_first: usize, cases: &[Case], rounds: usize) {
    let medians = measure(title, engines, cases, rounds);
    println!("{title}\n");
    print!("| M nodes/s, median of {rounds} |");
    for (name, ..) in cases {
        print!(" {name} |");
    }
    println!();
    println!("|---|{}", "--:|".repeat(cases.len()));
    for (e, (name, _)) in engines.iter().enumerate() {
        print!("| {name} |");
        for m in &medians[e] {
            print!(" {m:.0} |");
        }
        println!();
    }
    let cozy = |c: usize| medians[cozy_first][c].max(medians[cozy_first + 1][c]);
    let rayscan = |c: usize| (0..cozy_first).map(|e| medians[e][c]).fold(0.0, f64::max);
    print!("| **rayscan fastest / cozy-chess fastest** (target 2×) |");
    for c in 0..cases.len() {
        print!(" **{:.2}×** |", rayscan(c) / cozy(c));
    }
    println!();
    print!(
        "| **{} / cozy-chess fastest** (target 1.5×) |",
        engines[0].0
    );
    for (c, first) in medians[0].iter().enumerate() {
        print!(" **{:.2}×** |", first / cozy(c));
    }
    println!("\n");
}

/// The alpha-beta search of `search.rs` on its eight positions to `depth`, both libraries
/// in alternating rounds: the median M nodes/s over all eight per library, and their ratio;
/// then both again with the staged ordering. Every position's node count and score are
/// checked equal between all four searches. Last, the plain search's engine code alone,
/// rayscan's answers replayed from a tape (`search_replay.rs`): cozy-chess over it is
/// about the most any library could reach against cozy-chess with this engine.
fn print_search(depth: u32, rounds: usize) {
    type Search = (&'static str, fn(&str, u32) -> search::Found);
    // Pairs: rayscan then cozy-chess, each pair ordering alike.
    let engines: [Search; 4] = [
        (
            "rayscan generate_moves(_to) + sort + play",
            search::rayscan_search::run,
        ),
        (
            "cozy-chess generate_moves + sort + play_unchecked",
            search::cozy_search::run,
        ),
        (
            "rayscan, staged: captures sorted, the rest when reached",
            search::rayscan_staged::run,
        ),
        (
            "cozy-chess, staged: captures sorted, the rest when reached",
            search::cozy_staged::run,
        ),
    ];
    // The replay, timed as a fifth search: its tape recorded once, before the rounds.
    let (tape, _) = search_replay::Tape::record(&search::POSITIONS, depth);
    let replay = engines.len();
    let mut rates = vec![Vec::new(); replay + 1];
    let mut total_nodes = 0;
    for round in 0..rounds {
        eprintln!("search: round {}/{rounds}", round + 1);
        let mut order: Vec<usize> = (0..=replay).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        let mut found = vec![Vec::new(); replay + 1];
        for &e in &order {
            let start = Instant::now();
            found[e] = if e == replay {
                tape.replay(depth)
            } else {
                search::POSITIONS
                    .iter()
                    .map(|fen| (engines[e].1)(fen, depth))
                    .collect()
            };
            let secs = start.elapsed().as_secs_f64();
            total_nodes = found[e]
                .iter()
                .map(|f: &search::Found| f.nodes)
                .sum::<u64>();
            rates[e].push(total_nodes as f64 / secs / 1e6);
        }
        for e in 1..=replay {
            assert_eq!(found[e], found[0], "every search walks the same tree");
        }
    }
    let medians: Vec<f64> = rates.into_iter().map(median).collect();
    println!(
        "Alpha-beta search with quiescence, depth {depth}, eight positions, {total_nodes} nodes\n"
    );
    println!("| M nodes/s, median of {rounds} | all eight |\n|---|--:|");
    for (e, (name, _)) in engines.iter().enumerate() {
        println!("| {name} | {:.2} |", medians[e]);
    }
    println!(
        "| **rayscan / cozy-chess** (target 2×) | **{:.2}×** |",
        medians[0] / medians[1]
    );
    println!(
        "| rayscan / cozy-chess, both staged | {:.2}× |",
        medians[2] / medians[3]
    );
    let (generations, moves, children) = tape.sizes();
    println!(
        "| the engine's code alone: rayscan's answers read from a tape ({generations} \
         generations of {moves} moves, {children} children, {} MB) | {:.2} |",
        tape.bytes() / 1_000_000,
        medians[replay]
    );
    println!(
        "| the engine alone / cozy-chess: about the most a library could reach | {:.2}× |\n",
        medians[replay] / medians[1]
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("ROUNDS, a number"));
    // Which tables: any of `bulk`, `made` and `search` (default all three).
    let only: Vec<String> = args.collect();
    let wants = |t: &str| only.is_empty() || only.iter().any(|o| o == t);
    if wants("bulk") {
        print(
            "With bulk counting (the last ply counted, not made)",
            &BULK,
            BULK_COZY_FIRST,
            &BULK_CASES,
            rounds,
        );
    }
    if wants("made") {
        print(
            "Every move made (no bulk counting)",
            &MADE,
            MADE_COZY_FIRST,
            &MADE_CASES,
            rounds,
        );
    }
    if wants("search") {
        print_search(5, rounds);
    }
}
