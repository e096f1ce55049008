//! Move generation against move-by-move legality, on fuzzed positions.
//!
//! The input is read as a FEN first. When it is not one, the bytes build a position (see
//! [`build`]): kings first, then (square, piece) pairs, side to move, castling rights and
//! an en-passant square, so that nearly every input becomes a position the parser
//! accepts, unreachable ones (too much material, odd checks) included.
//!
//! For every position that parses:
//! - `legal_moves()` has no duplicates, and each of its moves passes `is_legal` and
//!   `is_legal_with`; playing it leaves our king safe and keeps the Zobrist key equal to
//!   the one computed from scratch;
//! - every candidate move from one square of ours (× every square × every move kind:
//!   every `Move` the public API can build from that square) that `is_legal` or
//!   `is_legal_with` accepts is generated, and no move from elsewhere is legal;
//! - one generator with one technique it accepts counts the same moves at depth 1 as
//!   `legal_moves()`, and the same leaves at depth 2 as `Position::perft`; so does one
//!   technique through `Perft`.
//!
//! Which square, pair and technique is picked by a checksum of the input: one input
//! checks one of each, and the 10^7 runs of a campaign check them all many times over.
//! (Checking every square and every pair on every input ran 300 inputs a second.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use rayscan::chess_move::{Move, MoveKind};
use rayscan::movegen::Generator;
use rayscan::perft::Perft;
use rayscan::position::Placement;
use rayscan::position::Position;
use rayscan::sliders::Technique;
use rayscan::{Piece, Square};

/// Piece letters by byte: white then black, pawn to queen (kings are placed apart).
const PIECES: [char; 10] = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];

/// A position from raw bytes, as FEN text (the parser decides whether it is valid):
///
/// - byte 0: bit 0 side to move (black when set), bits 1–4 castling `K Q k q`, bit 5 an
///   en-passant square, bit 6 castling by file letters (Shredder/X-FEN) instead of `KQkq`;
/// - byte 1: castling files for letters (low 3 bits white, next 3 bits black), or the
///   en-passant file (low 3 bits);
/// - bytes 2 and 3: the white and the black king. With the high bit set the king stands
///   on its back rank on file `b & 7` (so castling rights have a king), else on `b & 63`;
/// - then pairs (square, piece): square `b & 63`, piece `PIECES[p % 10]` when `p % 16 <
///   10`, else a rook on the back rank of its colour at file `square & 7`, for castling.
///   Pawns are not put on the first and last ranks, and nothing replaces a king.
fn build(data: &[u8]) -> Option<String> {
    let [flags, files, wk, bk, rest @ ..] = data else {
        return None;
    };
    let mut board = [None::<char>; 64];
    let king_square = |b: u8, back_rank: usize| {
        if b & 0x80 != 0 {
            back_rank * 8 + (b & 7) as usize
        } else {
            (b & 63) as usize
        }
    };
    let (wk, bk) = (king_square(*wk, 0), king_square(*bk, 7));
    if wk == bk {
        return None;
    }
    board[wk] = Some('K');
    board[bk] = Some('k');
    let black_to_move = flags & 1 != 0;
    let ep = (flags & 0x20 != 0).then_some((files & 7) as usize);
    for pair in rest.chunks_exact(2) {
        let (s, p) = (pair[0], pair[1]);
        let (sq, piece) = if p % 16 < 10 {
            ((s & 63) as usize, PIECES[(p % 16) as usize])
        } else if p & 1 == 0 {
            ((s & 7) as usize, 'R')
        } else {
            (56 + (s & 7) as usize, 'r')
        };
        let back = sq / 8 == 0 || sq / 8 == 7;
        if (piece == 'P' || piece == 'p') && back {
            continue;
        }
        if matches!(board[sq], Some('K' | 'k')) {
            continue;
        }
        board[sq] = Some(piece);
    }
    // The en-passant square with its double-stepped pawn, the square behind and the one
    // it came from cleared (unless a king stands there: then the parser drops it).
    let mut ep_text = "-".to_string();
    if let Some(file) = ep {
        let (to_rank, pawn_rank, from_rank, pawn) = if black_to_move {
            (2, 3, 1, 'P')
        } else {
            (5, 4, 6, 'p')
        };
        let free = |sq: usize, board: &mut [Option<char>; 64]| {
            if !matches!(board[sq], Some('K' | 'k')) {
                board[sq] = None;
            }
        };
        free(to_rank * 8 + file, &mut board);
        free(from_rank * 8 + file, &mut board);
        if !matches!(board[pawn_rank * 8 + file], Some('K' | 'k')) {
            board[pawn_rank * 8 + file] = Some(pawn);
        }
        ep_text = format!("{}{}", (b'a' + file as u8) as char, to_rank + 1);
    }

    // The placement through the library's own printer (its round trip is fuzzed by `fen`).
    let mut placement = Placement::EMPTY;
    for (sq, cell) in Square::ALL.into_iter().zip(board) {
        if let Some((color, piece)) = cell.and_then(Piece::from_fen_char) {
            placement.set(sq, color, piece);
        }
    }
    let mut fen = placement.to_string();
    fen.push_str(if black_to_move { " b " } else { " w " });
    let mut castling = String::new();
    if flags & 0x40 != 0 {
        let (w, b) = (
            (b'A' + (files & 7)) as char,
            (b'a' + ((files >> 3) & 7)) as char,
        );
        if flags & 0x02 != 0 {
            castling.push(w);
        }
        if flags & 0x08 != 0 {
            castling.push(b);
        }
    }
    for (bit, c) in [(0x02, 'K'), (0x04, 'Q'), (0x08, 'k'), (0x10, 'q')] {
        if flags & bit != 0 && !(flags & 0x40 != 0 && matches!(c, 'K' | 'k')) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    fen.push_str(&castling);
    fen.push(' ');
    fen.push_str(&ep_text);
    fen.push_str(" 0 1");
    Some(fen)
}

/// The position the input names: its text as a FEN, else one built from its bytes. A
/// built position the parser refuses for its castling, en passant or side to move is
/// tried again without them / with the other side to move.
fn position(data: &[u8]) -> Option<Position> {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok((pos, _)) = Position::from_fen(text) {
            return Some(pos);
        }
    }
    let fen = build(data)?;
    if let Ok((pos, _)) = Position::from_fen(&fen) {
        return Some(pos);
    }
    let fields: Vec<&str> = fen.split(' ').collect();
    let other_side = if fields[1] == "w" { "b" } else { "w" };
    for (side, castling) in [(fields[1], "-"), (other_side, fields[2]), (other_side, "-")] {
        let fen = format!("{} {side} {castling} - 0 1", fields[0]);
        if let Ok((pos, _)) = Position::from_fen(&fen) {
            return Some(pos);
        }
    }
    None
}

