//! rayscan against an independent move generator (shakmaty, a dev-dependency only):
//! random playouts from standard and Chess960 positions, comparing the legal move sets at
//! every ply. Along the way: the incremental Zobrist key against one computed from
//! scratch, `gives_check` against the other generator, FEN printing read back by the other
//! parser, and `is_legal(m) == legal_moves().contains(&m)` for every from × to × kind
//! (and `is_legal_fast`, five times as often).
//!
//! Every generator takes part: piece-wise, hybrid, direction-wise (decoded both by
//! target+direction and ray by ray "in one run"), the staged picker, fed random hash
//! and killer moves (legal, illegal and garbage), and the three mailbox boards. Each must give exactly the legal move
//! set, every move once.

use std::collections::BTreeSet;

use rayscan::chess_move::{Move, MoveKind, MoveList};
use rayscan::mailbox::{Board15x12, Board16x12, Layout, Mailbox, X88};
use rayscan::movegen::dir_move::DirMove;
use rayscan::movegen::{MovePicker, count, generate_hybrid, generate_targets};
use rayscan::position::Position;
use rayscan::sliders::{Classical, Dumb7Fill, KoggeStone, Magic};
use rayscan::{Piece, Square};
use shakmaty::{CastlingMode, Position as _};

use crate::common::{Rng, theirs};

fn start_positions() -> Vec<String> {
    let mut fens =
        vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(); 400];
    fens.extend(crate::common::suite_fens());
    fens
}

/// A move to offer the picker as a hash or killer move: legal here, legal somewhere
/// else, or 16 random bits.
fn offer(rng: &mut Rng, legal: &[Move], elsewhere: &[Move]) -> Option<Move> {
    match rng.below(5) {
        0 => None,
        1 if !legal.is_empty() => Some(legal[rng.below(legal.len())]),
        2 if !elsewhere.is_empty() => Some(elsewhere[rng.below(elsewhere.len())]),
        _ => {
            let kinds = [
                MoveKind::Normal,
                MoveKind::EnPassant,
                MoveKind::Castling,
                MoveKind::Promotion(Piece::Queen),
                MoveKind::Promotion(Piece::Knight),
            ];
            Some(Move::new(
                Square::ALL[rng.below(64)],
                Square::ALL[rng.below(64)],
                kinds[rng.below(kinds.len())],
            ))
        }
    }
}

fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant || pos.color(!pos.side_to_move()).contains(m.to())
}

/// Checks the picker's order: the hash move first if legal, then the captures by
/// SEE and MVV/LVA, then the legal quiet killers, then the rest; returns its moves.
fn picked(pos: &Position, hash: Option<Move>, killers: [Option<Move>; 2]) -> Vec<Move> {
    let moves: Vec<Move> = MovePicker::<KoggeStone>::new(pos, hash, killers).collect();
    let legal = pos.legal_moves();
    let fen = pos.to_string();
    let mut i = 0;
    if let Some(h) = hash.filter(|&h| legal.contains(&h)) {
        assert_eq!(moves.first(), Some(&h), "hash move first in {fen}");
        i = 1;
    }
    let value = |sq: Square| pos.piece_at(sq).map_or(0, |(_, p)| p as i32);
    let mvv_lva = |m: Move| {
        let victim = if m.kind() == MoveKind::EnPassant {
            0
        } else {
            value(m.to())
        };
        (pos.see(m), victim, -value(m.from()))
    };
    let captures = legal
        .iter()
        .filter(|&m| is_capture(pos, m) && Some(m) != hash)
        .count();
    let stage = &moves[i.min(moves.len())..(i + captures).min(moves.len())];
    assert!(
        stage.iter().all(|&m| is_capture(pos, m)),
        "captures next in {fen}: {moves:?}"
    );
    assert!(
        stage.windows(2).all(|w| mvv_lva(w[0]) >= mvv_lva(w[1])),
        "captures by SEE, then MVV/LVA in {fen}: {stage:?}"
    );
    i += captures;
    let mut seen = Vec::new();
    for k in killers.into_iter().flatten() {
        if legal.contains(&k) && !is_capture(pos, k) && Some(k) != hash && !seen.contains(&k) {
            assert_eq!(
                moves.get(i),
                Some(&k),
                "killer {k:?} after the captures in {fen}"
            );
            seen.push(k);
            i += 1;
        }
    }
    assert!(
        moves[i.min(moves.len())..]
            .iter()
            .all(|&m| !is_capture(pos, m))
    );
    moves
}

