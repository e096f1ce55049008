//! Piece kinds, and the three sliding ones.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::direction::{Direction, Line};
use crate::parse_error::{ParseError, ParseKind};

/// A kind of piece, without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Piece {
    /// All kinds, pawn to king.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// 0 for pawn … 5 for king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase FEN letter (`p n b r q k`).
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Piece::Pawn => 'p',
            Piece::Knight => 'n',
            Piece::Bishop => 'b',
            Piece::Rook => 'r',
            Piece::Queen => 'q',
            Piece::King => 'k',
        }
    }

    /// The FEN letter of a piece of `color`: uppercase for White.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Color, Piece};
    /// assert_eq!(Piece::Knight.fen_char(Color::White), 'N');
    /// assert_eq!(Piece::Knight.fen_char(Color::Black), 'n');
    /// ```
    #[inline]
    pub const fn fen_char(self, color: Color) -> char {
        let c = self.to_char();
        match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The colour and kind of a FEN letter: uppercase is White.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Color, Piece};
    /// assert_eq!(Piece::from_fen_char('q'), Some((Color::Black, Piece::Queen)));
    /// assert_eq!(Piece::from_fen_char('x'), None);
    /// ```
    #[inline]
    pub const fn from_fen_char(c: char) -> Option<(Color, Piece)> {
        match Piece::from_char(c) {
            Some(piece) if c.is_ascii_uppercase() => Some((Color::White, piece)),
            Some(piece) => Some((Color::Black, piece)),
            None => None,
        }
    }

    /// The kind for a FEN letter of either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        match c.to_ascii_lowercase() {
            'p' => Some(Piece::Pawn),
            'n' => Some(Piece::Knight),
            'b' => Some(Piece::Bishop),
            'r' => Some(Piece::Rook),
            'q' => Some(Piece::Queen),
            'k' => Some(Piece::King),
            _ => None,
        }
    }

    /// The English name, lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Pawn => "pawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
            Piece::Queen => "queen",
            Piece::King => "king",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Piece {
    type Err = ParseError;
    /// Reads a FEN letter of either case or an English name.
    fn from_str(s: &str) -> Result<Piece, ParseError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(p) = Piece::from_char(c)
        {
            return Ok(p);
        }
        Piece::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| ParseError::new(ParseKind::Piece, s))
    }
}

/// The sliding pieces, whose attacks depend on the occupancy.
///
/// # Examples
///
/// ```
/// use rayscan::SliderPiece;
/// assert_eq!("queen".parse(), Ok(SliderPiece::Queen));
/// assert!("knight".parse::<SliderPiece>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum SliderPiece {
    Bishop,
    Rook,
    Queen,
}

impl SliderPiece {
    /// Rook, bishop, queen: the order in which tables and benchmarks list them.
    pub const ALL: [SliderPiece; 3] = [SliderPiece::Rook, SliderPiece::Bishop, SliderPiece::Queen];

    /// The corresponding [`Piece`].
    #[inline]
    pub const fn piece(self) -> Piece {
        match self {
            SliderPiece::Bishop => Piece::Bishop,
            SliderPiece::Rook => Piece::Rook,
            SliderPiece::Queen => Piece::Queen,
        }
    }

    /// The English name, lowercase.
    pub const fn name(self) -> &'static str {
        self.piece().name()
    }

    /// The ray directions the piece slides along.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::{Direction, SliderPiece};
    /// assert_eq!(SliderPiece::Rook.directions(), &Direction::ROOK);
    /// assert_eq!(SliderPiece::Queen.directions().len(), 8);
    /// ```
    pub const fn directions(self) -> &'static [Direction] {
        match self {
            SliderPiece::Rook => &Direction::ROOK,
            SliderPiece::Bishop => &Direction::BISHOP,
            SliderPiece::Queen => &Direction::ALL,
        }
    }

    /// The lines the piece slides along (each the union of two opposite rays).
    pub const fn lines(self) -> &'static [Line] {
        match self {
            SliderPiece::Rook => &[Line::File, Line::Rank],
            SliderPiece::Bishop => &[Line::Diagonal, Line::AntiDiagonal],
            SliderPiece::Queen => &Line::ALL,
        }
    }
}

impl fmt::Display for SliderPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SliderPiece {
    type Err = ParseError;
    /// Reads `rook`, `bishop`, `queen` or their letters `r`, `b`, `q`.
    fn from_str(s: &str) -> Result<SliderPiece, ParseError> {
        match s {
            "rook" | "r" | "R" => Ok(SliderPiece::Rook),
            "bishop" | "b" | "B" => Ok(SliderPiece::Bishop),
            "queen" | "q" | "Q" => Ok(SliderPiece::Queen),
            _ => Err(ParseError::new(ParseKind::SliderPiece, s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names_round_trip() {
        for p in Piece::ALL {
            assert_eq!(Piece::from_char(p.to_char()), Some(p));
            assert_eq!(Piece::from_char(p.to_char().to_ascii_uppercase()), Some(p));
            assert_eq!(p.name().parse(), Ok(p));
        }
        assert!("x".parse::<Piece>().is_err());
        assert!("".parse::<Piece>().is_err());
        assert!("nn".parse::<Piece>().is_err());
        for s in SliderPiece::ALL {
            assert_eq!(s.name().parse(), Ok(s));
        }
    }
}