/// Every (generator, technique) pair a generator accepts.
fn pairs() -> Vec<(Generator, Technique)> {
    Generator::ALL
        .into_iter()
        .flat_map(|g| Technique::ALL.iter().map(move |&t| (g, t)))
        .filter(|&(g, t)| g.accepts(t))
        .collect()
}

fn check(pos: &Position, pick: usize) {
    let fen = pos
        .fen_with(rayscan::position::CastlingNotation::Shredder)
        .to_string();
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    let info = pos.check_info();

    let mut sorted: Vec<Move> = legal.iter().collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        legal.len(),
        "duplicate moves in {fen}: {legal:?}"
    );

    for m in legal.iter() {
        assert!(pos.is_legal(m), "generated {m:?} is not is_legal in {fen}");
        assert!(
            pos.is_legal_with(m, &info),
            "generated {m:?} is not is_legal_with in {fen}"
        );
        let after = pos.play(m);
        assert_eq!(after.key(), after.compute_key(), "key after {m:?} in {fen}");
        assert!(
            (after.attackers_to(after.king(us)) & after.color(!us)).is_empty(),
            "{m:?} leaves the king in check in {fen}"
        );
    }

    // Every candidate from one square of ours (other from-squares are never legal, and
    // are refused before anything else is looked at, which `never_from_elsewhere`
    // samples).
    let ours: Vec<Square> = pos.color(us).iter().collect();
    if let Some(&from) = ours.get(pick % ours.len().max(1)) {
        for to in Square::ALL {
            for kind in MoveKind::ALL {
                let m = Move::new(from, to, kind);
                let generated = sorted.binary_search(&m).is_ok();
                assert_eq!(pos.is_legal(m), generated, "is_legal({m:?}) in {fen}");
                assert_eq!(
                    pos.is_legal_with(m, &info),
                    generated,
                    "is_legal_with({m:?}) in {fen}"
                );
            }
        }
    }
    never_from_elsewhere(pos, &fen);

    let n = legal.len() as u64;
    let pairs = pairs();
    let (g, t) = pairs[pick % pairs.len()];
    let perft = |depth| Perft::new(depth).generator(g).technique(t).count(pos);
    assert_eq!(perft(1), Ok(n), "{g} with {t} in {fen}");
    assert_eq!(perft(2), Ok(pos.perft(2)), "{g} with {t}, depth 2 in {fen}");
    let t = Technique::ALL[pick % Technique::ALL.len()];
    let counted = Perft::new(1).technique(t).count(pos);
    assert_eq!(counted, Ok(n), "Perft with {t} in {fen}");
}

/// A move from an empty square or one of theirs is never legal.
fn never_from_elsewhere(pos: &Position, fen: &str) {
    let ours = pos.color(pos.side_to_move());
    for from in Square::ALL.into_iter().filter(|&s| !ours.contains(s)) {
        for kind in MoveKind::ALL {
            let m = Move::new(from, pos.king(!pos.side_to_move()), kind);
            assert!(!pos.is_legal(m), "is_legal({m:?}) in {fen}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some(pos) = position(data) {
        let pick = data.iter().fold(0usize, |h, &b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        });
        check(&pos, pick);
    }
});
