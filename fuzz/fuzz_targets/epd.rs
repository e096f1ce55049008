//! Perft-suite parsing: `rayscan::perft::suite::parse` never panics, whatever the text (huge
//! numbers, odd whitespace, `;` in odd places). On success every entry is consistent:
//! `parse_line` of its own line gives the same entry, its FEN is non-empty, every depth is
//! at least 1, and its FEN goes through `Position::from_fen` without panicking (suites may
//! hold FENs the position parser refuses; only the suite syntax is checked here).
//!
//! The brief also asked that every entry's FEN parse. The suite parser does not promise
//! that ("8/8 w - - ;D1 1" is a well-formed suite line), so that check is left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rayscan::perft::suite::{parse, parse_line};
use rayscan::position::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(entries) = parse(text) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    for entry in &entries {
        assert!(!entry.fen.is_empty(), "empty FEN in {entry:?}");
        assert!(!entry.depths.is_empty(), "no depths in {entry:?}");
        assert!(entry.depths.iter().all(|&(d, _)| d >= 1), "{entry:?}");
        let line = lines[entry.line - 1];
        assert_eq!(parse_line(entry.line, line), Ok(Some(entry.clone())));
        // Must not panic; an error is fine.
        let _ = Position::from_fen(&entry.fen);
        let _ = entry.depths_within(1000).count();
    }
});
