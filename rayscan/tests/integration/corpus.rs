//! The malformed-input corpus under `rayscan/tests/data/malformed/`, read by the
//! library's tests and the CLI's (`cli/tests/integration/main.rs` includes this file by path).

#![allow(dead_code)] // each test uses part of it

use std::path::{Path, PathBuf};

/// The corpus folder.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../rayscan/tests/data/malformed")
        .canonicalize()
        .expect("the corpus folder")
}

/// Undoes the corpus escapes: `\t`, `\r`, `\n`, `\\` and `\u{XXXX}`.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest.strip_prefix('{').expect("\\u{…}");
                let code = u32::from_str_radix(hex, 16).expect("hex in \\u{…}");
                out.push(char::from_u32(code).expect("a character"));
            }
            other => panic!("unknown escape \\{other:?} in {text:?}"),
        }
    }
    out
}

/// The records of a corpus file: its non-comment lines split at ` | `, unescaped.
pub fn records(name: &str) -> Vec<Vec<String>> {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).expect("a corpus file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").map(unescape).collect())
        .collect()
}

/// A line of 10 MB: a placement of five million ranks, then the other fields.
pub fn ten_megabyte_fen() -> String {
    "8/".repeat(5_000_000) + "8 w - - 0 1"
}
