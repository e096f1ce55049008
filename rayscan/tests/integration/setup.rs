//! `Setup`: the lenient FEN reader, the exact writer, the builder, the problems, and the
//! way to a `Position` and back, held against `Position`'s own reader on every suite.

use proptest::prelude::*;
use rayscan::position::{CastlingNotation, FenField, FenProblem, PlacementProblem};
use rayscan::setup::{Problem, Problems, Setup};
use rayscan::{Bitboard, Color, Piece, Position, Rank, Square};

use crate::common::suite_fens;

fn squares(names: &[Square]) -> Bitboard {
    names.iter().copied().collect()
}

#[test]
fn every_suite_position_is_its_setups_position() {
    for fen in suite_fens() {
        let (position, warnings) = Position::from_fen(&fen).unwrap();
        let setup = Setup::from_fen(&fen).unwrap();
        let allowed =
            Position::from_setup(setup, Problems::ALL).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(allowed, position, "{fen}");
        assert_eq!(allowed.key(), position.key(), "{fen}");
        // python-chess (and so `problems`) finds more checks impossible than
        // `Position`'s warnings do: two checkers on one line with the king.
        let checks = Problem::TooManyCheckers | Problem::ImpossibleCheck;
        match Position::try_from(setup) {
            Ok(p) => assert_eq!(p, position, "{fen}"),
            Err(e) => assert!(
                !warnings.is_empty() || (e.problems() & !checks).is_empty(),
                "{fen}: {e}"
            ),
        }
        // And back: the position's setup has no problem, and writes the same FEN.
        let back = Setup::from(&position);
        let problems = back.problems();
        assert!(
            (problems & !checks).is_empty() || !warnings.is_empty(),
            "{fen}: {problems}"
        );
        assert_eq!(Position::from_setup(back, Problems::ALL), Ok(position));
        for notation in [CastlingNotation::Standard, CastlingNotation::Shredder] {
            assert_eq!(
                back.fen_with(notation).to_string(),
                position.fen_with(notation).to_string(),
                "{fen}"
            );
        }
    }
}

#[test]
fn fields_after_the_placement_may_be_missing() {
    let full = Setup::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    for text in [
        "8/8/8/8/8/8/8/K6k",
        "8/8/8/8/8/8/8/K6k w",
        "8/8/8/8/8/8/8/K6k w -",
        "8/8/8/8/8/8/8/K6k w - -",
        "8/8/8/8/8/8/8/K6k w - - 0",
        "  8/8/8/8/8/8/8/K6k   w - - 0 0 ",
    ] {
        assert_eq!(Setup::from_fen(text), Ok(full), "{text:?}");
    }
    let black = Setup::from_fen("8/8/8/8/8/8/8/K6k b - c3 7 30").unwrap();
    assert_eq!(black.turn(), Color::Black);
    assert_eq!(black.ep_square(), Some(Square::C3));
    assert_eq!((black.halfmove_clock(), black.fullmove_number()), (7, 30));
}

