//! `rayscan suite` on a file's text (`rayscan_cli::commands::suite::check_text`): never
//! panics, answers bad input with one line of at most 1,000 bytes however long the text
//! (a 10 MB line once came back whole), and on good input reports every depth it
//! checked as passed or failed, in text and in JSON.
//!
//! Suites whose lines ask for more than depth 3 are left out: the checked counts are
//! the expected ones, so `D9 1` in a crowded position would run for hours, which is the
//! user's request and not a bug.
#![no_main]

mod common;

use common::one_short_line;
use libfuzzer_sys::fuzz_target;
use rayscan::perft::suite::parse;
use rayscan_cli::commands::suite::check_text;

const MAX_NODES: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(entries) = parse(text) {
        if entries.iter().any(|e| e.depths.iter().any(|&(d, _)| d > 3)) {
            return;
        }
    }
    match check_text("suite.epd", text, MAX_NODES, false) {
        Ok((out, passed)) => {
            assert!(out.contains(" passed, "), "{out}");
            if passed {
                assert!(out.contains(" 0 failed"), "{out}");
            }
            let (json, again) = check_text("suite.epd", text, MAX_NODES, true).unwrap();
            assert_eq!(passed, again);
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(v["failed"].as_u64() == Some(0), passed, "{json}");
        }
        Err(e) => one_short_line(&e),
    }
});
