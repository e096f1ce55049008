//! Errors for parsing the small value types (squares, pieces, techniques …), and the
//! short copy of bad text ([`Snippet`]) that every error of the library quotes. The
//! lowest layer: every parser above raises or quotes these.
//!
//! The library is `no_std` and allocation-free, so an error keeps a short copy of
//! the offending text inline ([`Snippet`]) and can still quote it in its message.

use core::fmt;

/// A short, inline copy of some bad input so that errors can quote it without allocating.
///
/// Up to 24 bytes are kept; longer text is cut at a character boundary and shown with `…`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Snippet {
    buf: [u8; Snippet::CAPACITY],
    len: u8,
    truncated: bool,
    cut_front: bool,
}

impl Snippet {
    const CAPACITY: usize = 24;

    /// Copies (a prefix of) `text`.
    pub fn new(text: &str) -> Snippet {
        let mut end = text.len().min(Self::CAPACITY);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut buf = [0; Self::CAPACITY];
        buf[..end].copy_from_slice(&text.as_bytes()[..end]);
        Snippet {
            buf,
            len: end as u8,
            truncated: end < text.len(),
            cut_front: false,
        }
    }

    /// Copies the text that ends at byte `end` of `text` (a char boundary): its last
    /// 24 bytes, shown with `…` on the side(s) cut. An error inside a long field quotes
    /// the part up to the fault, not a prefix that stops before it.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::error::Snippet;
    /// let field = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBxR";
    /// assert_eq!(Snippet::ending_at(field, field.len()).to_string(), "\"…/8/8/8/PPPPPPPP/RNBQKBxR\"");
    /// assert_eq!(Snippet::ending_at(field, 17).to_string(), "\"rnbqkbnr/pppppppp…\"");
    /// ```
    pub fn ending_at(text: &str, end: usize) -> Snippet {
        let mut end = end.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut start = end.saturating_sub(Self::CAPACITY);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        let mut snippet = Snippet::new(&text[start..end]);
        snippet.truncated = end < text.len();
        snippet.cut_front = start > 0;
        snippet
    }

    /// The kept text (without the ellipsis).
    pub fn as_str(&self) -> &str {
        // The buffer holds a prefix of a `&str` cut at a char boundary.
        core::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for Snippet {
    /// Quotes the text, e.g. `"z9"`, with `…` when it was cut. Inside the double quotes
    /// a `"`, a backslash and control characters are escaped as in Rust, but not `'`:
    /// the text is shown as it was typed.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::error::Snippet;
    /// assert_eq!(Snippet::new("'open").to_string(), r#""'open""#);
    /// assert_eq!(Snippet::new("a\"b\n").to_string(), r#""a\"b\n""#);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ellipsis = if self.truncated { "…" } else { "" };
        let front = if self.cut_front { "…" } else { "" };
        write!(f, "\"{front}")?;
        for (i, part) in self.as_str().split('\'').enumerate() {
            let quote = if i > 0 { "'" } else { "" };
            write!(f, "{quote}{}", part.escape_debug())?;
        }
        write!(f, "{ellipsis}\"")
    }
}

impl fmt::Debug for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What a [`ParseError`] was trying to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseKind {
    /// A square such as `g2`.
    Square,
    /// A file letter `a`–`h`.
    File,
    /// A rank digit `1`–`8`.
    Rank,
    /// A colour: `w`/`b` or `white`/`black`.
    Color,
    /// A piece kind: a letter (`n`, `B` …) or a name (`knight` …).
    Piece,
    /// A sliding piece: `rook`, `bishop` or `queen`.
    SliderPiece,
    /// A compass direction such as `north-east` or `ne`.
    Direction,
    /// A slider technique name as listed by `rayscan techniques`.
    Technique,
    /// A move generator name: `piecewise`, `directionwise`, `hybrid`, `staged`,
    /// `mailbox-0x88`, `mailbox-16x12` or `mailbox-15x12`.
    Generator,
    /// How perft counts its last ply: `batch` or `each`.
    LastPly,
}

impl ParseKind {
    fn describe(self) -> (&'static str, &'static str) {
        match self {
            ParseKind::Square => ("square", "a file a-h followed by a rank 1-8, like \"g2\""),
            ParseKind::File => ("file", "one letter a-h"),
            ParseKind::Rank => ("rank", "one digit 1-8"),
            ParseKind::Color => ("colour", "\"w\", \"b\", \"white\" or \"black\""),
            ParseKind::Piece => (
                "piece",
                "one of p n b r q k (or pawn, knight, bishop, rook, queen, king)",
            ),
            ParseKind::SliderPiece => ("piece", "rook, bishop or queen"),
            ParseKind::Direction => (
                "direction",
                "north, north-east, east, south-east, south, south-west, west, north-west (or n, ne, e …)",
            ),
            ParseKind::Technique => ("technique", "a name listed by `rayscan techniques`"),
            ParseKind::Generator => (
                "generator",
                "piecewise, directionwise, hybrid, staged, mailbox-0x88, mailbox-16x12 or mailbox-15x12",
            ),
            ParseKind::LastPly => ("last ply", "batch or each"),
        }
    }
}

/// The text could not be read as the value asked for. The message quotes it and says what was expected.
///
/// # Examples
///
/// ```
/// use rayscan::Square;
/// let err = "z9".parse::<Square>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid square \"z9\": expected a file a-h followed by a rank 1-8, like \"g2\""
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseKind,
    text: Snippet,
}

impl ParseError {
    /// An error for `text`, which was meant to be a `kind`.
    pub fn new(kind: ParseKind, text: &str) -> ParseError {
        ParseError {
            kind,
            text: Snippet::new(text),
        }
    }

    /// What was being parsed.
    pub fn kind(&self) -> ParseKind {
        self.kind
    }

    /// The (possibly shortened) bad text.
    pub fn text(&self) -> &str {
        self.text.as_str()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, expected) = self.kind.describe();
        write!(f, "invalid {what} {}: expected {expected}", self.text)
    }
}

impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_cuts_long_text_at_char_boundary() {
        let s = Snippet::new("ééééééééééééééééééééé"); // 42 bytes
        assert_eq!(s.as_str().len(), 24);
        assert!(s.to_string().ends_with("…\""));
        assert_eq!(Snippet::new("a\"b").to_string(), "\"a\\\"b\"");
        assert_eq!(Snippet::new("g2").to_string(), "\"g2\"");
    }

    #[test]
    fn message_names_kind_and_text() {
        let e = ParseError::new(ParseKind::Technique, "magik");
        assert!(e.to_string().starts_with("invalid technique \"magik\""));
        assert_eq!(e.text(), "magik");
        assert_eq!(e.kind(), ParseKind::Technique);
    }
}
