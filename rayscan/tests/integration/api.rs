//! The engine API: `Position::generate_moves` against `legal_moves()` on every suite
//! position and every position one ply below it, for the default technique and two
//! others, and stopping early; `legal_moves()` (`LegalMoves`) against the generator that
//! lists moves one by one, in order, and every method of it against its iterator, on the
//! same positions and on crowded ones (more than 16 pieces a side).

use rayscan::movegen::generate;
use rayscan::sliders::{Classical, Fastest, KoggeStone};
use rayscan::{Bitboard, LegalMoves, Move, MoveList, MoveSet, Position};

use crate::common::{Rng, placement, suite_fens};

/// The suite's positions and every position one ply below them.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in suite_fens() {
        let p = Position::from_fen(&fen).expect("a suite FEN").0;
        out.extend(p.legal_moves().iter().map(|m| p.play(m)));
        out.push(p);
    }
    out
}

/// Every move of every set, checking each set on the way: its length and its iterator's
/// size, its moves all of its piece and (when it has one) its from-square.
fn moves_of(
    p: &Position,
    generate: impl Fn(&Position, &mut dyn FnMut(MoveSet) -> bool) -> bool,
) -> Vec<Move> {
    let mut moves = Vec::new();
    let stopped = generate(p, &mut |set: MoveSet| {
        assert_eq!(set.is_empty(), set.to().is_empty(), "{p}");
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
        let legal = sorted(p.legal_moves().iter().collect());
        let default = moves_of(p, |p, f| p.generate_moves(f));
        assert_eq!(sorted(default), legal, "{p}");
    }
    // Other techniques, on every tenth position.
    for p in positions.iter().step_by(10) {
        let legal = sorted(p.legal_moves().iter().collect());
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

/// Every method of `moves` (the legal moves of `p`) agrees with its iterator, and the
/// iterator with the generator that lists moves one by one; the sets hold the same
/// moves, in the same order if `in_order` (the order differs where pieces share
/// direction sets).
fn check_legal_moves(p: &Position, moves: &LegalMoves<'_>, in_order: bool) {
    let listed: Vec<Move> = moves.iter().collect();
    let mut list = MoveList::new();
    generate::<Fastest>(p, &mut list);
    assert_eq!(listed, list.as_slice(), "{p}");
    // `collect` folds, `next` goes one by one: the same moves in the same order.
    let mut one_by_one = moves.iter();
    let by_next: Vec<Move> = std::iter::from_fn(|| one_by_one.next()).collect();
    assert_eq!(by_next, listed, "{p}");
    // The length left, before the first move (counted) and after each (from the list).
    let mut it = moves.iter();
    for left in (0..=listed.len()).rev() {
        assert_eq!(it.len(), left, "{p}");
        assert_eq!(it.next().is_some(), left > 0, "{p}");
    }
    assert_eq!(moves.len(), listed.len(), "{p}");
    assert_eq!(moves.iter().len(), listed.len(), "{p}");
    assert_eq!(moves.is_empty(), listed.is_empty(), "{p}");
    assert_eq!((*moves).into_iter().collect::<Vec<_>>(), listed, "{p}");
    assert_eq!(MoveList::from(moves).as_slice(), listed, "{p}");
    // The sets, none empty and checked as generate_moves' are, hold the same moves in the
    // same order.
    assert!(moves.sets().all(|set| !set.is_empty()), "{p}");
    let from_sets = moves_of(p, |_, f| {
        for set in moves.sets() {
            if f(set) {
                return true;
            }
        }
        false
    });
    if in_order {
        assert_eq!(from_sets, listed, "{p}");
    } else {
        assert_eq!(sorted(from_sets), sorted(listed.clone()), "{p}");
    }
    for (i, m) in listed.iter().enumerate() {
        assert_eq!(moves.get(i), Some(*m), "{p}");
        assert!(moves.contains(m), "{m} in {p}");
    }
    assert_eq!(moves.get(listed.len()), None, "{p}");
    // Every other move of the side's pieces is not contained.
    for from in p.color(p.side_to_move()) {
        for to in rayscan::Square::ALL {
            for kind in rayscan::MoveKind::ALL {
                let m = Move::new(from, to, kind);
                assert_eq!(moves.contains(&m), listed.contains(&m), "{m} in {p}");
            }
        }
    }
}

#[test]
fn legal_moves_lists_what_the_listing_generator_lists() {
    for p in positions().iter().step_by(5) {
        check_legal_moves(p, &p.legal_moves(), true);
    }
}

/// Random positions with 17 to 40 pieces (no pawns) for the side to move, many of them
/// pinned or in check, and a few enemy pieces: past the 18 slots of single pieces' sets,
/// the rest share direction sets, whose sources are found again when iterating.
#[test]
fn legal_moves_of_crowded_positions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut tried, mut crowded) = (0, 0);
    while crowded < 300 {
        tried += 1;
        assert!(tried < 100_000, "too few valid crowded positions");
        let mut cells = [None; 64];
        let mut put = |rng: &mut Rng, c: char| loop {
            let sq = rng.below(64);
            if cells[sq].is_none() {
                cells[sq] = Some(c);
                break;
            }
        };
        put(&mut rng, 'K');
        put(&mut rng, 'k');
        for _ in 0..17 + rng.below(24) {
            let c = ['N', 'B', 'R', 'Q'][rng.below(4)];
            put(&mut rng, c);
        }
        for _ in 0..rng.below(8) {
            let c = ['n', 'b', 'r', 'q'][rng.below(4)];
            put(&mut rng, c);
        }
        let fen = format!("{} w - - 0 1", placement(&cells));
        let Ok((p, _)) = Position::from_fen(&fen) else {
            continue;
        };
        let moves = p.legal_moves();
        check_legal_moves(&p, &moves, false);
        crowded += usize::from(moves.sets().count() > 18);
    }
}

/// `Position::for_each_child` hands over every legal move with `play`'s position after
/// it, in the generator's order (that of `generate_moves`), on every position.
#[test]
fn for_each_child_plays_what_play_plays() {
    for p in positions() {
        let mut seen = Vec::new();
        let stopped = p.for_each_child(|m, child| {
            assert_eq!(*child, p.play(m), "{m} in {p}");
            assert_eq!(child.key(), child.compute_key(), "{m} in {p}");
            seen.push(m);
            false
        });
        assert!(!stopped, "{p}");
        let mut sets = Vec::new();
        p.generate_moves(|set| {
            sets.extend(set);
            false
        });
        assert_eq!(seen, sets, "{p}");
    }
}

#[test]
fn for_each_child_stops_when_told() {
    for p in positions().iter().step_by(7) {
        let n = p.legal_moves().len();
        for stop_at in 1..=n {
            let mut calls = 0;
            let stopped = p.for_each_child(|_, _| {
                calls += 1;
                calls == stop_at
            });
            assert!(stopped, "{p}");
            assert_eq!(calls, stop_at, "{p}");
        }
        assert!(!p.for_each_child(|_, _| false));
    }
}

/// `f`, first asserting that the set it is handed (by `p` narrowed to `mask`) has a move.
fn no_empty_set<'a>(
    f: &'a mut dyn FnMut(MoveSet) -> bool,
    p: &'a Position,
    mask: Bitboard,
) -> impl FnMut(MoveSet) -> bool + 'a {
    move |set| {
        assert!(!set.is_empty(), "{p} onto {mask:?}: an empty set {set:?}");
        f(set)
    }
}

