//! The Python package's own text readers, which rayscan's library does not have:
//! python-chess's permissive FEN (any placement, castling as written, `~` promoted
//! marks), EPD's operations, and Chess960 positions by number. Whatever the input, none
//! panics, and what they read holds together: a FEN read, written and read again is the
//! same board; every legal move is pseudo-legal and can be played; the board's status
//! and castling texts are computed; an EPD's opcodes are words (no whitespace); a
//! Chess960 number in 0..960 gives a start position whose number it is, and no other
//! number gives one.
//!
//! The readers are the package's own files (`python/src/raw.rs`, `chess960.rs`,
//! `text.rs`), compiled here without Python.
#![no_main]

use libfuzzer_sys::fuzz_target;

// Formatted as its own crate formats it (edition 2024), not as this one would.
#[rustfmt::skip]
#[path = "../../python/src/raw.rs"]
#[allow(dead_code)]
mod raw;

// Formatted as its own crate formats it (edition 2024), not as this one would.
#[rustfmt::skip]
#[path = "../../python/src/chess960.rs"]
#[allow(dead_code)]
mod chess960;

// Formatted as its own crate formats it (edition 2024), not as this one would.
#[rustfmt::skip]
#[path = "../../python/src/text.rs"]
#[allow(dead_code)]
mod text;

fuzz_target!(|data: &[u8]| {
    if data.len() >= 2 {
        let n = u32::from(u16::from_le_bytes([data[0], data[1]]));
        match chess960::placement(n) {
            Some(board) => assert_eq!(chess960::number(&board), Some(n)),
            None => assert!(n >= 960),
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(ops) = text::operations(text) {
        // An opcode ended by `;` is not checked further, as in python-chess; but none is
        // empty, `-`, or holds the whitespace that separates operations.
        for (opcode, _) in &ops {
            assert!(
                !opcode.is_empty() && opcode != "-",
                "{opcode:?} from {text:?}"
            );
            assert!(
                !opcode.contains([' ', '\t', '\r', '\n']),
                "{opcode:?} from {text:?}"
            );
        }
    }
    let (parts, _) = text::split_epd(text);
    assert!(parts.len() <= 4);
    let Ok(board) = raw::parse_fen(text) else {
        return;
    };
    let again = raw::parse_fen(&board.exact_fen(true)).expect("a written FEN reads back");
    assert_eq!(again, board, "{text:?}");
    for chess960 in [false, true] {
        let _ = board.status(chess960, false);
        let clean = board.clean_castling(chess960, false);
        let _ = board.castling_xfen(clean);
        let pseudo = board.pseudo_legal(chess960, false, u64::MAX, u64::MAX);
        for m in board.legal(chess960, false, u64::MAX, u64::MAX) {
            assert!(
                pseudo.contains(&m),
                "{m:?} legal, not pseudo-legal, in {text:?}"
            );
            let mut after = board;
            after.play(m, chess960, false);
            let _ = after.status(chess960, true);
        }
    }
    let _ = board.mirror();
});
