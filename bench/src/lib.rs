//! What the criterion benchmarks share: finding criterion's results after a run, to print
//! them as the Markdown tables the README and the book (docs/) quote.

// The peers' side of the measurements (the `measure` feature).
#[cfg(feature = "measure")]
pub mod api;
#[cfg(feature = "measure")]
pub mod cozy;
#[cfg(feature = "measure")]
pub mod search;
#[cfg(feature = "measure")]
pub mod search_replay;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use rayscan::{LegalMoves, Position};

// The repository README's Rust examples run as doctests of this (unpublished) crate.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

// The book's chapters (docs/src, an mdBook) with Rust examples run as doctests too, one
// item per chapter, so an example that no longer compiles or passes fails `cargo test`.
#[cfg(doctest)]
#[doc = include_str!("../../docs/src/library.md")]
struct BookLibrary;

#[cfg(doctest)]
#[doc = include_str!("../../docs/src/techniques.md")]
struct BookTechniques;

#[cfg(doctest)]
#[doc = include_str!("../../docs/src/move-generators.md")]
struct BookMoveGenerators;

#[cfg(doctest)]
#[doc = include_str!("../../docs/src/deep-perft.md")]
struct BookDeepPerft;

/// Every position one ply below each of `positions`.
pub fn children(positions: &[Position]) -> Vec<Position> {
    positions
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(|m| p.play(m)))
        .collect()
}

/// cozy-chess's move for rayscan's `m`: both store castling as the king onto its own
/// rook, en passant by its squares, and index the promotion pieces alike.
#[cfg(feature = "measure")]
pub fn cozy_move(m: rayscan::Move) -> cozy_chess::Move {
    cozy_chess::Move {
        from: cozy_chess::Square::index(m.from() as usize),
        to: cozy_chess::Square::index(m.to() as usize),
        promotion: m.promotion().map(|q| cozy_chess::Piece::index(q as usize)),
    }
}

/// Whether criterion measures this run (`cargo bench`) rather than testing, listing or
/// profiling: only then are there fresh estimates to tabulate.
pub fn measuring() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| {
        args.iter()
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")))
    };
    has("--bench") && !has("--test") && !has("--list") && !has("--profile-time")
}

/// Where criterion writes its results: `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`,
/// else `criterion` in the `target` directory this executable was built in.
pub fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .find(|dir| dir.file_name().is_some_and(|name| name == "target"))
                .map(Path::to_path_buf)
        })
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("criterion")
}

/// Criterion's directory name for a group or benchmark id.
pub fn dir_name(id: &str) -> String {
    id.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_")
}

/// The median time of one iteration of benchmark `id` in `group`, in nanoseconds, if
/// criterion wrote its estimates after `since` (`None` for a benchmark that did not run
/// this time, filtered out say).
pub fn median_ns(group: &str, id: &str, since: SystemTime) -> Option<f64> {
    let file = criterion_home()
        .join(dir_name(group))
        .join(dir_name(id))
        .join("new")
        .join("estimates.json");
    if fs::metadata(&file).and_then(|m| m.modified()).ok()? < since {
        return None; // left over from an earlier run
    }
    let estimates: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).ok()?).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

/// The start position, Kiwipete and a quiet middlegame: where the SEE and legality
/// benchmarks' random games begin.
pub const OPENINGS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Plays `games` random games of at most `plies` plies, cycling through the FENs in
/// `starts`, with a fixed xorshift `seed` so every run sees the same positions. Calls
/// `visit(ply, position, legal moves)` at each position before its move is chosen.
pub fn random_games(
    starts: &[&str],
    games: usize,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(usize, &Position, &LegalMoves),
) {
    let mut x = seed;
    let mut below = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for game in 0..games {
        let mut pos: Position = starts[game % starts.len()].parse().expect("a valid FEN");
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            visit(ply, &pos, &moves);
            let chosen = moves
                .get(below(moves.len()))
                .expect("an index below the length");
            pos = pos.play(chosen);
        }
    }
}
