//! SAN against positions: every legal move of positions reached by random playouts
//! (from the start position and the suites in `tests/data/`) printed, read back and
//! compared with an independent implementation (shakmaty, a dev-dependency only); the
//! SAN moves of `tests/data/see/see.epd` (copied from `../shared/see/`); errors; check and
//! mate suffixes.

use std::collections::{HashMap, HashSet};

use rayscan::chess_move::{Move, MoveKind};
use rayscan::perft::suite::parse;
use rayscan::position::Position;
use rayscan::san::SanError;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Position as _};

use crate::common::{Rng, data, theirs};

fn suite_fens(name: &str) -> Vec<String> {
    parse(&data(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .into_iter()
        .map(|e| e.fen)
        .collect()
}

fn fen(f: &str) -> Position {
    Position::from_fen(f)
        .unwrap_or_else(|e| panic!("{f}: {e}"))
        .0
}

/// Plays SAN moves from `pos`, checking that each prints as written.
fn play(mut pos: Position, moves: &[&str]) -> Position {
    for &text in moves {
        let m = pos
            .parse_san(text)
            .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        assert_eq!(pos.san(m).to_string(), text, "in {pos}");
        pos = pos.play(m);
    }
    pos
}

fn san_of(pos: &Position, uci: &str) -> String {
    pos.san(pos.parse_uci(uci).unwrap()).to_string()
}

/// What the round trip saw, to show it covered the special cases.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    castling: usize,
    en_passant: usize,
    promotions: usize,
    disambiguated: usize,
    checks: usize,
    mates: usize,
}

/// Every legal move of `pos`: SAN printed, unique, read back to the same move, and equal
/// to shakmaty's SAN.
fn round_trip(pos: &Position, seen: &mut Seen) {
    let fen = pos
        .fen_with(rayscan::position::CastlingNotation::Shredder)
        .to_string();
    let other = theirs(&fen);
    let expected: HashMap<String, String> = other
        .legal_moves()
        .into_iter()
        .map(|t| {
            (
                t.to_uci(CastlingMode::Chess960).to_string(),
                SanPlus::from_move(other.clone(), t).to_string(),
            )
        })
        .collect();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), expected.len(), "move count of {fen}");
    let mut texts = HashSet::new();
    for m in moves.iter() {
        let text = pos.san(m).to_string();
        assert_eq!(pos.parse_san(&text), Ok(m), "{text} ({m:?}) in {fen}");
        let uci = m.uci(true).to_string();
        assert_eq!(
            expected.get(&uci),
            Some(&text),
            "shakmaty's SAN of {uci} in {fen}"
        );
        assert!(texts.insert(text.clone()), "{text} twice in {fen}");
        // Extra suffixes and a missing `=` change nothing.
        if m.promotion().is_some() {
            let bare = text.trim_end_matches(['+', '#']).replace('=', "");
            assert_eq!(
                pos.parse_san(&format!("{bare}!?")),
                Ok(m),
                "{bare} in {fen}"
            );
        }
        seen.moves += 1;
        match m.kind() {
            MoveKind::Castling => seen.castling += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::Promotion(_) => seen.promotions += 1,
            MoveKind::Normal => {}
        }
        let piece_and_square = 1 + usize::from(text.contains('x')) + 2;
        if text.starts_with(['N', 'B', 'R', 'Q'])
            && text.trim_end_matches(['+', '#']).len() > piece_and_square
        {
            seen.disambiguated += 1;
        }
        seen.checks += usize::from(text.ends_with('+'));
        seen.mates += usize::from(text.ends_with('#'));
    }
    seen.positions += 1;
}

fn playout(start: &Position, plies: usize, rng: &mut Rng, seen: &mut Seen) {
    let mut pos = *start;
    for _ in 0..plies {
        round_trip(&pos, seen);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(
            moves
                .get(rng.below(moves.len()))
                .expect("an index below the length"),
        );
    }
}

