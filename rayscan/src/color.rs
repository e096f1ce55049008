//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use crate::parse_error::{ParseError, ParseKind};

/// White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'w'` or `'b'`, as in FEN.
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    /// The other side.
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl FromStr for Color {
    type Err = ParseError;
    /// Reads `w`, `b`, `white` or `black`.
    fn from_str(s: &str) -> Result<Color, ParseError> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseError::new(ParseKind::Color, s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_print_and_flip() {
        assert_eq!("w".parse(), Ok(Color::White));
        assert_eq!("black".parse(), Ok(Color::Black));
        assert!("W".parse::<Color>().is_err());
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::Black.to_string(), "black");
        assert_eq!(Color::Black.to_char(), 'b');
    }
}