/// `Position::generate_moves_to` hands over exactly the moves onto its targets, in the
/// order of `generate_moves`, with every set of its piece and no empty set: on every
/// position, for the opponent's pieces (the captures but en passant), those and the
/// en-passant square, the empty squares, a pattern, the own pieces (castling only), every
/// square and none; and it stops when told.
#[test]
fn generate_moves_to_gives_the_moves_onto_its_targets() {
    let mut narrowed_moves = 0;
    for p in positions() {
        let theirs = p.color(!p.side_to_move());
        let ep = p.ep_square().map_or(Bitboard::EMPTY, Bitboard::from);
        let masks = [
            theirs,
            theirs | ep,
            !p.occupied(),
            Bitboard(0x00ff_00ff_00ff_00ff),
            p.color(p.side_to_move()),
            Bitboard::FULL,
            Bitboard::EMPTY,
        ];
        let all = moves_of(&p, |p, f| p.generate_moves(f));
        for mask in masks {
            let expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| mask.contains(m.to()))
                .collect();
            let got = moves_of(&p, |p, f| {
                p.generate_moves_to(mask, no_empty_set(f, p, mask))
            });
            assert_eq!(got, expected, "{p} onto {mask:?}");
            let with = moves_of(&p, |p, f| {
                p.generate_moves_to_with::<Classical>(mask, no_empty_set(f, p, mask))
            });
            assert_eq!(with, expected, "{p} onto {mask:?}, classical");
            narrowed_moves += got.len();
        }
        let mut calls = 0;
        let stopped = p.generate_moves_to(Bitboard::FULL, |_| {
            calls += 1;
            true
        });
        // With no move, there is no set to stop at.
        let moves = !all.is_empty();
        assert_eq!((stopped, calls), (moves, usize::from(moves)), "{p}");
    }
    assert!(narrowed_moves > 10_000, "only {narrowed_moves} moves");
}