#[test]
fn castling_letters_are_read_against_the_board() {
    let rights = |fen: &str| Setup::from_fen(fen).unwrap().castling_rights();
    // The outermost rook on each side of the king.
    assert_eq!(
        rights("1r2k1r1/8/8/8/8/8/8/R1R1K1RR w KQkq - 0 1"),
        squares(&[Square::A1, Square::H1, Square::B8, Square::G8])
    );
    // No rook: K names the corner; Q names nothing beside a king, the corner without one.
    assert_eq!(
        rights("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"),
        squares(&[Square::H1, Square::H8])
    );
    assert_eq!(
        rights("8/8/8/8/8/8/8/8 w KQkq - 0 1"),
        squares(&[Square::A1, Square::H1, Square::A8, Square::H8])
    );
    // A rook on the wrong side of the king: the corner.
    assert_eq!(
        rights("8/8/8/8/8/8/8/4K2R w Q - 0 1"),
        squares(&[Square::A1])
    );
    // File letters name their back-rank square, rook or not; letters may repeat.
    assert_eq!(
        rights("4k3/8/8/8/8/8/8/4K3 w BCDbb - 0 1"),
        squares(&[Square::B1, Square::C1, Square::D1, Square::B8])
    );
    assert_eq!(rights("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Bitboard::EMPTY);
}

#[test]
fn the_chess960_flag_follows_the_rights() {
    let chess960 = |fen: &str| Setup::from_fen(fen).unwrap().is_chess960();
    assert!(!chess960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    assert!(!chess960("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(chess960("1r2k1r1/8/8/8/8/8/8/R1R1K1RR w KQkq - 0 1"));
    assert!(chess960("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"));
}

#[test]
fn syntax_errors_name_the_field() {
    let err = |text: &str| Setup::from_fen(text).unwrap_err();
    let cases = [
        ("", FenField::Position, FenProblem::MissingFields(0)),
        (
            "8/8/8/8/8/8/8/8 x",
            FenField::SideToMove,
            FenProblem::BadSide,
        ),
        (
            "8/8/8/8/8/8/8/8 w KQX",
            FenField::Castling,
            FenProblem::BadCastling('X'),
        ),
        (
            "8/8/8/8/8/8/8/8 w - e9",
            FenField::EnPassant,
            FenProblem::BadSquare,
        ),
        (
            "8/8/8/8/8/8/8/8 w - - x",
            FenField::HalfmoveClock,
            FenProblem::BadNumber,
        ),
        (
            "8/8/8/8/8/8/8/8 w - - -1",
            FenField::HalfmoveClock,
            FenProblem::NegativeNumber,
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 -3",
            FenField::FullmoveNumber,
            FenProblem::NegativeNumber,
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 4294967296",
            FenField::FullmoveNumber,
            FenProblem::BadNumber,
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1 x",
            FenField::Position,
            FenProblem::TooManyFields(7),
        ),
        // The placement is judged last, and a rank's characters before its length.
        (
            "8/8/8/8/8/8/8/8p~x w - - 0 1 x",
            FenField::Position,
            FenProblem::TooManyFields(7),
        ),
        (
            "9/8/8/8/8/8/8/8",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::BadDigit(Rank::Eighth, '9')),
        ),
        (
            "8p~x/8/8/8/8/8/8/8",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::UnknownPiece(Rank::Eighth, 'x')),
        ),
        (
            "8/8/8/8/8/8/8/~8",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::LonePromotedMark(Rank::First)),
        ),
        (
            "8/8/8/8/8/8/8/44",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::AdjacentDigits(Rank::First)),
        ),
        (
            "8/8/8/8/8/8/8/pppppppp~p",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::RankTooLong(Rank::First)),
        ),
        (
            "8/8/8/8/8/8/8",
            FenField::Placement,
            FenProblem::Placement(PlacementProblem::RankCount(7)),
        ),
    ];
    for (text, field, problem) in cases {
        let e = err(text);
        assert_eq!((e.field(), e.problem()), (field, problem), "{text:?}: {e}");
        assert!(e.to_string().starts_with("fen "), "{e}");
    }
    assert_eq!(
        err("8/8/8/8/8/8/8/8 w - - -1").to_string(),
        "fen halfmove clock \"-1\": cannot be negative"
    );
}

#[test]
fn promoted_marks_are_read_kept_and_written() {
    let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/Q~3K2N~ w - - 0 1").unwrap();
    assert_eq!(setup.promoted(), squares(&[Square::A1, Square::H1]));
    assert_eq!(setup.to_string(), "4k3/8/8/8/8/8/8/Q~3K2N~ w - - 0 1");
    assert_eq!(setup.placement().to_string(), "4k3/8/8/8/8/8/8/Q3K2N");
    // A piece put on a marked square is not promoted; a removed one takes its mark along.
    setup.put(Square::A1, Color::White, Piece::Rook);
    setup.remove(Square::H1);
    assert_eq!(setup.promoted(), Bitboard::EMPTY);
    setup.set_promoted(Bitboard::FULL);
    assert_eq!(setup.promoted(), setup.occupied());
    // A promoted king is no king to castle with or to check.
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K~2R w KQ - 0 1").unwrap();
    assert_eq!(setup.king(Color::White), None);
    assert_eq!(setup.clean_castling_rights(), Bitboard::EMPTY);
}

