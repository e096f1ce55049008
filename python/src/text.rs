//! EPD's operations as python-chess reads them, in plain Rust (no Python): the
//! `epd` module gives the operands their Python values. Kept apart so that the fuzz
//! targets can reach it.

/// An operand as written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Operand {
    /// No operand: `None`, or an empty list for `pv`, `am` and `bm`.
    Nothing,
    /// A quoted string, its escapes read.
    Text(String),
    /// A number as written (`+`, `-`, `.` or a digit first).
    Number(String),
    /// Anything else: moves in SAN, whitespace-separated.
    San(String),
}

/// python-chess's rule for an opcode: not empty, not `-`, a letter first, no
/// whitespace; the reason otherwise.
pub(crate) fn check_opcode(opcode: &str) -> Result<(), String> {
    if opcode.is_empty() {
        return Err("empty string is not a valid epd opcode".to_owned());
    }
    if opcode == "-" {
        return Err("dash (-) is not a valid epd opcode".to_owned());
    }
    if !opcode.chars().next().is_some_and(char::is_alphabetic) {
        return Err(format!(
            "expected epd opcode to start with a letter, got: {opcode}",
            opcode = Repr(&opcode)
        ));
    }
    if let Some(c) = opcode
        .chars()
        .find(|c| matches!(c, ' ' | '\n' | '\t' | '\r'))
    {
        return Err(format!(
            "invalid character {c} in epd opcode: {opcode}",
            c = Repr(&c),
            opcode = Repr(&opcode)
        ));
    }
    Ok(())
}

/// Where the reader of operations stands.
enum Reading {
    Opcode,
    AfterOpcode,
    Number,
    Text,
    Escape,
    San,
}

/// The operations of an EPD's fifth part (`bm Nf3; id "x";`), in order, as python-chess
/// reads them: `-` opcodes skipped, a later operation of the same opcode replacing an
/// earlier one's value (the caller's dictionary does that), an unterminated string
/// ending the text. The error names a bad opcode.
pub(crate) fn operations(text: &str) -> Result<Vec<(String, Operand)>, String> {
    let mut out = Vec::new();
    let mut state = Reading::Opcode;
    let (mut opcode, mut operand) = (String::new(), String::new());
    let chars = text.chars().map(Some).chain([None]);
    for ch in chars {
        match state {
            Reading::Opcode => match ch {
                Some(' ' | '\t' | '\r' | '\n') => {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        check_opcode(&opcode)?;
                        state = Reading::AfterOpcode;
                    }
                }
                None | Some(';') => {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        out.push((std::mem::take(&mut opcode), Operand::Nothing));
                    }
                }
                Some(c) => opcode.push(c),
            },
            Reading::AfterOpcode => match ch {
                Some(' ' | '\t' | '\r' | '\n') => {}
                Some('"') => state = Reading::Text,
                None | Some(';') => {
                    out.push((std::mem::take(&mut opcode), Operand::Nothing));
                    state = Reading::Opcode;
                }
                Some(c) => {
                    operand = c.to_string();
                    state = if "+-.0123456789".contains(c) {
                        Reading::Number
                    } else {
                        Reading::San
                    };
                }
            },
            Reading::Number | Reading::San => match ch {
                None | Some(';') => {
                    let value = std::mem::take(&mut operand);
                    let value = if matches!(state, Reading::Number) {
                        Operand::Number(value)
                    } else {
                        Operand::San(value)
                    };
                    out.push((std::mem::take(&mut opcode), value));
                    state = Reading::Opcode;
                }
                Some(c) => operand.push(c),
            },
            Reading::Text => match ch {
                None | Some('"') => {
                    out.push((
                        std::mem::take(&mut opcode),
                        Operand::Text(std::mem::take(&mut operand)),
                    ));
                    state = Reading::Opcode;
                }
                Some('\\') => state = Reading::Escape,
                Some(c) => operand.push(c),
            },
            Reading::Escape => match ch {
                None => {
                    out.push((
                        std::mem::take(&mut opcode),
                        Operand::Text(std::mem::take(&mut operand)),
                    ));
                    state = Reading::Opcode;
                }
                Some(c) => {
                    operand.push(match c {
                        'r' => '\r',
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                    state = Reading::Text;
                }
            },
        }
    }
    Ok(out)
}

/// An EPD split as python-chess splits it: trimmed, trailing `;` dropped, the first
/// four whitespace-separated fields, and the rest (the operations) if any.
pub(crate) fn split_epd(epd: &str) -> (Vec<&str>, Option<&str>) {
    let trimmed = epd.trim().trim_end_matches(';');
    let mut parts = Vec::new();
    let mut rest = trimmed;
    while parts.len() < 4 {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        parts.push(&rest[..end]);
        rest = &rest[end..];
    }
    let ops = rest.trim_start();
    (parts, (!ops.is_empty()).then_some(ops))
}

/// Text quoted in a message as Python's `repr` quotes a `str`, the way python-chess
/// quotes it (`{fen!r}`): in single quotes, or double quotes where the text holds a single
/// quote and no double one, with Python's escapes. Rust's `{:?}` would quote in double
/// quotes with Rust's escapes.
pub struct Repr<T>(pub T);

impl<T: std::fmt::Display> std::fmt::Display for Repr<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::fmt::Write;
        let text = self.0.to_string();
        let quote = if text.contains('\'') && !text.contains('"') {
            '"'
        } else {
            '\''
        };
        f.write_char(quote)?;
        for c in text.chars() {
            match c {
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                c if c == quote => write!(f, "\\{c}")?,
                c if !printable(c) => match c as u32 {
                    n @ 0..=0xff => write!(f, "\\x{n:02x}")?,
                    n @ 0x100..=0xffff => write!(f, "\\u{n:04x}")?,
                    n => write!(f, "\\U{n:08x}")?,
                },
                c => f.write_char(c)?,
            }
        }
        f.write_char(quote)
    }
}

/// Whether Python's `str.isprintable` holds for `c`, for the characters text can
/// plausibly hold: the controls, the separators other than the space, and the format
/// characters of the Latin and general punctuation blocks are escaped.
fn printable(c: char) -> bool {
    !matches!(
        c as u32,
        0..=0x1f
            | 0x7f..=0xa0
            | 0xad
            | 0x600..=0x605
            | 0x1680
            | 0x180e
            | 0x2000..=0x200f
            | 0x2028..=0x202f
            | 0x205f..=0x2064
            | 0x2066..=0x206f
            | 0x3000
            | 0xd800..=0xf8ff
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0xe0000..
    )
}
