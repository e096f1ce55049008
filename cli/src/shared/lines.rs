//! Reading lines with a bound. `BufRead::read_line` keeps reading until it finds a
//! newline, so a stream without one (`rayscan uci < /dev/zero`, `rayscan suite
//! /dev/zero`) grows the line until memory runs out. Every line rayscan reads goes
//! through [`read_line`] instead: at most [`MAX_LINE`] bytes of a line are kept. A file
//! with a longer line is refused there; a stream that goes on (the UCI loop, an engine's
//! output) drops the rest of the line with [`skip_line`]. Memory stays bounded however
//! long the line.

use std::io::{BufRead, Read};

/// The longest line kept, in bytes: 256 KiB. The longest line rayscan has to read is a
/// UCI `position … moves …` of a whole game, and the longest game the 75-move rule
/// allows (under 9,000 moves of at most 6 bytes each) is well under it; a suite, SEE
/// suite or result line is a few hundred bytes.
pub const MAX_LINE: usize = 256 * 1024;

/// One line as [`read_line`] read it.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, in the buffer, without its `\n` (a `\r` before it stays).
    Whole,
    /// A line longer than the bound: the buffer holds its first `max` bytes, and the
    /// rest is still to be read: [`skip_line`] drops it.
    TooLong,
    /// The end of the input: nothing was read.
    End,
}

/// Reads the next line of `reader` into `buf` (cleared first), keeping at most `max`
/// bytes of it. The last line may lack its `\n`. A longer line stops the reading at the
/// bound ([`Line::TooLong`]), so an input that never ends is not read to its end here.
///
/// ```
/// use rayscan_cli::shared::lines::{Line, read_line, skip_line};
///
/// let mut input: &[u8] = b"short\nmuch too long\nlast";
/// let mut buf = Vec::new();
/// assert_eq!(read_line(&mut input, &mut buf, 8).unwrap(), Line::Whole);
/// assert_eq!(buf, b"short");
/// assert_eq!(read_line(&mut input, &mut buf, 8).unwrap(), Line::TooLong);
/// assert_eq!(buf, b"much too");
/// skip_line(&mut input).unwrap();
/// assert_eq!(read_line(&mut input, &mut buf, 8).unwrap(), Line::Whole);
/// assert_eq!(buf, b"last");
/// assert_eq!(read_line(&mut input, &mut buf, 8).unwrap(), Line::End);
/// ```
pub fn read_line(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    buf.clear();
    // One byte past the bound tells a line of exactly `max` bytes from a longer one.
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    if reader.by_ref().take(limit).read_until(b'\n', buf)? == 0 {
        return Ok(Line::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        return Ok(Line::Whole);
    }
    if buf.len() > max {
        // The byte past the bound belongs to the rest of the line, which is dropped.
        buf.truncate(max);
        return Ok(Line::TooLong);
    }
    // The last line, without its `\n`.
    Ok(Line::Whole)
}

/// Reads and drops the rest of a line, up to and including its `\n`: after
/// [`Line::TooLong`], where the reader goes on with the next line (the UCI loop). Holds
/// nothing, however long the line.
pub fn skip_line(reader: &mut impl BufRead) -> std::io::Result<()> {
    reader.skip_until(b'\n').map(|_| ())
}

/// The whole text of `file`, read line by line with the bound: a line longer than
/// [`MAX_LINE`] is an error naming the line, read no further, and so is a line that is
/// not UTF-8. Line ends are kept as `\n` (CRLF's `\r` too: the parsers trim it).
pub fn read_text(file: &str) -> Result<String, String> {
    let opened = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
    read_text_from(std::io::BufReader::new(opened), file)
}

/// [`read_text`] of any reader, `file` naming it in messages.
pub fn read_text_from(mut reader: impl BufRead, file: &str) -> Result<String, String> {
    let mut text = String::new();
    let mut buf = Vec::new();
    for number in 1.. {
        let at = |what: String| format!("{file}: line {number}: {what}");
        match read_line(&mut reader, &mut buf, MAX_LINE).map_err(|e| format!("{file}: {e}"))? {
            Line::End => break,
            Line::TooLong => {
                return Err(at(format!(
                    "longer than {} KiB: not a line of text this reads",
                    MAX_LINE / 1024
                )));
            }
            Line::Whole => {
                let line = std::str::from_utf8(&buf).map_err(|e| {
                    at(format!(
                        "not UTF-8 text (byte 0x{:02x})",
                        buf[e.valid_up_to()]
                    ))
                })?;
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that yields `len` bytes of `byte` in chunks, then ends: a line that is
    /// never held whole.
    struct Endless {
        byte: u8,
        left: usize,
        chunk: [u8; 4096],
    }

    impl std::io::Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = out.len().min(self.left).min(self.chunk.len());
            out[..n].fill(self.byte);
            self.left -= n;
            Ok(n)
        }
    }

    fn endless(byte: u8, len: usize) -> std::io::BufReader<Endless> {
        std::io::BufReader::new(Endless {
            byte,
            left: len,
            chunk: [0; 4096],
        })
    }

    #[test]
    fn a_line_without_end_is_kept_to_the_bound() {
        let mut buf = Vec::new();
        let mut zeros = endless(0, 50 << 20);
        assert_eq!(
            read_line(&mut zeros, &mut buf, MAX_LINE).unwrap(),
            Line::TooLong
        );
        assert_eq!(buf.len(), MAX_LINE);
        assert!(buf.capacity() <= 2 * MAX_LINE, "{}", buf.capacity());
        skip_line(&mut zeros).unwrap();
        assert_eq!(
            read_line(&mut zeros, &mut buf, MAX_LINE).unwrap(),
            Line::End
        );
    }

    #[test]
    fn lines_at_and_past_the_bound() {
        let text = format!("{}\n{}\r\n\nend", "a".repeat(10), "b".repeat(11));
        let mut input = text.as_bytes();
        let mut buf = Vec::new();
        let mut read = |want: Line, text: &str| {
            let got = read_line(&mut input, &mut buf, 10).unwrap();
            assert_eq!(String::from_utf8_lossy(&buf), text);
            if got == Line::TooLong {
                skip_line(&mut input).unwrap();
            }
            assert_eq!(got, want);
        };
        read(Line::Whole, "aaaaaaaaaa");
        read(Line::TooLong, "bbbbbbbbbb");
        read(Line::Whole, "");
        read(Line::Whole, "end");
        read(Line::End, "");
    }

    #[test]
    fn files_name_the_long_or_broken_line() {
        let e = read_text_from(endless(b'x', 10 << 20), "big.epd").unwrap_err();
        assert_eq!(
            e,
            "big.epd: line 1: longer than 256 KiB: not a line of text this reads"
        );
        let e = read_text_from(&b"ok\nok\n\xff\n"[..], "bad.epd").unwrap_err();
        assert_eq!(e, "bad.epd: line 3: not UTF-8 text (byte 0xff)");
        let text = read_text_from(&b"a\r\nb"[..], "x").unwrap();
        assert_eq!(text, "a\r\nb\n");
    }
}
