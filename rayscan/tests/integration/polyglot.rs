//! `Position::polyglot_key` against an independent implementation: shakmaty's 64-bit
//! Zobrist hash (a dev-dependency only), which uses the Polyglot table and layout.
//!
//! shakmaty takes the en-passant file into its hash by an [`EnPassantMode`]:
//! `PseudoLegal` (a pawn of the side to move attacks the square) is the Polyglot rule and
//! what every comparison here uses. `Legal` also drops the file when the capture would
//! leave the king in check (a pinned capturer, or a check the capture does not answer);
//! Polyglot does not look that far, so where the two modes differ the key must equal the
//! `PseudoLegal` hash and not the `Legal` one, which the tests check too. Castling rights
//! are read with `CastlingMode::Chess960`, where shakmaty, like rayscan, files a right as
//! king side when its rook stands on the king's h-side.

use rayscan::position::Position;
use shakmaty::zobrist::{Zobrist64, ZobristHash as _, ZobristValue as _};
use shakmaty::{CastlingMode, Chess, EnPassantMode, File, Position as _};

use crate::common::{Rng, theirs};

fn pseudo_legal(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

fn legal(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// How often each en-passant case came up, so that the tests can insist on coverage.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    /// An en-passant square no pawn can take on: the key must ignore it.
    ep_ignored: usize,
    /// An en-passant square a pawn attacks: the key counts its file.
    ep_counted: usize,
    /// Attacked, but the capture is illegal: Polyglot's rule and shakmaty's `Legal` differ.
    ep_pseudo_only: usize,
}

/// Compares the keys of `ours` and `theirs` (the same position) and, where there is an
/// en-passant square, the key of the same position without it.
fn check(ours: &Position, theirs: &Chess, seen: &mut Seen, context: &str) {
    let fen = ours
        .fen_with(rayscan::position::CastlingNotation::Shredder)
        .to_string();
    let key = ours.polyglot_key();
    let expected = pseudo_legal(theirs);
    assert_eq!(
        key, expected,
        "{fen} ({context}): {key:#018x} but shakmaty says {expected:#018x}"
    );
    seen.positions += 1;

    let Some(ep) = ours.ep_square() else {
        return;
    };
    // The same position with the square struck from the FEN.
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[3] = "-";
    let (without, _) = Position::from_fen(&fields.join(" ")).unwrap();
    let capturable = theirs.pseudo_legal_ep_square().is_some();
    let file = File::new(ep.file().index() as u32);
    let difference = key ^ without.polyglot_key();
    if capturable {
        assert_eq!(
            difference,
            Zobrist64::zobrist_for_en_passant_file(file).0,
            "{fen} ({context}): the en-passant file must count"
        );
        seen.ep_counted += 1;
        if theirs.legal_ep_square().is_none() {
            assert_ne!(key, legal(theirs), "{fen}: Polyglot is pseudo-legal");
            seen.ep_pseudo_only += 1;
        }
    } else {
        assert_eq!(
            difference, 0,
            "{fen} ({context}): no pawn can take, the en-passant file must not count"
        );
        seen.ep_ignored += 1;
    }
}

fn suite(names: &[&str]) -> Vec<String> {
    names
        .iter()
        .flat_map(|name| rayscan::perft::suite::parse(&crate::common::data(name)).unwrap())
        .map(|entry| entry.fen)
        .collect()
}

const STANDARD: [&str; 2] = ["standard.epd", "random-std.epd"];
const CHESS960: [&str; 3] = ["fischer960.epd", "xfen960.epd", "random960.epd"];

#[test]
fn suite_positions_agree_with_shakmaty() {
    let mut seen = Seen::default();
    for fen in suite(&STANDARD).iter().chain(&suite(&CHESS960)) {
        let (ours, _) = Position::from_fen(fen).unwrap();
        check(&ours, &theirs(fen), &mut seen, "suite");
    }
    assert!(seen.positions > 1500, "{seen:?}");
}

/// Random games from the start position and from every suite position, played move for
/// move on both boards (so neither side's FEN output is trusted), comparing at every ply.
fn playouts(starts: &[String], plies: usize, seed: u64) -> Seen {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for start in starts {
        let (mut ours, _) = Position::from_fen(start).unwrap();
        ours.set_chess960(true);
        let mut other = theirs(start);
        for ply in 0..plies {
            check(&ours, &other, &mut seen, &format!("ply {ply} from {start}"));
            let moves = ours.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves
                .get(rng.below(moves.len()))
                .expect("an index below the length");
            let uci = m.uci(true).to_string();
            let theirs_m = other
                .legal_moves()
                .into_iter()
                .find(|t| t.to_uci(CastlingMode::Chess960).to_string() == uci)
                .unwrap_or_else(|| {
                    panic!(
                        "shakmaty lacks {uci} in {}",
                        ours.fen_with(rayscan::position::CastlingNotation::Shredder)
                    )
                });
            ours = ours.play(m);
            other.play_unchecked(theirs_m);
        }
    }
    seen
}

#[test]
fn random_standard_playouts_agree_with_shakmaty() {
    let mut starts =
        vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(); 300];
    starts.extend(suite(&STANDARD));
    let seen = playouts(&starts, 100, 0x9d39_247e_3377_6d41);
    assert!(seen.positions > 40_000, "{seen:?}");
    assert!(seen.ep_ignored > 100, "{seen:?}");
    assert!(seen.ep_counted > 10, "{seen:?}");
}

#[test]
fn random_chess960_playouts_agree_with_shakmaty() {
    let seen = playouts(&suite(&CHESS960), 60, 0xf8d6_26aa_af27_8509);
    assert!(seen.positions > 40_000, "{seen:?}");
    assert!(seen.ep_ignored > 100, "{seen:?}");
    assert!(seen.ep_counted > 10, "{seen:?}");
}

/// Positions picked for their en-passant squares and castling rights, each with what
/// the key must do there.
#[test]
fn chosen_positions_agree_with_shakmaty() {
    let mut seen = Seen::default();
    let positions = [
        // After 1. e4: no black pawn beside e4, e3 ignored.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        // 1. e4 d5 2. e5 f5: e5 beside f5, f6 counts.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // Black takes on c3 with the b4 pawn: counts.
        "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
        // Two capturers, c5 and e5: counts once.
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
        // Beside d5 only a black pawn; a white one two files away, another on the wrong
        // rank: ignored.
        "4k3/8/8/2pp1P2/2P5/8/8/4K3 w - d6 0 2",
        // Beside e4 only a pawn of the side that just moved: ignored.
        "4k3/8/8/8/3PP3/8/8/4K3 b - e3 0 1",
        // Pinned along the rank: b5xc6 would expose a5 to the rook on h5. Counts.
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        // Pinned on the diagonal: e4xd3 would expose a8 to the bishop on h1. Counts.
        "k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1",
        // d2-d4 uncovered a check from c1 that e4xd3 does not answer. Counts.
        "8/8/8/6k1/3Pp3/8/8/2B1K3 b - d3 0 1",
        // Castling: Shredder letters, an inner rook, Chess960 back ranks.
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
        "1r2k1r1/8/8/8/8/8/8/R3KR1R w Fb - 0 1",
        "1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    ];
    for fen in positions {
        let (ours, _) = Position::from_fen(fen).unwrap();
        check(&ours, &theirs(fen), &mut seen, "chosen");
    }
    assert_eq!(seen.ep_ignored, 3, "{seen:?}");
    assert_eq!(seen.ep_counted, 6, "{seen:?}");
    assert_eq!(seen.ep_pseudo_only, 3, "{seen:?}");
}