#[test]
fn round_trip_from_the_start_position() {
    let mut rng = Rng(0x5a17_0000_0000_0001);
    let mut seen = Seen::default();
    for _ in 0..60 {
        playout(&Position::startpos(), 250, &mut rng, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.positions > 5_000, "{seen:?}");
    assert!(seen.castling > 0 && seen.en_passant > 0, "{seen:?}");
    assert!(seen.promotions > 0 && seen.disambiguated > 0, "{seen:?}");
    assert!(seen.checks > 0 && seen.mates > 0, "{seen:?}");
}

#[test]
fn round_trip_from_the_suites() {
    let mut rng = Rng(0x5a17_0000_0000_0002);
    let mut seen = Seen::default();
    for name in ["fischer960.epd", "random-std.epd"] {
        for f in suite_fens(name) {
            playout(&fen(&f), 12, &mut rng, &mut seen);
        }
    }
    println!("{seen:?}");
    assert!(seen.positions > 10_000, "{seen:?}");
    assert!(seen.castling > 0 && seen.en_passant > 0, "{seen:?}");
    assert!(seen.promotions > 0 && seen.disambiguated > 0, "{seen:?}");
    assert!(seen.checks > 0, "{seen:?}");
}

/// The one line of `see.epd` whose move is not valid SAN: knights on c3 and e3 can both
/// take on d1, so `Nxd1` is ambiguous (shakmaty agrees). Its neighbour, line 73, writes
/// `Ncxd1` for the same capture.
const SEE_AMBIGUOUS_LINE: usize = 72;

#[test]
fn see_suite_moves_are_read() {
    let text = data("see/see.epd");
    let mut count = 0;
    let mut seen = Seen::default();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        assert!(fields.len() >= 3, "line {n}: {line:?}");
        let (fen, san) = (fields[0], fields[1]);
        let (pos, _) = Position::from_fen(fen).unwrap_or_else(|e| panic!("line {n}: {e}"));
        round_trip(&pos, &mut seen);
        count += 1;
        if n == SEE_AMBIGUOUS_LINE {
            assert_eq!(san, "Nxd1");
            assert!(
                matches!(pos.parse_san(san), Err(SanError::Ambiguous(_))),
                "line {n}"
            );
            let their = shakmaty::san::San::from_ascii(san.as_bytes())
                .unwrap()
                .to_move(&theirs(fen));
            assert_eq!(their, Err(shakmaty::san::SanError::AmbiguousSan));
            assert_eq!(pos.parse_san("Ncxd1").unwrap().to_string(), "c3d1");
            assert_eq!(pos.parse_san("Nexd1").unwrap().to_string(), "e3d1");
            continue;
        }
        let m = pos
            .parse_san(san)
            .unwrap_or_else(|e| panic!("line {n}: {e}"));
        // The suite writes canonical SAN, but not always the check mark (`Bxe4` checks).
        let bare = |s: &str| s.trim_end_matches(['+', '#']).to_string();
        assert_eq!(bare(&pos.san(m).to_string()), bare(san), "line {n}");
    }
    assert_eq!(count, 74);
    assert!(seen.promotions > 0 && seen.en_passant > 0 && seen.castling > 0);
}

