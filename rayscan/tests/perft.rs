//! Perft against every public suite in `tests/data/` (copied from `../shared/perft/`).
//!
//! The default run checks every depth whose expected count is at most 10^6 with the
//! fastest technique, the start position and Kiwipete deeper, and every technique under
//! a smaller budget. The full run (every depth up to 10^8 nodes, every technique to 10^6)
//! is behind `#[ignore]`:
//!
//! ```text
//! cargo test -p rayscan --release --test perft -- --ignored
//! ```

use std::path::Path;

use rayscan::perft::perft_with;
use rayscan::position::Position;
use rayscan::sliders::Technique;
use rayscan::suite::{parse, SuiteEntry};

const SUITES: [&str; 5] = [
    "standard.epd",
    "fischer960.epd",
    "xfen960.epd",
    "random-std.epd",
    "random960.epd",
];

fn load(name: &str) -> Vec<SuiteEntry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks every depth within `budget`; returns (depth checks done, failures).
fn run(entries: &[SuiteEntry], technique: Technique, budget: u64) -> (usize, Vec<String>) {
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
                            let got = perft_with(technique, &pos, depth);
                            if got != expected {
                                failures.push(format!(
                                    "{technique} {} D{depth}: expected {expected}, got {got}",
                                    e.fen
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

fn check_all(technique: Technique, budget: u64) {
    for name in SUITES {
        let entries = load(name);
        assert!(!entries.is_empty(), "{name} is empty");
        let (checked, failures) = run(&entries, technique, budget);
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

#[test]
fn every_suite_within_a_million_nodes() {
    check_all(Technique::FASTEST, 1_000_000);
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
        assert_eq!(
            perft_with(Technique::FASTEST, &pos, depth),
            expected,
            "{fen}"
        );
    }
}

#[test]
fn every_technique_passes_every_suite_within_a_budget() {
    for &technique in Technique::ALL {
        // The naive walk is an order of magnitude slower; it gets a smaller budget.
        let budget = if technique == Technique::Reference {
            3_000
        } else {
            20_000
        };
        check_all(technique, budget);
    }
}

#[test]
#[ignore = "full suites: minutes; run before resolving changes to move generation"]
fn full_suites_to_a_hundred_million_nodes() {
    check_all(Technique::FASTEST, 100_000_000);
}

#[test]
#[ignore = "every technique to a million nodes: minutes"]
fn every_technique_to_a_million_nodes() {
    for &technique in Technique::ALL {
        check_all(technique, 1_000_000);
    }
}
