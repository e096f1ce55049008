//! Perft suites in the EPD form `FEN ;D1 20 ;D2 400 …` (one position a line; needs `std`).

use std::fmt;
use std::string::{String, ToString};
use std::vec::Vec;

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The 1-based line number in its file.
    pub line: usize,
    /// The FEN as written.
    pub fen: String,
    /// (depth, expected leaf count), in the order given.
    pub depths: Vec<(u32, u64)>,
}

impl SuiteEntry {
    /// The depths whose expected count is at most `max_nodes`.
    pub fn depths_within(&self, max_nodes: u64) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.depths
            .iter()
            .copied()
            .filter(move |&(_, n)| n <= max_nodes)
    }
}

/// A suite line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// The 1-based line number.
    pub line: usize,
    /// The bad part of the line.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for SuiteError {
    /// The line number, the start of the bad text quoted (as FEN errors quote it: a line
    /// of megabytes is not echoed) and what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::suite::parse_line;
    /// let e = parse_line(3, "8/8/8/8/8/8/8/K6k w - - ;D1 x").unwrap_err();
    /// assert_eq!(e.to_string(), "line 3: \"x\": expected a node count");
    /// let long = "8/".repeat(1000) + "8 w - -";
    /// let e = parse_line(1, &long).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "line 1: \"8/8/8/8/8/8/8/8/8/8/8/8/…\": no \";D<depth> <count>\" after the FEN"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = crate::parse_error::Snippet::new(&self.text);
        write!(f, "line {}: {text}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

/// Reads one line; `Ok(None)` for blank lines and `#` comments.
///
/// # Errors
///
/// [`SuiteError`] naming the line: a bad FEN, a depth outside 1 to
/// [`MAX_DEPTH`](crate::perft::MAX_DEPTH), or a `;` part that is not `D<depth> <count>`.
///
/// # Examples
///
/// ```
/// use rayscan::suite::parse_line;
/// let e = parse_line(1, "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9").unwrap().unwrap();
/// assert_eq!(e.fen, "8/8/8/8/8/8/8/K6k w - -");
/// assert_eq!(e.depths, [(1, 3), (2, 9)]);
/// assert!(parse_line(2, "8/8 w - - ;D1 x").is_err());
/// ```
pub fn parse_line(line: usize, text: &str) -> Result<Option<SuiteEntry>, SuiteError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let err = |bad: &str, reason| SuiteError {
        line,
        text: bad.to_string(),
        reason,
    };
    let mut parts = trimmed.split(';');
    let fen = parts.next().unwrap_or("").trim();
    if fen.is_empty() {
        return Err(err(trimmed, "no FEN before the first ';'"));
    }
    let mut depths = Vec::new();
    for part in parts {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let mut words = part.split_whitespace();
        let (Some(d), Some(n), None) = (words.next(), words.next(), words.next()) else {
            return Err(err(part, "expected \"D<depth> <count>\""));
        };
        let depth = d
            .strip_prefix('D')
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|x| (1..=crate::perft::MAX_DEPTH).contains(x))
            .ok_or_else(|| err(d, "expected a depth like \"D3\", from D1 to D64"))?;
        let count = n
            .parse::<u64>()
            .map_err(|_| err(n, "expected a node count"))?;
        depths.push((depth, count));
    }
    if depths.is_empty() {
        return Err(err(trimmed, "no \";D<depth> <count>\" after the FEN"));
    }
    Ok(Some(SuiteEntry {
        line,
        fen: fen.to_string(),
        depths,
    }))
}

/// Reads a whole suite file's text.
///
/// # Errors
///
/// The first line's [`SuiteError`] ([`parse_line`]), or one for a text with no position.
pub fn parse(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(e) = parse_line(i + 1, line)? {
            entries.push(e);
        }
    }
    Ok(entries)
}