/// The legal moves generated on a mailbox board, which must also agree on check.
fn mailbox<L: Layout>(pos: &Position) -> Vec<Move> {
    let board = Mailbox::<L>::new(pos);
    assert_eq!(
        board.is_check(),
        pos.is_check(),
        "{} check in {pos}",
        L::NAME
    );
    board.legal_moves().as_slice().to_vec()
}

/// Every generator's moves for `pos`, sorted (so duplicates show), by name.
fn every_generator(
    pos: &Position,
    rng: &mut Rng,
    elsewhere: &[Move],
) -> Vec<(&'static str, Vec<Move>)> {
    let legal = pos.legal_moves();
    let sorted = |mut v: Vec<Move>| {
        v.sort();
        v
    };
    let mut hybrid = MoveList::new();
    generate_hybrid::<Magic>(pos, &mut hybrid);
    assert_eq!(
        count::<Magic>(pos) as usize,
        legal.len(),
        "piece-wise count of {pos}"
    );
    let targets = generate_targets::<KoggeStone>(pos);
    assert_eq!(targets.count() as usize, legal.len(), "count of {pos}");
    assert_eq!(
        generate_targets::<Dumb7Fill>(pos),
        targets,
        "dumb7fill in {pos}"
    );
    assert_eq!(
        generate_targets::<Classical>(pos),
        targets,
        "classical in {pos}"
    );
    let mut one_run = Vec::new();
    targets.for_each_move(pos, |m| one_run.push(m));
    let by_direction: Vec<Move> = targets
        .dir_moves()
        .map(|d| {
            d.to_move(pos)
                .unwrap_or_else(|| panic!("{d:?} decodes in {pos}"))
        })
        .collect();
    let legal_list = rayscan::MoveList::from(&legal);
    let legal_slice = legal_list.as_slice();
    let hash = offer(rng, legal_slice, elsewhere);
    let killers = [
        offer(rng, legal_slice, elsewhere),
        offer(rng, legal_slice, elsewhere),
    ];
    vec![
        ("piecewise", sorted(legal_slice.to_vec())),
        ("hybrid", sorted(hybrid.as_slice().to_vec())),
        ("directionwise one run", sorted(one_run)),
        ("directionwise by target+direction", sorted(by_direction)),
        ("staged", sorted(picked(pos, hash, killers))),
        ("staged without hints", sorted(picked(pos, None, [None; 2]))),
        ("mailbox-0x88", sorted(mailbox::<X88>(pos))),
        ("mailbox-16x12", sorted(mailbox::<Board16x12>(pos))),
        ("mailbox-15x12", sorted(mailbox::<Board15x12>(pos))),
    ]
}

/// A quarter of the playouts of [`every_random_playout_agrees_with_shakmaty`] (every
/// fourth start position): the whole run takes a minute or two, the long suites' share.
#[test]
fn random_playouts_agree_with_shakmaty() {
    let starts = start_positions();
    let (plies, legality_checked) = playouts(starts.iter().step_by(4));
    assert!(plies > 12_000, "{plies} plies compared");
    assert!(
        legality_checked > 250,
        "{legality_checked} positions had every candidate checked"
    );
}

#[test]
#[ignore = "long: about 1,900 playouts of up to 80 plies; run with -- --ignored"]
fn every_random_playout_agrees_with_shakmaty() {
    let starts = start_positions();
    assert!(starts.len() > 1900, "{} playouts", starts.len());
    let (plies, legality_checked) = playouts(starts.iter());
    assert!(plies > 50_000, "{plies} plies compared");
    assert!(
        legality_checked > 1_000,
        "{legality_checked} positions had every candidate checked"
    );
}

