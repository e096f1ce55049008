//! Perft statistics against an independent implementation: shakmaty (a dev-dependency
//! only) plays every move and classifies every leaf by the definitions, on the random
//! positions of `tests/data/` (standard and Chess960), and the counts must be equal
//! field by field.

use rayscan::perft::Perft;
use rayscan::perft::stats::PerftStats;
use rayscan::position::Position;
use rayscan::sliders::Technique;
use shakmaty::{Chess, Move, Position as _};

use crate::common::theirs;

/// Our statistics, with the technique the CPU picks.
fn stats(pos: &Position, depth: u32) -> PerftStats {
    Perft::new(depth)
        .technique(Technique::auto())
        .stats(pos)
        .unwrap()
}

/// The statistics of the leaf reached by `m` from `pos`, by shakmaty.
fn leaf(pos: &Chess, m: &Move) -> PerftStats {
    let mut s = PerftStats::LEAF;
    s.captures = u64::from(m.is_capture());
    s.en_passant = u64::from(m.is_en_passant());
    s.castles = u64::from(m.is_castle());
    s.promotions = u64::from(m.is_promotion());
    let after = pos.clone().play(*m).unwrap();
    let checkers = after.checkers();
    if checkers.is_empty() {
        return s;
    }
    s.checks = 1;
    // Where the moved pieces stand now.
    let moved: Vec<shakmaty::Square> = match m {
        Move::Castle { .. } => {
            let side = m.castling_side().unwrap();
            let color = pos.turn();
            vec![side.king_to(color), side.rook_to(color)]
        }
        _ => vec![m.to()],
    };
    if checkers.count() >= 2 {
        s.double_checks = 1;
    } else if !moved.iter().any(|&sq| checkers.contains(sq)) {
        s.discovered_checks = 1;
    }
    s.checkmates = u64::from(after.is_checkmate());
    s
}

fn theirs_stats(pos: &Chess, depth: u32) -> PerftStats {
    let mut total = PerftStats::default();
    for m in pos.legal_moves() {
        total += if depth == 1 {
            leaf(pos, &m)
        } else {
            theirs_stats(&pos.clone().play(m).unwrap(), depth - 1)
        };
    }
    total
}

fn compare(file: &str, max_nodes: u64) -> usize {
    let mut compared = 0;
    for line in crate::common::data(file)
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        let mut pos = Position::from_fen(fen).unwrap().0;
        pos.set_chess960(true);
        let other = theirs(fen);
        for depth in 1..=3 {
            let ours = stats(&pos, depth);
            if ours.nodes > max_nodes {
                break;
            }
            assert_eq!(ours, theirs_stats(&other, depth), "{fen} depth {depth}");
            compared += 1;
        }
    }
    compared
}

#[test]
fn statistics_equal_shakmatys_on_random_standard_positions() {
    assert!(compare("random-std.epd", 60_000) >= 600);
}

#[test]
fn statistics_equal_shakmatys_on_random_chess960_positions() {
    assert!(compare("random960.epd", 60_000) >= 300);
}

/// Positions rich in what the statistics count: promotions with check, en passant that
/// uncovers a check, castling that checks, double checks and mates.
#[test]
fn statistics_equal_shakmatys_where_the_rare_cells_are() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1",
        "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "2r3k1/3P4/8/8/8/8/8/4K2B w - - 0 1",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap().0;
        let other = theirs(fen);
        for depth in 1..=3 {
            let ours = stats(&pos, depth);
            assert_eq!(ours, theirs_stats(&other, depth), "{fen} depth {depth}");
        }
    }
}

/// The statistics of the leaves `depth` plies below `pos`, by the questions an engine
/// asks of each move through the public API: `is_capture`, `captured_piece`,
/// `is_en_passant`, `is_castling`, `promotion` and `gives_check`.
fn api_stats(pos: &Position, depth: u32) -> PerftStats {
    let mut total = PerftStats::default();
    for m in pos.legal_moves() {
        if depth > 1 {
            total += api_stats(&pos.play(m), depth - 1);
            continue;
        }
        let captured = pos.captured_piece(m);
        assert_eq!(pos.is_capture(m), captured.is_some(), "{m} in {pos}");
        if let Some(piece) = captured {
            // What stands on the target, but for en passant, where it is empty.
            let on_target = pos.piece_at(m.to()).map(|(_, p)| p);
            assert_eq!(
                on_target.or(Some(rayscan::Piece::Pawn)),
                Some(piece),
                "{m} in {pos}"
            );
            assert!(piece != rayscan::Piece::King, "{m} in {pos} takes a king");
        }
        total.nodes += 1;
        total.captures += u64::from(captured.is_some());
        total.en_passant += u64::from(m.is_en_passant());
        total.castles += u64::from(m.is_castling());
        total.promotions += u64::from(m.promotion().is_some());
        total.checks += u64::from(pos.gives_check(m));
    }
    total
}

/// `is_capture`, `captured_piece` and `gives_check` count what the perft statistics
/// count: castling (whose target is the own rook) is no capture, en passant is one.
#[test]
fn an_engines_questions_about_a_move_agree_with_the_statistics() {
    let first = |file: &str| -> Vec<String> {
        crate::common::data(file)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(150)
            .map(|l| l.split(';').next().unwrap().trim().to_owned())
            .collect()
    };
    let mut fens = first("random-std.epd");
    fens.extend(first("random960.epd"));
    fens.extend(
        [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        ]
        .map(str::to_owned),
    );
    let mut castles = 0;
    for fen in &fens {
        let mut pos = Position::from_fen(fen).unwrap().0;
        pos.set_chess960(true);
        for depth in 1..=2 {
            let want = stats(&pos, depth);
            let got = api_stats(&pos, depth);
            let fields = |s: &PerftStats| {
                (
                    s.nodes,
                    s.captures,
                    s.en_passant,
                    s.castles,
                    s.promotions,
                    s.checks,
                )
            };
            assert_eq!(fields(&got), fields(&want), "{fen} depth {depth}");
            castles += got.castles;
        }
    }
    assert!(castles > 0, "no castling move was asked about");
}