/// `Position::generate_captures` hands over exactly the moves `is_capture` names, en
/// passant included and no quiet move, in the order of `generate_moves`, with no empty
/// set, on every position; and it stops when told.
#[test]
fn generate_captures_gives_the_captures_and_nothing_else() {
    let (mut captures, mut en_passant) = (0, 0);
    for p in positions() {
        let all = moves_of(&p, |p, f| p.generate_moves(f));
        let expected: Vec<Move> = all.iter().copied().filter(|&m| p.is_capture(m)).collect();
        // The mask only names the call in a failure's message.
        let all_squares = Bitboard::FULL;
        let got = moves_of(&p, |p, f| {
            p.generate_captures(no_empty_set(f, p, all_squares))
        });
        assert_eq!(got, expected, "{p}");
        let with = moves_of(&p, |p, f| {
            p.generate_captures_with::<Classical>(no_empty_set(f, p, all_squares))
        });
        assert_eq!(with, expected, "{p}, classical");
        captures += got.len();
        en_passant += got.iter().filter(|m| m.is_en_passant()).count();
        let mut calls = 0;
        let stopped = p.generate_captures(|_| {
            calls += 1;
            true
        });
        let any = !expected.is_empty();
        assert_eq!((stopped, calls), (any, usize::from(any)), "{p}");
    }
    assert!(captures > 5_000, "only {captures} captures");
    assert!(en_passant > 20, "only {en_passant} en-passant captures");
}

/// The position a user met: `generate_moves_to(theirs | ep)` lets the knight's quiet move
/// onto the empty en-passant square through; `generate_captures` does not.
#[test]
fn generate_captures_leaves_a_quiet_move_onto_the_en_passant_square_out() {
    let p: Position = "rnbqkbnr/ppp1p1pp/8/3pPp2/6N1/8/PPPP1PPP/RNBQKB1R w KQkq f6 0 4"
        .parse()
        .unwrap();
    let theirs = p.color(!p.side_to_move());
    let ep = Bitboard::from(p.ep_square().unwrap());
    let onto = moves_of(&p, |p, f| p.generate_moves_to(theirs | ep, f));
    assert!(onto.iter().any(|m| m.to_string() == "g4f6"));
    let captures = moves_of(&p, |p, f| p.generate_captures(f));
    let names: Vec<String> = captures.iter().map(Move::to_string).collect();
    assert_eq!(names, ["e5f6"]);
}

/// `captured_piece` and `piece_at`, which read a kind from three bits, against a search
/// through the boards of each kind, on every square of every position and for every move.
#[test]
fn captured_piece_and_piece_at_match_the_boards() {
    use rayscan::{Color, Piece, Square};
    for p in positions() {
        for sq in Square::ALL {
            let expected = Color::ALL.into_iter().find_map(|c| {
                Piece::ALL
                    .into_iter()
                    .find(|&k| p.colored(c, k).contains(sq))
                    .map(|k| (c, k))
            });
            assert_eq!(p.piece_at(sq), expected, "{p} on {sq}");
        }
        for m in p.legal_moves() {
            let expected = if m.is_en_passant() {
                Some(Piece::Pawn)
            } else if m.is_castling() {
                None
            } else {
                p.piece_at(m.to())
                    .filter(|&(c, _)| c != p.side_to_move())
                    .map(|(_, k)| k)
            };
            assert_eq!(p.captured_piece(m), expected, "{m} in {p}");
        }
    }
}

/// `MoveSet::with_targets` keeps exactly the set's moves to the given squares, and with
/// the opponent's pieces (en-passant sets whole) it gives the captures `is_capture` names.
#[test]
fn with_targets_narrows_a_set_to_its_moves_onto_the_targets() {
    let mut captures = 0;
    for p in positions() {
        let theirs = p.color(!p.side_to_move());
        let masks = [
            theirs,
            !p.occupied(),
            Bitboard(0x00ff_00ff_00ff_00ff),
            Bitboard::EMPTY,
        ];
        let mut from_sets = Vec::new();
        p.generate_moves(|set| {
            for mask in masks {
                let narrowed: Vec<Move> = set.with_targets(mask).into_iter().collect();
                let filtered: Vec<Move> =
                    set.into_iter().filter(|m| mask.contains(m.to())).collect();
                assert_eq!(narrowed, filtered, "{p}");
            }
            let captured = if set.is_en_passant() {
                set
            } else {
                set.with_targets(theirs)
            };
            from_sets.extend(captured);
            false
        });
        let by_question: Vec<Move> = p
            .legal_moves()
            .iter()
            .filter(|&m| p.is_capture(m))
            .collect();
        assert_eq!(sorted(from_sets), sorted(by_question.clone()), "{p}");
        captures += by_question.len();
    }
    assert!(captures > 100, "only {captures} captures");
}