/// Random games (Chess960 rules, up to 80 plies) from each of `starts`, every ply
/// compared with shakmaty and across rayscan's generators: the legal moves, the move
/// codes, keys, check, legality tests, SAN and UCI text. Returns the plies compared and
/// the positions where every candidate move's legality was checked.
fn playouts<'a>(starts: impl Iterator<Item = &'a String>) -> (u32, u32) {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let candidates = crate::common::every_candidate();
    let (mut plies, mut legality_checked) = (0, 0);
    for start in starts {
        let (mut pos, _) = Position::from_fen(start).unwrap();
        pos.set_chess960(true);
        let mut elsewhere: Vec<Move> = Vec::new();
        for ply in 0..80 {
            let fen = pos
                .fen_with(rayscan::position::CastlingNotation::Shredder)
                .to_string();
            let other = theirs(&fen);
            let ours: BTreeSet<String> = pos
                .legal_moves()
                .iter()
                .map(|m| m.uci(true).to_string())
                .collect();
            let expected: BTreeSet<String> = other
                .legal_moves()
                .iter()
                .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
                .collect();
            assert_eq!(ours, expected, "legal moves of {fen} (from {start})");
            let mut expected_sorted: Vec<String> = expected.iter().cloned().collect();
            expected_sorted.sort();
            for (name, moves) in every_generator(&pos, &mut rng, &elsewhere) {
                let mut texts: Vec<String> =
                    moves.iter().map(|m| m.uci(true).to_string()).collect();
                texts.sort();
                assert_eq!(
                    texts, expected_sorted,
                    "{name}: moves of {fen} (from {start})"
                );
            }
            for m in pos.legal_moves().iter() {
                let encoded = DirMove::from_move(m).unwrap_or_else(|| panic!("{m:?} encodes"));
                assert_eq!(encoded.to_move(&pos), Some(m), "{m:?} round trip in {fen}");
            }
            assert_eq!(pos.key(), pos.compute_key(), "zobrist key of {fen}");
            assert_eq!(pos.is_check(), other.is_check(), "check in {fen}");
            plies += 1;

            let moves = pos.legal_moves();
            if plies % 40 == 0 {
                let info = pos.check_info();
                for &m in &candidates {
                    assert_eq!(
                        pos.is_legal(m),
                        moves.contains(&m),
                        "is_legal({m:?}) in {fen}"
                    );
                    assert_eq!(
                        pos.is_legal_with(m, &info),
                        moves.contains(&m),
                        "is_legal_with({m:?}) in {fen}"
                    );
                }
                legality_checked += 1;
            }
            if plies % 8 == 0 {
                for &m in &candidates {
                    assert_eq!(
                        pos.is_legal_fast(m),
                        moves.contains(&m),
                        "is_legal_fast({m:?}) in {fen}"
                    );
                }
            }
            if moves.is_empty() {
                break;
            }
            elsewhere = moves.iter().collect::<Vec<_>>();
            let m = moves
                .get(rng.below(moves.len()))
                .expect("an index below the length");
            let uci = m.uci(true).to_string();
            let their_move = other
                .legal_moves()
                .into_iter()
                .find(|t| t.to_uci(CastlingMode::Chess960).to_string() == uci)
                .unwrap();
            let after = other.play(their_move).unwrap();
            assert_eq!(
                pos.gives_check(m),
                after.is_check(),
                "{uci} gives check in {fen}"
            );
            // UCI text round trip through the parser.
            assert_eq!(pos.parse_uci(&uci), Ok(m), "{uci} in {fen}");
            pos = pos.play(m);
            let _ = ply;
        }
    }
    (plies, legality_checked)
}

#[test]
fn crowded_unreachable_positions_agree_and_never_overflow() {
    use rayscan::chess_move::MAX_MOVES;
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut most = 0;
    for _ in 0..3000 {
        // Black king h8 shielded by g8, g7, h7; white king a1; 8 to 17 white queens, or
        // 5 to 50 white queens, rooks, bishops and knights on random free squares (the long diagonal stays
        // closed by g7, the h-file by h7, the eighth rank by g8; no knight on f7 or g6).
        let mut board = [None::<char>; 64];
        board[63] = Some('k');
        board[62] = Some('n');
        board[54] = Some('p');
        board[55] = Some('p');
        board[0] = Some('K');
        // Sparse queens reach the most moves; crowded boards block themselves.
        let pieces = if rng.below(2) == 0 {
            8 + rng.below(10)
        } else {
            5 + rng.below(45)
        };
        for _ in 0..pieces {
            let sq = rng.below(64);
            let piece = if pieces < 18 {
                'Q'
            } else {
                ['Q', 'Q', 'Q', 'Q', 'R', 'B', 'N'][rng.below(7)]
            };
            // A knight on f7 or g6 would give check.
            if board[sq].is_none() && !(piece == 'N' && (sq == 53 || sq == 46)) {
                board[sq] = Some(piece);
            }
        }
        let mut fen = crate::common::placement(&board);
        fen.push_str(" w - - 0 1");
        let (pos, _) = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let moves = pos.legal_moves();
        assert!(moves.len() <= MAX_MOVES);
        assert_eq!(moves.len(), theirs(&fen).legal_moves().len(), "{fen}");
        let elsewhere = moves.iter().collect::<Vec<_>>();
        let mut expected = elsewhere.clone();
        expected.sort();
        for (name, got) in every_generator(&pos, &mut rng, &elsewhere) {
            assert_eq!(got, expected, "{name} in {fen}");
        }
        most = most.max(moves.len());
    }
    assert!(most > 200, "the most mobile position had only {most} moves");
    // The published record for a reachable position: 218 legal moves.
    let record = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let (pos, _) = Position::from_fen(record).unwrap();
    assert_eq!(pos.legal_moves().len(), 218);
    assert_eq!(theirs(record).legal_moves().len(), 218);
}
