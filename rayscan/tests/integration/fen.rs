//! FEN: every error and warning, the three dialects, and round trips over every suite position.

use std::path::Path;

use rayscan::perft::suite::parse;
use rayscan::position::{FenField, FenProblem, Position, Warning};
use rayscan::{Color, Square};

fn error(fen: &str) -> (FenField, FenProblem, String) {
    let e = Position::from_fen(fen).expect_err(fen);
    (e.field(), e.problem(), e.to_string())
}

fn warnings(fen: &str) -> Vec<Warning> {
    Position::from_fen(fen).expect(fen).1.iter().collect()
}

#[test]
fn errors_name_the_field_and_quote_the_text() {
    use FenField::*;
    let cases: &[(&str, FenField, &str)] = &[
        ("", Position, "0 fields"),
        ("8/8/8/8/8/8/8/K6k w", Position, "2 fields"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1 extra", Position, "7 fields"),
        (
            "8/8/8/8/8/8/8/K6x w - - 0 1",
            Placement,
            "unknown piece 'x'",
        ),
        ("8/8/8/8/8/8/K6k w - - 0 1", Placement, "7 ranks"),
        (
            "8/8/8/8/8/8/8/K7k w - - 0 1",
            Placement,
            "more than 8 squares",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", Placement, "white has no king"),
        (
            "8/8/8/8/8/8/8/KK5k w - - 0 1",
            Placement,
            "white has more than one king",
        ),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", Placement, "pawn on h1"),
        ("8/8/8/8/8/8/8/K6k x - - 0 1", SideToMove, "\"x\""),
        (
            "8/8/8/8/8/8/8/K6k w KX - 0 1",
            Castling,
            "unknown castling right 'X'",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1",
            Castling,
            "repeats a side",
        ),
        ("8/8/8/8/8/8/8/K6k w - e9 0 1", EnPassant, "\"e9\""),
        (
            "8/8/8/8/8/8/8/K6k w - e3 0 1",
            EnPassant,
            "rank 6 with white to move",
        ),
        ("8/8/8/8/8/8/8/K6k w - - x 1", HalfmoveClock, "\"x\""),
        ("8/8/8/8/8/8/8/K6k w - - 0 -1", FullmoveNumber, "\"-1\""),
        (
            "8/8/8/8/8/8/8/K5Rk w - - 0 1",
            Position,
            "the side not to move is in check",
        ),
    ];
    for &(fen, field, needle) in cases {
        let (f, _, message) = error(fen);
        assert_eq!(f, field, "{fen}: {message}");
        assert!(message.starts_with("fen "), "{message}");
        assert!(message.contains(needle), "{fen}: {message}");
    }
}

#[test]
fn warnings_accept_unreachable_but_playable_positions() {
    // Three checkers.
    let w = warnings("7k/8/8/8/1b6/8/8/r3K2r w - - 0 1");
    assert!(
        matches!(w[..], [Warning::ImpossibleCheck { checkers: 3 }]),
        "{w:?}"
    );
    // Ten white queens (nine would fit: eight promotions and the original).
    let w = warnings("k7/pp6/8/8/8/8/QQQQQQQQ/QQ2K3 w - - 0 1");
    assert_eq!(w, [Warning::TooMuchMaterial(Color::White)]);
    assert!(warnings("k7/pp6/8/8/8/8/QQQQQQQQ/1Q2K3 w - - 0 1").is_empty());
    // Castling rights with no rook, or the king off its rank: dropped.
    let (p, w) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w Kq - 0 1").unwrap();
    assert_eq!(
        w.iter().collect::<Vec<_>>(),
        [
            Warning::CastlingWithoutRook('K'),
            Warning::CastlingWithoutRook('q')
        ]
    );
    assert!(p.castling().is_empty());
    let w = warnings("r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1");
    assert_eq!(
        w,
        [
            Warning::CastlingWithoutKing('K'),
            Warning::CastlingWithoutKing('Q')
        ]
    );
    // An en-passant square with no pawn in front of it: dropped.
    let (p, w) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").unwrap();
    assert_eq!(
        w.iter().collect::<Vec<_>>(),
        [Warning::ImpossibleEnPassant(Square::E6)]
    );
    assert_eq!(p.ep_square(), None);
    assert!(warnings("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").is_empty());
}

#[test]
fn the_three_dialects_read_the_same_castling_rights() {
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let shredder = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1";
    let a = Position::from_fen(standard).unwrap().0;
    let b = Position::from_fen(shredder).unwrap().0;
    assert_eq!(a, b);
    assert!(!a.is_chess960());
    assert_eq!(b.to_string(), standard);
    assert_eq!(
        a.fen_with(rayscan::position::CastlingNotation::Shredder)
            .to_string(),
        shredder
    );
    // X-FEN: an inner rook named by its file; KQ would mean the outer one.
    let xfen = Position::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1")
        .unwrap()
        .0;
    assert!(xfen.is_chess960());
    assert_eq!(xfen.to_string(), "1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBkq - 0 1");
    // Four-field EPD: the clocks default to 0 and 1.
    let epd = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap().0;
    assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn every_suite_position_round_trips() {
    let mut count = 0;
    for name in crate::common::SUITES {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name);
        for e in parse(&std::fs::read_to_string(path).unwrap()).unwrap() {
            let (p, _) = Position::from_fen(&e.fen).unwrap();
            for text in [
                p.to_string(),
                p.fen_with(rayscan::position::CastlingNotation::Shredder)
                    .to_string(),
            ] {
                let (q, w) = Position::from_fen(&text).unwrap();
                assert_eq!(q, p, "{} -> {text}", e.fen);
                assert!(w.is_empty(), "{text}: {w:?}");
            }
            count += 1;
        }
    }
    assert!(count > 1500);
}

#[test]
fn garbage_never_panics() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let alphabet = b"KQRBNPkqrbnp12345678/ -wbKQkqaAhHe36x09";
    for _ in 0..50_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 60) as usize;
        let text: String = (0..len)
            .map(|i| alphabet[((x >> (i % 50)) as usize + i * 7) % alphabet.len()] as char)
            .collect();
        let _ = Position::from_fen(&text);
        let _ = Position::from_fen(&format!("{text} w - - 0 1"));
    }
}

