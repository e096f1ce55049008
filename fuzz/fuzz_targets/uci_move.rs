//! Move text: `Position::parse_uci` and `Position::parse_san` never panic. The first
//! byte picks one of a few fixed positions (start position, Kiwipete, a Chess960 position
//! whose king castles onto and past its rooks, and promotion / en-passant positions for
//! both sides); the rest is the move text. A move either parser accepts must be one of
//! `legal_moves()`, and printing it (UCI in the position's dialect, and SAN) and reading
//! that back gives the same move. `san_readings` must agree with `parse_san`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rayscan::chess_move::Move;
use rayscan::position::Position;
use rayscan::san::SanError;

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Chess960: king c1 castles queen side onto c1 (rook a1 → d1), king side to g1.
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    // Chess960 from the Fischer-random suite (Shredder-FEN).
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // White: promotions with and without capture, and exd6 en passant.
    "n1n5/PPP1k3/8/3pP3/8/8/4Kppp/5N1N w - d6 0 2",
    // Black: promotions with and without capture.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

fn check(pos: &Position, m: Move, how: &str, text: &str) {
    let fen = pos.to_string();
    assert!(
        pos.legal_moves().contains(&m),
        "{how}({text:?}) = {m:?}, not a legal move of {fen}"
    );
    let uci = m.uci(pos.is_chess960()).to_string();
    assert_eq!(pos.parse_uci(&uci), Ok(m), "uci {uci:?} of {m:?} in {fen}");
    let san = pos.san(m).to_string();
    assert_eq!(pos.parse_san(&san), Ok(m), "san {san:?} of {m:?} in {fen}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (pos, _) = Position::from_fen(POSITIONS[which as usize % POSITIONS.len()])
        .expect("the fixed positions parse");

    if let Ok(m) = pos.parse_uci(text) {
        check(&pos, m, "parse_uci", text);
    }
    let san = pos.parse_san(text);
    if let Ok(m) = san {
        check(&pos, m, "parse_san", text);
    }
    // The readings are what parse_san chooses from.
    match pos.san_readings(text) {
        Ok(readings) => {
            assert!(readings.iter().all(|&m| pos.legal_moves().contains(&m)));
            match (readings.len(), san) {
                (1, Ok(m)) => assert_eq!(readings.as_slice(), [m], "{text:?}"),
                (0, Err(SanError::Illegal(_))) => {}
                (n, Err(SanError::Ambiguous(_))) if n > 1 => {}
                (n, other) => panic!("{text:?}: {n} readings but parse_san gave {other:?}"),
            }
        }
        Err(e) => assert!(
            matches!(san, Err(SanError::Syntax(_))),
            "{text:?}: san_readings failed with {e:?} but parse_san gave {san:?}"
        ),
    }
});