#[test]
fn the_builder_needs_no_text() {
    let mut setup = Setup::empty();
    assert_eq!(setup.to_string(), "8/8/8/8/8/8/8/8 w - - 0 1");
    for (sq, color, piece) in [
        (Square::G1, Color::White, Piece::King),
        (Square::H1, Color::White, Piece::Rook),
        (Square::B1, Color::White, Piece::Rook),
        (Square::A8, Color::Black, Piece::King),
    ] {
        assert_eq!(setup.put(sq, color, piece), None);
    }
    assert_eq!(
        setup.put(Square::A8, Color::Black, Piece::King),
        Some((Color::Black, Piece::King))
    );
    setup.set_castling_rights(squares(&[Square::B1, Square::H1]));
    setup.set_chess960(true);
    setup.set_turn(Color::Black);
    setup.set_halfmove_clock(3);
    setup.set_fullmove_number(40);
    assert_eq!(setup.to_string(), "k7/8/8/8/8/8/8/1R4KR b KQ - 3 40");
    assert_eq!(
        setup.fen_with(CastlingNotation::Shredder).to_string(),
        "k7/8/8/8/8/8/8/1R4KR b HB - 3 40"
    );
    assert!(setup.problems().is_empty(), "{}", setup.problems());
    let position = Position::try_from(setup).unwrap();
    assert_eq!(position.to_string(), "k7/8/8/8/8/8/8/1R4KR b KQ - 3 40");
    assert!(position.is_chess960());
    // Two rights on one side of the king: Chess960's rules keep the outer one.
    setup.put(Square::F1, Color::White, Piece::Rook);
    setup.set_castling_rights(squares(&[Square::B1, Square::F1]));
    assert_eq!(setup.to_string(), "k7/8/8/8/8/8/8/1R3RKR b FQ - 3 40");
    assert_eq!(setup.clean_castling_rights(), squares(&[Square::B1]));
    assert_eq!(Setup::default(), Setup::startpos());
    assert_eq!(
        Position::try_from(Setup::startpos()),
        Ok(Position::startpos())
    );
}

#[test]
fn problems_are_found_as_python_chess_finds_them() {
    // Each expected set is what python-chess 1.11.2's `Board(fen).status()` says.
    let cases: &[(&str, &[Problem])] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[],
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            &[Problem::Empty, Problem::NoWhiteKing, Problem::NoBlackKing],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            &[Problem::BadCastlingRights],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            &[Problem::InvalidEpSquare],
        ),
        ("4k3/8/8/8/8/8/8/q3K3 b - - 0 1", &[Problem::OppositeCheck]),
        (
            "3rkr2/8/8/8/8/8/8/Pk2K3 w - - 0 1",
            &[Problem::TooManyKings, Problem::PawnsOnBackRank],
        ),
        (
            "4k3/8/8/8/8/8/2n1r3/r3K3 w - - 0 1",
            &[Problem::TooManyCheckers, Problem::ImpossibleCheck],
        ),
        (
            "4k3/8/8/8/r3K2r/8/8/8 w - - 0 1",
            &[Problem::ImpossibleCheck],
        ),
        (
            "PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/8/8/4K2k w - - 0 1",
            &[
                Problem::TooManyWhitePawns,
                Problem::PawnsOnBackRank,
                Problem::TooManyWhitePieces,
            ],
        ),
        // A check by the pawn that just stepped twice: possible.
        ("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", &[]),
        // A check that was there before the double step: impossible.
        (
            "8/8/8/8/1k2P3/8/8/1R2K3 b - e3 0 1",
            &[Problem::ImpossibleCheck],
        ),
    ];
    for (fen, expected) in cases {
        let setup = Setup::from_fen(fen).unwrap();
        let expected: Problems = expected.iter().copied().collect();
        assert_eq!(setup.problems(), expected, "{fen}");
    }
}

