//! The engine API: `Position::generate_moves` against `legal_moves()` on every suite
//! position and every position one ply below it, for the default technique and two
//! others, and stopping early.

use rayscan::sliders::{Classical, KoggeStone};
use rayscan::{Move, MoveSet, Position};

use crate::common::suite_fens;

/// The suite's positions and every position one ply below them.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in suite_fens() {
        let p = Position::from_fen(&fen).expect("a suite FEN").0;
        out.extend(p.legal_moves().iter().map(|&m| p.play(m)));
        out.push(p);
    }
    out
}

/// Every move of every set, checking each set on the way: not empty, its length and its
/// iterator's size, its moves all of its piece and (when it has one) its from-square.
fn moves_of(
    p: &Position,
    generate: impl Fn(&Position, &mut dyn FnMut(MoveSet) -> bool) -> bool,
) -> Vec<Move> {
    let mut moves = Vec::new();
    let stopped = generate(p, &mut |set: MoveSet| {
        assert!(!set.is_empty(), "{p}");
        let iter = set.into_iter();
        assert_eq!(iter.len(), set.len(), "{p}");
        let these: Vec<Move> = iter.collect();
        assert_eq!(these.len(), set.len(), "{p}");
        for m in &these {
            assert!(set.contains(m));
            assert_eq!(
                p.piece_at(m.from()).map(|(_, piece)| piece),
                Some(set.piece()),
                "{m} in {p}"
            );
            assert!(set.to().contains(m.to()), "{m} in {p}");
            if let Some(from) = set.from() {
                assert_eq!(m.from(), from, "{p}");
            }
            let promotion = matches!(m.kind(), rayscan::MoveKind::Promotion(_));
            assert_eq!(promotion, set.is_promotion(), "{m} in {p}");
        }
        moves.extend(these);
        false
    });
    assert!(!stopped, "{p}");
    moves
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| m.to_string());
    v
}

#[test]
fn generate_moves_yields_exactly_the_legal_moves() {
    let positions = positions();
    assert!(positions.len() > 40_000, "{}", positions.len());
    for p in &positions {
        let legal = sorted(p.legal_moves().iter().copied().collect());
        let default = moves_of(p, |p, f| p.generate_moves(f));
        assert_eq!(sorted(default), legal, "{p}");
    }
    // Other techniques, on every tenth position.
    for p in positions.iter().step_by(10) {
        let legal = sorted(p.legal_moves().iter().copied().collect());
        let classical = moves_of(p, |p, f| p.generate_moves_with::<Classical>(f));
        assert_eq!(sorted(classical), legal, "{p}");
        let kogge = moves_of(p, |p, f| p.generate_moves_with::<KoggeStone>(f));
        assert_eq!(sorted(kogge), legal, "{p}");
    }
}

#[test]
fn generate_moves_stops_when_told() {
    for p in positions().iter().step_by(7) {
        let mut sets = 0;
        p.generate_moves(|_| {
            sets += 1;
            false
        });
        for stop_at in 1..=sets {
            let mut calls = 0;
            let stopped = p.generate_moves(|_| {
                calls += 1;
                calls == stop_at
            });
            assert!(stopped, "{p}");
            assert_eq!(calls, stop_at, "{p}");
        }
    }
}
