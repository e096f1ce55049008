//! Cluster job and result lines (`perft --job`, `perft --merge`): whatever the text, the
//! checks never panic and answer with one line of at most 1,000 bytes, however long the
//! input; a job line they accept names a position that parses and a depth of 1 to 63.
//!
//! The input is tried as a job line and as a results file. Inputs that start with `{`
//! reach the JSON reader directly; others are put in a real job line first, in place of
//! one field's value (picked by the first byte), so that the fuzzer reaches the checks of
//! each field without having to find the JSON around it.
#![no_main]

mod common;

use common::one_short_line;
use libfuzzer_sys::fuzz_target;
use rayscan_cli::commands::perft::cluster::{check_job, merge_text};

/// `perft 3 --split 1` from the start position: its first line.
const JOB: &str = r#"{"run":"8f99faf2059ea19d","root":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":3,"plies":1,"jobs":20,"id":0,"fen":"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 0 1","left":2,"paths":[{"index":0,"move":"b1a3","paths":1}]}"#;

/// Its result, as `perft --job` writes it.
const RESULT: &str = r#"{"run":"8f99faf2059ea19d","root":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":3,"plies":1,"jobs":20,"id":0,"left":2,"nodes":400,"paths":[{"index":0,"move":"b1a3","paths":1}]}"#;

/// The values a fuzzed one may replace: each as it appears in the lines above, and what
/// of it stays (the key).
const FIELDS: [(&str, &str); 10] = [
    (r#""run":"8f99faf2059ea19d""#, r#""run":"#),
    (
        r#""root":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#,
        r#""root":"#,
    ),
    (r#""depth":3"#, r#""depth":"#),
    (r#""plies":1"#, r#""plies":"#),
    (r#""jobs":20"#, r#""jobs":"#),
    (r#""id":0"#, r#""id":"#),
    (r#""left":2"#, r#""left":"#),
    (r#""index":0"#, r#""index":"#),
    (r#""move":"b1a3""#, r#""move":"#),
    (r#""paths":1}"#, r#""paths":"#),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (job, result) = if text.starts_with('{') {
        (text.to_owned(), text.to_owned())
    } else {
        let Some(first) = text.chars().next() else {
            return;
        };
        let (field, key) = FIELDS[first as usize % FIELDS.len()];
        let value = format!("{key}{}", &text[first.len_utf8()..]);
        (
            JOB.replacen(field, &value, 1),
            RESULT.replacen(field, &value, 1),
        )
    };
    match check_job(&job) {
        Ok((pos, left)) => {
            assert!((1..=63).contains(&left), "left {left} accepted in {job}");
            assert!(rayscan::Position::from_fen(&pos.to_string()).is_ok());
        }
        Err(e) => one_short_line(&e),
    }
    // As a results file: the fuzzed result, then the input's own lines.
    match merge_text(&format!("{result}\n{text}"), "results.jsonl", false) {
        Ok(out) => assert!(out.contains("Nodes searched: ")),
        Err(e) => one_short_line(&e),
    }
});