#[test]
fn a_clock_error_says_the_range() {
    for clock in ["99999999999999999999", "4294967296", "-1", "x"] {
        let (field, problem, message) = error(&format!("8/8/8/8/8/8/8/K6k w - - 0 {clock}"));
        assert_eq!(
            (field, problem),
            (FenField::FullmoveNumber, FenProblem::BadNumber)
        );
        assert_eq!(
            message,
            format!("fen fullmove number \"{clock}\": expected a number from 0 to 4294967295")
        );
    }
    let (field, _, _) = error("8/8/8/8/8/8/8/K6k w - - 4294967296 1");
    assert_eq!(field, FenField::HalfmoveClock);
    assert!(Position::from_fen("8/8/8/8/8/8/8/K6k w - - 4294967295 4294967295").is_ok());
}

/// The clocks of a FEN may be as large as u32 holds; moves from there (a pawn move, a
/// piece move, castling, a null move) leave them at the top rather than wrapping to 0.
#[test]
fn clocks_at_the_top_of_their_range_stay_there() {
    let top = u32::MAX;
    let p = Position::from_fen(&format!("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - {top} {top}"))
        .unwrap()
        .0;
    for m in p.legal_moves() {
        let after = p.play(m);
        assert_eq!(after.fullmove_number(), top, "{m}");
        if !p.is_capture(m) {
            assert_eq!(after.halfmove_clock(), top, "{m}");
        }
    }
    let null = p.play_null();
    assert_eq!((null.halfmove_clock(), null.fullmove_number()), (top, top));
}

#[test]
fn warnings_display_as_their_messages_joined() {
    let (_, w) = Position::from_fen("r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1").unwrap();
    assert_eq!(
        w.to_string(),
        "castling right 'K' but the king is not on its first rank (dropped); \
         castling right 'Q' but the king is not on its first rank (dropped)"
    );
    let (_, none) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(none.to_string(), "");
}
