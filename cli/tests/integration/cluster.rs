//! The book's cluster pipeline (docs/src/deep-perft.md), run for real through GNU
//! parallel: `--split` writes one job per distinct position, parallel runs `perft --job`
//! on each, `--merge` weights and adds the results. The merge must equal the direct `--divide` (with `--stats`) root move
//! by root move.
//!
//! It needs GNU `parallel` (`.ci/install-tools` installs Debian's): without it the test
//! fails, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{DEADLINE, output_within, rayscan, success_text};

/// Fails the test if GNU parallel is missing.
fn require_parallel() {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        crate::common::missing("GNU parallel", "parallel", "gnu_parallel");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rayscan-cluster-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The book's three commands, with this test's depth, plies and position.
fn pipeline(dir: &Path, fen: &str, depth: &str, plies: &str) -> (usize, String) {
    let bin = env!("CARGO_BIN_EXE_rayscan");
    let jobs = dir.join("jobs.jsonl");
    let results = dir.join("results.jsonl");
    // rayscan perft D --split P --stats > jobs.jsonl
    let split = success_text(&rayscan(&[
        "perft", depth, "--fen", fen, "--split", plies, "--stats",
    ]));
    std::fs::write(&jobs, &split).unwrap();
    // parallel --jobs 2 rayscan perft --job {} :::: jobs.jsonl > results.jsonl
    let ran = output_within(
        Command::new("parallel")
            .args(["--will-cite", "--halt", "now,fail=1", "--jobs", "2"])
            .args([bin, "perft", "--job", "{}", "::::"])
            .arg(&jobs),
        None,
        DEADLINE,
    );
    std::fs::write(&results, success_text(&ran)).unwrap();
    // rayscan perft --merge results.jsonl
    let merged = success_text(&rayscan(&["perft", "--merge", results.to_str().unwrap()]));
    (split.lines().count(), merged)
}

/// `--divide --stats` output without the timing lines.
fn direct(fen: &str, depth: &str) -> String {
    let out = success_text(&rayscan(&[
        "perft", depth, "--fen", fen, "--divide", "--stats",
    ]));
    out.lines()
        .filter(|l| !l.starts_with("Time:") && !l.starts_with("Nodes per second:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_readme_pipeline_through_gnu_parallel_equals_the_direct_divide() {
    require_parallel();
    let cases = [
        // 2812 move paths three plies down, 1864 distinct positions.
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "5", "3", 1864),
        // Chess960, Shredder-FEN castling.
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4",
            "2",
            528,
        ),
    ];
    for (i, (fen, depth, plies, jobs)) in cases.into_iter().enumerate() {
        let dir = scratch(&i.to_string());
        let (written, merged) = pipeline(&dir, fen, depth, plies);
        assert_eq!(written, jobs, "{fen}: jobs written");
        assert_eq!(merged, direct(fen, depth), "{fen}");
        assert!(merged.contains("\nChecks: "), "{merged}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn the_start_position_has_5362_distinct_positions_at_ply_3_and_72078_at_ply_4() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (plies, distinct, paths) in [("3", 5362, 8902), ("4", 72_078, 197_281)] {
        let jobs = success_text(&rayscan(&["perft", "6", "--fen", start, "--split", plies]));
        assert_eq!(jobs.lines().count(), distinct);
        // The paths of all jobs add up to the perft at that ply.
        let total: u64 = jobs
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["paths"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["paths"].as_u64().unwrap())
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(total, paths, "ply {plies}");
    }
}
