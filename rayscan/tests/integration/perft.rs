//! Perft against every public suite in `tests/data/` (copied from `../shared/perft/`).
//!
//! The default run checks every depth whose expected count is at most 10^6 with each
//! bitboard generator (piece-wise, direction-wise, hybrid, staged) and its default
//! technique (piece-wise: with both last plies), every depth up to 2·10^5 on each
//! mailbox board, the start position and Kiwipete deeper, and every generator with every
//! technique it accepts (piece-wise: and both last plies) under a smaller budget. The
//! full run (every generator to 10^8 nodes, every pair to 10^6) is behind `#[ignore]`:
//!
//! ```text
//! cargo test -p rayscan --release --test perft -- --ignored
//! ```

use std::path::Path;

use rayscan::movegen::Generator;
use rayscan::perft::suite::{SuiteEntry, parse};
use rayscan::perft::{LastPly, Method, Perft};
use rayscan::position::Position;
use rayscan::sliders::Technique;

use crate::common::SUITES;

fn load(name: &str) -> Vec<SuiteEntry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks every depth within `budget`; returns (depth checks done, failures).
fn run(
    entries: &[SuiteEntry],
    generator: Generator,
    method: Method,
    budget: u64,
) -> (usize, Vec<String>) {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(4);
    let chunk = entries.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut checked = 0;
                    let mut failures = Vec::new();
                    for e in part {
                        let pos = match Position::from_fen(&e.fen) {
                            Ok((p, _)) => p,
                            Err(err) => {
                                failures.push(format!("line {}: {err}", e.line));
                                continue;
                            }
                        };
                        for (depth, expected) in e.depths_within(budget) {
                            checked += 1;
                            let perft = Perft::new(depth).generator(generator).method(method);
                            let got = perft.count(&pos).unwrap_or_else(|e| panic!("{e}"));
                            if got != expected {
                                failures.push(format!(
                                    "{generator}/{}/{} {} D{depth}: expected {expected}, got {got}",
                                    method.technique, method.last_ply, e.fen
                                ));
                            }
                        }
                    }
                    (checked, failures)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("suite thread"))
            .fold((0, Vec::new()), |(c, mut f), (c2, f2)| {
                f.extend(f2);
                (c + c2, f)
            })
    })
}

fn check_all(generator: Generator, method: Method, budget: u64) {
    for name in SUITES {
        let entries = load(name);
        assert!(!entries.is_empty(), "{name} is empty");
        let (checked, failures) = run(&entries, generator, method, budget);
        assert!(
            failures.is_empty(),
            "{name}: {} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
        assert!(
            checked >= entries.len(),
            "{name}: only {checked} depths checked"
        );
    }
}

/// The generator with its default technique; the piece-wise one with both last plies.
fn check_generator(generator: Generator, budget: u64) {
    for method in methods(generator, generator.default_technique()) {
        check_all(generator, method, budget);
    }
}

/// The ways `generator` runs with `technique`: the piece-wise generator with each last
/// ply, the others with theirs.
fn methods(generator: Generator, technique: Technique) -> Vec<Method> {
    let last_plies = if generator == Generator::PieceWise {
        &LastPly::ALL[..]
    } else {
        &[LastPly::Each][..]
    };
    last_plies
        .iter()
        .map(|&last_ply| Method {
            technique,
            last_ply,
        })
        .collect()
}

#[test]
fn piecewise_passes_every_suite_within_a_million_nodes() {
    check_generator(Generator::PieceWise, 1_000_000);
}

#[test]
fn directionwise_passes_every_suite_within_a_million_nodes() {
    check_generator(Generator::DirectionWise, 1_000_000);
}

#[test]
fn hybrid_passes_every_suite_within_a_million_nodes() {
    check_generator(Generator::Hybrid, 1_000_000);
}

#[test]
fn staged_passes_every_suite_within_a_million_nodes() {
    check_generator(Generator::Staged, 1_000_000);
}

#[test]
fn mailbox_generators_pass_every_suite_within_a_budget() {
    for generator in [
        Generator::Mailbox0x88,
        Generator::Mailbox16x12,
        Generator::Mailbox15x12,
    ] {
        check_generator(generator, 200_000);
    }
}

#[test]
fn start_position_and_kiwipete_deeper() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
            119_060_324,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            5,
            193_690_690,
        ),
    ];
    for (fen, depth, expected) in cases {
        let pos = Position::from_fen(fen).unwrap().0;
        for generator in [
            Generator::PieceWise,
            Generator::DirectionWise,
            Generator::Hybrid,
        ] {
            for method in methods(generator, generator.default_technique()) {
                let got = Perft::new(depth)
                    .generator(generator)
                    .method(method)
                    .count(&pos);
                assert_eq!(got, Ok(expected), "{generator} {method:?} {fen}");
            }
        }
    }
}

