//! Reading the files commands are given, and writing what they print: the output and
//! its exit status, JSON, sets of squares, speeds.

use serde::Serialize;

use rayscan::Bitboard;

/// What a command prints on stdout, and whether everything it checked passed. The
/// binary exits with 0, or 1 when a check failed; an error (`Err`) exits with 2.
pub struct Output {
    pub text: String,
    pub passed: bool,
}

impl Output {
    /// The output of a command that checks something (`suite`, `see --suite`, `bench`).
    pub fn checked(text: String, passed: bool) -> Output {
        Output { text, passed }
    }
}

impl From<String> for Output {
    fn from(text: String) -> Output {
        Output { text, passed: true }
    }
}

/// `value` as one line of compact JSON, with a final newline: every `--json` output is
/// this, one value per line (JSON Lines when a command prints several).
pub fn json_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("plain data serializes") + "\n"
}

/// A set as `0x` and 16 hex digits.
pub fn hex(b: Bitboard) -> String {
    format!("0x{:016x}", b.0)
}

/// The names of a set's squares, a1 first, as JSON lists them.
pub use rayscan_explain::squares;

/// A count with thousands separators, for progress lines: `1,454,806,511`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Nodes per second, or 0 when no time could be measured.
pub fn nps(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_454_806_511), "1,454,806,511");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
