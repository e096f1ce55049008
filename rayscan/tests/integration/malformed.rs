//! Malformed input gets an error naming the field, never a panic, and valid input
//! however it is spaced round-trips. The corpus is `tests/data/malformed/`; the CLI's
//! side of the same corpus (exit code 2, one line) is `cli/tests/malformed.rs`.

use crate::corpus;

use std::panic::catch_unwind;

use rayscan::perft::suite;
use rayscan::position::Position;

#[test]
fn every_malformed_fen_names_its_field() {
    let cases = corpus::records("fens.txt");
    assert!(cases.len() >= 25, "{} cases", cases.len());
    for case in cases {
        let [want, fen] = &case[..] else {
            panic!("bad corpus line {case:?}")
        };
        let result = catch_unwind(|| Position::from_fen(fen).map(|_| ()));
        let err = match result {
            Ok(Ok(())) => panic!("{fen:?} was accepted"),
            Ok(Err(e)) => e.to_string(),
            Err(_) => panic!("{fen:?} panicked"),
        };
        assert!(
            err.contains(want.as_str()),
            "{fen:?}: {err:?} lacks {want:?}"
        );
        assert!(err.starts_with(char::is_lowercase), "{err:?}");
        assert!(err.len() < 300, "{err:?} is too long");
    }
}

#[test]
fn odd_spacing_is_still_valid() {
    for case in corpus::records("valid.txt") {
        let [want, fen] = &case[..] else {
            panic!("bad corpus line {case:?}")
        };
        let (pos, _) = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"));
        assert_eq!(&pos.to_string(), want, "{fen:?}");
    }
}

#[test]
fn a_ten_megabyte_line_is_refused_briefly() {
    let line = corpus::ten_megabyte_fen();
    assert!(line.len() > 10_000_000);
    let err = Position::from_fen(&line).unwrap_err().to_string();
    assert!(err.contains("5000001 ranks, expected 8"), "{err}");
    assert!(err.len() < 200, "the error quotes only the start: {err}");
    // A suite line that long is read (its syntax is fine); its FEN then fails as above.
    let entries = suite::parse(&(line + " ;D1 1")).map_err(|e| e.to_string());
    assert!(
        matches!(&entries, Ok(v) if v.len() == 1 && Position::from_fen(&v[0].fen).is_err()),
        "the suite line was not read as one entry"
    );
}

#[test]
fn a_ten_megabyte_suite_line_is_quoted_by_its_start() {
    let line = corpus::ten_megabyte_fen();
    let huge_count = "9".repeat(10_000_000);
    for (text, reason) in [
        (line.clone(), "after the FEN"),
        (format!("{line} ;D1 {huge_count}"), "expected a node count"),
        (
            format!("8/8/8/8/8/8/8/K6k w - - ;{line}"),
            "expected \"D<depth>",
        ),
    ] {
        let err = suite::parse(&text).unwrap_err().to_string();
        assert!(
            err.starts_with("line 1: \""),
            "{}",
            &err[..err.len().min(200)]
        );
        assert!(err.contains(reason), "{}", &err[..err.len().min(200)]);
        assert!(err.len() < 200, "the error is {} bytes", err.len());
    }
}