#[test]
fn position_errors_name_every_problem() {
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2P w KQ e6 0 1").unwrap();
    let err = Position::try_from(setup).unwrap_err();
    assert_eq!(
        err.problems(),
        Problem::PawnsOnBackRank | Problem::BadCastlingRights | Problem::InvalidEpSquare
    );
    assert_eq!(err.setup(), &setup);
    // The fatal problem stays fatal whatever is allowed; the others pass when allowed.
    assert!(Position::from_setup(setup, Problems::ALL).is_err());
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1").unwrap();
    let position =
        Position::from_setup(setup, Problem::BadCastlingRights | Problem::InvalidEpSquare).unwrap();
    assert_eq!(position.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(Position::from_setup(setup, Problem::BadCastlingRights.into()).is_err());
}

/// A random setup: any pieces anywhere, back-rank castling rights, any en-passant
/// square, promoted marks on pieces, any clocks (the move number from 1).
fn any_setup() -> impl Strategy<Value = Setup> {
    (
        proptest::collection::vec(0usize..16, 64),
        any::<u64>(),
        any::<u64>(),
        proptest::option::of(0usize..64),
        any::<bool>(),
        any::<u32>(),
        1u32..,
    )
        .prop_map(|(cells, rights, promoted, ep, black, half, full)| {
            let mut setup = Setup::empty();
            for (sq, cell) in Square::ALL.into_iter().zip(cells) {
                // Half the squares empty, the rest any piece of either colour.
                if cell >= 4 {
                    let color = Color::ALL[cell % 2];
                    let piece = Piece::ALL[(cell / 2) % 6];
                    setup.put(sq, color, piece);
                }
            }
            setup.set_castling_rights(Bitboard(rights) & (Bitboard::RANK_1 | Bitboard::RANK_8));
            setup.set_promoted(Bitboard(promoted));
            setup.set_ep_square(ep.map(|i| Square::ALL[i]));
            setup.set_turn(if black { Color::Black } else { Color::White });
            setup.set_halfmove_clock(half);
            setup.set_fullmove_number(full);
            setup
        })
}

/// A sparser random setup: a king each (most of the time) among a few other pieces.
fn sparse_setup() -> impl Strategy<Value = Setup> {
    (
        any_setup(),
        proptest::collection::vec((0usize..64, 0usize..12), 0..10),
        0usize..64,
        0usize..64,
    )
        .prop_map(|(base, pieces, white_king, black_king)| {
            let mut setup = base;
            for sq in Square::ALL {
                setup.remove(sq);
            }
            for (sq, kind) in pieces {
                setup.put(
                    Square::ALL[sq],
                    Color::ALL[kind % 2],
                    Piece::ALL[kind / 2 % 5],
                );
            }
            setup.put(Square::ALL[white_king], Color::White, Piece::King);
            setup.put(Square::ALL[black_king], Color::Black, Piece::King);
            setup.set_promoted(base.promoted() & Bitboard::rank(Rank::Fourth));
            setup
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_writer_is_exact(setup in any_setup()) {
        for notation in [CastlingNotation::Standard, CastlingNotation::Shredder] {
            let text = setup.fen_with(notation).to_string();
            let mut back = Setup::from_fen(&text).unwrap();
            back.set_chess960(setup.is_chess960());
            prop_assert_eq!(back, setup, "{}", text);
        }
    }

    #[test]
    fn a_setup_without_fatal_problems_is_a_position(setup in prop_oneof![any_setup(), sparse_setup()]) {
        let problems = setup.problems();
        match Position::from_setup(setup, Problems::ALL) {
            Ok(position) => {
                prop_assert!((problems & Problems::FATAL).is_empty());
                // Its moves are those of the position read from the setup's FEN, with the
                // rights and the en-passant square it can use.
                let mut clean = setup;
                clean.set_castling_rights(setup.clean_castling_rights());
                clean.set_ep_square(setup.valid_ep_square());
                clean.set_promoted(Bitboard::EMPTY);
                let fen = clean.fen_with(CastlingNotation::Shredder).to_string();
                let (read, _) = Position::from_fen(&fen).unwrap();
                prop_assert_eq!(position.legal_moves().len(), read.legal_moves().len(), "{}", fen);
                prop_assert_eq!(position.perft(2), read.perft(2), "{}", fen);
            }
            Err(e) => prop_assert!(!(e.problems() & Problems::FATAL).is_empty(), "{}", e),
        }
    }
}

/// The setup rules count every suite's perft, standard and Chess960, to the suite's
/// numbers (up to 100,000 nodes a position: they are the slow, general rules).
#[test]
fn the_setup_rules_count_every_suite() {
    for name in crate::common::SUITES {
        let entries = rayscan::perft::suite::parse(&crate::common::data(name)).unwrap();
        for entry in entries {
            let setup = Setup::from_fen(&entry.fen).unwrap();
            for (depth, nodes) in entry.depths_within(100_000) {
                assert_eq!(
                    setup.perft(depth),
                    nodes,
                    "{name}:{} depth {depth}",
                    entry.line
                );
            }
        }
    }
}

/// Along random playouts from every suite position, the setup's legal moves are the
/// position's, in any order, and playing one gives the position's child.
#[test]
fn the_setup_rules_are_the_positions_along_playouts() {
    let mut rng = crate::common::Rng(0x5e7_0b0a4d);
    for fen in suite_fens().iter().step_by(3) {
        let (mut position, _) = Position::from_fen(fen).unwrap();
        let mut setup = Setup::from_fen(fen).unwrap();
        for ply in 0..40 {
            let mut ours: Vec<_> = setup.legal_moves().iter().copied().collect();
            let mut theirs: Vec<_> = position.legal_moves().into_iter().collect();
            ours.sort_by_key(|m| m.bits());
            theirs.sort_by_key(|m| m.bits());
            assert_eq!(ours, theirs, "{fen} ply {ply}: {position}");
            assert_eq!(setup.is_check(), position.is_check(), "{position}");
            assert_eq!(
                setup.is_insufficient_material(),
                position.is_insufficient_material(),
                "{position}"
            );
            if theirs.is_empty() {
                break;
            }
            let m = theirs[rng.below(theirs.len())];
            position = position.play(m);
            setup.play(m);
            let played = Position::from_setup(setup, Problems::ALL)
                .unwrap_or_else(|e| panic!("{fen} ply {ply}: {e}"));
            assert_eq!(played.key(), position.key(), "{setup} against {position}");
            assert_eq!(
                (played.halfmove_clock(), played.fullmove_number()),
                (position.halfmove_clock(), position.fullmove_number()),
                "{setup} against {position}"
            );
        }
    }
}

/// A board no position accepts still has moves: no king, kings in check of both
/// sides, pawns on the back rank (which step twice from the first rank).
#[test]
fn boards_without_a_position_have_moves() {
    let moves = |fen: &str| {
        let setup = Setup::from_fen(fen).unwrap();
        let mut uci: Vec<String> = setup
            .legal_moves()
            .iter()
            .map(|m| m.uci(true).to_string())
            .collect();
        uci.sort();
        uci
    };
    // No king: every pseudo-legal move is legal.
    assert_eq!(moves("8/8/8/8/8/8/8/R7 w - - 0 1").len(), 14);
    // A pawn on its first rank steps once or twice.
    assert_eq!(moves("7k/8/8/8/8/8/8/P6K w - - 0 1")[..2], ["a1a2", "a1a3"]);
    // Python-chess's order: h8 down, the pawns after the pieces, promotions Q R B N.
    let setup = Setup::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let order: Vec<String> = setup
        .legal_moves()
        .iter()
        .map(|m| m.uci(false).to_string())
        .collect();
    assert_eq!(
        order,
        ["a1b2", "a1a2", "a1b1", "a7a8q", "a7a8r", "a7a8b", "a7a8n"]
    );
}

/// Along random playouts, a setup writes every legal move's SAN as the position does,
/// and reads it back to the same move.
#[test]
fn the_setup_writes_and_reads_san_as_the_position() {
    let mut rng = crate::common::Rng(0x5a11_7e47);
    for fen in suite_fens().iter().step_by(7) {
        let (mut position, _) = Position::from_fen(fen).unwrap();
        let mut setup = Setup::from_fen(fen).unwrap();
        for _ in 0..30 {
            let moves: Vec<_> = position.legal_moves().into_iter().collect();
            for &m in &moves {
                let text = setup.san(m).to_string();
                assert_eq!(text, position.san(m).to_string(), "{position}");
                assert_eq!(setup.parse_san(&text), Ok(m), "{text} in {position}");
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            position = position.play(m);
            setup.play(m);
        }
    }
}
