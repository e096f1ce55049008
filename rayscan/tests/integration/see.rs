//! Static exchange evaluation: the whole SEE suite (`tests/data/see/see.epd`, copied from
//! `../shared/see/`) on the bitboards and on every mailbox board, and bitboard against
//! mailbox SEE on every capture of thousands of random positions.

use rayscan::chess_move::Move;
use rayscan::mailbox::{Board15x12, Board16x12, Layout, Mailbox, X88};
use rayscan::position::Position;
use rayscan::sliders::{Classical, KoggeStone, Vector};

use crate::common::Rng;

fn suite() -> Vec<(String, String, i32)> {
    let text = crate::common::data("see/see.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let value = fields[2].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            (fields[0].to_string(), fields[1].to_string(), value)
        })
        .collect()
}

fn mailbox_see<L: Layout>(pos: &Position, m: Move) -> i32 {
    Mailbox::<L>::new(pos).see(m)
}

#[test]
fn the_see_suite_passes_on_bitboards_and_mailboxes() {
    let cases = suite();
    assert!(cases.len() > 70, "{} lines", cases.len());
    for (fen, san, expected) in cases {
        let pos = Position::from_fen(&fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .0;
        // One line's SAN is ambiguous (two knights can take); every reading must agree.
        let readings = pos
            .san_readings(&san)
            .unwrap_or_else(|e| panic!("{fen} {san}: {e}"));
        assert!(!readings.is_empty(), "{fen} {san}: illegal");
        for &m in readings.iter() {
            let what = format!("{fen}; {san} ({m})");
            assert_eq!(pos.see(m), expected, "bitboards: {what}");
            assert_eq!(pos.see_with::<Classical>(m), expected, "classical: {what}");
            assert_eq!(mailbox_see::<X88>(&pos, m), expected, "0x88: {what}");
            assert_eq!(
                mailbox_see::<Board16x12>(&pos, m),
                expected,
                "16x12: {what}"
            );
            assert_eq!(
                mailbox_see::<Board15x12>(&pos, m),
                expected,
                "15x12: {what}"
            );
            for t in [expected - 1, expected, expected + 1] {
                assert_eq!(pos.see_ge(m, t), expected >= t, "see_ge {t}: {what}");
            }
        }
    }
}

#[test]
fn bitboard_and_mailbox_see_agree_on_every_capture_of_random_positions() {
    let mut rng = Rng(0x5ee5_5ee5_1234_5678);
    let (mut positions, mut captures) = (0, 0);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    for game in 0..600 {
        let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap().0;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            positions += 1;
            let their = pos.color(!pos.side_to_move());
            for m in moves.iter() {
                let capture = their.contains(m.to()) || m.promotion().is_some();
                if !capture && rng.below(8) != 0 {
                    continue; // every capture; one quiet move in eight
                }
                captures += usize::from(capture);
                let see = pos.see(m);
                let fen = pos.to_string();
                assert_eq!(pos.see_with::<KoggeStone>(m), see, "{fen} {m}");
                assert_eq!(pos.see_with::<Vector>(m), see, "{fen} {m}");
                assert_eq!(mailbox_see::<X88>(&pos, m), see, "0x88 {fen} {m}");
                assert_eq!(mailbox_see::<Board16x12>(&pos, m), see, "16x12 {fen} {m}");
                assert_eq!(mailbox_see::<Board15x12>(&pos, m), see, "15x12 {fen} {m}");
                let t = see + rng.below(3) as i32 - 1;
                assert_eq!(pos.see_ge(m, t), see >= t);
            }
            pos = pos.play(
                moves
                    .get(rng.below(moves.len()))
                    .expect("an index below the length"),
            );
        }
    }
    assert!(
        positions > 20_000 && captures > 20_000,
        "{positions} positions, {captures} captures"
    );
}