#[test]
fn ambiguous_moves() {
    // 1. d4 d5 2. Nf3 Nf6: the knights on b1 and f3 can both go to d2.
    let p = play(Position::startpos(), &["d4", "d5", "Nf3", "Nf6"]);
    assert_eq!(
        p.parse_san("Nd2"),
        Err(SanError::Ambiguous(rayscan::error::Snippet::new("Nd2")))
    );
    assert_eq!(
        p.parse_san("Nd2").unwrap_err().to_string(),
        "ambiguous san move \"Nd2\": more than one knight can move there; add the file or rank it comes from"
    );
    assert_eq!(p.parse_san("Nbd2").unwrap().to_string(), "b1d2");
    assert_eq!(p.parse_san("Nfd2").unwrap().to_string(), "f3d2");
    assert_eq!(p.parse_san("N1d2").unwrap().to_string(), "b1d2");
    assert_eq!(p.parse_san("Nb1d2").unwrap().to_string(), "b1d2");
    assert_eq!(san_of(&p, "b1d2"), "Nbd2");
    assert_eq!(san_of(&p, "f3d2"), "Nfd2");

    // Rooks on a1 and f1 (after castling king side) both reach b1 … e1.
    let p = play(
        Position::startpos(),
        &[
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "Nc3", "O-O", "d3", "d6", "Bg5",
            "Bg4", "Qd2", "Qd7",
        ],
    );
    assert!(matches!(p.parse_san("Re1"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Rd1"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("R1e1"), Err(SanError::Ambiguous(_))));
    assert_eq!(p.parse_san("Rfe1").unwrap().to_string(), "f1e1");
    assert_eq!(p.parse_san("Rae1").unwrap().to_string(), "a1e1");
    assert_eq!(san_of(&p, "a1b1"), "Rab1");
    assert_eq!(san_of(&p, "f1e1"), "Rfe1");

    // Rooks on one file: the rank tells them apart.
    let p = fen("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(matches!(p.parse_san("Ra4"), Err(SanError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Raa4"), Err(SanError::Ambiguous(_))));
    assert_eq!(
        p.parse_san("Raa4").unwrap_err().to_string(),
        "ambiguous san move \"Raa4\": more than one rook can move there; add the rank it comes from too"
    );
    assert_eq!(p.parse_san("R7a4").unwrap().to_string(), "a7a4");
    assert_eq!(san_of(&p, "a1a4"), "R1a4");
}

#[test]
fn illegal_moves() {
    let p = Position::startpos();
    let illegal = |text: &str| {
        let e = p.parse_san(text).unwrap_err();
        assert!(matches!(e, SanError::Illegal(_)), "{text}: {e:?}");
        e.to_string()
    };
    assert_eq!(
        illegal("Ke3"),
        "illegal move \"Ke3\": not a legal move in this position"
    );
    for text in ["e5", "Nd4", "O-O", "O-O-O", "Bb5", "exd3", "a8=Q", "Qd2"] {
        illegal(text);
    }
    // An `x` must take something.
    illegal("Nxf3");
    illegal("Nxc3");
    let p = play(p, &["e4", "d5"]);
    assert_eq!(p.parse_san("exd5").unwrap().to_string(), "e4d5");
    assert_eq!(p.parse_san("ed5").unwrap().to_string(), "e4d5");
    assert!(matches!(p.parse_san("Bxb5"), Err(SanError::Illegal(_))));
    assert_eq!(p.parse_san("Bb5+").unwrap().to_string(), "f1b5");
}

#[test]
fn syntax_errors() {
    let p = Position::startpos();
    let long = "Nf3".repeat(20);
    let non_ascii = ["Nf3é", "Ｎf3", "e４", "♘f3"];
    let bad = [
        "", "e9", "Qxx4", "i3", "nf3", "N", "Nf", "f", "3", "x", "e4 ", " e4", "e4\n", "E4",
        "Kf1g", "e2-e4", "e2e4", "g1f3", "Nf3+++!", "O-O-", "OO", "o-o", "e8=K", "Nf3=Q", "--",
        "Nf3!!!!", &long,
    ];
    for text in non_ascii.iter().chain(bad.iter()) {
        let e = p.parse_san(text).unwrap_err();
        assert_eq!(
            e,
            SanError::Syntax(rayscan::error::Snippet::new(text)),
            "{text:?}"
        );
        let message = e.to_string();
        assert!(message.starts_with("invalid san move \""), "{message}");
        assert!(
            message.contains("expected a move like \"e4\", \"Nf3\""),
            "{message}"
        );
    }
    assert!(
        p.parse_san(&long)
            .unwrap_err()
            .to_string()
            .starts_with("invalid san move \"Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3…\"")
    );
    // Annotations are fine in any order, up to three marks.
    for text in [
        "Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?", "Nf3!?", "Nf3?!", "Nf3+!?", "Nf3!!",
    ] {
        assert_eq!(p.parse_san(text).unwrap().to_string(), "g1f3", "{text}");
    }
}

#[test]
fn checks_and_mates() {
    // Fool's mate.
    let p = play(Position::startpos(), &["f3", "e5", "g4"]);
    assert_eq!(san_of(&p, "d8h4"), "Qh4#");
    let after = p.play(p.parse_san("Qh4#").unwrap());
    assert!(after.is_check() && after.legal_moves().is_empty());
    // The suffix is printed, whatever was written when reading.
    assert_eq!(p.parse_san("Qh4"), p.parse_san("Qh4#"));
    assert_eq!(p.parse_san("Qh4+"), p.parse_san("Qh4#"));

    // A check that is not mate.
    let p = play(Position::startpos(), &["e4", "d6", "Bb5+", "c6"]);
    assert_eq!(san_of(&p, "b5c6"), "Bxc6+");
    assert_eq!(san_of(&p, "d1h5"), "Qh5");

    // Scholar's mate, with a capture.
    play(
        Position::startpos(),
        &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"],
    );

    // Promotion with mate, and under-promotion with check.
    let p = fen("6k1/4Pppp/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "e7e8q"), "e8=Q#");
    assert_eq!(san_of(&p, "e7e8r"), "e8=R#");
    assert_eq!(san_of(&p, "e7e8b"), "e8=B");
    assert_eq!(p.parse_san("e8Q#").unwrap().to_string(), "e7e8q");

    // Stalemate gets no suffix.
    let p = fen("k7/8/8/1Q6/8/8/8/K7 w - - 0 1");
    let after = p.play(p.parse_san("Qb6").unwrap());
    assert!(!after.is_check() && after.legal_moves().is_empty());
    assert_eq!(san_of(&p, "b5b6"), "Qb6");

    // Castling with check (the rook on f1 checks the king on f8).
    let p = fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O+");
    assert_eq!(p.parse_san("0-0+").unwrap().to_string(), "e1g1");

    // Discovered check by en passant.
    let p = fen("8/8/8/1k1pP2Q/8/8/8/4K3 w - d6 0 1");
    let m = p.parse_san("exd6").unwrap();
    assert_eq!(m.kind(), MoveKind::EnPassant);
    assert_eq!(p.san(m).to_string(), "exd6+");
}

#[test]
fn printing_a_move_does_not_need_it_to_be_read_first() {
    // `san` works on moves from the generator directly.
    let p = Position::startpos();
    let texts: HashSet<String> = p
        .legal_moves()
        .iter()
        .map(|m: Move| p.san(m).to_string())
        .collect();
    let expected: HashSet<String> = [
        "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3",
        "h4", "Na3", "Nc3", "Nf3", "Nh3",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(texts, expected);
}