/// Every pair a user can ask for on the command line (the piece-wise generator's with
/// each last ply).
fn pairs() -> impl Iterator<Item = (Generator, Technique)> {
    Generator::ALL.into_iter().flat_map(|g| {
        Technique::ALL
            .iter()
            .copied()
            .filter(move |&t| g.accepts(t))
            .map(move |t| (g, t))
    })
}

#[test]
fn every_generator_and_technique_passes_every_suite_within_a_budget() {
    for (generator, technique) in pairs() {
        // The naive walk is an order of magnitude slower; it gets a smaller budget.
        let budget = if technique == Technique::Reference {
            3_000
        } else {
            20_000
        };
        for method in methods(generator, technique) {
            check_all(generator, method, budget);
        }
    }
}

#[test]
fn unsupported_pairs_are_refused() {
    let p = Position::startpos();
    for g in Generator::ALL {
        for &t in Technique::ALL {
            let counted = Perft::new(1).generator(g).technique(t).count(&p);
            assert_eq!(counted.is_ok(), g.accepts(t), "{g}/{t}");
        }
    }
    assert!(pairs().count() > Technique::ALL.len() * 2);
}

#[test]
#[ignore = "full suites: minutes; run before resolving changes to move generation"]
fn full_suites_to_a_hundred_million_nodes() {
    for generator in Generator::ALL {
        check_generator(generator, 100_000_000);
    }
}

#[test]
#[ignore = "every generator with every technique to a million nodes: minutes"]
fn every_pair_to_a_million_nodes() {
    for (generator, technique) in pairs() {
        for method in methods(generator, technique) {
            check_all(generator, method, 1_000_000);
        }
    }
}

/// The hashed perft (one table shared by every position, so entries of other positions
/// are in the way), the same on two threads, and the statistics perft's node count.
fn check_hashed_and_statistics(budget: u64, seed: u64) {
    use rayscan::perft::hash::PerftTable;
    let table = PerftTable::with_seed(8, seed).unwrap();
    let method = Method::auto();
    let technique = method.technique;
    let mut checked = 0;
    for suite in SUITES {
        for e in load(suite) {
            let mut pos = Position::from_fen(&e.fen).unwrap().0;
            if suite.contains("960") {
                pos.set_chess960(true);
            }
            for (depth, expected) in e.depths_within(budget) {
                let at = format!("{suite}:{} depth {depth}", e.line);
                let hashed = Perft::new(depth).method(method).hash(&table);
                assert_eq!(hashed.count(&pos), Ok(expected), "hashed {at}");
                let threaded = hashed.threads(2).count(&pos);
                assert_eq!(threaded, Ok(expected), "hashed on threads {at}");
                let stats = Perft::new(depth).technique(technique).stats(&pos);
                assert_eq!(stats.map(|s| s.nodes), Ok(expected), "stats {at}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} depths checked");
}

#[test]
fn hashed_and_statistics_perft_pass_every_suite_within_a_million_nodes() {
    check_hashed_and_statistics(1_000_000, 1);
}

#[test]
#[ignore = "long: every suite to 10^8 nodes, hashed and with statistics"]
fn hashed_and_statistics_perft_pass_every_suite_to_1e8() {
    check_hashed_and_statistics(100_000_000, 2);
}
